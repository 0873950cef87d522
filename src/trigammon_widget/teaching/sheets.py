"""Printable sheets for a teacher: the rules and a set of problems, as HTML.

Each sheet is one self-contained HTML page (pictures inline as SVG, styles inline,
no script, no external reference) laid out for A4 or Letter paper: print it from a
browser, or "print to PDF" there for a PDF. The rule cards come from ``lessons``
and the problems from ``problems``, the same values the notebooks show. A sheet is made
in the language spoken when it is asked for (``html lang`` says which).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from html import escape, unescape
from typing import Any

from ..engine.errors import quote
from ..engine.i18n import _, language
from ..pictures.svg import FONT, THEMES
from .lessons import RULE_CARDS, RuleCard
from .problems import PROBLEMS, Problem
from .toolkit import Figure, said

__all__ = ["Sheet", "problem_sheet", "rule_sheet"]

PAPER = THEMES["light"]
"""Sheets are printed: the light look's colours."""
CSS = f"""
body {{ font-family: {FONT};
       color: {PAPER.text}; max-width: 190mm; margin: 0 auto; padding: 8mm; line-height: 1.35; }}
h1 {{ font-size: 20pt; margin: 0 0 2mm; }}
h2 {{ font-size: 13pt; margin: 0 0 1.5mm; }}
p {{ margin: 0 0 2mm; font-size: 10.5pt; }}
.intro {{ margin-bottom: 5mm; }}
.cards {{ display: grid; grid-template-columns: 1fr 1fr; gap: 4mm 8mm; }}
.card {{ break-inside: avoid; page-break-inside: avoid; border-top: 1.5pt solid {PAPER.frame};
        padding-top: 2mm; }}
figure {{ margin: 1mm 0 0; max-width: 66mm; }}
figure svg {{ width: 100%; height: auto; display: block; }}
figcaption {{ font-size: 9pt; color: {PAPER.muted}; margin-top: 1mm; }}
.answers {{ break-before: page; page-break-before: always; margin-top: 8mm; }}
.answer .card {{ border-top-width: 0.75pt; }}
.small figure {{ max-width: 56mm; }}
footer {{ margin-top: 6mm; font-size: 8pt; color: {PAPER.muted}; }}
table {{ border-collapse: collapse; margin-top: 1.5mm; font-size: 8.5pt; }}
th, td {{ padding: 0.4mm 2mm 0.4mm 0; text-align: right; white-space: nowrap; }}
th:first-child, td:first-child {{ text-align: left; }}
th {{ color: {PAPER.muted}; font-weight: 600; border-bottom: 0.5pt solid {PAPER.border}; }}
@page {{ size: A4; margin: 12mm; }}
@media print {{ body {{ padding: 0; max-width: none; }} }}
"""


class Sheet(str):
    """A printable HTML page that shows itself in a notebook and saves itself."""

    def _repr_html_(self) -> str:
        """The page in a frame of its own, so its styles stay inside it."""
        title = escape(_("printable sheet"))
        return (
            f'<iframe srcdoc="{escape(self, quote=True)}" title="{title}" '
            f'style="width:100%;height:640px;border:1px solid {PAPER.border}"></iframe>'
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        title = re.search(r"<title>(.*?)</title>", self)
        named = unescape(title[1]) if title else _("untitled")
        printer.text(_("A printable sheet: {title}").format(title=named))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the page as an ``.html`` file (UTF-8); open it in a browser to print."""
        with open(path, "w", encoding="utf-8") as file:
            file.write(self)


def _page(title: str, body: str) -> Sheet:
    footer = _("Made with trigammon_widget. Rule ids (R1-R14) are those of the project's RULES.md.")
    return Sheet(
        "<!DOCTYPE html>\n"
        f'<html lang="{language()}"><head><meta charset="utf-8"/>'
        f"<title>{escape(title)}</title><style>{CSS}</style></head>"
        f"<body><h1>{escape(title)}</h1>{body}"
        f"<footer>{escape(footer, quote=False)}</footer></body></html>\n"
    )


def _figure(picture: Figure, number: int | None = None) -> str:
    """A picture with its caption, numbered like the problem it belongs to, if any."""
    caption = escape(picture.caption if number is None else f"{number}. {picture.caption}")
    return f"<figure>{picture.svg}<figcaption>{caption}</figcaption></figure>"


def _card(card: RuleCard) -> str:
    return (
        f'<section class="card" id="{escape(card.rule)}">'
        f"<h2>{escape(card.rule)} {escape(said(card.title))}</h2>"
        f"<p>{escape(said(card.text))}</p>"
        f"{_figure(card.figure(size=420))}</section>"
    )


def rule_sheet(cards: Sequence[RuleCard] = RULE_CARDS) -> Sheet:
    """The rules, one card each: the rule in plain words and a captioned board."""
    intro = _(
        "Trigammon is backgammon for three players on 36 points. "
        "Everyone moves the same way round, clockwise; each player's path starts 12 "
        "points after the previous player's and runs 1 to 36 from its own start, ending "
        "in its home, 31 to 36. The pictures show the board as X (white) sees it: X at "
        "the bottom with its home at the lower left, O (black) up the left side, V "
        "(yellow) on the right. Point numbers are X's. Arrows show a play, lit points "
        "the points the caption names. Classic backgammon follows the same rules on 24 "
        "points with two players moving in opposite directions."
    )
    return _page(
        _("The rules of trigammon"),
        f'<div class="intro"><p>{escape(intro, quote=False)}</p></div>'
        f'<div class="cards">{"".join(_card(card) for card in cards)}</div>',
    )


def problem_sheet(problems: Sequence[Problem] = PROBLEMS, answers: bool = True) -> Sheet:
    """The problems, numbered, with a picture each; the answers, explained and
    pictured, on pages of their own after them (``answers=False`` leaves them out).

    A problem whose answer is not clearly the evaluator's best play is refused
    (``Problem.check`` raises ``ProblemError``, a ``ValueError``): too close to call is
    no problem to set a class."""
    for problem in problems:
        if not isinstance(problem, Problem):
            raise ValueError(
                _("a problem sheet holds problems (Problem), not {value}").format(
                    value=quote(problem)
                )
            )
        problem.check()
    questions = "".join(
        f'<section class="card" id="{escape(problem.slug)}">'
        f"<h2>{number}. {escape(said(problem.title))}</h2>{problem.question_html()}"
        f"{_figure(problem.figure(size=420), number)}</section>"
        for number, problem in enumerate(problems, 1)
    )
    intro = _(
        "Find the best play. X is at the bottom of every picture and moves; the numbers on "
        "the board are X's."
    )
    if answers:
        intro += " " + _(
            "The answers follow the problems, each with the evaluator's numbers for the "
            "best plays: X's chance to win and points per game after each."
        )
    body = (
        f'<div class="intro"><p>{escape(intro, quote=False)}</p></div>'
        f'<div class="cards">{questions}</div>'
    )
    if answers:
        solved = "".join(
            f'<section class="card small">'
            f"<h2>{number}. {escape(problem.answer)}</h2>"
            f"<p>{escape(said(problem.explanation))}</p>"
            f"{_figure(problem.answer_figure(size=360), number)}"
            f"{problem.numbers()}</section>"
            for number, problem in enumerate(problems, 1)
        )
        heading = escape(_("Answers"))
        body += f'<div class="answers"><h1>{heading}</h1><div class="cards">{solved}</div></div>'
    return _page(_("Find the best play"), body)
