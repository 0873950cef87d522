"""Hand-made inputs of classic positions, and the phase of the game a position is in.

A plain count of checkers per point (Tesauro's code, ``network.encode``) leaves a
net to rebuild for itself what every player counts at a glance: how many rolls hit a
blot, how hard a back checker is to free, how much timing is left. GNU
Backgammon's contact nets are given such counts as inputs (``eval.c``'s
``CalculateHalfInputs``); these are this project's own, in the same spirit.

**Coordinates.** A side's board is its row of ``Position.boards``: index 0 its bar,
1..24 its path (1 is where it enters, 24 its last point before off), 25 its tray.
The other side's checker on its own path position ``q`` sits on this side's path
position ``25 - q`` (``Variant.seen_by`` in classic). A checker on path position
``p`` is ``25 - p`` pips from off (25 on the bar).

**Escapes and shots** are counted by ``counts`` (its text says how), here against
the other side's points (two or more checkers) and blots.

**The features of a side** (``half_features(me, opp)``, ``HALF_FEATURES`` in order),
what *me* has against *opp* as if *me* were to roll; a position's contact inputs
hold them for both sides (``contact_inputs``):

- ``pips``: me's pip count / 100.
- ``off_1``, ``off_2``, ``off_3``: checkers borne off, as 0..5, 5..10 and 10..15
  (each scaled to 0..1).
- ``break_contact``: pips me needs to bring every checker past opp's rearmost
  checker (one more each), / 167.
- ``free_pips``: pips of me's checkers already past opp's rearmost checker, / 100.
- ``outfield_pips``: pips me needs to bring every checker home (path 19), / 100.
- ``home_spares``: checkers on me's home points beyond the second, / 15.
- ``back_checker``: how far back me's rearmost checker is, 0 (ace point) .. 1 (bar).
- ``back_anchor``: the same of me's rearmost point of two or more checkers
  (-1/24 with none).
- ``forward_anchor``: me's most advanced point held in opp's home (path 1..6) as
  path / 6; without one the rearmost held in 7..12, so; 2 with neither.
- ``hit_rolls``: the share of the 36 rolls with which me hits at least one of
  opp's blots (``shot_counts``: the checkers on the bar enter first).
- ``double_hit_rolls``: with which it hits two or more.
- ``hit_pips``: the pips opp loses to me's best hit, per roll, / 24 (0 for a roll
  that does not hit).
- ``back_escapes``: the rolls (/ 36) with which opp's rearmost checker escapes me's
  points.
- ``back_clear``: the rolls (/ 36) that carry it past the first of me's points ahead
  of it (all 36 with none ahead).
- ``back_containment``: 1 - the fewest escapes (/ 36) of an opp checker on any
  point from its rearmost checker up to me's 9-point (path 16); 0 when opp has
  nothing back there. ``back_containment_2``: its square.
- ``containment``: the same over all of me's points 1..9, and ``containment_2``.
- ``mobility``: sum over me's checkers outside home of (pips to home) x (their
  escapes from opp's points), / 3600.
- ``spread``: the mean squared distance (pips) of me's checkers behind their mean
  position from it, / 400: a few stragglers far back.
- ``dance``: the chance that one checker on the bar does not enter opp's home
  board: (points opp holds there / 6) squared.
- ``backbone``: 1 - how well me's rearmost point connects with its other points
  (a point 1..6 pips ahead counts 1, 7..11 pips (13 - d) / 11, farther 0;
  averaged); 0 with fewer than two points.
- ``back_game``: with two or more points held in opp's home, (checkers there and
  on the bar - 3) / 4; ``back_game_1``: with one, those checkers / 8.

**Phases** (``phases``): ``OVER`` (someone has borne off all 15), ``RACE`` (no
contact: every checker of each side is past all of the other's), ``CRASHED`` (in
contact, a side has at most six checkers in play: those not borne off, less the ones
on its ace point when it holds two or more and all but one on its deuce point, the
rule GNU Backgammon's crashed net uses) and ``CONTACT``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..engine.variant import CLASSIC
from .counts import escapes_past, off_parts, shots_at
from .network import encode
from .outcomes import Floats

__all__ = [
    "CONTACT",
    "CRASHED",
    "HALF_FEATURES",
    "OVER",
    "PHASES",
    "RACE",
    "RACE_FEATURES",
    "contact_inputs",
    "escape_rolls",
    "half_features",
    "phases",
    "race_features",
    "race_inputs",
    "raw_inputs",
    "shot_counts",
]

Boards = npt.NDArray[np.integer]
"""A batch of one side's boards, ``(B, 26)``: bar, path 1..24, tray."""
Counts = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

