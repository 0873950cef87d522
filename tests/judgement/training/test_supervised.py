"""Supervised fitting of classic phase nets and trigammon nets: it learns, a resumed fit
is the fit that never stopped, a run folder keeps its settings, a trigammon fit from
trigammon-v1 starts where v1 is, and chunks are read on a real Dask cluster."""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from trigammon_widget import judgement
from trigammon_widget.engine import CLASSIC, TRIGAMMON, Variant
from trigammon_widget.engine.fastplay import Boards, play_game
from trigammon_widget.judgement.nets.network import Network
from trigammon_widget.judgement.nets.phases import Layers, PhaseNets
from trigammon_widget.judgement.nets.shipped import SHIPPED_DIR, load_named
from trigammon_widget.judgement.play.bots import HeuristicBot, RandomBot
from trigammon_widget.judgement.training.fitting import save_whole
from trigammon_widget.judgement.training.supervised import (
    Fit,
    Positions,
    chunk_files,
    fit,
    layers_of,
    measure,
    read_chunk,
    read_layers,
    read_positions,
)


def same_layers(first: Layers, second: Layers) -> bool:
    """Whether two nets' layers hold the same weights and biases, layer for layer."""
    return all(
        np.array_equal(w, w2) and np.array_equal(b, b2)
        for (w, b), (w2, b2) in zip(first, second, strict=True)
    )


def keep(seen: list[Boards], turns: list[int], boards: Boards, turn: int) -> None:
    seen.append([list(b) for b in boards])
    turns.append(turn)


def rated_chunks(folder: Path, variant: Variant, teacher: str) -> Path:
    """Six chunk files of two games each (the heuristic against the random bot), rated
    by the net ``teacher`` at 0-ply (as ``ply0``)."""
    net = load_named(teacher)
    bots = [HeuristicBot().pick, RandomBot().pick, RandomBot().pick][: variant.players]
    for chunk in range(6):
        seen: list[Boards] = []
        turns: list[int] = []
        for game in range(2):
            rng = random.Random(f"test:{chunk}:{game}")
            chosen = bots[game % 2 :] + bots[: game % 2]
            play_game(variant, chosen, rng, on_turn=partial(keep, seen, turns))
        np.savez_compressed(
            folder / f"chunk-{chunk:05d}.npz",
            boards=np.asarray(seen, np.uint8),
            turns=np.asarray(turns, np.int8),
            ply0=net.rate(seen, turns),
        )
    return folder


@pytest.fixture(scope="module")
def chunks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return rated_chunks(tmp_path_factory.mktemp("chunks"), CLASSIC, "classic-v2")


@pytest.fixture(scope="module")
def trigammon_chunks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return rated_chunks(tmp_path_factory.mktemp("trigammon"), TRIGAMMON, "trigammon-v1")


def data(chunks: Path, phase: str = "contact") -> tuple[Positions, Positions]:
    return read_positions(chunk_files([chunks]), phase, "ply0", hold_out=3)


def test_a_fit_learns(chunks: Path, tmp_path: Path) -> None:
    train, held = data(chunks)
    assert len(train) > 200 and len(held) > 50
    fit(Fit(hidden=(16, 8), epochs=4, learning_rate=3e-3), tmp_path, train, held, None)
    log = [json.loads(line) for line in (tmp_path / "log.jsonl").read_text().splitlines()]
    assert [entry["epoch"] for entry in log] == [0, 1, 2, 3, 4]  # 0: the starting net
    assert log[-1]["held_equity_error"] < log[1]["held_equity_error"]
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
    assert same_layers(straight, resumed)
    assert np.array_equal(
        read_layers(tmp_path / "stopped" / "nets" / "contact-003.npz")[0][0], resumed[0][0]
    )
    with pytest.raises(ValueError, match="other settings \\(hidden\\)"):
        fit(Fit(hidden=(9,), epochs=4), tmp_path / "stopped", train, held, None)


