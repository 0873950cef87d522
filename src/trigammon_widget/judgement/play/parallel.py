"""Where long work runs: here, on a lasting process pool, or on any Executor.

Rollouts and game analysis cut their work into tasks (picklable values) and hand
each to a module-level function. ``run`` sends them to a
``concurrent.futures.Executor`` (a Dask client's ``get_executor()``, Ray's, a thread
pool) or to a process pool kept between calls, keeps a bounded number in flight,
reports each result as it comes back and, once ``cancel`` is set, submits no more,
cancels those not started and returns at once, whatever the executor does with the
rest.

Small work runs here: without ``workers`` or ``executor``, the pool starts only for
work of ``POOL_FROM`` seconds or more (``runner``'s ``seconds``), which pays for
starting it. Its workers are ``spawn``-ed (safe in Jupyter, where forking a threaded
kernel is not; rebuilt if one dies) without this program's main module: spawn would
import it again, so a script without an ``if __name__ == "__main__":`` guard would run
a second time in every worker, and a program read from standard input (``python -``)
has no file to import. The tasks never need it: work whose objects come from the main
module (a bot class of a notebook or a script) runs here (``portable``). The process
pool is imported when one starts: a Python without ``_multiprocessing`` (WebAssembly's)
runs everything here.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Executor, Future, wait
from contextlib import contextmanager
from typing import TYPE_CHECKING, Generic, TypeVar

from ...engine.errors import quote
from ...engine.i18n import _
from ..threads import one_blas_thread

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

__all__ = [
    "POOL_FROM",
    "InOrder",
    "Runner",
    "check_controls",
    "check_where",
    "command_line_executor",
    "portable",
    "run",
    "runner",
    "shutdown_workers",
]

T = TypeVar("T")
R = TypeVar("R")

Runner = tuple[Executor, int] | None
"""An executor and how many tasks to keep in flight on it, or None: run here."""

POOL_FROM = 3.0
"""Seconds of work (on one core) from which the default pool runs it: starting spawn
workers, each importing numpy and the package, takes a second or more, so a 100-turn
game's analysis (half a second) runs faster here."""

_POOLS: dict[int, ProcessPoolExecutor] = {}
_POOL_LOCK = threading.Lock()


SINGLE_THREADED = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
"""Each worker's numpy runs one thread: the pool already has a process per core, and
BLAS threads of several processes on the same cores wait on one another (measured:
game analysis on two processes took three times as long as on one)."""


def _pool(workers: int) -> ProcessPoolExecutor:
    """A lasting pool per size: starting spawn workers costs a good part of a second."""
    from concurrent.futures import ProcessPoolExecutor

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


@contextmanager
def _without_main() -> Iterator[None]:
    """While a worker starts: this program's main module shows neither a file nor a
    module name, so that spawn does not import it again in the worker (the module's
    doc says why). Restored at once; only the pool's own submissions go through here."""
    main = sys.modules.get("__main__")
    if main is None:
        yield
        return
    saved: dict[str, object] = {
        name: vars(main)[name] for name in ("__file__", "__spec__") if name in vars(main)
    }
    vars(main).pop("__file__", None)
    main.__spec__ = None
    try:
        yield
    finally:
        vars(main).pop("__spec__", None)
        vars(main).update(saved)


class InOrder(Generic[R]):
    """Results handed to ``take`` in the order of their tasks (indices 0, 1, ...),
    whatever order they come back in: sums made of them are the same to the last bit
    however the work was spread, and a run stopped early counts a prefix of its tasks."""

    def __init__(self, take: Callable[[R], None]) -> None:
        self.take = take
        self.waiting: dict[int, R] = {}
        self.next = 0
        """The index of the first task whose result has not been taken."""

    def put(self, index: int, result: R) -> None:
        """Task ``index``'s result: taken now if every task before it has been."""
        self.waiting[index] = result
        while self.next in self.waiting:
            self.take(self.waiting.pop(self.next))
            self.next += 1

    def rest(self) -> list[R]:
        """The results still waiting behind a task that never came back, in order."""
        found = [self.waiting[index] for index in sorted(self.waiting)]
        self.waiting.clear()
        return found


def shutdown_workers() -> None:
    """Stop the worker processes kept between calls (also done at exit)."""
    with _POOL_LOCK:
        pools = list(_POOLS.values())
        _POOLS.clear()
    for pool in pools:
        pool.shutdown(wait=True, cancel_futures=True)


