"""The three-player benchmark: how strong a trigammon bot is, measured the same way each
time (``docs/benchmark.md``; ``benchmarks/bench_trigammon.py`` is its command line).

A bot is anything with ``choose(position)`` (``bots.Bot``); the built-in bots also have
the fast ``pick``. Two measures:

- **Tables** (``play_table``): the bot against fixed opponents (``TABLES``): two
  ``HeuristicBot``s, two trigammon-v1 ``NeuralBot``s, one of each, or two of another
  trigammon net of the package (trigammon-v3, the strongest of the old ones). Game ``g`` of a
  table draws its dice from ``random.Random(f"{seed}:{table}:{g}")`` and seats the bot
  at ``g`` mod 3 (``play.play_match``), so every bot meets the same dice in the same
  seats. The mixed table plays half its games with the heuristic in the lower of the
  two other seats and half with trigammon-v1 there (dice ``f"{seed}:mixed:{k}:{g}"``,
  k = 0, 1), so that each sits just before the bot in the turn order (R3) as often as
  the other. The bot's wins come with a 95% Wilson interval, its points per game
  (cubeless; every loser pays the winner 1, 2 or 3 points, R13) with a 95% normal
  interval.
- **Reference positions** (``score_references``): the bot's play in each of a fixed set
  of positions from self-play, against the play that rollouts found best by a
  significant margin (``references``; how the set was made is in its file: ``how_made``).

Games run on any ``concurrent.futures.Executor`` (``parallel.run``): a Dask client's
``get_executor()``, a process pool, or here.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ...engine.errors import quote
from ...engine.i18n import _
from ...engine.moves import Play
from ...engine.position import Position
from ...engine.variant import TRIGAMMON
from .. import DATA
from ..evaluation import NeuralEvaluator
from ..nets import shipped_names
from ..play import (
    MAX_GAMES,
    Bot,
    HeuristicBot,
    MatchResult,
    NeuralBot,
    check_bot,
    check_controls,
    play_match,
    run,
    runner,
    wilson,
)

__all__ = [
    "OLD_NET",
    "TABLES",
    "Reference",
    "ReferenceScore",
    "TableResult",
    "net_bot",
    "net_tables",
    "opponents",
    "play_table",
    "references",
    "score_references",
]

OLD_NET = "trigammon-v1"
"""The net the trigammon-v1 opponents play with (``NeuralEvaluator(OLD_NET)``)."""
TABLES = ("heuristic", "trigammon-v1", "mixed", "trigammon-v3")
"""The fixed opponents: two ``HeuristicBot``s, two trigammon-v1s, one of each, two
trigammon-v3s. Any trigammon net of the package makes a table of two of it too, named
as the net (``opponents``)."""
REFERENCE_FILE = "trigammon-reference.json"
"""The reference positions, in the package's ``tables`` folder."""
CHUNK = 10
"""Games per task."""
MAX_SEED = 100
"""Longest seed text of a table's games."""

Progress = Callable[[int, int], None]


def net_bot(name: str) -> NeuralBot:
    """A trigammon net of the package at 0-ply, bear-off races rated from the database."""
    return NeuralBot(evaluator=NeuralEvaluator(name))


def old_net_bot() -> NeuralBot:
    """trigammon-v1 at 0-ply, bear-off races rated from the bear-off database."""
    return net_bot(OLD_NET)


def net_tables() -> list[str]:
    """The trigammon nets of the package, each a table of two of it."""
    return [name for name in shipped_names() if name.startswith("trigammon-")]


def opponents(table: str) -> list[tuple[Bot, Bot]]:
    """The seatings of a table: the two opponents, in seat order (one seating, or two
    for the mixed table)."""
    chosen = _checked_table(table)
    if chosen == "heuristic":
        return [(HeuristicBot(), HeuristicBot())]
    if chosen == "mixed":
        return [(HeuristicBot(), old_net_bot()), (old_net_bot(), HeuristicBot())]
    return [(net_bot(chosen), net_bot(chosen))]


def _checked_table(table: object) -> str:
    if isinstance(table, str) and (table in TABLES or table in net_tables()):
        return table
    raise ValueError(
        _(
            "unknown table {table}: use one of {tables}, or a trigammon net of the package ({nets})"
        ).format(table=quote(table), tables=", ".join(TABLES), nets=", ".join(net_tables()))
    )


