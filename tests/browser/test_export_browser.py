"""Pictures that leave the notebook, in Debian's chromium with no network.

An animated replay plays inside ``<img>``; a notebook exported to HTML by nbconvert,
with and without saved widget state, shows every board as its current drawing; and
JupyterLab, where the live board runs, shows one board per widget, not two.
"""

from __future__ import annotations

import base64
import copy
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

from tests.paths import ROOT
from tests.waiting import PATIENCE
from trigammon_widget.engine import TRIGAMMON, Game
from trigammon_widget.judgement.play.bot_games import autoplay
from trigammon_widget.judgement.play.bots import HeuristicBot
from trigammon_widget.pictures.export import animated_svg
from trigammon_widget.widget import STILL_WIDTH

from .lab_page import notebook_page
from .lab_server import LabServer

NOTEBOOK = ROOT / "notebooks" / "08_explore_positions.ipynb"
BOARDS = ("board", "viewer", "watch")
"""notebook 08's widgets, in the order they are shown; viewer steps after it is shown."""
NOTEBOOKS = {
    "one_board.ipynb": ["from trigammon_widget import BoardWidget\nBoardWidget('classic', seed=2)"]
}
STACKS = re.compile(r'data-kind="stack" data-point="(\d+)" data-player="(\d)" data-count="(\d+)"')


@pytest.fixture
def offline(browser: Any) -> Iterator[Any]:
    """A page that can reach nothing: every request but file: and data: is refused."""
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    context.set_offline(True)
    refused: list[str] = []

    def guard(route: Any) -> None:
        url = route.request.url
        if url.startswith(("file:", "data:", "about:")):
            route.continue_()
        else:
            refused.append(url)
            route.abort()

    context.route("**/*", guard)
    try:
        yield context.new_page()
    finally:
        context.close()


def test_a_50_turn_replay_is_small_and_plays_in_an_img(offline: Any) -> None:
    game = Game(TRIGAMMON, seed=5)
    autoplay(game, [HeuristicBot()] * 3, max_turns=50)
    picture = animated_svg(game, size=600, seconds_per_turn=1.0)
    data = picture.encode()
    assert len(game.turns) == 50 and len(data) < 300_000
    source = "data:image/svg+xml;base64," + base64.b64encode(data).decode()
    offline.set_content(f'<img id="replay" src="{source}">')
    image = offline.locator("#replay")
    offline.wait_for_function("() => document.getElementById('replay').complete")
    assert offline.evaluate("() => document.getElementById('replay').naturalWidth") == 600
    shots = [image.screenshot()]
    deadline = time.monotonic() + PATIENCE
    while len(shots) < 3 and time.monotonic() < deadline:  # frames change, however slowly
        shot = image.screenshot()
        if shot != shots[-1]:
            shots.append(shot)
    assert len(set(shots)) == 3, "the replay's frames do not change over time"
    # Asked for no motion (here inlined in a page), it holds the last position: nothing
    # animates, so nothing can move.
    offline.emulate_media(reduced_motion="reduce")
    offline.set_content(picture)
    assert offline.evaluate("() => document.getAnimations().length") == 0
    board = offline.locator("svg")
    first = board.screenshot()
    assert board.screenshot() == first


@pytest.fixture(scope="module")
def executed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, list[list[list[int]]]]:
    """Notebook 08 run as nbconvert runs it (widget state saved), with a last cell
    that says what each board's drawing holds when the run ends."""
    notebook = nbformat.read(NOTEBOOK, as_version=4)  # type: ignore[no-untyped-call]
    names = ", ".join(BOARDS)
    notebook.cells.append(
        nbformat.v4.new_code_cell(  # type: ignore[no-untyped-call]
            f"import json, re\nfor b in ({names},):\n"
            f"    print('STACKS', json.dumps(sorted(map(list, re.findall({STACKS.pattern!r}, "
            "b.svg)))))"
        )
    )
    folder = tmp_path_factory.mktemp("nbconvert")
    NotebookClient(
        notebook,
        timeout=PATIENCE,
        kernel_name="python3",
        resources={"metadata": {"path": str(folder)}},
    ).execute()
    printed = "".join(o.get("text", "") for o in notebook.cells[-1].outputs)
    expected = [
        sorted([int(value) for value in stack] for stack in json.loads(line[7:]))
        for line in printed.splitlines()
        if line.startswith("STACKS")
    ]
    notebook.cells.pop()
    assert len(expected) == len(BOARDS)
    return notebook, expected


