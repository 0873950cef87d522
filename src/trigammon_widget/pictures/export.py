"""Replays of a line of play as one animated SVG, from the one drawing.

Every picture is ``svg``'s drawing (``board_svg`` and the parts it is drawn from,
``board_parts``); nothing here draws a board another way.

``animated_svg(game)`` replays a line of play as one self-contained SVG. The board is
drawn once; each checker is one element whose position CSS keyframes animate; the
dice, the labels and a caption per turn (number, who plays, dice, notation) show in
their time windows. It has no script, no external reference and no web font, so it
plays where an SVG is shown with ``<img>``: Markdown on GitHub, Sphinx, MkDocs. Where
nothing animates (``prefers-reduced-motion``, a viewer without CSS animation) it
shows the last position of the replay. ``raster`` makes PNG stills and GIFs of the
same replay.
"""

from __future__ import annotations

import hashlib
import math
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine import Game, Position, Turn
from ..engine.game import Record
from ..engine.i18n import _
from ..engine.notation import play_text
from ..engine.places import Place, place_of
from .geometry import R
from .svg import FONT, Numbering, Parts, SvgBoard, board_parts
from .themes import Theme

if TYPE_CHECKING:
    pass

__all__ = ["AnimatedSvg", "Replay", "animated_svg", "checked_size", "look", "number", "replay_of"]

Vec = tuple[float, float]
Stacks = dict[tuple[int, Place], list[int]]
"""The checkers (by index) of each player's stack at each place, bottom first."""

CAPTION = 2.6
"""Height of the caption band under the board, in point-number font sizes."""
STILL_BEFORE, MOVING = 0.2, 0.6
"""Shares of a turn: its roll shown still, then checkers moving; the rest is still."""
LANDING = 0.15
"""Share of each move's time spent still where it lands, before the next move."""
BLINK = 0.004
"""Share of a turn a flying checker takes to appear or vanish (well inside a landing)."""
MAX_REPLAY_TURNS = 100
"""Most turns a replay (animated SVG, GIF) shows: some 400 KB of SVG, a GIF of seconds
to make (``SECURITY.md``); a longer line is replayed in parts (``first``, ``last``)."""
MAX_SECONDS_PER_TURN = 10.0
"""Longest a replayed turn lasts."""
MAX_SIZE = 4096
"""Widest picture made, in pixels."""


class AnimatedSvg(SvgBoard):
    """An animated SVG document as a string; shows itself in Jupyter and saves itself."""


# --- the replay: what is where, when --------------------------------------------------


@dataclass(frozen=True)
class Flight:
    """One checker's move in the animation: where it flies from and to, and when."""

    start: float
    end: float
    origin: Vec
    target: Vec


@dataclass
class Checker:
    """One checker followed through the replay: where it starts, its flights, and when
    it is borne off (its tray's slab shows from then on)."""

    player: int
    home: Vec
    flights: list[Flight] = field(default_factory=list)
    off_at: float | None = None

    def at(self, time: float) -> tuple[Vec, bool]:
        """Its centre at ``time``, and whether it is flying then."""
        where = self.home
        for flight in self.flights:
            if time < flight.start:
                break
            if time < flight.end:
                share = _ease((time - flight.start) / (flight.end - flight.start))
                return _lerp(flight.origin, flight.target, share), True
            where = flight.target
        return where, False

    @property
    def last(self) -> Vec:
        return self.flights[-1].target if self.flights else self.home


@dataclass(frozen=True)
class Window:
    """An element shown from ``start`` to ``end`` seconds into the replay."""

    start: float
    end: float
    element: ET.Element
    above: bool = False
    """Drawn over the checkers: the count written on a stack."""


@dataclass
class Replay:
    """A line of play laid out for the animation: its parts, their timing and names."""

    parts: Parts
    prefix: str
    """Begins every id and class name: unique to the replay, so that pictures inlined
    in one page never share a name (and equal pictures share equal definitions)."""
    duration: float
    blink: float
    checkers: list[Checker]
    windows: list[Window]
    still: list[ET.Element]
    """What never changes over the board: trays, and slabs borne off before the start."""
    title: str

    @property
    def box(self) -> tuple[float, float, float, float]:
        """The viewBox: the board and the caption band under it."""
        x, y, width, height = self.parts.box
        return x, y, width, height + self.parts.font * CAPTION

    def defs(self) -> ET.Element:
        """A checker per player and every die face the replay rolls."""
        defs = ET.Element("defs")
        players = range(self.parts.variant.players)
        for player in players:
            checker = self.parts.checker(player)
            checker.set("id", f"{self.prefix}c{player}")
            defs.append(checker)
        faces = {
            use.get("href", "")[1:]
            for window in self.windows
            for use in window.element.iter("use")
            if use.get("data-kind") == "die"
        }
        for player in players:
            for value in range(1, 7):
                ident = f"{self.prefix}d{player}{value}"
                if ident in faces:
                    die = self.parts.die(player, value)
                    die.set("id", ident)
                    defs.append(die)
        return defs

    def use(self, player: int, centre: Vec, **attrs: str) -> ET.Element:
        """A reference to ``player``'s checker, placed at ``centre``."""
        return ET.Element(
            "use",
            {"href": f"#{self.prefix}c{player}", "transform": _translate(centre), **attrs},
        )


