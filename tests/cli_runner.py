"""Running the command line in-process for tests: exit status, stdout, stderr."""

from __future__ import annotations

import json
from typing import Any

import pytest

from solitaire_core.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``solitaire-core ARGV...``; returns (exit status, stdout, stderr)."""
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    """Run with ``--json``, assert success and an empty stderr; returns the parsed document."""
    status, out, err = run(capsys, *argv, "--json")
    assert (status, err) == (0, "")
    document: dict[str, Any] = json.loads(out)
    return document
