"""A game: opening roll (R2), turns in order (R3), the cube (R14), history with variations.

The history is a tree of records, as chess PGN and GNU Backgammon's analysis keep side
lines: each node holds one record (a ``Turn``, or in classic a ``CubeAction`` or a
``Resignation``) and the state after it (the position and the cube), and the first
child of a node is its main line. The *current line* runs from the start along one chosen child
at each node; ``turns``, ``ply``, ``undo``, ``redo`` and ``goto`` work within it.
Playing a different play at an earlier turn starts a variation beside the old turns
(``play(..., replace=True)`` drops them instead, as GNU Backgammon does). Positions
are immutable, so each step is a stored position, never a move reversed by hand.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from . import display
from .diagram import SYMBOLS
from .errors import IllegalMoveError, quote
from .fastplay import decide_opening, opening_rollers
from .legal import LegalPlays
from .match import (
    Cube,
    CubeAction,
    CubeActionKind,
    MatchPosition,
    MatchState,
    Resignation,
    Win,
)
from .moves import Play
from .names import check_name, check_names, default_names
from .notation import play_text, points_text, record_text, win_text
from .outcome import Outcome
from .position import Dice, Position, check_dice, check_not_over, check_reachable
from .records import as_list, check_keys, checking, read_json
from .variant import TRIGAMMON, Variant, find_variant

RECORD_FORMAT = "trigammon-widget/game"
RECORD_VERSION = 3
"""Version 2 added variations (``variations`` and ``name`` in turns, ``line``), version 3
the cube (R14): ``match`` and ``cube`` at the start, cube actions and resignations among
the turns. Versions 1 and 2 read unchanged."""
_RECORD_KEYS = (
    "format",
    "version",
    "start",
    "names",
    "opening",
    "turns",
    "line",
    "ply",
    "dice",
    "match",
    "cube",
)
_TURN_KEYS = ("player", "dice", "play", "cube", "resign", "name", "variations")
_RECORD_KINDS = {"play": ("player", "dice", "play"), "cube": ("player",), "resign": ("player",)}
"""What each kind of record needs: a turn its dice and play, a cube action its action
(``"double"``, ``"take"``, ``"drop"``), a resignation its level (1, 2, 3)."""
_MATCH_KEYS = ("length", "score", "crawford", "jacoby")
_CUBE_KEYS = ("value", "owner", "offered")


@dataclass(frozen=True)
class Turn:
    """One player's roll and what was played with it; an empty play is a pass."""

    player: int
    dice: Dice
    play: Play
    notation: str


Record = Turn | CubeAction | Resignation
"""What one node of a game's history holds: a turn, a cube action or a resignation."""


@dataclass(frozen=True)
class Variation:
    """One of the records after a position: the main line (``index`` 0) or a side
    line, with its name, how many records its line holds, and whether the current
    line takes it."""

    index: int
    name: str
    turn: Record
    length: int
    current: bool


