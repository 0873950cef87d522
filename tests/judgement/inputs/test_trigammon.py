"""Trigammon's hand-made inputs: exact values on hand-made positions, the shot table
every player knows, agreement with the engine's legal plays, the compiled twin equal to
numpy to the bit, and the features following the players round the table."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from tests.conftest import FastSwitch
from trigammon_widget.engine import TRIGAMMON, Position
from trigammon_widget.engine.corpus import random_positions
from trigammon_widget.engine.fastplay import Boards, TurnView, boards_of, key_layout
from trigammon_widget.judgement.inputs.encoding import in_slots
from trigammon_widget.judgement.inputs.trigammon import (
    FEATURES,
    PAIR_FEATURES,
    PAIRS,
    PLAYER_FEATURES,
    trigammon_features,
)
from trigammon_widget.judgement.nets.feature_network import features_of

SHOTS = {1: 11, 2: 12, 3: 14, 4: 15, 5: 15, 6: 17, 7: 6, 8: 6, 9: 5, 10: 3, 11: 2, 12: 3}
"""Rolls (of 36) that hit a blot so many pips away with nothing in between."""
Slots = npt.NDArray[np.uint8]


def side(bar: int = 0, **points: int) -> list[int]:
    """A player's board: ``p7=2`` puts two checkers on path position 7; the rest off."""
    board = [0] * 38
    board[0] = bar
    for name, count in points.items():
        board[int(name[1:])] = count
    board[37] = 15 - sum(board)
    return board


def on_path(viewer: int, owner: int, point: int) -> int:
    """``owner``'s path position of ``viewer``'s path position ``point``."""
    absolute = TRIGAMMON.absolute(viewer, point)
    return TRIGAMMON.path(owner, absolute)


PER = len(PLAYER_FEATURES)


def of_player(found: npt.NDArray[np.float32], s: int) -> npt.NDArray[np.float32]:
    """Slot ``s``'s features (``PLAYER_FEATURES``) of rows of features."""
    return found[..., s * PER : (s + 1) * PER]


def of_pair(found: npt.NDArray[np.float32], pair: tuple[int, int]) -> npt.NDArray[np.float32]:
    """A (hitter, victim) pair's features (``PAIR_FEATURES``) of rows of features."""
    at = 3 * PER + PAIRS.index(pair) * len(PAIR_FEATURES)
    return found[..., at : at + len(PAIR_FEATURES)]


def named(boards: Boards) -> tuple[dict[str, float], dict[tuple[int, int], list[float]]]:
    """The features of a position with player 0 to roll, by player and name, and by
    (hitter, victim)."""
    slots = in_slots(TRIGAMMON, np.array([boards], np.uint8), np.array([0]))
    found = trigammon_features(slots)[0]
    players = {
        f"{s}.{name}": float(value)
        for s in range(3)
        for name, value in zip(PLAYER_FEATURES, of_player(found, s), strict=True)
    }
    return players, {pair: of_pair(found, pair).tolist() for pair in PAIRS}


def brute_shots(boards: Boards, hitter: int, victim: int) -> tuple[int, int, int]:
    """The rolls with a legal play of ``hitter`` hitting one of ``victim``'s blots, two,
    and the pips of the best hit, from every legal play of every roll."""
    shift, _ = key_layout(TRIGAMMON)
    one = two = pips = 0
    for a in range(1, 7):
        for b in range(1, 7):
            view = TurnView(TRIGAMMON, [list(x) for x in boards], hitter, (a, b))
            owner = view.blot_owner
            lost = [
                [q for t, (whose, q) in owner.items() if key >> (shift + t) & 1 and whose == victim]
                for key in view.leaves()
            ]
            most = max(len(hit) for hit in lost)
            one += most >= 1
            two += most >= 2
            pips += max((q for hit in lost for q in hit), default=0)
    return one, two, pips


def test_the_starting_position_by_hand() -> None:
    players, pairs = named(boards_of(Position.start(TRIGAMMON)))
    for s in range(3):
        assert players[f"{s}.pips"] == pytest.approx(3.47)  # 2 x 36 + 5 x 25 + 3 x 20 + 5 x 18
        assert players[f"{s}.outfield_pips"] == pytest.approx(2.57)  # 2 x 30 + 5 x 19 + ...
        assert players[f"{s}.back_checker"] == pytest.approx(35 / 36)
        # The next player's three on its 17 sit on this one's 5-point: one of six closed.
        assert players[f"{s}.dance"] == pytest.approx(1 / 36)
        assert players[f"{s}.prime"] == pytest.approx(1 / 6)
        assert players[f"{s}.off_1"] == players[f"{s}.home_spares"] == 0
    assert all(values == [0, 0, 0] for values in pairs.values())


