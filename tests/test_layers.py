"""The layer map (docs/architecture.md) holds, and the check would catch an upward import.

The contract lives in pyproject.toml (``[tool.importlinter]``) and CI runs
``lint-imports`` on it; these tests run the same check on the package, and on a
copy of it with one upward import added, which must fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "solitaire_core"
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"

pytestmark = pytest.mark.skipif(
    not LINT_IMPORTS.exists(), reason="import-linter is not installed (the test extra has it)"
)


def _lint(source_root: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` with the project's contract on the package found under ``source_root``."""
    config = tmp_path / "pyproject.toml"
    shutil.copy(ROOT / "pyproject.toml", config)
    env = {**os.environ, "PYTHONPATH": str(source_root)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--config", str(config), "--no-cache"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )


def test_the_package_keeps_its_layers(tmp_path: Path) -> None:
    result = _lint(ROOT / "src", tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 kept, 0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "upward"),
    [
        ("cards.py", "from solitaire_core.rules import check_move"),  # ground floor -> rules
        ("solver/steps.py", "from solitaire_core.game import Game"),  # solver -> game
        ("variants/variant.py", "import solitaire_core.codes"),  # variants -> the codec
    ],
)
def test_an_upward_import_breaks_the_contract(tmp_path: Path, module: str, upward: str) -> None:
    copy = tmp_path / "src" / "solitaire_core"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    target = copy / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{upward}  # noqa\n", "utf-8")
    result = _lint(tmp_path / "src", tmp_path)
    assert result.returncode != 0
    assert "BROKEN" in result.stdout
    imported = upward.split()[1]
    assert imported in result.stdout, result.stdout


def test_every_module_is_on_a_floor(tmp_path: Path) -> None:
    copy = tmp_path / "src" / "solitaire_core"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    (copy / "stray.py").write_text('"""A module the layer map does not place."""\n', "utf-8")
    result = _lint(tmp_path / "src", tmp_path)
    assert result.returncode != 0
    assert "stray" in result.stdout + result.stderr
