"""Fuzzing weights files (issues 23, 42): any bytes, and a net's file of every kind (a
plain ``Network``, a ``FeatureNetwork``, classic ``PhaseNets``) with its bytes, its
arrays or its zip members edited, load as a net whose every output is a finite number or
are refused with ``WeightsFileError`` (a ``ValueError``), by the kind's own ``load`` and
by ``shipped.load_file`` alike, within the bounds of ``test_fuzz_parsers.holds``. The
red team's files (a member numpy reads instead of the one checked, a meta nested 50,000
deep, a small file that asks for gigabytes, a zip directory of a million members) are
refused at a bounded cost: ``PEAK_BOUND`` bytes of memory traced while refusing."""

from __future__ import annotations

import io
import json
import math
import struct
import tempfile
import tracemalloc
import warnings
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import strategies as st

from tests.fuzz.test_fuzz_parsers import MESSAGE_BOUND, fuzz, holds
from trigammon_widget.engine import CLASSIC, TRIGAMMON, Position
from trigammon_widget.judgement.nets.feature_network import FeatureNetwork
from trigammon_widget.judgement.nets.network import Network, WeightsFileError
from trigammon_widget.judgement.nets.phases import PhaseNets, input_size
from trigammon_widget.judgement.nets.shipped import load_file
from trigammon_widget.judgement.outcome_vectors import outcome_size

EXAMPLES = {"weights_bytes": 200, "weights_arrays": 300}
"""Inputs per property in a default run."""
PEAK_BOUND = 64_000_000
"""Bytes of memory (traced, numpy's arrays included) a refused file may cost: the
largest file made here is some 20 MB, and every one asks for hundreds of megabytes."""


def tiny(inputs: int, outputs: int, seed: int) -> tuple[tuple[Any, Any], ...]:
    """A net's layers of four hidden units, random weights."""
    rng = np.random.default_rng(seed)

    def floats(*shape: int) -> Any:
        return rng.normal(0, 0.1, shape).astype(np.float32)

    return tuple(
        (floats(rows, columns), floats(columns)) for rows, columns in [(inputs, 4), (4, outputs)]
    )


NETS: dict[str, Network | PhaseNets] = {
    "plain": Network(CLASSIC, tiny(202, outcome_size(2), 1), {"variant": "classic"}),
    "features": FeatureNetwork(TRIGAMMON, tiny(501, outcome_size(3), 2), {"variant": "trigammon"}),
    "phases": PhaseNets(
        {
            phase: tiny(input_size(phase), outcome_size(2), seed)
            for seed, phase in enumerate(("contact", "crashed", "race"), 3)
        }
    ),
}
"""A small net of each kind a weights file holds."""
LOADERS: dict[str, Callable[[Path], Network | PhaseNets]] = {
    "plain": Network.load,
    "features": FeatureNetwork.load,
    "phases": PhaseNets.load,
}


def members(kind: str) -> dict[str, bytes]:
    """The zip members of the kind's weights file as its ``save`` writes them."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "net.npz"
        NETS[kind].save(path)
        with zipfile.ZipFile(path) as archive:
            return {name: archive.read(name) for name in archive.namelist()}


MEMBERS = {kind: members(kind) for kind in NETS}


def npy(array: Any) -> bytes:
    out = io.BytesIO()
    np.save(out, array, allow_pickle=True)  # object arrays too: pickles a loader must refuse
    return out.getvalue()


def zipped(contents: list[tuple[str, bytes]], compressed: bool = True) -> bytes:
    out = io.BytesIO()
    method = zipfile.ZIP_DEFLATED if compressed else zipfile.ZIP_STORED
    with zipfile.ZipFile(out, "w", method) as archive, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "Duplicate name": a member twice, as intended
        for name, data in contents:
            archive.writestr(name, data)
    return out.getvalue()


GOOD = {kind: [zipped(list(MEMBERS[kind].items()), c) for c in (True, False)] for kind in NETS}


def loaded(kind: str, data: bytes) -> Network | PhaseNets | None:
    """The net of a file of these bytes by the kind's ``load``, within ``holds``'s bounds,
    and by ``load_file`` (which goes by the meta, so it may tell another kind); each
    net's ratings finite."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "net.npz"
        path.write_bytes(data)
        net = holds(lambda: LOADERS[kind](path))
        either = holds(lambda: load_file(path))
    for found in (net, either):
        if found is not None:
            position = Position.start(found.variant)
            boards = [[list(board) for board in position.boards]]
            assert np.isfinite(found.rate(boards, [position.turn])).all()
    return net


