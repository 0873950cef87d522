"""Classic positions rated by GNU Backgammon at 2-ply: the targets of classic-v3.

    python scripts/label_classic.py --out /work/train-runs/classic-labels --games 20000

Each game is played out on the engine's fast path and every position before a roll is
kept, then rated by gnubg (``gnubg-nn``) at 0 and 2 plies (``--plies`` chooses among 0,
1 and 2: ``--plies 0`` makes the many cheap 0-ply targets classic-v3 starts from).
Games mix the positions strong play reaches with those weaker play leaves: by game
number ``g``, six in ten are gnubg's 0-ply self-play with one play in ten chosen at
random (kind 0), two in ten the shipped classic net's self-play (the same exploring;
1), one in ten the heuristic bot's (2), and one in ten gnubg against the random bot
(3); ``--mix`` sets another mix of these and random self-play (4), as the kinds of ten
games in a row (the default: ``0000001123``). Game ``g`` draws everything from
``random.Random(f"{seed}:{g}")``.

Games are written ``--chunk`` at a time to ``OUT/chunk-NNNNN.npz`` (``boards`` as
``Position.boards``, ``turns``, ``ply0``, ``ply2`` (one per ``--plies``): outcome vectors
in seats, as ``judgement.nets.network`` defines them; ``kinds``: the play of each position's
game), each file written aside and renamed; the same command after a kill goes on with
the chunks not written yet. Chunks run on ``--workers`` processes.

``--contact-only`` keeps only the positions still in contact (``features.phases``):
in a race gnubg's 0-ply and 2-ply ratings hardly differ (0.0015 equity on average),
so 2-ply time is better spent on contact. ``--crashed-only`` keeps only crashed ones,
for a crashed net: the positions random play leaves where 0-ply nets choose worst
(docs/training.md). Either applies to the candidates too.

``--candidates K`` also keeps, at every turn a bot plays (the random one too in random
self-play), the positions its roll's ``K`` best plays by gnubg 0-ply lead to, with those
0-ply ratings (``candidate_boards``, ``candidate_turns``, ``candidate_ply0``): the
positions a net must tell apart to choose a play, at no cost beyond gnubg's 10
microseconds each; each of the deeper ``--plies`` rates them too (``candidate_ply2``:
24 ms a position on one core, as for the others). ``candidate_groups`` numbers them by
roll: the candidates of one roll share a number, so a fit can compare them.
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from trigammon_widget.engine.fastplay import Boards, Chooser, Leaves, TurnView, play_game
from trigammon_widget.engine.variant import CLASSIC
from trigammon_widget.judgement.evaluation import GnubgEvaluator
from trigammon_widget.judgement.inputs.classic import CONTACT, CRASHED, phases
from trigammon_widget.judgement.inputs.encoding import in_slots
from trigammon_widget.judgement.outcome_vectors import equity_matrix
from trigammon_widget.judgement.play.bots import HeuristicBot, NeuralBot, RandomBot
from trigammon_widget.judgement.training.fitting import save_whole

KINDS = ("gnubg", "neural", "heuristic", "gnubg-random", "random")
"""The ways a game is played."""
MIX = "0000001123"
"""The kind of game ``g`` is ``MIX[g % 10]`` (``--mix``)."""
EXPLORE = 0.1


def kind_of(game: int, mix: str = MIX) -> int:
    return int(mix[game % len(mix)])


def exploring(pick: Chooser, share: float) -> Chooser:
    def choose(view: TurnView, leaves: Leaves, rng: random.Random) -> int:
        if rng.random() < share:
            return rng.choice(list(leaves))
        return pick(view, leaves, rng)

    return choose


Candidate = tuple[Boards, int, npt.NDArray[np.float32], int]
"""A candidate's boards, who rolls next, gnubg's 0-ply rating and its group: the
candidates of one roll share a group (the number of candidates kept before them)."""


def recording(pick: Chooser, sink: list[Candidate] | None, best: int) -> Chooser:
    """``pick``, first keeping the ``best`` plays of the roll by gnubg 0-ply: the
    positions they lead to (the other side to roll) and gnubg's ratings of them."""
    if sink is None or not best:
        return pick
    rater = GnubgEvaluator(0)

    def choose(view: TurnView, leaves: Leaves, rng: random.Random) -> int:
        keys = list(leaves)
        rated = rater.after_plays(view, keys)
        order = np.argsort(-(rated @ equity_matrix(2)[:, view.turn]), kind="stable")
        group = len(sink)
        for k in order[:best]:
            after = view.boards_after(keys[int(k)])
            if after[view.turn][-1] < 15:
                sink.append((after, 1 - view.turn, rated[int(k)], group))
        return pick(view, leaves, rng)

    return choose


def choosers(
    kind: int, game: int, sink: list[Candidate] | None = None, best: int = 0
) -> list[Chooser]:
    gnubg = recording(NeuralBot(evaluator="gnubg").pick, sink, best)
    if kind == 0:
        return [exploring(gnubg, EXPLORE)] * 2
    if kind == 1:
        return [exploring(recording(NeuralBot().pick, sink, best), EXPLORE)] * 2
    if kind == 2:
        return [recording(HeuristicBot().pick, sink, best)] * 2
    weak = RandomBot().pick
    if kind == 4:
        return [recording(weak, sink, best)] * 2
    return [gnubg, weak] if game % 20 < 10 else [weak, gnubg]


