"""The solver's best-first pass: a weighted best-first search for a win.

Depth-first search commits to its first choices and can spend its whole budget
under one early mistake. This pass instead keeps every open position in a
priority queue and always expands the one that looks closest to a win, the
estimate being ``f = g + weight * h``: ``g`` the atomic moves played so far
(draws and recycles included), ``h`` :func:`moves_left_estimate` (one of two
estimates: :mod:`solitaire_core.solver.estimate`). A weight
above 1 makes the search greedy (weighted A*, Pohl 1970): it finds long but
quick wins. From each expanded position only the ``breadth`` best children
enter the queue, so the queue holds few positions that are never looked at
(a beam inside best-first search, as in the fast mode of Klondike-Solver).
The queue holds each position packed into bytes
(:meth:`~solitaire_core.solver.search_board.SearchBoard.pack`), with the line that reached it.

Steps come from :func:`~solitaire_core.solver.board_steps.board_steps` in its fast
form (no moves that only break a built sequence), so exhausting this search
proves nothing: it answers ``SOLVED`` or ``UNKNOWN`` and leaves proofs of
unwinnability to the complete depth-first pass of
:func:`~solitaire_core.solver.solving.solve`.

>>> from solitaire_core import KLONDIKE, deal_position
>>> result = best_first_search(KLONDIKE, deal_position(KLONDIKE, 5), max_positions=50_000)
>>> result.status
<SolveStatus.SOLVED: 'solved'>
"""

from __future__ import annotations

import time

from solitaire_core.errors import InvalidArgumentError
from solitaire_core.position import Position
from solitaire_core.solver import estimate as estimate_module
from solitaire_core.solver.result import (
    DEFAULT_MAX_POSITIONS,
    SolveResult,
    SolveStatus,
    require_count,
    require_search_arguments,
)
from solitaire_core.solver.searching import best_first_loop
from solitaire_core.solver.steps import dominance_is_sound
from solitaire_core.variants import Variant

DEFAULT_WEIGHT = 2
"""How much the estimate counts against the moves already played (2: greedy)."""
DEFAULT_BREADTH = 3
"""How many children of an expanded position enter the queue, best first."""


def moves_left_estimate(position: Position, *, estimate: str = "uncovering") -> int:
    """A rough count of the moves a win still needs: the search's ``h``.

    ``"uncovering"`` (the default): two per card not yet home (one move to a
    column or off the waste, one home), six per face-down card, one per reserve
    card and one per column card lying above a lower card of its suit; nothing
    for the stock. ``"plain"``: two per card not yet home and one per
    face-down, stock and reserve card. ``"runs"``, for games whose foundations
    take complete suit runs: as ``"uncovering"``, with three per break in a
    column's face-up suit runs instead of the cards out of order.
    :mod:`solitaire_core.solver.estimate` says why there are three. Not a lower
    bound: the search uses it to compare positions, not to prove anything.

    Returns:
        A count of moves, 0 for a won position.

    Raises:
        InvalidArgumentError: (a ``ValueError``) for an estimate not named in
            :data:`~solitaire_core.solver.estimate.ESTIMATES`.

    >>> from solitaire_core import KLONDIKE, deal_position
    >>> position = deal_position(KLONDIKE, 1)
    >>> # JD, KD, 6C, 10D, JC and KS lie above a lower card of their suit:
    >>> estimate_module.cards_out_of_order(position.tableau, position.foundation_base)
    6
    >>> moves_left_estimate(position)  # 2 * 52 + 6 * 21 face down + 6 out of order
    236
    >>> moves_left_estimate(position, estimate="plain")  # 2 * 52 + 21 face down + 24 in the stock
    149
    >>> moves_left_estimate(position, estimate="runs")  # 2 * 52 + 6 * 21 + 3 * 0 breaks
    230
    """
    return estimate_module.estimated_moves_left(
        estimate_index(estimate),
        13 * len(position.foundations) - sum(position.foundations),
        position.face_down,
        len(position.stock),
        len(position.reserve),
        position.tableau,
        position.foundation_base,
    )


def estimate_index(estimate: object) -> int:
    """The index of an estimate's name in ESTIMATES; InvalidArgumentError for another."""
    if estimate not in estimate_module.ESTIMATES:
        raise InvalidArgumentError(
            f"estimate must be one of {', '.join(estimate_module.ESTIMATES)}, not {estimate!r}"
        )
    return estimate_module.ESTIMATES.index(estimate)


def best_first_search(
    variant: Variant,
    position: Position,
    *,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    time_limit: float | None = None,
    weight: int = DEFAULT_WEIGHT,
    breadth: int = DEFAULT_BREADTH,
    estimate: str = "uncovering",
) -> SolveResult:
    """Look for a winning line, most promising positions first (see the module docs).

    Args:
        variant: the rules (any variant).
        position: the start.
        max_positions: the budget in distinct positions queued (an int >= 1).
        time_limit: optional wall-clock seconds (> 0; None: no time limit).
        weight: the weight of the estimate in ``f = g + weight * h`` (an int >= 1).
        breadth: children queued per expanded position, best first (an int >= 1).
        estimate: ``h``, ``"uncovering"``, ``"plain"`` or ``"runs"`` (:func:`moves_left_estimate`).

    Returns:
        ``SOLVED`` with the winning line (atomic moves, first move first; not
        replayed here: :func:`~solitaire_core.solver.solving.solve` does that)
        or ``UNKNOWN`` when the budget, the time limit or the pruned search
        space ran out first. Never ``UNWINNABLE``.

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``max_positions``,
            ``weight`` or ``breadth`` is not an int >= 1, for an unknown
            estimate, or for a bad time limit or position type
            (:func:`~solitaire_core.solver.result.require_search_arguments`).
        PositionParseError: (a ``ValueError``) for a position a game cannot hold.
    """
    time_limit = require_search_arguments(variant, position, max_positions, time_limit)
    require_count("weight", weight)
    require_count("breadth", breadth)
    kind = estimate_index(estimate)
    if position.is_won:
        return SolveResult(SolveStatus.SOLVED, (), 1)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    dominance = dominance_is_sound(variant, position)
    return best_first_loop(
        variant,
        position,
        max_positions,
        deadline,
        weight,
        breadth,
        dominance=dominance,
        estimate=kind,
    )
