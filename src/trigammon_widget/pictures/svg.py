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
import os
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, TypedDict

from ..engine.diagram import SYMBOLS
from ..engine.errors import quote
from ..engine.game import Game, Turn
from ..engine.i18n import _, ngettext, pgettext
from ..engine.match import Match
from ..engine.moves import Play
from ..engine.names import check_names, default_names
from ..engine.notation import dice_text
from ..engine.places import Place, parse_place
from ..engine.places import label as point_label
from ..engine.position import Position
from ..engine.stakes import Cube, MatchPosition, MatchState, Win, ending_text
from ..engine.variant import CHECKERS, Variant
from .arrows import arrow_places, draw_arrows, draw_selection
from .dice import draw_cube, draw_dice, draw_die
from .geometry import (
    SLAB,
    SLAB_PITCH,
    Geometry,
    Lane,
    R,
    TrayShape,
    Vec,
    el,
    geometry_of,
    num,
    polygon_el,
    pts,
    vadd,
    vmul,
    vunit,
)
from .themes import Style, Theme, find_theme, ink

__all__ = [
    "Drawable",
    "Parts",
    "Place",
    "SvgBoard",
    "board_parts",
    "board_svg",
]

Numbering = Literal["perspective", "absolute"] | int

FONT = "'Helvetica Neue', Helvetica, Arial, 'DejaVu Sans', sans-serif"


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
    dice_left: Sequence[int] | None = None,
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
    - ``match``: the match state; each player's line adds its score (``score 3/7``; in
      money play what it has won), and the Crawford or post-Crawford game is named
      beside the player one point from winning.
    - ``result``: how the game ended (a ``Win``), when it ended off the board too (a
      double passed, a resignation: R14): the winner's line says so and nobody is to
      roll. A game brings its own; a position borne off (R12) needs none.
    - ``you``: the seat of the person looking at the board, whose line is said to
      them in the second person (``you win``, ``your move``).
    - ``dice_left``: the dice still to play in the turn under way (as
      ``LegalPlays.remaining_dice`` gives them); the dice played are drawn faded.

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
    pairs = arrow_places(variant, arrows, moving)
    better = arrow_places(variant, best, moving)
    _check_match(position, cube, match)
    ending = _ending(position, result)
    if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size <= 0):
        raise ValueError(
            _("size is a width in pixels (a positive int), got {size}").format(size=repr(size))
        )

    geometry = geometry_of(variant, seat)
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
    root = el(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"{num(x)} {num(y)} {num(width)} {num(height)}",
        role="img",
        aria_label=title,
        class_="tg-board",
        font_family=FONT,
        data_variant=variant.name,
        data_perspective=seat,
        data_turn=position.turn,
    )
    # An intrinsic size, so notebooks, viewers and slide software all agree on it.
    root.set("width", num(width) if size is None else str(size))
    root.set("height", num(height) if size is None else str(round(size * height / width)))
    ET.SubElement(root, "title").text = title
    root.append(ET.Comment(_STATIC))
    root.append(_bars(position, geometry, style, marked))
    root.append(_trays(position, geometry, style, marked))
    root.append(_stacks(position, geometry, style))
    if marked:  # over the checkers: a lit place reads whoever stands there
        root.append(_lit(geometry, style, marked))
    if position.dice:
        places = geometry.dice[position.turn]
        root.append(draw_dice(position.dice, places, style, position.turn, dice_left))
    if cube is not None:
        root.append(draw_cube(cube, position, geometry, style))
    offered = cube is not None and cube.offered
    root.append(_players(position, geometry, style, match, ending, you, offered))
    if chosen is not None:
        root.append(draw_selection(position, geometry, style, chosen))
    if pairs:
        root.append(draw_arrows(position, geometry, style, pairs))
    if better:  # on top, and further round than the play made's: never hidden under them
        root.append(draw_arrows(position, geometry, style, better, best=True, apart=bool(pairs)))
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
) -> Style:
    palette = find_theme(theme)
    return Style(
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
    _geometry: Geometry
    _style: Style
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
        group = el("g", class_="tg-checker", data_player=player)
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
        return draw_die(value, index, (0.0, 0.0), self._style, player)

    def dice_places(self, player: int) -> tuple[Vec, Vec]:
        """Where the two dice of ``player``'s roll lie."""
        return self._geometry.dice[player]

    def players(self, position: Position) -> ET.Element:
        """Names, pips and whose turn it is, as ``board_svg`` labels ``position``."""
        return _players(position, self._geometry, self._style, ending=_ending(position, None))

    def _lane(self, player: int, place: Place) -> Lane:
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
        geometry_of(variant, seat),
        _style(variant, theme, names, colors, seat),
        _counter(variant, numbering, seat),
    )


