"""Stock macro moves: every waste card reachable by drawing, as one step.

A solver that branches on ``d`` one card at a time wastes most of its effort
on the stock. As in OpenSpiel's Klondike and the Klondike-Solver literature,
the solver instead treats "draw (and recycle) until card X is on top, then
play X" as a single move. Draws commute with tableau moves, so nothing is lost.

The walk through the stock computes each state's stock and waste by slicing,
and builds a position only for the states whose top card can be played.
Only for games whose stock is turned onto a waste.
"""

from __future__ import annotations

from solitaire_core.moves import DRAW, RECYCLE, Move
from solitaire_core.position import Pile, Position
from solitaire_core.rules.apply import apply_move
from solitaire_core.rules.movegen import waste_card_moves
from solitaire_core.variants import Variant

_Walk = list[tuple[tuple[Move, ...], Pile, Pile, int]]


def _walk(variant: Variant, position: Position) -> _Walk:
    """``(actions, stock, waste, recycles)`` of each distinct state, nearest first."""
    seen = {len(position.waste)}
    states: _Walk = []
    actions: list[Move] = []
    limit = variant.recycle_limit
    draw = variant.draw_count
    stock, waste, recycles = position.stock, position.waste, position.recycles
    while True:
        if stock:
            n = min(draw, len(stock))
            waste = waste + stock[: -n - 1 : -1]
            stock = stock[:-n]
            actions.append(DRAW)
        elif waste and (limit is None or recycles < limit):
            stock, waste = waste[::-1], ()
            recycles += 1
            actions.append(RECYCLE)
            continue  # an empty waste is no new place to play from
        else:
            break
        if len(waste) in seen:
            if limit is None:
                break  # the walk is deterministic: from here on it repeats
            continue  # the same place with fewer recycles left is no better
        seen.add(len(waste))
        states.append((tuple(actions), stock, waste, recycles))
    return states


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
        that reaches it. With the cards of stock and waste fixed, a state is
        fixed by the waste's size, so the walk stops at the first repeat
        (unlimited recycles) or when no draw or recycle is legal. Empty for a
        game whose stock is not turned onto a waste.
    """
    if not variant.has_waste:
        return []
    return [
        (actions, with_stock(position, stock, waste, recycles))
        for actions, stock, waste, recycles in _walk(variant, position)
    ]


def stock_macros(variant: Variant, position: Position) -> list[tuple[tuple[Move, ...], Position]]:
    """Every "draw until X is on top, then play X" line, with the position it reaches.

    Returns:
        ``(moves, position_after)`` pairs: the moves are ``d``/``r`` actions
        followed by one waste move (to a foundation or a column). Empty for a
        game whose stock is not turned onto a waste.
    """
    if not variant.has_waste or position.is_won:
        return []
    macros = []
    for actions, stock, waste, recycles in _walk(variant, position):
        moves = waste_card_moves(variant, position, waste[-1])  # only the top card matters
        if not moves:
            continue
        state = with_stock(position, stock, waste, recycles)
        for move in moves:
            macros.append(((*actions, move), apply_move(variant, state, move)))
    return macros
