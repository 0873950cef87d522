"""The classic phase nets' inputs compiled with numba: ``features``' optional fast path.

``features`` is the reference and the one definition of every input (its module
docstring says what each means); this module computes the same arrays
(``phases``, ``contact_inputs``, ``race_inputs``) for a batch of boards in slots
``(B, 2, 26)``, one position at a time in compiled loops instead of numpy's operations
over the whole batch, which cost more in calls than in arithmetic for the few dozen
plays of a roll. ``phases.inputs_of`` uses it when the fast path is in use
(``engine.fast``).

The values are numpy's bit for bit (``tests/test_compiled_features.py``): each feature
is computed in the precision numpy computes it (mostly float64, stored as float32; the
shot counts' shares in float32), and a sum of float64 terms over a row goes in numpy's
pairwise order (``_row_sum``), so no ``fastmath`` here. The tables are numpy's,
passed in: Tesauro's units (``network.UNIT_TABLE``) and the escapes
(``features._escape_tables``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from ..engine.variant import TRIGAMMON, Variant
from . import features, trigammon_features
from .features import (
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
    WINDOW,
)
from .network import UNIT_TABLE, UNITS
from .outcomes import Floats

__all__ = ["TWINS", "contact_inputs", "phases", "race_inputs", "trigammon_features_of"]

Array = npt.NDArray[Any]
Inputs = Callable[[npt.NDArray[np.uint8]], Floats]

RAW = 2 * (UNITS * (POINTS + 1) + 1)
"""Tesauro's code of both sides (``features.raw_inputs``)."""
HALF = len(HALF_FEATURES)
RACE_HALF = len(RACE_FEATURES)
MASK = (1 << WINDOW) - 1
MIXED = features.MIXED
"""The 15 rolls of two different dice, in ``features.ROLLS``' order (doubles after)."""


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
    """``features.seen`` of one board."""
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
    """``features.escape_rolls`` of one board of blockers, from ``table`` (one of
    ``features._escape_tables``)."""
    bits = 0
    for p in range(1, POINTS + 1):
        if blockers[p] >= 2:
            bits |= 1 << p
    for q in range(POINTS + 1):
        out[q] = table[(bits >> (q + 1)) & MASK]


# --- shots (features.shots_at) -------------------------------------------------------------
# A path of up to 60 points as bits of an integer: bit ``p`` is path position ``p`` (0 the
# bar). What lies ``s`` pips behind every point at once is a shift by ``s`` (``x << s``:
# bit ``t`` is ``x``'s bit ``t - s``), so a roll's hits on every blot are a few integer
# operations, and only the blots' losses are read one by one. Behind the path (``t - s
# < 0``) a shift reads nothing where ``features._behind`` reads ``fill``; no hit depends
# on a point behind the path, as no checker stands there.


@njit(cache=True, nogil=True, inline="always")
def _count(bits: int) -> int:
    """The bits set (of a non-negative integer below 2**63)."""
    bits = bits - ((bits >> 1) & 0x5555555555555555)
    bits = (bits & 0x3333333333333333) + ((bits >> 2) & 0x3333333333333333)
    bits = (bits + (bits >> 4)) & 0x0F0F0F0F0F0F0F0F
    return int((bits * 0x0101010101010101) >> 56) & 0x7F


_DE_BRUIJN = 0x03F79D71B4CB0A89
"""A de Bruijn sequence: the top six bits of ``2**i * _DE_BRUIJN`` (64 bits) differ for
every ``i``, so they index ``_LOWEST``."""


def _lowest_table() -> Array:
    table = np.zeros(64, np.int64)
    for bit in range(64):
        table[((1 << bit) * _DE_BRUIJN & (1 << 64) - 1) >> 58] = bit
    return table


_LOWEST = _lowest_table()


@njit(cache=True, nogil=True, inline="always")
def _lowest(bits: int) -> int:
    """The index of the lowest bit set (of a positive integer)."""
    low = np.uint64(bits & -bits)
    return int(_LOWEST[(low * np.uint64(_DE_BRUIJN)) >> np.uint64(58)])


@njit(cache=True, nogil=True)
def _masks(board: Array, open_: Array, points: int) -> tuple[int, int, int]:
    """The hitter's bits: its checkers on the path (``have``), its lone checkers (the bar
    too), and the points it may land on (the bar too)."""
    have = 0
    lone = 1 if board[0] == 1 else 0
    way = 1
    for p in range(1, points + 1):
        bit = 1 << p
        if board[p] > 0:
            have |= bit
        if board[p] == 1:
            lone |= bit
        if open_[p]:
            way |= bit
    return have, lone, way


