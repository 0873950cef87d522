"""Decks: cards shared as a file, so that a teacher can hand a class the same cards.

A deck is JSON, versioned (``DECK_FORMAT``, ``DECK_VERSION``): a name and a list of
cards, each its decision (kind, variant, position ID), the play or action made, the
best choices with their equities, the evaluator and ply that judged them, the mark,
the source, the tags and the comment; never a schedule (each library drills a deck
from its start). A deck may come from anyone, so it is read as every input is
(``SECURITY.md``): at most ``MAX_DECK_CHARS`` characters and ``MAX_DECK_CARDS`` cards,
every field of the right type and size, every position legal in its variant, every
play a legal play of its roll written as the engine writes it, every text by the
engine's text rule; a deck with anything wrong is refused whole, naming the card and
the field.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..engine import MatchPosition, Position
from ..engine.errors import quote
from ..engine.i18n import _
from ..engine.names import check_name
from ..engine.records import as_list, check_keys, checking, read_json
from ..judgement.judges import EVALUATORS, PLIES
from .cards import (
    CUBE_ACTIONS,
    KEPT,
    Card,
    Choice,
    Draft,
    Source,
    check_comment,
    check_equity,
    check_kind,
    check_mark,
    check_source,
    check_tags,
    check_variant,
)

__all__ = ["DECK_FORMAT", "DECK_VERSION", "MAX_DECK_CARDS", "read_deck", "write_deck"]

DECK_FORMAT = "trigammon-widget/deck"
"""The ``format`` a deck file names, so that no other JSON is read as one."""
DECK_VERSION = 1
"""The deck format's version this package writes and reads."""
MAX_DECK_CARDS = 10_000
"""Most cards a deck holds (each is checked against the rules as it is read); its text
is at most ``records.MAX_RECORD_CHARS`` characters, as a game record's."""

_DECK_KEYS = ("format", "version", "name", "cards")
_CARD_KEYS = (
    "kind", "variant", "position", "made", "made_equity", "best", "evaluator", "ply", "mark",
    "source", "tags", "comment",
)  # fmt: skip
_SOURCE_KEYS = ("kind", "name", "game", "turn", "player", "date")
_CUBE_PAIRS = ({"no double", "double"}, {"take", "drop"})
"""A cube card's choices: a double or not, or a take or a drop."""


def write_deck(name: str, cards: Sequence[Card]) -> str:
    """``cards`` as a deck named ``name``: JSON, one card a line."""
    entries = [json.dumps(_entry(card), ensure_ascii=False) for card in cards]
    head = [
        f'  "format": {json.dumps(DECK_FORMAT)},',
        f'  "version": {DECK_VERSION},',
        f'  "name": {json.dumps(name, ensure_ascii=False)},',
    ]
    body = '  "cards": [\n' + ",\n".join(f"    {entry}" for entry in entries) + "\n  ]"
    return "{\n" + "\n".join(head) + "\n" + (body if entries else '  "cards": []') + "\n}\n"


def _entry(card: Card) -> dict[str, Any]:
    source = card.source
    return {
        "kind": card.kind,
        "variant": card.variant,
        "position": card.position_id,
        "made": card.made,
        "made_equity": card.made_equity,
        "best": [[choice.text, choice.equity] for choice in card.best],
        "evaluator": card.evaluator,
        "ply": card.ply,
        "mark": card.mark,
        "source": {
            "kind": source.kind,
            "name": source.name,
            "game": source.game,
            "turn": source.turn,
            "player": source.player,
            "date": source.date,
        },
        "tags": list(card.tags),
        "comment": card.comment,
    }


def read_deck(text: object) -> list[Draft]:
    """The cards of a deck's JSON as drafts for a library, every field checked; a
    ``ValueError`` naming the card and the field otherwise."""
    data = read_json(text, _("a deck"))
    check_keys(data, _("a deck"), _DECK_KEYS, _DECK_KEYS)
    if data["format"] != DECK_FORMAT:
        raise ValueError(
            _("not a deck: its format is {value}, not {format}").format(
                value=quote(data["format"]), format=DECK_FORMAT
            )
        )
    version = data["version"]
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ValueError(
            _("a deck's version is a number, not {value}").format(value=quote(version))
        )
    if version > DECK_VERSION:
        raise ValueError(
            _(
                "the deck is of a newer version ({version}; this version reads up to "
                "{known}): update trigammon-widget to read it"
            ).format(version=version, known=DECK_VERSION)
        )
    with checking("name"):
        check_name(data["name"], _("a deck's name"))
    cards = as_list(data["cards"], "cards")
    if len(cards) > MAX_DECK_CARDS:
        raise ValueError(
            _("a deck has at most {max_cards} cards, not {count}").format(
                max_cards=f"{MAX_DECK_CARDS:,}", count=f"{len(cards):,}"
            )
        )
    drafts = []
    for number, entry in enumerate(cards, 1):
        with checking(_("card {number}").format(number=number)):
            drafts.append(_card(entry))
    return drafts


