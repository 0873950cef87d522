"""Where work runs (``judgement.play.parallel``): small work here, a pool only when asked for
or for large work, from plain scripts and standard input too; a cancel returns at once
whatever the executor does; games that can never end are refused or stopped."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
import threading
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import trigammon_widget.engine.position as position_module
from tests.paths import ROOT
from tests.waiting import PATIENCE
from trigammon_widget.engine import CLASSIC, TRIGAMMON, Game, InvalidPositionError, Position
from trigammon_widget.engine.fastplay import boards_of, play_out, table_for
from trigammon_widget.judgement.play import parallel
from trigammon_widget.judgement.play.bot_games import autoplay, chooser
from trigammon_widget.judgement.play.bots import HeuristicBot, NeuralBot, RandomBot
from trigammon_widget.judgement.play.equity_rollout import roll_out
from trigammon_widget.judgement.play.rollout import rollout

SOURCE = ROOT / "src"

# Both players on the bar against closed boards (the red team's ID): each has one
# checker on the bar and two on each of its path positions 18..24.
CLOSED = (1, *(0,) * 17, *(2,) * 7, 0)
CLOSED_OUT = Position(CLASSIC, (CLOSED, CLOSED))


def run_script(script: str, tmp_path: Path, *, stdin: bool = False) -> str:
    """``script`` run as a plain program without a main guard: from a file, or read
    from standard input (``python - < script.py``); its output."""
    path = tmp_path / "plain.py"
    path.write_text(textwrap.dedent(script), encoding="utf-8")
    environment = {**os.environ, "PYTHONPATH": str(SOURCE)}
    command = [sys.executable, "-" if stdin else str(path)]
    with path.open(encoding="utf-8") as source:
        done = subprocess.run(
            command,
            stdin=source if stdin else subprocess.DEVNULL,
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env=environment,
            timeout=PATIENCE,
        )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    return done.stdout


SMALL = """
import multiprocessing
from trigammon_widget import CLASSIC, Game, HeuristicBot, RandomBot, autoplay
from trigammon_widget.judgement.play import parallel
from trigammon_widget.judgement.analysis import analyse

game = Game(CLASSIC, seed=4, names=["Ann", "Bo"])
autoplay(game, [HeuristicBot(), RandomBot(4)])
report = analyse(game)  # default workers: a game's analysis is small work
print(len(report.turns) == sum(1 for _ in game.turns if hasattr(_, "play")))
print(not parallel._POOLS and not multiprocessing.active_children())
"""


@pytest.mark.parametrize("stdin", [False, True], ids=["script", "stdin"])
def test_small_work_runs_here_from_a_plain_script(tmp_path: Path, stdin: bool) -> None:
    """Found by the red team: ``analyse(game)`` from a script without a main guard raised
    RuntimeError (bootstrapping) and BrokenProcessPool, and from standard input the
    workers died with FileNotFoundError '<stdin>'; nothing needed a pool."""
    assert run_script(SMALL, tmp_path, stdin=stdin).split() == ["True", "True"]


POOL = """
import multiprocessing
from trigammon_widget import CLASSIC, Position
from trigammon_widget.judgement.play import parallel
from trigammon_widget.judgement.play.rollout import rollout

