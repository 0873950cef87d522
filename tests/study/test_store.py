"""The library's file: what is not a library is refused and left as it was, an older
schema is migrated in one transaction, and processes drilling and adding at once lose
nothing (real processes on one file)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from trigammon_widget import CLASSIC, Position
from trigammon_widget.study import Library, store

from .games import START, Clock


def made(path: Path) -> Library:
    library = Library(path)
    library.add(Position.start(CLASSIC).with_dice(3, 1), comment="kept")
    return library


def test_a_new_or_empty_file_becomes_a_library(tmp_path: Path) -> None:
    made(tmp_path / "new.sqlite").close()
    (tmp_path / "empty.sqlite").touch()
    made(tmp_path / "empty.sqlite").close()
    for name in ("new.sqlite", "empty.sqlite"):
        with Library(tmp_path / name) as again:
            assert len(again) == 1 and again.cards()[0].comment == "kept"


def other_database(path: Path) -> None:
    with sqlite3.connect(path) as other:
        other.execute("CREATE TABLE notes (text TEXT)")
        other.execute("INSERT INTO notes VALUES ('mine')")
    other.close()


def truncated(path: Path) -> None:
    made(path).close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def newer(path: Path) -> None:
    made(path).close()
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version = {store.SCHEMA_VERSION + 1}")
    connection.close()


def short(path: Path) -> None:
    made(path).close()
    path.write_bytes(path.read_bytes()[:60])


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda path: path.write_text("my notes\n"), "not an SQLite database"),
        (other_database, "an SQLite database of another program"),
        (truncated, "cut short"),
        (short, "truncated"),
        (newer, "newer version"),
    ],
    ids=["text", "another database", "truncated", "a header cut", "a newer schema"],
)
def test_what_is_not_a_library_is_refused_untouched(
    tmp_path: Path, make: object, said: str
) -> None:
    path = tmp_path / "file.sqlite"
    make(path)  # type: ignore[operator]
    before = path.read_bytes()
    with pytest.raises(ValueError, match=said):
        Library(path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.sqlite"]


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="cannot read the study library"):
        Library(tmp_path)


def test_an_older_library_is_migrated_in_one_transaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "old.sqlite"
    made(path).close()

    def broken(connection: sqlite3.Connection) -> None:
        connection.execute("ALTER TABLE cards ADD COLUMN starred INTEGER NOT NULL DEFAULT 0")
        connection.execute("SELECT * FROM no_such_table")

    def adds_a_column(connection: sqlite3.Connection) -> None:
        connection.execute("ALTER TABLE cards ADD COLUMN starred INTEGER NOT NULL DEFAULT 0")

    monkeypatch.setattr(store, "SCHEMA_VERSION", 2)
    monkeypatch.setattr(store, "MIGRATIONS", [*store.MIGRATIONS, broken])
    with pytest.raises(ValueError, match="could not be made a study library"):
        Library(path)
    with sqlite3.connect(path) as connection:  # as it was: version 1, no new column
        assert connection.execute("PRAGMA user_version").fetchone() == (1,)
        columns = [row[1] for row in connection.execute("PRAGMA table_info(cards)")]
        assert "starred" not in columns
    connection.close()

    monkeypatch.setattr(store, "MIGRATIONS", [*store.MIGRATIONS[:1], adds_a_column])
    with Library(path) as migrated:
        assert len(migrated) == 1 and migrated.cards()[0].comment == "kept"
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone() == (2,)
        assert connection.execute("SELECT starred FROM cards").fetchall() == [(0,)]
    connection.close()


def test_a_write_is_all_or_nothing(tmp_path: Path) -> None:
    """A deck with one bad card adds none (the same transaction holds every write)."""
    with made(tmp_path / "study.sqlite") as library:
        deck = json.loads(library.export_deck("one"))
        good = dict(deck["cards"][0], position=Position.start(CLASSIC).with_dice(6, 5).id)
        good["best"] = [["24/13", 0.05]]
        good["made"] = good["made_equity"] = None
        bad = dict(good, best=[["24/18", 0.05]])
        deck["cards"] = [good, bad]
        with pytest.raises(ValueError, match="card 2"):
            library.import_deck(json.dumps(deck))
        assert len(library) == 1


WORKER = """
import sys
from datetime import UTC, datetime
from trigammon_widget import random_positions
from trigammon_widget.study import Library

path, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
library = Library(path, clock=lambda: datetime(2025, 5, 1, 9, 0, tzinfo=UTC))
answered = 0
positions = [p for p in random_positions("classic", 4 * count, seed=seed)
             if p.dice and len(p.legal_plays()) > 1][:count]
for position in positions:
    library.add(position)
    for card in library.due(limit=3):  # the other process's cards too
        library.answer(card, card.best[-1].text)
        answered += 1
print(answered)
"""


def test_two_processes_drilling_and_adding_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "shared.sqlite"
    Library(path).close()
    count = 12
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, str(path), str(seed), str(count)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for seed in (1, 2)
    ]
    answered = 0
    for worker in workers:
        out, err = worker.communicate(timeout=600)
        assert worker.returncode == 0, err[-2000:]
        answered += int(out.split()[-1])
    with Library(path, clock=Clock(START)) as library:
        cards = library.cards()
        assert len(cards) == 2 * count  # no card lost
        assert sum(card.reviews for card in cards) == answered  # no answer lost
        assert sum(len(library.reviews(card)) for card in cards) == answered
        assert answered >= 2 * count
