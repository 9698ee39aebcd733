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
from solitaire_core.variants import Variant


def perft(variant: Variant, position: Position, depth: int) -> int:
    """The number of legal move sequences of length ``depth`` from ``position``.

    These are the leaf nodes of the full move tree (draw and recycle included,
    no transpositions merged); ``perft(..., 0) == 1``. The count grows
    exponentially with ``depth``, and so does the time.

    Args:
        variant: the rules.
        position: where to start.
        depth: the sequence length in moves, >= 0.

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``depth`` is negative.
    """
    if depth < 0:
        raise InvalidArgumentError(f"depth must be >= 0, got {depth!r}")
    if depth == 0:
        return 1
    moves = legal_moves(variant, position)
    if depth == 1:
        return len(moves)
    return sum(perft(variant, apply_move(variant, position, move), depth - 1) for move in moves)
