"""The numba twin of ``movegen``: the legal-play search compiled, the engine's optional
fast path.

This is ``movegen.search`` and ``movegen.legal_leaves`` on arrays, depth first where
``movegen`` goes breadth first: the same plays come out in the same order, each
result reached by the same first move sequence (``tests/engine/test_compiled.py``
holds them to that on the engine's corpora and hypothesis positions). Only this
module (and ``fast``, which loads it) may import numpy and numba: the rest of the
engine stays pure Python and is the reference; ``fast.compiled()`` says whether this
module is in use.

A result is named here by four 64-bit words instead of one Python integer: the
mover's board as sixteen 4-bit counts per word (a count never exceeds 15), then one
bit per path index where the play hit (R7). The words of a result are unique to it,
so equal words are one result, as equal keys are in ``movegen``.

Every buffer is allocated once per geometry (``Workspace``) and handed to the
compiled functions, which write their results into it. A search only lists its
results (their moves); their boards are decoded when asked for (``decode``), and
a play is made move by move (``make``).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from .runs import Run, Seat
from .variant import CHECKERS, Variant, find_variant

__all__ = [
    "CAPACITY",
    "USED",
    "WON",
    "Table",
    "Workspace",
    "decode",
    "leaves",
    "make",
    "results",
    "search",
    "workspace",
]

LEVELS = 5
"""Ends of turn by dice used: 0..4."""
CAPACITY = 1 << 14
"""Results one level may hold: well above any roll's (the hand-made worst case of the
benchmarks has 2,744)."""
TABLE_BITS = 15
"""Hash table slots per level: 2 ** TABLE_BITS, twice ``CAPACITY``."""
WORDS = 4
"""Words of a result: three of 4-bit board counts (up to 48 places), one of hit bits."""
MOVE = 4
"""(start, end, die, hit) of a move."""
STATE = 8
"""Slots of ``state``: ``STAMP``, ``COUNT``, ``USED``, ``WON``."""
STAMP, COUNT, USED, WON = 0, 1, 2, 3
"""The indices of ``state``'s slots."""
FRAME = 8
"""Fields of a row of ``frames``, one row per depth of the search: the die tried (its
index), the next start to try, whether any die fitted, the only start allowed (or
-1), the lowest start allowed."""
_DIE, _NEXT, _FOUND, _ONLY, _LOWEST = 0, 1, 2, 3, 4

# Where each buffer starts in the flat arrays of a workspace (``Workspace``): the ones
# of fixed length first, so that these offsets hold for every geometry. Compiled code
# indexes the three arrays directly: a view is a counted reference, and its atomic
# counts cost more than the search.
_COUNTS = STATE
_PLAYED = _COUNTS + LEVELS
_FRAMES = _PLAYED + 4 * MOVE
_TABLE = _FRAMES + LEVELS * FRAME
_KEYS = _TABLE + (LEVELS << TABLE_BITS)
_ORDER = _KEYS + LEVELS * CAPACITY * WORDS
_HITS = _ORDER + CAPACITY
_CODES = _HITS + CAPACITY
_OWNER = _CODES + CAPACITY * 4
_WINS = LEVELS * CAPACITY * 4 * MOVE
_BLOCKED = _WINS + LEVELS * CAPACITY
_BOARD = 48
"""Room for the board being searched: 3 words of 16 places."""


def _lengths(players: int, size: int) -> tuple[int, int, int]:
    """Lengths of the int64, int8 and uint8 arrays of a workspace."""
    return _OWNER + 2 * size + players * players * size, _BLOCKED + size, _BOARD + CAPACITY * size


