"""Why the first of a list ranks above a play that leaves fewer shots (walks 41 to 44):
each play's round ahead, and what decides, in words a teacher would use."""

from __future__ import annotations

import pytest

from trigammon_widget.engine import CLASSIC, Position
from trigammon_widget.judgement.risk import Risk
from trigammon_widget.teaching.play_facts import play_facts
from trigammon_widget.teaching.why import SELDOM, Side, leaves_more_shots, why_said

LOOK = (
    "looking a round ahead (the net's quick look at each other player's best answer to "
    "every roll, so its figures differ a little from the list's)."
)
INTRO = "Why 1/10 ranks above 12/21 though it leaves more shots, " + LOOK
SPARED = "The others hit only where hitting is their best play, so fewer rolls hit than could."
MINUS = "\N{MINUS SIGN}"


def side(play: str, hit: float, when_hit: float, when_missed: float, rolls: int) -> Side:
    return Side(play, Risk(hit, when_hit, when_missed, "neural"), rolls)


@pytest.mark.parametrize(
    ("first", "other", "verdict"),
    [
        # better whether hit or not
        (
            side("1/10", 0.3, 0.004, 0.048, 12),
            side("12/21", 0.11, -0.174, -0.001, 4),
            "1/10 is better off whether it is hit or not: +0.035 against \N{MINUS SIGN}0.020 "
            "on average.",
        ),
        # better when hit, level when missed as the sentence writes it: not "whether hit
        # or not" (walk 45 read it beside +0.062 and +0.062)
        (
            side("1/10", 0.4, 0.05, 0.0621, 15),
            side("12/21", 0.3, -0.015, 0.0620, 11),
            "1/10 loses less when hit: +0.057 against +0.039 on average.",
        ),
        # hit less often
        (
            side("1/10", 0.25, -0.2, 0.06, 9),
            side("12/21", 0.5, -0.1, 0.05, 18),
            f"1/10 is hit less often, though more rolls could hit it: {MINUS}0.005 against "
            f"{MINUS}0.025 on average.",
        ),
        # more gained when missed than lost when hit
        (
            side("1/10", 0.5, -0.2, 0.4, 18),
            side("12/21", 0.2, -0.1, 0.1, 7),
            "1/10 loses more when hit but gains more when missed: +0.100 against +0.060 on "
            "average.",
        ),
        # less lost when hit
        (
            side("1/10", 0.4, -0.05, 0.05, 14),
            side("12/21", 0.2, -0.3, 0.08, 7),
            "1/10 loses less when hit: +0.010 against +0.004 on average.",
        ),
    ],
)
def test_the_verdict_says_which_side_of_the_risk_decides(
    first: Side, other: Side, verdict: str
) -> None:
    said = why_said(first, other)
    assert said is not None
    assert said.startswith(INTRO + " 1/10 is hit in ") and said.endswith(" " + verdict)
    assert SPARED not in said  # each hit about as often as its rolls say


@pytest.mark.parametrize(
    ("first", "other"),
    [
        # worse on average by this look
        (side("1/10", 0.21, -0.023, 0.038, 8), side("12/21", 0.26, 0.002, 0.034, 8)),
        # better whether hit or not, yet hit more often: worse on average (walk 45)
        (side("1/10", 0.22, -0.004, 0.0621, 8), side("12/21", 0.17, -0.015, 0.0620, 6)),
        # level on average as the sentence writes it
        (side("1/10", 0.2, -0.1, 0.05, 8), side("12/21", 0.2, -0.1, 0.0502, 8)),
    ],
)
def test_nothing_is_said_where_the_round_ahead_does_not_back_the_first(
    first: Side, other: Side
) -> None:
    """Walk 46 read a why that ended by rating the other play higher, and came away more
    confused than before: a why that argues against the list is not said."""
    assert why_said(first, other) is None