def _ease(share: float) -> float:
    """About CSS's ``ease-in-out``: a smooth start and stop."""
    return share * share * (3 - 2 * share)


def _lerp(a: Vec, b: Vec, share: float) -> Vec:
    return a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share


def replay_of(
    game: Game,
    first: int,
    last: int | None,
    seconds: float,
    look: dict[str, Any],
) -> Replay:
    """Follow every checker through turns ``first``..``last`` of the game's line."""
    turns = game.turns
    end = len(turns) if last is None else last
    for name, value in (("first", first), ("last", end)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= len(turns):
            raise ValueError(
                _("{name} must be a turn 0..{count} of the line, got {value}").format(
                    name=name, count=len(turns), value=repr(value)
                )
            )
    if end <= first:
        raise ValueError(
            _("nothing to replay: the line has no turn after {first} up to {end}").format(
                first=first, end=end
            )
        )
    if end - first > MAX_REPLAY_TURNS:
        raise ValueError(
            _(
                "a replay shows at most {max_replay_turns} turns, not {number}: replay "
                "the line in parts (first=, last=)"
            ).format(max_replay_turns=MAX_REPLAY_TURNS, number=end - first)
        )
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not 0.3 <= seconds <= MAX_SECONDS_PER_TURN
    ):
        raise ValueError(
            _(
                "seconds_per_turn must be a number 0.3..{max_seconds_per_turn}, got {seconds}"
            ).format(max_seconds_per_turn=f"{MAX_SECONDS_PER_TURN:g}", seconds=repr(seconds))
        )
    start = game.position_at(first)
    variant = start.variant
    perspective = look["perspective"]
    parts = board_parts(
        variant,
        perspective=start.turn if perspective is None else perspective,
        numbering=look["numbering"],
        theme=look["theme"],
        names=look["names"] or game.names,
        colors=look["colors"],
    )
    record = [
        (t.player, t.dice, t.notation) if isinstance(t, Turn) else (t.player, t.notation)
        for t in turns[first:end]
    ]
    digest = hashlib.sha1(repr((start.id, record, seconds, look)).encode()).hexdigest()
    prefix = f"tg{digest[:8]}-"
    duration = (end - first + 1) * seconds

    checkers: list[Checker] = []
    stacks: Stacks = {}
    borne = [start.borne_off(player) for player in range(variant.players)]
    for player in range(variant.players):
        for index in range(variant.off):
            place = place_of(variant, player, index)
            stack = stacks.setdefault((player, place), [])
            for height in range(start.boards[player][index]):
                stack.append(len(checkers))
                checkers.append(Checker(player, parts.slot(player, place, height)))
    still = [parts.tray(player) for player in range(variant.players)]
    still += [parts.slab(p, i) for p in range(variant.players) for i in range(borne[p])]
    windows: list[Window] = []
    counts = _Counts(parts, stacks)

    for slot, ply in enumerate(range(first, end)):
        turn, before = turns[ply], game.position_at(ply)
        began = slot * seconds
        windows.append(Window(began, began + seconds, _turn(parts, prefix, before, turn, ply)))
        if not isinstance(turn, Turn):  # the cube (R14): no checker moves
            continue
        units = sum(2 if move.hit else 1 for move in turn.play)
        step = seconds * MOVING / max(units, 2)
        flight = step * (1 - LANDING)
        clock = began + seconds * STILL_BEFORE
        mover = turn.player
        for move in turn.play:
            origin = place_of(variant, mover, move.start)
            target = place_of(variant, mover, move.end)
            ident = stacks[(mover, origin)].pop()
            counts.mark(clock)
            checker = checkers[ident]
            if target == "off":
                height = borne[mover]
                borne[mover] += 1
                checker.off_at = clock + flight
                windows.append(Window(clock + flight, duration, parts.slab(mover, height)))
            else:
                height = len(stacks.setdefault((mover, target), []))
                stacks[(mover, target)].append(ident)
            destination = parts.slot(mover, target, height)
            checker.flights.append(Flight(clock, clock + flight, checker.last, destination))
            counts.mark(clock + flight)
            clock += step
            if move.hit:  # R7: the lone checker there goes to its owner's bar
                owner = next(
                    p for p in range(variant.players) if p != mover and stacks.get((p, target))
                )
                hit = stacks[(owner, target)].pop()
                bar = stacks.setdefault((owner, "bar"), [])
                bar.append(hit)
                victim = checkers[hit]
                destination = parts.slot(owner, "bar", len(bar) - 1)
                victim.flights.append(Flight(clock, clock + flight, victim.last, destination))
                counts.mark(clock + flight)
                clock += step
        _check(game.position_at(ply + 1), stacks, borne)

    final = game.position_at(end).with_dice()
    windows.append(Window(duration - seconds, duration, _ending(parts, prefix, final, end)))
    windows.extend(counts.windows(duration))
    title = (
        f"{variant.name.capitalize()}: turns {first + 1} to {end} replayed, "
        f"{seconds:g} seconds a turn"
    )
    return Replay(parts, prefix, duration, BLINK * seconds, checkers, windows, still, title)


