"""Cubeful cube decisions: the efficiency by position class, and one roll deep."""

from __future__ import annotations

import pytest

from trigammon_widget.engine import CLASSIC, TRIGAMMON, Cube, MatchPosition, MatchState, Position
from trigammon_widget.judgement.cube.cubeful import (
    CONTACT_EFFICIENCY,
    cubeful_decision,
    efficiency_of,
)
from trigammon_widget.judgement.cube.decision import Chances, cube_decision
from trigammon_widget.judgement.cube.met import match_equity
from trigammon_widget.judgement.evaluation import evaluate
from trigammon_widget.judgement.play.bots import CubeBot, HeuristicBot

START = Position.start(CLASSIC)

LAST_ROLL = Position.build(CLASSIC, {0: {20: 1, 24: 1}, 1: {24: 1}})
"""Player 0 to roll its last roll: a checker on its 5-point and one on its ace point,
off with any 5 or 6 (20 rolls of 36) or 2-2, 3-3, 4-4; player 1 bears off its last
checker next. So it wins 23 of 36."""
WINS = 23 / 36


def race(pips: int) -> Position:
    """A race in which player 0 has ``pips`` left, in checkers 18 pips from off and one
    with the rest (player 1's fifteen on its 6-point, past them all)."""
    far, rest = divmod(pips, 18)
    mine: dict[int | str, int] = {7: far}
    if rest:
        mine[25 - rest] = 1
    return Position.build(CLASSIC, {0: mine, 1: {19: 15}})


def test_contact_efficiency_is_gnubgs() -> None:
    assert efficiency_of(START) == CONTACT_EFFICIENCY == 0.68


@pytest.mark.parametrize(
    ("pips", "efficiency"), [(24, 0.6), (60, 0.625), (100, 0.675), (90, 0.6625), (150, 0.7)]
)
def test_a_race_cube_grows_livelier_with_the_pips_left(pips: int, efficiency: float) -> None:
    """gnubg's race efficiency: 0.55 + 0.00125 a pip, held within 0.6..0.7."""
    position = race(pips)
    assert position.pip_count(0) == pips
    assert efficiency_of(position) == pytest.approx(efficiency)


def test_at_ply_0_the_decision_is_the_models_on_the_evaluators_chances() -> None:
    match = MatchPosition(race(60), Cube(), MatchState(7, (2, 3)))
    chances = Chances.of(evaluate(match.position))
    expected = cube_decision(match, chances, efficiency=0.625)
    assert cubeful_decision(match, ply=0) == expected


def test_one_roll_deep_the_last_roll_is_judged_exactly() -> None:
    """The last roll: no double wins 1 or loses 1 (the opponent cashes), double/take
    twice that; double at 50%, pass from 75%: 23/36 is a double and a take."""
    decision = cubeful_decision(MatchPosition(LAST_ROLL), ply=1)
    assert decision.no_double == pytest.approx(2 * WINS - 1, abs=1e-6)
    assert decision.double_take == pytest.approx(2 * (2 * WINS - 1), abs=1e-6)
    assert decision.double_pass == 1.0
    assert decision.action == "double" and decision.take
    owned = MatchPosition(LAST_ROLL, Cube(4, 0))  # a 4-cube: equities per point of it
    redouble = cubeful_decision(owned, ply=1)
    assert redouble.no_double == pytest.approx(2 * WINS - 1, abs=1e-6)
    assert redouble.double_take == pytest.approx(2 * (2 * WINS - 1), abs=1e-6)


def test_one_roll_deep_in_a_match_the_leaves_are_match_equities() -> None:
    """At 3-away, 3-away: no double wins the game's point (or the opponent wins one,
    redoubling does not help a sure winner); double/take makes it two points."""
    state = MatchState(5, (2, 2))
    decision = cubeful_decision(MatchPosition(LAST_ROLL, Cube(), state), ply=1)
    win_one, lose_one = match_equity(2, 3), match_equity(3, 2)
    assert decision.no_double == pytest.approx(WINS * win_one + (1 - WINS) * lose_one, abs=1e-6)
    win_two, lose_two = match_equity(1, 3), match_equity(3, 1)
    assert decision.double_take == pytest.approx(WINS * win_two + (1 - WINS) * lose_two, abs=1e-6)
    assert decision.double_pass == pytest.approx(win_one)


def test_a_decision_needs_classic_and_a_ply_of_0_or_1() -> None:
    with pytest.raises(ValueError, match="R14"):
        cubeful_decision(MatchPosition(Position.start(TRIGAMMON), state=MatchState.fresh(3)))
    with pytest.raises(ValueError, match="ply must be 0 or 1"):
        cubeful_decision(MatchPosition(START), ply=2)


def test_a_cube_bot_decides_cubefully_unless_given_chances() -> None:
    """The last roll (a double and a take, above) one roll deep; on chances of 99% the
    plain model says pass."""
    match = MatchPosition(LAST_ROLL)
    bot = CubeBot(HeuristicBot())
    assert bot.double(match) and bot.take(match)
    sure = CubeBot(HeuristicBot(), chances=lambda position: Chances(0.99))
    assert sure.double(match) and not sure.take(match)
