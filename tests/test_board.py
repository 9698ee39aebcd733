"""The board (rules/board.py, rules/board_core.py): its tables kept up to date by play and undo.

The move generator itself is tested in test_movegen.py (it is the board's, made
fresh for the position); here the board is played in place, and after every
move it must agree with a board made fresh from the position reached, and with
:func:`apply_move` on immutable positions, an independent implementation of
the moves' effects. Undo must give back exactly the board before. The boards
played are the solver's (a subclass, :class:`SearchBoard`), so that the caches
the board keeps for it (the parts of its hash, forgotten as they change) are
checked too: its key and hash must be a fresh board's. What the board reads of
its variant (rules/board_rules.py) is checked field by field.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_core import (
    KLONDIKE,
    Move,
    Position,
    Variant,
    apply_move,
    deal_position,
    legal_moves,
)
from solitaire_core.moves import DRAW, RECYCLE
from solitaire_core.rules.board import Board
from solitaire_core.rules.board_rules import board_rules
from solitaire_core.solver.search_board import SearchBoard
from solitaire_core.variants import FAMILY_GAMES, SHIPPED_VARIANTS

EVERY_GAME = tuple(dict.fromkeys((*SHIPPED_VARIANTS.values(), *FAMILY_GAMES)))


def same_as_fresh(variant: Variant, board: SearchBoard) -> None:
    """The board answers as one made from scratch for its position."""
    position = board.to_position()
    fresh = SearchBoard(variant, position)
    assert board.legal_moves() == fresh.legal_moves()
    assert board.key() == fresh.key()
    assert board.position_hash() == fresh.position_hash()
    assert board.is_won == position.is_won
    assert board.cards_home == sum(position.foundations)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(EVERY_GAME),
    st.integers(0, 10**6),
    st.integers(0, 2**32),
    st.integers(1, 150),
)
def test_play_keeps_the_tables_and_undo_gives_back_the_board(
    variant: Variant, deal: int, seed: int, length: int
) -> None:
    rng = random.Random(seed)
    position = deal_position(variant, deal)
    board = SearchBoard(variant, position)
    history: list[tuple[Position, Move, int]] = []
    for _ in range(length):
        moves = legal_moves(variant, position)
        if not moves:
            break
        move = rng.choice(moves)
        history.append((position, move, board.play(move)))
        position = apply_move(variant, position, move)
        assert board.to_position() == position
        same_as_fresh(variant, board)
    while history:
        before, move, info = history.pop()
        board.undo(move, info)
        assert board.to_position() == before
        same_as_fresh(variant, board)


def test_the_talon_holds_the_waste_then_the_stock_from_its_top() -> None:
    position = deal_position(KLONDIKE, 6)
    board = Board(KLONDIKE, position)
    # the stock's top card (drawn next) comes first after the waste
    assert board.talon == list(reversed(position.stock)) and board.waste_size == 0
    board.play(DRAW)
    assert board.waste == (position.stock[-1],)
    assert board.stock == position.stock[:-1]
    while board.stock:
        board.play(DRAW)
    info = board.play(RECYCLE)
    assert board.stock == tuple(reversed(board.talon))
    assert not board.waste
    assert board.recycles == 1
    board.undo(RECYCLE, info)
    assert board.waste == tuple(board.talon) and board.recycles == 0


@pytest.mark.parametrize("variant", EVERY_GAME, ids=lambda variant: variant.name)
def test_what_a_board_reads_of_its_variant_is_the_variants(variant: Variant) -> None:
    rules = board_rules(variant)
    assert board_rules(variant) is rules  # (made once per variant)
    assert rules.decks == variant.decks
    assert rules.build_table == variant.build_table
    assert rules.empty_column_tables == variant.empty_column_tables
    assert rules.simple_foundations == variant.simple_foundations
    assert rules.complete_runs == variant.foundations.complete_runs
    assert rules.group == variant.group
    assert rules.limits_counts == variant.group.limits_counts
    assert rules.any_face_up_groups == variant.any_face_up_groups
    assert rules.foundation_takeback == variant.foundation_takeback
    assert rules.draw_count == variant.draw_count
    assert rules.recycle_limit == variant.recycle_limit
    assert rules.deal_needs_no_empty_column == variant.deal_needs_no_empty_column
    assert rules.fills_from_reserve == variant.empty_column.fills_from_reserve
    # Each card stands for its copies: card + 52 * copy, for every deck.
    for slots, cards in (
        (rules.source_slots, variant.build_sources),
        (rules.target_slots, variant.build_targets),
        (rules.starter_slots, variant.empty_column_cards),
    ):
        assert len(slots) == len(cards)
        for entries, group in zip(slots, cards, strict=True):
            assert sorted(entries) == sorted(
                card + 52 * copy for card in group for copy in range(variant.decks)
            )
    board = Board(variant, deal_position(variant, 0))
    assert tuple(board.legal_moves()) == legal_moves(variant, deal_position(variant, 0))
