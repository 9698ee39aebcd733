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

    # Where each card may go: the columns whose exposed card it builds on (in
    # column order), and the empty columns.
    wanted, empty = _targets(variant, tableau)
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
            targets = wanted.get(card, ())
            if empty and empty_ok[card]:
                targets = sorted((*targets, *empty))
            elif not targets:
                continue
            count = size - index
            for target in targets:
                if target != source:
                    yield moves_from[target][count - 1]

    # 4. waste to column
    if waste:
        card = waste[-1]
        yield from _to_tableau(card, wanted, empty_ok, empty, _WASTE_TO_COLUMN)

    # 5. foundation to column
    if variant.foundation_takeback:
        for suit in range(4):
            count = foundations[suit]
            if count:
                yield from _to_tableau(
                    suit * 13 + count - 1, wanted, empty_ok, empty, _FOUNDATION_TO_COLUMN[suit]
                )

    # 6. draw or recycle
    if position.stock:
        yield DRAW
    elif waste:
        limit = variant.recycle_limit
        if limit is None or position.recycles < limit:
            yield RECYCLE


def waste_moves(variant: Variant, position: Position) -> tuple[Move, ...]:
    """The legal moves of the waste's top card, in the generator's order.

    Exactly the waste-to-foundation and waste-to-column moves of
    :func:`legal_moves`, in the same order (to its foundation first, then to
    columns 1..7), without generating the rest: the solver's stock macro moves
    ask this for every card the stock can bring to the top of the waste.

    >>> from solitaire_core.deal import deal_code_position
    >>> from solitaire_core.rules.apply import apply_move
    >>> from solitaire_core.variants import KLONDIKE
    >>> position = deal_code_position("KL1-D1N-AAAAAAG")
    >>> for _ in range(4):                      # QC comes to the top of the waste
    ...     position = apply_move(KLONDIKE, position, DRAW)
    >>> [str(move) for move in waste_moves(KLONDIKE, position)]   # onto the KD of column 3
    ['w3']
    """
    waste = position.waste
    if not waste:
        return ()
    card = waste[-1]
    foundations = position.foundations
    found: list[Move] = []
    if foundations[SUITS[card]] == RANKS[card] - 1:
        found.append(_WASTE_TO_FOUNDATION)
    build_table = variant.build_table
    empty_ok = variant.empty_column_table[card]
    for column, pile in enumerate(position.tableau):
        if build_table[pile[-1] * DECK_SIZE + card] if pile else empty_ok:
            found.append(_WASTE_TO_COLUMN[column])
    return tuple(found)


def _to_tableau(
    card: int,
    wanted: dict[int, list[int]],
    empty_ok: tuple[bool, ...],
    empty: list[int],
    moves: tuple[Move, ...],
) -> Iterator[Move]:
    targets = wanted.get(card, ())
    if empty and empty_ok[card]:
        targets = sorted((*targets, *empty))
    for target in targets:
        yield moves[target]


_SOURCES: dict[int, tuple[tuple[bool, ...], tuple[tuple[int, ...], ...]]] = {}
"""``sources[onto]`` (the cards that may be built on ``onto``) per building table.

Keyed by the table's ``id``; the table is kept beside its entry, so the id
cannot be reused while the entry lives.
"""


def _build_sources(build_table: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
    entry = _SOURCES.get(id(build_table))
    if entry is not None and entry[0] is build_table:
        return entry[1]
    sources = tuple(
        tuple(card for card in range(DECK_SIZE) if build_table[onto * DECK_SIZE + card])
        for onto in range(DECK_SIZE)
    )
    if len(_SOURCES) >= 64:  # many custom variants: start afresh rather than grow
        _SOURCES.clear()
    _SOURCES[id(build_table)] = (build_table, sources)
    return sources


def _targets(
    variant: Variant, tableau: tuple[tuple[int, ...], ...]
) -> tuple[dict[int, list[int]], list[int]]:
    """Where cards may go: ``wanted`` and ``empty``, each in column order.

    ``wanted[card]`` lists the columns whose exposed card ``card`` may be built
    on (a card missing from it builds on none); ``empty`` the empty columns.
    """
    sources = _build_sources(variant.build_table)
    wanted: dict[int, list[int]] = {}
    empty: list[int] = []
    for column in range(_COLUMNS):
        pile = tableau[column]
        if pile:
            for card in sources[pile[-1]]:
                columns = wanted.get(card)
                if columns is None:
                    wanted[card] = [column]
                else:
                    columns.append(column)
        else:
            empty.append(column)
    return wanted, empty
