"""The doubling cube and match play (R14), as GNU Backgammon plays them.

Small immutable values beside ``Position``, which stays free of them:

- ``Cube``: value, owner (None while centred) and whether a double is on offer;
- ``MatchState``: the match a game is played in (length, score before the game,
  Crawford game, Jacoby rule for money play);
- ``MatchPosition``: a position with its cube and match state, the unit IDs carry and
  the state a game's history holds at each step; its ``double``, ``take`` and
  ``drop`` are the cube actions, each refused with a rule-citing error;
- ``CubeAction`` and ``Resignation``: records of what happened, beside ``Turn``;
- ``Win``: who won a game, how, and the points it scores;
- ``Match``: the games of a match or a money session, and its score.

Trigammon has no cube (R14 is classic only); a trigammon match scores each game by
R13, every loser paying the winner (docs, "Match play").
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal, get_args

from . import display
from .errors import IllegalMoveError, InvalidPositionError, quote
from .i18n import _
from .names import check_text
from .position import Position, check_not_over
from .variant import Variant, find_variant

if TYPE_CHECKING:
    from .game import Game

MAX_CUBE = 4096
"""The largest cube: GNU Backgammon's limit (``MAX_CUBE``); no double beyond it (R14)."""
MAX_MATCH_LENGTH = 64
"""The longest match: GNU Backgammon's ``MAXSCORE``."""
MAX_SCORE = 2**15 - 1
"""The highest score a match state holds: the width of a score in gnubg's Match ID."""
MAX_MATCH_RECORDS = 40_000
"""Most records all the games of a match (or money session) hold together: some 600
games of a classic money session, whose record (``records``) and match files load in
seconds."""

CubeActionKind = Literal["double", "take", "drop"]
"""A cube action's kind (R14)."""
CUBE_ACTIONS: tuple[CubeActionKind, ...] = get_args(CubeActionKind)
"""Every cube action's kind, in order."""
Ending = Literal["bear-off", "drop", "resignation"]
"""How a game ended: the last checker borne off, a double dropped, or a resignation."""
RESIGNATION_NAMES = {1: "single game", 2: "gammon", 3: "backgammon"}
"""What a resignation concedes: R13's points of a single game, gammon, backgammon."""


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidPositionError(
            _("{what} must be True or False, not {value}").format(what=what, value=quote(value))
        )
    return value


@dataclass(frozen=True)
class Cube:
    """The doubling cube (R14): its value, its owner (None: centred) and a double on
    offer (``offered``; the value is still the one before the double)."""

    value: int = 1
    owner: int | None = None
    offered: bool = False

    def __post_init__(self) -> None:
        value = self.value
        if type(value) is not int or not 1 <= value <= MAX_CUBE or value & (value - 1):
            raise InvalidPositionError(
                _("a cube shows a power of two 1..{max_cube}, not {value} (R14)").format(
                    max_cube=MAX_CUBE, value=quote(value)
                )
            )
        if self.owner is not None and (type(self.owner) is not int or self.owner not in (0, 1)):
            raise InvalidPositionError(
                _(
                    "the cube's owner is player 0, player 1 or None (centred), not {owner} (R14)"
                ).format(owner=quote(self.owner))
            )
        _flag(self.offered, "the cube's 'offered'")
        if self.offered and self.value == MAX_CUBE:
            raise InvalidPositionError(
                _("a cube at {max_cube} cannot be doubled (R14)").format(max_cube=MAX_CUBE)
            )

    @property
    def centred(self) -> bool:
        return self.owner is None

    def __str__(self) -> str:
        if self.owner is None:
            text = _("{value}-cube centred").format(value=self.value)
        else:
            text = _("{value}-cube owned by player {player}").format(
                value=self.value, player=self.owner
            )
        if self.offered:
            text += _(", doubled to {value} and awaiting an answer").format(value=2 * self.value)
        return text


