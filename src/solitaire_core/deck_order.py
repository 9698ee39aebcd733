"""Card orders of one to three decks: checking them, ranking them, writing them as letters.

A **card order** (a deck) is every card of a game in dealing order, ``deck[0]``
dealt first: 52 cards per deck, each of the 52 appearing once per deck (the
copies are interchangeable, FAMILY.md section 1.1). Its **rank** is its place,
from 0, in the lexicographic order of all distinct orders of those cards,
comparing cards by their int 0..51; for one deck that is the Lehmer code of the
permutation (0 for AS..KC, 52! - 1 for the reverse). Full deal codes write the
rank in base 26 (``A`` = 0, most significant first) in a fixed number of
letters: 48 for one deck, 107 for two, 167 for three
(:func:`full_code_letters`).

>>> from solitaire_core.cards import FULL_DECK
>>> deck_rank(FULL_DECK), deck_rank(FULL_DECK[::-1]) == deck_orders(1) - 1
(0, True)
>>> two = tuple(card for card in FULL_DECK for _ in range(2))   # AS AS 2S 2S ...
>>> deck_rank(two, decks=2), full_code_letters(2), full_code_letters(3)
(0, 107, 167)
"""

from __future__ import annotations

import math
import string
from collections.abc import Sequence
from functools import cache
from typing import Final, TypeAlias

from solitaire_core.cards import CARD_TEXTS, DECK_SIZE, FULL_DECK, Card
from solitaire_core.errors import DealCodeError, DeckError

Deck: TypeAlias = tuple[Card, ...]
"""Every card of a game in dealing order: ``deck[0]`` is dealt first (RULES.md sections 2, 8)."""


@cache
def deck_orders(decks: int = 1) -> int:
    """How many distinct card orders ``decks`` decks have: ``(52k)! / (k!)**52``."""
    orders: int = math.factorial(DECK_SIZE * decks) // math.factorial(decks) ** DECK_SIZE
    return orders


@cache
def full_code_letters(decks: int = 1) -> int:
    """Letters of a full deal code's card order: the fewest ``w`` with ``26**w >= orders``."""
    orders = deck_orders(decks)
    width = 1
    while 26**width < orders:
        width += 1
    return width


DECK_ORDERS: Final = deck_orders(1)
"""How many orders one deck has: 52!. Ranks run from 0 to ``DECK_ORDERS - 1``."""
FULL_DEAL_LETTERS: Final = full_code_letters(1)
"""Letters of a one-deck full deal code's card order: 48 (26**48 > 52!, about 8.07e67)."""


def to_letters(value: int, width: int) -> str:
    """``value`` in base 26 as ``width`` letters, ``A`` = 0, most significant first."""
    letters = []
    for _ in range(width):
        value, digit = divmod(value, 26)
        letters.append(string.ascii_uppercase[digit])
    return "".join(reversed(letters))


def from_letters(letters: str, width: int, part: str) -> int:
    """The base-26 value of ``width`` letters A-Z (case ignored).

    Raises:
        DealCodeError: naming ``part``: position 0 for a wrong length, else the
            0-based index of the first character that is not a letter A-Z.
    """
    upper = letters.upper()
    if len(upper) != width:
        raise DealCodeError(
            letters, part, 0, f"expected {width} letters A-Z, got {len(upper)} characters"
        )
    value = 0
    for index, char in enumerate(upper):
        if char not in string.ascii_uppercase:
            raise DealCodeError(letters, part, index, f"{char!r} is not a letter A-Z")
        value = value * 26 + ord(char) - 65
    return value


def check_deck(deck: Sequence[object], *, decks: int = 1) -> DeckError | None:
    """What is wrong with a card order, or None when it holds every card ``decks`` times.

    Explains and returns; does not raise (:func:`require_deck` raises). Before
    :class:`~solitaire_core.errors.DeckError`, this returned an
    ``(index, reason)`` tuple: read ``.index`` and ``.reason`` instead.

    Args:
        deck: the cards in dealing order (ints 0..51).
        decks: how many decks the order should hold (1..3).

    Returns:
        None for a valid order, else a :class:`~solitaire_core.errors.DeckError`
        (not raised): its ``index`` is the 0-based index in ``deck`` of the
        first card that is wrong (None when the length is), its ``reason`` a
        lower-case reason naming the card.

    >>> check_deck(FULL_DECK) is None
    True
    >>> problem = check_deck((0, 1, 0) + FULL_DECK[3:])
    >>> problem.index, problem.reason
    (2, 'deck[2] is AS again (already deck[0])')
    >>> check_deck(FULL_DECK[:51]).index is None
    True
    """
    seen: dict[int, list[int]] = {}
    for index, card in enumerate(deck):
        if type(card) is not int or not 0 <= card < DECK_SIZE:
            return DeckError(index, f"deck[{index}] is {card!r}, not a card 0..51")
        places = seen.setdefault(card, [])
        if len(places) >= decks:
            already = ", ".join(f"deck[{place}]" for place in places)
            again = "again" if decks == 1 else f"a {decks + 1}th time in {decks} decks"
            return DeckError(
                index, f"deck[{index}] is {CARD_TEXTS[card]} {again} (already {already})"
            )
        places.append(index)
    size = DECK_SIZE * decks
    if len(deck) != size:
        missing = " ".join(
            CARD_TEXTS[card] for card in FULL_DECK for _ in range(decks - len(seen.get(card, ())))
        )
        have = "a deck has" if decks == 1 else f"{decks} decks have"
        return DeckError(None, f"{have} {size} cards, got {len(deck)} (missing: {missing})")
    return None


