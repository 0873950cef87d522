"""Compile the fast path before the course opens: ``python scripts/warm_up.py``.

numba compiles the compiled engine and nets on their first use in a new install (or
after their source changed) and caches the result beside them: that first use takes
half a minute or more on a busy machine, which a learner would meet as a board that
does not answer at their first hint, tutor check or bot move. ``./dev lab`` runs this
first; with the cache in place it takes about a second.
"""

from __future__ import annotations

import time

from trigammon_widget import CLASSIC, TRIGAMMON, Game, HeuristicBot, NeuralBot, Position, autoplay
from trigammon_widget.engine import fast
from trigammon_widget.judgement.bots import Bot
from trigammon_widget.judgement.cubeful import cubeful_decision
from trigammon_widget.judgement.equity_rollout import hints as rolled_hints
from trigammon_widget.judgement.evaluation import hints


def main() -> None:
    started = time.perf_counter()
    if fast.compiled() is None:
        print("the compiled fast path is off (numba missing): nothing to prepare")
        return
    for variant in (CLASSIC, TRIGAMMON):
        position = Position.start(variant)
        rolled = Position(variant, position.boards, 0, (6, 4))
        hints(rolled)  # the nets' forward pass and the legal-play search
        rolled_hints(rolled, candidates=2, games=2, truncate=2, workers=1, seed=1)
        game = Game(variant, seed=1)
        seats: list[Bot] = [NeuralBot(), HeuristicBot(), NeuralBot()]
        players = seats[: variant.players]
        autoplay(game, players, max_turns=4)
    cubeful_decision(Game(CLASSIC, seed=1).match_position)  # the cube's look-ahead
    print(f"the fast path is ready ({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
