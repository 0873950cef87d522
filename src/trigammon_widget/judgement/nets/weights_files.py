"""Weights files read as data: the one reader of every kind of net file.

A weights file is what ``np.savez`` writes: a zip whose members are ``<name>.npy``
arrays, here ``meta`` (a JSON text: the net's variant, its kind, how it was made) and
each net's layers, ``w0, b0, w1, b1, ...`` for a ``network.Network`` or a
``feature_network.FeatureNetwork``, ``<phase>_w0, <phase>_b0, ...`` for
``phases.PhaseNets``. Each kind's ``load`` and ``shipped.load_file`` read it through
``read`` alone.

numpy's own reader is not used: ``np.load`` takes a member named ``w0`` before
``w0.npy`` and gives a member that is not an array as its whole bytes, so a check of
other members than numpy reads guards nothing. ``read`` looks at the zip's directory
size before zipfile parses it, then at every member's name and array header (each
name once, each a float array or ``meta`` a text, all together at most
``MAX_WEIGHTS`` numbers, shapes that chain layer to layer), and only then reads the
very members it checked, no more of each than its header declares. The weights must
be finite numbers and the meta a JSON object nested at most ``MAX_META_DEPTH`` deep.
Anything else is a ``WeightsFileError`` (a ``ValueError``) naming the file and what is
wrong; nothing is unpickled. Costs at the limits: SECURITY.md.
"""

from __future__ import annotations

import json
import math
import re
import struct
import tokenize
import zipfile
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, TypeVar

import numpy as np

from ...engine.errors import quote
from ..outcome_vectors import Floats

__all__ = [
    "MAX_DIRECTORY_BYTES",
    "MAX_META_CHARS",
    "MAX_META_DEPTH",
    "MAX_WEIGHTS",
    "MAX_WEIGHTS_BYTES",
    "Layers",
    "WeightsFile",
    "WeightsFileError",
    "read",
    "read_meta",
]

T = TypeVar("T")
Layers = tuple[tuple[Floats, Floats], ...]
"""A net's (weights, biases) pairs, input layer first."""


class WeightsFileError(ValueError):
    """A weights file that cannot be a net's: damaged, oversized or inconsistent."""


MAX_WEIGHTS_BYTES = 100_000_000
"""Largest weights file read (the shipped ones take 0.2 to 1.4 MB)."""
MAX_WEIGHTS = 20_000_000
"""Most numbers a weights file's arrays may hold: 80 MB as float32, nets fifty times
the largest shipped one (0.05 to 0.37 million weights)."""
MAX_META_CHARS = 100_000
"""Longest ``meta`` text of a weights file."""
MAX_META_DEPTH = 32
"""Deepest nesting of lists and objects in a ``meta`` (the shipped ones: 1 to 4)."""
MAX_DIRECTORY_BYTES = 65_536
"""Largest zip directory (the list of members) of a weights file: some 1,000 members (a
shipped file's takes 1.4 KB at most). zipfile holds a Python object per member, so an 86 MB
directory of a million members cost 560 MB and 7 s before it could be looked at."""

META = "meta"
"""The member holding the meta."""
_LAYER = re.compile(r"(?:(?P<net>[a-z]+)_)?(?P<kind>[wb])(?P<index>0|[1-9][0-9]{0,2})")
"""A layer's array: ``w3`` of a one-net file, ``race_b0`` of the race net."""
_VERSIONS = {
    (1, 0): np.lib.format.read_array_header_1_0,
    (2, 0): np.lib.format.read_array_header_2_0,
}
"""The ``.npy`` formats ``np.save`` writes for a float array or a text."""
_END = b"PK\x05\x06"
_END_SIZE = 22
_ZIP64_LOCATOR = b"PK\x06\x07"
_LOCATOR_SIZE = 20
_DAMAGED = (
    ValueError,
    KeyError,
    TypeError,
    EOFError,
    OSError,
    RuntimeError,
    SyntaxError,
    struct.error,
    tokenize.TokenError,
    zipfile.BadZipFile,
    zlib.error,
)
"""What zipfile (RuntimeError: an encrypted member, a compression it lacks) and numpy
(an array's header is a Python literal) raise for a damaged file."""


