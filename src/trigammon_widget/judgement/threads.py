"""Small products on one thread: the evaluator's inference never splits its matrix
products across BLAS threads.

The net multiplies a few dozen positions by a few hundred weights at a time. Split
over threads, each such product costs more in waiting than in work: a notebook's
trigammon self-play ran at 1.9 games/s with numpy's default threads and 20 with one,
and at 1.3 with the other core busy (``benchmarks/bench_fastpath.py`` measures this
beside one thread). ``one_blas_thread()`` limits BLAS to one thread while inference
runs (``threadpoolctl``), in any thread and nested at no cost: only the outermost
entry changes the limit (some 50 us), and leaving it restores what was there. The
process pool's workers start with one thread anyway (``parallel``).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from threadpoolctl import ThreadpoolController

__all__ = ["one_blas_thread"]

_LOCK = threading.Lock()
_DEPTH = 0
_LIMITER: Any = None


@cache
def _controller() -> ThreadpoolController:
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


@contextmanager
def one_blas_thread() -> Iterator[None]:
    """BLAS on one thread inside the block (the outermost block sets and restores it)."""
    global _DEPTH, _LIMITER
    with _LOCK:
        if _DEPTH == 0 and "numpy" in sys.modules:  # BLAS comes with numpy
            _LIMITER = _controller().limit(limits=1, user_api="blas")
        _DEPTH += 1
    try:
        yield
    finally:
        with _LOCK:
            _DEPTH -= 1
            if _DEPTH == 0 and _LIMITER is not None:
                _LIMITER.restore_original_limits()
                _LIMITER = None
