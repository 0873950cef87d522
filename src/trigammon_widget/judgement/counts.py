"""What a player counts at a glance on a path of any length: shots and escapes.

The hand-made inputs of both variants' nets (``features`` for classic,
``trigammon_features``) count, for a player about to roll, the rolls that hit another
player's blots and the rolls that carry a checker past the points in its way. Both
are counted here on a path of N points in the player's own coordinates (0 its bar,
1..N its path), whoever holds the points and blots: classic's opponent sits on the
same 24 points read backwards, trigammon's two others on the same 36 points shifted
by 12 and 24.

**Escapes.** A checker *escapes* with a roll when it can move the whole roll: the
point the two dice together reach is open and so is one of the points a single die
reaches on the way (doubles: the first two steps). Only the twelve points ahead matter
(``WINDOW``).
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt
from numpy.lib.stride_tricks import sliding_window_view

from .outcomes import Floats

__all__ = [
    "DOUBLES",
    "MIXED",
    "ROLLS",
    "WINDOW",
    "escape_tables",
    "escapes_past",
    "off_parts",
    "shots_at",
]

Counts = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

WINDOW = 12
"""Points ahead of a checker that its escapes look at."""
ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
"""The 21 distinct rolls; a roll of two different dice comes 2 times in 36."""


# --- escapes ---------------------------------------------------------------------------


@cache
def escape_tables() -> tuple[Counts, Counts]:
    """Per 12-bit mask of blocked points ahead (bit i: i + 1 pips ahead): the rolls
    that escape, and those that land beyond the first blocked point (36 with none)."""
    masks = np.arange(1 << WINDOW)
    lowest = masks & -masks
    first = np.where(masks > 0, np.log2(np.maximum(lowest, 1)).astype(np.int64) + 1, WINDOW + 1)

    def open_at(pips: int) -> npt.NDArray[np.bool_]:
        is_open: npt.NDArray[np.bool_] = (masks >> (pips - 1) & 1) == 0
        return is_open

    escapes = np.zeros(1 << WINDOW, np.int64)
    beyond = np.zeros(1 << WINDOW, np.int64)
    for a in range(1, 7):
        for b in range(1, 7):
            if a == b:
                ways, landing = open_at(a) & open_at(2 * a), 2 * a
            else:
                ways, landing = (open_at(a) | open_at(b)) & open_at(a + b), a + b
            escapes += ways
            beyond += ways & ((landing > first) | (masks == 0))
    return escapes, beyond


def escapes_past(blocked: Bools, beyond: bool = False) -> Counts:
    """``(B, N + 1)``: for a runner on each path position 0..N, the rolls (of 36) that
    escape the points closed to it, ``blocked`` ``(B, N + 1)`` (column 0, the bar, is
    not read; beyond N, off, nothing is closed), or with ``beyond`` that carry it past
    the first of them."""
    points = blocked.shape[1] - 1
    held = blocked[:, 1:].astype(np.int64)
    bits = held @ (np.int64(1) << np.arange(1, points + 1, dtype=np.int64))
    windows = (bits[:, None] >> (np.arange(points + 1) + 1)) & ((1 << WINDOW) - 1)
    escapes, past = escape_tables()
    found: Counts = (past if beyond else escapes)[windows]
    return found


# --- shots -----------------------------------------------------------------------------


def _behind(x: Bools, fill: bool = False) -> Bools:
    """``y[:, s, t] = x[:, t - s]`` (what lies ``s`` pips behind ``t``, on the board:
    ``t - s >= 1``; else ``fill``), for ``s`` = 0..N of a row ``(B, N + 1)``: a view,
    no copy."""
    points = x.shape[1] - 1
    pad = np.full((len(x), 2 * points + 1), fill)
    pad[:, points + 1 :] = x[:, 1:]
    found: Bools = sliding_window_view(pad, points + 1, axis=1)[:, ::-1]
    return found


def _ahead(x: Bools) -> Bools:
    """``y[:, s, p] = x[:, p + s]`` (what lies ``s`` pips ahead of path position
    ``p >= 1``; False beyond N and for the bar), for ``s`` = 0..N."""
    points = x.shape[1] - 1
    pad = np.zeros((len(x), 2 * points + 1), np.bool_)
    pad[:, 1 : points + 1] = x[:, 1:]
    found: Bools = sliding_window_view(pad, points + 1, axis=1)
    return found


MIXED = np.array([(a, b) for a, b in ROLLS if a != b])
"""The 15 rolls of two different dice, in ``ROLLS``' order (doubles after)."""
DOUBLES = np.arange(1, 7)
"""The six doubles, by their die."""


def shots_at(
    board: Counts, blot: Bools, open_: Bools, losses: npt.ArrayLike
) -> tuple[Floats, Floats, Floats]:
    """``(hit, double, pips)``: the rolls (of 36) with which the hitter hits at least one
    of the victim's blots, two or more, and the sum over rolls of the pips the best hit
    costs the victim, on a path of N points. ``board`` is the hitter's checkers, ``blot``
    the victim's blots, ``open_`` the points the hitter may land on and ``losses`` what a
    blot hit on each point costs its owner (pips), all in the hitter's path coordinates
    ``(B, N + 1)`` (0: its bar).

    Checkers on the bar enter first: with one there, a roll of two different dice
    enters with one die and may hit with the other (or with both); with more, the
    dice enter and hit only on their entry points; a double enters what it must and
    moves on with the steps left. A hit that needs a point on the way needs it open
    (one of two with two different dice); the rule that a play must use both dice
    when it can is not looked at. All rolls are counted at once, as arrays
    ``(B, roll, point)``.
    """
    shots = _Shots(blot, open_, board)
    mixed_hits, mixed_two = shots.mixed()
    double_hits, double_two = shots.doubles()
    hits = np.concatenate((mixed_hits, double_hits), axis=1)
    two = np.concatenate((mixed_two, double_two), axis=1)
    weights = np.array([2] * len(MIXED) + [1] * len(DOUBLES), np.float32)
    losses = np.where(shots.blot, losses, 0)[:, None, :]
    hit: Floats = hits.any(axis=2) @ weights
    double: Floats = two @ weights
    pips: Floats = (losses * hits).max(axis=2) @ weights
    return hit, double, pips


