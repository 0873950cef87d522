"""Cube decisions from cubeless chances (Janowski's model) and the match equity table."""

from __future__ import annotations

import itertools
import re
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.paths import GNUBG_FILES
from trigammon_widget.engine import (
    CLASSIC,
    TRIGAMMON,
    Cube,
    MatchPosition,
    MatchState,
    Position,
    to_gnubg_id,
)
from trigammon_widget.judgement.cube.decision import (
    EFFICIENCY,
    Chances,
    CubeDecision,
    cube_decision,
    evaluated_chances,
)
from trigammon_widget.judgement.cube.met import (
    MAX_AWAY,
    POST_CRAWFORD,
    PRE_CRAWFORD,
    TABLE_AWAY,
    match_equity,
)

DATA = GNUBG_FILES

START = Position.start(CLASSIC)
MONEY = MatchPosition(START)


def match_at(length: int, score: tuple[int, int], **cube: object) -> MatchPosition:
    return MatchPosition(START, Cube(**cube), MatchState(length, score))  # type: ignore[arg-type]


# the match equity table ------------------------------------------------------------------


def test_met_is_the_kazaross_xg2_table() -> None:
    """A few entries of gnubg's ``met/Kazaross-XG2.xml``, as printed there."""
    assert len(PRE_CRAWFORD) == len(POST_CRAWFORD) == TABLE_AWAY == 25 and MAX_AWAY == 64
    assert PRE_CRAWFORD[0][1] == 0.67736  # 1-away (Crawford game) against 2-away
    assert PRE_CRAWFORD[24][24] == 0.5
    assert POST_CRAWFORD[1] == 0.48803  # the trailer 2-away, post-Crawford


def test_met_is_symmetric() -> None:
    for i, j in itertools.product(range(TABLE_AWAY), repeat=2):
        assert PRE_CRAWFORD[i][j] + PRE_CRAWFORD[j][i] == pytest.approx(1.0, abs=1e-9)
    for a, b in itertools.product(range(1, MAX_AWAY + 1), repeat=2):
        assert match_equity(a, b) + match_equity(b, a) == pytest.approx(1.0, abs=1e-8)


def gnubgs_table() -> tuple[dict[tuple[int, int], float], dict[int, float]]:
    """gnubg's match equity table to 64 points away (``tests/data/gnubg/met64.txt``),
    as chances: before the Crawford game by (away, opponent away), after it by the
    trailer's away."""
    pre: dict[tuple[int, int], float] = {}
    post: dict[int, float] = {}
    table = None
    for line in (DATA / "met64.txt").read_text().splitlines():
        if line.startswith(("Pre-Crawford", "Post-Crawford table for player 0")):
            table = "pre" if line.startswith("Pre") else "post"
        elif line.startswith("Post-Crawford"):
            table = None
        found = re.match(r"\s*([0-9]+)-away\s+([0-9.]+\s.*)$", line)
        if table and found:
            away, values = int(found[1]), [float(v) / 100 for v in found[2].split()]
            for other, value in enumerate(values, 1):
                if table == "pre":
                    pre[away, other] = value
                else:
                    post[other] = value
    return pre, post


def test_beyond_25_points_away_the_table_extends_as_gnubgs() -> None:
    """Found by the red team: matches of 26-64 points were accepted everywhere, but
    ``analyse()`` of any game 26 or more points away failed (the table covers 25)."""
    pre, post = gnubgs_table()
    assert len(pre) == 64 * 64 and len(post) == 64
    rounding = 0.5e-6 + 2e-7  # four decimals of a percent, and gnubg's float
    for (away, other), value in pre.items():
        assert match_equity(away, other) == pytest.approx(value, abs=rounding), (away, other)
    for away, value in post.items():
        if away == TABLE_AWAY:
            assert value == pytest.approx(0.001181, abs=rounding)  # gnubg's, not the table's
            assert match_equity(away, 1, post_crawford=True) == 0.00123
            continue
        mine = match_equity(away, 1, post_crawford=True)
        assert mine == pytest.approx(value, abs=rounding), away


