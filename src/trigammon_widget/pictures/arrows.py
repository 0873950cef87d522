"""Arrows over a board: a play's moves, each checker's course from where it starts to
where it ends, hops of the same checker bent over the points between, and the ring
round a picked-up checker (``svg.board_svg``'s ``arrows`` and ``selected``).
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable

from ..engine.i18n import _
from ..engine.moves import Play
from ..engine.notation import checker_chains
from ..engine.places import Place, parse_place, place_of
from ..engine.position import Position
from ..engine.variant import Variant
from .geometry import Geometry, R, Vec, W, el, num, polygon_el, vadd, vdot, vmul, vunit
from .themes import Style

__all__ = ["arrow_places", "draw_arrows", "draw_selection"]


def arrow_places(
    variant: Variant, arrows: Play | Iterable[tuple[Place, Place]], mover: int
) -> list[tuple[Place, Place, bool]]:
    """Arrows as (start, end, hit); a Play's path positions become absolute points, one
    arrow for each checker's course from stop to stop (its start, each point it hits,
    its end), as its notation writes it: walk 26 read bar/8 with 2-2 as four hops
    curling over the points between."""
    if isinstance(arrows, Play):
        found = []
        for chain in checker_chains(variant, arrows):
            since = chain[0].start
            for move in chain:
                if move.hit or move is chain[-1]:
                    ends = place_of(variant, mover, since), place_of(variant, mover, move.end)
                    found.append((*ends, move.hit))
                    since = move.end
        return found
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


def _anchor(position: Position, geometry: Geometry, style: Style, place: Place) -> Vec:
    """Where a place's top checker is (or would go): what arrows and selection point at."""
    if place == "off":
        return geometry.trays[style.mover].centre
    if place == "bar":
        lane, count = geometry.bars[style.mover], position.bar(style.mover)
    else:
        occupant = position.points[place]
        lane, count = geometry.points[place].lane, 0 if occupant is None else occupant[1]
    return lane.at(max(0, min(count, lane.room) - 1))


def draw_selection(
    position: Position, geometry: Geometry, style: Style, place: Place
) -> ET.Element:
    """The ring round the checker a person has picked up at ``place``."""
    x, y = _anchor(position, geometry, style, place)
    ring = el("g", class_="tg-selected", data_kind="selected", data_point=str(place), fill="none")
    ring.append(el("circle", cx=x, cy=y, r=R + 4, stroke=style.theme.casing, stroke_width=7.0))
    ring.append(el("circle", cx=x, cy=y, r=R + 4, stroke=style.theme.selected, stroke_width=4.0))
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


def _opening(geometry: Geometry, style: Style, place: Place) -> Vec | None:
    """The way a place's stack grows, out into the open board (None for the tray)."""
    if place == "off":
        return None
    lane = geometry.bars[style.mover] if place == "bar" else geometry.points[place].lane
    return vunit(lane.step)


def _course(
    position: Position,
    geometry: Geometry,
    style: Style,
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
    if out_a is not None and out_b is not None and vdot(out_a, out_b) > 0.99 and near:
        up = vunit(vadd(out_a, out_b))  # along one row: the two stacks open the same way
        p, tip = vadd(a, vmul(up, rim)), vadd(b, vmul(up, rim))
        # Both handles at one level past the taller stack: an even arch, whatever the
        # two stacks' heights.
        level = max(vdot(p, up), vdot(tip, up)) + HOP_RISE * (1.7 if away else 1.0)
        handle_a = vadd(p, vmul(up, level - vdot(p, up)))
        handle_b = vadd(tip, vmul(up, level - vdot(tip, up)))
        heading = vmul(up, -1.0)
        shaft_end = vadd(tip, vmul(up, ARROW_HEAD * 0.8))
        shaft = (
            f"M{num(p[0])},{num(p[1])} C{num(handle_a[0])},{num(handle_a[1])} "
            f"{num(handle_b[0])},{num(handle_b[1])} {num(shaft_end[0])},{num(shaft_end[1])}"
        )
        return shaft, tip, heading
    middle = vmul(vadd(a, b), 0.5)
    centre = geometry.centre
    inwards = (centre[0] - middle[0], centre[1] - middle[1])
    bend = max(min(0.3 * math.hypot(*inwards), 0.25 * math.dist(a, b)), 2 * R)
    bend += 2 * R if away else 0.0  # further round, on the same side: clear of the other
    control = vadd(middle, vmul(vunit(inwards), bend)) if any(inwards) else middle
    # Out of the top of its stack, where the checker is lifted from.
    leaving = vunit((control[0] - a[0], control[1] - a[1])) if out_a is None else out_a
    p = vadd(a, vmul(leaving, rim))
    tip = b if out_b is None else vadd(b, vmul(vunit((control[0] - b[0], control[1] - b[1])), rim))
    heading = vunit((tip[0] - control[0], tip[1] - control[1]))
    shaft_end = vadd(tip, vmul(heading, -ARROW_HEAD * 0.8))
    shaft = (
        f"M{num(p[0])},{num(p[1])} Q{num(control[0])},{num(control[1])} "
        f"{num(shaft_end[0])},{num(shaft_end[1])}"
    )
    return shaft, tip, heading


def draw_arrows(
    position: Position,
    geometry: Geometry,
    style: Style,
    pairs: list[tuple[Place, Place, bool]],
    best: bool = False,
    apart: bool = False,
) -> ET.Element:
    """Arrows of a play (``_course``); ``best``: the better play, dashed in its own
    colour; ``apart``: drawn beside the play made's arrows, further round than them,
    so that the two show side by side."""
    theme = style.theme
    colour = theme.best if best else theme.arrow
    group = el("g", class_="tg-best" if best else "tg-arrows", fill=colour, stroke=colour)
    for start, end, hit in pairs:
        shaft, tip, heading = _course(position, geometry, style, start, end, apart)
        back = vadd(tip, vmul(heading, -ARROW_HEAD))
        across = vmul((-heading[1], heading[0]), ARROW_HEAD * 0.55)
        element = el(
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
            el(
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
            el(
                "path",
                d=shaft,
                fill="none",
                stroke_width=7.0,
                stroke_linecap="butt" if best else "round",
                **({"stroke_dasharray": "12 7"} if best else {}),
            )
        )
        element.append(
            polygon_el(
                [tip, vadd(back, across), vadd(back, vmul(across, -1))],
                stroke=theme.casing,
                stroke_width=1.5,
                stroke_linejoin="round",
            )
        )
        if hit:  # round the checker hit
            x, y = _anchor(position, geometry, style, end)
            element.append(
                el(
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
