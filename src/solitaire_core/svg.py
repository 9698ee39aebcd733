"""SVG pictures of a position or of a player's view, for notebooks, docs and apps.

:func:`board_svg` draws a board as a standalone SVG document (a string), the
way python-chess's ``chess.svg`` draws a chess board: no dependency, the same
string for the same input, one SVG unit per pixel at the natural size.

The picture shows, on a green table:

* the top row, left to right: the stock (a card back with its size on it),
  the waste (its top cards fanned to the right, the playable one rightmost),
  the reserve (a back with the number of face-down cards, the face-up top
  card beside it), and the foundations right-aligned, slot by slot (S, H, D,
  C, repeated per deck), each showing its top card;
* the column numbers 1..n, as in the move notation;
* the columns, each running down the picture from its bottom card to its top
  card (the playable one, drawn whole); face-down cards are card backs;
* empty piles as dashed outlines (an empty foundation shows its suit);
* optional arrows for moves (a hint, the last move), on top of everything.

Face-up cards show their rank and suit in the top-left corner (``10♥``),
red for hearts and diamonds, black for spades and clubs, and a large suit
symbol in the middle. Nothing hidden from the player is drawn: a position is
drawn as its player's view (:func:`~solitaire_core.view.player_view`), so the
picture of a position and that of its view are the same string.

The elements carry classes for tests, scripts and styling. Each pile is a
group: ``stock``, ``waste``, ``reserve``, ``foundation`` (with ``data-slot``,
0..) and ``column`` (with ``data-column``, 1..n). Inside them, ``card`` is a
face-up card (with ``data-card``, its text such as ``"TH"``), ``back`` a card
back (with ``data-cards``, how many face-down cards it stands for: 1 in a
column, the stock's size, the reserve's face-down count) and ``empty`` an
outline; ``arrow`` is an arrow (with ``data-move``, the move's notation).

>>> from xml.etree import ElementTree
>>> from solitaire_core.deal import deal_code_position
>>> position = deal_code_position("KL1-D1N-AAAAAAG")
>>> svg = board_svg(position, arrows=[Move.parse("1f")])
>>> root = ElementTree.fromstring(svg)
>>> root.get("viewBox")
'0 0 530 280'
>>> def drawn(kind, attribute):
...     return [e.get(attribute) for e in root.iter() if e.get("class") == kind]
>>> drawn("card", "data-card"), drawn("arrow", "data-move")
(['AD', 'JC', 'KD', 'TC', '9D', '3S', 'AH'], ['1f'])
>>> backs = [int(count) for count in drawn("back", "data-cards")]
>>> backs[0], len(backs[1:])  # the stock, then one back per face-down card
(24, 21)
>>> board_svg(position) == board_svg(player_view(position))
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from solitaire_core.cards import CARD_SYMBOLS, CARD_TEXTS, DECK_SIZE, RANKS, RED, SUIT_SYMBOLS
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.moves import TO_FOUNDATION_KINDS, Move, MoveKind
from solitaire_core.position import NO_BASE, SUIT_COUNT, Position
from solitaire_core.variants import StockKind, Variant, require_variant
from solitaire_core.view import PlayerView, player_view

__all__ = ["board_svg"]

# --- geometry, in SVG units (pixels at the natural size) --------------------------------

CARD_WIDTH: Final = 60
"""A card's width."""
CARD_HEIGHT: Final = 84
"""A card's height (7:5, as a poker card)."""
_GAP: Final = 10
_PITCH: Final = CARD_WIDTH + _GAP
_MARGIN: Final = 12
_RADIUS: Final = 6
_DOWN_STEP: Final = 10
"""How much of a face-down card shows under the next card of its column."""
_UP_STEP: Final = 25
"""How much of a face-up card shows under the next card: its corner index."""
_WASTE_STEP: Final = 36
"""How much of a waste card shows beside the next one: its corner index."""
_RESERVE_STEP: Final = 32
"""How much of the reserve's face-down cards shows beside its top card."""
_SEPARATION: Final = 34
"""The least room between the stock, waste or reserve and the foundations."""
_NUMBERS: Final = 18
"""The height of the row of column numbers."""
_HEAD_LENGTH: Final = 22
_HEAD_HALF_WIDTH: Final = 13

