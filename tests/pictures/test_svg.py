"""Structural tests of the board pictures: the SVG parsed as XML, read like a front end would."""

from __future__ import annotations

import itertools
import math
import random
import re
import runpy
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.paths import ROOT
from trigammon_widget.engine import (
    CHECKERS,
    CLASSIC,
    TRIGAMMON,
    Cube,
    MatchPosition,
    MatchState,
    Position,
    Variant,
    Win,
)
from trigammon_widget.pictures.geometry import R
from trigammon_widget.pictures.svg import SvgBoard, board_svg
from trigammon_widget.pictures.themes import THEMES
from trigammon_widget.teaching.toolkit import setup

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def tag(element: ET.Element) -> str:
    return element.tag.removeprefix(SVG)


def of_kind(root: ET.Element, kind: str, **data: object) -> list[ET.Element]:
    """Elements with ``data-kind=kind`` and the given ``data-*`` values."""
    return [
        element
        for element in root.iter()
        if element.get("data-kind") == kind
        and all(element.get(f"data-{key}") == str(value) for key, value in data.items())
    ]


def checkers(element: ET.Element) -> list[ET.Element]:
    return [e for e in element.iter() if e.get("data-kind") == "checker"]


def texts(element: ET.Element) -> list[str]:
    return ["".join(e.itertext()) for e in element.iter() if tag(e) == "text"]


def centre(point: ET.Element) -> tuple[float, float]:
    """Centre of a point's lane: the first polygon of its group, its click area."""
    polygon = next(e for e in point.iter() if tag(e) == "polygon")
    pairs = [tuple(map(float, p.split(","))) for p in polygon.get("points", "").split()]
    return sum(x for x, _ in pairs) / len(pairs), sum(y for _, y in pairs) / len(pairs)


def self_play(variant: Variant, seed: int, turns: int) -> Position:
    rng = random.Random(seed)
    position = Position.start(variant)
    for _ in range(turns):
        position = position.with_dice(rng.randint(1, 6), rng.randint(1, 6))
        position = position.play(rng.choice(list(position.legal_plays())))
        if position.is_over():
            break
    return position


POSITIONS = {
    "trigammon-start": Position.start(TRIGAMMON).with_dice(3, 1),
    "classic-start": Position.start(CLASSIC),
    "trigammon-tall": Position.build(
        TRIGAMMON, {0: {"bar": 6, 20: 9}, 1: {"bar": 1, 3: 14}, 2: {36: 15}}, turn=1, dice=(6, 6)
    ),
    "classic-tall": Position.build(CLASSIC, {0: {"bar": 8, 24: 7}, 1: {"bar": 2}}, dice=(2, 1)),
    "trigammon-won": Position.build(TRIGAMMON, {1: {35: 3, "bar": 6}, 2: {30: 1}}, turn=0),
    **{f"trigammon-game-{seed}": self_play(TRIGAMMON, seed, 25 + seed) for seed in range(4)},
    **{f"classic-game-{seed}": self_play(CLASSIC, seed, 20 + seed) for seed in range(4)},
}


@pytest.mark.parametrize("position", POSITIONS.values(), ids=POSITIONS.keys())
def test_drawn_checkers_are_the_positions(position: Position) -> None:
    root = parse(board_svg(position))
    variant = position.variant
    counted = [0] * variant.players
    for point in range(1, variant.points + 1):
        stacks = of_kind(root, "stack", point=point)
        occupant = position.points[point]
        if occupant is None:
            assert stacks == []
            continue
        player, count = occupant
        (stack,) = stacks
        assert stack.get("data-player") == str(player)
        assert stack.get("data-count") == str(count)
        drawn = checkers(stack)
        assert {c.get("data-player") for c in drawn} == {str(player)}
        assert {c.get("data-point") for c in drawn} == {str(point)}
        assert len(drawn) == min(count, 5)
        assert texts(stack) == ([str(count)] if count > 5 else [])
        counted[player] += count
    for player in range(variant.players):
        (bar,) = of_kind(root, "bar", player=player)
        assert bar.get("data-count") == str(position.bar(player))
        on_bar = checkers(bar)
        assert 0 < len(on_bar) <= position.bar(player) or position.bar(player) == 0
        if len(on_bar) < position.bar(player):
            assert texts(bar) == [str(position.bar(player))]
        (tray,) = of_kind(root, "tray", player=player)
        assert tray.get("data-count") == str(position.borne_off(player))
        assert len(checkers(tray)) == position.borne_off(player)
        counted[player] += position.bar(player) + position.borne_off(player)
    assert counted == [CHECKERS] * variant.players


