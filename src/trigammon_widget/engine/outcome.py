"""How a finished game scores (R12, R13)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .i18n import N_
from .moves import BAR
from .variant import Variant


class Measured(Protocol):
    """A position (``position.Position``, which measures its outcome here), as its
    outcome reads it."""

    @property
    def variant(self) -> Variant: ...
    @property
    def boards(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def winner(self) -> int | None: ...


SINGLE, GAMMON, BACKGAMMON = 1, 2, 3
"""The results of a game (R13): the points a loser pays, and their names' keys."""
RESULT_NAMES = {SINGLE: "single", GAMMON: "gammon", BACKGAMMON: "backgammon"}
"""The name of each result (R13), as records write it."""
RESULT_WORDS = {
    # Translators: a game's result for its winner, in a game's record ("Bo: win").
    "win": N_("win"),
    # Translators: a game's result for a loser: lost once the stake (not a gammon).
    "single": N_("single"),
    "gammon": N_("gammon"),
    "backgammon": N_("backgammon"),
}
"""Each result of ``Outcome.result`` in English, translated where it is shown."""


@dataclass(frozen=True)
class Outcome:
    """The winner and, per player, the points the game is worth against them.

    ``points[p]`` is 0 for the winner and 1, 2 or 3 for a single game, gammon or
    backgammon against loser p (R13); trigammon reports each loser the same way.
    """

    winner: int
    points: tuple[int, ...]

    def result(self, player: int) -> str:
        """``"win"``, ``"single"``, ``"gammon"`` or ``"backgammon"`` for one player."""
        return "win" if player == self.winner else RESULT_NAMES[self.points[player]]


def outcome(position: Measured) -> Outcome | None:
    """The outcome once a player has borne off all 15 (R12), measured as R13 says."""
    winner = position.winner
    if winner is None:
        return None
    variant = position.variant
    home = {variant.absolute(winner, i) for i in range(variant.home_start, variant.points + 1)}
    points = []
    for player, board in enumerate(position.boards):
        if player == winner:
            points.append(0)
        elif board[-1]:
            points.append(SINGLE)
        elif board[BAR] or any(
            board[i] and variant.absolute(player, i) in home for i in range(1, variant.points + 1)
        ):
            points.append(BACKGAMMON)
        else:
            points.append(GAMMON)
    return Outcome(winner, tuple(points))
