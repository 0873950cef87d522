"""A fixed, seeded corpus of positions reached by random self-play.

Benchmarks and tests need the same reproducible, realistic positions: the checks
against GNU Backgammon and the legal-play timings are only comparable run to run
when they measure the very same positions.
"""

from __future__ import annotations

import random

from .i18n import _
from .moves import Play
from .position import Board, Position
from .variant import Variant, find_variant


def random_positions(variant: str | Variant, count: int, seed: int) -> list[Position]:
    """``count`` positions, each with the dice rolled there, from random self-play.

    Each turn rolls two dice with ``random.Random(seed)``, records the position with
    that roll and makes a uniformly random legal play; a finished game is followed by
    a new one from the start. The same arguments always give the same list. Opening
    rules (R2) are not simulated: the first turn is a plain roll of player 0.
    """
    chosen = find_variant(variant)
    if count < 0:
        raise ValueError(_("count must be 0 or more, got {count}").format(count=count))
    rng = random.Random(seed)
    corpus: list[Position] = []
    position = Position.start(chosen)
    while len(corpus) < count:
        rolled = position.with_dice(rng.randint(1, 6), rng.randint(1, 6))
        corpus.append(rolled)
        mine = rolled.boards[rolled.turn]
        # Plays sorted by outcome, so the corpus does not depend on the generator's order.
        plays = sorted(rolled.legal_plays(), key=lambda play: _outcome(mine, play))
        done = rolled.after(rng.choice(plays).moves)
        if done.is_over():
            position = Position.start(chosen)
        else:
            position = done.with_turn(chosen.next_player(done.turn))
    return corpus


def _outcome(board: Board, play: Play) -> tuple[Board, tuple[int, ...]]:
    """The mover's board after ``play`` and the points it hit on: one per outcome."""
    after = list(board)
    hits = []
    for move in play.moves:
        after[move.start] -= 1
        after[move.end] += 1
        if move.hit:
            hits.append(move.end)
    return tuple(after), tuple(sorted(hits))
