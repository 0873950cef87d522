"""The printable sheets: well-formed, self-contained pages with every rule and problem."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from html import escape
from pathlib import Path

import pytest

from trigammon_widget.teaching.problems import PROBLEMS
from trigammon_widget.teaching.sheets import (
    COLUMN_MM,
    NUMBERS_MM,
    PAGE_MM,
    Sheet,
    problem_sheet,
    rule_sheet,
)

SVG = "{http://www.w3.org/2000/svg}svg"


def parsed(sheet: Sheet) -> ET.Element:
    doctype, document = sheet.split("\n", 1)
    assert doctype == "<!DOCTYPE html>"
    return ET.fromstring(document)  # raises unless every tag is closed and nested


def self_contained(sheet: Sheet) -> None:
    assert not re.search(r"<script|<link|<img|<iframe|\bsrc=|\bhref=|url\(|@import", sheet)
    assert "@page" in sheet and "break-inside: avoid" in sheet


def test_the_rule_sheet_has_every_rule_with_a_captioned_picture() -> None:
    sheet = rule_sheet()
    root = parsed(sheet)
    self_contained(sheet)
    sections = [s for s in root.iter("section")]
    assert [s.get("id") for s in sections] == [f"R{i}" for i in range(1, 15)]
    for section in sections:
        figure = section.find("figure")
        assert figure is not None and figure.find(SVG) is not None
        assert (figure.findtext("figcaption") or "").strip()


def test_the_problem_sheet_has_every_problem_then_the_answers(tmp_path: Path) -> None:
    sheet = problem_sheet()
    root = parsed(sheet)
    self_contained(sheet)
    ids = [s.get("id") for s in root.iter("section")]
    slugs = [problem.slug for problem in PROBLEMS]
    assert ids == slugs + [f"{slug}-answer" for slug in slugs]
    answers = next(div for div in root.iter("div") if div.get("class") == "answers")
    assert len(list(answers.iter(SVG))) == len(PROBLEMS)
    for problem in PROBLEMS:
        assert sheet.count(escape(problem.explanation)) == 1
        assert sheet.count(problem.question_html()) == 1
    questions_only = problem_sheet(answers=False)
    assert "Answers" not in questions_only and PROBLEMS[0].explanation not in questions_only
    sheet.save(tmp_path / "problems.html")
    assert (tmp_path / "problems.html").read_text(encoding="utf-8") == sheet
    assert sheet._repr_html_().startswith("<iframe srcdoc=")


def test_each_answer_carries_the_evaluator_s_numbers() -> None:
    """Issue 22 item 4: the answer page shows, under each answer, the evaluator's table
    of the best plays (the notebook's own table: X's chance and points per game)."""
    sheet = problem_sheet(PROBLEMS[:3])
    answers = next(div for div in parsed(sheet).iter("div") if div.get("class") == "answers")
    tables = list(answers.iter("table"))
    assert len(tables) == 3
    for problem, found in zip(PROBLEMS[:3], tables, strict=True):
        heads = [th.text for th in found.iter("th")]
        assert heads == ["play", "X wins", "X's points per game", "compared"]
        cells = [[td.text for td in row.iter("td")] for row in found.iter("tr")][1:]
        assert cells[0][0] == problem.ranked[0].notation and cells[0][3] == "best"
        assert [row[0] for row in cells] == [h.notation for h in problem.ranked[:3]]
    assert "the evaluator's numbers" in sheet


@pytest.mark.parametrize("make", [rule_sheet, problem_sheet], ids=["rules", "problems"])
def test_every_board_prints_its_point_numbers_large_enough_to_read(
    make: Callable[[], Sheet],
) -> None:
    """Issue 41: the sheets' boards printed about 58 mm wide, their point numbers 1.5 mm
    tall. Each board is printed as wide as ``NUMBERS_MM``-tall numbers need (the font
    size its picture gives them, scaled to the figure's printed width); a board wider
    than a column has the row to itself, and none is wider than the page."""
    root = parsed(make())
    for card in root.iter("section"):
        figure = card.find("figure")
        assert figure is not None
        style = re.fullmatch(r"width:([\d.]+)mm", figure.get("style", ""))
        assert style is not None
        width = float(style[1])
        svg = figure.find(SVG)
        assert svg is not None
        drawn = float(svg.get("viewBox", "").split()[2])
        numbers = next(g for g in svg.iter() if g.get("class") == "tg-numbers")
        printed = float(numbers.get("font-size", "")) * width / drawn
        assert printed >= NUMBERS_MM - 0.05, (card.get("id"), printed)
        assert width <= PAGE_MM
        assert ("wide" in (card.get("class") or "").split()) == (width > COLUMN_MM)
