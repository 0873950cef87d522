"""Moves and plays: small immutable values in the mover's path coordinates.

Path position 0 is the bar, 1..N the points of the player's path (R1 numbering),
N + 1 the borne-off tray. Notation turns them into text (see ``notation``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

BAR = 0
"""Path position of the bar in every variant."""


@dataclass(frozen=True, slots=True)
class Move:
    """One checker moved by one die (R4): ``start`` -> ``end``, ``hit`` if it hit (R7)."""

    start: int
    end: int
    die: int
    hit: bool = False


@dataclass(frozen=True, slots=True)
class Play:
    """The whole sequence of checker moves of one turn; empty when no move is possible."""

    moves: tuple[Move, ...] = ()

    def __iter__(self) -> Iterator[Move]:
        return iter(self.moves)

    def __len__(self) -> int:
        return len(self.moves)

    def __bool__(self) -> bool:
        return bool(self.moves)

    @property
    def dice_used(self) -> tuple[int, ...]:
        return tuple(m.die for m in self.moves)
