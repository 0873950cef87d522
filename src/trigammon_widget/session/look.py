"""How the board is drawn: where it is seen from."""

from __future__ import annotations

from dataclasses import replace

from .protocol import INT, action
from .state import SessionState, checked_player

__all__ = ["Looking"]


class Looking(SessionState):
    """The board's look: the player seated at the bottom."""

    @action(player=INT)
    def set_perspective(self, player: int) -> None:
        """Seat ``player`` at the bottom of the board."""
        chosen = checked_player(self._board.game.variant, player, "perspective")
        self._swap(look=replace(self._look, perspective=chosen), line=True, keep_analysis=True)
