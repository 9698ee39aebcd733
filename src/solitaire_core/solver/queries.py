"""Questions an app asks about a position: still winnable? any useful move left?

Both are bounded searches (budgets in positions) and answer ``None`` when the
budget runs out first, so an app can say "probably" instead of guessing.
"""

from __future__ import annotations

from solitaire_core.position import Position
from solitaire_core.solver.depth_first import search
from solitaire_core.solver.result import (
    DEFAULT_MAX_POSITIONS,
    SolveStatus,
    require_search_arguments,
)
from solitaire_core.solver.solving import solve
from solitaire_core.variants import Variant


def is_winnable(
    variant: Variant,
    position: Position,
    *,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    time_limit: float | None = None,
) -> bool | None:
    """True if the position can still be won, False if provably not, None if undecided.

    Full knowledge (the solver sees every card): for "winnable deals only"
    modes and for telling a player the game is lost, not for hints.

    Args:
        variant: the rules.
        position: the position to judge.
        max_positions: the search budget in distinct positions (see :func:`solve`).
        time_limit: optional seconds (> 0), for interactive use (see :func:`solve`).

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``max_positions`` is not an
            int >= 1, ``time_limit`` is neither None nor a number > 0, or
            ``position`` is not a :class:`~solitaire_core.position.Position`.
        PositionParseError: (a ``ValueError``) for a position a game cannot hold.
    """
    status = solve(variant, position, max_positions=max_positions, time_limit=time_limit).status
    return None if status is SolveStatus.UNKNOWN else status is SolveStatus.SOLVED


def has_useful_moves(
    variant: Variant,
    position: Position,
    *,
    max_positions: int = 100_000,
    time_limit: float | None = None,
) -> bool | None:
    """True when some line of play makes progress, False when none does, None if undecided.

    Progress is a card sent home, a card turned face up, or a card played from
    the waste; moving cards around the tableau and recycling the stock for
    ever are not progress. Searches every reachable position (full knowledge)
    for one with more progress than ``position``.

    Args:
        variant: the rules.
        position: the position to judge.
        max_positions: the search budget in distinct positions.
        time_limit: optional seconds (> 0), for interactive use.

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``max_positions`` is not an
            int >= 1, ``time_limit`` is neither None nor a number > 0, or
            ``position`` is not a :class:`~solitaire_core.position.Position`.
        PositionParseError: (a ``ValueError``) for a position a game cannot hold.
    """
    time_limit = require_search_arguments(variant, position, max_positions, time_limit)
    start_home = sum(position.foundations)
    start_down = sum(position.face_down)
    start_stock = len(position.stock) + len(position.waste)
    if position.is_won:
        return False

    def progressed(candidate: Position) -> bool:
        return (
            sum(candidate.foundations) > start_home
            or sum(candidate.face_down) < start_down
            or len(candidate.stock) + len(candidate.waste) < start_stock
        )

    status = search(
        variant, position, progressed, max_positions=max_positions, time_limit=time_limit
    ).status
    return None if status is SolveStatus.UNKNOWN else status is SolveStatus.SOLVED
