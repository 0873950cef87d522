"""The themes' colours tell every mark apart, computed from ``svg.THEMES`` (issue 22).

Contrast is WCAG's: 3:1 is its figure for graphics. A mark drawn over checkers (a lit
place, an arrow of the play made or of the better play, the picked-up checker's ring)
is two-tone, its colour on the theme's casing: no one colour has 3:1 against a light,
a dark and an orange checker at once, but one of the two always has it. Hues are told
apart by their CIELAB distance (ΔE76): the lit places' old yellow was 11 from the third
player's checkers.
"""

from __future__ import annotations

import itertools
import math

import pytest

from trigammon_widget.pictures.chart import DASHES
from trigammon_widget.pictures.themes import THEMES, Theme

GRAPHICS = 3.0
"""WCAG's least contrast for the parts of graphics."""
HUES_APART = 40.0
"""The least CIELAB distance between a lit place and a checker colour."""
LINES_APART = 40.0
"""The least CIELAB distance between two lines of the equity graph."""


def channels(colour: str) -> list[float]:
    """Linear sRGB of ``#rrggbb``."""
    code = colour.lstrip("#")
    values = [int(code[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    return [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in values]


def luminance(colour: str) -> float:
    r, g, b = channels(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    low, high = sorted((luminance(a), luminance(b)))
    return (high + 0.05) / (low + 0.05)


def lab(colour: str) -> tuple[float, float, float]:
    r, g, b = channels(colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def distance(a: str, b: str) -> float:
    return math.dist(lab(a), lab(b))


def test_the_measures_are_wcags() -> None:
    assert contrast("#ffffff", "#000000") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert distance("#ffffff", "#000000") == pytest.approx(100.0, abs=0.01)


MARKS = {
    "lit place": "highlight",
    "arrow": "arrow",
    "better play": "best",
    "picked-up ring": "selected",
}


@pytest.mark.parametrize("name", THEMES)
@pytest.mark.parametrize("mark", MARKS)
def test_every_mark_reads_on_every_checker(name: str, mark: str) -> None:
    theme = THEMES[name]
    colour = getattr(theme, MARKS[mark])
    assert contrast(colour, theme.casing) >= GRAPHICS, "the two tones must read as two"
    for checker in theme.checkers:
        best = max(contrast(colour, checker), contrast(theme.casing, checker))
        assert best >= GRAPHICS, (mark, checker, best)


@pytest.mark.parametrize("name", THEMES)
def test_lit_places_are_not_the_colour_of_any_checker(name: str) -> None:
    theme = THEMES[name]
    for checker in theme.checkers:
        assert distance(theme.highlight, checker) >= HUES_APART, checker
    for other in (theme.arrow, theme.best):
        assert distance(theme.highlight, other) >= HUES_APART, other


@pytest.mark.parametrize("name", THEMES)
def test_a_preview_s_frame_reads_on_the_background(name: str) -> None:
    theme = THEMES[name]
    assert contrast(theme.selected, theme.background) >= GRAPHICS


@pytest.mark.parametrize("name", THEMES)
def test_the_graph_s_lines_read_on_its_background_and_part_from_each_other(name: str) -> None:
    theme: Theme = THEMES[name]
    for line in theme.lines:
        assert contrast(line, theme.background) >= GRAPHICS, line
    for a, b in itertools.combinations(theme.lines, 2):
        assert distance(a, b) >= LINES_APART, (a, b)
    assert len(set(DASHES)) == len(theme.lines)  # and each its own dash
