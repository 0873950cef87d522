"""The study library: cards from analysed games and matches, by hand and from the
course's problems, each decision once; filters; answers judged and rescheduled by FSRS
with a clock the test controls; texts shown as text."""

from __future__ import annotations

import html
import threading
from datetime import timedelta
from pathlib import Path

import pytest

from trigammon_widget import (
    CLASSIC,
    TRIGAMMON,
    Cube,
    Game,
    HeuristicBot,
    IllegalMoveError,
    MatchPosition,
    MatchState,
    Position,
    autoplay,
)
from trigammon_widget.judgement.analysis import (
    MARKS,
    THRESHOLDS,
    CubeReport,
    TurnReport,
    analyse,
)
from trigammon_widget.judgement.evaluation import hints
from trigammon_widget.study import Grading, Library, Source
from trigammon_widget.teaching.problems import PROBLEMS

from .games import Clock, classic_report, cube_report, match_report, trigammon_report


def test_a_players_mistakes_become_cards_once(library: Library) -> None:
    report = classic_report()
    bo = [turn for turn in report.turns if turn.player == 1 and turn.mark is not None]
    assert bo, "the random player errs"
    assert library.add_mistakes(report, "Bo") == len(bo)
    assert library.add_mistakes(report, 1) == 0  # never the same decision twice
    assert len(library) == len(bo)
    for card, turn in zip(library.cards(), bo, strict=True):
        assert card.kind == "play" and card.variant == "classic"
        assert card.position == turn.position and card.position.dice == turn.dice
        assert card.made == turn.notation and card.mark == turn.mark
        assert card.loss == pytest.approx(turn.loss)
        assert [choice.text for choice in card.best] == [r.notation for r in turn.best]
        equities = [choice.equity for choice in card.best]
        assert equities == sorted(equities, reverse=True)  # best first
        assert (card.evaluator, card.ply) == ("neural", 0)
        assert card.source == Source("game", "Ann - Bo", None, turn.ply, "Bo", "2025-05-01")


def test_the_learner_chooses_the_mark_or_the_loss(library: Library) -> None:
    report = classic_report()
    bad = [t for t in report.turns if t.player == 1 and t.mark in ("?", "??")]
    assert library.add_mistakes(report, "Bo", mark="?") == len(bad)
    costly = [t for t in report.turns if t.player == 1 and t.decision and t.loss >= 0.2]
    assert 0 < len(costly) < len(bad)
    with Library(library.path.with_name("other.sqlite")) as other:
        assert other.add_mistakes(report, "Bo", loss=0.2) == len(costly)
    for wrong in ({"mark": "?", "loss": 0.1}, {"mark": "!"}, {"loss": -1}, {"loss": "big"}):
        with pytest.raises(ValueError):
            library.add_mistakes(report, "Bo", **wrong)
    for player in ("Cy", 2, True, None):
        with pytest.raises(ValueError, match="player must be one of Ann, Bo"):
            library.add_mistakes(report, player)  # type: ignore[arg-type]
    assert len(library) == len(bad)


def test_cube_decisions_are_cards(library: Library) -> None:
    report = cube_report()
    assert library.add_mistakes(report, "Ann") == 1  # the double far too early
    library.add_mistakes(report, "Bo")  # the take was right: no mark (its 6-4 was not)
    (card,) = library.cards(kind="cube")
    position = card.position
    assert isinstance(position, MatchPosition) and position.position.dice is None
    assert card.made == "double" and card.mark == "??"
    assert [choice.text for choice in card.best] == ["no double", "double"]
    assert card.question() == "Double or not?"


def test_a_matchs_mistakes_name_their_game(library: Library) -> None:
    report = match_report()
    added = library.add_mistakes(report, "Bo", source="A money session", date="2024-12-24")
    judged: list[TurnReport | CubeReport] = []
    for game in report.games:
        judged += [*game.turns, *game.cube]
    assert added == sum(one.player == 1 and one.mark is not None for one in judged)
    assert any(card.kind == "cube" for card in library.cards())
    sources = {card.source for card in library.cards()}
    assert {source.kind for source in sources} == {"match"}
    assert {source.game for source in sources} <= {1, 2} and len(sources) == added
    assert {source.date for source in sources} == {"2024-12-24"}
    assert len(library.cards(source="A money session")) == added
    with pytest.raises(ValueError, match="ISO"):
        library.add_mistakes(report, "Ann", date="Christmas")


def test_trigammon_mistakes_and_the_filters(library: Library, clock: Clock) -> None:
    library.add_mistakes(trigammon_report(), "Bo", tags=["three players"])
    library.add_mistakes(classic_report(), "Bo", tags=["classic"])
    trigammon = library.cards(variant="trigammon")
    assert trigammon and all(card.variant == "trigammon" for card in trigammon)
    assert {card.tags for card in trigammon} == {("three players",)}
    assert len(library.cards(tag="classic")) + len(trigammon) == len(library)
    for mark in MARKS:
        marked = library.cards(mark=mark)
        assert all(MARKS.index(card.mark or "?!") >= MARKS.index(mark) for card in marked)
    assert len(library.cards(mark="?!")) == len(library)
    assert len(library.cards(limit=3)) == 3
    assert library.tags() == ("classic", "three players")
    assert library.count(due=True) == len(library) == len(library.due())
    assert library.cards(due_before=clock.now) == ()
    for wrong in ({"variant": "chess"}, {"mark": "??!"}, {"kind": "race"}, {"limit": -1}):
        with pytest.raises(ValueError):
            library.cards(**wrong)
    with pytest.raises(ValueError, match="cards are chosen by variant, kind, tag, mark"):
        library.due(colour="red")  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="tag is a text"):
        library.count(tag=3)  # type: ignore[arg-type]


