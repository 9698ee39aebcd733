"""The solver's best-first pass: a weighted best-first search for a win.

Depth-first search commits to its first choices and can spend its whole budget
under one early mistake. This pass instead keeps every open position in a
priority queue and always expands the one that looks closest to a win, the
estimate being ``f = g + weight * h``: ``g`` the atomic moves played so far
(draws and recycles included), ``h`` :func:`moves_left_estimate`. A weight
above 1 makes the search greedy (weighted A*, Pohl 1970): it finds long but
quick wins. From each expanded position only the ``breadth`` best children
enter the queue, so the queue holds few positions that are never looked at
(a beam inside best-first search, as in the fast mode of Klondike-Solver).
The queue holds each position packed into bytes
(:meth:`~solitaire_core.rules.board.Board.pack`), with the line that reached it.

Steps come from :func:`~solitaire_core.solver.steps.board_steps` in its fast
form (no moves that only break a built sequence), so exhausting this search
proves nothing: it answers ``SOLVED`` or ``UNKNOWN`` and leaves proofs of
unwinnability to the complete depth-first pass of
:func:`~solitaire_core.solver.solving.solve`.

>>> from solitaire_core import KLONDIKE, deal_position
>>> result = best_first_search(KLONDIKE, deal_position(KLONDIKE, 6), max_positions=50_000)
>>> result.status
<SolveStatus.SOLVED: 'solved'>
"""

from __future__ import annotations

import heapq
import time

from solitaire_core.moves import Move
from solitaire_core.position import Position
from solitaire_core.rules.board import Board
from solitaire_core.solver.result import (
    DEFAULT_MAX_POSITIONS,
    SolveResult,
    SolveStatus,
    check_count,
    check_search_arguments,
)
from solitaire_core.solver.steps import (
    Step,
    Table,
    board_steps,
    dominance_is_sound,
    play_step,
    undo_step,
)
from solitaire_core.variants import Variant

DEFAULT_WEIGHT = 2
"""How much the estimate counts against the moves already played (2: greedy)."""
DEFAULT_BREADTH = 3
"""How many children of an expanded position enter the queue, best first."""

_ROOT = -1
"""The line of the start: no step before it."""


def moves_left_estimate(position: Position) -> int:
    """A rough count of the moves a win still needs: the search's ``h``.

    Two per card not yet home (one move to a column or the waste's play, one
    home), one per face-down card (the cards on it must move first) and one per
    stock and reserve card (each must be drawn or uncovered). Not a lower
    bound: the search uses it to compare positions, not to prove anything.

    Returns:
        A count of moves, 0 for a won position.

    >>> from solitaire_core import KLONDIKE, deal_position
    >>> moves_left_estimate(deal_position(KLONDIKE, 1))  # 2 * 52 + 21 face down + 24 in the stock
    149
    """
    home = sum(position.foundations)
    cards = 13 * len(position.foundations)
    hidden = sum(position.face_down) + len(position.stock) + len(position.reserve)
    return 2 * (cards - home) + hidden


def best_first_search(
    variant: Variant,
    position: Position,
    *,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    time_limit: float | None = None,
    weight: int = DEFAULT_WEIGHT,
    breadth: int = DEFAULT_BREADTH,
) -> SolveResult:
    """Look for a winning line, most promising positions first (see the module docs).

    Args:
        variant: the rules (any variant).
        position: the start.
        max_positions: the budget in distinct positions queued (an int >= 1).
        time_limit: optional wall-clock seconds (> 0; None: no time limit).
        weight: the weight of the estimate in ``f = g + weight * h`` (an int >= 1).
        breadth: children queued per expanded position, best first (an int >= 1).

    Returns:
        ``SOLVED`` with the winning line (atomic moves, first move first; not
        replayed here: :func:`~solitaire_core.solver.solving.solve` does that)
        or ``UNKNOWN`` when the budget, the time limit or the pruned search
        space ran out first. Never ``UNWINNABLE``.

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``max_positions``,
            ``weight`` or ``breadth`` is not an int >= 1, or for a bad time
            limit or position type
            (:func:`~solitaire_core.solver.result.check_search_arguments`).
        PositionParseError: (a ``ValueError``) for a position a game cannot hold.
    """
    time_limit = check_search_arguments(variant, position, max_positions, time_limit)
    check_count("weight", weight)
    check_count("breadth", breadth)
    if position.is_won:
        return SolveResult(SolveStatus.SOLVED, (), 1)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    start = Board(variant, position)
    seen = Table(variant)
    seen.store(start.position_hash(), start.recycles)
    dominance = dominance_is_sound(variant, position)
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
            key = board.position_hash()
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


def _moves_left(board: Board) -> int:
    """:func:`moves_left_estimate` of the board's position."""
    hidden = sum(board.face_down) + len(board.talon) - board.waste_size + len(board.reserve)
    return 2 * (13 * len(board.foundations) - board.cards_home) + hidden


def _unwind(last_moves: list[tuple[Move, ...]], earlier: list[int], line: int) -> tuple[Move, ...]:
    """The atomic moves of a queued line, first move first."""
    macros: list[tuple[Move, ...]] = []
    while line != _ROOT:
        macros.append(last_moves[line])
        line = earlier[line]
    return tuple(move for macro in reversed(macros) for move in macro)
