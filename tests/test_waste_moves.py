"""``waste_moves`` (rules/movegen.py): the waste's moves without the rest.

Contract tested here: on any reachable position of any shipped variant (the
Klondike-rules ones, the family games of FAMILY.md, and a custom one whose
empty columns take any card), ``waste_moves`` is exactly the waste-to-foundation
and waste-to-column moves of ``legal_moves``, in the same order. The solver's
stock macros rely on it (solver/stock.py).
"""

from __future__ import annotations

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import reachable_positions

from solitaire_core import KLONDIKE, MoveKind, Position, Variant, legal_moves
from solitaire_core.rules import waste_moves
from solitaire_core.variants import ANY_CARD, FAMILY_GAMES

WASTE_KINDS = (MoveKind.WASTE_TO_FOUNDATION, MoveKind.WASTE_TO_COLUMN)
ANY_CARD_KLONDIKE = attrs.evolve(
    KLONDIKE, name="any card to an empty column", empty_column=ANY_CARD
)


def expected(variant: Variant, position: Position) -> tuple[object, ...]:
    return tuple(move for move in legal_moves(variant, position) if move.kind in WASTE_KINDS)


@settings(max_examples=150)
@given(case=reachable_positions())
def test_waste_moves_are_the_generators_waste_moves(case: tuple[Variant, Position]) -> None:
    variant, position = case
    assert waste_moves(variant, position) == expected(variant, position)


@settings(max_examples=50)
@given(case=reachable_positions(ANY_CARD_KLONDIKE))
def test_waste_moves_with_any_card_to_an_empty_column(case: tuple[Variant, Position]) -> None:
    variant, position = case
    assert waste_moves(variant, position) == expected(variant, position)


# The strategies' variants are the Klondike-rules ones; the family games (waste
# or not: without a waste there is no waste move) are drawn here.
@settings(max_examples=50, deadline=None)
@given(case=st.sampled_from(FAMILY_GAMES).flatmap(reachable_positions))
def test_waste_moves_in_the_family_games(case: tuple[Variant, Position]) -> None:
    variant, position = case
    assert waste_moves(variant, position) == expected(variant, position)
    if not variant.has_waste:
        assert waste_moves(variant, position) == ()