class _Counts:
    """The numbers written on stacks taller than they show, as windows of time."""

    def __init__(self, parts: Parts, stacks: Stacks) -> None:
        self._parts = parts
        self._stacks = stacks
        self._open: dict[tuple[int, Place, int], float] = {}
        self._closed: list[tuple[int, Place, int, float, float]] = []
        self.mark(0.0)

    def mark(self, time: float) -> None:
        """The stacks are as they are now from ``time`` on."""
        now = {
            (player, place, len(stack))
            for (player, place), stack in self._stacks.items()
            if place != "off" and len(stack) > self._parts.room(player, place)
        }
        for key in [key for key in self._open if key not in now]:
            self._closed.append((*key, self._open.pop(key), time))
        for key in now:
            self._open.setdefault(key, time)

    def windows(self, duration: float) -> Iterator[Window]:
        spans = [*self._closed, *((*key, begin, duration) for key, begin in self._open.items())]
        for player, place, count, begin, end in spans:
            if end > begin:
                yield Window(begin, end, self._parts.count(player, place, count), above=True)


def _check(position: Position, stacks: Stacks, borne: list[int]) -> None:
    """The checkers followed stand where the engine's position has them."""
    variant = position.variant
    for player in range(variant.players):
        for index in range(variant.off):
            place = place_of(variant, player, index)
            if len(stacks.get((player, place), ())) != position.boards[player][index]:
                raise AssertionError(
                    _("replay lost track of player {player} at {place}").format(
                        player=player, place=place
                    )
                )
        if borne[player] != position.borne_off(player):
            raise AssertionError(
                _("replay lost track of player {player}'s tray").format(player=player)
            )


def _turn(parts: Parts, prefix: str, before: Position, turn: Record, ply: int) -> ET.Element:
    """What a turn shows besides its checkers: the dice, the labels and its caption (a
    cube action or a resignation shows its caption alone)."""
    group = ET.Element("g", {"class": "tg-turn", "data-ply": str(ply + 1)})
    if not isinstance(turn, Turn):
        group.append(parts.players(before))
        text = f"{ply + 1}. {parts.names[turn.player]}: {turn.notation}"
        group.append(_caption(parts, turn.player, text))
        return group
    for index, (value, centre) in enumerate(
        zip(turn.dice, parts.dice_places(turn.player), strict=True)
    ):
        die = ET.SubElement(group, "use", {"href": f"#{prefix}d{turn.player}{value}"})
        die.set("x", number(centre[0]))
        die.set("y", number(centre[1]))
        die.set("data-kind", "die")
        die.set("data-index", str(index))
    group.append(parts.players(before))
    d1, d2 = turn.dice
    played = play_text(turn.notation)
    text = f"{ply + 1}. {parts.names[turn.player]} {d1}-{d2}: {played}"
    group.append(_caption(parts, turn.player, text))
    return group


def _ending(parts: Parts, prefix: str, final: Position, end: int) -> ET.Element:
    group = ET.Element("g", {"class": "tg-turn", "data-ply": str(end)})
    group.append(parts.players(final))
    outcome = final.outcome()
    if outcome is None:
        player, text = final.turn, f"After turn {end}: {parts.names[final.turn]} to roll"
    else:
        player, text = outcome.winner, f"{parts.names[outcome.winner]} wins (R12)"
    group.append(_caption(parts, player, text))
    return group


