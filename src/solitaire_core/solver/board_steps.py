"""The solver's inner loop on a board: its steps, their order, and its table.

Compiled with mypyc in the compiled build (:data:`solitaire_core.BUILD`), like
:mod:`solitaire_core.rules.board`, :mod:`solitaire_core.solver.search_board` and
:mod:`solitaire_core.solver.searching`;
the searches' public entry points (:mod:`~solitaire_core.solver.depth_first`,
:mod:`~solitaire_core.solver.best_first`, :mod:`~solitaire_core.solver.steps`,
:mod:`~solitaire_core.solver.stock`) check their arguments and call it. What
each step is and why it is sound: :mod:`solitaire_core.solver.steps`.

* :func:`talon_walk` and :func:`macro_steps`: the stock macro moves ("draw
  until X is on top, then play X" as one step). The walk runs on a board's
  talon (:attr:`~solitaire_core.rules.board.Board.talon`): draws and recycles
  only move the boundary between the waste and the stock, so a state of the
  walk is a waste size and a recycle count, and no pile is built for it.
* :func:`board_steps`: the steps from a board, best first, without playing
  them; :func:`play_step` and :func:`undo_step` play one and take it back.
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

from solitaire_core.cards import DECK_SIZE, RANKS, RED, SUITS
from solitaire_core.game.autoplay import is_safe_to_play_home
from solitaire_core.moves import DRAW, RECYCLE, Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.rules.board_core import (
    KIND_COLUMN_TO_COLUMN,
    KIND_COLUMN_TO_FOUNDATION,
    KIND_DRAW,
    KIND_FOUNDATION_TO_COLUMN,
    KIND_RECYCLE,
    KIND_RESERVE_TO_FOUNDATION,
    KIND_WASTE_TO_FOUNDATION,
)
from solitaire_core.solver.search_board import SearchBoard
from solitaire_core.variants import ALTERNATE_COLORS, Variant

TalonState = tuple[int, int, int]
"""``(actions, waste size, recycles)``: a state of the walk, reached by its first actions."""
MacroStep = tuple[tuple[Move, ...], int, int, Move]
"""``(line, waste size, recycles, waste move)``: set the talon, then play the waste move.

``line`` is the whole macro move as atomic moves: its draws and recycles,
then the waste move."""


def talon_walk(variant: Variant, board: SearchBoard) -> tuple[list[Move], list[TalonState]]:
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
    return _walk(variant.draw_count, limit, board.waste_size, board.recycles, len(board.talon))


def _walk(
    draw: int, limit: int | None, size: int, recycles: int, total: int
) -> tuple[list[Move], list[TalonState]]:
    """:func:`talon_walk` from a waste of ``size`` cards of a talon of ``total``."""
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


def macro_steps(variant: Variant, board: SearchBoard) -> list[MacroStep]:
    """Every "draw until X is on top, then play X" line from ``board``, without playing it.

    In the walk's order (nearest state first), and for each state the waste
    card's moves in the generator's order. Empty for a game whose stock is not
    turned onto a waste, or a won board.
    """
    if not variant.has_waste or board.is_won:
        return []
    recycles = board.recycles
    steps: list[MacroStep] = []
    lines, sizes = _talon_lines(variant, board)
    for state, move in board.waste_plays(sizes):  # only the top card matters
        line, size, spent = lines[state]
        steps.append(((*line, move), size, recycles + spent, move))
    return steps


_Lines = tuple[tuple[tuple[tuple[Move, ...], int, int], ...], tuple[int, ...]]
"""The states of a stock walk as ``(line, waste size, recycles spent)``, and their sizes."""


def _talon_lines(variant: Variant, board: SearchBoard) -> _Lines:
    """The states of :func:`talon_walk` as ``(line, waste size, recycles spent)``, and their sizes.

    ``line`` is the draws and recycles that reach the state. The walk depends
    only on the draw count, the passes left, the waste's size and the talon's,
    so it is made once for each of these (:func:`_walk_lines`).
    """
    limit = variant.recycle_limit
    left = -1 if limit is None else max(limit - board.recycles, 0)
    return _walk_lines(variant.draw_count, left, board.waste_size, len(board.talon))


@functools.lru_cache(maxsize=4096)
def _walk_lines(draw: int, left: int, size: int, total: int) -> _Lines:
    """:func:`_talon_lines` for ``left`` passes left (-1: no limit); cached."""
    actions, states = _walk(draw, None if left < 0 else left, size, 0, total)
    lines = tuple((tuple(actions[:count]), size, spent) for count, size, spent in states)
    return lines, tuple(size for _, size, _ in states)


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


@functools.lru_cache(maxsize=256)
def _builds_like_klondike(variant: Variant) -> bool:
    """True for Klondike's building table and one deck of foundations from the Ace (cached)."""
    return variant.simple_foundations and variant.build_table == ALTERNATE_COLORS_TABLE


