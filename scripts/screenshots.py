"""Screenshots of every panel of the board, in both variants and both themes.

``python scripts/screenshots.py [FOLDER]`` (default ``build/screenshots``) starts a
JupyterLab on a scratch notebook per variant and theme, opens it in Debian's Chromium,
puts each board in one state a learner meets (a turn with a checker picked up and its
targets lit, hints, chances, the tutor's warning, a review with its graph, a match with
the cube, variations, the editor, the export menu, a drill's card, its verdict and its
summary) and writes one PNG per board and
state: ``<variant>-<theme>-<panel>.png``. They are for a person to look at, on a
projector's terms: every number labelled, every colour distinct, nothing cut off.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.lab_server import (  # noqa: E402
    CHROMIUM_ARGS,
    CHROMIUM_PATH,
    KERNEL_IDLE,
    LabServer,
    write_notebook,
)

VARIANTS = ("trigammon", "classic")
ERROR = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
"""A cell's error output (a traceback)."""
THEMES = ("light", "dark")

SETUP = """\
from trigammon_widget import BoardWidget, Game, Match, find_variant
from trigammon_widget.judgement.play.bots import HeuristicBot, RandomBot
from trigammon_widget.judgement.evaluation import hints as ranked
from trigammon_widget.judgement.play.bot_games import autoplay

VARIANT, THEME = {variant!r}, {theme!r}
variant = find_variant(VARIANT)
NAMES = ["Ann", "Bo", "Cy"][: variant.players]

def played(turns, seed):
    game = Game(variant, seed=seed, names=NAMES)
    bots = [HeuristicBot(), *[RandomBot(seed)] * (variant.players - 1)]
    autoplay(game, bots, max_turns=turns)
    return game

def board(source=VARIANT, **options):
    options.setdefault("names", None if isinstance(source, (Game, Match)) else NAMES)
    return BoardWidget(source, theme=THEME, **options)
"""

PANELS: dict[str, str] = {
    "play": """\
b = board(seed=3)
if b.position.dice is None:
    b.roll()
b""",
    "hints": """\
b = board(seed=4)
if b.position.dice is None:
    b.roll()
b.hints(seed=1)
b.wait(120)
b""",
    "hints-running": """\
b = board(seed=4)
if b.position.dice is None:
    b.roll()
b.hints(seed=1, precision=0, seconds=60, workers=1)  # still rolling out when shot
b""",
    "chances": """\
b = board(played(6, 5))
b.chances(seed=1)
b.wait(120)
b""",
    "tutor": """\
b = board(seed=6)
b.tutor = True
if b.position.dice is None:
    b.roll()
b.play(ranked(b.position)[-1].play)
b""",
    "review": """\
b = board(played(16, 7))
b.analyse(workers=1)
b.wait(300)
b.next_mistake()  # the first marked decision, as the mover faced it
b""",
    "match": """\
if VARIANT == "classic":
    m = Match(5, names=NAMES, seed=8)
    m.game.roll_opening([3, 5])
    m.game.play("13/8 24/21")
    m.game.double()
    m.game.take()
else:
    m = Match(3, "trigammon", names=NAMES, seed=8)
    autoplay(m.game, [HeuristicBot()] * 3, max_turns=4)
b = board(m)
b""",
    "variations": """\
game = played(6, 9)
game.goto(3)
if game.position.dice is None:
    game.roll()
recorded = game.turns[3].notation
game.play(next(p for p in game.legal_plays() if game.position.format_play(p) != recorded))
game.goto(3)
b = board(game)
b""",
    "edit": """\
b = board(seed=10)
b.edit(True)
b""",
    "export": """\
b = board(played(8, 11))
b""",
    "drill": """\
import pathlib, tempfile
from trigammon_widget.judgement.analysis import analyse
from trigammon_widget.study import Library
library = Library(pathlib.Path(tempfile.mkdtemp()) / "study.sqlite")
library.add_mistakes(analyse(played(60, 12), workers=1), 1, tags=["my games"])
b = board()
b.drill(library)
b""",
    "drill-verdict": """\
b = board()
b.drill(library)
card = b.session.drilling.card
library.set_comment(card, "Count the shots before you split!")
b.answer(card.made)
b""",
    "drill-summary": """\
b = board()
b.drill(library, limit=1)
b.answer(b.session.drilling.card.best[0].text)
b.next_card()
b""",
}
"""The code of each panel's board, in the notebook of one variant and theme."""


