"""The board as a learner meets it (issue 22, items 1-11), each item's own steps in a real
JupyterLab driven through Debian's Chromium.

One notebook, a board per item; a probe cell prints what the kernel holds, so every
gesture is checked against Python's state as well as against the page.
"""

from __future__ import annotations

import re
from typing import Any

from tests.paths import GNUBG_FILES
from trigammon_widget.pictures.themes import THEMES

from .lab_page import (
    act,
    board,
    click,
    movable_point,
    run_probe,
    top_checker,
    version,
    wait_done,
    wait_until,
    wait_version_after,
)
from .lab_server import settle

PREVIEW_DUE = 100
"""Milliseconds within which a hovered play asks Python for its preview
(``js/previews.ts``: 40 ms, or again every 40 ms while a request is out)."""

SETUP = """\
import json
from pathlib import Path
from trigammon_widget import CLASSIC, TRIGAMMON, Game, Match, Position
from trigammon_widget.judgement.play.bots import HeuristicBot, RandomBot
from trigammon_widget.judgement.play.bot_games import autoplay
from trigammon_widget.teaching.problems import PROBLEMS
from trigammon_widget.teaching.sheets import problem_sheet
from trigammon_widget.widget import BoardWidget

DATA = Path(%r)
_probes = 0

def probe():
    global _probes
    _probes += 1
    state = {}
    for key, b in BOARDS.items():
        view = b.view
        state[key] = {
            "seats": view["seats"],
            "win": view["win"],
            "cube": view["cube"],
            "message": (view["message"] or {}).get("text"),
            "plays": b.plays,
            "partial": view["partial"],
            "ply": view["ply"],
            "review": (view["review"] or {}).get("status"),
            "marked_at": (view["review"] or {}).get("marked_at"),
            "left_out": (view["review"] or {}).get("left_out"),
            "warning": view["tutor"]["warning"],
            "turn": view["turn"],
            "names": view["names"],
            "dice": view["dice"],
        }
    print("PROBE", _probes, json.dumps(state))
"""
LOST = "Position.build(CLASSIC, {0: {23: 1, 24: 1}, 1: {24: 1}}, dice=(2, 1))"
"""X's 2-1 must bear both checkers off; 2/off alone loses the game."""
BOARDS_CODE = {
    # 1: notebook 06's seats, the neural bot among them
    "seats": "b = BoardWidget('trigammon', seed=17, names=['You', 'Olga', 'Victor'])\n"
    "b.set_seat(1, 'neural')\nb.set_seat(2, 'heuristic')\nb",
    # 2: a 5-point match, Ann to roll after Bo's opening play
    "match": "b = BoardWidget(Match(5, names=['Ann', 'Bo'], seed=2))\n"
    "b.play(next(iter(b.legal_plays)))\nb",
    # 3: a match GNU Backgammon played, shown at its first game
    "review": "b = BoardWidget(Match.from_mat((DATA / 'match7.mat').read_text()))\nb",
    # 5, 10: the tutor on, its better play against the play made
    "tutor": f"b = BoardWidget({LOST}, names=['You', 'Bot'])\nb.tutor = True\nb",
    # 5: hints hovered
    "preview": "b = BoardWidget('classic', seed=21, names=['Ann', 'Bo'])\nb",
    # 6: the numbers of the hints, for a player named You
    "numbers": "b = BoardWidget('classic', seed=5, names=['You', 'Bot'])\nb",
    # 7: a trigammon game reviewed: the graph
    "graph": "g = Game(TRIGAMMON, seed=4, names=['Ann', 'Bo', 'Cy'])\n"
    "autoplay(g, [HeuristicBot(), RandomBot(4), RandomBot(5)], max_turns=9)\n"
    "b = BoardWidget(g)\nb.analyse(workers=1)\nb.wait()\nb",
    # 8: a turn in progress and the legal plays
    "plays": "b = BoardWidget(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(3, 1)))\nb",
    # 9: lit targets in trigammon
    "lit": "b = BoardWidget('trigammon', seed=2)\nif b.position.dice is None:\n    b.roll()\nb",
    # 11: the status line through a turn
    "status": "b = BoardWidget(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(3, 1)), "
    "names=['Ann', 'Bo'])\nb",
    # 1: the person (you=0) plays six turns, hands the seat to a bot, then reviews
    "handed": "b = BoardWidget('classic', seed=11, names=['You', 'Bo'], you=0)\n"
    "b.set_seat(1, 'random')\n"
    "for _ in range(6):\n"
    "    b.autoplay()\n"
    "    if b.view['can_roll']:\n"
    "        b.roll()\n"
    "    b.play(next(iter(b.legal_plays)))\n"
    "b.set_seat(0, 'random')\nb.autoplay()\nb.set_seat(0, 'human')\n"  # to the end
    "b.analyse(workers=1)\nb.wait()\nb",
    # 11: no move at all: the bar's checker cannot enter (R8, R9)
    "stuck": "b = BoardWidget(Game(CLASSIC, start=Position.build(CLASSIC, "
    "{0: {'bar': 1, 12: 14}, 1: {19: 2, 20: 5, 21: 2, 22: 2, 23: 2, 24: 2}}, dice=(5, 3))), "
    "names=['Ann', 'Bo'])\nb",
    # 11: no move at all on the board: both dice blocked (R9)
    "blocked": "b = BoardWidget(Game(CLASSIC, start=Position.build(CLASSIC, "
    "{0: {1: 15}, 1: {19: 2, 21: 2, 16: 2, 6: 9}}, dice=(5, 3))), names=['Ann', 'Bo'])\nb",
    # 11: a checker that must wait for the bar's (R8)
    "entering": "b = BoardWidget(Game(CLASSIC, start=Position.build(CLASSIC, "
    "{0: {0: 1, 12: 14}, 1: {1: 15}}, dice=(6, 5))), names=['Ann', 'Bo'])\nb",
}
KEYS = list(BOARDS_CODE)
SHEET = "problem_sheet(PROBLEMS[:2])"


