"""What a game is played for: the doubling cube and the match state (R14), as GNU
Backgammon keeps them.

Small immutable values beside ``Position``, which stays free of them, and below
``Game``, which records them:

- ``Cube``: value, owner (None while centred) and whether a double is on offer;
- ``MatchState``: the match a game is played in (length, score before the game,
  Crawford game, Jacoby rule for money play);
- ``MatchPosition``: a position with its cube and match state, the unit IDs carry and
  the state a game's history holds at each step; its ``double``, ``take`` and
  ``drop`` are the cube actions, each refused with a rule-citing error;
- ``CubeAction`` and ``Resignation``: records of what happened, beside ``Turn``;
- ``Win``: who won a game, how, and the points it scores, with its words (``win_text``);
- ``RecordBudget``: the records a match's games may still add together.

The games of a match are ``match.Match``'s. Trigammon has no cube (R14 is classic only);
a trigammon match scores each game by R13, every loser paying the winner (docs,
"Match play").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal, get_args

from . import display
from .errors import IllegalMoveError, InvalidPositionError, quote
from .i18n import N_, _, ngettext, pgettext
from .position import Position, check_not_over

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


def check_flag(value: object, what: str) -> bool:
    """``value`` if it is True or False, else an error naming ``what``."""
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
        check_flag(self.offered, "the cube's 'offered'")
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
        check_flag(self.crawford, "'crawford'")
        check_flag(self.jacoby, "'jacoby'")
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
        return win_text(self)


ENDING_WORDS = {"drop": N_("double passed"), "resignation": N_("resignation")}
"""How a game ended other than by bearing off, in English (``ending_text``)."""


def points_text(points: int) -> str:
    """``1 point``, ``2 points`` (``1 punto``, ``2 puntos``)."""
    return ngettext("{count} point", "{count} points", points).format(count=points)


def ending_text(win: Win) -> str:
    """How a game ended, after the points it scores: `` (double passed)``, or nothing
    for a bear-off."""
    words = ENDING_WORDS.get(win.ending)
    return "" if words is None else f" ({_(words)})"


def win_text(win: Win, names: Sequence[str] | None = None, you: int | None = None) -> str:
    """How a game ended, in words: ``Bo wins 2 points (double passed)`` (players named
    ``player 0``, ``player 1`` ... without ``names``); said to the winner when ``you``
    is its seat: ``You win 2 points``."""
    who = _("player {player}").format(player=win.winner) if names is None else names[win.winner]
    said = pgettext("you", "You win {points}") if win.winner == you else _("{who} wins {points}")
    return said.format(who=who, points=points_text(win.points)) + ending_text(win)


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
