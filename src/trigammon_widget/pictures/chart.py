"""The equity graph of an analysed game: each player's win chance after every turn.

Like the evaluation graph of chess sites: one line per player over the turns of the
line, each in a colour and a dash of its own that reads on the theme's background
(``Theme.lines``: 3:1 at least), a legend naming each line's player beside the player's
checker, the marked turns dotted in the mark's colour, a band for the shown turn. Every
turn's column carries ``data-ply`` so a front end maps a click to a turn without
knowing the geometry, as with the board. Presentation attributes only, as in
``svg``, so any number of graphs can share a page; in a notebook the graph shows
itself (an ``SvgBoard``, like a board's picture).
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..engine.i18n import _, decimal
from ..engine.notation import dice_text, play_text
from ..judgement.analysis import (
    LEVEL_WORDS,
    MARK_NAMES,
    MARKS,
    CubeReport,
    Report,
    TurnReport,
)
from .svg import SvgBoard
from .themes import Theme, find_theme

__all__ = ["equity_graph"]

WIDTH, HEIGHT = 600.0, 196.0
LEFT, RIGHT, TOP, BOTTOM = 34.0, 8.0, 28.0, 22.0
MARK_COLOURS = {"?!": "doubtful", "?": "warning", "??": "error"}
"""Theme colour of each mark, from doubtful to very bad."""
DASHES = ("", "7 4", "1.5 4")
"""Each player's line: solid, dashed, dotted, so lines that run together still part."""


def equity_graph(
    report: Report,
    *,
    theme: str | Theme = "light",
    colors: Sequence[str] | None = None,
    start: Sequence[float] | None = None,
    shown: int | None = None,
    plies: int | None = None,
    end: Sequence[float] | None = None,
) -> SvgBoard:
    """The graph as SVG. ``theme``: ``"light"``, ``"dark"`` or a ``Theme``;
    ``colors``: one line colour per player (default: the theme's ``lines``; the legend
    shows each player's checker beside its line);
    ``start``: the win chances before the first turn (default: even, e.g.
    ``evaluate(game.position_at(0)).wins`` for the net's); ``shown``: the turn to
    highlight; ``plies``: the records of the line, cube actions included (default: as
    many as the report's turns reach); ``end``: the win chances once the line is over
    (the result: 1 for the winner), so a game ended by a pass ends at 0 and 100%."""
    if not isinstance(report, Report):
        raise ValueError(
            _("equity_graph needs a Report, not {kind}").format(kind=type(report).__name__)
        )
    theme = find_theme(theme)
    players = len(report.names)
    colors = tuple(colors) if colors is not None else theme.lines[:players]
    if len(colors) != players:
        raise ValueError(
            _("colors: one per player ({players}), got {count}").format(
                players=players, count=len(colors)
            )
        )
    for name, chances_given in (("start", start), ("end", end)):
        if chances_given is not None and len(chances_given) != players:
            raise ValueError(
                _("{name}: one win chance per player ({players}), got {count}").format(
                    name=name, players=players, count=len(chances_given)
                )
            )
    for name, value in (("shown", shown), ("plies", plies)):
        if value is not None and (type(value) is not int or value < 0):
            raise ValueError(
                _("{name} must be a turn number (0 or more), not {value}").format(
                    name=name, value=repr(value)
                )[:80]
            )
    turns = report.turns
    by_ply = {turn.ply: turn for turn in turns}
    # Cube actions are records of the line with a ply of their own but no turn judged.
    last = plies if plies is not None else max([report.plies, *by_ply])
    count = max(1, last)
    chances = [list(start) if start is not None else [1 / players] * players]
    for ply in range(1, last + 1):
        judged = by_ply.get(ply)  # a cancelled analysis may miss some turns
        chances.append(list(judged.wins) if judged is not None else chances[-1])
    if end is not None:
        chances[-1] = list(end)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(ply: int) -> float:
        return LEFT + inner_w * ply / count

    def y(chance: float) -> float:
        return TOP + inner_h * (1 - chance)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" '
        f'class="tg-graph" role="img" aria-label="{html.escape(_("Win chances after each turn"))}" '
        f'font-family="sans-serif" font-size="10" fill="{theme.text}">',
        f'<rect x="0" y="0" width="{WIDTH:.0f}" height="{HEIGHT:.0f}" fill="{theme.background}"/>',
    ]
    for level in (0.0, 0.5, 1.0):
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(level):.1f}" y2="{y(level):.1f}" '
            f'stroke="{theme.border}" stroke-width="1"/>'
            f'<text x="{LEFT - 4}" y="{y(level) + 3:.1f}" text-anchor="end" '
            f'fill="{theme.muted}">{decimal(100 * level, 0)}%</text>'
        )
    if shown is not None and 0 <= shown <= count:
        parts.append(
            f'<rect class="tg-graph-shown" x="{x(shown) - inner_w / count / 2:.1f}" y="{TOP}" '
            f'width="{inner_w / count:.1f}" height="{inner_h:.1f}" fill="{theme.selected}" '
            'fill-opacity="0.22"/>'
        )
    for player in range(players):
        points = " ".join(f"{x(ply):.1f},{y(row[player]):.1f}" for ply, row in enumerate(chances))
        dash = f' stroke-dasharray="{DASHES[player]}"' if DASHES[player] else ""
        parts.append(
            f'<g class="tg-graph-line" data-player="{player}" fill="none" '
            f'stroke-linejoin="round" stroke-linecap="round">'
            f"<title>{html.escape(report.names[player])}</title>"
            f'<polyline points="{points}" stroke="{colors[player]}" stroke-width="2.5"{dash}/>'
            "</g>"
        )
    parts.append(_legend(report.names, colors, theme))
    cubed = {decision.ply: decision for decision in report.cube}
    for ply, mark in report.marks.items():
        marked = report.judged(ply)
        if marked is None or ply > last:
            continue
        parts.append(
            # ringed in its player's line colour: where lines overlap, whose it is
            # (walk 23 could not tell its own dot from another player's)
            f'<circle cx="{x(ply):.1f}" cy="{y(chances[ply][marked.player]):.1f}" r="5.5" '
            f'fill="{getattr(theme, MARK_COLOURS[mark])}" stroke="{colors[marked.player]}" '
            f'stroke-width="2.5" data-player="{marked.player}"/>'
        )
    for ply in range(last + 1):
        label = _column_label(report, ply, by_ply.get(ply), cubed.get(ply))
        parts.append(
            f'<rect class="tg-graph-turn" data-kind="turn" data-ply="{ply}" '
            f'x="{x(ply) - inner_w / count / 2:.1f}" y="0" width="{inner_w / count:.1f}" '
            f'height="{HEIGHT:.0f}" fill="transparent"><title>{html.escape(label)}</title></rect>'
        )
    if report.marks:
        parts.append(_mark_key(theme))
    first, final = (html.escape(_("turn {number}").format(number=n)) for n in (0, last))
    parts.append(
        f'<text x="{LEFT}" y="{HEIGHT - 6:.0f}" fill="{theme.muted}">{first}</text>'
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 6:.0f}" text-anchor="end" '
        f'fill="{theme.muted}">{final}</text></svg>'
    )
    return SvgBoard("".join(parts))


