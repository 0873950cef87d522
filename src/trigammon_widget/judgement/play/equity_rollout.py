"""Rollouts in equity: positions played out with the same dice and the luck taken out.

``roll_out(positions)`` plays each position out many times (trials), every seat making
the evaluator's best play at 0-ply, and estimates its outcome vector (every player's
wins, gammons and backgammons, and so their equities, cubeless: R13) with standard
errors. ``hints(position)`` rolls out the positions after the evaluator's best plays of
a roll and ranks them by the mover's rollout equity. Three things make the estimates
worth their time, as in GNU Backgammon's rollouts:

- **The same dice for every position** (common random numbers): trial ``i`` of every
  position draws its dice from ``random.Random(f"{seed}:{i}")``, so that positions are
  compared trial by trial and the standard error of the gap between two comes from
  the trials' paired differences, far smaller than either estimate's own error.
- **Variance reduction by luck**: the luck of each random roll, the outcome vector
  after the best play of the roll made less the mean over the 21 rolls, both by the
  evaluator at 0-ply (``evaluation.roll_table``), is taken off the trial's result. A
  roll's luck averages zero whatever the position, so the estimate stays unbiased, and
  what is left of a trial's variance is the evaluator's own inconsistency from one roll
  to the next rather than the dice's. A trial of turns ``t = 0 .. T-1`` gives
  ``V[T-1] - sum_t (V[t] - E[t])``, where ``V[t]`` is the 0-ply outcome vector after the
  best play of turn ``t``'s roll and ``E[t]`` its mean over the 21 rolls (the 1-ply
  rating of the position before that roll).
- **Truncation** (``truncate``): a trial stops after that many turns and takes the
  evaluator's rating of where it stopped (the best play's 0-ply rating, as above), not
  a guess from pips. A truncated rollout with the luck taken out is the position's
  1-ply rating plus the evaluator's corrections along ``truncate`` turns of its own
  play: cheap and precise, and only as right as the evaluator is that many turns on.

**When it stops.** At each checkpoint (a chunk of trials back, in order) the rollout
stops once the standard error of what it compares is at most ``precision``: the gap
between the two best positions for ``player``'s equity, or for a single position each
player's equity; or once ``games`` trials or ``seconds`` are spent, or ``cancel`` is
set. The best position is *separated* when its gap to the second is more than
``separation`` standard errors; otherwise the two are too close to call, an honest
answer.

Trials run in chunks on any ``concurrent.futures.Executor`` (``parallel.run``), each
chunk's numbers added in the order of the chunks, so that a seed gives the same numbers
however the work was spread (and, stopped by ``precision`` or ``games``, at the same
checkpoint). The first turns' roll tables repeat from trial to trial and are kept in
each process (``_Tables``).
"""

from __future__ import annotations

import inspect
import math
import random
import threading
import time
from collections.abc import Collection, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np
import numpy.typing as npt

from ...engine import fast
from ...engine.fastplay import Boards, has_won, position_of
from ...engine.i18n import _
from ...engine.moves import Play
from ...engine.position import Position, check_dice
from ...engine.variant import Variant
from ..evaluation import (
    ROLLS,
    Evaluation,
    Evaluator,
    GnubgEvaluator,
    Hint,
    NeuralEvaluator,
    RollTable,
    best_of_roll,
    find_evaluator,
    net_name,
    roll_table,
)
from ..evaluation import hints as evaluator_hints
from ..outcome_vectors import equity_matrix, outcome_size, sure
from ..threads import one_blas_thread
from .parallel import InOrder, check_where, portable, run, runner
from .rollout import Progress, check_moves, seed_of, whole_number

__all__ = [
    "SETTINGS",
    "EquityRollout",
    "Estimate",
    "RolledHint",
    "Stopped",
    "check_settings",
    "hints",
    "roll_out",
    "t95",
    "trial",
]

Doubles = npt.NDArray[np.float64]

Stopped = Literal["precise", "games", "time", "cancelled"]
"""Why a rollout stopped: its standard error reached ``precision``, it played all its
``games``, it spent its ``seconds``, or it was cancelled."""

MIN_TRIALS = 32
"""Trials before the rollout may stop as precise: a standard error from fewer is itself
too uncertain to stop on."""
TIMED_TRIALS = 8
"""Trials before the clock (``seconds``) may stop a rollout: fewer give no interval
worth showing."""
T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179)
"""Student's t quantiles of a two-sided 95% interval, for 1, 2, ... degrees of freedom."""

