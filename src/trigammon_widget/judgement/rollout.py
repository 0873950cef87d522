"""Rollouts of bots' games: who wins from a position when bots play it out.

``rollout`` plays a position out many times with a bot in every seat (any bots, the
heuristic one by default) and counts who wins: each player's win probability with a 95%
interval, and the gammon and backgammon rates (R13). It answers "how do these bots fare
from here"; the evaluator's own judgement of positions and plays, in equity, with common
dice and the luck taken out, is ``equity_rollout``'s.

Game ``i`` of a rollout draws its dice from ``random.Random(f"{seed}:{i}")``, so the
numbers depend only on the seed and the game count, never on how the games were
split among processes.

Work is cut into chunks of games that run on any ``concurrent.futures.Executor``
(``executor=``), so a Dask or Ray cluster can carry a big rollout; by default a
lasting process pool on all cores (``spawn``: safe in Jupyter, where forking a
threaded kernel is not), rebuilt if a worker dies. The parent calls
``progress(done, total)`` as chunks come back and, once ``cancel`` is set, submits
no more chunks, cancels those not started, and returns what was finished with
``cancelled=True``. Chunks are made as they are submitted and their sums added up
as they come back, so memory does not grow with the number of games.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace

from ..engine.fastplay import play_game, position_of
from ..engine.i18n import _
from ..engine.outcome import outcome
from ..engine.position import Position, check_dice
from .bots import Bot, HeuristicBot
from .games import chooser
from .parallel import InOrder, Runner, portable, run, runner, shutdown_workers
from .threads import one_blas_thread

__all__ = ["RolloutResult", "rollout", "shutdown_workers", "wilson"]

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

Progress = Callable[[int, int], None]


def wilson(successes: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and is not empty at 0 or
    1 wins: a rollout that won all of 100 games reports about [0.963, 1].
    """
    if games <= 0:
        return 0.0, 1.0
    p = successes / games
    scale = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / scale
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / scale
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= games else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class RolloutResult:
    """Outcome frequencies of a rollout, per player (index = seat).

    ``wins[p]`` is player p's win probability and ``intervals[p]`` its 95% Wilson
    interval over ``games``. ``gammon_wins[p]`` is the share of games p won with at
    least one loser gammoned or backgammoned, ``backgammon_wins[p]`` with one
    backgammoned; ``gammon_losses[p]`` / ``backgammon_losses[p]`` the share p lost
    that way (R13; trigammon scores each loser on its own). Games stopped by
    ``truncate`` (``truncated`` of them) count as a race estimate of each player's
    chances and never as gammons.
    """

    mover: int
    games: int
    wins: tuple[float, ...]
    intervals: tuple[tuple[float, float], ...]
    gammon_wins: tuple[float, ...]
    backgammon_wins: tuple[float, ...]
    gammon_losses: tuple[float, ...]
    backgammon_losses: tuple[float, ...]
    truncated: int
    mean_turns: float
    seed: int | str
    cancelled: bool = False

    @property
    def win(self) -> float:
        """The win probability of the player to move."""
        return self.wins[self.mover]

    @property
    def interval(self) -> tuple[float, float]:
        return self.intervals[self.mover]

    def __str__(self) -> str:
        parts = [
            f"P{p}: {w:.1%} [{lo:.1%}, {hi:.1%}] gammons {g:.1%}"
            for p, (w, (lo, hi), g) in enumerate(
                zip(self.wins, self.intervals, self.gammon_wins, strict=True)
            )
        ]
        flag = ", cancelled" if self.cancelled else ""
        return f"rollout of {self.games} games{flag}: " + "; ".join(parts)


# --- the work: chunks of games, run anywhere ------------------------------------------


@dataclass(frozen=True)
class _Task:
    """Games ``first .. first + count - 1`` of a rollout of ``position``."""

    index: int
    """Place in the order of submission: tallies are added up in this order."""
    position: Position
    bots: tuple[Bot, ...]
    seed: int | str
    first: int
    count: int
    truncate: int | None


@dataclass
class _Tally:
    """Sums over some games."""

    games: int
    wins: list[float]
    gammon_wins: list[int]
    backgammon_wins: list[int]
    gammon_losses: list[int]
    backgammon_losses: list[int]
    truncated: int
    turns: int

    @classmethod
    def empty(cls, players: int) -> _Tally:
        zeros = [0] * players
        return cls(0, [0.0] * players, zeros[:], zeros[:], zeros[:], zeros[:], 0, 0)

    def add(self, other: _Tally) -> None:
        self.games += other.games
        self.truncated += other.truncated
        self.turns += other.turns
        for player in range(len(self.wins)):
            self.wins[player] += other.wins[player]
            self.gammon_wins[player] += other.gammon_wins[player]
            self.backgammon_wins[player] += other.backgammon_wins[player]
            self.gammon_losses[player] += other.gammon_losses[player]
            self.backgammon_losses[player] += other.backgammon_losses[player]


