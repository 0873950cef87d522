"""The session's state and the one way it changes.

``SessionState`` holds the slices of ``slices`` (the board, its look, the seats, the
analyses, the tutor, the drill), the version that counts changes and the message about
the last action. Every action of a facet checks its arguments and the rules first, builds
the new slices, then calls ``_swap``, which installs them whole and bumps the version; a
refusal raises before that and changes nothing. What follows from the slices (the legal
plays, the drawings) is worked out on demand and kept in ``memo``, never stored by a
facet.
"""

from __future__ import annotations

import functools
import inspect
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from ..engine import (
    Game,
    IllegalMoveError,
    LegalPlays,
    Match,
    MatchPosition,
    Move,
    Play,
    Position,
    Turn,
    Variant,
    find_variant,
)
from ..engine.game import Record
from ..engine.i18n import N_, NP_, _, decimal, find_language, pgettext, speaking
from ..engine.names import YOU_NAME, default_names, seat_named_you
from ..engine.notation import dice_text, format_play_seen, play_text, record_text, wraps_seen
from ..engine.stakes import Cube, win_text
from ..judgement.analysis import (
    LEVEL_WORDS,
    MARK_NAMES,
    CubeReport,
    PlayRating,
    Report,
    with_rollouts,
)
from ..judgement.cube import CUBE_PLY, CubeDecision, cubeful_decision
from ..judgement.judges import EVALUATORS, need_numpy
from ..pictures.themes import THEMES
from .coaching import Analysis, CubeAction, Review, cube_tutor_warning, stop_warning
from .keywords import keywords_checked
from .memo import Memo

if TYPE_CHECKING:
    from ..judgement.evaluation import Evaluator
    from ..judgement.play import RolledHint
from .protocol import IntentError
from .slices import (
    Analyses,
    Board,
    CubeHeld,
    Drill,
    Job,
    Look,
    Seating,
    TutorSettings,
    TutorStop,
)
from .view import HUMAN, Message

__all__ = [
    "SessionState",
    "checked_player",
    "first_shown",
    "names_with_you",
    "opened",
    "taken_up",
]

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

MAX_STOPS = 1000
"""The turns whose tutor's stops a board keeps for its review, the latest
(``SECURITY.md``)."""
STOPS_A_TURN = 10
"""The tutor's stops kept at one turn, the latest, each of another play: walk 37 took
back two plays at one turn and found only the second in the review."""
MAX_ROLLOUTS = 1000
"""The rolls Hints rolled out that a board keeps for its review, the latest
(``SECURITY.md``)."""

AGAINST = {
    1: (N_("a single game against {name}"), NP_("you", "a single game against you")),
    2: (N_("a gammon against {name}"), NP_("you", "a gammon against you")),
    3: (N_("a backgammon against {name}"), NP_("you", "a backgammon against you")),
}
"""A loser's gammon or backgammon, as the end of a game names it (R13); the second
person's, against the person in front of the board."""


def _speaking(method: F) -> F:
    """``method`` run in the board's language (``SessionState.speaking``)."""

    @functools.wraps(method)  # its ``__intent__`` too: the protocol reads it
    def spoken(self: SessionState, /, *args: Any, **kwargs: Any) -> Any:
        with self.speaking():
            return method(self, *args, **kwargs)

    return spoken  # type: ignore[return-value]


