"""The doubling cube and match play (R14): values, cube actions, scoring and IDs."""

from __future__ import annotations

import base64
import random
import re
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.engine.strategies import match_positions, positions
from tests.waiting import PATIENCE
from trigammon_widget.engine import (
    CLASSIC,
    TRIGAMMON,
    Cube,
    CubeAction,
    Game,
    IllegalMoveError,
    InvalidIdError,
    InvalidPositionError,
    Match,
    MatchPosition,
    MatchState,
    Position,
    Resignation,
    Win,
    read_gnubg_id,
    read_xgid,
    to_gnubg_id,
    to_xgid,
)

START = Position.start(CLASSIC)
MONEY = MatchPosition(START)
# Player 0 has borne off all 15; player 1 has none off and a checker in 0's home.
GAMMON = Position.build(CLASSIC, {1: {12: 14, 20: 1}}, turn=1)
BACKGAMMON = Position.build(CLASSIC, {1: {12: 14, "bar": 1}}, turn=1)
SINGLE = Position.build(CLASSIC, {1: {12: 14}}, turn=1)


def at(length: int, score: tuple[int, int], crawford: bool = False) -> MatchState:
    return MatchState(length, score, crawford=crawford)


# values -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"value": 3}, "a cube shows a power of two 1..4096, not 3 (R14)"),
        ({"value": 8192}, "a cube shows a power of two 1..4096, not 8192 (R14)"),
        ({"value": 0}, "not 0"),
        ({"value": True}, "not True"),
        ({"owner": 2}, "player 0, player 1 or None (centred), not 2 (R14)"),
        ({"offered": 1}, "the cube's 'offered' must be True or False, not 1"),
        ({"value": 4096, "offered": True}, "a cube at 4096 cannot be doubled (R14)"),
    ],
)
def test_cube_refuses_impossible_values(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidPositionError, match=re.escape(message)):
        Cube(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"length": 65}, "a match is 1..64 points long, or 0 for money play, not 65"),
        ({"length": 5, "score": (5, 0)}, "score 5-0 ends a match to 5: no game follows (R14)"),
        ({"length": 5, "score": (3, 2), "crawford": True}, "not at 3-2 in a match to 5 (R14)"),
        ({"length": 5, "score": (4, 4), "crawford": True}, "not at 4-4 in a match to 5 (R14)"),
        ({"length": 1, "score": (0, 0), "crawford": True}, "not at 0-0 in a match to 1"),
        ({"length": 5, "jacoby": True}, "the Jacoby rule belongs to money play, not to a match"),
        ({"score": (0,)}, "a score is a tuple of one count per player, not (0,)"),
        ({"score": (-1, 0)}, "a player's score is 0..32767 points, not -1"),
    ],
)
def test_match_state_refuses_impossible_states(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidPositionError, match=re.escape(message)):
        MatchState(**kwargs)  # type: ignore[arg-type]


def test_match_state_names_its_stage() -> None:
    assert str(at(5, (4, 2), crawford=True)) == "4-2 in a match to 5, Crawford game"
    assert at(5, (4, 3)).post_crawford
    assert str(at(5, (4, 3))) == "4-3 in a match to 5, post-Crawford"
    assert not at(5, (3, 3)).post_crawford
    assert str(MatchState(jacoby=True, score=(2, 0))) == "money play, score 2-0, Jacoby rule"
    assert (at(7, (2, 5)).away(0), at(7, (2, 5)).away(1)) == (5, 2)


@pytest.mark.parametrize(
    ("state", "result", "expected"),
    [
        # reaching length - 1 first: the Crawford game follows (R14)
        (at(5, (3, 2)), Win(0, 1, "bear-off"), at(5, (4, 2), crawford=True)),
        (at(5, (2, 2)), Win(1, 2, "drop"), at(5, (2, 4), crawford=True)),
        # after the Crawford game: post-Crawford, never a second Crawford game
        (at(5, (4, 2), crawford=True), Win(1, 1, "bear-off"), at(5, (4, 3))),
        (at(5, (4, 3)), Win(1, 1, "bear-off"), at(5, (4, 4))),
        # jumping past length - 1 from below
        (at(7, (2, 2)), Win(0, 2, "bear-off"), at(7, (4, 2))),
    ],
)
def test_next_game_follows_the_crawford_rule(
    state: MatchState, result: Win, expected: MatchState
) -> None:
    assert state.next_game(result) == expected


