"""The house rules of docs/architecture.md that no linter checks, checked on the source.

* no source module over 600 lines;
* no ``isinstance`` on a policy class outside ``variants/`` (policies declare
  what algorithms need: ``Variant.stock_kind``, ``moves_every_built_run`` ...);
* imports of the package's own modules inside functions only where the map
  allows one (the ``_repr_svg_`` pattern and the deprecated aliases).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import solitaire_core.scoring.policies as scoring_policies
from solitaire_core.variants import group_policies, layout, piles, policies

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "solitaire_core"
SOURCES = sorted(PACKAGE.rglob("*.py"))
MAX_LINES = 600
POLICY_CLASSES = frozenset(
    name
    for module in (policies, group_policies, piles, layout, scoring_policies)
    for name, value in vars(module).items()
    if isinstance(value, type) and value.__module__ == module.__name__
)
LAZY_IMPORTS_ALLOWED = {
    ("position.py", "solitaire_core.svg"),  # Position._repr_svg_
    ("view.py", "solitaire_core.svg"),  # PlayerView._repr_svg_
    ("errors.py", "solitaire_core.rules.refusal"),  # deprecated alias IllegalMoveError
    ("solver/__init__.py", "solitaire_core.catalogue"),  # deprecated picker aliases
    ("web/command.py", "solitaire_core.web.app"),  # imports Starlette: the web extra
}


def _relative(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix()


def test_the_policy_classes_are_found() -> None:
    assert {"WasteStock", "OrderedRun", "StandardScoring", "Layout"} <= POLICY_CLASSES


@pytest.mark.parametrize("path", SOURCES, ids=_relative)
def test_no_module_is_over_600_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{_relative(path)} has {lines} lines"


def _names(node: ast.expr) -> set[str]:
    """The class names an ``isinstance`` second argument mentions (names, attributes, tuples)."""
    return {
        sub.id if isinstance(sub, ast.Name) else sub.attr
        for sub in ast.walk(node)
        if isinstance(sub, ast.Name | ast.Attribute)
    }


@pytest.mark.parametrize(
    "path", [p for p in SOURCES if not _relative(p).startswith("variants/")], ids=_relative
)
def test_no_isinstance_on_a_policy_class_outside_variants(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = [
        (node.lineno, sorted(_names(node.args[1]) & POLICY_CLASSES))
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "isinstance"
        and len(node.args) == 2
        and _names(node.args[1]) & POLICY_CLASSES
    ]
    assert not found, f"{_relative(path)} tests policy classes at lines {found}"


def _lazy_imports(tree: ast.Module) -> list[tuple[int, str]]:
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.append((node.lineno, node.module))
            elif isinstance(node, ast.Import):
                found.extend((node.lineno, alias.name) for alias in node.names)
    return [(line, name) for line, name in found if name.startswith("solitaire_core")]


@pytest.mark.parametrize("path", SOURCES, ids=_relative)
def test_no_lazy_import_of_the_package_but_the_allowed_ones(path: Path) -> None:
    lazy = _lazy_imports(ast.parse(path.read_text(encoding="utf-8")))
    where = _relative(path)
    extra = [(line, name) for line, name in lazy if (where, name) not in LAZY_IMPORTS_ALLOWED]
    assert not extra, f"{where} imports inside functions: {extra}"


def test_the_checks_catch_what_they_look_for() -> None:
    """The two source checks find a planted case (so a pass means something)."""
    planted = ast.parse(
        "def f(v):\n"
        "    from solitaire_core.rules import check_move\n"
        "    return isinstance(v.stock, (WasteStock, int))\n"
    )
    assert _lazy_imports(planted) == [(2, "solitaire_core.rules")]
    calls = [n for n in ast.walk(planted) if isinstance(n, ast.Call)]
    assert _names(calls[0].args[1]) & POLICY_CLASSES == {"WasteStock"}