class Workspace:
    """The buffers of one geometry's compiled search, reused by every call: three flat
    arrays (few arguments make a cheap call) and named views of them.

    A search leaves ``count`` results, in the engine's order, each ``used`` moves long
    (``moves``); once ``decode()`` has run, the first ``count`` rows of ``boards``,
    ``hits`` and ``codes`` are their boards of the mover, hit bits and moves (each in
    one number). ``owner[0, i]``, ``owner[1, i]`` say whose blot (player, its path
    index) sits on the mover's path index i, as ``TurnView.blot_owner``.
    """

    def __init__(self, variant: Variant) -> None:
        players, size = variant.players, variant.points + 2
        lengths = _lengths(players, size)
        self.variant = variant
        self.ints = np.zeros(lengths[0], np.int64)
        self.small = np.zeros(lengths[1], np.int8)
        self.data = np.zeros(lengths[2], np.uint8)
        self.state = self.ints[:STATE]
        self.hits = self.ints[_HITS:_CODES]
        self.codes = self.ints[_CODES:_OWNER].reshape(CAPACITY, 4)
        self.owner = self.ints[_OWNER : _OWNER + 2 * size].reshape(2, size)
        self.boards = self.data[_BOARD:].reshape(CAPACITY, size)
        seen = self.ints[_OWNER + 2 * size :].reshape(players, players, size)
        for viewer in range(players):
            for owner in range(players):
                seen[viewer, owner, : size - 1] = variant.seen_by(viewer, owner)

    @property
    def count(self) -> int:
        return int(self.state[COUNT])

    def decode(self) -> None:
        """Fill ``boards``, ``hits`` and ``codes`` for the last search's results."""
        decode(self.ints, self.small, self.data, self.variant.points + 2)

    def moves(self, index: int) -> npt.NDArray[np.int8]:
        """(start, end, die, hit) of each move of result ``index`` of the last search."""
        row = int(self.ints[_ORDER + index])
        if row < 0:
            return np.zeros((0, MOVE), np.int8)
        return self.small[row * 4 * MOVE : row * 4 * MOVE + self.used * MOVE].reshape(-1, MOVE)

    @property
    def used(self) -> int:
        return int(self.state[USED])

    @property
    def won(self) -> bool:
        """Whether some result of the last search bears off the last checker (R12)."""
        return bool(self.state[WON])


_LOCAL = threading.local()


def workspace(name: str) -> Workspace:
    """The buffers for the geometry of the variant named ``name``: one set per thread,
    since the compiled code runs without the GIL and threads may search at once."""
    spaces: dict[str, Workspace] | None = getattr(_LOCAL, "spaces", None)
    if spaces is None:
        spaces = _LOCAL.spaces = {}
    space = spaces.get(name)
    if space is None:
        space = spaces[name] = Workspace(find_variant(name))
    return space


# --- the compiled search ------------------------------------------------------------

Int = int | np.integer[Any]
"""A whole number in compiled code: a Python int or a word read from an array."""


@njit(cache=True, nogil=True, inline="always")
def _moved(
    w0: Int, w1: Int, w2: Int, index: Int, delta: Int
) -> tuple[np.int64, np.int64, np.int64]:
    """The three board words of a result with ``delta`` checkers more at path index
    ``index``: 16 places of 4 bits per word (in locals, so that they stay in registers)."""
    step = np.int64(delta) << np.int64((index & 15) * 4)
    word = index >> 4
    if word == 0:
        return np.int64(w0 + step), np.int64(w1), np.int64(w2)
    if word == 1:
        return np.int64(w0), np.int64(w1 + step), np.int64(w2)
    return np.int64(w0), np.int64(w1), np.int64(w2 + step)


