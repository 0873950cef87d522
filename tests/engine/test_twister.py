"""engine.twister against CPython's random.Random: the same draws, bit for bit, and the
generator handed back where Python's own draws would have left it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

twister = pytest.importorskip("trigammon_widget.engine.twister", reason="needs numba")

SEEDS = [0, 1, 12345, 2**40 + 7, "7:3", "a rollout:0", -5]
BOUNDS = [1, 2, 3, 6, 7, 8, 9, 21, 1000, 2744, 16384, 2**31 - 1, 2**31, 2**32 - 1]
"""Sizes drawn below: dice, choices, powers of two and their neighbours, the largest."""


def taken(rng: random.Random) -> tuple[Any, Any]:
    found: tuple[Any, Any] | None = twister.take(rng)
    assert found is not None
    return found


@pytest.mark.parametrize("seed", SEEDS)
def test_words_and_uniforms_are_cpythons(seed: int | str) -> None:
    """Past two refills of the twister (624 words each)."""
    rng = random.Random(seed)
    state, _ = taken(random.Random(seed))
    for _ in range(700):
        assert twister.word(state) == rng.getrandbits(32)
    for _ in range(400):
        assert twister.uniform(state) == rng.random()


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("n", BOUNDS)
def test_below_is_randbelow(seed: int | str, n: int) -> None:
    rng = random.Random(seed)
    state, _ = taken(random.Random(seed))
    for _ in range(300):
        assert twister.below(state, n) == rng.randrange(n)


def test_dice_and_choices_are_randint_and_choice() -> None:
    rng = random.Random("dice")
    state, _ = taken(random.Random("dice"))
    for count in range(1, 2000):
        assert 1 + twister.below(state, 6) == rng.randint(1, 6)
        assert twister.below(state, count) == rng.choice(range(count))


@settings(max_examples=200)
@given(
    st.integers(min_value=0, max_value=2**64),
    st.lists(st.one_of(st.integers(min_value=1, max_value=2**32 - 1), st.just(0)), max_size=1500),
)
def test_any_mix_of_draws_hands_the_generator_back_where_python_leaves_it(
    seed: int, draws: list[int]
) -> None:
    """0 stands for ``random()``, n > 0 for ``randrange(n)``; after the draws the state
    handed back is Python's, the Gaussian's spare value included."""
    ours, theirs = random.Random(seed), random.Random(seed)
    ours.gauss(0, 1)  # leaves a spare Gaussian in the generator's state
    theirs.gauss(0, 1)
    state, rest = taken(ours)
    for n in draws:
        if n:
            assert twister.below(state, n) == theirs.randrange(n)
        else:
            assert twister.uniform(state) == theirs.random()
    twister.give_back(ours, state, rest)
    assert ours.getstate() == theirs.getstate()
    assert [ours.random() for _ in range(5)] == [theirs.random() for _ in range(5)]


def test_only_random_random_itself_is_taken() -> None:
    class Loaded(random.Random):
        def random(self) -> float:
            return 0.0

    assert twister.take(Loaded(1)) is None
    assert twister.take(random.SystemRandom()) is None
