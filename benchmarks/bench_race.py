"""Bear-off races (``judgement.race.rating``): how far the tables' rating is from the exact one,
and how fast both are, beside their targets.

Run ``python benchmarks/bench_race.py`` (about a minute on one core). It prints:

- for every classic race of up to ``--checkers`` checkers a side, every trigammon race
  of up to two a side, and 300 random races of each variant small enough to solve
  (up to six checkers a side), player 0 on roll: how often the tables' rating
  (``race.from_tables``) differs from the exact one (``race.exact``) by more than
  1e-9, and the largest and mean differences in the win chance and the equity of the
  player on roll;
- the time of ``race.rate`` from the tables (target < 1 ms a position), of an exact
  solve from cold at the size limit (``race.EXACT_LIMIT``; target < 1 s), and of
  ``evaluate`` on a race beside a contact position (both at 0-ply).

The exact rating is checked against a brute-force expectimax in
``tests/judgement/race/test_race.py`` (0 disagreements at 1e-9 is a test, not a figure).
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections.abc import Iterable, Iterator

import numpy as np

from trigammon_widget.engine import CLASSIC, TRIGAMMON, Position, Variant
from trigammon_widget.judgement.evaluation import evaluate
from trigammon_widget.judgement.outcome_vectors import equity_matrix
from trigammon_widget.judgement.race import rating as race
from trigammon_widget.judgement.race.bearoff import home_boards


def boards_of_homes(variant: Variant, homes: tuple[tuple[int, ...], ...]) -> list[list[int]]:
    n = variant.points
    boards = []
    for home in homes:
        board = [0] * (n + 2)
        for k, count in enumerate(home):
            board[n - k] = count
        board[-1] = 15 - sum(home)
        boards.append(board)
    return boards


def gap(variant: Variant, races: Iterable[list[list[int]]], what: str) -> None:
    column = equity_matrix(variant.players)[:, 0].astype(np.float64)
    differ = 0
    wins: list[float] = []
    equities: list[float] = []
    started = time.perf_counter()
    for boards in races:
        exact = race.exact(variant, boards, 0)
        tables = race.from_tables(variant, boards, 0)
        differ += bool(np.abs(exact - tables).max() > 1e-9)
        wins.append(abs(exact[0] - tables[0]))
        equities.append(abs(float((exact - tables) @ column)))
    count = len(wins)
    print(
        f"{variant.name:>9}, {what}, {count:,} races: the tables "
        f"differ from exact in {differ:,} ({differ / count:.1%}); win chance of the player "
        f"on roll off by {max(wins):.4f} at most, {statistics.fmean(wins):.5f} on average; "
        f"equity by {max(equities):.4f} at most, {statistics.fmean(equities):.5f} on average "
        f"({time.perf_counter() - started:.0f} s)"
    )


def random_home(rng: random.Random, checkers: int) -> tuple[int, ...]:
    home = [0] * 6
    for _ in range(checkers):
        home[rng.randrange(6)] += 1
    return tuple(home)


def every_race(variant: Variant, checkers: int) -> Iterator[list[list[int]]]:
    homes = [h for h in home_boards(checkers) if any(h)]
    for combination in itertools.product(homes, repeat=variant.players):
        yield boards_of_homes(variant, combination)


def small_races(variant: Variant, count: int, seed: int) -> list[list[list[int]]]:
    rng = random.Random(seed)
    found: list[list[list[int]]] = []
    while len(found) < count:
        homes = tuple(random_home(rng, rng.randint(1, 6)) for _ in range(variant.players))
        boards = boards_of_homes(variant, homes)
        if race.small(variant, boards):
            found.append(boards)
    return found


def speed() -> None:
    rng = random.Random(1)
    positions = [
        boards_of_homes(TRIGAMMON, tuple(random_home(rng, rng.randint(1, 15)) for _ in range(3)))
        for _ in range(500)
    ]
    race.from_tables(TRIGAMMON, positions[0], 0)  # the database is read once, not timed
    started = time.perf_counter()
    for boards in positions:
        race.from_tables(TRIGAMMON, boards, 0)
    each = (time.perf_counter() - started) / len(positions) * 1000
    print(
        f"tables: {each:.2f} ms a trigammon race (target < 1 ms: {'ok' if each < 1 else 'MISSED'})"
    )
    worst = 0.0
    for variant in (CLASSIC, TRIGAMMON):
        for _ in range(20):
            while True:
                homes = tuple(random_home(rng, rng.randint(1, 6)) for _ in range(variant.players))
                boards = boards_of_homes(variant, homes)
                if race.small(variant, boards):
                    break
            race._solve.cache_clear()
            started = time.perf_counter()
            race.exact(variant, boards, 0)
            worst = max(worst, time.perf_counter() - started)
    print(
        f"exact: slowest cold solve of 40 random small races {worst:.2f} s "
        f"(limit {race.EXACT_LIMIT:,}; target < 1 s: {'ok' if worst < 1 else 'MISSED'})"
    )
    bear_off = Position(TRIGAMMON, tuple(map(tuple, positions[0])), 0)
    for name, position in (("race", bear_off), ("start", Position.start(TRIGAMMON))):
        evaluate(position)
        started = time.perf_counter()
        for _ in range(200):
            evaluate(position)
        each = (time.perf_counter() - started) / 200 * 1000
        print(f"evaluate(), trigammon {name} position: {each:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkers", type=int, default=4, help="classic checkers a side")
    args = parser.parse_args()
    gap(CLASSIC, every_race(CLASSIC, args.checkers), f"up to {args.checkers} checkers a side")
    gap(TRIGAMMON, every_race(TRIGAMMON, 2), "up to 2 checkers a side")
    for variant in (CLASSIC, TRIGAMMON):
        gap(variant, small_races(variant, 300, 3), "random, small enough to solve")
    speed()


if __name__ == "__main__":
    main()
