"""The evaluators' network: a small feed-forward net in numpy, its inputs and outputs.

One net per variant rates a position before the roll of the player to move.

**Seats.** The net sees the players in slot order (``outcome_vectors``: slot 0 is the player
to move, then in turn order). Everything the net reads and writes is in slots;
``Network.rate`` and ``Network.after_plays`` turn slots back into seats.

**Inputs**: Tesauro's code of the boards in slots (``inputs.encoding``).

**Outputs**: an outcome vector in slots (``outcome_vectors``). The net's logits go through a
softmax for ``P`` and sigmoids for the conditional chances ``G / P[w]`` and ``B / G``
(``outcomes_from_logits``), so every vector it gives is consistent (``B <= G <= P``,
``P`` sums to 1).

**Speed.** The first layer is linear in the inputs, and each place's units depend
on its count alone, so it is a table lookup: per slot, place and count, the hidden
units it adds. A bot scores the plays of a roll from the few places each play
changes (``after_plays``), with no input vector built at all.
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ...engine import fast
from ...engine.fastplay import Boards, Indexer, TurnView, key_layout
from ...engine.runs import Run, Seat
from ...engine.variant import CHECKERS, Variant, find_variant
from .. import race
from ..inputs import COUNTS, UNIT_TABLE, UNITS, encode, in_slots, inputs_per_slot
from ..outcome_vectors import (
    Floats,
    Ints,
    by_turn,
    equities_of,
    equity_matrix,
    outcome_size,
    pairs,
    seat_index,
    slot_order,
    sure,
    to_seats,
)
from ..threads import one_blas_thread
from . import weights_files
from .weights_files import WeightsFileError

__all__ = ["Network", "WeightsFileError"]

BATCH = 64
"""Plays scored at once by ``after_plays``: it adds up each play's changes with a
product whose size grows with the square of this (a roll of doubles can have a
thousand plays)."""


# --- the output layer ------------------------------------------------------------


def _sigmoid(x: Floats) -> Floats:
    out: Floats = 0.5 + 0.5 * np.tanh(0.5 * x)
    return out


def outcomes_from_logits(logits: Floats, players: int) -> Floats:
    """The net's outcome vectors (in slots): softmax wins, conditional gammons."""
    q = len(pairs(players))
    wins = logits[:, :players]
    wins = np.exp(wins - wins.max(axis=1, keepdims=True))
    wins /= wins.sum(axis=1, keepdims=True)
    chances = _sigmoid(logits[:, players:])
    gammons = wins[:, _winners(players)] * chances[:, :q]
    return np.concatenate((wins, gammons, gammons * chances[:, q:]), axis=1)


@cache
def _winners(players: int) -> Ints:
    return np.array([w for w, _ in pairs(players)], np.intp)


# --- the network ---------------------------------------------------------------------

Layers = Sequence[tuple[Floats, Floats]]


def forward(layers: Layers, inputs: Floats) -> list[Floats]:
    """Every layer's activations for a batch of input vectors (``tanh`` hidden layers);
    the last are the logits."""
    out = [inputs]
    for k, (weights, biases) in enumerate(layers):
        z = out[-1] @ weights + biases
        out.append(z if k == len(layers) - 1 else np.tanh(z))
    return out


