"""Exports: the animated SVG of a 50-turn game (size, time) and a GIF of 10 turns (time).

Run ``python benchmarks/bench_exports.py``. The games are seeded heuristic-bot games,
made first and not timed; each figure is the best of three runs. Targets (issue 14):
a 50-turn replay under 300 KB, a 10-turn GIF in under 5 s.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from time import perf_counter
from typing import TypeVar

from trigammon_widget.engine import CLASSIC, TRIGAMMON, Game, Variant
from trigammon_widget.judgement.play.bot_games import autoplay
from trigammon_widget.judgement.play.bots import HeuristicBot
from trigammon_widget.pictures.export import animated_svg
from trigammon_widget.pictures.raster import animated_gif

RUNS = 3
TARGET_SVG_BYTES = 300_000
TARGET_GIF_SECONDS = 5.0
T = TypeVar("T")


def bot_game(variant: Variant, turns: int) -> Game:
    game = Game(variant, seed=5)
    autoplay(game, [HeuristicBot()] * variant.players, max_turns=turns)
    return game


def best(work: Callable[[], T]) -> tuple[float, T]:
    """Seconds of the fastest of ``RUNS`` runs, and what the work made."""
    times = []
    for _ in range(RUNS):
        start = perf_counter()
        made = work()
        times.append(perf_counter() - start)
    return min(times), made


def main() -> None:
    for variant in (TRIGAMMON, CLASSIC):
        game = bot_game(variant, 50)
        seconds, svg = best(partial(animated_svg, game))
        size = len(svg.encode())
        mark = "ok" if size < TARGET_SVG_BYTES else "OVER TARGET"
        print(
            f"{variant.name:<10} animated SVG, {len(game.turns)} turns: {size / 1000:6.1f} KB "
            f"in {seconds * 1000:5.0f} ms  ({mark}: < {TARGET_SVG_BYTES // 1000} KB)"
        )
        seconds, gif = best(partial(animated_gif, game, last=10))
        mark = "ok" if seconds < TARGET_GIF_SECONDS else "OVER TARGET"
        print(
            f"{variant.name:<10} GIF, 10 turns, 480 px, 12 fps: {len(gif) / 1000:6.1f} KB "
            f"in {seconds:4.2f} s  ({mark}: < {TARGET_GIF_SECONDS:g} s)"
        )


if __name__ == "__main__":
    main()
