"""The table's layout: the picture's geometry, and where every pile and card goes.

All lengths are SVG units (pixels at the natural size), points are ``(x, y)``
with y growing downwards, and a card or pile is placed by its top-left corner.
The top row holds, left to right, the stock, the waste, the reserve and the
foundations (right-aligned); the column numbers and the columns lie below it.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from solitaire_core.variants import StockKind, Variant
from solitaire_core.view import PlayerView

CARD_WIDTH: Final = 60
"""A card's width."""
CARD_HEIGHT: Final = 84
"""A card's height (7:5, as a poker card)."""
GAP: Final = 10
"""The room between two neighbouring piles."""
PITCH: Final = CARD_WIDTH + GAP
"""From one pile's left edge to the next one's."""
MARGIN: Final = 12
"""The table's border around everything."""
DOWN_STEP: Final = 10
"""How much of a face-down card shows under the next card of its column."""
UP_STEP: Final = 25
"""How much of a face-up card shows under the next card: its corner index."""
WASTE_STEP: Final = 36
"""How much of a waste card shows beside the next one: its corner index."""
RESERVE_STEP: Final = 32
"""How much of the reserve's face-down cards shows beside its top card."""
SEPARATION: Final = 34
"""The least room between the stock, waste or reserve and the foundations."""
NUMBERS: Final = 18
"""The height of the row of column numbers."""

Point = tuple[int, int]
"""An (x, y) point in SVG units, y growing downwards."""


class Piles(NamedTuple):
    """Which of the top row's piles the picture shows."""

    stock: bool
    waste: bool
    reserve: bool


class Layout(NamedTuple):
    """Where everything goes: top-left corners of cards and piles."""

    width: int
    height: int
    stock: Point | None
    waste: Point | None
    waste_top: Point | None
    """Where the waste's playable card is (its outline when empty)."""
    reserve: Point | None
    """Where the reserve's top card goes; its face-down cards show to the left."""
    foundations: tuple[Point, ...]
    columns: tuple[tuple[Point, ...], ...]
    """Per column, the corner of each card bottom to top (of the outline when empty)."""
    tableau_top: int


def shown_piles(view: PlayerView, variant: Variant | None) -> Piles:
    """The top row's piles to draw: as the variant says, else as the board suggests.

    Without a variant, the stock and waste are drawn unless both are empty and no
    recycle was made (as in Yukon), the reserve while it holds cards.
    """
    if variant is not None:
        kind = variant.stock_kind
        return Piles(
            stock=kind is not StockKind.NONE,
            waste=kind is StockKind.WASTE,
            reserve=variant.has_reserve,
        )
    has_stock = bool(view.stock or view.waste or view.recycles)
    return Piles(stock=has_stock, waste=has_stock, reserve=bool(view.reserve))


def board_layout(view: PlayerView, piles: Piles, waste_shown: int) -> Layout:
    """Where each pile and card of ``view`` goes, ``waste_shown`` waste cards fanned."""
    top = MARGIN
    x = MARGIN
    stock = waste = waste_top = reserve = None
    if piles.stock:
        stock = (x, top)
        x += PITCH
    if piles.waste:
        waste = (x, top)
        waste_top = (x + max(min(len(view.waste), waste_shown) - 1, 0) * WASTE_STEP, top)
        x += PITCH + (waste_shown - 1) * WASTE_STEP
    if piles.reserve:
        reserve = (x + RESERVE_STEP, top)
        x += PITCH + RESERVE_STEP
    slots = len(view.foundations)
    first_slot = x - GAP + SEPARATION if x > MARGIN else MARGIN
    row_width = first_slot + slots * PITCH - GAP + MARGIN
    tableau_width = 2 * MARGIN + len(view.tableau) * PITCH - GAP
    width = max(row_width, tableau_width)
    first_slot = width - MARGIN - slots * PITCH + GAP
    foundations = tuple((first_slot + slot * PITCH, top) for slot in range(slots))
    tableau_top = top + CARD_HEIGHT + GAP + NUMBERS
    columns = []
    bottom = tableau_top + CARD_HEIGHT
    for index, pile in enumerate(view.tableau):
        column_x = MARGIN + index * PITCH
        corners = []
        y = tableau_top
        for card in pile:
            corners.append((column_x, y))
            y += DOWN_STEP if card is None else UP_STEP
        columns.append(tuple(corners) if corners else ((column_x, tableau_top),))
        bottom = max(bottom, columns[-1][-1][1] + CARD_HEIGHT)
    return Layout(
        width=width,
        height=bottom + MARGIN,
        stock=stock,
        waste=waste,
        waste_top=waste_top,
        reserve=reserve,
        foundations=foundations,
        columns=tuple(columns),
        tableau_top=tableau_top,
    )


def scaled_height(width: int, layout: Layout) -> int:
    """The height that keeps the aspect ratio at ``width`` pixels (rounded half up)."""
    return (2 * width * layout.height + layout.width) // (2 * layout.width)


def centre(corner: Point) -> Point:
    """The middle of the card whose top-left corner is ``corner``."""
    return corner[0] + CARD_WIDTH // 2, corner[1] + CARD_HEIGHT // 2
