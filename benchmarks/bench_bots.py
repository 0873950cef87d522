"""Bot strength and speed, beside the targets of the bots issue.

Run ``python benchmarks/bench_bots.py`` (``--quick`` for a tenth of the games). It
prints:

- trigammon: ``HeuristicBot`` against two ``RandomBot``s, 3,000 games, the heuristic
  seat rotating 0, 1, 2: its win rate with a 95% Wilson interval (target >= 80%;
  chance is 33%);
- classic: ``HeuristicBot`` against ``RandomBot``, 2,000 games, seats alternating
  (target >= 95%);
- heuristic self-play speed in trigammon (and classic): whole games from the opening
  roll, legal-play generation included, one process pinned to one core (target >= 20
  trigammon games/s), in wall-clock and in CPU seconds;
- rollout speed with both cores.

Game ``g`` uses seed ``g``; the strength games run on both cores. The figures on a
busy machine are lower than on an idle one: the load average is printed alongside.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from trigammon_widget.engine import CLASSIC, TRIGAMMON, Position, Variant
from trigammon_widget.judgement.play.bot_games import play_game
from trigammon_widget.judgement.play.bots import Bot, HeuristicBot, RandomBot
from trigammon_widget.judgement.play.rollout import rollout, shutdown_workers, wilson

TRIGAMMON_GAMES = 3_000
CLASSIC_GAMES = 2_000
SPEED_GAMES = 200
TARGET_TRIGAMMON = 0.80
TARGET_CLASSIC = 0.95
TARGET_SPEED = 20.0


def heuristic_wins(variant: Variant, seeds: Sequence[int]) -> tuple[int, int]:
    """(games the heuristic won, turns played) over games ``seeds``, seat = seed mod players."""
    heuristic, random_bot = HeuristicBot(), RandomBot()
    won = turns = 0
    for seed in seeds:
        seat = seed % variant.players
        bots: list[Bot] = [random_bot] * variant.players
        bots[seat] = heuristic
        result = play_game(variant, bots, seed=seed)
        won += result.winner == seat
        turns += result.turns
    return won, turns


def strength(variant: Variant, games: int, target: float, workers: int) -> None:
    start = time.perf_counter()
    parts = [list(range(k, games, workers * 4)) for k in range(workers * 4)]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        results = list(pool.map(heuristic_wins, [variant] * len(parts), parts))
    won = sum(w for w, _ in results)
    turns = sum(t for _, t in results)
    low, high = wilson(won, games)
    rate = won / games
    opponents = "two random bots" if variant.players == 3 else "a random bot"
    print(
        f"{variant.name:>9}: heuristic vs {opponents}, {games:,} games, seats rotated: "
        f"wins {won:,}/{games:,} = {rate:.2%} [95% {low:.2%}..{high:.2%}] (target >= {target:.0%}: "
        f"{'ok' if low >= target else 'ok (point estimate)' if rate >= target else 'MISSED'}); "
        f"{turns / games:.0f} turns/game; {time.perf_counter() - start:.0f} s on {workers} cores"
    )


def speed(variant: Variant, games: int, target: float | None) -> None:
    bot = HeuristicBot()
    bots = [bot] * variant.players
    play_game(variant, bots, seed=-1)  # warm the per-variant tables
    wall, cpu = time.perf_counter(), time.process_time()
    turns = sum(play_game(variant, bots, seed=seed).turns for seed in range(games))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    verdict = ""
    if target is not None:
        verdict = f" (target >= {target:g}: {'ok' if games / wall >= target else 'MISSED'})"
    print(
        f"{variant.name:>9}: heuristic self-play {games / wall:6.1f} games/s wall{verdict}, "
        f"{games / cpu:6.1f} games/s CPU; {turns / games:.0f} turns/game, "
        f"{wall / turns * 1e6:.0f} us/turn; one core"
    )


def rollout_speed() -> None:
    start = Position.start(TRIGAMMON)
    rollout(start, games=8, seed=0)  # start the worker processes
    begin = time.perf_counter()
    result = rollout(start, games=400, seed=1)
    seconds = time.perf_counter() - begin
    print(
        f"rollout: trigammon start, 400 games on 2 workers in {seconds:.1f} s "
        f"({400 / seconds:.0f} games/s): {result}"
    )
    shutdown_workers()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the games")
    args = parser.parse_args()
    scale = 10 if args.quick else 1
    workers = min(2, os.cpu_count() or 1)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    strength(TRIGAMMON, TRIGAMMON_GAMES // scale, TARGET_TRIGAMMON, workers)
    strength(CLASSIC, CLASSIC_GAMES // scale, TARGET_CLASSIC, workers)
    rollout_speed()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    speed(TRIGAMMON, SPEED_GAMES // scale, TARGET_SPEED)
    speed(CLASSIC, SPEED_GAMES // scale, None)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
