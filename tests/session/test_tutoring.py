"""The tutor's hold on a person's cube actions (R14), as on a person's plays: a double,
a take, a pass or a roll (a double missed) that loses the tutor's threshold or more
against the proper action is held back before it is made, with its loss in points per
cube, until the person thinks again (``take_back``) or goes on (``play_on``). Walks 36
to 38 found a tutor that judged a match's plays and never its cube."""

from __future__ import annotations

import pytest

from tests.session.test_cube_advice import CLEAR_DECISIONS
from trigammon_widget.engine import MatchPosition
from trigammon_widget.judgement.cube.cubeful import cubeful_decision
from trigammon_widget.session import Session


def first(action: str, take: bool | None = None) -> str:
    """A match ID of the cube reference whose clear proper action is ``action``."""
    return next(m for m, _c, a, t in CLEAR_DECISIONS if a == action and (take is None or t == take))


def losses(match_id: str) -> dict[str, float]:
    """What each cube action loses against the proper one, in points per cube: the
    doubler's double and roll, the taker's take and pass."""
    decision = cubeful_decision(MatchPosition.from_id(match_id), None, ply=1)
    normal = decision.normalised
    kept, taken, passed = (
        normal(e) for e in (decision.no_double, decision.double_take, decision.double_pass)
    )
    doubled = min(taken, passed)  # the taker answers as suits the taker
    top = max(kept, doubled)
    answer = max(-taken, -passed)
    return {
        "double": top - doubled,
        "no double": top - kept,
        "take": answer + taken,
        "drop": answer + passed,
    }


def tutored(match_id: str, threshold: float = 0.04) -> Session:
    session = Session(MatchPosition.from_id(match_id))
    session.set_tutor(True, threshold)
    return session


def test_a_double_too_soon_is_held_back_until_the_person_thinks_again() -> None:
    match_id = first("no double")
    loss = losses(match_id)["double"]
    assert loss >= 0.15  # a clear decision
    session = tutored(match_id)
    before = session.game.cube
    session.double()
    warning = session.view()["tutor"]["cube_warning"]
    assert warning is not None
    assert warning["action"] == "double" and warning["loss"] == pytest.approx(loss)
    assert warning["better"] in ("no double", "no redouble")
    assert session.game.cube == before  # nothing done yet
    message = session.view()["message"]
    assert message is not None and message["text"].startswith("The tutor: ")
    assert f"loses {loss:.3f} points per cube against" in message["text"]
    cube = session.view()["cube"]
    assert cube is not None and not cube["can_double"] and not session.view()["can_roll"]
    # Asked again, it is refused and changes nothing.
    shown = session.view()
    with pytest.raises(ValueError, match="the tutor holds this cube action"):
        session.double()
    assert session.view() == shown
    # Thought again: nothing was done, the choice is the person's again.
    session.take_back()
    assert session.view()["tutor"]["cube_warning"] is None
    assert session.game.cube == before and session.view()["can_roll"]


def test_a_held_double_goes_on_when_the_person_says_so() -> None:
    session = tutored(first("no double"))
    session.double()
    session.play_on()
    assert session.game.cube.offered
    assert session.view()["tutor"]["cube_warning"] is None


def test_a_roll_that_misses_a_double_is_held_and_keeps_its_dice() -> None:
    match_id = first("double", take=True)
    loss = losses(match_id)["no double"]
    session = tutored(match_id)
    assert session.roll(3, 1) is None
    warning = session.view()["tutor"]["cube_warning"]
    assert warning is not None and warning["action"] == "no double"
    assert warning["loss"] == pytest.approx(loss)
    assert session.view()["dice"] is None  # not rolled
    session.play_on()
    assert session.view()["dice"] == [3, 1]


def test_a_take_that_should_be_a_pass_is_held() -> None:
    match_id = first("double", take=False)
    loss = losses(match_id)["take"]
    session = tutored(match_id)
    session.double()  # the proper double: not held
    assert session.view()["tutor"]["cube_warning"] is None and session.game.cube.offered
    session.take()
    warning = session.view()["tutor"]["cube_warning"]
    assert warning is not None and warning["action"] == "take"
    assert warning["loss"] == pytest.approx(loss) and warning["better"] == "pass"
    assert session.game.cube.offered  # still awaiting its answer
    session.take_back()
    session.drop()  # the proper answer goes through
    assert session.game.is_over()


def test_the_tutor_lets_through_what_loses_less_than_its_line_or_when_off() -> None:
    match_id = first("no double")
    loss = losses(match_id)["double"]
    session = tutored(match_id, threshold=loss + 0.01)
    session.double()
    assert session.game.cube.offered
    untutored = Session(MatchPosition.from_id(match_id))
    untutored.double()
    assert untutored.game.cube.offered


def test_a_roll_of_bad_dice_is_refused_before_the_tutor_looks() -> None:
    session = tutored(first("double", take=True))
    shown = session.view()
    with pytest.raises(ValueError, match=r"a die shows 1\.\.6"):
        session.roll(7, 1)
    assert session.view() == shown
