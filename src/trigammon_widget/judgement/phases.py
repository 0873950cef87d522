"""Classic nets by phase of the game: a contact net, a race net, and a crashed net if any.

A contact position (the sides can still hit each other) is mostly about blocking,
hitting and timing; a race is only about pips and bearing off. One net for both
spends its units on two unrelated jobs, so GNU Backgammon and wildbg rate each phase
with its own net. ``PhaseNets`` holds one net per phase (``features.phases``:
``"contact"``, ``"crashed"``, ``"race"``; a missing crashed net leaves crashed
positions to the contact net), each with its own inputs (``features.contact_inputs``:
Tesauro's code and both sides' hand-made features; ``features.race_inputs``), several
``tanh`` hidden layers and the outcome logits of ``network`` (a softmax for the win,
sigmoids for the conditional gammon and backgammon chances), so every vector it gives
is consistent. Where the compiled fast path is in use (``engine.fast``), the phases and
the inputs come from ``compiled_features``, the same values bit for bit, and games pick
their plays from the arrays of the engine's compiled search (``compiled_picker``).

It answers what ``network.Network`` answers (``check``, ``rate``, ``after_plays``),
so the evaluators use either. A weights file holds every phase's layers
(``<phase>_w0``, ``<phase>_b0``, ...) and ``meta`` (JSON: ``"kind": "phases"``, how
the nets were made), read as every net file is (``weights_files``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine import fast
from ..engine.errors import quote
from ..engine.fastplay import Boards, Indexer, TurnView, key_layout
from ..engine.variant import CHECKERS, CLASSIC, Variant
from . import features, weights_files
from .network import forward, outcomes_from_logits
from .outcomes import Floats, Ints, equities_of, equity_matrix, outcome_size, slot_order, to_seats
from .outcomes import sure as sure_outcome
from .threads import one_blas_thread

__all__ = ["INPUTS", "KIND", "PhaseNets", "inputs_of", "is_phases_file", "phases_of"]

KIND = "phases"
"""``meta["kind"]`` of a weights file of phase nets."""
INPUTS: dict[str, Callable[[npt.NDArray[np.uint8]], Floats]] = {
    "contact": features.contact_inputs,
    "crashed": features.contact_inputs,
    "race": features.race_inputs,
}
"""Each phase's inputs from boards in slots ``(B, 2, 26)``."""
PHASE_OF = {features.CONTACT: "contact", features.CRASHED: "crashed", features.RACE: "race"}

Layers = weights_files.Layers


def inputs_of(phase: str, slots: npt.NDArray[np.uint8]) -> Floats:
    """``INPUTS[phase]`` of the boards, by its compiled twin where the fast path is in use."""
    if fast.compiled() is None:
        return INPUTS[phase](slots)
    from . import compiled_features  # numba: only where the fast path is in use

    return compiled_features.TWINS[INPUTS[phase]](slots)


