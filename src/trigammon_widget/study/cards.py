"""A study card: one decision to practise, and where it came from.

A card is a checker play (a position with its dice) or a cube decision (a classic
position before the roll, with its cube and score: double or not, or, the cube
offered, take or pass). It keeps the play or action made, the best choices with the
equities the evaluator gave them (best first), which evaluator and ply judged them,
where the decision came from, and the learner's tags and comment. Cards are small
frozen values read from a library (``library.Library``); the position is read from
its ID when first asked for, so a long list of cards costs little.

Texts people give (tags, comments, names of sources) are checked by the engine's text
rule (``engine.names``): printable, every bidirectional control closed, within the
limits below. Shown anywhere, they are text, never markup.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import cached_property
from typing import Literal, TypedDict, get_args

from ..engine import MatchPosition, Position
from ..engine.errors import quote
from ..engine.i18n import N_, _, decimal
from ..engine.names import check_name, check_text
from ..engine.notation import dice_text
from ..judgement.analysis import MARKS, action_text

__all__ = [
    "CUBE_ACTIONS",
    "KEPT",
    "KINDS",
    "MAX_COMMENT_CHARS",
    "MAX_EQUITY",
    "MAX_TAGS",
    "MAX_TAG_CHARS",
    "SOURCES",
    "Card",
    "Choice",
    "CubeAction",
    "Draft",
    "Filters",
    "Kind",
    "Source",
    "SourceKind",
    "check_comment",
    "check_equity",
    "check_filters",
    "check_kind",
    "check_mark",
    "check_source",
    "check_tags",
    "check_variant",
    "choices_text",
    "key_of",
    "level_of",
]

Kind = Literal["play", "cube"]
"""What a card asks: a checker play, or a cube decision."""
KINDS: tuple[Kind, ...] = get_args(Kind)
"""Every ``Kind``, in order."""
CubeAction = Literal["no double", "double", "take", "drop"]
"""An answer to a cube card."""
CUBE_ACTIONS: tuple[CubeAction, ...] = get_args(CubeAction)
"""A cube card's answers, as a review names them (``analysis.CubeReport.action``)."""
SourceKind = Literal["game", "match", "problem", "position", "deck"]
"""Where a card came from (``SOURCES``)."""
SOURCES: tuple[SourceKind, ...] = get_args(SourceKind)
"""Where a card came from: a game or a match analysed, the course's problems, a
position added by hand, or a deck imported."""
SOURCE_WORDS: Mapping[SourceKind, str] = {
    "game": N_("a game"),
    "match": N_("a match"),
    "problem": N_("a problem"),
    "position": N_("a position added by hand"),
    "deck": N_("a deck"),
}
"""Each kind of source in words, where a source has no name of its own."""

KEPT = 5
"""Best choices a card keeps (an analysis keeps as many for each turn)."""
MAX_TAG_CHARS = 40
"""The longest tag, in characters."""
MAX_TAGS = 20
"""Most tags a card carries, each of at most ``MAX_TAG_CHARS`` characters."""
MAX_COMMENT_CHARS = 2_000
"""Longest comment of a card (lines allowed)."""
MAX_EQUITY = 10.0
"""Largest equity a card holds, either sign: a trigammon winner collects at most 6
points, a cube decision's normalised equity a few; more is not an equity."""


class Filters(TypedDict, total=False):
    """Which cards a library lists, counts, drills or exports: those of a ``variant``
    (``"classic"``, ``"trigammon"``), a ``kind`` (``"play"``, ``"cube"``), with a
    ``tag``, whose play made is marked at least ``mark`` (``"?!"``, ``"?"``, ``"??"``),
    from the ``source`` so named; every filter given."""

    variant: str
    kind: Kind
    tag: str
    mark: str
    source: str


@dataclass(frozen=True)
class Choice:
    """One choice of a decision: a play in notation (the mover's numbering) or a cube
    action, with the decider's equity after it (points per game; for the cube, per
    point of the cube now)."""

    text: str
    equity: float


@dataclass(frozen=True)
class Source:
    """Where a card's decision came from: what kind of source, its name (the players,
    a match's event, a problem's title, a deck's name), the game of a match and the
    record of the game (both from 1), who decided, and the date (ISO, ``2025-05-01``):
    of the game where known, else of the card's making."""

    kind: SourceKind
    name: str = ""
    game: int | None = None
    turn: int | None = None
    player: str = ""
    date: str = ""

    def __str__(self) -> str:
        """The source in words, in the language spoken."""
        parts = [self.name or _(SOURCE_WORDS[self.kind])]
        if self.game is not None:
            parts.append(_("game {number}").format(number=self.game))
        if self.turn is not None:
            parts.append(_("turn {number}").format(number=self.turn))
        said = ", ".join(parts)
        if self.player:
            said += f" ({self.player})"
        if self.date:
            said += f", {self.date}"
        return said


@dataclass(frozen=True)
class Draft:
    """A card before a library stores it: its decision, judgement, source and texts
    (a ``Card`` without the library's id and schedule)."""

    kind: Kind
    variant: str
    position_id: str
    made: str | None
    made_equity: float | None
    best: tuple[Choice, ...]
    evaluator: str
    ply: int
    mark: str | None
    source: Source
    tags: tuple[str, ...] = ()
    comment: str = ""


