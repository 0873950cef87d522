"""The board widget in a real JupyterLab (and Notebook 7), driven through Debian's chromium.

One JupyterLab server and one notebook serve the whole module: a classic board whose
first player's name is an HTML/script injection attempt, a trigammon board, a classic
board for set-ups, and boards for bots, history and variations (hints and chances:
``test_analysis_browser``). Each test works on its own board; a probe cell prints the
kernel's view of the boards, so every gesture is checked against Python's state, not
just against the page. The probe cell first runs
``command.py`` when a test wrote one: that is how tests call Python methods.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.waiting import PATIENCE
from trigammon_widget.pictures.themes import THEMES
from trigammon_widget.session import STEP_FRAMES

from .lab_page import (
    board,
    click,
    movable_point,
    run_all_cells,
    run_probe,
    top_checker,
    version,
    wait_until,
    wait_version_after,
)
from .lab_server import LabServer, centre, free_port, settle

HOSTILE = "<img src=x onerror=window.__pwned=1>"
# the boards, in notebook order
CLASSIC, TRIGAMMON, EDIT, BEAR_OFF, ENTER, BOTS, RACE, HISTORY, LINES = range(9)
BOARDS = 9
PROBE_CELL = 10

SETUP = """\
import json
import os
from trigammon_widget.widget import BoardWidget

_probes = 0

def probe():
    global _probes
    _probes += 1
    if os.path.exists("command.py"):  # a test's call into Python
        with open("command.py") as file:
            command = file.read()
        os.remove("command.py")
        exec(command, globals())
    state = {}
    boards = {
        "classic": c, "trigammon": t, "edit": e, "bear_off": off, "enter": enter,
        "bots": bots, "race": race, "history": hist, "lines": lines,
    }
    for key, board in boards.items():
        view = board.view
        state[key] = {
            "id": board.position.id,
            "partial": view["partial"],
            "moves": len(board.partial),
            "ply": board.game.ply,
            "plies": len(board.game.turns),
            "mode": view["mode"],
            "turn": view["turn"],
            "dice": view["dice"],
            "targets": view["targets"],
            "stacks": {str(p): list(o) for p, o in enumerate(board.position.points) if o},
            "names": view["names"],
            "seats": view["seats"],
            "bot_to_move": view["bot_to_move"],
            "pace": view["pace"],
            "win": view["win"],
            "analysis": view["analysis"],
            "history": [entry["text"] for entry in board.history],
            "branches": [entry["lines"] for entry in board.history],
            "main_line": view["main_line"],
            "alternatives": [[r["name"], r["current"]] for r in view["alternatives"]],
        }
    state["extra"] = globals().pop("_extra", None)  # what a command kept to show
    print("PROBE", _probes, json.dumps(state))
