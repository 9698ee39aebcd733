"""The JSON Schema of rules files: valid, up to date, and it agrees with the library's reader.

Every shipped game's file, every example of the docs and any variant the format
can declare validate against it; the bad fields the schema can see are refused
by both (the checks across fields are the library's alone).
"""

from __future__ import annotations

import importlib.util
import json
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from strategies import rule_records

import solitaire_core as sc
from solitaire_core import variants as sv
from solitaire_core.errors import RulesFileError

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples" / "rules"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "rules_schema_tool", ROOT / "tools" / "rules_schema.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


VALIDATOR = jsonschema.Draft202012Validator(sv.rules_schema())


def _errors(document: Any) -> list[str]:
    return [error.message for error in VALIDATOR.iter_errors(document)]


def test_the_schema_is_a_valid_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(sv.rules_schema())


def test_the_schema_file_is_what_the_tool_writes() -> None:
    text = (ROOT / "src" / "solitaire_core" / "schemas" / "rules-1.schema.json").read_text(
        encoding="utf-8"
    )
    assert text == _tool().schema_text(), "stale: run tools/rules_schema.py"


@pytest.mark.parametrize("key", list(sv.SHIPPED_VARIANTS))
def test_every_shipped_games_file_validates(key: str) -> None:
    document = tomllib.loads(sv.shipped_rules_text(key) or "")
    assert _errors(document) == []


@pytest.mark.parametrize(
    "path",
    sorted([*EXAMPLES.glob("*.toml"), *EXAMPLES.glob("rules-*.json")]),
    ids=lambda path: path.name,
)
def test_every_example_validates(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    document = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    assert _errors(document) == []


@settings(max_examples=60, deadline=None)
@given(rule_records())
def test_any_declared_variant_validates(variant: sc.Variant) -> None:
    assert _errors(sv.variant_to_rules(variant, key="any-record")) == []


def _changed(change: str) -> dict[str, Any]:
    """Klondike's document with one field changed: ``"layout.columns=31"``, ``"decks=4"``."""
    document = sv.variant_to_rules(sc.KLONDIKE)
    path, _, value = change.partition("=")
    *tables, key = path.split(".")
    target = document
    for table in tables:
        target = target[table]
    target[key] = json.loads(value)
    return document


@pytest.mark.parametrize(
    ("change", "refused"),
    [
        ('layout.columns="eight"', True),
        ("layout.columns=31", True),
        ("stock.passes=0", True),
        ('stock.kind="talon"', True),
        ("build.wrapp=true", True),
        ("foundations.takeback=1", True),
        ('code_prefix="K1"', True),
        ("decks=4", True),
        ('aliases=["Klondike One"]', True),
        ('build.policy="same_suit"', False),
        ('stock.passes="unlimited"', False),
        ('scoring.floor="none"', False),
    ],
)
def test_the_schema_and_the_reader_refuse_the_same_fields(change: str, refused: bool) -> None:
    document = _changed(change)
    try:
        sv.variant_from_rules(document)
    except RulesFileError:
        reader_refuses = True
    else:
        reader_refuses = False
    assert (bool(_errors(document)), reader_refuses) == (refused, refused)
