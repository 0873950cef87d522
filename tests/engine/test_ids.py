"""Position IDs, dicts, GNU Backgammon IDs and XGIDs.

Independent references for the classic formats:

- real gnubg exports: two positions of GitteD - Llabba, 13pt, Backgammon Studio
  2023-01-08, from lassehjorthmadsen/bglab ``data-raw/Llabba/analyzed/0-ply/...``,
  whose text boards show who is on roll and where every checker stands;
- the GNUID/XGID pair in the backgammon-engine-kit docs (``4HPwATDgc/ABMA:8IhuACAACAAE``
  is ``XGID=-b----E-C---eE---c-e----B-:0:0:1:53:1:2:1:3:10``);
- gnubg's ``PositionFromXG`` (positionid.c), transcribed below, for XG's board layout;
- ``gnubg_nn`` (GNU Backgammon's own position-ID and move-generator code), when importable.
"""

from __future__ import annotations

import base64
import json
import re
from typing import Any

import pytest
from hypothesis import given

from tests.engine.strategies import positions
from trigammon_widget.engine import (
    BAR,
    CLASSIC,
    TRIGAMMON,
    InvalidIdError,
    InvalidPositionError,
    MatchState,
    Position,
)
from trigammon_widget.engine.ids import (
    decode_id,
    encode_id,
    from_gnubg_id,
    from_xgid,
    position_from_dict,
    position_to_dict,
    to_gnubg_id,
    to_xgid,
)
from trigammon_widget.engine.position import Board

START_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
START_GNUBG = "4HPwATDgc/ABMA"

# Move 2 of the gnubg export: Llabba (X, bottom: our player 0) to play 31 after GitteD
# (O, top: our player 1) opened 63 with 24/18 13/10.
MOVE_2_GNUBG = "4HPiQSDgc/ABMA:cImlAQAAAAAE"
MOVE_2 = Position.build(
    CLASSIC,
    {
        0: {1: 2, 12: 5, 17: 3, 19: 5},
        1: {1: 1, 7: 1, 12: 4, 15: 1, 17: 3, 19: 5},
    },
    turn=0,
    dice=(3, 1),
)
# Move 3: GitteD to play 43 after Llabba's 8/5 6/5.
MOVE_3_GNUBG = "sGfwATDgc+JBIA:MAGuAQAAAAAE"
MOVE_3 = Position.build(
    CLASSIC,
    {
        0: {1: 2, 12: 5, 17: 2, 19: 4, 20: 2},
        1: {1: 1, 7: 1, 12: 4, 15: 1, 17: 3, 19: 5},
    },
    turn=1,
    dice=(4, 3),
)


classic_positions = positions(CLASSIC, dice=None)


# helpers --------------------------------------------------------------------------


def id_bits(text: str) -> str:
    """The bit string inside one of our IDs, read with the standard library."""
    body = text[2:]
    data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    return "".join(f"{byte:08b}" for byte in data)


