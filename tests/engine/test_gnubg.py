"""Classic legal plays agree with GNU Backgammon's move generator.

The proof of the engine's classic rules: for every position of a seeded random
self-play corpus, the set of positions our legal plays lead to equals the set
gnubg's generator lists (gnubg, like RULES.md, lists each resulting position once).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings

from tests.engine.strategies import positions
from trigammon_widget.engine import BAR, CLASSIC, Position
from trigammon_widget.engine.corpus import random_positions
from trigammon_widget.engine.position import Board

gnubg_nn = pytest.importorskip(
    "gnubg_nn",
    reason="gnubg-nn (GNU Backgammon's move generator) has wheels only for CPython 3.11 "
    "on x86_64 Linux: pip install gnubg-nn",
)

CORPUS_SIZE = 10_000
SEED = 20240229

GnubgBoard = tuple[tuple[int, ...], tuple[int, ...]]


def half(board: Board) -> tuple[int, ...]:
    """One side of gnubg's anBoard: index j is point j + 1 counted from that player's
    home, i.e. our path position 24 - j; index 24 is the bar. Borne-off checkers are
    not stored."""
    return (*(board[24 - j] for j in range(24)), board[BAR])


def to_gnubg(position: Position, mover: int) -> GnubgBoard:
    """gnubg's 2 x 25 anBoard seen by ``mover``: [0] the opponent, [1] the mover."""
    return half(position.boards[1 - mover]), half(position.boards[mover])


def gnubg_results(position: Position) -> set[GnubgBoard]:
    """Boards after each play gnubg generates; no legal move leaves the board as is.

    ``gnubg_nn.moves`` returns gnubg position keys of the boards after the play, still
    seen by the mover (not swapped to the opponent), and ``()`` when nothing moves,
    where the engine lists the one empty play.
    """
    assert position.dice is not None
    board = to_gnubg(position, position.turn)
    keys = gnubg_nn.moves([list(side) for side in board], *position.dice)
    if not keys:
        return {board}
    return {gnubg_nn.board_from_position_key(key) for key in keys}


def engine_results(position: Position) -> set[GnubgBoard]:
    return {to_gnubg(position.after(play.moves), position.turn) for play in position.legal_plays()}


def test_converted_start_position_is_gnubgs() -> None:
    start = to_gnubg(Position.start(CLASSIC), 0)
    assert gnubg_nn.position_id([list(side) for side in start]) == "4HPwATDgc/ABMA"


def test_both_generators_give_16_plays_for_opening_3_1() -> None:
    start = Position.start(CLASSIC).with_dice(3, 1)
    assert len(gnubg_results(start)) == len(engine_results(start)) == 16
    assert gnubg_results(start) == engine_results(start)


def test_engine_agrees_with_gnubg_on_random_corpus() -> None:
    corpus = random_positions(CLASSIC, CORPUS_SIZE, SEED)
    assert len(corpus) >= 10_000
    features: Counter[str] = Counter()
    disagreements = []
    for position in corpus:
        assert position.dice is not None
        ours = engine_results(position)
        theirs = gnubg_results(position)
        if ours != theirs:
            disagreements.append(
                f"boards {position.boards} turn {position.turn} dice {position.dice}: "
                f"only engine {sorted(ours - theirs)}, "
                f"only gnubg {sorted(theirs - ours)}"
            )
        features.update(corpus_features(position))
    assert not disagreements, f"{len(disagreements)} disagreements, first: {disagreements[:3]}"
    # Not vacuous: every rule the generators could disagree on is exercised.
    for feature in ("doubles", "bar entry", "hit", "bear-off", "no move", "one die only"):
        assert features[feature] >= 20, f"corpus has too few '{feature}' positions: {features}"


def corpus_features(position: Position) -> set[str]:
    """Which rules the legal plays of ``position`` exercise."""
    assert position.dice is not None
    plays = list(position.legal_plays())
    moves = [move for play in plays for move in play.moves]
    found = set()
    if position.dice[0] == position.dice[1]:
        found.add("doubles")
    if any(move.start == BAR for move in moves):
        found.add("bar entry")
    if any(move.hit for move in moves):
        found.add("hit")
    if any(move.end == CLASSIC.off for move in moves):
        found.add("bear-off")
    if plays == [plays[0]] and not plays[0].moves:
        found.add("no move")
    if position.dice[0] != position.dice[1] and all(len(play.moves) == 1 for play in plays):
        found.add("one die only")
    return found


@settings(max_examples=2000)
@given(position=positions(CLASSIC))
def test_engine_agrees_with_gnubg_on_any_position(position: Position) -> None:
    """Random set-ups reach what self-play rarely does: bar-heavy boards, end-games."""
    if position.is_over():
        return
    assert engine_results(position) == gnubg_results(position)


def test_a_last_checker_that_can_hit_on_the_way_off_must_use_both_dice() -> None:
    # R9 holds even when one die would win: 5/off alone is not legal with 6-2
    # while 5/3*/off uses both dice (found by the random set-ups above).
    position = Position.build(
        CLASSIC, {0: {20: 1}, 1: {3: 1, 7: 1, 12: 2, 16: 2, 22: 1}}, turn=0, dice=(6, 2)
    )
    assert engine_results(position) == gnubg_results(position)
    assert [position.format_play(play) for play in position.legal_plays()] == ["5/3*/off"]
