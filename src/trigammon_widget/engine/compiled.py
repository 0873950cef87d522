"""The legal-play search compiled with numba: the engine's optional fast path.

This is ``movegen.search`` and ``movegen.legal_leaves`` move for move, in the same
order, on arrays: the same plays come out in the same order, each result reached by
the same first move sequence (``tests/engine/test_compiled.py`` holds them to that on
the engine's corpora and hypothesis positions). Only this module (and ``fast``, which
loads it) may import numpy and numba: the rest of the engine stays pure Python and is
the reference; ``fast.compiled()`` says whether this module is in use.

A result is named here by four 64-bit words instead of one Python integer: the
mover's board as sixteen 4-bit counts per word (a count never exceeds 15), then one
bit per path index where the play hit (R7). The words of a result are unique to it,
so equal words are one result, as equal keys are in ``movegen``.

Every buffer is allocated once per geometry (``Workspace``) and handed to the
compiled functions, which write their results into it.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from .variant import CHECKERS, Variant, find_variant

__all__ = ["CAPACITY", "Table", "Workspace", "results", "search", "workspace"]

LEVELS = 5
"""Ends of turn by dice used: 0..4."""
CAPACITY = 1 << 14
"""States one level may hold: well above any roll's results (the hand-made worst case
of the benchmarks has 2,744) and its partial plays."""
TABLE_BITS = 15
"""Hash table slots per level: 2 ** TABLE_BITS, twice ``CAPACITY``."""
WORDS = 4
"""Words of a result: three of 4-bit board counts (up to 48 places), one of hit bits."""
MOVE = 4
"""(start, end, die, hit) of a move."""
EXTRA = 4 * MOVE + 8
"""int64 fields of a partial play: its moves, then hittable bits, moves played, dice
left (count, then up to 4), and the only start allowed (or -1)."""

# Slots of the small int64 array ``state``.
STAMP, COUNT, USED, WON = 0, 1, 2, 3
STATE = 8


@njit(cache=True, nogil=True)
def _carve(
    ints: npt.NDArray[np.int64],
    small: npt.NDArray[np.int8],
    data: npt.NDArray[np.uint8],
    players: int,
    size: int,
) -> tuple[Any, ...]:
    """The buffers of a workspace, as views of its three flat arrays (``Workspace``)."""
    o = 0
    state = ints[o : o + STATE]
    o += STATE
    table = ints[o : o + LEVELS * (1 << TABLE_BITS)].reshape((LEVELS, 1 << TABLE_BITS))
    o += LEVELS * (1 << TABLE_BITS)
    keys = ints[o : o + LEVELS * CAPACITY * WORDS].reshape((LEVELS, CAPACITY, WORDS))
    o += LEVELS * CAPACITY * WORDS
    words = ints[o : o + 2 * CAPACITY * WORDS].reshape((2, CAPACITY, WORDS))
    o += 2 * CAPACITY * WORDS
    extras = ints[o : o + 2 * CAPACITY * EXTRA].reshape((2, CAPACITY, EXTRA))
    o += 2 * CAPACITY * EXTRA
    hits = ints[o : o + CAPACITY]
    o += CAPACITY
    codes = ints[o : o + CAPACITY * 4].reshape((CAPACITY, 4))
    o += CAPACITY * 4
    owner = ints[o : o + 2 * size].reshape((2, size))
    o += 2 * size
    seen = ints[o : o + players * players * (size - 1)].reshape((players, players, size - 1))
    s = 0
    moves = small[s : s + LEVELS * CAPACITY * 4 * MOVE].reshape((LEVELS, CAPACITY, 4, MOVE))
    s += LEVELS * CAPACITY * 4 * MOVE
    sources = small[s : s + 2 * CAPACITY * (size + 1)].reshape((2, CAPACITY, size + 1))
    s += 2 * CAPACITY * (size + 1)
    plays = small[s : s + CAPACITY * 4 * MOVE].reshape((CAPACITY, 4, MOVE))
    s += CAPACITY * 4 * MOVE
    blocked = small[s : s + size]
    d = 0
    frontier = data[d : d + 2 * CAPACITY * size].reshape((2, CAPACITY, size))
    d += 2 * CAPACITY * size
    boards = data[d : d + CAPACITY * size].reshape((CAPACITY, size))
    return (
        state,
        table,
        keys,
        words,
        extras,
        hits,
        owner,
        seen,
        moves,
        sources,
        plays,
        blocked,
        frontier,
        boards,
        codes,
    )


def _lengths(players: int, size: int) -> tuple[int, int, int]:
    """Lengths of the int64, int8 and uint8 arrays of a workspace (``_carve``)."""
    ints = (
        STATE
        + LEVELS * (1 << TABLE_BITS)
        + LEVELS * CAPACITY * WORDS
        + 2 * CAPACITY * WORDS
        + 2 * CAPACITY * EXTRA
        + CAPACITY
        + CAPACITY * 4
        + 2 * size
        + players * players * (size - 1)
    )
    small = LEVELS * CAPACITY * 4 * MOVE + 2 * CAPACITY * (size + 1) + CAPACITY * 4 * MOVE + size
    return ints, small, 3 * CAPACITY * size


class Workspace:
    """The buffers of one geometry's compiled search, reused by every call: three flat
    arrays (few arguments make a cheap call) and named views of them.

    After a search, the first ``count`` rows of ``boards``, ``hits`` and ``plays`` are
    its results in the engine's order: the mover's board, the hit bits and the first
    play reaching it, ``used`` moves long; ``owner[0, i]``, ``owner[1, i]`` say whose
    blot (player, its path index) sits on the mover's path index i, as
    ``TurnView.blot_owner``.
    """

    def __init__(self, variant: Variant) -> None:
        players, size = variant.players, variant.points + 2
        lengths = _lengths(players, size)
        self.variant = variant
        self.ints = np.zeros(lengths[0], np.int64)
        self.small = np.zeros(lengths[1], np.int8)
        self.data = np.zeros(lengths[2], np.uint8)
        views = _carve(self.ints, self.small, self.data, players, size)
        self.state = views[0]
        self.hits, self.owner, seen = views[5], views[6], views[7]
        self.plays, self.boards, self.codes = views[10], views[13], views[14]
        for viewer in range(players):
            for owner in range(players):
                seen[viewer, owner] = variant.seen_by(viewer, owner)
        self.everyone = np.zeros((players, size), np.uint8)
        """Every player's boards, where callers put the position to search."""

    @property
    def count(self) -> int:
        return int(self.state[COUNT])

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

