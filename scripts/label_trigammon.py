"""Trigammon positions rated by trigammon-v1 one roll deep: the targets of a student net.

    nice -n 10 python scripts/label_trigammon.py --out /work/train-runs/trigammon4/labels \\
        --games 3500

Game ``g`` is trigammon-v1's 0-ply self-play (``NeuralBot`` in every seat) with one
play in ten (``--explore``) chosen at random, so the positions weaker play leaves are
in too, its dice and random choices drawn from ``random.Random(f"{seed}:{g}")``: the
games of ``training.play_games``, which also rates every position before a roll with
the teacher (``--teacher``, a net of the package) ``--plies`` rolls deep: at 1-ply, the
21 rolls' best plays found and rated in one compiled call (``NeuralEvaluator.one_ply``;
``rate_before_roll`` where that gives nothing). A game's record ends where it becomes a
bear-off race: a race is rated exactly from the database (``race.rate``), so no net
ever rates one and none is kept.

Games are written ``--chunk`` at a time to ``OUT/chunk-NNNNN.npz`` in the format of
``scripts/label_classic.py`` that ``judgement.supervised`` reads (``boards`` as
``Position.boards``, ``turns``, ``ply1``: outcome vectors in seats; ``games``: each
position's game), each file written aside and renamed; the same command after a kill
goes on with the chunks not written yet. Chunks run on ``--workers`` spawned processes
or a Dask cluster (``--dask ADDRESS``); ``label_chunks`` takes any
``concurrent.futures.Executor``.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Iterator
from concurrent.futures import Executor
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from trigammon_widget.judgement.parallel import command_line_executor
from trigammon_widget.judgement.shipped import network_named
from trigammon_widget.judgement.training import Task, play_games

EXPLORE = 0.1
TEACHER = "trigammon-v1"


def label_chunk(
    out: Path,
    seed: int,
    first: int,
    count: int,
    explore: float = EXPLORE,
    teacher: str = TEACHER,
    plies: int = 1,
) -> int:
    """Games ``first .. first + count - 1``, rated and written; the positions kept
    (0 where the chunk was written before)."""
    target = out / f"chunk-{first // count:05d}.npz"
    if target.exists():
        return 0
    net = network_named(teacher)
    task = Task(net, first, count, seed, explore, plies, races=True, teacher=teacher)
    records = play_games(task)
    labels = [r.labels for r in records if r.labels is not None]  # all: a teacher rates
    rated: dict[str, Any] = {f"ply{plies}": np.concatenate(labels).astype(np.float32)}
    aside = target.with_suffix(".part.npz")
    np.savez_compressed(
        aside,
        boards=np.concatenate([r.boards for r in records]),
        turns=np.concatenate([r.turns for r in records]).astype(np.int8),
        games=np.repeat(
            np.arange(first, first + count, dtype=np.int32), [len(r.turns) for r in records]
        ),
        **rated,
    )
    os.replace(aside, target)
    return sum(len(r.turns) for r in records)


def label_chunks(
    executor: Executor,
    out: Path,
    games: int,
    chunk: int,
    seed: int = 0,
    explore: float = EXPLORE,
    teacher: str = TEACHER,
    plies: int = 1,
) -> Iterator[tuple[int, int]]:
    """Label games ``0 .. games - 1`` into ``out`` on ``executor``, a chunk a task;
    yields (games done, positions written by the call) as chunks finish, in order."""
    out.mkdir(parents=True, exist_ok=True)
    firsts = range(0, games, chunk)
    work = partial(
        label_chunk, out, seed, count=chunk, explore=explore, teacher=teacher, plies=plies
    )
    done = 0
    for first, kept in zip(firsts, executor.map(work, firsts), strict=True):
        done += kept
        yield first + chunk, done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--games", required=True, type=int)
    parser.add_argument("--chunk", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--explore", type=float, default=EXPLORE, help="share of random plays")
    parser.add_argument("--teacher", default=TEACHER, help="a trigammon net of the package")
    parser.add_argument("--plies", type=int, default=1, choices=[0, 1, 2])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--dask", help="address of a Dask scheduler to label on")
    args = parser.parse_args()
    start = time.monotonic()
    executor = command_line_executor(args.workers, args.dask)
    print(f"labelling into {args.out} (pid {os.getpid()})", flush=True)
    try:
        for games, positions in label_chunks(
            executor,
            args.out,
            args.games,
            args.chunk,
            args.seed,
            args.explore,
            args.teacher,
            args.plies,
        ):
            hours = (time.monotonic() - start) / 3600
            print(f"games {games}: {positions} positions in {hours:.3f} h", flush=True)
    finally:
        executor.shutdown()


if __name__ == "__main__":
    main()
