"""Moves as structured JSON objects, for apps that talk JSON (the view's ``legal_moves``).

A structured move::

    {"notation": "54:1", "kind": "column_to_column",
     "from": {"pile": "column", "index": 4}, "to": {"pile": "column", "index": 3},
     "cards": ["9D"]}

* ``notation``: the move's canonical text (RULES.md section 11; columns 1-based
  there, as the player reads them);
* ``kind``: the :class:`~solitaire_core.moves.MoveKind` in lower case;
* ``from`` and ``to``: the piles, as in the events
  (:mod:`solitaire_core.game.events`): ``"column"`` (``index`` 0-based, so
  ``"54:1"`` goes from index 4 to index 3), ``"foundation"`` (``index`` the
  slot, in slot order S, H, D, C, then again per deck), ``"waste"``,
  ``"stock"``, ``"reserve"`` (``index`` 0), and ``"tableau"`` for a stock
  dealt onto every column;
* ``cards``: the cards that move, bottom to top as they lie now; empty for a
  draw, whose cards the player has not seen yet.

:func:`move_from_json` reads such an object back (its ``notation``, checked
against the other fields present), so an app may send back any object of the
view's ``legal_moves`` unchanged.

>>> from solitaire_core.deal import deal_code_position
>>> from solitaire_core.variants import KLONDIKE
>>> position = deal_code_position("KL1-D1N-AAAAAAG")
>>> data = move_to_json(KLONDIKE, position, parse_move(KLONDIKE, position, "54"))
>>> data
{'notation': '54:1', 'kind': 'column_to_column', 'from': {'pile': 'column', 'index': 4}, \
'to': {'pile': 'column', 'index': 3}, 'cards': ['9D']}
>>> move_from_json(KLONDIKE, position, data) == parse_move(KLONDIKE, position, "54:1")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solitaire_core.cards import CARD_TEXTS
from solitaire_core.errors import MoveParseError
from solitaire_core.game.events import changed_slot
from solitaire_core.moves import Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.rules import check_move, format_move, parse_move
from solitaire_core.rules.apply import apply_move
from solitaire_core.variants import Variant

_KEYS = frozenset(("notation", "kind", "from", "to", "cards"))


def _pile(pile: str, index: int = 0) -> dict[str, Any]:
    return {"pile": pile, "index": index}


def move_to_json(variant: Variant, position: Position, move: Move) -> dict[str, Any]:
    """The structured form of a legal ``move`` in ``position`` (see the module docs).

    Args:
        variant: the rules.
        position: the position the move is legal in.
        move: a legal move (as :func:`~solitaire_core.rules.legal_moves` gives them).

    Returns:
        A JSON-ready dict with the keys ``notation``, ``kind``, ``from``,
        ``to`` and ``cards``. For an illegal move the piles are unspecified.
    """
    kind = move.kind
    data: dict[str, Any] = {"notation": format_move(variant, move), "kind": kind.name.lower()}
    cards: tuple[int, ...] = ()
    if kind is MoveKind.DRAW:
        source, target = _pile("stock"), _pile("waste" if variant.draw_count else "tableau")
    elif kind is MoveKind.RECYCLE:
        source, target = _pile("waste"), _pile("stock")
        cards = position.waste
    else:
        if kind in (MoveKind.COLUMN_TO_COLUMN, MoveKind.COLUMN_TO_FOUNDATION):
            assert move.source is not None and move.count is not None
            source = _pile("column", move.source)
            cards = position.tableau[move.source][-move.count :]
        elif kind in (MoveKind.WASTE_TO_COLUMN, MoveKind.WASTE_TO_FOUNDATION):
            source = _pile("waste")
            cards = position.waste[-1:]
        elif kind in (MoveKind.RESERVE_TO_COLUMN, MoveKind.RESERVE_TO_FOUNDATION):
            source = _pile("reserve")
            cards = position.reserve[-1:]
        else:  # FOUNDATION_TO_COLUMN
            slot = changed_slot(position, apply_move(variant, position, move))
            source = _pile("foundation", slot)
            top = position.foundation_top(slot)
            cards = () if top is None else (top,)
        if move.target is not None:
            target = _pile("column", move.target)
        else:
            after = apply_move(variant, position, move)
            target = _pile("foundation", changed_slot(position, after))
    data["from"] = source
    data["to"] = target
    data["cards"] = [CARD_TEXTS[card] for card in cards]
    return data


def move_from_json(variant: Variant, position: Position, data: object) -> Move:
    """Read a structured move back: its ``notation``, checked against the other fields.

    Args:
        variant: the rules.
        position: the position the move is for (shorthand is resolved against it).
        data: a dict as :func:`move_to_json` makes it; only ``notation`` is
            required, and every other field given must agree with it.

    Returns:
        The move (legal or not: :func:`~solitaire_core.rules.check_move` says).

    Raises:
        MoveParseError: for something that is not such an object, a missing or
            unreadable ``notation``, an unknown field, or a field that
            disagrees with the notation (naming the field).
    """
    if not isinstance(data, Mapping):
        raise MoveParseError(repr(data), "a structured move is a JSON object with a 'notation'")
    notation = data.get("notation")
    if not isinstance(notation, str):
        raise MoveParseError(repr(dict(data)), "a structured move needs a 'notation' string")
    unknown = sorted(str(key) for key in data if key not in _KEYS)
    if unknown:
        raise MoveParseError(notation, f"unknown fields in the structured move: {unknown}")
    move = parse_move(variant, position, notation)
    kind = move.kind.name.lower()
    if "kind" in data and data["kind"] != kind:
        raise MoveParseError(
            notation, f"field 'kind' is {data['kind']!r}, the notation says {kind!r}"
        )
    checked = [key for key in ("from", "to", "cards") if key in data]
    if checked and check_move(variant, position, move) is None:
        expected = move_to_json(variant, position, move)
        for key in checked:
            if data[key] != expected[key]:
                raise MoveParseError(
                    notation, f"field {key!r} is {data[key]!r}, the notation says {expected[key]!r}"
                )
    return move


__all__ = ["move_from_json", "move_to_json"]
