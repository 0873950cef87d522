"""Rollouts in equity: the luck taken out leaves the mean where it was, the dice are
common to every position, the paired errors, the stopping rule, seeds, workers,
cancelling, and the compiled path against the pure one."""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest

from trigammon_widget.engine import CLASSIC, TRIGAMMON, Position
from trigammon_widget.engine.fastplay import Boards, TurnView, has_won
from trigammon_widget.engine.variant import Variant
from trigammon_widget.judgement.evaluation import (
    ROLLS,
    Evaluator,
    NeuralEvaluator,
    find_evaluator,
    roll_table,
)
from trigammon_widget.judgement.evaluation import hints as evaluator_hints
from trigammon_widget.judgement.outcome_vectors import equities_of, equity_matrix
from trigammon_widget.judgement.play.equity_rollout import (
    MIN_TRIALS,
    TIMED_TRIALS,
    candidates_of,
    hints,
    roll_out,
    t95,
    trial,
)

WEIGHTS = [(1 if a == b else 2) / 36 for a, b in ROLLS]

# Small races, every checker home: a classic one of four checkers a side and a trigammon
# one of three each. Rated by the net (``races=False``), not the exact bear-off tables,
# the evaluator is not consistent from one roll to the next: the luck it takes out
# leaves a variance, and its best plays a value only enumeration gives.
CLASSIC_RACE = Position.build(CLASSIC, {0: {20: 2, 22: 2}, 1: {21: 2, 23: 2}})
TRIGAMMON_RACE = Position.build(
    TRIGAMMON, {0: {34: 2, 35: 1}, 1: {33: 1, 36: 2}, 2: {32: 1, 34: 2}}
)
NET_ON_RACES = NeuralEvaluator(races=False)


def enumerated(
    evaluator: Evaluator,
    variant: Variant,
    boards: Sequence[Sequence[int]],
    turn: int,
    depth: int | None,
) -> np.ndarray[Any, np.dtype[np.float64]]:
    """The expected outcome vector of the evaluator's own play from a position before
    ``turn`` rolls, every roll enumerated (``depth`` turns, then the 0-ply rating; None:
    to the end): what a rollout's mean converges to, worked out without it."""
    memo: dict[tuple[object, ...], np.ndarray[Any, np.dtype[np.float64]]] = {}

    def value(boards: Boards, turn: int, left: int | None) -> np.ndarray[Any, np.dtype[np.float64]]:
        key = (tuple(map(tuple, boards)), turn, left)
        if key in memo:
            return memo[key]
        column = equity_matrix(variant.players)[:, turn]
        total = np.zeros(equity_matrix(variant.players).shape[0])
        for weight, dice in zip(WEIGHTS, ROLLS, strict=True):
            view = TurnView(variant, boards, turn, dice)
            keys = list(view.leaves())
            vectors = evaluator.after_plays(view, keys)
            best = int(equities_of(vectors, column).argmax())
            after = view.boards_after(keys[best])
            if has_won(after[turn]) or left == 1:
                total += weight * vectors[best]
            else:
                following = variant.next_player(turn)
                total += weight * value(after, following, None if left is None else left - 1)
        memo[key] = total
        return total

    return value([list(b) for b in boards], turn, depth)


@pytest.mark.parametrize("reduced", [True, False], ids=["luck taken out", "plain"])
@pytest.mark.parametrize("start", [CLASSIC_RACE, TRIGAMMON_RACE], ids=["classic", "trigammon"])
def test_whole_games_converge_to_the_enumerated_value(start: Position, reduced: bool) -> None:
    exact = enumerated(NET_ON_RACES, start.variant, start.boards, start.turn, None)
    games = 200 if reduced else 400  # plain trials are cheaper, and vary more
    found = roll_out(
        [start],
        evaluator=NET_ON_RACES,
        games=games,
        precision=0,
        reduced=reduced,
        seed=1,
        workers=1,
    )
    estimate = found.estimates[0]
    assert found.stopped == "games" and found.trials == games and found.truncate is None
    players = start.variant.players
    equities = exact @ equity_matrix(players)
    for p in range(players):
        assert abs(estimate.wins[p] - exact[p]) <= 4 * estimate.win_errors[p] + 1e-9
        assert abs(estimate.equities[p] - equities[p]) <= 4 * estimate.equity_errors[p] + 1e-9


