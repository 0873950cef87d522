"""Drilling a study library at the board: each due card played as in a game, judged,
rescheduled, and the next one drawn.

``drill(library)`` puts the first due card on the board, from its mover's seat (the
board says "you" to them): a checker play with its dice, played with the board's own
controls (a checker at a time and Confirm, a listed play, ``play``, ``answer``), or a
cube decision, answered with ``answer`` ("double", "no double", "take", "pass").
The play is judged by the library (``Library.answer``) before it is made, and the
board shows the verdict: the play made and the best one dashed over it, what it
lost, the card's comment and source. ``regrade`` overrides the grade given,
``next_card`` draws the next due card (or skips the one shown), and once none is
left (or ``limit`` were answered) the board shows the session's summary.
``stop_drill`` leaves the drill; the board keeps what it shows.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Unpack, cast

from ..engine import Game, MatchPosition, Play
from ..engine.i18n import _, ngettext
from ..study import GRADES, Card, Grade, Library
from ..study.cards import Filters, check_filters
from .protocol import TEXT, IntentError, action, choice
from .seats import Seats
from .slices import Board, Drill
from .state import names_with_you, taken_up

__all__ = ["Drilling"]


class Drilling(Seats):
    """The drill: a library's due cards, one after another, judged as they are played."""

    def drill(
        self, library: Library, *, limit: int | None = None, **filters: Unpack[Filters]
    ) -> None:
        """Drill ``library``'s due cards at the board (those that pass the filters of
        ``Library.due``; at most ``limit``): the first is shown at once. A person sits
        at every seat while the drill goes on."""
        if not isinstance(library, Library):
            raise ValueError(
                _("drill needs a study Library, not {kind}").format(kind=type(library).__name__)
            )
        if limit is not None and (
            isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 10_000
        ):
            raise ValueError(
                _("limit is a number of cards 1..10000, not {value}").format(value=repr(limit)[:40])
            )
        chosen = check_filters(filters)  # before anything changes
        for player in sorted(self._seating.bots):
            self.set_seat(player, "human")
        self._show_next(Drill(library, chosen, limit))

    @property
    def drilling(self) -> Drill:
        """The drill's slice: the card shown, its verdict, the session's answers."""
        return self._drill

    @action(answer=TEXT)
    def answer(self, answer: str) -> None:
        """Answer the card shown: a play in notation, or a cube action ("double", "no
        double", "take", "pass")."""
        drill = self._drill
        self._require_card()
        if not isinstance(answer, str):
            raise IntentError(_("an answer is a text, not {value}").format(value=repr(answer)[:40]))
        card = cast(Card, drill.card)
        if card.kind == "cube":
            self._judge_answer(answer)
        else:
            self.play(answer)

    @action(grade=choice(*GRADES))
    def regrade(self, grade: str) -> None:
        """Grade the card's answer ``grade`` ("again", "hard", "good", "easy") in place
        of the grade its loss gave: the card is rescheduled."""
        drill = self._drill
        verdict = drill.verdict
        if verdict is None or drill.library is None:
            raise ValueError(_("no answer to grade: answer the card first"))
        regraded = drill.library.regrade(verdict, cast(Grade, grade))
        done = (*drill.done[:-1], regraded)
        self._swap(drill=replace(drill, verdict=regraded, done=done), info=str(regraded))

    @action()
    def next_card(self) -> None:
        """Show the next due card (the one shown, unanswered, is skipped); the session's
        summary once none is left."""
        drill = self._drill
        if not drill.on:
            raise ValueError(_("no drill: drill a study library first"))
        if drill.card is None:
            raise ValueError(_("the drill is over: no card is due"))
        skipped = drill.skipped
        if drill.verdict is None:
            skipped = skipped | {drill.card.id}
        self._show_next(replace(drill, skipped=skipped))

    @action()
    def stop_drill(self) -> None:
        """Leave the drill; the board keeps what it shows."""
        if not self._drill.on:
            raise ValueError(_("no drill to stop"))
        self._swap(drill=Drill(), info=_("The drill is over."))

    # the board's controls on a card ----------------------------------------------------

    def _commit(
        self, play: Play | str | None, replace: bool = False, *, tutored: bool = True
    ) -> None:
        """A play of the card shown is judged first (no tutor in a drill), then made."""
        if not self._drill.awaits(self._board):
            super()._commit(play, replace, tutored=tutored)
            return
        if play is None:
            raise ValueError(_("name the play: the card has more than one"))
        chosen = self.legal_plays.check(
            self._board.game.position.parse_play(play) if isinstance(play, str) else play
        )
        self._judge_answer(chosen)

    def _require_person(self) -> None:
        """A card's cube decision is answered with ``answer``; an answered card is left
        with ``next_card``: the board's other controls wait till then."""
        super()._require_person()
        drill = self._drill
        if not drill.shows(self._board) or drill.card is None:
            return
        if drill.verdict is not None:
            raise IntentError(_("the card is answered: go on to the next card"))
        if drill.card.kind == "cube":
            raise IntentError(
                _("answer the card: {choices}").format(
                    choices=", ".join(drill.card.said(choice.text) for choice in drill.card.best)
                )
            )

    def set_dice(self, die1: int, die2: int) -> None:
        """The card's roll is the card's: its dice stay while it is drilled."""
        if self._drill.shows(self._board):
            raise IntentError(_("the card's dice are its own: play them"))
        super().set_dice(die1, die2)

    # drawing and judging -------------------------------------------------------------------

    def _judge_answer(self, answer: Play | str) -> None:
        """Judge ``answer`` to the card shown (the library records it), then show the
        verdict: a play made on the board, the best one dashed over it."""
        drill = self._drill
        card, library = cast(Card, drill.card), cast(Library, drill.library)
        verdict = library.answer(card, answer)
        board = self._board
        if isinstance(answer, Play):
            board.game.play(answer)
            board = board.afresh()
        text = str(verdict)
        done = (*drill.done, verdict)
        self._swap(
            board=board, drill=replace(drill, verdict=verdict, done=done), info=text, line=True
        )

    def _show_next(self, drill: Drill) -> None:
        """Show the next due card of ``drill`` (its verdict and the card before it
        dropped), or, none left, its summary."""
        library = cast(Library, drill.library)
        filters = drill.filters
        answered = len(drill.done)
        card = None
        if drill.limit is None or answered < drill.limit:
            found = library.due(limit=len(drill.skipped) + 1, **filters)
            card = next((c for c in found if c.id not in drill.skipped), None)
        left = library.count(due=True, **filters)
        if card is None:
            ended = replace(drill, card=None, game=None, verdict=None, left=left)
            ended = replace(ended, next_due=library.next_due(**filters))
            text = (
                ngettext(
                    "The drill is over: {count} card answered.",
                    "The drill is over: {count} cards answered.",
                    answered,
                ).format(count=answered)
                if left
                else _("The drill is over: no card is due.")
            )
            self._swap(drill=ended, info=text, line=True)
            return
        board, decider = self._card_board(card)
        look = replace(self._look.fitted(len(board.game.names)), perspective=decider, you=decider)
        shown = replace(drill, card=card, game=board.game, verdict=None, left=left)
        text = _("Card {id}: {question}").format(id=card.id, question=card.question())
        self._swap(board=board, look=look, drill=shown, info=text, line=True)

    def _card_board(self, card: Card) -> tuple[Board, int]:
        """The board that plays ``card``'s decision, and the player who decides: a game
        from its position (a match taken up at its score for a cube decision), the
        decider named "You"."""
        position = card.position
        decider = card.decider
        if isinstance(position, MatchPosition):
            names = tuple(names_with_you(None, position.position.variant, decider))
            game, match = taken_up(position, names, self._seed)
            return Board(game, match), decider
        names = tuple(names_with_you(None, position.variant, decider))
        return Board(Game(position.variant, start=position, names=names, seed=self._seed)), decider

    def _require_card(self) -> None:
        drill = self._drill
        if not drill.on:
            raise ValueError(_("no drill: drill a study library first"))
        if drill.card is None:
            raise ValueError(_("the drill is over: no card is due"))
        if drill.verdict is not None:
            raise ValueError(_("the card is answered: go on to the next card"))
        if not drill.awaits(self._board):
            raise ValueError(_("the board shows something else: go on to the next card"))
