"""Why the first of a list ranks above a play that leaves fewer shots (walks 41 and 42):
each play's round ahead, and what decides, in words a teacher would use."""

from __future__ import annotations

import pytest

from trigammon_widget.engine import CLASSIC, Position
from trigammon_widget.judgement.risk import Risk
from trigammon_widget.teaching.play_facts import play_facts
from trigammon_widget.teaching.why import SELDOM, leaves_more_shots, why_said

INTRO = (
    "Why 1/10 ranks above 12/21 though it leaves more shots, looking a round ahead (the "
    "net's quick look at each other player's best answer to every roll, so its figures "
    "differ a little from the list's): "
)


def risk(hit: float, when_hit: float, when_missed: float) -> Risk:
    return Risk(hit, when_hit, when_missed, "neural")


@pytest.mark.parametrize(
    ("first", "other", "verdict"),
    [
        # better whether hit or not
        (
            risk(0.3, 0.003, 0.048),
            risk(0.11, -0.174, -0.001),
            "1/10 is better off whether it is hit or not.",
        ),
        # worse on average by this look: close, the list decides
        (
            risk(0.21, -0.023, 0.038),
            risk(0.26, 0.002, 0.034),
            "On average this look rates 12/21 higher (+0.026 against +0.025): the two are "
            "close, and the list's figures decide.",
        ),
        # hit less often than its shots say
        (
            risk(0.25, -0.2, 0.06),
            risk(0.5, -0.1, 0.05),
            "1/10 is hit less often: \N{MINUS SIGN}0.005 against \N{MINUS SIGN}0.025 on average.",
        ),
        # more gained when missed than lost when hit
        (
            risk(0.5, -0.2, 0.4),
            risk(0.2, -0.1, 0.1),
            "1/10 loses more when hit but gains more when missed: +0.100 against +0.060 on "
            "average.",
        ),
        # less lost when hit
        (
            risk(0.4, -0.05, 0.05),
            risk(0.2, -0.3, 0.08),
            "1/10 loses less when hit: +0.010 against +0.004 on average.",
        ),
    ],
)
def test_the_verdict_says_which_side_of_the_risk_decides(
    first: Risk, other: Risk, verdict: str
) -> None:
    said = why_said("1/10", first, "12/21", other)
    assert said.startswith(INTRO) and said.endswith(verdict)


def test_each_side_says_how_often_it_is_hit_and_what_it_is_worth_then_and_else() -> None:
    said = why_said("1/10", risk(0.297, 0.003, 0.048), "12/21", risk(SELDOM / 2, -0.3, -0.001))
    assert said == INTRO + (
        "1/10 is hit in 30% of rounds, and is then worth +0.003 points a game, else +0.048. "
        "12/21 is almost never hit and is worth \N{MINUS SIGN}0.001. 1/10 is better off "
        "whether it is hit or not."
    )


def test_a_play_leaves_more_shots_by_all_the_rolls_that_hit_it() -> None:
    start = Position.start(CLASSIC).with_dice(3, 1)
    made, nine, runner = (
        play_facts(start, start.parse_play(p)) for p in ("8/5 6/5", "13/9", "24/20")
    )
    assert leaves_more_shots(nine, made) and not leaves_more_shots(made, nine)
    assert leaves_more_shots(runner, nine) and not leaves_more_shots(nine, nine)


def test_a_play_hit_far_less_often_than_it_can_be_says_why() -> None:
    """Walk 43 read "Victor hits with 29 of 36 rolls" above "1/10 is hit 32% of the time"
    and took one for wrong: where the best answers hit far less often than a player
    can, the sentence says why."""
    first, other = risk(0.297, 0.003, 0.048), risk(0.11, -0.174, -0.001)
    said = why_said("1/10", first, "12/21", other, rolls=29)
    assert said.startswith(
        INTRO + "1/10 is hit in only 30% of rounds, though one player can hit it with 29 of "
        "36 rolls: the others hit only where that is their best play. Then it is worth "
        "+0.003 points a game, else +0.048. 12/21 is hit in 11% of rounds, worth "
        "\N{MINUS SIGN}0.174 then, else \N{MINUS SIGN}0.001."
    )
    assert "in only" not in why_said("1/10", first, "12/21", other, rolls=12)
