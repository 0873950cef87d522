"""trigammon_widget: three-player trigammon and classic backgammon for Jupyter.

The rules engine (``trigammon_widget.engine``) is pure Python and is re-exported
here, so ``import trigammon_widget`` alone pulls in no Jupyter code.
"""

from __future__ import annotations

from .engine import *  # noqa: F403
from .engine import __all__ as _engine_names

__version__ = "0.1.0"
__all__ = [*_engine_names, "__version__"]