def make_id(prefix: str, bits: str) -> str:
    """One of our IDs around a hand-made bit string."""
    bits += "0" * (-len(bits) % 8)
    data = int(bits, 2).to_bytes(len(bits) // 8, "big")
    return prefix + base64.urlsafe_b64encode(data).decode().rstrip("=")


def gnubg_side(board: Board) -> list[int]:
    """gnubg's 25 ints of one player: index j is its point j + 1 (our path 24 - j), 24 the bar."""
    return [*(board[24 - j] for j in range(24)), board[BAR]]


def gnubg_board(pos: Position) -> list[list[int]]:
    """gnubg's anBoard: [0] the opponent, [1] the player on roll (who moves in gnubg)."""
    return [gnubg_side(pos.boards[1 - pos.turn]), gnubg_side(pos.boards[pos.turn])]


def board_from_xg(xgid: str) -> list[list[int]]:
    """gnubg's ``PositionFromXG`` plus ``SetXGID``'s swap, transcribed from set.c and
    positionid.c: uppercase fills anBoard[1] at i - 1, lowercase anBoard[0] at 24 - i,
    index 0 / 25 are the lowercase / uppercase bars; the side on roll ends in [1]."""
    fields = xgid.removeprefix("XGID=").split(":")
    board = [[0] * 25, [0] * 25]
    for i, char in enumerate(fields[0]):
        if char.isupper():
            board[1][24 if i == 25 else i - 1] = ord(char) - ord("A") + 1
        elif char.islower():
            board[0][24 if i == 0 else 24 - i] = ord(char) - ord("a") + 1
    if fields[3] != "1":
        board.reverse()
    return board


def match_id(key: int) -> str:
    """A gnubg Match ID around a hand-made 72-bit key (bit 0 first)."""
    return base64.b64encode(key.to_bytes(9, "little")).decode()


def gnubg_key(text: str) -> int:
    return int.from_bytes(base64.b64decode(text + "=" * (-len(text) % 4)), "little")


def load_gnubg_nn() -> Any:
    return pytest.importorskip(
        "gnubg_nn",
        reason="gnubg-nn (GNU Backgammon's own ID and move code) has wheels only for "
        "CPython 3.11 on x86_64 Linux: pip install gnubg-nn",
    )


# our ID ---------------------------------------------------------------------------


def test_start_ids_are_short_and_url_safe() -> None:
    trigammon, classic = Position.start(TRIGAMMON).id, Position.start(CLASSIC).id
    assert trigammon == "T1QAwAfBz4AADAB8HPgAAMAHwc-AAA"
    assert classic == "C1AAwAfBz4DAB8HPgA"
    assert len(trigammon) == 30


def test_start_id_bit_layout_is_the_documented_one() -> None:
    start = "110" + "0" * 10 + "111110" + "0" * 4 + "1110" + "0" + "111110" + "0" * 17
    player = "0" + start  # bar, then path positions 1..36: 2 on 1, 5 on 12, 3 on 17, 5 on 19
    header = "010" + "00" + "000" + "000"  # tied, fresh-roll, left; player 0; no dice
    bits = id_bits(Position.start(TRIGAMMON).id)
    assert bits == header + player * 3 + "0" * (len(bits) - len(header) - 3 * len(player))
    assert len(bits) - len(header) - 3 * len(player) < 8


def test_dice_and_turn_sit_in_the_header() -> None:
    pos = Position.start(TRIGAMMON, turn=2).with_dice(6, 1)
    assert id_bits(pos.id)[:11] == "010" + "10" + "110" + "001"


@given(positions(dice=None))
def test_id_round_trips_every_valid_position(pos: Position) -> None:
    text = encode_id(pos)
    assert re.fullmatch(r"[TC]1[A-Za-z0-9_-]+", text)
    assert len(text) <= (30 if pos.variant.players == 3 else 18)
    assert decode_id(text) == pos
    assert Position.from_id(pos.id) == pos


def test_id_keeps_non_default_rule_options() -> None:
    variant = TRIGAMMON.with_options(opening_reroll="all", turn_order="right")
    pos = Position.start(variant)
    back = Position.from_id(pos.id)
    assert back == pos
    assert (back.variant.opening_reroll, back.variant.turn_order) == ("all", "right")
    assert pos.id != Position.start(TRIGAMMON).id
    classic = Position.start(CLASSIC.with_options(opening_move="fresh-roll"))
    assert Position.from_id(classic.id).variant.opening_move == "fresh-roll"


def test_id_ignores_surrounding_whitespace() -> None:
    assert decode_id(f"  {Position.start(CLASSIC).id}\n") == Position.start(CLASSIC)


CLASSIC_START_ID = "C1AAwAfBz4DAB8HPgA"
TRIGAMMON_START_ID = "T1QAwAfBz4AADAB8HPgAAMAHwc-AAA"
TRIGAMMON_START_BOARDS = id_bits(TRIGAMMON_START_ID)[11:]
SHORT_ID = encode_id(Position.build(CLASSIC, {0: {24: 1}, 1: {24: 1}}))
"""An ID whose last character carries 2 unused bits (11 characters after the prefix)."""


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "too short: it needs a variant letter"),
        ("X1AAAA", "unknown variant prefix 'X'"),
        ("C2" + CLASSIC_START_ID[2:], "unknown version '2'"),
        ("C1AAwAfBz4DAB8H+gA", r"contains '\+'; only A-Za-z0-9_- are allowed"),
        ("C1AAwAf Bz4DAB8HPgA", "contains ' '"),
        (CLASSIC_START_ID + "A", "wrong length"),
        (CLASSIC_START_ID[:-4], "too short: it ends inside player 1's checkers"),
        ("C1", "too short: it ends inside its header"),
        (CLASSIC_START_ID + "AAAA", "too long: 3 bytes after the last point"),
        (SHORT_ID[:-1] + chr(ord(SHORT_ID[-1]) + 1), "stray bits in its last character"),
        (make_id("C1", id_bits(CLASSIC_START_ID)[:-1] + "1"), "non-zero padding bits"),
        (make_id("C1", "000" + "00" + "000000" + "0" + "1" * 16), "too many checkers for player 0"),
        (make_id("T1", "010" + "00" + "111001"), "dice 7 and 1: each die is 1..6"),
        (make_id("T1", "010" + "00" + "000011"), "dice 0 and 3"),
        (
            make_id("T1", "000" + "00" + "000000"),
            "invalid rule options: opening_move='opening-dice'",
        ),
        (make_id("T1", "010" + "11" + "000000" + TRIGAMMON_START_BOARDS), "unknown player 3"),
    ],
)
def test_malformed_ids_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(InvalidIdError, match=message):
        decode_id(text)