def pick_a_checker(widget: Any) -> None:
    """Click a checker that can move: its targets light up."""
    checker = widget.locator(".tgw-movable[data-kind=stack] [data-kind=checker]").last
    if checker.count():
        checker.click()


def open_export(widget: Any) -> None:
    widget.locator(".tgw-export-toggle").click()


def hover_a_hint(widget: Any) -> None:
    """Rest on the second hint: the board previews it."""
    rows = widget.locator(".tgw-hint-play")
    if rows.count() > 1:
        rows.nth(1).hover()
        widget.page.wait_for_timeout(600)


BEFORE: dict[str, Callable[[Any], None]] = {
    "play": pick_a_checker,
    "export": open_export,
    "hints": hover_a_hint,
}
"""What a person does in the page before a panel's picture is taken."""


def shoot(folder: Path, only: Sequence[str] = ()) -> list[Path]:
    """The pictures, written into ``folder``; ``only``: these panels (default: all)."""
    from playwright.sync_api import sync_playwright

    panels = {name: code for name, code in PANELS.items() if not only or name in only}
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as pw:
        root = Path(scratch)
        names = []
        for variant in VARIANTS:
            for theme in THEMES:
                name = f"{variant}-{theme}.ipynb"
                cells = [SETUP.format(variant=variant, theme=theme), *panels.values()]
                write_notebook(root / name, cells)
                names.append(name)
        browser = pw.chromium.launch(
            executable_path=str(CHROMIUM_PATH), headless=True, args=CHROMIUM_ARGS
        )
        with LabServer(root) as lab:
            for name in names:
                # tall enough that a board is seen whole, the notebook's bars away from it
                page = browser.new_page(viewport={"width": 1400, "height": 2400})
                page.goto(lab.url(f"/lab/workspaces/{name.removesuffix('.ipynb')}/tree/{name}"))
                page.get_by_text(KERNEL_IDLE).wait_for(timeout=120_000)
                page.locator(".jp-Notebook").first.click()
                page.get_by_role("menuitem", name="Run", exact=True).click()
                page.get_by_text("Run All Cells", exact=True).click()
                boards = page.locator(".trigammon-widget[data-version]")
                page.wait_for_function(  # every board drawn, or a cell failed
                    f"""() => document.querySelectorAll('.trigammon-widget[data-version]')
                        .length >= {len(panels)}
                        || !!document.querySelector({json.dumps(ERROR)})""",
                    timeout=900_000,
                )
                failed = page.locator(ERROR)
                if failed.count():
                    raise RuntimeError(f"{name}: {failed.first.text_content()}"[:2000])
                page.get_by_text(KERNEL_IDLE).wait_for(timeout=600_000)
                for index, panel in enumerate(panels):
                    widget = boards.nth(index)
                    page.mouse.move(1, 1)  # no hover left over from the board before
                    widget.scroll_into_view_if_needed()
                    page.wait_for_timeout(300)
                    if panel in BEFORE:
                        BEFORE[panel](widget)
                        page.wait_for_timeout(300)
                    target = folder / f"{name.removesuffix('.ipynb')}-{panel}.png"
                    widget.screenshot(path=str(target))
                    written.append(target)
                    page.keyboard.press("Escape")
                page.close()
        browser.close()
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", default=str(ROOT / "build" / "screenshots"))
    parser.add_argument("--only", nargs="*", default=[], choices=list(PANELS), help="panels")
    arguments = parser.parse_args()
    folder = Path(arguments.folder)
    folder.mkdir(parents=True, exist_ok=True)
    for path in shoot(folder, arguments.only):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
