"""Dealing: from a deal number, a card order or a code to the opening position.

RULES.md sections 2 and 8 for Klondike; FAMILY.md section 1.7 for every game:
the parts of the layout take cards from ``deck[0]`` on in the layout's dealing
order (a base card to its foundation, the reserve bottom card first, the
tableau by the row rule), and the rest is the stock, the lowest index drawn or
dealt first.

>>> from solitaire_core.cards import card_text
>>> position = deal_code_position("KL1-D1N-AAAAAAG")
>>> tops = [position.tableau[0][-1], position.tableau[6][-1], position.stock[-1]]
>>> [card_text(card) for card in tops]
['AD', 'AH', 'QH']
>>> from solitaire_core.codes import FullDealCode, parse_deal_code
>>> deal_code_position(str(FullDealCode.from_code(parse_deal_code("KL1-D1N-AAAAAAG")))) == position
True
"""

from __future__ import annotations

from collections.abc import Sequence

from solitaire_core.cards import RANKS, SUITS, Card
from solitaire_core.codes import DealCode, FullDealCode, parse_deal_code
from solitaire_core.deck_order import check_deck
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.position import NO_BASE, Position
from solitaire_core.shuffle import shuffled_deck
from solitaire_core.variants import DealPart, FoundationBase, Variant, require_variant


def deal_position(variant: Variant, deal_number: int) -> Position:
    """The opening position of a deal number under a variant's layout.

    The shuffled deck of the variant's decks
    (:func:`~solitaire_core.shuffle.shuffled_deck`) is dealt as
    :func:`deal_deck` says.

    Args:
        variant: the rules (the layout, decks and foundations matter here).
        deal_number: 0 <= n < 2**64; deal codes use 0..26**7 - 1.

    Returns:
        The position before the first move: columns bottom to top, the stock
        bottom to top (its last card is drawn first), empty waste, no recycles.

    Raises:
        InvalidArgumentError: if the deal number is not an int 0 <= n < 2**64,
            or ``variant`` is not a :class:`~solitaire_core.variants.Variant`.
    """
    require_variant(variant)
    return _deal(variant, shuffled_deck(deal_number, decks=variant.decks))


def deal_deck(variant: Variant, deck: Sequence[Card]) -> Position:
    """The opening position of any card order under a variant's layout.

    The layout's parts take cards in its dealing order: a base card goes face
    up to the first foundation of its suit and fixes the base rank; the
    reserve takes its cards bottom first; the tableau is dealt row by row, row
    ``r`` giving one card to every column that gets more than ``r`` cards, left
    to right, the lowest cards of a column face down. The rest is the stock,
    its first card drawn first (so it is the *last* element of ``stock``). For
    Klondike: ``deck[0]`` is column 1, ``deck[28]`` the first stock card.

    Args:
        variant: the rules (only the layout, decks and foundations matter here).
        deck: every card of the variant's decks, ``deck[0]`` dealt first.

    Raises:
        InvalidArgumentError: if ``deck`` does not hold each card once per
            deck (the message names the wrong ``deck[i]``), or ``variant`` is
            not a :class:`~solitaire_core.variants.Variant`.
    """
    require_variant(variant)
    problem = check_deck(deck, decks=variant.decks)
    if problem is not None:
        raise InvalidArgumentError(f"cannot deal this card order: {problem.reason}")
    return _deal(variant, tuple(deck))


def _deal(variant: Variant, deck: tuple[Card, ...]) -> Position:
    layout = variant.layout
    down_counts, up_counts = layout.face_down, layout.face_up
    sizes = layout.column_sizes
    columns: list[list[int]] = [[] for _ in sizes]
    foundations = [0] * variant.foundation_slots
    base = 1 if variant.foundations.base is not FoundationBase.FIRST_CARD else NO_BASE
    reserve: tuple[Card, ...] = ()
    index = 0
    for part in layout.deal_order:
        if part is DealPart.BASE_CARD:
            card = deck[index]
            index += 1
            foundations[SUITS[card]] = 1
            base = RANKS[card]
        elif part is DealPart.RESERVE:
            reserve = deck[index : index + layout.reserve]
            index += layout.reserve
        else:
            for row in range(max(sizes)):
                for column, size in enumerate(sizes):
                    if size > row:
                        columns[column].append(deck[index])
                        index += 1
    return Position(
        tableau=tuple(tuple(column) for column in columns),
        face_down=tuple(down if up else 0 for down, up in zip(down_counts, up_counts, strict=True)),
        stock=tuple(reversed(deck[index:])),
        waste=(),
        foundations=tuple(foundations),
        recycles=0,
        reserve=reserve,
        foundation_base=base,
    )


def deal_code_position(code: DealCode | FullDealCode | str) -> Position:
    """The opening position of a deal code (text or parsed; a deal number or a full code).

    The code's variant decides the layout; see :func:`deal_deck`.

    Raises:
        DealCodeError: if the text is not a valid code of either form, or
            ``code`` is neither a code nor a ``str``.
    """
    parsed = code if isinstance(code, DealCode | FullDealCode) else parse_deal_code(code)
    return _deal(parsed.variant, parsed.deck)
