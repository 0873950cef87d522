"""Where long work runs: here, on a lasting process pool, or on any Executor.

Rollouts and game analysis cut their work into tasks (picklable values) and hand
each to a module-level function. ``run`` sends them to a
``concurrent.futures.Executor`` (a Dask client's ``get_executor()``, Ray's, a thread
pool) or by default to a process pool kept between calls (``spawn``: safe in
Jupyter, where forking a threaded kernel is not; rebuilt if a worker dies), keeps a
bounded number in flight, reports each result as it comes back and, once ``cancel``
is set, submits no more and cancels those not started.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

__all__ = ["Runner", "run", "runner", "shutdown_workers"]

T = TypeVar("T")
R = TypeVar("R")

Runner = tuple[Executor, int] | None
"""An executor and how many tasks to keep in flight on it, or None: run here."""

_POOLS: dict[int, ProcessPoolExecutor] = {}
_POOL_LOCK = threading.Lock()


SINGLE_THREADED = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
"""Each worker's numpy runs one thread: the pool already has a process per core, and
BLAS threads of several processes on the same cores wait on one another (measured:
game analysis on two processes took three times as long as on one)."""


def _pool(workers: int) -> ProcessPoolExecutor:
    """A lasting pool per size: starting spawn workers costs a good part of a second."""
    with _POOL_LOCK:
        pool = _POOLS.get(workers)
        if pool is None:
            for name in SINGLE_THREADED:  # read by numpy as a spawned worker imports it
                os.environ.setdefault(name, "1")
            context = multiprocessing.get_context("spawn")
            pool = ProcessPoolExecutor(
                max_workers=workers, mp_context=context, initializer=_leave_interrupts
            )
            _POOLS[workers] = pool
        return pool


def _drop_pool(pool: Executor) -> None:
    """Forget a pool whose worker died, so that the next call starts a new one."""
    with _POOL_LOCK:
        for size, kept in list(_POOLS.items()):
            if kept is pool:
                del _POOLS[size]
    pool.shutdown(wait=False, cancel_futures=True)


def _leave_interrupts() -> None:
    """Workers leave Ctrl-C (a kernel interrupt) to the parent, which cancels the work."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def shutdown_workers() -> None:
    """Stop the worker processes kept between calls (also done at exit)."""
    with _POOL_LOCK:
        pools = list(_POOLS.values())
        _POOLS.clear()
    for pool in pools:
        pool.shutdown(wait=True, cancel_futures=True)


atexit.register(shutdown_workers)


def runner(executor: Executor | None, workers: int | None, portable: bool = True) -> Runner:
    """Where tasks run: ``executor`` (``workers`` then says how many at once), else the
    lasting pool of ``workers`` processes (default: one per core), or here when that is
    one process or the tasks cannot travel to a spawned process (``portable``)."""
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or workers < 1
    ):
        raise ValueError(f"workers must be None or a whole number of at least 1, got {workers!r}")
    if executor is not None:
        if not isinstance(executor, Executor):
            raise ValueError(f"executor must be a concurrent.futures.Executor, not {executor!r}")
        size = workers or getattr(executor, "_max_workers", None) or os.cpu_count() or 1
        return executor, 2 * size
    size = workers or os.cpu_count() or 1
    if size <= 1 or not portable:
        return None
    return _pool(size), 2 * size


def run(
    work: Callable[[T], R],
    tasks: Iterable[T],
    where: Runner,
    done: Callable[[T, R], None],
    cancel: threading.Event | None = None,
    here: Callable[[T, threading.Event | None], R] | None = None,
) -> bool:
    """Runs ``work`` on each task, calling ``done(task, result)`` as results come back
    (in any order); whether the run was cancelled. Tasks are made as they are
    submitted. Here (``where`` is None) each runs in turn, through ``here`` when given
    (which may look at ``cancel`` while it works)."""
    if where is None:
        for task in tasks:
            if cancel is not None and cancel.is_set():
                return True
            done(task, work(task) if here is None else here(task, cancel))
        return cancel is not None and cancel.is_set()

    executor, in_flight = where
    pending: dict[Future[R], T] = {}
    queue = iter(tasks)
    cancelled = False
    try:
        while True:
            if cancel is not None and cancel.is_set():
                cancelled = True
                for future in pending:
                    future.cancel()
            if not cancelled:
                for task in queue:
                    pending[executor.submit(work, task)] = task
                    if len(pending) >= in_flight:
                        break
            if not pending:
                break
            ready, _ = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            for future in ready:
                task = pending.pop(future)
                if not future.cancelled():
                    done(task, future.result())
    except BrokenProcessPool:
        _drop_pool(executor)
        raise
    except BaseException:
        for future in pending:
            future.cancel()
        raise
    return cancelled
