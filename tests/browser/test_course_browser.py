"""The course as a learner and a teacher meet it (issue 41, "The course and the first
start"), in a real JupyterLab driven through Debian's Chromium: lesson 01's table read
in columns, a lesson saved and opened again with a new kernel, and a printed sheet."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from trigammon_widget.teaching.sheets import NUMBERS_MM, PAGE_MM, problem_sheet, rule_sheet
from waiting import PATIENCE_MS

from .lab_page import run_all_cells
from .lab_server import KERNEL_IDLE, LabServer

COURSE = Path(__file__).resolve().parents[2] / "notebooks"
NOTEBOOKS = {
    "01_meet_the_board.ipynb": COURSE / "01_meet_the_board.ipynb",
    "05_problems.ipynb": COURSE / "05_problems.ipynb",
}
MODEL_NOT_FOUND = "widget model not found"
"""What JupyterLab's widget manager logs for an output whose widget no kernel has."""
MM = 25.4 / 96
"""Millimetres in a CSS pixel."""


@contextmanager
def lesson(browser: Any, lab: LabServer, name: str) -> Iterator[tuple[Any, list[str]]]:
    """A page with lesson ``name`` open and its kernel idle, and what its console said."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    said: list[str] = []
    page.on("console", lambda message: said.append(f"{message.type}: {message.text}"))
    page.on("pageerror", lambda error: said.append(f"pageerror: {error}"))
    try:
        # A workspace of its own: the lab restores no other lesson beside it.
        page.goto(lab.url(f"/lab/workspaces/{Path(name).stem}/tree/{name}"))
        page.get_by_text(KERNEL_IDLE).wait_for(timeout=PATIENCE_MS)
        yield page, said
    finally:
        page.close()


def test_lesson_01_s_table_reads_names_left_and_numbers_right(browser: Any, lab: Any) -> None:
    """Issue 41: the pip counts' names and numbers were aligned alike. In JupyterLab, which
    aligns every output cell right, the names and their header sit left and the pip counts
    and theirs right."""
    with lesson(browser, lab, "01_meet_the_board.ipynb") as (page, _said):
        run_all_cells(page)  # the table's cell runs in its turn
        found = page.locator("table", has_text="pip count at the start")
        found.wait_for(state="attached", timeout=PATIENCE_MS)
        found.scroll_into_view_if_needed()
        sides = found.evaluate(
            """table => [...table.rows].map(row =>
                [...row.cells].map(cell => getComputedStyle(cell).textAlign))"""
        )
    assert sides == [["left", "right"]] * 4, sides


def saved(lab: LabServer, name: str) -> dict[str, Any]:
    notebook: dict[str, Any] = lab.api(f"/api/contents/{name}?content=1")["content"]
    return notebook


def test_a_saved_lesson_opens_again_on_its_still_pictures_with_no_error(
    browser: Any, lab: Any
) -> None:
    """Issue 41: a lesson saved and opened again with a new kernel logged "Error: widget
    model not found" and showed "Error displaying widget" where its board was. Saved, the
    lesson keeps each board's still picture and not its live widget; opened again it shows
    the picture, and the lesson run again brings a live board back, without an error."""
    name = "05_problems.ipynb"
    with lesson(browser, lab, name) as (page, _said):
        run_all_cells(page)  # the live board is the last cell's
        page.locator(".trigammon-widget[data-version]").wait_for(timeout=PATIENCE_MS)
        page.locator("[data-command='docmanager:save']").first.click()
        # Read once written: a read while the server writes can set the file aside.
        page.get_by_text("Saving completed").wait_for(timeout=PATIENCE_MS)
    outputs = [output for cell in saved(lab, name)["cells"] for output in cell.get("outputs", [])]
    kinds = [kind for output in outputs for kind in output.get("data", {})]
    assert "application/vnd.jupyter.widget-view+json" not in kinds
    assert any("trigammon-static" in json.dumps(output) for output in outputs)
    for session in lab.api("/api/sessions"):  # the kernel is gone: a new one comes
        lab.api(f"/api/sessions/{session['id']}", method="DELETE")

    with lesson(browser, lab, name) as (page, said):
        still = page.locator(".trigammon-static svg")
        still.scroll_into_view_if_needed()
        still.wait_for(state="visible", timeout=PATIENCE_MS)
        note = page.locator(".trigammon-static p").first.text_content()
        assert note == (
            "A picture of the board as last shown. While the kernel runs, show the board "
            "again (its name in a cell) to go on with it; running the cell starts a new one."
        )
        run_all_cells(page)  # the new kernel runs the lesson again: a live board
        page.locator(".trigammon-widget[data-version]").wait_for(timeout=PATIENCE_MS)
        still.wait_for(state="hidden", timeout=PATIENCE_MS)  # the live board shows alone
        shown = page.locator(".jp-Notebook").first.text_content() or ""
    assert "Error displaying widget" not in shown
    assert not [line for line in said if MODEL_NOT_FOUND in line], said


def test_a_printed_sheet_s_point_numbers_read_on_paper(browser: Any, tmp_path: Path) -> None:
    """Issue 41: the sheets' boards printed about 58 mm wide, point numbers 1.5 mm tall.
    Printed on A4 (print media, its printable width), every point number is at least
    ``NUMBERS_MM`` tall and nothing runs past the page's edge."""
    page = browser.new_page(viewport={"width": round(PAGE_MM / MM), "height": 1100})
    try:
        page.emulate_media(media="print")
        for made in (rule_sheet(), problem_sheet()):
            path = tmp_path / "sheet.html"
            made.save(path)
            page.goto(path.as_uri())
            sizes = page.evaluate(
                """() => [...document.querySelectorAll('svg .tg-numbers')].map(numbers =>
                    parseFloat(numbers.getAttribute('font-size')) *
                    numbers.getScreenCTM().a)"""
            )
            assert len(sizes) > 10 and min(sizes) * MM >= NUMBERS_MM - 0.05, min(sizes) * MM
            wide = page.evaluate("() => document.documentElement.scrollWidth")
            assert wide <= round(PAGE_MM / MM), wide
    finally:
        page.close()
