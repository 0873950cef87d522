"""Rollouts of bots' games: exact ends, races, intervals, seeds, workers, progress,
cancel. (The evaluator's rollouts in equity, and hints by them: test_equity_rollout.)"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import pytest

from trigammon_widget.engine import CLASSIC, TRIGAMMON, Play, Position
from trigammon_widget.judgement.play.bots import RandomBot
from trigammon_widget.judgement.play.rollout import race_estimate, rollout, wilson

# X (player 0) to move, its last checker on its 1-point: any roll wins, a gammon as O
# has borne nothing off (and is out of X's home: no backgammon).
LAST_CHECKER = Position.build(CLASSIC, {0: {24: 1}, 1: {7: 15}})
# A race: X has 15 checkers in its home (about 50 pips), O about 230 pips, no contact.
BIG_LEAD = Position.build(CLASSIC, {0: {22: 5, 23: 5, 24: 5}, 1: {7: 5, 8: 5, 10: 5}}, turn=1)


def test_a_won_position_rolls_out_to_exactly_one_and_zero() -> None:
    result = rollout(LAST_CHECKER, games=40, seed=1, workers=1)
    assert result.wins == (1.0, 0.0)
    assert result.gammon_wins == (1.0, 0.0)  # O never bore a checker off
    assert result.backgammon_losses == (0.0, 0.0)
    low, high = result.intervals[0]
    assert low > 0.9 and high == 1.0
    over = Position.build(TRIGAMMON, {1: {5: 15}, 2: {36: 2}})
    finished = rollout(over, games=10, seed=1, workers=1)
    assert finished.wins == (1.0, 0.0, 0.0)
    assert finished.mean_turns == 0


def test_a_huge_race_lead_wins() -> None:
    result = rollout(BIG_LEAD, games=100, seed=2, workers=1)
    assert result.mover == 1
    assert result.wins[0] > 0.9
    assert result.win == result.wins[1] < 0.1


def test_intervals_contain_the_estimate_and_shrink() -> None:
    start = Position.start(CLASSIC)
    small = rollout(start, games=40, seed=3, workers=1, truncate=8)
    large = rollout(start, games=400, seed=3, workers=1, truncate=8)
    for result in (small, large):
        assert result.games == result.truncated
        assert sum(result.wins) == pytest.approx(1.0)
        for win, (low, high) in zip(result.wins, result.intervals, strict=True):
            assert 0.0 <= low <= win <= high <= 1.0
    width = [high - low for low, high in (small.interval, large.interval)]
    assert width[1] < width[0] / 2


def test_wilson_interval() -> None:
    low, high = wilson(0, 100)
    assert low == 0.0 and high == pytest.approx(0.037, abs=0.001)
    low, high = wilson(50, 100)  # the normal interval would be 0.402..0.598
    assert low == pytest.approx(0.404, abs=0.001) and high == pytest.approx(0.596, abs=0.001)
    assert wilson(0, 0) == (0.0, 1.0)


def test_race_estimate_favours_the_leader() -> None:
    shares = race_estimate(BIG_LEAD)
    assert shares[0] > 0.95 and sum(shares) == pytest.approx(1.0)
    even = race_estimate(Position.start(TRIGAMMON))
    assert even[0] > even[1] > even[2]  # player 0 moves first, player 2 last


def test_rollouts_repeat_by_seed_and_do_not_depend_on_workers() -> None:
    start = Position.start(TRIGAMMON)
    kwargs = {"games": 24, "seed": 5, "truncate": 30, "chunk": 5}
    one = rollout(start, workers=1, **kwargs)  # type: ignore[arg-type]
    two = rollout(start, workers=2, **kwargs)  # type: ignore[arg-type]
    assert one == two
    assert one.wins != rollout(start, workers=1, games=24, seed=6, truncate=30).wins
    assert rollout(start, dice=(6, 6), workers=1, **kwargs).wins != one.wins  # type: ignore[arg-type]


def test_progress_counts_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    for workers in (1, 2):
        seen.clear()
        rollout(
            Position.start(CLASSIC),
            games=50,
            seed=1,
            workers=workers,
            truncate=5,
            chunk=10,
            progress=lambda done, total: seen.append((done, total)),
        )
        assert [done for done, _ in seen] == [10, 20, 30, 40, 50]
        assert {total for _, total in seen} == {50}


@pytest.mark.parametrize("workers", [1, 2])
def test_cancel_stops_early_with_a_partial_result(workers: int) -> None:
    cancel = threading.Event()

    def progress(done: int, total: int) -> None:
        cancel.set()

    result = rollout(
        Position.start(TRIGAMMON),
        games=400,
        seed=1,
        workers=workers,
        truncate=10,
        chunk=10,
        progress=progress,
        cancel=cancel,
    )
    assert result.cancelled
    assert 10 <= result.games < 400
    assert sum(result.wins) == pytest.approx(1.0)
    already = rollout(Position.start(CLASSIC), games=10, seed=1, workers=workers, cancel=cancel)
    assert already.cancelled and already.games == 0


def test_random_bots_roll_out_reproducibly() -> None:
    kwargs = {"games": 20, "seed": 9, "truncate": 20, "bot": RandomBot()}
    first = rollout(Position.start(CLASSIC), workers=1, **kwargs)  # type: ignore[arg-type]
    assert first == rollout(Position.start(CLASSIC), workers=2, **kwargs)  # type: ignore[arg-type]


def test_bad_arguments_are_named() -> None:
    start = Position.start(CLASSIC)
    for games in (0, 1.5, True, "10", 10**8):
        with pytest.raises(ValueError, match=r"games must be a whole number 1\.\.10,000,000"):
            rollout(start, games=games)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="workers must be None or a whole number"):
        rollout(start, games=1, workers=0)
    with pytest.raises(ValueError, match=r"executor must be a concurrent\.futures\.Executor"):
        rollout(start, games=1, executor="dask")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="truncate"):
        rollout(start, games=1, truncate=-1)
    with pytest.raises(ValueError, match="rollout needs a Position"):
        rollout("start", games=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="needs 2 bots"):
        rollout(start, bot=[RandomBot()], games=1, workers=1)


def test_bots_defined_in_main_roll_out_in_process() -> None:
    """A notebook's bot class cannot be rebuilt in a spawned worker: run it here."""

    class FirstPlay:
        def choose(self, position: Position) -> Play:
            return next(iter(position.legal_plays()))

    FirstPlay.__module__ = "__main__"
    kwargs = {"games": 6, "seed": 1, "truncate": 10, "bot": FirstPlay(), "chunk": 2}
    two = rollout(Position.start(CLASSIC), workers=2, **kwargs)  # type: ignore[arg-type]
    assert two == rollout(Position.start(CLASSIC), workers=1, **kwargs)  # type: ignore[arg-type]


