"""Solvitaire's rules and deal JSON (docs/interop.md, section 5).

The fixtures in ``tests/data/solvitaire/`` are written by hand from Solvitaire's
documented formats (their README says how): a Klondike and an Easthaven rules
file load and play, a deal file loads as the position it describes (checked
against our own deal of the same cards) and plays, an unmappable rules file is
refused naming its field.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import reachable_positions

import solitaire_core as sc
from solitaire_core import variants as sv
from solitaire_core.interop import (
    SolvitaireFormatError,
    position_from_solvitaire,
    solvitaire_deal,
    variant_from_solvitaire,
    variant_to_solvitaire,
)
from solitaire_core.interop.solvitaire import card_text, is_solvitaire_rules

DATA = Path(__file__).parent / "data" / "solvitaire"


def _load(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


KLONDIKE_RULES = _load("klondike-rules.json")


def _klondike() -> sc.Variant:
    return variant_from_solvitaire(KLONDIKE_RULES, name="Klondike (Solvitaire)")


# --- rules ------------------------------------------------------------------------------


def test_klondikes_rules_map_to_klondike_with_built_groups() -> None:
    variant = _klondike()
    expected = attrs.evolve(
        sc.KLONDIKE, name="Klondike (Solvitaire)", group=sv.ORDERED_RUN, code_prefix=None
    )
    assert variant == expected
    assert variant.column_sizes == (1, 2, 3, 4, 5, 6, 7)
    assert variant.layout.face_down == (0, 1, 2, 3, 4, 5, 6)
    assert (variant.draw_count, variant.recycle_limit, variant.foundation_takeback) == (
        1,
        None,
        True,
    )


def test_easthavens_rules_are_our_easthaven() -> None:
    variant = variant_from_solvitaire(
        _load("easthaven-rules.json"), name="Easthaven", code_prefix="EH"
    )
    assert variant == sv.EASTHAVEN


@pytest.mark.parametrize(
    ("name", "field", "words"),
    [
        ("canfield-rules.json", "foundations.initial cards", "the base also stops building"),
        ("freecell-rules.json", "cells.count", "4 free cells"),
    ],
)
def test_an_unmappable_rules_file_is_refused_naming_its_field(
    name: str, field: str, words: str
) -> None:
    with pytest.raises(SolvitaireFormatError) as raised:
        variant_from_solvitaire(_load(name), file=name)
    error = raised.value
    assert (error.document, error.field, error.file) == ("rules", field, name)
    assert words in error.reason
    assert str(error).startswith(f"Solvitaire rules file {name!r}: {field}: ")
    assert isinstance(error, ValueError) and isinstance(error, sc.SolitaireError)


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (
            {"tableau piles": {"move built group": "whole-pile"}},
            "tableau piles.move built group",
            "whole columns",
        ),
        (
            {"tableau piles": {"move built group": "partial-if-card-above-buildable"}},
            "tableau piles.move built group",
            "a search's pruning",
        ),
        (
            {"tableau piles": {"move built group": "maximal-group"}},
            "tableau piles.move built group",
            "only the longest run",
        ),
        ({"tableau piles": {"build policy": "no-build"}}, "tableau piles.build policy", "no-build"),
        (
            {"tableau piles": {"spaces policy": "auto-waste-then-stock"}},
            "tableau piles.spaces policy",
            "never from the waste",
        ),
        (
            {"tableau piles": {"move built group policy": "any-suit"}},
            "tableau piles.move built group policy",
            "'any-suit' groups with 'red-black' building",
        ),
        (
            {"foundations": {"initial cards": "one", "base card": "random"}},
            "foundations.initial cards",
            "another base",
        ),
        ({"foundations": {"base card": "7"}}, "foundations.base card", "another base"),
        ({"foundations": {"initial cards": "all"}}, "foundations.initial cards", "'all'"),
        ({"foundations": {"present": False}, "hole": {"present": True}}, "hole.present", "a hole"),
        ({"max rank": 8}, "max rank", "full decks"),
        ({"reserve": {"size": 4}}, "reserve.stacked", "separate one-card piles"),
        ({"stock": {"deal type": "hole"}}, "stock.deal type", "no hole"),
        ({"tableau piles": {"count": 31}}, "tableau piles.count", "1..30"),
        ({"tableau piles": {"count": "seven"}}, "tableau piles.count", "must be an integer"),
        ({"tableau piles": {"colour": "red"}}, "tableau piles.colour", "is not a field"),
        (
            {"tableau piles": {"face up cards": "some"}},
            "tableau piles.face up cards",
            "must be one of",
        ),
        ({"talon": {}}, "talon", "is not a field of Solvitaire's rules"),
        ({"two decks": "yes"}, "two decks", "true or false"),
    ],
)
def test_a_rule_without_a_counterpart_is_refused(
    change: dict[str, Any], field: str, words: str
) -> None:
    rules = json.loads(json.dumps(KLONDIKE_RULES))
    for section, value in change.items():
        if isinstance(value, dict) and isinstance(rules.get(section), dict):
            rules[section].update(value)
        else:
            rules[section] = value
    with pytest.raises(SolvitaireFormatError) as raised:
        variant_from_solvitaire(rules)
    assert raised.value.field == field
    assert words in raised.value.reason


def test_defaults_are_solvitaires() -> None:
    # Solvitaire's defaults: 8 piles, all face up, any-suit building, one deck, no stock.
    variant = variant_from_solvitaire({"tableau piles": {"move built group": "yes"}})
    assert variant.columns == 8 and variant.all_face_up
    assert variant.column_sizes == (7, 7, 7, 7, 6, 6, 6, 6)
    assert variant.stock_kind is sv.StockKind.NONE
    assert variant.build == sv.ANY_SUIT and variant.empty_column == sv.ANY_CARD
    assert not variant.foundation_takeback


def test_a_spider_and_a_reserve_map() -> None:
    spiderette = variant_from_solvitaire(
        {
            "tableau piles": {
                "count": 7,
                "build policy": "any-suit",
                "move built group": "yes",
                "move built group policy": "same-suit",
                "diagonal deal": True,
                "face up cards": "top",
            },
            "foundations": {"only complete pile moves": True},
            "stock": {"size": 24, "deal type": "tableau piles"},
        },
        name="Spiderette",
        code_prefix="SE",
    )
    # Solvitaire deals while a column is empty; our Spiderette does not (FAMILY.md 4.3).
    assert spiderette == attrs.evolve(sv.SPIDERETTE, stock=sv.DealStock())
    reserve = variant_from_solvitaire(
        {
            "tableau piles": {
                "count": 4,
                "build policy": "red-black",
                "move built group": "yes",
                "spaces policy": "auto-reserve-then-any",
            },
            "reserve": {"size": 13, "stacked": True},
            "stock": {"size": 35, "deal count": 3, "redeal": True},
        }
    )
    assert reserve.layout.reserve == 13 and reserve.empty_column == sv.FROM_RESERVE
    assert reserve.column_sizes == (1, 1, 1, 1)


def test_single_card_moves_map_to_the_top_card_only_group() -> None:
    # Solvitaire's british-canister preset (sol_preset_types.cpp): 8 piles, red-black,
    # no built groups, Kings to spaces; the defaults deal round the piles, all face up.
    british = {
        "tableau piles": {
            "count": 8,
            "build policy": "red-black",
            "move built group": "no",
            "spaces policy": "kings",
        }
    }
    variant = variant_from_solvitaire(british, name="British Canister (Solvitaire)")
    ours = sv.lookup_variant("british-canister")
    assert variant.group == sv.TOP_CARD_ONLY == ours.group
    assert (variant.build, variant.empty_column) == (ours.build, ours.empty_column)
    # Round the piles: 7 cards to the first four piles, 6 to the others (PySolFC deals
    # the seventh cards to the middle four), and the foundations keep their cards.
    assert variant.column_sizes == (7, 7, 7, 7, 6, 6, 6, 6)
    assert variant.stock_kind is sv.StockKind.NONE and not variant.foundation_takeback
    back = variant_to_solvitaire(variant)["tableau piles"]
    assert (back["move built group"], back["build policy"], back["spaces policy"]) == (
        "no",
        "red-black",
        "kings",
    )


def test_our_rules_files_are_not_solvitaires() -> None:
    assert is_solvitaire_rules(KLONDIKE_RULES)
    assert not is_solvitaire_rules(sv.variant_to_rules(sc.KLONDIKE))
    assert not is_solvitaire_rules({})


# --- writing rules ---------------------------------------------------------------------------

EXACT = ["eastcliff", "westcliff", "pas-seul", "trigon", "double-klondike", "saratoga", "easthaven"]


@pytest.mark.parametrize("key", EXACT)
def test_games_solvitaire_expresses_round_trip(key: str) -> None:
    variant = sv.SHIPPED_VARIANTS[key]
    rules = json.loads(json.dumps(variant_to_solvitaire(variant)))
    back = variant_from_solvitaire(rules, name=variant.name, code_prefix=variant.code_prefix)
    assert back == variant


def test_klondikes_any_face_up_groups_are_written_as_built_groups() -> None:
    rules = variant_to_solvitaire(sc.KLONDIKE)
    assert rules["tableau piles"]["move built group"] == "yes"
    assert rules == variant_to_solvitaire(attrs.evolve(sc.KLONDIKE, group=sv.ORDERED_RUN))
    assert rules["stock"] == {"size": 24, "deal type": "waste", "deal count": 1, "redeal": True}
    assert rules["tableau piles"]["diagonal deal"] is True


@pytest.mark.parametrize(
    ("key", "field", "words"),
    [
        ("yukon", "group", "Solvitaire moves built runs"),
        ("triple-klondike", "decks", "one or two decks"),
        ("canfield", "build", "without wrap"),
        ("whitehead", "build", "SameColor"),
        ("spiderette", "stock", "only while no column is empty"),
        ("small-harp", "layout", "round the piles or in a triangle"),
        ("gargantua", "stock", "2 passes"),
        ("nine-across", "build", "wrap"),
        ("somerset", "group", "LimitedRun"),
    ],
)
def test_a_game_solvitaire_cannot_express_is_refused(key: str, field: str, words: str) -> None:
    with pytest.raises(SolvitaireFormatError) as raised:
        variant_to_solvitaire(sv.SHIPPED_VARIANTS[key])
    assert (raised.value.document, raised.value.field) == ("rules", field)
    assert words in raised.value.reason


# --- deals ---------------------------------------------------------------------------------


def test_a_deal_file_loads_as_the_position_it_describes_and_plays() -> None:
    variant = _klondike()
    position = position_from_solvitaire(variant, _load("klondike-deal.json"))
    assert position == sc.deal_code_position("KL1-D1N-AAAAAAG")
    game = sc.Game(variant, start=position)
    for notation in ("1f", "7f", "54"):
        game.play(notation)
    assert game.score == 30
    result = sc.solve(variant, position)
    assert result.status is sc.SolveStatus.SOLVED
    game = sc.Game(variant, start=position)
    for move in result.moves:
        game.play(move)
    assert game.is_won


def test_a_later_position_loads_with_its_waste_and_foundations() -> None:
    variant = _klondike()
    position = position_from_solvitaire(variant, _load("klondike-midgame.json"))
    assert position.foundations == (2, 1, 1, 0)
    assert [sc.card_text(card) for card in position.waste] == ["QH", "JH"]
    assert position.tableau[0] == () and position.face_down == (0, 1, 2, 3, 3, 5, 5)
    game = sc.Game(variant, start=position)
    assert [str(move) for move in game.legal_moves] == ["6f", "31:1", "67:1", "d"]


def test_a_deal_is_written_as_solvitaire_reads_it() -> None:
    position = sc.deal_code_position("KL1-D1N-AAAAAAG")
    assert solvitaire_deal(sc.KLONDIKE, position) == {
        **_load("klondike-deal.json"),
        "waste": [],
        "foundations": [],
    }
    assert card_text(sc.parse_card("TD")) == "10D"
    assert card_text(sc.parse_card("KH"), face_down=True) == "Kh"


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([sc.KLONDIKE, sc.REFLECHI_DRAW_3, sv.EASTHAVEN, sv.DOUBLE_KLONDIKE]).flatmap(
        reachable_positions
    )
)
def test_positions_round_trip_through_solvitaires_deal(
    pair: tuple[sc.Variant, sc.Position],
) -> None:
    variant, position = pair
    document = json.loads(json.dumps(solvitaire_deal(variant, position)))
    # Solvitaire has no recycle count, and lists foundation cards without their slot: with
    # two decks, each suit's fuller foundation is read into the first deck's slot.
    slots = list(position.foundations)
    for suit in range(4):
        counts = sorted(slots[suit::4], reverse=True)
        slots[suit::4] = counts
    expected = attrs.evolve(position, recycles=0, foundations=tuple(slots))
    assert position_from_solvitaire(variant, document) == expected


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (
            {"tableau piles": [["AD"], ["JC", "2h"]]},
            "tableau piles[1]",
            "face-down card lies on a face-up",
        ),
        ({"tableau piles": [["Ad"]]}, "tableau piles[0]", "top card is face down"),
        ({"tableau piles": [["AD", "1X"]]}, "tableau piles[0][1]", "is not a card"),
        ({"foundations": ["AS", "3S"]}, "foundations", "not 1 run(s) from the Ace up"),
        ({"cells": ["AS"]}, "cells", "no counterpart"),
        ({"talon": []}, "talon", "is not a field of a Solvitaire deal"),
        ({"stock": "6C"}, "stock", "must be a list of cards"),
    ],
)
def test_a_bad_deal_is_refused_naming_its_field(
    change: dict[str, Any], field: str, words: str
) -> None:
    deal = {**_load("klondike-deal.json"), **change}
    with pytest.raises(SolvitaireFormatError) as raised:
        position_from_solvitaire(_klondike(), deal)
    assert (raised.value.document, raised.value.field) == ("deal", field)
    assert words in raised.value.reason


def test_a_deal_that_does_not_fit_the_game_is_refused() -> None:
    deal = _load("klondike-deal.json")
    deal["tableau piles"] = deal["tableau piles"][:6]
    with pytest.raises(SolvitaireFormatError, match="does not fit"):
        position_from_solvitaire(_klondike(), deal)
    deal = _load("klondike-deal.json")
    deal["stock"] = [*deal["stock"][:-1], "AD"]  # the AD twice, the QH missing
    with pytest.raises(SolvitaireFormatError, match="does not fit"):
        position_from_solvitaire(_klondike(), deal)


# --- the command line ---------------------------------------------------------------------


def test_the_cli_plays_a_solvitaire_rules_file_and_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cli_runner import run

    rules = tmp_path / "klondike-sv.json"
    rules.write_text(json.dumps(KLONDIKE_RULES), encoding="utf-8")
    deal = DATA / "klondike-deal.json"
    status, out, err = run(
        capsys, "play", "--rules", str(rules), "--position", str(deal), "1f", "7f", "54"
    )
    assert (status, err) == (0, "")
    assert "moves made: 3, score: 30" in out and "Legal moves: 31:1 67:1 d" in out
    status, out, err = run(
        capsys, "solve", "--rules", str(rules), "--position", str(deal), "--json"
    )
    assert status == 0 and json.loads(out)["result"] == "solved"
    status, out, err = run(capsys, "export", "KL1-D1N-AAAAAAG", "--to", "solvitaire")
    assert (
        status == 0
        and json.loads(out)["tableau piles"] == _load("klondike-deal.json")["tableau piles"]
    )
    status, out, err = run(capsys, "games", "--rules", "easthaven", "--solvitaire")
    assert status == 0 and json.loads(out)["stock"] == {"size": 31, "deal type": "tableau piles"}
    status, out, err = run(capsys, "games", "--rules", "yukon", "--solvitaire")
    assert (status, out) == (2, "") and "Solvitaire rules: group: " in err
    status, out, err = run(capsys, "deal", "--rules", str(DATA / "canfield-rules.json"))
    assert (status, out) == (2, "")
    assert "canfield-rules.json': foundations.initial cards: " in err
