"""The course in the browser: the JupyterLite site of ``./dev lite`` (``build/lite/site/``),
served from 127.0.0.1, runs a lesson in Pyodide, and the board in it answers a click; not
one request leaves the machine (every request is routed: any other is refused and
listed, and the test fails on it). The site has no numpy: hints say so on the board.

``./dev test`` builds the site before the suite runs; without it these tests skip.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.paths import ROOT

from .lab_page import (
    board,
    click,
    run_all_cells,
    version,
    wait_version_after,
)
from .static_site import offline_page, served

SITE = ROOT / "build" / "lite" / "site"
KERNEL_IDLE = "Python (Pyodide) | Idle"
"""The lab's status bar once the Pyodide kernel has started and is waiting."""


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The built site served on 127.0.0.1 (a free port), as its address."""
    if not (SITE / "index.html").exists():
        pytest.skip("the JupyterLite site is not built: ./dev lite")
    with served(SITE) as address:
        yield address


@pytest.fixture
def offline(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """A page no request leaves the machine from (``static_site.offline_page``), failing
    on the board's own errors too."""
    with offline_page(browser, viewport={"width": 1400, "height": 1000}) as (page, outside):
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        yield page, outside
    assert not [e for e in errors if "trigammon" in e or "widget" in e], errors


def open_lesson(page: Any, site: str, path: str) -> float:
    """Opens the lesson at ``path``, runs it, and waits for its board drawn; the seconds
    from opening the page to the board."""
    started = time.monotonic()
    page.goto(f"{site}lab/index.html?path={path}")
    page.get_by_text(KERNEL_IDLE).wait_for()
    run_all_cells(page)
    board(page, 0).and_(page.locator("[data-version]")).wait_for()
    return time.monotonic() - started


@pytest.mark.parametrize("path", ["02_the_rules.ipynb", "es/02_the_rules.ipynb"])
def test_a_lesson_runs_in_the_browser_and_its_board_answers_a_click(
    site: str, offline: tuple[Any, list[str]], path: str
) -> None:
    page, _ = offline
    seconds = open_lesson(page, site, path)
    print(f"{path}: the board drawn {seconds:.1f} s after the page was opened")
    widget = board(page, 0)
    # The lesson's board is the R8 question: two checkers on the bar, 4-1 to play. One
    # picked up (the front end lights where it may go), then entered: Python answers.
    bar = widget.locator("[data-kind=bar][data-player='0']")
    assert bar.get_attribute("data-count") == "2"
    click(page, bar.locator("[data-kind=checker]").last)
    target = widget.locator(".tgw-target").first
    target.wait_for()
    before = version(widget)
    click(page, target)
    wait_version_after(page, widget, before)
    assert bar.get_attribute("data-count") == "1"
    # The site has no numpy: the nets' work says so on the board, in its language.
    hints = "Pistas" if path.startswith("es/") else "Hints"
    widget.get_by_role("button", name=hints, exact=True).click()
    page.wait_for_function("el => el.textContent.includes('numpy')", arg=widget.element_handle())


def test_the_site_fetches_nothing_it_does_not_serve() -> None:
    """The kernel's settings: wheels from the site alone, Pyodide from the site, and no
    saved widget state."""
    if not (SITE / "index.html").exists():
        pytest.skip("the JupyterLite site is not built: ./dev lite")
    import json

    config = json.loads((SITE / "jupyter-lite.json").read_text(encoding="utf-8"))
    data = config["jupyter-config-data"]
    kernel = data["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"].startswith("./")
    assert all(url.startswith("./") for url in kernel["pipliteUrls"])
    overrides = (
        json.loads((SITE / "overrides.json").read_text(encoding="utf-8"))
        if (SITE / "overrides.json").exists()
        else data["settingsOverrides"]
    )
    assert overrides["@jupyter-widgets/jupyterlab-manager:plugin"]["saveState"] is False
    lock = json.loads((SITE / "static" / "pyodide" / "pyodide-lock.json").read_text("utf-8"))
    assert set(lock["packages"]) == {"micropip"}