class SessionState:
    """A board's state in slices, the swap that changes it, and the checks and words
    its actions share.

    Every public method of a facet speaks the board's ``language`` (messages, records,
    drawings, refusals), whatever the package's (``engine.i18n``): the facets' methods
    are wrapped so when each facet class is made.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, member in list(vars(cls).items()):
            if not name.startswith("_") and inspect.isfunction(member):
                setattr(cls, name, _speaking(member))

    @keywords_checked
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
        language: str | None = None,
        you: int | None = None,
    ) -> None:
        chosen = None if language is None else find_language(language)
        with speaking(chosen):
            self._start(source, seed, names, colors, perspective, theme, evaluator, chosen, you)

    def _start(
        self,
        source: Match | Game | MatchPosition | Position | Variant | str,
        seed: int | None,
        names: Sequence[str] | None,
        colors: Sequence[str] | None,
        perspective: int,
        theme: str,
        evaluator: str,
        language: str | None,
        you: int | None,
    ) -> None:
        if evaluator not in EVALUATORS:
            raise ValueError(
                _("evaluator must be one of {evaluators}, not {value}").format(
                    evaluators=EVALUATORS, value=repr(evaluator)[:40]
                )
            )
        if theme not in THEMES:
            raise ValueError(
                _("theme must be one of {themes}, not {value}").format(
                    themes=sorted(THEMES), value=repr(theme)[:40]
                )
            )
        self._seed = seed
        if you is not None:
            variant = _source_variant(source)
            you = checked_player(variant, you, "you")
            if not isinstance(source, Match | Game):  # those keep their players' names
                names = names_with_you(names, variant, you)
        game, match = _new_game(source, names, seed)
        variant = game.variant
        shade: Literal["light", "dark"] = "dark" if theme == "dark" else "light"
        self._board = Board(game, match)
        self._look = Look(
            shade,
            _colors(variant, colors),
            checked_player(variant, perspective, "perspective"),
            language,
            you,
        )
        self._seating = Seating((HUMAN,) * variant.players)
        self._by_bots: weakref.WeakValueDictionary[int, Record] = weakref.WeakValueDictionary()
        """The records bots made at this board, by identity: a seat's bot's decisions
        told from its person's (a person who hands their seat to a bot for a while)."""
        self._stops: dict[Position, tuple[TutorStop, ...]] = {}
        """The plays the tutor stopped at this board, by the position and roll they
        were stopped at, oldest first, at the latest ``MAX_STOPS`` of them: the review
        tells them."""
        self._rollouts: dict[Position, tuple[PlayRating, ...]] = {}
        """The rolls Hints rolled out to the end at this board, their plays best first,
        by the position and roll, the latest ``MAX_ROLLOUTS``: the review judges the
        turns played there by them (``with_rollouts``)."""
        self._rollouts_kept = 0
        """How many rollouts ``_rollouts`` has taken in: what its judged reports are kept by."""
        self._analyses = Analyses(evaluator)
        self._tutor = TutorSettings()
        self._drill = Drill()
        self._message: Message | None = None
        self._version = 0
        self._line = 0
        self.memo = Memo()
        """Values worked out from the slices (``Memo``): the legal plays, the drawings."""
        self._swap(board=self._board, info=self._opening_text(game), line=True)

    # reading -------------------------------------------------------------------

    @property
    def bot_plies(self) -> frozenset[int]:
        """The records of the shown line a bot made at this board (not a person, nor a
        file), by ply (1 = the first): a person's seat that a bot played a while is
        told apart by them (``Report.summary(player, without=...)``)."""
        made = self._by_bots
        turns = enumerate(self._board.game.turns, 1)
        return frozenset(at for at, record in turns if made.get(id(record)) is record)

    @property
    def tutor_stops(self) -> dict[int, tuple[TutorStop, ...]]:
        """The plays the tutor stopped on the shown line, oldest first, by the ply of the
        turn made there instead (1 = the first)."""
        stops, game = self._stops, self._board.game
        if not stops:
            return {}

        def found() -> dict[int, tuple[TutorStop, ...]]:
            at_turns = (
                (at, game.position_at(at - 1))
                for at, record in enumerate(game.turns, 1)
                if isinstance(record, Turn)
            )
            return {
                at: tuple(self._as_rolled_out(stop, key) for stop in stops[key])
                for at, key in at_turns
                if key in stops
            }

        return self.memo.get("stops", (self._version, len(stops), self._rollouts_kept), found)

    def _as_rolled_out(self, stop: TutorStop, key: Position) -> TutorStop:
        """``stop``, made at ``key``, with the figures of Hints' rollout of that roll
        where its play was rolled out (``_rollouts``), and its rating there: the review
        says what the learner last saw (walk 25 read the tutor's 0-ply 0.480 there beside
        Hints' 0.196 ± 0.028)."""
        rated = self._rollouts.get(key, ())
        tried = stop.warning["played"]
        made = next((r for r in rated if play_text(r.notation) == tried), None)
        if made is None:
            return stop
        best = play_text(rated[0].notation)
        warning = stop_warning(tried, best, made.loss, stop.warning["line"])
        return replace(stop, warning=warning, rated=made)

    def _remember_stop(self, stop: TutorStop, key: Position) -> None:
        """Keep ``stop`` for the review, at the position and roll it was made at, after
        the others there (an earlier stop of the same play gives way to it)."""
        tried = stop.warning["played"]
        others = tuple(s for s in self._stops.get(key, ()) if s.warning["played"] != tried)
        _keep(self._stops, key, (*others, stop)[-STOPS_A_TURN:], MAX_STOPS)

    def _remember_rollout(self, key: Position, rolled: Sequence[RolledHint]) -> None:
        """Keep Hints' rollout of ``key``'s roll (``rolled``, best first) for the review."""
        ratings = tuple(
            PlayRating(h.notation, h.play, h.equity, h.loss[0], h.win, h.gammon) for h in rolled
        )
        _keep(self._rollouts, key, ratings, MAX_ROLLOUTS)
        self._rollouts_kept += 1

    @property
    def game(self) -> Game:
        """The game played at the board, or the match's game shown (the session's own
        copy)."""
        return self._board.game

    @property
    def match(self) -> Match | None:
        """The match played at the board (the session's own copy), if any."""
        return self._board.match

    @property
    def board(self) -> Board:
        """The board's slice: what is played and shown, and the facts read from it."""
        return self._board

    @property
    def position(self) -> Position:
        """The shown position at the start of its turn (``partial``: moves made since)."""
        return self._board.position

    @property
    def partial(self) -> tuple[Move, ...]:
        """Moves made this turn, not yet confirmed."""
        return self._board.done

    @property
    def legal_plays(self) -> LegalPlays:
        """The legal plays for this turn's dice, from the turn's start."""
        position = self._board.game.position
        return self.memo.get("legal", position, position.legal_plays)

    @property
    def names(self) -> tuple[str, ...]:
        return self._board.game.names

    @property
    def perspective(self) -> int:
        return self._look.perspective

    @property
    def version(self) -> int:
        return self._version

    @property
    def language(self) -> str | None:
        """The board's own language (``"es"``), or None: it speaks the package's."""
        return self._look.language

    @contextmanager
    def speaking(self) -> Iterator[str]:
        """Speak the board's language inside the block (its background work, say);
        yields the language spoken."""
        with speaking(self._look.language) as spoken:
            yield spoken

    @property
    def analysis(self) -> Analysis | None:
        """The last analysis as the board shows it: kind, status, progress, results."""
        return self._analyses.analysis

    @property
    def job(self) -> Job | None:
        """The analysis being worked out, if any."""
        return self._analyses.job

    # the one way the state changes -----------------------------------------------------

    def _swap(
        self,
        *,
        board: Board | None = None,
        look: Look | None = None,
        seating: Seating | None = None,
        analyses: Analyses | None = None,
        tutor: TutorSettings | None = None,
        drill: Drill | None = None,
        info: str | None = None,
        line: bool = False,
        keep_analysis: bool = False,
        keep_message: bool = False,
    ) -> None:
        """Install new slices whole (those not given stay) and say ``info``.

        A change of the board, its look, the seats, the tutor or the drill is counted (the
        version, which a request must have been made on) and replaces the message; ``line`` when
        the drawn line of play or its look changed (drawings of its turns sent ahead are
        then stale; a review begun or finished changes them too: ``_decisions``).
        Analyses coming in are not counted: nothing a person asked for was about them.
        A new board brings the look and the seats to its player count, and
        drops the hints and chances, which were about the board as it stood, unless it
        left the position alone (``keep_analysis``). ``keep_message``: the change says
        nothing new of the game (a seat, the pace), so the last news of it stays (not a
        refusal).
        """
        if board is not None:
            players = board.game.variant.players
            look = (look or self._look).fitted(players)
            seating = (seating or self._seating).fitted(players)
            if not keep_analysis:
                analyses = (analyses or self._analyses).dropped()
            self._board = board
        counted = any(part is not None for part in (board, look, seating, tutor, drill))
        self._look = look or self._look
        self._seating = seating or self._seating
        self._analyses = analyses or self._analyses
        self._tutor = tutor or self._tutor
        self._drill = drill or self._drill
        self._line += line
        if counted:
            self._version += 1
            said = self._message
            if not (keep_message and said is not None and said["kind"] == "info"):
                self._message = None
        if info:
            self._message = {"kind": "info", "text": info, "rule": None}

    # checks and words the facets share ------------------------------------------------

    def _rolled(self, person: bool = True) -> Position:
        """The position of a turn being played, whose dice are set; by a person unless
        ``person`` is False (what only looks at the turn, a kept game's too: hints,
        previews)."""
        if person:
            self._require_person()
        else:
            self._require_play(navigate=True)
        if self._board.game_over:
            raise IllegalMoveError(
                "R12", _("the game is over: {ending}").format(ending=self._ending())
            )
        position = self._board.game.position
        if position.dice is None:
            raise IllegalMoveError("R4", _("roll the dice first"))
        return position

    @property
    def listed_plays(self) -> tuple[Play, ...]:
        """The plays left to choose this turn (the ``plays`` list): every legal play of
        the dice, or once moves are made, those that go on from them."""
        board = self._board

        def listed() -> tuple[Play, ...]:
            return tuple(self.legal_plays.extending(board.done)) if board.rolled else ()

        return self.memo.get("listed", self._version, listed)

    def _listed(self, index: int) -> Play:
        """Entry ``index`` of the plays left to choose (the ``plays`` list)."""
        plays = self.listed_plays
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(plays):
            raise IntentError(
                _("index must be a listed play 0..{last}, got {index}").format(
                    last=len(plays) - 1, index=repr(index)[:40]
                )
            )
        return plays[index]

    def _require_play(self, navigate: bool = False) -> None:
        """Refuse to play in edit mode, and in a match's earlier game but to step
        through it (``navigate``): its result is the match's record."""
        board = self._board
        if not board.playing:
            raise IntentError(_("the board is in edit mode: leave it to play"))
        if not navigate and (not board.last_game or board.kept):
            assert board.match is not None
            number = board.match.games.index(board.game) + 1
            raise IntentError(
                _("game {number} of the match is played: show the last game to play on").format(
                    number=number
                )
                if not board.last_game
                else _(
                    "game {number} of the match is over and scored: its turns stay as played "
                    "(study another play on a copy, BoardWidget(board.game.copy()))"
                ).format(number=number)
            )

    def _require_person(self) -> None:
        """Refuse a person's control (and its Python twin) on a bot's turn: a seat a bot
        holds is the bot's, which plays, doubles and answers for it (``_bots_play``)."""
        self._require_play()
        board = self._board
        if board.game_over:
            return  # the action itself says how the game ended
        player = board.deciding
        if player in self._seating.bots:
            said = self._to(
                player,
                N_(
                    "it is {who}'s turn, and a bot sits in {who}'s seat: the bot plays it "
                    "(seat a person there to play for {who})"
                ),
                NP_(
                    "you",
                    "it is your turn, and a bot sits in your seat: the bot plays it (seat "
                    "a person there to play yourself)",
                ),
            )
            raise IntentError(said.format(who=self._name(player)))

    def _ended(self) -> str:
        """How the shown game ended, in words: the status line's and every message's
        (``Bo wins 2 points (double passed)``). A bear-off adds its points up (R13):
        each loser's game (``2 for a gammon against Olga, 1 for a single game against
        Victor``), or the game times the cube (``a gammon against Bo: 2 × cube 2``).
        Empty while the game goes on."""  # noqa: RUF002
        game = self._board.game
        win = game.result()
        if win is None or not self._board.playing:
            return ""
        text = win_text(win, game.names, self.you)
        outcome = game.outcome() if win.ending == "bear-off" else None
        if outcome is None:
            return text
        losers = [p for p in range(game.variant.players) if p != outcome.winner]
        against = {
            p: self._to(p, *AGAINST[outcome.points[p]]).format(name=game.names[p]) for p in losers
        }
        if len(losers) > 1:  # trigammon: every loser pays the winner
            paid = [
                _("{points} for {what}").format(points=outcome.points[p], what=against[p])
                for p in losers
            ]
            return f"{text} ({', '.join(paid)})"
        (loser,) = losers
        level, cube = outcome.points[loser], game.match_position.cube.value
        what = against[loser]
        if win.points < level * cube:  # the Jacoby rule: single until the cube turns
            what += _(", counted as a single game under the Jacoby rule")
            level = 1
        if cube > 1:
            # Translators: a game's points times the cube's, as a game's end adds them up.
            times = _("{what}: {points} × cube {cube}")  # noqa: RUF001
            what = times.format(what=what, points=level, cube=cube)
        elif outcome.points[loser] == 1:
            return text  # one point, a single game: nothing to add up
        return f"{text} ({what})"

    def _ending(self) -> str:
        """How the shown game ended, in words, with the match's score."""
        board = self._board
        text = self._ended()
        if not text:
            return ""
        text += self._bot_share()
        match = board.match
        if match is not None and board.last_game:
            score = ", ".join(
                f"{name} {points}" for name, points in zip(match.names, match.score, strict=True)
            )
            text += _("; the score is {score}, in a match to {length}").format(
                score=score, length=match.length
            )
            text += self._match_won()
        return text

    def _bot_share(self) -> str:
        """`` (a bot played 40 of your 52 turns)`` where a bot played the person's seat
        a while: walk 15 read "You win 5 points" on a game a bot had mostly won."""
        you = self.you
        if you is None:
            return ""
        yours = [at for at, record in enumerate(self._board.game.turns, 1) if record.player == you]
        count = len(self.bot_plies.intersection(yours))
        if not count:
            return ""
        text = _("(a bot played {count} of your {total} turns)")
        return " " + text.format(count=count, total=len(yours))

    def _match_won(self) -> str:
        """``: Bo wins the match`` where the shown game ended the match; else empty."""
        board, match = self._board, self._board.match
        if match is None or not board.last_game or not board.game_over or not match.is_over():
            return ""
        winner = match.winner or 0
        won = self._to(winner, N_(": {who} wins the match"), NP_("you", ": you win the match"))
        return won.format(who=self._name(winner))

    def _offer_text(self) -> str:
        """The double awaiting its answer, in words: who doubled, to what, and who is to
        take or pass (R14)."""
        game = self._board.game
        turn = game.position.turn
        if 1 - turn == self.you:
            said = _("{who} doubles to {value}: take or pass?")
        else:
            said = self._to(
                turn,
                N_("{who} doubles to {value}: {other} to take or pass"),
                NP_("you", "You double to {value}: {other} to take or pass"),
            )
        return said.format(
            who=self._name(turn), value=2 * game.cube.value, other=self._name(1 - turn)
        )

    @property
    def you(self) -> int | None:
        """The seat of the person in front of the board, whom it addresses in the second
        person ("You win 2 points"; ``you=`` when made), or the seat named "You" in the
        board's language (or in English); None: every player in the third person."""
        if self._look.you is not None:
            return self._look.you
        with self.speaking():
            return seat_named_you(self._board.game.names)

    def _to(self, player: int, third: str, second: tuple[str, str]) -> str:
        """A text about ``player``, in the board's language: ``third`` (said of a
        player), or ``second`` (its second person, marked ``NP_("you", ...)``) when
        ``player`` is the seat of the person in front of the board (``you``)."""
        return pgettext(*second) if player == self.you else _(third)

    def _name(self, player: int) -> str:
        return self._board.game.names[player]

    def _said(self, record: Record) -> str:
        """A record as the message line says it: who, the dice of a turn (walk 31 could
        not tell a bot's roll), and what in the mover's notation; another player's play
        also as this board numbers its points (the one seated at the bottom), so that a
        person follows it on the board without converting, in brackets after it as the
        History, Hints and the review write it (walk 48 read the two orders as two
        systems)."""
        if not isinstance(record, Turn):
            return f"{self._name(record.player)}: {record_text(record)}"
        rolled = self._to(
            record.player,
            N_("{who} rolled {dice}: {play}"),
            NP_("you", "You rolled {dice}: {play}"),
        )
        text = rolled.format(
            who=self._name(record.player), dice=dice_text(record.dice), play=record_text(record)
        )
        reader = self._look.perspective
        if not record.play or record.player == reader:
            return text
        variant = self._board.game.variant
        seen = format_play_seen(variant, record.play, record.player, reader)
        if wraps_seen(variant, record.play, record.player, reader):
            # Translators: after a play in its mover's numbers, as this board numbers it,
            # one that passes the last point.
            note = _("({play} on this board, counting on from 1 past {points})")
        else:
            # Translators: after a play in its mover's numbers, as this board numbers it.
            note = _("({play} on this board)")
        return f"{text} {note.format(play=seen, points=variant.points)}"

    def _news_here(self) -> str | None:
        """What the message line said last where the shown game goes on, said again on
        coming back there (walk 15 lost the opening roll's message looking back at game
        1 and returning): the opening roll (R2) before the first turn, else the last
        turn, and how the game ended. None away from the end of the line."""
        game = self._board.game
        if game.ply < len(game.turns):
            return None
        if not game.turns:
            return self._opening_text(game)
        text = self._said(game.turns[-1])
        if self._board.game_over:
            text += f". {self._ending()}"
        return text

    def _opening_text(self, game: Game) -> str | None:
        """The opening roll of a game just begun (R2), in words."""
        if not game.opening or game.ply:
            return None
        names = game.names
        rolled = "; ".join(
            ", ".join(f"{names[p]} {v}" for p, v in enumerate(r.dice) if v is not None)
            for r in game.opening
        )
        starts = self._to(
            game.position.turn,
            N_("Opening roll (R2): {rolled}. {who} starts."),
            NP_("you", "Opening roll (R2): {rolled}. You start."),
        )
        return starts.format(rolled=rolled, who=names[game.position.turn])

    def _legal_targets(self) -> dict[int, dict[int, tuple[Move, ...]]]:
        """Where each checker of the turn in progress may go, and by which moves."""
        board = self._board

        def targets() -> dict[int, dict[int, tuple[Move, ...]]]:
            return self.legal_plays.targets(board.done) if board.rolled else {}

        return self.memo.get("targets", self._version, targets)

    def _judge(self, what: str) -> Evaluator:
        """The board's evaluator, for ``what`` (words of the board's language: "Hints"),
        which says it needs numpy where there is none (``judgement.judges``)."""
        need_numpy(what)
        from ..judgement.evaluation import find_evaluator

        chosen = find_evaluator(self._analyses.evaluator)
        chosen.check(self._board.game.variant)
        return chosen

    def _cube_decision(self, judge: Evaluator) -> CubeDecision:
        """The cube decision of the game's position before its roll (R14), as the bots,
        the reviews and Hints judge it (``cubeful_decision``, ``CUBE_PLY`` rolls deep):
        the doubler's, the cube at its value before any double offered."""
        game = self._board.game
        cube = game.cube
        before = MatchPosition(
            game.position.with_dice(), Cube(cube.value, cube.owner), game.match_state
        )
        return cubeful_decision(before, judge, ply=CUBE_PLY)

    def _cube_tutored(self, action: CubeAction, dice: tuple[int, ...] = ()) -> bool:
        """Whether the tutor holds a person's cube ``action`` back (a roll is ``"no
        double"``, of ``dice`` if set by hand), as it holds a play: when it loses the
        tutor's threshold or more against the proper action (walks 36 to 38: the tutor
        judged the plays of a match, never its cube)."""
        board = self._board
        if board.cube_held is not None:
            raise ValueError(_("the tutor holds this cube action: think again, or go on"))
        asked = board.may_answer if action in ("take", "drop") else board.may_double
        if not self._tutor.on or not asked or not board.cube_in_play():
            return False
        decision = self._cube_decision(self._judge(_("The tutor")))
        warning = cube_tutor_warning(decision, action, self._tutor.threshold, board.game.cube.value)
        if warning is None:
            return False
        mark = warning["mark"]
        text = (
            _(
                "The tutor: {action} loses {loss} points per cube against {better}, a {mark} "
                "cube action. Think again, or go on."
            )
            if mark
            else _(
                "The tutor: {action} loses {loss} points per cube against {better}. Think "
                "again, or go on."
            )
        ).format(
            action=warning["said"],
            loss=decimal(warning["loss"], 3),
            better=warning["better"],
            mark=_(LEVEL_WORDS[MARK_NAMES[mark]]) if mark else "",
        )
        held = CubeHeld(warning, dice)
        self._swap(board=replace(board, cube_held=held), info=text, keep_analysis=True)
        return True

    def _think_again(self) -> None:
        """The cube action the tutor held back dropped: nothing was done."""
        text = _("Not done: think again. Hints before the roll give the cube's figures.")
        board = replace(self._board, cube_held=None)
        self._swap(board=board, info=text, keep_analysis=True)

    def _line_review(self) -> tuple[Review, Report | None] | None:
        """The review of the shown line and its report (None while it runs): the one
        being made, or one kept from before."""
        analyses = self._analyses
        turns = self._board.game.turns
        if analyses.review is not None and turns == analyses.reviewed:
            return analyses.review, analyses.report
        return analyses.kept.get(turns)

    def _decisions(self) -> bool:
        """Whether the board shows decisions: while a review of the shown line is on,
        the position after ``ply`` records is shown as the decision of the next one,
        as GNU Backgammon shows a turn it judges: the position its mover faced, with
        the dice rolled, the play made drawn (the better one dashed) and that roll's
        legal plays."""
        return self._board.playing and self._line_review() is not None

    def _before_the_roll(self, ply: int) -> bool:
        """Whether the decision shown after ``ply`` records is a double missed: the
        marked cube decision of a turn that rolled instead, losing more than its play.
        It is shown before the roll, its dice and play not drawn, as GNU Backgammon
        shows a cube decision (walk 18 read "no double ?" beside the roll and the play
        that came after it)."""
        report = self._current_report()
        if report is None or not self._decisions():
            return False
        turns = self._board.game.turns
        judged = report.judged(ply + 1)
        missed = isinstance(judged, CubeReport) and judged.mark is not None
        return missed and ply < len(turns) and isinstance(turns[ply], Turn)

    def _current_report(self) -> Report | None:
        """The report of the shown line, once its review has finished, each turn Hints
        rolled out judged by that rollout (``with_rollouts``)."""
        found = self._line_review()
        report = None if found is None else found[1]
        if report is None or not self._rollouts:
            return report
        rollouts = self._rollouts
        key = (id(report), self._rollouts_kept)
        base, judged = self.memo.get(
            "rolled report", key, lambda: (report, with_rollouts(report, rollouts))
        )
        # An id outlives its report: the one kept is the one asked about, or made anew.
        return judged if base is report else with_rollouts(report, rollouts)


