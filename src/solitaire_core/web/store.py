"""The web server's games, kept in a SQLite file: they survive a restart, and old ones expire.

:class:`GameStore` keeps each game as its save document
(:func:`~solitaire_core.game.save_document`, checked by replay when it is
read back) with how its deal was chosen (:class:`DealInfo`), under a random id
that a player cannot guess. The file is the standard library's
:mod:`sqlite3` (no other dependency), in WAL mode, and identifies itself by
``PRAGMA application_id`` (:data:`APPLICATION_ID`) and ``PRAGMA user_version``
(:data:`SCHEMA_VERSION`).

* **Atomic.** Every change is one transaction (``BEGIN IMMEDIATE``): a game
  is either saved whole after an action or left as it was. A write that
  fails raises :class:`~solitaire_core.errors.GameStoreError` and changes
  nothing.
* **Several processes, players and tabs.** Each saved game carries a version
  that every save raises; a save made from an older version (another process
  saved the game meanwhile) is refused (:meth:`GameStore.save` returns
  False) instead of overwriting it. The games read are kept in memory (up to
  ``cache_size``), and read again when the file holds a newer version.
* **Old games expire.** A game not touched for ``max_age`` seconds is
  deleted: at opening, and then at most once an hour when a game is added.
* **Safe with a bad file.** A file that is not a SQLite database, a damaged
  one, another program's database or a newer schema is refused at opening
  with :class:`~solitaire_core.errors.GameStoreError`, and left as it was.

Times: ``wall_clock`` (seconds since the epoch, :func:`time.time`) dates the
rows for expiry; ``time_source`` (:func:`time.monotonic`) runs the games'
clocks, which go on from the elapsed time saved after a restart.

>>> import pathlib, tempfile
>>> from solitaire_core import Game
>>> store = GameStore(pathlib.Path(tempfile.mkdtemp()) / "games.sqlite3")
>>> stored = store.add(Game.from_code("KL1-D1N-AAAAAAG"), DealInfo(source="code", known=True))
>>> _ = stored.game.play("7f")
>>> store.save(stored)
True
>>> again = GameStore(store.path)                 # another process, or after a restart
>>> again.get(stored.id).game.score
15
>>> again.get("no-such-game") is None
True
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

import attrs

from solitaire_core import _sqlite
from solitaire_core.errors import GameStoreError, InvalidArgumentError, SaveFileError
from solitaire_core.game import Game, TimeSource, load_document, save_document

APPLICATION_ID: Final = 0x53435747
"""``PRAGMA application_id`` of a game store (the bytes ``SCWG``)."""
SCHEMA_VERSION: Final = 1
"""``PRAGMA user_version`` of the schema this module writes and reads."""
DEFAULT_MAX_AGE: Final = 30 * 24 * 3600.0
"""Seconds a game is kept after its last action: 30 days."""
DEFAULT_CACHE_SIZE: Final = 256
"""Games kept in memory between requests."""
SWEEP_INTERVAL: Final = 3600.0
"""Seconds between two sweeps of expired games."""
DEAL_SOURCES: Final = ("code", "number", "random", "winnable")
"""How a deal was chosen: its code given, its game and number given, at random, winnable."""

_SCHEMA: Final = (
    """
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        document TEXT NOT NULL,
        deal TEXT NOT NULL,
        recorded INTEGER NOT NULL CHECK (recorded IN (0, 1)),
        version INTEGER NOT NULL CHECK (version >= 1),
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    )
    """,
    "CREATE INDEX games_by_age ON games (updated_at)",
    f"PRAGMA application_id = {APPLICATION_ID}",
    f"PRAGMA user_version = {SCHEMA_VERSION}",
)
"""The statements that make an empty file a game store.