@dataclass(eq=False)
class _Node:
    """A record of the tree and the state after it (the root holds no record)."""

    turn: Record | None
    position: Position
    """After the record, without dice."""
    cube: Cube = field(default_factory=Cube)
    """The cube after the record (R14)."""
    result: Win | None = None
    """How the game ended here, when a drop or a resignation ended it."""
    parent: _Node | None = None
    children: list[_Node] = field(default_factory=list)
    follow: int | None = None
    """The child the current line takes; None where the line ends."""
    name: str = ""
    dice: Dice | None = None
    """A roll made here and not played yet (only where the current line ends)."""


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
    ``match`` is the match the game is played in (default: money play) and ``cube``
    the cube at the start (default: centred 1-cube); classic players double, take
    and drop (R14) with ``double()``, ``take()`` and ``drop()``.
    """

    def __init__(
        self,
        variant: str | Variant | None = None,
        start: Position | MatchPosition | None = None,
        *,
        seed: int | None = None,
        names: Sequence[str] = (),
        match: MatchState | None = None,
        cube: Cube | None = None,
    ) -> None:
        if isinstance(start, MatchPosition):
            given = start
            start, cube, match = given.position, given.cube, given.state
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
        state = MatchState.fresh(chosen.players) if match is None else match
        self._state = MatchPosition(self._start, cube or Cube(), state).state
        self._seed = seed
        self._names = _names(names, chosen)
        self._rng = random.Random(seed)
        self._opening: list[OpeningRound] = []
        self._root = _Node(None, replace(self._start, dice=None), cube or Cube())
        self._root.dice = None if start is None else start.dice
        self._line = [self._root]
        self._ply = 0
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
    def match_state(self) -> MatchState:
        """The match the game is played in: length, score before it, Crawford (R14)."""
        return self._state

    @property
    def cube(self) -> Cube:
        """The cube of the shown position (R14)."""
        return self._line[self._ply].cube

    @property
    def match_position(self) -> MatchPosition:
        """The shown position with its cube and match state."""
        return self.match_position_at(self._ply)

    def match_position_at(self, ply: int) -> MatchPosition:
        """The position after ``ply`` records of the current line (``position_at``) with
        its cube and match state."""
        return MatchPosition(self.position_at(ply), self._line[ply].cube, self._state)

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
        return f"<Game {self._variant.name}: turn {self._ply} of {len(self._line) - 1}>"

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
            self._root.position = replace(self._start, turn=starter, dice=None)
            self._root.dice = first_roll
        return starter

    def _opening_rollers(self) -> list[int]:
        """Who rolls the next opening round (R2)."""
        return opening_rollers(self.variant, self._opening[-1].dice if self._opening else None)

    # the current line ------------------------------------------------------

    @property
    def ply(self) -> int:
        """How many records of the current line lead to the shown position (0 = start)."""
        return self._ply

    @property
    def turns(self) -> tuple[Record, ...]:
        """The records of the current line, including those after the shown one (redo):
        turns, and in classic cube actions and resignations."""
        return tuple(node.turn for node in self._line[1:] if node.turn is not None)

    @property
    def position(self) -> Position:
        """The shown position with the dice of its turn, when rolled or recorded."""
        return self.position_at(self._ply)

    def position_at(self, ply: int) -> Position:
        """The position after ``ply`` turns of the current line, as ``goto(ply)`` shows it."""
        last = len(self._line) - 1
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= last:
            raise ValueError(f"turn {quote(ply)} is outside the game: use 0..{last}")
        node = self._line[ply]
        following = self._line[ply + 1].turn if ply < last else None
        dice = following.dice if isinstance(following, Turn) else None if following else node.dice
        return replace(node.position, dice=dice) if dice else node.position

    def roll(self, *dice: int) -> Dice:
        """Roll for the player to move, or set the dice by hand: ``roll(3, 1)``."""
        self._require_start()
        node = self._line[self._ply]
        self._check_going_on(node)
        if self._ply < len(self._line) - 1:
            raise ValueError(
                f"turn {self._ply + 1} was already rolled; play it, or try other dice with "
                "set_dice() (they start a variation)"
            )
        if node.dice is not None:
            raise ValueError(f"the dice are already rolled: {node.dice[0]}-{node.dice[1]}")
        values = check_dice(dice) if dice else (self._rng.randint(1, 6), self._rng.randint(1, 6))
        node.dice = values
        return values

    def set_dice(self, *dice: int) -> None:
        """Replace the dice of the shown turn (for set-ups and teaching).

        At an earlier turn the line then ends here, with these dice: the turns after
        it stay, as a variation (``variations()``).
        """
        self._require_start()
        node = self._line[self._ply]
        self._check_going_on(node)
        values = check_dice(dice)
        node.dice = values
        node.follow = None
        self._relink()

    def legal_plays(self) -> LegalPlays:
        """The legal plays of the shown position and its dice."""
        return self.position.legal_plays()

    def play(self, play: Play | str | None = None, *, replace: bool = False) -> Turn:
        """Play the shown turn: a Play, notation, or None when only one play is legal.

        At an earlier turn a different play starts a variation beside the turns after
        it (the same play goes on along them); ``replace=True`` drops those turns.
        """
        self._require_start()
        before = self.position
        self._check_going_on(self._line[self._ply])
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
        turn = Turn(before.turn, before.dice, chosen, before.format_play(chosen))
        node = self._line[self._ply]
        at = None
        if replace and node.follow is not None:
            at = node.follow
            del node.children[at]
        self._enter(node, _Node(turn, before.play(chosen), node.cube), at)
        return turn

    # the cube (R14) ------------------------------------------------------------

    def double(self) -> CubeAction:
        """The player to move offers to double, before rolling (R14)."""
        return self._cube_action("double")

    def take(self) -> CubeAction:
        """The opponent takes the double: the cube doubles and becomes its (R14)."""
        return self._cube_action("take")

    def drop(self) -> CubeAction:
        """The opponent drops (passes) the double and loses the game at the cube's
        value (R14)."""
        return self._cube_action("drop")

    def resign(self, level: int = 1, player: int | None = None) -> Resignation:
        """``player`` (default: the one to move) resigns a single game (1), a gammon (2)
        or a backgammon (3), and the opponent accepts: the game ends (R14 Reading), even
        before the opening roll. The record keeps what counts (a single game while the
        Jacoby rule ignores gammons)."""
        node = self._line[self._ply]
        self._check_going_on(node)
        record = Resignation(node.position.turn if player is None else player, level)
        result = self.match_position.resign(record)
        # What it concedes: a gammon is a single game while the Jacoby rule ignores it.
        record = Resignation(record.player, result.points // node.cube.value)
        self._enter(node, _Node(record, node.position, node.cube, result))
        return record

    def _cube_action(self, action: CubeActionKind) -> CubeAction:
        self._require_start()
        node = self._line[self._ply]
        self._check_going_on(node, cube_action=True)
        doubler = node.position.turn
        record = CubeAction(doubler if action == "double" else 1 - doubler, action)
        # Only a roll pending here stops a double; at an earlier turn the recorded roll
        # that follows is another line, which a double starts a variation beside.
        here = MatchPosition(replace(node.position, dice=node.dice), node.cube, self._state)
        after = here.apply(record)
        if isinstance(after, Win):
            # Dropped: the game ends at the cube's value, no longer offered.
            child = _Node(record, node.position, replace(node.cube, offered=False), after)
        else:
            child = _Node(record, node.position, after.cube)
        self._enter(node, child)
        return record

    def result(self, ply: int | None = None) -> Win | None:
        """How the shown position (or the one after ``ply`` records, -1 the last) ended
        the game, once it has: the winner and the points it scores, cube included
        (R12-R14); None while the game goes on."""
        node = self._line[-1] if ply == -1 else self._node(ply)
        if node.result is not None:
            return node.result
        return MatchPosition(node.position, node.cube, self._state).result()

    def _check_going_on(self, node: _Node, cube_action: bool = False) -> None:
        """Refuse to go on from a finished game (R12, R14) or, but for the answer to a
        double, while a double awaits its answer (R14)."""
        if node.result is not None:
            raise IllegalMoveError("R14", f"the game is over: {win_text(node.result, self.names)}")
        check_not_over(node.position)
        if not cube_action:
            MatchPosition(node.position, node.cube, self._state).check_roll()

    def _enter(self, node: _Node, child: _Node, at: int | None = None) -> _Node:
        """Follow ``child``'s record from ``node``: the child that holds it already, or
        ``child`` (put at ``at`` among the children, else last)."""
        assert child.turn is not None
        found = _child_with(node, child.turn)
        if found is None:
            found = len(node.children) if at is None else at
            child.parent = node
            node.children.insert(found, child)
        index = found
        node.follow = index
        node.dice = None
        self._relink()
        self._ply = self._line.index(node) + 1
        return node.children[index]

    def _relink(self) -> None:
        """The current line again, from the root along each node's chosen child."""
        line = [self._root]
        node = self._root
        while node.follow is not None:
            node = node.children[node.follow]
            line.append(node)
        self._line = line
        self._ply = min(self._ply, len(line) - 1)

    # history -----------------------------------------------------------------

    def undo(self) -> Record:
        """Step back one record, keeping it for ``redo``."""
        if self._ply == 0:
            raise ValueError("nothing to undo: this is the start of the game")
        self._ply -= 1
        return self._turn(self._ply + 1)

    def redo(self) -> Record:
        """Step forward one record of the current line."""
        if self._ply >= len(self._line) - 1:
            raise ValueError("nothing to redo: this is the last recorded turn")
        self._ply += 1
        return self._turn(self._ply)

    def goto(self, ply: int) -> Position:
        """Show the position after ``ply`` turns (0 = start, -1 = the last turn)."""
        last = len(self._line) - 1
        if isinstance(ply, bool) or not isinstance(ply, int) or not -1 - last <= ply <= last:
            raise ValueError(f"turn {quote(ply)} is outside the game: use 0..{last} or -1")
        self._ply = last + 1 + ply if ply < 0 else ply
        return self.position

    def _turn(self, ply: int) -> Record:
        turn = self._line[ply].turn
        assert turn is not None
        return turn

    # variations ----------------------------------------------------------------

    def variations(self, ply: int | None = None) -> tuple[Variation, ...]:
        """The turns recorded after ``ply`` turns of the current line (default: the
        shown position): the main line first, then the side lines."""
        node = self._node(ply)
        found = []
        for index, child in enumerate(node.children):
            assert child.turn is not None
            length = 1
            while child.children:
                child = child.children[0 if child.follow is None else child.follow]
                length += 1
            first = node.children[index]
            assert first.turn is not None
            found.append(Variation(index, first.name, first.turn, length, index == node.follow))
        return tuple(found)

    def branches(self) -> tuple[int, ...]:
        """How many turns are recorded after each position of the current line but its
        last: more than one marks a branch."""
        return tuple(len(node.children) for node in self._line[:-1])

    def switch_variation(self, index: int, ply: int | None = None) -> None:
        """Let the current line take variation ``index`` after ``ply`` (default: shown)."""
        node = self._node(ply)
        node.follow = self._index(node, index)
        node.dice = None
        self._relink()

    def promote_variation(self, index: int, ply: int | None = None) -> None:
        """Make variation ``index`` the main line at that position (index 0)."""
        node = self._node(ply)
        child = node.children.pop(self._index(node, index))
        node.children.insert(0, child)
        if node.follow is not None:
            node.follow = node.children.index(self._line[self._line.index(node) + 1])

    def rename_variation(self, index: int, name: str, ply: int | None = None) -> None:
        """Give variation ``index`` a name (``""`` for none), shown in lists."""
        node = self._node(ply)
        child = node.children[self._index(node, index)]
        child.name = "" if name == "" else check_name(name, "a variation's name")

    def delete_variation(self, index: int, ply: int | None = None) -> None:
        """Drop variation ``index`` and every turn after it; the current line, if it took
        it, ends at that position."""
        node = self._node(ply)
        where = self._index(node, index)
        taken = node.follow
        del node.children[where]
        if taken == where:
            node.follow = None
            self._ply = min(self._ply, self._line.index(node))
        elif taken is not None and taken > where:
            node.follow = taken - 1
        self._relink()

    @property
    def is_main_line(self) -> bool:
        """Whether the current line is the main line (the first child everywhere)."""
        return all(node.follow in (None, 0) for node in self._line)

    def main_line(self) -> None:
        """Show the main line, at the shown turn where it shares it, else where they part."""
        node, ply = self._root, 0
        while node.children:
            on_line = ply + 1 < len(self._line) and self._line[ply + 1] is node.children[0]
            if not on_line:
                self._ply = min(self._ply, ply)
            node.follow = 0
            node = node.children[0]
            ply += 1
        node.follow = None
        self._relink()

    def _node(self, ply: int | None) -> _Node:
        if ply is None:
            return self._line[self._ply]
        last = len(self._line) - 1
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= last:
            raise ValueError(f"turn {quote(ply)} is outside the game: use 0..{last}")
        return self._line[ply]

    @staticmethod
    def _index(node: _Node, index: object) -> int:
        count = len(node.children)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
            raise ValueError(
                f"variation {quote(index)} does not exist here: "
                + (f"use 0..{count - 1}" if count else "no turn is recorded after this one")
            )
        return index

    def copy(self, *, names: Sequence[str] | None = None) -> Game:
        """An independent copy (positions are shared: they are immutable), renamed if
        ``names`` are given; its dice go on where this game's would."""
        twin = copy.copy(self)
        if names is not None:
            twin.names = names
        twin._opening = list(self._opening)
        clones = {id(self._root): _Node(None, self._root.position, self._root.cube)}
        stack = [self._root]
        while stack:
            node = stack.pop()
            clone = clones[id(node)]
            clone.follow, clone.name, clone.dice = node.follow, node.name, node.dice
            for child in node.children:
                twin_child = _Node(
                    child.turn, child.position, child.cube, child.result, parent=clone
                )
                clones[id(child)] = twin_child
                clone.children.append(twin_child)
                stack.append(child)
        twin._root = clones[id(self._root)]
        twin._line = [clones[id(node)] for node in self._line]
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        return twin

    def is_over(self) -> bool:
        """Whether the shown position ends the game: borne off (R12), or a double
        dropped or a resignation (R14)."""
        node = self._line[self._ply]
        return node.result is not None or node.position.is_over()

    def outcome(self) -> Outcome | None:
        """Winner and each loser's R13 result, once the game is over."""
        return self._line[self._ply].position.outcome()

    def _require_start(self) -> None:
        if not self.started:
            raise ValueError("roll the opening first (R2): game.roll_opening()")

    def _repr_svg_(self) -> str | None:
        """The shown position with the names, the last play as arrows, and the cube and
        the score once they are in play (``pictures.svg.board_svg``)."""
        return display.svg(self)

    # records -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole game as JSON-ready data: start, names, opening, every turn of every
        variation, the current line (``line``: the child taken at each position) and
        the shown turn; the match state and the start's cube when not the defaults."""
        state, cube = self._state, self._root.cube
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "start": self._start.to_dict(),
            "names": list(self._names),
        }
        if not state.is_fresh():
            data["match"] = {
                "length": state.length,
                "score": list(state.score),
                "crawford": state.crawford,
                "jacoby": state.jacoby,
            }
        if cube != Cube():
            data["cube"] = {"value": cube.value, "owner": cube.owner, "offered": cube.offered}
        data.update(
            {
                "opening": [list(r.dice) for r in self._opening],
                "turns": _entries(self._root),
                "line": [node.follow for node in self._line[:-1]],
                "ply": self._ply,
                "dice": list(self._line[-1].dice) if self._line[-1].dice else None,
            }
        )
        return data

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
        opening roll, which decides who starts; ``turns`` is the main line, each turn
        with the side lines (``variations``) that replace it; ``line`` picks the child
        taken at each position of the current line (default: the main line); ``dice``
        are the roll pending where that line ends: the opening dice when still to
        play (R2), else any roll the game could make there. ``match`` (length, score,
        crawford, jacoby) and ``cube`` (value, owner, offered) give the match state
        and the start's cube (default: money play, centred 1-cube); a turn may be a
        cube action (``{"player", "cube": "double" | "take" | "drop"}``) or a
        resignation (``{"player", "resign": 1 | 2 | 3}``), checked as played (R14).
        Version 1 and 2 records (no cube) read unchanged.
        """
        if not isinstance(data, Mapping) or data.get("format") != RECORD_FORMAT:
            raise ValueError(f"not a game record: 'format' must be {RECORD_FORMAT!r}")
        if data.get("version") not in (1, 2, RECORD_VERSION):
            raise ValueError(f"unsupported game record version {quote(data.get('version'))}")
        check_keys(data, "a game record", _RECORD_KEYS, ("start", "names"))
        with checking("'opening'"):
            rounds = as_list(data.get("opening", []))
        with checking("'start'"):
            start = Position.from_dict(data["start"])
            if rounds and start != Position.start(start.variant):
                raise ValueError(
                    "a game with an opening roll starts from the R1 position, player 0 to "
                    "move and no dice; the opening decides who starts"
                )
        with checking("'names'"):
            names = check_names(data["names"], start.variant)
        if data["version"] < 3 and ("match" in data or "cube" in data):
            raise ValueError("records before version 3 have no cube and no match state")
        with checking("'match'"):
            state = _match_state(data.get("match"), start.variant)
        with checking("'cube'"):
            cube = _cube(data.get("cube"))
            MatchPosition(start, cube, state)
        game = (
            cls(start.variant, names=names, match=state, cube=cube)
            if rounds
            else cls(start=start, names=names, match=state, cube=cube)
        )
        for number, round_dice in enumerate(rounds, 1):
            with checking(f"opening round {number}"):
                game._replay_opening(as_list(round_dice))
        game._replay_tree(as_list(data.get("turns", []), "'turns'"), data["version"])
        if "line" in data:
            with checking("'line'"):
                game._replay_line(as_list(data["line"]))
        last = len(game._line) - 1
        with checking("'dice'"):
            pending = data.get("dice")
            dice = None if pending is None else check_dice(as_list(pending))
            end = game._line[-1]
            if end.dice is not None:
                if dice != end.dice:
                    raise ValueError(f"the dice to play are {list(end.dice)}, not {pending}")
            elif dice is not None:
                game._ply = last
                game.roll(*dice)
        with checking("'ply'"):
            ply = data.get("ply", last)
            if type(ply) is not int or not 0 <= ply <= last:
                raise ValueError(f"a turn 0..{last}, not {quote(ply)}")
            game.goto(ply)
        return game

    def _replay_tree(self, main: Sequence[Any], version: int) -> None:
        """Every turn of the record, the main line first at each position, then its
        side lines in order; each line replayed from the position it leaves."""
        lines: list[tuple[_Node, Sequence[Any], str]] = [(self._root, main, "turn")]
        while lines:
            node, entries, label = lines.pop(0)
            for number, entry in enumerate(entries, 1):
                where = f"{label} {number} of the record"
                with checking(where):
                    kind = _record_kind(entry, version)
                    if version == 1 and ("name" in entry or "variations" in entry):
                        raise ValueError("version 1 records have no variations")
                    child = self._replay_turn(node, entry, kind)
                    name = entry.get("name", "")
                    child.name = "" if name == "" else check_name(name, "'name'")
                    sides = as_list(entry.get("variations", []), "'variations'")
                for side, line in enumerate(sides, 1):
                    with checking(where):
                        lines.append(
                            (
                                node,
                                as_list(line, f"variation {side}"),
                                f"{where}, variation {side}: turn",
                            )
                        )
                node = child
        self._root.follow = 0 if self._root.children else None
        for node in self._walk():
            node.follow = 0 if node.children else None
        self._relink()

    def _walk(self) -> Iterator[_Node]:
        stack = [self._root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(node.children)

    def _replay_line(self, line: Sequence[Any]) -> None:
        node = self._root
        for depth, index in enumerate(line):
            if type(index) is not int or not 0 <= index < len(node.children):
                raise ValueError(
                    f"position {depth} has {len(node.children)} recorded turn(s), "
                    f"not one numbered {quote(index)}"
                )
            node.follow = index
            node = node.children[index]
        node.follow = None
        self._relink()

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

    def _replay_turn(self, node: _Node, entry: Mapping[str, Any], kind: str) -> _Node:
        """One record after ``node``: a turn's player must be to move and its play legal
        for its dice, a cube action or a resignation allowed there (R14); the child that
        holds it."""
        player, position = entry["player"], node.position
        if kind != "play":
            return self._replay_cube(node, player, entry[kind], kind)
        notation = entry["play"]
        if type(player) is not int or player != position.turn:
            raise ValueError(f"player {quote(player)} is not to move")
        dice = check_dice(as_list(entry["dice"], "'dice'"))
        if not isinstance(notation, str):
            raise ValueError(f"'play' must be notation text, not {quote(notation)}")
        if node.dice is not None and node.dice != dice:
            raise ValueError(f"the dice were {list(node.dice)}, not {list(dice)}")
        node.dice = None  # the opening dice (R2) are played
        self._check_going_on(node)
        before = replace(position, dice=dice)
        chosen = before.parse_play(notation)
        turn = Turn(player, dice, chosen, before.format_play(chosen))
        return self._add_child(node, _Node(turn, before.play(chosen), node.cube))

    def _replay_cube(self, node: _Node, player: Any, what: Any, kind: str) -> _Node:
        """A recorded cube action or resignation after ``node``, checked as played."""
        if type(player) is not int or player not in range(self._variant.players):
            raise ValueError(f"unknown player {quote(player)}")
        self._check_going_on(node, cube_action=kind == "cube")
        match = MatchPosition(replace(node.position, dice=node.dice), node.cube, self._state)
        node.dice = None  # a resignation after the roll leaves it unplayed
        record: CubeAction | Resignation
        if kind == "resign":
            record = Resignation(player, what)
            return self._add_child(
                node, _Node(record, node.position, node.cube, match.resign(record))
            )
        record = CubeAction(player, what)
        after = match.apply(record)
        if isinstance(after, Win):
            dropped = replace(node.cube, offered=False)
            return self._add_child(node, _Node(record, node.position, dropped, after))
        return self._add_child(node, _Node(record, node.position, after.cube))

    @staticmethod
    def _add_child(node: _Node, child: _Node) -> _Node:
        assert child.turn is not None
        if _child_with(node, child.turn) is not None:
            raise ValueError(f"{_describe(child.turn)} is recorded twice here")
        child.parent = node
        node.children.append(child)
        return child

    @classmethod
    def from_json(cls, text: str) -> Game:
        """A game from ``to_json`` text; ``ValueError`` for anything else."""
        return cls.from_dict(read_json(text, "a game record"))

    def record(self) -> str:
        """A readable text record: names, opening, then one numbered line per turn."""
        lines = [f"{self.variant.name} game"]
        for player, name in enumerate(self.names):
            lines.append(f"  {SYMBOLS[player]}: {name}")
        for number, rnd in enumerate(self.opening, 1):
            rolled = ", ".join(f"{SYMBOLS[p]} {v}" for p, v in enumerate(rnd.dice) if v is not None)
            lines.append(f"opening roll {number}: {rolled}")
        for number, node in enumerate(self._line[1:], 1):
            turn = node.turn
            assert turn is not None and node.parent is not None
            others = len(node.parent.children) - 1
            aside = f"  ({others} other line{'s' if others > 1 else ''})" if others else ""
            lines.append(f"{number:>3}. {SYMBOLS[turn.player]} {_describe(turn)}{aside}")
        ended = self._line[self._ply].result
        if ended is not None:
            lines.append(f"{self.names[ended.winner]} wins {points_text(ended.points)}")
        result = self.outcome()
        if result is not None:
            lines.append(f"{self.names[result.winner]} wins")
            for player in range(self.variant.players):
                if player != result.winner:
                    lines.append(f"  {self.names[player]}: {result.result(player)}")
        return "\n".join(lines)


def _child_with(node: _Node, turn: Record) -> int | None:
    """Which child of ``node`` holds ``turn`` (the same play with the same roll, or the
    same cube action or resignation)."""
    for index, child in enumerate(node.children):
        held = child.turn
        if isinstance(held, Turn) and isinstance(turn, Turn):
            if (held.player, sorted(held.dice), held.play) == (
                turn.player,
                sorted(turn.dice),
                turn.play,
            ):
                return index
        elif held == turn:
            return index
    return None


def _describe(record: Record) -> str:
    """A record as the text record writes it, after the player's letter."""
    if isinstance(record, Turn):
        d1, d2 = record.dice
        return f"{d1}{d2}: {play_text(record.notation)}"
    return record_text(record)


