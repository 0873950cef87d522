"""A game: opening roll (R2), turns in order (R3), history with undo and redo.

The history is a list of turns and a cursor. Stepping back moves the cursor; playing
from an earlier turn replaces the turns after it, as in GNU Backgammon. Positions
are immutable, so each step is a stored position, never a move reversed by hand.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .diagram import SYMBOLS
from .errors import quote
from .fastplay import decide_opening, opening_rollers
from .legal import LegalPlays
from .moves import Play
from .names import check_names, default_names
from .outcome import Outcome
from .position import Dice, Position, check_dice, check_not_over, check_reachable
from .variant import TRIGAMMON, Variant, find_variant

if TYPE_CHECKING:
    from ..svg import SvgBoard

RECORD_FORMAT = "trigammon-widget/game"
RECORD_VERSION = 1
MAX_RECORD_CHARS = 2_000_000
"""Longest JSON record read: about 20,000 turns (some 15 s to replay), more than games
take, even random bots' trigammon games of thousands of turns."""
_RECORD_KEYS = ("format", "version", "start", "names", "opening", "turns", "ply", "dice")
_TURN_KEYS = ("player", "dice", "play")
_JSON_DIGITS = 20
"""Longest integer read from JSON: no field needs more, and longer ones are slow to read."""


@dataclass(frozen=True)
class Turn:
    """One player's roll and what was played with it; an empty play is a pass."""

    player: int
    dice: Dice
    play: Play
    notation: str


@dataclass(frozen=True)
class OpeningRound:
    """One round of single dice (R2); ``None`` for players who sat the round out."""

    dice: tuple[int | None, ...]


