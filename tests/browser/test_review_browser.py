"""A game review and the tutor at the board in a real JupyterLab.

Two boards of one notebook, driven through Debian's chromium: a classic game two
random bots played (they make mistakes), analysed with the Analyse game button, its
marks in the history, the equity graph under the board and the steps from mistake to
mistake; and a bear-off where one of the two plays of 2-1 throws the game away, for
the tutor. A probe cell prints the kernel's view of each board after every gesture.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .lab_page import (
    act,
    board,
    run_probe,
    version,
    wait_done,
    wait_until,
    wait_version_after,
)
from .lab_server import centre

REVIEW, TUTOR, YOURS, SPOTLESS = range(4)
BOARDS = 4
PROBE_CELL = 4
PLIES = 16

SETUP = """\
import json
from trigammon_widget import CLASSIC, TRIGAMMON, Game, Position
from trigammon_widget.judgement.play.bots import NeuralBot, RandomBot
from trigammon_widget.judgement.play.bot_games import autoplay
from trigammon_widget.widget import BoardWidget

_probes = 0

def probe():
    global _probes
    _probes += 1
    state = {}
    for key, board in {"review": rev, "tutor": tut}.items():
        view = board.view
        state[key] = {
            "ply": view["ply"],
            "plies": view["plies"],
            "history": [entry["text"] for entry in board.history],
            "marks": [entry["mark"] for entry in board.history],
            "movers": [entry["player"] for entry in board.history],
            "review": None if view["review"] is None else view["review"]["status"],
            "tutor": view["tutor"],
            "best": 'class="tg-best"' in board.svg,
            "dice": view["dice"],
            "dice_of": [entry["dice"] for entry in board.history],
            "why": view["why"],
        }
    print("PROBE", _probes, json.dumps(state))
