"""Hostile and broken input (issue 10): each refusal a ValueError naming the input.

One test per case found; the fuzz suite in tests/fuzz/ checks the same contract on
generated input.
"""

from __future__ import annotations

import inspect
import json
import pickle
import time
from collections.abc import Callable
from typing import Any

import pytest

from trigammon_widget.engine import (
    CLASSIC,
    TRIGAMMON,
    Game,
    IllegalMoveError,
    InvalidIdError,
    InvalidPositionError,
    MatchFileError,
    Move,
    NotationError,
    Play,
    Position,
    Variant,
    errors,
    find_variant,
    from_gnubg_id,
    from_xgid,
)
from trigammon_widget.engine.errors import MAX_QUOTE_CHARS, QUOTE_CHARS, quote
from trigammon_widget.engine.ids import MAX_ID_CHARS
from trigammon_widget.engine.names import MAX_NAME_CHARS, check_name
from trigammon_widget.engine.notation import MAX_NOTATION_CHARS
from trigammon_widget.engine.records import MAX_RECORD_CHARS

FINISHED = Position.build(CLASSIC, {1: {5: 15}})
"""Player 0 has won: a position with no dice and no plays (R12)."""


def classic_game() -> Game:
    """Two turns of classic from the opening, shown at the end."""
    game = Game(CLASSIC, seed=1, names=("Ann", "Bo"))
    game.roll_opening([3, 5])
    game.play("24/21 13/8")
    game.roll(6, 4)
    game.play("24/14")
    return game


def state(game: Game) -> tuple[Any, ...]:
    return game.to_dict(), game.position, game.turns


# 1. pickling --------------------------------------------------------------------------

ERRORS = [
    IllegalMoveError("R9", "the play is not complete"),
    InvalidPositionError("player 0 has 16 checkers"),
    NotationError("'x' is not a move"),
    InvalidIdError("position ID 'T9' has unknown version"),
    MatchFileError(12, "cannot read 'hop'"),
]


def test_every_error_type_is_listed_here() -> None:
    defined = {
        value
        for value in vars(errors).values()
        if isinstance(value, type) and issubclass(value, ValueError)
    }
    assert {type(error) for error in ERRORS} == defined


@pytest.mark.parametrize("error", ERRORS, ids=lambda error: type(error).__name__)
def test_errors_survive_pickling(error: ValueError) -> None:
    # Rollouts run in worker processes: an error that cannot be unpickled broke the pool.
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error)
    assert str(back) == str(error)
    assert vars(back) == vars(error)


def test_an_illegal_move_keeps_its_rule_and_reason() -> None:
    back = pickle.loads(pickle.dumps(IllegalMoveError("R9", "x")))
    assert (back.rule, back.reason, str(back)) == ("R9", "x", "R9: x")
    assert repr(back) == "IllegalMoveError('R9', 'x')"


# 2. a finished position has no dice and no plays -------------------------------------


def test_a_finished_position_refuses_dice() -> None:
    with pytest.raises(InvalidPositionError, match=r"a finished position has no dice \(R12\)"):
        FINISHED.with_dice(3, 1)
    with pytest.raises(InvalidPositionError, match="R12"):
        Position.build(CLASSIC, {1: {5: 15}}, dice=(3, 1))


@pytest.mark.parametrize(
    "call",
    [
        lambda: FINISHED.legal_plays(),
        lambda: FINISHED.legal_plays(dice=(3, 1)),
        lambda: FINISHED.play(""),
        lambda: FINISHED.play(Play()),
        lambda: FINISHED.parse_play(""),
        lambda: FINISHED.parse_play("24/off"),
    ],
    ids=["legal_plays", "legal_plays(dice)", "play('')", "play(Play())", "parse ''", "parse"],
)
def test_a_finished_position_has_no_plays_and_says_so(call: Callable[[], object]) -> None:
    with pytest.raises(IllegalMoveError, match="R12: the game is over: player 0 has won"):
        call()


