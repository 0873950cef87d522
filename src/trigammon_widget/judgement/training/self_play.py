"""Training the evaluators' nets: self-play games on any Executor, then numpy updates.

``scripts/train.py`` is the command line; ``docs/training.md`` records the runs.

**Games.** A task (``Task``) plays a few self-play games with a snapshot of the net
(``NeuralBot`` at 0-ply in every seat, a random play with chance ``explore``; the
heuristic bot for the run's first ``warm_games``) and
returns each game's positions before every roll (``GameRecord``). Tasks are plain
functions of picklable values, so any ``concurrent.futures.Executor`` runs them: a
process pool, a Dask client's ``get_executor()``, Ray's. Game ``g`` of a run draws
its dice from ``random.Random(f"{seed}:{g}")``.

**Targets.** By default TD(lambda) (Tesauro): the target of a position is its
lambda-return, ``(1 - lambda) V(next) + lambda target(next)``, ending in the game's
sure outcome, with ``V`` the current net's rating of each later position. With
``races`` a game's record ends where it becomes a bear-off race, with the race's
rating from the bear-off database (``race.rate``: exact where small) as its outcome:
the evaluator never asks the net about a race, and the positions before it learn
from that rating instead of the dice of the rest of the game. With a
``teacher`` the target is the teacher's rating instead, computed in the task
(supervised distillation): GNU Backgammon's (``"gnubg"``, classic), or a net of the
package's (e.g. ``"trigammon-v1"``) ``teacher_plies`` rolls deep, one roll in one
compiled call on the fast path (``NeuralEvaluator.one_ply``).

**Starting nets.** A run starts from small random weights, or from a net of the
package (``start_from``, e.g. ``"trigammon-v1"``) widened to ``hidden`` units: the
new units get random input weights and no say in the outputs yet, so the run starts
from that net's play exactly (``widened``).

**Updates.** The learner takes results back in the order it submitted them, so a
run's numbers do not depend on how an executor schedules tasks, and trains on each
batch of games in shuffled minibatches with Adam (``fitting``) on the cross-entropy of
the outcome vector (``network``: a softmax over winners, sigmoids for the conditional
gammon and backgammon chances).

**Checkpoints.** ``<run>/settings.json`` records the settings. Every
``checkpoint_every`` games the weights, Adam's moments, the counters and the log go
to ``<run>/checkpoint.npz`` (written aside, then renamed,
so a kill never leaves half a file); a run started again on the same folder goes on
from there. Every ``snapshot_every`` games the net is measured against the heuristic
bots (``play_match``, the same seeds each time, so points of the learning curve are
paired) and saved as ``<run>/nets/<variant>-<games>.npz``; with a ``rival`` (a net of
the package) it is measured against that net's ``NeuralBot`` in every other seat too.
"""

from __future__ import annotations

import json
import random
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from contextlib import suppress
from dataclasses import asdict, dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ...engine.fastplay import Boards, FastChooser, Leaves, TurnView, play_game
from ...engine.variant import Variant, find_variant
from .. import race
from ..evaluation import GnubgEvaluator, NeuralEvaluator, rate_before_roll
from ..inputs import encode, in_slots, inputs_per_slot
from ..nets import Network, forward, load_named, network_named, outcomes_from_logits
from ..outcome_vectors import (
    Floats,
    Ints,
    by_turn,
    equity_matrix,
    outcome_size,
    pairs,
    sure,
    to_slots,
)
from ..play import HeuristicBot, MatchResult, NeuralBot, play_match
from ..threads import one_blas_thread
from .fitting import Adam, outcome_gradient, save_whole

__all__ = [
    "GameRecord",
    "Settings",
    "Task",
    "initial_network",
    "play_games",
    "starting_network",
    "train",
    "widened",
]

Report = Callable[[str], None]


