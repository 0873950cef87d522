"""A match: the games of a match to some points, or of a money session, and its score (R14).

``Match`` plays its games (``Game``) one after another, each at the match state the
games before it leave (``stakes``). Its file formats live apart and import it: its JSON
record in ``records``, GNU Backgammon's .mat and SGF in ``matchfiles``; the match
never imports them (``MatchRecords``, ``MatchFiles``).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from . import display
from .errors import quote
from .game import Game
from .i18n import _
from .names import check_text
from .stakes import MAX_MATCH_RECORDS, MatchPosition, MatchState, RecordBudget, Win, check_flag
from .variant import Variant, find_variant

INFO_KEYS = ("Site", "Event", "Round", "EventDate", "Transcriber", "Comment")
"""What ``Match.info`` may hold, named as .mat headers name it: the place, event, round,
date (``YYYY.MM.DD``), transcriber and a comment of the match."""
MAX_INFO_CHARS = 10_000
"""The longest value of a match's information (``check_info``), in characters."""


class Match:
    """A series of games to ``length`` points, or money play (``length`` 0) (R14).

    ``games`` holds every game so far, the last one being played (``game``);
    ``new_game()`` starts the next once it is over. A game's points go to its winner
    (``Game.result``), and the match ends when a player reaches ``length``. The
    Crawford rule (``crawford``, on by default) bars doubling in the game after a
    player first reaches ``length - 1``; money play may use the Jacoby rule
    (``jacoby``). A trigammon match has no cube: each game scores by R13, every loser
    paying the winner. Finished games are the match's record: change them only by
    building a new match. ``info`` holds what match files say about the match (keys
    ``INFO_KEYS``: place, event, round, date, transcriber, comment).
    """

    def __init__(
        self,
        length: int = 0,
        variant: str | Variant = "classic",
        *,
        crawford: bool = True,
        jacoby: bool = False,
        names: Sequence[str] = (),
        seed: int | None = None,
    ) -> None:
        chosen = find_variant(variant)
        check_flag(crawford, "'crawford'")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(
                _("seed must be an integer or None, not {seed}").format(seed=quote(seed))
            )
        self._first = MatchState(length, (0,) * chosen.players, jacoby=jacoby)
        self._variant = chosen
        self._crawford = crawford and chosen.players == 2
        self._rng = random.Random(seed)
        self._budget = RecordBudget(MAX_MATCH_RECORDS)
        self._games = [self._join(Game(chosen, seed=self._seed(), names=names, match=self._first))]
        self._names = self._games[0].names
        self.info: dict[str, str] = {}

    @classmethod
    def from_position(
        cls,
        start: MatchPosition,
        *,
        names: Sequence[str] = (),
        seed: int | None = None,
        crawford: bool = True,
    ) -> Match:
        """A match taken up at ``start`` (an XGID's or GNU Backgammon ID's position, say):
        its length, score, Crawford stage and cube; its first game is played from
        there, and each game's end scores it (R14). ``start`` must be of a match
        (length 1 or more)."""
        if not isinstance(start, MatchPosition) or not start.state.length:
            raise ValueError(
                _("a match is taken up at a match position of some length, not {start}").format(
                    start=quote(start)
                )
            )
        variant = start.position.variant
        match = cls(
            start.state.length, variant, crawford=crawford, jacoby=start.state.jacoby, seed=seed
        )
        match._first = start.state
        first = Game(variant, start=start, names=names, seed=match._seed())
        match._games = [match._join(first)]
        match._names = first.names
        return match

    @property
    def start(self) -> MatchState:
        """The match state its first game began at: 0-0, unless the match was taken up
        at a score (``from_position``)."""
        return self._first

    def _join(self, game: Game) -> Game:
        """``game`` as one of this match's, sharing its records' budget."""
        game._budget = self._budget
        return game

    def _seed(self) -> int:
        return self._rng.getrandbits(63)

    # reading -------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        return self._variant

    @property
    def length(self) -> int:
        """Points to win (0: money play)."""
        return self._first.length

    @property
    def crawford(self) -> bool:
        """Whether the match uses the Crawford rule."""
        return self._crawford

    @property
    def jacoby(self) -> bool:
        return self._first.jacoby

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    @property
    def games(self) -> tuple[Game, ...]:
        return tuple(self._games)

    @property
    def game(self) -> Game:
        """The game being played: the last one."""
        return self._games[-1]

    @property
    def state(self) -> MatchState:
        """The match state of the game being played."""
        return self._games[-1].match_state

    @property
    def results(self) -> tuple[Win, ...]:
        """How each finished game ended."""
        found = (game.result(-1) for game in self._games)
        return tuple(result for result in found if result is not None)

    @property
    def score(self) -> tuple[int, ...]:
        """Each player's points: after the last game once it is over, else before it."""
        result = self._last_result()
        return self.state.score if result is None else self.state.after(result)

    def is_over(self) -> bool:
        """Whether a player has reached the match length (never in money play)."""
        return bool(self.length) and max(self.score) >= self.length

    @property
    def winner(self) -> int | None:
        if not self.is_over():
            return None
        return max(range(self._variant.players), key=lambda player: self.score[player])

    def _last_result(self) -> Win | None:
        """How the last game ended, at the end of its current line; None while it goes on."""
        return self._games[-1].result(-1)

    def _next_state(self) -> MatchState:
        """The match state of the game after the last one, once it is over."""
        if not self._games:
            return self._first
        result = self._last_result()
        if result is None:
            raise ValueError(_("game {count} is not over yet").format(count=len(self._games)))
        following = self.state.next_game(result, crawford_rule=self._crawford)
        if following is None:
            raise ValueError(
                _("the match is over: player {winner} has won it").format(winner=self.winner)
            )
        return following

    def __repr__(self) -> str:
        kind = f"to {self.length}" if self.length else "money play"
        score = "-".join(map(str, self.score))
        return f"<Match {self._variant.name} {kind}: game {len(self._games)}, score {score}>"

    # playing ---------------------------------------------------------------------

    def new_game(self) -> Game:
        """Start the next game, once the last one is over and the match is not."""
        if self._budget.left <= 0:
            raise ValueError(
                _(
                    "a match keeps at most {max_match_records} records over all its games: "
                    "start a new match"
                ).format(max_match_records=f"{MAX_MATCH_RECORDS:,}")
            )
        game = Game(self._variant, seed=self._seed(), names=self.names, match=self._next_state())
        self._games.append(self._join(game))
        return game

    def copy(self) -> Match:
        """An independent copy: each game copied (``Game.copy``), the dice going on as
        this match's would."""
        twin = copy.copy(self)
        twin._budget = RecordBudget(self._budget.left)
        twin._games = [twin._join(game.copy()) for game in self._games]
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        twin.info = dict(self.info)
        return twin

    def _repr_svg_(self) -> str | None:
        """The game being played, with its cube and the score (``pictures.svg.board_svg``)."""
        return display.svg(self)

    def replay_games(self, games: Iterable[Game], start: MatchState | None = None) -> Match:
        """This match, its games replaced by recorded ones (``games``, in order), taken up
        at ``start`` (default: 0-0), each checked: its variant, names and match state
        must be the ones the match has there, and all of them hold at most
        ``MAX_MATCH_RECORDS`` records. ``ValueError`` names the game. A match's file
        formats read it so (``records``, ``matchfiles``)."""
        if start is not None:
            self._first = start
        self._games = []
        self._budget = RecordBudget(MAX_MATCH_RECORDS)
        for number, game in enumerate(games, 1):
            try:
                if game.variant != self._variant:
                    raise ValueError(
                        _("a {name} game in a {name2} match").format(
                            name=game.variant.name, name2=self._variant.name
                        )
                    )
                if game.names != self._names:
                    raise ValueError(
                        _("players {names}, not {names2}").format(
                            names=list(game.names), names2=list(self._names)
                        )
                    )
                expected = self._next_state()
                if game.match_state != expected:
                    raise ValueError(
                        _("it is played at {match_state}, not at {expected}").format(
                            match_state=game.match_state, expected=expected
                        )
                    )
                self._budget.take(game._records)
            except ValueError as error:
                raise ValueError(
                    _("game {number}: {error}").format(number=number, error=error)
                ) from None
            self._games.append(self._join(game))
        return self

    # file formats, kept as methods for compatibility ------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The match as JSON-ready data: its rules, names and every game's record. Kept
        for compatibility: ``records.match_to_dict(match)``."""
        return _records[0].match_to_dict(self)

    def to_json(self, indent: int | None = 2) -> str:
        """The record as JSON text, which ``from_json`` reads back. Kept for
        compatibility: ``records.match_to_json(match, indent)``."""
        return _records[0].match_to_json(self, indent)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Match:
        """Replay a match record: every game replayed (``Game.from_dict``) and its match
        state checked against the score the games before it leave. Kept for
        compatibility: ``records.match_from_dict(data)``."""
        return _records[0].match_from_dict(data)

    @classmethod
    def from_json(cls, text: str) -> Match:
        """A match from ``to_json`` text; ``ValueError`` for anything else. Kept for
        compatibility: ``records.match_from_json(text)``."""
        return _records[0].match_from_json(text)

    @classmethod
    def from_mat(cls, text: str) -> Match:
        """A match from GNU Backgammon's .mat text. Kept for compatibility:
        ``matchfiles.read_mat(text)``."""
        return _files[0].read_mat(text)

    def to_mat(self) -> str:
        """The match as .mat text, laid out as GNU Backgammon exports it. Kept for
        compatibility: ``matchfiles.write_mat(match)``."""
        return _files[0].write_mat(self)

    @classmethod
    def from_sgf(cls, text: str) -> Match:
        """A match from GNU Backgammon's SGF text. Kept for compatibility:
        ``matchfiles.read_sgf(text)``."""
        return _files[0].read_sgf(text)

    def to_sgf(self) -> str:
        """The match as SGF text, laid out as GNU Backgammon saves it. Kept for
        compatibility: ``matchfiles.write_sgf(match)``."""
        return _files[0].write_sgf(self)


class MatchRecords(Protocol):
    """A match's JSON record (``records``), as ``Match``'s methods of the same purpose
    reach it. The formats import the match and the match never imports them: the
    engine's face hands them over (``install_formats``), as the pictures layer hands
    the drawing to ``display``."""

    def match_to_dict(self, match: Match) -> dict[str, Any]: ...
    def match_to_json(self, match: Match, indent: int | None) -> str: ...
    def match_from_dict(self, data: Mapping[str, Any]) -> Match: ...
    def match_from_json(self, text: str) -> Match: ...


class MatchFiles(Protocol):
    """GNU Backgammon's match files (``matchfiles``), as ``Match``'s methods reach them
    (``MatchRecords``)."""

    def read_mat(self, text: str) -> Match: ...
    def write_mat(self, match: Match) -> str: ...
    def read_sgf(self, text: str) -> Match: ...
    def write_sgf(self, match: Match) -> str: ...


_records: list[MatchRecords] = []
_files: list[MatchFiles] = []


def install_formats(records: MatchRecords, files: MatchFiles) -> None:
    """The formats that ``Match``'s format methods use from now on."""
    _records[:] = [records]
    _files[:] = [files]


def check_info(info: object) -> dict[str, str]:
    """``info`` as a match's information, once its keys are ``INFO_KEYS`` and its values
    text of at most ``MAX_INFO_CHARS`` characters; else a ``ValueError`` naming it."""
    if not isinstance(info, Mapping):
        raise ValueError(_("match information is a mapping, not {info}").format(info=quote(info)))
    checked = {}
    for key, value in info.items():
        if key not in INFO_KEYS:
            raise ValueError(
                _("unknown match information {key}; keys are {info_keys}").format(
                    key=quote(key), info_keys=INFO_KEYS
                )
            )
        if not isinstance(value, str) or len(value) > MAX_INFO_CHARS:
            raise ValueError(
                _(
                    "match information {key} is text of at most {max_info_chars} "
                    "characters, not {value}"
                ).format(key=repr(key), max_info_chars=MAX_INFO_CHARS, value=quote(value))
            )
        if key != "Comment" and "\n" in value:
            raise ValueError(
                _("match information {key} is one line, not {value}").format(
                    key=repr(key), value=quote(value)
                )
            )
        what = _("match information {key}").format(key=repr(key))
        checked[key] = check_text(value, what, lines=key == "Comment")

    return checked