def test_match_equity_reads_the_right_table() -> None:
    assert match_equity(0, 3) == 1.0
    assert match_equity(3, 0) == 0.0
    assert match_equity(1, 2) == 0.67736  # the Crawford game
    assert match_equity(2, 1, post_crawford=True) == 0.48803
    assert match_equity(1, 2, post_crawford=True) == pytest.approx(1 - 0.48803)
    assert match_equity(4, 4, post_crawford=True) == PRE_CRAWFORD[3][3] == 0.5
    with pytest.raises(ValueError, match=r"covers 0\.\.64 points away, not 65"):
        match_equity(65, 3)
    with pytest.raises(ValueError, match="both players cannot have won"):
        match_equity(0, 0)


# money play -------------------------------------------------------------------------------


@pytest.mark.parametrize(("efficiency", "take_point"), [(0.0, 0.25), (1.0, 0.2)])
def test_money_take_points_are_janowskis(efficiency: float, take_point: float) -> None:
    """Gammonless money play: 25% with a dead cube, 20% with a fully live one."""
    decision = cube_decision(MONEY, (0.75, 0, 0, 0, 0), efficiency=efficiency)
    assert decision.take_point == pytest.approx(take_point, abs=1e-6)


def test_money_take_point_with_a_partly_live_cube_solves_janowskis_equation() -> None:
    """With efficiency x the taker's point T satisfies 4 T (x / (1 - T) + 1 - x) = 1:
    the taker's equity after taking (x live, 1 - x dead) equals the drop's -1."""
    t = cube_decision(MONEY, (0.75, 0, 0, 0, 0)).take_point
    assert 4 * t * (EFFICIENCY / (1 - t) + 1 - EFFICIENCY) == pytest.approx(1.0, abs=1e-6)
    assert t == pytest.approx(0.2114, abs=1e-4)


def test_money_decisions_dead_and_live() -> None:
    dead = cube_decision(MONEY, (0.75, 0, 0, 0, 0), efficiency=0)
    assert dead == CubeDecision(0.5, 1.0, 1.0, 0.25, "money")
    assert (dead.action, dead.take, dead.equity, str(dead)) == (
        "double",
        True,
        1.0,
        "Double, take (points per cube: no double +0.500, double/take +1.000, "
        "double/pass +1.000; take point 25.0%)",
    )
    live = cube_decision(MONEY, (0.75, 0, 0, 0, 0), efficiency=1)
    # centred, fully live: -1 at 20%, +1 at 80%; doubled, the taker's cube: -2 until 20%
    assert live.no_double == pytest.approx(-1 + 2 * 0.55 / 0.6, abs=1e-5)
    assert live.double_take == pytest.approx(-2 + 4 * 0.55 / 0.8, abs=1e-5)
    assert live.action == "no double"  # the live market window opens at 80%


def test_too_good_plays_on_for_the_gammon() -> None:
    decision = cube_decision(MONEY, (0.9, 0.6, 0.05, 0, 0))
    assert (decision.action, decision.take) == ("too good", False)
    assert decision.equity == decision.no_double > decision.double_pass == 1.0


def test_jacoby_rule_ignores_gammons_until_the_cube_turns() -> None:
    gammonish = (0.7, 0.4, 0.0, 0.0, 0.0)
    jacoby = MatchPosition(START, state=MatchState(jacoby=True))
    plain = cube_decision(MONEY, gammonish, efficiency=0)
    counted = cube_decision(jacoby, gammonish, efficiency=0)
    assert plain.no_double == pytest.approx(0.7 + 0.4 - 0.3)
    assert counted.no_double == pytest.approx(0.4)  # 0.7 - 0.3: singles only
    assert counted.double_take == plain.double_take  # a turned cube counts gammons


def test_money_equities_are_per_point_of_the_cube_now() -> None:
    owned = MatchPosition(START, Cube(4, 0))
    assert cube_decision(owned, (0.6, 0, 0, 0, 0), efficiency=0).no_double == pytest.approx(0.2)
    assert cube_decision(owned, (0.6, 0, 0, 0, 0)).double_pass == 1.0


# match play -------------------------------------------------------------------------------


