"""The group policies: which cards of a column may move together (FAMILY.md section 1.4).

Re-exported by :mod:`solitaire_core.variants.policies`, with the building and
empty-column policies (its docs say what the policies share and declare).

>>> SUIT_RUN, SUIT_RUN.sequence_rule.value
(OrderedRun(same_suit=True), 'GROUP_NOT_SAME_SUIT')
>>> ORDERED_RUN.moves_every_built_run, LimitedRun().check_count(3, 5, 1) is not None
(True, True)
>>> TOP_CARD_ONLY.lowest_movable_index((12, 11, 10), 0, ()), TOP_CARD_ONLY.sequence_rule.value
(2, 'GROUP_NOT_ALLOWED')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final, Protocol, runtime_checkable

import attrs

from solitaire_core._deprecated import warn_moved
from solitaire_core.cards import RANKS, SUITS, Card
from solitaire_core.rule_ids import RuleId
from solitaire_core.variants.runs import run_start


@runtime_checkable
class GroupPolicy(Protocol):
    """Which cards of a column may move together to another column (FAMILY.md 1.4)."""

    @property
    def sequence_rule(self) -> RuleId:
        """The rule a group starting below :meth:`lowest_movable_index` breaks.

        ``GROUP_NOT_IN_SEQUENCE`` or ``GROUP_NOT_SAME_SUIT`` for the shipped
        policies.
        """
        ...

    @property
    def limits_counts(self) -> bool:
        """True when :meth:`check_count` can refuse a count (False lets the generator skip it)."""
        ...

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
            An index ``i`` such that the group ``pile[j:]`` is in a movable
            order for every ``j >= i`` and for no ``j < i``; ``len(pile)`` when
            nothing may move. :meth:`check_count` may still refuse a count.
        """
        ...

    def check_count(self, count: int, column_size: int, free_columns: int) -> RuleId | None:
        """Return ``None`` if ``count`` cards may move as one group, else the rule it breaks.

        Args:
            count: the group's size, 1 .. ``column_size``.
            column_size: the cards in the source column.
            free_columns: empty columns before the move, the target not counted.

        Returns:
            None, or ``GROUP_TOO_LONG`` / ``TOP_CARD_OR_WHOLE_COLUMN`` for the
            shipped policies.
        """
        ...

    def moves_only_built_runs(self, build_table: Sequence[bool]) -> bool:
        """True when every group this policy lets move is in order by ``build_table``.

        The solver and safe auto-play rely on it (a card that a group needs
        can then go home itself when it is free); a policy that moves any
        face-up group (Klondike, Yukon) answers False.
        """
        ...


_SUIT_RUN_TABLE: Final = tuple(
    SUITS[card] == SUITS[under] and RANKS[card] + 1 == RANKS[under]
    for under in range(52)
    for card in range(52)
)
"""``[under * 52 + card]``: ``card`` continues a same-suit run down from ``under`` (no wrap)."""


@attrs.frozen
class AnyFaceUpRun:
    """Any face-up card moves with every card on it, in order or not (Klondike, Yukon).

    Only the first card of the group must fit the target (RULES.md section 3;
    FAMILY.md section 1.4, "any face-up").
    """

    rules_name: ClassVar[str] = "any_face_up_run"
    """The policy's name in rules files (docs/rules-files.md)."""

    summary: str = attrs.field(
        default="any face-up card moves with the cards on it", init=False, repr=False
    )

    sequence_rule: RuleId = attrs.field(
        default=RuleId.GROUP_NOT_IN_SEQUENCE, init=False, repr=False
    )
    limits_counts: bool = attrs.field(default=False, init=False, repr=False)
    moves_any_face_up: bool = attrs.field(default=True, init=False, repr=False)
    """Declared for the move generator: every face-up card may lead a group."""

    def lowest_movable_index(
        self, pile: Sequence[Card], face_down: int, build_table: Sequence[bool]
    ) -> int:
        """See :meth:`GroupPolicy.lowest_movable_index`."""
        return face_down

    def check_count(self, count: int, column_size: int, free_columns: int) -> RuleId | None:
        """See :meth:`GroupPolicy.check_count`: every count."""
        return None

    def moves_only_built_runs(self, build_table: Sequence[bool]) -> bool:
        """See :meth:`GroupPolicy.moves_only_built_runs`: False."""
        return False


