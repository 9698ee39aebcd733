"""Names that moved keep working for a while, with a DeprecationWarning naming the new home."""

from __future__ import annotations

import importlib

import pytest

import solitaire_core as sc

MOVED = [
    ("solitaire_core.errors", "IllegalMoveError", sc.IllegalMoveError),
    ("solitaire_core.solver", "pick_winnable_deal", sc.pick_winnable_deal),
    ("solitaire_core.solver", "WinnableDeal", sc.WinnableDeal),
    ("solitaire_core.solver", "DealSource", sc.DealSource),
    ("solitaire_core.solver", "DEFAULT_PICK_DEALS", sc.catalogue.DEFAULT_PICK_DEALS),
    ("solitaire_core.solver", "DEFAULT_PICK_POSITIONS", sc.catalogue.DEFAULT_PICK_POSITIONS),
    ("solitaire_core.variants", "SuitRun", sc.variants.suit_run),
    ("solitaire_core.variants.policies", "SuitRun", sc.variants.suit_run),
    ("solitaire_core.scoring", "RuleCardScoring", sc.scoring.rule_card_scoring),
]


@pytest.mark.parametrize(("module", "name", "now"), MOVED)
def test_an_old_name_warns_and_gives_the_same_object(module: str, name: str, now: object) -> None:
    with pytest.warns(DeprecationWarning, match=rf"{module}\.{name} is deprecated: use "):
        found = getattr(importlib.import_module(module), name)
    assert found is now


@pytest.mark.parametrize("module", ["solitaire_core.errors", "solitaire_core.solver"])
def test_an_unknown_name_is_still_an_attribute_error(module: str) -> None:
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        _ = importlib.import_module(module).no_such_name
