"""The cube in a game's history (R14): cube actions and resignations as records."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trigammon_widget.engine import (
    CLASSIC,
    TRIGAMMON,
    Cube,
    CubeAction,
    Game,
    IllegalMoveError,
    MatchPosition,
    MatchState,
    Position,
    Resignation,
    Turn,
    Win,
)


def opened(**options: object) -> Game:
    """Player 1 opened with 5-3 (13/8 24/21); player 0 to roll."""
    game = Game(CLASSIC, seed=3, **options)  # type: ignore[arg-type]
    game.roll_opening([3, 5])
    game.play("13/8 24/21")
    return game


def test_double_take_and_play_on() -> None:
    game = opened()
    assert game.cube == Cube() and game.match_position.legal_cube_actions() == ("double",)
    assert game.double() == CubeAction(0, "double")
    assert game.cube == Cube(1, None, offered=True)
    with pytest.raises(IllegalMoveError, match="R14: player 1 must take or drop the double"):
        game.roll()
    assert game.take() == CubeAction(1, "take")
    assert game.cube == Cube(2, owner=1)
    game.roll(6, 4)
    game.play("24/14")
    assert game.cube == Cube(2, owner=1)
    assert [t.notation for t in game.turns] == ["24/21 13/8", "double", "take", "24/14"]
    assert game.ply == 4
    game.undo()
    game.undo()
    assert (game.ply, game.cube) == (2, Cube(1, None, offered=True))
    assert game.position.dice is None  # a double comes before the roll


def test_no_answer_without_a_double_and_no_double_after_rolling() -> None:
    game = opened()
    with pytest.raises(IllegalMoveError, match="R14: no double is offered: nothing to take"):
        game.take()
    game.roll(3, 1)
    with pytest.raises(IllegalMoveError, match="R14: player 0 has rolled: a player doubles"):
        game.double()
    assert len(game.turns) == 1


def test_a_drop_ends_the_game_at_the_cube_value() -> None:
    game = opened(match=MatchState(7, (2, 3)))
    game.double()
    game.take()
    game.roll(6, 4)
    game.play("24/14")
    assert game.double() == CubeAction(1, "double")
    assert game.drop() == CubeAction(0, "drop")
    assert game.is_over() and game.outcome() is None
    assert game.result() == Win(1, 2, "drop")
    with pytest.raises(
        IllegalMoveError, match=r"R14: the game is over: Player O wins 2 points \(double passed\)"
    ):
        game.roll()
    with pytest.raises(IllegalMoveError, match="R14: the game is over"):
        game.double()
    assert game.record().splitlines()[-3:] == [
        "  5. O doubles",
        "  6. X passes",
        "Player O wins 2 points",
    ]


def test_crawford_game_and_trigammon_refuse_the_cube() -> None:
    crawford = opened(match=MatchState(5, (4, 1), crawford=True))
    with pytest.raises(IllegalMoveError, match="R14: no doubling in the Crawford game"):
        crawford.double()
    trigammon = Game(TRIGAMMON, seed=1)
    trigammon.roll_opening([6, 2, 1])
    with pytest.raises(IllegalMoveError, match="R14: trigammon has no doubling cube"):
        trigammon.double()


def test_a_resignation_ends_the_game() -> None:
    game = opened(cube=Cube(2, 0))
    assert game.resign(2) == Resignation(0, 2)
    assert game.result() == Win(1, 4, "resignation")
    assert game.turns[-1].notation == "resign gammon"
    with pytest.raises(IllegalMoveError, match="R14: the game is over"):
        game.roll()


def test_a_double_and_a_roll_at_one_position_are_two_variations() -> None:
    game = opened()
    game.roll(6, 4)
    game.play("24/14")
    game.goto(1)
    game.double()
    assert [v.turn for v in game.variations(1)][1] == CubeAction(0, "double")
    assert game.branches() == (1, 2)
    game.switch_variation(0, 1)
    assert isinstance(game.turns[1], Turn) and game.cube == Cube()


def test_a_game_from_a_match_position_starts_with_its_cube() -> None:
    start = MatchPosition(
        Position.start(CLASSIC, turn=1), Cube(2, 1), MatchState(9, (3, 4))
    ).double()
    game = Game(start=start)
    assert (game.cube, game.match_state) == (start.cube, start.state)
    assert game.match_position == start
    game.take()
    assert game.cube == Cube(4, 0)


def test_records_keep_the_cube_and_the_match() -> None:
    game = opened(match=MatchState(7, (2, 3)))
    game.double()
    game.take()
    game.roll(6, 4)
    game.play("24/14")
    data = game.to_dict()
    assert data["version"] == 4
    assert data["match"] == {"length": 7, "score": [2, 3], "crawford": False, "jacoby": False}
    assert "cube" not in data
    assert data["turns"][1:3] == [{"player": 0, "cube": "double"}, {"player": 1, "cube": "take"}]
    again = Game.from_json(game.to_json())
    assert again.to_dict() == data
    assert (again.cube, again.turns) == (game.cube, game.turns)
    start = MatchPosition(Position.start(CLASSIC, turn=1), Cube(4, 1, offered=False))
    set_up = Game(start=start)
    set_up.resign(3, player=0)
    assert Game.from_dict(set_up.to_dict()).result() == Win(1, 12, "resignation")
    assert set_up.to_dict()["cube"] == {"value": 4, "owner": 1, "offered": False}


@pytest.mark.parametrize(
    ("turns", "message"),
    [
        ([{"player": 1, "cube": "take"}], "turn 2 of the record: R14: no double is offered"),
        ([{"player": 1, "cube": "double"}], "turn 2 of the record: R14: player 0 is to double"),
        ([{"player": 0, "cube": "beaver"}], "turn 2 of the record: a cube action is one of"),
        (
            [
                {"player": 0, "cube": "double"},
                {"player": 1, "cube": "drop"},
                {"player": 0, "dice": [3, 1], "play": "8/5 6/5"},
            ],
            "turn 4 of the record: R14: the game is over",
        ),
        ([{"player": 0, "cube": "double", "dice": [3, 1]}], "a 'cube' turn has no dice"),
        ([{"player": 0, "cube": "double", "play": "8/5"}], "a 'cube' action or a 'resign'"),
        ([{"player": 0, "resign": 4}], "a resignation concedes 1, 2 or 3 points"),
    ],
)
def test_records_with_illegal_cube_actions_name_the_turn(
    turns: list[dict[str, object]], message: str
) -> None:
    data = opened().to_dict()
    data["turns"] = data["turns"][:1] + turns
    data.pop("line")
    data.pop("ply")
    with pytest.raises(ValueError, match=re.escape(message)):
        Game.from_dict(data)


def test_old_records_have_no_cube() -> None:
    data = opened().to_dict()
    data["version"] = 2
    assert Game.from_dict(data).turns == opened().turns
    data["turns"].append({"player": 0, "cube": "double"})
    with pytest.raises(ValueError, match="records before version 3 have no 'cube' turns"):
        Game.from_dict(data)
    data = {**opened().to_dict(), "version": 2, "match": {"length": 3, "score": [0, 0]}}
    with pytest.raises(ValueError, match="records before version 3 have no cube"):
        Game.from_dict(data)


@settings(max_examples=40)
@given(st.integers(0, 2**32 - 1))
def test_random_games_with_the_cube_replay_from_their_records(seed: int) -> None:
    """Doubles, takes, drops and resignations at random points of random games: the
    JSON record replays to the same records and cube at every ply."""
    rng = random.Random(seed)
    game = Game(CLASSIC, seed=seed, match=MatchState(rng.choice((0, 5, 7)), (0, 0)))
    game.roll_opening([1, 2] if rng.random() < 0.5 else [2, 1])
    while not game.is_over() and len(game.turns) < 120:
        actions = game.match_position.legal_cube_actions()
        if actions and (game.cube.offered or rng.random() < 0.3):
            getattr(game, rng.choice(actions))()
            continue
        if rng.random() < 0.01:
            game.resign(rng.randint(1, 3))
            continue
        if game.position.dice is None:
            game.roll()
        game.play(rng.choice(list(game.legal_plays())))
    again = Game.from_json(game.to_json())
    assert again.turns == game.turns and again.result() == game.result()
    for ply in range(len(game.turns) + 1):
        game.goto(ply)
        again.goto(ply)
        assert again.match_position == game.match_position
    assert json.loads(again.to_json()) == json.loads(game.to_json())
