"""A session at the board: the state a person works with, with no Jupyter in it.

A ``Session`` owns a game or a match (its own copy), the moves made so far in the
turn being played, the editor's set-up, who sits at each seat, which turn is shown and how the
board is drawn. Every action is a method that checks its arguments and the rules,
then either changes the state as a whole or raises a ``ValueError`` naming the rule
or field and changes nothing (the state is built first, then swapped in).

Methods marked ``@action`` are also the intents a front end may send
(``protocol``); ``BoardWidget`` carries them over the wire and runs the ``Job``\\ s
that ``hints``, ``chances`` and ``analyse`` return in the background. The evaluator
judges at once (hints and chances of the shown position, the tutor's check of a
play); rollouts refine its answers and a game review rates every turn, in the
background (``coaching`` makes the rows the board shows).
"""

from __future__ import annotations

import base64
import json
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, TypedDict, cast

from .analysis import Report, analyse
from .bots import Bot, CubeBot, HeuristicBot, NeuralBot, RandomBot, autoplay
from .chart import equity_graph
from .coaching import (
    Analysis,
    Review,
    TutorWarning,
    chances_view,
    hint_rows,
    review_view,
    tutor_warning,
)
from .cube import evaluated_chances
from .engine import (
    CHECKERS,
    Cube,
    CubeAction,
    Game,
    IllegalMoveError,
    InvalidPositionError,
    LegalPlays,
    Match,
    MatchPosition,
    MatchState,
    Move,
    Outcome,
    Play,
    Position,
    Resignation,
    Turn,
    Variant,
    find_variant,
)
from .engine.game import Record, Variation
from .engine.notation import format_play
from .engine.places import Place, index_of, parse_place, place_of
from .engine.sources import read_source
from .evaluation import EVALUATORS, Evaluation, Evaluator, evaluate, find_evaluator
from .evaluation import Hint as RatedPlay
from .evaluation import hints as rate_plays
from .protocol import (
    BOOL,
    DIE_OR_NONE,
    INT,
    PLACE,
    TEXT,
    ExportFile,
    IntentError,
    action,
    choice,
)
from .rollout import Progress, RolloutResult, hints, rollout
from .svg import THEMES, board_svg, css_variables

__all__ = ["SEATS", "Job", "Session", "View"]

Seat = Literal["human", "random", "heuristic", "neural"]
SEATS: Mapping[str, Callable[[int | None], Bot] | None] = {
    "human": None,
    "random": RandomBot,
    "heuristic": lambda seed: HeuristicBot(),
    "neural": lambda seed: NeuralBot(),
}
"""Who can sit at a player's place: a person, or a built-in bot made from the seed.
Once the cube is in play (a match, a score, a cube moved from the centred 1), the
heuristic and neural bots double and take by ``cube.cube_decision`` on the board's
evaluator's chances (``bots.CubeBot``); the random bot never doubles and always
takes."""


# --- what the board shows ------------------------------------------------------------


class Message(TypedDict):
    """What the board says about the last action: why it was refused, or what it did."""

    kind: Literal["error", "info"]
    text: str
    rule: str | None


class Result(TypedDict):
    """A finished game: the winner and each player's R13 result."""

    winner: int
    results: list[str]


class WinView(TypedDict):
    """How the shown game ended: its winner, the points it scores (cube included) and
    how (``bear-off``, a double dropped, a resignation)."""

    winner: int
    points: int
    ending: Literal["bear-off", "drop", "resignation"]


class CubeView(TypedDict):
    """The doubling cube (R14; classic only): its value, owner (None: centred), a
    double awaiting its answer, and what the player to act may do with it."""

    value: int
    owner: int | None
    offered: bool
    can_double: bool
    can_answer: bool
    """Whether a double awaits a take or a drop (the opponent of ``turn`` answers)."""


class MatchView(TypedDict):
    """The match of the shown game: its length (0: money play), the score before the
    game and now, its stage, and which game of how many is shown."""

    length: int
    score: list[int]
    """Before the shown game."""
    total: list[int]
    """The match's score now: after its last game once that is over."""
    crawford: bool
    post_crawford: bool
    jacoby: bool
    game: int
    """The shown game, from 0."""
    games: int
    over: bool
    winner: int | None
    can_next_game: bool


class Tutor(TypedDict):
    """The tutor: on or off, how much a play may lose unwarned, and its warning."""

    on: bool
    threshold: float
    warning: TutorWarning | None


class View(TypedDict):
    """Everything the board's controls show; ``version`` counts the changes."""

    version: int
    line: int
    """Counts changes of the drawn line of play or its look: drawings of turns sent
    ahead (``frames``) stay valid while it stays the same."""
    variant: Literal["trigammon", "classic"]
    players: int
    names: list[str]
    colors: list[str]
    theme: Literal["light", "dark"]
    palette: dict[str, str]
    mode: Literal["play", "edit"]
    perspective: int
    turn: int
    dice: list[int] | None
    remaining: list[int]
    can_roll: bool
    can_confirm: bool
    can_undo_move: bool
    targets: dict[str, list[str]]
    partial: str
    ply: int
    plies: int
    outcome: Result | None
    message: Message | None
    pips: list[int]
    position_id: str
    edit_player: int
    seats: list[Seat]
    bot_to_move: bool
    analysis: Analysis | None
    review: Review | None
    tutor: Tutor
    variations: list[VariationRow]
    """The turns recorded after the shown position (the next turn's variations)."""
    alternatives: list[VariationRow]
    """The turns recorded in the shown turn's place, the shown one ``current`` (none at
    the start): the variations a branch in the history counts (``lines``)."""
    main_line: bool
    win: WinView | None
    cube: CubeView | None
    match: MatchView | None


class HistoryEntry(TypedDict):
    """One turn of the current line: its number (1, 2, ...), who played it, the dice,
    the play, and how many turns are recorded in its place (more than one: a branch)."""

    ply: int
    player: int
    dice: list[int]
    text: str
    lines: int
    mark: str | None
    """The review's mark of the turn: None, "?!", "?" or "??"."""


