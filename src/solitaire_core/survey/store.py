"""The survey file: a SQLite database of one row per solved deal, written as each deal finishes.

The file identifies itself: ``PRAGMA application_id`` is :data:`APPLICATION_ID`
(the bytes ``SCSV``) and ``PRAGMA user_version`` the schema version,
:data:`SCHEMA_VERSION`. It has two tables:

* ``settings (name TEXT PRIMARY KEY, value TEXT)``: ``max_positions`` (an
  int) and ``time_limit`` (seconds, or the text ``none``), written with the
  file; every deal of the file was solved with them. A run on a file that
  holds no deal yet (a survey stopped before its first deal finished)
  replaces them with its own; a file without them is damaged.
* ``deals``: one row per deal, keyed by ``(prefix, deal)``, with the columns
  ``prefix``, ``deal``, ``code``, ``status`` (``solved``, ``unwinnable``,
  ``unknown``), ``positions``, ``moves`` (the winning line's length, 0 unless
  solved), ``decided_by`` (the solver's pass, or NULL), ``seconds`` (REAL)
  and ``grade`` (:class:`~solitaire_core.solver.grading.Grade`); the rowid is
  the order in which the deals finished.

Every deal is stored in a transaction of its own the moment it finishes, so a
survey killed at any moment (even with ``SIGKILL`` or a power cut: SQLite's
journal rolls back a half-written transaction) keeps every finished deal, and
a resumed survey solves only the others. A file of several games is fine (the
report groups the deals by game); one file has one setting.

A file that is not a survey file (not SQLite, damaged, another program's
database such as a statistics database, or written by a newer version of
this library) raises :class:`~solitaire_core.errors.SurveyError` and is left
exactly as it was. So does a survey file whose settings are missing, or
whose rows hold a value this library never writes (a verdict, pass or grade
it does not know, a grade that is not its verdict's, a code that is not the
deal's, a deal number out of range, a solved deal without moves, a decided
deal without the pass that decided it or an unknown one with a pass, no
positions): reading checks every row.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

from solitaire_core import _sqlite
from solitaire_core.codes import DEAL_NUMBER_LIMIT
from solitaire_core.errors import InvalidArgumentError, SurveyError
from solitaire_core.limits import MAX_COUNT
from solitaire_core.solver import SolveStatus
from solitaire_core.solver.grading import Grade
from solitaire_core.solver.solving import PASS_NAMES
from solitaire_core.survey.deals import deal_code
from solitaire_core.survey.rows import DealRow, SurveySettings

APPLICATION_ID: Final = 0x53435356
"""``PRAGMA application_id`` of a survey file (the bytes ``SCSV``)."""
SCHEMA_VERSION: Final = 1
"""The schema version this library writes, and the newest it reads."""
DEFAULT_TIMEOUT: Final = 5.0
"""Seconds to wait for another program's transaction on the file."""

