"""MkDocs hook: the API reference, one page per public module of ``solitaire_core``.

The pages are generated at build time from the package's source tree, so a new
public module or subpackage (say ``solitaire_core.interop``) is documented
without touching the docs: a top-level module gets a page of its own; a
subpackage gets one page with its docstring and then each public submodule.
Modules whose name starts with ``_`` are private and left out. The hook also
fills the nav section named ``API reference`` (after its hand-written pages),
and replaces the marker ``<!-- exports -->`` in ``api/index.md`` with a table
of every name the package exports (its ``__all__``), by source module, each
linked to its documentation.

MkDocs imports this file (``hooks:`` in ``mkdocs.yml``); so does pytest, which
collects ``docs/`` for doctests, so nothing here imports MkDocs at module level.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

PACKAGE = "solitaire_core"
SOURCE = Path(__file__).resolve().parents[2] / "src" / PACKAGE
SECTION = "API reference"
FOLDER = "api"
EXPORTS_MARKER = "<!-- exports -->"
READING_ORDER = (
    "cards",
    "shuffle",
    "codes",
    "deal",
    "position",
    "position_json",
    "render",
    "svg",
    "view",
    "moves",
    "rule_ids",
    "rules",
    "variants",
    "scoring",
    "game",
    "statistics",
    "solver",
    "errors",
    "limits",
    "cli",
)
"""Known modules in the order a reader meets them (cards first); new ones follow A-Z."""


def _is_public(path: Path) -> bool:
    if path.name.startswith(("_", ".")):
        return False
    return (path.is_dir() and (path / "__init__.py").is_file()) or path.suffix == ".py"


def submodules(folder: Path, dotted: str) -> list[str]:
    """Every public module below a package folder, depth first, names A-Z."""
    found: list[str] = []
    for path in sorted(folder.iterdir()):
        if not _is_public(path):
            continue
        name = f"{dotted}.{path.stem if path.is_file() else path.name}"
        found.append(name)
        if path.is_dir():
            found.extend(submodules(path, name))
    return found


def public_modules(source: Path = SOURCE) -> list[tuple[str, list[str]]]:
    """The public top-level modules in reading order, each with its public submodules.

    Returns:
        ``(name, submodules)`` pairs: ``name`` is the short name (``"rules"``),
        ``submodules`` the dotted names below it (empty for a plain module).
    """
    found: dict[str, list[str]] = {}
    for path in source.iterdir():
        if _is_public(path):
            name = path.stem if path.is_file() else path.name
            found[name] = submodules(path, f"{PACKAGE}.{name}") if path.is_dir() else []
    rank = {name: index for index, name in enumerate(READING_ORDER)}
    ordered = sorted(found, key=lambda name: (rank.get(name, len(rank)), name))
    return [(name, found[name]) for name in ordered]


def page_markdown(name: str, children: list[str]) -> str:
    """The Markdown of one API page: the module, then each submodule under its own heading."""
    dotted = f"{PACKAGE}.{name}"
    lines = [
        f"# `{dotted}`",
        "",
        "<!-- Generated at build time by docs/hooks/api_reference.py; do not edit. -->",
        "",
        f"::: {dotted}",
        "    options:",
        "      show_root_heading: false",
    ]
    if children:
        lines.append("      members: false")
    for child in children:
        lines += ["", f"::: {child}", "    options:", "      show_root_heading: true"]
    return "\n".join(lines) + "\n"


def on_config(config: Any) -> Any:
    """Fill the nav's ``API reference`` section with one entry per public module."""
    entries = [{f"{PACKAGE}.{name}": f"{FOLDER}/{name}.md"} for name, _ in public_modules()]
    for item in config["nav"] or []:
        if isinstance(item, dict) and SECTION in item:
            section = item[SECTION]
            fixed = section if isinstance(section, list) else [section]
            item[SECTION] = [*fixed, *entries]
            break
    else:
        raise ValueError(f"mkdocs.yml's nav has no {SECTION!r} section for the API pages")
    return config


def on_files(files: Any, config: Any) -> Any:
    """Add the generated API pages to the site's files."""
    from mkdocs.structure.files import File  # noqa: PLC0415  (MkDocs only when building)

    for name, children in public_modules():
        files.append(
            File.generated(config, f"{FOLDER}/{name}.md", content=page_markdown(name, children))
        )
    return files


def exports(source: Path = SOURCE) -> list[tuple[str, list[str]]]:
    """The package's ``__all__``, grouped by the module each name is imported from.

    Read from ``__init__.py`` without importing it. Returns ``(module, names)``
    pairs in the order of the imports; subpackages imported whole
    (``interop``) and names defined in ``__init__.py`` itself (``__version__``)
    come last, under the package's own name.
    """
    tree = ast.parse((source / "__init__.py").read_text(encoding="utf-8"))
    public: list[str] = []
    groups: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [alias.asname or alias.name for alias in node.names]
            groups.setdefault(node.module, []).extend(names)
        elif isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
        ):
            public = list(ast.literal_eval(node.value))
    listed = {name for module, names in groups.items() if module != PACKAGE for name in names}
    result = [
        (module, [name for name in names if name in public])
        for module, names in groups.items()
        if module != PACKAGE
    ]
    result.append((PACKAGE, [name for name in public if name not in listed]))
    return [(module, names) for module, names in result if names]


def exports_table(documented: set[str]) -> str:
    """The Markdown table of the exports; a name in ``documented`` becomes a link."""
    rows = ["| module | names |", "|---|---|"]
    for module, names in exports():
        cells = [
            f"[`{name}`][{PACKAGE}.{name}]" if name in documented else f"`{name}`" for name in names
        ]
        rows.append(f"| `{module}` | {', '.join(cells)} |")
    return "\n".join(rows)


def _documented_exports() -> set[str]:
    """The exported names whose object has a docstring (so it has a place to link to)."""
    import griffe  # noqa: PLC0415  (MkDocs only when building)

    package: Any = griffe.load(PACKAGE, search_paths=[str(SOURCE.parent)])
    documented = set()
    for _module, names in exports():
        for name in names:
            try:
                target = package[name]
                target = target.final_target if target.is_alias else target
            except (KeyError, griffe.AliasResolutionError):
                continue
            if target.has_docstring and not target.name.startswith("_"):
                documented.add(name)
    return documented


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    """Put the table of exports in place of its marker in ``api/index.md``."""
    if page.file.src_uri != f"{FOLDER}/index.md" or EXPORTS_MARKER not in markdown:
        return markdown
    return markdown.replace(EXPORTS_MARKER, exports_table(_documented_exports()))
