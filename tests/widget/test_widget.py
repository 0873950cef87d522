"""BoardWidget's intents: valid ones apply whole, everything else changes nothing."""

from __future__ import annotations

import base64
import json
import math
import re
from itertools import pairwise
from typing import Any

import pytest

from tests.waiting import PATIENCE
from trigammon_widget import CLASSIC, TRIGAMMON, Game, Position, Turn
from trigammon_widget.engine.notation import NO_MOVE
from trigammon_widget.judgement.play.equity_rollout import MIN_TRIALS, t95
from trigammon_widget.session.judging import (
    PURE_ROLLOUT_SECONDS,
    PURE_ROLLOUT_TURNS,
    ROLLOUT_SECONDS,
    ROLLOUT_TRIALS,
    ROLLOUT_TURNS,
    rollout_settings,
)
from trigammon_widget.teaching.gallery import find_case
from trigammon_widget.widget import BoardWidget


class Front:
    """Plays the front end: sends intents stamped with the version it last saw."""

    def __init__(self, widget: BoardWidget) -> None:
        self.widget = widget
        self.received: list[dict[str, Any]] = []
        widget.send = self.received.append
        self.sent = 0

    @property
    def replies(self) -> list[dict[str, Any]]:
        return [message for message in self.received if message["kind"] == "reply"]

    @property
    def frames(self) -> list[dict[str, Any]]:
        return [message for message in self.received if message["kind"] == "frames"]

    def send(self, action: str, version: Any = None, **fields: Any) -> dict[str, Any]:
        self.sent += 1
        stamp = self.widget.view["version"] if version is None else version
        content = {"kind": "intent", "id": self.sent, "version": stamp, "action": action, **fields}
        self.widget._on_intent(self.widget, content, [])
        reply = self.replies[-1]
        assert reply["id"] == self.sent
        return reply


def snapshot(widget: BoardWidget) -> tuple[Any, ...]:
    view = {k: v for k, v in widget.view.items() if k != "message"}
    return widget.svg, json.dumps(view, sort_keys=True), widget.record, widget.partial


def classic_widget() -> tuple[BoardWidget, Front]:
    widget = BoardWidget(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(3, 1)))
    return widget, Front(widget)


def test_view_describes_the_turn() -> None:
    widget, _ = classic_widget()
    view = widget.view
    assert view["variant"] == "classic" and view["players"] == 2
    assert view["dice"] == [3, 1] and view["remaining"] == [3, 1]
    assert len(widget.plays) == 16
    # Player 0's 8-point is absolute point 17; the board speaks absolute points.
    assert sorted(view["targets"]["17"], key=int) == ["18", "20", "21"]
    assert view["position_id"] == widget.position.id
    assert "<svg" in widget.svg


def test_click_moves_then_confirm_records_the_turn() -> None:
    widget, front = classic_widget()
    assert front.send("move", start="17", end="20")["ok"]
    assert widget.view["partial"] == "8/5"
    assert widget.view["remaining"] == [1]
    assert front.send("move", start="19", end="20")["ok"]
    assert widget.view["can_confirm"] and widget.view["targets"] == {}
    assert front.send("confirm")["ok"]
    assert widget.game.turns[0].notation == "8/5 6/5"
    assert widget.view["turn"] == 1 and widget.view["can_roll"]


def test_the_listed_plays_follow_the_turn_in_progress() -> None:
    """Issue 22 item 8: once 8/5 is moved, the list holds only the plays that go on
    from it; its entries are what play_listed plays and preview draws; taking the move
    back lists every play again."""
    widget, front = classic_widget()
    assert len(widget.plays) == 16
    assert front.send("move", start="17", end="20")["ok"]  # 8/5
    assert sorted(widget.plays) == ["24/23 8/5", "8/4", "8/5 6/5", "8/7 8/5"]
    preview = front.send("preview", index=widget.plays.index("8/5 6/5"))
    assert preview["ok"] and 'data-from="17" data-to="20"' in preview["svg"]
    assert front.send("undo_move")["ok"] and len(widget.plays) == 16
    assert front.send("move", start="17", end="20")["ok"]
    assert front.send("play_listed", index=widget.plays.index("8/5 6/5"))["ok"]
    assert widget.game.turns[0].notation == "8/5 6/5" and widget.partial == ()
    refused = front.send("play_listed", index=4)  # the listed plays of the next turn: none
    assert not refused["ok"]


def test_combined_move_of_one_checker() -> None:
    widget, front = classic_widget()
    assert front.send("move", start="1", end="5")["ok"]
    assert widget.view["partial"] == "24/20"
    assert widget.view["can_confirm"]


