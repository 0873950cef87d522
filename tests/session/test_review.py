"""The review shows the decision (issue 41 item 3): a reviewed turn is shown as the
position its mover faced, with the dice rolled, the play made drawn, the better one
dashed and that roll's legal plays; the last marked turn is as easy to reach as any."""

from __future__ import annotations

import re

import pytest

from trigammon_widget import CLASSIC, Cube, Game, MatchPosition, MatchState, Position, Turn
from trigammon_widget.engine.notation import format_play_seen
from trigammon_widget.engine.places import label as label_of
from trigammon_widget.judgement import analysis as analysis_module
from trigammon_widget.judgement.analysis import CubeReport, PlayRating, TurnReport, mark_of
from trigammon_widget.judgement.cube import CUBE_PLY
from trigammon_widget.judgement.evaluation import evaluate
from trigammon_widget.pictures.arrows import arrow_places
from trigammon_widget.session import Job, Session
from trigammon_widget.session.coaching import ReviewStop, TutorWarning, plays_by_text, stop_warning
from trigammon_widget.session.slices import Found, TutorStop
from trigammon_widget.teaching.play_facts import play_facts
from trigammon_widget.teaching.why import leaves_more_shots


def run(session: Session, job: Job | None) -> None:
    """A background job of the session, run here to its end."""
    assert job is not None
    found: Found | BaseException = job.work(lambda done, total: None, job.stop)
    assert session.finish(job, found)


def arrows(svg: str, kind: str) -> set[tuple[str, str]]:
    """The (from, to) places of the drawn arrows of ``kind`` ("arrow" or "best")."""
    return set(re.findall(rf'data-kind="{kind}" data-from="(\w+)" data-to="(\w+)"', svg))


@pytest.fixture(scope="module")
def reviewed() -> Session:
    """A classic game of random bots (they make mistakes), reviewed."""
    session = Session("classic", seed=11, names=["Ann", "Bo"])
    for player in (0, 1):
        session.set_seat(player, "random")
    session.autoplay(max_turns=30)
    for player in (0, 1):
        session.set_seat(player, "human")
    run(session, session.analyse(workers=1))
    return session


def test_the_review_says_what_judged_it(reviewed: Session) -> None:
    """The marks are the net's at 0-ply, as the tutor's: the panel says so, so that a
    rollout's different order of close plays (Hints) is no contradiction. Its cube
    decisions are judged at ``CUBE_PLY``, as Hints judges them, and it says that too
    (walk 10 read 1-ply cube figures under a note of 0-ply)."""
    review = reviewed.view()["review"]
    assert review is not None and review["status"] == "done"
    net = {
        "kind": "net",
        "net": "classic-v5",
        "ply": 0,
        "games": 0,
        "truncate": 0,
        "reduced": False,
        "z95": 0.0,
        "plain": 0.0,
    }
    assert review["source"] == net
    assert review["cube_source"] == {**net, "ply": CUBE_PLY} and CUBE_PLY == 1


def test_a_trigammon_review_judges_no_cube() -> None:
    session = Session("trigammon", seed=4, names=["Ann", "Bo", "Cy"])
    for player in (0, 1, 2):
        session.set_seat(player, "random")
    session.autoplay(max_turns=6)
    run(session, session.analyse(workers=1))
    review = session.view()["review"]
    assert review is not None and review["status"] == "done"
    assert review["source"]["net"].startswith("trigammon") and review["cube_source"] is None