@pytest.mark.parametrize("efficiency", [0.0, EFFICIENCY, 1.0])
def test_two_away_two_away_take_point_is_the_met_crawford_entry(efficiency: float) -> None:
    """A double at 2-away 2-away makes the game the match: the cube is dead, and the
    taker needs what dropping leaves it, 2-away against the Crawford game's 1-away."""
    decision = cube_decision(match_at(2, (0, 0)), (0.7, 0, 0, 0, 0), efficiency=efficiency)
    assert decision.take_point == pytest.approx(1 - 0.67736, abs=1e-9)
    assert decision.double_pass == 0.67736
    assert decision.double_take == pytest.approx(0.7)


def test_dead_cube_no_double_is_the_met_average() -> None:
    chances = Chances(0.6, 0.2, 0.01, 0.1, 0.0)
    decision = cube_decision(match_at(7, (2, 4)), chances, efficiency=0)
    away = (5, 3)
    expected = (
        0.4 * match_equity(away[0] - 1, away[1])
        + 0.19 * match_equity(away[0] - 2, away[1])
        + 0.01 * match_equity(away[0] - 3, away[1])
        + 0.3 * match_equity(away[0], away[1] - 1)
        + 0.1 * match_equity(away[0], away[1] - 2)
    )
    assert decision.no_double == pytest.approx(expected)
    assert decision.unit == "match"


def test_post_crawford_trailer_doubles_at_once() -> None:
    """Post-Crawford the trailer's cube costs it nothing: double, and the leader takes
    as long as the game is close."""
    match = MatchPosition(START.with_turn(1), state=MatchState(5, (4, 2)))
    decision = cube_decision(match, (0.5, 0.1, 0.0, 0.1, 0.0))
    assert decision.action == "double"
    assert decision.take


def test_decisions_read_an_evaluation_of_the_player_to_move() -> None:
    evaluation = SimpleNamespace(
        turn=1, wins=(0.3, 0.7), gammons=(0.2, 0.05), backgammons=(0.01, 0.0)
    )
    chances = Chances.of(evaluation)
    assert chances == Chances(0.7, 0.2, 0.01, 0.05, 0.0)
    match = MatchPosition(START.with_turn(1))
    assert cube_decision(match, evaluation) == cube_decision(match, chances)
    assert chances.flipped().as_tuple() == pytest.approx((0.3, 0.05, 0.0, 0.2, 0.01))


