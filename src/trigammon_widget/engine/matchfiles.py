"""Match files in and out: GNU Backgammon's plain-text export (.mat) and its SGF.

Both describe classic matches (or money sessions) game by game, with the cube (R14).
Reading is all or nothing: every line is parsed and every play, double, take, drop
and resignation is made by the engine before a ``Match`` exists, so a file with a
malformed line or an illegal play raises ``MatchFileError`` with the line number and
the reason, and nothing is half loaded. Writing lays the text out as GNU Backgammon
does (``export match mat``, ``save match``), so that it reads the files back.

Players: the first named player of a file (the .mat's left column, SGF's ``W``,
gnubg's player 0) is our player 1, at the top; the second (right column, ``B``) our
player 0, as in ``ids``. Moves are written from the mover's side: points 24..1, 25 the
bar and 0 off in .mat, letters in SGF.

.mat (the Jellyfish layout): ``; [Key "value"]`` headers, `` N point match``, then per
game `` Game k``, the names with the score before the game, and numbered lines of two
cells, left and right player: ``52: 13/8 24/22`` (a roll and its play; nothing after
the roll is no legal move, or a roll before a resignation), ``Doubles => 2``,
``Takes``, ``Drops``, ``Wins 2 points`` (the game's end: after a drop or the last
checker borne off it confirms the result, otherwise the loser resigned).

SGF (``GM[6]``, FF[4]): one game tree per game; the root holds ``MI[length:..][game:..]
[ws:..][bs:..]``, the names (``PW``, ``PB``), the rules (``RU[Crawford:CrawfordGame:
Jacoby]``) and the result (``RE[W+2]``, ``R`` when resigned); each node a move
(``B[52mhxv]``: dice, then from/to letters), ``double``, ``take`` or ``drop``, and
``DI`` for dice rolled before a resignation. Analysis and other properties are read
past.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from .errors import MatchFileError, quote
from .game import Game, Turn
from .i18n import N_, _
from .match import MAX_INFO_CHARS, Match, check_info
from .moves import BAR, Play
from .stakes import CubeAction, Resignation, Win
from .variant import CLASSIC

__all__ = ["MAX_MATCH_FILE_CHARS", "read_mat", "read_sgf", "write_mat", "write_sgf"]

MAX_MATCH_FILE_CHARS = 5_000_000
"""Longest match file read: a long match with gnubg's analysis in it fits."""
MAX_MAT_LINE = 1_000
"""Longest .mat line read: two cells of a roll and four moves take about 70."""
MAX_SGF_NODES = 10_000
"""Most nodes of one SGF game tree: a game of hundreds of turns takes a few hundred."""
MAX_SGF_PROPERTIES = 50_000
"""Most properties of one SGF game tree: gnubg's analysis adds a few to each node."""
APPLICATION = "trigammon-widget"
"""Who wrote an SGF file (``AP``)."""

_LEFT_BEFORE = 20
"""A .mat cell starting before this column is the left player's (gnubg's right cell
starts at column 33)."""
_SIDE = {"left": 1, "right": 0}
"""Our player of each .mat column."""
_HEADER = re.compile(r"\[(?P<key>[A-Za-z ]+?)\s+\"(?P<value>.*)\"\]\s*$")
_LENGTH = re.compile(r"\s*(?P<length>[0-9]{1,3})\s+point\s+match\s*$", re.IGNORECASE)
_GAME = re.compile(r"\s*Game\s+(?P<number>[0-9]{1,4})\s*$", re.IGNORECASE)
_SCORES = re.compile(
    r"\s*(?P<left>\S.*?)\s*:\s*(?P<lscore>[0-9]{1,5})\s+(?P<right>\S.*?)\s*:\s*"
    r"(?P<rscore>[0-9]{1,5})\s*$"
)
_NUMBER = re.compile(r"\s*(?P<number>[0-9]{1,4})\)")
_POINT = r"(?:[0-9]{1,2}|bar|off)\*?"
_ACTION = re.compile(
    r"(?P<roll>(?P<dice>[1-6][1-6]):(?P<moves>(?:[ \t]+"
    + _POINT
    + r"(?:/"
    + _POINT
    + r")+(?:\([1-4]\))?)*)(?:[ \t]+(?P<nomove>Cannot Move|\?\?\?\??))?)"
    r"|(?P<double>Doubles\s*=>\s*(?P<value>[0-9]{1,5}))"
    r"|(?P<take>Takes)|(?P<drop>Drops)"
    r"|(?P<beaver>Beavers|Raccoons)"
    r"|(?P<wins>Wins\s+(?P<points>[0-9]{1,5})\s+points?(?:\s+and\s+the\s+match)?)",
    re.IGNORECASE,
)
_MAT_INFO = {
    "Site": "Site",
    "Event": "Event",
    "Round": "Round",
    "EventDate": "EventDate",
    "Transcriber": "Transcriber",
}