POINTS = 24
SIZE = POINTS + 2
HOME = 19
"""First path position of a side's home."""
CHECKERS = 15

CONTACT, CRASHED, RACE, OVER = 0, 1, 2, 3
"""The phases of a classic position, as the nets by phase split them (gnubg's)."""
PHASES = ("contact", "crashed", "race", "over")
"""The phases' names, by number."""

HALF_FEATURES = (
    "pips",
    "off_1",
    "off_2",
    "off_3",
    "break_contact",
    "free_pips",
    "outfield_pips",
    "home_spares",
    "back_checker",
    "back_anchor",
    "forward_anchor",
    "hit_rolls",
    "double_hit_rolls",
    "hit_pips",
    "back_escapes",
    "back_clear",
    "back_containment",
    "back_containment_2",
    "containment",
    "containment_2",
    "mobility",
    "spread",
    "dance",
    "backbone",
    "back_game",
    "back_game_1",
)
"""The hand-made inputs of one side, in the net's order."""
RACE_FEATURES = ("pips", "off_1", "off_2", "off_3", "crossovers", "outside", "home_gaps")
"""A side's race features: pip count / 100, checkers off (as above), crossovers
(checkers x quadrants from home) / 10, checkers outside home / 15, empty home points
/ 6."""

# --- coordinates ------------------------------------------------------------------------


def seen(opp: Boards) -> Counts:
    """``opp``'s checkers on the other side's path positions 1..24 (bar and tray 0)."""
    out = np.zeros((len(opp), SIZE), np.int64)
    out[:, 1 : POINTS + 1] = opp[:, POINTS:0:-1]
    return out


def rearmost(board: Boards) -> Counts:
    """Each board's rearmost checker's path position (0: on the bar; 25: none left)."""
    held = board[:, : POINTS + 1] > 0
    return np.where(held.any(axis=1), held.argmax(axis=1), POINTS + 1)


def pip_counts(board: Boards) -> Counts:
    """Each side's pip count, per board of the batch."""
    return board[:, : POINTS + 1].astype(np.int64) @ (POINTS + 1 - np.arange(POINTS + 1))


# --- escapes ---------------------------------------------------------------------------


def escape_rolls(blockers: Counts, beyond: bool = False) -> Counts:
    """``(B, 25)``: for a runner on each path position 0..24, the rolls (of 36) that
    escape the points ``blockers`` holds (in the runner's coordinates), or with
    ``beyond`` that carry it past the first of them."""
    return escapes_past(blockers[:, : POINTS + 1] >= 2, beyond)


# --- shots -----------------------------------------------------------------------------


def shot_counts(me: Boards, opp: Boards) -> tuple[Floats, Floats, Floats]:
    """``(hit, double, pips)``: the rolls (of 36) with which ``me`` hits at least one
    of ``opp``'s blots, two or more, and the sum over rolls of the pips the best hit
    costs ``opp`` (``counts.shots_at``)."""
    theirs = seen(opp)[:, : POINTS + 1]
    board = me[:, : POINTS + 1].astype(np.int64)
    return shots_at(board, theirs == 1, theirs < 2, POINTS + 1 - np.arange(POINTS + 1))


# --- a side's features ------------------------------------------------------------------