def test_positions_added_by_hand(library: Library) -> None:
    opening = Position.start(CLASSIC).with_dice(6, 5)
    card = library.add(opening, made="13/2", tags=["opening"], comment="Run with 6-5!")
    assert card.position == opening and card.made == "13/2"
    assert card.best[0].text == hints(opening)[0].notation == "24/13"
    assert card.loss is not None and card.loss > THRESHOLDS[1] and card.mark in ("?", "??")
    assert card.source.kind == "position" and card.source.date == "2025-05-01"
    with pytest.raises(ValueError, match=f"in the library already: card {card.id}"):
        library.add(opening)

    early = MatchPosition(Position.start(CLASSIC), Cube(), MatchState(7, (0, 0)))
    double = library.add(early, made="double")
    assert [c.text for c in double.best] == ["no double", "double"] and double.mark is not None
    offered = MatchPosition(Position.start(CLASSIC), Cube(1, None, True), MatchState(7, (0, 0)))
    take = library.add(offered, made="pass")
    assert {c.text for c in take.best} == {"take", "drop"} and take.made == "drop"
    assert take.best[0].text == "take" and take.mark == "??"
    assert library.add(Position.start(TRIGAMMON).with_dice(3, 1)).made is None

    no_dice = Position.start(CLASSIC)
    one_play = Position.build(CLASSIC, {0: {24: 15}, 1: {24: 15}}, dice=(6, 6))
    for position, why in ((no_dice, "needs its dice"), (one_play, "one legal play")):
        with pytest.raises(ValueError, match=why):
            library.add(position)
    with pytest.raises(ValueError, match="a card is made of a Position"):
        library.add("8/5 6/5")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        library.add(Position.start(CLASSIC).with_dice(3, 1), made="24/18")
    assert len(library) == 4


@pytest.mark.parametrize(
    "text",
    [
        "a\x00b",  # a control character
        "\u202eevil",  # an override left open: the text after it would turn round
        "x" * 2001,  # too long
    ],
)
def test_hostile_comments_are_refused(library: Library, text: str) -> None:
    with pytest.raises(ValueError):
        library.add(Position.start(CLASSIC).with_dice(3, 1), comment=text)
    assert len(library) == 0


def test_tags_are_checked_and_kept_in_order(library: Library) -> None:
    card = library.add(Position.start(CLASSIC).with_dice(4, 2), tags=["b", "a", "b"])
    assert card.tags == ("a", "b")
    assert library.set_tags(card, ["prime"]).tags == ("prime",)
    for wrong in (["x" * 41], ["  padded "], ["tab\there"], [f"t{n}" for n in range(21)], [5]):
        with pytest.raises(ValueError):
            library.set_tags(card, wrong)  # type: ignore[arg-type]
    assert library.card(card).tags == ("prime",)
    assert library.set_comment(card, "two\nlines").comment == "two\nlines"
    library.remove(card)
    assert len(library) == 0
    with pytest.raises(ValueError, match="no card"):
        library.card(card.id)


def test_the_courses_problems_are_a_starter_deck(library: Library) -> None:
    assert library.add_problems() == len(PROBLEMS) == 23
    assert library.add_problems() == 0
    cards = library.cards(tag="problem")
    assert len(cards) == 23 and {card.variant for card in cards} == {"classic", "trigammon"}
    for card, problem in zip(cards, PROBLEMS, strict=True):
        assert card.position == problem.position and card.best[0].text == problem.answer
        assert card.comment and card.source.kind == "problem" and card.made is None


def test_answers_are_judged_and_rescheduled(library: Library, clock: Clock) -> None:
    library.add_mistakes(classic_report(), "Bo")
    first, second = library.due(limit=2)
    wrong = library.answer(first, first.made or "")
    assert wrong.loss == pytest.approx(first.loss) and wrong.grade == "again" and not wrong.right
    right = library.answer(second, second.best[0].text)
    assert right.loss == 0 and right.grade == "good" and right.right
    assert wrong.due < right.due  # the one missed comes back sooner
    assert wrong.card.reviews == right.card.reviews == 1 and wrong.card.lapses == 1
    assert [card.id for card in library.due()].count(first.id) == 0  # not due at once
    clock.advance(minutes=2)
    assert first.id in [card.id for card in library.due()]
    ((_at, answer, loss, grade),) = library.reviews(first)
    assert (answer, grade) == (first.made, "again") and loss == pytest.approx(first.loss)