class Game:
    """A game of either variant, from a start position through every turn.

    ``seed`` makes the dice reproducible; dice can also be set by hand with
    ``roll(3, 1)``. Without ``start`` the game begins at the R1 position with the
    opening roll (R2); with ``start`` (a set-up) its player to move begins at once.
    ``variant`` defaults to the start's (trigammon without one); given both, they must
    agree. ``names``: one per player, or none for "Player X", "Player O", ...
    """

    def __init__(
        self,
        variant: str | Variant | None = None,
        start: Position | None = None,
        *,
        seed: int | None = None,
        names: Sequence[str] = (),
    ) -> None:
        if start is not None and not isinstance(start, Position):
            raise ValueError(f"start must be a Position or None, not {quote(start)}")
        if variant is None:
            chosen = TRIGAMMON if start is None else start.variant
        else:
            chosen = find_variant(variant)
            if start is not None and start.variant != chosen:
                raise ValueError(f"start is a position of {start.variant}, not of {chosen}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be an integer or None, not {quote(seed)}")
        self._variant = chosen
        self._start = Position.start(chosen) if start is None else check_reachable(start)
        self._seed = seed
        self._names = _names(names, chosen)
        self._rng = random.Random(seed)
        self._opening: list[OpeningRound] = []
        self._turns: list[Turn] = []
        self._positions = [replace(self._start, dice=None)]
        self._ply = 0
        self._dice: Dice | None = None if start is None else start.dice
        self._starter: int | None = None if start is None else start.turn

    @property
    def variant(self) -> Variant:
        return self._variant

    @property
    def start(self) -> Position:
        """The position the game started from: the R1 position or a set-up."""
        return self._start

    @property
    def seed(self) -> int | None:
        return self._seed

    @property
    def names(self) -> tuple[str, ...]:
        """One name per player; settable, checked as the constructor checks them."""
        return self._names

    @names.setter
    def names(self, names: Sequence[str]) -> None:
        self._names = _names(names, self._variant)

    @property
    def opening(self) -> tuple[OpeningRound, ...]:
        """The rounds of the opening roll so far (R2); none for a game from a set-up."""
        return tuple(self._opening)

    def __repr__(self) -> str:
        return f"<Game {self._variant.name}: turn {self._ply} of {len(self._turns)}>"

    # opening (R2) ------------------------------------------------------------

    @property
    def started(self) -> bool:
        """Whether the opening roll has decided who starts (R2)."""
        return self._starter is not None

    def roll_opening(self, dice: Sequence[int] | None = None) -> int | None:
        """One round of the opening roll (R2); the starter, or None on a tie.

        ``dice`` gives one die per player rolling this round: every player in the
        first round, then the tied players only (or everybody, with the
        ``opening_reroll="all"`` option).
        """
        if self.started:
            raise ValueError(f"the opening roll is over: player {self._starter} started")
        if dice is not None and (isinstance(dice, str) or not isinstance(dice, Sequence)):
            raise ValueError(f"opening dice are a list, one die per player, not {quote(dice)}")
        rolling = self._opening_rollers()
        values = [self._rng.randint(1, 6) for _ in rolling] if dice is None else list(dice)
        if len(values) != len(rolling):
            raise ValueError(
                f"the opening round needs {len(rolling)} dice (players {list(rolling)}), "
                f"got {len(values)}"
            )
        for value in values:
            check_dice((value, 1))
        round_dice: list[int | None] = [None] * self.variant.players
        for player, value in zip(rolling, values, strict=True):
            round_dice[player] = value
        self._opening.append(OpeningRound(tuple(round_dice)))
        starter, first_roll = decide_opening(self.variant, rolling, values)
        if starter is not None:
            self._starter = starter
            self._positions = [replace(self._start, turn=starter, dice=None)]
            self._dice = first_roll
        return starter

    def _opening_rollers(self) -> list[int]:
        """Who rolls the next opening round (R2)."""
        return opening_rollers(self.variant, self._opening[-1].dice if self._opening else None)

    # the current turn ------------------------------------------------------

    @property
    def ply(self) -> int:
        """How many turns lead to the shown position (0 = the start)."""
        return self._ply

    @property
    def turns(self) -> tuple[Turn, ...]:
        """Every recorded turn, including those after the cursor (redo)."""
        return tuple(self._turns)

    @property
    def position(self) -> Position:
        """The shown position with the dice of its turn, when rolled or recorded."""
        return self.position_at(self._ply)

    def roll(self, *dice: int) -> Dice:
        """Roll for the player to move, or set the dice by hand: ``roll(3, 1)``."""
        self._require_start()
        check_not_over(self._positions[self._ply])
        if self._ply < len(self._turns):
            raise ValueError(
                f"turn {self._ply + 1} was already rolled; play it, or truncate the "
                "history with play() from here"
            )
        if self._dice is not None:
            raise ValueError(f"the dice are already rolled: {self._dice[0]}-{self._dice[1]}")
        values = check_dice(dice) if dice else (self._rng.randint(1, 6), self._rng.randint(1, 6))
        self._dice = values
        return values

    def set_dice(self, *dice: int) -> None:
        """Replace the dice of the shown turn (for set-ups and teaching).

        From an earlier turn this drops the turns after it, once the dice are valid.
        """
        self._require_start()
        check_not_over(self._positions[self._ply])
        values = check_dice(dice)
        del self._turns[self._ply :]
        del self._positions[self._ply + 1 :]
        self._dice = values

    def legal_plays(self) -> LegalPlays:
        """The legal plays of the shown position and its dice."""
        return self.position.legal_plays()

    def play(self, play: Play | str | None = None) -> Turn:
        """Play the shown turn: a Play, notation, or None when only one play is legal.

        From an earlier turn this replaces the turns after it (they are lost).
        """
        self._require_start()
        before = self.position
        check_not_over(before)
        if before.dice is None:
            raise ValueError("roll the dice first")
        plays = before.legal_plays()
        if play is None:
            options = list(plays)
            if len(options) != 1:
                raise ValueError(f"{len(options)} plays are legal: choose one")
            chosen = options[0]
        else:
            chosen = plays.check(before.parse_play(play) if isinstance(play, str) else play)
        after = before.play(chosen)
        turn = Turn(before.turn, before.dice, chosen, before.format_play(chosen))
        del self._turns[self._ply :]
        del self._positions[self._ply + 1 :]
        self._turns.append(turn)
        self._positions.append(after)
        self._ply += 1
        self._dice = None
        return turn

    # history -----------------------------------------------------------------

    def undo(self) -> Turn:
        """Step back one turn, keeping it for ``redo``."""
        if self._ply == 0:
            raise ValueError("nothing to undo: this is the start of the game")
        self._ply -= 1
        return self._turns[self._ply]

    def redo(self) -> Turn:
        """Step forward one recorded turn."""
        if self._ply >= len(self._turns):
            raise ValueError("nothing to redo: this is the last recorded turn")
        self._ply += 1
        return self._turns[self._ply - 1]

    def goto(self, ply: int) -> Position:
        """Show the position after ``ply`` turns (0 = start, -1 = the last turn)."""
        last = len(self._turns)
        if isinstance(ply, bool) or not isinstance(ply, int) or not -1 - last <= ply <= last:
            raise ValueError(f"turn {quote(ply)} is outside the game: use 0..{last} or -1")
        self._ply = last + 1 + ply if ply < 0 else ply
        return self.position

    def position_at(self, ply: int) -> Position:
        """The position after ``ply`` turns of the line, as ``goto(ply)`` shows it."""
        last = len(self._turns)
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= last:
            raise ValueError(f"turn {ply!r} is outside the game: use 0..{last}")
        shown = self._positions[ply]
        if ply < last:
            return replace(shown, dice=self._turns[ply].dice)
        return replace(shown, dice=self._dice) if self._dice else shown

    def copy(self, *, names: Sequence[str] | None = None) -> Game:
        """An independent copy (positions are shared: they are immutable), renamed if
        ``names`` are given; its dice go on where this game's would."""
        twin = copy.copy(self)
        if names is not None:
            twin.names = names
        twin._opening = list(self._opening)
        twin._turns = list(self._turns)
        twin._positions = list(self._positions)
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        return twin

    def is_over(self) -> bool:
        return self._positions[self._ply].is_over()

    def outcome(self) -> Outcome | None:
        """Winner and each loser's R13 result, once the game is over."""
        return self._positions[self._ply].outcome()

    def _require_start(self) -> None:
        if not self.started:
            raise ValueError("roll the opening first (R2): game.roll_opening()")

    def to_svg(self, **options: Any) -> SvgBoard:
        """The shown position with the game's names and the last play as arrows."""
        from ..svg import board_svg

        defaults: dict[str, Any] = {"names": self.names}
        if self._ply:
            last = self._turns[self._ply - 1]
            defaults.update(arrows=last.play, mover=last.player)
        return board_svg(self.position, **{**defaults, **options})

    def _repr_svg_(self) -> str:
        return self.to_svg()

    # records -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole game as JSON-ready data: start, names, opening, every turn."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "start": self._start.to_dict(),
            "names": list(self._names),
            "opening": [list(r.dice) for r in self._opening],
            "turns": [
                {"player": t.player, "dice": list(t.dice), "play": t.notation} for t in self._turns
            ],
            "ply": self._ply,
            "dice": list(self._dice) if self._dice else None,
        }

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """Replay a saved record, checking every field, opening round and turn.

        A record is checked by hand, field by field, rather than against a JSON
        Schema: most of its rules are the game's own (who is to move, which plays are
        legal), which only a replay can check, and the package keeps no dependency
        for the few type checks left. Anything malformed raises ``ValueError``
        naming the field. ``start`` must be the R1 position when the record has an
        opening roll, which decides who starts; ``dice`` are the roll pending after
        the last turn: the opening dice when still to play (R2), else any roll the
        game could make there.
        """
        if not isinstance(data, Mapping) or data.get("format") != RECORD_FORMAT:
            raise ValueError(f"not a game record: 'format' must be {RECORD_FORMAT!r}")
        if data.get("version") != RECORD_VERSION:
            raise ValueError(f"unsupported game record version {quote(data.get('version'))}")
        _check_keys(data, "a game record", _RECORD_KEYS, ("start", "names"))
        with _field("'opening'"):
            rounds = _list(data.get("opening", []))
        with _field("'start'"):
            start = Position.from_dict(data["start"])
            if rounds and start != Position.start(start.variant):
                raise ValueError(
                    "a game with an opening roll starts from the R1 position, player 0 to "
                    "move and no dice; the opening decides who starts"
                )
        with _field("'names'"):
            names = check_names(data["names"], start.variant)
        game = cls(start.variant, names=names) if rounds else cls(start=start, names=names)
        for number, round_dice in enumerate(rounds, 1):
            with _field(f"opening round {number}"):
                game._replay_opening(_list(round_dice))
        turns = _list(data.get("turns", []), "'turns'")
        for number, turn in enumerate(turns, 1):
            with _field(f"turn {number} of the record"):
                game._replay_turn(turn)
        with _field("'dice'"):
            pending = data.get("dice")
            dice = None if pending is None else check_dice(_list(pending))
            if game._dice is not None:
                if dice != game._dice:
                    raise ValueError(f"the dice to play are {list(game._dice)}, not {pending}")
            elif dice is not None:
                game.roll(*dice)
        with _field("'ply'"):
            ply = data.get("ply", len(turns))
            if type(ply) is not int or not 0 <= ply <= len(turns):
                raise ValueError(f"a turn 0..{len(turns)}, not {quote(ply)}")
            game.goto(ply)
        return game

    def _replay_opening(self, round_dice: Sequence[int | None]) -> None:
        """One recorded opening round: a die for each player rolling, None for the rest."""
        players = self._variant.players
        if self.started:
            raise ValueError(f"the opening roll is over: player {self._starter} started")
        rolled = [p for p, die in enumerate(round_dice) if die is not None]
        rolling = self._opening_rollers()
        if len(round_dice) != players or rolled != rolling:
            raise ValueError(
                f"{quote(round_dice)} is not a die for each of players {rolling} and None "
                f"for the others ({players} entries)"
            )
        self.roll_opening([die for die in round_dice if die is not None])

    def _replay_turn(self, turn: Any) -> None:
        """One recorded turn: its player must be to move, its play legal for its dice."""
        _check_keys(turn, "a turn", _TURN_KEYS, _TURN_KEYS)
        player, notation = turn["player"], turn["play"]
        if type(player) is not int or player != self.position.turn:
            raise ValueError(f"player {quote(player)} is not to move")
        dice = check_dice(_list(turn["dice"], "'dice'"))
        if not isinstance(notation, str):
            raise ValueError(f"'play' must be notation text, not {quote(notation)}")
        if self.position.dice is None:
            self.roll(*dice)
        elif self.position.dice != dice:
            raise ValueError(f"the dice were {list(self.position.dice)}, not {list(dice)}")
        self.play(notation)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """A game from ``to_json`` text; ``ValueError`` for anything else."""
        if not isinstance(text, str):
            raise ValueError(f"a game record in JSON is a string, not {quote(text)}")
        if len(text) > MAX_RECORD_CHARS:
            raise ValueError(
                f"a game record in JSON has at most {MAX_RECORD_CHARS} characters, not {len(text)}"
            )
        try:
            data = json.loads(text, parse_int=_json_int, parse_constant=_json_constant)
        except RecursionError:
            raise ValueError("not a game record: its JSON is nested too deeply") from None
        except ValueError as error:
            raise ValueError(f"not a game record: invalid JSON ({error})") from None
        return cls.from_dict(data)

    def record(self) -> str:
        """A readable text record: names, opening, then one numbered line per turn."""
        lines = [f"{self.variant.name} game"]
        for player, name in enumerate(self.names):
            lines.append(f"  {SYMBOLS[player]}: {name}")
        for number, rnd in enumerate(self.opening, 1):
            rolled = ", ".join(f"{SYMBOLS[p]} {v}" for p, v in enumerate(rnd.dice) if v is not None)
            lines.append(f"opening roll {number}: {rolled}")
        for number, turn in enumerate(self._turns, 1):
            d1, d2 = turn.dice
            played = turn.notation or "(no legal move)"
            lines.append(f"{number:>3}. {SYMBOLS[turn.player]} {d1}{d2}: {played}")
        result = self.outcome()
        if result is not None:
            lines.append(f"{self.names[result.winner]} wins")
            for player in range(self.variant.players):
                if player != result.winner:
                    lines.append(f"  {self.names[player]}: {result.result(player)}")
        return "\n".join(lines)