def _check_text(text: object, what: str) -> str:
    if not isinstance(text, str):
        raise MatchFileError(0, _("{what} is text, not {text}").format(what=what, text=quote(text)))
    if len(text) > MAX_MATCH_FILE_CHARS:
        raise MatchFileError(
            0,
            _("{what} has at most {max_match_file_chars} characters, not {count}").format(
                what=what, max_match_file_chars=f"{MAX_MATCH_FILE_CHARS:,}", count=f"{len(text):,}"
            ),
        )
    return text.removeprefix("\ufeff")


# reading: one game at a time -----------------------------------------------------------


@dataclass
class _Reader:
    """Builds a match game by game from a file's actions, naming the line of each."""

    match: Match | None = None
    line: int = 0
    unplayed: int | None = None
    """The line of a roll with legal plays and none played: a resignation must follow."""

    @property
    def game(self) -> Game:
        assert self.match is not None
        return self.match.game

    def fail(self, reason: str, line: int | None = None) -> MatchFileError:
        return MatchFileError(self.line if line is None else line, reason)

    def start_game(self, number: int) -> None:
        """Game ``number`` (from 1) begins: the one before must be over."""
        expected = 1 if self.match is None else len(self.match.games) + 1
        if number != expected:
            raise self.fail(
                _("game {number} follows game {number2}; expected game {expected}").format(
                    number=number, number2=expected - 1, expected=expected
                )
            )
        if self.match is None:
            return
        self.finish(last=False)
        try:
            self.match.new_game()
        except ValueError as error:
            raise self.fail(str(error)) from None

    def check_score(self, score: tuple[int, int]) -> None:
        """The score the file says the game starts at must be the games' own."""
        assert self.match is not None
        if score != self.match.state.score:
            raise self.fail(
                _("game {count} starts at {score}, but the games before it leave {score2}").format(
                    count=len(self.match.games),
                    score=_score(score),
                    score2=_score(self.match.state.score),
                )
            )

    def finish(self, last: bool) -> None:
        """Check the game just read ends (every game but the last of a file must)."""
        assert self.match is not None
        number = len(self.match.games)
        if self.unplayed is not None:
            raise self.fail(
                _(
                    "game {number}: a roll with legal plays and none played is followed by "
                    "a resignation ('Wins')"
                ).format(number=number),
                self.unplayed,
            )
        if not last and not self.game.is_over():
            raise self.fail(_("game {number} ends without a result").format(number=number))

    def roll(self, player: int, dice: tuple[int, int], moves: str | None) -> None:
        """A roll of ``player`` and its play (``None``: rolled, then resigned)."""
        game = self.game
        self.going_on()
        if not game.started:
            if dice[0] == dice[1]:
                raise self.fail(
                    _("the opening roll is two different dice (R2), not {dice}").format(dice=dice)
                )
            opening = [min(dice), min(dice)]
            opening[player] = max(dice)
            game.roll_opening(opening)
        position = game.position
        if position.turn != player:
            raise self.fail(
                _("player {turn} is to roll, not player {player}").format(
                    turn=position.turn, player=player
                )
            )
        try:
            if position.dice is None:
                game.roll(*dice)
            else:  # the opening dice (R2): the file's order
                game.set_dice(*dice)
            if moves:
                game.play(moves)
            elif moves == "" and Play() in game.legal_plays():
                game.play(Play())
            else:  # rolled and not played: a resignation follows
                self.unplayed = self.line
        except ValueError as error:
            raise self.fail(str(error)) from None

    def cube(self, player: int, action: str, value: int | None = None) -> None:
        game = self.game
        self.going_on(cube_answer=action != "double")
        if value is not None and value != 2 * game.cube.value:
            raise self.fail(
                _("a double of the {value}-cube is to {number}").format(
                    value=game.cube.value, number=2 * game.cube.value
                )
            )
        try:
            record = getattr(game, action)()
        except ValueError as error:
            raise self.fail(str(error)) from None
        if record.player != player:
            wrong = {
                "double": _("player {actor} is to double, not player {player}"),
                "take": _("player {actor} is to take, not player {player}"),
                "drop": _("player {actor} is to drop, not player {player}"),
            }[action]
            raise self.fail(wrong.format(actor=record.player, player=player))

    def wins(self, winner: int, points: int) -> None:
        """A game's end as the file states it: it confirms a drop or the last checker
        borne off, else the loser resigned."""
        game = self.game
        result = game.result()
        if result is None:
            cube = game.cube.value
            level, rest = divmod(points, cube)
            if rest or level not in (1, 2, 3):
                raise self.fail(
                    _(
                        "a resignation concedes 1, 2 or 3 times the {cube}-cube, not {points} "
                        "points"
                    ).format(cube=cube, points=points)
                )
            try:
                game.resign(level, player=1 - winner)
            except ValueError as error:
                raise self.fail(str(error)) from None
            self.unplayed = None
            return
        if result.winner != winner:
            raise self.fail(
                _("player {winner} has won the game, not player {winner2}").format(
                    winner=result.winner, winner2=winner
                )
            )
        if result.points != points:
            raise self.fail(
                _("the game is worth {points} points, not {points2}").format(
                    points=result.points, points2=points
                )
            )

    def going_on(self, cube_answer: bool = False) -> None:
        if self.unplayed is not None:
            raise self.fail(
                _("a roll with legal plays and none played is followed by a resignation ('Wins')"),
                self.unplayed,
            )
        if self.game.is_over():
            raise self.fail(_("the game is over: {result}").format(result=self.game.result()))
        if self.game.cube.offered and not cube_answer:
            raise self.fail(_("a double awaits its answer (take or drop)"))


