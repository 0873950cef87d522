"""One score (issue 41 item 5): a position with a match length is played as a match
taken up at its score; a game's end scores it in the labels, the match panel and the
messages alike, and the next game is offered."""

from __future__ import annotations

import re

import pytest

from trigammon_widget import CLASSIC, TRIGAMMON, Cube, Match, MatchPosition, MatchState, Position
from trigammon_widget.session import Session

BOT_XGID = "XGID=----E-E-E---------e-e-e---:0:0:-1:00:0:0:0:5:10"


def labels(svg: str) -> list[str]:
    """The players' lines under the board, each from its score on."""
    return re.findall(r">(score \d+/\d+ · [^<]*)<", svg)


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
    assert view["message"] and view["message"]["text"].endswith(
        "; the score is Player X 0, Player O 1, in a match to 5"
    )
    assert [line.split(" · ")[0] for line in labels(session.svg())] == ["score 0/5", "score 1/5"]
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
    assert [line.split(" · ")[0] for line in labels(session.svg())] == ["score 5/5", "score 3/5"]


def test_a_match_taken_up_at_a_score_keeps_it_in_its_record() -> None:
    start = MatchPosition(Position.start(CLASSIC), Cube(2, 1), MatchState(7, (2, 5)))
    match = Match.from_position(start, names=["Ann", "Bo"], seed=3)
    assert match.start == start.state and match.score == (2, 5)
    again = Match.from_json(match.to_json())
    assert again.start == match.start and again.game.match_position == match.game.match_position
    fresh = Match(5)
    assert "start" not in fresh.to_dict()  # records of matches from 0-0 are as before


@pytest.mark.parametrize(
    ("cube", "state", "said"),
    [
        (Cube(), MatchState(5, (0, 0)), "Ann wins 2 points (a gammon against Bo)"),
        (Cube(2, 0), MatchState(5, (0, 0)), "Ann wins 4 points (a gammon against Bo: 2 × cube 2)"),  # noqa: RUF001
        (Cube(4, 1), MatchState(), "Ann wins 8 points (a gammon against Bo: 2 × cube 4)"),  # noqa: RUF001
        (
            Cube(),
            MatchState(jacoby=True),
            "Ann wins 1 point (a gammon against Bo, counted as a single game under the Jacoby "
            "rule)",
        ),
    ],
)
def test_a_games_end_adds_its_points_up(cube: Cube, state: MatchState, said: str) -> None:
    """The fourth walk could not see how a game's points came about: a bear-off says
    the game (R13) times the cube (R14), or why a gammon counts single."""
    start = MatchPosition(
        Position.build(CLASSIC, {0: {24: 1}, 1: {10: 15}}, dice=(6, 5)), cube, state
    )
    session = Session(start, names=["Ann", "Bo"])
    session.play()
    view = session.view()
    assert view["win"] is not None and view["win"]["text"] == said
    assert view["message"] and said in view["message"]["text"]


def test_a_trigammon_end_adds_up_what_each_loser_pays() -> None:
    """R13 in trigammon: every loser pays the winner its own game; the end says each."""
    start = Position.build(TRIGAMMON, {0: {36: 1}, 1: {20: 15}, 2: {5: 14, 33: 1}}, dice=(6, 5))
    session = Session(start, names=["Xena", "Olga", "Victor"])
    session.play()
    outcome = session.game.outcome()
    assert outcome is not None and outcome.points == (0, 3, 2)  # Olga's in Xena's home
    view = session.view()
    assert view["win"] is not None and view["win"]["text"] == (
        "Xena wins 5 points (3 for a backgammon against Olga, 2 for a gammon against Victor)"
    )


def test_a_variation_of_a_cube_answer_reads_as_the_board_says_it() -> None:
    """The sixth walk passed at an earlier double and read "drop 1 turn" in the
    Variations panel, against "passes" everywhere else."""
    start = MatchPosition(Position.start(CLASSIC), Cube(), MatchState(5, (0, 0)))
    session = Session(start, names=["Ann", "Bo"])
    session.double()
    session.take()
    session.goto(1)  # the double, before its answer
    session.drop()
    session.goto(1)
    rows = session.view()["variations"]
    assert sorted(row["text"] for row in rows) == ["passes", "takes"]


def test_a_scored_game_of_a_match_stays_as_played() -> None:
    """The sixth walk passed at a double in the history of a finished match's last
    game: a side line took the score back and a new game followed. A game over and
    scored is stepped through, not played again; the next game still follows it."""
    start = MatchPosition(Position.start(CLASSIC), Cube(), MatchState(5, (0, 0)))
    session = Session(start, names=["Ann", "Bo"])
    session.double()
    session.drop()
    assert session.view()["match"]["total"] == [1, 0]  # type: ignore[index]
    session.goto(1)  # the double, before its answer
    view = session.view()
    assert view["match"] is not None and view["match"]["kept"]
    assert view["cube"] is not None and not view["cube"]["can_answer"]
    assert not view["can_roll"] and not view["targets"]
    before = session.view()
    with pytest.raises(ValueError, match="game 1 of the match is over and scored"):
        session.take()
    assert session.view() == before
    session.goto(-1)
    assert not session.view()["match"]["kept"]  # type: ignore[index]
    session.next_game()
    assert session.view()["match"]["game"] == 1  # type: ignore[index]


