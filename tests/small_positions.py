"""Random small endgames of any game: most cards home, a few left to play.

The solver's soundness tests compare its verdict on such positions with an
exhaustive search of the reference model (``tests/family_reference.py``),
which has no pruning at all. A position here is built from the rule book's
shapes only: foundations filled from their base (FAMILY.md section 1.6), the
other cards dealt at random to the game's piles, face-down cards under a
face-up top.
"""

from __future__ import annotations

import random

from solitaire_core import Position, Variant, require_position
from solitaire_core.variants import FoundationBase, NoStock


def small_position(variant: Variant, rng: random.Random, *, left: int) -> Position:
    """A valid position of ``variant`` with about ``left`` cards off the foundations."""
    decks = variant.decks
    slots = 4 * decks
    base = 1 if variant.foundations.base is FoundationBase.ACE else rng.randint(1, 13)
    if variant.foundations.complete_runs:
        return _spider_position(variant, rng, left=left)
    else:
        counts = [13] * slots
        for _ in range(left):
            choices = [slot for slot in range(slots) if counts[slot] > 0]
            counts[rng.choice(choices)] -= 1
        if variant.foundations.base is FoundationBase.DEALT_CARD and not any(counts):
            counts[0] = 1
    off: list[int] = []
    for slot, count in enumerate(counts):
        suit = slot % 4
        off += [suit * 13 + (base - 1 + i) % 13 for i in range(count, 13)]
    rng.shuffle(off)
    columns = variant.columns
    piles: list[list[int]] = [[] for _ in range(columns)]
    stock: list[int] = []
    waste: list[int] = []
    reserve: list[int] = []
    places = ["column"] * 4
    if not isinstance(variant.stock, NoStock):
        places.append("stock")
    if variant.has_waste:
        places.append("waste")
    if variant.has_reserve:
        places.append("reserve")
    for card in off:
        place = rng.choice(places)
        if place == "column":
            piles[rng.randrange(columns)].append(card)
        elif place == "stock":
            stock.append(card)
        elif place == "waste":
            waste.append(card)
        else:
            reserve.append(card)
    if reserve and variant.empty_column.fills_from_reserve:
        for pile in piles:  # a reserve fills every empty column at once
            if not pile and reserve:
                pile.append(reserve.pop())
    face_down = [rng.randint(0, len(pile) - 1) if len(pile) > 1 else 0 for pile in piles]
    limit = variant.recycle_limit
    recycles = 0 if not variant.has_waste or limit == 0 else rng.randint(0, limit or 2)
    position = Position(
        tuple(tuple(pile) for pile in piles),
        tuple(face_down),
        tuple(stock),
        tuple(waste),
        tuple(counts),
        recycles,
        tuple(reserve),
        base,
    )
    require_position(variant, position)
    return position


def _spider_position(variant: Variant, rng: random.Random, *, left: int) -> Position:
    """One suit off the foundations: a King-to-Ace run in a column, ``left`` of it displaced."""
    slots = 4 * variant.decks
    counts = [13] * slots
    slot = rng.randrange(slots)
    counts[slot] = 0
    suit = slot % 4
    run = [suit * 13 + 12 - i for i in range(13)]  # King at the bottom
    columns = variant.columns
    piles: list[list[int]] = [[] for _ in range(columns)]
    stock: list[int] = []
    home = rng.randrange(columns)
    displaced = rng.sample(range(13), left)
    for index, card in enumerate(run):
        if index not in displaced:
            piles[home].append(card)
        elif rng.random() < 0.3:
            stock.append(card)
        else:
            piles[rng.randrange(columns)].append(card)
    face_down = [0] * columns
    position = Position(
        tuple(tuple(pile) for pile in piles),
        tuple(face_down),
        tuple(stock),
        (),
        tuple(counts),
    )
    require_position(variant, position)
    return position


def crowded_position(variant: Variant, rng: random.Random, *, left: int, columns: int) -> Position:
    """A :func:`small_position` whose column cards are dealt again into ``columns`` columns.

    Cards piled on few columns lie on one another far more often than in a
    :func:`small_position`, so the positions that cards lock (a card above the
    cards it needs first) are common: the static loss proof's soundness tests
    draw them. Face-down cards, where the game has any, are drawn again.
    """
    position = small_position(variant, rng, left=left)
    cards = [card for pile in position.tableau for card in pile]
    rng.shuffle(cards)
    piles: list[list[int]] = [[] for _ in position.tableau]
    for card in cards:
        piles[rng.randrange(columns)].append(card)
    reserve = list(position.reserve)
    if reserve and variant.empty_column.fills_from_reserve:
        for pile in piles:  # a reserve fills every empty column at once
            if not pile and reserve:
                pile.append(reserve.pop())
    if variant.all_face_up:
        face_down = [0] * len(piles)
    else:
        face_down = [rng.randint(0, len(pile) - 1) if len(pile) > 1 else 0 for pile in piles]
    crowded = Position(
        tuple(tuple(pile) for pile in piles),
        tuple(face_down),
        position.stock,
        position.waste,
        position.foundations,
        position.recycles,
        tuple(reserve),
        position.foundation_base,
    )
    require_position(variant, crowded)
    return crowded
