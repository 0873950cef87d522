"""Move notation, formatted and parsed; one place for how plays are written.

Classic follows GNU Backgammon: points 24..1 counted from the mover's side,
``bar``, ``off``, ``*`` after a hit, ``(2)`` for a repeated move and merged hops of one
checker such as ``24/18*/13``. Trigammon uses the seed's numbering, path positions
1..36 from the mover's start, with the same symbols.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from itertools import pairwise, permutations
from typing import TYPE_CHECKING, Protocol

from .errors import IllegalMoveError, NotationError, quote
from .i18n import N_, _
from .moves import BAR, Move, Play
from .places import label, parse_label
from .position import check_not_over
from .stakes import Cube, CubeAction, Resignation
from .variant import Variant

NO_MOVE = N_("(no legal move)")
"""What people are shown for a turn without a move (its notation is ``""``), in English:
``play_text`` says it in the language spoken."""

MAX_NOTATION_CHARS = 100
"""Longest text ``parse_play`` reads: a turn is at most four moves (R5), about 30 characters."""

if TYPE_CHECKING:
    from .legal import LegalPlays
    from .position import Position

CUBE_WORDS = {"double": N_("doubles"), "take": N_("takes"), "drop": N_("passes")}
"""What people are told a player does with the cube (R14); a dropped double is passed
(in English: ``record_text`` says them in the language spoken)."""
RESIGNATION_WORDS = {
    1: N_("resigns a single game"),
    2: N_("resigns a gammon"),
    3: N_("resigns a backgammon"),
}
"""A resignation in a game's record, by the points it concedes (times the cube)."""


def _index(variant: Variant, token: str, text: str) -> int:
    index = parse_label(variant, token)
    if index is None:
        raise NotationError(
            _("{token} in {text} is not a point: use 1..{points}, 'bar' or 'off'").format(
                token=quote(token), text=quote(text), points=variant.points
            )
        )
    return index


def dice_text(dice: Iterable[int]) -> str:
    """Dice as people say a roll: the higher first, ``3-1`` (the dice left of a turn the
    same way)."""
    return "-".join(map(str, sorted(dice, reverse=True)))


def play_text(notation: str) -> str:
    """A play's notation as people read it: ``NO_MOVE`` for the empty play."""
    return notation or _(NO_MOVE)


class Noted(Protocol):
    """A turn of a game's record (``game.Turn``), as its words need it: its play's
    notation."""

    @property
    def notation(self) -> str: ...


def record_text(record: Noted | CubeAction | Resignation, cube: Cube | None = None) -> str:
    """A record of a game in words: a turn's play, or what a player did with the cube
    (``doubles to 4`` given the ``cube`` before it) or conceded."""
    if isinstance(record, CubeAction):
        if record.action == "double" and cube is not None:
            return _("doubles to {value}").format(value=2 * cube.value)
        return _(CUBE_WORDS[record.action])
    if isinstance(record, Resignation):
        return _(RESIGNATION_WORDS[record.level])
    return play_text(record.notation)


def format_play(variant: Variant, play: Play) -> str:
    """Chains of one checker merged, hits starred, repeats counted (``20/23*(2)``: two
    checkers from 20 to 23, the first one hitting there); no move is ``""``."""
    return _written(variant, play, lambda index: index)


def checker_chains(variant: Variant, play: Play) -> list[list[Move]]:
    """A play's moves as the courses of its checkers, in play order: each move joins the
    first course that ends where it starts (one checker moving on), else starts one.
    ``bar/8`` with 2-2 is one course of four moves, written and drawn as one."""
    chains: list[list[Move]] = []
    for move in play.moves:
        for chain in chains:
            if chain[-1].end == move.start and chain[-1].end != variant.off:
                chain.append(move)
                break
        else:
            chains.append([move])
    return chains


def _written(variant: Variant, play: Play, seen: Callable[[int], int]) -> str:
    """``format_play``, each point labelled as ``seen`` numbers it; the order is the
    mover's, so a play reads in the same order in any numbering."""
    # Each chain as its stops (start, hits, end), whether it hits at each; chains with
    # the same stops are one text, starred where any of them hits.
    texts: dict[tuple[int, ...], list[bool]] = {}
    counts: dict[tuple[int, ...], int] = {}
    for chain in sorted(checker_chains(variant, play), key=lambda c: (c[0].start, c[-1].end)):
        moves = [move for move in chain if move.hit or move is chain[-1]]
        stops = (chain[0].start, *(move.end for move in moves))
        hits = texts.setdefault(stops, [False] * len(moves))
        texts[stops] = [a or move.hit for a, move in zip(hits, moves, strict=True)]
        counts[stops] = counts.get(stops, 0) + 1
    written = []
    for stops, hits in texts.items():
        ends = zip(stops[1:], hits, strict=True)
        text = "/".join(
            [label(variant, seen(stops[0])), *(label(variant, seen(e)) + "*" * h for e, h in ends)]
        )
        written.append(text if counts[stops] == 1 else f"{text}({counts[stops]})")
    return " ".join(written)


def format_play_seen(variant: Variant, play: Play, mover: int, reader: int) -> str:
    """``mover``'s play written in ``reader``'s numbering, as a board numbered for
    ``reader`` labels its points (``format_play`` writes the mover's own): a person
    follows another player's move on the board without converting points (R1)."""
    if reader == mover:
        return format_play(variant, play)
    table = variant.seen_by(reader, mover)

    def seen(index: int) -> int:
        return index if index in (BAR, variant.off) else table[index]

    return _written(variant, play, seen)


