"""The plain-text board of ``str(position)``: for terminals, doctests and logs."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .position import Position

SYMBOLS = "XOV"
"""One letter per player in text output."""


def _cell(position: Position, point: int) -> str:
    occupant = position.points[point]
    if occupant is None:
        return "   ."
    player, count = occupant
    return f" {SYMBOLS[player]}{count:>2}"


def diagram(position: Position) -> str:
    """Rows of points with owner letter and count, then bar, tray and pips per player.

    Trigammon prints one row per side, 12 absolute points (two zones of 6), named after
    the player seated in front of it, whose outer zone and home they are; classic prints
    the usual two rows of 12 seen from player X, whose points (numbered as in the
    notation) run 13..24 on top and 12..1 below.
    """
    variant = position.variant
    if variant.players == 3:
        rows = []
        for side in range(3):
            first = 12 * side + 1
            seated = (side + 1) % 3  # these are its path positions 25..36 (RULES.md Seating)
            numbers = "".join(f"{p:>4}" for p in range(first, first + 12))
            cells = "".join(_cell(position, p) for p in range(first, first + 12))
            rows += [f"side {SYMBOLS[seated]}{numbers}", f"      {cells}"]
    else:
        top, bottom = range(13, 25), range(12, 0, -1)
        absolute = variant.off  # X's point k is absolute point 25 - k
        rows = [
            "  " + "".join(f"{k:>4}" for k in top),
            "  " + "".join(_cell(position, absolute - k) for k in top),
            "  " + "".join(_cell(position, absolute - k) for k in bottom),
            "  " + "".join(f"{k:>4}" for k in bottom),
        ]
    rows.append("")
    for player in range(variant.players):
        marker = ">" if player == position.turn else " "
        rows.append(
            f"{marker} {SYMBOLS[player]}  bar {position.bar(player):>2}  off "
            f"{position.borne_off(player):>2}  pips {position.pip_count(player):>3}"
        )
    dice = "-".join(map(str, position.dice)) if position.dice else "not rolled"
    rows.append(f"{variant.name}, {SYMBOLS[position.turn]} to move, dice {dice}")
    return "\n".join(rows)
