"""The one source of truth for legality: :func:`check_move` (RULES.md sections 3-5, 12).

:func:`check_move` returns ``None`` for a legal move or the first broken rule
as a :class:`~solitaire_core.rules.refusal.Refusal`. The order of the checks,
per kind of move (the first failing one is reported):

* any move: ``GAME_WON`` (nothing is legal once every card is home);
* the stock move ``d``: ``NO_STOCK`` (no stock at all), ``STOCK_EMPTY``, then
  for a stock dealt onto the columns ``DEAL_NEEDS_NO_EMPTY_COLUMN`` where the
  game says so;
* recycle: ``NO_STOCK``, ``RECYCLE_NOT_ALLOWED`` (a dealt stock, or no recycle
  left by the rules), ``STOCK_NOT_EMPTY``, ``EMPTY_SOURCE`` (empty waste),
  ``RECYCLE_LIMIT_REACHED``;
* waste (reserve) to foundation / column: ``EMPTY_SOURCE`` (no waste or
  reserve in this game, or an empty one), ``WASTE_TOP_ONLY``
  (``RESERVE_TOP_ONLY``) for a count above 1, then the target's rules;
* column to foundation: ``EMPTY_SOURCE``, then ``FOUNDATION_SINGLE_CARD`` (a
  count above 1) and ``FOUNDATION_WRONG_RANK``; in spider-type games
  ``FOUNDATION_COMPLETE_RUN_ONLY`` instead of both;
* column to column: ``SAME_COLUMN``, ``EMPTY_SOURCE`` (empty column or too few
  cards), ``FACE_DOWN_CARD``, the group policy's sequence rule
  (``GROUP_NOT_IN_SEQUENCE``, ``GROUP_NOT_SAME_SUIT``, ``GROUP_NOT_ALLOWED``), its
  count rule (``GROUP_TOO_LONG``, ``TOP_CARD_OR_WHOLE_COLUMN``), then the target's
  rules;
* foundation to column: ``TAKEBACK_NOT_ALLOWED``, ``EMPTY_SOURCE``,
  ``FOUNDATION_SINGLE_CARD``, then the target's rules;
* a tableau target: the empty-column rule on an empty column
  (``EMPTY_COLUMN_KING_ONLY``, ``EMPTY_COLUMN_CLOSED``,
  ``EMPTY_COLUMN_WRONG_RANK``), else the building rule (its suit rule first:
  ``WRONG_COLOR``, ``WRONG_SUIT``, ``NOT_SAME_COLOR``,
  ``SAME_SUIT_NOT_ALLOWED``; then ``WRONG_RANK``);
* a foundation target: ``FOUNDATION_WRONG_RANK``.

So the player first hears about what cannot move at all (a face-down card, a
group out of order), then about where it was to go; colour before rank.

A move that names a column the game does not have is no move of the game:
:func:`check_move` raises :class:`~solitaire_core.errors.InvalidArgumentError`.
"""

from __future__ import annotations

from typing import Final

from solitaire_core.cards import ACE, DECK_SIZE, RANKS, SUITS, Card
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.moves import Move, MoveKind
from solitaire_core.position import NO_BASE, Position
from solitaire_core.rule_ids import RuleId
from solitaire_core.rules.foundations import (
    first_filled_slot,
    home_slot,
    is_complete_run,
    takeback_slot,
    wanted_card,
)
from solitaire_core.rules.refusal import Refusal
from solitaire_core.variants import StockKind, Variant

_FROM_PILE = frozenset(
    (
        MoveKind.WASTE_TO_FOUNDATION,
        MoveKind.WASTE_TO_COLUMN,
        MoveKind.RESERVE_TO_FOUNDATION,
        MoveKind.RESERVE_TO_COLUMN,
    )
)


def check_move(variant: Variant, position: Position, move: Move) -> Refusal | None:
    """Check a move against a position under a variant's rules.

    Args:
        variant: the rules.
        position: the position before the move (one of this variant's: as
            many columns and foundation slots as it has).
        move: the move.

    Returns:
        ``None`` when the move is legal, else the first broken rule in the
        documented order (see the module docs).

    Raises:
        InvalidArgumentError: when the variant, position or move is not one
            (a ``Variant``, a ``Position``, a ``Move``), or the move names a
            column the position does not have (column 10 in a 7-column game).
    """
    if (
        not isinstance(variant, Variant)
        or not isinstance(position, Position)
        or not isinstance(move, Move)
    ):
        raise InvalidArgumentError(
            "a move is checked with a Variant, a Position and a Move, got "
            f"{type(variant).__name__}, {type(position).__name__} and {type(move).__name__}"
        )
    _require_columns(position, move)
    if position.is_won:
        return Refusal(RuleId.GAME_WON, move, "game_won", count=len(position.foundations) * 13)
    kind = move.kind
    if kind is MoveKind.DRAW:
        return _check_stock_move(variant, position, move)
    if kind is MoveKind.RECYCLE:
        return _check_recycle(variant, position, move)
    if kind in _FROM_PILE:
        return _check_from_pile(variant, position, move)
    if kind is MoveKind.COLUMN_TO_FOUNDATION:
        return _check_column_to_foundation(variant, position, move)
    if kind is MoveKind.COLUMN_TO_COLUMN:
        return _check_column_to_column(variant, position, move)
    return _check_takeback(variant, position, move)


