"""A variant's rules in words and as plain data, read from the variant itself.

Used by ``solitaire-core games`` and by the games pages of the documentation.
The building rule is read from the variant's building table (what it does, not
which class it is), so a user's own policy is described like a shipped one;
group and empty-column policies describe themselves with a ``summary``
attribute when they have one.

>>> from solitaire_core.variants import KLONDIKE, YUKON
>>> for part in describe_variant(KLONDIKE).split("; ")[:3]:
...     print(part)
1 deck, 7 columns of 1 to 7 cards (21 face down)
draw 1, unlimited recycles
build down in alternate colours
>>> variant_facts(YUKON)["stock"], variant_facts(YUKON)["build"]
('none', 'down in alternate colours')
"""

from __future__ import annotations

from typing import Any

from solitaire_core.variants.piles import DealStock, FoundationBase, WasteStock
from solitaire_core.variants.registry import code_header, variant_key
from solitaire_core.variants.variant import Variant


def _pair(rank: int, suit: int) -> int:
    return suit * 13 + rank - 1


def build_words(variant: Variant) -> str:
    """The building rule in words, read from the building table (``"down in suit"``...)."""
    table = variant.build_table

    def fits(card: int, onto: int) -> bool:
        return table[onto * 52 + card]

    seven_on = {suit: _pair(7, suit) for suit in range(4)}
    eight = _pair(8, 0)  # 8S
    allowed = {suit for suit in range(4) if fits(seven_on[suit], eight)}
    same_suit, same_colour, other_colour = 0 in allowed, 3 in allowed, bool(allowed & {1, 2})
    if same_suit and same_colour and other_colour:
        suits = "regardless of suit"
    elif same_suit and not same_colour and not other_colour:
        suits = "in suit"
    elif same_suit and same_colour:
        suits = "in the same colour"
    elif not same_suit and same_colour and other_colour:
        suits = "in any suit but its own"
    elif other_colour and not same_suit and not same_colour:
        suits = "in alternate colours"
    else:
        suits = "by its own rule"
    up = any(fits(_pair(9, s), eight) for s in range(4))
    wrap = any(fits(_pair(13, s), _pair(1, t)) for s in range(4) for t in range(4))
    direction = "up or down" if up else "down"
    return f"{direction} {suits}" + (", King on Ace" if wrap else "")


def _passes(stock: WasteStock) -> str:
    limit = stock.recycle_limit
    if limit is None:
        return "unlimited recycles"
    if limit == 0:
        return "one pass"
    return f"{limit + 1} passes"


def stock_words(variant: Variant) -> str:
    """The stock in words: ``"draw 3, one pass"``, ``"stock dealt onto the columns"``..."""
    stock = variant.stock
    if isinstance(stock, WasteStock):
        return f"draw {stock.draw_count}, {_passes(stock)}"
    if isinstance(stock, DealStock):
        when = " while no column is empty" if stock.needs_no_empty_column else ""
        return f"stock dealt onto the columns{when}"
    return "no stock"


def layout_words(variant: Variant) -> str:
    """The layout in words: decks, columns, face-down cards, a reserve."""
    layout = variant.layout
    sizes = layout.column_sizes
    decks = f"{variant.decks} deck" + ("s" if variant.decks > 1 else "")
    if min(sizes) == max(sizes):
        columns = f"{layout.columns} columns of {sizes[0]} card" + ("s" if sizes[0] != 1 else "")
    else:
        columns = f"{layout.columns} columns of {min(sizes)} to {max(sizes)} cards"
    down = sum(layout.face_down)
    hidden = f" ({down} face down)" if down else ", all face up"
    reserve = f", a reserve of {layout.reserve}" if layout.reserve else ""
    return f"{decks}, {columns}{hidden}{reserve}"


def foundation_words(variant: Variant) -> str:
    """The foundations in words, with the take-back rule."""
    foundations = variant.foundations
    if foundations.complete_runs:
        kind = "foundations take complete King-to-Ace runs of one suit"
    elif foundations.base is FoundationBase.ACE:
        kind = "foundations up from the Ace"
    elif foundations.base is FoundationBase.DEALT_CARD:
        kind = "foundations up from a dealt base card, King to Ace"
    else:
        kind = "foundations up from the first card played, King to Ace"
    takeback = "take-back allowed" if variant.foundation_takeback else "no take-back"
    return f"{kind}, {takeback}"


def _summary(policy: object) -> str:
    summary = getattr(policy, "summary", None)
    return summary if isinstance(summary, str) else f"a custom {type(policy).__name__} rule"


def describe_variant(variant: Variant) -> str:
    """One line summing up a variant's rules (layout; stock; building; groups; empty columns)."""
    return "; ".join(
        (
            layout_words(variant),
            stock_words(variant),
            "build " + build_words(variant),
            _summary(variant.group),
            _summary(variant.empty_column),
            foundation_words(variant),
        )
    )


def variant_facts(variant: Variant) -> dict[str, Any]:
    """A variant as plain JSON-ready data (``solitaire-core games --json``).

    Keys: ``key`` (registry key or null), ``name``, ``code_prefix`` (the code
    header such as ``"KL1-D1N"``, or null), ``decks``, ``columns``,
    ``face_down``, ``face_up`` (per column), ``reserve``, ``stock``
    (``"waste"``, ``"deal"``, ``"none"``), ``draw``, ``recycle_limit`` (the
    recycles allowed, null = unlimited, 0 without a waste: the name the view
    JSON gives it), ``build``, ``groups``, ``empty_column``, ``foundations``,
    ``takeback``, ``summary``; and ``recycles``, the same number under the
    name earlier versions gave it (in a position, ``recycles`` counts the
    recycles used: read ``recycle_limit``).
    """
    header = code_header(variant)
    recycles = variant.recycle_limit if variant.has_waste else 0
    return {
        "key": variant_key(variant),
        "name": variant.name,
        "code_prefix": None if header is None else str(header),
        "decks": variant.decks,
        "columns": variant.columns,
        "face_down": list(variant.layout.face_down),
        "face_up": list(variant.layout.face_up),
        "reserve": variant.layout.reserve,
        "stock": variant.stock_kind.value,
        "draw": variant.draw_count,
        "recycles": recycles,
        "recycle_limit": recycles,
        "build": build_words(variant),
        "groups": _summary(variant.group),
        "empty_column": _summary(variant.empty_column),
        "foundations": foundation_words(variant),
        "takeback": variant.foundation_takeback,
        "summary": describe_variant(variant),
    }


__all__ = [
    "build_words",
    "describe_variant",
    "foundation_words",
    "layout_words",
    "stock_words",
    "variant_facts",
]