def test_a_stack_taller_than_fits_shows_its_count_on_the_top_checker() -> None:
    position = POSITIONS["trigammon-tall"]
    root = parse(board_svg(position))
    (stack,) = of_kind(root, "stack", point=20)
    drawn = checkers(stack)
    assert [c.get("data-index") for c in drawn] == ["0", "1", "2", "3", "4"]
    assert texts(drawn[-1]) == ["9"]
    (bar,) = of_kind(root, "bar", player=0)
    assert texts(bar) == ["6"]
    assert texts(checkers(bar)[-1]) == ["6"]


def test_a_count_reads_over_the_third_player_s_dot() -> None:
    """Issue 22 item 13: the count is haloed in the checker's own colour."""
    root = parse(board_svg(POSITIONS["trigammon-tall"]))
    (stack,) = of_kind(root, "stack", point=TRIGAMMON.absolute(2, 36))
    (count,) = [e for e in stack.iter() if e.get("class") == "tg-count"]
    assert count.text == "15" and count.get("paint-order") == "stroke"
    assert count.get("stroke") == THEMES["light"].checkers[2]


def test_a_corner_label_keeps_to_short_lines() -> None:
    """Issue 22 item 13: a trigammon player's line in a corner of the frame ("score 4/5 ·
    72 pips · 13 off · to roll") is cut into lines that fit beside the frame; the seat at
    the bottom has a row of its own and keeps one line."""
    position = Position.build(
        TRIGAMMON, {0: {30: 15}, 1: {35: 2, 36: 1}, 2: {33: 4, 30: 5}}, turn=1
    )
    state = MatchState(5, (0, 4, 1))
    root = parse(board_svg(position, match=state, perspective=0))
    for player in (1, 2):
        (label,) = of_kind(root, "player", player=player)
        spans = [e.text or "" for e in label.iter() if tag(e) == "tspan"]
        assert len(spans) <= 3 and all(len(line) <= 16 for line in spans), spans
    (mover,) = of_kind(root, "player", player=1)
    assert [e.text for e in mover.iter() if tag(e) == "tspan"] == [
        "score 4/5",
        "5 pips · 12 off",
        "to roll",
    ]
    (seated,) = of_kind(root, "player", player=0)
    assert texts(seated)[-1] == "score 0/5 · 105 pips"


def numbers(root: ET.Element) -> dict[int, str]:
    return {int(e.get("data-point", "")): "".join(e.itertext()) for e in of_kind(root, "number")}


def test_classic_numbers_are_gnubgs_from_the_seated_player() -> None:
    position = Position.start(CLASSIC)
    seen_by_0 = numbers(parse(board_svg(position, perspective=0)))
    seen_by_1 = numbers(parse(board_svg(position, perspective=1)))
    # Player 0 travels absolute 1 -> 24, so its notation calls absolute 24 "1".
    assert seen_by_0 == {point: str(25 - point) for point in range(1, 25)}
    assert seen_by_1 == {point: str(point) for point in range(1, 25)}


def test_trigammon_numbers_are_the_seated_players_path() -> None:
    position = Position.start(TRIGAMMON)
    for seat in range(3):
        shown = numbers(parse(board_svg(position, perspective=seat)))
        assert shown[12 * seat + 1] == "1"
        assert shown[(12 * seat + 35) % 36 + 1] == "36"
        assert shown == {p: str(TRIGAMMON.path(seat, p)) for p in range(1, 37)}


def test_numbering_absolute_or_another_players() -> None:
    position = Position.start(TRIGAMMON, turn=1)
    absolute = numbers(parse(board_svg(position, numbering="absolute")))
    assert absolute == {p: str(p) for p in range(1, 37)}
    # Seated as player 0, numbered as player 2 sees it.
    other = numbers(parse(board_svg(position, perspective=0, numbering=2)))
    assert other[25] == "1"
    assert other[24] == "36"


def test_points_carry_the_seated_players_path() -> None:
    root = parse(board_svg(Position.start(TRIGAMMON), perspective=2))
    for point in of_kind(root, "point"):
        absolute = int(point.get("data-point", ""))
        assert point.get("data-path") == str(TRIGAMMON.path(2, absolute))


def label_at(label: ET.Element) -> tuple[float, float]:
    """Where a player's label is: the anchor of its name."""
    name = next(e for e in label.iter() if tag(e) == "text")
    return float(name.get("x", "")), float(name.get("y", ""))


