"""The examples in the docstrings of the compiled modules, run in either build.

pytest's ``--doctest-modules`` collects the examples of every module from its
Python source, but in the compiled build the package is imported from the
installed extension modules, whose functions doctest cannot look into. So
here the examples of :data:`~solitaire_core.build.COMPILED_MODULES` are read
from the Python source installed beside each module (the wheel keeps it) and
run against the module as imported: compiled in the compiled build, Python in
the pure one (where ``--doctest-modules`` runs them too).
"""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

from solitaire_core.build import BUILD, COMPILED, COMPILED_MODULES


def docstrings(source: str) -> list[tuple[str, str, int]]:
    """``(name, docstring, line)`` of the module, its classes and functions, at any depth."""
    found: list[tuple[str, str, int]] = []
    tree = ast.parse(source)

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}.{child.name}"
                text = ast.get_docstring(child, clean=False)
                if text:
                    found.append((name, text, child.lineno))
                visit(child, name)

    text = ast.get_docstring(tree, clean=False)
    if text:
        found.append(("", text, 1))
    visit(tree, "")
    return found


@pytest.mark.parametrize("name", COMPILED_MODULES)
def test_the_examples_of_a_compiled_module_pass(name: str) -> None:
    module = importlib.import_module(name)
    assert module.__file__ is not None
    stem = name.rsplit(".", 1)[1]
    source_path = Path(module.__file__).with_name(f"{stem}.py")
    assert source_path.exists(), f"{source_path} is missing: the build must keep the source"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    examples = 0
    for where, text, line in docstrings(source_path.read_text(encoding="utf-8")):
        test = parser.get_doctest(
            text, dict(vars(module)), f"{name}{where}", str(source_path), line
        )
        examples += len(test.examples)
        runner.run(test)
    assert examples > 0, f"{name} has no examples to run"
    assert runner.failures == 0, f"{runner.failures} example(s) of {name} failed"


def test_the_build_names_itself() -> None:
    board = importlib.import_module("solitaire_core.rules.board")
    assert board.__file__ is not None
    compiled_file = not board.__file__.endswith(".py")
    assert compiled_file == COMPILED
    assert ("compiled" if compiled_file else "pure") == BUILD
