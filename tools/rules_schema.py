"""Write the JSON Schema of rules files (``src/solitaire_core/schemas/rules-1.schema.json``).

The schema is for other programs (editors, validators in other languages): the
library checks rules files by hand (``solitaire_core.variants.rules_read``). Its
fields come from the reader's constants and its policies, with their
parameters, from the table of shipped policies; ``tests/test_rules_schema.py``
fails when the committed file differs from what this script writes. Run from
the repository root::

    .venv/bin/python tools/rules_schema.py           # rewrite the schema
    .venv/bin/python tools/rules_schema.py --check   # only report a stale schema (exit 1)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from solitaire_core.moves import MAX_COLUMNS
from solitaire_core.variants.layout import DealPart
from solitaire_core.variants.piles import FoundationBase
from solitaire_core.variants.policy_table import (
    PolicyKind,
    PolicyParameter,
    policy_class,
    policy_parameters,
)
from solitaire_core.variants.rules_read import (
    DEFAULT_POLICIES,
    NONE,
    PATTERNS,
    RULES_FORMAT,
    RULES_VERSION,
    UNLIMITED,
)
from solitaire_core.variants.variant import MAX_DECKS

PATH = Path(__file__).resolve().parents[1] / "src" / "solitaire_core" / "schemas"
FILE = PATH / "rules-1.schema.json"

SHIPPED_POLICIES = {
    PolicyKind.BUILD: (
        "alternate_colors",
        "same_color",
        "same_suit",
        "any_suit_but_own",
        "any_suit",
    ),
    PolicyKind.GROUP: (
        "any_face_up_run",
        "ordered_run",
        "limited_run",
        "top_card_or_whole_column",
        "top_card_only",
    ),
    PolicyKind.EMPTY_COLUMN: ("kings_only", "any_card", "no_card", "below_base", "from_reserve"),
    PolicyKind.SCORING: ("standard_scoring", "vegas_scoring"),
}
"""The shipped policies of each kind (a program may register more: the schema lets a
table name another policy, with any parameters)."""

KEY = {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"}


def _parameter_schema(parameter: PolicyParameter) -> dict[str, Any]:
    kind = {bool: "boolean", int: "integer", float: "number", str: "string"}[parameter.kind]
    if parameter.optional:
        schema: dict[str, Any] = {"anyOf": [{"type": kind}, {"const": NONE}, {"type": "null"}]}
    else:
        schema = {"type": kind}
    if not parameter.required:
        default = parameter.default
        schema["default"] = NONE if default is None else default
    return schema


def _policy_schema(kind: PolicyKind, description: str) -> dict[str, Any]:
    branches = []
    for name in SHIPPED_POLICIES[kind]:
        cls = policy_class(kind, name)
        assert cls is not None, name
        parameters = policy_parameters(cls)
        properties: dict[str, Any] = {"policy": {"const": name}}
        properties.update({p.name: _parameter_schema(p) for p in parameters})
        condition: dict[str, Any] = {
            "properties": {"policy": {"const": name}},
            "required": ["policy"],
        }
        if name == DEFAULT_POLICIES[kind]:
            condition = {"anyOf": [condition, {"not": {"required": ["policy"]}}]}
        then: dict[str, Any] = {"properties": properties, "additionalProperties": False}
        required = [p.name for p in parameters if p.required]
        if required:
            then["required"] = required
        branches.append({"if": condition, "then": then})
    return {
        "type": "object",
        "description": description,
        "properties": {
            "policy": {
                "type": "string",
                "pattern": "^[a-z][a-z0-9]*(_[a-z0-9]+)*$",
                "default": DEFAULT_POLICIES[kind],
                "description": "the policy's name: "
                + ", ".join(SHIPPED_POLICIES[kind])
                + ", or one a program registered (then any parameters are accepted here)",
            }
        },
        "additionalProperties": {"type": ["boolean", "integer", "number", "string", "null"]},
        "allOf": branches,
    }


def schema() -> dict[str, Any]:
    """The JSON Schema of rules files, version 1."""
    counts = {
        "type": "array",
        "minItems": 1,
        "maxItems": MAX_COLUMNS,
        "items": {"type": "integer", "minimum": 0},
    }
    columns = {"type": "integer", "minimum": 1, "maximum": MAX_COLUMNS, "default": 7}
    layout = {
        "type": "object",
        "description": "the columns at the deal, the reserve and the dealing order "
        "(FAMILY.md section 1.7); left out: Klondike's triangle of 7 columns",
        "additionalProperties": False,
        "properties": {
            "pattern": {"enum": list(PATTERNS)},
            "columns": columns,
            "all_face_up": {"type": "boolean", "default": False},
            "face_down": {"anyOf": [{"type": "integer", "minimum": 0}, counts]},
            "face_up": {"anyOf": [{"type": "integer", "minimum": 0}, counts]},
            "reserve": {"type": "integer", "minimum": 0, "default": 0},
            "deal_order": {
                "type": "array",
                "items": {"enum": [part.value for part in DealPart]},
                "uniqueItems": True,
                "contains": {"const": "tableau"},
                "default": ["tableau"],
            },
        },
        "allOf": [
            {
                "if": {"properties": {"pattern": {"enum": ["triangle", "mirrored_triangle"]}}},
                "then": {
                    "not": {"anyOf": [{"required": ["face_down"]}, {"required": ["face_up"]}]}
                },
            },
            {
                "if": {"properties": {"pattern": {"const": "rows"}}, "required": ["pattern"]},
                "then": {
                    "not": {"required": ["all_face_up"]},
                    "properties": {
                        "face_down": {"type": "integer", "minimum": 0},
                        "face_up": {"type": "integer", "minimum": 1},
                    },
                },
            },
            {
                "if": {
                    "anyOf": [
                        {"properties": {"pattern": {"const": "custom"}}, "required": ["pattern"]},
                        {
                            "not": {"required": ["pattern"]},
                            "properties": {"face_down": {"type": "array"}},
                            "required": ["face_down"],
                        },
                    ]
                },
                "then": {
                    "required": ["face_down", "face_up"],
                    "not": {"required": ["all_face_up"]},
                    "properties": {"face_down": counts, "face_up": counts},
                },
            },
        ],
    }
    stock = {
        "type": "object",
        "description": "what the stock move does (FAMILY.md section 1.6); left out: "
        "draw 1 onto a waste, unlimited passes",
        "properties": {
            "kind": {"enum": ["waste", "deal", "none"], "default": "waste"},
            "draw": {"type": "integer", "minimum": 1, "default": 1},
            "passes": {
                "anyOf": [{"type": "integer", "minimum": 1}, {"const": UNLIMITED}],
                "default": UNLIMITED,
            },
            "needs_no_empty_column": {"type": "boolean", "default": False},
        },
        "additionalProperties": False,
        "allOf": [
            {
                "if": {
                    "anyOf": [
                        {"not": {"required": ["kind"]}},
                        {"properties": {"kind": {"const": "waste"}}},
                    ]
                },
                "then": {"not": {"required": ["needs_no_empty_column"]}},
            },
            {
                "if": {"properties": {"kind": {"const": "deal"}}, "required": ["kind"]},
                "then": {"not": {"anyOf": [{"required": ["draw"]}, {"required": ["passes"]}]}},
            },
            {
                "if": {"properties": {"kind": {"const": "none"}}, "required": ["kind"]},
                "then": {"maxProperties": 1},
            },
        ],
    }
    foundations = {
        "type": "object",
        "description": "same suit, up by one, 13 cards each (FAMILY.md section 1.6)",
        "additionalProperties": False,
        "properties": {
            "base": {"enum": [base.value for base in FoundationBase], "default": "ace"},
            "wrap": {"type": "boolean", "description": "true exactly when base is not 'ace'"},
            "complete_runs": {"type": "boolean", "default": False},
            "takeback": {"type": "boolean", "default": True},
        },
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://solitaire-core.invalid/schemas/rules-1.schema.json",
        "title": "solitaire-core rules file, version 1",
        "description": "A whole game of the Klondike family declared as data "
        "(docs/rules-files.md). A field left out takes Klondike's value. TOML has no "
        "null: files write a policy parameter without a value as 'none'. Checks that "
        "span fields (a reserve left out of deal_order, Vegas scoring with recycles...) "
        "are the library's, not this schema's.",
        "type": "object",
        "additionalProperties": False,
        "required": ["format", "version", "key", "name"],
        "properties": {
            "$schema": {"type": "string"},
            "format": {"const": RULES_FORMAT},
            "version": {"const": RULES_VERSION},
            "key": {**KEY, "description": "the game's registry key, such as 'klondike-8'"},
            "aliases": {"type": "array", "items": KEY, "default": []},
            "name": {
                "type": "object",
                "description": "the game's name by two-letter language code",
                "required": ["en"],
                "propertyNames": {"pattern": "^[a-z]{2}$"},
                "additionalProperties": {"type": "string", "minLength": 1, "pattern": "\\S"},
            },
            "code_prefix": {"type": "string", "pattern": "^[A-Z]{2}$"},
            "pysolfc_id": {"type": "integer", "minimum": 1},
            "decks": {"type": "integer", "minimum": 1, "maximum": MAX_DECKS, "default": 1},
            "layout": layout,
            "stock": stock,
            "foundations": foundations,
            "build": _policy_schema(
                PolicyKind.BUILD, "what goes on a face-up card (FAMILY.md section 1.3)"
            ),
            "group": _policy_schema(
                PolicyKind.GROUP, "which cards move together (FAMILY.md section 1.4)"
            ),
            "empty_column": _policy_schema(
                PolicyKind.EMPTY_COLUMN, "what may start an empty column (FAMILY.md section 1.5)"
            ),
            "scoring": _policy_schema(PolicyKind.SCORING, "the scoring (RULES.md section 7)"),
        },
    }


def schema_text() -> str:
    """The schema as its file holds it."""
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write (or with --check only compare) the schema; the exit status is 1 when stale."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report a stale schema only")
    args = parser.parse_args(argv)
    text = schema_text()
    stale = not FILE.is_file() or FILE.read_text(encoding="utf-8") != text
    if stale and not args.check:
        FILE.write_text(text, encoding="utf-8")
    if stale:
        print(f"{'stale' if args.check else 'written'}: {FILE}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
