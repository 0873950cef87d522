"""Driving notebooks of boards in a real JupyterLab, for the browser tests.

Each browser test module serves its notebooks (``serve``, through ``conftest``'s ``lab``
fixture), opens one and runs every cell (``notebook_page``, the ``page`` fixture), acts
on a board and waits for Python's answer (``act``), and asks the kernel what it holds
through a probe cell (``run_probe``): a cell that prints ``PROBE <n> <json>``, ``n``
counting the runs, so a test knows the output is new.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from .lab_server import KERNEL_IDLE, LabServer, centre, problems, write_notebook


@contextmanager
def serve(
    tmp_path_factory: pytest.TempPathFactory,
    notebooks: Mapping[str, Sequence[str] | Path | Mapping[str, Any]],
) -> Iterator[LabServer]:
    """A JupyterLab serving ``notebooks`` (name: code cells, a notebook file to copy or
    a notebook's JSON) that started without an error in its log."""
    pytest.importorskip("jupyterlab")
    root = tmp_path_factory.mktemp("lab")
    for name, cells in notebooks.items():
        if isinstance(cells, Path):
            (root / name).write_bytes(cells.read_bytes())
        elif isinstance(cells, Mapping):
            (root / name).write_text(json.dumps(cells), encoding="utf-8")
        else:
            write_notebook(root / name, cells)
    with LabServer(root) as server:
        assert not problems(server.log(tail=None)), server.log()
        yield server


@contextmanager
def notebook_page(
    browser: Any,
    lab: LabServer,
    name: str,
    *,
    boards: int = 1,
    viewport: tuple[int, int] = (1400, 1000),
) -> Iterator[Any]:
    """A page with notebook ``name`` open and all its cells run, once its ``boards``
    boards are drawn and its last cell has an output. The widget's scripts must raise
    nothing meanwhile."""
    width, height = viewport
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(lab.url(f"/lab/tree/{name}"))
        page.get_by_text(KERNEL_IDLE).wait_for()
        run_all_cells(page)
        page.locator(".trigammon-widget[data-version]").nth(boards - 1).wait_for()
        page.locator(".jp-Cell").last.locator(".jp-OutputArea-output").first.wait_for()
        yield page
    finally:
        page.close()
    assert not [e for e in errors if "trigammon" in e or "widget" in e], errors


def run_all_cells(page: Any) -> None:
    page.locator(".jp-Notebook").first.click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_text("Run All Cells", exact=True).click()


def board(page: Any, index: int) -> Any:
    return page.locator(".trigammon-widget").nth(index)


def version(widget: Any) -> int:
    """The state version the board last drew (Python counts every change)."""
    return int(widget.get_attribute("data-version"))


def wait_version_after(page: Any, widget: Any, before: int) -> None:
    """Waits until Python answered with a new state for ``widget``, and a play the tutor
    checked has its reply too (the new state may come first; until the reply the message
    line still says the tutor is checking)."""
    handle = widget.element_handle()
    page.wait_for_function(
        "([el, v]) => Number(el.dataset.version) > v && el.dataset.checking === undefined",
        arg=[handle, before],
    )


def act(page: Any, widget: Any, locator: Any) -> None:
    """Clicks ``locator`` and waits for Python's answer."""
    before = version(widget)
    locator.click()
    wait_version_after(page, widget, before)


def run_cell(page: Any, cell: Any, text: str) -> str:
    """Runs ``cell`` (its code unfolded first if it is folded) and returns its output
    once the output contains ``text``."""
    folded = cell.locator(".jp-InputPlaceholder")
    if folded.count():
        folded.click()
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Control+Enter")
    page.wait_for_function(
        "([el, text]) => el.textContent.includes(text)", arg=[cell.element_handle(), text]
    )
    # textContent, not innerText: JupyterLab may skip rendering cells out of view.
    return "\n".join(cell.locator(".jp-OutputArea-output").all_text_contents())


def run_probe(page: Any, cell: Any) -> dict[str, Any]:
    """Runs the probe ``cell`` again and returns the state it prints."""
    shown = "\n".join(cell.locator(".jp-OutputArea-output").all_text_contents())
    found = re.search(r"PROBE (\d+)", shown)
    text = f"PROBE {int(found.group(1)) + 1 if found else 1} "
    output = run_cell(page, cell, text)
    line = next(s for s in output.splitlines() if s.startswith(text))
    state: dict[str, Any] = json.loads(line[len(text) :])
    return state


def wait_until(page: Any, widget: Any, condition: str) -> None:
    """Waits until ``condition`` (JavaScript, about the widget's root ``el``) holds (for
    as long as the page's default, ``waiting.PATIENCE``)."""
    page.wait_for_function(f"el => {condition}", arg=widget.element_handle())


def wait_done(page: Any, widget: Any, panel: str) -> None:
    """Waits until the ``panel`` panel's background job (``analysis``, ``review``) is done."""
    wait_until(page, widget, f"el.querySelector('.tgw-{panel}-panel').dataset.status === 'done'")


def click(page: Any, locator: Any, button: str = "left", shift: bool = False) -> None:
    """A real mouse click at the centre of an SVG element, whatever is drawn above it."""
    x, y = centre(page, locator)
    if shift:
        page.keyboard.down("Shift")
    try:
        page.mouse.click(x, y, button=button)
    finally:
        if shift:
            page.keyboard.up("Shift")


def top_checker(widget: Any, point: str) -> Any:
    return widget.locator(f'[data-kind=stack][data-point="{point}"] [data-kind=checker]').last


def movable_point(widget: Any) -> str:
    point = widget.locator(".tgw-movable[data-kind=stack]").first.get_attribute("data-point")
    assert point is not None
    return str(point)
