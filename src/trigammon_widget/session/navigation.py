"""Stepping through the line of play, and the variations recorded beside it."""

from __future__ import annotations

from dataclasses import replace

from ..engine.i18n import _, ngettext
from .protocol import INT, TEXT, action
from .state import SessionState
from .view import variation_label

__all__ = ["Navigation"]


class Navigation(SessionState):
    """Which turn is shown, and which line of play leads to it."""

    @action(ply=INT)
    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` turns (0 = start, -1 = the last)."""
        self._require_play(navigate=True)
        board = self._board
        board.game.goto(ply)
        self._swap(board=board.afresh(), info=self._news_here())

    @action(delta=INT)
    def step(self, delta: int) -> None:
        """Show the position ``delta`` turns later (negative: earlier)."""
        self._require_play(navigate=True)
        if isinstance(delta, bool) or not isinstance(delta, int):
            raise ValueError(
                _("step needs a whole number of turns, got {delta}").format(delta=repr(delta)[:40])
            )
        game = self._board.game
        self.goto(min(max(game.ply + delta, 0), len(game.turns)))

    @action(index=INT, ply=INT)
    def switch_variation(self, index: int, ply: int | None = None) -> None:
        """Let the current line take variation ``index`` after ``ply`` turns of it
        (default: the shown position); the shown turn stays where the line still has it."""
        self._require_play()
        board = self._board
        at = self._at(ply)
        board.game.switch_variation(index, at)
        info = (
            _("Turn {turn}: the line takes {line} (the main line)")
            if index == 0
            else _("Turn {turn}: the line takes {line}")
        ).format(turn=at + 1, line=self._describe(at, index))
        self._swap(board=board.afresh(), info=info, line=True)

    @action(index=INT, ply=INT)
    def promote_variation(self, index: int, ply: int | None = None) -> None:
        """Make variation ``index`` after ``ply`` turns (default: shown) the main line."""
        self._require_play()
        board = self._board
        at = self._at(ply)
        board.game.promote_variation(index, at)
        info = _("Turn {turn}: {line} is the main line now").format(
            turn=at + 1, line=self._describe(at, 0)
        )
        self._swap(
            board=replace(board, held=None, cube_held=None),
            info=info,
            line=True,
            keep_analysis=True,
        )

    @action(index=INT, ply=INT, name=TEXT)
    def rename_variation(self, index: int, name: str, ply: int | None = None) -> None:
        """Name variation ``index`` after ``ply`` turns (default: shown); empty: no name."""
        self._require_play()
        board = self._board
        at = self._at(ply)
        board.game.rename_variation(index, name, at)
        info = (
            _("Turn {turn}: {line} named") if name else _("Turn {turn}: {line} has no name now")
        ).format(turn=at + 1, line=self._describe(at, index))
        self._swap(
            board=replace(board, held=None, cube_held=None),
            info=info,
            line=True,
            keep_analysis=True,
        )

    @action(index=INT, ply=INT)
    def delete_variation(self, index: int, ply: int | None = None) -> None:
        """Drop variation ``index`` after ``ply`` turns (default: shown) and all its turns;
        if the current line took it, it goes on along the main line there."""
        self._require_play()
        board = self._board
        game = board.game
        at = self._at(ply)
        rows = game.variations(at)
        game.delete_variation(index, at)  # checks ``index``
        if rows[index].current and game.variations(at):
            game.switch_variation(0, at)
        gone = rows[index]
        info = ngettext(
            "Turn {turn}: deleted {line}, a line of {count} turn",
            "Turn {turn}: deleted {line}, a line of {count} turns",
            gone.length,
        ).format(turn=at + 1, line=variation_label(gone), count=gone.length)
        self._swap(board=board.afresh(), info=info, line=True)

    @action()
    def main_line(self) -> None:
        """Show the main line (at the shown turn where it shares it)."""
        self._require_play()
        board = self._board
        board.game.main_line()
        self._swap(board=board.afresh(), info=_("Back on the main line"), line=True)

    def _at(self, ply: int | None) -> int:
        """The position a variation action works after: ``ply`` turns, else the shown one."""
        game = self._board.game
        at = game.ply if ply is None else ply
        game.variations(at)  # a ValueError for a turn outside the line
        return at

    def _describe(self, at: int, index: int) -> str:
        return variation_label(self._board.game.variations(at)[index])