class _Shots:
    """One side's checkers against the other's blots and points, for ``shot_counts``."""

    def __init__(self, blot: Bools, open_: Bools, board: Counts) -> None:
        self.points = board.shape[1] - 1
        self.index = np.arange(self.points + 1)
        self.blot = blot
        self.open = open_
        self.board = board
        self.bar = board[:, 0]
        self.have = _behind(board > 0)
        self.way = _behind(open_, fill=True)
        self.blots_behind = _behind(blot)
        self.blots_ahead = _ahead(blot)

    def mixed(self) -> tuple[Bools, Bools]:
        """Blots hit by each roll of two different dice, and whether two can be."""
        a, b = MIXED[:, 0], MIXED[:, 1]
        blot = self.blot[:, None, :]
        by_a = blot & self.have[:, a]
        by_b = blot & self.have[:, b]
        far = blot & self.have[:, a + b]
        free_hits = by_a | by_b | far & (self.way[:, a] | self.way[:, b])
        # Two hitters for two blots: every pair, less one lone checker, less one blot.
        pairs = by_a.sum(axis=2) * by_b.sum(axis=2)
        single = (self.board == 1)[:, None, :]
        lone = (single & self.blots_ahead[:, a] & self.blots_ahead[:, b]).sum(axis=2)
        same = (by_a & by_b).sum(axis=2)
        chain = (far & (self.blots_behind[:, a] | self.blots_behind[:, b])).any(axis=2)
        free_two = (pairs - lone - same > 0) | chain
        # One on the bar: it enters with one die, the other die hits.
        one_hits = np.zeros_like(free_hits)
        one_two = np.zeros_like(free_two)
        for enter, other, by_other in ((a, b, by_b), (b, a, by_a)):
            can = self.open[:, enter]
            entry = blot & (enter[:, None] == self.index)
            after = blot & (by_other | ((enter + other)[:, None] == self.index)) & ~entry
            one_hits |= can[..., None] & (entry | after)
            one_two |= can & entry.any(axis=2) & after.any(axis=2)
        # More on the bar: both dice enter.
        many_hits = blot & ((a[:, None] == self.index) | (b[:, None] == self.index))
        many_two = self.blot[:, a] & self.blot[:, b]
        bar = self.bar[:, None]
        hits = np.where(
            (bar == 0)[..., None], free_hits, np.where((bar == 1)[..., None], one_hits, many_hits)
        )
        two = np.where(bar == 0, free_two, np.where(bar == 1, one_two, many_two))
        return hits, two

    def doubles(self) -> tuple[Bools, Bools]:
        """Blots hit by each double, and whether two can be.

        Each blot needs the fewest steps some checker takes to reach it, every point
        on the way open; two blots can both be hit when their steps add up to no more
        than the steps left after entering, or when the checker that hits one can go
        on to the other within them.
        """
        d = DOUBLES
        blot = self.blot[:, None, :]
        bar = self.bar[:, None]
        entered = (bar > 0) & self.open[:, d]
        steps = np.where(bar == 0, 4, np.where(entered, 4 - np.minimum(bar, 4), 0))
        points, index = self.points, self.index
        fewest = np.full((*blot.shape[:1], len(d), points + 1), 5)
        way = np.ones_like(fewest, np.bool_)
        for k in range(1, 5):
            if k > 1:
                way = way & self.way[:, (k - 1) * d]
            # The board's checkers, or one that entered on d and goes on from there.
            start = self.have[:, np.minimum(k * d, points)] & (k * d <= points)[:, None]
            start = start | entered[..., None] & (((k + 1) * d)[:, None] == index)
            reach = blot & way & start & (k <= steps)[..., None]
            fewest = np.where(reach & (fewest == 5), k, fewest)
        entry = blot & (d[:, None] == index) & entered[..., None]
        fewest = np.where(entry, 5, fewest)
        rows = np.arange(len(d))[:, None]
        chain = np.zeros(entered.shape, np.bool_)
        way = np.ones_like(fewest, np.bool_)
        for j in range(1, 4):
            if j > 1:
                way = way & self.way[:, (j - 1) * d]
            back = index - j * d[:, None]
            before = np.where(back >= 1, fewest[:, rows, np.maximum(back, 0)], 5)
            chain |= (blot & way & (before + j <= steps[..., None])).any(axis=2)
        within = [(fewest <= k).sum(axis=2) for k in range(4)]
        two = (
            chain
            | (within[1] >= 2) & (steps >= 2)
            | (within[1] >= 1) & (within[2] >= 2) & (steps >= 3)
            | (within[1] >= 1) & (within[3] >= 2) & (steps >= 4)
            | (within[2] >= 2) & (steps >= 4)
            | entry.any(axis=2) & (fewest < 5).any(axis=2)
        )
        return entry | (fewest < 5), two


# --- checkers off ----------------------------------------------------------------------


def off_parts(off: Counts) -> list[Floats]:
    """Checkers borne off as three inputs: 0..5, 5..10 and 10..15, each scaled to 0..1."""
    return [(np.clip(off - low, 0, 5) / 5).astype(np.float32) for low in (0, 5, 10)]
