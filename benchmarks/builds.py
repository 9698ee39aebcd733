"""The builds a benchmark compares: pure Python, compiled, and a baseline commit.

* **pure**: the package this interpreter imports (the editable install of the
  checkout: always pure Python), run in this process;
* **compiled**: ``pip install <checkout>`` into a virtual environment of its
  own (the build hook compiles the hot modules with mypyc), run as worker
  processes; made once per commit under ``--builds-dir`` and reused;
* **baseline**: the Python source of an earlier commit (``git archive``), run
  with this interpreter and ``PYTHONPATH`` set to it: the engine as it was
  before a change, for "x times faster than before" measured in the same run.

Workers time themselves (interpreter start-up and imports are not counted)
and print JSON on their last line of output.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tempfile
import venv
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BUILDS_DIR = Path(tempfile.gettempdir()) / "solitaire-core-bench"
BASELINE_COMMIT = "d76e593"
"""The engine before the fast-core work (issue 13): location tables, the board, mypyc."""


def short_commit(ref: str = "HEAD") -> str:
    """The short hash of ``ref`` (a commit, a branch, ``HEAD``) in the checkout."""
    return subprocess.run(
        ["git", "rev-parse", "--short", ref], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.strip()


def compiled_python(builds_dir: Path, log: Any, commit: str = "HEAD") -> Path | None:
    """The interpreter of a compiled install of ``commit``, or None when it is pure.

    Made with ``pip install`` of the commit's tree (taking a minute or two the
    first time); reused while the commit is the same (uncommitted changes are
    not seen: commit before measuring). ``commit``: the checkout's (``HEAD``),
    or an earlier one to measure the compiled build before a change
    (``run.py --baseline-commit``).
    """
    commit = short_commit(commit)
    target = builds_dir / f"compiled-{commit}"
    python = target / "bin" / "python"
    if not python.exists():
        log(f"  building the compiled install in {target} ...")
        venv.create(target, with_pip=True)
        with tempfile.TemporaryDirectory() as clean:
            archive = Path(clean) / "source.tar"
            subprocess.run(
                ["git", "archive", "--format=tar", "-o", str(archive), commit], check=True, cwd=ROOT
            )
            with tarfile.open(archive) as tar:
                tar.extractall(Path(clean) / "source", filter="data")
            subprocess.run(
                [str(python), "-m", "pip", "install", "-q", str(Path(clean) / "source")],
                check=True,
            )
    build = subprocess.run(
        [str(python), "-c", "import solitaire_core; print(solitaire_core.BUILD)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if build != "compiled":
        log("  the install is pure Python (no C compiler?): no compiled build to measure")
        return None
    return python


def baseline_source(builds_dir: Path, commit: str = BASELINE_COMMIT) -> Path:
    """The ``src`` folder of ``commit`` (extracted once under ``builds_dir``)."""
    target = builds_dir / f"baseline-{commit}"
    if not (target / "src").exists():
        target.mkdir(parents=True, exist_ok=True)
        archive = target / "source.tar"
        subprocess.run(
            ["git", "archive", "--format=tar", "-o", str(archive), commit, "src"],
            check=True,
            cwd=ROOT,
        )
        with tarfile.open(archive) as tar:
            tar.extractall(target, filter="data")
        archive.unlink()
    return target / "src"


def run_worker(
    python: Path | str, script: str, arguments: list[str], *, source: Path | None = None
) -> dict[str, Any]:
    """Run ``benchmarks/<script> --worker ...`` with ``python``; its JSON answer.

    ``source``: a ``src`` folder to import the package from (a baseline).
    """
    environment = dict(os.environ)
    if source is not None:
        environment["PYTHONPATH"] = str(source)
    output = subprocess.run(
        [str(python), str(Path(__file__).with_name(script)), "--worker", *arguments],
        capture_output=True,
        text=True,
        check=True,
        env=environment,
    ).stdout
    answer: dict[str, Any] = json.loads(output.strip().splitlines()[-1])
    return answer


def this_python() -> str:
    """The interpreter running the benchmark (for pure and baseline workers)."""
    return sys.executable
