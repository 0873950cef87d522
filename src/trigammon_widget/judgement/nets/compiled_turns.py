"""The numba twin of whole turns: ``engine.fastplay``'s ``Runner.run`` for a net's bots
(``network.CompiledRater.run``), and ``evaluation.best_of_roll`` for every roll at once
(``CompiledRater.best_of_rolls``), each in one compiled call.

Each turn searches the roll's plays with the engine's compiled search
(``engine.compiled``), rates them with the net's compiled forward pass
(``compiled.rate_leaves``) and, where every other player is home, rates the plays that
leave a bear-off race from the database (``race.compiled.race_choice``).
"""

from __future__ import annotations

from typing import Any

import numpy.typing as npt
from numba import njit

from ...engine import twister
from ...engine.compiled import USED, WON, decode, leaves, make
from ..race.compiled import Tables, race_choice, racing
from .compiled import Features, Movers, Net, rate_leaves

__all__ = ["BEST", "RANDOM", "Search", "best_of_rolls", "run_turns"]

Array = npt.NDArray[Any]

Search = tuple[Array, Array, Array, Array, Array, Array]
"""The engine's compiled search workspace (``engine.compiled.workspace``): its
``ints``, ``small`` and ``data``, then the results' ``boards``, ``hits`` and ``owner``
(``compiled.Leaves``)."""

RANDOM, BEST = 0, 1
"""How a seat chooses in ``run_turns``: a uniformly random play, or the net's best."""


@njit(cache=True, nogil=True)
def run_turns(
    net: Net,
    features: Features,
    movers: Movers,
    search: Search,
    table: Array,
    everyone: Array,
    following: Array,
    kinds: Array,
    races: Array,
    tables: Tables,
    home: int,
    turn: int,
    left: int,
    passes: int,
    mt: Array,
    out: Array,
) -> tuple[int, int, int, int, int, bool]:
    """Turns of a bot-only game from ``turn``'s roll on, ``table`` (every player's
    board, flat; ``everyone`` the same by player) changed in place, as the compiled
    table's ``play`` makes them (``fastplay.Runner.run``): (player to move or the
    winner, turns played, the dice of a turn handed back or 0, 0, passes in a row,
    whether the last turn won).

    Dice are two ``randint(1, 6)`` of the twister ``mt`` per turn. Where there is a
    choice, ``kinds[p]`` says how p chooses: ``RANDOM``, ``choice`` of the results;
    ``BEST``, the highest equity by the net (``rate_leaves``), with, where
    ``races[p]`` and every other player is home (``home``: the first home path index),
    the results that leave a bear-off race rated from the database (``tables``). A
    turn where a result wins or a race is to be solved exactly is handed back, as is a
    pass that makes a round of passes (R9). ``left`` < 0: no limit.
    """
    ints, small, data, boards, hits, owner = search
    players, size = everyone.shape
    columns = movers[2]
    played = 0
    while left < 0 or played < left:
        die1 = 1 + twister.below(mt, 6)
        die2 = 1 + twister.below(mt, 6)
        count = leaves(ints, small, data, table, players, turn, die1, die2)
        index = 0
        if count > 1:
            if kinds[turn] != BEST:
                index = twister.below(mt, count)
            elif ints[WON]:
                return turn, played, die1, die2, passes, False
            else:
                decode(ints, small, data, size)
                index = rate_leaves(
                    net, features, movers, everyone, turn, (boards, hits, owner), count, out
                )
                if races[turn] and racing(everyone, turn, home):
                    index = race_choice(
                        tables, everyone, turn, home, boards, hits, count, columns[turn], out
                    )
                    if index < 0:
                        return turn, played, die1, die2, passes, False
            passes = 0
        elif ints[USED] == 0:  # a pass (R9): the one that may freeze the game is handed back
            if passes + 1 >= players:
                return turn, played, die1, die2, passes, False
            passes += 1
        else:
            passes = 0
        won = make(ints, small, table, players, turn, index)
        played += 1
        if won:
            return turn, played, 0, 0, passes, True
        turn = following[turn]
    return turn, played, 0, 0, passes, False


@njit(cache=True, nogil=True)
def best_of_rolls(
    net: Net,
    features: Features,
    movers: Movers,
    search: Search,
    table: Array,
    everyone: Array,
    mover: int,
    races: bool,
    tables: Tables,
    home: int,
    rolls: Array,
    out: Array,
    vectors: Array,
    afters: Array,
) -> bool:
    """The outcome vector (in seats) of the mover's best play by the net for each of
    ``rolls`` into ``vectors``, searched and rated as ``run_turns`` does (with
    ``races``, bear-off races from the database), and where ``afters`` has a row per
    roll, every player's boards after that play into it (flat, as ``table``); False,
    ``vectors`` unfinished, at a roll where a play wins (its sure outcome is the
    caller's) or a race is to be solved exactly."""
    ints, small, data, boards, hits, owner = search
    players, size = everyone.shape
    column = movers[2][mover]
    racing_now = races and racing(everyone, mover, home)
    boards_after = afters.shape[0] > 0
    for r in range(rolls.shape[0]):
        count = leaves(ints, small, data, table, players, mover, rolls[r, 0], rolls[r, 1])
        if ints[WON]:
            return False
        decode(ints, small, data, size)
        best = rate_leaves(
            net, features, movers, everyone, mover, (boards, hits, owner), count, out
        )
        if racing_now:
            best = race_choice(tables, everyone, mover, home, boards, hits, count, column, out)
            if best < 0:
                return False
        for o in range(vectors.shape[1]):
            vectors[r, o] = out[best, o]
        if boards_after:
            for i in range(table.shape[0]):
                afters[r, i] = table[i]
            make(ints, small, afters[r], players, mover, best)
    return True