@dataclass(frozen=True)
class MatchState:
    """The match a game is played in, as it stands before the game.

    ``length`` 0 is money play, where ``score`` totals what each player has won so far
    and ``jacoby`` may count gammons only once the cube has been turned. In a match
    to ``length`` points nobody has reached it yet; ``crawford`` marks the Crawford
    game, the one after a player first reaches ``length - 1``: no doubling in it (R14).
    The games after it are post-Crawford. ``score`` has one entry per player.
    """

    length: int = 0
    score: tuple[int, ...] = (0, 0)
    crawford: bool = False
    jacoby: bool = False

    def __post_init__(self) -> None:
        length, score = self.length, self.score
        if type(length) is not int or not 0 <= length <= MAX_MATCH_LENGTH:
            raise InvalidPositionError(
                _(
                    "a match is 1..{max_match_length} points long, or 0 for money play, "
                    "not {length}"
                ).format(max_match_length=MAX_MATCH_LENGTH, length=quote(length))
            )
        if not isinstance(score, tuple) or len(score) not in (2, 3):
            raise InvalidPositionError(
                _("a score is a tuple of one count per player, not {score}").format(
                    score=quote(score)
                )
            )
        for points in score:
            if type(points) is not int or not 0 <= points <= MAX_SCORE:
                raise InvalidPositionError(
                    _("a player's score is 0..{max_score} points, not {points}").format(
                        max_score=MAX_SCORE, points=quote(points)
                    )
                )
            if length and points >= length:
                raise InvalidPositionError(
                    _("score {score} ends a match to {length}: no game follows (R14)").format(
                        score=_dash(score), length=length
                    )
                )
        _flag(self.crawford, "'crawford'")
        _flag(self.jacoby, "'jacoby'")
        if self.crawford and [points == length - 1 for points in score].count(True) != 1:
            raise InvalidPositionError(
                _(
                    "the Crawford game is played when one player alone needs one point; "
                    "not at {score} in a match to {length} (R14)"
                ).format(score=_dash(score), length=length)
            )
        if self.jacoby and length:
            raise InvalidPositionError(_("the Jacoby rule belongs to money play, not to a match"))

    @classmethod
    def fresh(cls, players: int) -> MatchState:
        """No match and no score: a game on its own (money play at 0-0)."""
        return cls(score=(0,) * players)

    @property
    def money(self) -> bool:
        return self.length == 0

    def is_fresh(self) -> bool:
        """Whether this is a game on its own: no match, nothing scored, no Jacoby rule."""
        return self == MatchState.fresh(len(self.score))

    @property
    def post_crawford(self) -> bool:
        """A game after the Crawford game: one player needs one point (as gnubg infers it)."""
        two = len(self.score) == 2
        return two and bool(self.length) and not self.crawford and self.length - 1 in self.score

    def away(self, player: int) -> int:
        """Points ``player`` still needs to win the match (0 in money play)."""
        return self.length - self.score[player] if self.length else 0

    def after(self, result: Win) -> tuple[int, ...]:
        """The score once ``result`` is added: the winner gains its points (R14)."""
        score = list(self.score)
        score[result.winner] += result.points
        return tuple(score)

    def next_game(self, result: Win, *, crawford_rule: bool = True) -> MatchState | None:
        """The state of the game after ``result``, or None once the match is won.

        The Crawford game follows the game in which a player first reaches
        ``length - 1``, when the match uses the Crawford rule (R14).
        """
        score = self.after(result)
        if self.length and max(score) >= self.length:
            return None
        first = max(self.score) < self.length - 1 and max(score) == self.length - 1
        crawford = crawford_rule and bool(self.length) and first and len(score) == 2
        return replace(self, score=score, crawford=crawford)

    def __str__(self) -> str:
        if self.money:
            text = _("money play, score {score}").format(score=_dash(self.score))
            return text + _(", Jacoby rule") if self.jacoby else text
        text = _("{score} in a match to {length}").format(
            score=_dash(self.score), length=self.length
        )
        if self.crawford:
            return text + _(", Crawford game")
        return text + _(", post-Crawford") if self.post_crawford else text


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


@dataclass
class RecordBudget:
    """The records the games of a match may still add together (``MAX_MATCH_RECORDS``),
    shared by its games."""

    left: int

    def take(self, count: int) -> None:
        if self.left < count:
            raise ValueError(
                _(
                    "a match keeps at most {max_match_records} records over all its games: "
                    "nothing was recorded; start a new match"
                ).format(max_match_records=f"{MAX_MATCH_RECORDS:,}")
            )
        self.left -= count

    def give(self, count: int) -> None:
        self.left += count


