"""A static proof of a loss: cards that can never leave their columns or piles (RULES.md 9).

Some positions are lost, and no search can see it before it has tried every
way of playing the stock. In ``KL1-D3N-AAAAAIM`` the 9 of clubs lies face
down on both red tens and on a lower club: it cannot go home before that
club, which lies under it; it cannot go onto a red ten, both of which lie
under it; and only a King may fill an empty column. So it never leaves its
column, and the game is lost. In Agnes Sorel the card one rank below the
base (the last card of its suit to go home) above a card of its own suit,
or two such cards each above a card of the other's suit, neither built on
the card under it, lock the game the same way unless a card of the base
rank and of their colour can come to the top of a column for them (building
wraps, King onto Ace); and since no
card may be moved into an empty column there, many deals are lost from the
start or after a deal of the stock. :class:`LockFinder` finds the cards of
such locks (:func:`stuck_cards` on a position); the complete search answers
``UNWINNABLE`` at once from a start with any, and where
:func:`locks_worth_checking` every search treats a position with any as lost
without searching on from it
(:class:`~solitaire_core.solver.searching.DepthFirst`,
:class:`~solitaire_core.solver.searching.BestFirst`).

**The rule**, for games whose foundations take single cards of one deck by
suit, each suit in a known order (from the Ace, or from a base rank dealt or
fixed by the first card home, wrapping; :func:`proves_locks`). Call a card
of a column *buried* while it can only leave the column as the lowest card
of what moves: it is face down, or the lowest face-up card, or (where every
group that may move is in building order,
:attr:`~solitaire_core.variants.Variant.groups_are_built_runs`) it may not be
built on the card under it. A card keeps its state while it stays: the cards
under it stay, and stay face down. For a win every card of the columns must
leave its column. Take a set ``S`` of cards of the columns, and the first
move of a winning line that takes cards of ``S`` out of their column, and
``B`` the lowest card of ``S`` it moves. Before that move no card of ``S``
has left its column, so:

1. no buried card of ``S`` lies above ``B``: it would have to leave first
   (being buried, it cannot move on ``B``'s group);
2. ``B`` leaves in one of these ways:

   a. home, alone: every card above it has left its column and every card
      of its suit lower in the foundation order has gone home first, so none
      of them is in ``S``;
   b. as the lowest card of a group, onto a card ``T`` that is then the top
      of another column. A card ``T`` of the columns (``B``'s own included:
      ``T`` may lie above ``B`` and move away first) can only come to the
      top once every card above it has left its column (a group that takes
      ``T`` away takes them with it), so no card of ``S`` lies above ``T``.
      A card off the columns comes to the top of one only by a deal of the
      stock onto the columns, or by being moved onto a card that is then the
      top of a column (the same condition again), or into an empty column;
      a card home comes back only where foundations give cards back;
   c. as the lowest card of a group, into an empty column, where the rules
      let it start one: a column holding no card of ``S`` was emptied;
   d. moved with the cards under it, on a group led by a lower card: ``B``
      is not buried, and the card under it is not in ``S`` (``B`` is the
      lowest card of ``S`` moved).

If no card of ``S`` meets these conditions, no card of ``S`` can be the first
to leave, none ever leaves, and the position is lost. :meth:`LockFinder.find`
starts from every card of the columns and drops each card that meets them,
until none is dropped; the conditions only get easier as ``S`` shrinks, so
what is left is the largest such set (empty when there is none, which proves
nothing). It leaves out conditions (the order in which the stock turns up its
cards, the room a group needs, which of several places a card takes), never
adds one: it only ever claims a loss the rules force. A card goes home or
onto a card alone or with what lies on it, never with what lies under it, and
every card of the columns has to leave them: nothing else is assumed, so the
rule holds for any building, group and empty-column policy, any stock, with
or without a reserve and take-backs. It decides most where no card may be
moved into an empty column and nothing comes back from the foundations
(Agnes Sorel); where any card fills an empty column (Easthaven), a column
free of the set is nearly always there, and the rule rarely holds a card.

**The waste and the reserve.** A waste that is never turned back into the
stock any more (a stock of one pass, or its last recycle spent) and a reserve
are piles whose cards leave one at a time from the top, home or onto a card
or into an empty column, and on which no card is ever built: so the rule
takes their cards into the set too, each pile like a column whose every card
is buried. A card of the set in one leaves only as in 2a (no card of the set
above it in its pile), 2b or 2c, never 2d; and a card of one can come to
the top of a column only if no card of the set lies above it in its pile (it
must leave the pile first). Cards turned from the stock later land on top of
the waste, off the set: the argument asks only what lies above a card of the set.
In Australian Patience (build by suit, Kings alone into an empty column,
one pass) a card above a lower card of its suit in the waste, with the card
it may go on under both, locks the game: the 5 of hearts above the 3 of
hearts above the 6 of hearts.

**The second rule**, where no card comes back from the foundations, when the
first holds no card. A card ``X`` lying on a card ``U`` whose places to go
are all home but ``U`` (the cards it may be built on, by the building table)
and that may not start an empty column stays on ``U`` until it goes home: a
move takes ``X`` off ``U`` only if it sends ``X`` home or leads a group with
``X`` onto another card or into an empty column (a group led by a card under
``X`` takes ``U`` too), and a card home never comes back. So ``X`` goes home
before ``U``. If ``X`` is buried besides, nothing moves it but its move home,
and it goes home before every card under it. With the order of each suit (a
card goes home before the next of its suit), these make a graph of "goes home
before"; a cycle in it is a lock, and :meth:`LockFinder.find` holds the
cycle's cards. In Agnes Sorel the card one below the base lying on the base
card of its suit, the other base card of its colour home, is such a cycle
(``4S`` on ``5S``: the ``4S`` home before the ``5S``, the ``5S`` before the
``6S``, ... before the ``4S``); and a Jack lying on the Queen of its suit,
with the base the Queen and the other Queen of its colour home, keeps the
pair moving together from column to column without end, which the first rule
cannot see. Like the first, it asks only the building table, the
empty-column tables and the take-back rule: it holds with any stock, dealt
or turned, before and after it runs out (nothing in either argument needs
the stock empty), and where Kings or any card may fill an empty column it
pins only the cards that may not.

With both rules checked at every position (and the columns no deal reaches
any more stored in any order:
:meth:`~solitaire_core.solver.search_board.SearchBoard.is_dealt_no_more`),
``solve`` decides 123 of Agnes Sorel deals 0..199 at 50,000 positions
(61.5%; 58 before), and 39 of deals 0..49 at 1,000,000 (78%; 32 before), all
lost but 5 won; the median deal takes 14,042 positions at 50,000 where it
took them all (benchmarks/results/agnes-locks.md).

The tests compare the searches with the rules and without them, and check
the rules on positions an exhaustive search without any pruning wins.

Compiled with mypyc in the compiled build (:data:`solitaire_core.BUILD`).

>>> from solitaire_core import DealCode, card_text, deal_code_position
>>> deal = DealCode.parse("KL1-D3N-AAAAAIM")
>>> stuck = stuck_cards(deal.variant, deal_code_position(deal))
>>> sorted(card_text(card) for card in stuck)
['6C', '9C', '9D', '9S', 'AS', 'JH', 'TD', 'TH']
"""

