"""Where the suite finds the checkout's files, whatever folder a test module lies in."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The checkout: ``src/``, ``scripts/``, ``notebooks/``, ``docs/`` and ``js/`` beside ``tests/``."""
GNUBG_FILES = ROOT / "tests" / "data" / "gnubg"
"""Files GNU Backgammon wrote: match files to read back, its match equity table."""
