"""The solver's depth-first search: its probe, its fast pass and its complete pass.

A depth-first search that plays and takes back steps on one
:class:`~solitaire_core.solver.search_board.SearchBoard`, with a transposition table of
:meth:`~solitaire_core.solver.search_board.SearchBoard.position_hash` keys; the table also avoids
every cycle, recycles included, and so prunes a move that only undoes the
last one (it leads back to a stored position). The steps and their order are
:func:`~solitaire_core.solver.board_steps.board_steps`'s; the loop is
:func:`~solitaire_core.solver.searching.depth_first_loop`. With ``fast`` the moves
that only break a built sequence are skipped, which finds wins sooner and
in general proves nothing; the complete search keeps them and proves a
position unwinnable. Under Klondike building skipping them is proven sound
(:func:`~solitaire_core.solver.reductions.breaking_moves_are_redundant`), so
there both searches skip them and both prove. Where it is proven sound
(:func:`~solitaire_core.solver.reductions.placements_wait_for_cover`: Klondike
and Réfléchi draw 1), a search for a win plays a waste card to a column only
when its next move covers it; where twin positions are won or lost together
(:func:`~solitaire_core.solver.reductions.twins_are_interchangeable`:
Klondike and Réfléchi), a search for a win stores them as one, the suit
symmetry; and a proving search answers ``UNWINNABLE`` at once from a start
where cards can never leave their columns
(:func:`~solitaire_core.solver.blocked.stuck_cards`).

:func:`~solitaire_core.solver.solving.solve` runs the passes; this module is
also the place to search for other goals (``has_useful_moves`` looks for
progress). Limits are position counts (and, for interactive use only, an
optional time limit).

>>> from solitaire_core import REFLECHI, deal_position
>>> result = search(REFLECHI, deal_position(REFLECHI, 3), is_won, max_positions=100_000)
>>> result.status, len(result.moves) > 52
(<SolveStatus.SOLVED: 'solved'>, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable

from solitaire_core.position import Position
from solitaire_core.solver.reductions import (
    breaking_moves_are_redundant,
    placements_wait_for_cover,
    twins_are_interchangeable,
)
from solitaire_core.solver.result import (
    DEFAULT_MAX_POSITIONS,
    SolveResult,
    SolveStatus,
    require_search_arguments,
)
from solitaire_core.solver.searching import depth_first_loop
from solitaire_core.solver.steps import dominance_is_sound
from solitaire_core.variants import Variant


def search(
    variant: Variant,
    position: Position,
    goal: Callable[[Position], object],
    *,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    time_limit: float | None = None,
    fast: bool = False,
) -> SolveResult:
    """Depth-first search for a position where ``goal`` holds (see the module docs).

    Args:
        variant: the rules.
        position: the start.
        goal: the test for a position to reach, its answer taken for its
            truth (:func:`is_won` is read off the board directly; another goal
            is given each position reached).
        max_positions: the budget in distinct positions stored (an int >= 1).
        time_limit: optional wall-clock seconds (> 0; None: no time limit).
        fast: (taken for its truth) skip the moves that only break a built sequence
            (:func:`~solitaire_core.solver.board_steps.board_steps`); then exhausting
            the search proves nothing and is reported as ``UNKNOWN``, except
            where skipping them is proven to lose no win
            (:func:`~solitaire_core.solver.reductions.breaking_moves_are_redundant`
            and the dominance rule sound from ``position``: Klondike and
            Réfléchi deals): there both searches skip them and both prove.

    Returns:
        ``SOLVED`` with the line reaching the goal, ``UNWINNABLE`` when no
        reachable position meets it, ``UNKNOWN`` when a limit stopped the search.
        The line is not replayed here;
        :func:`~solitaire_core.solver.solving.solve` does that.

    Raises:
        InvalidArgumentError: (a ``ValueError``) for a bad budget, time limit
            or position type
            (:func:`~solitaire_core.solver.result.require_search_arguments`).
        PositionParseError: (a ``ValueError``) for a position a game cannot hold.
    """
    time_limit = require_search_arguments(variant, position, max_positions, time_limit)
    if goal(position):
        return SolveResult(SolveStatus.SOLVED, (), 1)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    dominance = dominance_is_sound(variant, position)
    redundant = dominance and breaking_moves_are_redundant(variant)
    # (flags and the goal's answers taken for their truth, in both builds)
    winning = goal is is_won
    return depth_first_loop(
        variant,
        position,
        goal,
        max_positions,
        deadline,
        winning=winning,
        skip_breaking=bool(fast) or redundant,
        proves=not fast or redundant,
        dominance=dominance,
        cover=winning and placements_wait_for_cover(variant),
        stuck=True,
        twins=winning and redundant and twins_are_interchangeable(variant),
    )


def is_won(position: Position) -> bool:
    """The goal of a solve: every card home (a ``goal`` for :func:`search`)."""
    return position.is_won
