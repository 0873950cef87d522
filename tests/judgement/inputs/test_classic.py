"""Hand-made inputs: exact values on hand-made positions, the shot table every player
knows, agreement with the engine's legal plays, and the sides swapping with the board."""

from __future__ import annotations

import numpy as np
import pytest

from trigammon_widget.engine import CLASSIC, Position
from trigammon_widget.engine.corpus import random_positions
from trigammon_widget.engine.fastplay import Boards, TurnView, boards_of, key_layout
from trigammon_widget.judgement.inputs import classic
from trigammon_widget.judgement.inputs.classic import HALF_FEATURES

SHOTS = {1: 11, 2: 12, 3: 14, 4: 15, 5: 15, 6: 17, 7: 6, 8: 6, 9: 5, 10: 3, 11: 2, 12: 3}
SHOTS |= {13: 0, 14: 0, 15: 1, 16: 1, 17: 0, 18: 1, 19: 0, 20: 1, 21: 0, 22: 0, 23: 0}
"""Rolls (of 36) that hit a blot so many pips away with nothing in between."""


def side(bar: int = 0, **points: int) -> list[int]:
    """A side's board: ``p7=2`` puts two checkers on path position 7; the rest off."""
    board = [0] * 26
    board[0] = bar
    for name, count in points.items():
        board[int(name[1:])] = count
    board[25] = 15 - sum(board)
    return board


def half(me: list[int], opp: list[int]) -> dict[str, float]:
    found = classic.half_features(np.array([me]), np.array([opp]))[0]
    return dict(zip(HALF_FEATURES, found.tolist(), strict=True))


def brute_shots(me: list[int], opp: list[int]) -> tuple[int, int, int]:
    """The rolls with a legal play hitting one blot, two, and the pips of the best hit,
    from every legal play of every roll (``TurnView.leaves``)."""
    shift, _ = key_layout(CLASSIC)
    one = two = pips = 0
    for a in range(1, 7):
        for b in range(1, 7):
            view = TurnView(CLASSIC, [list(me), list(opp)], 0, (a, b))
            hit_sets = [key >> shift for key in view.leaves()]
            most = max(bin(bits).count("1") for bits in hit_sets)
            one += most >= 1
            two += most >= 2
            pips += max(
                (25 - t for bits in hit_sets for t in range(26) if bits >> t & 1), default=0
            )
    return one, two, pips


def test_the_starting_position_by_hand() -> None:
    start = Position.start(CLASSIC).boards
    found = half(list(start[0]), list(start[1]))
    expected = {
        "pips": 1.67,
        "break_contact": 1.0,  # every checker must pass the 24-point: 167 pips
        "free_pips": 0.0,
        "outfield_pips": 0.77,  # 2 x 18 + 5 x 7 + 3 x 2
        "home_spares": 3 / 15,
        "back_checker": 23 / 24,
        "back_anchor": 23 / 24,
        "forward_anchor": 1 / 6,
        "hit_rolls": 0.0,
        "double_hit_rolls": 0.0,
        "hit_pips": 0.0,
        "back_escapes": 24 / 36,  # points 5, 7 and 12 pips ahead block
        "back_clear": 18 / 36,
        "dance": 1 / 36,
        "backbone": 1 - 2 / 33,  # the 13-point 11 pips ahead counts 2/11, the others 0
        "back_game": 0.0,
        "back_game_1": 2 / 8,
        "mobility": (2 * 18 * 24 + 5 * 7 * 34 + 3 * 2 * 30) / 3600,
        "spread": (2 * (24 - 167 / 15) ** 2 + 5 * (13 - 167 / 15) ** 2) / 7 / 400,
        "off_1": 0.0,
    }
    assert found == pytest.approx(found | expected, abs=1e-6)
    assert found["containment"] == found["back_containment"] == pytest.approx(14 / 36)
    assert found["containment_2"] == pytest.approx((14 / 36) ** 2)


@pytest.mark.parametrize("pips", sorted(SHOTS))
def test_shots_at_a_lone_blot_are_the_table(pips: int) -> None:
    me = side(p1=2)
    opp = side(**{f"p{25 - (1 + pips)}": 1})
    found = half(me, opp)
    assert found["hit_rolls"] * 36 == pytest.approx(SHOTS[pips])
    assert found["double_hit_rolls"] == 0
    assert found["hit_pips"] * 36 * 24 == pytest.approx(SHOTS[pips] * (24 - pips))
    assert brute_shots(me, opp) == (SHOTS[pips], 0, SHOTS[pips] * (24 - pips))