def cells() -> list[str]:
    made = [SETUP % str(GNUBG_FILES)]
    for key, code in BOARDS_CODE.items():
        made.append(f"{code.removesuffix('b')}{key} = b\n{key}")
    made.append(SHEET)
    made.append("BOARDS = {" + ", ".join(f"{k!r}: {k}" for k in KEYS) + "}\nprobe()")
    return made


NOTEBOOKS = {"learner.ipynb": cells()}
BOARDS = len(KEYS)
SHEET_CELL = 1 + len(KEYS)
PROBE_CELL = SHEET_CELL + 1


def probe(page: Any) -> dict[str, Any]:
    return run_probe(page, page.locator(".jp-Cell").nth(PROBE_CELL))


def widget_of(page: Any, key: str) -> Any:
    return board(page, KEYS.index(key))


def press(page: Any, widget: Any, name: str) -> None:
    act(page, widget, widget.get_by_role("button", name=name, exact=True))


def status(widget: Any) -> str:
    return widget.locator(".tgw-status").text_content() or ""


def test_1_a_neural_seat_shows_in_its_selector(page: Any) -> None:
    widget = widget_of(page, "seats")
    seats = widget.locator("[data-role=seat]")
    assert seats.count() == 3
    shown = [seats.nth(i).evaluate("s => s.selectedOptions[0]?.text ?? ''") for i in range(3)]
    assert shown == ["Person", "Neural bot", "Heuristic bot"]
    assert probe(page)["seats"]["seats"] == ["human", "neural", "heuristic"]
    # every kind is offered, and choosing one seats it in Python
    options = seats.nth(0).evaluate("s => [...s.options].map(o => o.value)")
    assert options == ["human", "random", "heuristic", "neural"]
    before = version(widget)
    seats.nth(0).select_option("neural")
    wait_version_after(page, widget, before)
    assert probe(page)["seats"]["seats"] == ["neural", "neural", "heuristic"]
    before = version(widget)
    seats.nth(0).select_option("human")
    wait_version_after(page, widget, before)


