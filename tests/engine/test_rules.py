"""Each rule of RULES.md on hand-made positions, against the exact set of results.

Expected plays are written in notation and parsed, so every expectation is a
resulting position; the engine's list must equal that set, no more and no less.
"""

from __future__ import annotations

import pytest

from trigammon_widget.engine import (
    CLASSIC,
    TRIGAMMON,
    IllegalMoveError,
    InvalidPositionError,
    Move,
    Play,
    Position,
)


def results(position: Position) -> set[Position]:
    return {position.after(play.moves) for play in position.legal_plays()}


def expect(position: Position, *notations: str) -> None:
    """The legal plays are exactly the ones written (each a distinct position)."""
    wanted = {position.after(position.parse_play(text).moves) for text in notations}
    assert len(wanted) == len(notations), "the expectation repeats a position"
    assert results(position) == wanted
    assert len(position.legal_plays()) == len(notations)


def classic(
    mine: dict[int | str, int], theirs: dict[int | str, int], dice: tuple[int, int]
) -> Position:
    """A classic set-up written as player 0 reads the board: points 24..1 and "bar".

    Player 0's point k is its path position 25 - k, and player 1's path position k.
    """
    own = {("bar" if k == "bar" else 25 - int(k)): v for k, v in mine.items()}
    return Position.build(CLASSIC, {0: own, 1: theirs}, turn=0, dice=dice)


def test_r1_start_position_both_variants() -> None:
    for variant in (TRIGAMMON, CLASSIC):
        start = Position.start(variant)
        owners = [start.point(p) for p in range(1, variant.points + 1)]
        occupied = [o for o in owners if o is not None]
        assert len(occupied) == 4 * variant.players
        for player in range(variant.players):
            board = start.board(player)
            assert (board[1], board[12], board[17], board[19]) == (2, 5, 3, 5)
            assert sum(board) == 15
    assert Position.start(CLASSIC).pip_count(0) == 167


def test_r1_trigammon_paths_are_offset_by_twelve() -> None:
    assert [TRIGAMMON.absolute(p, 1) for p in range(3)] == [1, 13, 25]
    assert TRIGAMMON.absolute(1, 36) == 12
    assert [CLASSIC.absolute(1, i) for i in (1, 24)] == [24, 1]


def test_r3_turn_passes_left_by_default_and_right_as_an_option() -> None:
    start = Position.start(TRIGAMMON).with_dice(3, 1)
    play = next(iter(start.legal_plays()))
    assert start.play(play).turn == 1
    right = Position.start(TRIGAMMON.with_options(turn_order="right")).with_dice(3, 1)
    assert right.play(play).turn == 2


def test_r4_combined_move_needs_a_legal_stop() -> None:
    # The lone checker on 13 could reach 2 with 6-5 only by stopping on 7 or 8.
    assert list(classic({13: 1}, {7: 2, 8: 2, 24: 11}, (6, 5)).legal_plays()) == [Play()]
    expect(classic({13: 1}, {7: 2, 24: 13}, (6, 5)), "13/2")


def test_r5_doubles_give_four_moves_in_any_combination() -> None:
    position = classic({13: 1, 8: 1}, {24: 15}, (2, 2))
    expect(position, "13/5", "13/7 8/6", "13/9 8/4", "13/11 8/2")


def test_r6_blocked_point_is_explained() -> None:
    position = classic({13: 1, 6: 14}, {10: 2, 23: 13}, (3, 1))
    with pytest.raises(IllegalMoveError) as error:
        position.parse_play("13/10 10/9")
    assert error.value.rule == "R6"
    assert "10 is blocked" in str(error.value)


def test_r7_hit_sends_the_checker_to_its_owners_bar() -> None:
    position = classic({24: 2, 6: 13}, {20: 1, 13: 14}, (4, 2))
    after = position.play("24/20*/18")
    assert after.bar(1) == 1
    assert after.point(CLASSIC.absolute(0, 7)) == (0, 1)
    assert after.point(CLASSIC.absolute(0, 5)) is None