def test_the_winning_moves_clear_the_dice() -> None:
    rolled = Position.build(CLASSIC, {0: {24: 1}, 1: {5: 15}}, dice=(2, 1))
    done = rolled.after([Move(24, 25, 2)])
    assert done.is_over() and done.dice is None
    assert rolled.after([]).dice == (2, 1)


def test_no_id_loads_a_finished_position_with_dice() -> None:
    with pytest.raises(InvalidIdError, match=r"a finished position has no dice \(R12\)"):
        Position.from_id("T1SyAAAAAAAAAAAAAAAAAAAA")
    with pytest.raises(InvalidIdError, match="R12"):
        from_xgid("XGID=-o" + "-" * 24 + ":0:0:1:31:0:0:0:0:10")


@pytest.mark.parametrize("call", ["roll", "set_dice", "play"])
def test_a_finished_game_refuses_dice_and_plays(call: str) -> None:
    game = Game(start=Position.build(CLASSIC, {0: {24: 1}, 1: {5: 15}}, dice=(2, 1)))
    game.play("1/off")
    before = state(game)
    with pytest.raises(IllegalMoveError, match="R12: the game is over"):
        getattr(game, call)(*(() if call == "play" else (3, 1)))
    assert state(game) == before


# 4. refused calls change nothing -------------------------------------------------------


def test_bad_dice_for_an_earlier_turn_keep_the_later_turns() -> None:
    game = classic_game()
    game.goto(1)
    before = state(game)
    with pytest.raises(ValueError, match=r"a die shows 1\.\.6, got 7"):
        game.set_dice(7, 7)
    assert state(game) == before and len(game.turns) == 2
    game.set_dice(2, 2)
    assert len(game.turns) == 1 and game.position.dice == (2, 2)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda game: game.set_dice(0, 1), "a die shows 1..6, got 0"),
        (lambda game: game.play("13/7"), "R4"),
        (lambda game: game.play(123), "a play is a Play of moves, not 123"),
        (lambda game: game.goto("1"), "turn '1' is outside the game"),
        (lambda game: game.goto(True), "turn True is outside the game"),
        (lambda game: game.roll(1, 1), "the dice are already rolled: 3-1"),
        (lambda game: game.roll_opening([1, 2]), "the opening roll is over"),
    ],
)
def test_refused_game_calls_change_nothing(call: Callable[[Game], object], message: str) -> None:
    game = classic_game()
    game.roll(3, 1)
    before = state(game)
    with pytest.raises(ValueError, match=message):
        call(game)
    assert state(game) == before


def test_refused_names_change_nothing() -> None:
    game = classic_game()
    with pytest.raises(ValueError, match="control character"):
        game.names = ("Ann", "B\nob")
    assert game.names == ("Ann", "Bo")
    game.names = ("Ann", "Bob")
    assert game.names == ("Ann", "Bob")


