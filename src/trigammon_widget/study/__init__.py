"""Study: a learner's library of decisions to practise, with spaced repetition.

``Library(path)`` keeps cards in an SQLite file: the mistakes of analysed games and
matches (``add_mistakes``), positions added by hand (``add``), the course's problems
(``add_problems``) and decks shared as JSON (``import_deck``, ``export_deck``), in
both variants. ``due()`` lists what to drill now and ``answer()`` judges an answer
against the card's best and reschedules the card by FSRS, Anki's scheduler; the board
drills a library in its drill mode (``BoardWidget.drill``).
"""

from __future__ import annotations

from .answers import Judged, Verdict
from .cards import CUBE_ACTIONS, KINDS, SOURCES, Card, Choice, Filters, Source
from .library import Cards, Library
from .schedule import GRADES, Grade, Grading

__all__ = [
    "CUBE_ACTIONS",
    "GRADES",
    "KINDS",
    "SOURCES",
    "Card",
    "Cards",
    "Choice",
    "Filters",
    "Grade",
    "Grading",
    "Judged",
    "Library",
    "Source",
    "Verdict",
]