MAX_POSITIONS = 1000
"""Most positions one rollout compares (its sums grow with their number, squared)."""

TURN_SECONDS = {2: 0.005, 3: 0.003}
"""About how long a trial's turn takes on one core with the luck taken out (21 rolls
rated), by players: what decides whether the default pool starts (``parallel.runner``).
Classic's nets by phase cost more per play than trigammon's compiled net."""


@dataclass(frozen=True)
class Estimate:
    """A rollout's estimate of one position (its player to move ``turn``), index =
    seat: each player's chance to win, to lose a gammon or a backgammon, and equity
    (as ``evaluation.Evaluation``'s), the means of ``trials`` trials, and the standard
    errors of the wins and the equities."""

    turn: int
    trials: int
    wins: tuple[float, ...]
    gammons: tuple[float, ...]
    backgammons: tuple[float, ...]
    equities: tuple[float, ...]
    win_errors: tuple[float, ...]
    equity_errors: tuple[float, ...]

    def __str__(self) -> str:
        z = t95(self.trials)
        parts = [
            f"P{p}: win {w:.1%} ± {z * we:.1%}, equity {e:+.3f} ± {z * ee:.3f}"
            for p, (w, we, e, ee) in enumerate(
                zip(self.wins, self.win_errors, self.equities, self.equity_errors, strict=True)
            )
        ]
        return f"{self.trials} trials: " + "; ".join(parts)


@dataclass(frozen=True)
class EquityRollout:
    """A rollout of ``positions`` with common dice (``roll_out``).

    ``estimates[k]`` is position k's; ``player``'s equity ranks them (``order``) and
    ``gap(a, b)`` gives the difference of two with its standard error from the paired
    trials. ``trials`` were played in each, cut after ``truncate`` turns (None: whole
    games), with the luck of the rolls taken out (``reduced``), by ``evaluator`` (the
    net's name, as ``evaluation.net_name``). ``stopped`` says why it ended; the best
    position is ``separated`` when its gap to the second exceeds ``separation``
    standard errors.
    """

    positions: tuple[Position, ...]
    estimates: tuple[Estimate, ...]
    player: int
    trials: int
    truncate: int | None
    reduced: bool
    evaluator: str
    seed: int | str
    stopped: Stopped
    separation: float
    paired_variances: tuple[tuple[float, ...], ...]
    """The variance of one trial's difference of ``player``'s equity between each two
    positions (``gap``'s)."""

    @property
    def cancelled(self) -> bool:
        return self.stopped == "cancelled"

    @property
    def z95(self) -> float:
        """The multiple of a standard error of this rollout that makes a 95% interval
        (``t95``: Student's t for its trials)."""
        return t95(self.trials)

    def equity(self, index: int) -> float:
        """``player``'s equity in position ``index``."""
        return self.estimates[index].equities[self.player]

    def order(self) -> list[int]:
        """The positions' indices, best first for ``player`` (ties keep their order)."""
        return sorted(range(len(self.estimates)), key=lambda k: -self.equity(k))

    def gap(self, better: int, worse: int) -> tuple[float, float]:
        """``player``'s equity in position ``better`` less that in ``worse``, and the
        standard error of that difference (from the trials' paired differences; nan
        with fewer than two trials)."""
        variance = self.paired_variances[better][worse]
        error = math.sqrt(variance / self.trials) if self.trials > 1 else math.nan
        return self.equity(better) - self.equity(worse), error

    @property
    def separated(self) -> bool:
        """Whether the best position's gap to the second exceeds ``separation``
        standard errors (always, for one position)."""
        if len(self.estimates) < 2:
            return True
        best, second = self.order()[:2]
        difference, error = self.gap(best, second)
        return self.trials > 1 and difference > self.separation * error

    def __str__(self) -> str:
        cut = "whole games" if self.truncate is None else f"truncated at {self.truncate} turns"
        luck = ", variance-reduced" if self.reduced else ""
        return f"rollout of {self.trials} trials ({cut}{luck}, {self.evaluator}, {self.stopped})"