@njit(cache=True, nogil=True)
def _mixed(have: int, lone: int, blot: int, way: int, bar: int, a: int, b: int) -> tuple[int, bool]:
    """``_Shots.mixed`` for the roll ``a``-``b`` (``a < b``): the blots hit (bits), and
    whether two can be."""
    if bar >= 2:
        hits = blot & ((1 << a) | (1 << b))
        return hits, bool((blot >> a) & (blot >> b) & 1)
    if bar == 1:
        hits = 0
        two = False
        for enter, other in ((a, b), (b, a)):
            if (way >> enter) & 1:
                entry = blot & (1 << enter)
                after = blot & ~(1 << enter) & ((have << other) | (1 << (enter + other)))
                hits |= entry | after
                two |= (entry != 0) & (after != 0)
        return hits, two
    by_a = blot & (have << a)
    by_b = blot & (have << b)
    far = blot & (have << (a + b))
    hits = by_a | by_b | (far & ((way << a) | (way << b)))
    chain = (far & ((blot << a) | (blot << b))) != 0
    # A lone checker a pips behind one blot with another blot b pips ahead of it.
    lone_pairs = _count(blot & (lone << a) & (blot >> (b - a)))
    pairs = _count(by_a) * _count(by_b) - lone_pairs - _count(by_a & by_b)
    return hits, (pairs > 0) | chain


@njit(cache=True, nogil=True)
def _double(have: int, blot: int, way: int, bar: int, d: int) -> tuple[int, bool]:
    """``_Shots.doubles`` for the roll ``d``-``d``: the blots hit (bits), and whether
    two can be. ``within[k]``: the blots some checker reaches in ``k`` steps or fewer,
    every point on the way open (a blot hit by entering left out)."""
    entered = (bar > 0) & ((way >> d) & 1 == 1)
    if bar == 0:
        steps = 4
    elif entered:
        steps = 4 - min(bar, 4)
    else:
        steps = 0
    entry = blot & (1 << d) if entered else 0
    found = within1 = within2 = within3 = 0
    clear = -1  # the points on the way, all open
    for k in range(1, 5):
        if k > 1:
            clear &= way << ((k - 1) * d)
        start = have << (k * d)
        if entered:
            start |= 1 << ((k + 1) * d)
        if k <= steps:
            found |= blot & ~entry & clear & start
        if k == 1:
            within1 = found
        elif k == 2:
            within2 = found
        elif k == 3:
            within3 = found
    chain = False
    clear = -1
    for j in range(1, 4):
        if j > 1:
            clear &= way << ((j - 1) * d)
        left = steps - j
        if left >= 1:
            reached = within1 if left == 1 else within2 if left == 2 else within3
            chain |= (blot & clear & (reached << (j * d))) != 0
    w1, w2, w3 = _count(within1), _count(within2), _count(within3)
    two = (
        chain
        | ((w1 >= 2) & (steps >= 2))
        | ((w1 >= 1) & (w2 >= 2) & (steps >= 3))
        | ((w1 >= 1) & (w3 >= 2) & (steps >= 4))
        | ((w2 >= 2) & (steps >= 4))
        | ((entry != 0) & (found != 0))
    )
    return entry | found, two


@njit(cache=True, nogil=True)
def _shots_of(
    have: int, lone: int, blot: int, way: int, bar: int, losses: Array, mixed: Array
) -> tuple[int, int, int]:
    """``features.shots_at`` from bits (``_masks``; ``blot`` the victim's blots), the
    hitter with ``bar`` checkers on the bar; counts of 36."""
    if blot == 0:
        return 0, 0, 0
    hit = double = pips = 0
    for r in range(len(mixed) + 6):
        if r < len(mixed):
            weight = 2
            hits, two = _mixed(have, lone, blot, way, bar, mixed[r, 0], mixed[r, 1])
        else:
            weight = 1
            hits, two = _double(have, blot, way, bar, r - len(mixed) + 1)
        best = 0
        while hits:
            best = max(best, losses[_lowest(hits)])
            hits &= hits - 1
        hit += weight * (best > 0)
        double += weight * two
        pips += weight * best
    return hit, double, pips


@njit(cache=True, nogil=True)
def _shots(
    board: Array, blot: Array, open_: Array, losses: Array, mixed: Array, points: int
) -> tuple[int, int, int]:
    """``features.shots_at`` of one position on a path of ``points`` points: ``board``
    the hitter's checkers, ``blot`` the victim's blots, ``open_`` the points the hitter
    may land on, ``losses`` what a hit on each costs, all in the hitter's coordinates;
    counts of 36."""
    have, lone, way = _masks(board, open_, points)
    blots = 0
    for p in range(1, points + 1):
        if blot[p]:
            blots |= 1 << p
    return _shots_of(have, lone, blots, way, board[0], losses, mixed)


# --- a side's features (features.half_features) ---------------------------------------------