@pytest.mark.parametrize("seat", range(3))
def test_trigammon_seats_each_player_in_front_of_its_home(seat: int) -> None:
    """RULES.md Seating, read from the drawing: the viewer's side, at the bottom, holds
    its outer zone 25..30 and, on its left, its home 31..36; its path goes on clockwise
    up the left side, the seat of the next player (R3), and down the right side."""
    root = parse(board_svg(Position.start(TRIGAMMON), perspective=seat))
    where = {int(p.get("data-point", "")): centre(p) for p in of_kind(root, "point")}
    hub = (sum(x for x, _ in where.values()) / 36, sum(y for _, y in where.values()) / 36)
    bottom_y = max(y for _, y in where.values())
    bottom = [p for _, p in sorted((x, p) for p, (x, y) in where.items() if y == bottom_y)]
    assert [TRIGAMMON.path(seat, p) for p in bottom] == list(range(36, 24, -1))
    shown = numbers(root)
    assert [shown[p] for p in bottom] == [str(i) for i in range(36, 24, -1)]
    home = [where[TRIGAMMON.absolute(seat, i)] for i in range(31, 37)]
    outer = [where[TRIGAMMON.absolute(seat, i)] for i in range(25, 31)]
    assert max(x for x, _ in home) < min(x for x, _ in outer)

    def seated(player: int) -> list[tuple[float, float]]:
        """The points in front of ``player``, its path 25..36, in that order."""
        return [where[TRIGAMMON.absolute(player, i)] for i in range(25, 37)]

    nxt, after = (seat + 1) % 3, (seat + 2) % 3
    left, right = seated(nxt), seated(after)  # the viewer's path 1..12 and 13..24
    assert all(x < hub[0] and y < bottom_y for x, y in left)
    assert all(x > hub[0] and y < bottom_y for x, y in right)
    # Clockwise: up the left side from the corner at the viewer's home, down the right.
    assert [y for _, y in left] == sorted((y for _, y in left), reverse=True)
    assert [y for _, y in right] == sorted(y for _, y in right)

    # Name, tray and bar arm by each seat: the viewer's below its side, its tray and bar
    # arm in the corner where its home ends and its path begins; the others' likewise.
    def placed(kind: str, player: int) -> tuple[float, float]:
        (element,) = of_kind(root, kind, player=player)
        return label_at(element) if kind == "player" else centre(element)

    assert placed("player", seat)[1] > bottom_y
    assert placed("player", nxt)[0] < hub[0] < placed("player", after)[0]
    for kind in ("tray", "bar"):
        own, left_one, right_one = (placed(kind, p) for p in (seat, nxt, after))
        assert own[0] < hub[0] and own[1] > hub[1], kind  # lower left
        assert left_one[1] < hub[1] and left_one[0] == pytest.approx(hub[0], abs=1), kind  # top
        assert right_one[0] > hub[0] and right_one[1] > hub[1], kind  # lower right
    tray = placed("tray", seat)
    assert tray[0] < min(x for x, _ in home) and tray[1] > left[0][1]


@pytest.mark.parametrize("seat", range(2))
def test_classic_home_is_bottom_right(seat: int) -> None:
    root = parse(board_svg(Position.start(CLASSIC), perspective=seat))
    where = {int(p.get("data-point", "")): centre(p) for p in of_kind(root, "point")}
    by_number = {int(25 - CLASSIC.path(seat, p)): xy for p, xy in where.items()}
    home = [by_number[n] for n in range(1, 7)]
    outer = [by_number[n] for n in range(7, 13)]
    top = [by_number[n] for n in range(13, 25)]
    bottom_y = max(y for _, y in where.values())
    assert all(y == bottom_y for _, y in home + outer)
    assert all(y < bottom_y for _, y in top)
    assert min(x for x, _ in home) > max(x for x, _ in outer)
    # 1 at the far right, 12 at the far left, 13..24 along the top from the left.
    assert [x for x, _ in home + outer] == sorted((x for x, _ in home + outer), reverse=True)
    assert [x for x, _ in top] == sorted(x for x, _ in top)


def test_text_is_escaped() -> None:
    names = ["<script>alert(1)</script>", 'a & "b"', "</text><b>"]
    svg = board_svg(Position.start(TRIGAMMON), names=names)
    root = parse(svg)
    assert not [e for e in root.iter() if tag(e) in ("script", "b")]
    assert "<script>" not in svg
    labels = {e.get("data-player"): e for e in of_kind(root, "player")}
    # Full names in each label's title; the bottom row shows the name itself.
    for player, name in enumerate(names):
        assert labels[str(player)].find(f"{SVG}title").text == name  # type: ignore[union-attr]
    assert 'a & "b"' in texts(labels["1"])
    assert "</text><b>" in texts(labels["2"])