_SCHEMA: Final = (
    "CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """
    CREATE TABLE deals (
        prefix TEXT NOT NULL,
        deal INTEGER NOT NULL CHECK (deal >= 0),
        code TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('solved', 'unwinnable', 'unknown')),
        positions INTEGER NOT NULL CHECK (positions >= 0),
        moves INTEGER NOT NULL CHECK (moves >= 0),
        decided_by TEXT,
        seconds REAL NOT NULL CHECK (seconds >= 0),
        grade TEXT NOT NULL,
        PRIMARY KEY (prefix, deal)
    )
    """,
    f"PRAGMA application_id = {APPLICATION_ID}",
    f"PRAGMA user_version = {SCHEMA_VERSION}",
)
_COLUMNS: Final = "prefix, deal, code, status, positions, moves, decided_by, seconds, grade"


class SurveyWriter:
    """Stores the deals of a running survey, each in its own transaction.

    Made by :meth:`SurveyStore.writing`; valid inside its ``with`` block.
    """

    def __init__(self, store: SurveyStore, connection: sqlite3.Connection) -> None:
        self._store = store
        self._connection = connection

    def add(self, row: DealRow) -> None:
        """Store one finished deal (committed before this returns).

        Raises:
            InvalidArgumentError: (a ``ValueError``) if ``row`` is not a
                :class:`~solitaire_core.survey.rows.DealRow`.
            SurveyError: if the deal is in the file already, or SQLite fails
                (the disk is full, say); the file keeps every earlier deal.
        """
        if not isinstance(row, DealRow):
            raise InvalidArgumentError(f"only a DealRow can be stored, got {row!r}")
        values = (
            row.prefix,
            row.deal,
            row.code,
            row.status.value,
            row.positions,
            row.moves,
            row.decided_by,
            row.seconds,
            row.grade.value,
        )
        with self._store._failures():
            try:
                self._connection.execute("BEGIN IMMEDIATE")
                self._connection.execute(
                    f"INSERT INTO deals ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", values
                )
                self._connection.execute("COMMIT")
            except sqlite3.IntegrityError:
                raise SurveyError(self._store.name, f"{row.code} is in the file already") from None
            finally:
                if self._connection.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        self._connection.execute("ROLLBACK")


class SurveyStore:
    """A survey file (see the module docs): its settings and rows, and a writer for a run.

    Args:
        path: the file; created (not its folder) by :meth:`writing`, never by
            reading.
        timeout: seconds to wait for another program's transaction (> 0).

    Raises:
        InvalidArgumentError: (a ``ValueError``) for a timeout that is not a
            finite number > 0.

    >>> import pathlib, tempfile
    >>> from solitaire_core.survey import SurveySettings
    >>> store = SurveyStore(pathlib.Path(tempfile.mkdtemp()) / "survey.sqlite3")
    >>> store.settings(), store.rows()
    (None, ())
    >>> with store.writing(SurveySettings(max_positions=2_000)) as writer:
    ...     pass
    >>> store.settings()
    SurveySettings(max_positions=2000, time_limit=None)
    """

    def __init__(self, path: str | os.PathLike[str], *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self._timeout = _sqlite.require_timeout(timeout)
        self._path = Path(path)
        self._name = os.fspath(path)

    @property
    def path(self) -> Path:
        """The file."""
        return self._path

    @property
    def name(self) -> str:
        """The file as given, as error messages quote it."""
        return self._name

    def __repr__(self) -> str:
        return f"SurveyStore({self._name!r}, timeout={self._timeout!r})"

    # --- reading ---------------------------------------------------------------

    def settings(self) -> SurveySettings | None:
        """The file's settings, or None for no file (missing, or an empty file).

        Raises:
            SurveyError: if the file is not a survey file this library can
                read, or its settings are missing or not valid (see the
                module docs).
        """
        with self._connection(write=False) as connection:
            if connection is None:
                return None
            return _read_settings(connection, self._name)

    def rows(self) -> tuple[DealRow, ...]:
        """Every stored deal, ordered by prefix and deal number; () for no file.

        Raises:
            SurveyError: as :meth:`settings`, or for a row with a value this
                library never writes (naming the deal, the column and the
                value; see the module docs).
        """
        with self._connection(write=False) as connection:
            if connection is None:
                return ()
            found = connection.execute(
                f"SELECT {_COLUMNS} FROM deals ORDER BY prefix, deal"
            ).fetchall()
        return tuple(_read_row(record, self._name) for record in found)

    # --- writing ---------------------------------------------------------------

    @contextlib.contextmanager
    def writing(self, settings: SurveySettings, *, resume: bool = False) -> Iterator[SurveyWriter]:
        """Open the file for a run: create it, or check it may be continued.

        Args:
            settings: the run's settings; stored in a new file, compared with
                an existing file's.
            resume: True to continue (or add to) a file that holds deals
                already; False refuses such a file, so that a finished
                survey is never mixed with a new one by mistake. A file
                that holds no deal is taken either way.

        Yields:
            The writer of the run's rows.

        Raises:
            InvalidArgumentError: (a ``ValueError``) if ``settings`` is not a
                :class:`~solitaire_core.survey.rows.SurveySettings`.
            SurveyError: for a file that is not a survey file (or a damaged
                one without its settings), a file with deals and ``resume``
                False, a file with deals solved with other settings (naming
                each difference; a file without deals takes ``settings``
                instead of its own), or a folder that does not exist.
        """
        if not isinstance(settings, SurveySettings):
            raise InvalidArgumentError(f"settings must be SurveySettings, got {settings!r}")
        if not self._path.parent.is_dir():
            raise SurveyError(self._name, f"the folder {str(self._path.parent)!r} does not exist")
        with self._connection(write=True) as connection:
            assert connection is not None  # writing creates the file
            with self._failures():
                connection.execute("BEGIN IMMEDIATE")
                try:
                    changed = _user_version(connection) == 0
                    if changed:
                        for statement in _SCHEMA:
                            connection.execute(statement)
                        _write_settings(connection, settings)
                    stored = _read_settings(connection, self._name)
                    (count,) = connection.execute("SELECT COUNT(*) FROM deals").fetchone()
                    if count and not resume:
                        raise SurveyError(
                            self._name,
                            f"the file holds {_deals(count)} already: add --resume to continue "
                            "it, or give another file",
                        )
                    if stored != settings:
                        if count:
                            raise SurveyError(
                                self._name,
                                "the file's deals were solved with "
                                + "; ".join(stored.differences(settings))
                                + ": give those settings to continue it, or another file",
                            )
                        _write_settings(connection, settings)  # no deal yet: the run's settings
                        changed = True
                    # a commit waits for every reader of the file (SQLite's rollback journal);
                    # a run that changed nothing (a resume) ends its check without one
                    connection.execute("COMMIT" if changed else "ROLLBACK")
                finally:
                    if connection.in_transaction:
                        with contextlib.suppress(sqlite3.Error):
                            connection.execute("ROLLBACK")
            yield SurveyWriter(self, connection)

    # --- connections -------------------------------------------------------------

    @contextlib.contextmanager
    def _connection(self, *, write: bool) -> Iterator[sqlite3.Connection | None]:
        """A checked connection to a survey file (None to read a missing or empty file)."""
        problem = _sqlite.file_problem(self._path)  # a loop of symbolic links too
        if problem is not None:
            raise SurveyError(self._name, problem)
        if not self._path.exists() and not write:
            yield None
            return
        problem = _sqlite.header_problem(self._path)
        if problem is not None:
            raise SurveyError(self._name, problem)
        with self._failures():
            connection = _sqlite.connect(self._path, write=write, timeout=self._timeout)
        try:
            with self._failures():
                empty = self._require_identity(connection)
            if empty and not write:
                yield None
            else:
                with self._failures():
                    yield connection
        finally:
            connection.close()

    def _require_identity(self, connection: sqlite3.Connection) -> bool:
        """Refuse a database that is not a survey file; True for an empty database."""
        problems = _sqlite.integrity_problems(connection)
        if problems is not None:
            raise SurveyError(self._name, f"the database is damaged: {problems}")
        (application,) = connection.execute("PRAGMA application_id").fetchone()
        version = _user_version(connection)
        if application == 0 and version == 0:
            (tables,) = connection.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            if not tables:
                return True
        if application != APPLICATION_ID:
            raise SurveyError(
                self._name,
                "not a survey file: another program's database "
                f"(application id {application & 0xFFFFFFFF:#010x})",
            )
        if version > SCHEMA_VERSION:
            raise SurveyError(
                self._name,
                f"written by a newer solitaire-core (survey schema {version}; this one reads "
                f"up to {SCHEMA_VERSION}): upgrade to read it",
            )
        if version < 1:
            raise SurveyError(self._name, f"the survey schema version {version} is not valid")
        return False

    @contextlib.contextmanager
    def _failures(self) -> Iterator[None]:
        """SQLite's errors as :class:`SurveyError`, naming what is wrong in words."""
        try:
            yield
        except sqlite3.Error as error:
            reason = _sqlite.failure_reason(error, path=self._path, timeout=self._timeout)
            raise SurveyError(self._name, reason) from None


