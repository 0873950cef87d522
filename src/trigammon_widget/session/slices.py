"""The session's state in frozen slices, each written by the facets that own it.

A slice is a frozen value; a facet never changes one, it builds a new one (``replace``)
and hands it to ``SessionState._swap``, which installs it whole. Who writes what:

- ``Board`` (what is played and shown: the game, the match, the turn in progress, the
  tutor's hold on it, the editor's set-up): the board's facets, ``playing``,
  ``match_play``, ``navigation`` and ``editing``. Bots' turns and the tutor's answers go
  through ``playing``'s methods.
- ``Look`` (how the board is drawn): ``look``.
- ``Seating`` (who sits where): ``seats``.
- ``Analyses`` (hints, chances, the review): ``judging``.
- ``TutorSettings`` (whether a person's plays are checked, and how strictly): ``tutoring``.
- ``Drill`` (a study library drilled at the board: the card shown, its verdict, the
  session's answers): ``drilling``, which also puts each card on the board (the
  ``Board``) and shows it from its mover's seat (the ``Look``).

``tests/session/test_slices.py`` holds each module to its slices. The game and the
match inside ``Board`` are the engine's values, changed only through their own methods,
each of which either does what it is asked or raises and changes nothing; the board's
facets call them after every other check, then swap.

The facts every part of the board reads (is the game over, may the cube be offered,
who acts now) are properties of ``Board``, worked out from it and never stored.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from ..engine import Game, Match, Move, Play, Position
from ..judgement.analysis import THRESHOLDS, PlayRating, Report
from ..judgement.play import Bot, Progress
from ..study import Card, Library, Verdict
from ..study.cards import Filters
from .coaching import Analysis, CubeWarning, HintRow, Review, TutorWarning
from .view import HUMAN, Seat

if TYPE_CHECKING:  # the nets' values: numpy's (``judgement.judges``)
    from ..judgement.evaluation import Hint
    from ..judgement.play import EquityRollout, RolledHint

__all__ = [
    "MAX_PACE",
    "PACE",
    "Analyses",
    "Board",
    "CubeHeld",
    "Drill",
    "Found",
    "Held",
    "Job",
    "Look",
    "Seating",
    "TutorSettings",
]

Found: TypeAlias = "EquityRollout | list[RolledHint] | Report"
"""What a ``Job`` finds: a rollout's chances, rolled-out hints, or a game's review."""


@dataclass
class Job:
    """A background analysis the session asked for: run ``work`` and report back."""

    kind: Literal["hints", "chances", "review"]
    total: int
    work: Callable[[Progress, threading.Event], Found]
    stop: threading.Event = field(default_factory=threading.Event)
    asked: HintsAsked | None = None
    """What Hints were asked (``Analyses.finished_hints``); None for other jobs."""


@dataclass(frozen=True)
class HintsAsked:
    """What Hints were asked: the roll (``position``), by which evaluator, with which
    play made there rolled out too (its notation), how many candidates, and the
    rollout's settings."""

    position: Position
    evaluator: str
    played: str | None
    candidates: int
    settings: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class FinishedHints:
    """Hints rolled out to the end: what was ``asked``, the panel they showed, and the
    net's hints of the roll beside it (``Analyses.rated``)."""

    asked: HintsAsked
    analysis: Analysis
    rated: tuple[Hint, ...]


@dataclass(frozen=True)
class Held:
    """A person's play the tutor stopped: its warning, the better play, the play."""

    warning: TutorWarning
    best: Play
    play: Play


@dataclass(frozen=True)
class CubeHeld:
    """A person's cube action the tutor stopped before it was made (R14): its warning,
    and for a roll (``"no double"``) the dice asked for, if any."""

    warning: CubeWarning
    dice: tuple[int, ...] = ()


@dataclass(frozen=True)
class TutorStop:
    """A play the tutor stopped and its person's answer: taken back, or played all the
    same. The review lists them (walk 21: a play taken back left no trace in it), and
    rates a play taken back beside the plays of its turn by Hints' rollout of the roll
    where it rolled it out (``rated``; walk 32 found it in no list)."""

    warning: TutorWarning
    taken_back: bool
    rated: PlayRating | None = None


