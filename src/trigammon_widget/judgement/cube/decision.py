"""Cube decisions (R14): double or not, take or pass, from cubeless chances.

Any evaluator will do: a decision needs only the cubeless chances of the player on
roll, before the roll (``Chances``, GNU Backgammon's five outputs; an ``Evaluation``
of ``trigammon_widget.judgement.evaluation`` or any object with its ``turn``, ``wins``,
``gammons`` and ``backgammons`` converts). ``evaluated_chances`` makes a source of
chances from an evaluator (the project's net by default, or gnubg's). Match scores
are valued with the match equity table of ``met`` (Kazaross XG2, gnubg's default,
extended to 64 points away as gnubg extends it); money play in points.

The model is Janowski's cube efficiency (R. Janowski, "Take-points in money games",
1993): a cubeful equity is ``x * live + (1 - x) * dead``, where the dead-cube equity
is the cubeless average of the game's outcomes at the cube's value, and the live-cube
equity runs linearly in the chance of winning from the average loss, over the point
where the opponent's double would be dropped (when the opponent has the cube) and the
point where one's own double would be (when one has it), to the average win. Those
take points are found the same way one cube level up, so recubes count, until the
cube is dead: in a match, a cube whose owner wins the match with it, or in the
Crawford game; in money play, at the largest cube (``MAX_CUBE``). ``x`` is the
cube's efficiency, 0.68 by default (Janowski's value for middle games; 0 gives the
dead cube, 1 the fully live one).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Literal

from ...engine.errors import quote
from ...engine.i18n import _
from ...engine.position import Position
from ...engine.stakes import MAX_CUBE, MatchPosition
from ..judges import need_numpy
from .met import match_equity

EFFICIENCY = 0.68
"""Janowski's cube efficiency for middle games: how live a cube is, 0..1."""


@dataclass(frozen=True)
class Chances:
    """Cubeless chances of the player on roll, before the roll: to win, to win a gammon
    (backgammons included), to win a backgammon, to lose a gammon, to lose a backgammon."""

    win: float
    win_gammon: float = 0.0
    win_backgammon: float = 0.0
    lose_gammon: float = 0.0
    lose_backgammon: float = 0.0

    def __post_init__(self) -> None:
        values = (self.win, self.win_gammon, self.win_backgammon, self.lose_gammon)
        for value in (*values, self.lose_backgammon):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(
                    _("a chance is a number 0..1, not {value}").format(value=quote(value))
                )
        tolerance = 1e-6  # evaluators' float32 sums
        win, lose = self.win, 1.0 - self.win
        nested = (
            0 <= self.win_backgammon <= self.win_gammon + tolerance <= win + 2 * tolerance
            and 0 <= self.lose_backgammon <= self.lose_gammon + tolerance <= lose + 2 * tolerance
        )
        if not 0 <= win <= 1 or not nested:
            raise ValueError(
                _(
                    "chances {as_tuple} are not 0 <= backgammons <= gammons <= wins (and "
                    "losses) <= 1"
                ).format(as_tuple=self.as_tuple())
            )

    def as_tuple(self) -> tuple[float, float, float, float, float]:
        return (
            self.win,
            self.win_gammon,
            self.win_backgammon,
            self.lose_gammon,
            self.lose_backgammon,
        )

    @classmethod
    def of(cls, source: Chances | Sequence[float] | Any, turn: int | None = None) -> Chances:
        """Chances from gnubg's five numbers or from an evaluation of a classic position
        (``turn``, ``wins``, ``gammons``, ``backgammons`` per player, as
        ``evaluation.Evaluation``), for its player to move (or ``turn``)."""
        if isinstance(source, Chances):
            return source
        if isinstance(source, Sequence) and not isinstance(source, str):
            if len(source) != 5:
                raise ValueError(
                    _("chances are five numbers, not {source}").format(source=quote(source))
                )
            return cls(*source)
        wins = getattr(source, "wins", None)
        if wins is None or len(wins) != 2:
            raise ValueError(
                _(
                    "cannot read chances from {source}: give five numbers or a classic evaluation"
                ).format(source=quote(source))
            )
        mover = source.turn if turn is None else turn
        other = 1 - mover
        return cls(
            float(wins[mover]),
            float(source.gammons[other]),
            float(source.backgammons[other]),
            float(source.gammons[mover]),
            float(source.backgammons[mover]),
        )

    def flipped(self) -> Chances:
        """The same chances seen by the opponent."""
        return Chances(
            1.0 - self.win,
            self.lose_gammon,
            self.lose_backgammon,
            self.win_gammon,
            self.win_backgammon,
        )


