"""The solver's search loops, on one board: depth first and best first.

Compiled with mypyc in the compiled build (:data:`solitaire_core.BUILD`).
Each search is an object that can be paused and resumed: :meth:`DepthFirst.run` and
:meth:`BestFirst.run` go on from where the last call stopped until the search's table holds a given
number of positions, a deadline passes, or the search decides or runs out of positions to try, so
:func:`~solitaire_core.solver.solving.solve` can give each search its budget in growing slices.
Their public entry points check the arguments and run them in one go:
:func:`~solitaire_core.solver.depth_first.search` (what the depth-first pass finds and proves) and
:func:`~solitaire_core.solver.best_first.best_first_search` (the best-first pass). Both play and
take back steps (:func:`~solitaire_core.solver.board_steps.board_steps`) on one
:class:`~solitaire_core.solver.search_board.SearchBoard` and store positions by their
:meth:`~solitaire_core.solver.search_board.SearchBoard.search_hash`; the best-first pass queues
positions packed into bytes and loads each into its one board.

>>> from solitaire_core import REFLECHI, deal_position
>>> start = deal_position(REFLECHI, 3)
>>> result = depth_first_loop(
...     REFLECHI, start, lambda position: position.is_won, 100_000, None,
...     winning=True, skip_breaking=True, proves=True, dominance=True,
... )
>>> result.status, len(result.moves) > 52
(<SolveStatus.SOLVED: 'solved'>, True)
>>> best_first_loop(REFLECHI, start, 100_000, None, 2, 3, dominance=True).status
<SolveStatus.SOLVED: 'solved'>

Paused and resumed, a search finds what it finds in one go:

>>> search = BestFirst(REFLECHI, start, 2, 3, dominance=True)
>>> search.run(100, None).status, search.positions, search.exhausted
(<SolveStatus.UNKNOWN: 'unknown'>, 100, False)
>>> search.run(100_000, None).status
<SolveStatus.SOLVED: 'solved'>
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Sequence
from typing import Final

from solitaire_core.moves import Move
from solitaire_core.position import Position
from solitaire_core.rules.board import KIND_COLUMN_TO_COLUMN, KIND_WASTE_TO_COLUMN
from solitaire_core.solver.blocked import LockFinder, stuck_cards
from solitaire_core.solver.board_steps import (
    Played,
    Step,
    Table,
    board_steps,
    covering_steps,
    play_step,
    undo_step,
)
from solitaire_core.solver.estimate import UNCOVERING, estimated_moves_left
from solitaire_core.solver.result import SolveResult, SolveStatus
from solitaire_core.solver.search_board import HashParts, SearchBoard
from solitaire_core.variants import Variant

_ROOT: Final = -1
"""The line of the start: no step before it."""
"""(A module constant: reading a member off its enum class costs more in CPython 3.11.)"""
_HOME_STEPS: Final = tuple(
    ((move,), -1, 0, move) for move in (Move.column_to_foundation(column) for column in range(30))
)
"""The step that sends a column's top card home, by column (0-based): after a twin exchange."""
_CLOCK_EVERY: Final = 256
"""A depth-first search with a deadline reads the clock when its table size is a multiple
of this."""


class _Resumable:
    """What the two searches share: one board, a table holding the start, a cached verdict.

    Attributes:
        exhausted: True once the search has nothing left to try.
    """

    def __init__(
        self,
        variant: Variant,
        position: Position,
        *,
        talon_cycles: bool,
        twins: bool = False,
        avoid: Sequence[Position] = (),
        locks: bool = False,
    ) -> None:
        self._variant = variant
        self._board = SearchBoard(variant, position)
        finder = LockFinder(variant)
        self._locks = finder if locks and finder.proves else None
        if twins:
            self._board.merge_twins()
        self._seen = Table(variant)
        self._seen.store(_key(self._board, talon_cycles=talon_cycles), self._board.recycles)
        self._avoided: set[int] = set()
        for avoided in avoid:  # stored as if searched already: never entered
            board = SearchBoard(variant, avoided)
            if twins:
                board.merge_twins()
            key = _key(board, talon_cycles=talon_cycles)
            self._avoided.add(key)
            self._seen.store(key, board.recycles)
        self._result: SolveResult | None = None
        self.exhausted = False

    @property
    def positions(self) -> int:
        """How many positions the table holds (the start included)."""
        return len(self._seen)

    def _locked(self) -> bool:
        """True when the board's position is lost by a lock (and the search prunes locks)."""
        locks = self._locks
        if locks is None:
            return False
        board = self._board
        return (
            locks.find(
                board.columns,
                board.face_down,
                board.talon,
                board.waste_size,
                board.reserve,
                board.foundations,
                board.foundation_base,
                board.recycles,
            )
            > 0
        )