@njit(cache=True, nogil=True)
def _file(
    ints: npt.NDArray[np.int64],
    small: npt.NDArray[np.int8],
    level: Int,
    stamp: Int,
    w0: Int,
    w1: Int,
    w2: Int,
    w3: Int,
    used: Int,
    won: Int,
) -> None:
    """File the result of words ``w0..w3`` at ``level`` unless it is there already (the
    first play reaching it stays): its first ``used`` moves played so far are its play,
    ``won`` whether it wins. The first slot tried: the top bits of a sum of odd
    multiples of the words, which every bit of every word reaches."""
    mask = (1 << TABLE_BITS) - 1
    base = _TABLE + (level << TABLE_BITS)
    mixed = (
        w0 * np.int64(-7046029254386353131)
        + w1 * np.int64(-4658895280553007687)
        + w2 * np.int64(6364136223846793005)
        + w3 * np.int64(-2401053088876216593)
    )
    slot = (mixed >> np.int64(64 - TABLE_BITS)) & np.int64(mask)
    while True:
        entry = ints[base + slot]
        if entry >> 32 != stamp:
            break
        at = _KEYS + (level * CAPACITY + (entry & 0xFFFFFFFF)) * WORDS
        if ints[at] == w0 and ints[at + 1] == w1 and ints[at + 2] == w2 and ints[at + 3] == w3:
            return
        slot = (slot + 1) & mask
    index = ints[_COUNTS + level]
    if index >= CAPACITY:
        raise ValueError("more results than the compiled search holds")
    ints[_COUNTS + level] = index + 1
    ints[base + slot] = (np.int64(stamp) << 32) | index
    row = level * CAPACITY + index
    at = _KEYS + row * WORDS
    ints[at] = w0
    ints[at + 1] = w1
    ints[at + 2] = w2
    ints[at + 3] = w3
    for f in range(used * MOVE):
        small[row * 4 * MOVE + f] = ints[_PLAYED + f]
    small[_WINS + row] = won