def test_id_must_be_a_string() -> None:
    with pytest.raises(InvalidIdError, match="a position ID is a string, not 42"):
        decode_id(42)  # type: ignore[arg-type]


def test_two_owners_on_one_point_is_an_invalid_position() -> None:
    # classic player 0 path 1 and player 1 path 24 are both absolute point 1
    bits = "000" + "00" + "000000" + "0" + "110" + "0" * 23 + "0" + "0" * 23 + "110"
    with pytest.raises(InvalidIdError, match="invalid position: point 1 holds checkers of players"):
        decode_id(make_id("C1", bits))


# dicts ----------------------------------------------------------------------------


def test_dict_is_plain_readable_json() -> None:
    pos = Position.build(CLASSIC, {0: {"bar": 1, 19: 5, 24: 2}, 1: {5: 3}}, turn=1, dice=(5, 2))
    assert position_to_dict(pos) == {
        "variant": "classic",
        "options": {"opening_reroll": "tied", "opening_move": "opening-dice", "turn_order": "left"},
        "turn": 1,
        "dice": [5, 2],
        "checkers": {"0": {"bar": 1, "19": 5, "24": 2}, "1": {"5": 3}},
    }
    assert json.loads(json.dumps(pos.to_dict())) == pos.to_dict()


def test_dict_of_finished_player_is_empty() -> None:
    pos = Position.build(TRIGAMMON, {0: {36: 1}, 2: {1: 15}})
    assert pos.to_dict()["checkers"] == {"0": {"36": 1}, "1": {}, "2": {"1": 15}}
    assert pos.to_dict()["dice"] is None


@given(positions(dice=None))
def test_dict_round_trips_through_json(pos: Position) -> None:
    assert position_from_dict(json.loads(json.dumps(position_to_dict(pos)))) == pos
    assert Position.from_dict(pos.to_dict()) == pos


def test_hand_written_dict_may_use_numbers_and_omit_defaults() -> None:
    pos = position_from_dict({"variant": "backgammon", "checkers": {0: {"bar": 2, 20: 13}}})
    assert pos == Position.build(CLASSIC, {0: {"bar": 2, 20: 13}, 1: {}})
    assert pos.turn == 0
    assert pos.dice is None
    assert pos.borne_off(1) == 15