@dataclass(frozen=True, eq=False)
class Network:
    """Weights of one variant's net: ``tanh`` hidden layers, then the outcome logits.

    ``layers[k]`` is a (weights, biases) pair; ``meta`` records how the net was made
    (method, games, version). Arrays are read-only once made.
    """

    variant: Variant
    layers: tuple[tuple[Floats, Floats], ...]
    meta: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        players = self.variant.players
        want_in = self.input_size()
        first = self.layers[0][0]
        last = self.layers[-1][0]
        if first.shape[0] != want_in or last.shape[1] != outcome_size(players):
            raise ValueError(
                f"a {self.variant.name} net takes {want_in} inputs and gives "
                f"{outcome_size(players)} outputs, not {first.shape[0]} and {last.shape[1]}"
            )
        for weights, biases in self.layers:
            weights.setflags(write=False)
            biases.setflags(write=False)

    def input_size(self) -> int:
        return self.variant.players * inputs_per_slot(self.variant)

    def inputs(self, slots: npt.NDArray[np.uint8]) -> Floats:
        """The input vectors of boards in slots ``(B, players, N + 2)``."""
        return encode(self.variant, slots)

    # files ----------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path) -> Network:
        """A net from a weights file (``save``): ``w0, b0, w1, b1, ...`` and ``meta``,
        which names its variant. The file is data, checked before it is trusted
        (``weights_files.read``): a damaged, oversized or inconsistent one raises
        ``WeightsFileError`` (a ``ValueError``) saying what is wrong."""
        return cls.of_file(weights_files.read(path))

    @classmethod
    def of_file(cls, weights: weights_files.WeightsFile) -> Network:
        """The net of a weights file read (``weights_files.read``)."""

        def make() -> Network:
            meta = weights.meta
            if not isinstance(meta.get("variant"), str):
                raise ValueError("its meta names no variant")
            options = meta.get("options", {})
            if not isinstance(options, dict):
                raise ValueError("its meta's options are not a JSON object")
            variant = find_variant(meta["variant"]).with_options(**options)
            return cls(variant, weights.one_net(), meta)

        return weights.build(make)

    def save(self, path: str | Path, **meta: Any) -> None:
        """Write the net to ``path`` (compressed ``.npz``) with ``meta`` added to its own."""
        record = {**self.meta, **meta, "variant": self.variant.name}
        arrays: dict[str, Any] = {f"w{k}": w for k, (w, _) in enumerate(self.layers)}
        arrays |= {f"b{k}": b for k, (_, b) in enumerate(self.layers)}
        with open(path, "wb") as out:
            np.savez_compressed(out, meta=np.array(json.dumps(record)), **arrays)

    # rating whole positions -------------------------------------------------------------

    def check(self, variant: Variant) -> None:
        """Refuse a variant this net was not trained for (other geometry or turn order)."""
        if (variant.players, variant.points) != (self.variant.players, self.variant.points):
            raise ValueError(f"the {self.variant.name} net cannot rate {variant.name} positions")
        if variant.players > 2 and variant.turn_order != self.variant.turn_order:
            raise ValueError(
                f"the {self.variant.name} net was trained with turn_order="
                f"{self.variant.turn_order!r}, not {variant.turn_order!r} (R3)"
            )

    def forward(self, inputs: Floats) -> list[Floats]:
        """Every layer's activations for a batch of input vectors; the last are logits.
        (BLAS on one thread: ``threads``.)"""
        with one_blas_thread():
            return forward(self.layers, inputs)

    def rate(
        self, boards: Sequence[Boards] | npt.NDArray[np.uint8], turns: Sequence[int] | Ints
    ) -> Floats:
        """Outcome vectors (in seats) of positions before the roll of ``turns[b]``."""
        array = np.asarray(boards, np.uint8)
        whose = np.asarray(turns, np.intp)
        logits = self.forward(self.inputs(in_slots(self.variant, array, whose)))[-1]
        found = outcomes_from_logits(logits, self.variant.players)
        return by_turn(self.variant, found, whose, to_seats)

    # rating the plays of a roll, fast -------------------------------------------------

    @cached_property
    def _tables(self) -> Floats:
        """Row ``(slot * (N + 2) + place) * 16 + count``: what a place's count adds to
        the first layer."""
        weights = self.layers[0][0]
        variant = self.variant
        size, per = variant.points + 2, inputs_per_slot(variant)
        hidden = weights.shape[1]
        dtype = weights.dtype  # float32; float64 for a net checked to the last digits
        tables = np.empty((variant.players, size * COUNTS, hidden), dtype)
        for s in range(variant.players):
            rows = weights[s * per : s * per + per - 1].reshape(size - 1, UNITS, hidden)
            places = np.einsum("cu,puh->pch", UNIT_TABLE.astype(dtype), rows)
            tray = np.arange(COUNTS, dtype=dtype)[:, None] / CHECKERS * weights[s * per + per - 1]
            tables[s] = np.concatenate((places, tray[None]), axis=0).reshape(-1, hidden)
        flat: Floats = np.concatenate((tables.reshape(-1, hidden), np.zeros((1, hidden), dtype)))
        flat.setflags(write=False)
        return flat

    def after_plays(self, view: TurnView, keys: Sequence[int]) -> Floats:
        """Outcome vectors (in seats) of the positions the plays ``keys`` lead to.

        Each is rated before the roll of the next player; a play that wins (R12) gets
        its sure outcome (R13). The first layer starts from the board as it is and
        adds, per play, what changes: the mover's places that the play changes, and
        for each hit (R7) the victim's point (a blot: 1 -> 0) and its bar.
        """
        compiled = self.compiled_rater(view.variant)
        if compiled is not None:
            return compiled.after_plays(view, keys)
        with one_blas_thread():
            return self._after_plays(view, keys)

    def _after_plays(self, view: TurnView, keys: Sequence[int]) -> Floats:
        if len(keys) > BATCH:
            batches = [
                self._after_plays(view, keys[k : k + BATCH]) for k in range(0, len(keys), BATCH)
            ]
            return np.concatenate(batches)
        variant = view.variant
        size = variant.points + 2
        shift, mask = key_layout(variant)
        mover = view.turn
        order = slot_order(variant, variant.next_player(mover))
        slot = {seat: s for s, seat in enumerate(order)}
        flat = self._tables
        stride = size * COUNTS
        starts = _starts(variant.players, size, order)
        boards = view.boards
        everyone = np.frombuffer(b"".join(map(bytes, boards)), np.uint8)
        base = self.layers[0][1] + flat[starts.ravel() + everyone].sum(axis=0)
        now = everyone[mover * size : (mover + 1) * size]
        after = np.frombuffer(
            b"".join((key & mask).to_bytes(size, "little") for key in keys), np.uint8
        ).reshape(len(keys), size)
        rows, cols = np.nonzero(after != now)
        mine = starts[mover]
        new = mine[cols] + after[rows, cols]
        old = mine[cols] + now[cols]
        hit_rows, hit_new, hit_old = self._hits(view, keys, shift, slot, stride)
        if hit_rows:
            rows = np.concatenate((rows, hit_rows))
            new = np.concatenate((new, hit_new))
            old = np.concatenate((old, hit_old))
        # One row per play, one column per change: a product adds up each play's
        # changes (``BATCH`` bounds its size).
        changes = np.zeros((len(keys), len(rows)), np.float32)
        changes[rows, np.arange(len(rows))] = 1.0
        first = changes @ (flat[new] - flat[old])
        first += base
        first += self._beyond_tables(view, keys, order)
        found = self._outcomes_from_first(first)
        result = to_seats(found, order)
        for k in np.flatnonzero(after[:, size - 1] == CHECKERS):
            result[k] = sure(variant, view.boards_after(keys[int(k)]), mover)
        return result

    def _beyond_tables(self, view: TurnView, keys: Sequence[int], order: tuple[int, ...]) -> Floats:
        """What inputs beyond the checker counts add to the first layer of each play's
        position (slots in ``order``): nothing here; a net with more inputs says."""
        return np.zeros(self.layers[0][1].shape, self.layers[0][1].dtype)

    @staticmethod
    def _hits(
        view: TurnView, keys: Sequence[int], shift: int, slot: dict[int, int], stride: int
    ) -> tuple[list[int], list[int], list[int]]:
        """First-layer table rows (play, new, old) of every hit's victim: its point goes
        from 1 checker to 0, its bar up by the hits it took."""
        rows: list[int] = []
        new: list[int] = []
        old: list[int] = []
        owner = view.blot_owner
        for k, key in enumerate(keys):
            bits = key >> shift
            if not bits:
                continue
            taken: dict[int, int] = {}
            while bits:
                low = bits & -bits
                victim, index = owner[low.bit_length() - 1]
                bits ^= low
                at = slot[victim] * stride + index * COUNTS
                rows.append(k)
                new.append(at)
                old.append(at + 1)
                taken[victim] = taken.get(victim, 0) + 1
            for victim, count in taken.items():
                bar = slot[victim] * stride + view.boards[victim][0]
                rows.append(k)
                new.append(bar + count)
                old.append(bar)
        return rows, new, old

    def compiled_picker(self, variant: Variant) -> Indexer | None:
        """The compiled form of "the play with the highest equity for the mover" for
        games of ``variant`` (``fastplay.FastChooser``), or None without the fast path."""
        compiled = self.compiled_rater(variant)
        return None if compiled is None else compiled.pick

    def compiled_rater(self, variant: Variant) -> CompiledRater | None:
        """The compiled forward pass for ``variant`` when the fast path is in use
        (``judgement.nets.compiled``), else None."""
        if fast.compiled() is None:
            return None
        raters = self._raters
        rater = raters.get(variant)
        if rater is None:
            rater = raters[variant] = CompiledRater(self, variant)
        return rater

    @cached_property
    def _raters(self) -> dict[Variant, CompiledRater]:
        return {}

    def _outcomes_from_first(self, first: Floats) -> Floats:
        logits = forward(self.layers[1:], np.tanh(first))[-1]
        return outcomes_from_logits(logits, self.variant.players)


