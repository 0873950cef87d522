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

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..engine.i18n import _, decimal
from .play_facts import PlayFacts

if TYPE_CHECKING:  # the judgement needs numpy; the words need only its figures
    from ..judgement.risk import Risk

__all__ = ["SELDOM", "SPARED", "Side", "leaves_more_shots", "why_said"]

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


@dataclass(frozen=True)
class Side:
    """One play of the two compared: its text, its ``Risk``, and ``rolls``, the most
    rolls of 36 with which one other player can hit it (its facts' shots)."""

    play: str
    risk: Risk
    rolls: int

    def anchored(self, equity: float) -> Side:
        """The same round ahead shifted to average ``equity``, the list's figure for the
        play: how far being hit or missed moves it is the round ahead's, its level the
        list's (walk 48 read +0.175 and +0.160 on average under a list of +0.158 and
        +0.146, a difference larger than the gap explained)."""
        shift = equity - self.risk.mean
        risk = self.risk
        moved = replace(risk, when_hit=risk.when_hit + shift, when_missed=risk.when_missed + shift)
        return replace(self, risk=moved)


def why_said(first: Side, other: Side, level: bool = False, anchored: bool = False) -> str | None:
    """Why ``first`` ranks above ``other`` (stands ``level`` with it, where the list
    cannot tell the two apart) though it leaves more shots: each play's round ahead,
    and what decides: better whether hit or not; hit less often; more gained when
    missed than lost when hit; less lost when hit. None where this look rates ``other``
    as high or higher on average, as the sentence writes the figures: it would argue
    against the list it is there to explain (walk 46 read such a why and came away
    more confused than before; walk 45 worked out the second's average higher).

    Where the best answers hit a play far less often than its rolls that can hit (walk
    43 read "Victor hits with 29 of 36 rolls" above "hit 32% of the time"; walk 44 "36 of
    36 rolls" above "21%"), the sentence says why, once. Sides ``anchored`` to the list's
    figures (``Side.anchored``) say they average to them; others are a quicker look's
    than the list's, and say so (walk 43 weighed them up against the list's)."""
    one, two = first.risk, other.risk
    # Compared as the sentence writes them (walk 45 read "better off whether it is hit
    # or not" beside +0.062 and +0.062).
    mean, other_mean = _points(one.mean), _points(two.mean)
    means = {"mean": mean, "other_mean": other_mean}
    missed = _rounded(one.when_missed) - _rounded(two.when_missed)
    when_hit = _rounded(_when_hit(one)) - _rounded(_when_hit(two))
    if _rounded(one.mean) <= _rounded(two.mean):
        return None
    if missed > 0 and when_hit >= 0:
        verdict = _(
            "{play} is better off whether it is hit or not: {mean} against {other_mean} on average."
        ).format(play=first.play, **means)
    elif one.hit < two.hit:
        # Walk 48 read "though it leaves more shots" above "almost never hit" as a
        # contradiction: the verdict says both.
        verdict = _(
            "{play} is hit less often, though more rolls could hit it: {mean} against "
            "{other_mean} on average."
        ).format(play=first.play, **means)
    elif missed > 0:
        verdict = _(
            "{play} loses more when hit but gains more when missed: {mean} against "
            "{other_mean} on average."
        ).format(play=first.play, **means)
    else:
        verdict = _("{play} loses less when hit: {mean} against {other_mean} on average.").format(
            play=first.play, **means
        )
    sentences = [_intro(level, anchored).format(play=first.play, other=other.play)]
    if any(side.risk.hit + SPARED < side.rolls / 36 for side in (first, other)):
        spared = _(
            "The others hit only where hitting is their best play, so fewer rolls hit than could."
        )
        sentences.append(spared)
    return " ".join([*sentences, _side(first, units=True), _side(other, units=False), verdict])


def _intro(level: bool, anchored: bool) -> str:
    """The why's first sentence: ranks above or stands level, and how its figures were
    made: averaging to the list's, or a quicker look's."""
    if anchored:
        if level:
            return _(
                "Why {play} stands level with {other} though it leaves more shots, looking a "
                "round ahead: how often each is hit (the net's quick look at each other "
                "player's best answer to every roll), and what each is worth then and "
                "otherwise, which average to the list's figures."
            )
        return _(
            "Why {play} ranks above {other} though it leaves more shots, looking a round "
            "ahead: how often each is hit (the net's quick look at each other player's best "
            "answer to every roll), and what each is worth then and otherwise, which average "
            "to the list's figures."
        )
    if level:
        return _(
            "Why {play} stands level with {other} though it leaves more shots, looking a round "
            "ahead (the net's quick look at each other player's best answer to every roll, so "
            "its figures differ a little from the list's)."
        )
    return _(
        "Why {play} ranks above {other} though it leaves more shots, looking a round ahead "
        "(the net's quick look at each other player's best answer to every roll, so its "
        "figures differ a little from the list's)."
    )


def _side(side: Side, *, units: bool) -> str:
    """One play's round ahead in a sentence, with the units of its figures (the first
    play's) or without (the second's, said already)."""
    risk = side.risk
    figures = {
        "play": side.play,
        "hit": _percent(risk.hit),
        "rolls": side.rolls,
        "when_hit": _points(risk.when_hit),
        "missed": _points(risk.when_missed),
    }
    if not side.rolls:
        said = (
            _("{play} leaves no shot and is worth {missed} points a game.")
            if units
            else _("{play} leaves no shot and is worth {missed}.")
        )
    elif risk.hit < SELDOM:
        said = (
            _(
                "{play} is almost never hit (up to {rolls} of a player's 36 rolls could hit it) "
                "and is worth {missed} points a game."
            )
            if units
            else _("{play} is almost never hit ({rolls} of 36 could) and is worth {missed}.")
        )
    else:
        said = (
            _(
                "{play} is hit in {hit} of rounds (up to {rolls} of a player's 36 rolls could "
                "hit it), worth {when_hit} points a game then, else {missed}."
            )
            if units
            else _(
                "{play} is hit in {hit} ({rolls} of 36 could), worth {when_hit} then, else "
                "{missed}."
            )
        )
    return said.format(**figures)


def _percent(chance: float) -> str:
    return decimal(100 * chance, 0) + "%"


def _when_hit(risk: Risk) -> float:
    """What a play is worth when hit; a play almost never hit is worth its usual."""
    return risk.when_hit if risk.hit >= SELDOM else risk.when_missed


def _shots(found: PlayFacts) -> int:
    return sum(rolls for _player, rolls in found.shots)


def _rounded(value: float) -> float:
    """A figure as the sentence shows it: three decimals."""
    return round(value, 3)


def _points(value: float) -> str:
    """Points a game with their sign as the board's lists write them (``+0.048``,
    ``\N{MINUS SIGN}0.174``); what rounds to nought has none."""
    shown = decimal(abs(value), 3)
    if abs(value) < 0.0005:
        return shown
    return ("+" if value > 0 else "\N{MINUS SIGN}") + shown
