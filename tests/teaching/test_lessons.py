"""The course's teaching values: set-ups as the learner reads them, arrows of written
plays, shot counts, the rule cards and the legal-or-not quiz."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from trigammon_widget import CLASSIC, TRIGAMMON, IllegalMoveError, Position
from trigammon_widget.engine.errors import InvalidPositionError, NotationError
from trigammon_widget.teaching.lessons import QUIZ, RULE_CARDS, find_rule
from trigammon_widget.teaching.toolkit import attempt_arrows, reveal, setup, shots, table


def test_setup_places_checkers_by_the_numbers_x_reads() -> None:
    position = setup(TRIGAMMON, {"X": {1: 2}, "O": {13: 3}, "V": {25: 1, "bar": 1}}, (3, 1))
    assert position.point(1) == (0, 2)
    assert position.point(13) == (1, 3)  # O's own point 1
    assert position.point(25) == (2, 1)  # V's own point 1
    assert position.bar(2) == 1 and position.borne_off(2) == 13
    assert position.dice == (3, 1) and position.turn == 0
    classic = setup(CLASSIC, {"X": {6: 5, 24: 2}, "O": {1: 2}})
    assert classic.board(0)[1] == 2 and classic.board(0)[19] == 5  # X's 24 and 6
    assert classic.board(1)[1] == 2  # O's back checkers on X's 1-point: O's own 24


@pytest.mark.parametrize(
    ("checkers", "match"),
    [
        ({"V": {1: 1}}, "not a player of classic"),
        ({"": {1: 1}}, "not a player"),  # not read as X
        ({"XO": {1: 1}}, "not a player"),
        ({0: {1: 1}}, "not a player"),
        ({"X": {6.0: 1}}, "6.0 is not 'bar' or a point 1..24"),
        ({"X": {True: 1}}, "True is not 'bar' or a point"),
        ({"X": {25: 1}}, "25 is not 'bar' or a point 1..24"),
        ({"X": {"Bar": 1}}, "'Bar' is not 'bar'"),
        ({"X": {6: 2.0}}, "X at 6: 2.0 is not a number of checkers"),
        ({"X": {"bar": -1}}, "X at 'bar': -1 is not a number"),
        ({"X": {6: 9, 8: 9}}, "18 checkers"),
    ],
)
def test_setup_refuses_what_is_not_a_set_up(checkers: object, match: str) -> None:
    with pytest.raises(InvalidPositionError, match=re.escape(match)):
        setup(CLASSIC, checkers)  # type: ignore[arg-type]


def test_attempt_arrows_draws_illegal_plays_too() -> None:
    start = Position.start(TRIGAMMON).with_dice(6, 1)
    with pytest.raises(IllegalMoveError):
        start.parse_play("1/7 1/2")
    assert attempt_arrows(start, "1/7 1/2") == [(1, 7), (1, 2)]
    assert attempt_arrows(start, "12/16/20(2)") == [(12, 16), (16, 20)] * 2
    assert attempt_arrows(start.with_turn(1), "bar/4*") == [("bar", 16)]  # O's 4
    classic = Position.start(CLASSIC).with_dice(3, 1)
    assert attempt_arrows(classic, "8/5* 6/off") == [(17, 20), (19, "off")]
    with pytest.raises(NotationError, match="not a point"):
        attempt_arrows(classic, "8/x")
    with pytest.raises(NotationError, match="not a move"):
        attempt_arrows(classic, "8/5(5)")


def test_shots_count_each_opponents_rolls_at_a_blot() -> None:
    # X's blot on 30 is 6 in front of O's checker on 24 and in V's entry zone (25-30).
    position = setup(TRIGAMMON, {"X": {30: 1}, "O": {24: 1}, "V": {"bar": 1}})
    # O from 6 behind, V from the bar (entering on its 1-6, X's 25-30): any 6, or 5-1,
    # 4-2, 3-3 and 2-2 by way of a stop, 17 rolls each.
    assert shots(position, 30) == {1: 17, 2: 17}
    with pytest.raises(ValueError, match="no lone checker"):
        shots(position, 29)
    for off_the_board in (0, 37, 30.0, "bar"):
        with pytest.raises(ValueError, match=r"a point 1\.\.36"):
            shots(position, off_the_board)  # type: ignore[arg-type]


def test_every_rule_has_a_card_with_a_picture_and_legal_arrows() -> None:
    assert [card.rule for card in RULE_CARDS] == [f"R{i}" for i in range(1, 15)]
    for card in RULE_CARDS:
        assert card.figure().svg.startswith("<svg") and card.caption and card.text
        if card.arrows and card.position.dice is not None:
            card.position.parse_play(card.arrows)  # raises if the pictured play is illegal
    assert find_rule("R7").title == "Hit"
    with pytest.raises(ValueError, match="R1-R14"):
        find_rule("R15")


def test_the_quiz_asks_legal_and_illegal_plays_and_hides_the_answers() -> None:
    verdicts = [item.verdict() for item in QUIZ]
    assert any(legal for legal, _, _ in verdicts) and any(not legal for legal, _, _ in verdicts)
    assert {rule for legal, rule, _ in verdicts if not legal} >= {"R6", "R8", "R9", "R11"}
    html = QUIZ[0].html(1)
    assert "<details" in html and "Not legal (R6)" in html.split("<details")[1]
    assert "Legal or not?" in html.split("<details")[0]
    assert reveal("Show", "<b>x</b>").startswith("<details")


def test_a_table_aligns_numbers_right_and_text_left_under_their_headers() -> None:
    """Issue 41: lesson 01's pip counts and 06's review summary showed names and numbers
    aligned alike. A column of numbers (ints, ``decimal``'s, percentages, blanks
    between) is right-aligned with its header; any other column left-aligned."""
    shown = table(
        ("player", "pips", "points lost", "wins", "note"),
        [("You (X)", 347, "+0,083", "28%", "best"), ("O", 12, "-1.5", "", "0.03 worse")],
    )
    rows = [[cell.get("style", "") for cell in row] for row in ET.fromstring(shown).iter("tr")]
    sides = [[re.findall(r"text-align:(\w+)", style) for style in row] for row in rows]
    assert sides == [[["left"], ["right"], ["right"], ["right"], ["left"]]] * 3
    assert table(("a",), [(True,)]).count("text-align:left") == 2  # a bool is no number