class DepthFirst(_Resumable):
    """The depth-first search of :func:`~solitaire_core.solver.depth_first.search`, resumable.

    ``winning``: the goal is a won game (read off the board; ``goal`` is not
    called). ``skip_breaking``: leave out the moves that only break a built
    sequence (the ``fast`` steps of
    :func:`~solitaire_core.solver.board_steps.board_steps`). ``proves``: a
    search that runs out of positions to try answers ``UNWINNABLE`` (else
    ``UNKNOWN``). ``dominance``: forced moves home may be used
    (:func:`~solitaire_core.solver.steps.dominance_is_sound`), and with
    ``takebacks`` the take-backs they would undo at once are skipped
    (:func:`~solitaire_core.solver.board_steps.board_steps`).
    ``talon_cycles``: positions are stored by
    :meth:`~solitaire_core.solver.search_board.SearchBoard.search_hash` (else by
    :meth:`~solitaire_core.solver.search_board.SearchBoard.position_hash`; the tests compare
    the two). ``cover``: a waste card played to a column must be covered by
    the next move (:func:`~solitaire_core.solver.reductions.placements_wait_for_cover`;
    only for a won game as the goal). ``stuck``: a proving search for a won
    game answers ``UNWINNABLE`` at once, with one position, when cards of the
    start can never leave their columns
    (:func:`~solitaire_core.solver.blocked.stuck_cards`). ``locks``: every
    position stored is checked for cards that can never leave their columns
    (:class:`~solitaire_core.solver.blocked.LockFinder`; where the rule judges
    the game), and one with any is lost: nothing is tried from it (it counts
    among the positions stored). ``twins``: twin
    positions are stored as one
    (:func:`~solitaire_core.solver.reductions.twins_are_interchangeable`;
    only with ``talon_cycles`` and ``dominance``, for a won game as the goal).
    ``avoid``: positions the search never enters (stored as if already
    searched, under the same key, so with ``talon_cycles`` a position differing
    only in where the waste stands on its cycle is avoided too; they count
    among the positions stored); where the one step that ``dominance`` forces
    leads to one of them, every step is tried instead. A start that meets the goal is ``SOLVED``
    at once, with no moves. The arguments are not checked here.

    Attributes:
        positions: how many positions the table holds (the start included).
        exhausted: True once every reachable position was tried (the search
            has answered ``UNWINNABLE``, or ``UNKNOWN`` when it does not prove).
    """

    def __init__(
        self,
        variant: Variant,
        position: Position,
        goal: Callable[[Position], object],
        *,
        winning: bool,
        skip_breaking: bool,
        proves: bool,
        dominance: bool,
        takebacks: bool = True,
        talon_cycles: bool = True,
        cover: bool = False,
        stuck: bool = False,
        locks: bool = False,
        twins: bool = False,
        avoid: Sequence[Position] = (),
    ) -> None:
        super().__init__(
            variant, position, talon_cycles=talon_cycles, twins=twins, avoid=avoid, locks=locks
        )
        self._twins = twins
        self._cover = cover
        self._goal = goal
        self._winning = winning
        self._skip_breaking = skip_breaking
        self._proves = proves
        self._dominance = dominance
        self._takebacks = takebacks
        self._talon_cycles = talon_cycles
        # One list of steps per depth, the next step to try at each, the steps played.
        self._pending: list[list[Step]] = [[] if self._locked() else self._steps(-1)]
        self._tried: list[int] = [0]
        self._played: list[Played] = []
        # The hash parts of each position on the line (its steps are taken back into it).
        self._parts: list[HashParts] = [self._board.hash_parts()]
        if self._board.is_won if winning else bool(goal(position)):
            self._result = SolveResult(SolveStatus.SOLVED, (), 1)
        elif stuck and winning and proves and stuck_cards(variant, position):
            self._result = SolveResult(SolveStatus.UNWINNABLE, (), 1)

    def run(self, max_positions: int, deadline: float | None) -> SolveResult:
        """Go on from where the last call stopped.

        The search stops when its table holds ``max_positions`` positions
        (its total, not this call's), when ``deadline`` (a
        ``time.monotonic()`` reading, or None) has passed, or when it decides
        or is exhausted.

        Returns:
            ``SOLVED`` with the line from the start, ``UNWINNABLE`` (or, when
            it does not prove, ``UNKNOWN`` with :attr:`exhausted`) once
            exhausted, or ``UNKNOWN`` when paused; ``positions`` is the
            table's size. Once decided or exhausted, the same result again.
        """
        if self._result is not None:
            return self._result
        board, seen, pending, tried, played, parts = (
            self._board,
            self._seen,
            self._pending,
            self._tried,
            self._played,
            self._parts,
        )
        talon_cycles, cover, winning, goal, twins = (
            self._talon_cycles,
            self._cover,
            self._winning,
            self._goal,
            self._twins,
        )
        # (play_step and undo_step written out: this loop plays and takes back every step)
        while pending:
            steps = pending[-1]
            index = tried[-1]
            if index == len(steps):
                pending.pop()
                tried.pop()
                parts.pop()
                if played:
                    undo_step(board, played.pop())
                    board.restore_hash_parts(parts[-1])
                continue
            step = steps[index]
            _, size, recycles, move = step
            before_size, before_recycles = board.waste_size, board.recycles
            if size >= 0:
                board.set_talon(size, recycles)
            info = board.play(move)
            homing = -1  # the column whose top card must go home next (after a twin exchange)
            if twins and move.kind is KIND_COLUMN_TO_COLUMN:
                uncovered = board.twin_uncovered(move, info)
                if uncovered >= 0 and board.goes_home(uncovered):
                    assert move.source is not None
                    homing = move.source
                    key = board.search_hash_homing(uncovered)
            if homing < 0:
                key = board.search_hash() if talon_cycles else board.position_hash()
            known = seen.has(key, board.recycles)
            waiting = -1  # the column whose new top card the next move must cover
            if not known and cover and homing < 0 and move.kind is KIND_WASTE_TO_COLUMN:
                # (when the same position free of the duty is stored, this one is skipped)
                assert move.target is not None
                waiting = move.target
                key = board.search_hash_waiting(board.columns[waiting][-1])
                known = seen.has(key, board.recycles)
            if known or len(seen) >= max_positions:
                board.undo(move, info)
                if size >= 0:
                    board.set_talon(before_size, before_recycles)
                board.restore_hash_parts(parts[-1])
                if known:
                    tried[-1] = index + 1
                    continue
                return SolveResult(SolveStatus.UNKNOWN, (), len(seen))  # paused: tried again
            tried[-1] = index + 1
            seen.store(key, board.recycles)
            played.append((step, info, before_size, before_recycles))
            if board.is_won if winning else bool(goal(board.to_position())):
                line = tuple(move for done in played for move in done[0][0])
                self._result = SolveResult(SolveStatus.SOLVED, line, len(seen))
                return self._result
            if self._locked():
                pending.append([])  # lost: a lock (solver/blocked.py), nothing to try from it
            else:
                pending.append(self._steps(waiting) if homing < 0 else [_HOME_STEPS[homing]])
            tried.append(0)
            parts.append(board.hash_parts())
            if (
                deadline is not None
                and not len(seen) % _CLOCK_EVERY
                and time.monotonic() > deadline
            ):
                return SolveResult(SolveStatus.UNKNOWN, (), len(seen))
        self.exhausted = True
        verdict = SolveStatus.UNWINNABLE if self._proves else SolveStatus.UNKNOWN
        self._result = SolveResult(verdict, (), len(seen))
        return self._result

    def _steps(self, waiting: int) -> list[Step]:
        """The steps to try from the board's position.

        Only those that cover column ``waiting``'s top card when it is a
        column (0-based), not -1.
        """
        steps = self._board_steps(dominance=self._dominance)
        if self._avoided and self._dominance and len(steps) == 1 and self._avoids(steps[0]):
            steps = self._board_steps(dominance=False)  # the forced step is avoided: every step
        return steps if waiting < 0 else covering_steps(steps, waiting)

    def _board_steps(self, *, dominance: bool) -> list[Step]:
        return board_steps(
            self._variant,
            self._board,
            fast=self._skip_breaking,
            dominance=dominance,
            takebacks=self._takebacks,
            skip_swaps=True,  # (the table holds the board's position: a swap reaches it)
            twins=self._twins,
            proves=self._proves,
        )

    def _avoids(self, step: Step) -> bool:
        """True when ``step`` leads to an avoided position (the board is left as it was)."""
        board = self._board
        parts = board.hash_parts()
        played = play_step(board, step)
        key = _key(board, talon_cycles=self._talon_cycles)
        undo_step(board, played)
        board.restore_hash_parts(parts)
        return key in self._avoided


