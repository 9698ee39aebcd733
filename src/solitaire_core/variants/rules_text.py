r"""Rules files as text: TOML and JSON, read with the line of a bad field, and written.

A rules file holds one rules document (:mod:`~solitaire_core.variants.rules_read`)
as TOML or JSON; both hold the same data (TOML has no null: a file writes None
as ``"none"``, so a document converts between the two without loss).
``tomllib`` reads TOML but tells no positions, so :func:`toml_locator` finds a
field's line itself from the text: the ``[table]`` headers, the ``key =``
lines (dotted keys and one level of inline tables included). It is a small
scanner, not a TOML parser: it runs only on text that ``tomllib`` has already
read, and an error whose field it cannot place has no line.

>>> text = 'format = "solitaire-core/rules"\nversion = 1\nkey = "k8"\n[name]\nen = "K8"\n'
>>> text += '[layout]\npattern = "triangle"\ncolumns = "eight"\n'
>>> try:
...     read_rules_text(text, file="k8.toml")
... except RulesFileError as error:
...     print(error)
rules file 'k8.toml', line 8: layout.columns: must be an int 1..30, got 'eight'
>>> print(toml_text({"key": "k8", "layout": {"pattern": "triangle", "columns": 8}}), end="")
key = "k8"
<BLANKLINE>
[layout]
pattern = "triangle"
columns = 8
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Mapping
from typing import Any, Final, Literal

from solitaire_core.errors import RulesFileError
from solitaire_core.variants.rules_read import FieldPath, GameRules, Locate, parse_rules

RulesFormat = Literal["toml", "json"]
"""The two text forms of a rules file."""
FORMATS: Final = ("toml", "json")
"""The text forms :func:`read_rules_text` reads."""
MAX_RULES_CHARACTERS: Final = 1_000_000
"""The longest rules text read (a rules file is a few hundred characters)."""

_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")
_KEY_PART: Final = r'(?:[A-Za-z0-9_-]+|"[^"\n]*"|\'[^\'\n]*\')'
_KEY_LINE: Final = re.compile(rf"\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*=(.*)")
_HEADER_LINE: Final = re.compile(rf"\s*\[\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*\]\s*(?:#.*)?")
_INLINE_KEY: Final = re.compile(rf"[{{,]\s*({_KEY_PART})\s*=")
_TOML_POSITION: Final = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_TOML_END: Final = re.compile(r"\s*\(at end of document\)\s*$")


def _key_parts(text: str) -> tuple[str, ...]:
    parts = re.findall(_KEY_PART, text)
    return tuple(part[1:-1] if part[:1] in "\"'" else part for part in parts)


def toml_locator(text: str) -> Locate:
    r"""A function giving the 1-based line of a field of this TOML text, or None.

    A field's line is that of its ``key =`` (its first line for a value that
    spans several); a list item's is its list's; a field the text leaves out
    gets the line of its table's ``[header]`` if there is one, else None.

    >>> locate = toml_locator('key = "x"\n\n[stock]\nkind = "waste"\npasses = 0\n')
    >>> locate(("stock", "passes")), locate(("stock", "draw")), locate(("decks",))
    (5, 3, None)
    """
    lines: dict[tuple[str, ...], int] = {}
    table: tuple[str, ...] = ()
    in_string: str | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if in_string is not None:
            if line.count(in_string) % 2:
                in_string = None
            continue
        header = _HEADER_LINE.fullmatch(line)
        if header is not None:
            table = _key_parts(header.group(1))
            lines.setdefault(table, number)
            continue
        keyed = _KEY_LINE.match(line)
        if keyed is None:
            continue
        path = (*table, *_key_parts(keyed.group(1)))
        lines.setdefault(path, number)
        value = keyed.group(2)
        for quotes in ('"""', "'''"):
            if value.count(quotes) % 2:
                in_string = quotes
        if value.lstrip().startswith("{"):
            for inner in _INLINE_KEY.finditer(value.lstrip()):
                lines.setdefault((*path, *_key_parts(inner.group(1))), number)

    def locate(path: FieldPath) -> int | None:
        keys = tuple(part for part in path if isinstance(part, str))
        while keys:
            if keys in lines:
                return lines[keys]
            keys = keys[:-1]
        return None

    return locate