def _play_chunk(task: _Task, cancel: threading.Event | None = None) -> _Tally:
    """A task's games (a worker's unit of work); in this process, ``cancel`` is
    looked at between games so that a slow bot is stopped soon."""
    with one_blas_thread():
        return _play_games(task, cancel)


def _play_games(task: _Task, cancel: threading.Event | None) -> _Tally:
    start = task.position
    variant = start.variant
    tally = _Tally.empty(variant.players)
    choosers = [chooser(bot, variant) for bot in task.bots]
    for index in range(task.first, task.first + task.count):
        if cancel is not None and cancel.is_set():
            break
        rng = random.Random(f"{task.seed}:{index}")
        boards, turn, played = play_game(variant, choosers, rng, start, task.truncate)
        tally.games += 1
        tally.turns += played
        final = position_of(variant, boards, turn)
        result = outcome(final)
        if result is None:
            tally.truncated += 1
            for player, share in enumerate(race_estimate(final)):
                tally.wins[player] += share
            continue
        winner = result.winner
        tally.wins[winner] += 1
        worst = max(result.points)
        if worst >= 2:
            tally.gammon_wins[winner] += 1
        if worst >= 3:
            tally.backgammon_wins[winner] += 1
        for player, points in enumerate(result.points):
            if player != winner and points >= 2:
                tally.gammon_losses[player] += 1
                if points >= 3:
                    tally.backgammon_losses[player] += 1
    return tally


def race_estimate(position: Position) -> list[float]:
    """A crude win estimate per player from pip counts, for truncated games.

    Each player's pips, plus a third of an average roll (8.17 pips) per turn it waits
    to move, go through a softmax whose temperature is a tenth of the mean count plus
    two: a 10% lead in a two-player race is worth about 75%.
    """
    variant = position.variant
    players = variant.players
    waits = [0] * players
    player = position.turn
    for wait_turns in range(players):
        waits[player] = wait_turns
        player = variant.next_player(player)
    pips = [position.pip_count(p) + 8.17 * w / players for p, w in enumerate(waits)]
    temperature = 0.1 * sum(pips) / players + 2
    low = min(pips)
    weights = [math.exp((low - p) / temperature) for p in pips]
    total = sum(weights)
    return [w / total for w in weights]


# --- running chunks in-process or on an executor ------------------------------------


GAME_SECONDS = {2: 0.01, 3: 0.05}
"""About how long a game of a rollout takes on one core, by players: what decides
whether the default pool starts (``parallel.runner``); ``benchmarks/bench_bots.py``
measures the heuristic bot's (trigammon: some 20 games a second)."""


def _where(
    position: Position,
    bots: Sequence[Bot],
    games: int,
    executor: Executor | None,
    workers: int | None,
) -> Runner:
    """Where ``games`` games of ``position`` run: ``parallel.runner``."""
    seconds = games * GAME_SECONDS[position.variant.players]
    return runner(executor, workers, executor is not None or portable(*bots), seconds)


class _Sums:
    """Tallies added up in task order (``parallel.InOrder``): the same sums, to the last
    bit, however the work was spread."""

    def __init__(self, players: int) -> None:
        self.total = _Tally.empty(players)
        self.in_order: InOrder[_Tally] = InOrder(self.total.add)
        self.games = 0

    def add(self, task: _Task, tally: _Tally) -> None:
        self.games += tally.games
        self.in_order.put(task.index, tally)

    def finish(self) -> _Tally:
        for tally in self.in_order.rest():
            self.total.add(tally)
        return self.total


def _execute(
    tasks: Iterator[_Task],
    sums: _Sums,
    total: int,
    where: Runner,
    progress: Progress | None,
    cancel: threading.Event | None,
) -> bool:
    """Runs ``tasks`` into ``sums`` (``parallel.run``); whether the run was cancelled."""

    def finished(task: _Task, tally: _Tally) -> None:
        sums.add(task, tally)
        if progress is not None:
            progress(sums.games, total)

    return run(_play_chunk, tasks, where, finished, cancel, here=_play_chunk)


def _summarise(mover: int, tally: _Tally, seed: int | str, cancelled: bool) -> RolloutResult:
    games = tally.games

    def share(values: Sequence[float]) -> tuple[float, ...]:
        return tuple(v / games if games else 0.0 for v in values)

    return RolloutResult(
        mover=mover,
        games=games,
        wins=share(tally.wins),
        intervals=tuple(wilson(w, games) for w in tally.wins),
        gammon_wins=share(tally.gammon_wins),
        backgammon_wins=share(tally.backgammon_wins),
        gammon_losses=share(tally.gammon_losses),
        backgammon_losses=share(tally.backgammon_losses),
        truncated=tally.truncated,
        mean_turns=tally.turns / games if games else 0.0,
        seed=seed,
        cancelled=cancelled,
    )