def test_r8_one_of_two_bar_checkers_can_enter() -> None:
    # Player 1 holds the entry points for 1, 2, 3, 4 and 6: only the 5 enters.
    position = classic({"bar": 2, 13: 13}, {24: 2, 23: 2, 22: 2, 21: 2, 19: 2, 5: 5}, (5, 3))
    expect(position, "bar/20")


def test_r8_no_entry_loses_the_turn() -> None:
    position = classic({"bar": 1, 13: 14}, {24: 2, 23: 2, 22: 2, 21: 2, 19: 2, 5: 5}, (6, 4))
    assert list(position.legal_plays()) == [Play()]
    after = position.play(Play())
    assert after.turn == 1 and after.board(0) == position.board(0)


def test_r8_bar_first_is_explained() -> None:
    position = classic({"bar": 1, 13: 14}, {1: 15}, (6, 4))
    with pytest.raises(IllegalMoveError) as error:
        position.parse_play("13/7 13/9")
    assert error.value.rule == "R8"


def test_r9_only_one_die_playable_forces_the_higher() -> None:
    # 12/6 and 12/7 are open, but 12/1 is held: one die only, so the 6.
    position = classic({12: 1}, {1: 2, 5: 13}, (6, 5))
    expect(position, "12/6")
    with pytest.raises(IllegalMoveError) as error:
        position.parse_play("12/7")
    assert error.value.rule == "R9"
    assert "higher" in str(error.value)


def test_r9_lower_die_when_the_higher_cannot_be_played() -> None:
    expect(classic({12: 1}, {1: 2, 6: 2, 20: 11}, (6, 5)), "12/7")


def test_r9_both_dice_must_be_used_when_they_can() -> None:
    position = Position.start(CLASSIC).with_dice(6, 5)
    with pytest.raises(IllegalMoveError) as error:
        position.parse_play("24/18")
    assert error.value.rule == "R9"
    # Die by die: 24/18 would leave the 5 unplayable (13 and 3 held), 24/19 would not.
    position = classic({24: 1, 8: 1}, {13: 2, 3: 2, 1: 11}, (6, 5))
    plays = position.legal_plays()
    with pytest.raises(IllegalMoveError) as error:
        plays.check_move([], Move(1, 7, 6))
    assert error.value.rule == "R9"
    assert Move(1, 6, 5) in plays.next_moves()
    expect(position, "24/19 8/2")


def test_r9_doubles_where_fewer_than_four_fit() -> None:
    expect(classic({24: 2}, {12: 2, 1: 13}, (6, 6)), "24/18(2)")


def test_r10_hit_while_bearing_off_must_come_round_first() -> None:
    position = classic({"bar": 1, 5: 3}, {23: 15}, (6, 5))
    expect(position, "bar/14")
    with pytest.raises(IllegalMoveError) as error:
        position.legal_plays().check_move([Move(0, 6, 6)], Move(20, CLASSIC.off, 5))
    assert error.value.rule == "R10"


def test_r11_higher_die_bears_off_from_the_highest_point() -> None:
    expect(classic({4: 2, 2: 1}, {24: 15}, (6, 1)), "4/off 4/3", "4/off 2/1")


def test_r11_higher_die_needs_no_checker_farther() -> None:
    position = classic({6: 1, 3: 1}, {24: 15}, (5, 4))
    with pytest.raises(IllegalMoveError) as error:
        position.legal_plays().check_move([], Move(22, CLASSIC.off, 5))
    assert error.value.rule == "R11"
    assert "6" in str(error.value)


def test_r11_bearing_off_is_never_forced() -> None:
    expect(classic({6: 2}, {24: 15}, (1, 1)), "6/2", "6/3 6/5", "6/4(2)")


def test_r12_winning_part_way_through_a_roll() -> None:
    position = classic({3: 1}, {24: 15}, (4, 1))
    expect(position, "3/off")
    after = position.play("3/off")
    assert after.winner == 0 and after.is_over()
    assert after.dice is None
    with pytest.raises(InvalidPositionError, match=r"a finished position has no dice \(R12\)"):
        after.with_dice(3, 1)
    with pytest.raises(IllegalMoveError, match="R12: the game is over: player 0 has won"):
        after.legal_plays(dice=(3, 1))


