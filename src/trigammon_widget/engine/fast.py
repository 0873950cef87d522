"""Whether the compiled fast path is in use, and the legal plays through it.

The compiled search (``engine.compiled``, numba) is used when numba is installed
(``pip install 'trigammon-widget[fast]'``) unless the environment variable
``TRIGAMMON_FAST`` says otherwise: ``0`` turns it off (the pure-Python engine, the
reference), ``1`` demands it (an ``ImportError`` where numba is missing), unset or
empty uses it where it is installed. The variable is read once per process, when the
fast path is first asked for.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from functools import cache
from types import ModuleType

from .movegen import RawPlay
from .variant import Variant

__all__ = ["FAST_ENV", "compiled", "count_leaves", "legal_leaf", "legal_leaves", "turned_off"]

FAST_ENV = "TRIGAMMON_FAST"
"""The environment variable that turns the compiled fast path off (``0``) or demands it (``1``)."""
OFF = ("0", "off", "false", "no")
ON = ("1", "on", "true", "yes")


def _wanted() -> str:
    """``TRIGAMMON_FAST`` as set, trimmed and in lower case ("" when unset)."""
    return os.environ.get(FAST_ENV, "").strip().lower()


def turned_off() -> bool:
    """Whether ``TRIGAMMON_FAST`` turns the compiled fast path off (read afresh)."""
    return _wanted() in OFF


@cache
def compiled() -> ModuleType | None:
    """``engine.compiled`` when the fast path is in use, else None."""
    wanted = _wanted()
    if wanted in OFF:
        return None
    if wanted and wanted not in ON:
        raise ValueError(f"{FAST_ENV} must be 0 or 1 (or unset), not {wanted!r}")
    try:
        return importlib.import_module(".compiled", __package__)
    except ImportError as error:
        if wanted in ON:
            raise ImportError(
                f"{FAST_ENV}={wanted} asks for the compiled fast path, which needs numba: "
                "pip install 'trigammon-widget[fast]'"
            ) from error
        return None


def legal_leaves(
    variant: Variant, boards: Sequence[Sequence[int]], turn: int, die1: int, die2: int
) -> dict[int, RawPlay] | None:
    """The compiled ``movegen.legal_leaves`` of ``turn`` on every player's ``boards``
    (same results, same order, same plays), or None when the fast path is off."""
    module = compiled()
    if module is None:
        return None
    space = module.workspace(variant.name)
    module.search(space, boards, turn, die1, die2)
    results: dict[int, RawPlay] = module.results(space)
    return results


def legal_leaf(
    variant: Variant, boards: Sequence[Sequence[int]], turn: int, die1: int, die2: int, key: int
) -> RawPlay | None:
    """The play of ``legal_leaves``' result ``key``, or None where there is none, found
    without listing the others; the fast path must be in use (``compiled``)."""
    module = compiled()
    assert module is not None, "legal_leaf needs the compiled fast path"
    space = module.workspace(variant.name)
    module.search(space, boards, turn, die1, die2)
    found: RawPlay | None = module.result_of(space, key)
    return found


def count_leaves(
    variant: Variant, boards: Sequence[Sequence[int]], turn: int, die1: int, die2: int
) -> int | None:
    """How many results ``legal_leaves`` has, without making them; None when off."""
    module = compiled()
    if module is None:
        return None
    return int(module.search(module.workspace(variant.name), boards, turn, die1, die2))