@dataclass(frozen=True)
class TableResult:
    """The bot's result at one table."""

    table: str
    result: MatchResult
    cancelled: bool = False

    @property
    def games(self) -> int:
        return self.result.games

    @property
    def win_rate(self) -> float:
        return self.result.rate

    @property
    def win_interval(self) -> tuple[float, float]:
        """95% Wilson interval of the win rate."""
        return wilson(self.result.wins, self.result.games)

    @property
    def points(self) -> float:
        """Points per game."""
        return self.result.points_per_game

    @property
    def points_interval(self) -> tuple[float, float]:
        """95% normal interval of the points per game."""
        return self.result.points_interval()

    def __str__(self) -> str:
        low, high = self.win_interval
        p_low, p_high = self.points_interval
        return (
            f"vs {self.table}: won {self.result.wins:,} of {self.games:,} = {self.win_rate:.1%} "
            f"[{low:.1%}, {high:.1%}], {self.points:+.3f} points/game "
            f"[{p_low:+.3f}, {p_high:+.3f}]" + (" (cancelled)" if self.cancelled else "")
        )


@dataclass(frozen=True)
class _Task:
    bot: Bot
    others: tuple[Bot, Bot]
    games: range
    seed: str


def _play(task: _Task, cancel: threading.Event | None = None) -> MatchResult:
    return play_match(TRIGAMMON, task.bot, list(task.others), task.games, task.seed, cancel)


def play_table(
    bot: Bot,
    table: str,
    games: int,
    *,
    seed: str | int = "benchmark",
    executor: Executor | None = None,
    workers: int | None = None,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
) -> TableResult:
    """``games`` games of ``bot`` at ``table`` (``TABLES``); ``progress(done, total)``
    as games come back; once ``cancel`` is set, the games finished so far.

    The games run on ``executor``, or a pool of ``workers`` processes, or here
    (``parallel.runner``); a bot of a class defined in ``__main__`` plays here unless
    an executor is given. Every argument is checked before a game starts.

    A cancel here stops the table before the bot's next choice (and between games):
    it waits at most for the choice under way, so a bot's time per choice bounds it; a
    bot that never returns from a choice holds the table, as Python cannot interrupt
    it. On an executor the call returns at once (within 0.1 s) and the tasks under way
    are the executor's: their games are dropped (SECURITY.md).
    """
    check_bot(bot)
    _checked_table(table)
    if isinstance(seed, bool) or not isinstance(seed, str | int) or len(str(seed)) > MAX_SEED:
        raise ValueError(
            _(
                "seed must be a whole number or a text of at most {count} characters, not {seed}"
            ).format(count=MAX_SEED, seed=quote(seed))
        )
    check_controls(progress, cancel)
    portable = executor is not None or type(bot).__module__ != "__main__"
    where = runner(executor, workers, portable)
    seatings = opponents(table)
    least = len(seatings)
    if isinstance(games, bool) or not isinstance(games, int) or not least <= games <= MAX_GAMES:
        raise ValueError(
            _("games must be a whole number from {least} to {most}, not {games}").format(
                least=least, most=f"{MAX_GAMES:,}", games=quote(games)
            )
        )
    share = games // len(seatings)

    def tasks() -> Iterator[_Task]:
        for k, others in enumerate(seatings):
            label = f"{seed}:{table}" if len(seatings) == 1 else f"{seed}:{table}:{k}"
            count = share if k < len(seatings) - 1 else games - share * k
            for first in range(0, count, CHUNK):
                yield _Task(bot, others, range(first, min(first + CHUNK, count)), label)

    total = [MatchResult(0, 0, 0.0, 0.0)]

    def done(task: _Task, result: MatchResult) -> None:
        total[0] += result
        if progress is not None:
            progress(total[0].games, games)

    cancelled = run(_play, tasks(), where, done, cancel, here=_play)
    return TableResult(table, total[0], cancelled)


# --- reference positions ----------------------------------------------------------


