"""SVG pictures of positions: the one drawing of a board, for notebooks, files and the widget.

``board_svg(position, ...)`` returns an ``SvgBoard``, a ``str`` that displays itself in
Jupyter and saves itself to a file. The widget shows this same drawing, so what a
notebook or a book shows is what a player clicks on. Every point, stack, checker,
bar, tray and die carries ``data-*`` attributes (``data-kind``, ``data-point``,
``data-player``...) naming its engine coordinates, so a front end maps a click back
to the engine without knowing the geometry.

Trigammon is drawn as a truncated triangle: one long side per player, its seat,
holding the 12 points in front of it (its outer zone and, on its left, its home)
pointing into the middle, a borne-off tray in each cut corner, where the player's
home ends and its path begins, and a three-armed bar in the centre. Classic
backgammon is drawn the way GNU Backgammon draws it: the player at the bottom has its
home bottom right and its trays on the right.

The drawing uses presentation attributes only: no ``<style>``, no ids, no gradients,
so any number of boards can share a page and colours never leak between them.
"""

from __future__ import annotations

import copy
import math
import os
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal, TypedDict

from ..engine.errors import quote
from ..engine.game import Game, Turn
from ..engine.i18n import _, ngettext, pgettext
from ..engine.match import Match
from ..engine.moves import Play
from ..engine.names import check_names, default_names
from ..engine.notation import dice_text
from ..engine.places import Place, parse_place, place_of
from ..engine.places import label as point_label
from ..engine.position import Position
from ..engine.stakes import Cube, MatchPosition, MatchState, Win, ending_text
from ..engine.variant import CHECKERS, Variant

__all__ = [
    "THEMES",
    "Drawable",
    "Parts",
    "Place",
    "SvgBoard",
    "Theme",
    "board_parts",
    "board_svg",
    "css_variables",
    "find_theme",
]

Numbering = Literal["perspective", "absolute"] | int
Vec = tuple[float, float]

FONT = "'Helvetica Neue', Helvetica, Arial, 'DejaVu Sans', sans-serif"

# Drawing units. A point is W wide; everything else is measured from it, so both
# variants look alike.
W = 40.0
R = 18.6  # checker radius
DEPTH = 5 * 2 * R + 6  # a point's lane: five checkers and a little air
TIP = DEPTH - 8  # a point's triangle, a little shorter than its lane
STACK = 5  # checkers drawn on one point before a count replaces the rest
SLAB = (2 * R, 9.6)  # a borne-off checker seen edge-on
SLAB_PITCH = 11.0
DIE = 46.0
CUBE = 26.0  # the doubling cube's side: it sits in the frame left of the board
HUB = 26.0  # trigammon: radius of the bar's centre, where the arms meet
BAR_ROOM = 4  # trigammon: checkers shown on an arm of the bar
FRAME = 38.0
FONT_SIZE = 23.0


@dataclass(frozen=True)
class Theme:
    """Colours of one look. ``checkers`` and ``edges`` hold one colour per player."""

    background: str
    frame: str
    frame_edge: str
    field: str
    points: tuple[str, str]
    numbers: str
    tray: str
    text: str
    muted: str
    checkers: tuple[str, str, str]
    edges: tuple[str, str, str]
    highlight: str
    """Places lit up: where a picked-up checker may go, the points a picture shows."""
    arrow: str
    selected: str
    casing: str
    """The outline of every mark drawn over checkers (lit places, arrows, the picked-up
    checker's ring): with it, a mark reads on a checker of any colour."""
    lines: tuple[str, str, str]
    """The equity graph's line of each player: readable on ``background`` (3:1)."""
    panel: str
    """The widget around the board: panels, their borders, buttons, hovered rows."""
    border: str
    button: str
    hover: str
    on_accent: str
    """Text on the accent colour (``arrow``): a primary button's label."""
    error: str
    best: str
    """The better play an analysis shows beside the play made."""
    doubtful: str
    """A review's "doubtful" mark (``?!``)."""
    warning: str
    """Between ``doubtful`` and ``error``: a review's "bad" mark (``?``)."""


THEMES: Mapping[str, Theme] = {
    "light": Theme(
        background="#fbf8f1",
        frame="#6b4a34",
        frame_edge="#4a3223",
        field="#efe4cb",
        points=("#b0503d", "#3e6275"),
        numbers="#f4ead6",
        tray="#4f3526",
        text="#2a2019",
        muted="#6e6055",
        checkers=("#f8f3e6", "#26262b", "#e69f00"),
        edges=("#2a2019", "#000000", "#6b4600"),
        highlight="#d4379b",
        arrow="#1f6fd1",
        selected="#1f6fd1",
        casing="#1a1a1f",
        lines=("#2f5fa8", "#26262b", "#9a5a00"),
        panel="#f4ecdc",
        border="#d6c7ab",
        button="#fffdf8",
        hover="#efe4cb",
        on_accent="#ffffff",
        error="#a8231a",
        best="#1f8a4c",
        doubtful="#f2b705",
        warning="#c25e00",
    ),
    "dark": Theme(
        background="#17191e",
        frame="#30343c",
        frame_edge="#0c0d10",
        field="#454a54",
        points=("#9a4236", "#4f7a8f"),
        numbers="#c8ccd4",
        tray="#22252b",
        text="#e8eaee",
        muted="#9ba1ab",
        checkers=("#efe9da", "#131417", "#e69f00"),
        edges=("#0c0d10", "#a4a9b3", "#0c0d10"),
        highlight="#ff5cb8",
        arrow="#6cb6ff",
        selected="#6cb6ff",
        casing="#0c0d10",
        lines=("#efe9da", "#8fb8ff", "#e69f00"),
        panel="#1f2228",
        border="#3a3f48",
        button="#262a31",
        hover="#30343c",
        on_accent="#0c0d10",
        error="#ff9b8f",
        best="#5fd38d",
        doubtful="#ffd23f",
        warning="#ffa657",
    ),
}
"""The built-in looks; pass a ``Theme`` of your own to ``board_svg(theme=...)`` for others."""


def css_variables(theme: Theme) -> dict[str, str]:
    """The widget's CSS custom properties for ``theme``: its stylesheet has no colour
    of its own, so the board and the controls around it always match."""

    def soft(colour: str, percent: int) -> str:
        return f"color-mix(in srgb, {colour} {percent}%, transparent)"

    return {
        "--tgw-bg": theme.background,
        "--tgw-fg": theme.text,
        "--tgw-muted": theme.muted,
        "--tgw-panel": theme.panel,
        "--tgw-border": theme.border,
        "--tgw-button": theme.button,
        "--tgw-hover": theme.hover,
        "--tgw-accent": theme.selected,
        "--tgw-accent-soft": soft(theme.selected, 16),
        "--tgw-on-accent": theme.on_accent,
        "--tgw-highlight": theme.highlight,
        "--tgw-casing": theme.casing,
        "--tgw-doubtful": theme.doubtful,
        "--tgw-error": theme.error,
        "--tgw-error-soft": soft(theme.error, 12),
        "--tgw-best": theme.best,
        "--tgw-warning": theme.warning,
    }