def test_the_luck_taken_out_narrows_the_error() -> None:
    kwargs: dict[str, Any] = {"evaluator": NET_ON_RACES, "games": 200, "precision": 0, "seed": 2}
    reduced = roll_out([CLASSIC_RACE], workers=1, **kwargs).estimates[0]
    plain = roll_out([CLASSIC_RACE], workers=1, reduced=False, **kwargs).estimates[0]
    assert max(reduced.equity_errors) < max(plain.equity_errors) / 3


def test_an_exactly_rated_race_has_no_luck_left() -> None:
    """With the bear-off tables' exact ratings the evaluator is consistent: every
    trial's result is the position's value, with no error at all."""
    exact = NeuralEvaluator()  # small races solved exactly
    found = roll_out([CLASSIC_RACE], evaluator=exact, games=40, workers=1, seed=3)
    estimate = found.estimates[0]
    value = enumerated(exact, CLASSIC, CLASSIC_RACE.boards, 0, None)
    assert estimate.wins[0] == pytest.approx(value[0], abs=1e-6)
    assert max(estimate.equity_errors) < 1e-6
    assert found.stopped == "precise" and found.trials == MIN_TRIALS


def test_a_truncated_rollout_converges_to_its_enumerated_value() -> None:
    """Cut after two turns, a trial is the net's rating two rolls on: from the opening
    3-1's best play, every pair of rolls enumerated."""
    start = Position.start(CLASSIC).with_dice(3, 1)
    after = start.play(evaluator_hints(start)[0].play)
    evaluator = find_evaluator()
    exact = enumerated(evaluator, CLASSIC, after.boards, after.turn, 2)
    found = roll_out([after], player=0, games=300, truncate=2, precision=0, seed=4, workers=1)
    estimate = found.estimates[0]
    assert (
        abs(estimate.equities[0] - exact @ equity_matrix(2)[:, 0]) <= 4 * estimate.equity_errors[0]
    )
    # One turn: no dice left to sample, the position's 1-ply rating exactly.
    one = roll_out([after], games=40, truncate=1, seed=4, workers=1).estimates[0]
    table = roll_table(evaluator, CLASSIC, [list(b) for b in after.boards], after.turn)
    assert one.wins == pytest.approx(tuple(table.mean[:2]), abs=1e-9)
    assert max(one.equity_errors) < 1e-9


def test_every_position_meets_the_same_dice() -> None:
    """Common random numbers: a position rolled out twice beside itself gives the same
    trials, so their paired difference, and its error, are nil."""
    start = Position.start(TRIGAMMON).with_dice(6, 5)
    after = start.play(evaluator_hints(start)[0].play)
    found = roll_out([after, after], games=12, truncate=4, precision=0, seed=5, workers=1)
    assert found.estimates[0] == found.estimates[1]
    assert found.gap(0, 1) == (0.0, 0.0)


def test_the_gaps_error_is_that_of_the_paired_differences() -> None:
    start = Position.start(CLASSIC).with_dice(4, 4)
    ranked = evaluator_hints(start)[:3]
    afters = [start.play(hint.play) for hint in ranked]
    found = roll_out(afters, player=0, games=10, truncate=3, precision=0, seed="p", workers=1)
    evaluator = find_evaluator()
    column = equity_matrix(2)[:, 0]
    rows = np.array(
        [
            [trial(evaluator, after, random.Random(f"p:{i}"), 3) @ column for after in afters]
            for i in range(10)
        ]
    )
    for a in range(3):
        assert found.equity(a) == pytest.approx(rows[:, a].mean(), abs=1e-9)
        for b in range(3):
            difference, error = found.gap(a, b)
            paired = rows[:, a] - rows[:, b]
            assert difference == pytest.approx(paired.mean(), abs=1e-9)
            assert error == pytest.approx(paired.std(ddof=1) / math.sqrt(10), abs=1e-9)
    assert found.order() == sorted(range(3), key=lambda k: -rows[:, k].mean())


