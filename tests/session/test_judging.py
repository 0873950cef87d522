"""Hints and chances in the session (issue 41): a row's figures all come from one
source, which the panel names, and a list is ranked by what it shows, even where the
rollout's order is not the net's."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

import pytest

from trigammon_widget.engine import CLASSIC, TRIGAMMON, Game, Position
from trigammon_widget.judgement.analysis import mark_of
from trigammon_widget.judgement.play.equity_rollout import EquityRollout, RolledHint
from trigammon_widget.session import Session
from trigammon_widget.session.coaching import HintRow, plays_by_text, tutor_warning, wins_differ
from trigammon_widget.teaching.play_facts import play_facts
from trigammon_widget.teaching.toolkit import setup
from trigammon_widget.teaching.why import leaves_more_shots


def test_the_rollouts_list_is_ranked_by_its_own_equity_whatever_the_nets_order() -> None:
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(4, 4)))
    job = session.hints(candidates=3, games=4, truncate=2, workers=1, seed=1)
    assert job is not None
    found = job.work(lambda done, total: None, job.stop)
    assert isinstance(found, list) and len(found) == 3
    net = {hint.notation: hint.net for hint in found}
    # A rollout that turns the estimates upside down: the net's order and the
    # rollout's now disagree.
    rollout = found[0].rollout
    upside = replace(rollout, estimates=tuple(reversed(rollout.estimates)))
    crafted = [RolledHint(found[k].net, upside, k) for k in upside.order()]
    by_net = sorted(crafted, key=lambda hint: -hint.net.equity)
    assert [hint.notation for hint in crafted] != [hint.notation for hint in by_net]
    assert session.finish(job, crafted)
    analysis = session.analysis
    assert analysis is not None and analysis["status"] == "done"
    assert analysis["source"]["kind"] == "rollout" and analysis["source"]["games"] == 4
    rows = analysis["hints"]
    assert [row["text"] for row in rows] == [hint.notation for hint in crafted]
    equities = [row["equity"] for row in rows]
    assert equities == sorted(equities, reverse=True)
    for row, hint in zip(rows, crafted, strict=True):
        estimate = hint.estimate
        assert row["equity"] == estimate.equities[0] != net[hint.notation].equity
        assert row["win"] == estimate.wins[0]
        assert row["equity_error"] == estimate.equity_errors[0]
        assert row["loss"] == pytest.approx(equities[0] - row["equity"])
    # The plays not rolled out: the net's, apart, each losing against the rollout's
    # best as the net rates it, which is what the tutor says of them (walk 18).
    others = analysis["others"]
    assert not {row["text"] for row in others} & {row["text"] for row in rows}
    best = net[crafted[0].notation].equity
    assert best < max(hint.equity for hint in net.values())  # not the net's own best
    assert all(row["equity_error"] == 0 for row in others)
    assert all(row["loss"] >= 0 and row["loss"] == best - row["equity"] for row in others)


def test_hints_at_a_turn_looked_back_at_roll_out_the_play_made() -> None:
    """Walk 10 asked Hints at a past turn and found the play made under "Other plays,
    not rolled out": it is rolled out with the best, whatever the net thinks of it, and
    marked as the play made."""
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(3, 1)))
    plays = session.legal_plays
    worst = min(plays, key=lambda play: session.game.position.play(play).pip_count(0))
    session.play(worst)  # the most pips left behind: far from the best 8/5 6/5
    made = session.game.turns[0].notation
    session.goto(0)
    job = session.hints(candidates=2, games=4, truncate=2, workers=1, seed=1)
    assert job is not None
    net = session.analysis
    assert net is not None and net["played"] == made
    assert made not in [row["text"] for row in net["hints"][:2]]  # not one of the best
    found = job.work(lambda done, total: None, job.stop)
    assert isinstance(found, list) and len(found) == 3
    assert made in [hint.notation for hint in found]
    assert session.finish(job, found)
    analysis = session.analysis
    assert analysis is not None and analysis["played"] == made
    assert made in [row["text"] for row in analysis["hints"]]
    assert made not in [row["text"] for row in analysis["others"]]
    # At the end of the line no play is made yet: nothing is marked.
    session.goto(-1)
    session.roll()
    job = session.hints(games=4, truncate=2, workers=1)
    assert session.analysis is not None and "played" not in session.analysis
    assert job is not None
    job.stop.set()


def test_hints_beside_the_tutors_warning_roll_out_the_play_it_holds() -> None:
    """Walk 12 asked Hints while the tutor held its play and found it only under
    "Other plays, not rolled out": the held play is rolled out and marked too."""
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(6, 5)))
    session.set_tutor(True, 0.0)
    session.play("13/2")  # far worse than 24/13
    assert session.board.held is not None
    job = session.hints(candidates=2, games=4, truncate=2, workers=1, seed=1)
    assert job is not None
    net = session.analysis
    assert net is not None and net["played"] == "13/2"
    assert "13/2" not in [row["text"] for row in net["hints"][:2]]
    found = job.work(lambda done, total: None, job.stop)
    assert isinstance(found, list) and "13/2" in [hint.notation for hint in found]
    # Taken back, the play is marked as taken back (walk 13 read "played" on it), and
    # Hints asked again roll it out beside the best: how lesson 06 says to see why the
    # tutor held it (walk 15 found it unrolled once taken back).
    assert session.finish(job, found)
    session.take_back()
    analysis = session.view()["analysis"]
    assert analysis is not None and analysis["kind"] == "hints"
    assert analysis["played"] == "13/2" and analysis.get("taken_back") is True
    assert session.board.held is None and session.board.taken_back is not None
    # Asked again, the same roll and play: the rollout finished is shown at once.
    assert session.hints(candidates=2, games=4, truncate=2, workers=1, seed=1) is None
    again = session.view()["analysis"]
    assert again is not None and again["source"]["kind"] == "rollout"
    assert again["played"] == "13/2" and again.get("taken_back") is True
    # The turn played, nothing is taken back any more: the next roll's Hints mark nothing.
    session.play("24/13")
    assert session.board.taken_back is None
    session.roll()
    job = session.hints(candidates=2, games=4, truncate=2, workers=1, seed=1)
    assert session.analysis is not None and "played" not in session.analysis
    if job is not None:
        job.stop.set()


def test_a_held_play_undone_a_move_at_a_time_is_taken_back_too() -> None:
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(6, 5)))
    session.set_tutor(True, 0.0)
    session.move("12", "23")  # 13/2, in the mover's own count from 1
    session.confirm()
    held = session.board.held
    assert held is not None
    session.undo_move()
    assert session.board.held is None and session.board.taken_back == held.play


def test_hints_stay_while_the_play_they_suggest_is_made_a_checker_at_a_time() -> None:
    """Walk 15 lost the ranked list at the first checker moved: the decision is the
    turn's start still, so its hints stay (and its rollout runs on) until the turn is
    played or the dice change."""
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(3, 1)))
    job = session.hints(candidates=2, games=4, truncate=2, workers=1, seed=1)
    assert job is not None
    shown = session.analysis
    session.move("17", "20")  # 8/5, in the mover's own count from 1
    assert session.analysis == shown and session.job is job
    session.undo_move()
    assert session.analysis == shown and session.job is job
    session.move("17", "20")
    session.move("19", "20")
    session.confirm()
    assert session.analysis is None and job.stop.is_set()


def test_hints_asked_again_show_their_finished_rollout_at_once() -> None:
    """Walk 18 compared two plays in Hints' rollout, looked at Chances, asked Hints
    again and had to wait for a new rollout with other figures: the finished one is
    shown at once, for the same roll, play made and settings; and the tutor follows it
    while Chances are shown."""
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(4, 4)))
    session.set_tutor(True, 0.0)
    settings = {"games": 4, "truncate": 2, "workers": 1, "seed": 1}
    job = session.hints(candidates=3, **settings)
    assert job is not None
    assert session.finish(job, job.work(lambda done, total: None, job.stop))
    rolled = session.analysis
    assert rolled is not None and rolled["source"]["kind"] == "rollout"
    chances = session.chances(games=4, truncate=2, workers=1)
    assert session.analysis is not None and session.analysis["kind"] == "chances"
    with pytest.raises(ValueError, match="an analysis is running"):
        session.hints(candidates=3, **settings)
    chances.stop.set()
    assert session.hints(candidates=3, **settings) is None
    assert session.analysis == rolled and session.job is None
    # Other settings are another question: asked anew.
    again = session.hints(candidates=2, **settings)
    assert again is not None and session.analysis != rolled
    again.stop.set()
    # The tutor follows the finished rollout while Chances are shown.
    session.chances(games=4, truncate=2, workers=1).stop.set()
    second = rolled["hints"][1]
    session.play(second["text"])
    held = session.board.held
    assert held is not None and held.warning["by"] == "rollout"
    assert held.warning["best"] == rolled["hints"][0]["text"]
    session.play_on()
    # Another roll: the finished rollout is about the last one, so it is not shown.
    session.roll(3, 1)
    job = session.hints(candidates=3, **settings)
    assert job is not None and session.analysis != rolled
    job.stop.set()


def test_a_cancelled_rollout_is_asked_anew() -> None:
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(4, 4)))
    job = session.hints(candidates=3, games=4, truncate=2, workers=1, seed=1)
    assert job is not None
    job.stop.set()
    assert session.finish(job, job.work(lambda done, total: None, job.stop))
    assert session.hints(candidates=3, games=4, truncate=2, workers=1, seed=1) is not None


def test_a_cancelled_rollout_of_no_games_leaves_the_nets_figures_labelled() -> None:
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(4, 4)))
    job = session.hints(games=4, truncate=2, workers=1)
    assert job is not None
    net = session.analysis
    job.stop.set()
    found = job.work(lambda done, total: None, job.stop)
    assert isinstance(found, list) and found[0].rollout.trials == 0
    assert session.finish(job, found)
    analysis = session.analysis
    assert analysis is not None and net is not None
    assert analysis["status"] == "cancelled" and analysis["source"]["kind"] == "net"
    assert analysis["hints"] == net["hints"] and "others" not in analysis


def test_chances_come_from_one_source_each() -> None:
    start = Position(TRIGAMMON, Position.start(TRIGAMMON).boards, 2, None)
    session = Session(Game(TRIGAMMON, start=start))
    job = session.chances(games=8, truncate=2, workers=1, seed=3)
    at_once = session.analysis
    assert at_once is not None and at_once["source"]["kind"] == "net"
    assert at_once["source"]["net"] == "trigammon-v3"
    found = job.work(lambda done, total: None, job.stop)
    assert isinstance(found, EquityRollout)
    assert session.finish(job, found)
    analysis = session.analysis
    assert analysis is not None and analysis["source"]["kind"] == "rollout"
    estimate = found.estimates[0]
    assert analysis["wins"] == list(estimate.wins)
    assert analysis["equities"] == list(estimate.equities)
    assert analysis["gammons"] == list(estimate.gammons)
    assert analysis["win_errors"] == list(estimate.win_errors)


def test_wins_differ_as_the_board_shows_the_wins() -> None:
    """A play lower down that wins more *as shown* (to 0.1%) gets the board's note, even
    by less than 0.05% (33.46% reads 33.5, above 33.4); equal as shown, none."""

    def rows(*wins: float) -> list[HintRow]:
        return [cast(HintRow, {"win": win}) for win in wins]

    assert wins_differ(rows(0.3344, 0.3346))
    assert not wins_differ(rows(0.3344, 0.3341, 0.3338))
    assert not wins_differ(rows(0.3346, 0.3349))  # both read 33.5


def test_chances_say_which_roll_they_count() -> None:
    """Chances with the dice rolled count that roll played as its best play
    (``evaluate``), and before a roll the position's: the panel says which (fifth walk)."""
    session = Session("classic", seed=3)  # the opening roll is the starter's to play
    dice = session.view()["dice"]
    assert dice
    job = session.chances()
    analysis = session.view()["analysis"]
    assert analysis is not None and analysis["rolled"] == dice
    job.stop.set()
    session.cancel_analysis()
    session.play(next(iter(session.legal_plays)))
    assert session.view()["dice"] is None
    job = session.chances()
    analysis = session.view()["analysis"]
    assert analysis is not None and analysis["rolled"] == []
    job.stop.set()