@dataclass(frozen=True)
class RolledHint:
    """A play of the roll refined by a rollout of the position after it: ``net`` is the
    evaluator's hint (``evaluation.Hint``), ``rollout`` the rollout of all the plays
    rolled out and ``index`` this play's place in it. Every number of the hint
    (``equity``, ``win``, ``loss``) is the rollout's."""

    net: Hint
    rollout: EquityRollout
    index: int

    @property
    def play(self) -> Play:
        return self.net.play

    @property
    def notation(self) -> str:
        return self.net.notation

    @property
    def player(self) -> int:
        return self.net.player

    @property
    def estimate(self) -> Estimate:
        return self.rollout.estimates[self.index]

    @property
    def equity(self) -> float:
        """The mover's rollout equity after the play."""
        return self.estimate.equities[self.player]

    @property
    def win(self) -> float:
        """The mover's rollout win chance after the play."""
        return self.estimate.wins[self.player]

    @property
    def gammon(self) -> float:
        """The mover's rollout chance to lose a gammon or a backgammon after the play."""
        return self.estimate.gammons[self.player]

    @property
    def loss(self) -> tuple[float, float]:
        """What the play loses against the rollout's best, and its standard error."""
        return self.rollout.gap(self.rollout.order()[0], self.index)


# --- one trial --------------------------------------------------------------------------

ROLL_INDEX = {dice: r for r, dice in enumerate(ROLLS)}
"""A roll's row in a ``RollTable``, by its dice high first or low first."""
ROLL_INDEX.update({(b, a): r for (a, b), r in list(ROLL_INDEX.items())})


class _Tables:
    """The roll tables of the first turns of trials, kept in each process: trial after
    trial starts from the same positions, which meet the same rolls. Kept for one
    evaluator at a time, ``LIMIT`` of them."""

    LIMIT = 4096
    DEPTH = 3
    """Turns from a trial's start whose tables are kept: deeper ones seldom repeat."""

    def __init__(self) -> None:
        self.owner: tuple[object, tuple[object, ...]] | None = None
        self.kept: dict[tuple[bytes, int], RollTable] = {}
        self.lock = threading.Lock()

    def table(
        self, evaluator: Evaluator, variant: Variant, boards: Boards, mover: int, depth: int
    ) -> RollTable:
        owner = _owner(evaluator, variant)
        if owner is None or depth >= self.DEPTH:
            return roll_table(evaluator, variant, boards, mover)
        key = (b"".join(map(bytearray, boards)), mover)
        with self.lock:
            if not _same(owner, self.owner):
                self.owner, self.kept = owner, {}
            found = self.kept.get(key)
        if found is None:
            found = roll_table(evaluator, variant, boards, mover)
            with self.lock:
                if _same(owner, self.owner) and len(self.kept) < self.LIMIT:
                    self.kept[key] = found
        return found


def _owner(evaluator: Evaluator, variant: Variant) -> tuple[object, tuple[object, ...]] | None:
    """What makes two evaluators' roll tables the same: a neural evaluator's net (the
    object itself, held while its tables are: a shipped net is one object per process),
    its races and whether its pass is compiled; gnubg's look-ahead; None (nothing kept)
    for any other evaluator."""
    if isinstance(evaluator, NeuralEvaluator):
        rest = (variant.name, evaluator.races, fast.compiled() is not None)
        return evaluator.net(variant), rest
    if isinstance(evaluator, GnubgEvaluator):
        return None, ("gnubg", evaluator.plies)
    return None


def _same(
    owner: tuple[object, tuple[object, ...]] | None, kept: tuple[object, tuple[object, ...]] | None
) -> bool:
    return owner is not None and kept is not None and owner[0] is kept[0] and owner[1] == kept[1]


_TABLES = _Tables()


