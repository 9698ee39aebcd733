"""The compiled build and the pure-Python build give the same answers.

In the compiled build (CI's second run), the digest of ``tests/builds_digest.py``
is computed here and by a subprocess that imports the package from the
repository's Python source instead (``src/`` first on the path): random games
of every game move by move, perft counts, and solver results must be identical.
In the pure build there is no compiled build to compare with, and the test says
so (CI runs it in the compiled build).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from builds_digest import digest

from solitaire_core import BUILD

SOURCE = Path(__file__).resolve().parent.parent / "src"


def test_the_digest_of_the_python_source_is_pure() -> None:
    # The subprocess below really imports the Python source (the comparison is not
    # between two compiled copies).
    environment = {**os.environ, "PYTHONPATH": str(SOURCE)}
    result = subprocess.run(
        [sys.executable, "-c", "import solitaire_core as sc; print(sc.BUILD, sc.__file__)"],
        capture_output=True,
        text=True,
        check=True,
        env=environment,
    )
    build, where = result.stdout.split()
    assert build == "pure" and Path(where).is_relative_to(SOURCE)


@pytest.mark.skipif(BUILD != "compiled", reason="compares with the compiled build (CI's 2nd run)")
def test_the_compiled_build_agrees_with_the_python_source() -> None:
    environment = {**os.environ, "PYTHONPATH": str(SOURCE)}
    script = Path(__file__).with_name("builds_digest.py")
    result = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, check=True, env=environment
    )
    pure = json.loads(result.stdout)
    compiled = digest()
    assert (pure["build"], compiled["build"]) == ("pure", "compiled")
    assert compiled["games"] == pure["games"]
    assert compiled["perft"] == pure["perft"]
    assert compiled["solved"] == pure["solved"]
