"""Where a game starts: its opening position and card order, and the deal code that names it.

A :class:`~solitaire_core.game.Game` is dealt from a deal number (the portable
shuffle), from any card order, or started from a given position (a board from
another program); a deal code, when given, must be the code of that deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from solitaire_core.cards import Card
from solitaire_core.codes import DealCode, FullDealCode, code_for
from solitaire_core.deal import deal_deck
from solitaire_core.deck_order import Deck, check_deck
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.position import Position
from solitaire_core.rules import require_position
from solitaire_core.shuffle import require_deal_number, shuffled_deck
from solitaire_core.variants import Variant


class Opening(NamedTuple):
    """How a game starts."""

    position: Position
    """The first position of the game."""
    deck: Deck | None
    """Every card in dealing order, ``deck[0]`` first; None for a game started from a position."""
    code: DealCode | FullDealCode | None
    """The game's deal code: the one given, else the deal number's code when the
    variant has a prefix, else None."""


def opening(
    variant: Variant,
    deal_number: int | None,
    *,
    code: DealCode | FullDealCode | None,
    deck: Sequence[Card] | None,
    start: Position | None,
) -> Opening:
    """Deal the game, or check its given start, and check its code.

    Args:
        variant: the game's rules (already checked to be a Variant).
        deal_number: the deal, when the game is dealt from one.
        code: the deal code given, or None.
        deck: a card order to deal, when given instead of a deal number.
        start: a position to start from, when given instead of a deal.

    Exactly one of ``deal_number``, ``deck`` and ``start`` is given (the caller checks).

    Raises:
        InvalidArgumentError: for a deal number outside 0 .. 2**64 - 1, a deck
            that does not hold each card once per deck (naming the wrong
            ``deck[i]``), a start that is not a Position, or a ``code`` that is
            not the code of this deal.
        PositionParseError: for a start position the variant cannot hold.
    """
    cards: Deck | None = None
    if start is not None:
        if not isinstance(start, Position):
            raise InvalidArgumentError(f"start must be a Position, got {start!r}")
        require_position(variant, start)
        position = start
    elif deck is None:
        assert deal_number is not None
        cards = shuffled_deck(require_deal_number(deal_number), decks=variant.decks)
        if code is None:
            code = code_for(variant, deal_number)
        position = deal_deck(variant, cards)
    else:
        problem = check_deck(deck, decks=variant.decks)
        if problem is not None:
            raise InvalidArgumentError(f"cannot deal this card order: {problem.reason}")
        cards = tuple(deck)
        position = deal_deck(variant, cards)
    if code is not None:
        _require_code(code, variant, deal_number, cards)
    return Opening(position, cards, code)


def _require_code(
    code: object, variant: Variant, deal_number: int | None, deck: Deck | None
) -> None:
    """Refuse a deal code that is not the game's own.

    Raises:
        InvalidArgumentError: for anything but a DealCode or FullDealCode, or a
            code of another variant, deal number or card order.
    """
    if isinstance(code, DealCode):
        fits = code.variant == variant and code.deal_number == deal_number
    elif isinstance(code, FullDealCode):
        fits = code.variant == variant and code.deck == deck  # the same cards, however dealt
    else:
        raise InvalidArgumentError(f"code must be a DealCode or FullDealCode, got {code!r}")
    if not fits:
        raise InvalidArgumentError(f"the code {code} is not the code of this game's deal")


__all__ = ["Opening", "opening"]