def deck_rank(deck: Sequence[Card], *, decks: int = 1) -> int:
    """The rank of a card order among the orders of ``decks`` decks (see the module docs).

    Inverse of :func:`deck_from_rank`.

    Raises:
        DealCodeError: if ``deck`` does not hold every card ``decks`` times
            (part ``"cards"``).
    """
    require_deck(repr(deck)[:200], deck, decks)
    counts = [decks] * DECK_SIZE
    remaining = DECK_SIZE * decks
    arrangements = deck_orders(decks)  # orders of the cards not yet placed
    rank = 0
    for card in deck:
        smaller = sum(counts[:card])
        rank += arrangements * smaller // remaining
        arrangements = arrangements * counts[card] // remaining
        counts[card] -= 1
        remaining -= 1
    return rank


def deck_from_rank(rank: int, *, decks: int = 1) -> Deck:
    """The card order of a rank 0 .. orders - 1; inverse of :func:`deck_rank`.

    Raises:
        DealCodeError: if ``rank`` is not an int in range (part ``"cards"``).
    """
    orders = deck_orders(decks)
    if type(rank) is not int or not 0 <= rank < orders:
        top = "52! - 1" if decks == 1 else f"(52*{decks})! / ({decks}!)**52 - 1"
        raise DealCodeError(
            repr(rank)[:80], "cards", None, f"a card order's rank is an int 0 .. {top}"
        )
    counts = [decks] * DECK_SIZE
    remaining = DECK_SIZE * decks
    arrangements = orders
    cards: list[Card] = []
    for _ in range(DECK_SIZE * decks):
        for card in range(DECK_SIZE):
            if not counts[card]:
                continue
            block = arrangements * counts[card] // remaining
            if rank < block:
                cards.append(card)
                arrangements = block
                counts[card] -= 1
                remaining -= 1
                break
            rank -= block
    return tuple(cards)


def deck_to_letters(deck: Sequence[Card], *, decks: int = 1) -> str:
    """A card order as letters: its rank in base 26, :func:`full_code_letters` wide.

    >>> deck_to_letters(FULL_DECK) == "A" * 48
    True

    Raises:
        DealCodeError: if ``deck`` does not hold every card ``decks`` times.
    """
    return to_letters(deck_rank(deck, decks=decks), full_code_letters(decks))


def letters_to_deck(letters: str, *, decks: int = 1) -> Deck:
    """The card order of a full code's letters (case ignored); inverse of :func:`deck_to_letters`.

    Raises:
        DealCodeError: part ``"cards"``; ``position`` is the 0-based index of
            the first letter that is not A-Z, 0 for a wrong length or for
            letters that read as a rank no card order has.
    """
    rank = from_letters(letters, full_code_letters(decks), "cards")
    if rank >= deck_orders(decks):
        last = deck_to_letters(tuple(sorted(FULL_DECK * decks, reverse=True)), decks=decks)
        raise DealCodeError(
            letters,
            "cards",
            0,
            f"the letters read as a rank no card order has (the largest is {last!r})",
        )
    return deck_from_rank(rank, decks=decks)


def require_deck(text: str, deck: Sequence[object], decks: int = 1) -> None:
    """Raise :class:`DealCodeError` (part ``"cards"``) unless ``deck`` is a valid order.

    ``text`` is the code (or the order) as quoted in the error; the reason is
    that of :func:`check_deck`.
    """
    problem = check_deck(deck, decks=decks)
    if problem is not None:
        raise DealCodeError(text, "cards", None, problem.reason)


__all__ = [
    "DECK_ORDERS",
    "FULL_DEAL_LETTERS",
    "Deck",
    "check_deck",
    "deck_from_rank",
    "deck_orders",
    "deck_rank",
    "deck_to_letters",
    "from_letters",
    "full_code_letters",
    "letters_to_deck",
    "require_deck",
    "to_letters",
]
