"""The best-first search's estimates of the moves a win still needs (its ``h``).

Three counts, each for a :class:`~solitaire_core.position.Position` (the public
:func:`~solitaire_core.solver.best_first.moves_left_estimate`) and for the
search's own board alike, from the counts both hold.

The **uncovering** estimate (:func:`moves_left`, ``"uncovering"``):

* **two per card not yet home**: one move to a column or off the waste, one home;
* **six per face-down card** (:data:`FACE_DOWN_MOVES`): the cards on it must
  move first, and a card turned over is what opens a game of this family, so
  the search is steered hard towards turning cards over;
* **one per reserve card** (each must be uncovered);
* **one per card out of order** (:func:`cards_out_of_order`): a card lying
  above a lower card of its suit in the same column must move off it before
  that card can go home;
* **nothing for the stock**: a draw is not progress. The search's stock
  steps draw as many cards as it takes to play one
  (:mod:`solitaire_core.solver.talon`), so a count of the stock made the
  deepest draws look best and sent the search through its limited passes.

The **plain** estimate (:func:`plain_moves_left`, ``"plain"``): two per card
not yet home and one per face-down, stock and reserve card.

Neither is a lower bound: the search compares positions with them and proves
nothing. Neither is best everywhere (benchmarks/results/best-first-estimate.md):
at 50,000 positions the best-first search alone won, of deals 0..9, with the
uncovering estimate 10 of Eight Times Eight, Lady Jane and Double Klondike and
8 of Triple Klondike, where the plain one won 0 or 1; at 100,000, 8 of
Gargantua's where the plain one won none. But the plain one wins a Lucky
Thirteen and a Chinese Discipline deal within about 500 positions that the
uncovering one does not win within 30,000: where any face-up run moves, or
nothing fills an empty column, turning cards over is not what opens the game.
So :func:`~solitaire_core.solver.solving.solve` runs both, each weighted 2 and 1
(:data:`~solitaire_core.solver.solving.BEST_FIRST_SEARCHES`).

The **runs** estimate (:func:`runs_moves_left`, ``"runs"``), for the games whose
foundations take only complete suit runs (Spiderette, Will o' the Wisp: FAMILY.md
sections 4.3 and 4.4): no card goes home alone, so what stands between a column and
a run going home is not a lower card of the suit under it but each **break** in its
face-up cards (:func:`run_breaks`: a card that does not continue a suit run on the
card under it), counted :data:`RUN_BREAK_MOVES` times, with the uncovering
estimate's counts for cards out, face-down and reserve cards. There
:func:`~solitaire_core.solver.solving.best_first_searches` runs it weighted 2 and 1 beside
the uncovering estimate weighted 2 and the plain one weighted 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

FACE_DOWN_MOVES: Final = 6
"""What a face-down card adds to the estimate, in moves."""
RUN_BREAK_MOVES: Final = 3
"""What a break in a column's suit runs adds to the runs estimate, in moves."""


def cards_out_of_order(columns: Sequence[Sequence[int]], base: int) -> int:
    """How many column cards lie above a lower card of their own suit.

    Args:
        columns: the piles, bottom card first (face-down cards included),
            cards as ints 0..51 (``suit * 13 + rank - 1``).
        base: the foundations' base rank, 1 (ace) .. 13, or 0 while no card
            has fixed it: ranks count from the base (with a base of 8, an 8 is
            the lowest card and a 7 the highest), else from the ace.

    Returns:
        The count: each card counted when some card of its suit below it in
        its column goes home before it.

    >>> cards_out_of_order([[0, 5, 1], [13]], 1)  # AS 6S 2S: the 6 and the 2 lie above the ace
    2
    """
    offset = 1 if base == 0 else base  # (a card's order: (rank - base) % 13, its card is rank - 1)
    count = 0
    lowest = [13, 13, 13, 13]  # per suit, the lowest order below (13: none); one list a call
    for column in columns:
        lowest[0] = lowest[1] = lowest[2] = lowest[3] = 13
        for card in column:
            suit = card // 13
            order = (card % 13 + 1 - offset) % 13
            if order > lowest[suit]:
                count += 1
            else:
                lowest[suit] = order
    return count


def plain_moves_left(cards_out: int, hidden: int) -> int:
    """The plain estimate (see the module docs).

    Args:
        cards_out: the cards not on the foundations.
        hidden: the face-down, stock and reserve cards.

    Returns:
        A count of moves, 0 for a won position.

    >>> plain_moves_left(52, 21 + 24)  # a Klondike deal
    149
    """
    return 2 * cards_out + hidden


