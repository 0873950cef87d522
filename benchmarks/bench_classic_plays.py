"""How often a classic evaluator picks GNU Backgammon 2-ply's best play, and what it loses.

Run ``python benchmarks/bench_classic_plays.py`` (``--net PATH`` for a weights file,
``--evaluator gnubg`` for gnubg's own 0-ply net, ``--quick`` for a tenth of the
positions). Three fixed sets of classic positions with dice and a choice of play:

- **random**: ``engine.random_positions(CLASSIC, 1000, seed=2024)`` (random self-play,
  the corpus ``bench_analysis.py`` uses), positions with a choice only: 820 positions,
  but the consecutive turns of just ten games, so they are far from independent and
  their Wilson interval is too narrow (on other seeds' games classic-v5 picks 93.4%,
  against 87.4% here). The line says how many games, with an interval by game;
- **random-games**: one position with a choice from each of 1,000 games of random
  self-play (game ``g`` seeded ``"random:g"``, the turn drawn from ``"pick:g"``): the
  same kind of positions, independent, so its interval means what it says;
- **strong**: one position with a choice from each game of gnubg's 0-ply self-play
  with one play in ten made at random (game ``g`` seeded ``"strong:g"``, the turn
  drawn from ``"pick:g"``): the positions good play reaches.

**The reference.** For each position, gnubg's 0-ply net rates every play and its
eight best are rated again at 2-ply (``GnubgEvaluator(2)``: gnubg's own way of
choosing a play at 2-ply, a move filter); the best of those at 2-ply is the
reference play. Building it costs about a second of one core per position, so it is
made once (``--build``) into ``REFERENCE`` and read after; a play an evaluator picks
outside the eight is rated at 2-ply on the spot.

**The figures**, each with its 95% interval (Wilson for shares, normal for the mean):
the share of positions where the evaluator's best play (0-ply) is the reference play
or within ``TOLERANCE`` (0.02) of its 2-ply equity (targets: random >= 88%,
random-games >= 94%, strong >= 96.5%), and the mean equity it loses by gnubg 2-ply
(strong: <= 0.0025; a play
rated better than the reference loses nothing). A second line splits the share by the
position's phase (``features.phases``; a race with every checker home is a bear-off):
in the random set the crashed positions are where 0-ply nets choose worst.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from trigammon_widget.engine import CLASSIC, Position
from trigammon_widget.engine.corpus import random_positions
from trigammon_widget.engine.fastplay import Boards, Leaves, TurnView, boards_of, play_game
from trigammon_widget.judgement.evaluation import (
    Evaluator,
    GnubgEvaluator,
    NeuralEvaluator,
    find_evaluator,
)
from trigammon_widget.judgement.inputs.classic import PHASES, phases
from trigammon_widget.judgement.inputs.encoding import in_slots
from trigammon_widget.judgement.nets.shipped import load_file
from trigammon_widget.judgement.outcome_vectors import equity_matrix
from trigammon_widget.judgement.play.bots import NeuralBot, RandomBot
from trigammon_widget.judgement.play.rollout import wilson
from trigammon_widget.judgement.race import rating as race

POSITIONS = 1_000
CANDIDATES = 8
TOLERANCE = 0.02
EXPLORE = 0.1
TARGETS = {"random": (0.88, None), "random-games": (0.94, None), "strong": (0.965, 0.0025)}
"""Issue 46's targets (random-games >= 94%; strong >= 96.5%, gnubg 0-ply's own share, with
a mean loss <= 0.0025); the ten-game random set keeps issue 25's 88%."""
REFERENCE = Path(__file__).parent / "data" / "classic-plays-2ply.npz"
Z95 = 1.959963984540054

Turn = tuple[Boards, int, tuple[int, int]]
START = boards_of(Position.start(CLASSIC))
"""The boards each of the random set's games begins from."""


def random_turns(count: int) -> list[Turn]:
    """The random corpus: positions with a choice, as (boards, turn, dice)."""
    found = []
    for position in random_positions(CLASSIC, count, seed=2024):
        if len(position.legal_plays()) > 1:
            assert position.dice is not None
            found.append((boards_of(position), position.turn, position.dice))
    return found


def strong_turns(count: int) -> list[Turn]:
    """One turn with a choice from each of ``count`` games of exploring gnubg self-play."""
    return one_per_game(count, "strong", EXPLORE)


def random_game_turns(count: int) -> list[Turn]:
    """One turn with a choice from each of ``count`` games of random self-play."""
    return one_per_game(count, "random", 1.0)


