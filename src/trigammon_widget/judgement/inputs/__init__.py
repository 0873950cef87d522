"""What a net reads: Tesauro's code of the boards (``encoding``), the counts every
player makes at a glance (``counts``), and the hand-made features of classic positions
(``classic``, with the phase of the game) and of trigammon ones (``trigammon``). Each
``compiled_*`` module is the numba twin of its neighbour; they are imported by name
where the fast path is in use, never by this face."""

from . import classic
from .classic import RACE, phases
from .counts import MIXED, escape_tables
from .encoding import COUNTS, UNIT_TABLE, UNITS, encode, in_slots, inputs_per_slot
from .trigammon import FEATURES, slot_paths, trigammon_features

__all__ = [
    "COUNTS",
    "FEATURES",
    "MIXED",
    "RACE",
    "UNITS",
    "UNIT_TABLE",
    "classic",
    "encode",
    "escape_tables",
    "in_slots",
    "inputs_per_slot",
    "phases",
    "slot_paths",
    "trigammon_features",
]
