"""Moves and their notation (RULES.md section 11, FAMILY.md section 1.8).

A :class:`Move` names exactly what moves, its number of cards included, so one
move has one value: ``Move.parse("54:1") == move``, ``move in legal_moves(...)``
and hashing behave as in python-chess. Canonical text is lower case:

===========  ==============================================================
``d``        the stock move: draw onto the waste, or deal onto the columns
``r``        recycle the waste into the stock
``wf``       the waste's top card to its foundation
``w3``       the waste's top card to column 3
``3f``       column 3's top card to its foundation (``3f:13``: a complete
             King-to-Ace run, in spider-type games)
``35:2``     the top 2 cards of column 3 onto column 5 (``1-10:2`` when a
             column number has two digits; ``3-5:2`` is always accepted)
``fh3``      the top card of a hearts foundation back onto column 3
``rf``       the reserve's top card to its foundation
``r3``       the reserve's top card to column 3
===========  ==============================================================

Columns are 1..n in text and 0..n-1 in :class:`Move`'s attributes. A count
(``:n``) may follow any card move; on moves that take one card it lets a
caller express (and get refused) a drag of several cards, e.g. ``wf:2`` is
refused with ``WASTE_TOP_ONLY``. A column-to-column move without its count
(``35``) is shorthand that only a position can resolve:
:func:`~solitaire_core.rules.parse_move` does that; :meth:`Move.parse` refuses it.

>>> Move.parse(" 35:2 ") == Move.column_to_column(2, 4, count=2)
True
>>> [str(Move.parse(text)) for text in ("D", "w3", "3F", "FH3", "3-5:1", "1-10:4", "r2")]
['d', 'w3', '3f', 'fh3', '35:1', '1-10:4', 'r2']
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

import attrs

from solitaire_core.cards import SUIT_LETTERS
from solitaire_core.errors import InvalidArgumentError, MoveParseError, not_str, shorten
from solitaire_core.limits import MAX_COLUMNS as MAX_COLUMNS  # noqa: PLC0414 (re-exported: its old home)

_SUITS: Final = "shdc"


class MoveKind(IntEnum):
    """What a move does."""

    DRAW = 0
    """The stock move ``d``: turn 1 or 3 cards onto the waste, or deal one onto each column."""
    RECYCLE = 1
    """Turn the whole waste back into the stock."""
    WASTE_TO_FOUNDATION = 2
    """The waste's top card to its foundation (``wf``)."""
    WASTE_TO_COLUMN = 3
    """The waste's top card to a column (``w3``)."""
    COLUMN_TO_FOUNDATION = 4
    """A column's top card (or complete spider run) to a foundation (``3f``)."""
    COLUMN_TO_COLUMN = 5
    """A group of cards from the top of one column to another (``35:2``)."""
    FOUNDATION_TO_COLUMN = 6
    """A take-back: a foundation's top card onto the tableau (``fh3``)."""
    RESERVE_TO_FOUNDATION = 7
    """The reserve's top card to its foundation (``rf``)."""
    RESERVE_TO_COLUMN = 8
    """The reserve's top card to a column (``r3``)."""


STOCK_KINDS: Final = frozenset((MoveKind.DRAW, MoveKind.RECYCLE))
"""The kinds that move no card of the player's choosing: they carry no count."""
TO_FOUNDATION_KINDS: Final = frozenset(
    (MoveKind.WASTE_TO_FOUNDATION, MoveKind.COLUMN_TO_FOUNDATION, MoveKind.RESERVE_TO_FOUNDATION)
)
"""The kinds that send cards to a foundation."""