def test_hints_look_at_a_kept_games_decisions() -> None:
    """The seventh walk could check an old cube decision only by Analyse game: Hints
    were off in a kept game. A look changes nothing, so Hints and Chances work at its
    turns, a double's answer included; the answer itself stays refused."""
    start = MatchPosition(Position.start(CLASSIC), Cube(), MatchState(5, (0, 0)))
    session = Session(start, names=["Ann", "Bo"])
    session.double()
    session.drop()
    session.goto(1)  # the double, before its answer: Bo's to take or pass
    view = session.view()
    assert view["match"]["kept"] and view["cube"] is not None  # type: ignore[index]
    assert view["cube"]["decision"] and not view["cube"]["can_answer"]
    session.hints()
    advice = session.view()["analysis"]
    assert advice is not None and advice["kind"] == "cube" and advice["status"] == "done"
    assert advice["cube"]["question"] == "take" and advice["cube"]["decider"] == 1
    session.goto(0)  # Ann's double, before it
    assert session.view()["cube"]["decision"]  # type: ignore[index]
    session.hints()
    advice = session.view()["analysis"]
    assert advice is not None and advice["cube"]["question"] == "double"
    job = session.chances()
    assert session.view()["analysis"]["kind"] == "chances"  # type: ignore[index]
    job.stop.set()
    session.cancel_analysis()
    with pytest.raises(ValueError, match="game 1 of the match is over and scored"):
        session.double()


def test_the_game_that_ends_a_match_says_so_on_the_status_line() -> None:
    """The eighth walk's status line said "You win 2 points" at the match's end, and
    not that the match was won: the line that ends the game ends the match too."""
    start = MatchPosition(Position.start(CLASSIC), Cube(), MatchState(5, (4, 3)))
    session = Session(start, names=["Ann", "Bo"], you=0)  # post-Crawford: Ann may double
    session.double()
    session.drop()
    view = session.view()
    assert view["match"] is not None and view["match"]["over"]
    assert view["win"] is not None
    assert view["win"]["text"] == "You win 1 point (double passed): you win the match"


def test_the_next_game_is_offered_while_the_last_one_is_looked_back_at() -> None:
    """The eighth walk stepped back into the game just ended and found no Next game
    until it went to the end: a game over is over at every one of its turns."""
    start = MatchPosition(Position.start(CLASSIC), Cube(), MatchState(5, (0, 0)))
    session = Session(start, names=["Ann", "Bo"])
    session.double()
    assert not session.view()["match"]["can_next_game"]  # type: ignore[index]
    session.drop()
    session.goto(1)  # the double, before its answer: kept as played
    view = session.view()
    assert view["match"] is not None and view["match"]["kept"] and view["match"]["can_next_game"]
    session.next_game()
    view = session.view()
    assert view["match"]["game"] == 1 and view["match"]["score"] == [1, 0]  # type: ignore[index]


def test_the_next_game_gives_the_person_their_seat_back() -> None:
    """Walk 12 handed its seat to a bot to finish a game, pressed Next game, and the bot
    played the whole next game, and the match, in an instant: a bot finishes the game it
    was handed; the next is the person's, and the board says so."""
    for names, you, seats in (
        (["You", "Bo"], 0, ["human", "heuristic"]),
        (["Ann", "Bo"], None, ["neural", "heuristic"]),
    ):
        start = MatchPosition(Position.start(CLASSIC), Cube(), MatchState(5, (0, 0)))
        session = Session(start, names=names, you=you)
        session.double()
        session.drop()  # the game is over
        session.set_seat(0, "neural")  # handed over (a bot finished the game)
        session.set_seat(1, "heuristic")
        session.next_game()
        view = session.view()
        assert view["seats"] == seats  # without a person in front, the seats stay
        assert view["message"] is not None
        back = view["message"]["text"].endswith(
            "Your seat is yours again: the bot finished the last game."
        )
        assert back == (you is not None)


def test_coming_back_to_the_game_going_on_says_its_news_again() -> None:
    """Walk 15 looked back at game 1 and returned: the opening roll's message (R2) had
    gone. Back where the game goes on, the board says again what it said there."""
    session = Session(Match(5, "classic", seed=3, names=["You", "Bo"]), you=0)
    session.set_seat(0, "random")
    session.set_seat(1, "random")
    session.autoplay()  # game 1 played out
    session.next_game()
    session.set_seat(0, "human")
    session.set_seat(1, "neural")
    session.autoplay()
    opening = session.view()["message"]
    assert opening is not None and opening["text"].startswith("Opening roll (R2): ")
    session.show_game(0)
    assert session.view()["message"] is None
    session.show_game(1)
    back = session.view()["message"]
    assert back is not None and back["text"].startswith("Opening roll (R2): ")
    assert opening["text"].startswith(back["text"])
    # Stepping back and forth in the game says the last turn again at its end.
    session.play(next(iter(session.legal_plays)))
    session.autoplay()
    last = session.view()["message"]
    session.goto(0)
    assert session.view()["message"] is None
    session.goto(-1)
    again = session.view()["message"]
    assert again is not None and last is not None
    assert again["text"] == last["text"].split("; the last: ")[-1]
