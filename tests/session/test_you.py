"""The learner as "You" (issue 41 item 6): a board addresses the seat of the person in
front of it in the second person, in English, Spanish and Dutch: ``you=`` marks the
seat (named "You" in the board's language unless named otherwise), and a seat named
"You" reads so as well."""

from __future__ import annotations

import re

import pytest

from trigammon_widget import CLASSIC, Cube, MatchPosition, MatchState, Position
from trigammon_widget.session import Session

BEAR_OFF = Position.build(CLASSIC, {0: {24: 1}, 1: {10: 15}}, dice=(6, 5))
"""X bears its last checker off with any roll: a gammon against O (R13)."""


def said(session: Session) -> str:
    message = session.view()["message"]
    assert message is not None
    return message["text"]


def test_you_names_the_seat_and_speaks_to_it() -> None:
    session = Session("trigammon", seed=1, you=0)
    assert session.names[0] == "You" and session.you == 0
    assert session.view()["you"] == 0
    while session.board.deciding != 0:
        session.roll()
        session.play(next(iter(session.legal_plays)))
    session.roll()
    assert re.fullmatch(r"You rolled \d-\d", said(session))
    assert "your move" in session.svg()  # the board's title, said to the person


@pytest.mark.parametrize(
    ("language", "name", "rolled", "wins", "against", "line"),
    [
        ("en", "You", "You rolled", "You win 2 points", "a gammon against Bo", "win"),
        ("es", "Tú", "Tiraste", "Ganas 2 puntos", "un gammon contra Bo", "ganas"),
        ("nl", "Jij", "Je gooide", "Jij wint 2 punten", "een gammon tegen Bo", "wint"),
    ],
)
def test_a_seat_named_you_is_addressed_in_its_language(
    language: str, name: str, rolled: str, wins: str, against: str, line: str
) -> None:
    session = Session(BEAR_OFF, names=[name, "Bo"], language=language)
    assert session.you == 0
    session.play()
    assert said(session).startswith(f"{rolled} 6-5: ")
    win = session.view()["win"]
    assert win is not None and win["text"] == f"{wins} ({against})"
    assert said(session).endswith(win["text"])
    assert f"· {line}" in session.svg()


@pytest.mark.parametrize(
    ("language", "to_move", "cube"),
    [
        ("en", "Your move", "Cube {value}, yours"),
        ("es", "Te toca mover", "Cubo {value}, tuyo"),
        ("nl", "Jij bent aan zet", "Kubus {value}, van jou"),
    ],
)
def test_the_boards_words_have_a_second_person(language: str, to_move: str, cube: str) -> None:
    words = Session("classic", language=language).words()
    assert words["to_move you"] == to_move and words["cube_owned you"] == cube


def test_a_double_is_said_to_the_person_who_answers_it() -> None:
    start = MatchPosition(Position.start(CLASSIC), Cube(), MatchState(5, (0, 0)))
    session = Session(start, names=["Bo", "Ann"], you=1)
    session.double()
    assert said(session) == "Bo doubles to 2: take or pass?"
    session.take()
    assert said(session) == "You take: the cube is at 2"


def test_without_you_every_player_is_spoken_of() -> None:
    session = Session(BEAR_OFF, names=["Ann", "Bo"])
    assert session.you is None and session.view()["you"] is None
    session.play()
    win = session.view()["win"]
    assert win is not None and win["text"] == "Ann wins 2 points (a gammon against Bo)"


def test_you_is_a_seat_of_the_board() -> None:
    for bad in (3, -1, "0", True):
        with pytest.raises(ValueError, match=r"you must be a player 0\.\.2"):
            Session("trigammon", you=bad)  # type: ignore[arg-type]