class VariationRow(TypedDict):
    """One of the turns recorded after the shown position: 0 is the main line."""

    index: int
    name: str
    text: str
    player: int
    dice: list[int]
    length: int
    current: bool


class Traits(TypedDict):
    """The widget's synced traits: what a saved notebook keeps of the board."""

    svg: str
    view: View
    plays: list[str]
    """Every legal play of this turn's dice, in notation (changes once a roll)."""
    history: list[HistoryEntry]
    record: str
    graph: str
    """The review's equity graph (``chart``): SVG, empty without a review."""


@dataclass(frozen=True)
class Frames:
    """Drawings sent ahead so a front end can show a step or a move at once.

    ``steps`` draw other turns of the line (by ply), valid while ``line`` holds;
    ``moves`` draw the board after each legal move from here (``"from>to"``), valid
    for this ``version`` only.
    """

    version: int
    line: int
    steps: dict[int, str]
    moves: dict[str, str]


@dataclass
class Job:
    """A background analysis the session asked for: run ``work`` and report back."""

    kind: Literal["hints", "chances", "review"]
    total: int
    work: Callable[[Progress, threading.Event], RolloutResult | list[RatedPlay] | Report]
    stop: threading.Event = field(default_factory=threading.Event)


EXPORTS: Mapping[str, tuple[str, str, str]] = {
    "svg": ("board", "svg", "image/svg+xml"),
    "png": ("board", "png", "image/png"),
    "animated-svg": ("replay", "svg", "image/svg+xml"),
    "gif": ("replay", "gif", "image/gif"),
}
"""The pictures ``export`` makes: what each shows, its file extension and type."""

STEP_FRAMES = 4
"""Turns on either side of the shown one whose drawings are sent ahead: a held arrow
key runs this far ahead of Python's answers."""
TURN_DRAWINGS = 4 * STEP_FRAMES
"""Turn drawings of the line kept, so that a step draws only the turns new at its edge."""
MOVE_FRAMES = 60
"""Most drawings of single moves sent ahead (one per legal from/to pair)."""


