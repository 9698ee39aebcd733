"""The player's view (view.py, RULES.md section 9): hidden cards are censored."""

from __future__ import annotations

import random

from builders import build
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import reachable_positions

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    REFLECHI,
    Move,
    PlayerView,
    Position,
    Variant,
    deal_position,
    parse_card,
    parse_cards,
    play_move,
    player_view,
)


def _hidden(position: Position) -> list[int]:
    """The cards a player cannot see: face-down cards, and the stock before a recycle."""
    hidden = [
        card
        for pile, down in zip(position.tableau, position.face_down, strict=True)
        for card in pile[:down]
    ]
    if position.recycles == 0:
        hidden.extend(position.stock)
    return hidden


def _with_hidden(position: Position, hidden: list[int]) -> Position:
    """The position with its hidden slots refilled, in order, from ``hidden``."""
    cards = iter(hidden)
    tableau = tuple(
        tuple(next(cards) for _ in range(down)) + pile[down:]
        for pile, down in zip(position.tableau, position.face_down, strict=True)
    )
    stock = tuple(next(cards) for _ in position.stock) if position.recycles == 0 else position.stock
    assert next(cards, None) is None
    return Position(
        tableau, position.face_down, stock, position.waste, position.foundations, position.recycles
    )


@settings(deadline=None)
@given(reachable_positions(), st.randoms(use_true_random=False))
def test_changing_only_hidden_cards_gives_the_same_view(
    case: tuple[Variant, Position], rng: random.Random
) -> None:
    _, position = case
    hidden = _hidden(position)
    rng.shuffle(hidden)
    other = _with_hidden(position, hidden)
    other.validate()
    assert player_view(other) == player_view(position)


@settings(deadline=None)
@given(reachable_positions(KLONDIKE), st.randoms(use_true_random=False))
def test_changing_a_visible_card_changes_the_view(
    case: tuple[Variant, Position], rng: random.Random
) -> None:
    """Control: swapping a face-up card with a hidden one shows in the view."""
    _, position = case
    hidden = _hidden(position)
    columns = [c for c in range(7) if position.tableau[c]]
    if not hidden or not columns:
        return
    column = rng.choice(columns)
    pile, down = position.tableau[column], position.face_down[column]
    secret = rng.choice(hidden)
    shown = pile[-1]
    swap = {secret: shown, shown: secret}
    tableau = tuple(tuple(swap.get(card, card) for card in p) for p in position.tableau)
    stock = tuple(swap.get(card, card) for card in position.stock)
    other = Position(
        tableau, position.face_down, stock, position.waste, position.foundations, position.recycles
    )
    other.validate()
    assert down < len(pile)
    assert player_view(other) != player_view(position)


def test_face_down_cards_are_none_and_face_up_cards_shown() -> None:
    # Column 2: 5C 8D face down, AS face up; column 4 all face up; waste 7C 9D.
    position = build(
        "| / 5C 8D|AS / *|KD / |QC JD / | / | / |",
        stock="2D 3D",
        waste="7C 9D",
        foundations="0,2,0,0",
    )
    view = player_view(position)
    assert isinstance(view, PlayerView)
    assert view.tableau[0] == ()
    assert view.tableau[1] == (None, None, parse_card("AS"))
    assert view.tableau[2][-1] == parse_card("KD")
    assert set(view.tableau[2][:-1]) == {None}
    assert len(view.tableau[2]) == len(position.tableau[2])
    assert view.tableau[3] == parse_cards("QC JD")
    assert view.stock == (None, None)  # not yet seen
    assert view.waste == parse_cards("7C 9D")
    assert view.foundations == (0, 2, 0, 0)
    assert view.recycles == 0


def test_thoughtful_shows_the_whole_tableau() -> None:
    position = deal_position(REFLECHI, 1)
    view = player_view(position)
    assert view.tableau == position.tableau
    assert view.stock == (None,) * 24


def _play(variant: Variant, position: Position, text: str) -> Position:
    return play_move(variant, position, Move.parse(text))


def test_stock_hidden_before_the_first_recycle_and_shown_after() -> None:
    variant = KLONDIKE_DRAW_3
    opening = deal_position(variant, 1)
    position = opening
    while position.stock:
        position = _play(variant, position, "d")
        view = player_view(position)
        assert view.stock == (None,) * len(position.stock)
        assert view.waste == position.waste
    position = _play(variant, position, "r")
    view = player_view(position)
    # Every stock card has been seen on the waste, so the order is known.
    assert view.stock == position.stock == opening.stock
    assert None not in view.stock
    position = _play(variant, position, "d")
    assert player_view(position).stock == position.stock


def test_the_view_after_a_recycle_shows_the_stock_by_hand() -> None:
    position = build("|KS / |KH / |KD / |KC / *|QS / | / |", stock="-", waste="2C 7D 5S")
    assert player_view(position).stock == ()
    recycled = _play(KLONDIKE, position, "r")
    assert player_view(recycled).stock == parse_cards("5S 7D 2C")
    assert player_view(recycled).recycles == 1
