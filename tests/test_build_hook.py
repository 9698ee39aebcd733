"""The build hook (hatch_build.py): what it compiles, and when it builds pure Python."""

from __future__ import annotations

import importlib.util
import shutil
import sysconfig
from pathlib import Path
from types import ModuleType

import pytest

from solitaire_core.build import COMPILED_MODULES

ROOT = Path(__file__).resolve().parent.parent


def load_hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_hook_compiles_the_modules_the_package_names() -> None:
    hook = load_hook()
    paths = hook.compiled_modules(ROOT)
    assert paths == [f"src/{name.replace('.', '/')}.py" for name in COMPILED_MODULES]
    assert all((ROOT / path).is_file() for path in paths)


def test_without_a_compiler_the_build_is_pure(monkeypatch: pytest.MonkeyPatch) -> None:
    hook = load_hook()
    monkeypatch.setenv("CC", "/nonexistent/cc")  # (an environment variable, not a module global)
    reason = hook.compiler_missing()
    assert reason is not None and "/nonexistent/cc" in reason


HEADERS = Path(sysconfig.get_paths()["include"]) / "Python.h"


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
@pytest.mark.skipif(not HEADERS.exists(), reason="needs Python's headers")
def test_with_a_compiler_and_headers_nothing_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    hook = load_hook()
    monkeypatch.setenv("CC", "gcc -pthread")  # (a command with options, as sysconfig gives it)
    assert hook.compiler_missing() is None
