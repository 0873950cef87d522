"""Training: a tiny run on a real Dask cluster, and a run resumed from its checkpoint
is the run that was never stopped."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from trigammon_widget.engine import CLASSIC
from trigammon_widget.judgement.evaluation import GnubgEvaluator
from trigammon_widget.judgement.network import Network
from trigammon_widget.judgement.training import Settings, Task, initial_network, play_games, train

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
