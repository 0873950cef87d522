"""CPython's ``random.Random`` in compiled code: its Mersenne Twister and draws, bit for bit.

A whole game played in compiled code (the fast path's bot-only games) draws its dice
and its random choices from the game's ``random.Random``: this module takes that
generator's state (``take``), draws from it exactly as CPython does, and hands the
advanced state back (``give_back``), so a game and everything drawn after it are
the same on either path (``tests/engine/test_twister.py``). It follows CPython's
``_randommodule.c`` (MT19937: ``genrand_uint32``, ``getrandbits`` up to 32 bits,
``random()``) and ``random.py`` (``_randbelow_with_getrandbits``, on which
``randint``, ``randrange`` and ``choice`` rest), the same in CPython 3.11 to 3.13.

The state is one uint32 array: the 624 words of the twister, then the position of
the next word (``getstate()[1]``). Only ``random.Random`` itself is taken: a
subclass may draw otherwise.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

__all__ = ["STATE", "below", "give_back", "take", "uniform", "word"]

N, M = 624, 397
STATE = N + 1
"""Length of a state array: the twister's words, then its position."""
MATRIX_A, UPPER, LOWER = 0x9908B0DF, 0x80000000, 0x7FFFFFFF

State = npt.NDArray[np.uint32]


def take(rng: random.Random) -> tuple[State, Any] | None:
    """A copy of ``rng``'s twister as a state array, and what ``give_back`` needs to
    restore the rest of ``rng``; None for anything but a ``random.Random`` itself."""
    if type(rng) is not random.Random:
        return None
    version, words, gauss = rng.getstate()
    return np.array(words, np.uint32), (version, gauss)


def give_back(rng: random.Random, state: State, rest: Any) -> None:
    """Set ``rng`` to the twister ``state`` (after draws made from it in compiled code)."""
    version, gauss = rest
    rng.setstate((version, tuple(state.tolist()), gauss))


@njit(cache=True, nogil=True)
def _refill(mt: State) -> None:
    """The next 624 words (``genrand_uint32``'s refill)."""
    for k in range(N):
        y = (np.int64(mt[k]) & UPPER) | (np.int64(mt[(k + 1) % N]) & LOWER)
        value = np.int64(mt[(k + M) % N]) ^ (y >> 1)
        if y & 1:
            value ^= MATRIX_A
        mt[k] = value
    mt[N] = 0


@njit(cache=True, nogil=True)
def word(mt: State) -> int:
    """The next 32-bit word (``genrand_uint32``)."""
    if mt[N] >= N:
        _refill(mt)
    at = mt[N]
    y = np.int64(mt[at])
    mt[N] = at + 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return int(y & 0xFFFFFFFF)


@njit(cache=True, nogil=True)
def below(mt: State, n: int) -> int:
    """A whole number in ``[0, n)`` for ``0 < n < 2 ** 32``, as ``_randbelow`` draws it:
    ``getrandbits(n.bit_length())`` until it falls below ``n``. ``randint(a, b)`` is
    ``a + below(b - a + 1)``; ``choice(seq)`` picks ``seq[below(len(seq))]``."""
    k = 0
    while (n >> k) > 0:
        k += 1
    while True:
        r = word(mt) >> (32 - k)
        if r < n:
            return r


@njit(cache=True, nogil=True)
def uniform(mt: State) -> float:
    """``random()``: 53 random bits as a float in ``[0, 1)``."""
    a = word(mt) >> 5
    b = word(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)
