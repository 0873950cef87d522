"""The drill at the board (issue 45): a study library's due cards played as in a game,
judged before they are made, the best play dashed over the one made, the grade the
learner's to override, the next card, the session's summary; a cube decision answered
by its choices; refusals that change nothing; a game played at the board, analysed,
its mistakes drilled the next day, in both variants."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from study.games import Clock
from trigammon_widget import CLASSIC, TRIGAMMON, Cube, MatchPosition, MatchState, Position
from trigammon_widget.judgement.analysis import Report
from trigammon_widget.session import Session
from trigammon_widget.study import Library, Verdict


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def library(tmp_path: Path, clock: Clock) -> Iterator[Library]:
    with Library(tmp_path / "study.sqlite", clock=clock, fuzz=False) as opened:
        opened.add(Position.start(CLASSIC).with_dice(6, 5), made="13/2", comment="Run!")
        opened.add(Position.start(TRIGAMMON).with_turn(1).with_dice(3, 1), made="17/18 17/20")
        yield opened


def test_the_drill_shows_each_card_from_its_movers_seat(library: Library) -> None:
    session = Session("trigammon", seed=1)
    session.set_seat(1, "neural")
    session.drill(library)
    view = session.view()
    drill = view["drill"]
    assert drill is not None and drill["card"] is not None
    assert drill["card"]["question"] == "Play 6-5." and drill["card"]["shown"]
    assert view["variant"] == "classic" and view["dice"] == [6, 5]
    assert view["seats"] == ["human", "human"]  # a person at every seat
    assert view["perspective"] == view["you"] == 0 and view["names"][0] == "You"
    assert view["message"] is not None and view["message"]["text"] == "Card 1: Play 6-5."
    assert drill["verdict"] is None and drill["left"] == 2


def test_a_play_made_on_the_board_is_judged_and_the_best_dashed(library: Library) -> None:
    session = Session(CLASSIC, seed=1)
    session.set_tutor(True, 0.0)  # no tutor in a drill: it would give the answer away
    session.drill(library)
    session.move("12", "18")  # the 6 of 13/2 (absolute points: X's 13 is 25 - 13 = 12)
    assert session.view()["drill"]["verdict"] is None  # type: ignore[index]
    session.undo_move()
    session.play("13/2")
    view = session.view()
    verdict = view["drill"]["verdict"]  # type: ignore[index]
    assert verdict is not None
    assert verdict["answer"] == "13/2" and not verdict["right"] and verdict["grade"] == "again"
    assert verdict["comment"] == "Run!" and verdict["made"] == "13/2"
    assert verdict["best"][0]["text"] == "24/13" and verdict["best"][0]["rank"] == 1
    assert [row["answered"] for row in verdict["best"]].count(True) == 1
    assert view["primary"] == "next_card" and not view["can_roll"]
    assert session.game.turns[0].notation == "13/2"
    assert "tg-best" in session.svg()  # 24/13 dashed over the play made
    assert "loses" in view["message"]["text"]  # type: ignore[index]


def test_an_answered_card_waits_for_the_next(library: Library) -> None:
    session = Session(CLASSIC)
    session.drill(library)
    session.answer("24/13")
    verdict = session.view()["drill"]["verdict"]  # type: ignore[index]
    assert verdict is not None and verdict["right"] and "tg-best" not in session.svg()
    before = (session.board, session.version)
    for refused in (session.roll, session.double, lambda: session.answer("24/13")):
        with pytest.raises(ValueError, match="answered"):
            refused()
        assert (session.board, session.version) == before
    session.regrade("easy")
    assert session.view()["drill"]["verdict"]["grade"] == "easy"  # type: ignore[index]
    session.next_card()
    view = session.view()
    assert view["variant"] == "trigammon" and view["perspective"] == view["you"] == 1
    assert view["drill"]["done"] == 1 and view["drill"]["right"] == 1  # type: ignore[index]


def test_the_cards_dice_are_its_own(library: Library) -> None:
    session = Session(CLASSIC)
    session.drill(library)
    with pytest.raises(ValueError, match="dice are its own"):
        session.set_dice(1, 1)
    with pytest.raises(ValueError, match="R4"):
        session.answer("13/10")
    assert session.position.dice == (6, 5) and library.reviews(1) == []


def test_skips_then_the_summary(library: Library, clock: Clock) -> None:
    session = Session(CLASSIC)
    session.drill(library)
    session.next_card()  # skipped: stays due, not shown again in this drill
    assert session.view()["drill"]["card"]["id"] == 2  # type: ignore[index]
    session.answer("17/18 17/20")
    session.next_card()
    drill = session.view()["drill"]
    assert drill is not None and drill["card"] is None
    assert (drill["done"], drill["right"], drill["left"]) == (1, 0, 1)
    assert drill["mean_loss"] > 0
    assert session.view()["message"]["text"] == "The drill is over: 1 card answered."  # type: ignore[index]
    with pytest.raises(ValueError, match="over"):
        session.next_card()
    session.stop_drill()
    assert session.view()["drill"] is None
    with pytest.raises(ValueError, match="no drill"):
        session.stop_drill()


def test_a_drill_of_nothing_due_says_when_the_next_is(library: Library, clock: Clock) -> None:
    for card in library.due():
        library.answer(card, card.best[0].text)
    session = Session(CLASSIC)
    session.drill(library)
    drill = session.view()["drill"]
    assert drill is not None and drill["card"] is None and drill["left"] == 0
    assert drill["next_due"] == "in 10 minutes"
    assert session.view()["message"]["text"] == "The drill is over: no card is due."  # type: ignore[index]


def test_a_cube_card_is_answered_by_its_choices(library: Library) -> None:
    offered = MatchPosition(Position.start(CLASSIC), Cube(1, None, True), MatchState(7, (2, 4)))
    card = library.add(offered, tags=["cube"])
    session = Session(CLASSIC)
    session.drill(library, tag="cube")
    view = session.view()
    drill = view["drill"]
    assert drill is not None and drill["card"] is not None
    assert drill["card"]["choices"] == ["take", "drop"]
    assert view["cube"] is not None and view["cube"]["offered"]
    assert not view["cube"]["can_answer"] and view["match"] is not None
    assert view["match"]["score"] == [2, 4] and view["you"] == 1  # the taker
    version = session.version
    for refused in (session.take, session.drop, lambda: session.answer("double")):
        with pytest.raises(ValueError, match="take, pass"):
            refused()
    assert session.version == version
    session.answer("pass")
    verdict = session.view()["drill"]["verdict"]  # type: ignore[index]
    assert verdict is not None and verdict["answer"] == "pass" and not verdict["right"]  # as said
    assert library.card(card).reviews == 1


def test_a_drill_is_checked_before_anything_changes(library: Library) -> None:
    session = Session(CLASSIC)
    before = (session.board, session.version)
    for wrong in ({"variant": "chess"}, {"limit": 0}, {"mark": "!"}):
        with pytest.raises(ValueError):
            session.drill(library, **wrong)
    with pytest.raises(ValueError, match="study Library"):
        session.drill("study.sqlite")  # type: ignore[arg-type]
    assert (session.board, session.version) == before
    for action in (session.next_card, lambda: session.answer("24/13"), session.stop_drill):
        with pytest.raises(ValueError, match="no drill"):
            action()


def test_the_board_shown_elsewhere_leaves_the_card_waiting(library: Library) -> None:
    session = Session(CLASSIC)
    session.drill(library)
    session.load(Position.start(CLASSIC).with_dice(3, 1).id)
    assert not session.view()["drill"]["card"]["shown"]  # type: ignore[index]
    session.play("8/5 6/5")  # an ordinary play: nothing judged
    assert library.reviews(1) == []
    with pytest.raises(ValueError, match="something else"):
        session.answer("24/13")
    session.next_card()
    assert session.view()["drill"]["card"]["id"] == 2  # type: ignore[index]


def played_at_the_board(variant: str, seed: int) -> Report:
    """A game played at the board, the learner ("You", seat 0) against bots, analysed
    there as the board's Analyse game does."""
    session = Session(variant, seed=seed, you=0)
    for player in range(1, session.game.variant.players):
        session.set_seat(player, "heuristic")
    choose = random.Random(seed)
    session.autoplay()
    while not session.board.game_over and len(session.game.turns) < 40:
        if session.position.dice is None:
            session.roll()
        session.play_listed(choose.randrange(len(session.listed_plays)))  # a beginner's play
        session.autoplay()
    job = session.analyse(workers=1)
    session.finish(job, job.work(lambda done, total: None, job.stop))
    assert session.report is not None
    return session.report


