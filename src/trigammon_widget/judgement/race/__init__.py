"""Bear-off races: the bear-off database (``bearoff``), races rated from it and solved
exactly where small (``rating``), and their compiled twin (``compiled``, the race
choice of the nets' compiled turns: imported by name where the fast path is in use,
so that this face never loads numba)."""

from .rating import (
    NO_TABLES,
    Tables,
    after_plays,
    compiled_tables,
    exact,
    is_race,
    rate,
    small,
)

__all__ = [
    "NO_TABLES",
    "Tables",
    "after_plays",
    "compiled_tables",
    "exact",
    "is_race",
    "rate",
    "small",
]