"""
CELLS = [
    SETUP,
    # a game of random plays, shown at its end
    f"game = Game(CLASSIC, seed=13, names=['Ann', 'Bo'])\n"
    f"autoplay(game, [RandomBot(1), RandomBot(2)], max_turns={PLIES})\n"
    "rev = BoardWidget(game)\nrev",
    # X's 2-1 bears both checkers off; 2/off alone lets O win
    "tut = BoardWidget(Position.build(CLASSIC, {0: {23: 1, 24: 1}, 1: {24: 1}}, dice=(2, 1)))\ntut",
    # the same game at a board whose person is Bo (you=1), reviewed
    "yours = BoardWidget(Game.from_json(game.to_json()), you=1)\n"
    "yours.set_seat(0, 'neural')\n"  # Ann's seat the neural bot's, from now on
    "yours.analyse()\nyours.wait()\nyours",
    "probe()",
    # the neural bot's plays for you against random players' (no cube, whose missed
    # doubles the review would mark): none of yours marked
    f"clean = Game(TRIGAMMON, seed=13, names=['Ann', 'Bo', 'Cy'])\n"
    f"autoplay(clean, [NeuralBot(), RandomBot(2), RandomBot(3)], max_turns={PLIES})\n"
    "spotless = BoardWidget(clean, you=0)\nspotless.analyse()\nspotless.wait()\nspotless",
]


NOTEBOOKS = {"review.ipynb": CELLS}


def probe(page: Any) -> dict[str, Any]:
    """What the kernel says about each board."""
    return run_probe(page, page.locator(".jp-Cell").nth(PROBE_CELL))


def shown_column(widget: Any) -> str | None:
    """The turn whose column of the equity graph is marked as shown."""
    column = widget.locator(".tgw-graph .tgw-shown")
    return column.get_attribute("data-ply") if column.count() == 1 else None


def test_analyse_game_marks_the_history_and_draws_the_graph(page: Any) -> None:
    widget = board(page, REVIEW)
    panel = widget.locator(".tgw-review-panel")
    assert panel.get_attribute("data-status") == "none"
    assert widget.locator(".tgw-graph").is_hidden()
    analyse = panel.get_by_role("button", name="Analyse game")
    analyse.click()
    wait_until(page, widget, "el.querySelector('.tgw-review-panel').dataset.status !== 'none'")
    wait_done(page, widget, "review")
    state = probe(page)["review"]
    assert state["review"] == "done" and state["ply"] == state["plies"] == PLIES
    # The panel comes up the side column, beside the board (walk 11 scrolled the board
    # out of sight stepping through it at the column's foot).
    top = panel.bounding_box()
    players = widget.locator(".tgw-players-panel").bounding_box()
    assert top is not None and players is not None and top["y"] < players["y"]
    # What judged the marks, so that Hints' rollouts are no contradiction (issue 41).
    note = panel.locator(".tgw-note").first.text_content() or ""
    assert note.startswith(
        "Judged by the net (classic-v5): plays at 0-ply, the tutor's quick look, and cube "
        "decisions at 1-ply, as Hints does; a play Hints rolled out at the board is judged by "
        "that rollout."
    ), note
    # Marks beside the moves: the history's rows show the review's, and name them.
    rows = widget.locator(".tgw-history li[data-ply]:not([data-ply='0'])")
    shown = [
        row.locator(".tgw-judged").text_content() if row.locator(".tgw-judged").count() else None
        for row in rows.all()
    ]
    assert shown == state["marks"] and any(shown)
    marked = widget.locator(".tgw-history .tgw-judged").first
    assert re.fullmatch(
        r"a (doubtful|bad|very bad) (play|cube action)", marked.get_attribute("aria-label") or ""
    )
    # The players' summaries.
    summary = panel.locator(".tgw-summary tbody tr")
    assert summary.count() == 2
    assert summary.nth(0).locator("th").text_content() == "Ann"
    mistakes = sum(mark is not None for mark in state["marks"])
    assert panel.locator("[data-role=mistakes]").text_content() == f"{mistakes} in this game"
    # PR said under the table, not only on hover (the walks did not know it), and what
    # a decision is: the players' counts differ by their forced turns (walk 29).
    assert panel.locator(".tgw-summary caption").text_content() == (
        "PR: Performance rating: 500 × the equity lost per decision (lower is better). A "  # noqa: RUF001
        "decision is a turn with a choice of play, or a cube action; a forced turn is none."
    )
    # The equity graph under the board, the shown turn's column marked.
    graph = widget.locator(".tgw-graph")
    assert graph.is_visible()
    assert graph.locator("[data-kind=turn]").count() == PLIES + 1
    assert shown_column(widget) == str(PLIES)
    # Away from a review's turn, the history's count says its board is after the turn
    # (walk 31 took it for the review's, which shows the one before).
    count = widget.locator(".tgw-history-panel .tgw-count")
    assert count.text_content() == f"after turn {PLIES} of {PLIES}"
    # Under the graph, the words of the shown turn's column, then of the column under the
    # pointer (walks 33 and 35 found only a tooltip, slow to come).
    readout = graph.locator("[data-role=graph-readout]")
    title = "el => el.querySelector('title').textContent"
    shown_words = graph.locator(f"[data-kind=turn][data-ply='{PLIES}']").evaluate(title)
    assert shown_words and readout.text_content() == shown_words
    third = graph.locator("[data-kind=turn][data-ply='3']")
    x, y = centre(page, third)
    page.mouse.move(x, y)
    words = json.dumps(third.evaluate(title))
    assert words.startswith('"3. ')
    readout_is = "el.querySelector('[data-role=graph-readout]').textContent === "
    wait_until(page, widget, readout_is + words)
    # A click on a column shows that turn as its mover's decision (issue 41 item 3): the
    # position before it, with its dice; its history row and column are the ones marked.
    before = version(widget)
    page.mouse.click(x, y)
    wait_version_after(page, widget, before)
    state = probe(page)["review"]
    assert state["ply"] == 2 and state["dice"] == state["dice_of"][2]
    assert shown_column(widget) == "3"
    assert widget.locator(".tgw-history .tgw-current").get_attribute("data-ply") == "3"
    assert panel.locator(".tgw-review-turn").get_attribute("data-ply") == "3"
    # The history says that its row shows the turn's decision, not the position after it.
    assert count.text_content() == f"turn 3 of {PLIES}, before it was played"


def test_next_and_previous_mistake_by_buttons_and_keys(page: Any) -> None:
    widget = board(page, REVIEW)  # analysed by the test above
    panel = widget.locator(".tgw-review-panel")
    marks = probe(page)["review"]["marks"]
    mistakes = [ply for ply, mark in enumerate(marks, 1) if mark]
    assert len(mistakes) >= 2
    previous = panel.get_by_role("button", name="Previous mistake")
    following = panel.get_by_role("button", name="Next mistake")
    assert following.get_attribute("title") == "Next mistake (n)"
    round_note = panel.locator("[data-role=mistakes-round]")
    act(page, widget, widget.locator(".tgw-history li[data-ply='0'] button"))
    # The buttons go round: before the first mistake the last, past the last the first
    # (walk 30 found Next greyed at the game's end, where its review opened, and walked
    # the game backwards).
    assert round_note.is_hidden()
    act(page, widget, previous)
    assert probe(page)["review"]["ply"] == mistakes[-1] - 1
    assert round_note.text_content() == "Before the first marked turn, the last again."
    act(page, widget, following)
    assert probe(page)["review"]["ply"] == mistakes[0] - 1
    assert round_note.text_content() == "After the last marked turn, the first again."
    act(page, widget, following)  # on to the second mistake: not round
    assert round_note.is_hidden()
    act(page, widget, widget.locator(".tgw-history li[data-ply='0'] button"))
    # At the start, the judged turn is the first, and says it is the one on the board
    # (walk 15 read it, under the game's count of mistakes, as one of them).
    first = panel.locator(".tgw-review-turn")
    assert first.get_attribute("data-ply") == "1"
    said = first.locator(".tgw-note").first.text_content() or ""
    assert re.fullmatch(r"On the board: turn 1, as (Ann|Bo) faced it", said), said

    # The button: the first marked turn after the one shown (the first decision, at
    # the start), as its mover faced it: the position before it, its dice, its best
    # plays and the better play drawn.
    mistakes = [ply for ply in mistakes if ply > 1]
    act(page, widget, following)
    state = probe(page)["review"]
    assert state["ply"] == mistakes[0] - 1 and state["best"]
    assert state["dice"] == state["dice_of"][mistakes[0] - 1]
    assert widget.locator(".tgw-board .tg-best").count() == 1  # dashed, beside the play made
    turn = panel.locator(".tgw-review-turn")
    assert turn.get_attribute("data-ply") == str(mistakes[0])
    assert turn.get_attribute("data-mark") == marks[mistakes[0] - 1]
    plays = turn.locator(".tgw-best-plays li")
    assert plays.first.locator(".tgw-loss").text_content() == "best"
    losses = [text for text in plays.locator(".tgw-loss").all_text_contents()[1:]]
    assert losses and all(re.fullmatch(r"\N{MINUS SIGN}\d\.\d{3}", text) for text in losses)
    played = turn.locator(".tgw-played .tgw-notation").text_content()
    assert played == state["history"][mistakes[0] - 1]
    # Every row has its points per game, the play made's too where it is not among the
    # best (walk 20), and says what it does under it, with the note on what that is.
    assert all(plays.locator(".tgw-equity").all_text_contents())
    assert plays.locator(".tgw-facts").count() == plays.count()
    assert turn.locator("[data-role=facts-note]").count() == 1
    # Why the best ranks above the play made, where that leaves fewer shots: under it.
    assert turn.locator(".tgw-why").all_text_contents() == list(state["why"].values())
    assert set(state["why"]) <= {turn.locator(".tgw-played .tgw-notation").text_content()}
    # Where the loss comes from: the chances after the best play and after the one made
    # (walk 32 read the same blot and hit count under both).
    best = plays.first.locator(".tgw-notation").text_content()
    said = turn.locator("[data-role=compared]").text_content() or ""
    figures = r"wins \d+\.\d%, loses a gammon \d+\.\d%\."
    assert re.fullmatch(
        f"After {re.escape(best or '')}: {figures} After {re.escape(played or '')}: {figures}", said
    ), said
    assert widget.locator(".tgw-history .tgw-current").get_attribute("data-ply") == str(mistakes[0])
    assert following.is_enabled()
    # Which mistake of them all it is (the fourth walk pressed on, not knowing).
    marked = [ply for ply, mark in enumerate(marks, 1) if mark]
    which = f"mistake {marked.index(mistakes[0]) + 1} of {len(marked)}"
    assert panel.locator("[data-role=mistakes]").text_content() == which

    # The keys: n the next mistake, p the one before.
    for key, ply in (("n", mistakes[1]), ("p", mistakes[0])):
        widget.locator(".tgw-status").click()  # the board has the keys (the probe took them)
        before = version(widget)
        page.keyboard.press(key)
        wait_version_after(page, widget, before)
        assert probe(page)["review"]["ply"] == ply - 1
        assert shown_column(widget) == str(ply)

    # From the game's end, where a review opens, Next goes to the first mistake, and
    # says nothing of going round (walk 32 read "the first again" at its first press).
    act(page, widget, widget.get_by_role("button", name="Last position"))
    act(page, widget, following)
    first = next(ply for ply, mark in enumerate(marks, 1) if mark)
    assert probe(page)["review"]["ply"] == first - 1
    assert panel.locator("[data-role=mistakes-round]").is_hidden()
    act(page, widget, following)  # on, off the first decision, for the tests after


def test_a_learner_steps_through_one_players_mistakes(page: Any) -> None:
    """The whose-mistakes choice (the fifth walk met everyone's mistakes mixed): with Bo
    chosen, the count and the buttons are Bo's marked plays only."""
    widget = board(page, REVIEW)  # analysed by the test above
    panel = widget.locator(".tgw-review-panel")
    state = probe(page)["review"]
    bos = [
        ply
        for ply, (mark, mover) in enumerate(zip(state["marks"], state["movers"], strict=True), 1)
        if mark and mover == 1
    ]
    assert bos and len(bos) < sum(map(bool, state["marks"]))
    whose = panel.get_by_role("combobox", name="Whose mistakes to step through")
    assert whose.input_value() == "all"  # no seat is the person's: everyone's
    assert [o.strip() for o in whose.locator("option").all_text_contents()] == [
        "Everyone's mistakes",
        "Ann's mistakes",
        "Bo's mistakes",
    ]
    act(page, widget, widget.locator(".tgw-history li[data-ply='0'] button"))
    whose.select_option(label="Bo's mistakes")
    # at the first decision: Bo's count, or which of them it is when Bo made it
    count = f"{len(bos)} mistake{'s' if len(bos) > 1 else ''}"
    shown = f"mistake 1 of {len(bos)}" if bos[0] == 1 else count
    wait_until(page, widget, f"el.querySelector('[data-role=mistakes]').textContent === '{shown}'")
    # The choice hands the keyboard to Next mistake: n steps on at once (walk 41 pressed
    # n with the focus still in the choice, and nothing happened).
    following = panel.get_by_role("button", name="Next mistake")
    assert following.evaluate("button => document.activeElement === button")
    before = version(widget)
    page.keyboard.press("n")
    wait_version_after(page, widget, before)
    state = probe(page)["review"]
    first = bos[0] if bos[0] > 1 else bos[1]
    assert state["ply"] == first - 1
    assert panel.locator("[data-role=mistakes]").text_content() == (
        f"mistake {bos.index(first) + 1} of {len(bos)}"
    )
    whose.select_option(label="Everyone's mistakes")


def test_a_person_without_a_marked_mistake_steps_through_everyones(page: Any) -> None:
    """Walk 43 opened the review on "Your mistakes: 0 in this game" with Next greyed out
    and thought nothing had happened: where the person has no marked decision, the
    review steps through everyone's, and says how many."""
    widget = board(page, SPOTLESS)
    whose = widget.get_by_role("combobox", name="Whose mistakes to step through")
    wait_until(page, widget, "el.querySelector('[data-role=mistakes]').textContent !== ''")
    assert whose.input_value() == "all"
    count = widget.locator("[data-role=mistakes]").text_content() or ""
    assert re.fullmatch(r"[1-9]\d* in this game", count), count
    assert widget.get_by_role("button", name="Next mistake").is_enabled()
    # ... and says why the list is everyone's (walk 47 read it as nothing of its own).
    note = widget.locator("[data-role=review-note]").text_content() or ""
    assert re.search(
        r" None of your [1-9]\d* decisions is marked: each lost too little to be doubtful, "
        r"so the list steps through everyone's mistakes\.$",
        note,
    ), note
    whose.select_option(label="Your mistakes")
    none = "el.querySelector('[data-role=mistakes]').textContent === '0 in this game'"
    wait_until(page, widget, none)


def test_a_board_with_a_person_steps_through_their_mistakes_first(page: Any) -> None:
    """Where the board has a person (``you``), the review steps through theirs unless
    asked for everyone's: a learner reviews their own game."""
    widget = board(page, YOURS)
    whose = widget.get_by_role("combobox", name="Whose mistakes to step through")
    assert whose.input_value() == "1"
    assert whose.locator("option:checked").text_content() == "Your mistakes"
    # Walk 13 read Olga's PR 0.0 as perfect play: a neural seat judged by its own net says
    # why its PR is 0.
    caption = widget.locator(".tgw-summary caption").text_content() or ""
    assert caption.endswith(
        "Ann: the neural bot plays the very plays the review's net prefers, so its PR is 0 "
        "by design."
    ), caption


def test_the_tutor_warns_and_the_play_is_taken_back(page: Any) -> None:
    widget = board(page, TUTOR)
    # No turn played: the history counts none (walk 34 read "before turn 1 of 0").
    assert widget.locator(".tgw-history-panel .tgw-count").text_content() == ""
    toggle = widget.get_by_role("button", name="Tutor")
    assert toggle.get_attribute("aria-pressed") == "false"
    level = widget.locator("[data-role=tutor-level]")
    assert level.is_hidden()  # the tutor's level shows while it is on
    act(page, widget, toggle)
    assert toggle.get_attribute("aria-pressed") == "true"
    assert level.is_visible() and level.input_value() == "bad"
    assert probe(page)["tutor"]["tutor"]["on"]

    # A play that throws the game away is stopped: the warning, the better play; the
    # answer has the keyboard's focus, and the warning under the board is scrolled into
    # sight on a short screen.
    page.set_viewport_size({"width": 1400, "height": 600})
    widget.evaluate("board => { board.scrollIntoView({ block: 'start' }); board.focus() }")
    before = version(widget)
    # a click that scrolls nothing, as on the Confirm button at the board's top
    widget.locator(".tgw-play", has_text=re.compile(r"^2/off$")).dispatch_event("click")
    wait_version_after(page, widget, before)
    warning = widget.locator("[data-role=tutor-warning]")
    assert warning.is_visible() and warning.get_attribute("role") == "alert"
    box = warning.bounding_box()
    page.set_viewport_size({"width": 1400, "height": 1000})
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 600, box
    assert page.evaluate("() => document.activeElement?.dataset.action") == "take-back"
    text = warning.text_content() or ""
    assert "2/off loses" in text and "points per game (a very bad play)" in text
    assert "Better: 2/off 1/off" in text
    # Checked by Hints' rollout of the roll before it stopped the play: one figure, the
    # one Hints and the review give (walks 29 and 30 met two and three).
    assert "By Hints' rollout of this roll, as its list shows." in text, text
    assert text.count("points per game") == 1, text
    # The board from its toolbar to the warning fits between JupyterLab's bars (menu,
    # tabs, the notebook's toolbar, the status bar: about 120 px) in a window of 1400 by
    # 1000, the file browser open (walk 29 scrolled to answer the tutor).
    toolbar = widget.locator(".tgw-toolbar").bounding_box()
    below = warning.bounding_box()
    assert toolbar is not None and below is not None
    assert below["y"] + below["height"] - toolbar["y"] <= 1000 - 150, (toolbar, below)
    assert widget.locator(".tgw-board .tg-best").count() == 1  # the better play, dashed
    assert widget.locator(".tgw-message").is_hidden()  # one warning, not two
    plays_note = widget.locator(".tgw-plays-panel .tgw-note").text_content() or ""
    assert plays_note == "The tutor holds this play: take it back or play it on."

    # Enter takes the play back.
    before = version(widget)
    page.keyboard.press("Enter")
    wait_version_after(page, widget, before)
    assert warning.is_hidden()
    state = probe(page)["tutor"]
    assert state["plies"] == 0 and state["tutor"]["warning"] is None and not state["best"]


def test_the_tutor_lets_the_person_play_on(page: Any) -> None:
    widget = board(page, TUTOR)  # the tutor on, after the test above
    # While the tutor checks the play, Confirm waits with it (walk 33 saw it lit for 20
    # s); the board says so on its root.
    widget.evaluate(
        """board => {
            window.checkingSeen = [];
            new MutationObserver(() => window.checkingSeen.push([board.dataset.checking,
                board.querySelector('[data-action=confirm]').disabled]))
                .observe(board, { attributes: true, attributeFilter: ['data-checking'] });
        }"""
    )
    act(page, widget, widget.locator(".tgw-play", has_text=re.compile(r"^2/off$")))
    assert ["on", True] in page.evaluate("() => window.checkingSeen")
    warning = widget.locator("[data-role=tutor-warning]")
    assert warning.is_visible()
    # Hints' rollout the tutor ran, shown while it holds the play: the play's row says
    # "held", not "played" (walk 33).
    held = widget.locator(".tgw-analysis-panel li.tgw-played .tgw-tag")
    assert held.text_content() == "held"
    act(page, widget, warning.get_by_role("button", name="Play on"))
    assert warning.is_hidden()
    state = probe(page)["tutor"]
    assert state["plies"] == 1 and state["history"] == ["2/off"]
    assert widget.locator(".tgw-history-panel .tgw-count").text_content() == "after turn 1 of 1"

    # The review lists the play the tutor stopped (walk 21: taken back, it left no
    # trace), at its turn, with the answer given last there; a click shows that turn.
    panel = widget.locator(".tgw-review-panel")
    panel.get_by_role("button", name="Analyse game").click()
    wait_done(page, widget, "review")
    stops = panel.locator("[data-role=tutor-stops]")
    assert stops.locator(".tgw-caption").text_content() == "The tutor stopped 1 play"
    item = stops.locator("li")
    assert item.count() == 1 and item.get_attribute("data-answer") == "played-on"
    said = item.text_content() or ""
    assert re.fullmatch(
        r"Turn 1 2-1: 2/off lost \d\.\d{3} against 2/off 1/off \(by Hints' rollout\); played "
        r"all the same",
        said,
    ), said
    act(page, widget, item.get_by_role("button", name="Turn 1"))
    assert probe(page)["tutor"]["ply"] == 0
    here = panel.locator("[data-role=stopped-here]").text_content() or ""
    assert here.startswith("The tutor stopped a play here: 2-1: 2/off lost ")
