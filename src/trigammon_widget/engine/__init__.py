"""The rules engine: pure Python, no Jupyter imports, one module per concept.

Rule ids (R1-R14) refer to the project's RULES.md.
"""

from .errors import IllegalMoveError, InvalidIdError, InvalidPositionError, NotationError
from .legal import LegalPlays
from .moves import BAR, Move, Play
from .position import Position
from .variant import CHECKERS, CLASSIC, TRIGAMMON, VARIANTS, Variant, find_variant

__all__ = [
    "BAR",
    "CHECKERS",
    "CLASSIC",
    "TRIGAMMON",
    "VARIANTS",
    "IllegalMoveError",
    "InvalidIdError",
    "InvalidPositionError",
    "LegalPlays",
    "Move",
    "NotationError",
    "Play",
    "Position",
    "Variant",
    "find_variant",
]