Value = Callable[[int], float]
"""What a game is worth to a player who wins (points > 0) or loses (< 0) so many points."""


@dataclass(frozen=True)
class _Side:
    """One player's view: the worth of a game's result and whether its cube is alive."""

    value: Value
    alive: Callable[[int], bool]
    """Whether doubling a cube of this value can still gain this player anything."""


class _Model:
    """Take points and cubeful equities of one position, for both players."""

    def __init__(
        self, chances: Chances, sides: tuple[_Side, _Side], efficiency: float, jacoby: bool
    ) -> None:
        self.chances = (chances, chances.flipped())
        self.singles = (
            Chances(chances.win),
            Chances(1.0 - chances.win),
        )
        self.sides = sides
        self.efficiency = efficiency
        self.jacoby = jacoby
        self.take_points: dict[tuple[int, int], float] = {}

    def average(self, me: int, cube: int, owner: int | None) -> tuple[float, float]:
        """``me``'s average worth of a win and of a loss at ``cube``, gammons weighed
        (none while the cube is centred under the Jacoby rule)."""
        singles = self.jacoby and owner is None
        c, value = (self.singles if singles else self.chances)[me], self.sides[me].value
        win, lose = c.win, 1.0 - c.win
        wins = (
            (win - c.win_gammon) * value(cube)
            + (c.win_gammon - c.win_backgammon) * value(2 * cube)
            + c.win_backgammon * value(3 * cube)
        )
        losses = (
            (lose - c.lose_gammon) * value(-cube)
            + (c.lose_gammon - c.lose_backgammon) * value(-2 * cube)
            + c.lose_backgammon * value(-3 * cube)
        )
        # With no wins (or losses) at all, any worth will do: it is weighed by 0.
        return (wins / win if win else value(cube), losses / lose if lose else value(-cube))

    def access(self, me: int, cube: int, owner: int | None) -> bool:
        """Whether ``me`` can usefully double a cube of value ``cube`` held by ``owner``."""
        return owner in (None, me) and cube < MAX_CUBE and self.sides[me].alive(cube)

    def equity(self, me: int, cube: int, owner: int | None, p: float) -> float:
        """``me``'s cubeful equity at winning chance ``p`` (Janowski)."""
        won, lost = self.average(me, cube, owner)
        dead = p * won + (1.0 - p) * lost
        live = _interpolate(self.anchors(me, cube, owner), p)
        return self.efficiency * live + (1.0 - self.efficiency) * dead

    def anchors(self, me: int, cube: int, owner: int | None) -> list[tuple[float, float]]:
        """The live cube's equity for ``me`` at its knots, by winning chance: the
        average loss, the opponent's take point (where its double would be dropped),
        ``me``'s cash point, the average win."""
        won, lost = self.average(me, cube, owner)
        value = self.sides[me].value
        anchors = [(0.0, lost)]
        if self.access(1 - me, cube, owner):
            anchors.append((self.take_point(me, cube), value(-cube)))
        if self.access(me, cube, owner):
            anchors.append((1.0 - self.take_point(1 - me, cube), value(cube)))
        anchors.append((1.0, won))
        anchors.sort()  # at odd scores a take point may lie beyond the cash point
        return anchors

    def take_point(self, me: int, cube: int) -> float:
        """The least winning chance with which ``me`` takes a double from ``cube``."""
        known = self.take_points.get((me, cube))
        if known is None:
            known = self.take_points[me, cube] = self._take_point(me, cube)
        return known

    def _take_point(self, me: int, cube: int) -> float:
        """Where taking stops losing more than dropping: the equity after a take is
        linear in the winning chance between the live cube's knots (``anchors``), so
        the first knot at or above the drop's worth bounds the segment it is solved in."""
        drop = self.sides[me].value(-cube)
        knots = [x for x, _ in self.anchors(me, 2 * cube, me)]
        values = [self.equity(me, 2 * cube, me, x) for x in knots]
        if values[-1] < drop:
            return 1.0
        if values[0] >= drop:
            return 0.0
        for (x0, y0), (x1, y1) in pairwise(zip(knots, values, strict=True)):
            if y1 >= drop:
                return x1 if y1 == y0 else x0 + (drop - y0) * (x1 - x0) / (y1 - y0)
        return 1.0


