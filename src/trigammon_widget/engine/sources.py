"""Whatever a person pastes or passes: told apart here, read by the module that owns it.

A board loads a game record (JSON text or dict), a position dict, this package's
position ID, a GNU Backgammon Position ID (with or without its Match ID) or an XGID.
Each format has its own reader; this module only decides which one a source is, so
that a bad source is refused with what it was taken for and why.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .errors import InvalidIdError
from .game import Game
from .ids import from_gnubg_id, from_xgid
from .position import Position

__all__ = ["MAX_SOURCE", "read_source"]

MAX_SOURCE = 5_000_000
"""Longest text read as a source (a game record of thousands of turns fits)."""


def read_source(source: str | Mapping[str, Any] | Position | Game) -> Game | Position:
    """The game or position ``source`` describes, or a ``ValueError`` saying what it
    was taken for and what is wrong with it."""
    if isinstance(source, Game | Position):
        return source
    if isinstance(source, str):
        if len(source) > MAX_SOURCE:
            raise ValueError(f"a source of {len(source):,} characters is too long to read")
        text = source.strip()
        if text.startswith("{"):
            try:
                data = json.loads(text)
            except (ValueError, RecursionError) as error:
                raise ValueError(f"not valid JSON: {str(error)[:120]}") from None
            return read_source(data) if isinstance(data, Mapping) else _refuse(data)
        if text.upper().startswith("XGID=") or text.count(":") >= 9:
            return from_xgid(text)
        return _read_id(text)
    if isinstance(source, Mapping):
        if "format" in source:
            return Game.from_dict(source)
        return Position.from_dict(source)
    return _refuse(source)


def _read_id(text: str) -> Position:
    """This package's ID or a GNU Backgammon ID: the likelier reader by shape first."""
    readers = [("position ID", Position.from_id), ("GNU Backgammon ID", from_gnubg_id)]
    if ":" in text or len(text) == 14:  # gnubg: 14 characters, then ":" and a Match ID
        readers.reverse()
    errors = []
    for name, reader in readers:
        try:
            return reader(text)
        except ValueError as error:
            errors.append(f"as a {name}: {error}")
    raise InvalidIdError("cannot read the text " + "; ".join(errors))


def _refuse(source: object) -> Any:
    raise ValueError(
        f"cannot load {type(source).__name__}: give an ID, a GNU Backgammon ID, an XGID, "
        "a position dict or a game record"
    )
