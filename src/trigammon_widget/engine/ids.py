"""Position IDs and exchange formats.

Four ways a position leaves and re-enters the engine, each for a different reader:

- our own ID (``encode_id`` / ``decode_id``): a short URL-safe key for links and
  notebooks, for both variants, since trigammon has no standard format;
- a plain dict (``position_to_dict`` / ``position_from_dict``) that JSON and people read;
- GNU Backgammon's Position ID + Match ID and eXtreme Gammon's XGID, so classic
  positions travel to and from the usual analysis programs.

Our ID is ``<variant letter><version digit><base64url, no padding>``: the trigammon
start is ``T1QAwAfBz4AADAB8HPgAAMAHwc-AAA`` (30 characters at most), the classic start
``C1AAwAfBz4DAB8HPgA`` (18 at most). The base64 carries a bit string, most significant
bit of each byte first:

- 3 option bits (``opening_reroll``, ``opening_move``, ``turn_order``), each the index
  of the variant's value in the option's ``Literal`` type, so any Reading round-trips;
- 2 bits player to move, 3 bits first die, 3 bits second die (0 = not rolled);
- per player, for bar, path position 1..N: as many 1 bits as checkers, then a 0
  (the unary code of gnubg's Position ID); the tray is 15 minus the rest;
- zero bits up to the byte boundary.

A position with its cube and match state (``MatchPosition``) adds ``:M1`` and a second
base64url bit string: 4 bits log2 of the cube, 2 bits its owner (0 centred, 1 + the
owning player), 1 bit a double offered, 1 bit Crawford game, 1 bit Jacoby rule, 7 bits
the match length (0 money), 15 bits per player its score, zero bits up to the byte.

Classic orientation, shared by the gnubg and XG functions: our player 0 is the bottom
player, gnubg's player 1 (``X``) and XG's uppercase player, turn 1 in an XGID; our
player 1 is the top one, gnubg's player 0 (``O``), XG's lowercase player. Both
players' path position ``i`` is their own point ``25 - i`` in gnubg/XG numbering.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .errors import InvalidIdError, InvalidPositionError, quote
from .i18n import _, ngettext
from .moves import BAR
from .position import Board, Dice, Position, check_dice, check_reachable
from .stakes import MAX_CUBE, Cube, MatchPosition, MatchState
from .variant import CHECKERS, CLASSIC, OPTIONS, VARIANTS, Variant, find_variant

VERSION = "1"
"""The digit after the variant letter; bump it when the bit layout changes."""

MAX_ID_CHARS = 100
"""Longest text the ID readers look at: our IDs have at most 30 characters, gnubg's
``GNUBGID posid:matchid`` 35 and an XGID about 60; longer input is refused unread."""

_BY_CODE = {variant.code: variant for variant in VARIANTS}
_DICT_KEYS = ("variant", "options", "turn", "dice", "checkers")
_NUMBER = re.compile(r"[0-9]{1,9}")
_XG_NUMBER = re.compile(r"-?[0-9]+")
_GNUBG_POSITION_CHARS = 14
_GNUBG_MATCH_CHARS = 12
_GNUBG_KEY_BITS = 80
_GNUBG_PLAYING, _GNUBG_OVER = 1, 2
_GNUBG_CENTRED = 3
"""gnubg's cube owner field for a centred cube (its -1 in two bits)."""
_GNUBG_NO_JACOBY = 66
"""The bit of gnubg's extended Match ID that is set when money play has no Jacoby rule."""
MATCH_VERSION = "M1"
"""What starts the match part of our ID; bump the digit when its bit layout changes."""
_MATCH_WIDTHS = (4, 2, 1, 1, 1, 7)
_SCORE_BITS = 15
_XG_FIELDS = (
    "cube",
    "cube owner",
    "turn",
    "dice",
    "score 1",
    "score 2",
    "rules",
    "match length",
    "max cube",
)
"""The XGID fields after the board; all but the dice are integers, >= 0 unless listed
in ``_XG_VALUES``."""
_XG_VALUES = {"cube owner": (-1, 0, 1), "turn": (-1, 1), "rules": (0, 1, 2, 3)}
_XG_DOUBLED = "D"
"""The XGID dice field of a double awaiting its answer (no dice yet)."""
_XG_BEAVERS = ("B", "R")
"""XGID dice fields of a beaver and a raccoon, which R14 does not have."""
_XG_MAX_CUBE = 10
"""XG's money cube limit field, log2 (1024): written as XG writes it, read and dropped."""
_XG_BEAVER_RULE = 2
"""The beaver bit of the money rules field: read and dropped, R14 has no beavers."""


