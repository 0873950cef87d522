"""One net against another, at 0-ply or searching a roll deeper: is a new net ahead?

    python benchmarks/bench_nets.py --net RUN/nets/new.npz --against trigammon-v3 --ply 1
    python benchmarks/bench_nets.py --net classic-v6 --against classic-v5 --ply 1 --games 1000

``--net`` and ``--against`` are nets of the package by name or weights files of one
variant. ``NeuralBot(ply=PLY)`` with the first plays every other seat taken by the
second at the same ply, seats rotated (``games.play_match``; game ``g`` on the dice of
``f"{seed}:{g}"``, ``--seed a,b`` for several seeds, each seed's games added up), on
``--workers`` processes. It prints the wins with a 95% Wilson interval beside parity
(one game in two in classic, in three in trigammon) and the points a game (cubeless,
R13) with a 95% normal interval: issue 46 asks each new net's 1-ply player to be ahead
of the old one's, the interval clear of parity.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

from trigammon_widget.judgement.evaluation import NeuralEvaluator
from trigammon_widget.judgement.nets.shipped import Net, load_file, load_named
from trigammon_widget.judgement.play.bot_games import MatchResult, play_match
from trigammon_widget.judgement.play.bots import NeuralBot
from trigammon_widget.judgement.play.rollout import wilson

PARTS = 8
"""Tasks a seed's games are cut into (game g in part g mod PARTS)."""


def net_of(text: str) -> Net:
    """A net of the package by name or the net of a weights file."""
    return load_file(text) if text.endswith(".npz") else load_named(text)


def bot_of(text: str, ply: int) -> NeuralBot:
    """The net's bot: a net of the package by name (workers read it themselves), or a
    weights file's net (carried to them)."""
    return NeuralBot(
        ply=ply, evaluator=NeuralEvaluator(net_of(text) if text.endswith(".npz") else text)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--net", required=True, help="the new net: a name or a weights file")
    parser.add_argument("--against", required=True, help="the old net: a name or a file")
    parser.add_argument("--ply", type=int, default=1, choices=[0, 1])
    parser.add_argument("--games", type=int, default=600, help="games a seed")
    parser.add_argument("--seed", default="nets", help="the dice's seed (several: a,b,c)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    variant = net_of(args.net).variant
    if net_of(args.against).variant != variant:
        raise SystemExit(f"{args.net} and {args.against} are nets of different variants")
    bot, other = bot_of(args.net, args.ply), bot_of(args.against, args.ply)
    print(
        f"{args.net} against {args.against}, ply {args.ply}; load average {os.getloadavg()[0]:.1f}"
    )
    total = MatchResult(0, 0, 0.0, 0.0)
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for seed in args.seed.split(","):
            parts = [range(k, args.games, PARTS) for k in range(PARTS)]
            futures = [pool.submit(play_match, variant, bot, other, part, seed) for part in parts]
            found = sum((f.result() for f in futures), MatchResult(0, 0, 0.0, 0.0))
            print(
                f"  seed {seed}: {found.rate:.1%} won, {found.points_per_game:+.3f} a game",
                flush=True,
            )
            total += found
    low, high = wilson(total.wins, total.games)
    p_low, p_high = total.points_interval()
    parity = 1 / variant.players
    ahead = "ahead, clear of parity" if low > parity else "not clear of parity"
    print(
        f"  {total.games:,} games: won {total.rate:.1%} [95% {low:.1%}..{high:.1%}] (parity "
        f"{parity:.1%}: {ahead}), {total.points_per_game:+.3f} points a game "
        f"[95% {p_low:+.3f}..{p_high:+.3f}]; {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
