"""Errors raised by the engine; all are ``ValueError`` so callers can catch one family.

Each error survives pickling (rollouts run in worker processes), and a message quotes
at most a short prefix of what it was given (``quote``).
"""

from __future__ import annotations

import builtins
import reprlib

QUOTE_CHARS = 40
"""Characters of a user's text quoted back in an error message, at most."""
MAX_QUOTE_CHARS = 200
"""Longest quote of any value (a list of long strings, escapes), cut there."""


class InvalidPositionError(ValueError):
    """A set-up that breaks the board's invariants (R1, R6, R12)."""


class IllegalMoveError(ValueError):
    """A move or play the rules forbid; ``rule`` names the rule id (``"R6"``)."""

    def __init__(self, rule: str, reason: str) -> None:
        # Both go to args, so pickling rebuilds the error from them.
        super().__init__(rule, reason)
        self.rule = rule
        self.reason = reason

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}"


class NotationError(ValueError):
    """Text that is not valid move notation; the message names the bad token."""


class InvalidIdError(ValueError):
    """A position or match ID that cannot be decoded."""


class MatchFileError(ValueError):
    """A match file (.mat, SGF) that cannot be read: ``line`` is the line number (from
    1) where reading stopped and ``reason`` says why."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(line, reason)
        self.line = line
        self.reason = reason

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}"


class _Quoter(reprlib.Repr):
    """``reprlib`` with short strings and no giant integers (their ``repr`` may fail)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 2
        self.maxstring = self.maxother = QUOTE_CHARS
        self.maxtuple = self.maxlist = self.maxdict = self.maxset = self.maxfrozenset = 4

    def repr_str(self, x: str, level: int) -> str:
        if len(x) <= QUOTE_CHARS:
            return builtins.repr(x)
        return f"{x[:QUOTE_CHARS]!r}... ({len(x)} characters)"

    def repr_int(self, x: int, level: int) -> str:
        bits = x.bit_length()
        return builtins.repr(x) if bits <= 64 else f"<a {bits}-bit integer>"


_QUOTER = _Quoter()


def quote(value: object) -> str:
    """``value`` as an error message quotes user input: a ``repr`` cut to a short prefix.

    Messages stay small whatever the input (a 10 MB string, a 5,000-digit number, a
    deeply nested list), so they can be logged, shown and sent to a browser.
    """
    text = _QUOTER.repr(value)
    return text if len(text) <= MAX_QUOTE_CHARS else f"{text[:MAX_QUOTE_CHARS]}..."
