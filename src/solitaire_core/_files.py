"""Reading the files and streams a user names; writing a file whole or not at all.

Reading is bounded and never blocks on a pipe or a device.

Every reader of the library (:func:`~solitaire_core.game.load_game`, the command
line's ``--position FILE`` and ``-`` for standard input) goes through
:func:`read_file_text` or :func:`read_stream_text` (a binary file
:func:`read_file_bytes`), and parses JSON with
:func:`parse_json`. A problem is an :class:`InputError` whose ``reason`` the
caller puts in its own error (a :class:`~solitaire_core.errors.SaveFileError`,
the command line's one line on stderr):

* a name that is not a regular file (a folder, a pipe, a device such as
  ``/dev/zero``) is refused at once: the file is opened without waiting for a
  writer, and its kind is checked before a byte is read;
* a file or stream larger than :data:`~solitaire_core.limits.MAX_INPUT_BYTES`
  is refused, naming the limit, after reading one byte more than it at most;
* text that is not UTF-8 is refused; a UTF-8 byte-order mark at the start is
  dropped (some editors write one).

Every writer of a file that another program reads (a save, a catalogue) goes
through :func:`write_file_atomically`: a reader sees the old file or the new
one, never half of one.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import secrets
import stat
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from solitaire_core.errors import SolitaireError
from solitaire_core.limits import MAX_INPUT_BYTES


class InputError(SolitaireError, ValueError):
    """A file or stream that a reader refuses; the caller names it in its own error.

    Attributes:
        reason: what is wrong, lower case (``"not a regular file (a pipe)"``,
            ``"no such file or directory"``); the caller says what it could
            not read (``"cannot read the file: ..."``).
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def too_large(limit: int = MAX_INPUT_BYTES) -> str:
    """The reason given for an input over ``limit`` bytes, naming the limit."""
    return (
        f"larger than {limit:,} bytes, the most a reader takes "
        "(solitaire_core.limits.MAX_INPUT_BYTES)"
    )


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a pipe"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def read_file_text(path: str | os.PathLike[str], *, limit: int = MAX_INPUT_BYTES) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes (a byte-order mark dropped).

    Args:
        path: the file.
        limit: the most bytes taken.

    Returns:
        The text.

    Raises:
        InputError: for a name that cannot be opened (the reason is the
            system's, lower case), that is not a regular file, a file over
            ``limit`` bytes, or bytes that are not UTF-8.
    """
    return _decode(read_file_bytes(path, limit=limit), limit)


def read_file_bytes(path: str | os.PathLike[str], *, limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (a catalogue file, say).

    Raises:
        InputError: as :func:`read_file_text`, but for the text's decoding.
    """
    try:
        descriptor = os.open(path, os.O_RDONLY | _NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise InputError(_strerror(error)) from None
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            kind = next((name for test, name in _KINDS if test(status.st_mode)), "not a file")
            raise InputError(f"not a regular file ({kind})")
        if status.st_size > limit:
            raise InputError(too_large(limit))
        with os.fdopen(descriptor, "rb", closefd=False) as stream:
            data = stream.read(limit + 1)
    except OSError as error:
        raise InputError(_strerror(error)) from None
    finally:
        os.close(descriptor)
    if len(data) > limit:  # (it grew while being read)
        raise InputError(too_large(limit))
    return data


def read_stream_text(stream: IO[str], *, limit: int = MAX_INPUT_BYTES) -> str:
    """The text of a stream such as standard input, at most ``limit`` bytes (or characters).

    The bytes under a text stream are read when it has them (``stream.buffer``)
    and decoded as UTF-8; a stream of text alone (a test's ``io.StringIO``) is
    read as text, ``limit`` then counting characters.

    Raises:
        InputError: for a stream longer than ``limit``, bytes that are not
            UTF-8, or a stream that cannot be read.
    """
    binary = getattr(stream, "buffer", None)
    try:
        if binary is not None:
            return _decode(binary.read(limit + 1), limit)
        text = stream.read(limit + 1)
    except OSError as error:
        raise InputError(_strerror(error)) from None
    except UnicodeDecodeError:
        raise InputError("not UTF-8 text") from None
    if len(text) > limit:
        raise InputError(too_large(limit))
    return text.removeprefix("\ufeff")


def _decode(data: bytes, limit: int) -> str:
    if len(data) > limit:
        raise InputError(too_large(limit))
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        raise InputError(f"not UTF-8 text (byte {error.start})") from None


def parse_json(text: str) -> Any:
    """A JSON document read from ``text``.

    Raises:
        InputError: for text that is not JSON (naming the line and column),
            a number too long for Python to read (over 4,300 digits), or
            nesting too deep for it.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(
            f"not valid JSON at line {error.lineno} column {error.colno}: {error.msg}"
        ) from None
    except ValueError as error:  # an int of more than 4,300 digits
        raise InputError(f"not a document this library reads: {error}") from None
    except RecursionError:
        raise InputError("not a document this library reads: nested too deep") from None


def _strerror(error: OSError) -> str:
    reason = error.strerror or type(error).__name__
    return reason[:1].lower() + reason[1:]


def write_file_atomically(
    target: Path, data: bytes, *, replace: Callable[[str, Path], None] = os.replace
) -> None:
    """Write ``data`` to ``target`` through a temporary file beside it: whole, or not at all.

    The temporary file gets the target's permissions; for a new target, the
    usual ones: it is created with mode ``0o666``, which the system narrows by
    the process's umask (the umask is never read or set, so the other threads
    of the process create their files as they expect). It is written, flushed
    and synced, then renamed over the target by ``replace`` (:func:`os.replace`;
    the tests pass one that fails). If anything fails,
    the temporary file is removed and the error raised: the target is untouched.

    Raises:
        OSError: if the temporary file cannot be made, written or renamed.
    """
    handle, temporary = _create_beside(target)
    try:
        with contextlib.suppress(FileNotFoundError):  # a new file: the mode it was created with
            os.chmod(temporary, target.stat().st_mode & 0o777)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _create_beside(target: Path) -> tuple[int, str]:
    """A new, empty temporary file in ``target``'s folder: its descriptor and its path.

    Created exclusively with mode ``0o666`` narrowed by the umask (as
    :func:`open` creates a file), under a random name (``.NAME.RANDOM.tmp``).

    Raises:
        OSError: if it cannot be created.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        temporary = str(target.parent / f".{target.name}.{secrets.token_hex(6)}.tmp")
        try:
            return os.open(temporary, flags, 0o666), temporary
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(target.parent))
