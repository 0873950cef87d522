"""Bots and what they play: the bots (``bots``), games and matches between them and
bots' seats of a ``Game`` (``bot_games``), rollouts of a position (``rollout``) and of
every candidate play (``equity_rollout``), on any Executor (``parallel``). The rollout
function itself is ``play.rollout.rollout`` (the package's ``trigammon_widget.rollout``):
this face leaves the module its name.

The equity rollouts value positions by the nets, which need numpy: their names are
imported on first use (``LAZY``), so that the bots and their games load without it
(``judges``)."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .bot_games import MatchResult, autoplay, play_game, play_match
from .bots import Bot, CubeBot, HeuristicBot, NeuralBot, RandomBot, check_bot
from .parallel import check_controls, portable, run, runner
from .rollout import MAX_GAMES, Progress, whole_number, wilson

if TYPE_CHECKING:
    from .equity_rollout import (
        MIN_TRIALS,
        EquityRollout,
        RolledHint,
        candidates_of,
        check_settings,
        hints,
        roll_out,
    )

LAZY = (
    "MIN_TRIALS",
    "EquityRollout",
    "RolledHint",
    "candidates_of",
    "check_settings",
    "hints",
    "roll_out",
)
"""The names of ``equity_rollout`` this face gives, imported on first use."""

__all__ = [
    "MAX_GAMES",
    "MIN_TRIALS",
    "Bot",
    "CubeBot",
    "EquityRollout",
    "HeuristicBot",
    "MatchResult",
    "NeuralBot",
    "Progress",
    "RandomBot",
    "RolledHint",
    "autoplay",
    "candidates_of",
    "check_bot",
    "check_controls",
    "check_settings",
    "hints",
    "play_game",
    "play_match",
    "portable",
    "roll_out",
    "run",
    "runner",
    "whole_number",
    "wilson",
]


def __getattr__(name: str) -> Any:
    if name in LAZY:
        return getattr(import_module(".equity_rollout", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
