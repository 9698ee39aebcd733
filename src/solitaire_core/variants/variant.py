"""A variant: a frozen record of policies, with its precomputed rule tables."""

from __future__ import annotations

from typing import Final

import attrs

from solitaire_core.cards import DECK_SIZE, Card
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.scoring.policies import STANDARD_KLONDIKE, ScoringPolicy
from solitaire_core.variants.policies import (
    ALTERNATE_COLORS,
    ANY_FACE_UP_RUN,
    KINGS_ONLY,
    BuildPolicy,
    EmptyColumnPolicy,
    GroupPolicy,
)

COLUMN_COUNT: Final = 7
"""Tableau columns of every variant."""
STANDARD_COLUMN_SIZES: Final = (1, 2, 3, 4, 5, 6, 7)
"""Cards dealt to columns 1..7 in the standard layout (28 cards; 24 stay in the stock)."""


def _check_draw(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        raise InvalidArgumentError(f"draw_count must be at least 1, got {value!r}")


def _check_recycles(
    instance: object, attribute: attrs.Attribute[int | None], value: int | None
) -> None:
    if value is not None and value < 0:
        raise InvalidArgumentError(f"recycle_limit must be None (unlimited) or >= 0, got {value!r}")


def _check_sizes(
    instance: object, attribute: attrs.Attribute[tuple[int, ...]], value: tuple[int, ...]
) -> None:
    if len(value) != COLUMN_COUNT or any(size < 0 for size in value):
        raise InvalidArgumentError(f"column_sizes must be 7 sizes >= 0, got {value!r}")
    if sum(value) >= DECK_SIZE:
        raise InvalidArgumentError(f"column_sizes deal {sum(value)} cards, leaving no stock")


@attrs.frozen(cache_hash=True)
class Variant:
    """The rules of one Klondike-family game, as data.

    A variant is composed of policies, never subclassed; build new ones with
    :func:`attrs.evolve` or by calling the constructor. Every rule function,
    the move generator and the solver work on any variant.

    Attributes:
        name: a human-readable name, e.g. ``"Klondike"``.
        draw_count: cards turned from the stock per draw (1 or 3 in the shipped
            variants; RULES.md section 3).
        recycle_limit: how many times the waste may go back to the stock;
            ``None`` for unlimited, ``0`` for one pass (RULES.md section 4).
        all_face_up: True when the whole tableau is dealt face up (Réfléchi);
            False when only each column's last card is (Klondike).
        column_sizes: cards dealt to columns 1..7, default ``(1, 2, ..., 7)``.
        build: what may go on a face-up tableau card.
        empty_column: what may go on an empty column.
        group: which groups of cards may move together between columns.
        foundation_takeback: whether a foundation's top card may go back to the
            tableau (RULES.md section 3; not in traditional rules, section 10).
        code_prefix: the two-letter deal-code prefix (``"KL"``, ``"TF"``), or
            ``None`` when the variant has no deal codes of its own.
        vegas: True when the variant uses Vegas scoring (its codes end in ``V``).
        scoring: the scoring policy (RULES.md section 7); Standard by default.

    Variants are frozen and hashable; two variants with equal fields are equal.
    Creating one precomputes its rule tables from the policies (a 52 x 52
    building table and 52 empty-column answers), so build variants once and
    reuse them.

    Raises:
        InvalidArgumentError: from the constructor for a draw count below 1, a
            negative recycle limit, or column sizes that are not 7 sizes >= 0
            leaving at least one card for the stock.

    >>> from solitaire_core import KLONDIKE
    >>> house = attrs.evolve(KLONDIKE, name="House rules", recycle_limit=2)
    >>> house.recycle_limit, house.build is KLONDIKE.build, house == KLONDIKE
    (2, True, False)
    """

    name: str
    draw_count: int = attrs.field(default=1, validator=_check_draw)
    recycle_limit: int | None = attrs.field(default=None, validator=_check_recycles)
    all_face_up: bool = False
    column_sizes: tuple[int, ...] = attrs.field(
        default=STANDARD_COLUMN_SIZES, converter=tuple, validator=_check_sizes
    )
    build: BuildPolicy = ALTERNATE_COLORS
    empty_column: EmptyColumnPolicy = KINGS_ONLY
    group: GroupPolicy = ANY_FACE_UP_RUN
    foundation_takeback: bool = True
    code_prefix: str | None = None
    vegas: bool = False
    scoring: ScoringPolicy = STANDARD_KLONDIKE

    build_table: tuple[bool, ...] = attrs.field(init=False, eq=False, repr=False)
    """``build_table[onto * 52 + card]``: True when ``card`` may go on ``onto``."""
    build_targets: tuple[tuple[Card, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    """``build_targets[card]``: the cards ``card`` may be built on, in index order."""
    empty_column_table: tuple[bool, ...] = attrs.field(init=False, eq=False, repr=False)
    """``empty_column_table[card]``: True when ``card`` may start an empty column."""

    @build_table.default
    def _build_table(self) -> tuple[bool, ...]:
        check = self.build.check_build
        return tuple(
            check(card, onto) is None for onto in range(DECK_SIZE) for card in range(DECK_SIZE)
        )

    @build_targets.default
    def _build_targets(self) -> tuple[tuple[Card, ...], ...]:
        table = self.build_table
        return tuple(
            tuple(onto for onto in range(DECK_SIZE) if table[onto * DECK_SIZE + card])
            for card in range(DECK_SIZE)
        )

    @empty_column_table.default
    def _empty_column_table(self) -> tuple[bool, ...]:
        check = self.empty_column.check_empty_column
        return tuple(check(card) is None for card in range(DECK_SIZE))

    @property
    def stock_size(self) -> int:
        """How many cards the stock holds after the deal (24 for 1..7 columns)."""
        return DECK_SIZE - sum(self.column_sizes)

    def __str__(self) -> str:
        return self.name
