"""The legal-move generator: every legal move, no pruning, in a fixed order.

The order (documented and tested; stable across releases):

1. column to foundation, columns 1..n (in spider-type games: complete runs);
2. waste to foundation, then reserve to foundation;
3. column to column, by source column 1..n, then by group size, largest
   first, then by target column 1..n;
4. waste to column, columns 1..n, then reserve to column, columns 1..n;
5. foundation to column (take-backs), suits S, H, D, C, then columns 1..n;
6. the stock move (draw or deal), or recycle.

Every move names its count (``35:2``). The generator agrees exactly with
:func:`~solitaire_core.rules.check.check_move`: every generated move passes
it, and every move it accepts is generated. Generated moves are shared,
immutable objects.

>>> from solitaire_core.deal import deal_code_position
>>> from solitaire_core.variants import KLONDIKE
>>> [str(m) for m in legal_moves(KLONDIKE, deal_code_position("KL1-D1N-AAAAAAG"))]
['1f', '7f', '54:1', 'd']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from solitaire_core.cards import DECK_SIZE, RANKS, SUITS
from solitaire_core.moves import DRAW, MAX_COLUMNS, RECYCLE, Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.rules.foundations import home_slot, is_complete_run, takeback_slot
from solitaire_core.variants import Variant

_CACHED_COLUMNS: Final = 13
_CACHED_COUNTS: Final = 52
_WASTE_TO_FOUNDATION: Final = Move(MoveKind.WASTE_TO_FOUNDATION)
_RESERVE_TO_FOUNDATION: Final = Move(MoveKind.RESERVE_TO_FOUNDATION)
_WASTE_TO_COLUMN: Final = tuple(
    Move(MoveKind.WASTE_TO_COLUMN, target=t) for t in range(MAX_COLUMNS)
)
_RESERVE_TO_COLUMN: Final = tuple(
    Move(MoveKind.RESERVE_TO_COLUMN, target=t) for t in range(MAX_COLUMNS)
)
_COLUMN_TO_FOUNDATION: Final = tuple(
    Move(MoveKind.COLUMN_TO_FOUNDATION, source=s) for s in range(MAX_COLUMNS)
)
_RUN_TO_FOUNDATION: Final = tuple(
    Move(MoveKind.COLUMN_TO_FOUNDATION, source=s, count=13) for s in range(MAX_COLUMNS)
)
_FOUNDATION_TO_COLUMN: Final = tuple(
    tuple(Move(MoveKind.FOUNDATION_TO_COLUMN, source=suit, target=t) for t in range(MAX_COLUMNS))
    for suit in range(4)
)
_COLUMN_TO_COLUMN: Final = tuple(
    tuple(
        tuple(Move(MoveKind.COLUMN_TO_COLUMN, s, t, n) for n in range(1, _CACHED_COUNTS + 1))
        for t in range(_CACHED_COLUMNS)
    )
    for s in range(_CACHED_COLUMNS)
)


def column_move(source: int, target: int, count: int) -> Move:
    """The shared ``COLUMN_TO_COLUMN`` move (a new one beyond the cached sizes)."""
    if source < _CACHED_COLUMNS and target < _CACHED_COLUMNS and count <= _CACHED_COUNTS:
        return _COLUMN_TO_COLUMN[source][target][count - 1]
    return Move(MoveKind.COLUMN_TO_COLUMN, source, target, count)


def legal_moves(variant: Variant, position: Position) -> tuple[Move, ...]:
    """Every legal move of ``position`` as a tuple, in the documented order.

    ``position`` must be a position of ``variant``: the generator is the hot
    path and does not check (a position of another game gives unspecified
    moves). Check a position from outside once with
    :func:`~solitaire_core.rules.positions.check_position`, as the solver,
    :func:`~solitaire_core.rules.perft`, the hint and ``Game(start=...)`` do.
    """
    return tuple(generate_moves(variant, position))


def generate_moves(variant: Variant, position: Position) -> Iterator[Move]:
    """Yield every legal move of ``position`` lazily, in the documented order.

    Nothing is yielded once the game is won (RULES.md section 5).
    """
    foundations = position.foundations
    if sum(foundations) == 13 * len(foundations):
        return
    tableau = position.tableau
    face_down = position.face_down
    waste = position.waste
    reserve = position.reserve
    columns = len(tableau)

    # 1. column to foundation; 2. waste, then reserve, to foundation
    if variant.simple_foundations:
        for column in range(columns):
            pile = tableau[column]
            if pile:
                card = pile[-1]
                if foundations[SUITS[card]] == RANKS[card] - 1:
                    yield _COLUMN_TO_FOUNDATION[column]
        if waste:
            card = waste[-1]
            if foundations[SUITS[card]] == RANKS[card] - 1:
                yield _WASTE_TO_FOUNDATION
        if reserve:
            card = reserve[-1]
            if foundations[SUITS[card]] == RANKS[card] - 1:
                yield _RESERVE_TO_FOUNDATION
    elif variant.foundations.complete_runs:
        for column in range(columns):
            pile = tableau[column]
            if len(pile) >= 13 and is_complete_run(pile, face_down[column]):
                yield _RUN_TO_FOUNDATION[column]
    else:
        for column in range(columns):
            pile = tableau[column]
            if pile and home_slot(position, pile[-1]) >= 0:
                yield _COLUMN_TO_FOUNDATION[column]
        if waste and home_slot(position, waste[-1]) >= 0:
            yield _WASTE_TO_FOUNDATION
        if reserve and home_slot(position, reserve[-1]) >= 0:
            yield _RESERVE_TO_FOUNDATION

    # Where each card may go on its own, in column order; the empty columns.
    fits, empty = _targets(variant, tableau, position.foundation_base)
    fits_get = fits.get
    group = variant.group
    lowest_movable = group.lowest_movable_index
    build_table = variant.build_table
    limits = group.limits_counts
    any_face_up = variant.any_face_up_groups

    # 3. column to column
    small = columns <= _CACHED_COLUMNS
    for source in range(columns):
        pile = tableau[source]
        size = len(pile)
        if not size:
            continue
        down = face_down[source]
        lowest = down if any_face_up else lowest_movable(pile, down, build_table)
        if small and size <= _CACHED_COUNTS and not limits:  # the common case, kept tight
            moves_from = _COLUMN_TO_COLUMN[source]
            count = size - lowest  # the group size from the card at hand up
            for targets in map(fits_get, pile[lowest:]):
                count -= 1  # (now the group size less one: the cached moves' index)
                if targets is not None:
                    for target in targets:
                        if target != source:
                            yield moves_from[target][count]
            continue
        for index in range(lowest, size):
            targets = fits_get(pile[index])
            if targets is None:
                continue
            count = size - index
            for target in targets:
                if target == source:
                    continue
                if limits:
                    free = len(empty) - (not tableau[target])
                    if group.check_count(count, size, free) is not None:
                        continue
                yield column_move(source, target, count)

    # 4. waste and reserve to column
    if waste:
        for target in fits.get(waste[-1], ()):
            yield _WASTE_TO_COLUMN[target]
    if reserve:
        for target in fits.get(reserve[-1], ()):
            yield _RESERVE_TO_COLUMN[target]

    # 5. foundation to column
    if variant.foundation_takeback:
        if variant.simple_foundations:
            for suit in range(4):
                count = foundations[suit]
                if count:
                    targets = fits_get(suit * 13 + count - 1)
                    if targets is not None:
                        moves = _FOUNDATION_TO_COLUMN[suit]
                        for target in targets:
                            yield moves[target]
        else:
            for suit in range(4):
                moves = _FOUNDATION_TO_COLUMN[suit]
                for target in range(columns):
                    if takeback_slot(variant, position, suit, target) >= 0:
                        yield moves[target]

    # 6. the stock move, or recycle
    if position.stock:
        if not (empty and variant.deal_needs_no_empty_column):
            yield DRAW
    elif waste:
        limit = variant.recycle_limit
        if limit is None or position.recycles < limit:
            yield RECYCLE


def waste_moves(variant: Variant, position: Position) -> tuple[Move, ...]:
    """The legal moves of the waste's top card, in the generator's order.

    Exactly the waste-to-foundation and waste-to-column moves of
    :func:`legal_moves`, in the same order (to its foundation first, then to
    columns 1..n), without generating the rest: the solver's stock macro moves
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
    if not waste or position.is_won:
        return ()
    return waste_card_moves(variant, position, waste[-1])


