"""Regenerate the reference board pictures in docs/: one .svg and one .png each.

    .venv/bin/python scripts/make_docs_pictures.py

The SVGs come straight from ``board_svg``; the PNGs are screenshots of them in
Debian's chromium (through Playwright), the browser the tests use. Positions are
reached by plays written in notation, so the pictures do not depend on the order
in which the engine lists legal plays.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from trigammon_widget.engine import BAR, CLASSIC, TRIGAMMON, Play, Position, Variant
from trigammon_widget.pictures.svg import SvgBoard, board_svg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.browser.lab_server import CHROMIUM_ARGS, CHROMIUM_PATH

DOCS = Path(__file__).resolve().parents[1] / "docs"
PNG_WIDTH = 900
"""Width of every picture, in pixels: the SVGs carry it too, for slides and books."""

TRIGAMMON_GAME = [
    ((4, 5), "12/21"),
    ((3, 2), "1/3 12/15"),
    ((6, 1), "17/18 17/23"),
    ((5, 4), "19/28"),
    ((1, 3), "15/18 19/20"),
    ((5, 6), "12/17 12/18"),
    ((6, 4), "12/16 17/23"),
    ((6, 4), "12/16* 20/26"),
    ((2, 2), "1/3 18/20 23/25*/27*"),
    ((1, 1), "bar/2* 12/13 17/18"),
    ((5, 5), "bar/5(2) bar/5*/10"),
    ((6, 4), "19/23 27/33*"),
]
"""A trigammon opening, player 0 first, each turn as (dice, play)."""

CLASSIC_GAME = [
    ((4, 5), "13/9 8/3"),
    ((3, 2), "13/11 13/10"),
    ((6, 1), "13/7 3/2"),
    ((5, 4), "10/6 8/3"),
    ((1, 3), "8/7 8/5"),
    ((5, 6), "13/8 13/7"),
    ((6, 4), "24/18* 13/9"),
    ((6, 4), "bar/21 8/2"),
    ((2, 2), "24/22* 13/11 9/5"),
    ((1, 1), "bar/23* 13/12* 6/5"),
]
"""A classic opening, player 0 first."""


def replay(variant: Variant, turns: Sequence[tuple[tuple[int, int], str]]) -> tuple[Position, Play]:
    """The position after ``turns`` and the last play made."""
    position = Position.start(variant)
    play = Play()
    for dice, notation in turns:
        position = position.with_dice(*dice)
        play = position.parse_play(notation)
        position = position.play(play)
    return position, play


def pictures() -> Iterator[tuple[str, SvgBoard]]:
    """(file stem, drawing) of every reference picture."""
    names = ["Alice", "Bob", "Carol"]
    yield (
        "trigammon-start",
        board_svg(Position.start(TRIGAMMON).with_dice(3, 1), names=names, size=PNG_WIDTH),
    )
    after, last = replay(TRIGAMMON, TRIGAMMON_GAME)
    yield (
        "trigammon-last-play-dark",
        board_svg(after, arrows=last, mover=2, theme="dark", names=names, size=PNG_WIDTH),
    )
    yield "classic-start", board_svg(Position.start(CLASSIC).with_dice(3, 1), size=PNG_WIDTH)
    after, last = replay(CLASSIC, CLASSIC_GAME)
    yield "classic-last-play", board_svg(after, arrows=last, mover=1, size=PNG_WIDTH)
    rolled = after.with_dice(4, 2)
    entries = {move.end for play in rolled.legal_plays() for move in play if move.start == BAR}
    yield (
        "classic-entering-dark",
        board_svg(
            rolled,
            selected="bar",
            highlight=[CLASSIC.absolute(0, end) for end in entries],
            theme="dark",
            size=PNG_WIDTH,
        ),
    )


def screenshot(files: list[Path]) -> None:
    """A PNG next to each SVG, rendered by Debian's chromium."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM_PATH), args=CHROMIUM_ARGS)
        page: Any = browser.new_page(viewport={"width": PNG_WIDTH, "height": 1200})
        for svg in files:
            page.goto(svg.as_uri())
            page.locator("svg").screenshot(path=str(svg.with_suffix(".png")))
        browser.close()


def main() -> None:
    DOCS.mkdir(exist_ok=True)
    files = []
    for stem, picture in pictures():
        target = DOCS / f"{stem}.svg"
        picture.save(target)
        files.append(target)
        print(target.relative_to(DOCS.parent))
    screenshot(files)


if __name__ == "__main__":
    main()
