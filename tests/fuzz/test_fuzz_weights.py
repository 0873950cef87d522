"""Fuzzing weights files (issue 23): any bytes, and the shipped net's file with its bytes
or its arrays edited, load as a net whose every output is a finite number or are refused
with ``WeightsFileError`` (a ``ValueError``), within the bounds of
``test_fuzz_parsers.holds``."""

from __future__ import annotations

import io
import json
import tempfile
import warnings
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import strategies as st
from test_fuzz_parsers import fuzz, holds

from trigammon_widget.engine import Position
from trigammon_widget.judgement.network import Network
from trigammon_widget.judgement.shipped import network_named

EXAMPLES = {"weights_bytes": 200, "weights_arrays": 200}
"""Inputs per property in a default run."""

NET = network_named("classic-v2")
START = Position.start(NET.variant)


def arrays() -> dict[str, Any]:
    found: dict[str, Any] = {"meta": np.array(json.dumps({"variant": "classic"}))}
    for k, (weights, biases) in enumerate(NET.layers):
        found |= {f"w{k}": weights, f"b{k}": biases}
    return found


def written(contents: dict[str, Any], compressed: bool) -> bytes:
    out = io.BytesIO()
    (np.savez_compressed if compressed else np.savez)(out, **contents)
    return out.getvalue()


GOOD = [written(arrays(), True), written(arrays(), False)]


def loaded(data: bytes) -> Network | None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "net.npz"
        path.write_bytes(data)
        net = holds(lambda: Network.load(path))
    if net is not None:
        boards = [[list(board) for board in START.boards]]
        assert np.isfinite(net.rate(boards, [START.turn])).all()
    return net


@st.composite
def edited_bytes(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from(GOOD)))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data) - 1))
        edit = draw(st.sampled_from(["flip", "cut", "insert"]))
        if edit == "flip":
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif edit == "cut":
            del data[at:]
            if not data:
                break
        else:
            data[at:at] = draw(st.binary(max_size=16))
    return bytes(data)


def check_bytes(data: bytes) -> None:
    loaded(data)


test_weights_bytes, test_weights_bytes_slow = fuzz(
    "weights_bytes",
    st.one_of(edited_bytes(), st.binary(max_size=200)),
    check_bytes,
    EXAMPLES["weights_bytes"],
)


@st.composite
def edited_arrays(draw: st.DrawFn) -> bytes:
    contents = arrays()
    for _ in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from(sorted(contents)))
        edit = draw(st.sampled_from(["nan", "shape", "dtype", "drop", "meta", "value"]))
        array = contents[name]
        if edit == "nan" and array.dtype.kind == "f" and array.size:
            array = array.copy()
            array.flat[draw(st.integers(0, array.size - 1))] = draw(
                st.sampled_from([np.nan, np.inf, -np.inf, 1e30])
            )
        elif edit == "shape" and array.size:
            array = array.reshape(-1)[: draw(st.integers(0, array.size))]
        elif edit == "dtype" and array.dtype.kind in "fiucb":
            kind = draw(st.sampled_from([np.float64, np.int32, np.bool_, np.complex64]))
            with warnings.catch_warnings():  # casts that lose values, as intended
                warnings.simplefilter("ignore")
                array = array.astype(kind)
        elif edit == "drop":
            del contents[name]
            continue
        elif edit == "meta":
            array = np.array(
                draw(
                    st.sampled_from(
                        [
                            '{"variant": 5}',
                            "{}",
                            "null",
                            '{"variant": "classic", "options": {"turn_order": "x"}}',
                        ]
                    )
                )
            )
        else:
            array = np.array(draw(st.one_of(st.integers(), st.text(max_size=5), st.floats())))
        contents[name] = array
    return written(contents, draw(st.booleans()))


def check_arrays(data: bytes) -> None:
    loaded(data)


test_weights_arrays, test_weights_arrays_slow = fuzz(
    "weights_arrays", edited_arrays(), check_arrays, EXAMPLES["weights_arrays"]
)


def test_the_shipped_file_loads() -> None:
    assert loaded(GOOD[0]) is not None and loaded(GOOD[1]) is not None