@attrs.frozen
class OrderedRun:
    """Only a group already in order moves (Réfléchi, RULES.md section 3; FAMILY.md "run").

    In order means each card may be built on the one beneath it by the variant's
    building rule (for Klondike building: one rank lower, alternating colours).
    With ``same_suit`` (:data:`SUIT_RUN`: Whitehead, the spider games) each
    card must instead be of the suit of the card under it and one rank lower
    (no wrap), whatever the building rule; the group's first card must fit the
    target by the building rule either way.

    Attributes:
        same_suit: only runs of one suit move (refused with
            ``GROUP_NOT_SAME_SUIT``); False: runs in building order
            (``GROUP_NOT_IN_SEQUENCE``).
    """

    rules_name: ClassVar[str] = "ordered_run"
    """The policy's name in rules files (docs/rules-files.md)."""

    same_suit: bool = False
    summary: str = attrs.field(init=False, repr=False)
    sequence_rule: RuleId = attrs.field(init=False, repr=False)
    limits_counts: bool = attrs.field(default=False, init=False, repr=False)
    moves_every_built_run: bool = attrs.field(init=False, repr=False)
    """Declared for the solver: every run in building order moves (not so with ``same_suit``)."""

    @summary.default
    def _summary(self) -> str:
        return (
            "runs of one suit move as a group" if self.same_suit else "built runs move as a group"
        )

    @sequence_rule.default
    def _sequence_rule(self) -> RuleId:
        return RuleId.GROUP_NOT_SAME_SUIT if self.same_suit else RuleId.GROUP_NOT_IN_SEQUENCE

    @moves_every_built_run.default
    def _moves_every_built_run(self) -> bool:
        return not self.same_suit

    def lowest_movable_index(
        self, pile: Sequence[Card], face_down: int, build_table: Sequence[bool]
    ) -> int:
        """See :meth:`GroupPolicy.lowest_movable_index`."""
        return run_start(pile, face_down, _SUIT_RUN_TABLE if self.same_suit else build_table)

    def check_count(self, count: int, column_size: int, free_columns: int) -> RuleId | None:
        """See :meth:`GroupPolicy.check_count`: every count."""
        return None

    def moves_only_built_runs(self, build_table: Sequence[bool]) -> bool:
        """True; with ``same_suit``, when every same-suit step down is a building step."""
        if not self.same_suit:
            return True
        return all(build_table[i] for i, step in enumerate(_SUIT_RUN_TABLE) if step)


def suit_run() -> OrderedRun:
    """The policy ``SuitRun()`` gave: ``OrderedRun(same_suit=True)`` (:data:`SUIT_RUN`)."""
    return OrderedRun(same_suit=True)


@attrs.frozen
class LimitedRun:
    """A run of at most ``2 ** e`` cards, e = the empty columns but the target (Somerset).

    FAMILY.md section 1.4 ("limited run", PySolFC's super-move without free
    cells): moving the run card by card through the empty columns reaches the
    same positions. One card may always move.
    """

    rules_name: ClassVar[str] = "limited_run"
    """The policy's name in rules files (docs/rules-files.md)."""

    summary: str = attrs.field(
        default="built runs of up to 2^(empty columns) cards move", init=False, repr=False
    )

    sequence_rule: RuleId = attrs.field(
        default=RuleId.GROUP_NOT_IN_SEQUENCE, init=False, repr=False
    )
    limits_counts: bool = attrs.field(default=True, init=False, repr=False)

    def lowest_movable_index(
        self, pile: Sequence[Card], face_down: int, build_table: Sequence[bool]
    ) -> int:
        """See :meth:`GroupPolicy.lowest_movable_index`."""
        return run_start(pile, face_down, build_table)

    def check_count(self, count: int, column_size: int, free_columns: int) -> RuleId | None:
        """``GROUP_TOO_LONG`` above ``2 ** free_columns`` cards."""
        return None if count <= 1 << free_columns else RuleId.GROUP_TOO_LONG

    def moves_only_built_runs(self, build_table: Sequence[bool]) -> bool:
        """See :meth:`GroupPolicy.moves_only_built_runs`: True."""
        return True


