"""The numba twin of ``rating.after_plays``: bear-off races in compiled code, the race
choice of ``nets.compiled_turns.run_turns``.

Where every other player is home, the plays that leave a bear-off race are rated from
the database (``rating.Tables``, as ``rating.compiled_tables`` lays it out) with the
same arithmetic in the same order as ``rating._from_tables``, so the same bits.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

__all__ = ["Tables", "race_choice", "racing", "tabled"]

Array = npt.NDArray[Any]

Tables = tuple[Array, Array, Array, Array, Array, Array, Array, int]
"""The bear-off database as compiled code takes it (``rating.Tables``)."""


@njit(cache=True, nogil=True)
def racing(everyone: Array, mover: int, home: int) -> bool:
    """Whether every other player has all its checkers home (past ``home``'s path
    index): a play may leave a bear-off race."""
    for p in range(everyone.shape[0]):
        if p != mover:
            for i in range(home):
                if everyone[p, i]:
                    return False
    return True


@njit(cache=True, nogil=True)
def _home_board(
    board: Array, points: int, codes: Array, boards: Array, bounds: Array
) -> tuple[int, int]:
    """The database index of a player's home board (``rating.home_board``) and its
    ``small`` bound (``rating.Tables.bounds``)."""
    code = 0
    weight = 1
    checkers = 0
    high = 0
    for k in range(6):
        count = int(board[points - k])
        code += count * weight
        weight *= 16
        checkers += count
        if count:
            high = k + 1
    return boards[np.searchsorted(codes, code)], bounds[checkers, high]


@njit(cache=True, nogil=True)
def tabled(
    finished: Array, saves: Array, found: Array, order: Array, pairs: Array, out: Array
) -> None:
    """``rating._from_tables`` of one race into ``out`` (an outcome vector in seats):
    ``found[s]`` the database index of slot ``s``'s home board, ``order[s]`` its seat.
    The same arithmetic in the same order, so the same bits."""
    players = found.shape[0]
    width = finished.shape[1]
    for o in range(out.shape[0]):
        out[o] = 0.0
    for s in range(players):
        seat = order[s]
        win = 0.0
        for n in range(width - 1):
            finish = (1.0 - finished[found[s], n]) - (1.0 - finished[found[s], n + 1])
            waits = 1.0
            for t in range(players):
                if t != s:
                    waits = waits * (1.0 - finished[found[t], n + 1 if t < s else n])
            win += finish * waits
        out[seat] = win
        for t in range(players):
            if t == s:
                continue
            gammon = 0.0
            for n in range(width - 1):
                finish = (1.0 - finished[found[s], n]) - (1.0 - finished[found[s], n + 1])
                alive = 1.0
                for u in range(players):
                    if u != s and u != t:
                        alive = alive * (1.0 - finished[found[u], n + 1 if u < s else n])
                spared = 1.0 - saves[found[t], n + 1 if t < s else n]
                gammon += finish * spared * alive
            out[players + pairs[seat, order[t]]] = gammon


@njit(cache=True, nogil=True)
def race_choice(
    tables: Tables,
    everyone: Array,
    mover: int,
    home: int,
    boards: Array,
    hits: Array,
    count: int,
    column: Array,
    out: Array,
) -> int:
    """The mover's best result where every other player is home: the results the net
    rated (``out``) with those that leave a bear-off race rated from the tables, as
    ``rating.after_plays`` rates them, then the first of the highest equity summed as
    ``outcome_vectors.equities_of`` sums it; -1 where a race is small enough to be solved exactly
    (the turn is handed back)."""
    finished, saves, codes, indices, bounds, orders, pairs, limit = tables
    players, size = everyone.shape
    points = size - 2
    order = orders[mover]
    found = np.empty(players, np.intp)
    vector = np.empty(out.shape[1], np.float64)
    mine = 0
    bound = 1
    for s in range(players):
        if order[s] == mover:
            mine = s
        else:
            found[s], b = _home_board(everyone[order[s]], points, codes, indices, bounds)
            bound *= b
    for k in range(count):
        if hits[k]:
            continue  # a checker hit goes to the bar: no race
        back = False
        for i in range(home):
            if boards[k, i]:
                back = True
                break
        if back:
            continue
        found[mine], b = _home_board(boards[k], points, codes, indices, bounds)
        if bound * b <= limit:
            return -1
        tabled(finished, saves, found, order, pairs, vector)
        for o in range(vector.shape[0]):
            out[k, o] = vector[o]
    best = -1
    top = -np.inf
    for k in range(count):
        equity = out[k, 0] * column[0]
        for o in range(1, out.shape[1]):
            equity = equity + out[k, o] * column[o]
        if equity > top:
            top = equity
            best = k
    return best
