"""The stock and the foundations of a variant (FAMILY.md sections 1.2 and 1.6).

The stock is one of three kinds, each a small frozen record:

* :class:`WasteStock`: turned onto a waste, ``draw_count`` cards at a time,
  with a limit on recycles (Klondike);
* :class:`DealStock`: dealt one card face up onto each column (Easthaven,
  Spiderette);
* :class:`NoStock`: every card is dealt at the start (Yukon, Somerset).

:class:`Foundations` says where foundations start (the Ace, a card dealt to
them, or the first card played) and whether they take single cards or only
complete King-to-Ace runs of one suit (spider-type).

>>> WasteStock(draw_count=3).recycle_limit is None, NO_STOCK.kind.value
(True, 'none')
>>> SPIDER_FOUNDATIONS.complete_runs, DEALT_BASE_FOUNDATIONS.wraps
(True, True)
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, TypeAlias

import attrs

from solitaire_core.errors import InvalidArgumentError


class StockKind(StrEnum):
    """What the stock move ``d`` does."""

    WASTE = "waste"
    """Turn cards onto the waste."""
    DEAL = "deal"
    """Deal one card face up onto each column."""
    NONE = "none"
    """There is no stock."""


@attrs.frozen
class WasteStock:
    """A stock turned onto a waste (RULES.md sections 3 and 4).

    Attributes:
        draw_count: cards turned per draw (1 or 3 in the shipped games).
        recycle_limit: how many times the waste may go back to the stock;
            None for unlimited, 0 for one pass (P passes = P - 1 recycles).

    Raises:
        InvalidArgumentError: for a draw count that is not an int >= 1 or a
            recycle limit that is neither None nor an int >= 0.
    """

    draw_count: int = 1
    recycle_limit: int | None = None

    def __attrs_post_init__(self) -> None:
        if type(self.draw_count) is not int or self.draw_count < 1:
            raise InvalidArgumentError(f"draw_count must be an int >= 1, got {self.draw_count!r}")
        limit = self.recycle_limit
        if limit is not None and (type(limit) is not int or limit < 0):
            raise InvalidArgumentError(
                f"recycle_limit must be None (unlimited) or an int >= 0, got {limit!r}"
            )

    @property
    def kind(self) -> StockKind:
        """:attr:`StockKind.WASTE`."""
        return StockKind.WASTE


@attrs.frozen
class DealStock:
    """A stock dealt one face-up card onto each column, columns 1, 2, ... in order.

    When fewer cards remain than there are columns, they go to the leftmost
    columns. There is no waste and no redeal (FAMILY.md section 1.6).

    Attributes:
        needs_no_empty_column: True when the stock may be dealt only while no
            column is empty (Spiderette, Will o' the Wisp); False when empty
            columns receive cards too (Easthaven, Agnes Sorel).
    """

    needs_no_empty_column: bool = False

    @property
    def kind(self) -> StockKind:
        """:attr:`StockKind.DEAL`."""
        return StockKind.DEAL


@attrs.frozen
class NoStock:
    """No stock: every card is dealt at the start (Yukon, Somerset)."""

    @property
    def kind(self) -> StockKind:
        """:attr:`StockKind.NONE`."""
        return StockKind.NONE


StockPolicy: TypeAlias = WasteStock | DealStock | NoStock
"""A variant's stock: one of the three kinds."""


class FoundationBase(StrEnum):
    """Where every foundation starts."""

    ACE = "ace"
    """From the Ace up to the King."""
    DEALT_CARD = "dealt_card"
    """From the rank of a card dealt to a foundation, wrapping King to Ace (Canfield)."""
    FIRST_CARD = "first_card"
    """From the rank of the first card played to any foundation, wrapping (Nine Across)."""


@attrs.frozen
class Foundations:
    """How the foundations are built (FAMILY.md section 1.6): same suit, up by one.

    Attributes:
        base: where they start (the Ace, a dealt card, the first card played).
        complete_runs: spider-type: only a complete King-to-Ace run of one
            suit, the top 13 cards of a column, goes up, as one move.

    Raises:
        InvalidArgumentError: for spider-type foundations with a base other
            than the Ace.
    """

    base: FoundationBase = FoundationBase.ACE
    complete_runs: bool = False

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.base, FoundationBase):
            raise InvalidArgumentError(f"base must be a FoundationBase, got {self.base!r}")
        if self.complete_runs and self.base is not FoundationBase.ACE:
            raise InvalidArgumentError("spider-type foundations (complete_runs) start from the Ace")

    @property
    def wraps(self) -> bool:
        """True when a foundation goes on from the King to the Ace (any base but the Ace)."""
        return self.base is not FoundationBase.ACE


DRAW_ONE: Final = WasteStock()
"""Draw 1, unlimited recycles (Klondike)."""
DRAW_THREE: Final = WasteStock(draw_count=3)
"""Draw 3, unlimited recycles (Klondike draw 3)."""
DEAL_ONTO_COLUMNS: Final = DealStock()
"""Deal one card onto each column, empty ones included (Easthaven)."""
NO_STOCK: Final = NoStock()
"""No stock (Yukon)."""
ACE_FOUNDATIONS: Final = Foundations()
"""Ace up to King, one card at a time."""
DEALT_BASE_FOUNDATIONS: Final = Foundations(base=FoundationBase.DEALT_CARD)
"""From a dealt base card, wrapping (Canfield, Agnes Sorel)."""
FIRST_CARD_FOUNDATIONS: Final = Foundations(base=FoundationBase.FIRST_CARD)
"""From the first card played, wrapping (Nine Across)."""
SPIDER_FOUNDATIONS: Final = Foundations(complete_runs=True)
"""Complete King-to-Ace runs of one suit (Spiderette)."""