"""
CELLS = [
    SETUP,
    f"c = BoardWidget('classic', seed=1, names=[{HOSTILE!r}, 'Bob'])\nc",
    "t = BoardWidget('trigammon', seed=2)\nt",
    "e = BoardWidget('classic', seed=3, theme='dark')\ne",
    "from trigammon_widget.engine import CLASSIC, Position\n"
    "home = {0: {19: 3, 20: 3, 22: 2, 24: 1}, 1: {20: 5, 22: 4}}\n"
    "off = BoardWidget(Position.build(CLASSIC, home, dice=(6, 4)))\noff",
    "barred = {0: {'bar': 1, 6: 5, 8: 3, 13: 4}, 1: {1: 2, 11: 5, 16: 3, 20: 5}}\n"
    "enter = BoardWidget(Position.build(CLASSIC, barred, dice=(5, 2)))\nenter",
    "bots = BoardWidget('classic', seed=7, names=['Ann', 'Robo'])\nbots",
    # a race three bot turns from its end
    "race = BoardWidget(Position.build(CLASSIC, {0: {22: 2, 24: 1}, 1: {23: 2, 24: 1}}), seed=3)\n"
    "race.set_seat(0, 'heuristic')\nrace.set_seat(1, 'random')\nrace",
    # a game of twenty turns, shown at its end
    "from trigammon_widget.engine import Game\n"
    "game = Game(CLASSIC, seed=11)\n"
    "while game.roll_opening() is None:\n    pass\n"
    "while game.ply < 20:\n"
    "    if game.position.dice is None:\n        game.roll()\n"
    "    game.play(next(iter(game.legal_plays()), None))\n"
    "hist = BoardWidget(game)\nhist",
    # a game of six turns, for variations and exports
    "game = Game(CLASSIC, seed=12)\n"
    "while game.roll_opening() is None:\n    pass\n"
    "while game.ply < 6:\n"
    "    if game.position.dice is None:\n        game.roll()\n"
    "    game.play(next(iter(game.legal_plays()), None))\n"
    "lines = BoardWidget(game)\nlines",
    "probe()",
]


NB7 = ["from trigammon_widget.widget import BoardWidget\nBoardWidget('trigammon', seed=5)"]
NOTEBOOKS = {"boards.ipynb": CELLS, "nb7.ipynb": NB7}


def probe(page: Any) -> dict[str, Any]:
    """What the kernel says about each board."""
    return run_probe(page, page.locator(".jp-Cell").nth(PROBE_CELL))


def in_kernel(page: Any, lab: LabServer, code: str) -> dict[str, Any]:
    """Runs ``code`` in the notebook's kernel (through the probe cell); the probe's state."""
    (lab.root / "command.py").write_text(code)
    return probe(page)


def test_both_variants_render(page: Any, tmp_path: Path) -> None:
    for index, variant, points in ((CLASSIC, "classic", 24), (TRIGAMMON, "trigammon", 36)):
        widget = board(page, index)
        svg = widget.locator(f".tgw-board svg[data-variant={variant}]")
        assert svg.count() == 1
        assert svg.locator("[data-kind=point]").count() == points
        assert svg.locator("[data-kind=checker]").count() == 15 * (points // 12)
        widget.scroll_into_view_if_needed()
        shot = widget.screenshot(path=str(tmp_path / f"{variant}.png"))
        assert len(shot) > 20_000  # a drawn board and panels, not an empty box
        box = svg.bounding_box()
        assert box is not None and box["width"] > 300


def test_player_names_render_as_text_and_run_nothing(page: Any) -> None:
    widget = board(page, CLASSIC)
    assert page.evaluate("window.__pwned") is None
    assert page.locator(".trigammon-widget img").count() == 0
    options = widget.locator("[data-role=perspective] option").all_text_contents()
    assert options == [HOSTILE, "Bob"]
    # The board's own label (escaped by the SVG renderer) and the opening message.
    assert HOSTILE in widget.locator(".tgw-message").text_content()
    assert HOSTILE[:10] in widget.locator("[data-kind=player][data-player='0']").text_content()


def test_perspective_seats_another_player_at_the_bottom(page: Any) -> None:
    widget = board(page, TRIGAMMON)
    svg = widget.locator(".tgw-board svg")
    assert svg.get_attribute("data-perspective") == "0"
    for seat in ("2", "0"):
        widget.locator("[data-role=perspective]").select_option(seat)
        page.wait_for_function(
            "([el, seat]) => el.querySelector('.tgw-board svg').dataset.perspective === seat",
            arg=[widget.element_handle(), seat],
        )
        assert widget.locator("[data-role=perspective]").input_value() == seat


def test_click_lights_targets_at_once_then_moves(page: Any) -> None:
    widget = board(page, CLASSIC)
    state = probe(page)["classic"]
    assert state["dice"] and state["moves"] == 0  # classic plays the opening dice
    source = movable_point(widget)
    # Press and release in one task of the page: the targets must be lit before
    # control returns, so no round trip to Python can be involved.
    lit = top_checker(widget, source).evaluate(
        """el => {
            const box = el.getBoundingClientRect();
            const at = {bubbles: true, pointerId: 7, isPrimary: true, button: 0,
                        clientX: box.x + box.width / 2, clientY: box.y + box.height / 2};
            el.dispatchEvent(new PointerEvent("pointerdown", at));
            el.dispatchEvent(new PointerEvent("pointerup", at));
            const root = el.closest(".trigammon-widget");
            return [...root.querySelectorAll(".tgw-target")].map(
                t => t.dataset.kind === "tray" ? "off" : t.dataset.point);
        }"""
    )
    assert sorted(set(lit)) == sorted(state["targets"][source])
    assert widget.locator(f'.tgw-from[data-kind=point][data-point="{source}"]').count() == 1
    page.keyboard.press("Escape")
    assert widget.locator(".tgw-target").count() == 0

    # Now with the mouse: pick the checker up, click its first target.
    click(page, top_checker(widget, source))
    target = state["targets"][source][0]
    assert widget.locator(".tgw-target").count() >= 1
    before = version(widget)
    click(page, widget.locator(f'[data-kind=point][data-point="{target}"]'))
    wait_version_after(page, widget, before)
    after = probe(page)["classic"]
    assert after["moves"] >= 1 and after["partial"]
    assert after["partial"] in (widget.locator(".tgw-status").text_content() or "")
    assert widget.locator(f'[data-kind=stack][data-point="{target}"]').count() == 1


def test_bear_off_by_clicking_the_tray(page: Any) -> None:
    widget = board(page, BEAR_OFF)
    tray = widget.locator("[data-kind=tray][data-player='0']")
    before_off = int(tray.get_attribute("data-count"))
    click(page, top_checker(widget, "19"))
    assert widget.locator(".tgw-target[data-kind=tray][data-player='0']").count() == 1
    before = version(widget)
    click(page, tray)
    wait_version_after(page, widget, before)
    assert int(tray.get_attribute("data-count")) == before_off + 1
    assert widget.locator('[data-kind=stack][data-point="19"]').get_attribute("data-count") == "2"
    state = probe(page)["bear_off"]
    assert state["partial"] == "6/off"
    # Play the 4 as well, then confirm the turn.
    confirm = widget.get_by_role("button", name="Confirm")
    assert confirm.is_disabled()
    source, targets = next(iter(state["targets"].items()))
    click(page, top_checker(widget, source))
    before = version(widget)
    target = targets[0]
    if target == "off":
        click(page, tray)
    else:
        click(page, widget.locator(f'[data-kind=point][data-point="{target}"]'))
    wait_version_after(page, widget, before)
    before = version(widget)
    confirm.click()
    wait_version_after(page, widget, before)
    after = probe(page)["bear_off"]
    assert after["plies"] == 1 and after["turn"] == 1 and after["moves"] == 0
    # The next roll's dice selectors start blank, not at the roll just played; Set dice
    # waits for both.
    dice = [widget.locator(f"[data-role=die{n}]") for n in (1, 2)]
    assert [die.input_value() for die in dice] == ["", ""]
    set_dice = widget.get_by_role("button", name="Set dice")
    assert set_dice.is_disabled()
    dice[0].select_option("3")
    assert set_dice.is_disabled()
    dice[1].select_option("1")
    assert set_dice.is_enabled()


def test_enter_from_the_bar_by_clicking_it(page: Any) -> None:
    widget = board(page, ENTER)
    bar = widget.locator("[data-kind=bar][data-player='0']")
    assert bar.get_attribute("data-count") == "1"
    click(page, bar.locator("[data-kind=checker]").last)
    lit = widget.locator(".tgw-target").evaluate_all("els => els.map(e => e.dataset.point)")
    assert sorted(lit) == ["2", "7"]  # the 2, or 2 and 5 on; the 5 point is held
    assert widget.locator(".tgw-from[data-kind=bar]").count() == 1
    before = version(widget)
    click(page, widget.locator('[data-kind=point][data-point="2"]'))
    wait_version_after(page, widget, before)
    assert bar.get_attribute("data-count") == "0"
    assert widget.locator('[data-kind=stack][data-point="2"]').get_attribute("data-player") == "0"
    assert probe(page)["enter"]["partial"] == "bar/23"


def test_illegal_attempt_shows_the_rule(page: Any) -> None:
    widget = board(page, CLASSIC)
    state = probe(page)["classic"]
    turn = state["turn"]
    source = movable_point(widget)
    blocked = [
        point
        for point, (owner, count) in state["stacks"].items()
        if owner != turn and count >= 2 and point not in state["targets"][source]
    ]
    assert blocked
    click(page, top_checker(widget, source))
    click(page, top_checker(widget, blocked[0]))
    message = widget.locator(".tgw-message[data-kind=error]")
    message.wait_for()
    assert re.fullmatch(r"R\d+", message.locator(".tgw-rule strong").text_content())
    assert len(message.text_content()) > 10
    assert probe(page)["classic"]["id"] == state["id"]  # nothing changed


def test_undo_and_confirm(page: Any) -> None:
    widget = board(page, CLASSIC)
    state = probe(page)["classic"]
    assert state["moves"] >= 1
    before = version(widget)
    widget.get_by_role("button", name="Undo move").click()
    wait_version_after(page, widget, before)
    assert probe(page)["classic"]["moves"] == state["moves"] - 1
    # Play the turn out from the plays panel, then the dice pass on.
    before = version(widget)
    widget.locator(".tgw-play").first.click()
    wait_version_after(page, widget, before)
    after = probe(page)["classic"]
    assert after["plies"] == state["plies"] + 1 and after["turn"] != state["turn"]


def test_roll_play_and_step_through_history(page: Any) -> None:
    widget = board(page, TRIGAMMON)
    for turn in range(2):
        before = version(widget)
        widget.get_by_role("button", name="Roll").click()
        wait_version_after(page, widget, before)
        state = probe(page)["trigammon"]
        assert state["dice"] is not None and state["plies"] == turn
        count = int(widget.locator(".tgw-plays-panel .tgw-count").text_content())
        assert count == widget.locator(".tgw-play").count() or count > 200
        before = version(widget)
        widget.locator(".tgw-play").first.click()
        wait_version_after(page, widget, before)
    assert probe(page)["trigammon"]["plies"] == 2
    assert widget.locator(".tgw-history .tgw-current").get_attribute("data-ply") == "2"

    def shown_ply() -> str | None:
        ply: str | None = widget.locator(".tgw-history .tgw-current").get_attribute("data-ply")
        return ply

    widget.locator(".tgw-status").click()  # focus the widget, not a control
    for key, expected in (
        ("ArrowLeft", "1"),
        ("ArrowLeft", "0"),
        ("ArrowRight", "1"),
        ("End", "2"),
    ):
        before = version(widget)
        page.keyboard.press(key)
        wait_version_after(page, widget, before)
        assert shown_ply() == expected
    assert probe(page)["trigammon"]["ply"] == 2
    # Presses faster than Python answers add up instead of being refused as stale.
    widget.locator(".tgw-status").click()  # the probe cell took the focus
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(
        "el => el.querySelector('.tgw-history .tgw-current').dataset.ply === '0'",
        arg=widget.element_handle(),
    )
    assert widget.locator(".tgw-message[data-kind=error]").count() == 0
    page.keyboard.press("End")
    page.wait_for_function(
        "el => el.querySelector('.tgw-history .tgw-current').dataset.ply === '2'",
        arg=widget.element_handle(),
    )
    slider = widget.locator(".tgw-slider")
    assert slider.get_attribute("max") == "2"
    slider.fill("1")
    page.wait_for_function(
        "el => el.querySelector('.tgw-history .tgw-current').dataset.ply === '1'",
        arg=widget.element_handle(),
    )
    assert probe(page)["trigammon"]["ply"] == 1
    before = version(widget)
    widget.get_by_role("button", name="First position").click()
    wait_version_after(page, widget, before)
    assert shown_ply() == "0"
    assert probe(page)["trigammon"]["ply"] == 0
    before = version(widget)
    widget.get_by_role("button", name="Next turn").click()
    wait_version_after(page, widget, before)
    assert probe(page)["trigammon"]["ply"] == 1
    before = version(widget)
    widget.get_by_role("button", name="Last position").click()
    wait_version_after(page, widget, before)
    assert probe(page)["trigammon"]["ply"] == 2


def test_the_point_under_the_pointer_lights_its_number(page: Any) -> None:
    """Walk 8 read a checker on a slanted side of the trigammon board as on the next
    point, level with it: the point under the pointer shows its own number."""
    widget = board(page, TRIGAMMON)
    lit = widget.locator(".tgw-board .tgw-hovered")
    widget.locator('[data-kind="stack"][data-point="12"] [data-kind="checker"]').last.hover()
    assert lit.evaluate_all("els => els.map(e => [e.dataset.kind, e.dataset.point])") == [
        ["point", "12"],
        ["number", "12"],
    ]
    assert widget.locator('[data-kind="number"][data-point="12"]').text_content() == "12"
    widget.locator('[data-kind="point"][data-point="30"]').hover()
    assert lit.evaluate_all("els => els.map(e => e.dataset.point)") == ["30", "30"]
    page.mouse.move(2, 2)
    assert lit.count() == 0


def test_plays_panel_filters_and_previews(page: Any) -> None:
    widget = board(page, TRIGAMMON)
    if widget.get_by_role("button", name="Roll").is_enabled():
        before = version(widget)
        widget.locator("[data-role=die1]").select_option("6")
        widget.locator("[data-role=die2]").select_option("6")
        widget.get_by_role("button", name="Set dice").click()
        wait_version_after(page, widget, before)
    plays = widget.locator(".tgw-play")
    total = int(widget.locator(".tgw-plays-panel .tgw-count").text_content())
    assert total >= 1
    first = plays.first.text_content()
    token = first.split()[0]
    widget.locator(".tgw-filter").fill(token)
    shown = plays.all_text_contents()
    assert shown and all(token in text for text in shown)
    assert widget.locator(".tgw-plays-panel .tgw-count").text_content().endswith(f"of {total}")
    plain = widget.locator(".tgw-board").inner_html()
    plays.first.hover()
    page.wait_for_function(
        "el => el.classList.contains('tgw-previewing')", arg=widget.element_handle()
    )
    assert widget.locator(".tgw-board .tg-arrow").count() >= 1
    page.mouse.move(5, 5)
    page.wait_for_function(
        "el => !el.classList.contains('tgw-previewing')", arg=widget.element_handle()
    )
    assert widget.locator(".tgw-board").inner_html() == plain
    widget.locator(".tgw-filter").fill("")
    # A preview whose row goes from under the resting pointer (the list filtered, or a
    # rollout's new order) ends: the sixth walk met one stuck, the board deaf to clicks.
    texts = plays.all_text_contents()
    other = next((t for t in texts[1:] if t.split()[0] not in texts[0]), None)
    if other is not None:
        plays.first.hover()
        page.wait_for_function(
            "el => el.classList.contains('tgw-previewing')", arg=widget.element_handle()
        )
        widget.locator(".tgw-filter").fill(other.split()[0])
        page.wait_for_function(
            "el => !el.classList.contains('tgw-previewing')", arg=widget.element_handle()
        )
        widget.locator(".tgw-filter").fill("")


def test_drag_and_drop_moves_a_checker(page: Any) -> None:
    widget = board(page, TRIGAMMON)
    state = probe(page)["trigammon"]
    assert state["dice"] and state["targets"]
    source = movable_point(widget)
    target = next(t for t in state["targets"][source] if t not in ("off", "bar"))
    x, y = centre(page, top_checker(widget, source))
    tx, ty = centre(page, widget.locator(f'[data-kind=point][data-point="{target}"]'))
    before = version(widget)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move((x + tx) / 2, (y + ty) / 2, steps=4)
    assert widget.locator(".tgw-ghost").is_visible()
    assert widget.locator(f'.tgw-target[data-point="{target}"]').count() >= 1
    page.mouse.move(tx, ty, steps=4)
    page.mouse.up()
    wait_version_after(page, widget, before)
    after = probe(page)["trigammon"]
    assert after["moves"] >= 1 and not widget.locator(".tgw-ghost").is_visible()


def test_edit_a_position(page: Any) -> None:
    widget = board(page, EDIT)
    before = version(widget)
    widget.get_by_role("button", name="Edit position").click()
    wait_version_after(page, widget, before)
    assert widget.locator(".tgw-edit").is_visible()
    assert probe(page)["edit"]["mode"] == "edit"

    before = version(widget)
    widget.get_by_role("button", name="Clear").click()
    wait_version_after(page, widget, before)
    assert widget.locator(".tgw-board [data-kind=stack]").count() == 0

    # Player 0 places two checkers on point 5, player 1 one on point 20.
    for _ in range(2):
        before = version(widget)
        click(page, widget.locator('[data-kind=point][data-point="5"]'))
        wait_version_after(page, widget, before)
    before = version(widget)
    widget.locator("[data-role=edit-player]").select_option("1")
    wait_version_after(page, widget, before)
    before = version(widget)
    click(page, widget.locator('[data-kind=point][data-point="20"]'))
    wait_version_after(page, widget, before)
    stacks = probe(page)["edit"]["stacks"]
    assert stacks == {"5": [0, 2], "20": [1, 1]}

    # An invalid set-up (player 1 onto player 0's point) is refused with the reason.
    click(page, widget.locator('[data-kind=point][data-point="5"]'))
    widget.locator(".tgw-message[data-kind=error]").wait_for()
    assert probe(page)["edit"]["stacks"] == stacks

    # Shift-click and right-click take checkers of the owner back.
    before = version(widget)
    click(page, widget.locator('[data-kind=point][data-point="5"]'), shift=True)
    wait_version_after(page, widget, before)
    before = version(widget)
    click(page, widget.locator('[data-kind=point][data-point="20"]'), button="right")
    wait_version_after(page, widget, before)
    assert probe(page)["edit"]["stacks"] == {"5": [0, 1]}

    before = version(widget)
    widget.get_by_role("button", name="Start position").click()
    wait_version_after(page, widget, before)
    assert widget.locator(".tgw-board [data-kind=checker]").count() == 30
    before = version(widget)
    widget.locator("[data-role=edit-turn]").select_option("1")
    wait_version_after(page, widget, before)
    before = version(widget)
    widget.locator("[data-role=edit-die1]").select_option("3")  # one die alone: no request
    widget.locator("[data-role=edit-die2]").select_option("1")
    wait_version_after(page, widget, before)
    before = version(widget)
    widget.get_by_role("button", name="Done editing").click()
    wait_version_after(page, widget, before)
    state = probe(page)["edit"]
    assert state["mode"] == "play" and state["turn"] == 1 and state["dice"] == [3, 1]
    assert not widget.locator(".tgw-edit").is_visible()


AUTOPLAY_DUE = 50
"""Milliseconds within which the board's autoplay sends a bot's turn once it is due: its
delay per turn (0 here) and its 20 ms retry while a request is out. ``settle`` lets the
page's timers due so soon run, so a bot's turn that must not come would have been sent
before the next probe (a kernel round trip) is."""


def wait_plies(page: Any, widget: Any, plies: int) -> None:
    """Waits until the history panel lists ``plies`` turns (after its "Start" row)."""
    wait_until(page, widget, f"el.querySelectorAll('.tgw-history li').length === {plies + 1}")


def roll_and_play_first(page: Any, widget: Any) -> None:
    """The person to move rolls (if they must) and plays the first listed play."""
    roll = widget.get_by_role("button", name="Roll")
    if roll.is_enabled():
        before = version(widget)
        roll.click()
        wait_version_after(page, widget, before)
    widget.locator(".tgw-play").first.click()


def test_autoplay_plays_bot_turns_and_waits_for_the_person(page: Any) -> None:
    widget = board(page, BOTS)
    players = widget.locator(".tgw-players-panel")
    state = probe(page)["bots"]
    assert state["seats"] == ["human", "human"] and state["turn"] == 0 and state["dice"]
    pause = players.get_by_role("button", name="Pause", exact=True)
    assert pause.is_disabled()  # nobody to play for yet
    before = version(widget)
    players.locator("[data-role=seat][data-player='1']").select_option("heuristic")
    wait_version_after(page, widget, before)
    assert probe(page)["bots"]["seats"] == ["human", "heuristic"]
    before = version(widget)
    players.locator("[data-role=speed]").fill("0")  # the pace is Python's: a new version
    wait_version_after(page, widget, before)
    assert players.locator("output").text_content() == "0 ms"
    assert probe(page)["bots"]["pace"] == 0

    # Ann, a person, is to move: the bots move on their own, but nothing for her.
    assert players.get_attribute("data-autoplay") == "running" and pause.is_enabled()
    settle(page, AUTOPLAY_DUE)
    assert probe(page)["bots"]["plies"] == 0
    assert "waits for Ann" in players.locator("[data-role=autoplay-note]").text_content()

    # Each turn Ann plays, the bot answers at once; then nothing rolls for Ann.
    for plies in (2, 4):
        roll_and_play_first(page, widget)
        wait_plies(page, widget, plies)
        settle(page, AUTOPLAY_DUE)  # a bot turn that must not come would be sent by now
        state = probe(page)["bots"]
        assert state["plies"] == plies and state["turn"] == 0 and state["dice"] is None
        assert not state["bot_to_move"]
        last = widget.locator(".tgw-history li").last
        assert last.locator(".tgw-move").get_attribute("title") == "Robo"
        assert last.locator(".tgw-notation").text_content() == state["history"][-1]
    assert widget.get_by_role("button", name="Roll").is_enabled()

    # Paused, the bot's turn waits; Step plays exactly one.
    players.get_by_role("button", name="Pause", exact=True).click()
    assert players.get_attribute("data-autoplay") == "paused"
    roll_and_play_first(page, widget)
    wait_plies(page, widget, 5)
    settle(page, AUTOPLAY_DUE)
    state = probe(page)["bots"]
    assert state["plies"] == 5 and state["turn"] == 1 and state["bot_to_move"]
    step = players.get_by_role("button", name="Step")
    assert step.is_enabled()
    step.click()
    wait_plies(page, widget, 6)
    settle(page, AUTOPLAY_DUE)
    state = probe(page)["bots"]
    assert state["plies"] == 6 and state["turn"] == 0 and not state["bot_to_move"]
    assert players.get_attribute("data-autoplay") == "paused"
    assert step.is_disabled()  # a person is to move

    # Looking back waits the bots; back where the game goes on, they go on by themselves
    # (the second walk: after browsing the history a bot stood still, "paused", unsaid).
    players.get_by_role("button", name="Play", exact=True).click()
    assert players.get_attribute("data-autoplay") == "running"
    before = version(widget)
    widget.locator(".tgw-history li").first.click()
    wait_version_after(page, widget, before)
    assert players.get_attribute("data-autoplay") == "paused"
    # An earlier turn: nothing for bots to play there (walk 12 pressed Play and nothing
    # came), and the note says where they play.
    assert players.get_by_role("button", name="Play", exact=True).is_disabled()
    assert players.locator("[data-role=autoplay-note]").text_content() == (
        "An earlier turn: bots play only at the game's last turn (History's Last position "
        "goes back there)."
    )
    before = version(widget)
    widget.locator(".tgw-history li").last.click()
    wait_version_after(page, widget, before)
    running = "el.querySelector('.tgw-players-panel').dataset.autoplay === 'running'"
    wait_until(page, widget, running)


def test_a_review_holds_the_bots_until_step(page: Any) -> None:
    """Walk 10 reviewed a game with a bot to move: the bot played on at once, starting
    another line, and the review was gone. A review of the shown line holds the bots;
    Step plays the bot's turn and the game goes on."""
    widget = board(page, BOTS)  # after the test above: autoplay running, Ann to move
    players = widget.locator(".tgw-players-panel")
    players.get_by_role("button", name="Pause", exact=True).click()
    plies = probe(page)["bots"]["plies"] + 1
    roll_and_play_first(page, widget)
    wait_plies(page, widget, plies)
    assert probe(page)["bots"]["bot_to_move"]
    review = widget.locator(".tgw-review-panel")
    review.get_by_role("button", name="Analyse game").click()
    wait_until(page, widget, "el.querySelector('.tgw-review-panel').dataset.status === 'done'")
    players.get_by_role("button", name="Play", exact=True).click()
    settle(page, AUTOPLAY_DUE)  # a bot turn that must not come would be sent by now
    assert probe(page)["bots"]["plies"] == plies
    note = players.locator("[data-role=autoplay-note]").text_content() or ""
    said = "Autoplay waits while this game is reviewed: Step plays Robo's turn, and the game"
    assert note == f"{said} goes on."
    step = players.get_by_role("button", name="Step")
    assert "tgw-primary" in (step.get_attribute("class") or "")
    step.click()
    wait_plies(page, widget, plies + 1)
    assert review.get_attribute("data-status") == "none"  # a new line, not reviewed
    assert players.get_attribute("data-autoplay") == "running"