@dataclass(frozen=True)
class Board:
    """What is played and shown: ``game`` (the session's own copy; in a match, the game
    shown), ``match``, the moves of the turn in progress (``done``), the play the tutor
    holds back (``held``) or held and was taken back this turn (``taken_back``), the
    cube action it holds back (``cube_held``), and in edit mode the set-up
    (``editing``) and whose checkers a click places (``edit_player``)."""

    game: Game
    match: Match | None = None
    done: tuple[Move, ...] = ()
    held: Held | None = None
    taken_back: Play | None = None
    cube_held: CubeHeld | None = None
    editing: Position | None = None
    edit_player: int = 0

    def afresh(self, **changes: Any) -> Board:
        """The board once its game moved on (and ``changes``): no move of the turn in
        progress made, nothing held back or taken back."""
        fresh = {"done": (), "held": None, "taken_back": None, "cube_held": None}
        return replace(self, **{**fresh, **changes})

    @property
    def tutored(self) -> Play | None:
        """The play the tutor stopped this turn, held still or taken back: the one Hints
        rolls out beside the best."""
        return self.held.play if self.held is not None else self.taken_back

    @property
    def playing(self) -> bool:
        """Whether the board plays (else it edits a set-up)."""
        return self.editing is None

    @property
    def position(self) -> Position:
        """The shown position at the start of its turn (the set-up in edit mode)."""
        return self.editing if self.editing is not None else self.game.position

    @property
    def last_game(self) -> bool:
        """Whether the shown game is the one played on: a game alone, or a match's last."""
        return self.match is None or self.game is self.match.game

    @property
    def game_over(self) -> bool:
        """Whether the shown game has ended at the shown turn: borne off (R12), a double
        passed or a resignation (R14). The label, the buttons, the cube and the
        messages all read this."""
        return self.playing and self.game.is_over()

    @property
    def kept(self) -> bool:
        """Whether an earlier turn of a match's game that is over is shown: the game is
        scored, so its record stays as played (stepped through, not played again: a
        pass there would rewrite the match's score)."""
        return (
            self.playing
            and self.match is not None
            and not self.game.is_over()
            and self.game.result(-1) is not None
        )

    @property
    def at_the_end(self) -> bool:
        """Whether the shown turn is where the line is played on: the last turn of the
        line of the game played on."""
        return self.last_game and self.game.ply == len(self.game.turns)

    @property
    def cube_decision(self) -> Literal["double", "take"] | None:
        """The cube decision at the shown turn (R14), whoever makes it and whether or not
        it may be made now (a kept game's, an earlier game's): to double before the
        roll, or to take or pass a double. What Hints advise on before the roll."""
        if not self.playing or self.game_over or self.done:
            return None
        actions = self.game.match_position.legal_cube_actions()
        return "take" if "take" in actions else "double" if "double" in actions else None

    @property
    def may_double(self) -> bool:
        """Whether the player to move may offer the cube now (R14): a game going on,
        before its roll, with the cube in reach and no move made."""
        return self.cube_decision == "double" and self.last_game and not self.kept

    @property
    def may_answer(self) -> bool:
        """Whether a double awaits its take or pass (R14)."""
        return self.cube_decision == "take" and self.last_game and not self.kept

    @property
    def may_roll(self) -> bool:
        """Whether the player to move may roll: a game going on, no dice yet, no double
        awaiting its answer, the game played on."""
        game = self.game
        return (
            self.playing
            and game.started
            and self.last_game
            and not self.kept
            and not self.game_over
            and game.position.dice is None
            and not game.cube.offered
        )

    @property
    def rolled(self) -> bool:
        """Whether a turn is being played: a game going on whose dice are set."""
        return (
            self.playing
            and not self.game_over
            and not self.kept
            and self.game.position.dice is not None
        )

    @property
    def may_start_next(self) -> bool:
        """Whether the match's next game may start: its last game is shown (at any of its
        turns), over, and the match is not."""
        match = self.match
        over = self.game_over or self.kept
        return match is not None and self.last_game and over and not match.is_over()

    @property
    def deciding(self) -> int:
        """Who acts now: the player to move, or the one to answer a double."""
        position = self.game.position
        return 1 - position.turn if self.game.cube.offered else position.turn

    @property
    def scored(self) -> bool:
        """Whether the board plays a match, or a game at a score: the score is shown."""
        return self.match is not None or not self.game.match_state.is_fresh()

    def cube_in_play(self, ply: int | None = None) -> bool:
        """Whether the cube is drawn and bots use it (after ``ply`` turns, else at the
        shown one): classic, scored, or the cube moved from the centred 1."""
        game = self.game
        at = game.match_position if ply is None else game.match_position_at(ply)
        return at.cube_in_play or (self.scored and game.variant.players == 2)

    def shown(self) -> Position:
        """The position drawn: the set-up, or the shown one with this turn's moves made."""
        if self.editing is not None:
            return self.editing
        position = self.game.position
        return position.after(self.done) if self.done else position


@dataclass(frozen=True)
class Look:
    """How the board is drawn and speaks: its theme, the checkers' colours (None: the
    theme's), the player seated at the bottom, the language its words are in (None: the
    package's, ``engine.i18n``) and the seat it says "you" to."""

    theme: Literal["light", "dark"] = "light"
    colors: tuple[str, ...] | None = None
    perspective: int = 0
    language: str | None = None
    you: int | None = None
    """The seat of the person in front of the board, addressed in the second person
    (None: a seat named "You" in the board's language, if any)."""

    def fitted(self, players: int) -> Look:
        """The look for a board of ``players`` players (colours kept if they fit)."""
        colors = self.colors if len(self.colors or ()) == players else None
        you = self.you if self.you is not None and self.you < players else None
        perspective = min(self.perspective, players - 1)
        return replace(self, colors=colors, perspective=perspective, you=you)


