"""Position: the immutable state of a board between plays."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .errors import InvalidPositionError
from .movegen import RawMove
from .moves import BAR, Move, Play
from .outcome import Outcome, outcome
from .variant import CHECKERS, START_LAYOUT, TRIGAMMON, Variant, find_variant

if TYPE_CHECKING:
    from ..svg import SvgBoard
    from .legal import LegalPlays

Dice = tuple[int, int]
Board = tuple[int, ...]
"""One player's checkers in path coordinates: bar, points 1..N, tray."""


def check_dice(dice: Iterable[int]) -> Dice:
    """Two dice, each 1..6, or a ``ValueError`` naming what is wrong."""
    values = tuple(dice)
    if len(values) != 2:
        raise ValueError(f"a roll is two dice, got {len(values)}: {values!r}")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
            raise ValueError(f"a die shows 1..6, got {value!r}")
    return values[0], values[1]


@dataclass(frozen=True, repr=False)
class Position:
    """Checkers of every player, the player to move and, once rolled, the dice.

    ``boards[p]`` lists player p's checkers along its own path: index 0 is the bar,
    1..N the path positions of RULES.md, N + 1 the borne-off tray.
    """

    variant: Variant
    boards: tuple[Board, ...]
    turn: int = 0
    dice: Dice | None = None

    def __post_init__(self) -> None:
        variant = self.variant
        if not isinstance(variant, Variant):
            raise InvalidPositionError(f"variant must be a Variant, not {variant!r}")
        if len(self.boards) != variant.players:
            raise InvalidPositionError(
                f"{variant.name} has {variant.players} players, got {len(self.boards)} boards"
            )
        size = variant.points + 2
        owners = [-1] * size
        for player, board in enumerate(self.boards):
            if not isinstance(board, tuple) or len(board) != size:
                raise InvalidPositionError(
                    f"player {player}'s board must be a tuple of {size} counts (bar, points "
                    f"1..{variant.points}, off), got {board!r}"
                )
            for index, count in enumerate(board):
                if type(count) is not int or count < 0:
                    raise InvalidPositionError(
                        f"player {player}: checker count at {self._place(index)} must be a "
                        f"non-negative integer, got {count!r}"
                    )
            table = variant.seen_by(0, player)
            for index in range(1, size - 1):
                if board[index]:
                    point = table[index]
                    other = owners[point]
                    if other < 0:
                        owners[point] = player
                    else:
                        raise InvalidPositionError(
                            f"point {variant.absolute(player, index)} holds checkers of players "
                            f"{other} and {player}; a point has one owner (R6)"
                        )
            total = sum(board)
            if total != CHECKERS:
                raise InvalidPositionError(
                    f"player {player} has {total} checkers, not {CHECKERS} (R1)"
                )
        if isinstance(self.turn, bool) or self.turn not in range(variant.players):
            raise InvalidPositionError(
                f"unknown player {self.turn!r} to move: {variant.name} has players "
                f"0..{variant.players - 1}"
            )
        if self.dice is not None:
            try:
                object.__setattr__(self, "dice", check_dice(self.dice))
            except ValueError as error:
                raise InvalidPositionError(str(error)) from None

    def _place(self, index: int) -> str:
        if index == BAR:
            return "the bar"
        if index == self.variant.off:
            return "the tray"
        return f"path position {index}"

    # construction ---------------------------------------------------------

    @classmethod
    def start(cls, variant: str | Variant = TRIGAMMON, turn: int = 0) -> Position:
        """The start position of R1."""
        chosen = find_variant(variant)
        board = [0] * (chosen.points + 2)
        for pos, count in START_LAYOUT:
            board[pos] = count
        return cls(chosen, (tuple(board),) * chosen.players, turn)

    @classmethod
    def build(
        cls,
        variant: str | Variant,
        checkers: Mapping[int, Mapping[int | str, int]],
        turn: int = 0,
        dice: Iterable[int] | None = None,
    ) -> Position:
        """A teaching set-up: ``{player: {path position or "bar": count}}``.

        Each player's checkers not placed are borne off, so a few lines describe an
        end-game. Players left out have all 15 off; a player may appear with ``{}``.
        """
        chosen = find_variant(variant)
        boards = []
        for player in range(chosen.players):
            board = [0] * (chosen.points + 2)
            for where, count in checkers.get(player, {}).items():
                index = BAR if where == "bar" else where
                if not isinstance(index, int) or not BAR <= index <= chosen.points:
                    raise InvalidPositionError(
                        f"player {player}: {where!r} is not 'bar' or a path position "
                        f"1..{chosen.points}"
                    )
                board[index] += count
            board[-1] = CHECKERS - sum(board)
            boards.append(tuple(board))
        unknown = sorted(set(checkers) - set(range(chosen.players)), key=repr)
        if unknown:
            raise InvalidPositionError(
                f"unknown player {unknown[0]!r}: {chosen.name} has players 0..{chosen.players - 1}"
            )
        return cls(chosen, tuple(boards), turn, None if dice is None else check_dice(dice))

    def with_dice(self, *dice: int) -> Position:
        """The same position with a roll: ``pos.with_dice(3, 1)``; no argument clears it."""
        return replace(self, dice=check_dice(dice) if dice else None)

    def with_turn(self, player: int) -> Position:
        return replace(self, turn=player, dice=None)

    # reading --------------------------------------------------------------

    def board(self, player: int) -> Board:
        return self.boards[player]

    def bar(self, player: int) -> int:
        return self.boards[player][BAR]

    def borne_off(self, player: int) -> int:
        return self.boards[player][-1]

    def point(self, point: int) -> tuple[int, int] | None:
        """(owner, count) on an absolute point 1..N, or None when it is empty."""
        variant = self.variant
        for player, board in enumerate(self.boards):
            count = board[variant.path(player, point)]
            if count:
                return player, count
        return None

    @cached_property
    def points(self) -> tuple[tuple[int, int] | None, ...]:
        """``point(i)`` for every absolute point, index 0 unused."""
        return (None, *(self.point(i) for i in range(1, self.variant.points + 1)))

    def pip_count(self, player: int) -> int:
        """Points still to travel: a checker on path position i needs N + 1 - i."""
        total = self.variant.off
        return sum(count * (total - index) for index, count in enumerate(self.boards[player]))

    @property
    def winner(self) -> int | None:
        """The player who has borne off all 15 (R12), if any.

        Set-ups may clear the board for several players at once (an editor's empty
        board); the first of them counts as the winner.
        """
        for player, board in enumerate(self.boards):
            if board[-1] == CHECKERS:
                return player
        return None

    def is_over(self) -> bool:
        return self.winner is not None

    def outcome(self) -> Outcome | None:
        """Winner and what each loser loses (R12, R13); None while the game goes on."""
        return outcome(self)

    # rules ----------------------------------------------------------------

    @cached_property
    def mover_view(self) -> tuple[tuple[int, ...], tuple[bool, ...], int]:
        """The mover's board with opponents' points as blocks (R6) and blots (R7)."""
        variant = self.variant
        blocked = [False] * (variant.points + 2)
        blots = 0
        for player, board in enumerate(self.boards):
            if player == self.turn:
                continue
            table = variant.seen_by(self.turn, player)
            for index in range(1, variant.points + 1):
                count = board[index]
                if count == 1:
                    blots |= 1 << table[index]
                elif count:
                    blocked[table[index]] = True
        return self.boards[self.turn], tuple(blocked), blots

    def legal_plays(self, dice: Iterable[int] | None = None) -> LegalPlays:
        """Every legal play for the roll (R4-R12), one per resulting position."""
        from .legal import LegalPlays

        roll = self.dice if dice is None else check_dice(dice)
        if roll is None:
            raise ValueError("no dice: roll first, or pass dice=(d1, d2)")
        return LegalPlays(self if self.dice == roll else replace(self, dice=roll))

    def after(self, moves: Iterable[Move | RawMove]) -> Position:
        """The position once ``moves`` are made, still in the same turn; not checked.

        Use ``play()`` for a checked, complete turn.
        """
        variant = self.variant
        boards = [list(board) for board in self.boards]
        mine = boards[self.turn]
        for move in moves:
            start, end, _, hit = move if isinstance(move, tuple) else _raw(move)
            mine[start] -= 1
            mine[end] += 1
            if hit:
                point = variant.absolute(self.turn, end)
                for player, board in enumerate(boards):
                    index = variant.path(player, point)
                    if player != self.turn and board[index]:
                        board[index] -= 1
                        board[BAR] += 1
                        break
        return replace(self, boards=tuple(tuple(board) for board in boards))

    def play(self, play: Play | str) -> Position:
        """The position after a legal play: the turn passes (R3) and the dice are cleared.

        A string is parsed as notation. An illegal play raises ``IllegalMoveError``
        with the rule it breaks.
        """
        chosen = self.parse_play(play) if isinstance(play, str) else play
        done = self.after(self.legal_plays().check(chosen).moves)
        following = self.turn if done.is_over() else self.variant.next_player(self.turn)
        return replace(done, turn=following, dice=None)

    # notation, ids ---------------------------------------------------------

    def format_play(self, play: Play) -> str:
        """The play in this variant's notation, seen from the player to move."""
        from .notation import format_play

        return format_play(self.variant, play)

    def parse_play(self, text: str) -> Play:
        """The legal play that ``text`` describes, for this position's dice."""
        from .notation import parse_play

        return parse_play(self, text)

    @property
    def id(self) -> str:
        """Compact, URL-safe, versioned ID of this position (with dice when set)."""
        from .ids import encode_id

        return encode_id(self)

    @classmethod
    def from_id(cls, text: str) -> Position:
        from .ids import decode_id

        return decode_id(text)

    def to_dict(self) -> dict[str, Any]:
        from .ids import position_to_dict

        return position_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Position:
        from .ids import position_from_dict

        return position_from_dict(data)

    def __repr__(self) -> str:
        return f"Position.from_id({self.id!r})"

    def __str__(self) -> str:
        from .diagram import diagram

        return diagram(self)

    def to_svg(self, **options: Any) -> SvgBoard:
        """The board as SVG (options as ``trigammon_widget.svg.board_svg``)."""
        from ..svg import board_svg

        return board_svg(self, **options)

    def _repr_svg_(self) -> str:
        return self.to_svg()


def _raw(move: Move) -> RawMove:
    return move.start, move.end, move.die, move.hit