Columns: ``id`` (random, URL-safe), ``document`` (the save document, JSON),
``deal`` (:meth:`DealInfo.to_json`, JSON), ``recorded`` (1 once the finished
game is in the statistics), ``version`` (raised by every save), ``created_at``
and ``updated_at`` (seconds since the epoch)."""


@attrs.frozen(kw_only=True)
class DealInfo:
    """How a game's deal was chosen, and what the player may be told about it.

    Attributes:
        source: one of :data:`DEAL_SOURCES`.
        known: True when the player chose the deal (its code, or its game and
            number): the code is theirs already and may be shown. Otherwise
            the code and number are told only once the game is over, since a
            code rebuilds every hidden card.
        proven: for a winnable deal, whether it is proven winnable; None for
            the other sources.
        grade: the deal's difficulty grade (``"easy"``, ``"medium"``,
            ``"hard"``) where known (a catalogued or solved winnable deal, or a
            catalogued deal chosen by code or number), else None.
    """

    source: str
    known: bool
    proven: bool | None = None
    grade: str | None = None

    def __attrs_post_init__(self) -> None:
        if self.source not in DEAL_SOURCES:
            raise InvalidArgumentError(
                f"source must be one of {', '.join(DEAL_SOURCES)}, got {self.source!r}"
            )

    def to_json(self) -> dict[str, Any]:
        """``{"source", "known", "proven", "grade"}``."""
        return attrs.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealInfo:
        """Read :meth:`to_json`'s dict back."""
        return cls(
            source=data["source"], known=data["known"], proven=data["proven"], grade=data["grade"]
        )


@attrs.define
class StoredGame:
    """A game as the store holds it: change :attr:`game`, then :meth:`GameStore.save` it.

    Attributes:
        id: the game's id (random, URL-safe).
        game: the game.
        deal: how its deal was chosen.
        recorded: True once the finished game is in the statistics.
        version: the version of the row this game was read from or saved as.
    """

    id: str
    game: Game
    deal: DealInfo
    recorded: bool
    version: int