def test_2_a_passed_double_ends_the_game_everywhere(page: Any) -> None:
    widget = widget_of(page, "match")
    press(page, widget, "Double")
    assert "to take or pass" in status(widget)
    # The side column scrolled down, as to read Hints (walk 34 passed, then found no Next
    # game in sight).
    side = widget.locator(".tgw-side")
    side.evaluate("column => { column.scrollTop = column.scrollHeight }")
    press(page, widget, "Pass")
    # The match panel, its score and Next game, brought into the side column's sight,
    # with the keyboard's focus on Next game.
    inside = side.evaluate(
        """column => {
            const shown = column.getBoundingClientRect();
            const panel = column.querySelector('.tgw-match-panel').getBoundingClientRect();
            return panel.top >= shown.top && panel.bottom <= shown.bottom;
        }"""
    )
    assert inside and page.evaluate("() => document.activeElement?.dataset.action") == "next-game"
    state = probe(page)["match"]
    ended = "Ann wins 1 point (double passed)"
    assert state["win"]["text"] == ended and state["win"]["ending"] == "drop"
    assert status(widget) == ended  # the status line
    assert ended in (state["message"] or "")
    # the board's label: the winner, and nobody to roll
    labels = widget.locator("[data-kind=player]")
    lines = [labels.nth(i).text_content() or "" for i in range(labels.count())]
    assert any("wins (double passed)" in line for line in lines), lines
    assert not any("to roll" in line or "to move" in line for line in lines), lines
    # the buttons and the cube
    for name in ("Double", "Take", "Pass", "Roll"):
        assert widget.get_by_role("button", name=name, exact=True).is_disabled(), name
    assert state["cube"]["can_double"] is False
    assert "Ann 1" in (widget.locator(".tgw-match-panel").text_content() or "")
    assert widget.get_by_role("button", name="Next game").is_visible()


def test_3_a_finished_game_of_a_match_is_reviewed_mistake_to_mistake(page: Any) -> None:
    widget = widget_of(page, "review")
    assert "Game 1 of 6" in (widget.locator(".tgw-match-panel").text_content() or "")
    panel = widget.locator(".tgw-review-panel")
    panel.get_by_role("button", name="Analyse game").click()
    wait_done(page, widget, "review")
    state = probe(page)["review"]
    assert state["review"] == "done" and state["marked_at"]
    marks = widget.locator(".tgw-history .tgw-judged")
    assert marks.count() == len(state["marked_at"])
    widget.click(position={"x": 5, "y": 5})  # the board's own keys
    before = version(widget)
    page.keyboard.press("n")
    wait_version_after(page, widget, before)
    # the first marked decision after the one shown at the start, as its mover faced it
    first = next(ply for ply in state["marked_at"] if ply > 0)
    assert probe(page)["review"]["ply"] == first
    turn = widget.locator("[data-role=review-turn] .tgw-review-turn")
    assert turn.get_attribute("data-ply") == str(first + 1)
    assert not (widget.locator(".tgw-message[data-kind=error]").count())
    # A cube decision says where its figures are (walk 16 could not tell why one was bad).
    shows_cube = probe(page)["review"]["dice"] is None  # a cube decision: before its roll
    assert turn.locator("[data-role=cube-why]").count() == int(shows_cube)
    for _ in state["marked_at"]:
        if probe(page)["review"]["dice"] is None:
            break  # a cube decision, shown before its roll
        before = version(widget)
        page.keyboard.press("n")
        wait_version_after(page, widget, before)
    assert probe(page)["review"]["dice"] is None
    assert turn.locator("[data-role=cube-why]").count() == 1
    # A step button that disables itself under the focus leaves the keys working.
    start = widget.get_by_role("button", name="First position")
    before = version(widget)
    click(page, start)
    wait_version_after(page, widget, before)
    assert start.is_disabled()
    before = version(widget)
    page.keyboard.press("n")
    wait_version_after(page, widget, before)
    assert probe(page)["review"]["ply"] == first


def test_4_the_answer_page_carries_the_evaluator_s_numbers(page: Any) -> None:
    cell = page.locator(".jp-Cell").nth(SHEET_CELL)
    frame = cell.frame_locator("iframe").first
    tables = frame.locator(".answers table")
    tables.first.wait_for()
    assert tables.count() == 2
    assert frame.locator(".answers table th").first.text_content() == "play"
    assert "points per game" in (frame.locator(".answers table").first.text_content() or "")


