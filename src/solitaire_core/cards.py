"""Cards, suits, ranks and colours (RULES.md section 1).

A card is a plain ``int`` from 0 to 51: ``suit * 13 + (rank - 1)`` with the suits
in the app's fixed foundation order spades, hearts, diamonds, clubs. So ``0`` is
the ace of spades, ``12`` the king of spades, ``13`` the ace of hearts and ``51``
the king of clubs. Ranks run from 1 (ace) to 13 (king).

>>> parse_card("TH") == parse_card("10♥") == make_card(10, Suit.HEARTS)
True
>>> card_text(parse_card("10h")), card_symbol(parse_card("th"))
('TH', '10♥')
>>> is_red(parse_card("QD")), rank_of(parse_card("QD"))
(True, 12)
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from solitaire_core.errors import CardParseError, not_str

Card = int
"""A card as an int 0..51 (``suit * 13 + rank - 1``)."""

ACE: Final = 1
"""The rank of an ace (the lowest rank)."""
JACK: Final = 11
"""The rank of a jack."""
QUEEN: Final = 12
"""The rank of a queen."""
KING: Final = 13
"""The rank of a king (the highest rank)."""
DECK_SIZE: Final = 52
"""Cards in the deck: one standard deck, no jokers (RULES.md section 1)."""


class Suit(IntEnum):
    """The four suits, numbered in the foundation order S, H, D, C (0..3)."""

    SPADES = 0
    """Spades, black, the first foundation."""
    HEARTS = 1
    """Hearts, red, the second foundation."""
    DIAMONDS = 2
    """Diamonds, red, the third foundation."""
    CLUBS = 3
    """Clubs, black, the fourth foundation."""

    @property
    def letter(self) -> str:
        """The suit's letter in card text: ``"S"``, ``"H"``, ``"D"`` or ``"C"``."""
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The suit's Unicode symbol: ``"♠"``, ``"♥"``, ``"♦"`` or ``"♣"``."""
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


SUIT_LETTERS: Final = "SHDC"
"""The suits' letters in card text, index = suit (S, H, D, C)."""
SUIT_SYMBOLS: Final = "♠♥♦♣"
"""The suits' symbols for display, index = suit."""
RANK_LETTERS: Final = "A23456789TJQK"
"""Rank characters in card text, index ``rank - 1``."""

