"""Game and match records in JSON: the one writer, the one reader, and their limits.

A record is data someone may have edited or made up: it is read with bounded
integers and no ``NaN``, and each field is checked with a message that names it, so
a bad record is refused with what is wrong and where. Every play, cube action and
resignation is replayed through the rules; nothing is evaluated or unpickled. The
format imports the game and the match and reads and replays their trees through
their public methods; they never import it (``Game.to_json`` and the like are kept
as delegates, which the engine's face points here).

**Game records** (version 4) list the history's tree flat, in depth-first order,
the main line first: each entry of ``turns`` is one record (a turn, a cube action or
a resignation) that follows the entry before it, or the entry ``after`` names
(entries count from 1; 0 is the start), so a side line is an entry whose ``after``
points back to where it leaves. The children of a position keep the order of their
entries, the first being its main line. Flat, a record's JSON is never nested more
than a few levels, whatever the depth of its variations, and its size grows with
its entries alone; the writer walks the tree with a stack and the reader builds it
entry by entry, so neither recurses. Versions 1 to 3 (variations nested in their
turns) read unchanged.

**Limits.** A game holds at most ``game.MAX_GAME_RECORDS`` records and a match
``stakes.MAX_MATCH_RECORDS`` (the engine refuses to record more), so whatever the
engine holds, the writer writes within ``MAX_RECORD_CHARS`` and the reader reads it
back; a longer text, or one with more records, is refused before anything is
replayed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from .errors import quote
from .game import MAX_GAME_RECORDS, Game, Node, Turn
from .i18n import _
from .match import Match, check_info
from .names import check_names
from .position import Position, check_dice
from .stakes import MAX_MATCH_RECORDS, Cube, CubeAction, MatchPosition, MatchState
from .variant import find_variant

__all__ = [
    "MATCH_FORMAT",
    "MATCH_VERSION",
    "MAX_RECORD_CHARS",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "as_list",
    "check_keys",
    "checking",
    "dumps",
    "game_from_dict",
    "game_from_json",
    "game_to_dict",
    "game_to_json",
    "match_from_dict",
    "match_from_json",
    "match_to_dict",
    "match_to_json",
    "read_json",
]

RECORD_FORMAT = "trigammon-widget/game"
"""The ``format`` a game record names."""
RECORD_VERSION = 4
"""Version 2 added variations (``variations`` and ``name`` in turns, ``line``), version 3
the cube (R14): ``match`` and ``cube`` at the start, cube actions and resignations among
the turns; version 4 lists the tree flat (``after``). Versions 1 to 3 read unchanged."""
MATCH_FORMAT = "trigammon-widget/match"
"""The ``format`` a match record names."""
MATCH_VERSION = 1
"""The match record's version this package writes and reads."""

MAX_RECORD_CHARS = 10_000_000
"""Longest JSON record read (a game or a match). The engine's own limits keep what it
writes well within it: an entry takes at most about 300 characters (a play, a name of
``MAX_NAME_CHARS`` with every character escaped), a game's start and names about
2,000."""
JSON_DIGITS = 20
"""Longest integer read from JSON: no field needs more, and longer ones are slow to read."""

_RECORD_KEYS = (
    "format",
    "version",
    "start",
    "names",
    "opening",
    "turns",
    "line",
    "ply",
    "dice",
    "match",
    "cube",
)
_TURN_KEYS = ("player", "dice", "play", "cube", "resign", "name", "variations", "after")
_RECORD_KINDS = {"play": ("player", "dice", "play"), "cube": ("player",), "resign": ("player",)}
"""What each kind of record needs: a turn its dice and play, a cube action its action
(``"double"``, ``"take"``, ``"drop"``), a resignation its level (1, 2, 3)."""
_MATCH_STATE_KEYS = ("length", "score", "crawford", "jacoby")
_CUBE_KEYS = ("value", "owner", "offered")
_MATCH_KEYS = (
    "format",
    "version",
    "variant",
    "length",
    "crawford",
    "jacoby",
    "names",
    "info",
    "start",
    "games",
)


# JSON text ----------------------------------------------------------------------------