def test_5_a_hint_stopped_by_the_tutor_keeps_the_list_and_shows_the_better_play(
    page: Any,
) -> None:
    widget = widget_of(page, "tutor")
    panel = widget.locator(".tgw-analysis-panel")
    panel.get_by_role("button", name="Hints").click()
    wait_done(page, widget, "analysis")
    rows = panel.locator(".tgw-hint-play")
    assert rows.count() == 2
    bad = rows.filter(has_text=re.compile(r"^2\.\s*2/off\s"))
    assert bad.count() == 1
    before = version(widget)
    click(page, bad)  # a real click: the pointer stays on the row
    wait_version_after(page, widget, before)
    box = bad.bounding_box()
    assert box is not None
    warning = widget.locator("[data-role=tutor-warning]")
    warning.wait_for()
    # The play held named, as a play made by hand is (walk 35).
    assert "· played 2/off · the tutor holds this play: take it back or play on" in status(widget)
    assert rows.count() == 2  # the list did not collapse
    after = bad.bounding_box()
    assert after is not None and abs(after["y"] - box["y"]) < 2  # nor jump under the pointer
    assert rows.nth(1).evaluate("row => row.matches(':hover')")
    page.mouse.move(box["x"] + box["width"] / 2 + 3, box["y"] + box["height"] / 2)
    settle(page, PREVIEW_DUE)  # a preview that must not come would be asked for by now,
    state = probe(page)  # and answered before the probe is
    assert "tgw-previewing" not in (widget.get_attribute("class") or "")  # no preview
    assert state["tutor"]["warning"]["played"] == "2/off"
    assert widget.locator(".tg-best").count() == 1  # the held drawing: the better play
    press(page, widget, "Take back")
    # Taken back, the play is rolled out beside the best when Hints is asked again, and
    # tagged and judged: lesson 06's way to see why the tutor held it (walk 15).
    panel.get_by_role("button", name="Hints").click()
    # the Hints of before the hold stay until the new ones come: wait for those
    wait_until(
        page,
        widget,
        "(p => p.dataset.status === 'done' && p.dataset.source === 'rollout' && "
        "[...p.querySelectorAll('.tgw-tag')].some(t => t.textContent === 'taken back'))"
        "(el.querySelector('.tgw-analysis-panel'))",
    )
    mine = rows.filter(has_text=re.compile(r"2/off\s*taken back"))
    assert mine.count() == 1 and rows.count() == 2
    said = panel.locator("[data-role=summary]").text_content() or ""
    judged = r"2/off \(taken back\) loses [\d.]+ ± [\d.]+ points per game against 2/off 1/off"
    assert re.search(judged, said), said
    # Its preview names the play, not the tag beside it (walk 16: "19/22taken back").
    mine.hover()
    wait_until(page, widget, "el.classList.contains('tgw-previewing')")
    previewed = widget.locator(".tgw-message").text_content() or ""
    assert "2/off: not played" in previewed and "taken back" not in previewed, previewed
    page.mouse.move(0, 0)
    wait_until(page, widget, "!el.classList.contains('tgw-previewing')")
    # The list stays while the play is made a checker at a time (walk 15 lost it at the
    # first checker moved).
    click(page, top_checker(widget, "23"))
    before = version(widget)
    click(page, widget.locator(".tgw-target[data-kind=tray]").first)
    wait_version_after(page, widget, before)
    assert "played 2/off" in status(widget)
    assert rows.count() == 2 and mine.count() == 1
    press(page, widget, "Undo move")


def test_10_the_tutor_s_better_play_is_not_hidden_under_the_play_made(page: Any) -> None:
    widget = widget_of(page, "tutor")
    before = version(widget)
    click(page, widget.locator(".tgw-play", has_text=re.compile(r"^2/off$")))
    wait_version_after(page, widget, before)
    widget.locator("[data-role=tutor-warning]").wait_for()
    assert "dashed on the board" in (widget.locator(".tgw-tutor-text").text_content() or "")
    # drawn after the play made, and the middle of each of its arrows is off every arrow
    # of the play made
    hidden = widget.locator(".tg-best").evaluate(
        """best => {
            const made = best.parentNode.querySelector(".tg-arrows");
            if (made && !(made.compareDocumentPosition(best) & Node.DOCUMENT_POSITION_FOLLOWING))
                return ["drawn before the play made"];
            const paths = made ? [...made.querySelectorAll("path")] : [];
            return [...best.querySelectorAll("[data-kind=best] path:not(.tg-casing)")]
                .map(path => path.getPointAtLength(path.getTotalLength() / 2))
                .filter(middle => paths.some(p => p.isPointInStroke(middle)))
                .map(middle => `${middle.x},${middle.y}`);
        }"""
    )
    assert hidden == []
    assert widget.locator(".tg-best [data-kind=best]").count() == 2  # 2/off 1/off
    press(page, widget, "Take back")


