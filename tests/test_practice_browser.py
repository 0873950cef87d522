"""The course's practice game (notebook 06) played in a real JupyterLab.

The notebook as a learner opens it, run whole, with one probe cell added at its end
that prints the kernel's view of the board: whose turn, the dice, the plays of the
roll ranked by the evaluator. Through Debian's chromium the learner rolls, makes a
bad play and is stopped by the tutor, takes it back, makes the best play, lets the
two bots play their turns, and runs the review cell.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest

from lab_server import KERNEL_IDLE, LabServer, problems

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).parent.parent / "notebooks" / "06_play_and_review.ipynb"
PROBE = """\
import json
from trigammon_widget.evaluation import hints as _ranked

_probes = globals().get("_probes", 0)  # counts on when the cell runs again

def probe():
    global _probes
    _probes += 1
    board.wait(60)  # the bots playing the opening (the notebook asks them in Python)
    position = board.position
    ranked = _ranked(position) if position.dice and position.turn == 0 else []
    print("PROBE", _probes, json.dumps({
        "turn": position.turn,
        "dice": position.dice,
        "plies": len(board.game.turns),
        "players": [turn.player for turn in board.game.turns],
        "warning": board.view["tutor"]["warning"] is not None,
        "plays": [[hint.notation, ranked[0].equity - hint.equity] for hint in ranked],
    }))

probe()
"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    pytest.importorskip("jupyterlab")
    root = tmp_path_factory.mktemp("lab")
    notebook = nbformat.read(NOTEBOOK, as_version=4)  # type: ignore[no-untyped-call]
    notebook.cells.append(nbformat.v4.new_code_cell(PROBE))  # type: ignore[no-untyped-call]
    nbformat.write(notebook, root / "practice.ipynb")  # type: ignore[no-untyped-call]
    with LabServer(root) as server:
        assert not problems(server.log(tail=None)), server.log()
        yield server


@pytest.fixture(scope="module")
def page(browser: Any, lab: LabServer) -> Iterator[Any]:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(lab.url("/lab/tree/practice.ipynb"))
    page.get_by_text(KERNEL_IDLE).wait_for(timeout=90_000)
    page.locator(".jp-Notebook").first.click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_text("Run All Cells", exact=True).click()
    page.locator(".trigammon-widget[data-version]").first.wait_for(timeout=60_000)
    page.locator(".jp-Cell").last.locator(".jp-OutputArea-output").wait_for(timeout=90_000)
    try:
        yield page
    finally:
        page.close()
    assert not [e for e in errors if "trigammon" in e or "widget" in e], errors


def version(widget: Any) -> int:
    return int(widget.get_attribute("data-version"))


def act(page: Any, widget: Any, locator: Any) -> None:
    """Clicks ``locator`` and waits for Python's answer."""
    before = version(widget)
    locator.click()
    page.wait_for_function(
        "([el, v]) => Number(el.dataset.version) > v", arg=[widget.element_handle(), before]
    )


def run_cell(page: Any, cell: Any, text: str) -> str:
    """Runs a cell (unfolding its code first) and returns its output once it has ``text``."""
    folded = cell.locator(".jp-InputPlaceholder")
    if folded.count():
        folded.click()
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Control+Enter")
    page.wait_for_function(
        "([el, text]) => el.textContent.includes(text)",
        arg=[cell.element_handle(), text],
        timeout=60_000,
    )
    return str(cell.locator(".jp-OutputArea").text_content() or "")


def probe(page: Any) -> dict[str, Any]:
    """Runs the probe cell and returns what the kernel says about the board."""
    cell = page.locator(".jp-Cell").last
    match = re.search(r"PROBE (\d+)", cell.locator(".jp-OutputArea").text_content() or "")
    text = f"PROBE {int(match.group(1)) + 1 if match else 1} "
    output = run_cell(page, cell, text)
    line = next(s for s in output.splitlines() if s.startswith(text))
    state: dict[str, Any] = json.loads(line[len(text) :])
    return state


def test_the_practice_game_with_the_tutor_then_its_review(page: Any) -> None:
    widget = page.locator(".trigammon-widget").first
    assert widget.get_by_role("button", name="Tutor").get_attribute("aria-pressed") == "true"
    state = probe(page)
    assert state["turn"] == 0  # the bots played the opening until it was the learner's turn
    if state["dice"] is None:
        act(page, widget, widget.get_by_role("button", name="Roll"))
        state = probe(page)
    assert state["dice"] and state["plays"]
    best, _ = state["plays"][0]
    worst, loss = state["plays"][-1]
    assert loss > 0.08, state["plays"]  # the roll has a play the tutor stops

    # A bad play is held: the warning names its loss and the better play.
    act(page, widget, widget.locator(".tgw-play", has_text=re.compile(f"^{re.escape(worst)}$")))
    warning = widget.locator("[data-role=tutor-warning]")
    assert warning.is_visible()
    text = warning.text_content() or ""
    assert f"{worst} loses" in text and "Better:" in text
    assert widget.locator(".tgw-board .tg-best").count() == 1
    assert probe(page)["warning"]

    # Taken back; the best play goes through without a word.
    act(page, widget, warning.get_by_role("button", name="Take back"))
    assert warning.is_hidden()
    plies = state["plies"]
    assert probe(page)["plies"] == plies
    act(page, widget, widget.locator(".tgw-play", has_text=re.compile(f"^{re.escape(best)}$")))
    assert warning.is_hidden()

    # Olga and Victor play their turns, until it is the learner's turn again.
    act(page, widget, widget.get_by_role("button", name="Play", exact=True))
    page.wait_for_function(
        "el => el.querySelector('[data-seat=human].tgw-to-move')",
        arg=widget.element_handle(),
        timeout=30_000,
    )
    state = probe(page)
    assert state["turn"] == 0 and not state["warning"]
    assert state["players"][plies : plies + 3] == [0, 1, 2]

    # The review cell judges the game so far.
    review = page.locator(".jp-Cell").nth(5)
    output = run_cell(page, review, "very bad ??")
    assert "points per game lost" in output
    assert all(name in output for name in ("You", "Olga", "Victor"))
