"""The study tests' fixtures: a library on a clock the test controls."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from trigammon_widget.study import Library

from .games import Clock


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def library(tmp_path: Path, clock: Clock) -> Iterator[Library]:
    with Library(tmp_path / "study.sqlite", clock=clock, fuzz=False) as opened:
        yield opened
