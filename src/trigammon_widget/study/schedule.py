"""When a card comes back: FSRS, the scheduler Anki uses, graded by the equity lost.

An answer is graded as Anki's four buttons grade it (again, hard, good, easy), from
what the play lost against the card's best (``Grading``: a play that the review
would mark, GNU Backgammon's 0.04 points per game or more, is forgotten; a near miss
is hard; the best play, or one as good, is good); the learner may override the
grade. The ``fsrs`` package (py-fsrs, the Free Spaced Repetition Scheduler of Anki)
turns the grade into the card's next due time and its memory state (stability,
difficulty), kept per card in the library as ``Memory``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Literal, get_args

import fsrs

from ..engine.errors import quote
from ..engine.i18n import N_, _, ngettext
from ..judgement.analysis import THRESHOLDS

__all__ = [
    "GRADES",
    "GRADE_WORDS",
    "LEARNING",
    "Grade",
    "Grading",
    "Memory",
    "Scheduler",
    "check_grade",
    "due_text",
]

Grade = Literal["again", "hard", "good", "easy"]
"""A grade of an answer: FSRS's four ratings, by name."""
GRADES: tuple[Grade, ...] = get_args(Grade)
"""FSRS's ratings in order (``fsrs.Rating`` 1..4): forgotten, remembered with trouble,
remembered, remembered easily."""
GRADE_WORDS: Mapping[Grade, str] = {
    "again": N_("Again"),
    "hard": N_("Hard"),
    "good": N_("Good"),
    "easy": N_("Easy"),
}
"""Each grade in English, as Anki's buttons say it; translated where people read it."""


LEARNING = fsrs.State.Learning.value
"""A new card's FSRS state: learning, at its first step."""


def check_grade(grade: object) -> Grade:
    """``grade`` if it is one of ``GRADES``, else a ``ValueError``."""
    for known in GRADES:
        if grade == known:
            return known
    raise ValueError(
        _("a grade is one of {grades}, not {grade}").format(
            grades=", ".join(GRADES), grade=quote(grade)
        )
    )


@dataclass(frozen=True)
class Grading:
    """How an answer is graded from the equity it lost: ``again`` from the loss the
    review marks doubtful (0.04, GNU Backgammon's ``?!``), ``hard`` from ``hard``,
    ``good`` below it. A right answer is one not graded ``again``."""

    hard: float = 0.01
    again: float = THRESHOLDS[0]

    def __post_init__(self) -> None:
        for value in (self.hard, self.again):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(
                    _("a grading threshold is an equity, not {value}").format(value=quote(value))
                )
        if not 0 < self.hard <= self.again <= 3:
            raise ValueError(
                _("grading needs 0 < hard <= again <= 3, not hard={hard}, again={again}").format(
                    hard=quote(self.hard), again=quote(self.again)
                )
            )

    def grade(self, loss: float) -> Grade:
        """The grade of an answer that lost ``loss``."""
        if loss >= self.again:
            return "again"
        return "hard" if loss >= self.hard else "good"


@dataclass(frozen=True)
class Memory:
    """A card's memory state as FSRS keeps it: learning, review or relearning
    (``fsrs.State`` 1..3), the learning step, stability (days), difficulty (1..10),
    when it is due and when it was last answered."""

    due: datetime
    state: int = LEARNING
    step: int | None = 0
    stability: float | None = None
    difficulty: float | None = None
    last_review: datetime | None = None

    def _fsrs(self, card_id: int) -> fsrs.Card:
        return fsrs.Card(
            card_id=card_id,
            state=fsrs.State(self.state),
            step=self.step,
            stability=self.stability,
            difficulty=self.difficulty,
            due=self.due,
            last_review=self.last_review,
        )


class Scheduler:
    """FSRS with the library's settings: ``retention``, the chance of recall aimed at
    when a card comes back (Anki's default 0.9), and ``fuzz``, a little randomness in
    long intervals so that cards learnt together do not all come back together."""

    def __init__(self, retention: float = 0.9, fuzz: bool = True) -> None:
        if isinstance(retention, bool) or not isinstance(retention, int | float):
            raise ValueError(
                _("retention is a chance 0.7..0.99, not {value}").format(value=quote(retention))
            )
        if not 0.7 <= retention <= 0.99:
            raise ValueError(
                _("retention is a chance 0.7..0.99, not {value}").format(value=quote(retention))
            )
        if not isinstance(fuzz, bool):
            raise ValueError(_("fuzz is True or False, not {value}").format(value=quote(fuzz)))
        self._fsrs = fsrs.Scheduler(desired_retention=float(retention), enable_fuzzing=fuzz)

    def review(self, memory: Memory, grade: Grade, at: datetime, card_id: int = 0) -> Memory:
        """The memory after an answer graded ``grade`` at ``at`` (aware)."""
        rating = fsrs.Rating(GRADES.index(grade) + 1)
        card, _log = self._fsrs.review_card(
            memory._fsrs(card_id), rating, review_datetime=at.astimezone(UTC)
        )
        return Memory(
            due=card.due,
            state=card.state.value,
            step=card.step,
            stability=card.stability,
            difficulty=card.difficulty,
            last_review=card.last_review,
        )


def due_text(due: datetime | None, now: datetime) -> str:
    """When a card is next due, said from ``now``: *now*, *in 10 minutes*, *in 3 hours*,
    *in 4 days*; empty for none."""
    if due is None:
        return ""
    left = due - now
    if left <= timedelta(0):
        return _("now")
    minutes = round(left / timedelta(minutes=1))
    if minutes < 60:
        count = max(1, minutes)
        return ngettext("in {count} minute", "in {count} minutes", count).format(count=count)
    hours = round(left / timedelta(hours=1))
    if hours < 36:
        return ngettext("in {count} hour", "in {count} hours", hours).format(count=hours)
    days = round(left / timedelta(days=1))
    return ngettext("in {count} day", "in {count} days", days).format(count=days)
