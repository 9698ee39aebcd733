"""The tableau policies a variant is made of: small frozen values, each one rule.

A :class:`~solitaire_core.variants.Variant` combines one policy of each kind:
what may be built on a face-up card (:class:`BuildPolicy`), which groups of
cards move together (:class:`GroupPolicy`) and what may start an empty column
(:class:`EmptyColumnPolicy`). Ship-ready policies are module constants and
parametrised classes (FAMILY.md sections 1.3-1.5); a user writes a new one by
writing a frozen class with the same members (the classes below are the
protocols' reference implementations).

Policies must be deterministic, side-effect free and hashable: the variant
precomputes tables from them once (a ``52 x 52`` building table, the
empty-column answers for every base rank), so a policy's methods are not
called in the hot move-generation loop, except
:meth:`GroupPolicy.lowest_movable_index`, once per column.

The algorithms (solver, auto-play, hint) never test a policy's class: they use
the tables and what a policy declares (:meth:`GroupPolicy.moves_only_built_runs`,
:attr:`EmptyColumnPolicy.fills_from_reserve`), so a user's own policy that
behaves like a shipped one gets the same treatment. A group policy may also
declare ``moves_any_face_up = True`` (as :class:`AnyFaceUpRun` does) when its
:meth:`~GroupPolicy.lowest_movable_index` is always the face-down count: the
move generator then skips the call; and ``moves_every_built_run = True`` (as
:class:`OrderedRun` does) when every run in building order moves, whatever its
length: the solver's symmetry reductions then apply (a policy that declares
nothing gets neither shortcut, only a slower search).

Each class also declares ``rules_name``, the name a rules file gives it
(``"alternate_colors"``; docs/rules-files.md): the table of policies
(:mod:`~solitaire_core.variants.policy_table`) finds it by that name, and its
``attrs`` fields are the parameters a file may give.

>>> from solitaire_core.cards import parse_card
>>> ALTERNATE_COLORS.check_build(parse_card("7H"), parse_card("8S")) is None
True
>>> AlternateColors(wrap=True).check_build(parse_card("KH"), parse_card("AS")) is None
True
>>> SameSuit(up_and_down=True).check_build(parse_card("9S"), parse_card("8S")) is None
True
>>> SUIT_RUN, SUIT_RUN.sequence_rule.value
(OrderedRun(same_suit=True), 'GROUP_NOT_SAME_SUIT')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final, Protocol, runtime_checkable

import attrs

from solitaire_core._deprecated import warn_moved
from solitaire_core.cards import KING, RANKS, RED, SUITS, Card
from solitaire_core.rule_ids import RuleId

__all__ = [
    "ALTERNATE_COLORS",
    "ANY_CARD",
    "ANY_FACE_UP_RUN",
    "ANY_SUIT",
    "ANY_SUIT_BUT_OWN",
    "BELOW_BASE",
    "FROM_RESERVE",
    "KINGS_ONLY",
    "NO_CARD",
    "ORDERED_RUN",
    "SAME_COLOR",
    "SAME_SUIT",
    "SUIT_RUN",
    "TOP_CARD_OR_WHOLE_COLUMN",
    "AlternateColors",
    "AnyCard",
    "AnyFaceUpRun",
    "AnySuit",
    "AnySuitButOwn",
    "BelowBase",
    "BuildPolicy",
    "EmptyColumnPolicy",
    "FromReserve",
    "GroupPolicy",
    "KingsOnly",
    "LimitedRun",
    "NoCard",
    "OrderedRun",
    "SameColor",
    "SameSuit",
    "TopCardOrWholeColumn",
    "suit_run",
]


@runtime_checkable
class BuildPolicy(Protocol):
    """What may be put on a face-up tableau card (FAMILY.md section 1.3)."""

    def check_build(self, card: Card, onto: Card) -> RuleId | None:
        """Return ``None`` if ``card`` may go on ``onto``, else the rule it breaks.

        Args:
            card: the card to place (the first card of a moved group), 0..51.
            onto: the face-up card at the top of the target column, 0..51.

        Returns:
            None, or the refusing rule: the suit rule first (``WRONG_COLOR``,
            ``WRONG_SUIT``, ``NOT_SAME_COLOR``, ``SAME_SUIT_NOT_ALLOWED`` for
            the shipped policies), then ``WRONG_RANK``. A policy may return
            any :class:`~solitaire_core.rule_ids.RuleId`; order the checks as
            the player should hear them.
        """
        ...


@runtime_checkable
class EmptyColumnPolicy(Protocol):
    """What may be put on an empty column, alone or with the cards on it (FAMILY.md 1.5)."""

    @property
    def fills_from_reserve(self) -> bool:
        """True when a column emptied by a move is filled at once from the reserve (Canfield).

        Then :meth:`check_empty_column` answers for an empty reserve only (a
        column is never empty while the reserve holds cards).
        """
        ...

    def check_empty_column(self, card: Card, base_rank: int) -> RuleId | None:
        """Return ``None`` if ``card`` may start an empty column, else the rule it breaks.

        Args:
            card: the card to place (the first card of a moved group), 0..51.
            base_rank: the foundations' base rank, 1 (Ace) .. 13, or 0 while
                a game whose first foundation card fixes it has none yet.

        Returns:
            None, or the refusing rule (``EMPTY_COLUMN_KING_ONLY``,
            ``EMPTY_COLUMN_CLOSED``, ``EMPTY_COLUMN_WRONG_RANK`` for the
            shipped policies).
        """
        ...


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


def _fits_rank(card: Card, onto: Card, wrap: bool, up_and_down: bool) -> bool:
    """``card`` one rank below ``onto`` (a King on an Ace with ``wrap``), or above if allowed."""
    rank, under = RANKS[card], RANKS[onto]
    if rank + 1 == under or (wrap and rank == KING and under == 1):
        return True
    return up_and_down and (rank == under + 1 or (wrap and rank == 1 and under == KING))


@attrs.frozen(repr=False)
class _Building:
    """What the shipped building rules share: a suit rule first, then the rank (FAMILY.md 1.3).

    Attributes:
        wrap: a King may also go on an Ace (Canfield, Nine Across, Agnes Sorel).
        up_and_down: a card may also go on a card one rank lower (Alaska).
    """

    wrap: bool = False
    up_and_down: bool = False

    def __repr__(self) -> str:
        options = ", ".join(
            f"{name}=True" for name in ("wrap", "up_and_down") if getattr(self, name)
        )
        return f"{type(self).__name__}({options})"

    def check_build(self, card: Card, onto: Card) -> RuleId | None:
        """See :meth:`BuildPolicy.check_build`: the suit rule, then ``WRONG_RANK``."""
        refused = self._suit_rule(card, onto)
        if refused is not None:
            return refused
        if not _fits_rank(card, onto, self.wrap, self.up_and_down):
            return RuleId.WRONG_RANK
        return None

    def _suit_rule(self, card: Card, onto: Card) -> RuleId | None:
        return None


@attrs.frozen(repr=False)
class AlternateColors(_Building):
    """Building down in alternate colours (AC; RULES.md section 3, Klondike).

    Refusals come colour first (``WRONG_COLOR``), then rank (RULES.md section 12).
    """

    rules_name: ClassVar[str] = "alternate_colors"
    """The policy's name in rules files (docs/rules-files.md)."""

    def _suit_rule(self, card: Card, onto: Card) -> RuleId | None:
        return RuleId.WRONG_COLOR if RED[card] == RED[onto] else None