def _score(score: Sequence[int]) -> str:
    return "-".join(map(str, score))


# .mat -------------------------------------------------------------------------------


def read_mat(text: str) -> Match:
    """The match a .mat text records (GNU Backgammon's ``export match mat``).

    Every line is checked and every action made by the engine; ``MatchFileError``
    names the line and the reason of the first problem.
    """
    text = _check_text(text, _("a .mat file"))
    reader = _Reader()
    info: dict[str, str] = {}
    comments: list[str] = []
    flags = {"Crawford": True, "Jacoby": False}
    numbered = enumerate(text.splitlines(), 1)
    length = None
    for index, raw in numbered:
        reader.line = index
        _check_line(reader, raw)
        line = raw.strip()
        if not line:
            continue
        if line[0] in ";#":
            _header(reader, line[1:].strip(), info, comments, flags)
            continue
        found = _LENGTH.match(raw)
        if not found:
            raise reader.fail(
                _("expected the match length ('5 point match'), not {line}").format(
                    line=quote(line)
                )
            )
        length = int(found["length"])
        break
    if length is None:
        raise reader.fail(_("no match length ('5 point match') found: not a .mat file"))
    if comments:
        info["Comment"] = "\n".join(comments)
    expect_scores = False
    number = 0
    for index, raw in numbered:
        reader.line = index
        _check_line(reader, raw)
        line = raw.expandtabs().rstrip()
        if not line.strip():
            continue
        game = _GAME.match(line)
        if game:
            number = int(game["number"])
            reader.start_game(number)
            expect_scores = True
            continue
        if number == 0:
            raise reader.fail(
                _("expected ' Game 1', not {strip}").format(strip=quote(line.strip()))
            )
        if expect_scores:
            expect_scores = False
            _scores(reader, line, length, flags, info)
            continue
        _mat_line(reader, line)
    if reader.match is None:
        raise reader.fail(_("the file has no game"))
    reader.finish(last=True)
    return reader.match


def _check_line(reader: _Reader, line: str) -> None:
    if len(line) > MAX_MAT_LINE:
        raise reader.fail(
            _("a line of {count} characters; a .mat line has at most {max_mat_line}").format(
                count=f"{len(line):,}", max_mat_line=f"{MAX_MAT_LINE:,}"
            )
        )


def _header(
    reader: _Reader, line: str, info: dict[str, str], comments: list[str], flags: dict[str, bool]
) -> None:
    found = _HEADER.fullmatch(line)
    if not found:
        comments.append(line)
        if sum(len(comment) + 1 for comment in comments) > MAX_INFO_CHARS:
            raise reader.fail(
                _("the comment is longer than {max_info_chars} characters").format(
                    max_info_chars=f"{MAX_INFO_CHARS:,}"
                )
            )
        return
    key, value = found["key"], found["value"]
    if key in flags:
        if value.lower() not in ("on", "off"):
            raise reader.fail(
                _('[{key}] is "On" or "Off", not {value}').format(key=key, value=quote(value))
            )
        flags[key] = value.lower() == "on"
    elif key == "Variation" and value.lower() != "backgammon":
        raise reader.fail(
            _("only backgammon is read, not the variation {value}").format(value=quote(value))
        )
    elif key in _MAT_INFO:
        info[_MAT_INFO[key]] = value


