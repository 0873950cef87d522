"""A seat a bot holds is the bot's (issue 41 item 2): every control of a person's, and
its Python twin, is refused on the bot's turn with nothing changed; the view offers no
control for it and names the person's next action, the one primary button."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from trigammon_widget import CLASSIC, Game, Match, Position
from trigammon_widget.session import Session
from trigammon_widget.session.slices import MAX_PACE, PACE

BOT_XGID = "XGID=----E-E-E---------e-e-e---:0:0:-1:00:0:0:0:5:10"
"""A 5-point match, 0-0, O (player 1) on roll in a race it leads by 15 pips: a double."""


def state(session: Session) -> tuple[Any, ...]:
    """What a refused action must leave as it was."""
    view = {k: v for k, v in session.view().items() if k != "message"}
    return session.version, session.record(), repr(view), session.partial


def bot_to_roll() -> Session:
    """A trigammon game where the neural bot (player 1) is to roll."""
    session = Session("trigammon", seed=3, names=["Ann", "Bo", "Cy"])
    for player in (1, 2):
        session.set_seat(player, "neural")
    while session.board.deciding != 1:
        if session.board.deciding == 0:
            session.roll()
            session.play(next(iter(session.legal_plays)))
        else:
            session.bot_turn()
    return session


PERSONS_CONTROLS: dict[str, Callable[[Session], object]] = {
    "roll": lambda s: s.roll(),
    "roll(3, 1)": lambda s: s.roll(3, 1),
    "set_dice": lambda s: s.set_dice(3, 1),
    "undo_move": lambda s: s.undo_move(),
    "confirm": lambda s: s.confirm(),
    "play": lambda s: s.play(),
    "play_listed": lambda s: s.play_listed(0),
    "take_back": lambda s: s.take_back(),
    "play_on": lambda s: s.play_on(),
}


@pytest.mark.parametrize("control", sorted(PERSONS_CONTROLS))
def test_a_persons_controls_are_refused_on_a_bots_turn(control: str) -> None:
    session = bot_to_roll()
    before = state(session)
    with pytest.raises(ValueError, match="it is Bo's turn, and a bot sits in Bo's seat"):
        PERSONS_CONTROLS[control](session)
    assert state(session) == before


def test_a_bots_rolled_turn_offers_no_checker_to_a_person() -> None:
    """Even with the bot's dice set (a bot's turn reached by stepping back, say), no
    checker of the bot's can be picked up, moved or confirmed."""
    session = bot_to_roll()
    session.set_seat(1, "human")
    session.roll(6, 5)
    session.set_seat(1, "neural")
    view = session.view()
    assert view["dice"] == [6, 5] and view["targets"] == {}
    assert not view["can_confirm"] and view["primary"] is None and view["bot_to_move"]
    before = state(session)
    start, end = "13", "19"  # Bo's 1/7, a legal move of the 6 for a person
    with pytest.raises(ValueError, match="Bo's seat"):
        session.move(start, end)
    assert state(session) == before


def test_the_view_names_the_persons_next_action_and_none_on_a_bots_turn() -> None:
    session = Session(Game(CLASSIC, start=Position.start(CLASSIC)), names=["Ann", "Bo"])
    assert session.view()["primary"] == "roll"  # no cube in play: rolling is next
    session.roll(3, 1)
    assert session.view()["primary"] is None  # checkers to move: no button is next
    session.move("17", "20")
    session.move("19", "20")
    assert session.view()["primary"] == "confirm"
    session.confirm()
    session.set_seat(1, "heuristic")
    view = session.view()
    assert view["primary"] is None and not view["can_roll"] and view["bot_to_move"]
    session.bot_turn()
    assert session.view()["primary"] == "roll"