def half_features(me: Boards, opp: Boards) -> Floats:
    """``(B, len(HALF_FEATURES))``: what ``me`` has against ``opp`` (both ``(B, 26)``
    in their own coordinates), as if ``me`` were to roll; positions in contact."""
    me = me.astype(np.int64)
    opp = opp.astype(np.int64)
    batch = len(me)
    off: Counts = me[:, SIZE - 1].astype(np.int64)
    index = np.arange(SIZE)
    to_off = POINTS + 1 - index  # pips from off of each path position (bar: 25)
    board = me[:, : POINTS + 1]
    mine_seen = seen(me)  # me's checkers in opp's coordinates
    theirs = seen(opp)
    out = np.zeros((batch, len(HALF_FEATURES)), np.float32)
    column = {name: k for k, name in enumerate(HALF_FEATURES)}

    def put(name: str, values: npt.ArrayLike) -> None:
        out[:, column[name]] = values

    put("pips", pip_counts(me) / 100)
    for name, part in zip(("off_1", "off_2", "off_3"), off_parts(off), strict=True):
        put(name, part)
    # Opp's rearmost checker, on me's path (25: on opp's bar, past all of me's points).
    their_back = POINTS + 1 - rearmost(opp)
    behind = index[: POINTS + 1] < their_back[:, None]
    put(
        "break_contact",
        (board * (their_back[:, None] - index[: POINTS + 1] + 1) * behind).sum(1) / 167,
    )
    put("free_pips", (board * to_off[: POINTS + 1] * ~behind).sum(1) / 100)
    outside = index[: POINTS + 1] < HOME
    put("outfield_pips", (board * (HOME - index[: POINTS + 1]) * outside).sum(1) / 100)
    put("home_spares", np.maximum(me[:, HOME : POINTS + 1] - 2, 0).sum(1) / CHECKERS)
    back = rearmost(me)
    put("back_checker", np.minimum(POINTS - back, POINTS) / POINTS)
    made = me[:, 1 : POINTS + 1] >= 2  # column j: path j + 1
    anchor = np.where(made.any(1), made.argmax(1) + 1, POINTS + 1)
    put("back_anchor", (POINTS - anchor) / POINTS)
    home_anchor = np.where(made[:, :6].any(1), 6 - made[:, 5::-1].argmax(1), 0)
    outer_anchor = np.where(made[:, 6:12].any(1), made[:, 6:12].argmax(1) + 7, 0)
    put(
        "forward_anchor",
        np.where(home_anchor, home_anchor, np.where(outer_anchor, outer_anchor, 12)) / 6,
    )
    hit, double, lost = shot_counts(me, opp)
    put("hit_rolls", hit / 36)
    put("double_hit_rolls", double / 36)
    put("hit_pips", lost / (36 * POINTS))
    # Opp's runners against me's points, in opp's coordinates.
    theirs_back = np.minimum(rearmost(opp), POINTS)
    escapes = escape_rolls(mine_seen)
    rows = np.arange(batch)
    put("back_escapes", escapes[rows, theirs_back] / 36)
    put("back_clear", escape_rolls(mine_seen, beyond=True)[rows, theirs_back] / 36)
    near = index[: POINTS + 1]
    in_reach = (near >= theirs_back[:, None]) & (near <= 9)
    fewest = np.where(in_reach, escapes, 36).min(1)
    put("back_containment", (36 - fewest) / 36)
    put("back_containment_2", ((36 - fewest) / 36) ** 2)
    fewest_all = escapes[:, 1:10].min(1)
    put("containment", (36 - fewest_all) / 36)
    put("containment_2", ((36 - fewest_all) / 36) ** 2)
    mine_escapes = escape_rolls(theirs)
    put("mobility", (board * (HOME - index[: POINTS + 1]) * outside * mine_escapes).sum(1) / 3600)
    on_board = board.sum(1)
    mean = (board * to_off[: POINTS + 1]).sum(1) / np.maximum(on_board, 1)
    far = to_off[: POINTS + 1] > mean[:, None]
    stragglers = (board * far).sum(1)
    spread = (board * far * (to_off[: POINTS + 1] - mean[:, None]) ** 2).sum(1)
    put("spread", spread / np.maximum(stragglers, 1) / 400)
    closed = (theirs[:, 1:7] >= 2).sum(1)
    put("dance", (closed / 6) ** 2)
    put("backbone", _backbone(made))
    held_there = made[:, :6].sum(1)
    back_men = me[:, 0:7].sum(1)
    put("back_game", np.where(held_there >= 2, (back_men - 3) / 4, 0))
    put("back_game_1", np.where(held_there == 1, back_men / 8, 0))
    return out


