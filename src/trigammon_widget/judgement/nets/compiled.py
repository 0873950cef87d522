"""The numba twin of ``network``'s forward pass: the evaluator's optional fast path.

``Network.after_plays`` rates the plays of a roll from the first layer's tables
(``network``): each play adds the table rows of the places it changes. This module
does the same per play in compiled loops, with the first hidden layer's ``tanh``, any
further ``tanh`` hidden layers, the output layer, the softmax and sigmoids of
``outcomes_from_logits``, the reordering into seats and the mover's equity, for the
plays the engine's compiled search (``engine.compiled``) left in its workspace: no
Python object per play.

The numbers are the numpy path's, up to rounding: in float64 (a net with float64
weights) they agree to 1e-12; the shipped float32 nets use a rational ``tanh``
accurate to a few units in the last place of a float32 (Eigen's), so vectors agree
to about 1e-6 (``tests/judgement/nets/test_compiled.py`` holds both).

A net's arrays come as ``Net`` (``network.CompiledRater`` makes them): the first
layer's tables, its biases, the further hidden layers packed in one array (``mids``,
each layer's weights, outputs by inputs, then its biases; ``widths`` the hidden
layers' sizes, the first one's first), the output layer, transposed, and the first
layer's rows for trigammon's hand-made features (``feature_network``; none for a
plain net). A net with features works them out for each play's position
(``inputs.compiled_trigammon.position_features``) and adds their rows.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit, types
from numba.extending import overload

from ..inputs.compiled_trigammon import position_features, workspace

__all__ = ["Features", "Leaves", "Movers", "Net", "rate_leaves", "sigmoid_of", "tanh_of"]

Array = npt.NDArray[Any]

Net = tuple[Array, Array, Array, Array, Array, Array, Array]
"""A net's arrays: first-layer tables, first biases, ``mids``, ``widths``, output
weights transposed, output biases, and the first layer's rows for hand-made features
(module docstring)."""
Features = tuple[Array, Array, Array, Array]
"""What a net of trigammon's features needs to work them out per play: each mover's
follower's slot order (seats, ``[mover, slot]``), ``inputs.trigammon.slot_paths``,
the escape table and the rolls of two dice (``counts``)."""

Movers = tuple[Array, Array, Array, Array]
"""The net's outputs as each mover reads them, indexed by the mover: ``starts[mover,
seat, place]``, the first layer's table row of that place holding no checker (the seats
in the slot order of the player who rates the results, the next to roll);
``to_seats[mover]``, the outputs' order in seats; ``columns[mover]``, the mover's
equity of a vector in seats; and ``winners``, the winner of each pair's gammon."""
Leaves = tuple[Array, Array, Array]
"""A search's results as the engine's compiled search leaves them
(``engine.compiled``): each result's board of the mover, the blots it hit (bits), and
the owner of each blot (player, path index)."""

_LIMIT = np.float32(7.90531110763549805)
"""Beyond this float32 ``tanh`` is 1 to the last bit."""
_P = tuple(
    np.float32(c)
    for c in (
        -2.76076847742355e-16,
        2.00018790482477e-13,
        -8.60467152213735e-11,
        5.12229709037114e-08,
        1.48572235717979e-05,
        6.37261928875436e-04,
        4.89352455891786e-03,
    )
)
_Q = tuple(
    np.float32(c)
    for c in (
        1.19825839466702e-06,
        1.18534705686654e-04,
        2.26843463243900e-03,
        4.89352518554385e-03,
    )
)


def tanh_of(x: float) -> float:
    """``tanh`` in the precision of ``x`` (compiled code only)."""
    return math.tanh(x)


