"""The doubling cube and match play (R14) on the board in a real JupyterLab.

Three boards of one notebook, driven through Debian's chromium: a 5-point match
between two people (doubling, taking, passing, the next game), the Crawford game of a
3-point match (no doubling), and a match whose Crawford game is over (post-Crawford
play). A probe cell prints the kernel's view of each board after every gesture.
"""

from __future__ import annotations

from typing import Any

from .lab_page import act, board, run_probe

MATCH, CRAWFORD, POST = range(3)
BOARDS = 3
PROBE_CELL = 4

SETUP = """\
import json
from trigammon_widget import Match
from trigammon_widget.widget import BoardWidget

_probes = 0

def probe():
    global _probes
    _probes += 1
    state = {}
    for key, board in {"match": m, "crawford": cr, "post": pc}.items():
        view = board.view
        state[key] = {
            "turn": view["turn"],
            "dice": view["dice"],
            "cube": view["cube"],
            "match": view["match"],
            "win": view["win"],
            "history": [entry["text"] for entry in board.history],
        }
    print("PROBE", _probes, json.dumps(state))

def to_crawford(games):
    \"\"\"A 3-point match Ann leads 2-0: player 1 resigned twice; ``games`` more are
    played: in the Crawford game Ann resigns.\"\"\"
    match = Match(3, names=["Ann", "Bo"], seed=8)
    for resigner in (1, 1, 0)[: 2 + games]:
        match.game.resign(1, player=resigner)
        if not match.is_over() and resigner:
            match.new_game()
    return match
"""
CELLS = [
    SETUP,
    "m = BoardWidget(Match(5, names=['Ann', 'Bo'], seed=4))\nm",
    "cr = BoardWidget(to_crawford(0))\ncr",
    "pc = BoardWidget(to_crawford(1))\npc",
    "probe()",
]


NOTEBOOKS = {"match.ipynb": CELLS}


def probe(page: Any) -> dict[str, Any]:
    """What the kernel says about each board."""
    return run_probe(page, page.locator(".jp-Cell").nth(PROBE_CELL))


def press(page: Any, widget: Any, name: str) -> None:
    """Clicks the button ``name`` and waits for Python's answer."""
    act(page, widget, widget.get_by_role("button", name=name, exact=True))


def play_first(page: Any, widget: Any) -> None:
    """The person to move rolls if they must, then plays the first listed play."""
    if widget.get_by_role("button", name="Roll", exact=True).is_enabled():
        press(page, widget, "Roll")
    act(page, widget, widget.locator(".tgw-play").first)


def cube_drawn(widget: Any) -> dict[str, str | None]:
    cube = widget.locator(".tgw-board [data-kind=cube]")
    return {key: cube.get_attribute(f"data-{key}") for key in ("value", "owner", "offered")}


def test_double_take_redouble_and_pass(page: Any) -> None:
    widget = board(page, MATCH)
    buttons = {
        name: widget.get_by_role("button", name=name, exact=True)
        for name in ("Double", "Take", "Pass")
    }
    state = probe(page)["match"]
    assert state["cube"]["value"] == 1 and state["match"]["length"] == 5
    assert cube_drawn(widget) == {"value": "1", "owner": "centre", "offered": "false"}
    assert buttons["Double"].is_disabled()  # the opening dice are rolled (R2)
    play_first(page, widget)
    doubler = probe(page)["match"]["turn"]
    taker = 1 - doubler
    assert buttons["Double"].is_enabled() and buttons["Take"].is_disabled()

    press(page, widget, "Double")
    state = probe(page)["match"]
    assert state["cube"]["offered"] and state["cube"]["can_answer"]
    assert buttons["Take"].is_enabled() and buttons["Pass"].is_enabled()
    assert widget.get_by_role("button", name="Roll", exact=True).is_disabled()
    assert "doubles to 2" in (widget.locator(".tgw-status").text_content() or "")
    assert cube_drawn(widget) == {"value": "2", "owner": "centre", "offered": "true"}

    press(page, widget, "Take")
    state = probe(page)["match"]
    assert state["cube"] == {
        "value": 2,
        "owner": taker,
        "offered": False,
        "can_double": False,
        "can_answer": False,
        "decision": False,
    }
    assert state["history"][-2:] == ["doubles to 2", "takes"]
    assert cube_drawn(widget) == {"value": "2", "owner": str(taker), "offered": "false"}
    assert "Cube 2" in (widget.locator(".tgw-match-panel").text_content() or "")

    play_first(page, widget)  # the doubler rolls and plays; the taker owns the cube
    assert buttons["Double"].is_enabled()
    press(page, widget, "Double")  # a redouble to 4
    press(page, widget, "Pass")
    state = probe(page)["match"]
    win = state["win"]
    assert (win["winner"], win["points"], win["ending"], win["results"]) == (taker, 2, "drop", [])
    assert state["history"][-2:] == ["doubles to 4", "passes"]
    assert state["match"]["total"][taker] == 2 and state["match"]["can_next_game"]
    status = widget.locator(".tgw-status").text_content() or ""
    assert "wins 2 points (double passed)" in status
    panel = widget.locator(".tgw-match-panel")
    assert "Match to 5" in (panel.text_content() or "")

    # The eighth walk looked back at the game and found no Next game: it stays offered.
    press(page, widget, "Previous turn")
    assert probe(page)["match"]["match"]["kept"]
    assert widget.get_by_role("button", name="Next game", exact=True).is_visible()
    press(page, widget, "Next game")
    state = probe(page)["match"]
    assert state["match"]["game"] == 1 and state["match"]["score"] == state["match"]["total"]
    assert state["cube"]["value"] == 1 and state["win"] is None
    # The game going on is "Game 2" ("Game 2 of 2" read as a match of two games).
    assert "Game 2" in (panel.text_content() or "") and "of 2" not in (panel.text_content() or "")

    # Back in the first game, stepping through is fine; playing on is not.
    press(page, widget, "Show the previous game")
    assert probe(page)["match"]["match"]["game"] == 0
    assert "Game 1 of 2 so far" in (panel.text_content() or "")
    status = widget.locator(".tgw-status").text_content() or ""
    assert "a played game of the match, kept as played" in status  # shown at its start
    assert widget.get_by_role("button", name="Double", exact=True).is_disabled()
    # The seventh walk could check an old cube decision only by Analyse game: Hints look
    # at a played game's turns too, the redouble's answer here; Take stays off.
    press(page, widget, "Last position")
    press(page, widget, "Previous turn")  # the redouble, before its answer
    assert probe(page)["match"]["cube"]["decision"]
    assert widget.get_by_role("button", name="Take", exact=True).is_disabled()
    # The ninth walk read the old double as a question asked now: it says it is kept.
    status = widget.locator(".tgw-status").text_content() or ""
    assert "doubles to 4" in status and "a played game of the match, kept as played" in status
    widget.get_by_role("button", name="Hints", exact=True).click()  # a look: no new version
    advice = widget.locator(".tgw-cube-advice")
    advice.wait_for()
    assert "The proper answer:" in (advice.text_content() or "")
    press(page, widget, "Show the following game")
    assert probe(page)["match"]["match"]["game"] == 1