def test_a_marked_turn_is_shown_as_its_movers_decision(reviewed: Session) -> None:
    session = reviewed
    report = session.report
    assert report is not None
    marked = [ply for ply in report.marks if isinstance(session.game.turns[ply - 1], Turn)]
    assert len(marked) >= 2
    session.goto(0)
    for ply in marked[:4]:
        session.goto(ply - 1)
        view = session.view()
        turn = session.game.turns[ply - 1]
        assert isinstance(turn, Turn)
        assert view["decisions"] and view["ply"] == ply - 1
        assert view["turn"] == turn.player and view["dice"] == list(turn.dice)
        # the roll's legal plays, the play made among them
        assert turn.notation in session.plays()
        assert view["review"] and view["review"]["turn"]
        assert view["review"]["turn"]["ply"] == ply
        variant = session.game.variant
        # One arrow a checker's course (tests/pictures: ``arrow_places``).
        made = {(str(a), str(b)) for a, b, _hit in arrow_places(variant, turn.play, turn.player)}
        svg = session.svg()
        assert arrows(svg, "arrow") == made
        judged = report.judged(ply)
        if judged is not None and judged.mark is not None and judged in report.turns:
            assert arrows(svg, "best")  # the better play, dashed
        # What the play made and the best ones do, each said (walk 18: "no why").
        shown = view["review"]["turn"]
        facts = view["facts"]
        assert {row["text"] for row in shown["best"]} | {shown["played"]} <= set(facts)
        assert all(" blot" in said for said in facts.values())
        # Why the best ranks above the play made, where that leaves fewer shots.
        position, best = session.game.position, shown["best"][0]["text"]
        plays = plays_by_text(position)
        safer = leaves_more_shots(
            play_facts(position, plays[best]), play_facts(position, plays[shown["played"]])
        )
        assert (shown["played"] in view["why"]) == (safer and shown["played"] != best)


def test_stepping_to_mistakes_reaches_the_first_and_the_last(reviewed: Session) -> None:
    session = reviewed
    report = session.report
    assert report is not None
    marks = list(report.marks)
    session.goto(0)
    seen = []
    while True:
        try:
            session.next_mistake(1)
        except ValueError:
            break
        seen.append(session.game.ply + 1)
    assert seen == [ply for ply in marks if ply > 1]
    session.goto(-1)  # the end: the last marked turn is one step back
    session.next_mistake(-1)
    assert session.game.ply == marks[-1] - 1
    view = session.view()
    assert view["review"] and view["review"]["marked_at"] == [ply - 1 for ply in marks]
    assert view["review"]["turn"] and view["review"]["turn"]["ply"] == marks[-1]


def test_a_player_steps_through_their_own_mistakes(reviewed: Session) -> None:
    """A learner reviewing a game steps through their own marked decisions only: each
    player's are the records where the review marked a play (or a cube action) of
    theirs, and together they are every marked record."""
    session = reviewed
    report = session.report
    assert report is not None
    judged: list[TurnReport | CubeReport] = [*report.turns, *report.cube]
    own = {
        player: [
            ply
            for ply in report.marks
            if any(j.ply == ply and j.player == player and j.mark for j in judged)
        ]
        for player in (0, 1)
    }
    assert own[0] and own[1] and sorted({*own[0], *own[1]}) == list(report.marks)
    for ply in own[0]:  # a plain play's record is its mover's
        turn = session.game.turns[ply - 1]
        assert not isinstance(turn, Turn) or turn.player == 0 or ply in own[1]
    view = session.view()
    assert view["review"] and view["review"]["marked_by"] == [
        [ply - 1 for ply in own[player]] for player in (0, 1)
    ]
    for player in (0, 1):
        session.goto(0)
        seen = []
        while True:
            try:
                session.next_mistake(1, player)
            except ValueError:
                break
            seen.append(session.game.ply + 1)
        assert seen == [ply for ply in own[player] if ply > 1]
    at = session.game.ply
    with pytest.raises(ValueError, match=r"player must be a player 0\.\.1, got 2"):
        session.next_mistake(1, 2)
    assert session.game.ply == at