from __future__ import annotations

from typing import Final, final

from solitaire_core.cards import DECK_SIZE, RANKS
from solitaire_core.position import Position
from solitaire_core.variants import StockKind, Variant

_NOWHERE: Final = -1
"""Not on the tableau (a card's column), or no card of the set (a column's highest)."""
_NO_ORDER: Final = 13
"""A suit's lowest foundation order when no card of the set is of that suit."""
_FREE: Final = 0
"""Not pinned (the second rule): a card that may leave the card under it."""
_ON_UNDER: Final = 1
"""Pinned: stays on the card under it until it goes home."""
_IN_COLUMN: Final = 2
"""Pinned: stays in its column, above every card under it, until it goes home."""
_WHITE: Final = 0
"""Not reached yet by the search for a cycle."""
_GREY: Final = 1
"""On the search's path."""
_BLACK: Final = 2
"""Done: no cycle through it."""


def proves_locks(variant: Variant) -> bool:
    """True when :class:`LockFinder` judges ``variant``'s positions.

    For one deck of foundations that take single cards by suit, so each card
    of a suit goes home after the lower ones in an order the position fixes
    (from the Ace, or from its foundation base; before a game such as Nine
    Across fixes the base, any card may go home first). Not for spider-type
    foundations (a run goes home with the cards under its top) or several
    decks (a card's copies).
    """
    return variant.decks == 1 and not variant.foundations.complete_runs


