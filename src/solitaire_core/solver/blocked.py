"""A static proof of a loss: a card that can never leave its column (RULES.md section 9).

Some deals are lost from the start, and no search can see it before it has
tried every way of playing the stock: in ``KL1-D3N-AAAAAIM`` the 9 of clubs
lies face down on both red tens and on a lower club. It cannot go home before
that club, which lies under it; it cannot go onto a red ten, both of which
lie under it; and only a King may fill an empty column. So it never leaves
its column, and the game is lost. :func:`stuck_card` finds such cards, also
through chains (a card that can never leave keeps the cards under it from
ever being free, which can leave another card with nowhere to go), and the
complete search answers ``UNWINNABLE`` at once when it finds one.

The rule, for games with one deck of foundations built up by suit from the
Ace (:attr:`~solitaire_core.variants.Variant.simple_foundations`). Call a card
*buried* while it is face down or the lowest face-up card of its column: it
can then leave the column only alone (home) or as the first card of a group
(onto a card it may be built on, or into an empty column), since every card
under it is face down. A buried card ``B`` never leaves its column when

* it may not start an empty column (for any foundation base), and
* every card it may be built on lies under ``B`` in its column, or under a
  card that never leaves its column (so it is never free to take ``B``), and
* some lower card of ``B``'s suit lies under ``B`` in its column, or under a
  card that never leaves its column (so ``B`` never goes home: that card
  never does).

Cards in the stock, the waste, the reserve and on the foundations (a
take-back can bring one back) count as free, so the rule only ever claims a
loss the rules force. The set of such cards is grown until it no longer
changes.

>>> from solitaire_core import DealCode, card_text, deal_code_position
>>> deal = DealCode.parse("KL1-D3N-AAAAAIM")
>>> card_text(stuck_card(deal.variant, deal_code_position(deal)))
'9C'
"""

from __future__ import annotations

from solitaire_core.cards import RANKS, SUITS
from solitaire_core.position import Position
from solitaire_core.variants import Variant


def stuck_card(variant: Variant, position: Position) -> int | None:
    """A card of ``position``'s tableau that can never leave its column, or None.

    Args:
        variant: the rules; only games with one deck of foundations built up
            by suit from the Ace are judged (others: None).
        position: any position of the game (not checked here).

    Returns:
        The card (0..51) found first (columns left to right, bottom up, in
        the last round of the search that grows the set; see the module
        docs), or None when no card is stuck, which proves nothing.
    """
    if not variant.simple_foundations or variant.foundations.complete_runs:
        return None
    may_fill_empty = [
        any(allowed[card] for allowed in variant.empty_column_tables) for card in range(52)
    ]
    # Where each tableau card lies: (column, height from the bottom).
    place: dict[int, tuple[int, int]] = {}
    for column, pile in enumerate(position.tableau):
        for height, card in enumerate(pile):
            place[card] = (column, height)
    buried = [
        (column, height)
        for column, (pile, down) in enumerate(
            zip(position.tableau, position.face_down, strict=True)
        )
        for height in range(min(down + 1, len(pile)))
    ]
    # top_stuck[column]: the height of the highest card found stuck in that column (-1: none)
    top_stuck = [-1] * len(position.tableau)

    def never_free(card: int, column: int, height: int) -> bool:
        """True when ``card`` lies under the card at (column, height) or under a stuck card."""
        where = place.get(card)
        if where is None:
            return False  # in the stock, the waste, the reserve or home: it counts as free
        other, level = where
        return (other == column and level < height) or level < top_stuck[other]

    found: int | None = None
    changed = True
    while changed:
        changed = False
        for column, height in buried:
            if height <= top_stuck[column]:
                continue  # found already, or under a stuck card
            card = position.tableau[column][height]
            if may_fill_empty[card]:
                continue
            if not all(never_free(onto, column, height) for onto in variant.build_targets[card]):
                continue
            suit, rank = SUITS[card], RANKS[card]
            lower = range(suit * 13, suit * 13 + rank - 1)
            if not any(never_free(below, column, height) for below in lower):
                continue
            top_stuck[column] = height
            found = card if found is None else found
            changed = True
    return found


__all__ = ["stuck_card"]