# --- colours ---------------------------------------------------------------------------

_TABLE: Final = "#2e7d32"
_ON_TABLE: Final = "#e8f5e9"
_FACE: Final = "#ffffff"
_EDGE: Final = "#4a4a4a"
_RED: Final = "#c62828"
_BLACK: Final = "#1a1a1a"
_BACK: Final = "#1e4f9a"
_BACK_EDGE: Final = "#0e2a55"
_BACK_LINE: Final = "#9bbcf0"
_ARROW: Final = "#ff9800"

_FONTS: Final = "DejaVu Sans, Arial, Helvetica, sans-serif"

_WASTE_KINDS: Final = frozenset(
    (MoveKind.RECYCLE, MoveKind.WASTE_TO_COLUMN, MoveKind.WASTE_TO_FOUNDATION)
)
_RESERVE_KINDS: Final = frozenset((MoveKind.RESERVE_TO_COLUMN, MoveKind.RESERVE_TO_FOUNDATION))

_Point = tuple[int, int]
"""An (x, y) point in SVG units, y growing downwards."""


class _Piles(NamedTuple):
    """Which of the top row's piles the picture shows."""

    stock: bool
    waste: bool
    reserve: bool


class _Layout(NamedTuple):
    """Where everything goes: top-left corners of cards and piles."""

    width: int
    height: int
    stock: _Point | None
    waste: _Point | None
    waste_top: _Point | None
    """Where the waste's playable card is (its outline when empty)."""
    reserve: _Point | None
    """Where the reserve's top card goes; its face-down cards show to the left."""
    foundations: tuple[_Point, ...]
    columns: tuple[tuple[_Point, ...], ...]
    """Per column, the corner of each card bottom to top (of the outline when empty)."""
    tableau_top: int


def board_svg(
    board: Position | PlayerView,
    *,
    variant: Variant | None = None,
    arrows: Iterable[Move] = (),
    waste_shown: int = 3,
    width: int | None = None,
) -> str:
    """Draw a board as an SVG document.

    Args:
        board: a position (drawn as its player sees it: face-down cards and
            the stock as backs, only the reserve's top card face up) or a
            player's view (each ``None`` card drawn as a back).
        variant: the game, when known: it decides which piles the top row
            shows (a stock dealt onto the columns has no waste, a game without
            a stock neither; a reserve is drawn while empty). Without it they
            are inferred from the board: the stock and waste are drawn unless
            both are empty and no recycle was made (as in Yukon), the reserve
            while it holds cards.
        arrows: moves to draw as arrows, in this order (the last on top), each
            from the card that moves (the bottom card of a moved group) to
            where it goes: a column's top card (or empty place), the
            foundation slot that takes the card (the lowest-numbered one of
            its suit that does; a take-back starts at the lowest-numbered
            filled slot of its suit), the waste or the stock. A draw goes from
            the stock to the waste, or into the columns when the stock is
            dealt onto them; a recycle from the waste to the stock.
        waste_shown: how many of the waste's top cards are drawn (at least 1),
            fanned left to right, the playable one rightmost.
        width: the picture's ``width`` attribute in pixels (the height follows
            the aspect ratio); None for the natural size, one pixel per unit.

    Returns:
        One ``<svg>`` element with a ``viewBox``, one element per line, no
        newline at the end; the same string for the same arguments.

    Raises:
        InvalidArgumentError: for a board that is neither a Position nor a
            PlayerView or holds something other than a card int 0..51 (or
            ``None`` in a view), a variant with another number of columns or
            foundation slots, ``waste_shown`` or ``width`` not an int >= 1, an
            arrow that is not a :class:`~solitaire_core.moves.Move`, names a
            column or pile the board does not have, or sends an unknown card
            (from an empty pile) to a foundation.
    """
    view = _as_view(board)
    _check_options(view, variant, waste_shown, width)
    moves = _checked_moves(arrows)
    piles = _shown_piles(view, variant)
    layout = _layout(view, piles, waste_shown)
    for move in moves:
        _check_arrow(move, view, piles)
    size = (
        f'width="{layout.width}" height="{layout.height}"'
        if width is None
        else f'width="{width}" height="{_scaled(width, layout)}"'
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
        f'viewBox="0 0 {layout.width} {layout.height}" {size} font-family="{_FONTS}">',
        f'<rect class="table" width="{layout.width}" height="{layout.height}" fill="{_TABLE}"/>',
    ]
    parts += _top_row(view, layout, waste_shown)
    parts += _column_numbers(layout)
    for number, (column, corners) in enumerate(zip(view.tableau, layout.columns, strict=True), 1):
        parts += _column(number, column, corners)
    for move in moves:
        parts += _arrow(move, view, layout)
    parts.append("</svg>")
    return "\n".join(parts)


