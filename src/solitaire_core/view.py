"""What a player sees: a position with its hidden cards censored.

For hints and for apps that must not leak hidden cards (RULES.md section 9):
face-down tableau cards are ``None``; so is every stock card the player has not
yet seen. Before the first recycle the stock is unseen; after it, every stock
card has passed face up through the waste, so its order is known.

>>> from solitaire_core.deal import deal_code_position
>>> view = player_view(deal_code_position("KL1-D1N-AAAAAAG"))
>>> from solitaire_core.cards import card_text
>>> hidden, exposed = view.tableau[1]
>>> hidden, card_text(exposed), len(view.stock), view.stock[-1]
(None, 'JC', 24, None)
"""

from __future__ import annotations

import attrs

from solitaire_core.cards import Card
from solitaire_core.position import Position


@attrs.frozen
class PlayerView:
    """A position as the player sees it.

    Attributes:
        tableau: 7 columns bottom to top; a face-down card is ``None``.
        stock: the stock bottom to top (last drawn next); an unseen card is ``None``.
        waste: the waste bottom to top (all seen).
        foundations: cards per foundation, S, H, D, C.
        recycles: recycles used.
    """

    tableau: tuple[tuple[Card | None, ...], ...]
    stock: tuple[Card | None, ...]
    waste: tuple[Card, ...]
    foundations: tuple[int, ...]
    recycles: int


def player_view(position: Position) -> PlayerView:
    """The player's view of ``position`` (see the module docs for what is hidden)."""
    tableau = tuple(
        (None,) * down + pile[down:]
        for pile, down in zip(position.tableau, position.face_down, strict=True)
    )
    stock: tuple[Card | None, ...] = (
        position.stock if position.recycles else (None,) * len(position.stock)
    )
    return PlayerView(tableau, stock, position.waste, position.foundations, position.recycles)
