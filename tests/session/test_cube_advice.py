"""The hints at a cube decision (issue 41 §4, R14): before the roll where the cube may
be turned, or at a double awaiting its answer, Hints gives the cube's advice (no
double, double/take and double/pass, or take and pass; the proper action, the take
point), judged as the bots and the reviews judge theirs, and checked against GNU
Backgammon 2-ply on the clear decisions of the cube reference."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.paths import ROOT
from trigammon_widget.engine import CLASSIC, Game, IllegalMoveError, Match, MatchPosition
from trigammon_widget.judgement.cube.cubeful import cubeful_decision
from trigammon_widget.judgement.cube.decision import CubeDecision
from trigammon_widget.session import Session

REFERENCE = ROOT / "benchmarks" / "data" / "cube-reference.json"
CLEAR = 0.15
"""A decision is clear where gnubg 2-ply's proper action beats the other double/no double
choice, and the proper answer the other answer, by this much (normalised equity)."""


def gnubg_action(rated: dict[str, Any]) -> tuple[str, bool]:
    """gnubg's proper action and answer, by ``CubeDecision``'s own rule."""
    decision = CubeDecision(
        rated["no_double"], rated["double_take"], rated["double_pass"], 0.0, "money"
    )
    return decision.action, decision.take


def clear_decisions() -> list[tuple[str, str, str, bool]]:
    found = []
    for decision in json.loads(REFERENCE.read_text())["decisions"]:
        rated = decision["ply2"]
        no_double, take, drop = (rated[k] for k in ("no_double", "double_take", "double_pass"))
        if min(abs(min(take, drop) - no_double), abs(take - drop)) >= CLEAR:
            found.append((decision["id"], decision["context"], *gnubg_action(rated)))
    return found


CLEAR_DECISIONS = clear_decisions()


def advice(session: Session) -> dict[str, Any]:
    assert session.hints() is None  # at once: no rollout
    analysis = session.analysis
    assert analysis is not None and analysis["kind"] == "cube"
    assert analysis["status"] == "done"
    assert analysis["source"] == {**analysis["source"], "kind": "net", "ply": 1, "games": 0}
    return dict(analysis["cube"])


def test_the_reference_holds_every_kind_of_clear_decision() -> None:
    kinds = {(action, take) for _id, _context, action, take in CLEAR_DECISIONS}
    assert {("no double", True), ("double", True), ("double", False), ("too good", False)} <= kinds
    assert len(CLEAR_DECISIONS) >= 20


@pytest.mark.parametrize(("match_id", "context", "action", "take"), CLEAR_DECISIONS)
def test_the_advice_agrees_with_gnubg_2_ply_where_the_decision_is_clear(
    match_id: str, context: str, action: str, take: bool
) -> None:
    session = Session(MatchPosition.from_id(match_id))
    doubler = session.view()["turn"]
    cube = advice(session)
    assert cube["question"] == "double" and cube["decider"] == cube["doubler"] == doubler
    assert [row["action"] for row in cube["rows"]] == ["no double", "double, take", "double, pass"]
    doubled = "double, take" if take else "double, pass"
    assert cube["best"] == (doubled if action == "double" else "no double"), context
    rows = {row["action"]: row for row in cube["rows"]}
    assert rows[cube["best"]]["diff"] == 0
    # The row the taker's proper answer rules out, and only that one.
    ruled_out = "double, pass" if take else "double, take"
    assert [row["action"] for row in cube["rows"] if row["unanswered"]] == [ruled_out]
    assert rows["double, pass"]["equity"] == pytest.approx(1.0)  # a pass is worth the cube
    # The same decision answered: the taker's two choices, from the taker's side.
    session.double()
    answer = advice(session)
    assert answer["question"] == "take" and answer["decider"] == 1 - doubler
    assert [row["action"] for row in answer["rows"]] == ["take", "pass"]
    assert not any(row["unanswered"] for row in answer["rows"])  # the taker's own answers
    assert answer["best"] == ("take" if take else "pass"), context
    by_action = {row["action"]: row["equity"] for row in answer["rows"]}
    assert by_action["take"] == pytest.approx(-rows["double, take"]["equity"])
    assert by_action["pass"] == pytest.approx(-1.0)
    assert answer["proper"] == cube["proper"] and answer["take_point"] == cube["take_point"]


def test_the_advice_is_the_bots_own_decision_in_points_per_cube() -> None:
    match_id = next(m for m, _c, action, _t in CLEAR_DECISIONS if action == "double")
    position = MatchPosition.from_id(match_id)
    session = Session(position)
    cube = advice(session)
    decision = cubeful_decision(position, None, ply=1)
    expected = [decision.no_double, decision.double_take, decision.double_pass]
    assert [row["equity"] for row in cube["rows"]] == [decision.normalised(e) for e in expected]
    assert cube["take_point"] == decision.take_point
    said = {"no double": "No double", "double": "Double", "too good": "Too good to double"}
    if position.cube.owner is not None:  # a redouble, said so
        said = {
            "no double": "No redouble",
            "double": "Redouble",
            "too good": "Too good to redouble",
        }
    assert cube["proper"] == f"{said[decision.action]}, {'take' if decision.take else 'pass'}"
    assert sum(cube["wins"]) == pytest.approx(1.0)


def test_hints_before_the_roll_without_a_cube_decision_say_roll_first() -> None:
    # A casual classic game's opening roll is set: its hints are the plays'.
    session = Session(Game(CLASSIC))
    assert session.view()["dice"] and session.hints() is not None
    session.cancel_analysis()
    # The cube is owned by the other player: no cube decision before this roll.
    owned = Session(Match(5, names=("Ann", "Bob")), seed=3)
    owned.play(next(iter(owned.legal_plays)))
    owned.double()
    owned.take()
    for _turn in range(2):  # the doubler's turn, then the taker's, who owns the cube
        owned.roll()
        owned.play(next(iter(owned.legal_plays)))
    cube = owned.view()["cube"]
    assert owned.view()["dice"] is None and cube is not None and not cube["can_double"]
    before = owned.view()
    with pytest.raises(IllegalMoveError, match="R4: roll the dice first"):
        owned.hints()
    assert owned.view() == before


def test_the_advice_speaks_the_boards_language() -> None:
    match_id = next(m for m, _c, action, take in CLEAR_DECISIONS if action == "double" and take)
    session = Session(MatchPosition.from_id(match_id), language="es")
    cube = advice(session)
    assert cube["proper"] == "Doblar, aceptar"
    assert cube["proper_meaning"] == "Es decir: dobla ahora; el doble debe aceptarse."
    assert [row["text"] for row in cube["rows"]] == [
        "No doblar",
        "Doblar, aceptar",
        "Doblar, rechazar",
    ]


def test_points_and_win_chance_pointing_different_ways_are_explained_by_gammons() -> None:
    """Walk 15 read "No double -0.019" at 50.4% to win as a contradiction. Where the
    decider's points without a double and their win chance differ in sign, the advice
    says so (``gammons_differ``), and the panel that the gammons are why."""
    session = Session(Match(5, "classic", seed=1, names=["Al", "Bo"]))
    for player in range(2):
        session.set_seat(player, "neural")
    seen = {True: 0, False: 0}
    for _ in range(80):
        if seen[True] and seen[False]:
            break
        session.autoplay(max_turns=1)
        if session.view()["dice"] is not None or session.board.cube_decision != "double":
            continue
        session.set_seat(0, "human")
        session.set_seat(1, "human")
        cube = advice(session)
        staying = next(row for row in cube["rows"] if row["action"] == "no double")
        wins = cube["wins"][cube["decider"]]
        differ = (staying["equity"] > 0) != (wins > 0.5) and abs(wins - 0.5) >= 0.005
        assert cube["gammons_differ"] is differ
        seen[differ] += 1
        for player in range(2):
            session.set_seat(player, "neural")
    assert seen[True] and seen[False]  # both kinds met within these turns


def test_the_proper_action_is_said_in_plain_words() -> None:
    """Walk 14 read GNU Backgammon's "No double, take" on its own roll as advice to
    take: the advice says what the proper action tells each side."""
    session = Session(Match(5, "classic", seed=4, names=["Al", "Bo"]))
    for player in range(2):
        session.set_seat(player, "neural")
    session.autoplay(max_turns=1)
    for player in range(2):
        session.set_seat(player, "human")
    cube = advice(session)
    assert cube["proper"] == "No double, take"
    assert cube["proper_meaning"] == "That is: do not double now; a double would be taken."


def test_a_take_below_the_take_point_is_explained() -> None:
    """Walk 21 met "Double, take" with the taker at 32.9% against a take point of
    33.6%; walk 22 read 32.9% and 32.9% beside "Pass". The answer looks a roll ahead
    and weighs gammons and the cube; where the bare comparison of chance and take point
    disagrees with it, or is too close to tell, the advice says so."""
    from trigammon_widget.judgement.evaluation import Evaluation
    from trigammon_widget.session.coaching import cube_advice

    def chances(taker_wins: float) -> Evaluation:
        wins = (1 - taker_wins, taker_wins)
        return Evaluation(0, wins, (0.1, 0.2), (0.0, 0.0), (0.0, 0.0), "net", 1)

    take = CubeDecision(0.5, 0.9, 1.0, 0.336, "money")  # double/take costs less: take
    passing = CubeDecision(0.5, 1.1, 1.0, 0.336, "money")
    assert take.take and not passing.take
    for decision, taker_wins, note in [
        (take, 0.329, "differs"),  # take below the take point: walk 21's
        (take, 0.345, None),
        (passing, 0.345, "differs"),  # pass above it
        (passing, 0.325, None),
        (passing, 0.3364, "close"),  # walk 22's: the same to 0.1%
        (take, 0.3315, "close"),
        (take, 0.3305, "differs"),
    ]:
        for answering in (False, True):
            advice = cube_advice(decision, 0, answering, chances(taker_wins))
            assert advice["take_point_note"] == note, (decision, taker_wins)
    anything = CubeDecision(0.5, 0.9, 1.0, 0.0, "money")  # passing loses the match
    assert cube_advice(anything, 0, True, chances(0.01))["take_point_note"] is None


def test_a_redouble_is_said_so() -> None:
    """Walk 23 read "No double, take" with its own cube at 2: an owned cube is
    redoubled, as GNU Backgammon says it, in the rows, the proper action and its
    meaning; a first double still reads "double"."""
    session = Session(Match(5, "classic", seed=3, names=["Al", "Bo"]))
    session.play(next(iter(session.legal_plays)))
    first = advice(session)
    assert [row["text"] for row in first["rows"]] == ["No double", "Double, take", "Double, pass"]
    session.double()
    session.take()  # Al owns the cube at 2
    session.roll()
    session.play(next(iter(session.legal_plays)))
    assert session.board.cube_decision == "double" and session.game.position.turn == 0
    again = advice(session)
    texts = [row["text"] for row in again["rows"]]
    assert texts == ["No redouble", "Redouble, take", "Redouble, pass"]
    assert "redouble" in again["proper"].lower() and "redouble" in again["proper_meaning"]
    assert "double" not in again["proper"].lower().replace("redouble", "")
    session.double()
    answer = advice(session)  # the redouble to answer: take or pass
    assert [row["text"] for row in answer["rows"]] == ["Take", "Pass"]
    assert answer["proper"].startswith(("No redouble", "Redouble", "Too good to redouble"))