def _interpolate(anchors: list[tuple[float, float]], p: float) -> float:
    """The piecewise linear function through ``anchors`` (sorted by x) at ``p``."""
    for (x0, y0), (x1, y1) in pairwise(anchors):
        if p <= x1:
            return y0 if x1 <= x0 else y0 + (y1 - y0) * (p - x0) / (x1 - x0)
    return anchors[-1][1]


Action = Literal["no double", "double", "too good"]
"""What the player on roll should do with the cube."""


@dataclass(frozen=True)
class CubeDecision:
    """The cube decision of the player on roll, with the equities behind it.

    Equities are the doubler's: in a match its chance to win the match, in money play
    its points per point of the cube's value now (so a dropped double is worth 1).
    ``take_point`` is the least winning chance with which the opponent takes.
    ``scale``: half what winning rather than losing a single game at the cube's value
    now is worth, in the same unit (1 in money play), for ``normalised``.
    """

    no_double: float
    double_take: float
    double_pass: float
    take_point: float
    unit: Literal["match", "money"]
    scale: float = 1.0

    def normalised(self, equity: float) -> float:
        """One of the doubler's equities as money points per point of the cube now: 1
        for a cash, -1 for losing a single game (GNU Backgammon's normalised equity), so
        that match and money decisions, and their errors, compare with plays'."""
        return (equity - self.double_pass) / self.scale + 1

    @property
    def action(self) -> Action:
        """``"double"`` when doubling gains, ``"too good"`` when playing on for a gammon
        beats a cash, else ``"no double"``."""
        if min(self.double_take, self.double_pass) > self.no_double:
            return "double"
        if self.no_double >= self.double_pass < self.double_take:
            return "too good"
        return "no double"

    @property
    def double(self) -> bool:
        return self.action == "double"

    @property
    def take(self) -> bool:
        """Whether the opponent should take a double: taking loses it less than dropping."""
        return self.double_take <= self.double_pass

    @property
    def equity(self) -> float:
        """The doubler's equity when both sides choose right."""
        if not self.double:
            return self.no_double
        return min(self.double_take, self.double_pass)

    def __str__(self) -> str:
        """The proper action, then each choice in points per cube as the board's Hints
        and reviews give them (``normalised``): walk 15 read the match winning chances
        printed here beside the board's points as a contradiction."""
        answer = "take" if self.take else "pass"
        action = {"no double": "No double", "double": "Double", "too good": "Too good"}
        no_double, take, drop = (
            self.normalised(e) for e in (self.no_double, self.double_take, self.double_pass)
        )
        return (
            f"{action[self.action]}, {answer} (points per cube: no double {no_double:+.3f}, "
            f"double/take {take:+.3f}, double/pass {drop:+.3f}; take point "
            f"{self.take_point:.1%})"
        )


