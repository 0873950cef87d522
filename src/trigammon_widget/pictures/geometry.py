"""Where everything of a board sits: the drawing units, and each variant's layout of
points, bar, trays, dice, cube and names (``geometry_of``), with the few vector and
SVG-element helpers the layout and the drawing (``svg``) share.

Trigammon is laid out as a truncated triangle, classic as GNU Backgammon draws it
(``svg``); a layout is made once per variant and seat.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Literal

from ..engine.variant import CHECKERS, Variant

__all__ = ["Geometry", "geometry_of"]

Vec = tuple[float, float]

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


# --- geometry -------------------------------------------------------------------------


@dataclass(frozen=True)
class Lane:
    """Where a stack grows: centre of its first checker, step to the next, room for."""

    first: Vec
    step: Vec
    room: int

    def at(self, index: float) -> Vec:
        return vadd(self.first, vmul(self.step, index))


@dataclass(frozen=True)
class PointShape:
    triangle: tuple[Vec, Vec, Vec]
    area: tuple[Vec, Vec, Vec, Vec]  # the whole lane: what a click on the point hits
    lane: Lane
    number_at: Vec
    shade: int


@dataclass(frozen=True)
class TrayShape:
    centre: Vec
    axis: Vec  # along the tray, from the first slab to the last
    length: float
    width: float


@dataclass(frozen=True)
class LabelPlace:
    """Where a player's name goes: ``row`` spans left..right, ``left``/``right`` blocks."""

    at: Vec
    align: Literal["row", "left", "right"]
    right: float = 0.0


@dataclass(frozen=True)
class Geometry:
    """Where everything of one variant's board goes, seen from ``seat``: the drawing's
    box, the points, the bar, the trays, the dice and the cube."""

    seat: int
    box: tuple[float, float, float, float]  # viewBox
    centre: Vec
    points: dict[int, PointShape]  # by absolute point
    bars: dict[int, Lane]  # by player
    trays: dict[int, TrayShape]
    dice: dict[int, tuple[Vec, Vec]]  # by player to move: centres of the two dice
    labels: dict[int, LabelPlace]
    font: float  # size of the point numbers; the other text is sized from it
    board: list[ET.Element]  # frame, field and bar, drawn first
    cube: dict[int | None, Vec] | None = None  # by owner (None: centred); classic only


def vadd(a: Vec, b: Vec) -> Vec:
    return a[0] + b[0], a[1] + b[1]


def vmul(a: Vec, k: float) -> Vec:
    return a[0] * k, a[1] * k


def vrotate(v: Vec, degrees: float) -> Vec:
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return v[0] * c - v[1] * s, v[0] * s + v[1] * c


def vunit(v: Vec) -> Vec:
    length = math.hypot(*v)
    return v[0] / length, v[1] / length


