"""Tune ``HeuristicBot``'s weights by self-play (SPSA), or compare two weight sets.

How the committed weights were obtained (the last line of a run is pasted into
``bots.py``; the docstrings of ``DEFAULT_WEIGHTS`` and ``CLASSIC_WEIGHTS`` give the
match results):

- trigammon: ``--variant trigammon`` from the hand-set ``Weights()`` with the
  defaults below; a second run from its result (``--start default --seed 2``) did
  not beat it in an independent ``--compare`` and was dropped;
- classic: ``--variant classic --games 400 --iterations 150 --report 25
  --check-games 2000`` from the hand-set weights, then once more from that result
  with ``--start default --seed 2``.

The method is SPSA (simultaneous perturbation stochastic approximation), which
needs two evaluations per step however many weights there are:

1. Each weight is ``base * exp(u)``; draw a random sign per weight, ``delta``.
2. Play ``--games`` games between ``theta+ = u + c*delta`` and ``theta- = u - c*delta``
   on the same dice (game ``g`` of a step has seed ``(seed, step, g)``): in classic
   head to head, seats swapped on every pair; in trigammon with the current weights
   in the third seat, all six seatings per block of six games. ``d`` is theta+'s
   wins minus theta-'s, per game.
3. ``u += a_k * d / (2 * c * delta)``: weights whose change went with more wins
   move further in that direction. ``a_k`` and ``c_k`` shrink with the step number
   as SPSA prescribes (exponents 0.602 and 0.101).

Every ``--report`` steps the current weights play the starting ones for a progress
line. ``--compare`` only plays two weight sets against each other.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, fields
from itertools import permutations

from trigammon_widget.engine import Variant, find_variant
from trigammon_widget.judgement.play.bot_games import play_game
from trigammon_widget.judgement.play.bots import (
    CLASSIC_WEIGHTS,
    DEFAULT_WEIGHTS,
    HeuristicBot,
    RandomBot,
    Weights,
)
from trigammon_widget.judgement.play.rollout import wilson

Seating = tuple[int, ...]
"""Which weight set (index into a list) plays each seat."""


def _play(
    variant: Variant, sets: Sequence[Weights | None], games: Sequence[tuple[Seating, str]]
) -> list[int]:
    """The winning set of each game; a ``None`` set is a random bot."""
    bots = [RandomBot() if w is None else HeuristicBot(w) for w in sets]
    out = []
    for seating, seed in games:
        result = play_game(variant, [bots[k] for k in seating], seed=seed)
        assert result.winner is not None
        out.append(seating[result.winner])
    return out


def seatings(variant: Variant, first: int, second: int, third: int) -> list[Seating]:
    """Fair seatings of two contenders: swapped (classic), all six orders (trigammon)."""
    if variant.players == 2:
        return [(first, second), (second, first)]
    return list(permutations((first, second, third)))


def play(
    pool: ProcessPoolExecutor,
    variant: Variant,
    sets: Sequence[Weights | None],
    games: Sequence[tuple[Seating, str]],
    workers: int,
) -> list[int]:
    """The winning set of each game, the games spread over the pool."""
    size = max(1, math.ceil(len(games) / (workers * 4)))
    chunks = [games[k : k + size] for k in range(0, len(games), size)]
    results = pool.map(_play, [variant] * len(chunks), [sets] * len(chunks), chunks)
    return [winner for part in results for winner in part]


def match(
    pool: ProcessPoolExecutor,
    variant: Variant,
    a: Weights | None,
    b: Weights | None,
    games: int,
    seed: str,
    workers: int,
) -> tuple[int, int]:
    """(wins of a, games) with fair seatings; in trigammon b takes two seats."""
    order = seatings(variant, 0, 1, 1)
    scheduled = [(order[g % len(order)], f"{seed}:{g // len(order)}") for g in range(games)]
    winners = play(pool, variant, [a, b], scheduled, workers)
    return winners.count(0), games


def weights_from(base: Weights, u: dict[str, float]) -> Weights:
    values = asdict(base)
    for name, shift in u.items():
        values[name] = values[name] * math.exp(shift)
    return Weights(**values)


def spsa(
    args: argparse.Namespace, variant: Variant, start: Weights, pool: ProcessPoolExecutor
) -> Weights:
    unused = {"entry_block"} if variant.players == 2 else set()  # classic has no third seat
    names = [
        f.name for f in fields(Weights) if getattr(start, f.name) != 0 and f.name not in unused
    ]
    u = dict.fromkeys(names, 0.0)
    rng = random.Random(args.seed)
    big_a = args.iterations / 10
    began = time.perf_counter()
    for k in range(args.iterations):
        a_k = args.a / (k + 1 + big_a) ** 0.602
        c_k = args.c / (k + 1) ** 0.101
        delta = {name: rng.choice((-1, 1)) for name in names}
        plus = weights_from(start, {n: u[n] + c_k * delta[n] for n in names})
        minus = weights_from(start, {n: u[n] - c_k * delta[n] for n in names})
        current = weights_from(start, u)
        order = seatings(variant, 0, 1, 2)
        scheduled = [
            (order[g % len(order)], f"{args.seed}:{k}:{g // len(order)}") for g in range(args.games)
        ]
        winners = play(pool, variant, [plus, minus, current], scheduled, args.workers)
        d = (winners.count(0) - winners.count(1)) / args.games
        for name in names:
            u[name] = max(-3.0, min(3.0, u[name] + a_k * d / (2 * c_k * delta[name])))
        line = (
            f"step {k + 1:>4}/{args.iterations}: d {d:+.3f}, {time.perf_counter() - began:6.0f} s"
        )
        if (k + 1) % args.report == 0 or k + 1 == args.iterations:
            won, games = match(
                pool,
                variant,
                weights_from(start, u),
                start,
                args.check_games,
                f"check:{k}",
                args.workers,
            )
            share = won / games
            low, high = wilson(won, games)
            fair = 1 / variant.players
            line += (
                f"; vs start: {share:.1%} [{low:.1%}, {high:.1%}] (even is {fair:.0%})\n"
                f"  {format_weights(weights_from(start, u))}"
            )
        print(line, flush=True)
    return weights_from(start, u)


def format_weights(w: Weights) -> str:
    return "Weights(" + ", ".join(f"{k}={v:.3g}" for k, v in asdict(w).items()) + ")"


def parse_weights(text: str, variant: Variant) -> Weights | None:
    if text == "default":
        return CLASSIC_WEIGHTS if variant.players == 2 else DEFAULT_WEIGHTS
    if text == "hand":
        return Weights()
    if text == "random":
        return None
    return Weights(**json.loads(text))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="trigammon")
    parser.add_argument("--start", default="hand", help="hand, default, or JSON of weights")
    parser.add_argument("--iterations", type=int, default=120)
    parser.add_argument("--games", type=int, default=240, help="games per SPSA step")
    parser.add_argument("--a", type=float, default=2.0, help="SPSA step size")
    parser.add_argument("--c", type=float, default=0.3, help="SPSA perturbation (log scale)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--report", type=int, default=20)
    parser.add_argument("--check-games", type=int, default=1200)
    parser.add_argument(
        "--compare",
        nargs=2,
        metavar=("A", "B"),
        help="only play A against B (hand, default, random or JSON weights)",
    )
    args = parser.parse_args()
    variant = find_variant(args.variant)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(args.workers, mp_context=context) as pool:
        if args.compare:
            a, b = (parse_weights(text, variant) for text in args.compare)
            began = time.perf_counter()
            won, games = match(pool, variant, a, b, args.check_games, "compare", args.workers)
            low, high = wilson(won, games)
            print(
                f"{variant.name}: A won {won}/{games} = {won / games:.1%} [{low:.1%}, {high:.1%}] "
                f"(even is {1 / variant.players:.0%}); {time.perf_counter() - began:.0f} s"
            )
            return
        start = parse_weights(args.start, variant)
        if start is None:
            parser.error("--start cannot be random")
        print(f"tuning {variant.name} from {format_weights(start)}", flush=True)
        final = spsa(args, variant, start, pool)
        print(f"final: {format_weights(final)}")


if __name__ == "__main__":
    main()
