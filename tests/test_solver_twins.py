"""The suit symmetry of the complete search: twin positions stored as one.

Twins are the two cards of a rank and colour (the spade and the club, the
heart and the diamond). Positions that differ only by exchanging the cards
lying on two twins face up in the columns are won or lost together
(:func:`~solitaire_core.solver.reductions.twins_are_interchangeable`), and
the complete search stores them under one key
(:meth:`~solitaire_core.solver.search_board.SearchBoard.merge_twins`). Checked here: the
key against a canonical form written independently in this file (exchanges
applied one pair at a time, the Kings first), the two measures the search
takes (a card sent home through an exchange, the forced step chosen by card)
on a hand-made position, and the verdicts on whole deals against the search
without the symmetry. The verdicts on many small positions, against the
search with no reduction at all, are in ``test_solver_reductions.py``.
"""

from __future__ import annotations

import random

import attrs
import pytest

from solitaire_core import KLONDIKE, KLONDIKE_DRAW_3, Position, deal_position, parse_card
from solitaire_core.moves import Move, MoveKind
from solitaire_core.rules import legal_moves, play_move
from solitaire_core.solver import SolveStatus
from solitaire_core.solver.board_steps import board_steps
from solitaire_core.solver.reductions import twins_are_interchangeable
from solitaire_core.solver.search_board import SearchBoard
from solitaire_core.solver.searching import depth_first_loop
from solitaire_core.solver.steps import dominance_is_sound
from solitaire_core.variants import Variant, shipped


def _twin(card: int) -> int:
    """Suits S, H, D, C: the spade's twin is the club, the heart's the diamond."""
    suit, rank = divmod(card, 13)
    return (3 - suit) * 13 + rank


def _face_up_places(position: Position) -> dict[int, tuple[int, int]]:
    return {
        card: (column, index)
        for column, (pile, down) in enumerate(
            zip(position.tableau, position.face_down, strict=True)
        )
        for index, card in enumerate(pile)
        if index >= down
    }


def _exchange(position: Position, card: int) -> Position:
    """``position`` with the cards on ``card`` and on its twin exchanged (both face up)."""
    places = _face_up_places(position)
    (column, index), (other, other_index) = places[card], places[_twin(card)]
    piles = [list(pile) for pile in position.tableau]
    tail, other_tail = piles[column][index + 1 :], piles[other][other_index + 1 :]
    piles[column][index + 1 :] = other_tail
    piles[other][other_index + 1 :] = tail
    return attrs.evolve(position, tableau=tuple(tuple(pile) for pile in piles))


def _pairs(position: Position) -> list[int]:
    """The spades and hearts whose twins are also face up in the columns."""
    places = _face_up_places(position)
    return [card for card in range(26) if card in places and _twin(card) in places]


