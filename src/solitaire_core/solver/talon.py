"""The stock walk on a board's talon, and the stock macro steps it gives.

A solver that branches on ``d`` one card at a time wastes most of its effort
on the stock, so the searches play "draw (and recycle) until card X is on
top, then play X" as one step, a stock macro
(:mod:`solitaire_core.solver.stock` gives them on positions). The walk runs
on the talon of a :class:`~solitaire_core.solver.search_board.SearchBoard`:
draws and recycles only move the boundary between the waste and the stock
(:attr:`~solitaire_core.rules.board.Board.talon`), so a state of the walk is a
waste size and a recycle count, no pile is built for it, and a step jumps to
it (:meth:`~solitaire_core.solver.search_board.SearchBoard.set_talon`). The
walk depends only on the draw count, the passes left, the waste's size and
the talon's, so it is made once for each of these (:func:`talon_lines`).

Compiled with mypyc in the compiled build (:data:`solitaire_core.BUILD`).

>>> from solitaire_core import KLONDIKE, deal_code_position
>>> from solitaire_core.solver.search_board import SearchBoard
>>> board = SearchBoard(KLONDIKE, deal_code_position("KL1-D1N-AAAAAAG"))
>>> lines, sizes = talon_lines(KLONDIKE, board)
>>> len(lines), sizes[:3]
(24, (1, 2, 3))
>>> line, size, spent = lines[2]
>>> " ".join(str(move) for move in line), size, spent
('d d d', 3, 0)
>>> [" ".join(str(move) for move in step[0]) for step in macro_steps(KLONDIKE, board)][:2]
['d d d wf', 'd d d d w3']
"""

from __future__ import annotations

import functools

from solitaire_core.moves import DRAW, RECYCLE, Move
from solitaire_core.solver.search_board import SearchBoard
from solitaire_core.variants import Variant

Step = tuple[tuple[Move, ...], int, int, Move]
"""A step of the search: ``(line, waste size, recycles, move)``.

``line`` is the step's atomic moves (one move, or a stock macro's draws and
recycles then its waste move); ``move`` is the move to play once the talon is
set to ``waste size`` and ``recycles`` (a waste size of -1: leave the talon as
it is)."""
MacroStep = Step
"""A stock macro as a step: ``(line, waste size, recycles, waste move)``: set the talon,
then play the waste move; ``line`` is its draws and recycles, then the waste move."""
TalonLine = tuple[tuple[Move, ...], int, int]
"""A state of the stock walk: ``(line, waste size, recycles spent)``, ``line`` the draws and
recycles that reach it."""
TalonLines = tuple[tuple[TalonLine, ...], tuple[int, ...]]
"""The states of a stock walk (:data:`TalonLine`), nearest first, and their waste sizes."""


def talon_lines(variant: Variant, board: SearchBoard) -> TalonLines:
    """The distinct stock/waste states reachable from ``board`` by draws and recycles alone.

    Returns:
        ``(lines, sizes)``: each state, nearest first, as ``(line, waste
        size, recycles spent)`` (:data:`TalonLine`: ``line`` is the draws and
        recycles that reach it, the fewest), and the waste sizes alone, in the
        same order. The starting state is not included. With the talon fixed,
        a state is fixed by the waste's size, so the walk stops at the first
        repeat (unlimited recycles) or when no draw or recycle is legal (a
        state reached again with fewer recycles left is no better and is not
        listed again). Cached per draw count, passes left, waste size and
        talon size (:func:`_walk`).
    """
    limit = variant.recycle_limit
    left = None if limit is None else max(limit - board.recycles, 0)
    return _walk(variant.draw_count, left, board.waste_size, len(board.talon))


@functools.lru_cache(maxsize=4096)
def _walk(draw: int, left: int | None, size: int, total: int) -> TalonLines:
    """:func:`talon_lines` from a waste of ``size`` cards of a talon of ``total``.

    ``left``: the recycles left (None: no limit); ``draw``: the cards a draw turns.
    """
    seen = {size}
    actions: list[Move] = []
    lines: list[TalonLine] = []
    spent = 0
    while True:
        if size < total:
            size = min(size + draw, total)
            actions.append(DRAW)
        elif size and (left is None or spent < left):
            size = 0
            spent += 1
            actions.append(RECYCLE)
            continue  # an empty waste is no new place to play from
        else:
            break
        if size in seen:
            if left is None:
                break  # the walk is deterministic: from here on it repeats
            continue
        seen.add(size)
        lines.append((tuple(actions), size, spent))
    return tuple(lines), tuple(size for _, size, _ in lines)


def macro_steps(variant: Variant, board: SearchBoard) -> list[MacroStep]:
    """Every "draw until X is on top, then play X" line from ``board``, without playing it.

    In the walk's order (nearest state first), and for each state the waste
    card's moves in the generator's order
    (:meth:`~solitaire_core.solver.search_board.SearchBoard.waste_plays`).
    For a game whose stock is turned onto a waste (not checked; empty when
    no draw or recycle is legal). The step generator
    (:func:`~solitaire_core.solver.board_steps.board_steps`) makes the same
    steps from :func:`talon_lines` itself, with their priorities.
    """
    recycles = board.recycles
    lines, sizes = talon_lines(variant, board)
    steps: list[MacroStep] = []
    for state, move in board.waste_plays(sizes):  # only the top card matters
        line, size, spent = lines[state]
        steps.append(((*line, move), size, recycles + spent, move))
    return steps


__all__ = ["MacroStep", "Step", "TalonLine", "TalonLines", "macro_steps", "talon_lines"]
