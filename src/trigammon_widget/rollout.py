"""Rollouts: who is favoured in a position, and which play is best for a roll.

A rollout plays a position out many times with a bot in every seat and counts who
wins. ``rollout`` gives each player's win probability with a 95% interval and the
gammon and backgammon rates (R13); ``hints`` rolls out the position after every legal
play of a roll and ranks the plays by the mover's win probability.

Game ``i`` of a rollout draws its dice from ``random.Random(f"{seed}:{i}")``, so the
numbers depend only on the seed and the game count, never on how the games were
split among processes. ``hints`` gives game ``i`` of every play the same seed: the
plays meet the same dice (common random numbers), which makes their differences far
less noisy than the intervals of each alone suggest.

Work is cut into chunks of games. With ``workers`` above one the chunks run in a
process pool (``spawn``: safe in Jupyter, where forking a threaded kernel is not);
the parent calls ``progress(done, total)`` as chunks come back and, once ``cancel``
is set, submits no more chunks, cancels those not started, and returns what was
finished with ``cancelled=True``.
"""

from __future__ import annotations

import atexit
import math
import multiprocessing
import random
import signal
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, replace

from .bots import Bot, HeuristicBot, _run
from .engine.moves import Play
from .engine.outcome import outcome
from .engine.position import Position, check_dice

__all__ = ["Hint", "RolloutResult", "hints", "rollout", "shutdown_workers", "wilson"]

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


@dataclass(frozen=True)
class Hint:
    """One legal play with the rollout of the position it leads to."""

    play: Play
    notation: str
    result: RolloutResult

    @property
    def win(self) -> float:
        """Win probability of the player who makes the play."""
        return self.result.wins[self.player]

    @property
    def interval(self) -> tuple[float, float]:
        return self.result.intervals[self.player]

    @property
    def player(self) -> int:
        return self.result.mover


# --- the work: chunks of games, run anywhere ------------------------------------------


@dataclass(frozen=True)
class _Task:
    position: Position
    bots: tuple[Bot, ...]
    seed: int | str
    first: int
    count: int
    truncate: int | None


@dataclass
class _Tally:
    """Sums over the games of one chunk."""

    games: int
    wins: list[float]
    gammon_wins: list[int]
    backgammon_wins: list[int]
    gammon_losses: list[int]
    backgammon_losses: list[int]
    truncated: int
    turns: int


def _play_chunk(task: _Task) -> _Tally:
    """Games ``first .. first + count - 1`` of a rollout (a worker's unit of work)."""
    start = task.position
    variant = start.variant
    players = variant.players
    tally = _Tally(
        0, [0.0] * players, [0] * players, [0] * players, [0] * players, [0] * players, 0, 0
    )
    for index in range(task.first, task.first + task.count):
        rng = random.Random(f"{task.seed}:{index}")
        boards = [list(board) for board in start.boards]
        turn, played = _run(variant, boards, start.turn, start.dice, task.bots, rng, task.truncate)
        tally.games += 1
        tally.turns += played
        final = Position(variant, tuple(tuple(board) for board in boards), turn)
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
    waits = [(player - position.turn) % players for player in range(players)]
    if variant.turn_order == "right":
        waits = [(players - w) % players for w in waits]
    pips = [position.pip_count(p) + 8.17 * w / players for p, w in enumerate(waits)]
    temperature = 0.1 * sum(pips) / players + 2
    low = min(pips)
    weights = [math.exp((low - p) / temperature) for p in pips]
    total = sum(weights)
    return [w / total for w in weights]


# --- running chunks in-process or in a pool -----------------------------------------

_POOLS: dict[int, ProcessPoolExecutor] = {}
_POOL_LOCK = threading.Lock()


def _pool(workers: int) -> ProcessPoolExecutor:
    """A lasting pool per size: starting spawn workers costs a good part of a second."""
    with _POOL_LOCK:
        pool = _POOLS.get(workers)
        if pool is None:
            context = multiprocessing.get_context("spawn")
            pool = ProcessPoolExecutor(
                max_workers=workers, mp_context=context, initializer=_leave_interrupts
            )
            _POOLS[workers] = pool
        return pool


