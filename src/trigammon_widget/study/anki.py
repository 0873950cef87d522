"""Cards out to Anki: a package (.apkg) that Anki, on a desktop or a phone, imports.

Each card is a note: its question (the position drawn from the mover's seat, as an SVG
picture, and the roll or the cube decision in words) and its answer (the best choices
with their equities, what was played and lost, the comment and the source), its tags
(spaces made underscores: Anki's tags have none). A note's identity is the card's key,
so a deck exported again updates the notes Anki holds rather than doubling them. Anki
drills them by its own schedule: it shows the answer and the learner grades
themselves. Every text is escaped: Anki shows fields as HTML.

Needs ``genanki`` (``pip install 'trigammon-widget[anki]'``).
"""

from __future__ import annotations

import hashlib
import html
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from ..engine.i18n import _
from .cards import Card

__all__ = ["MODEL_ID", "write_anki"]

MODEL_ID = 1_745_045_045
"""The note type's ID in Anki (fixed: notes exported at different times share it)."""
_CSS = """.card { font-family: sans-serif; text-align: center; }
.tg-question img { max-width: 100%; height: auto; }
.tg-answer { text-align: left; display: inline-block; }
.tg-answer p:first-child { font-family: monospace; }
.tg-comment { border-left: 3px solid #888; padding-left: 8px; white-space: pre-wrap; }"""


def write_anki(cards: Sequence[Card], name: str, path: str | os.PathLike[str]) -> Path:
    """Write ``cards`` as the Anki deck ``name`` to the package file ``path``."""
    try:
        import genanki
    except ImportError:
        raise ValueError(
            _("an Anki export needs genanki: pip install 'trigammon-widget[anki]'")
        ) from None
    model = genanki.Model(
        MODEL_ID,
        "trigammon-widget card",
        fields=[{"name": "Question"}, {"name": "Answer"}, {"name": "Position"}],
        templates=[
            {
                "name": "Decision",
                "qfmt": "{{Question}}",
                "afmt": '{{FrontSide}}<hr id="answer">{{Answer}}',
            }
        ],
        css=_CSS,
    )
    deck = genanki.Deck(_number(f"deck:{name}"), name)
    target = Path(path)
    with tempfile.TemporaryDirectory(prefix="trigammon-anki-") as scratch:
        media = []
        for card in cards:
            picture = Path(scratch) / f"trigammon-{_digest(card.key)}.svg"
            picture.write_text(card._repr_svg_(), encoding="utf-8")
            media.append(str(picture))
            deck.add_note(
                genanki.Note(
                    model=model,
                    fields=[_question(card, picture.name), _answer(card), card.position_id],
                    tags=["_".join(tag.split()) for tag in card.tags],
                    guid=genanki.guid_for(card.key),
                )
            )
        genanki.Package(deck, media_files=media).write_to_file(str(target))
    return target


def _question(card: Card, picture: str) -> str:
    return (
        f'<div class="tg-question"><img src="{html.escape(picture)}">'
        f"<p>{html.escape(card.question())}</p></div>"
    )


def _answer(card: Card) -> str:
    """The best choices and what was lost (``Card.answer_text``), the comment, the source."""
    lines = "<br>".join(html.escape(line) for line in card.answer_text().splitlines())
    parts = [f"<p>{lines}</p>"]
    if card.comment:
        parts.append(f'<p class="tg-comment">{html.escape(card.comment)}</p>')
    parts.append(f"<p><small>{html.escape(str(card.source))}</small></p>")
    return f'<div class="tg-answer">{"".join(parts)}</div>'


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _number(text: str) -> int:
    """A stable ID for Anki (a positive 63-bit number) from ``text``."""
    return int(_digest(text), 16) % (1 << 62) + 1
