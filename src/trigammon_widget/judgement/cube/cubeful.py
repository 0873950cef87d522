"""Cubeful cube decisions from an evaluator: the cube's efficiency by the kind of
position, and one roll of look-ahead with cube decisions at its leaves (R14).

``cube.cube_decision`` turns cubeless chances into a decision through Janowski's
model with one cube efficiency. GNU Backgammon does better in two ways, both here:

- **The efficiency by position class** (``efficiency_of``), as gnubg's
  ``EvalEfficiency`` sets it: 0.68 in contact (crashed positions too); in a race it
  grows with the pips the player on roll has left, ``0.55 + 0.00125 * pips`` held
  within 0.6..0.7 (a short race's cube is less live: fewer turns remain to use it).
- **Cubeful evaluation one roll deep** (``ply=1``): the position is not judged from
  its own chances but from the 21 rolls of the player on roll, each answered by its
  best play (cubeless, by the evaluator at 0-ply), after which the opponent is on
  roll and decides its own cube action by the model, with the cube where it lies
  (no double) or turned and held by the opponent (double, take). Averaged, these
  are the no-double and double/take equities; a pass is worth the cube. That is how
  gnubg's 1-ply cube decisions are made, and one roll of the game's own dice
  takes in much of the cube's life that the model can only estimate: the market
  losers, the rolls that cash, the gammons of this very roll.

Equities are those of ``cube.CubeDecision``: the doubler's chance to win the match,
or in money play its points per point of the cube's value now.

All of it asks the nets, so numpy is imported where a decision is made
(``judges``): the cube's face, and the bots', load without it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...engine.fastplay import TurnView, boards_of, has_won, position_of
from ...engine.i18n import _
from ...engine.position import Position
from ...engine.stakes import Cube, MatchPosition
from ...engine.variant import CLASSIC
from ..judges import need_numpy
from .decision import Chances, CubeDecision, cube_decision
from .met import match_equity

if TYPE_CHECKING:
    from ..evaluation import Evaluation, Evaluator

__all__ = ["CONTACT_EFFICIENCY", "CUBE_PLY", "cubeful_decision", "efficiency_of"]

CUBE_PLY = 1
"""How deep every cube decision of the package looks: the bots', the reviews' and the
board's advice (Hints) alike, so that they never disagree about one decision."""

CONTACT_EFFICIENCY = 0.68
"""The cube's efficiency in contact (and crashed) positions, gnubg's."""
RACE_EFFICIENCY = (0.55, 0.00125, 0.6, 0.7)
"""A race's efficiency: ``base + per_pip * pips`` of the player on roll, held within
``low..high`` (gnubg's)."""


def efficiency_of(position: Position) -> float:
    """The cube's efficiency in ``position`` by its class (the module's text)."""
    import numpy as np

    from ..inputs import RACE, in_slots, phases

    boards = np.asarray([position.boards], np.uint8)
    phase = int(phases(in_slots(CLASSIC, boards, np.asarray([position.turn])))[0])
    if phase != RACE:
        return CONTACT_EFFICIENCY
    base, per_pip, low, high = RACE_EFFICIENCY
    return min(max(base + per_pip * position.pip_count(position.turn), low), high)


def cubeful_decision(
    match: MatchPosition, evaluator: str | Evaluator | None = None, *, ply: int = 1
) -> CubeDecision:
    """Double or not, and take or pass, for the player on roll of ``match`` (before its
    roll), by ``evaluator`` (the package's net by default) and the cube model, ``ply``
    rolls deep (0 or 1; the module's text)."""
    if match.position.variant.players != 2:
        raise ValueError(_("trigammon has no doubling cube (R14 is classic only)"))
    if isinstance(ply, bool) or ply not in (0, 1):
        raise ValueError(_("ply must be 0 or 1, not {ply}").format(ply=repr(ply)))
    need_numpy(_("A cube decision"))
    from ..evaluation import ROLLS, evaluate, find_evaluator

    chosen = find_evaluator(evaluator)
    position = match.position.with_dice()
    match = replace(match, position=position)
    here = _leaf(match, evaluate(position, evaluator=chosen))
    if ply == 0:
        return here
    cube = match.cube
    mover = position.turn
    owner = cube.owner
    kept = MatchPosition(position, Cube(cube.value, owner), match.state)
    turned = MatchPosition(position, Cube(2 * cube.value, 1 - mover), match.state)
    no_double = double_take = 0.0
    for dice in ROLLS:
        weight = (1 if dice[0] == dice[1] else 2) / 36
        after, rated = _best_play(chosen, position, dice)
        no_double += weight * _after(kept, after, rated, cube.value)
        double_take += weight * _after(turned, after, rated, cube.value)
    return replace(here, no_double=no_double, double_take=double_take)


def _leaf(match: MatchPosition, evaluation: Evaluation) -> CubeDecision:
    """The model's decision for the player on roll at 0-ply."""
    chances = Chances.of(evaluation, match.position.turn)
    return cube_decision(match, chances, efficiency=efficiency_of(match.position))


def _best_play(
    evaluator: Evaluator, position: Position, dice: tuple[int, int]
) -> tuple[Position, Evaluation]:
    """The position the evaluator's best play of ``dice`` leaves, and its rating (the
    opponent to roll, or the game won)."""
    import numpy as np

    from ..evaluation import Evaluation
    from ..outcome_vectors import equities_of, equity_matrix

    view = TurnView(CLASSIC, boards_of(position), position.turn, dice)
    keys = list(view.leaves())
    vectors = evaluator.after_plays(view, keys)
    mover = position.turn
    best = int(np.argmax(equities_of(vectors, equity_matrix(2)[:, mover])))
    boards = view.boards_after(keys[best])
    won = has_won(boards[mover])
    following = mover if won else 1 - mover
    after = position_of(CLASSIC, boards, following)
    return after, Evaluation.from_outcomes(vectors[best], following, evaluator.name, 0)


def _after(before: MatchPosition, after: Position, rated: Evaluation, value: int) -> float:
    """The equity of the player on roll of ``before`` (in its cube's unit at ``value``)
    once its play has left ``after``: a won game's sure worth, else the opponent's
    decision there by the model, turned round."""
    mover = before.position.turn
    state, cube = before.state, before.cube
    if after.turn == mover:  # the play won the game
        points = round(rated.equities[mover]) * cube.value
        if state.money:
            return points / value
        away = (state.away(mover), state.away(1 - mover))
        return match_equity(max(away[0] - points, 0), away[1], post_crawford=state.post_crawford)
    leaf = MatchPosition(after, cube, state)
    decision = _leaf(leaf, rated)
    may_double = "double" in leaf.legal_cube_actions()
    theirs = decision.equity if may_double else decision.no_double
    if state.money:
        return -theirs * cube.value / value
    return 1.0 - theirs
