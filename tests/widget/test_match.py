"""The board with the doubling cube and matches (R14): intents, view, drawing."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from tests.paths import GNUBG_FILES
from tests.waiting import PATIENCE
from tests.widget.test_widget import Front, snapshot
from trigammon_widget import (
    CLASSIC,
    Cube,
    CubeAction,
    Game,
    Match,
    MatchPosition,
    MatchState,
    Position,
)
from trigammon_widget.engine.records import match_to_dict
from trigammon_widget.judgement.cube.decision import Chances
from trigammon_widget.judgement.play.bot_games import autoplay
from trigammon_widget.judgement.play.bots import CubeBot, HeuristicBot
from trigammon_widget.widget import BoardWidget

DATA = GNUBG_FILES


def opened(**options: object) -> Game:
    """Player 1 opened 5-3 with 13/8 24/21; player 0 to roll."""
    game = Game(CLASSIC, seed=3, **options)  # type: ignore[arg-type]
    game.roll_opening([3, 5])
    game.play("13/8 24/21")
    return game


def player_lines(svg: str) -> list[str]:
    """The line under each player's name on the board: score, pips, who is to act."""
    ns = "{http://www.w3.org/2000/svg}"
    labels = ET.fromstring(svg).iter(f"{ns}g")
    return [
        [text.text or "" for text in label.iter(f"{ns}text")][-1]
        for label in labels
        if label.get("data-kind") == "player"
    ]


def test_double_take_and_pass_at_the_board() -> None:
    widget = BoardWidget(opened(match=MatchState(5, (1, 2))), names=["Ann", "Bo"])
    front = Front(widget)
    assert widget.view["cube"] == {
        "value": 1,
        "owner": None,
        "offered": False,
        "can_double": True,
        "can_answer": False,
        "decision": True,
    }
    assert widget.view["match"]["score"] == [1, 2] and widget.view["match"]["games"] == 1
    assert 'data-kind="cube"' in widget.svg and "score 1/5" in widget.svg
    before = snapshot(widget)
    refused = front.send("take")
    assert not refused["ok"] and refused["error"]["rule"] == "R14"
    assert snapshot(widget) == before
    assert front.send("double")["ok"]
    view = widget.view
    assert view["cube"]["offered"] and view["cube"]["can_answer"] and not view["can_roll"]
    assert view["message"]["text"] == "Ann doubles to 2: Bo to take or pass"
    assert not front.send("roll")["ok"]
    assert front.send("take")["ok"]
    assert widget.view["cube"] == {
        "value": 2,
        "owner": 1,
        "offered": False,
        "can_double": False,
        "can_answer": False,
        "decision": False,
    }
    assert widget.view["can_roll"]
    assert [entry["text"] for entry in widget.history] == ["24/21 13/8", "doubles to 2", "takes"]
    assert widget.history[1]["dice"] == []
    assert front.send("roll")["ok"]
    assert front.send("play_listed", index=0)["ok"]
    assert front.send("double")["ok"]  # player 1 owns the cube: it redoubles
    assert front.send("drop")["ok"]
    ended = "Bo wins 2 points (double passed)"
    assert widget.view["win"] == {
        "winner": 1,
        "points": 2,
        "ending": "drop",
        "results": [],
        "text": ended,
    }
    assert widget.view["message"]["text"] == ended
    assert not widget.view["can_roll"] and not widget.view["bot_to_move"]
    # One "game over" for the label, the buttons, the cube and the messages (issue 22 item 2)
    cube = widget.view["cube"]
    assert cube is not None and not cube["can_double"] and not cube["can_answer"]
    # The labels give the score the game leaves, as the match panel does (issue 41 item 5).
    assert player_lines(widget.svg) == [
        "score 1/5 · 160 pips",
        "score 4/5 · 159 pips · wins (double passed)",
    ]
    assert "to roll" not in widget.svg and 'class="tg-turn"' not in widget.svg
    for action in ("double", "take", "drop", "roll"):
        refused = front.send(action)
        assert not refused["ok"], action
        assert ended in refused["error"]["text"] and "player 1" not in refused["error"]["text"]


