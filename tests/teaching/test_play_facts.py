"""What a play does (walk 18 asked Hints "why"): points made, hits, checkers off, blots
and the rolls that hit them, counted by the opponents' legal plays (R6-R9)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.strategies import positions
from trigammon_widget.engine import CLASSIC, TRIGAMMON, Position
from trigammon_widget.teaching.play_facts import BACK, DEEP, PlayFacts, play_facts
from trigammon_widget.teaching.toolkit import setup, shots


def facts(position: Position, text: str) -> PlayFacts:
    return play_facts(position, position.parse_play(text))


def test_the_classic_openings_of_3_1_said_as_a_teacher_would() -> None:
    start = Position.start(CLASSIC).with_dice(3, 1)
    assert facts(start, "8/5 6/5") == PlayFacts((20,), (), 0, (), ())
    # A blot on 9, 8 away from O's back checkers: 6-2 and 5-3 two ways each, 4-4, 2-2.
    assert facts(start, "13/9") == PlayFacts((), (), 0, ((16, 16),), ((1, 6),))
    # A blot on 4 and 3 away: every 3 (11), 2-1 (2) and 1-1.
    assert facts(start, "8/4") == PlayFacts((), (), 0, ((21, 21),), ((1, 14),))


def test_a_hit_and_a_checker_borne_off_are_counted() -> None:
    hitting = setup(CLASSIC, {"X": {6: 2, 8: 1}, "O": {5: 1, 1: 14}}, (3, 1))
    # O enters from the bar onto the blot with any 6, or hits it from its back
    # checkers with any 5 once in, and with two of the small doubles: 23 rolls.
    made = PlayFacts((20,), (5,), 0, ((19, 19),), ((1, 23),), given_up=(19,), hit_owners=(1,))
    assert facts(hitting, "8/5* 6/5") == made
    bearing = setup(CLASSIC, {"X": {1: 2, 2: 2}, "O": {24: 2}}, (2, 1))
    # Two blots left on 2 and 1, but O is past them: no shot.
    cleared = PlayFacts((), (), 2, ((23, 23), (24, 24)), (), given_up=(23, 24))
    assert facts(bearing, "2/off 1/off") == cleared


def test_trigammon_counts_both_opponents_each_on_its_own_path() -> None:
    # As lesson 03's shots: X's blot on 30, 6 in front of O's checker on 24 and in V's
    # entry zone; both hit with 17 rolls (any 6, 5-1, 4-2, 3-3, 2-2).
    position = setup(TRIGAMMON, {"X": {27: 1, 10: 2}, "O": {24: 1}, "V": {"bar": 1}}, (2, 1))
    assert facts(position, "27/30") == PlayFacts((), (), 0, ((30, 30),), ((1, 17), (2, 17)))
    # Three blots: 27 is shot at as when alone (any 3, 2-1, 1-1), and 6-6 reaches 12.
    spread = facts(position, "10/12 10/11")
    blots = ((11, 11), (12, 12), (27, 27))
    assert spread == PlayFacts((), (), 0, blots, ((1, 15), (2, 15)), given_up=(10,))
    alone = setup(TRIGAMMON, {"X": {27: 1}, "O": {24: 1}, "V": {"bar": 1}})
    assert shots(alone, 27) == {1: 14, 2: 14}


def rolls_that_send_to_the_bar(after: Position, player: int, mover: int) -> int:
    """The oracle: of the 36 rolls, those on which one of ``player``'s legal plays
    leaves more of ``mover``'s checkers on the bar, judged by the positions reached,
    not by the moves' hit flags."""
    variant, before = after.variant, after.bar(mover)
    rolls = 0
    for a in range(1, 7):
        for b in range(1, 7):
            roller = Position(variant, after.boards, player, (a, b))
            plays = roller.legal_plays()
            rolls += any(roller.after(play.moves).bar(mover) > before for play in plays)
    return rolls


@settings(max_examples=60, deadline=None)
@given(positions(), st.data())
def test_the_shots_are_the_rolls_that_send_a_blot_to_the_bar(
    position: Position, data: st.DataObject
) -> None:
    """Every fact of a random play, against what the positions say: the blots left,
    checkers hit and borne off, and each opponent's rolls that put one of the mover's
    checkers on the bar (that lone checkers alone can be hit is R7's)."""
    play = data.draw(st.sampled_from(list(position.legal_plays())))
    found = play_facts(position, play)
    after = position.after(play.moves)
    variant, mover = position.variant, position.turn
    own = after.board(mover)
    lone = [i for i in range(1, variant.points + 1) if own[i] == 1]
    assert found.blots == tuple((variant.absolute(mover, i), i) for i in lone)
    assert found.off == after.borne_off(mover) - position.borne_off(mover)
    others = [player for player in range(variant.players) if player != mover]
    assert len(found.hits) == sum(after.bar(p) - position.bar(p) for p in others)
    pips = sum(after.pip_count(p) - position.pip_count(p) for p in others)
    assert sum(found.hits) == pips  # what the checkers hit lose
    if after.winner is not None:
        return  # the game is over (R12): nobody rolls
    expected = {player: rolls_that_send_to_the_bar(after, player, mover) for player in others}
    assert dict(found.shots) == {p: n for p, n in expected.items() if n}
    # The shots at the blots that lose more than BACK pips, where others lose fewer.
    costly = [i for i in lone if i > BACK]
    mixed = 0 < len(costly) < len(lone)
    expected = {p: rolls_that_take(after, p, mover, costly) if mixed else 0 for p in others}
    assert dict(found.costly_shots) == {p: n for p, n in expected.items() if n}