@njit(cache=True, nogil=True)
def _search(
    ints: npt.NDArray[np.int64],
    small: npt.NDArray[np.int8],
    data: npt.NDArray[np.uint8],
    everyone: npt.NDArray[np.uint8] | bytes,
    turn: Int,
    blots: Int,
    n: Int,
    high: Int,
    low: Int,
) -> None:
    """``movegen.search`` of ``turn``'s board in ``everyone`` from no moves made, with
    the blocks already in the workspace, depth first: fills the levels' tables.

    ``movegen`` goes breadth first; depth first, each level receives its results in the
    same order (both visit move sequences in lexicographic order), except that a level
    below the last gets its wins (filed from the level above) before the plays stuck
    there, which ``leaves`` restores by reading the wins first. The board, its words
    and the set of occupied places change in place and are undone on the way back; the
    frame of the depth being searched lives in locals, the others in ``frames``. Every
    buffer is read through the workspace's three arrays: views would be counted
    references, whose atomic counts cost more than the search.
    """
    size = n + 2
    tray = n + 1
    home_start = n - 5
    doubles = high == low
    full = 4 if doubles else 2
    stamp = ints[STAMP] + 1
    if stamp >= 1 << 30:  # stamps mark the table's live slots: start afresh
        ints[_TABLE:_KEYS] = 0
        stamp = 1
    ints[STAMP] = stamp
    for level in range(LEVELS):
        ints[_COUNTS + level] = 0
    one = np.int64(1)
    w0, w1, w2, w3 = np.int64(0), np.int64(0), np.int64(0), np.int64(0)
    occupied = np.int64(0)
    mine = turn * size
    for i in range(size):
        count = everyone[mine + i]
        data[i] = count
        if count:
            w0, w1, w2 = _moved(w0, w1, w2, i, count)
            if i < tray:
                occupied |= one << i
    walls = np.int64(0)
    for i in range(1, n + 1):
        if small[_BLOCKED + i]:
            walls |= one << i
    hittable = np.int64(blots)
    f = 0
    # the frame of depth f: the die tried (its index), the next start to try, whether
    # any die fitted, the only start allowed (or -1), the lowest start allowed
    tried, following, found, only, lowest = 0, 0, 0, -1, 0
    while True:
        descended = False
        dice = 2 if f == 0 and not doubles else 1
        while tried < dice:
            if doubles or (f == 0 and tried == 0):
                die = high
            elif f == 0:
                die = low
            else:
                die = low if ints[_PLAYED + 2] == high else high
            first = max(following, lowest)
            left = occupied & (np.int64(-1) << first) if first < 64 else np.int64(0)
            # the starts whose end is not blocked (R6), and those that bear off
            left &= ~(walls >> die) | (np.int64(-1) << (n + 1 - die))
            if data[0]:
                left &= one  # checkers on the bar enter first (R8)
            if not left:
                tried += 1
                following = 0
                continue
            start: int = trailing_zeros(left)  # type: ignore[call-arg]  # numba's intrinsic
            following = start + 1
            end = start + die
            hit = 0
            at = _PLAYED + f * MOVE
            if end <= n:
                hit = (hittable >> end) & 1
            else:
                farthest = trailing_zeros(occupied)
                if farthest < home_start or (end > tray and start != farthest):
                    continue
                end = tray
                if data[tray] == CHECKERS - 1:  # the last checker: a win (R12)
                    ints[at], ints[at + 1], ints[at + 2], ints[at + 3] = start, tray, die, 0
                    v0, v1, v2 = _moved(w0, w1, w2, tray, 1)
                    v0, v1, v2 = _moved(v0, v1, v2, start, -1)
                    _file(ints, small, f + 1, stamp, v0, v1, v2, w3, f + 1, 1)
                    found = 1
                    continue
            found = 1
            if only >= 0 and start != only and end != tray:
                continue
            ints[at], ints[at + 1], ints[at + 2], ints[at + 3] = start, end, die, hit
            v0, v1, v2 = _moved(w0, w1, w2, end, 1)
            v0, v1, v2 = _moved(v0, v1, v2, start, -1)
            v3 = w3 | (one << end) if hit else w3
            if f + 1 == full:
                _file(ints, small, full, stamp, v0, v1, v2, v3, full, 0)
                continue
            w0, w1, w2, w3 = v0, v1, v2, v3
            data[start] -= 1
            if not data[start]:
                occupied &= ~(one << start)
            data[end] += 1
            if end < tray:
                occupied |= one << end
            if hit:
                hittable &= ~(one << end)
            frame = _FRAMES + f * FRAME
            ints[frame + _DIE] = tried
            ints[frame + _NEXT] = following
            ints[frame + _FOUND] = found
            ints[frame + _ONLY] = only
            ints[frame + _LOWEST] = lowest
            sticks = f == 0 and not doubles and tried == 1 and start and end != tray
            f += 1
            tried, following, found = 0, 0, 0
            only = end if sticks else -1
            lowest = start if doubles else 0
            descended = True
            break
        if descended:
            continue
        if not found and f:  # no die fits: the play ends here
            _file(ints, small, f, stamp, w0, w1, w2, w3, f, 0)
        if not f:
            break
        f -= 1
        frame = _FRAMES + f * FRAME
        tried = ints[frame + _DIE]
        following = ints[frame + _NEXT]
        found = ints[frame + _FOUND]
        only = ints[frame + _ONLY]
        lowest = ints[frame + _LOWEST]
        at = _PLAYED + f * MOVE
        start, end, hit = ints[at], ints[at + 1], ints[at + 3]
        data[end] -= 1
        if end < tray and not data[end]:
            occupied &= ~(one << end)
        data[start] += 1
        occupied |= one << start
        if hit:
            hittable |= one << end
            w3 &= ~(one << end)
        w0, w1, w2 = _moved(w0, w1, w2, start, 1)
        w0, w1, w2 = _moved(w0, w1, w2, end, -1)