def test_dict_options_choose_the_reading() -> None:
    pos = position_from_dict(
        {
            "variant": "trigammon",
            "options": {"turn_order": "right"},
            "checkers": {"0": {"5": 1}, "1": {"5": 1}, "2": {"5": 1}},
        }
    )
    assert pos.variant == TRIGAMMON.with_options(turn_order="right")
    assert pos.variant.next_player(1) == 0


START_CHECKERS = {"0": {"1": 2}, "1": {"1": 2}}


@pytest.mark.parametrize(
    ("data", "error", "message"),
    [
        ([], ValueError, "must be a mapping, not list"),
        ({"variant": "classic"}, ValueError, "needs the key 'checkers'"),
        ({"checkers": {}}, ValueError, "needs the key 'variant'"),
        (
            {"variant": "classic", "checkers": {}, "colour": "red"},
            ValueError,
            "unknown key 'colour'",
        ),
        ({"variant": 2, "checkers": {}}, ValueError, "'variant' must be a variant name, not 2"),
        ({"variant": "chess", "checkers": {}}, ValueError, "unknown variant 'chess'"),
        (
            {"variant": "classic", "options": ["x"], "checkers": {}},
            ValueError,
            "'options' must map",
        ),
        (
            {"variant": "classic", "options": {"speed": "fast"}, "checkers": {}},
            ValueError,
            "unknown option 'speed'",
        ),
        (
            {"variant": "classic", "options": {"turn_order": "up"}, "checkers": {}},
            ValueError,
            "turn_order must be one of \\('left', 'right'\\), not 'up'",
        ),
        (
            {"variant": "trigammon", "options": {"opening_move": "opening-dice"}, "checkers": {}},
            ValueError,
            "two opening dice",
        ),
        (
            {"variant": "classic", "turn": "1", "checkers": START_CHECKERS},
            ValueError,
            "'turn' must be",
        ),
        (
            {"variant": "classic", "turn": 2, "checkers": START_CHECKERS},
            InvalidPositionError,
            "unknown player 2",
        ),
        (
            {"variant": "classic", "dice": "31", "checkers": START_CHECKERS},
            ValueError,
            "'dice' must be a list",
        ),
        (
            {"variant": "classic", "dice": [7, 1], "checkers": START_CHECKERS},
            ValueError,
            "'dice': a die shows 1..6",
        ),
        ({"variant": "classic", "checkers": [1]}, ValueError, "'checkers' must map players"),
        ({"variant": "classic", "checkers": {"2": {}}}, ValueError, "unknown player '2'"),
        ({"variant": "classic", "checkers": {"x": {}}}, ValueError, "unknown player 'x'"),
        ({"variant": "classic", "checkers": {"0": {}, 0: {}}}, ValueError, "lists player 0 twice"),
        (
            {"variant": "classic", "checkers": {"0": 5}},
            ValueError,
            "checkers of player '0' must map",
        ),
        ({"variant": "classic", "checkers": {"0": {"off": 3}}}, ValueError, "'off' is not 'bar'"),
        ({"variant": "classic", "checkers": {"0": {"25": 3}}}, ValueError, "'25' is not 'bar'"),
        (
            {"variant": "classic", "checkers": {"0": {"19": -1}}},
            InvalidPositionError,
            "player 0: the count at 19 must be 0..15, not -1",
        ),
        (
            {"variant": "classic", "checkers": {"0": {"19": True}}},
            InvalidPositionError,
            "the count at 19 must be 0..15, not True",
        ),
        (
            {"variant": "classic", "checkers": {"0": {"5": 1, 5: 1}}},
            ValueError,
            "5 is listed twice",
        ),
        (
            {"variant": "classic", "checkers": {"0": {"19": 10, "20": 6}}},
            InvalidPositionError,
            "player 0 has 16 checkers on the board, more than 15 \\(R1\\)",
        ),
        (
            {"variant": "classic", "checkers": {"0": {"1": 2}, "1": {"24": 2}}},
            InvalidPositionError,
            "point 1 holds checkers of players 0 and 1",
        ),
    ],
)
def test_malformed_dicts_name_the_bad_key(data: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        position_from_dict(data)


# GNU Backgammon ---------------------------------------------------------------------


def test_classic_start_gnubg_id() -> None:
    """Money play without the Jacoby rule sets bit 66 of the Match ID, as Debian's gnubg
    writes it (its extended Match ID); with the rule, gnubg's default, the bit is 0."""
    start = Position.start(CLASSIC)
    assert to_gnubg_id(start) == f"{START_GNUBG}:cAkAAAAAAAAE"
    assert to_gnubg_id(start.with_turn(1)) == f"{START_GNUBG}:MAEAAAAAAAAE"
    jacoby = MatchState(jacoby=True)
    assert to_gnubg_id(start, state=jacoby) == f"{START_GNUBG}:cAkAAAAAAAAA"


@pytest.mark.parametrize(
    "text",
    [
        START_GNUBG,
        f"{START_GNUBG}:cAkAAAAAAAAA",
        f"GNUBGID {START_GNUBG}:cAkAAAAAAAAA",
        f" gnubgid: {START_GNUBG} ",
    ],
)
def test_gnubg_id_forms(text: str) -> None:
    assert from_gnubg_id(text) == Position.start(CLASSIC)


def test_documented_gnuid_and_xgid_pair_agree() -> None:
    start_53 = Position.start(CLASSIC).with_dice(5, 3)
    assert from_gnubg_id(f"{START_GNUBG}:8IhuACAACAAE") == start_53
    assert from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:53:1:2:1:3:10") == start_53


@pytest.mark.parametrize(("gnubg_id", "expected"), [(MOVE_2_GNUBG, MOVE_2), (MOVE_3_GNUBG, MOVE_3)])
def test_real_gnubg_export_positions(gnubg_id: str, expected: Position) -> None:
    assert from_gnubg_id(gnubg_id) == expected
    assert to_gnubg_id(expected).split(":")[0] == gnubg_id.split(":")[0]


def test_export_positions_follow_from_the_played_moves() -> None:
    """The engine's own play of the exported game meets the exported IDs."""
    after_opening = Position.start(CLASSIC, turn=1).with_dice(6, 3).play("24/18 13/10")
    assert after_opening.with_dice(3, 1) == from_gnubg_id(MOVE_2_GNUBG)
    assert after_opening.with_dice(3, 1).play("8/5 6/5").with_dice(4, 3) == from_gnubg_id(
        MOVE_3_GNUBG
    )


def test_gnubg_match_id_stores_higher_die_first() -> None:
    key = gnubg_key(to_gnubg_id(Position.start(CLASSIC).with_dice(2, 5)).split(":")[1])
    assert (key >> 15 & 7, key >> 18 & 7) == (5, 2)
    assert from_gnubg_id(to_gnubg_id(Position.start(CLASSIC).with_dice(2, 5))).dice == (5, 2)


def test_gnubg_match_id_marks_a_finished_game() -> None:
    won = Position.build(CLASSIC, {1: {24: 1}})
    assert gnubg_key(to_gnubg_id(won).split(":")[1]) >> 8 & 7 == 2


@given(classic_positions)
def test_gnubg_id_round_trips_up_to_die_order(pos: Position) -> None:
    dice = None if pos.dice is None else (max(pos.dice), min(pos.dice))
    assert from_gnubg_id(to_gnubg_id(pos)) == Position(CLASSIC, pos.boards, pos.turn, dice)


@given(classic_positions)
def test_gnubg_position_id_is_gnubgs(pos: Position) -> None:
    gnubg_nn = load_gnubg_nn()
    position_id = to_gnubg_id(pos).split(":")[0]
    assert gnubg_nn.position_id(gnubg_board(pos)) == position_id
    assert gnubg_nn.board_from_position_id(position_id) == gnubg_board(pos)


@pytest.mark.parametrize("pos", [MOVE_2, MOVE_3, Position.start(CLASSIC).with_dice(6, 4)])
def test_gnubg_moves_the_player_our_id_puts_on_roll(pos: Position) -> None:
    gnubg_nn = load_gnubg_nn()
    assert pos.dice is not None
    board = gnubg_nn.board_from_position_id(to_gnubg_id(pos).split(":")[0])
    assert len(gnubg_nn.moves(board, *pos.dice)) == len(pos.legal_plays())
    assert gnubg_nn.position_id(board[::-1]) == to_gnubg_id(pos.with_turn(1 - pos.turn))[:14]


def test_gnubg_id_refuses_trigammon() -> None:
    with pytest.raises(InvalidIdError, match="classic backgammon only, not trigammon"):
        to_gnubg_id(Position.start(TRIGAMMON))


def _stray_bit_after_last_point() -> str:
    position_id = to_gnubg_id(Position.build(CLASSIC, {0: {24: 1}, 1: {24: 1}}))[:14]
    key = gnubg_key(position_id) | 1 << 79
    return base64.b64encode(key.to_bytes(10, "little")).decode().rstrip("=")


PLAYING_P1 = 0b11 << 4 | 1 << 6 | 1 << 8 | 1 << 11


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a:b:c", "is not 'PositionID' or 'PositionID:MatchID'"),
        (
            "4HPwATDgc/ABM",
            "Position ID '4HPwATDgc/ABM' has the wrong length: 13 characters, not 14",
        ),
        ("4HPwATDgc/AB-A", "contains '-'"),
        ("4HPwATDgc/ABMB", "stray bits in its last character"),
        ("/////////////w", "too many checkers for the opponent"),
        (_stray_bit_after_last_point(), "stray bits after the last point"),
        (f"{START_GNUBG}:cAkAAAAAAAA", "Match ID 'cAkAAAAAAAA' has the wrong length"),
        (f"{START_GNUBG}:cAkAAAAAAA_A", "contains '_'"),
        (f"{START_GNUBG}:{match_id(PLAYING_P1 | 7 << 15 | 1 << 18)}", "dice 7 and 1"),
        (f"{START_GNUBG}:{match_id(PLAYING_P1 | 3 << 18)}", "dice 0 and 3"),
        (f"{START_GNUBG}:{match_id(0b11 << 4 | 5 << 8)}", "unknown game state 5"),
        (f"{START_GNUBG}:{match_id(PLAYING_P1 | 1 << 7)}", "Crawford flag in a money game"),
        (
            f"{START_GNUBG}:{match_id(PLAYING_P1 | 5 << 21 | 6 << 36)}",
            r"score \(6, 0\) beyond the match length 5",
        ),
    ],
)
def test_malformed_gnubg_ids_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(InvalidIdError, match=message):
        from_gnubg_id(text)


