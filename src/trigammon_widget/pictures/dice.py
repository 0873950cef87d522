"""The dice and the doubling cube, drawn beside the checkers (``svg.board_svg``)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence

from ..engine.position import Position
from ..engine.stakes import Cube
from .geometry import CUBE, DIE, Geometry, Vec, el
from .themes import Style, ink

__all__ = ["draw_cube", "draw_dice", "draw_die"]

PIPS: Mapping[int, tuple[Vec, ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def draw_dice(
    dice: tuple[int, int],
    places: tuple[Vec, Vec],
    style: Style,
    player: int,
    left: Sequence[int] | None = None,
) -> ET.Element:
    """The two dice of ``player``'s roll at their places; with the dice ``left`` to
    play, those played are faded, so a finished move shows it has used its roll."""
    group = el("g", class_="tg-dice", data_player=player)
    played = _played(dice, left)
    for index, (value, centre) in enumerate(zip(dice, places, strict=True)):
        die = draw_die(value, index, centre, style, player)
        if played[index]:
            die.set("opacity", "0.35")
            die.set("data-played", "true")
        group.append(die)
    return group


def _played(dice: tuple[int, int], left: Sequence[int] | None) -> tuple[bool, bool]:
    """Which of the two dice are played: a die whose number is not left; of doubles'
    four moves (R4), the second die after two, both after four."""
    if left is None:
        return False, False
    first, second = dice
    if first != second:
        return first not in left, second not in left
    made = 4 - list(left).count(first)
    return made >= 4, made >= 2


def draw_die(value: int, index: int, centre: Vec, style: Style, player: int) -> ET.Element:
    """One die showing ``value``, in ``player``'s colours."""
    fill = style.fills[player]
    x, y = centre
    die = el(
        "g",
        class_="tg-die",
        data_kind="die",
        data_value=value,
        data_index=index,
        data_player=player,
    )
    die.append(
        el(
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
            el(
                "circle",
                cx=x + dx * DIE * 0.26,
                cy=y + dy * DIE * 0.26,
                r=DIE * 0.085,
                fill=ink(fill),
            )
        )
    return die


def draw_cube(cube: Cube, position: Position, geometry: Geometry, style: Style) -> ET.Element:
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
    group = el(
        "g",
        class_="tg-cube",
        data_kind="cube",
        data_value=value,
        data_owner=owner,
        data_offered=str(cube.offered).lower(),
    )
    x, y = centre
    group.append(
        el(
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
    text = el(
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