def locks_worth_checking(variant: Variant) -> bool:
    """True where the searches check every position they store for a lock.

    Where :func:`proves_locks` holds and no card may ever be moved into an
    empty column (Agnes Sorel): there a column the set leaves free gives no
    card a way out, and locks come often, after a deal of the stock or a card
    sent home. And where the waste is never turned back once its recycles
    are spent, each card may be built on one card at most, and not every
    card may start an empty column (Australian Patience): there the waste
    locks often (module docs). Elsewhere the complete search checks its
    start only: checking every position costs more time than the positions
    it saves (compiled, deals 0..9 at 20,000 positions: Klondike, Yukon,
    Easthaven, Russian Solitaire run at 54%, 39%, 55%, 35% of their speed for
    5%, 0%, 7%, 33% fewer positions; deals 0..19 at 100,000, the waste a pile:
    Vegas, Chinaman, Raw Prawn, Eastcliff, Pas Seul twice the time for at most
    a deal more decided, Australian Patience 11 deals, not 1).
    """
    if not proves_locks(variant) or variant.empty_column.fills_from_reserve:
        return False
    tables = variant.empty_column_tables
    starting = [any(allowed[card] for allowed in tables) for card in range(DECK_SIZE)]
    final_waste = variant.stock_kind is StockKind.WASTE and variant.recycle_limit is not None
    one_place = all(len(onto) <= 1 for onto in variant.build_targets)
    return not any(starting) or (final_waste and one_place and not all(starting))