def test_a_cube_decision_shows_no_answer_in_its_buttons() -> None:
    """May I double, and take or pass: no primary button (R14); a bot's double is the
    person's to answer, and the bot's own cube is never the person's to offer."""
    session = Session("classic")
    session.load(BOT_XGID)
    view = session.view()
    assert view["primary"] is None and view["cube"] and view["cube"]["can_double"]
    session.set_seat(1, "neural")
    view = session.view()
    assert view["cube"] and not view["cube"]["can_double"] and not view["can_roll"]
    with pytest.raises(ValueError, match="Player O's seat"):
        session.double()
    session.bot_turn()  # the bot doubles; the person is to answer
    view = session.view()
    assert view["cube"] and view["cube"]["offered"] and view["cube"]["can_answer"]
    assert view["primary"] is None and not view["bot_to_move"]
    assert view["message"] and view["message"]["text"] == (
        "Player O doubles to 2: Player X to take or pass"
    )
    assert view["acting"] == 0  # the one to answer acts now, its line says so
    assert "90 pips · to take or pass" in session.svg()


def test_a_bots_answer_is_the_bots() -> None:
    match = Match(5, names=["Ann", "Bo"], seed=2)
    match.game.roll_opening([5, 3])  # Ann starts
    session = Session(match)
    session.play("13/8 24/21")
    session.set_seat(1, "neural")
    session.bot_turn()
    session.double()  # Ann doubles
    before = state(session)
    for answer in (session.take, session.drop):
        with pytest.raises(ValueError, match="Bo's seat"):
            answer()
    assert state(session) == before
    session.bot_turn()  # the bot answers
    assert session.game.turns[-1].notation in ("take", "drop")


def test_bots_play_at_the_boards_pace() -> None:
    session = Session("trigammon")
    assert session.view()["pace"] == PACE
    session.set_pace(0)
    assert session.view()["pace"] == 0
    before = state(session)
    for bad in (-1, MAX_PACE + 1, 1.5, True, "100"):
        with pytest.raises(ValueError, match="pace"):
            session.set_pace(bad)  # type: ignore[arg-type]
    assert state(session) == before


def test_seating_a_bot_keeps_the_news_of_the_opening_roll() -> None:
    """Lesson 06 seats its bots before the first roll: the opening roll (R2) is still
    what the board says."""
    session = Session("trigammon", seed=1, names=["You", "Bo", "Cy"])
    opening = session.view()["message"]
    assert opening is not None and opening["text"].startswith("Opening roll (R2)")
    session.set_seat(1, "neural")
    session.set_seat(2, "neural")
    assert session.view()["message"] == opening


def test_trigammon_bots_stop_for_a_person() -> None:
    session = Session("trigammon", seed=5)
    for player in (1, 2):
        session.set_seat(player, "heuristic")
    session.autoplay()
    assert session.board.deciding == 0 or session.board.game_over


def test_a_game_won_by_a_bot_in_your_seat_says_how_much_it_played() -> None:
    """Walk 15 read "You win 5 points" on a game a bot had mostly played in the
    person's seat: the ending says how many of the seat's turns the bot played."""
    session = Session("classic", seed=11, names=["You", "Bo"], you=0)
    session.set_seat(1, "random")
    for _ in range(3):
        session.autoplay()
        if session.view()["can_roll"]:
            session.roll()
        session.play(next(iter(session.legal_plays)))
    session.set_seat(0, "random")
    session.autoplay()
    game = session.game
    assert game.is_over()
    yours = [record for record in game.turns if record.player == 0]
    message = session.view()["message"]
    assert message is not None
    said = f"(a bot played {len(yours) - 3} of your {len(yours)} turns)"
    assert message["text"].endswith(said)
    win = session.view()["win"]
    assert win is not None and win["text"].endswith(said)  # the status line's too
    # A game the person played alone says nothing of bots.
    alone = Session("classic", seed=11, names=["You", "Bo"], you=0)
    alone.set_seat(1, "random")
    while not alone.game.is_over():
        alone.autoplay()
        if alone.game.is_over():
            break
        if alone.view()["can_roll"]:
            alone.roll()
        alone.play(next(iter(alone.legal_plays)))
    assert "a bot played" not in (alone.view()["message"] or {"text": ""})["text"]
