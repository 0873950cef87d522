"""The course in its readers' languages: every rule card, quiz question, problem,
printable sheet, gallery case and analysis report, rendered in Spanish or Dutch, leaves
no English sentence; its words are chosen when it is shown, not when it is imported.
(The catalogues' completeness, fuzzy entries, ``.mo`` and extraction: ``test_i18n``.)"""

from __future__ import annotations

import ast
import re
import threading
from collections.abc import Callable, Iterator
from functools import partial
from html import unescape
from pathlib import Path

import pytest

from tests.paths import ROOT

pytest.importorskip("babel")

import trigammon_widget
from tests.judgement.test_analysis import doubled_game, short_match
from tests.test_i18n import ENGLISH_WORDS, TRANSLATED, _written_out
from trigammon_widget import CLASSIC, InvalidPositionError, NotationError, Position
from trigammon_widget.engine import i18n
from trigammon_widget.engine.i18n import speaking
from trigammon_widget.judgement.analysis import analyse
from trigammon_widget.pictures.svg import board_svg
from trigammon_widget.session.coaching import review_view
from trigammon_widget.teaching.gallery import CASES, find_case, study
from trigammon_widget.teaching.lessons import QUIZ, RULE_CARDS, find_rule
from trigammon_widget.teaching.problems import PROBLEMS, Problem
from trigammon_widget.teaching.sheets import problem_sheet, rule_sheet
from trigammon_widget.teaching.toolkit import attempt_arrows, said, setup

COURSE_WORDS = re.compile(
    r"\b(?:with|from|your|its|which|when|only|this|that|can|may|would|cannot|checkers?|"
    r"hits?|bear(?:s|ing)?|answer|show|both|after|before|each|every|home|wins?|"
    r"question|problem|legal or not|worse|compared|decisions|lost|luck|evaluator's)\b"
)
"""More words of an English sentence than ``test_i18n.ENGLISH_WORDS``, none of them a
Spanish or Dutch word of these texts (notation, rule ids and names have none either)."""


def words_of(html: str) -> str:
    """Every text a reader sees of ``html``: the text between tags (a picture's too) and
    the titles and labels of its elements, styles left out, entities read."""
    html = re.sub(r"<style>.*?</style>", " ", html, flags=re.S)
    labels = re.findall(r'(?:title|aria-label|alt)="([^"]*)"', html)
    return unescape(" ".join([re.sub(r"<[^>]+>", " ", html), *labels]))


def english(text: str) -> list[str]:
    """The English words found in ``text``, each with a little of its context."""
    lowered = text.lower()
    return [
        lowered[max(0, found.start() - 30) : found.end() + 30]
        for pattern in (ENGLISH_WORDS, COURSE_WORDS)
        for found in pattern.finditer(lowered)
    ]


def renderings() -> Iterator[tuple[str, Callable[[], str]]]:
    """Everything the teaching layer shows, each by a name and how to render it."""
    for card in RULE_CARDS:
        yield f"card {card.rule}", card.html
    for number, item in enumerate(QUIZ, 1):
        yield f"quiz {number}", partial(item.html, number)
    for number, problem in enumerate(PROBLEMS, 1):
        yield f"problem {problem.slug}", partial(problem.html, number)
        yield f"answer {problem.slug}", problem.answer_html
    for case in CASES:
        yield f"case {case.slug}", case._repr_html_
    looked = study(Position.start(CLASSIC).with_dice(3, 1), "13/9 13/12")
    yield "study", looked._repr_html_
    yield "rule sheet", rule_sheet
    yield "problem sheet", problem_sheet
    yield "questions sheet", lambda: problem_sheet(answers=False)


RENDERINGS = dict(renderings())


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("name", list(RENDERINGS))
def test_the_course_leaves_no_english_sentence(name: str, code: str) -> None:
    """Each card, question, problem (set and answered), case and sheet says its English
    sentences in ``code``; rule ids and notation stay as they are."""
    render = RENDERINGS[name]
    shown = words_of(render())
    with speaking(code):
        spoken = words_of(render())
    assert english(shown), name  # the check can fail: the English has such words
    assert english(spoken) == [], (name, english(spoken))
    for kept in set(re.findall(r"\bR\d+\b|\b\d+/\d+\*?(?:/\d+\*?)*(?:\(\d\))?", shown)):
        assert kept in spoken, (name, kept)


@pytest.fixture(scope="module")
def reports() -> dict[str, tuple[str, str]]:
    """A game's report (with its cube decisions) and a match's, in each language: the
    Markdown and the HTML. The games are made in that language, so its players' default
    names are that language's."""
    made = {}
    for code in i18n.LANGUAGES:
        with speaking(code):
            game = analyse(doubled_game(), workers=1)
            match = analyse(short_match(), workers=1)
            made[code] = (
                game.to_markdown() + "\n" + match.to_markdown(),
                game._repr_html_() + match._repr_html_(),
            )
    return made


@pytest.mark.parametrize("code", TRANSLATED)
def test_an_analysis_report_speaks_its_language(
    code: str, reports: dict[str, tuple[str, str]]
) -> None:
    """The reports' titles, headings and cube actions in ``code``, numbers with its
    decimal mark; marks, dice, notation and names as they are."""
    english_markdown, english_html = reports["en"]
    markdown, html = reports[code]
    assert english(english_markdown) and english(words_of(english_html))
    assert english(markdown) == [] and english(words_of(html)) == []
    assert re.search(r"\| -?\d+\.\d{3} \|", english_markdown)
    assert not re.search(r"\d\.\d", markdown) and re.search(r"\| -?\d+,\d{3} \|", markdown)
    assert "| ?? |" in markdown and "PR &lt;b&gt;Bo\\|" in markdown  # a name kept, escaped
    cube = {"es": "| doblar | no doblar |", "nl": "| verdubbelen | niet verdubbelen |"}
    assert cube[code] in markdown


