"""Judging a learner's answer to a card: what it loses against the card's best.

A play is judged by the position it leaves (two notations of one play are one
answer): its equity is the card's own where the card keeps that play among its best;
otherwise every play of the roll is rated now, by the card's evaluator at its ply
(the project's net where that evaluator is not at hand), and the loss is the rated
best less the rated answer, both by one evaluator. A cube card keeps every choice
(a double or not; a take or a pass), so its answers need no rating.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from ..engine import MatchPosition, Play, Position
from ..engine.errors import quote
from ..engine.i18n import _, decimal
from ..judgement.judges import need_numpy
from .cards import CUBE_ACTIONS, Card, Choice, CubeAction
from .schedule import GRADE_WORDS, Grade, due_text

if TYPE_CHECKING:
    from ..judgement.evaluation import Evaluator

__all__ = ["Judged", "Verdict", "cube_answer", "judge"]

_SYNONYMS: dict[str, CubeAction] = {"pass": "drop", "no_double": "no double", "roll": "no double"}
"""Other words for a cube card's answers: a pass is a drop, rolling is not doubling."""


@dataclass(frozen=True)
class Judged:
    """An answer judged: as the card writes it, its equity, what it lost against the
    best, and the evaluator that rated it (at the card's ply)."""

    answer: str
    equity: float
    loss: float
    evaluator: str


@dataclass(frozen=True)
class Verdict:
    """A card answered (``Library.answer``): the answer judged, the card's best
    choices, the grade given (``graded``: the one the loss gave, before the learner's
    own) and the card as rescheduled (its new ``due``). ``review``: the answer's row in
    the library, which ``Library.regrade`` changes."""

    card: Card
    judged: Judged
    grade: Grade
    graded: Grade
    at: datetime
    review: int

    @property
    def answer(self) -> str:
        return self.judged.answer

    @property
    def loss(self) -> float:
        return self.judged.loss

    @property
    def right(self) -> bool:
        """Whether the answer was right: not graded ``again`` (a play the review would
        not mark)."""
        return self.grade != "again"

    @property
    def best(self) -> tuple[Choice, ...]:
        return self.card.best

    @property
    def due(self) -> datetime:
        return self.card.due

    def __str__(self) -> str:
        """The verdict in words, in the language spoken: the answer, what it lost, the
        grade and when the card comes back."""
        said = self.card.said(self.answer)
        if self.loss < 0.0005:
            text = _("{answer}: the best answer.").format(answer=said)
        else:
            text = _("{answer} loses {loss} points per game against {best}.").format(
                answer=said, loss=decimal(self.loss, 3), best=self.card.said(self.best[0].text)
            )
        return " ".join(
            (
                text,
                _("Graded {grade}: the card comes back {due}.").format(
                    grade=_(GRADE_WORDS[self.grade]), due=due_text(self.due, self.at)
                ),
            )
        )


def cube_answer(card: Card, answer: object) -> CubeAction:
    """``answer`` as one of a cube card's choices (``pass`` is ``drop``), else a
    ``ValueError`` naming the choices."""
    text = answer.strip().lower() if isinstance(answer, str) else answer
    action = _SYNONYMS.get(text, text) if isinstance(text, str) else text
    choices = [choice.text for choice in card.best]
    for known in CUBE_ACTIONS:
        if action == known and known in choices:
            return known
    raise ValueError(
        _("this card asks for one of {choices}, not {answer}").format(
            choices=", ".join(card.said(choice) for choice in choices), answer=quote(answer)
        )
    )


def judge(card: Card, answer: Play | str) -> Judged:
    """``answer`` (a play or its notation; a cube action) judged against ``card``'s
    best; a ``ValueError`` (an ``IllegalMoveError`` naming the rule) for an answer
    that is not one of the card's legal choices."""
    position = card.position
    if isinstance(position, MatchPosition):
        action = cube_answer(card, answer)
        best = card.best[0].equity
        equity = next(choice.equity for choice in card.best if choice.text == action)
        return Judged(action, equity, max(0.0, best - equity), card.evaluator)
    if isinstance(answer, str):
        play = position.parse_play(answer)
    elif isinstance(answer, Play):
        play = position.legal_plays().check(answer)
    else:
        raise ValueError(
            _("an answer is a play or its notation, not {answer}").format(answer=quote(answer))
        )
    text = position.format_play(play)
    reached = _boards(position, play)
    for choice in card.best:  # the card's own notation of the play, whatever the learner's
        if _boards(position, position.parse_play(choice.text)) == reached:
            best = card.best[0].equity
            loss = max(0.0, best - choice.equity)
            return Judged(choice.text, choice.equity, loss, card.evaluator)
    need_numpy(_("Judging a play the card does not keep"))
    from ..judgement.evaluation import hints

    evaluator = _evaluator(card, position)
    ranked = hints(position, evaluator=evaluator, ply=card.ply)
    mine = next(hint for hint in ranked if _boards(position, hint.play) == reached)
    return Judged(text, mine.equity, max(0.0, ranked[0].equity - mine.equity), evaluator.name)


def _boards(position: Position, play: Play) -> object:
    return position.after(play.moves).boards


def _evaluator(card: Card, position: Position) -> Evaluator:
    """The card's evaluator where it can rate the position here, else the project's."""
    from ..judgement.evaluation import find_evaluator

    try:
        chosen = find_evaluator(card.evaluator)
        chosen.check(position.variant)
    except ValueError:
        return find_evaluator(None)
    return chosen
