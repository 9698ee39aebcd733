"""The one source of truth for legality: :func:`check_move` (RULES.md sections 3-5, 12).

:func:`check_move` returns ``None`` for a legal move or the first broken rule
as a :class:`~solitaire_core.rules.refusal.Refusal`. The order of the checks,
per kind of move (the first failing one is reported):

* any move: ``GAME_WON`` (nothing is legal once all 52 cards are home);
* draw: ``STOCK_EMPTY``;
* recycle: ``RECYCLE_NOT_ALLOWED``, ``STOCK_NOT_EMPTY``, ``EMPTY_SOURCE`` (empty
  waste), ``RECYCLE_LIMIT_REACHED``;
* waste to foundation / column: ``EMPTY_SOURCE``, ``WASTE_TOP_ONLY`` (a count
  above 1), then the target's rules;
* column to foundation: ``EMPTY_SOURCE``, ``FOUNDATION_SINGLE_CARD``, then
  ``FOUNDATION_WRONG_RANK``;
* column to column: ``SAME_COLUMN``, ``EMPTY_SOURCE`` (empty column or too few
  cards), ``FACE_DOWN_CARD``, ``GROUP_NOT_IN_SEQUENCE``, then the target's rules;
* foundation to column: ``TAKEBACK_NOT_ALLOWED``, ``EMPTY_SOURCE``,
  ``FOUNDATION_SINGLE_CARD``, then the target's rules;
* a tableau target: ``EMPTY_COLUMN_KING_ONLY`` on an empty column, else the
  building rule (for Klondike ``WRONG_COLOR`` before ``WRONG_RANK``);
* a foundation target: ``FOUNDATION_WRONG_RANK``.

So the player first hears about what cannot move at all (a face-down card, a
group out of order), then about where it was to go; colour before rank.

A column-to-column move without a count (``35``) is resolved first: the group
starts at the topmost face-up card that may go on the target (for an empty
target: that the empty-column rule accepts). When no card may, the refusal
names the topmost face-up card one rank below the target's top card if there
is one (so a wrong colour is reported), else the column's top card; for an
empty target, the lowest face-up card that could move with the cards on it.
"""

from __future__ import annotations

from solitaire_core.cards import DECK_SIZE, RANKS, SUITS, Card
from solitaire_core.moves import Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.rule_ids import RuleId
from solitaire_core.rules.refusal import Refusal
from solitaire_core.variants import Variant


def check_move(variant: Variant, position: Position, move: Move) -> Refusal | None:
    """Check a move against a position under a variant's rules.

    Args:
        variant: the rules.
        position: the position before the move.
        move: the move, with or without an explicit count.

    Returns:
        ``None`` when the move is legal, else the first broken rule in the
        documented order (see the module docs).
    """
    if sum(position.foundations) == DECK_SIZE:
        return Refusal(RuleId.GAME_WON, move, "game_won")
    kind = move.kind
    if kind is MoveKind.DRAW:
        if not position.stock:
            return Refusal(RuleId.STOCK_EMPTY, move, "stock_empty")
        return None
    if kind is MoveKind.RECYCLE:
        return _check_recycle(variant, position, move)
    if kind is MoveKind.WASTE_TO_FOUNDATION or kind is MoveKind.WASTE_TO_COLUMN:
        return _check_from_waste(variant, position, move)
    if kind is MoveKind.COLUMN_TO_FOUNDATION:
        return _check_column_to_foundation(position, move)
    if kind is MoveKind.COLUMN_TO_COLUMN:
        return _check_column_to_column(variant, position, move)
    return _check_takeback(variant, position, move)


def is_legal(variant: Variant, position: Position, move: Move) -> bool:
    """True when :func:`check_move` finds no broken rule."""
    return check_move(variant, position, move) is None


def resolve_move(variant: Variant, position: Position, move: Move) -> Move:
    """The move in the form the generator gives it: ``35`` becomes ``35:2``, ``7f:1`` ``7f``.

    A count-less column move gets the count of the group that fits; a count of
    1 on a one-card move is dropped; any other move is returned unchanged. The
    move need not be legal: a count-less move whose group cannot be found keeps
    its count of None.
    """
    if move.kind is not MoveKind.COLUMN_TO_COLUMN:
        if move.count == 1:  # "7f:1" is "7f"
            return Move(move.kind, move.source, move.target)
        return move
    if move.count is not None:
        return move
    source, target = move.source, move.target
    assert source is not None and target is not None
    if source == target:
        return move
    count = _find_group(variant, position, source, target)
    if count is None:
        return move
    return Move(MoveKind.COLUMN_TO_COLUMN, source, target, count)


def _check_recycle(variant: Variant, position: Position, move: Move) -> Refusal | None:
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