@st.composite
def edited_bytes(draw: st.DrawFn) -> tuple[str, bytes]:
    kind = draw(st.sampled_from(sorted(NETS)))
    data = bytearray(draw(st.sampled_from(GOOD[kind])))
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
    return kind, bytes(data)


def check_bytes(drawn: tuple[str, bytes]) -> None:
    loaded(*drawn)


test_weights_bytes, test_weights_bytes_slow = fuzz(
    "weights_bytes",
    st.one_of(edited_bytes(), st.tuples(st.sampled_from(sorted(NETS)), st.binary(max_size=200))),
    check_bytes,
    EXAMPLES["weights_bytes"],
)

CASTS = [np.float64, np.float16, np.int32, np.bool_, np.complex64]
METAS = [
    '{"variant": 5}',
    "{}",
    "null",
    '{"variant": "classic", "options": {"turn_order": "x"}}',
    '{"variant": "classic", "kind": "phases", "phases": ["contact"]}',
    '{"variant": "classic", "kind": "phases", "phases": "contact"}',
    '{"variant": "classic", "kind": "phases", "phases": ["contact", "race", "chess"]}',
    '{"variant": "trigammon", "inputs": "features"}',
    '{"variant": "classic", "inputs": "features"}',
    "[" * 50_000 + "]" * 50_000,
    '{"variant": "classic", "nets": ' + "[" * 5_000 + "]" * 5_000 + "}",
]
"""Metas of every kind gone wrong: other kinds' files, nested deeper than any reader."""


@st.composite
def claimed(draw: st.DrawFn) -> bytes:
    """A ``.npy`` header of any shape and type, then a few bytes."""
    extent = st.one_of(st.integers(-3, 300), st.integers(-(2**70), 2**70))
    header = {
        "descr": draw(st.sampled_from(["<f4", ">f8", "<f2", "<U9", "|b1", "<i8", "<c8"])),
        "fortran_order": draw(st.booleans()),
        "shape": tuple(draw(st.lists(extent, max_size=3))),
    }
    out = io.BytesIO()
    np.lib.format.write_array_header_1_0(out, header)
    return out.getvalue() + draw(st.binary(max_size=64))


CLAIMS = claimed()


@st.composite
def edited_arrays(draw: st.DrawFn) -> tuple[str, bytes]:
    kind = draw(st.sampled_from(sorted(NETS)))
    with np.load(io.BytesIO(GOOD[kind][1]), allow_pickle=False) as data:
        contents: dict[str, Any] = {name: data[name] for name in data.files}
    extra: list[tuple[str, bytes]] = []
    claims: dict[str, bytes] = {}
    for _ in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from(sorted(contents)))
        edit = draw(
            st.sampled_from(
                ["nan", "shape", "dtype", "drop", "meta", "value", "bare", "twice", "claim"]
            )
        )
        array = contents[name]
        if edit == "nan" and array.dtype.kind == "f" and array.size:
            array = array.copy()
            array.flat[draw(st.integers(0, array.size - 1))] = draw(
                st.sampled_from([np.nan, np.inf, -np.inf, 1e30])
            )
        elif edit == "shape" and array.size:
            array = array.reshape(-1)[: draw(st.integers(0, array.size))]
        elif edit == "dtype" and array.dtype.kind in "fiucb":
            dtype = draw(st.sampled_from(CASTS))
            with warnings.catch_warnings():  # casts that lose values, as intended
                warnings.simplefilter("ignore")
                array = array.astype(dtype)
        elif edit == "drop":
            del contents[name]
            continue
        elif edit == "meta":
            array = np.array(draw(st.sampled_from(METAS)))
        elif edit == "bare":  # a member named without ".npy", which numpy reads first
            extra.append((name, npy(np.zeros((3, 3), np.float32))))
            continue
        elif edit == "twice":  # the same member twice over
            extra.append((f"{name}.npy", npy(np.zeros(3, np.float32))))
            continue
        elif edit == "claim":  # a header claiming any shape, over a few bytes
            claims[name] = draw(CLAIMS)
            continue
        else:
            array = np.array(draw(st.one_of(st.integers(), st.text(max_size=5), st.floats())))
        contents[name] = array
    written = [
        (f"{name}.npy", claims[name] if name in claims else npy(array))
        for name, array in contents.items()
    ]
    return kind, zipped(extra + written if draw(st.booleans()) else written + extra)