def test_5_a_preview_is_said_on_the_message_line_and_covers_no_name(page: Any) -> None:
    widget = widget_of(page, "preview")
    panel = widget.locator(".tgw-analysis-panel")
    panel.get_by_role("button", name="Hints").click()
    wait_done(page, widget, "analysis")
    # Beside the board, the side column is no higher than it and scrolls: a play
    # hovered in its lists is seen on the board (walk 16 previewed one off screen).
    side, board = widget.evaluate(
        """el => [".tgw-side", ".tgw-board-wrap"].map(s => {
            const e = el.querySelector(s), r = e.getBoundingClientRect();
            return {top: r.top, height: r.height, scroll: e.scrollHeight};
        })"""
    )
    assert abs(side["top"] - board["top"]) < 1
    assert side["height"] <= max(board["height"], 420) + 1 < side["scroll"]
    row = panel.locator(".tgw-hint-play").nth(1)
    row.hover()
    wait_until(page, widget, "el.classList.contains('tgw-previewing')")
    notation = row.locator(".tgw-notation").text_content() or ""
    message = widget.locator(".tgw-message")
    assert message.get_attribute("data-kind") == "preview"
    assert notation in (message.text_content() or "")
    covered = widget.evaluate(
        """root => [...root.querySelectorAll("[data-kind=player] text")].filter(text => {
            const box = text.getBoundingClientRect();
            const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return top !== text && !text.contains(top);
        }).length"""
    )
    assert covered == 0
    page.mouse.move(5, 5)
    wait_until(page, widget, "!el.classList.contains('tgw-previewing')")


def test_6_the_numbers_have_headings_units_and_words(page: Any) -> None:
    widget = widget_of(page, "numbers")
    panel = widget.locator(".tgw-analysis-panel")
    panel.get_by_role("button", name="Hints").click()
    wait_done(page, widget, "analysis")
    heads = panel.locator(".tgw-hints-head span").all_text_contents()
    assert heads == ["#", "Play", "Points per game", "Loss", "Wins"]
    tip = panel.locator(".tgw-hints-head span").nth(2).get_attribute("title") or ""
    assert "equity" in tip and "points per game" in tip.lower()
    state = probe(page)["numbers"]
    mover = state["names"][state["turn"]]
    note = panel.locator(".tgw-note p").all_text_contents()
    # The hints are for the player to move, said to them where it is the person's seat.
    said = "For you." if mover == "You" else f"For {mover}."
    assert note[0] == said and "'s equity" not in " ".join(note)
    method = panel.locator("[data-role=method] p").all_text_contents()
    assert method[0].startswith("Rollout: ") or method[0].startswith("By the net ("), method
    # the tutor: a level by name, shown only while the tutor is on
    level = widget.locator("[data-role=tutor-level]")
    assert level.is_hidden()
    press(page, widget, "Tutor")
    assert level.is_visible()
    label = widget.locator(".tgw-tutor-toggle label")
    assert label.text_content() == "stops doubtfulbadvery bad plays"  # the select's options
    assert level.evaluate("s => s.selectedOptions[0].text") == "bad"
    assert level.evaluate("s => [...s.options].map(o => o.text)") == ["doubtful", "bad", "very bad"]
    before = version(widget)
    level.select_option("very bad")
    wait_version_after(page, widget, before)
    assert "0.160" in (widget.get_by_role("button", name="Tutor").get_attribute("title") or "")
    assert "warns past" not in (widget.text_content() or "")
    press(page, widget, "Tutor")
    assert level.is_hidden()


def test_7_the_graph_names_its_lines_and_marks_the_shown_turn(page: Any) -> None:
    widget = widget_of(page, "graph")
    graph = widget.locator(".tgw-graph")
    graph.wait_for()
    legend = graph.locator(".tg-graph-legend text").all_text_contents()
    assert legend == ["Ann", "Bo", "Cy"]
    lines = graph.locator(".tg-graph-line polyline")
    strokes = [lines.nth(i).get_attribute("stroke") for i in range(3)]
    assert strokes == list(THEMES["light"].lines)
    dashes = [lines.nth(i).get_attribute("stroke-dasharray") for i in range(3)]
    assert len(set(dashes)) == 3
    before = version(widget)
    widget.locator(".tgw-history li[data-ply='3'] button").click()
    wait_version_after(page, widget, before)
    shown = graph.locator(".tgw-shown")
    assert shown.count() == 1 and shown.get_attribute("data-ply") == "3"
    # Bo's and Cy's plays also as this board (Ann's side) numbers them; Ann's alone.
    assert widget.locator(".tgw-history .tgw-seen").count() >= 4
    for row in widget.locator(".tgw-history li[data-ply]:not([data-ply='0'])").all():
        mover = row.locator("button").get_attribute("title")
        seen = row.locator(".tgw-seen")
        if mover == "Ann" or not row.locator(".tgw-notation").text_content():
            assert seen.count() == 0
        else:
            played = row.locator(".tgw-notation").text_content()
            assert re.fullmatch(r"\(.+\)", seen.text_content() or "")
            assert seen.get_attribute("title") == (
                f"{mover} writes {played} in their own numbers; on this board: "
                f"{(seen.text_content() or '')[1:-1]}"
            )


