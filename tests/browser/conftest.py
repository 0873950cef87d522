"""The browser tests' fixtures: Debian's Chromium (never a Playwright-downloaded one), a
JupyterLab serving each module's notebooks, and a page with them run.

A module says what it serves, and the fixtures do the rest:

- ``NOTEBOOKS``: ``{name: cells}``, each a list of code cells, a notebook file to copy
  or a notebook's JSON (a dict); ``lab`` serves them, ``page`` opens the first.
- ``BOARDS``: how many boards ``page`` waits for (default 1).

Every test that uses the ``browser`` fixture is marked ``browser`` (``-m "not browser"``
leaves them out).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .lab_page import notebook_page, serve
from .lab_server import CHROMIUM_ARGS, CHROMIUM_PATH, LabServer, PatientBrowser


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    if not CHROMIUM_PATH.exists():
        pytest.skip("Debian chromium not installed: apt-get install chromium")
    return str(CHROMIUM_PATH)


@pytest.fixture(scope="session")
def browser(chromium_path: str) -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        pytest.skip(f"playwright not importable ({exc}): pip install -e '.[test]'")
    with sync_playwright() as pw:
        launched = pw.chromium.launch(
            executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield PatientBrowser(launched)
        finally:
            launched.close()


@pytest.fixture(scope="module")
def lab(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LabServer]:
    """A JupyterLab serving the module's ``NOTEBOOKS``."""
    with serve(tmp_path_factory, request.module.NOTEBOOKS) as server:
        yield server


@pytest.fixture(scope="module")
def page(request: pytest.FixtureRequest, browser: Any, lab: LabServer) -> Iterator[Any]:
    """The module's first notebook open, every cell run and its ``BOARDS`` boards drawn."""
    first = next(iter(request.module.NOTEBOOKS))
    boards = getattr(request.module, "BOARDS", 1)
    with notebook_page(browser, lab, first, boards=boards) as opened:
        yield opened
