"""The policies a variant is made of: small frozen values, each one rule.

A :class:`~solitaire_core.variants.Variant` combines one policy of each kind.
Ship-ready policies are module constants; a user writes a new one by writing a
frozen class with the same method (the classes below are the protocol's
reference implementations), e.g. a building rule by suit for Whitehead.

Policies must be deterministic, side-effect free and hashable: the variant
precomputes tables from them once (``52 x 52`` building table, 52 empty-column
answers), so a policy's methods are not called in the hot move-generation loop,
except :meth:`GroupPolicy.lowest_movable_index`, once per column.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import attrs

from solitaire_core.cards import KING, RANKS, RED, SUITS, Card
from solitaire_core.rule_ids import RuleId


@runtime_checkable
class BuildPolicy(Protocol):
    """What may be put on a face-up tableau card."""

    def check_build(self, card: Card, onto: Card) -> RuleId | None:
        """Return ``None`` if ``card`` may go on ``onto``, else the rule it breaks.

        Args:
            card: the card to place (the first card of a moved group), 0..51.
            onto: the face-up card at the top of the target column, 0..51.

        Returns:
            None, or the refusing rule: ``WRONG_COLOR``, ``WRONG_SUIT`` or
            ``WRONG_RANK`` for the shipped policies (a policy may return any
            :class:`~solitaire_core.rule_ids.RuleId`; the first failing check
            is reported, so order them as the player should hear them).
        """
        ...


@runtime_checkable
class EmptyColumnPolicy(Protocol):
    """What may be put on an empty column (alone or with the cards lying on it)."""

    def check_empty_column(self, card: Card) -> RuleId | None:
        """Return ``None`` if ``card`` may start an empty column, else the rule it breaks.

        Args:
            card: the card to place (the first card of a moved group), 0..51.

        Returns:
            None, or the refusing rule (``EMPTY_COLUMN_KING_ONLY`` for :class:`KingsOnly`).
        """
        ...


@runtime_checkable
class GroupPolicy(Protocol):
    """Which cards of a column may move together to another column."""

    def lowest_movable_index(
        self, pile: Sequence[Card], face_down: int, build_table: Sequence[bool]
    ) -> int:
        """Return the lowest index of ``pile`` from which the cards above may move as a group.

        Args:
            pile: the column, bottom (index 0) to top (last).
            face_down: how many cards at the bottom are face down; the result is
                never lower than this.
            build_table: the variant's building table: ``build_table[onto * 52 + card]``
                is True when ``card`` may go on ``onto``.

        Returns:
            An index ``i`` such that the group ``pile[j:]`` may move for every
            ``j >= i`` and no ``j < i`` (groups of a legal group are legal too).
            ``len(pile)`` when nothing may move.
        """
        ...


@attrs.frozen
class AlternateColors:
    """Klondike building: opposite colour and exactly one rank lower (RULES.md section 3).

    Refusals come colour first, then rank (RULES.md section 12).
    """

    def check_build(self, card: Card, onto: Card) -> RuleId | None:
        """See :meth:`BuildPolicy.check_build`."""
        if RED[card] == RED[onto]:
            return RuleId.WRONG_COLOR
        if RANKS[card] + 1 != RANKS[onto]:
            return RuleId.WRONG_RANK
        return None


@attrs.frozen
class SameColor:
    """Building down by the same colour, red on red, black on black (Whitehead)."""

    def check_build(self, card: Card, onto: Card) -> RuleId | None:
        """See :meth:`BuildPolicy.check_build`."""
        if RED[card] != RED[onto]:
            return RuleId.WRONG_COLOR
        if RANKS[card] + 1 != RANKS[onto]:
            return RuleId.WRONG_RANK
        return None


@attrs.frozen
class SameSuit:
    """Building down in suit (e.g. for Spider-like or custom variants)."""

    def check_build(self, card: Card, onto: Card) -> RuleId | None:
        """See :meth:`BuildPolicy.check_build`."""
        if SUITS[card] != SUITS[onto]:
            return RuleId.WRONG_SUIT
        if RANKS[card] + 1 != RANKS[onto]:
            return RuleId.WRONG_RANK
        return None


@attrs.frozen
class KingsOnly:
    """Only a King may go to an empty column (RULES.md section 3)."""

    def check_empty_column(self, card: Card) -> RuleId | None:
        """See :meth:`EmptyColumnPolicy.check_empty_column`."""
        return None if RANKS[card] == KING else RuleId.EMPTY_COLUMN_KING_ONLY


@attrs.frozen
class AnyCard:
    """Any card may go to an empty column (Whitehead, and house rules)."""

    def check_empty_column(self, card: Card) -> RuleId | None:
        """See :meth:`EmptyColumnPolicy.check_empty_column`."""
        return None


@attrs.frozen
class AnyFaceUpRun:
    """Any face-up card moves with every card on it (Klondike, RULES.md section 3).

    Only the first card of the group must fit the target.
    """

    def lowest_movable_index(
        self, pile: Sequence[Card], face_down: int, build_table: Sequence[bool]
    ) -> int:
        """See :meth:`GroupPolicy.lowest_movable_index`."""
        return face_down


@attrs.frozen
class OrderedRun:
    """Only a group already in order moves (Réfléchi, RULES.md section 3).

    In order means each card may be built on the one beneath it by the variant's
    building rule (for Klondike building: one rank lower, alternating colours).
    """

    def lowest_movable_index(
        self, pile: Sequence[Card], face_down: int, build_table: Sequence[bool]
    ) -> int:
        """See :meth:`GroupPolicy.lowest_movable_index`."""
        i = len(pile) - 1
        if i < face_down:
            return len(pile)
        while i > face_down and build_table[pile[i - 1] * 52 + pile[i]]:
            i -= 1
        return i


ALTERNATE_COLORS = AlternateColors()
"""Build down in alternating colours (Klondike, Réfléchi)."""
SAME_COLOR = SameColor()
"""Build down in the same colour (Whitehead)."""
SAME_SUIT = SameSuit()
"""Build down in suit."""
KINGS_ONLY = KingsOnly()
"""Only a King starts an empty column (Klondike, Réfléchi)."""
ANY_CARD = AnyCard()
"""Any card starts an empty column."""
ANY_FACE_UP_RUN = AnyFaceUpRun()
"""Any face-up card moves with the cards on it (Klondike)."""
ORDERED_RUN = OrderedRun()
"""Only a group already in order moves (Réfléchi)."""