def test_8_the_legal_plays_follow_the_turn_and_the_filter_goes_with_it(page: Any) -> None:
    widget = widget_of(page, "plays")
    plays = widget.locator(".tgw-play")
    assert plays.count() == 16
    click(page, top_checker(widget, "17"))  # 8/5
    before = version(widget)
    click(page, widget.locator('[data-kind=point][data-point="20"]'))
    wait_version_after(page, widget, before)
    state = probe(page)["plays"]
    assert state["partial"] == "8/5" and len(state["plays"]) == 4
    assert sorted(plays.all_text_contents()) == sorted(state["plays"])
    assert all("8/5" in text or "8/4" in text for text in state["plays"])
    assert "go on from 8/5" in (widget.locator(".tgw-plays-panel .tgw-note").text_content() or "")
    widget.locator(".tgw-filter").fill("13/")
    assert "No play matches the filter" in (widget.locator(".tgw-plays-panel").text_content() or "")
    # the turn ends (6/5, Confirm); the next one starts with every play and no filter
    click(page, top_checker(widget, "19"))
    before = version(widget)
    click(page, widget.locator('[data-kind=point][data-point="20"]'))
    wait_version_after(page, widget, before)
    press(page, widget, "Confirm")
    press(page, widget, "Roll")
    state = probe(page)["plays"]
    assert state["turn"] == 1 and state["partial"] == "" and state["plays"]
    assert widget.locator(".tgw-filter").input_value() == ""
    assert plays.count() == min(len(state["plays"]), 200)


def test_9_lit_targets_read_over_any_checker(page: Any) -> None:
    widget = widget_of(page, "lit")
    source = movable_point(widget)
    click(page, top_checker(widget, source))
    rings = widget.locator(".tgw-overlay .tgw-lit:not(.tgw-casing)")
    assert rings.count() >= 1
    assert rings.count() == widget.locator(".tgw-target[data-kind=point]").count() + (
        widget.locator(".tgw-target[data-kind=tray]").count()
    )
    colours = rings.first.evaluate(
        "r => [getComputedStyle(r).stroke, getComputedStyle(r.previousElementSibling).stroke]"
    )

    def rgb(hex_colour: str) -> str:
        code = hex_colour.lstrip("#")
        return "rgb({}, {}, {})".format(*(int(code[i : i + 2], 16) for i in (0, 2, 4)))

    theme = THEMES["light"]
    assert colours == [rgb(theme.highlight), rgb(theme.casing)]
    assert rgb(theme.highlight) not in {rgb(c) for c in theme.checkers}
    page.keyboard.press("Escape")
    assert widget.locator(".tgw-overlay").count() == 0


