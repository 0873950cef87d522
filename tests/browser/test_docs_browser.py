"""The docs site works offline in Chromium: served from 127.0.0.1 or opened as files, its
pages, pictures and search work, and no request leaves the machine.

The site is ``./dev docs``'s (``build/docs/html/``), which ``./dev test`` builds before the
suite runs; without it these tests skip.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.paths import ROOT

from .static_site import offline_page, served

SITE = ROOT / "build" / "docs" / "html"
GALLERY = ROOT / "docs" / "gallery"

LOADED_IMAGES = """() => [...document.images].map(
    (img) => [img.getAttribute("src"), img.complete && img.naturalWidth > 0])"""
"""Each picture of the page: its source, and whether the browser could draw it."""


SEARCHED = """() => document.querySelector("#search-results .search-summary")
    ?.textContent.includes("Search finished")"""
"""Sphinx's search lists its results one at a time and then says it is done."""


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The built site served on 127.0.0.1 (a free port), as its address."""
    if not (SITE / "index.html").exists():
        pytest.skip("the docs site is not built: ./dev docs")
    with served(SITE) as address:
        yield address


@pytest.fixture
def offline(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """A page no request leaves the machine from (``static_site.offline_page``)."""
    with offline_page(browser) as (page, outside):
        yield page, outside


def pictures(page: Any) -> list[tuple[str, bool]]:
    return [(src, drawn) for src, drawn in page.evaluate(LOADED_IMAGES)]


def test_the_front_page_shows_both_variants_and_leads_everywhere(
    site: str, offline: tuple[Any, list[str]]
) -> None:
    page, _ = offline
    page.goto(site + "index.html")
    assert "trigammon-widget" in page.title()
    shown = pictures(page)
    assert {src for src, _ in shown} >= {"_images/trigammon-start.svg", "_images/classic-start.svg"}
    assert all(drawn for _, drawn in shown), shown
    sidebar = page.locator(".sidebar-tree")
    for title in ("Getting started", "The course", "The engine in five minutes", "API reference"):
        assert sidebar.get_by_role("link", name=title, exact=True).count() == 1, title


def test_the_guide_the_api_and_the_architecture_are_there(
    site: str, offline: tuple[Any, list[str]]
) -> None:
    page, _ = offline
    page.goto(site + "guide/engine.html")
    assert page.locator("h1").inner_text().startswith("The engine in five minutes")
    assert page.locator("pre", has_text=">>> plays = position.legal_plays()").count() >= 1
    page.goto(site + "api/trigammon_widget.engine.position.html")
    entry = page.locator('[id="trigammon_widget.engine.position.Position"]')
    assert entry.count() == 1
    assert "legal_plays" in page.locator("article").inner_text()
    page.goto(site + "architecture.html")  # the layers, drawn by Graphviz as an SVG object
    drawing = page.locator("object.graphviz")
    drawing.wait_for()
    page.wait_for_function(
        "() => document.querySelector('object.graphviz').contentDocument?.querySelector('svg')"
    )
    labels = drawing.evaluate("o => o.contentDocument.documentElement.textContent")
    for room in ("engine/", "judgement/", "session/", "widget.py"):
        assert room in labels, room


def test_the_course_shows_its_boards(site: str, offline: tuple[Any, list[str]]) -> None:
    """The lessons are rendered with their outputs: each board is its still picture."""
    page, _ = offline
    page.goto(site + "course/02_the_rules.html")
    boards = page.locator("article svg.trigammon-board, article .tgw-still svg, article svg")
    widths = [box["width"] for box in (b.bounding_box() for b in boards.all()) if box]
    assert sum(width > 200 for width in widths) >= 10, widths
    assert all(drawn for _, drawn in pictures(page))
    assert "Traceback" not in page.locator("article").inner_text()


def test_the_gallery_shows_every_case(site: str, offline: tuple[Any, list[str]]) -> None:
    page, _ = offline
    page.goto(site + "gallery.html")
    shown = pictures(page)
    assert len(shown) == len(list(GALLERY.glob("*.svg")))
    assert all(drawn for _, drawn in shown), shown


def test_search_finds_the_api_and_the_guide(site: str, offline: tuple[Any, list[str]]) -> None:
    page, _ = offline
    page.goto(site + "search.html?q=legal_plays")
    page.wait_for_function(SEARCHED)
    results = page.locator("#search-results ul.search li")
    links = [link.get_attribute("href") or "" for link in results.locator("a").all()]
    assert any(href.startswith("api/") for href in links), links
    assert any(href.startswith("guide/") for href in links), links


def test_the_site_works_opened_as_files(offline: tuple[Any, list[str]]) -> None:
    """Opened from the folder (``file://``), with no server: pictures and search too."""
    if not (SITE / "index.html").exists():
        pytest.skip("the docs site is not built: ./dev docs")
    page, _ = offline
    page.goto((SITE / "gallery.html").as_uri())
    assert all(drawn for _, drawn in pictures(page))
    assert page.evaluate("() => document.styleSheets.length") > 0
    page.goto((SITE / "search.html").as_uri() + "?q=MatchPosition")
    page.wait_for_function(SEARCHED)
    assert page.locator("#search-results ul.search li").count() > 0