def test_a_match_at_the_board_goes_game_by_game() -> None:
    match = Match(3, names=["Ann", "Bo"], seed=6)
    widget = BoardWidget(match)
    front = Front(widget)
    assert widget.game.started  # the opening roll (R2) is made at once
    assert widget.match is not match  # the board plays its own copy
    assert not front.send("next_game")["ok"]  # the first game goes on
    assert front.send("play_listed", index=0)["ok"]  # the opening dice
    assert front.send("double")["ok"]
    assert front.send("drop")["ok"]
    view = widget.view["match"]
    assert view["total"] in ([1, 0], [0, 1]) and view["can_next_game"]
    assert front.send("next_game")["ok"]
    view = widget.view["match"]
    assert (view["game"], view["games"], view["score"]) == (1, 2, view["total"])
    assert widget.game.started and widget.view["message"]["text"].startswith("Opening roll")
    assert front.send("play_listed", index=0)["ok"]  # a turn of the second game
    assert front.send("show_game", index=0)["ok"]
    assert widget.view["match"]["game"] == 0 and widget.view["ply"] == 0
    assert front.send("goto", ply=-1)["ok"]  # stepping through a played game is fine
    refused = front.send("next_game")
    assert not refused["ok"] and "show the match's last game first" in refused["error"]["text"]
    assert not front.send("show_game", index=2)["ok"]
    assert front.send("show_game", index=1)["ok"]
    # back to the game going on, where it goes on (walk 11 found it at turn 0)
    assert widget.view["ply"] == widget.view["plies"] == len(widget.game.turns) == 1
    assert widget.match is not None
    # the match's record without the games' cursors: stepping does not change it
    assert json.loads(widget.record) == match_to_dict(widget.match, cursor=False)
    assert (
        Match.from_json(widget.record).to_dict()["games"][0]["turns"]
        == (widget.match.to_dict()["games"][0]["turns"])
    )


def test_an_earlier_game_of_a_match_is_kept_as_played() -> None:
    widget = BoardWidget(Match.from_mat((DATA / "match7.mat").read_text()))
    front = Front(widget)
    assert widget.view["match"] == {
        "length": 7,
        "score": [0, 0],
        "shown": [0, 0],
        "total": [8, 4],
        "crawford": False,
        "post_crawford": False,
        "jacoby": False,
        "game": 0,
        "games": 6,
        "over": True,
        "winner": 0,
        "can_next_game": False,
        "kept": True,
    }
    # At the first game's end, its score as the players' lines show it (the fifth walk
    # read the match's final score beside an earlier game's)
    match = widget.match
    assert match is not None
    first = match.results[0]
    assert front.send("goto", ply=len(match.games[0].turns))["ok"]
    shown = [first.points if player == first.winner else 0 for player in (0, 1)]
    assert widget.view["match"] is not None and widget.view["match"]["shown"] == shown
    assert front.send("goto", ply=0)["ok"]
    assert front.send("step", delta=5)["ok"]
    before = snapshot(widget)
    refused = front.send("play_listed", index=0)
    assert not refused["ok"] and "game 1 of the match is played" in refused["error"]["text"]
    assert snapshot(widget) == before
    assert front.send("show_game", index=2)["ok"]
    assert widget.view["match"]["crawford"]
    assert "Crawford" in widget.svg


def test_any_finished_game_of_a_match_is_reviewed_and_stepped_through() -> None:
    """Issue 22 item 3: a played game of a match is analysed from the board, its marks
    in the history; the board steps from mistake to mistake in it; and each game's
    review is kept while another game is shown. (The first game of match7, GNU
    Backgammon's self-play, where the review finds a few plays to mark.)"""
    widget = BoardWidget(Match.from_mat((DATA / "match7.mat").read_text()))
    front = Front(widget)
    assert front.send("show_game", index=0)["ok"]
    widget.analyse(workers=1)
    assert widget.wait(PATIENCE)
    review = widget.view["review"]
    assert review is not None and review["status"] == "done" and review["marked_at"]
    marks = {entry["ply"]: entry["mark"] for entry in widget.history if entry["mark"]}
    # each marked record is shown as its mover's decision: at the ply before it
    assert [ply - 1 for ply in sorted(marks)] == review["marked_at"]
    first = sorted(marks)[0]
    assert front.send("next_mistake", step=1, player=None)["ok"]
    assert widget.view["ply"] == first - 1 and widget.view["review"]["turn"]["ply"] == first
    assert widget.view["review"]["turn"]["mark"] == marks[first]
    assert front.send("step", delta=1)["ok"]
    assert front.send("next_mistake", step=-1, player=None)["ok"]
    assert widget.view["ply"] == first - 1
    assert front.send("show_game", index=1)["ok"]
    assert widget.view["review"] is None and not any(e["mark"] for e in widget.history)
    assert front.send("show_game", index=0)["ok"]  # its review is kept
    kept = widget.view["review"]
    assert kept is not None and kept["marked_at"] == review["marked_at"]
    assert {e["ply"]: e["mark"] for e in widget.history if e["mark"]} == marks
    refused = front.send("play_listed", index=0)  # reviewed, still as played
    assert not refused["ok"] and "game 1 of the match is played" in refused["error"]["text"]


