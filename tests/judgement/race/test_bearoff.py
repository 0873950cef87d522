"""The one-sided bear-off database: the shipped file is small and pickle-free, its
boards are every home board once, and its chances are those of a brute-force search
that plays each roll on a real board through the engine's ``Position`` API."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
import pytest

from trigammon_widget.engine import CLASSIC, Position
from trigammon_widget.judgement.race import bearoff
from trigammon_widget.judgement.race.bearoff import ROLLS, TIE, Bearoff, home_boards

TABLE = Path(bearoff.__file__).parents[1] / bearoff.TABLE_DIR / bearoff.TABLE_FILE


@pytest.fixture(scope="module")
def table() -> Bearoff:
    return bearoff.load()


def test_the_file_is_small_and_loads_without_pickles(table: Bearoff) -> None:
    assert TABLE.stat().st_size < 1_500_000
    with np.load(TABLE, allow_pickle=False) as data:
        assert {"boards", "all_off", "first_off", "meta"} <= set(data.files)
    again = Bearoff.load(TABLE)
    assert np.array_equal(again.finished, table.finished)
    assert np.array_equal(again.saves, table.saves)


def test_every_home_board_once_in_index_order(table: Bearoff) -> None:
    boards = [tuple(b) for b in table.boards.tolist()]
    assert len(boards) == len(set(boards)) == 54_264
    assert boards == home_boards()
    assert boards[0] == (0,) * 6
    assert sum(1 for b in boards if sum(b) == 15) == len(table.first_off) == 15_504
    assert table.find((0, 0, 0, 0, 0, 15)) == len(boards) - 1  # the most pips
    for bad in [(0, 0, 0, 0, 0, 16), (1, 2, 3), (8, 8, 0, 0, 0, 0), (-1, 0, 0, 0, 0, 0)]:
        with pytest.raises(ValueError, match="no home board"):
            table.find(bad)


def test_chances_are_distributions(table: Bearoff) -> None:
    for cumulative in (table.finished, table.saves):
        assert np.all(np.diff(cumulative, axis=1) >= 0)
        assert np.allclose(cumulative[:, -1], 1.0, rtol=0, atol=1e-12)
        assert np.all(cumulative >= 0)
    # A board with a checker off has saved the gammon; one still on the board has not.
    full = table.boards.sum(axis=1) == 15
    assert np.all(table.saves[~full, 0] == 1.0) and np.all(table.saves[full, 0] == 0.0)
    assert table.finished[0, 0] == 1.0 and np.all(table.finished[1:, 0] == 0.0)
    # Bearing off everything within n rolls brings one checker off within n rolls: the
    # race ratings lean on it (a gammon is never likelier than the win).
    width = min(table.finished.shape[1], table.saves.shape[1])
    assert np.all(table.saves[:, :width] >= table.finished[:, :width] - 1e-15)


def classic_position(home: tuple[int, ...]) -> Position:
    """Player 0's home board on a classic board (k pips from off: path 25 - k); the
    other player has one checker left, far away on its own ace point."""
    return Position.build(
        CLASSIC, {0: {25 - (k + 1): c for k, c in enumerate(home) if c}, 1: {24: 1}}
    )


def home_of(position: Position) -> tuple[int, ...]:
    board = position.boards[0]
    return tuple(board[24 - k] for k in range(6))


@cache
def leads_to(home: tuple[int, ...], roll: tuple[int, int]) -> tuple[tuple[int, ...], ...]:
    rolled = classic_position(home).with_dice(*roll)
    return tuple(home_of(rolled.play(play)) for play in rolled.legal_plays())


def rank(home: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    return sum((k + 1) * c for k, c in enumerate(home)), home


def fewest(
    children: tuple[tuple[int, ...], ...], expected: dict[tuple[int, ...], float]
) -> tuple[int, ...]:
    low = min(expected[c] for c in children)
    return min((c for c in children if expected[c] <= low + TIE), key=rank)


def brute_force(homes: list[tuple[int, ...]], first: bool) -> dict[tuple[int, ...], list[float]]:
    """Each board's chance of being done within n rolls (all off, or ``first``: one off),
    playing every roll for the fewest rolls expected, ties to fewer pips, then the
    lower counts: the database's rule, read afresh."""
    expected: dict[tuple[int, ...], float] = {}
    done: dict[tuple[int, ...], list[float]] = {}
    for home in sorted(homes, key=rank):
        if (sum(home) < 15) if first else not any(home):
            expected[home], done[home] = 0.0, [1.0] * 40
            continue
        picks = [fewest(leads_to(home, roll), expected) for roll in ROLLS]
        weights = [(1 if a == b else 2) / 36 for a, b in ROLLS]
        expected[home] = 1 + sum(w * expected[p] for w, p in zip(weights, picks, strict=True))
        done[home] = [0.0] + [
            sum(w * done[p][n - 1] for w, p in zip(weights, picks, strict=True))
            for n in range(1, 40)
        ]
    return done


def within(table: Bearoff, cumulative: np.ndarray, board: int, n: int) -> float:
    return float(cumulative[board, min(n, cumulative.shape[1] - 1)])


def test_all_off_chances_match_brute_force(table: Bearoff) -> None:
    """Every board of up to four checkers, and fifteen on the two lowest points."""
    homes = sorted(set(home_boards(4)) | set(home_boards(15, 2)))
    found = brute_force(homes, first=False)
    wrong = [
        (home, n)
        for home, chances in found.items()
        for n in range(40)
        if abs(within(table, table.finished, table.find(home), n) - chances[n]) > 1e-9
    ]
    assert not wrong and len(found) == 210 + 136 - 15


def test_gammon_saving_chances_match_brute_force(table: Bearoff) -> None:
    """Fifteen checkers on the three lowest points: the first checker off."""
    homes = home_boards(15, 3)
    found = brute_force(homes, first=True)
    full = [h for h in homes if sum(h) == 15]
    wrong = [
        (home, n)
        for home in full
        for n in range(40)
        if abs(within(table, table.saves, table.find(home), n) - found[home][n]) > 1e-9
    ]
    assert not wrong and len(full) == 136


def test_a_closed_part_of_the_table_builds_to_the_same_plays(table: Bearoff) -> None:
    """The build is deterministic: boards of at most five checkers (closed under play)
    get the shipped plays, and so do the first-off plays of 15 on the lowest 3 points."""
    for homes in (home_boards(5), home_boards(15, 3)):
        all_off, first_off = bearoff.build(homes)
        ids = np.array([table.find(h) for h in homes])
        assert np.array_equal(ids[all_off], table.all_off[ids])
        full = ids[[sum(h) == 15 for h in homes]]
        rows = np.searchsorted(np.flatnonzero(table.boards.sum(axis=1) == 15), full)
        assert np.array_equal(ids[first_off], table.first_off[rows])
