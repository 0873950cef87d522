"""Whole turns and games on plain lists: the engine's fast path for bots, rollouts and training.

``Position`` is the checked, immutable value a person works with; bot-only play
needs millions of turns a minute, so it runs here on lists of checker counts in each
player's path coordinates (as ``Position.boards``). The legal-play search
(``movegen.legal_leaves``) names each resulting board by an integer key: the mover's
board, one byte per path index, then one bit per point where it hit. A ``TurnView``
turns such a key back into every player's board (R7), so a bot can score candidates
from their keys and the chosen one is made without building a ``Position``.

The opening roll (R2) and turn order (R3) are defined here once and used by
``Game`` too, so a fast game and a ``Game`` played with the same seed and bots are
the same game (``tests/engine/test_fastplay.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from .movegen import RawPlay, legal_leaves
from .variant import CHECKERS, Variant

if TYPE_CHECKING:
    from .position import Position

__all__ = [
    "Boards",
    "Chooser",
    "Leaves",
    "TurnView",
    "decide_opening",
    "key_layout",
    "opening_rollers",
    "play_out",
    "roll_opening",
]

Boards = list[list[int]]
"""Every player's checkers, ``boards[p]`` in p's path coordinates (bar, 1..N, tray)."""
Leaves = dict[int, RawPlay]
"""Resulting-board key -> one play reaching it, as ``movegen.legal_leaves`` gives them."""
Chooser = Callable[["TurnView", Leaves, random.Random], int]
"""Picks one key among at least two leaves; gets the game's random generator."""


@cache
def key_layout(variant: Variant) -> tuple[int, int]:
    """(bit where a key's hit bits start, mask of the board bytes below it).

    A key holds the mover's board, one byte per path index, then one bit per path
    index where the play hit (``movegen``).
    """
    shift = 8 * (variant.points + 2)
    return shift, (1 << shift) - 1


class TurnView:
    """The board as the player to move sees it with its roll, computed once per turn.

    ``blocked`` and ``blots`` are what the legal-play search needs (R6, R7);
    ``blot_owner`` says whose checker (player, its path position) a hit at each of
    the mover's path indices sends to the bar.
    """

    __slots__ = ("blocked", "blot_owner", "blots", "boards", "dice", "turn", "variant")

    def __init__(self, variant: Variant, boards: Boards, turn: int, dice: tuple[int, int]) -> None:
        n = variant.points
        blocked = [False] * (n + 2)
        blot_owner: dict[int, tuple[int, int]] = {}
        blots = 0
        for player, board in enumerate(boards):
            if player == turn:
                continue
            table = variant.seen_by(turn, player)
            for index in range(1, n + 1):
                count = board[index]
                if count:
                    mine = table[index]
                    if count == 1:
                        blots |= 1 << mine
                        blot_owner[mine] = (player, index)
                    else:
                        blocked[mine] = True
        self.variant = variant
        self.boards = boards
        self.turn = turn
        self.dice = dice
        self.blocked = blocked
        self.blots = blots
        self.blot_owner = blot_owner

    @classmethod
    def of(cls, position: Position, dice: tuple[int, int] | None = None) -> TurnView:
        """The view of ``position``'s player to move, with ``dice`` (default: its own)."""
        roll = dice if dice is not None else position.dice
        if roll is None:
            raise ValueError("no dice: a turn's view needs a roll")
        boards = [list(board) for board in position.boards]
        return cls(position.variant, boards, position.turn, roll)

    def leaves(self) -> Leaves:
        """Every legal play of the roll, one per resulting board (R4-R12)."""
        mine = list(self.boards[self.turn])
        return legal_leaves(mine, self.blocked, self.blots, self.variant.points, *self.dice)

    def mover_board(self, key: int) -> bytes:
        """The mover's board after the play of ``key``, one byte per path index."""
        _, mask = key_layout(self.variant)
        return (key & mask).to_bytes(self.variant.points + 2, "little")

    def hits(self, key: int) -> list[tuple[int, int]]:
        """(player, path index) of each opponent checker the play of ``key`` hits (R7)."""
        shift, _ = key_layout(self.variant)
        found = []
        hits = key >> shift
        while hits:
            low = hits & -hits
            found.append(self.blot_owner[low.bit_length() - 1])
            hits ^= low
        return found

    def boards_after(self, key: int) -> Boards:
        """Every player's board after the play of ``key``, as new lists."""
        boards = [list(board) for board in self.boards]
        self._make(boards, key)
        return boards

    def play(self, key: int) -> None:
        """Make the play of ``key`` on ``boards`` in place."""
        self._make(self.boards, key)

    def _make(self, boards: Boards, key: int) -> None:
        boards[self.turn] = list(self.mover_board(key))
        for player, index in self.hits(key):
            victim = boards[player]
            victim[index] -= 1
            victim[0] += 1


# --- the opening roll (R2) and whole games --------------------------------------------


def opening_rollers(variant: Variant, last: Sequence[int | None] | None) -> list[int]:
    """Who rolls the next opening round: everybody first, then the tied (R2 Reading)."""
    everyone = list(range(variant.players))
    if last is None or variant.opening_reroll == "all":
        return everyone
    high = max(v for v in last if v is not None)
    return [p for p in everyone if last[p] == high]


def decide_opening(
    variant: Variant, rolling: Sequence[int], values: Sequence[int]
) -> tuple[int | None, tuple[int, int] | None]:
    """The starter of one opening round (None on a tie) and, in classic, the opening
    dice it plays as its first roll (R2)."""
    high = max(values)
    leaders = [p for p, v in zip(rolling, values, strict=True) if v == high]
    if len(leaders) > 1:
        return None, None
    starter = leaders[0]
    if variant.opening_move != "opening-dice":
        return starter, None
    other = next(v for p, v in zip(rolling, values, strict=True) if p != starter)
    return starter, (high, other)


def roll_opening(variant: Variant, rng: random.Random) -> tuple[int, tuple[int, int] | None]:
    """A whole opening roll with ``rng``: the starter and its opening dice, if any.

    Draws the dice as ``Game.roll_opening`` does, round by round, so both agree.
    """
    last: list[int | None] | None = None
    while True:
        rolling = opening_rollers(variant, last)
        values = [rng.randint(1, 6) for _ in rolling]
        starter, dice = decide_opening(variant, rolling, values)
        if starter is not None:
            return starter, dice
        last = [None] * variant.players
        for player, value in zip(rolling, values, strict=True):
            last[player] = value


def play_out(
    variant: Variant,
    boards: Boards,
    turn: int,
    dice: tuple[int, int] | None,
    choosers: Sequence[Chooser],
    rng: random.Random,
    max_turns: int | None = None,
) -> tuple[int, int]:
    """Play turns on ``boards`` (changed in place) until a win (R12) or ``max_turns``.

    ``choosers[p]`` picks player p's play when there is a choice; dice come from
    ``rng`` (two ``randint(1, 6)`` per turn, as ``Game.roll``), except ``dice``, the
    first roll when it is already known. Returns (player to move or the winner,
    turns played).
    """
    randint = rng.randint
    played = 0
    while max_turns is None or played < max_turns:
        if any(board[-1] == CHECKERS for board in boards):
            break
        if dice is None:
            dice = (randint(1, 6), randint(1, 6))
        view = TurnView(variant, boards, turn, dice)
        leaves = view.leaves()
        key = next(iter(leaves)) if len(leaves) == 1 else choosers[turn](view, leaves, rng)
        view.play(key)
        played += 1
        dice = None
        if boards[turn][-1] == CHECKERS:
            break
        turn = variant.next_player(turn)
    return turn, played
