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
the same game (``tests/engine/test_fastplay.py``). ``play_game`` is the one loop of a
bot-only game (bots, rollouts, training and their benchmarks play through it), with a
hook before each roll; ``has_won`` is the win test (R12) and ``play_of``, ``raw_of``,
``key_of``, ``position_of`` and ``boards_of`` turn the fast path's plain values into
the engine's and back.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, Protocol

from . import fast
from .i18n import _
from .movegen import RawPlay, legal_leaves
from .moves import Move, Play
from .position import Dice, Position
from .runs import Run, Seat
from .variant import CHECKERS, Variant

__all__ = [
    "Boards",
    "Chooser",
    "FastChooser",
    "Indexer",
    "Leaves",
    "Lists",
    "OnTurn",
    "Table",
    "TurnView",
    "boards_of",
    "decide_opening",
    "has_won",
    "key_layout",
    "key_of",
    "opening_rollers",
    "play_game",
    "play_of",
    "play_out",
    "position_of",
    "raw_of",
    "roll_opening",
    "table_for",
]

Boards = list[list[int]]
"""Every player's checkers, ``boards[p]`` in p's path coordinates (bar, 1..N, tray)."""
Leaves = dict[int, RawPlay]
"""Resulting-board key -> one play reaching it, as ``movegen.legal_leaves`` gives them."""
Chooser = Callable[["TurnView", Leaves, random.Random], int]
"""Picks one key among at least two leaves; gets the game's random generator."""
OnTurn = Callable[[Boards, int], None]
"""Told every player's boards and the player about to roll, before each roll of a game
(not before a first roll that is already known)."""
Indexer = Callable[[Any, int, int, random.Random], int]
"""The compiled form of a chooser: given the table (``compiled.Table``: the boards and
the compiled search's results), the mover and how many results there are (at least
two), and the game's random generator, the index of the result it picks."""


class FastChooser:
    """A chooser (``pick``) that may also choose on the compiled fast path.

    ``compiled(variant)`` gives its ``Indexer`` for a game of ``variant``, or None
    when it has none there; it must pick the result ``pick`` picks, drawing the same
    numbers from the generator, so that a game is the same on either path. ``seat``
    (optional) says how that indexer chooses (``Seat``), or None when no runner can
    play its turns.
    """

    __slots__ = ("compiled", "pick", "seat")

    def __init__(
        self,
        pick: Chooser,
        compiled: Callable[[Variant], Indexer | None],
        seat: Callable[[Variant], Seat | None] | None = None,
    ) -> None:
        self.pick = pick
        self.compiled = compiled
        self.seat = seat

    def __call__(self, view: TurnView, leaves: Leaves, rng: random.Random) -> int:
        return self.pick(view, leaves, rng)


# --- the fast path's values and the engine's -------------------------------------------


def has_won(board: Sequence[int]) -> bool:
    """Whether a player's board (path coordinates, tray last) has borne off all its
    checkers: the game is won (R12)."""
    return board[-1] == CHECKERS


def play_of(raw: RawPlay) -> Play:
    """The ``Play`` of a raw play (``movegen``: moves as (start, end, die, hit))."""
    return Play(tuple(Move(*move) for move in raw))


def raw_of(play: Play) -> RawPlay:
    """The raw play of a ``Play``."""
    return tuple((m.start, m.end, m.die, m.hit) for m in play.moves)


def key_of(leaves: Leaves, play: Play) -> int:
    """The key of the leaf ``play`` leads to, a play as the engine lists it (a listed
    play, or one made canonical by ``LegalPlays.check``); ``ValueError`` otherwise."""
    wanted = raw_of(play)
    for key, raw in leaves.items():
        if raw == wanted:
            return key
    raise ValueError(
        _("the play {play} is not among the legal plays of its roll").format(play=repr(play))
    )


def position_of(
    variant: Variant, boards: Sequence[Sequence[int]], turn: int, dice: Dice | None = None
) -> Position:
    """The ``Position`` of plain boards, with the player to move and its dice."""
    return Position(variant, tuple(tuple(board) for board in boards), turn, dice)


def boards_of(position: Position) -> Boards:
    """Every player's board of ``position`` as new lists, for the fast path."""
    return [list(board) for board in position.boards]


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
            raise ValueError(_("no dice: a turn's view needs a roll"))
        return cls(position.variant, boards_of(position), position.turn, roll)

    def leaves(self) -> Leaves:
        """Every legal play of the roll, one per resulting board (R4-R12)."""
        found = fast.legal_leaves(self.variant, self.boards, self.turn, *self.dice)
        if found is not None:
            return found
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


class Table(Protocol):
    """Every player's checkers during ``play_out``, and how a turn is made on them: on
    plain lists (``Lists``) or in the compiled fast path (``compiled.Table``)."""

    def boards(self) -> Boards:
        """Every player's boards as new lists."""
        ...

    def play(self, turn: int, dice: tuple[int, int], rng: random.Random) -> bool:
        """Make ``turn``'s play for ``dice`` (its chooser's, where there is a choice);
        whether it won (R12)."""
        ...

    def run(self, turn: int, rng: random.Random, left: int | None, passes: int) -> Run | None:
        """Turns from ``turn``'s roll on played in one compiled call (``Runner.run``),
        or None where the table cannot."""
        ...

    def finish(self) -> None:
        """Leave the final boards in the lists ``play_out`` was given."""
        ...

    @property
    def passed(self) -> bool:
        """Whether the last turn made was a pass (no legal move, R9)."""
        ...