def _record_kind(entry: Any, version: int) -> str:
    """Which record an entry is, ``"play"``, ``"cube"`` or ``"resign"``, its keys
    checked."""
    check_keys(entry, "a turn", _TURN_KEYS, ("player",))
    kinds = [kind for kind in _RECORD_KINDS if kind in entry]
    if len(kinds) != 1:
        raise ValueError("a turn has a 'play', a 'cube' action or a 'resign' level, just one")
    kind = kinds[0]
    if kind != "play" and version < 3:
        raise ValueError(f"records before version 3 have no {kind!r} turns")
    if kind == "play" and "dice" not in entry:
        raise ValueError("a turn needs the key 'dice'")
    if kind != "play" and "dice" in entry:
        raise ValueError(f"a {kind!r} turn has no dice")
    return kind


def _match_state(data: Any, variant: Variant) -> MatchState:
    if data is None:
        return MatchState.fresh(variant.players)
    check_keys(data, "'match'", _MATCH_KEYS, _MATCH_KEYS[:2])
    return MatchState(
        data["length"],
        tuple(as_list(data["score"], "'score'")),
        data.get("crawford", False),
        data.get("jacoby", False),
    )


def _cube(data: Any) -> Cube:
    if data is None:
        return Cube()
    check_keys(data, "'cube'", _CUBE_KEYS, ("value",))
    return Cube(data["value"], data.get("owner"), data.get("offered", False))


def _entries(node: _Node) -> list[dict[str, Any]]:
    """The line from ``node`` along its first children, as record entries; each entry
    holds the side lines that replace it. Built without recursion down a line, so long
    games do not hit Python's recursion limit."""
    entries: list[dict[str, Any]] = []
    while node.children:
        first, *others = node.children
        entries.append(_entry(first))
        if others:
            entries[-1]["variations"] = [[_entry(child), *_entries(child)] for child in others]
        node = first
    return entries


def _entry(node: _Node) -> dict[str, Any]:
    turn = node.turn
    assert turn is not None
    entry: dict[str, Any] = {"player": turn.player}
    if isinstance(turn, Turn):
        entry.update(dice=list(turn.dice), play=turn.notation)
    elif isinstance(turn, CubeAction):
        entry["cube"] = turn.action
    else:
        entry["resign"] = turn.level
    if node.name:
        entry["name"] = node.name
    return entry


def _names(names: Sequence[str], variant: Variant) -> tuple[str, ...]:
    """The names given, checked, or the defaults for none."""
    none = names is None or (isinstance(names, (tuple, list)) and not names)
    return default_names(variant) if none else check_names(names, variant)
