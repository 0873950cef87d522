"""Telling what happened (issue 41 item 7): the board names who moved, says another
player's play as the board numbers its points too, and keeps the message line one line
whatever the bots played (the history holds the moves)."""

from __future__ import annotations

import pytest

from trigammon_widget import CLASSIC, TRIGAMMON, Game, IllegalMoveError, Position, Turn
from trigammon_widget.engine.notation import dice_text, format_play_seen, wraps_seen
from trigammon_widget.session import Session


def test_a_bots_play_is_said_as_the_board_counts_the_points() -> None:
    session = Session("trigammon", seed=2, names=["Ann", "Bo", "Cy"])
    for player in (1, 2):
        session.set_seat(player, "heuristic")
    while session.board.deciding == 0:
        session.roll()
        session.play(next(iter(session.legal_plays)))
    session.bot_turn()
    turn = session.game.turns[-1]
    assert isinstance(turn, Turn) and turn.player != 0
    seen = format_play_seen(session.game.variant, turn.play, turn.player, 0)
    name = session.names[turn.player]
    message = session.view()["message"]
    assert message is not None
    wraps = wraps_seen(TRIGAMMON, turn.play, turn.player, 0)
    where = "on this board, counting on from 1 past 36" if wraps else "on this board"
    rolled = f"{name} rolled {dice_text(turn.dice)}"
    said = f"{rolled}: {turn.notation} ({seen} {where})" if turn.play else None
    if session.game.ply > 1:
        assert said is None or message["text"] == said
    else:  # the game's first turn also says who starts, and why (R2)
        assert message["text"].startswith("Opening roll (R2): ")
        assert said is None or message["text"].endswith(f"{name} starts. {said}")


def test_a_move_past_the_readers_last_point_says_it_goes_round() -> None:
    """Walk 18 read Bo's 22/28, seen from Ann's seat as 34/4, as a move backwards: the
    message says the count goes on past 36 and from 1 again (R1). The mover's numbers
    come first, the board's in brackets, as the History writes them (walk 48)."""
    start = Position.build(TRIGAMMON, {0: {1: 15}, 1: {22: 15}, 2: {1: 15}}, turn=1, dice=(6, 5))
    session = Session(Game(TRIGAMMON, start=start, names=["Ann", "Bo", "Cy"]))
    session.play("22/28 22/27")
    message = session.view()["message"]
    assert message is not None
    assert message["text"] == (
        "Bo rolled 6-5: 22/27 22/28 (34/3 34/4 on this board, counting on from 1 past 36)"
    )


def test_the_first_roll_of_a_trigammon_game_says_the_opening_roll() -> None:
    """In trigammon the starter rolls afresh (R2): its roll's message keeps the opening
    roll that made it the starter; later rolls say only the roll."""
    session = Session("trigammon", seed=3, names=["Ann", "Bo", "Cy"])
    opening = session.view()["message"]
    assert opening is not None and opening["text"].startswith("Opening roll (R2): ")
    rolled = session.roll()
    assert rolled is not None  # no tutor to hold it
    first = session.view()["message"]
    starter = session.names[session.board.deciding]
    assert first is not None
    assert first["text"] == f"{opening['text']} {starter} rolled {rolled[0]}-{rolled[1]}"
    session.play(next(iter(session.legal_plays)))
    rolled = session.roll()
    assert rolled is not None
    later = session.view()["message"]
    after = session.names[session.board.deciding]
    assert later is not None and later["text"] == f"{after} rolled {rolled[0]}-{rolled[1]}"


def test_a_game_played_out_by_bots_is_one_line() -> None:
    session = Session("classic", seed=9, names=["Ann", "Bo"])
    for player in (0, 1):
        session.set_seat(player, "heuristic")
    session.autoplay()
    message = session.view()["message"]
    assert message is not None and "\n" not in message["text"]
    turns = len(session.game.turns)
    assert message["text"].startswith(f"{turns} turns played; the last: ")
    assert len(message["text"]) < 200
    win = session.view()["win"]
    assert win is not None and win["text"] in message["text"]


def test_a_persons_own_play_is_said_in_their_numbering_only() -> None:
    session = Session("classic", seed=1, names=["Ann", "Bo"])
    mover = session.game.position.turn
    session.set_perspective(mover)  # classic plays the opening roll's dice (R2)
    session.play(next(iter(session.legal_plays)))
    message = session.view()["message"]
    assert message is not None and "on this board" not in message["text"]
    assert message["text"].startswith(f"{session.names[mover]} rolled ")