def check_arrays(drawn: tuple[str, bytes]) -> None:
    loaded(*drawn)


test_weights_arrays, test_weights_arrays_slow = fuzz(
    "weights_arrays", edited_arrays(), check_arrays, EXAMPLES["weights_arrays"]
)


@pytest.mark.parametrize("kind", sorted(NETS))
def test_every_kind_of_file_loads(kind: str) -> None:
    for data in GOOD[kind]:
        net = loaded(kind, data)
        assert net is not None and type(net) is type(NETS[kind])


# --- the red team's files: refused at a bounded cost ------------------------------------


def refused(kind: str, data: bytes, message: str) -> None:
    """A file of ``data`` refused by the kind's ``load`` and by ``load_file`` with
    ``WeightsFileError`` saying ``message``, each within ``PEAK_BOUND`` bytes."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "net.npz"
        path.write_bytes(data)
        for load in (LOADERS[kind], load_file):
            tracemalloc.start()
            try:
                with pytest.raises(WeightsFileError, match=message) as error:
                    load(path)
                peak = tracemalloc.get_traced_memory()[1]
            finally:
                tracemalloc.stop()
            assert len(str(error.value)) <= MESSAGE_BOUND
            assert peak < PEAK_BOUND, f"{load.__qualname__}: {peak / 1e6:.0f} MB"


def with_bare_member(kind: str, name: str, header: dict[str, Any]) -> bytes:
    """The kind's good file after a member named ``name`` (no ``.npy``) of an array
    ``header`` describes, whole: zeros, deflated."""
    size = math.prod(header["shape"]) * np.dtype(header["descr"]).itemsize
    head = io.BytesIO()
    np.lib.format.write_array_header_1_0(head, header)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        with archive.open(name, "w", force_zip64=True) as member:
            member.write(head.getvalue())
            block = bytes(1 << 20)
            for _ in range(size >> 20):
                member.write(block)
        for other, data in MEMBERS[kind].items():
            archive.writestr(other, data)
    return out.getvalue()


@pytest.mark.parametrize(
    ("kind", "name", "header"),
    [
        ("plain", "w0", {"descr": "<f4", "fortran_order": False, "shape": (4096, 12800)}),
        ("phases", "contact_w0", {"descr": "<f4", "fortran_order": False, "shape": (4096, 12800)}),
        ("features", "meta", {"descr": f"<U{25 << 20}", "fortran_order": False, "shape": ()}),
    ],
)
def test_the_member_read_is_the_member_checked(
    kind: str, name: str, header: dict[str, Any]
) -> None:
    """Found by the red team (issue 42): the check read a member's header by its name
    without ``.npy``, numpy reads a member named exactly ``w0`` (or ``meta``) before
    ``w0.npy``: a 1 MB file with an unchecked ``w0`` of 8000x25000 zeros beside a valid
    ``w0.npy`` cost 1.7 GB; with ``meta``, a 500 MB text (here: 200 and 100 MiB)."""
    data = with_bare_member(kind, name, header)
    assert len(data) < 1_000_000
    refused(kind, data, f"its member '{name}' is not an array's")


@pytest.mark.parametrize("kind", sorted(NETS))
def test_a_deeply_nested_meta_is_refused(kind: str) -> None:
    """Found by the red team (issue 42): a meta of 50,000 nested brackets escaped
    ``Network.load`` and ``FeatureNetwork.load`` as RecursionError."""
    with np.load(io.BytesIO(GOOD[kind][1]), allow_pickle=False) as data:
        contents = {name: data[name] for name in data.files}
    for meta in (METAS[-2], '{"variant": "classic", "made": ' + "[" * 50 + "]" * 50 + "}"):
        contents["meta"] = np.array(meta)
        written = zipped([(f"{name}.npy", npy(array)) for name, array in contents.items()])
        refused(kind, written, "nested more than")


def test_phase_nets_of_nan_are_refused() -> None:
    """Found by the red team (issue 42): ``PhaseNets.load`` and ``shipped.load_file``
    loaded NaN weights, and every hint of classic's default net read nan."""
    for name in ("contact_w1", "race_b0", "crashed_w0"):
        contents = dict(MEMBERS["phases"])
        with np.load(io.BytesIO(GOOD["phases"][1]), allow_pickle=False) as data:
            array = data[name].copy()
        array.flat[0] = np.nan
        contents[f"{name}.npy"] = npy(array)
        refused("phases", zipped(list(contents.items())), f"{name} holds a weight that is not")