def test_without_a_review_the_board_draws_the_play_that_led_here() -> None:
    session = Session("classic", seed=4)
    session.set_seat(0, "random")
    session.set_seat(1, "random")
    session.autoplay(max_turns=4)
    session.goto(2)
    view = session.view()
    assert not view["decisions"] and view["review"] is None
    turn = session.game.turns[1]
    assert isinstance(turn, Turn)
    variant = session.game.variant
    made = {(str(a), str(b)) for a, b, _hit in arrow_places(variant, turn.play, turn.player)}
    assert arrows(session.svg(), "arrow") == made


def numbers(svg: str) -> dict[str, str]:
    """The label drawn at each absolute point of a board's drawing."""
    return dict(re.findall(r'data-kind="number" data-point="(\d+)">(\d+)<', svg))


def test_a_decision_of_another_player_keeps_the_boards_numbers_and_says_its_plays_both_ways(
    reviewed: Session,
) -> None:
    """The second walk read a bot's "1/11(2)" in the review where the board's 1 was
    elsewhere; numbered from the mover's side, the fourth walk saw the labels change
    under "View as: You". Under review the board keeps the perspective's numbers, and
    another player's plays (the one made and the best) are also written as it numbers
    them; the person's own plays once."""
    session = reviewed
    report = session.report
    assert report is not None and session.view()["perspective"] == 0
    by_player: dict[int, int] = {}
    for ply in report.marks:
        record = session.game.turns[ply - 1]
        if isinstance(record, Turn):
            by_player.setdefault(record.player, ply)
    assert set(by_player) == {0, 1}
    variant = session.game.variant
    for player, ply in by_player.items():
        session.goto(ply - 1)
        for point, label in numbers(session.svg()).items():  # the perspective's, always
            assert label == str(label_of(variant, variant.path(0, int(point)))), point
        review = session.view()["review"]
        assert review is not None and review["turn"] is not None
        shown = review["turn"]
        judged = report.turn(ply)
        if player == 0:
            assert shown["seen"] == {}
            continue
        rated = [(judged.notation, judged.play), *((r.notation, r.play) for r in judged.best)]
        assert shown["seen"] == {
            notation: format_play_seen(variant, made, player, 0) for notation, made in rated
        }
        assert shown["played"] in shown["seen"]


def test_a_board_passed_round_keeps_the_perspectives_numbers() -> None:
    """The third walk saw a board passed round renumber itself from each player to move
    while its checkers stood still and "View as" still named X: the labels are the
    perspective's on every turn, bots or none, "you" or none."""
    for session in (
        Session("trigammon", seed=4, names=["Ann", "Bo", "Cy"]),
        Session("trigammon", seed=4, you=0),
    ):
        variant = session.game.variant
        for _turn in range(4):
            if session.view()["can_roll"]:
                session.roll()
            for point, label in numbers(session.svg()).items():
                assert label == str(label_of(variant, variant.path(0, int(point)))), point
            session.play(next(iter(session.legal_plays)))


def test_the_game_going_on_after_a_review_is_numbered_from_the_perspective() -> None:
    """The second walk ran the review mid-game, rolled, and saw the board numbered from
    the bot's side that had moved last: only a decision under review is numbered from
    its mover's side; the position where the game goes on is the perspective's."""
    session = Session("classic", seed=5, names=["Ann", "Bo"])
    session.set_seat(1, "random")
    while session.view()["turn"] != 0 or not session.game.turns:
        session.set_seat(0, "random")
        session.autoplay(max_turns=1)
        session.set_seat(0, "human")
    assert session.game.turns[-1].player == 1  # the bot moved last
    run(session, session.analyse(workers=1))
    assert session.view()["review"] is not None and session.view()["decisions"]
    variant = session.game.variant
    for rolled in (False, True):
        if rolled:
            session.roll()
        for point, label in numbers(session.svg()).items():
            assert label == str(label_of(variant, variant.path(0, int(point)))), (rolled, point)