@attrs.frozen(repr=False)
class SameColor(_Building):
    """Building down in the same colour, red on red (SC: Whitehead, Agnes Sorel).

    Refused with ``NOT_SAME_COLOR``, then ``WRONG_RANK``.
    """

    rules_name: ClassVar[str] = "same_color"
    """The policy's name in rules files (docs/rules-files.md)."""

    def _suit_rule(self, card: Card, onto: Card) -> RuleId | None:
        return RuleId.NOT_SAME_COLOR if RED[card] != RED[onto] else None


@attrs.frozen(repr=False)
class SameSuit(_Building):
    """Building down in suit (SS: Trigon, Russian Solitaire; up or down in Alaska).

    Refused with ``WRONG_SUIT``, then ``WRONG_RANK``.
    """

    rules_name: ClassVar[str] = "same_suit"
    """The policy's name in rules files (docs/rules-files.md)."""

    def _suit_rule(self, card: Card, onto: Card) -> RuleId | None:
        return RuleId.WRONG_SUIT if SUITS[card] != SUITS[onto] else None


@attrs.frozen(repr=False)
class AnySuitButOwn(_Building):
    """Building down in any suit but the card's own (BO: Thumb and Pouch).

    Refused with ``SAME_SUIT_NOT_ALLOWED``, then ``WRONG_RANK``.
    """

    rules_name: ClassVar[str] = "any_suit_but_own"
    """The policy's name in rules files (docs/rules-files.md)."""

    def _suit_rule(self, card: Card, onto: Card) -> RuleId | None:
        return RuleId.SAME_SUIT_NOT_ALLOWED if SUITS[card] == SUITS[onto] else None