@pytest.mark.parametrize(("variant", "seed"), [("classic", 3), ("trigammon", 5)])
def test_a_game_played_at_the_board_drilled_the_next_day(
    tmp_path: Path, clock: Clock, variant: str, seed: int
) -> None:
    """Issue 45, done when: analyse a game played at the board, add its mistakes, drill
    them the next day; the ones got wrong come back sooner."""
    report = played_at_the_board(variant, seed)
    with Library(tmp_path / "mine.sqlite", clock=clock) as library:
        added = library.add_mistakes(report, "You")
        assert added >= 2
        clock.advance(days=1)
        session = Session(variant)
        session.drill(library)
        verdicts: list[Verdict | None] = []
        while (card := session.drilling.card) is not None:
            wrong = len(verdicts) % 2 == 0
            session.answer(card.made if wrong else card.best[0].text)  # type: ignore[arg-type]
            verdicts.append(session.drilling.verdict)
            session.next_card()
        assert len(verdicts) == added
        missed = [v for v in verdicts if v is not None and not v.right]
        right = [v for v in verdicts if v is not None and v.right]
        assert missed and right
        assert max(v.due for v in missed) < min(v.due for v in right)


def test_the_drill_speaks_the_boards_language(library: Library) -> None:
    session = Session(CLASSIC, language="es")
    session.drill(library)
    assert session.view()["message"]["text"] == "Tarjeta 1: Juega 6-5."  # type: ignore[index]
    session.answer("13/2")
    said = session.view()["message"]["text"]  # type: ignore[index]
    assert said.startswith("13/2 pierde 0,") and "frente a 24/13" in said
    assert session.words()["drill"] == "Práctica" and session.words()["grade again"] == "Otra vez"
    with pytest.raises(ValueError, match="la tarjeta está respondida"):
        session.answer("24/13")