def test_each_side_says_how_often_it_is_hit_and_what_it_is_worth_then_and_else() -> None:
    said = why_said(
        side("1/10", 0.297, 0.003, 0.048, 11), side("12/21", SELDOM / 2, -0.3, -0.001, 0)
    )
    assert said == INTRO + (
        " 1/10 is hit in 30% of rounds (up to 11 of a player's 36 rolls could hit it), worth "
        "+0.003 points a game then, else +0.048. 12/21 leaves no shot and is worth "
        f"{MINUS}0.001. 1/10 is better off whether it is hit or not: +0.035 against "
        f"{MINUS}0.002 on average."
    )


def test_a_play_hit_far_less_often_than_it_can_be_says_why_once() -> None:
    """Walk 43 read "Victor hits with 29 of 36 rolls" above "1/10 is hit 32% of the time",
    walk 44 "36 of 36 rolls" above "21%", and each took one for wrong: where the best
    answers hit a play far less often than its rolls that can, the sentence says why,
    once, and each play says how many rolls could."""
    said = why_said(side("1/10", 0.297, 0.003, 0.048, 29), side("12/21", 0.21, -0.17, 0.0, 36))
    assert said == " ".join(
        [
            INTRO,
            SPARED,
            "1/10 is hit in 30% of rounds (up to 29 of a player's 36 rolls could hit it), worth "
            "+0.003 points a game then, else +0.048.",
            f"12/21 is hit in 21% (36 of 36 could), worth {MINUS}0.170 then, else 0.000.",
            f"1/10 is better off whether it is hit or not: +0.035 against {MINUS}0.036 on average.",
        ]
    )
    seldom = why_said(side("1/10", SELDOM / 2, 0.0, 0.05, 20), side("12/21", 0.1, -0.2, 0.0, 4))
    assert seldom is not None
    assert (
        SPARED in seldom
        and (
            "1/10 is almost never hit (up to 20 of a player's 36 rolls could hit it) and is worth "
            "+0.050 points a game."
        )
        in seldom
    )


def test_a_play_the_list_cannot_tell_from_the_first_stands_level_with_it() -> None:
    """Walk 44 read "too close to call" above "why 1/10 ranks above 1/4 12/18"."""
    said = why_said(side("1/10", 0.3, 0.0, 0.05, 9), side("12/21", 0.1, -0.2, 0.0, 4), level=True)
    assert said is not None
    assert said.startswith("Why 1/10 stands level with 12/21 though it leaves more shots, " + LOOK)


def test_a_play_leaves_more_shots_by_all_the_rolls_that_hit_it() -> None:
    start = Position.start(CLASSIC).with_dice(3, 1)
    made, nine, runner = (
        play_facts(start, start.parse_play(p)) for p in ("8/5 6/5", "13/9", "24/20")
    )
    assert leaves_more_shots(nine, made) and not leaves_more_shots(made, nine)
    assert leaves_more_shots(runner, nine) and not leaves_more_shots(nine, nine)


def test_sides_anchored_to_the_list_average_to_its_figures() -> None:
    """Walk 48 read +0.175 and +0.160 on average under a list of +0.158 and +0.146, a
    difference larger than the gap explained: anchored to the list, each side keeps the
    round ahead's swing between hit and missed and averages to the list's figure, and the
    sentence says so."""
    first = side("1/10", 0.3, 0.004, 0.048, 12)
    moved = first.anchored(0.158)
    assert moved.risk.mean == pytest.approx(0.158)
    swing = first.risk.when_missed - first.risk.when_hit
    assert moved.risk.when_missed - moved.risk.when_hit == pytest.approx(swing)
    assert (moved.risk.hit, moved.play, moved.rolls) == (0.3, "1/10", 12)
    other = side("12/21", 0.11, -0.174, -0.001, 4).anchored(0.146)
    said = why_said(moved, other, anchored=True)
    assert said is not None
    assert said.startswith(
        "Why 1/10 ranks above 12/21 though it leaves more shots, looking a round ahead: how "
        "often each is hit (the net's quick look at each other player's best answer to every "
        "roll), and what each is worth then and otherwise, which average to the list's "
        "figures. 1/10 is hit in 30% of rounds"
    )
    assert said.endswith("+0.158 against +0.146 on average."), said
    level = why_said(moved, other, level=True, anchored=True)
    assert level is not None and level.startswith("Why 1/10 stands level with 12/21 though")
