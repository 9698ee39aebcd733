"""The dominance rule on a board: the moves home that no winning line needs to wait for.

A card that every card which could ever need it on the tableau can follow
home is sent home as soon as it is free, alone, without branching: the step
generator (:func:`~solitaire_core.solver.board_steps.board_steps`) asks
:func:`dominant_home_move` for that forced step (or, where twins merge,
:func:`forced_twin_step`), and skips the take-backs of such a card
(:func:`takes_back_a_dominant_card`). Whether a search may use the rule from
its start: :func:`~solitaire_core.solver.steps.dominance_is_sound`.

Compiled with mypyc in the compiled build (:data:`solitaire_core.BUILD`).

>>> from solitaire_core import KLONDIKE, deal_code_position
>>> from solitaire_core.solver.search_board import SearchBoard
>>> board = SearchBoard(KLONDIKE, deal_code_position("KL1-D1N-AAAAAAG"))
>>> str(dominant_home_move(KLONDIKE, board, board.legal_moves(), klondike=True))  # the AD
'1f'
>>> is_dominant(board.foundations, 1), is_dominant(board.foundations, 2)  # the 2S, the 3S
(True, False)
"""

from __future__ import annotations

import functools

from solitaire_core.cards import DECK_SIZE, RANKS, RED, SUITS
from solitaire_core.moves import Move
from solitaire_core.position import Position
from solitaire_core.rules.autoplay import is_safe_to_play_home
from solitaire_core.rules.board import (
    KIND_COLUMN_TO_FOUNDATION,
    KIND_RESERVE_TO_FOUNDATION,
    KIND_WASTE_TO_FOUNDATION,
    Board,
)
from solitaire_core.rules.foundations import builders_home, is_home, next_rank
from solitaire_core.solver.reductions import twin
from solitaire_core.solver.search_board import SearchBoard
from solitaire_core.solver.talon import Step
from solitaire_core.variants import Variant


