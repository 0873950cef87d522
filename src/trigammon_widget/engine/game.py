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
import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from . import display
from .diagram import SYMBOLS
from .errors import IllegalMoveError, quote
from .fastplay import decide_opening, opening_rollers
from .i18n import _, ngettext
from .legal import LegalPlays
from .moves import Play
from .names import check_name, check_names, default_names
from .notation import play_text, record_text
from .outcome import RESULT_WORDS, Outcome
from .position import Dice, Position, check_dice, check_not_over, check_reachable, unchecked
from .stakes import (
    Cube,
    CubeAction,
    CubeActionKind,
    MatchPosition,
    MatchState,
    RecordBudget,
    Resignation,
    Win,
    points_text,
    win_text,
)
from .variant import TRIGAMMON, Variant, find_variant

MAX_GAME_RECORDS = 20_000
"""Most records (turns, cube actions, resignations) a game's tree holds, every
variation included: what its record (``records``) keeps and loads in seconds. Random
bots' trigammon games, the longest there are, take a few thousand."""
MAX_OPENING_ROUNDS = 100
"""Most rounds of the opening roll (R2) a game records: ties past that are not dice."""


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
class Node:
    """A record of a game's tree and the state after it (the root holds no record): what
    the game's record reads (``records``). Read its fields; the game's methods change
    them."""

    turn: Record | None
    position: Position
    """After the record, without dice."""
    cube: Cube = field(default_factory=Cube)
    """The cube after the record (R14)."""
    result: Win | None = None
    """How the game ended here, when a drop or a resignation ended it."""
    parent: Node | None = None
    children: list[Node] = field(default_factory=list)
    follow: int | None = None
    """The child the current line takes; None where the line ends."""
    name: str = ""
    dice: Dice | None = None
    """A roll made here and not played yet (only where the current line ends), or at
    the start the opening dice the starter plays (R2)."""
    keyed: dict[Hashable, Node] = field(default_factory=dict)
    """The children by what they hold (``_key``), to find a record among many."""


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
            raise ValueError(
                _("start must be a Position or None, not {start}").format(start=quote(start))
            )
        if variant is None:
            chosen = TRIGAMMON if start is None else start.variant
        else:
            chosen = find_variant(variant)
            if start is not None and start.variant != chosen:
                raise ValueError(
                    _("start is a position of {variant}, not of {chosen}").format(
                        variant=start.variant, chosen=chosen
                    )
                )
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(
                _("seed must be an integer or None, not {seed}").format(seed=quote(seed))
            )
        self._variant = chosen
        self._start = Position.start(chosen) if start is None else check_reachable(start)
        state = MatchState.fresh(chosen.players) if match is None else match
        self._state = MatchPosition(self._start, cube or Cube(), state).state
        self._seed = seed
        self._names = _names(names, chosen)
        self._rng = random.Random(seed)
        self._opening: list[OpeningRound] = []
        self._root = Node(None, replace(self._start, dice=None), cube or Cube())
        self._root.dice = None if start is None else start.dice
        self._line = [self._root]
        self._ply = 0
        self._starter: int | None = None if start is None else start.turn
        self._opening_dice: Dice | None = None
        """The dice the starter plays as its first roll in classic (R2), fixed at the start."""
        self._records = 0
        """Records in the tree (``MAX_GAME_RECORDS``)."""
        self._budget: RecordBudget | None = None
        """The records the games of this game's match may still add, shared by them."""
        self._rolled: dict[tuple[int, Dice], tuple[Position, Position]] = {}
        """Rolled positions kept for a run of calls (``_rolled_at``)."""
        self._revision = 0

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
        self._revision += 1

    @property
    def revision(self) -> int:
        """Counts the changes of the game's record (every change but of the shown turn),
        so that whoever keeps a copy of the record knows when to write it again."""
        return self._revision

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
            raise ValueError(
                _("the opening roll is over: player {starter} started").format(
                    starter=self._starter
                )
            )
        if dice is not None and (isinstance(dice, str) or not isinstance(dice, Sequence)):
            raise ValueError(
                _("opening dice are a list, one die per player, not {dice}").format(
                    dice=quote(dice)
                )
            )
        if len(self._opening) >= MAX_OPENING_ROUNDS:
            raise ValueError(
                _("a game records at most {max_opening_rounds} opening rounds (R2)").format(
                    max_opening_rounds=MAX_OPENING_ROUNDS
                )
            )
        rolling = self._opening_rollers()
        values = [self._rng.randint(1, 6) for _ in rolling] if dice is None else list(dice)
        if len(values) != len(rolling):
            raise ValueError(
                _("the opening round needs {count} dice (players {rolling}), got {count2}").format(
                    count=len(rolling), rolling=list(rolling), count2=len(values)
                )
            )
        for value in values:
            check_dice((value, 1))
        round_dice: list[int | None] = [None] * self.variant.players
        for player, value in zip(rolling, values, strict=True):
            round_dice[player] = value
        self._opening.append(OpeningRound(tuple(round_dice)))
        self._revision += 1
        starter, first_roll = decide_opening(self.variant, rolling, values)
        if starter is not None:
            self._starter = starter
            self._root.position = replace(self._start, turn=starter, dice=None)
            self._root.dice = self._opening_dice = first_roll
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
            raise ValueError(
                _("turn {ply} is outside the game: use 0..{last}").format(ply=quote(ply), last=last)
            )
        node = self._line[ply]
        following = self._line[ply + 1].turn if ply < last else None
        dice = following.dice if isinstance(following, Turn) else None if following else node.dice
        return self._rolled_at(node.position, dice) if dice else node.position

    def _rolled_at(self, position: Position, dice: Dice) -> Position:
        """``position`` with ``dice``, made once for a run of calls with them (it keeps
        its legal plays), so playing and replaying at one position search it once."""
        kept = self._rolled.get((id(position), dice))
        if kept is not None and kept[0] is position:
            return kept[1]
        if len(self._rolled) >= 64:
            self._rolled.clear()
        rolled = unchecked(position.variant, position.boards, position.turn, dice)
        self._rolled[id(position), dice] = (position, rolled)
        return rolled

    def roll(self, *dice: int) -> Dice:
        """Roll for the player to move, or set the dice by hand: ``roll(3, 1)``."""
        self._require_start()
        node = self._line[self._ply]
        self._check_going_on(node)
        if self._ply < len(self._line) - 1:
            raise ValueError(
                _(
                    "turn {turn} was already rolled; play it, or try other dice with "
                    "set_dice() (they start a variation)"
                ).format(turn=self._ply + 1)
            )
        if node.dice is not None:
            raise ValueError(
                _("the dice are already rolled: {dice}").format(
                    dice=f"{node.dice[0]}-{node.dice[1]}"
                )
            )
        values = check_dice(dice) if dice else (self._rng.randint(1, 6), self._rng.randint(1, 6))
        node.dice = values
        self._revision += 1
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
        if node is self._root and self._opening_dice is not None:
            d1, d2 = self._opening_dice
            if sorted(values) != sorted(self._opening_dice):
                raise IllegalMoveError(
                    "R2",
                    _("the starter plays the opening dice {dice}: they cannot be changed").format(
                        dice=f"{d1}-{d2}"
                    ),
                )
            self._opening_dice = values  # the same roll, in the order given
        node.dice = values
        node.follow = None
        self._relink(self._ply)

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
            raise ValueError(_("roll the dice first"))
        plays = before.legal_plays()
        if play is None:
            options = list(plays)
            if len(options) != 1:
                raise ValueError(
                    ngettext(
                        "{count} play is legal: choose one",
                        "{count} plays are legal: choose one",
                        len(options),
                    ).format(count=len(options))
                )
            chosen = options[0]
        else:  # notation parses to a listed play; a Play is checked
            chosen = before.parse_play(play) if isinstance(play, str) else plays.check(play)
        turn = Turn(before.turn, before.dice, chosen, plays.notation(chosen))
        after = before._play_listed(chosen)
        node = self._line[self._ply]
        at = None
        if replace and node.follow is not None:
            at = node.follow
            self._drop(node, at)
        self._enter(node, Node(turn, after, node.cube), at)
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
        self._enter(node, Node(record, node.position, node.cube, result))
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
            child = Node(record, node.position, replace(node.cube, offered=False), after)
        else:
            child = Node(record, node.position, after.cube)
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

    def _check_going_on(self, node: Node, cube_action: bool = False) -> None:
        """Refuse to go on from a finished game (R12, R14) or, but for the answer to a
        double, while a double awaits its answer (R14)."""
        if node.result is not None:
            raise IllegalMoveError(
                "R14",
                _("the game is over: {ending}").format(ending=win_text(node.result, self.names)),
            )
        check_not_over(node.position)
        if not cube_action:
            MatchPosition(node.position, node.cube, self._state).check_roll()

    def _enter(self, node: Node, child: Node, at: int | None = None) -> Node:
        """Follow ``child``'s record from ``node``: the child that holds it already, or
        ``child`` (put at ``at`` among the children, else last)."""
        assert child.turn is not None
        held = node.keyed.get(_key(child.turn))
        if held is None:
            self._adopt(node, child, len(node.children) if at is None else at)
            held = child
        node.follow = node.children.index(held)
        self._clear_roll(node)
        depth = self._line.index(node)
        self._relink(depth)
        self._ply = depth + 1
        return held

    def _adopt(self, node: Node, child: Node, at: int) -> None:
        """Put ``child`` among ``node``'s children at ``at``, within the limits: a game's
        ``MAX_GAME_RECORDS``, its match's ``MAX_MATCH_RECORDS``."""
        assert child.turn is not None
        if self._records >= MAX_GAME_RECORDS:
            raise ValueError(
                _(
                    "a game keeps at most {max_game_records} records (turns, cube actions, "
                    "resignations, every variation included): nothing was recorded"
                ).format(max_game_records=f"{MAX_GAME_RECORDS:,}")
            )
        if self._budget is not None:
            self._budget.take(1)
        self._records += 1
        child.parent = node
        node.children.insert(at, child)
        node.keyed[_key(child.turn)] = child

    def _drop(self, node: Node, index: int) -> None:
        """Remove child ``index`` of ``node`` and every record after it from the tree."""
        child = node.children.pop(index)
        assert child.turn is not None
        del node.keyed[_key(child.turn)]
        gone, stack = 0, [child]
        while stack:
            gone += 1
            stack.extend(stack.pop().children)
        self._records -= gone
        if self._budget is not None:
            self._budget.give(gone)

    def _clear_roll(self, node: Node) -> None:
        """A roll made at ``node`` is played or left; the opening dice stay (R2)."""
        if node is not self._root or self._opening_dice is None:
            node.dice = None

    def _relink(self, keep: int = 0) -> None:
        """The current line again, from its ``keep``-th node (it and those before stand)
        along each node's chosen child."""
        self._revision += 1
        line = self._line[: keep + 1]
        node = line[-1]
        while node.follow is not None:
            node = node.children[node.follow]
            line.append(node)
        self._line = line
        self._ply = min(self._ply, len(line) - 1)
        if node is self._root and node.dice is None:
            node.dice = self._opening_dice

    # history -----------------------------------------------------------------

    def undo(self) -> Record:
        """Step back one record, keeping it for ``redo``."""
        if self._ply == 0:
            raise ValueError(_("nothing to undo: this is the start of the game"))
        self._ply -= 1
        return self._turn(self._ply + 1)

    def redo(self) -> Record:
        """Step forward one record of the current line."""
        if self._ply >= len(self._line) - 1:
            raise ValueError(_("nothing to redo: this is the last recorded turn"))

        self._ply += 1
        return self._turn(self._ply)

    def goto(self, ply: int) -> Position:
        """Show the position after ``ply`` turns (0 = start, -1 = the last turn)."""
        last = len(self._line) - 1
        if isinstance(ply, bool) or not isinstance(ply, int) or not -1 - last <= ply <= last:
            raise ValueError(
                _("turn {ply} is outside the game: use 0..{last} or -1").format(
                    ply=quote(ply), last=last
                )
            )
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
        self._clear_roll(node)
        self._relink(self._line.index(node))

    def promote_variation(self, index: int, ply: int | None = None) -> None:
        """Make variation ``index`` the main line at that position (index 0)."""
        node = self._node(ply)
        child = node.children.pop(self._index(node, index))
        node.children.insert(0, child)
        self._revision += 1
        if node.follow is not None:
            node.follow = node.children.index(self._line[self._line.index(node) + 1])

    def rename_variation(self, index: int, name: str, ply: int | None = None) -> None:
        """Give variation ``index`` a name (``""`` for none), shown in lists."""
        node = self._node(ply)
        child = node.children[self._index(node, index)]
        child.name = "" if name == "" else check_name(name, _("a variation's name"))

        self._revision += 1

    def delete_variation(self, index: int, ply: int | None = None) -> None:
        """Drop variation ``index`` and every turn after it; the current line, if it took
        it, ends at that position."""
        node = self._node(ply)
        where = self._index(node, index)
        taken = node.follow
        self._drop(node, where)
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

    def _node(self, ply: int | None) -> Node:
        if ply is None:
            return self._line[self._ply]
        last = len(self._line) - 1
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= last:
            raise ValueError(
                _("turn {ply} is outside the game: use 0..{last}").format(ply=quote(ply), last=last)
            )
        return self._line[ply]

    @staticmethod
    def _index(node: Node, index: object) -> int:
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
        twin._rolled = {}
        twin._budget = None if self._budget is None else RecordBudget(self._budget.left)
        clones = {id(self._root): Node(None, self._root.position, self._root.cube)}
        stack = [self._root]
        while stack:
            node = stack.pop()
            clone = clones[id(node)]
            clone.follow, clone.name, clone.dice = node.follow, node.name, node.dice
            for child in node.children:
                twin_child = Node(
                    child.turn, child.position, child.cube, child.result, parent=clone
                )
                clones[id(child)] = twin_child
                clone.children.append(twin_child)
                stack.append(child)
            clone.keyed = {key: clones[id(child)] for key, child in node.keyed.items()}
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
            raise ValueError(_("roll the opening first (R2): game.roll_opening()"))

    def _repr_svg_(self) -> str | None:
        """The shown position with the names, the last play as arrows, and the cube and
        the score once they are in play (``pictures.svg.board_svg``)."""
        return display.svg(self)

    # the record, kept as methods for compatibility ---------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole game as JSON-ready data. Kept for compatibility:
        ``records.game_to_dict(game)``."""
        return _records[0].game_to_dict(self)

    def to_json(self, indent: int | None = 2) -> str:
        """The record as JSON text, which ``from_json`` reads back. Kept for
        compatibility: ``records.game_to_json(game, indent)``."""
        return _records[0].game_to_json(self, indent)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """Replay a saved record, checking every field, opening round and record;
        ``ValueError`` naming the field for anything malformed. Kept for
        compatibility: ``records.game_from_dict(data)``."""
        return _records[0].game_from_dict(data)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """A game from ``to_json`` text; ``ValueError`` for anything else. Kept for
        compatibility: ``records.game_from_json(text)``."""
        return _records[0].game_from_json(text)

    # the tree, as a record reads and replays it (``records``) -------------------------

    @property
    def root(self) -> Node:
        """The start of the tree: its children are the first records of every line."""
        return self._root

    @property
    def line(self) -> tuple[Node, ...]:
        """The current line, from the root to where it ends (``Node.follow`` picks
        each next node)."""
        return tuple(self._line)

    def replay_opening(self, round_dice: Sequence[int | None]) -> None:
        """One recorded opening round: a die for each player rolling, None for the rest."""
        players = self._variant.players
        if self.started:
            raise ValueError(
                _("the opening roll is over: player {starter} started").format(
                    starter=self._starter
                )
            )
        rolled = [p for p, die in enumerate(round_dice) if die is not None]
        rolling = self._opening_rollers()
        if len(round_dice) != players or rolled != rolling:
            raise ValueError(
                _(
                    "{round_dice} is not a die for each of players {rolling} and None for "
                    "the others ({players} entries)"
                ).format(round_dice=quote(round_dice), rolling=rolling, players=players)
            )
        self.roll_opening([die for die in round_dice if die is not None])

    def replay_play(
        self, node: Node, player: Any, dice: Dice, notation: str, name: Any = ""
    ) -> Node:
        """A recorded turn after ``node``: its player must be to move and its play legal
        for its dice; the child that holds it, named ``name``. The rolled position is
        kept for the node's next child, so a position with many side lines is rolled
        once per roll."""
        position = node.position
        if type(player) is not int or player != position.turn:
            raise ValueError(_("player {player} is not to move").format(player=quote(player)))
        if node.dice is not None and sorted(node.dice) != sorted(dice):
            raise ValueError(
                _("the dice were {dice}, not {dice2}").format(
                    dice=list(node.dice), dice2=list(dice)
                )
            )
        self._clear_roll(node)  # the roll (the opening dice, R2) is played
        self._check_going_on(node)
        before = self._rolled_at(position, dice)
        chosen = before.parse_play(notation)
        turn = Turn(player, dice, chosen, before.legal_plays().notation(chosen))
        return self._add_child(node, Node(turn, before._play_listed(chosen), node.cube), name)

    def replay_cube(self, node: Node, player: Any, what: Any, kind: str, name: Any = "") -> Node:
        """A recorded cube action (``kind`` "cube") or resignation ("resign") after
        ``node``, checked as played; the child that holds it, named ``name``."""
        if type(player) is not int or player not in range(self._variant.players):
            raise ValueError(_("unknown player {player}").format(player=quote(player)))
        self._check_going_on(node, cube_action=kind == "cube")
        match = MatchPosition(replace(node.position, dice=node.dice), node.cube, self._state)
        self._clear_roll(node)  # a resignation after the roll leaves it unplayed
        record: CubeAction | Resignation
        if kind == "resign":
            record = Resignation(player, what)
            child = Node(record, node.position, node.cube, match.resign(record))
            return self._add_child(node, child, name)
        record = CubeAction(player, what)
        after = match.apply(record)
        if isinstance(after, Win):
            dropped = replace(node.cube, offered=False)
            return self._add_child(node, Node(record, node.position, dropped, after), name)
        return self._add_child(node, Node(record, node.position, after.cube), name)

    def _add_child(self, node: Node, child: Node, name: Any) -> Node:
        assert child.turn is not None
        if _key(child.turn) in node.keyed:
            raise ValueError(_("{turn} is recorded twice here").format(turn=_describe(child.turn)))
        child.name = "" if name == "" else check_name(name, "'name'")
        self._adopt(node, child, len(node.children))
        return child

    def replay_line(self, line: Sequence[Any] | None = None) -> None:
        """Every record is in: the current line is ``line`` (the child taken at each of
        its positions), or the main line."""
        self._rolled.clear()
        stack = [self._root]
        while stack:
            node = stack.pop()
            node.follow = 0 if node.children else None
            stack.extend(node.children)
        if line is None:
            self._relink()
            return
        node = self._root
        for depth, index in enumerate(line):
            if type(index) is not int or not 0 <= index < len(node.children):
                raise ValueError(
                    ngettext(
                        "position {depth} has {count} recorded turn, not one numbered {index}",
                        "position {depth} has {count} recorded turns, not one numbered {index}",
                        len(node.children),
                    ).format(depth=depth, count=len(node.children), index=quote(index))
                )
            node.follow = index
            node = node.children[index]
        node.follow = None
        self._relink()

    def replay_dice(self, dice: Dice | None) -> None:
        """The roll pending where the current line ends, as recorded (in its order)."""
        end = self._line[-1]
        if end.dice is not None:
            if dice is None or sorted(dice) != sorted(end.dice):
                shown = None if dice is None else list(dice)
                raise ValueError(
                    _("the dice to play are {dice}, not {shown}").format(
                        dice=list(end.dice), shown=shown
                    )
                )
            end.dice = dice
            if end is self._root and self._opening_dice is not None:
                self._opening_dice = dice
        elif dice is not None:
            self._ply = len(self._line) - 1
            self.roll(*dice)

    def record(self) -> str:
        """A readable text record: names, opening, then one numbered line per turn."""
        lines = [_("{variant} game").format(variant=self.variant.name)]
        for player, name in enumerate(self.names):
            lines.append(f"  {SYMBOLS[player]}: {name}")
        for number, rnd in enumerate(self.opening, 1):
            rolled = ", ".join(f"{SYMBOLS[p]} {v}" for p, v in enumerate(rnd.dice) if v is not None)
            lines.append(_("opening roll {number}: {rolled}").format(number=number, rolled=rolled))
        for number, node in enumerate(self._line[1:], 1):
            turn = node.turn
            assert turn is not None and node.parent is not None
            others = len(node.parent.children) - 1
            aside = (
                "  ("
                + ngettext("{count} other line", "{count} other lines", others).format(count=others)
                + ")"
                if others
                else ""
            )
            lines.append(f"{number:>3}. {SYMBOLS[turn.player]} {_describe(turn)}{aside}")
        ended = self._line[self._ply].result
        if ended is not None:
            lines.append(
                _("{who} wins {points}").format(
                    who=self.names[ended.winner], points=points_text(ended.points)
                )
            )
        result = self.outcome()
        if result is not None:
            lines.append(_("{who} wins").format(who=self.names[result.winner]))
            for player in range(self.variant.players):
                if player != result.winner:
                    said = _(RESULT_WORDS[result.result(player)])
                    lines.append(f"  {self.names[player]}: {said}")

        return "\n".join(lines)


def _key(record: Record) -> Hashable:
    """What tells a node's children apart: a turn by its player, roll (in any order) and
    play, a cube action or a resignation by itself."""
    if isinstance(record, Turn):
        return (record.player, tuple(sorted(record.dice)), record.play)
    return record


def _describe(record: Record) -> str:
    """A record as the text record writes it, after the player's letter."""
    if isinstance(record, Turn):
        d1, d2 = record.dice
        return f"{d1}{d2}: {play_text(record.notation)}"
    return record_text(record)


def _names(names: Sequence[str], variant: Variant) -> tuple[str, ...]:
    """The names given, checked, or the defaults for none."""
    none = names is None or (isinstance(names, (tuple, list)) and not names)
    return default_names(variant) if none else check_names(names, variant)


class GameRecords(Protocol):
    """A game's JSON record (``records``), as ``Game``'s methods of the same purpose
    reach it. The record imports the game and the game never imports it: the engine's
    face hands it over (``install_records``), as the pictures layer hands the drawing
    to ``display``."""

    def game_to_dict(self, game: Game) -> dict[str, Any]: ...
    def game_to_json(self, game: Game, indent: int | None) -> str: ...
    def game_from_dict(self, data: Mapping[str, Any]) -> Game: ...
    def game_from_json(self, text: str) -> Game: ...


_records: list[GameRecords] = []


def install_records(records: GameRecords) -> None:
    """The record that ``Game``'s record methods use from now on."""
    _records[:] = [records]
