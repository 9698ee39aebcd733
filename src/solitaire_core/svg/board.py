"""The board picture: :func:`board_svg`, the SVG document it writes and the checks of its arguments.

The package's docstring (:mod:`solitaire_core.svg`) says what the picture shows
and which classes its elements carry. This module checks the arguments and puts
the document together; the private modules beside it place the piles
(``_layout``), draw the cards and piles (``_cards``) and the arrows (``_arrows``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from solitaire_core.cards import DECK_SIZE
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.moves import Move
from solitaire_core.position import Position
from solitaire_core.svg._arrows import arrow, require_arrow
from solitaire_core.svg._cards import column, column_numbers, top_row
from solitaire_core.svg._layout import (
    CARD_HEIGHT,
    CARD_WIDTH,
    board_layout,
    scaled_height,
    shown_piles,
)
from solitaire_core.variants import Variant, require_variant
from solitaire_core.view import PlayerView, player_view

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "board_svg"]

_TABLE: Final = "#2e7d32"
_FONTS: Final = "DejaVu Sans, Arial, Helvetica, sans-serif"


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
    _require_options(view, variant, waste_shown, width)
    moves = _checked_moves(arrows)
    piles = shown_piles(view, variant)
    layout = board_layout(view, piles, waste_shown)
    for move in moves:
        require_arrow(move, view, piles)
    size = (
        f'width="{layout.width}" height="{layout.height}"'
        if width is None
        else f'width="{width}" height="{scaled_height(width, layout)}"'
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
        f'viewBox="0 0 {layout.width} {layout.height}" {size} font-family="{_FONTS}">',
        f'<rect class="table" width="{layout.width}" height="{layout.height}" fill="{_TABLE}"/>',
    ]
    parts += top_row(view, layout, waste_shown)
    parts += column_numbers(layout)
    for number, (pile, corners) in enumerate(zip(view.tableau, layout.columns, strict=True), 1):
        parts += column(number, pile, corners)
    for move in moves:
        parts += arrow(move, view, layout)
    parts.append("</svg>")
    return "\n".join(parts)


def _as_view(board: object) -> PlayerView:
    """The player's view to draw: a position's view, or the view given.

    Raises:
        InvalidArgumentError: for anything else, or a position whose view cannot be made.
    """
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


def _require_options(
    view: PlayerView, variant: Variant | None, waste_shown: int, width: int | None
) -> None:
    """Refuse bad options, a variant of another board shape and a board holding non-cards.

    Raises:
        InvalidArgumentError: as :func:`board_svg` says.
    """
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
    """The arrows as a list (read once), each checked to be a Move.

    Raises:
        InvalidArgumentError: for a lone Move or text instead of a collection, or
            an arrow that is not a Move.
    """
    if isinstance(arrows, (str, Move)):
        raise InvalidArgumentError(f"arrows must be a collection of Moves, got {arrows!r}")
    moves = list(arrows)
    for move in moves:
        if not isinstance(move, Move):
            raise InvalidArgumentError(f"an arrow is a Move, got {move!r}")
    return moves