def is_legal(variant: Variant, position: Position, move: Move) -> bool:
    """True when :func:`check_move` finds no broken rule."""
    return check_move(variant, position, move) is None


def _require_columns(position: Position, move: Move) -> None:
    columns = len(position.tableau)
    for name, place in (("source", move.source), ("target", move.target)):
        is_column = name == "target" or move.kind in (
            MoveKind.COLUMN_TO_COLUMN,
            MoveKind.COLUMN_TO_FOUNDATION,
        )
        if is_column and place is not None and place >= columns:
            raise InvalidArgumentError(
                f"move {str(move)!r} names column {place + 1}, but the position has {columns}"
            )


def _check_stock_move(variant: Variant, position: Position, move: Move) -> Refusal | None:
    if variant.stock_kind is StockKind.NONE:
        return Refusal(RuleId.NO_STOCK, move, "no_stock", variant=variant.name)
    if not position.stock:
        return Refusal(RuleId.STOCK_EMPTY, move, "stock_empty")
    if variant.deal_needs_no_empty_column:
        for column, pile in enumerate(position.tableau):
            if not pile:
                return Refusal(
                    RuleId.DEAL_NEEDS_NO_EMPTY_COLUMN, move, "deal_empty_column", column=column
                )
    return None


def _check_recycle(variant: Variant, position: Position, move: Move) -> Refusal | None:
    kind = variant.stock_kind
    if kind is StockKind.NONE:
        return Refusal(RuleId.NO_STOCK, move, "no_stock", variant=variant.name)
    if kind is not StockKind.WASTE:
        return Refusal(RuleId.RECYCLE_NOT_ALLOWED, move, "deal_no_recycle", variant=variant.name)
    limit = variant.recycle_limit
    if limit == 0:
        return Refusal(
            RuleId.RECYCLE_NOT_ALLOWED, move, "recycle_not_allowed", variant=variant.name
        )
    if position.stock:
        return Refusal(RuleId.STOCK_NOT_EMPTY, move, "stock_not_empty", count=len(position.stock))
    if not position.waste:
        return Refusal(RuleId.EMPTY_SOURCE, move, "waste_empty")
    if limit is not None and position.recycles >= limit:
        return Refusal(RuleId.RECYCLE_LIMIT_REACHED, move, "recycle_limit", count=limit)
    return None


def _check_from_pile(variant: Variant, position: Position, move: Move) -> Refusal | None:
    """A move of the waste's or the reserve's top card (the same rules for both)."""
    if move.kind is MoveKind.WASTE_TO_FOUNDATION or move.kind is MoveKind.WASTE_TO_COLUMN:
        pile, top_only = position.waste, RuleId.WASTE_TOP_ONLY
        empty_key = "waste_empty" if variant.has_waste else "no_waste"
        top_key = "waste_top_only"
    else:
        pile, top_only = position.reserve, RuleId.RESERVE_TOP_ONLY
        empty_key = "reserve_empty" if variant.has_reserve else "no_reserve"
        top_key = "reserve_top_only"
    if not pile:
        return Refusal(RuleId.EMPTY_SOURCE, move, empty_key)
    card = pile[-1]
    if move.count is not None and move.count > 1:
        return Refusal(top_only, move, top_key, card=card, count=move.count)
    if move.kind is MoveKind.WASTE_TO_FOUNDATION or move.kind is MoveKind.RESERVE_TO_FOUNDATION:
        return _check_foundation_target(variant, position, move, card)
    assert move.target is not None
    return _check_tableau_target(variant, position, move, card, move.target)


