"""Perft: counting the move tree, as chess engines do, to pin the move generator.

>>> from solitaire_core.deal import deal_code_position
>>> from solitaire_core.variants import KLONDIKE
>>> perft(KLONDIKE, deal_code_position("KL1-D1N-AAAAAAG"), 1)
4
"""

from __future__ import annotations

from solitaire_core.errors import BudgetExceededError, InvalidArgumentError
from solitaire_core.limits import MAX_COUNT, PERFT_MAX_POSITIONS
from solitaire_core.position import Position
from solitaire_core.rules.apply import apply_move
from solitaire_core.rules.movegen import legal_moves
from solitaire_core.rules.positions import require_position
from solitaire_core.variants import Variant


def perft(
    variant: Variant,
    position: Position,
    depth: int,
    *,
    max_positions: int = PERFT_MAX_POSITIONS,
) -> int:
    """The number of legal move sequences of length ``depth`` from ``position``.

    These are the leaf nodes of the full move tree (draw and recycle included,
    no transpositions merged); ``perft(..., 0) == 1``. The count grows
    exponentially with ``depth``, and so does the time: the count stops with
    :class:`~solitaire_core.errors.BudgetExceededError` once it has expanded
    (generated the moves of) ``max_positions`` positions, so a call too deep
    for its game (Yukon at depth 12) never runs for hours.

    Args:
        variant: the rules.
        position: where to start: a position of ``variant``.
        depth: the sequence length in moves, >= 0.
        max_positions: the most positions the count may expand (an int >= 1;
            default :data:`~solitaire_core.limits.PERFT_MAX_POSITIONS`, a few
            seconds to half a minute). The leaves are counted without being
            expanded, so ``perft(..., 1)`` expands one position.

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``depth`` is negative or
            ``max_positions`` is not an int 1 .. 2**63 - 1.
        BudgetExceededError: (an ``InvalidArgumentError``) when the count
            needs more than ``max_positions`` expansions.
        PositionParseError: (a ``ValueError``) for a position ``variant``
            cannot hold (:func:`~solitaire_core.rules.positions.require_position`).

    >>> from solitaire_core.deal import deal_code_position
    >>> from solitaire_core.variants import YUKON
    >>> try:
    ...     perft(YUKON, deal_code_position("YU1-D0N-AAAAAAB"), 12, max_positions=1_000)
    ... except BudgetExceededError as error:
    ...     print(error.budget, error.what)
    1000 positions expanded
    """
    if type(depth) is not int or depth < 0:
        raise InvalidArgumentError(f"depth must be an int >= 0, got {depth!r}")
    if type(max_positions) is not int or not 1 <= max_positions <= MAX_COUNT:
        raise InvalidArgumentError(
            f"max_positions must be an int 1 .. 2**63 - 1, got {max_positions!r}"
        )
    require_position(variant, position)
    budget = [max_positions]  # expansions left, shared by the whole count
    count = _count(variant, position, depth, budget)
    if count < 0:
        raise BudgetExceededError(
            f"perft to depth {depth} expands more than {max_positions:,} positions "
            "(max_positions; solitaire_core.limits.PERFT_MAX_POSITIONS by default): ask for a "
            "smaller depth",
            budget=max_positions,
            what="positions expanded",
        )
    return count


def _count(variant: Variant, position: Position, depth: int, budget: list[int]) -> int:
    """The count below ``position``, or -1 once ``budget[0]`` expansions are spent."""
    if depth == 0:
        return 1
    if budget[0] <= 0:
        return -1
    budget[0] -= 1
    moves = legal_moves(variant, position)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        below = _count(variant, apply_move(variant, position, move), depth - 1, budget)
        if below < 0:
            return -1
        total += below
    return total