# --- where the games run ------------------------------------------------------------------


def test_any_executor_gives_the_same_numbers() -> None:
    start = Position.start(TRIGAMMON)
    kwargs = {"games": 12, "seed": 4, "truncate": 20, "chunk": 3}
    here = rollout(start, workers=1, **kwargs)  # type: ignore[arg-type]
    with ThreadPoolExecutor(max_workers=3) as executor:
        threads = rollout(start, executor=executor, **kwargs)  # type: ignore[arg-type]
    assert threads == here


def test_a_dask_cluster_carries_a_rollout() -> None:
    distributed = pytest.importorskip("distributed")
    start = Position.start(CLASSIC)
    kwargs = {"games": 8, "seed": 7, "truncate": 12, "chunk": 2}
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = rollout(start, executor=client.get_executor(), **kwargs)  # type: ignore[arg-type]
    assert on_dask == rollout(start, workers=1, **kwargs)  # type: ignore[arg-type]


def test_a_huge_rollout_is_made_chunk_by_chunk() -> None:
    """Chunks are made as they are submitted: asking for millions of games costs
    nothing until they are played, and a cancelled run stops at once."""
    cancel = threading.Event()
    cancel.set()
    result = rollout(Position.start(CLASSIC), games=10_000_000, workers=2, cancel=cancel)
    assert result.cancelled and result.games == 0


def test_a_dead_worker_pool_is_replaced() -> None:
    start = Position.start(CLASSIC)
    with pytest.raises(BrokenProcessPool):
        rollout(start, games=4, workers=2, chunk=1, bot=_Crash())
    again = rollout(start, games=4, workers=2, seed=1, truncate=4, chunk=2)
    assert again.games == 4


class _Crash:
    """A bot whose worker process dies: the pool breaks."""

    def choose(self, position: Position) -> Play:
        os._exit(3)