def test_a_play_not_among_the_best_is_rated_now(library: Library) -> None:
    opening = Position.start(CLASSIC).with_dice(6, 5)
    card = library.add(opening)
    ranked = hints(opening)
    worst = ranked[-1]
    assert worst.notation not in [choice.text for choice in card.best]
    verdict = library.answer(card, worst.play)
    assert verdict.answer == worst.notation
    assert verdict.loss == pytest.approx(ranked[0].equity - worst.equity)
    # two notations of one play are one answer, said as the card says it
    assert library.answer(card, "24/18 18/13").answer == "24/13"


def test_a_refused_answer_changes_nothing(library: Library) -> None:
    card = library.add(Position.start(CLASSIC).with_dice(3, 1))
    for wrong in ("24/18", "double", "", 31):
        with pytest.raises(ValueError):
            library.answer(card, wrong)  # type: ignore[arg-type]
    assert library.card(card) == card and library.reviews(card) == []
    with pytest.raises(ValueError, match="a grade is one of"):
        library.answer(card, "8/5 6/5", grade="perfect")  # type: ignore[arg-type]
    cube = library.add(MatchPosition(Position.start(CLASSIC), Cube(), MatchState(7, (0, 0))))
    with pytest.raises(ValueError, match="this card asks for one of no double, double"):
        library.answer(cube, "take")


def test_the_learner_overrides_the_grade(library: Library) -> None:
    card = library.add(Position.start(CLASSIC).with_dice(6, 5), made="13/2")
    graded = library.answer(card, "13/2")
    assert graded.grade == graded.graded == "again"
    easy = library.answer(
        library.add(Position.start(CLASSIC).with_dice(6, 4)), "24/14", grade="easy"
    )
    assert easy.grade == "easy" and easy.graded == "good"
    regraded = library.regrade(graded, "good")
    assert regraded.grade == "good" and regraded.due > graded.due
    assert regraded.card.lapses == 0 and regraded.card.reviews == 1
    assert [review[3] for review in library.reviews(card)] == ["good"]
    library.answer(card, "24/13")
    with pytest.raises(ValueError, match="answered since"):
        library.regrade(regraded, "hard")


def test_grading_follows_the_equity_lost() -> None:
    grading = Grading()
    assert [grading.grade(loss) for loss in (0, 0.009, 0.01, 0.039, 0.04, 1)] == [
        "good", "good", "hard", "hard", "again", "again",
    ]  # fmt: skip
    strict = Grading(hard=0.001, again=0.01)
    assert strict.grade(0.02) == "again"
    for wrong in ((0, 0.04), (0.05, 0.04), ("0.01", 0.04), (0.01, 4)):
        with pytest.raises(ValueError):
            Grading(*wrong)


def test_hostile_text_is_shown_as_text(library: Library, tmp_path: Path) -> None:
    hostile = "<img src=x onerror=alert(1)> *bold* | pipe"
    card = library.add(Position.start(CLASSIC).with_dice(5, 3), tags=["<b>"], comment=hostile)
    cards = library.cards()
    page = cards._repr_html_()
    assert "<img" not in page and "<b>" not in page and html.escape("<b>") in page
    markdown = cards.to_markdown()
    assert "<" not in markdown and "\\|" in markdown
    assert library.card(card).comment == hostile  # kept exactly as written
    with Library(tmp_path / "<i>.sqlite") as odd:
        assert "&lt;i&gt;.sqlite" in odd._repr_html_() and "<i>" not in odd._repr_html_()


def test_the_next_day_the_missed_come_back_sooner(tmp_path: Path, clock: Clock) -> None:
    """Issue 45: analyse a game, add its mistakes, drill them the next day; the ones got
    wrong come back sooner, in both variants."""
    for report in (classic_report(), trigammon_report()):
        with Library(tmp_path / f"{report.variant}.sqlite", clock=clock) as library:
            library.add_mistakes(report, "Bo")
            clock.advance(days=1)
            due = library.due()
            assert len(due) == len(library) >= 2
            missed = [library.answer(card, card.made or "") for card in due[::2]]
            right = [library.answer(card, card.best[0].text) for card in due[1::2]]
            assert max(v.due for v in missed) < min(v.due for v in right)
            clock.advance(minutes=5)  # a learning step on: the missed are back, not the rest
            assert {card.id for card in library.due()} == {v.card.id for v in missed}
            for card in library.due():  # got right now, every card graduates to days
                library.answer(card, card.best[0].text)
            clock.advance(minutes=10)
            for card in library.due():
                library.answer(card, card.best[0].text)
            assert library.due() == ()
            assert all(card.due - clock.now > timedelta(hours=12) for card in library.cards())


def test_a_cancelled_analysis_is_refused(library: Library) -> None:
    game = Game(CLASSIC, seed=9)
    autoplay(game, [HeuristicBot(), HeuristicBot()], max_turns=6)
    stop = threading.Event()
    stop.set()
    report = analyse(game, workers=1, cancel=stop)
    assert report.cancelled
    with pytest.raises(ValueError, match="cancelled"):
        library.add_mistakes(report, 0)
    with pytest.raises(ValueError, match="needs an analysis"):
        library.add_mistakes(game, 0)  # type: ignore[arg-type]
