"""Solvitaire's deal JSON, read and written (see the package docs)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from solitaire_core.cards import RANKS, SUITS, Card
from solitaire_core.errors import PositionParseError
from solitaire_core.interop.errors import SolvitaireFormatError
from solitaire_core.position import Position
from solitaire_core.rules import require_position
from solitaire_core.variants import (
    Variant,
    require_variant,
)

_DEAL_KEYS: Final = (
    "tableau piles",
    "stock",
    "waste",
    "foundations",
    "reserve",
    "cells",
    "hole",
    "sequences",
    "accordion",
)
"""The parts of a deal document: the first five are ours; the rest are refused."""
_CARD: Final = re.compile(r"(10|1[1-3]|[1-9]|[AaJjQqKkTt])([CDHScdhs])")
_RANK_TEXT: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUIT_LETTERS: Final = "SHDC"
"""Our suits 0..3 (S, H, D, C) as Solvitaire's letters (upper case: face up)."""


def _deal_fail(field: str, reason: str, file: str | None) -> SolvitaireFormatError:
    return SolvitaireFormatError(reason, document="deal", field=field, file=file)


def _card(text: object, field: str, file: str | None) -> tuple[Card, bool]:
    """A Solvitaire card and whether its suit letter is lower case (face down in "top" games)."""
    match = _CARD.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise _deal_fail(
            field, f"{text!r} is not a card (a rank A, 2..10, J, Q, K and a suit C, D, H, S)", file
        )
    rank_text, suit_letter = match.groups()
    letters = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
    rank = letters.get(rank_text.upper()) or int(rank_text)
    suit = _SUIT_LETTERS.index(suit_letter.upper())
    return suit * 13 + rank - 1, suit_letter.islower()


def _cards(value: object, field: str, file: str | None) -> list[tuple[Card, bool]]:
    if not isinstance(value, list):
        raise _deal_fail(field, f"must be a list of cards, got {value!r}", file)
    return [_card(item, f"{field}[{index}]", file) for index, item in enumerate(value)]


def position_from_solvitaire(
    variant: Variant, deal: object, *, file: str | None = None
) -> Position:
    """The position of a Solvitaire deal document under a variant's rules.

    Args:
        variant: the game (its columns, decks, stock and reserve must fit the
            deal). In a game dealt with face-down cards, a lower-case suit
            letter is a face-down card (Solvitaire's form); they lie at the
            bottom of their pile.
        deal: the deal, as ``json.load`` gives it.
        file: the file read, for errors.

    Returns:
        The position: no recycles used (Solvitaire counts none), foundations
        from the Ace; with two decks, a suit's cards fill its first deck's
        slot first (Solvitaire lists foundation cards without their slot).

    Raises:
        SolvitaireFormatError: document ``"deal"``, naming the field: an
            unknown field, free cells, a hole, sequences or an accordion, a
            card that does not read, a face-down card above a face-up one, a
            foundation whose cards are not its suit's from the Ace up, or a
            position that does not fit the game (the wrong number of piles or
            cards).
    """
    require_variant(variant)
    if not isinstance(deal, Mapping):
        raise _deal_fail("", f"must be a JSON object, got {type(deal).__name__}", file)
    for key in deal:
        if key not in _DEAL_KEYS:
            known = ", ".join(repr(name) for name in _DEAL_KEYS[:5])
            raise _deal_fail(str(key), f"is not a field of a Solvitaire deal ({known})", file)
        if key in _DEAL_KEYS[5:]:
            raise _deal_fail(str(key), "has no counterpart in the Klondike family", file)
    hidden_possible = any(variant.layout.face_down)
    piles = deal.get("tableau piles", [])
    if not isinstance(piles, list):
        raise _deal_fail("tableau piles", f"must be a list of piles, got {piles!r}", file)
    tableau: list[tuple[Card, ...]] = []
    face_down: list[int] = []
    for index, pile in enumerate(piles):
        field = f"tableau piles[{index}]"
        cards = _cards(pile, field, file)
        down = sum(1 for _, lower in cards if lower) if hidden_possible else 0
        if hidden_possible and any(lower for _, lower in cards[down:]):
            raise _deal_fail(field, "a face-down card lies on a face-up card", file)
        if cards and down == len(cards):
            raise _deal_fail(field, "its top card is face down", file)
        tableau.append(tuple(card for card, _ in cards))
        face_down.append(down)
    stock = tuple(card for card, _ in _cards(deal.get("stock", []), "stock", file))
    waste = tuple(card for card, _ in _cards(deal.get("waste", []), "waste", file))
    reserve = tuple(card for card, _ in _cards(deal.get("reserve", []), "reserve", file))
    homes = [card for card, _ in _cards(deal.get("foundations", []), "foundations", file)]
    foundations = _foundation_slots(homes, variant.decks, file)
    position = Position(
        tableau=tuple(tableau),
        face_down=tuple(face_down),
        stock=stock,
        waste=waste,
        foundations=foundations,
        recycles=0,
        reserve=reserve,
        foundation_base=1,
    )
    try:
        require_position(variant, position)
    except PositionParseError as error:
        raise _deal_fail(
            error.field, f"does not fit {variant.name}: {error.reason}", file
        ) from None
    return position