def test_the_tutor_says_what_hints_rollout_of_the_roll_says() -> None:
    """Walk 16 read Hints' rollout ranking one play first and the tutor then naming
    another as better: where Hints rolled the roll out, the tutor's better play is the
    rollout's best, and a play rolled out loses what its row says (``by`` "rollout"); a
    play not rolled out is measured by the net against the rollout's best."""
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(4, 4)))
    session.set_tutor(True, 0.0)
    job = session.hints(candidates=3, games=4, truncate=2, workers=1, seed=1)
    assert job is not None
    found = job.work(lambda done, total: None, job.stop)
    assert isinstance(found, list) and len(found) == 3
    # A rollout that puts the net's third first: the tutor must follow it, not the net.
    rollout = found[0].rollout
    upside = replace(rollout, estimates=tuple(reversed(rollout.estimates)))
    crafted = [RolledHint(found[k].net, upside, k) for k in upside.order()]
    assert crafted[0].notation != found[0].notation
    assert session.finish(job, crafted)
    rows = session.analysis["hints"]  # type: ignore[index]
    shown_others = session.analysis["others"]  # type: ignore[index]
    best, second = rows[0]["text"], rows[1]["text"]
    session.play(second)
    held = session.board.held
    assert held is not None
    warning = held.warning
    assert warning["by"] == "rollout" and warning["best"] == best
    assert warning["loss"] == rows[1]["loss"]
    assert held.best == session.game.position.parse_play(best)
    session.take_back()
    # A rollout too close to call names the play it cannot tell from its best (walk 34
    # read "Better: X" beside Hints' "Too close to call"), unless that is the play made.
    position, judge = session.game.position, session._judge("the tutor")
    third = position.parse_play(rows[2]["text"])
    close = tutor_warning(position, third, judge, 0.0, rows, separated=False)
    apart = tutor_warning(position, third, judge, 0.0, rows, separated=True)
    assert close is not None and close[0]["best"] == best and close[0]["tied"] == second
    assert apart is not None and apart[0]["tied"] is None
    made = tutor_warning(position, position.parse_play(second), judge, 0.0, rows, False)
    assert made is not None and made[0]["tied"] is None
    # A play the rollout left out: the net measures it, against the rollout's best.
    shown = {row["text"] for row in rows}
    worst = next(hint for hint in reversed(session._analyses.rated) if hint.notation not in shown)
    stopped = tutor_warning(position, worst.play, judge, 0.0, rows)
    assert stopped is not None
    warning = stopped[0]
    assert warning["by"] == "net" and warning["best"] == best
    net_best = next(hint for hint in session._analyses.rated if hint.notation == best)
    assert warning["loss"] == pytest.approx(net_best.equity - worst.equity)
    # ... the loss its row under "Other plays" shows: one loss for one play (walk 18).
    other = next(row for row in shown_others if row["text"] == worst.notation)
    assert other["loss"] == pytest.approx(warning["loss"])
    # Without a rollout, the net's own best, as before.
    plain = tutor_warning(position, worst.play, judge, 0.0)
    assert plain is not None and plain[0]["by"] == "net" and plain[0]["best"] != best
    # The board's tutor rolls such a play out, with the roll's best plays, before it stops
    # it: the stop's figure is then that rollout's (walk 30).
    session.play(worst.play)
    held = session.board.held
    assert held is not None and held.warning["by"] == "rollout"
    checked = session.analysis
    assert checked is not None and checked["source"]["kind"] == "rollout"
    (row,) = (row for row in checked["hints"] if row["text"] == worst.notation)
    assert held.warning["loss"] == row["loss"]
    assert held.warning["best"] == checked["hints"][0]["text"]