def test_your_mistakes_leave_out_a_bot_that_played_your_seat() -> None:
    """The seventh walk handed its seat to a bot to finish a game, and the review
    counted the bot's plays among "Your mistakes". The person's seat counts the
    decisions the person made there; the bot's are left out, and said to be."""
    session = Session("classic", seed=11, names=["You", "Bo"], you=0)
    session.set_seat(1, "random")
    by_person: list[int] = []
    while len(by_person) < 6:  # the person's first listed plays: mistakes, some of them
        session.autoplay()
        if session.view()["can_roll"]:
            session.roll()
        by_person.append(session.game.ply + 1)
        session.play(next(iter(session.legal_plays)))
    session.set_seat(0, "random")  # the person hands their seat over
    session.autoplay(max_turns=30)
    session.set_seat(0, "human")
    run(session, session.analyse(workers=1))
    report = session.report
    assert report is not None
    mine = [at for at in report.marked(0) if at in by_person]
    bots = [at for at in report.marked(0) if at not in by_person]
    assert mine and bots  # both made mistakes in the seat
    review = session.view()["review"]
    assert review is not None
    assert review["marked_by"][0] == [at - 1 for at in mine]
    assert review["marked_by"][1] == [at - 1 for at in report.marked(1)]
    assert review["left_out"] == len(bots)
    # The eighth walk's rating counted the bot's decisions as the person's: the seat's
    # summary is the person's own decisions too.
    own = report.summary(0, without=set(range(by_person[-1] + 1, report.plies + 1)))
    shown = review["players"][0]
    assert shown["decisions"] == own.decisions < report.players[0].decisions
    assert shown["rating"] == own.rating and shown["marks"] == own.marks
    decided = [t for t in report.turns if t.player == 0 and t.decision and t.ply in by_person]
    assert own.decisions == len(decided) + own.cube_decisions  # its rolls: double or not
    session.goto(0)
    seen = []
    while True:
        try:
            session.next_mistake(1, 0)
        except ValueError:
            break
        seen.append(session.game.ply + 1)
    assert seen == [at for at in mine if at > 1]


def test_the_seats_the_reviews_own_net_plays_are_named() -> None:
    """Walk 13 read the neural bot's PR 0.0 as perfect play: the review names the seats
    its own net plays, but for the person's own seat (its PR counts the person's turns)."""
    session = Session("classic", seed=11, names=["You", "Bo"], you=0)
    session.set_seat(0, "neural")
    session.set_seat(1, "neural")
    session.autoplay(max_turns=8)
    run(session, session.analyse(workers=1))
    review = session.view()["review"]
    assert review is not None and review["self_judged"] == [1]


def test_a_missed_double_is_shown_before_its_roll() -> None:
    """Walk 18 read "no double ?!" beside the roll and the play that came after it: a
    marked cube decision of a turn that rolled is shown as GNU Backgammon shows it,
    before the roll, its dice and play not drawn (R14)."""
    ann: dict[int | str, int] = {19: 3, 20: 3, 21: 3, 22: 3, 23: 3}  # 60 pips to 75
    bo: dict[int | str, int] = {18: 3, 19: 3, 20: 3, 21: 3, 22: 3}
    start = MatchPosition(Position.build(CLASSIC, {0: ann, 1: bo}), Cube(), MatchState(7, (0, 0)))
    session = Session(start, names=["Ann", "Bo"])
    session.roll(6, 5)
    session.play(next(iter(session.legal_plays)))
    run(session, session.analyse(workers=1))
    report = session.report
    assert report is not None
    judged = report.judged(1)
    assert isinstance(judged, CubeReport) and judged.action == "no double" and judged.mark
    session.goto(0)
    view = session.view()
    assert view["review"] is not None and view["review"]["turn"] is not None
    assert view["review"]["turn"]["played"] == "no double"
    assert view["dice"] is None
    svg = session.svg()
    assert 'data-kind="die"' not in svg and not arrows(svg, "arrow")
    # Hints there give the cube's advice, as the review says they do (walk 19 found
    # them greyed, the decision being before the roll).
    assert view["cube"] is not None and view["cube"]["decision"]
    assert session.hints() is None
    advice = session.analysis
    assert advice is not None and advice["kind"] == "cube"
    assert advice["cube"]["question"] == "double"
    # Chances there are the decision's too, before the roll: walk 24 read them after
    # the roll that came next beside Hints' chances before it.
    job = session.chances(games=4, truncate=2, workers=1)
    before = session.analysis
    assert before is not None and before["kind"] == "chances"
    assert before["rolled"] == [] and "counted" not in before
    expected = evaluate(session.game.position.with_dice())
    assert before["wins"] == list(expected.wins)
    job.stop.set()