def _keep(kept: dict[Position, T], key: Position, value: T, limit: int) -> None:
    """``value`` kept at ``key``, the latest and last in line to be forgotten, with at
    most ``limit`` kept: the oldest goes first."""
    kept.pop(key, None)
    if len(kept) >= limit:
        del kept[next(iter(kept))]
    kept[key] = value


def _new_game(
    source: Match | Game | MatchPosition | Position | Variant | str,
    names: Sequence[str] | None,
    seed: int | None,
) -> tuple[Game, Match | None]:
    """The session's game and match from what it was given (copies, never the
    caller's own); a new game's opening roll is made at once."""
    if isinstance(source, Match):
        if names:
            raise ValueError(_("a match keeps its players' names"))
        match = source.copy()
        return first_shown(match), match
    if isinstance(source, Game):
        return opened(source.copy(names=names)), None
    if isinstance(source, MatchPosition):
        return taken_up(source, tuple(names or ()), seed)
    if isinstance(source, Position):
        return Game(source.variant, start=source, names=tuple(names or ()), seed=seed), None
    return opened(Game(find_variant(source), names=tuple(names or ()), seed=seed)), None


def taken_up(
    start: MatchPosition, names: tuple[str, ...], seed: int | None
) -> tuple[Game, Match | None]:
    """The game a board plays from ``start``: in a match taken up there when it has a
    length, so that the game's end scores the match and the next game follows (R14);
    otherwise a game alone, at its cube."""
    if start.state.length:
        match = Match.from_position(start, names=names, seed=seed)
        return match.game, match
    return Game(start.position.variant, start=start, names=names, seed=seed), None


