"""Stock macro moves: every waste card reachable by drawing, as one step.

A solver that branches on ``d`` one card at a time wastes most of its effort
on the stock. As in OpenSpiel's Klondike and the Klondike-Solver literature,
the solver instead treats "draw (and recycle) until card X is on top, then
play X" as a single move. Draws commute with tableau moves, so nothing is lost.

The walk runs on a board's talon
(:func:`~solitaire_core.solver.talon.talon_lines`): draws and recycles
only move the boundary between the waste and the stock, so a state of the walk
is a waste size and a recycle count, and no pile is built for it. This module
gives the walk on positions. Only for games whose stock is turned onto a waste.
"""

from __future__ import annotations

from solitaire_core.moves import Move
from solitaire_core.position import Pile, Position
from solitaire_core.solver.board_steps import positions_reached
from solitaire_core.solver.search_board import SearchBoard
from solitaire_core.solver.talon import macro_steps, talon_lines
from solitaire_core.variants import Variant


def with_stock(position: Position, stock: Pile, waste: Pile, recycles: int) -> Position:
    """``position`` with another stock, waste and recycle count (a state of its stock walk)."""
    return Position(
        position.tableau,
        position.face_down,
        stock,
        waste,
        position.foundations,
        recycles,
        position.reserve,
        position.foundation_base,
    )


def stock_states(variant: Variant, position: Position) -> list[tuple[tuple[Move, ...], Position]]:
    """The distinct stock/waste states reachable by draws and recycles alone.

    Returns:
        ``(actions, position)`` pairs, nearest first, not including the
        starting state; ``actions`` is the shortest list of ``d``/``r`` moves
        that reaches it (see :func:`~solitaire_core.solver.talon.talon_lines`).
        Empty for a game whose stock is not turned onto a waste.
    """
    if not variant.has_waste:
        return []
    board = SearchBoard(variant, position)
    lines, _ = talon_lines(variant, board)
    talon = board.talon
    recycles = board.recycles
    return [
        (
            actions,
            with_stock(
                position, tuple(reversed(talon[size:])), tuple(talon[:size]), recycles + spent
            ),
        )
        for actions, size, spent in lines
    ]


def stock_macros(variant: Variant, position: Position) -> list[tuple[tuple[Move, ...], Position]]:
    """Every "draw until X is on top, then play X" line, with the position it reaches.

    Returns:
        ``(moves, position_after)`` pairs: the moves are ``d``/``r`` actions
        followed by one waste move (to a foundation or a column). Empty for a
        game whose stock is not turned onto a waste.
    """
    if not variant.has_waste:
        return []
    board = SearchBoard(variant, position)
    if board.is_won:
        return []
    return positions_reached(board, macro_steps(variant, board))
