"""The numba twin of ``classic``: the classic phase nets' inputs, its optional fast path.

``classic`` is the reference and the one definition of every input (its module
docstring says what each means); this module computes the same arrays
(``phases``, ``contact_inputs``, ``race_inputs``) for a batch of boards in slots
``(B, 2, 26)``, one position at a time in compiled loops instead of numpy's operations
over the whole batch, which cost more in calls than in arithmetic for the few dozen
plays of a roll. ``phases.phase_inputs`` uses it when the fast path is in use
(``engine.fast``).

The values are numpy's bit for bit (``tests/judgement/inputs/test_compiled_classic.py``):
each feature is computed in the precision numpy computes it (mostly float64, stored as
float32; the shot counts' shares in float32), and a sum of float64 terms over a row goes
in numpy's pairwise order (``_row_sum``), so no ``fastmath`` here. The tables are numpy's,
passed in: Tesauro's units (``encoding.UNIT_TABLE``) and the escapes
(``counts.escape_tables``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from ..outcome_vectors import Floats
from . import classic
from .classic import (
    CHECKERS,
    CONTACT,
    CRASHED,
    HALF_FEATURES,
    HOME,
    OVER,
    POINTS,
    RACE,
    RACE_FEATURES,
    SIZE,
)
from .compiled_counts import MASK, off_parts, shots
from .counts import MIXED, escape_tables
from .encoding import UNIT_TABLE, UNITS

__all__ = ["TWINS", "contact_inputs", "phases", "race_inputs"]

Array = npt.NDArray[Any]
Inputs = Callable[[npt.NDArray[np.uint8]], Floats]

RAW = 2 * (UNITS * (POINTS + 1) + 1)
"""Tesauro's code of both sides (``classic.raw_inputs``)."""
HALF = len(HALF_FEATURES)
RACE_HALF = len(RACE_FEATURES)


# --- numpy's arithmetic -----------------------------------------------------------------


@njit(cache=True, nogil=True)
def _row_sum(terms: Array, n: int) -> float:
    """``terms[:n].sum()`` in numpy's order (its pairwise summation, eight running sums
    for a row of 8..128 terms), so that a float64 sum has numpy's last bit."""
    if n < 8:
        total = 0.0
        for i in range(n):
            total += terms[i]
        return float(total)
    r0, r1, r2, r3 = terms[0], terms[1], terms[2], terms[3]
    r4, r5, r6, r7 = terms[4], terms[5], terms[6], terms[7]
    i = 8
    while i < n - n % 8:
        r0 += terms[i]
        r1 += terms[i + 1]
        r2 += terms[i + 2]
        r3 += terms[i + 3]
        r4 += terms[i + 4]
        r5 += terms[i + 5]
        r6 += terms[i + 6]
        r7 += terms[i + 7]
        i += 8
    total = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
    while i < n:
        total += terms[i]
        i += 1
    return float(total)


# --- coordinates (features' section of the same name) -------------------------------------


@njit(cache=True, nogil=True)
def _rearmost(board: Array) -> int:
    for p in range(POINTS + 1):
        if board[p] > 0:
            return p
    return POINTS + 1


@njit(cache=True, nogil=True)
def _seen(board: Array, out: Array) -> None:
    """``classic.seen`` of one board."""
    out[0] = 0
    out[SIZE - 1] = 0
    for p in range(1, POINTS + 1):
        out[p] = board[POINTS + 1 - p]


@njit(cache=True, nogil=True)
def _pips(board: Array) -> int:
    total = 0
    for p in range(POINTS + 1):
        total += board[p] * (POINTS + 1 - p)
    return total


@njit(cache=True, nogil=True)
def _escapes(blockers: Array, table: Array, out: Array) -> None:
    """``classic.escape_rolls`` of one board of blockers, from ``table`` (one of
    ``counts.escape_tables``)."""
    bits = 0
    for p in range(1, POINTS + 1):
        if blockers[p] >= 2:
            bits |= 1 << p
    for q in range(POINTS + 1):
        out[q] = table[(bits >> (q + 1)) & MASK]


# --- a side's features (classic.half_features) ---------------------------------------------