def test_the_rollout_stops_once_precise_or_out_of_games_or_time() -> None:
    start = Position.start(TRIGAMMON).with_dice(6, 5)
    afters = [start.play(hint.play) for hint in evaluator_hints(start)[:2]]
    seen: list[tuple[int, int]] = []
    kwargs: dict[str, Any] = {"truncate": 3, "seed": 6, "workers": 1, "chunk": 4}
    precise = roll_out(afters, precision=0.05, progress=lambda d, t: seen.append((d, t)), **kwargs)
    assert precise.stopped == "precise" and precise.trials == MIN_TRIALS
    best, second = precise.order()
    assert precise.gap(best, second)[1] <= 0.05
    assert [done for done, _ in seen] == list(range(4, MIN_TRIALS + 1, 4))
    assert all(done <= total for done, total in seen)
    spent = roll_out(afters, precision=0, games=10, **kwargs)
    assert spent.stopped == "games" and spent.trials == 10
    timed = roll_out(afters, precision=0, seconds=0, **kwargs)
    assert timed.stopped == "time" and timed.trials == TIMED_TRIALS  # the clock, once shown


def test_intervals_are_students_for_the_trials() -> None:
    assert math.isnan(t95(1)) and t95(2) == 12.706 and t95(13) == 2.179
    assert t95(31) == pytest.approx(2.042, abs=0.001)  # 30 degrees of freedom
    assert t95(101) == pytest.approx(1.984, abs=0.001)
    assert t95(10**6) == pytest.approx(1.960, abs=0.001)


def test_separated_or_too_close_to_call() -> None:
    start = Position.start(CLASSIC).with_dice(3, 1)
    ranked = hints(start, candidates=3, games=64, truncate=2, seed=7, workers=1)
    assert ranked[0].notation == "8/5 6/5" and ranked[0].rollout.separated
    assert [h.equity for h in ranked] == sorted((h.equity for h in ranked), reverse=True)
    assert ranked[0].loss == (0.0, 0.0)
    for hint in ranked:
        assert hint.net.play == hint.play and hint.player == 0
        assert hint.win == hint.estimate.wins[0]
        loss, error = hint.loss
        assert loss == pytest.approx(ranked[0].equity - hint.equity) and error >= 0
    # The same play twice is never told apart from itself.
    after = start.play(ranked[0].play)
    twice = roll_out([after, after], player=0, games=8, truncate=2, seed=7, workers=1)
    assert not twice.separated and twice.stopped == "games"


def test_candidates_are_the_nets_best_within_reach() -> None:
    ranked = evaluator_hints(Position.start(CLASSIC).with_dice(3, 1))
    kept = candidates_of(ranked, 5, 0.16)
    assert len(kept) == 2  # 8/5 6/5 is far ahead: the next best is rolled out beside it
    assert candidates_of(ranked, 5, 10.0) == ranked[:5]
    assert candidates_of(ranked, 1, 0.16) == ranked[:1]
    assert candidates_of([], 5, 0.16) == []
    # The play made, at a turn looked back at, is rolled out however far behind; once.
    worst = ranked[-1]
    assert candidates_of(ranked, 5, 0.16, also=[worst.play]) == [*kept, worst]
    assert candidates_of(ranked, 5, 0.16, also=[kept[1].play]) == kept
    start = Position.start(CLASSIC).with_dice(3, 1)
    for wrong in ("8/5 6/5", [worst.notation], worst.play):
        with pytest.raises(ValueError, match=r"^also: a collection of plays \(Play\)"):
            hints(start, also=wrong, games=4)  # type: ignore[arg-type]


def test_seeds_repeat_and_the_workers_do_not_matter() -> None:
    start = Position.start(TRIGAMMON).with_dice(3, 3)
    afters = [start.play(hint.play) for hint in evaluator_hints(start)[:3]]
    kwargs: dict[str, Any] = {"games": 12, "truncate": 3, "precision": 0, "seed": 8, "chunk": 2}
    here = roll_out(afters, player=2, workers=1, **kwargs)
    assert here == roll_out(afters, player=2, workers=2, **kwargs)
    with ThreadPoolExecutor(max_workers=3) as executor:
        assert here == roll_out(afters, player=2, executor=executor, **kwargs)
    assert (
        here.estimates != roll_out(afters, player=2, workers=1, **{**kwargs, "seed": 9}).estimates
    )


