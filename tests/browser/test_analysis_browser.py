"""Hints and Chances in a real JupyterLab (issue 41): every figure says where it comes
from, the net's list stays whole while the rollout runs and is then replaced whole by
the rollout's, and a list is always in the order of the figures it shows.

One notebook holds a classic board (the opening 4-4), a trigammon board (the opening
3-3) and a probe cell that prints what the kernel holds; a test calls Python by writing
``command.py``, which the probe runs first.
"""

from __future__ import annotations

import math
import re
from itertools import pairwise
from typing import Any

from .lab_page import board, run_probe, version, wait_until, wait_version_after
from .lab_server import LabServer

MINUS = "\N{MINUS SIGN}"
CLASSIC, TRIGAMMON, CUBE = range(3)
BOARDS = 3
PROBE_CELL = 4
CUBE_DECISION = "C1AAgEcjz4BBB4PPgA:M1AAUAAgAA"
"""A 5-point match, cube centred, before the roll: gnubg 2-ply says no double, take."""
MATCH_POINT_REDOUBLE = "XGID=--a---EaD--AdC--Ad-e----A-:1:1:1:00:3:0:0:5:10"
"""The same checkers, Ann (X, on roll) 3-0 up to 5 and owning the 2-cube."""

SETUP = """\
import json
import os
from trigammon_widget import BoardWidget, Game, MatchPosition, Position, CLASSIC, TRIGAMMON

_probes = 0

def probe():
    global _probes
    _probes += 1
    if os.path.exists("command.py"):
        with open("command.py") as file:
            command = file.read()
        os.remove("command.py")
        exec(command, globals())
    boards = (("classic", c), ("trigammon", t), ("cube", m))
    state = {key: {"analysis": b.view["analysis"], "plays": b.plays, "names": b.view["names"],
                   "turn": b.view["turn"], "facts": b.view["facts"], "why": b.view["why"]}
             for key, b in boards}
    print("PROBE", _probes, json.dumps(state))
"""
CELLS = [
    SETUP,
    "c = BoardWidget(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(4, 4)), "
    "names=['Ann', 'Bob'])\nc",
    "start = Position(TRIGAMMON, Position.start(TRIGAMMON).boards, 2, (3, 3))\n"
    "t = BoardWidget(Game(TRIGAMMON, start=start), names=['Ann', 'Bo', 'Cy'])\nt",
    f"m = BoardWidget(MatchPosition.from_id({CUBE_DECISION!r}), you=0)\nm",
    "probe()",
]
NOTEBOOKS = {"analysis.ipynb": CELLS}

RECORD = """root => {
    const panel = root.querySelector(".tgw-analysis-panel");
    const seen = () => {
        const rows = [...panel.querySelectorAll(".tgw-hints-lists > .tgw-hints .tgw-hint-play")]
            .map(row => row.textContent);
        return JSON.stringify([panel.dataset.status, panel.dataset.source, rows]);
    };
    root.__shown = [seen()];
    new MutationObserver(() => {
        const now = seen();
        if (now !== root.__shown[root.__shown.length - 1]) root.__shown.push(now);
    }).observe(panel, {attributes: true, childList: true, subtree: true, characterData: true});
}"""
"""Records every state of the panel's ranked list: its status, source and rows."""


def wait_done(page: Any, widget: Any) -> None:
    wait_until(page, widget, "el.querySelector('.tgw-analysis-panel').dataset.status === 'done'")


def probe(page: Any) -> dict[str, Any]:
    return run_probe(page, page.locator(".jp-Cell").nth(PROBE_CELL))


def in_kernel(page: Any, lab: LabServer, code: str) -> dict[str, Any]:
    (lab.root / "command.py").write_text(code)
    return probe(page)


def number(text: str) -> float:
    """A figure as the board writes it ("+0.123", "best", "33.7%", a loss with a minus
    sign); "first" is the top play's loss where the rollout cannot name a best."""
    if text in ("best", "first"):
        return 0.0
    return float(text.replace(MINUS, "-").rstrip("%"))


def signed(value: float) -> str:
    """A figure as the board writes points: three decimals, signed unless nought."""
    shown = f"{abs(value):.3f}"
    return shown if abs(value) < 0.0005 else ("+" if value > 0 else MINUS) + shown


def ranked_rows(panel: Any) -> Any:
    return panel.locator(".tgw-hints-lists > .tgw-hints .tgw-hint-play")


