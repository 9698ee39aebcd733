"""Arrows for moves: whether the board can show one, where it starts and ends, its shape.

An arrow goes from the card that moves (the bottom card of a moved group) to
where it goes: a column's top card (or empty place), the foundation slot that
takes the card, the waste or the stock. A draw goes from the stock to the
waste, or into the columns when the stock is dealt onto them; a recycle from
the waste to the stock. Arrows are drawn last, on top of everything.
"""

from __future__ import annotations

import math
from typing import Final

from solitaire_core.cards import RANKS
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.moves import TO_FOUNDATION_KINDS, Move, MoveKind
from solitaire_core.position import NO_BASE, SUIT_COUNT
from solitaire_core.svg._cards import escape
from solitaire_core.svg._layout import CARD_HEIGHT, CARD_WIDTH, Layout, Piles, Point, centre
from solitaire_core.view import PlayerView

_ARROW: Final = "#ff9800"
_HEAD_LENGTH: Final = 22
_HEAD_HALF_WIDTH: Final = 13

_WASTE_KINDS: Final = frozenset(
    (MoveKind.RECYCLE, MoveKind.WASTE_TO_COLUMN, MoveKind.WASTE_TO_FOUNDATION)
)
_RESERVE_KINDS: Final = frozenset((MoveKind.RESERVE_TO_COLUMN, MoveKind.RESERVE_TO_FOUNDATION))


def require_arrow(move: Move, view: PlayerView, piles: Piles) -> None:
    """Refuse an arrow the board cannot show.

    Raises:
        InvalidArgumentError: for a move naming a column or pile the board does
            not have, or sending an unknown card (from an empty pile) to a
            foundation.
    """
    kind = move.kind
    columns = [move.target]
    if kind in (MoveKind.COLUMN_TO_COLUMN, MoveKind.COLUMN_TO_FOUNDATION):
        columns.append(move.source)
    if any(column is not None and column >= len(view.tableau) for column in columns):
        raise InvalidArgumentError(
            f"arrow {str(move)!r}: the board has {len(view.tableau)} columns"
        )
    if kind in (MoveKind.DRAW, MoveKind.RECYCLE) and not piles.stock:
        raise InvalidArgumentError(f"arrow {str(move)!r}: the board has no stock")
    if kind in _WASTE_KINDS and not piles.waste:
        raise InvalidArgumentError(f"arrow {str(move)!r}: the board has no waste")
    if kind in _RESERVE_KINDS and not piles.reserve:
        raise InvalidArgumentError(f"arrow {str(move)!r}: the board has no reserve")
    if kind in TO_FOUNDATION_KINDS and _moved_card(move, view) is None:
        raise InvalidArgumentError(
            f"arrow {str(move)!r}: no face-up card there to send to a foundation"
        )


def arrow(move: Move, view: PlayerView, layout: Layout) -> list[str]:
    """The arrow of ``move`` (checked by :func:`require_arrow`), in a group."""
    start, end = _endpoints(move, view, layout)
    return _arrow_shape(str(move), start, end)


def _moved_card(move: Move, view: PlayerView) -> int | None:
    """The card a move takes (a group's bottom card), None when unknown or absent."""
    kind = move.kind
    if kind in (MoveKind.WASTE_TO_COLUMN, MoveKind.WASTE_TO_FOUNDATION):
        return view.waste[-1] if view.waste else None
    if kind in (MoveKind.RESERVE_TO_COLUMN, MoveKind.RESERVE_TO_FOUNDATION):
        return view.reserve[-1] if view.reserve else None
    if kind in (MoveKind.COLUMN_TO_COLUMN, MoveKind.COLUMN_TO_FOUNDATION):
        assert move.source is not None and move.count is not None
        pile = view.tableau[move.source]
        return pile[max(len(pile) - move.count, 0)] if pile else None
    return None


def _home_slot(view: PlayerView, card: int, count: int) -> int:
    """The lowest-numbered slot taking ``card`` (an empty one for a 13-card run)."""
    suit = card // 13
    slots = range(suit, len(view.foundations), SUIT_COUNT)
    base = view.foundation_base
    for slot in slots:
        filled = view.foundations[slot]
        if count > 1 or base == NO_BASE:
            if not filled:
                return slot
        elif filled < 13 and (base - 1 + filled) % 13 + 1 == RANKS[card]:
            return slot
    return suit