@cache
def _starts(players: int, size: int, order: tuple[int, ...]) -> Ints:
    """``[seat, place]``: the first-layer table row of that place holding no checker,
    with the seats in ``order``'s slots."""
    out = np.empty((players, size), np.intp)
    for s, seat in enumerate(order):
        out[seat] = (s * size + np.arange(size)) * COUNTS
    out.setflags(write=False)
    return out


def _feature_context(variant: Variant, orders: Sequence[tuple[int, ...]]) -> Any:
    """``compiled.Features`` of ``variant``: what a net of trigammon's features needs in
    compiled code (a net without them passes it along unread)."""
    from ..inputs import MIXED, escape_tables, slot_paths

    paths = (
        slot_paths(variant)
        if variant.players == 3
        else np.zeros((3, 3, variant.points + 1), np.int64)
    )
    return (np.array(orders, np.int64), paths, escape_tables()[0], MIXED.astype(np.int64))


def _search(space: Any) -> Any:
    """``compiled_turns.Search`` of the engine's compiled search workspace
    (``engine.compiled.Workspace``)."""
    return (space.ints, space.small, space.data, space.boards, space.hits, space.owner)


ROLLS = np.array([(a, b) for a in range(1, 7) for b in range(a, 7)], np.intp)
"""The 21 rolls, in ``evaluation.ROLLS``'s order; ``ROLL_CHANCES`` their chances."""
ROLL_CHANCES = np.array([(1 if a == b else 2) / 36 for a, b in ROLLS])