def _bots(position: Position, bot: Bot | Sequence[Bot] | None) -> tuple[Bot, ...]:
    players = position.variant.players
    if bot is None:
        return (HeuristicBot(),) * players
    if isinstance(bot, Sequence):
        if len(bot) != players:
            raise ValueError(
                _("{name} needs {players} bots, got {count}").format(
                    name=position.variant.name, players=players, count=len(bot)
                )
            )
        return tuple(bot)
    return (bot,) * players


def check_moves(position: Position) -> None:
    """Refuse a position where nobody can move again: its games would never end."""
    if position.frozen:
        raise ValueError(
            _(
                "no player can move with any roll from this position (each is on the "
                "bar against a closed board, R8): its games would never end"
            )
        )


MAX_GAMES = 10_000_000
"""Most games one rollout (or one play of ``hints``) may ask for: a few hours of work."""


def whole_number(value: object, what: str, low: int, high: int = MAX_GAMES) -> int:
    """``value`` itself, checked: a whole number from ``low`` to ``high``; a ValueError
    naming ``what`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(
            _("{what} must be a whole number {low}..{high}, got {value}").format(
                what=what, low=low, high=f"{high:,}", value=repr(value)
            )[:160]
        )
    return value


def _check(games: int, truncate: int | None, chunk: int | None) -> None:
    whole_number(games, "games", 1)
    if truncate is not None:
        whole_number(truncate, "truncate (turns per game)", 1)
    if chunk is not None:
        whole_number(chunk, "chunk (games per task)", 1)


def _chunk(position: Position, truncate: int | None, chunk: int | None) -> int:
    """Games per chunk: about a tenth of a second of work for the heuristic bot."""
    if chunk is not None:
        return chunk
    base = 4 if position.variant.players == 3 else 24
    if truncate is not None:
        base = max(base, 4000 // max(truncate, 1))
    return base


def seed_of(seed: int | str | None) -> int | str:
    """A seed as given, or a fresh random one for None: the seed a rollout reports."""
    if seed is None:
        return random.randrange(2**63)
    if isinstance(seed, bool) or not isinstance(seed, int | str) or len(str(seed)) > 100:
        raise ValueError(
            _("seed must be an int or a short str, got {seed}").format(seed=repr(seed))[:160]
        )
    return seed


def rollout(
    position: Position,
    *,
    dice: Sequence[int] | None = None,
    games: int = 1000,
    bot: Bot | Sequence[Bot] | None = None,
    seed: int | str | None = None,
    workers: int | None = None,
    executor: Executor | None = None,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    truncate: int | None = None,
    chunk: int | None = None,
) -> RolloutResult:
    """Play ``position`` out ``games`` times; every player's chances.

    ``dice`` (or the position's own dice) is the first roll of the player to move;
    otherwise the first roll is random too. ``bot`` plays every seat (default
    ``HeuristicBot()``), or give one bot per seat. ``truncate`` stops each game after
    that many turns and scores it by ``race_estimate``. ``seed`` (default: a random
    one, kept in the result) fixes every number, however the work is spread.

    The games run on ``executor`` (any ``concurrent.futures.Executor``, e.g. a Dask
    client's ``get_executor()``; ``workers`` then says how many chunks it runs at
    once), or else on a lasting process pool of ``workers`` processes (default: one
    per core once the games take seconds, here before; ``workers=1`` plays here).
    Bots must pickle to run elsewhere; bots of a class defined in ``__main__`` (a
    notebook cell) play in this process unless an executor is given. A position where
    no player can ever move again (``Position.frozen``) is refused: its games would
    never end.
    """
    if not isinstance(position, Position):
        raise ValueError(
            _("rollout needs a Position, not {kind}").format(kind=type(position).__name__)
        )
    _check(games, truncate, chunk)
    roll = check_dice(dice) if dice is not None else position.dice
    start = replace(position, dice=roll)
    bots = _bots(position, bot)
    check_moves(start)
    where = _where(position, bots, games, executor, workers)
    used = seed_of(seed)
    size = _chunk(position, truncate, chunk)
    tasks = (
        _Task(index, start, bots, used, first, min(size, games - first), truncate)
        for index, first in enumerate(range(0, games, size))
    )
    sums = _Sums(position.variant.players)
    cancelled = _execute(tasks, sums, games, where, progress, cancel)
    return _summarise(position.turn, sums.finish(), used, cancelled)
