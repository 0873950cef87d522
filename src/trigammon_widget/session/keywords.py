"""Keyword arguments a board does not take, refused by name (issue 42).

``BoardWidget("trigammon", sead=3)``, a typo, must not start a board with another seed:
the board (and its ``Session``) refuses a keyword it does not take, naming it and the
keywords it takes. Python's own refusal names one keyword and none of the others, and
``BoardWidget`` passes its other keywords to the widget's traits, whose base class
accepted any keyword with no more than a DeprecationWarning.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from ..engine.errors import quote
from ..engine.i18n import N_, _, ngettext

__all__ = ["UnknownKeywordError", "check_keywords", "keywords_checked", "keywords_of"]

F = TypeVar("F", bound=Callable[..., Any])
SHOWN = 5
"""Unknown keywords named in a refusal, at most."""
GUESSES = {
    "match": N_("a match is given as the game: BoardWidget(Match(5)), as lesson 10 does"),
}
"""Keywords a newcomer guesses, with where what they want is (the third walk tried
``BoardWidget("classic", match=5)``)."""


class UnknownKeywordError(TypeError, ValueError):
    """A keyword argument the call does not take: a ``TypeError``, as Python's own, and
    a ``ValueError``, as every refusal of the package."""


def keywords_of(function: Callable[..., Any]) -> list[str]:
    """The names ``function`` takes as keywords (``self`` and ``**kwargs`` aside)."""
    named = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    parameters = inspect.signature(function).parameters.values()
    return [p.name for p in parameters if p.kind in named and p.name != "self"]


def check_keywords(who: str, given: Iterable[str], taken: Iterable[str]) -> None:
    """Refuse the keywords of ``given`` that are not among ``taken`` with
    ``UnknownKeywordError``, naming them (a few) and every keyword ``who`` takes."""
    known = set(taken)
    unknown = sorted(set(given) - known)
    if not unknown:
        return
    shown = ", ".join(quote(name) for name in unknown[:SHOWN])
    said = ngettext(
        "{who} takes no keyword {unknown}: it takes {taken}",
        "{who} takes no keywords {unknown}: it takes {taken}",
        len(unknown),
    ).format(who=who, unknown=shown, taken=", ".join(sorted(known)))
    guesses = [_(GUESSES[name]) for name in unknown if name in GUESSES]
    raise UnknownKeywordError("; ".join([said, *guesses]))


def keywords_checked(init: F) -> F:
    """``init`` (a class's ``__init__``) refusing a keyword it does not take with
    ``check_keywords``; its signature and docstring kept."""
    taken = keywords_of(init)

    @functools.wraps(init)
    def checked(self: Any, /, *args: Any, **kwargs: Any) -> Any:
        check_keywords(f"{type(self).__name__}()", kwargs, taken)
        return init(self, *args, **kwargs)

    return checked  # type: ignore[return-value]
