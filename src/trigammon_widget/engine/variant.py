"""The two games as data: board geometry plus the rule Readings of RULES.md.

A variant is a frozen value; the Readings (R2, R3) are its options, switched with
``variant.with_options(...)`` so a choice is never hidden in code.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal, get_args

from .errors import quote
from .i18n import _

CHECKERS = 15
"""Checkers per player (R1)."""

START_LAYOUT: tuple[tuple[int, int], ...] = ((1, 2), (12, 5), (17, 3), (19, 5))
"""(path position, checkers) of the start position, the same for every player (R1)."""

OpeningReroll = Literal["tied", "all"]
"""Who rolls again after a tie of the opening roll (R2): the tied players, or all."""
OpeningMove = Literal["opening-dice", "fresh-roll"]
"""Whether the opening roll's dice are played, or the winner rolls afresh (R2)."""
TurnOrder = Literal["left", "right"]
"""Which way the turn passes round the table (R3)."""

OPTIONS: dict[str, tuple[str, ...]] = {
    "opening_reroll": get_args(OpeningReroll),
    "opening_move": get_args(OpeningMove),
    "turn_order": get_args(TurnOrder),
}
"""The rule options of a variant (its Readings) and their values, in a fixed order."""

GEOMETRIES: dict[str, tuple[int, int]] = {"trigammon": (3, 36), "classic": (2, 24)}
"""(players, points) of each game; the geometry is fixed, only the Readings vary."""


@dataclass(frozen=True)
class Variant:
    """Geometry and rule options of one game.

    ``opening_reroll`` (R2 Reading): ``"tied"`` re-rolls only the players tied for the
    highest die; ``"all"`` has everybody roll again.
    ``opening_move`` (R2): ``"opening-dice"`` plays the opening dice as the first roll
    (classic custom); ``"fresh-roll"`` has the starter roll two new dice.
    ``turn_order`` (R3 Reading): ``"left"`` passes play from player p to p + 1,
    ``"right"`` to p - 1.
    """

    name: str
    players: int
    points: int
    opening_reroll: OpeningReroll = "tied"
    opening_move: OpeningMove = "fresh-roll"
    turn_order: TurnOrder = "left"
    _to_abs: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    _to_path: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    _seen_by: tuple[tuple[tuple[int, ...], ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        geometry = GEOMETRIES.get(self.name) if isinstance(self.name, str) else None
        given = (self.players, self.points)
        if geometry is None or given != geometry or {type(v) for v in given} != {int}:
            raise ValueError(
                _(
                    "no game {name} with {players} players and {points} points: the "
                    "geometries are {geometries}"
                ).format(
                    name=quote(self.name),
                    players=quote(self.players),
                    points=quote(self.points),
                    geometries=GEOMETRIES,
                )
            )
        for name, values in OPTIONS.items():
            value = getattr(self, name)
            if not isinstance(value, str) or value not in values:
                raise ValueError(
                    _("{name} must be one of {values}, not {value}").format(
                        name=name, values=values, value=quote(value)
                    )
                )
        if self.opening_move == "opening-dice" and self.players != 2:
            raise ValueError(
                _("opening_move='opening-dice' needs exactly two opening dice (classic)")
            )
        to_abs = tuple(
            (0, *(self._absolute(p, i) for i in range(1, self.points + 1)))
            for p in range(self.players)
        )
        to_path = []
        for p in range(self.players):
            inverse = [0] * (self.points + 1)
            for i in range(1, self.points + 1):
                inverse[to_abs[p][i]] = i
            to_path.append(tuple(inverse))
        object.__setattr__(self, "_to_abs", to_abs)
        object.__setattr__(self, "_to_path", tuple(to_path))
        seen_by = tuple(
            tuple(
                (0, *(to_path[viewer][to_abs[owner][i]] for i in range(1, self.points + 1)))
                for owner in range(self.players)
            )
            for viewer in range(self.players)
        )
        object.__setattr__(self, "_seen_by", seen_by)

    def _absolute(self, player: int, pos: int) -> int:
        if self.players == 3:
            return (12 * player + pos - 1) % self.points + 1
        return pos if player == 0 else self.points + 1 - pos

    @property
    def off(self) -> int:
        """Index of the borne-off tray in a player's path coordinates (bar is 0)."""
        return self.points + 1

    @property
    def home_start(self) -> int:
        """First path position of a player's home, the last quadrant (R10)."""
        return self.points - 5

    @property
    def code(self) -> str:
        """One letter naming the geometry in IDs."""
        return self.name[0].upper()

    def absolute(self, player: int, pos: int) -> int:
        """Absolute point (1..N) of a player's path position (1..N)."""
        return self._to_abs[player][pos]

    def path(self, player: int, point: int) -> int:
        """A player's path position of an absolute point: the inverse of ``absolute``."""
        return self._to_path[player][point]

    def seen_by(self, viewer: int, owner: int) -> tuple[int, ...]:
        """Table from ``owner``'s path positions to ``viewer``'s (index 0 unused)."""
        return self._seen_by[viewer][owner]

    def next_player(self, player: int) -> int:
        """Who moves after ``player`` (R3)."""
        step = 1 if self.turn_order == "left" else -1
        return (player + step) % self.players

    def with_options(self, **options: str) -> Variant:
        """A copy with other Readings, e.g. ``TRIGAMMON.with_options(turn_order="right")``.

        Only the options of ``OPTIONS`` can change; the geometry is fixed.
        """
        for name in options:
            if name not in OPTIONS:
                raise ValueError(
                    _(
                        "unknown option {name}: the options are {options} (the board's "
                        "geometry is fixed)"
                    ).format(name=quote(name), options=", ".join(OPTIONS))
                )
        return replace(self, **options)  # type: ignore[arg-type]


TRIGAMMON = Variant("trigammon", players=3, points=36)
"""Three players on 36 points (R1)."""
CLASSIC = Variant("classic", players=2, points=24, opening_move="opening-dice")
"""Classic backgammon: two players on 24 points, the opening dice played."""
VARIANTS = (TRIGAMMON, CLASSIC)
"""Both variants, trigammon first."""
_ALIASES = {"trigammon": TRIGAMMON, "classic": CLASSIC, "backgammon": CLASSIC}


def find_variant(name: str | Variant) -> Variant:
    """Look a variant up by name (``"trigammon"``, ``"classic"``, or ``"backgammon"``)."""
    if isinstance(name, Variant):
        return name
    found = _ALIASES.get(name.strip().lower()) if isinstance(name, str) else None
    if found is None:
        raise ValueError(
            _("unknown variant {name}: use 'trigammon' or 'classic'").format(name=quote(name))
        )
    return found
