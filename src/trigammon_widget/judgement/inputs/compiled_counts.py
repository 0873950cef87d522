"""The numba twin of ``counts``: its shots and escapes, for the compiled features.

The same counts as ``counts`` (its text says what they are) for one hitter, victim or
runner at a time, on a path of up to 60 points held as the bits of an integer: bit
``p`` is path position ``p`` (0 the bar). What lies ``s`` pips behind every point at
once is a shift by ``s`` (``x << s``: bit ``t`` is ``x``'s bit ``t - s``), so a roll's
hits on every blot are a few integer operations, and only the blots' losses are read
one by one. The values are numpy's to the last bit
(``tests/judgement/inputs/test_compiled_classic.py``, ``test_trigammon.py`` beside it):
they are counts.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from .counts import WINDOW

__all__ = ["count_bits", "escapes_past", "lowest_bit", "masks", "off_parts", "shots", "shots_of"]

Array = npt.NDArray[Any]
MASK = (1 << WINDOW) - 1


@njit(cache=True, nogil=True, inline="always")
def count_bits(bits: int) -> int:
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
def lowest_bit(bits: int) -> int:
    """The index of the lowest bit set (of a positive integer)."""
    low = np.uint64(bits & -bits)
    return int(_LOWEST[(low * np.uint64(_DE_BRUIJN)) >> np.uint64(58)])


@njit(cache=True, nogil=True)
def masks(board: Array, open_: Array, points: int) -> tuple[int, int, int]:
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
    lone_pairs = count_bits(blot & (lone << a) & (blot >> (b - a)))
    pairs = count_bits(by_a) * count_bits(by_b) - lone_pairs - count_bits(by_a & by_b)
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
    w1, w2, w3 = count_bits(within1), count_bits(within2), count_bits(within3)
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
def shots_of(
    have: int, lone: int, blot: int, way: int, bar: int, losses: Array, mixed: Array
) -> tuple[int, int, int]:
    """``counts.shots_at`` from bits (``masks``; ``blot`` the victim's blots), the
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
            best = max(best, losses[lowest_bit(hits)])
            hits &= hits - 1
        hit += weight * (best > 0)
        double += weight * two
        pips += weight * best
    return hit, double, pips


@njit(cache=True, nogil=True)
def shots(
    board: Array, blot: Array, open_: Array, losses: Array, mixed: Array, points: int
) -> tuple[int, int, int]:
    """``counts.shots_at`` of one position on a path of ``points`` points: ``board``
    the hitter's checkers, ``blot`` the victim's blots, ``open_`` the points the hitter
    may land on, ``losses`` what a hit on each costs, all in the hitter's coordinates;
    counts of 36."""
    have, lone, way = masks(board, open_, points)
    blots = 0
    for p in range(1, points + 1):
        if blot[p]:
            blots |= 1 << p
    return shots_of(have, lone, blots, way, board[0], losses, mixed)


@njit(cache=True, nogil=True)
def escapes_past(blocked: Array, table: Array, out: Array, points: int) -> None:
    """``counts.escapes_past`` of one row of closed points, from ``table`` (one of
    ``counts.escape_tables``)."""
    bits = 0
    for p in range(1, points + 1):
        if blocked[p]:
            bits |= 1 << p
    for q in range(points + 1):
        out[q] = table[(bits >> (q + 1)) & MASK]


@njit(cache=True, nogil=True)
def off_parts(off: int, out: Array, at: int) -> None:
    """``counts.off_parts`` into ``out[at:at + 3]``."""
    for k in range(3):
        out[at + k] = min(max(off - 5 * k, 0), 5) / 5
