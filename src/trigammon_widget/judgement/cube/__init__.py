"""The cube (R14): decisions from cubeless chances by Janowski's model (``decision``),
cubeful decisions one roll deep (``cubeful``), and the match equity table (``met``)."""

from .cubeful import CUBE_PLY, cubeful_decision
from .decision import EFFICIENCY, Chances, CubeDecision, cube_decision, evaluated_chances

__all__ = [
    "CUBE_PLY",
    "EFFICIENCY",
    "Chances",
    "CubeDecision",
    "cube_decision",
    "cubeful_decision",
    "evaluated_chances",
]
