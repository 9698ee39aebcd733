"""The solver's board (solver/search_board.py): its keys, hashes, packed form and talon jumps.

Its play and undo are the rules' board's, checked in test_board.py (on this
board, with its keys and hashes compared with a fresh board's after every
move). Here: the stock walk's jumps reach what the draws reach; keys and
hashes tell positions apart exactly as the positions themselves do (up to
the order of interchangeable columns, of the columns no deal of the stock
reaches any more, and the recycle count); packing gives
back the board; the waste plays of each waste size are the rules' waste card
moves; and the hash parts given back after an undo keep the hashes right.
"""

from __future__ import annotations

import itertools
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_core import (
    KLONDIKE,
    REFLECHI,
    Move,
    Variant,
    apply_move,
    deal_position,
    legal_moves,
    play_move,
)
from solitaire_core.solver.search_board import SearchBoard, unpack_board
from solitaire_core.variants import AGNES_SOREL, FAMILY_GAMES, SHIPPED_VARIANTS, StockKind

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


@pytest.mark.parametrize("variant", [KLONDIKE, REFLECHI])
def test_set_talon_reaches_what_the_draws_reach(variant: Variant) -> None:
    position = deal_position(variant, 3)
    drawn = position
    for draws in range(1, 30):
        move = legal_moves(variant, drawn)[-1]  # the stock move or the recycle
        drawn = apply_move(variant, drawn, move)
        walked = SearchBoard(variant, position)
        walked.set_talon(len(drawn.waste), drawn.recycles)
        assert walked.to_position() == drawn, draws


def test_the_hash_ignores_the_order_of_interchangeable_columns() -> None:
    position = deal_position(KLONDIKE, 6)
    expected = SearchBoard(KLONDIKE, position).position_hash()
    for order in itertools.islice(itertools.permutations(range(7)), 0, 5040, 211):
        permuted = attrs.evolve(
            position,
            tableau=tuple(position.tableau[i] for i in order),
            face_down=tuple(position.face_down[i] for i in order),
        )
        assert SearchBoard(KLONDIKE, permuted).position_hash() == expected


@pytest.mark.parametrize("deals", [2, 3, 4])
def test_columns_no_deal_reaches_any_more_are_interchangeable(deals: int) -> None:
    # Agnes Sorel deals its 23 stock cards onto the columns from the left: after 2, 3 and 4
    # deals 9, 2 and 0 are left, and the columns from the 9th, 2nd and 0th (0-based) on get no
    # more cards: their order is no part of the key or the hashes; the order of the others is.
    position = deal_position(AGNES_SOREL, 3)
    for _ in range(deals):
        position = play_move(AGNES_SOREL, position, Move.parse("d"))
    left = len(position.stock)
    board = SearchBoard(AGNES_SOREL, position)
    assert [board.is_dealt_no_more(column) for column in range(7)] == [c >= left for c in range(7)]
    for order in itertools.permutations(range(7)):
        if any(order[column] != column for column in range(min(left, 7))):
            continue  # (a column a deal still reaches moved: checked below)
        permuted = attrs.evolve(position, tableau=tuple(position.tableau[i] for i in order))
        other = SearchBoard(AGNES_SOREL, permuted)
        assert other.key() == board.key()
        assert other.position_hash() == board.position_hash()
    if left:
        tableau = position.tableau
        swapped = attrs.evolve(position, tableau=(tableau[1], tableau[0], *tableau[2:]))
        assert SearchBoard(AGNES_SOREL, swapped).position_hash() != board.position_hash()
        assert SearchBoard(AGNES_SOREL, swapped).key() != board.key()


