"""Trigammon positions rated by a net one roll deep: the targets of a student net.

    nice -n 10 python scripts/label_trigammon.py --out /work/train-runs/trigammon4/labels \\
        --games 3500

Game ``g`` is the teacher's 0-ply self-play (``--teacher``, a net of the package,
trigammon-v1 unless told; ``NeuralBot`` in every seat) with one play in ten
(``--explore``) chosen at random, so the positions weaker play leaves are in too, its
dice and random choices drawn from ``random.Random(f"{seed}:{g}")``: the games of
``training.play_games``, which also rates every position before a roll with the
teacher ``--plies`` rolls deep: at 1-ply, the 21 rolls' best plays found and rated in
one compiled call (``NeuralEvaluator.one_ply``; ``rate_before_roll`` where that gives
nothing). A game's record ends where it becomes a bear-off race: a race is rated
exactly from the database (``race.rate``), so no net ever rates one and none is kept.

Games are written ``--chunk`` at a time to ``OUT/chunk-NNNNN.npz`` in the format of
``scripts/label_classic.py`` that ``judgement.training.supervised`` reads (``boards`` as
``Position.boards``, ``turns``, ``ply1``: outcome vectors in seats; ``games``: each
position's game), each file written aside and renamed; the same command after a kill
goes on with the chunks not written yet. Chunks run on ``--workers`` spawned processes
or a Dask cluster (``--dask ADDRESS``); ``label_chunks`` takes any
``concurrent.futures.Executor``.

``--candidates K`` also keeps, for every position of a chunk, the positions the ``K``
best plays of one more roll lead to (the roll drawn from
``random.Random(f"{seed}:{game}:{index}")``, the plays ranked by the teacher at 0-ply),
each rated by the teacher ``--plies`` deep (``candidate_boards``, ``candidate_turns``,
``candidate_ply1``, as ``scripts/label_classic.py`` keeps them): the positions a net must
tell apart to choose a play, which self-play alone shows one at a time. Chunks written
before without them get them added, so the same command with ``--candidates`` goes over
a finished folder; races and won games among them are left out, as above.
``candidate_groups`` gives each candidate the index of the position whose roll it is a
play of (chunks written before groups get them from the same command), so that a fit
can compare the plays of a roll (``judgement.training.ranking``).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Iterator
from concurrent.futures import Executor
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from trigammon_widget.engine.fastplay import Boards, TurnView, has_won
from trigammon_widget.engine.variant import TRIGAMMON
from trigammon_widget.judgement.evaluation import NeuralEvaluator, rate_before_roll
from trigammon_widget.judgement.nets.shipped import network_named
from trigammon_widget.judgement.outcome_vectors import equities_of, equity_matrix
from trigammon_widget.judgement.play.parallel import command_line_executor
from trigammon_widget.judgement.race import rating as race
from trigammon_widget.judgement.threads import one_blas_thread
from trigammon_widget.judgement.training.fitting import save_whole
from trigammon_widget.judgement.training.self_play import Task, play_games

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
    candidates: int = 0,
) -> int:
    """Games ``first .. first + count - 1``, rated and written; the positions kept
    (0 where the chunk was written before, with its candidates where asked for)."""
    target = out / f"chunk-{first // count:05d}.npz"
    if target.exists():
        return add_candidates(target, seed, candidates, teacher, plies)
    net = network_named(teacher)
    task = Task(net, first, count, seed, explore, plies, races=True, teacher=teacher)
    records = play_games(task)
    labels = [r.labels for r in records if r.labels is not None]  # all: a teacher rates
    arrays: dict[str, Any] = {
        "boards": np.concatenate([r.boards for r in records]),
        "turns": np.concatenate([r.turns for r in records]).astype(np.int8),
        "games": np.repeat(
            np.arange(first, first + count, dtype=np.int32), [len(r.turns) for r in records]
        ),
        f"ply{plies}": np.concatenate(labels).astype(np.float32),
    }
    if candidates:
        arrays |= candidate_arrays(arrays, seed, candidates, teacher, plies)
    save_whole(target, arrays, compress=True)
    return len(arrays["turns"]) + len(arrays.get("candidate_turns", ()))


def add_candidates(target: Path, seed: int, best: int, teacher: str, plies: int) -> int:
    """Give a chunk file its candidates' positions (the module's text) where it has none,
    or their groups where it has the candidates alone; how many positions it was given."""
    with np.load(target, allow_pickle=False) as data:
        if not best or "candidate_groups" in data.files:
            return 0
        arrays = {key: data[key] for key in data.files}
    if f"candidate_ply{plies}" in arrays:  # written before candidates had groups
        found, groups = candidates_found(arrays, seed, best, teacher)
        again = np.asarray([b for b, _ in found], np.uint8).reshape(-1, *arrays["boards"].shape[1:])
        if not np.array_equal(again, arrays["candidate_boards"]):
            raise ValueError(f"{target}'s candidates are not those of seed {seed}, {best} a roll")
        save_whole(target, arrays | {"candidate_groups": groups}, compress=True)
        return 0
    added = candidate_arrays(arrays, seed, best, teacher, plies)
    save_whole(target, arrays | added, compress=True)
    return len(added["candidate_turns"])


def candidates_found(
    arrays: dict[str, Any], seed: int, best: int, teacher: str
) -> tuple[list[tuple[Boards, int]], npt.NDArray[np.int32]]:
    """The candidates of a chunk's positions (``arrays``) and, for each, the index of the
    position whose roll it is a play of: its group."""
    evaluator = NeuralEvaluator(teacher)
    found: list[tuple[Boards, int]] = []
    groups: list[int] = []
    with one_blas_thread():
        for index, (seats, turn, game) in enumerate(
            zip(arrays["boards"], arrays["turns"], arrays["games"], strict=True)
        ):
            rng = random.Random(f"{seed}:{game}:{index}")
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            kept = candidates_of(evaluator, seats.tolist(), int(turn), dice, best)
            found += kept
            groups += [index] * len(kept)
    return found, np.asarray(groups, np.int32)


def candidate_arrays(
    arrays: dict[str, Any], seed: int, best: int, teacher: str, plies: int
) -> dict[str, Any]:
    """The candidates' arrays (the module's text) of a chunk's positions (``arrays``)."""
    found, groups = candidates_found(arrays, seed, best, teacher)
    evaluator = NeuralEvaluator(teacher)
    with one_blas_thread():
        ratings = [rate_before_roll(evaluator, TRIGAMMON, b, t, plies) for b, t in found]
    shape = arrays["boards"].shape[1:]
    return {
        "candidate_boards": np.asarray([b for b, _ in found], np.uint8).reshape(-1, *shape),
        "candidate_turns": np.asarray([t for _, t in found], np.int8),
        f"candidate_ply{plies}": np.asarray(ratings, np.float32).reshape(len(found), -1),
        "candidate_groups": groups,
    }