def assert_in_order(panel: Any) -> list[tuple[float, float, float]]:
    """The ranked list's rows, checked to be best first by the equity they show, each
    losing what its equity is behind the first."""
    # read at one instant: the rollout's list may replace the net's while rows are read
    read = panel.evaluate(
        "panel => [...panel.querySelectorAll('.tgw-hints-lists > .tgw-hints .tgw-hint-play')]"
        ".map(row => ['equity', 'loss', 'win'].map("
        "part => row.querySelector('.tgw-' + part).firstChild.textContent))"
    )
    shown = [(number(equity), -number(loss), number(win)) for equity, loss, win in read]
    equities = [equity for equity, _loss, _win in shown]
    assert equities == sorted(equities, reverse=True), shown
    for equity, loss, _win in shown:
        assert abs((equities[0] - equity) - loss) <= 0.0011, shown
    return shown


def paragraphs(panel: Any) -> list[str]:
    return list(panel.locator(".tgw-note p").all_text_contents())


CUBELESS = (
    "Points per game here leave the cube and the score out, as for a cube of 1 that no one "
    "turns; the cube's advice before a roll counts them, averaged over the 36 rolls."
)
"""Under a classic board's list of plays: its cube is not in their figures (walk 35)."""


def method(panel: Any) -> list[str]:
    """How a list's figures were made, under the list (walks 33 and 34)."""
    return list(panel.locator("[data-role=method] p").all_text_contents())


def test_hints_show_the_net_then_the_rollout_each_labelled_and_in_order(
    page: Any, lab: LabServer
) -> None:
    widget = board(page, CLASSIC)
    panel = widget.locator(".tgw-analysis-panel")
    widget.evaluate(RECORD)
    panel.get_by_role("button", name="Hints").click()
    wait_until(page, widget, "el.querySelector('.tgw-analysis-panel').dataset.status === 'running'")
    # At once: every play by the net, labelled so, with the rollout's progress.
    assert paragraphs(panel)[0] == "For Ann."
    assert method(panel) == [
        "By the net (classic-v5) at 0-ply: the position as it stands, no roll looked ahead.",
        CUBELESS,
    ]
    assert panel.get_attribute("data-source") == "net"
    assert panel.locator("progress").is_visible()
    progress = panel.locator(".tgw-running .tgw-count").text_content() or ""
    assert re.fullmatch(  # an estimate: the rollout stops once the best is clear
        r"\d+ games a play so far, about [1-9]\d* expected: it stops once the best is clear",
        progress,
    ), progress
    plays = probe(page)["classic"]["plays"]
    assert ranked_rows(panel).count() == len(plays)
    assert panel.locator(".tgw-pm").count() == 0  # the net has no sampling error
    assert_in_order(panel)

    wait_done(page, widget)
    # Then the rollout's list in its place, labelled with its games and interval.
    analysis = probe(page)["classic"]["analysis"]
    source = analysis["source"]
    assert panel.get_attribute("data-source") == "rollout" == source["kind"]
    lines = paragraphs(panel)
    assert lines[0] == "For Ann."
    # The answer, then the list, then how it was made (walks 33 and 34), the verdict's
    # test in standard errors among the method (walk 47 found it too technical for the
    # verdict). Too close says what gap would name a best: walk 31 read "0.016 ± 0.012
    # apart, within the rollout's error" (the rollout asks for 3 standard errors, not the
    # ±).
    rolled = analysis["hints"]
    times = analysis["separation"]
    needed = times * rolled[1]["loss_error"]
    assert analysis["separated"] == (rolled[1]["loss"] > needed)
    assert method(panel) == [
        f"Rollout: {source['games']} games a play, each cut after {source['truncate']} turns "
        "and rated by the net (classic-v5). The luck of the dice is taken out of each game, "
        f"which narrows the ± (an interval at 95%): without that, {source['games']} games "
        f"would give up to ±{source['plain'] * 100:.1f}% on a chance to win. The ± is the "
        "dice's alone: it leaves out the net's own errors.",
        CUBELESS,
        f"The rollout names a best only when the first two are more than {times:.0f} "
        f"standard errors of their gap apart: {needed:.3f} here.",
    ]
    assert lines[-3:] == method(panel)
    # folded under its source in a line (walk 35 counted five paragraphs of method)
    fold = panel.locator("[data-role=method] details")
    assert fold.locator("summary").text_content() == (
        f"How these figures were made: a rollout of {source['games']} games a play, "
        "the dice's luck taken out of each (so a narrow ±)"
    )
    assert fold.get_attribute("open") is None
    assert panel.evaluate(
        "p => p.querySelector('.tgw-hints').compareDocumentPosition("
        "p.querySelector('[data-role=method]')) === Node.DOCUMENT_POSITION_FOLLOWING"
    )
    # A win chance's widest interval from as many plain games (walk 27 doubted ±0.1%).
    assert math.isclose(source["plain"], source["z95"] * 0.5 / math.sqrt(source["games"]))
    # The verdict in plain words; too close to call helps choose (walk 47).
    gap = f"{rolled[1]['loss']:.3f} ± {source['z95'] * rolled[1]['loss_error']:.3f}"
    assert lines[1] == (
        f"Best: {rolled[0]['text']}, ahead by {gap}: a clear lead."
        if analysis["separated"]
        else f"Too close to call: {rolled[0]['text']} and {rolled[1]['text']} are {gap} apart, "
        "too little for the rollout to tell them apart. Either is a good play."
    )
    shown = assert_in_order(panel)
    assert len(shown) == len(rolled) >= 2
    for (equity, _loss, win), row in zip(shown, rolled, strict=True):
        assert abs(equity - row["equity"]) <= 0.0005 and abs(win - 100 * row["win"]) <= 0.05
    first = ranked_rows(panel).first
    assert first.locator(".tgw-equity .tgw-pm").text_content() == (
        f"±{source['z95'] * rolled[0]['equity_error']:.3f}"
    )
    assert first.locator(".tgw-loss .tgw-pm").count() == 0  # the best loses nothing
    # Too close to call, the first is not named best (walk 32).
    top = first.locator(".tgw-loss").text_content()
    assert top == ("best" if analysis["separated"] else "first"), top
    # Under each play, what it does (walk 18 asked "why"): 4-4's best makes points.
    facts = probe(page)["classic"]["facts"]
    for row, hint in zip(ranked_rows(panel).all(), rolled, strict=True):
        said = row.locator(".tgw-facts").evaluate("cell => cell.firstChild.textContent")
        assert said == facts[hint["text"]]
    assert "makes point" in facts[rolled[0]["text"]]
    assert ranked_rows(panel).nth(1).locator(".tgw-loss .tgw-pm").count() == 1
    # Only the first row is named: a later one level with it reads 0.000 (walk 37 read
    # "first" on row 1 and "best" on row 2).
    later = (
        ranked_rows(panel)
        .locator(".tgw-loss")
        .evaluate_all("cells => cells.map(cell => cell.firstChild.textContent)")[1:]
    )
    assert all(re.fullmatch(r"0\.000|\N{MINUS SIGN}\d+\.\d{3}", text) for text in later), later
    # The plays not rolled out, apart, by the net.
    others = panel.locator(".tgw-others")
    assert others.locator("summary").text_content() == (
        f"Other plays, not rolled out ({len(plays) - len(rolled)}): "
        "each behind the best by the net (classic-v5) at 0-ply"
    )
    assert others.locator(".tgw-hint-play").count() == len(plays) - len(rolled)
    # Only how far behind the net's best: the eighth walk read a net equity above the
    # rollout's best as a better play; the two are not on one scale.
    other = others.locator(".tgw-hint-play").first
    assert other.locator(".tgw-equity").text_content() == ""
    assert other.locator(".tgw-win").text_content() == ""
    assert (other.locator(".tgw-loss").text_content() or "").startswith("−")  # noqa: RUF001

    # The learner saw two lists, never one rewritten under the pointer: the net's
    # while the rollout ran, then the rollout's.
    states = [state for state in widget.evaluate("root => root.__shown.map(JSON.parse)")]
    lists = [tuple(rows) for status, _source, rows in states if rows]
    assert len(dict.fromkeys(lists)) == 2, states
    assert [source for _status, source, rows in states if rows][-1] == "rollout"
    net = [source for status, source, _rows in states if status == "running"]
    assert set(net) == {"net"}, states