def _dash(score: Sequence[int]) -> str:
    return "-".join(map(str, score))


@dataclass(frozen=True)
class CubeAction:
    """A record of the cube (R14): ``player`` doubles, takes or drops (passes)."""

    player: int
    action: CubeActionKind

    def __post_init__(self) -> None:
        if type(self.player) is not int or self.player not in (0, 1):
            raise ValueError(
                _("a cube action is player 0's or player 1's, not {player}").format(
                    player=quote(self.player)
                )
            )
        if self.action not in CUBE_ACTIONS:
            raise ValueError(
                _("a cube action is one of {cube_actions}, not {action}").format(
                    cube_actions=CUBE_ACTIONS, action=quote(self.action)
                )
            )

    @property
    def notation(self) -> str:
        """The action as records write it, like a turn's play: ``double``, ``take``,
        ``drop``."""
        return self.action


@dataclass(frozen=True)
class Resignation:
    """A record of a resignation accepted: ``player`` concedes ``level`` times the cube,
    1, 2 or 3 for a single game, gammon or backgammon (R14 Reading, docs: "Match play")."""

    player: int
    level: int

    def __post_init__(self) -> None:
        if type(self.player) is not int or self.player not in (0, 1):
            raise ValueError(
                _("a resignation is player 0's or player 1's, not {player}").format(
                    player=quote(self.player)
                )
            )
        if type(self.level) is not int or self.level not in RESIGNATION_NAMES:
            raise ValueError(
                _(
                    "a resignation concedes 1, 2 or 3 points (single game, gammon, "
                    "backgammon) times the cube, not {level}"
                ).format(level=quote(self.level))
            )

    @property
    def notation(self) -> str:
        """The resignation as records write it: ``resign gammon``."""
        return f"resign {RESIGNATION_NAMES[self.level]}"


@dataclass(frozen=True)
class Win:
    """How a game ended: its winner, the points the winner scores and the ending."""

    winner: int
    points: int
    ending: Ending

    def __str__(self) -> str:
        from .notation import win_text

        return win_text(self)