def trial(
    evaluator: Evaluator,
    start: Position,
    rng: random.Random,
    truncate: int | None,
    reduced: bool = True,
) -> Doubles:
    """One trial from ``start``: its outcome vector (in seats, float64) as the module
    says, the dice drawn from ``rng`` as ``fastplay.play_out`` draws them (the start's
    own dice, if rolled, are its first roll and have no luck to take out)."""
    variant = start.variant
    players = variant.players
    boards = [list(board) for board in start.boards]
    if start.is_over():
        return sure(variant, boards, start.turn).astype(np.float64)
    turn, dice = start.turn, start.dice
    luck = np.zeros(outcome_size(players))
    last: Doubles = np.zeros(outcome_size(players))
    played = passes = 0
    while truncate is None or played < truncate:
        if dice is None:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            lucky = reduced
        else:
            lucky = False
        if lucky:
            table = _TABLES.table(evaluator, variant, boards, turn, played)
            row = ROLL_INDEX[dice]
            luck += table.mean - table.vectors[row]
            last, after = table.vectors[row], table.afters[row]
        else:
            vector, after = best_of_roll(evaluator, variant, boards, turn, dice)
            last = vector.astype(np.float64)
        moved = after.reshape(players, -1).tolist()
        passed = moved[turn] == boards[turn]
        boards = moved
        dice = None
        played += 1
        if has_won(boards[turn]):
            break
        passes = passes + 1 if passed else 0
        if passes >= players and position_of(variant, boards, turn).frozen:
            break  # nobody can ever move again: the game cannot end
        turn = variant.next_player(turn)
    return last + luck


# --- chunks of trials, run anywhere -----------------------------------------------------


@dataclass(frozen=True)
class _Task:
    """Trials ``first .. first + count - 1`` of every position."""

    index: int
    positions: tuple[Position, ...]
    evaluator: Evaluator
    seed: int | str
    first: int
    count: int
    truncate: int | None
    reduced: bool


def _play(task: _Task, cancel: threading.Event | None = None) -> Doubles:
    """A task's trials, ``(trials, positions, outcomes)`` (a worker's unit of work); in
    this process ``cancel`` is looked at between trials, and a cancelled task returns
    the trials it finished."""
    rows = []
    with one_blas_thread():
        for index in range(task.first, task.first + task.count):
            if cancel is not None and cancel.is_set():
                break
            rows.append(
                [
                    trial(
                        task.evaluator,
                        position,
                        random.Random(f"{task.seed}:{index}"),
                        task.truncate,
                        task.reduced,
                    )
                    for position in task.positions
                ]
            )
    size = outcome_size(task.positions[0].variant.players)
    return np.array(rows, np.float64).reshape(len(rows), len(task.positions), size)


class _Moments:
    """Sums over the trials taken so far, in task order: of each position's outcome
    vectors and their outer products (every linear figure's variance), and of the
    products of ``player``'s equities in each two positions (the gaps' variances). A
    task that came back short (cancelled) ends the sums: they count a prefix."""

    def __init__(self, positions: int, players: int, player: int) -> None:
        size = outcome_size(players)
        self.equities = equity_matrix(players).astype(np.float64)
        self.column = self.equities[:, player]
        self.trials = 0
        self.sums = np.zeros((positions, size))
        self.squares = np.zeros((positions, size, size))
        self.cross = np.zeros((positions, positions))
        self.short = False

    def take(self, found: tuple[int, Doubles]) -> None:
        count, rows = found
        if self.short:
            return
        self.trials += len(rows)
        self.sums += rows.sum(axis=0)
        self.squares += np.einsum("tko,tkp->kop", rows, rows)
        equities = rows @ self.column
        self.cross += equities.T @ equities
        self.short = len(rows) < count

    def means(self) -> Doubles:
        means: Doubles = self.sums / max(self.trials, 1)
        return means

    def covariances(self) -> Doubles:
        """Each position's covariance of one trial's outcome vector (zeros for fewer
        than two trials)."""
        n = self.trials
        means = self.means()
        if n < 2:
            return np.zeros_like(self.squares)
        centred: Doubles = (self.squares - n * np.einsum("ko,kp->kop", means, means)) / (n - 1)
        return centred

    def paired_variances(self) -> Doubles:
        """The variance of one trial's difference of the ranking equity between each
        two positions."""
        n = self.trials
        if n < 2:
            return np.zeros_like(self.cross)
        equities = self.means() @ self.column
        products = (self.cross - n * np.outer(equities, equities)) / (n - 1)
        diagonal = np.diag(products)
        variances: Doubles = np.maximum(diagonal[:, None] + diagonal[None, :] - 2 * products, 0)
        return variances

    def error(self) -> float:
        """The standard error the stopping rule looks at: of the gap between the two
        best positions, or, for one position, the largest of every player's equity's."""
        n = self.trials
        if n < 2:
            return math.inf
        if len(self.sums) > 1:
            best, second = np.argsort(-(self.means() @ self.column), kind="stable")[:2]
            return math.sqrt(self.paired_variances()[best, second] / n)
        return float(self.equity_errors(0).max())

    def equity_errors(self, k: int) -> Doubles:
        """The standard error of every player's equity in position ``k``."""
        matrix = self.equities
        variances = np.einsum("oq,pq,op->q", matrix, matrix, self.covariances()[k])
        errors: Doubles = np.sqrt(np.maximum(variances, 0.0) / self.trials)
        return errors


