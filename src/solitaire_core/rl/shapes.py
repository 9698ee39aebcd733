"""The fixed sizes of a game's arrays: how long a column, a group or the stock can get.

An environment needs fixed shapes, so each size below is a bound that no
position reached by play from a deal can exceed, derived from the variant's
rules (never measured on sample games):

* a **chain** is a run in building order (each card may be built on the one
  under it): the longest chain of the variant's building rule is 13 cards
  when building goes down by rank (King to Ace), or every card of the game
  when building wraps from Ace to King;
* whatever arrives on a column builds on its top card (or starts an empty
  column), so the cards added to a column since the deal form a chain, unless
  the stock deals cards onto the columns; and where each column is dealt at
  most one face-up card, its face-up cards are always a chain;
* the stock and the waste never hold more cards than the stock held after
  the deal.

>>> from solitaire_core import KLONDIKE
>>> from solitaire_core.variants import lookup_variant
>>> shape = game_shape(KLONDIKE)
>>> shape.columns, shape.max_column, shape.max_group, shape.stock_size
(7, 19, 13, 24)
>>> yukon = game_shape(lookup_variant("yukon"))
>>> yukon.max_column, yukon.max_group, yukon.stock_size
(52, 52, 0)
"""

from __future__ import annotations

import attrs

from solitaire_core.variants import StockKind, Variant

_CARDS = 52


@attrs.frozen
class GameShape:
    """The sizes of one game's arrays (all in cards, except where said).

    Attributes:
        columns: tableau columns.
        max_column: the most cards a column can hold (face-down ones included).
        max_group: the most cards one column-to-column move can carry.
        stock_size: the most cards the stock (and the waste) can hold: the
            stock's size after the deal; 0 without a stock.
        has_waste: True when the stock is turned onto a waste.
        reserve_size: the reserve's size after the deal; 0 without a reserve.
        foundation_slots: foundation slots (4 per deck, suits S, H, D, C).
        base_varies: True when the foundations' base rank changes from deal
            to deal (a dealt or a first-played card), False for the Ace.
        recycle_limit: recycles allowed (None: unlimited; 0: one pass).
        takeback: True when a foundation's top card may go back to the tableau.
        spider_foundations: True when only complete 13-card runs go home.
    """

    columns: int
    max_column: int
    max_group: int
    stock_size: int
    has_waste: bool
    reserve_size: int
    foundation_slots: int
    base_varies: bool
    recycle_limit: int | None
    takeback: bool
    spider_foundations: bool


def longest_chain(variant: Variant) -> int | None:
    """The most cards in a run in building order, or None when building goes round.

    Walks the variant's 52 x 52 building table (``build_table[onto * 52 +
    card]``); a cycle (Ace on King, as in Canfield) gives None: the run is then
    bounded only by the cards in play.
    """
    table = variant.build_table
    longest: list[int] = [0] * _CARDS  # 0: not yet known
    on_path = [False] * _CARDS

    def chain_from(card: int) -> int | None:  # the longest chain whose bottom card is `card`
        if longest[card]:
            return longest[card]
        on_path[card] = True
        best = 1
        for upper in range(_CARDS):
            if table[card * _CARDS + upper]:
                if on_path[upper]:
                    return None
                above = chain_from(upper)
                if above is None:
                    return None
                best = max(best, above + 1)
        on_path[card] = False
        longest[card] = best
        return best

    most = 0
    for card in range(_CARDS):
        length = chain_from(card)
        if length is None:
            return None
        most = max(most, length)
    return most


def game_shape(variant: Variant) -> GameShape:
    """The array sizes of ``variant`` (see the module docs for how each is bounded)."""
    total = variant.card_count
    chain = longest_chain(variant)
    chain = total if chain is None else min(chain, total)
    layout = variant.layout
    deals_onto_columns = variant.stock_kind is StockKind.DEAL
    face_up_is_chain = not deals_onto_columns and max(layout.face_up) <= 1
    if face_up_is_chain:
        max_column, max_group = max(layout.face_down) + chain, chain
    elif variant.groups_are_built_runs and not deals_onto_columns:
        max_column, max_group = max(variant.column_sizes) + chain, chain
    elif variant.groups_are_built_runs:
        max_column, max_group = total, chain
    else:
        max_column, max_group = total, total
    max_column = min(max_column, total)
    return GameShape(
        columns=variant.columns,
        max_column=max_column,
        max_group=min(max_group, max_column),
        stock_size=variant.stock_size,
        has_waste=variant.has_waste,
        reserve_size=layout.reserve,
        foundation_slots=variant.foundation_slots,
        base_varies=variant.base_rank_fixed is None,
        recycle_limit=variant.recycle_limit,
        takeback=variant.foundation_takeback,
        spider_foundations=variant.foundations.complete_runs,
    )