def test_trigammon_hints_and_chances_are_labelled_and_in_order(page: Any, lab: LabServer) -> None:
    widget = board(page, TRIGAMMON)
    panel = widget.locator(".tgw-analysis-panel")
    in_kernel(page, lab, "t.hints(seed=1)\n")
    wait_done(page, widget)
    state = probe(page)["trigammon"]
    assert panel.get_attribute("data-source") == "rollout"
    assert paragraphs(panel)[0] == "For Cy."
    shown = assert_in_order(panel)
    assert len(shown) == len(state["analysis"]["hints"])
    # Where a play wins more often than one ranked above it, the panel says why.
    wins = [win for _equity, _loss, win in shown]
    says = "Ranked by points per game, which counts gammons" in " ".join(paragraphs(panel))
    assert says == state["analysis"]["wins_differ"]
    if any(lower > upper for upper, lower in pairwise(wins)):
        assert says

    # Chances: the net's at once, then the rollout's, every figure with its ±.
    panel.get_by_role("button", name="Chances").click()
    wait_until(page, widget, "el.querySelector('.tgw-analysis-panel').dataset.kind === 'chances'")
    if panel.get_attribute("data-source") == "net":
        assert method(panel) == [
            "By the net (trigammon-v3) at 0-ply: the position as it stands, no roll looked ahead."
        ]
    wait_done(page, widget)
    analysis = probe(page)["trigammon"]["analysis"]
    assert analysis["source"]["kind"] == "rollout"
    # What they count: Cy's roll, played as Hints' best play (the fifth walk could not
    # tell; walks 19 and 20 read Chances below Hints' best when they counted another).
    dice = "-".join(map(str, sorted(analysis["rolled"], reverse=True)))
    assert analysis["counted"] == state["analysis"]["hints"][0]["text"]  # Hints' best
    assert paragraphs(panel)[0] == (
        f"From here, with Cy's {dice} played {analysis['counted']}, "
        "the best play by Hints' rollout."
    )
    # The board shows the position before that play: resting on it previews it (walk 38
    # read chances of a position not shown).
    counted = panel.locator("[data-role=summary] .tgw-counted")
    assert counted.text_content() == analysis["counted"]
    counted.hover()
    wait_until(page, widget, "el.classList.contains('tgw-previewing')")
    assert widget.locator(".tgw-board .tg-arrow").count() >= 1
    page.mouse.move(5, 5)
    wait_until(page, widget, "!el.classList.contains('tgw-previewing')")
    # How they were made, folded under the table (walk 36 could not follow it on top).
    assert method(panel)[0].startswith(f"Rollout: {analysis['source']['games']} games, each")
    assert panel.locator("[data-role=method] summary").text_content() == (
        f"How these figures were made: a rollout of {analysis['source']['games']} games, "
        "the dice's luck taken out of each (so a narrow ±)"
    )
    # The same dice as Hints' row for the play (walk 34 read 35 games here, 32 in Hints,
    # for one equity; walk 35 the same figures "on other dice").
    assert paragraphs(panel)[1] == (
        "They replay Hints' rollout of that play game for game, stopping at their own "
        "precision: so they are Hints' figures for it, within a few games."
    )
    best = state["analysis"]["hints"][0]
    assert abs(analysis["equities"][state["turn"]] - best["equity"]) < 0.01
    caption = panel.locator(".tgw-chances caption").text_content() or ""
    assert caption.startswith("Each bar: the win chance from the left in the player's colour")
    rows = panel.locator(".tgw-chances tr[data-player]")
    assert rows.count() == 3
    for player in range(3):
        row = rows.nth(player)
        win = row.locator(".tgw-win").evaluate("cell => cell.firstChild.textContent")
        assert win == f"{100 * analysis['wins'][player]:.1f}%"
        half = analysis["source"]["z95"] * analysis["win_errors"][player]
        assert row.locator(".tgw-win .tgw-pm").text_content() == f"±{100 * half:.1f}%"
        assert row.locator(".tgw-equity .tgw-pm").count() == 1


