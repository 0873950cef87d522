"""GNU Backgammon's SGF match files (``GM[6]``) in and out.

SGF (``GM[6]``, FF[4]): one game tree per game; the root holds ``MI[length:..][game:..]
[ws:..][bs:..]``, the names (``PW``, ``PB``), the rules (``RU[Crawford:CrawfordGame:
Jacoby]``) and the result (``RE[W+2]``, ``R`` when resigned); each node a move
(``B[52mhxv]``: dice, then from/to letters), ``double``, ``take`` or ``drop``, and
``DI`` for dice rolled before a resignation. Analysis and other properties are read
past.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..errors import MatchFileError, quote
from ..game import Game, Turn
from ..i18n import N_, _
from ..match import Match, check_info
from ..moves import BAR
from ..stakes import CubeAction
from ..variant import CLASSIC
from .reading import Reader, file_text, require_classic

__all__ = ["APPLICATION", "MAX_SGF_NODES", "MAX_SGF_PROPERTIES", "read_sgf", "write_sgf"]

MAX_SGF_NODES = 10_000
"""Most nodes of one SGF game tree: a game of hundreds of turns takes a few hundred."""
MAX_SGF_PROPERTIES = 50_000
"""Most properties of one SGF game tree: gnubg's analysis adds a few to each node."""
APPLICATION = "trigammon-widget"
"""Who wrote an SGF file (``AP``)."""

_SGF_PLAYERS = {"B": 0, "W": 1}
"""Our player of each SGF colour: B is gnubg's player 1 (X), W its player 0 (O)."""
_SGF_LETTERS = {0: "B", 1: "W"}
_SGF_BAR, _SGF_OFF = "y", "z"
_SGF_REFUSED = {
    "AE": N_("an edited position"),
    "AB": N_("an edited position"),
    "AW": N_("an edited position"),
    "CP": N_("a cube set by hand"),
    "CV": N_("a cube set by hand"),
}
_RESULT = re.compile(r"(?P<winner>[BW])\+(?P<points>[0-9]{1,5})(?P<resigned>R?)")
_MOVE = re.compile(r"(?P<dice>[1-6][1-6])(?P<moves>(?:[a-z][a-z]){0,4})")
_DATE = re.compile(r"^([0-9]{4})[.]([0-9]{2})[.]([0-9]{2})$")


@dataclass
class _Node:
    """One SGF node: its properties (name, values) and the line it starts on."""

    line: int
    properties: list[tuple[str, list[str]]] = field(default_factory=list)

    def get(self, name: str) -> list[str] | None:
        for key, values in self.properties:
            if key == name:
                return values
        return None


_SGF_NAME = re.compile(r"[A-Z]{1,8}")
_SGF_SPECIAL = re.compile(r"[\\\]]")
"""What ends a property value, ``]``, or escapes the next character, ``\\``."""
_SGF_ESCAPE = re.compile(r"\\(.)", re.DOTALL)
MAX_SGF_VALUES = 1_000
"""Most values of one property (gnubg writes one, a few for ``MI``)."""


def _sgf_value_end(text: str, start: int) -> int:
    """Where the property value opened before ``start`` closes (its ``]``), or -1: found
    by one scan from ``]`` or ``\\`` to the next, so a long value costs its length."""
    index = start
    while True:
        found = _SGF_SPECIAL.search(text, index)
        if found is None:
            return -1
        if found.group() == "]":
            return found.start()
        index = found.start() + 2  # the escaped character, whatever it is


