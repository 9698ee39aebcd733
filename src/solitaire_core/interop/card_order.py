"""A deal as a plain card order: 52 cards in dealing order (``import --from permutation``).

The cards are written as in RULES.md section 1 (``AS``, ``TH``, ``10H``, lower
case and suit symbols accepted), ``deck[0]`` first (dealt to column 1),
separated by spaces or commas; or all 52 run together as 104 characters with
``T`` for ten. Dealing follows RULES.md section 2.

>>> from solitaire_core.cards import FULL_DECK
>>> format_card_order(FULL_DECK)[:12]
'AS 2S 3S 4S '
>>> parse_card_order(format_card_order(FULL_DECK)) == FULL_DECK
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from solitaire_core.cards import CARD_TEXTS, DECK_SIZE, FULL_DECK, Card, parse_card
from solitaire_core.codes import Deck, check_deck
from solitaire_core.errors import CardParseError, InvalidArgumentError
from solitaire_core.interop.errors import DealImportError

_TOKEN: Final = re.compile(r"[^\s,]+")
SOURCE: Final = "permutation"
"""The format's name in :class:`~solitaire_core.interop.errors.DealImportError` and the CLI."""


def parse_card_order(text: str) -> Deck:
    """Read 52 cards in dealing order (``deck[0]`` first).

    Raises:
        DealImportError: source ``"permutation"``; ``position`` is the
            character index of the card that is not a card or is repeated,
            None for a wrong count (the reason lists the missing cards).
    """
    tokens = [(match.start(), match.group()) for match in _TOKEN.finditer(text)]
    if len(tokens) == 1 and len(tokens[0][1]) == 2 * DECK_SIZE:
        start, run = tokens[0]
        tokens = [(start + i, run[i : i + 2]) for i in range(0, len(run), 2)]
    cards: list[Card] = []
    seen: dict[Card, int] = {}
    for index, (start, token) in enumerate(tokens):
        try:
            card = parse_card(token)
        except CardParseError as error:
            raise DealImportError(
                text, SOURCE, start, f"deck[{index}] {token!r} is not a card: {error.reason}"
            ) from None
        if card in seen:
            raise DealImportError(
                text,
                SOURCE,
                start,
                f"deck[{index}] is {CARD_TEXTS[card]} again (already deck[{seen[card]}])",
            )
        seen[card] = index
        cards.append(card)
    if len(cards) != DECK_SIZE:
        missing = " ".join(CARD_TEXTS[card] for card in FULL_DECK if card not in seen)
        raise DealImportError(
            text, SOURCE, None, f"expected 52 cards, got {len(cards)} (missing: {missing})"
        )
    return tuple(cards)


def format_card_order(deck: Sequence[Card]) -> str:
    """The 52 cards of a deck in dealing order, canonical text, separated by single spaces.

    Raises:
        InvalidArgumentError: if ``deck`` is not 52 distinct cards.
    """
    problem = check_deck(deck)
    if problem is not None:
        raise InvalidArgumentError(f"not a deck: {problem.reason}")
    return " ".join(CARD_TEXTS[card] for card in deck)