def rolls_that_take(after: Position, player: int, mover: int, lone: list[int]) -> int:
    """The rolls of 36 with which ``player`` has a play that takes one of the mover's
    lone checkers on the path places ``lone`` off its point."""
    rolls = 0
    for a in range(1, 7):
        for b in range(1, 7):
            roller = Position(after.variant, after.boards, player, (a, b))
            rolls += any(
                any(roller.after(play.moves).board(mover)[i] == 0 for i in lone)
                for play in roller.legal_plays()
            )
    return rolls


def test_a_block_is_named_where_the_play_lengthens_the_longest_run() -> None:
    # Walk 21: at the trigammon opening 3-3 both 12/18(2) and 12/15(2) 1/4(2) "leave no
    # blot"; the first makes 18 beside 17 and 19, a 3-point block the second does not.
    # Running two back checkers off the starting point gives that point up.
    start = Position.start(TRIGAMMON).with_dice(3, 3)
    assert facts(start, "12/18(2)").block == (17, 18, 19)
    split = facts(start, "12/15(2) 1/4(2)")
    assert (split.block, split.given_up) == ((), (1,))
    # Classic 6-1 makes X's bar point: 8, 7, 6 in a row (O's 17, 18, 19), passed by X
    # from 8 down.
    opening = Position.start(CLASSIC).with_dice(6, 1)
    assert facts(opening, "13/7 8/7") == PlayFacts((18,), (), 0, (), (), (), (17, 18, 19))
    # Five in a row grown to six is a prime.
    five = setup(CLASSIC, {"X": {9: 2, 8: 2, 7: 2, 6: 3, 5: 3, 24: 3}, "O": {2: 15}}, (2, 1))
    assert facts(five, "6/4 5/4").block == (16, 17, 18, 19, 20, 21)


def test_a_back_checker_brought_out_is_named() -> None:
    # Walk 22: at the trigammon start 6-2's 1/9 beat a hit with no word of the run.
    start = Position.start(TRIGAMMON).with_dice(6, 2)
    run = facts(start, "1/9")
    assert (run.escaped, run.given_up) == (1, (1,))
    assert facts(start, "12/18 12/14").escaped == 0
    # Classic 6-5's lover's leap runs a back checker out of O's home board; the split
    # 24/23 does not, nor does a checker entering from the bar.
    opening = Position.start(CLASSIC).with_dice(6, 5)
    assert facts(opening, "24/13").escaped == 1
    assert facts(Position.start(CLASSIC).with_dice(2, 1), "24/23 13/11").escaped == 0
    entering = setup(CLASSIC, {"X": {"bar": 1, 24: 1, 6: 13}, "O": {1: 15}}, (6, 5))
    assert facts(entering, "bar/20 24/18").escaped == 1  # 24/18 out, bar/20 in


def test_checkers_buried_deep_while_others_are_out_are_named() -> None:
    # Walk 23: 33/35(2) put two checkers on trigammon's 35 with nothing said of it.
    opening = Position.start(CLASSIC).with_dice(4, 4)
    assert facts(opening, "6/2(2) 8/4(2)").buried == 2
    assert facts(opening, "24/20(2) 13/9(2)").buried == 0
    deep = setup(TRIGAMMON, {"X": {33: 2, 30: 2, 12: 11}, "O": {24: 15}, "V": {6: 15}}, (2, 2))
    assert facts(deep, "33/35(2) 12/14(2)").buried == 2
    # Bearing in with nothing left outside buries nothing: they are home to bear off.
    home = setup(CLASSIC, {"X": {6: 13, 4: 2}, "O": {24: 2}}, (2, 2))
    assert facts(home, "4/2(2) 6/4(2)").buried == 0


def runs_oracle(made: list[bool]) -> int:
    """The length of the longest run of ``True`` in a row, by splitting a string."""
    return max(len(run) for run in "".join("x" if m else " " for m in made).split(" "))


@settings(max_examples=60, deadline=None)
@given(positions(), st.data())
def test_the_points_given_up_and_the_block_agree_with_the_boards(
    position: Position, data: st.DataObject
) -> None:
    play = data.draw(st.sampled_from(list(position.legal_plays())))
    found = play_facts(position, play)
    after = position.after(play.moves)
    variant, mover = position.variant, position.turn
    points = range(1, variant.points + 1)
    before_made = [position.board(mover)[i] >= 2 for i in points]
    after_made = [after.board(mover)[i] >= 2 for i in points]
    lost = [variant.absolute(mover, i) for i in points if before_made[i - 1] > after_made[i - 1]]
    assert found.given_up == tuple(lost)
    longest, was = runs_oracle(after_made), runs_oracle(before_made)
    assert len(found.block) == (longest if longest >= 3 and longest > was else 0)
    assert found.escaped == sum(move.start <= BACK < move.end for move in play.moves)
    last = range(variant.points - DEEP + 1, variant.points + 1)
    out = after.bar(mover) + sum(after.board(mover)[i] for i in range(1, variant.home_start))
    into = sum((move.end in last) - (move.start in last) for move in play.moves)
    assert found.buried == (max(into, 0) if out else 0)
    held = [variant.path(mover, place) for place in found.block]
    assert all(after_made[i - 1] for i in held)
    assert held == list(range(held[0], held[0] + len(held))) if held else True