# Precomputed per-card tables, indexed by card int.
RANKS: Final[tuple[int, ...]] = tuple(c % 13 + 1 for c in range(DECK_SIZE))
"""``RANKS[card]``: the card's rank, 1 (ace) .. 13 (king); 52 entries, one per card."""
SUITS: Final[tuple[int, ...]] = tuple(c // 13 for c in range(DECK_SIZE))
"""``SUITS[card]``: the card's suit as an int 0..3 (S, H, D, C)."""
RED: Final[tuple[bool, ...]] = tuple(c // 13 in (1, 2) for c in range(DECK_SIZE))
"""``RED[card]``: True for hearts and diamonds."""
CARD_TEXTS: Final[tuple[str, ...]] = tuple(
    RANK_LETTERS[c % 13] + SUIT_LETTERS[c // 13] for c in range(DECK_SIZE)
)
"""``CARD_TEXTS[card]``: the canonical text, ``"AS"`` .. ``"KC"``."""
_SYMBOL_RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
CARD_SYMBOLS: Final[tuple[str, ...]] = tuple(
    _SYMBOL_RANKS[c % 13] + SUIT_SYMBOLS[c // 13] for c in range(DECK_SIZE)
)
"""``CARD_SYMBOLS[card]``: the display text with a suit symbol, ``"A♠"`` .. ``"K♣"``."""

_SUIT_BY_CHAR: Final = {ch: i for i, ch in enumerate(SUIT_LETTERS)} | {
    ch: i for i, ch in enumerate(SUIT_SYMBOLS)
}
_RANK_BY_TEXT: Final = {ch: i + 1 for i, ch in enumerate(RANK_LETTERS)} | {"10": 10}
_CARD_BY_TEXT: Final[dict[str, Card]] = {text: c for c, text in enumerate(CARD_TEXTS)}

FULL_DECK: Final[tuple[Card, ...]] = tuple(range(DECK_SIZE))
"""The 52 cards in index order (AS..KS, AH..KH, AD..KD, AC..KC)."""


def make_card(rank: int, suit: Suit | int) -> Card:
    """Return the card of ``rank`` (1 = ace .. 13 = king) and ``suit``.

    Args:
        rank: 1 (ace) to 13 (king).
        suit: a :class:`Suit` or its int 0..3 (S, H, D, C).

    Returns:
        The card, an int 0..51: ``suit * 13 + rank - 1``.

    Raises:
        CardParseError: if ``rank`` is not 1..13 or ``suit`` not 0..3.

    >>> make_card(1, Suit.SPADES), make_card(13, Suit.CLUBS), card_text(make_card(10, 1))
    (0, 51, 'TH')
    """
    if not 1 <= rank <= 13:
        raise CardParseError(f"rank={rank!r}, suit={suit!r}", f"rank {rank} is not 1..13")
    if not 0 <= suit <= 3:
        raise CardParseError(f"rank={rank!r}, suit={suit!r}", f"suit {suit} is not 0..3")
    return int(suit) * 13 + rank - 1


def rank_of(card: Card) -> int:
    """The card's rank, 1 (ace) to 13 (king).

    ``card`` is an int 0..51; it is not checked (a table lookup, for hot
    code): use :func:`card_text` to validate untrusted cards.
    """
    return RANKS[card]


def suit_of(card: Card) -> Suit:
    """The card's suit (``Suit.SPADES`` .. ``Suit.CLUBS``); ``card`` 0..51, not checked."""
    return Suit(SUITS[card])


def is_red(card: Card) -> bool:
    """True for hearts and diamonds, False for spades and clubs; ``card`` 0..51, not checked."""
    return RED[card]


def _require_card(card: object) -> None:
    """Refuse anything but an int 0..51 (not a ``bool``) with :class:`CardParseError`."""
    if isinstance(card, bool) or not isinstance(card, int):
        raise CardParseError(repr(card), f"a card is an int 0..51, got {type(card).__name__}")
    if not 0 <= card < DECK_SIZE:
        raise CardParseError(repr(card), "a card is an int 0..51")


def card_text(card: Card) -> str:
    """The canonical text of a card: rank then suit, ``"TH"``, ``"AS"``, ``"7C"``.

    Raises:
        CardParseError: if ``card`` is not an int 0..51 (a ``bool``, a
            ``float`` or a ``str`` is no card either).
    """
    _require_card(card)
    return CARD_TEXTS[card]


def card_symbol(card: Card) -> str:
    """The display form of a card with a suit symbol, ``"10♥"``, ``"A♠"``.

    Raises:
        CardParseError: if ``card`` is not an int 0..51 (a ``bool``, a
            ``float`` or a ``str`` is no card either).
    """
    _require_card(card)
    return CARD_SYMBOLS[card]


def parse_card(text: str) -> Card:
    """Read a card: rank then suit, e.g. ``"TH"``, ``"10h"``, ``"Q♦"``, ``" as "``.

    Case and surrounding whitespace are ignored; ``T`` and ``10`` both mean ten;
    suits are ``S H D C`` or ``♠ ♥ ♦ ♣`` (RULES.md section 1).

    Raises:
        CardParseError: naming the text and what is wrong with it (or that
            it is not a ``str``).
    """
    if not isinstance(text, str):
        raise CardParseError(repr(text), not_str(text))
    cleaned = text.strip()
    for char in cleaned:
        if not char.isascii() and char not in SUIT_SYMBOLS:
            raise CardParseError(text, f"{char!r} is not a rank or suit character")
    cleaned = cleaned.upper()
    card = _CARD_BY_TEXT.get(cleaned)
    if card is not None:
        return card
    if len(cleaned) < 2:
        raise CardParseError(text, "a card is a rank (A 2-10 T J Q K) then a suit (S H D C)")
    rank_part, suit_part = cleaned[:-1], cleaned[-1]
    rank = _RANK_BY_TEXT.get(rank_part)
    if rank is None:
        raise CardParseError(text, f"unknown rank {rank_part!r} (expected A, 2-10, T, J, Q or K)")
    suit = _SUIT_BY_CHAR.get(suit_part)
    if suit is None:
        raise CardParseError(text, f"unknown suit {suit_part!r} (expected S, H, D, C or ♠♥♦♣)")
    return suit * 13 + rank - 1


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by whitespace or commas, e.g. ``"JH 3S 4D"``.

    Returns:
        The cards in the order written (for a pile: bottom card first).

    Raises:
        CardParseError: for the first card that cannot be read, or if
            ``text`` is not a ``str``.
    """
    if not isinstance(text, str):
        raise CardParseError(repr(text), not_str(text))
    return tuple(parse_card(t) for t in text.replace(",", " ").split())