def wraps_seen(variant: Variant, play: Play, mover: int, reader: int) -> bool:
    """Whether a checker of ``play`` passes ``reader``'s last point and goes on from 1 as
    ``reader`` numbers the board (a trigammon player's path, offset by 12, goes round
    it: R1), so that its move reads backwards, 34/2 (walk 18)."""
    table = variant.seen_by(reader, mover)
    return any(
        abs(table[move.end] - table[move.start]) != abs(move.end - move.start)
        for move in play
        if move.start != BAR and move.end != variant.off
    )


_TOKEN = re.compile(r"(?P<path>[a-z0-9*/]+?)(?:\((?P<times>[0-9])\))?", re.IGNORECASE)
MAX_REPEATS = 4
"""A move written ``(n)`` is made n = 1..4 times: four moves at most, with doubles (R5)."""


def _segments(variant: Variant, text: str) -> list[tuple[int, int]]:
    """``text`` as checker hops (start, end), each possibly several dice long."""
    hops: list[tuple[int, int]] = []
    for token in text.replace(",", " ").split():
        match = _TOKEN.fullmatch(token)
        if not match or "/" not in match["path"]:
            raise NotationError(
                _("{token} in {text} is not a move such as 24/18 or bar/22*").format(
                    token=quote(token), text=quote(text)
                )
            )
        times = int(match["times"] or 1)
        if not 1 <= times <= MAX_REPEATS:
            raise NotationError(
                _("{token} in {text} repeats a move {times} times: write (1) to ({most})").format(
                    token=quote(token), text=quote(text), times=times, most=MAX_REPEATS
                )
            )
        points = [p.rstrip("*") for p in match["path"].split("/")]
        if any(not p for p in points):
            raise NotationError(
                _("{token} in {text} has an empty point").format(
                    token=quote(token), text=quote(text)
                )
            )
        indices = [_index(variant, p, text) for p in points]
        chain = list(pairwise(indices))
        for start, end in chain:
            if end <= start:
                raise NotationError(
                    _("{token} in {text} moves backwards: checkers travel towards 'off'").format(
                        token=quote(token), text=quote(text)
                    )
                )
        hops.extend(chain * times)
    return hops


def parse_play(position: Position, text: str) -> Play:
    """The legal play that ``text`` writes, matched by the position it leads to.

    Hops longer than one die are split over the dice. Stars are optional; where
    splits differ only in hits, the one whose hits match the stars written wins
    (``10/15*`` hits on 15 only, ``10/13*/15*`` on both). Text that is well formed
    but not legal raises ``IllegalMoveError`` with the rule it breaks.
    """
    if not isinstance(text, str):
        raise NotationError(_("notation must be a string, not {value}").format(value=quote(text)))
    if len(text) > MAX_NOTATION_CHARS:
        raise NotationError(
            _("notation {text} is too long: a play is at most {most} characters").format(
                text=quote(text), most=MAX_NOTATION_CHARS
            )
        )
    check_not_over(position)
    if position.dice is None:
        raise ValueError(_("no dice: set the roll before parsing a play"))
    variant = position.variant
    hops = _segments(variant, text)
    plays = position.legal_plays()
    written = sorted(text.lower().replace(",", " ").split())
    failed: list[list[Move]] = []
    found: list[Play] = []
    for moves in _splits(variant, hops, plays.remaining_dice(())):
        play = plays.find(sorted(moves, key=_start))
        if play is None:
            failed.append(moves)
            continue
        if sorted(plays.notation(play).split()) == written:
            return play
        found.append(play)
    if found:
        return found[0]
    for moves in failed[:1]:  # why the first way to make it fails
        plays.check(Play(_made(plays, moves)))
    dice = "-".join(map(str, position.dice))
    raise IllegalMoveError(
        "R4", _("{text} cannot be made with the dice {dice}").format(text=quote(text), dice=dice)
    )


def _start(move: Move) -> int:
    return move.start


def _made(plays: LegalPlays, moves: list[Move]) -> tuple[Move, ...]:
    """The moves made one by one, farthest checker first, with their hits.

    That order is legal whenever any order is: moving a checker never helps one
    behind it. Raises at the first illegal move.
    """
    made: list[Move] = []
    for move in sorted(moves, key=_start):
        made.append(plays.check_move(made, move))
    return tuple(made)


def _splits(
    variant: Variant, hops: list[tuple[int, int]], dice: tuple[int, ...]
) -> Iterator[list[Move]]:
    """Ways to cover the hops, in the order given, with single-die moves."""
    if not hops:
        yield []
        return
    (start, end), rest = hops[0], hops[1:]
    for size in range(1, len(dice) + 1):
        for chosen in dict.fromkeys(permutations(dice, size)):
            position, moves = start, []
            for die in chosen:
                if position >= variant.off:
                    break
                target = min(position + die, variant.off)
                moves.append(Move(position, target, die))
                position = target
            else:
                if position != end:
                    continue
                left = list(dice)
                for die in chosen:
                    left.remove(die)
                for tail in _splits(variant, rest, tuple(left)):
                    yield moves + tail