def test_the_tutor_looks_a_roll_ahead_before_it_stops_a_play() -> None:
    """Walk 26 was stopped by the net's quick look (0.101 at 0-ply), then read 0.029 ±
    0.042 in Hints' rollout. Before the tutor stops a play, the net looks a roll ahead:
    at the classic opening 4-3, 24/20 8/5 loses 0.083 at 0-ply but under 0.08 at 1-ply,
    so the tutor at 0.08 lets it through; 13/2 at 6-5 is stopped, with its loss a roll
    ahead as 1-ply hints measure it."""
    from trigammon_widget.judgement.evaluation import hints

    def losses(position: Position, played: str) -> tuple[float, float]:
        quick, ahead = hints(position), {h.notation: h.equity for h in hints(position, ply=1)}
        made = next(h for h in quick if h.notation == played)
        return quick[0].equity - made.equity, ahead[quick[0].notation] - ahead[played]

    opening = Position.start(CLASSIC)
    close = opening.with_dice(4, 3)
    quick, ahead = losses(close, "24/20 8/5")
    assert quick >= 0.08 > ahead  # the case: the quick look stops it, a roll ahead not
    session = Session(Game(CLASSIC, start=close))
    session.set_tutor(True, 0.08)
    session.play("24/20 8/5")
    assert session.board.held is None and session.game.ply == 1

    far = opening.with_dice(6, 5)
    quick, ahead = losses(far, "13/2")
    found = tutor_warning(far, far.parse_play("13/2"), session._judge("the tutor"), 0.06)
    assert found is not None
    assert found[0] == {
        "played": "13/2",
        "best": "24/13",
        "loss": pytest.approx(quick),
        "mark": mark_of(quick),
        "by": "net",
        "line": 0.06,
        "ahead": pytest.approx(ahead),
        "tied": None,
    }


