"""Hand-made inputs of trigammon positions: what each player counts at a glance.

Classic's nets read counts such as shots and escapes beside the raw checker counts
(``features``); this module gives trigammon's nets the same kind of inputs, for three
players who all move the same way round (R1), each path 12 points on from the one
before (R3).

**Coordinates.** Boards come in slots ``(B, 3, 38)`` (``network.in_slots``: slot 0 to
roll, then in turn order), each in its own path coordinates: 0 the bar, 1..36 the path
(31..36 home, R10), 37 the tray. Every player's path covers the whole ring once, so
another player's checker on its path position ``q`` sits on one of a player's path
positions (``Variant.seen_by``), and a hit looks on a 36-point path as it does on
classic's 24 (``counts.shots_at``). A point held by two or more checkers of either
other player is closed to a player (R6).

**A player's features** (``PLAYER_FEATURES``, per slot):

- ``pips``: its pip count (37 from the bar) / 100; ``off_1`` .. ``off_3``: checkers
  borne off, as 0..5, 5..10 and 10..15, each scaled to 0..1.
- ``back_checker``: how far back its rearmost checker is, 0 (its last point) .. 1 (the
  bar).
- ``outfield_pips``: the pips it needs to bring every checker home, / 100;
  ``home_spares``: its checkers on home points beyond the second, / 15.
- ``back_escapes``: the rolls (of 36) with which its rearmost checker escapes the
  points the others hold (``counts.escapes_past``), / 36.
- ``trapped``: 1 - the fewest escapes (/ 36) of any of its checkers outside home (the
  bar too); 0 with none; ``trapped_2`` its square.
- ``dance``: the chance that one checker on its bar does not enter: (points the
  others hold on its entry points 1..6 / 6) squared.
- ``prime``: its longest run of held points (two or more checkers), / 6, at most 1.

**A pair's features** (``PAIR_FEATURES``, for each hitter and victim in ``PAIRS``): the
rolls (of 36) with which the hitter hits at least one of the victim's blots, two or
more, and the pips the best hit costs the victim summed over the rolls, / 1296
(``counts.shots_at``, as if the hitter were to roll).
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from ..engine.variant import CHECKERS, TRIGAMMON, Variant
from . import counts
from .outcomes import Floats, slot_order

__all__ = [
    "FEATURES",
    "PAIRS",
    "PAIR_FEATURES",
    "PLAYER_FEATURES",
    "slot_paths",
    "trigammon_features",
]

POINTS = TRIGAMMON.points
HOME = TRIGAMMON.home_start
PLAYERS = TRIGAMMON.players
PLAYER_FEATURES = (
    "pips",
    "off_1",
    "off_2",
    "off_3",
    "back_checker",
    "outfield_pips",
    "home_spares",
    "back_escapes",
    "trapped",
    "trapped_2",
    "dance",
    "prime",
)
"""The hand-made inputs of each player, in the net's order."""
PAIR_FEATURES = ("hit_rolls", "double_hit_rolls", "hit_pips")
"""The hand-made inputs of each (hitter, victim) pair, in the net's order."""
PAIRS = tuple((a, v) for a in range(PLAYERS) for v in range(PLAYERS) if a != v)
"""(hitter, victim) slots."""
FEATURES = PLAYERS * len(PLAYER_FEATURES) + len(PAIRS) * len(PAIR_FEATURES)
"""How many features a position has: the players' in slot order, then the pairs'."""

Slots = npt.NDArray[np.uint8]
Counts = npt.NDArray[np.int64]


@cache
def slot_paths(variant: Variant) -> Counts:
    """``[a, v, q]``: slot ``a``'s path position of slot ``v``'s path position ``q``
    (1..36; column 0 maps to 0). Slots keep their geometry whoever is to move."""
    order = slot_order(variant, 0)
    table = np.zeros((PLAYERS, PLAYERS, POINTS + 1), np.int64)
    for a in range(PLAYERS):
        for v in range(PLAYERS):
            seen = variant.seen_by(order[a], order[v])
            table[a, v, 1:] = seen[1 : POINTS + 1]
    table.setflags(write=False)
    return table


def _seen(slots: Counts, paths: Counts, a: int, v: int) -> Counts:
    """Slot ``v``'s checkers on slot ``a``'s path positions ``(B, 37)`` (0 on the bar)."""
    out = np.zeros((len(slots), POINTS + 1), np.int64)
    out[:, paths[a, v, 1:]] = slots[:, v, 1 : POINTS + 1]
    return out


def _longest_run(held: npt.NDArray[np.bool_]) -> Counts:
    run = np.zeros(len(held), np.int64)
    best = np.zeros(len(held), np.int64)
    for p in range(held.shape[1]):
        run = np.where(held[:, p], run + 1, 0)
        best = np.maximum(best, run)
    return best


def trigammon_features(slots: Slots, variant: Variant = TRIGAMMON) -> Floats:
    """``(B, FEATURES)``: the module's features of boards in slots ``(B, 3, 38)``."""
    boards = slots.astype(np.int64)
    batch = len(boards)
    paths = slot_paths(variant)
    index = np.arange(POINTS + 1)
    rows = np.arange(batch)
    out = np.zeros((batch, FEATURES), np.float32)
    per = len(PLAYER_FEATURES)
    pair_at = PLAYERS * per
    for a in range(PLAYERS):
        board = boards[:, a, : POINTS + 1]
        seen = {v: _seen(boards, paths, a, v) for v in range(PLAYERS) if v != a}
        blocked = np.zeros((batch, POINTS + 1), np.bool_)
        for theirs in seen.values():
            blocked[:, 1:] |= theirs[:, 1:] >= 2
        at = a * per
        out[:, at] = board @ (POINTS + 1 - index) / 100
        for k, part in enumerate(counts.off_parts(boards[:, a, POINTS + 1])):
            out[:, at + 1 + k] = part
        held = board > 0
        rear = np.where(held.any(axis=1), held.argmax(axis=1), POINTS + 1)
        out[:, at + 4] = (POINTS - np.minimum(rear, POINTS)) / POINTS
        outside = index < HOME
        out[:, at + 5] = (board * (HOME - index) * outside).sum(axis=1) / 100
        out[:, at + 6] = np.maximum(board[:, HOME:] - 2, 0).sum(axis=1) / CHECKERS
        escapes = counts.escapes_past(blocked)
        out[:, at + 7] = escapes[rows, np.minimum(rear, POINTS)] / 36
        fewest = np.where(held & outside, escapes, 36).min(axis=1)
        out[:, at + 8] = (36 - fewest) / 36
        out[:, at + 9] = ((36 - fewest) / 36) ** 2
        out[:, at + 10] = (blocked[:, 1:7].sum(axis=1) / 6) ** 2
        out[:, at + 11] = np.minimum(_longest_run(board[:, 1:] >= 2), 6) / 6
        for v, theirs in seen.items():
            losses = np.zeros(POINTS + 1, np.int64)
            losses[paths[a, v, 1:]] = np.arange(1, POINTS + 1)
            hit, double, pips = counts.shots_at(board, theirs == 1, ~blocked, losses)
            k = pair_at + PAIRS.index((a, v)) * len(PAIR_FEATURES)
            out[:, k] = hit / 36
            out[:, k + 1] = double / 36
            out[:, k + 2] = pips / (36 * 36)
    return out
