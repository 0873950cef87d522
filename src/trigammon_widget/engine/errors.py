"""Errors raised by the engine; all are ``ValueError`` so callers can catch one family."""

from __future__ import annotations


class InvalidPositionError(ValueError):
    """A set-up that breaks the board's invariants (R1, R6)."""


class IllegalMoveError(ValueError):
    """A move or play the rules forbid; ``rule`` names the rule id (``"R6"``)."""

    def __init__(self, rule: str, reason: str) -> None:
        self.rule = rule
        self.reason = reason
        super().__init__(f"{rule}: {reason}")


class NotationError(ValueError):
    """Text that is not valid move notation; the message names the bad token."""


class InvalidIdError(ValueError):
    """A position or match ID that cannot be decoded."""
