"""The text board of ``str(position)``."""

from __future__ import annotations

from trigammon_widget.engine import TRIGAMMON, Position
from trigammon_widget.engine.diagram import SYMBOLS


def test_trigammon_rows_are_named_after_the_player_seated_in_front() -> None:
    """RULES.md Seating: a side holds its player's outer zone and home, path 25..36."""
    rows = [line.split() for line in str(Position.start(TRIGAMMON)).splitlines()]
    sides = {row[1]: [int(n) for n in row[2:]] for row in rows if row[:1] == ["side"]}
    assert sorted(sides) == sorted(SYMBOLS)
    for letter, points in sides.items():
        player = SYMBOLS.index(letter)
        assert [TRIGAMMON.path(player, point) for point in points] == list(range(25, 37))