def test_autoplay_stops_at_the_end_of_the_game(page: Any) -> None:
    widget = board(page, RACE)
    players = widget.locator(".tgw-players-panel")
    assert probe(page)["race"]["seats"] == ["heuristic", "random"]
    assert players.locator("[data-role=seat]").evaluate_all("els => els.map(e => e.value)") == [
        "heuristic",
        "random",
    ]
    # Bot follows bot on its own, without a person's press, until one of them has won.
    wait_until(page, widget, "el.querySelector('.tgw-status').textContent.includes('wins')")
    state = probe(page)["race"]
    assert state["win"] is not None and state["plies"] == 3
    assert widget.locator(".tgw-history li").count() == 4
    assert players.get_by_role("button", name="Pause", exact=True).is_disabled()
    assert "wins" in widget.locator(".tgw-status").text_content()


def test_keys_in_the_widget_are_not_notebook_commands(page: Any) -> None:
    cells = page.locator(".jp-Cell").count()
    board(page, EDIT).locator(".tgw-status").click()
    page.keyboard.press("Escape")
    for key in ("d", "d", "a", "b", "x"):  # delete cell, insert above/below, cut
        page.keyboard.press(key)
    settle(page)  # JupyterLab's commands run on the key events
    assert page.locator(".jp-Cell").count() == cells
    assert page.locator(".trigammon-widget").count() == BOARDS


