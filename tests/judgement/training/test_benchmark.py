"""The three-player benchmark: tables of seeded games that any bot can sit at (the same
numbers here or on an executor), and reference positions whose reference plays are
legal, best by their rollouts and by a significant margin."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from trigammon_widget.engine import TRIGAMMON, Position
from trigammon_widget.engine.moves import Play
from trigammon_widget.judgement.play.bots import HeuristicBot, NeuralBot, RandomBot
from trigammon_widget.judgement.training import benchmark
from trigammon_widget.judgement.training.benchmark import (
    TABLES,
    Reference,
    net_tables,
    opponents,
    play_table,
    references,
    score_references,
)


class ChooseOnly:
    """A bot with ``choose`` alone, as an outside bot may be."""

    def __init__(self) -> None:
        self.bot = HeuristicBot()

    def choose(self, position: Position) -> Play:
        return self.bot.choose(position)


def test_a_table_is_the_same_games_here_and_on_an_executor() -> None:
    seen: list[tuple[int, int]] = []
    here = play_table(
        RandomBot(), "heuristic", 12, seed="t", workers=1, progress=lambda *a: seen.append(a)
    )
    with ThreadPoolExecutor(2) as pool:
        there = play_table(RandomBot(), "heuristic", 12, seed="t", executor=pool)
    assert here.result == there.result and here.games == 12 and not here.cancelled
    assert seen[-1] == (12, 12) and [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert here.win_rate < 1 / 3  # a random bot against two heuristics
    low, high = here.win_interval
    assert 0 <= low <= here.win_rate <= high <= 1
    p_low, p_high = here.points_interval
    assert p_low <= here.points <= p_high
    assert "vs heuristic: won" in str(here)


def test_any_bot_with_choose_sits_at_the_tables() -> None:
    """A bot without the fast path plays its seats through ``choose``: the same games
    as the heuristic it wraps."""
    wrapped = play_table(ChooseOnly(), "heuristic", 6, seed="c", workers=1)
    plain = play_table(HeuristicBot(), "heuristic", 6, seed="c", workers=1)
    assert wrapped.result == plain.result


def test_the_mixed_table_seats_each_opponent_before_the_bot_as_often() -> None:
    seatings = opponents("mixed")
    assert [tuple(type(b).__name__ for b in s) for s in seatings] == [
        ("HeuristicBot", "NeuralBot"),
        ("NeuralBot", "HeuristicBot"),
    ]
    old = opponents("trigammon-v1")[0]
    assert all(isinstance(b, NeuralBot) for b in old)
    assert isinstance(old[0], NeuralBot)
    assert repr(old[0].evaluator) == "NeuralEvaluator('trigammon-v1')"
    found = play_table(RandomBot(), "mixed", 5, seed="m", workers=1)
    assert found.games == 5
    assert set(TABLES) == {"heuristic", "trigammon-v1", "mixed", "trigammon-v3"}


def test_every_trigammon_net_of_the_package_is_a_table() -> None:
    assert {"trigammon-v1", "trigammon-v2", "trigammon-v3"} <= set(net_tables())
    for name in net_tables():
        seating = opponents(name)
        assert len(seating) == 1
        assert [repr(b.evaluator) for b in seating[0]] == [f"NeuralEvaluator({name!r})"] * 2  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="or a trigammon net of the package"):
        opponents("classic-v5")


def test_bad_tables_and_counts_are_refused_and_cancel_stops() -> None:
    with pytest.raises(ValueError, match="unknown table 'gnubg'"):
        play_table(RandomBot(), "gnubg", 3)
    with pytest.raises(ValueError, match="whole number from 2 to 10,000,000, not 1"):
        play_table(RandomBot(), "mixed", 1)
    stop = threading.Event()
    stop.set()
    stopped = play_table(RandomBot(), "heuristic", 30, workers=1, cancel=stop)
    assert stopped.cancelled and stopped.games == 0


@pytest.fixture(scope="module")
def refs() -> tuple[Reference, ...]:
    return references()


def test_the_reference_positions_are_significant_and_recorded(refs: tuple[Reference, ...]) -> None:
    made = benchmark.how_made()
    assert {"how", "horizon_turns", "games_rolled_out", "positions_tried"} <= set(made)
    assert len(refs) >= 24 and len({r.position for r in refs}) == len(refs)
    assert {r.phase for r in refs} == {"opening", "middle", "late", "bear-off"}
    for ref in refs:
        position = ref.position
        assert position.variant == TRIGAMMON and position.dice is not None
        assert len(position.legal_plays()) >= 3
        for notation in ref.equities:
            position.play(notation)  # every rolled-out play is legal
        best = max(ref.equities.values())
        assert ref.equities[ref.reference] == best
        runner = max(e for p, e in ref.equities.items() if p != ref.reference)
        assert ref.margin == pytest.approx(best - runner, abs=2e-5)
        assert ref.margin > 0 and ref.z >= 3.0
        assert ref.z == pytest.approx(ref.margin / ref.margin_se, rel=0.02)


class Oracle:
    """Plays the reference play (or the runner-up) of each reference position."""

    def __init__(self, refs: tuple[Reference, ...], runner_up: bool = False) -> None:
        self.plays = {}
        for ref in refs:
            order = sorted(ref.equities, key=ref.equities.__getitem__, reverse=True)
            self.plays[ref.position] = order[1 if runner_up else 0]

    def choose(self, position: Position) -> Play:
        return position.parse_play(self.plays[position])


def test_reference_scores_count_agreements_and_losses(refs: tuple[Reference, ...]) -> None:
    best = score_references(Oracle(refs))
    assert best.agreed == best.total == len(refs) and best.lost == 0 and best.unrolled == 0
    worse = score_references(Oracle(refs, runner_up=True))
    assert worse.agreed == 0 and worse.lost == pytest.approx(sum(r.margin for r in refs), abs=1e-3)
    assert sum(t for _, t in worse.by_phase.values()) == len(refs)
    heuristic = score_references(HeuristicBot())
    assert 0 <= heuristic.agreed <= heuristic.total and "reference plays:" in str(heuristic)