# fields of an ``extras`` row (``EXTRA``)
_HITTABLE = 4 * MOVE
_PLAYED = _HITTABLE + 1
_LEFT = _PLAYED + 1
_ONLY = _LEFT + 5


@njit(cache=True, nogil=True, inline="always")
def _add(words: npt.NDArray[np.int64], index: int, delta: int) -> None:
    """Add ``delta`` checkers at path index ``index`` of a result's words."""
    words[index >> 4] += np.int64(delta) << np.int64((index & 15) * 4)


@njit(cache=True, nogil=True, inline="always")
def _slot(words: npt.NDArray[np.int64]) -> int:
    """A result's first hash table slot: the top bits of a sum of odd multiples of its
    words, which every bit of every word reaches."""
    mixed = (
        words[0] * np.int64(-7046029254386353131)
        + words[1] * np.int64(-4658895280553007687)
        + words[2] * np.int64(6364136223846793005)
        + words[3] * np.int64(-2401053088876216593)
    )
    return int((mixed >> np.int64(64 - TABLE_BITS)) & np.int64((1 << TABLE_BITS) - 1))


@njit(cache=True, nogil=True, inline="always")
def _file(
    table: npt.NDArray[np.int64],
    keys: npt.NDArray[np.int64],
    moves: npt.NDArray[np.int8],
    counts: npt.NDArray[np.int64],
    level: int,
    stamp: int,
    words: npt.NDArray[np.int64],
    played: npt.NDArray[np.int64],
    used: int,
    last: npt.NDArray[np.int64],
) -> None:
    """File a result at ``level`` unless it is there already (the first play stays).

    ``played[:used]`` are the moves so far, ``last`` one more move when its first
    entry is not negative.
    """
    slot = _slot(words)
    mask = (1 << TABLE_BITS) - 1
    while True:
        entry = table[level, slot]
        if entry >> 32 != stamp:
            break
        found = entry & 0xFFFFFFFF
        if (
            keys[level, found, 0] == words[0]
            and keys[level, found, 1] == words[1]
            and keys[level, found, 2] == words[2]
            and keys[level, found, 3] == words[3]
        ):
            return
        slot = (slot + 1) & mask
    index = counts[level]
    if index >= CAPACITY:
        raise ValueError("more results than the compiled search holds")
    counts[level] = index + 1
    table[level, slot] = (np.int64(stamp) << 32) | index
    for w in range(WORDS):
        keys[level, index, w] = words[w]
    for m in range(used):
        for f in range(MOVE):
            moves[level, index, m, f] = played[m * MOVE + f]
    if last[0] >= 0:
        for f in range(MOVE):
            moves[level, index, used, f] = last[f]