_STATIC = "static layers"
"""Stands in the tree for the layers that do not depend on the checkers."""


@lru_cache(maxsize=64)
def _static(
    variant: Variant, seat: int, theme: Theme, counter: int | None, marked: frozenset[Place]
) -> str:
    """Background, frame and points, drawn once per look: most of a board's elements."""
    geometry = geometry_of(variant, seat)
    x, y, width, height = geometry.box
    layers = (
        el("rect", x=x, y=y, width=width, height=height, fill=theme.background),
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


def _board(geometry: Geometry, theme: Theme) -> ET.Element:
    group = el("g", class_="tg-wood")
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
    geometry: Geometry,
    theme: Theme,
    counter: int | None,
    marked: set[Place],
) -> ET.Element:
    group = el("g", class_="tg-points")
    numbers = el(
        "g",
        class_="tg-numbers",
        fill=theme.numbers,
        font_size=geometry.font,
        font_weight="bold",
        text_anchor="middle",
    )
    for point, shape in sorted(geometry.points.items()):
        element = el(
            "g",
            class_="tg-point",
            data_kind="point",
            data_point=point,
            data_path=variant.path(geometry.seat, point),
        )
        element.append(polygon_el(shape.area, fill=theme.field, fill_opacity=0.0))
        element.append(polygon_el(shape.triangle, fill=theme.points[shape.shade]))
        if point in marked:
            element.set("data-highlighted", "true")
            element.append(
                polygon_el(
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
        label = el(
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


def _checker_shapes(centre: Vec, player: int, style: Style) -> list[ET.Element]:
    """One checker. Players differ by more than hue: the first is light with a dark
    rim, the second dark, the third carries a dot, so greyscale print and
    colour-blind readers tell them apart."""
    edge = style.theme.edges[player]
    x, y = centre
    shapes = [
        _disc(centre, player, style),
        el(
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
        shapes.append(el("circle", cx=x, cy=y, r=R * 0.3, fill=edge))
    return shapes


def _disc(centre: Vec, player: int, style: Style) -> ET.Element:
    """A checker's body: its player's fill and rim."""
    x, y = centre
    fill, edge = style.fills[player], style.theme.edges[player]
    return el("circle", cx=x, cy=y, r=R - 0.8, fill=fill, stroke=edge, stroke_width=1.6)


def _swatch(centre: Vec, player: int, style: Style, font: float) -> ET.Element:
    """A player's checker beside its name, carrying its letter (X, O, V: the letters
    of the diagrams, the notation's files and the course's texts)."""
    fill = style.fills[player]
    x, y = centre
    group = el("g", class_="tg-swatch")
    group.append(_disc(centre, player, style))
    letter = el(
        "text",
        x=x,
        y=y + font * 0.42,
        fill=ink(fill),
        font_size=font * 1.2,
        font_weight="bold",
        text_anchor="middle",
        aria_hidden="true",
    )
    letter.text = SYMBOLS[player]
    group.append(letter)
    return group


def _checker(centre: Vec, player: int, style: Style, where: str, index: int) -> ET.Element:
    element = el(
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
    text = el(
        "text",
        x=centre[0],
        y=centre[1] + 6.8,
        class_="tg-count",
        fill=ink(fill),
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


def _stack(lane: Lane, count: int, player: int, style: Style, where: str) -> list[ET.Element]:
    """The checkers of one stack, the top one labelled with the count when some are hidden."""
    shown = min(count, lane.room)
    elements = [_checker(lane.at(i), player, style, where, i) for i in range(shown)]
    if count > shown:
        elements[-1].append(_count(lane.at(shown - 1), count, style.fills[player]))
    return elements


def _stacks(position: Position, geometry: Geometry, style: Style) -> ET.Element:
    group = el("g", class_="tg-stacks")
    for point, shape in sorted(geometry.points.items()):
        occupant = position.points[point]
        if occupant is None:
            continue
        player, count = occupant
        stack = el(
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


def _bars(position: Position, geometry: Geometry, style: Style, marked: set[Place]) -> ET.Element:
    group = el("g", class_="tg-bars")
    for player, lane in sorted(geometry.bars.items()):
        count = position.bar(player)
        element = el(
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


def _lit(geometry: Geometry, style: Style, marked: set[Place]) -> ET.Element:
    """The outline of each lit place (a point's lane, the mover's bar or tray), in the
    lit colour on the casing, drawn over the checkers."""
    theme = style.theme
    group = el("g", class_="tg-lit", fill="none", stroke_linejoin="round")
    for place in sorted(marked, key=str):
        if place == "bar":
            lane = geometry.bars[style.mover]
            corners = _lane_area(lane.at(-0.5), lane.at(lane.room - 0.5)).get("points", "")
        elif place == "off":
            tray = geometry.trays[style.mover]
            box = _box(tray.centre, tray.axis, tray.length, tray.width)
            corners = box.get("points", "")
        else:
            corners = pts(geometry.points[place].area)
        group.append(el("polygon", points=corners, stroke=theme.casing, stroke_width=7.0))
        group.append(
            el(
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
    along = vunit((last[0] - first[0], last[1] - first[1]))
    across = vmul((-along[1], along[0]), R + 3)
    corners = [
        vadd(first, across),
        vadd(last, across),
        vadd(last, vmul(across, -1)),
        vadd(first, vmul(across, -1)),
    ]
    return polygon_el(corners, stroke_linejoin="round", **attrs)


def _trays(position: Position, geometry: Geometry, style: Style, marked: set[Place]) -> ET.Element:
    theme = style.theme
    group = el("g", class_="tg-trays")
    for player, tray in sorted(geometry.trays.items()):
        count = position.borne_off(player)
        element = el("g", class_="tg-tray", data_kind="tray", data_player=player, data_count=count)
        shape = (tray.centre, tray.axis, tray.length, tray.width)
        element.append(_tray_box(tray, theme))
        if player == style.mover and "off" in marked:
            element.set("data-highlighted", "true")
            element.append(_box(*shape, fill=theme.highlight, fill_opacity=0.45))
        element.extend(_slab(tray, index, player, style) for index in range(count))
        group.append(element)
    return group


def _tray_box(tray: TrayShape, theme: Theme) -> ET.Element:
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


def _slab_centre(tray: TrayShape, index: int) -> Vec:
    start = vadd(tray.centre, vmul(tray.axis, -tray.length / 2))
    return vadd(start, vmul(tray.axis, 5 + SLAB_PITCH * (index + 0.5)))


def _slab(tray: TrayShape, index: int, player: int, style: Style) -> ET.Element:
    """A borne-off checker seen edge-on, the ``index``-th in its tray."""
    slab = el(
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
    along = vmul(axis, length / 2)
    across = vmul((-axis[1], axis[0]), width / 2)
    corners = [
        vadd(vadd(centre, along), across),
        vadd(vadd(centre, along), vmul(across, -1)),
        vadd(vadd(centre, vmul(along, -1)), vmul(across, -1)),
        vadd(vadd(centre, vmul(along, -1)), across),
    ]
    return polygon_el(corners, **attrs)


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
    geometry: Geometry,
    style: Style,
    match: MatchState | None = None,
    ending: Win | None = None,
    you: int | None = None,
    offered: bool = False,
) -> ET.Element:
    """The players' lines; the one who acts now (the player to move, or the one to
    answer a double ``offered``, R14) marked."""
    theme = style.theme
    group = el("g", class_="tg-players", fill=theme.text)
    acting = 1 - position.turn if offered else position.turn
    for player, label in sorted(geometry.labels.items()):
        turn = ending is None and player == acting
        element = el(
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
                el(
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
        element.append(_swatch(swatch, player, style, geometry.font))
        name = el(
            "text",
            x=x + sign * (2 * R + 12),
            y=y + geometry.font * 0.45,
            font_size=geometry.font * 1.3,
            font_weight="bold" if turn else "normal",
            text_anchor="end" if label.align == "right" else "start",
        )
        name.text = _short(style.names[player], 24 if label.align == "row" else 14)
        element.append(name)
        detail = el("text", fill=theme.muted, font_size=geometry.font * 1.1)
        parts = _detail(position, player, match, ending, player == you, offered)
        if label.align == "row":
            detail.text = " \u00b7 ".join(parts)
            detail.set("x", num(label.right))
            detail.set("y", num(y + geometry.font * 0.36))
            detail.set("text-anchor", "end")
        else:  # in a corner of the frame: short lines, one under the other
            left = x + sign * (2 * R + 12)
            detail.set("text-anchor", "end" if label.align == "right" else "start")
            for row, line in enumerate(_lines(parts, SIDE_LINE)):
                span = ET.SubElement(detail, "tspan")
                span.set("x", num(left))
                span.set("y", num(y + geometry.font * (1.9 + 1.25 * row)))
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
    if match.money:
        # Translators: a money session's score on a player's line ("won 3").
        return [_("won {points}").format(points=points)]
    # Translators: a match's score on a player's line, the points won of those the match
    # is played to ("score 3/5"): the word keeps it from reading as a move (walk 18).
    score = _("score {points}/{length}").format(points=points, length=match.length)
    if ending is not None:
        return [score]

    parts = [score]
    if points == match.length - 1 and len(match.score) == 2:
        if match.crawford:
            parts.append(_("Crawford"))
        elif match.post_crawford:
            parts.append(_("post-Crawford"))

    return parts