def test_a_stop_is_decided_by_hints_rollout_before_the_tutor_stops() -> None:
    """Walks 26 and 28 were stopped at lesson 06's opening 3-3 for 1/4(2) 12/15(2) by
    the net (0.101 at 0-ply, 0.091 a roll ahead), then read 0.031 ± 0.018 in Hints'
    rollout. A play the net would stop is checked by Hints' rollout of the roll first:
    the play goes through, the message says why, Hints asked shows that rollout at
    once, and the review judges the turn by it."""
    session = Session("trigammon", seed=17, names=["You", "Olga", "Victor"])
    session.roll()
    position = session.game.position
    assert position.dice == (3, 3)
    played = "1/4(2) 12/15(2)"
    quick = tutor_warning(position, position.parse_play(played), session._judge("t"), 0.08)
    assert quick is not None and quick[0]["by"] == "net"  # the net alone would stop it
    session.set_tutor(True, 0.08)
    session.play(played)
    assert session.board.held is None and session.game.ply == 1
    message = session.view()["message"]
    assert message is not None
    finished = session._analyses.finished_hints
    assert finished is not None and finished.asked.position == position
    rows = finished.analysis["hints"]
    row = next(row for row in rows if row["text"] == played)
    error = finished.analysis["source"]["z95"] * row["loss_error"]
    assert row["loss"] < 0.08
    assert message["text"].endswith(
        f". The tutor checked it with Hints' rollout: it loses {row['loss']:.3f} ± {error:.3f} "
        f"points per game against {rows[0]['text']}, under the tutor's 0.080 line, so it stands."
    )
    assert position in session._rollouts  # the review's judge of this turn
    # Back at the turn, Hints show that rollout at once (no job).
    session.goto(0)
    assert session.hints() is None
    analysis = session.analysis
    assert analysis is not None and analysis["hints"] == rows


