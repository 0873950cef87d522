"""Trigammon nets over hand-made features (``feature_network``): the compiled pass rates
every play as numpy does and plays the same games, a weights file says what it holds,
and a fit from a plain net starts where that net is."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.judgement.nets.test_compiled import FLOAT32, assert_same_games
from trigammon_widget.engine import TRIGAMMON, Position
from trigammon_widget.engine.corpus import random_positions
from trigammon_widget.engine.fastplay import TurnView, boards_of
from trigammon_widget.judgement.evaluation import NeuralEvaluator, hints
from trigammon_widget.judgement.inputs.trigammon import FEATURES
from trigammon_widget.judgement.nets.feature_network import FeatureNetwork, is_features_file
from trigammon_widget.judgement.nets.network import Network
from trigammon_widget.judgement.nets.shipped import load_file, network_named
from trigammon_widget.judgement.play.bots import NeuralBot, RandomBot
from trigammon_widget.judgement.training.supervised import NETS, Fit, starting_layers


def with_features(dtype: type = np.float32, scale: float = 0.05, seed: int = 0) -> FeatureNetwork:
    """trigammon-v2 given first-layer rows for the features, drawn at random."""
    (w0, b0), *rest = network_named("trigammon-v2").layers
    rng = np.random.default_rng(seed)
    rows = rng.normal(0, scale, (FEATURES, w0.shape[1]))
    layers: Any = tuple(
        (w.astype(dtype), b.astype(dtype)) for w, b in ((np.concatenate((w0, rows)), b0), *rest)
    )
    return FeatureNetwork(TRIGAMMON, layers, {"method": "a test"})


def test_the_net_reads_the_features_beside_the_counts() -> None:
    net = with_features()
    assert net.input_size() == 447 + FEATURES == NETS["trigammon-features"].input_size()
    with pytest.raises(ValueError, match="takes 501 inputs"):
        FeatureNetwork(TRIGAMMON, network_named("trigammon-v2").layers)


@pytest.mark.parametrize("precision", ["float64", "float32"])
def test_every_play_is_rated_alike_on_both_paths(fast_path: Any, precision: str) -> None:
    net = with_features(np.float64 if precision == "float64" else np.float32)
    tolerance = 1e-12 if precision == "float64" else FLOAT32
    worst = 0.0
    for position in random_positions(TRIGAMMON, 200, seed=11):
        if position.is_over():
            continue
        view = TurnView.of(position)
        keys = list(view.leaves())
        with fast_path(False):
            want = net.after_plays(view, keys)
        with fast_path(True):
            got = net.after_plays(view, keys)
        worst = max(worst, float(np.abs(got - want).max()))
    assert worst <= tolerance


def test_each_play_is_rated_as_its_position(fast_path: Any) -> None:
    """``after_plays`` (the counts from tables, the features per play) gives what
    ``rate`` gives the position a play leaves, before the next player's roll."""
    net = with_features(np.float64)
    position = Position.start(TRIGAMMON).with_dice(6, 4)
    view = TurnView.of(position)
    keys = list(view.leaves())
    after = [view.boards_after(key) for key in keys]
    follower = TRIGAMMON.next_player(view.turn)
    for on in (False, True):
        with fast_path(on):
            rated = net.after_plays(view, keys)
            assert np.allclose(rated, net.rate(after, [follower] * len(keys)), atol=1e-12)


def test_seeded_games_are_the_same_move_for_move(fast_path: Any) -> None:
    neural = NeuralBot(evaluator=NeuralEvaluator(with_features(np.float64)))
    lineups: list[list[NeuralBot | RandomBot]] = [[neural] * 3, [neural, RandomBot(), neural]]
    assert_same_games(fast_path, TRIGAMMON, lineups, 3)


def test_a_weights_file_says_it_holds_features(tmp_path: Path) -> None:
    net = with_features()
    net.save(tmp_path / "featured.npz", version=9)
    network_named("trigammon-v2").save(tmp_path / "plain.npz")
    assert is_features_file(tmp_path / "featured.npz")
    assert not is_features_file(tmp_path / "plain.npz")
    loaded = load_file(tmp_path / "featured.npz")
    assert type(loaded) is FeatureNetwork and loaded.meta["version"] == 9
    assert type(load_file(tmp_path / "plain.npz")) is Network
    with np.load(tmp_path / "featured.npz", allow_pickle=False) as data:
        assert json.loads(str(data["meta"]))["inputs"] == "features"
    position = Position.start(TRIGAMMON).with_dice(3, 1)
    first = hints(position, evaluator=NeuralEvaluator(loaded))[0]
    assert first.notation == hints(position, evaluator=NeuralEvaluator(net))[0].notation


def test_a_fit_from_a_plain_net_starts_where_it_is() -> None:
    """The features' rows start at zero: the net rates every position as trigammon-v2."""
    layers = starting_layers(
        Fit(phase="trigammon-features", hidden=(384, 192), start="trigammon-v2")
    )
    net = FeatureNetwork(TRIGAMMON, layers)
    v2 = network_named("trigammon-v2")
    corpus = [p for p in random_positions(TRIGAMMON, 60, seed=4) if not p.is_over()]
    boards = [boards_of(p) for p in corpus]
    turns = [p.turn for p in corpus]
    assert np.allclose(net.rate(boards, turns), v2.rate(boards, turns), atol=1e-6)


def test_trigammon_v3_is_a_net_of_features_and_the_default() -> None:
    """The shipped trigammon-v3 reads the features; the default evaluator rates with it."""
    v3 = network_named("trigammon-v3")
    assert type(v3) is FeatureNetwork and v3.meta["inputs"] == "features"
    assert v3.input_size() == network_named("trigammon-v2").input_size() + FEATURES
    position = Position.start(TRIGAMMON).with_dice(6, 5)

    def rated(evaluator: NeuralEvaluator | None = None) -> list[tuple[str, float]]:
        return [(h.notation, h.equity) for h in hints(position, evaluator=evaluator)]

    assert (
        rated() == rated(NeuralEvaluator("trigammon-v3")) != rated(NeuralEvaluator("trigammon-v2"))
    )