def _check_column_to_foundation(variant: Variant, position: Position, move: Move) -> Refusal | None:
    column = move.source
    assert column is not None
    pile = position.tableau[column]
    if not pile:
        return Refusal(RuleId.EMPTY_SOURCE, move, "column_empty", column=column)
    if variant.foundations.complete_runs:
        if not is_complete_run(pile, position.face_down[column]):
            return Refusal(
                RuleId.FOUNDATION_COMPLETE_RUN_ONLY,
                move,
                "not_complete_run",
                column=column,
                count=move.count,
            )
        if move.count != 13:  # the run is there, but the move names another count
            return Refusal(
                RuleId.FOUNDATION_COMPLETE_RUN_ONLY,
                move,
                "run_count",
                column=column,
                count=1 if move.count is None else move.count,
            )
        return None  # a complete run always finds an empty slot of its suit
    if move.count is not None and move.count > 1:
        return Refusal(
            RuleId.FOUNDATION_SINGLE_CARD, move, "single_card", column=column, count=move.count
        )
    return _check_foundation_target(variant, position, move, pile[-1])


def _check_takeback(variant: Variant, position: Position, move: Move) -> Refusal | None:
    suit, target = move.source, move.target
    assert suit is not None and target is not None
    filled = first_filled_slot(position, suit)
    top = position.foundation_top(filled) if filled >= 0 else None
    if not variant.foundation_takeback:
        return Refusal(
            RuleId.TAKEBACK_NOT_ALLOWED,
            move,
            "takeback" if top is not None else "takeback_variant",
            card=top,
            suit=suit,
            variant=variant.name,
        )
    if top is None:
        return Refusal(RuleId.EMPTY_SOURCE, move, "foundation_empty", suit=suit)
    if move.count is not None and move.count > 1:
        return Refusal(
            RuleId.FOUNDATION_SINGLE_CARD, move, "single_card", suit=suit, count=move.count
        )
    slot = takeback_slot(variant, position, suit, target)
    if slot >= 0:
        return None
    return _check_tableau_target(variant, position, move, top, target)


def _check_column_to_column(variant: Variant, position: Position, move: Move) -> Refusal | None:
    source, target, count = move.source, move.target, move.count
    assert source is not None and target is not None and count is not None
    if source == target:
        return Refusal(RuleId.SAME_COLUMN, move, "same_column", column=source)
    pile = position.tableau[source]
    if not pile:
        return Refusal(RuleId.EMPTY_SOURCE, move, "column_empty", column=source)
    if count > len(pile):
        return Refusal(
            RuleId.EMPTY_SOURCE,
            move,
            "column_too_short",
            column=source,
            count=count,
            available=len(pile),
        )
    start = len(pile) - count
    down = position.face_down[source]
    if start < down:
        return Refusal(RuleId.FACE_DOWN_CARD, move, "face_down", column=source, count=count)
    card = pile[start]
    group = variant.group
    if start < group.lowest_movable_index(pile, down, variant.build_table):
        rule = group.sequence_rule
        key = _SEQUENCE_DETAILS.get(rule, "not_in_sequence")
        return Refusal(rule, move, key, card=card, column=source, count=count)
    if group.limits_counts:
        free = free_columns(position, target)
        refused = group.check_count(count, len(pile), free)
        if refused is RuleId.GROUP_TOO_LONG:
            return Refusal(
                refused, move, "group_too_long", column=source, count=count, available=1 << free
            )
        if refused is not None:
            return Refusal(
                refused, move, "top_or_whole", column=source, count=count, available=len(pile)
            )
    return _check_tableau_target(variant, position, move, card, target)


_SEQUENCE_DETAILS: Final[dict[RuleId, str]] = {
    RuleId.GROUP_NOT_SAME_SUIT: "group_not_same_suit",
    RuleId.GROUP_NOT_ALLOWED: "single_card",
}
"""The detail of a group policy's sequence rule (``not_in_sequence`` for the others)."""


def free_columns(position: Position, target: int) -> int:
    """Empty columns of ``position``, ``target`` not counted (FAMILY.md 1.4, limited run)."""
    tableau = position.tableau
    return sum(1 for column, pile in enumerate(tableau) if not pile and column != target)


def _check_tableau_target(
    variant: Variant, position: Position, move: Move, card: Card, target: int
) -> Refusal | None:
    target_pile = position.tableau[target]
    if not target_pile:
        base = position.foundation_base
        rule = variant.empty_column.check_empty_column(card, base)
        if rule is None:
            return None
        if rule is RuleId.EMPTY_COLUMN_WRONG_RANK:
            wanted = base - 1 if base > 1 else 13
            return Refusal(rule, move, "empty_wrong_rank", card=card, column=target, rank=wanted)
        key = {RuleId.EMPTY_COLUMN_KING_ONLY: "king_only"}.get(
            rule, "empty_no_base" if not base else "empty_closed"
        )
        return Refusal(rule, move, key, card=card, column=target)
    onto = target_pile[-1]
    rule = variant.build.check_build(card, onto)
    if rule is None:
        return None
    return Refusal(rule, move, "card_on_card", card=card, onto=onto, column=target)


