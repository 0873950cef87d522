"""A gallery of tricky positions: one list feeds the edge-case notebook and docs/gallery/.

Each case is a position where a rule bites, with an attempt the rule forbids, so
readers see the legal plays and the engine's explanation side by side. A case whose
lesson is a sequence of moves (a double hit, an entry, a bear-off by the higher die)
also names the play to replay, and the gallery writes it as an animated SVG. A case's
title and story are kept in English and shown in the language spoken
(``toolkit.said``), the engine's explanation too; rule ids and notation stay as they are.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from ..engine import CLASSIC, TRIGAMMON, Game, IllegalMoveError, Position
from ..engine.i18n import N_, _, ngettext
from ..engine.notation import play_text
from ..pictures.export import AnimatedSvg, animated_svg
from ..pictures.svg import SvgBoard, board_svg
from .toolkit import said


@dataclass(frozen=True)
class Case:
    """A position that shows one rule at work, and a play that rule forbids."""

    slug: str
    title: str
    rule: str
    story: str
    position: Position
    forbidden: str | None = None
    replay: str | None = None
    """A legal play that shows the rule move by move (``animated``)."""

    def plays(self) -> list[str]:
        """The legal plays in notation (``NO_MOVE`` for the empty play)."""
        return [play_text(self.position.format_play(p)) for p in self.position.legal_plays()]

    def explanation(self) -> str | None:
        """What the engine says when the forbidden play is tried (in the language
        spoken)."""
        if self.forbidden is None:
            return None
        try:
            self.position.parse_play(self.forbidden)
        except IllegalMoveError as error:
            return f"{self.forbidden}: {error}"
        raise AssertionError(f"{self.slug}: {self.forbidden!r} should be illegal")

    def svg(self, **options: object) -> SvgBoard:
        return board_svg(self.position, **options)  # type: ignore[arg-type]

    def game(self) -> Game:
        """The position as a game, with the ``replay`` play made (if the case has one)."""
        game = Game(self.position.variant, start=self.position)
        if self.replay is not None:
            game.play(self.replay)
        return game

    def animated(self, **options: Any) -> AnimatedSvg:
        """The ``replay`` play, move by move (options as ``export.animated_svg``)."""
        if self.replay is None:
            raise ValueError(
                _("{slug} is a position, not a sequence: it has no replay").format(slug=self.slug)
            )
        return animated_svg(self.game(), **options)

    def _repr_html_(self) -> str:
        """Picture, legal plays and the forbidden attempt, for notebooks."""
        plays = self.plays()
        listed = ", ".join(f"<code>{escape(p)}</code>" for p in plays[:40])
        count = ngettext("{count} legal play:", "{count} legal plays:", len(plays))
        more = " …" if len(plays) > 40 else ""
        parts = [
            f"<p><b>{escape(said(self.title))}</b> ({escape(self.rule)}). "
            f"{escape(said(self.story))}</p>",
            f'<div style="max-width:520px">{self.svg()}</div>',
            f"<p>{escape(count.format(count=len(plays)))} {listed}{more}</p>",
        ]
        explanation = self.explanation()
        if explanation:
            forbidden = escape(_("Forbidden:"))
            parts.append(f"<p>{forbidden} <code>{escape(explanation)}</code></p>")
        return "\n".join(parts)


def _classic(
    mine: dict[int | str, int], theirs: dict[int | str, int], dice: tuple[int, int]
) -> Position:
    """Player 0 to play; both players' checkers written with player 0's point numbers."""
    own = {("bar" if k == "bar" else 25 - int(k)): v for k, v in mine.items()}
    return Position.build(CLASSIC, {0: own, 1: theirs}, dice=dice)


CASES: tuple[Case, ...] = (
    Case(
        "classic-blocked-entry",
        N_("Blocked entry: the turn is lost"),
        "R8",
        N_(
            "X has a checker on the bar and O holds the 19-, 21-, 22-, 23- and 24-points. "
            "With 6-4 neither die enters, so X cannot move at all, not even the checkers "
            "on the 13-point."
        ),
        _classic({"bar": 1, 13: 14}, {24: 2, 23: 2, 22: 2, 21: 2, 19: 2, 5: 5}, (6, 4)),
        "13/7 13/9",
    ),
    Case(
        "classic-partial-entry",
        N_("Two on the bar, one gets in"),
        "R8",
        N_(
            "The 5 enters on the 20-point; the 3 would need the 22-point, which is held. "
            "The second checker stays on the bar and the rest of the roll is lost."
        ),
        _classic({"bar": 2, 13: 13}, {24: 2, 23: 2, 22: 2, 21: 2, 19: 2, 5: 5}, (5, 3)),
        "bar/20 13/10",
        replay="bar/20",
    ),
    Case(
        "classic-higher-die",
        N_("Only one die fits: play the higher"),
        "R9",
        N_(
            "From the 12-point the 6 (to 6) and the 5 (to 7) each play, but never both: "
            "the 1-point is held. When only one die can be used it must be the higher."
        ),
        _classic({12: 1}, {1: 2, 5: 13}, (6, 5)),
        "12/7",
        replay="12/6",
    ),
    Case(
        "classic-doubles-cut-short",
        N_("Doubles that cannot all be played"),
        "R5, R9",
        N_(
            "Double sixes: each back checker reaches the 18-point, and the 12-point is held. "
            "Two of the four sixes are lost."
        ),
        _classic({24: 2}, {12: 2, 1: 13}, (6, 6)),
        "24/18",
        replay="24/18(2)",
    ),
    Case(
        "classic-higher-die-bear-off",
        N_("Bearing off with a higher die"),
        "R11",
        N_(
            "No checker on the 6-point: the 6 bears off from the highest point, the 4. "
            "The 1 is then free to play."
        ),
        _classic({4: 2, 2: 1}, {24: 15}, (6, 1)),
        "2/off 4/3",
        replay="4/off 4/3",
    ),
    Case(
        "classic-hit-while-bearing-off",
        N_("Hit while bearing off"),
        "R10",
        N_(
            "X was bearing off when it was hit. It must enter and bring that checker round "
            "before it may bear off again, so both dice go to the checker from the bar."
        ),
        _classic({"bar": 1, 5: 3}, {23: 15}, (6, 5)),
        "bar/19 5/off",
        replay="bar/14",
    ),
    Case(
        "trigammon-no-entry",
        N_("Trigammon: no legal move at all"),
        "R8, R9",
        N_(
            "Player X's entry zone (its points 1..6) is shut by O on 1-3 and V on 4-6. "
            "Whatever the dice, X passes."
        ),
        Position.build(
            TRIGAMMON,
            {
                0: {"bar": 1, 19: 14},
                1: {25: 2, 26: 2, 27: 2, 19: 9},
                2: {16: 2, 17: 2, 18: 2, 19: 9},
            },
            dice=(5, 2),
        ),
        "19/24 19/21",
    ),
    Case(
        "trigammon-partial-entry",
        N_("Trigammon: two on the bar, one enters"),
        "R8",
        N_(
            "Only X's 4-point is open. The 4 enters one checker; the 1 cannot enter the "
            "held 1-point, and no other checker may move while one is on the bar."
        ),
        Position.build(
            TRIGAMMON,
            {
                0: {"bar": 2, 19: 13},
                1: {25: 2, 26: 2, 27: 2, 19: 9},
                2: {17: 2, 18: 2, 19: 11},
            },
            dice=(4, 1),
        ),
        "bar/4 4/5",
        replay="bar/4",
    ),
    Case(
        "trigammon-double-hit",
        N_("Trigammon: one play hits both opponents"),
        "R7",
        N_(
            "X's checker on 10 plays 3-2. Stopping on 13 hits O's blot, and going on to 15 "
            "hits V's: both go to their bars. Playing the 2 first (10/12/15) hits V only."
        ),
        Position.build(TRIGAMMON, {0: {10: 1}, 1: {1: 1, 20: 14}, 2: {27: 1, 20: 14}}, dice=(3, 2)),
        replay="10/13*/15*",
    ),
    Case(
        "trigammon-higher-die-bear-off",
        N_("Trigammon: bearing off with a higher die"),
        "R11",
        N_(
            "X's home is its 31..36. The 6 bears off from 33, the occupied point farthest "
            "back (farthest from bearing off); it may not bear off the checker on 35 while one "
            "stands farther back."
        ),
        Position.build(TRIGAMMON, {0: {33: 2, 35: 1}, 1: {1: 15}, 2: {1: 15}}, dice=(6, 1)),
        "35/off 33/34",
        replay="33/off 35/36",
    ),
)
"""Every case of the gallery, in the order notebook 09 and ``docs/gallery/`` show them."""


def study(
    position: Position,
    forbidden: str | None = None,
    title: str = "",
    rule: str = "",
    story: str = "",
) -> Case:
    """A position to look at in a notebook: picture, legal plays, a forbidden attempt."""
    return Case("study", title or N_("Position"), rule or "R4-R12", story, position, forbidden)


def find_case(slug: str) -> Case:
    """The case named ``slug``; a ValueError naming the cases there are otherwise."""
    for case in CASES:
        if case.slug == slug:
            return case
    raise ValueError(
        _("no gallery case {slug}: choose from {slugs}").format(
            slug=repr(slug), slugs=[c.slug for c in CASES]
        )
    )


def write_gallery(folder: str | Path) -> Iterator[Path]:
    """Write every case as ``<slug>.svg`` into ``folder``, and each sequence as
    ``<slug>-replay.svg`` (animated); yields the files written."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    for case in CASES:
        path = target / f"{case.slug}.svg"
        case.svg(highlight=(), size=600).save(path)
        yield path
        if case.replay is not None:
            path = target / f"{case.slug}-replay.svg"
            case.animated(size=600, seconds_per_turn=3.0).save(path)
            yield path


if __name__ == "__main__":
    import sys

    for written in write_gallery(sys.argv[1] if len(sys.argv) > 1 else "docs/gallery"):
        print(written)
