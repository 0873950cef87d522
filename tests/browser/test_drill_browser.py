"""A study library drilled at the board in a real JupyterLab (issue 45).

One board drills a library of three cards through Debian's chromium: a classic play
(its comment and tag hostile markup), a trigammon play and a cube decision. The
learner plays the first wrong with the mouse on the board, sees the verdict (the best
play dashed over the one made, the loss, the comment as text) and regrades it with a
key; n draws the next card, played from the plays list and judged right; the cube
card is answered with the drill's own button; then the session's summary. A probe
cell prints the kernel's view of the drill after each step.
"""

from __future__ import annotations

import re
from typing import Any

from .lab_page import act, board, run_probe, top_checker, version, wait_version_after
from .lab_page import click as mouse_click

PROBE_CELL = 2
HOSTILE = '<img src=x onerror="window.hacked = 1">Count the shots'

SETUP = f"""\
import json, pathlib, tempfile
from trigammon_widget import CLASSIC, TRIGAMMON, Cube, MatchPosition, MatchState, Position
from trigammon_widget.study import Library
from trigammon_widget.widget import BoardWidget

library = Library(pathlib.Path(tempfile.mkdtemp()) / "study.sqlite", fuzz=False)
library.add(Position.start(CLASSIC).with_dice(6, 5), made="13/2", tags=["<b>opening</b>"],
            comment={HOSTILE!r})
library.add(Position.start(TRIGAMMON).with_dice(6, 5))
library.add(MatchPosition(Position.start(CLASSIC), Cube(1, None, True), MatchState(7, (0, 0))))

_probes = 0

def probe():
    global _probes
    _probes += 1
    drill = b.view["drill"]
    print("PROBE", _probes, json.dumps({{
        "drill": drill,
        "best": 'class="tg-best"' in b.svg,
        "reviews": [len(library.reviews(card)) for card in library.cards()],
        "grades": [[r[3] for r in library.reviews(card)] for card in library.cards()],
    }}))
"""
CELLS = [SETUP, "b = BoardWidget(CLASSIC, seed=1)\nb.drill(library)\nb", "probe()"]
NOTEBOOKS = {"drill.ipynb": CELLS}


def probe(page: Any) -> dict[str, Any]:
    return run_probe(page, page.locator(".jp-Cell").nth(PROBE_CELL))


def press(page: Any, widget: Any, key: str) -> None:
    """A key pressed in the board, and Python's answer waited for."""
    before = version(widget)
    widget.focus()
    page.keyboard.press(key)
    wait_version_after(page, widget, before)


def test_a_library_drilled_at_the_board(page: Any) -> None:
    widget = board(page, 0)
    panel = widget.locator("[data-role=drill]")
    assert panel.is_visible()
    question = panel.locator("[data-role=drill-question]")
    assert "Card 1 · Play 6-5." in (question.text_content() or "")
    # the tag is text, and the judging panels step aside
    assert panel.locator(".tgw-drill-tag").text_content() == "<b>opening</b>"
    # the card comes with its dice: nothing to roll or set
    assert widget.get_by_role("button", name="Roll").is_hidden()
    assert widget.get_by_role("button", name="Set dice").is_hidden()
    assert panel.locator("b").count() == 0
    for hidden in (".tgw-analysis-panel", ".tgw-review-panel", ".tgw-tutor-toggle"):
        assert widget.locator(hidden).is_hidden()

    # 13/2 played with the mouse, a checker at a time, then confirmed
    mouse_click(page, top_checker(widget, "12"))  # X's 13 is absolute 12
    before = version(widget)
    mouse_click(page, widget.locator('[data-kind=point][data-point="18"]'))
    wait_version_after(page, widget, before)
    mouse_click(page, top_checker(widget, "18"))
    before = version(widget)
    mouse_click(page, widget.locator('[data-kind=point][data-point="23"]'))
    wait_version_after(page, widget, before)
    act(page, widget, widget.get_by_role("button", name="Confirm"))

    verdict = panel.locator("[data-role=drill-verdict]")
    assert verdict.is_visible()
    said = verdict.text_content() or ""
    assert "Missed" in said and "13/2 loses" in said and "points per game" in said
    assert widget.locator(".tgw-board .tg-best").count() >= 1  # 24/13 dashed over 13/2
    comment = verdict.locator(".tgw-drill-comment")
    assert comment.text_content() == HOSTILE and comment.locator("img").count() == 0
    assert page.evaluate("window.hacked") is None
    assert verdict.locator(".tgw-played .tgw-notation").text_content() == "13/2"
    # the status line says what comes next in the drill, not whose roll it would be
    status = widget.locator(".tgw-status").text_content() or ""
    assert status == "Card 1 answered: Next card (n) goes on.", status
    state = probe(page)
    assert state["best"] and state["drill"]["verdict"]["grade"] == "again"
    assert panel.locator("[data-grade=again]").get_attribute("aria-pressed") == "true"

    # the learner's own grade (key 2: Hard), then n for the next card
    press(page, widget, "2")
    assert panel.locator("[data-grade=hard]").get_attribute("aria-pressed") == "true"
    assert probe(page)["grades"][0] == ["hard"]
    press(page, widget, "n")
    assert widget.get_attribute("data-variant") == "trigammon"
    assert "Play 6-5." in (question.text_content() or "")

    # the best play, from the plays list
    best = probe(page)["drill"]["card"]
    assert best is not None
    plays = widget.locator(".tgw-play", has_text=re.compile(r"^1/12$"))
    act(page, widget, plays.first)
    said = panel.locator("[data-role=drill-verdict]").text_content() or ""
    assert "Right" in said and "the best answer" in said
    act(page, widget, panel.get_by_role("button", name="Next card"))

    # a cube decision, answered with the drill's buttons (the toolbar's wait)
    choices = panel.locator("[data-role=drill-choices]")
    assert choices.is_visible() and "take or pass?" in (panel.text_content() or "")
    assert widget.get_by_role("button", name="Take", exact=True).first.is_disabled()
    act(page, widget, choices.get_by_role("button", name="Take"))
    assert "Right" in (panel.locator("[data-role=drill-verdict]").text_content() or "")
    press(page, widget, "n")

    summary = panel.locator("[data-role=drill-summary]")
    assert summary.is_visible()
    text = summary.text_content() or ""
    # the first, missed, counts as right once its learner graded it Hard
    assert "Drill over." in text and "3 cards answered, 3 right" in text
    assert re.search(r"The next card is due in \d minutes\.", text)  # Hard: 5.5 minutes
    state = probe(page)
    assert state["reviews"] == [1, 1, 1] and state["drill"]["card"] is None
    act(page, widget, panel.get_by_role("button", name="Stop drill"))
    assert panel.is_hidden()