class Lists:
    """The pure-Python table: the turn on lists, chosen from ``TurnView`` and leaves."""

    __slots__ = ("choosers", "lists", "passed", "variant")

    def __init__(self, variant: Variant, boards: Boards, choosers: Sequence[Chooser]) -> None:
        self.variant = variant
        self.lists = boards
        self.choosers = choosers
        self.passed = False

    def boards(self) -> Boards:
        return self.lists

    def play(self, turn: int, dice: tuple[int, int], rng: random.Random) -> bool:
        view = TurnView(self.variant, self.lists, turn, dice)
        leaves = view.leaves()
        if len(leaves) == 1:
            key = next(iter(leaves))
            self.passed = not leaves[key]
        else:
            key = self.choosers[turn](view, leaves, rng)
            self.passed = False
        view.play(key)
        return has_won(self.lists[turn])

    def run(self, turn: int, rng: random.Random, left: int | None, passes: int) -> None:
        return None

    def finish(self) -> None:
        return None


def table_for(variant: Variant, boards: Boards, choosers: Sequence[Chooser]) -> Table:
    """The compiled table when the fast path is in use and every chooser has a compiled
    form for ``variant`` (``FastChooser``), else the lists. The compiled table plays
    runs of turns in compiled code where every seat says how it chooses and those
    that rate share one runner (``Seat``)."""
    module = fast.compiled()
    if module is None or not all(isinstance(c, FastChooser) for c in choosers):
        return Lists(variant, boards, choosers)
    fast_choosers = [c for c in choosers if isinstance(c, FastChooser)]
    indexers = [c.compiled(variant) for c in fast_choosers]
    if any(indexer is None for indexer in indexers):
        return Lists(variant, boards, choosers)
    seats = [None if c.seat is None else c.seat(variant) for c in fast_choosers]
    runners = {id(s.runner): s.runner for s in seats if s is not None and s.runner is not None}
    if len(runners) != 1 or any(s is None for s in seats):
        seats = []
    table: Table = module.Table(variant, boards, indexers, seats)
    return table


def play_out(
    variant: Variant,
    boards: Boards,
    turn: int,
    dice: tuple[int, int] | None,
    choosers: Sequence[Chooser],
    rng: random.Random,
    max_turns: int | None = None,
    on_turn: OnTurn | None = None,
) -> tuple[int, int]:
    """Play turns on ``boards`` (changed in place) until a win (R12) or ``max_turns``.

    ``choosers[p]`` picks player p's play when there is a choice; dice come from
    ``rng`` (two ``randint(1, 6)`` per turn, as ``Game.roll``), except ``dice``, the
    first roll when it is already known. ``on_turn`` is told the boards before each
    roll made here. Turns are made on the compiled fast path where every chooser has
    a compiled form (``table_for``), many in one compiled call where the table can
    (``Table.run``) and nobody is told of the turns: the same game, turn for turn,
    every way. A game that reaches a
    position where nobody can move again (``Position.frozen``) stops there, after a
    round of passes. Returns (player to move or the winner, turns played).
    """
    randint = rng.randint
    played = passes = 0
    if any(map(has_won, boards)):
        return turn, played
    table = table_for(variant, boards, choosers)
    while max_turns is None or played < max_turns:
        if dice is None and on_turn is None:
            left = None if max_turns is None else max_turns - played
            ran = table.run(turn, rng, left, passes)
            if ran is not None:
                turn, passes, dice = ran.turn, ran.passes, ran.dice
                played += ran.played
                if ran.won or dice is None:
                    break  # a win, or the turns ran out
        if dice is None:
            if on_turn is not None:
                on_turn(table.boards(), turn)
            dice = (randint(1, 6), randint(1, 6))
        won = table.play(turn, dice, rng)
        if table.passed:
            passes += 1
            if passes >= variant.players and position_of(variant, table.boards(), turn).frozen:
                break  # nobody can ever move again: the game cannot end
        else:
            passes = 0
        played += 1
        dice = None
        if won:
            break
        turn = variant.next_player(turn)
    table.finish()
    return turn, played


def play_game(
    variant: Variant,
    choosers: Sequence[Chooser],
    rng: random.Random,
    start: Position | None = None,
    max_turns: int | None = None,
    on_turn: OnTurn | None = None,
) -> tuple[Boards, int, int]:
    """One bot-only game: from the opening roll (R2; classic plays the opening dice)
    or from ``start``, whose player to move begins (with its dice, if rolled).

    Dice and the choosers' draws come from ``rng``; ``on_turn`` is told the boards
    before each roll (``play_out``). Returns the final boards, the winner (or the
    player to move when ``max_turns`` stopped the game) and the turns played.
    """
    if start is None:
        boards = boards_of(Position.start(variant))
        turn, dice = roll_opening(variant, rng)
    else:
        boards, turn, dice = boards_of(start), start.turn, start.dice
    turn, played = play_out(variant, boards, turn, dice, choosers, rng, max_turns, on_turn)
    return boards, turn, played