def test_11_the_status_line_keeps_its_two_rows_and_clicks_say_whose_checker(page: Any) -> None:
    widget = widget_of(page, "status")
    line = widget.locator(".tgw-status")
    toolbar = widget.locator(".tgw-toolbar")
    height = toolbar.evaluate("t => t.getBoundingClientRect().height")
    # two lines kept, used or not (walk 15 met one cut at "Confirm ends the t…")
    one_line = line.evaluate("s => parseFloat(getComputedStyle(s).lineHeight) * 2.5")
    click(page, top_checker(widget, "17"))
    before = version(widget)
    click(page, widget.locator('[data-kind=point][data-point="20"]'))
    wait_version_after(page, widget, before)
    assert "played 8/5 · still to play: 1" in status(widget)
    assert line.evaluate("s => s.getBoundingClientRect().height") < one_line
    assert toolbar.evaluate("t => t.getBoundingClientRect().height") == height
    click(page, top_checker(widget, "19"))
    before = version(widget)
    click(page, widget.locator('[data-kind=point][data-point="20"]'))
    wait_version_after(page, widget, before)
    assert "played 8/5 6/5 · Confirm ends the turn" in status(widget)
    assert toolbar.evaluate("t => t.getBoundingClientRect().height") == height
    press(page, widget, "Undo move")
    # A move refused keeps its checker picked up, to be put elsewhere (walk 16).
    click(page, top_checker(widget, "17"))
    click(page, widget.locator('[data-kind=point][data-point="22"]'))  # 8/3: no 5 in 3-1
    wait_until(page, widget, "el.querySelector('.tgw-message').dataset.kind === 'error'")
    wait_until(page, widget, "el.classList.contains('tgw-selecting')")
    page.keyboard.press("Escape")
    wait_until(page, widget, "!el.classList.contains('tgw-selecting')")
    # an opponent's checker (O's back checkers, on X's 1-point): the board says whose
    click(page, top_checker(widget, "24"))
    message = widget.locator(".tgw-message")
    assert (message.text_content() or "") == "That checker is Bo's: Ann is to move."
    # a click refused looks as Python's refusals do (the fourth walk met two styles)
    assert message.get_attribute("data-kind") == "error"
    # a checker of the mover's own that must wait for the bar's: the rule that says so
    entering = widget_of(page, "entering")
    click(page, top_checker(entering, "12"))  # X's 13-point, while one is on the bar
    said = entering.locator(".tgw-message")
    assert said.get_attribute("data-kind") == "error"
    assert said.locator(".tgw-rule strong").text_content() == "R8"
    assert (said.text_content() or "") == (
        "R8 Bar first — Ann's checkers on the bar enter first, before any other moves."
    )
    # The seventh walk met rule ids with no rulebook at hand: the id says its rule's
    # name, as lesson 02's card does, and where to read the card.
    tip = said.locator(".tgw-rule").get_attribute("title") or ""
    assert tip.startswith("Rule R8 of the rules R1-R14: lesson 02") and 'find_rule("R8")' in tip
    # The checker on the bar picked up, rightly: the refusal goes (walk 12 read it on).
    click(page, entering.locator("[data-kind=bar][data-player='0'] [data-kind=checker]").last)
    assert entering.locator(".tgw-target").count() >= 1
    assert said.get_attribute("data-kind") != "error"


def test_12_your_mistakes_leave_out_a_bot_that_played_your_seat(page: Any) -> None:
    """The seventh and eighth walks handed their seat to a bot to finish the game: the
    review counted the bot's plays among "Your mistakes". They are left out, and the
    review's note says so while "Your mistakes" is chosen."""
    widget = widget_of(page, "handed")
    panel = widget.locator(".tgw-review-panel")
    whose = widget.get_by_role("combobox", name="Whose mistakes to step through")
    assert whose.input_value() == "0"
    left_out = probe(page)["handed"]["left_out"]
    assert left_out > 0
    note = panel.locator(".tgw-note").first.text_content() or ""
    assert f"A bot played your seat for a while: its {left_out} marked decision" in note
    whose.select_option("all")
    note = panel.locator(".tgw-note").first.text_content() or ""
    assert "A bot played your seat" not in note
    # At an earlier turn of the bot's seat, a click on its checker says whose seat it is
    # (walk 17 read "no legal move" there).
    for ply in (0, 1):
        act(page, widget, widget.locator(f".tgw-history li[data-ply='{ply}'] button"))
        if probe(page)["handed"]["turn"] == 1:
            break
    assert probe(page)["handed"]["turn"] == 1
    click(page, top_checker(widget, "24"))  # Bo's back checkers, on X's 1-point
    assert (widget.locator(".tgw-message").text_content() or "") == (
        "A bot plays Bo's seat: choose Person for it in the Players panel to move here."
    )


def test_13_a_roll_with_no_move_says_so_on_the_status_line(page: Any) -> None:
    """The ninth walk, on the bar against a closed board, read only "Your move 5-3"
    beside a lit Confirm: the status line says the dice cannot be played."""
    widget = widget_of(page, "stuck")
    assert status(widget) == (
        "Ann to move 5-3 · 5-3 cannot be played: no checker enters from the bar (R8). "
        "Confirm ends the turn"
    )  # walk 11: the bar's rule, not R9's
    blocked = widget_of(page, "blocked")
    assert status(blocked) == "Ann to move 5-3 · 5-3 cannot be played (R9): Confirm ends the turn"
    assert widget.get_by_role("button", name="Confirm", exact=True).is_enabled()
