"""The neural evaluator's strength and speed, beside the targets of its issue.

Run ``python benchmarks/bench_evaluation.py`` (``--quick`` for a tenth of the games).
Each figure comes with its 95% interval (Wilson for win rates, normal for points):

- trigammon: ``NeuralBot`` against two ``HeuristicBot``s, 3,000 games, its seat
  rotating 0, 1, 2 (issue 46's target for trigammon-v4: >= 75%; even is 33%);
- classic: ``NeuralBot`` against ``HeuristicBot``, 2,000 games, seats alternating
  (issue 25's target: >= 75%);
- classic: ``NeuralBot`` against GNU Backgammon's 0-ply net choosing the play it
  rates best (``NeuralBot(evaluator="gnubg")``, which plays ``gnubg_nn.best_move``'s
  choice but between plays of equal equity), 2,000 games, cubeless money, gammons
  counted (issue 46's targets for classic-v6: >= 52% of games and >= +0.04 points per
  game, past GNU Backgammon's 0-ply net; issue 25's were >= 50% and >= 0.00, parity
  with gnubg's 0-ply net);
- trigammon ``NeuralBot`` self-play speed on one core (target >= 30 games/s: the board's
  rollouts and training play such games);
- ``hints`` at 0-ply on 1,000 corpus positions of each variant
  (``engine.random_positions``): median and 95th percentile (target p95 < 10 ms).

``--net PATH`` measures another net of the same variant (a training snapshot);
``--ply 1`` measures ``NeuralBot(ply=1)`` (about 20 times slower: use ``--quick``). Game
``g`` uses seed ``"bench:g"`` (``--seed`` another, to check a pick made on those dice;
several, comma-separated, play the games on each and add them up); matches run on
``--workers`` processes.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from trigammon_widget.engine import CLASSIC, TRIGAMMON, Variant
from trigammon_widget.engine.corpus import random_positions
from trigammon_widget.judgement.evaluation import Evaluator, NeuralEvaluator, hints
from trigammon_widget.judgement.nets.shipped import load_file
from trigammon_widget.judgement.play.bot_games import MatchResult, play_game, play_match
from trigammon_widget.judgement.play.bots import Bot, HeuristicBot, NeuralBot
from trigammon_widget.judgement.play.rollout import wilson

TRIGAMMON_GAMES = 3_000
CLASSIC_GAMES = 2_000
SPEED_GAMES = 100
WARM_GAMES = 20
"""Games played before the speed is timed: the first games after the compiled code is
read or compiled run up to twice as slow (one warm-up game left the figure swinging
from 17 to 64 games/s between runs of the same code)."""
HINT_POSITIONS = 1_000


def match(
    variant: Variant, bot: Bot, opponent: Bot, games: int, workers: int, seed: str
) -> tuple[MatchResult, float]:
    """The bot's result over ``games`` games and the seconds taken."""
    start = time.perf_counter()
    parts = [range(k, games, workers * 4) for k in range(workers * 4)]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        futures = [pool.submit(play_match, variant, bot, opponent, r, seed) for r in parts]
        total = sum((f.result() for f in futures), MatchResult(0, 0, 0.0, 0.0))
    return total, time.perf_counter() - start


def verdict(low: float, point: float, target: float) -> str:
    if low >= target:
        return "ok"
    if point >= target:
        return "ok (point estimate)"
    return f"MISSED by {target - point:.3g}"


def strength(
    name: str,
    variant: Variant,
    bot: Bot,
    opponent: Bot,
    games: int,
    target: float,
    workers: int,
    seed: str,
    points_target: float | None = None,
) -> None:
    seeds = seed.split(",")
    each = [match(variant, bot, opponent, games, workers, s) for s in seeds]
    result = sum((r for r, _ in each), MatchResult(0, 0, 0.0, 0.0))
    seconds = sum(t for _, t in each)
    games = result.games
    if len(seeds) > 1:
        rates = ", ".join(
            f"{s} {r.rate:.1%} ({r.points_per_game:+.3f})"
            for s, (r, _) in zip(seeds, each, strict=True)
        )
        print(f"{variant.name:>9}: {name}, seed by seed: {rates}", flush=True)
    low, high = wilson(result.wins, result.games)
    print(
        f"{variant.name:>9}: {name}, {games:,} games, seats rotated: wins {result.wins:,} = "
        f"{result.rate:.1%} [95% {low:.1%}..{high:.1%}] (target >= {target:.0%}: "
        f"{verdict(low, result.rate, target)})",
        flush=True,
    )
    p_low, p_high = result.points_interval()
    line = f"{'':>11}points/game {result.points_per_game:+.3f} [95% {p_low:+.3f}..{p_high:+.3f}]"
    if points_target is not None:
        line += f" (target >= {points_target:+.2f}: "
        line += f"{verdict(p_low, result.points_per_game, points_target)})"
    print(f"{line}; {seconds:.0f} s on {workers} cores", flush=True)


