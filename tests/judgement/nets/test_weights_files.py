"""Weights files (``Network.load``) are data: a damaged, oversized or inconsistent file
is refused with ``WeightsFileError`` (a ``ValueError``) before its arrays are read."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from trigammon_widget.engine import CLASSIC
from trigammon_widget.judgement.nets.network import Network
from trigammon_widget.judgement.nets.shipped import network_named
from trigammon_widget.judgement.nets.weights_files import (
    MAX_WEIGHTS,
    MAX_WEIGHTS_BYTES,
    WeightsFileError,
)

SHIPPED = network_named("classic-v2")


def saved(tmp_path: Path, **arrays: Any) -> Path:
    """A weights file of the shipped classic net with ``arrays`` put in its place (a
    name given None is left out)."""
    contents: dict[str, Any] = {"meta": np.array(json.dumps({"variant": "classic"}))}
    for k, (weights, biases) in enumerate(SHIPPED.layers):
        contents |= {f"w{k}": weights, f"b{k}": biases}
    contents |= arrays
    path = tmp_path / "net.npz"
    with path.open("wb") as out:
        np.savez(out, **{k: v for k, v in contents.items() if v is not None})
    return path


def test_a_saved_net_loads_back(tmp_path: Path) -> None:
    net = Network.load(saved(tmp_path))
    assert net.variant == CLASSIC
    for (w, b), (w2, b2) in zip(net.layers, SHIPPED.layers, strict=True):
        assert np.array_equal(w, w2) and np.array_equal(b, b2)


def header_only(tmp_path: Path, shape: tuple[int, ...]) -> Path:
    """A weights file whose w0 says it holds ``shape`` floats and holds none."""
    path = saved(tmp_path)
    header = io.BytesIO()
    np.lib.format.write_array_header_2_0(
        header, {"descr": "<f4", "fortran_order": False, "shape": shape}
    )
    data = b"\x93NUMPY\x02\x00" + header.getvalue()[8:]
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    members["w0.npy"] = data + b"\0" * 3_900_000
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return path


@pytest.mark.parametrize(
    ("arrays", "message"),
    [
        ({"w1": np.full((256, 6), np.nan, np.float32)}, "w1 holds a weight that is not a finite"),
        ({"b0": np.full(256, np.inf, np.float32)}, "b0 holds a weight that is not a finite"),
        ({"w0": np.zeros((202, 255), np.float32)}, "layer 0's shapes do not chain"),
        ({"w1": np.zeros((255, 6), np.float32)}, "layer 1's shapes do not chain"),
        ({"w0": np.zeros((202, 256), np.int64)}, "w0 is a 2-dimensional int64 array"),
        ({"b1": np.zeros((6, 1), np.float32)}, "b1 is a 2-dimensional float32 array"),
        ({"b1": None}, "its arrays are"),
        ({"w2": np.zeros((6, 6), np.float32)}, "its arrays are"),
        ({"meta": None}, "its arrays are"),
        ({"meta": np.array("not json")}, "not a weights file"),
        ({"meta": np.array("[1, 2]")}, "its meta is not a JSON object"),
        ({"meta": np.array('{"version": 2}')}, "its meta names no variant"),
        ({"meta": np.array('{"variant": "chess"}')}, "chess"),
        ({"meta": np.array('{"variant": "classic", "options": 5}')}, "options are not a JSON"),
        ({"meta": np.array(5)}, "its meta is a text"),
        ({"w0": np.zeros((200, 256), np.float32)}, "takes 202 inputs"),
        ({"w0": np.array([object()] * 4, dtype=object).reshape(2, 2)}, "is a 2-dimensional object"),
    ],
)
def test_inconsistent_files_are_refused(
    tmp_path: Path, arrays: dict[str, Any], message: str
) -> None:
    """Found by the red team: ``Network.load`` of a damaged file raised EOFError,
    BadZipFile, KeyError or TypeError, and NaN weights loaded (every hint read nan)."""
    with pytest.raises(WeightsFileError, match=message):
        Network.load(saved(tmp_path, **arrays))


def test_damaged_files_are_refused(tmp_path: Path) -> None:
    good = saved(tmp_path).read_bytes()
    for damaged in (good[: len(good) // 2], good[:100], b"", b"PK\x03\x04" + b"\0" * 40,
                    bytes(range(256)) * 10):  # fmt: skip
        path = tmp_path / "damaged.npz"
        path.write_bytes(damaged)
        with pytest.raises(WeightsFileError, match=r"damaged\.npz is not a weights file"):
            Network.load(path)


def test_a_small_file_cannot_ask_for_gigabytes(tmp_path: Path) -> None:
    """Found by the red team: a 3.9 MB .npz asked for 3.7 GiB."""
    path = header_only(tmp_path, (100_000, 10_000))
    assert path.stat().st_size < 5_000_000
    with pytest.raises(WeightsFileError, match=f"more than {MAX_WEIGHTS:,} numbers"):
        Network.load(path)


def test_a_huge_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.npz"
    with path.open("wb") as out:
        out.truncate(MAX_WEIGHTS_BYTES + 1)
    with pytest.raises(WeightsFileError, match=f"at most {MAX_WEIGHTS_BYTES:,} bytes"):
        Network.load(path)