@overload(tanh_of, inline="always")
def _tanh_of(x: Any) -> Any:
    if x == types.float32:
        p0, p1, p2, p3, p4, p5, p6 = _P
        q0, q1, q2, q3 = _Q
        limit = _LIMIT

        def rational(x: Any) -> Any:
            # Eigen's float tanh: a 13/6 rational function on [-7.9, 7.9], branch-free
            # so that a loop of it compiles to vector instructions.
            x = min(max(x, -limit), limit)
            x2 = x * x
            p = x2 * p0 + p1
            p = x2 * p + p2
            p = x2 * p + p3
            p = x2 * p + p4
            p = x2 * p + p5
            p = x2 * p + p6
            q = x2 * q0 + q1
            q = x2 * q + q2
            q = x2 * q + q3
            return x * p / q

        return rational

    def exact(x: Any) -> Any:
        return math.tanh(x)

    return exact


def sigmoid_of(x: float) -> float:
    """The logistic function in the precision of ``x`` (compiled code only), as
    ``network._sigmoid`` computes it: ``0.5 + 0.5 tanh(x / 2)``."""
    return 0.5 + 0.5 * math.tanh(0.5 * x)


@overload(sigmoid_of, inline="always")
def _sigmoid_of(x: Any) -> Any:
    if x == types.float32:
        half = np.float32(0.5)

        def single(x: Any) -> Any:
            return half + half * tanh_of(half * x)

        return single

    def double(x: Any) -> Any:
        return 0.5 + 0.5 * math.tanh(0.5 * x)

    return double


BLOCK = 16
"""Plays whose hidden layers past the first are computed together: each row of a
layer's weights is read once for them all, from the nearest cache, where one play at a
time streams the whole layer through it per play (a 384 by 192 layer is 295 KB)."""


@njit(cache=True, nogil=True, error_model="numpy", fastmath=True)
def _dense_rows(x: Array, rows: int, weights: Array, biases: Array, out: Array) -> None:
    """``out[:rows] = tanh(x[:rows] @ weights.T + biases)`` (``weights`` outputs by
    inputs), ``BLOCK`` rows at a time: four outputs' weights at once, read from the
    nearest cache for every row of the block, each number of a row loaded once for the
    four dot products; loops over contiguous numbers that compile to vector
    instructions (1.4 times as fast as one output at a time, on a 384 by 192 layer)."""
    outputs, inputs = weights.shape
    for start in range(0, rows, BLOCK):
        stop = min(start + BLOCK, rows)
        j = 0
        while j + 4 <= outputs:
            for b in range(start, stop):
                t0 = biases[j]
                t1 = biases[j + 1]
                t2 = biases[j + 2]
                t3 = biases[j + 3]
                for i in range(inputs):
                    xi = x[b, i]
                    t0 += xi * weights[j, i]
                    t1 += xi * weights[j + 1, i]
                    t2 += xi * weights[j + 2, i]
                    t3 += xi * weights[j + 3, i]
                out[b, j] = tanh_of(t0)
                out[b, j + 1] = tanh_of(t1)
                out[b, j + 2] = tanh_of(t2)
                out[b, j + 3] = tanh_of(t3)
            j += 4
        for jj in range(j, outputs):
            for b in range(start, stop):
                total = biases[jj]
                for i in range(inputs):
                    total += x[b, i] * weights[jj, i]
                out[b, jj] = tanh_of(total)


@njit(cache=True, nogil=True, error_model="numpy", fastmath=True)
def _deeper(firsts: Array, rows: int, mids: Array, widths: Array) -> Array:
    """The last hidden layer's activations of ``rows`` plays (its first ``widths[-1]``
    columns) from the first's (``firsts``), through the further layers packed in
    ``mids``."""
    widest = widths[1:].max()
    upper = np.empty((rows, widest), firsts.dtype)
    lower = np.empty((rows, widest), firsts.dtype)
    last = firsts
    size_in = widths[0]
    at = 0
    for depth in range(1, widths.shape[0]):
        size_out = widths[depth]
        layer = upper if depth % 2 else lower
        weights = mids[at : at + size_in * size_out].reshape(size_out, size_in)
        at += size_in * size_out
        _dense_rows(last, rows, weights, mids[at : at + size_out], layer)
        at += size_out
        last = layer
        size_in = size_out
    return last


