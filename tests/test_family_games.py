"""The 25 games of FAMILY.md against independent oracles.

* deals and full codes against ``tests/data/family_deal_vectors.json`` (an
  independent JavaScript implementation written from the rule books);
* perft counts, depths 1 to 4 from two deals of every game, against
  ``tests/data/family_perft.json`` (the independent reference model
  ``tests/family_reference.py``);
* random games of every game played side by side with the reference model:
  the same legal moves (in the game's canonical notation) and the same
  position after every move;
* the generator against ``check_move`` by brute force over every move the
  notation can name, along random games;
* each move's effect against :func:`family_support.check_transition`.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from family_reference import FamilyGame
from family_support import assert_generator_agrees, check_invariants, check_transition

from solitaire_core import (
    FullDealCode,
    Move,
    PositionParseError,
    Variant,
    apply_move,
    deal_code_position,
    deal_position,
    format_move,
    hint,
    legal_moves,
    parse_deal_code,
    parse_move,
    perft,
    position_to_json,
)
from solitaire_core.cards import CARD_TEXTS
from solitaire_core.variants import FAMILY_GAMES, code_header, lookup_variant

DATA = Path(__file__).parent / "data"
VECTORS: list[dict[str, Any]] = json.loads((DATA / "family_deal_vectors.json").read_text())
PERFT: list[dict[str, Any]] = json.loads((DATA / "family_perft.json").read_text())


def prefix_of(variant: Variant) -> str:
    header = code_header(variant)
    assert header is not None
    return header[0]


def test_every_family_game_has_a_code_prefix_and_perft_cases() -> None:
    prefixes = {prefix_of(variant) for variant in FAMILY_GAMES}
    assert len(prefixes) == len(FAMILY_GAMES)
    assert {case["game"] for case in PERFT} == prefixes


@pytest.mark.parametrize("vector", VECTORS, ids=lambda vector: vector["code"])
def test_deal_vectors(vector: dict[str, Any]) -> None:
    code = parse_deal_code(vector["code"])
    assert [CARD_TEXTS[card] for card in code.deck] == vector["deck"]
    position = deal_code_position(code)
    data = position_to_json(position)
    assert data["tableau"] == vector["columns"]
    assert data.get("reserve", []) == vector["reserve"]
    assert list(reversed(data["stock"])) == vector["stock"]
    tops = [position.foundation_top(slot) for slot in range(len(position.foundations))]
    dealt = [CARD_TEXTS[top] for top in tops if top is not None]
    assert dealt == ([vector["base_card"]] if vector["base_card"] else [])
    full = FullDealCode.from_code(code)
    assert str(full) == vector["full_code"]
    assert parse_deal_code(vector["full_code"]).deck == code.deck


@pytest.mark.parametrize("case", PERFT, ids=lambda case: case["code"])
def test_perft_matches_the_reference_model(case: dict[str, Any]) -> None:
    code = parse_deal_code(case["code"])
    position = deal_code_position(code)
    counts = [perft(code.variant, position, depth) for depth in range(1, len(case["depths"]) + 1)]
    assert counts == case["depths"]


@pytest.mark.parametrize("variant", FAMILY_GAMES, ids=lambda variant: variant.name)
def test_random_games_agree_with_the_reference_model(variant: Variant) -> None:
    prefix = prefix_of(variant)
    for deal in (2, 11):
        reference = FamilyGame.deal(prefix, deal)
        position = deal_position(variant, deal)
        rng = random.Random(deal)
        for _ in range(120):
            assert position_to_json(position) == reference.snapshot()
            ours = [format_move(variant, move) for move in legal_moves(variant, position)]
            assert len(ours) == len(set(ours))
            assert set(ours) == reference.legal_moves()
            if not ours:
                break
            text = rng.choice(ours)
            move = parse_move(variant, position, text)
            assert Move.parse(str(move)) == move
            after = apply_move(variant, position, move)
            check_transition(variant, position, move, after)
            check_invariants(variant, after)
            position = after
            reference.play(text)


@pytest.mark.parametrize("variant", FAMILY_GAMES, ids=lambda variant: variant.name)
def test_generator_agrees_with_check_move_by_brute_force(variant: Variant) -> None:
    rng = random.Random(variant.name)
    position = deal_position(variant, 5)
    for step in range(60):
        if step % 6 == 0:
            assert_generator_agrees(variant, position)
        moves = legal_moves(variant, position)
        if not moves:
            break
        position = apply_move(variant, position, rng.choice(moves))
    assert_generator_agrees(variant, position)


@pytest.mark.parametrize(
    ("game", "code", "field"),
    [
        ("yukon", "KL1-D1N-AAAAAAB", "stock"),  # 7 columns as in Yukon, but a stock
        ("klondike", "GA1-D1N-AAAAAAB", "tableau"),  # 9 columns, not 7
        ("double-klondike", "KL1-D1N-AAAAAAB", "tableau"),  # 7 columns and one deck
        ("canfield", "KL1-D1N-AAAAAAB", "tableau"),  # 7 columns, not 4
    ],
)
def test_perft_and_hint_refuse_a_position_of_another_game(game: str, code: str, field: str) -> None:
    variant = lookup_variant(game)
    position = deal_code_position(code)
    for call in (lambda: perft(variant, position, 1), lambda: hint(variant, position)):
        with pytest.raises(PositionParseError) as raised:
            call()
        assert raised.value.field == field
        assert variant.name in raised.value.reason
