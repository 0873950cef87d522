"""What a user does first with an installed trigammon-widget, run by scripts/check_wheel.py
in a fresh venv, outside any checkout and with no Node.js on PATH: draw a board, list the
legal plays, play a bot game, ask for hints, make a board widget. Prints one line a step;
any failure raises."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import trigammon_widget
from trigammon_widget import (
    CLASSIC,
    TRIGAMMON,
    BoardWidget,
    Game,
    HeuristicBot,
    Position,
    autoplay,
    board_svg,
)
from trigammon_widget.judgement.evaluation import hints

assert shutil.which("node") is None and shutil.which("npm") is None, "Node.js is on PATH"
installed = Path(trigammon_widget.__file__).resolve()
assert "site-packages" in installed.parts, f"not the installed package: {installed}"
print(f"trigammon-widget {trigammon_widget.__version__} on Python {sys.version.split()[0]}")

with tempfile.TemporaryDirectory() as folder:
    picture = Path(folder) / "start.svg"
    board_svg(Position.start(TRIGAMMON)).save(picture)
    drawn = picture.read_text(encoding="utf-8")
assert "<svg" in drawn and drawn.rstrip().endswith("</svg>"), drawn[:80]
print(f"board drawn: {len(drawn):,} characters of SVG")

opening = Position.start(CLASSIC).with_dice(3, 1)
plays = [opening.format_play(play) for play in opening.legal_plays()]
assert len(plays) == 16 and "8/5 6/5" in plays, plays
print(f"legal plays of the opening 3-1: {len(plays)}, e.g. {plays[:3]}")

game = Game(TRIGAMMON, seed=5)
autoplay(game, [HeuristicBot(), HeuristicBot(), HeuristicBot()])
assert game.result() is not None
print(f"bot game: {game.result()} after {len(game.turns)} turns")

ranked = hints(opening)
assert ranked[0].notation == "8/5 6/5", ranked[0]
print(f"hints: {[(hint.notation, round(hint.equity, 3)) for hint in ranked[:3]]}")

board = BoardWidget("classic", seed=1)  # a new game starts with its opening roll
assert len(board.legal_plays) > 0, "the widget's board has no legal plays after its roll"
bundle = installed.parent / "static"
assert "export" in (bundle / "widget.js").read_text() and (bundle / "widget.css").exists()
print(f"widget: {len(board.legal_plays)} legal plays after its opening roll; bundle shipped")
