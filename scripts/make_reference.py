"""Build the trigammon benchmark's reference positions (``docs/benchmark.md``).

    python scripts/make_reference.py --log RUN/log.jsonl            # again to resume
    python scripts/make_reference.py --log RUN/log.jsonl --write    # the data file

Positions come from seeded self-play of trigammon-v1 (its ``NeuralBot`` in every seat),
one from each phase a game reaches (the first three rounds; the middle game to turn
``LATE_TURN``; the late game; the mover bearing off), each with a roll drawn for it.
A position with at least three legal plays gets a shortlist: the two plays the net
rates best at 0-ply and ``HeuristicBot``'s play (a position where the heuristic
agrees with the net and the net's two best are within ``CLOSE`` is passed over).
Every play of the shortlist is rolled out: ``HORIZON`` turns played by trigammon-v1
in every seat, then the position rated by trigammon-v1 at 0-ply (a won game by its
outcome), each play's game ``i`` on the same dice. The measure is the mover's equity
(cubeless money points, R13). Every ``BLOCK`` games a play, the best play is compared
with each other one by the mean of their per-game differences and its standard
error: the position is kept once every difference is ``ACCEPT_Z`` standard errors or
more (after ``MIN_GAMES`` games at least), dropped when that would take more than
``MAX_GAMES`` games at the rate so far. It runs in this process (one core), logging
each block, so that a killed run goes on where it stopped.

Why truncated: whole games of trigammon are long and their results noisy. Measured on
four positions, the per-game difference between two plays had a standard deviation
of 2.4 to 3.2 points over whole games, 0.2 to 0.5 after 30 turns and 0.1 to 0.3 after
12. Telling two plays 0.01 points apart by three standard errors would take some
700,000 whole games a play, where the net's two best plays are usually closer still
(a median 0.002 apart in win chance, at 0-ply).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trigammon_widget.engine import TRIGAMMON, Position
from trigammon_widget.engine.fastplay import Boards, has_won, play_game, position_of
from trigammon_widget.judgement.evaluation import NeuralEvaluator, hints, rate_before_roll
from trigammon_widget.judgement.outcome_vectors import equity_matrix, sure
from trigammon_widget.judgement.play.bot_games import chooser
from trigammon_widget.judgement.play.bots import HeuristicBot, NeuralBot
from trigammon_widget.judgement.training.benchmark import OLD_NET, REFERENCE_FILE, reference_path

V1 = NeuralEvaluator(OLD_NET)
"""The net the set is made with, whatever the package's default (trigammon-v1)."""

QUOTAS = {"opening": 6, "middle": 12, "late": 10, "bear-off": 4}
"""Positions wanted from each phase."""
OPENING_TURNS = 9
"""The opening: the first three rounds."""
LATE_TURN = 100
"""From this turn of a game on (unless the mover is bearing off), the late game."""
HORIZON = 24
"""Turns each rollout game is played before the net rates it: eight rounds."""
BLOCK = 50
MIN_GAMES = 200
MAX_GAMES = 1500
ACCEPT_Z = 3.0
HOPELESS_Z = 1.0
"""After ``MIN_GAMES`` games, a runner-up this close drops the position."""
SHORTLIST = 2
CLOSE = 0.005
"""A position whose net's two best plays are this close in 0-ply equity, and whose
heuristic play is the net's best, is passed over: its rollouts would rarely settle."""
SEED = "reference"


def phase(turn_index: int, position: Position) -> str:
    if not any(position.boards[position.turn][: TRIGAMMON.home_start]):
        return "bear-off"  # the mover's checkers are all home: it bears off (R10)
    if turn_index < OPENING_TURNS:
        return "opening"
    return "middle" if turn_index < LATE_TURN else "late"


def source(seed: str) -> Iterator[tuple[int, str, Position]]:
    """(game, phase, rolled position): one random turn of each phase of each game."""
    bot = NeuralBot(evaluator=V1)
    choosers = [chooser(bot, TRIGAMMON)] * 3
    game = 0
    seen: list[tuple[Boards, int]] = []
    while True:
        seen.clear()
        play_game(
            TRIGAMMON,
            choosers,
            random.Random(f"{seed}:{game}"),
            on_turn=lambda boards, turn: seen.append(([list(b) for b in boards], turn)),
        )
        rng = random.Random(f"{seed}:pick:{game}")
        phases: dict[str, list[Position]] = {}
        for k, (boards, turn) in enumerate(seen):
            position = position_of(TRIGAMMON, boards, turn)
            phases.setdefault(phase(k, position), []).append(position)
        for name in QUOTAS:
            if phases.get(name):
                chosen = rng.choice(phases[name])
                yield game, name, chosen.with_dice(rng.randint(1, 6), rng.randint(1, 6))
        game += 1


