"""The board (rules/board.py): its tables kept up to date by play and undo.

The move generator itself is tested in test_movegen.py (it is the board's, made
fresh for the position); here the board is played in place, and after every
move it must agree with a board made fresh from the position reached, and with
:func:`apply_move` on immutable positions, an independent implementation of
the moves' effects. Undo must give back exactly the board before.
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
    Position,
    Variant,
    apply_move,
    deal_position,
    legal_moves,
)
from solitaire_core.moves import DRAW, RECYCLE
from solitaire_core.rules.board import Board, unpack_board
from solitaire_core.variants import FAMILY_GAMES, SHIPPED_VARIANTS

EVERY_GAME = tuple(dict.fromkeys((*SHIPPED_VARIANTS.values(), *FAMILY_GAMES)))


def same_as_fresh(variant: Variant, board: Board) -> None:
    """The board answers as one made from scratch for its position."""
    position = board.to_position()
    fresh = Board(variant, position)
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
    board = Board(variant, position)
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


@pytest.mark.parametrize("variant", [KLONDIKE, REFLECHI])
def test_set_talon_reaches_what_the_draws_reach(variant: Variant) -> None:
    position = deal_position(variant, 3)
    drawn = position
    for draws in range(1, 30):
        move = legal_moves(variant, drawn)[-1]  # the stock move or the recycle
        drawn = apply_move(variant, drawn, move)
        walked = Board(variant, position)
        walked.set_talon(len(drawn.waste), drawn.recycles)
        assert walked.to_position() == drawn, draws


def test_the_hash_ignores_the_order_of_interchangeable_columns() -> None:
    position = deal_position(KLONDIKE, 6)
    expected = Board(KLONDIKE, position).position_hash()
    for order in itertools.islice(itertools.permutations(range(7)), 0, 5040, 211):
        permuted = attrs.evolve(
            position,
            tableau=tuple(position.tableau[i] for i in order),
            face_down=tuple(position.face_down[i] for i in order),
        )
        assert Board(KLONDIKE, permuted).position_hash() == expected


@pytest.mark.parametrize("variant", EVERY_GAME, ids=lambda variant: variant.name)
def test_distinct_positions_get_distinct_keys_and_hashes(variant: Variant) -> None:
    # Along random games: two positions have the same key exactly when they are the
    # same position up to the order of interchangeable columns and the recycle
    # count (written here from the position, not from the key), and the same hash
    # exactly when they have the same key.
    rng = random.Random(variant.name)
    numbers: dict[object, int] = {}
    keys: dict[bytes, int] = {}
    hashes: dict[int, bytes] = {}
    for deal in range(6):
        position = deal_position(variant, deal)
        for _ in range(150):
            board = Board(variant, position)
            columns = list(zip(position.face_down, position.tableau, strict=True))
            if variant.columns_interchangeable:
                columns.sort()
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
    board = Board(variant, position)
    moves = board.legal_moves()
    if moves:
        board.play(moves[-1])
    packed = board.pack()
    assert unpack_board(variant, packed).to_position() == board.to_position()
    other = Board(variant, deal_position(variant, deal + 1))
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
    board = Board(variant, position)
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
    board = Board(variant, deal_position(variant, 2))
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
        fresh = Board(variant, board.to_position())
        assert board.position_hash() == fresh.position_hash()
        assert board.search_hash() == fresh.search_hash()
        board.play(rng.choice(moves))
        assert board.position_hash() == Board(variant, board.to_position()).position_hash()
