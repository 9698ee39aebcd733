"""What a player sees: a position with its hidden cards censored.

For hints and for apps that must not leak hidden cards (RULES.md section 9):
face-down tableau cards are ``None``; so is every stock card the player has not
yet seen, and every reserve card under the reserve's face-up top. Before the
first recycle the stock is unseen; after it, every stock card has passed face
up through the waste, so its order is known.

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
        tableau: the columns bottom to top; a face-down card is ``None``.
        stock: the stock bottom to top (last drawn next); an unseen card is ``None``.
        waste: the waste bottom to top (all seen).
        foundations: cards per foundation slot (S, H, D, C, per deck).
        recycles: recycles used.
        reserve: the reserve bottom to top; all but its top card are ``None``.
        foundation_base: the foundations' base rank (0 while none is fixed).
    """

    tableau: tuple[tuple[Card | None, ...], ...]
    stock: tuple[Card | None, ...]
    waste: tuple[Card, ...]
    foundations: tuple[int, ...]
    recycles: int
    reserve: tuple[Card | None, ...] = ()
    foundation_base: int = 1

    def _repr_svg_(self) -> str:
        """The board as an SVG picture, for Jupyter (:func:`~solitaire_core.svg.board_svg`).

        Each ``None`` card is drawn as a back; the piles drawn are inferred
        from the view, as no variant is given.
        """
        from solitaire_core.svg import board_svg  # noqa: PLC0415  (svg imports this module)

        return board_svg(self)


def player_view(position: Position) -> PlayerView:
    """The player's view of ``position`` (see the module docs for what is hidden)."""
    tableau = tuple(
        (None,) * down + pile[down:]
        for pile, down in zip(position.tableau, position.face_down, strict=True)
    )
    stock: tuple[Card | None, ...] = (
        position.stock if position.recycles else (None,) * len(position.stock)
    )
    reserve = position.reserve
    shown_reserve: tuple[Card | None, ...] = (None,) * (len(reserve) - 1) + reserve[-1:]
    return PlayerView(
        tableau,
        stock,
        position.waste,
        position.foundations,
        position.recycles,
        shown_reserve if reserve else (),
        position.foundation_base,
    )