def test_attribute_values_are_escaped() -> None:
    svg = board_svg(Position.start(CLASSIC), colors=['red" onload="alert(1)', "#000"])
    root = parse(svg)
    assert not [e for e in root.iter() if "onload" in e.attrib]
    fills = {e.get("fill") for e in of_kind(root, "checker", player=0)[0].iter()}
    assert 'red" onload="alert(1)' in fills


def test_dice_highlights_selection_and_arrows_carry_engine_coordinates() -> None:
    position = Position.start(TRIGAMMON, turn=1).with_dice(6, 4)
    play = next(iter(position.legal_plays()))
    root = parse(
        board_svg(position, highlight=[13, "off"], selected=24, arrows=play, perspective=0)
    )
    assert [d.get("data-value") for d in of_kind(root, "die")] == ["6", "4"]
    assert {d.get("data-player") for d in of_kind(root, "die")} == {"1"}
    highlighted = [e for e in root.iter() if e.get("data-highlighted") == "true"]
    assert {
        (e.get("data-kind"), e.get("data-point") or e.get("data-player")) for e in highlighted
    } == {
        ("point", "13"),
        ("tray", "1"),
    }
    assert [e.get("data-point") for e in of_kind(root, "selected")] == ["24"]
    drawn = [(a.get("data-from"), a.get("data-to")) for a in of_kind(root, "arrow")]
    # The play is in player 1's path coordinates; arrows name absolute points.
    assert drawn == [
        (str(TRIGAMMON.absolute(1, m.start)), str(TRIGAMMON.absolute(1, m.end))) for m in play
    ]


def test_the_better_play_is_drawn_above_the_play_made_and_apart_from_it() -> None:
    """Issue 22 item 10: the tutor's (or the review's) better play is drawn over the
    play made, and a move both plays make is two arrows, the better one further round."""
    position = Position.start(CLASSIC).with_dice(3, 1)
    made, best = position.parse_play("24/21 6/5"), position.parse_play("8/5 6/5")
    root = parse(board_svg(position, arrows=made, best=best))
    order = [e.get("data-kind") for e in root.iter() if e.get("data-kind") in ("arrow", "best")]
    assert order == ["arrow", "arrow", "best", "best"]
    paths = {
        (kind, e.get("data-from"), e.get("data-to")): next(
            c.get("d", "") for c in e if tag(c) == "path"
        )
        for kind in ("arrow", "best")
        for e in of_kind(root, kind)
    }
    shared = [(f, to) for (kind, f, to) in paths if kind == "best" and ("arrow", f, to) in paths]
    assert shared == [("19", "20")]  # 6/5, in both plays
    (start, end) = shared[0]

    def control(d: str) -> tuple[float, float]:
        x, y = d.split("Q")[1].split()[0].split(",")
        return float(x), float(y)

    a, b = control(paths["arrow", start, end]), control(paths["best", start, end])
    assert math.dist(a, b) > 20  # apart: the dashed arrow is not under the solid one


Vec = tuple[float, float]


def arrow_parts(arrow: ET.Element) -> tuple[list[Vec], list[Vec]]:
    """An arrow's shaft, sampled along its path (``M`` then one ``Q`` or ``C``), and its
    head's corners (tip first)."""
    path = next(e for e in arrow if tag(e) == "path")
    numbers = [float(n) for n in re.findall(r"-?[\d.]+", path.get("d", ""))]
    points = list(zip(numbers[::2], numbers[1::2], strict=True))
    degree = len(points) - 1
    shaft = [
        (
            sum(
                math.comb(degree, i) * (1 - t) ** (degree - i) * t**i * x
                for i, (x, _) in enumerate(points)
            ),
            sum(
                math.comb(degree, i) * (1 - t) ** (degree - i) * t**i * y
                for i, (_, y) in enumerate(points)
            ),
        )
        for t in (k / 50 for k in range(51))
    ]
    head = next(e for e in arrow if tag(e) == "polygon")
    corners = [tuple(map(float, p.split(","))) for p in head.get("points", "").split()]
    return shaft, corners  # type: ignore[return-value]


def checker_at(root: ET.Element, point: str, index: int | None = None) -> Vec:
    """The centre of a point's checker (its top one by default)."""
    found = of_kind(root, "checker", point=point)
    circle = next(e for e in found[-1 if index is None else index] if tag(e) == "circle")
    return float(circle.get("cx", "")), float(circle.get("cy", ""))


def labelled(root: ET.Element) -> list[Vec]:
    """The centres of the checkers that carry a stack's count."""
    return [
        next((float(c.get("cx", "")), float(c.get("cy", ""))) for c in e if tag(c) == "circle")
        for e in of_kind(root, "checker")
        if any(c.get("class") == "tg-count" for c in e)
    ]


