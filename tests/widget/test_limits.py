"""The board outside the happy path: deep variation trees, unstarted games, long
matches; every intent answered, the board never wedged."""

from __future__ import annotations

import json
import random

from tests.widget.test_widget import Front
from trigammon_widget.engine import CLASSIC, TRIGAMMON, Game
from trigammon_widget.widget import BoardWidget


def nested(depth: int) -> Game:
    """A trigammon game whose variations nest ``depth`` deep: at each turn a play, then
    back, and the line goes on along another (``tests/engine/test_records.py``)."""
    rng = random.Random(3)
    game = Game(TRIGAMMON, seed=3)
    while game.roll_opening() is None:
        pass
    while game.ply < depth:
        if game.position.dice is None:
            game.roll()
        plays = list(game.legal_plays())
        first, *others = rng.sample(plays, min(2, len(plays)))
        game.play(first)
        if others:
            game.goto(game.ply - 1)
            game.play(others[0])
    return game


def test_a_board_of_variations_nested_a_thousand_deep_stays_usable() -> None:
    """Found by the red team: at ~340 nested variations the intent was carried out, then
    answered "internal error (RecursionError); nothing was done", the view was never
    published and every later intent was refused as stale: the board was wedged."""
    widget = BoardWidget(nested(1000))
    front = Front(widget)
    assert front.send("step", delta=-1)["ok"]
    assert widget.view["ply"] == 999
    assert (
        front.send("goto", ply=500)["ok"] and front.send("switch_variation", index=0, ply=500)["ok"]
    )
    assert front.send("step", delta=1)["ok"] and widget.view["ply"] == 501
    assert Game.from_json(widget.record).to_dict()["turns"] == widget.game.to_dict()["turns"]


def test_a_board_made_from_an_unstarted_game_can_be_played() -> None:
    """Found by the red team: every intent of a board made from an unstarted ``Game``
    answered "roll the opening first"."""
    for variant in (CLASSIC, TRIGAMMON):
        widget = BoardWidget(Game(variant, seed=3))
        front = Front(widget)
        assert widget.game.started and widget.view["message"]["text"].startswith("Opening roll")
        if widget.position.dice is None:
            assert front.send("roll")["ok"]
        assert front.send("play_listed", index=0)["ok"] and widget.view["ply"] == 1
        loaded = BoardWidget()
        loaded.load(Game(variant, seed=4).to_json())
        assert loaded.game.started and Front(loaded).send("step", delta=0)["ok"]


def test_stepping_through_a_match_sends_its_record_once() -> None:
    """Found by the red team: the board re-sent the whole match record on every step."""
    from trigammon_widget.engine import Match

    match = Match(0, names=["Ann", "Bo"], seed=1)
    for _ in range(30):
        game = match.game
        while not game.started:
            game.roll_opening()
        game.resign(1)
        match.new_game()
    widget = BoardWidget(match)
    front = Front(widget)
    sent: list[str] = []
    widget.observe(lambda change: sent.append(change["new"]), names="record")
    assert front.send("show_game", index=3)["ok"]
    for _ in range(3):
        assert front.send("step", delta=1)["ok"]
        assert front.send("step", delta=-1)["ok"]
    assert sent == [] and json.loads(widget.record)["games"][3]["turns"]
