"""The classic phase nets' inputs on the compiled fast path (``compiled_classic``): numpy's
values bit for bit and the same phases, on the corpus, on positions from bots' games and
on any legal board; classic-v3's hints and games the same on both paths."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import FastSwitch
from tests.engine.strategies import positions
from trigammon_widget.engine import CLASSIC, Position
from trigammon_widget.engine.corpus import random_positions
from trigammon_widget.engine.fastplay import Boards, boards_of
from trigammon_widget.engine.fastplay import play_game as play_out
from trigammon_widget.judgement.evaluation import NeuralEvaluator, hints
from trigammon_widget.judgement.inputs import classic
from trigammon_widget.judgement.inputs.classic import (
    CRASHED,
    HALF_FEATURES,
    RACE_FEATURES,
)
from trigammon_widget.judgement.nets.phases import PhaseNets, phase_inputs, phases_of
from trigammon_widget.judgement.nets.shipped import load_named
from trigammon_widget.judgement.outcome_vectors import Floats
from trigammon_widget.judgement.play.bot_games import chooser, play_game
from trigammon_widget.judgement.play.bots import HeuristicBot, NeuralBot, RandomBot

Slots = npt.NDArray[np.uint8]

RAW = 202
COLUMNS = {
    "contact": ["raw"] * RAW + [f"{side}.{name}" for side in "01" for name in HALF_FEATURES],
    "race": ["raw"] * RAW + [f"{side}.{name}" for side in "01" for name in RACE_FEATURES],
}
"""Each input's name (the side, 0 to roll, and the feature), to say which ones differ."""


def slots_of(boards: Sequence[Boards], turns: Sequence[int]) -> Slots:
    """Boards in slots, the side to roll first (``PhaseNets.rate``)."""
    return np.array([[b[t], b[1 - t]] for b, t in zip(boards, turns, strict=True)], np.uint8)


def assert_the_same_bits(fast_path: FastSwitch, slots: Slots) -> None:
    """Both phases' inputs of every position (whatever its phase) and the phases, the
    compiled ones equal to numpy's to the last bit."""
    with fast_path(False):
        want = {phase: phase_inputs(phase, slots) for phase in COLUMNS}
        want_phases = phases_of(slots)
    with fast_path(True):
        got = {phase: phase_inputs(phase, slots) for phase in COLUMNS}
        got_phases = phases_of(slots)
    assert got_phases.tolist() == want_phases.tolist()
    for phase, names in COLUMNS.items():
        assert got[phase].dtype == np.float32 and got[phase].shape == (len(slots), len(names))
        differ = got[phase].view(np.uint32) != want[phase].view(np.uint32)
        assert not differ.any(), (
            f"{phase} inputs differ in {differ.any(axis=1).sum()} positions: "
            f"{sorted({names[c] for c in np.flatnonzero(differ.any(axis=0))})}"
        )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_corpus_inputs_are_numpy_s_to_the_bit(fast_path: FastSwitch, seed: int) -> None:
    corpus = random_positions(CLASSIC, 1500, seed)
    slots = slots_of([boards_of(p) for p in corpus], [p.turn for p in corpus])
    assert_the_same_bits(fast_path, slots)
    assert_the_same_bits(fast_path, slots[:, ::-1])  # the other side to roll


def game_positions(bots: list[HeuristicBot | NeuralBot | RandomBot], seed: int) -> list[Boards]:
    """The boards before every roll of a seeded game, and the last ones."""
    seen: list[Boards] = []

    def keep(boards: Boards, turn: int) -> None:
        seen.append([list(b) for b in boards])

    choosers = [chooser(bot, CLASSIC) for bot in bots]
    final, _, _ = play_out(CLASSIC, choosers, random.Random(seed), on_turn=keep)
    return [*seen, [list(b) for b in final]]