COUNTED = [
    (setup(CLASSIC, {"X": {6: 7, 8: 3, 13: 3}, "O": {1: 2, 19: 5}}, (2, 1)), "8/6 8/7", "8/6 6/5"),
    (
        setup(CLASSIC, {"X": {6: 2, 5: 7, 1: 3}, "O": {24: 2, 19: 5}}, (6, 1)),
        "6/off 5/4",
        "6/off 6/5",
    ),
    (
        setup(TRIGAMMON, {"X": {12: 7, 17: 3, 19: 5}, "O": {24: 2}, "V": {20: 2}}, (5, 2)),
        "17/19 12/17",
        "12/14 12/17",
    ),
]


@pytest.mark.parametrize(("position", "made", "better"), COUNTED)
def test_arrows_start_and_end_off_the_checkers_and_their_counts(
    position: Position, made: str, better: str
) -> None:
    """Issue 41: a review's arrowhead sat on the count of the stack it ended on. Every
    arrow starts and ends at a checker's rim, a little off it, never on its face where a
    count is written; its head points at the checker it ends on."""
    root = parse(
        board_svg(position, arrows=position.parse_play(made), best=position.parse_play(better))
    )
    counts = labelled(root)
    assert counts  # the picture has stacks with counts to keep clear
    arrows = of_kind(root, "arrow") + of_kind(root, "best")
    for arrow in arrows:
        shaft, (tip, *base) = arrow_parts(arrow)
        for corner in (tip, *base, shaft[0]):
            assert all(math.dist(corner, count) > R for count in counts), arrow.attrib
        end = arrow.get("data-to", "")
        if end != "off":
            target = checker_at(root, end) if of_kind(root, "checker", point=end) else None
            if target is not None:
                assert R < math.dist(tip, target) < R + 6
                middle = ((base[0][0] + base[1][0]) / 2, (base[0][1] + base[1][1]) / 2)
                # the head's axis, base to tip, goes on through the checker's centre
                cross = (tip[0] - middle[0]) * (target[1] - middle[1]) - (tip[1] - middle[1]) * (
                    target[0] - middle[0]
                )
                assert abs(cross) / math.dist(tip, middle) < 1.0


@pytest.mark.parametrize(
    ("position", "play"),
    [
        (setup(CLASSIC, {"X": {8: 3, 7: 2, 24: 2}, "O": {1: 2, 19: 5}}, (1, 2)), "8/7 24/22"),
        (setup(CLASSIC, {"X": {8: 2, 24: 2, 13: 5}, "O": {1: 2, 19: 5}}, (1, 3)), "8/7 24/21"),
        (
            setup(TRIGAMMON, {"X": {20: 2, 22: 4, 36: 2}, "O": {13: 2}, "V": {2: 2}}, (1, 1)),
            "20/21(2) 22/23(2)",
        ),
    ],
)
def test_a_one_pip_move_is_a_clear_arrow_over_the_board(position: Position, play: str) -> None:
    """Issue 41: a one-pip arrow was a small hook. It is a hop: up out of its stack into
    the open board, across in one direction, and down onto the next point's, its shaft on
    neither checker and several heads long, its head pointing into the landing point."""
    root = parse(board_svg(position, arrows=position.parse_play(play)))
    hops = [
        a
        for a in of_kind(root, "arrow")
        if abs(int(a.get("data-to", "")) - int(a.get("data-from", ""))) == 1
    ]
    assert hops
    for arrow in hops:
        shaft, (tip, *base) = arrow_parts(arrow)
        start = checker_at(root, arrow.get("data-from", ""))
        middle = ((base[0][0] + base[1][0]) / 2, (base[0][1] + base[1][1]) / 2)
        down = (tip[0] - middle[0], tip[1] - middle[1])
        down = (down[0] / math.hypot(*down), down[1] / math.hypot(*down))
        travel = (tip[0] - start[0], tip[1] - start[1])
        lift = travel[0] * down[0] + travel[1] * down[1]
        along = (travel[0] - lift * down[0], travel[1] - lift * down[1])  # across the row
        steps = [
            (b[0] - a[0]) * along[0] + (b[1] - a[1]) * along[1]
            for a, b in itertools.pairwise(shaft)
        ]
        assert all(step >= -1e-6 for step in steps)  # never curls back: no hook
        length = sum(math.dist(a, b) for a, b in itertools.pairwise(shaft))
        head = math.dist(tip, base[0])
        assert length >= 2 * head
        assert all(math.dist(point, start) > R for point in shaft)  # off the checker it leaves
        assert math.dist(shaft[-1], tip) < head  # the shaft runs into the head