def _card(entry: object) -> Draft:
    check_keys(entry, _("a card"), _CARD_KEYS, _CARD_KEYS)
    assert isinstance(entry, Mapping)
    kind = check_kind(entry["kind"])
    variant = check_variant(entry["variant"])
    with checking("position"):
        position = _position(kind, variant, entry["position"])
    with checking("best"):
        best = _choices(kind, position, entry["best"])
    with checking("made"):
        made, made_equity = _made(kind, position, entry["made"], entry["made_equity"])
    evaluator = entry["evaluator"]
    if evaluator not in EVALUATORS:
        raise ValueError(
            _("evaluator must be one of {evaluators}, not {value}").format(
                evaluators=", ".join(EVALUATORS), value=quote(evaluator)
            )
        )
    ply = entry["ply"]
    if isinstance(ply, bool) or ply not in PLIES:
        raise ValueError(
            _("ply must be one of {plies}, not {ply}").format(plies=PLIES, ply=quote(ply))
        )
    mark = None if entry["mark"] is None else check_mark(entry["mark"])
    with checking("source"):
        source = _source(entry["source"])
    with checking("tags"):
        tags = check_tags(as_list(entry["tags"], "tags"))
    with checking("comment"):
        comment = check_comment(entry["comment"])
    return Draft(
        kind=kind,
        variant=variant,
        position_id=position.id,
        made=made,
        made_equity=made_equity,
        best=best,
        evaluator=evaluator,
        ply=ply,
        mark=mark,
        source=source,
        tags=tags,
        comment=comment,
    )


def _position(kind: str, variant: str, text: object) -> Position | MatchPosition:
    """A card's position from its ID: legal in its variant, with a decision in it."""
    if kind == "cube":
        match = MatchPosition.from_id(text)  # type: ignore[arg-type]
        if match.position.variant.name != variant or variant != "classic":
            raise ValueError(_("a cube decision is classic, not {value}").format(value=quote(text)))
        if match.position.dice is not None or not {"double", "take"} & set(
            match.legal_cube_actions()
        ):
            raise ValueError(
                _("{value} is no cube decision: the player to move may not double").format(
                    value=quote(text)
                )
            )
        return match
    position = Position.from_id(text)  # type: ignore[arg-type]
    if position.variant.name != variant:
        raise ValueError(
            _("{value} is a {found} position, not {variant}").format(
                value=quote(text), found=position.variant.name, variant=variant
            )
        )
    if position.dice is None:
        raise ValueError(_("{value} has no dice: a play needs its roll").format(value=quote(text)))
    if len(position.legal_plays()) < 2:
        raise ValueError(
            _("{value} has one legal play: nothing to decide").format(value=quote(text))
        )
    return position


def _choices(kind: str, position: Position | MatchPosition, value: object) -> tuple[Choice, ...]:
    entries = as_list(value, "best")
    if not 1 <= len(entries) <= KEPT:
        raise ValueError(
            _("a card keeps 1..{most} choices, not {count}").format(most=KEPT, count=len(entries))
        )
    choices = []
    for entry in entries:
        pair = as_list(entry, "a choice")
        if len(pair) != 2:
            raise ValueError(
                _("a choice is [text, equity], not {value}").format(value=quote(entry))
            )
        choices.append(Choice(_text(kind, position, pair[0]), check_equity(pair[1], _("equity"))))
    texts = [choice.text for choice in choices]
    if len(set(texts)) != len(texts):
        raise ValueError(_("a choice is listed twice: {value}").format(value=quote(texts)))
    if kind == "cube" and set(texts) not in _CUBE_PAIRS:
        raise ValueError(
            _(
                "a cube card's choices are no double and double, or take and drop, not {value}"
            ).format(value=quote(texts))
        )
    if [choice.equity for choice in choices] != sorted((c.equity for c in choices), reverse=True):
        raise ValueError(_("the choices must be listed best first"))
    return tuple(choices)


def _made(
    kind: str, position: Position | MatchPosition, made: object, equity: object
) -> tuple[str | None, float | None]:
    if made is None and equity is None:
        return None, None
    if made is None or equity is None:
        raise ValueError(_("made and made_equity go together"))
    return _text(kind, position, made), check_equity(equity, "made_equity")


def _text(kind: str, position: Position | MatchPosition, text: object) -> str:
    """A choice's text: a cube action, or a legal play of the roll as the engine writes it."""
    if kind == "cube":
        if text not in CUBE_ACTIONS:
            raise ValueError(
                _("a cube action is one of {actions}, not {value}").format(
                    actions=", ".join(CUBE_ACTIONS), value=quote(text)
                )
            )
        return str(text)
    assert isinstance(position, Position)
    if not isinstance(text, str):
        raise ValueError(_("a play is notation, not {value}").format(value=quote(text)))
    written = position.format_play(position.parse_play(text))
    if written != text:
        raise ValueError(
            _("{value} is written {written} by the engine").format(
                value=quote(text), written=written
            )
        )
    return written


def _source(value: object) -> Source:
    check_keys(value, _("a source"), _SOURCE_KEYS, ("kind",))
    assert isinstance(value, Mapping)
    kind = value["kind"]
    for key in ("name", "player", "date"):
        if not isinstance(value.get(key, ""), str):
            raise ValueError(
                _("{key} is a text, not {value}").format(key=key, value=quote(value[key]))
            )
    return check_source(
        Source(
            kind,
            value.get("name", ""),
            value.get("game"),
            value.get("turn"),
            value.get("player", ""),
            value.get("date", ""),
        )
    )
