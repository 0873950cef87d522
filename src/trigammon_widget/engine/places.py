"""Places on a board, named once: an absolute point, a player's bar or its tray.

The engine works in each player's path coordinates (bar 0, path positions 1..N,
tray N + 1; see ``moves``). People, pictures and the widget name places instead:
an absolute point 1..N (RULES.md, Geometry), ``"bar"`` or ``"off"``, the last two
meaning the bar or tray of the player concerned. Notation writes a third form, the
number the mover reads (``label``). Every conversion between these lives here.
"""

from __future__ import annotations

from typing import Literal

from .errors import quote
from .i18n import _
from .moves import BAR
from .variant import Variant

__all__ = ["BAR", "Place", "index_of", "label", "parse_label", "parse_place", "place_of"]

Place = int | Literal["bar", "off"]
"""An absolute point 1..N, or the bar or the tray of the player concerned."""

MAX_PLACE_TEXT = 8
"""Longest text read as a place: ``"bar"``, ``"off"`` or a point number."""


def place_of(variant: Variant, player: int, index: int) -> Place:
    """The place of ``player``'s path index (bar 0, 1..N, tray N + 1)."""
    if index == BAR:
        return "bar"
    if index == variant.off:
        return "off"
    return variant.absolute(player, index)


def index_of(variant: Variant, player: int, place: Place) -> int:
    """``player``'s path index of a place: the inverse of ``place_of``."""
    if place == "bar":
        return BAR
    if place == "off":
        return variant.off
    return variant.path(player, place)


def parse_place(variant: Variant, value: object, what: str = "place") -> Place:
    """A place from a person or a front end: an int or text such as ``"13"``, ``"bar"``.

    Anything else is a ``ValueError`` naming ``what`` and the points of the variant.
    """
    text = None
    if isinstance(value, str) and len(value) <= MAX_PLACE_TEXT:
        text = value.strip().lower()
    if text in ("bar", "off"):
        return "bar" if text == "bar" else "off"
    number: object = value
    if text is not None:
        number = int(text) if text.isascii() and text.isdigit() else None
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= variant.points:
        raise ValueError(
            _("{what}: {value} is not a point 1..{points}, 'bar' or 'off'").format(
                what=what, value=quote(value), points=variant.points
            )
        )

    return number


def label(variant: Variant, index: int) -> str:
    """A path index as the mover reads it in notation: ``bar``, ``off`` or a number.

    Classic counts down from the mover's back checkers (GNU Backgammon's 24..1);
    trigammon counts the path positions 1..36 of the seed.
    """
    if index == BAR:
        return "bar"
    if index == variant.off:
        return "off"
    return str(variant.off - index if variant.players == 2 else index)


def parse_label(variant: Variant, text: str) -> int | None:
    """The path index a notation label names, or None if ``text`` is no label."""
    word = text.lower()
    if word == "bar":
        return BAR
    if word == "off":
        return variant.off
    if not (word.isascii() and word.isdigit() and len(word) <= 2):
        return None
    number = int(word)
    if not 1 <= number <= variant.points:
        return None
    return variant.off - number if variant.players == 2 else number