def _sides(match: MatchPosition) -> tuple[_Side, _Side]:
    """Both players' worth of results and live cubes: the MET, or points in money play.

    Index 0 is the player on roll. After the Crawford game or a game after it, the
    next game is post-Crawford; otherwise a player reaching 1-away plays the Crawford
    game next, which the table's first row holds.
    """
    state, cube, mover = match.state, match.cube, match.position.turn
    if state.money:

        def points(k: int) -> float:
            return k / cube.value

        money = _Side(points, lambda value: True)  # up to MAX_CUBE, the last double
        return money, money
    away = (state.away(mover), state.away(1 - mover))
    played_out = state.crawford or state.post_crawford

    def side(me: int) -> _Side:
        def value(k: int) -> float:
            mine, theirs = away[me], away[1 - me]
            if k > 0:
                mine = max(mine - k, 0)
            else:
                theirs = max(theirs + k, 0)
            return match_equity(mine, theirs, post_crawford=played_out)

        return _Side(value, lambda cube_value: not state.crawford and cube_value < away[me])

    return side(0), side(1)


def cube_decision(
    match: MatchPosition,
    chances: Chances | Sequence[float] | Any,
    *,
    efficiency: float = EFFICIENCY,
) -> CubeDecision:
    """Double or not, and take or pass, for the player on roll of ``match``.

    ``chances`` are the cubeless chances of the player on roll (``Chances.of``
    converts gnubg's five numbers and evaluations). The decision is the model's
    whatever the cube's state; whether a double is legal now is the engine's
    (``MatchPosition.legal_cube_actions``).
    """
    if match.position.variant.players != 2:
        raise ValueError(_("trigammon has no doubling cube (R14 is classic only)"))
    if isinstance(efficiency, bool) or not isinstance(efficiency, int | float):
        raise ValueError(
            _("efficiency is a number 0..1, not {efficiency}").format(efficiency=quote(efficiency))
        )
    if not 0 <= efficiency <= 1:
        raise ValueError(
            _("efficiency is a number 0..1, not {efficiency}").format(efficiency=quote(efficiency))
        )
    mine = Chances.of(chances, match.position.turn)
    sides = _sides(match)
    state = match.state
    model = _Model(mine, sides, float(efficiency), state.money and state.jacoby)
    cube = match.cube
    owner = None if cube.owner is None else (0 if cube.owner == match.position.turn else 1)
    value = cube.value
    return CubeDecision(
        no_double=model.equity(0, value, owner, mine.win),
        double_take=model.equity(0, 2 * value, 1, mine.win),
        double_pass=sides[0].value(value),
        take_point=model.take_point(1, value),
        unit="money" if match.state.money else "match",
        scale=(sides[0].value(value) - sides[0].value(-value)) / 2,
    )


def evaluated_chances(
    evaluator: str | Any | None = None, ply: int = 0
) -> Callable[[Position], Chances]:
    """Chances by ``evaluation.evaluate`` with ``evaluator`` (a name, ``"neural"`` by
    default or ``"gnubg"``, or an ``Evaluator``) at ``ply``: what ``bots.CubeBot``
    decides by."""
    need_numpy(_("Chances by the nets"))
    from ..evaluation import evaluate, find_evaluator

    chosen = find_evaluator(evaluator)

    def chances(position: Position) -> Chances:
        return Chances.of(evaluate(position.with_dice(), evaluator=chosen, ply=ply))

    return chances


def race_chances(position: Position) -> Chances:
    """Rough chances from the pip counts alone, for when no evaluator is at hand: the
    race as a normal distribution (Kleinman's count: the lead plus 4 pips for being on
    roll, over twice the root of the pips in play less 4). Contact and gammons are not
    seen: a stand-in until an evaluator gives real chances."""
    if position.variant.players != 2:
        raise ValueError(_("the race formula is for classic backgammon"))
    mine = position.pip_count(position.turn)
    theirs = position.pip_count(1 - position.turn)
    lead = theirs - mine + 4
    spread = 2 * math.sqrt(max(mine + theirs - 4, 1))
    win = 0.5 * (1 + math.erf(lead / spread / math.sqrt(2)))
    return Chances(min(max(win, 0.0), 1.0))
