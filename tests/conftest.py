"""Shared fixtures: the fast path on or off, slow tests run when asked for, GNU Backgammon
where it is installed. The browser tests' fixtures are in ``browser/conftest.py``."""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import settings

from tests.paths import ROOT
from trigammon_widget.engine import fast
from trigammon_widget.engine.i18n import set_language

FastSwitch = Callable[[bool], AbstractContextManager[None]]

# The suite's texts are English, whatever the machine's locale (LANG=es_ES.UTF-8 would
# otherwise make every board speak Spanish); tests/test_i18n.py checks the others.
set_language("en")

# Speed is measured by the benchmarks, not by the tests: Hypothesis's 200 ms deadline
# failed a correct round trip on a loaded machine (290 ms). This profile is the one place
# that says so: no test sets a deadline of its own.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


@contextmanager
def _fast_path(on: bool) -> Iterator[None]:
    """The compiled fast path on (numba required) or off inside the block, as
    ``TRIGAMMON_FAST=1`` / ``=0`` would set it for a whole process."""
    before = os.environ.get(fast.FAST_ENV)
    os.environ[fast.FAST_ENV] = "1" if on else "0"
    fast.compiled.cache_clear()
    try:
        yield
    finally:
        if before is None:
            del os.environ[fast.FAST_ENV]
        else:
            os.environ[fast.FAST_ENV] = before
        fast.compiled.cache_clear()


@pytest.fixture
def fast_path() -> FastSwitch:
    """``with fast_path(True): ...`` runs on the compiled path (skips without numba),
    ``with fast_path(False): ...`` on the pure-Python reference.

    A run with ``TRIGAMMON_FAST=0`` checks the pure path alone and skips these too: the
    compiled path is compared with it where it is on (CI's first run), and compiling it
    here took the pure run's slowest file 3 of its 6 minutes."""
    pytest.importorskip("numba", reason="the compiled fast path needs numba (the fast extra)")
    if fast.turned_off():
        pytest.skip(f"{fast.FAST_ENV}=0: the pure path alone; the paths compare where it is on")
    return _fast_path


@pytest.fixture(scope="session", autouse=True)
def _compiled_before_the_tests() -> None:
    """The compiled fast path, where it is in use, compiled (or read from numba's cache)
    before any test: the tests that bound a call's time measure the call, not numba."""
    if fast.compiled() is None:
        return
    from trigammon_widget import CLASSIC, TRIGAMMON, Position
    from trigammon_widget.judgement.evaluation import hints

    for variant in (CLASSIC, TRIGAMMON):
        for dice in ((6, 5), (3, 3)):
            hints(Position.start(variant).with_dice(*dice))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` run only when asked for: ``pytest -m slow``."""
    if "slow" in config.getoption("markexpr", ""):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


GNUBG = Path("/usr/games/gnubg")
"""Debian's GNU Backgammon, when it is not on ``PATH``."""


@pytest.fixture(scope="session")
def gnubg() -> str:
    """The GNU Backgammon program (tests that need it skip without it)."""
    found = shutil.which("gnubg") or (str(GNUBG) if GNUBG.exists() else None)
    if found is None:
        pytest.skip("GNU Backgammon not installed: apt-get install gnubg")
    return found


SCRIPTS = ROOT / "scripts"


@pytest.fixture(scope="session")
def load_script() -> Callable[[str], ModuleType]:
    """``load_script(name)``: ``scripts/<name>.py`` loaded as the module ``name``,
    registered so that an executor's tasks can refer to its functions by name."""

    def load(name: str) -> ModuleType:
        spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return module

    return load