@pytest.mark.parametrize("line", [0.08, 0.04])
def test_a_stop_the_rollout_confirms_is_stopped_by_the_rollout(line: float) -> None:
    """13/2 at the opening 6-5 loses 0.14 by the net: a stop at the line 0.08, and far
    over the line 0.04, which Hints' rollout confirms. The warning gives the rollout's
    figures and its best, and Hints shows that rollout, the held play among its rows:
    one figure for one play (walk 30 read 0.228 from the tutor, then 0.207 ± 0.018)."""
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(6, 5)))
    session.set_tutor(True, line)
    session.play("13/2")
    held = session.board.held
    assert held is not None and held.warning["by"] == "rollout"
    analysis = session.analysis
    assert analysis is not None and analysis["source"]["kind"] == "rollout"
    rows = analysis["hints"]
    row = next(row for row in rows if row["text"] == "13/2")
    assert held.warning["loss"] == row["loss"] >= 0.08
    assert held.warning["best"] == rows[0]["text"] and analysis["played"] == "13/2"
    assert held.warning["line"] == line and held.warning["ahead"] is None


def hinted_facts(session: Session) -> dict[str, str]:
    """What the plays Hints ranks first do, as the board says it (the rollout stopped:
    the facts are the net's list's)."""
    job = session.hints(candidates=2, games=4, truncate=2, workers=1)
    assert job is not None
    job.stop.set()
    return session.view()["facts"]