def test_illegal_move_gets_the_rule_and_changes_nothing() -> None:
    widget = BoardWidget(
        Game(CLASSIC, start=Position.build(CLASSIC, {0: {12: 15}, 1: {10: 2, 1: 13}}, dice=(3, 1)))
    )
    front = Front(widget)
    before = snapshot(widget)
    # Player 0's point 13 is path 12; 12 + 3 = 15 is held by player 1 (its path 10).
    reply = front.send("move", start="12", end="15")
    assert not reply["ok"] and reply["error"]["rule"] == "R6"
    assert widget.view["message"]["rule"] == "R6"
    assert snapshot(widget) == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not a dict", "not an intent"),
        ({"kind": "intent", "version": 1, "action": "explode"}, "unknown action"),
        ({"kind": "intent", "version": 1, "action": "move", "start": "8"}, "missing field"),
        ({"kind": "intent", "version": 1, "action": "roll", "x": 1}, "unexpected field"),
        ({"kind": "intent", "version": 1, "action": "move", "start": 8, "end": "5"}, "start must"),
        ({"kind": "intent", "version": 1, "action": "move", "start": "99", "end": "5"}, "a point"),
        (
            {"kind": "intent", "version": 1, "action": "move", "start": "x" * 50, "end": "5"},
            "place",
        ),
        ({"kind": "intent", "version": 1, "action": "play_listed", "index": 16}, "0..15"),
        ({"kind": "intent", "version": 1, "action": "play_listed", "index": True}, "whole number"),
        ({"kind": "intent", "version": 1, "action": "goto", "ply": -2}, "outside the game"),
        ({"kind": "intent", "version": 1, "action": "set_dice", "die1": 7, "die2": 1}, "1..6"),
        ({"kind": "intent", "version": 1, "action": "set_dice", "die1": "3", "die2": 1}, "whole"),
        ({"kind": "intent", "version": 1, "action": "set_perspective", "player": 2}, "0..1"),
        ({"kind": "intent", "version": 1, "action": "edit", "on": "yes"}, "true or false"),
        ({"kind": "intent", "version": 1, "action": "clear"}, "edit mode"),
        ({"kind": "intent", "version": 0, "action": "roll"}, "board changed"),
    ],
)
def test_malformed_stale_and_hostile_intents_change_nothing(content: Any, message: str) -> None:
    widget, front = classic_widget()
    assert widget.view["version"] == 1
    before = snapshot(widget)
    widget._on_intent(widget, content, [])
    reply = front.replies[-1]
    assert not reply["ok"]
    assert message in reply["error"]["text"]
    assert message in widget.view["message"]["text"]
    assert snapshot(widget) == before


def test_a_flood_of_repeated_clicks_applies_once() -> None:
    widget, front = classic_widget()
    stamp = widget.view["version"]
    replies = [front.send("move", version=stamp, start="17", end="20") for _ in range(50)]
    assert [r["ok"] for r in replies].count(True) == 1
    assert all("board changed" in r["error"]["text"] for r in replies[1:])
    assert widget.partial and len(widget.partial) == 1


def test_undo_move_and_play_from_the_list() -> None:
    widget, front = classic_widget()
    front.send("move", start="17", end="20")
    assert front.send("undo_move")["ok"]
    assert widget.partial == ()
    assert not front.send("undo_move")["ok"]
    index = widget.plays.index("8/5 6/5")
    preview = front.send("preview", index=index)
    assert preview["ok"] and "<svg" in preview["svg"]
    assert widget.partial == () and widget.game.ply == 0
    assert front.send("play_listed", index=index)["ok"]
    assert widget.game.turns[-1].notation == "8/5 6/5"


def test_a_turn_without_a_move_reads_the_same_everywhere() -> None:
    blocked = find_case("classic-blocked-entry").position  # bar checker, no entry
    widget = BoardWidget(Game(CLASSIC, start=blocked))
    front = Front(widget)
    assert widget.plays == [NO_MOVE]  # a button with words, not an empty one
    assert front.send("play_listed", index=0)["ok"]
    assert widget.history[0]["text"] == NO_MOVE
    assert widget.view["message"]["text"] == f"Player X rolled 6-4: {NO_MOVE}"


def test_roll_step_goto_and_playing_on_from_earlier() -> None:
    widget = BoardWidget("trigammon", seed=5)
    front = Front(widget)
    assert "Opening roll (R2)" in widget.view["message"]["text"]
    for _ in range(4):
        assert front.send("roll")["ok"]
        assert front.send("play_listed", index=0)["ok"]
    assert widget.view["plies"] == 4 and widget.view["ply"] == 4
    assert front.send("step", delta=-1)["ok"] and widget.view["ply"] == 3
    turn = widget.game.turns[3]
    assert isinstance(turn, Turn) and widget.view["dice"] == list(turn.dice)
    assert not widget.view["can_roll"]
    assert front.send("goto", ply=0)["ok"] and widget.view["ply"] == 0
    assert front.send("step", delta=-1)["ok"] and widget.view["ply"] == 0
    assert front.send("goto", ply=2)["ok"]
    assert front.send("play_listed", index=len(widget.plays) - 1)["ok"]
    assert widget.view["plies"] == 3 and widget.view["ply"] == 3
    assert "new variation" in widget.view["message"]["text"]
    assert widget.history[2]["lines"] == 2 and not widget.view["main_line"]