def test_gnubg_match_id_turn_and_dice() -> None:
    pos = from_gnubg_id(f"{START_GNUBG}:{match_id(0b11 << 4 | 1 << 8 | 6 << 15 | 6 << 18)}")
    assert (pos.turn, pos.dice) == (1, (6, 6))  # gnubg's player 0 is our player 1


# XGID -------------------------------------------------------------------------------


def test_classic_start_xgid() -> None:
    start = Position.start(CLASSIC)
    assert to_xgid(start) == START_XGID
    assert from_xgid(START_XGID) == start
    assert from_xgid(START_XGID.removeprefix("XGID=")) == start
    assert (
        to_xgid(start.with_turn(1).with_dice(3, 5))
        == "XGID=-b----E-C---eE---c-e----B-:0:0:-1:35:0:0:0:0:10"
    )


def test_xgid_of_exported_position() -> None:
    assert to_xgid(MOVE_3) == "XGID=-a---BDaB---dE-a-c-e----B-:0:0:-1:43:0:0:0:0:10"
    assert board_from_xg(to_xgid(MOVE_3)) == gnubg_board(MOVE_3)


@given(classic_positions)
def test_xgid_round_trips(pos: Position) -> None:
    assert from_xgid(to_xgid(pos)) == Position(CLASSIC, pos.boards, pos.turn, pos.dice)