@dataclass(frozen=True)
class WeightsFile:
    """A weights file's meta and its nets' layers by net (``""``: a one-net file),
    every array checked (finite float32 numbers, shapes that chain)."""

    name: str
    meta: dict[str, Any]
    nets: Mapping[str, Layers]

    def build(self, make: Callable[[], T]) -> T:
        """``make()``; its ``ValueError`` (a net that does not fit its variant) said as
        this file's ``WeightsFileError``."""
        try:
            return make()
        except WeightsFileError:
            raise
        except ValueError as error:
            raise _not_weights(self.name, str(error) or type(error).__name__) from None

    def one_net(self) -> Layers:
        """The layers of a one-net file (``network.Network``)."""
        if set(self.nets) != {""}:
            raise _not_weights(
                self.name,
                f"it holds the nets {_listed(self.nets)}, not one net's w0, b0, w1, b1, ...",
            )
        return self.nets[""]


def read(path: str | Path) -> WeightsFile:
    """The weights file at ``path``, checked (the module's text says how), or
    ``WeightsFileError``."""
    return _read(Path(path), arrays=True)


def read_meta(path: str | Path) -> dict[str, Any]:
    """The meta of the weights file at ``path``, its arrays checked by their headers
    but not read: what kind of net it holds, cheaply."""
    return _read(Path(path), arrays=False).meta


def _read(source: Path, arrays: bool) -> WeightsFile:
    size = source.stat().st_size
    if size > MAX_WEIGHTS_BYTES:
        raise WeightsFileError(
            f"{source.name}: a weights file has at most {MAX_WEIGHTS_BYTES:,} bytes, not {size:,}"
        )
    try:
        with source.open("rb") as file:
            _check_directory(file, size)
            with zipfile.ZipFile(file) as archive:
                members = _checked_members(archive)
                meta = _meta(_array(archive, members[META]))
                nets = _chained({name: shape for name, (_, shape, _) in members.items()})
                layers = {
                    net: tuple(
                        (
                            _weights(archive, members, f"{prefix}w{k}"),
                            _weights(archive, members, f"{prefix}b{k}"),
                        )
                        for k in range(count)
                    )
                    for net, (prefix, count) in nets.items()
                    if arrays
                }
        return WeightsFile(source.name, meta, layers)
    except WeightsFileError:
        raise
    except _DAMAGED as error:
        raise _not_weights(source.name, str(error) or type(error).__name__) from None


def _not_weights(name: str, reason: str) -> WeightsFileError:
    return WeightsFileError(f"{name} is not a weights file: {reason[:200]}")


def _check_directory(file: IO[bytes], size: int) -> None:
    """Refuse a zip directory above ``MAX_DIRECTORY_BYTES`` before zipfile reads it: its
    size as the end record gives it, found where zipfile finds it (the last 22 bytes,
    else the last ``PK\\5\\6`` of the last 64 KiB). A zip64 end record, which no file
    of a few members needs, is refused too (zipfile would take its sizes instead)."""
    reach = (1 << 16) + _END_SIZE
    span = min(size, reach + _LOCATOR_SIZE)
    file.seek(size - span)
    tail = file.read(span)
    if tail[-_END_SIZE:].startswith(_END) and tail.endswith(b"\0\0"):
        at = span - _END_SIZE
    else:
        at = tail.rfind(_END, max(span - reach, 0))
    if at < 0 or span - at < _END_SIZE:
        return  # no end record: zipfile refuses the file
    if at >= _LOCATOR_SIZE and tail.startswith(_ZIP64_LOCATOR, at - _LOCATOR_SIZE):
        raise ValueError("its zip directory is a zip64 one, far larger than a weights file's")
    (directory,) = struct.unpack_from("<L", tail, at + 12)
    if directory > MAX_DIRECTORY_BYTES:
        raise ValueError(
            f"its zip directory takes {directory:,} bytes, a weights file's at most "
            f"{MAX_DIRECTORY_BYTES:,}"
        )


Member = tuple[zipfile.ZipInfo, tuple[int, ...], np.dtype[Any]]