@pytest.mark.parametrize("state", ["saved", "not saved"])
def test_nbconvert_html_shows_every_board_offline(
    executed: tuple[Any, list[list[list[int]]]], offline: Any, tmp_path: Path, state: str
) -> None:
    from nbconvert import HTMLExporter

    notebook, expected = executed
    notebook = copy.deepcopy(notebook)
    if state == "saved":
        assert "application/vnd.jupyter.widget-state+json" in notebook.metadata["widgets"]
    else:
        del notebook.metadata["widgets"]
    html, _ = HTMLExporter().from_notebook_node(notebook)  # type: ignore[no-untyped-call]
    page = tmp_path / "exported.html"
    page.write_text(html, encoding="utf-8")
    offline.goto(page.as_uri())
    offline.wait_for_load_state("load")
    outputs = offline.evaluate(
        """() => {
            const stacks = svg => [...svg.querySelectorAll('[data-kind=stack]')]
                .map(s => [s.dataset.point, s.dataset.player, s.dataset.count].map(Number))
                .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
            const shown = area => [...area.querySelectorAll('svg.tg-board')]
                .filter(svg => svg.getBoundingClientRect().width > 200);
            return [...document.querySelectorAll('.jp-Cell-outputArea')]
                .filter(area => area.querySelector('.jupyter-widgets, .trigammon-static'))
                .map(area => shown(area).map(stacks));
        }"""
    )
    # Each widget's output shows exactly one board: the drawing it had at the end.
    assert outputs == [[stacks] for stacks in expected]
    # as wide as a page's column, not the drawing's 980 px (issue 22 item 15)
    widths = offline.evaluate(
        "() => [...document.querySelectorAll('.trigammon-static svg')]"
        ".map(svg => svg.getBoundingClientRect().width)"
    )
    assert widths and max(widths) <= STILL_WIDTH


def test_jupyterlab_shows_the_live_board_not_the_still_one(browser: Any, lab: LabServer) -> None:
    with notebook_page(browser, lab, "one_board.ipynb", viewport=(1200, 900)) as page:
        page.locator(".trigammon-widget svg.tg-board").wait_for()
        outputs = page.locator(".jp-Cell").first.locator(".jp-OutputArea-child")
        # the widget and its still picture, for static pages: the picture is the cell's
        # second output, which may come after the widget is drawn (issue 42)
        page.locator(".jp-Cell").first.locator(".trigammon-static").wait_for(state="attached")
        assert outputs.count() == 2
        assert outputs.nth(1).evaluate("e => e.getBoundingClientRect().height") == 0  # no gap
        still = page.locator(".trigammon-static")
        assert still.count() == 1 and not still.is_visible()
        boards = page.locator("svg.tg-board")
        assert [boards.nth(i).is_visible() for i in range(boards.count())] == [True, False]


def test_the_printed_rule_sheet_fills_its_first_page(browser: Any, tmp_path: Path) -> None:
    """Issue 22 item 15: on A4 (12 mm margins), the title, the introduction and the rule
    cards fill the first page: a card that avoids a page break there no longer pushes
    its row, and the page's lower half, onto the next. Since issue 41 a trigammon card
    has a row of its own (its board wide enough to read): two rows fit."""
    from trigammon_widget.teaching.sheets import rule_sheet

    path = tmp_path / "rules.html"
    rule_sheet().save(path)
    mm = 96 / 25.4
    page = browser.new_page(viewport={"width": round(186 * mm), "height": round(273 * mm)})
    try:
        page.goto(path.as_uri())
        page.emulate_media(media="print")
        bottoms = page.evaluate(
            "() => [...document.querySelectorAll('.card')]"
            ".map(card => card.getBoundingClientRect().bottom)"
        )
    finally:
        page.close()
    assert len(bottoms) == 14
    assert max(bottoms[:2]) <= 273 * mm  # rows 1 and 2: the first page
