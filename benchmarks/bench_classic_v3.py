"""classic-v3 (the classic nets by phase, ``judgement.nets.phases``) in use: how fast its
hints and its games are, beside the nets issue's target.

Run ``python benchmarks/bench_classic_v3.py`` (``TRIGAMMON_FAST=0`` for the pure
path; ``--net classic-v2`` measures another of the package's nets the same way). It
prints:

- ``hints(position)`` at 0-ply with ``NeuralEvaluator("classic-v3")``, ms a position
  over 200 corpus positions (``random_positions(CLASSIC, 200, seed=1)``, finished ones
  left out): the mean and the 95th percentile (target: p95 < 50 ms);
- ``play_game`` of ``NeuralBot(evaluator=NeuralEvaluator("classic-v3"))`` against
  itself, 100 seeded games, in games/s.

Both run in this process on one BLAS thread (``OPENBLAS_NUM_THREADS=1`` is set before
numpy loads); the first hints and the first game are played before the clock starts
(numba's compilation or its cache, the weights, the bear-off database). The machine's
load average is printed, since other work on a shared machine lowers every figure.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import time

import numpy as np

from trigammon_widget.engine import CLASSIC, fast
from trigammon_widget.engine.corpus import random_positions
from trigammon_widget.judgement.evaluation import NeuralEvaluator, hints
from trigammon_widget.judgement.play.bot_games import play_game
from trigammon_widget.judgement.play.bots import NeuralBot
from trigammon_widget.judgement.race import bearoff

TARGET_HINTS_P95_MS = 50.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--net", default="classic-v3")
    args = parser.parse_args()
    path = "compiled" if fast.compiled() is not None else "pure Python"
    print(f"{args.net}, the {path} path; load average {os.getloadavg()[0]:.2f}")

    evaluator = NeuralEvaluator(args.net)
    positions = [p for p in random_positions(CLASSIC, args.positions, seed=1) if not p.is_over()]
    hints(positions[0], evaluator=evaluator)
    bearoff.load().find((1, 0, 0, 0, 0, 0))  # the bear-off database: read once, on first use
    times = []
    for position in positions:
        start = time.perf_counter()
        hints(position, evaluator=evaluator)
        times.append(1000 * (time.perf_counter() - start))
    mean, p95 = float(np.mean(times)), float(np.percentile(times, 95))
    verdict = "ok" if p95 < TARGET_HINTS_P95_MS else "MISSED"
    print(
        f"hints at 0-ply, {len(times)} positions: mean {mean:.2f} ms, p95 {p95:.2f} ms "
        f"(target p95 < {TARGET_HINTS_P95_MS:.0f} ms: {verdict})"
    )

    bot = NeuralBot(evaluator=NeuralEvaluator(args.net))
    play_game(CLASSIC, [bot, bot], seed="warm-up")
    start = time.perf_counter()
    turns = 0
    for k in range(args.games):
        turns += play_game(CLASSIC, [bot, bot], seed=k).turns
    seconds = time.perf_counter() - start
    print(
        f"self-play, {args.games} games ({turns} turns): {seconds:.1f} s, "
        f"{args.games / seconds:.2f} games/s"
    )
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