def test_the_boards_review_says_a_cube_action_in_its_language() -> None:
    """The review panel's cube decision (the action made and the choices) in the board's
    language; the report keeps the English key."""
    report = analyse(doubled_game(), workers=1)
    with speaking("es"):
        shown = review_view(report, 2)["turn"]
    assert shown is not None and shown["played"] == "doblar"
    assert [row["text"] for row in shown["best"]] == ["no doblar", "doblar"]
    english = review_view(report, 2)["turn"]
    assert english is not None and english["played"] == "double"
    assert report.cube[0].action == "double"


def test_the_words_are_chosen_when_shown_not_when_imported(package_language: None) -> None:
    """The package's language set after import is the one a card, a problem and a sheet
    speak; a ``speaking`` block beats it, in its own thread only."""
    card = find_rule("R7")
    assert "<h3>R7 Hit</h3>" in card.html()
    trigammon_widget.set_language("es")
    assert "<h3>R7 Captura</h3>" in card.html()
    sheet = rule_sheet()
    assert '<html lang="es">' in sheet and "<h1>Las reglas del trigammon</h1>" in sheet
    with speaking("nl"):
        assert "<h3>R7 Slaan</h3>" in card.html()
    heard: dict[str, str] = {}

    def render(code: str) -> None:
        with speaking(code):
            heard[code] = card.html()

    threads = [threading.Thread(target=render, args=(code,)) for code in i18n.LANGUAGES]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [heard[code][:40] for code in i18n.LANGUAGES] == [
        '<section class="tg-rule"><h3>R7 Hit</h3>',
        '<section class="tg-rule"><h3>R7 Captura<',
        '<section class="tg-rule"><h3>R7 Slaan</h',
    ]
    trigammon_widget.set_language("en")
    assert "<h3>R7 Hit</h3>" in card.html() and card.title == "Hit"  # kept as written


def test_a_teachers_own_text_is_shown_as_written() -> None:
    """A text in no catalogue (a teacher's problem, a study's story) is shown as it was
    written, in any language, around the package's own words; ``""`` stays ``""`` (gettext
    would give the catalogue's header)."""
    own = Problem(
        "mine",
        "mis temas",
        "Mi problema",
        "¿Cómo juegas el 3-1?",
        Position.start(CLASSIC).with_dice(3, 1),
        "8/5 6/5",
        "Haz tu casilla 5.",
    )
    with speaking("es"):
        question = own.html(1)
        assert said("") == ""
        looked = study(Position.start(CLASSIC).with_dice(3, 1))._repr_html_()
    assert "Problema 1: Mi problema" in question and "¿Cómo juegas el 3-1?" in question
    assert "Classic, mis temas." in question and "X tira 3-1." in question
    assert "<b>Posición</b> (R4-R12). </p>" in looked


def test_the_toolkits_errors_keep_their_class_in_every_language() -> None:
    start = Position.start(CLASSIC).with_dice(3, 1)
    said_in: dict[str, str] = {}
    for code in i18n.LANGUAGES:
        with speaking(code):
            with pytest.raises(InvalidPositionError) as refused:
                setup(CLASSIC, {"Z": {6: 5}})
            said_in[code] = str(refused.value)
            with pytest.raises(NotationError):
                attempt_arrows(start, "13/x")
            with pytest.raises(ValueError, match="R1-R14"):
                find_rule("R15")
            with pytest.raises(ValueError):
                find_case("nothing")
            with pytest.raises(ValueError):
                board_svg(start, size=0)
    assert said_in == {
        "en": "'Z' is not a player of classic: use X, O",
        "es": "'Z' no es un jugador de classic: usa X, O",
        "nl": "'Z' is geen speler van classic: gebruik X, O",
    }


SPOKEN = [
    *sorted((ROOT / "src" / "trigammon_widget" / "teaching").glob("*.py")),
    *(
        ROOT / "src" / "trigammon_widget" / path
        for path in (
            "judgement/analysis.py",
            "judgement/play/bots.py",
            "judgement/cube/decision.py",
            "judgement/play/equity_rollout.py",
            "judgement/evaluation.py",
            "judgement/play/bot_games.py",
            "judgement/cube/met.py",
            "judgement/play/rollout.py",
            "judgement/nets/shipped.py",
            "pictures/chart.py",
            "pictures/export.py",
            "pictures/raster.py",
            "pictures/svg.py",
        )
    ),
]
"""Modules whose errors reach a learner or a teacher (a notebook's call, the board's
analysis). The rest of ``judgement`` (the training runs, the nets' files, the bear-off
table's build, the worker pool) speaks to the programmer, in English."""


@pytest.mark.parametrize("path", SPOKEN, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_error_of_the_course_goes_through_the_catalogues(path: Path) -> None:
    """No ``raise ...Error("text")`` (or an f-string) is left but a failed check of the
    package's own tables (``AssertionError``)."""
    left = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
            continue
        if isinstance(node.exc.func, ast.Name) and node.exc.func.id == "AssertionError":
            continue
        for arg in node.exc.args:
            if _written_out(arg.value if isinstance(arg, ast.Subscript) else arg):
                left.append(node.lineno)
    assert left == []


@pytest.fixture
def package_language() -> Iterator[None]:
    before = i18n._package_language
    yield
    i18n._package_language = before