@attrs.frozen(cache_hash=True, repr=False)
class Move:
    """One move, independent of any position.

    Attributes:
        kind: what the move does.
        source: the source column 0..n-1 (column moves), the suit 0..3 = S, H,
            D, C (take-backs), else None.
        target: the target column 0..n-1 (moves onto the tableau), else None.
        count: the number of cards that move: an int >= 1 for every card
            move (1 unless given: ``wf``, ``3f``, ``fh3``, ``rf``, ``r3``), the
            group's size for column-to-column moves (which must name it), and
            None for draw and recycle.

    Moves are small immutable values, equal when their fields are; ``str()``
    is the notation and ``repr()`` rebuilds the move.

    Raises:
        InvalidArgumentError: from the constructor (and the factory methods)
            for a column outside 0..29, a suit outside 0..3, a place the kind
            of move does not have, a count below 1, a count on a draw or
            recycle, or a column-to-column move without its count.
    """

    kind: MoveKind
    source: int | None = None
    target: int | None = None
    count: int | None = None

    def __attrs_post_init__(self) -> None:
        if type(self.kind) is not MoveKind:
            raise InvalidArgumentError(f"kind must be a MoveKind, got {self.kind!r}")
        count = self.count
        if self.kind in STOCK_KINDS:
            if count is not None:
                name = self.kind.name.lower()
                raise InvalidArgumentError(f"{name} takes no count, got {count!r}")
        elif count is None:
            if self.kind is MoveKind.COLUMN_TO_COLUMN:
                raise InvalidArgumentError(
                    "a column-to-column move names its count (35:2); "
                    "parse_move(variant, position, '35') resolves the shorthand"
                )
            object.__setattr__(self, "count", 1)
        elif type(count) is not int or count < 1:
            raise InvalidArgumentError(f"a move's count is an int >= 1, got {count!r}")
        source_range, target_range = _PLACES[self.kind]
        _require_place("source", self.source, source_range)
        _require_place("target", self.target, target_range)

    @staticmethod
    def draw() -> Move:
        """The stock move ``d`` (draw, or deal onto the columns)."""
        return DRAW

    @staticmethod
    def recycle() -> Move:
        """The recycle move ``r``."""
        return RECYCLE

    @staticmethod
    def waste_to_foundation(*, count: int = 1) -> Move:
        """``wf``: the waste's top card to its foundation."""
        return Move(MoveKind.WASTE_TO_FOUNDATION, count=count)

    @staticmethod
    def waste_to_column(column: int, *, count: int = 1) -> Move:
        """``wN``: the waste's top card to a column (0-based)."""
        return Move(MoveKind.WASTE_TO_COLUMN, target=column, count=count)

    @staticmethod
    def column_to_foundation(column: int, *, count: int = 1) -> Move:
        """``Nf``: a column's (0-based) top card to its foundation; 13 for a spider run."""
        return Move(MoveKind.COLUMN_TO_FOUNDATION, source=column, count=count)

    @staticmethod
    def column_to_column(source: int, target: int, *, count: int) -> Move:
        """``ab:n``: the top ``count`` cards of column ``source`` onto ``target`` (0-based)."""
        return Move(MoveKind.COLUMN_TO_COLUMN, source=source, target=target, count=count)

    @staticmethod
    def foundation_to_column(suit: int, column: int, *, count: int = 1) -> Move:
        """``fXn``: a foundation's top card (suit 0..3 = S, H, D, C) to a column (0-based)."""
        return Move(MoveKind.FOUNDATION_TO_COLUMN, source=suit, target=column, count=count)

    @staticmethod
    def reserve_to_foundation(*, count: int = 1) -> Move:
        """``rf``: the reserve's top card to its foundation."""
        return Move(MoveKind.RESERVE_TO_FOUNDATION, count=count)

    @staticmethod
    def reserve_to_column(column: int, *, count: int = 1) -> Move:
        """``rN``: the reserve's top card to a column (0-based)."""
        return Move(MoveKind.RESERVE_TO_COLUMN, target=column, count=count)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move's complete notation; case and surrounding whitespace are ignored.

        Returns:
            The move, columns converted to 0-based (``"35:2"`` has source 2,
            target 4, count 2).

        Raises:
            MoveParseError: if the text is not a move of RULES.md section 11
                (FAMILY.md section 1.8), or is a column-to-column move without
                its count (``35``: resolve it with
                :func:`~solitaire_core.rules.parse_move`), or ``u`` (undo),
                ``redo`` or ``resign`` (game-record tokens, not moves), or is
                not a ``str``.
        """
        if not isinstance(text, str):
            raise MoveParseError(repr(text), not_str(text))
        cleaned = text.strip().lower()
        cached = _PARSED.get(cleaned)
        if cached is not None:
            return cached
        body, count = split_count(text, cleaned)
        move = parse_body(text, body, count)
        if not isinstance(move, Move):
            raise MoveParseError(
                text,
                "a column-to-column move needs its count here (35:2); "
                "a game or parse_move(variant, position, text) resolves '35'",
            )
        return move

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def __str__(self) -> str:
        kind = self.kind
        if kind is MoveKind.DRAW:
            return "d"
        if kind is MoveKind.RECYCLE:
            return "r"
        if kind is MoveKind.COLUMN_TO_COLUMN:
            return f"{column_pair_text(self.source, self.target, dash=False)}:{self.count}"
        if kind is MoveKind.WASTE_TO_FOUNDATION:
            body = "wf"
        elif kind is MoveKind.WASTE_TO_COLUMN:
            body = f"w{_number(self.target)}"
        elif kind is MoveKind.COLUMN_TO_FOUNDATION:
            body = f"{_number(self.source)}f"
        elif kind is MoveKind.RESERVE_TO_FOUNDATION:
            body = "rf"
        elif kind is MoveKind.RESERVE_TO_COLUMN:
            body = f"r{_number(self.target)}"
        else:
            suit = self.source if self.source is not None else 0
            body = f"f{SUIT_LETTERS[suit].lower()}{_number(self.target)}"
        return body if self.count == 1 else f"{body}:{self.count}"


def column_pair_text(source: int | None, target: int | None, *, dash: bool) -> str:
    """``ab`` for a column-to-column move, or ``a-b`` when asked or a number has two digits."""
    a, b = _number(source), _number(target)
    return f"{a}-{b}" if dash or a > 9 or b > 9 else f"{a}{b}"


_COLUMN_RANGE: Final = range(MAX_COLUMNS)
_SUIT_RANGE: Final = range(4)
_PLACES: Final[dict[MoveKind, tuple[range | None, range | None]]] = {
    MoveKind.DRAW: (None, None),
    MoveKind.RECYCLE: (None, None),
    MoveKind.WASTE_TO_FOUNDATION: (None, None),
    MoveKind.WASTE_TO_COLUMN: (None, _COLUMN_RANGE),
    MoveKind.COLUMN_TO_FOUNDATION: (_COLUMN_RANGE, None),
    MoveKind.COLUMN_TO_COLUMN: (_COLUMN_RANGE, _COLUMN_RANGE),
    MoveKind.FOUNDATION_TO_COLUMN: (_SUIT_RANGE, _COLUMN_RANGE),
    MoveKind.RESERVE_TO_FOUNDATION: (None, None),
    MoveKind.RESERVE_TO_COLUMN: (None, _COLUMN_RANGE),
}
"""For each kind, the allowed source and target values (None: must be None)."""


def _require_place(name: str, value: int | None, allowed: range | None) -> None:
    if allowed is None:
        if value is not None:
            raise InvalidArgumentError(f"this kind of move has no {name}, got {value!r}")
    elif type(value) is not int or value not in allowed:
        raise InvalidArgumentError(
            f"{name} must be an int {allowed.start}..{allowed.stop - 1}, got {value!r}"
        )


def _number(column: int | None) -> int:
    return (column if column is not None else -1) + 1


def _column_index(text: str, digits: str) -> int:
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 2 or digits.startswith("0"):
        raise MoveParseError(text, f"{digits!r} is not a column number 1..{MAX_COLUMNS}")
    number = int(digits)
    if number > MAX_COLUMNS:
        raise MoveParseError(text, f"{digits!r} is not a column number 1..{MAX_COLUMNS}")
    return number - 1


def split_count(text: str, cleaned: str) -> tuple[str, int | None]:
    """Split ``"35:2"`` into the body ``"35"`` and the count 2 (None without ``:``).

    Raises:
        MoveParseError: for a count that is not a number 1..99.
    """
    body, colon, count_text = cleaned.partition(":")
    if not colon:
        return body, None
    if (
        not (count_text.isascii() and count_text.isdigit())
        or len(count_text) > 2
        or int(count_text) < 1
    ):
        raise MoveParseError(
            text, f"the count after ':' must be a number 1..99, got {shorten(count_text)}"
        )
    return body, int(count_text)


_RECORD_TOKENS: Final = {"u": "'u' (undo)", "redo": "'redo'", "resign": "'resign'"}
"""The actions of a game record that are no moves (Game.undo, redo, resign), as errors name them."""


def parse_body(text: str, body: str, count: int | None) -> Move | tuple[int, int]:
    """The move a notation body names; for a count-less column move, its two columns.

    A count-less ``35`` names no move by itself (the count depends on the
    position): the result is then ``(source, target)``, 0-based.

    Args:
        text: the text as given (quoted in errors).
        body: the lower-case body, without the count.
        count: the count after ``:``, or None.

    Raises:
        MoveParseError: if the body is no move.
    """
    if body in ("d", "r"):
        if count is not None:
            raise MoveParseError(text, f"{body!r} takes no count")
        return DRAW if body == "d" else RECYCLE
    if body in _RECORD_TOKENS:
        raise MoveParseError(text, f"{_RECORD_TOKENS[body]} is a game-record token, not a move")
    one = 1 if count is None else count
    first = body[:1]
    rest = body[1:]
    if first in ("w", "r") and rest:
        if rest == "f":
            if first == "w":
                return Move.waste_to_foundation(count=one)
            return Move.reserve_to_foundation(count=one)
        column = _column_index(text, rest)
        if first == "w":
            return Move.waste_to_column(column, count=one)
        return Move.reserve_to_column(column, count=one)
    if first == "f" and len(body) >= 3:
        if body[1] not in _SUITS:
            raise MoveParseError(text, f"{body[1]!r} is not a foundation suit (s, h, d, c)")
        return Move.foundation_to_column(
            _SUITS.index(body[1]), _column_index(text, body[2:]), count=one
        )
    if body.endswith("f") and len(body) >= 2:
        return Move.column_to_foundation(_column_index(text, body[:-1]), count=one)
    if "-" in body:
        source_text, _, target_text = body.partition("-")
        source, target = _column_index(text, source_text), _column_index(text, target_text)
    elif len(body) == 2 and body.isascii() and body.isdigit():
        source, target = _column_index(text, body[0]), _column_index(text, body[1])
    else:
        raise MoveParseError(
            text,
            "expected d, r, wf, w3, 3f, two columns like 35:2 or 3-5:2, fs3/fh3/fd3/fc3, rf or r3",
        )
    if count is None:
        return source, target
    return Move.column_to_column(source, target, count=count)


DRAW: Final = Move(MoveKind.DRAW)
"""The stock move ``d`` (a shared instance)."""
RECYCLE: Final = Move(MoveKind.RECYCLE)
"""The recycle move ``r`` (a shared instance)."""

_PARSED: dict[str, Move] = {}
for _text in (
    ["d", "r", "wf", "rf"]
    + [f"w{n}" for n in range(1, 14)]
    + [f"{n}f" for n in range(1, 14)]
    + [f"r{n}" for n in range(1, 14)]
):
    _move = parse_body(_text, _text, None)
    assert isinstance(_move, Move)
    _PARSED[_text] = _move