@njit(cache=True, nogil=True)
def _off_parts(off: int, out: Array, at: int) -> None:
    for k in range(3):
        out[at + k] = min(max(off - 5 * k, 0), 5) / 5


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
    """``features.half_features`` of one position into ``out[at:at + HALF]``: the same
    features in the same order (``HALF_FEATURES``)."""
    mine_seen = np.empty(SIZE, np.int64)
    theirs = np.empty(SIZE, np.int64)
    _seen(me, mine_seen)
    _seen(opp, theirs)
    out[at] = _pips(me) / 100
    _off_parts(me[SIZE - 1], out, at + 1)
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
    hit, double, lost = _shots(me, blot, open_, losses, mixed, POINTS)
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
    """``features._backbone`` of one board."""
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
    """``features.phases`` of each position."""
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
    """``features.raw_inputs`` (``network.encode``) of one position into ``out[b]``."""
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
    """``features.race_features`` of one side into ``out[at:at + RACE_HALF]``."""
    out[at] = _pips(me) / 100
    _off_parts(me[SIZE - 1], out, at + 1)
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
    """``features.phases``."""
    out = np.empty(len(slots), np.int64)
    _phases(np.ascontiguousarray(slots, np.uint8), out)
    return out


def contact_inputs(slots: npt.NDArray[np.integer]) -> Floats:
    """``features.contact_inputs``."""
    out = np.empty((len(slots), RAW + 2 * HALF), np.float32)
    escapes, beyond = features._escape_tables()
    _contact_inputs(np.ascontiguousarray(slots, np.uint8), UNIT_TABLE, escapes, beyond, MIXED, out)
    return out


def race_inputs(slots: npt.NDArray[np.integer]) -> Floats:
    """``features.race_inputs``."""
    out = np.empty((len(slots), RAW + 2 * RACE_HALF), np.float32)
    _race_inputs(np.ascontiguousarray(slots, np.uint8), UNIT_TABLE, out)
    return out


TWINS: dict[Inputs, Inputs] = {
    features.contact_inputs: contact_inputs,
    features.race_inputs: race_inputs,
}
"""Each of ``features``' inputs functions' compiled twin (``phases.inputs_of``)."""


# --- trigammon (trigammon_features) ---------------------------------------------------------

TRI_POINTS = trigammon_features.POINTS
TRI_HOME = trigammon_features.HOME
PER_PLAYER = len(trigammon_features.PLAYER_FEATURES)
PER_PAIR = len(trigammon_features.PAIR_FEATURES)


@njit(cache=True, nogil=True)
def _escapes_past(blocked: Array, table: Array, out: Array, points: int) -> None:
    """``features.escapes_past`` of one row of closed points, from ``table``."""
    bits = 0
    for p in range(1, points + 1):
        if blocked[p]:
            bits |= 1 << p
    for q in range(points + 1):
        out[q] = table[(bits >> (q + 1)) & MASK]


@njit(cache=True, nogil=True)
def _trigammon_features(
    slots: Array, paths: Array, escapes: Array, mixed: Array, out: Array, at: int
) -> None:
    """``trigammon_features.trigammon_features`` of each position into ``out[b, at:]``:
    the same features in the same order."""
    n = TRI_POINTS
    players = slots.shape[1]
    board = np.empty(n + 1, np.int64)
    seen = np.empty((players, n + 1), np.int64)
    blocked = np.empty(n + 1, np.bool_)
    open_ = np.empty(n + 1, np.bool_)
    losses = np.zeros((players, n + 1), np.int64)
    rolls = np.empty(n + 1, np.int64)
    pair_at = at + players * PER_PLAYER
    for b in range(len(slots)):
        row = out[b]
        pair = 0
        for a in range(players):
            for p in range(n + 1):
                board[p] = slots[b, a, p]
                blocked[p] = False
            for v in range(players):
                if v == a:
                    continue
                seen[v, 0] = 0
                for q in range(1, n + 1):
                    seen[v, paths[a, v, q]] = slots[b, v, q]
                    losses[v, paths[a, v, q]] = q
                for p in range(1, n + 1):
                    blocked[p] |= seen[v, p] >= 2
            k = at + a * PER_PLAYER
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
            _off_parts(slots[b, a, n + 1], row, k + 1)
            runner = min(rear, n)
            row[k + 4] = (n - runner) / n
            row[k + 5] = outfield / 100
            row[k + 6] = spares / CHECKERS
            _escapes_past(blocked, escapes, rolls, n)
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
            have, lone, way = _masks(board, open_, n)
            for v in range(players):
                if v == a:
                    continue
                blots = 0
                for p in range(1, n + 1):
                    if seen[v, p] == 1:
                        blots |= 1 << p
                hit, double, lost = _shots_of(have, lone, blots, way, board[0], losses[v], mixed)
                k = pair_at + pair * PER_PAIR
                row[k] = np.float32(hit) / np.float32(36)
                row[k + 1] = np.float32(double) / np.float32(36)
                row[k + 2] = lost / (36 * 36)
                pair += 1


def trigammon_features_of(slots: npt.NDArray[np.integer], variant: Variant = TRIGAMMON) -> Floats:
    """``trigammon_features.trigammon_features``."""
    out = np.empty((len(slots), trigammon_features.FEATURES), np.float32)
    escapes, _ = features._escape_tables()
    paths = trigammon_features.slot_paths(variant)
    contiguous = np.ascontiguousarray(slots, np.uint8)
    _trigammon_features(contiguous, paths, escapes, MIXED, out, 0)
    return out