def _sgf_trees(text: str) -> Iterator[list[_Node]]:
    """The game trees of an SGF collection, each its sequence of nodes, one by one (a
    bad later tree stops reading there); a tree with variations is refused (gnubg
    writes none). A scan from token to token, each value found by ``_sgf_value_end``:
    time and memory grow with the text, never with the length of one value. Lines are
    counted only where a node starts or reading stops."""
    depth, trees, index, size = 0, 0, 0, len(text)
    counted = (0, 1)  # (offset, its line): lines are counted forward from there

    def line_at(offset: int) -> int:
        nonlocal counted
        start, line = counted
        counted = (offset, line + text.count("\n", start, offset))
        return counted[1]

    nodes: list[_Node] = []
    properties = 0
    while True:
        while index < size and text[index].isspace():
            index += 1
        if index == size:
            break
        char = text[index]
        if char == "(":
            depth += 1
            if depth > 1:
                raise MatchFileError(
                    line_at(index), _("variations are not read (GNU Backgammon writes none)")
                )
            nodes, properties = [], 0
            index += 1
        elif char == ")":
            at = line_at(index)
            if depth == 0:
                raise MatchFileError(at, _("')' closes no game tree"))
            depth -= 1
            if not nodes:
                raise MatchFileError(at, _("a game tree has no node"))
            trees += 1
            index += 1
            yield nodes
        elif char == ";":
            at = line_at(index)
            if depth == 0:
                raise MatchFileError(at, _("a node outside a game tree"))
            if len(nodes) == MAX_SGF_NODES:
                raise MatchFileError(
                    at,
                    _("a game tree of more than {max_sgf_nodes} nodes").format(
                        max_sgf_nodes=f"{MAX_SGF_NODES:,}"
                    ),
                )
            nodes.append(_Node(at))
            index += 1
        elif "A" <= char <= "Z":
            name = _SGF_NAME.match(text, index)
            assert name is not None
            after = name.end()
            while after < size and text[after].isspace():
                after += 1
            if after == size or text[after] != "[":
                if after < size and "A" <= text[after] <= "Z":
                    raise MatchFileError(line_at(index), _("a property name longer than 8 letters"))
                raise MatchFileError(line_at(index), _("a property value has no closing ']'"))
            if not nodes or depth == 0:
                raise MatchFileError(
                    line_at(index),
                    _("property {group} outside a node").format(group=quote(name.group())),
                )
            properties += 1
            if properties > MAX_SGF_PROPERTIES:
                raise MatchFileError(
                    line_at(index),
                    _("a game tree of more than {max_sgf_properties} properties").format(
                        max_sgf_properties=f"{MAX_SGF_PROPERTIES:,}"
                    ),
                )
            values: list[str] = []
            while after < size and text[after] == "[":
                end = _sgf_value_end(text, after + 1)
                if end < 0:
                    raise MatchFileError(line_at(after), _("a property value has no closing ']'"))
                if len(values) == MAX_SGF_VALUES:
                    raise MatchFileError(
                        line_at(after),
                        _("a property of more than {max_sgf_values} values").format(
                            max_sgf_values=f"{MAX_SGF_VALUES:,}"
                        ),
                    )
                value = text[after + 1 : end]
                values.append(_SGF_ESCAPE.sub(r"\1", value) if "\\" in value else value)
                after = end + 1
                while after < size and text[after].isspace():
                    after += 1
            nodes[-1].properties.append((name.group(), values))
            index = after
        else:
            if char == "[":
                raise MatchFileError(line_at(index), _("a property value has no closing ']'"))
            raise MatchFileError(
                line_at(index), _("unexpected {char}: not an SGF file").format(char=quote(char))
            )
    if depth:
        raise MatchFileError(line_at(size), _("the file ends inside a game tree"))
    if not trees:
        raise MatchFileError(line_at(size), _("no game tree: not an SGF file"))


def read_sgf(text: str) -> Match:
    """The match an SGF text records (GNU Backgammon's ``save match``, ``GM[6]``).

    Every node is checked and every action made by the engine; ``MatchFileError``
    names the line and the reason of the first problem.
    """
    text = file_text(text, _("an SGF file"))
    reader = Reader()
    pending: list[_Node] | None = None
    number = 0
    for nodes in _sgf_trees(text):
        if pending is not None:
            _read_sgf_game(reader, pending, number, last=False)
        number += 1
        pending = nodes
    assert pending is not None
    _read_sgf_game(reader, pending, number, last=True)
    assert reader.match is not None
    return reader.match


def _read_sgf_game(reader: Reader, nodes: list[_Node], number: int, last: bool) -> None:
    """One game tree: its root, then each node's action, then its result."""
    root = nodes[0]
    reader.line = root.line
    _sgf_root(reader, root, number)
    for node in nodes:
        reader.line = node.line
        _sgf_node(reader, node)
    reader.line = root.line
    _sgf_result(reader, root, last=last)