def test_the_plays_hints_rank_first_say_what_they_do() -> None:
    """Walk 18 found no "why" beside the numbers: each play Hints ranks first says the
    points it makes and the blots it leaves, with the pips each would lose and the rolls
    that hit them, said to the person in front where they are the one hitting, its
    points as the board numbers them (walk 19 read a bot's blots in the bot's numbers)."""
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(3, 1)))
    assert session.view()["facts"] == {}  # nothing asked, nothing said
    facts = hinted_facts(session)
    assert facts["8/5 6/5"] == "makes point 5; leaves no blot"
    assert facts["13/9"] == (
        "leaves a blot on 9 (16 pips lost if hit): Player O can hit with 6 of 36 rolls"
    )
    assert facts["24/23 13/10"] == (
        "gives up point 24; leaves blots on 24, 23, 10 (1, 2, 15 pips lost if hit): "
        "Player O can hit with 34 of 36 rolls (5 of them hit a blot that loses more than 6 "
        "pips)"
    )  # the 10, 9 away from O's back checkers: 6-3, 5-4 and 3-3 (walk 39)
    assert len(facts) == 8  # the first rows only (FACT_ROWS)
    running = hinted_facts(Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(6, 5))))
    said = running["24/13"]  # one pip, not "1 pips" (walk 21)
    assert said.startswith(
        "brings 1 back checker out; gives up point 24; leaves a blot on 24 (1 pip lost if "
        "hit): Player O can hit with "
    )
    # Walk 21: two plays that leave no blot differ by the block one makes.
    blocking = hinted_facts(Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(6, 1))))
    assert blocking["13/7 8/7"] == "makes point 7; makes a 3-point block (6-8); leaves no blot"
    start = Position.start(CLASSIC, turn=1).with_dice(4, 1)
    yours = hinted_facts(Session(Game(CLASSIC, start=start, names=["You", "Bo"])))
    # From 4 away at the 5 (any 4, 3-1, 2-2, 1-1: 15), and 6-2, 5-3 at the 9.
    # Bo's blots, on Bo's 9 and 5 point, are on your 16 and 20 on this board, and the
    # facts say so beside Bo's play in Bo's numbers (walk 31).
    assert yours["13/9 6/5"] == (
        "leaves blots on 16, 20 (16, 20 pips lost if hit): you can hit with 19 of 36 rolls "
        "(points as this board numbers them)"
    )
    # A hit costs its owner a turn's tempo besides pips (walk 30 read "2 pips back" as a
    # hit worth nothing): the owner enters first (R8).
    hitting = setup(CLASSIC, {"X": {6: 2, 8: 1}, "O": {5: 1, 1: 14}}, (3, 1))
    hits = hinted_facts(Session(Game(CLASSIC, start=hitting)))
    assert hits["8/5* 6/5"] == (
        "makes point 5; gives up point 6; hits 1 checker (5 pips back; Player O must enter "
        "from the bar before any other move, R8); leaves a blot on 6 (19 pips lost if hit): "
        "Player O can hit with 23 of 36 rolls"
    )