@functools.lru_cache(maxsize=256)
def breaking_moves_are_redundant(variant: Variant) -> bool:
    """True when a search that skips the moves that only break a built sequence loses no win.

    Holds for Klondike building (:func:`_builds_like_klondike`: opposite
    colour, one rank lower, one deck of foundations from the Ace) where any
    face-up group or any ordered run may move, with no limit on its size, and
    an empty column takes a card or not by its rank alone (Klondike,
    Réfléchi and their app variants); the searches use it from a start where
    :func:`~solitaire_core.solver.steps.dominance_is_sound` holds, so every
    face-up card in a column is built on the one below it.

    The moves skipped (:func:`_breaks_a_sequence`) lift a group ``G`` off a
    face-up card ``u`` it is built on while ``u`` cannot go home. Under
    Klondike building the first card of ``G`` fits on exactly two cards:
    ``u`` and its twin ``v``, the card of the same rank and colour. So the
    move puts ``G`` on ``v`` and reaches the position ``X1`` that is the
    position before it, ``X``, with the cards above ``u`` and above ``v``
    exchanged.

    Why nothing is lost. Call two positions twins when they differ only by
    that exchange for two twin cards face up in the tableau. From twins
    ``X1`` and ``X``, every move of a line from ``X1`` is matched from
    ``X``, keeping the two twins or making them equal: a move that does not
    touch ``u`` or ``v`` themselves is played as it is (a group from above
    one of them moves from above the other; a card onto the pile above one
    goes onto the pile above the other; the twins fit the same cards); a
    group leaving the top of ``u`` or ``v`` whole can only go home or onto
    the other twin (the only cards it fits), which leaves the positions
    twins or equal; ``u`` or ``v`` moving with the cards on it is matched by
    the same card moving with the cards on it in ``X`` (the same source,
    the same target, a group of the same kind); ``u`` going home is matched
    by first moving the cards above ``u`` onto ``v`` (allowed: ``u`` can
    then go home at once), which makes the positions equal, and ``v``
    likewise. A matched move breaks a sequence exactly when the move it
    matches does (the same card under the group, the same foundations), and
    the moves added break none. So removing the first breaking move of a
    winning line, and matching the rest, gives a winning line with one
    breaking move fewer; a winning line with the fewest breaking moves has
    none, and the search that skips them finds a win whenever there is one.
    The tests compare it with the search that keeps them. (Cached per variant.)
    """
    return (
        _builds_like_klondike(variant)
        and variant.moves_every_built_run
        and not variant.group.limits_counts
        and all(
            allowed[card] == allowed[_twin(card)]
            for allowed in variant.empty_column_tables
            for card in range(52)
        )
    )


