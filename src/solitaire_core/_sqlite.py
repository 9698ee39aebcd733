"""What the library's two SQLite files share: the statistics database and the survey file.

Each store (:mod:`solitaire_core.statistics.store`,
:mod:`solitaire_core.survey.store`) keeps its own schema, identity checks and
error type; this module holds the parts that do not depend on them: the
timeout check, the first bytes of a SQLite file, opening a connection that
never creates a file to read it, SQLite's integrity check, and a SQLite error
told in words. Every function returns the reason as text (or raises
:class:`sqlite3.Error` unchanged) and leaves the raising to the store, which
names its own file and error.
"""

from __future__ import annotations

import math
import sqlite3
import stat
from pathlib import Path
from typing import Final

from solitaire_core.errors import InvalidArgumentError

SQLITE_MAGIC: Final = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""


def require_timeout(timeout: object) -> float:
    """The seconds to wait for another program's transaction, as a float.

    Raises:
        InvalidArgumentError: (a ``ValueError``) for a timeout that is not a
            finite int or float > 0.
    """
    if (
        isinstance(timeout, int | float)
        and type(timeout) in (int, float)  # not a bool, nor another subclass
        and math.isfinite(timeout)
        and timeout > 0
    ):
        return float(timeout)
    raise InvalidArgumentError(f"timeout must be seconds > 0, got {timeout!r}")


def file_problem(path: Path) -> str | None:
    """Why ``path`` cannot be a database file, or None (a regular file, or nothing there).

    A missing file (a dangling symbolic link, a path through a file included)
    is no problem: a reader finds no data, a writer creates it (or says why it
    cannot). A loop of symbolic links, a folder, a pipe or a device is one,
    named in words.
    """
    try:
        mode = path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as error:
        reason = error.strerror or type(error).__name__
        return f"cannot use the path: {reason[:1].lower()}{reason[1:]}"
    return None if stat.S_ISREG(mode) else "not a regular file"


def starts_like_sqlite(path: Path) -> bool:
    """True when the file begins as every SQLite database does (False if it cannot be read)."""
    try:
        with path.open("rb") as stream:
            return stream.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False


def header_problem(path: Path) -> str | None:
    """Why the file cannot be a SQLite database by its first bytes, or None.

    None for a missing file (a writer creates it), an empty one (SQLite takes
    it for an empty database) and one that starts with SQLite's header.
    """
    try:
        with path.open("rb") as stream:
            start = stream.read(len(SQLITE_MAGIC))
    except FileNotFoundError:
        return None
    except OSError as error:
        return f"cannot read the file: {error.strerror or error}"
    if start and start != SQLITE_MAGIC:
        return "not a SQLite database"
    return None


def connect(path: Path, *, write: bool, timeout: float) -> sqlite3.Connection:
    """A connection in autocommit mode (the caller begins its transactions).

    Args:
        path: the database file.
        write: True to create the file when missing; False never creates it
            (SQLite's ``mode=rw``, which still rolls back a hot journal).
        timeout: seconds to wait for another program's transaction.

    Raises:
        sqlite3.Error: as SQLite raises it (see :func:`failure_reason`).
    """
    mode = "rwc" if write else "rw"
    return sqlite3.connect(
        f"{path.absolute().as_uri()}?mode={mode}", uri=True, timeout=timeout, isolation_level=None
    )


def integrity_problems(connection: sqlite3.Connection) -> str | None:
    """What ``PRAGMA quick_check`` finds wrong (up to five problems, joined), or None."""
    problems = [row[0] for row in connection.execute("PRAGMA quick_check(5)")]
    if problems == ["ok"]:
        return None
    lines = "\n".join(problems).splitlines()
    return "; ".join(line for line in lines if line and not line.startswith("***"))


def failure_reason(error: sqlite3.Error, *, path: Path, timeout: float) -> str:
    """A SQLite error in words, lower case (``"the disk is full"``).

    Args:
        error: what SQLite raised.
        path: the database file (read to tell a damaged header from a file
            that is not SQLite at all).
        timeout: the seconds waited, for the message of a locked file.
    """
    name = getattr(error, "sqlite_errorname", "") or ""
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return f"the database is locked by another program (waited {timeout:g} seconds)"
    if name == "SQLITE_NOTADB":
        return (
            "the database is damaged: its header is not valid"
            if starts_like_sqlite(path)
            else "not a SQLite database"
        )
    if name.startswith("SQLITE_CORRUPT"):
        return f"the database is damaged: {error}"
    if name.startswith("SQLITE_CANTOPEN"):
        return "cannot open the file"
    if name.startswith("SQLITE_READONLY"):
        return "the file is read-only"
    if name == "SQLITE_FULL":
        return "the disk is full"
    if name.startswith("SQLITE_IOERR"):
        return f"cannot read or write the file: {error}"
    return f"sqlite error: {error}"