def test_variations_at_the_board() -> None:
    widget = BoardWidget("trigammon", seed=5)
    front = Front(widget)
    for _ in range(3):
        front.send("roll")
        front.send("play_listed", index=0)
    front.send("goto", ply=1)
    front.send("play_listed", index=len(widget.plays) - 1)
    assert front.send("goto", ply=1)["ok"]
    rows = widget.view["variations"]
    assert [(row["index"], row["length"], row["current"]) for row in rows] == [
        (0, 2, False),
        (1, 1, True),
    ]
    assert front.send("rename_variation", index=1, ply=1, name="a try")["ok"]
    assert widget.view["variations"][1]["name"] == "a try"
    assert front.send("switch_variation", index=0, ply=1)["ok"]
    assert widget.view["main_line"] and widget.view["plies"] == 3
    assert front.send("promote_variation", index=1, ply=1)["ok"]
    assert not widget.view["main_line"]
    assert front.send("main_line")["ok"] and widget.view["plies"] == 2
    before = snapshot(widget)
    assert not front.send("delete_variation", index=7, ply=1)["ok"]
    assert not front.send("delete_variation", index=0, ply=9)["ok"]
    assert snapshot(widget) == before
    assert front.send("delete_variation", index=1, ply=1)["ok"]
    assert len(widget.view["variations"]) == 1
    saved = json.loads(widget.record)
    assert saved["version"] == 4 and "ply" not in saved


def branched() -> tuple[BoardWidget, Front, list[str]]:
    """A trigammon board of four turns whose second turn has a variation (shown)."""
    widget = BoardWidget("trigammon", seed=5)
    front = Front(widget)
    for _ in range(4):
        front.send("roll")
        front.send("play_listed", index=0)
    main = [entry["text"] for entry in widget.history]
    front.send("goto", ply=1)
    front.send("play_listed", index=len(widget.plays) - 1)
    return widget, front, main


def test_the_shown_turn_lists_the_turns_recorded_in_its_place() -> None:
    widget, front, main = branched()
    view = widget.view
    assert view["ply"] == view["plies"] == 2 and view["variations"] == []
    assert [(r["index"], r["text"], r["current"]) for r in view["alternatives"]] == [
        (0, main[1], False),
        (1, widget.history[1]["text"], True),
    ]
    assert [entry["lines"] for entry in widget.history] == [1, 2]
    # Switched in the shown turn's place, the board shows the other turn there.
    assert front.send("switch_variation", index=0, ply=1)["ok"]
    assert widget.view["ply"] == 2 and widget.view["plies"] == 4
    assert widget.view["message"]["text"].endswith(f" {main[1]} (the main line)")
    assert [entry["text"] for entry in widget.history] == main
    assert [r["current"] for r in widget.view["alternatives"]] == [True, False]
    assert front.send("goto", ply=0)["ok"] and widget.view["alternatives"] == []
    assert len(widget.view["variations"]) == 1  # one first turn: no branch there


def test_deleting_the_line_taken_goes_on_along_the_main_line() -> None:
    widget, front, main = branched()
    assert front.send("delete_variation", index=1, ply=1)["ok"]
    view = widget.view
    assert view["ply"] == 1 and view["plies"] == 4 and view["main_line"]
    assert (
        view["message"]["text"].startswith("Turn 2: deleted")
        and "a line of 1 turn" in view["message"]["text"]
    )
    assert [entry["text"] for entry in widget.history] == main
    assert [entry["lines"] for entry in widget.history] == [1] * 4
    # A variation not taken goes alone: the line and the shown turn stay.
    widget, front, main = branched()
    assert front.send("delete_variation", index=0, ply=1)["ok"]
    assert widget.view["ply"] == widget.view["plies"] == 2
    assert [entry["lines"] for entry in widget.history] == [1, 1]


def test_edit_mode_places_checkers_and_refuses_bad_set_ups() -> None:
    widget, front = classic_widget()
    assert front.send("edit", on=True)["ok"]
    assert widget.view["mode"] == "edit"
    assert not front.send("roll")["ok"]
    assert front.send("clear")["ok"]
    assert widget.position.borne_off(0) == 15
    assert front.send("place", player=0, where="20", count=1)["ok"]
    assert widget.position.point(20) == (0, 1)
    before = snapshot(widget)
    reply = front.send("place", player=1, where="20", count=1)
    assert not reply["ok"] and "R6" in reply["error"]["text"]
    assert snapshot(widget) == before
    assert not front.send("remove", player=1, where="5", count=1)["ok"]
    assert front.send("place", player=1, where="bar", count=1)["ok"]
    assert widget.position.bar(1) == 1
    assert front.send("set_turn", player=1)["ok"]
    assert front.send("set_setup_dice", die1=6, die2=6)["ok"]
    assert front.send("edit", on=False)["ok"]
    assert widget.view["mode"] == "play" and widget.view["dice"] == [6, 6]
    assert widget.position.turn == 1 and widget.game.ply == 0


def test_edit_refuses_a_sixteenth_checker() -> None:
    _, front = classic_widget()
    front.send("edit", on=True)
    reply = front.send("place", player=0, where="3", count=1)
    assert not reply["ok"] and "R1" in reply["error"]["text"]