def twins_are_interchangeable(variant: Variant) -> bool:
    """True when the complete search may store twin positions as one (the suit symmetry).

    Twins are the two cards of a rank and colour (the spade and the club, the
    heart and the diamond). Two positions are *twins* when they differ only
    by exchanging the cards lying on two twins ``u`` and ``v``, both face up
    in the columns (either pile may be empty). Under the conditions of
    :func:`breaking_moves_are_redundant` (Klondike building, any face-up group
    or ordered run moves, empty columns take a card by its rank), from a
    start where the dominance rule is sound, the complete search stores
    twins under one key (:attr:`~solitaire_core.solver.search_board.SearchBoard.merges_twins`)
    and so searches only one of them: in Klondike a third to a half as many
    positions. (Read off :func:`breaking_moves_are_redundant`,
    cached per variant.)

    Why no win is lost. The argument of :func:`breaking_moves_are_redundant`
    shows that every move from one twin is matched from the other, keeping
    them twins or making them equal: a move that does not lift ``u`` or
    ``v``'s cards whole nor send ``u`` or ``v`` home is played as it is, on
    the other pile; ``u`` or ``v`` moving with its cards is the same move. The
    search's own steps must match too, so it takes two measures. (1) Sending
    ``u`` home while cards lie on it, where ``v`` is free, is matched by
    moving those cards onto ``v`` and then ``u`` home: the search offers
    that move (it lifts cards off a card that can go home, so it breaks no
    sequence), stores the position it reaches with the duty "``u`` goes home
    next" (:meth:`~solitaire_core.solver.search_board.SearchBoard.search_hash_homing`; the
    position itself is a twin of the one before), and tries only that move
    from there. (2) The dominance rule's forced step is chosen by card
    (:func:`_forced_twin_step`: the lowest dominant card that is free, or
    whose cards can move onto its free twin), which is the same card in twin
    positions; the cards free on top of the columns are the same in twins,
    but for ``u`` and ``v`` when one pile is empty. With these, every step
    of the search from one twin is matched by a step from the other (the
    exchange and the move home counted as one), reaching twins or equal
    positions, duties included; so the fewest such steps to a win are the
    same from twins. If the search stored a winnable position and found no
    win, take the stored winnable position with the fewest steps to a win:
    the first step of such a line reaches a position whose key is stored, so
    a twin of it is stored, winnable, one step nearer: a contradiction. The
    tests compare the search with twins merged with the search without.
    """
    return breaking_moves_are_redundant(variant)


@functools.lru_cache(maxsize=256)
def placements_wait_for_cover(variant: Variant) -> bool:
    """True when a search may play a waste card to a column only to cover it at once.

    Holds for Klondike building (:func:`_builds_like_klondike`) with a waste turned one card at a
    time and unlimited recycles (Klondike draw 1 and Réfléchi draw 1). There the complete search
    plays a card ``X`` from the waste to a column only when its next move puts a card on ``X`` (from
    the waste, from a column or from a foundation); the position in between is stored with that duty
    (:meth:`~solitaire_core.solver.search_board.SearchBoard.search_hash_waiting`) and any other move
    from it is skipped. (Cached per variant.)

    Why nothing is lost. With draw 1 and unlimited recycles, every card left
    in the stock and waste can be brought to the top of the waste at any
    moment, and taking one out changes nothing for the others. Take a
    winning line that plays ``X`` from the waste onto ``Y`` (or an empty
    column) at move ``t``, and let ``t'`` be the first later move that
    touches ``X``. The moves in between do not touch ``X`` or put anything
    on ``Y``; with ``X`` still in the waste they stay legal (a group that
    holds ``Y`` moves without ``X`` on it, from and to the same places, the
    foundations are the same), so ``X`` can be played at ``t' - 1`` instead.
    If move ``t'`` puts a card on ``X``, the play is now covered at once; if
    it moves ``X`` alone (home or onto another column) it is played from the
    waste there instead, one move fewer. Repeating this from the last play
    not covered at once (a play it covered is then moved along with it)
    ends, as plays only move later and lines only get shorter, with a
    winning line in which every such play is covered at once. The other
    reductions keep their conditions along the new line: no move in between
    lifts a group off ``Y`` (the group would start at ``X``), the
    foundations are the same at every step, and a card forced home while
    ``Y`` lies uncovered in the new line is handled by the dominance rule's
    own argument (``Y`` forced home means ``X``, and the cards that went on
    ``X``, can go home as soon as they are free). The tests compare the
    search with this rule and without it.
    """
    return (
        variant.has_waste
        and variant.draw_count == 1
        and variant.recycle_limit is None
        and _builds_like_klondike(variant)
    )


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