def _filled_slot(view: PlayerView, suit: int) -> int:
    """The lowest-numbered slot of ``suit`` holding cards (the suit's first slot if none)."""
    for slot in range(suit, len(view.foundations), SUIT_COUNT):
        if view.foundations[slot]:
            return slot
    return suit


def _column_source(
    view: PlayerView, layout: Layout, column: int, count: int, towards: Point
) -> Point:
    """Where an arrow to ``towards`` leaves a column: at the group's bottom card.

    The middle of a top card (or of an empty column's outline); on a covered
    card, the edge of the strip that shows, on the side of ``towards``, so that
    the arrow leaves the card's rank and suit readable.
    """
    pile = view.tableau[column]
    corners = layout.columns[column]
    if not pile:
        return centre(corners[0])
    index = max(len(pile) - count, 0)
    if index == len(pile) - 1:
        return centre(corners[index])
    x, y = corners[index]
    step = corners[index + 1][1] - y
    side = x + 2 if towards[0] < x else x + CARD_WIDTH - 2
    return side, y + step // 2


def _column_target(layout: Layout, column: int) -> Point:
    """Where an arrow into a column ends: the middle of its top card (or outline)."""
    return centre(layout.columns[column][-1])


def _endpoints(move: Move, view: PlayerView, layout: Layout) -> tuple[Point, Point]:
    """Where a move's arrow starts and ends (its head's tip)."""
    kind = move.kind
    if kind is MoveKind.DRAW:  # from beside the stock's count
        assert layout.stock is not None
        x, y = layout.stock
        if layout.waste_top is not None:
            return (x + CARD_WIDTH - 8, y + CARD_HEIGHT // 2), centre(layout.waste_top)
        first, last = layout.columns[0][0], layout.columns[-1][0]
        middle = (first[0] + last[0]) // 2 + CARD_WIDTH // 2
        return (x + CARD_WIDTH // 2, y + CARD_HEIGHT - 8), (middle, first[1])
    if kind is MoveKind.RECYCLE:
        assert layout.stock is not None and layout.waste_top is not None
        return centre(layout.waste_top), centre(layout.stock)
    if kind is MoveKind.FOUNDATION_TO_COLUMN:
        assert move.source is not None and move.target is not None
        slot = _filled_slot(view, move.source)
        return centre(layout.foundations[slot]), _column_target(layout, move.target)
    if move.target is not None:
        end = _column_target(layout, move.target)
    else:
        card = _moved_card(move, view)
        assert card is not None and move.count is not None
        end = centre(layout.foundations[_home_slot(view, card, move.count)])
    if kind in _WASTE_KINDS:
        assert layout.waste_top is not None
        return centre(layout.waste_top), end
    if kind in _RESERVE_KINDS:
        assert layout.reserve is not None
        return centre(layout.reserve), end
    assert move.source is not None and move.count is not None
    return _column_source(view, layout, move.source, move.count, end), end


def _arrow_shape(notation: str, start: Point, end: Point) -> list[str]:
    """A thick arrow from ``start`` to ``end`` (its head's tip), or a ring when they meet."""
    x1, y1 = start
    x2, y2 = end
    opening = (
        f'<g class="arrow" data-move="{escape(notation)}" fill="{_ARROW}" '
        f'stroke="{_ARROW}" opacity="0.75">'
    )
    length = math.hypot(x2 - x1, y2 - y1)
    if length < _HEAD_LENGTH:
        return [
            opening,
            f'<circle cx="{x2}" cy="{y2}" r="{_HEAD_HALF_WIDTH}" fill="none" stroke-width="6"/>',
            "</g>",
        ]
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    base_x, base_y = x2 - ux * _HEAD_LENGTH, y2 - uy * _HEAD_LENGTH
    left = (round(base_x - uy * _HEAD_HALF_WIDTH), round(base_y + ux * _HEAD_HALF_WIDTH))
    right = (round(base_x + uy * _HEAD_HALF_WIDTH), round(base_y - ux * _HEAD_HALF_WIDTH))
    return [
        opening,
        f'<line x1="{x1}" y1="{y1}" x2="{round(base_x)}" y2="{round(base_y)}" '
        f'stroke-width="7" stroke-linecap="round"/>',
        f'<polygon points="{x2},{y2} {left[0]},{left[1]} {right[0]},{right[1]}" stroke="none"/>',
        "</g>",
    ]
