"""Moves and their notation (RULES.md section 11).

Canonical text is lower case: ``d`` draw, ``r`` recycle, ``wf`` waste to its
foundation, ``w3`` waste to column 3, ``3f`` column 3 to its foundation, ``35``
column 3 to column 5, ``35:2`` the top 2 cards of column 3 to column 5,
``fh3`` the hearts foundation's top card back to column 3. Columns are 1..7 in
text and 0..6 in :class:`Move`'s attributes.

A ``:n`` count may follow any card move. On column-to-column moves it picks the
group; elsewhere it lets a caller express (and get refused) a drag of several
cards, e.g. ``wf:2`` is refused with ``WASTE_TOP_ONLY``. Without a count,
``35`` means "the group whose first card fits column 5" and is resolved against
the position by the rules.

>>> Move.parse(" 35:2 ") == Move.column_to_column(2, 4, count=2)
True
>>> [str(Move.parse(text)) for text in ("D", "w3", "3F", "FH3", "35")]
['d', 'w3', '3f', 'fh3', '35']
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

import attrs

from solitaire_core.cards import SUIT_LETTERS
from solitaire_core.errors import InvalidArgumentError, MoveParseError, shorten

_COLUMNS: Final = 7
_SUITS: Final = "shdc"


class MoveKind(IntEnum):
    """What a move does."""

    DRAW = 0
    """Turn 1 or 3 cards from the stock onto the waste."""
    RECYCLE = 1
    """Turn the whole waste back into the stock."""
    WASTE_TO_FOUNDATION = 2
    """The waste's top card to its suit's foundation (``wf``)."""
    WASTE_TO_COLUMN = 3
    """The waste's top card to a column (``w3``)."""
    COLUMN_TO_FOUNDATION = 4
    """A column's top card to its suit's foundation (``3f``)."""
    COLUMN_TO_COLUMN = 5
    """A group of cards from the top of one column to another (``35``, ``35:2``)."""
    FOUNDATION_TO_COLUMN = 6
    """A take-back: a foundation's top card onto the tableau (``fh3``)."""