class GameStore:
    """Games kept in a SQLite file by id, expiring after ``max_age`` seconds without an action.

    Args:
        path: the database file; created (with its folder) when missing.
        time_source: the games' clocks (:func:`time.monotonic`).
        wall_clock: seconds since the epoch, for expiry (:func:`time.time`).
        max_age: seconds a game is kept after its last action (> 0).
        cache_size: games kept in memory (>= 0).
        timeout: seconds to wait for another process's transaction (> 0).

    Raises:
        GameStoreError: for a file that cannot be a game store (see the
            module docs), or cannot be created or opened; it is left as it was.
        InvalidArgumentError: (a ``ValueError``) for a bad ``max_age``,
            ``cache_size`` or ``timeout``.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        time_source: TimeSource = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
        max_age: float = DEFAULT_MAX_AGE,
        cache_size: int = DEFAULT_CACHE_SIZE,
        timeout: float = 5.0,
    ) -> None:
        self._timeout = _sqlite.require_timeout(timeout)
        self._max_age = _sqlite.require_timeout(max_age)  # the same check: a number > 0
        if type(cache_size) is not int or cache_size < 0:
            raise InvalidArgumentError(f"cache_size must be an int >= 0, got {cache_size!r}")
        self._path = Path(path)
        self._name = os.fspath(path)
        self._time_source = time_source
        self._wall_clock = wall_clock
        self._cache_size = cache_size
        self._cache: OrderedDict[str, StoredGame] = OrderedDict()
        self._local = threading.local()
        self._lock = threading.Lock()  # the cache, shared by the server's threads
        self._next_sweep = 0.0
        self._open()
        self.expire()

    @property
    def path(self) -> Path:
        """The database file."""
        return self._path

    @property
    def max_age(self) -> float:
        """Seconds a game is kept after its last action."""
        return self._max_age

    def __repr__(self) -> str:
        return f"GameStore({self._name!r}, max_age={self._max_age:g})"

    # --- the games ---------------------------------------------------------------

    def add(self, game: Game, deal: DealInfo) -> StoredGame:
        """Keep a new game under a new random id; returns it as stored.

        Raises:
            GameStoreError: when the file cannot be written (nothing is kept).
        """
        now = self._wall_clock()
        if now >= self._next_sweep:
            self.expire()
        stored = StoredGame(secrets.token_urlsafe(12), game, deal, recorded=False, version=1)
        with self._transaction() as connection:
            connection.execute(
                "INSERT INTO games (id, document, deal, recorded, version, created_at,"
                " updated_at) VALUES (?, ?, ?, 0, 1, ?, ?)",
                (stored.id, _document_text(game), json.dumps(deal.to_json()), now, now),
            )
        self._remember(stored)
        return stored

    def get(self, game_id: str) -> StoredGame | None:
        """The game of this id, or None when there is none (never made, expired or removed).

        Raises:
            GameStoreError: when the file cannot be read, or holds a damaged
                game (a save document that does not replay).
        """
        # Single statements, each atomic on its own: a version read here that is stale by
        # the time of the save makes the save refuse (see save), never overwrite.
        row = self._read("SELECT version, updated_at FROM games WHERE id = ?", game_id)
        if row is None or row[1] < self._wall_clock() - self._max_age:
            self._forget(game_id)
            return None
        with self._lock:
            cached = self._cache.get(game_id)
            if cached is not None and cached.version == row[0]:
                self._cache.move_to_end(game_id)
                return cached
        query = "SELECT document, deal, recorded, version FROM games WHERE id = ?"
        row = self._read(query, game_id)
        if row is None:
            return None
        document, deal, recorded, version = row
        try:
            game = load_document(json.loads(document), time_source=self._time_source)
            info = DealInfo.from_json(json.loads(deal))
        except (SaveFileError, ValueError, KeyError, TypeError) as error:
            raise GameStoreError(self._name, f"game {game_id!r} is damaged: {error}") from None
        stored = StoredGame(game_id, game, info, recorded=bool(recorded), version=version)
        self._remember(stored)
        return stored

    def _read(self, query: str, game_id: str) -> Any:
        """One row of a query on one game (autocommit: a statement is atomic), or None."""
        try:
            return self._connection().execute(query, (game_id,)).fetchone()
        except sqlite3.Error as error:
            raise self._failure(error) from None

    def save(self, stored: StoredGame) -> bool:
        """Save a game after an action; False (and nothing saved) if it changed meanwhile.

        It changed meanwhile when another process (or a request that read it
        before) saved it since ``stored`` was read: the version differs. The
        game is then dropped from memory, to be read again.

        Raises:
            GameStoreError: when the file cannot be written (nothing is saved)
                or the game is gone (expired or removed).
        """
        now = self._wall_clock()
        try:
            changed = self._update(stored, now)
        except GameStoreError:
            self._forget(stored.id)  # its game may hold the action that was not saved
            raise
        if not changed:
            self._forget(stored.id)
            return False
        stored.version += 1
        self._remember(stored)
        return True

    def _update(self, stored: StoredGame, now: float) -> bool:
        with self._transaction() as connection:
            changed = connection.execute(
                "UPDATE games SET document = ?, deal = ?, recorded = ?, version = version + 1,"
                " updated_at = ? WHERE id = ? AND version = ?",
                (
                    _document_text(stored.game),
                    json.dumps(stored.deal.to_json()),
                    int(stored.recorded),
                    now,
                    stored.id,
                    stored.version,
                ),
            ).rowcount
        return bool(changed)

    def remove(self, game_id: str) -> bool:
        """Forget a game; True when there was one.

        Raises:
            GameStoreError: when the file cannot be written.
        """
        with self._transaction() as connection:
            removed = connection.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount
        self._forget(game_id)
        return bool(removed)

    def expire(self) -> int:
        """Delete the games not touched for :attr:`max_age` seconds; returns how many.

        Raises:
            GameStoreError: when the file cannot be written.
        """
        now = self._wall_clock()
        self._next_sweep = now + SWEEP_INTERVAL
        with self._transaction() as connection:
            expired = [
                row[0]
                for row in connection.execute(
                    "SELECT id FROM games WHERE updated_at < ?", (now - self._max_age,)
                )
            ]
            connection.execute("DELETE FROM games WHERE updated_at < ?", (now - self._max_age,))
        for game_id in expired:
            self._forget(game_id)
        return len(expired)

    def __len__(self) -> int:
        """How many games the file holds (expired ones not yet swept included)."""
        with self._transaction(write=False) as connection:
            count: int = connection.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        return count

    def close(self) -> None:
        """Close this thread's connection (the others close with their threads)."""
        connection = getattr(self._local, "connection", None)
        if connection is not None:
            connection.close()
            self._local.connection = None

    # --- memory ------------------------------------------------------------------

    def _remember(self, stored: StoredGame) -> None:
        with self._lock:
            self._cache[stored.id] = stored
            self._cache.move_to_end(stored.id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    def _forget(self, game_id: str) -> None:
        with self._lock:
            self._cache.pop(game_id, None)

    # --- the file ----------------------------------------------------------------

    def _open(self) -> None:
        """Check the file, or make it a game store; refuse anything else, leaving it as it was."""
        if self._path.exists() and not self._path.is_file():
            raise GameStoreError(self._name, "not a regular file")
        problem = _sqlite.header_problem(self._path)
        if problem is not None:
            raise GameStoreError(self._name, problem)
        try:
            self._path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise GameStoreError(self._name, f"cannot make its folder: {error}") from None
        try:  # checked on a connection of its own: WAL mode only once the file is ours
            checking = _sqlite.connect(self._path, write=True, timeout=self._timeout)
        except sqlite3.Error as error:
            raise self._failure(error) from None
        try:
            self._check_or_create(checking)
        finally:
            checking.close()

    def _check_or_create(self, connection: sqlite3.Connection) -> None:
        """Check the file in a transaction; make an empty one a game store (all or nothing)."""
        try:
            connection.execute("BEGIN IMMEDIATE")
            problems = _sqlite.integrity_problems(connection)
            if problems is not None:
                raise GameStoreError(self._name, f"the database is damaged: {problems}")
            application_id = connection.execute("PRAGMA application_id").fetchone()[0]
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            tables = connection.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
            if application_id == 0 and version == 0 and tables == 0:
                for statement in _SCHEMA:
                    connection.execute(statement)
            elif application_id != APPLICATION_ID:
                raise GameStoreError(self._name, "another program's database, not a game store")
            elif version > SCHEMA_VERSION:
                raise GameStoreError(
                    self._name,
                    f"written by a newer version of solitaire_core (schema {version}, "
                    f"this one reads {SCHEMA_VERSION})",
                )
            connection.execute("COMMIT")
        except sqlite3.Error as error:
            raise self._failure(error) from None
        finally:
            if connection.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    connection.execute("ROLLBACK")

    def _connection(self) -> sqlite3.Connection:
        """This thread's connection, opened on first use (WAL mode)."""
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is None:
            connection = _sqlite.connect(self._path, write=True, timeout=self._timeout)
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = NORMAL")
            self._local.connection = connection
        return connection

    @contextlib.contextmanager
    def _transaction(self, *, write: bool = True) -> Iterator[sqlite3.Connection]:
        """A transaction committed when the block succeeds, else rolled back.

        Every SQLite error becomes a :class:`GameStoreError`, the file unchanged.
        """
        try:
            connection = self._connection()
        except sqlite3.Error as error:
            raise self._failure(error) from None
        try:
            connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            yield connection
            connection.execute("COMMIT")
        except sqlite3.Error as error:
            raise self._failure(error) from None
        finally:
            if connection.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    connection.execute("ROLLBACK")

    def _failure(self, error: sqlite3.Error) -> GameStoreError:
        return GameStoreError(
            self._name, _sqlite.failure_reason(error, path=self._path, timeout=self._timeout)
        )


def _document_text(game: Game) -> str:
    return json.dumps(save_document(game), separators=(",", ":"))


__all__ = [
    "APPLICATION_ID",
    "DEAL_SOURCES",
    "DEFAULT_CACHE_SIZE",
    "DEFAULT_MAX_AGE",
    "SCHEMA_VERSION",
    "DealInfo",
    "GameStore",
    "StoredGame",
]
