"""The judges on offer: the evaluators by name, how far they look ahead, and whether
numpy is here to run them (the one place that asks).

The engine, the board, its editor and pictures, and the random and heuristic bots
need no numpy; the nets do (hints, chances, reviews, the tutor, neural seats, cube
decisions by a net). A Python without numpy (a browser's, in a JupyterLite site
published without Pyodide's numpy) runs the rest, and whatever needs the nets says
so with ``NumpyMissingError`` before anything changes. The question is asked each
time, so the nets work as soon as numpy can be imported (a ``%pip install numpy``
mid-session). The modules that need numpy import it at their top; the layers above
import them inside the functions that use them, after ``need_numpy``."""

from __future__ import annotations

import importlib

from ..engine.i18n import _

__all__ = ["EVALUATORS", "PLIES", "NumpyMissingError", "has_numpy", "need_numpy"]

EVALUATORS = ("neural", "gnubg")
"""The names ``evaluation.find_evaluator`` knows."""
PLIES = (0, 1)
"""Look-ahead depths on offer: 0 (instant) and 1 (21 rolls, each answered at 0-ply)."""


class NumpyMissingError(ValueError):
    """What needs the nets was asked of a Python without numpy."""


def has_numpy() -> bool:
    """Whether numpy can be imported now (imported once it can)."""
    try:
        importlib.import_module("numpy")
    except ImportError:
        return False
    return True


def need_numpy(what: str) -> None:
    """Raises ``NumpyMissingError`` saying that ``what`` (words of the board's language,
    "Hints") needs numpy, where numpy cannot be imported."""
    if not has_numpy():
        raise NumpyMissingError(
            _(
                "{what}: the nets need numpy, which this Python does not have; pip install "
                "numpy (in a JupyterLite site: %pip install numpy, where the site is published "
                "with Pyodide's packages)"
            ).format(what=what)
        )