@dataclass(frozen=True)
class Settings:
    """What a run trains and how; kept in its checkpoint.

    ``hidden`` units in the one hidden layer; ``lam`` the lambda of TD(lambda); the
    first ``warm_games`` games are played by ``HeuristicBot`` (a net with random
    weights plays trigammon games thousands of turns long: it has no reason yet to
    avoid hits, nor to bear off), then the net plays itself;
    ``teacher`` ``"gnubg"`` (or a net of the package by name) for targets from GNU
    Backgammon (or that net's evaluator) at ``teacher_plies`` instead of TD; ``chunk``
    games per task, ``in_flight`` tasks queued at once; ``replay`` keeps the last games
    of the run so that each batch of new games is trained on together with as many games
    drawn from them (their targets computed afresh): twice the learning per game played,
    where playing is the slow part. ``start_from`` a net of the package or a weights
    file to start from, widened to ``hidden`` units (``widened``); ``races`` ends each
    game's record where it becomes a bear-off race, rated from the bear-off database;
    ``rival`` a net of the package the measurements play against as well.
    """

    variant: str = "trigammon"
    hidden: int = 128
    lam: float = 0.7
    learning_rate: float = 1e-3
    batch: int = 128
    chunk: int = 20
    in_flight: int = 2
    explore: float = 0.0
    teacher: str | None = None
    teacher_plies: int = 0
    seed: int = 0
    replay: int = 0
    warm_games: int = 2000
    checkpoint_every: int = 1000
    snapshot_every: int = 10000
    eval_games: int = 300
    start_from: str | None = None
    races: bool = False
    rival: str | None = None

    def __post_init__(self) -> None:
        find_variant(self.variant)
        if self.rival is not None:
            load_named(self.rival)  # an unknown name fails here, not at the first measure
        if self.teacher not in (None, "gnubg"):
            try:
                teacher = load_named(str(self.teacher))
            except ValueError as error:
                raise ValueError(
                    f"teacher must be 'gnubg' or a net of the package: {error}"
                ) from None
            if teacher.variant.name != self.variant:
                raise ValueError(f"the teacher {self.teacher} plays {teacher.variant.name}")
        if self.teacher is not None and self.teacher_plies not in (0, 1, 2):
            raise ValueError(f"teacher_plies must be 0, 1 or 2, not {self.teacher_plies!r}")
        for name in ("hidden", "batch", "chunk", "in_flight", "checkpoint_every"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a whole number of at least 1, not {value!r}")
        if not 0 <= self.lam <= 1:
            raise ValueError(f"lam must be in 0..1, not {self.lam!r}")


def initial_network(variant: Variant, hidden: int, seed: int) -> Network:
    """Small random weights; output biases start at even wins, rare gammons."""
    rng = np.random.default_rng(seed)
    inputs = variant.players * inputs_per_slot(variant)
    size = outcome_size(variant.players)
    w0 = rng.normal(0, 1 / np.sqrt(60), (inputs, hidden)).astype(np.float32)
    w1 = rng.normal(0, 1 / np.sqrt(hidden), (hidden, size)).astype(np.float32) * 0.1
    b1 = np.zeros(size, np.float32)
    q = len(pairs(variant.players))
    b1[variant.players : variant.players + q] = -1.5
    b1[variant.players + q :] = -2.5
    return Network(variant, ((w0, np.zeros(hidden, np.float32)), (w1, b1)))


def widened(network: Network, hidden: int, seed: int) -> Network:
    """``network`` (one hidden layer) with ``hidden`` hidden units: the new units have
    random input weights (as ``initial_network``'s) and zero output weights, so the
    widened net rates every position as ``network`` does, and training gives them a say."""
    if len(network.layers) != 2:
        raise ValueError(f"only a net of one hidden layer widens, not {len(network.layers) - 1}")
    (w0, b0), (w1, b1) = network.layers
    have = w0.shape[1]
    if hidden < have:
        raise ValueError(f"the net has {have} hidden units: it cannot widen to {hidden}")
    fresh = initial_network(network.variant, hidden - have, seed).layers[0][0]
    layers = (
        (np.concatenate((w0, fresh), axis=1), np.concatenate((b0, np.zeros(hidden - have)))),
        (np.concatenate((w1, np.zeros((hidden - have, w1.shape[1])))), b1.copy()),
    )
    typed = tuple((w.astype(np.float32), b.astype(np.float32)) for w, b in layers)
    return Network(network.variant, typed, dict(network.meta))


def starting_network(settings: Settings) -> Network:
    """A run's first weights: random, or ``start_from`` widened (``Settings``)."""
    variant = find_variant(settings.variant)
    if settings.start_from is None:
        return initial_network(variant, settings.hidden, settings.seed)
    name = settings.start_from
    start = Network.load(name) if name.endswith(".npz") else network_named(name)
    if start.variant.name != variant.name:
        raise ValueError(f"start_from {name!r} is a {start.variant.name} net, not {variant.name}")
    return widened(start, settings.hidden, settings.seed)


# --- self-play, in any process -------------------------------------------------------


@dataclass(frozen=True)
class Task:
    """Games ``first .. first + count - 1`` of a run, played with ``network``."""

    network: Network
    first: int
    count: int
    seed: int
    explore: float
    teacher_plies: int | None
    """The teacher's look-ahead for the targets; None: no teacher."""
    heuristic: bool = False
    """Whether ``HeuristicBot`` plays the games instead of the net (a run's first games)."""
    races: bool = False
    """Whether a record ends where its game becomes a bear-off race (``Settings``)."""
    teacher: str = "gnubg"
    """Who rates the targets (``Settings.teacher``): GNU Backgammon, or a net of the
    package by name, its ``NeuralBot``'s evaluator ``teacher_plies`` rolls deep."""


@dataclass(frozen=True)
class GameRecord:
    """One game: the positions before each roll, in seats, and how it ended."""

    boards: npt.NDArray[np.uint8]
    """``(T, players, N + 2)``: every player's board, as ``Position.boards``."""
    turns: Ints
    outcome: Floats
    """The game's outcome vector (``network``), in seats: its sure outcome, or the
    rating of the bear-off race its record ends at (``Settings.races``)."""
    labels: Floats | None
    """The teacher's outcome vector of each position, or None."""


def play_games(task: Task) -> list[GameRecord]:
    """A task's self-play games (a worker's unit of work)."""
    with one_blas_thread():
        return _play_games(task)


def _play_games(task: Task) -> list[GameRecord]:
    variant = task.network.variant
    bot: HeuristicBot | NeuralBot = (
        HeuristicBot() if task.heuristic else NeuralBot(evaluator=NeuralEvaluator(task.network))
    )
    teacher = None if task.teacher_plies is None else _teacher(task.teacher, task.teacher_plies)

    def choose(view: TurnView, leaves: Leaves, rng: random.Random) -> int:
        if task.explore and rng.random() < task.explore:
            return rng.choice(list(leaves))
        return bot.pick(view, leaves, rng)

    picker = bot.index_chooser(variant) if isinstance(bot, NeuralBot) else None

    def choose_index(table: object, turn: int, count: int, rng: random.Random) -> int:
        if task.explore and rng.random() < task.explore:  # the draws of ``choose``
            return rng.choice(range(count))
        assert picker is not None
        return picker(table, turn, count, rng)

    compiled = FastChooser(choose, lambda _: None if picker is None else choose_index)
    choosers = [compiled] * variant.players
    records = []
    for game in range(task.first, task.first + task.count):
        seen: list[Boards] = []
        turns: list[int] = []
        rng = random.Random(f"{task.seed}:{game}")
        boards, turn, _ = play_game(variant, choosers, rng, on_turn=partial(_keep, seen, turns))
        outcome = sure(variant, boards, turn)
        if task.races:
            kept = _before_race(variant, seen)
            if kept < len(seen):
                outcome = race.rate(variant, seen[kept], turns[kept]).astype(np.float32)
                del seen[kept:], turns[kept:]
        labels = None
        if teacher is not None:
            labels = np.stack([teacher(variant, b, t) for b, t in zip(seen, turns, strict=True)])
        records.append(
            GameRecord(
                np.asarray(seen, np.uint8).reshape(len(seen), variant.players, variant.points + 2),
                np.asarray(turns, np.intp),
                outcome,
                labels,
            )
        )
    return records


def _teacher(name: str, plies: int) -> Callable[[Variant, Boards, int], Floats]:
    """How the targets of a task are rated (``Task.teacher``)."""
    if name == "gnubg":
        return GnubgEvaluator(plies).rate
    evaluator = NeuralEvaluator(name)
    return lambda variant, boards, turn: rate_before_roll(evaluator, variant, boards, turn, plies)


def _before_race(variant: Variant, seen: list[Boards]) -> int:
    """How many of a game's positions come before it became a bear-off race: a race
    stays one to the end (no checker leaves its home), so the races are a tail."""
    kept = len(seen)
    while kept and race.is_race(variant, seen[kept - 1]):
        kept -= 1
    return kept


def _keep(seen: list[Boards], turns: list[int], boards: Boards, turn: int) -> None:
    """Keep a position before a roll (``fastplay.OnTurn``)."""
    seen.append([list(board) for board in boards])
    turns.append(turn)


# --- the learner ---------------------------------------------------------------------


class Learner(Adam):
    """The weights being trained, with Adam's moments and step count, and the games
    kept for replay."""

    def __init__(self, settings: Settings, network: Network) -> None:
        super().__init__(network.layers)
        self.settings = settings
        self.variant = network.variant
        self.memory: deque[GameRecord] = deque(maxlen=settings.replay or 1)

    def network(self) -> Network:
        """A snapshot of the current weights (a copy: training goes on)."""
        return Network(self.variant, self.layers(), {"method": self.method})

    @property
    def method(self) -> str:
        s = self.settings
        method = f"TD(lambda={s.lam}) self-play"
        if s.teacher:
            method = f"supervised on {s.teacher} {s.teacher_plies}-ply ratings"
            method += " of self-play positions"
        if s.races:
            method += ", bear-off races rated from the database"
        if s.start_from:
            method += f", from {s.start_from} widened to {s.hidden} hidden units"
        return method

    def targets(self, records: list[GameRecord]) -> Floats:
        """Each position's target in seats: the teacher's, or its lambda-return."""
        if self.settings.teacher:
            return np.concatenate([r.labels for r in records if r.labels is not None])
        boards = np.concatenate([r.boards for r in records])
        turns = np.concatenate([r.turns for r in records])
        values = self.network().rate(boards, turns)
        lam = self.settings.lam
        out = np.empty_like(values)
        start = 0
        for record in records:
            end = start + len(record.turns)
            following = record.outcome
            for t in range(end - 1, start - 1, -1):
                out[t] = following
                following = (1 - lam) * values[t] + lam * following
            start = end
        return out

    def learn(self, records: list[GameRecord], round_seed: int) -> float:
        """Train on a batch of games (and as many replayed ones); the mean equity error
        (player to move) before."""
        with one_blas_thread():  # the products are too small to split: threads only wait
            return self._learn(records, round_seed)

    def _learn(self, records: list[GameRecord], round_seed: int) -> float:
        fresh = records
        if self.settings.replay:
            kept = list(self.memory)
            rng = np.random.default_rng([self.settings.seed, round_seed, 1])
            picked = rng.permutation(len(kept))[: len(records)]
            records = [*records, *(kept[k] for k in sorted(picked))]
            self.memory.extend(fresh)
        boards = np.concatenate([r.boards for r in records])
        turns = np.concatenate([r.turns for r in records])
        return self.fit(boards, turns, self.targets(records), round_seed)

    def fit(
        self, boards: npt.NDArray[np.uint8], turns: Ints, targets: Floats, round_seed: int
    ) -> float:
        """One pass over positions with their targets (outcome vectors in seats), in an
        order drawn from ``round_seed`` (-1000 or more)."""
        s = self.settings
        targets = by_turn(self.variant, targets, turns, to_slots)
        inputs = encode(self.variant, in_slots(self.variant, boards, turns))
        order = np.random.default_rng([s.seed, round_seed + 1000]).permutation(len(turns))
        errors = 0.0
        for first in range(0, len(order), s.batch):
            rows = order[first : first + s.batch]
            errors += self._update(inputs[rows], targets[rows]) * len(rows)
        return errors / max(len(order), 1)

    def _update(self, inputs: Floats, targets: Floats) -> float:
        players = self.variant.players
        acts = forward(self.live_layers(), inputs)
        found = outcomes_from_logits(acts[-1], players)
        column = equity_matrix(players)[:, 0]
        error = float(np.abs((found - targets) @ column).mean())
        grad = outcome_gradient(acts[-1], targets, players) / np.float32(len(inputs))
        self.descend(acts, grad, self.settings.learning_rate)
        return error

    # checkpoints ------------------------------------------------------------------------

    def arrays(self) -> dict[str, Any]:
        out = super().arrays()
        if self.settings.replay and self.memory:
            kept = list(self.memory)
            out["memory_lengths"] = np.array([len(r.turns) for r in kept])
            out["memory_boards"] = np.concatenate([r.boards for r in kept])
            out["memory_turns"] = np.concatenate([r.turns for r in kept])
            out["memory_outcomes"] = np.stack([r.outcome for r in kept])
            if kept[0].labels is not None:
                out["memory_labels"] = np.concatenate(
                    [r.labels for r in kept if r.labels is not None]
                )
        return out

    def restore(self, data: Any, step: int) -> None:
        super().restore(data, step)
        if "memory_lengths" in data.files:
            ends = np.cumsum(data["memory_lengths"])
            labels = data["memory_labels"] if "memory_labels" in data.files else None
            for end, length, outcome in zip(
                ends, data["memory_lengths"], data["memory_outcomes"], strict=True
            ):
                rows = slice(end - length, end)
                self.memory.append(
                    GameRecord(
                        data["memory_boards"][rows],
                        data["memory_turns"][rows],
                        outcome,
                        None if labels is None else labels[rows],
                    )
                )


# --- the run -------------------------------------------------------------------------


@dataclass
class Progress:
    """A run's counters, kept in its checkpoint."""

    games: int = 0
    positions: int = 0
    seconds: float = 0.0
    log: list[dict[str, Any]] | None = None


def _save(path: Path, learner: Learner, progress: Progress) -> None:
    state = {"settings": asdict(learner.settings), "step": learner.step, **asdict(progress)}
    save_whole(path, {"state": np.array(json.dumps(state)), **learner.arrays()})


def _resume(path: Path, settings: Settings) -> tuple[Learner, Progress]:
    learner = Learner(settings, starting_network(settings))
    if not path.exists():
        return learner, Progress(log=[])
    with np.load(path, allow_pickle=False) as data:
        state = json.loads(str(data["state"]))
        kept = Settings(**state["settings"])
        for name in ("variant", "hidden", "teacher", "seed", "start_from"):
            if getattr(kept, name) != getattr(settings, name):
                raise ValueError(
                    f"{path} was trained with {name}={getattr(kept, name)!r}, "
                    f"not {getattr(settings, name)!r}: use another run folder"
                )
        learner.restore(data, state["step"])
    progress = Progress(state["games"], state["positions"], state["seconds"], state["log"])
    return learner, progress


def _tasks(learner: Learner, first: int, total: int) -> Iterator[Task]:
    s = learner.settings
    plies = s.teacher_plies if s.teacher else None
    for start in range(first, total, s.chunk):
        count = min(s.chunk, total - start)
        warm = start < s.warm_games
        teacher = s.teacher or "gnubg"
        yield Task(
            learner.network(), start, count, s.seed, s.explore, plies, warm, s.races, teacher
        )


def measure(
    network: Network,
    games: int,
    executor: Executor | None,
    parts: int = 4,
    rival: str | None = None,
) -> dict[str, Any]:
    """The net's strength: win rate (and points per game) against heuristic bots, in
    classic where gnubg-nn is installed against GNU Backgammon's 0-ply net, and
    against the package's net ``rival`` if given; the same seeds every time."""
    variant = network.variant
    bot = NeuralBot(evaluator=NeuralEvaluator(network))
    opponents: dict[str, NeuralBot | HeuristicBot] = {"heuristic": HeuristicBot()}
    if variant.players == 2:
        with suppress(ImportError):
            opponents["gnubg"] = NeuralBot(evaluator=GnubgEvaluator())
    if rival is not None:
        opponents[rival] = NeuralBot(evaluator=NeuralEvaluator(rival))
    out: dict[str, Any] = {}
    for name, opponent in opponents.items():
        splits = [range(k, games, parts) for k in range(parts)]
        with one_blas_thread():  # held here while threads play too: ``parallel.run``
            if executor is None:
                results = [play_match(variant, bot, opponent, r, "eval") for r in splits]
            else:
                futures = [
                    executor.submit(play_match, variant, bot, opponent, r, "eval") for r in splits
                ]
                results = [f.result() for f in futures]
        total = sum(results, MatchResult(0, 0, 0.0, 0.0))
        out[name] = {"games": total.games, "wins": total.wins, "points": total.points_per_game}
    return out


def train(
    settings: Settings,
    run: str | Path,
    games: int,
    executor: Executor | None = None,
    report: Report | None = print,
    every: float = 30.0,
) -> Network:
    """Train until ``games`` games have been played in the run folder ``run``.

    Starts from ``run``'s checkpoint when there is one (a kill loses at most the
    games since the last checkpoint). Self-play runs on ``executor`` (any
    ``concurrent.futures.Executor``; None plays here). ``report`` gets a progress
    line about every ``every`` seconds and each measurement. Returns the net.
    """
    folder = Path(run)
    (folder / "nets").mkdir(parents=True, exist_ok=True)
    checkpoint = folder / "checkpoint.npz"
    learner, progress = _resume(checkpoint, settings)
    learner.settings = settings
    record = {**asdict(settings), "method": learner.method}
    (folder / "settings.json").write_text(json.dumps(record, indent=1) + "\n")
    log = progress.log if progress.log is not None else []
    say = report or (lambda line: None)
    if progress.games:
        say(f"resumed from {checkpoint} at {progress.games:,} games")

    started, shown = time.perf_counter(), time.perf_counter()
    at_start = (progress.games, progress.seconds)
    tasks = _tasks(learner, progress.games, games)
    pending: deque[tuple[Task, Future[list[GameRecord]] | None]] = deque()
    errors: list[float] = []

    def submit() -> None:
        while len(pending) < settings.in_flight:
            task = next(tasks, None)
            if task is None:
                return
            future = None if executor is None else executor.submit(play_games, task)
            pending.append((task, future))

    # The caller holds BLAS to one thread while the executor plays, as each task does:
    # a limit set from a ThreadPoolExecutor's thread does not hold with numpy 2.4's
    # OpenBLAS (``parallel.run``), and a run in threads would not be the run here.
    with one_blas_thread():
        submit()
        while pending:
            task, future = pending.popleft()
            records = play_games(task) if future is None else future.result()
            errors.append(learner.learn(records, task.first))
            progress.games += task.count
            progress.positions += sum(len(r.turns) for r in records)
            progress.seconds = at_start[1] + time.perf_counter() - started
            submit()
            done = progress.games
            if done % settings.snapshot_every < task.count or done == games:
                net = learner.network()
                figures = measure(net, settings.eval_games, executor, rival=settings.rival)
                entry = {"games": done, "seconds": round(progress.seconds), **figures}
                log.append(entry)
                net.save(folder / "nets" / f"{settings.variant}-{done:08d}.npz", games=done)
                with open(folder / "log.jsonl", "a") as out:
                    out.write(json.dumps(entry) + "\n")
                say(_describe(entry))
            if done % settings.checkpoint_every < task.count or done == games:
                progress.log = log
                _save(checkpoint, learner, progress)
            if time.perf_counter() - shown >= every or done == games:
                shown = time.perf_counter()
                say(_line(progress, games, at_start, started, float(np.mean(errors[-20:]))))
    return replace(learner.network(), meta={"method": learner.method, "games": progress.games})


def _line(
    progress: Progress, total: int, at_start: tuple[int, float], started: float, error: float
) -> str:
    width = 30
    filled = round(width * progress.games / max(total, 1))
    rate = (progress.games - at_start[0]) / max(time.perf_counter() - started, 1e-9)
    eta = (total - progress.games) / rate if rate else 0.0
    return (
        f"[{'#' * filled}{'.' * (width - filled)}] {progress.games:,}/{total:,} games "
        f"{rate:.1f}/s, {progress.positions:,} positions, equity error {error:.3f}, "
        f"{progress.seconds / 3600:.2f} h, eta {eta / 3600:.2f} h"
    )


def _describe(entry: dict[str, Any]) -> str:
    parts = [
        f"vs {name} {f['wins'] / f['games']:.1%} of {f['games']} games, "
        f"{f['points']:+.3f} points/game"
        for name, f in entry.items()
        if isinstance(f, dict)
    ]
    return f"measured at {entry['games']:,} games: " + "; ".join(parts)