@njit(cache=True, nogil=True)
def _half(
    me: Array,
    opp: Array,
    escapes: Array,
    beyond: Array,
    mixed: Array,
    out: Array,
    at: int,
) -> None:
    """``classic.half_features`` of one position into ``out[at:at + HALF]``: the same
    features in the same order (``HALF_FEATURES``)."""
    mine_seen = np.empty(SIZE, np.int64)
    theirs = np.empty(SIZE, np.int64)
    _seen(me, mine_seen)
    _seen(opp, theirs)
    out[at] = _pips(me) / 100
    off_parts(me[SIZE - 1], out, at + 1)
    their_back = POINTS + 1 - _rearmost(opp)
    contact = free = outfield = mean_sum = on_board = 0
    for p in range(POINTS + 1):
        if p < their_back:
            contact += me[p] * (their_back - p + 1)
        else:
            free += me[p] * (POINTS + 1 - p)
        if p < HOME:
            outfield += me[p] * (HOME - p)
        mean_sum += me[p] * (POINTS + 1 - p)
        on_board += me[p]
    out[at + 4] = contact / 167
    out[at + 5] = free / 100
    out[at + 6] = outfield / 100
    spares = 0
    for p in range(HOME, POINTS + 1):
        spares += max(me[p] - 2, 0)
    out[at + 7] = spares / CHECKERS
    out[at + 8] = min(POINTS - _rearmost(me), POINTS) / POINTS
    anchor = POINTS + 1
    for p in range(1, POINTS + 1):
        if me[p] >= 2:
            anchor = p
            break
    out[at + 9] = (POINTS - anchor) / POINTS
    forward = 12
    for p in range(12, 6, -1):
        if me[p] >= 2:
            forward = p
    for p in range(1, 7):
        if me[p] >= 2:
            forward = p
    out[at + 10] = forward / 6
    blot = np.zeros(SIZE, np.bool_)
    open_ = np.ones(SIZE, np.bool_)
    losses = np.zeros(SIZE, np.int64)
    for p in range(1, POINTS + 1):
        blot[p] = theirs[p] == 1
        open_[p] = theirs[p] < 2
        losses[p] = POINTS + 1 - p
    hit, double, lost = shots(me, blot, open_, losses, mixed, POINTS)
    out[at + 11] = np.float32(hit) / np.float32(36)
    out[at + 12] = np.float32(double) / np.float32(36)
    out[at + 13] = lost / (36 * POINTS)
    # Opp's runners against me's points, in opp's coordinates.
    runner = min(_rearmost(opp), POINTS)
    rolls = np.empty(POINTS + 1, np.int64)
    _escapes(mine_seen, beyond, rolls)
    out[at + 15] = rolls[runner] / 36
    _escapes(mine_seen, escapes, rolls)
    out[at + 14] = rolls[runner] / 36
    fewest = 36
    for q in range(runner, 10):
        fewest = min(fewest, rolls[q])
    held = (36 - fewest) / 36
    out[at + 16] = held
    out[at + 17] = held * held
    fewest = 36
    for q in range(1, 10):
        fewest = min(fewest, rolls[q])
    held = (36 - fewest) / 36
    out[at + 18] = held
    out[at + 19] = held * held
    _escapes(theirs, escapes, rolls)
    mobility = 0
    for p in range(HOME):
        mobility += me[p] * (HOME - p) * rolls[p]
    out[at + 20] = mobility / 3600
    out[at + 21] = _spread(me, mean_sum / max(on_board, 1))
    closed = 0
    for p in range(1, 7):
        closed += theirs[p] >= 2
    share = closed / 6
    out[at + 22] = share * share
    out[at + 23] = _backbone(me)
    held_there = back_men = 0
    for p in range(7):
        held_there += (p >= 1) & (me[p] >= 2)
        back_men += me[p]
    out[at + 24] = (back_men - 3) / 4 if held_there >= 2 else 0.0
    out[at + 25] = back_men / 8 if held_there == 1 else 0.0


@njit(cache=True, nogil=True)
def _spread(me: Array, mean: float) -> float:
    """``spread`` (the terms of numpy's row sum, summed in its order)."""
    terms = np.empty(POINTS + 1, np.float64)
    stragglers = 0
    for p in range(POINTS + 1):
        far = POINTS + 1 - p > mean
        gap = (POINTS + 1 - p) - mean
        terms[p] = float(me[p] * far) * (gap * gap)
        stragglers += me[p] * far
    return _row_sum(terms, POINTS + 1) / max(stragglers, 1) / 400


@njit(cache=True, nogil=True)
def _backbone(me: Array) -> float:
    """``classic._backbone`` of one board."""
    back = 0
    for p in range(1, POINTS + 1):
        if me[p] >= 2:
            back = p
            break
    terms = np.zeros(POINTS, np.float64)
    count = 0
    for p in range(back + 1, POINTS + 1):
        if back > 0 and me[p] >= 2:
            gap = p - back
            terms[p - 1] = 1.0 if gap <= 6 else (13 - gap) / 11 if gap <= 11 else 0.0
            count += 1
    if count == 0:
        return 0.0
    return 1 - _row_sum(terms, POINTS) / count


