"""Outcome vectors: what a rating of a position says, in slots or in seats.

**Slots and seats.** A net sees the players in turn order from the player to move:
slot 0 is the player to move, slot 1 the one who moves next (R3), slot 2 (trigammon)
the one after (``slot_order``). A vector in *seats* is indexed by the players' own
numbers; ``to_seats`` and ``to_slots`` turn one into the other.

**The vector**: ``P[w]``, the chance that ``w`` wins; ``G[w, l]``, that ``w`` wins and
``l`` loses a gammon or a backgammon (R13); ``B[w, l]``, that ``w`` wins and ``l`` is
backgammoned, for every ordered pair ``w != l`` (``pairs``): ``n + 2 n (n - 1)``
numbers, 6 in classic and 15 in trigammon (``outcome_size``). A finished game has a
sure one (``outcome_vector``, ``sure``). Equities are linear in the vector
(``equity_matrix``, ``equities_of``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np
import numpy.typing as npt

from ..engine.fastplay import Boards, position_of
from ..engine.outcome import Outcome
from ..engine.variant import Variant

__all__ = [
    "Floats",
    "Ints",
    "by_turn",
    "equities_of",
    "equity_matrix",
    "outcome_size",
    "outcome_vector",
    "pairs",
    "seat_index",
    "slot_order",
    "sure",
    "to_seats",
    "to_slots",
]

Floats = npt.NDArray[np.float32]
"""An array of ratings (float32)."""
Ints = npt.NDArray[np.intp]
"""An array of indices."""


@cache
def pairs(players: int) -> tuple[tuple[int, int], ...]:
    """The ordered (winner, loser) pairs of an outcome vector's ``G`` and ``B`` parts."""
    return tuple((w, lost) for w in range(players) for lost in range(players) if w != lost)


def outcome_size(players: int) -> int:
    """How many numbers a rating for ``players`` holds: each player's win, and each
    (winner, loser) pair's gammon and backgammon (``pairs``)."""
    return players + 2 * len(pairs(players))


@cache
def equity_matrix(players: int) -> Floats:
    """``outcomes @ equity_matrix(n)``: each player's equity.

    Every loser pays the winner 1 point, 2 for a gammon, 3 for a backgammon (R13):
    a player's equity is ``P[p] (n - 1) + sum_l (G[p, l] + B[p, l])`` won, less
    ``1 - P[p] + sum_w (G[w, p] + B[w, p])`` lost.
    """
    matrix = np.zeros((outcome_size(players), players), np.float32)
    for p in range(players):
        matrix[:players, p] = -1.0
        matrix[p, p] = players - 1
    for k, (w, lost) in enumerate(pairs(players)):
        for part in (players + k, players + len(pairs(players)) + k):
            matrix[part, w] += 1.0
            matrix[part, lost] -= 1.0
    return matrix


def equities_of(rated: Floats, column: Floats) -> Floats:
    """``rated @ column``, summed output after output in the vectors' precision: the
    bits the compiled choice gets (``compiled.race_choice``), whatever BLAS would add
    first, so that both paths break a tie between two plays alike."""
    total: Floats = rated[:, 0] * column[0]
    for o in range(1, rated.shape[1]):
        total = total + rated[:, o] * column[o]
    return total


@cache
def slot_order(variant: Variant, turn: int) -> tuple[int, ...]:
    """The seats in slot order: the player to move ``turn``, then in turn order (R3)."""
    order = [turn]
    while len(order) < variant.players:
        order.append(variant.next_player(order[-1]))
    return tuple(order)


@cache
def seat_index(order: tuple[int, ...]) -> Ints:
    """Index array taking an outcome vector in slots to seats: ``seats = slots[..., ix]``."""
    players = len(order)
    where = {pair: k for k, pair in enumerate(pairs(players))}
    to_seats = np.empty(outcome_size(players), np.intp)
    for s, seat in enumerate(order):
        to_seats[seat] = s
    q = len(where)
    for (w, lost), k in where.items():
        seat_k = where[(order[w], order[lost])]
        to_seats[players + seat_k] = players + k
        to_seats[players + q + seat_k] = players + q + k
    return to_seats


def to_seats(slots: Floats, order: tuple[int, ...]) -> Floats:
    """Outcome vectors in slots (``order[s]`` plays slot s) as vectors in seats."""
    return slots[..., seat_index(order)]


def to_slots(seats: Floats, order: tuple[int, ...]) -> Floats:
    """The inverse of ``to_seats``."""
    return seats[..., np.argsort(seat_index(order))]


def outcome_vector(result: Outcome, players: int) -> Floats:
    """The outcome vector (in seats) of a finished game: one sure outcome (R13)."""
    vector = np.zeros(outcome_size(players), np.float32)
    vector[result.winner] = 1.0
    q = len(pairs(players))
    for k, (w, lost) in enumerate(pairs(players)):
        if w == result.winner:
            vector[players + k] = result.points[lost] >= 2
            vector[players + q + k] = result.points[lost] >= 3
    return vector


def sure(variant: Variant, boards: Boards, turn: int) -> Floats:
    """The outcome vector (in seats) of a finished game's boards (R12, R13)."""
    result = position_of(variant, boards, turn).outcome()
    if result is None:
        raise ValueError("the game is not over: nobody has borne off all 15 checkers")
    return outcome_vector(result, variant.players)


def by_turn(
    variant: Variant,
    vectors: Floats,
    turns: Ints,
    convert: Callable[[Floats, tuple[int, ...]], Floats],
) -> Floats:
    """``convert`` (``to_seats`` or ``to_slots``) applied to each row with its turn's order."""
    out = np.empty_like(vectors)
    for turn in np.unique(turns):
        rows = turns == turn
        out[rows] = convert(vectors[rows], slot_order(variant, int(turn)))
    return out