def rgb(colour: str) -> str:
    """A ``#rrggbb`` colour as a browser computes it."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({red}, {green}, {blue})"


def test_the_controls_take_their_colours_from_the_theme(page: Any) -> None:
    for index, name in ((CLASSIC, "light"), (EDIT, "dark")):
        widget = board(page, index)
        theme = THEMES[name]
        assert widget.get_attribute("data-theme") == name
        assert widget.evaluate("el => el.style.getPropertyValue('--tgw-bg')") == theme.background
        computed = "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]"
        assert widget.evaluate(computed) == [rgb(theme.background), rgb(theme.text)]
        panel = widget.locator(".tgw-panel").first.evaluate(computed)
        assert panel[0] == rgb(theme.panel)


FRAMES_READY = "el.dataset.frames === el.dataset.version"
"""The drawings Python sends ahead have come for the board as it stands."""

COUNT_DRAWINGS = """root => {
    root.__counter?.disconnect();
    root.__drawings = 0;
    root.__counter = new MutationObserver(records => {
        root.__drawings += records.filter(r => r.addedNodes.length).length;
    });
    root.__counter.observe(root.querySelector(".tgw-board"), {childList: true});
}"""
"""Counts every replacement of the board's drawing from now on."""


def test_steps_are_drawn_from_frames_before_python_answers(page: Any) -> None:
    widget = board(page, HISTORY)
    # Turn 0 is far from the end: none of the drawings sent ahead so far is near it.
    assert probe(page)["history"]["ply"] == 20 > 3 * STEP_FRAMES
    widget.locator(".tgw-status").click()
    before = version(widget)
    page.keyboard.press("Home")  # turn 0 was not sent ahead: drawn when Python answers
    wait_version_after(page, widget, before)
    wait_until(page, widget, FRAMES_READY)
    widget.evaluate(COUNT_DRAWINGS)
    before = version(widget)
    # Presses in one task of the page: no answer from Python can come between them.
    # The turns sent ahead are drawn at once, the history and slider following; a
    # press beyond them waits for Python.
    shown = widget.evaluate(
        """(root, presses) => {
            const board = root.querySelector(".tgw-board");
            const press = () => root.dispatchEvent(
                new KeyboardEvent("keydown", {key: "ArrowRight", bubbles: true}));
            const look = () => [
                root.querySelector(".tgw-history .tgw-current").dataset.ply,
                root.querySelector(".tgw-slider").value,
                root.dataset.version,
            ];
            const drawn = board.innerHTML;
            press();
            const first = [board.innerHTML !== drawn, ...look()];
            for (let i = 1; i < presses; i++) press();
            return [first, look()];
        }""",
        STEP_FRAMES + 1,
    )
    ahead = str(STEP_FRAMES)
    assert shown == [[True, "1", "1", str(before)], [ahead, ahead, str(before)]]
    # Python catches up (turn 1, then the last) and confirms the drawing, not redrawing it.
    wait_until(page, widget, f"Number(el.dataset.version) >= {before + 2}")
    assert probe(page)["history"]["ply"] == STEP_FRAMES
    assert widget.evaluate("root => root.__drawings") == STEP_FRAMES
    assert widget.locator(".tgw-history .tgw-current").get_attribute("data-ply") == ahead