def _caption(parts: Parts, player: int, text: str) -> ET.Element:
    """A line under the board: the player's checker, then ``text``."""
    x, y, _width, height = parts.box
    middle = y + height + parts.font * CAPTION / 2
    scale = 0.7
    swatch = parts.checker(player)
    swatch.set("transform", f"{_translate((x + 16 + R * scale, middle))} scale({scale})")
    line = ET.Element(
        "text",
        {
            "x": number(x + 16 + 2 * R * scale + 12),
            "y": number(middle + parts.font * 0.42),
            "font-size": number(parts.font * 1.15),
            "fill": parts.theme.text,
        },
    )
    line.text = text
    group = ET.Element("g", {"class": "tg-caption"})
    group.extend([swatch, line])
    return group


def number(value: float) -> str:
    """A coordinate as a replay writes it: one decimal at most, no ``-0``."""
    text = f"{value:.1f}"
    return "0" if text == "-0.0" else text[:-2] if text.endswith(".0") else text


def _translate(centre: Vec) -> str:
    return f"translate({number(centre[0])} {number(centre[1])})"


# --- the animated SVG -------------------------------------------------------------------


def animated_svg(
    game: Game,
    *,
    first: int = 0,
    last: int | None = None,
    seconds_per_turn: float = 2.0,
    size: int | None = None,
    theme: str | Theme = "light",
    perspective: int | None = None,
    numbering: Numbering = "perspective",
    names: Sequence[str] | None = None,
    colors: Sequence[str] | None = None,
) -> AnimatedSvg:
    """Turns ``first``..``last`` of the game's line replayed as one animated SVG.

    - ``first``, ``last``: the turns replayed (plies: 0 = the start, default the whole
      line as it stands, the turns after the shown one included).
    - ``seconds_per_turn``: each turn shows its roll, moves its checkers one die at a
      time (a hit checker flies to the bar, R7) and rests; the last position is held
      as long, then the replay starts again.
    - ``size``: width in pixels (default: the drawing's natural size).
    - ``perspective``: the player seated at the bottom (default: who moves first).
    - ``theme``, ``numbering``, ``names`` (default: the game's), ``colors``: as
      ``board_svg``.
    """
    replay = replay_of(
        game,
        first,
        last,
        seconds_per_turn,
        look(perspective, numbering, theme, names, colors),
    )
    return AnimatedSvg(_animate(replay, checked_size(size)))


def look(
    perspective: int | None,
    numbering: Numbering,
    theme: str | Theme,
    names: Sequence[str] | None,
    colors: Sequence[str] | None,
) -> dict[str, Any]:
    """The drawing options of a replay, as ``board_svg`` takes them."""
    return {
        "perspective": perspective,
        "numbering": numbering,
        "theme": theme,
        "names": names,
        "colors": colors,
    }


def checked_size(size: int | None) -> int | None:
    """``size`` itself, checked: a whole number of pixels up to ``MAX_SIZE``, or None."""
    if size is not None and (
        isinstance(size, bool) or not isinstance(size, int) or not 0 < size <= MAX_SIZE
    ):
        raise ValueError(
            _("size is a width in pixels, 1..{max_size}, got {size}").format(
                max_size=MAX_SIZE, size=repr(size)
            )
        )
    return size


def _animate(replay: Replay, size: int | None) -> str:
    parts, prefix, duration = replay.parts, replay.prefix, replay.duration
    x, y, width, height = replay.box
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"{number(x)} {number(y)} {number(width)} {number(height)}",
            "width": number(width) if size is None else str(size),
            "height": number(height) if size is None else str(round(size * height / width)),
            "role": "img",
            "aria-label": replay.title,
            "class": "tg-board tg-replay",
            "font-family": FONT,
            "data-variant": parts.variant.name,
            "data-perspective": str(parts.seat),
        },
    )
    ET.SubElement(root, "title").text = replay.title
    rules = _Rules(prefix, duration, replay.blink)
    style = ET.SubElement(root, "style")
    root.append(replay.defs())
    band = ET.SubElement(root, "rect", {"fill": parts.theme.background})
    band.attrib.update(x=number(x), y=number(y), width=number(width), height=number(height))
    root.append(ET.Comment("board"))
    root.extend(replay.still)
    root.extend(rules.window(window) for window in replay.windows if not window.above)
    layer = ET.SubElement(root, "g", {"class": "tg-checkers"})
    for index, checker in enumerate(replay.checkers):
        attrs = {}
        if checker.off_at is not None:
            attrs["opacity"] = "0"
        element = replay.use(checker.player, checker.last, **attrs)
        if checker.flights:
            rules.animate(element, _checker_frames(checker, rules, replay.blink), f"k{index}")
        layer.append(element)
    root.extend(rules.window(window) for window in replay.windows if window.above)
    for player in range(parts.variant.players):
        frames = _flier_frames(replay, player, rules)
        if frames:
            flier = ET.Element("use", {"href": f"#{prefix}c{player}", "opacity": "0"})
            rules.animate(flier, frames, f"f{player}")
            root.append(flier)
    style.text = rules.css()
    text = ET.tostring(root, encoding="unicode")
    return text.replace("<!--board-->", parts.background(), 1)