def _leave_interrupts() -> None:
    """Workers leave Ctrl-C (a kernel interrupt) to the parent, which cancels the work."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def shutdown_workers() -> None:
    """Stop the worker processes kept between rollouts (also done at exit)."""
    with _POOL_LOCK:
        pools = list(_POOLS.values())
        _POOLS.clear()
    for pool in pools:
        pool.shutdown(wait=True, cancel_futures=True)


atexit.register(shutdown_workers)


def _importable(tasks: Sequence[_Task]) -> bool:
    """Whether worker processes can rebuild the bots: not so for classes that live in
    ``__main__`` (a notebook or script), which a spawned process does not have."""
    return all(type(bot).__module__ != "__main__" for task in tasks[:1] for bot in task.bots)


def _execute(
    tasks: Sequence[_Task],
    workers: int,
    progress: Progress | None,
    cancel: threading.Event | None,
) -> tuple[list[_Tally | None], bool]:
    """Each task's tally (None where not run) and whether the run was cancelled."""
    results: list[_Tally | None] = [None] * len(tasks)
    total = sum(task.count for task in tasks)
    done = 0

    def finished(index: int, tally: _Tally) -> None:
        nonlocal done
        results[index] = tally
        done += tally.games
        if progress is not None:
            progress(done, total)

    if workers <= 1 or not _importable(tasks):
        for index, task in enumerate(tasks):
            if cancel is not None and cancel.is_set():
                return results, True
            finished(index, _play_chunk(task))
        return results, False

    pool = _pool(workers)
    pending: dict[Future[_Tally], int] = {}
    queue = iter(enumerate(tasks))
    cancelled = False
    try:
        while True:
            if cancel is not None and cancel.is_set():
                cancelled = True
                for future in pending:
                    future.cancel()
            if not cancelled:
                for index, task in queue:
                    pending[pool.submit(_play_chunk, task)] = index
                    if len(pending) >= 2 * workers:
                        break
            if not pending:
                break
            ready, _ = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            for future in ready:
                index = pending.pop(future)
                if not future.cancelled():
                    finished(index, future.result())
    except BaseException:
        for future in pending:
            future.cancel()
        raise
    return results, cancelled


def _summarise(
    mover: int, players: int, tallies: Sequence[_Tally | None], seed: int | str, cancelled: bool
) -> RolloutResult:
    """One result from the tallies, added up in task order (the same sums every run)."""
    games = truncated = turns = 0
    wins = [0.0] * players
    counts = [[0] * players for _ in range(4)]
    for tally in tallies:
        if tally is None:
            continue
        games += tally.games
        truncated += tally.truncated
        turns += tally.turns
        for player in range(players):
            wins[player] += tally.wins[player]
        for total, part in zip(
            counts,
            (
                tally.gammon_wins,
                tally.backgammon_wins,
                tally.gammon_losses,
                tally.backgammon_losses,
            ),
            strict=True,
        ):
            for player in range(players):
                total[player] += part[player]

    def share(values: Sequence[float]) -> tuple[float, ...]:
        return tuple(v / games if games else 0.0 for v in values)

    return RolloutResult(
        mover=mover,
        games=games,
        wins=share(wins),
        intervals=tuple(wilson(w, games) for w in wins),
        gammon_wins=share(counts[0]),
        backgammon_wins=share(counts[1]),
        gammon_losses=share(counts[2]),
        backgammon_losses=share(counts[3]),
        truncated=truncated,
        mean_turns=turns / games if games else 0.0,
        seed=seed,
        cancelled=cancelled,
    )


def _bots(position: Position, bot: Bot | Sequence[Bot] | None) -> tuple[Bot, ...]:
    players = position.variant.players
    if bot is None:
        return (HeuristicBot(),) * players
    if isinstance(bot, Sequence):
        if len(bot) != players:
            raise ValueError(f"{position.variant.name} needs {players} bots, got {len(bot)}")
        return tuple(bot)
    return (bot,) * players


def _check(games: int, workers: int, truncate: int | None) -> None:
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if truncate is not None and truncate < 1:
        raise ValueError(f"truncate must be None or at least 1 turn, got {truncate}")