def test_hints_say_why_the_first_ranks_above_a_play_that_leaves_fewer_shots() -> None:
    """Walk 42: at the trigammon 6-3 the first play, 1/10, leaves a blot hit by more rolls
    than the second's, and nothing said why. The highest play below it that leaves fewer
    shots gets the two plays' round ahead (``teaching.why``), once; where the first
    leaves no shot, nothing needs saying."""
    start = Position.start(TRIGAMMON).with_dice(6, 3)
    session = Session(Game(TRIGAMMON, start=start))
    facts = hinted_facts(session)
    view = session.view()
    first, second = (row["text"] for row in view["analysis"]["hints"][:2])  # type: ignore[index]
    plays = plays_by_text(start)
    assert leaves_more_shots(play_facts(start, plays[first]), play_facts(start, plays[second]))
    assert list(view["why"]) == [second] and second in facts
    assert view["why"][second].startswith(f"Why {first} ranks above {second} though it leaves")
    assert "better off whether it is hit or not" in view["why"][second]
    safe = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(3, 1)))
    hinted_facts(safe)
    assert safe.view()["why"] == {}


def test_the_same_roll_rolled_out_on_two_boards_gives_the_same_figures() -> None:
    """Walk 19 compared one position's Hints in the English and the Spanish lesson and
    found them 2 standard errors apart: the board's rollouts start from the position's
    own seed, so one question gets one answer; a seed given gets another sample."""

    def rolled(**seed: int) -> list[tuple[str, float]]:
        session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(4, 4)))
        job = session.hints(candidates=2, games=8, truncate=2, workers=1, **seed)
        assert job is not None
        found = job.work(lambda done, total: None, job.stop)
        assert isinstance(found, list)
        return [(hint.notation, hint.estimate.equities[0]) for hint in found]

    assert rolled() == rolled()
    assert rolled(seed=3) != rolled()


def test_chances_count_the_roll_as_hints_best_and_agree_with_its_row() -> None:
    """Walks 19 and 20 read Chances about 0.015 below Hints' best for the same roll,
    beyond both errors: Chances count the roll as the rollout's best play and roll out
    the position after it as Hints did, on the same dice, so their figures agree; before
    Hints, as the net's best play, and they say which."""
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC).with_dice(4, 4)))
    net_first = session.chances(games=8, truncate=2, workers=1)
    panel = session.analysis
    assert panel is not None and panel["counted_by"] == "net"
    net_first.stop.set()
    job = session.hints(candidates=2, games=8, truncate=2, workers=1)
    assert job is not None
    assert session.finish(job, job.work(lambda done, total: None, job.stop))
    rows = session.analysis["hints"]  # type: ignore[index]
    chances = session.chances(games=8, truncate=2, workers=1)
    panel = session.analysis
    assert panel is not None
    assert panel["counted"] == rows[0]["text"] and panel["counted_by"] == "rollout"
    found = chances.work(lambda done, total: None, chances.stop)
    assert session.finish(chances, found)
    shown = session.analysis
    assert shown is not None and shown["source"]["games"] == 8
    assert shown["equities"][0] == pytest.approx(rows[0]["equity"])
    assert shown["wins"][0] == pytest.approx(rows[0]["win"])
