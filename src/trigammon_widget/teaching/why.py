"""Why a play ranks above one that looks safer: the risk it runs against what it gains,
a round ahead.

The facts under each play (``play_facts``) say what it does; where the first leaves
more shots than a play below it, the facts alone argue for the other (walks 41 and 42:
"1/10 leaves a blot Victor hits with 29 of 36 rolls, more than the second play's 22,
and nothing says why it is still best"). A teacher answers with risk and reward: how
often it is hit and what it is worth then, and what it is worth when missed
(``judgement.risk``), the two plays side by side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.i18n import _, decimal
from .play_facts import PlayFacts

if TYPE_CHECKING:  # the judgement needs numpy; the words need only its figures
    from ..judgement.risk import Risk

__all__ = ["SELDOM", "SPARED", "leaves_more_shots", "why_said"]

SPARED = 0.05
"""How far below the chance that a play can be hit its chance of being hit must lie for
the sentence to say why the two differ: the others hit only where hitting is their
best play (walk 43 read "Victor hits with 29 of 36 rolls" above "hit 32% of the time"
and took one of them for wrong)."""

SELDOM = 0.005
"""A chance of being hit below which a play counts as not hit: its figure "when hit"
would rest on a few rolls of 1,296."""


def leaves_more_shots(first: PlayFacts, other: PlayFacts) -> bool:
    """Whether ``first`` gives the other players more rolls that hit, all told, than
    ``other``: the play a learner would call the safer looks the worse by its facts."""
    return _shots(first) > _shots(other)


def why_said(first: str, first_risk: Risk, other: str, other_risk: Risk, rolls: int = 0) -> str:
    """Why ``first`` ranks above ``other`` though it leaves more shots: each play's
    round ahead, and what decides: better whether hit or not; hit less often; more
    gained when missed than lost when hit; less lost when hit; or that this look rates
    ``other`` higher on average, where the two are close and the list's figures decide.
    ``rolls``: the most rolls of 36 with which one other player can hit ``first``;
    where the best answers hit it far less often, the sentence says why the two differ.
    The figures are a quicker look's than the list's, and the sentence says so (walk
    43 weighed them up and found them off the list's)."""
    hit, other_hit = _when_hit(first_risk), _when_hit(other_risk)
    missed_better = first_risk.when_missed > other_risk.when_missed
    means = {"mean": _points(first_risk.mean), "other_mean": _points(other_risk.mean)}
    if missed_better and hit >= other_hit:
        verdict = _("{play} is better off whether it is hit or not.").format(play=first)
    elif first_risk.mean < other_risk.mean:
        verdict = _(
            "On average this look rates {other} higher ({other_mean} against {mean}): the two "
            "are close, and the list's figures decide."
        ).format(other=other, **means)
    elif first_risk.hit < other_risk.hit:
        verdict = _("{play} is hit less often: {mean} against {other_mean} on average.").format(
            play=first, **means
        )
    elif missed_better:
        verdict = _(
            "{play} loses more when hit but gains more when missed: {mean} against "
            "{other_mean} on average."
        ).format(play=first, **means)
    else:
        verdict = _("{play} loses less when hit: {mean} against {other_mean} on average.").format(
            play=first, **means
        )
    return _(
        "Why {play} ranks above {other} though it leaves more shots, looking a round ahead "
        "(the net's quick look at each other player's best answer to every roll, so its "
        "figures differ a little from the list's): {first}. {second}. {verdict}"
    ).format(
        play=first,
        other=other,
        first=_first_side(first, first_risk, rolls),
        second=_second_side(other, other_risk),
        verdict=verdict,
    )


def _first_side(play: str, risk: Risk, rolls: int) -> str:
    figures = {
        "play": play,
        "hit": _percent(risk.hit),
        "when_hit": _points(risk.when_hit),
        "missed": _points(risk.when_missed),
    }
    if risk.hit < SELDOM:
        return _("{play} is almost never hit and is worth {missed} points a game").format(**figures)
    if risk.hit + SPARED < rolls / 36:
        return _(
            "{play} is hit in only {hit} of rounds, though one player can hit it with {rolls} "
            "of 36 rolls: the others hit only where that is their best play. Then it is "
            "worth {when_hit} points a game, else {missed}"
        ).format(rolls=rolls, **figures)
    return _(
        "{play} is hit in {hit} of rounds, and is then worth {when_hit} points a game, "
        "else {missed}"
    ).format(**figures)


def _second_side(play: str, risk: Risk) -> str:
    """As ``_first_side``, its units said once already."""
    if risk.hit < SELDOM:
        return _("{play} is almost never hit and is worth {missed}").format(
            play=play, missed=_points(risk.when_missed)
        )
    return _("{play} is hit in {hit} of rounds, worth {when_hit} then, else {missed}").format(
        play=play,
        hit=_percent(risk.hit),
        when_hit=_points(risk.when_hit),
        missed=_points(risk.when_missed),
    )


def _percent(chance: float) -> str:
    return decimal(100 * chance, 0) + "%"


def _when_hit(risk: Risk) -> float:
    """What a play is worth when hit; a play almost never hit is worth its usual."""
    return risk.when_hit if risk.hit >= SELDOM else risk.when_missed


def _shots(found: PlayFacts) -> int:
    return sum(rolls for _player, rolls in found.shots)


def _points(value: float) -> str:
    """Points a game with their sign as the board's lists write them (``+0.048``,
    ``\N{MINUS SIGN}0.174``); what rounds to nought has none."""
    shown = decimal(abs(value), 3)
    if abs(value) < 0.0005:
        return shown
    return ("+" if value > 0 else "\N{MINUS SIGN}") + shown
