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
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, Protocol, runtime_checkable

import attrs

from solitaire_core._deprecated import warn_moved
from solitaire_core.cards import KING, RANKS, RED, SUITS, Card
from solitaire_core.rule_ids import RuleId
from solitaire_core.variants.group_policies import (
    ANY_FACE_UP_RUN,
    ORDERED_RUN,
    SUIT_RUN,
    TOP_CARD_ONLY,
    TOP_CARD_OR_WHOLE_COLUMN,
    AnyFaceUpRun,
    GroupPolicy,
    LimitedRun,
    OrderedRun,
    TopCardOnly,
    TopCardOrWholeColumn,
    suit_run,
)

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
    "TOP_CARD_ONLY",
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
    "TopCardOnly",
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
        if not self._fits_rank(card, onto):
            return RuleId.WRONG_RANK
        return None

    def _fits_rank(self, card: Card, onto: Card) -> bool:
        """``card`` one rank below ``onto`` (King on Ace with ``wrap``), or above as allowed."""
        rank, under = RANKS[card], RANKS[onto]
        wrap = self.wrap
        if rank + 1 == under or (wrap and rank == KING and under == 1):
            return True
        return self.up_and_down and (rank == under + 1 or (wrap and rank == 1 and under == KING))

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


def __getattr__(name: str) -> Any:
    """``SuitRun``: now ``OrderedRun(same_suit=True)`` (a deprecated alias that warns)."""
    if name == "SuitRun":
        warn_moved(f"{__name__}.SuitRun", f"{__name__}.suit_run")
        return suit_run
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