class Reversing(Executor):
    """An executor that runs its tasks in batches of ``batch``, the last first: chunks
    come back out of order, as on a busy machine's pool."""

    def __init__(self, batch: int) -> None:
        self._max_workers = batch // 2  # ``parallel.runner`` keeps twice that in flight
        self.batch = batch
        self.queued: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.queued.append((future, fn, args))
        if len(self.queued) == self.batch:
            for queued, work, given in reversed(self.queued):
                queued.set_result(work(*given))
            self.queued.clear()
        return future


def test_a_precise_stop_is_the_same_checkpoint_whatever_order_chunks_come_back() -> None:
    """Walk 31 read one play 0.242 and 0.224 on a busy machine: a rollout stopped by its
    precision must stop after the same trials however its chunks come back. The chunks
    (2 trials each) come back four at a time, the last first; the stopping rule looks
    after each chunk in order, and takes none after it stops."""
    start = Position.start(CLASSIC).with_dice(6, 5)
    afters = [start.play(hint.play) for hint in evaluator_hints(start)[:4]]
    kwargs: dict[str, Any] = {"games": 64, "truncate": 2, "precision": 0.003, "seed": 6}
    here = roll_out(afters, chunk=2, workers=1, **kwargs)
    assert here.stopped == "precise" and here.trials % 8 != 0  # not a batch's end
    assert roll_out(afters, chunk=2, executor=Reversing(4), **kwargs) == here


@pytest.mark.parametrize("workers", [1, 2])
def test_cancel_returns_the_trials_taken(workers: int) -> None:
    cancel = threading.Event()
    start = Position.start(TRIGAMMON).with_dice(6, 5)
    after = start.play(evaluator_hints(start)[0].play)
    found = roll_out(
        [after],
        games=400,
        truncate=6,
        precision=0,
        seed=1,
        workers=workers,
        chunk=2,
        progress=lambda done, total: cancel.set(),
        cancel=cancel,
    )
    assert found.cancelled and found.stopped == "cancelled"
    assert 2 <= found.trials < 400 and found.trials % 2 == 0
    again = roll_out([after], games=10, seed=1, workers=workers, cancel=cancel)
    assert again.cancelled and again.trials == 0
    assert all(math.isnan(e) for e in again.estimates[0].equity_errors)


@pytest.mark.parametrize(
    "start",
    [Position.start(CLASSIC).with_dice(6, 5), Position.start(TRIGAMMON).with_dice(4, 2)],
    ids=["classic", "trigammon"],
)
def test_the_compiled_path_gives_the_pure_paths_trials(fast_path: Any, start: Position) -> None:
    after = start.play(evaluator_hints(start)[0].play)
    evaluator = find_evaluator()
    trials = {}
    for compiled in (True, False):
        with fast_path(compiled):
            trials[compiled] = [trial(evaluator, after, random.Random(i), 4) for i in range(2)]
    for fast, pure in zip(trials[True], trials[False], strict=True):
        assert fast == pytest.approx(pure, abs=2e-5)


def test_bad_arguments_are_named_and_change_nothing() -> None:
    start = Position.start(CLASSIC)
    with pytest.raises(ValueError, match="non-empty list of positions"):
        roll_out([])
    with pytest.raises(ValueError, match="non-empty list of positions"):
        roll_out(start)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="needs Positions"):
        roll_out(["start"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="of one variant"):
        roll_out([start, Position.start(TRIGAMMON)])
    with pytest.raises(ValueError, match=r"player must be a seat 0\.\.1"):
        roll_out([start], player=2)
    with pytest.raises(ValueError, match=r"games must be a whole number"):
        roll_out([start], games=0)
    with pytest.raises(ValueError, match="truncate"):
        roll_out([start], truncate=0)
    with pytest.raises(ValueError, match="precision must be a number"):
        roll_out([start], precision=-1)
    with pytest.raises(ValueError, match="seconds must be a number"):
        roll_out([start], seconds=float("nan"))
    with pytest.raises(ValueError, match="unknown evaluator"):
        roll_out([start], evaluator="oracle")
    with pytest.raises(ValueError, match="no dice"):
        hints(start)
    with pytest.raises(ValueError, match="candidates must be a whole number"):
        hints(start.with_dice(3, 1), candidates=0)
