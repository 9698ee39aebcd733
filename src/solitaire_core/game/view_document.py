"""The player's view as JSON: everything the player may see, and nothing else.

For apps that send the board to a browser or another process. Face-down
cards and the unseen stock are counts, never cards; the stock's cards are
listed only once the player has seen them all (after the first recycle, as
in :func:`~solitaire_core.view.player_view`); the reserve shows its top card
only. The document (``"format": "solitaire-core/view"``, ``"version": 1``)
is described by the JSON Schema shipped in the package
(:func:`view_schema`, file ``solitaire_core/schemas/view-1.schema.json``)::

    {"format": "solitaire-core/view", "version": 1,
     "game": {"name": "Klondike", "key": "klondike",
              "columns": 7, "decks": 1, "draw_count": 1, "recycle_limit": null},
     "board": {
        "tableau": [{"face_down": 0, "face_up": ["AD"]}, ...],   # bottom to top
        "stock": {"count": 24, "cards": null},     # cards bottom to top once seen
        "waste": ["QH"],                           # bottom to top
        "reserve": null or {"count": 13, "top": "2H"},
        "foundations": [{"suit": "S", "cards": ["AS", "2S"]}, ...],  # slot order;
                                                   # a spider run lies King first
        "foundation_base": "A",                    # null until the first card fixes it
        "recycles": 0},
     "legal_moves": [{"notation": "1f", "kind": "column_to_foundation", ...}, ...],
     "score": {"value": 0, "text": "0"} or null,
     "moves_made": 0,
     "status": {"won": false, "resigned": false, "can_undo": false,
                "can_redo": false, "assisted": false},
     "clock": {"elapsed": 0.0, "state": "not_started"} or null}

The view never holds the deal code: a code rebuilds the whole deal, hidden
cards included, so an app keeps it on the server. Piles and indexes are those
of the events (:mod:`solitaire_core.game.events`):
columns and foundation slots 0-based. The legal moves are the structured moves
of :mod:`solitaire_core.game.move_json`, in the generator's documented order;
:meth:`Game.play <solitaire_core.game.Game.play>` takes any of them back. A
view of a bare position (:func:`view_json`) has ``score`` and ``clock`` null
and ``moves_made`` 0; :meth:`Game.view_json <solitaire_core.game.Game.view_json>`
fills them.

>>> from solitaire_core.deal import deal_code_position
>>> from solitaire_core.variants import KLONDIKE
>>> view = view_json(KLONDIKE, deal_code_position("KL1-D1N-AAAAAAG"))
>>> view["board"]["tableau"][6], view["board"]["stock"]
({'face_down': 6, 'face_up': ['AH']}, {'count': 24, 'cards': None})
>>> [move["notation"] for move in view["legal_moves"]]
['1f', '7f', '54:1', 'd']
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from solitaire_core.cards import CARD_TEXTS, RANK_LETTERS, SUIT_LETTERS
from solitaire_core.game.move_json import move_to_json
from solitaire_core.position import NO_BASE, SUIT_COUNT, Position
from solitaire_core.rules import legal_moves, require_position
from solitaire_core.variants import Variant, variant_key

VIEW_FORMAT = "solitaire-core/view"
"""The ``format`` field of every view document."""
VIEW_VERSION = 1
"""The ``version`` field of the view documents this library writes."""
SCHEMA_FILE = "view-1.schema.json"
"""The JSON Schema of version 1, in the package folder ``solitaire_core/schemas``."""


def _texts(cards: tuple[int, ...]) -> list[str]:
    return [CARD_TEXTS[card] for card in cards]


def board_json(variant: Variant, position: Position) -> dict[str, Any]:
    """The ``board`` part of the view: the piles as the player sees them.

    Args:
        variant: the rules (whether the game has a reserve).
        position: the position (its hidden cards are left out).

    Returns:
        The JSON-ready dict described in the module docs.
    """
    reserve = position.reserve
    return {
        "tableau": [
            {"face_down": down, "face_up": _texts(pile[down:])}
            for pile, down in zip(position.tableau, position.face_down, strict=True)
        ],
        "stock": {
            "count": len(position.stock),
            "cards": _texts(position.stock) if position.recycles else None,
        },
        "waste": _texts(position.waste),
        "reserve": {"count": len(reserve), "top": CARD_TEXTS[reserve[-1]] if reserve else None}
        if variant.layout.reserve
        else None,
        "foundations": [
            {"suit": SUIT_LETTERS[slot % SUIT_COUNT], "cards": _foundation(variant, position, slot)}
            for slot in range(len(position.foundations))
        ],
        "foundation_base": None
        if position.foundation_base == NO_BASE
        else RANK_LETTERS[position.foundation_base - 1],
        "recycles": position.recycles,
    }


def _foundation(variant: Variant, position: Position, slot: int) -> list[str]:
    """A foundation slot's cards bottom to top: from the base up, or a spider run King first."""
    cards = position.foundation_cards(slot)
    return _texts(cards[::-1] if variant.foundations.complete_runs else cards)


def view_json(variant: Variant, position: Position) -> dict[str, Any]:
    """The player's view of a position, as a JSON-ready dict (see the module docs).

    Args:
        variant: the rules (for the legal moves and the game's description).
        position: the position; it must be a position of ``variant``
            (:func:`~solitaire_core.rules.require_position`).

    Returns:
        The view document, with ``score`` and ``clock`` null, ``moves_made``
        0 and the status flags false except ``won``.

    Raises:
        PositionParseError: (a ``ValueError``) for a position ``variant``
            cannot hold (:func:`~solitaire_core.rules.require_position`).
    """
    require_position(variant, position)
    return {
        "format": VIEW_FORMAT,
        "version": VIEW_VERSION,
        "game": game_json(variant),
        "board": board_json(variant, position),
        "legal_moves": [
            move_to_json(variant, position, move) for move in legal_moves(variant, position)
        ],
        "score": None,
        "moves_made": 0,
        "status": {
            "won": position.is_won,
            "resigned": False,
            "can_undo": False,
            "can_redo": False,
            "assisted": False,
        },
        "clock": None,
    }


def game_json(variant: Variant) -> dict[str, Any]:
    """The ``game`` part of the view: which game this is (never its deal code).

    Args:
        variant: the rules.
    """
    return {
        "name": variant.name,
        "key": variant_key(variant),
        "columns": variant.columns,
        "decks": variant.decks,
        "draw_count": variant.draw_count,
        "recycle_limit": variant.recycle_limit,
    }


@cache
def _schema_text() -> str:
    return resources.files("solitaire_core.schemas").joinpath(SCHEMA_FILE).read_text("utf-8")


def view_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the view document and of the events, as a dict.

    The events' schema is under ``$defs/event``.
    """
    schema: dict[str, Any] = json.loads(_schema_text())
    return schema


__all__ = [
    "SCHEMA_FILE",
    "VIEW_FORMAT",
    "VIEW_VERSION",
    "board_json",
    "game_json",
    "view_json",
    "view_schema",
]