def _source_variant(source: Match | Game | MatchPosition | Position | Variant | str) -> Variant:
    """The variant of what a board is made from."""
    if isinstance(source, MatchPosition):
        return source.position.variant
    if isinstance(source, Match | Game | Position):
        return source.variant
    return source if isinstance(source, Variant) else find_variant(source)


def names_with_you(names: Sequence[str] | None, variant: Variant, you: int) -> Sequence[str]:
    """The players' names of a board that says "you" to seat ``you``: as given, or
    the default names with "You" (in the board's language) at that seat."""
    if names:
        return names
    chosen = list(default_names(variant))
    chosen[you] = _(YOU_NAME)
    return chosen


def first_shown(match: Match) -> Game:
    """The game a board shows first: a finished match's first game at its start (to
    study it), else the game being played (to play on; its opening roll made)."""
    if match.is_over():
        game = match.games[0]
        game.goto(0)
        return game
    return opened(match.game)


def opened(game: Game) -> Game:
    """``game``, its opening roll made (R2) if it was not yet and nothing was recorded
    before it (a resignation): a board plays on at once, whether it was given a new
    game or an unstarted one."""
    while not game.started and not game.turns:
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
            _("colors needs one CSS colour per player ({players}), got {value}").format(
                players=variant.players, value=repr(colors)[:80]
            )
        )

    return chosen


def checked_player(variant: Variant, player: object, what: str) -> int:
    """``player`` as a player of ``variant``, or an ``IntentError`` naming ``what``."""
    players = variant.players
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise IntentError(
            _("{what} must be a player 0..{last}, got {player}").format(
                what=what, last=players - 1, player=repr(player)[:40]
            )
        )

    return player
