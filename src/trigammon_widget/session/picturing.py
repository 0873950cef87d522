"""Questions a front end asks that pictures answer, changing nothing: the drawings
sent ahead, a play's preview, a picture to save."""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import Any

from ..engine.i18n import _
from .protocol import INT, ExportFile, IntentError, action, choice
from .showing import Showing

__all__ = ["EXPORTS", "Picturing"]

EXPORTS: Mapping[str, tuple[str, str, str]] = {
    "svg": ("board", "svg", "image/svg+xml"),
    "png": ("board", "png", "image/png"),
    "animated-svg": ("replay", "svg", "image/svg+xml"),
    "gif": ("replay", "gif", "image/gif"),
}
"""The pictures ``export`` makes: what each shows, its file extension and type."""


class Picturing(Showing):
    """The pictures a front end asks for."""

    @action(changes=False)
    def prefetch(self) -> None:
        """Ask for the drawings of neighbouring turns and moves (sent as ``frames``)."""

    @action(changes=False, picture=choice(*EXPORTS))
    def export(self, picture: str) -> dict[str, ExportFile]:
        """A picture to save: the board as shown (``svg``, ``png``) or the game's line
        replayed (``animated-svg``, ``gif``: its last ``MAX_REPLAY_TURNS`` turns);
        nothing changes."""
        from ..pictures import export, raster

        if picture not in EXPORTS:
            raise IntentError(
                _("an export is one of {exports}, not {value}").format(
                    exports=list(EXPORTS), value=repr(picture)[:40]
                )
            )

        what, extension, mime = EXPORTS[picture]
        game = self._board.game
        look: dict[str, Any] = {
            "theme": self._look.theme,
            "perspective": self._look.perspective,
            "names": game.names,
            "colors": self._look.colors,
        }
        made: str | bytes
        try:
            if picture == "svg":
                made = self.svg()
            elif picture == "png":
                made = raster.png(self.svg())
            elif picture == "animated-svg":
                made = export.animated_svg(game, first=self._replayed(), **look)
            else:
                made = raster.animated_gif(game, first=self._replayed(), **look)
        except ImportError as error:  # PNG and GIF need the export extra
            raise ValueError(str(error)) from None
        binary = isinstance(made, bytes)
        text = base64.b64encode(made).decode("ascii") if isinstance(made, bytes) else made
        return {
            "file": {
                "filename": f"{game.variant.name}-{what}.{extension}",
                "mime": mime,
                "data": text,
                "base64": binary,
            }
        }

    def _replayed(self) -> int:
        """The first turn a replay of the line shows: its last ``MAX_REPLAY_TURNS``."""
        from ..pictures.export import MAX_REPLAY_TURNS

        return max(0, len(self._board.game.turns) - MAX_REPLAY_TURNS)

    @action(changes=False, index=INT)
    def preview(self, index: int) -> dict[str, str]:
        """The drawing after entry ``index`` of the legal plays; nothing changes."""
        self._rolled(person=False)
        play = self._listed(index)
        game = self._board.game
        position = game.position
        after = position.after(play.moves)
        drawing = self._draw(after, play, position.turn, ply=game.ply)
        return {"svg": drawing}