def _names(names: Sequence[str], variant: Variant) -> tuple[str, ...]:
    """The names given, checked, or the defaults for none."""
    none = names is None or (isinstance(names, (tuple, list)) and not names)
    return default_names(variant) if none else check_names(names, variant)


@contextmanager
def _field(name: str) -> Iterator[None]:
    """Report a ``ValueError`` raised inside as one about the record's field ``name``."""
    try:
        yield
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from error


def _check_keys(data: Any, what: str, keys: Sequence[str], required: Sequence[str]) -> None:
    if not isinstance(data, Mapping):
        raise ValueError(f"{what} must be a mapping, not {quote(data)}")
    for key in data:
        if key not in keys:
            raise ValueError(f"unknown key {quote(key)} in {what}; keys are {keys}")
    for key in required:
        if key not in data:
            raise ValueError(f"{what} needs the key {key!r}")


def _list(value: Any, what: str = "it") -> Sequence[Any]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise ValueError(f"{what} must be a list, not {quote(value)}")
    return value


def _json_int(text: str) -> int:
    if len(text) > _JSON_DIGITS:
        raise ValueError(f"a number of {len(text)} digits; at most {_JSON_DIGITS}")
    return int(text)


def _json_constant(text: str) -> float:
    raise ValueError(f"{text} is not JSON")
