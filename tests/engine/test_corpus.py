"""The seeded random-position corpus is reproducible and made of real game positions."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

import pytest

from trigammon_widget.engine import (
    CLASSIC,
    TRIGAMMON,
    VARIANTS,
    LegalPlays,
    Play,
    Position,
    Variant,
)
from trigammon_widget.engine.corpus import random_positions


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_same_seed_same_corpus_other_seed_other_corpus(variant: Variant) -> None:
    first = random_positions(variant, 300, seed=7)
    assert random_positions(variant.name, 300, seed=7) == first
    assert random_positions(variant, 300, seed=8) != first
    assert random_positions(variant, 100, seed=7) == first[:100]


# Random trigammon games last about 3,000 turns, random classic ones about 100.
@pytest.mark.parametrize(
    ("variant", "min_games"), [(CLASSIC, 5), (TRIGAMMON, 1)], ids=["classic", "trigammon"]
)
def test_positions_are_valid_with_dice_and_follow_legal_plays(
    variant: Variant, min_games: int
) -> None:
    corpus = random_positions(variant, 600, seed=1)
    assert len(corpus) == 600
    start = Position.start(variant)
    assert corpus[0].boards == start.boards
    assert corpus[0].turn == start.turn
    assert corpus[0].dice is not None
    started = 1
    for before, after in pairwise(corpus):
        # Rebuilding runs the position's validation (R1, R6, R12) again.
        assert Position(variant, after.boards, after.turn, after.dice) == after
        assert after.dice is not None
        assert not after.is_over()
        outcomes = [before.after(play.moves) for play in before.legal_plays()]
        if any(outcome.is_over() for outcome in outcomes) and after.boards == start.boards:
            assert after.turn == start.turn
            started += 1
        else:
            assert after.boards in {outcome.boards for outcome in outcomes}
            assert after.turn == variant.next_player(before.turn)
    assert started >= min_games


def test_corpus_does_not_depend_on_the_order_of_legal_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    expected = random_positions("trigammon", 200, seed=3)
    forward = LegalPlays.__iter__

    def backward(self: LegalPlays) -> Iterator[Play]:
        return reversed(list(forward(self)))

    monkeypatch.setattr(LegalPlays, "__iter__", backward)
    assert random_positions("trigammon", 200, seed=3) == expected


def test_count_must_not_be_negative() -> None:
    assert random_positions("classic", 0, seed=1) == []
    with pytest.raises(ValueError, match="-1"):
        random_positions("classic", -1, seed=1)
