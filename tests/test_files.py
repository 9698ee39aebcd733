"""The readers of files and standard input (solitaire_core._files): bounded, never blocking.

Every reader of the library goes through them (issue 35, finding 4): a pipe or
a device named as a file is refused by its kind before a byte is read, an
input over ``MAX_INPUT_BYTES`` is refused after one byte more at most, naming
the limit. The command line's readers are tested where they are used
(tests/test_cli_limits.py), in child processes that cannot hang the suite.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from solitaire_core._files import InputError, parse_json, read_file_text, read_stream_text
from solitaire_core.limits import MAX_INPUT_BYTES


def test_a_file_is_read_as_utf_8_without_its_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "text.txt"
    path.write_bytes(b"\xef\xbb\xbfR\xc3\xa9fl\xc3\xa9chi\n")
    assert read_file_text(path) == "Réfléchi\n"
    path.write_bytes(b"\xff\xfe{}")
    with pytest.raises(InputError, match=r"not UTF-8 text \(byte 0\)"):
        read_file_text(path)


def test_a_file_at_the_limit_is_read_and_one_byte_more_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"x" * 10)
    assert read_file_text(path, limit=10) == "x" * 10
    path.write_bytes(b"x" * 11)
    with pytest.raises(InputError, match="larger than 10 bytes") as caught:
        read_file_text(path, limit=10)
    assert "solitaire_core.limits.MAX_INPUT_BYTES" in caught.value.reason
    with path.open("wb") as stream:
        stream.truncate(MAX_INPUT_BYTES + 1)  # sparse: refused by its size, not read
    with pytest.raises(InputError, match=f"larger than {MAX_INPUT_BYTES:,} bytes"):
        read_file_text(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_is_refused_at_once_without_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match=r"^not a regular file \(a pipe\)$"):
        read_file_text(fifo)  # (a blocking open would wait here for a writer forever)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="a POSIX device")
def test_a_device_is_refused_before_a_byte_is_read() -> None:
    with pytest.raises(InputError, match=r"^not a regular file \(a character device\)$"):
        read_file_text("/dev/zero")


def test_a_folder_a_missing_file_and_a_loop_are_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"^no such file or directory$"):
        read_file_text(tmp_path / "missing.json")
    if sys.platform != "win32":
        with pytest.raises(InputError, match=r"^not a regular file \(a folder\)$"):
            read_file_text(tmp_path)
        loop = tmp_path / "loop"
        loop.symlink_to(loop)
        with pytest.raises(InputError, match="symbolic links"):
            read_file_text(loop)


def test_a_stream_is_read_up_to_the_limit() -> None:
    assert read_stream_text(io.StringIO("\ufeffKL1-D1N"), limit=8) == "KL1-D1N"
    with pytest.raises(InputError, match="larger than 8 bytes"):
        read_stream_text(io.StringIO("x" * 9), limit=8)
    binary = io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbfd\xc3\xa9al"), encoding="utf-8")
    assert read_stream_text(binary) == "déal"
    endless = io.TextIOWrapper(io.BufferedReader(_Zeros()), encoding="utf-8")
    with pytest.raises(InputError, match=f"larger than {MAX_INPUT_BYTES:,} bytes"):
        read_stream_text(endless)  # as `- </dev/zero`: stops one byte past the limit


class _Zeros(io.RawIOBase):
    """An endless stream of zero bytes, as /dev/zero (counting what was read)."""

    read_count = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        buffer[:] = bytes(len(buffer))
        self.read_count += len(buffer)
        assert self.read_count <= 2 * MAX_INPUT_BYTES, "read without a bound"
        return len(buffer)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{", "not valid JSON at line 1 column 2"),
        ('{"recycles": ' + "9" * 5000 + "}", "not a document this library reads: Exceeds"),
        ("[" * 100_000 + "]" * 100_000, "not a document this library reads: nested too deep"),
    ],
    ids=["cut short", "5000 digits", "deep"],
)
def test_json_that_cannot_be_read_is_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_json(text)
    assert caught.value.reason.startswith(reason)
    assert len(caught.value.reason) < 200  # the document is not quoted