@njit(cache=True, nogil=True)
def leaves(
    ints: npt.NDArray[np.int64],
    small: npt.NDArray[np.int8],
    data: npt.NDArray[np.uint8],
    everyone: npt.NDArray[np.uint8] | bytes,
    players: int,
    turn: int,
    die1: int,
    die2: int,
) -> int:
    """``movegen.legal_leaves`` of ``turn`` with the roll, from every player's boards
    (``everyone``, flat: player after player), into the workspace; the number of results.

    Sets the view (``blocked``, ``owner``) first, as ``TurnView`` does, and
    ``state[USED]`` (moves of every play) and ``state[WON]`` (some play wins) after.
    """
    size = len(everyone) // players
    n = size - 2
    owner = _OWNER
    seen = _OWNER + 2 * size
    blots = np.int64(0)
    for i in range(size):
        small[_BLOCKED + i] = 0
        ints[owner + i] = -1
        ints[owner + size + i] = 0
    for player in range(players):
        if player == turn:
            continue
        table = seen + (turn * players + player) * size
        for index in range(1, n + 1):
            count = everyone[player * size + index]
            if count:
                at = ints[table + index]
                if count == 1:
                    blots |= np.int64(1) << at
                    ints[owner + at] = player
                    ints[owner + size + at] = index
                else:
                    small[_BLOCKED + at] = 1
    high, low = max(die1, die2), min(die1, die2)
    _search(ints, small, data, everyone, turn, blots, n, high, low)
    full = 4 if high == low else 2
    most = 0
    for used in range(full, 0, -1):
        if ints[_COUNTS + used]:
            most = used
            break
    ints[USED] = most
    ints[WON] = 0
    if not most:
        ints[_ORDER] = -1  # no move: the empty play
        ints[COUNT] = 1
        return 1
    only_high = False
    if most == 1 and high != low:
        for k in range(ints[_COUNTS + 1]):
            if small[(CAPACITY + k) * 4 * MOVE + 2] == high:
                only_high = True
                break
    count = 0
    # Below the last level the wins come first, as breadth first (``_search``).
    for wanted in (1, 0):
        for k in range(ints[_COUNTS + most]):
            row = most * CAPACITY + k
            won = small[_WINS + row]
            if most < full and won != wanted:
                continue
            if only_high and small[row * 4 * MOVE + 2] != high:
                continue
            ints[_ORDER + count] = row
            if won:
                ints[WON] = 1
            count += 1
        if most == full:
            break
    ints[COUNT] = count
    return count


@njit(cache=True, nogil=True)
def decode(
    ints: npt.NDArray[np.int64], small: npt.NDArray[np.int8], data: npt.NDArray[np.uint8], size: int
) -> None:
    """The boards, hit bits and move codes of the last search's results
    (``Workspace``), from their words and moves."""
    used = ints[USED]
    for k in range(ints[COUNT]):
        row = ints[_ORDER + k]
        board = _BOARD + k * size
        if row < 0:  # the empty play: the board as it is (the search left it so)
            for i in range(size):
                data[board + i] = data[i]
            ints[_HITS + k] = 0
            continue
        at = _KEYS + row * WORDS
        for i in range(size):
            data[board + i] = (ints[at + (i >> 4)] >> np.int64((i & 15) * 4)) & 15
        ints[_HITS + k] = ints[at + 3]
        for m in range(used):
            move = (row * 4 + m) * MOVE
            ints[_CODES + k * 4 + m] = (
                small[move] | small[move + 1] << 6 | small[move + 2] << 12 | small[move + 3] << 15
            )


@njit(cache=True, nogil=True)
def make(
    ints: npt.NDArray[np.int64],
    small: npt.NDArray[np.int8],
    everyone: npt.NDArray[np.uint8],
    players: int,
    turn: int,
    index: int,
) -> bool:
    """Make result ``index`` of the last search on ``everyone`` (flat, as ``leaves``
    takes it), move by move; whether it won (R12)."""
    size = len(everyone) // players
    mine = turn * size
    row = ints[_ORDER + index]
    for m in range(ints[USED] if row >= 0 else 0):
        move = (row * 4 + m) * MOVE
        start, end = small[move], small[move + 1]
        everyone[mine + start] -= 1
        everyone[mine + end] += 1
        if small[move + 3]:  # a hit (R7): the blot goes to its bar
            victim = ints[_OWNER + end] * size
            everyone[victim + ints[_OWNER + size + end]] -= 1
            everyone[victim] += 1
    return bool(everyone[mine + size - 1] == CHECKERS)


# --- Python entry points ------------------------------------------------------------


def search(
    space: Workspace, boards: Sequence[Sequence[int]], turn: int, die1: int, die2: int
) -> int:
    """The legal plays of ``turn`` on every player's ``boards`` into ``space``; their
    count. (The boards go in as bytes, which cost less to hand over than an array.)"""
    flat = b"".join(map(bytearray, boards))
    return int(leaves(space.ints, space.small, space.data, flat, len(boards), turn, die1, die2))


