"""The network: fast scoring of a roll's plays equals rating each resulting position,
equities follow R13 scoring, weights files round-trip."""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest

from trigammon_widget.engine import CLASSIC, TRIGAMMON, Position, Variant
from trigammon_widget.engine.corpus import random_positions
from trigammon_widget.engine.fastplay import TurnView, boards_of, play_game
from trigammon_widget.engine.outcome import Outcome
from trigammon_widget.judgement.evaluation import NeuralEvaluator, rate_before_roll
from trigammon_widget.judgement.nets.network import Network
from trigammon_widget.judgement.nets.shipped import (
    DEFAULTS,
    load_named,
    load_shipped,
    network_named,
    shipped_names,
)
from trigammon_widget.judgement.outcome_vectors import equity_matrix, outcome_vector, slot_order
from trigammon_widget.judgement.play.bots import NeuralBot
from trigammon_widget.judgement.training.self_play import initial_network


@pytest.mark.parametrize("variant", [TRIGAMMON, CLASSIC], ids=lambda v: v.name)
def test_plays_scored_fast_are_rated_as_whole_positions(variant: Variant) -> None:
    """``after_plays`` builds the first layer from what each play changes (hits
    included); rating every resulting position from scratch must agree."""
    net = initial_network(variant, 32, seed=1)
    hits = 0
    for position in random_positions(variant, 150, 5):
        assert position.dice is not None
        view = TurnView.of(position)
        keys = list(view.leaves())
        fast = net.after_plays(view, keys)
        follower = variant.next_player(position.turn)
        for key, row in zip(keys, fast, strict=True):
            hits += bool(view.hits(key))
            after = view.boards_after(key)
            if after[position.turn][-1] == 15:
                assert row[position.turn] == 1.0  # a win is sure
                continue
            assert row == pytest.approx(net.rate([after], [follower])[0], abs=1e-5)
    assert hits > 50  # hits (victims' points and bars) were exercised


@pytest.mark.parametrize("variant", [TRIGAMMON, CLASSIC], ids=lambda v: v.name)
def test_a_batch_is_rated_as_its_positions_one_by_one(variant: Variant) -> None:
    """``rate`` puts every row's players in its own slot order (turns mixed)."""
    net = initial_network(variant, 16, seed=4)
    positions = random_positions(variant, 60, 8)
    boards = [boards_of(p) for p in positions]
    turns = [p.turn for p in positions]
    assert len(set(turns)) == variant.players
    together = net.rate(boards, turns)
    for b, t, row in zip(boards, turns, together, strict=True):
        assert np.allclose(net.rate([b], [t])[0], row, atol=1e-6)


def test_equity_is_what_losers_pay_the_winner() -> None:
    """R13: each loser pays 1, 2 or 3; trigammon's winner collects from both."""
    result = Outcome(winner=1, points=(2, 0, 3))
    equities = outcome_vector(result, 3) @ equity_matrix(3)
    assert equities.tolist() == [-2.0, 5.0, -3.0]
    assert (outcome_vector(Outcome(0, (0, 1)), 2) @ equity_matrix(2)).tolist() == [1.0, -1.0]


def test_slots_follow_the_turn_order() -> None:
    assert slot_order(TRIGAMMON, 1) == (1, 2, 0)
    assert slot_order(TRIGAMMON.with_options(turn_order="right"), 1) == (1, 0, 2)
    assert slot_order(CLASSIC, 1) == (1, 0)


def test_weights_files_round_trip(tmp_path: Path) -> None:
    net = initial_network(CLASSIC, 16, seed=2)
    net.save(tmp_path / "net.npz", games=7)
    again = Network.load(tmp_path / "net.npz")
    assert again.meta["games"] == 7 and again.variant == CLASSIC
    for (w, b), (w2, b2) in zip(net.layers, again.layers, strict=True):
        assert np.array_equal(w, w2) and np.array_equal(b, b2)
    with pytest.raises(ValueError, match="202 inputs"):
        Network(CLASSIC, ((np.zeros((5, 3), np.float32), np.zeros(3, np.float32)),))


@pytest.mark.parametrize("name", ["trigammon-v3", "trigammon-v2", "trigammon-v1", "classic-v2"])
def test_shipped_networks_are_small_and_recorded(name: str) -> None:
    net = network_named(name)  # classic-v3 to -v5 are nets by phase: test_phases.py
    assert net.variant.name == name.split("-")[0]
    assert {"method", "games"} <= set(net.meta)
    assert sum(w.nbytes + b.nbytes for w, b in net.layers) < 1_200_000
    net.check(Position.start(net.variant).variant)