def test_the_history_writes_another_players_play_also_as_the_board_numbers_it() -> None:
    """The third walk read the bots' "1/9" in the history with only the message line to
    convert it: each row of another player's play carries it as the live board numbers
    its points (the perspective's); the perspective's own plays and cube actions none."""
    session = Session("trigammon", seed=2, names=["Ann", "Bo", "Cy"])
    for player in range(3):
        session.set_seat(player, "heuristic")
    session.autoplay(max_turns=6)
    for perspective in (0, 2):
        session.set_perspective(perspective)
        history = session.history()
        assert len(history) == 6
        for entry, turn in zip(history, session.game.turns, strict=True):
            assert isinstance(turn, Turn)
            if turn.player == perspective or not turn.play:
                assert entry["seen"] is None
            else:
                variant = session.game.variant
                seen = format_play_seen(variant, turn.play, turn.player, perspective)
                assert entry["seen"] == seen != entry["text"]


def test_the_last_checker_borne_off_keeps_the_roll_until_confirmed() -> None:
    """The fifth walk saw "Your roll" with its last checker off and Confirm lit: the
    moves that end the game (R12) are the mover's turn, with its dice, until confirmed."""
    session = Session(
        Position.build(CLASSIC, {0: {23: 1, 24: 1}, 1: {10: 15}}, dice=(2, 1)), names=["Ann", "Bo"]
    )
    session.move("23", "off")
    session.move("24", "off")
    view = session.view()
    assert view["dice"] == [2, 1] and view["primary"] == "confirm" and view["win"] is None
    session.confirm()
    view = session.view()
    assert view["win"] is not None and view["dice"] is None


def test_a_sum_of_dice_to_a_blocked_point_is_refused_by_r6() -> None:
    """The fifth walk moved 2-2 onto a point two opposing checkers hold and read R4's
    "no die or sum of dice takes that checker there": the sum does; R6 refuses it."""
    start = Position.build(CLASSIC, {0: {1: 2, 13: 13}, 1: {20: 2, 6: 13}}, dice=(2, 2))
    session = Session(start)
    before = session.view()
    with pytest.raises(IllegalMoveError, match=r"^R6: 20 is blocked") as refused:
        session.move("1", "5")  # 24/22/20: 20 is O's point
    assert refused.value.rule == "R6"
    assert session.view() == before
    with pytest.raises(IllegalMoveError, match=r"^R4: no die or sum of dice"):
        session.move("1", "4")  # three pips: no sum of 2s


def test_a_checker_moved_by_both_dice_passes_a_blot_unless_it_stops_there() -> None:
    """Walk 11 took back a play the tutor stopped, clicked 24 then 17 for the better
    "24/17", and the board played 24/18*/17: of two ways to one end, a click goes the
    way that hits fewer (as "24/17" is written); a hit on the way stops there first."""
    start = Position.build(CLASSIC, {0: {1: 1, 13: 14}, 1: {18: 1, 6: 14}}, dice=(6, 1))
    assert {start.format_play(play) for play in start.legal_plays()} >= {"24/17", "24/18*/17"}
    passing = Session(start)
    passing.move("1", "8")
    assert [move.hit for move in passing.board.done] == [False, False]
    # and says how to hit it (walk 14 read the pass as a hit)
    assert passing.view()["message"]["text"] == (  # type: ignore[index]
        "24/17: it passed a blot; to hit it (24/18*), undo and stop there first"
    )
    hitting = Session(start)
    hitting.move("1", "7")
    hitting.move("7", "8")
    assert hitting.view()["message"]["text"] == "24/18*/17"  # type: ignore[index]


def test_another_players_legal_plays_are_also_written_as_the_board_numbers_them() -> None:
    """The fifth walk, viewing as X with V to move, read V's plays in V's numbers only:
    the legal plays and Hints' rows say each also as the board numbers it."""
    session = Session("trigammon", seed=2)
    while session.board.deciding == 0 or not session.view()["dice"]:
        if session.view()["dice"]:
            session.play(next(iter(session.legal_plays)))
        else:
            session.roll()
    view = session.view()
    mover, variant = view["turn"], session.game.variant
    position = session.game.position
    written = {position.format_play(play): play for play in session.legal_plays}
    assert set(view["seen"]) == set(session.plays()) == set(written)
    for text, seen in view["seen"].items():
        assert seen == format_play_seen(variant, written[text], mover, 0)
    session.set_perspective(mover)
    assert session.view()["seen"] == {}


