"""Running the command line in-process for tests: exit status, stdout, stderr."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest

from solitaire_core.cli import main


def run(
    capsys: pytest.CaptureFixture[str], *argv: str, stdin: str | None = None
) -> tuple[int, str, str]:
    """Run ``solitaire-core ARGV...``; returns (exit status, stdout, stderr).

    ``stdin``: the text the command reads from its standard input (``-``), as
    a shell would pipe it in; None leaves the standard input as it is.
    """
    if stdin is None:
        status = main(list(argv))
    else:
        original, sys.stdin = sys.stdin, io.StringIO(stdin)
        try:
            status = main(list(argv))
        finally:
            sys.stdin = original
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def run_json(
    capsys: pytest.CaptureFixture[str], *argv: str, stdin: str | None = None
) -> dict[str, Any]:
    """Run with ``--json``, assert success and an empty stderr; returns the parsed document."""
    status, out, err = run(capsys, *argv, "--json", stdin=stdin)
    assert (status, err) == (0, "")
    document: dict[str, Any] = json.loads(out)
    return document