# 5. wrong exception types, accepted invalid values ---------------------------------


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: Position.start(None), ValueError, "unknown variant None"),  # type: ignore[arg-type]
        (lambda: find_variant(None), ValueError, "unknown variant None"),  # type: ignore[arg-type]
        (lambda: find_variant(["classic"]), ValueError, r"unknown variant \['classic'\]"),  # type: ignore[arg-type]
        (lambda: Position.build(CLASSIC, None), InvalidPositionError, "checkers must map"),  # type: ignore[arg-type]
        (
            lambda: Position.build(CLASSIC, {0: {1: "3"}}),  # type: ignore[dict-item]
            InvalidPositionError,
            "player 0: the count at 1 must be 0..15, not '3'",
        ),
        (
            lambda: Position.build(CLASSIC, {0: {True: 3}}),
            InvalidPositionError,
            "player 0: True is not 'bar' or a path position",
        ),
        (
            lambda: Position.build(CLASSIC, {True: {1: 3}}),
            InvalidPositionError,
            "unknown player True",
        ),
        (
            lambda: Position.build(CLASSIC, {0: []}),  # type: ignore[dict-item]
            InvalidPositionError,
            r"player 0: checkers must map places to counts, not \[\]",
        ),
        (
            lambda: Position.start(CLASSIC).with_dice(3, 1).play(123),  # type: ignore[arg-type]
            ValueError,
            "a play is a Play of moves, not 123",
        ),
        (
            lambda: Position.start(CLASSIC).with_dice(3, 1).play(Play(("8/5",))),  # type: ignore[arg-type]
            ValueError,
            "a move is a Move of three integers, not '8/5'",
        ),
        (
            lambda: Position.start(CLASSIC, turn=1.0),  # type: ignore[arg-type]
            InvalidPositionError,
            "unknown player 1.0 to move",
        ),
        (
            lambda: Position.start(CLASSIC, turn=True),
            InvalidPositionError,
            "unknown player True to move",
        ),
        (lambda: Position(CLASSIC, None), InvalidPositionError, "boards must be a tuple"),  # type: ignore[arg-type]
        (lambda: CLASSIC.with_options(bogus="x"), ValueError, "unknown option 'bogus'"),
        (
            lambda: CLASSIC.with_options(turn_order=["left"]),  # type: ignore[arg-type]
            ValueError,
            r"turn_order must be one of \('left', 'right'\), not \['left'\]",
        ),
        (lambda: Position.start(CLASSIC).with_dice(3, "1"), ValueError, "a die shows 1..6"),  # type: ignore[arg-type]
        (lambda: Position.start(CLASSIC).legal_plays(dice=5), ValueError, "a roll is two dice"),  # type: ignore[arg-type]
        (lambda: Game(start="C1AAwAfBz4DAB8HPgA"), ValueError, "start must be a Position"),  # type: ignore[arg-type]
        (lambda: Game(CLASSIC, seed="x"), ValueError, "seed must be an integer or None"),  # type: ignore[arg-type]
        (
            lambda: Game(TRIGAMMON, start=Position.start(CLASSIC)),
            ValueError,
            "start is a position of Variant\\(name='classic'",
        ),
        (lambda: Game(CLASSIC).roll_opening(5), ValueError, "opening dice are a list"),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_raise_value_errors_naming_them(
    call: Callable[[], object], error: type[ValueError], message: str
) -> None:
    with pytest.raises(error, match=message):
        call()


def test_an_endless_roll_is_not_read_to_the_end() -> None:
    def endless() -> Any:
        while True:
            yield 1

    with pytest.raises(ValueError, match="a roll is two dice"):
        Position.start(CLASSIC).legal_plays(dice=endless())


def test_the_geometry_is_fixed() -> None:
    with pytest.raises(ValueError, match=r"unknown option 'points'.*geometry is fixed"):
        CLASSIC.with_options(points=40)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no game 'shortgammon' with 2 players and 12 points"):
        Variant("shortgammon", 2, 12)
    with pytest.raises(ValueError, match=r"no game 'classic' with 2\.0 players"):
        Variant("classic", 2.0, 24)  # type: ignore[arg-type]


# 3. records ----------------------------------------------------------------------------


def record(**changes: Any) -> dict[str, Any]:
    """The classic game's record with some fields replaced (None deletes one)."""
    data = classic_game().to_dict()
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    return data


def turn(index: int, **changes: Any) -> list[Any]:
    turns: list[Any] = record()["turns"]
    turns[index] = {**turns[index], **changes}
    return turns