def test_next_game_without_the_crawford_rule_and_at_the_end() -> None:
    assert at(5, (3, 2)).next_game(Win(0, 1, "bear-off"), crawford_rule=False) == at(5, (4, 2))
    assert at(5, (4, 3)).next_game(Win(1, 4, "bear-off")) is None
    assert at(5, (4, 3)).after(Win(1, 4, "bear-off")) == (4, 7)
    money = MatchState(jacoby=True)
    assert money.next_game(Win(1, 8, "drop")) == MatchState(score=(0, 8), jacoby=True)


# cube actions (R14) ---------------------------------------------------------------------


def test_a_double_taken_doubles_the_cube_and_passes_it() -> None:
    assert MONEY.legal_cube_actions() == ("double",)
    offered = MONEY.double()
    assert offered.cube == Cube(1, None, offered=True)
    assert offered.legal_cube_actions() == ("take", "drop")
    taken = offered.take()
    assert taken.cube == Cube(2, owner=1)
    assert taken.legal_cube_actions() == ()  # player 0 no longer owns it
    redouble = MatchPosition(START.with_turn(1), taken.cube).double().take()
    assert redouble.cube == Cube(4, owner=0)


def test_a_double_dropped_loses_the_game_at_the_cube_value() -> None:
    offered = MatchPosition(START.with_turn(1), Cube(4, owner=1)).double()
    assert offered.drop() == Win(winner=1, points=4, ending="drop")
    assert str(offered.drop()) == "player 1 wins 4 points (double passed)"


@pytest.mark.parametrize(
    ("match", "message"),
    [
        (MatchPosition(START, Cube(2, owner=1)), "R14: player 1 owns the cube: only its owner"),
        (
            MatchPosition(START, state=at(5, (4, 1), crawford=True)),
            "R14: no doubling in the Crawford game",
        ),
        (
            MatchPosition(START.with_dice(3, 1)),
            "R14: player 0 has rolled: a player doubles before rolling",
        ),
        (MONEY.double(), "R14: a double to 2 is already offered: take or drop it"),
        (MatchPosition(START, Cube(4096, 0)), "R14: the cube is at 4096, the largest there is"),
        (
            MatchPosition(Position.start(TRIGAMMON), state=MatchState(score=(0, 0, 0))),
            "R14: trigammon has no doubling cube",
        ),
        (MatchPosition(SINGLE), "R12: the game is over: player 0 has won"),
    ],
)
def test_illegal_doubles_cite_the_rule(match: MatchPosition, message: str) -> None:
    with pytest.raises(IllegalMoveError, match=re.escape(message)):
        match.double()
    assert match.legal_cube_actions() == (("take", "drop") if match.cube.offered else ())


@pytest.mark.parametrize("answer", ["take", "drop"])
def test_no_answer_without_a_double(answer: str) -> None:
    with pytest.raises(IllegalMoveError, match=f"R14: no double is offered: nothing to {answer}"):
        getattr(MONEY, answer)()


def test_no_roll_while_a_double_awaits_its_answer() -> None:
    MONEY.check_roll()
    with pytest.raises(
        IllegalMoveError, match="R14: player 1 must take or drop the double before the game"
    ):
        MONEY.double().check_roll()


