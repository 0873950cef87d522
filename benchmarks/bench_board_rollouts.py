"""The board's rollouts (Hints and Chances) against issue 41's targets.

Run ``python benchmarks/bench_board_rollouts.py`` (``--seeds N`` for the repeat runs,
``--quick`` for fewer, ``--no-clock`` to let every rollout run to its precision). It
drives ``BoardWidget`` as the front end does, with the board's own settings
(``session.judging``: the net's best plays within 0.16, common dice, the luck taken out,
trials cut after ``ROLLOUT_TURNS`` turns and valued by the net, stopped once the top two
are told apart to 0.01, after ``ROLLOUT_TRIALS`` trials shared among the plays, or after
``ROLLOUT_SECONDS``) on the lasting pool of two workers, and measures:

1. refined hints at the trigammon opening 3-3 and the classic opening 3-1, 6-5 and 4-4:
   the seconds from the Hints intent to the rollout's table, while a hover over a hint
   (the ``preview`` intent, which draws the board after the play) is sent every 0.1 s:
   how long the board took to answer each (target: done in <= 10 s on a quiet machine,
   the board answering meanwhile);
2. the standard error of the equity gap between the top two plays when done (target:
   <= 0.01, else the board says "too close to call");
3. the top play over ``--seeds`` rollouts of each, counted where the gap exceeds three
   standard errors (target: the same every time);
4. Chances at the trigammon start: each player's win chance with its 95% interval and
   the seconds it took (target: +-1 point within 10 s).

The machine is shared: the script prints the load average before and after, and the
CPU seconds the pool's workers spent (``/proc``), whose half is about what the work takes
on two idle cores (more than that: a busy machine's caches slow every process). The
first rollout of the run starts the pool and reads the compiled code in its workers: it
is timed apart ("cold").
"""

from __future__ import annotations

import argparse
import os
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trigammon_widget import CLASSIC, TRIGAMMON, BoardWidget, Game, Position
from trigammon_widget.judgement.play import parallel
from trigammon_widget.judgement.play.equity_rollout import hints
from trigammon_widget.session.judging import ROLLOUT_SECONDS, ROLLOUT_TURNS

TARGET_SECONDS = 10.0
TARGET_ERROR = 0.01
TARGET_WIN_HALF_WIDTH = 0.01
HOVER_EVERY = 0.1
"""Seconds between the hovers sent while a rollout runs."""

# The trigammon opening roll is made by the board (R2): the 3-3 is V's (seat 2) here.
CASES: dict[str, Position] = {
    "trigammon opening 3-3": Position(TRIGAMMON, Position.start(TRIGAMMON).boards, 2, (3, 3)),
    "classic opening 3-1": Position.start(CLASSIC).with_dice(3, 1),
    "classic opening 6-5": Position.start(CLASSIC).with_dice(6, 5),
    "classic opening 4-4": Position.start(CLASSIC).with_dice(4, 4),
}


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} {five:.1f} {fifteen:.1f} on {os.cpu_count()} cores"


def worker_seconds() -> float:
    """CPU seconds (user + system) the lasting pools' workers have spent so far."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pool in list(parallel._POOLS.values()):
        for pid in list(getattr(pool, "_processes", {}) or {}):
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


class Front:
    """Sends intents as the front end does and times the board's answers."""

    def __init__(self, widget: BoardWidget) -> None:
        self.widget = widget
        self.count = 0
        widget.send = lambda message, buffers=None: None

    def send(self, action: str, **fields: Any) -> float:
        """Milliseconds the board took to answer."""
        self.count += 1
        content = {
            "kind": "intent",
            "id": self.count,
            "version": self.widget.view["version"],
            "action": action,
            **fields,
        }
        began = time.perf_counter()
        self.widget._on_intent(self.widget, content, [])
        return 1000 * (time.perf_counter() - began)


@dataclass
class Run:
    seconds: float
    cpu: float
    hovers: list[float]
    analysis: dict[str, Any]


def timed(widget: BoardWidget, start: Callable[[Front], None]) -> Run:
    """Starts an analysis through ``start`` and hovers hints until it is done."""
    front = Front(widget)
    hovers: list[float] = []
    cpu = worker_seconds()
    began = time.perf_counter()
    start(front)
    plays = len(widget.plays)
    done = threading.Event()

    def waiting() -> None:
        widget.wait()
        done.set()

    threading.Thread(target=waiting, daemon=True).start()
    while not done.wait(HOVER_EVERY):
        if plays:
            hovers.append(front.send("preview", index=len(hovers) % plays))
    seconds = time.perf_counter() - began
    return Run(seconds, worker_seconds() - cpu, hovers, dict(widget.view["analysis"]))


def hints_run(position: Position, seed: int, clock: bool = True) -> Run:
    widget = BoardWidget(Game(position.variant, start=position))
    limit: dict[str, Any] = {} if clock else {"seconds": None}
    return timed(widget, lambda front: widget.hints(seed=seed, **limit))


def chances_run(position: Position, seed: int, clock: bool = True) -> Run:
    widget = BoardWidget(Game(position.variant, start=position))
    limit: dict[str, Any] = {} if clock else {"seconds": None}
    return timed(widget, lambda front: widget.chances(seed=seed, **limit))


