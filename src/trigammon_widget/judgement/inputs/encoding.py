"""Tesauro's code: a net's plain inputs, the checkers of every place of every slot.

Per slot, the player's checkers at each place of its own path (bar,
path positions 1..N, tray). All paths are fixed rotations of each other (classic:
``25 - i``; trigammon: 12 points per slot), so slot ``s``'s path position ``i`` is a
fixed point of the mover's path and every checker is seen from the mover's side of
the board (``Variant.seen_by``). Each place with ``c`` checkers gives four units,
Tesauro's truncated unary code: ``c >= 1``, ``c >= 2``, ``c >= 3`` and
``(c - 3) / 2`` beyond three; the bar uses the same four units and the tray one,
``c / 15``. That is ``4 (N + 1) + 1`` units per slot: 101 x 2 = 202 inputs in classic,
149 x 3 = 447 in trigammon.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ...engine.variant import CHECKERS, Variant
from ..outcome_vectors import Floats, Ints, slot_order

__all__ = ["COUNTS", "UNITS", "UNIT_TABLE", "encode", "in_slots", "inputs_per_slot"]

UNITS = 4
"""Input units per place (bar and path positions); the tray has one."""
COUNTS = CHECKERS + 1
"""Counts a place can hold, 0..15: the rows of the first layer's tables."""


def _unit_table() -> Floats:
    """Per count 0..15, the four units of a bar or a path position."""
    table = np.zeros((COUNTS, UNITS), np.float32)
    for count in range(COUNTS):
        table[count] = (count >= 1, count >= 2, count >= 3, max(count - 3, 0) / 2)
    return table


UNIT_TABLE = _unit_table()
"""The input units of every stack height, by height (``encode`` reads them)."""


def in_slots(variant: Variant, boards: npt.NDArray[np.uint8], turns: Ints) -> npt.NDArray[np.uint8]:
    """Boards ``(B, players, N + 2)`` in seats, reordered into slots by each row's turn."""
    out = np.empty_like(boards)
    for turn in np.unique(turns):
        rows = turns == turn
        out[rows] = boards[rows][:, list(slot_order(variant, int(turn)))]
    return out


def inputs_per_slot(variant: Variant) -> int:
    """The net's inputs for one player's checkers."""
    return UNITS * (variant.points + 1) + 1


def encode(variant: Variant, slots: npt.NDArray[np.uint8]) -> Floats:
    """Input vectors of positions given as boards in slot order: ``(B, players, N + 2)``.

    ``slots[b, s]`` is slot s's board in its own path coordinates (bar, 1..N, tray).
    """
    batch, players, size = slots.shape
    per = inputs_per_slot(variant)
    out = np.empty((batch, players * per), np.float32)
    for s in range(players):
        base = s * per
        out[:, base : base + per - 1] = UNIT_TABLE[slots[:, s, : size - 1]].reshape(batch, -1)
        out[:, base + per - 1] = slots[:, s, size - 1] / CHECKERS
    return out
