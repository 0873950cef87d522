"""The numba twin of ``trigammon``: trigammon's hand-made inputs, its fast path.

``trigammon`` is the reference and the one definition of every feature (its
text says what each means); ``trigammon_features_of`` computes the same array for a
batch of boards in slots, one position at a time in compiled loops, and
``position_features`` does it for one position from inside compiled code (the feature
nets' pass, ``judgement.nets.compiled``). The values are numpy's bit for bit
(``tests/judgement/inputs/test_trigammon.py``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from ...engine.variant import CHECKERS, TRIGAMMON, Variant
from ..outcome_vectors import Floats
from . import trigammon
from .compiled_counts import escapes_past, masks, off_parts, shots_of
from .counts import MIXED, escape_tables

__all__ = ["position_features", "trigammon_features_of", "workspace"]

Array = npt.NDArray[Any]

TRI_POINTS = trigammon.POINTS
TRI_HOME = trigammon.HOME
PER_PLAYER = len(trigammon.PLAYER_FEATURES)
PER_PAIR = len(trigammon.PAIR_FEATURES)


@njit(cache=True, nogil=True)
def workspace(players: int) -> tuple[Array, Array]:
    """The buffers ``position_features`` works in: a board, its escapes, and each other
    player's checkers and losses on it (integers); its closed and open points."""
    return (
        np.zeros((2 + 2 * players, TRI_POINTS + 1), np.int64),
        np.zeros((2, TRI_POINTS + 1), np.bool_),
    )


@njit(cache=True, nogil=True)
def position_features(
    slots: Array,
    paths: Array,
    escapes: Array,
    mixed: Array,
    work: Array,
    flags: Array,
    row: Array,
) -> None:
    """``trigammon.trigammon_features`` of one position, its boards in slots
    ``slots`` ``(3, 38)``, into ``row`` (the same features in the same order), working
    in the buffers of ``workspace``."""
    n = TRI_POINTS
    players = slots.shape[0]
    board, rolls = work[0], work[1]
    blocked, open_ = flags[0], flags[1]
    pair_at = players * PER_PLAYER
    pair = 0
    for a in range(players):
        for p in range(n + 1):
            board[p] = slots[a, p]
            blocked[p] = False
        for v in range(players):
            if v == a:
                continue
            seen, losses = work[2 + v], work[2 + players + v]
            seen[0] = 0
            for q in range(1, n + 1):
                seen[paths[a, v, q]] = slots[v, q]
                losses[paths[a, v, q]] = q
            for p in range(1, n + 1):
                blocked[p] |= seen[p] >= 2
        k = a * PER_PLAYER
        pips = outfield = spares = 0
        rear = n + 1
        for p in range(n + 1):
            pips += board[p] * (n + 1 - p)
            if p < TRI_HOME:
                outfield += board[p] * (TRI_HOME - p)
            elif board[p] > 2:
                spares += board[p] - 2
            if board[p] > 0 and rear > n:
                rear = p
        row[k] = pips / 100
        off_parts(slots[a, n + 1], row, k + 1)
        runner = min(rear, n)
        row[k + 4] = (n - runner) / n
        row[k + 5] = outfield / 100
        row[k + 6] = spares / CHECKERS
        escapes_past(blocked, escapes, rolls, n)
        row[k + 7] = rolls[runner] / 36
        fewest = 36
        for p in range(TRI_HOME):
            if board[p] > 0:
                fewest = min(fewest, rolls[p])
        trapped = (36 - fewest) / 36
        row[k + 8] = trapped
        row[k + 9] = trapped * trapped
        closed = 0
        for p in range(1, 7):
            closed += blocked[p]
        share = closed / 6
        row[k + 10] = share * share
        run = best = 0
        for p in range(1, n + 1):
            run = run + 1 if board[p] >= 2 else 0
            best = max(best, run)
        row[k + 11] = min(best, 6) / 6
        for p in range(n + 1):
            open_[p] = not blocked[p]
        have, lone, way = masks(board, open_, n)
        for v in range(players):
            if v == a:
                continue
            blots = 0
            for p in range(1, n + 1):
                if work[2 + v, p] == 1:
                    blots |= 1 << p
            losses = work[2 + players + v]
            hit, double, lost = shots_of(have, lone, blots, way, board[0], losses, mixed)
            k = pair_at + pair * PER_PAIR
            row[k] = np.float32(hit) / np.float32(36)
            row[k + 1] = np.float32(double) / np.float32(36)
            row[k + 2] = lost / (36 * 36)
            pair += 1


@njit(cache=True, nogil=True)
def _batch(
    slots: Array, paths: Array, escapes: Array, mixed: Array, work: Array, flags: Array, out: Array
) -> None:
    for b in range(len(slots)):
        position_features(slots[b], paths, escapes, mixed, work, flags, out[b])


def trigammon_features_of(slots: npt.NDArray[np.integer], variant: Variant = TRIGAMMON) -> Floats:
    """``trigammon.trigammon_features``."""
    out = np.empty((len(slots), trigammon.FEATURES), np.float32)
    escapes, _ = escape_tables()
    paths = trigammon.slot_paths(variant)
    contiguous = np.ascontiguousarray(slots, np.uint8)
    _batch(contiguous, paths, escapes, MIXED, *workspace(TRIGAMMON.players), out)
    return out
