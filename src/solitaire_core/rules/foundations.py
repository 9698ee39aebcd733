"""Which foundation slot takes a card, and which gives one back (FAMILY.md section 1.6).

Slots are numbered 0.. in the order S, H, D, C, repeated per deck; slot ``i``
takes cards of suit ``i % 4`` from the position's base rank up by one,
wrapping from King to Ace. A card sent "to the foundation" goes to the
lowest-numbered slot that accepts it; a take-back ``f<s><c>`` takes the top
card of the lowest-numbered slot of suit ``s`` whose top card can go to column
``c``. With one deck and Ace foundations the slot is the suit.

>>> from solitaire_core.deal import deal_code_position
>>> position = deal_code_position("KL1-D1N-AAAAAAG")     # AD on column 1
>>> home_slot(position, position.tableau[0][-1])          # the diamonds foundation
2
"""

from __future__ import annotations

from collections.abc import Sequence

from solitaire_core.cards import DECK_SIZE, RANKS, SUITS, Card
from solitaire_core.position import NO_BASE, SUIT_COUNT, Position
from solitaire_core.variants import Variant


def next_rank(base: int, count: int) -> int:
    """The rank a slot of ``count`` cards from rank ``base`` takes next (King wraps to Ace)."""
    return (base - 1 + count) % 13 + 1


def home_slot(position: Position, card: Card) -> int:
    """The lowest-numbered slot that takes ``card`` as its next card, or -1.

    For single-card foundations. While a game's base is not fixed yet
    (:data:`~solitaire_core.position.NO_BASE`), any card goes to the first
    slot of its suit: it fixes the base.
    """
    return slot_taking(position.foundations, position.foundation_base, card)


def slot_taking(foundations: Sequence[int], base: int, card: Card) -> int:
    """:func:`home_slot` from the slot counts and the base rank (the board's form)."""
    suit = SUITS[card]
    rank = RANKS[card]
    for slot in range(suit, len(foundations), SUIT_COUNT):
        count = foundations[slot]
        if count >= 13:
            continue
        if base == NO_BASE or next_rank(base, count) == rank:
            return slot
    return -1


def wanted_card(position: Position, suit: int) -> Card | None:
    """The card the lowest-numbered unfinished slot of ``suit`` takes next; None when all are full.

    None as well while the base is not fixed (any card of the suit goes).
    """
    foundations = position.foundations
    base = position.foundation_base
    if base == NO_BASE:
        return None
    for slot in range(suit, len(foundations), SUIT_COUNT):
        count = foundations[slot]
        if count < 13:
            return suit * 13 + next_rank(base, count) - 1
    return None


def run_slot(position: Position, suit: int) -> int:
    """The empty slot of ``suit`` a complete spider run goes to, or -1 when none is empty."""
    return empty_slot(position.foundations, suit)


def empty_slot(foundations: Sequence[int], suit: int) -> int:
    """:func:`run_slot` from the slot counts (the board's form)."""
    for slot in range(suit, len(foundations), SUIT_COUNT):
        if not foundations[slot]:
            return slot
    return -1


def is_complete_run(pile: Sequence[Card], face_down: int) -> bool:
    """True when the top 13 cards of ``pile`` are face up and run King to Ace in one suit."""
    start = len(pile) - 13
    if start < face_down:
        return False
    suit = SUITS[pile[start]]
    return all(pile[start + i] == suit * 13 + 12 - i for i in range(13))


def takeback_slot(variant: Variant, position: Position, suit: int, target: int) -> int:
    """The lowest-numbered slot of ``suit`` whose top card may go on column ``target``, or -1."""
    pile = position.tableau[target]
    return slot_giving(
        variant, position.foundations, position.foundation_base, suit, pile[-1] if pile else -1
    )


def slot_giving(
    variant: Variant, foundations: Sequence[int], base: int, suit: int, exposed: Card
) -> int:
    """:func:`takeback_slot` from the slot counts, the base and the target's exposed card.

    ``exposed`` is -1 for an empty target column (the board's form).
    """
    for slot in range(suit, len(foundations), SUIT_COUNT):
        count = foundations[slot]
        if not count:
            continue
        top = suit * 13 + (base - 1 + count - 1) % 13
        if exposed >= 0:
            if variant.build_table[exposed * DECK_SIZE + top]:
                return slot
        elif variant.empty_column_tables[base][top]:
            return slot
    return -1


def first_filled_slot(position: Position, suit: int) -> int:
    """The lowest-numbered slot of ``suit`` holding cards, or -1."""
    foundations = position.foundations
    for slot in range(suit, len(foundations), SUIT_COUNT):
        if foundations[slot]:
            return slot
    return -1


def is_home(position: Position, card: Card, decks: int) -> bool:
    """True when every copy of ``card`` is on the foundations (slot ranges with wrap)."""
    return every_copy_home(position.foundations, position.foundation_base, card, decks)


def every_copy_home(foundations: Sequence[int], base: int, card: Card, decks: int) -> bool:
    """:func:`is_home` from the slot counts and the base rank (the board's form)."""
    if base == NO_BASE:
        return False
    suit = SUITS[card]
    offset = (RANKS[card] - base) % 13  # how far above the base the card lies
    copies = 0
    for slot in range(suit, len(foundations), SUIT_COUNT):
        if foundations[slot] > offset:
            copies += 1
    return copies >= decks


def builders_home(variant: Variant, foundations: Sequence[int], base: int, card: Card) -> bool:
    """True when every card that may be built on ``card``, but those of the base rank, is home.

    Every copy of each (the variant's building table says which cards may go on
    ``card``); False while the base is not fixed. The part of the plain safe rule
    (:func:`~solitaire_core.rules.autoplay.is_safe_to_play_home`) read off the slot
    counts and the base rank alone (the board's form): where it is False, so is the rule.
    """
    if base == NO_BASE:
        return False
    decks = variant.decks
    for other in variant.build_sources[card]:
        if RANKS[other] != base and not every_copy_home(foundations, base, other, decks):
            return False
    return True