@pytest.mark.parametrize(
    "source",
    [
        (DATA / "match5.mat").read_text(),
        (DATA / "match5.sgf").read_text(),
    ],
)
def test_loading_a_match_file_shows_its_first_game(source: str) -> None:
    widget = BoardWidget("trigammon")
    widget.load(source)
    assert widget.match is not None and widget.view["match"]["games"] == 3
    assert widget.view["match"]["game"] == 0 and widget.view["variant"] == "classic"


def test_loading_an_xgid_with_a_cube_shows_it() -> None:
    widget = BoardWidget("classic")
    widget.load("XGID=-b----E-C---eE---c-e----B-:1:1:1:D:3:5:0:7:10")
    assert widget.view["cube"] == {
        "value": 2,
        "owner": 0,
        "offered": True,
        "can_double": False,
        "can_answer": True,
        "decision": True,
    }
    assert widget.view["match"]["score"] == [3, 5] and widget.view["match"]["length"] == 7
    assert widget.game.match_position == MatchPosition.from_xgid(
        "XGID=-b----E-C---eE---c-e----B-:1:1:1:D:3:5:0:7:10"
    )
    widget.load(Position.start(CLASSIC).id)
    assert widget.view["cube"]["value"] == 1 and widget.view["match"] is None
    assert 'data-kind="cube"' not in widget.svg  # a money game whose cube is untouched


def test_a_bot_answers_a_persons_double() -> None:
    widget = BoardWidget(opened())
    front = Front(widget)
    assert front.send("set_seat", player=1, seat="heuristic")["ok"]
    assert front.send("double")["ok"]
    assert widget.view["bot_to_move"]
    assert front.send("bot_turn")["ok"]
    assert widget.game.turns[-1] in (CubeAction(1, "take"), CubeAction(1, "drop"))


def test_cube_bots_double_and_answer_by_the_chances() -> None:
    """A bot whose chances say it is far ahead doubles; one far behind passes."""
    game = opened()

    def ahead(position: Position) -> Chances:
        return Chances(0.9 if position.turn == 0 else 0.1)

    bot = CubeBot(HeuristicBot(), chances=ahead)
    made = autoplay(game, [bot, bot], max_turns=2)
    assert made == [CubeAction(0, "double"), CubeAction(1, "drop")]
    assert game.result() is not None and game.result().points == 1  # type: ignore[union-attr]
    assert game.cube == Cube()


def test_cube_bots_judge_long_matches_by_the_extended_table() -> None:
    long = MatchPosition(Position.start(CLASSIC), state=MatchState(31, (0, 0)))
    bot = CubeBot(HeuristicBot(), chances=lambda position: Chances(0.75))
    strong = CubeBot(HeuristicBot(), chances=lambda position: Chances(0.95))
    assert bot.double(long) and bot.take(long.double())  # the taker's 25% is enough (21%)
    assert not strong.take(long.double())


def test_a_refused_cube_action_names_the_players() -> None:
    """The engine says "player 1"; the board says the player's name (issue 22)."""
    widget = BoardWidget(Match(5, names=["Ann", "Bo"], seed=2))
    front = Front(widget)
    assert front.send("play_listed", index=0)["ok"]  # Bo's opening
    assert front.send("double")["ok"] and front.send("take")["ok"]  # Ann doubles, Bo takes
    refused = front.send("double")  # Ann to roll, but the cube is Bo's
    assert not refused["ok"] and refused["error"]["rule"] == "R14"
    assert refused["error"]["text"] == "Bo owns the cube: only its owner may double"
    assert widget.view["message"]["text"] == refused["error"]["text"]