@njit(cache=True, nogil=True, error_model="numpy", fastmath=True, inline="always")
def _outcomes(
    logits: Array,
    players: int,
    winners: Array,
    to_seats: Array,
    column: Array,
    slots: Array,
    out: Array,
    k: int,
) -> float:
    """Play ``k``'s outcome vector in seats from its logits (``outcomes_from_logits``)
    into ``out[k]``; its equity (``out[k] @ column``)."""
    outputs = logits.shape[0]
    q = (outputs - players) // 2
    high = logits[0]
    for p in range(1, players):
        high = max(high, logits[p])
    share = 0.0
    for p in range(players):
        slots[p] = math.exp(logits[p] - high)
        share += slots[p]
    for p in range(players):
        slots[p] /= share
    for j in range(q):
        gammon = slots[winners[j]] * sigmoid_of(logits[players + j])
        slots[players + j] = gammon
        slots[players + q + j] = gammon * sigmoid_of(logits[players + q + j])
    equity = 0.0
    for o in range(outputs):
        value = slots[to_seats[o]]
        out[k, o] = value
        equity += value * column[o]
    return equity


@njit(cache=True, nogil=True, error_model="numpy", fastmath=True)
def _rate_leaves(
    net: Net,
    found: Array,
    starts: Array,
    everyone: Array,
    mover: int,
    leaves: Leaves,
    count: int,
    to_seats: Array,
    winners: Array,
    column: Array,
    out: Array,
) -> int:
    """Outcome vectors in seats of the ``count`` results of a search into ``out``; the
    index of the first with the highest equity (``out @ column``) among those that do
    not win (-1 if all win: a win's vector is its sure outcome, left to the caller).

    ``starts``, ``to_seats`` and ``column`` are the mover's (``Movers``); ``w1`` is the
    output layer's weights transposed (outputs x hidden). Rows are
    indexed in place, never taken as views, so that the loops compile to vector
    instructions. A net of one hidden layer is rated play by play; a deeper one keeps
    every play's first layer, then takes the further layers a block of plays at a time
    (``BLOCK``). A net with features (``extra`` rows) adds each play's features, worked
    out beforehand into ``found`` (``_leaf_features``).
    """
    flat, b0, mids, widths, w1, b1, extra = net
    boards, hits, owner = leaves
    players, size = everyone.shape
    hidden = b0.shape[0]
    outputs = b1.shape[0]
    tray = size - 1
    deep = widths.shape[0] > 1
    base = b0.copy()
    for p in range(players):
        for i in range(size):
            r = starts[p, i] + everyone[p, i]
            for h in range(hidden):
                base[h] += flat[r, h]
    first = np.empty(hidden, b0.dtype)
    firsts = np.zeros((count if deep else 0, hidden), b0.dtype)
    logits = np.empty(outputs, b0.dtype)
    slots = np.empty(outputs, b0.dtype)
    taken = np.zeros(players, np.int64)
    best = -1
    top = -np.inf
    for k in range(count):
        if boards[k, tray] == 15:
            continue
        for h in range(hidden):
            first[h] = base[h]
        for i in range(size):
            now = everyone[mover, i]
            then = boards[k, i]
            if then != now:
                new = starts[mover, i] + then
                old = starts[mover, i] + now
                for h in range(hidden):
                    first[h] += flat[new, h] - flat[old, h]
        bits = hits[k]
        if bits:
            for p in range(players):
                taken[p] = 0
            at = 0
            while bits:
                if bits & 1:
                    victim = owner[0, at]
                    point = starts[victim, owner[1, at]]
                    for h in range(hidden):
                        first[h] += flat[point, h] - flat[point + 1, h]
                    taken[victim] += 1
                bits >>= 1
                at += 1
            for p in range(players):
                if taken[p]:
                    bar = starts[p, 0] + everyone[p, 0]
                    for h in range(hidden):
                        first[h] += flat[bar + taken[p], h] - flat[bar, h]
        for f in range(extra.shape[0]):
            x = found[k, f]
            if x != 0:
                for h in range(hidden):
                    first[h] += x * extra[f, h]
        if deep:
            for h in range(hidden):
                firsts[k, h] = tanh_of(first[h])
            continue
        for h in range(hidden):
            first[h] = tanh_of(first[h])
        for o in range(outputs):
            total = b1[o]
            for h in range(hidden):
                total += first[h] * w1[o, h]
            logits[o] = total
        equity = _outcomes(logits, players, winners, to_seats, column, slots, out, k)
        if equity > top:
            top = equity
            best = k
    if not deep:
        return best
    last = _deeper(firsts, count, mids, widths)
    for k in range(count):
        if boards[k, tray] == 15:
            continue
        for o in range(outputs):
            total = b1[o]
            for h in range(w1.shape[1]):
                total += last[k, h] * w1[o, h]
            logits[o] = total
        equity = _outcomes(logits, players, winners, to_seats, column, slots, out, k)
        if equity > top:
            top = equity
            best = k
    return best


