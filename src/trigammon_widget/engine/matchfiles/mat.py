"""GNU Backgammon's plain-text match export, .mat, in and out.

.mat (the Jellyfish layout): ``; [Key "value"]`` headers, `` N point match``, then per
game `` Game k``, the names with the score before the game, and numbered lines of two
cells, left and right player: ``52: 13/8 24/22`` (a roll and its play; nothing after
the roll is no legal move, or a roll before a resignation), ``Doubles => 2``,
``Takes``, ``Drops``, ``Wins 2 points`` (the game's end: after a drop or the last
checker borne off it confirms the result, otherwise the loser resigned).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import quote
from ..game import Game, Turn
from ..i18n import _
from ..match import MAX_INFO_CHARS, Match, check_info
from ..moves import BAR, Play
from ..stakes import CubeAction, Resignation, Win
from ..variant import CLASSIC
from .reading import Reader, file_text, require_classic

__all__ = ["MAX_MAT_LINE", "read_mat", "write_mat"]

MAX_MAT_LINE = 1_000
"""Longest .mat line read: two cells of a roll and four moves take about 70."""
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


def read_mat(text: str) -> Match:
    """The match a .mat text records (GNU Backgammon's ``export match mat``).

    Every line is checked and every action made by the engine; ``MatchFileError``
    names the line and the reason of the first problem.
    """
    text = file_text(text, _("a .mat file"))
    reader = Reader()
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


def _check_line(reader: Reader, line: str) -> None:
    if len(line) > MAX_MAT_LINE:
        raise reader.fail(
            _("a line of {count} characters; a .mat line has at most {max_mat_line}").format(
                count=f"{len(line):,}", max_mat_line=f"{MAX_MAT_LINE:,}"
            )
        )


def _header(
    reader: Reader, line: str, info: dict[str, str], comments: list[str], flags: dict[str, bool]
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
    reader: Reader, line: str, length: int, flags: dict[str, bool], info: dict[str, str]
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
    reader.checkscore_text(score)


def _mat_line(reader: Reader, line: str) -> None:
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


def _mat_action(reader: Reader, player: int, found: re.Match[str]) -> None:
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
    require_classic(match)
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