def test_bots_with_nothing_to_play_keep_the_opening_message() -> None:
    """Lesson 06 calls ``autoplay`` after seating its bots; when the person won the
    opening roll there is nothing to play, and the sixth walk never saw R2's message."""
    session = Session("trigammon", seed=17, names=["You", "Olga", "Victor"])
    session.set_seat(1, "neural")
    session.set_seat(2, "heuristic")
    said = session.view()["message"]
    assert said is not None and said["text"].startswith("Opening roll (R2): ")
    session.autoplay()
    assert session.view()["plies"] == 0 and session.view()["message"] == said


def test_the_board_fades_each_die_as_it_is_played() -> None:
    """The seventh walk: after a full move the dice still looked unplayed. The board
    fades a die once played, and both once the move is full, until Confirm."""
    session = Session(Position.start(CLASSIC).with_dice(3, 1))

    def played() -> list[bool]:
        return ['data-played="true"' in die for die in session.svg().split('data-kind="die"')[1:]]

    assert played() == [False, False]
    session.move("17", "20")  # 8/5: the 3 played
    assert played() == [True, False]
    session.move("19", "20")  # 6/5
    assert session.view()["primary"] == "confirm" and played() == [True, True]
    # The eighth walk read "12/18" under the board for its 12/18(2): the turn so far.
    assert session.view()["message"]["text"] == "8/5 6/5"  # type: ignore[index]


def test_no_move_is_not_written_twice() -> None:
    """The eighth walk read "(no legal move) ((no legal move))": an empty play has no
    points to number another way, so it is not written again as the board numbers it."""
    closed: dict[int | str, int] = {p: 2 for p in range(19, 25)}
    start = Position.build(
        CLASSIC, {0: {**closed, 12: 3}, 1: {"bar": 1, 20: 14}}, turn=1, dice=(3, 1)
    )
    session = Session(start)
    assert session.view()["seen"] == {}
    assert len(session.plays()) == 1  # the one play: none


def test_turning_the_tutor_on_keeps_the_opening_roll_said() -> None:
    """Walk 13 saw only "Your roll" at lesson 06's start: turning the tutor on (as the
    lesson does after seating its bots) is no news of the game, so the opening roll's
    message (R2) stays."""
    session = Session("trigammon", seed=3, names=["Ann", "Bo", "Cy"])
    said = session.view()["message"]
    assert said is not None and said["text"].startswith("Opening roll (R2): ")
    session.set_tutor(True)
    session.set_tutor_level("doubtful")
    assert session.view()["message"] == said


def test_both_bots_turns_since_yours_are_said_together() -> None:
    """Walk 17 was hit by Olga, then saw only Victor's play on the message line: the
    bots' turns since the person's are said together, a round at most."""
    session = Session("trigammon", seed=17, names=["You", "Olga", "Victor"], you=0)
    session.set_seat(1, "neural")
    session.set_seat(2, "heuristic")
    session.autoplay()
    if session.view()["can_roll"]:
        session.roll()
    session.play(next(iter(session.legal_plays)))
    session.autoplay(max_turns=1)
    first = session.view()["message"]
    session.autoplay(max_turns=1)
    both = session.view()["message"]
    assert first is not None and both is not None
    olga, victor = session.game.turns[-2:]
    assert (olga.player, victor.player) == (1, 2)
    assert first["text"].startswith("Olga rolled ") and "Victor" not in first["text"]
    olga_said, victor_said = both["text"].split("; Victor rolled ")
    assert olga_said == first["text"] and victor_said
    # Still said once you roll (walk 36 rolled on the bar and no longer saw who hit it).
    rolled = session.roll()
    after = session.view()["message"]
    assert after is not None and rolled is not None
    assert after["text"] == f"{both['text']}. You rolled {rolled[0]}-{rolled[1]}"
    # In classic, one bot: its turn alone, as before.
    duel = Session("classic", seed=3, names=["You", "Bo"], you=0)
    duel.set_seat(1, "neural")
    duel.autoplay()
    if duel.view()["can_roll"]:
        duel.roll()
    duel.play(next(iter(duel.legal_plays)))
    duel.autoplay()
    said = duel.view()["message"]
    assert duel.game.turns[-1].player == 1
    assert said is not None and said["text"].startswith("Bo rolled ") and ";" not in said["text"]
    if not duel.game.is_over():
        duel.roll()
        after_roll = duel.view()["message"]
        assert after_roll is not None
        assert after_roll["text"].startswith(said["text"] + ". You rolled ")