def depth_first_loop(
    variant: Variant,
    position: Position,
    goal: Callable[[Position], object],
    max_positions: int,
    deadline: float | None,
    *,
    winning: bool,
    skip_breaking: bool,
    proves: bool,
    dominance: bool,
    takebacks: bool = True,
    talon_cycles: bool = True,
    cover: bool = False,
    stuck: bool = False,
    locks: bool = False,
    twins: bool = False,
) -> SolveResult:
    """A :class:`DepthFirst` search (same arguments) run in one go up to ``max_positions``."""
    search = DepthFirst(
        variant,
        position,
        goal,
        winning=winning,
        skip_breaking=skip_breaking,
        proves=proves,
        dominance=dominance,
        takebacks=takebacks,
        talon_cycles=talon_cycles,
        cover=cover,
        stuck=stuck,
        locks=locks,
        twins=twins,
    )
    return search.run(max_positions, deadline)


class BestFirst(_Resumable):
    """The search of :func:`~solitaire_core.solver.best_first.best_first_search`, resumable.

    ``weight`` and ``breadth`` as there, ``estimate`` its estimate's index in
    :data:`~solitaire_core.solver.estimate.ESTIMATES`; ``dominance``, ``locks`` and ``avoid``
    as for :class:`DepthFirst` (a queued position with a lock is not
    expanded). A won start is ``SOLVED`` at once, with no moves. The
    arguments are not checked here.

    Attributes:
        positions: how many positions the table holds (the start included).
        exhausted: True once the queue ran empty (the beam ran dry: the
            search answers ``UNKNOWN``, as it proves nothing).
    """

    def __init__(
        self,
        variant: Variant,
        position: Position,
        weight: int,
        breadth: int,
        *,
        dominance: bool,
        locks: bool = False,
        avoid: Sequence[Position] = (),
        estimate: int = UNCOVERING,
    ) -> None:
        super().__init__(variant, position, talon_cycles=True, avoid=avoid, locks=locks)
        self._weight = weight
        self._estimate = estimate
        self._breadth = breadth
        self._dominance = dominance
        board = self._board
        self._queued = 0
        # Every queued position's line is its last step's moves and the line before it,
        # the line of a queued position (an index into these two lists; -1: the start).
        self._last_moves: list[tuple[Move, ...]] = []
        self._earlier: list[int] = []
        # (f, -arrival: newest first among equals, g, packed board, line)
        self._queue: list[tuple[int, int, int, bytes, int]] = [(0, 0, 0, board.pack(), _ROOT)]
        # The children of the last position expanded still to store (paused in between):
        # (estimate, key, recycles, step, packed child), with that position's g and line.
        self._children: list[tuple[int, int, int, Step, bytes]] = []
        self._next_child = 0
        self._parent: tuple[int, int] = (0, _ROOT)
        # The line of the first of those children (the others follow it): the board holds
        # their parent between expansions.
        self._first_child = 0
        if board.is_won:
            self._result = SolveResult(SolveStatus.SOLVED, (), 1)

    def run(self, max_positions: int, deadline: float | None) -> SolveResult:
        """Go on from where the last call stopped (as :meth:`DepthFirst.run`).

        The search stops when its table holds ``max_positions`` positions,
        when ``deadline`` has passed, when a win is found or when the queue
        runs empty.

        Returns:
            ``SOLVED`` with the line from the start, else ``UNKNOWN``
            (:attr:`exhausted` tells a dry beam from a pause); ``positions``
            is the table's size.
        """
        if self._result is not None:
            return self._result
        board, seen, queue = self._board, self._seen, self._queue
        while True:
            paused = self._next_child < len(self._children)  # in the middle of an expansion
            if paused and not self._store_children(max_positions):
                return SolveResult(SolveStatus.UNKNOWN, (), len(seen))
            if len(seen) >= max_positions:
                return SolveResult(SolveStatus.UNKNOWN, (), len(seen))
            if not queue:
                self.exhausted = True
                self._result = SolveResult(SolveStatus.UNKNOWN, (), len(seen))
                return self._result
            if deadline is not None and time.monotonic() > deadline:
                return SolveResult(SolveStatus.UNKNOWN, (), len(seen))
            _, _, played, packed, line = heapq.heappop(queue)
            self._reach(line, packed)
            if self._locked():  # lost (solver/blocked.py): not expanded
                self._children = []  # (the board no longer holds their parent)
                self._next_child = 0
                continue
            candidates: list[tuple[int, int, int, int, Step, bytes]] = []
            steps = board_steps(
                self._variant,
                board,
                fast=True,
                dominance=self._dominance,
                skip_swaps=True,
                proves=False,  # (it proves nothing: it may force more)
            )
            weight, kind = self._weight, self._estimate
            before_size, before_recycles = board.waste_size, board.recycles
            for index, step in enumerate(steps):
                atomic, size, talon_recycles, move = step  # (play_step, undo_step written out)
                if size >= 0:
                    board.set_talon(size, talon_recycles)
                info = board.play(move)
                key = board.search_hash()
                recycles = board.recycles
                if not seen.has(key, recycles):
                    if board.is_won:  # the table has room: checked before this expansion
                        moves = _unwind(self._last_moves, self._earlier, line) + atomic
                        self._result = SolveResult(SolveStatus.SOLVED, moves, len(seen) + 1)
                        return self._result
                    estimate = played + len(atomic) + weight * _moves_left(board, kind)
                    # (packed now, while the board holds it: most candidates are queued)
                    candidates.append((estimate, index, key, recycles, step, board.pack()))
                board.undo(move, info)
                if size >= 0:
                    board.set_talon(before_size, before_recycles)
            candidates.sort()  # by estimate, then generation order (unique: nothing further)
            self._children = [
                (estimate, key, recycles, step, child)
                for estimate, _, key, recycles, step, child in candidates[: self._breadth]
            ]
            self._next_child = 0
            self._parent = (played, line)
            self._first_child = len(self._earlier)  # (the next line to be numbered)
            if not self._store_children(max_positions):
                return SolveResult(SolveStatus.UNKNOWN, (), len(seen))

    def _reach(self, line: int, packed: bytes) -> None:
        """Put the board in the position just taken off the queue: ``line``, packed.

        A child of the last position expanded (often the best one: the newest
        first among equals) is one step away from the board, which holds that
        position: the step is played, a few moves' work instead of loading
        the whole board (the same board either way).
        """
        child = line - self._first_child
        if 0 <= child < self._next_child:  # (queued children only)
            play_step(self._board, self._children[child][3])
        else:
            self._board.load(packed)

    def _store_children(self, max_positions: int) -> bool:
        """Queue the children of the last expansion not yet stored.

        False if the table filled up first (paused: the rest are queued on
        resuming).
        """
        seen, children = self._seen, self._children
        played, line = self._parent
        while self._next_child < len(children):
            if len(seen) >= max_positions:
                return False
            estimate, key, recycles, step, child = children[self._next_child]
            self._next_child += 1
            seen.store(key, recycles)
            self._queued += 1
            self._last_moves.append(step[0])
            self._earlier.append(line)
            entry = (estimate, -self._queued, played + len(step[0]), child, len(self._earlier) - 1)
            heapq.heappush(self._queue, entry)
        return True