def _sgf_root(reader: Reader, root: _Node, number: int) -> None:
    """A game's root: the game, its match and players, checked against the games before."""
    game_kind = root.get("GM")
    if game_kind != ["6"]:
        raise reader.fail(
            _("GM[{value}] is not backgammon (GM[6])").format(value=(game_kind or [""])[0])
        )
    fields = {}
    for value in root.get("MI") or []:
        key, _colon, entry = value.partition(":")
        if not entry.isdigit() or len(entry) > 5:
            raise reader.fail(_("MI[{value}] is not 'key:number'").format(value=value))
        fields[key] = int(entry)
    rules = set((root.get("RU") or [""])[0].split(":")) - {""}
    for rule in rules - {"Crawford", "CrawfordGame", "Jacoby"}:
        raise reader.fail(_("the rule {rule} is not part of R14").format(rule=quote(rule)))
    names = ((root.get("PB") or ["Player X"])[0], (root.get("PW") or ["Player O"])[0])
    if number == 1:
        try:
            match = Match(
                fields.get("length", 0),
                CLASSIC,
                crawford="Crawford" in rules,
                jacoby="Jacoby" in rules,
                names=names,
            )
        except ValueError as error:
            raise reader.fail(str(error)) from None
        try:
            match.info = check_info(_sgf_info(root))
        except ValueError as error:
            raise reader.fail(str(error)) from None
        reader.match = match
    else:
        assert reader.match is not None
        if names != reader.match.names:
            raise reader.fail(
                _("the players are {names}, not {names2}").format(
                    names=list(reader.match.names), names2=list(names)
                )
            )
        if fields.get("length", 0) != reader.match.length:
            raise reader.fail(
                _("game {number} is of a match to {value}").format(
                    number=number, value=fields.get("length", 0)
                )
            )
        reader.start_game(number)
    index = fields.get("game", number - 1)
    if index != number - 1:
        raise reader.fail(
            _("game tree {number} says it is game {number2}").format(
                number=number, number2=index + 1
            )
        )
    assert reader.match is not None
    if "ws" in fields and "bs" in fields:
        reader.checkscore_text((fields["bs"], fields["ws"]))
    if ("CrawfordGame" in rules) != reader.match.state.crawford:
        wrong = (
            _("game {number} is the Crawford game, not as RU says")
            if reader.match.state.crawford
            else _("game {number} is not the Crawford game, not as RU says")
        )
        raise reader.fail(wrong.format(number=number))


def _sgf_info(root: _Node) -> dict[str, str]:
    info = {}
    for name, key in (
        ("PC", "Site"),
        ("EV", "Event"),
        ("RO", "Round"),
        ("AN", "Transcriber"),
        ("GC", "Comment"),
    ):
        values = root.get(name)
        if values:
            value = values[0]
            if key == "Comment":  # lines as gnubg ends them, whatever the file's line ends
                value = value.replace("\r\n", "\n").replace("\r", "\n").removesuffix("\n")
            info[key] = value
    date = root.get("DT")
    if date:
        info["EventDate"] = re.sub(r"^([0-9]{4})-([0-9]{2})-([0-9]{2})$", r"\1.\2.\3", date[0])
    return info


def _sgf_node(reader: Reader, node: _Node) -> None:
    """A node's action: a move, a cube action, or dice rolled before a resignation."""
    for name, _value in node.properties:
        if name in _SGF_REFUSED:
            raise reader.fail(
                _("{name}: {sgf_refused} is not read").format(
                    name=name, sgf_refused=_(_SGF_REFUSED[name])
                )
            )
    dice = node.get("DI")
    if dice is not None:
        roller = node.get("PL")
        rolled = re.fullmatch("[1-6][1-6]", dice[0])
        if roller is None or roller[0] not in _SGF_PLAYERS or not rolled:
            raise reader.fail(
                _("DI[{dice}] needs PL[B] or PL[W] and two dice").format(dice=dice[0])
            )
        reader.roll(_SGF_PLAYERS[roller[0]], (int(dice[0][0]), int(dice[0][1])), None)
    for colour, player in _SGF_PLAYERS.items():
        values = node.get(colour)
        if values is None:
            continue
        action = values[0]
        if action in ("double", "take", "drop"):
            reader.cube(player, action)
            continue
        found = _MOVE.fullmatch(action)
        if not found:
            raise reader.fail(
                _("{colour}[{action}] is not dice and moves, double, take or drop").format(
                    colour=colour, action=action
                )
            )
        pairs = found["moves"]
        hops = [
            _sgf_point(player, pairs[i]) + "/" + _sgf_point(player, pairs[i + 1])
            for i in range(0, len(pairs), 2)
        ]
        reader.roll(player, (int(found["dice"][0]), int(found["dice"][1])), " ".join(hops))


