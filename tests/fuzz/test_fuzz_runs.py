"""Fuzzing runs (issue 23): degenerate set-ups and executors that misbehave.

Any set-up (players on the bar against closed boards among them) is a game or a
``ValueError``, and a game, a bot's autoplay and a rollout of it end; a rollout on an
executor that never runs its tasks, runs some, runs them slowly or fails them returns
once cancelled (or raises the executor's error). The cancel comes at a drawn task
(counted, not timed), and "returns" is a condition with a ceiling of
``waiting.PATIENCE``: how soon it returns is a benchmark's question
(``benchmarks/bench_limits.py``, cancel), not a test's on a busy machine.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import Executor, Future
from typing import Any

import pytest
from hypothesis import strategies as st

from tests.fuzz.test_fuzz_parsers import fuzz, holds
from tests.waiting import PATIENCE
from trigammon_widget.engine import CLASSIC, TRIGAMMON, Game, Position
from trigammon_widget.judgement.play.bot_games import autoplay
from trigammon_widget.judgement.play.bots import RandomBot
from trigammon_widget.judgement.play.rollout import rollout

EXAMPLES = {"setups": 60, "executors": 25}
"""Inputs per property in a default run."""


@st.composite
def closed_out(draw: st.DrawFn) -> Position | None:
    """A set-up where each player has checkers on the bar and some or all of its entry
    points (its path positions 1..6) are held by other players, two checkers each."""
    variant = draw(st.sampled_from([CLASSIC, TRIGAMMON]))
    players = variant.players
    held: dict[int, dict[int | str, int]] = {p: {} for p in range(players)}
    for player in range(players):
        for entry in range(1, 7):
            if not draw(st.integers(0, 5)):
                continue  # an open point
            point = variant.absolute(player, entry)
            owner = draw(st.sampled_from([p for p in range(players) if p != player]))
            taken = [variant.absolute(p, i) for p in held for i in held[p] if isinstance(i, int)]
            if point in taken:
                continue
            held[owner][variant.path(owner, point)] = 2
    for player in range(players):
        used = sum(held[player].values())
        if used < 15:
            held[player]["bar"] = min(15 - used, draw(st.integers(1, 3)))
    return holds(lambda: Position.build(variant, held, turn=draw(st.integers(0, players - 1))))


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    """The first autoplay and rollout of each variant compile the fast path (over a
    second on a fresh clone, whose compiled cache is empty); the time bound is on the
    runs, not on compiling."""
    for variant in (CLASSIC, TRIGAMMON):
        start = Position.start(variant)
        autoplay(Game(start=start), [RandomBot(1)] * variant.players, max_turns=100)
        rollout(start, games=1, workers=1, seed=1, truncate=200)


def check_setup(position: Position | None) -> None:
    """Found by the red team: both players on the bar against closed boards was
    accepted as a set-up; rollouts never returned and autoplay passed forever."""
    if position is None:
        return
    game = holds(lambda: Game(start=position))
    if game is None:
        return
    made = holds(lambda: autoplay(game, [RandomBot(1)] * position.variant.players, max_turns=100))
    assert made is not None
    result = holds(lambda: rollout(position, games=3, workers=1, seed=1, truncate=200))
    assert result is not None and result.games == 3


test_setups, test_setups_slow = fuzz("setups", closed_out(), check_setup, EXAMPLES["setups"])


class Misbehaving(Executor):
    """An executor that runs the first ``runs`` tasks (after ``delay`` seconds each, in
    a thread), fails them when ``fails``, and takes the rest without running them; it
    sets ``cancel`` as it is handed task number ``cancel_at`` (from 1)."""

    def __init__(
        self, runs: int, delay: float, fails: bool, cancel: threading.Event, cancel_at: int
    ) -> None:
        self.runs, self.delay, self.fails = runs, delay, fails
        self.cancel, self.cancel_at, self.submitted = cancel, cancel_at, 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.submitted += 1
        if self.submitted == self.cancel_at:
            self.cancel.set()
        future: Future[Any] = Future()
        future.set_running_or_notify_cancel()
        if self.runs > 0:
            self.runs -= 1

            def work() -> None:
                time.sleep(self.delay)
                if self.fails:
                    future.set_exception(RuntimeError("the executor failed"))
                else:
                    future.set_result(fn(*args, **kwargs))

            threading.Thread(target=work, daemon=True).start()
        return future


executors = st.tuples(
    st.integers(0, 4), st.sampled_from([0.0, 0.05, 0.3]), st.booleans(), st.integers(0, 4)
)


def check_executor(drawn: tuple[int, float, bool, int]) -> None:
    """Found by the red team: with an executor that never runs its futures, a rollout
    never returned after cancel. (``cancel_at`` 0: cancelled before it starts.)"""
    runs, delay, fails, cancel_at = drawn
    stop = threading.Event()
    if not cancel_at:
        stop.set()
    found: list[Any] = []

    def roll() -> None:
        try:
            found.append(
                rollout(
                    Position.start(CLASSIC),
                    games=40,
                    chunk=4,
                    truncate=20,
                    seed=1,
                    executor=Misbehaving(runs, delay, fails, stop, cancel_at),
                    cancel=stop,
                )
            )
        except RuntimeError as error:
            found.append(error)

    worker = threading.Thread(target=roll, daemon=True)
    worker.start()
    worker.join(PATIENCE)
    assert not worker.is_alive(), "a cancelled rollout did not return"
    (outcome,) = found
    if isinstance(outcome, RuntimeError):
        assert fails and str(outcome) == "the executor failed"
    else:
        assert outcome.cancelled and outcome.games <= 4 * runs


test_executors, test_executors_slow = fuzz(
    "executors", executors, check_executor, EXAMPLES["executors"]
)