def test_cube_action_records_are_checked_against_the_player_to_act() -> None:
    assert MONEY.apply(CubeAction(0, "double")) == MONEY.double()
    assert MONEY.double().apply(CubeAction(1, "take")) == MONEY.double().take()
    assert MONEY.double().apply(CubeAction(1, "drop")) == Win(0, 1, "drop")
    with pytest.raises(IllegalMoveError, match="R14: player 0 is to double, not player 1"):
        MONEY.apply(CubeAction(1, "double"))
    with pytest.raises(IllegalMoveError, match="R14: player 1 is to take, not player 0"):
        MONEY.double().apply(CubeAction(0, "take"))
    with pytest.raises(ValueError, match="a cube action is one of"):
        CubeAction(0, "beaver")  # type: ignore[arg-type]


def test_match_position_refuses_inconsistent_cubes() -> None:
    with pytest.raises(InvalidPositionError, match="no doubling in the Crawford game"):
        MatchPosition(START, Cube(2, 0), at(5, (4, 0), crawford=True))
    with pytest.raises(InvalidPositionError, match="trigammon has no doubling cube"):
        MatchPosition(Position.start(TRIGAMMON), Cube(2), MatchState(score=(0, 0, 0)))
    with pytest.raises(InvalidPositionError, match="a double is offered before the roll"):
        MatchPosition(START.with_dice(3, 1), Cube(offered=True))
    with pytest.raises(InvalidPositionError, match="player 0 cannot have doubled a cube that"):
        MatchPosition(START, Cube(2, 1, offered=True))
    with pytest.raises(InvalidPositionError, match="a classic match has 2 scores, not 0-0-0"):
        MatchPosition(START, state=MatchState(score=(0, 0, 0)))


@given(st.lists(st.sampled_from(("double", "take", "drop", "turn")), max_size=40))
def test_random_cube_actions_keep_the_cube_consistent(actions: list[str]) -> None:
    """Whatever is attempted, the cube is 2**takes, owned by the last taker, offered just
    after a double, and every action legal_cube_actions lists succeeds."""
    match, takes, last_taker, ended = MONEY, 0, None, False
    for action in actions:
        legal = match.legal_cube_actions()
        if action == "turn":
            try:
                match.check_roll()
            except IllegalMoveError:
                assert match.cube.offered
                continue
            position = match.position
            match = MatchPosition(position.with_turn(1 - position.turn), match.cube)
            continue
        try:
            after = getattr(match, action)()
        except IllegalMoveError as error:
            assert error.rule == "R14"
            assert action not in legal
            continue
        assert action in legal
        if isinstance(after, Win):
            assert after == Win(match.position.turn, 2**takes, "drop")
            ended = True
            break
        if action == "take":
            takes, last_taker = takes + 1, 1 - match.position.turn
        match = after
        assert match.cube == Cube(2**takes, last_taker, offered=action == "double")
    assert ended or match.cube.value == 2**takes


# results --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "cube", "state", "points"),
    [
        (SINGLE, Cube(), MatchState(), 1),
        (GAMMON, Cube(2, 1), MatchState(), 4),
        (BACKGAMMON, Cube(4, 0), at(9, (0, 0)), 12),
        # Jacoby rule: gammons count only once the cube has been turned
        (GAMMON, Cube(), MatchState(jacoby=True), 1),
        (BACKGAMMON, Cube(2), MatchState(jacoby=True), 2),
        (GAMMON, Cube(2, 1), MatchState(jacoby=True), 4),
    ],
)
def test_a_game_scores_r13_points_times_the_cube(
    position: Position, cube: Cube, state: MatchState, points: int
) -> None:
    assert MatchPosition(position, cube, state).result() == Win(0, points, "bear-off")


def test_a_game_going_on_has_no_result() -> None:
    assert MONEY.result() is None


def test_trigammon_winner_collects_from_every_loser() -> None:
    won = Position.build(TRIGAMMON, {1: {30: 15}, 2: {1: 14}}, turn=1)
    assert won.outcome() is not None
    assert won.outcome().points == (0, 2, 1)  # type: ignore[union-attr]
    match = MatchPosition(won, state=MatchState(5, (0, 0, 0)))
    assert match.result() == Win(0, 3, "bear-off")


