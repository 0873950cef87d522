"""Printable sheets for a teacher: the rules and a set of problems, as HTML.

Each sheet is one self-contained HTML page (pictures inline as SVG, styles inline,
no script, no external reference) laid out for A4 or Letter paper: print it from a
browser, or "print to PDF" there for a PDF. Every board prints as wide as its point
numbers need to be read on paper (``NUMBERS_MM``): two classic boards share a row, a
trigammon board has one of its own, the words beside it. The rule cards come from
``lessons`` and the problems from ``problems``, the same values the notebooks show. A
sheet is made in the language spoken when it is asked for (``html lang`` says which).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from html import escape, unescape
from typing import Any

from ..engine.errors import quote
from ..engine.i18n import _, language
from ..engine.variant import Variant
from ..pictures.svg import FONT, board_parts
from ..pictures.themes import THEMES
from .lessons import RULE_CARDS, RuleCard
from .problems import PROBLEMS, Problem
from .toolkit import Figure, said

__all__ = ["Sheet", "problem_sheet", "rule_sheet"]

PAPER = THEMES["light"]
"""Sheets are printed: the light look's colours."""
NUMBERS_MM = 2.4
"""How tall the board's point numbers print (their font size, 6.8 pt): about the least
that reads on paper at arm's length. Each board is printed as wide as that takes."""
PAGE_MM = 186.0
"""The printed width of a sheet: A4's 210 mm less its margins (``@page``); Letter's is
a little wider."""
GAP_MM = 8.0
COLUMN_MM = (PAGE_MM - GAP_MM) / 2
"""Two cards share a row where their boards fit a column; a wider board has a row of
its own."""
CSS = f"""
body {{ font-family: {FONT};
       color: {PAPER.text}; max-width: {PAGE_MM}mm; margin: 0 auto; padding: 8mm;
       line-height: 1.35; }}
h1 {{ font-size: 20pt; margin: 0 0 2mm; }}
h2 {{ font-size: 13pt; margin: 0 0 1.5mm; }}
p {{ margin: 0 0 2mm; font-size: 10.5pt; }}
.intro {{ margin-bottom: 5mm; }}
.cards {{ display: grid; grid-template-columns: 1fr 1fr; gap: 4mm {GAP_MM}mm; }}
.card {{ break-inside: avoid; page-break-inside: avoid; border-top: 1.5pt solid {PAPER.frame};
        padding-top: 2mm; }}
.card.wide {{ grid-column: 1 / -1; display: grid; grid-template-columns: minmax(0, 1fr) auto;
             grid-template-rows: auto auto auto 1fr; column-gap: 6mm; }}
.card.wide > * {{ grid-column: 1; }}
.card.wide > figure {{ grid-column: 2; grid-row: 1 / -1; margin-top: 0; }}
figure {{ margin: 1mm 0 0; max-width: 100%; }}
figure svg {{ width: 100%; height: auto; display: block; }}
figcaption {{ font-size: 9pt; color: {PAPER.muted}; margin-top: 1mm; }}
.answers {{ break-before: page; page-break-before: always; margin-top: 8mm; }}
footer {{ margin-top: 6mm; font-size: 8pt; color: {PAPER.muted}; }}
table {{ border-collapse: collapse; margin-top: 1.5mm; font-size: 8.5pt; }}
th, td {{ padding: 0.4mm 2.5mm 0.4mm 0; vertical-align: bottom; }}
td {{ white-space: nowrap; }}
th {{ color: {PAPER.muted}; font-weight: 600; border-bottom: 0.5pt solid {PAPER.border}; }}
@page {{ size: A4; margin: 12mm; }}
@media print {{ body {{ padding: 0; max-width: none; }} }}
"""


def board_mm(variant: Variant) -> float:
    """How wide a board of ``variant`` is printed: its point numbers ``NUMBERS_MM`` tall."""
    parts = board_parts(variant)
    return NUMBERS_MM * parts.box[2] / parts.font


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


def _card(key: str, variant: Variant, heading: str, *parts: str) -> str:
    """A card: its heading and parts (HTML), a row of its own when its board is wider
    than a column."""
    wide = " wide" if board_mm(variant) > COLUMN_MM else ""
    return (
        f'<section class="card{wide}" id="{escape(key)}">'
        f"<h2>{escape(heading)}</h2>{''.join(parts)}</section>"
    )


def _figure(picture: Figure, variant: Variant, number: int | None = None) -> str:
    """A picture as wide as its numbers need, with its caption, numbered like the
    problem it belongs to, if any."""
    caption = escape(picture.caption if number is None else f"{number}. {picture.caption}")
    return (
        f'<figure style="width:{board_mm(variant):.1f}mm">{picture.svg}'
        f"<figcaption>{caption}</figcaption></figure>"
    )


def _rule(card: RuleCard) -> str:
    variant = card.position.variant
    return _card(
        card.rule,
        variant,
        f"{card.rule} {said(card.title)}",
        f"<p>{escape(said(card.text))}</p>",
        _figure(card.figure(), variant),
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
        f'<div class="cards">{"".join(_rule(card) for card in cards)}</div>',
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
        _card(
            problem.slug,
            problem.position.variant,
            f"{number}. {said(problem.title)}",
            problem.question_html(),
            _figure(problem.figure(), problem.position.variant, number),
        )
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
            _card(
                f"{problem.slug}-answer",
                problem.position.variant,
                f"{number}. {problem.answer}",
                f"<p>{escape(said(problem.explanation))}</p>",
                _figure(problem.answer_figure(), problem.position.variant, number),
                problem.numbers(),
            )
            for number, problem in enumerate(problems, 1)
        )
        heading = escape(_("Answers"))
        body += f'<div class="answers"><h1>{heading}</h1><div class="cards">{solved}</div></div>'
    return _page(_("Find the best play"), body)
