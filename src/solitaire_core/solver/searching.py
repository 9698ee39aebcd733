"""The solver's search loops, on one board: depth first and best first.

Compiled with mypyc in the compiled build (:data:`solitaire_core.BUILD`).
Their public entry points check the arguments and call these:
:func:`~solitaire_core.solver.depth_first.search` (what the depth-first pass
finds and proves) and :func:`~solitaire_core.solver.best_first.best_first_search`
(the best-first pass). Both play and take back steps
(:func:`~solitaire_core.solver.board_steps.board_steps`) on one
:class:`~solitaire_core.rules.board.Board` and store positions by their
:meth:`~solitaire_core.rules.board.Board.search_hash`; the best-first pass
queues positions packed into bytes and loads each into its one board.

>>> from solitaire_core import REFLECHI, deal_position
>>> start = deal_position(REFLECHI, 3)
>>> result = depth_first_loop(
...     REFLECHI, start, lambda position: position.is_won, True, 100_000, None, True, True, True
... )
>>> result.status, len(result.moves) > 52
(<SolveStatus.SOLVED: 'solved'>, True)
>>> best_first_loop(REFLECHI, start, 100_000, None, 2, 3, True).status
<SolveStatus.SOLVED: 'solved'>
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable
from typing import Final

from solitaire_core.moves import Move
from solitaire_core.position import Position
from solitaire_core.rules.board import Board
from solitaire_core.solver.board_steps import (
    Played,
    Step,
    Table,
    board_steps,
    play_step,
    undo_step,
)
from solitaire_core.solver.result import SolveResult, SolveStatus
from solitaire_core.variants import Variant

_ROOT: Final = -1
"""The line of the start: no step before it."""


def depth_first_loop(
    variant: Variant,
    position: Position,
    goal: Callable[[Position], object],
    winning: bool,
    max_positions: int,
    deadline: float | None,
    skip_breaking: bool,
    proves: bool,
    dominance: bool,
    takebacks: bool = True,
    talon_cycles: bool = True,
) -> SolveResult:
    """The depth-first search of :func:`~solitaire_core.solver.depth_first.search`.

    ``winning``: the goal is a won game (read off the board; ``goal`` is not
    called). ``deadline``: a ``time.monotonic()`` reading to stop at, or None.
    ``skip_breaking``: leave out the moves that only break a built sequence
    (the ``fast`` steps of :func:`~solitaire_core.solver.board_steps.board_steps`).
    ``proves``: a search that runs out of positions to try answers
    ``UNWINNABLE`` (else ``UNKNOWN``). ``dominance``: forced moves home may be used
    (:func:`~solitaire_core.solver.steps.dominance_is_sound`), and with
    ``takebacks`` the take-backs they would undo at once are skipped
    (:func:`~solitaire_core.solver.board_steps.board_steps`).
    ``talon_cycles``: positions are stored by
    :meth:`~solitaire_core.rules.board.Board.search_hash` (else by
    :meth:`~solitaire_core.rules.board.Board.position_hash`; the tests compare
    the two). The arguments are not checked here.
    """
    board = Board(variant, position)
    seen = Table(variant)
    seen.store(_key(board, talon_cycles), board.recycles)
    # One list of steps per depth, the next step to try at each, the steps played.
    pending: list[list[Step]] = [
        board_steps(variant, board, fast=skip_breaking, dominance=dominance, takebacks=takebacks)
    ]
    tried: list[int] = [0]
    played: list[Played] = []
    while pending:
        steps = pending[-1]
        index = tried[-1]
        if index == len(steps):
            pending.pop()
            tried.pop()
            if played:
                undo_step(board, played.pop())
            continue
        tried[-1] = index + 1
        step = play_step(board, steps[index])
        key = _key(board, talon_cycles)
        if seen.has(key, board.recycles):
            undo_step(board, step)
            continue
        if len(seen) >= max_positions:
            return SolveResult(SolveStatus.UNKNOWN, (), len(seen))
        seen.store(key, board.recycles)
        played.append(step)
        if board.is_won if winning else bool(goal(board.to_position())):
            line = tuple(move for done in played for move in done[0][0])
            return SolveResult(SolveStatus.SOLVED, line, len(seen))
        if deadline is not None and not len(seen) & 255 and time.monotonic() > deadline:
            return SolveResult(SolveStatus.UNKNOWN, (), len(seen))
        steps = board_steps(
            variant, board, fast=skip_breaking, dominance=dominance, takebacks=takebacks
        )
        pending.append(steps)
        tried.append(0)
    return SolveResult(SolveStatus.UNWINNABLE if proves else SolveStatus.UNKNOWN, (), len(seen))


def best_first_loop(
    variant: Variant,
    position: Position,
    max_positions: int,
    deadline: float | None,
    weight: int,
    breadth: int,
    dominance: bool,
) -> SolveResult:
    """The search of :func:`~solitaire_core.solver.best_first.best_first_search`.

    ``deadline``: a ``time.monotonic()`` reading to stop at, or None;
    ``dominance`` as for :func:`depth_first_loop`. The arguments are not
    checked here.
    """
    start = Board(variant, position)
    seen = Table(variant)
    seen.store(start.search_hash(), start.recycles)
    queued = 0
    # Every queued position's line is its last step's moves and the line before it,
    # the line of a queued position (an index into these two lists; -1: the start).
    last_moves: list[tuple[Move, ...]] = []
    earlier: list[int] = []
    # (f, -arrival: newest first among equals, g, packed board, line)
    queue: list[tuple[int, int, int, bytes, int]] = [(0, 0, 0, start.pack(), _ROOT)]
    board = start
    while queue:
        _, _, played, packed, line = heapq.heappop(queue)
        if deadline is not None and time.monotonic() > deadline:
            break
        board.load(packed)
        candidates: list[tuple[int, int, int, int, Step]] = []
        steps = board_steps(variant, board, fast=True, dominance=dominance)
        for index, step in enumerate(steps):
            done = play_step(board, step)
            key = board.search_hash()
            recycles = board.recycles
            if seen.has(key, recycles):
                undo_step(board, done)
                continue
            if board.is_won:
                if len(seen) >= max_positions:
                    return SolveResult(SolveStatus.UNKNOWN, (), len(seen))
                moves = _unwind(last_moves, earlier, line) + step[0]
                return SolveResult(SolveStatus.SOLVED, moves, len(seen) + 1)
            estimate = played + len(step[0]) + weight * _moves_left(board)
            candidates.append((estimate, index, key, recycles, step))
            undo_step(board, done)
        candidates.sort()  # by estimate, then generation order (unique: nothing further compared)
        for estimate, _, key, recycles, step in candidates[:breadth]:
            if len(seen) >= max_positions:
                return SolveResult(SolveStatus.UNKNOWN, (), len(seen))
            seen.store(key, recycles)
            queued += 1
            done = play_step(board, step)
            child = board.pack()
            undo_step(board, done)
            last_moves.append(step[0])
            earlier.append(line)
            entry = (estimate, -queued, played + len(step[0]), child, len(earlier) - 1)
            heapq.heappush(queue, entry)
    return SolveResult(SolveStatus.UNKNOWN, (), len(seen))


def _key(board: Board, talon_cycles: bool) -> int:
    """The board's table key: its search hash (with ``talon_cycles`` off, its position hash)."""
    return board.search_hash() if talon_cycles else board.position_hash()


def _moves_left(board: Board) -> int:
    """moves_left_estimate (best_first.py) of the board's position."""
    hidden = sum(board.face_down) + len(board.talon) - board.waste_size + len(board.reserve)
    return 2 * (13 * len(board.foundations) - board.cards_home) + hidden


def _unwind(last_moves: list[tuple[Move, ...]], earlier: list[int], line: int) -> tuple[Move, ...]:
    """The atomic moves of a queued line, first move first."""
    macros: list[tuple[Move, ...]] = []
    while line != _ROOT:
        macros.append(last_moves[line])
        line = earlier[line]
    return tuple(move for macro in reversed(macros) for move in macro)


__all__ = ["best_first_loop", "depth_first_loop"]