def test_a_cancelled_rollout_says_what_it_shows(page: Any, lab: LabServer) -> None:
    widget = board(page, CLASSIC)
    panel = widget.locator(".tgw-analysis-panel")
    in_kernel(page, lab, "c.hints(precision=0, games=100000, seconds=600, seed=2)\n")
    wait_until(page, widget, "el.querySelector('.tgw-analysis-panel').dataset.status === 'running'")
    assert panel.get_by_role("button", name="Hints").is_disabled()
    panel.get_by_role("button", name="Cancel").click()
    wait_until(
        page,
        widget,
        "el.querySelector('.tgw-analysis-panel').dataset.status === 'cancelled'",
    )
    lines = paragraphs(panel)
    if panel.get_attribute("data-source") == "rollout":
        games = probe(page)["classic"]["analysis"]["source"]["games"]
        assert f"Rollout cancelled after {games} games: partial figures." in lines
    else:
        assert "Rollout cancelled before its first games: the net's figures." in lines
    assert_in_order(panel)
    assert panel.get_by_role("button", name="Hints").is_enabled()
    # A row of the list plays its play, and the analysis of the old board goes.
    before = version(widget)
    ranked_rows(panel).first.click()
    wait_version_after(page, widget, before)
    assert probe(page)["classic"]["analysis"] is None
    assert panel.get_attribute("data-status") == "none"


def test_the_tutor_holds_a_double_too_soon_before_it_is_made(page: Any, lab: LabServer) -> None:
    """A cube action the tutor would mark is held before it is made, as a play is
    (walks 36 to 38 found the tutor silent on the cube): thinking again leaves the board
    as it was."""
    widget = board(page, CUBE)
    before = version(widget)
    in_kernel(page, lab, "m.tutor = True\n")
    wait_version_after(page, widget, before)
    double = widget.get_by_role("button", name="Double", exact=True)
    assert "a cube action that loses as much too" in (
        widget.locator("[data-action=tutor]").get_attribute("title") or ""
    )
    before = version(widget)
    double.click()
    wait_version_after(page, widget, before)
    warning = widget.locator("[data-role=tutor-warning]")
    assert warning.is_visible()
    text = warning.locator(".tgw-tutor-text").text_content() or ""
    assert re.fullmatch(
        r"The tutor: double loses \d\.\d{3} points per cube against no double "
        r"\(a (doubtful|bad|very bad) cube action\)\.",
        text,
    ), text
    assert warning.get_by_role("button", name="Double all the same").is_visible()
    assert double.is_disabled()  # held: answered, not asked again
    before = version(widget)
    warning.get_by_role("button", name="Think again").click()
    wait_version_after(page, widget, before)
    assert warning.is_hidden() and double.is_enabled()
    assert widget.get_by_role("button", name="Roll").is_enabled()
    before = version(widget)
    in_kernel(page, lab, "m.tutor = False\n")
    wait_version_after(page, widget, before)


def test_hints_before_the_roll_give_the_cubes_advice(page: Any) -> None:
    """Issue 41 §4 (R14): at a cube decision Hints gives no double, double/take and
    double/pass, the proper action and the take point, labelled with their source;
    once doubled, the taker's take and pass."""
    widget = board(page, CUBE)
    panel = widget.locator(".tgw-analysis-panel")
    hints = panel.get_by_role("button", name="Hints")
    assert widget.get_by_role("button", name="Roll").is_enabled() and hints.is_enabled()
    hints.click()
    wait_until(page, widget, "el.querySelector('.tgw-analysis-panel').dataset.kind === 'cube'")
    advice = probe(page)["cube"]["analysis"]["cube"]
    assert paragraphs(panel)[:3] == [
        "For you.",
        "By the net (classic-v5) at 1-ply: looking 1 roll ahead.",
        "Before the roll: double, or play on?",
    ]
    table = panel.locator(".tgw-cube-actions")
    shown = [row.locator("th, td").all_text_contents() for row in table.locator("tbody tr").all()]
    assert [cells[0] for cells in shown] == ["No double", "Double, take", "Double, pass"]
    for cells, row in zip(shown, advice["rows"], strict=True):
        assert number(cells[1]) == round(row["equity"], 3)
        if row["action"] == advice["best"]:
            assert cells[2] == "best"
        elif row["unanswered"]:  # walk 26 read "+2.367" here as a gain
            assert row["action"] == "double, pass" and cells[2] == "they take"
            unanswered = table.locator("tr[data-action='double, pass'] td").nth(1)
            assert (unanswered.get_attribute("title") or "").startswith("Not the doubler's")
        else:
            assert number(cells[2]) == round(row["diff"], 3)
    assert advice["best"] == "no double"  # as gnubg 2-ply has it
    assert table.locator("tr[data-best] th").text_content() == "No double"
    assert (
        panel.locator("[data-role=proper]").text_content()
        == "Proper cube action: No double, take. "
        "That is: do not double now; a double would be taken."
    )
    assert panel.locator("[data-role=proper-answer]").count() == 0  # no double to answer
    # A row above the proper one (double, pass here) says why it is not the doubler's.
    above = any(row["diff"] > 0 for row in advice["rows"] if row["action"] != advice["best"])
    note = panel.locator("[data-role=above-proper]")
    assert above and note.text_content() == (
        "Double, pass would score more, but only if the double were passed; it should be "
        "taken, so a double is worth what Double, take scores."
    )
    # The unit made concrete: the taken double on its own cube (walk 38).
    taken = next(row for row in advice["rows"] if row["action"] == "double, take")
    unit = panel.locator("[data-role=cube-unit]").text_content() or ""
    assert unit == (
        "Points per cube, with the cube now on 1, are points a game, the double counted in: "
        f"Double, take (the cube then on 2) means {signed(taken['equity'])} points a game; "
        "Double, pass, +1.000."
    )
    # A favourite's taken double below playing on says the cube changes hands (walk 38),
    # with the figures and the doubling window, under the answer (walk 47 read
    # "No double +0.143, Double, take -0.142" at 54.5% as a sign error).
    # Walk 48 read "although you are the favourite (50.0%)": said at any chance to win.
    kept = next(row for row in advice["rows"] if row["action"] == "no double")
    gives = panel.locator("[data-role=gives-away]")
    assert gives.count() == int(taken["equity"] < kept["equity"])
    if gives.count():
        wins = [f"{chance * 100:.1f}%" for chance in advice["wins"]]
        assert gives.text_content() == (
            f"Why Double, take ({signed(taken['equity'])}) scores below No double "
            f"({signed(kept['equity'])}) with you at {wins[0]} to win: the double comes early. "
            "After the take the game is played for 2, and Player O owns the cube and may "
            "redouble when the game turns. A double pays only nearer the point where Player O "
            f"should pass: Player O takes with {advice['take_point'] * 100:.1f}% or more to "
            f"win, and has {wins[1]} now."
        )
        assert (
            panel.evaluate(
                "p => p.querySelector('[data-role=proper]').nextElementSibling.dataset.role"
            )
            == "gives-away"
        )
    point = f"{advice['take_point'] * 100:.1f}%"
    assert panel.locator("[data-role=take-point]").text_content() == (
        f"Take point {point}: Player O takes with at least this chance of winning. It depends "
        "on this position's gammons (and in a match on the score), so each position has its "
        "own."
    )
    cubeless = panel.locator("[data-role=cubeless]").text_content() or ""
    # The chances as deep as the decision, in words (walk 21: "0-ply" was jargon).
    ahead = "Chances without the cube, by the net (classic-v5) looking 1 roll ahead: "
    assert cubeless.startswith(f"{ahead}You win ")
    # each side's gammons among its wins, as the review says Hints gives them (walk 24)
    gammons_won = [f"{advice['gammons'][1 - p] * 100:.1f}%" for p in range(2)]
    assert f"% ({gammons_won[0]} with a gammon), Player O wins " in cubeless
    assert cubeless.endswith(f"% ({gammons_won[1]} with a gammon).")
    # A take point pointing away from the answer is explained (walk 21).
    why = panel.locator("[data-role=take-point-why]")
    assert why.count() == int(advice["take_point_note"] is not None)
    # Points and win chance pointing different ways are explained by the gammons (walk 15).
    gammons = panel.locator("[data-role=gammons]")
    assert gammons.count() == int(advice["gammons_differ"])
    if advice["gammons_differ"]:
        assert (gammons.text_content() or "").startswith("Why the points and the win chance differ")

    # Doubled: the other player's take or pass, from their side.
    before = version(widget)
    widget.get_by_role("button", name="Double").click()
    wait_version_after(page, widget, before)
    assert panel.get_attribute("data-status") == "none"  # the old advice went
    hints.click()
    wait_until(page, widget, "el.querySelector('.tgw-analysis-panel').dataset.kind === 'cube'")
    assert paragraphs(panel)[:3] == [
        "For Player O.",
        "By the net (classic-v5) at 1-ply: looking 1 roll ahead.",
        "A double awaits its answer: take, or pass?",
    ]
    rows = panel.locator(".tgw-cube-actions tbody th").all_text_contents()
    assert rows == ["Take", "Pass"]
    assert panel.locator(".tgw-cube-actions tr[data-best] th").text_content() == "Take"
    # The answer first: "Double, take" alone read as advice to double (seventh walk).
    assert panel.locator("[data-role=proper-answer]").text_content() == "The proper answer: Take."
    # Both sides' action, under the answer: it judges the double as well (walk 10).
    assert panel.locator("[data-role=proper]").text_content() == (
        "Both sides' proper cube action: No double, take. "
        "That is: do not double now; a double would be taken."
    )

    # Taken, the cube is Player O's: no cube decision before your roll, and the panel
    # says why Hints wait (walk 11 met them greyed, unexplained).
    before = version(widget)
    widget.get_by_role("button", name="Take").click()
    wait_version_after(page, widget, before)
    assert hints.is_disabled()
    wait = (
        "Hints wait for the roll: before it they give the cube's advice only where the cube "
        "may be turned (not in the Crawford game, nor while the cube is the other side's)."
    )
    assert hints.get_attribute("title") == wait
    assert wait in paragraphs(panel)
    double = widget.get_by_role("button", name="Double", exact=True)
    assert double.is_disabled()  # and says why (walk 13)
    assert double.get_attribute("title") == (
        "The cube is the other side's: only its owner may double (R14)"
    )


def test_a_take_point_of_nothing_says_why(page: Any, lab: LabServer) -> None:
    """Walk 10: "Take point 0.0%" unexplained. Ann leads 3-0 to 5 and owns the 2-cube:
    a redouble passed gives her the 2 points she needs, so Bob takes with any chance."""
    widget = board(page, CUBE)
    before = version(widget)
    state = in_kernel(page, lab, f"m.load({MATCH_POINT_REDOUBLE!r})")
    wait_version_after(page, widget, before)
    assert state["cube"]["turn"] == 0
    panel = widget.locator(".tgw-analysis-panel")
    panel.get_by_role("button", name="Hints").click()
    wait_until(page, widget, "el.querySelector('.tgw-analysis-panel').dataset.kind === 'cube'")
    advice = probe(page)["cube"]["analysis"]["cube"]
    assert advice["take_point"] == 0
    assert panel.locator("[data-role=take-point]").text_content() == (
        "Take point 0.0%: passing loses the match, so Player O takes with any chance."
    )
    # On the 2-cube a game's points are twice the figure, the double counted in (walk
    # 39 caught a first unit note that counted the doubled cube twice).
    taken = next(row for row in advice["rows"] if row["action"] == "double, take")
    assert panel.locator("[data-role=cube-unit]").text_content() == (
        "Points per cube are per point of the cube now (2), the double counted in: Redouble, "
        f"take (the cube then on 4) means {signed(2 * taken['equity'])} points a game; "
        "Redouble, pass, +2.000."
    )