# --- checks -----------------------------------------------------------------------------


def _as_view(board: object) -> PlayerView:
    if isinstance(board, Position):
        try:
            return player_view(board)
        except (TypeError, ValueError) as error:
            raise InvalidArgumentError(f"the position cannot be drawn: {error}") from None
    if isinstance(board, PlayerView):
        return board
    raise InvalidArgumentError(
        f"board must be a Position or a PlayerView, got {type(board).__name__}"
    )


def _check_options(
    view: PlayerView, variant: Variant | None, waste_shown: int, width: int | None
) -> None:
    if type(waste_shown) is not int or waste_shown < 1:
        raise InvalidArgumentError(f"waste_shown must be an int >= 1, got {waste_shown!r}")
    if width is not None and (type(width) is not int or width < 1):
        raise InvalidArgumentError(f"width must be None or an int >= 1, got {width!r}")
    if variant is not None:
        require_variant(variant)
        board = (len(view.tableau), len(view.foundations))
        if board != (variant.columns, variant.foundation_slots):
            raise InvalidArgumentError(
                f"the board has {board[0]} columns and {board[1]} foundation slots; "
                f"{variant.name} has {variant.columns} and {variant.foundation_slots}"
            )
    cards = [card for pile in view.tableau for card in pile]
    cards += [*view.stock, *view.waste, *view.reserve]
    for card in cards:
        if card is not None and (type(card) is not int or not 0 <= card < DECK_SIZE):
            raise InvalidArgumentError(f"a board holds card ints 0..51 or None, got {card!r}")
    for count in view.foundations:
        if type(count) is not int or not 0 <= count <= 13:
            raise InvalidArgumentError(f"a foundation holds 0..13 cards, got {count!r}")
    if type(view.foundation_base) is not int or not 0 <= view.foundation_base <= 13:
        raise InvalidArgumentError(f"foundation_base must be 0..13, got {view.foundation_base!r}")


def _checked_moves(arrows: Iterable[Move]) -> list[Move]:
    if isinstance(arrows, (str, Move)):
        raise InvalidArgumentError(f"arrows must be a collection of Moves, got {arrows!r}")
    moves = list(arrows)
    for move in moves:
        if not isinstance(move, Move):
            raise InvalidArgumentError(f"an arrow is a Move, got {move!r}")
    return moves


def _check_arrow(move: Move, view: PlayerView, piles: _Piles) -> None:
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


# --- layout -----------------------------------------------------------------------------


def _shown_piles(view: PlayerView, variant: Variant | None) -> _Piles:
    if variant is not None:
        kind = variant.stock_kind
        return _Piles(
            stock=kind is not StockKind.NONE,
            waste=kind is StockKind.WASTE,
            reserve=variant.has_reserve,
        )
    has_stock = bool(view.stock or view.waste or view.recycles)
    return _Piles(stock=has_stock, waste=has_stock, reserve=bool(view.reserve))


