"""Properties over random positions and random games, in both variants."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.naive import legal_results
from tests.engine.strategies import positions, random_game
from trigammon_widget.engine import CHECKERS, CLASSIC, TRIGAMMON, Move, Play, Position, Variant

VARIANTS = pytest.mark.parametrize("variant", [TRIGAMMON, CLASSIC], ids=lambda v: v.name)


def invariants(position: Position) -> None:
    variant = position.variant
    for player in range(variant.players):
        assert sum(position.board(player)) == CHECKERS
        assert min(position.board(player)) >= 0
    for point in range(1, variant.points + 1):
        owners = {p for p in range(variant.players) if position.board(p)[variant.path(p, point)]}
        assert len(owners) <= 1


@VARIANTS
@settings(max_examples=300)
@given(data=st.data())
def test_legal_plays_match_an_independent_reading_of_the_rules(
    variant: Variant, data: st.DataObject
) -> None:
    position = data.draw(positions(variant))
    ours = {
        Position(variant, position.after(play.moves).boards, position.turn)
        for play in position.legal_plays()
    }
    assert ours == legal_results(position)


def test_the_reading_agrees_where_the_last_checker_can_hit_on_its_way_off() -> None:
    """Found by the test above: V's last checker, on 35, goes off with the 2 alone or
    with the 1 and the 2, hitting X's blot on V's 36 (X's 24) on the way. R9 wants
    both dice even though one would win (R12), as in classic (tests/engine/test_gnubg.py):
    only the hit is legal, and the reading agrees."""
    x = [13] + [0] * 23 + [1, 1] + [0] * 12
    v = [0] * 35 + [1, 0, 14]
    position = Position(TRIGAMMON, (tuple(x), (15,) + (0,) * 37, tuple(v)), 2, dice=(1, 2))
    assert [position.format_play(play) for play in position.legal_plays()] == ["35/36*/off"]
    assert legal_results(position) == {
        Position(TRIGAMMON, position.after(play.moves).boards, 2) for play in position.legal_plays()
    }


@VARIANTS
@settings(max_examples=150)
@given(data=st.data())
def test_every_listed_play_replays_and_round_trips_through_notation(
    variant: Variant, data: st.DataObject
) -> None:
    position = data.draw(positions(variant))
    plays = position.legal_plays()
    results = set()
    for play in plays:
        assert play in plays
        after = position.play(play)
        invariants(after)
        results.add(after)
        again = position.parse_play(position.format_play(play))
        assert position.after(again.moves) == position.after(play.moves)
    assert len(results) == len(plays)


@VARIANTS
@settings(max_examples=150)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_die_by_die_play_always_ends_in_a_listed_play(
    variant: Variant, data: st.DataObject, seed: int
) -> None:
    position = data.draw(positions(variant))
    plays = position.legal_plays()
    listed = {position.after(play.moves) for play in plays}
    rng = random.Random(seed)
    done: list[Move] = []
    while options := plays.next_moves(done):
        done.append(plays.check_move(done, rng.choice(options)))
    assert position.after(done) in listed
    plays.check(Play(tuple(done)))


@VARIANTS
@settings(max_examples=5)
@given(seed=st.integers(0, 2**32))
def test_random_games_keep_the_invariants_and_end(variant: Variant, seed: int) -> None:
    # Random trigammon games are long (thousands of turns: everybody keeps hitting).
    game = random_game(variant, seed, max_turns=50_000)
    for position in game:
        invariants(position)
    final = game[-1]
    outcome = final.outcome()
    assert outcome is not None
    assert final.borne_off(outcome.winner) == CHECKERS
    assert all(final.borne_off(p) < CHECKERS for p in range(variant.players) if p != outcome.winner)