def test_arrows_of_the_last_play_name_its_mover() -> None:
    # Player 0's path positions are the absolute points: notation 22 is point 3.
    before = Position.build(CLASSIC, {0: {"bar": 1, 12: 14}, 1: {22: 1}}, dice=(3, 1))
    play = before.parse_play("bar/22* 13/12")
    after = before.play(play)
    root = parse(board_svg(after, arrows=play, mover=0))
    arrows = of_kind(root, "arrow")
    assert [(a.get("data-from"), a.get("data-to"), a.get("data-hit")) for a in arrows] == [
        ("bar", "3", "true"),
        ("12", "13", "false"),
    ]
    pairs = parse(board_svg(after, arrows=[("bar", 3), (12, 13)], mover=0))
    assert [(a.get("data-from"), a.get("data-to")) for a in of_kind(pairs, "arrow")] == [
        ("bar", "3"),
        ("12", "13"),
    ]


def test_a_checkers_course_is_one_arrow_from_stop_to_stop() -> None:
    """Walk 26 read bar/8 with 2-2 as four hops curling over the points between: a
    checker moving on is one arrow from where it starts to where it ends, broken only
    where it hits, as its notation writes it; two checkers are two arrows."""

    def drawn(position: Position, play: str) -> list[tuple[str | None, ...]]:
        root = parse(board_svg(position, arrows=position.parse_play(play)))
        return [
            (a.get("data-from"), a.get("data-to"), a.get("data-hit"))
            for a in of_kind(root, "arrow")
        ]

    entering = setup(TRIGAMMON, {"X": {"bar": 1, 20: 2}, "O": {13: 2}, "V": {30: 2}}, (2, 2))
    assert entering.format_play(entering.parse_play("bar/8")) == "bar/8"
    assert drawn(entering, "bar/8") == [("bar", "8", "false")]
    hitting = setup(TRIGAMMON, {"X": {"bar": 1, 20: 2}, "O": {13: 2}, "V": {4: 1, 30: 2}}, (2, 2))
    assert drawn(hitting, "bar/4*/8") == [("bar", "4", "true"), ("4", "8", "false")]
    # Classic X's notation numbers point n of the board's 25 - n.
    opening = Position.start(CLASSIC).with_dice(4, 2)
    assert drawn(opening, "13/9 13/11") == [("12", "16", "false"), ("12", "14", "false")]
    doubles = Position.start(CLASSIC).with_dice(2, 2)
    assert (
        drawn(doubles, "13/11(2) 6/4(2)")
        == [("12", "14", "false")] * 2 + [("19", "21", "false")] * 2
    )


def test_turn_and_pips_are_labelled() -> None:
    position = POSITIONS["trigammon-tall"]
    root = parse(board_svg(position, names=["Ann", "Bo", "Cy"]))
    labels = {e.get("data-player"): e for e in of_kind(root, "player")}
    assert labels["1"].get("data-turn") == "true"
    assert labels["0"].get("data-turn") == "false"
    for player in range(3):
        assert any(f"{position.pip_count(player)} pips" in t for t in texts(labels[str(player)]))
    assert any("to move" in t for t in texts(labels["1"]))
    won = parse(board_svg(POSITIONS["trigammon-won"]))
    assert any("wins" in t for t in texts(of_kind(won, "player", player=0)[0]))


def test_a_game_ended_off_the_board_names_its_winner_and_nobody_to_roll() -> None:
    """A double passed (R14) ends the game with checkers still on the board: the winner's
    line says so, no player is to roll or marked to move, the title names the winner."""
    start = Position.start(CLASSIC)
    root = parse(board_svg(start, names=["Ann", "Bo"], result=Win(1, 2, "drop")))
    lines = {p: texts(of_kind(root, "player", player=p)[0])[-1] for p in (0, 1)}
    assert lines == {0: "167 pips", 1: "167 pips · wins (double passed)"}
    assert root.get("aria-label") == "Classic position, Bo wins"
    assert not [e for e in root.iter() if e.get("class") == "tg-turn"]
    resigned = parse(board_svg(start, result=Win(0, 1, "resignation")))
    assert texts(of_kind(resigned, "player", player=0)[0])[-1].endswith("wins (resignation)")


def cube_of(svg: str) -> tuple[dict[str, str], tuple[float, float], list[str]]:
    """The cube's data attributes, its square's centre and its text."""
    (cube,) = of_kind(parse(svg), "cube")
    rect = next(e for e in cube.iter() if tag(e) == "rect")
    size = float(rect.get("width", "0"))
    x, y = float(rect.get("x", "0")) + size / 2, float(rect.get("y", "0")) + size / 2
    data = {k.removeprefix("data-"): v for k, v in cube.attrib.items() if k.startswith("data-")}
    return data, (x, y), texts(cube)