def _legend(names: Sequence[str], lines: Sequence[str], theme: Theme) -> str:
    """A line's sample, its player's checker and name, for each player, along the top."""
    parts = ['<g class="tg-graph-legend" font-size="11">']
    step = (WIDTH - LEFT - RIGHT) / len(names)
    for player, name in enumerate(names):
        left = LEFT + player * step
        dash = f' stroke-dasharray="{DASHES[player]}"' if DASHES[player] else ""
        shown = name if len(name) <= 18 else name[:17] + "\u2026"
        parts.append(
            f'<g data-player="{player}"><title>{html.escape(name)}</title>'
            f'<line x1="{left:.1f}" x2="{left + 26:.1f}" y1="11" y2="11" stroke="{lines[player]}" '
            f'stroke-width="2.5" stroke-linecap="round"{dash}/>'
            f'<circle cx="{left + 37:.1f}" cy="11" r="5.5" fill="{theme.checkers[player]}" '
            f'stroke="{theme.edges[player]}" stroke-width="1.2"/>'
            + (
                f'<circle cx="{left + 37:.1f}" cy="11" r="1.8" fill="{theme.edges[player]}"/>'
                if player == 2
                else ""
            )
            + f'<text x="{left + 47:.1f}" y="15">{html.escape(shown)}</text></g>'
        )
    parts.append("</g>")
    return "".join(parts)


def _mark_key(theme: Theme) -> str:
    """What a dot's colour means, along the bottom: walk 28 took a dot in the colour of
    the bad mark for a point of the line drawn in the same colour."""
    parts = ['<g class="tg-graph-marks" text-anchor="start">']
    left, y_mid = WIDTH / 2 - 120, HEIGHT - 9
    for mark in MARKS:
        label = f"{mark} {_(LEVEL_WORDS[MARK_NAMES[mark]])}"
        parts.append(
            f'<circle cx="{left:.1f}" cy="{y_mid:.1f}" r="4.5" '
            f'fill="{getattr(theme, MARK_COLOURS[mark])}" stroke="{theme.text}" '
            f'stroke-width="0.8"/><text x="{left + 8:.1f}" y="{y_mid + 3.5:.1f}" '
            f'fill="{theme.muted}">{html.escape(label)}</text>'
        )
        left += 22 + 5.6 * len(label)  # about the width of a 10px sans letter
    parts.append("</g>")
    return "".join(parts)


def _column_label(
    report: Report, ply: int, turn: TurnReport | None, decision: CubeReport | None
) -> str:
    """What a turn's column says on hover: the play judged, the cube decision, or none."""
    if turn is not None:
        return _turn_label(report, turn)
    if decision is not None:
        return _cube_label(report, decision)
    return _("{ply}. not judged").format(ply=ply) if ply else _("start")


def _cube_label(report: Report, decision: CubeReport) -> str:
    mark = f" {decision.mark}" if decision.mark else ""
    best = decision.said(decision.options[0][0])
    return _("{ply}. {name} {action}{mark} (best: {best})").format(
        ply=decision.ply,
        name=report.names[decision.player],
        action=decision.said(decision.action),
        mark=mark,
        best=best,
    )


def _turn_label(report: Report, turn: TurnReport) -> str:
    name = report.names[turn.player]
    chances = ", ".join(
        f"{n} {decimal(100 * w, 0)}%" for n, w in zip(report.names, turn.wins, strict=True)
    )
    mark = f" {turn.mark}" if turn.mark else ""
    played = play_text(turn.notation)
    return f"{turn.ply}. {name} {dice_text(turn.dice)}: {played}{mark}\n{chances}"
