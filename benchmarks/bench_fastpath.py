"""The compiled fast path against its targets, each a ratio measured side by side.

Run ``python benchmarks/bench_fastpath.py`` (``--quick`` for fewer games). It prints,
beside the targets of the fast-path issue:

- classic legal plays, ``len(position.legal_plays())`` on the fast path against GNU
  Backgammon's C generator (``gnubg_nn.moves``), the same corpus positions, the same
  run (target >= 0.5x);
- trigammon legal plays, positions/s, fast path against the pure-Python engine, the
  same positions (target >= 10x);
- trigammon ``NeuralBot`` self-play on one core, games/s, after a few warm-up games (target >= 200);
- in-process self-play with numpy's default threads and the other core busy (a
  busy-loop process this script starts and stops), against the same with
  ``OPENBLAS_NUM_THREADS=1`` (target: within 20%, and >= 0.8x), on the pure path and
  on the fast path, each in a fresh process;
- a classic rollout of 1,296 games by ``NeuralBot`` on 2 workers (target < 10 s);
- analysis of a 100-turn trigammon game on one worker (target < 0.2 s).

Each figure is the best of a few runs, and the two sides of a ratio take their runs in
turn, so that the machine's drift from minute to minute falls on both; the load
average is printed, since other work on a shared machine lowers every figure.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from trigammon_widget.engine import BAR, CLASSIC, TRIGAMMON, Game, Position, fast
from trigammon_widget.engine.corpus import random_positions

RUNS = 3
TARGET_GNUBG = 0.5
TARGET_LEGAL = 10.0
TARGET_GAMES = 200.0
TARGET_BUSY = 0.8
TARGET_ROLLOUT = 10.0
TARGET_ANALYSIS = 0.2
ROLLOUT_GAMES = 1296
WARM_GAMES = 200
"""Self-play games (other seeds) played before the timed ones: a long run's steady state,
with the small races it meets again and again already solved (``race.exact``); after
only 20, the same process played some 15% fewer games a second."""


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def best_time(work: Callable[[], object], runs: int = RUNS) -> float:
    best = float("inf")
    for _ in range(runs):
        gc.collect()
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def count_work(positions: Sequence[Position]) -> Callable[[], float]:
    """One timed run of ``len(legal_plays())`` over fresh copies (no cached view carries
    over from an earlier run); the copies are made untimed."""

    def work() -> float:
        copies = [replace(position) for position in positions]
        gc.collect()
        start = time.perf_counter()
        for position in copies:
            len(position.legal_plays())
        return time.perf_counter() - start

    return work


def interleaved(works: Sequence[tuple[Callable[[], float], bool]]) -> list[float]:
    """The best of ``RUNS`` timed runs of each ``(work, fast path on)``, the runs taken
    in turn: the shared machine's speed drifts from minute to minute, and a ratio of
    figures measured minutes apart would measure the drift."""
    best = [float("inf")] * len(works)
    for _ in range(RUNS):
        for k, (work, on) in enumerate(works):
            switched(on)
            best[k] = min(best[k], work())
    switched(True)
    return best


def gnubg_board(position: Position) -> list[list[int]]:
    mover = position.turn
    return [
        [*(board[24 - j] for j in range(24)), board[BAR]]
        for board in (position.boards[1 - mover], position.boards[mover])
    ]


def switched(on: bool) -> None:
    os.environ[fast.FAST_ENV] = "1" if on else "0"
    fast.compiled.cache_clear()


def legal_plays(count: int) -> None:
    try:
        gnubg: Any = importlib.import_module("gnubg_nn")
    except ImportError:
        gnubg = None
    classic = random_positions(CLASSIC, count, seed=1)
    trigammon = random_positions(TRIGAMMON, count, seed=1)
    switched(True)
    count_work(classic[:50])()  # compile (or load the cache)
    if gnubg is not None:
        boards = [(gnubg_board(p), *(p.dice or ())) for p in classic]

        def theirs_work() -> float:
            start = time.perf_counter()
            for board, die1, die2 in boards:
                gnubg.moves(board, die1, die2)
            return time.perf_counter() - start

        ours, theirs = interleaved([(count_work(classic), True), (theirs_work, True)])
        ratio = theirs / ours
        print(
            f"classic legal plays: fast path {count / ours:,.0f} positions/s, gnubg_nn.moves "
            f"{count / theirs:,.0f}: {ratio:.2f}x gnubg's speed "
            f"(target >= {TARGET_GNUBG}x: {verdict(ratio >= TARGET_GNUBG)})"
        )
    else:
        print("classic legal plays: gnubg_nn not importable, no comparison")
    fast_time, pure_time = interleaved(
        [(count_work(trigammon), True), (count_work(trigammon), False)]
    )
    ratio = pure_time / fast_time
    print(
        f"trigammon legal plays: fast path {count / fast_time:,.0f} positions/s, pure Python "
        f"{count / pure_time:,.0f}: {ratio:.1f}x (target >= {TARGET_LEGAL:g}x: "
        f"{verdict(ratio >= TARGET_LEGAL)})"
    )


def selfplay(games: int) -> float:
    """Games/s of trigammon NeuralBot self-play in this process (seeds 0..games-1)."""
    from trigammon_widget.judgement.play.bot_games import play_game
    from trigammon_widget.judgement.play.bots import NeuralBot
    from trigammon_widget.judgement.race import bearoff

    bot = NeuralBot()
    bots = [bot] * TRIGAMMON.players
    bearoff.load().find((1, 0, 0, 0, 0, 0))  # the bear-off database: 0.5 s, once
    for seed in range(-WARM_GAMES, 0):  # the net, the compiled code, the exact races
        play_game(TRIGAMMON, bots, seed=seed)  # solved so far: as in a long run
    start = time.perf_counter()
    for seed in range(games):
        play_game(TRIGAMMON, bots, seed=seed)
    return games / (time.perf_counter() - start)


def selfplay_in_child(games: int, env: dict[str, str], core: int | None) -> float:
    """``selfplay`` in a fresh process with ``env`` (pinned to ``core``, if given)."""
    command = [sys.executable, __file__, "--selfplay", str(games)]
    if core is not None and hasattr(os, "sched_setaffinity"):
        command = ["taskset", "-c", str(core), *command]
    done = subprocess.run(
        command, env={**os.environ, **env}, capture_output=True, text=True, check=True
    )
    return float(done.stdout.split()[-1])


def best_selfplay(games: int, envs: Sequence[dict[str, str]], core: int | None) -> list[float]:
    """The best of ``RUNS`` runs of ``selfplay_in_child`` for each of ``envs``, the runs
    taken in turn: the shared machine's speed drifts by a quarter from minute to minute,
    and a best of interleaved runs compares like with like."""
    best = [0.0] * len(envs)
    for _ in range(RUNS):
        for k, env in enumerate(envs):
            best[k] = max(best[k], selfplay_in_child(games, env, core))
    return best


def threads(games_pure: int, games_fast: int) -> None:
    cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else [0]
    one = cores[0]
    (pinned,) = best_selfplay(games_fast, [{fast.FAST_ENV: "1", "OPENBLAS_NUM_THREADS": "1"}], one)
    print(
        f"trigammon NeuralBot self-play, fast path, one core: {pinned:.1f} games/s "
        f"(target >= {TARGET_GAMES:g}: {verdict(pinned >= TARGET_GAMES)})"
    )
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    if len(cores) > 1 and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(busy.pid, {cores[-1]})
    try:
        for label, on, games in (("pure path", "0", games_pure), ("fast path", "1", games_fast)):
            single, default = best_selfplay(
                games, [{fast.FAST_ENV: on, "OPENBLAS_NUM_THREADS": "1"}, {fast.FAST_ENV: on}], None
            )
            ratio = default / single
            print(
                f"in-process self-play, {label}, other core busy: default threads "
                f"{default:.1f} games/s, OPENBLAS_NUM_THREADS=1 {single:.1f}: {ratio:.2f}x "
                f"(target >= {TARGET_BUSY}x, within 20%: "
                f"{verdict(TARGET_BUSY <= ratio <= 1.2)})"
            )
    finally:
        busy.kill()
        busy.wait()


def rollout_time() -> None:
    from trigammon_widget.judgement.play.bots import NeuralBot
    from trigammon_widget.judgement.play.rollout import rollout, shutdown_workers

    start = Position.start(CLASSIC).with_dice(3, 1)
    bot = NeuralBot()
    rollout(start, games=48, bot=bot, seed=0, workers=2)  # start and warm the workers
    seconds = best_time(lambda: rollout(start, games=ROLLOUT_GAMES, bot=bot, seed=1, workers=2), 2)
    shutdown_workers()
    print(
        f"classic rollout of {ROLLOUT_GAMES:,} games by NeuralBot on 2 workers: {seconds:.2f} s "
        f"(target < {TARGET_ROLLOUT:g} s: {verdict(seconds < TARGET_ROLLOUT)})"
    )


def analysis_time() -> None:
    from trigammon_widget.judgement.analysis import analyse
    from trigammon_widget.judgement.play.bot_games import autoplay
    from trigammon_widget.judgement.play.bots import HeuristicBot, RandomBot

    game = Game(TRIGAMMON, seed=3)
    autoplay(game, [HeuristicBot(), RandomBot(3), RandomBot(4)], max_turns=100)
    analyse(game, workers=1)
    seconds = best_time(lambda: analyse(game, workers=1))
    switched(False)
    pure = best_time(lambda: analyse(game, workers=1), 1)
    switched(True)
    print(
        f"analysis of a {len(game.turns)}-turn trigammon game, one worker: {seconds:.3f} s "
        f"(pure path {pure:.2f} s; target < {TARGET_ANALYSIS} s: "
        f"{verdict(seconds < TARGET_ANALYSIS)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions and games")
    parser.add_argument("--selfplay", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.selfplay:
        print(f"{selfplay(args.selfplay):.3f}")
        return
    switched(True)
    if fast.compiled() is None:
        raise SystemExit("the fast path is not in use: pip install 'trigammon-widget[fast]'")
    scale = 4 if args.quick else 1
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    if hasattr(os, "sched_setaffinity"):
        everything = os.sched_getaffinity(0)
        os.sched_setaffinity(0, {min(everything)})
    legal_plays(4000 // scale)
    analysis_time()
    threads(max(4 // scale, 2), 200 // scale)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, everything)
    rollout_time()
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
