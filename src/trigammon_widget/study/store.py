"""The library's file: an SQLite database, known by its application ID, versioned by
its schema, migrated in one transaction.

SQLite marks a file's kind in its header (``PRAGMA application_id``) and its format's
version (``PRAGMA user_version``); both are read from the header's bytes before
SQLite opens the file, so a file that is not a library (text, another program's
database, one cut short, one of a newer schema) is refused with a ``ValueError``
that says which, and left exactly as it was. A new or empty file becomes a library.

``MIGRATIONS[v]`` takes a library of schema ``v`` to ``v + 1``; the first makes the
first release's schema. Opening an older library runs the missing steps in one
transaction, so an interrupted migration leaves it as it was. Writes elsewhere run
in ``write`` transactions too (``BEGIN IMMEDIATE``: a writer waits for another, up to
``BUSY_SECONDS``), in write-ahead-log mode, so processes drilling and adding at once
each see the others' work and lose none.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from ..engine.errors import quote
from ..engine.i18n import _

__all__ = [
    "APPLICATION_ID",
    "BUSY_SECONDS",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "connect",
    "write",
]

APPLICATION_ID = 0x54474C42
"""``PRAGMA application_id`` of a study library: "TGLB" (trigammon library)."""
BUSY_SECONDS = 30.0
"""How long a write waits for another process's write to finish."""
_MAGIC = b"SQLite format 3\x00"
_HEADER = 100
"""SQLite's file header: its magic string, page size at 16, page count at 28, the
schema's ``user_version`` at 60 and ``application_id`` at 68 (big-endian)."""

_V1 = (
    """CREATE TABLE cards (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('play', 'cube')),
        variant TEXT NOT NULL,
        position TEXT NOT NULL,
        made TEXT,
        made_equity REAL,
        best TEXT NOT NULL,
        evaluator TEXT NOT NULL,
        ply INTEGER NOT NULL,
        mark TEXT,
        level INTEGER NOT NULL DEFAULT 0,
        source_kind TEXT NOT NULL,
        source_name TEXT NOT NULL DEFAULT '',
        source_game INTEGER,
        source_turn INTEGER,
        source_player TEXT NOT NULL DEFAULT '',
        source_date TEXT NOT NULL DEFAULT '',
        comment TEXT NOT NULL DEFAULT '',
        added TEXT NOT NULL,
        due TEXT NOT NULL,
        state INTEGER NOT NULL,
        step INTEGER,
        stability REAL,
        difficulty REAL,
        last_review TEXT,
        reviews INTEGER NOT NULL DEFAULT 0,
        lapses INTEGER NOT NULL DEFAULT 0
    )""",
    "CREATE INDEX cards_due ON cards (due)",
    "CREATE INDEX cards_source ON cards (source_name)",
    """CREATE TABLE tags (
        card INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
        tag TEXT NOT NULL,
        PRIMARY KEY (card, tag)
    ) WITHOUT ROWID""",
    "CREATE INDEX tags_tag ON tags (tag, card)",
    """CREATE TABLE reviews (
        id INTEGER PRIMARY KEY,
        card INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
        at TEXT NOT NULL,
        answer TEXT NOT NULL,
        loss REAL NOT NULL,
        grade TEXT NOT NULL,
        evaluator TEXT NOT NULL,
        before TEXT NOT NULL
    )""",
    "CREATE INDEX reviews_card ON reviews (card)",
)
"""The first release's schema: the cards (their decision, judgement, source, comment
and FSRS memory), their tags, and every answer (with the memory before it, so that a
grade can be overridden)."""


def _statements(statements: Sequence[str]) -> Callable[[sqlite3.Connection], None]:
    def migrate(connection: sqlite3.Connection) -> None:
        for statement in statements:
            connection.execute(statement)

    return migrate


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_statements(_V1)]
"""``MIGRATIONS[v]`` takes a library of schema version ``v`` to ``v + 1``."""
SCHEMA_VERSION = len(MIGRATIONS)
"""The schema a library is migrated to on opening (one more than each migration)."""


def connect(path: str | os.PathLike[str]) -> sqlite3.Connection:
    """A connection to the library at ``path``: made if the file is new or empty,
    migrated if older; refused (a ``ValueError``, the file untouched) if it is not a
    library or newer than this version reads."""
    where = Path(path)
    _check_file(where)
    try:
        connection = sqlite3.connect(
            where, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False
        )
    except sqlite3.Error as error:
        raise ValueError(
            _("cannot open the study library {path}: {error}").format(
                path=quote(str(where)), error=error
            )
        ) from None
    try:
        connection.execute("PRAGMA foreign_keys = ON")
        _migrate(connection, where)
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = NORMAL")  # durable at each checkpoint (WAL)
    except BaseException:
        connection.close()
        raise
    return connection


@contextmanager
def write(connection: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """A write transaction: all of it or none (rolled back on any error)."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield connection
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def _check_file(path: Path) -> None:
    """Refuse a file that is not a study library of a schema this version reads."""
    try:
        with path.open("rb") as file:
            header = file.read(_HEADER)
            size = file.seek(0, os.SEEK_END)
    except FileNotFoundError:
        return  # a new library
    except OSError as error:
        raise ValueError(
            _("cannot read the study library {path}: {error}").format(
                path=quote(str(path)), error=error.strerror or error
            )
        ) from None
    if size == 0:
        return
    shown = quote(str(path))
    if not header.startswith(_MAGIC):
        raise ValueError(
            _("{path} is not a study library: it is not an SQLite database").format(path=shown)
        )
    if len(header) < _HEADER:
        raise ValueError(_("{path} is not a study library: it is truncated").format(path=shown))
    page = int.from_bytes(header[16:18], "big")
    page = 65536 if page == 1 else page
    pages = int.from_bytes(header[28:32], "big")
    version = int.from_bytes(header[60:64], "big")
    application = int.from_bytes(header[68:72], "big")
    if application != APPLICATION_ID:
        raise ValueError(
            _("{path} is not a study library: it is an SQLite database of another program").format(
                path=shown
            )
        )
    if size % page or size < pages * page:
        raise ValueError(
            _(
                "{path} is a study library cut short: {size} bytes of its {pages} pages of "
                "{page}; restore it from a copy"
            ).format(path=shown, size=size, pages=pages, page=page)
        )
    if version > SCHEMA_VERSION:
        raise _newer(path, version)


def _migrate(connection: sqlite3.Connection, path: Path) -> None:
    """Make or bring the library to ``SCHEMA_VERSION``, in one transaction."""
    if _version(connection, path) == SCHEMA_VERSION:
        return
    try:
        with write(connection):
            version = _version(connection, path)  # another process may have done it meanwhile
            for step in MIGRATIONS[version:]:
                step(connection)
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except sqlite3.DatabaseError as error:
        raise ValueError(
            _("{path} could not be made a study library: {error}").format(
                path=quote(str(path)), error=error
            )
        ) from None


def _version(connection: sqlite3.Connection, path: Path) -> int:
    """The library's schema version; a newer one than this version reads is refused."""
    version: int = connection.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise _newer(path, version)
    return version


def _newer(path: Path, version: int) -> ValueError:
    return ValueError(
        _(
            "{path} is a study library of a newer version (schema {version}; this "
            "version reads up to {known}): update trigammon-widget to open it"
        ).format(path=quote(str(path)), version=version, known=SCHEMA_VERSION)
    )
