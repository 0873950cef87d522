"""Bear-off races, rated from the bear-off database: exactly where the race is small.

A position is a **bear-off race** (``is_race``) when nobody has won and every checker
still on the board is in its owner's home (R10): none on the bar, none farther back.
The homes of the players are different quadrants (classic: 19..24 of each path, at
opposite ends of the board; trigammon: three quadrants 12 points apart) and a checker
only moves on towards off, so no checker can meet another: nothing can be hit (R7) or
blocked (R6), each player bears off on its own, and its board is one of the database's
home boards (``bearoff``). Nor can anyone be backgammoned (R13): no loser has a checker
on the bar or in the winner's home.

Two ratings, both outcome vectors in seats (``network``):

- **exact** (``exact``), the race's value when every player, on each roll, makes the play
  that is best for its own equity (cubeless money points, R13: each loser pays the
  winner 1, or 2 for a gammon); in classic this is the minimax value. A tie (equities
  within ``bearoff.TIE``) goes to the resulting home board of lower index. It is solved
  on the spot, every position the race can reach, when that is few enough:
  ``small(...)``, i.e. the product over the players of C(m + h, m), a bound on the home
  boards a player with ``m`` checkers on its lowest ``h`` points can reach, is at most
  ``EXACT_LIMIT``.
- **from the tables** (``from_tables``), for any other race: every player's roll counts
  (all-off play) and gammon-saving chances (first-off play) from the database, set
  against each other in turn order (R3). The player in slot ``s`` (0 = to roll) wins
  on its ``n``-th roll if the players before it in the turn order have not finished
  within ``n`` rolls and those after it not within ``n - 1``; a loser is gammoned if it
  has no checker off by then. These are the exact chances of that way of playing, which
  is not always the best one (the best play in a race depends on the others' boards):
  on every classic race of up to four checkers a side the tables' win chances differ
  from the exact ones by up to 0.0095 (``docs/bearoff.md``).

``rate`` picks the exact rating where it applies and the tables' otherwise;
``RaceEvaluator`` is the ``Evaluator`` that rates bear-off races so, and the default
evaluator (``evaluation.NeuralEvaluator``) hands them to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from math import comb, prod
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ...engine.fastplay import Boards, TurnView, has_won, key_layout
from ...engine.variant import CHECKERS, Variant
from ..outcome_vectors import Floats, equity_matrix, outcome_size, pairs, slot_order, sure
from .bearoff import HOME, ROLLS, TIE, WEIGHTS, Bearoff, codes, home_board, plays
from .bearoff import load as load_table

__all__ = [
    "BOUNDS",
    "EXACT_LIMIT",
    "NO_TABLES",
    "RaceEvaluator",
    "Tables",
    "after_plays",
    "compiled_tables",
    "exact",
    "from_tables",
    "is_race",
    "rate",
    "small",
]

EXACT_LIMIT = 3000
"""Most positions (the product of the players' bounds) ``exact`` solves at once: a
second or so of work at worst; positions solved once are remembered."""
Chances = npt.NDArray[np.float64]
"""An outcome vector in float64: the race's ratings are exact to the last few bits."""
MEMORY = 1 << 16
"""Positions the exact solver remembers (least recently used go first): about 35 MB."""


def is_race(variant: Variant, boards: Sequence[Sequence[int]]) -> bool:
    """Whether nobody has won and every checker on the board is in its owner's home."""
    start = variant.home_start
    return not any(map(has_won, boards)) and not any(any(board[:start]) for board in boards)


def _check(variant: Variant, boards: Sequence[Sequence[int]]) -> None:
    if len(boards) != variant.players or not is_race(variant, boards):
        raise ValueError(
            "not a bear-off race: every checker of every player must be in its home "
            f"(path positions {variant.home_start}..{variant.points}), none on the bar, "
            "and nobody has borne off all 15 (R10, R12)"
        )


def _homes(variant: Variant, boards: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    return [home_board(variant.points, board) for board in boards]


def small(variant: Variant, boards: Sequence[Sequence[int]]) -> bool:
    """Whether ``exact`` rates this race: the product over the players of
    C(m + h, m), for m checkers on the board and the highest of them h pips from off,
    is at most ``EXACT_LIMIT``."""
    return prod(map(_bound, _homes(variant, boards))) <= EXACT_LIMIT


BOUNDS = np.array(
    [[comb(m + h, m) for h in range(HOME + 1)] for m in range(CHECKERS + 1)], np.int64
)
"""``[m, h]``: C(m + h, m), ``small``'s bound of a home board of m checkers whose highest
is h pips from off (``_bound``; compiled code reads it too, ``Tables.bounds``)."""
BOUNDS.setflags(write=False)


def _bound(home: Sequence[int]) -> int:
    """``BOUNDS`` of one home board (``small``)."""
    high = max((k + 1 for k in range(HOME) if home[k]), default=0)
    return int(BOUNDS[sum(home), high])


def rate(variant: Variant, boards: Sequence[Sequence[int]], turn: int) -> Chances:
    """The outcome vector (in seats) of a bear-off race before ``turn`` rolls: exact
    where ``small``, from the tables otherwise."""
    _check(variant, boards)
    if small(variant, boards):
        return exact(variant, boards, turn)
    return from_tables(variant, boards, turn)


# --- from the tables ----------------------------------------------------------------


def from_tables(variant: Variant, boards: Sequence[Sequence[int]], turn: int) -> Chances:
    """The chances when every player makes the database's plays (module docstring)."""
    _check(variant, boards)
    table = load_table()
    found = [[table.find(home) for home in _homes(variant, boards)]]
    vector: Chances = _from_tables(variant, np.array(found, np.intp), turn)[0]
    return vector


def _from_tables(variant: Variant, found: npt.NDArray[np.intp], turn: int) -> Chances:
    """``from_tables`` of several races at once, ``found[r, p]`` player p's home board
    in race r (the database's index): a turn's plays rated in one go.

    The sums over the roll counts run in order (``_total``), as the compiled twin
    (``compiled.tabled``) sums them: both paths get the same bits, and so break a tie
    between two plays alike."""
    table = load_table()
    players = variant.players
    order = list(slot_order(variant, turn))
    # running[r, s, n]: slot s has not finished within n rolls; unsaved: no checker off.
    running = 1.0 - table.finished[found[:, order]]
    unsaved = 1.0 - table.saves[found[:, order]]
    vector = np.zeros((len(found), outcome_size(players)))
    where = pair_index(players)
    for s, seat in enumerate(order):
        # The chance slot s finishes on its roll n, for n = 1, 2, ...
        finish = running[:, s, :-1] - running[:, s, 1:]
        # The rolls another slot has had by then: n if it rolls before s, n - 1 after.
        others = [t for t in range(players) if t != s]
        waits = [running[:, t, 1:] if t < s else running[:, t, :-1] for t in others]
        vector[:, seat] = _total(finish * prod(waits))
        for i, t in enumerate(others):
            spared = unsaved[:, t, 1:] if t < s else unsaved[:, t, :-1]
            alive = prod(waits[:i] + waits[i + 1 :])
            vector[:, players + where[seat, order[t]]] = _total(finish * spared * alive)
    return vector


def _total(terms: Chances) -> Chances:
    """Each row's sum, term after term (numpy's ``sum`` adds in pairs)."""
    totals: Chances = np.cumsum(terms, axis=1)[:, -1]
    return totals


@cache
def pair_index(players: int) -> npt.NDArray[np.intp]:
    """``[winner, loser]``: the pair's place among the gammon parts (``outcome_vectors.pairs``)."""
    where = np.full((players, players), -1, np.intp)
    for k, (w, lost) in enumerate(pairs(players)):
        where[w, lost] = k
    where.setflags(write=False)
    return where


# --- exactly ----------------------------------------------------------------------


def exact(variant: Variant, boards: Sequence[Sequence[int]], turn: int) -> Chances:
    """The race's value when every player plays for its own best equity (module
    docstring), solved over every position the race can reach: only for races that
    are ``small`` (others take long)."""
    _check(variant, boards)
    table = load_table()
    found = tuple(table.find(home) for home in _homes(variant, boards))
    return np.array(_solve(variant.players, variant.turn_order, turn, found))


@lru_cache(maxsize=MEMORY)
def _solve(players: int, turn_order: str, turn: int, found: tuple[int, ...]) -> Chances:
    """The outcome vector (in seats) of the race of home boards ``found`` (table
    indices by seat) before ``turn`` rolls.

    The boards all 21 rolls can lead to are rated once and set out roll by roll
    (``_moves``), so each roll's best play is a few array operations, not a loop."""
    step = 1 if turn_order == "left" else -1
    follower = (turn + step) % players
    reachable, spread = _moves(found[turn])

    def after(child: int) -> Chances:
        boards = (*found[:turn], child, *found[turn + 1 :])
        if child == 0:
            return _won(players, turn, boards)
        return _solve(players, turn_order, follower, boards)

    values = np.stack([after(child) for child in reachable])
    column = equity_matrix(players)[:, turn].astype(np.float64)
    # equities[r, k]: the mover's equity after roll r's k-th play (-inf past its plays).
    equities = np.where(spread >= 0, (values @ column)[spread], -np.inf)
    # Each roll's first play (the lowest board) within TIE of its best.
    first = np.argmax(equities >= equities.max(axis=1, keepdims=True) - TIE, axis=1)
    vector: Chances = WEIGHTS @ values[spread[np.arange(len(ROLLS)), first]]
    vector.setflags(write=False)
    return vector


@cache
def _moves(board: int) -> tuple[tuple[int, ...], npt.NDArray[np.intp]]:
    """The table indices of the boards a player on ``board`` reaches with some roll,
    lowest first, and ``[roll, k]``: the place among them of the roll's k-th play's
    board (its plays lowest first; -1 past the last)."""
    table = load_table()
    home = tuple(int(c) for c in table.boards[board])
    per_roll = [sorted({table.find(child) for child in plays(home, roll)}) for roll in ROLLS]
    reachable = tuple(sorted(set().union(*per_roll)))
    place = {child: k for k, child in enumerate(reachable)}
    spread = np.full((len(ROLLS), max(map(len, per_roll))), -1, np.intp)
    for r, children in enumerate(per_roll):
        spread[r, : len(children)] = [place[child] for child in children]
    spread.setflags(write=False)
    return reachable, spread


@cache
def _won(players: int, winner: int, found: tuple[int, ...]) -> Chances:
    """The sure outcome when ``winner`` has just borne off its last checker: every
    loser with no checker off is gammoned (R13), none backgammoned (no checker of a
    loser is in the winner's home)."""
    table = load_table()
    vector = np.zeros(outcome_size(players))
    vector[winner] = 1.0
    for k, (w, lost) in enumerate(pairs(players)):
        if w == winner and _on_board(table, found[lost]) == CHECKERS:
            vector[players + k] = 1.0
    vector.setflags(write=False)
    return vector


def _on_board(table: Bearoff, board: int) -> int:
    return int(table.boards[board].sum())


# --- as an evaluator ---------------------------------------------------------------


def after_plays(view: TurnView, keys: Sequence[int], rated: Floats) -> Floats:
    """``rated`` (outcome vectors of the plays ``keys``, as ``Evaluator.after_plays``
    gives them) with each play that leaves a bear-off race rated by ``rate``, in place.

    Only the mover's board changes, so the others' part of ``is_race``, of ``small``
    and of the tables' lookup is worked out once for the turn, and the races the
    tables rate are rated together."""
    variant, mover = view.variant, view.turn
    start, points = variant.home_start, variant.points
    others = [p for p in range(variant.players) if p != mover]
    if any(has_won(view.boards[p]) or any(view.boards[p][:start]) for p in others):
        return rated  # somebody else is not home yet: no play makes a race
    follower = variant.next_player(mover)
    table = load_table()
    shift, _ = key_layout(variant)
    homes = {p: home_board(points, view.boards[p]) for p in others}
    found = {p: table.find(home) for p, home in homes.items()}
    bound = prod(map(_bound, homes.values()))
    tabled: list[int] = []
    rows: list[list[int]] = []
    for k, key in enumerate(keys):
        mine = view.mover_board(key)
        if key >> shift or has_won(mine) or any(mine[:start]):
            continue  # a hit sends a checker to the bar: no race
        home = home_board(points, mine)
        if bound * _bound(home) <= EXACT_LIMIT:
            rated[k] = exact(variant, view.boards_after(key), follower)
        else:  # as ``rate`` does, the turn's plays together
            tabled.append(k)
            rows.append(
                [found[p] if p != mover else table.find(home) for p in range(len(homes) + 1)]
            )
    if tabled:
        rated[tabled] = _from_tables(variant, np.array(rows, np.intp), follower)
    return rated


class Tables(NamedTuple):
    """The database and the rating's rules as compiled code takes them
    (``nets.compiled_turns.run_turns``), to rate a turn's races as ``after_plays`` does."""

    finished: Chances
    saves: Chances
    codes: npt.NDArray[np.int64]
    """Every home board's ``bearoff.codes``, sorted; ``boards`` the index of each."""
    boards: npt.NDArray[np.intp]
    bounds: npt.NDArray[np.int64]
    """``BOUNDS``."""
    orders: npt.NDArray[np.intp]
    """``[mover]``: the seats in slot order of the player after ``mover``, who rates
    the results of its turn."""
    pairs: npt.NDArray[np.intp]
    """``pair_index``."""
    limit: int
    """``EXACT_LIMIT``: a race this small is handed back, to be solved exactly."""


NO_TABLES = Tables(
    np.zeros((1, 1)),
    np.zeros((1, 1)),
    np.zeros(1, np.int64),
    np.zeros(1, np.intp),
    np.zeros((1, 1), np.int64),
    np.zeros((1, 1), np.intp),
    np.zeros((1, 1), np.intp),
    0,
)
"""``Tables`` of the same types for a table where nobody rates races: never read, and
no database loaded for it."""


@cache
def compiled_tables(variant: Variant) -> Tables:
    """``Tables`` for ``variant``, made once (the database is read on first use)."""
    table = load_table()
    known = codes(table.boards)
    order = np.argsort(known)
    orders = np.array(
        [slot_order(variant, variant.next_player(m)) for m in range(variant.players)], np.intp
    )
    return Tables(
        table.finished,
        table.saves,
        np.ascontiguousarray(known[order]),
        order.astype(np.intp),
        BOUNDS,
        orders,
        pair_index(variant.players),
        EXACT_LIMIT,
    )


class RaceEvaluator:
    """An ``Evaluator`` for bear-off races alone (``rate``); any other position is a
    ``ValueError``."""

    name = "race"

    def __repr__(self) -> str:
        return "RaceEvaluator()"

    def check(self, variant: Variant) -> None:
        """Both variants have a home of six points: every variant is welcome."""

    def rate(self, variant: Variant, boards: Boards, turn: int) -> Floats:
        return rate(variant, boards, turn).astype(np.float32)

    def after_plays(self, view: TurnView, keys: Sequence[int]) -> Floats:
        variant = view.variant
        follower = variant.next_player(view.turn)
        rows = []
        for key in keys:
            boards = view.boards_after(key)
            won = has_won(boards[view.turn])
            rows.append(
                sure(variant, boards, view.turn) if won else rate(variant, boards, follower)
            )
        return np.stack(rows).astype(np.float32)
