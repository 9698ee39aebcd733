"""Perft: counting the move tree, as chess engines do, to pin the move generator.

>>> from solitaire_core.deal import deal_code_position
>>> from solitaire_core.variants import KLONDIKE
>>> perft(KLONDIKE, deal_code_position("KL1-D1N-AAAAAAG"), 1)
4
"""

from __future__ import annotations

from solitaire_core.errors import InvalidArgumentError
from solitaire_core.position import Position
from solitaire_core.rules.apply import apply_move
from solitaire_core.rules.movegen import legal_moves
from solitaire_core.rules.positions import check_position
from solitaire_core.variants import Variant


def perft(variant: Variant, position: Position, depth: int) -> int:
    """The number of legal move sequences of length ``depth`` from ``position``.

    These are the leaf nodes of the full move tree (draw and recycle included,
    no transpositions merged); ``perft(..., 0) == 1``. The count grows
    exponentially with ``depth``, and so does the time.

    Args:
        variant: the rules.
        position: where to start: a position of ``variant``.
        depth: the sequence length in moves, >= 0.

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``depth`` is negative.
        PositionParseError: (a ``ValueError``) for a position ``variant``
            cannot hold (:func:`~solitaire_core.rules.positions.check_position`).
    """
    if type(depth) is not int or depth < 0:
        raise InvalidArgumentError(f"depth must be an int >= 0, got {depth!r}")
    check_position(variant, position)
    return _count(variant, position, depth)


def _count(variant: Variant, position: Position, depth: int) -> int:
    if depth == 0:
        return 1
    moves = legal_moves(variant, position)
    if depth == 1:
        return len(moves)
    return sum(_count(variant, apply_move(variant, position, move), depth - 1) for move in moves)