def stops_after(session: Session, play: str) -> list[ReviewStop]:
    """The stops the review lists once ``play`` is made, the tutor off, and the game
    reviewed."""
    session.set_tutor(False)
    session.play(play)
    run(session, session.analyse(workers=1))
    review = session.view()["review"]
    assert review is not None
    return review.get("stops", [])


def test_the_plays_the_tutor_stopped_are_listed_in_the_review() -> None:
    """Walk 21 took back plays the tutor stopped and found no trace of them in the
    review. It lists each, at the turn played there instead, with the play tried, what
    it lost against the better play and the answer: taken back, or played anyway."""
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(6, 5)))
    session.set_tutor(True, 0.0)
    session.play("13/2")  # far worse than 24/13: stopped
    held = session.board.held
    assert held is not None
    session.take_back()
    session.play("13/7 13/8")  # worse than 24/13 as well: stopped again
    second = session.board.held
    assert second is not None
    session.play_on()
    assert session.game.ply == 1
    session.set_tutor(False)
    session.roll()
    session.play(next(iter(session.legal_plays)))  # the tutor off: nothing stopped
    run(session, session.analyse(workers=1))
    review = session.view()["review"]
    assert review is not None
    stops = review.get("stops")
    # One turn, two stops, oldest first (walk 37 took back two plays at one turn and
    # found only the second): the first taken back, the second played on. Every stop is
    # checked by Hints' rollout first.

    def listed(warning: TutorWarning, taken_back: bool) -> ReviewStop:
        return {
            "ply": 1,
            "player": 0,
            "dice": [6, 5],
            "tried": warning["played"],
            "best": warning["best"],
            "loss": warning["loss"],
            "mark": warning["mark"],
            "taken_back": taken_back,
            "played": "13/8 13/7",
            "by": "rollout",
            "line": 0.0,
            "cleared": False,
        }

    assert stops == [listed(held.warning, True), listed(second.warning, False)]
    # A stop taken back names the play then made; another line has none.
    taken = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(6, 5)))
    taken.set_tutor(True, 0.0)
    taken.play("13/2")
    warning = taken.board.held.warning if taken.board.held else None
    taken.take_back()
    (stop,) = stops_after(taken, "24/13")
    assert warning is not None and stop["tried"] == "13/2" == warning["played"]
    assert stop["taken_back"] and stop["played"] == "24/13" and stop["loss"] == warning["loss"]
    # The stop belongs to its decision: a variation played there shows it too.
    taken.goto(0)
    taken.play("13/7 13/8")
    ((again,),) = taken.tutor_stops.values()
    assert taken.tutor_stops == {1: (again,)} and again.warning == warning