def parse_rules_text(
    text: str, *, format: RulesFormat = "toml", file: str | None = None
) -> tuple[Any, Locate | None]:
    """The document a rules text holds, and its field locator (TOML only), unchecked.

    Raises:
        RulesFileError: for text that is not TOML (or JSON), with the line
            of the syntax error; text over a million characters.
    """
    if not isinstance(text, str):
        raise RulesFileError(f"expected a str, got {type(text).__name__}", file=file)
    if format not in FORMATS:
        raise RulesFileError(f"unknown format {format!r}: 'toml' or 'json'", file=file)
    if len(text) > MAX_RULES_CHARACTERS:
        raise RulesFileError(
            f"{len(text)} characters is too long for a rules file (at most {MAX_RULES_CHARACTERS})",
            file=file,
        )
    text = text.removeprefix("\ufeff")
    if format == "json":
        try:
            return json.loads(text), None
        except json.JSONDecodeError as error:
            reason = f"not JSON: {error.msg} (column {error.colno})"
            raise RulesFileError(reason, file=file, line=error.lineno) from None
        except (RecursionError, ValueError) as error:  # nesting, or an int of 4,300+ digits
            raise RulesFileError(f"not JSON this library reads: {_why(error)}", file=file) from None
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = _TOML_POSITION.search(message)
        line = int(found.group(1)) if found else None
        if found is not None:
            message = f"{message[: found.start()]} (column {found.group(2)})"
        elif _TOML_END.search(message):
            message = _TOML_END.sub(" (at the end of the text)", message)
            line = text.count("\n") + 1
        raise RulesFileError(f"not TOML: {message}", file=file, line=line) from None
    except (RecursionError, ValueError) as error:  # nesting, or an int of 4,300+ digits
        raise RulesFileError(f"not TOML this library reads: {_why(error)}", file=file) from None
    return document, toml_locator(text)


def _why(error: Exception) -> str:
    return "nested too deeply" if isinstance(error, RecursionError) else str(error)


def read_rules_text(
    text: str, *, format: RulesFormat = "toml", file: str | None = None
) -> GameRules:
    """The game a rules text declares (TOML by default, or JSON); nothing is registered.

    Args:
        text: the file's text.
        format: ``"toml"`` or ``"json"``.
        file: the file's name, for errors.

    Raises:
        RulesFileError: for text that does not parse, or a bad field (with
            its line in TOML text): see
            :func:`~solitaire_core.variants.rules_read.parse_rules`.
    """
    document, locate = parse_rules_text(text, format=format, file=file)
    return parse_rules(document, file=file, locate=locate)


def json_text(document: Mapping[str, Any]) -> str:
    """A rules document as JSON text: indented by 2, characters as they are, a final newline."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def toml_text(
    document: Mapping[str, Any],
    *,
    comment: str | None = None,
    notes: Mapping[str, str] | None = None,
) -> str:
    """A rules document as TOML text: the plain fields first, then one ``[table]`` per table.

    Args:
        document: a mapping of str keys to bool, int, float, str, lists of
            them, and tables of them (None is written ``"none"``).
        comment: a first line of comment (without ``#``), or None.
        notes: a line of comment to write above a top-level table's header,
            by the table's key.

    Raises:
        RulesFileError: for a value TOML cannot hold (a list of tables, a
            key that is not a string).
    """
    lines: list[str] = [] if comment is None else [f"# {comment}"]
    _write_table(lines, (), document, notes or {})
    return "\n".join(lines).lstrip("\n") + "\n"


def _write_table(
    lines: list[str], path: tuple[str, ...], table: Mapping[str, Any], notes: Mapping[str, str]
) -> None:
    plain = [(key, value) for key, value in table.items() if not isinstance(value, Mapping)]
    tables = [(key, value) for key, value in table.items() if isinstance(value, Mapping)]
    if path:
        if lines:
            lines.append("")
        if len(path) == 1 and path[0] in notes:
            lines.append(f"# {notes[path[0]]}")
        lines.append(f"[{'.'.join(_toml_key(part) for part in path)}]")
    for key, value in plain:
        lines.append(f"{_toml_key(key)} = {_toml_value(value, (*path, key))}")
    for key, value in tables:
        _write_table(lines, (*path, key), value, notes)


def _toml_key(key: object) -> str:
    if not isinstance(key, str):
        raise RulesFileError(f"a TOML key is a string, got {key!r}")
    return key if _BARE_KEY.fullmatch(key) else _toml_string(key)


def _toml_value(value: object, path: tuple[str, ...]) -> str:
    if value is None:
        return '"none"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(item, path) for item in value) + "]"
    raise RulesFileError(
        f"TOML cannot hold {type(value).__name__} {value!r} here", field=".".join(path)
    )


_ESCAPES: Final = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n"}
_ESCAPES_MORE: Final = {"\f": "\\f", "\r": "\\r"}


def _toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = ['"']
    for char in text:
        escaped = _ESCAPES.get(char) or _ESCAPES_MORE.get(char)
        if escaped is not None:
            out.append(escaped)
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


__all__ = [
    "FORMATS",
    "MAX_RULES_CHARACTERS",
    "RulesFormat",
    "json_text",
    "parse_rules_text",
    "read_rules_text",
    "toml_locator",
    "toml_text",
]