def _check_from_waste(variant: Variant, position: Position, move: Move) -> Refusal | None:
    waste = position.waste
    if not waste:
        return Refusal(RuleId.EMPTY_SOURCE, move, "waste_empty")
    card = waste[-1]
    if move.count is not None and move.count > 1:
        return Refusal(RuleId.WASTE_TOP_ONLY, move, "waste_top_only", card=card, count=move.count)
    if move.kind is MoveKind.WASTE_TO_FOUNDATION:
        return _check_foundation_target(position, move, card)
    assert move.target is not None
    return _check_tableau_target(variant, position, move, card, move.target)


def _check_column_to_foundation(position: Position, move: Move) -> Refusal | None:
    column = move.source
    assert column is not None
    pile = position.tableau[column]
    if not pile:
        return Refusal(RuleId.EMPTY_SOURCE, move, "column_empty", column=column)
    if move.count is not None and move.count > 1:
        return Refusal(
            RuleId.FOUNDATION_SINGLE_CARD, move, "single_card", column=column, count=move.count
        )
    return _check_foundation_target(position, move, pile[-1])


def _check_takeback(variant: Variant, position: Position, move: Move) -> Refusal | None:
    suit, target = move.source, move.target
    assert suit is not None and target is not None
    top = position.foundation_top(suit)
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
    return _check_tableau_target(variant, position, move, top, target)


def _check_column_to_column(variant: Variant, position: Position, move: Move) -> Refusal | None:
    source, target = move.source, move.target
    assert source is not None and target is not None
    if source == target:
        return Refusal(RuleId.SAME_COLUMN, move, "same_column", column=source)
    pile = position.tableau[source]
    if not pile:
        return Refusal(RuleId.EMPTY_SOURCE, move, "column_empty", column=source)
    count = move.count
    if count is None:
        count = _find_group(variant, position, source, target)
        if count is None:
            count = _blamed_group(variant, position, source, target)
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
    if start < variant.group.lowest_movable_index(pile, down, variant.build_table):
        return Refusal(
            RuleId.GROUP_NOT_IN_SEQUENCE,
            move,
            "not_in_sequence",
            card=card,
            column=source,
            count=count,
        )
    return _check_tableau_target(variant, position, move, card, target)


def _check_tableau_target(
    variant: Variant, position: Position, move: Move, card: Card, target: int
) -> Refusal | None:
    target_pile = position.tableau[target]
    if not target_pile:
        rule = variant.empty_column.check_empty_column(card)
        if rule is None:
            return None
        return Refusal(rule, move, "king_only", card=card, column=target)
    onto = target_pile[-1]
    rule = variant.build.check_build(card, onto)
    if rule is None:
        return None
    return Refusal(rule, move, "card_on_card", card=card, onto=onto, column=target)


def _check_foundation_target(position: Position, move: Move, card: Card) -> Refusal | None:
    suit = SUITS[card]
    on_foundation = position.foundations[suit]
    if on_foundation == RANKS[card] - 1:
        return None
    if on_foundation == 13:
        return Refusal(RuleId.FOUNDATION_WRONG_RANK, move, "foundation_full", card=card, suit=suit)
    return Refusal(
        RuleId.FOUNDATION_WRONG_RANK,
        move,
        "foundation_rank",
        card=card,
        suit=suit,
        onto=suit * 13 + on_foundation,
    )


def _find_group(variant: Variant, position: Position, source: int, target: int) -> int | None:
    """The count of the group from ``source`` whose first card may go on ``target``."""
    pile = position.tableau[source]
    down = position.face_down[source]
    target_pile = position.tableau[target]
    if target_pile:
        table = variant.build_table
        base = target_pile[-1] * DECK_SIZE
        for index in range(len(pile) - 1, down - 1, -1):
            if table[base + pile[index]]:
                return len(pile) - index
    else:
        accepts = variant.empty_column_table
        for index in range(len(pile) - 1, down - 1, -1):
            if accepts[pile[index]]:
                return len(pile) - index
    return None


def _blamed_group(variant: Variant, position: Position, source: int, target: int) -> int:
    """The group a refusal names when no card of ``source`` may go on ``target``."""
    pile = position.tableau[source]
    down = position.face_down[source]
    target_pile = position.tableau[target]
    if not target_pile:
        lowest = variant.group.lowest_movable_index(pile, down, variant.build_table)
        return len(pile) - min(lowest, len(pile) - 1)
    onto = target_pile[-1]
    wanted_rank = RANKS[onto] - 1
    for index in range(len(pile) - 1, down - 1, -1):
        if RANKS[pile[index]] == wanted_rank:
            return len(pile) - index
    return 1
