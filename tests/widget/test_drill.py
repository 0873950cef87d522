"""The board's drill over the wire: the front end's intents answer a card, regrade it
and draw the next, each checked as every intent is; the view carries the drill."""

from __future__ import annotations

from pathlib import Path

from tests.widget.test_widget import Front
from trigammon_widget import CLASSIC, Cube, MatchPosition, MatchState, Position
from trigammon_widget.study import Library
from trigammon_widget.widget import BoardWidget


def test_a_drill_driven_by_the_front_end(tmp_path: Path) -> None:
    with Library(tmp_path / "study.sqlite", fuzz=False) as library:
        library.add(Position.start(CLASSIC).with_dice(6, 5), made="13/2", comment="<b>Run</b>")
        library.add(MatchPosition(Position.start(CLASSIC), Cube(), MatchState(5, (0, 0))))
        widget = BoardWidget(CLASSIC, seed=1)
        front = Front(widget)
        widget.drill(library)
        drill = widget.view["drill"]
        assert drill["card"]["question"] == "Play 6-5." and drill["verdict"] is None
        assert not front.send("answer", answer="13/10")["ok"]  # illegal with 6-5: refused
        assert not front.send("answer", answer="x" * 65)["ok"]  # longer than an intent's text
        index = widget.plays.index("13/2")
        assert front.send("play_listed", index=index)["ok"]
        verdict = widget.view["drill"]["verdict"]
        assert verdict["answer"] == "13/2" and verdict["comment"] == "<b>Run</b>"
        assert widget.view["primary"] == "next_card" and "tg-best" in widget.svg
        assert front.send("regrade", grade="hard")["ok"]
        assert not front.send("regrade", grade="perfect")["ok"]
        assert widget.view["drill"]["verdict"]["grade"] == "hard"
        stale = widget.view["version"] - 1
        assert not front.send("next_card", version=stale)["ok"]  # a stale request
        assert front.send("next_card")["ok"]
        card = widget.view["drill"]["card"]
        assert card["kind"] == "cube" and card["choices"] == ["no double", "double"]
        assert not front.send("double")["ok"]  # the drill's buttons answer a cube card
        assert front.send("answer", answer="no double")["ok"]
        assert widget.view["drill"]["verdict"]["right"]
        assert front.send("next_card")["ok"]
        assert widget.view["drill"]["card"] is None and widget.view["drill"]["done"] == 2
        assert front.send("stop_drill")["ok"] and widget.view["drill"] is None