def test_the_cube_sits_centred_or_at_its_owners_side() -> None:
    """R14: the cube shows its value; centred mid-board, owned at the owner's side (the
    seated player's at the bottom), offered where the doubler's dice go."""
    start = Position.start(CLASSIC)
    centred, (_, middle), text = cube_of(board_svg(start, cube=Cube()))
    assert centred == {"kind": "cube", "value": "1", "owner": "centre", "offered": "false"}
    assert text == ["1"]
    mine, (_, low), text = cube_of(board_svg(start, cube=Cube(4, 0)))
    assert (mine["owner"], text) == ("0", ["4"])
    theirs, (_, high), _ = cube_of(board_svg(start, cube=Cube(4, 1)))
    assert theirs["owner"] == "1"
    assert high < middle < low
    _, (_, flipped), _ = cube_of(board_svg(start, cube=Cube(4, 1), perspective=1))
    assert flipped == low
    offered, (x, y), text = cube_of(board_svg(start.with_turn(1), cube=Cube(2, 1, offered=True)))
    assert (offered["value"], offered["offered"], text) == ("4", "true", ["4"])
    dice = of_kind(parse(board_svg(start.with_turn(1).with_dice(3, 1))), "die")
    rects = [next(e for e in die.iter() if tag(e) == "rect") for die in dice]
    spots = [float(r.get("x", "0")) + float(r.get("width", "0")) / 2 for r in rects]
    assert (x, y) == (sum(spots) / 2, middle)  # between the doubler's dice


def test_the_score_line_names_the_crawford_game() -> None:
    start = Position.start(CLASSIC)
    root = parse(board_svg(start, match=MatchState(5, (4, 2), crawford=True)))
    assert any(t.startswith("score 4/5 \u00b7 Crawford \u00b7 167 pips") for t in texts(root))
    assert any(t.startswith("score 2/5 \u00b7 167 pips") for t in texts(root))
    post = parse(board_svg(start, match=MatchState(5, (4, 3))))
    assert any(t.startswith("score 4/5 \u00b7 post-Crawford") for t in texts(post))
    money = parse(board_svg(start, match=MatchState(score=(3, 0), jacoby=True)))
    assert any(t.startswith("won 3 \u00b7 167 pips") for t in texts(money))
    title = money.find(f"{SVG}title")
    assert title is not None and title.text == (
        "Classic position, Player X to move, money play, score 3-0, Jacoby rule"
    )


def test_match_position_draws_its_cube_and_score() -> None:
    match = MatchPosition(Position.start(CLASSIC), Cube(2, 1), MatchState(7, (3, 5)))
    assert (
        match._repr_svg_()
        == board_svg(match)
        == board_svg(match.position, cube=match.cube, match=match.state)
    )


@pytest.mark.parametrize(
    ("position", "options", "message"),
    [
        (Position.start(TRIGAMMON), {"cube": Cube()}, "trigammon has no doubling cube"),
        (Position.start(CLASSIC), {"cube": 2}, "cube must be a Cube, not 2"),
        (
            Position.start(CLASSIC),
            {"cube": Cube(2, 0), "match": MatchState(3, (2, 0), crawford=True)},
            "no doubling in the Crawford game",
        ),
        (Position.start(CLASSIC), {"match": MatchState(score=(0, 0, 0))}, "has 2 scores"),
    ],
)
def test_cube_and_match_must_fit_the_position(
    position: Position, options: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        board_svg(position, **options)  # type: ignore[arg-type]


def test_no_ids_or_style_sheets_so_boards_share_a_page() -> None:
    for position in POSITIONS.values():
        root = parse(board_svg(position, selected=None, theme="dark"))
        assert not [e for e in root.iter() if "id" in e.attrib or tag(e) == "style"]


def test_size_sets_the_width_and_keeps_the_shape() -> None:
    root = parse(board_svg(Position.start(TRIGAMMON), size=400))
    _, _, width, height = map(float, root.get("viewBox", "").split())
    assert root.get("width") == "400"
    assert root.get("height") == str(round(400 * height / width))
    natural = parse(board_svg(Position.start(TRIGAMMON)))
    assert natural.get("width") == natural.get("viewBox", "").split()[2]


def test_themes_change_the_colours_only() -> None:
    position = POSITIONS["classic-game-1"]
    light, dark = board_svg(position, theme="light"), board_svg(position, theme="dark")
    assert THEMES["dark"].background in dark and THEMES["dark"].background not in light
    structure = [
        [(tag(e), e.get("data-kind"), e.get("data-point")) for e in parse(s).iter()]
        for s in (light, dark)
    ]
    assert structure[0] == structure[1]
    assert board_svg(position, theme=THEMES["dark"]) == dark


def test_svg_board_shows_and_saves_itself(tmp_path: Path) -> None:
    picture = board_svg(Position.start(CLASSIC))
    assert isinstance(picture, SvgBoard)
    assert picture._repr_svg_() == picture
    target = tmp_path / "board.svg"
    picture.save(target)
    text = target.read_text(encoding="utf-8")
    assert text.startswith("<?xml")
    assert tag(ET.fromstring(text.split("\n", 1)[1])) == "svg"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"perspective": 3}, "perspective must be a player 0..2"),
        ({"numbering": "gnubg"}, "numbering must be 'perspective', 'absolute' or a player"),
        ({"numbering": 5}, "numbering must be a player 0..2"),
        ({"highlight": [37]}, "highlight: 37 is not a point 1..36"),
        ({"selected": "tray"}, "selected: 'tray' is not a point"),
        ({"arrows": [(5, 5)]}, "starts where it ends"),
        ({"arrows": [5]}, "not a (start, end) pair"),
        ({"names": ["a", "b"]}, "trigammon needs 3 names, one per player"),
        ({"colors": "red"}, "colors needs one string per player"),
        ({"theme": "sepia"}, "unknown theme 'sepia'"),
        ({"size": 0}, "size is a width in pixels"),
        ({"mover": -1}, "mover must be a player"),
        ({"result": "X wins"}, "result must be a Win of a player"),
        ({"result": Win(3, 1, "drop")}, "result must be a Win of a player"),
    ],
)
def test_bad_options_are_named(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError) as error:
        board_svg(Position.start(TRIGAMMON), **options)  # type: ignore[arg-type]
    assert message in str(error.value)


