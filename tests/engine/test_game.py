"""Game: opening roll (R2), turn order (R3), history, outcome and records."""

from __future__ import annotations

import json

import pytest

from trigammon_widget.engine import CLASSIC, TRIGAMMON, IllegalMoveError, Play, Position
from trigammon_widget.engine.game import Game


def test_classic_opening_dice_are_the_first_roll() -> None:
    game = Game(CLASSIC, seed=1)
    assert not game.started
    assert game.roll_opening([3, 5]) == 1
    assert game.position.turn == 1
    assert game.position.dice == (5, 3)
    with pytest.raises(ValueError, match="opening roll is over"):
        game.roll_opening([1, 2])


def test_classic_fresh_roll_option() -> None:
    game = Game(CLASSIC.with_options(opening_move="fresh-roll"), seed=1)
    assert game.roll_opening([4, 2]) == 0
    assert game.position.dice is None
    assert game.roll(6, 5) == (6, 5)


def test_trigammon_tie_rerolls_only_the_tied_players() -> None:
    game = Game(TRIGAMMON)
    assert game.roll_opening([6, 2, 6]) is None
    with pytest.raises(ValueError, match="needs 2 dice"):
        game.roll_opening([1, 2, 3])
    assert game.roll_opening([3, 5]) == 2
    assert [r.dice for r in game.opening] == [(6, 2, 6), (3, None, 5)]
    assert game.position.turn == 2 and game.position.dice is None


def test_trigammon_tie_rerolls_everybody_as_an_option() -> None:
    game = Game(TRIGAMMON.with_options(opening_reroll="all"))
    assert game.roll_opening([6, 2, 6]) is None
    assert game.roll_opening([1, 4, 2]) == 1


def test_seeded_games_repeat() -> None:
    def dice(seed: int) -> list[tuple[int, int]]:
        game = Game(TRIGAMMON, seed=seed)
        while game.roll_opening() is None:
            pass
        rolled = []
        for _ in range(5):
            rolled.append(game.roll())
            game.play(next(iter(game.legal_plays())))
        return rolled

    assert dice(7) == dice(7)
    assert dice(7) != dice(8)


def test_turns_pass_in_order_and_bad_input_changes_nothing() -> None:
    game = Game(TRIGAMMON)
    game.roll_opening([2, 6, 1])
    assert game.position.turn == 1
    with pytest.raises(ValueError, match="roll the dice first"):
        game.play("1/4")
    with pytest.raises(ValueError, match=r"a die shows 1\.\.6"):
        game.roll(7, 1)
    game.roll(3, 1)
    before = game.position
    with pytest.raises(IllegalMoveError):
        game.play("1/2 1/5")
    assert game.position == before and game.ply == 0
    game.play("17/20 19/20")
    assert game.position.turn == 2
    assert game.turns[0].notation == "17/20 19/20"


def test_forced_pass_is_recorded() -> None:
    start = Position.build(
        CLASSIC, {0: {"bar": 1, 12: 14}, 1: {24: 2, 23: 2, 22: 2, 21: 2, 19: 2, 5: 5}}
    )
    game = Game(start=start)
    game.roll(6, 4)
    turn = game.play()
    assert turn.play == Play() and turn.notation == ""
    assert game.position.turn == 1
    assert "(no legal move)" in game.record()


def test_play_none_needs_a_single_legal_play() -> None:
    game = Game(start=Position.start(CLASSIC))
    game.roll(3, 1)
    with pytest.raises(ValueError, match="16 plays are legal"):
        game.play()


def test_undo_redo_goto_and_playing_on_from_earlier() -> None:
    game = Game(start=Position.start(CLASSIC))
    for dice, play in [((3, 1), "8/5 6/5"), ((6, 4), "24/14"), ((5, 2), "13/8 13/11")]:
        game.roll(*dice)
        game.play(play)
    third = game.position
    assert game.undo().notation == "13/11* 13/8"
    assert game.position.dice == (5, 2)
    assert game.redo().notation == "13/11* 13/8"
    assert game.position == third
    assert game.goto(1).dice == (6, 4)
    assert game.goto(-1) == third
    with pytest.raises(ValueError, match="outside the game"):
        game.goto(4)
    game.goto(1)
    with pytest.raises(ValueError, match="already rolled"):
        game.roll(1, 1)
    game.play("24/18 13/9")
    assert game.ply == 2 and len(game.turns) == 2
    with pytest.raises(ValueError, match="nothing to redo"):
        game.redo()
    game.goto(0)
    with pytest.raises(ValueError, match="nothing to undo"):
        game.undo()


def test_outcome_at_the_end() -> None:
    start = Position.build(CLASSIC, {0: {24: 1}, 1: {"bar": 1, 12: 14}})
    game = Game(start=start)
    game.roll(2, 1)
    game.play("1/off")
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == 0
    assert outcome.result(1) == "backgammon"
    with pytest.raises(ValueError, match="game is over"):
        game.roll()
    assert "Player X wins" in game.record()


def test_records_round_trip_through_json() -> None:
    game = Game(TRIGAMMON, seed=3, names=("Ann", "Bo", "Cy"))
    while game.roll_opening() is None:
        pass
    for _ in range(12):
        game.roll()
        game.play(list(game.legal_plays())[-1])
    game.goto(7)
    loaded = Game.from_json(game.to_json())
    assert loaded.turns == game.turns
    assert loaded.ply == 7 and loaded.position == game.position
    assert loaded.names == ("Ann", "Bo", "Cy")
    assert loaded.record() == game.record()
    assert game.record().splitlines()[1] == "  X: Ann"


def test_a_bad_record_names_the_turn() -> None:
    game = Game(start=Position.start(CLASSIC))
    game.roll(3, 1)
    game.play("8/5 6/5")
    data = json.loads(game.to_json())
    data["turns"][0]["play"] = "8/3"
    with pytest.raises(ValueError, match="turn 1 of the record"):
        Game.from_dict(data)
    with pytest.raises(ValueError, match="not a game record"):
        Game.from_dict({"format": "chess"})
