"""Board pictures in Debian's chromium: rendered, screenshot, and read back from the DOM.

All boards share one page, as they would in a notebook, so a drawing that leaked
styles or ids into its neighbours would show here.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from trigammon_widget.engine import CLASSIC, TRIGAMMON, Position
from trigammon_widget.pictures.svg import board_svg

HOSTILE = '<img src=x onerror="window.pwned=1">'

BOARDS: dict[str, tuple[Position, dict[str, Any]]] = {
    "trigammon-400": (Position.start(TRIGAMMON).with_dice(3, 1), {"size": 400}),
    "trigammon-1000-dark": (
        Position.build(
            TRIGAMMON,
            {0: {"bar": 2, 33: 7, 35: 3, 1: 1}, 1: {12: 9, 19: 2, "bar": 1}, 2: {5: 4, 30: 2}},
            turn=1,
            dice=(6, 6),
        ),
        {"size": 1000, "theme": "dark", "names": [HOSTILE, 'a & "b"', "Carol"]},
    ),
    "classic-400": (Position.start(CLASSIC).with_dice(6, 5), {"size": 400}),
    "classic-1000-seat-1": (
        Position.build(CLASSIC, {0: {"bar": 3, 1: 2}, 1: {"bar": 1, 23: 8, 20: 2}}, dice=(4, 2)),
        {"size": 1000, "perspective": 1, "names": ["Ann", HOSTILE]},
    ),
}


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:
    page = browser.new_page(viewport={"width": 1100, "height": 1100})
    figures = "".join(
        f'<figure data-name="{html.escape(name)}" style="margin:0 0 8px">'
        f"{board_svg(position, **options)}</figure>"
        for name, (position, options) in BOARDS.items()
    )
    page.set_content(f"<!doctype html><html><body style='margin:0'>{figures}</body></html>")
    try:
        yield page
    finally:
        page.close()


def board(page: Any, name: str) -> Any:
    return page.locator(f'figure[data-name="{name}"] svg')


@pytest.mark.parametrize("name", BOARDS)
def test_board_renders_at_its_size_and_screenshots(page: Any, name: str, tmp_path: Path) -> None:
    svg = board(page, name)
    box = svg.bounding_box()
    assert box["width"] == pytest.approx(BOARDS[name][1]["size"], abs=1)
    shot = svg.screenshot(path=str(tmp_path / f"{name}.png"))
    assert shot.startswith(b"\x89PNG")
    assert len(shot) > 10_000  # a drawn board, not an empty box


@pytest.mark.parametrize("name", BOARDS)
def test_dom_holds_the_positions_elements(page: Any, name: str) -> None:
    position, _ = BOARDS[name]
    variant = position.variant
    found = board(page, name).evaluate(
        """svg => {
            const count = sel => svg.querySelectorAll(sel).length;
            const data = (sel, key) => [...svg.querySelectorAll(sel)].map(e => e.dataset[key]);
            return {
                points: count('[data-kind=point]'),
                stacks: Object.fromEntries([...svg.querySelectorAll('[data-kind=stack]')]
                    .map(e => [e.dataset.point, [e.dataset.player, Number(e.dataset.count)]])),
                bars: data('[data-kind=bar]', 'count').map(Number),
                trays: data('[data-kind=tray]', 'count').map(Number),
                dice: data('[data-kind=die]', 'value').map(Number),
                pwned: window.pwned === 1,
            };
        }"""
    )
    assert found["points"] == variant.points
    expected = {
        str(point): [str(owner), count]
        for point, occupant in enumerate(position.points)
        if occupant is not None
        for owner, count in [occupant]
    }
    assert found["stacks"] == expected
    assert found["bars"] == [position.bar(p) for p in range(variant.players)]
    assert found["trays"] == [position.borne_off(p) for p in range(variant.players)]
    assert found["dice"] == list(position.dice or ())
    assert not found["pwned"]


@pytest.mark.parametrize("name", BOARDS)
def test_a_click_maps_to_engine_coordinates(page: Any, name: str) -> None:
    """The centre of every point, bar, tray and die hits an element naming that place."""
    hits = board(page, name).evaluate(
        """svg => {
            svg.scrollIntoView({block: 'start'});
            const centre = e => { const r = e.getBoundingClientRect();
                                  return [r.x + r.width / 2, r.y + r.height / 2]; };
            const hit = (e, kind) => {
                const [x, y] = centre(e);
                return document.elementFromPoint(x, y).closest(kind);
            };
            const out = [];
            for (const p of svg.querySelectorAll('[data-kind=point]')) {
                const lane = p.querySelector('polygon');
                out.push(['point', p.dataset.point, hit(lane, '[data-point]')?.dataset.point]);
            }
            for (const kind of ['bar', 'tray']) {
                for (const e of svg.querySelectorAll(`[data-kind=${kind}]`)) {
                    const area = e.querySelector('polygon');
                    out.push([kind, e.dataset.player,
                              hit(area, `[data-kind=${kind}]`)?.dataset.player]);
                }
            }
            for (const d of svg.querySelectorAll('[data-kind=die]')) {
                out.push(['die', d.dataset.value, hit(d, '[data-kind=die]')?.dataset.value]);
            }
            return out;
        }"""
    )
    assert len(hits) > BOARDS[name][0].variant.points
    assert [h for h in hits if h[1] != h[2]] == []


def test_hostile_names_show_as_text(page: Any) -> None:
    labels = board(page, "trigammon-1000-dark").evaluate(
        """svg => [...svg.querySelectorAll('[data-kind=player]')].map(
            e => [e.querySelector('title').textContent,
                  [...e.querySelectorAll('text')].map(t => t.textContent)])"""
    )
    assert [title for title, _ in labels] == [HOSTILE, 'a & "b"', "Carol"]
    assert 'a & "b"' in labels[1][1]
    assert page.locator("img").count() == 0
    assert page.evaluate("window.pwned") is None


READABLE = 10
"""Height in pixels of the smallest text box the board may draw at 400 px."""
ROUNDING = 0.25
"""What rounding of a font's metrics may take off a measured height, in pixels."""


@pytest.mark.parametrize("name", ["trigammon-400", "classic-400"])
def test_text_is_readable_at_400_px(page: Any, name: str) -> None:
    heights = board(page, name).evaluate(
        """svg => ({
            numbers: Math.min(...[...svg.querySelectorAll('[data-kind=number]')]
                .map(t => t.getBoundingClientRect().height)),
            names: Math.min(...[...svg.querySelectorAll('[data-kind=player] text')]
                .map(t => t.getBoundingClientRect().height)),
        })"""
    )
    # A text box of 10 px holds a font of about 9 px: small print, but print. Boxes
    # are measured in layout units of 1/64 px from the font's metrics, which round a
    # little differently from one font build to another (a fresh machine measured
    # 9.99988 px): a quarter pixel of tolerance, far below a smaller font's 1 px.
    assert heights["numbers"] >= READABLE - ROUNDING
    assert heights["names"] >= READABLE - ROUNDING