@pytest.mark.parametrize(
    ("chances", "message"),
    [
        ((0.5, 0.6, 0, 0, 0), "not 0 <= backgammons <= gammons <= wins"),
        ((1.2, 0, 0, 0, 0), "not 0 <= backgammons"),
        ((0.5, 0, 0, 0), "chances are five numbers"),
        ("five", "cannot read chances"),
    ],
)
def test_bad_chances_are_refused(chances: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        cube_decision(MONEY, chances)


def test_trigammon_is_refused_and_long_matches_are_judged() -> None:
    trigammon = MatchPosition(Position.start(TRIGAMMON), state=MatchState(score=(0, 0, 0)))
    with pytest.raises(ValueError, match="trigammon has no doubling cube"):
        cube_decision(trigammon, (0.5, 0, 0, 0, 0))
    long = cube_decision(match_at(64, (0, 0)), (0.75, 0, 0, 0, 0))
    assert long.unit == "match" and long.double and long.take and 0.15 < long.take_point < 0.3
    with pytest.raises(ValueError, match=r"efficiency is a number 0\.\.1"):
        cube_decision(MONEY, (0.5, 0, 0, 0, 0), efficiency=2)


# GNU Backgammon as a reference ----------------------------------------------------------

SCORES = [(7, 7), (5, 3), (3, 5), (4, 2), (9, 9), (11, 6)]
CHANCES = [
    (0.5, 0.1, 0.0, 0.1, 0.0),
    (0.7, 0.1, 0.0, 0.05, 0.0),
    (0.75, 0.15, 0.01, 0.05, 0.0),
    (0.8, 0.3, 0.02, 0.02, 0.0),
    (0.85, 0.1, 0.0, 0.01, 0.0),
    (0.65, 0.2, 0.01, 0.1, 0.005),
    (0.9, 0.6, 0.05, 0.0, 0.0),
    (0.6, 0.0, 0.0, 0.0, 0.0),
    (0.78, 0.0, 0.0, 0.0, 0.0),
    (0.88, 0.05, 0.0, 0.0, 0.0),
]


def test_decisions_agree_with_gnubg_where_gnubg_is_clear() -> None:
    """gnubg-nn's ``evaluate_cube_decision`` (its own cube model and table) as a
    reference: the equities agree within 0.02 of a match, and the decisions agree
    wherever gnubg's margins exceed 0.01."""
    gnubg_nn = pytest.importorskip(
        "gnubg_nn", reason="gnubg-nn has wheels only for CPython 3.11 on x86_64 Linux"
    )
    key = gnubg_nn.key_of_board(gnubg_nn.board_from_position_id("4HPwATDgc/ABMA"))
    compared = 0
    try:
        for (mine, theirs), chances in itertools.product(SCORES, CHANCES):
            gnubg_nn.set.score(mine, theirs)
            double, take, _, nd, dt, dp = gnubg_nn.evaluate_cube_decision(key, p=chances, i=1)
            length = max(mine, theirs) + 1
            ours = cube_decision(match_at(length, (length - mine, length - theirs)), chances)
            for a, b in ((ours.no_double, nd), (ours.double_take, dt), (ours.double_pass, dp)):
                assert a == pytest.approx(b, abs=0.02)
            if abs(min(dt, dp) - nd) > 0.01 and abs(dt - dp) > 0.01:
                compared += 1
                assert (ours.double, ours.take) == (bool(double), bool(take))
    finally:
        gnubg_nn.set.score(0, 0)
    assert compared >= 15


@st.composite
def match_scores(draw: st.DrawFn) -> MatchPosition:
    length = draw(st.sampled_from((0, 1, 2, 3, 5, 7, 11, 25)))
    if not length:
        return MatchPosition(
            START, Cube(2 ** draw(st.integers(0, 4)), draw(st.sampled_from((None, 0))))
        )
    score = (draw(st.integers(0, length - 1)), draw(st.integers(0, length - 1)))
    crawford = [s == length - 1 for s in score].count(True) == 1 and draw(st.booleans())
    state = MatchState(length, score, crawford=crawford)
    if crawford:
        return MatchPosition(START, state=state)
    value = 2 ** draw(st.integers(0, 3))
    return MatchPosition(START, Cube(value, draw(st.sampled_from((None, 0)))), state)


@given(
    match_scores(),
    st.floats(0.0, 1.0),
    st.floats(0.0, 0.5),
    st.floats(0.0, 0.5),
    st.floats(0.0, 1.0),
)
def test_the_taker_takes_exactly_up_to_its_take_point(
    match: MatchPosition, win: float, gammons: float, losses: float, efficiency: float
) -> None:
    """The model is the same seen from either side: the opponent takes just when the
    doubler's winning chance leaves it at least its take point."""
    chances = Chances(win, gammons * win, 0.0, losses * (1 - win), 0.0)
    decision = cube_decision(match, chances, efficiency=efficiency)
    assert 0.0 <= decision.take_point <= 1.0
    edge = 1.0 - decision.take_point
    if abs(win - edge) > 1e-6:
        assert decision.take == (win < edge)


def test_evaluated_chances_are_the_evaluators() -> None:
    """The cube decides by any evaluator: the project's net by default, gnubg's where
    gnubg-nn is installed (its 0-ply probabilities, gnubg's five outputs)."""
    from trigammon_widget.judgement.evaluation import evaluate

    position = Position.start(CLASSIC, turn=1)
    own = evaluated_chances()(position)
    assert own == Chances.of(evaluate(position))
    assert 0.5 < own.win < 0.6  # the player on roll is a little ahead at the start
    gnubg_nn = pytest.importorskip("gnubg_nn", reason="gnubg-nn: CPython 3.11 on x86_64 only")
    board = gnubg_nn.board_from_position_id(to_gnubg_id(position).split(":")[0])
    expected = gnubg_nn.probabilities(board, 0)
    assert evaluated_chances("gnubg")(position).as_tuple() == pytest.approx(expected, abs=1e-6)