class _Rules:
    """The stylesheet: one keyframes rule per animated element or time window."""

    def __init__(self, prefix: str, duration: float, blink: float) -> None:
        self.prefix = prefix
        self.duration = duration
        # Enough decimals that a blink is never rounded away.
        self.digits = max(2, math.ceil(math.log10(4 * duration / (100 * blink))))
        self.keyframes: dict[str, str] = {}
        self.windows: dict[tuple[float, float], str] = {}

    def animate(self, element: ET.Element, frames: str, name: str) -> None:
        self.keyframes[name] = frames
        element.set("class", f"{self.prefix}a")
        element.set("style", f"animation-name:{self.prefix}{name}")

    def window(self, window: Window) -> ET.Element:
        """``window``'s element, shown only in its window (and, if it lasts to the end,
        in the still picture)."""
        group = ET.Element("g")
        group.append(window.element)
        if window.start <= 0 and window.end >= self.duration:
            return group
        key = (window.start, window.end)
        name = self.windows.setdefault(key, f"w{len(self.windows)}")
        shown = "{opacity:1}"
        frames = (
            f"0%{shown}" if window.start <= 0 else f"0%{{opacity:0}}{self.pct(window.start)}{shown}"
        )
        if window.end < self.duration:
            frames += f"{self.pct(window.end)}{{opacity:0}}"
            group.set("opacity", "0")
        self.keyframes[name] = frames
        group.set("class", f"{self.prefix}w")
        group.set("style", f"animation-name:{self.prefix}{name}")
        return group

    def pct(self, time: float) -> str:
        text = f"{100 * time / self.duration:.{self.digits}f}".rstrip("0").rstrip(".")
        return f"{text}%"

    def css(self) -> str:
        p, seconds = self.prefix, f"{self.duration:g}s"
        common = f"animation-duration:{seconds};animation-iteration-count:infinite"
        rules = [
            f".{p}a,.{p}w{{{common}}}",
            f".{p}a{{animation-timing-function:ease-in-out}}",
            f".{p}w{{animation-timing-function:step-end}}",
            f"@media (prefers-reduced-motion:reduce){{.{p}a,.{p}w{{animation:none}}}}",
        ]
        rules += [f"@keyframes {p}{name}{{{body}}}" for name, body in self.keyframes.items()]
        return "".join(rules)


def _move(centre: Vec) -> str:
    return f"transform:translate({number(centre[0])}px,{number(centre[1])}px)"


def _checker_frames(checker: Checker, rules: _Rules, blink: float) -> str:
    fade = checker.off_at is not None
    frames = [f"0%{{{_move(checker.home)}{';opacity:1' if fade else ''}}}"]
    for flight in checker.flights:
        frames.append(f"{rules.pct(flight.start)}{{{_move(flight.origin)}}}")
        frames.append(f"{rules.pct(flight.end)}{{{_move(flight.target)}}}")
    if checker.off_at is not None:
        frames[-1] = frames[-1][:-1] + ";opacity:1}"
        frames.append(f"{rules.pct(checker.off_at + blink)}{{opacity:0}}")
    return "".join(frames)


def _flier_frames(replay: Replay, player: int, rules: _Rules) -> str:
    """A copy of ``player``'s checker drawn over everything while one of them flies,
    since an SVG draws its elements in a fixed order."""
    blink = replay.blink
    flights = sorted(
        (flight for c in replay.checkers if c.player == player for flight in c.flights),
        key=lambda flight: flight.start,
    )
    frames = []
    for flight in flights:
        frames += [
            f"{rules.pct(flight.start - blink)}{{{_move(flight.origin)};opacity:0}}",
            f"{rules.pct(flight.start)}{{{_move(flight.origin)};opacity:1}}",
            f"{rules.pct(flight.end)}{{{_move(flight.target)};opacity:1}}",
            f"{rules.pct(flight.end + blink)}{{{_move(flight.target)};opacity:0}}",
        ]
    return "".join(frames)
