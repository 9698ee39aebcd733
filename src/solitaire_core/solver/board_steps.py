"""The solver's inner loop on a board: its steps, their order, and its table.

Compiled with mypyc in the compiled build (:data:`solitaire_core.BUILD`), like
the boards (:mod:`solitaire_core.rules.board`,
:mod:`solitaire_core.solver.search_board`), the modules it draws on and
:mod:`solitaire_core.solver.searching`; the searches' public entry points
(:mod:`~solitaire_core.solver.depth_first`,
:mod:`~solitaire_core.solver.best_first`, :mod:`~solitaire_core.solver.steps`,
:mod:`~solitaire_core.solver.stock`) check their arguments and call it. What
each step is and why it is sound: :mod:`solitaire_core.solver.steps`.

* :func:`board_steps`: the steps from a board, best first, without playing
  them; :func:`play_step` and :func:`undo_step` play one and take it back. The
  stock macro steps come from the stock walk
  (:func:`~solitaire_core.solver.talon.talon_lines`), the forced steps from
  the dominance rule (:mod:`~solitaire_core.solver.dominance`), and the
  per-variant answers that turn reductions on from
  :mod:`~solitaire_core.solver.reductions`.
* :class:`Table`: the transposition table.

In the opening of ``KL1-D1N-AAAAAAG`` the AD on column 1 goes home by force;
without forced moves, the cards home come first, then the move that turns a
card over, then the stock's cards that can go home (the AS, third card
turned, and the AC, twentieth), then the QC (fourth) onto the KD of column 3:

>>> from solitaire_core import KLONDIKE, deal_code_position
>>> board = SearchBoard(KLONDIKE, deal_code_position("KL1-D1N-AAAAAAG"))
>>> [str(step[3]) for step in board_steps(KLONDIKE, board, fast=False, dominance=True)]
['1f']
>>> steps = board_steps(KLONDIKE, board, fast=False, dominance=False)
>>> [" ".join(str(move) for move in step[0]) for step in steps][:4]
['1f', '7f', '54:1', 'd d d wf']
>>> [len(step[0]) for step in steps[4:6]], str(steps[5][3])
([21, 5], 'w3')
"""

from __future__ import annotations

import functools
from collections.abc import Hashable
from typing import Final

from solitaire_core.moves import Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.rules.board import (
    KIND_COLUMN_TO_COLUMN,
    KIND_DRAW,
    KIND_FOUNDATION_TO_COLUMN,
    KIND_RECYCLE,
    KIND_WASTE_TO_FOUNDATION,
)
from solitaire_core.solver.dominance import (
    dominant_home_move,
    forced_twin_step,
    takes_back_a_dominant_card,
)
from solitaire_core.solver.reductions import builds_like_klondike, swaps_stay_put
from solitaire_core.solver.search_board import SearchBoard
from solitaire_core.solver.talon import Step, talon_lines
from solitaire_core.variants import Variant

Played = tuple[Step, int, int, int]
"""A step played on a board: the step, what the board's ``play`` returned, and
the waste size and recycles before it (for :func:`undo_step`)."""


class Table:
    """The positions a search has stored: its transposition table.

    Keyed by :meth:`~solitaire_core.solver.search_board.SearchBoard.position_hash` (or any
    hashable key, such as :func:`position_key`'s bytes). Where recycles are limited, a position also
    keeps the fewest recycles it was reached with: reaching it again with as
    many or more is no better (the same moves, no more recycles left), so it
    counts as stored; with fewer it is stored again and searched again. With
    unlimited recycles the count changes nothing and is not kept.
    """

    __slots__ = ("_keys", "_limited", "_used")

    def __init__(self, variant: Variant) -> None:
        self._limited = variant.recycle_limit is not None
        self._keys: set[Hashable] = set()
        self._used: dict[Hashable, int] = {}

    def __len__(self) -> int:
        return len(self._used) if self._limited else len(self._keys)

    def has(self, key: Hashable, recycles: int) -> bool:
        """True when the position (or one as good) is stored."""
        if self._limited:
            used = self._used.get(key)
            return used is not None and used <= recycles
        return key in self._keys

    def store(self, key: Hashable, recycles: int) -> None:
        """Store a position's key with its recycle count."""
        if self._limited:
            self._used[key] = recycles
        else:
            self._keys.add(key)


def play_step(board: SearchBoard, step: Step) -> Played:
    """Play a step on ``board``; hand the result to :func:`undo_step` to take it back."""
    _, size, recycles, move = step
    before_size, before_recycles = board.waste_size, board.recycles
    if size >= 0:
        board.set_talon(size, recycles)
    return step, board.play(move), before_size, before_recycles