def test_a_move_is_drawn_from_a_frame_before_python_answers(page: Any) -> None:
    widget = board(page, HISTORY)  # an earlier turn of the game, its dice rolled: to play on
    wait_until(page, widget, FRAMES_READY)
    state = probe(page)["history"]
    source, target = next(
        (start, end)
        for start, ends in state["targets"].items()
        for end in ends
        if start.isdigit() and end.isdigit()
    )
    widget.evaluate(COUNT_DRAWINGS)
    before = version(widget)
    drawn_at_once = widget.evaluate(
        """(root, [source, target]) => {
            const board = root.querySelector(".tgw-board");
            const tap = el => {
                const box = el.getBoundingClientRect();
                const at = {bubbles: true, pointerId: 9, isPrimary: true, button: 0,
                            clientX: box.x + box.width / 2, clientY: box.y + box.height / 2};
                el.dispatchEvent(new PointerEvent("pointerdown", at));
                el.dispatchEvent(new PointerEvent("pointerup", at));
            };
            const checkers = board.querySelectorAll(
                `[data-kind=stack][data-point="${source}"] [data-kind=checker]`);
            tap(checkers[checkers.length - 1]);
            const drawn = board.innerHTML;
            tap(board.querySelector(`[data-kind=point][data-point="${target}"]`));
            return [board.innerHTML !== drawn, root.dataset.version];
        }""",
        [source, target],
    )
    assert drawn_at_once == [True, str(before)]
    wait_version_after(page, widget, before)
    after = probe(page)["history"]
    assert after["moves"] == 1 and after["ply"] == STEP_FRAMES
    assert widget.evaluate("root => root.__drawings") == 1  # Python's answer: the same drawing
    assert widget.locator(".tgw-movable").count() >= 1  # the next move can be picked up


