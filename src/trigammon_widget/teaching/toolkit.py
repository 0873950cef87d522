"""The teacher's toolkit: captioned pictures, hidden answers, tables and set-ups.

The course's notebooks, the lessons (``lessons``: rule cards and quiz), the problems
and the printable sheets (``sheets``) are made with these, so a picture or a caption
is written once. Everything here shows itself in a notebook as HTML a learner can
read: pictures, words and notation, never the engine's internal values.

Every text here is shown in the language spoken (``engine.i18n``) when it is shown,
not when it is written: the package's own texts are kept in English, marked for the
catalogues (``N_``), and said with ``said`` where a picture, a card or a sheet is made,
so ``set_language("es")`` after import, or two boards in two languages, each get their
own words. A teacher's own text, in no catalogue, is shown as written.

Set-ups are written as the learner reads the board: ``setup`` takes every player's
checkers by the point numbers that the player at the bottom of the picture (X, the
player to move) reads on it, so a teacher copies a position from a picture.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape, unescape
from itertools import pairwise
from typing import Any

from ..engine import Cube, Position
from ..engine.diagram import SYMBOLS
from ..engine.errors import InvalidPositionError, NotationError, quote
from ..engine.i18n import _
from ..engine.names import seat_named_you
from ..engine.notation import dice_text
from ..engine.places import Place, parse_label, place_of
from ..engine.stakes import MatchState
from ..engine.variant import Variant, find_variant
from ..pictures.svg import Numbering, board_svg
from .play_facts import rolls_that_hit

__all__ = [
    "Figure",
    "Html",
    "Shown",
    "attempt_arrows",
    "figure",
    "plain",
    "reveal",
    "roll",
    "row",
    "said",
    "setup",
    "shots",
    "table",
]


class Html(str):
    """HTML text that shows itself in a notebook."""

    def _repr_html_(self) -> str:
        return str(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """Where no HTML is shown, the words without the tags."""
        printer.text(plain(self))


def plain(html: str) -> str:
    """The words of ``html``: pictures and tags dropped, entities read."""
    text = re.sub(r"<svg.*?</svg>", " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", text)).split())


class Shown:
    """Shows itself in a notebook as its ``html()``, and as its words where only text
    is shown (a terminal, a text export): never as the value's internals."""

    def html(self) -> str:
        raise NotImplementedError

    def _repr_html_(self) -> str:
        return self.html()

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(plain(self.html()))

    def __init_subclass__(cls, **options: Any) -> None:
        # IPython prefers a class's own __repr__ (a dataclass has one) to an inherited
        # _repr_pretty_, so each subclass carries it too.
        super().__init_subclass__(**options)
        setattr(cls, "_repr_pretty_", Shown._repr_pretty_)  # noqa: B010


@dataclass(frozen=True)
class Figure(Shown):
    """A board picture with its caption."""

    svg: str
    caption: str

    def html(self, width: str = "520px") -> str:
        """A ``<figure>`` with the picture at most ``width`` wide."""
        return (
            f'<figure class="tg-figure" style="max-width:{width};margin:0.6em 0">'
            f'<div class="tg-picture">{self.svg}</div>'
            f'<figcaption style="font-size:0.92em;margin-top:0.3em">{escape(self.caption)}'
            "</figcaption></figure>"
        )


def figure(
    position: Position,
    caption: str,
    *,
    arrows: str | Iterable[tuple[Place, Place]] = (),
    best: str = "",
    highlight: Iterable[Place] = (),
    perspective: int = 0,
    mover: int | None = None,
    numbering: Numbering = "perspective",
    names: Sequence[str] | None = None,
    cube: Cube | None = None,
    match: MatchState | None = None,
    size: int = 520,
) -> Figure:
    """A captioned picture of ``position`` seen by ``perspective`` (X by default).

    ``arrows`` is a play in notation (legal or not: it is drawn as written, by the
    mover's numbers) or ``(start, end)`` pairs of places; ``best``, a better play drawn
    beside it in dashed arrows; ``highlight`` lights places. A seat ``names`` calls
    "You" (in the language spoken) is said to in the second person, as at a board.
    Anything else raises a ``ValueError`` naming the argument.
    """
    _check_position(position)
    _check_text(caption, "caption")
    who = _mover(position, mover)
    for name, value in (("arrows", arrows), ("highlight", highlight)):
        if isinstance(value, bytes) or not isinstance(value, Iterable):
            raise ValueError(
                _("{name} is notation or a list of places, not {value}").format(
                    name=name, value=quote(value)
                )
            )
    if cube is not None and not isinstance(cube, Cube):
        raise ValueError(_("cube is a Cube or None, not {cube}").format(cube=quote(cube)))
    if match is not None and not isinstance(match, MatchState):
        raise ValueError(_("match is a MatchState or None, not {match}").format(match=quote(match)))
    pairs = attempt_arrows(position, arrows, who) if isinstance(arrows, str) else list(arrows)
    svg = board_svg(
        position,
        perspective=perspective,
        arrows=pairs,
        best=attempt_arrows(position, best, who),
        highlight=highlight,
        mover=who,
        numbering=numbering,
        names=names,
        you=None if names is None else seat_named_you(names),
        cube=cube,
        match=match,
        size=size,
    )
    return Figure(str(svg), caption)


