"""A readable text board of a position, for terminals and bug reports.

>>> from solitaire_core.deal import deal_code_position
>>> print(render_board(deal_code_position("KL1-D1N-AAAAAAG")))
Stock: 24 cards   Waste: (empty)   Recycles: 0
Foundations:  S --   H --   D --   C --
  1    2    3    4    5    6    7
 AD   ##   ##   ##   ##   ##   ##
      JC   ##   ##   ##   ##   ##
           KD   ##   ##   ##   ##
                TC   ##   ##   ##
                     9D   ##   ##
                          3S   ##
                               AH
"""

from __future__ import annotations

from solitaire_core.cards import CARD_SYMBOLS, CARD_TEXTS, SUIT_LETTERS
from solitaire_core.position import Position
from solitaire_core.variants import StockKind, Variant

_BACK = "##"


def render_board(
    position: Position,
    *,
    variant: Variant | None = None,
    symbols: bool = False,
    waste_shown: int = 3,
) -> str:
    """Render a position as lines of text; face-down cards are shown as ``##``.

    Columns are printed top-down on screen with each column's bottom card
    first, as on a table; the stock shows only its size (its order is hidden).

    Args:
        position: the position to draw.
        variant: the game, when known: a game whose stock is dealt onto the
            columns shows no waste, a game without a stock no stock line.
        symbols: use suit symbols (``10♥``) instead of letters (``TH``).
        waste_shown: how many waste cards to show, the playable one last.

    Returns:
        The board: a status line (stock size, waste, recycles; see
        ``variant``), the
        foundations' top cards (slot by slot), a reserve line when there is a
        reserve (its size and face-up top card), the column numbers 1..n, then
        one line per row; lines joined by newlines, no newline at the end.
    """
    names = CARD_SYMBOLS if symbols else CARD_TEXTS
    width = 5
    waste = position.waste[-waste_shown:] if waste_shown > 0 else ()
    waste_text = " ".join(names[card] for card in waste) if waste else "(empty)"
    tops = [position.foundation_top(slot) for slot in range(len(position.foundations))]
    if variant is None or variant.has_waste:
        status = (
            f"Stock: {len(position.stock)} cards   Waste: {waste_text}   "
            f"Recycles: {position.recycles}"
        )
    elif variant.stock_kind is StockKind.DEAL:
        status = f"Stock: {len(position.stock)} cards, dealt onto the columns"
    else:
        status = "No stock"
    lines = [
        status,
        "Foundations:  "
        + "   ".join(
            f"{SUIT_LETTERS[slot % 4]} " + (names[top] if top is not None else "--")
            for slot, top in enumerate(tops)
        ),
    ]
    if position.reserve:
        lines.append(f"Reserve: {len(position.reserve)} cards, top {names[position.reserve[-1]]}")
    lines.append("".join(f"{n:>3}  " for n in range(1, len(position.tableau) + 1)).rstrip())
    height = max((len(pile) for pile in position.tableau), default=0)
    for row in range(height):
        cells = []
        for pile, down in zip(position.tableau, position.face_down, strict=True):
            if row >= len(pile):
                cells.append(" " * width)
            else:
                text = _BACK if row < down else names[pile[row]]
                cells.append(f"{text:>3}".ljust(width))
        lines.append("".join(cells).rstrip())
    if not height:
        lines.append("(all columns empty)")
    return "\n".join(lines)
