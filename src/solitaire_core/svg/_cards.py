"""Card drawing: faces, backs, empty outlines and the piles made of them, as SVG lines.

Each function returns the picture's lines (SVG elements, one a line) for one
thing, at the corners the layout (:mod:`solitaire_core.svg._layout`) chose.
Face-up cards show their rank and suit in the top-left corner and a large suit
symbol in the middle, red for hearts and diamonds, black for spades and clubs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from solitaire_core.cards import CARD_SYMBOLS, CARD_TEXTS, RED, SUIT_SYMBOLS
from solitaire_core.position import SUIT_COUNT
from solitaire_core.svg._layout import (
    CARD_HEIGHT,
    CARD_WIDTH,
    RESERVE_STEP,
    WASTE_STEP,
    Layout,
    Point,
)
from solitaire_core.view import PlayerView

_ON_TABLE: Final = "#e8f5e9"
_FACE: Final = "#ffffff"
_EDGE: Final = "#4a4a4a"
_RED: Final = "#c62828"
_BLACK: Final = "#1a1a1a"
_BACK: Final = "#1e4f9a"
_BACK_EDGE: Final = "#0e2a55"
_BACK_LINE: Final = "#9bbcf0"
_RADIUS: Final = 6


def escape(text: str) -> str:
    """``text`` safe inside an SVG element or a quoted attribute."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def face(card: int, corner: Point) -> list[str]:
    """A face-up card: its rank and suit in the corner, a large suit symbol in the middle."""
    x, y = corner
    colour = _RED if RED[card] else _BLACK
    suit = SUIT_SYMBOLS[card // 13]
    return [
        f'<g class="card" data-card="{CARD_TEXTS[card]}" transform="translate({x},{y})">',
        f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" '
        f'rx="{_RADIUS}" fill="{_FACE}" stroke="{_EDGE}"/>',
        f'<text x="4" y="18" font-size="16" font-weight="bold" fill="{colour}">'
        f"{escape(CARD_SYMBOLS[card])}</text>",
        f'<text x="{CARD_WIDTH // 2}" y="{CARD_HEIGHT - 18}" font-size="36" '
        f'text-anchor="middle" fill="{colour}">{suit}</text>',
        "</g>",
    ]


def back(corner: Point, cards: int) -> list[str]:
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


def count(centre: Point, number: int) -> list[str]:
    """A white badge with a number, on a back."""
    x, y = centre
    return [
        f'<circle class="count" cx="{x}" cy="{y}" r="14" fill="{_FACE}" stroke="{_BACK_EDGE}"/>',
        f'<text x="{x}" y="{y + 5}" font-size="14" font-weight="bold" text-anchor="middle" '
        f'fill="{_BLACK}">{number}</text>',
    ]


def outline(corner: Point, mark: str = "", colour: str = _ON_TABLE) -> list[str]:
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
            f'text-anchor="middle" fill="{colour}" opacity="0.45">{escape(mark)}</text>'
        )
    return parts


def group(attributes: str, parts: list[str]) -> list[str]:
    """``parts`` inside ``<g attributes>``."""
    return [f"<g {attributes}>", *parts, "</g>"]


def top_row(view: PlayerView, layout: Layout, waste_shown: int) -> list[str]:
    """The stock, waste, reserve and foundations that the layout has, each in a group."""
    parts: list[str] = []
    if layout.stock is not None:
        stock: list[str] = outline(layout.stock)
        if view.stock:
            x, y = layout.stock
            stock = back(layout.stock, len(view.stock))
            stock += count((x + CARD_WIDTH // 2, y + CARD_HEIGHT // 2), len(view.stock))
        parts += group('class="stock"', stock)
    if layout.waste is not None:
        waste: list[str] = outline(layout.waste)
        if view.waste:
            x, y = layout.waste
            waste = []
            for index, card in enumerate(view.waste[-waste_shown:]):
                waste += face(card, (x + index * WASTE_STEP, y))
        parts += group('class="waste"', waste)
    if layout.reserve is not None:
        parts += group('class="reserve"', _reserve(view.reserve, layout.reserve))
    for slot, corner in enumerate(layout.foundations):
        top = _foundation_top(view, slot)
        suit = slot % SUIT_COUNT
        pile = (
            outline(corner, SUIT_SYMBOLS[suit], _RED if suit in (1, 2) else _BLACK)
            if top is None
            else face(top, corner)
        )
        parts += group(f'class="foundation" data-slot="{slot}"', pile)
    return parts


def _reserve(reserve: Sequence[int | None], corner: Point) -> list[str]:
    """The reserve: a back for its face-down cards (with their count), its top card right."""
    x, y = corner
    parts: list[str] = []
    hidden = len(reserve) - 1
    if hidden > 0:
        behind = (x - RESERVE_STEP, y)
        parts += back(behind, hidden)
        parts += count((behind[0] + RESERVE_STEP // 2, y + CARD_HEIGHT // 2), hidden)
    top = reserve[-1] if reserve else None
    parts += outline(corner) if top is None else face(top, corner)
    return parts


def _foundation_top(view: PlayerView, slot: int) -> int | None:
    """The top card of foundation ``slot``, None when it is empty."""
    cards = view.foundations[slot]
    if not cards:
        return None
    return (slot % SUIT_COUNT) * 13 + (view.foundation_base - 1 + cards - 1) % 13


def column_numbers(layout: Layout) -> list[str]:
    """The numbers 1..n above the columns, as in the move notation."""
    y = layout.tableau_top - 5
    return [
        f'<text class="number" x="{corners[0][0] + CARD_WIDTH // 2}" y="{y}" font-size="12" '
        f'text-anchor="middle" fill="{_ON_TABLE}">{number}</text>'
        for number, corners in enumerate(layout.columns, start=1)
    ]


def column(number: int, pile: Sequence[int | None], corners: tuple[Point, ...]) -> list[str]:
    """Column ``number`` (1..n) in a group: its cards bottom to top, or its outline."""
    if not pile:
        return group(f'class="column" data-column="{number}"', outline(corners[0]))
    parts: list[str] = []
    for card, corner in zip(pile, corners, strict=True):
        parts += back(corner, 1) if card is None else face(card, corner)
    return group(f'class="column" data-column="{number}"', parts)
