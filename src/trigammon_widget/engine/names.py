"""Player names: the one check for text that people give as a name.

A name is shown in SVG (XML), in the browser and on its own line of a game record,
so it must be text all of those can carry: no control characters (XML 1.0 forbids
most of them; newlines would add record lines), no lone surrogates (they cannot be
encoded), no Unicode noncharacters such as U+FFFE.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from .diagram import SYMBOLS
from .errors import quote
from .variant import Variant

MAX_NAME_CHARS = 100
"""Longest name accepted; drawings shorten long names anyway."""

_REFUSED_CATEGORIES = {
    "Cc": "a control character",
    "Cs": "a lone surrogate",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}


def default_names(variant: Variant) -> tuple[str, ...]:
    """``("Player X", "Player O", ...)``: one per player, by the letters of ``str(position)``."""
    return tuple(f"Player {SYMBOLS[player]}" for player in range(variant.players))


def check_name(name: object, what: str = "a name") -> str:
    """``name`` if it is a valid player name, else a ``ValueError`` saying why.

    ``what`` names the field in the message (``"name of player 1"``).
    """
    if not isinstance(name, str):
        raise ValueError(f"{what} must be a string, not {quote(name)}")
    if len(name) > MAX_NAME_CHARS:
        raise ValueError(f"{what} is {len(name)} characters long: at most {MAX_NAME_CHARS}")
    if not name.strip():
        raise ValueError(f"{what} must show something, not {quote(name)}")
    for index, char in enumerate(name):
        kind = _REFUSED_CATEGORIES.get(unicodedata.category(char))
        if kind is None and _is_noncharacter(char):
            kind = "a Unicode noncharacter"
        if kind is not None:
            raise ValueError(
                f"{what} {quote(name)} has {kind} (U+{ord(char):04X}) at index {index}: "
                "use printable text"
            )
    return name


def check_names(names: object, variant: Variant) -> tuple[str, ...]:
    """One valid name per player of ``variant``, as a tuple, or a ``ValueError``."""
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise ValueError(
            f"names must be a list of {variant.players} strings, one per player, not {quote(names)}"
        )
    if len(names) != variant.players:
        raise ValueError(
            f"{variant.name} needs {variant.players} names, one per player, got {len(names)}"
        )
    return tuple(check_name(name, f"the name of player {p}") for p, name in enumerate(names))


def _is_noncharacter(char: str) -> bool:
    code = ord(char)
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE
