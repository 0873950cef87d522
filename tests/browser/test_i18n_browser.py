"""A board in Spanish in a real JupyterLab: its buttons, a refusal, a hint and a turn,
every word from the catalogues (``BoardWidget(..., language="es")``).

One classic board of one notebook, driven through Debian's chromium: player 0 (Ana)
has all fifteen checkers on point 13 with 3-1 to play, and Bo holds point 10 with two
checkers, so a 3 from 13 is refused (R6). A probe cell prints the kernel's view.
"""

from __future__ import annotations

import re
from typing import Any

from .lab_page import act, board, click, run_probe, top_checker, wait_until

BOARDS = 1
PROBE_CELL = 2

SETUP = """\
import json
from trigammon_widget import CLASSIC, Game, Position
from trigammon_widget.widget import BoardWidget

_probes = 0

def probe():
    global _probes
    _probes += 1
    view = es.view
    state = {
        "plies": len(es.game.turns),
        "turn": view["turn"],
        "targets": view["targets"],
        "message": view["message"],
        "history": [entry["text"] for entry in es.history],
        "separated": (view["analysis"] or {}).get("separated"),
    }
    print("PROBE", _probes, json.dumps(state))
"""
CELLS = [
    SETUP,
    "start = Position.build(CLASSIC, {0: {12: 15}, 1: {10: 2, 1: 13}}, dice=(3, 1))\n"
    "es = BoardWidget(Game(CLASSIC, start=start, names=['Ana', 'Bo']), language='es')\nes",
    "probe()",
]
NOTEBOOKS = {"spanish.ipynb": CELLS}


def probe(page: Any) -> dict[str, Any]:
    return run_probe(page, page.locator(".jp-Cell").nth(PROBE_CELL))


def test_a_spanish_board_refuses_hints_and_plays_in_spanish(page: Any) -> None:
    widget = board(page, 0)
    # The toolbar and the status line speak Spanish.
    assert widget.get_attribute("aria-label") == "Tablero de backgammon"
    assert widget.get_by_role("button", name="Tirar").is_disabled()  # the dice are set
    assert widget.get_by_role("button", name="Confirmar").count() == 1
    # The status line opens with a capital (issue 41: it read "mueve Ana").
    assert (widget.locator(".tgw-status").text_content() or "").strip().startswith("Ana mueve")

    # A 3 from point 13 lands on Bo's point 10: refused with the rule, in Spanish.
    state = probe(page)
    assert "15" not in state["targets"].get("12", [])
    click(page, top_checker(widget, "12"))
    click(page, widget.locator('[data-kind=stack][data-point="15"]').first)
    message = widget.locator(".tgw-message[data-kind=error]")
    message.wait_for()
    assert message.locator(".tgw-rule strong").text_content() == "R6"
    assert message.locator(".tgw-rule").text_content() == "R6 Dónde caer"  # its card's name
    assert "la casilla 10 está bloqueada por dos o más fichas adversarias" in message.text_content()
    assert probe(page)["plies"] == 0  # nothing changed

    # A hint: the evaluator's ranking at once, in Spanish numbers (decimal comma).
    panel = widget.locator(".tgw-analysis-panel")
    panel.get_by_role("button", name="Pistas").click()
    wait_until(page, widget, "el.querySelectorAll('.tgw-hint-play').length > 0")
    if panel.get_attribute("data-status") == "running":
        panel.get_by_role("button", name="Cancelar").click()
    wait_until(
        page,
        widget,
        "['cancelled', 'done'].includes(el.querySelector('.tgw-analysis-panel').dataset.status)",
    )
    rows = panel.locator(".tgw-hint-play")
    best = rows.first.text_content() or ""
    close = probe(page)["separated"] is False  # "primera": no best named
    assert ("primera" if close else "mejor") in best and re.search(r"\d,\d{3}", best), best
    note = panel.locator(".tgw-note p").all_text_contents()
    assert note[0] == "Para Ana.", note
    method = panel.locator("[data-role=method] p").all_text_contents()
    if panel.get_attribute("data-source") == "net":
        assert method[0] == (
            "Según la red (classic-v5), a 0-ply: la posición tal como está, sin mirar ninguna "
            "tirada adelante."
        ), method
    else:
        assert method[0].startswith("Rollout: "), method
    if panel.get_attribute("data-status") == "cancelled":
        assert any(line.startswith("Rollout cancelado ") for line in note), note

    # The best play made from its row; then Bo rolls, in Spanish.
    act(page, widget, rows.first)
    state = probe(page)
    assert state["plies"] == 1 and state["message"]["text"].startswith("Ana tiró ")
    assert (widget.locator(".tgw-status").text_content() or "").strip().startswith("Bo tira")
    act(page, widget, widget.get_by_role("button", name="Tirar"))
    text = probe(page)["message"]["text"]
    assert re.fullmatch(r"Bo tiró \d-\d", text), text
    assert widget.get_by_role("heading", name="Historial").count() == 1
