"""The JSON form of a position used by the CLI and save files.

Shape (every list bottom to top, the last element the top card)::

    {"tableau": [{"face_down": [cards], "face_up": [cards]}, ... one per column],
     "stock": [cards], "waste": [cards],
     "foundations": {"S": int, "H": int, "D": int, "C": int},
     "recycles": int}

Cards are canonical text (``"TH"``); ``foundations`` gives the number of cards
of each suit on the foundations (summed over the decks). Three fields are
added only where they differ from a one-deck game from the Ace without a
reserve, so Klondike's JSON is unchanged:

* ``"foundation_piles"``: with 2 or 3 decks, the count of every foundation
  slot in slot order (S, H, D, C, then again per deck);
* ``"reserve"``: the reserve's cards (Canfield), when it holds any; the last
  one is its face-up top;
* ``"base"``: the foundations' base rank (``"7"``, ``"T"``, ...) when it is not
  the Ace, or null while a game whose first foundation card fixes it has
  none yet (Nine Across).

>>> from solitaire_core.deal import deal_code_position
>>> data = position_to_json(deal_code_position("KL1-D1N-AAAAAAG"))
>>> data["tableau"][0], data["stock"][-1], len(data)
({'face_down': [], 'face_up': ['AD']}, 'QH', 5)
>>> position_from_json(data) == deal_code_position("KL1-D1N-AAAAAAG")
True
>>> canfield = position_to_json(deal_code_position("CF1-D3N-AAAAAAB"))
>>> canfield["base"], canfield["reserve"][-1], canfield["foundations"]
('7', '2H', {'S': 0, 'H': 1, 'D': 0, 'C': 0})
"""

from __future__ import annotations

from typing import Any

from solitaire_core.cards import CARD_TEXTS, RANK_LETTERS, SUIT_LETTERS, parse_card
from solitaire_core.errors import CardParseError, PositionParseError, shorten
from solitaire_core.position import NO_BASE, SUIT_COUNT, Pile, Position

_KEYS = frozenset(
    ("tableau", "stock", "waste", "foundations", "recycles", "foundation_piles", "reserve", "base")
)
_COLUMN_KEYS = frozenset(("face_down", "face_up"))


def position_to_json(position: Position) -> dict[str, Any]:
    """The JSON-ready dict of a position (see the module docs for the shape)."""
    foundations = position.foundations
    totals = [sum(foundations[suit::SUIT_COUNT]) for suit in range(SUIT_COUNT)]
    data: dict[str, Any] = {
        "tableau": [
            {
                "face_down": [CARD_TEXTS[card] for card in pile[:down]],
                "face_up": [CARD_TEXTS[card] for card in pile[down:]],
            }
            for pile, down in zip(position.tableau, position.face_down, strict=True)
        ],
        "stock": [CARD_TEXTS[card] for card in position.stock],
        "waste": [CARD_TEXTS[card] for card in position.waste],
        "foundations": dict(zip(SUIT_LETTERS, totals, strict=True)),
        "recycles": position.recycles,
    }
    if len(foundations) > SUIT_COUNT:
        data["foundation_piles"] = list(foundations)
    if position.reserve:
        data["reserve"] = [CARD_TEXTS[card] for card in position.reserve]
    base = position.foundation_base
    if base != 1:
        data["base"] = RANK_LETTERS[base - 1] if base != NO_BASE else None
    return data


def position_from_json(data: Any) -> Position:
    """Read and validate a position from its JSON form.

    Without ``foundation_piles`` the position has one deck (four slots);
    without ``reserve`` none; without ``base`` the Ace.

    Raises:
        PositionParseError: naming the field that is missing, malformed or impossible.
    """
    try:
        text = repr(data)[:200]
    except ValueError:  # an int too long to write (over 4,300 digits)
        text = "a position with a number too long to write"
    if not isinstance(data, dict):
        raise PositionParseError(text, "format", "a position is a JSON object")
    for key in ("tableau", "stock", "waste", "foundations", "recycles"):
        if key not in data:
            raise PositionParseError(text, key, "missing")
    unknown = sorted(str(key) for key in data if key not in _KEYS)
    if unknown:
        raise PositionParseError(text, "format", f"unknown fields: {shorten(', '.join(unknown))}")
    columns = data["tableau"]
    if not isinstance(columns, list) or not columns:
        raise PositionParseError(text, "tableau", "expected a list of columns")
    tableau: list[Pile] = []
    face_down: list[int] = []
    for number, column in enumerate(columns, start=1):
        if not isinstance(column, dict):
            raise PositionParseError(text, "tableau", f"column {number} is not an object")
        strange = sorted(str(key) for key in column if key not in _COLUMN_KEYS)
        if strange:
            raise PositionParseError(
                text,
                "tableau",
                f"column {number} has unknown fields: {shorten(', '.join(strange))}"
                ' (a column holds "face_down" and "face_up")',
            )
        down = _cards(text, f"tableau column {number} face_down", column.get("face_down"))
        up = _cards(text, f"tableau column {number} face_up", column.get("face_up"))
        tableau.append(down + up)
        face_down.append(len(down))
    totals = data["foundations"]
    if not isinstance(totals, dict) or set(totals) != set(SUIT_LETTERS):
        raise PositionParseError(text, "foundations", "expected counts for S, H, D and C")
    counts = [totals[letter] for letter in SUIT_LETTERS]
    if not all(type(count) is int for count in counts):
        raise PositionParseError(text, "foundations", "counts must be integers")
    slots = data.get("foundation_piles")
    if slots is None:
        slots = counts
    elif (
        not isinstance(slots, list)
        or len(slots) not in (8, 12)
        or not all(type(count) is int for count in slots)
    ):
        raise PositionParseError(
            text, "foundation_piles", "expected 8 or 12 integer counts (2 or 3 decks)"
        )
    elif [sum(slots[suit::SUIT_COUNT]) for suit in range(SUIT_COUNT)] != counts:
        raise PositionParseError(
            text, "foundations", "the suit totals disagree with foundation_piles"
        )
    recycles = data["recycles"]
    if type(recycles) is not int:
        raise PositionParseError(text, "recycles", "must be an integer")
    position = Position(
        tuple(tableau),
        tuple(face_down),
        _cards(text, "stock", data["stock"]),
        _cards(text, "waste", data["waste"]),
        tuple(slots),
        recycles,
        _cards(text, "reserve", data.get("reserve", [])),
        _base(text, data.get("base", "A")),
    )
    position.validate()
    return position


def _base(text: str, value: Any) -> int:
    if value is None:
        return NO_BASE
    if not isinstance(value, str) or value.upper() not in RANK_LETTERS or len(value) != 1:
        raise PositionParseError(
            text, "base", f"expected a rank letter A23456789TJQK or null, got {value!r}"
        )
    return RANK_LETTERS.index(value.upper()) + 1


def _cards(text: str, field: str, value: Any) -> Pile:
    if not isinstance(value, list) or not all(isinstance(card, str) for card in value):
        raise PositionParseError(text, field, "expected a list of card texts")
    try:
        return tuple(parse_card(card) for card in value)
    except CardParseError as error:
        raise PositionParseError(text, field, str(error)) from None