@pytest.mark.parametrize("pips", sorted(SHOTS))
@pytest.mark.parametrize("victim", [1, 2])
def test_shots_at_a_lone_blot_are_the_table(pips: int, victim: int) -> None:
    """Player 0 with two checkers on its 13-point against one blot of the victim
    ``pips`` ahead; the third player's last checker behind them both; the rest off."""
    blot_at = on_path(0, victim, 13 + pips)
    boards = [side(p13=2), side(), side()]
    boards[victim] = side(**{f"p{blot_at}": 1})
    boards[3 - victim] = side(**{f"p{on_path(0, 3 - victim, 5)}": 1})
    _, pairs = named(boards)
    assert pairs[(0, victim)][0] * 36 == pytest.approx(SHOTS[pips])
    assert pairs[(0, victim)][1] == 0
    assert pairs[(0, victim)][2] * 36 * 36 == pytest.approx(SHOTS[pips] * blot_at)
    assert pairs[(0, 3 - victim)] == [0, 0, 0]
    assert brute_shots(boards, 0, victim) == (SHOTS[pips], 0, SHOTS[pips] * blot_at)


def test_both_others_points_close_the_way() -> None:
    """A blot 6 ahead with the victim's point 2 ahead and the third player's point 4
    ahead: the 6s (11), 5-1 (2) and 3-3 (1) hit; 4-2 and 2-2 are blocked."""
    boards = [
        side(p13=2),
        side(**{f"p{on_path(0, 1, 19)}": 1, f"p{on_path(0, 1, 15)}": 2}),
        side(**{f"p{on_path(0, 2, 17)}": 2}),
    ]
    _, pairs = named(boards)
    assert pairs[(0, 1)][0] * 36 == pytest.approx(14)
    assert brute_shots(boards, 0, 1)[0] == 14


def test_escapes_dance_and_prime_by_hand() -> None:
    """Player 1 holds six points in a row just ahead of player 0's checker on its path
    2 (its own 3..8); player 2 holds player 0's entry point 1."""
    boards = [
        side(p2=1),
        side(**{f"p{on_path(0, 1, point)}": 2 for point in range(3, 9)}),
        side(**{f"p{on_path(0, 2, 1)}": 2}),
    ]
    players, _ = named(boards)
    assert players["0.back_escapes"] == 0 and players["0.trapped"] == 1
    assert players["0.trapped_2"] == 1
    assert players["0.dance"] == pytest.approx((5 / 6) ** 2)
    assert players["1.prime"] == 1
    assert players["2.prime"] == pytest.approx(1 / 6)


def corpus_slots(count: int, seed: int) -> tuple[list[Boards], list[int], Slots]:
    """Positions of random play: their boards (in seats), whose turn, and in slots."""
    positions = [p for p in random_positions(TRIGAMMON, count, seed) if not p.is_over()]
    boards = [boards_of(p) for p in positions]
    turns = [p.turn for p in positions]
    return boards, turns, in_slots(TRIGAMMON, np.array(boards, np.uint8), np.array(turns))


def test_shots_agree_with_the_legal_plays_on_a_corpus() -> None:
    """Two blots hit: exactly the engine's count. One: never fewer, and the same in
    nearly every case (the rule that both dice be played sometimes forbids the only hit,
    which the count does not look at)."""
    boards, turns, slots = corpus_slots(160, seed=5)
    found = trigammon_features(slots)
    same = total = 0
    for k, (position, turn) in enumerate(zip(boards, turns, strict=True)):
        for a, v in PAIRS:
            one, two, best = brute_shots(position, (turn + a) % 3, (turn + v) % 3)
            hit, double, pips = of_pair(found[k], (a, v)) * [36, 36, 1296]
            assert round(double) == two
            assert round(hit) >= one and round(pips) >= best
            same += round(hit) == one
            total += 1
    assert same >= 0.98 * total


def test_the_features_follow_the_players_round_the_table() -> None:
    """The same position with the next player to roll: the players' features move one
    slot, the pairs' with them."""
    *_, slots = corpus_slots(300, seed=8)
    here, there = trigammon_features(slots), trigammon_features(np.roll(slots, -1, axis=1))
    for s in range(3):
        assert np.array_equal(of_player(there, s), of_player(here, (s + 1) % 3))
    for a, v in PAIRS:
        assert np.array_equal(of_pair(there, (a, v)), of_pair(here, ((a + 1) % 3, (v + 1) % 3)))
    assert here.shape == (len(slots), FEATURES)
    assert ((here >= 0) & (here <= 6)).all()


@pytest.mark.parametrize("seed", [1, 2])
def test_the_compiled_features_are_numpy_s_to_the_bit(fast_path: FastSwitch, seed: int) -> None:
    *_, slots = corpus_slots(1500, seed)
    with fast_path(False):
        want = features_of(slots)
    with fast_path(True):
        got = features_of(slots)
    differ = got.view(np.uint32) != want.view(np.uint32)
    assert not differ.any(), f"{differ.any(axis=1).sum()} positions differ"
