"""Position: the immutable state of a board between plays."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import islice
from typing import Any

from . import display
from .errors import IllegalMoveError, InvalidPositionError, quote
from .i18n import _
from .legal import LegalPlays
from .movegen import RawMove
from .moves import BAR, Move, Play
from .outcome import Outcome, outcome
from .variant import CHECKERS, START_LAYOUT, TRIGAMMON, Variant, find_variant

Dice = tuple[int, int]
"""Two dice, each 1..6."""
Board = tuple[int, ...]
"""One player's checkers in path coordinates: bar, points 1..N, tray."""


def check_dice(dice: Iterable[int]) -> Dice:
    """Two dice, each 1..6, or a ``ValueError`` naming what is wrong."""
    if not isinstance(dice, Iterable):
        raise ValueError(_("a roll is two dice, not {dice}").format(dice=quote(dice)))
    values = tuple(islice(dice, 3))  # never more: ``dice`` may be endless
    if len(values) != 2:
        raise ValueError(_("a roll is two dice, got {dice}").format(dice=quote(dice)))
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
            raise ValueError(_("a die shows 1..6, got {value}").format(value=quote(value)))
    return values[0], values[1]


def check_not_over(position: Position) -> None:
    """Refuse to play on once somebody has won (R12): a finished position has no turn."""
    winner = position.winner
    if winner is not None:
        raise IllegalMoveError(
            "R12", _("the game is over: player {player} has won").format(player=winner)
        )