@dataclass(frozen=True)
class Card:
    """One decision of a library (``Library``), as stored.

    ``position_id`` is the decision's position: a ``Position`` ID with the dice (a
    checker play) or a ``MatchPosition`` ID (a cube decision); ``position`` reads it.
    ``made``: the play or action made (None: a position added without one), with its
    equity ``made_equity``. ``best``: the best choices, best first, by ``evaluator``
    at ``ply`` (read when first asked for from ``choices``, their JSON as stored).
    ``mark``: the review's mark of the play made. ``due``: when it is next to be
    drilled; ``reviews`` and ``lapses`` count its answers and its wrong ones.
    """

    id: int
    kind: Kind
    variant: str
    position_id: str
    made: str | None
    made_equity: float | None
    choices: str = field(repr=False)
    evaluator: str
    ply: int
    mark: str | None
    source: Source
    tags: tuple[str, ...]
    comment: str
    added: datetime
    due: datetime
    reviews: int = 0
    lapses: int = 0

    @cached_property
    def position(self) -> Position | MatchPosition:
        """The decision's position: a ``Position`` with its dice (a checker play), or a
        ``MatchPosition`` before the roll with its cube and score (a cube decision)."""
        if self.kind == "cube":
            return MatchPosition.from_id(self.position_id)
        return Position.from_id(self.position_id)

    @cached_property
    def best(self) -> tuple[Choice, ...]:
        """The best choices, best first, each with the decider's equity after it."""
        return tuple(Choice(text, equity) for text, equity in json.loads(self.choices))

    @property
    def decider(self) -> int:
        """The player who decides: the mover, or for a double offered the one to take
        or pass (the card is seen from their seat)."""
        position = self.position
        if isinstance(position, MatchPosition):
            turn = position.position.turn
            return 1 - turn if position.cube.offered else turn
        return position.turn

    @property
    def key(self) -> str:
        """What makes the decision the same wherever it comes from (``key_of``)."""
        return key_of(self.kind, self.position_id)

    @property
    def loss(self) -> float | None:
        """What the play or action made lost against the best (None: none was made)."""
        if self.made_equity is None or not self.best:
            return None
        return max(0.0, self.best[0].equity - self.made_equity)

    def question(self) -> str:
        """What the card asks, in the language spoken: the roll to play, or the cube
        decision to make."""
        position = self.position
        if isinstance(position, MatchPosition):
            if position.cube.offered:
                return _("Doubled to {value}: take or pass?").format(value=2 * position.cube.value)
            return _("Double or not?")
        return _("Play {dice}.").format(dice=dice_text(position.dice or ()))

    def said(self, text: str) -> str:
        """A choice of this card as people read it: a play's notation, or a cube action
        in the language spoken."""
        return action_text(text) if self.kind == "cube" else text

    def answer_text(self) -> str:
        """The best choices and what the one made lost, in the language spoken."""
        best = self.best[0].equity if self.best else 0.0
        lines = [
            f"{rank}. {self.said(choice.text)} {decimal(choice.equity, 3, signed=True)}"
            + (f" ({decimal(choice.equity - best, 3, signed=True)})" if rank > 1 else "")
            for rank, choice in enumerate(self.best, 1)
        ]
        loss = self.loss
        if self.made is not None and loss is not None:
            lines.append(
                _("Played: {made}, {loss} points per game lost").format(
                    made=self.said(self.made), loss=decimal(loss, 3)
                )
            )
        return "\n".join(lines)

    def __repr__(self) -> str:
        made = f", made {self.made!r}" if self.made is not None else ""
        return f"<Card {self.id}: {self.variant} {self.kind} {self.position_id!r}{made}>"

    def _repr_svg_(self) -> str:
        """The card's question drawn: its position with the dice (and the cube)."""
        from ..pictures.svg import board_svg

        position = self.position
        if isinstance(position, MatchPosition):
            return str(
                board_svg(
                    position.position,
                    cube=position.cube,
                    match=position.state,
                    perspective=self.decider,
                )
            )
        return str(board_svg(position, perspective=self.decider))


def choices_text(choices: tuple[Choice, ...]) -> str:
    """Choices as a card keeps them: JSON, ``[[text, equity], ...]``."""
    return json.dumps([[choice.text, choice.equity] for choice in choices])


def key_of(kind: Kind, position_id: str) -> str:
    """A decision's key: its kind and its position's ID (with the dice; a cube
    decision's with its cube and score). A library holds each key once."""
    return f"{kind}:{position_id}"


def level_of(mark: str | None) -> int:
    """A mark as a level: 0 for none, 1 ``?!``, 2 ``?``, 3 ``??`` (what filters by mark
    compare)."""
    return 0 if mark is None else MARKS.index(mark) + 1


