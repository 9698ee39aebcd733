"""The steps the solver's searches try from a position, and its transposition keys.

Shared by the depth-first (:mod:`solitaire_core.solver.depth_first`) and
best-first (:mod:`solitaire_core.solver.best_first`) passes, which play and
take back steps on one :class:`~solitaire_core.rules.board.Board` rather than
build a position per step. What it takes from the literature (Bjarnason, Fern
and Tadepalli, "Lower bounding Klondike solitaire with Monte-Carlo planning",
ICAPS 2009; the Klondike-Solver and OpenSpiel engines):

* a key of a canonical position: columns in any order are one position (the
  rules never depend on a column's place), and with unlimited recycles the
  recycle count is left out; the table stores a 120-bit hash of it
  (:meth:`~solitaire_core.rules.board.Board.position_hash`);
* dominant foundation moves (a card whose possible users can all go home
  themselves) are played alone, without branching; they are picked from the
  one list of legal moves the step generator asks for;
* stock macro moves: "draw until X is on top, then play X" is one step
  (:mod:`solitaire_core.solver.stock`), so no search branches on draws;
* move ordering: cards home first, then moves that turn a card over, then
  waste plays, then the other tableau moves, take-backs last; where passes
  through the stock are limited (Gargantua, Lady Jane, Eight Times Eight), a
  stock macro that spends a recycle comes after everything else, since a
  pass spent early is lost for good;
* a fast form that skips lifting a group off a card it is built on unless
  that card can go home (the classic "don't break sequences" rule).

Everything goes through the board's move generator and what the variant's
tables and policies declare (never a policy's class), so custom variants work
too.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from solitaire_core.cards import RANKS, RED, SUITS
from solitaire_core.game.autoplay import face_up_runs_are_built, is_safe_to_play_home
from solitaire_core.moves import Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.rules.board import Board
from solitaire_core.rules.foundations import slot_taking
from solitaire_core.solver.stock import MacroStep, macro_steps
from solitaire_core.variants import ALTERNATE_COLORS, Variant

ALTERNATE_COLORS_TABLE: Final = tuple(
    ALTERNATE_COLORS.check_build(card, onto) is None for onto in range(52) for card in range(52)
)
"""Klondike's building table (opposite colour, one rank lower, no wrap): the dominance rule's."""

Step = MacroStep
"""A step of the search: ``(line, waste size, recycles, move)``.