@attrs.frozen
class TopCardOrWholeColumn:
    """Only the top card alone, or the whole column when it is a run (Canfield)."""

    rules_name: ClassVar[str] = "top_card_or_whole_column"
    """The policy's name in rules files (docs/rules-files.md)."""

    summary: str = attrs.field(
        default="the top card or a whole built column moves", init=False, repr=False
    )

    sequence_rule: RuleId = attrs.field(
        default=RuleId.GROUP_NOT_IN_SEQUENCE, init=False, repr=False
    )
    limits_counts: bool = attrs.field(default=True, init=False, repr=False)

    def lowest_movable_index(
        self, pile: Sequence[Card], face_down: int, build_table: Sequence[bool]
    ) -> int:
        """See :meth:`GroupPolicy.lowest_movable_index`."""
        return run_start(pile, face_down, build_table)

    def check_count(self, count: int, column_size: int, free_columns: int) -> RuleId | None:
        """``TOP_CARD_OR_WHOLE_COLUMN`` for any count but 1 and the column's size."""
        return None if count in (1, column_size) else RuleId.TOP_CARD_OR_WHOLE_COLUMN

    def moves_only_built_runs(self, build_table: Sequence[bool]) -> bool:
        """See :meth:`GroupPolicy.moves_only_built_runs`: True."""
        return True


@attrs.frozen
class TopCardOnly:
    """Only a column's top card moves to another column, one card at a time.

    FAMILY.md section 1.4 ("top card only": PySolFC's ``max_move=1``: Morehead,
    British Canister, Lucky Thirteen). Two or more cards never move together,
    in order or not, whatever the empty columns (refused with
    ``GROUP_NOT_ALLOWED``); a card reaches the foundations and other columns
    alone, as from the waste.
    """

    rules_name: ClassVar[str] = "top_card_only"
    """The policy's name in rules files (docs/rules-files.md)."""

    summary: str = attrs.field(default="only the top card moves", init=False, repr=False)

    sequence_rule: RuleId = attrs.field(default=RuleId.GROUP_NOT_ALLOWED, init=False, repr=False)
    limits_counts: bool = attrs.field(default=False, init=False, repr=False)

    def lowest_movable_index(
        self, pile: Sequence[Card], face_down: int, build_table: Sequence[bool]
    ) -> int:
        """See :meth:`GroupPolicy.lowest_movable_index`: the top card's index."""
        return max(len(pile) - 1, face_down)

    def check_count(self, count: int, column_size: int, free_columns: int) -> RuleId | None:
        """See :meth:`GroupPolicy.check_count`: every count (more than one never gets here)."""
        return None

    def moves_only_built_runs(self, build_table: Sequence[bool]) -> bool:
        """See :meth:`GroupPolicy.moves_only_built_runs`: True (a single card is a run)."""
        return True


ANY_FACE_UP_RUN: Final = AnyFaceUpRun()
"""Any face-up card moves with the cards on it (Klondike, Yukon)."""
ORDERED_RUN: Final = OrderedRun()
"""Only a group already in order moves (Réfléchi)."""
SUIT_RUN: Final = OrderedRun(same_suit=True)
"""Only a same-suit run moves (Whitehead, Lady Jane, spider games)."""
TOP_CARD_OR_WHOLE_COLUMN: Final = TopCardOrWholeColumn()
"""The top card alone or the whole column (Canfield)."""
TOP_CARD_ONLY: Final = TopCardOnly()
"""Only the top card moves, one card at a time (Morehead, Lucky Thirteen)."""

__all__ = [
    "ANY_FACE_UP_RUN",
    "ORDERED_RUN",
    "SUIT_RUN",
    "TOP_CARD_ONLY",
    "TOP_CARD_OR_WHOLE_COLUMN",
    "AnyFaceUpRun",
    "GroupPolicy",
    "LimitedRun",
    "OrderedRun",
    "TopCardOnly",
    "TopCardOrWholeColumn",
    "suit_run",
]


def __getattr__(name: str) -> Any:
    """``SuitRun``: now ``OrderedRun(same_suit=True)`` (a deprecated alias that warns)."""
    if name == "SuitRun":
        warn_moved(f"{__name__}.SuitRun", f"{__name__}.suit_run")
        return suit_run
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