def _chunk(position: Position, truncate: int | None, chunk: int | None) -> int:
    """Games per chunk: about a tenth of a second of work for the heuristic bot."""
    if chunk is not None:
        if chunk < 1:
            raise ValueError(f"chunk must be at least 1 game, got {chunk}")
        return chunk
    base = 4 if position.variant.players == 3 else 24
    if truncate is not None:
        base = max(base, 4000 // max(truncate, 1))
    return base


def _seed(seed: int | str | None) -> int | str:
    return random.randrange(2**63) if seed is None else seed


def rollout(
    position: Position,
    *,
    dice: Sequence[int] | None = None,
    games: int = 1000,
    bot: Bot | Sequence[Bot] | None = None,
    seed: int | str | None = None,
    workers: int = 2,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    truncate: int | None = None,
    chunk: int | None = None,
) -> RolloutResult:
    """Play ``position`` out ``games`` times; every player's chances.

    ``dice`` (or the position's own dice) is the first roll of the player to move;
    otherwise the first roll is random too. ``bot`` plays every seat (default
    ``HeuristicBot()``), or give one bot per seat; bots must pickle for
    ``workers > 1``, and bots of a class defined in ``__main__`` (a notebook cell)
    run in this process. ``truncate`` stops each game after that many turns and scores
    it by ``race_estimate``. ``seed`` (default: a random one, kept in the result)
    fixes every number.
    """
    _check(games, workers, truncate)
    roll = check_dice(dice) if dice is not None else position.dice
    start = replace(position, dice=roll)
    bots = _bots(position, bot)
    used = _seed(seed)
    size = _chunk(position, truncate, chunk)
    tasks = [
        _Task(start, bots, used, first, min(size, games - first), truncate)
        for first in range(0, games, size)
    ]
    tallies, cancelled = _execute(tasks, workers, progress, cancel)
    return _summarise(position.turn, position.variant.players, tallies, used, cancelled)


def hints(
    position: Position,
    *,
    dice: Sequence[int] | None = None,
    games_per_play: int = 300,
    bot: Bot | Sequence[Bot] | None = None,
    seed: int | str | None = None,
    workers: int = 2,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    truncate: int | None = None,
    candidates: int | None = None,
    chunk: int | None = None,
) -> list[Hint]:
    """Every legal play of the roll, ranked by the mover's rollout win probability.

    The roll is ``dice`` or the position's own. ``candidates`` keeps only that many
    plays, the best by ``HeuristicBot``'s evaluation, to save time where a roll has
    hundreds of plays. Progress counts games over all plays; the other arguments are
    as ``rollout``'s. All plays share their games' seeds (common random numbers).
    """
    _check(games_per_play, workers, truncate)
    roll = check_dice(dice) if dice is not None else position.dice
    if roll is None:
        raise ValueError("no dice: hints need a roll (dice=(d1, d2) or a rolled position)")
    rolled = replace(position, dice=roll)
    if rolled.is_over():
        return []
    if candidates is not None:
        if candidates < 1:
            raise ValueError(f"candidates must be None or at least 1, got {candidates}")
        plays = [play for play, _ in HeuristicBot().rank(rolled)[:candidates]]
    else:
        plays = list(rolled.legal_plays())
    bots = _bots(position, bot)
    used = _seed(seed)
    size = _chunk(position, truncate, chunk)
    afters = [rolled.play(play) for play in plays]
    tasks = []
    owners = []
    for first in range(0, games_per_play, size):
        count = min(size, games_per_play - first)
        for index, after in enumerate(afters):
            tasks.append(_Task(after, bots, used, first, count, truncate))
            owners.append(index)
    tallies, cancelled = _execute(tasks, workers, progress, cancel)
    players = position.variant.players
    out = []
    for index, play in enumerate(plays):
        mine = [t for t, owner in zip(tallies, owners, strict=True) if owner == index]
        result = _summarise(position.turn, players, mine, used, cancelled)
        out.append(Hint(play, rolled.format_play(play), result))
    # Ties (say, several plays that all win) go to more gammons, then shorter games.
    out.sort(key=lambda h: (-h.win, -h.result.gammon_wins[h.player], h.result.mean_turns))
    return out
