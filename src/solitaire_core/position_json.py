"""The JSON form of a position used by the CLI and save files.

Shape (every list bottom to top, the last element the top card)::

    {"tableau": [{"face_down": [cards], "face_up": [cards]}, ... 7 columns],
     "stock": [cards], "waste": [cards],
     "foundations": {"S": int, "H": int, "D": int, "C": int},
     "recycles": int}

Cards are canonical text (``"TH"``); foundations give the number of cards on each.

>>> from solitaire_core.deal import deal_code_position
>>> data = position_to_json(deal_code_position("KL1-D1N-AAAAAAG"))
>>> data["tableau"][0], data["stock"][-1]
({'face_down': [], 'face_up': ['AD']}, 'QH')
>>> position_from_json(data) == deal_code_position("KL1-D1N-AAAAAAG")
True
"""

from __future__ import annotations

from typing import Any

from solitaire_core.cards import CARD_TEXTS, SUIT_LETTERS, parse_card
from solitaire_core.errors import CardParseError, PositionParseError
from solitaire_core.position import Pile, Position

_KEYS = frozenset(("tableau", "stock", "waste", "foundations", "recycles"))


def position_to_json(position: Position) -> dict[str, Any]:
    """The JSON-ready dict of a position (see the module docs for the shape)."""
    return {
        "tableau": [
            {
                "face_down": [CARD_TEXTS[card] for card in pile[:down]],
                "face_up": [CARD_TEXTS[card] for card in pile[down:]],
            }
            for pile, down in zip(position.tableau, position.face_down, strict=True)
        ],
        "stock": [CARD_TEXTS[card] for card in position.stock],
        "waste": [CARD_TEXTS[card] for card in position.waste],
        "foundations": dict(zip(SUIT_LETTERS, position.foundations, strict=True)),
        "recycles": position.recycles,
    }


def position_from_json(data: Any) -> Position:
    """Read and validate a position from its JSON form.

    Raises:
        PositionParseError: naming the field that is missing, malformed or impossible.
    """
    text = repr(data)[:200]
    if not isinstance(data, dict):
        raise PositionParseError(text, "format", "a position is a JSON object")
    for key in ("tableau", "stock", "waste", "foundations", "recycles"):
        if key not in data:
            raise PositionParseError(text, key, "missing")
    unknown = sorted(str(key) for key in data if key not in _KEYS)
    if unknown:
        raise PositionParseError(text, "format", f"unknown fields: {', '.join(unknown)}")
    columns = data["tableau"]
    if not isinstance(columns, list) or len(columns) != 7:
        raise PositionParseError(text, "tableau", "expected a list of 7 columns")
    tableau: list[Pile] = []
    face_down: list[int] = []
    for number, column in enumerate(columns, start=1):
        if not isinstance(column, dict):
            raise PositionParseError(text, "tableau", f"column {number} is not an object")
        down = _cards(text, f"tableau column {number} face_down", column.get("face_down"))
        up = _cards(text, f"tableau column {number} face_up", column.get("face_up"))
        tableau.append(down + up)
        face_down.append(len(down))
    foundations = data["foundations"]
    if not isinstance(foundations, dict) or set(foundations) != set(SUIT_LETTERS):
        raise PositionParseError(text, "foundations", "expected counts for S, H, D and C")
    counts = [foundations[letter] for letter in SUIT_LETTERS]
    if not all(type(count) is int for count in counts):
        raise PositionParseError(text, "foundations", "counts must be integers")
    recycles = data["recycles"]
    if type(recycles) is not int:
        raise PositionParseError(text, "recycles", "must be an integer")
    position = Position(
        tuple(tableau),
        tuple(face_down),
        _cards(text, "stock", data["stock"]),
        _cards(text, "waste", data["waste"]),
        tuple(counts),
        recycles,
    )
    position.validate()
    return position


def _cards(text: str, field: str, value: Any) -> Pile:
    if not isinstance(value, list) or not all(isinstance(card, str) for card in value):
        raise PositionParseError(text, field, "expected a list of card texts")
    try:
        return tuple(parse_card(card) for card in value)
    except CardParseError as error:
        raise PositionParseError(text, field, str(error)) from None