``line`` is the step's atomic moves (one move, or a stock macro's draws and
recycles then its waste move); ``move`` is the move to play once the talon is
set to ``waste size`` and ``recycles`` (a waste size of -1: leave the talon as
it is)."""
Child = tuple[tuple[Move, ...], Position]
"""A step as :func:`children` gives it: its atomic moves and the position reached."""
Played = tuple[Step, int, int, int]
"""A step played on a board: the step, what the board's ``play`` returned, and
the waste size and recycles before it (for :func:`undo_step`)."""

def position_key(variant: Variant, position: Position) -> bytes:
    """The transposition key of ``position``: compact bytes, the same for any column order.

    Columns are sorted only where no rule depends on a column's place (not in
    games whose stock is dealt onto the columns in order). The recycle count
    is left out: :class:`Table` compares it where recycles are limited. See
    :meth:`~solitaire_core.rules.board.Board.key` for the layout.
    """
    return Board(variant, position).key()


class Table:
    """The positions a search has stored: its transposition table.

    Keyed by :meth:`~solitaire_core.rules.board.Board.position_hash` (or any
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


def play_step(board: Board, step: Step) -> Played:
    """Play a step on ``board``; hand the result to :func:`undo_step` to take it back."""
    _, size, recycles, move = step
    before_size, before_recycles = board.waste_size, board.recycles
    if size >= 0:
        board.set_talon(size, recycles)
    return step, board.play(move), before_size, before_recycles


def undo_step(board: Board, played: Played) -> None:
    """Take back a step that :func:`play_step` played (the last one played)."""
    step, info, size, recycles = played
    board.undo(step[3], info)
    if step[1] >= 0:
        board.set_talon(size, recycles)


_FIRST: Final = frozenset(
    (MoveKind.COLUMN_TO_FOUNDATION, MoveKind.WASTE_TO_FOUNDATION, MoveKind.RESERVE_TO_FOUNDATION)
)
_FROM_PILE: Final = frozenset((MoveKind.WASTE_TO_COLUMN, MoveKind.RESERVE_TO_COLUMN))


_LAST: Final = 6
"""The priority of a stock macro that spends one of a limited number of recycles."""


def _priority(board: Board, move: Move, length: int) -> int:
    """Home first (alone 0, by a macro 2), a flip 1, waste and reserve plays 3, columns 4."""
    kind = move.kind
    if kind in _FIRST:
        return 0 if length == 1 else 2
    if kind is MoveKind.COLUMN_TO_COLUMN:
        assert move.source is not None and move.count is not None
        split = len(board.columns[move.source]) - move.count
        down = board.face_down[move.source]
        return 1 if down and down >= split else 4
    if kind in _FROM_PILE:
        return 3
    return 5


def dominance_is_sound(variant: Variant, position: Position) -> bool:
    """True when the dominant-move rule may be used from ``position`` on.

    The rule (:func:`_dominant_home_move`) argues that every card that could
    need a card on the tableau can go home itself when it is free, which holds
    only if every group that can move is in building order. That is so when
    the group policy says so (:meth:`~solitaire_core.variants.GroupPolicy.moves_only_built_runs`:
    Réfléchi's ordered runs), or when every column's face-up cards are built
    on each other and no stock is dealt onto the columns: moves keep that true
    (a group keeps its order, and its first card fits where it lands), so it
    then holds in every reachable position. A hand-made position with face-up
    cards out of order under a policy that moves any face-up group (Klondike's,
    Yukon's) gets no forced moves: there a card sent home early can be the
    base a later group needs.
    """
    if variant.groups_are_built_runs:
        return True
    return variant.columns_interchangeable and face_up_runs_are_built(variant, position)


_KLONDIKE_BUILDING: dict[Variant, bool] = {}
"""Per variant: Klondike's building table, and one deck of foundations from the Ace?"""


def _builds_like_klondike(variant: Variant) -> bool:
    known = _KLONDIKE_BUILDING.get(variant)
    if known is None:
        known = variant.simple_foundations and variant.build_table == ALTERNATE_COLORS_TABLE
        if len(_KLONDIKE_BUILDING) > 256:  # many custom variants: start afresh rather than grow
            _KLONDIKE_BUILDING.clear()
        _KLONDIKE_BUILDING[variant] = known
    return known


def _dominant_home_move(variant: Variant, board: Board, moves: list[Move]) -> Move | None:
    """A move home that some winning line makes whenever any does, or None.

    ``moves`` are the board's legal moves (the moves home come first). For
    Klondike building (opposite colour, one rank lower, as the variant's
    building table says, with one deck of foundations from the Ace) a card of
    rank r may go home at once when both foundations of the other colour hold
    at least r - 2 cards and the other foundation of its colour at least
    r - 3: every card that could ever need it on the tableau (the other-colour
    r - 1 cards, and through them the same-colour r - 2 cards) can then go home
    itself whenever it is free. Other games use the plain safe rule
    (:func:`~solitaire_core.game.autoplay.is_safe_to_play_home`).

    A waste card is forced home only with draw 1: with draw 3, taking a card
    off the waste changes which cards the later draws turn up, so keeping it
    there can matter (a line of Klondike-Solver's on ``KL1-D3N-AAAAAAU`` needs
    exactly that).
    """
    waste_ok = variant.draw_count == 1
    klondike = _builds_like_klondike(variant)
    foundations = board.foundations
    position: Position | None = None
    for move in moves:
        kind = move.kind
        if kind is MoveKind.COLUMN_TO_FOUNDATION:
            assert move.source is not None
            if move.count != 1:
                continue  # a spider run is never forced
            card = board.columns[move.source][-1]
        elif kind is MoveKind.WASTE_TO_FOUNDATION:
            if not waste_ok:
                continue
            card = board.talon[board.waste_size - 1]
        elif kind is MoveKind.RESERVE_TO_FOUNDATION:
            card = board.reserve[-1]
        else:
            return None  # the moves home come first
        if not klondike:
            if position is None:
                position = board.to_position()
            if is_safe_to_play_home(variant, position, card):
                return move
            continue
        rank = RANKS[card]
        if rank <= 2:
            return move
        suit = SUITS[card]
        red = RED[card]
        for other in range(4):
            if other != suit:
                need = rank - 3 if RED[other * 13] == red else rank - 2
                if foundations[other] < need:
                    break
        else:
            return move
    return None


def _breaks_a_sequence(variant: Variant, board: Board, move: Move) -> bool:
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
    if variant.group.lowest_movable_index(pile, down, variant.build_table) >= start:
        return False  # the card under it could not move with it: no sequence broken
    if variant.foundations.complete_runs:
        return True  # single cards never go home
    return slot_taking(board.foundations, board.foundation_base, under) < 0


def board_steps(variant: Variant, board: Board, *, fast: bool, dominance: bool) -> list[Step]:
    """The steps the search tries from ``board``, best first, without playing them.

    A dominant move home (:func:`_dominant_home_move`) is the only step when
    there is one and ``dominance`` is on (the searches turn it on only when
    :func:`dominance_is_sound` holds for their start). Otherwise: every legal
    move except the waste stock's draw and recycle, and every stock macro move
    (a stock dealt onto the columns is an ordinary move). With ``fast``,
    column moves that only break a built sequence are left out
    (:func:`_breaks_a_sequence`).
    """
    moves = board.legal_moves()
    if dominance:
        forced = _dominant_home_move(variant, board, moves)
        if forced is not None:
            return [((forced,), -1, 0, forced)]
    waste = variant.has_waste
    found: list[tuple[int, Step]] = []  # (priority << 20 | index, step)
    for index, move in enumerate(moves):
        kind = move.kind
        if waste and (kind is MoveKind.DRAW or kind is MoveKind.RECYCLE):
            continue
        if fast and kind is MoveKind.COLUMN_TO_COLUMN and _breaks_a_sequence(variant, board, move):
            continue
        found.append((_priority(board, move, 1) << 20 | index, ((move,), -1, 0, move)))
    if waste:
        offset = len(found)
        limited = variant.recycle_limit is not None
        for index, step in enumerate(macro_steps(variant, board)):
            if limited and step[2] > board.recycles:
                priority = _LAST  # a pass of the stock spent: after everything else
            else:
                priority = _priority(board, step[3], len(step[0]))
            found.append((priority << 20 | offset + index, step))
    found.sort(key=_first)  # stable: equal keys keep their order
    return [step for _, step in found]


def _first(item: tuple[int, Step]) -> int:
    return item[0]


def children(
    variant: Variant, position: Position, *, fast: bool = False, dominance: bool = True
) -> list[Child]:
    """The steps the search tries from ``position``, best first, with the positions reached.

    The same steps as :func:`board_steps` (see there), each as its atomic
    moves and the position it reaches.
    """
    board = Board(variant, position)
    found: list[Child] = []
    for step in board_steps(variant, board, fast=fast, dominance=dominance):
        played = play_step(board, step)
        found.append((step[0], board.to_position()))
        undo_step(board, played)
    return found
