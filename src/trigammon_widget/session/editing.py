"""The editor: a position set up by hand, and positions, games and matches loaded."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..engine import CHECKERS, Game, InvalidPositionError, Match, MatchPosition, Position
from ..engine.i18n import _, ngettext
from ..engine.places import Place, index_of, parse_place
from ..engine.sources import read_source
from .protocol import BOOL, DIE_OR_NONE, INT, PLACE, IntentError, action
from .slices import Board
from .state import SessionState, checked_player, first_shown, opened, taken_up

__all__ = ["Editing"]


class Editing(SessionState):
    """Edit mode's actions, and loading what a board shows."""

    @action(on=BOOL)
    def edit(self, on: bool = True) -> None:
        """Enter edit mode on the shown position, or leave it to play the set-up.

        Leaving starts a new game from the set-up: the old game's history is dropped.
        """
        if type(on) is not bool:
            raise IntentError(
                _("edit: on must be true or false, got {value}").format(value=repr(on)[:40])
            )

        board = self._board.afresh()
        if on and board.editing is None:
            board = replace(board, editing=board.game.position)
        elif not on and board.editing is not None:
            start = board.editing
            game = Game(start.variant, start=start, names=self.names, seed=self._seed)
            board = Board(game, edit_player=board.edit_player)
        self._swap(board=board, line=True)

    @action(player=INT)
    def set_edit_player(self, player: int) -> None:
        """Whose checkers edit-mode clicks place."""
        self._require_edit()
        chosen = checked_player(self._board.game.variant, player, "player")
        self._swap(board=replace(self._board, edit_player=chosen), keep_analysis=True)

    @action(player=INT, where=PLACE, count=INT)
    def place(self, player: int, where: Place | str, count: int = 1) -> None:
        """Move ``count`` checkers of ``player`` from its tray to ``where`` (edit mode)."""
        self._rearrange(player, where, count)

    @action(player=INT, where=PLACE, count=INT)
    def remove(self, player: int, where: Place | str, count: int = 1) -> None:
        """Move ``count`` checkers of ``player`` from ``where`` back to its tray (edit mode)."""
        if isinstance(count, bool) or not isinstance(count, int):
            raise ValueError(
                _("count must be a whole number, got {count}").format(count=repr(count)[:40])
            )
        self._rearrange(player, where, -count)

    def _rearrange(self, player: int, where: Place | str, count: int) -> None:
        setup = self._require_edit()
        variant = setup.variant
        player = checked_player(variant, player, "player")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= abs(count) <= 15:
            raise ValueError(
                _("count must be 1..{most}, got {count}").format(
                    most=CHECKERS, count=repr(count)[:40]
                )
            )
        index = index_of(variant, player, parse_place(variant, where, "where"))
        off = variant.off
        if index == off:
            raise IntentError(_("the tray holds what is not placed: place or remove elsewhere"))
        board = list(setup.board(player))
        if count > 0 and board[off] < count:
            raise InvalidPositionError(
                ngettext(
                    "{who}: {count} unplaced checker left; a player has {checkers} (R1): "
                    "remove one first",
                    "{who}: {count} unplaced checkers left; a player has {checkers} (R1): "
                    "remove one first",
                    board[off],
                ).format(who=self._name(player), count=board[off], checkers=CHECKERS)
            )
        if count < 0 and board[index] < -count:
            raise InvalidPositionError(
                _("{who}: no checker there to remove").format(who=self._name(player))
            )
        board[index] += count
        board[off] -= count
        boards = list(setup.boards)
        boards[player] = tuple(board)
        self._set_up(replace(setup, boards=tuple(boards)))

    @action(player=INT)
    def set_turn(self, player: int) -> None:
        """The player to move in the set-up (edit mode)."""
        setup = self._require_edit()
        self._set_up(replace(setup, turn=checked_player(setup.variant, player, "player")))

    @action(die1=DIE_OR_NONE, die2=DIE_OR_NONE)
    def set_setup_dice(self, die1: int | None = None, die2: int | None = None) -> None:
        """The set-up's dice; both None for none (edit mode)."""
        setup = self._require_edit()
        if die1 is None and die2 is None:
            self._set_up(setup.with_dice())
        elif die1 is None or die2 is None:
            raise ValueError(_("set both dice of the set-up, or neither"))
        else:
            self._set_up(setup.with_dice(die1, die2))

    @action()
    def reset(self) -> None:
        """The start position (R1) in the editor."""
        setup = self._require_edit()
        self._set_up(Position.start(setup.variant, turn=setup.turn))

    @action()
    def clear(self) -> None:
        """Every checker off, ready for a set-up from scratch (edit mode)."""
        setup = self._require_edit()
        self._set_up(Position.build(setup.variant, {}, turn=setup.turn))

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
            game = opened(read.copy())
        else:
            variant = read.position.variant if isinstance(read, MatchPosition) else read.variant
            names = self.names if len(self.names) == variant.players else ()
            if isinstance(read, MatchPosition):
                game, match = taken_up(read, names, self._seed)
            else:
                game = Game(variant, start=read, names=names, seed=self._seed)
        # The look and the seats are brought to the player count by the swap.
        edit_player = min(self._board.edit_player, game.variant.players - 1)
        self._swap(board=Board(game, match, edit_player=edit_player), line=True)

    def _set_up(self, setup: Position) -> None:
        self._swap(board=replace(self._board, editing=setup))

    def _require_edit(self) -> Position:
        setup = self._board.editing
        if setup is None:
            raise IntentError(_("set-ups change in edit mode only: call edit() first"))

        return setup
