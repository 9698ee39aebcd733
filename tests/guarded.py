"""Running a command that must answer at once: one that blocks or grows cannot hang the suite.

The readers refuse a pipe, a device and an oversized input at once (issue 35):
a test that gives them one runs in a child process with a memory limit, and a
child that is still running after a generous time is stopped and fails the
test. The time is only a guard against a regression that would otherwise hang
the suite or fill the memory: a reader that works answers in well under a
second, so no result depends on it.
"""

from __future__ import annotations

import subprocess
import sys
from typing import IO

import pytest

GUARD_SECONDS = 120.0
"""How long a child may run before it counts as blocked."""
MEMORY_BYTES = 2 * 1024**3
"""The child's address space: a reader growing without bound fails with MemoryError first."""


def _limit_memory() -> None:
    import resource  # POSIX only; the callers skip elsewhere

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))


def run_guarded(
    argv: list[str], *, stdin: IO[bytes] | int | None = subprocess.DEVNULL
) -> subprocess.CompletedProcess[str]:
    """Run ``argv`` with a memory limit; fail the test if it is still running after the guard.

    Args:
        argv: the command (``[sys.executable, "-m", "solitaire_core", ...]``, say).
        stdin: what the child reads (a file opened by the test, or ``DEVNULL``).

    Returns:
        The finished process, its output as text.
    """
    try:
        return subprocess.run(
            argv,
            stdin=stdin,
            capture_output=True,
            text=True,
            timeout=GUARD_SECONDS,
            preexec_fn=_limit_memory if sys.platform != "win32" else None,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{argv[2:]} was still running after {GUARD_SECONDS:g} s: it blocked")


def cli(*args: str) -> list[str]:
    """The argv of ``solitaire-core ARGS...`` run by this Python."""
    return [sys.executable, "-m", "solitaire_core", *args]