def row(*figures: Figure, width: str = "440px") -> Html:
    """Pictures side by side, wrapping on a narrow page."""
    for figure_ in figures:
        if not isinstance(figure_, Figure):
            raise ValueError(
                _("a row holds figures (``figure``), not {value}").format(value=quote(figure_))
            )
    _check_text(width, "width")
    cells = "".join(
        f'<div style="flex:1 1 300px;max-width:{width}">{f.html("100%")}</div>' for f in figures
    )
    return Html(
        f'<div style="display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start">{cells}</div>'
    )


def reveal(summary: str, body: str) -> Html:
    """``body`` (HTML) hidden until the reader opens it: an answer shown when asked."""
    _check_text(summary, "summary")
    _check_text(body, "body")
    return Html(
        f'<details class="tg-answer"><summary style="cursor:pointer;font-weight:600">'
        f'{escape(summary)}</summary><div style="margin:0.5em 0 0 1em">{body}</div></details>'
    )


_NUMBER = re.compile(r"[+-]?\d[\d.,]*%?")
"""A cell that is a number as the course writes one (``decimal``, percentages): ``347``,
``+0.083``, ``-0,12``, ``28%``, with either decimal mark."""


def _is_number(cell: object) -> bool:
    if isinstance(cell, bool):
        return False
    return isinstance(cell, int | float) or bool(_NUMBER.fullmatch(str(cell).strip()))


def _alignment(column: Sequence[object]) -> str:
    """A column's cells' style: right for a column of numbers, so their digits line up;
    left for anything else, as text reads."""
    filled = [cell for cell in column if str(cell)]
    if filled and all(_is_number(cell) for cell in filled):
        return ' style="text-align:right;font-variant-numeric:tabular-nums"'
    return ' style="text-align:left"'


def table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> Html:
    """A plain HTML table; every cell is text (escaped). Numbers are aligned right and
    text left (``_alignment``), each header as its column, whatever the page's own rule
    (JupyterLab aligns every cell of an output right)."""
    heads = _rows(header, "header")
    lines = [_rows(cells, "a row") for cells in _rows(rows, "rows")]
    styles = [
        _alignment([cells[index] for cells in lines if index < len(cells)])
        for index in range(max([len(heads), *map(len, lines)]))
    ]

    def cells(tag: str, values: list[object]) -> str:
        return "".join(
            f"<{tag}{styles[index]}>{escape(str(value))}</{tag}>"
            for index, value in enumerate(values)
        )

    body = "".join(f"<tr>{cells('td', line)}</tr>" for line in lines)
    return Html(f"<table><thead><tr>{cells('th', heads)}</tr></thead><tbody>{body}</tbody></table>")


_TOKEN = re.compile(r"^(?P<path>[^()]+?)(?:\((?P<times>[1-4])\))?$")


def attempt_arrows(
    position: Position, text: str, mover: int | None = None
) -> list[tuple[Place, Place]]:
    """The arrows of a play written in notation, legal or not: each hop of each
    checker, by ``mover``'s point numbers (default: the player to move)."""
    _check_position(position)
    if not isinstance(text, str):
        raise NotationError(_("notation is text, not {text}").format(text=quote(text)))
    variant = position.variant
    who = _mover(position, mover)
    pairs: list[tuple[Place, Place]] = []
    for token in text.split():
        found = _TOKEN.match(token)
        if found is None:
            raise NotationError(
                _("{token} is not a move such as 13/8 or 12/18(2)").format(token=quote(token))
            )
        labels = found["path"].replace("*", "").split("/")
        places = []
        for word in labels:
            index = parse_label(variant, word)
            if index is None:
                raise NotationError(
                    _("{word} in {text} is not a point, 'bar' or 'off'").format(
                        word=quote(word), text=quote(text)
                    )
                )
            places.append(place_of(variant, who, index))
        hops = list(pairwise(places))
        pairs += hops * int(found["times"] or 1)
    return pairs


def _check_position(position: object) -> None:
    if not isinstance(position, Position):
        raise ValueError(
            _("a position is a Position, not {position}").format(position=quote(position))
        )


