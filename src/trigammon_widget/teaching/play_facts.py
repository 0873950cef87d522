"""What a play does that a learner can see on the board: the points it makes or gives
up, the block it builds, the back checkers it brings out, the checkers it buries deep
in its home, the checkers it hits or bears off, and the blots it leaves with the rolls
that hit them.

Hints and the review rank plays by equity, a number with no reason beside it; these
facts are the reasons a teacher names first (walk 18: "no why"; walk 21: two plays that
both "leave no blot" differ by the block one of them makes; walk 22: a running play
beat a hit with no word of the run; walk 23: nothing said that a play buried two
checkers). Shots are counted by
each opponent's legal plays (R6-R9), not by a table: ``rolls_that_hit``, which
``toolkit.shots`` counts with too.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ..engine import Play, Position
from ..engine.i18n import N_, NP_, _, ngettext, pgettext
from ..engine.places import index_of, label
from ..engine.variant import Variant

__all__ = [
    "BACK",
    "BLOCK",
    "DEEP",
    "PRIME",
    "PlayFacts",
    "facts_said",
    "play_facts",
    "rolls_that_hit",
]


@dataclass(frozen=True)
class PlayFacts:
    """``made``: the points the play makes (two checkers or more where there were
    fewer); ``hits``: for each checker hit, the pips it loses (how far it had come on
    its owner's path); ``off``: checkers borne off; ``blots``: the mover's lone checkers
    after the play, each as (point, the pips it would lose if hit), in the order the
    mover passes them; ``shots``: for each opponent that could hit one of them,
    ``(player, rolls)``, the rolls of 36 that do, were that opponent to roll next;
    ``given_up``: the points it held before and no longer holds; ``block``: the points
    of its longest run of made points in a row, in the order the mover passes them,
    where the play makes that run three points or more and longer than before (a
    prime at six); ``escaped``: the mover's checkers it brings out of the first
    ``BACK`` points of their path, where they start (the bar's, entering there, count
    as back); ``buried``: the checkers it puts on the last ``DEEP`` points of the path
    while others are still to come home, out of play there; ``hit_owners``: whose
    checkers it hits, each once, in the order hit (each must enter from the bar before
    it moves another, R8: the tempo a hit costs, which the pips alone hide, walk 30);
    ``costly_shots``: as ``shots``, for the blots that would lose more than ``BACK``
    pips, where some blots would lose that few and others more (walk 39 read "hits with
    32 of 36 rolls" where most hit a back checker losing 1 pip). Points are absolute
    (1..N): a board labels them in its own numbering."""

    made: tuple[int, ...]
    hits: tuple[int, ...]
    off: int
    blots: tuple[tuple[int, int], ...]
    shots: tuple[tuple[int, int], ...]
    given_up: tuple[int, ...] = ()
    block: tuple[int, ...] = ()
    escaped: int = 0
    buried: int = 0
    hit_owners: tuple[int, ...] = ()
    costly_shots: tuple[tuple[int, int], ...] = ()


def play_facts(position: Position, play: Play) -> PlayFacts:
    """The facts of ``play``, a legal play of ``position``'s roll."""
    variant, mover = position.variant, position.turn
    after = position.after(play.moves)
    before_own, after_own = position.board(mover), after.board(mover)
    points = range(1, variant.points + 1)
    made = tuple(
        variant.absolute(mover, index)
        for index in points
        if before_own[index] < 2 <= after_own[index]
    )
    given_up = tuple(
        variant.absolute(mover, index)
        for index in points
        if after_own[index] < 2 <= before_own[index]
    )
    back = range(1, BACK + 1)
    entered = position.bar(mover) - after.bar(mover)
    escaped = sum(before_own[i] for i in back) + entered - sum(after_own[i] for i in back)
    deep = range(variant.points - DEEP + 1, variant.points + 1)
    outside = after.bar(mover) + sum(after_own[i] for i in range(1, variant.home_start))
    buried = sum(after_own[i] - before_own[i] for i in deep) if outside else 0
    longest = _longest_run(after_own, points)
    grown = len(longest) >= BLOCK and len(longest) > len(_longest_run(before_own, points))
    hits, owners = [], []
    for move in play.moves:
        if move.hit:  # the checker hit stood there before the play: opponents wait
            place = variant.absolute(mover, move.end)
            found = position.point(place)
            if found is not None:
                hits.append(variant.path(found[0], place))
                if found[0] not in owners:
                    owners.append(found[0])
    blots = tuple((variant.absolute(mover, i), i) for i in points if after_own[i] == 1)
    places = [place for place, _pips in blots]
    opponents = [player for player in range(variant.players) if player != mover]
    costly = [place for place, pips in blots if pips > BACK]
    mixed = 0 < len(costly) < len(places)
    # Each opponent's rolls looked at once for both counts (its legal plays of every roll).
    groups = (places, costly) if mixed else (places,)
    hitting = {p: _rolls_hitting(after, p, groups) if places else (0, 0) for p in opponents}
    counted = [(player, hitting[player][0]) for player in opponents]
    costly_counted = [(player, hitting[player][1] if mixed else 0) for player in opponents]
    return PlayFacts(
        made=made,
        hits=tuple(hits),
        off=after.borne_off(mover) - position.borne_off(mover),
        blots=blots,
        shots=tuple((player, rolls) for player, rolls in counted if rolls),
        given_up=given_up,
        block=tuple(variant.absolute(mover, index) for index in longest) if grown else (),
        escaped=escaped,
        buried=max(buried, 0),
        hit_owners=tuple(owners),
        costly_shots=tuple((player, rolls) for player, rolls in costly_counted if rolls),
    )


def facts_said(
    found: PlayFacts,
    variant: Variant,
    names: Sequence[str],
    reader: int = 0,
    you: int | None = None,
) -> str:
    """A play's facts in words, as the board and the lessons say them, its points as
    ``reader``'s side of the board numbers them (walk 19 read a bot's blots in the
    bot's numbers): "makes point 5; makes a 3-point block (4-6); leaves a blot on 9
    (16 pips lost if hit): O can hit with 14 of 36 rolls", naming each opponent that hits
    by ``names``, the person in front (``you``) spoken to ("you can hit"). Walk 40 read
    lesson 06's captions in other words than the board's for one play."""

    def to(player: int, third: str, second: tuple[str, str]) -> str:
        return pgettext(*second) if player == you else _(third)

    def named(places: Sequence[int]) -> str:
        return ", ".join(label(variant, index_of(variant, reader, p)) for p in places)

    parts = []
    if found.made:
        made = ngettext("makes point {points}", "makes points {points}", len(found.made))
        parts.append(made.format(points=named(found.made)))
    if found.block:
        first, last = named(found.block[:1]), named(found.block[-1:])
        if int(first) - int(last) == len(found.block) - 1:
            first, last = last, first  # low to high as the board reads: "6-8", not "8-6"
        block = (
            _("makes a {count}-point prime ({first}-{last})")
            if len(found.block) >= PRIME
            else _("makes a {count}-point block ({first}-{last})")
        )
        parts.append(block.format(count=len(found.block), first=first, last=last))
    if found.escaped:
        escaped = ngettext(
            "brings {count} back checker out", "brings {count} back checkers out", found.escaped
        )
        parts.append(escaped.format(count=found.escaped))
    if found.buried:
        buried = ngettext(
            "buries {count} checker deep in home, out of play",
            "buries {count} checkers deep in home, out of play",
            found.buried,
        )
        parts.append(buried.format(count=found.buried))
    if found.given_up:
        given_up = ngettext(
            "gives up point {points}", "gives up points {points}", len(found.given_up)
        )
        parts.append(given_up.format(points=named(found.given_up)))
    if found.hits:
        hits = ngettext("hits {count} checker", "hits {count} checkers", len(found.hits))
        back = sum(found.hits)
        pips = ngettext("{pips} pip back", "{pips} pips back", back).format(pips=back)
        said = hits.format(count=len(found.hits))
        # what the hit costs its owner besides pips: a turn's tempo (R8; walk 30 read
        # "2 pips back" as a hit worth nothing)
        wait = ", ".join(
            to(
                owner,
                N_("{who} must enter from the bar before any other move"),
                NP_("you", "you must enter from the bar before any other move"),
            ).format(who=names[owner])
            for owner in found.hit_owners
        )
        parts.append(_("{hits} ({pips}; {wait}, R8)").format(hits=said, pips=pips, wait=wait))
    if found.off:
        off = ngettext("bears off {count} checker", "bears off {count} checkers", found.off)
        parts.append(off.format(count=found.off))
    if not found.blots:
        parts.append(_("leaves no blot"))
        return "; ".join(parts)
    count = len(found.blots)
    if count == 1:
        ((place, lost),) = found.blots
        left = ngettext(
            "leaves a blot on {points} ({pips} pip lost if hit)",
            "leaves a blot on {points} ({pips} pips lost if hit)",
            lost,
        )
        said = left.format(points=named([place]), pips=lost)
    else:
        said = _("leaves blots on {points} ({pips} pips lost if hit)").format(
            points=named([place for place, _pips in found.blots]),
            pips=", ".join(str(pips) for _place, pips in found.blots),
        )
    if found.shots:
        costly = dict(found.costly_shots)
        hitters = ", ".join(
            # "can": the rolls with which a hit is legal, not those it will be played
            # with (walk 46 read "hits with 20 of 36 rolls" beside "almost never hit")
            to(
                player,
                N_("{who} can hit with {rolls} of 36 rolls"),
                NP_("you", "you can hit with {rolls} of 36 rolls"),
            ).format(who=names[player], rolls=rolls)
            + _costly(costly.get(player, 0), rolls, mixed=bool(found.costly_shots))
            for player, rolls in found.shots
        )
    else:
        hitters = ngettext("no roll hits it", "no roll hits them", count)
    parts.append(_("{left}: {hitters}").format(left=said, hitters=hitters))
    return "; ".join(parts)


def _costly(costly: int, rolls: int, *, mixed: bool) -> str:
    """`` (11 of them hit a blot that loses more than 6 pips)`` beside a count of
    shots among which some hit only a back checker (``PlayFacts.costly_shots``)."""
    if not mixed or costly == rolls:
        return ""
    if not costly:
        return _(" (each only a blot that loses {pips} pips or fewer)").format(pips=BACK)
    said = ngettext(
        " ({count} of them hits a blot that loses more than {pips} pips)",
        " ({count} of them hit a blot that loses more than {pips} pips)",
        costly,
    )
    return said.format(count=costly, pips=BACK)


BLOCK = 3
"""Made points in a row that a teacher calls a block: three or more hold back a
checker behind them (six, ``PRIME``, hold it for good)."""

PRIME = 6
"""Made points in a row that no checker behind them can jump."""

DEEP = 2
"""The last points of a path, where checkers come home out of play while others are
still on their way: the 1 and 2 points of classic."""

BACK = 6
"""The first points of a checker's path, where its back checkers start: the
opponent's home board in classic (R10), the starting quarter in trigammon."""


def _longest_run(own: Sequence[int], points: range) -> tuple[int, ...]:
    """The path positions of the longest run of made points in a row (the first such
    run, the furthest back, where two are as long)."""
    best: tuple[int, ...] = ()
    run: list[int] = []
    for index in points:
        if own[index] >= 2:
            run.append(index)
            if len(run) > len(best):
                best = tuple(run)
        else:
            run = []
    return best


def rolls_that_hit(position: Position, player: int, places: Collection[int]) -> int:
    """How many of the 36 rolls let ``player``, were it to roll next in ``position``,
    hit a lone checker on one of ``places`` (absolute points): any of its legal plays
    does (R6-R9, the bar first)."""
    return _rolls_hitting(position, player, (places,))[0]


def _rolls_hitting(
    position: Position, player: int, groups: Sequence[Collection[int]]
) -> tuple[int, ...]:
    """``rolls_that_hit`` for each group of places, the rolls' legal plays found once."""
    variant = position.variant
    targets = [{variant.path(player, place) for place in places} for places in groups]
    rolls = [0] * len(groups)
    for first in range(1, 7):
        for second in range(first, 7):
            roller = Position(variant, position.boards, player, (first, second))
            hit = {move.end for found in roller.legal_plays() for move in found.moves if move.hit}
            for index, aimed in enumerate(targets):
                if hit & aimed:
                    rolls[index] += 1 if first == second else 2  # 5-3 and 3-5: two rolls
    return tuple(rolls)