def _scores(
    reader: _Reader, line: str, length: int, flags: dict[str, bool], info: dict[str, str]
) -> None:
    """A game's first line: the left and the right player, each with its score."""
    found = _SCORES.fullmatch(line)
    if not found:
        raise reader.fail(
            _("expected 'name : score   name : score', not {strip}").format(
                strip=quote(line.strip())
            )
        )
    names = (found["right"], found["left"])
    score = (int(found["rscore"]), int(found["lscore"]))
    if reader.match is None:
        try:
            match = Match(
                length, CLASSIC, crawford=flags["Crawford"], jacoby=flags["Jacoby"], names=names
            )
            match.info = check_info(info)
        except ValueError as error:
            raise reader.fail(str(error)) from None
        reader.match = match
    elif names != reader.match.names:
        raise reader.fail(
            _("the players are {names}, not {names2}").format(
                names=list(reader.match.names)[::-1], names2=list(names)[::-1]
            )
        )
    reader.check_score(score)


def _mat_line(reader: _Reader, line: str) -> None:
    """One line of moves: an optional ``n)``, then the left and the right cell."""
    numbered = _NUMBER.match(line)
    position = numbered.end() if numbered else 0
    cells: list[tuple[str, re.Match[str]]] = []
    while True:
        rest = line[position:]
        stripped = rest.lstrip()
        if not stripped:
            break
        column = len(line) - len(stripped)
        found = _ACTION.match(stripped)
        if not found:
            raise reader.fail(_("cannot read {stripped}").format(stripped=quote(stripped)))
        side = "left" if column < _LEFT_BEFORE and not cells else "right"
        if cells and cells[-1][0] == "right":
            raise reader.fail(_("a third cell: {stripped}").format(stripped=quote(stripped)))
        cells.append((side, found))
        position = column + found.end()
        if found.end() < len(stripped) and not stripped[found.end()].isspace():
            raise reader.fail(
                _("cannot read {stripped}").format(stripped=quote(stripped[found.end() :]))
            )
    for side, found in cells:
        _mat_action(reader, _SIDE[side], found)


def _mat_action(reader: _Reader, player: int, found: re.Match[str]) -> None:
    if found["roll"]:
        dice = (int(found["dice"][0]), int(found["dice"][1]))
        moves = _mat_moves(found["moves"])
        reader.roll(player, dice, None if found["nomove"] and found["nomove"][0] == "?" else moves)
        return
    if found["double"]:
        reader.cube(player, "double", int(found["value"]))
    elif found["take"]:
        reader.cube(player, "take")
    elif found["drop"]:
        reader.cube(player, "drop")
    elif found["beaver"]:
        raise reader.fail(
            _("{found}: beavers and raccoons are not part of R14").format(found=found["beaver"])
        )
    else:
        reader.wins(player, int(found["points"]))


def _mat_moves(text: str) -> str:
    """Moves as our notation reads them: 25 is the bar and 0 off."""
    names = {"25": "bar", "0": "off"}
    moves = []
    for token in text.split():
        parts = []
        for part in token.split("/"):
            point, star = part.rstrip("*"), "*" if part.endswith("*") else ""
            repeat = ""
            if "(" in point:
                point, repeat = point.split("(", 1)
                repeat = "(" + repeat
            parts.append(names.get(point, point) + star + repeat)
        moves.append("/".join(parts))
    return " ".join(moves)


def write_mat(match: Match) -> str:
    """The match as GNU Backgammon's ``export match mat`` lays it out: only what
    ``read_mat`` reads back as the same match. .mat has no escapes, so names whose
    score line would read otherwise (``"Ann : 3 Bo"``) and comment lines with spaces at
    either end or the look of a header are refused (``ValueError``): SGF and JSON
    carry any of them."""
    _require_classic(match)
    info = check_info(match.info)
    out: list[str] = []
    for key in ("Site", "Event", "Round", "EventDate", "Transcriber"):
        if key in info:
            out.append(f'; [{key} "{info[key]}"]\n')
    if not match.crawford and match.length:
        out.append('; [Crawford "Off"]\n')
    if match.jacoby:
        out.append('; [Jacoby "On"]\n')
    if "Comment" in info:
        for line in info["Comment"].split("\n"):
            if line != line.strip() or _HEADER.fullmatch(line):
                raise ValueError(
                    _(
                        ".mat cannot carry the comment line {line}: it would read back trimmed "
                        "or as a header; save the match as SGF or JSON"
                    ).format(line=quote(line))
                )
        # gnubg ends each comment line with a newline, the last one too
        out.append("\n; " + info["Comment"].replace("\n", "\n; ") + "\n")
    out.append("\n")
    out.append(f" {match.length} point match\n\n")
    for number, game in enumerate(match.games, 1):
        out.append(f" Game {number}\n")
        out.append(_mat_scores(match.names, game.match_state.score) + "\n")
        out.append(_mat_game(game))
    return "".join(out)