def _layout(view: PlayerView, piles: _Piles, waste_shown: int) -> _Layout:
    top = _MARGIN
    x = _MARGIN
    stock = waste = waste_top = reserve = None
    if piles.stock:
        stock = (x, top)
        x += _PITCH
    if piles.waste:
        waste = (x, top)
        waste_top = (x + max(min(len(view.waste), waste_shown) - 1, 0) * _WASTE_STEP, top)
        x += _PITCH + (waste_shown - 1) * _WASTE_STEP
    if piles.reserve:
        reserve = (x + _RESERVE_STEP, top)
        x += _PITCH + _RESERVE_STEP
    slots = len(view.foundations)
    first_slot = x - _GAP + _SEPARATION if x > _MARGIN else _MARGIN
    row_width = first_slot + slots * _PITCH - _GAP + _MARGIN
    tableau_width = 2 * _MARGIN + len(view.tableau) * _PITCH - _GAP
    width = max(row_width, tableau_width)
    first_slot = width - _MARGIN - slots * _PITCH + _GAP
    foundations = tuple((first_slot + slot * _PITCH, top) for slot in range(slots))
    tableau_top = top + CARD_HEIGHT + _GAP + _NUMBERS
    columns = []
    bottom = tableau_top + CARD_HEIGHT
    for index, pile in enumerate(view.tableau):
        column_x = _MARGIN + index * _PITCH
        corners = []
        y = tableau_top
        for card in pile:
            corners.append((column_x, y))
            y += _DOWN_STEP if card is None else _UP_STEP
        columns.append(tuple(corners) if corners else ((column_x, tableau_top),))
        bottom = max(bottom, columns[-1][-1][1] + CARD_HEIGHT)
    return _Layout(
        width=width,
        height=bottom + _MARGIN,
        stock=stock,
        waste=waste,
        waste_top=waste_top,
        reserve=reserve,
        foundations=foundations,
        columns=tuple(columns),
        tableau_top=tableau_top,
    )


def _scaled(width: int, layout: _Layout) -> int:
    """The height that keeps the aspect ratio at ``width`` pixels (rounded half up)."""
    return (2 * width * layout.height + layout.width) // (2 * layout.width)


# --- drawing ----------------------------------------------------------------------------


