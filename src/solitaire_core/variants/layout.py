"""Where the cards go at the deal: the columns, the reserve, a base card (FAMILY.md 1.7).

A :class:`Layout` gives each column's face-down and face-up counts and the
order in which the parts of the layout take cards from the shuffled deck. The
tableau is dealt by the row rule of FAMILY.md section 1.7: row ``k`` gives one
card to every column that holds more than ``k`` cards, left to right; the
lowest cards of a column are its face-down ones. What is left is the stock.

>>> Layout.triangle(7).face_down, Layout.triangle(7).face_up
((0, 1, 2, 3, 4, 5, 6), (1, 1, 1, 1, 1, 1, 1))
>>> Layout.triangle(3, face_up=True).column_sizes
(1, 2, 3)
>>> Layout.rows(4, down=2, up=1).face_down
(2, 2, 2, 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Final

import attrs

from solitaire_core.errors import InvalidArgumentError
from solitaire_core.moves import MAX_COLUMNS


class DealPart(StrEnum):
    """A part of the layout that takes cards from the deck, in a layout's dealing order."""

    TABLEAU = "tableau"
    """The columns, by the row rule."""
    RESERVE = "reserve"
    """The reserve, its bottom card first (Canfield)."""
    BASE_CARD = "base_card"
    """One card face up to its suit's foundation; its rank is the base (Canfield, Agnes Sorel)."""


def _counts(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _parts(value: Iterable[DealPart]) -> tuple[DealPart, ...]:
    return tuple(value)


@attrs.frozen
class Layout:
    """The opening layout of a game.

    Attributes:
        face_down: per column (left to right), the face-down cards dealt.
        face_up: per column, the face-up cards dealt on top of them.
        reserve: cards dealt to the reserve (0: no reserve).
        deal_order: the parts in the order they take cards from the deck
            (``deck[0]`` first); the stock gets the rest. Each part at most
            once, the tableau always.

    Raises:
        InvalidArgumentError: from the constructor when the counts are not
            ints >= 0 of one length 1..30, a column has face-down cards but no
            face-up card, the reserve is negative, or the dealing order lists
            a part twice, lacks the tableau, or disagrees with the reserve.
    """

    face_down: tuple[int, ...] = attrs.field(converter=_counts)
    face_up: tuple[int, ...] = attrs.field(converter=_counts)
    reserve: int = 0
    deal_order: tuple[DealPart, ...] = attrs.field(default=(DealPart.TABLEAU,), converter=_parts)

    def __attrs_post_init__(self) -> None:
        down, up = self.face_down, self.face_up
        for name, counts in (("face_down", down), ("face_up", up)):
            if not all(type(n) is int and n >= 0 for n in counts):
                raise InvalidArgumentError(f"layout {name} must be ints >= 0, got {counts!r}")
        if not 1 <= len(down) <= MAX_COLUMNS or len(up) != len(down):
            raise InvalidArgumentError(
                f"layout needs 1..{MAX_COLUMNS} columns with a face_down and a face_up count "
                f"each, got {len(down)} and {len(up)}"
            )
        for column, (hidden, shown) in enumerate(zip(down, up, strict=True), start=1):
            if hidden and not shown:
                raise InvalidArgumentError(
                    f"layout column {column} has {hidden} face-down cards and no face-up card "
                    "(the top card of a column is always face up)"
                )
        if type(self.reserve) is not int or self.reserve < 0:
            raise InvalidArgumentError(f"layout reserve must be an int >= 0, got {self.reserve!r}")
        order = self.deal_order
        if not all(isinstance(part, DealPart) for part in order) or len(set(order)) != len(order):
            raise InvalidArgumentError(
                f"layout deal_order lists each DealPart at most once, got {order!r}"
            )
        if DealPart.TABLEAU not in order:
            raise InvalidArgumentError("layout deal_order must include DealPart.TABLEAU")
        if (DealPart.RESERVE in order) != (self.reserve > 0):
            raise InvalidArgumentError(
                f"layout deals a reserve of {self.reserve} cards but deal_order "
                f"{'lists' if DealPart.RESERVE in order else 'lacks'} DealPart.RESERVE"
            )

    @classmethod
    def triangle(cls, columns: int, *, face_up: bool = False, mirrored: bool = False) -> Layout:
        """The Klondike triangle: column ``c`` (1-based) gets ``c`` cards, the top one face up.

        Args:
            columns: how many columns.
            face_up: deal every card face up (Réfléchi, Whitehead).
            mirrored: column ``c`` gets ``columns + 1 - c`` cards (Small Harp).
        """
        sizes = [c if not mirrored else columns + 1 - c for c in range(1, columns + 1)]
        if face_up:
            return cls(face_down=(0,) * columns, face_up=sizes)
        return cls(face_down=[size - 1 for size in sizes], face_up=(1,) * columns)

    @classmethod
    def rows(cls, columns: int, *, down: int = 0, up: int = 1) -> Layout:
        """Every column gets ``down`` face-down cards and ``up`` face-up cards (Eastcliff: 2, 1)."""
        return cls(face_down=(down,) * columns, face_up=(up,) * columns)

    @property
    def columns(self) -> int:
        """How many columns the tableau has."""
        return len(self.face_down)

    @property
    def column_sizes(self) -> tuple[int, ...]:
        """Cards dealt to each column, face down and face up."""
        return tuple(d + u for d, u in zip(self.face_down, self.face_up, strict=True))

    @property
    def dealt(self) -> int:
        """Cards the layout takes from the deck: columns, reserve and a base card."""
        return sum(self.column_sizes) + self.reserve + (DealPart.BASE_CARD in self.deal_order)


KLONDIKE_LAYOUT: Final = Layout.triangle(7)
"""Seven columns of 1..7 cards, only the top card of each face up (RULES.md section 2)."""
REFLECHI_LAYOUT: Final = Layout.triangle(7, face_up=True)
"""The Klondike triangle dealt all face up (Réfléchi, RULES.md section 2)."""