def test_no_doubling_in_the_crawford_game(page: Any) -> None:
    widget = board(page, CRAWFORD)
    state = probe(page)["crawford"]
    assert state["match"]["crawford"] and state["match"]["score"] == [2, 0]
    panel = widget.locator(".tgw-match-panel").text_content() or ""
    assert "Crawford game" in panel and "Ann 2" in panel and "Bo 0" in panel
    assert "2/3 · Crawford" in (widget.locator(".tgw-board").text_content() or "")
    play_first(page, widget)
    state = probe(page)["crawford"]
    assert state["cube"]["can_double"] is False and state["dice"] is None
    assert widget.get_by_role("button", name="Double", exact=True).is_disabled()
    assert widget.get_by_role("button", name="Roll", exact=True).is_enabled()


def test_post_crawford_the_trailer_may_double(page: Any) -> None:
    widget = board(page, POST)
    state = probe(page)["post"]
    assert state["match"]["crawford"] and state["win"]["ending"] == "resignation"
    # The seventh walk read "Crawford game" beside a finished game's score: a game over
    # is past its stage, in the panel as on the board's lines.
    panel = widget.locator("[data-role=match-score]").text_content() or ""
    lines = widget.locator(".tgw-board").text_content() or ""
    assert "Crawford" not in panel and "· Crawford" not in lines
    press(page, widget, "Next game")
    state = probe(page)["post"]
    assert state["match"]["post_crawford"] and not state["match"]["crawford"]
    assert "post-Crawford" in (widget.locator(".tgw-match-panel").text_content() or "")
    play_first(page, widget)
    assert widget.get_by_role("button", name="Double", exact=True).is_enabled()
    press(page, widget, "Double")
    assert probe(page)["post"]["cube"]["offered"]


def test_an_earlier_game_shows_its_score_and_the_match_score_now(page: Any) -> None:
    """The fifth walk read the match's final score beside an earlier game's labels: the
    panel says the score as the board's lines do, and the match's score now beside it."""
    widget = board(page, CRAWFORD)
    press(page, widget, "Show the previous game")
    state = probe(page)["crawford"]["match"]
    assert state["game"] == 1 and state["total"] == [2, 0]
    shown = state["shown"]
    assert shown != state["total"]
    lines = widget.locator(".tgw-board").text_content() or ""
    assert f"{shown[0]}/3" in lines and f"{shown[1]}/3" in lines
    score = widget.locator("[data-role=match-score]").text_content() or ""
    assert score == f"Match to 3: Ann {shown[0]} – Bo {shown[1]} · now Ann 2 – Bo 0", score  # noqa: RUF001
    press(page, widget, "Show the following game")
    score = widget.locator("[data-role=match-score]").text_content() or ""
    assert score == "Match to 3: Ann 2 – Bo 0 · Crawford game", score  # noqa: RUF001