def candidates_of(
    evaluator: NeuralEvaluator, boards: Boards, turn: int, dice: tuple[int, int], best: int
) -> list[tuple[Boards, int]]:
    """The positions (and who rolls next) the ``best`` plays of ``dice`` by the
    evaluator at 0-ply lead to, races and won games left out; none where the roll leaves
    no choice."""
    view = TurnView(TRIGAMMON, boards, turn, dice)
    keys = list(view.leaves())
    if len(keys) < 2:
        return []
    rated = evaluator.after_plays(view, keys)
    column = equity_matrix(TRIGAMMON.players)[:, turn]
    order = np.argsort(-equities_of(rated, column), kind="stable")
    follower = TRIGAMMON.next_player(turn)
    kept = []
    for k in order[:best]:
        after = view.boards_after(keys[int(k)])
        if not any(map(has_won, after)) and not race.is_race(TRIGAMMON, after):
            kept.append((after, follower))
    return kept


def label_chunks(
    executor: Executor,
    out: Path,
    games: int,
    chunk: int,
    seed: int = 0,
    explore: float = EXPLORE,
    teacher: str = TEACHER,
    plies: int = 1,
    candidates: int = 0,
) -> Iterator[tuple[int, int]]:
    """Label games ``0 .. games - 1`` into ``out`` on ``executor``, a chunk a task;
    yields (games done, positions written by the call) as chunks finish, in order."""
    out.mkdir(parents=True, exist_ok=True)
    firsts = range(0, games, chunk)
    work = partial(
        label_chunk,
        out,
        seed,
        count=chunk,
        explore=explore,
        teacher=teacher,
        plies=plies,
        candidates=candidates,
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
    parser.add_argument(
        "--candidates", type=int, default=0, help="keep a roll's best plays' positions too"
    )
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
            args.candidates,
        ):
            hours = (time.monotonic() - start) / 3600
            print(f"games {games}: {positions} positions in {hours:.3f} h", flush=True)
    finally:
        executor.shutdown()


if __name__ == "__main__":
    main()