@njit(cache=True, nogil=True)
def _search(
    mine: npt.NDArray[np.uint8],
    blocked: npt.NDArray[np.int8],
    blots: int,
    n: int,
    high: int,
    low: int,
    table: npt.NDArray[np.int64],
    keys: npt.NDArray[np.int64],
    moves: npt.NDArray[np.int8],
    frontier: npt.NDArray[np.uint8],
    sources: npt.NDArray[np.int8],
    words: npt.NDArray[np.int64],
    extras: npt.NDArray[np.int64],
    state: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:
    """``movegen.search`` from no moves made: fills the levels, returns their counts."""
    tray = n + 1
    size = n + 2
    home_start = n - 5
    doubles = high == low
    full = 4 if doubles else 2
    stamp = state[STAMP] + 1
    if stamp >= 1 << 30:  # stamps mark the table's live slots: start afresh
        table[:] = 0
        stamp = 1
    state[STAMP] = stamp
    counts = np.zeros(LEVELS, np.int64)
    child = np.zeros(WORDS, np.int64)
    last = np.zeros(MOVE, np.int64)
    none = np.full(MOVE, -1, np.int64)
    # the first state
    for i in range(size):
        frontier[0, 0, i] = mine[i]
    for w in range(WORDS):
        words[0, 0, w] = 0
    for i in range(size):
        if mine[i]:
            _add(words[0, 0], i, mine[i])
    count = 0
    if mine[0]:
        sources[0, 0, 1] = 0
        count = 1
    else:
        for i in range(tray):
            if mine[i]:
                count += 1
                sources[0, 0, count] = i
    sources[0, 0, 0] = count
    row = extras[0, 0]
    row[_HITTABLE] = blots
    row[_PLAYED] = 0
    row[_LEFT] = full
    for k in range(full):
        row[_LEFT + 1 + k] = high if doubles or k == 0 else low
    row[_ONLY] = -1
    side, states = 0, 1
    while states:
        following = 0
        other = 1 - side
        for s in range(states):
            board = frontier[side, s]
            source = sources[side, s]
            base = words[side, s]
            row = extras[side, s]
            hittable = row[_HITTABLE]
            done = row[_PLAYED]
            left = row[_LEFT]
            only_from = row[_ONLY]
            first_left = row[_LEFT + 1]
            lowest = row[(done - 1) * MOVE] if doubles and done else 0
            farthest = -1
            found = False
            for index in range(left):
                die = row[_LEFT + 1 + index]
                if index and die == first_left:
                    break
                rest = left - 1
                for k in range(1, source[0] + 1):
                    start = source[k]
                    if start < lowest or not board[start]:
                        continue
                    end = start + die
                    hit = False
                    if end <= n:
                        if blocked[end]:
                            continue
                        hit = (hittable >> end) & 1 == 1
                    else:
                        if farthest < 0:
                            for j in range(1, source[0] + 1):
                                if board[source[j]]:
                                    farthest = source[j]
                                    break
                        if farthest < home_start or (end > tray and start != farthest):
                            continue
                        end = tray
                        if board[tray] == CHECKERS - 1:  # the last checker: a win (R12)
                            for w in range(WORDS):
                                child[w] = base[w]
                            _add(child, tray, 1)
                            _add(child, start, -1)
                            last[0], last[1], last[2], last[3] = start, tray, die, 0
                            _file(
                                table,
                                keys,
                                moves,
                                counts,
                                full - rest,
                                stamp,
                                child,
                                row,
                                done,
                                last,
                            )
                            found = True
                            continue
                    found = True
                    if only_from >= 0 and start != only_from and end != tray:
                        continue
                    for w in range(WORDS):
                        child[w] = base[w]
                    _add(child, end, 1)
                    _add(child, start, -1)
                    if hit:
                        child[3] |= np.int64(1) << end
                    last[0], last[1], last[2], last[3] = start, end, die, hit
                    if not rest:
                        _file(table, keys, moves, counts, full, stamp, child, row, done, last)
                        continue
                    if following >= CAPACITY:
                        raise ValueError("more partial plays than the compiled search holds")
                    t = following
                    following += 1
                    after = frontier[other, t]
                    for i in range(size):
                        after[i] = board[i]
                    after[start] -= 1
                    after[end] += 1
                    nxt = sources[other, t]
                    if start == 0:
                        c = 0
                        if after[0]:
                            nxt[1] = 0
                            c = 1
                        else:
                            for i in range(tray):
                                if after[i]:
                                    c += 1
                                    nxt[c] = i
                        nxt[0] = c
                    else:
                        listed = False
                        for j in range(1, source[0] + 1):
                            if source[j] == end:
                                listed = True
                                break
                        if end == tray or board[end] or listed:
                            for j in range(source[0] + 1):
                                nxt[j] = source[j]
                        else:
                            c = 0
                            placed = False
                            for j in range(1, source[0] + 1):
                                if not placed and end < source[j]:
                                    c += 1
                                    nxt[c] = end
                                    placed = True
                                c += 1
                                nxt[c] = source[j]
                            if not placed:
                                c += 1
                                nxt[c] = end
                            nxt[0] = c
                    for w in range(WORDS):
                        words[other, t, w] = child[w]
                    out = extras[other, t]
                    for f in range(done * MOVE):
                        out[f] = row[f]
                    out[done * MOVE] = start
                    out[done * MOVE + 1] = end
                    out[done * MOVE + 2] = die
                    out[done * MOVE + 3] = hit
                    out[_HITTABLE] = hittable & ~(np.int64(1) << end) if hit else hittable
                    out[_PLAYED] = done + 1
                    out[_LEFT] = rest
                    c = 0
                    for j in range(left):
                        if j != index:
                            c += 1
                            out[_LEFT + c] = row[_LEFT + 1 + j]
                    out[_ONLY] = end if index and start and end != tray else -1
            if not found and done:
                _file(table, keys, moves, counts, done, stamp, base, row, done, none)
        side = other
        states = following
    return counts


@njit(cache=True, nogil=True)
def _leaves(
    ints: npt.NDArray[np.int64],
    small: npt.NDArray[np.int8],
    data: npt.NDArray[np.uint8],
    flat: npt.NDArray[np.uint8],
    players: int,
    turn: int,
    die1: int,
    die2: int,
) -> int:
    """``movegen.legal_leaves`` of ``turn`` with the roll, from every player's boards,
    into the workspace; the number of results.

    Sets the view (``blocked``, ``owner``) first, as ``TurnView`` does, and
    ``state[USED]`` (moves of every play) and ``state[WON]`` (some play wins) after.
    """
    size = flat.shape[0] // players
    everyone = flat.reshape((players, size))
    n = size - 2
    (
        state,
        table,
        keys,
        words,
        extras,
        hits,
        owner,
        seen,
        moves,
        sources,
        plays,
        blocked,
        frontier,
        boards,
        codes,
    ) = _carve(ints, small, data, players, size)
    blots = 0
    for i in range(size):
        blocked[i] = 0
        owner[0, i] = -1
        owner[1, i] = 0
    for player in range(players):
        if player == turn:
            continue
        for index in range(1, n + 1):
            count = everyone[player, index]
            if count:
                at = seen[turn, player, index]
                if count == 1:
                    blots |= np.int64(1) << at
                    owner[0, at] = player
                    owner[1, at] = index
                else:
                    blocked[at] = 1
    mine = everyone[turn]
    high, low = max(die1, die2), min(die1, die2)
    counts = _search(
        mine,
        blocked,
        blots,
        n,
        high,
        low,
        table,
        keys,
        moves,
        frontier,
        sources,
        words,
        extras,
        state,
    )
    most = 0
    for used in range(4 if high == low else 2, 0, -1):
        if counts[used]:
            most = used
            break
    state[USED] = most
    if not most:
        for i in range(size):
            boards[0, i] = mine[i]
        hits[0] = 0
        state[COUNT] = 1
        state[WON] = 0
        return 1
    only_high = False
    if most == 1 and high != low:
        for k in range(counts[1]):
            if moves[1, k, 0, 2] == high:
                only_high = True
                break
    count = 0
    won = 0
    for k in range(counts[most]):
        if only_high and moves[most, k, 0, 2] != high:
            continue
        key = keys[most, k]
        for i in range(size):
            boards[count, i] = (key[i >> 4] >> np.int64((i & 15) * 4)) & 15
        hits[count] = key[3]
        if boards[count, n + 1] == CHECKERS:
            won = 1
        for m in range(most):
            for f in range(MOVE):
                plays[count, m, f] = moves[most, k, m, f]
            codes[count, m] = (
                moves[most, k, m, 0]
                | moves[most, k, m, 1] << 6
                | moves[most, k, m, 2] << 12
                | moves[most, k, m, 3] << 15
            )
        count += 1
    state[COUNT] = count
    state[WON] = won
    return count


@njit(cache=True, nogil=True)
def _make(
    ints: npt.NDArray[np.int64],
    small: npt.NDArray[np.int8],
    data: npt.NDArray[np.uint8],
    everyone: npt.NDArray[np.uint8],
    turn: int,
    index: int,
) -> bool:
    """Make result ``index`` of the last search on ``everyone``; whether it won (R12)."""
    players, size = everyone.shape
    views = _carve(ints, small, data, players, size)
    hits, owner, boards = views[5], views[6], views[13]
    for i in range(size):
        everyone[turn, i] = boards[index, i]
    bits = hits[index]
    at = 0
    while bits:
        if bits & 1:
            victim = owner[0, at]
            everyone[victim, owner[1, at]] -= 1
            everyone[victim, 0] += 1
        bits >>= 1
        at += 1
    return bool(everyone[turn, size - 1] == CHECKERS)


# --- Python entry points ------------------------------------------------------------


def search(
    space: Workspace, boards: Sequence[Sequence[int]], turn: int, die1: int, die2: int
) -> int:
    """The legal plays of ``turn`` on every player's ``boards`` into ``space``; their
    count."""
    flat = np.frombuffer(b"".join(map(bytes, boards)), np.uint8)
    return int(_leaves(space.ints, space.small, space.data, flat, len(boards), turn, die1, die2))


@cache
def _raw_move(code: int) -> tuple[int, int, int, bool]:
    return code & 63, code >> 6 & 63, code >> 12 & 7, bool(code >> 15)


def results(space: Workspace) -> dict[int, tuple[tuple[int, int, int, bool], ...]]:
    """The last search's results as ``movegen.legal_leaves`` gives them: key -> play."""
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


class Table:
    """The compiled table of ``fastplay.play_out``: the boards in an array, each turn
    searched and made in compiled code, the choice by each player's ``Indexer``."""

    __slots__ = ("everyone", "flat", "indexers", "lists", "players", "space", "variant")

    def __init__(self, variant: Variant, boards: list[list[int]], indexers: Sequence[Any]) -> None:
        self.variant = variant
        self.lists = boards
        self.indexers = indexers
        self.space = workspace(variant.name)
        self.players = variant.players
        self.flat = np.frombuffer(b"".join(map(bytes, boards)), np.uint8).copy()
        self.everyone = self.flat.reshape(variant.players, -1)

    def boards(self) -> list[list[int]]:
        lists: list[list[int]] = self.everyone.tolist()
        return lists

    def play(self, turn: int, dice: tuple[int, int], rng: Any) -> bool:
        space = self.space
        count = _leaves(space.ints, space.small, space.data, self.flat, self.players, turn, *dice)
        index = 0 if count == 1 else self.indexers[turn](self, turn, count, rng)
        won: bool = _make(space.ints, space.small, space.data, self.everyone, turn, index)
        return won

    def boards_after(self, turn: int, index: int) -> list[list[int]]:
        """Every player's boards after result ``index`` of the last search, as lists."""
        after = self.everyone.copy()
        space = self.space
        _make(space.ints, space.small, space.data, after, turn, index)
        lists: list[list[int]] = after.tolist()
        return lists

    def finish(self) -> None:
        self.lists[:] = self.everyone.tolist()
