"""Names and other text people give: the one rule every entry point checks them by.

A name is shown in SVG (XML), in the browser, in the reports' Markdown and HTML, on
its own line of a game record and in match files (.mat, SGF), which all must carry
it as it was given: so it is printable text (no control characters, which XML 1.0
forbids and which would add record lines; no line separators; no lone surrogates,
which cannot be encoded; no Unicode noncharacters such as U+FFFE), it shows
something (not only spaces, marks or invisible characters such as U+200B), it has no
spaces at either end (files and people trim them), and every bidirectional
embedding, override or isolate it opens it closes (an open U+202E would turn the
text after it around). The same text rule, but for the length and what a name must
show, holds for a match's information (``check_text``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from .diagram import SYMBOLS
from .errors import quote
from .i18n import N_, _
from .variant import Variant

MAX_NAME_CHARS = 100
"""Longest name accepted; drawings shorten long names anyway."""

_REFUSED_CATEGORIES = {
    "Cc": N_("a control character"),
    "Cs": N_("a lone surrogate"),
    "Zl": N_("a line separator"),
    "Zp": N_("a paragraph separator"),
}
_INVISIBLE = {0x115F, 0x1160, 0x2800, 0x3164, 0xFFA0}
"""Letters and symbols that show nothing: the Hangul fillers and the blank Braille cell."""
_CLOSERS = {
    **dict.fromkeys((0x202A, 0x202B, 0x202D, 0x202E), 0x202C),
    **dict.fromkeys((0x2066, 0x2067, 0x2068), 0x2069),
}
"""The bidirectional embeddings and overrides (closed by U+202C, PDF) and isolates
(closed by U+2069, PDI): a name closes each, the last opened first."""


def default_names(variant: Variant) -> tuple[str, ...]:
    """``("Player X", "Player O", ...)``: one per player, by the letters of ``str(position)``."""
    return tuple(
        _("Player {letter}").format(letter=SYMBOLS[player]) for player in range(variant.players)
    )


YOU_NAME = N_("You")
"""The name of the seat of the person in front of the board, by default."""


def seat_named_you(names: Sequence[str]) -> int | None:
    """The seat named "You" in the language spoken (or in English): the person in front
    of the board, whom boards and pictures address in the second person; None."""
    said = {_(YOU_NAME).casefold(), YOU_NAME.casefold()}
    if isinstance(names, str) or not isinstance(names, Sequence):
        return None  # not names: the drawing that takes them says so
    found = (
        seat for seat, name in enumerate(names) if isinstance(name, str) and name.casefold() in said
    )
    return next(found, None)


def check_text(text: object, what: str, *, lines: bool = False) -> str:
    """``text`` if it is printable text that keeps its bidirectional controls closed,
    else a ``ValueError`` naming ``what``; ``lines`` lets it hold line breaks (``\\n``)."""
    if not isinstance(text, str):
        raise ValueError(
            _("{what} must be a string, not {text}").format(what=what, text=quote(text))
        )
    opened: list[int] = []
    for index, char in enumerate(text):
        code = ord(char)
        kind = _REFUSED_CATEGORIES.get(unicodedata.category(char))
        if kind is None and _is_noncharacter(char):
            kind = N_("a Unicode noncharacter")
        if kind is not None and not (lines and char == "\n"):
            raise ValueError(
                _(
                    "{what} {text} has {kind} (U+{code}) at index {index}: use printable text"
                ).format(what=what, text=quote(text), kind=_(kind), code=f"{code:04X}", index=index)
            )
        if char == "\n":
            opened.clear()  # a paragraph ends every embedding and isolate
        elif code in _CLOSERS:
            opened.append(code)
        elif code in _CLOSERS.values():
            if not opened or _CLOSERS[opened[-1]] != code:
                raise ValueError(
                    _(
                        "{what} {text} closes a bidirectional control it did not open last "
                        "(U+{code} at index {index})"
                    ).format(what=what, text=quote(text), code=f"{code:04X}", index=index)
                )
            opened.pop()
    if opened:
        raise ValueError(
            _(
                "{what} {text} leaves a bidirectional control open (U+{opened}): close "
                "it (U+202C or U+2069), or the text after it turns round"
            ).format(what=what, text=quote(text), opened=f"{opened[-1]:04X}")
        )
    return text


def check_name(name: object, what: str | None = None) -> str:
    """``name`` if it is a valid player (or variation) name, else a ``ValueError``
    saying why. ``what`` names the field in the message (``"name of player 1"``; by
    default *a name*, in the language spoken)."""
    what = _("a name") if what is None else what
    if isinstance(name, str) and len(name) > MAX_NAME_CHARS:
        raise ValueError(
            _("{what} is {count} characters long: at most {max_name_chars}").format(
                what=what, count=len(name), max_name_chars=MAX_NAME_CHARS
            )
        )
    text = check_text(name, what)
    if not any(_shows(char) for char in text):
        raise ValueError(
            _("{what} must show something, not {text}").format(what=what, text=quote(text))
        )
    if text != text.strip():
        raise ValueError(
            _("{what} {text} begins or ends with a space: trim it").format(
                what=what, text=quote(text)
            )
        )
    return text


def check_names(names: object, variant: Variant) -> tuple[str, ...]:
    """One valid name per player of ``variant``, as a tuple, or a ``ValueError``."""
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise ValueError(
            _("names must be a list of {players} strings, one per player, not {names}").format(
                players=variant.players, names=quote(names)
            )
        )
    if len(names) != variant.players:
        raise ValueError(
            _("{name} needs {players} names, one per player, got {count}").format(
                name=variant.name, players=variant.players, count=len(names)
            )
        )
    return tuple(
        check_name(name, _("the name of player {player}").format(player=p))
        for p, name in enumerate(names)
    )


def _shows(char: str) -> bool:
    """Whether ``char`` is seen: a letter, number, punctuation or symbol that is not blank."""
    return unicodedata.category(char)[0] in "LNPS" and ord(char) not in _INVISIBLE


def _is_noncharacter(char: str) -> bool:
    code = ord(char)
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE
