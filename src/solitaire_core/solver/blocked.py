"""A static proof of a loss: cards that can never leave their columns (RULES.md section 9).

Some deals are lost from the start, and no search can see it before it has
tried every way of playing the stock. In ``KL1-D3N-AAAAAIM`` the 9 of clubs
lies face down on both red tens and on a lower club: it cannot go home
before that club, which lies under it; it cannot go onto a red ten, both of
which lie under it; and only a King may fill an empty column. So it never
leaves its column, and the game is lost. A lock can also span columns: the
9 of clubs face down on a red ten, both black tens and the 8 of hearts, the
9 of hearts on the other red ten and the 8 of clubs; each can only leave
after the other. :func:`stuck_cards` finds the cards of such locks, and the
complete search answers ``UNWINNABLE`` at once when there are any.

The rule, for games with one deck of foundations built up by suit from the
Ace (:attr:`~solitaire_core.variants.Variant.simple_foundations`). Call a card
*buried* while it is face down or the lowest face-up card of its column: it
can then leave the column only alone (home) or as the first card of a group
(onto a card it may be built on, or into an empty column), since every card
under it is face down and stays so until it leaves. For a win every card
must leave the tableau. Take a set ``S`` of buried cards and the first of
them, ``B``, to leave its column in a winning line. Before it leaves:

* every buried card above ``B`` in its column has left (``B`` is reached);
* and one of these holds: every lower card of ``B``'s suit has left its
  column for home (``B`` goes home); or some card ``T`` that ``B`` may be
  built on is the top of a column (``B`` goes onto it); or ``B`` may start an
  empty column and some other column was emptied, so all its buried cards
  have left. For ``T`` on the tableau, every buried card above ``T`` has
  left. ``T`` off the tableau (in the stock, the waste, the reserve or on a
  foundation) came onto it first: onto a card that was the top of a column
  (the same condition in turn) or into an emptied column, unless the stock
  deals its cards onto the columns (Easthaven), which puts them on top.

If every card of ``S`` needs a card of ``S`` to have left first in each of
those ways, none of them can be first, and the game is lost. The search for
such a set starts from every buried card and drops each card that has a way
out needing no card of the set, until none is dropped; what is left is the
largest such set (empty when there is none, which proves nothing).

Face-up cards above the lowest count as free, and cards off the tableau
as free to go home: the rule leaves out conditions (the order in which the
stock turns its cards up, among others), never adds one, so it only ever
claims a loss the rules force.

>>> from solitaire_core import DealCode, card_text, deal_code_position
>>> deal = DealCode.parse("KL1-D3N-AAAAAIM")
>>> sorted(card_text(card) for card in stuck_cards(deal.variant, deal_code_position(deal)))
['6C', '9C', '9D', '9S', 'AS', 'JH', 'TD', 'TH']
"""

from __future__ import annotations

from solitaire_core.cards import RANKS, SUITS
from solitaire_core.position import Position
from solitaire_core.variants import StockKind, Variant


def stuck_cards(variant: Variant, position: Position) -> frozenset[int]:
    """The cards of ``position``'s tableau that can never leave their columns.

    Args:
        variant: the rules; only games with one deck of foundations built up
            by suit from the Ace are judged (others: an empty set).
        position: any position of the game (not checked here).

    Returns:
        The largest set of buried cards (0..51) none of which can be the
        first of the set to leave its column (see the module docs). A set
        that is not empty proves the game lost from ``position``; an empty
        one proves nothing.
    """
    if not variant.simple_foundations or variant.foundations.complete_runs:
        return frozenset()
    tableau = position.tableau
    # Where each tableau card lies: (column, height from the bottom).
    place: dict[int, tuple[int, int]] = {}
    for column, pile in enumerate(tableau):
        for height, card in enumerate(pile):
            place[card] = (column, height)
    # held[column]: the set's cards in the column are those at heights 0 .. held - 1. A
    # card leaves after every card above it, so the set loses a column's cards top down.
    held = [
        min(down + 1, len(pile)) for pile, down in zip(tableau, position.face_down, strict=True)
    ]

    def in_set(card: int) -> bool:
        where = place.get(card)
        return where is not None and where[1] < held[where[0]]

    def reached(column: int, height: int) -> bool:
        """True when no card of the set lies above ``height`` in ``column``."""
        return held[column] <= height + 1

    may_fill_empty = [
        any(allowed[card] for allowed in variant.empty_column_tables) for card in range(52)
    ]

    # A stock dealt onto the columns puts its cards on top of them, wherever they go.
    dealt_on_top = set(position.stock) if variant.stock_kind is StockKind.DEAL else set()

    def surfacing() -> tuple[list[bool], bool]:
        """Which cards can become the top card of a column while the set stays; any emptiable?

        A tableau card when no card of the set lies above it; a card off the
        tableau (stock, waste, reserve, foundation) when it can come onto a
        card that can surface, or into a column that can be emptied (one
        holding no card of the set: the second answer says whether there is one).
        """
        emptiable = any(reached(column, -1) for column in range(len(tableau)))
        surfaces = [False] * 52
        off: list[int] = []
        for card in range(52):
            where = place.get(card)
            if where is not None:
                surfaces[card] = reached(*where)
            elif card in dealt_on_top or (emptiable and may_fill_empty[card]):
                surfaces[card] = True
            else:
                off.append(card)
        grown = True
        while grown:  # a card off the tableau can come onto one that came first
            grown = False
            for card in off:
                if not surfaces[card] and any(
                    surfaces[onto] for onto in variant.build_targets[card]
                ):
                    surfaces[card] = grown = True
        return surfaces, emptiable

    def may_leave(card: int, surfaces: list[bool], *, emptiable: bool) -> bool:
        """True when the set's highest card of ``column`` has a way out needing none of the set."""
        suit, rank = SUITS[card], RANKS[card]
        if not any(in_set(lower) for lower in range(suit * 13, suit * 13 + rank - 1)):
            return True  # home, once the lower cards are
        if any(surfaces[onto] for onto in variant.build_targets[card]):
            return True  # onto a card that can come to the top of a column
        return may_fill_empty[card] and emptiable  # (the card's own column is not emptiable)

    changed = True
    while changed:
        changed = False
        surfaces, emptiable = surfacing()
        for column, pile in enumerate(tableau):
            while held[column] and may_leave(pile[held[column] - 1], surfaces, emptiable=emptiable):
                held[column] -= 1
                changed = True
    return frozenset(card for card, where in place.items() if where[1] < held[where[0]])


__all__ = ["stuck_cards"]
