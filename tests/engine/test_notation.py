"""Notation read in another player's numbering: what a board numbered for one player
shows of another's play (issue 41 item 7)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from trigammon_widget import CLASSIC, TRIGAMMON, Play, Position, Variant
from trigammon_widget.engine.notation import format_play, format_play_seen, wraps_seen
from trigammon_widget.engine.places import index_of, label, place_of


def test_a_classic_play_as_the_opponent_counts_the_points() -> None:
    position = Position.start(CLASSIC).with_dice(6, 1)
    play = position.parse_play("13/7 8/7")
    assert format_play_seen(CLASSIC, play, 0, 0) == format_play(CLASSIC, play) == "13/7 8/7"
    # X's 13 is O's 12, and the play reads in X's order ("13/7 8/7"), whoever numbers it
    assert format_play_seen(CLASSIC, play, 0, 1) == "12/18 17/18"
    bar = Position.build(CLASSIC, {0: {0: 1, 12: 14}, 1: {1: 15}}, dice=(6, 5))
    entering = bar.parse_play("bar/19 13/8")
    assert format_play_seen(CLASSIC, entering, 0, 1) == "bar/6 12/17"


def test_a_trigammon_play_as_each_seat_counts_the_points() -> None:
    start = Position.start(TRIGAMMON).with_dice(6, 5)
    play = start.parse_play("1/6 12/18")
    assert [format_play_seen(TRIGAMMON, play, 0, reader) for reader in range(3)] == [
        "1/6 12/18",
        "25/30 36/6",
        "13/18 24/30",
    ]
    # Y reads 12/18 as 36/6: past its last point and on from 1 (walk 18 read it backwards).
    assert [wraps_seen(TRIGAMMON, play, 0, reader) for reader in range(3)] == [
        False,
        True,
        False,
    ]
    first = Play(tuple(move for move in play if move.start == 1))  # 1/6, which Y reads 25/30
    assert not wraps_seen(TRIGAMMON, first, 0, 1)
    classic = Position.start(CLASSIC).with_dice(6, 1)
    assert not any(
        wraps_seen(CLASSIC, play, 0, reader)
        for play in classic.legal_plays()
        for reader in range(2)
    )


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([CLASSIC, TRIGAMMON]), st.data())
def test_each_move_starts_on_the_same_point_whoever_reads_it(
    variant: Variant, data: st.DataObject
) -> None:
    """A move read in another's numbering starts on the same place of the board."""
    mover = data.draw(st.integers(0, variant.players - 1))
    reader = data.draw(st.integers(0, variant.players - 1))
    dice = (data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6)))
    position = Position.start(variant, turn=mover).with_dice(*dice)
    play = data.draw(st.sampled_from(list(position.legal_plays())))
    for move in play.moves:
        written = format_play_seen(variant, Play((move,)), mover, reader)
        start = place_of(variant, mover, move.start)
        assert written.split("/")[0] == label(variant, index_of(variant, reader, start))