def dominant_home_move(
    variant: Variant, board: Board, moves: list[Move], *, klondike: bool, proves: bool = True
) -> Move | None:
    """A move home that some winning line makes whenever any does, or None.

    ``moves`` are the board's legal moves (the moves home come first). For
    Klondike building (``klondike``:
    :func:`~solitaire_core.solver.reductions.builds_like_klondike`, opposite
    colour, one rank lower, as the variant's building table says, with one deck
    of foundations from the Ace) a card of rank r may go home at once when both
    foundations of the other colour hold at least r - 2 cards and the other
    foundation of its colour at least r - 3: every card that could ever need it
    on the tableau (the other-colour r - 1 cards, and through them the
    same-colour r - 2 cards) can then go home itself whenever it is free. Other
    games use the plain safe rule
    (:func:`~solitaire_core.rules.autoplay.is_safe_to_play_home`), and where
    cards come back from the foundations :func:`nothing_comes_back_for` too:
    always with one deck, and with two or three decks only for a search that
    ``proves`` losses. A search that only looks for a win may leave out any
    moves (every line it finds is played out by the rules), so where copies
    make the sound rule force few moves (see :func:`nothing_comes_back_for`)
    such a search keeps the plain rule's many forced moves; a search whose
    exhaustion is taken as a proof of loss gets only sound ones.

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
            if not builders_home(variant, board.foundations, board.foundation_base, card):
                continue  # (the plain safe rule says no: read off the board, no position made)
            if position is None:
                position = board.to_position()
            if is_safe_to_play_home(variant, position, card) and (
                not variant.foundation_takeback
                or (not proves and proving_forces_fewer(variant))
                or nothing_comes_back_for(variant, position, card)
            ):
                return move
            continue
        if is_dominant(foundations, card):
            return move
    return None


def proving_forces_fewer(variant: Variant) -> bool:
    """True when a search that proves losses gets fewer forced moves home than one for wins.

    So where cards come back from the foundations of two or three decks (see
    :func:`dominant_home_move`): :func:`~solitaire_core.solver.solving.solve`
    then runs its complete search first with the plain rule, for wins, and
    only then with the sound one, for the proof.
    """
    return variant.foundation_takeback and variant.decks > 1


def nothing_comes_back_for(variant: Variant, position: Position, card: int) -> bool:
    """True when no card taken back from the foundations could ever need ``card`` on the tableau.

    Where cards come back from the foundations, the plain safe rule (every card
    that may be built on ``card`` is home) does not make a move home forced: a
    card home can be taken back onto ``card`` to hold a card of its own, and a
    card of ``card``'s suit below it can be taken back (while ``card`` is still
    out) for the same. In Nine Across (base 6) the 5 of spades with both red 4s
    home is safe by the plain rule, yet a win takes the 4 of hearts back onto it
    to hold the 3 of clubs. So this also asks that every card that may be built
    on ``card`` or on a card of its suit below it (the foundation it goes to
    holds them: they could be taken back while ``card`` is out), on those, and
    so on, be home (every copy, by
    :func:`~solitaire_core.rules.foundations.is_home`): then a card off the
    foundations is never built on any card of that closure, taking them back
    only moves them among themselves, and sending ``card`` home first loses no
    win.

    With two or three decks every copy of those cards must be home, which
    leaves few moves forced: Double Easthaven's deal 107, won within 50,000
    positions with the plain rule, stays undecided at 2,000,000 when every
    search asks this. So there only the searches that prove losses ask it
    (see :func:`dominant_home_move`).
    """
    decks = variant.decks
    for other in _closure_below(variant, position.foundation_base, card):
        if not is_home(position, other, decks):
            return False
    return True


@functools.lru_cache(maxsize=4096)
def _closure_below(variant: Variant, base: int, card: int) -> tuple[int, ...]:
    """The cards :func:`nothing_comes_back_for` asks to be home (cached).

    Every card that may be built on ``card`` or on a card of its suit below it
    from ``base``, on those, and so on: those cards themselves left out (the
    foundation ``card`` goes to holds them).
    """
    suit = card // 13
    order = (RANKS[card] - base) % 13
    below = [suit * 13 + next_rank(base, lower) - 1 for lower in range(order)]
    seen = {card, *below}
    stack = [card, *below]
    sources = variant.build_sources
    while stack:
        for other in sources[stack.pop()]:
            if other not in seen:
                seen.add(other)
                stack.append(other)
    return tuple(sorted(seen.difference((card, *below))))


def forced_twin_step(board: SearchBoard, moves: list[Move]) -> Step | None:
    """The dominance rule's forced step where twins merge.

    Where :func:`~solitaire_core.solver.reductions.twins_are_interchangeable`.

    Among the cards that Klondike's dominance rule sends home
    (:func:`is_dominant`), the lowest card (0..51: S, H, D, C, Ace to King)
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
        if card < best and is_dominant(foundations, card):
            best, found = card, move
    for suit in range(4):
        card = suit * 13 + foundations[suit]
        if foundations[suit] < 13 and card < best and is_dominant(foundations, card):
            swap = move_onto_twin(board, card)
            if swap is not None:
                best, found = card, swap
    return None if found is None else ((found,), -1, 0, found)


def move_onto_twin(board: SearchBoard, card: int) -> Move | None:
    """The move of the cards on ``card`` (face up in a column) onto its free twin, or None."""
    here, there = board.face_up_place(card), board.face_up_place(twin(card))
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


def is_dominant(foundations: list[int], card: int) -> bool:
    """True when Klondike's dominance rule sends ``card`` home as soon as it is free.

    For one deck of foundations from the Ace (slot = suit) under Klondike
    building: the card's rank is at most 2, or both foundations of the other
    colour hold at least rank - 2 cards and the other of its colour at least
    rank - 3 (see :func:`dominant_home_move`). Only the other suits'
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


def takes_back_a_dominant_card(board: Board, move: Move) -> bool:
    """True for a take-back of a card that Klondike's dominance rule would send home again.

    For a variant that
    :func:`~solitaire_core.solver.reductions.builds_like_klondike`: the card
    taken back (the top of foundation ``move.source``, slot = suit) lands on
    top of a column, where :func:`dominant_home_move` plays it home at once,
    back to the position it left, which the table holds. Skipping the take-back
    leaves the positions searched the same, without the one position between.
    """
    suit = move.source
    assert suit is not None
    return is_dominant(board.foundations, suit * 13 + board.foundations[suit] - 1)


__all__ = [
    "dominant_home_move",
    "forced_twin_step",
    "is_dominant",
    "move_onto_twin",
    "nothing_comes_back_for",
    "proving_forces_fewer",
    "takes_back_a_dominant_card",
]
