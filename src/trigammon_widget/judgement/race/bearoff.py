"""The one-sided bear-off database: every home board, and how many rolls bearing it off takes.

A *home board* is a player's checkers on its last six points (R10: the home, path
positions N - 5 .. N in both variants), as six counts ``c[0..5]``: the checkers 1, 2,
.., 6 pips from off. Up to 15 checkers in all give C(21, 6) = 54,264 home boards,
numbered in order of pip count, then of the counts (index 0 is the empty board: all
borne off). The variants share the table, since bearing off (R10, R11) plays the same
on both boards once every checker is home and none can be hit.

For each home board the database holds:

- ``rolls[b, n]``: the chance that bearing off the last checker takes exactly ``n``
  rolls, when every roll is played to leave the fewest rolls expected (the *all-off
  play*);
- ``saves[b, n]``: the chance that at least one checker is off within ``n`` rolls, when
  every roll is played to bring the first checker off in the fewest rolls expected (the
  *first-off play*): the gammon-saving chance of R13. Boards with a checker already off
  (fewer than 15 on the board) have it at once: ``saves[b, n] = 1``.

Either play breaks a tie (expected rolls within ``TIE``) towards the resulting board
with the lower index: fewer pips first. The chances are exact for those plays;
``race`` says where the plays are the best ones a race can make.

The file ``tables/bearoff.npz`` (``scripts/build_bearoff.py``) stores the boards and,
per board and roll, the board each play leads to; the chances follow from those plays
when the table is first used (a fraction of a second), in float64, the same numbers
as the build computed.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ...engine.movegen import legal_leaves
from ...engine.variant import CHECKERS
from .. import DATA

__all__ = [
    "HOME",
    "ROLLS",
    "Bearoff",
    "build",
    "codes",
    "home_board",
    "home_boards",
    "load",
    "plays",
]

Floats = npt.NDArray[np.float64]

HOME = 6
"""Points in a home board (R10)."""
ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
"""The 21 distinct rolls, in this order in the file; a roll of two different dice comes
up 2 times in 36."""
WEIGHTS = np.array([(1 if a == b else 2) / 36 for a, b in ROLLS])
TIE = 1e-12
"""Expected roll counts this close are a tie, broken towards the lower board index."""
TABLE_DIR = "tables"
TABLE_FILE = "bearoff.npz"

HomeBoard = tuple[int, ...]
"""Six counts: the checkers 1..6 pips from off."""


def home_boards(checkers: int = CHECKERS, points: int = HOME) -> list[HomeBoard]:
    """Every home board of at most ``checkers`` checkers on the lowest ``points`` points,
    in index order (fewer pips first, then by the counts). Such a set is closed under
    play: a play never adds a checker nor moves one back."""
    found: list[HomeBoard] = []

    def fill(prefix: list[int], left: int) -> None:
        if len(prefix) == points:
            found.append((*prefix, *([0] * (HOME - points))))
            return
        for count in range(left + 1):
            fill([*prefix, count], left - count)

    fill([], checkers)
    return sorted(found, key=lambda board: (pips(board), board))


def pips(board: Sequence[int]) -> int:
    return sum((k + 1) * count for k, count in enumerate(board))


def home_board(points: int, board: Sequence[int]) -> HomeBoard:
    """The home board of a player's board (path coordinates: bar, 1..N, tray) on a
    board of ``points`` points; the caller knows every checker is home."""
    return tuple(board[points - k] for k in range(HOME))


def _path_board(home: HomeBoard) -> list[int]:
    """A home board as a board of six points (bar, 1..6, tray) for the legal-play
    search: path position i is 7 - i pips from off."""
    return [0, *reversed(home), CHECKERS - sum(home)]


_OPEN = [False] * (HOME + 2)


def plays(home: HomeBoard, roll: tuple[int, int]) -> list[HomeBoard]:
    """The home boards the legal plays of ``roll`` lead to (R9, R11), in the engine's
    order."""
    leaves = legal_leaves(_path_board(home), _OPEN, 0, HOME, *roll)
    return [
        tuple(key.to_bytes(HOME + 2, "little")[HOME - k] for k in range(HOME)) for key in leaves
    ]


# --- building the plays (scripts/build_bearoff.py) -----------------------------------


def build(
    boards: Sequence[HomeBoard], progress: Callable[[int], None] | None = None
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    """The all-off and the first-off plays of ``boards`` (a set closed under play, in
    index order): for each board and roll, the index in ``boards`` of the board the play
    leads to. First-off plays are made only from the boards of 15 checkers (one row
    each, in their order among ``boards``); the others have a checker off already.
    The empty board (index 0) has no plays: its row is 0."""
    index = {board: k for k, board in enumerate(boards)}
    full = [k for k, board in enumerate(boards) if sum(board) == CHECKERS]
    expected = np.zeros(len(boards))
    first_expected = np.zeros(len(boards))
    all_off = np.zeros((len(boards), len(ROLLS)), np.uint16)
    first_off = np.zeros((len(full), len(ROLLS)), np.uint16)
    row_of = {k: row for row, k in enumerate(full)}
    for k, board in enumerate(boards):
        if progress is not None and k % 1000 == 0:
            progress(k)
        if not any(board):
            continue
        total = first_total = 0.0
        for r, roll in enumerate(ROLLS):
            children = sorted(index[child] for child in plays(board, roll))
            best = _fewest(children, expected)
            all_off[k, r] = best
            total += WEIGHTS[r] * expected[best]
            if k in row_of:
                first = _fewest(children, first_expected)
                first_off[row_of[k], r] = first
                first_total += WEIGHTS[r] * first_expected[first]
        expected[k] = 1 + total
        if k in row_of:
            first_expected[k] = 1 + first_total
    return all_off, first_off


def _fewest(children: Sequence[int], expected: Floats) -> int:
    """The child (indices in ascending order) with the fewest rolls expected; a tie goes
    to the lowest index. (A board with a checker off has no rolls left to the first one
    off: ``first_expected`` is 0 there.)"""
    low = min(expected[c] for c in children)
    return next(c for c in children if expected[c] <= low + TIE)


def save(
    path: str | Path, boards: Sequence[HomeBoard], progress: Callable[[int], None] | None = None
) -> None:
    """Build the plays of ``boards`` and write the table file."""
    started = time.perf_counter()
    all_off, first_off = build(boards, progress)
    seconds = time.perf_counter() - started
    array = np.array(boards, np.uint8)
    full = array[array.sum(axis=1) == CHECKERS]
    meta = {
        "what": "one-sided bear-off database (trigammon_widget.judgement.race.bearoff)",
        "boards": len(boards),
        "rolls": [list(roll) for roll in ROLLS],
        "plays": "fewest rolls expected; ties within 1e-12 to the lower board index",
        "stored": "per board and roll, the change the play makes to each point's count",
        "made_by": "scripts/build_bearoff.py",
        "build_seconds": round(seconds, 1),
    }
    with open(path, "wb") as out:
        np.savez_compressed(
            out,
            boards=array,
            all_off=_changes(array, array, all_off),
            first_off=_changes(array, full, first_off),
            meta=np.array(json.dumps(meta)),
        )


# --- the database ----------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Bearoff:
    """The chances of every home board (module docstring); arrays are read-only.

    ``finished[b, n]``: bearing off the last checker takes at most ``n`` rolls;
    ``saves[b, n]``: at least one checker is off within ``n`` rolls. Both have the
    same columns, the last one past the slowest board: 1 there and beyond.
    ``all_off`` and ``first_off`` are the plays (``build``).
    """

    boards: npt.NDArray[np.uint8]
    all_off: npt.NDArray[np.uint16]
    first_off: npt.NDArray[np.uint16]
    finished: Floats
    saves: Floats
    meta: dict[str, Any]

    @classmethod
    def from_plays(
        cls,
        boards: npt.NDArray[np.uint8],
        all_off: npt.NDArray[np.uint16],
        first_off: npt.NDArray[np.uint16],
        meta: dict[str, Any] | None = None,
    ) -> Bearoff:
        """The chances that follow from the plays, a pip count at a time (a play always
        leads to a board of fewer pips, whose chances are known by then)."""
        count = len(boards)
        checkers = boards.sum(axis=1, dtype=np.intp)
        weight = boards.astype(np.intp) @ np.arange(1, HOME + 1)
        if count == 0 or weight[0] != 0 or np.any(np.diff(weight) < 0):
            raise ValueError("bear-off table: boards must start empty and go by pip count")
        # Every roll bears off a checker or moves at least three pips.
        width = int(weight.max()) // 3 + CHECKERS + 2
        exactly = np.zeros((count, width))
        exactly[0, 0] = 1.0
        first = np.zeros((count, width))
        first[checkers < CHECKERS, 0] = 1.0
        first_row = np.full(count, -1, np.intp)
        first_row[checkers == CHECKERS] = np.arange(len(first_off))
        starts = np.flatnonzero(np.diff(weight, prepend=-1))
        for begin, end in zip(starts[1:], [*starts[2:], count], strict=True):
            children = all_off[begin:end].astype(np.intp)
            exactly[begin:end, 1:] = np.einsum("r,krn->kn", WEIGHTS, exactly[children, :-1])
            rows = first_row[begin:end]
            mine = np.flatnonzero(rows >= 0)
            if len(mine):
                picked = first_off[rows[mine]].astype(np.intp)
                first[begin + mine, 1:] = np.einsum("r,krn->kn", WEIGHTS, first[picked, :-1])
        # Running sums (kept from rounding a hair above 1) to one column past the last
        # roll either can take, where every board is done.
        used = np.flatnonzero(exactly.any(axis=0) | first.any(axis=0))[-1] + 2
        if used > width:
            raise ValueError("bear-off table: more rolls than the width allowed for")
        finished = np.minimum(np.cumsum(exactly[:, :used], axis=1), 1.0)
        saves = np.minimum(np.cumsum(first[:, :used], axis=1), 1.0)
        finished[:, -1] = saves[:, -1] = 1.0
        for array in (boards, all_off, first_off, finished, saves):
            array.setflags(write=False)
        return cls(boards, all_off, first_off, finished, saves, meta or {})

    @classmethod
    def load(cls, path: str | Path) -> Bearoff:
        """The database from a table file (``save``)."""
        with np.load(path, allow_pickle=False) as data:
            boards = data["boards"]
            full = boards[boards.sum(axis=1) == CHECKERS]
            all_off = _children(boards, boards, data["all_off"])
            first_off = _children(boards, full, data["first_off"])
            return cls.from_plays(boards, all_off, first_off, json.loads(str(data["meta"])))

    def find(self, home: Sequence[int]) -> int:
        """The index of a home board (six counts, 1..6 pips from off)."""
        try:
            return _index(self)[bytes(home)]
        except (KeyError, ValueError, TypeError):
            raise ValueError(
                f"no home board {tuple(home)!r} in the bear-off table: six counts, "
                f"at most {CHECKERS} checkers"
            ) from None

    def rolls(self, board: int) -> Floats:
        """The chance of each roll count 0, 1, .. being the one that bears off the last
        checker of ``board``."""
        return np.diff(self.finished[board], prepend=0.0)

    def expected(self, board: int) -> float:
        """The rolls bearing off ``board`` takes on average (all-off play)."""
        return float(np.sum(1.0 - self.finished[board]))


def codes(boards: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """One number per home board, the counts as base-16 digits (a count is at most 15),
    the checkers 1 pip from off the lowest."""
    return boards.astype(np.int64) @ (16 ** np.arange(HOME, dtype=np.int64))


def _changes(
    boards: npt.NDArray[np.uint8], played: npt.NDArray[np.uint8], children: npt.NDArray[np.uint16]
) -> npt.NDArray[np.int8]:
    """Per board of ``played`` and roll, the change its play makes to each point's count
    (the file's form: it packs to a third of the size of the boards' indices)."""
    after = boards[children.astype(np.intp)].astype(np.int8)
    out: npt.NDArray[np.int8] = after - played[:, None, :].astype(np.int8)
    return out


def _children(
    boards: npt.NDArray[np.uint8], played: npt.NDArray[np.uint8], changes: npt.NDArray[np.int8]
) -> npt.NDArray[np.uint16]:
    """The inverse of ``_changes``: the indices of the boards the plays lead to."""
    after = played[:, None, :].astype(np.int16) + changes
    if after.min(initial=0) < 0 or after.max(initial=0) > CHECKERS:
        raise ValueError("bear-off table: a play leads off the table")
    known = codes(boards)
    order = np.argsort(known)
    wanted = codes(after.reshape(-1, HOME).astype(np.uint8))
    at = np.searchsorted(known[order], wanted)
    at = np.minimum(at, len(known) - 1)
    found = order[at]
    if np.any(known[found] != wanted):
        raise ValueError("bear-off table: a play leads to a board the table lacks")
    return found.reshape(changes.shape[:2]).astype(np.uint16)


@cache
def _index(table: Bearoff) -> dict[bytes, int]:
    return {bytes(board): k for k, board in enumerate(table.boards.tolist())}


@cache
def load() -> Bearoff:
    """The shipped database, read from the package once, on first use."""
    source = DATA.joinpath(TABLE_DIR, TABLE_FILE)
    with resources.as_file(source) as path:
        return Bearoff.load(path)