def phases_of(slots: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """``features.phases``, compiled where the fast path is in use."""
    if fast.compiled() is None:
        return features.phases(slots)
    from . import compiled_features

    return compiled_features.phases(slots)


def input_size(phase: str) -> int:
    """How many inputs the net of ``phase`` reads."""
    return int(inputs_of(phase, np.zeros((1, 2, CLASSIC.points + 2), np.uint8)).shape[1])


@dataclass(frozen=True, eq=False)
class PhaseNets:
    """Classic nets by phase: ``nets[phase]`` is a net's (weights, biases) layers.

    ``"contact"`` and ``"race"`` are needed, ``"crashed"`` is optional. ``meta``
    records how the nets were made. Arrays are read-only once made.
    """

    nets: Mapping[str, Layers]
    meta: dict[str, Any] = field(default_factory=dict)
    variant: Variant = CLASSIC

    def __post_init__(self) -> None:
        missing = {"contact", "race"} - set(self.nets)
        unknown = set(self.nets) - set(INPUTS)
        if missing or unknown:
            raise ValueError(
                f"phase nets need a contact and a race net (and may have a crashed one): "
                f"missing {sorted(missing)}, unknown {sorted(unknown)}"
            )
        for phase, layers in self.nets.items():
            want = input_size(phase)
            if layers[0][0].shape[0] != want or layers[-1][0].shape[1] != outcome_size(2):
                raise ValueError(
                    f"a {phase} net takes {want} inputs and gives {outcome_size(2)} outputs, "
                    f"not {layers[0][0].shape[0]} and {layers[-1][0].shape[1]}"
                )
            for weights, biases in layers:
                weights.setflags(write=False)
                biases.setflags(write=False)

    # files ----------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path) -> PhaseNets:
        """Phase nets from a weights file (``save``), checked before they are trusted as
        every net file is (``weights_files.read``): a damaged, oversized or
        inconsistent file raises ``WeightsFileError`` (a ``ValueError``)."""
        return cls.of_file(weights_files.read(path))

    @classmethod
    def of_file(cls, weights: weights_files.WeightsFile) -> PhaseNets:
        """The phase nets of a weights file read (``weights_files.read``): its meta of
        ``"kind": "phases"`` lists the phases whose nets it holds."""

        def make() -> PhaseNets:
            meta = weights.meta
            if meta.get("kind") != KIND:
                raise ValueError(f"it holds no phase nets (kind {quote(meta.get('kind'))})")
            phases, nets = meta.get("phases"), sorted(weights.nets)
            if not isinstance(phases, list) or sorted(map(str, phases)) != nets:
                raise ValueError(f"its meta's phases {quote(phases)} are not its nets {nets}")
            return cls(dict(weights.nets), meta)

        return weights.build(make)

    def save(self, path: str | Path, **meta: Any) -> None:
        """Write the nets to ``path`` (compressed ``.npz``) with ``meta`` added to their own."""
        record = {
            **self.meta,
            **meta,
            "kind": KIND,
            "variant": self.variant.name,
            "phases": sorted(self.nets),
        }
        arrays: dict[str, Any] = {}
        for phase, layers in self.nets.items():
            for k, (weights, biases) in enumerate(layers):
                arrays[f"{phase}_w{k}"] = weights
                arrays[f"{phase}_b{k}"] = biases
        with open(path, "wb") as out:
            np.savez_compressed(out, meta=np.array(json.dumps(record)), **arrays)

    # rating ---------------------------------------------------------------------------

    def check(self, variant: Variant) -> None:
        """Refuse a variant other than classic's geometry."""
        if (variant.players, variant.points) != (CLASSIC.players, CLASSIC.points):
            raise ValueError(f"the classic phase nets cannot rate {variant.name} positions")

    def rate_slots(self, slots: npt.NDArray[np.uint8]) -> Floats:
        """Outcome vectors in slots of positions in contact or racing, boards in slots
        ``(B, 2, 26)`` (slot 0 to roll)."""
        found = np.empty((len(slots), outcome_size(2)), np.float32)
        phases = phases_of(slots)
        if (phases == features.OVER).any():
            raise ValueError("a finished game has its sure outcome, not a rating")
        with one_blas_thread():  # the same last bits wherever it is called: ``threads``
            for code, phase in PHASE_OF.items():
                rows = np.flatnonzero(phases == code)
                if not len(rows):
                    continue
                layers = self.nets.get(phase, self.nets["contact"])
                logits = forward(layers, inputs_of(phase, slots[rows]))[-1]
                found[rows] = outcomes_from_logits(logits, 2)
        return found

    def rate(
        self, boards: Sequence[Boards] | npt.NDArray[np.uint8], turns: Sequence[int] | Ints
    ) -> Floats:
        """Outcome vectors (in seats) of positions before the roll of ``turns[b]``."""
        array = np.asarray(boards, np.uint8)
        orders = [slot_order(self.variant, int(t)) for t in turns]
        slots = np.stack([array[b, list(order)] for b, order in enumerate(orders)])
        found = self.rate_slots(slots)
        return np.stack([to_seats(row, order) for row, order in zip(found, orders, strict=True)])

    def compiled_picker(self, variant: Variant) -> Indexer | None:
        """The best play for the mover (the first of equals) among the results of the
        engine's compiled search (``engine.compiled.Table``), where the fast path is in
        use: rated by numpy as ``after_plays`` rates them, from the search's arrays, with
        no Python object per play; the same choice as ``after_plays`` gives, so a game is
        the same on either path. (Runs of turns wholly in compiled code need a
        ``network.Network``.)"""
        if fast.compiled() is None:
            return None
        self.check(variant)
        columns = equity_matrix(self.variant.players)

        def pick(table: Any, mover: int, count: int, rng: object = None) -> int:
            space = table.space
            space.decode()
            rated = self._after(
                table.everyone[1 - mover],
                mover,
                space.boards[:count],
                space.hits[:count],
                lambda k: table.boards_after(mover, k),
            )
            return int(equities_of(rated, columns[:, mover]).argmax())

        return pick

    def after_plays(self, view: TurnView, keys: Sequence[int]) -> Floats:
        """Outcome vectors (in seats) of the positions the plays ``keys`` lead to, each
        before the other side's roll; a play that wins (R12) gets its sure outcome (R13)."""
        size = self.variant.points + 2
        shift, mask = key_layout(view.variant)
        mine = np.frombuffer(
            b"".join((key & mask).to_bytes(size, "little") for key in keys), np.uint8
        ).reshape(len(keys), size)
        hits = np.array([key >> shift for key in keys], np.int64)
        theirs = view.boards[1 - view.turn]
        return self._after(theirs, view.turn, mine, hits, lambda k: view.boards_after(keys[k]))

    def best_of_rolls(
        self,
        boards: Boards,
        mover: int,
        rolls: Ints,
        afters: npt.NDArray[np.uint8] | None = None,
    ) -> Floats | None:
        """The outcome vector (in seats) of the mover's best play for each roll of
        ``rolls``, as ``after_plays`` and the equity matrix choose it, and into
        ``afters`` (a row per roll, if given) every side's boards after that play, flat:
        the plays of every roll found by the compiled search and rated in one batch.
        None without the fast path, or where a roll has a play that wins (its sure
        outcome is the caller's)."""
        if fast.compiled() is None:
            return None
        from ..engine.compiled import leaves, workspace

        space = workspace(self.variant.name)
        flat = b"".join(map(bytearray, boards))
        mine, hits, counts = [], [], []
        for die1, die2 in rolls:
            count = int(leaves(space.ints, space.small, space.data, flat, 2, mover, die1, die2))
            if space.won:
                return None
            space.decode()
            mine.append(space.boards[:count].copy())
            hits.append(space.hits[:count].copy())
            counts.append(count)
        theirs = boards[1 - mover]
        everyone, bits = np.concatenate(mine), np.concatenate(hits)
        rated = self._after(theirs, mover, everyone, bits, _no_win)
        equities = equities_of(rated, equity_matrix(self.variant.players)[:, mover])
        firsts = np.cumsum([0, *counts[:-1]])
        best = np.array(
            [
                first + int(equities[first : first + count].argmax())
                for first, count in zip(firsts, counts, strict=True)
            ]
        )
        if afters is not None:
            after = afters.reshape(len(counts), 2, -1)
            after[:, mover] = everyone[best]
            after[:, 1 - mover] = self._theirs(theirs, bits[best])
        vectors: Floats = rated[best]
        return vectors

    def _theirs(
        self, theirs_before: Sequence[int] | npt.NDArray[np.uint8], hits: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.uint8]:
        """The other side's board after each of plays whose hit bits are ``hits`` (bit
        i: a blot hit on the mover's path index i)."""
        size = self.variant.points + 2
        bits = (hits[:, None] >> np.arange(size)) & 1
        theirs = np.repeat(np.asarray(theirs_before, np.int64)[None], len(hits), axis=0)
        theirs[:, 1 : size - 1] -= bits[:, size - 2 : 0 : -1]  # a hit on my p is their 25 - p
        theirs[:, 0] += bits.sum(axis=1)
        return theirs.astype(np.uint8)

    def _after(
        self,
        theirs_before: Sequence[int] | npt.NDArray[np.uint8],
        mover: int,
        mine: npt.NDArray[np.uint8],
        hits: npt.NDArray[np.int64],
        boards_after: Callable[[int], Boards],
    ) -> Floats:
        """``after_plays`` of plays given as the mover's boards after them and their hit
        bits (bit i: a blot hit on the mover's path index i), ``boards_after(k)`` every
        side's boards after play k (for a win's sure outcome)."""
        size = self.variant.points + 2
        slots = np.stack((self._theirs(theirs_before, hits), mine), axis=1)
        won = mine[:, size - 1] == CHECKERS
        found = np.empty((len(mine), outcome_size(2)), np.float32)
        if (~won).any():
            found[~won] = self.rate_slots(slots[~won])
        result = to_seats(found, slot_order(self.variant, 1 - mover))
        for k in np.flatnonzero(won):
            result[k] = sure_outcome(self.variant, boards_after(int(k)), mover)
        return result


def _no_win(index: int) -> Boards:
    """``_after``'s boards of a winning play where none wins."""
    raise AssertionError("no play of these rolls wins")


def is_phases_file(path: str | Path) -> bool:
    """Whether a weights file holds phase nets (else a ``network.Network``); a file
    that is no weights file raises ``WeightsFileError``."""
    return bool(weights_files.read_meta(path).get("kind") == KIND)
