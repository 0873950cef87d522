"""The words people read, in their language: gettext catalogues and the current language.

Every user-facing text goes through ``_`` (``ngettext`` for a count, ``pgettext`` for a
word said in a context; ``N_``, ``NN_`` and ``NP_`` mark a text kept in a table,
translated where it is shown). The catalogues are
``trigammon_widget/locale/<code>/LC_MESSAGES/messages.mo``, compiled from the ``.po``
sources with Babel (docs, "Languages"); at run time the standard library's
``gettext`` reads them, so Babel is needed only to extract and compile.

The language is the package's (``set_language``; at first from the environment's
``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``, English where no catalogue
fits), unless a ``speaking(code)`` block names another: a board with its own
language speaks it around each of its actions, in a context variable, so two boards
in two languages side by side (or their background threads) never mix their words.
Errors keep their class and rule id in every language; only their text is translated.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from .errors import quote

__all__ = [
    "LANGUAGES",
    "LOCALE_DIR",
    "NN_",
    "NP_",
    "N_",
    "_",
    "decimal",
    "decimal_mark",
    "find_language",
    "grouped",
    "language",
    "ngettext",
    "pgettext",
    "set_language",
    "speaking",
]

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""Where the catalogues are: ``<code>/LC_MESSAGES/messages.{po,mo}`` and ``messages.pot``."""
DOMAIN = "messages"
SOURCE_LANGUAGE = "en"
"""The language the texts are written in: it needs no catalogue."""
LANGUAGES = (SOURCE_LANGUAGE, "es", "nl")
"""The languages the package speaks: English and those with a catalogue."""
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables the default language is read from, in gettext's order."""


def find_language(code: object) -> str:
    """The language of ``LANGUAGES`` that ``code`` names (``"es"``, ``"es_AR"``,
    ``"nl-BE"``, ``"ES"``), or a ``ValueError`` naming it and the languages there are."""
    if isinstance(code, str):
        base = code.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
        if base in LANGUAGES:
            return base
    raise ValueError(f"no language {quote(code)}: choose one of {', '.join(LANGUAGES)}")


def environment_language(environ: Mapping[str, str] = os.environ) -> str:
    """The language the environment asks for, English where no catalogue fits.

    As gettext does, the first of ``ENVIRONMENT`` that is set decides; ``LANGUAGE``
    may list several (``es:nl``), the first one spoken wins.
    """
    for variable in ENVIRONMENT:
        value = environ.get(variable, "")
        if value:
            for code in value.split(":"):
                try:
                    return find_language(code)
                except ValueError:
                    continue
            return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


_package_language = environment_language()
_spoken: ContextVar[str | None] = ContextVar("trigammon_language", default=None)


def set_language(code: str) -> None:
    """Speak ``code`` (``"es"``, ``"nl"``, ``"en"``) package-wide: every message, record
    and board from now on, but a board given its own ``language``. An unknown code is a
    ``ValueError`` and changes nothing."""
    global _package_language
    _package_language = find_language(code)


def language() -> str:
    """The language spoken here and now: a ``speaking`` block's, else the package's."""
    return _spoken.get() or _package_language


@contextmanager
def speaking(code: str | None) -> Iterator[str]:
    """Speak ``code`` inside the block (None: the package's language), in this context
    only; yields the language spoken."""
    token = _spoken.set(None if code is None else find_language(code))
    try:
        yield language()
    finally:
        _spoken.reset(token)


@cache
def _catalogue(code: str) -> gettext.NullTranslations:
    if code == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code])


def _(message: str) -> str:
    """``message`` in the language spoken."""
    return _catalogue(language()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted text that ``count`` takes in the language spoken."""
    return _catalogue(language()).ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogues and leaves it as it is: a text kept in a
    table, translated with ``_`` where it is shown."""
    return message


def NP_(context: str, message: str) -> tuple[str, str]:
    """Marks a text said in a ``context`` for the catalogues, as ``pgettext`` would, and
    leaves it as it is: translated with ``pgettext`` where it is shown (the same English
    word meaning two things, such as *Play* the verb and *Play* the noun)."""
    return context, message


def pgettext(context: str, message: str) -> str:
    """``message`` said in ``context``, in the language spoken."""
    return _catalogue(language()).pgettext(context, message)


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a counted text for the catalogues, as ``ngettext`` would, and leaves it as
    it is: translated with ``ngettext`` where it is shown."""
    return singular, plural


def decimal_mark() -> str:
    """The decimal mark of the language spoken (``,`` in Spanish and Dutch): a catalogue
    entry of its own."""
    # Translators: the decimal mark in numbers such as 0.125 (Spanish and Dutch: ",").
    return pgettext("decimal mark", ".")


def decimal(value: float, digits: int, *, signed: bool = False) -> str:
    """``value`` with ``digits`` decimals as the language spoken writes it (``0,125``);
    ``signed``: with its sign, ``+`` too (``+0,50``)."""
    sign = "+" if signed else ""
    return f"{value:{sign}.{digits}f}".replace(".", decimal_mark())


def grouped(value: int) -> str:
    """``value`` with its thousands grouped as the language spoken writes them
    (``40,000``; ``40.000`` in Spanish and Dutch)."""
    # Translators: the mark between groups of thousands in 40,000 (Spanish and Dutch: ".").
    mark = pgettext("thousands mark", ",")
    return f"{value:,}".replace(",", mark)