@attrs.frozen(cache_hash=True, repr=False)
class Move:
    """One move, independent of any position.

    Attributes:
        kind: what the move does.
        source: the source column 0..6 (column moves), the suit 0..3 = S, H, D,
            C (take-backs), else None.
        target: the target column 0..6 (moves onto the tableau), else None.
        count: the number of cards moved when given explicitly (``35:2``),
            else None. The move generator always sets it for column-to-column
            moves.

    Moves are small immutable values, equal when their fields are; ``str()``
    is the notation and ``repr()`` rebuilds the move.

    Raises:
        InvalidArgumentError: from the constructor (and the factory methods)
            for a column outside 0..6, a suit outside 0..3, a place the kind of
            move does not have, a count below 1, or a count on a draw or recycle.
    """

    kind: MoveKind
    source: int | None = None
    target: int | None = None
    count: int | None = None

    def __attrs_post_init__(self) -> None:
        if self.count is not None and (type(self.count) is not int or self.count < 1):
            raise InvalidArgumentError(f"a move's count is None or an int >= 1, got {self.count!r}")
        if self.count is not None and self.kind in (MoveKind.DRAW, MoveKind.RECYCLE):
            raise InvalidArgumentError(
                f"{self.kind.name.lower()} takes no count, got {self.count!r}"
            )
        source_range, target_range = _PLACES[self.kind]
        _check_place("source", self.source, source_range)
        _check_place("target", self.target, target_range)

    @staticmethod
    def draw() -> Move:
        """The draw move ``d``."""
        return DRAW

    @staticmethod
    def recycle() -> Move:
        """The recycle move ``r``."""
        return RECYCLE

    @staticmethod
    def waste_to_foundation(*, count: int | None = None) -> Move:
        """``wf``: the waste's top card to its suit's foundation."""
        return Move(MoveKind.WASTE_TO_FOUNDATION, count=count)

    @staticmethod
    def waste_to_column(column: int, *, count: int | None = None) -> Move:
        """``wN``: the waste's top card to a column (0-based)."""
        return Move(MoveKind.WASTE_TO_COLUMN, target=column, count=count)

    @staticmethod
    def column_to_foundation(column: int, *, count: int | None = None) -> Move:
        """``Nf``: a column's (0-based) top card to its suit's foundation."""
        return Move(MoveKind.COLUMN_TO_FOUNDATION, source=column, count=count)

    @staticmethod
    def column_to_column(source: int, target: int, *, count: int | None = None) -> Move:
        """``ab`` / ``ab:n``: a group from column ``source`` to column ``target`` (0-based)."""
        return Move(MoveKind.COLUMN_TO_COLUMN, source=source, target=target, count=count)

    @staticmethod
    def foundation_to_column(suit: int, column: int, *, count: int | None = None) -> Move:
        """``fXn``: a foundation's top card (suit 0..3 = S, H, D, C) to a column (0-based)."""
        return Move(MoveKind.FOUNDATION_TO_COLUMN, source=suit, target=column, count=count)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move's notation; case and surrounding whitespace are ignored.

        Returns:
            The move, columns converted to 0-based (``"35"`` has source 2,
            target 4). A count-less column move keeps ``count=None``: the rules
            resolve it against a position.

        Raises:
            MoveParseError: if the text is not a move of RULES.md section 11
                (``u``, undo, is a record token, not a move).
        """
        cleaned = text.strip().lower()
        cached = _PARSED.get(cleaned)
        if cached is not None:
            return cached
        body, colon, count_text = cleaned.partition(":")
        count: int | None = None
        if colon:
            if (
                not (count_text.isascii() and count_text.isdigit())
                or len(count_text) > 2
                or int(count_text) < 1
            ):
                raise MoveParseError(
                    text, f"the count after ':' must be a number 1..99, got {shorten(count_text)}"
                )
            count = int(count_text)
        move = _parse_body(text, body, count)
        return move

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def __str__(self) -> str:
        kind = self.kind
        if kind is MoveKind.DRAW:
            return "d"
        if kind is MoveKind.RECYCLE:
            return "r"
        if kind is MoveKind.WASTE_TO_FOUNDATION:
            body = "wf"
        elif kind is MoveKind.WASTE_TO_COLUMN:
            body = f"w{_column_number(self.target)}"
        elif kind is MoveKind.COLUMN_TO_FOUNDATION:
            body = f"{_column_number(self.source)}f"
        elif kind is MoveKind.COLUMN_TO_COLUMN:
            body = f"{_column_number(self.source)}{_column_number(self.target)}"
        else:
            suit = self.source if self.source is not None else 0
            body = f"f{SUIT_LETTERS[suit].lower()}{_column_number(self.target)}"
        return body if self.count is None else f"{body}:{self.count}"


_COLUMN_RANGE: Final = range(_COLUMNS)
_SUIT_RANGE: Final = range(4)
_PLACES: Final[dict[MoveKind, tuple[range | None, range | None]]] = {
    MoveKind.DRAW: (None, None),
    MoveKind.RECYCLE: (None, None),
    MoveKind.WASTE_TO_FOUNDATION: (None, None),
    MoveKind.WASTE_TO_COLUMN: (None, _COLUMN_RANGE),
    MoveKind.COLUMN_TO_FOUNDATION: (_COLUMN_RANGE, None),
    MoveKind.COLUMN_TO_COLUMN: (_COLUMN_RANGE, _COLUMN_RANGE),
    MoveKind.FOUNDATION_TO_COLUMN: (_SUIT_RANGE, _COLUMN_RANGE),
}
"""For each kind, the allowed source and target values (None: must be None)."""


def _check_place(name: str, value: int | None, allowed: range | None) -> None:
    if allowed is None:
        if value is not None:
            raise InvalidArgumentError(f"this kind of move has no {name}, got {value!r}")
    elif type(value) is not int or value not in allowed:
        raise InvalidArgumentError(
            f"{name} must be an int {allowed.start}..{allowed.stop - 1}, got {value!r}"
        )


def _column_number(column: int | None) -> int:
    return (column if column is not None else -1) + 1


def _column_index(text: str, char: str) -> int:
    if char not in "1234567":
        raise MoveParseError(text, f"{char!r} is not a column 1..7")
    return int(char) - 1


def _parse_body(text: str, body: str, count: int | None) -> Move:
    if body in ("d", "r"):
        if count is not None:
            raise MoveParseError(text, f"{body!r} takes no count")
        return DRAW if body == "d" else RECYCLE
    if body == "u":
        raise MoveParseError(text, "'u' (undo) is a game-record token, not a move")
    if len(body) == 2 and (body[0] == "w" or body[0] in "1234567"):
        first, second = body[0], body[1]
        if first == "w":
            if second == "f":
                return Move.waste_to_foundation(count=count)
            return Move.waste_to_column(_column_index(text, second), count=count)
        if second == "f":
            return Move.column_to_foundation(_column_index(text, first), count=count)
        return Move.column_to_column(
            _column_index(text, first), _column_index(text, second), count=count
        )
    if len(body) == 3 and body[0] == "f":
        if body[1] not in _SUITS:
            raise MoveParseError(text, f"{body[1]!r} is not a foundation suit (s, h, d, c)")
        return Move.foundation_to_column(
            _SUITS.index(body[1]), _column_index(text, body[2]), count=count
        )
    raise MoveParseError(
        text, "expected d, r, wf, w1-w7, 1f-7f, two columns like 35, or fs3/fh3/fd3/fc3"
    )


DRAW: Final = Move(MoveKind.DRAW)
"""The draw move ``d`` (a shared instance)."""
RECYCLE: Final = Move(MoveKind.RECYCLE)
"""The recycle move ``r`` (a shared instance)."""

_PARSED: dict[str, Move] = {}
for _text in ["d", "r", "wf"] + [f"w{n}" for n in range(1, 8)] + [f"{n}f" for n in range(1, 8)]:
    _PARSED[_text] = _parse_body(_text, _text, None)