def read_json(text: object, what: str) -> Any:
    """The data of a JSON text (``what``: "a game record"), or a ``ValueError``: at most
    ``MAX_RECORD_CHARS`` characters, integers of at most ``JSON_DIGITS`` digits, no
    ``NaN`` or ``Infinity``."""
    if not isinstance(text, str):
        raise ValueError(
            _("{what} in JSON is a string, not {text}").format(what=what, text=quote(text))
        )
    if len(text) > MAX_RECORD_CHARS:
        raise ValueError(
            _("{what} in JSON has at most {max_record_chars} characters, not {count}").format(
                what=what, max_record_chars=f"{MAX_RECORD_CHARS:,}", count=f"{len(text):,}"
            )
        )
    try:
        return json.loads(text, parse_int=_json_int, parse_constant=_json_constant)
    except RecursionError:
        raise ValueError(_("not {what}: its JSON is nested too deeply").format(what=what)) from None
    except ValueError as error:
        raise ValueError(
            _("not {what}: invalid JSON ({error})").format(what=what, error=str(error)[:120])
        ) from None


def dumps(data: Mapping[str, Any], indent: int | None = 2) -> str:
    """A record as JSON text, as the reader reads it back: with ``indent``, an object
    holding a list of objects (a record's ``turns``, a match's ``games``) has a key a
    line and one list item a line, and everything else sits on one line, so the text
    grows with the entries alone; ``None`` writes one line. Text is kept as it is
    (UTF-8 when saved), not escaped to ASCII."""
    if indent is None:
        return json.dumps(data, ensure_ascii=False)
    if isinstance(indent, bool) or not isinstance(indent, int) or not 0 <= indent <= 8:
        raise ValueError(
            _("indent is None or 0..8 spaces, not {indent}").format(indent=quote(indent))
        )
    return _layout(data, " " * indent, 0)


_LISTS = ("turns", "games")
"""The lists of objects a record lays out one item a line: a game's records, a match's
games (each laid out in turn)."""