def test_each_variant_plays_its_newest_net_by_default() -> None:
    """The defaults are the newest nets; the older ones stay selectable by name."""
    assert DEFAULTS == {"trigammon": "trigammon-v3", "classic": "classic-v5"}
    for variant in (TRIGAMMON, CLASSIC):
        assert load_shipped(variant.name) is load_named(DEFAULTS[variant.name])
    assert {
        "trigammon-v1",
        "trigammon-v2",
        "trigammon-v3",
        "classic-v2",
        "classic-v3",
        "classic-v4",
        "classic-v5",
    } <= set(shipped_names())
    with pytest.raises(ValueError, match="no shipped net for 'hypergammon'"):
        load_shipped("hypergammon")
    with pytest.raises(ValueError, match="the net 'classic-v3' is nets by phase"):
        network_named("classic-v3")


def test_a_net_of_two_hidden_layers_rates_as_by_hand_and_plays() -> None:
    """A deeper net (447 -> 5 -> 3 -> 15) rates a position as a hand computation does:
    Tesauro's units place by place, two ``tanh`` layers, softmax and sigmoids, slots
    back to seats; it scores a roll's plays, looks a roll ahead and plays a game (on
    whichever path is in use: ``test_compiled.py`` beside this file holds the two paths alike)."""
    rng = np.random.default_rng(5)
    shapes = [(447, 5), (5, 3), (3, 15)]
    layers = tuple(
        (
            rng.normal(0, 0.3, shape).astype(np.float32),
            rng.normal(0, 0.3, shape[1]).astype(np.float32),
        )
        for shape in shapes
    )
    net = Network(TRIGAMMON, layers)
    position = next(
        p for p in random_positions(TRIGAMMON, 40, 3) if any(b[0] for b in boards_of(p))
    )
    boards, turn = boards_of(position), position.turn  # a checker on the bar
    order = slot_order(TRIGAMMON, turn)
    inputs: list[float] = []
    for seat in order:
        *places, tray = boards[seat]
        for c in places:
            inputs += [c >= 1, c >= 2, c >= 3, max(c - 3, 0) / 2]
        inputs.append(tray / 15)
    values = [float(x) for x in inputs]
    for k, (w, b) in enumerate(layers):
        sums = [
            sum(values[i] * float(w[i, j]) for i in range(len(values))) + float(b[j])
            for j in range(w.shape[1])
        ]
        values = sums if k == len(layers) - 1 else [math.tanh(z) for z in sums]
    wins = [math.exp(z) for z in values[:3]]
    wins = [p / sum(wins) for p in wins]
    sigmoid = [1 / (1 + math.exp(-z)) for z in values[3:]]
    pairs3 = [(won, lost) for won in range(3) for lost in range(3) if won != lost]
    gammons = [wins[won] * sigmoid[k] for k, (won, _) in enumerate(pairs3)]
    backs = [gammons[k] * sigmoid[6 + k] for k in range(6)]
    by_hand = [0.0] * 15
    for s in range(3):
        by_hand[order[s]] = wins[s]
    for k, (won, lost) in enumerate(pairs3):
        at = pairs3.index((order[won], order[lost]))
        by_hand[3 + at], by_hand[9 + at] = gammons[k], backs[k]
    assert net.rate([boards], [turn])[0] == pytest.approx(by_hand, abs=1e-6)

    evaluator = NeuralEvaluator(net)
    view = TurnView(TRIGAMMON, boards, turn, (3, 1))
    keys = list(view.leaves())
    follower = TRIGAMMON.next_player(turn)
    rated = net.after_plays(view, keys)
    for key, row in zip(keys, rated, strict=True):
        assert row == pytest.approx(net.rate([view.boards_after(key)], [follower])[0], abs=1e-5)
    one_ply = rate_before_roll(evaluator, TRIGAMMON, boards, turn, 1)
    assert one_ply[:3].sum() == pytest.approx(1, abs=1e-5)
    bot = NeuralBot(evaluator=evaluator)
    final, _, played = play_game(TRIGAMMON, [bot.pick] * 3, random.Random(2), max_turns=30)
    assert played == 30 and sum(map(sum, final)) == 45
