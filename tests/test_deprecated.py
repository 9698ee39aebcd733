"""Names that moved keep working for a while, with a DeprecationWarning naming the new home."""

from __future__ import annotations

import importlib

import pytest

import solitaire_core as sc
from solitaire_core import playout, shuffle, statistics
from solitaire_core.solver import result
from solitaire_core.web import requests

hints = importlib.import_module("solitaire_core.solver.hint")  # (solver.hint is also a function)

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
    # check_* explain and return; the functions that raise are require_* now
    ("solitaire_core", "check_position", sc.require_position),
    ("solitaire_core.rules", "check_position", sc.require_position),
    ("solitaire_core.rules.positions", "check_position", sc.require_position),
    ("solitaire_core.solver.result", "check_count", result.require_count),
    ("solitaire_core.solver.result", "check_search_arguments", result.require_search_arguments),
    ("solitaire_core.solver.result", "check_time_limit", result.require_time_limit),
    ("solitaire_core.solver.hint", "check_hint_arguments", hints.require_hint_arguments),
    ("solitaire_core.playout", "check_seed", playout.require_seed),
    ("solitaire_core.shuffle", "check_deal_number", shuffle.require_deal_number),
    ("solitaire_core.web.requests", "check_fields", requests.require_fields),
    # no two public classes share a name (rules.board.Board)
    ("solitaire_core.statistics", "Board", statistics.StatisticsBoard),
    ("solitaire_core.statistics.records", "Board", statistics.StatisticsBoard),
]


@pytest.mark.parametrize(("module", "name", "now"), MOVED)
def test_an_old_name_warns_and_gives_the_same_object(module: str, name: str, now: object) -> None:
    with pytest.warns(DeprecationWarning, match=rf"{module}\.{name} is deprecated: use "):
        found = getattr(importlib.import_module(module), name)
    assert found is now


@pytest.mark.parametrize("module", sorted({module for module, _, _ in MOVED}))
def test_an_unknown_name_is_still_an_attribute_error(module: str) -> None:
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        _ = importlib.import_module(module).no_such_name