def _twin(card: int) -> int:
    """The card of the same rank and colour in the other suit (suits S, H, D, C: S-C, H-D)."""
    return (3 - card // 13) * 13 + card % 13


def _dominant_home_move(
    variant: Variant, board: SearchBoard, moves: list[Move], klondike: bool
) -> Move | None:
    """A move home that some winning line makes whenever any does, or None.

    ``moves`` are the board's legal moves (the moves home come first). For
    Klondike building (``klondike``: :func:`_builds_like_klondike`, opposite
    colour, one rank lower, as the variant's building table says, with one
    deck of foundations from the Ace) a card of
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
    foundations = board.foundations
    position: Position | None = None
    for move in moves:
        kind = move.kind
        if kind is KIND_COLUMN_TO_FOUNDATION:
            assert move.source is not None
            if move.count != 1:
                continue  # a spider run is never forced
            card = board.columns[move.source][-1]
        elif kind is KIND_WASTE_TO_FOUNDATION:
            if variant.draw_count != 1:
                continue
            card = board.talon[board.waste_size - 1]
        elif kind is KIND_RESERVE_TO_FOUNDATION:
            card = board.reserve[-1]
        else:
            return None  # the moves home come first
        if not klondike:
            if position is None:
                position = board.to_position()
            if is_safe_to_play_home(variant, position, card):
                return move
            continue
        if _is_dominant(foundations, card):
            return move
    return None


def _forced_twin_step(board: SearchBoard, moves: list[Move]) -> Step | None:
    """The dominance rule's forced step where twins merge (:func:`twins_are_interchangeable`).

    Among the cards that Klondike's dominance rule sends home
    (:func:`_is_dominant`), the lowest card (0..51: S, H, D, C, Ace to King)
    that can go home at once, or by moving the cards on it onto its twin
    lying free on top of another column (the step is that move; the search
    then sends the card home, its only next step). ``moves`` are the board's
    legal moves (the moves home first). None if there is no such card.

    Choosing by card, not by the order of the moves, gives the same choice in
    two positions that differ by the order of the columns or by an exchange of
    twins' cards, where the card is free in one and under cards on its free
    twin's in the other: the search answers twins alike.
    """
    foundations, columns = board.foundations, board.columns
    best = DECK_SIZE
    found: Move | None = None
    for move in moves:
        kind = move.kind
        if kind is KIND_COLUMN_TO_FOUNDATION:
            assert move.source is not None
            card = columns[move.source][-1]
        elif kind is KIND_WASTE_TO_FOUNDATION:
            if board.variant.draw_count != 1:
                continue
            card = board.talon[board.waste_size - 1]
        elif kind is KIND_RESERVE_TO_FOUNDATION:
            card = board.reserve[-1]
        else:
            break  # the moves home come first
        if card < best and _is_dominant(foundations, card):
            best, found = card, move
    for suit in range(4):
        card = suit * 13 + foundations[suit]
        if foundations[suit] < 13 and card < best and _is_dominant(foundations, card):
            swap = _move_onto_twin(board, card)
            if swap is not None:
                best, found = card, swap
    return None if found is None else ((found,), -1, 0, found)


def _move_onto_twin(board: SearchBoard, card: int) -> Move | None:
    """The move of the cards on ``card`` (face up in a column) onto its free twin, or None."""
    here, there = board.face_up_place(card), board.face_up_place(_twin(card))
    if here < 0 or there < 0:
        return None
    columns = board.columns
    column, other = here >> 8, there >> 8
    lying = len(columns[column]) - (here & 255) - 1  # the cards on it
    if not lying or (there & 255) != len(columns[other]) - 1:
        return None  # the card is free, or its twin is not
    if (here & 255) < board.lowest_movable_index(column):
        return None  # the cards on it are not a group built on it (Réfléchi)
    return Move.column_to_column(column, other, count=lying)


def _is_dominant(foundations: list[int], card: int) -> bool:
    """True when Klondike's dominance rule sends ``card`` home as soon as it is free.

    For one deck of foundations from the Ace (slot = suit) under Klondike
    building: the card's rank is at most 2, or both foundations of the other
    colour hold at least rank - 2 cards and the other of its colour at least
    rank - 3 (see :func:`_dominant_home_move`). Only the other suits'
    foundations count, so the answer is the same with the card home or not.
    """
    rank = RANKS[card]
    if rank <= 2:
        return True
    suit = SUITS[card]
    red = RED[card]
    for other in range(4):
        if other != suit:
            need = rank - 3 if RED[other * 13] == red else rank - 2
            if foundations[other] < need:
                return False
    return True


def _takes_back_a_dominant_card(board: SearchBoard, move: Move) -> bool:
    """True for a take-back of a card that Klondike's dominance rule would send home again.

    For a variant that :func:`_builds_like_klondike`: the card taken back
    (the top of foundation ``move.source``, slot = suit) lands on top of a
    column, where :func:`_dominant_home_move` plays it home at once, back to
    the position it left, which the table holds. Skipping the take-back
    leaves the positions searched the same, without the one position between.
    """
    suit = move.source
    assert suit is not None
    return _is_dominant(board.foundations, suit * 13 + board.foundations[suit] - 1)


def _breaks_a_sequence(variant: Variant, board: SearchBoard, move: Move) -> bool:
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


def _swaps_stay_put(variant: Variant) -> bool:
    """True when moving a whole column onto an empty one reaches the same position.

    So where the columns are interchangeable (their order is no part of a
    position) and an emptied column is not refilled from a reserve.
    """
    return variant.columns_interchangeable and not variant.empty_column.fills_from_reserve


@functools.lru_cache(maxsize=256)
def _step_rules(variant: Variant) -> tuple[bool, bool, bool, bool]:
    """What :func:`board_steps` asks of a variant, in one cached call (a call a step list).

    Whether the stock is turned onto a waste, whether it builds like Klondike
    (:func:`_builds_like_klondike`), whether a swap of columns stays put
    (:func:`_swaps_stay_put`) and whether recycles are limited.
    """
    return (
        variant.has_waste,
        _builds_like_klondike(variant),
        _swaps_stay_put(variant),
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
) -> list[Step]:
    """The steps the search tries from ``board``, best first, without playing them.

    A dominant move home (:func:`_dominant_home_move`) is the only step when
    there is one and ``dominance`` is on (the searches turn it on only when
    :func:`dominance_is_sound` holds for their start); with ``dominance`` and
    ``takebacks`` on, a take-back of a card that rule would send straight home
    again is left out (:func:`_takes_back_a_dominant_card`). Otherwise: every legal
    move except the waste stock's draw and recycle, and every stock macro move
    (a stock dealt onto the columns is an ordinary move). With ``fast``,
    column moves that only break a built sequence are left out
    (:func:`_breaks_a_sequence`). With ``skip_swaps``, moves of a whole
    column (no card face down) onto an empty column are left out where they
    reach the position itself (:func:`_swaps_stay_put`): a search's table
    holds the position it tries the steps of, so it would skip them anyway,
    after playing each and hashing what it reached. With ``twins`` (only
    where :func:`twins_are_interchangeable`, with ``dominance``), the forced
    step is :func:`_forced_twin_step`'s.
    """
    waste, klondike, swaps_stay, limited = _step_rules(variant)
    moves = board.legal_moves()
    if dominance and twins:
        step = _forced_twin_step(board, moves)
        if step is not None:
            return [step]
    elif dominance:
        forced = _dominant_home_move(variant, board, moves, klondike)
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
            if fast and start > down and _breaks_a_sequence(variant, board, move):
                continue  # (a group lifted off face-down cards or none breaks nothing)
            priority = _FLIP if down and down >= start else _PRIORITY[kind]
        elif (waste and (kind is KIND_DRAW or kind is KIND_RECYCLE)) or (
            takebacks
            and kind is KIND_FOUNDATION_TO_COLUMN
            and _takes_back_a_dominant_card(board, move)
        ):
            continue
        else:
            priority = _PRIORITY[kind]
        keys.append((priority << _RANK_BITS | index) << _RANK_BITS | len(found))
        found.append(((move,), -1, 0, move))
    if waste and moves:  # (no legal move, not even a draw or recycle: no macro either)
        recycles = board.recycles
        rank = len(found) + swaps
        lines, sizes = _talon_lines(variant, board)
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
    "ALTERNATE_COLORS_TABLE",
    "MacroStep",
    "Played",
    "Step",
    "Table",
    "TalonState",
    "board_steps",
    "breaking_moves_are_redundant",
    "covering_steps",
    "macro_steps",
    "placements_wait_for_cover",
    "play_step",
    "positions_reached",
    "talon_walk",
    "twins_are_interchangeable",
    "undo_step",
]