def test_a_resignation_concedes_its_level_times_the_cube() -> None:
    match = MatchPosition(START, Cube(2, 0), at(7, (1, 1)))
    assert match.resign(Resignation(0, 2)) == Win(1, 4, "resignation")
    jacoby = MatchPosition(START, state=MatchState(jacoby=True))
    assert jacoby.resign(Resignation(1, 3)) == Win(0, 1, "resignation")
    with pytest.raises(ValueError, match="a resignation concedes 1, 2 or 3 points"):
        Resignation(0, 4)


# IDs ------------------------------------------------------------------------------------


def test_match_position_ids_are_exact() -> None:
    match = MatchPosition(START, Cube(2, 1), at(7, (3, 5)))
    assert match.id == "C1AAwAfBz4DAB8HPgA:M1GAcABgAU"
    assert match.xgid == "XGID=-b----E-C---eE---c-e----B-:1:-1:1:00:3:5:0:7:10"
    assert match.gnubg_id == "4HPwATDgc/ABMA:QQngAFAAGAAE"
    offered = MatchPosition(START, Cube(2, 0), at(7, (3, 5))).double()
    assert offered.xgid == "XGID=-b----E-C---eE---c-e----B-:1:1:1:D:3:5:0:7:10"
    assert offered.gnubg_id == "4HPwATDgc/ABMA:URHgAFAAGAAE"
    crawford = MatchPosition(START.with_dice(5, 2), state=at(7, (6, 4), crawford=True))
    assert crawford.xgid == "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:6:4:1:7:10"
    assert crawford.gnubg_id == "4HPwATDgc/ABMA:8InqAEAAMAAE"
    jacoby = MatchPosition(START.with_turn(1), state=MatchState(jacoby=True, score=(3, 1)))
    assert jacoby.xgid == "XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:3:1:1:0:10"


def test_plain_ids_read_as_money_play_with_a_centred_cube() -> None:
    assert MatchPosition.from_id(START.id) == MONEY
    trigammon = Position.start(TRIGAMMON)
    assert MatchPosition.from_id(trigammon.id) == MatchPosition(
        trigammon, state=MatchState(score=(0, 0, 0))
    )
    assert read_gnubg_id("4HPwATDgc/ABMA") == MONEY
    assert read_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10") == MONEY


@given(match_positions())
def test_own_ids_round_trip_every_match_position(match: MatchPosition) -> None:
    assert MatchPosition.from_id(match.id) == match


@given(match_positions(CLASSIC))
def test_xgids_round_trip_every_classic_match_position(match: MatchPosition) -> None:
    assert MatchPosition.from_xgid(match.xgid) == match
    assert MatchPosition.from_xgid(match.xgid).xgid == match.xgid


@given(match_positions(CLASSIC))
def test_gnubg_ids_round_trip_up_to_die_order(match: MatchPosition) -> None:
    dice = match.position.dice
    high_first = None if dice is None else (max(dice), min(dice))
    position = Position(CLASSIC, match.position.boards, match.position.turn, high_first)
    read = MatchPosition.from_gnubg_id(match.gnubg_id)
    assert read == MatchPosition(position, match.cube, match.state)
    assert read.gnubg_id == match.gnubg_id


def gnubg_key(text: str) -> int:
    return int.from_bytes(base64.b64decode(text.split(":")[1]), "little")


def gnubg_id_with(key: int) -> str:
    return "4HPwATDgc/ABMA:" + base64.b64encode(key.to_bytes(9, "little")).decode()


START_KEY = gnubg_key(to_gnubg_id(START))


@pytest.mark.parametrize(
    ("key", "message"),
    [
        (START_KEY & ~(3 << 4) | 2 << 4, "has an unknown cube owner 2"),
        (START_KEY | 13, "has a cube of 2\\*\\*13, beyond 4096 \\(R14\\)"),
        (START_KEY ^ 1 << 12, "has a double offered and the doubler to answer it"),
        (START_KEY ^ 1 << 11, "has one player on roll and the other to decide"),
        (START_KEY | 5 << 21 | 5 << 36, "a score .* beyond|score 0-5 ends a match to 5"),
        (START_KEY | 5 << 21 | 7 << 15 | 1 << 18, "each die is 1..6"),
        (START_KEY | 5 << 21 | 1 << 7, "the Crawford game is played when one player alone"),
    ],
)
def test_malformed_gnubg_match_ids_name_the_problem(key: int, message: str) -> None:
    with pytest.raises(InvalidIdError, match=message):
        read_gnubg_id(gnubg_id_with(key))


