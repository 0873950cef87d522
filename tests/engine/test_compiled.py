"""The compiled legal-play search (engine.compiled) against the pure-Python one
(movegen): the same results in the same order, each with the same play, and the same
bot-only games on the compiled table as on the lists."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings

from tests.engine.strategies import positions
from trigammon_widget.engine import CLASSIC, TRIGAMMON, Position, Variant, fast, movegen
from trigammon_widget.engine.corpus import random_positions
from trigammon_widget.engine.fastplay import (
    Boards,
    FastChooser,
    Leaves,
    Lists,
    TurnView,
    boards_of,
    play_game,
    table_for,
)

VARIANTS = (TRIGAMMON, CLASSIC)


def reference(position: Position) -> movegen.RawPlay | dict[int, movegen.RawPlay]:
    mine, blocked, blots = position.mover_view
    assert position.dice is not None
    return movegen.legal_leaves(
        list(mine), list(blocked), blots, position.variant.points, *position.dice
    )


def compiled(position: Position) -> dict[int, movegen.RawPlay]:
    assert position.dice is not None
    found = fast.legal_leaves(position.variant, position.boards, position.turn, *position.dice)
    assert found is not None
    return found


def assert_same(position: Position) -> None:
    want = reference(position)
    assert isinstance(want, dict)
    got = compiled(position)
    assert list(got.items()) == list(want.items()), position
    assert position.dice is not None
    count = fast.count_leaves(position.variant, position.boards, position.turn, *position.dice)
    assert count == len(want)
    args = (position.variant, position.boards, position.turn, *position.dice)
    for key in list(want)[:: max(1, len(want) // 8)]:  # one result looked up alone
        assert fast.legal_leaf(*args, key) == want[key]
    absent = max(want) + 1
    assert absent not in want and fast.legal_leaf(*args, absent) is None


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_the_corpus_gives_the_same_plays_in_the_same_order(fast_path, variant: Variant) -> None:  # type: ignore[no-untyped-def]
    with fast_path(True):
        for position in random_positions(variant, 3000, seed=7):
            assert_same(position)


@settings(max_examples=400)
@given(positions())
def test_any_position_gives_the_same_plays(position: Position) -> None:
    if fast.compiled() is None:
        pytest.skip("the fast path is not in use (no numba, or TRIGAMMON_FAST=0)")
    if position.is_over():
        return
    assert_same(position)


def test_doubles_with_checkers_spread_give_thousands_of_the_same_plays(fast_path) -> None:  # type: ignore[no-untyped-def]
    """The benchmark's worst case: 15 lone checkers on odd points, every double."""
    checkers: dict[int, dict[int | str, int]] = {
        0: {point: 1 for point in range(1, 30, 2)},
        1: {19: 2},
        2: {8: 2},
    }
    with fast_path(True):
        sizes = []
        for die in range(1, 7):
            position = Position.build(TRIGAMMON, checkers, dice=(die, die))
            assert_same(position)
            sizes.append(len(position.legal_plays()))
    assert max(sizes) > 2000


def test_no_move_and_a_win_by_hand(fast_path) -> None:  # type: ignore[no-untyped-def]
    # (path positions: player 1's 19..24 are player 0's entry points)
    closed: dict[int, dict[int | str, int]] = {
        0: {"bar": 2, 19: 13},
        1: {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2},
    }
    blocked = Position.build(CLASSIC, closed, turn=0, dice=(3, 5))
    ending: dict[int, dict[int | str, int]] = {0: {24: 1}, 1: {12: 15}}
    last = Position.build(CLASSIC, ending, turn=0, dice=(6, 1))
    with fast_path(True):
        assert list(compiled(blocked).values()) == [()]
        assert_same(blocked)
        assert_same(last)
        assert all(len(play) == 1 for play in compiled(last).values())


def _random_pick(view: TurnView, leaves: Leaves, rng: random.Random) -> int:
    return rng.choice(list(leaves))


def _random_index(table: object, turn: int, count: int, rng: random.Random) -> int:
    return rng.choice(range(count))


RANDOM = FastChooser(_random_pick, lambda variant: _random_index)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_games_on_the_compiled_table_are_the_games_on_lists(fast_path, variant: Variant) -> None:  # type: ignore[no-untyped-def]
    def game(seed: int) -> tuple[list[tuple[Boards, int]], Boards, int, int]:
        seen: list[tuple[Boards, int]] = []
        boards, turn, played = play_game(
            variant,
            [RANDOM] * variant.players,
            random.Random(seed),
            on_turn=lambda b, t: seen.append(([list(x) for x in b], t)),
        )
        return seen, boards, turn, played

    start = boards_of(Position.start(variant))
    for seed in range(20):
        with fast_path(True):
            assert not isinstance(table_for(variant, start, [RANDOM] * variant.players), Lists)
            fast_game = game(seed)
        with fast_path(False):
            assert isinstance(table_for(variant, start, [RANDOM] * variant.players), Lists)
            assert fast_game == game(seed)


def test_a_plain_chooser_keeps_the_lists(fast_path) -> None:  # type: ignore[no-untyped-def]
    with fast_path(True):
        start = boards_of(Position.start(CLASSIC))
        assert isinstance(table_for(CLASSIC, start, [_random_pick, RANDOM]), Lists)


def test_the_switch_is_read_from_the_environment() -> None:
    """``TRIGAMMON_FAST=0`` is the pure engine; a value that is not 0 or 1 is refused."""
    code = "from trigammon_widget.engine import fast; print(fast.compiled() is None)"
    for value, expected in (("0", "True"), ("off", "True")):
        env = {**os.environ, fast.FAST_ENV: value}
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        assert out.stdout.strip() == expected
    env = {**os.environ, fast.FAST_ENV: "maybe"}
    failed = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert failed.returncode != 0
    assert "TRIGAMMON_FAST must be 0 or 1" in failed.stderr