def best_first_loop(
    variant: Variant,
    position: Position,
    max_positions: int,
    deadline: float | None,
    weight: int,
    breadth: int,
    *,
    dominance: bool,
    locks: bool = False,
    estimate: int = UNCOVERING,
) -> SolveResult:
    """A :class:`BestFirst` search (same arguments) run in one go up to ``max_positions``."""
    search = BestFirst(
        variant, position, weight, breadth, dominance=dominance, locks=locks, estimate=estimate
    )
    return search.run(max_positions, deadline)


def _key(board: SearchBoard, *, talon_cycles: bool) -> int:
    """The board's table key: its search hash (with ``talon_cycles`` off, its position hash)."""
    return board.search_hash() if talon_cycles else board.position_hash()


def _moves_left(board: SearchBoard, estimate: int) -> int:
    """moves_left_estimate (best_first.py) of the board's position: ESTIMATES[estimate]."""
    return estimated_moves_left(
        estimate,
        13 * len(board.foundations) - board.cards_home,
        board.face_down,
        len(board.talon) - board.waste_size,
        len(board.reserve),
        board.columns,
        board.foundation_base,
    )


def _unwind(last_moves: list[tuple[Move, ...]], earlier: list[int], line: int) -> tuple[Move, ...]:
    """The atomic moves of a queued line, first move first."""
    macros: list[tuple[Move, ...]] = []
    while line != _ROOT:
        macros.append(last_moves[line])
        line = earlier[line]
    return tuple(move for macro in reversed(macros) for move in macro)


__all__ = ["BestFirst", "DepthFirst", "best_first_loop", "depth_first_loop"]