def test_r13_single_gammon_backgammon() -> None:
    def result_for(loser: dict[int | str, int]) -> str:
        outcome = Position.build(CLASSIC, {0: {}, 1: loser}).outcome()
        assert outcome is not None and outcome.winner == 0
        return outcome.result(1)

    assert result_for({12: 14}) == "single"
    assert result_for({12: 15}) == "gammon"
    assert result_for({12: 14, "bar": 1}) == "backgammon"
    # Player 1's path position 6 is absolute 19, in player 0's home.
    assert result_for({12: 14, 6: 1}) == "backgammon"
    assert Position.start(CLASSIC).outcome() is None


def test_r13_trigammon_reports_each_loser() -> None:
    # Player 0's home is absolute 31..36: player 2's path positions 7..12.
    final = Position.build(TRIGAMMON, {0: {}, 1: {30: 1}, 2: {8: 1, 30: 14}})
    outcome = final.outcome()
    assert outcome is not None
    assert outcome.points == (0, 1, 3)
    gammon = Position.build(TRIGAMMON, {0: {}, 1: {30: 1}, 2: {30: 15}}).outcome()
    assert gammon is not None and gammon.result(2) == "gammon"


def test_trigammon_play_hits_both_opponents() -> None:
    # Player 0's lone checker on its 10; a blot of player 1 on player 0's 13 (player
    # 1's path 1) and one of player 2 on player 0's 15 (player 2's path 27).
    position = Position.build(
        TRIGAMMON, {0: {10: 1}, 1: {1: 1, 20: 14}, 2: {27: 1, 20: 14}}, dice=(3, 2)
    )
    expect(position, "10/13*/15*", "10/15*")
    both = position.play("10/13*/15*")
    assert (both.bar(1), both.bar(2)) == (1, 1)
    one = position.play("10/15*")
    assert (one.bar(1), one.bar(2)) == (0, 1)


def test_legal_plays_need_dice() -> None:
    from trigammon_widget.engine import LegalPlays

    with pytest.raises(ValueError, match="no dice"):
        Position.start(CLASSIC).legal_plays()
    with pytest.raises(ValueError, match="no dice"):
        LegalPlays(Position.start(CLASSIC))
    with pytest.raises(ValueError, match=r"a die shows 1\.\.6"):
        Position.start(CLASSIC).legal_plays((0, 3))


def test_the_plays_extending_the_moves_made_are_what_is_left_to_choose() -> None:
    """A turn under way: after 8/5 of an opening 3-1 only the plays that go on from it
    are left (the 1 played anywhere it can go, the same checker on to 4 included), in
    the listed order; before any move, every play."""
    position = Position.start(CLASSIC).with_dice(3, 1)
    plays = position.legal_plays()
    assert plays.extending() == list(plays)
    made = plays.check_move([], Move(17, 20, 3))  # 8/5
    left = plays.extending([made])
    wanted = {"8/5 24/23", "8/5 8/7", "8/5 6/5", "8/4"}
    assert {position.after(p.moves) for p in left} == {
        position.after(position.parse_play(text).moves) for text in wanted
    }
    assert len(left) == len(wanted) and left == [p for p in plays if p in left]
    both = plays.check_move([made], Move(19, 20, 1))  # 6/5: the play is complete
    assert [position.format_play(p) for p in plays.extending([made, both])] == ["8/5 6/5"]


def test_checkers_moving_alike_are_counted_with_the_hit_starred_once() -> None:
    """Two checkers from 3 to 2, the first hitting there, are written 3/2*(2) as GNU
    Backgammon writes them (was "3/2* 3/2"); the old writing still reads."""
    position = Position.build(CLASSIC, {0: {22: 2, 6: 13}, 1: {2: 1, 13: 14}}, dice=(1, 1))
    written = sorted(position.format_play(play) for play in position.legal_plays())
    assert "19/18(2) 3/2*(2)" in written and "19/18 3/2 3/2*/1" in written
    assert "19/18(2) 3/2* 3/2" not in written
    play = position.parse_play("3/2*(2) 19/18(2)")
    assert position.parse_play("3/2* 3/2 19/18(2)") == play
    assert sorted((m.start, m.end, m.hit) for m in play.moves) == [
        (6, 7, False),
        (6, 7, False),
        (22, 23, False),
        (22, 23, True),
    ]