def _estimate(position: Position, moments: _Moments, k: int) -> Estimate:
    players = position.variant.players
    mean = moments.means()[k]
    found = Evaluation.from_outcomes(mean.astype(np.float32), position.turn, "rollout", 0)
    n = moments.trials

    def listed(errors: Doubles) -> tuple[float, ...]:
        return tuple(float(e) for e in errors) if n > 1 else (math.nan,) * players

    wins = moments.covariances()[k].diagonal()[:players]
    return Estimate(
        turn=position.turn,
        trials=n,
        wins=tuple(float(w) for w in mean[:players]),
        gammons=found.gammons,
        backgammons=found.backgammons,
        equities=tuple(float(e) for e in mean @ moments.equities),
        win_errors=listed(np.sqrt(np.maximum(wins, 0.0) / max(n, 1))),
        equity_errors=listed(moments.equity_errors(k) if n > 1 else np.zeros(players)),
    )


# --- the entry points ---------------------------------------------------------------------


def _positions(positions: Sequence[Position]) -> tuple[Position, ...]:
    if isinstance(positions, Position) or not isinstance(positions, Sequence) or not positions:
        raise ValueError(_("roll_out needs a non-empty list of positions"))
    for position in positions:
        if not isinstance(position, Position):
            raise ValueError(
                _("roll_out needs Positions, not {kind}").format(kind=type(position).__name__)
            )
        if position.variant != positions[0].variant:
            raise ValueError(_("the positions of one rollout must be of one variant"))
        check_moves(position)
    whole_number(len(positions), "positions", 1, MAX_POSITIONS)
    return tuple(positions)