def check_tags(tags: object) -> tuple[str, ...]:
    """``tags`` as a card's tags: a list of at most ``MAX_TAGS`` names of at most
    ``MAX_TAG_CHARS`` characters each, duplicates dropped, in the order given; else a
    ``ValueError`` naming what is wrong."""
    if isinstance(tags, str):
        tags = (tags,)
    if not isinstance(tags, list | tuple | set | frozenset):
        raise ValueError(_("tags must be a list of texts, not {tags}").format(tags=quote(tags)))
    if len(tags) > MAX_TAGS:
        raise ValueError(
            _("a card has at most {max_tags} tags, not {count}").format(
                max_tags=MAX_TAGS, count=len(tags)
            )
        )
    checked = []
    for tag in tags:
        if isinstance(tag, str) and len(tag) > MAX_TAG_CHARS:
            raise ValueError(
                _("a tag has at most {max_tag_chars} characters, not {count}").format(
                    max_tag_chars=MAX_TAG_CHARS, count=len(tag)
                )
            )
        checked.append(check_name(tag, _("a tag")))
    return tuple(dict.fromkeys(checked))


def check_comment(comment: object) -> str:
    """``comment`` as a card's comment: printable text (lines allowed) of at most
    ``MAX_COMMENT_CHARS`` characters; else a ``ValueError``."""
    if isinstance(comment, str) and len(comment) > MAX_COMMENT_CHARS:
        raise ValueError(
            _("a comment has at most {max_comment_chars} characters, not {count}").format(
                max_comment_chars=MAX_COMMENT_CHARS, count=len(comment)
            )
        )
    return check_text(comment, _("a comment"), lines=True)


def check_equity(value: object, what: str) -> float:
    """``value`` as an equity: a finite number within ``MAX_EQUITY`` either side."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or abs(value) > MAX_EQUITY
    ):
        raise ValueError(
            _("{what} must be an equity -{max_equity}..{max_equity}, not {value}").format(
                what=what, max_equity=MAX_EQUITY, value=quote(value)
            )
        )
    return float(value)


def check_source(source: object) -> Source:
    """``source`` if it is a ``Source`` whose every field is valid: a known kind, names
    by the engine's rule for names (or empty), a game and a turn from 1 (or None), an
    ISO date (or empty); else a ``ValueError`` naming the field."""
    if not isinstance(source, Source):
        raise ValueError(_("source must be a Source, not {value}").format(value=quote(source)))
    if source.kind not in SOURCES:
        raise ValueError(
            _("a source's kind is one of {kinds}, not {value}").format(
                kinds=", ".join(SOURCES), value=quote(source.kind)
            )
        )
    for text, what in ((source.name, _("a source's name")), (source.player, _("a player"))):
        if text != "":
            check_name(text, what)
    for number, what in ((source.game, "game"), (source.turn, "turn")):
        if number is not None and (
            isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 100_000
        ):
            raise ValueError(
                _("a source's {what} is a number 1..100000, not {value}").format(
                    what=what, value=quote(number)
                )
            )
    if source.date != "":
        try:
            date.fromisoformat(source.date)
        except (TypeError, ValueError):
            raise ValueError(
                _("a source's date is ISO text (2025-05-01), not {value}").format(
                    value=quote(source.date)
                )
            ) from None
    return source


def check_variant(variant: object) -> str:
    """``variant``'s name if it is one (``"classic"``, ``"trigammon"``), else a
    ``ValueError``."""
    if variant not in ("classic", "trigammon"):
        raise ValueError(
            _("variant must be classic or trigammon, not {value}").format(value=quote(variant))
        )
    return str(variant)


def check_kind(kind: object) -> Kind:
    """``kind`` if it is a card's kind (``KINDS``), else a ``ValueError``."""
    for known in KINDS:
        if kind == known:
            return known
    raise ValueError(
        _("kind must be one of {kinds}, not {value}").format(
            kinds=", ".join(KINDS), value=quote(kind)
        )
    )


def check_mark(mark: object) -> str:
    """``mark`` if it is a review's mark (``?!``, ``?``, ``??``), else a ``ValueError``."""
    if mark not in MARKS:
        raise ValueError(
            _("mark must be one of {marks}, not {value}").format(
                marks=", ".join(MARKS), value=quote(mark)
            )
        )
    return str(mark)


def check_filters(filters: Mapping[str, object]) -> Filters:
    """``filters`` as a library's filters (``Filters``), each checked; a ``ValueError``
    for a filter it does not know or a value it cannot hold."""
    checked: Filters = {}
    for name, value in filters.items():
        if value is None:
            continue
        if name == "variant":
            checked["variant"] = check_variant(value)
        elif name == "kind":
            checked["kind"] = check_kind(value)
        elif name == "mark":
            checked["mark"] = check_mark(value)
        elif name in ("tag", "source") and isinstance(value, str):
            checked[name] = value  # type: ignore[literal-required]
        elif name in ("tag", "source"):
            raise ValueError(
                _("{name} is a text, not {value}").format(name=name, value=quote(value))
            )
        else:
            raise ValueError(
                _("cards are chosen by {filters}, not {name}").format(
                    filters=", ".join(Filters.__annotations__), name=quote(name)
                )
            )
    return checked
