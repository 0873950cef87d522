"""Legal plays of a position and roll, die-by-die play, and why a move is illegal."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cached_property
from typing import Protocol

from . import fast
from .errors import IllegalMoveError, quote
from .i18n import _, ngettext
from .movegen import RawMove, RawPlay, board_key, key_weights, legal_leaves, search
from .moves import BAR, Move, Play
from .places import label
from .variant import CHECKERS, Variant


class Rolled(Protocol):
    """A position with its dice (``position.Position``, which lists its plays here), as
    its legal plays read it."""

    @property
    def variant(self) -> Variant: ...
    @property
    def boards(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def turn(self) -> int: ...
    @property
    def dice(self) -> tuple[int, int] | None: ...
    @property
    def mover_view(self) -> tuple[tuple[int, ...], tuple[bool, ...], int]: ...
    def format_play(self, play: Play) -> str: ...


def _hits(path: Sequence[Move]) -> int:
    """How many checkers ``path`` hits."""
    return sum(move.hit for move in path)


class LegalPlays:
    """A view of the legal plays (R4-R12) for a position whose dice are set.

    Supports ``len``, iteration (deterministic order: higher die first, farthest
    checker first), ``in`` and truth. Each play appears once per resulting position.
    """

    def __init__(self, position: Rolled) -> None:
        # A position with dice is never over (R12): Position refuses that.
        if position.dice is None:
            raise ValueError(_("no dice: legal plays need a rolled position (with_dice)"))
        self.position = position
        self.dice: tuple[int, int] = position.dice

    # Made on first use, as the plays are: most views are only counted or listed, and
    # two dictionaries made and kept for each cost a thirtieth of a count (fast path).
    @cached_property
    def _singles(self) -> dict[tuple[int, int], list[RawMove]]:
        """Single moves of one die from each state of the turn met (``_TurnState``)."""
        return {}

    @cached_property
    def _written(self) -> dict[Play, str]:
        """Plays in notation, as ``notation`` wrote them."""
        return {}

    @cached_property
    def _leaves(self) -> dict[int, RawPlay]:
        position = self.position
        found = fast.legal_leaves(position.variant, position.boards, position.turn, *self.dice)
        if found is not None:
            return found
        mine, blocked, blots = position.mover_view
        return legal_leaves(list(mine), list(blocked), blots, position.variant.points, *self.dice)

    def _listed(self, key: int) -> RawPlay | None:
        """The listed play reaching ``key``; on the fast path without listing them all."""
        if "_leaves" in self.__dict__ or fast.compiled() is None:
            return self._leaves.get(key)
        position = self.position
        return fast.legal_leaf(position.variant, position.boards, position.turn, *self.dice, key)

    def __len__(self) -> int:
        if "_leaves" not in self.__dict__:  # counting needs no plays made (fast path)
            position = self.position
            count = fast.count_leaves(position.variant, position.boards, position.turn, *self.dice)
            if count is not None:
                return count
        return len(self._leaves)

    def __bool__(self) -> bool:
        return bool(self._leaves)

    def __iter__(self) -> Iterator[Play]:
        for raw in self._leaves.values():
            yield Play(tuple(Move(*move) for move in raw))

    def __contains__(self, play: object) -> bool:
        if not isinstance(play, Play):
            return False
        try:
            self.check(play)
        except IllegalMoveError:
            return False
        return True

    def __repr__(self) -> str:
        shown = ", ".join(self.position.format_play(play) for play in list(self)[:5])
        more = ", ..." if len(self) > 5 else ""
        d1, d2 = self.dice
        return f"<LegalPlays {d1}-{d2}: {len(self)} ({shown}{more})>"

    def notation(self, play: Play) -> str:
        """A play of this roll in notation (``Position.format_play``), written once."""
        text = self._written.get(play)
        if text is None:
            if len(self._written) > 4096:
                self._written.clear()
            text = self._written[play] = self.position.format_play(play)
        return text

    @property
    def max_dice(self) -> int:
        """How many dice every legal play uses (R9)."""
        return len(next(iter(self._leaves.values()), ()))

    # die by die ------------------------------------------------------------

    def _state(self, done: Sequence[Move]) -> _TurnState:
        state = _TurnState(self)
        for move in done:
            state.push(move)
        return state

    def remaining_dice(self, done: Sequence[Move]) -> tuple[int, ...]:
        """Dice still to play after the moves ``done`` (which must be legal so far)."""
        return self._state(done).remaining

    def next_moves(self, done: Sequence[Move] = ()) -> list[Move]:
        """Single moves that may follow ``done`` and still end in a legal play."""
        return self._state(done).next_moves()

    def targets(self, done: Sequence[Move] = ()) -> dict[int, dict[int, tuple[Move, ...]]]:
        """Where each checker may go next: start -> end -> the moves that take it there.

        Covers single dice and one checker's combined moves (R4), each of which can
        still end in a legal play; what a board lights up when a checker is picked.
        Of two ways to one end, the one that hits fewer checkers on the way: "1/8" is
        written for the way past, "1/7*/8" for the hit, and a hit on the way is made by
        stopping there first (a walk followed the tutor's "1/8" and hit on 7).
        """
        found: dict[int, dict[int, tuple[Move, ...]]] = {}
        for path in self._chains(done):
            ends = found.setdefault(path[0].start, {})
            known = ends.get(path[-1].end)
            if known is None or _hits(path) < _hits(known):
                ends[path[-1].end] = path
        return found

    def hitting_way(self, done: Sequence[Move], start: int, end: int) -> tuple[Move, ...] | None:
        """A way one checker goes from ``start`` to ``end`` after ``done`` that hits more
        than the way ``targets`` takes (the fewest hits), if there is one: the blot a
        click on ``end`` passes by, which the board says how to hit."""
        ways = [path for path in self._chains(done, start) if path[-1].end == end]
        most = max(ways, key=_hits, default=None)
        return most if most is not None and _hits(most) > min(map(_hits, ways)) else None

    def _chains(self, done: Sequence[Move], start: int | None = None) -> Iterator[tuple[Move, ...]]:
        """One checker's moves after ``done`` (from ``start`` only, if given), each die
        on from the last, every prefix of each: the single and combined moves (R4)."""
        off = self.position.variant.off

        def walk(made: list[Move], chain: tuple[Move, ...]) -> Iterator[tuple[Move, ...]]:
            for move in self.next_moves(made):
                if chain and move.start != chain[-1].end:
                    continue
                if not chain and start is not None and move.start != start:
                    continue
                path = (*chain, move)
                yield path
                if move.end != off:
                    yield from walk([*made, move], path)

        return walk(list(done), ())

    def extending(self, done: Sequence[Move] = ()) -> list[Play]:
        """The legal plays that go on from the moves ``done`` (every play before a
        move is made), in the listed order: what is left to choose in a turn under way.

        A play is listed by the position it leads to, so it extends ``done`` when
        that position can be reached by playing on from them.
        """
        if not done:
            return list(self)
        reached: set[int] = set()

        def walk(made: list[Move]) -> None:
            state = self._state(made)
            moves = state.next_moves()
            if not moves:
                reached.add(state.key)
            for move in moves:
                walk([*made, move])

        walk(list(done))
        return [
            Play(tuple(Move(*move) for move in raw))
            for key, raw in self._leaves.items()
            if key in reached
        ]

    def check_move(self, done: Sequence[Move], move: Move) -> Move:
        """The move as it will be made (with its hit flag), or ``IllegalMoveError``."""
        state = self._state(done)
        return state.push(move)

    def find(self, moves: Sequence[Move]) -> Play | None:
        """The listed play that ``moves`` make, one by one in the order given; None when
        one of them cannot be made there or together they are no legal play.

        Each move is checked as the single move of its die it must be (R4-R8, R10,
        R11) and the whole by its result, which must be a listed play (R9): the answer
        of ``check`` without the search ahead at every move that ``check`` makes to say
        where a play goes wrong, so records and files replay quickly.
        """
        state = _TurnState(self)
        for move in moves:
            raw = state.single(move)
            if raw is None:
                return None
            state._apply(raw)
        listed = self._listed(state.key)
        if listed is None or len(moves) != len(listed):
            return None
        return Play(tuple(Move(*move) for move in listed))

    def check(self, play: Play) -> Play:
        """The listed play with the same result, or ``IllegalMoveError`` naming the rule.

        The listed play is the canonical way of writing that result (R4-R12 allow
        several move orders to reach one position).
        """
        if not isinstance(play, Play):
            raise ValueError(_("a play is a Play of moves, not {play}").format(play=quote(play)))
        found = self.find(play.moves)
        if found is not None:
            return found
        state = self._state(play.moves)
        if state.next_moves():
            left = state.remaining
            if len(left) == 1:
                raise IllegalMoveError(
                    "R9",
                    _(
                        "the play is not complete: the {die} can still be played; a player "
                        "must use as many dice as possible"
                    ).format(die=left[0]),
                )
            raise IllegalMoveError(
                "R9",
                _(
                    "the play is not complete: of the {dice} left, more can be played; a "
                    "player must use as many dice as possible"
                ).format(dice="-".join(map(str, left))),
            )
        return Play(tuple(Move(*move) for move in self._leaves[state.key]))


class _TurnState:
    """The board part-way through a turn, for die-by-die play."""

    def __init__(self, plays: LegalPlays) -> None:
        position = plays.position
        self.plays = plays
        self.position = position
        self.n = position.variant.points
        mine, blocked, blots = position.mover_view
        self.mine = list(mine)
        self.blocked = list(blocked)
        self.blots = blots
        self.key = board_key(self.mine)
        d1, d2 = plays.dice
        self.remaining: tuple[int, ...] = (d1,) * 4 if d1 == d2 else (max(d1, d2), min(d1, d2))

    def _single_moves(self, die: int) -> list[RawMove]:
        """The moves of one ``die`` from here, found once per state of the turn (the
        ways of making a play written in notation meet the same states)."""
        found = self.plays._singles.get((self.key, die))
        if found is None:
            levels = search(self.mine, self.blocked, self.blots, self.n, (die,), 0)
            found = self.plays._singles[self.key, die] = [
                played[0] for played in levels[1].values()
            ]
        return found

    def _apply(self, move: RawMove) -> None:
        start, end, die, hit = move
        counts, hits = key_weights(self.n)
        self.mine[start] -= 1
        self.mine[end] += 1
        self.key += counts[end] - counts[start]
        if hit:
            self.key += hits[end]
            self.blots &= ~(1 << end)
        rest = list(self.remaining)
        rest.remove(die)
        self.remaining = tuple(rest)

    def _leads_to_legal_play(self, move: RawMove) -> bool:
        saved = self.mine[:], self.key, self.blots, self.remaining
        self._apply(move)
        legal = self.plays._leaves
        if self.remaining and self.mine[self.n + 1] != CHECKERS:
            levels = search(self.mine, self.blocked, self.blots, self.n, self.remaining, self.key)
            ends = [key for level in levels for key in level]
            ok = any(key in legal for key in ends) if ends else self.key in legal
        else:
            ok = self.key in legal
        self.mine, self.key, self.blots, self.remaining = saved
        return ok

    def next_moves(self) -> list[Move]:
        moves = []
        for die in dict.fromkeys(self.remaining):
            for raw in self._single_moves(die):
                if self._leads_to_legal_play(raw):
                    moves.append(Move(*raw))
        return moves

    def single(self, move: Move) -> RawMove | None:
        """``move`` as the single move of its die it is here, or None (R4-R8, R10, R11)."""
        _check_move(move)
        for raw in self._single_moves(move.die) if move.die in self.remaining else ():
            if raw[0] == move.start and raw[1] == move.end:
                return raw
        return None

    def push(self, move: Move) -> Move:
        _check_move(move)
        for raw in self._single_moves(move.die) if move.die in self.remaining else ():
            if raw[0] == move.start and raw[1] == move.end:
                if self._leads_to_legal_play(raw):
                    self._apply(raw)
                    return Move(*raw)
                raise self._dice_rule(raw)
        raise self._explain(move)

    def _dice_rule(self, raw: RawMove) -> IllegalMoveError:
        plays = self.plays
        high = max(plays.dice)
        if plays.max_dice == 1 and plays.dice[0] != plays.dice[1] and raw[2] != high:
            return IllegalMoveError(
                "R9",
                _(
                    "only one die can be played, so it must be the higher one ({die}), "
                    "which can be played"
                ).format(die=high),
            )
        return IllegalMoveError(
            "R9",
            ngettext(
                "{move} would leave dice unplayed, but a play using {count} die exists: "
                "use as many dice as possible",
                "{move} would leave dice unplayed, but a play using {count} dice exists: "
                "use as many dice as possible",
                plays.max_dice,
            ).format(move=self._describe(raw[0], raw[1]), count=plays.max_dice),
        )

    def _describe(self, start: int, end: int) -> str:
        variant = self.position.variant
        return f"{label(variant, start)}/{label(variant, end)}"

    def _explain(self, move: Move) -> IllegalMoveError:
        """Why a single move cannot be made here: the first rule it breaks."""
        variant = self.position.variant
        n, off, mine = self.n, variant.off, self.mine
        start, end, die = move.start, move.end, move.die
        where = label(variant, start)
        if not self.remaining:
            return IllegalMoveError("R4", _("all dice of this roll have been played"))
        if not 1 <= die <= 6:
            return IllegalMoveError("R4", _("a die shows 1..6, not {die}").format(die=die))
        if die not in self.remaining:
            left = "-".join(map(str, self.remaining))
            return IllegalMoveError(
                "R4", _("no {die} to play: the dice left are {dice}").format(die=die, dice=left)
            )
        if not BAR <= start <= n or not mine[start]:
            return IllegalMoveError("R4", _("no checker of yours on {place}").format(place=where))
        if mine[BAR] and start != BAR:
            return IllegalMoveError(
                "R8",
                ngettext(
                    "{count} checker is still on the bar and must enter before any other "
                    "checker moves",
                    "{count} checkers are still on the bar and must enter before any other "
                    "checker moves",
                    mine[BAR],
                ).format(count=mine[BAR]),
            )
        if end != min(start + die, off):
            return IllegalMoveError(
                "R4",
                _("a {die} moves {place} to {end}").format(
                    die=die, place=where, end=label(variant, min(start + die, off))
                ),
            )
        if end <= n:
            return IllegalMoveError(
                "R6",
                _("{place} is blocked by two or more opposing checkers").format(
                    place=label(variant, end)
                ),
            )
        farthest = next(i for i, count in enumerate(mine) if count)
        if farthest < variant.home_start:
            return IllegalMoveError(
                "R10",
                _("no bearing off while a checker is outside the home board (on {place})").format(
                    place=label(variant, farthest)
                ),
            )
        return IllegalMoveError(
            "R11",
            _(
                "a {die} bears off from {place} only if no checker stands farther back; "
                "one is on {farthest}"
            ).format(die=die, place=where, farthest=label(variant, farthest)),
        )


def _check_move(move: object) -> None:
    if not isinstance(move, Move) or any(
        type(value) is not int for value in (move.start, move.end, move.die)
    ):
        raise ValueError(
            _("a move is a Move of three integers, not {move}").format(move=quote(move))
        )