XG = "XGID=-b----E-C---eE---c-e----B-"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (f"{XG}:13:0:1:00:0:0:0:0:10", "has a cube of 2\\*\\*13, beyond 4096"),
        (f"{XG}:0:0:1:00:0:0:2:5:10", "has rules 2 in a match: 0, or 1 for Crawford"),
        (f"{XG}:0:0:1:00:2:1:1:5:10", "the Crawford game is played when one player alone"),
        (f"{XG}:0:0:1:00:5:1:0:5:10", "score 5-1 ends a match to 5"),
        (f"{XG}:1:-1:1:D:0:0:0:0:10", "player 0 cannot have doubled a cube that player 1"),
        (f"{XG}:1:0:1:B:0:0:0:0:10", "a beaver or raccoon \\(B\\): R14 has none"),
        (f"{XG}:1:0:1:00:0:0:0:65:10", "a match is 1..64 points long"),
    ],
)
def test_malformed_xgid_cube_and_score_fields_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(InvalidIdError, match=message):
        read_xgid(text)


def test_xgid_money_rules_keep_jacoby_and_drop_beavers() -> None:
    assert read_xgid(f"{XG}:0:0:1:00:0:0:3:0:10").state == MatchState(jacoby=True)
    assert read_xgid(f"{XG}:0:0:1:00:0:0:2:0:10").state == MatchState()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("C1AAwAfBz4DAB8HPgA:X1AA", "match ID 'X1AA' does not start with 'M1'"),
        ("C1AAwAfBz4DAB8HPgA:M1GAcABgAUAA", "has bits after the last score"),
        ("C1AAwAfBz4DAB8HPgA:M1DAcABgAU", "has an unknown cube owner"),
        ("C1AAwAfBz4DAB8HPgA:M1GAcABgB", "has stray bits|wrong length"),
    ],
)
def test_malformed_match_ids_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(InvalidIdError, match=message):
        MatchPosition.from_id(text)


def test_exported_ids_check_the_cube_against_the_position() -> None:
    with pytest.raises(InvalidPositionError, match="a double is offered before the roll"):
        to_xgid(START.with_dice(3, 1), Cube(offered=True))
    with pytest.raises(InvalidPositionError, match="no doubling in the Crawford game"):
        to_gnubg_id(START, Cube(2, 0), at(3, (2, 0), crawford=True))


@given(positions(CLASSIC, dice=None))
def test_plain_position_readers_drop_only_cube_and_score(position: Position) -> None:
    match = MatchPosition(position, state=at(11, (3, 9)))
    assert read_xgid(match.xgid).position == position


# matches --------------------------------------------------------------------------------


def finish(game: Game, drop: bool = False) -> None:
    """Play ``game`` out with the first legal play; or end it by a double dropped."""
    while not game.started:
        game.roll_opening()
    if drop:
        if game.position.dice is not None:
            game.play(next(iter(game.legal_plays())))
        game.double()
        game.drop()
        return
    while not game.is_over():
        if game.position.dice is None:
            game.roll()
        game.play(next(iter(game.legal_plays())))