def moves_left(
    cards_out: int,
    face_down: int,
    reserve: int,
    columns: Sequence[Sequence[int]],
    base: int,
) -> int:
    """The uncovering estimate (see the module docs) from the counts a position holds.

    Args:
        cards_out: the cards not on the foundations.
        face_down: the face-down cards in the columns.
        reserve: the reserve's cards.
        columns: the columns, as for :func:`cards_out_of_order`.
        base: the foundations' base rank, as for :func:`cards_out_of_order`.

    Returns:
        A count of moves, 0 for a won position.

    >>> moves_left(0, 0, 0, [], 1)
    0
    """
    return 2 * cards_out + FACE_DOWN_MOVES * face_down + reserve + cards_out_of_order(columns, base)


def run_breaks(columns: Sequence[Sequence[int]], face_down: Sequence[int]) -> int:
    """How many face-up column cards lie on a card they do not continue a suit run on.

    Args:
        columns: the piles, bottom card first, cards as ints 0..51
            (``suit * 13 + rank - 1``).
        face_down: per column, how many of its bottom cards are face down.

    Returns:
        The count: each face-up card whose card under it is face up and is not
        of its suit and one rank higher (a card on a face-down card, or at the
        bottom, breaks nothing).

    >>> run_breaks([[12, 11, 23, 9], [5]], [0, 0])  # KS QS on it, then QH, then 10S
    2
    """
    count = 0
    for column, down in zip(columns, face_down, strict=True):
        for index in range(down + 1, len(column)):
            under = column[index - 1]
            card = column[index]
            if under - card != 1 or card % 13 == 12:  # (an ace under a king of the next suit)
                count += 1
    return count


def runs_moves_left(
    cards_out: int,
    face_down: int,
    reserve: int,
    columns: Sequence[Sequence[int]],
    face_downs: Sequence[int],
) -> int:
    """The runs estimate (see the module docs) from the counts a position holds.

    Args:
        cards_out: the cards not on the foundations.
        face_down: the face-down cards in the columns.
        reserve: the reserve's cards.
        columns: the columns, as for :func:`run_breaks`.
        face_downs: per column, its face-down cards, as for :func:`run_breaks`.

    Returns:
        A count of moves, 0 for a won position.

    >>> runs_moves_left(52, 1, 0, [[0, 12, 11, 23]], [1])  # 2 * 52 + 6 + 3 * 1 break (QH)
    113
    """
    return (
        2 * cards_out
        + FACE_DOWN_MOVES * face_down
        + reserve
        + RUN_BREAK_MOVES * run_breaks(columns, face_downs)
    )


def estimated_moves_left(
    estimate: int,
    cards_out: int,
    face_down: Sequence[int],
    stock: int,
    reserve: int,
    columns: Sequence[Sequence[int]],
    base: int,
) -> int:
    """The estimate of index ``estimate`` in :data:`ESTIMATES`, from the counts a position holds.

    The one dispatch of the public count of a position and of the search's count of its board.

    Args:
        estimate: :data:`UNCOVERING`, :data:`PLAIN` or :data:`RUNS`.
        cards_out: the cards not on the foundations.
        face_down: per column, how many of its bottom cards are face down.
        stock: the cards in the stock (not the waste).
        reserve: the reserve's cards.
        columns: the piles, bottom card first, cards as ints 0..51.
        base: the foundations' base rank, as for :func:`cards_out_of_order`.

    Returns:
        A count of moves, 0 for a won position.

    >>> estimated_moves_left(PLAIN, 52, [0, 1, 2, 3, 4, 5, 6], 24, 0, [], 1)  # a Klondike deal
    149
    """
    down = sum(face_down)
    if estimate == PLAIN:
        return plain_moves_left(cards_out, down + stock + reserve)
    if estimate == RUNS:
        return runs_moves_left(cards_out, down, reserve, columns, face_down)
    return moves_left(cards_out, down, reserve, columns, base)


ESTIMATES: Final = ("uncovering", "plain", "runs")
"""The estimates' names, as :func:`~solitaire_core.solver.best_first.best_first_search`
takes them."""
UNCOVERING: Final = 0
"""The uncovering estimate's index in :data:`ESTIMATES`, as the searches take it."""
PLAIN: Final = 1
"""The plain estimate's index."""
RUNS: Final = 2
"""The runs estimate's index."""

__all__ = [
    "ESTIMATES",
    "FACE_DOWN_MOVES",
    "PLAIN",
    "RUNS",
    "RUN_BREAK_MOVES",
    "UNCOVERING",
    "cards_out_of_order",
    "estimated_moves_left",
    "moves_left",
    "plain_moves_left",
    "run_breaks",
    "runs_moves_left",
]