def test_a_stop_whose_play_hints_then_rolled_out_keeps_the_rollouts_figures(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Walk 25 was stopped at 0.480 (the net at 0-ply), took the play back and read
    0.196 ± 0.028 in Hints' rollout, then 0.480 again in the review: a stop whose play
    Hints rolled out says what the rollout said."""
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(6, 5)))
    session.set_tutor(True, 0.0)
    stopped_by_the_net(session, "13/2")
    session.take_back()
    ((stop,),) = session._stops.values()
    assert stop.warning["by"] == "net"
    run(session, session.hints(candidates=5, games=4, truncate=2, workers=1, seed=1))
    analysis = session.analysis
    assert analysis is not None and analysis["source"]["kind"] == "rollout"
    rows = analysis["hints"]
    row = next(row for row in rows if row["text"] == "13/2")
    assert rows[-1] is row
    # The review keeps one play fewer than these rows: the last, 13/2, is left out.
    monkeypatch.setattr(analysis_module, "HINTS_KEPT", len(rows) - 1)
    assert ((stop,),) == tuple(session._stops.values())  # kept as made; the review derives
    (shown,) = stops_after(session, "24/13")
    assert shown["by"] == "rollout" and shown["loss"] == row["loss"] != stop.warning["loss"]
    assert shown["best"] == rows[0]["text"] and shown["mark"] == mark_of(row["loss"])
    assert shown["taken_back"] and not shown["cleared"]  # the tutor's line was 0
    ((restated,),) = session.tutor_stops.values()
    assert restated.warning == {
        "played": "13/2",
        "best": rows[0]["text"],
        "loss": row["loss"],
        "mark": mark_of(row["loss"]),
        "by": "rollout",
        "line": 0.0,
        "ahead": None,
        "tied": None,
    }
    # At its turn, the review lists it beside the best plays, by the same rollout, where
    # the best plays leave it out (walk 32 found it in no list).
    session.goto(0)
    review = session.view()["review"]
    assert review is not None and review["turn"] is not None
    turn = review["turn"]
    assert turn["by"] == "rollout" and turn["played"] == "24/13"
    assert "13/2" not in [best["text"] for best in turn["best"]]
    (tried,) = turn["taken_back"]
    assert (tried["text"], tried["loss"], tried["win"]) == ("13/2", row["loss"], row["win"])


def test_a_stop_the_rollout_finds_under_the_tutors_line_is_cleared() -> None:
    """Walk 26 read "lost 0.029 ... (by Hints' rollout)" among plays stopped at 0.08: a
    stop whose rolled-out loss is under the tutor's line then says it is cleared."""

    def rolled_out(loss: float) -> ReviewStop:
        session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(6, 5)))
        session.set_tutor(True, 0.06)
        stopped_by_the_net(session, "13/2")
        session.take_back()
        ((key, (stop,)),) = session._stops.items()
        assert stop.warning["by"] == "net" and stop.warning["loss"] >= 0.12
        # as Hints' rollout of the roll would leave it (``_remember_rollout``)
        session._rollouts[key] = (rating("24/13", 0.0), rating("13/2", loss))
        session._rollouts_kept += 1
        (shown,) = stops_after(session, "24/13")
        assert shown["loss"] == loss and shown["line"] == 0.06 and shown["by"] == "rollout"
        return shown

    assert rolled_out(0.03)["cleared"]
    assert not rolled_out(0.06)["cleared"]  # on the line: still stopped


def stopped_by_the_net(session: Session, play: str) -> None:
    """``play`` stopped by the net's quick look: the tutor's rollout waits while
    another analysis runs (here Chances)."""
    job = session.chances()
    assert job is not None
    session.play(play)
    session.cancel_analysis()
    held = session.board.held
    assert held is not None and held.warning["by"] == "net"


def rating(text: str, loss: float) -> PlayRating:
    """A play of Hints' rollout of the classic opening 6-5 that loses ``loss`` against
    its first."""
    position = Position.start(CLASSIC).with_dice(6, 5)
    play = next(p for p in position.legal_plays() if position.format_play(p) == text)
    return PlayRating(text, play, -loss, loss, 0.5 - loss, 0.1 + loss)


