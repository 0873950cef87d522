"""The fast path against the slow one: the same openings, boards and whole games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.strategies import positions
from trigammon_widget.engine import CLASSIC, TRIGAMMON, Game, Position, Variant
from trigammon_widget.engine.fastplay import (
    Leaves,
    TurnView,
    decide_opening,
    opening_rollers,
    play_out,
    roll_opening,
)

VARIANTS = [
    TRIGAMMON,
    TRIGAMMON.with_options(opening_reroll="all", turn_order="right"),
    CLASSIC,
    CLASSIC.with_options(opening_move="fresh-roll"),
]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: f"{v.name}-{v.opening_move}")
def test_the_fast_opening_is_the_games_opening(variant: Variant) -> None:
    for seed in range(200):
        game = Game(variant, seed=seed)
        while game.roll_opening() is None:
            pass
        starter, dice = roll_opening(variant, random.Random(seed))
        assert starter == game.position.turn
        assert dice == game.position.dice


def test_opening_rounds_by_hand() -> None:
    assert opening_rollers(TRIGAMMON, None) == [0, 1, 2]
    assert opening_rollers(TRIGAMMON, (6, 2, 6)) == [0, 2]
    assert opening_rollers(TRIGAMMON.with_options(opening_reroll="all"), (6, 2, 6)) == [0, 1, 2]
    assert decide_opening(TRIGAMMON, [0, 2], [4, 4]) == (None, None)
    assert decide_opening(TRIGAMMON, [0, 2], [3, 5]) == (2, None)  # a fresh roll follows
    assert decide_opening(CLASSIC, [0, 1], [3, 5]) == (1, (5, 3))  # plays the 5-3


@settings(max_examples=200)
@given(positions(), st.data())
def test_making_a_key_is_making_its_play(position: Position, data: st.DataObject) -> None:
    """Every leaf's key, made on plain lists, is the board ``Position.after`` gives."""
    if position.is_over():
        return
    assert position.dice is not None
    view = TurnView.of(position)
    leaves = view.leaves()
    assert len(leaves) == len(position.legal_plays())
    key = data.draw(st.sampled_from(sorted(leaves)))
    slow = position.after(leaves[key])
    assert tuple(map(tuple, view.boards_after(key))) == slow.boards
    view.play(key)
    assert tuple(map(tuple, view.boards)) == slow.boards


def _first(view: TurnView, leaves: Leaves, rng: random.Random) -> int:
    return next(iter(leaves))


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: f"{v.name}-{v.opening_move}")
def test_a_fast_game_is_the_same_game_as_a_slow_one(variant: Variant) -> None:
    """Same seed, same choices (the first legal play): the same turns and the same end."""
    for seed in range(3):
        rng = random.Random(seed)
        starter, dice = roll_opening(variant, rng)
        boards = [list(board) for board in Position.start(variant).boards]
        turn, played = play_out(variant, boards, starter, dice, [_first] * variant.players, rng)

        game = Game(variant, seed=seed)
        while game.roll_opening() is None:
            pass
        while not game.is_over():
            if game.position.dice is None:
                game.roll()
            game.play(next(iter(game.legal_plays())))
        assert played == game.ply
        assert tuple(map(tuple, boards)) == game.position.boards
        assert turn == game.position.turn


def test_play_out_stops_after_max_turns() -> None:
    rng = random.Random(1)
    boards = [list(board) for board in Position.start(TRIGAMMON).boards]
    turn, played = play_out(TRIGAMMON, boards, 0, None, [_first] * 3, rng, max_turns=5)
    assert played == 5
    assert turn == 5 % 3