def test_the_engine_does_not_import_the_renderer() -> None:
    code = (
        "import sys, trigammon_widget.engine; "
        "assert 'trigammon_widget.pictures.svg' not in sys.modules, 'engine imported svg'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_docs_pictures_are_current() -> None:
    """The reference pictures are what the renderer draws today."""
    script = runpy.run_path(str(ROOT / "scripts" / "make_docs_pictures.py"))
    for stem, picture in script["pictures"]():
        saved = (ROOT / "docs" / f"{stem}.svg").read_text(encoding="utf-8")
        assert saved == f'<?xml version="1.0" encoding="UTF-8"?>\n{picture}\n', (
            f"docs/{stem}.svg is stale: run scripts/make_docs_pictures.py"
        )


def test_names_with_control_characters_are_refused() -> None:
    """A name that would make the drawing ill-formed XML is refused, as ``Game`` does."""
    for name in ("a\x00b", "bell\x07", "\ud800", "line\nbreak"):
        with pytest.raises(ValueError, match="name"):
            board_svg(Position.start(CLASSIC), names=[name, "O"])


@pytest.mark.parametrize(
    ("dice", "left", "played"),
    [
        ((6, 4), None, [None, None]),
        ((6, 4), (6, 4), [None, None]),
        ((6, 4), (4,), ["true", None]),
        ((6, 4), (6,), [None, "true"]),
        ((6, 4), (), ["true", "true"]),
        ((3, 3), (3, 3, 3), [None, None]),
        ((3, 3), (3, 3), [None, "true"]),
        ((3, 3), (3,), [None, "true"]),
        ((3, 3), (), ["true", "true"]),
    ],
)
def test_played_dice_are_drawn_faded(
    dice: tuple[int, int], left: tuple[int, ...] | None, played: list[str | None]
) -> None:
    """The seventh walk: a full move left its dice looking unplayed. With the dice left
    to play, each played die is faded (doubles: a die for each two of the four moves)."""
    position = Position.start(CLASSIC).with_dice(*dice)
    dies = of_kind(parse(board_svg(position, dice_left=left)), "die")
    assert [d.get("data-played") for d in dies] == played
    assert [d.get("opacity") for d in dies] == [p and "0.35" for p in played]


def test_each_players_checker_beside_its_name_carries_its_letter() -> None:
    """The seventh walk read X, O and V in the lessons and found only names and discs
    on the board: each player's disc carries the letter the diagrams and texts use."""
    root = parse(board_svg(Position.start(TRIGAMMON), names=["You", "Olga", "Victor"]))
    letters = {
        p.get("data-player"): "".join(
            t.text or ""
            for s in p.iter()
            if s.get("class") == "tg-swatch"
            for t in s.iter()
            if tag(t) == "text"
        )
        for p in of_kind(root, "player")
    }
    assert letters == {"0": "X", "1": "O", "2": "V"}