def _check_text(text: object, what: str) -> None:
    if not isinstance(text, str):
        raise ValueError(_("{what} is text, not {text}").format(what=what, text=quote(text)))


def _mover(position: Position, mover: object) -> int:
    """``mover`` as a player of the position's variant (default: the player to move)."""
    if mover is None:
        return position.turn
    players = position.variant.players
    if isinstance(mover, bool) or not isinstance(mover, int) or not 0 <= mover < players:
        raise ValueError(
            _("mover is a player 0..{last}, not {mover}").format(
                last=players - 1, mover=quote(mover)
            )
        )
    return mover


def _rows(values: object, what: str) -> list[object]:
    """``values`` as a list, when they are a list of cells (not text)."""
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise ValueError(
            _("{what} is a list of cells, not {values}").format(what=what, values=quote(values))
        )
    return list(values)


def said(text: str) -> str:
    """``text`` in the language spoken now: a catalogue's translation of the package's
    own texts, a teacher's own text as written (and ``""`` as ``""``, which gettext
    would read as the catalogue's header)."""
    return _(text) if text else text


def roll(position: Position) -> str:
    """The position's dice as people say them: ``"6-1"``; ``""`` before the roll."""
    _check_position(position)
    return dice_text(position.dice) if position.dice else ""


def setup(
    variant: str | Variant,
    checkers: Mapping[str, Mapping[int | str, int]],
    dice: tuple[int, int] | None = None,
) -> Position:
    """A position with X to move, every checker placed by the number X reads on the
    picture: ``setup("classic", {"X": {6: 5, 8: 3}, "O": {1: 2}}, dice=(3, 1))``.

    Trigammon: X's points 1..36 (its start is 1, its home 31..36). Classic: X's points
    24..1 as GNU Backgammon numbers them (its home is 6..1). ``"bar"`` counts checkers
    on the player's bar; checkers not placed are borne off. Any other letter, a point
    that is not a whole number on the board, or a count that is not a whole number
    raises ``InvalidPositionError`` (a ``ValueError``).
    """
    chosen = find_variant(variant)
    letters = tuple(SYMBOLS[: chosen.players])
    players: dict[int, dict[int | str, int]] = {}
    if not isinstance(checkers, Mapping):
        raise InvalidPositionError(
            _(
                "checkers are a mapping of players to their points, such as "
                "{{'X': {{6: 5}}}}, not {checkers}"
            ).format(checkers=quote(checkers))
        )
    for letter, places in checkers.items():
        if not isinstance(letter, str) or letter not in letters:
            raise InvalidPositionError(
                _("{letter} is not a player of {variant}: use {letters}").format(
                    letter=quote(letter), variant=chosen.name, letters=", ".join(letters)
                )
            )
        if not isinstance(places, Mapping):
            raise InvalidPositionError(
                _(
                    "{letter}'s checkers are a mapping of points to counts, such as "
                    "{{6: 5}}, not {places}"
                ).format(letter=letter, places=quote(places))
            )
        player = letters.index(letter)
        own: dict[int | str, int] = {}
        for where, count in places.items():
            # Checked here to name the point as written (the engine names path positions).
            if type(count) is not int or count < 0:
                raise InvalidPositionError(
                    _("{letter} at {where}: {count} is not a number of checkers").format(
                        letter=letter, where=quote(where), count=quote(count)
                    )
                )
            if where == "bar":
                own["bar"] = count
                continue
            if type(where) is not int or not 1 <= where <= chosen.points:
                raise InvalidPositionError(
                    _("{letter}: {where} is not 'bar' or a point 1..{points} of {variant}").format(
                        letter=letter, where=quote(where), points=chosen.points, variant=chosen.name
                    )
                )
            point = chosen.points + 1 - where if chosen.players == 2 else where
            own[chosen.path(player, point)] = count
        players[player] = own
    return Position.build(chosen, players, dice=dice)


def shots(position: Position, point: Place) -> dict[int, int]:
    """How many of the 36 rolls let each opponent hit the lone checker on ``point``
    (an absolute point), if that opponent were to roll next: R6-R9 decide, bar first.

    Three players move the same way round, so a checker is shot at from behind by
    both opponents, each along its own path.
    """
    _check_position(position)
    variant = position.variant
    if type(point) is not int or not 1 <= point <= variant.points:
        raise ValueError(
            _("shots are counted at a point 1..{points}, not at {point}").format(
                points=variant.points, point=quote(point)
            )
        )
    found = position.point(point)
    if found is None or found[1] != 1:
        raise ValueError(_("point {point} holds no lone checker").format(point=point))
    victim = found[0]
    return {
        player: rolls_that_hit(position, player, (point,))
        for player in range(variant.players)
        if player != victim
    }
