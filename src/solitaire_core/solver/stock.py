"""Stock macro moves: every waste card reachable by drawing, as one step.

A solver that branches on ``d`` one card at a time wastes most of its effort
on the stock. As in OpenSpiel's Klondike and the Klondike-Solver literature,
the solver instead treats "draw (and recycle) until card X is on top, then
play X" as a single move. Draws commute with tableau moves, so nothing is lost.
"""

from __future__ import annotations

from solitaire_core.moves import DRAW, RECYCLE, Move
from solitaire_core.position import Position
from solitaire_core.rules import waste_moves
from solitaire_core.rules.apply import apply_move
from solitaire_core.variants import Variant


def stock_states(variant: Variant, position: Position) -> list[tuple[tuple[Move, ...], Position]]:
    """The distinct stock/waste states reachable by draws and recycles alone.

    Returns:
        ``(actions, position)`` pairs, nearest first, not including the
        starting state; ``actions`` is the shortest list of ``d``/``r`` moves
        that reaches it. With the cards of stock and waste fixed, a state is
        fixed by the waste's size, so the walk stops at the first repeat
        (unlimited recycles) or when no draw or recycle is legal.
    """
    seen = {len(position.waste)}
    states: list[tuple[tuple[Move, ...], Position]] = []
    actions: list[Move] = []
    limit = variant.recycle_limit
    current = position
    while True:
        if current.stock:
            step = DRAW
        elif current.waste and (limit is None or current.recycles < limit):
            step = RECYCLE
        else:
            break
        current = apply_move(variant, current, step)
        actions.append(step)
        if step is RECYCLE:
            continue  # an empty waste is no new place to play from
        if len(current.waste) in seen:
            if limit is None:
                break  # the walk is deterministic: from here on it repeats
            continue  # the same place with fewer recycles left is no better
        seen.add(len(current.waste))
        states.append((tuple(actions), current))
    return states


def stock_macros(variant: Variant, position: Position) -> list[tuple[tuple[Move, ...], Position]]:
    """Every "draw until X is on top, then play X" line, with the position it reaches.

    Returns:
        ``(moves, position_after)`` pairs: the moves are ``d``/``r`` actions
        followed by one waste move (to a foundation or a column).
    """
    macros = []
    for actions, state in stock_states(variant, position):
        for move in waste_moves(variant, state):  # only the waste's moves: the rest is the same
            macros.append(((*actions, move), apply_move(variant, state, move)))
    return macros