PACE = 1200
"""Milliseconds between bot turns at first: slow enough to follow each play."""
MAX_PACE = 5000
"""The slowest pace a board takes between bot turns, in milliseconds."""


@dataclass(frozen=True)
class Seating:
    """Who sits at each player's place, the bots that play the bots' seats, and the
    pace at which they play at the board (milliseconds between turns)."""

    seats: tuple[Seat, ...]
    bots: Mapping[int, Bot] = field(default_factory=dict)
    pace: int = PACE

    def fitted(self, players: int) -> Seating:
        """The seats for a board of ``players`` players: kept if the count is the same,
        else everybody a person."""
        if len(self.seats) == players:
            return self
        return replace(self, seats=(HUMAN,) * players, bots={})

    def with_person(self, player: int) -> Seating:
        """The seats with a person at ``player``'s place, its bot gone."""
        seats = tuple(HUMAN if seat == player else kind for seat, kind in enumerate(self.seats))
        bots = {seat: bot for seat, bot in self.bots.items() if seat != player}
        return replace(self, seats=seats, bots=bots)


@dataclass(frozen=True)
class Analyses:
    """The board's analyses: the evaluator that judges, the hints or chances of the
    shown position (``analysis``, refined by ``job`` in the background) and the review of
    a line of play (``review``, by ``review_job``; ``report`` once done, for the turns
    ``reviewed``)."""

    evaluator: str = "neural"
    job: Job | None = None
    analysis: Analysis | None = None
    rated: tuple[Hint, ...] = ()
    """The evaluator's hints of the roll, whose rows ``analysis`` shows before a rollout
    (and after one, those not rolled out)."""
    review_job: Job | None = None
    review: Review | None = None
    report: Report | None = None
    reviewed: tuple[object, ...] = ()
    kept: Mapping[tuple[object, ...], tuple[Review, Report]] = field(default_factory=dict)
    """Every review finished, by the turns of its line: shown again whenever that line
    is (another game of a match, a line left and taken again)."""
    finished_hints: FinishedHints | None = None
    """The last Hints rolled out to the end: asked again, after Chances say, it is shown
    at once rather than rolled out anew (walk 18 lost the comparison it was reading to
    one Chances click), and the tutor follows it even while Chances are shown."""

    def rolled_out(self, position: Position) -> tuple[list[HintRow], bool]:
        """Hints' rollout of ``position``'s roll: its rows best first, and whether it
        told the best from the second; the one shown, else the last finished for it by
        this evaluator (no rows where Hints did not roll it out). What the tutor
        follows."""
        shown = self.analysis
        if shown is None or shown["kind"] != "hints":
            finished = self.finished_hints
            if finished is None:
                return [], True
            asked = finished.asked
            if (asked.position, asked.evaluator) != (position, self.evaluator):
                return [], True
            shown = finished.analysis
        if shown["source"]["kind"] != "rollout":
            return [], True
        return shown.get("hints", []), shown.get("separated", True)

    def dropped(self) -> Analyses:
        """The analyses once the board has changed: the hints or chances were about the
        board as it stood (their job is stopped); the review stays with its line."""
        if self.job is not None:
            self.job.stop.set()
        return replace(self, job=None, analysis=None, rated=())


@dataclass(frozen=True)
class TutorSettings:
    """The tutor's settings: whether it checks a person's play before it is made, and the
    equity a play may lose unwarned (at first GNU Backgammon's "bad")."""

    on: bool = False
    threshold: float = THRESHOLDS[1]


@dataclass(frozen=True)
class Drill:
    """A study library drilled at the board (``library`` None: no drill): the filters
    and the most cards it drills, the card shown (None once none is left: the
    session's summary) with the game it is played in and, once answered, its verdict;
    the session's verdicts so far, the cards skipped, how many were due when the card
    was drawn, and when the next card is due once the drill has ended."""

    library: Library | None = None
    filters: Filters = field(default_factory=lambda: Filters())
    limit: int | None = None
    card: Card | None = None
    game: Game | None = None
    verdict: Verdict | None = None
    done: tuple[Verdict, ...] = ()
    skipped: frozenset[int] = frozenset()
    left: int = 0
    next_due: datetime | None = None

    @property
    def on(self) -> bool:
        return self.library is not None

    def shows(self, board: Board) -> bool:
        """Whether ``board`` plays the card's game (not a set-up, not another game)."""
        return self.game is not None and board.playing and board.game is self.game

    def awaits(self, board: Board) -> bool:
        """Whether ``board`` shows the card, unanswered, at its decision."""
        return self.shows(board) and self.verdict is None and board.game.ply == 0