def _user_version(connection: sqlite3.Connection) -> int:
    (version,) = connection.execute("PRAGMA user_version").fetchone()
    return int(version)


def _seconds_text(value: float | None) -> str:
    return "none" if value is None else repr(float(value))


def _deals(count: int) -> str:
    return f"{count} deal" if count == 1 else f"{count} deals"


def _write_settings(connection: sqlite3.Connection, settings: SurveySettings) -> None:
    connection.execute("DELETE FROM settings")
    connection.executemany(
        "INSERT INTO settings (name, value) VALUES (?, ?)",
        (
            ("max_positions", str(settings.max_positions)),
            ("time_limit", _seconds_text(settings.time_limit)),
        ),
    )


_SETTINGS: Final = ("max_positions", "time_limit")


def _read_settings(connection: sqlite3.Connection, name: str) -> SurveySettings:
    """The settings of a file with the survey schema; a file without them is damaged."""
    values = dict(connection.execute("SELECT name, value FROM settings").fetchall())
    missing = [setting for setting in _SETTINGS if setting not in values]
    if missing:
        raise SurveyError(
            name,
            f"the file is damaged: its settings lack {' and '.join(missing)} "
            "(the budget its deals were solved with)",
        )
    budget, limit = values["max_positions"], values["time_limit"]
    try:
        if not (isinstance(budget, str) and budget.isascii() and budget.isdigit()):
            raise ValueError(budget)
        return SurveySettings(
            max_positions=int(budget),
            time_limit=None if limit == "none" else float(limit),
        )
    except (TypeError, ValueError):
        raise SurveyError(
            name,
            f"the file is damaged: its settings max_positions {budget!r} and time_limit "
            f"{limit!r} are not settings this library writes",
        ) from None