class CompiledRater:
    """A net's compiled forward pass for one variant (``compiled``): the plays of a roll
    rated as ``Network.after_plays`` rates them, and the best one picked; whole turns of
    bot-only games (``compiled_turns``), races rated from the database
    (``race.compiled``)."""

    def __init__(self, net: Network, variant: Variant) -> None:
        # numba: only where the fast path is in use
        from ...engine.compiled import CAPACITY
        from ..race import compiled as race_compiled
        from . import compiled, compiled_turns

        self.forward = compiled
        self.turns = compiled_turns
        self.races = race_compiled
        self.variant = variant
        self.net = net
        players, size = variant.players, variant.points + 2
        (_, b0), *middle, (w1, b1) = net.layers
        dtype = b0.dtype
        flat, bias, weights, out_bias = (
            np.ascontiguousarray(a, dtype) for a in (net._tables, b0, w1.T, b1)
        )
        mids = np.concatenate(
            [np.zeros(0, dtype), *(np.concatenate((w.T.ravel(), b)) for w, b in middle)]
        )
        widths = np.array([len(b0), *(len(b) for _, b in middle)], np.int64)
        extra = np.ascontiguousarray(net.layers[0][0][players * inputs_per_slot(variant) :], dtype)
        self.arrays: compiled.Net = (flat, bias, mids, widths, weights, out_bias, extra)
        orders = [slot_order(variant, variant.next_player(m)) for m in range(players)]
        self.features: compiled.Features = _feature_context(variant, orders)
        matrix = equity_matrix(players).astype(dtype)
        self.movers: compiled.Movers = (
            np.stack([_starts(players, size, order) for order in orders]),
            np.stack([seat_index(order) for order in orders]),
            np.ascontiguousarray(matrix.T),
            _winners(players),
        )
        self.size = size
        self.shape = (CAPACITY, outcome_size(players))  # a search has at most CAPACITY
        self.dtype = dtype
        self.local = threading.local()
        """Each thread's buffer of the vectors of the results it last picked from."""
        self.following = np.array([variant.next_player(p) for p in range(players)], np.intp)
        self.equities = np.ascontiguousarray(equity_matrix(players).T, np.float64)
        """Each mover's equity of a vector in seats, in float64 (``best_equities``)."""

    def pick(self, table: Any, mover: int, count: int, rng: object = None) -> int:
        """The index of the result of the compiled search (``engine.compiled.Table``)
        with the highest equity for the mover; the first of equals."""
        best, out = self._rated(table, mover, count)
        if not table.space.won:
            return best
        for k in np.flatnonzero(table.space.boards[:count, -1] == CHECKERS):
            out[k] = sure(self.variant, table.boards_after(mover, int(k)), mover)
        return int(equities_of(out[:count], self.movers[2][mover]).argmax())

    def _rated(self, table: Any, mover: int, count: int) -> tuple[int, Floats]:
        """The compiled search's results rated into this thread's buffer, and the first
        of the highest equity among those that do not win."""
        space = table.space
        space.decode()
        out = self._out()
        best: int = self.forward.rate_leaves(
            self.arrays,
            self.features,
            self.movers,
            table.everyone,
            mover,
            (space.boards, space.hits, space.owner),
            count,
            out,
        )
        return best, out

    def _out(self) -> Floats:
        out: Floats | None = getattr(self.local, "out", None)
        if out is None:
            out = self.local.out = np.empty(self.shape, self.dtype)
        return out

    def run(
        self,
        table: Any,
        seats: Sequence[Seat],
        turn: int,
        rng: random.Random,
        left: int | None,
        passes: int,
    ) -> Run | None:
        """``runs.Runner.run``: turns of the compiled table ``table`` in one
        compiled call (``compiled_turns.run_turns``), the dice and random choices drawn from
        ``rng``'s twister, taken and given back (``engine.twister``)."""
        from ...engine import twister

        taken = twister.take(rng)
        if taken is None:
            return None
        mt, rest = taken
        kinds, races = self._choices(tuple(seats))
        turn, played, die1, die2, passes, won = self.turns.run_turns(
            self.arrays,
            self.features,
            self.movers,
            _search(table.space),
            table.flat,
            table.everyone,
            self.following,
            kinds,
            races,
            self._tables(bool(races.any())),
            self.variant.home_start,
            turn,
            -1 if left is None else left,
            passes,
            mt,
            self._out(),
        )
        twister.give_back(rng, mt, rest)
        return Run(turn, played, (die1, die2) if die1 else None, passes, won)

    def _tables(self, races: bool) -> Any:
        """The bear-off database for compiled code (``race.Tables``), read only where
        races are rated from it."""
        return race.compiled_tables(self.variant) if races else race.NO_TABLES

    def pick_in_race(self, table: Any, mover: int, count: int) -> int:
        """``pick`` where every other player is home, the plays that leave a bear-off
        race rated from the database (``race.after_plays``); -1 where a play wins or a
        race is to be solved exactly (``race.exact``), which Python rates."""
        if table.space.won:
            return -1
        _, out = self._rated(table, mover, count)
        found: int = self.races.race_choice(
            self._tables(True),
            table.everyone,
            mover,
            self.variant.home_start,
            table.space.boards,
            table.space.hits,
            count,
            self.movers[2][mover],
            out,
        )
        return found

    @lru_cache(maxsize=64)  # noqa: B019 - a rater lives as long as its net
    def _choices(self, seats: tuple[Seat, ...]) -> tuple[Ints, npt.NDArray[np.bool_]]:
        """How each seat chooses (``compiled_turns.RANDOM`` or ``BEST``) and which rate
        bear-off races from the database, as ``run_turns`` takes them: a table's seats
        are the same all game, and games come by the thousand."""
        kinds = [self.turns.RANDOM if s.runner is None else self.turns.BEST for s in seats]
        return np.array(kinds, np.intp), np.array([s.races for s in seats])

    def best_of_rolls(
        self,
        boards: Boards,
        mover: int,
        rolls: Ints,
        races: bool,
        afters: npt.NDArray[np.uint8] | None = None,
    ) -> Floats | None:
        """The outcome vector (in seats) of the mover's best play by the net for each
        roll of ``rolls`` (as ``after_plays`` and the equity matrix choose it; with
        ``races``, bear-off races rated from the database), in one compiled call
        (``compiled_turns.best_of_rolls``), and into ``afters`` (a row per roll, if given)
        every player's boards after that play, flat; None where a roll has a play that
        wins or a race to be solved exactly."""
        from ...engine.compiled import workspace

        space = workspace(self.variant.name)
        table = np.frombuffer(b"".join(map(bytearray, boards)), np.uint8).copy()
        vectors = np.empty((len(rolls), self.shape[1]), self.dtype)
        if afters is None:
            afters = np.empty((0, len(table)), np.uint8)
        done = self.turns.best_of_rolls(
            self.arrays,
            self.features,
            self.movers,
            _search(space),
            table,
            table.reshape(self.variant.players, -1),
            mover,
            races,
            self._tables(races),
            self.variant.home_start,
            rolls,
            self._out(),
            vectors,
            afters,
        )
        return vectors if done else None

    def best_equities(
        self, boards: Boards, mover: int, races: bool
    ) -> npt.NDArray[np.float64] | None:
        """The mover's equity (in float64) of its best play for each of the 21 rolls
        (``evaluation.ROLLS``); None where ``best_of_rolls`` is."""
        vectors = self.best_of_rolls(boards, mover, ROLLS, races)
        return None if vectors is None else vectors.astype(np.float64) @ self.equities[mover]

    def one_ply(self, boards: Boards, mover: int, races: bool) -> npt.NDArray[np.float64] | None:
        """The outcome vector of the position before ``mover`` rolls, one roll deep (as
        ``evaluation.rate_before_roll`` rates it with the net), in float64; None where
        ``best_of_rolls`` is."""
        vectors = self.best_of_rolls(boards, mover, ROLLS, races)
        return None if vectors is None else ROLL_CHANCES @ vectors.astype(np.float64)

    def after_plays(self, view: TurnView, keys: Sequence[int]) -> Floats:
        """``Network.after_plays``, compiled."""
        variant, size, mover = self.variant, self.size, view.turn
        shift, mask = key_layout(variant)
        boards = np.frombuffer(
            b"".join((key & mask).to_bytes(size, "little") for key in keys), np.uint8
        ).reshape(len(keys), size)
        hits = np.array([key >> shift for key in keys], np.int64)
        owner = np.zeros((2, size), np.int64)
        for at, (player, index) in view.blot_owner.items():
            owner[0, at], owner[1, at] = player, index
        everyone = np.frombuffer(b"".join(map(bytes, view.boards)), np.uint8).reshape(-1, size)
        out = np.empty((len(keys), self.shape[1]), self.dtype)
        self.forward.rate_leaves(
            self.arrays,
            self.features,
            self.movers,
            everyone,
            mover,
            (boards, hits, owner),
            len(keys),
            out,
        )
        for k in np.flatnonzero(boards[:, -1] == CHECKERS):
            out[k] = sure(variant, view.boards_after(keys[int(k)]), mover)
        return out