def history_texts(widget: Any) -> list[str]:
    """The notation of each turn the history panel lists."""
    return [text or "" for text in widget.locator(".tgw-history .tgw-notation").all_text_contents()]


def variation(widget: Any, index: int) -> Any:
    return widget.locator(f".tgw-variations-panel .tgw-variation[data-index='{index}']")


def act(page: Any, widget: Any, locator: Any) -> None:
    """Clicks ``locator`` and waits for Python's answer."""
    before = version(widget)
    locator.click()
    wait_version_after(page, widget, before)


def test_a_different_play_at_an_earlier_turn_starts_a_variation(page: Any) -> None:
    widget = board(page, LINES)
    main = probe(page)["lines"]["history"]
    assert len(main) == 6 and widget.locator(".tgw-branch").count() == 0
    assert widget.locator(".tgw-variations-panel").is_hidden()  # no variations yet
    act(page, widget, widget.locator(".tgw-history li[data-ply='2'] button"))
    status = widget.locator(".tgw-status").text_content() or ""
    assert "starts a variation" in status
    other = next(
        play for play in widget.locator(".tgw-play").all() if play.text_content() != main[2]
    )
    text = other.text_content()
    act(page, widget, other)

    state = probe(page)["lines"]
    assert state["history"] == [*main[:2], text] and state["branches"] == [1, 1, 2]
    assert state["ply"] == 3 and not state["main_line"]
    assert "new variation" in (widget.locator(".tgw-message").text_content() or "")
    # The branch is marked on its row, and the variations panel lists both turns.
    wait_plies(page, widget, 3)
    marker = widget.locator(".tgw-history li[data-ply='3'] .tgw-branch")
    assert marker.text_content() == "2"
    assert marker.get_attribute("aria-label") == "2 variations at this turn"
    assert widget.locator(".tgw-branch").count() == 1
    panel = widget.locator(".tgw-variations-panel")
    assert panel.is_visible() and panel.locator(".tgw-variation").count() == 2
    assert variation(widget, 0).locator(".tgw-tag").text_content() == "main"
    assert variation(widget, 0).locator(".tgw-notation").text_content() == main[2]
    assert variation(widget, 1).get_attribute("class") == "tgw-variation tgw-current"
    assert variation(widget, 1).locator(".tgw-variation-length").text_content() == "1 turn"
    assert "replace" not in (widget.text_content() or "").lower()