def _sgf_point(player: int, letter: str) -> str:
    """A move's letter as the mover's notation label: ``bar``, ``off`` or 24..1."""
    if letter == _SGF_BAR:
        return "bar"
    if letter == _SGF_OFF:
        return "off"
    path = ord(letter) - ord("a") + 1 if player == 0 else 24 - (ord(letter) - ord("a"))
    return str(25 - path)


def _sgf_result(reader: Reader, root: _Node, last: bool) -> None:
    """The game's result (``RE``): it confirms the end, or records a resignation."""
    result = root.get("RE")
    if result is not None:
        found = _RESULT.fullmatch(result[0])
        if not found:
            raise reader.fail(
                _("RE[{result}] is not a result such as W+2 or B+1R").format(result=result[0])
            )
        winner, points = _SGF_PLAYERS[found["winner"]], int(found["points"])
        over = reader.game.is_over()
        if not over and not found["resigned"]:
            raise reader.fail(_("RE[{result}], but the game is not over").format(result=result[0]))
        reader.wins(winner, points)
    reader.finish(last=last)


def write_sgf(match: Match) -> str:
    """The match as GNU Backgammon's ``save match`` lays it out: one game tree a game."""
    require_classic(match)
    return "".join(_sgf_game(match, number, game) for number, game in enumerate(match.games))


def _sgf_game(match: Match, index: int, game: Game) -> str:
    state = game.match_state
    out = [
        f"(;FF[4]GM[6]CA[UTF-8]AP[{APPLICATION}]",
        f"MI[length:{state.length}][game:{index}][ws:{state.score[1]}][bs:{state.score[0]}]",
        f"PW[{_escape(match.names[1])}]PB[{_escape(match.names[0])}]",
    ]
    if index == 0:
        info = check_info(match.info)
        date = info.get("EventDate")
        if date is not None:
            dashed = _DATE.sub(r"\1-\2-\3", date)
            out.append(f"DT[{_escape(dashed)}]")
        for name, key in (("EV", "Event"), ("RO", "Round"), ("PC", "Site"), ("AN", "Transcriber")):
            if key in info:
                out.append(f"{name}[{_escape(info[key])}]")
        if "Comment" in info:  # a comment's lines end with a newline, as gnubg keeps them
            out.append(f"GC[{_escape(info['Comment'])}\n]")
    rules = [
        rule
        for rule, used in (
            ("Crawford", match.crawford and bool(state.length)),
            ("CrawfordGame", state.crawford),
            ("Jacoby", state.jacoby),
        )
        if used
    ]
    if rules:
        out.append(f"RU[{':'.join(rules)}]")
    result = game.result(-1)
    if result is not None:
        resigned = "R" if result.ending == "resignation" else ""
        out.append(f"RE[{_SGF_LETTERS[result.winner]}+{result.points}{resigned}]")
    for record in game.turns:
        colour = _SGF_LETTERS[record.player]
        if isinstance(record, Turn):
            letters = "".join(
                _sgf_letter(record.player, move.start) + _sgf_letter(record.player, move.end)
                for move in record.play.moves
            )
            out.append(f"\n;{colour}[{record.dice[0]}{record.dice[1]}{letters}]")
        elif isinstance(record, CubeAction):
            out.append(f"\n;{colour}[{record.action}]")
    out.append(")\n")
    return "".join(out)


def _sgf_letter(player: int, index: int) -> str:
    if index == BAR:
        return _SGF_BAR
    if index > 24:
        return _SGF_OFF
    return chr(ord("a") + (index - 1 if player == 0 else 24 - index))


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")
