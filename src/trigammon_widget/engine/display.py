"""How the engine's values show themselves in a notebook, with nothing imported from above.

``Position``, ``MatchPosition``, ``Game`` and ``Match`` answer IPython's ``_repr_svg_``
through ``svg(value)``; the drawing is the pictures layer's (``pictures.svg.board_svg``),
which the package installs here when it is imported. The engine depends on no layer above
it: the pictures layer depends on the engine and hands it the drawing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

__all__ = ["Shown", "install", "svg"]


class Shown(Protocol):
    """A value that shows itself: a ``Position``, ``MatchPosition``, ``Game`` or
    ``Match`` (the drawing tells them apart; this module, below them all, names none)."""

    def _repr_svg_(self) -> str | None: ...


_drawing: list[Callable[[Shown], str]] = []


def install(drawing: Callable[[Shown], str]) -> None:
    """The drawing that ``svg`` uses from now on."""
    _drawing[:] = [drawing]


def svg(value: Shown) -> str | None:
    """``value`` drawn as SVG, or None where no drawing is installed (IPython then shows
    the value's text)."""
    return _drawing[0](value) if _drawing else None
