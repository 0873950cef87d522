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
from functools import cache
from types import ModuleType

from .movegen import RawPlay
from .movegen import legal_leaves as reference_leaves
from .variant import Variant

__all__ = ["FAST_ENV", "compiled", "legal_leaves"]

FAST_ENV = "TRIGAMMON_FAST"
OFF = ("0", "off", "false", "no")
ON = ("1", "on", "true", "yes")


@cache
def compiled() -> ModuleType | None:
    """``engine.compiled`` when the fast path is in use, else None."""
    wanted = os.environ.get(FAST_ENV, "").strip().lower()
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
    variant: Variant, mine: list[int], blocked: list[bool], blots: int, die1: int, die2: int
) -> dict[int, RawPlay]:
    """``movegen.legal_leaves`` (same results, same order), compiled when in use."""
    module = compiled()
    if module is None:
        return reference_leaves(mine, blocked, blots, variant.points, die1, die2)
    space = module.workspace(variant)
    module.leaves(space, mine, blocked, blots, die1, die2)
    results: dict[int, RawPlay] = module.results(space)
    return results