@cache
def _raw_move(code: int) -> tuple[int, int, int, bool]:
    return code & 63, code >> 6 & 63, code >> 12 & 7, bool(code >> 15)


def results(space: Workspace) -> dict[int, tuple[tuple[int, int, int, bool], ...]]:
    """The last search's results as ``movegen.legal_leaves`` gives them: key -> play."""
    space.decode()
    count, used = space.count, space.used
    size = space.variant.points + 2
    shift = 8 * size
    flat = space.boards[:count].tobytes()
    hits = space.hits[:count].tolist()
    codes = space.codes[:count, :used].tolist()
    move = _raw_move
    return {
        int.from_bytes(flat[k * size : (k + 1) * size], "little") | hits[k] << shift: tuple(
            map(move, codes[k])
        )
        for k in range(count)
    }


def result_of(space: Workspace, key: int) -> tuple[tuple[int, int, int, bool], ...] | None:
    """The play of the last search's result ``key`` (keyed as ``results`` keys them),
    or None: one result looked up without making the others (records' replays)."""
    space.decode()
    count, size = space.count, space.variant.points + 2
    shift = 8 * size
    board = np.frombuffer((key & ((1 << shift) - 1)).to_bytes(size, "little"), np.uint8)
    found = np.flatnonzero(
        (space.boards[:count] == board).all(axis=1) & (space.hits[:count] == key >> shift)
    )
    if not len(found):
        return None
    return tuple(map(_raw_move, space.codes[int(found[0]), : space.used].tolist()))


class Table:
    """The compiled table of ``fastplay.play_out``: the boards in an array, each turn
    searched and made in compiled code, the choice by each player's ``Indexer``; runs
    of turns in one compiled call where ``seats`` say how every player chooses
    (``runs.Seat``, one runner for all that rate; empty where they cannot)."""

    __slots__ = (
        "everyone",
        "flat",
        "indexers",
        "lists",
        "passed",
        "players",
        "runner",
        "seats",
        "space",
        "variant",
    )

    def __init__(
        self,
        variant: Variant,
        boards: list[list[int]],
        indexers: Sequence[Any],
        seats: Sequence[Seat] = (),
    ) -> None:
        self.variant = variant
        self.lists = boards
        self.indexers = indexers
        self.seats = seats
        self.runner = next((s.runner for s in seats if s.runner is not None), None)
        self.space = workspace(variant.name)
        self.players = variant.players
        self.flat = np.frombuffer(b"".join(map(bytearray, boards)), np.uint8).copy()
        """Every player's board, one after the other (as ``leaves`` takes them)."""
        self.everyone = self.flat.reshape(variant.players, -1)
        """The same boards by player (a view made once, for the pickers)."""
        self.passed = False

    def boards(self) -> list[list[int]]:
        lists: list[list[int]] = self.flat.reshape(self.players, -1).tolist()
        return lists

    def play(self, turn: int, dice: tuple[int, int], rng: Any) -> bool:
        space = self.space
        count = leaves(space.ints, space.small, space.data, self.flat, self.players, turn, *dice)
        index = 0 if count == 1 else self.indexers[turn](self, turn, count, rng)
        self.passed = count == 1 and space.used == 0
        won: bool = make(space.ints, space.small, self.flat, self.players, turn, index)
        return won

    def run(self, turn: int, rng: Any, left: int | None, passes: int) -> Run | None:
        if self.runner is None:
            return None
        return self.runner.run(self, self.seats, turn, rng, left, passes)

    def boards_after(self, turn: int, index: int) -> list[list[int]]:
        """Every player's boards after result ``index`` of the last search, as lists."""
        after = self.flat.copy()
        make(self.space.ints, self.space.small, after, self.players, turn, index)
        lists: list[list[int]] = after.reshape(self.players, -1).tolist()
        return lists

    def finish(self) -> None:
        self.lists[:] = self.boards()
