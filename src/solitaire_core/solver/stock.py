"""Stock macro moves: every waste card reachable by drawing, as one step.

A solver that branches on ``d`` one card at a time wastes most of its effort
on the stock. As in OpenSpiel's Klondike and the Klondike-Solver literature,
the solver instead treats "draw (and recycle) until card X is on top, then
play X" as a single move. Draws commute with tableau moves, so nothing is lost.

The walk runs on a board's talon (:attr:`~solitaire_core.rules.board.Board.talon`):
draws and recycles only move the boundary between the waste and the stock, so
a state of the walk is a waste size and a recycle count, and no pile is built
for it. Only for games whose stock is turned onto a waste.
"""

from __future__ import annotations

from solitaire_core.moves import DRAW, RECYCLE, Move
from solitaire_core.position import Pile, Position
from solitaire_core.rules.board import Board
from solitaire_core.variants import Variant

TalonState = tuple[int, int, int]
"""``(actions, waste size, recycles)``: a state of the walk, reached by its first actions."""
MacroStep = tuple[tuple[Move, ...], int, int, Move]
"""``(line, waste size, recycles, waste move)``: set the talon, then play the waste move.

``line`` is the whole macro move as atomic moves: its draws and recycles,
then the waste move."""


def talon_walk(variant: Variant, board: Board) -> tuple[list[Move], list[TalonState]]:
    """The distinct stock/waste states reachable from ``board`` by draws and recycles alone.

    Returns:
        ``(actions, states)``: the walk's draws and recycles in order, and
        each distinct state, nearest first, as ``(count, waste size,
        recycles)``: the first ``count`` actions reach it. The starting state
        is not included. With the talon fixed, a state is fixed by the waste's
        size, so the walk stops at the first repeat (unlimited recycles) or
        when no draw or recycle is legal (a state reached again with fewer
        recycles left is no better and is not listed again).
    """
    limit = variant.recycle_limit
    draw = variant.draw_count
    size = board.waste_size
    recycles = board.recycles
    total = len(board.talon)
    seen = {size}
    actions: list[Move] = []
    states: list[TalonState] = []
    while True:
        if size < total:
            size = min(size + draw, total)
            actions.append(DRAW)
        elif size and (limit is None or recycles < limit):
            size = 0
            recycles += 1
            actions.append(RECYCLE)
            continue  # an empty waste is no new place to play from
        else:
            break
        if size in seen:
            if limit is None:
                break  # the walk is deterministic: from here on it repeats
            continue
        seen.add(size)
        states.append((len(actions), size, recycles))
    return actions, states


def macro_steps(variant: Variant, board: Board) -> list[MacroStep]:
    """Every "draw until X is on top, then play X" line from ``board``, without playing it.

    In the walk's order (nearest state first), and for each state the waste
    card's moves in the generator's order. Empty for a game whose stock is not
    turned onto a waste, or a won board.
    """
    if not variant.has_waste or board.is_won:
        return []
    actions, states = talon_walk(variant, board)
    talon = board.talon
    steps: list[MacroStep] = []
    for count, size, recycles in states:
        moves = board.waste_card_moves(talon[size - 1])  # only the top card matters
        if moves:
            line = tuple(actions[:count])
            for move in moves:
                steps.append(((*line, move), size, recycles, move))
    return steps


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
        that reaches it (see :func:`talon_walk`). Empty for a game whose stock
        is not turned onto a waste.
    """
    if not variant.has_waste:
        return []
    board = Board(variant, position)
    actions, states = talon_walk(variant, board)
    talon = board.talon
    return [
        (
            tuple(actions[:count]),
            with_stock(position, tuple(reversed(talon[size:])), tuple(talon[:size]), recycles),
        )
        for count, size, recycles in states
    ]


def stock_macros(variant: Variant, position: Position) -> list[tuple[tuple[Move, ...], Position]]:
    """Every "draw until X is on top, then play X" line, with the position it reaches.

    Returns:
        ``(moves, position_after)`` pairs: the moves are ``d``/``r`` actions
        followed by one waste move (to a foundation or a column). Empty for a
        game whose stock is not turned onto a waste.
    """
    board = Board(variant, position)
    found = []
    for line, size, recycles, move in macro_steps(variant, board):
        waste_size, recycles_before = board.waste_size, board.recycles
        board.set_talon(size, recycles)
        info = board.play(move)
        found.append((line, board.to_position()))
        board.undo(move, info)
        board.set_talon(waste_size, recycles_before)
    return found
