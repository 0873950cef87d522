"""Legal-play generation speed on the fixed seeded corpus, beside targets and gnubg.

Run ``python benchmarks/bench_legal_plays.py``. The corpus (10,000 random self-play
positions per variant, ``engine.corpus``) is built first and not timed; every figure
is the best of three runs on one core, each run on fresh copies of the positions so
that no per-position cache carries over from an earlier run.
"""

from __future__ import annotations

import gc
import importlib
import os
from collections.abc import Callable, Sequence
from dataclasses import replace
from time import perf_counter
from typing import Any

from trigammon_widget.engine import BAR, CLASSIC, TRIGAMMON, Position, Variant
from trigammon_widget.engine.corpus import random_positions

SEED = 1
COUNT = 10_000
RUNS = 3
TARGET_RATE = {TRIGAMMON.name: 5_000, CLASSIC.name: 20_000}
"""Positions per second that ``len(pos.legal_plays())`` should reach."""
TARGET_SLOWEST_MS = 15.0
MANY_PLAYS = 800
"""A trigammon doubles position "checkers spread" should have more results than this."""


def fresh(positions: Sequence[Position]) -> list[Position]:
    """Copies without the cached views an earlier run computed."""
    return [replace(position) for position in positions]


def best_time(work: Callable[[list[Position]], object], positions: Sequence[Position]) -> float:
    """Seconds of the fastest of ``RUNS`` runs of ``work`` (garbage collector off, as timeit)."""
    best = float("inf")
    for _ in range(RUNS):
        copies = fresh(positions)
        gc.collect()
        gc.disable()
        start = perf_counter()
        work(copies)
        best = min(best, perf_counter() - start)
        gc.enable()
    return best


def count_plays(positions: list[Position]) -> None:
    for position in positions:
        len(position.legal_plays())


def list_plays(positions: list[Position]) -> None:
    for position in positions:
        list(position.legal_plays())


def slowest(positions: Sequence[Position]) -> tuple[float, Position]:
    """The position whose ``len(legal_plays())`` takes longest, best of ``RUNS`` each."""
    times = [float("inf")] * len(positions)
    gc.collect()
    gc.disable()
    for _ in range(RUNS):
        for index, position in enumerate(fresh(positions)):
            start = perf_counter()
            len(position.legal_plays())
            times[index] = min(times[index], perf_counter() - start)
    gc.enable()
    worst = max(range(len(positions)), key=times.__getitem__)
    return times[worst], positions[worst]


def spread_doubles() -> list[Position]:
    """Trigammon: 15 lone checkers on the odd points 1..29, each double; opponents far off."""
    checkers: dict[int, dict[int | str, int]] = {
        0: {point: 1 for point in range(1, 30, 2)},
        1: {19: 2},
        2: {8: 2},
    }
    return [Position.build(TRIGAMMON, checkers, dice=(die, die)) for die in range(1, 7)]


def gnubg_board(position: Position) -> list[list[int]]:
    """gnubg's anBoard seen by the mover: [opponent, mover], index j = point j + 1 from
    that side (our path position 24 - j), index 24 = bar; as in tests/engine/test_gnubg.py.
    """
    mover = position.turn
    return [
        [*(board[24 - j] for j in range(24)), board[BAR]]
        for board in (position.boards[1 - mover], position.boards[mover])
    ]


def gnubg_time(gnubg: Any, positions: Sequence[Position]) -> float:
    boards = [(gnubg_board(position), *(position.dice or ())) for position in positions]
    best = float("inf")
    for _ in range(RUNS):
        gc.collect()
        gc.disable()
        start = perf_counter()
        for board, die1, die2 in boards:
            gnubg.moves(board, die1, die2)
        best = min(best, perf_counter() - start)
        gc.enable()
    return best


def describe(position: Position) -> str:
    dice = "-".join(map(str, position.dice or ()))
    return f"player {position.turn} to play {dice}, board {position.boards[position.turn]}"


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    try:
        gnubg: Any = importlib.import_module("gnubg_nn")
    except ImportError:
        gnubg = None

    variants: tuple[Variant, ...] = (TRIGAMMON, CLASSIC)
    corpora = {variant.name: random_positions(variant, COUNT, SEED) for variant in variants}
    print(f"corpus: {COUNT:,} random self-play positions per variant, seed {SEED}; best of {RUNS}")

    for variant in variants:
        positions = corpora[variant.name]
        counted = best_time(count_plays, positions)
        listed = best_time(list_plays, positions)
        rate = len(positions) / counted
        target = TARGET_RATE[variant.name]
        plays = sum(len(position.legal_plays()) for position in positions)
        print(
            f"{variant.name:>9}: len(legal_plays()) {rate:9,.0f} positions/s "
            f"(target >= {target:,}: {verdict(rate >= target)}); "
            f"list(legal_plays()) {len(positions) / listed:9,.0f} positions/s; "
            f"{plays / len(positions):.1f} plays per position"
        )
        if variant is CLASSIC and gnubg is not None:
            theirs = gnubg_time(gnubg, positions)
            print(
                f"{'gnubg':>9}: gnubg_nn.moves {len(positions) / theirs:9,.0f} positions/s; "
                f"the engine takes {counted / theirs:.1f}x gnubg's time"
            )
        elif variant is CLASSIC:
            print(f"{'gnubg':>9}: gnubg_nn not importable (pip install gnubg-nn), no comparison")

    seconds, worst = slowest(corpora[TRIGAMMON.name])
    print(
        f"slowest trigammon corpus position: {seconds * 1000:.2f} ms, "
        f"{len(worst.legal_plays())} plays (target < {TARGET_SLOWEST_MS:g} ms: "
        f"{verdict(seconds * 1000 < TARGET_SLOWEST_MS)}): {describe(worst)}"
    )

    doubles = [p for p in corpora[TRIGAMMON.name] if p.dice and p.dice[0] == p.dice[1]]
    most = max(doubles, key=lambda position: len(position.legal_plays()))
    candidates = [most] if len(most.legal_plays()) > MANY_PLAYS else spread_doubles()
    origin = "from the corpus" if len(candidates) == 1 else "built by hand"
    seconds, worst = slowest(candidates)
    print(
        f"trigammon doubles, checkers spread, over {MANY_PLAYS} results ({origin}): "
        f"{len(worst.legal_plays())} plays in {seconds * 1000:.2f} ms "
        f"(target < {TARGET_SLOWEST_MS:g} ms: {verdict(seconds * 1000 < TARGET_SLOWEST_MS)}): "
        f"{describe(worst)}; the corpus's doubles have at most {len(most.legal_plays())} plays"
    )


if __name__ == "__main__":
    main()
