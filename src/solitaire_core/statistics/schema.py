"""The statistics database's schema, its version and its migrations.

The database is a SQLite file with one append-only table, ``games``: one row
per recorded game, never updated or deleted. Every figure is computed from it
by queries, so two programs recording at once cannot lose each other's games.

The file identifies itself in its header: ``PRAGMA application_id`` is
:data:`APPLICATION_ID` and ``PRAGMA user_version`` is the schema version, 1 ..
:data:`SCHEMA_VERSION`. :data:`MIGRATIONS` lists, for each version, the
statements that bring the version before it there; a writer applies the
missing ones, all of them in the transaction that records its game, so a
database is never left half-migrated. Readers never migrate: every version
holds the same ``games`` table.

Versions:

1. the ``games`` table (columns below) and the application id;
2. an index for the per-board queries (``games_by_board``).

Columns of ``games``: ``id`` (recording order, never reused), ``game``,
``draw``, ``scoring`` (the board), ``outcome`` (``won``, ``lost``,
``resigned``), ``score`` (points or dollars), ``score_text``, ``seconds``
(REAL or NULL), ``moves``, ``assisted`` (0 or 1), ``code`` (text or NULL),
``finished_at`` (ISO 8601 text as the app gave it, or NULL).
"""

from __future__ import annotations

import sqlite3
from typing import Final

from solitaire_core.errors import StatisticsError

APPLICATION_ID: Final = 0x53435354
"""``PRAGMA application_id`` of a statistics database (the bytes ``SCST``)."""

GAMES_COLUMNS: Final = (
    "id",
    "game",
    "draw",
    "scoring",
    "outcome",
    "score",
    "score_text",
    "seconds",
    "moves",
    "assisted",
    "code",
    "finished_at",
)
"""The columns of the ``games`` table, in order."""

MIGRATIONS: Final[tuple[tuple[str, ...], ...]] = (
    (  # version 1: one row per recorded game
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game TEXT NOT NULL,
            draw INTEGER NOT NULL CHECK (draw >= 0),
            scoring TEXT NOT NULL,
            outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost', 'resigned')),
            score INTEGER NOT NULL,
            score_text TEXT NOT NULL,
            seconds REAL CHECK (seconds IS NULL OR seconds >= 0),
            moves INTEGER NOT NULL CHECK (moves >= 0),
            assisted INTEGER NOT NULL CHECK (assisted IN (0, 1)),
            code TEXT,
            finished_at TEXT
        )
        """,
        f"PRAGMA application_id = {APPLICATION_ID}",
    ),
    (  # version 2: the per-board queries read one board's games in recording order
        "CREATE INDEX games_by_board ON games (game, draw, scoring, assisted, id)",
    ),
)
"""The statements of each schema version, ``MIGRATIONS[v - 1]`` making version ``v``."""

SCHEMA_VERSION: Final = len(MIGRATIONS)
"""The schema version this library writes (and the newest it reads)."""


def schema_version(connection: sqlite3.Connection, path: str) -> int:
    """The schema version of an open database, after checking that it is a statistics one.

    Args:
        connection: an open connection, inside a transaction.
        path: the file, named in errors.

    Returns:
        1 .. :data:`SCHEMA_VERSION`, or 0 for an empty database (no table at all).

    Raises:
        StatisticsError: for a SQLite database of another program, a schema
            version newer than :data:`SCHEMA_VERSION`, or a ``games`` table
            without the expected columns.
        sqlite3.Error: from SQLite (a damaged or locked file), for the caller
            to translate.
    """
    application_id = connection.execute("PRAGMA application_id").fetchone()[0]
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if application_id == 0 and version == 0:
        tables = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if tables:
            raise StatisticsError(
                path, "not a solitaire-core statistics database (it holds other tables)"
            )
        return 0
    if application_id != APPLICATION_ID:
        raise StatisticsError(
            path,
            f"not a solitaire-core statistics database (application id {application_id:#x})",
        )
    if version > SCHEMA_VERSION:
        raise StatisticsError(
            path,
            f"the database has schema version {version}, newer than this library reads "
            f"({SCHEMA_VERSION}): update solitaire-core",
        )
    columns = tuple(row[1] for row in connection.execute("PRAGMA table_info(games)"))
    if version < 1 or columns != GAMES_COLUMNS:
        raise StatisticsError(
            path, f"the database is damaged: schema version {version} without its games table"
        )
    return int(version)


def migrate(connection: sqlite3.Connection, path: str) -> int:
    """Bring an open database to :data:`SCHEMA_VERSION`; returns the version it had.

    The caller holds a write transaction (``BEGIN IMMEDIATE``) and commits or
    rolls back: the migrations and the caller's own writes land together or
    not at all.

    Raises:
        StatisticsError: as :func:`schema_version`.
        sqlite3.Error: from SQLite, for the caller to translate.
    """
    version = schema_version(connection, path)
    for statements in MIGRATIONS[version:]:
        for statement in statements:
            connection.execute(statement)
    if version != SCHEMA_VERSION:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    return version
