"""Whatever a person pastes or passes: told apart here, read by the module that owns it.

A board loads a game or match record (JSON text or dict), a position dict, this
package's position ID (with or without its match part), a GNU Backgammon Position ID
(with or without its Match ID), an XGID, or a match file's text (.mat, SGF). IDs
with a cube or a score read as a ``MatchPosition``.
Each format has its own reader; this module only decides which one a source is, so
that a bad source is refused with what it was taken for and why.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .errors import InvalidIdError
from .game import Game
from .i18n import N_, _, grouped
from .ids import read_gnubg_id, read_xgid
from .match import Match
from .matchfiles import read_mat, read_sgf
from .position import Position
from .records import MATCH_FORMAT, read_json
from .stakes import Cube, MatchPosition

__all__ = ["MAX_SOURCE", "read_source"]

MAX_SOURCE = 5_000_000
"""Longest text read as a source (a game record of thousands of turns fits)."""


Source = Game | Match | Position | MatchPosition
_MAT = re.compile(r"^\s*[0-9]+\s+point\s+match\s*$", re.IGNORECASE | re.MULTILINE)


def read_source(source: str | Mapping[str, Any] | Source) -> Source:
    """The game, match or position ``source`` describes, or a ``ValueError`` saying
    what it was taken for and what is wrong with it."""
    if isinstance(source, Game | Match | Position | MatchPosition):
        return source
    if isinstance(source, str):
        if len(source) > MAX_SOURCE:
            raise ValueError(
                _("a source of {count} characters is too long to read").format(
                    count=grouped(len(source))
                )
            )
        text = source.strip()
        if text.startswith("{"):
            data = read_json(text, _("a record or a position dict"))
            return read_source(data) if isinstance(data, Mapping) else _refuse(data)
        if text.startswith("("):
            return read_sgf(text)
        if _MAT.search(text[:100_000]):
            return read_mat(text)
        if text.upper().startswith("XGID=") or text.count(":") >= 9:
            return _plain(read_xgid(text))
        return _read_id(text)
    if isinstance(source, Mapping):
        if source.get("format") == MATCH_FORMAT:
            return Match.from_dict(source)
        if "format" in source:
            return Game.from_dict(source)
        return Position.from_dict(source)
    return _refuse(source)


def _read_id(text: str) -> Position | MatchPosition:
    """This package's ID or a GNU Backgammon ID: the likelier reader by shape first."""
    readers = [
        (N_("a position ID"), MatchPosition.from_id),
        (N_("a GNU Backgammon ID"), read_gnubg_id),
    ]
    ours = text[:1] in "TC" and ":M" in text
    if not ours and (":" in text or len(text) == 14):  # gnubg: 14 characters, ":", Match ID
        readers.reverse()
    errors = []
    for name, reader in readers:
        try:
            return _plain(reader(text))
        except ValueError as error:
            errors.append(_("as {reader}: {error}").format(reader=_(name), error=error))
    raise InvalidIdError(_("cannot read the text {tries}").format(tries="; ".join(errors)))


def _plain(match: MatchPosition) -> Position | MatchPosition:
    """The position alone when its cube is centred at 1 in money play, as an ID
    without a cube says; else the match position."""
    if match.cube == Cube() and match.state.is_fresh():
        return match.position
    return match


def _refuse(source: object) -> Any:
    raise ValueError(
        _(
            "cannot load {kind}: give an ID, a GNU Backgammon ID, an XGID, a position dict, "
            "a game or match record or a match file (.mat, SGF)"
        ).format(kind=type(source).__name__)
    )
