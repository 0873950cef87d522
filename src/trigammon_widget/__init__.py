"""trigammon_widget: three-player trigammon and classic backgammon for Jupyter.

The rules engine (``trigammon_widget.engine``) is pure Python and is re-exported
here. ``BoardWidget`` is imported on first use, so ``import trigammon_widget`` alone
pulls in no Jupyter code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .engine import *  # noqa: F403
from .engine import __all__ as _engine_names

if TYPE_CHECKING:
    from .widget import BoardWidget

__version__ = "0.1.0"
__all__ = [*_engine_names, "BoardWidget", "__version__"]


def __getattr__(name: str) -> Any:
    if name == "BoardWidget":
        from .widget import BoardWidget

        return BoardWidget
    raise AttributeError(f"module 'trigammon_widget' has no attribute {name!r}")
