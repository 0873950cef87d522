"""The course's practice game (notebook 06) played in a real JupyterLab.

The notebook as a learner opens it, run whole, with one probe cell added at its end
that prints the kernel's view of the board: whose turn, the dice, the plays of the
roll ranked by the evaluator. Through Debian's chromium the learner rolls, makes a
bad play and is stopped by the tutor, takes it back, makes the best play, lets the
two bots play their turns, and runs the review cell.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import nbformat

from tests.paths import ROOT

from .lab_page import act, run_cell, run_probe

NOTEBOOK = ROOT / "notebooks" / "06_play_and_review.ipynb"
PROBE = """\
import json
from trigammon_widget.judgement.evaluation import hints as _ranked

_probes = globals().get("_probes", 0)  # counts on when the cell runs again

def probe():
    global _probes
    _probes += 1
    board.wait()  # the bots playing the opening (the notebook asks them in Python)
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


def with_probe(path: Path) -> dict[str, Any]:
    """The notebook at ``path`` with the probe cell added at its end."""
    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    notebook.cells.append(nbformat.v4.new_code_cell(PROBE))  # type: ignore[no-untyped-call]
    return dict(notebook)


NOTEBOOKS = {"practice.ipynb": with_probe(NOTEBOOK)}


def probe(page: Any) -> dict[str, Any]:
    """What the kernel says about the board."""
    return run_probe(page, page.locator(".jp-Cell").last)


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

    # Olga and Victor play their turns on their own (issue 41 item 2), until it is the
    # learner's turn again.
    page.wait_for_function(
        "el => el.querySelector('[data-seat=human].tgw-to-move')", arg=widget.element_handle()
    )
    state = probe(page)
    assert state["turn"] == 0 and not state["warning"]
    assert state["players"][plies : plies + 3] == [0, 1, 2]

    # The review cell judges the game so far.
    review = page.locator(".jp-CodeCell").nth(2)  # the third code cell, after the board's
    output = run_cell(page, review, "very bad ??")
    assert "points lost in all" in output
    assert all(name in output for name in ("You", "Olga", "Victor"))
