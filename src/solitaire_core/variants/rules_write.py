"""Writing a rules document: a variant as the data a rules file holds.

:func:`variant_to_rules` is the inverse of
:func:`~solitaire_core.variants.rules_read.variant_from_rules`: for every
variant whose policies are in the table of policies
(:mod:`~solitaire_core.variants.policy_table`), reading the document back
gives an equal variant. The document is complete (every field written, policy
parameters included), so a file written from a shipped game is a starting
point to edit (``solitaire-core games --rules klondike``).

>>> from solitaire_core.variants import KLONDIKE
>>> document = variant_to_rules(KLONDIKE)
>>> document["key"], document["layout"]
('klondike', {'pattern': 'triangle', 'columns': 7, 'all_face_up': False})
>>> document["stock"], document["group"]
({'kind': 'waste', 'draw': 1, 'passes': 'unlimited'}, {'policy': 'any_face_up_run'})
>>> from solitaire_core.variants.rules_read import variant_from_rules
>>> variant_from_rules(document) == KLONDIKE
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from solitaire_core.errors import InvalidArgumentError
from solitaire_core.variants.layout import DealPart, Layout
from solitaire_core.variants.piles import DealStock, NoStock, WasteStock
from solitaire_core.variants.policy_table import PolicyKind, policy_arguments, policy_name
from solitaire_core.variants.registry import pysolfc_id as registered_pysolfc_id
from solitaire_core.variants.registry import variant_key, variant_names
from solitaire_core.variants.rules_read import (
    NONE,
    RULES_FORMAT,
    RULES_VERSION,
    UNLIMITED,
    GameRules,
)
from solitaire_core.variants.variant import Variant, require_variant

_POLICY_FIELDS: Final = (
    (PolicyKind.BUILD, "build"),
    (PolicyKind.GROUP, "group"),
    (PolicyKind.EMPTY_COLUMN, "empty_column"),
    (PolicyKind.SCORING, "scoring"),
)


def rules_document(rules: GameRules) -> dict[str, Any]:
    """The rules document of a game (JSON-ready: str, int, bool, lists and dicts; no None).

    Fields in the order docs/rules-files.md gives them: ``format``,
    ``version``, ``key``, ``aliases``, ``name``, ``code_prefix``,
    ``pysolfc_id`` (the last two only when the game has them), ``decks``,
    ``layout``, ``stock``, ``foundations``, ``build``, ``group``,
    ``empty_column``, ``scoring``.

    Raises:
        InvalidArgumentError: for a policy that is not in the table of
            policies (:func:`~solitaire_core.variants.policy_table.register_policy`
            adds a program's own), naming the field.
    """
    variant = rules.variant
    document: dict[str, Any] = {
        "format": RULES_FORMAT,
        "version": RULES_VERSION,
        "key": rules.key,
        "aliases": list(rules.aliases),
        "name": {"en": variant.name, **{k: v for k, v in rules.names.items() if k != "en"}},
    }
    if variant.code_prefix is not None:
        document["code_prefix"] = variant.code_prefix
    if rules.pysolfc_id is not None:
        document["pysolfc_id"] = rules.pysolfc_id
    document["decks"] = variant.decks
    document["layout"] = _layout(variant.layout)
    document["stock"] = _stock(variant)
    foundations = variant.foundations
    document["foundations"] = {
        "base": foundations.base.value,
        "wrap": foundations.wraps,
        "complete_runs": foundations.complete_runs,
        "takeback": variant.foundation_takeback,
    }
    for kind, field in _POLICY_FIELDS:
        document[field] = _policy(kind, getattr(variant, field))
    return document


def variant_to_rules(
    variant: Variant,
    *,
    key: str | None = None,
    aliases: tuple[str, ...] | None = None,
    names: Mapping[str, str] | None = None,
    pysolfc_id: int | None = None,
) -> dict[str, Any]:
    """A variant as a rules document (:func:`rules_document`).

    Args:
        variant: any variant whose policies are in the table of policies.
        key: the game's key; default the one it is registered under
            (required for an unregistered variant).
        aliases: default its registered aliases.
        names: its names in other languages by language code; default the
            registered ones (:func:`~solitaire_core.variants.registry.variant_names`).
            The English name is always the variant's ``name``.
        pysolfc_id: default its registered PySolFC id.

    Raises:
        InvalidArgumentError: for an unregistered variant without ``key``, or
            a policy not in the table of policies.
    """
    require_variant(variant)
    registered = variant_key(variant)
    chosen = key if key is not None else registered
    if chosen is None:
        raise InvalidArgumentError(
            f"variant {variant.name!r} is not registered: give the key its rules file declares"
        )
    rules = GameRules(
        key=chosen,
        variant=variant,
        aliases=variant.aliases if aliases is None else tuple(aliases),
        names=variant_names(variant) if names is None else {**names, "en": variant.name},
        pysolfc_id=registered_pysolfc_id(variant) if pysolfc_id is None else pysolfc_id,
    )
    return rules_document(rules)


def _layout(layout: Layout) -> dict[str, Any]:
    columns = layout.columns
    shape: dict[str, Any]
    tableau = (layout.face_down, layout.face_up)
    for mirrored in (False, True):
        for face_up in (False, True):
            candidate = Layout.triangle(columns, face_up=face_up, mirrored=mirrored)
            if (candidate.face_down, candidate.face_up) == tableau:
                pattern = "mirrored_triangle" if mirrored else "triangle"
                shape = {"pattern": pattern, "columns": columns, "all_face_up": face_up}
                return _with_reserve(shape, layout)
    down, up = set(layout.face_down), set(layout.face_up)
    if len(down) == 1 and len(up) == 1 and min(up) >= 1:
        shape = {
            "pattern": "rows",
            "columns": columns,
            "face_down": layout.face_down[0],
            "face_up": layout.face_up[0],
        }
    else:
        shape = {
            "pattern": "custom",
            "columns": columns,
            "face_down": list(layout.face_down),
            "face_up": list(layout.face_up),
        }
    return _with_reserve(shape, layout)


def _with_reserve(shape: dict[str, Any], layout: Layout) -> dict[str, Any]:
    if layout.reserve:
        shape["reserve"] = layout.reserve
    if layout.deal_order != (DealPart.TABLEAU,):
        shape["deal_order"] = [part.value for part in layout.deal_order]
    return shape


def _stock(variant: Variant) -> dict[str, Any]:
    stock = variant.stock
    if isinstance(stock, WasteStock):
        limit = stock.recycle_limit
        passes: int | str = UNLIMITED if limit is None else limit + 1
        return {"kind": "waste", "draw": stock.draw_count, "passes": passes}
    if isinstance(stock, DealStock):
        return {"kind": "deal", "needs_no_empty_column": stock.needs_no_empty_column}
    assert isinstance(stock, NoStock)
    return {"kind": "none"}


def _policy(kind: PolicyKind, policy: object) -> dict[str, Any]:
    name = policy_name(policy)
    if name is None:
        raise InvalidArgumentError(
            f"variant {kind.value}: the policy {policy!r} is not in the table of policies "
            "(register_policy adds a program's own, with its rules_name)"
        )
    arguments = policy_arguments(policy)
    return {
        "policy": name,
        **{key: NONE if value is None else value for key, value in arguments.items()},
    }


__all__ = ["rules_document", "variant_to_rules"]
