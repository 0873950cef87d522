"""Reading saved records (games, matches): JSON with bounds, and fields checked by hand.

A record is data someone may have edited or made up: it is read with bounded
integers and no ``NaN``, and each field is checked with a message that names it, so
a bad record is refused with what is wrong and where.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from .errors import quote

__all__ = ["MAX_RECORD_CHARS", "as_list", "check_keys", "checking", "read_json"]

MAX_RECORD_CHARS = 2_000_000
"""Longest JSON record read: about 20,000 turns (some 15 s to replay), more than games
take, even random bots' trigammon games of thousands of turns."""
JSON_DIGITS = 20
"""Longest integer read from JSON: no field needs more, and longer ones are slow to read."""


def read_json(text: object, what: str) -> Any:
    """The data of a JSON record (``what``: "a game record"), or a ``ValueError``."""
    if not isinstance(text, str):
        raise ValueError(f"{what} in JSON is a string, not {quote(text)}")
    if len(text) > MAX_RECORD_CHARS:
        raise ValueError(
            f"{what} in JSON has at most {MAX_RECORD_CHARS} characters, not {len(text)}"
        )
    try:
        return json.loads(text, parse_int=_json_int, parse_constant=_json_constant)
    except RecursionError:
        raise ValueError(f"not {what}: its JSON is nested too deeply") from None
    except ValueError as error:
        raise ValueError(f"not {what}: invalid JSON ({str(error)[:120]})") from None


@contextmanager
def checking(name: str) -> Iterator[None]:
    """Report a ``ValueError`` raised inside as one about the record's field ``name``."""
    try:
        yield
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from error


def check_keys(data: Any, what: str, keys: Sequence[str], required: Sequence[str]) -> None:
    """``data`` is a mapping with only ``keys`` and at least the ``required`` ones."""
    if not isinstance(data, Mapping):
        raise ValueError(f"{what} must be a mapping, not {quote(data)}")
    for key in data:
        if key not in keys:
            raise ValueError(f"unknown key {quote(key)} in {what}; keys are {keys}")
    for key in required:
        if key not in data:
            raise ValueError(f"{what} needs the key {key!r}")


def as_list(value: Any, what: str = "it") -> Sequence[Any]:
    """``value`` if it is a list (a JSON array), else a ``ValueError`` naming ``what``."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise ValueError(f"{what} must be a list, not {quote(value)}")
    return value


def _json_int(text: str) -> int:
    if len(text) > JSON_DIGITS:
        raise ValueError(f"a number of {len(text)} digits; at most {JSON_DIGITS}")
    return int(text)


def _json_constant(text: str) -> float:
    raise ValueError(f"{text} is not JSON")