def num(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def pts(points: Iterable[Vec]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in points)


def el(tag: str, /, **attrs: str | float) -> ET.Element:
    """An element; ``class_`` and ``data_x`` spelled the SVG way, floats kept short."""
    element = ET.Element(tag)
    for key, value in attrs.items():
        name = key.rstrip("_").replace("_", "-")
        element.set(name, num(value) if isinstance(value, float) else str(value))
    return element


def polygon_el(points: Iterable[Vec], **kw: str | float) -> ET.Element:
    return el("polygon", points=pts(points), **kw)


def _trigammon_geometry(variant: Variant, seat: int) -> Geometry:
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
    points: dict[int, PointShape] = {}
    bars: dict[int, Lane] = {}
    trays: dict[int, TrayShape] = {}
    dice: dict[int, tuple[Vec, Vec]] = {}
    hexagon: list[Vec] = []
    corners: list[Vec] = []
    for side in range(3):
        player = (seat + side) % variant.players
        normal = vrotate((0.0, 1.0), 120 * side)  # outwards, to the player
        along = vrotate((-1.0, 0.0), 120 * side)  # direction of play
        start = vadd(vmul(normal, outer), vmul(along, -half))
        end = vadd(vmul(normal, outer), vmul(along, half))
        hexagon += [start, end]
        for index in range(1, 13):
            offset = inset + (index - 0.5) * W + (gap if index > 6 else 0.0)
            base = vadd(start, vmul(along, offset))
            near, far = vadd(base, vmul(along, -W / 2)), vadd(base, vmul(along, W / 2))
            inward = vmul(normal, -1.0)
            lane = Lane(vadd(base, vmul(inward, R + 3)), vmul(inward, 2 * R), STACK)
            points[variant.absolute(player, 24 + index)] = PointShape(
                triangle=(near, far, vadd(base, vmul(inward, TIP))),
                area=(near, far, vadd(far, vmul(inward, DEPTH)), vadd(near, vmul(inward, DEPTH))),
                lane=lane,
                number_at=vadd(base, vmul(normal, FRAME / 2)),
                shade=index % 2,
            )
        # The corner after this side: the player's home ends there and its path begins.
        corner = vunit(vadd(normal, vrotate(normal, 120)))
        corners.append(corner)
        bars[player] = Lane(vmul(corner, HUB + R), vmul(corner, 2 * R), BAR_ROOM)
        edge = vdot(end, corner)  # how far out the cut corner is
        tray_width = 2 * R + 8
        axis = vunit(vadd(along, vmul(corner, -vdot(along, corner))))  # home end first
        trays[player] = TrayShape(
            centre=vmul(corner, edge - tray_width / 2 - 10),
            axis=axis,
            length=CHECKERS * SLAB_PITCH + 10,
            width=tray_width,
        )
        middle = vmul(normal, inner - DIE / 2 - 20)
        spread = vmul(along, DIE / 2 + 5)
        dice[player] = (vadd(middle, spread), vadd(middle, vmul(spread, -1.0)))
    frame = offset_polygon(hexagon, FRAME)
    xs, ys = [x for x, _ in frame], [y for _, y in frame]
    top, bottom = min(ys) - 28, max(ys) + 64
    left, right = min(xs) - 12, max(xs) + 12
    labels = {
        seat: LabelPlace((-half, max(ys) + 34), "row", half),
        (seat + 1) % 3: LabelPlace((left + 14, top + 30), "left"),
        (seat + 2) % 3: LabelPlace((right - 14, top + 30), "right"),
    }
    board = [
        polygon_el(frame, class_="tg-frame", stroke_linejoin="round"),
        polygon_el(hexagon, class_="tg-field"),
    ]
    # The bar: three arms from a hub, each pointing at its player's corner. Drawn as
    # round-capped strokes, all outlines first so the arms join without seams.
    arm = 2 * R + 10
    reach = HUB + R + (BAR_ROOM - 1) * 2 * R
    for part, widen in (("tg-bar-edge", 4.0), ("tg-bar", 0.0)):
        for corner in corners:
            tip = vmul(corner, reach)
            board.append(
                el(
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
        board.append(el("circle", cx=0.0, cy=0.0, r=HUB + 8 + widen / 2, class_=part))
    return Geometry(
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


def vdot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1]


def offset_polygon(polygon: list[Vec], distance: float) -> list[Vec]:
    """A convex polygon (clockwise or not) grown outwards by ``distance`` on every edge."""
    n = len(polygon)
    centre = vmul((sum(x for x, _ in polygon), sum(y for _, y in polygon)), 1 / n)
    lines = []
    for i in range(n):
        a, b = polygon[i], polygon[(i + 1) % n]
        normal = vunit((b[1] - a[1], a[0] - b[0]))
        if vdot(normal, (a[0] - centre[0], a[1] - centre[1])) < 0:
            normal = vmul(normal, -1.0)
        lines.append((vadd(a, vmul(normal, distance)), (b[0] - a[0], b[1] - a[1])))
    grown = []
    for i in range(n):
        (p, d), (q, e) = lines[i - 1], lines[i]
        denominator = d[0] * e[1] - d[1] * e[0]
        t = ((q[0] - p[0]) * e[1] - (q[1] - p[1]) * e[0]) / denominator
        grown.append(vadd(p, vmul(d, t)))
    return grown


def _classic_geometry(variant: Variant, seat: int) -> Geometry:
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
    points: dict[int, PointShape] = {}
    for path in range(1, 25):
        if path <= 12:  # top row, right to left
            column, y0, inward = 12 - path, top, 1.0
        else:  # bottom row, left to right
            column, y0, inward = path - 13, bottom, -1.0
        x = left + column * W + (bar if column >= 6 else 0.0) + W / 2
        base = (x, y0)
        down = (0.0, inward)
        lane = Lane(vadd(base, vmul(down, R + 3)), vmul(down, 2 * R), STACK)
        point = variant.absolute(seat, path)
        points[point] = PointShape(
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
        seat: Lane((bar_x, middle - 16 - R), (0.0, -2 * R), room),
        other: Lane((bar_x, middle + 16 + R), (0.0, 2 * R), room),
    }
    tray_length = CHECKERS * SLAB_PITCH + 10
    tray_centre_x = tray_x + tray_room / 2
    trays = {
        seat: TrayShape(
            (tray_centre_x, bottom - tray_length / 2 - 4), (0.0, -1.0), tray_length, tray_room
        ),
        other: TrayShape(
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
        other: LabelPlace((margin, 32.0), "row", width - margin),
        seat: LabelPlace((margin, height - 32), "row", width - margin),
    }
    frame_top, frame_bottom = top - FRAME, bottom + FRAME
    board = [
        el(
            "rect",
            x=margin,
            y=frame_top,
            width=width - 2 * margin,
            height=frame_bottom - frame_top,
            rx=10.0,
            class_="tg-frame",
        ),
        el("rect", x=left, y=top, width=half, height=bottom - top, class_="tg-field"),
        el("rect", x=right_half, y=top, width=half, height=bottom - top, class_="tg-field"),
        el(
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
    return Geometry(
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


@cache
def geometry_of(variant: Variant, seat: int) -> Geometry:
    """The board's layout for ``variant`` seen from ``seat``."""
    build = _trigammon_geometry if variant.players == 3 else _classic_geometry
    return build(variant, seat)