def _mat_scores(names: Sequence[str], score: Sequence[int]) -> str:
    """A game's first line, the left player's cell 31 characters wide (gnubg's), a space
    after a longer one; ``ValueError`` when it would not read back as these names."""
    right, left = names
    cell = f"{left} : {score[1]}"
    line = f" {cell:<31}{' ' if len(cell) >= 31 else ''}{right} : {score[0]}"
    found = _SCORES.fullmatch(line)
    if found is None or (found["left"], found["right"]) != (left, right):
        raise ValueError(
            _(
                ".mat cannot carry the names {left} and {right}: its score line would "
                "read otherwise; save the match as SGF or JSON"
            ).format(left=quote(left), right=quote(right))
        )
    return line


def _mat_game(game: Game) -> str:
    """A game's lines, cell by cell as gnubg's ``ExportGameJF`` lays them out: the left
    cell ``%3d) %-27s `` and the right one to the end of the line, the records of the
    two players alternating; a game's end adds its ``Wins`` line and a blank one."""
    out: list[str] = []
    cell = 0  # even: the left cell of line cell // 2 + 1; odd: the right cell
    for ply, record in enumerate(game.turns, 1):
        before = game.match_position_at(ply - 1)
        if cell == 0 and record.player == 0:
            out.append("  1)                             ")
            cell = 1
        right = cell % 2 == 1
        if isinstance(record, Resignation):
            won = _points(_result(game, ply).points)
            if record.player == 0:  # the left player wins
                out.append(f"{chr(10) if right else ''}      Wins {won}\n\n")
            else:
                out.append(f"{' ' if right else ' ' * 34}Wins {won}\n\n")
            cell += 1
            continue
        if isinstance(record, Turn):
            text = f"{record.dice[0]}{record.dice[1]}: {_mat_play(record.play)}"
        elif record.action == "double":
            text = f" Doubles => {2 * before.cube.value}"
        elif record.action == "take":
            text = " Takes"
        else:
            gap = "\n      " if right else " " * 23
            text = f" Drops{gap}Wins {_points(before.cube.value)}"
        out.append(text + "\n" if right else f"{cell // 2 + 1:>3}) {text:<27} ")
        if isinstance(record, CubeAction) and record.action == "drop":
            out.append("\n" if right else "\n\n")
        elif isinstance(record, Turn) and game.result(ply) is not None:
            gap = " " * 34 if right else "\n      "
            out.append(f"{gap}Wins {_points(_result(game, ply).points)}\n\n")
        cell += 1
    return "".join(out)


def _result(game: Game, ply: int) -> Win:
    result = game.result(ply)
    assert result is not None
    return result


def _mat_play(play: Play) -> str:
    """A play as gnubg's ``FormatMovePlain``: single-die moves, 25 the bar, 0 off, a star
    on the move that hits, a space after each of the first three."""
    parts = []
    for index, move in enumerate(play.moves):
        start = 25 if move.start == BAR else 25 - move.start
        end = max(25 - move.end, 0)
        parts.append(f"{start}/{end}{'*' if move.hit else ''}{' ' if index < 3 else ''}")
    return "".join(parts)


def _points(points: int) -> str:
    return f"{points} point{'' if points == 1 else 's'}"


def _require_classic(match: Match) -> None:
    if match.variant.players != 2:
        raise ValueError(_("match files describe classic backgammon, not trigammon"))


# SGF --------------------------------------------------------------------------------

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
    text = _check_text(text, _("an SGF file"))
    reader = _Reader()
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


def _read_sgf_game(reader: _Reader, nodes: list[_Node], number: int, last: bool) -> None:
    """One game tree: its root, then each node's action, then its result."""
    root = nodes[0]
    reader.line = root.line
    _sgf_root(reader, root, number)
    for node in nodes:
        reader.line = node.line
        _sgf_node(reader, node)
    reader.line = root.line
    _sgf_result(reader, root, last=last)


def _sgf_root(reader: _Reader, root: _Node, number: int) -> None:
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
        reader.check_score((fields["bs"], fields["ws"]))
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


def _sgf_node(reader: _Reader, node: _Node) -> None:
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


def _sgf_result(reader: _Reader, root: _Node, last: bool) -> None:
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
    _require_classic(match)
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