@dataclass(frozen=True)
class Reference:
    """A position with its roll, and the rollouts of the plays it was judged by.

    ``equities`` maps each rolled-out play (notation) to the mover's equity after it
    (cubeless money points, R13) over ``games_per_play`` games; ``reference`` is the
    best of them, ``margin`` its lead over the runner-up, ``margin_se`` that lead's
    standard error and ``z`` their ratio.
    """

    position: Position
    phase: str
    reference: str
    equities: dict[str, float]
    games_per_play: int
    margin: float
    margin_se: float
    z: float

    def agrees(self, play: Play) -> bool:
        """Whether ``play`` leaves the position the reference play leaves."""
        position = self.position
        return position.play(play) == position.play(self.reference)

    def loss(self, play: Play) -> float | None:
        """The equity ``play`` gives up against the reference play, if it was rolled
        out (0 for the reference play itself)."""
        after = self.position.play(play)
        for notation, equity in self.equities.items():
            if self.position.play(notation) == after:
                return self.equities[self.reference] - equity
        return None


def reference_path() -> Path:
    """The reference file in the package's sources (``scripts/make_reference.py``)."""
    return Path(__file__).parents[1] / "tables" / REFERENCE_FILE


@cache
def _reference_data() -> dict[str, Any]:
    source = DATA.joinpath("tables", REFERENCE_FILE)
    data: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    return data


def references() -> tuple[Reference, ...]:
    """The reference positions, as shipped."""
    return tuple(
        Reference(
            Position.from_id(entry["id"]),
            entry["phase"],
            entry["reference"],
            {p["play"]: p["equity"] for p in entry["plays"]},
            entry["games_per_play"],
            entry["margin"],
            entry["margin_se"],
            entry["z"],
        )
        for entry in _reference_data()["positions"]
    )


def how_made() -> dict[str, Any]:
    """How the reference positions were made (the file's record)."""
    made: dict[str, Any] = _reference_data()["made"]
    return made


@dataclass(frozen=True)
class ReferenceScore:
    """A bot's plays in the reference positions.

    ``agreed`` of ``total`` plays were the reference play; ``lost`` adds up the
    equity given up by the plays that were rolled out (``Reference.loss``) and
    ``unrolled`` counts the plays that were not (none of the shortlist).
    ``by_phase`` gives (agreed, total) per phase.
    """

    agreed: int
    total: int
    lost: float
    unrolled: int
    by_phase: dict[str, tuple[int, int]]

    @property
    def rate(self) -> float:
        return self.agreed / self.total if self.total else 0.0

    @property
    def mean_loss(self) -> float:
        """The equity given up per position, over the plays that were rolled out."""
        rolled = self.total - self.unrolled
        return self.lost / rolled if rolled else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.agreed, self.total)

    def __str__(self) -> str:
        low, high = self.interval
        phases = ", ".join(f"{name} {a}/{t}" for name, (a, t) in self.by_phase.items())
        return (
            f"reference plays: {self.agreed} of {self.total} = {self.rate:.0%} "
            f"[{low:.0%}, {high:.0%}] ({phases}); equity lost {self.mean_loss:.3f} a position, "
            f"{self.unrolled} plays off the shortlist"
        )


def score_references(bot: Bot, positions: Sequence[Reference] | None = None) -> ReferenceScore:
    """``bot``'s play in each reference position (``positions``: some of
    ``references()``), against the reference play."""
    check_bot(bot)
    if positions is not None and (
        not isinstance(positions, list | tuple)
        or not all(isinstance(p, Reference) for p in positions)
    ):
        raise ValueError(
            _("positions must be None or a list of reference positions, not {value}").format(
                value=quote(positions)
            )
        )
    chosen = references() if positions is None else positions
    agreed = unrolled = 0
    lost = 0.0
    by_phase: dict[str, tuple[int, int]] = {}
    for reference in chosen:
        play = bot.choose(reference.position)
        hit = reference.agrees(play)
        loss = reference.loss(play)
        agreed += hit
        if loss is None:
            unrolled += 1
        else:
            lost += loss
        a, t = by_phase.get(reference.phase, (0, 0))
        by_phase[reference.phase] = (a + hit, t + 1)
    return ReferenceScore(agreed, len(chosen), lost, unrolled, by_phase)
