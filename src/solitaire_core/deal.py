"""Dealing: from a deal number, a card order or a code to the opening position (RULES.md 2, 8).

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

from solitaire_core.cards import Card
from solitaire_core.codes import DealCode, FullDealCode, check_deck, parse_deal_code
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.position import Position
from solitaire_core.shuffle import shuffled_deck
from solitaire_core.variants import Variant


def deal_position(variant: Variant, deal_number: int) -> Position:
    """The opening position of a deal number under a variant's layout.

    The shuffled deck (:func:`~solitaire_core.shuffle.shuffled_deck`) is dealt
    as :func:`deal_deck` says.

    Args:
        variant: the rules (only the layout matters here).
        deal_number: 0 <= n < 2**64; deal codes use 0..26**7 - 1.

    Returns:
        The position before the first move: columns bottom to top, the stock
        bottom to top (its last card is drawn first), empty waste and
        foundations, no recycles.

    Raises:
        InvalidArgumentError: if the deal number is not an int 0 <= n < 2**64.
    """
    return _deal(variant, shuffled_deck(deal_number))


def deal_deck(variant: Variant, deck: Sequence[Card]) -> Position:
    """The opening position of any card order under a variant's layout.

    The deck is dealt row by row: row ``r`` gives one card to every column
    that gets more than ``r`` cards, left to right; the rest is the stock with
    ``deck[28]`` drawn first (so it is the *last* element of ``stock``).
    Klondike shows only each column's last card; ``all_face_up`` variants show
    all of them (RULES.md section 2).

    Args:
        variant: the rules (only the layout matters here).
        deck: 52 distinct cards, ``deck[0]`` dealt first.

    Raises:
        InvalidArgumentError: if ``deck`` is not 52 distinct cards 0..51
            (the message names the wrong ``deck[i]``).
    """
    problem = check_deck(deck)
    if problem is not None:
        raise InvalidArgumentError(f"cannot deal this card order: {problem[1]}")
    return _deal(variant, tuple(deck))


def _deal(variant: Variant, deck: tuple[Card, ...]) -> Position:
    sizes = variant.column_sizes
    columns: list[list[int]] = [[] for _ in sizes]
    index = 0
    for row in range(max(sizes)):
        for column, size in enumerate(sizes):
            if size > row:
                columns[column].append(deck[index])
                index += 1
    face_down = tuple(0 if variant.all_face_up else max(size - 1, 0) for size in sizes)
    return Position(
        tableau=tuple(tuple(column) for column in columns),
        face_down=face_down,
        stock=tuple(reversed(deck[index:])),
        waste=(),
        foundations=(0, 0, 0, 0),
        recycles=0,
    )


def deal_code_position(code: DealCode | FullDealCode | str) -> Position:
    """The opening position of a deal code (text or parsed; a deal number or a full code).

    The code's variant decides the layout (face up or down); see :func:`deal_position`.

    Raises:
        DealCodeError: if the text is not a valid code of either form.
    """
    parsed = parse_deal_code(code) if isinstance(code, str) else code
    return _deal(parsed.variant, parsed.deck)