def test_hints_at_a_past_turn_mark_the_play_made(page: Any, lab: LabServer) -> None:
    """Walk 10: Hints at a past turn hid the play made under "Other plays". It is rolled
    out with the best and tagged "played"."""
    widget = board(page, CLASSIC)
    before = version(widget)
    in_kernel(
        page,
        lab,
        "c.load(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(3, 1)))\n"
        "c.play('24/21 24/23')\nc.goto(0)",
    )
    wait_version_after(page, widget, before)
    panel = widget.locator(".tgw-analysis-panel")
    panel.get_by_role("button", name="Hints").click()
    wait_done(page, widget)
    assert panel.get_attribute("data-source") == "rollout"
    played = panel.locator(".tgw-hints-lists > .tgw-hints li.tgw-played")
    assert played.count() == 1
    assert played.locator(".tgw-notation").text_content() == "24/23 24/21 played"
    assert played.locator(".tgw-tag").text_content() == "played"
    assert not panel.locator(".tgw-others li.tgw-played").count()


def test_hints_say_when_their_rollout_clears_a_play_the_tutor_stopped(
    page: Any, lab: LabServer
) -> None:
    """Walk 21: the tutor stopped 1/4(2) 12/15(2) at 3-3 as bad (0.101 at 0-ply); taken
    back, Hints' rollout put it 0.031 behind, and nothing said which to believe. At the
    line 0.08 that stop is close, and Hints' rollout decides it before the tutor stops
    it (walk 28): the play stands and the message line says why. Stopped at a stricter
    line (0.045, where 0.101 is far over) and taken back, Hints' rollout that puts it
    clearly under the tutor's line says so."""
    widget = board(page, TRIGAMMON)
    panel = widget.locator(".tgw-analysis-panel")
    before = version(widget)
    in_kernel(page, lab, "t.load(Game(TRIGAMMON, start=start))\nt.tutor = True\n")
    wait_version_after(page, widget, before)
    # Played from the list: while the tutor's rollout runs (seconds), the line says it
    # is checking; every text the line shows is kept, so a brief one is not missed.
    widget.evaluate(
        """board => {
            const line = board.querySelector('.tgw-message');
            window.shownOnLine = [];
            new MutationObserver(() => window.shownOnLine.push(line.textContent))
                .observe(line, { childList: true, subtree: true, characterData: true });
        }"""
    )
    before = version(widget)
    # V's play, with the board's numbers beside it in brackets.
    widget.locator(".tgw-play", has_text=re.compile(r"^1/4\(2\) 12/15\(2\)(\s|$)")).click()
    wait_version_after(page, widget, before)
    checking = "The tutor is checking this play with Hints' rollout; a bad one takes a few seconds…"
    assert checking in page.evaluate("() => window.shownOnLine")
    assert widget.locator("[data-role=tutor-warning]").is_hidden()
    # Before the next roll, one line for the panel's two buttons (walk 40 read two).
    assert paragraphs(panel) == [
        "Hints wait for the roll, then rank the plays of the dice rolled; Chances give every "
        "player's odds from here."
    ]
    message = widget.locator(".tgw-message").text_content() or ""
    assert re.search(
        r"1/4\(2\) 12/15\(2\) \(.+? on this board(, counting on from 1 past 36)?\)\. "
        r"The tutor checked it with Hints' "
        r"rollout: it loses 0\.0\d\d ± "
        r"0\.0\d\d points per game against 12/18\(2\), under the tutor's 0\.080 line, so it "
        r"stands\.",
        message,
    ), message

    before = version(widget)
    in_kernel(
        page,
        lab,
        "t.load(Game(TRIGAMMON, start=start))\nt.tutor_threshold = 0.045\n"
        "t.play('1/4(2) 12/15(2)')\nt.take_back()\nt.tutor_threshold = 0.08\nt.hints(seed=1)\n",
    )
    wait_version_after(page, widget, before)
    wait_done(page, widget)
    state = probe(page)["trigammon"]["analysis"]
    mine = next(row for row in state["hints"] if row["text"] == "1/4(2) 12/15(2)")
    half = state["source"]["z95"] * mine["loss_error"]
    said = " ".join(paragraphs(panel))
    cleared = "So by this rollout it is not a bad play: it loses less than the 0.08"
    assert (cleared in said) == (mine["loss"] + half < 0.08), said
    assert mine["loss"] + half < 0.08  # as walk 21 found it, by a wide margin
    # Where its loss comes from, in the rollout's chances (walk 32).
    top = state["hints"][0]
    compared = (
        f"After {top['text']}: wins {100 * top['win']:.1f}%, loses a gammon "
        f"{100 * top['gammon']:.1f}%. After 1/4(2) 12/15(2): wins {100 * mine['win']:.1f}%, "
        f"loses a gammon {100 * mine['gammon']:.1f}%."
    )
    assert compared in paragraphs(panel), said

    # The review at that turn lists the play taken back beside the best plays, with its
    # loss by the same rollout (walk 32 read it in the stop's note, nowhere in the list).
    before = version(widget)
    in_kernel(
        page,
        lab,
        "t.load(Game(TRIGAMMON, start=start))\nt.play('1/4 17/26')\nt.take_back()\n"
        "t.play('12/18(2)')\nt.analyse(workers=1)\nt.wait()\nt.goto(0)\n",
    )
    wait_version_after(page, widget, before)
    review = widget.locator(".tgw-review-turn")
    wait_until(page, widget, "el.querySelector('.tgw-review-turn') !== null")
    assert "The tutor stopped a play here" in (review.text_content() or "")
    tried = review.locator(".tgw-best-plays li", has_text="taken back")
    assert tried.count() == 1
    assert (tried.locator(".tgw-notation").text_content() or "") == "1/4 17/26"
    assert re.fullmatch(r"\N{MINUS SIGN}0\.\d{3}", tried.locator(".tgw-loss").text_content() or "")