@given(classic_positions)
def test_gnubg_reads_our_xgid_as_our_gnubg_id(pos: Position) -> None:
    """gnubg's own XGID reading of our XGID gives the board our gnubg ID encodes."""
    assert board_from_xg(to_xgid(pos)) == gnubg_board(pos)


def test_xgid_double_means_not_rolled() -> None:
    pos = from_xgid("XGID=-b----E-C---eE---c-e----B-:1:0:-1:D:0:0:3:0:10")
    assert (pos.turn, pos.dice) == (1, None)


@pytest.mark.parametrize("action", ["B", "R"])
def test_xgid_beavers_are_refused(action: str) -> None:
    with pytest.raises(InvalidIdError, match=r"a beaver or raccoon .*: R14 has none"):
        from_xgid(f"XGID=-b----E-C---eE---c-e----B-:1:0:-1:{action}:0:0:3:0:10")


def test_xgid_refuses_trigammon() -> None:
    with pytest.raises(InvalidIdError, match="XGIDs describe classic backgammon only"):
        to_xgid(Position.start(TRIGAMMON))


XG_BOARD = "-b----E-C---eE---c-e----B-"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (f"XGID={XG_BOARD}:0:0:1:00:0:0:0:0", "has 9 ':'-separated fields, not 10"),
        (f"XGID={XG_BOARD[:-1]}:0:0:1:00:0:0:0:0:10", "has 25 board characters, not 26"),
        (f"XGID={XG_BOARD[:3]}x{XG_BOARD[4:]}:0:0:1:00:0:0:0:0:10", "has 'x' at board index 3"),
        (f"XGID=A{XG_BOARD[1:]}:0:0:1:00:0:0:0:0:10", "has 'A' at board index 0"),
        (f"XGID={XG_BOARD[:-1]}a:0:0:1:00:0:0:0:0:10", "has 'a' at board index 25"),
        (
            f"XGID={XG_BOARD[:-1]}B:0:0:1:00:0:0:0:0:10",
            "too many checkers for player 0 \\(17, over 15\\)",
        ),
        (f"XGID={XG_BOARD}:x:0:1:00:0:0:0:0:10", "'x' where the cube \\(a number\\) belongs"),
        (f"XGID={XG_BOARD}:0:2:1:00:0:0:0:0:10", "out-of-range cube owner: 2"),
        (f"XGID={XG_BOARD}:0:0:0:00:0:0:0:0:10", "out-of-range turn: 0"),
        (f"XGID={XG_BOARD}:0:0:1:00:-1:0:0:0:10", "out-of-range score 1: -1"),
        (f"XGID={XG_BOARD}:0:0:1:00:0:0:4:0:10", "out-of-range rules: 4"),
        (f"XGID={XG_BOARD}:0:0:1:71:0:0:0:0:10", "has dice '71'"),
        (f"XGID={XG_BOARD}:0:0:1:5:0:0:0:0:10", "has dice '5'"),
    ],
)
def test_malformed_xgids_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(InvalidIdError, match=message):
        from_xgid(text)


def test_no_format_reads_a_board_where_several_players_are_off() -> None:
    # The game ends when the first player is off (R12); an editor's cleared board is
    # a Position, but no game stands there, so no loader accepts it.
    empty = Position.build(CLASSIC, {})
    texts = {
        from_gnubg_id: "AAAAAAAAAAAAAA",
        from_xgid: "XGID=" + "-" * 26 + ":0:0:1:00:0:0:0:0:10",
        decode_id: empty.id,
    }
    for read, text in texts.items():
        with pytest.raises(InvalidIdError, match=r"players 0 and 1 have every checker off.*R12"):
            read(text)
    with pytest.raises(InvalidPositionError, match="players 0 and 1 have every checker off"):
        position_from_dict(empty.to_dict())
