"""Runs of turns played wholly in compiled code, as the pure engine and the compiled one
both name them: how a seat's compiled form chooses (``Seat``), what plays a run
(``Runner``), and what a run leaves (``Run``). Plain values below ``fastplay``, which
plays turns, and ``compiled``, which keeps the seats of a table, so that neither
imports the other.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

__all__ = ["Run", "Runner", "Seat"]


class Seat(NamedTuple):
    """How a seat's compiled form chooses, said so that runs of turns can be played
    wholly in compiled code (``Runner``): by ``runner``'s net, the best play for the
    mover (with ``races``, the plays that leave a bear-off race rated from the bear-off
    database, as the seat's ``Indexer`` rates them), or with no runner a uniformly
    random play (``rng.choice`` of the results)."""

    runner: Runner | None
    races: bool = False


class Run(NamedTuple):
    """What a run of turns played in compiled code left: the player to move (or the
    winner), the turns played, the dice of a turn handed back to be played by the
    table's ``play`` (None if none was), the passes in a row (R9), and whether the
    last turn won (R12)."""

    turn: int
    played: int
    dice: tuple[int, int] | None
    passes: int
    won: bool


class Runner(Protocol):
    """What plays runs of turns of a compiled table (``compiled.Table``) in one
    compiled call, for seats that choose by it or at random (``Seat``)."""

    def run(
        self,
        table: Any,
        seats: Sequence[Seat],
        turn: int,
        rng: random.Random,
        left: int | None,
        passes: int,
    ) -> Run | None:
        """Turns from ``turn``'s roll on, the dice and the random choices drawn from
        ``rng`` as ``play`` draws them, until a win, ``left`` turns, or a turn only
        ``play`` can make (a choice among plays where one wins, a bear-off race small
        enough to be solved exactly, a pass that may freeze the game): that turn's
        dice are handed back. None where it cannot run (a generator other than
        ``random.Random``)."""
        ...