def check_reachable(position: Position) -> Position:
    """``position`` if a game can stand there, else ``InvalidPositionError``.

    The game ends when the first player has borne off all 15 (R12), so at most one
    player can have done so. ``Position`` itself allows more (an editor's cleared
    board); loaders and ``Game`` use this check.
    """
    finished = [p for p in range(position.variant.players) if position.borne_off(p) == CHECKERS]
    if len(finished) > 1:
        raise InvalidPositionError(
            _(
                "players {players} have every checker off; the game ends when the first one "
                "has (R12)"
            ).format(players=_(" and ").join(map(str, finished)))
        )
    if position.frozen:
        raise InvalidPositionError(
            _(
                "no player can move with any roll (each is on the bar against a closed board, "
                "R8, or blocked everywhere, R6): a game there could never end"
            )
        )

    return position


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
            raise InvalidPositionError(
                _("variant must be a Variant, not {variant}").format(variant=quote(variant))
            )
        if not isinstance(self.boards, tuple) or len(self.boards) != variant.players:
            raise InvalidPositionError(
                _("boards must be a tuple of {players} boards for {name}, not {boards}").format(
                    players=variant.players, name=variant.name, boards=quote(self.boards)
                )
            )
        size = variant.points + 2
        owners = [-1] * size
        for player, board in enumerate(self.boards):
            if not isinstance(board, tuple) or len(board) != size:
                raise InvalidPositionError(
                    _(
                        "player {player}'s board must be a tuple of {size} counts (bar, points "
                        "1..{points}, off), got {board}"
                    ).format(player=player, size=size, points=variant.points, board=quote(board))
                )
            for index, count in enumerate(board):
                if type(count) is not int or count < 0:
                    raise InvalidPositionError(
                        _(
                            "player {player}: checker count at {index} must be a non-negative "
                            "integer, got {count}"
                        ).format(player=player, index=self._place(index), count=quote(count))
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
                            _(
                                "point {point} holds checkers of players {other} and {player}; "
                                "a point has one owner (R6)"
                            ).format(
                                point=variant.absolute(player, index), other=other, player=player
                            )
                        )
            total = sum(board)
            if total != CHECKERS:
                raise InvalidPositionError(
                    _("player {player} has {count} checkers, not {checkers} (R1)").format(
                        player=player, count=total, checkers=CHECKERS
                    )
                )
        if type(self.turn) is not int or self.turn not in range(variant.players):
            raise InvalidPositionError(
                _("unknown player {turn} to move: {name} has players 0..{number}").format(
                    turn=quote(self.turn), name=variant.name, number=variant.players - 1
                )
            )
        if self.dice is not None:
            try:
                object.__setattr__(self, "dice", check_dice(self.dice))
            except ValueError as error:
                raise InvalidPositionError(str(error)) from None
            if self.is_over():
                raise InvalidPositionError(
                    _(
                        "player {player} has borne off all {checkers}: a finished position "
                        "has no dice (R12)"
                    ).format(player=self.winner, checkers=CHECKERS)
                )

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
        if not isinstance(checkers, Mapping):
            raise InvalidPositionError(
                _("checkers must map players to {{place: count}}, not {checkers}").format(
                    checkers=quote(checkers)
                )
            )
        for player in checkers:
            if type(player) is not int or player not in range(chosen.players):
                raise InvalidPositionError(
                    _("unknown player {player}: {name} has players 0..{number}").format(
                        player=quote(player), name=chosen.name, number=chosen.players - 1
                    )
                )
        boards = []
        for player in range(chosen.players):
            board = [0] * (chosen.points + 2)
            places = checkers.get(player, {})
            if not isinstance(places, Mapping):
                raise InvalidPositionError(
                    _("player {player}: checkers must map places to counts, not {places}").format(
                        player=player, places=quote(places)
                    )
                )
            for where, count in places.items():
                index = BAR if where == "bar" else where
                if type(index) is not int or not BAR <= index <= chosen.points:
                    raise InvalidPositionError(
                        _(
                            "player {player}: {where} is not 'bar' or a path position 1..{points}"
                        ).format(player=player, where=quote(where), points=chosen.points)
                    )
                if type(count) is not int or not 0 <= count <= CHECKERS:
                    raise InvalidPositionError(
                        _(
                            "player {player}: the count at {where} must be 0..{checkers}, not "
                            "{count}"
                        ).format(
                            player=player, where=quote(where), checkers=CHECKERS, count=quote(count)
                        )
                    )
                board[index] += count
            if sum(board) > CHECKERS:
                raise InvalidPositionError(
                    _(
                        "player {player} has {count} checkers on the board, more than "
                        "{checkers} (R1)"
                    ).format(player=player, count=sum(board), checkers=CHECKERS)
                )

            board[-1] = CHECKERS - sum(board)
            boards.append(tuple(board))
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

    @cached_property
    def frozen(self) -> bool:
        """Whether no player can move again: every player passes with every roll, so
        nothing ever changes and the game cannot end (a mutual closeout: all on the bar
        against closed boards, R8). Set-ups and loaders refuse it (``check_reachable``);
        bot-only games and ``autoplay`` stop where play reaches one, after a round of
        passes, rather than pass forever."""
        if self.is_over():
            return False
        for player in range(self.variant.players):
            for first in range(6, 0, -1):
                for second in range(first, 0, -1):
                    rolled = unchecked(self.variant, self.boards, player, (first, second))
                    if rolled._plays.max_dice:
                        return False
        return True

    def legal_plays(self, dice: Iterable[int] | None = None) -> LegalPlays:
        """Every legal play for the roll (R4-R12), one per resulting position.

        A finished position has none: ``IllegalMoveError`` citing R12.
        """
        if dice is None and self.dice is not None:  # never over: a finished one has no dice
            return self._plays
        check_not_over(self)
        if dice is None:
            raise ValueError(_("no dice: roll first, or pass dice=(d1, d2)"))
        roll = check_dice(dice)
        return self._plays if self.dice == roll else replace(self, dice=roll)._plays

    @property
    def _plays(self) -> LegalPlays:
        """The legal plays of the own roll, worked out once (``legal_plays``). (Kept by
        hand: ``cached_property`` takes a lock on every first use before Python 3.12,
        which costs a tenth of a count of plays on the fast path.)"""
        found: LegalPlays | None = self.__dict__.get("_legal")
        if found is None:
            found = self.__dict__["_legal"] = LegalPlays(self)
        return found

    def after(self, moves: Iterable[Move | RawMove]) -> Position:
        """The position once ``moves`` are made, still in the same turn; not checked.

        The dice stay, unless the moves end the game (R12). Use ``play()`` for a
        checked, complete turn.
        """
        done = self._boards_after(moves)
        over = any(board[-1] == CHECKERS for board in done)
        return replace(self, boards=done, dice=None if over else self.dice)

    def _boards_after(self, moves: Iterable[Move | RawMove]) -> tuple[Board, ...]:
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
        return tuple(tuple(board) for board in boards)

    def play(self, play: Play | str) -> Position:
        """The position after a legal play: the turn passes (R3) and the dice are cleared.

        A string is parsed as notation. An illegal play raises ``IllegalMoveError``
        with the rule it breaks (R12 once the game is over).
        """
        chosen = self.parse_play(play) if isinstance(play, str) else play
        return self._play_listed(self.legal_plays().check(chosen))

    def _play_listed(self, play: Play) -> Position:
        """``play``'s position, ``play`` being one of the legal plays listed (``check``)."""
        done = self._boards_after(play.moves)
        over = any(board[-1] == CHECKERS for board in done)
        following = self.turn if over else self.variant.next_player(self.turn)
        return unchecked(self.variant, done, following, None)

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

    def _repr_svg_(self) -> str | None:
        """The board in a notebook (``pictures.svg.board_svg`` draws it, with options)."""
        return display.svg(self)


def unchecked(
    variant: Variant, boards: tuple[Board, ...], turn: int, dice: Dice | None
) -> Position:
    """A position the rules made from a valid one (a legal play, a roll of a game going
    on): valid by construction, so made without ``Position``'s checks, which cost more
    than the play itself when a record is replayed."""
    made = object.__new__(Position)
    object.__setattr__(made, "variant", variant)
    object.__setattr__(made, "boards", boards)
    object.__setattr__(made, "turn", turn)
    object.__setattr__(made, "dice", dice)
    return made


def _raw(move: Move) -> RawMove:
    return move.start, move.end, move.die, move.hit