def _checked_members(archive: zipfile.ZipFile) -> dict[str, Member]:
    """Every member by its array's name, its header checked: named ``<name>.npy`` once
    each, ``meta`` a text of at most ``MAX_META_CHARS`` characters, every other a
    float array (weights of two dimensions, biases of one) of at most ``MAX_WEIGHTS``
    numbers in all."""
    members: dict[str, Member] = {}
    numbers = 0
    for info in archive.infolist():
        name = info.filename.removesuffix(".npy")
        if info.filename != f"{name}.npy" or not (name == META or _LAYER.fullmatch(name)):
            raise ValueError(f"its member {quote(info.filename)} is not an array's")
        if name in members:
            raise ValueError(f"it holds {name} twice")
        with archive.open(info) as member:
            version = np.lib.format.read_magic(member)
            if version not in _VERSIONS:
                raise ValueError(f"{name} is not in the .npy format 1.0 or 2.0")
            shape, _, dtype = _VERSIONS[version](member)
        if any(extent < 0 for extent in shape):
            raise ValueError(f"{name} has a negative extent {shape}")
        if name == META:
            if shape or dtype.kind != "U" or dtype.itemsize > 4 * MAX_META_CHARS:
                raise ValueError(f"its meta is a text of at most {MAX_META_CHARS:,} characters")
        else:
            dimensions = 2 if _layer(name)[1] == "w" else 1
            if dtype.kind != "f" or len(shape) != dimensions:
                raise ValueError(f"{name} is a {len(shape)}-dimensional {dtype} array")
            numbers += math.prod(shape)
            if numbers > MAX_WEIGHTS or max(shape) > MAX_WEIGHTS:
                raise ValueError(f"its arrays hold more than {MAX_WEIGHTS:,} numbers")
        members[name] = (info, shape, dtype)
    if META not in members:
        raise ValueError(f"its arrays are {_listed(members)}: no meta")
    return members


def _chained(shapes: Mapping[str, tuple[int, ...]]) -> dict[str, tuple[str, int]]:
    """Each net's name, its arrays' prefix and its number of layers: ``w0, b0, ...,
    wN, bN`` each, a layer's weights as many rows as the layer before has biases."""
    found: dict[str, set[str]] = {}
    for name in shapes:
        if name == META:
            continue
        net, kind, index = _layer(name)
        found.setdefault(net, set()).add(f"{kind}{index}")
    nets: dict[str, tuple[str, int]] = {}
    for net, names in sorted(found.items()):
        prefix = f"{net}_" if net else ""
        count = sum(1 for name in names if name.startswith("w"))
        if not count or names != {f"{kind}{k}" for k in range(count) for kind in "wb"}:
            raise ValueError(
                f"its arrays are {_listed(shapes)}, not meta and {prefix}w0, {prefix}b0, "
                f"{prefix}w1, {prefix}b1, ..."
            )
        for k in range(count):
            (rows, columns), (biases,) = shapes[f"{prefix}w{k}"], shapes[f"{prefix}b{k}"]
            if biases != columns or (k and rows != shapes[f"{prefix}w{k - 1}"][1]):
                raise ValueError(f"{prefix}layer {k}'s shapes do not chain to the layer before")
        nets[net] = (prefix, count)
    return nets


def _array(archive: zipfile.ZipFile, member: Member) -> np.ndarray[Any, Any]:
    """The array of a checked member: the bytes its header declares, and no more."""
    info, shape, dtype = member
    with archive.open(info) as stream:
        version = np.lib.format.read_magic(stream)
        _, fortran, _ = _VERSIONS[version](stream)
        wanted = math.prod(shape) * dtype.itemsize
        data = stream.read(wanted)
    if len(data) != wanted:
        raise ValueError(f"{info.filename} ends before its array does")
    return np.frombuffer(data, dtype).reshape(shape, order="F" if fortran else "C")


def _weights(archive: zipfile.ZipFile, members: Mapping[str, Member], name: str) -> Floats:
    array = _array(archive, members[name]).astype(np.float32)
    if not np.isfinite(array).all():
        raise ValueError(f"{name} holds a weight that is not a finite number")
    return array


def _meta(array: np.ndarray[Any, Any]) -> dict[str, Any]:
    """The meta's JSON object, nested at most ``MAX_META_DEPTH`` deep."""
    nested = f"its meta is nested more than {MAX_META_DEPTH} deep"
    try:
        meta = json.loads(str(array[()]))
    except RecursionError:
        raise ValueError(nested) from None
    if _depth(meta) > MAX_META_DEPTH:
        raise ValueError(nested)
    if not isinstance(meta, dict):
        raise ValueError("its meta is not a JSON object")
    return meta


def _depth(value: object) -> int:
    """How deep lists and objects nest in a JSON value (without recursion)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            inner = item.values() if isinstance(item, dict) else item
            todo.extend((value, depth + 1) for value in inner)
    return deepest


def _layer(name: str) -> tuple[str, str, str]:
    """A layer array's net, kind (``w`` or ``b``) and index."""
    found = _LAYER.fullmatch(name)
    assert found is not None  # every name is checked against _LAYER first
    return found["net"] or "", found["kind"], found["index"]


def _listed(names: Mapping[str, Any]) -> str:
    return quote(sorted(names))