def test_a_trigammon_net_of_two_hidden_layers_learns(
    trigammon_chunks: Path, tmp_path: Path
) -> None:
    train, held = data(trigammon_chunks, "trigammon")
    assert len(train) > 1000 and len(held) > 100 and train.inputs.shape[1] == 447
    assert train.targets.shape[1] == 15
    layers = fit(
        Fit(phase="trigammon", rating="ply0", hidden=(16, 8), epochs=3, learning_rate=3e-3),
        tmp_path,
        train,
        held,
        None,
    )
    log = [json.loads(line) for line in (tmp_path / "log.jsonl").read_text().splitlines()]
    assert [entry["epoch"] for entry in log] == [0, 1, 2, 3]
    assert log[3]["held_equity_error"] < log[1]["held_equity_error"] < log[0]["held_equity_error"]
    net = Network.load(tmp_path / "nets" / "trigammon-003.npz")  # a Network weights file
    assert net.variant.name == "trigammon" and len(net.layers) == 3
    assert same_layers(net.layers, layers)


def test_a_trigammon_fit_from_v1_starts_at_v1s_ratings(
    trigammon_chunks: Path, tmp_path: Path
) -> None:
    """Widened to 160 units, v1 rates as v1 does; on v1's own 0-ply labels (seats taken
    to slots, three players) it is off only by the float16 inputs' rounding."""
    train, held = data(trigammon_chunks, "trigammon")
    v1 = measure(layers_of("trigammon", "trigammon-v1"), held, players=3)
    assert v1["equity_error"] < 2e-3
    settings = Fit(phase="trigammon", rating="ply0", hidden=(160,), start="trigammon-v1", epochs=1)
    layers = fit(settings, tmp_path, train, held, None)
    assert layers[0][0].shape == (447, 160)
    start = json.loads((tmp_path / "log.jsonl").read_text().splitlines()[0])
    assert start["held_equity_error"] == pytest.approx(v1["equity_error"], abs=1e-6)
    with pytest.raises(ValueError, match=r"hidden layers \(128,\), not \(16, 8\)"):
        fit(replace(settings, hidden=(16, 8)), tmp_path / "deeper", train, held, None)


def test_a_resumed_trigammon_fit_goes_on_where_it_stopped(
    trigammon_chunks: Path, tmp_path: Path
) -> None:
    train, held = data(trigammon_chunks, "trigammon")
    settings = Fit(phase="trigammon", rating="ply0", hidden=(8, 4), epochs=2)
    straight = fit(settings, tmp_path / "straight", train, held, None)
    fit(replace(settings, epochs=1), tmp_path / "stopped", train, held, None)
    resumed = fit(settings, tmp_path / "stopped", train, held, None)
    assert same_layers(straight, resumed)


def test_fits_refuse_bad_settings() -> None:
    with pytest.raises(ValueError, match="phase must be one of"):
        Fit(phase="bearoff")
    with pytest.raises(ValueError, match="hidden needs"):
        Fit(hidden=())


def test_inputs_are_kept_in_a_cache(chunks: Path, tmp_path: Path) -> None:
    train, held = read_positions(chunk_files([chunks]), "race", "ply0", hold_out=3, cache=tmp_path)
    assert len(list(tmp_path.glob("*-race-ply0-*.npz"))) == 6
    again, again_held = read_positions(
        chunk_files([chunks]), "race", "ply0", hold_out=3, cache=tmp_path
    )
    assert np.array_equal(again.inputs, train.inputs) and np.array_equal(
        again.targets, train.targets
    )
    assert len(again_held) == len(held) > 0


def test_a_changed_chunk_is_not_read_from_the_cache(chunks: Path, tmp_path: Path) -> None:
    """A chunk given candidates afterwards (or rewritten) is not served stale, and its old
    entry goes."""
    first = tmp_path / "labels" / "chunk-00000.npz"
    first.parent.mkdir()
    first.write_bytes(chunk_files([chunks])[0].read_bytes())
    cache = tmp_path / "cache"
    before = read_chunk(first, "contact", "ply0", cache=cache)
    (entry,) = cache.glob("*.npz")
    writing = entry.with_name(f"{entry.stem}.0123.part.npz")  # another fit's, half-written
    writing.write_bytes(b"")
    with np.load(first, allow_pickle=False) as data:
        arrays = {name: data[name] for name in data.files}
    save_whole(first, {name: values[:3] for name, values in arrays.items()}, compress=True)
    after = read_chunk(first, "contact", "ply0", cache=cache)
    assert 0 < len(after) < len(before)
    assert np.array_equal(after.inputs, before.inputs[: len(after)])
    assert not entry.exists() and writing.exists()
    assert len(list(cache.glob("*.npz"))) == 2 and not list(first.parent.glob("*.part.npz"))


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