# bit strings ------------------------------------------------------------------


def _unary(counts: Iterable[int]) -> list[int]:
    """gnubg's checker code: ``count`` one bits then a zero for every place."""
    bits: list[int] = []
    for count in counts:
        bits += [1] * count + [0]
    return bits


def _pack(bits: Sequence[int], msb_first: bool) -> bytes:
    """Bits to bytes; gnubg fills each byte from its least significant bit."""
    data = bytearray((len(bits) + 7) // 8)
    for index, bit in enumerate(bits):
        if bit:
            data[index // 8] |= 0x80 >> (index % 8) if msb_first else 1 << (index % 8)
    return bytes(data)


def _unpack(data: bytes, msb_first: bool) -> list[int]:
    order = range(7, -1, -1) if msb_first else range(8)
    return [(byte >> shift) & 1 for byte in data for shift in order]


class _Reader:
    """Reads a bit string front to back, naming ``source`` in every error."""

    def __init__(self, bits: list[int], source: str) -> None:
        self.bits = bits
        self.pos = 0
        self.source = source

    def field(self, width: int) -> int:
        """An unsigned number stored most significant bit first."""
        value = 0
        for bit in self._take(width, "its header"):
            value = value << 1 | bit
        return value

    def counts(self, places: int, owner: str) -> list[int]:
        """One player's unary checker counts for ``places`` places (bar and points)."""
        counts = [0]
        total = 0
        while len(counts) <= places:
            (bit,) = self._take(1, f"{owner}'s checkers")
            if not bit:
                counts.append(0)
                continue
            total += 1
            if total > CHECKERS:
                raise InvalidIdError(
                    _("{source}: too many checkers for {owner} (over 15)").format(
                        source=self.source, owner=owner
                    )
                )
            counts[-1] += 1
        return counts[:-1]

    def rest(self) -> list[int]:
        return self.bits[self.pos :]

    def _take(self, width: int, part: str) -> list[int]:
        if self.pos + width > len(self.bits):
            raise InvalidIdError(
                _("{source} is too short: it ends inside {part}").format(
                    source=self.source, part=part
                )
            )
        self.pos += width
        return self.bits[self.pos - width : self.pos]


def _bad_char(text: str, allowed: str, source: str) -> None:
    """Raise for the first character outside the regex class ``allowed``."""
    bad = re.search(f"[^{allowed}]", text)
    if bad:
        raise InvalidIdError(
            _("{source} contains {group}; only {allowed} are allowed").format(
                source=source, group=quote(bad.group()), allowed=allowed
            )
        )


def _decode64(body: str, altchars: bytes, source: str) -> bytes:
    """Strict base64 without padding: a re-encoding must give ``body`` back."""
    try:
        data = base64.b64decode(body + "=" * (-len(body) % 4), altchars)
    except binascii.Error:
        raise InvalidIdError(
            _(
                "{source} has the wrong length: {count} base64 characters cannot hold whole bytes"
            ).format(source=source, count=len(body))
        ) from None
    if base64.b64encode(data, altchars).decode().rstrip("=") != body:
        raise InvalidIdError(
            _("{source} has stray bits in its last character").format(source=source)
        )
    return data


def _encode64(data: bytes, altchars: bytes) -> str:
    return base64.b64encode(data, altchars).decode().rstrip("=")


def _checked_text(text: object, what: str) -> str:
    """``text`` stripped, once it is a string short enough to be an ID."""
    if not isinstance(text, str):
        raise InvalidIdError(
            _("{what} is a string, not {text}").format(what=what, text=quote(text))
        )
    if len(text) > MAX_ID_CHARS:
        raise InvalidIdError(
            _("{what} has at most {max_id_chars} characters; {text} is longer").format(
                what=what, max_id_chars=MAX_ID_CHARS, text=quote(text)
            )
        )
    return text.strip()


def _position(
    source: str, variant: Variant, boards: tuple[Board, ...], turn: int, dice: Dice | None
) -> Position:
    """The decoded position; one that breaks the rules (R1, R6, R12) is a bad ID."""
    try:
        return check_reachable(Position(variant, boards, turn, dice))
    except InvalidPositionError as error:
        raise InvalidIdError(
            _("{source} describes an invalid position: {error}").format(source=source, error=error)
        ) from None


def _with_tray(counts: Sequence[int]) -> Board:
    """A board from bar and point counts: the rest of the 15 are borne off."""
    return (*counts, CHECKERS - sum(counts))


# our ID -----------------------------------------------------------------------


def encode_id(pos: Position) -> str:
    """The compact, URL-safe, versioned ID of ``pos`` (layout in the module docstring)."""
    variant = pos.variant
    bits: list[int] = []
    for name, values in OPTIONS.items():
        bits.append(values.index(getattr(variant, name)))
    for value, width in ((pos.turn, 2), *((die, 3) for die in pos.dice or (0, 0))):
        bits += [(value >> shift) & 1 for shift in range(width - 1, -1, -1)]
    for board in pos.boards:
        bits += _unary(board[:-1])
    return f"{variant.code}{VERSION}{_encode64(_pack(bits, msb_first=True), b'-_')}"


def decode_id(text: str) -> Position:
    """The position an ``encode_id`` ID stands for; ``InvalidIdError`` says what is wrong."""
    text = _checked_text(text, _("a position ID"))
    source = _("position ID {text}").format(text=quote(text))
    if len(text) < 2:
        raise InvalidIdError(
            _("{source} is too short: it needs a variant letter and a version").format(
                source=source
            )
        )
    base = _BY_CODE.get(text[0])
    if base is None:
        raise InvalidIdError(
            _("{source} has an unknown variant prefix {text}; expected one of {value}").format(
                source=source, text=quote(text[0]), value=", ".join(repr(code) for code in _BY_CODE)
            )
        )
    if text[1] != VERSION:
        raise InvalidIdError(
            _("{source} has unknown version {text}; expected {version}").format(
                source=source, text=quote(text[1]), version=repr(VERSION)
            )
        )
    body = text[2:]
    _bad_char(body, "A-Za-z0-9_-", source)
    data = _decode64(body, b"-_", source)
    reader = _Reader(_unpack(data, msb_first=True), source)
    options = {name: values[reader.field(1)] for name, values in OPTIONS.items()}
    try:
        variant = base.with_options(**options)
    except ValueError as error:
        raise InvalidIdError(
            _("{source} has invalid rule options: {error}").format(source=source, error=error)
        ) from None
    turn = reader.field(2)
    dice = _dice(reader.field(3), reader.field(3), source)
    boards = tuple(
        _with_tray(reader.counts(variant.points + 1, _("player {player}").format(player=player)))
        for player in range(variant.players)
    )
    rest = reader.rest()
    if len(rest) >= 8:
        raise InvalidIdError(
            ngettext(
                "{source} is too long: {count} byte after the last point",
                "{source} is too long: {count} bytes after the last point",
                len(rest) // 8,
            ).format(source=source, count=len(rest) // 8)
        )
    if any(rest):
        raise InvalidIdError(_("{source} has non-zero padding bits").format(source=source))
    return _position(source, variant, boards, turn, dice)


def _dice(first: int, second: int, source: str) -> Dice | None:
    """Two stored dice, 0 meaning not rolled: both or neither, each 1..6."""
    if first == second == 0:
        return None
    if not (1 <= first <= 6 and 1 <= second <= 6):
        raise InvalidIdError(
            _(
                "{source} has dice {first} and {second}: each die is 1..6, and both "
                "are set or neither"
            ).format(source=source, first=first, second=second)
        )
    return first, second


# match positions ------------------------------------------------------------------


def _match_position(
    source: str, position: Position, cube: Cube, state: MatchState
) -> MatchPosition:
    """The decoded match position; a cube or score the rules forbid is a bad ID."""
    try:
        return MatchPosition(position, cube, state)
    except InvalidPositionError as error:
        raise InvalidIdError(
            _("{source} describes an invalid match state: {error}").format(
                source=source, error=error
            )
        ) from None


def _cube(source: str, log2: int, owner: int | None, offered: bool) -> Cube:
    """A decoded cube: its value as a power of two, at most ``MAX_CUBE``."""
    if log2 > MAX_CUBE.bit_length() - 1:
        raise InvalidIdError(
            _("{source} has a cube of 2**{log2}, beyond {max_cube} (R14)").format(
                source=source, log2=log2, max_cube=MAX_CUBE
            )
        )
    try:
        return Cube(1 << log2, owner, offered)
    except InvalidPositionError as error:
        raise InvalidIdError(
            _("{source} describes an invalid cube: {error}").format(source=source, error=error)
        ) from None


def _state(source: str, **fields: Any) -> MatchState:
    try:
        return MatchState(**fields)
    except InvalidPositionError as error:
        raise InvalidIdError(
            _("{source} describes an invalid match state: {error}").format(
                source=source, error=error
            )
        ) from None


def encode_match_position(match: MatchPosition) -> str:
    """``<position ID>:M1<base64url>``: the position's ID and its cube and match state."""
    cube, state = match.cube, match.state
    owner = 0 if cube.owner is None else cube.owner + 1
    fields = zip(
        (
            cube.value.bit_length() - 1,
            owner,
            cube.offered,
            state.crawford,
            state.jacoby,
            state.length,
        ),
        _MATCH_WIDTHS,
        strict=True,
    )
    bits: list[int] = []
    for value, width in (*fields, *((points, _SCORE_BITS) for points in state.score)):
        bits += [(int(value) >> shift) & 1 for shift in range(width - 1, -1, -1)]
    body = _encode64(_pack(bits, msb_first=True), b"-_")
    return f"{match.position.id}:{MATCH_VERSION}{body}"


def decode_match_position(text: str) -> MatchPosition:
    """The match position an ``encode_match_position`` ID stands for; a plain position
    ID reads as a centred 1-cube in money play."""
    text = _checked_text(text, _("a match position ID"))
    position_id, _colon, match_id = text.partition(":")
    position = decode_id(position_id)
    players = position.variant.players
    if not match_id:
        return MatchPosition(position, state=MatchState.fresh(players))
    source = _("match ID {text}").format(text=quote(match_id))
    if not match_id.startswith(MATCH_VERSION):
        raise InvalidIdError(
            _("{source} does not start with {match_version}").format(
                source=source, match_version=repr(MATCH_VERSION)
            )
        )
    body = match_id[len(MATCH_VERSION) :]
    _bad_char(body, "A-Za-z0-9_-", source)
    reader = _Reader(_unpack(_decode64(body, b"-_", source), msb_first=True), source)
    log2, owner, offered, crawford, jacoby, length = (
        reader.field(width) for width in _MATCH_WIDTHS
    )
    score = tuple(reader.field(_SCORE_BITS) for _ in range(players))
    rest = reader.rest()
    if len(rest) >= 8 or any(rest):
        raise InvalidIdError(_("{source} has bits after the last score").format(source=source))
    if owner == 3:
        raise InvalidIdError(_("{source} has an unknown cube owner").format(source=source))
    cube = _cube(source, log2, None if owner == 0 else owner - 1, bool(offered))
    state = _state(source, length=length, score=score, crawford=bool(crawford), jacoby=bool(jacoby))
    return _match_position(source, position, cube, state)


# dicts --------------------------------------------------------------------------


def position_to_dict(pos: Position) -> dict[str, Any]:
    """A JSON-ready dict: checkers per player in path coordinates, the tray left implicit.

    ``{"variant": "classic", "options": {...}, "turn": 0, "dice": [3, 1] or None,
    "checkers": {"0": {"bar": 1, "19": 5, ...}, "1": {...}}}``. Every player appears
    (with ``{}`` once all 15 are off); all three rule options are written out so the dict
    means the same even if a variant's defaults change.
    """
    variant = pos.variant
    return {
        "variant": variant.name,
        "options": {name: getattr(variant, name) for name in OPTIONS},
        "turn": pos.turn,
        "dice": None if pos.dice is None else list(pos.dice),
        "checkers": {
            str(player): {
                "bar" if index == BAR else str(index): count
                for index, count in enumerate(board[:-1])
                if count
            }
            for player, board in enumerate(pos.boards)
        },
    }


def position_from_dict(data: Mapping[str, Any]) -> Position:
    """The position a ``position_to_dict`` dict (or a hand-written one) describes.

    ``options``, ``turn`` (default 0) and ``dice`` (default none) may be left out, and so
    may players with all 15 checkers off. Player and point keys may be numbers or digit
    strings. A malformed dict raises ``ValueError`` naming the key; a well-formed one
    that breaks the rules (R1, R6, R12) raises ``InvalidPositionError``.
    """
    if not isinstance(data, Mapping):
        raise ValueError(
            _("a position dict must be a mapping, not {kind}").format(kind=type(data).__name__)
        )
    for key in data:
        if key not in _DICT_KEYS:
            raise ValueError(
                _("unknown key {key} in a position dict; keys are {dict_keys}").format(
                    key=quote(key), dict_keys=_DICT_KEYS
                )
            )
    for key in ("variant", "checkers"):
        if key not in data:
            raise ValueError(_("a position dict needs the key {key}").format(key=repr(key)))
    name = data["variant"]
    if not isinstance(name, str):
        raise ValueError(_("'variant' must be a variant name, not {name}").format(name=quote(name)))
    variant = find_variant(name).with_options(**_options(data.get("options", {})))
    turn = data.get("turn", 0)
    if isinstance(turn, bool) or not isinstance(turn, int):
        raise ValueError(_("'turn' must be a player number, not {turn}").format(turn=quote(turn)))
    dice = data.get("dice")
    if dice is not None:
        if isinstance(dice, str) or not isinstance(dice, Iterable):
            raise ValueError(
                _("'dice' must be a list of two dice or null, not {dice}").format(dice=quote(dice))
            )
        try:
            dice = check_dice(dice)
        except ValueError as error:
            raise ValueError(_("'dice': {error}").format(error=error)) from None
    checkers = _checkers(data["checkers"], variant)
    return check_reachable(Position.build(variant, checkers, turn, dice))


def _options(options: Any) -> dict[str, str]:
    """The rule options as keywords; ``Variant.with_options`` checks names and values."""
    if not isinstance(options, Mapping) or not all(isinstance(key, str) for key in options):
        raise ValueError(
            _("'options' must map option names to values, not {options}").format(
                options=quote(options)
            )
        )
    return dict(options)


def _number(key: Any) -> int | None:
    """A dict key as a whole number: an int or a string of digits, else None."""
    if isinstance(key, int) and not isinstance(key, bool):
        return key
    if isinstance(key, str) and _NUMBER.fullmatch(key):
        return int(key)
    return None


def _checkers(raw: Any, variant: Variant) -> dict[int, dict[int | str, int]]:
    """``{player: {"bar" or path position: count}}`` for ``Position.build``, which checks
    the counts; here the keys are read (numbers or digit strings) and checked."""
    if not isinstance(raw, Mapping):
        raise ValueError(
            _("'checkers' must map players to {{place: count}}, not {raw}").format(raw=quote(raw))
        )
    result: dict[int, dict[int | str, int]] = {}
    for key, places in raw.items():
        player = _number(key)
        if player is None or not 0 <= player < variant.players:
            raise ValueError(
                _("'checkers' has an unknown player {key}: {name} has players 0..{number}").format(
                    key=quote(key), name=variant.name, number=variant.players - 1
                )
            )
        if player in result:
            raise ValueError(_("'checkers' lists player {player} twice").format(player=player))
        if not isinstance(places, Mapping):
            raise ValueError(
                _("checkers of player {key} must map places to counts").format(key=quote(key))
            )
        board: dict[int | str, int] = {}
        for where, count in places.items():
            index = BAR if where == "bar" else _number(where)
            if index is None or not BAR <= index <= variant.points:
                raise ValueError(
                    _(
                        "player {player}: {where} is not 'bar' or a path position 1..{points} "
                        "(borne-off checkers are implied)"
                    ).format(player=player, where=quote(where), points=variant.points)
                )
            place: int | str = "bar" if index == BAR else index
            if place in board:
                raise ValueError(
                    _("player {player}: {where} is listed twice").format(
                        player=player, where=quote(where)
                    )
                )
            board[place] = count
        result[player] = board
    return result


# GNU Backgammon -------------------------------------------------------------------


def _require_classic(pos: Position, what: str) -> None:
    """GNU Backgammon's and XG's IDs have no room for a variant's Readings: they write
    standard classic backgammon only, so that reading one back gives the same game."""
    if pos.variant.name != CLASSIC.name:
        raise InvalidIdError(
            _("{what} describe classic backgammon only, not {name}").format(
                what=what, name=pos.variant.name
            )
        )
    if pos.variant != CLASSIC:
        readings = ", ".join(
            f"{field}={getattr(pos.variant, field)!r}"
            for field in OPTIONS
            if getattr(pos.variant, field) != getattr(CLASSIC, field)
        )
        raise InvalidIdError(
            _(
                "{what} describe standard classic backgammon only, not one with the "
                "Readings {readings}: use the position's own id"
            ).format(what=what, readings=readings)
        )


def _gnubg_side(board: Sequence[int]) -> list[int]:
    """A player's board as gnubg stores it: index k is its point k + 1 (our path position
    24 - k), index 24 the bar; that is our bar..24 reversed."""
    return list(board[24::-1])


def gnubg_board(boards: Sequence[Sequence[int]], mover: int) -> list[list[int]]:
    """gnubg's board (``anBoard``) of classic boards: the opponent's side, then the side
    of ``mover``, the player on roll, each as gnubg stores it."""
    return [_gnubg_side(boards[1 - mover]), _gnubg_side(boards[mover])]


def _match_fields(
    pos: Position, cube: Cube | None, state: MatchState | None
) -> tuple[Cube, MatchState]:
    """The cube and match state an exported ID carries, checked against ``pos``."""
    chosen = MatchPosition(pos, Cube() if cube is None else cube, state or MatchState())
    return chosen.cube, chosen.state


def to_gnubg_id(pos: Position, cube: Cube | None = None, state: MatchState | None = None) -> str:
    """gnubg's ``PositionID:MatchID`` of a classic position, as gnubg shows it.

    gnubg's code (and its exports) encode the opponent first and the player on roll
    second, although its manual words it the other way round. The Match ID carries the
    cube (default: centred 1-cube) and match state (default: money play), the game as
    playing (or over once someone has won), the dice higher first as gnubg stores them,
    and the Jacoby field of gnubg's extended Match ID (bit 66, set unless money play uses
    the Jacoby rule) as the Debian build of gnubg writes it.
    """
    _require_classic(pos, _("GNU Backgammon IDs"))
    cube, state = _match_fields(pos, cube, state)
    mover = pos.turn
    opponent, own = gnubg_board(pos.boards, mover)
    bits = _unary(opponent) + _unary(own)
    bits += [0] * (_GNUBG_KEY_BITS - len(bits))
    position_id = _encode64(_pack(bits, msb_first=False), b"+/")
    gnubg_mover = 1 - mover  # our player 0 is gnubg's player 1, and the reverse
    decider = 1 - gnubg_mover if cube.offered else gnubg_mover
    owner = _GNUBG_CENTRED if cube.owner is None else 1 - cube.owner
    high, low = sorted(pos.dice or (0, 0), reverse=True)
    key = (
        cube.value.bit_length() - 1
        | owner << 4
        | gnubg_mover << 6  # player on roll
        | state.crawford << 7
        | (_GNUBG_OVER if pos.is_over() else _GNUBG_PLAYING) << 8
        | decider << 11  # the player to decide: the one on roll, or the one doubled
        | cube.offered << 12
        | high << 15
        | low << 18
        | state.length << 21
        | state.score[1] << 36  # gnubg's player 0 is our player 1
        | state.score[0] << 51
        | (not state.jacoby) << _GNUBG_NO_JACOBY
    )
    return f"{position_id}:{_encode64(key.to_bytes(9, 'little'), b'+/')}"


def read_gnubg_id(text: str) -> MatchPosition:
    """A classic position with its cube and match state from ``posid``,
    ``posid:matchid`` or ``GNUBGID posid:matchid``.

    Without a Match ID our player 0 (gnubg's player 1, at the bottom) is on roll, with
    no dice, a centred 1-cube, in money play without the Jacoby rule. Money play has
    the Jacoby rule unless bit 66 is set (gnubg's extended Match ID; a build without it
    leaves the bit 0 and plays money with the rule, gnubg's default). A resignation on
    offer and the game's state (playing, over) are not kept.
    """
    ids = _checked_text(text, _("a GNU Backgammon ID"))
    if ids[:7].upper() == "GNUBGID":
        ids = ids[7:].lstrip(" \t:")
    parts = ids.split(":")
    if len(parts) > 2:
        raise InvalidIdError(
            _("{ids} is not 'PositionID' or 'PositionID:MatchID'").format(ids=quote(ids))
        )
    turn, dice, cube, state = (
        _gnubg_match(parts[1]) if len(parts) == 2 else (0, None, Cube(), MatchState())
    )
    source = _("GNU Backgammon Position ID {text}").format(text=quote(parts[0]))
    key = _gnubg_key(parts[0], _GNUBG_POSITION_CHARS, source)
    reader = _Reader(_unpack(key, msb_first=False), source)
    opponent = reader.counts(25, _("the opponent"))
    mover = reader.counts(25, _("the player on roll"))
    if any(reader.rest()):
        raise InvalidIdError(
            _("{source} has stray bits after the last point").format(source=source)
        )
    sides = {turn: mover, 1 - turn: opponent}
    boards = tuple(_with_tray(sides[player][::-1]) for player in range(2))
    position = _position(source, CLASSIC, boards, turn, dice)
    return _match_position(f"GNU Backgammon ID {quote(ids)}", position, cube, state)


def from_gnubg_id(text: str) -> Position:
    """The classic position of a gnubg ID (``read_gnubg_id`` without cube and score)."""
    return read_gnubg_id(text).position


def _gnubg_key(text: str, length: int, source: str) -> bytes:
    if len(text) != length:
        raise InvalidIdError(
            _("{source} has the wrong length: {count} characters, not {length}").format(
                source=source, count=len(text), length=length
            )
        )
    _bad_char(text, "A-Za-z0-9+/", source)
    return _decode64(text, b"+/", source)


def _gnubg_match(text: str) -> tuple[int, Dice | None, Cube, MatchState]:
    """Our player on roll, the dice, the cube and the match state of a gnubg Match ID."""
    source = _("GNU Backgammon Match ID {text}").format(text=quote(text))
    key = int.from_bytes(_gnubg_key(text, _GNUBG_MATCH_CHARS, source), "little")

    def bits(offset: int, width: int) -> int:
        return (key >> offset) & ((1 << width) - 1)

    state, length, scores = bits(8, 3), bits(21, 15), (bits(36, 15), bits(51, 15))
    if state > 4:
        raise InvalidIdError(
            _("{source} has an unknown game state {state}").format(source=source, state=state)
        )
    if length and max(scores) > length:
        raise InvalidIdError(
            _("{source} has a score {scores} beyond the match length {length}").format(
                source=source, scores=scores, length=length
            )
        )
    if not length and bits(7, 1):
        raise InvalidIdError(
            _("{source} sets the Crawford flag in a money game").format(source=source)
        )
    mover, decider, doubled, resigned = bits(6, 1), bits(11, 1), bits(12, 1), bits(13, 2)
    if doubled and decider == mover:
        raise InvalidIdError(
            _("{source} has a double offered and the doubler to answer it").format(source=source)
        )
    if not (doubled or resigned) and decider != mover:
        raise InvalidIdError(
            _("{source} has one player on roll and the other to decide").format(source=source)
        )
    owner = bits(4, 2)
    if owner == 2:
        raise InvalidIdError(_("{source} has an unknown cube owner 2").format(source=source))
    cube = _cube(source, bits(0, 4), None if owner == _GNUBG_CENTRED else 1 - owner, bool(doubled))
    match = _state(
        source,
        length=length,
        score=(scores[1], scores[0]),
        crawford=bool(bits(7, 1)),
        jacoby=not length and not bits(_GNUBG_NO_JACOBY, 1),
    )
    return 1 - mover, _dice(bits(15, 3), bits(18, 3), source), cube, match


# eXtreme Gammon --------------------------------------------------------------------


def to_xgid(pos: Position, cube: Cube | None = None, state: MatchState | None = None) -> str:
    """XG's ``XGID=`` of a classic position with its cube (default: centred 1-cube) and
    match state (default: money play without the Jacoby rule).

    The 26 board characters run from the top player's bar (index 0) over the bottom
    player's points 1..24 to the bottom player's bar (25); ``A``.. counts our player 0's
    checkers, ``a``.. player 1's. Dice are written in the position's order, ``00`` when
    not rolled, ``D`` while a double awaits its answer. The cube owner is 1 for our
    player 0, -1 for player 1, 0 when centred; score 1 is player 0's. The rules field
    is 1 in the Crawford game, and in money play 1 with the Jacoby rule; the last field,
    XG's money cube limit, is always 10.
    """
    _require_classic(pos, _("XGIDs"))
    cube, state = _match_fields(pos, cube, state)
    cells = ["-"] * 26
    for path, (mine, theirs) in enumerate(zip(pos.boards[0][:25], pos.boards[1][:25], strict=True)):
        if mine:
            cells[25 - path] = chr(ord("A") + mine - 1)
        if theirs:
            cells[path] = chr(ord("a") + theirs - 1)
    turn = 1 if pos.turn == 0 else -1
    if cube.offered:
        dice = _XG_DOUBLED
    else:
        dice = "00" if pos.dice is None else f"{pos.dice[0]}{pos.dice[1]}"
    owner = 0 if cube.owner is None else 1 if cube.owner == 0 else -1
    rules = int(state.crawford or state.jacoby)
    fields = (
        cube.value.bit_length() - 1,
        owner,
        turn,
        dice,
        *state.score,
        rules,
        state.length,
        _XG_MAX_CUBE,
    )
    return f"XGID={''.join(cells)}:" + ":".join(map(str, fields))


def read_xgid(text: str) -> MatchPosition:
    """A classic position with its cube and match state from an XGID (``XGID=`` is
    optional).

    Fields: board, cube (log2), cube owner, turn, dice, score 1, score 2,
    Crawford/Jacoby rules, match length, maximum cube. ``D`` in the dice field is a
    double awaiting its answer; a beaver or raccoon (``B``, ``R``) is refused, and the
    beaver bit of the money rules and XG's money cube limit are read and dropped:
    R14 has no beavers.
    """
    body = _checked_text(text, _("an XGID"))
    source = _("XGID {text}").format(text=quote(body))
    if body[:5].upper() == "XGID=":
        body = body[5:]
    fields = body.split(":")
    if len(fields) != 10:
        raise InvalidIdError(
            _("{source} has {count} ':'-separated fields, not 10").format(
                source=source, count=len(fields)
            )
        )
    named = dict(zip(_XG_FIELDS, fields[1:], strict=True))
    dice_field = named.pop("dice")
    numbers = {name: _xg_number(name, value, source) for name, value in named.items()}
    for name, value in numbers.items():
        allowed = _XG_VALUES.get(name)
        out_of_range = value < 0 if allowed is None else value not in allowed
        if out_of_range:
            raise InvalidIdError(
                _("{source} has an out-of-range {name}: {value}").format(
                    source=source, name=name, value=value
                )
            )
    if dice_field in ("00", _XG_DOUBLED):
        dice = None
    elif re.fullmatch("[1-6][1-6]", dice_field):
        dice = int(dice_field[0]), int(dice_field[1])
    elif dice_field in _XG_BEAVERS:
        raise InvalidIdError(
            _("{source} has a beaver or raccoon ({dice_field}): R14 has none").format(
                source=source, dice_field=dice_field
            )
        )
    else:
        raise InvalidIdError(
            _("{source} has dice {dice_field}: expected two digits 1..6, '00' or 'D'").format(
                source=source, dice_field=quote(dice_field)
            )
        )
    boards = _xg_boards(fields[0], source)
    position = _position(source, CLASSIC, boards, 0 if numbers["turn"] == 1 else 1, dice)
    length, rules = numbers["match length"], numbers["rules"]
    if length and rules > 1:
        raise InvalidIdError(
            _("{source} has rules {rules} in a match: 0, or 1 for Crawford").format(
                source=source, rules=rules
            )
        )
    owner = {0: None, 1: 0, -1: 1}[numbers["cube owner"]]
    cube = _cube(source, numbers["cube"], owner, dice_field == _XG_DOUBLED)
    state = _state(
        source,
        length=length,
        score=(numbers["score 1"], numbers["score 2"]),
        crawford=bool(length) and rules == 1,
        jacoby=not length and bool(rules & ~_XG_BEAVER_RULE),
    )
    return _match_position(source, position, cube, state)


def from_xgid(text: str) -> Position:
    """The classic position of an XGID (``read_xgid`` without cube and score)."""
    return read_xgid(text).position


def _xg_number(name: str, field: str, source: str) -> int:
    if not _XG_NUMBER.fullmatch(field):
        raise InvalidIdError(
            _("{source} has {field} where the {name} (a number) belongs").format(
                source=source, field=quote(field), name=name
            )
        )
    return int(field)


def _xg_boards(board: str, source: str) -> tuple[Board, ...]:
    """Our two boards from XG's 26 board characters."""
    if len(board) != 26:
        raise InvalidIdError(
            _("{source} has {count} board characters, not 26").format(
                source=source, count=len(board)
            )
        )
    counts = [[0] * 25, [0] * 25]
    for index, char in enumerate(board):
        if char == "-":
            continue
        if "A" <= char <= "P" and index != 0:
            counts[0][25 - index] = ord(char) - ord("A") + 1
        elif "a" <= char <= "p" and index != 25:
            counts[1][index] = ord(char) - ord("a") + 1
        else:
            raise InvalidIdError(
                _(
                    "{source} has {char} at board index {index}: expected '-', 'A'-'P' "
                    "(bottom player, not on index 0) or 'a'-'p' (top player, not on index "
                    "25)"
                ).format(source=source, char=quote(char), index=index)
            )
    for player, side in enumerate(counts):
        if sum(side) > CHECKERS:
            raise InvalidIdError(
                _("{source}: too many checkers for player {player} ({side}, over 15)").format(
                    source=source, player=player, side=sum(side)
                )
            )
    return tuple(_with_tray(side) for side in counts)