@attrs.frozen(repr=False)
class AnySuit(_Building):
    """Building down regardless of suit (RK: Lady Jane, Spiderette): only the rank counts."""

    rules_name: ClassVar[str] = "any_suit"
    """The policy's name in rules files (docs/rules-files.md)."""


@attrs.frozen
class KingsOnly:
    """Only a King may go to an empty column (RULES.md section 3)."""

    rules_name: ClassVar[str] = "kings_only"
    """The policy's name in rules files (docs/rules-files.md)."""

    summary: str = attrs.field(default="only a King fills an empty column", init=False, repr=False)

    fills_from_reserve: bool = attrs.field(default=False, init=False, repr=False)

    def check_empty_column(self, card: Card, base_rank: int) -> RuleId | None:
        """See :meth:`EmptyColumnPolicy.check_empty_column`."""
        return None if RANKS[card] == KING else RuleId.EMPTY_COLUMN_KING_ONLY


@attrs.frozen
class AnyCard:
    """Any card may go to an empty column (Whitehead, Eastcliff, Spiderette...)."""

    rules_name: ClassVar[str] = "any_card"
    """The policy's name in rules files (docs/rules-files.md)."""

    summary: str = attrs.field(default="any card fills an empty column", init=False, repr=False)

    fills_from_reserve: bool = attrs.field(default=False, init=False, repr=False)

    def check_empty_column(self, card: Card, base_rank: int) -> RuleId | None:
        """See :meth:`EmptyColumnPolicy.check_empty_column`."""
        return None


@attrs.frozen
class NoCard:
    """No card may be moved to an empty column; only stock deals fill it (Agnes Sorel)."""

    rules_name: ClassVar[str] = "no_card"
    """The policy's name in rules files (docs/rules-files.md)."""

    summary: str = attrs.field(
        default="nothing may be moved to an empty column", init=False, repr=False
    )

    fills_from_reserve: bool = attrs.field(default=False, init=False, repr=False)

    def check_empty_column(self, card: Card, base_rank: int) -> RuleId | None:
        """See :meth:`EmptyColumnPolicy.check_empty_column`."""
        return RuleId.EMPTY_COLUMN_CLOSED


@attrs.frozen
class BelowBase:
    """Only a card one rank below the foundation base starts an empty column (Nine Across).

    Before the base is fixed no card may (``EMPTY_COLUMN_CLOSED``); with the
    Ace as base it is a King.
    """

    rules_name: ClassVar[str] = "below_base"
    """The policy's name in rules files (docs/rules-files.md)."""

    summary: str = attrs.field(
        default="only a card one rank below the base fills an empty column", init=False, repr=False
    )

    fills_from_reserve: bool = attrs.field(default=False, init=False, repr=False)

    def check_empty_column(self, card: Card, base_rank: int) -> RuleId | None:
        """See :meth:`EmptyColumnPolicy.check_empty_column`."""
        if not base_rank:
            return RuleId.EMPTY_COLUMN_CLOSED
        wanted = base_rank - 1 if base_rank > 1 else KING
        return None if RANKS[card] == wanted else RuleId.EMPTY_COLUMN_WRONG_RANK


