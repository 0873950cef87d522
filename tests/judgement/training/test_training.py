"""Training: a tiny run on a real Dask cluster, and a run resumed from its checkpoint
is the run that was never stopped; a run from a widened package net; records cut at
bear-off races."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from trigammon_widget.engine import CLASSIC, TRIGAMMON
from trigammon_widget.engine.corpus import random_positions
from trigammon_widget.engine.fastplay import TurnView, boards_of
from trigammon_widget.judgement.evaluation import GnubgEvaluator
from trigammon_widget.judgement.nets.network import Network
from trigammon_widget.judgement.nets.shipped import load_named
from trigammon_widget.judgement.race import rating as race
from trigammon_widget.judgement.training.self_play import (
    Settings,
    Task,
    initial_network,
    play_games,
    starting_network,
    train,
    widened,
)

TINY = Settings(
    variant="classic",
    hidden=8,
    chunk=2,
    in_flight=1,
    warm_games=2,
    checkpoint_every=2,
    snapshot_every=4,
    eval_games=4,
    replay=3,
)


def weights(net: Network) -> list[np.ndarray]:
    return [a for layer in net.layers for a in layer]


def test_a_dask_cluster_carries_the_self_play(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    lines: list[str] = []
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        net = train(TINY, tmp_path, 6, client.get_executor(), lines.append, every=0)
    assert net.meta["games"] == 6
    here = train(TINY, tmp_path / "here", 6, None, None)
    assert all(np.array_equal(a, b) for a, b in zip(weights(net), weights(here), strict=True))
    assert any("vs heuristic" in line for line in lines)
    assert (tmp_path / "nets" / "classic-00000004.npz").exists()
    assert Network.load(tmp_path / "nets" / "classic-00000004.npz").meta["games"] == 4


def test_a_run_in_threads_is_the_run_here(tmp_path: Path) -> None:
    """With a net large enough for BLAS to split its products, a ``ThreadPoolExecutor``
    plays the games the run here plays: the caller holds BLAS to one thread, which a
    pool's thread cannot do for itself (numpy 2.4's OpenBLAS)."""
    settings = replace(TINY, hidden=64)
    with ThreadPoolExecutor(2) as pool:
        threaded = train(settings, tmp_path / "threads", 6, pool, None)
    here = train(settings, tmp_path / "here", 6, None, None)
    assert all(np.array_equal(a, b) for a, b in zip(weights(threaded), weights(here), strict=True))


def test_a_resumed_run_goes_on_where_it_stopped(tmp_path: Path) -> None:
    straight = train(TINY, tmp_path / "straight", 8, None, None)
    lines: list[str] = []
    first = train(TINY, tmp_path / "stopped", 4, None, lines.append, every=0)
    assert not any(
        np.array_equal(a, b) for a, b in zip(weights(first), weights(straight), strict=True)
    )
    resumed = train(TINY, tmp_path / "stopped", 8, None, lines.append, every=0)
    assert any("resumed" in line and "at 4 games" in line for line in lines)
    assert all(
        np.array_equal(a, b) for a, b in zip(weights(resumed), weights(straight), strict=True)
    )
    log = (tmp_path / "stopped" / "log.jsonl").read_text().splitlines()
    assert len(log) == 2  # measured at 4 and at 8 games


def test_a_run_folder_keeps_its_settings(tmp_path: Path) -> None:
    train(TINY, tmp_path, 2, None, None)
    with pytest.raises(ValueError, match="hidden=8"):
        train(Settings(variant="classic", hidden=9), tmp_path, 4, None, None)
    with pytest.raises(ValueError, match="teacher must be"):
        Settings(teacher="xg")


def test_a_teacher_rates_every_position_of_the_games() -> None:
    """With ``teacher="gnubg"`` the targets are GNU Backgammon's own ratings."""
    pytest.importorskip("gnubg_nn")
    net = initial_network(CLASSIC, 8, seed=0)
    (record,) = play_games(Task(net, 0, 1, 5, 0.0, 0, heuristic=True))
    assert record.labels is not None and len(record.labels) == len(record.turns) > 10
    teacher = GnubgEvaluator()
    for boards, turn, label in list(zip(record.boards, record.turns, record.labels, strict=True))[
        ::7
    ]:
        rated = teacher.rate(CLASSIC, [list(b) for b in boards], int(turn))
        assert np.array_equal(rated, label)
    assert record.outcome[: CLASSIC.players].sum() == 1.0