def one_per_game(count: int, label: str, explore: float) -> list[Turn]:
    """A turn with a choice drawn from each of ``count`` games in which each play is
    random with probability ``explore`` and gnubg 0-ply's otherwise."""
    gnubg = NeuralBot(evaluator="gnubg")
    weak = RandomBot()
    found: list[Turn] = []
    game = 0
    seen: list[Turn] = []

    def choose(view: TurnView, leaves: Leaves, rng: random.Random) -> int:
        seen.append(([list(b) for b in view.boards], view.turn, view.dice))
        bot = weak if rng.random() < explore else gnubg
        return bot.pick(view, leaves, rng)

    while len(found) < count:
        seen.clear()
        play_game(CLASSIC, [choose, choose], random.Random(f"{label}:{game}"))
        if seen:
            found.append(random.Random(f"pick:{game}").choice(seen))
        game += 1
    return found


def equities(evaluator: Evaluator, turn: Turn, keys: list[int]) -> npt.NDArray[np.float64]:
    boards, mover, dice = turn
    view = TurnView(CLASSIC, boards, mover, dice)
    vectors = evaluator.after_plays(view, keys)
    return (vectors @ equity_matrix(2)[:, mover]).astype(np.float64)


def after(turn: Turn, key: int) -> npt.NDArray[np.uint8]:
    boards, mover, dice = turn
    return np.asarray(TurnView(CLASSIC, boards, mover, dice).boards_after(key), np.uint8)


def phase_of(turn: Turn) -> str:
    """The position's phase by ``features.phases``, a race all home called a bear-off."""
    boards, mover, _ = turn
    if race.is_race(CLASSIC, boards):
        return "bear-off"
    slots = in_slots(CLASSIC, np.asarray([boards], np.uint8), np.asarray([mover]))
    return PHASES[int(phases(slots)[0])]


def reference_of(turn: Turn) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]:
    """The boards after gnubg 0-ply's best plays and their 2-ply equities (NaN: none)."""
    boards, mover, dice = turn
    keys = list(TurnView(CLASSIC, boards, mover, dice).leaves())
    zero = equities(GnubgEvaluator(0), turn, keys)
    best = [keys[k] for k in np.argsort(-zero, kind="stable")[:CANDIDATES]]
    two = equities(GnubgEvaluator(2), turn, best)
    out = np.zeros((CANDIDATES, 2, 26), np.uint8)
    values = np.full(CANDIDATES, np.nan)
    for k, key in enumerate(best):
        out[k] = after(turn, key)
        values[k] = two[k]
    return out, values


SETS = {"random": random_turns, "random-games": random_game_turns, "strong": strong_turns}