@attrs.frozen
class FromReserve:
    """An emptied column is filled at once from the reserve; once that is empty, any card.

    Canfield (FAMILY.md section 6.1).
    """

    rules_name: ClassVar[str] = "from_reserve"
    """The policy's name in rules files (docs/rules-files.md)."""

    summary: str = attrs.field(
        default="an empty column is filled from the reserve, then by any card",
        init=False,
        repr=False,
    )

    fills_from_reserve: bool = attrs.field(default=True, init=False, repr=False)

    def check_empty_column(self, card: Card, base_rank: int) -> RuleId | None:
        """See :meth:`EmptyColumnPolicy.check_empty_column` (answers for an empty reserve)."""
        return None


def _run_start(pile: Sequence[Card], face_down: int, fits: Sequence[bool]) -> int:
    """The lowest index from which ``pile`` is a run by the table ``fits[under * 52 + card]``."""
    i = len(pile) - 1
    if i < face_down:
        return len(pile)
    while i > face_down and fits[pile[i - 1] * 52 + pile[i]]:
        i -= 1
    return i


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
        return _run_start(pile, face_down, _SUIT_RUN_TABLE if self.same_suit else build_table)

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
        return _run_start(pile, face_down, build_table)

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
        return _run_start(pile, face_down, build_table)

    def check_count(self, count: int, column_size: int, free_columns: int) -> RuleId | None:
        """``TOP_CARD_OR_WHOLE_COLUMN`` for any count but 1 and the column's size."""
        return None if count in (1, column_size) else RuleId.TOP_CARD_OR_WHOLE_COLUMN

    def moves_only_built_runs(self, build_table: Sequence[bool]) -> bool:
        """See :meth:`GroupPolicy.moves_only_built_runs`: True."""
        return True


ALTERNATE_COLORS: Final = AlternateColors()
"""Build down in alternating colours (Klondike, Réfléchi)."""
SAME_COLOR: Final = SameColor()
"""Build down in the same colour (Whitehead)."""
SAME_SUIT: Final = SameSuit()
"""Build down in suit (Trigon, Russian Solitaire)."""
ANY_SUIT_BUT_OWN: Final = AnySuitButOwn()
"""Build down in any suit but the card's own (Thumb and Pouch)."""
ANY_SUIT: Final = AnySuit()
"""Build down regardless of suit (Lady Jane, Spiderette)."""
KINGS_ONLY: Final = KingsOnly()
"""Only a King starts an empty column (Klondike, Réfléchi)."""
ANY_CARD: Final = AnyCard()
"""Any card starts an empty column."""
NO_CARD: Final = NoCard()
"""Nothing may be moved to an empty column (Agnes Sorel)."""
BELOW_BASE: Final = BelowBase()
"""A card one rank below the foundation base starts an empty column (Nine Across)."""
FROM_RESERVE: Final = FromReserve()
"""Empty columns are filled from the reserve, then take any card (Canfield)."""
ANY_FACE_UP_RUN: Final = AnyFaceUpRun()
"""Any face-up card moves with the cards on it (Klondike, Yukon)."""
ORDERED_RUN: Final = OrderedRun()
"""Only a group already in order moves (Réfléchi)."""
SUIT_RUN: Final = OrderedRun(same_suit=True)
"""Only a same-suit run moves (Whitehead, Lady Jane, spider games)."""
TOP_CARD_OR_WHOLE_COLUMN: Final = TopCardOrWholeColumn()
"""The top card alone or the whole column (Canfield)."""


def __getattr__(name: str) -> Any:
    """``SuitRun``: now ``OrderedRun(same_suit=True)`` (a deprecated alias that warns)."""
    if name == "SuitRun":
        warn_moved(f"{__name__}.SuitRun", f"{__name__}.suit_run")
        return suit_run
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