def _escape(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _face(card: int, corner: _Point) -> list[str]:
    """A face-up card: its rank and suit in the corner, a large suit symbol in the middle."""
    x, y = corner
    colour = _RED if RED[card] else _BLACK
    suit = SUIT_SYMBOLS[card // 13]
    return [
        f'<g class="card" data-card="{CARD_TEXTS[card]}" transform="translate({x},{y})">',
        f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" '
        f'rx="{_RADIUS}" fill="{_FACE}" stroke="{_EDGE}"/>',
        f'<text x="4" y="18" font-size="16" font-weight="bold" fill="{colour}">'
        f"{_escape(CARD_SYMBOLS[card])}</text>",
        f'<text x="{CARD_WIDTH // 2}" y="{CARD_HEIGHT - 18}" font-size="36" '
        f'text-anchor="middle" fill="{colour}">{suit}</text>',
        "</g>",
    ]


def _back(corner: _Point, cards: int) -> list[str]:
    """A card back standing for ``cards`` face-down cards."""
    x, y = corner
    return [
        f'<g class="back" data-cards="{cards}" transform="translate({x},{y})">',
        f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" '
        f'rx="{_RADIUS}" fill="{_BACK}" stroke="{_BACK_EDGE}"/>',
        f'<rect x="4.5" y="4.5" width="{CARD_WIDTH - 9}" height="{CARD_HEIGHT - 9}" '
        f'rx="{_RADIUS - 2}" fill="none" stroke="{_BACK_LINE}"/>',
        "</g>",
    ]


def _count(centre: _Point, count: int) -> list[str]:
    """A white badge with a number, on a back."""
    x, y = centre
    return [
        f'<circle class="count" cx="{x}" cy="{y}" r="14" fill="{_FACE}" stroke="{_BACK_EDGE}"/>',
        f'<text x="{x}" y="{y + 5}" font-size="14" font-weight="bold" text-anchor="middle" '
        f'fill="{_BLACK}">{count}</text>',
    ]


def _outline(corner: _Point, mark: str = "", colour: str = _ON_TABLE) -> list[str]:
    """An empty pile's dashed outline, with a faint mark (a suit) in the middle."""
    x, y = corner
    parts = [
        f'<rect class="empty" x="{x + 1}" y="{y + 1}" width="{CARD_WIDTH - 2}" '
        f'height="{CARD_HEIGHT - 2}" rx="{_RADIUS}" fill="none" stroke="{_ON_TABLE}" '
        f'stroke-width="2" stroke-dasharray="6 4" opacity="0.7"/>'
    ]
    if mark:
        parts.append(
            f'<text x="{x + CARD_WIDTH // 2}" y="{y + CARD_HEIGHT // 2 + 12}" font-size="34" '
            f'text-anchor="middle" fill="{colour}" opacity="0.45">{_escape(mark)}</text>'
        )
    return parts


def _group(attributes: str, parts: list[str]) -> list[str]:
    """``parts`` inside ``<g attributes>``."""
    return [f"<g {attributes}>", *parts, "</g>"]


def _top_row(view: PlayerView, layout: _Layout, waste_shown: int) -> list[str]:
    """The stock, waste, reserve and foundations that the layout has, each in a group."""
    parts: list[str] = []
    if layout.stock is not None:
        stock: list[str] = _outline(layout.stock)
        if view.stock:
            x, y = layout.stock
            stock = _back(layout.stock, len(view.stock))
            stock += _count((x + CARD_WIDTH // 2, y + CARD_HEIGHT // 2), len(view.stock))
        parts += _group('class="stock"', stock)
    if layout.waste is not None:
        waste: list[str] = _outline(layout.waste)
        if view.waste:
            x, y = layout.waste
            waste = []
            for index, card in enumerate(view.waste[-waste_shown:]):
                waste += _face(card, (x + index * _WASTE_STEP, y))
        parts += _group('class="waste"', waste)
    if layout.reserve is not None:
        parts += _group('class="reserve"', _reserve(view.reserve, layout.reserve))
    for slot, corner in enumerate(layout.foundations):
        top = _foundation_top(view, slot)
        suit = slot % SUIT_COUNT
        pile = (
            _outline(corner, SUIT_SYMBOLS[suit], _RED if suit in (1, 2) else _BLACK)
            if top is None
            else _face(top, corner)
        )
        parts += _group(f'class="foundation" data-slot="{slot}"', pile)
    return parts


def _reserve(reserve: Sequence[int | None], corner: _Point) -> list[str]:
    """The reserve: a back for its face-down cards (with their count), its top card right."""
    x, y = corner
    parts: list[str] = []
    hidden = len(reserve) - 1
    if hidden > 0:
        back = (x - _RESERVE_STEP, y)
        parts += _back(back, hidden)
        parts += _count((back[0] + _RESERVE_STEP // 2, y + CARD_HEIGHT // 2), hidden)
    top = reserve[-1] if reserve else None
    parts += _outline(corner) if top is None else _face(top, corner)
    return parts


def _foundation_top(view: PlayerView, slot: int) -> int | None:
    count = view.foundations[slot]
    if not count:
        return None
    return (slot % SUIT_COUNT) * 13 + (view.foundation_base - 1 + count - 1) % 13


def _column_numbers(layout: _Layout) -> list[str]:
    y = layout.tableau_top - 5
    return [
        f'<text class="number" x="{corners[0][0] + CARD_WIDTH // 2}" y="{y}" font-size="12" '
        f'text-anchor="middle" fill="{_ON_TABLE}">{number}</text>'
        for number, corners in enumerate(layout.columns, start=1)
    ]


def _column(number: int, pile: Sequence[int | None], corners: tuple[_Point, ...]) -> list[str]:
    """Column ``number`` (1..n) in a group: its cards bottom to top, or its outline."""
    if not pile:
        return _group(f'class="column" data-column="{number}"', _outline(corners[0]))
    parts: list[str] = []
    for card, corner in zip(pile, corners, strict=True):
        parts += _back(corner, 1) if card is None else _face(card, corner)
    return _group(f'class="column" data-column="{number}"', parts)


# --- arrows -----------------------------------------------------------------------------


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


def _centre(corner: _Point) -> _Point:
    return corner[0] + CARD_WIDTH // 2, corner[1] + CARD_HEIGHT // 2


def _column_source(
    view: PlayerView, layout: _Layout, column: int, count: int, towards: _Point
) -> _Point:
    """Where an arrow to ``towards`` leaves a column: at the group's bottom card.

    The middle of a top card (or of an empty column's outline); on a covered
    card, the edge of the strip that shows, on the side of ``towards``, so that
    the arrow leaves the card's rank and suit readable.
    """
    pile = view.tableau[column]
    corners = layout.columns[column]
    if not pile:
        return _centre(corners[0])
    index = max(len(pile) - count, 0)
    if index == len(pile) - 1:
        return _centre(corners[index])
    x, y = corners[index]
    step = corners[index + 1][1] - y
    side = x + 2 if towards[0] < x else x + CARD_WIDTH - 2
    return side, y + step // 2


def _column_target(layout: _Layout, column: int) -> _Point:
    return _centre(layout.columns[column][-1])


def _endpoints(move: Move, view: PlayerView, layout: _Layout) -> tuple[_Point, _Point]:
    """Where a move's arrow starts and ends (its head's tip)."""
    kind = move.kind
    if kind is MoveKind.DRAW:  # from beside the stock's count
        assert layout.stock is not None
        x, y = layout.stock
        if layout.waste_top is not None:
            return (x + CARD_WIDTH - 8, y + CARD_HEIGHT // 2), _centre(layout.waste_top)
        first, last = layout.columns[0][0], layout.columns[-1][0]
        middle = (first[0] + last[0]) // 2 + CARD_WIDTH // 2
        return (x + CARD_WIDTH // 2, y + CARD_HEIGHT - 8), (middle, first[1])
    if kind is MoveKind.RECYCLE:
        assert layout.stock is not None and layout.waste_top is not None
        return _centre(layout.waste_top), _centre(layout.stock)
    if kind is MoveKind.FOUNDATION_TO_COLUMN:
        assert move.source is not None and move.target is not None
        slot = _filled_slot(view, move.source)
        return _centre(layout.foundations[slot]), _column_target(layout, move.target)
    if move.target is not None:
        end = _column_target(layout, move.target)
    else:
        card = _moved_card(move, view)
        assert card is not None and move.count is not None
        end = _centre(layout.foundations[_home_slot(view, card, move.count)])
    if kind in _WASTE_KINDS:
        assert layout.waste_top is not None
        return _centre(layout.waste_top), end
    if kind in _RESERVE_KINDS:
        assert layout.reserve is not None
        return _centre(layout.reserve), end
    assert move.source is not None and move.count is not None
    return _column_source(view, layout, move.source, move.count, end), end


def _filled_slot(view: PlayerView, suit: int) -> int:
    """The lowest-numbered slot of ``suit`` holding cards (the suit's first slot if none)."""
    for slot in range(suit, len(view.foundations), SUIT_COUNT):
        if view.foundations[slot]:
            return slot
    return suit


def _arrow(move: Move, view: PlayerView, layout: _Layout) -> list[str]:
    start, end = _endpoints(move, view, layout)
    return _arrow_shape(str(move), start, end)


def _arrow_shape(notation: str, start: _Point, end: _Point) -> list[str]:
    """A thick arrow from ``start`` to ``end`` (its head's tip), or a ring when they meet."""
    x1, y1 = start
    x2, y2 = end
    opening = (
        f'<g class="arrow" data-move="{_escape(notation)}" fill="{_ARROW}" '
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
