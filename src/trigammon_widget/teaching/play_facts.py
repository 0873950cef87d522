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

__all__ = ["BACK", "BLOCK", "DEEP", "PRIME", "PlayFacts", "play_facts", "rolls_that_hit"]


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
    counted = [
        (player, rolls_that_hit(after, player, places) if places else 0) for player in opponents
    ]
    costly = [place for place, pips in blots if pips > BACK]
    mixed = 0 < len(costly) < len(places)
    costly_counted = [
        (player, rolls_that_hit(after, player, costly) if mixed else 0) for player in opponents
    ]
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
    variant = position.variant
    targets = {variant.path(player, place) for place in places}
    rolls = 0
    for first in range(1, 7):
        for second in range(first, 7):
            roller = Position(variant, position.boards, player, (first, second))
            if any(
                move.hit and move.end in targets
                for found in roller.legal_plays()
                for move in found.moves
            ):
                rolls += 1 if first == second else 2  # 5-3 and 3-5 are two rolls
    return rolls