def test_a_match_scores_each_game_and_plays_the_crawford_game() -> None:
    match = Match(3, names=["Xena", "Otto"], seed=2)
    assert repr(match) == "<Match classic to 3: game 1, score 0-0>"
    with pytest.raises(ValueError, match="game 1 is not over yet"):
        match.new_game()
    finish(match.game, drop=True)
    doubler = match.games[0].turns[-2].player
    assert match.results == (Win(doubler, 1, "drop"),)
    assert match.score == tuple(int(p == doubler) for p in (0, 1))
    while not match.new_game().match_state.crawford:
        finish(match.game, drop=True)
    assert match.state.length - 1 in match.state.score
    with pytest.raises(IllegalMoveError, match="R14: no doubling in the Crawford game"):
        finish(match.game, drop=True)
    finish(match.game)
    while not match.is_over():
        after = match.new_game()
        assert not after.match_state.crawford
        finish(after)
    assert match.winner is not None and max(match.score) >= 3
    with pytest.raises(ValueError, match=f"the match is over: player {match.winner} has won"):
        match.new_game()
    assert Match.from_json(match.to_json()).to_dict() == match.to_dict()


def test_money_play_never_ends() -> None:
    money = Match(seed=5, jacoby=True)
    for _ in range(3):
        finish(money.game)
        assert not money.is_over() and money.winner is None
        money.new_game()
    assert money.state.jacoby and sum(money.state.score) >= 3
    assert repr(money).startswith("<Match classic money play: game 4")


def test_a_trigammon_match_pays_the_winner_from_every_loser() -> None:
    match = Match(5, TRIGAMMON, seed=9)
    assert not match.crawford
    finish(match.game)
    result = match.games[0].result()
    outcome = match.games[0].outcome()
    assert result is not None and outcome is not None
    assert result.points == sum(outcome.points)
    assert match.score[result.winner] == result.points


def test_match_records_are_checked_game_by_game() -> None:
    match = Match(3, seed=1)
    finish(match.game, drop=True)
    match.new_game()
    data = match.to_dict()
    data["games"][1]["match"]["score"] = [0, 0]
    with pytest.raises(ValueError, match="game 2: it is played at 0-0 in a match to 3, not at"):
        Match.from_dict(data)
    data = match.to_dict()
    data["games"] = data["games"][1:]
    with pytest.raises(ValueError, match="game 1: it is played at"):
        Match.from_dict(data)
    with pytest.raises(ValueError, match="unknown match information 'Colour'"):
        Match.from_dict({**match.to_dict(), "info": {"Colour": "blue"}})
    with pytest.raises(ValueError, match="not a match record"):
        Match.from_json('{"format": "trigammon-widget/game"}')


def test_gnubg_reads_our_xgids_as_our_match_ids(tmp_path: Path, gnubg: str) -> None:
    """gnubg's own ``set xgid`` of our XGIDs gives the Position and Match IDs we write:
    cube, owner, score, length, Crawford, Jacoby and dice, for 40 random match
    positions with player 0 (gnubg's player 1, at the bottom) to roll (gnubg swaps
    the sides of the others and drops an offered double when it sets the board)."""
    rng = random.Random(12)
    matches = []
    for _ in range(40):
        state = rng.choice(
            (
                MatchState(jacoby=rng.random() < 0.5, score=(rng.randint(0, 9), 0)),
                MatchState(7, (rng.randint(0, 6), rng.randint(0, 6))),
                MatchState(5, (4, rng.randint(0, 3)), crawford=True),
            )
        )
        cube = Cube() if state.crawford else Cube(2 ** rng.randint(0, 6), rng.choice((None, 0, 1)))
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        matches.append(MatchPosition(Position.start(CLASSIC).with_dice(*dice), cube, state))
    script = tmp_path / "ids.py"
    lines = ["import gnubg"]
    for match in matches:
        lines.append(f"gnubg.command({('set xgid ' + match.xgid)!r})")
        lines.append("print('ID', gnubg.positionid() + ':' + gnubg.matchid())")
    script.write_text("\n".join(lines) + "\n")
    done = subprocess.run(
        [gnubg, "-t", "-q", "-p", str(script)], check=True, capture_output=True, timeout=PATIENCE
    )
    found = [
        line.split()[1] for line in done.stdout.decode().splitlines() if line.startswith("ID ")
    ]
    assert found == [match.gnubg_id for match in matches]
