"""The rules engine: pure Python, no Jupyter imports, one module per concept.

Rule ids (R1-R14) refer to the project's RULES.md.
"""

from .corpus import random_positions
from .errors import (
    IllegalMoveError,
    InvalidIdError,
    InvalidPositionError,
    MatchFileError,
    NotationError,
)
from .game import Game, OpeningRound, Turn
from .ids import from_gnubg_id, from_xgid, read_gnubg_id, read_xgid, to_gnubg_id, to_xgid
from .legal import LegalPlays
from .match import Cube, CubeAction, Match, MatchPosition, MatchState, Resignation, Win
from .moves import BAR, Move, Play
from .outcome import Outcome
from .position import Position
from .variant import CHECKERS, CLASSIC, TRIGAMMON, VARIANTS, Variant, find_variant

__all__ = [
    "BAR",
    "CHECKERS",
    "CLASSIC",
    "TRIGAMMON",
    "VARIANTS",
    "Cube",
    "CubeAction",
    "Game",
    "IllegalMoveError",
    "InvalidIdError",
    "InvalidPositionError",
    "LegalPlays",
    "Match",
    "MatchFileError",
    "MatchPosition",
    "MatchState",
    "Move",
    "NotationError",
    "OpeningRound",
    "Outcome",
    "Play",
    "Position",
    "Resignation",
    "Turn",
    "Variant",
    "Win",
    "find_variant",
    "from_gnubg_id",
    "from_xgid",
    "random_positions",
    "read_gnubg_id",
    "read_xgid",
    "to_gnubg_id",
    "to_xgid",
]