@dataclass(frozen=True, repr=False)
class MatchPosition:
    """A position with its cube and the match state of its game.

    The cube actions (R14) are methods that return the next state or, for a drop, the
    result; each refuses what the rules forbid with ``IllegalMoveError``. A trigammon
    position always has the centred 1-cube: trigammon has no doubling.
    """

    position: Position
    cube: Cube = Cube()
    state: MatchState = MatchState()

    def __post_init__(self) -> None:
        position, cube, state = self.position, self.cube, self.state
        if not isinstance(position, Position):
            raise InvalidPositionError(
                _("position must be a Position, not {position}").format(position=quote(position))
            )
        if not isinstance(cube, Cube):
            raise InvalidPositionError(
                _("cube must be a Cube, not {cube}").format(cube=quote(cube))
            )
        if not isinstance(state, MatchState):
            raise InvalidPositionError(
                _("state must be a MatchState, not {state}").format(state=quote(state))
            )
        players = position.variant.players
        if len(state.score) != players:
            raise InvalidPositionError(
                _("a {name} match has {players} scores, not {score}").format(
                    name=position.variant.name, players=players, score=_dash(state.score)
                )
            )
        if players != 2 and (cube != Cube() or state.crawford):
            raise InvalidPositionError(
                _(
                    "trigammon has no doubling cube (R14 is classic only): its cube stays "
                    "a centred 1-cube"
                )
            )
        if state.crawford and cube != Cube():
            raise InvalidPositionError(
                _(
                    "no doubling in the Crawford game (R14): its cube is a centred 1-cube, "
                    "not a {cube}"
                ).format(cube=cube)
            )
        if cube.offered and (position.dice is not None or position.is_over()):
            raise InvalidPositionError(
                _("a double is offered before the roll, in a game still going on (R14)")
            )
        if cube.offered and cube.owner not in (None, position.turn):
            raise InvalidPositionError(
                _("player {turn} cannot have doubled a cube that player {owner} owns (R14)").format(
                    turn=position.turn, owner=cube.owner
                )
            )

    # the cube (R14) ----------------------------------------------------------

    def legal_cube_actions(self) -> tuple[CubeActionKind, ...]:
        """The cube actions allowed now: ``("double",)``, ``("take", "drop")`` or ``()``."""
        if self.cube.offered:
            return ("take", "drop")
        try:
            self.check_double()
        except IllegalMoveError:
            return ()
        return ("double",)

    def check_double(self) -> None:
        """Refuse a double the rules forbid (R12, R14); the player to move doubles."""
        position, cube = self.position, self.cube
        if position.variant.players != 2:
            raise IllegalMoveError("R14", _("trigammon has no doubling cube"))
        check_not_over(position)
        if cube.offered:
            raise IllegalMoveError(
                "R14",
                _("a double to {value} is already offered: take or drop it").format(
                    value=2 * cube.value
                ),
            )
        if self.state.crawford:
            raise IllegalMoveError("R14", _("no doubling in the Crawford game"))
        if position.dice is not None:
            raise IllegalMoveError(
                "R14",
                _("player {player} has rolled: a player doubles before rolling").format(
                    player=position.turn
                ),
            )
        if cube.owner is not None and cube.owner != position.turn:
            raise IllegalMoveError(
                "R14",
                _("player {player} owns the cube: only its owner may double").format(
                    player=cube.owner
                ),
            )
        if cube.value >= MAX_CUBE:
            raise IllegalMoveError(
                "R14", _("the cube is at {value}, the largest there is").format(value=MAX_CUBE)
            )

    def double(self) -> MatchPosition:
        """The player to move offers to double; the opponent is to take or drop."""
        self.check_double()
        return replace(self, cube=replace(self.cube, offered=True))

    def _check_answer(self, action: Literal["take", "drop"]) -> None:
        check_not_over(self.position)
        if not self.cube.offered:
            text = (
                _("no double is offered: nothing to take")
                if action == "take"
                else _("no double is offered: nothing to drop")
            )
            raise IllegalMoveError("R14", text)

    def take(self) -> MatchPosition:
        """The opponent takes: the cube doubles and passes to it (R14)."""
        self._check_answer("take")
        taker = 1 - self.position.turn
        return replace(self, cube=Cube(2 * self.cube.value, taker))

    def drop(self) -> Win:
        """The opponent drops (passes): it loses the game at the cube's value (R14)."""
        self._check_answer("drop")
        return Win(self.position.turn, self.cube.value, "drop")

    def check_roll(self) -> None:
        """Refuse to roll or play while a double awaits its answer (R14)."""
        if self.cube.offered:
            raise IllegalMoveError(
                "R14",
                _("player {player} must take or drop the double before the game goes on").format(
                    player=1 - self.position.turn
                ),
            )

    def apply(self, record: CubeAction) -> MatchPosition | Win:
        """The state after a cube action record, checked: its player must be the one to act."""
        doubler = self.position.turn
        actor = doubler if record.action == "double" else 1 - doubler
        if record.player != actor:
            wrong = {
                "double": _("player {actor} is to double, not player {player}"),
                "take": _("player {actor} is to take, not player {player}"),
                "drop": _("player {actor} is to drop, not player {player}"),
            }[record.action]
            raise IllegalMoveError("R14", wrong.format(actor=actor, player=record.player))
        if record.action == "double":
            return self.double()
        return self.take() if record.action == "take" else self.drop()

    # results -----------------------------------------------------------------

    def resign(self, record: Resignation) -> Win:
        """The result of a resignation accepted (R14 Reading, docs: "Match play")."""
        check_not_over(self.position)
        if self.position.variant.players != 2:
            raise IllegalMoveError("R14", _("resignations belong to classic match play"))

        level = self._counted(record.level)
        return Win(1 - record.player, level * self.cube.value, "resignation")

    def result(self) -> Win | None:
        """The result once a player has borne off all 15 (R12): R13's points times the
        cube (R14), every loser paying the winner in trigammon; None before."""
        outcome = self.position.outcome()
        if outcome is None:
            return None
        if self.position.variant.players != 2:
            return Win(outcome.winner, sum(outcome.points), "bear-off")
        points = self._counted(outcome.points[1 - outcome.winner])
        return Win(outcome.winner, points * self.cube.value, "bear-off")

    def _counted(self, level: int) -> int:
        """R13's points as they count: with the Jacoby rule, single until the cube turns."""
        state = self.state
        return 1 if state.money and state.jacoby and self.cube.owner is None else level

    # ids ---------------------------------------------------------------------

    @property
    def id(self) -> str:
        """The position's ID, ``:`` and a match ID of cube and match state (``ids``)."""
        from .ids import encode_match_position

        return encode_match_position(self)

    @classmethod
    def from_id(cls, text: str) -> MatchPosition:
        from .ids import decode_match_position

        return decode_match_position(text)

    @property
    def xgid(self) -> str:
        from .ids import to_xgid

        return to_xgid(self.position, self.cube, self.state)

    @classmethod
    def from_xgid(cls, text: str) -> MatchPosition:
        from .ids import read_xgid

        return read_xgid(text)

    @property
    def gnubg_id(self) -> str:
        from .ids import to_gnubg_id

        return to_gnubg_id(self.position, self.cube, self.state)

    @classmethod
    def from_gnubg_id(cls, text: str) -> MatchPosition:
        from .ids import read_gnubg_id

        return read_gnubg_id(text)

    def __repr__(self) -> str:
        return f"MatchPosition.from_id({self.id!r})"

    @property
    def cube_in_play(self) -> bool:
        """Whether the cube matters (R14): a classic game in a match or at a score, or one
        whose cube has left the centred 1. Then the cube is drawn and bots double."""
        classic = self.position.variant.players == 2
        return classic and (not self.state.is_fresh() or self.cube != Cube())

    def _repr_svg_(self) -> str | None:
        """The board with the cube and the score line (``pictures.svg.board_svg``)."""
        return display.svg(self)


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
        from .game import Game

        chosen = find_variant(variant)
        _flag(crawford, "'crawford'")
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
        from .game import Game

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
        from .game import Game

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

    # records ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The match as JSON-ready data (``records``): its rules, names and every game's
        record."""
        from .records import match_to_dict

        return match_to_dict(self)

    def to_json(self, indent: int | None = 2) -> str:
        """The record as JSON text (``records.dumps``), which ``from_json`` reads back."""
        from .records import dumps, match_to_dict

        return dumps(match_to_dict(self), indent)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Match:
        """Replay a match record (``records``): every game replayed (``Game.from_dict``)
        and its match state checked against the score the games before it leave."""
        from .records import match_from_dict

        return match_from_dict(data)

    def _with_games(self, games: Iterable[Game]) -> Match:
        """This match, its games replaced by ``games`` in order, each checked: its
        variant, names and match state must be the ones the match has there, and all
        of them hold at most ``MAX_MATCH_RECORDS`` records. ``ValueError`` names the
        game."""
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

    @classmethod
    def from_mat(cls, text: str) -> Match:
        """A match from GNU Backgammon's .mat text (``matchfiles.read_mat``)."""
        from .matchfiles import read_mat

        return read_mat(text)

    def to_mat(self) -> str:
        """The match as .mat text, laid out as GNU Backgammon exports it."""
        from .matchfiles import write_mat

        return write_mat(self)

    @classmethod
    def from_sgf(cls, text: str) -> Match:
        """A match from GNU Backgammon's SGF text (``matchfiles.read_sgf``)."""
        from .matchfiles import read_sgf

        return read_sgf(text)

    def to_sgf(self) -> str:
        """The match as SGF text, laid out as GNU Backgammon saves it."""
        from .matchfiles import write_sgf

        return write_sgf(self)

    @classmethod
    def from_json(cls, text: str) -> Match:
        """A match from ``to_json`` text; ``ValueError`` for anything else."""
        from .records import match_from_dict, read_json

        return match_from_dict(read_json(text, _("a match record")))
