"""Game analysis speed, and how often the own net picks GNU Backgammon's best play.

Run ``python benchmarks/bench_analysis.py`` (``--quick`` for a tenth of the
positions). It prints, beside the targets of the analysis issue:

- the time to analyse a 100-turn trigammon game at 0-ply (``HeuristicBot`` against
  two ``RandomBot``s, seed 3), on both cores (the default) and on one (target < 3 s),
  the pool warmed by a first run and the best of three runs reported;
- classic, the own net's best play against GNU Backgammon's 0-ply net as the
  reference, on 1,000 corpus positions with dice (``engine.random_positions(CLASSIC,
  1000, seed=2024)``, positions with a choice only): the share where the own net's
  best play is gnubg's best, or within 0.02 equity of it by gnubg's numbers (target
  >= 80%), with its 95% Wilson interval. ``--net PATH`` measures another classic net
  (a training snapshot), ``--ply 1`` the own net looking one roll further.
"""

from __future__ import annotations

import argparse
import os
import time

from trigammon_widget.engine import CLASSIC, TRIGAMMON, Game
from trigammon_widget.engine.corpus import random_positions
from trigammon_widget.judgement.analysis import analyse
from trigammon_widget.judgement.evaluation import Evaluator, NeuralEvaluator, hints
from trigammon_widget.judgement.nets.shipped import load_file
from trigammon_widget.judgement.play.bot_games import autoplay
from trigammon_widget.judgement.play.bots import HeuristicBot, RandomBot
from trigammon_widget.judgement.play.rollout import wilson

TURNS = 100
POSITIONS = 1_000
TOLERANCE = 0.02
TARGET_SECONDS = 3.0
TARGET_AGREEMENT = 0.80


def speed() -> None:
    game = Game(TRIGAMMON, seed=3)
    autoplay(game, [HeuristicBot(), RandomBot(3), RandomBot(4)], max_turns=TURNS)
    print(f"analysing a {len(game.turns)}-turn trigammon game at 0-ply:")
    for workers in (2, 1):
        analyse(game, workers=workers)  # warm the pool and the net
        times = []
        for _ in range(3):
            start = time.perf_counter()
            analyse(game, workers=workers)
            times.append(time.perf_counter() - start)
        best = min(times)
        verdict = "met" if best < TARGET_SECONDS else "MISSED"
        runs = ", ".join(f"{t:.2f}" for t in times)
        print(
            f"  {workers} worker(s): {best:.2f} s (best of 3; {runs})"
            f"   target < {TARGET_SECONDS:.0f} s: {verdict}"
        )


def agreement(count: int, evaluator: Evaluator, ply: int) -> None:
    try:
        import gnubg_nn  # noqa: F401
    except ImportError:
        print("agreement with GNU Backgammon: skipped (gnubg-nn is not installed)")
        return
    positions = [p for p in random_positions(CLASSIC, count, seed=2024) if len(p.legal_plays()) > 1]
    same = close = 0
    for position in positions:
        own = hints(position, evaluator=evaluator, ply=ply)[0].play
        reference = hints(position, evaluator="gnubg")
        best = reference[0].equity
        mine = next(h.equity for h in reference if h.play == own)
        same += own == reference[0].play
        close += best - mine <= TOLERANCE
    low, high = wilson(close, len(positions))
    share = close / len(positions)
    verdict = "met" if share >= TARGET_AGREEMENT else "MISSED"
    print(
        f"classic, own net at {ply}-ply against gnubg 0-ply on {len(positions)} corpus positions "
        "with a choice:\n"
        f"  gnubg's best play: {same / len(positions):.1%}; within {TOLERANCE} of it: "
        f"{share:.1%} [{low:.1%}, {high:.1%}]   target >= {TARGET_AGREEMENT:.0%}: {verdict}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the positions")
    parser.add_argument("--net", help="a classic weights file instead of the shipped net")
    parser.add_argument("--ply", type=int, default=0, help="the own net's look-ahead (0 or 1)")
    parser.add_argument("--only", choices=["speed", "agreement"], help="one part")
    args = parser.parse_args()
    evaluator = NeuralEvaluator(load_file(args.net)) if args.net else NeuralEvaluator()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if args.only != "agreement":
        speed()
    if args.only != "speed":
        agreement(POSITIONS // 10 if args.quick else POSITIONS, evaluator, args.ply)


if __name__ == "__main__":
    main()
