"""Hypothesis strategies for engine tests: random valid positions and self-play games."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from trigammon_widget.engine import (
    CHECKERS,
    CLASSIC,
    TRIGAMMON,
    Cube,
    MatchPosition,
    MatchState,
    Position,
    Variant,
)
from trigammon_widget.engine.stakes import MAX_CUBE


@st.composite
def variants(draw: st.DrawFn, base: Variant | None = None) -> Variant:
    """Trigammon or classic with any valid combination of rule options (Readings)."""
    variant = base if base is not None else draw(st.sampled_from((TRIGAMMON, CLASSIC)))
    moves = ("opening-dice", "fresh-roll") if variant.players == 2 else ("fresh-roll",)
    return variant.with_options(
        opening_reroll=draw(st.sampled_from(("tied", "all"))),
        opening_move=draw(st.sampled_from(moves)),
        turn_order=draw(st.sampled_from(("left", "right"))),
    )


@st.composite
def positions(
    draw: st.DrawFn, variant: Variant | None = None, dice: bool | None = True
) -> Position:
    """Any valid position: checkers anywhere (bar, points, off), one owner per point.

    Without ``variant``, any variant with any options. ``dice``: always rolled
    (True), never (False) or either (None). Slots are drawn per checker; a checker
    whose point another player already holds is borne off instead, so the draw is
    never rejected. At most one player has every checker off, and none when the
    dice are rolled: a finished position has no dice (R12).
    """
    if variant is None:
        variant = draw(variants())
    rolled = draw(st.booleans()) if dice is None else dice
    n = variant.points
    owner: dict[int, int] = {}
    boards = []
    finished = False
    for player in range(variant.players):
        board = [0] * (n + 2)
        # Weight the home board and the bar a little, where the rules are subtle.
        slots = draw(
            st.lists(
                st.one_of(st.integers(0, n + 1), st.integers(n - 5, n)),
                min_size=CHECKERS,
                max_size=CHECKERS,
            )
        )
        for slot in slots:
            if 1 <= slot <= n:
                point = variant.absolute(player, slot)
                if owner.setdefault(point, player) != player:
                    slot = n + 1
            board[slot] += 1
        if board[-1] == CHECKERS:
            if finished or rolled:
                board[-1] -= 1
                board[0] += 1
            finished = True
        boards.append(tuple(board))
    turn = draw(st.integers(0, variant.players - 1))
    roll = (draw(st.integers(1, 6)), draw(st.integers(1, 6))) if rolled else None
    return Position(variant, tuple(boards), turn, roll)


def random_game(variant: Variant, seed: int, max_turns: int = 5000) -> list[Position]:
    """Positions (with their dice) of one random self-play game, to the end."""
    rng = random.Random(seed)
    position = Position.start(variant, turn=rng.randrange(variant.players))
    seen = []
    for _ in range(max_turns):
        position = position.with_dice(rng.randint(1, 6), rng.randint(1, 6))
        seen.append(position)
        position = position.play(rng.choice(list(position.legal_plays())))
        if position.is_over():
            seen.append(position)
            return seen
    raise AssertionError(f"game {seed} did not end in {max_turns} turns")


@st.composite
def match_states(draw: st.DrawFn, players: int = 2) -> MatchState:
    """Any valid match state: money play (with or without Jacoby) or a match with its
    score short of the length, the Crawford game where one player alone needs one."""
    length = draw(st.sampled_from((0, 0, 1, 2, 3, 5, 7, 11, 25, 64)))
    if not length:
        score = tuple(draw(st.integers(0, 40)) for _ in range(players))
        return MatchState(0, score, jacoby=draw(st.booleans()))
    score = tuple(draw(st.integers(0, length - 1)) for _ in range(players))
    leaders = [points == length - 1 for points in score].count(True)
    crawford = players == 2 and leaders == 1 and draw(st.booleans())
    return MatchState(length, score, crawford=crawford)


@st.composite
def match_positions(draw: st.DrawFn, variant: Variant | None = None) -> MatchPosition:
    """Any valid match position: a position, a cube the rules allow there, a match state."""
    position = draw(positions(variant, dice=None))
    state = draw(match_states(position.variant.players))
    if position.variant.players != 2 or state.crawford:
        return MatchPosition(position, Cube(), state)
    value = 1 << draw(st.integers(0, 12))
    owner = draw(st.sampled_from((None, 0, 1)))
    offerable = position.dice is None and not position.is_over() and value < MAX_CUBE
    offered = offerable and owner in (None, position.turn) and draw(st.booleans())
    return MatchPosition(position, Cube(value, owner, offered), state)
