"""Build the cube benchmark's reference: classic cube decisions of real play, rated by
GNU Backgammon 2-ply (``benchmarks/bench_cube.py``).

    python scripts/make_cube_reference.py --work /work/train-runs/cube-reference
    python scripts/make_cube_reference.py --work DIR --write    # the data file

**Positions.** Game ``g`` (dice and choices from ``random.Random(f"cube:{g}")``; ``--seed`` for
another set's) is
cubeless self-play, gnubg's 0-ply net in both seats in even games and the package's
classic net in odd ones, each play chosen at random one time in ten so that the
positions weaker play leaves come up too. From each game one position before a roll
is drawn (``random.Random(f"cube-pick:{g}")``) among those where the player on roll
is the favourite by gnubg's 0-ply net (a position where it is not is a sure "no
double"), and given one of the cube contexts of ``CONTEXTS`` with a score drawn for
it: money play (no Jacoby rule) or a 5- or 7-point match, the cube centred or owned by
the player on roll (a 2-cube it may redouble; in a match only where both sides need
3 points or more, so that the redouble is alive). Never the Crawford game or after it.

**The reference.** Debian's GNU Backgammon (``gnubg -t``, ``scripts/gnubg_cube.py``)
rates each decision at 2-ply with its pruning nets (its "world class" setting) and at
0-ply: no double, double/take and double/pass equities, normalised (money points per
point of the cube now; match equities as gnubg's equivalent money). A position is a
**decision** when the 2-ply reference says doubling is right or comes within
``WINDOW`` of right (no double, too good and double/take or pass alike); the others
are the mere "no double" of a turn nobody would think of doubling, and so are games as
good as won, where playing on is worth the cash (within ``TIE``) and a take is worse:
there doubling or not costs nothing and passing is plain. Decisions are kept
in game order until each context has its quota (``CONTEXTS``: 300 in all).

The work (candidates, gnubg's ratings) is kept in ``--work``: the same command goes on
from what is there. ``--write`` writes ``benchmarks/data/cube-reference.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trigammon_widget.engine import CLASSIC
from trigammon_widget.engine.fastplay import Boards, Chooser, Leaves, TurnView, play_game
from trigammon_widget.engine.ids import gnubg_board
from trigammon_widget.engine.position import Position
from trigammon_widget.engine.stakes import Cube, MatchPosition, MatchState
from trigammon_widget.judgement.evaluation import GnubgEvaluator
from trigammon_widget.judgement.play.bots import NeuralBot, RandomBot

REFERENCE = Path(__file__).parent.parent / "benchmarks" / "data" / "cube-reference.json"
GNUBG = "/usr/games/gnubg"
RATER = Path(__file__).parent / "gnubg_cube.py"


@dataclass(frozen=True)
class Context:
    """A kind of cube decision: money (``length`` 0) or a match, the cube centred or
    owned by the player on roll, and how many of the set are of this kind."""

    length: int
    owned: bool
    quota: int


CONTEXTS = {
    "money, centred": Context(0, False, 60),
    "money, owned": Context(0, True, 40),
    "5 points, centred": Context(5, False, 60),
    "5 points, owned": Context(5, True, 40),
    "7 points, centred": Context(7, False, 60),
    "7 points, owned": Context(7, True, 40),
}
WINDOW = 0.2
"""A position is a decision when doubling is right or costs at most this (normalised)."""
TIE = 0.002
"""A position whose no-double equity is within this of the cash (and a take worse) is a
game as good as won: doubling or not costs nothing, passing is plain; not a decision."""
EXPLORE = 0.1
BATCH = 200
"""Candidates rated by one gnubg run."""
SEED = "cube"
"""Game ``g`` is seeded ``f"{SEED}:{g}"`` (``--seed``: another set, to tune on)."""


def game_positions(game: int, seed: str = SEED) -> list[tuple[Boards, int]]:
    """The positions before each roll of game ``game`` (the module's text)."""
    bot = NeuralBot(evaluator="gnubg") if game % 2 == 0 else NeuralBot()
    weak = RandomBot()

    def choose(view: TurnView, leaves: Leaves, rng: random.Random) -> int:
        return (weak if rng.random() < EXPLORE else bot).pick(view, leaves, rng)

    seen: list[tuple[Boards, int]] = []
    choosers: list[Chooser] = [choose, choose]
    play_game(
        CLASSIC,
        choosers,
        random.Random(f"{seed}:{game}"),
        on_turn=lambda boards, turn: seen.append(([list(b) for b in boards], turn)),
    )
    return seen


def candidate(game: int, seed: str = SEED) -> dict[str, Any] | None:
    """Game ``game``'s candidate decision, or None where its player on roll is never
    the favourite."""
    zero = GnubgEvaluator(0)
    favoured = [
        (boards, turn)
        for boards, turn in game_positions(game, seed)
        if zero.rate(CLASSIC, boards, turn)[turn] > 0.5
    ]
    if not favoured:
        return None
    rng = random.Random(f"{seed}-pick:{game}")
    boards, turn = rng.choice(favoured)
    name = rng.choice(list(CONTEXTS))
    context = CONTEXTS[name]
    if context.length:
        top = context.length - (3 if context.owned else 2)
        score = [rng.randint(0, top), rng.randint(0, top)]
    else:
        score = [0, 0]
    cube = Cube(2, turn) if context.owned else Cube()
    state = MatchState(context.length, (score[0], score[1]))
    match = MatchPosition(Position(CLASSIC, tuple(map(tuple, boards)), turn), cube, state)
    return {
        "game": game,
        "context": name,
        "id": match.id,
        "gnubg_id": match.gnubg_id,
        "board": gnubg_board(boards, turn),
        "cube": cube.value,
        "owner": 1 if context.owned else -1,
        "length": context.length,
        "score": [score[1 - turn], score[turn]],
    }


def rate(batch: list[dict[str, Any]], work: Path) -> list[dict[str, Any]]:
    """gnubg's ratings of a batch of candidates (``scripts/gnubg_cube.py``)."""
    source, target = work / "batch-in.json", work / "batch-out.json"
    source.write_text(json.dumps(batch))
    target.unlink(missing_ok=True)
    env = {**os.environ, "GNUBG_CUBE_IN": str(source), "GNUBG_CUBE_OUT": str(target)}
    subprocess.run(
        [shutil.which("gnubg") or GNUBG, "-t", "-q", "-p", str(RATER)],
        check=True,
        capture_output=True,
        env=env,
        timeout=3600,
    )
    rated: list[dict[str, Any]] = json.loads(target.read_text())
    return rated


def is_decision(rated: dict[str, Any]) -> bool:
    """Whether doubling is right by the 2-ply reference or within ``WINDOW`` of right,
    and not a game as good as won (the module's text)."""
    two = rated["ply2"]
    no_double, take, drop = two["no_double"], two["double_take"], two["double_pass"]
    won = abs(no_double - drop) < TIE and take > drop
    return bool(min(take, drop) >= no_double - WINDOW and not won)


def build(work: Path, games: int, seed: str = SEED) -> None:
    """Candidates of games not yet seen, rated in batches, appended to the work log."""
    work.mkdir(parents=True, exist_ok=True)
    log = work / "rated.jsonl"
    entries = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    first = 1 + max((e["game"] for e in entries), default=-1)
    started = time.perf_counter()
    batch: list[dict[str, Any]] = []
    for game in range(first, games):
        found = candidate(game, seed)
        if found is not None:
            batch.append(found)
        if len(batch) == BATCH or (game == games - 1 and batch):
            rated = rate(batch, work)
            with log.open("a") as out:
                for entry, ratings in zip(batch, rated, strict=True):
                    out.write(json.dumps({**entry, **ratings}) + "\n")
            entries += [{**e, **r} for e, r in zip(batch, rated, strict=True)]
            batch = []
            minutes = (time.perf_counter() - started) / 60
            print(f"games to {game + 1}: {len(entries)} rated, {minutes:.1f} min", flush=True)
    tally(entries)


def chosen(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The decisions kept, in game order, each context up to its quota."""
    taken = dict.fromkeys(CONTEXTS, 0)
    kept = []
    for entry in sorted(entries, key=lambda e: e["game"]):
        name = entry["context"]
        if is_decision(entry) and taken[name] < CONTEXTS[name].quota:
            taken[name] += 1
            kept.append(entry)
    return kept


def tally(entries: list[dict[str, Any]]) -> None:
    kept = chosen(entries)
    counts = {name: sum(e["context"] == name for e in kept) for name in CONTEXTS}
    decisions = sum(map(is_decision, entries))
    print(f"{len(entries)} candidates, {decisions} decisions; kept by context {counts}")


def write(work: Path, target: Path) -> None:
    entries = [json.loads(line) for line in (work / "rated.jsonl").read_text().splitlines()]
    kept = chosen(entries)
    short = {n: c.quota - sum(e["context"] == n for e in kept) for n, c in CONTEXTS.items()}
    if any(short.values()):
        raise SystemExit(f"not enough decisions yet (missing {short}): build with more games")
    made = {
        "how": " ".join(" ".join(__doc__.split("\n\n")[2:4]).split()),
        "games_seen": 1 + max(e["game"] for e in entries),
        "candidates": len(entries),
        "window": WINDOW,
        "reference": "GNU Backgammon 1.07 (Debian), 2-ply, pruning nets, cubeful",
        "made_by": "scripts/make_cube_reference.py",
    }
    fields = ("game", "context", "id", "gnubg_id", "ply0", "ply2")
    decisions = [{key: e[key] for key in fields} for e in kept]
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps({"made": made, "decisions": decisions}, indent=1) + "\n")
    print(f"wrote {len(decisions)} decisions to {target}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, required=True, help="the run's folder")
    parser.add_argument("--games", type=int, default=3000, help="games to draw candidates from")
    parser.add_argument("--seed", default=SEED, help="the games' seed (another set)")
    parser.add_argument("--write", action="store_true", help="write the data file")
    parser.add_argument("--out", type=Path, default=REFERENCE)
    args = parser.parse_args()
    if args.write:
        write(args.work, args.out)
    else:
        build(args.work, args.games, args.seed)


if __name__ == "__main__":
    main()