def build(path: Path, workers: int, rebuild: bool) -> None:
    """The sets and their reference, written to ``path``: each set missing from it, or
    all of them (``rebuild``; a few minutes of two cores)."""
    arrays: dict[str, Any] = {}
    if path.exists() and not rebuild:
        with np.load(path, allow_pickle=False) as data:
            arrays = {key: data[key] for key in data.files}
    missing = [name for name in SETS if f"{name}_boards" not in arrays]
    if not missing:
        return
    for name in missing:
        turns = SETS[name](POSITIONS)
        start = time.perf_counter()
        with ProcessPoolExecutor(workers) as pool:
            found = list(pool.map(reference_of, turns, chunksize=10))
        arrays[f"{name}_boards"] = np.asarray([t[0] for t in turns], np.uint8)
        arrays[f"{name}_turns"] = np.asarray([t[1] for t in turns], np.int8)
        arrays[f"{name}_dice"] = np.asarray([t[2] for t in turns], np.int8)
        arrays[f"{name}_after"] = np.stack([f[0] for f in found])
        arrays[f"{name}_equities"] = np.stack([f[1] for f in found]).astype(np.float32)
        print(f"{name}: {len(turns)} positions in {time.perf_counter() - start:.0f} s", flush=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    aside = path.with_suffix(".part.npz")
    np.savez_compressed(aside, **arrays)
    os.replace(aside, path)


def read(
    path: Path, name: str
) -> Iterator[tuple[Turn, npt.NDArray[np.uint8], npt.NDArray[np.float64]]]:
    with np.load(path, allow_pickle=False) as data:
        boards, turns, dice = data[f"{name}_boards"], data[f"{name}_turns"], data[f"{name}_dice"]
        afters, values = data[f"{name}_after"], data[f"{name}_equities"].astype(np.float64)
    for k in range(len(turns)):
        turn = (
            [list(map(int, b)) for b in boards[k]],
            int(turns[k]),
            (int(dice[k, 0]), int(dice[k, 1])),
        )
        yield turn, afters[k], values[k]


def begins_game(name: str, turn: Turn) -> bool:
    """Whether ``turn`` begins a game of its set: in the random set, a position at the
    start; in the others each position is its game's one."""
    return name != "random" or turn[0] == START


def by_game(hits: list[list[int]]) -> tuple[float, float]:
    """The 95% interval of a share whose positions come in games, ``hits`` their
    (right, positions) by game: the cluster-robust normal interval."""
    right = np.asarray([h for h, _ in hits], np.float64)
    count = np.asarray([n for _, n in hits], np.float64)
    share = right.sum() / count.sum()
    clusters = len(hits)
    spread = clusters / (clusters - 1) * float(np.sum((right - share * count) ** 2))
    half = Z95 * math.sqrt(spread) / count.sum()
    return share - half, share + half


def measure(path: Path, name: str, evaluator: Evaluator, limit: int | None) -> None:
    two = GnubgEvaluator(2)
    close = same = total = 0
    games: list[list[int]] = []
    losses: list[float] = []
    by_phase: dict[str, list[int]] = {}
    start = time.perf_counter()
    for turn, afters, values in read(path, name):
        if limit is not None and total >= limit:
            break
        boards, mover, dice = turn
        if not games or begins_game(name, turn):
            games.append([0, 0])
        keys = list(TurnView(CLASSIC, boards, mover, dice).leaves())
        pick = keys[int(np.argmax(equities(evaluator, turn, keys)))]
        board = after(turn, pick)
        rated = [k for k in range(CANDIDATES) if not math.isnan(values[k])]
        best = max(rated, key=lambda k: values[k])
        match = [k for k in rated if np.array_equal(afters[k], board)]
        mine = values[match[0]] if match else float(equities(two, turn, [pick])[0])
        loss = max(0.0, values[best] - mine)
        same += bool(match) and match[0] == best
        close += loss <= TOLERANCE
        games[-1][0] += loss <= TOLERANCE
        games[-1][1] += 1
        tally = by_phase.setdefault(phase_of(turn), [0, 0])
        tally[0] += loss <= TOLERANCE
        tally[1] += 1
        losses.append(loss)
        total += 1
    low, high = wilson(close, total)
    mean = float(np.mean(losses))
    half = Z95 * float(np.std(losses, ddof=1)) / math.sqrt(total)
    share_target, loss_target = TARGETS[name]
    line = (
        f"{name:>6}: {total} positions, the reference play {same / total:.1%}; within "
        f"{TOLERANCE} of it {close / total:.1%} [95% {low:.1%}..{high:.1%}] (target >= "
        f"{share_target:.1%}: {'ok' if close / total >= share_target else 'MISSED'}); mean loss "
        f"{mean:.4f} [95% {mean - half:.4f}..{mean + half:.4f}]"
    )
    if 1 < len(games) < total:
        low, high = by_game(games)
        line += f"; {len(games)} games: by game [95% {low:.1%}..{high:.1%}]"
    if loss_target is not None:
        line += f" (target <= {loss_target}: {'ok' if mean <= loss_target else 'MISSED'})"
    print(f"{line}; {time.perf_counter() - start:.0f} s", flush=True)
    phased = ", ".join(
        f"{phase} {good / count:.1%} of {count}"
        for phase, (good, count) in sorted(by_phase.items())
    )
    print(f"{'':>6}  within {TOLERANCE} by phase: {phased}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", action="store_true", help="make the reference file anew")
    parser.add_argument("--reference", type=Path, default=REFERENCE)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--net", help="a classic weights file instead of the shipped nets")
    parser.add_argument("--evaluator", default="neural", help="an evaluator's name")
    parser.add_argument("--quick", action="store_true", help="a tenth of the positions")
    args = parser.parse_args()
    build(args.reference, args.workers, args.build)
    evaluator = NeuralEvaluator(load_file(args.net)) if args.net else find_evaluator(args.evaluator)
    print(f"{args.net or args.evaluator}; load average {os.getloadavg()[0]:.1f}", flush=True)
    for name in TARGETS:
        measure(args.reference, name, evaluator, POSITIONS // 10 if args.quick else None)


if __name__ == "__main__":
    main()