@pytest.mark.parametrize("variant", EVERY_GAME, ids=lambda variant: variant.name)
def test_distinct_positions_get_distinct_keys_and_hashes(variant: Variant) -> None:
    # Along random games: two positions have the same key exactly when they are the
    # same position up to the order of interchangeable columns and the recycle
    # count (written here from the position, not from the key), and the same hash
    # exactly when they have the same key. Six deals, or more (up to 40) until the
    # walks have met more than 60 positions: in games where few moves are ever legal
    # (British Canister, Lucky Piles) a random game ends within a few moves.
    rng = random.Random(variant.name)
    numbers: dict[object, int] = {}
    keys: dict[bytes, int] = {}
    hashes: dict[int, bytes] = {}
    for deal in range(40):
        if deal >= 6 and len(numbers) > 60:
            break
        position = deal_position(variant, deal)
        for _ in range(150):
            board = SearchBoard(variant, position)
            columns = list(zip(position.face_down, position.tableau, strict=True))
            if variant.columns_interchangeable:
                columns.sort()
            elif variant.stock_kind is StockKind.DEAL:  # those no deal reaches any more
                left = len(position.stock)
                columns[left:] = sorted(columns[left:])
            same = (
                tuple(columns),
                position.stock,
                position.waste,
                position.reserve,
                position.foundations,
                position.foundation_base,
            )
            key = board.key()
            assert numbers.setdefault(same, len(numbers)) == keys.setdefault(key, len(keys))
            assert hashes.setdefault(board.position_hash(), key) == key
            moves = legal_moves(variant, position)
            if not moves:
                break
            position = apply_move(variant, position, rng.choice(moves))
    assert len(hashes) == len(keys) == len(numbers) > 60


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(EVERY_GAME), st.integers(0, 10**6), st.integers(0, 2**80))
def test_pack_and_load_give_back_the_board(variant: Variant, deal: int, recycles: int) -> None:
    position = attrs.evolve(deal_position(variant, deal), recycles=recycles)
    board = SearchBoard(variant, position)
    moves = board.legal_moves()
    if moves:
        board.play(moves[-1])
    packed = board.pack()
    assert unpack_board(variant, packed).to_position() == board.to_position()
    other = SearchBoard(variant, deal_position(variant, deal + 1))
    other.load(packed)
    assert other.to_position() == board.to_position()
    same_as_fresh(variant, other)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(EVERY_GAME),
    st.integers(0, 10**6),
    st.integers(0, 2**32),
    st.integers(0, 120),
)
def test_waste_plays_are_the_waste_card_moves_of_each_size(
    variant: Variant, deal: int, seed: int, length: int
) -> None:
    rng = random.Random(seed)
    position = deal_position(variant, deal)
    for _ in range(length):
        moves = legal_moves(variant, position)
        if not moves:
            break
        position = apply_move(variant, position, rng.choice(moves))
    board = SearchBoard(variant, position)
    sizes = tuple(rng.sample(range(1, len(board.talon) + 1), len(board.talon)))
    expected = [
        (index, move)
        for index, size in enumerate(sizes)
        for move in board.waste_card_moves(board.talon[size - 1])
    ]
    assert board.waste_plays(sizes) == expected
    assert board.to_position() == position


@pytest.mark.parametrize("variant", EVERY_GAME, ids=lambda variant: variant.name)
def test_hash_parts_given_back_after_an_undo_keep_the_hashes(variant: Variant) -> None:
    # As a search uses them: the parts taken in a position, a move played, hashed and
    # taken back, the parts given back; the hashes then and after the next move are a
    # fresh board's.
    rng = random.Random(variant.name)
    board = SearchBoard(variant, deal_position(variant, 2))
    board.search_hash()
    for _ in range(100):
        moves = board.legal_moves()
        if not moves:
            break
        parts = board.hash_parts()
        move = rng.choice(moves)
        info = board.play(move)
        board.search_hash()
        board.undo(move, info)
        board.restore_hash_parts(parts)
        fresh = SearchBoard(variant, board.to_position())
        assert board.position_hash() == fresh.position_hash()
        assert board.search_hash() == fresh.search_hash()
        board.play(rng.choice(moves))
        assert board.position_hash() == SearchBoard(variant, board.to_position()).position_hash()