def test_damaged_phase_files_are_refused() -> None:
    """Found by the red team (issue 42): damaged phase files raised EOFError,
    BadZipFile, KeyError, AttributeError or TypeError."""
    good = GOOD["phases"][1]
    without_race = [(n, d) for n, d in MEMBERS["phases"].items() if not n.startswith("race_w1")]
    with np.load(io.BytesIO(good), allow_pickle=False) as data:
        meta = json.loads(str(data["meta"]))
    for damaged in (
        good[: len(good) // 2],
        good[:100],
        b"",
        b"PK\x03\x04" + b"\0" * 40,
        zipped(without_race),
        zipped([*MEMBERS["phases"].items(), ("meta.npy", npy(np.array("[1]")))][1:]),
        zipped([("meta.npy", npy(np.array(json.dumps({**meta, "phases": 7}))))]),
        zipped([("meta.npy", npy(np.array(json.dumps({**meta, "kind": None}))))]),
    ):
        refused("phases", damaged, "not a weights file|its arrays|its meta|phase")


def test_a_small_phase_file_cannot_ask_for_gigabytes() -> None:
    """Found by the red team (issue 42): a 1.9 MB phase file claiming an 800 MB array
    cost 1.7 GB."""
    header = {"descr": "<f4", "fortran_order": False, "shape": (254, 800_000)}
    raw = io.BytesIO()
    np.lib.format.write_array_header_1_0(raw, header)
    contents = dict(MEMBERS["phases"])
    contents["contact_w0.npy"] = raw.getvalue() + bytes(1_900_000)
    data = zipped(list(contents.items()), compressed=False)
    assert len(data) < 2_000_000
    refused("phases", data, "numbers")


def test_a_zip_directory_of_a_million_members_is_refused_unread() -> None:
    """An 86 MB file of a zip directory alone (a million empty members) cost 560 MB
    and 7 s of CPU before its members were looked at (issue 42): the directory's size
    is read from the zip's end record first. (Here 200,000 members, 10 MB.)"""
    entry = struct.Struct("<4s4B4HL2L5H2L")  # zipfile's structCentralDir, names of 5 bytes
    empty = entry.pack(b"PK\x01\x02", 20, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0)
    directory = b"".join(empty + f"{k:05x}".encode() for k in range(200_000))
    end = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, 0xFFFF, 0xFFFF, len(directory), 0, 0)
    refused("plain", directory + end, "directory")