@pytest.mark.parametrize("kept", ["stops", "rollouts"])
def test_a_board_keeps_the_latest_stops_and_rollouts_only(
    kept: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tutor's stops and the rolls Hints rolled out that a board remembers for its
    review are bounded (``MAX_STOPS``, ``MAX_ROLLOUTS``, SECURITY.md): the oldest is
    forgotten first, and one remembered again is the latest."""
    from trigammon_widget.session import state

    monkeypatch.setattr(state, f"MAX_{kept.upper()}", 2)
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(6, 5)))
    stop = TutorStop(stop_warning("13/2", "24/13", 0.1, 0.08, 0.09), True)

    def remember(key: Position) -> None:
        if kept == "stops":
            session._remember_stop(stop, key)
        else:
            session._remember_rollout(key, [])

    keys = [Position.start(CLASSIC).with_dice(a, b) for a, b in ((6, 5), (4, 2), (3, 1))]
    for key in keys:
        remember(key)
    remembered = session._stops if kept == "stops" else session._rollouts
    assert list(remembered) == keys[1:]
    remember(keys[1])
    assert list(remembered) == [keys[2], keys[1]]


def test_a_turn_hints_rolled_out_is_reviewed_by_that_rollout() -> None:
    """Walk 27: the tutor's stop said "lost 0.115 against bar/6 1/3 (by Hints' rollout)"
    while the review, the graph's dots and lesson 06's captions said bar/8 and 0.144 by
    the net. A turn whose roll Hints rolled out at the board is reviewed by it: one best
    play and one loss for one decision, wherever the learner reads them."""
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(6, 5)))
    run(session, session.hints(candidates=3, games=4, truncate=2, workers=1, seed=1))
    analysis = session.analysis
    assert analysis is not None and analysis["source"]["kind"] == "rollout"
    rows = analysis["hints"]
    second = rows[1]
    session.play(second["text"])
    session.roll()
    session.play(next(iter(session.legal_plays)))
    run(session, session.analyse(workers=1))
    report = session.report
    assert report is not None
    first = report.turn(1)
    assert first.by == "rollout" and first.loss == max(0.0, second["loss"])
    assert [rating.notation for rating in first.best] == [row["text"] for row in rows]
    assert first.mark == mark_of(first.loss)
    assert report.turn(2).by == "net"  # not rolled out
    assert report.players[0].equity_lost == pytest.approx(first.loss)
    session.goto(0)  # the first decision, as the review shows it
    shown = session.view()["review"]
    assert shown is not None and shown["turn"] is not None
    turn = shown["turn"]
    assert turn["by"] == "rollout" and turn["loss"] == first.loss
    assert [row["text"] for row in turn["best"]] == [row["text"] for row in rows]
    # Where the loss comes from (walk 32): each row's chances to win and to lose a gammon,
    # and the play made's, all the rollout's, as Hints showed them.
    assert [(row["win"], row["gammon"]) for row in turn["best"]] == [
        (row["win"], row["gammon"]) for row in rows
    ]
    assert turn["chances"] == [second["win"], second["gammon"]]
    assert 0 < second["gammon"] < 1 and rows[0]["gammon"] != second["gammon"]


def test_a_turn_the_net_judged_says_the_chances_of_the_play_made(reviewed: Session) -> None:
    """The review's chances of a play made, by the net at 0-ply: those of the position
    after it, for its mover, as Hints' rows give a play's (``hint_rows``)."""
    report = reviewed.report
    assert report is not None
    judged = next(t for t in report.turns if t.decision and t.mark is not None)
    after = judged.position.play(judged.play)
    evaluation = evaluate(after, evaluator=reviewed.evaluator)
    mover = judged.player
    win, gammon = evaluation.wins[mover], evaluation.gammons[mover]
    assert judged.chances == pytest.approx((win, gammon), abs=1e-6)
    best = judged.best[0]
    chances = evaluate(judged.position.play(best.play), evaluator=reviewed.evaluator)
    assert (best.win, best.gammon) == pytest.approx(
        (chances.wins[mover], chances.gammons[mover]), abs=1e-6
    )
