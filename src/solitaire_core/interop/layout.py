"""Where each card of a deck lands in the standard Klondike layout (RULES.md section 2).

Both programs this package talks to deal the standard layout: columns of 1 to
7 cards, the other 24 cards in the stock. Our dealing order (RULES.md section
2: row by row, ``deck[0]`` to column 1, ``deck[28]`` the first stock card
drawn) is also Klondike-Solver's, so a deck is all it takes to describe a deal.

>>> COLUMN_INDICES[0], COLUMN_INDICES[1], COLUMN_INDICES[6]
((0,), (1, 7), (6, 12, 17, 21, 24, 26, 27))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from solitaire_core.cards import Card

STANDARD_SIZES: Final = (1, 2, 3, 4, 5, 6, 7)
"""Cards dealt to columns 1..7 in the standard layout."""
TABLEAU_CARDS: Final = 28
"""Cards dealt to the tableau in the standard layout: ``deck[0..27]``."""
STOCK_CARDS: Final = 24
"""Cards left for the stock: ``deck[28..51]``, ``deck[28]`` drawn first."""


def _column_indices() -> tuple[tuple[int, ...], ...]:
    columns: list[list[int]] = [[] for _ in STANDARD_SIZES]
    index = 0
    for row in range(len(STANDARD_SIZES)):
        for column in range(row, len(STANDARD_SIZES)):
            columns[column].append(index)
            index += 1
    return tuple(tuple(column) for column in columns)


COLUMN_INDICES: Final = _column_indices()
"""For each column 0..6, the deck indices of its cards, bottom to top."""


def deck_columns(deck: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """The 7 columns a deck deals in the standard layout.

    Args:
        deck: 52 cards, ``deck[0]`` dealt first (not checked here).

    Returns:
        Columns 1..7 (index 0..6), each bottom to top: the last card is the
        one face up in Klondike.
    """
    return tuple(tuple(deck[index] for index in column) for column in COLUMN_INDICES)


def deck_stock(deck: Sequence[Card]) -> tuple[Card, ...]:
    """The 24 stock cards a deck deals, in **drawing order** (the first card drawn first).

    Note that :attr:`Position.stock <solitaire_core.position.Position.stock>`
    lists the stock the other way round, bottom to top.
    """
    return tuple(deck[TABLEAU_CARDS:])


def layout_deck(columns: Sequence[Sequence[Card]], stock: Sequence[Card]) -> tuple[Card, ...]:
    """The deck that deals these columns and this stock; inverse of :func:`deck_columns`.

    Args:
        columns: columns 1..7, each bottom to top, of 1..7 cards.
        stock: the 24 stock cards in drawing order (the first drawn first).

    Returns:
        The deck, ``deck[0]`` first. The caller checks the sizes (a wrong
        column size raises ``ValueError`` from ``zip``) and that the cards are
        distinct; this only places them.
    """
    deck: list[Card] = [0] * TABLEAU_CARDS
    for indices, cards in zip(COLUMN_INDICES, columns, strict=True):
        for index, card in zip(indices, cards, strict=True):
            deck[index] = card
    return (*deck, *stock)
