"""trigammon_widget: three-player trigammon and classic backgammon for Jupyter.

The rules engine (``trigammon_widget.engine``) is pure Python and is re-exported here;
the rest of the public API is imported on first use (``LAZY``), so ``import
trigammon_widget`` alone loads neither numpy nor Jupyter code. The engine's values
show themselves in a notebook through ``engine.display``, which this package hands
the drawing (``pictures.svg.board_svg``, imported on first use).

The package is in layers, each importing only from those below it (docs,
"Architecture"): ``engine`` (rules, values, formats), ``judgement`` (nets, bots,
rollouts, analysis), ``pictures`` (the drawing, replays, the equity graph),
``teaching`` (lessons, problems, sheets), ``session`` (a board's state and actions)
and ``widget`` (the transport to a notebook).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .engine import *  # noqa: F403
from .engine import __all__ as _engine_names
from .engine import display

if TYPE_CHECKING:
    from .engine.i18n import set_language
    from .judgement.analysis import analyse
    from .judgement.cube import cube_decision
    from .judgement.evaluation import evaluate
    from .judgement.play import (
        CubeBot,
        HeuristicBot,
        NeuralBot,
        RandomBot,
        autoplay,
        play_game,
        play_match,
    )
    from .judgement.play.rollout import rollout
    from .pictures.chart import equity_graph
    from .pictures.export import animated_svg
    from .pictures.raster import animated_gif, png
    from .pictures.svg import board_svg
    from .widget import BoardWidget

__version__ = "0.1.0"

LAZY = {
    "BoardWidget": "widget",
    "analyse": "judgement.analysis",
    "animated_gif": "pictures.raster",
    "animated_svg": "pictures.export",
    "autoplay": "judgement.play",
    "board_svg": "pictures.svg",
    "cube_decision": "judgement.cube",
    "CubeBot": "judgement.play",
    "equity_graph": "pictures.chart",
    "evaluate": "judgement.evaluation",
    "HeuristicBot": "judgement.play",
    "NeuralBot": "judgement.play",
    "play_game": "judgement.play",
    "play_match": "judgement.play",
    "png": "pictures.raster",
    "RandomBot": "judgement.play",
    "rollout": "judgement.play.rollout",
    "set_language": "engine.i18n",
}
"""Public names imported on first use, and the module of each."""

__all__ = [
    *_engine_names,
    "BoardWidget",
    "CubeBot",
    "HeuristicBot",
    "NeuralBot",
    "RandomBot",
    "__version__",
    "analyse",
    "animated_gif",
    "animated_svg",
    "autoplay",
    "board_svg",
    "cube_decision",
    "equity_graph",
    "evaluate",
    "play_game",
    "play_match",
    "png",
    "rollout",
    "set_language",
]


def _draw(value: display.Shown) -> str:
    """How the engine's values show themselves in a notebook: the one drawing, imported
    on first use (``engine.display``)."""
    from .pictures.svg import Drawable, board_svg

    if not isinstance(value, Drawable):
        raise TypeError(f"no drawing of {type(value).__name__}")
    return board_svg(value)


display.install(_draw)


def __getattr__(name: str) -> Any:
    if name in LAZY:
        return getattr(import_module(f".{LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'trigammon_widget' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *LAZY})