print("the script's body runs once")
start = Position.start(CLASSIC)
pooled = rollout(start, games=96, workers=2, seed=5, truncate=20)
assert parallel._POOLS, "workers=2 asked for the pool"
here = rollout(start, games=96, workers=1, seed=5, truncate=20)
print(pooled.wins == here.wins and pooled.games == 96)
"""


@pytest.mark.parametrize("stdin", [False, True], ids=["script", "stdin"])
def test_the_pool_works_from_a_plain_script(tmp_path: Path, stdin: bool) -> None:
    """Asked for (``workers=2``), the pool runs a plain script's work and gives the
    numbers of one process; its workers never run the script again."""
    out = run_script(POOL, tmp_path, stdin=stdin).splitlines()
    assert out == ["the script's body runs once", "True"]


def test_large_work_goes_to_the_pool_and_small_work_stays() -> None:
    assert parallel.runner(None, None, seconds=0.5) is None
    where = parallel.runner(None, None, seconds=parallel.POOL_FROM)
    assert where is not None or (os.cpu_count() or 1) == 1
    assert parallel.runner(None, 1, seconds=100) is None
    assert parallel.runner(None, None, portable=False, seconds=100) is None


class Stalled(Executor):
    """An executor that takes every task and never runs one; ``taken`` is set once it
    has a task."""

    def __init__(self) -> None:
        self.futures: list[Future[Any]] = []
        self.taken = threading.Event()

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_running_or_notify_cancel()  # taken, and so past cancelling
        self.futures.append(future)
        self.taken.set()
        return future


def test_a_cancel_returns_at_once_from_an_executor_that_never_runs_its_tasks() -> None:
    """Found by the red team: with an executor that never runs its futures, a rollout
    never returned after cancel."""
    stop = threading.Event()
    found: list[Any] = []
    stalled = Stalled()
    worker = threading.Thread(
        target=lambda: found.append(
            rollout(Position.start(CLASSIC), games=100, executor=stalled, cancel=stop)
        ),
        daemon=True,
    )
    worker.start()
    assert stalled.taken.wait(PATIENCE)  # the rollout is under way, its tasks stalled
    stop.set()
    worker.join(PATIENCE)
    assert not worker.is_alive(), "the rollout did not return after cancel"
    assert found[0].cancelled and found[0].games == 0


def test_a_mutual_closeout_is_refused_as_a_set_up() -> None:
    """Found by the red team: both players on the bar against closed boards (ID
    ``C1ABAAA2220AADbbbA``) was accepted as a set-up; ``rollout`` never returned, even
    after Cancel, and ``autoplay`` appended passes forever."""
    assert CLOSED_OUT.frozen and not Position.start(TRIGAMMON).frozen
    assert CLOSED_OUT.id == "C1ABAAA2220AADbbbA"
    with pytest.raises(InvalidPositionError, match="could never end"):
        Game(start=CLOSED_OUT)
    with pytest.raises(ValueError, match="could never end"):
        Position.from_id(CLOSED_OUT.id)
    with pytest.raises(ValueError, match="would never end"):
        rollout(CLOSED_OUT, games=10, workers=1)
    with pytest.raises(ValueError, match="would never end"):
        roll_out([CLOSED_OUT], workers=1)


def test_games_that_reach_a_frozen_position_stop() -> None:
    """Bot-only games and ``autoplay`` stop after a round of passes where nobody can move
    again, rather than pass forever."""
    rng = random.Random(1)
    choosers = [chooser(HeuristicBot(), CLASSIC)] * 2
    boards = boards_of(CLOSED_OUT)
    turn, played = play_out(CLASSIC, boards, 0, None, choosers, rng)
    assert turn == 1
    assert played == 1 and boards == boards_of(CLOSED_OUT)  # the second pass shows it
    result = rollout(Position.start(CLASSIC), games=5, workers=1, seed=1)
    assert result.games == 5 and result.truncated == 0


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "pure"])
@pytest.mark.parametrize("bot", [RandomBot(1), NeuralBot()], ids=["random", "neural"])
def test_the_compiled_table_stops_at_a_frozen_position_too(
    fast_path: Any, compiled: bool, bot: RandomBot | NeuralBot
) -> None:
    """The compiled table (``RandomBot`` and ``NeuralBot`` have compiled forms) says a
    pass as the lists do."""
    choosers = [chooser(bot, CLASSIC)] * 2
    boards = boards_of(CLOSED_OUT)
    with fast_path(compiled):
        assert type(table_for(CLASSIC, boards, choosers)).__module__.endswith(
            "compiled" if compiled else "fastplay"
        )
        turn, played = play_out(CLASSIC, boards, 0, None, choosers, random.Random(1))
    assert (turn, played) == (1, 1) and boards == boards_of(CLOSED_OUT)


def test_autoplay_stops_where_nobody_can_move(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(position_module, "check_reachable", lambda position: position)
    monkeypatch.setattr("trigammon_widget.engine.game.check_reachable", lambda p: p)
    game = Game(start=CLOSED_OUT)
    made = autoplay(game, [HeuristicBot(), HeuristicBot()])
    assert len(made) == 2 and not any(turn.play.moves for turn in made)  # type: ignore[union-attr]


def test_a_command_lines_executor_is_a_spawned_pool_without_a_cluster() -> None:
    executor = parallel.command_line_executor(1)
    try:
        assert isinstance(executor, ProcessPoolExecutor)
        assert executor.submit(pow, 2, 10).result() == 1024
    finally:
        executor.shutdown()