def test_python_api_mirrors_the_ui() -> None:
    widget = BoardWidget("classic", seed=2)
    changes: list[Any] = []
    widget.observe(changes.append, names="view")
    widget.roll() if widget.view["can_roll"] else None
    widget.play(next(iter(widget.legal_plays)))
    widget.step(-1)
    widget.goto(1)
    widget.goto(0)
    widget.roll() if widget.game.position.dice is None else None
    widget.play(list(widget.legal_plays)[-1])  # another first turn: a variation
    assert [entry["lines"] for entry in widget.history] == [2]
    widget.rename_variation(1, "try", ply=0)
    assert not widget.view["main_line"]
    widget.promote_variation(1, ply=0)
    assert widget.view["alternatives"][0]["name"] == "try" and widget.view["main_line"]
    widget.switch_variation(1, ply=0)
    assert not widget.view["main_line"]
    widget.main_line()
    assert widget.view["main_line"]
    widget.delete_variation(1, ply=0)
    assert [entry["lines"] for entry in widget.history] == [1]
    widget.perspective = 1
    assert widget.view["perspective"] == 1
    assert len(changes) >= 4
    widget.load(Position.start(TRIGAMMON).id)
    assert widget.view["variant"] == "trigammon" and widget.view["plies"] == 0
    widget.load("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10")
    assert widget.view["dice"] == [5, 2]
    widget.load("4HPwATDgc/ABMA:cAkAAAAAAAAA")
    assert widget.position == Position.start(CLASSIC)
    game = Game(CLASSIC, seed=1)
    game.roll_opening([3, 5])
    game.play("24/21 13/8")
    widget.load(game.to_json())
    assert widget.game.turns == game.turns


def test_names_stay_text() -> None:
    hostile = '<script>alert(1)</script> & "b"'
    widget = BoardWidget("classic", seed=1, names=[hostile, "O"])
    assert "<script>" not in widget.svg
    assert widget.view["names"][0] == hostile


def test_a_board_shows_as_the_widget_and_a_still_picture_kept_current() -> None:
    """Static pages (nbconvert, nbviewer, GitHub, no kernel) show the still picture;
    a page where the live board runs hides it (tests/browser/test_export_browser.py)."""
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    InteractiveShell.instance()
    widget, front = classic_widget()
    with capture_output() as shown:
        widget._ipython_display_()
    live, still = shown.outputs
    assert "application/vnd.jupyter.widget-view+json" in live.data
    assert live.data["text/plain"] == ""  # a page without widgets shows nothing of it
    assert still.data["image/svg+xml"] == widget.svg
    note = (
        "<p>A picture of the board as last shown. While the kernel runs, show the board "
        "again (its name in a cell) to go on with it; running the cell starts a new one.</p>"
    )
    assert f'<div class="trigammon-static">{widget.svg}{note}</div>' in still.data["text/html"]
    assert "body:has(.trigammon-widget) .trigammon-static{display:none}" in still.data["text/html"]
    assert still.data["text/plain"] == str(widget.position)
    identity = still.transient["display_id"]
    with capture_output() as changed:
        front.send("move", start="17", end="20")
    (update,) = changed.outputs
    assert update.update and update.transient["display_id"] == identity
    assert update.data["image/svg+xml"] == widget.svg
    with capture_output() as unchanged:
        front.send("set_seat", player=1, seat="random")  # the drawing stays the same
    assert not unchanged.outputs


def test_export_gives_the_front_end_a_file_and_changes_nothing() -> None:
    widget, front = classic_widget()
    before = snapshot(widget)
    reply = front.send("export", picture="svg")
    assert reply["ok"] and reply["file"]["data"] == widget.svg
    assert reply["file"] | {"data": ""} == {
        "filename": "classic-board.svg",
        "mime": "image/svg+xml",
        "data": "",
        "base64": False,
    }
    refused = front.send("export", picture="animated-svg")
    assert not refused["ok"] and "nothing to replay" in refused["error"]["text"]
    widget.play("8/5 6/5")
    replay = front.send("export", picture="animated-svg")["file"]
    assert replay["filename"] == "classic-replay.svg" and "@keyframes" in replay["data"]
    assert not front.send("export", picture="pdf")["ok"]
    pytest.importorskip("cairosvg", exc_type=ImportError)
    picture = front.send("export", picture="png")["file"]
    assert picture["base64"] and base64.b64decode(picture["data"]).startswith(b"\x89PNG")
    animation = front.send("export", picture="gif")["file"]
    assert animation["mime"] == "image/gif" and base64.b64decode(animation["data"])[:3] == b"GIF"
    assert snapshot(widget)[0] == widget.svg and before[2] != widget.record


def test_a_cleared_board_must_be_set_up_before_play() -> None:
    widget, front = classic_widget()
    front.send("edit", on=True)
    assert front.send("clear")["ok"]
    reply = front.send("edit", on=False)
    assert not reply["ok"] and "R12" in reply["error"]["text"]
    assert widget.view["mode"] == "edit"