def shortlist(position: Position) -> list[str] | None:
    """The net's best plays at 0-ply and the heuristic's play (notation), or None
    for a position passed over (``CLOSE``)."""
    found = hints(position, evaluator=V1)
    ranked = [hint.notation for hint in found[:SHORTLIST]]
    theirs = position.format_play(HeuristicBot().choose(position))
    if theirs == ranked[0] and found[0].equity - found[1].equity < CLOSE:
        return None
    return ranked if theirs in ranked else [*ranked, theirs]


@dataclass
class Trial:
    """One position's rollouts so far."""

    position: Position
    phase: str
    game: int
    plays: list[str]
    values: list[list[float]] = field(default_factory=list)
    """Per game, the mover's equity after each play of the shortlist."""

    def compare(self) -> tuple[int, list[tuple[float, float]]]:
        """The best play (index) and, per play, its mean shortfall in equity against the
        best and that mean's standard error (games paired by their dice)."""
        count = len(self.values)
        totals = [sum(v[p] for v in self.values) for p in range(len(self.plays))]
        best = max(range(len(self.plays)), key=totals.__getitem__)
        found = []
        for p in range(len(self.plays)):
            diffs = [v[best] - v[p] for v in self.values]
            mean = sum(diffs) / count
            spread = sum((d - mean) ** 2 for d in diffs) / max(count - 1, 1)
            found.append((mean, math.sqrt(spread / count)))
        return best, found

    def verdict(self) -> str | None:
        """ "accepted", "dropped" or None (roll out more)."""
        count = len(self.values)
        if count < MIN_GAMES or count % BLOCK:
            return None
        best, found = self.compare()
        z = min(_z(mean, se) for p, (mean, se) in enumerate(found) if p != best)
        if z >= ACCEPT_Z:
            return "accepted"
        # The games the standard error needs to fall to margin / ACCEPT_Z, at this rate.
        needed = count * (ACCEPT_Z / z) ** 2 if z > 0 else math.inf
        if z < HOPELESS_Z or needed > MAX_GAMES or count >= MAX_GAMES:
            return "dropped"
        return None

    def record(self) -> dict[str, Any]:
        best, found = self.compare()
        games = len(self.values)
        plays = [
            {"play": play, "equity": round(sum(v[p] for v in self.values) / games, 5)}
            for p, play in enumerate(self.plays)
        ]
        runner = min((p for p in range(len(self.plays)) if p != best), key=lambda p: found[p][0])
        margin, se = found[runner]
        return {
            "id": self.position.id,
            "phase": self.phase,
            "game": self.game,
            "reference": self.plays[best],
            "plays": plays,
            "games_per_play": games,
            "margin": round(margin, 5),
            "margin_se": round(se, 5),
            "z": round(_z(margin, se), 2),
        }


def _z(mean: float, se: float) -> float:
    return math.inf if se == 0 and mean > 0 else mean / se if se else 0.0


class Roller:
    """Truncated rollouts: ``HORIZON`` turns of trigammon-v1, then its 0-ply rating."""

    def __init__(self) -> None:
        self.choosers = [chooser(NeuralBot(evaluator=V1), TRIGAMMON)] * 3
        self.evaluator = V1

    def equity(self, after: Position, mover: int, seed: str) -> float:
        """The mover's equity from one game after its play (``after``)."""
        boards, turn, _ = play_game(
            TRIGAMMON, self.choosers, random.Random(seed), after, max_turns=HORIZON
        )
        if any(map(has_won, boards)):
            vector = sure(TRIGAMMON, boards, turn)
        else:
            vector = rate_before_roll(self.evaluator, TRIGAMMON, boards, turn, 0)
        return float(vector @ equity_matrix(3)[:, mover])

    def block(self, trial: Trial) -> list[list[float]]:
        """``BLOCK`` more games of every play of the shortlist, game i on the same dice."""
        afters = [trial.position.play(play) for play in trial.plays]
        mover = trial.position.turn
        first = len(trial.values)
        return [
            [
                round(self.equity(after, mover, f"{SEED}:{trial.position.id}:{i}"), 6)
                for after in afters
            ]
            for i in range(first, first + BLOCK)
        ]


