"""Bots and what they play: the bots (``bots``), games and matches between them and
bots' seats of a ``Game`` (``bot_games``), rollouts of a position (``rollout``) and of
every candidate play (``equity_rollout``), on any Executor (``parallel``). The rollout
function itself is ``play.rollout.rollout`` (the package's ``trigammon_widget.rollout``):
this face leaves the module its name."""

from .bot_games import MatchResult, autoplay, play_game, play_match
from .bots import Bot, CubeBot, HeuristicBot, NeuralBot, RandomBot, check_bot
from .equity_rollout import (
    MIN_TRIALS,
    EquityRollout,
    RolledHint,
    candidates_of,
    check_settings,
    hints,
    roll_out,
)
from .parallel import check_controls, portable, run, runner
from .rollout import MAX_GAMES, Progress, whole_number, wilson

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