def test_points_on_the_way_stop_indirect_shots() -> None:
    """A blot 6 away with the other side's points 2 and 4 away: the 6s (11), 5-1 (2)
    and 3-3 (1) hit; 4-2 and 2-2 are blocked."""
    me = side(p1=2, p19=13)
    opp = side(p18=1, p22=2, p20=2, p12=10)
    found = half(me, opp)
    assert found["hit_rolls"] * 36 == pytest.approx(14)
    assert brute_shots(me, opp)[0] == 14


def test_a_checker_on_the_bar_enters_before_it_hits() -> None:
    """From the bar against a board holding 4, 5 and 6, a blot on the 3 entry point is
    hit by any 3 (11), by 2-1 (enter, then on) and by 1-1."""
    me = side(bar=1, p12=5, p17=3, p19=6)
    opp = side(p19=2, p20=2, p21=2, p22=1, p12=4, p17=4)
    found = half(me, opp)
    assert found["hit_rolls"] * 36 == pytest.approx(14)
    assert found["dance"] == pytest.approx(0.25)
    assert brute_shots(me, opp)[0] == 14


def test_two_blots_in_a_row_are_hit_twice_by_one_checker() -> None:
    me = side(p1=1, p19=14)
    opp = side(p22=1, p21=1, p12=13)  # blots 2 and 3 pips ahead
    assert classic.shot_counts(np.array([me]), np.array([opp]))[1][0] == brute_shots(me, opp)[1]


def corpus_sides(count: int, seed: int) -> np.ndarray:
    sides = []
    for position in random_positions(CLASSIC, count, seed):
        if position.is_over():
            continue
        boards = boards_of(position)
        sides.append([boards[position.turn], boards[1 - position.turn]])
    slots = np.array(sides, np.uint8)
    return slots[classic.phases(slots) <= classic.CRASHED]


def test_shots_agree_with_the_legal_plays_on_a_corpus() -> None:
    """Two blots hit: exactly the engine's count. One: never fewer, and the same in
    nearly every position (the rule that both dice must be played when they can be
    sometimes forbids the only hit, which the count does not look at)."""
    slots = corpus_sides(400, seed=5)
    hit, double, pips = classic.shot_counts(slots[:, 0], slots[:, 1])
    same = 0
    for k, (me, opp) in enumerate(slots.tolist()):
        one, two, best = brute_shots(me, opp)
        assert double[k] == two
        assert hit[k] >= one and pips[k] >= best
        same += hit[k] == one
    assert same >= 0.98 * len(slots)


def test_the_sides_swap_with_the_board() -> None:
    slots = corpus_sides(300, seed=8)
    inputs = classic.contact_inputs(slots)
    swapped = classic.contact_inputs(slots[:, ::-1])
    raw, count = 202, len(HALF_FEATURES)
    assert np.array_equal(swapped[:, :101], inputs[:, 101:raw])
    assert np.array_equal(swapped[:, raw : raw + count], inputs[:, raw + count :])
    assert np.array_equal(swapped[:, raw + count :], inputs[:, raw : raw + count])
    column = {name: raw + k for k, name in enumerate(HALF_FEATURES)}
    assert (inputs[:, column["double_hit_rolls"]] <= inputs[:, column["hit_rolls"]]).all()
    assert (inputs[:, column["back_clear"]] <= 1).all() and (inputs >= -1 / 24 - 1e-6).all()


def test_escapes_count_the_rolls_that_move_the_whole_roll() -> None:
    free = np.zeros((1, 26), np.int64)
    assert (classic.escape_rolls(free) == 36).all()
    prime = np.zeros((1, 26), np.int64)
    prime[0, 2:8] = 2  # six points in a row just ahead of path 1
    assert classic.escape_rolls(prime)[0, 1] == 0
    assert classic.escape_rolls(prime, beyond=True)[0, 1] == 0


def test_phases() -> None:
    start: Boards = [list(b) for b in Position.start(CLASSIC).boards]
    race = [side(p20=15), side(p19=15)]
    crashed = [side(p24=6, p23=3, p10=2), side(p1=2, p19=13)]  # 11 left, 8 buried
    over = [side(), side(p19=15)]
    slots = np.array([start, race, crashed, over], np.uint8)
    assert classic.phases(slots).tolist() == [
        classic.CONTACT,
        classic.RACE,
        classic.CRASHED,
        classic.OVER,
    ]


def test_race_features_by_hand() -> None:
    me = side(p2=1, p14=2, p20=3, p24=4)  # 5 off
    found = classic.race_features(np.array([me]))[0]
    pips = 23 + 2 * 11 + 3 * 5 + 4 * 1
    crossings = 3 + 2 * 1
    assert found == pytest.approx([pips / 100, 1, 0, 0, crossings / 10, 3 / 15, 4 / 6])