def speed(bot: Bot, games: int) -> None:
    bots = [bot] * TRIGAMMON.players
    for g in range(WARM_GAMES):  # read the weights and the tables, warm the code
        play_game(TRIGAMMON, bots, seed=f"warm:{g}")
    wall, cpu = time.perf_counter(), time.process_time()
    turns = sum(play_game(TRIGAMMON, bots, seed=f"speed:{g}").turns for g in range(games))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(
        f"trigammon: NeuralBot self-play {games / wall:.1f} games/s wall "
        f"(target >= 30: {'ok' if games / wall >= 30 else 'MISSED'}), {games / cpu:.1f} "
        f"games/s CPU; {turns / games:.0f} turns/game, {wall / turns * 1e6:.0f} us/turn; one core",
        flush=True,
    )


def hint_times(variant: Variant, evaluator: Evaluator, count: int) -> None:
    corpus = [p for p in random_positions(variant, count, 2024) if not p.is_over()]
    hints(corpus[0], evaluator=evaluator)
    times = []
    for position in corpus:
        start = time.perf_counter()
        hints(position, evaluator=evaluator)
        times.append(time.perf_counter() - start)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"{variant.name:>9}: hints at 0-ply on {len(times):,} corpus positions: median "
        f"{statistics.median(times) * 1e3:.1f} ms, p95 {p95 * 1e3:.1f} ms, max "
        f"{times[-1] * 1e3:.1f} ms (target p95 < 10 ms: {'ok' if p95 < 0.01 else 'MISSED'})",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the games")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--net", help="a weights file to measure instead of the shipped net")
    parser.add_argument("--only", choices=["trigammon", "classic", "speed"], help="one part")
    parser.add_argument("--ply", type=int, default=0, help="NeuralBot's look-ahead (0 or 1)")
    parser.add_argument(
        "--seed", default="bench", help="the matches' dice (game g: SEED:g; several: a,b,c)"
    )
    args = parser.parse_args()
    scale = 10 if args.quick else 1
    evaluator: Evaluator = NeuralEvaluator(load_file(args.net)) if args.net else NeuralEvaluator()
    bot = NeuralBot(ply=args.ply, evaluator=evaluator)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores", flush=True)
    variant = None if args.net is None else load_file(args.net).variant.name
    if args.only in (None, "trigammon") and variant in (None, "trigammon"):
        strength(
            f"NeuralBot(ply={args.ply}) vs two HeuristicBots",
            TRIGAMMON,
            bot,
            HeuristicBot(),
            TRIGAMMON_GAMES // scale,
            0.75,
            args.workers,
            args.seed,
        )
    if args.only in (None, "classic") and variant in (None, "classic"):
        strength(
            f"NeuralBot(ply={args.ply}) vs HeuristicBot",
            CLASSIC,
            bot,
            HeuristicBot(),
            CLASSIC_GAMES // scale,
            0.75,
            args.workers,
            args.seed,
        )
        try:
            gnubg: Bot = NeuralBot(evaluator="gnubg")
        except ImportError as error:
            print(f"  classic: no gnubg match ({error})")
        else:
            strength(
                f"NeuralBot(ply={args.ply}) vs gnubg 0-ply",
                CLASSIC,
                bot,
                gnubg,
                CLASSIC_GAMES // scale,
                0.52,
                args.workers,
                args.seed,
                points_target=0.04,
            )
    if args.only in (None, "speed"):
        if hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        if variant in (None, "trigammon"):
            speed(bot, SPEED_GAMES // scale)
        for chosen in (TRIGAMMON, CLASSIC):
            if variant in (None, chosen.name):
                hint_times(chosen, evaluator, HINT_POSITIONS // scale)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