def test_a_slow_tutors_check_keeps_confirm_waiting_until_it_answers(
    page: Any, lab: LabServer
) -> None:
    """Walk 39, on a cold board: the tutor's check took 14 s, its reply was taken as lost
    at the usual 10 s, and Confirm was lit again for seconds before the tutor held the
    play. A tutored play's reply may take as long as a rollout may run."""
    widget = board(page, CLASSIC)
    before = version(widget)
    slow = (
        "import time\n"
        "c.load(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(4, 4)))\nc.tutor = True\n"
        "_check = c._session._tutor_check\n"
        "c._session._tutor_check = lambda *a: (time.sleep(11.5), _check(*a))[1]\n"
    )
    in_kernel(page, lab, slow)
    wait_version_after(page, widget, before)
    widget.evaluate(
        """board => {
            window.checkingEnds = [];
            new MutationObserver(() => {
                if (board.dataset.checking === undefined)
                    window.checkingEnds.push(Number(board.dataset.version));
            }).observe(board, { attributes: true, attributeFilter: ["data-checking"] });
        }"""
    )
    before = version(widget)
    widget.locator(".tgw-play").first.click()
    wait_version_after(page, widget, before)  # a condition; its ceiling is the page's
    ends = page.evaluate("() => window.checkingEnds")
    assert ends and min(ends) > before, ends  # never ended before Python's answer
    assert "no reply" not in (widget.locator(".tgw-message").text_content() or "")
    before = version(widget)
    in_kernel(page, lab, "del c._session._tutor_check\nc.tutor = False\n")
    wait_version_after(page, widget, before)


def test_hints_say_why_the_first_beats_a_play_that_leaves_fewer_shots(
    page: Any, lab: LabServer
) -> None:
    """Walk 42 at the trigammon 6-3: the first play leaves a blot hit by more rolls than
    the second's, and nothing said why. Under the highest play below the first that
    leaves fewer shots, the two plays' round ahead: how often each is hit, and what it
    is worth then and otherwise."""
    widget = board(page, TRIGAMMON)
    panel = widget.locator(".tgw-analysis-panel")
    opening = "Game(TRIGAMMON, start=Position.start(TRIGAMMON).with_dice(6, 3))"
    in_kernel(page, lab, f"t.load({opening})\nt.hints(seed=1)\n")
    wait_done(page, widget)
    state = probe(page)["trigammon"]
    first = state["analysis"]["hints"][0]["text"]
    assert len(state["why"]) == 1, state["why"]
    ((safer, said),) = state["why"].items()
    # Where the list cannot tell the two apart, the play stands level with the first
    # (walk 44 read "too close to call" above "why 1/10 ranks above").
    second = state["analysis"]["hints"][1]["text"]
    level = safer == second and not state["analysis"]["separated"]
    ranks = "stands level with" if level else "ranks above"
    assert said.startswith(f"Why {first} {ranks} {safer} though it leaves more shots"), said
    row = ranked_rows(panel).filter(has=page.locator(".tgw-notation", has_text=safer))
    assert row.locator(".tgw-why").text_content() == said
    assert row.locator(".tgw-why").is_visible()
    assert ranked_rows(panel).locator(".tgw-why").count() == 1
    in_kernel(page, lab, "t.load(Game(TRIGAMMON, start=start))\n")
