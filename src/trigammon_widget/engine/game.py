"""A game: opening roll (R2), turns in order (R3), history with undo and redo.

The history is a list of turns and a cursor. Stepping back moves the cursor; playing
from an earlier turn replaces the turns after it, as in GNU Backgammon. Positions
are immutable, so each step is a stored position, never a move reversed by hand.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .diagram import SYMBOLS
from .fastplay import decide_opening, opening_rollers
from .legal import LegalPlays
from .moves import Play
from .outcome import Outcome
from .position import Dice, Position, check_dice
from .variant import TRIGAMMON, Variant, find_variant

if TYPE_CHECKING:
    from ..svg import SvgBoard

RECORD_FORMAT = "trigammon-widget/game"
RECORD_VERSION = 1


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


@dataclass
class Game:
    """A game of either variant, from a start position through every turn.

    ``seed`` makes the dice reproducible; dice can also be set by hand with
    ``roll(3, 1)``. Without ``start`` the game begins at the R1 position with the
    opening roll (R2); with ``start`` (a set-up) its player to move begins at once.
    """

    variant: Variant = TRIGAMMON
    start: Position | None = None
    seed: int | None = None
    names: tuple[str, ...] = ()
    opening: list[OpeningRound] = field(default_factory=list)
    _turns: list[Turn] = field(default_factory=list, repr=False)
    _positions: list[Position] = field(default_factory=list, repr=False)
    _ply: int = field(default=0, repr=False)
    _dice: Dice | None = field(default=None, repr=False)
    _starter: int | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.variant = find_variant(self.variant)
        custom_start = self.start is not None
        if self.start is None:
            self.start = Position.start(self.variant)
        elif self.start.variant != self.variant:
            self.variant = self.start.variant
        self.names = tuple(self.names) or tuple(
            f"Player {SYMBOLS[p]}" for p in range(self.variant.players)
        )
        if len(self.names) != self.variant.players:
            raise ValueError(
                f"{self.variant.name} needs {self.variant.players} names, got {len(self.names)}"
            )
        self._rng = random.Random(self.seed)
        self._positions = [replace(self.start, dice=None)]
        if custom_start:
            self._starter = self.start.turn
            self._dice = self.start.dice

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
        last = self.opening[-1].dice if self.opening else None
        rolling = opening_rollers(self.variant, last)
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
        self.opening.append(OpeningRound(tuple(round_dice)))
        starter, first_roll = decide_opening(self.variant, rolling, values)
        if starter is not None:
            self._starter = starter
            assert self.start is not None
            self._positions = [replace(self.start, turn=starter, dice=None)]
            self._dice = first_roll
        return starter

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
        if self.is_over():
            raise ValueError("the game is over (R12)")
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
        """Replace the dice of the turn being played (for set-ups and teaching)."""
        self._require_start()
        if self._ply < len(self._turns):
            del self._turns[self._ply :]
            del self._positions[self._ply + 1 :]
        self._dice = check_dice(dice)

    def legal_plays(self) -> LegalPlays:
        """The legal plays of the shown position and its dice."""
        return self.position.legal_plays()

    def play(self, play: Play | str | None = None) -> Turn:
        """Play the shown turn: a Play, notation, or None when only one play is legal.

        From an earlier turn this replaces the turns after it (they are lost).
        """
        self._require_start()
        before = self.position
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
        target = last + 1 + ply if ply < 0 else ply
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= target <= last:
            raise ValueError(f"turn {ply!r} is outside the game: use 0..{last} or -1")
        self._ply = target
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
        twin.names = self.names if names is None else Game(self.variant, names=tuple(names)).names
        twin.opening = list(self.opening)
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
        assert self.start is not None
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "start": self.start.to_dict(),
            "names": list(self.names),
            "opening": [list(r.dice) for r in self.opening],
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
        """Replay a saved record, checking every opening round and turn."""
        if not isinstance(data, Mapping) or data.get("format") != RECORD_FORMAT:
            raise ValueError(f"not a game record: 'format' must be {RECORD_FORMAT!r}")
        if data.get("version") != RECORD_VERSION:
            raise ValueError(f"unsupported game record version {data.get('version')!r}")
        start = Position.from_dict(data["start"])
        names = tuple(data["names"])
        opening = data.get("opening") or []
        if opening:
            game = cls(start.variant, names=names)
            for round_dice in opening:
                game.roll_opening([v for v in round_dice if v is not None])
        else:
            game = cls(start.variant, start=start, names=names)
        for index, turn in enumerate(data.get("turns", [])):
            try:
                if turn["player"] != game.position.turn:
                    raise ValueError(f"player {turn['player']} is not to move")
                dice = check_dice(turn["dice"])
                if game.position.dice is None:
                    game.roll(*dice)
                elif game.position.dice != dice:
                    raise ValueError(f"the dice were {game.position.dice}, not {dice}")
                game.play(turn["play"])
            except (KeyError, TypeError, ValueError) as error:
                raise ValueError(f"turn {index + 1} of the record: {error}") from error
        pending = data.get("dice")
        game._dice = check_dice(pending) if pending else None
        game.goto(data.get("ply", len(game._turns)))
        return game

    @classmethod
    def from_json(cls, text: str) -> Game:
        return cls.from_dict(json.loads(text))

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
