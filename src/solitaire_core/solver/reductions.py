"""When the solver's reductions are sound: per-variant answers, each with its proof.

The searches cut what they explore by rules that lose no win only under
conditions a variant may or may not meet. Each function here answers one
such question for a variant (cached per variant) and says, in its
docstring, why the reduction is sound where it says yes:

* :func:`breaking_moves_are_redundant`: skip the column moves that only break
  a built sequence;
* :func:`twins_are_interchangeable`: store twin positions (what lies on two
  twin cards exchanged) as one, the suit symmetry;
* :func:`placements_wait_for_cover`: a waste card played to a column must be
  covered by the next move;
* :func:`builds_like_klondike` (the condition under all three, and under the
  dominance rule of :mod:`solitaire_core.solver.dominance`) and
  :func:`swaps_stay_put`.

Only what the variant's tables and policies declare is asked (never a
policy's class). Compiled with mypyc in the compiled build
(:data:`solitaire_core.BUILD`), with the step generator that asks it
(:mod:`solitaire_core.solver.board_steps`).

>>> from solitaire_core.variants import KLONDIKE, KLONDIKE_DRAW_3
>>> breaking_moves_are_redundant(KLONDIKE), twins_are_interchangeable(KLONDIKE)
(True, True)
>>> placements_wait_for_cover(KLONDIKE), placements_wait_for_cover(KLONDIKE_DRAW_3)
(True, False)
"""

from __future__ import annotations

import functools
from typing import Final

from solitaire_core.variants import ALTERNATE_COLORS, Variant

ALTERNATE_COLORS_TABLE: Final = tuple(
    ALTERNATE_COLORS.check_build(card, onto) is None for onto in range(52) for card in range(52)
)
"""Klondike's building table (opposite colour, one rank lower, no wrap): the dominance rule's."""


def twin(card: int) -> int:
    """The card of the same rank and colour in the other suit (suits S, H, D, C: S-C, H-D)."""
    return (3 - card // 13) * 13 + card % 13


@functools.lru_cache(maxsize=256)
def builds_like_klondike(variant: Variant) -> bool:
    """True for Klondike's building table and one deck of foundations from the Ace (cached)."""
    return variant.simple_foundations and variant.build_table == ALTERNATE_COLORS_TABLE


@functools.lru_cache(maxsize=256)
def breaking_moves_are_redundant(variant: Variant) -> bool:
    """True when a search that skips the moves that only break a built sequence loses no win.

    Holds for Klondike building (:func:`builds_like_klondike`: opposite
    colour, one rank lower, one deck of foundations from the Ace) where any
    face-up group or any ordered run may move, with no limit on its size, and
    an empty column takes a card or not by its rank alone (Klondike,
    Réfléchi and their app variants); the searches use it from a start where
    :func:`~solitaire_core.solver.steps.dominance_is_sound` holds, so every
    face-up card in a column is built on the one below it.

    The moves skipped
    (:func:`~solitaire_core.solver.board_steps.breaks_a_sequence`) lift a group
    ``G`` off a face-up card ``u`` it is built on while ``u`` cannot go home.
    Under Klondike building the first card of ``G`` fits on exactly two cards:
    ``u`` and its twin ``v``, the card of the same rank and colour. So the move
    puts ``G`` on ``v`` and reaches the position ``X1`` that is the position
    before it, ``X``, with the cards above ``u`` and above ``v`` exchanged.

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
        builds_like_klondike(variant)
        and variant.moves_every_built_run
        and not variant.group.limits_counts
        and all(
            allowed[card] == allowed[twin(card)]
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
    shows that every move from one twin is matched from the other, keeping them
    twins or making them equal: a move that does not lift ``u`` or ``v``'s
    cards whole nor send ``u`` or ``v`` home is played as it is, on the other
    pile; ``u`` or ``v`` moving with its cards is the same move. The search's
    own steps must match too, so it takes two measures. (1) Sending ``u`` home
    while cards lie on it, where ``v`` is free, is matched by moving those
    cards onto ``v`` and then ``u`` home: the search offers that move (it lifts
    cards off a card that can go home, so it breaks no sequence), stores the
    position it reaches with the duty "``u`` goes home next"
    (:meth:`~solitaire_core.solver.search_board.SearchBoard.search_hash_homing`;
    the position itself is a twin of the one before), and tries only that move
    from there. (2) The dominance rule's forced step is chosen by card
    (:func:`~solitaire_core.solver.dominance.forced_twin_step`: the lowest
    dominant card that is free, or whose cards can move onto its free twin),
    which is the same card in twin positions; the cards free on top of the
    columns are the same in twins, but for ``u`` and ``v`` when one pile is
    empty. With these, every step of the search from one twin is matched by a
    step from the other (the exchange and the move home counted as one),
    reaching twins or equal positions, duties included; so the fewest such
    steps to a win are the same from twins. If the search stored a winnable
    position and found no win, take the stored winnable position with the
    fewest steps to a win: the first step of such a line reaches a position
    whose key is stored, so a twin of it is stored, winnable, one step nearer:
    a contradiction. The tests compare the search with twins merged with the
    search without.
    """
    return breaking_moves_are_redundant(variant)


@functools.lru_cache(maxsize=256)
def placements_wait_for_cover(variant: Variant) -> bool:
    """True when a search may play a waste card to a column only to cover it at once.

    Holds for Klondike building (:func:`builds_like_klondike`) with a waste
    turned one card at a time and unlimited recycles (Klondike draw 1 and
    Réfléchi draw 1). There the complete search plays a card ``X`` from the
    waste to a column only when its next move puts a card on ``X`` (from the
    waste, from a column or from a foundation); the position in between is
    stored with that duty
    (:meth:`~solitaire_core.solver.search_board.SearchBoard.search_hash_waiting`)
    and any other move from it is skipped. (Cached per variant.)

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
    return variant.stock_cycles_freely and variant.draw_count == 1 and builds_like_klondike(variant)


def swaps_stay_put(variant: Variant) -> bool:
    """True when moving a whole column onto an empty one reaches the same position.

    So where the columns are interchangeable (their order is no part of a
    position) and an emptied column is not refilled from a reserve.
    """
    return variant.columns_interchangeable and not variant.empty_column.fills_from_reserve


__all__ = [
    "ALTERNATE_COLORS_TABLE",
    "breaking_moves_are_redundant",
    "builds_like_klondike",
    "placements_wait_for_cover",
    "swaps_stay_put",
    "twin",
    "twins_are_interchangeable",
]