def _check_foundation_target(
    variant: Variant, position: Position, move: Move, card: Card
) -> Refusal | None:
    if variant.foundations.complete_runs:
        return Refusal(RuleId.FOUNDATION_COMPLETE_RUN_ONLY, move, "run_only", card=card)
    if home_slot(position, card) >= 0:
        return None
    return wrong_rank_refusal(position, move, card)


def wrong_rank_refusal(position: Position, move: Move | None, card: Card) -> Refusal:
    """``FOUNDATION_WRONG_RANK`` for ``card``, naming the card its suit's foundation needs.

    The detail is ``foundation_rank`` (with that card as ``onto``), or
    ``foundation_full`` when every foundation of the suit is complete. Where
    the foundations start from a dealt base card (the position's
    ``foundation_base`` is not the Ace), the refusal's ``rank`` is that base,
    which the message names instead of "Ace first" (FAMILY.md section 1.8).
    """
    suit = SUITS[card]
    wanted = wanted_card(position, suit)
    base = position.foundation_base
    rank = base if base not in (ACE, NO_BASE) else None
    if wanted is None:
        return Refusal(
            RuleId.FOUNDATION_WRONG_RANK, move, "foundation_full", card=card, suit=suit, rank=rank
        )
    return Refusal(
        RuleId.FOUNDATION_WRONG_RANK,
        move,
        "foundation_rank",
        card=card,
        suit=suit,
        onto=wanted,
        rank=rank,
    )


def group_counts(variant: Variant, position: Position, source: int, target: int) -> tuple[int, ...]:
    """Every count of a legal move from column ``source`` to column ``target``, largest first.

    The counts :func:`check_move` accepts for ``COLUMN_TO_COLUMN`` moves
    between these columns (empty when none): the move generator's answer for
    one pair of columns, used to resolve count-less notation such as ``35``.
    """
    if source == target:
        return ()
    pile = position.tableau[source]
    size = len(pile)
    if not size:
        return ()
    target_pile = position.tableau[target]
    group = variant.group
    lowest = group.lowest_movable_index(pile, position.face_down[source], variant.build_table)
    if target_pile:
        table = variant.build_table
        base = target_pile[-1] * DECK_SIZE
        fits = [index for index in range(lowest, size) if table[base + pile[index]]]
    else:
        accepts = variant.empty_column_tables[position.foundation_base]
        fits = [index for index in range(lowest, size) if accepts[pile[index]]]
    counts = [size - index for index in fits]
    if group.limits_counts:
        free = free_columns(position, target)
        counts = [count for count in counts if group.check_count(count, size, free) is None]
    return tuple(counts)


def blamed_count(variant: Variant, position: Position, source: int, target: int) -> int:
    """The group a refusal names when no group of ``source`` may go on ``target``.

    The topmost face-up card that fits the target (by the building or the
    empty-column rule) with the cards on it, so the group's own rule is
    reported; when no card fits: for a non-empty target the topmost face-up
    card one rank below the target's top card if there is one (so a wrong
    colour is reported), else the column's top card; for an empty target, the
    lowest face-up card that could move with the cards on it. At least 1 (an
    empty source has nothing to blame: 1).
    """
    pile = position.tableau[source]
    down = position.face_down[source]
    target_pile = position.tableau[target]
    if not pile:
        return 1
    if target_pile:  # the topmost face-up card that fits, whatever lies on it
        table = variant.build_table
        onto_index = target_pile[-1] * DECK_SIZE
        for index in range(len(pile) - 1, down - 1, -1):
            if table[onto_index + pile[index]]:
                return len(pile) - index
    else:
        accepts = variant.empty_column_tables[position.foundation_base]
        for index in range(len(pile) - 1, down - 1, -1):
            if accepts[pile[index]]:
                return len(pile) - index
    if not target_pile:
        lowest = variant.group.lowest_movable_index(pile, down, variant.build_table)
        return len(pile) - min(lowest, len(pile) - 1)
    onto = target_pile[-1]
    wanted_rank = RANKS[onto] - 1
    for index in range(len(pile) - 1, down - 1, -1):
        if RANKS[pile[index]] == wanted_rank:
            return len(pile) - index
    return 1


__all__ = [
    "blamed_count",
    "check_move",
    "free_columns",
    "group_counts",
    "is_legal",
    "wrong_rank_refusal",
]