def keep(seen: list[Boards], turns: list[int], boards: Boards, turn: int) -> None:
    seen.append([list(board) for board in boards])
    turns.append(turn)


def label_chunk(
    out: Path,
    seed: int,
    first: int,
    count: int,
    plies: tuple[int, ...] = (0, 2),
    candidates: int = 0,
    kept: tuple[int, ...] | None = None,
    mix: str = MIX,
) -> int:
    """Games ``first .. first + count - 1``, rated and written; the positions kept (of
    the phases ``kept``, or all)."""
    target = out / f"chunk-{first // count:05d}.npz"
    if target.exists():
        return 0
    boards: list[Boards] = []
    turns: list[int] = []
    kinds: list[int] = []
    sink: list[Candidate] = []
    for game in range(first, first + count):
        before = len(boards)
        kind = kind_of(game, mix)
        rng = random.Random(f"{seed}:{game}")
        chosen = choosers(kind, game, sink, candidates)
        play_game(CLASSIC, chosen, rng, on_turn=partial(keep, boards, turns))
        kinds += [kind] * (len(boards) - before)
    if kept is not None:
        held = _of_phases(boards, turns, kept)
        boards, turns, kinds = (
            [boards[k] for k in held],
            [turns[k] for k in held],
            [kinds[k] for k in held],
        )
        sink = [sink[k] for k in _of_phases([c[0] for c in sink], [c[1] for c in sink], kept)]
    arrays: dict[str, npt.NDArray[Any]] = {
        "boards": np.asarray(boards, np.uint8),
        "turns": np.asarray(turns, np.int8),
        "kinds": np.asarray(kinds, np.int8),
    } | _ratings("", boards, turns, plies)
    if candidates:
        seen, whose = [c[0] for c in sink], [c[1] for c in sink]
        arrays |= {
            "candidate_boards": np.asarray(seen, np.uint8).reshape(-1, 2, 26),
            "candidate_turns": np.asarray(whose, np.int8),
            "candidate_ply0": np.asarray([c[2] for c in sink], np.float32).reshape(-1, 6),
            "candidate_groups": np.asarray([c[3] for c in sink], np.int32),
        }
        deeper = tuple(ply for ply in plies if ply)
        arrays |= _ratings("candidate_", seen, whose, deeper)
    save_whole(target, arrays, compress=True)
    return len(boards)


def _of_phases(boards: list[Boards], turns: list[int], kept: tuple[int, ...]) -> list[int]:
    """The indices of the positions whose phase (``features.phases``) is one of ``kept``."""
    if not boards:
        return []
    slots = in_slots(CLASSIC, np.asarray(boards, np.uint8), np.asarray(turns))
    found: list[int] = np.flatnonzero(np.isin(phases(slots), kept)).tolist()
    return found


def _ratings(
    prefix: str, boards: list[Boards], turns: list[int], plies: tuple[int, ...]
) -> dict[str, npt.NDArray[np.float32]]:
    """gnubg's rating of each position at each of ``plies``: ``{prefix}ply{n}``."""
    ratings = {}
    for ply in plies:
        rater = GnubgEvaluator(ply)
        rated = [rater.rate(CLASSIC, b, t) for b, t in zip(boards, turns, strict=True)]
        ratings[f"{prefix}ply{ply}"] = np.asarray(rated, np.float32).reshape(-1, 6)
    return ratings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--games", required=True, type=int)
    parser.add_argument("--chunk", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--plies", type=int, nargs="+", default=[0, 2], choices=[0, 1, 2], help="gnubg's ratings"
    )
    parser.add_argument(
        "--candidates", type=int, default=0, help="keep each turn's best plays' positions too"
    )
    only = parser.add_mutually_exclusive_group()
    only.add_argument(
        "--contact-only", action="store_true", help="keep only positions in contact (no races)"
    )
    only.add_argument("--crashed-only", action="store_true", help="keep only crashed positions")
    parser.add_argument("--mix", default=MIX, help="the kind of each game g, by g %% 10")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    kept: tuple[int, ...] | None = None
    if args.contact_only:
        kept = (CONTACT, CRASHED)
    elif args.crashed_only:
        kept = (CRASHED,)
    firsts = range(0, args.games, args.chunk)
    start = time.monotonic()
    done = 0
    with ProcessPoolExecutor(args.workers) as pool:
        work = partial(
            label_chunk,
            args.out,
            args.seed,
            count=args.chunk,
            plies=tuple(args.plies),
            candidates=args.candidates,
            kept=kept,
            mix=args.mix,
        )
        for first, written in zip(firsts, pool.map(work, firsts), strict=True):
            done += written
            hours = (time.monotonic() - start) / 3600
            print(f"games {first + args.chunk}: {done} positions in {hours:.2f} h", flush=True)


if __name__ == "__main__":
    main()