def test_a_widened_net_rates_as_the_net_it_grew_from() -> None:
    """``widened`` adds units with no say in the outputs: the same ratings, whole
    positions and the plays of a roll alike."""
    net = initial_network(TRIGAMMON, 8, seed=3)
    wide = widened(net, 20, seed=4)
    assert wide.layers[0][0].shape == (447, 20) and wide.layers[1][0].shape == (20, 15)
    assert np.array_equal(wide.layers[0][0][:, :8], net.layers[0][0])
    assert np.abs(wide.layers[0][0][:, 8:]).min() > 0  # the new units see the board
    positions = random_positions(TRIGAMMON, 40, 9)
    boards = [boards_of(p) for p in positions]
    turns = [p.turn for p in positions]
    assert np.allclose(wide.rate(boards, turns), net.rate(boards, turns), atol=1e-6)
    view = TurnView.of(positions[0])
    keys = list(view.leaves())
    assert np.allclose(wide.after_plays(view, keys), net.after_plays(view, keys), atol=1e-6)
    with pytest.raises(ValueError, match="cannot widen to 4"):
        widened(net, 4, seed=0)
    with pytest.raises(ValueError, match="a classic net, not trigammon"):
        starting_network(Settings(hidden=300, start_from="classic-v2"))


def test_a_run_from_a_package_net_starts_from_its_play_and_resumes(tmp_path: Path) -> None:
    settings = replace(TINY, hidden=260, start_from="classic-v2", warm_games=0, rival="classic-v2")
    start = starting_network(settings)
    shipped = load_named("classic-v2")
    positions = random_positions(CLASSIC, 20, 2)
    boards, turns = [boards_of(p) for p in positions], [p.turn for p in positions]
    assert np.allclose(start.rate(boards, turns), shipped.rate(boards, turns), atol=1e-6)
    straight = train(settings, tmp_path / "straight", 8, None, None)
    train(settings, tmp_path / "stopped", 4, None, None)
    resumed = train(settings, tmp_path / "stopped", 8, None, None)
    assert all(
        np.array_equal(a, b) for a, b in zip(weights(resumed), weights(straight), strict=True)
    )
    assert "from classic-v2 widened to 260 hidden units" in resumed.meta["method"]
    entry = json.loads((tmp_path / "stopped" / "log.jsonl").read_text().splitlines()[-1])
    assert entry["classic-v2"]["games"] == TINY.eval_games  # measured against the rival too
    with pytest.raises(ValueError, match="start_from='classic-v2', not None"):
        train(replace(settings, start_from=None), tmp_path / "stopped", 10, None, None)
    with pytest.raises(ValueError, match="no net 'classic-v9'"):
        Settings(rival="classic-v9")


def test_with_races_a_record_ends_where_its_game_became_a_bear_off_race() -> None:
    """The record of a game that reached a bear-off race is the record without
    ``races`` up to the race's first position, whose rating is the outcome."""
    net = load_named("trigammon-v1")
    assert isinstance(net, Network)
    cut, chances = 0, 0
    for game in range(12):
        (whole,) = play_games(Task(net, game, 1, 0, 0.0, None))
        (short,) = play_games(Task(net, game, 1, 0, 0.0, None, races=True))
        kept = len(short.turns)
        assert np.array_equal(short.boards, whole.boards[:kept])
        assert np.array_equal(short.turns, whole.turns[:kept])
        races = [race.is_race(TRIGAMMON, b.tolist()) for b in whole.boards]
        assert not any(races[:kept]) and all(races[kept:])
        if kept == len(whole.turns):
            assert np.array_equal(short.outcome, whole.outcome)
            continue
        cut += 1
        rated = race.rate(TRIGAMMON, whole.boards[kept].tolist(), int(whole.turns[kept]))
        assert np.array_equal(short.outcome, rated.astype(np.float32))
        chances += bool(short.outcome[:3].max() < 1)  # a chance, not a sure outcome
    assert cut >= 2 and chances  # games that reached a race were seen


def test_a_net_of_the_package_teaches_one_roll_deep() -> None:
    """``teacher="trigammon-v1"``: each position's target is that net's rating one roll
    deep (``rate_before_roll``), computed in the task."""
    from trigammon_widget.judgement.evaluation import NeuralEvaluator, rate_before_roll
    from trigammon_widget.judgement.nets.shipped import network_named

    task = Task(network_named("trigammon-v2"), 0, 1, 3, 0.0, 1, races=True, teacher="trigammon-v1")
    (record,) = play_games(task)
    assert record.labels is not None and len(record.labels) == len(record.turns)
    evaluator = NeuralEvaluator("trigammon-v1")
    for k in (0, len(record.turns) // 2, len(record.turns) - 1):
        boards, turn = record.boards[k].tolist(), int(record.turns[k])
        want = rate_before_roll(evaluator, TRIGAMMON, boards, turn, 1)
        assert np.allclose(record.labels[k], want, rtol=0, atol=1e-6)
    assert Settings(teacher="trigammon-v1", teacher_plies=1).teacher == "trigammon-v1"
    with pytest.raises(ValueError, match="plays trigammon"):
        Settings(variant="classic", teacher="trigammon-v1")
