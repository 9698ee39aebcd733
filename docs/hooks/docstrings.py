"""Griffe extension: render the project's docstrings as Markdown without rewriting them.

The docstrings follow the Google style with two reStructuredText habits that
``help()`` readers and doctest like, and that Markdown would mangle:

* bare doctest blocks (``>>>`` lines at the docstring's left margin): Markdown
  would join them into a paragraph, read ``>`` as quotes and ``[...]`` as
  links; they become fenced ``pycon`` blocks (doctests inside an
  ``Examples:`` section are left to Griffe, which already renders them);
* Sphinx roles (``:class:`~solitaire_core.variants.Variant```, ``:func:`solve```):
  each becomes a cross-reference link when the name resolves to a public,
  documented object, else plain code; and a paragraph ending in ``::`` (a
  literal block follows) ends in ``:``.

Loaded by mkdocstrings (``extensions:`` in ``mkdocs.yml``). Only the rendered
text changes: the source docstrings, and so ``help()`` and the doctests, stay as
written. Pytest imports this file too (it collects ``docs/`` for doctests),
with or without the docs tools installed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

try:
    import griffe
except ImportError:  # pytest imports this file when it collects docs/ for doctests
    griffe = None  # type: ignore[assignment]

_ROLE = re.compile(r":(?:py:)?(?:class|meth|func|mod|attr|data|exc|obj|const):`(~?)([^`]+)`")


def fence_doctests(text: str) -> str:
    """Wrap every doctest block that starts at the left margin in a ```` ```pycon ```` fence.

    A block is a ``>>>`` line and the lines after it up to the next blank line.
    """
    out: list[str] = []
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.startswith(">>>"):
            out.append(line)
            index += 1
            continue
        if out and out[-1].strip():
            out.append("")
        out.append("```pycon")
        while index < len(lines) and lines[index].strip():
            out.append(lines[index])
            index += 1
        out.append("```")
    return "\n".join(out)


def literal_blocks(text: str) -> str:
    """End a paragraph that introduces a literal block with ``:`` instead of ``::``."""
    return re.sub(r"(?m)(?<=\S)::$", ":", text)


def convert_roles(text: str, resolve: Callable[[str], str | None]) -> str:
    """Turn Sphinx roles into autorefs links (``[`name`][path]``) or plain code.

    Args:
        text: the docstring.
        resolve: gives the canonical dotted path of a role's target, or None
            when it has no page to link to (private, external or undocumented).
    """

    def replace(match: re.Match[str]) -> str:
        tilde, target = match.groups()
        target = target.strip()
        shown = target.rsplit(".", 1)[-1] if tilde else target
        path = resolve(target.removesuffix("()"))
        return f"[`{shown}`][{path}]" if path else f"`{shown}`"

    return _ROLE.sub(replace, text)


def _is_public(path: str) -> bool:
    return not any(part.startswith("_") for part in path.split("."))


def _resolver(obj: Any) -> Callable[[str], str | None]:
    """Resolve a role's target as Python would from inside ``obj``: its scopes, then absolute."""

    def resolve(target: str) -> str | None:
        scopes: list[Any] = []
        scope: Any = obj
        while scope is not None:
            scopes.append(scope)
            scope = scope.parent
        found: Any = None
        for scope in scopes:
            try:
                found = scope[target]
                break
            except (KeyError, ValueError, griffe.AliasResolutionError):
                continue
        if found is None:
            try:
                found = obj.modules_collection[target]
            except (KeyError, ValueError, griffe.AliasResolutionError):
                return None
        try:
            if found.is_alias:
                found = found.final_target
        except (griffe.AliasResolutionError, griffe.CyclicAliasError):
            return None
        path: str = found.path
        if not _is_public(path) or not (found.is_module or found.has_docstring):
            return None
        return path

    return resolve


def markdown_docstring(text: str, resolve: Callable[[str], str | None]) -> str:
    """All three conversions, in order: roles, literal blocks, doctest fences."""
    return fence_doctests(literal_blocks(convert_roles(text, resolve)))


class DocstringMarkdown(griffe.Extension if griffe else object):  # type: ignore[misc]
    """Rewrites the rendered copy of every docstring in a loaded package (see the module docs)."""

    def on_package(self, *, pkg: Any, **kwargs: Any) -> None:
        """Convert the docstrings of the package and everything in it."""
        self._convert(pkg, set())

    def _convert(self, obj: Any, seen: set[str]) -> None:
        if obj.path in seen:
            return
        seen.add(obj.path)
        if obj.docstring is not None:
            obj.docstring.value = markdown_docstring(obj.docstring.value, _resolver(obj))
        for member in obj.members.values():
            if not member.is_alias:
                self._convert(member, seen)