def replay(log: Path) -> tuple[dict[str, dict[str, Any]], dict[str, Trial]]:
    """The decided positions and the games of undecided ones, from the log."""
    decided: dict[str, dict[str, Any]] = {}
    trials: dict[str, Trial] = {}
    if not log.exists():
        return decided, trials
    for line in log.read_text().splitlines():
        entry = json.loads(line)
        key = entry["id"]
        if "decision" in entry:
            decided[key] = entry
            trials.pop(key, None)
            continue
        if key not in trials:
            position = Position.from_id(key)
            trials[key] = Trial(position, entry["phase"], entry["game"], entry["plays"])
        trials[key].values.extend(entry["values"])
    return decided, trials


def build(log: Path, max_games: int, max_minutes: float) -> None:
    decided, trials = replay(log)
    taken = {name: 0 for name in QUOTAS}
    for entry in decided.values():
        if entry["decision"] == "accepted":
            taken[entry["phase"]] += 1
    roller = Roller()
    started = time.perf_counter()
    played = 0
    with log.open("a") as out:
        for game, name, position in source(SEED):
            if all(taken[n] >= QUOTAS[n] for n in QUOTAS):
                break
            if played >= max_games or time.perf_counter() - started > 60 * max_minutes:
                print("stopped: budget spent; run again to go on", flush=True)
                return
            key = position.id
            if key in decided or taken[name] >= QUOTAS[name]:
                continue
            trial = trials.get(key)
            if trial is None:
                plays = shortlist(position) if len(position.legal_plays()) >= 3 else None
                if plays is None:
                    continue
                trial = Trial(position, name, game, plays)
            verdict = trial.verdict()
            while verdict is None:
                values = roller.block(trial)
                trial.values.extend(values)
                played += len(values) * len(trial.plays)
                entry = {"id": key, "phase": name, "game": game, "plays": trial.plays}
                out.write(json.dumps({**entry, "values": values}) + "\n")
                out.flush()
                verdict = trial.verdict()
            record = {**trial.record(), "decision": verdict}
            out.write(json.dumps(record) + "\n")
            out.flush()
            decided[key] = record
            if verdict == "accepted":
                taken[name] += 1
            minutes = (time.perf_counter() - started) / 60
            print(
                f"game {game} {name}: {verdict} after {len(trial.values)} games a play "
                f"(z {record['z']}, margin {record['margin']}); taken {taken}; "
                f"{played:,} games, {minutes:.1f} min",
                flush=True,
            )


def write(log: Path, target: Path, seconds: float | None) -> None:
    decided, _ = replay(log)
    kept = [e for e in decided.values() if e["decision"] == "accepted"]
    games = sum(e["games_per_play"] * len(e["plays"]) for e in decided.values())
    positions = [{k: v for k, v in e.items() if k != "decision"} for e in kept]
    order = list(QUOTAS)
    positions.sort(key=lambda e: (order.index(e["phase"]), e["game"]))
    made = {
        "how": " ".join(__doc__.split("\n\n")[2].split()),
        "self_play_seed": SEED,
        "rollout_bot": "NeuralBot() in every seat: trigammon-v1 at 0-ply, races from the tables",
        "horizon_turns": HORIZON,
        "measure": "the mover's equity, cubeless money points (R13)",
        "late_turn": LATE_TURN,
        "close": CLOSE,
        "block": BLOCK,
        "min_games": MIN_GAMES,
        "max_games": MAX_GAMES,
        "accept_z": ACCEPT_Z,
        "positions_tried": len(decided),
        "games_rolled_out": games,
        "wall_minutes": None if seconds is None else round(seconds / 60, 1),
        "machine": "one core of a 2-core x86_64 VM shared with other work",
        "made_by": "scripts/make_reference.py",
    }
    target.write_text(json.dumps({"made": made, "positions": positions}, indent=1) + "\n")
    print(f"wrote {len(positions)} positions ({len(decided)} tried, {games:,} games) to {target}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log", type=Path, required=True, help="the run's log (JSON lines)")
    parser.add_argument("--max-games", type=int, default=200_000, help="games for this sitting")
    parser.add_argument("--max-minutes", type=float, default=70.0, help="minutes for this sitting")
    parser.add_argument("--write", action="store_true", help="write the data file from the log")
    parser.add_argument("--wall-minutes", type=float, help="the run's total wall time, recorded")
    parser.add_argument("--out", type=Path, default=reference_path(), help=f"({REFERENCE_FILE})")
    args = parser.parse_args()
    if args.write:
        seconds = None if args.wall_minutes is None else 60 * args.wall_minutes
        write(args.log, args.out, seconds)
    else:
        args.log.parent.mkdir(parents=True, exist_ok=True)
        build(args.log, args.max_games, args.max_minutes)


if __name__ == "__main__":
    main()