START_R1 = Position.start(CLASSIC).to_dict()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (record(start=None), "a game record needs the key 'start'"),
        (record(names=None), "a game record needs the key 'names'"),
        (record(colour="red"), "unknown key 'colour' in a game record"),
        (record(start=5), "'start': a position dict must be a mapping"),
        (record(names=5), "'names': names must be a list of 2 strings, one per player, not 5"),
        (
            record(names="XO"),
            "'names': names must be a list of 2 strings, one per player, not 'XO'",
        ),
        (record(names=[1, 2]), "'names': the name of player 0 must be a string, not 1"),
        (record(names=["Ann"]), "'names': classic needs 2 names, one per player, got 1"),
        (record(names=["Ann", "B\nob"]), "'names': the name of player 1 'B\\\\nob' has a control"),
        (record(opening=5), "'opening': it must be a list, not 5"),
        (record(opening=[[3, 3], [4, 6], [1, 2]]), "opening round 3: the opening roll is over"),
        (record(opening=[[3, None]]), "opening round 1: \\[3, None\\] is not a die for each of"),
        (record(opening=[["3", 5]]), "opening round 1: a die shows 1..6, got '3'"),
        (record(turns=5), "'turns' must be a list, not 5"),
        (record(turns=[5]), "turn 1 of the record: a turn must be a mapping, not 5"),
        (record(turns=turn(0, play=5)), "turn 1 of the record: 'play' must be notation text"),
        (record(turns=turn(1, play=["24/14"])), "turn 2 of the record: 'play' must be notation"),
        (record(turns=turn(1, play="24/18")), "turn 2 of the record: R9"),
        (record(turns=turn(0, player=0)), "turn 1 of the record: player 0 is not to move"),
        (record(turns=turn(0, player=True)), "turn 1 of the record: player True is not to move"),
        (record(turns=turn(0, dice=[5, 2])), "turn 1 of the record: the dice were \\[5, 3\\]"),
        (record(turns=turn(0, dice="53")), "turn 1 of the record: 'dice' must be a list"),
        (record(turns=turn(0, hint="x")), "turn 1 of the record: unknown key 'hint' in a turn"),
        (record(ply="x"), "'ply': a turn 0..2, not 'x'"),
        (record(ply=3), "'ply': a turn 0..2, not 3"),
        (record(ply=-1), "'ply': a turn 0..2, not -1"),
        (record(dice=[7, 1]), "'dice': a die shows 1..6, got 7"),
        (record(dice=5), "'dice': it must be a list, not 5"),
        (record(version=5), "unsupported game record version 5"),
        (record(version=1, turns=turn(0, name="side")), "version 1 records have no variations"),
        (record(line=[5]), "'line': position 0 has 1 recorded turn"),
        (record(line="x"), "'line': it must be a list"),
        (record(start={**START_R1, "turn": 1}), "'start': a game with an opening roll starts"),
        (record(start={**START_R1, "dice": [3, 1]}), "'start': a game with an opening roll"),
    ],
)
def test_malformed_records_name_the_field(data: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Game.from_dict(data)


def test_a_tied_opening_has_no_pending_dice() -> None:
    game = Game(TRIGAMMON)
    game.roll_opening([6, 2, 6])
    data = {**game.to_dict(), "dice": [3, 1]}
    with pytest.raises(ValueError, match=r"'dice': roll the opening first \(R2\)"):
        Game.from_dict(data)
    assert Game.from_dict(game.to_dict()).opening == game.opening


def test_pending_dice_must_be_the_opening_dice_still_to_play() -> None:
    game = Game(CLASSIC)
    game.roll_opening([3, 5])
    assert Game.from_dict(game.to_dict()).position.dice == (5, 3)
    for pending in ([6, 6], None):
        with pytest.raises(ValueError, match=r"'dice': the dice to play are \[5, 3\]"):
            Game.from_dict({**game.to_dict(), "dice": pending})


def test_pending_dice_are_a_roll_the_game_could_make() -> None:
    game = classic_game()
    game.roll(2, 2)
    loaded = Game.from_dict(game.to_dict())
    assert loaded.position.dice == (2, 2) and loaded.turns == game.turns
    over = Game(start=Position.build(CLASSIC, {0: {24: 1}, 1: {5: 15}}, dice=(2, 1)))
    over.play("1/off")
    with pytest.raises(ValueError, match="'dice': R12: the game is over"):
        Game.from_dict({**over.to_dict(), "dice": [3, 1]})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "a game record in JSON is a string, not None"),
        (b"{}", "a game record in JSON is a string, not b'{}'"),
        ("[" * 100_000, "its JSON is nested too deeply"),
        ('{"a": ' * 100_000, "its JSON is nested too deeply"),
        ("{", "invalid JSON \\(Expecting property name"),
        ("1" * 5000, "invalid JSON \\(a number of 5000 digits; at most 20\\)"),
        ('{"a": NaN}', "invalid JSON \\(NaN is not JSON\\)"),
        ("[]", "not a game record: 'format' must be"),
        (" " * (MAX_RECORD_CHARS + 1), f"at most {MAX_RECORD_CHARS:,} characters"),
    ],
)
def test_malformed_json_records(text: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Game.from_json(text)


def test_records_still_round_trip() -> None:
    game = classic_game()
    game.goto(1)
    loaded = Game.from_json(game.to_json())
    assert loaded.to_dict() == game.to_dict()
    setup = Game(start=Position.start(CLASSIC).with_dice(3, 1), names=("Ann", "Bo"))
    assert Game.from_json(setup.to_json()).to_dict() == setup.to_dict()


# 6. size limits ------------------------------------------------------------------------


def test_quote_keeps_messages_short() -> None:
    assert quote("T1") == "'T1'"
    assert quote("x" * 10**7) == f"{'x' * QUOTE_CHARS!r}... (10000000 characters)"
    assert quote(10**5000) == "<a 16610-bit integer>"
    assert len(quote([["x" * 1000] * 1000] * 1000)) == MAX_QUOTE_CHARS + 3
    assert len(quote("\ud800" * 1000)) == MAX_QUOTE_CHARS + 3


HUGE = "A" * 10_000_000


@pytest.mark.parametrize(
    ("read", "text"),
    [
        (Position.from_id, "T1" + HUGE),
        (from_xgid, "XGID=" + HUGE),
        (from_gnubg_id, HUGE + ":" + HUGE),
    ],
    ids=["own", "xgid", "gnubg"],
)
def test_id_readers_refuse_oversized_text_unread(
    read: Callable[[str], Position], text: str
) -> None:
    started = time.thread_time()  # CPU time: the clock also counts other work
    with pytest.raises(InvalidIdError, match=f"at most {MAX_ID_CHARS} characters") as caught:
        read(text)
    assert time.thread_time() - started < 0.1
    assert len(str(caught.value)) < 200


def test_parse_play_refuses_long_text_unread() -> None:
    position = Position.start(CLASSIC).with_dice(3, 1)
    text = "8/5 " * 1_000_000
    started = time.thread_time()
    with pytest.raises(NotationError, match=f"at most {MAX_NOTATION_CHARS} characters"):
        position.parse_play(text)
    assert time.thread_time() - started < 0.1
    # The longest real plays fit: four moves, hits marked, repeats written out.
    assert position.with_dice(1, 1).parse_play("24/23 24/23 6/5 6/5")


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: Position.from_id("Z" + "x" * 90), InvalidIdError),
        (lambda: find_variant("x" * 10**6), ValueError),
        (lambda: Position.build(CLASSIC, {0: {"x" * 10**6: 1}}), InvalidPositionError),
        (lambda: Position.start(CLASSIC).with_dice(3, 1).parse_play("x" * 99), NotationError),
        (lambda: Position.from_dict({"variant": "x" * 10**6, "checkers": {}}), ValueError),
        (lambda: Game.from_json(json.dumps({"x" * 10**6: 1})), ValueError),
    ],
)
def test_messages_quote_a_short_prefix(call: Callable[[], object], error: type) -> None:
    with pytest.raises(error) as caught:
        call()
    assert len(str(caught.value)) < 300


