"""Cards out to Anki: a package Anki imports, one note a card, its picture and texts
escaped, a note's identity its card's, so that a deck exported again updates Anki's."""

from __future__ import annotations

import json
import sqlite3
import zipfile
from pathlib import Path

import pytest

from trigammon_widget import CLASSIC, TRIGAMMON, Cube, MatchPosition, MatchState, Position
from trigammon_widget.study import Library

HOSTILE = '<script>alert("x")</script>\nsplit?'


def notes(package: Path, folder: Path) -> tuple[list[tuple[str, str, str]], dict[str, str]]:
    """The notes (guid, fields, tags) of an Anki package, and its media by number."""
    with zipfile.ZipFile(package) as archive:
        archive.extract("collection.anki2", folder)
        media = json.loads(archive.read("media"))
        for number in media:
            assert archive.read(number).startswith(b"<svg")
    with sqlite3.connect(folder / "collection.anki2") as collection:
        rows = collection.execute("SELECT guid, flds, tags FROM notes ORDER BY id").fetchall()
    collection.close()
    return rows, media


def test_cards_become_an_anki_deck(library: Library, tmp_path: Path) -> None:
    pytest.importorskip("genanki")
    library.add(Position.start(CLASSIC).with_dice(6, 5), made="13/2", tags=["the opening"])
    library.add(Position.start(TRIGAMMON).with_dice(6, 5), comment=HOSTILE)
    library.add(MatchPosition(Position.start(CLASSIC), Cube(), MatchState(7, (0, 0))))
    package = library.export_anki(tmp_path / "deck.apkg", "My <mistakes>")
    rows, media = notes(package, tmp_path)
    assert len(rows) == 3 and len(media) == 3
    fields = [row[1].split("\x1f") for row in rows]
    assert fields[0][0].count("<img") == 1 and "Play 6-5." in fields[0][0]
    assert "24/13" in fields[0][1] and "13/2" in fields[0][1]
    assert rows[0][2].strip() == "the_opening"
    assert "&lt;script&gt;" in fields[1][1] and "<script>" not in fields[1][1]
    assert "Double or not?" in fields[2][0] and "no double" in fields[2][1]
    again = library.export_anki(tmp_path / "again.apkg", "My <mistakes>")
    (tmp_path / "collection.anki2").unlink()
    assert [row[0] for row in notes(again, tmp_path)[0]] == [row[0] for row in rows]


def test_an_anki_deck_by_tag(library: Library, tmp_path: Path) -> None:
    pytest.importorskip("genanki")
    library.add(Position.start(CLASSIC).with_dice(3, 1), tags=["a"])
    library.add(Position.start(CLASSIC).with_dice(4, 2), tags=["b"])
    rows, _media = notes(library.export_anki(tmp_path / "a.apkg", "A", tag="a"), tmp_path)
    assert len(rows) == 1
    with pytest.raises(ValueError, match="name"):
        library.export_anki(tmp_path / "x.apkg", "")
