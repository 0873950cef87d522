"""Supervised fitting of phase nets: it learns, a resumed fit is the fit that never
stopped, a run folder keeps its settings, and chunks are read on a real Dask cluster."""

from __future__ import annotations

import json
import random
from functools import partial
from pathlib import Path

import numpy as np
import pytest

from trigammon_widget.engine import CLASSIC
from trigammon_widget.engine.fastplay import Boards, play_game
from trigammon_widget.judgement.bots import HeuristicBot, RandomBot
from trigammon_widget.judgement.shipped import load_named
from trigammon_widget.judgement.supervised import (
    Fit,
    Positions,
    chunk_files,
    fit,
    read_layers,
    read_positions,
)


def keep(seen: list[Boards], turns: list[int], boards: Boards, turn: int) -> None:
    seen.append([list(b) for b in boards])
    turns.append(turn)


@pytest.fixture(scope="module")
def chunks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Six chunk files of two games each, rated by the classic-v2 net (as ``ply0``)."""
    folder = tmp_path_factory.mktemp("chunks")
    teacher = load_named("classic-v2")
    bots = [HeuristicBot().pick, RandomBot().pick]
    for chunk in range(6):
        seen: list[Boards] = []
        turns: list[int] = []
        for game in range(2):
            rng = random.Random(f"test:{chunk}:{game}")
            play_game(CLASSIC, bots[:: 1 - 2 * (game % 2)], rng, on_turn=partial(keep, seen, turns))
        np.savez_compressed(
            folder / f"chunk-{chunk:05d}.npz",
            boards=np.asarray(seen, np.uint8),
            turns=np.asarray(turns, np.int8),
            ply0=teacher.rate(seen, turns),
        )
    return folder


def data(chunks: Path, phase: str = "contact") -> tuple[Positions, Positions]:
    return read_positions(chunk_files([chunks]), phase, "ply0", hold_out=3)


def test_a_fit_learns(chunks: Path, tmp_path: Path) -> None:
    train, held = data(chunks)
    assert len(train) > 200 and len(held) > 50
    fit(Fit(hidden=(16, 8), epochs=4, learning_rate=3e-3), tmp_path, train, held, None)
    log = [json.loads(line) for line in (tmp_path / "log.jsonl").read_text().splitlines()]
    assert [entry["epoch"] for entry in log] == [1, 2, 3, 4]
    assert log[-1]["held_equity_error"] < log[0]["held_equity_error"]
    race_train, race_held = data(chunks, "race")
    layers = fit(
        Fit(phase="race", hidden=(8,), epochs=1), tmp_path / "race", race_train, race_held, None
    )
    assert layers[0][0].shape == (216, 8)


def test_a_resumed_fit_goes_on_where_it_stopped(chunks: Path, tmp_path: Path) -> None:
    train, held = data(chunks)
    settings = Fit(hidden=(8,), epochs=3)
    straight = fit(settings, tmp_path / "straight", train, held, None)
    lines: list[str] = []
    fit(Fit(hidden=(8,), epochs=1), tmp_path / "stopped", train, held, lines.append)
    resumed = fit(settings, tmp_path / "stopped", train, held, lines.append)
    assert any("resumed" in line and "epoch 1" in line for line in lines)
    for (w, b), (w2, b2) in zip(straight, resumed, strict=True):
        assert np.array_equal(w, w2) and np.array_equal(b, b2)
    assert np.array_equal(
        read_layers(tmp_path / "stopped" / "nets" / "contact-003.npz")[0][0], resumed[0][0]
    )
    with pytest.raises(ValueError, match="other settings \\(hidden\\)"):
        fit(Fit(hidden=(9,), epochs=4), tmp_path / "stopped", train, held, None)


def test_fits_refuse_bad_settings() -> None:
    with pytest.raises(ValueError, match="phase must be one of"):
        Fit(phase="bearoff")
    with pytest.raises(ValueError, match="hidden needs"):
        Fit(hidden=())


def test_inputs_are_kept_in_a_cache(chunks: Path, tmp_path: Path) -> None:
    train, held = read_positions(chunk_files([chunks]), "race", "ply0", hold_out=3, cache=tmp_path)
    assert len(list(tmp_path.glob("*-race-ply0.npz"))) == 6
    again, again_held = read_positions(
        chunk_files([chunks]), "race", "ply0", hold_out=3, cache=tmp_path
    )
    assert np.array_equal(again.inputs, train.inputs) and np.array_equal(
        again.targets, train.targets
    )
    assert len(again_held) == len(held) > 0


def test_a_dask_cluster_reads_the_chunks(chunks: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        train, held = read_positions(
            chunk_files([chunks]), "contact", "ply0", client.get_executor(), hold_out=3
        )
    here, here_held = data(chunks)
    assert np.array_equal(train.inputs, here.inputs) and np.array_equal(
        held.targets, here_held.targets
    )