def _fraction(value: object, what: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ValueError(
            _("{what} must be a number {low}..{high}, got {value}").format(
                what=what, low=low, high=high, value=repr(value)[:40]
            )
        )
    return float(value)


def _settings(
    games: int = 1296,
    truncate: int | None = None,
    reduced: bool = True,
    precision: float = 0.01,
    separation: float = 3.0,
    seconds: float | None = None,
    seed: int | str | None = None,
    workers: int | None = None,
    executor: Executor | None = None,
    chunk: int | None = None,
) -> None:
    """Refuse a bad setting of a rollout (``roll_out``'s, whose defaults these are) with
    a ``ValueError`` that names it."""
    whole_number(games, "games", 1)
    if truncate is not None:
        whole_number(truncate, "truncate (turns per trial)", 1)
    if chunk is not None:
        whole_number(chunk, "chunk (trials per task)", 1)
    if not isinstance(reduced, bool):
        raise ValueError(
            _("reduced must be True or False, got {value}").format(value=repr(reduced)[:40])
        )
    _fraction(precision, "precision", 0.0, 10.0)
    _fraction(separation, "separation", 0.0, 100.0)
    if seconds is not None:
        _fraction(seconds, "seconds", 0.0, 86_400.0)
    if seed is not None:
        seed_of(seed)
    check_where(executor, workers)


SETTINGS = tuple(inspect.signature(_settings).parameters)
"""The settings of a rollout beside its positions, evaluator and callbacks."""


def check_settings(settings: Mapping[str, object]) -> None:
    """Refuse settings of ``roll_out`` (``SETTINGS``: names and values) before any
    work starts, as ``roll_out`` would, with a ``ValueError`` that names the bad one."""
    unknown = sorted(set(settings) - set(SETTINGS))
    if unknown:
        raise ValueError(
            _("unknown rollout setting {name}: use one of {names}").format(
                name=repr(unknown[0])[:40], names=", ".join(SETTINGS)
            )
        )
    _settings(**settings)  # type: ignore[arg-type]  # each value is checked there


def roll_out(
    positions: Sequence[Position],
    *,
    player: int | None = None,
    evaluator: str | Evaluator | None = None,
    games: int = 1296,
    truncate: int | None = None,
    reduced: bool = True,
    precision: float = 0.01,
    separation: float = 3.0,
    seconds: float | None = None,
    seed: int | str | None = None,
    workers: int | None = None,
    executor: Executor | None = None,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    chunk: int | None = None,
) -> EquityRollout:
    """Roll ``positions`` (of one variant, each before its player to move rolls, or with
    that roll) out with common dice: at most ``games`` trials each, every seat played by
    ``evaluator``'s best play at 0-ply (default: the own net), cut after ``truncate``
    turns (None: whole games), with the luck of the rolls taken out unless ``reduced`` is
    False (the module's doc says how, and the stopping rule: ``precision``,
    ``separation``, ``seconds``). ``player``'s equity ranks the positions (default: the
    first position's player to move).

    ``seed`` (default: a random one, kept in the result) fixes every number, however the
    work is spread; ``seconds`` or ``cancel`` stop it where the clock says. The trials
    run as ``rollout.rollout``'s games do: on ``executor``, or a lasting pool of
    ``workers`` processes (default: one per core once the work takes seconds), in
    chunks of ``chunk`` trials of every position; ``progress(done, expected)`` is told
    the trials taken so far and about how many it will take. Positions that are not
    compared (labels for training, say) each stand alone in the result: pass
    ``precision=0`` and a ``games`` budget.
    """
    found = _positions(positions)
    variant = found[0].variant
    chosen = find_evaluator(evaluator)
    chosen.check(variant)
    judge = found[0].turn if player is None else player
    if isinstance(judge, bool) or judge not in range(variant.players):
        raise ValueError(
            _("player must be a seat 0..{last}, got {player}").format(
                last=variant.players - 1, player=repr(judge)[:40]
            )
        )
    _settings(
        games, truncate, reduced, precision, separation, seconds, seed, workers, executor, chunk
    )
    limit = None if seconds is None else float(seconds)
    used = seed_of(seed)
    turns = 60 if truncate is None else truncate
    size = chunk or max(1, 64 // (len(found) * turns))
    cost = games * len(found) * turns * TURN_SECONDS[variant.players] * (1 if reduced else 0.1)
    where = runner(executor, workers, executor is not None or portable(chosen), cost)

    def tasks() -> Iterator[_Task]:
        for index, first in enumerate(range(0, games, size)):
            count = min(size, games - first)
            yield _Task(index, found, chosen, used, first, count, truncate, reduced)

    moments = _Moments(len(found), variant.players, judge)
    stop = _Stop(cancel)
    began = time.monotonic()
    reason: list[Stopped] = []

    def take(chunk: tuple[int, Doubles]) -> None:
        """A chunk's trials, in the order of the chunks, the precision looked at after
        each: stopped there, the rollout takes no more, so it ends at the same
        checkpoint however its chunks came back (the figures of a busy machine's run)."""
        if reason:
            return
        moments.take(chunk)
        if moments.trials >= MIN_TRIALS and moments.error() <= precision:
            reason.append("precise")

    in_order: InOrder[tuple[int, Doubles]] = InOrder(take)

    def finished(task: _Task, rows: Doubles) -> None:
        if reason:
            return  # a chunk under way when the rollout stopped
        before = moments.trials
        in_order.put(task.index, (task.count, rows))
        if moments.trials == before:
            return
        n, error, spent = moments.trials, moments.error(), time.monotonic() - began
        if progress is not None:
            progress(n, _expected(n, error, spent, games, precision, limit))
        if not reason and limit is not None and spent >= limit and n >= TIMED_TRIALS:
            reason.append("time")
        if reason:
            stop.set()

    run(_play, tasks(), where, finished, stop, here=_play)
    if cancel is not None and cancel.is_set() and not reason:
        reason.append("cancelled")
    return EquityRollout(
        positions=found,
        estimates=tuple(_estimate(position, moments, k) for k, position in enumerate(found)),
        player=judge,
        trials=moments.trials,
        truncate=truncate,
        reduced=reduced,
        evaluator=net_name(chosen, variant),
        seed=used,
        stopped=reason[0] if reason else "games",
        separation=separation,
        paired_variances=tuple(tuple(map(float, row)) for row in moments.paired_variances()),
    )


def _expected(
    trials: int, error: float, spent: float, games: int, precision: float, limit: float | None
) -> int:
    """About how many trials the rollout will take, as far as it can tell after
    ``trials``: a standard error falls as one over the root of the trials, so
    ``precision`` needs ``trials * (error / precision) ** 2``; the clock allows
    ``trials * limit / spent``; ``games`` at most."""
    found = games
    if math.isfinite(error) and precision > 0:
        found = min(found, max(MIN_TRIALS, math.ceil(trials * (error / precision) ** 2)))
    if limit is not None and spent > 0:
        found = min(found, max(TIMED_TRIALS, math.ceil(trials * limit / spent)))
    return max(found, trials)


def t95(trials: int) -> float:
    """The multiple of a standard error from ``trials`` trials that makes a two-sided 95%
    interval: Student's t with ``trials - 1`` degrees of freedom (nan below two), by
    table, then by its Cornish-Fisher expansion about the normal's 1.96."""
    freedom = trials - 1
    if freedom < 1:
        return math.nan
    if freedom <= len(T95):
        return T95[freedom - 1]
    z = 1.959963984540054
    return z + (z**3 + z) / (4 * freedom) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * freedom**2)


class _Stop(threading.Event):
    """Set by the stopping rule, or by the caller's ``cancel``: what ``parallel.run``
    looks at."""

    def __init__(self, cancel: threading.Event | None) -> None:
        super().__init__()
        self.cancel = cancel

    def is_set(self) -> bool:
        return super().is_set() or (self.cancel is not None and self.cancel.is_set())


def candidates_of(
    ranked: Sequence[Hint], most: int, within: float, also: Collection[Play] = ()
) -> list[Hint]:
    """The evaluator's best plays worth a rollout: at most ``most``, those within
    ``within`` of the best's equity, and at least two where there are two; then those
    of ``also`` not among them, however far behind (the play made, at a turn looked
    back at: it is what the learner asks about)."""
    if not ranked:
        return []
    top = ranked[0].equity
    kept = [hint for hint in ranked[:most] if top - hint.equity <= within]
    chosen = list(ranked[: max(len(kept), min(2, most))])
    plays = [hint.play for hint in chosen]
    return chosen + [hint for hint in ranked if hint.play in also and hint.play not in plays]


def hints(
    position: Position,
    *,
    dice: Sequence[int] | None = None,
    candidates: int = 5,
    within: float = 0.16,
    also: Collection[Play] = (),
    evaluator: str | Evaluator | None = None,
    games: int = 1296,
    truncate: int | None = None,
    reduced: bool = True,
    precision: float = 0.01,
    separation: float = 3.0,
    seconds: float | None = None,
    seed: int | str | None = None,
    workers: int | None = None,
    executor: Executor | None = None,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    chunk: int | None = None,
) -> list[RolledHint]:
    """The evaluator's best plays of the roll (``evaluation.hints``: at most
    ``candidates``, those within ``within`` of the best, at least two, and the plays of
    ``also`` wherever they rank), each refined by
    a rollout of the position after it with common dice (``roll_out``, whose arguments
    the others are), best first by the mover's rollout equity. The roll is ``dice`` or
    the position's own. A roll with one play has nothing to compare: it is rolled out
    alone."""
    if not isinstance(position, Position):
        raise ValueError(
            _("hints needs a Position, not {kind}").format(kind=type(position).__name__)
        )
    roll = check_dice(dice) if dice is not None else position.dice
    if roll is None:
        raise ValueError(_("no dice: hints need a roll (dice=(d1, d2) or a rolled position)"))
    whole_number(candidates, "candidates", 1, MAX_POSITIONS)
    _fraction(within, "within", 0.0, 10.0)
    if isinstance(also, str | Play) or not all(isinstance(play, Play) for play in also):
        raise ValueError(
            _("also: a collection of plays (Play), not {kind}").format(kind=type(also).__name__)
        )
    chosen = find_evaluator(evaluator)
    rolled = replace(position, dice=roll)
    kept = candidates_of(evaluator_hints(rolled, evaluator=chosen), candidates, within, also)
    if not kept:
        return []
    found = roll_out(
        [rolled.play(hint.play) for hint in kept],
        player=position.turn,
        evaluator=chosen,
        games=games,
        truncate=truncate,
        reduced=reduced,
        precision=precision,
        separation=separation,
        seconds=seconds,
        seed=seed,
        workers=workers,
        executor=executor,
        progress=progress,
        cancel=cancel,
        chunk=chunk,
    )
    return [RolledHint(kept[k], found, k) for k in found.order()]
