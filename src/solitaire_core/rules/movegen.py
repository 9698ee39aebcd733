"""The legal-move generator: every legal move, no pruning, in a fixed order.

The order (documented and tested; stable across releases):

1. column to foundation, columns 1..7;
2. waste to foundation;
3. column to column, by source column 1..7, then by group size, largest
   first, then by target column 1..7;
4. waste to column, columns 1..7;
5. foundation to column (take-backs), suits S, H, D, C, then columns 1..7;
6. draw, or recycle.

Column-to-column moves always carry their count (``35:2``). The generator agrees
exactly with :func:`~solitaire_core.rules.check.check_move`: every generated
move passes it, and every move it accepts is generated (count-less column moves
in their resolved form). Generated moves are shared, immutable objects.

>>> from solitaire_core.deal import deal_code_position
>>> from solitaire_core.variants import KLONDIKE
>>> [str(m) for m in legal_moves(KLONDIKE, deal_code_position("KL1-D1N-AAAAAAG"))]
['1f', '7f', '54:1', 'd']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from solitaire_core.cards import DECK_SIZE, RANKS, SUITS
from solitaire_core.moves import DRAW, RECYCLE, Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.variants import Variant

_COLUMNS: Final = 7
_WASTE_TO_FOUNDATION: Final = Move(MoveKind.WASTE_TO_FOUNDATION)
_WASTE_TO_COLUMN: Final = tuple(Move(MoveKind.WASTE_TO_COLUMN, target=t) for t in range(_COLUMNS))
_COLUMN_TO_FOUNDATION: Final = tuple(
    Move(MoveKind.COLUMN_TO_FOUNDATION, source=s) for s in range(_COLUMNS)
)
_FOUNDATION_TO_COLUMN: Final = tuple(
    tuple(Move(MoveKind.FOUNDATION_TO_COLUMN, source=suit, target=t) for t in range(_COLUMNS))
    for suit in range(4)
)
_COLUMN_TO_COLUMN: Final = tuple(
    tuple(
        tuple(Move(MoveKind.COLUMN_TO_COLUMN, s, t, n) for n in range(1, DECK_SIZE + 1))
        for t in range(_COLUMNS)
    )
    for s in range(_COLUMNS)
)


def legal_moves(variant: Variant, position: Position) -> tuple[Move, ...]:
    """Every legal move of ``position`` as a tuple, in the documented order."""
    return tuple(generate_moves(variant, position))


def generate_moves(variant: Variant, position: Position) -> Iterator[Move]:
    """Yield every legal move of ``position`` lazily, in the documented order.

    Nothing is yielded once the game is won (RULES.md section 5).
    """
    foundations = position.foundations
    if sum(foundations) == DECK_SIZE:
        return
    tableau = position.tableau
    face_down = position.face_down
    waste = position.waste

    # 1. column to foundation
    for column in range(_COLUMNS):
        pile = tableau[column]
        if pile:
            card = pile[-1]
            if foundations[SUITS[card]] == RANKS[card] - 1:
                yield _COLUMN_TO_FOUNDATION[column]
    # 2. waste to foundation
    if waste:
        card = waste[-1]
        if foundations[SUITS[card]] == RANKS[card] - 1:
            yield _WASTE_TO_FOUNDATION

    # Where each exposed card lies, and the empty columns.
    top_column: dict[int, int] = {}
    empty: list[int] = []
    for column in range(_COLUMNS):
        pile = tableau[column]
        if pile:
            top_column[pile[-1]] = column
        else:
            empty.append(column)
    build_targets = variant.build_targets
    empty_ok = variant.empty_column_table
    lowest_movable = variant.group.lowest_movable_index
    build_table = variant.build_table

    # 3. column to column
    for source in range(_COLUMNS):
        pile = tableau[source]
        size = len(pile)
        if not size:
            continue
        moves_from = _COLUMN_TO_COLUMN[source]
        for index in range(lowest_movable(pile, face_down[source], build_table), size):
            card = pile[index]
            targets = [top_column[onto] for onto in build_targets[card] if onto in top_column]
            if empty_ok[card]:
                targets.extend(empty)
                targets.sort()
            elif len(targets) > 1:
                targets.sort()
            count = size - index
            for target in targets:
                if target != source:
                    yield moves_from[target][count - 1]

    # 4. waste to column
    if waste:
        card = waste[-1]
        yield from _to_tableau(card, build_targets, top_column, empty_ok, empty, _WASTE_TO_COLUMN)

    # 5. foundation to column
    if variant.foundation_takeback:
        for suit in range(4):
            count = foundations[suit]
            if count:
                yield from _to_tableau(
                    suit * 13 + count - 1,
                    build_targets,
                    top_column,
                    empty_ok,
                    empty,
                    _FOUNDATION_TO_COLUMN[suit],
                )

    # 6. draw or recycle
    if position.stock:
        yield DRAW
    elif waste:
        limit = variant.recycle_limit
        if limit is None or position.recycles < limit:
            yield RECYCLE


def _to_tableau(
    card: int,
    build_targets: tuple[tuple[int, ...], ...],
    top_column: dict[int, int],
    empty_ok: tuple[bool, ...],
    empty: list[int],
    moves: tuple[Move, ...],
) -> Iterator[Move]:
    targets = [top_column[onto] for onto in build_targets[card] if onto in top_column]
    if empty_ok[card]:
        targets.extend(empty)
    targets.sort()
    for target in targets:
        yield moves[target]