def test_switch_variations_by_click_and_by_keys(page: Any) -> None:
    widget = board(page, LINES)
    main = probe(page)["lines"]  # the variation of the test above is shown
    side = history_texts(widget)
    assert main["branches"][-1] == 2 and len(side) == 3
    act(page, widget, variation(widget, 0).locator(".tgw-variation-pick"))
    wait_plies(page, widget, 6)  # the main line's turns
    assert history_texts(widget)[2] != side[2]
    assert "tgw-current" in (variation(widget, 0).get_attribute("class") or "")
    assert widget.locator(".tgw-history .tgw-current").get_attribute("data-ply") == "3"
    state = probe(page)["lines"]
    assert state["main_line"] and state["ply"] == 3 and state["plies"] == 6
    # ↓ and ↑ switch between the lines at the branch, the board staying at the turn.
    widget.locator(".tgw-status").click()
    for key, plies in (("ArrowDown", 3), ("ArrowUp", 6), ("ArrowDown", 3)):
        before = version(widget)
        page.keyboard.press(key)
        wait_version_after(page, widget, before)
        wait_plies(page, widget, plies)
    assert history_texts(widget) == side
    state = probe(page)["lines"]
    assert state["alternatives"] == [["", False], ["", True]] and state["ply"] == 3
    # ↓ pressed at once after a click, while Python answers it, is taken when it has.
    before = version(widget)
    variation(widget, 0).locator(".tgw-variation-pick").click()
    page.keyboard.press("ArrowDown")
    page.wait_for_function(
        "([el, v]) => Number(el.dataset.version) > v"
        " && el.querySelector('.tgw-variation.tgw-current')?.dataset.index === '1'",
        arg=[widget.element_handle(), before],
    )
    wait_plies(page, widget, 3)
    assert history_texts(widget) == side


def test_rename_promote_delete_and_back_to_the_main_line(page: Any) -> None:
    widget = board(page, LINES)  # on the side line of the tests above
    panel = widget.locator(".tgw-variations-panel")
    back = panel.get_by_role("button", name="Back to main line")
    assert panel.locator("[data-role=line]").text_content() == "On a side line"
    act(page, widget, back)
    wait_plies(page, widget, 6)
    assert back.is_disabled() and probe(page)["lines"]["main_line"]
    act(page, widget, widget.locator(".tgw-history li[data-ply='3'] button"))

    # Rename: a field in the row; Enter saves.
    variation(widget, 1).get_by_role("button", name=re.compile("^Rename")).click()
    field = variation(widget, 1).get_by_role("textbox", name="Name of the line")
    field.fill("<b>bold</b> try")
    before = version(widget)
    field.press("Enter")
    wait_version_after(page, widget, before)
    assert variation(widget, 1).locator(".tgw-variation-name").text_content() == "<b>bold</b> try"

    # Promote: the side line becomes the main line, the shown one a side line.
    act(page, widget, variation(widget, 1).get_by_role("button", name=re.compile("main line$")))
    assert variation(widget, 0).locator(".tgw-variation-name").text_content() == "<b>bold</b> try"
    assert variation(widget, 0).locator(".tgw-tag").count() == 1
    state = probe(page)["lines"]
    assert state["alternatives"] == [["<b>bold</b> try", False], ["", True]]
    assert not state["main_line"] and back.is_enabled()

    # Delete asks first; Cancel keeps everything.
    delete = variation(widget, 1).get_by_role("button", name=re.compile("^Delete"))
    delete.click()
    confirm = variation(widget, 1).locator(".tgw-variation-confirm")
    assert "Delete" in (confirm.text_content() or "") and "4 turns" in (
        confirm.text_content() or ""
    )
    before = version(widget)
    confirm.get_by_role("button", name="Cancel").click()
    assert confirm.count() == 0 and version(widget) == before
    delete.click()
    act(page, widget, confirm.get_by_role("button", name="Delete", exact=True))
    # The line shown went: the board is back before it, on the (renamed) main line.
    wait_plies(page, widget, 3)
    state = probe(page)["lines"]
    assert state["branches"] == [1, 1, 1] and state["main_line"] and state["ply"] == 2
    assert widget.locator(".tgw-branch").count() == 0
    assert panel.is_hidden()