@final
class LockFinder:
    """Finds the cards that can never leave their columns, or never go home (the module docs).

    Made once per search for a variant; :meth:`find` reads a position given as a
    board holds it and keeps its answer in its own tables (no allocation per
    position); :meth:`cards` lists it.

    Attributes:
        proves: the rule judges the game (:func:`proves_locks`); if not,
            :meth:`find` always answers 0.
    """

    __slots__ = (
        "_built_runs",
        "_buried",
        "_column_of",
        "_dealt_on_top",
        "_edges",
        "_final_waste",
        "_height_of",
        "_held",
        "_highest",
        "_lowest",
        "_marks",
        "_off",
        "_pile_of",
        "_pile_top",
        "_pinned",
        "_stack",
        "_starts_empty",
        "_surfaces",
        "_table",
        "_takeback",
        "_targets",
        "proves",
    )

    def __init__(self, variant: Variant) -> None:
        self.proves = proves_locks(variant)
        self._built_runs = variant.groups_are_built_runs
        self._table: tuple[bool, ...] = variant.build_table
        self._targets: tuple[tuple[int, ...], ...] = variant.build_targets
        self._starts_empty: tuple[bool, ...] = tuple(
            any(allowed[card] for allowed in variant.empty_column_tables)
            or variant.empty_column.fills_from_reserve
            for card in range(DECK_SIZE)
        )
        self._dealt_on_top = variant.stock_kind is StockKind.DEAL
        # The recycles after which the waste is never turned back (None: it always may be).
        self._final_waste: int | None = (
            variant.recycle_limit if variant.stock_kind is StockKind.WASTE else None
        )
        self._takeback = variant.foundation_takeback
        # The tables of the last position judged, by card: its column (-1: off the columns),
        # its height there, in the set, buried, and (off the columns) able to come to the top.
        self._column_of = [_NOWHERE] * DECK_SIZE
        self._height_of = [0] * DECK_SIZE
        self._held = [False] * DECK_SIZE
        self._buried = [False] * DECK_SIZE
        self._surfaces = [False] * DECK_SIZE
        self._highest = [_NOWHERE] * variant.columns  # by column: the set's highest height
        # The waste once final and the reserve (piles 0 and 1): by card, its pile (-1: none);
        # by pile, the set's highest height there.
        self._pile_of = [_NOWHERE] * DECK_SIZE
        self._pile_top = [_NOWHERE, _NOWHERE]
        self._lowest = [_NO_ORDER] * 4  # by suit: the set's lowest foundation order
        self._off: list[int] = []  # the cards off the columns that may come back to them
        # The second rule's: by card, how it is pinned, its mark in the search for a cycle;
        # the search's path of cards and the next edge of each.
        self._pinned = [_FREE] * DECK_SIZE
        self._marks = [_WHITE] * DECK_SIZE
        self._stack: list[int] = []
        self._edges: list[int] = []

    def find(
        self,
        columns: list[list[int]],
        face_down: list[int],
        talon: list[int],
        waste_size: int,
        reserve: list[int],
        foundations: list[int],
        base: int,
        recycles: int = 0,
    ) -> int:
        """How many cards of the position can never leave their columns (or pile).

        Args:
            columns: the columns, each bottom to top (cards 0..51; as many
                columns as the variant has).
            face_down: per column, how many of its bottom cards are face down.
            talon: the waste then the stock, as a board holds them
                (``talon[:waste_size]`` is the waste, the rest the stock).
            waste_size: how many cards of ``talon`` make the waste.
            reserve: the reserve, bottom to top.
            foundations: the cards on each foundation, by suit (S, H, D, C).
            base: the foundations' base rank (1 for the Ace), 0 while not fixed.
            recycles: how many times the waste has gone back to the stock: once
                no more may, the waste is a pile of the set too (module docs).

        Returns:
            The size of the largest set of cards none of which can be the first
            of the set to leave its column or pile, or when there is none and the
            second rule applies, of a cycle of cards each of which goes home
            before the next (:meth:`cards` lists them). Not 0: the position is
            lost. 0: nothing is proved.
        """
        held = self._held
        if not self.proves:
            for card in range(DECK_SIZE):
                held[card] = False
            return 0
        column_of, height_of, buried = self._column_of, self._height_of, self._buried
        surfaces, highest, lowest = self._surfaces, self._highest, self._lowest
        table, built_runs = self._table, self._built_runs
        pile_of, pile_top = self._pile_of, self._pile_top
        for card in range(DECK_SIZE):
            column_of[card] = _NOWHERE
            pile_of[card] = _NOWHERE
            held[card] = False
            surfaces[card] = False
        for suit in range(4):
            lowest[suit] = _NO_ORDER
        final = self._final_waste
        pile_top[0] = waste_size - 1 if final is not None and recycles >= final else _NOWHERE
        pile_top[1] = len(reserve) - 1
        for kind in range(2):  # the waste (the bottom of ``talon``) once final, the reserve
            cards = reserve if kind else talon
            for height in range(pile_top[kind] + 1):
                card = cards[height]
                pile_of[card] = kind
                height_of[card] = height
                held[card] = True
                buried[card] = True  # it leaves alone, from the top
                if base:
                    order = (RANKS[card] - base) % 13
                    lowest[card // 13] = min(lowest[card // 13], order)
        for column in range(len(columns)):
            pile = columns[column]
            down = face_down[column]
            under = 0
            for height in range(len(pile)):
                card = pile[height]
                column_of[card] = column
                height_of[card] = height
                held[card] = True
                buried[card] = height <= down or (
                    built_runs and not table[under * DECK_SIZE + card]
                )
                under = card
                if base:
                    order = (RANKS[card] - base) % 13
                    lowest[card // 13] = min(lowest[card // 13], order)
            highest[column] = len(pile) - 1
        off = self._off
        off.clear()
        stock_from = waste_size if self._dealt_on_top else len(talon)
        for index in range(len(talon)):
            if index >= stock_from:
                surfaces[talon[index]] = True  # dealt onto the columns, on top
            else:
                off.append(talon[index])
        off.extend(reserve)
        if self._takeback:
            for suit in range(4):
                for order in range(foundations[suit]):
                    off.append(suit * 13 + (max(base, 1) - 1 + order) % 13)
        starts_empty = self._starts_empty
        changed = True
        while changed:
            changed = False
            emptiable = False
            for column in range(len(columns)):
                if highest[column] == _NOWHERE:
                    emptiable = True
            self._surfacing(emptiable)
            for column in range(len(columns)):
                pile = columns[column]
                height = highest[column]
                while height >= 0:
                    card = pile[height]
                    if held[card]:
                        if self._may_leave(
                            card,
                            pile,
                            base,
                            on_top=height == highest[column],
                            emptiable=emptiable and starts_empty[card],
                        ):
                            held[card] = False
                            changed = True
                            if base:
                                self._lowest_order(card // 13, base)
                        elif buried[card]:
                            break  # every card of the set under it waits for it
                    height -= 1
                top = highest[column]
                while top >= 0 and not held[pile[top]]:
                    top -= 1
                highest[column] = top
            for kind in range(2):
                cards = reserve if kind else talon
                top = pile_top[kind]
                while top >= 0:  # only its top card of the set may leave: all are buried
                    card = cards[top]
                    if held[card]:
                        if not self._may_leave(
                            card,
                            cards,
                            base,
                            on_top=True,
                            emptiable=emptiable and starts_empty[card],
                        ):
                            break
                        held[card] = False
                        changed = True
                        if base:
                            self._lowest_order(card // 13, base)
                    top -= 1
                pile_top[kind] = top
        total = 0
        for card in range(DECK_SIZE):
            if held[card]:
                total += 1
        if not total and base and not self._takeback:
            total = self._home_cycle(columns, foundations, base)
        return total

    def cards(self) -> list[int]:
        """The cards the last :meth:`find` held, in card order (0..51)."""
        held = self._held
        return [card for card in range(DECK_SIZE) if held[card]]

    def _surfacing(self, emptiable: bool) -> None:  # noqa: FBT001  (a compiled hot path)
        """Mark which cards off the columns can come to the top of one while the set stays.

        Onto a card that can (a card of the columns with no card of the set above
        it, or one off them marked already), or into a column the set leaves
        free (``emptiable``); until no more is marked.
        """
        surfaces, column_of, height_of, highest = (
            self._surfaces,
            self._column_of,
            self._height_of,
            self._highest,
        )
        targets, starts_empty = self._targets, self._starts_empty
        pile_of, pile_top = self._pile_of, self._pile_top
        grown = True
        while grown:
            grown = False
            for card in self._off:
                if surfaces[card]:
                    continue
                kind = pile_of[card]
                if kind >= 0 and pile_top[kind] >= height_of[card]:
                    continue  # a card of the set at or above it in its pile: it stays there
                up = emptiable and starts_empty[card]
                if not up:
                    for onto in targets[card]:
                        column = column_of[onto]
                        if column >= 0:
                            if highest[column] <= height_of[onto]:
                                up = True
                                break
                        elif surfaces[onto]:
                            up = True
                            break
                if up:
                    surfaces[card] = grown = True

    def _may_leave(
        self, card: int, pile: list[int], base: int, *, on_top: bool, emptiable: bool
    ) -> bool:
        """True when ``card`` (of the set, in ``pile``) has a way out needing none of the set.

        Conditions 2a to 2d of the module docs; ``on_top``: no card of the set
        lies above it; ``emptiable``: the card may start an empty column and
        some column holds no card of the set.
        """
        column_of, height_of, highest = self._column_of, self._height_of, self._highest
        if on_top and (not base or self._lowest[card // 13] >= (RANKS[card] - base) % 13):
            return True  # (a) home: no held card on it, none of its suit's lower cards held
        for onto in self._targets[card]:  # (b) onto a card that can come to the top of a column
            where = column_of[onto]
            if where >= 0:
                if highest[where] <= height_of[onto]:
                    return True
            elif self._surfaces[onto]:
                return True
        if emptiable:
            return True  # (c) into an empty column (not its own: that holds it)
        # (d) with the cards under it
        return not self._buried[card] and not self._held[pile[height_of[card] - 1]]

    def _home_cycle(self, columns: list[list[int]], foundations: list[int], base: int) -> int:
        """Hold the cards of a cycle of "goes home before" (the second rule of the module docs).

        Called after :meth:`find` filled the tables, with no card held. Returns
        how many cards the cycle found holds (0: none found).
        """
        column_of, height_of, held = self._column_of, self._height_of, self._held
        targets, starts_empty, buried = self._targets, self._starts_empty, self._buried
        pinned = self._pinned
        for card in range(DECK_SIZE):
            pinned[card] = _FREE
            column = column_of[card]
            height = height_of[card]
            if column < 0 or height == 0 or starts_empty[card]:
                continue
            under = columns[column][height - 1]
            way = False  # a card it may go on, not home, other than the one under it
            for onto in targets[card]:
                if onto != under and (RANKS[onto] - base) % 13 >= foundations[onto // 13]:
                    way = True
                    break
            if not way:
                # It stays on the card under it until it goes home; buried, it leads whatever
                # moves it, and stays in its column.
                pinned[card] = _IN_COLUMN if buried[card] else _ON_UNDER
        marks, stack, edges = self._marks, self._stack, self._edges
        for card in range(DECK_SIZE):
            marks[card] = _WHITE
        for start in range(DECK_SIZE):
            if pinned[start] == _FREE or marks[start] != _WHITE:
                continue
            stack.clear()
            edges.clear()
            stack.append(start)
            edges.append(0)
            marks[start] = _GREY
            while stack:
                card = stack[-1]
                edge = edges[-1]
                edges[-1] = edge + 1
                after = _NOWHERE  # the card this edge says goes home after ``card``
                if edge == 0:
                    order = (RANKS[card] - base) % 13
                    if order < 12:
                        after = card // 13 * 13 + (base + order) % 13
                elif pinned[card] != _FREE and edge <= (
                    1 if pinned[card] == _ON_UNDER else height_of[card]
                ):
                    after = columns[column_of[card]][height_of[card] - edge]
                else:
                    marks[card] = _BLACK
                    stack.pop()
                    edges.pop()
                    continue
                if after == _NOWHERE or marks[after] == _BLACK:
                    continue
                if marks[after] == _GREY:  # a cycle: the cards from ``after`` on the stack
                    total = 0
                    for index in range(stack.index(after), len(stack)):
                        held[stack[index]] = True
                        total += 1
                    return total
                marks[after] = _GREY
                stack.append(after)
                edges.append(0)
        return 0

    def _lowest_order(self, suit: int, base: int) -> None:
        """Recompute the lowest foundation order of a held card of ``suit``."""
        held = self._held
        lowest = _NO_ORDER
        for rank in range(1, 14):
            if held[suit * 13 + rank - 1]:
                order = (rank - base) % 13
                lowest = min(lowest, order)
        self._lowest[suit] = lowest


def stuck_cards(variant: Variant, position: Position) -> frozenset[int]:
    """The cards of ``position``'s columns (and piles) that can never leave them (module docs).

    Args:
        variant: the rules; only games :func:`proves_locks` accepts are
            judged (others: an empty set).
        position: any position of the game (not checked here).

    Returns:
        The largest set of cards (0..51) none of which can be the first of
        the set to leave its column, or else the cards of a cycle of "goes home
        before" (:meth:`LockFinder.find`). A set that is not empty proves the
        game lost from ``position``; an empty one proves nothing.
    """
    finder = LockFinder(variant)  # (its own: a finder keeps its answer in its tables)
    finder.find(
        [list(pile) for pile in position.tableau],
        list(position.face_down),
        list(position.waste) + list(reversed(position.stock)),
        len(position.waste),
        list(position.reserve),
        list(position.foundations),
        position.foundation_base,
        position.recycles,
    )
    return frozenset(finder.cards())


__all__ = ["LockFinder", "locks_worth_checking", "proves_locks", "stuck_cards"]