def _canonical_columns(position: Position) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The reference canonical form: exchange pairs one at a time, from the Kings down.

    A pair is exchanged when the card lying on the spade or heart is higher
    (in 0..51) than the one lying on its twin, no card counting lowest;
    columns are sorted (Klondike's are interchangeable).
    """
    for rank in range(12, -1, -1):
        for card in (rank, 13 + rank):
            places = _face_up_places(position)
            if card not in places or _twin(card) not in places:
                continue
            ons = []
            for column, index in (places[card], places[_twin(card)]):
                pile = position.tableau[column]
                ons.append(pile[index + 1] if index + 1 < len(pile) else -1)
            if ons[0] > ons[1]:
                position = _exchange(position, card)
    return tuple(sorted(zip(position.face_down, position.tableau, strict=True)))


def _merged_hash(variant: Variant, position: Position) -> int:
    board = SearchBoard(variant, position)
    board.merge_twins()
    return board.search_hash()


def _positions(variant: Variant, deals: int, seed: str) -> list[Position]:
    """Positions of random play (no take-backs) from the first ``deals`` deals."""
    rng = random.Random(seed)
    found = []
    for deal in range(deals):
        position = deal_position(variant, deal)
        for _ in range(rng.randrange(20, 120)):
            moves = [
                move
                for move in legal_moves(variant, position)
                if move.kind is not MoveKind.FOUNDATION_TO_COLUMN
            ]
            if not moves:
                break
            position = play_move(variant, position, rng.choice(moves))
            if dominance_is_sound(variant, position) and len(_pairs(position)) >= 2:
                found.append(position)
    return found


@pytest.mark.parametrize("variant", [KLONDIKE, KLONDIKE_DRAW_3], ids=lambda v: v.name)
def test_twin_positions_share_a_key_and_other_positions_do_not(variant: Variant) -> None:
    rng = random.Random(f"twins {variant.name}")
    positions = _positions(variant, 12, f"twin positions {variant.name}")
    assert len(positions) > 100
    exchanged = 0
    for position in rng.sample(positions, 150):
        key = _merged_hash(variant, position)
        twin = position
        for card in rng.choices(_pairs(position), k=4):  # a few exchanges, in any order
            twin = _exchange(twin, card)
        assert _canonical_columns(twin) == _canonical_columns(position)
        assert _merged_hash(variant, twin) == key
        exchanged += twin.tableau != position.tableau
        # every position one move away is apart exactly when the reference says so
        for move in legal_moves(variant, position):
            after = play_move(variant, position, move)
            if after.stock != position.stock or after.waste != position.waste:
                continue  # (draws: the search hash also joins waste sizes on the cycle)
            same = (after.foundations, _canonical_columns(after)) == (
                position.foundations,
                _canonical_columns(position),
            )
            assert (_merged_hash(variant, after) == key) is same, (str(move), position)
    assert exchanged > 50  # many samples were twins other than the position itself


def test_without_merging_twins_have_keys_of_their_own() -> None:
    position, twin = next(
        (position, _exchange(position, card))
        for position in _positions(KLONDIKE, 3, "apart")
        for card in _pairs(position)
        if _exchange(position, card).tableau != position.tableau
    )
    assert (
        SearchBoard(KLONDIKE, twin).search_hash() != SearchBoard(KLONDIKE, position).search_hash()
    )
    assert _merged_hash(KLONDIKE, twin) == _merged_hash(KLONDIKE, position)


def _cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(card) for card in text.split())


# Spades and clubs home to the 4, hearts and diamonds to the 3: the 5S is covered by the 4H,
# the 5C lies free, every other card out is in the stock.
HOME = (4, 3, 3, 4)
COVERED = Position(
    (_cards("5S 4H"), _cards("5C"), (), (), (), (), ()),
    (0, 0, 0, 0, 0, 0, 0),
    tuple(
        card
        for card in range(52)
        if card % 13 >= HOME[card // 13] and card not in _cards("5S 4H 5C")
    ),
    (),
    HOME,
)


def test_the_forced_step_is_the_lowest_dominant_card_even_through_an_exchange() -> None:
    # Both the 5S (card 4) and the 4H (card 16) go home by the dominance rule: every card
    # that could need them on the tableau can go home itself. The 4H is free, the 5S is
    # under it with its twin the 5C free: with twins merged the forced step is the 5S's,
    # the lower card, reached by moving the 4H onto the 5C; without, the first move home.
    board = SearchBoard(KLONDIKE, COVERED)
    board.merge_twins()
    (step,) = board_steps(KLONDIKE, board, fast=True, dominance=True, twins=True)
    assert step[3] == Move.column_to_column(0, 1, count=1)
    (plain,) = board_steps(KLONDIKE, board, fast=True, dominance=True)
    assert plain[3] == Move.column_to_foundation(0)


def test_the_exchange_reaches_a_twin_kept_apart_by_its_duty_to_send_the_card_home() -> None:
    board = SearchBoard(KLONDIKE, COVERED)
    board.merge_twins()
    before = board.search_hash()
    move = Move.column_to_column(0, 1, count=1)
    info = board.play(move)
    five_of_spades = parse_card("5S")
    assert board.twin_uncovered(move, info) == five_of_spades
    assert board.search_hash() == before  # the twin of the position before
    assert board.search_hash_homing(five_of_spades) != before
    # taken back, the 4H goes home instead: no card uncovered by an exchange
    board.undo(move, info)
    home = Move.column_to_foundation(0)
    board.play(home)
    assert board.search_hash() != before


def test_the_complete_search_with_twins_wins_the_hand_made_position() -> None:
    result = depth_first_loop(
        KLONDIKE,
        COVERED,
        lambda p: p.is_won,
        10_000,
        None,
        winning=True,
        skip_breaking=True,
        proves=True,
        dominance=True,
        twins=True,
    )
    assert result.status is SolveStatus.SOLVED
    replayed = COVERED
    for move in result.moves:
        replayed = play_move(KLONDIKE, replayed, move)
    assert replayed.is_won
    assert result.moves[:2] == (Move.column_to_column(0, 1, count=1), Move.column_to_foundation(0))


@pytest.mark.parametrize(
    "variant", [KLONDIKE, KLONDIKE_DRAW_3, shipped.REFLECHI], ids=lambda v: v.name
)
def test_deals_get_the_verdict_of_the_search_without_twins(variant: Variant) -> None:
    assert twins_are_interchangeable(variant)
    decided = 0
    for deal in range(10):
        position = deal_position(variant, deal)
        verdicts = []
        for twins in (False, True):
            result = depth_first_loop(
                variant, position, lambda p: p.is_won, 20_000, None,
                winning=True, skip_breaking=True, proves=True,
                dominance=dominance_is_sound(variant, position), twins=twins,
            )  # fmt: skip
            verdicts.append(result.status)
        if SolveStatus.UNKNOWN not in verdicts:
            assert verdicts[0] is verdicts[1], deal
            decided += 1
    assert decided >= 5
