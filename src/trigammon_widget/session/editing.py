"""The editor: a position set up by hand, and positions, games and matches loaded."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..engine import CHECKERS, Game, InvalidPositionError, Match, MatchPosition, Position
from ..engine.places import Place, index_of, parse_place
from ..engine.sources import read_source
from ..protocol import BOOL, DIE_OR_NONE, INT, PLACE, IntentError, action
from .state import SessionState, checked_player, first_shown
from .view import Seat

__all__ = ["Editing"]


class Editing(SessionState):
    """Edit mode's actions, and loading what a board shows."""

    @action(on=BOOL)
    def edit(self, on: bool = True) -> None:
        """Enter edit mode on the shown position, or leave it to play the set-up.

        Leaving starts a new game from the set-up: the old game's history is dropped.
        """
        if type(on) is not bool:
            raise IntentError(f"edit: on must be true or false, got {on!r}")
        if on and self._editing is None:
            self._editing = self._game.position
        elif not on and self._editing is not None:
            start = self._editing
            game = Game(start.variant, start=start, names=self._game.names, seed=self._seed)
            self._game, self._editing, self._match = game, None, None
        self._done = ()
        self._changed(line=True)

    @action(player=INT)
    def set_edit_player(self, player: int) -> None:
        """Whose checkers edit-mode clicks place."""
        self._require_edit()
        self._edit_player = checked_player(self._game.variant, player, "player")
        self._changed(keep_analysis=True)

    @action(player=INT, where=PLACE, count=INT)
    def place(self, player: int, where: Place | str, count: int = 1) -> None:
        """Move ``count`` checkers of ``player`` from its tray to ``where`` (edit mode)."""
        self._rearrange(player, where, count)

    @action(player=INT, where=PLACE, count=INT)
    def remove(self, player: int, where: Place | str, count: int = 1) -> None:
        """Move ``count`` checkers of ``player`` from ``where`` back to its tray (edit mode)."""
        if isinstance(count, bool) or not isinstance(count, int):
            raise ValueError(f"count must be a whole number, got {count!r}")
        self._rearrange(player, where, -count)

    def _rearrange(self, player: int, where: Place | str, count: int) -> None:
        setup = self._require_edit()
        variant = setup.variant
        player = checked_player(variant, player, "player")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= abs(count) <= 15:
            raise ValueError(f"count must be 1..{CHECKERS}, got {count!r}")
        index = index_of(variant, player, parse_place(variant, where, "where"))
        off = variant.off
        if index == off:
            raise IntentError("the tray holds what is not placed: place or remove elsewhere")
        board = list(setup.board(player))
        if count > 0 and board[off] < count:
            raise InvalidPositionError(
                f"{self._name(player)} has {board[off]} unplaced checkers left; "
                f"a player has {CHECKERS} (R1): remove one first"
            )
        if count < 0 and board[index] < -count:
            raise InvalidPositionError(f"{self._name(player)} has no checker there to remove")
        board[index] += count
        board[off] -= count
        boards = list(setup.boards)
        boards[player] = tuple(board)
        self._editing = replace(setup, boards=tuple(boards))
        self._changed()

    @action(player=INT)
    def set_turn(self, player: int) -> None:
        """The player to move in the set-up (edit mode)."""
        setup = self._require_edit()
        self._editing = replace(setup, turn=checked_player(setup.variant, player, "player"))
        self._changed()

    @action(die1=DIE_OR_NONE, die2=DIE_OR_NONE)
    def set_setup_dice(self, die1: int | None = None, die2: int | None = None) -> None:
        """The set-up's dice; both None for none (edit mode)."""
        setup = self._require_edit()
        if die1 is None and die2 is None:
            self._editing = setup.with_dice()
        elif die1 is None or die2 is None:
            raise ValueError("set both dice of the set-up, or neither")
        else:
            self._editing = setup.with_dice(die1, die2)
        self._changed()

    @action()
    def reset(self) -> None:
        """The start position (R1) in the editor."""
        setup = self._require_edit()
        self._editing = Position.start(setup.variant, turn=setup.turn)
        self._changed()

    @action()
    def clear(self) -> None:
        """Every checker off, ready for a set-up from scratch (edit mode)."""
        setup = self._require_edit()
        self._editing = Position.build(setup.variant, {}, turn=setup.turn)
        self._changed()

    def load(
        self, source: str | Mapping[str, Any] | Position | MatchPosition | Game | Match
    ) -> None:
        """Show a position, game or match: an ID, a GNU Backgammon ID, an XGID (with
        their cube and score), a dict, JSON, or a match file's text (.mat, SGF).

        A game record loads the whole game and a match its games, the first shown;
        anything else starts a new game from that position. The board's names carry
        over when the player count is the same.
        """
        read = read_source(source)
        match = None
        if isinstance(read, Match):
            match = read.copy()
            game = first_shown(match)
        elif isinstance(read, Game):
            game = read.copy()
        else:
            variant = read.position.variant if isinstance(read, MatchPosition) else read.variant
            same = len(self._game.names) == variant.players
            names = self._game.names if same else ()
            game = Game(variant, start=read, names=names, seed=self._seed)
        variant = game.variant
        seats: list[Seat] = list(self._seats)
        if len(seats) != variant.players:
            seats = ["human"] * variant.players
        bots = {p: bot for p, bot in self._bots.items() if p < variant.players}
        colors = self._colors if len(self._colors or ()) == variant.players else None
        # Everything is built: swap it in at once.
        self._game, self._match, self._editing, self._done = game, match, None, ()
        self._seats, self._bots, self._colors = seats, bots, colors
        self._perspective = min(self._perspective, variant.players - 1)
        self._edit_player = min(self._edit_player, variant.players - 1)
        self._changed(line=True)

    def _require_edit(self) -> Position:
        if self._editing is None:
            raise IntentError("set-ups change in edit mode only: call edit() first")
        return self._editing