class Session:
    """Play, step through, set up and inspect a game of either variant."""

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
        self._perspective = _player(game.variant, perspective, "perspective")
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
        self._tutor_threshold = 0.08
        self._warning: tuple[TutorWarning, Play, Play] | None = None
        self._rated: list[RatedPlay] = []
        self._evaluation: Evaluation | None = None
        """The tutor's warning, the better play, and the play it stopped."""
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

    # play ------------------------------------------------------------------------

    @action()
    def roll(self, *dice: int) -> tuple[int, int]:
        """Roll for the player to move (or set the dice by hand: ``roll(3, 1)``)."""
        self._require_play()
        rolled = self._game.roll(*dice)
        # A new line: the drawing of this turn (sent ahead as a step) now shows the dice.
        text = f"{self._name(self._game.position.turn)} rolled {_dice(rolled)}"
        self._changed(info=text, line=True)
        return rolled

    @action(die1=INT, die2=INT)
    def set_dice(self, die1: int, die2: int) -> None:
        """Replace this turn's dice; moves made with the old dice are taken back."""
        self._require_play()
        self._game.set_dice(die1, die2)
        self._done = ()
        self._changed(line=True)

    @action(start=PLACE, end=PLACE)
    def move(self, start: Place | str, end: Place | str) -> tuple[Move, ...]:
        """Move one checker of the player to move by one die or several (R4)."""
        position = self._rolled()
        variant = position.variant
        begin = index_of(variant, position.turn, parse_place(variant, start, "from"))
        finish = index_of(variant, position.turn, parse_place(variant, end, "to"))
        if begin == variant.off:
            raise IntentError("from: a borne-off checker stays off")
        if finish == 0:
            raise IntentError("to: a checker never moves to the bar by itself (R7)")
        chain = self._legal_targets().get(begin, {}).get(finish)
        if chain is None:
            raise self._why_not(begin, finish)
        self._done = (*self._done, *chain)
        self._changed(info=format_play(variant, Play(chain)))
        return chain

    @action()
    def undo_move(self) -> Move:
        """Take back the last move made this turn."""
        self._require_play()
        if not self._done:
            raise ValueError("no move of this turn to take back")
        move = self._done[-1]
        self._done = self._done[:-1]
        self._changed()
        return move

    @action()
    def confirm(self) -> None:
        """End the turn with the moves made, once they form a legal play (R9)."""
        self._rolled()
        self._commit(self.legal_plays.check(Play(self._done)))

    def play(self, play: Play | str | None = None, *, replace: bool = False) -> None:
        """Play a whole turn: a Play, notation, or None when only one play is legal.

        At an earlier turn a different play starts a variation; ``replace=True`` drops
        the later turns instead.
        """
        self._rolled()
        self._commit(play, replace)

    @action(index=INT)
    def play_listed(self, index: int) -> None:
        """Play entry ``index`` of the legal plays (the ``plays`` list) as the whole turn."""
        self._rolled()
        self._commit(self._listed(index))

    # the cube (R14) ------------------------------------------------------------------

    @action()
    def double(self) -> None:
        """The player to move offers to double, before rolling (R14)."""
        self._require_play()
        value = self._game.cube.value
        self._game.double()
        self._done = ()
        turn = self._game.position.turn
        text = f"{self._name(turn)} doubles to {2 * value}: {self._name(1 - turn)} to take or pass"
        self._changed(info=text, line=True)

    @action()
    def take(self) -> None:
        """The opponent takes the double: the cube doubles and is its (R14)."""
        self._require_play()
        record = self._game.take()
        text = f"{self._name(record.player)} takes: the cube is at {self._game.cube.value}"
        self._changed(info=text, line=True)

    @action()
    def drop(self) -> None:
        """The opponent passes the double and loses the game at the cube's value (R14)."""
        self._require_play()
        self._game.drop()
        self._changed(info=self._ending(), line=True)

    # a match ----------------------------------------------------------------------

    @action()
    def next_game(self) -> None:
        """Start the match's next game, once the last one is over (its opening roll is
        made at once)."""
        match = self._require_match()
        if self._game is not match.game:
            raise IntentError("show the match's last game first: the next follows it")
        game = match.new_game()
        while game.roll_opening() is None:
            pass
        self._game, self._done = game, ()
        self._changed(info=self._opening_text(), line=True)

    @action(index=INT)
    def show_game(self, index: int) -> None:
        """Show game ``index`` of the match (0 = the first) at its start."""
        match = self._require_match()
        games = match.games
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(games):
            raise IntentError(f"the match has games 0..{len(games) - 1}, not {index!r}"[:120])
        if self._editing is not None:
            raise IntentError("the board is in edit mode: leave it to play")
        self._game, self._done = games[index], ()
        self._game.goto(0)
        self._changed(line=True)

    @action(changes=False)
    def prefetch(self) -> None:
        """Ask for the drawings of neighbouring turns and moves (sent as ``frames``)."""

    @action(changes=False, picture=choice(*EXPORTS))
    def export(self, picture: str) -> dict[str, ExportFile]:
        """A picture to save: the board as shown (``svg``, ``png``) or the game's line
        replayed (``animated-svg``, ``gif``); nothing changes."""
        from . import export

        if picture not in EXPORTS:
            raise IntentError(f"an export is one of {list(EXPORTS)}, not {picture!r}"[:120])
        what, extension, mime = EXPORTS[picture]
        game = self._game
        look: dict[str, Any] = {
            "theme": self._theme,
            "perspective": self._perspective,
            "names": game.names,
            "colors": self._colors,
        }
        made: str | bytes
        try:
            if picture == "svg":
                made = self.svg()
            elif picture == "png":
                made = export.png(self.svg())
            elif picture == "animated-svg":
                made = export.animated_svg(game, **look)
            else:
                made = export.animated_gif(game, **look)
        except ImportError as error:  # PNG and GIF need the export extra
            raise ValueError(str(error)) from None
        binary = isinstance(made, bytes)
        text = base64.b64encode(made).decode("ascii") if isinstance(made, bytes) else made
        return {
            "file": {
                "filename": f"{game.variant.name}-{what}.{extension}",
                "mime": mime,
                "data": text,
                "base64": binary,
            }
        }

    @action(changes=False, index=INT)
    def preview(self, index: int) -> dict[str, str]:
        """The drawing after entry ``index`` of the legal plays; nothing changes."""
        self._rolled()
        play = self._listed(index)
        position = self._game.position
        drawing = self._draw(position.after(play.moves), play, position.turn, ply=self._game.ply)
        return {"svg": drawing}

    # history ---------------------------------------------------------------------

    @action(ply=INT)
    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` turns (0 = start, -1 = the last)."""
        self._require_play(navigate=True)
        self._game.goto(ply)
        self._done = ()
        self._changed()

    @action(delta=INT)
    def step(self, delta: int) -> None:
        """Show the position ``delta`` turns later (negative: earlier)."""
        self._require_play(navigate=True)
        if isinstance(delta, bool) or not isinstance(delta, int):
            raise ValueError(f"step needs a whole number of turns, got {delta!r}")
        self.goto(min(max(self._game.ply + delta, 0), len(self._game.turns)))

    @action(index=INT, ply=INT)
    def switch_variation(self, index: int, ply: int | None = None) -> None:
        """Let the current line take variation ``index`` after ``ply`` turns of it
        (default: the shown position); the shown turn stays where the line still has it."""
        self._require_play()
        at = self._at(ply)
        self._game.switch_variation(index, at)
        self._done = ()
        main = " (the main line)" if index == 0 else ""
        self._changed(
            info=f"Turn {at + 1}: the line takes {self._describe(at, index)}{main}", line=True
        )

    @action(index=INT, ply=INT)
    def promote_variation(self, index: int, ply: int | None = None) -> None:
        """Make variation ``index`` after ``ply`` turns (default: shown) the main line."""
        self._require_play()
        at = self._at(ply)
        self._game.promote_variation(index, at)
        info = f"Turn {at + 1}: {self._describe(at, 0)} is the main line now"
        self._changed(info=info, line=True, keep_analysis=True)

    @action(index=INT, ply=INT, name=TEXT)
    def rename_variation(self, index: int, name: str, ply: int | None = None) -> None:
        """Name variation ``index`` after ``ply`` turns (default: shown); empty: no name."""
        self._require_play()
        at = self._at(ply)
        self._game.rename_variation(index, name, at)
        done = "named" if name else "has no name now"
        self._changed(
            info=f"Turn {at + 1}: {self._describe(at, index)} {done}", line=True, keep_analysis=True
        )

    @action(index=INT, ply=INT)
    def delete_variation(self, index: int, ply: int | None = None) -> None:
        """Drop variation ``index`` after ``ply`` turns (default: shown) and all its turns;
        if the current line took it, it goes on along the main line there."""
        self._require_play()
        game = self._game
        at = self._at(ply)
        rows = game.variations(at)
        game.delete_variation(index, at)  # checks ``index``
        if rows[index].current and game.variations(at):
            game.switch_variation(0, at)
        self._done = ()
        gone = rows[index]
        turns = f"{gone.length} turn{'s' if gone.length != 1 else ''}"
        self._changed(info=f"Turn {at + 1}: deleted {_line(gone)}, a line of {turns}", line=True)

    @action()
    def main_line(self) -> None:
        """Show the main line (at the shown turn where it shares it)."""
        self._require_play()
        self._game.main_line()
        self._done = ()
        self._changed(info="Back on the main line", line=True)

    def _at(self, ply: int | None) -> int:
        """The position a variation action works after: ``ply`` turns, else the shown one."""
        game = self._game
        at = game.ply if ply is None else ply
        game.variations(at)  # a ValueError for a turn outside the line
        return at

    def _describe(self, at: int, index: int) -> str:
        return _line(self._game.variations(at)[index])

    @action(player=INT)
    def set_perspective(self, player: int) -> None:
        """Seat ``player`` at the bottom of the board."""
        self._perspective = _player(self._game.variant, player, "perspective")
        self._changed(line=True, keep_analysis=True)

    # bots -------------------------------------------------------------------------

    @action(player=INT, seat=choice(*SEATS))
    def set_seat(self, player: int, seat: str) -> None:
        """Seat a person (``"human"``) or a bot at ``player``'s place."""
        player = _player(self._game.variant, player, "player")
        if not isinstance(seat, str) or seat not in SEATS:
            raise IntentError(f"a seat is one of {sorted(SEATS)}, not {seat!r}"[:120])
        make = SEATS[seat]
        bots = dict(self._bots)
        if make is None:
            bots.pop(player, None)
        else:
            bots[player] = make(self._seed)
        self._seats[player] = cast(Seat, seat)
        self._bots = bots
        self._changed(keep_analysis=True)

    @action()
    def bot_turn(self) -> None:
        """The bot to move rolls and plays one turn."""
        self._require_play()
        if self._game.is_over():
            raise ValueError("the game is over (R12)")
        turn = self._deciding()
        if turn not in self._bots:
            raise ValueError(f"{self._name(turn)} is a person: their turn is theirs to play")
        self.autoplay(max_turns=1)

    def autoplay(self, max_turns: int | None = None) -> None:
        """Bots play on until a person is to move, the game ends, or ``max_turns``."""
        self._require_play()
        self._done = ()
        bots = self._bots
        if self._cube_in_play():
            chances = evaluated_chances(self._judge())
            bots = {
                player: CubeBot(bot, chances) if self._seats[player] != "random" else bot
                for player, bot in bots.items()
            }
        turns = autoplay(self._game, bots, max_turns=max_turns)
        text = "; ".join(f"{self._name(t.player)}: {_record_text(t)}" for t in turns)
        if turns and self._game.is_over():
            text += f". {self._ending()}"
        self._changed(info=text or None, line=bool(turns))

    # analysis ---------------------------------------------------------------------

    @property
    def evaluator(self) -> str:
        """The evaluator of hints, chances, reviews and the tutor: "neural" or "gnubg"."""
        return self._evaluator

    def _judge(self) -> Evaluator:
        chosen = find_evaluator(self._evaluator)
        chosen.check(self._game.variant)
        return chosen

    @action()
    def hints(self, games_per_play: int = 48, candidates: int = 5, **options: Any) -> Job | None:
        """Rank this roll's plays by the evaluator at once, then refine the best few by
        rollouts of the neural bot in the background (``analysis``)."""
        position = self._rolled()
        rated = rate_plays(position, evaluator=self._judge())
        self._rated = rated
        kept = min(candidates, len(rated))
        self._analysis = self._panel("hints", kept * games_per_play if kept > 1 else 0)
        self._analysis["hints"] = hint_rows(rated)
        if kept < 2:
            self._analysis["status"] = "done"
            return None
        evaluator = self._evaluator

        def work(progress: Progress, stop: threading.Event) -> list[RatedPlay]:
            options.setdefault("bot", NeuralBot(evaluator=evaluator))
            return hints(
                position,
                games_per_play=games_per_play,
                candidates=kept,
                evaluator=evaluator,
                progress=progress,
                cancel=stop,
                **options,
            )

        return self._begin(Job("hints", kept * games_per_play, work))

    @action()
    def chances(self, games: int = 240, **options: Any) -> Job:
        """Every player's chances from the shown position: the evaluator's at once,
        then a rollout of the neural bot's in the background (``analysis``)."""
        self._require_play()
        position = self._game.position
        if position.is_over():
            raise IllegalMoveError("R12", "the game is over: its outcome is known")
        evaluation = evaluate(position, evaluator=self._judge())
        self._analysis = self._panel("chances", games)
        self._analysis.update(chances_view(evaluation, None))  # type: ignore[typeddict-item]
        evaluator = self._evaluator

        def work(progress: Progress, stop: threading.Event) -> RolloutResult:
            options.setdefault("bot", NeuralBot(evaluator=evaluator))
            return rollout(position, games=games, progress=progress, cancel=stop, **options)

        self._evaluation = evaluation
        return self._begin(Job("chances", games, work))

    @action()
    def analyse(self, **options: Any) -> Job:
        """Judge every turn of the line (``analysis.analyse``) in the background: marks
        in the history, the best plays of each turn, the equity graph (``review``)."""
        self._require_play()
        if not self._game.turns:
            raise ValueError("no turn has been played yet: nothing to analyse")
        running = self._review_job
        if running is not None and not running.stop.is_set():
            raise ValueError("the game is being analysed: cancel it first")
        game = self._game.copy()
        evaluator = self._judge()

        def work(progress: Progress, stop: threading.Event) -> Report:
            return analyse(game, evaluator=evaluator, progress=progress, cancel=stop, **options)

        job = Job("review", len(game.turns), work)
        self._review_job = job
        self._reviewed = game.turns
        self._report = None
        self._review = {
            "status": "running",
            "done": 0,
            "total": job.total,
            "evaluator": evaluator.name,
            "players": [],
            "mistakes": [],
            "turn": None,
        }
        return job

    @action()
    def cancel_analysis(self) -> None:
        """Stop the running analyses; what they found so far is kept."""
        for job in (self._job, self._review_job):
            if job is not None:
                job.stop.set()

    @action(step=INT)
    def next_mistake(self, step: int = 1) -> None:
        """Show the next marked turn of the review (``step=-1``: the one before)."""
        self._require_play()
        report = self._current_report()
        if report is None:
            raise ValueError("no review of this line: analyse the game first")
        if step not in (1, -1):
            raise IntentError(f"step must be 1 or -1, got {step!r}")
        found = report.next_mistake(self._game.ply, step)
        if found is None:
            raise ValueError("no marked turn " + ("after" if step > 0 else "before") + " this one")
        self.goto(found.ply)

    @property
    def report(self) -> Report | None:
        """The review of the line shown, once finished (or cancelled)."""
        return self._current_report()

    def _current_report(self) -> Report | None:
        """The report while the line is the one analysed."""
        return (
            self._report
            if self._report is not None and self._game.turns == self._reviewed
            else None
        )

    def _panel(self, kind: Literal["hints", "chances"], total: int) -> Analysis:
        running = self._job
        if running is not None and not running.stop.is_set():
            raise ValueError("an analysis is running: cancel it first")
        return {
            "kind": kind,
            "status": "running",
            "done": 0,
            "total": total,
            "evaluator": self._evaluator,
        }

    def _begin(self, job: Job) -> Job:
        self._job = job
        return job

    def report_progress(self, job: Job, done: int, total: int) -> bool:
        """Progress of ``job``; False (and nothing changes) once it is not current."""
        if job is self._review_job and self._review is not None and not job.stop.is_set():
            self._review = {**self._review, "done": done, "total": total}
            return True
        if job is not self._job or job.stop.is_set() or self._analysis is None:
            return False
        self._analysis = {**self._analysis, "done": done, "total": total}
        return True

    def finish(
        self, job: Job, found: RolloutResult | list[RatedPlay] | Report | BaseException
    ) -> bool:
        """The end of ``job``: its results, or the error it failed with."""
        if job is self._review_job and self._review is not None:
            review: Review = {**self._review}
            if isinstance(found, BaseException):
                review["status"] = "failed"
                review["error"] = str(found)[:300]
            elif isinstance(found, Report):
                self._report = found
                review["status"] = "cancelled" if found.cancelled else "done"
            self._review = review
            self._review_job = None
            return True
        if job is not self._job or self._analysis is None:
            return False
        analysis: Analysis = {**self._analysis}
        if isinstance(found, BaseException):
            analysis["status"] = "failed"
            analysis["error"] = str(found)[:300]
        elif isinstance(found, RolloutResult):
            assert self._evaluation is not None
            analysis.update(chances_view(self._evaluation, found))  # type: ignore[typeddict-item]
            analysis["status"] = "cancelled" if found.cancelled else "done"
        elif isinstance(found, list):
            refined = {hint.notation: hint for hint in found}
            rows = hint_rows([refined.get(row.notation, row) for row in self._rated])
            analysis["hints"] = rows
            analysis["status"] = "cancelled" if job.stop.is_set() else "done"
        self._analysis = analysis
        self._job = None
        return True

    # the tutor -----------------------------------------------------------------------

    @property
    def tutor(self) -> bool:
        """Whether the tutor checks a person's plays before they are made."""
        return self._tutor

    @action(on=BOOL)
    def set_tutor(self, on: bool, threshold: float | None = None) -> None:
        """Turn the tutor on or off: before a person's play is made, it warns when the
        play loses more than ``threshold`` equity (default 0.08, GNU Backgammon's "bad")."""
        if type(on) is not bool:
            raise IntentError(f"on must be true or false, got {on!r}")
        if threshold is not None:
            if isinstance(threshold, bool) or not isinstance(threshold, int | float):
                raise ValueError(f"threshold must be an equity, not {threshold!r}"[:80])
            if not 0 <= threshold <= 3:
                raise ValueError(f"threshold must be an equity 0..3, not {threshold!r}")
            self._tutor_threshold = float(threshold)
        self._tutor = on
        self._changed(keep_analysis=True)

    @action()
    def take_back(self) -> None:
        """Take back the play the tutor warned about (the moves made this turn too)."""
        if self._warning is None:
            raise ValueError("the tutor has no warning to answer")
        self._done = ()
        self._changed(info="Taken back: try again.")

    @action()
    def play_on(self) -> None:
        """Make the play the tutor warned about all the same."""
        if self._warning is None:
            raise ValueError("the tutor has no warning to answer")
        _, _, play = self._warning
        self._commit(play, checked=True)

    def _tutor_stops(self, play: Play) -> bool:
        """Whether the tutor stops a person's ``play`` (and shows why)."""
        position = self._game.position
        if not self._tutor or position.turn in self._bots:
            return False
        found = tutor_warning(position, play, self._judge(), self._tutor_threshold)
        if found is None:
            return False
        warning, best = found
        self._changed(
            info=f"The tutor: {warning['played']} loses {warning['loss']:.3f} equity; "
            f"{warning['best']} is better. Take it back or play on."
        )
        self._warning = (warning, best, play)
        return True

    # set-ups -----------------------------------------------------------------------

    @action(on=BOOL)
    def edit(self, on: bool = True) -> None:
        """Enter edit mode on the shown position, or leave it to play the set-up.

        Leaving starts a new game from the set-up: the old game's history is dropped.
        """
        if type(on) is not bool:
            raise IntentError(f"edit: on must be true or false, got {on!r}")
        if on and self._editing is None:
            self._editing = self._game.position
        elif not on and self._editing is not None:
            start = self._editing
            game = Game(start.variant, start=start, names=self._game.names, seed=self._seed)
            self._game, self._editing, self._match = game, None, None
        self._done = ()
        self._changed(line=True)

    @action(player=INT)
    def set_edit_player(self, player: int) -> None:
        """Whose checkers edit-mode clicks place."""
        self._require_edit()
        self._edit_player = _player(self._game.variant, player, "player")
        self._changed(keep_analysis=True)

    @action(player=INT, where=PLACE, count=INT)
    def place(self, player: int, where: Place | str, count: int = 1) -> None:
        """Move ``count`` checkers of ``player`` from its tray to ``where`` (edit mode)."""
        self._rearrange(player, where, count)

    @action(player=INT, where=PLACE, count=INT)
    def remove(self, player: int, where: Place | str, count: int = 1) -> None:
        """Move ``count`` checkers of ``player`` from ``where`` back to its tray (edit mode)."""
        if isinstance(count, bool) or not isinstance(count, int):
            raise ValueError(f"count must be a whole number, got {count!r}")
        self._rearrange(player, where, -count)

    def _rearrange(self, player: int, where: Place | str, count: int) -> None:
        setup = self._require_edit()
        variant = setup.variant
        player = _player(variant, player, "player")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= abs(count) <= 15:
            raise ValueError(f"count must be 1..{CHECKERS}, got {count!r}")
        index = index_of(variant, player, parse_place(variant, where, "where"))
        off = variant.off
        if index == off:
            raise IntentError("the tray holds what is not placed: place or remove elsewhere")
        board = list(setup.board(player))
        if count > 0 and board[off] < count:
            raise InvalidPositionError(
                f"{self._name(player)} has {board[off]} unplaced checkers left; "
                f"a player has {CHECKERS} (R1): remove one first"
            )
        if count < 0 and board[index] < -count:
            raise InvalidPositionError(f"{self._name(player)} has no checker there to remove")
        board[index] += count
        board[off] -= count
        boards = list(setup.boards)
        boards[player] = tuple(board)
        self._editing = replace(setup, boards=tuple(boards))
        self._changed()

    @action(player=INT)
    def set_turn(self, player: int) -> None:
        """The player to move in the set-up (edit mode)."""
        setup = self._require_edit()
        self._editing = replace(setup, turn=_player(setup.variant, player, "player"))
        self._changed()

    @action(die1=DIE_OR_NONE, die2=DIE_OR_NONE)
    def set_setup_dice(self, die1: int | None = None, die2: int | None = None) -> None:
        """The set-up's dice; both None for none (edit mode)."""
        setup = self._require_edit()
        if (die1 is None) != (die2 is None):
            raise ValueError("set both dice of the set-up, or neither")
        self._editing = setup.with_dice() if die1 is None else setup.with_dice(die1, die2)  # type: ignore[arg-type]
        self._changed()

    @action()
    def reset(self) -> None:
        """The start position (R1) in the editor."""
        setup = self._require_edit()
        self._editing = Position.start(setup.variant, turn=setup.turn)
        self._changed()

    @action()
    def clear(self) -> None:
        """Every checker off, ready for a set-up from scratch (edit mode)."""
        setup = self._require_edit()
        self._editing = Position.build(setup.variant, {}, turn=setup.turn)
        self._changed()

    def load(
        self, source: str | Mapping[str, Any] | Position | MatchPosition | Game | Match
    ) -> None:
        """Show a position, game or match: an ID, a GNU Backgammon ID, an XGID (with
        their cube and score), a dict, JSON, or a match file's text (.mat, SGF).

        A game record loads the whole game and a match its games, the first shown;
        anything else starts a new game from that position. The board's names carry
        over when the player count is the same.
        """
        read = read_source(source)
        match = None
        if isinstance(read, Match):
            match = read.copy()
            game = _first_shown(match)
        elif isinstance(read, Game):
            game = read.copy()
        else:
            variant = read.position.variant if isinstance(read, MatchPosition) else read.variant
            same = len(self._game.names) == variant.players
            names = self._game.names if same else ()
            game = Game(variant, start=read, names=names, seed=self._seed)
        variant = game.variant
        seats: list[Seat] = list(self._seats)
        if len(seats) != variant.players:
            seats = ["human"] * variant.players
        bots = {p: bot for p, bot in self._bots.items() if p < variant.players}
        colors = self._colors if len(self._colors or ()) == variant.players else None
        # Everything is built: swap it in at once.
        self._game, self._match, self._editing, self._done = game, match, None, ()
        self._seats, self._bots, self._colors = seats, bots, colors
        self._perspective = min(self._perspective, variant.players - 1)
        self._edit_player = min(self._edit_player, variant.players - 1)
        self._changed(line=True)

    # state out ---------------------------------------------------------------------

    def svg(self) -> str:
        """The drawing of the shown state (drawn once per version and review)."""
        key = (self._version, id(self._current_report()))
        if self._drawn[0] != key:
            if self._warning is not None:  # the play stopped, and the better one
                _, best, play = self._warning
                position = self._game.position
                drawing = self._draw(
                    position.after(play.moves), play, position.turn, best, self._game.ply
                )
            else:
                ply = self._game.ply if self._editing is None else None
                drawing = self._draw(
                    self._shown(), self._arrows(), self._arrow_mover(), self._better(), ply
                )
            self._drawn = (key, drawing)
        return self._drawn[1]

    def graph(self) -> str:
        """The review's equity graph (``chart``); empty without a review of this line."""
        report = self._current_report()
        if report is None:
            return ""
        if self._graphed[0] is not report:
            start = self._game.position_at(0)
            evaluation = evaluate(start.with_dice(), evaluator=self._judge())
            # A plain str, as the board's drawing (marimo sends an SvgBoard as {}).
            drawing = str(
                equity_graph(
                    report,
                    theme=self._theme,
                    colors=self._colors,
                    start=evaluation.wins,
                    plies=len(self._game.turns),
                )
            )
            self._graphed = (report, drawing)
        return self._graphed[1]

    def view(self) -> View:
        game = self._game
        shown = self._shown()
        variant = shown.variant
        position = game.position
        playing = self._editing is None
        turn = shown.turn
        targets = {
            str(place_of(variant, turn, start)): [str(place_of(variant, turn, e)) for e in ends]
            for start, ends in self._legal_targets().items()
        }
        remaining: list[int] = []
        can_confirm = False
        if playing and position.dice is not None and not position.is_over():
            remaining = list(self.legal_plays.remaining_dice(self._done))
            can_confirm = not targets
        result = game.outcome() if playing else None
        win = game.result() if playing else None
        deciding = self._deciding()
        return {
            "version": self._version,
            "line": self._line,
            "variant": "trigammon" if variant.players == 3 else "classic",
            "players": variant.players,
            "names": list(game.names),
            "colors": list(self._colors or THEMES[self._theme].checkers[: variant.players]),
            "theme": self._theme,
            "palette": css_variables(THEMES[self._theme]),
            "mode": "play" if playing else "edit",
            "perspective": self._perspective,
            "turn": turn,
            "dice": list(shown.dice) if shown.dice else None,
            "remaining": remaining,
            "can_roll": playing
            and game.started
            and position.dice is None
            and not game.is_over()
            and not game.cube.offered
            and self._is_last_game(),
            "can_confirm": can_confirm,
            "can_undo_move": bool(self._done),
            "targets": targets,
            "partial": format_play(variant, Play(self._done)),
            "ply": game.ply,
            "plies": len(game.turns),
            "outcome": None if result is None else _result(result, variant.players),
            "message": self._message,
            "pips": [shown.pip_count(p) for p in range(variant.players)],
            "position_id": shown.id,
            "edit_player": self._edit_player,
            "seats": list(self._seats),
            "bot_to_move": playing
            and not game.is_over()
            and deciding in self._bots
            and game.ply == len(game.turns)
            and self._is_last_game(),
            "analysis": self._analysis,
            "review": self._review_now(),
            "tutor": {
                "on": self._tutor,
                "threshold": self._tutor_threshold,
                "warning": None if self._warning is None else self._warning[0],
            },
            "variations": [_variation_row(v) for v in (game.variations() if playing else ())],
            "alternatives": [
                _variation_row(v)
                for v in (game.variations(game.ply - 1) if playing and game.ply else ())
            ],
            "main_line": game.is_main_line,
            "win": None if win is None else {**win.__dict__},  # type: ignore[typeddict-item]
            "cube": self._cube_view() if playing else None,
            "match": self._match_view(),
        }

    def _cube_view(self) -> CubeView | None:
        game = self._game
        if game.variant.players != 2:
            return None
        cube = game.cube
        actions = game.match_position.legal_cube_actions() if self._is_last_game() else ()
        return {
            "value": cube.value,
            "owner": cube.owner,
            "offered": cube.offered,
            "can_double": "double" in actions and not self._done,
            "can_answer": "take" in actions,
        }

    def _match_view(self) -> MatchView | None:
        game, match = self._game, self._match
        state = game.match_state
        if match is None and state == MatchState(score=(0,) * game.variant.players):
            return None
        games = match.games if match is not None else (game,)
        last = match is None or game is match.game
        return {
            "length": state.length,
            "score": list(state.score),
            "total": list(match.score if match is not None else state.score),
            "crawford": state.crawford,
            "post_crawford": state.post_crawford,
            "jacoby": state.jacoby,
            "game": games.index(game),
            "games": len(games),
            "over": match is not None and match.is_over(),
            "winner": None if match is None else match.winner,
            "can_next_game": match is not None and last and game.is_over() and not match.is_over(),
        }

    def plays(self) -> list[str]:
        """Every legal play of this turn's dice, in notation; empty while none is due."""
        position = self._game.position
        if self._editing is not None or position.dice is None or position.is_over():
            return []
        legal = self.legal_plays
        return [position.format_play(play) for play in legal]

    def _review_now(self) -> Review | None:
        """The review as the shown turn sees it; None once the line is another."""
        if self._review is None or self._game.turns != self._reviewed:
            return None
        players, mistakes, turn = review_view(self._current_report(), self._game.ply)
        return {**self._review, "players": players, "mistakes": mistakes, "turn": turn}

    def _better(self) -> Play:
        """The better play the review found for the shown turn, if it is marked."""
        report = self._current_report()
        game = self._game
        if report is None or not game.ply or self._done or self._editing is not None:
            return Play()
        judged = next((t for t in report.turns if t.ply == game.ply), None)
        if judged is None or judged.mark is None:
            return Play()
        return judged.best[0].play

    def history(self) -> list[HistoryEntry]:
        """The turns of the current line, with branch counts and the review's marks."""
        game = self._game
        report = self._current_report()
        marks = {t.ply: t.mark for t in report.turns} if report is not None else {}
        return [
            {
                "ply": ply,
                "player": turn.player,
                "dice": list(turn.dice) if isinstance(turn, Turn) else [],
                "text": _record_text(turn, game.match_position_at(ply - 1).cube),
                "lines": lines,
                "mark": marks.get(ply),
            }
            for ply, (turn, lines) in enumerate(zip(game.turns, game.branches(), strict=True), 1)
        ]

    def record(self) -> str:
        """The game (or the match) as JSON, without the cursor: what a saved notebook
        keeps."""
        if self._match is not None:
            return self._match.to_json(indent=None)
        return json.dumps({k: v for k, v in self._game.to_dict().items() if k != "ply"})

    def frames(self) -> Frames:
        """Drawings of the neighbouring turns and, where the line ends (where a turn is
        played; elsewhere a person mostly steps through), of each legal move from here."""
        steps: dict[int, str] = {}
        moves: dict[str, str] = {}
        if self._editing is None:
            game = self._game
            for ply in range(game.ply - STEP_FRAMES, game.ply + STEP_FRAMES + 1):
                if 0 <= ply <= len(game.turns) and ply != game.ply:
                    steps[ply] = self._turn_drawing(ply)
            if game.ply < len(game.turns):
                return Frames(self._version, self._line, steps, moves)
            position = game.position
            variant = position.variant
            for start, ends in self._legal_targets().items():
                for end, chain in ends.items():
                    if len(moves) == MOVE_FRAMES:
                        break
                    made = Play((*self._done, *chain))
                    ends_at = place_of(variant, position.turn, end)
                    key = f"{place_of(variant, position.turn, start)}>{ends_at}"
                    after = position.after(made.moves)
                    moves[key] = self._draw(after, made, position.turn, ply=game.ply)
        return Frames(self._version, self._line, steps, moves)

    def message(self, error: ValueError) -> Message:
        """Show why an action was refused; only the message changes."""
        rule = getattr(error, "rule", None)
        text = getattr(error, "reason", None) or str(error)
        self._message = {"kind": "error", "text": text[:500], "rule": rule}
        return self._message

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

    def _commit(
        self, play: Play | str | None, replace: bool = False, checked: bool = False
    ) -> None:
        """Make the turn's play; the tutor first looks at a person's (unless ``checked``)."""
        game = self._game
        if self._tutor and not checked and play is not None:
            position = game.position
            chosen = position.parse_play(play) if isinstance(play, str) else play
            chosen = position.legal_plays().check(chosen)
            if self._tutor_stops(chosen):
                return
            play = chosen
        known = len(game.variations())
        turn = game.play(play, replace=replace)
        self._done = ()
        text = f"{self._name(turn.player)}: {turn.notation or 'no legal move'}"
        if len(game.variations(game.ply - 1)) > max(known, 1):
            text += " (a new variation: the turns played before stay beside it)"
        if game.is_over():
            text += f". {self._ending()}"
        self._changed(info=text, line=True)

    def _listed(self, index: int) -> Play:
        plays = list(self.legal_plays)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(plays):
            raise IntentError(f"index must be a listed play 0..{len(plays) - 1}, got {index!r}")
        return plays[index]

    def _rolled(self) -> Position:
        """The position of a turn being played, whose dice are set."""
        self._require_play()
        position = self._game.position
        if self._game.is_over():
            raise IllegalMoveError("R12", "the game is over")
        if position.dice is None:
            raise IllegalMoveError("R4", "roll the dice first")
        return position

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

    def _require_match(self) -> Match:
        if self._match is None:
            raise IntentError("the board shows a game, not a match: load a match first")
        return self._match

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

    def _require_edit(self) -> Position:
        if self._editing is None:
            raise IntentError("set-ups change in edit mode only: call edit() first")
        return self._editing

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

    def _why_not(self, start: int, end: int) -> ValueError:
        """The rule a requested checker move breaks, as the engine explains it."""
        plays = self.legal_plays
        remaining = plays.remaining_dice(self._done)
        off = plays.position.variant.off
        for die in dict.fromkeys(remaining):
            if start + die == end or (end == off and start + die >= off):
                try:
                    plays.check_move(self._done, Move(start, end, die))
                except IllegalMoveError as error:
                    return error
        left = "-".join(map(str, remaining)) or "none"
        return IllegalMoveError(
            "R4", f"no die or sum of dice takes that checker there (dice left: {left})"
        )

    def _shown(self) -> Position:
        if self._editing is not None:
            return self._editing
        position = self._game.position
        return position.after(self._done) if self._done else position

    def _arrows(self) -> Play:
        if self._editing is not None:
            return Play()
        if self._done:
            return Play(self._done)
        game = self._game
        last = game.turns[game.ply - 1] if game.ply else None
        return last.play if isinstance(last, Turn) else Play()

    def _arrow_mover(self) -> int | None:
        game = self._game
        if self._editing is None and not self._done and game.ply:
            last = game.turns[game.ply - 1]
            return last.player if isinstance(last, Turn) else None
        return None

    def _turn_drawing(self, ply: int) -> str:
        """The drawing of turn ``ply`` of the line, as ``goto(ply)`` would show it (kept
        while the line and its look stay the same)."""
        key = (self._line, ply)
        drawing = self._turn_drawings.get(key)
        if drawing is None:
            game = self._game
            last = game.turns[ply - 1] if ply else None
            turn = last if isinstance(last, Turn) else None
            arrows, mover = (turn.play, turn.player) if turn else (Play(), None)
            drawing = self._draw(game.position_at(ply), arrows, mover, ply=ply)
            if len(self._turn_drawings) >= TURN_DRAWINGS:
                del self._turn_drawings[next(iter(self._turn_drawings))]
            self._turn_drawings[key] = drawing
        return drawing

    def _draw(
        self,
        position: Position,
        arrows: Play,
        mover: int | None,
        best: Play | None = None,
        ply: int | None = None,
    ) -> str:
        """The board drawn as the session shows it; with the cube and the score of the
        game's ``ply``-th position once they are in play (a match, a score, a cube
        moved from the centred 1)."""
        game = self._game
        extras: dict[str, Any] = {}
        if ply is not None:
            cube = game.match_position_at(ply).cube
            if self._match_in_play():
                extras["match"] = game.match_state
            if self._cube_in_play(cube):
                extras["cube"] = cube
        # A plain str: marimo sends an SvgBoard (a str with _repr_svg_) as {}.
        return str(
            board_svg(
                position,
                perspective=self._perspective,
                arrows=arrows,
                best=best or Play(),
                mover=mover,
                theme=self._theme,
                names=game.names,
                colors=self._colors,
                **extras,
            )
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
        return _first_shown(match), match
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


def _first_shown(match: Match) -> Game:
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


def _record_text(record: Record, cube: Cube | None = None) -> str:
    """A record as the history lists it: a play, or what happened to the cube."""
    if isinstance(record, Turn):
        return record.notation or "no legal move"
    if isinstance(record, CubeAction):
        if record.action == "double":
            return "doubles" if cube is None else f"doubles to {2 * cube.value}"
        return "takes" if record.action == "take" else "passes"
    assert isinstance(record, Resignation)
    return record.notation.replace("resign", "resigns a", 1)


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


def _player(variant: Variant, player: object, what: str) -> int:
    players = variant.players
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise IntentError(f"{what} must be a player 0..{players - 1}, got {player!r}"[:120])
    return player


def _result(outcome: Outcome, players: int) -> Result:
    return {"winner": outcome.winner, "results": [outcome.result(p) for p in range(players)]}


def _dice(dice: Iterable[int]) -> str:
    return "-".join(map(str, dice))


def _line(variation: Variation) -> str:
    """A variation as a message names it: its name, else its first turn."""
    turn = variation.turn
    if isinstance(turn, Turn):
        play = f"{_dice(turn.dice)} {turn.notation or '(no move)'}"
    else:
        play = _record_text(turn)
    return f"“{variation.name}” ({play})" if variation.name else play


def _variation_row(variation: Variation) -> VariationRow:
    turn = variation.turn
    return {
        "index": variation.index,
        "name": variation.name,
        "text": turn.notation,
        "player": turn.player,
        "dice": list(turn.dice) if isinstance(turn, Turn) else [],
        "length": variation.length,
        "current": variation.current,
    }