def waste_card_moves(variant: Variant, position: Position, card: int) -> tuple[Move, ...]:
    """The moves the waste's top card would have if it were ``card``: :func:`waste_moves`.

    Only the tableau and the foundations of ``position`` are read, so the
    solver's stock walk asks this for each card the stock can bring to the
    top without building the position first.
    """
    found: list[Move] = []
    if not variant.foundations.complete_runs and home_slot(position, card) >= 0:
        found.append(_WASTE_TO_FOUNDATION)
    build_table = variant.build_table
    empty_ok = variant.empty_column_tables[position.foundation_base][card]
    for column, pile in enumerate(position.tableau):
        if build_table[pile[-1] * DECK_SIZE + card] if pile else empty_ok:
            found.append(_WASTE_TO_COLUMN[column])
    return tuple(found)


_Targets = tuple[dict[int, list[int]], list[int]]
_LAST_TARGETS: list[tuple[object, object, object, _Targets]] = [((), (), (), ({}, []))]
"""The last tableau :func:`_targets` answered for (draws keep the tableau object)."""


def _targets(variant: Variant, tableau: tuple[tuple[int, ...], ...], base: int) -> _Targets:
    """Where cards may go: ``fits`` and ``empty``, each in column order.

    ``fits[card]`` lists the columns ``card`` may be moved to on its own: those
    whose exposed card it may be built on and the empty columns it may start
    (for the foundation base rank ``base``), in column order; a card missing
    from it goes nowhere. ``empty`` lists the empty columns. The answer for
    the same tableau object and tables is reused (a draw or a recycle leaves
    the tableau as it was); callers must not change it.
    """
    sources = variant.build_sources
    starters = variant.empty_column_cards[base]
    last_tableau, last_sources, last_starters, answer = _LAST_TARGETS[0]
    if last_tableau is tableau and last_sources is sources and last_starters is starters:
        return answer
    fits: dict[int, list[int]] = {}
    empty: list[int] = []
    for column, pile in enumerate(tableau):
        if pile:
            for card in sources[pile[-1]]:
                columns = fits.get(card)
                if columns is None:
                    fits[card] = [column]
                else:
                    columns.append(column)
        else:
            empty.append(column)
    if empty:
        for card in starters:
            columns = fits.get(card)
            fits[card] = empty if columns is None else sorted((*columns, *empty))
    _LAST_TARGETS[0] = (tableau, sources, starters, (fits, empty))
    return fits, empty


__all__ = ["column_move", "generate_moves", "legal_moves", "waste_card_moves", "waste_moves"]