# --- phases and the nets' inputs ----------------------------------------------------------


@njit(cache=True, nogil=True)
def _crashed(board: Array) -> bool:
    ace, deuce = board[POINTS], board[POINTS - 1]
    buried = (ace if ace >= 2 else 0) + max(deuce - 1, 0)
    return bool(CHECKERS - board[SIZE - 1] - buried <= 6)


@njit(cache=True, nogil=True)
def _phases(slots: Array, out: Array) -> None:
    """``classic.phases`` of each position."""
    me = np.empty(SIZE, np.int64)
    opp = np.empty(SIZE, np.int64)
    for b in range(len(slots)):
        _boards(slots, b, me, opp)
        if me[SIZE - 1] == CHECKERS or opp[SIZE - 1] == CHECKERS:
            out[b] = OVER
        elif _rearmost(me) + _rearmost(opp) >= POINTS + 1:
            out[b] = RACE
        elif _crashed(me) or _crashed(opp):
            out[b] = CRASHED
        else:
            out[b] = CONTACT


@njit(cache=True, nogil=True)
def _boards(slots: Array, b: int, me: Array, opp: Array) -> None:
    for i in range(SIZE):
        me[i] = slots[b, 0, i]
        opp[i] = slots[b, 1, i]


@njit(cache=True, nogil=True)
def _raw(slots: Array, b: int, units: Array, out: Array) -> None:
    """``classic.raw_inputs`` (``encoding.encode``) of one position into ``out[b]``."""
    per = RAW // 2
    for s in range(2):
        for i in range(SIZE - 1):
            count = slots[b, s, i]
            for u in range(UNITS):
                out[b, s * per + UNITS * i + u] = units[count, u]
        out[b, s * per + per - 1] = slots[b, s, SIZE - 1] / CHECKERS


@njit(cache=True, nogil=True)
def _contact_inputs(
    slots: Array, units: Array, escapes: Array, beyond: Array, mixed: Array, out: Array
) -> None:
    me = np.empty(SIZE, np.int64)
    opp = np.empty(SIZE, np.int64)
    for b in range(len(slots)):
        _raw(slots, b, units, out)
        _boards(slots, b, me, opp)
        _half(me, opp, escapes, beyond, mixed, out[b], RAW)
        _half(opp, me, escapes, beyond, mixed, out[b], RAW + HALF)


@njit(cache=True, nogil=True)
def _race_half(me: Array, out: Array, at: int) -> None:
    """``classic.race_features`` of one side into ``out[at:at + RACE_HALF]``."""
    out[at] = _pips(me) / 100
    off_parts(me[SIZE - 1], out, at + 1)
    crossovers = outside = gaps = 0
    for p in range(POINTS + 1):
        crossovers += me[p] * min(max((HOME - 1 - p) // 6 + 1, 0), 4)
        if p < HOME:
            outside += me[p]
        elif me[p] == 0:
            gaps += 1
    out[at + 4] = crossovers / 10
    out[at + 5] = outside / CHECKERS
    out[at + 6] = gaps / 6


@njit(cache=True, nogil=True)
def _race_inputs(slots: Array, units: Array, out: Array) -> None:
    me = np.empty(SIZE, np.int64)
    opp = np.empty(SIZE, np.int64)
    for b in range(len(slots)):
        _raw(slots, b, units, out)
        _boards(slots, b, me, opp)
        _race_half(me, out[b], RAW)
        _race_half(opp, out[b], RAW + RACE_HALF)


# --- the module's face: features' functions of the same names ------------------------------


def phases(slots: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """``classic.phases``."""
    out = np.empty(len(slots), np.int64)
    _phases(np.ascontiguousarray(slots, np.uint8), out)
    return out


def contact_inputs(slots: npt.NDArray[np.integer]) -> Floats:
    """``classic.contact_inputs``."""
    out = np.empty((len(slots), RAW + 2 * HALF), np.float32)
    escapes, beyond = escape_tables()
    _contact_inputs(np.ascontiguousarray(slots, np.uint8), UNIT_TABLE, escapes, beyond, MIXED, out)
    return out


def race_inputs(slots: npt.NDArray[np.integer]) -> Floats:
    """``classic.race_inputs``."""
    out = np.empty((len(slots), RAW + 2 * RACE_HALF), np.float32)
    _race_inputs(np.ascontiguousarray(slots, np.uint8), UNIT_TABLE, out)
    return out


TWINS: dict[Inputs, Inputs] = {
    classic.contact_inputs: contact_inputs,
    classic.race_inputs: race_inputs,
}
"""Each of ``classic``'s inputs functions' compiled twin (``phases.phase_inputs``)."""