def _layout(data: Mapping[str, Any], pad: str, level: int) -> str:
    """One object laid out by ``dumps`` (``level``: its depth, at most a match's 2)."""
    inner = pad * (level + 1)
    lines = []
    for key, value in data.items():
        text = json.dumps(value, ensure_ascii=False)
        if key in _LISTS and isinstance(value, list) and value:
            items = [
                pad * (level + 2)
                + (
                    _layout(item, pad, level + 2)
                    if any(name in item for name in _LISTS)
                    else json.dumps(item, ensure_ascii=False)
                )
                for item in value
            ]
            text = "[\n" + ",\n".join(items) + "\n" + inner + "]"
        lines.append(f"{inner}{json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n" + pad * level + "}"


def _json_int(text: str) -> int:
    if len(text) > JSON_DIGITS:
        raise ValueError(
            _("a number of {count} digits; at most {json_digits}").format(
                count=len(text), json_digits=JSON_DIGITS
            )
        )
    return int(text)


def _json_constant(text: str) -> float:
    raise ValueError(_("{text} is not JSON").format(text=text))


# checking fields ----------------------------------------------------------------------


@contextmanager
def checking(name: str) -> Iterator[None]:
    """Report a ``ValueError`` raised inside as one about the record's field ``name``."""
    try:
        yield
    except ValueError as error:
        raise ValueError(_("{name}: {error}").format(name=name, error=error)) from error


def check_keys(data: Any, what: str, keys: Sequence[str], required: Sequence[str]) -> None:
    """``data`` is a mapping with only ``keys`` and at least the ``required`` ones."""
    if not isinstance(data, Mapping):
        raise ValueError(
            _("{what} must be a mapping, not {data}").format(what=what, data=quote(data))
        )
    for key in data:
        if key not in keys:
            raise ValueError(
                _("unknown key {key} in {what}; keys are {keys}").format(
                    key=quote(key), what=what, keys=keys
                )
            )
    for key in required:
        if key not in data:
            raise ValueError(_("{what} needs the key {key}").format(what=what, key=repr(key)))


def as_list(value: Any, what: str = "it") -> Sequence[Any]:
    """``value`` if it is a list (a JSON array), else a ``ValueError`` naming ``what``."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise ValueError(
            _("{what} must be a list, not {value}").format(what=what, value=quote(value))
        )
    return value


# writing a game -----------------------------------------------------------------------


def game_to_dict(game: Game, *, cursor: bool = True) -> dict[str, Any]:
    """The whole game as JSON-ready data: start, names, opening, every record of every
    variation, the current line (``line``: the child taken at each position) and the
    shown turn; the match state and the start's cube when not the defaults. Without
    ``cursor``, no ``ply`` (the record of a board, which changes as one steps)."""
    state, cube = game.match_state, game.root.cube
    data: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "start": game.start.to_dict(),
        "names": list(game.names),
    }
    if not state.is_fresh():
        data["match"] = {
            "length": state.length,
            "score": list(state.score),
            "crawford": state.crawford,
            "jacoby": state.jacoby,
        }
    if cube != Cube():
        data["cube"] = {"value": cube.value, "owner": cube.owner, "offered": cube.offered}
    line = game.line
    end = line[-1]
    data.update(
        {
            "opening": [list(r.dice) for r in game.opening],
            "turns": _entries(game.root),
            "line": [node.follow for node in line[:-1]],
            "ply": game.ply,
            "dice": list(end.dice) if end.dice else None,
        }
    )
    if not cursor:
        del data["ply"]
    return data


def game_to_json(game: Game, indent: int | None = 2) -> str:
    """The record as JSON text (``dumps``), which ``game_from_json`` reads back."""
    return dumps(game_to_dict(game), indent)


def _entries(root: Node) -> list[dict[str, Any]]:
    """Every record of the tree in depth-first order, main line first, by a stack (no
    recursion, however deep the variations); each entry after one other than the one
    before it says so (``after``)."""
    entries: list[dict[str, Any]] = []
    numbers = {id(root): 0}
    stack = list(reversed(root.children))
    while stack:
        node = stack.pop()
        assert node.parent is not None
        entry = _entry(node)
        after = numbers[id(node.parent)]
        if after != len(entries):
            entry["after"] = after
        entries.append(entry)
        numbers[id(node)] = len(entries)
        stack.extend(reversed(node.children))
    return entries


def _entry(node: Node) -> dict[str, Any]:
    turn = node.turn
    assert turn is not None
    entry: dict[str, Any] = {"player": turn.player}
    if isinstance(turn, Turn):
        entry.update(dice=list(turn.dice), play=turn.notation)
    elif isinstance(turn, CubeAction):
        entry["cube"] = turn.action
    else:
        entry["resign"] = turn.level
    if node.name:
        entry["name"] = node.name
    return entry


# reading a game -----------------------------------------------------------------------


def game_from_dict(data: Mapping[str, Any]) -> Game:
    """Replay a saved record, checking every field, opening round and record:
    ``ValueError`` naming the field for anything malformed.

    ``start`` must be the R1 position when the record has an opening roll, which
    decides who starts; ``turns`` lists the tree's records; ``line`` picks the child
    taken at each position of the current line (default: the main line); ``dice``
    are the roll pending where that line ends: the opening dice when still to play
    (R2), else any roll the game could make there. ``match`` (length, score,
    crawford, jacoby) and ``cube`` (value, owner, offered) give the match state and
    the start's cube (default: money play, centred 1-cube); a turn may be a cube
    action (``{"player", "cube": "double" | "take" | "drop"}``) or a resignation
    (``{"player", "resign": 1 | 2 | 3}``), checked as played (R14). Records of
    versions 1 to 3 read unchanged.
    """
    if not isinstance(data, Mapping) or data.get("format") != RECORD_FORMAT:
        raise ValueError(
            _("not a game record: 'format' must be {record_format}").format(
                record_format=repr(RECORD_FORMAT)
            )
        )
    version = data.get("version")
    if version not in (1, 2, 3, RECORD_VERSION):
        raise ValueError(
            _("unsupported game record version {version}").format(version=quote(version))
        )
    check_keys(data, _("a game record"), _RECORD_KEYS, ("start", "names"))
    with checking("'opening'"):
        rounds = as_list(data.get("opening", []))
    with checking("'start'"):
        start = Position.from_dict(data["start"])
        if rounds and start != Position.start(start.variant):
            raise ValueError(
                _(
                    "a game with an opening roll starts from the R1 position, player 0 to "
                    "move and no dice; the opening decides who starts"
                )
            )
    with checking("'names'"):
        names = check_names(data["names"], start.variant)
    if version < 3 and ("match" in data or "cube" in data):
        raise ValueError(_("records before version 3 have no cube and no match state"))
    with checking("'match'"):
        state = _match_state(data.get("match"), start.variant)
    with checking("'cube'"):
        cube = _cube(data.get("cube"))
        MatchPosition(start, cube, state)
    turns = as_list(data.get("turns", []), "'turns'")
    if version == RECORD_VERSION and len(turns) > MAX_GAME_RECORDS:
        raise ValueError(
            _("'turns': a game keeps at most {max_game_records} records, not {count}").format(
                max_game_records=f"{MAX_GAME_RECORDS:,}", count=f"{len(turns):,}"
            )
        )
    game = (
        Game(start.variant, names=names, match=state, cube=cube)
        if rounds
        else Game(start=start, names=names, match=state, cube=cube)
    )
    for number, round_dice in enumerate(rounds, 1):
        with checking(f"opening round {number}"):
            game.replay_opening(as_list(round_dice))
    if version == RECORD_VERSION:
        _replay_flat(game, turns)
    else:
        _replay_nested(game, turns, version)
    with checking("'line'"):
        game.replay_line(as_list(data["line"]) if "line" in data else None)
    with checking("'dice'"):
        pending = data.get("dice")
        game.replay_dice(None if pending is None else check_dice(as_list(pending)))
    with checking("'ply'"):
        last = len(game.line) - 1
        ply = data.get("ply", last)
        if type(ply) is not int or not 0 <= ply <= last:
            raise ValueError(_("a turn 0..{last}, not {ply}").format(last=last, ply=quote(ply)))
        game.goto(ply)
    return game


def game_from_json(text: str) -> Game:
    """A game from ``game_to_json`` text; ``ValueError`` for anything else."""
    return game_from_dict(read_json(text, _("a game record")))


def _replay_flat(game: Game, turns: Sequence[Any]) -> None:
    """A version 4 tree: each entry after the one before it or the one it names."""
    nodes = [game.root]
    for number, entry in enumerate(turns, 1):
        with checking(f"turn {number} of the record"):
            kind = _record_kind(entry, RECORD_VERSION)
            after = entry.get("after", number - 1)
            if type(after) is not int or not 0 <= after < number:
                raise ValueError(
                    _(
                        "'after' is an earlier entry 1..{number} or 0 (the start), not {after}"
                    ).format(number=number - 1, after=quote(after))
                )
            nodes.append(_replay_entry(game, nodes[after], entry, kind))


def _replay_nested(game: Game, main: Sequence[Any], version: int) -> None:
    """A version 1 to 3 tree: every turn of the main line, each with the side lines that
    replace it (``variations``), replayed line by line from a queue (no recursion)."""
    lines: list[tuple[Node, Sequence[Any], str]] = [(game.root, main, "turn")]
    while lines:
        node, entries, label = lines.pop(0)
        for number, entry in enumerate(entries, 1):
            where = f"{label} {number} of the record"
            with checking(where):
                kind = _record_kind(entry, version)
                if "after" in entry:
                    raise ValueError(
                        _("records before version {record_version} have no 'after'").format(
                            record_version=RECORD_VERSION
                        )
                    )
                if version == 1 and ("name" in entry or "variations" in entry):
                    raise ValueError(_("version 1 records have no variations"))
                child = _replay_entry(game, node, entry, kind)
                sides = as_list(entry.get("variations", []), "'variations'")
            for side, line in enumerate(sides, 1):
                with checking(where):
                    lines.append(
                        (
                            node,
                            as_list(line, _("variation {side}").format(side=side)),
                            f"{where}, variation {side}: turn",
                        )
                    )
            node = child


def _replay_entry(game: Game, node: Node, entry: Mapping[str, Any], kind: str) -> Node:
    """One entry after ``node``, checked as played; its node, named."""
    player = entry["player"]
    if kind == "play":
        if not isinstance(entry["play"], str):
            raise ValueError(
                _("'play' must be notation text, not {entry}").format(entry=quote(entry["play"]))
            )
        dice = check_dice(as_list(entry["dice"], "'dice'"))
        return game.replay_play(node, player, dice, entry["play"], entry.get("name", ""))
    return game.replay_cube(node, player, entry[kind], kind, entry.get("name", ""))


def _record_kind(entry: Any, version: int) -> str:
    """Which record an entry is, ``"play"``, ``"cube"`` or ``"resign"``, its keys
    checked."""
    check_keys(entry, _("a turn"), _TURN_KEYS, ("player",))
    kinds = [kind for kind in _RECORD_KINDS if kind in entry]
    if len(kinds) != 1:
        raise ValueError(_("a turn has a 'play', a 'cube' action or a 'resign' level, just one"))
    kind = kinds[0]
    if kind != "play" and version < 3:
        raise ValueError(_("records before version 3 have no {kind} turns").format(kind=repr(kind)))
    if kind == "play" and "dice" not in entry:
        raise ValueError(_("a turn needs the key 'dice'"))
    if kind != "play" and "dice" in entry:
        raise ValueError(_("a {kind} turn has no dice").format(kind=repr(kind)))
    if version == RECORD_VERSION and "variations" in entry:
        raise ValueError(
            _("version {record_version} records list side lines flat ('after')").format(
                record_version=RECORD_VERSION
            )
        )
    return kind


def _match_state(data: Any, variant: Any) -> MatchState:
    if data is None:
        return MatchState.fresh(variant.players)
    check_keys(data, "'match'", _MATCH_STATE_KEYS, _MATCH_STATE_KEYS[:2])
    return MatchState(
        data["length"],
        tuple(as_list(data["score"], "'score'")),
        data.get("crawford", False),
        data.get("jacoby", False),
    )


def _cube(data: Any) -> Cube:
    if data is None:
        return Cube()
    check_keys(data, "'cube'", _CUBE_KEYS, ("value",))
    return Cube(data["value"], data.get("owner"), data.get("offered", False))


# matches ------------------------------------------------------------------------------


def match_to_dict(match: Match, *, cursor: bool = True) -> dict[str, Any]:
    """The match as JSON-ready data: its rules, names and every game's record (without
    ``cursor``, no game's ``ply``)."""
    return {
        "format": MATCH_FORMAT,
        "version": MATCH_VERSION,
        "variant": match.variant.name,
        "length": match.length,
        "crawford": match.crawford,
        "jacoby": match.jacoby,
        "names": list(match.names),
        "info": check_info(match.info),
        **_taken_up(match.start),
        "games": [game_to_dict(game, cursor=cursor) for game in match.games],
    }


def match_to_json(match: Match, indent: int | None = 2) -> str:
    """The record as JSON text (``dumps``), which ``match_from_json`` reads back."""
    return dumps(match_to_dict(match), indent)


def _taken_up(state: MatchState) -> dict[str, Any]:
    """A match's ``start`` key: the score and Crawford stage it was taken up at, only
    where that is not 0-0 (``Match.from_position``)."""
    if not any(state.score):
        return {}
    return {"start": {"score": list(state.score), "crawford": state.crawford}}


def match_from_dict(data: Mapping[str, Any]) -> Match:
    """Replay a match record: every game replayed and its match state checked against
    the score the games before it leave."""
    if not isinstance(data, Mapping) or data.get("format") != MATCH_FORMAT:
        raise ValueError(
            _("not a match record: 'format' must be {match_format}").format(
                match_format=repr(MATCH_FORMAT)
            )
        )
    if data.get("version") != MATCH_VERSION:
        raise ValueError(
            _("unsupported match record version {value}").format(value=quote(data.get("version")))
        )
    required = tuple(key for key in _MATCH_KEYS if key not in ("info", "start"))
    check_keys(data, _("a match record"), _MATCH_KEYS, required)
    with checking("'variant'"):
        variant = find_variant(data["variant"])
    match = Match(
        data["length"],
        variant,
        crawford=data["crawford"],
        jacoby=data["jacoby"],
        names=data["names"],
    )
    with checking("'info'"):
        match.info = check_info(data.get("info", {}))
    taken_up = None
    if "start" in data:
        with checking("'start'"):
            start = data["start"]
            check_keys(start, "'start'", ("score", "crawford"), ("score",))
            taken_up = MatchState(
                match.length,
                tuple(as_list(start["score"], "'score'")),
                start.get("crawford", False),
                match.jacoby,
            )
    games = as_list(data["games"], "'games'")
    if not games:
        raise ValueError(_("'games': a match record holds at least one game"))
    listed = sum(
        len(game["turns"])
        for game in games
        if isinstance(game, Mapping) and isinstance(game.get("turns"), list)
    )
    if listed > MAX_MATCH_RECORDS:
        raise ValueError(
            _("'games': a match keeps at most {max_match_records} records, not {listed}").format(
                max_match_records=f"{MAX_MATCH_RECORDS:,}", listed=f"{listed:,}"
            )
        )
    return match.replay_games((game_from_dict(record) for record in games), taken_up)


def match_from_json(text: str) -> Match:
    """A match from ``match_to_json`` text; ``ValueError`` for anything else."""
    return match_from_dict(read_json(text, _("a match record")))