# 7. names ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("a\x00b", "a control character \\(U\\+0000\\) at index 1"),
        ("ding\x07", "a control character \\(U\\+0007\\)"),
        ("a\x0bb", "a control character \\(U\\+000B\\)"),
        ("tab\there", "a control character \\(U\\+0009\\)"),
        ("two\nlines", "a control character \\(U\\+000A\\)"),
        ("next\x85line", "a control character \\(U\\+0085\\)"),
        ("a\u2028b", "a line separator \\(U\\+2028\\)"),
        ("a\u2029b", "a paragraph separator \\(U\\+2029\\)"),
        ("\ufffe", "a Unicode noncharacter \\(U\\+FFFE\\)"),
        ("\U0001ffff", "a Unicode noncharacter \\(U\\+1FFFF\\)"),
        ("\ufdd0", "a Unicode noncharacter \\(U\\+FDD0\\)"),
        ("lone \ud800", "a lone surrogate \\(U\\+D800\\)"),
        ("", "must show something"),
        ("   ", "must show something"),
        ("x" * (MAX_NAME_CHARS + 1), f"at most {MAX_NAME_CHARS}"),
        (None, "must be a string, not None"),
        # found by the red team: invisible names, an open override, spaces at an end
        ("\u200b\u200b", "must show something"),
        ("\u200d\ufeff\u2060", "must show something"),
        ("\u3164", "must show something"),
        ("\u0301\u0302", "must show something"),
        ("\u202eevil", "leaves a bidirectional control open \\(U\\+202E\\)"),
        ("\u2067a\u202b", "leaves a bidirectional control open \\(U\\+202B\\)"),
        ("a\u202cb", "closes a bidirectional control it did not open last"),
        ("\u202ba\u2069", "closes a bidirectional control it did not open last"),
        (" Ann", "begins or ends with a space"),
        ("Ann\u3000", "begins or ends with a space"),
    ],
)
def test_names_must_be_printable_text(name: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_name(name)
    with pytest.raises(ValueError, match=message):
        Game(CLASSIC, names=("Ann", name))
    data = {**classic_game().to_dict(), "names": ["Ann", name]}
    with pytest.raises(ValueError, match="'names': the name of player 1"):
        Game.from_dict(data)


@pytest.mark.parametrize(
    "name",
    [
        "Ann",
        '<script>alert(1)</script> & "b"',
        "Zoë 🎲",
        "\u202eevil\u202c",
        "\u2067عربي\u2069 Bo",
        "👩\u200d💻",
        "x" * 100,
    ],
)
def test_printable_names_are_kept_as_given(name: str) -> None:
    assert check_name(name) == name
    game = Game(CLASSIC, names=(name, "Bo"))
    assert Game.from_json(game.to_json()).names == (name, "Bo")
    assert len(game.record().splitlines()) == 3


def test_names_default_to_the_player_letters() -> None:
    assert Game(TRIGAMMON).names == ("Player X", "Player O", "Player V")
    assert Game(CLASSIC, names=[]).names == ("Player X", "Player O")


# 8. notation and IDs -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8/5 6/5 13/10(0)", "'13/10\\(0\\)' in '8/5 6/5 13/10\\(0\\)' repeats a move 0 times"),
        ("8/5(5)", "repeats a move 5 times"),
        ("8/²", "'8/²' in '8/²' is not a move"),
        ("8/5²", "is not a move"),
        ("٨/٥ 6/5", "is not a move"),  # noqa: RUF001 (Arabic-Indic digits)
        ("8/" + "5" * 90, "'5+'... \\(90 characters\\) in .* is not a point: use 1..24"),
        ("8/005 6/5", "'005' in '8/005 6/5' is not a point"),
    ],
)
def test_bad_notation_is_a_notation_error(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        Position.start(CLASSIC).with_dice(3, 1).parse_play(text)


def test_a_move_may_be_written_once_with_its_count() -> None:
    position = Position.start(CLASSIC).with_dice(3, 3)
    assert position.parse_play("8/5(2) 6/3(2)") == position.parse_play("8/5 8/5 6/3 6/3")
    assert position.parse_play("8/5(1) 8/5(1) 6/3(2)") == position.parse_play("8/5(2) 6/3(2)")


# 9. Game's constructor takes only public parameters -----------------------------------


def test_game_takes_only_public_parameters() -> None:
    parameters = inspect.signature(Game).parameters
    assert list(parameters) == ["variant", "start", "seed", "names", "match", "cube"]
    with pytest.raises(TypeError):
        Game(CLASSIC, None, 1)  # type: ignore[call-arg]
    game = Game(start=Position.start(CLASSIC, turn=1))
    assert (game.variant, game.start, game.seed, game.started) == (
        CLASSIC,
        Position.start(CLASSIC, turn=1),
        None,
        True,
    )
    assert repr(classic_game()) == "<Game classic: turn 2 of 2>"