class SvgBoard(str):
    """An SVG document as a string that shows itself in Jupyter and saves itself."""

    def _repr_svg_(self) -> str:
        return str(self)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the drawing as a standalone ``.svg`` file (UTF-8)."""
        with open(path, "w", encoding="utf-8") as file:
            file.write('<?xml version="1.0" encoding="UTF-8"?>\n')
            file.write(self)
            file.write("\n")


# --- geometry -------------------------------------------------------------------------


@dataclass(frozen=True)
class _Lane:
    """Where a stack grows: centre of its first checker, step to the next, room for."""

    first: Vec
    step: Vec
    room: int

    def at(self, index: float) -> Vec:
        return _add(self.first, _mul(self.step, index))


@dataclass(frozen=True)
class _Point:
    triangle: tuple[Vec, Vec, Vec]
    area: tuple[Vec, Vec, Vec, Vec]  # the whole lane: what a click on the point hits
    lane: _Lane
    number_at: Vec
    shade: int


@dataclass(frozen=True)
class _Tray:
    centre: Vec
    axis: Vec  # along the tray, from the first slab to the last
    length: float
    width: float


@dataclass(frozen=True)
class _Label:
    """Where a player's name goes: ``row`` spans left..right, ``left``/``right`` blocks."""

    at: Vec
    align: Literal["row", "left", "right"]
    right: float = 0.0


@dataclass(frozen=True)
class _Geometry:
    seat: int
    box: tuple[float, float, float, float]  # viewBox
    centre: Vec
    points: dict[int, _Point]  # by absolute point
    bars: dict[int, _Lane]  # by player
    trays: dict[int, _Tray]
    dice: dict[int, tuple[Vec, Vec]]  # by player to move: centres of the two dice
    labels: dict[int, _Label]
    font: float  # size of the point numbers; the other text is sized from it
    board: list[ET.Element]  # frame, field and bar, drawn first
    cube: dict[int | None, Vec] | None = None  # by owner (None: centred); classic only


def _add(a: Vec, b: Vec) -> Vec:
    return a[0] + b[0], a[1] + b[1]


def _mul(a: Vec, k: float) -> Vec:
    return a[0] * k, a[1] * k


def _rotate(v: Vec, degrees: float) -> Vec:
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return v[0] * c - v[1] * s, v[0] * s + v[1] * c


def _unit(v: Vec) -> Vec:
    length = math.hypot(*v)
    return v[0] / length, v[1] / length


