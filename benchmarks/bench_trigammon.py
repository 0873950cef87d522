"""The three-player benchmark (``judgement.training.benchmark``, ``docs/benchmark.md``) for any bot.

    python benchmarks/bench_trigammon.py                       # NeuralBot(), the default net
    python benchmarks/bench_trigammon.py --bot heuristic --games 300
    python benchmarks/bench_trigammon.py --bot mypackage.mybots:make_bot --workers 2
    python benchmarks/bench_trigammon.py --net runs/trigammon/nets/trigammon-00100000.npz

``--bot`` is ``neural`` (``NeuralBot()``), ``trigammon-v1``, ``heuristic``, ``random``,
or ``module:name`` for anything with ``choose(position)``: a bot, or a function or
class that makes one with no arguments; ``--net PATH`` rates ``NeuralBot`` with the
net of a weights file instead (a training snapshot). It prints, for each table (``--tables``;
any trigammon net of the package by name is a table of two of it), the bot's wins with a
95% Wilson interval and its points per game with a 95% normal interval, beside parity
(a third of the games, 0 points) and, for scale, what the package's bots score at that
table, then its play in the reference positions. Game ``g`` of a table uses the dice of
``random.Random(f"{seed}:{table}:{g}")`` (``--seed``; several, comma-separated, add up
``--games`` a seed and say each), so every bot meets the same dice.
``--targets`` adds the targets of the package's own next net (issue 46).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from dataclasses import replace
from typing import Any

from trigammon_widget.judgement.evaluation import NeuralEvaluator
from trigammon_widget.judgement.nets.shipped import load_file
from trigammon_widget.judgement.play.bots import Bot, HeuristicBot, NeuralBot, RandomBot
from trigammon_widget.judgement.training.benchmark import (
    TABLES,
    how_made,
    old_net_bot,
    play_table,
    references,
    score_references,
)

TARGETS = {"heuristic": 0.75, "trigammon-v3": 0.40}
"""The targets of trigammon-v4, the package's own next net (issue 46; ``--targets``)."""
FOR_SCALE: dict[str, dict[str, float]] = {}
"""The package's bots at each table (won, over 3,000 games of seed ``benchmark``)."""
GAMES = 300
NAMED: dict[str, Any] = {
    "neural": NeuralBot,
    "trigammon-v1": old_net_bot,
    "heuristic": HeuristicBot,
    "random": RandomBot,
}


def find_bot(text: str) -> Bot:
    """A bot by name, or ``module:name`` (a bot, or something that makes one)."""
    if text in NAMED:
        made: Bot = NAMED[text]()
        return made
    module, _, name = text.partition(":")
    if not name:
        raise SystemExit(f"--bot {text!r}: use {', '.join(NAMED)} or module:name")
    found = getattr(importlib.import_module(module), name)
    bot = found() if isinstance(found, type) or not hasattr(found, "choose") else found
    if not hasattr(bot, "choose"):
        raise SystemExit(f"--bot {text!r} made {bot!r}, which has no choose(position)")
    return bot  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="neural", help="the bot to rate (see above)")
    parser.add_argument("--net", help="a weights file: NeuralBot with that net (not --bot)")
    parser.add_argument("--games", type=int, default=GAMES, help="games per table")
    parser.add_argument("--tables", default=",".join(TABLES), help="tables, comma-separated")
    parser.add_argument("--seed", default="benchmark", help="the dice's seed (several: a,b,c)")
    parser.add_argument("--workers", type=int, default=1, help="processes (1: here)")
    parser.add_argument("--targets", action="store_true", help="the package's own targets too")
    args = parser.parse_args()
    sys.path.insert(0, os.getcwd())  # module:name from the current folder
    if args.net:
        bot: Bot = NeuralBot(evaluator=NeuralEvaluator(load_file(args.net)))
    else:
        bot = find_bot(args.bot)
    print(f"{args.net or args.bot}: {bot!r}; load average {os.getloadavg()[0]:.1f}")
    seeds = args.seed.split(",")
    for table in args.tables.split(","):
        started = time.perf_counter()
        each = [play_table(bot, table, args.games, seed=s, workers=args.workers) for s in seeds]
        if len(seeds) > 1:
            rates = ", ".join(
                f"{s} {r.win_rate:.1%} ({r.points:+.3f})" for s, r in zip(seeds, each, strict=True)
            )
            print(f"  seed by seed: {rates}")
        found = replace(each[0], result=sum((r.result for r in each[1:]), each[0].result))
        print(f"  {found}; parity 33.3%; {time.perf_counter() - started:.0f} s")
        scale = FOR_SCALE.get(table)
        if scale:
            others = ", ".join(f"{name} {won:.1%}" for name, won in scale.items())
            print(f"    for scale, at this table (3,000 games, seed 'benchmark'): {others}")
        target = TARGETS.get(table)
        if args.targets and target is not None:
            low, _ = found.win_interval
            met = (
                "met" if low >= target else "met (point)" if found.win_rate >= target else "not met"
            )
            print(f"    trigammon-v4's target (issue 46) >= {target:.0%}: {met}")
    made = how_made()
    print(
        f"  {score_references(bot)} ({len(references())} positions, "
        f"{made['games_rolled_out']:,} rollout games)"
    )


if __name__ == "__main__":
    main()