def undo_step(board: SearchBoard, played: Played) -> None:
    """Take back a step that :func:`play_step` played (the last one played)."""
    step, info, size, recycles = played
    board.undo(step[3], info)
    if step[1] >= 0:
        board.set_talon(size, recycles)


def positions_reached(
    board: SearchBoard, steps: list[Step]
) -> list[tuple[tuple[Move, ...], Position]]:
    """Each step's atomic moves and the position it reaches from ``board`` (left as it was)."""
    reached = []
    for step in steps:
        played = play_step(board, step)
        reached.append((step[0], board.to_position()))
        undo_step(board, played)
    return reached


_PRIORITY: Final = (5, 5, 0, 3, 0, 4, 5, 0, 3)
"""The priority of a move alone, by :class:`~solitaire_core.moves.MoveKind` value.

The steps' priorities, best first: a move home alone 0, a column move that turns a
card over 1 (:data:`_FLIP`, instead of 4), a stock macro's move home 2, a waste or
reserve card to a column 3 (alone or by a macro), the other column moves 4, the rest 5
(take-backs), and a stock macro that spends one of a limited number of recycles 6."""
_FLIP: Final = 1
"""The priority of a column move that turns a card over."""
_MACRO_HOME: Final = 2
"""The priority of a stock macro whose waste move goes home."""
_MACRO_COLUMN: Final = 3
"""The priority of a stock macro whose waste move goes to a column."""
_LAST: Final = 6
"""The priority of a stock macro that spends one of a limited number of recycles."""
_RANK_BITS: Final = 20
"""The bits of a step's rank and of its place in :func:`board_steps`'s sort keys."""
_PLACE: Final = (1 << _RANK_BITS) - 1
"""The mask of a step's place in :func:`board_steps`'s sort keys."""


_COVERING: Final = frozenset(
    (
        MoveKind.WASTE_TO_COLUMN,
        MoveKind.COLUMN_TO_COLUMN,
        MoveKind.FOUNDATION_TO_COLUMN,
        MoveKind.RESERVE_TO_COLUMN,
    )
)


def covering_steps(steps: list[Step], column: int) -> list[Step]:
    """The ``steps`` that put a card (or a group) on top of ``column`` (0-based), in order."""
    return [step for step in steps if step[3].target == column and step[3].kind in _COVERING]


def breaks_a_sequence(variant: Variant, board: SearchBoard, move: Move) -> bool:
    """True for a column move that lifts a group off a card it is built on, for nothing.

    "Built on": the group policy would also let the card under the group move
    with it (for Klondike, the group's first card is built on it; for suit
    runs, it continues the run in its suit). "For nothing": the card left on
    top cannot go home at once. Such moves are sometimes needed, so skipping
    them is a heuristic (used only by the solver's best-first and fast
    depth-first passes), not a proof.
    """
    assert move.source is not None and move.count is not None
    pile = board.columns[move.source]
    start = len(pile) - move.count
    down = board.face_down[move.source]
    if start <= down:
        return False
    under = pile[start - 1]
    if not variant.build_table[under * 52 + pile[start]]:
        return False
    if (
        not variant.any_face_up_groups  # (then any face-up card may lead: the one under it too)
        and variant.group.lowest_movable_index(pile, down, variant.build_table) >= start
    ):
        return False  # the card under it could not move with it: no sequence broken
    if variant.foundations.complete_runs:
        return True  # single cards never go home
    return not board.goes_home(under)


@functools.lru_cache(maxsize=256)
def _step_rules(variant: Variant) -> tuple[bool, bool, bool, bool]:
    """What :func:`board_steps` asks of a variant, in one cached call (a call a step list).

    Whether the stock is turned onto a waste, whether it builds like Klondike
    (:func:`~solitaire_core.solver.reductions.builds_like_klondike`), whether a
    swap of columns stays put
    (:func:`~solitaire_core.solver.reductions.swaps_stay_put`) and whether
    recycles are limited.
    """
    return (
        variant.has_waste,
        builds_like_klondike(variant),
        swaps_stay_put(variant),
        variant.recycle_limit is not None,
    )


