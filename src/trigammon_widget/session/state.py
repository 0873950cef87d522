"""What a session owns, and the questions every part of it asks.

``SessionState`` holds the game or match, the turn in progress, the editor's set-up,
the seats, the analyses and how the board is drawn; each facet of ``Session``
(``play``, ``match``, ``navigation`` ...) adds its actions on top of it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..engine import (
    Cube,
    Game,
    IllegalMoveError,
    LegalPlays,
    Match,
    MatchPosition,
    MatchState,
    Move,
    Play,
    Position,
    Variant,
    find_variant,
)
from ..engine.game import Record
from ..judgement.analysis import THRESHOLDS, Report
from ..judgement.bots import Bot
from ..judgement.evaluation import EVALUATORS, Evaluation, Evaluator, find_evaluator
from ..judgement.evaluation import Hint as RatedPlay
from ..judgement.rollout import Progress, RolledHint, RolloutResult
from ..pictures.svg import THEMES
from ..protocol import IntentError
from ..teaching.coaching import Analysis, Review, TutorWarning
from .view import Message, Seat

__all__ = ["Found", "Job", "SessionState", "checked_player", "first_shown"]


Found = RolloutResult | list[RolledHint] | Report
"""What a ``Job`` finds: a rollout's chances, refined hints, or a game's review."""


@dataclass
class Job:
    """A background analysis the session asked for: run ``work`` and report back."""

    kind: Literal["hints", "chances", "review"]
    total: int
    work: Callable[[Progress, threading.Event], Found]
    stop: threading.Event = field(default_factory=threading.Event)


class SessionState:
    """A board's state, and the checks and words that its actions share."""

    def __init__(
        self,
        source: Match | Game | MatchPosition | Position | Variant | str = "trigammon",
        *,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        colors: Sequence[str] | None = None,
        perspective: int = 0,
        theme: str = "light",
        evaluator: str = "neural",
    ) -> None:
        if evaluator not in EVALUATORS:
            raise ValueError(f"evaluator must be one of {EVALUATORS}, not {evaluator!r}"[:120])
        if theme not in THEMES:
            raise ValueError(f"theme must be one of {sorted(THEMES)}, not {theme!r}")
        self._seed = seed
        game, match = _new_game(source, names, seed)
        self._game, self._match = game, match
        self._colors = _colors(game.variant, colors)
        self._theme: Literal["light", "dark"] = "dark" if theme == "dark" else "light"
        self._perspective = checked_player(game.variant, perspective, "perspective")
        self._done: tuple[Move, ...] = ()
        self._editing: Position | None = None
        self._edit_player = 0
        self._seats: list[Seat] = ["human"] * game.variant.players
        self._bots: dict[int, Bot] = {}
        self._message: Message | None = None
        self._version = 0
        self._line = 0
        self._job: Job | None = None
        self._analysis: Analysis | None = None
        self._evaluator = evaluator
        self._review_job: Job | None = None
        self._review: Review | None = None
        self._report: Report | None = None
        self._reviewed: tuple[Record, ...] = ()
        self._tutor = False
        self._tutor_threshold = THRESHOLDS[1]  # a "bad" play
        self._warning: tuple[TutorWarning, Play, Play] | None = None
        """The tutor's warning, the better play, and the play it stopped."""
        self._rated: list[RatedPlay] = []
        self._evaluation: Evaluation | None = None
        self._legal: LegalPlays | None = None
        self._targets: dict[int, dict[int, tuple[Move, ...]]] | None = None
        self._drawn: tuple[tuple[int, int], str] = ((-1, 0), "")
        self._graphed: tuple[Report | None, str] = (None, "")
        self._turn_drawings: dict[tuple[int, int], str] = {}
        self._changed(info=self._opening_text(), line=True)

    # reading -------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game played at the board, or the match's game shown (the session's own
        copy)."""
        return self._game

    @property
    def match(self) -> Match | None:
        """The match played at the board (the session's own copy), if any."""
        return self._match

    @property
    def position(self) -> Position:
        """The shown position at the start of its turn (``partial``: moves made since)."""
        return self._editing if self._editing is not None else self._game.position

    @property
    def partial(self) -> tuple[Move, ...]:
        """Moves made this turn, not yet confirmed."""
        return self._done

    @property
    def legal_plays(self) -> LegalPlays:
        """The legal plays for this turn's dice, from the turn's start."""
        position = self._game.position
        if self._legal is None or self._legal.position != position:
            self._legal = position.legal_plays()
        return self._legal

    @property
    def names(self) -> tuple[str, ...]:
        return self._game.names

    @property
    def perspective(self) -> int:
        return self._perspective

    @property
    def version(self) -> int:
        return self._version

    @property
    def analysis(self) -> Analysis | None:
        """The last analysis as the board shows it: kind, status, progress, results."""
        return self._analysis

    @property
    def job(self) -> Job | None:
        """The analysis being worked out, if any."""
        return self._job

    # internals --------------------------------------------------------------------------

    def _changed(
        self, info: str | None = None, *, line: bool = False, keep_analysis: bool = False
    ) -> None:
        """One change of the board: a new version, and the analysis is dropped (it was
        about the board as it stood) unless the change left the position alone."""
        self._version += 1
        self._line += line
        self._targets = None
        self._warning = None
        if not keep_analysis:
            if self._job is not None:
                self._job.stop.set()
            self._job = None
            self._analysis = None
        self._message = {"kind": "info", "text": info, "rule": None} if info else None

    def _rolled(self) -> Position:
        """The position of a turn being played, whose dice are set."""
        self._require_play()
        position = self._game.position
        if self._game.is_over():
            raise IllegalMoveError("R12", "the game is over")
        if position.dice is None:
            raise IllegalMoveError("R4", "roll the dice first")
        return position

    def _listed(self, index: int) -> Play:
        """Entry ``index`` of the legal plays (the ``plays`` list)."""
        plays = list(self.legal_plays)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(plays):
            raise IntentError(f"index must be a listed play 0..{len(plays) - 1}, got {index!r}")
        return plays[index]

    def _require_play(self, navigate: bool = False) -> None:
        """Refuse to play in edit mode, and in a match's earlier game but to step
        through it (``navigate``): its result is the match's record."""
        if self._editing is not None:
            raise IntentError("the board is in edit mode: leave it to play")
        if not navigate and not self._is_last_game():
            assert self._match is not None
            number = self._match.games.index(self._game) + 1
            raise IntentError(
                f"game {number} of the match is played: show the last game to play on"
            )

    def _match_in_play(self) -> bool:
        """Whether the board plays a match, or a game at a score: the score is shown."""
        game = self._game
        plain = MatchState(score=(0,) * game.variant.players)
        return self._match is not None or game.match_state != plain

    def _cube_in_play(self, cube: Cube | None = None) -> bool:
        """Whether the cube is drawn and the heuristic bot uses it: classic, in a match
        or at a score, or once the cube (``cube``, else the shown one) has left the
        centred 1."""
        game = self._game
        shown = game.cube if cube is None else cube
        return game.variant.players == 2 and (self._match_in_play() or shown != Cube())

    def _is_last_game(self) -> bool:
        return self._match is None or self._game is self._match.game

    def _deciding(self) -> int:
        """Who acts now: the player to move, or the one to answer a double."""
        position = self._game.position
        return 1 - position.turn if self._game.cube.offered else position.turn

    def _ending(self) -> str:
        """How the shown game ended, in words, with the match's score."""
        win = self._game.result()
        if win is None:
            return ""
        how = {"bear-off": "", "drop": " (double passed)", "resignation": " (resignation)"}
        points = f"{win.points} point{'' if win.points == 1 else 's'}"
        text = f"{self._name(win.winner)} wins {points}{how[win.ending]}"
        match = self._match
        if match is not None and self._is_last_game():
            text += f"; the score is {'-'.join(map(str, match.score))}"
            if match.is_over():
                text += f": {self._name(match.winner or 0)} wins the match"
        return text

    def _name(self, player: int) -> str:
        return self._game.names[player]

    def _opening_text(self) -> str | None:
        game = self._game
        if not game.opening or game.ply:
            return None
        rolled = "; ".join(
            ", ".join(f"{self._name(p)} {v}" for p, v in enumerate(r.dice) if v is not None)
            for r in game.opening
        )
        return f"Opening roll (R2): {rolled}. {self._name(game.position.turn)} starts."

    def _legal_targets(self) -> dict[int, dict[int, tuple[Move, ...]]]:
        if self._targets is None:
            position = self._game.position
            playing = self._editing is None and position.dice is not None
            playing = playing and not position.is_over()
            self._targets = self.legal_plays.targets(self._done) if playing else {}
        return self._targets

    def _judge(self) -> Evaluator:
        chosen = find_evaluator(self._evaluator)
        chosen.check(self._game.variant)
        return chosen

    def _current_report(self) -> Report | None:
        """The report while the line is the one analysed."""
        return (
            self._report
            if self._report is not None and self._game.turns == self._reviewed
            else None
        )


def _new_game(
    source: Match | Game | MatchPosition | Position | Variant | str,
    names: Sequence[str] | None,
    seed: int | None,
) -> tuple[Game, Match | None]:
    """The session's game and match from what it was given (copies, never the
    caller's own); a new game's opening roll is made at once."""
    if isinstance(source, Match):
        if names:
            raise ValueError("a match keeps its players' names")
        match = source.copy()
        return first_shown(match), match
    if isinstance(source, Game):
        return source.copy(names=names), None
    if isinstance(source, MatchPosition):
        variant = source.position.variant
        return Game(variant, start=source, names=tuple(names or ()), seed=seed), None
    if isinstance(source, Position):
        return Game(source.variant, start=source, names=tuple(names or ()), seed=seed), None
    game = Game(find_variant(source), names=tuple(names or ()), seed=seed)
    while game.roll_opening() is None:
        pass
    return game, None


def first_shown(match: Match) -> Game:
    """The game a board shows first: a finished match's first game at its start (to
    study it), else the game being played (to play on; its opening roll made)."""
    if match.is_over():
        game = match.games[0]
        game.goto(0)
        return game
    game = match.game
    while not game.started:
        game.roll_opening()
    return game


def _colors(variant: Variant, colors: Sequence[str] | None) -> tuple[str, ...] | None:
    """Checker colours, one per player; None: the theme's."""
    if colors is None:
        return None
    chosen = (colors,) if isinstance(colors, str) else tuple(colors)
    if len(chosen) != variant.players or not all(
        isinstance(c, str) and len(c) <= 40 for c in chosen
    ):
        raise ValueError(
            f"colors needs one CSS colour per player ({variant.players}), got {colors!r}"[:160]
        )
    return chosen


def checked_player(variant: Variant, player: object, what: str) -> int:
    """``player`` as a player of ``variant``, or an ``IntentError`` naming ``what``."""
    players = variant.players
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise IntentError(f"{what} must be a player 0..{players - 1}, got {player!r}"[:120])
    return player