def test_positions_from_bots_games_are_numpy_s_to_the_bit(fast_path: FastSwitch) -> None:
    """Bots' self-play reaches what random play rarely does: crashed boards, primes,
    back games, races and bear-offs, checkers on the bar against closed boards."""
    heuristic, neural, random_bot = HeuristicBot(), NeuralBot(), RandomBot()
    lineups: list[list[HeuristicBot | NeuralBot | RandomBot]] = [
        [heuristic, heuristic],
        [neural, neural],
        [neural, random_bot],
        [heuristic, random_bot],
    ]
    seen = [
        b
        for k, bots in enumerate(lineups)
        for seed in range(8)
        for b in game_positions(bots, 10 * k + seed)
    ]
    slots = np.array([[b[0], b[1]] for b in seen], np.uint8)
    slots = np.concatenate((slots, slots[:, ::-1]))
    phases = classic.phases(slots)
    assert set(phases.tolist()) == {
        classic.CONTACT,
        classic.CRASHED,
        classic.RACE,
        classic.OVER,
    }
    in_contact = phases <= CRASHED
    assert (slots[in_contact, 0, 0] >= 2).any()  # several on the bar
    assert (slots[in_contact, 0, 25] > 0).any()  # borne off while still in contact
    assert_the_same_bits(fast_path, slots)


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(positions(CLASSIC, dice=None), min_size=1, max_size=6))
def test_any_legal_boards_inputs_are_numpy_s_to_the_bit(
    fast_path: FastSwitch, drawn: list[Position]
) -> None:
    assert_the_same_bits(
        fast_path, slots_of([boards_of(p) for p in drawn], [p.turn for p in drawn])
    )


def test_the_fast_path_takes_the_compiled_inputs(
    fast_path: FastSwitch, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The phase nets rate with ``compiled_classic`` on the fast path, with ``classic``
    off it: the twins are watched, since their values cannot tell them apart."""
    from trigammon_widget.judgement.inputs import compiled_classic

    called: list[str] = []

    def watched(name: str, twin: compiled_classic.Inputs) -> compiled_classic.Inputs:
        def inputs(slots: Slots) -> Floats:
            called.append(name)
            return twin(slots)

        return inputs

    nets = load_named("classic-v3")
    assert isinstance(nets, PhaseNets)
    for numpy_inputs, twin in list(compiled_classic.TWINS.items()):
        monkeypatch.setitem(compiled_classic.TWINS, numpy_inputs, watched(twin.__name__, twin))
    compiled_phases = compiled_classic.phases

    def phases(slots: Slots) -> npt.NDArray[np.int64]:
        called.append("phases")
        return compiled_phases(slots)

    monkeypatch.setattr(compiled_classic, "phases", phases)
    corpus = random_positions(CLASSIC, 60, seed=4)
    slots = slots_of([boards_of(p) for p in corpus], [p.turn for p in corpus])
    with fast_path(False):
        want = nets.rate_slots(slots)
    assert called == []
    with fast_path(True):
        got = nets.rate_slots(slots)
    assert sorted(set(called)) == ["contact_inputs", "phases", "race_inputs"]
    assert np.array_equal(got, want)


def test_classic_v3_s_hints_are_the_pure_path_s(fast_path: FastSwitch) -> None:
    corpus = [p for p in random_positions(CLASSIC, 80, seed=6) if not p.is_over()]
    found = {}
    for on in (False, True):
        with fast_path(on):
            evaluator = NeuralEvaluator("classic-v3")
            found[on] = [hints(position, evaluator=evaluator) for position in corpus]
    compared = 0
    for pure, compiled in zip(found[False], found[True], strict=True):
        assert [h.play for h in compiled] == [h.play for h in pure]
        for a, b in zip(compiled, pure, strict=True):
            assert a.evaluation.wins == pytest.approx(b.evaluation.wins, abs=1e-6)
            assert a.equity == pytest.approx(b.equity, abs=1e-6)
            compared += 1
    assert compared > 500


def test_classic_v3_s_games_are_the_same_move_for_move(fast_path: FastSwitch) -> None:
    games = {}
    for on in (False, True):
        with fast_path(on):
            bot = NeuralBot(evaluator=NeuralEvaluator("classic-v3"))
            games[on] = [play_game(CLASSIC, [bot, bot], seed=seed) for seed in range(3)]
    for pure, compiled in zip(games[False], games[True], strict=True):
        assert (compiled.turns, compiled.position) == (pure.turns, pure.position)
        assert compiled.outcome == pure.outcome


@pytest.mark.parametrize("width", [24, 25])
def test_a_row_s_float64_sum_goes_in_numpy_s_order(fast_path: FastSwitch, width: int) -> None:
    """``spread`` and ``backbone`` sum a row of float64 terms: in numpy's pairwise order,
    whose last bit a sum from left to right would not have (the float32 stored rarely
    shows it, so it is checked here in float64)."""
    from trigammon_widget.judgement.inputs.compiled_classic import _row_sum

    rows = np.random.default_rng(width).normal(size=(500, width)) ** 3
    want = rows.sum(axis=1)
    got = np.array([_row_sum(row, width) for row in rows])
    assert np.array_equal(got.view(np.uint64), want.view(np.uint64))
    assert not np.array_equal(np.cumsum(rows, axis=1)[:, -1], want)  # the order shows