def test_bots_take_seats_and_play_until_a_person_is_needed() -> None:
    widget = BoardWidget("classic", seed=4)
    front = Front(widget)
    starter = widget.position.turn
    other = 1 - starter
    assert front.send("set_seat", player=other, seat="heuristic")["ok"]
    assert widget.view["seats"][other] == "heuristic"
    assert not widget.view["bot_to_move"]
    reply = front.send("bot_turn")
    assert not reply["ok"] and "is a person" in reply["error"]["text"]
    front.send("play_listed", index=0)
    assert widget.view["bot_to_move"]
    assert front.send("bot_turn")["ok"]
    assert widget.game.ply == 2 and widget.position.turn == starter
    assert not front.send("set_seat", player=0, seat="genius")["ok"]
    widget.set_seat(starter, "random")
    widget.autoplay(max_turns=6)
    assert widget.game.ply == 8


NET = {
    "kind": "net",
    "net": "classic-v5",
    "ply": 0,
    "games": 0,
    "truncate": 0,
    "reduced": False,
    "z95": 0.0,
    "plain": 0.0,
}
"""The source of the classic net's figures."""


def test_hints_show_the_nets_ranking_then_the_rollouts_in_its_place() -> None:
    """Issue 41: every figure says its source, a list never mixes sources and is ranked
    by the equity it shows; the net's list stays until the rollout's replaces it."""
    widget, front = classic_widget()
    assert front.send("hints")["ok"]
    analysis = widget.view["analysis"]
    assert analysis["kind"] == "hints" and analysis["status"] == "running"
    assert analysis["source"] == NET and "others" not in analysis
    rows = analysis["hints"]
    assert len(rows) == 16 and rows[0]["loss"] == 0
    assert [row["equity"] for row in rows] == sorted((row["equity"] for row in rows), reverse=True)
    assert {row["text"] for row in rows} == set(widget.plays)
    assert all(row["equity_error"] == row["loss_error"] == row["win_error"] == 0 for row in rows)
    assert not front.send("hints")["ok"]  # one analysis at a time
    assert front.send("cancel_analysis")["ok"]
    assert widget.wait(PATIENCE)
    assert widget.view["analysis"]["status"] in ("cancelled", "done")
    net = {row["text"]: row for row in rows}

    widget.hints(candidates=3, games=6, workers=1, truncate=4, seed=1)
    assert widget.view["analysis"]["hints"] == rows  # the net's, while the rollout runs
    assert widget.wait(PATIENCE)
    analysis = widget.view["analysis"]
    assert analysis["status"] == "done" and analysis["done"] == 6
    assert analysis["source"] == {
        "kind": "rollout",
        "net": "classic-v5",
        "ply": 0,
        "games": 6,
        "truncate": 4,
        "reduced": True,
        "z95": t95(6),
        "plain": pytest.approx(t95(6) * 0.5 / math.sqrt(6)),
    }
    rolled, others = analysis["hints"], analysis["others"]
    assert [row["text"] for row in rolled] == ["8/5 6/5", "24/23 13/10"]  # within 0.16, two
    assert [row["equity"] for row in rolled] == sorted((r["equity"] for r in rolled), reverse=True)
    assert rolled[0]["loss"] == rolled[0]["loss_error"] == 0
    second = rolled[1]
    assert second["loss"] == pytest.approx(rolled[0]["equity"] - second["equity"])
    assert second["loss_error"] > 0 and second["equity_error"] > 0 and second["win_error"] > 0
    assert analysis["separated"] is True
    # The other plays, by the net, losing against the net's best: its own figures.
    assert {row["text"] for row in rolled + others} == set(widget.plays)
    assert others == [net[row["text"]] for row in others]
    shown = [float(f"{100 * row['win']:.1f}") for row in rolled]  # as the board shows them
    assert analysis["wins_differ"] is any(b > a for a, b in pairwise(shown))


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "pure"])
def test_the_boards_rollouts_are_cut_and_stop_on_their_own(fast_path: Any, compiled: bool) -> None:
    """The board's settings: trials cut after ``ROLLOUT_TURNS`` turns (fewer off the
    fast path, where a turn costs far more); at most ``ROLLOUT_TRIALS`` shared among the
    positions compared, so that a busy machine gives the same figures as a quiet one
    (walk 31), the clock only a ceiling; off the fast path, the clock."""
    turns = (ROLLOUT_TURNS if compiled else PURE_ROLLOUT_TURNS)["classic"]
    with fast_path(compiled):
        widget, _front = classic_widget()
        widget.hints(games=2, workers=1, seed=2)
        assert widget.wait(PATIENCE)
        assert widget.view["analysis"]["source"]["truncate"] == turns
        start = Position.start(CLASSIC).with_dice(3, 1)
        settings = rollout_settings(start, {})
        shared = [rollout_settings(start, {}, compared).get("games") for compared in (1, 5, 40)]
    # The seed is the position's, its roll included: one question, one answer.
    if compiled:
        assert settings == {
            "truncate": turns,
            "games": ROLLOUT_TRIALS["classic"],
            "seconds": ROLLOUT_SECONDS,
            "seed": start.id,
        }
        assert shared == [ROLLOUT_TRIALS["classic"], ROLLOUT_TRIALS["classic"] // 5, MIN_TRIALS]
    else:
        assert settings == {"truncate": turns, "seconds": PURE_ROLLOUT_SECONDS, "seed": start.id}
        assert shared == [None] * 3
    assert rollout_settings(start, {"truncate": 3})["truncate"] == 3
    assert rollout_settings(start, {"seed": 5})["seed"] == 5
    assert PURE_ROLLOUT_TURNS["trigammon"] < ROLLOUT_TURNS["trigammon"]
    # A setting the rollout does not know, or a bad value, is refused at once.
    fresh, _ = classic_widget()
    before = snapshot(fresh)
    with pytest.raises(ValueError, match="unknown rollout setting 'games_per_play'"):
        fresh.hints(games_per_play=6)
    with pytest.raises(ValueError, match="precision must be a number"):
        fresh.chances(precision=-1)
    with pytest.raises(ValueError, match="workers must be None or a whole number"):
        fresh.hints(workers=0)
    assert snapshot(fresh) == before and fresh.view["analysis"] is None
    last = Position.build(CLASSIC, {0: {24: 1}, 1: {7: 15}}, dice=(6, 6))
    forced = BoardWidget(Game(CLASSIC, start=last))
    forced.hints()
    assert forced.view["analysis"]["status"] == "done"  # one play: nothing to roll out
    assert forced.view["analysis"]["source"]["kind"] == "net"


def test_chances_of_the_position_and_their_reset_on_change() -> None:
    widget, front = classic_widget()
    widget.chances(games=12, workers=1, truncate=6, seed=2, seconds=PATIENCE)  # no clock
    at_once = widget.view["analysis"]
    assert at_once["kind"] == "chances" and at_once["source"] == NET
    assert abs(sum(at_once["wins"]) - 1) < 1e-5 and len(at_once["equities"]) == 2
    assert at_once["win_errors"] == at_once["equity_errors"] == [0, 0]
    assert widget.wait(PATIENCE)
    analysis = widget.view["analysis"]
    assert analysis["status"] == "done" and analysis["source"]["games"] == 12
    assert analysis["source"]["kind"] == "rollout" and analysis["source"]["truncate"] == 6
    assert abs(sum(analysis["wins"]) - 1) < 1e-6
    assert all(error > 0 for error in analysis["win_errors"] + analysis["equity_errors"])
    # every figure of the table from the rollout: the equities follow from its vectors
    assert sum(analysis["equities"]) == pytest.approx(0, abs=1e-6)
    # A checker moved leaves the turn's start, and its chances, as they were; the
    # turn played drops them.
    front.send("move", start="17", end="20")
    assert widget.view["analysis"] == analysis
    front.send("move", start="19", end="20")
    front.send("confirm")
    assert widget.view["analysis"] is None


def test_a_cancelled_analysis_never_writes_over_a_newer_one() -> None:
    widget, front = classic_widget()
    widget.hints(games=400, precision=0, workers=1, seed=3)
    assert front.send("cancel_analysis")["ok"]
    # A new analysis may start while the cancelled one winds down.
    widget.chances(games=10, workers=1, truncate=4, seed=3)
    assert widget.wait(PATIENCE)
    analysis = widget.view["analysis"]
    assert analysis["kind"] == "chances" and analysis["status"] == "done"
    # A board change silences the running analysis for good.
    widget.hints(games=400, precision=0, workers=1, seed=3)
    front.send("play_listed", index=0)
    assert widget.wait(PATIENCE)
    assert widget.view["analysis"] is None


def _played_game() -> tuple[BoardWidget, Front]:
    widget = BoardWidget("classic", seed=4)
    for player in range(2):
        widget.set_seat(player, "random")
    widget.autoplay(max_turns=20)
    return widget, Front(widget)


def test_a_game_review_marks_the_mistakes_and_survives_stepping() -> None:
    widget, front = _played_game()
    assert front.send("analyse")["ok"]
    assert widget.view["review"]["status"] == "running"
    assert widget.wait(PATIENCE)
    review = widget.view["review"]
    assert review["status"] == "done" and review["done"] == review["total"] == 20
    report = widget.analysis
    assert report is not None and len(report.turns) == 20
    marks = [entry["mark"] for entry in widget.history]
    # each record's mark: its play's, or a missed double's where that was worse
    assert marks == [report.marks.get(ply) for ply in range(1, 21)] and any(marks)
    # A marked decision is shown at the position its mover faced: the ply before it.
    assert review["marked_at"] == [ply - 1 for ply in report.marks]
    assert widget.view["decisions"]
    assert len(review["players"]) == 2 and "tg-graph" in widget.graph
    first = next(ply for ply in report.marks if ply > 1)
    assert front.send("goto", ply=0)["ok"] and front.send("next_mistake", step=1, player=None)["ok"]
    assert widget.view["ply"] == first - 1
    shown = widget.view["review"]["turn"]
    assert shown["ply"] == first and shown["mark"] == marks[first - 1]
    assert shown["best"][0]["loss"] == 0 and shown["loss"] > 0
    played = next(p for p in report.marks if report.judged(p) in report.turns)
    widget.goto(played - 1)
    shown = widget.view["review"]["turn"]
    entry = widget.history[played - 1]  # the play made, as the history row names it
    assert shown["played"] == entry["text"] and shown["dice"] == entry["dice"]
    assert widget.view["dice"] == entry["dice"]  # the roll its mover faced
    assert 'class="tg-best"' in widget.svg  # the better play beside the one made
    assert not front.send("next_mistake", step=7, player=None)["ok"]
    widget.goto(-1)
    if not widget.game.is_over():
        widget.autoplay(max_turns=1)  # a turn more: the review no longer applies
        assert widget.view["review"] is None and widget.analysis is None
        assert widget.graph == "" and not any(entry["mark"] for entry in widget.history)


def test_the_graph_of_a_game_ended_by_a_pass_ends_at_its_result() -> None:
    """A pass ends the game (R14) on a cube action, which no turn judges: the graph's
    last point is the result, 100% for the winner and 0 for the one who passed."""
    game = Game(CLASSIC, seed=4, names=["Ann", "Bo"])
    game.roll_opening([6, 1])
    game.play("13/7 8/7")
    game.roll(6, 4)
    game.play("24/14")
    game.double()
    game.drop()
    widget = BoardWidget(game)
    widget.analyse()
    assert widget.wait(PATIENCE) and widget.view["review"]["status"] == "done"
    for player, chance in ((0, 1.0), (1, 0.0)):
        line = re.search(rf'data-player="{player}".*?<polyline points="([^"]+)"', widget.graph)
        assert line is not None
        last_y = float(line.group(1).split()[-1].split(",")[1])
        level = re.search(rf'y1="([\d.]+)"[^>]*/><text[^>]*>{chance:.0%}</text>', widget.graph)
        assert level is not None and last_y == pytest.approx(float(level.group(1)), abs=0.1)


def test_the_tutor_warns_before_a_bad_play_and_lets_it_be_taken_back() -> None:
    # X's 2-1 must bear both checkers off now; 2/1/off loses the game.
    start = Position.build(CLASSIC, {0: {23: 1, 24: 1}, 1: {24: 1}}, dice=(2, 1))
    widget = BoardWidget(start)
    front = Front(widget)
    assert front.send("set_tutor", on=True)["ok"] and widget.tutor
    assert front.send("move", start="23", end="24")["ok"]
    assert front.send("move", start="24", end="off")["ok"]
    assert front.send("confirm")["ok"]  # answered: the tutor's warning is the answer
    warning = widget.view["tutor"]["warning"]
    assert warning["best"] == "2/off 1/off" and warning["loss"] > 1
    assert widget.game.ply == 0 and 'class="tg-best"' in widget.svg
    assert front.send("take_back")["ok"]
    assert widget.view["tutor"]["warning"] is None and widget.partial == ()
    index = widget.plays.index("2/off")
    assert front.send("play_listed", index=index)["ok"] and widget.game.ply == 0
    assert front.send("play_on")["ok"]
    assert widget.game.ply == 1 and widget.game.turns[0].notation == "2/off"
    assert not front.send("play_on")["ok"]  # no warning left to answer
    assert widget.tutor_threshold == widget.view["tutor"]["threshold"] == 0.08
    assert widget.view["tutor"]["level"] == "bad"
    widget.tutor_threshold = 0.5
    assert widget.tutor and widget.view["tutor"]["threshold"] == widget.tutor_threshold == 0.5
    assert widget.view["tutor"]["level"] is None  # a threshold of its own


def test_the_tutor_speaks_in_points_per_game_and_named_levels() -> None:
    """Issue 22 item 6: the tutor's level is a review's mark (doubtful, bad, very bad:
    GNU Backgammon's 0.04, 0.08, 0.16), its warning names what the play loses in the
    course's words, and a hint list shown stays while the tutor holds a play."""
    start = Position.build(CLASSIC, {0: {23: 1, 24: 1}, 1: {24: 1}}, dice=(2, 1))
    widget = BoardWidget(start)
    front = Front(widget)
    assert front.send("set_tutor", on=True)["ok"]
    for level, threshold in (("doubtful", 0.04), ("very bad", 0.16), ("bad", 0.08)):
        assert front.send("set_tutor_level", level=level)["ok"]
        assert widget.view["tutor"] == {
            "on": True,
            "threshold": threshold,
            "level": level,
            "warning": None,
            "cube_warning": None,
        }
    assert not front.send("set_tutor_level", level="awful")["ok"]
    assert front.send("hints")["ok"] and front.send("cancel_analysis")["ok"]
    assert widget.wait(PATIENCE)  # the rollout stopped: the hints no longer change
    hints = widget.view["analysis"]
    assert hints is not None and hints["kind"] == "hints"
    assert front.send("play_listed", index=widget.plays.index("2/off"))["ok"]
    warning = widget.view["tutor"]["warning"]
    assert warning is not None and warning["mark"] == "??" and warning["played"] == "2/off"
    text = widget.view["message"]["text"]
    assert text.startswith(f"The tutor: 2/off loses {warning['loss']:.3f} points per game")
    assert "against 2/off 1/off, a very bad play" in text and "equity" not in text
    # The list does not collapse under the pointer: the stop is by Hints' rollout of the
    # roll (the one shown, where it finished before it was cancelled, else the tutor's
    # own, with the play held among the plays rolled out), and that list stays.
    checked = widget.view["analysis"]
    assert checked is not None and checked["kind"] == "hints" and warning["by"] == "rollout"
    (row,) = (row for row in checked["hints"] if row["text"] == "2/off")
    assert row["loss"] == warning["loss"]
    assert front.send("take_back")["ok"]
    after = widget.view["analysis"]
    assert after is not None and after["hints"] == checked["hints"]


def test_bots_wait_while_an_earlier_turn_is_shown() -> None:
    widget = BoardWidget("classic", seed=4)
    for player in range(2):
        widget.set_seat(player, "heuristic")
    widget.autoplay(max_turns=4)
    assert widget.view["bot_to_move"]
    widget.step(-1)
    assert not widget.view["bot_to_move"]


# --- hostile and broken input (issue 10): refusals change nothing ---------------------


def test_a_finished_set_up_has_no_dice_and_no_plays() -> None:
    widget, front = classic_widget()
    front.send("edit", on=True)
    front.send("clear")
    assert front.send("place", player=0, where="20", count=1)["ok"]
    reply = front.send("set_setup_dice", die1=3, die2=1)
    assert not reply["ok"] and "R12" in reply["error"]["text"]
    assert front.send("edit", on=False)["ok"]  # player 1 has every checker off: it won
    assert widget.view["win"] is not None and widget.view["dice"] is None
    for action, fields in [("confirm", {}), ("roll", {}), ("set_dice", {"die1": 3, "die2": 1})]:
        reply = front.send(action, **fields)
        assert not reply["ok"] and reply["error"]["rule"] == "R12", action
    before = snapshot(widget)
    with pytest.raises(ValueError, match="R12"):
        widget.load("T1SyAAAAAAAAAAAAAAAAAAAA")
    assert snapshot(widget) == before


def test_loading_another_variant_replaces_every_per_player_setting() -> None:
    classic = BoardWidget("classic", seed=1)
    classic.set_seat(1, "heuristic")
    classic.load(Position.start(TRIGAMMON).id)
    assert classic.view["seats"] == ["human"] * 3  # seats of another game's players
    classic.set_seat(2, "random")
    assert classic.view["seats"] == ["human", "human", "random"]
    trigammon = BoardWidget("trigammon", seed=1, perspective=2)
    front = Front(trigammon)
    trigammon.load(Position.start(CLASSIC).with_dice(3, 1).id)
    assert trigammon.view["perspective"] == 1 and trigammon.view["players"] == 2
    assert front.send("move", start="17", end="20")["ok"]


@pytest.mark.parametrize(
    "source",
    [
        '{"format": "trigammon-widget/game", "version": 1, "start": {}, "names": [1, 2]}',
        "4HPwATDgc/ABMA:zzzz",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0",
        "[" * 100_000,
        "x" * 10**6,
    ],
)
def test_a_bad_source_loads_nothing(source: str) -> None:
    widget, _ = classic_widget()
    before = snapshot(widget)
    with pytest.raises(ValueError) as error:
        widget.load(source)
    assert len(str(error.value)) < 400
    assert snapshot(widget) == before


def test_a_bad_id_says_what_it_was_read_as() -> None:
    widget, _ = classic_widget()
    with pytest.raises(ValueError, match=r"GNU Backgammon ID.*position ID|position ID.*GNU"):
        widget.load("4HPwATDgc/AB!A")


def test_perspective_is_a_change_of_version_and_keeps_the_analysis() -> None:
    widget, front = classic_widget()
    version = widget.view["version"]
    widget.chances(games=4, workers=1, truncate=3, seed=1)
    assert widget.wait(PATIENCE)
    assert front.send("set_perspective", player=1)["ok"]
    assert widget.view["version"] == version + 1
    assert widget.view["analysis"] is not None


def test_odd_places_are_named_as_places() -> None:
    _, front = classic_widget()
    for place in ("²", "9" * 5000, "-3", "0"):
        reply = front.send("move", start="17", end=place[:8])
        assert not reply["ok"] and "not a point" in reply["error"]["text"]


def test_the_view_follows_every_analysis_to_its_end() -> None:
    """One writer: the analysis thread's last report is what the view shows."""
    widget, _ = classic_widget()
    for seed in range(15):
        widget.chances(games=6, workers=1, truncate=2, seed=seed, chunk=1)
        assert widget.wait(PATIENCE)
        assert widget.view["analysis"] == widget.session.view()["analysis"]
        assert widget.view["analysis"]["status"] == "done"