def _foundation_slots(cards: Sequence[Card], decks: int, file: str | None) -> tuple[int, ...]:
    """The count on each foundation slot of the cards listed, each suit from the Ace up."""
    slots = [0] * (4 * decks)
    for suit in range(4):
        copies = [0] * 14
        for card in cards:
            if SUITS[card] == suit:
                copies[RANKS[card]] += 1
        for rank in range(1, 14):
            if copies[rank] > decks or (rank > 1 and copies[rank] > copies[rank - 1]):
                letter = _SUIT_LETTERS[suit]
                raise _deal_fail(
                    "foundations",
                    f"the {letter} cards are not {decks} run(s) from the Ace up",
                    file,
                )
        for deck in range(decks):
            slots[deck * 4 + suit] = sum(1 for rank in range(1, 14) if copies[rank] > deck)
    return tuple(slots)


def card_text(card: Card, *, face_down: bool = False) -> str:
    """A card as Solvitaire writes it: ``"10H"``; a lower-case suit letter when face down.

    >>> card_text(35), card_text(0, face_down=True)
    ('10D', 'As')
    """
    letter = _SUIT_LETTERS[SUITS[card]]
    return _RANK_TEXT[RANKS[card] - 1] + (letter.lower() if face_down else letter)


def solvitaire_deal(variant: Variant, position: Position) -> dict[str, Any]:
    """Solvitaire's deal document of a position (its tableau, stock, waste, reserve, foundations).

    Face-down cards are written with a lower-case suit letter. The
    foundations list each slot's cards from the Ace up.

    Raises:
        SolvitaireFormatError: for foundations that do not start from the Ace
            (document ``"deal"``, field ``"foundations"``).
        PositionParseError: for a position that does not fit the variant.
    """
    require_variant(variant)
    require_position(variant, position)
    if position.foundation_base != 1:
        raise _deal_fail(
            "foundations", "Solvitaire's foundations are written from the Ace here", None
        )
    document: dict[str, Any] = {
        "tableau piles": [
            [card_text(card, face_down=index < down) for index, card in enumerate(pile)]
            for pile, down in zip(position.tableau, position.face_down, strict=True)
        ]
    }
    if variant.stock_size or position.stock:
        document["stock"] = [card_text(card) for card in position.stock]
    if variant.has_waste:
        document["waste"] = [card_text(card) for card in position.waste]
    if variant.has_reserve:
        document["reserve"] = [card_text(card) for card in position.reserve]
    document["foundations"] = [
        card_text(slot % 4 * 13 + rank)
        for slot, count in enumerate(position.foundations)
        for rank in range(count)
    ]
    return document


__all__ = ["card_text", "position_from_solvitaire", "solvitaire_deal"]