@njit(cache=True, nogil=True)
def _leaf_features(
    features: Features, everyone: Array, mover: int, leaves: Leaves, count: int, found: Array
) -> None:
    """Trigammon's hand-made features of the positions the ``count`` results of a
    search lead to (``_rate_leaves``'s arguments), each in the slot order of the player
    to roll next, into ``found``.

    Not called from code compiled with ``fastmath``: numba would compile the features
    with the caller's flags, and cache them so, which changes their last bits."""
    orders, paths, escapes, mixed = features
    boards, hits, owner = leaves
    players, size = everyone.shape
    slot = np.empty(players, np.int64)
    for s in range(players):
        slot[orders[mover, s]] = s
    after = np.empty((players, size), np.uint8)
    work, flags = workspace(players)
    for k in range(count):
        _after(everyone, mover, boards[k], hits[k], owner, slot, after)
        position_features(after, paths, escapes, mixed, work, flags, found[k])


@njit(cache=True, nogil=True)
def _after(
    everyone: Array, mover: int, mine: Array, bits: int, owner: Array, slot: Array, out: Array
) -> None:
    """Every player's board after a play (the mover's ``mine``, its hits ``bits`` on
    the blots ``owner`` names) into ``out``, in slots (``slot[seat]``)."""
    players, size = everyone.shape
    for p in range(players):
        for i in range(size):
            out[slot[p], i] = mine[i] if p == mover else everyone[p, i]
    at = 0
    while bits:
        if bits & 1:
            victim = slot[owner[0, at]]
            out[victim, owner[1, at]] -= 1
            out[victim, 0] += 1
        bits >>= 1
        at += 1


@njit(cache=True, nogil=True)
def _features_of(
    features: Features, extra: Array, everyone: Array, mover: int, leaves: Leaves, count: int
) -> Array:
    """``_leaf_features`` of a search's results where the net reads features (``extra``
    rows), else an empty array."""
    found = np.empty((count if extra.shape[0] else 0, extra.shape[0]), np.float32)
    if extra.shape[0]:
        _leaf_features(features, everyone, mover, leaves, count, found)
    return found


@njit(cache=True, nogil=True)
def rate_leaves(
    net: Net,
    features: Features,
    movers: Movers,
    everyone: Array,
    mover: int,
    leaves: Leaves,
    count: int,
    out: Array,
) -> int:
    """The outcome vectors in seats of the ``count`` results of a search of ``mover``'s
    into ``out``, the features worked out first where the net reads them; the index of
    the first with the highest equity among those that do not win, -1 if all win
    (``_rate_leaves``)."""
    starts, to_seats, columns, winners = movers
    found = _features_of(features, net[6], everyone, mover, leaves, count)
    return _rate_leaves(
        net,
        found,
        starts[mover],
        everyone,
        mover,
        leaves,
        count,
        to_seats[mover],
        winners,
        columns[mover],
        out,
    )