@pytest.fixture(scope="module")
def script(load_script: Callable[[str], ModuleType]) -> ModuleType:
    return load_script("train_classic")


def test_a_fitted_contact_net_joins_a_shipped_race_net(
    chunks: Path, tmp_path: Path, script: Any
) -> None:
    """``train_classic.py join`` with a phase-nets file for a phase: that file's net of the
    phase, and its record, beside the fitted one."""
    train, held = data(chunks)
    layers = fit(Fit(hidden=(8, 4), epochs=1), tmp_path, train, held, None)
    shipped = Path(str(resources.files(judgement).joinpath(SHIPPED_DIR, "classic-v3.npz")))
    out = tmp_path / "classic-v9.npz"
    script.run_join(
        argparse.Namespace(
            contact=str(tmp_path / "nets" / "contact-001.npz"),
            race=str(shipped),
            crashed=None,
            method="a test",
            version=9,
            out=out,
        )
    )
    joined, kept = PhaseNets.load(out), PhaseNets.load(shipped)
    assert joined.meta["version"] == 9 and joined.meta["method"] == "a test"
    assert same_layers(joined.nets["contact"], layers)
    assert same_layers(joined.nets["race"], kept.nets["race"])
    assert joined.meta["nets"]["race"] == {"from": shipped.name, **kept.meta["nets"]["race"]}
    assert joined.meta["nets"]["contact"]["hidden"] == [8, 4]
    with pytest.raises(SystemExit, match="has no crashed net"):
        script.run_join(
            argparse.Namespace(
                contact=str(shipped),
                race=str(shipped),
                crashed=str(shipped),
                method="a test",
                version=9,
                out=tmp_path / "never.npz",
            )
        )
    assert not (tmp_path / "never.npz").exists()


def test_a_fitted_trigammon_net_ships_with_how_it_was_made(
    trigammon_chunks: Path, tmp_path: Path, script: Any
) -> None:
    """``train_classic.py ship``: the fitted weights, as a net of the package reads them,
    the fit's record kept and the words on how it was made added."""
    train, held = data(trigammon_chunks, "trigammon")
    layers = fit(
        Fit(phase="trigammon", rating="ply0", hidden=(8, 4), epochs=1), tmp_path, train, held, None
    )
    fitted = tmp_path / "nets" / "trigammon-001.npz"
    out = tmp_path / "trigammon-v9.npz"
    script.run_ship(
        argparse.Namespace(
            net=str(fitted),
            version=9,
            method="a test",
            games=12,
            machine="here",
            trained="today",
            out=out,
        )
    )
    net = Network.load(out)
    assert net.meta["version"] == 9 and net.meta["method"] == "a test" and net.meta["games"] == 12
    assert net.meta["fit"]["hidden"] == [8, 4] and net.meta["file"] == fitted.name
    assert same_layers(net.layers, layers)


def test_a_fit_from_a_narrower_deep_net_starts_at_its_ratings(
    trigammon_chunks: Path, tmp_path: Path
) -> None:
    """trigammon-v3's two hidden layers (384, 192) widened to (400, 200): every new unit
    starts with no say, so the fit's first measure is v3's own, and its layers grow."""
    train, held = data(trigammon_chunks, "trigammon-features")
    settings = Fit(
        phase="trigammon-features", hidden=(400, 200), epochs=1, start="trigammon-v3", batch=64
    )
    layers = fit(settings, tmp_path, train, held, None)
    assert [w.shape for w, _ in layers] == [(501, 400), (400, 200), (200, 15)]
    log = [json.loads(line) for line in (tmp_path / "log.jsonl").read_text().splitlines()]
    v3 = measure(layers_of("trigammon-features", "trigammon-v3"), held, players=3)
    assert log[0]["held_loss"] == pytest.approx(v3["loss"], rel=1e-5)
    assert log[0]["held_equity_error"] == pytest.approx(v3["equity_error"], rel=1e-4)