_STATUSES: Final = {status.value: status for status in SolveStatus}
_GRADES: Final = {grade.value: grade for grade in Grade}
_GRADES_OF: Final = {
    SolveStatus.SOLVED: (Grade.EASY, Grade.MEDIUM, Grade.HARD),
    SolveStatus.UNWINNABLE: (Grade.UNWINNABLE,),
    SolveStatus.UNKNOWN: (Grade.UNKNOWN,),
}


def _read_row(record: tuple[Any, ...], name: str) -> DealRow:
    """A stored row, checked against what :class:`SurveyWriter` writes.

    Raises:
        SurveyError: naming the file, the deal, the column and its value.
    """
    prefix, deal, code, status, positions, moves, decided_by, seconds, grade = record

    def damaged(column: str, value: object, expected: str) -> SurveyError:
        return SurveyError(
            name,
            f"the row of deal {deal!r} of {prefix!r} is damaged: {column} {value!r} {expected}",
        )

    if not isinstance(deal, int) or not isinstance(prefix, str):
        raise damaged("deal", deal, "is not a deal number of a game's deal-code prefix")
    if not 0 <= deal < DEAL_NUMBER_LIMIT:
        raise damaged("deal", deal, f"is not a deal number 0 .. {DEAL_NUMBER_LIMIT - 1:,}")
    try:
        expected_code = str(deal_code(prefix, deal))
    except ValueError:
        expected_code = ""
    if not expected_code.startswith(f"{prefix}-"):  # (a prefix in lower case, say)
        raise damaged("prefix", prefix, "is not a game's deal-code prefix")
    if code != expected_code:
        raise damaged("code", code, f"is not the deal's code, {expected_code}")
    if status not in _STATUSES:
        raise damaged("status", status, "is not solved, unwinnable or unknown")
    verdict = _STATUSES[status]
    for column, count in (("positions", positions), ("moves", moves)):
        if not isinstance(count, int) or not 0 <= count <= MAX_COUNT:
            raise damaged(column, count, "is not a count >= 0")
    if moves and verdict is not SolveStatus.SOLVED:
        raise damaged("moves", moves, f"is not 0, as for every {status} deal")
    if decided_by is not None and decided_by not in PASS_NAMES:
        raise damaged("decided_by", decided_by, f"is not a pass ({', '.join(PASS_NAMES)}) or NULL")
    if not isinstance(seconds, int | float) or not 0 <= seconds < float("inf"):
        raise damaged("seconds", seconds, "is not a number of seconds >= 0")
    if grade not in _GRADES:
        raise damaged("grade", grade, f"is not a grade ({', '.join(_GRADES)})")
    if _GRADES[grade] not in _GRADES_OF[verdict]:
        raise damaged("grade", grade, f"does not go with the status {status!r}")
    if not positions:
        raise damaged("positions", positions, "is 0, but every solve stores its start")
    if not moves and verdict is SolveStatus.SOLVED:
        raise damaged("moves", moves, "is 0, but a solved deal has a winning line")
    if (decided_by is None) != (verdict is SolveStatus.UNKNOWN):
        expected = "NULL, as for every unknown deal" if decided_by else "the pass that decided"
        raise damaged("decided_by", decided_by, f"is not {expected} ({status})")
    return DealRow(
        prefix=prefix,
        deal=deal,
        code=code,
        status=verdict,
        positions=positions,
        moves=moves,
        decided_by=decided_by,
        seconds=float(seconds),
        grade=_GRADES[grade],
    )
