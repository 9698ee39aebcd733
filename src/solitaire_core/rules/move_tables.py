"""The shared, immutable moves the generators hand out (one object per move).

The move generator (:class:`~solitaire_core.rules.board.Board`) and the stock
walk return these objects rather than new ones, so generating moves allocates
no move, and equal moves from two calls are the same object.
"""

from __future__ import annotations

from typing import Final

from solitaire_core.moves import MAX_COLUMNS, Move, MoveKind

CACHED_COLUMNS: Final = 13
"""Column moves between the first 13 columns are shared objects ..."""
CACHED_COUNTS: Final = 52
"""... of up to 52 cards (a column move beyond them is made when asked for)."""
WASTE_TO_FOUNDATION: Final = Move(MoveKind.WASTE_TO_FOUNDATION)
RESERVE_TO_FOUNDATION: Final = Move(MoveKind.RESERVE_TO_FOUNDATION)
WASTE_TO_COLUMN: Final = tuple(Move(MoveKind.WASTE_TO_COLUMN, target=t) for t in range(MAX_COLUMNS))
RESERVE_TO_COLUMN: Final = tuple(
    Move(MoveKind.RESERVE_TO_COLUMN, target=t) for t in range(MAX_COLUMNS)
)
COLUMN_TO_FOUNDATION: Final = tuple(
    Move(MoveKind.COLUMN_TO_FOUNDATION, source=s) for s in range(MAX_COLUMNS)
)
RUN_TO_FOUNDATION: Final = tuple(
    Move(MoveKind.COLUMN_TO_FOUNDATION, source=s, count=13) for s in range(MAX_COLUMNS)
)
FOUNDATION_TO_COLUMN: Final = tuple(
    tuple(Move(MoveKind.FOUNDATION_TO_COLUMN, source=suit, target=t) for t in range(MAX_COLUMNS))
    for suit in range(4)
)
COLUMN_TO_COLUMN: Final = tuple(
    tuple(
        tuple(Move(MoveKind.COLUMN_TO_COLUMN, s, t, n) for n in range(1, CACHED_COUNTS + 1))
        for t in range(CACHED_COLUMNS)
    )
    for s in range(CACHED_COLUMNS)
)


def column_move(source: int, target: int, count: int) -> Move:
    """The shared ``COLUMN_TO_COLUMN`` move (a new one beyond the cached sizes)."""
    if source < CACHED_COLUMNS and target < CACHED_COLUMNS and count <= CACHED_COUNTS:
        return COLUMN_TO_COLUMN[source][target][count - 1]
    return Move(MoveKind.COLUMN_TO_COLUMN, source, target, count)


__all__ = [
    "CACHED_COLUMNS",
    "CACHED_COUNTS",
    "COLUMN_TO_COLUMN",
    "COLUMN_TO_FOUNDATION",
    "FOUNDATION_TO_COLUMN",
    "RESERVE_TO_COLUMN",
    "RESERVE_TO_FOUNDATION",
    "RUN_TO_FOUNDATION",
    "WASTE_TO_COLUMN",
    "WASTE_TO_FOUNDATION",
    "column_move",
]
