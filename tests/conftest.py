"""Shared fixtures: slow tests run when asked for; GNU Backgammon where it is installed.

The browser tests' fixtures are in ``browser/conftest.py``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest


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
