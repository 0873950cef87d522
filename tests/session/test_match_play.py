"""One score (issue 41 item 5): a position with a match length is played as a match
taken up at its score; a game's end scores it in the labels, the match panel and the
messages alike, and the next game is offered."""

from __future__ import annotations

import re

from trigammon_widget import CLASSIC, Cube, Match, MatchPosition, MatchState, Position
from trigammon_widget.session import Session

BOT_XGID = "XGID=----E-E-E---------e-e-e---:0:0:-1:00:0:0:0:5:10"


def labels(svg: str) -> list[str]:
    """The players' lines under the board, each from its score on."""
    return re.findall(r">(\d+/\d+ · [^<]*)<", svg)


def test_a_loaded_xgid_of_a_match_plays_as_that_match() -> None:
    session = Session("classic")
    session.load(BOT_XGID)
    match = session.match
    assert match is not None and match.length == 5 and match.start.score == (0, 0)
    session.set_seat(1, "neural")
    session.bot_turn()  # the bot doubles
    session.drop()
    view = session.view()
    assert view["match"] is not None
    assert view["match"]["total"] == [0, 1] and view["match"]["can_next_game"]
    assert view["primary"] == "next_game"
    assert view["message"] and view["message"]["text"].endswith("; the score is 0-1")
    assert [line.split(" · ")[0] for line in labels(session.svg())] == ["0/5", "1/5"]
    session.next_game()
    view = session.view()
    assert view["match"] is not None and view["match"]["score"] == [0, 1]
    assert view["match"]["game"] == 1 and view["ply"] == 0


def test_the_game_that_wins_the_match_shows_its_final_score() -> None:
    start = MatchPosition(
        Position.build(CLASSIC, {0: {20: 5, 22: 5, 24: 5}, 1: {10: 5, 12: 5, 14: 5}}),
        Cube(),
        MatchState(5, (4, 3)),
    )
    session = Session(start, names=["Ann", "Bo"])
    assert session.match is not None
    session.double()
    session.drop()
    view = session.view()
    assert view["match"] is not None and view["match"]["over"] and view["match"]["winner"] == 0
    assert view["primary"] is None and not view["match"]["can_next_game"]
    assert view["message"] and view["message"]["text"].endswith(": Ann wins the match")
    assert [line.split(" · ")[0] for line in labels(session.svg())] == ["5/5", "3/5"]


def test_a_match_taken_up_at_a_score_keeps_it_in_its_record() -> None:
    start = MatchPosition(Position.start(CLASSIC), Cube(2, 1), MatchState(7, (2, 5)))
    match = Match.from_position(start, names=["Ann", "Bo"], seed=3)
    assert match.start == start.state and match.score == (2, 5)
    again = Match.from_json(match.to_json())
    assert again.start == match.start and again.game.match_position == match.game.match_position
    fresh = Match(5)
    assert "start" not in fresh.to_dict()  # records of matches from 0-0 are as before
