"""Reading a rules document field by field, each failure naming its field and line.

:class:`Reader` is the cursor :func:`~solitaire_core.variants.rules_read.parse_rules`
reads with: each of its checks raises
:class:`~solitaire_core.errors.RulesFileError` naming the field's path
(``layout.face_down[2]``) and, given a locator, the line of a TOML file.

>>> field_text(("layout", "face_down", 2))
'layout.face_down[2]'
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeAlias

from solitaire_core.errors import RulesFileError
from solitaire_core.moves import MAX_COLUMNS

FieldPath: TypeAlias = tuple[str | int, ...]
"""A field's place in a document: keys and list indexes, ``("layout", "face_down", 2)``."""
Locate: TypeAlias = Callable[[FieldPath], "int | None"]
"""Finds the 1-based line of a field in the file's text (None when unknown)."""


def field_text(path: FieldPath) -> str:
    """A field's path as messages write it: ``layout.face_down[2]`` (``""`` for the document)."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else part
    return text


class Reader:
    """Reads one document, failing with the field's path (and its line, given a locator)."""

    def __init__(self, file: str | None, locate: Locate | None) -> None:
        self.file = file
        self.locate = locate

    def fail(self, path: FieldPath, reason: str) -> RulesFileError:
        line = self.locate(path) if self.locate is not None else None
        return RulesFileError(reason, file=self.file, field=field_text(path), line=line)

    def table(self, value: object, path: FieldPath, keys: Sequence[str]) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(path, f"must be a table of {', '.join(keys)}, got {shown(value)}")
        for key in value:
            if not isinstance(key, str) or key not in keys:
                raise self.fail((*path, str(key)), unknown("field", str(key), keys))
        return dict(value)

    def integer(self, value: object, path: FieldPath, low: int, high: int | None = None) -> int:
        if type(value) is not int or value < low or (high is not None and value > high):
            span = f">= {low}" if high is None else f"{low}..{high}"
            raise self.fail(path, f"must be an int {span}, got {shown(value)}")
        return value

    def boolean(self, value: object, path: FieldPath) -> bool:
        if type(value) is not bool:
            raise self.fail(path, f"must be true or false, got {shown(value)}")
        return value

    def text(self, value: object, path: FieldPath, choices: Sequence[str] | None = None) -> str:
        if not isinstance(value, str):
            raise self.fail(path, f"must be a string, got {shown(value)}")
        if choices is not None and value not in choices:
            raise self.fail(path, unknown("value", value, choices))
        return value

    def counts(self, value: object, path: FieldPath) -> tuple[int, ...]:
        if not isinstance(value, list) or not 1 <= len(value) <= MAX_COLUMNS:
            raise self.fail(
                path,
                f"must be a list of 1..{MAX_COLUMNS} ints, one per column, got {shown(value)}",
            )
        return tuple(self.integer(item, (*path, index), 0) for index, item in enumerate(value))


def shown(value: object) -> str:
    """A value as messages quote it: ``'eight'``, ``12``, ``true``, a list cut short."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return "a table"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def unknown(what: str, name: str, known: Sequence[str]) -> str:
    close = difflib.get_close_matches(name, list(known), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"unknown {what} {name!r}{hint}; expected one of {', '.join(map(repr, known))}"


__all__ = ["FieldPath", "Locate", "Reader", "field_text", "shown", "unknown"]