def _backbone(made: npt.NDArray[np.bool_]) -> Floats:
    """1 - the mean connection of the rearmost point to each other point (see above)."""
    points = np.arange(1, POINTS + 1)
    back = np.where(made.any(1), made.argmax(1) + 1, 0)
    gaps = points[None, :] - back[:, None]
    others = made & (gaps > 0)
    weight = np.where(gaps <= 6, 1.0, np.where(gaps <= 11, (13 - gaps) / 11, 0.0))
    count = others.sum(1)
    link = (weight * others).sum(1) / np.maximum(count, 1)
    result: Floats = np.where(count > 0, 1 - link, 0.0).astype(np.float32)
    return result


# --- phases and the nets' inputs -------------------------------------------------------------


def _crashed(board: Counts) -> npt.NDArray[np.bool_]:
    in_play = CHECKERS - board[:, SIZE - 1]
    ace, deuce = board[:, POINTS], board[:, POINTS - 1]
    buried = np.where(ace >= 2, ace, 0) + np.maximum(deuce - 1, 0)
    crashed: npt.NDArray[np.bool_] = in_play - buried <= 6
    return crashed


def phases(slots: Boards) -> Counts:
    """Each position's phase (``CONTACT``, ``CRASHED``, ``RACE``, ``OVER``) from its
    boards ``(B, 2, 26)``, each side in its own coordinates."""
    me = slots[:, 0].astype(np.int64)
    opp = slots[:, 1].astype(np.int64)
    over = (me[:, SIZE - 1] == CHECKERS) | (opp[:, SIZE - 1] == CHECKERS)
    contact = rearmost(me) + rearmost(opp) < POINTS + 1
    crashed = _crashed(me) | _crashed(opp)
    return np.where(over, OVER, np.where(~contact, RACE, np.where(crashed, CRASHED, CONTACT)))


def raw_inputs(slots: Boards) -> Floats:
    """Tesauro's code of both sides (``network.encode``): 202 inputs."""
    return encode(CLASSIC, slots.astype(np.uint8))


def contact_inputs(slots: Boards) -> Floats:
    """A contact (or crashed) position's inputs: the raw code, then each side's
    features (the side to move first)."""
    return np.concatenate(
        (
            raw_inputs(slots),
            half_features(slots[:, 0], slots[:, 1]),
            half_features(slots[:, 1], slots[:, 0]),
        ),
        axis=1,
    )


def race_features(me: Boards) -> Floats:
    """``(B, len(RACE_FEATURES))`` of one side in a race."""
    index = np.arange(SIZE)
    off: Counts = me[:, SIZE - 1].astype(np.int64)
    quadrant = np.clip((HOME - 1 - index[: POINTS + 1]) // 6 + 1, 0, 4)
    board = me[:, : POINTS + 1].astype(np.int64)
    return np.column_stack(
        (
            pip_counts(me) / 100,
            *off_parts(off),
            (board * quadrant).sum(1) / 10,
            board[:, :HOME].sum(1) / CHECKERS,
            (me[:, HOME : POINTS + 1] == 0).sum(1) / 6,
        )
    ).astype(np.float32)


def race_inputs(slots: Boards) -> Floats:
    """A race's inputs: the raw code, then each side's race features."""
    return np.concatenate(
        (raw_inputs(slots), race_features(slots[:, 0]), race_features(slots[:, 1])), axis=1
    )