def describe(run: Run) -> str:
    a = run.analysis
    source = a["source"]
    rows = a["hints"]
    head = f"{run.seconds:5.1f} s (workers' CPU {run.cpu:5.1f} s), {source['games']} games a play"
    if source["kind"] != "rollout" or len(rows) < 2:
        return f"{head}: {a['status']}, no rollout table"
    second = rows[1]
    verdict = "best" if a["separated"] else "too close to call"
    hover = f"hover p50 {statistics.median(run.hovers):.0f} ms, max {max(run.hovers):.0f} ms"
    return (
        f"{head}, {len(rows)} plays; {verdict}: {rows[0]['text']} by {second['loss']:.3f}, "
        f"SE {second['loss_error']:.4f}; {hover} ({len(run.hovers)} hovers)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5, help="rollouts of each case (default 5)")
    parser.add_argument("--quick", action="store_true", help="two seeds, two cases")
    parser.add_argument(
        "--no-clock",
        action="store_true",
        help="no time limit: every rollout runs to its precision (on a busy machine, the "
        "workers' CPU seconds then say what two idle cores would take)",
    )
    args = parser.parse_args()
    clock = not args.no_clock
    if args.seeds < 1:
        parser.error("--seeds must be at least 1")
    seeds = 2 if args.quick else args.seeds
    cases = dict(list(CASES.items())[:2]) if args.quick else CASES
    print(f"before: {load()}")
    limit = f"at most {ROLLOUT_SECONDS:.0f} s" if clock else "no time limit (--no-clock)"
    print(f"board settings: trials cut after {ROLLOUT_TURNS} turns, {limit}")
    cold = hints_run(CASES["classic opening 3-1"], seed=0)
    print(f"cold start (the pool's workers started): {cold.seconds:.1f} s")
    verdicts: dict[str, list[tuple[str, bool]]] = {}
    worst_seconds = worst_cpu = worst_error = 0.0
    close = 0
    hovers: list[float] = []
    for name, position in cases.items():
        print(f"\n{name}:")
        for seed in range(1, seeds + 1):
            run = hints_run(position, seed, clock)
            print(f"  seed {seed}: {describe(run)}")
            rows, a = run.analysis["hints"], run.analysis
            worst_seconds = max(worst_seconds, run.seconds)
            worst_cpu = max(worst_cpu, run.cpu)
            hovers += run.hovers
            if a["source"]["kind"] == "rollout" and len(rows) > 1:
                worst_error = max(worst_error, rows[1]["loss_error"])
                close += not a["separated"]
                verdicts.setdefault(name, []).append((rows[0]["text"], a["separated"]))
    start = Position(TRIGAMMON, Position.start(TRIGAMMON).boards, 2, None)
    chances = [chances_run(start, seed, clock) for seed in range(1, seeds + 1)]
    gain = luck_gain(CASES["trigammon opening 3-3"])
    print(f"\nafter: {load()}")

    print("\n| measure | target | measured |\n|---|---|---|")
    print(
        f"| refined hints, {', '.join(cases)} | <= {TARGET_SECONDS:.0f} s, the board answering"
        f" | slowest {worst_seconds:.1f} s (workers' CPU at most {worst_cpu:.1f} s: about "
        f"{worst_cpu / 2:.1f} s on two idle cores); {len(hovers)} hovers answered in p50 "
        f"{statistics.median(hovers or [0]):.0f} ms, max {max(hovers or [0]):.0f} ms |"
    )
    print(
        f"| SE of the top two's equity gap when done | <= {TARGET_ERROR} else too close"
        f" | largest {worst_error:.4f}; {close} run(s) reported too close to call |"
    )
    same = {
        name: {top for top, separated in found if separated} for name, found in verdicts.items()
    }
    print(
        f"| top play over {seeds} seeds, where separated | the same every time | "
        + "; ".join(
            f"{name}: {', '.join(sorted(tops)) or 'never separated'}"
            f" ({sum(s for _, s in verdicts[name])}/{len(verdicts[name])} separated)"
            for name, tops in same.items()
        )
        + " |"
    )
    widest = max(1.96 * error for run in chances for error in run.analysis["win_errors"])
    slowest = max(run.seconds for run in chances)
    chances_cpu = max(run.cpu for run in chances)
    first = chances[0].analysis
    wins = ", ".join(
        f"{100 * w:.1f}% ± {196 * e:.1f}"
        for w, e in zip(first["wins"], first["win_errors"], strict=True)
    )
    print(
        f"| Chances at the trigammon start: each player's win | +-1 point (95%) within 10 s"
        f" | +-{100 * widest:.2f} points at most, slowest {slowest:.1f} s (workers' CPU"
        f" {chances_cpu:.1f} s)"
        f" ({first['source']['games']} games: {wins}) |"
    )
    print(
        f"\nthe luck taken out: the top two's gap at the trigammon opening 3-3, "
        f"{LUCK_TRIALS} trials: SE {gain[0]:.4f} with, {gain[1]:.4f} without "
        f"({(gain[1] / gain[0]) ** 2:.0f} times the trials for the same error)"
    )
    parallel.shutdown_workers()


LUCK_TRIALS = 96


def luck_gain(position: Position) -> tuple[float, float]:
    """The standard error of the top two plays' gap with the luck taken out and without,
    over the same trials (the board's cut), played to the end of ``LUCK_TRIALS``."""
    found = []
    for reduced in (True, False):
        ranked = hints(
            position,
            candidates=2,
            games=LUCK_TRIALS,
            precision=0,
            truncate=ROLLOUT_TURNS[position.variant.name],
            reduced=reduced,
            seed=1,
        )
        found.append(ranked[1].loss[1])
    return found[0], found[1]


if __name__ == "__main__":
    main()