def test_export_downloads_the_board_as_svg_and_png(page: Any, lab: LabServer) -> None:
    widget = board(page, LINES)
    toggle = widget.get_by_role("button", name="Export")
    menu = widget.get_by_role("menu", name="Export")

    def export(item: str) -> Any:
        toggle.click()
        assert toggle.get_attribute("aria-expanded") == "true" and menu.is_visible()
        with page.expect_download() as download:
            menu.get_by_role("menuitem", name=item).click()
        assert menu.is_hidden()
        return download.value

    svg = export("Board as SVG")
    assert svg.suggested_filename == "classic-board.svg"
    drawing = Path(svg.path()).read_text(encoding="utf-8")
    assert drawing.startswith("<svg") and 'data-kind="checker"' in drawing
    png = export("Board as PNG")
    assert png.suggested_filename == "classic-board.png"
    assert Path(png.path()).read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    message = widget.locator(".tgw-message")
    assert "Exported classic-board.png" in (message.text_content() or "")

    # Without the export extra Python refuses PNG, and the board says why.
    in_kernel(
        page,
        lab,
        "import sys\n_cairosvg = sys.modules.pop('cairosvg', None)\n"
        "sys.modules['cairosvg'] = None\n",
    )
    try:
        toggle.click()
        menu.get_by_role("menuitem", name="Board as PNG").click()
        wait_until(page, widget, "el.querySelector('.tgw-message').textContent.includes('PNG”')")
        assert message.get_attribute("data-kind") == "error"
        text = message.text_content() or ""
        assert "Board as PNG" in text and "trigammon-widget[export]" in text
    finally:
        in_kernel(
            page,
            lab,
            "del sys.modules['cairosvg']\nif _cairosvg: sys.modules['cairosvg'] = _cairosvg\n",
        )


def test_notebook_7_renders_the_widget(browser: Any, lab: LabServer) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    try:
        page.goto(lab.url("/tree"))
        page.get_by_text("nb7.ipynb").first.wait_for()
        page.goto(lab.url("/notebooks/nb7.ipynb"))
        page.locator(".jp-Notebook").first.wait_for()
        wait_for_the_kernel(page, lab, "nb7.ipynb")
        run_all_cells(page)
        widget = page.locator(".trigammon-widget[data-version]")
        widget.wait_for()
        assert widget.locator("svg[data-variant=trigammon]").count() == 1
        before = version(widget)
        widget.get_by_role("button", name="Roll").click()
        wait_version_after(page, widget, before)
        assert widget.locator(".tgw-play").count() >= 1
    finally:
        page.close()


MARIMO_APP = """\
import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo
    from trigammon_widget.widget import BoardWidget

    board = mo.ui.anywidget(BoardWidget("classic", seed=1))
    board
    return (board,)


if __name__ == "__main__":
    app.run()
"""


def test_marimo_renders_and_plays(browser: Any, tmp_path: Path) -> None:
    pytest.importorskip("marimo", reason="marimo is not installed (it is in the test extra)")
    (tmp_path / "app.py").write_text(MARIMO_APP)
    port = free_port()
    log = (tmp_path / "marimo.log").open("wb")
    command = [sys.executable, "-m", "marimo", "run", "app.py", "--headless", "--no-token"]
    server = subprocess.Popen(
        [*command, "--host", "127.0.0.1", "--port", str(port)],
        cwd=tmp_path,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    log.close()
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    try:
        wait_for_http(f"http://127.0.0.1:{port}/", server)
        page.goto(f"http://127.0.0.1:{port}/")
        widget = page.locator(".trigammon-widget[data-version]")
        widget.wait_for()
        assert widget.locator("svg[data-variant=classic]").count() == 1
        before = version(widget)
        widget.locator(".tgw-play").first.click()
        wait_version_after(page, widget, before)
        assert widget.locator(".tgw-history li").count() == 2  # the start and one turn
    finally:
        page.close()
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def wait_for_the_kernel(page: Any, lab: LabServer, notebook: str) -> None:
    """Waits until the notebook's kernel is connected and idle in Notebook 7, which shows
    the kernel's name, and an idle indicator, before it connects: cells run before then
    are dropped (a loaded machine's runs showed "[ ]:" for ten minutes). The server
    counts the page's connection once the page shows "connecting"; the indicator's
    "idle" after that is the kernel's answer."""
    deadline = time.monotonic() + PATIENCE
    while not any(
        session["path"].endswith(notebook) and session["kernel"]["connections"]
        for session in lab.api("/api/sessions")
    ):
        if time.monotonic() > deadline:
            pytest.fail(f"{notebook}'s kernel did not connect in {PATIENCE} s")
        time.sleep(0.25)
    page.locator(".jp-Notebook-ExecutionIndicator[data-status=idle]").wait_for(state="attached")


def wait_for_http(url: str, process: subprocess.Popen[bytes], timeout: float = PATIENCE) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the server exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.25)
    pytest.fail(f"{url} did not answer in {timeout} s")
