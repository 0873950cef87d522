"""The rules engine: pure Python, no Jupyter imports, one module per concept.

Rule ids (R1-R14) refer to the project's RULES.md.
"""

from . import matchfiles, records
from .corpus import random_positions
from .errors import (
    IllegalMoveError,
    InvalidIdError,
    InvalidPositionError,
    MatchFileError,
    NotationError,
)
from .game import Game, OpeningRound, Turn, install_records
from .ids import from_gnubg_id, from_xgid, read_gnubg_id, read_xgid, to_gnubg_id, to_xgid
from .legal import LegalPlays
from .match import Match, install_formats
from .moves import BAR, Move, Play
from .outcome import Outcome
from .position import Position
from .stakes import Cube, CubeAction, MatchPosition, MatchState, Resignation, Win
from .variant import CHECKERS, CLASSIC, TRIGAMMON, VARIANTS, Variant, find_variant

# The values' format methods (``Game.to_json``, ``Match.to_mat``...), kept for
# compatibility, reach their formats through what is installed here: the formats
# import the values, never the other way round.
install_records(records)
install_formats(records, matchfiles)

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