def board_steps(
    variant: Variant,
    board: SearchBoard,
    *,
    fast: bool,
    dominance: bool,
    takebacks: bool = True,
    skip_swaps: bool = False,
    twins: bool = False,
    proves: bool = True,
) -> list[Step]:
    """The steps the search tries from ``board``, best first, without playing them.

    A dominant move home
    (:func:`~solitaire_core.solver.dominance.dominant_home_move`) is the only
    step when there is one and ``dominance`` is on (the searches turn it on
    only when :func:`~solitaire_core.solver.steps.dominance_is_sound` holds for
    their start); with ``dominance`` and ``takebacks`` on, a take-back of a
    card that rule would send straight home again is left out
    (:func:`~solitaire_core.solver.dominance.takes_back_a_dominant_card`).
    Otherwise: every legal move except the waste stock's draw and recycle, and
    every stock macro move (a stock dealt onto the columns is an ordinary
    move). With ``fast``, column moves that only break a built sequence are
    left out (:func:`breaks_a_sequence`). With ``skip_swaps``, moves of a whole
    column (no card face down) onto an empty column are left out where they
    reach the position itself
    (:func:`~solitaire_core.solver.reductions.swaps_stay_put`): a search's
    table holds the position it tries the steps of, so it would skip them
    anyway, after playing each and hashing what it reached. With ``twins``
    (only where
    :func:`~solitaire_core.solver.reductions.twins_are_interchangeable`, with
    ``dominance``), the forced step is
    :func:`~solitaire_core.solver.dominance.forced_twin_step`'s. ``proves``
    (default True): the steps are for a search whose exhaustion proves a loss,
    so only moves home forced soundly are forced (see
    :func:`~solitaire_core.solver.dominance.dominant_home_move`); a search
    that only looks for wins may pass False.
    """
    waste, klondike, swaps_stay, limited = _step_rules(variant)
    moves = board.legal_moves()
    if dominance and twins:
        step = forced_twin_step(board, moves)
        if step is not None:
            return [step]
    elif dominance:
        forced = dominant_home_move(variant, board, moves, klondike=klondike, proves=proves)
        if forced is not None:
            return [((forced,), -1, 0, forced)]
    takebacks = takebacks and dominance and klondike
    skip_swaps = skip_swaps and swaps_stay
    columns, face_down = board.columns, board.face_down
    found: list[Step] = []
    # Per step (priority << 20 | rank) << 20 | its place in found: sorted, these give the
    # order; a single move's rank is its index among the legal moves, a macro's is the
    # count of single steps kept plus its own index (so a macro may rank before a single
    # move of its priority that comes later among the legal moves).
    keys: list[int] = []
    swaps = 0  # the swaps left out, counted as kept in the macros' ranks (the same order)
    for index, move in enumerate(moves):
        kind = move.kind
        if kind is KIND_COLUMN_TO_COLUMN:
            source, count = move.source, move.count
            assert source is not None and count is not None
            down = face_down[source]
            start = len(columns[source]) - count
            if skip_swaps and not start and not down:
                assert move.target is not None
                if not columns[move.target]:
                    swaps += 1  # a whole column onto an empty one: the same position
                    continue
            if fast and start > down and breaks_a_sequence(variant, board, move):
                continue  # (a group lifted off face-down cards or none breaks nothing)
            priority = _FLIP if down and down >= start else _PRIORITY[kind]
        elif (waste and (kind is KIND_DRAW or kind is KIND_RECYCLE)) or (
            takebacks
            and kind is KIND_FOUNDATION_TO_COLUMN
            and takes_back_a_dominant_card(board, move)
        ):
            continue
        else:
            priority = _PRIORITY[kind]
        keys.append((priority << _RANK_BITS | index) << _RANK_BITS | len(found))
        found.append(((move,), -1, 0, move))
    if waste and moves:  # (no legal move, not even a draw or recycle: no macro either)
        recycles = board.recycles
        rank = len(found) + swaps
        # (macro_steps written out: a step made here is boxed once, where one taken from
        # its list would be unboxed and boxed again, a new tuple per macro)
        lines, sizes = talon_lines(variant, board)
        for state, move in board.waste_plays(sizes):  # only the top card matters
            line, size, spent = lines[state]
            if limited and spent:
                priority = _LAST  # a pass of the stock spent: after everything else
            elif move.kind is KIND_WASTE_TO_FOUNDATION:
                priority = _MACRO_HOME
            else:
                priority = _MACRO_COLUMN
            keys.append((priority << _RANK_BITS | rank) << _RANK_BITS | len(found))
            found.append(((*line, move), size, recycles + spent, move))
            rank += 1
    if len(keys) < 2:
        return found
    keys.sort()
    return [found[key & _PLACE] for key in keys]


__all__ = [
    "Played",
    "Step",
    "Table",
    "board_steps",
    "breaks_a_sequence",
    "covering_steps",
    "play_step",
    "positions_reached",
    "undo_step",
]