atexit.register(shutdown_workers)


def command_line_executor(workers: int, dask: str | None = None) -> Executor:
    """The executor of a long command-line run (training, labelling): a Dask cluster's
    at the scheduler address ``dask``, else a new pool of ``workers`` spawned processes.
    The caller shuts it down."""
    if dask:
        from distributed import Client

        executor: Executor = Client(dask).get_executor()  # type: ignore[no-untyped-call]
        return executor
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))


def portable(*values: object) -> bool:
    """Whether worker processes can rebuild ``values`` (bots, evaluators): not so for
    classes of the main module (a notebook cell, a script), which a worker lacks."""
    return all(type(value).__module__ != "__main__" for value in values)


def check_where(executor: object, workers: object) -> None:
    """Refuse an ``executor`` that is no ``concurrent.futures.Executor`` and ``workers``
    other than None or a whole number of at least 1 (``runner``'s arguments)."""
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or workers < 1
    ):
        raise ValueError(
            _("workers must be None or a whole number of at least 1, not {value}").format(
                value=quote(workers)
            )
        )
    if executor is not None and not isinstance(executor, Executor):
        raise ValueError(
            _("executor must be a concurrent.futures.Executor, not {value}").format(
                value=quote(executor)
            )
        )


def runner(
    executor: Executor | None,
    workers: int | None,
    portable: bool = True,
    seconds: float = POOL_FROM,
) -> Runner:
    """Where tasks run: ``executor`` (``workers`` then says how many at once); else the
    lasting pool of ``workers`` processes, or of one per core for work of about
    ``seconds`` (on one core) that reaches ``POOL_FROM``; here when that is one
    process, the work is smaller, or the tasks cannot travel to another process
    (``portable``)."""
    check_where(executor, workers)
    if executor is not None:
        size = workers or getattr(executor, "_max_workers", None) or os.cpu_count() or 1
        return executor, 2 * size
    if workers is None and seconds < POOL_FROM:
        return None
    size = workers or os.cpu_count() or 1
    if size <= 1 or not portable:
        return None
    return _pool(size), 2 * size


def check_controls(progress: object, cancel: object) -> None:
    """Refuse, before any work starts, a ``progress`` that is not None or a function
    (``progress(done, total)``) and a ``cancel`` that is not None or an event (what has
    ``is_set``: ``threading.Event``, a ``multiprocessing`` manager's)."""
    if progress is not None and not callable(progress):
        raise ValueError(
            _("progress must be None or a function of (done, total), not {value}").format(
                value=quote(progress)
            )
        )
    if cancel is not None and not callable(getattr(cancel, "is_set", None)):
        raise ValueError(
            _("cancel must be None or a threading.Event, not {value}").format(value=quote(cancel))
        )


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
    (which may look at ``cancel`` while it works). Once ``cancel`` is set, the tasks
    not started are cancelled and the run returns without waiting for those under way
    (an executor may never run them): their results are dropped."""
    if where is None:
        for task in tasks:
            if cancel is not None and cancel.is_set():
                return True
            done(task, work(task) if here is None else here(task, cancel))
        return cancel is not None and cancel.is_set()

    executor, in_flight = where
    own = executor in _POOLS.values()
    pending: dict[Future[R], T] = {}
    queue = iter(tasks)
    # The caller holds BLAS to one thread while the work runs, as each task does: set
    # from a thread of a ThreadPoolExecutor, the limit does not hold with numpy 2.4's
    # OpenBLAS, and the tasks' products ran on two threads, to other last bits than in
    # the caller (tests/judgement/test_analysis.py: a review in threads is the review in place).
    with one_blas_thread():
        try:
            while True:
                if cancel is not None and cancel.is_set():
                    for future in pending:
                        future.cancel()
                    return True
                for task in queue:
                    if own:
                        with _without_main():
                            pending[executor.submit(work, task)] = task
                    else:
                        pending[executor.submit(work, task)] = task
                    if len(pending) >= in_flight:
                        break
                if not pending:
                    return False
                ready, _ = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
                for future in ready:
                    task = pending.pop(future)
                    if not future.cancelled():
                        done(task, future.result())
        except BrokenExecutor:  # a worker of the lasting pool died: the next run starts anew
            if own:
                _drop_pool(executor)
            raise
        except BaseException:
            for future in pending:
                future.cancel()
            raise