def _num(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _pts(points: Iterable[Vec]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def _el(tag: str, /, **attrs: str | float) -> ET.Element:
    """An element; ``class_`` and ``data_x`` spelled the SVG way, floats kept short."""
    element = ET.Element(tag)
    for key, value in attrs.items():
        name = key.rstrip("_").replace("_", "-")
        element.set(name, _num(value) if isinstance(value, float) else str(value))
    return element


def _polygon(points: Iterable[Vec], **kw: str | float) -> ET.Element:
    return _el("polygon", points=_pts(points), **kw)


def _trigammon_geometry(variant: Variant, seat: int) -> _Geometry:
    """Side 0 at the bottom, sides 1 and 2 up the left and right; play runs clockwise.

    Seating (RULES.md, Geometry): a player's side holds its path positions 25..36, the
    outer zone and then its home, so the home is on its left; its path position 1 is
    the next point clockwise, at the start of the side to its left, the seat of
    ``seat + 1``.
    """
    gap, inset = 14.0, 22.0  # between a side's two zones; at each end of a side
    half = (12 * W + gap) / 2 + inset
    inner = half / math.sqrt(3)  # the centre triangle's inradius: the sides just clear
    outer = inner + DEPTH
    points: dict[int, _Point] = {}
    bars: dict[int, _Lane] = {}
    trays: dict[int, _Tray] = {}
    dice: dict[int, tuple[Vec, Vec]] = {}
    hexagon: list[Vec] = []
    corners: list[Vec] = []
    for side in range(3):
        player = (seat + side) % variant.players
        normal = _rotate((0.0, 1.0), 120 * side)  # outwards, to the player
        along = _rotate((-1.0, 0.0), 120 * side)  # direction of play
        start = _add(_mul(normal, outer), _mul(along, -half))
        end = _add(_mul(normal, outer), _mul(along, half))
        hexagon += [start, end]
        for index in range(1, 13):
            offset = inset + (index - 0.5) * W + (gap if index > 6 else 0.0)
            base = _add(start, _mul(along, offset))
            near, far = _add(base, _mul(along, -W / 2)), _add(base, _mul(along, W / 2))
            inward = _mul(normal, -1.0)
            lane = _Lane(_add(base, _mul(inward, R + 3)), _mul(inward, 2 * R), STACK)
            points[variant.absolute(player, 24 + index)] = _Point(
                triangle=(near, far, _add(base, _mul(inward, TIP))),
                area=(near, far, _add(far, _mul(inward, DEPTH)), _add(near, _mul(inward, DEPTH))),
                lane=lane,
                number_at=_add(base, _mul(normal, FRAME / 2)),
                shade=index % 2,
            )
        # The corner after this side: the player's home ends there and its path begins.
        corner = _unit(_add(normal, _rotate(normal, 120)))
        corners.append(corner)
        bars[player] = _Lane(_mul(corner, HUB + R), _mul(corner, 2 * R), BAR_ROOM)
        edge = _dot(end, corner)  # how far out the cut corner is
        tray_width = 2 * R + 8
        axis = _unit(_add(along, _mul(corner, -_dot(along, corner))))  # home end first
        trays[player] = _Tray(
            centre=_mul(corner, edge - tray_width / 2 - 10),
            axis=axis,
            length=CHECKERS * SLAB_PITCH + 10,
            width=tray_width,
        )
        middle = _mul(normal, inner - DIE / 2 - 20)
        spread = _mul(along, DIE / 2 + 5)
        dice[player] = (_add(middle, spread), _add(middle, _mul(spread, -1.0)))
    frame = _offset_polygon(hexagon, FRAME)
    xs, ys = [x for x, _ in frame], [y for _, y in frame]
    top, bottom = min(ys) - 28, max(ys) + 64
    left, right = min(xs) - 12, max(xs) + 12
    labels = {
        seat: _Label((-half, max(ys) + 34), "row", half),
        (seat + 1) % 3: _Label((left + 14, top + 30), "left"),
        (seat + 2) % 3: _Label((right - 14, top + 30), "right"),
    }
    board = [
        _polygon(frame, class_="tg-frame", stroke_linejoin="round"),
        _polygon(hexagon, class_="tg-field"),
    ]
    # The bar: three arms from a hub, each pointing at its player's corner. Drawn as
    # round-capped strokes, all outlines first so the arms join without seams.
    arm = 2 * R + 10
    reach = HUB + R + (BAR_ROOM - 1) * 2 * R
    for part, widen in (("tg-bar-edge", 4.0), ("tg-bar", 0.0)):
        for corner in corners:
            tip = _mul(corner, reach)
            board.append(
                _el(
                    "line",
                    x1=0.0,
                    y1=0.0,
                    x2=tip[0],
                    y2=tip[1],
                    stroke_width=arm + widen,
                    stroke_linecap="round",
                    class_=part,
                )
            )
        board.append(_el("circle", cx=0.0, cy=0.0, r=HUB + 8 + widen / 2, class_=part))
    return _Geometry(
        seat=seat,
        box=(left, top, right - left, bottom - top),
        centre=(0.0, 0.0),
        points=points,
        bars=bars,
        trays=trays,
        dice=dice,
        labels=labels,
        font=FONT_SIZE,
        board=board,
    )


def _dot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1]


def _offset_polygon(polygon: list[Vec], distance: float) -> list[Vec]:
    """A convex polygon (clockwise or not) grown outwards by ``distance`` on every edge."""
    n = len(polygon)
    centre = _mul((sum(x for x, _ in polygon), sum(y for _, y in polygon)), 1 / n)
    lines = []
    for i in range(n):
        a, b = polygon[i], polygon[(i + 1) % n]
        normal = _unit((b[1] - a[1], a[0] - b[0]))
        if _dot(normal, (a[0] - centre[0], a[1] - centre[1])) < 0:
            normal = _mul(normal, -1.0)
        lines.append((_add(a, _mul(normal, distance)), (b[0] - a[0], b[1] - a[1])))
    grown = []
    for i in range(n):
        (p, d), (q, e) = lines[i - 1], lines[i]
        denominator = d[0] * e[1] - d[1] * e[0]
        t = ((q[0] - p[0]) * e[1] - (q[1] - p[1]) * e[0]) / denominator
        grown.append(_add(p, _mul(d, t)))
    return grown


def _classic_geometry(variant: Variant, seat: int) -> _Geometry:
    """GNU Backgammon's board: the seated player's path runs from top right round to
    bottom right, so its home is bottom right and its tray beside it."""
    margin, side, bar, gap = 12.0, 26.0, 58.0, 70.0
    tray_room = 2 * R + 14
    left = margin + side
    half = 6 * W
    top = 64.0 + FRAME
    bottom = top + 2 * DEPTH + gap
    right_half = left + half + bar
    tray_x = right_half + half + 16
    width = tray_x + tray_room + 16 + margin
    middle = (top + bottom) / 2
    other = 1 - seat
    points: dict[int, _Point] = {}
    for path in range(1, 25):
        if path <= 12:  # top row, right to left
            column, y0, inward = 12 - path, top, 1.0
        else:  # bottom row, left to right
            column, y0, inward = path - 13, bottom, -1.0
        x = left + column * W + (bar if column >= 6 else 0.0) + W / 2
        base = (x, y0)
        down = (0.0, inward)
        lane = _Lane(_add(base, _mul(down, R + 3)), _mul(down, 2 * R), STACK)
        point = variant.absolute(seat, path)
        points[point] = _Point(
            triangle=((x - W / 2, y0), (x + W / 2, y0), (x, y0 + inward * TIP)),
            area=(
                (x - W / 2, y0),
                (x + W / 2, y0),
                (x + W / 2, y0 + inward * DEPTH),
                (x - W / 2, y0 + inward * DEPTH),
            ),
            lane=lane,
            number_at=(x, y0 - inward * FRAME / 2),
            shade=path % 2,
        )
    bar_x = left + half + bar / 2
    room = int((bottom - top - gap / 2) / 2 // (2 * R))
    bars = {
        seat: _Lane((bar_x, middle - 16 - R), (0.0, -2 * R), room),
        other: _Lane((bar_x, middle + 16 + R), (0.0, 2 * R), room),
    }
    tray_length = CHECKERS * SLAB_PITCH + 10
    tray_centre_x = tray_x + tray_room / 2
    trays = {
        seat: _Tray(
            (tray_centre_x, bottom - tray_length / 2 - 4), (0.0, -1.0), tray_length, tray_room
        ),
        other: _Tray(
            (tray_centre_x, top + tray_length / 2 + 4), (0.0, 1.0), tray_length, tray_room
        ),
    }
    spread = DIE / 2 + 6
    dice = {
        seat: ((right_half + half / 2 - spread, middle), (right_half + half / 2 + spread, middle)),
        other: ((left + half / 2 - spread, middle), (left + half / 2 + spread, middle)),
    }
    height = bottom + FRAME + 64
    labels = {
        other: _Label((margin, 32.0), "row", width - margin),
        seat: _Label((margin, height - 32), "row", width - margin),
    }
    frame_top, frame_bottom = top - FRAME, bottom + FRAME
    board = [
        _el(
            "rect",
            x=margin,
            y=frame_top,
            width=width - 2 * margin,
            height=frame_bottom - frame_top,
            rx=10.0,
            class_="tg-frame",
        ),
        _el("rect", x=left, y=top, width=half, height=bottom - top, class_="tg-field"),
        _el("rect", x=right_half, y=top, width=half, height=bottom - top, class_="tg-field"),
        _el(
            "rect",
            x=left + half,
            y=top - FRAME,
            width=bar,
            height=bottom - top + 2 * FRAME,
            class_="tg-bar",
        ),
    ]
    cube_x = (margin + left) / 2
    cube = {
        None: (cube_x, middle),
        seat: (cube_x, bottom - CUBE / 2 - 6),
        other: (cube_x, top + CUBE / 2 + 6),
    }
    return _Geometry(
        seat=seat,
        box=(0.0, 0.0, width, height),
        centre=(left + half + bar / 2, middle),
        points=points,
        bars=bars,
        trays=trays,
        dice=dice,
        labels=labels,
        font=FONT_SIZE * 0.85,  # a smaller board: the same text reads as large
        board=board,
        cube=cube,
    )


# --- drawing --------------------------------------------------------------------------


@dataclass(frozen=True)
class _Style:
    """What one drawing needs besides the geometry: colours, names, who moves."""

    theme: Theme
    fills: tuple[str, ...]
    names: tuple[str, ...]
    mover: int


Drawable = Position | MatchPosition | Game | Match
"""What ``board_svg`` draws: a position, one with its cube and score, or a game's or a
match's shown position."""


def board_svg(
    value: Drawable,
    *,
    perspective: int | None = None,
    numbering: Numbering = "perspective",
    highlight: Iterable[Place] = (),
    arrows: Play | Iterable[tuple[Place, Place]] = (),
    best: Play | Iterable[tuple[Place, Place]] = (),
    mover: int | None = None,
    selected: Place | None = None,
    size: int | None = None,
    theme: str | Theme = "light",
    names: Sequence[str] | None = None,
    colors: Sequence[str] | None = None,
    cube: Cube | None = None,
    match: MatchState | None = None,
    result: Win | None = None,
    you: int | None = None,
) -> SvgBoard:
    """The picture of ``value`` as SVG.

    A ``MatchPosition`` brings its cube and match state; a ``Game`` its names, its last
    play as arrows and, once they are in play, its cube and the score; a ``Match`` the
    game being played. Options given override those.

    - ``perspective``: the player seated at the bottom (default: the player to move).
    - ``numbering``: point numbers as the notation writes them for the seated player
      (``"perspective"``), for another player (an ``int``), or ``"absolute"`` (1..N).
    - ``highlight``: places to mark, e.g. the legal destinations of a checker.
    - ``arrows``: a ``Play`` (moves in ``mover``'s path coordinates, as the engine
      gives them) or ``(start, end)`` pairs of places.
    - ``best``: a second play drawn beside ``arrows`` in dashed arrows of the theme's
      ``best`` colour (the better play an analysis found), the same way.
    - ``selected``: the place whose top checker is picked up.
    - ``mover``: whose bar and tray ``"bar"`` and ``"off"`` name and whose play the
      arrows show (default: the player to move; pass the previous player to draw the
      last play on the position after it).
    - ``size``: width in pixels (default: the natural size, where a point is 40 px
      wide: about 980 px for trigammon, 670 px for classic). The drawing scales freely.
    - ``theme``: ``"light"``, ``"dark"`` or a ``Theme``.
    - ``names``, ``colors`` (CSS colours of the checkers): one per player.
    - ``cube`` (classic): the doubling cube (R14), drawn left of the board showing its
      value, at the middle while centred and at its owner's side once owned; a double
      on offer shows the doubled value where the doubler's dice go.
    - ``match``: the match state; each player's line adds its score (``3/7``; in
      money play what it has won), and the Crawford or post-Crawford game is named
      beside the player one point from winning.
    - ``result``: how the game ended (a ``Win``), when it ended off the board too (a
      double passed, a resignation: R14): the winner's line says so and nobody is to
      roll. A game brings its own; a position borne off (R12) needs none.
    - ``you``: the seat of the person looking at the board, whose line is said to
      them in the second person (``you win``, ``your move``).

    A place is an absolute point 1..N, ``"bar"`` or ``"off"``. Without ``cube`` and
    ``match`` the picture is the plain board.
    """
    position, shown = _shown(value)
    names = shown.get("names") if names is None else names
    cube = shown.get("cube") if cube is None else cube
    match = shown.get("match") if match is None else match
    result = shown.get("result") if result is None else result
    if not arrows and mover is None and "arrows" in shown:
        arrows, mover = shown["arrows"], shown["mover"]
    variant = position.variant
    seat = position.turn if perspective is None else _player(variant, perspective, "perspective")
    moving = position.turn if mover is None else _player(variant, mover, "mover")
    style = _style(variant, theme, names, colors, moving)
    palette = style.theme
    counter = _counter(variant, numbering, seat)
    marked = {parse_place(variant, place, "highlight") for place in highlight}
    chosen = None if selected is None else parse_place(variant, selected, "selected")
    pairs = _arrow_places(variant, arrows, moving)
    better = _arrow_places(variant, best, moving)
    _check_match(position, cube, match)
    ending = _ending(position, result)
    if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size <= 0):
        raise ValueError(
            _("size is a width in pixels (a positive int), got {size}").format(size=repr(size))
        )

    geometry = _geometry(variant, seat)
    x, y, width, height = geometry.box
    kind = variant.name.capitalize()
    if you is not None:
        you = _player(variant, you, "you")
    moves = (
        pgettext("you", "{variant} position, your move")
        if position.turn == you
        else _("{variant} position, {name} to move")
    )
    title = moves.format(variant=kind, name=style.names[position.turn])
    if ending is not None:
        wins = (
            pgettext("you", "{variant} position, you win")
            if ending.winner == you
            else _("{variant} position, {name} wins")
        )
        title = wins.format(variant=kind, name=style.names[ending.winner])
    elif position.dice:
        title += _(", dice {dice}").format(dice=dice_text(position.dice))
    if cube is not None:
        title += f", {cube}"
    if match is not None:
        title += f", {match}"
    root = _el(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"{_num(x)} {_num(y)} {_num(width)} {_num(height)}",
        role="img",
        aria_label=title,
        class_="tg-board",
        font_family=FONT,
        data_variant=variant.name,
        data_perspective=seat,
        data_turn=position.turn,
    )
    # An intrinsic size, so notebooks, viewers and slide software all agree on it.
    root.set("width", _num(width) if size is None else str(size))
    root.set("height", _num(height) if size is None else str(round(size * height / width)))
    ET.SubElement(root, "title").text = title
    root.append(ET.Comment(_STATIC))
    root.append(_bars(position, geometry, style, marked))
    root.append(_trays(position, geometry, style, marked))
    root.append(_stacks(position, geometry, style))
    if marked:  # over the checkers: a lit place reads whoever stands there
        root.append(_lit(geometry, style, marked))
    if position.dice:
        root.append(_dice(position.dice, geometry.dice[position.turn], style, position.turn))
    if cube is not None:
        root.append(_cube(cube, position, geometry, style))
    offered = cube is not None and cube.offered
    root.append(_players(position, geometry, style, match, ending, you, offered))
    if chosen is not None:
        root.append(_selection(position, geometry, style, chosen))
    if pairs:
        root.append(_arrows(position, geometry, style, pairs))
    if better:  # on top, and further round than the play made's: never hidden under them
        root.append(_arrows(position, geometry, style, better, best=True, apart=bool(pairs)))
    static = _static(variant, seat, palette, counter, frozenset(marked))
    return SvgBoard(ET.tostring(root, encoding="unicode").replace(f"<!--{_STATIC}-->", static, 1))


class _Shown(TypedDict, total=False):
    """What a value brings to its picture, unless the caller says otherwise."""

    names: Sequence[str]
    cube: Cube
    match: MatchState
    arrows: Play
    mover: int
    result: Win


def _shown(value: Drawable) -> tuple[Position, _Shown]:
    """The position ``value`` shows and what it brings to the picture."""
    if isinstance(value, Position):
        return value, {}
    if isinstance(value, MatchPosition):
        return value.position, {"cube": value.cube, "match": value.state}
    if isinstance(value, Match | Game):
        game = value.game if isinstance(value, Match) else value
        state = value.state if isinstance(value, Match) else game.match_state
        shown: _Shown = {"names": game.names}
        last = game.turns[game.ply - 1] if game.ply else None
        if isinstance(last, Turn):
            shown["arrows"], shown["mover"] = last.play, last.player
        at = MatchPosition(game.position, game.cube, state)
        ended = game.result()
        if ended is not None:
            shown["result"] = ended
        if not state.is_fresh():
            shown["match"] = state
        if at.cube_in_play:
            shown["cube"] = game.cube
        return game.position, shown
    raise ValueError(
        _("board_svg draws a Position, MatchPosition, Game or Match, not {value}").format(
            value=quote(value)
        )
    )


def _style(
    variant: Variant,
    theme: str | Theme,
    names: Sequence[str] | None,
    colors: Sequence[str] | None,
    mover: int,
) -> _Style:
    palette = find_theme(theme)
    return _Style(
        theme=palette,
        fills=_per_player(variant, colors, palette.checkers[: variant.players], "colors"),
        names=default_names(variant) if names is None else check_names(names, variant),
        mover=mover,
    )


def _counter(variant: Variant, numbering: Numbering, seat: int) -> int | None:
    """Whose numbers the points show; None: absolute."""
    if numbering == "perspective":
        return seat
    if numbering == "absolute":
        return None
    if isinstance(numbering, str):
        raise ValueError(
            _("numbering must be 'perspective', 'absolute' or a player, not {numbering}").format(
                numbering=repr(numbering)
            )
        )
    return _player(variant, numbering, "numbering")


@dataclass(frozen=True)
class Parts:
    """One look of a board cut into the parts ``board_svg`` draws it from, for pictures
    that move (``export``): the board is drawn once, checkers, dice and labels are placed
    over it. Coordinates are the drawing's units (``box`` is its viewBox)."""

    variant: Variant
    seat: int
    _geometry: _Geometry
    _style: _Style
    _counter: int | None

    @property
    def box(self) -> tuple[float, float, float, float]:
        return self._geometry.box

    @property
    def font(self) -> float:
        """The size of the point numbers; other text is sized from it."""
        return self._geometry.font

    @property
    def theme(self) -> Theme:
        return self._style.theme

    @property
    def names(self) -> tuple[str, ...]:
        return self._style.names

    def background(self) -> str:
        """Background, frame, bar and numbered points: what no checker changes (markup)."""
        return _static(self.variant, self.seat, self._style.theme, self._counter, frozenset())

    def room(self, player: int, place: Place) -> int:
        """How many checkers a stack at ``place`` shows (``player``'s bar for "bar")."""
        return CHECKERS if place == "off" else self._lane(player, place).room

    def slot(self, player: int, place: Place, index: int) -> Vec:
        """Centre of checker ``index`` (0 first) of ``player``'s stack at ``place``; past
        the room, the top shown checker's. In the tray, the centre of slab ``index``."""
        if place == "off":
            return _slab_centre(self._geometry.trays[player], index)
        lane = self._lane(player, place)
        return lane.at(min(index, lane.room - 1))

    def checker(self, player: int, centre: Vec = (0.0, 0.0)) -> ET.Element:
        group = _el("g", class_="tg-checker", data_player=player)
        group.extend(_checker_shapes(centre, player, self._style))
        return group

    def tray(self, player: int) -> ET.Element:
        """``player``'s empty tray."""
        return _tray_box(self._geometry.trays[player], self._style.theme)

    def slab(self, player: int, index: int) -> ET.Element:
        """Borne-off checker ``index`` in ``player``'s tray."""
        return _slab(self._geometry.trays[player], index, player, self._style)

    def count(self, player: int, place: Place, count: int) -> ET.Element:
        """The number written on a stack's top checker when it holds more than it shows."""
        lane = self._lane(player, place)
        return _count(lane.at(lane.room - 1), count, self._style.fills[player])

    def die(self, player: int, value: int, index: int = 0) -> ET.Element:
        """One die of ``player`` showing ``value``, centred on (0, 0)."""
        return _die(value, index, (0.0, 0.0), self._style, player)

    def dice_places(self, player: int) -> tuple[Vec, Vec]:
        """Where the two dice of ``player``'s roll lie."""
        return self._geometry.dice[player]

    def players(self, position: Position) -> ET.Element:
        """Names, pips and whose turn it is, as ``board_svg`` labels ``position``."""
        return _players(position, self._geometry, self._style, ending=_ending(position, None))

    def _lane(self, player: int, place: Place) -> _Lane:
        if place == "bar":
            return self._geometry.bars[player]
        if place == "off":
            raise ValueError(_("the tray holds slabs, not a lane of checkers"))
        return self._geometry.points[place].lane


def board_parts(
    variant: Variant,
    *,
    perspective: int = 0,
    numbering: Numbering = "perspective",
    theme: str | Theme = "light",
    names: Sequence[str] | None = None,
    colors: Sequence[str] | None = None,
) -> Parts:
    """The parts of ``board_svg``'s drawing for one look (options as ``board_svg``)."""
    seat = _player(variant, perspective, "perspective")
    return Parts(
        variant,
        seat,
        _geometry(variant, seat),
        _style(variant, theme, names, colors, seat),
        _counter(variant, numbering, seat),
    )


_STATIC = "static layers"
"""Stands in the tree for the layers that do not depend on the checkers."""


@cache
def _geometry(variant: Variant, seat: int) -> _Geometry:
    build = _trigammon_geometry if variant.players == 3 else _classic_geometry
    return build(variant, seat)


@lru_cache(maxsize=64)
def _static(
    variant: Variant, seat: int, theme: Theme, counter: int | None, marked: frozenset[Place]
) -> str:
    """Background, frame and points, drawn once per look: most of a board's elements."""
    geometry = _geometry(variant, seat)
    x, y, width, height = geometry.box
    layers = (
        _el("rect", x=x, y=y, width=width, height=height, fill=theme.background),
        _board(geometry, theme),
        _points(variant, geometry, theme, counter, set(marked)),
    )
    return "".join(ET.tostring(layer, encoding="unicode") for layer in layers)


def _player(variant: Variant, player: object, what: str) -> int:
    if (
        isinstance(player, bool)
        or not isinstance(player, int)
        or player not in range(variant.players)
    ):
        raise ValueError(
            _("{what} must be a player 0..{last} of {variant}, got {player}").format(
                what=what, last=variant.players - 1, variant=variant.name, player=repr(player)
            )
        )
    return player


def find_theme(theme: str | Theme) -> Theme:
    """A theme by name (``"light"``, ``"dark"``), or the ``Theme`` given."""
    if isinstance(theme, Theme):
        return theme
    if isinstance(theme, str) and theme in THEMES:
        return THEMES[theme]
    known = ", ".join(map(repr, THEMES))
    raise ValueError(
        _("unknown theme {theme}: use {known} or a Theme").format(theme=repr(theme), known=known)
    )


def _per_player(
    variant: Variant, values: Sequence[str] | None, default: Sequence[str], what: str
) -> tuple[str, ...]:
    """One string per player (the checkers' colours), or ``default``."""
    if values is None:
        return tuple(default)
    chosen = (values,) if isinstance(values, str) else tuple(values)
    if len(chosen) != variant.players or not all(isinstance(v, str) for v in chosen):
        raise ValueError(
            _("{what} needs one string per player ({players} for {variant}), got {values}").format(
                what=what, players=variant.players, variant=variant.name, values=repr(values)
            )
        )
    return chosen


def _arrow_places(
    variant: Variant, arrows: Play | Iterable[tuple[Place, Place]], mover: int
) -> list[tuple[Place, Place, bool]]:
    """Arrows as (start, end, hit); a Play's path positions become absolute points."""
    if isinstance(arrows, Play):
        return [
            (place_of(variant, mover, move.start), place_of(variant, mover, move.end), move.hit)
            for move in arrows.moves
        ]
    pairs: list[tuple[Place, Place, bool]] = []
    for pair in arrows:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise ValueError(
                _("arrows: {pair} is not a (start, end) pair or a Play").format(pair=repr(pair))
            )
        start, end = (
            parse_place(variant, pair[0], "arrows"),
            parse_place(variant, pair[1], "arrows"),
        )
        if start == end:
            raise ValueError(_("arrows: {pair} starts where it ends").format(pair=repr(pair)))
        pairs.append((start, end, False))
    return pairs


def _board(geometry: _Geometry, theme: Theme) -> ET.Element:
    group = _el("g", class_="tg-wood")
    for template in geometry.board:
        shape = copy.copy(template)  # the geometry is shared by every drawing
        part = shape.get("class")
        if part == "tg-field":
            shape.set("fill", theme.field)
            shape.set("stroke", theme.frame_edge)
            shape.set("stroke-width", "2")
        elif part == "tg-bar-edge":
            shape.set("fill", theme.frame_edge)
            shape.set("stroke", theme.frame_edge)
        elif shape.tag == "line":
            shape.set("stroke", theme.frame)
        elif part == "tg-bar" and shape.tag == "circle":
            shape.set("fill", theme.frame)
        else:
            shape.set("fill", theme.frame)
            shape.set("stroke", theme.frame_edge)
            shape.set("stroke-width", "2")
        group.append(shape)
    return group


def _points(
    variant: Variant,
    geometry: _Geometry,
    theme: Theme,
    counter: int | None,
    marked: set[Place],
) -> ET.Element:
    group = _el("g", class_="tg-points")
    numbers = _el(
        "g",
        class_="tg-numbers",
        fill=theme.numbers,
        font_size=geometry.font,
        font_weight="bold",
        text_anchor="middle",
    )
    for point, shape in sorted(geometry.points.items()):
        element = _el(
            "g",
            class_="tg-point",
            data_kind="point",
            data_point=point,
            data_path=variant.path(geometry.seat, point),
        )
        element.append(_polygon(shape.area, fill=theme.field, fill_opacity=0.0))
        element.append(_polygon(shape.triangle, fill=theme.points[shape.shade]))
        if point in marked:
            element.set("data-highlighted", "true")
            element.append(
                _polygon(
                    shape.triangle,
                    fill=theme.highlight,
                    fill_opacity=0.8,
                    stroke=theme.casing,
                    stroke_width=2.0,
                    stroke_linejoin="round",
                    class_="tg-highlight",
                )
            )
        group.append(element)
        number = point if counter is None else point_label(variant, variant.path(counter, point))
        label = _el(
            "text",
            x=shape.number_at[0],
            y=shape.number_at[1] + geometry.font * 0.36,
            data_kind="number",
            data_point=point,
        )
        label.text = str(number)
        numbers.append(label)
    group.append(numbers)
    return group


def _luminance(colour: str) -> float | None:
    """Relative luminance of a ``#rgb`` / ``#rrggbb`` colour; None for other CSS colours."""
    text = colour.strip().lstrip("#")
    if not colour.strip().startswith("#") or len(text) not in (3, 6):
        return None
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    try:
        channels = [int(text[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    except ValueError:
        return None
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _ink(fill: str) -> str:
    """Text colour that reads on ``fill``."""
    luminance = _luminance(fill)
    return "#111111" if luminance is None or luminance > 0.3 else "#ffffff"


def _checker_shapes(centre: Vec, player: int, style: _Style) -> list[ET.Element]:
    """One checker. Players differ by more than hue: the first is light with a dark
    rim, the second dark, the third carries a dot, so greyscale print and
    colour-blind readers tell them apart."""
    fill, edge = style.fills[player], style.theme.edges[player]
    x, y = centre
    shapes = [
        _el("circle", cx=x, cy=y, r=R - 0.8, fill=fill, stroke=edge, stroke_width=1.6),
        _el(
            "circle",
            cx=x,
            cy=y,
            r=R * 0.7,
            fill="none",
            stroke=edge,
            stroke_opacity=0.35,
            stroke_width=1.2,
        ),
    ]
    if player == 2:
        shapes.append(_el("circle", cx=x, cy=y, r=R * 0.3, fill=edge))
    return shapes


def _checker(centre: Vec, player: int, style: _Style, where: str, index: int) -> ET.Element:
    element = _el(
        "g",
        class_="tg-checker",
        data_kind="checker",
        data_player=player,
        data_point=where,
        data_index=index,
    )
    element.extend(_checker_shapes(centre, player, style))
    return element


def _count(centre: Vec, count: int, fill: str) -> ET.Element:
    """A stack's count on its top checker, haloed in the checker's colour: it reads over
    the third player's centre dot too."""
    text = _el(
        "text",
        x=centre[0],
        y=centre[1] + 6.8,
        class_="tg-count",
        fill=_ink(fill),
        stroke=fill,
        stroke_width=5.0,
        paint_order="stroke",
        stroke_linejoin="round",
        font_size=19.0,
        font_weight="bold",
        text_anchor="middle",
    )
    text.text = str(count)
    return text


def _stack(lane: _Lane, count: int, player: int, style: _Style, where: str) -> list[ET.Element]:
    """The checkers of one stack, the top one labelled with the count when some are hidden."""
    shown = min(count, lane.room)
    elements = [_checker(lane.at(i), player, style, where, i) for i in range(shown)]
    if count > shown:
        elements[-1].append(_count(lane.at(shown - 1), count, style.fills[player]))
    return elements


def _stacks(position: Position, geometry: _Geometry, style: _Style) -> ET.Element:
    group = _el("g", class_="tg-stacks")
    for point, shape in sorted(geometry.points.items()):
        occupant = position.points[point]
        if occupant is None:
            continue
        player, count = occupant
        stack = _el(
            "g",
            class_="tg-stack",
            data_kind="stack",
            data_point=point,
            data_player=player,
            data_count=count,
        )
        stack.extend(_stack(shape.lane, count, player, style, str(point)))
        group.append(stack)
    return group


def _bars(position: Position, geometry: _Geometry, style: _Style, marked: set[Place]) -> ET.Element:
    group = _el("g", class_="tg-bars")
    for player, lane in sorted(geometry.bars.items()):
        count = position.bar(player)
        element = _el(
            "g", class_="tg-bar-stack", data_kind="bar", data_player=player, data_count=count
        )
        first, last = lane.at(-0.5), lane.at(lane.room - 0.5)
        element.append(_lane_area(first, last, fill="none", pointer_events="all"))
        if player == style.mover and "bar" in marked:
            element.set("data-highlighted", "true")
            element.append(_lane_area(first, last, fill=style.theme.highlight, fill_opacity=0.45))
        element.extend(_stack(lane, count, player, style, "bar"))
        group.append(element)
    return group


def _lit(geometry: _Geometry, style: _Style, marked: set[Place]) -> ET.Element:
    """The outline of each lit place (a point's lane, the mover's bar or tray), in the
    lit colour on the casing, drawn over the checkers."""
    theme = style.theme
    group = _el("g", class_="tg-lit", fill="none", stroke_linejoin="round")
    for place in sorted(marked, key=str):
        if place == "bar":
            lane = geometry.bars[style.mover]
            corners = _lane_area(lane.at(-0.5), lane.at(lane.room - 0.5)).get("points", "")
        elif place == "off":
            tray = geometry.trays[style.mover]
            box = _box(tray.centre, tray.axis, tray.length, tray.width)
            corners = box.get("points", "")
        else:
            corners = _pts(geometry.points[place].area)
        group.append(_el("polygon", points=corners, stroke=theme.casing, stroke_width=7.0))
        group.append(
            _el(
                "polygon",
                points=corners,
                stroke=theme.highlight,
                stroke_width=3.5,
                data_place=str(place),
            )
        )
    return group


def _lane_area(first: Vec, last: Vec, **attrs: str | float) -> ET.Element:
    """A band from ``first`` to ``last``, one checker wide: a bar lane's click area."""
    along = _unit((last[0] - first[0], last[1] - first[1]))
    across = _mul((-along[1], along[0]), R + 3)
    corners = [
        _add(first, across),
        _add(last, across),
        _add(last, _mul(across, -1)),
        _add(first, _mul(across, -1)),
    ]
    return _polygon(corners, stroke_linejoin="round", **attrs)


def _trays(
    position: Position, geometry: _Geometry, style: _Style, marked: set[Place]
) -> ET.Element:
    theme = style.theme
    group = _el("g", class_="tg-trays")
    for player, tray in sorted(geometry.trays.items()):
        count = position.borne_off(player)
        element = _el("g", class_="tg-tray", data_kind="tray", data_player=player, data_count=count)
        shape = (tray.centre, tray.axis, tray.length, tray.width)
        element.append(_tray_box(tray, theme))
        if player == style.mover and "off" in marked:
            element.set("data-highlighted", "true")
            element.append(_box(*shape, fill=theme.highlight, fill_opacity=0.45))
        element.extend(_slab(tray, index, player, style) for index in range(count))
        group.append(element)
    return group


def _tray_box(tray: _Tray, theme: Theme) -> ET.Element:
    return _box(
        tray.centre,
        tray.axis,
        tray.length,
        tray.width,
        fill=theme.tray,
        stroke=theme.frame_edge,
        stroke_width=2.0,
        stroke_linejoin="round",
    )


def _slab_centre(tray: _Tray, index: int) -> Vec:
    start = _add(tray.centre, _mul(tray.axis, -tray.length / 2))
    return _add(start, _mul(tray.axis, 5 + SLAB_PITCH * (index + 0.5)))


def _slab(tray: _Tray, index: int, player: int, style: _Style) -> ET.Element:
    """A borne-off checker seen edge-on, the ``index``-th in its tray."""
    slab = _el(
        "g",
        class_="tg-checker",
        data_kind="checker",
        data_player=player,
        data_point="off",
        data_index=index,
    )
    slab.append(
        _box(
            _slab_centre(tray, index),
            tray.axis,
            SLAB[1],
            SLAB[0],
            fill=style.fills[player],
            stroke=style.theme.edges[player],
            stroke_width=1.4,
            stroke_linejoin="round",
        )
    )
    return slab


def _box(centre: Vec, axis: Vec, length: float, width: float, **attrs: str | float) -> ET.Element:
    """A rectangle ``length`` along ``axis`` and ``width`` across, around ``centre``."""
    along = _mul(axis, length / 2)
    across = _mul((-axis[1], axis[0]), width / 2)
    corners = [
        _add(_add(centre, along), across),
        _add(_add(centre, along), _mul(across, -1)),
        _add(_add(centre, _mul(along, -1)), _mul(across, -1)),
        _add(_add(centre, _mul(along, -1)), across),
    ]
    return _polygon(corners, **attrs)


PIPS: Mapping[int, tuple[Vec, ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _dice(dice: tuple[int, int], places: tuple[Vec, Vec], style: _Style, player: int) -> ET.Element:
    group = _el("g", class_="tg-dice", data_player=player)
    for index, (value, centre) in enumerate(zip(dice, places, strict=True)):
        group.append(_die(value, index, centre, style, player))
    return group


def _die(value: int, index: int, centre: Vec, style: _Style, player: int) -> ET.Element:
    fill = style.fills[player]
    x, y = centre
    die = _el(
        "g",
        class_="tg-die",
        data_kind="die",
        data_value=value,
        data_index=index,
        data_player=player,
    )
    die.append(
        _el(
            "rect",
            x=x - DIE / 2,
            y=y - DIE / 2,
            width=DIE,
            height=DIE,
            rx=DIE * 0.18,
            fill=fill,
            stroke=style.theme.edges[player],
            stroke_width=1.6,
        )
    )
    for dx, dy in PIPS[value]:
        die.append(
            _el(
                "circle",
                cx=x + dx * DIE * 0.26,
                cy=y + dy * DIE * 0.26,
                r=DIE * 0.085,
                fill=_ink(fill),
            )
        )
    return die


def _check_match(position: Position, cube: Cube | None, match: MatchState | None) -> None:
    """The cube and match state drawn must fit the position (``MatchPosition`` checks)."""
    if cube is None and match is None:
        return
    if cube is not None and not isinstance(cube, Cube):
        raise ValueError(_("cube must be a Cube, not {cube}").format(cube=quote(cube)))
    if match is not None and not isinstance(match, MatchState):
        raise ValueError(_("match must be a MatchState, not {match}").format(match=quote(match)))
    if cube is not None and position.variant.players != 2:
        raise ValueError(_("trigammon has no doubling cube (R14 is classic only)"))
    state = match or MatchState.fresh(position.variant.players)
    MatchPosition(position, cube or Cube(), state)


def _cube(cube: Cube, position: Position, geometry: _Geometry, style: _Style) -> ET.Element:
    """The doubling cube: its value on a square at the owner's side, or offered to the
    opponent where the doubler's dice go."""
    assert geometry.cube is not None  # classic boards have a place for it
    theme = style.theme
    value = 2 * cube.value if cube.offered else cube.value
    if cube.offered:
        first, second = geometry.dice[position.turn]
        centre = ((first[0] + second[0]) / 2, (first[1] + second[1]) / 2)
    else:
        centre = geometry.cube[cube.owner]
    owner = "centre" if cube.owner is None else str(cube.owner)
    group = _el(
        "g",
        class_="tg-cube",
        data_kind="cube",
        data_value=value,
        data_owner=owner,
        data_offered=str(cube.offered).lower(),
    )
    x, y = centre
    group.append(
        _el(
            "rect",
            x=x - CUBE / 2,
            y=y - CUBE / 2,
            width=CUBE,
            height=CUBE,
            rx=CUBE * 0.16,
            fill=theme.button,
            stroke=theme.selected if cube.offered else theme.frame_edge,
            stroke_width=3.0 if cube.offered else 1.6,
        )
    )
    text = _el(
        "text",
        x=x,
        y=y + geometry.font * (0.36 if value < 1000 else 0.3),
        fill=theme.text,
        font_size=geometry.font * (1.0 if value < 100 else 0.75 if value < 1000 else 0.6),
        font_weight="bold",
        text_anchor="middle",
    )
    text.text = str(value)
    group.append(text)
    return group


def _ending(position: Position, result: Win | None) -> Win | None:
    """How the drawn game ended: ``result``, or a bear-off the position shows (R12)."""
    if result is not None:
        if not isinstance(result, Win) or result.winner not in range(position.variant.players):
            raise ValueError(
                _("result must be a Win of a player of the game, not {result}").format(
                    result=quote(result)
                )
            )
        return result
    winner = position.winner
    return None if winner is None else Win(winner, 0, "bear-off")


def _players(
    position: Position,
    geometry: _Geometry,
    style: _Style,
    match: MatchState | None = None,
    ending: Win | None = None,
    you: int | None = None,
    offered: bool = False,
) -> ET.Element:
    """The players' lines; the one who acts now (the player to move, or the one to
    answer a double ``offered``, R14) marked."""
    theme = style.theme
    group = _el("g", class_="tg-players", fill=theme.text)
    acting = 1 - position.turn if offered else position.turn
    for player, label in sorted(geometry.labels.items()):
        turn = ending is None and player == acting
        element = _el(
            "g",
            class_="tg-player",
            data_kind="player",
            data_player=player,
            data_turn=str(turn).lower(),
        )
        ET.SubElement(element, "title").text = style.names[player]  # the full name
        x, y = label.at
        sign = -1.0 if label.align == "right" else 1.0
        swatch = (x + sign * R, y)
        if turn:
            element.append(
                _el(
                    "circle",
                    cx=swatch[0],
                    cy=y,
                    r=R + 5,
                    fill="none",
                    stroke=theme.selected,
                    stroke_width=3.0,
                    class_="tg-turn",
                )
            )
        swatch_group = _el("g", class_="tg-swatch")
        swatch_group.extend(_checker_shapes(swatch, player, style))
        element.append(swatch_group)
        name = _el(
            "text",
            x=x + sign * (2 * R + 12),
            y=y + geometry.font * 0.45,
            font_size=geometry.font * 1.3,
            font_weight="bold" if turn else "normal",
            text_anchor="end" if label.align == "right" else "start",
        )
        name.text = _short(style.names[player], 24 if label.align == "row" else 14)
        element.append(name)
        detail = _el("text", fill=theme.muted, font_size=geometry.font * 1.1)
        parts = _detail(position, player, match, ending, player == you, offered)
        if label.align == "row":
            detail.text = " \u00b7 ".join(parts)
            detail.set("x", _num(label.right))
            detail.set("y", _num(y + geometry.font * 0.36))
            detail.set("text-anchor", "end")
        else:  # in a corner of the frame: short lines, one under the other
            left = x + sign * (2 * R + 12)
            detail.set("text-anchor", "end" if label.align == "right" else "start")
            for row, line in enumerate(_lines(parts, SIDE_LINE)):
                span = ET.SubElement(detail, "tspan")
                span.set("x", _num(left))
                span.set("y", _num(y + geometry.font * (1.9 + 1.25 * row)))
                span.text = line
        element.append(detail)
        group.append(element)
    return group


def _short(name: str, limit: int) -> str:
    """A name cut to the room its label has; the full name stays in the label's title."""
    return name if len(name) <= limit else name[: limit - 1] + "\u2026"


SIDE_LINE = 16
"""Characters on a line of a label in a corner of the trigammon board: more would run
over the frame."""


def _lines(parts: Sequence[str], width: int) -> list[str]:
    """``parts`` joined by dots into lines of at most ``width`` characters (a part
    longer than that has a line of its own)."""
    lines: list[str] = []
    for part in parts:
        joined = f"{lines[-1]} \u00b7 {part}" if lines else part
        if lines and len(joined) <= width:
            lines[-1] = joined
        else:
            lines.append(part)
    return lines


def _detail(
    position: Position,
    player: int,
    match: MatchState | None,
    ending: Win | None,
    you: bool,
    offered: bool = False,
) -> list[str]:
    """A player's line, in parts: the score, pips, checkers off, and who wins or is to
    act (said to the person looking when it is ``you``, their seat); while a double is
    ``offered``, the one to take or pass (R14)."""
    parts = [] if match is None else _score(match, player, ending)
    pips = position.pip_count(player)
    parts.append(ngettext("{count} pip", "{count} pips", pips).format(count=pips))
    if position.borne_off(player):
        # Translators: checkers borne off, on a player's line under the board ("3 off").
        parts.append(_("{count} off").format(count=position.borne_off(player)))
    if ending is not None:
        if ending.winner == player:
            parts.append((pgettext("you", "win") if you else _("wins")) + ending_text(ending))
    elif offered:
        if player != position.turn:
            parts.append(pgettext("you", "take or pass?") if you else _("to take or pass"))
    elif player == position.turn:
        if position.dice:
            parts.append(pgettext("you", "to move") if you else _("to move"))
        else:
            parts.append(pgettext("you", "to roll") if you else _("to roll"))

    return parts


def _score(match: MatchState, player: int, ending: Win | None) -> list[str]:
    """``player``'s score as its line shows it, with the Crawford stage beside the
    player one point from winning; once the game has ended (``ending``), the score it
    leaves, as the match's panel and the messages say it (R14)."""
    points = match.score[player] if ending is None else match.after(ending)[player]
    if ending is not None and not match.money:
        return [f"{points}/{match.length}"]
    if match.money:
        # Translators: a money session's score on a player's line ("won 3").
        return [_("won {points}").format(points=points)]

    parts = [f"{points}/{match.length}"]
    if points == match.length - 1 and len(match.score) == 2:
        if match.crawford:
            parts.append(_("Crawford"))
        elif match.post_crawford:
            parts.append(_("post-Crawford"))

    return parts


def _anchor(position: Position, geometry: _Geometry, style: _Style, place: Place) -> Vec:
    """Where a place's top checker is (or would go): what arrows and selection point at."""
    if place == "off":
        return geometry.trays[style.mover].centre
    if place == "bar":
        lane, count = geometry.bars[style.mover], position.bar(style.mover)
    else:
        occupant = position.points[place]
        lane, count = geometry.points[place].lane, 0 if occupant is None else occupant[1]
    return lane.at(max(0, min(count, lane.room) - 1))


def _selection(position: Position, geometry: _Geometry, style: _Style, place: Place) -> ET.Element:
    x, y = _anchor(position, geometry, style, place)
    ring = _el("g", class_="tg-selected", data_kind="selected", data_point=str(place), fill="none")
    ring.append(_el("circle", cx=x, cy=y, r=R + 4, stroke=style.theme.casing, stroke_width=7.0))
    ring.append(_el("circle", cx=x, cy=y, r=R + 4, stroke=style.theme.selected, stroke_width=4.0))
    return ring


ARROW_HEAD = 22.0
"""An arrowhead's length, tip to base."""
ARROW_GAP = 3.0
"""Air between an arrow's ends and the checkers it joins: an arrow starts and ends at a
checker's rim, never on its face, where a stack's count is written."""
HOP = 3 * W
"""Ends nearer than this along one row (a one- or two-pip move) are joined by a hop: up
out of the start's stack, across, and down onto the end's, as a clear arrow; a
shallower arc between neighbours curls into a hook."""
HOP_RISE = 2.2 * R
"""How far a hop's handles reach above the two checkers' rims (its arc rises about
three quarters of that)."""


def _opening(geometry: _Geometry, style: _Style, place: Place) -> Vec | None:
    """The way a place's stack grows, out into the open board (None for the tray)."""
    if place == "off":
        return None
    lane = geometry.bars[style.mover] if place == "bar" else geometry.points[place].lane
    return _unit(lane.step)


def _course(
    position: Position,
    geometry: _Geometry,
    style: _Style,
    start: Place,
    end: Place,
    away: bool,
) -> tuple[str, Vec, Vec]:
    """An arrow's shaft (SVG path data, ending where its head begins), its tip and its
    heading. The ends keep ``ARROW_GAP`` off the two checkers' rims (a tray's arrow ends
    at its middle). Ends near each other along a row make a hop over the open board;
    others an arc bent towards the board's middle, gently for short hops. ``away``: a
    better play drawn beside the play made, so further round than it, clear of it: a hop
    rises higher, an arc bends further."""
    a = _anchor(position, geometry, style, start)
    b = _anchor(position, geometry, style, end)
    out_a, out_b = _opening(geometry, style, start), _opening(geometry, style, end)
    rim = R + ARROW_GAP
    near = math.dist(a, b) < HOP
    if out_a is not None and out_b is not None and _dot(out_a, out_b) > 0.99 and near:
        up = _unit(_add(out_a, out_b))  # along one row: the two stacks open the same way
        p, tip = _add(a, _mul(up, rim)), _add(b, _mul(up, rim))
        # Both handles at one level past the taller stack: an even arch, whatever the
        # two stacks' heights.
        level = max(_dot(p, up), _dot(tip, up)) + HOP_RISE * (1.7 if away else 1.0)
        handle_a = _add(p, _mul(up, level - _dot(p, up)))
        handle_b = _add(tip, _mul(up, level - _dot(tip, up)))
        heading = _mul(up, -1.0)
        shaft_end = _add(tip, _mul(up, ARROW_HEAD * 0.8))
        shaft = (
            f"M{_num(p[0])},{_num(p[1])} C{_num(handle_a[0])},{_num(handle_a[1])} "
            f"{_num(handle_b[0])},{_num(handle_b[1])} {_num(shaft_end[0])},{_num(shaft_end[1])}"
        )
        return shaft, tip, heading
    middle = _mul(_add(a, b), 0.5)
    centre = geometry.centre
    inwards = (centre[0] - middle[0], centre[1] - middle[1])
    bend = max(min(0.3 * math.hypot(*inwards), 0.25 * math.dist(a, b)), 2 * R)
    bend += 2 * R if away else 0.0  # further round, on the same side: clear of the other
    control = _add(middle, _mul(_unit(inwards), bend)) if any(inwards) else middle
    # Out of the top of its stack, where the checker is lifted from.
    leaving = _unit((control[0] - a[0], control[1] - a[1])) if out_a is None else out_a
    p = _add(a, _mul(leaving, rim))
    tip = b if out_b is None else _add(b, _mul(_unit((control[0] - b[0], control[1] - b[1])), rim))
    heading = _unit((tip[0] - control[0], tip[1] - control[1]))
    shaft_end = _add(tip, _mul(heading, -ARROW_HEAD * 0.8))
    shaft = (
        f"M{_num(p[0])},{_num(p[1])} Q{_num(control[0])},{_num(control[1])} "
        f"{_num(shaft_end[0])},{_num(shaft_end[1])}"
    )
    return shaft, tip, heading


def _arrows(
    position: Position,
    geometry: _Geometry,
    style: _Style,
    pairs: list[tuple[Place, Place, bool]],
    best: bool = False,
    apart: bool = False,
) -> ET.Element:
    """Arrows of a play (``_course``); ``best``: the better play, dashed in its own
    colour; ``apart``: drawn beside the play made's arrows, further round than them,
    so that the two show side by side."""
    theme = style.theme
    colour = theme.best if best else theme.arrow
    group = _el("g", class_="tg-best" if best else "tg-arrows", fill=colour, stroke=colour)
    for start, end, hit in pairs:
        shaft, tip, heading = _course(position, geometry, style, start, end, apart)
        back = _add(tip, _mul(heading, -ARROW_HEAD))
        across = _mul((-heading[1], heading[0]), ARROW_HEAD * 0.55)
        element = _el(
            "g",
            class_="tg-arrow",
            data_kind="best" if best else "arrow",
            data_from=str(start),
            data_to=str(end),
            data_hit=str(hit).lower(),
            opacity=0.85,
        )
        # Cased, as every mark over checkers is: it reads on a checker of any colour.
        element.append(
            _el(
                "path",
                d=shaft,
                fill="none",
                stroke=theme.casing,
                stroke_width=10.0,
                stroke_linecap="round",
                class_="tg-casing",
            )
        )
        element.append(
            _el(
                "path",
                d=shaft,
                fill="none",
                stroke_width=7.0,
                stroke_linecap="butt" if best else "round",
                **({"stroke_dasharray": "12 7"} if best else {}),
            )
        )
        element.append(
            _polygon(
                [tip, _add(back, across), _add(back, _mul(across, -1))],
                stroke=theme.casing,
                stroke_width=1.5,
                stroke_linejoin="round",
            )
        )
        if hit:  # round the checker hit
            x, y = _anchor(position, geometry, style, end)
            element.append(
                _el(
                    "circle",
                    cx=x,
                    cy=y,
                    r=R + 6,
                    fill="none",
                    stroke_width=3.5,
                    stroke_dasharray="6 4",
                    class_="tg-hit",
                )
            )
        group.append(element)
    return group
