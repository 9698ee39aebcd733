"""The board: a mutable position with location tables, for the engine's hot loops.

:class:`~solitaire_core.position.Position` is the immutable value that the
API, saves and the game pass around; every move makes a new one. Playouts and
searches play millions of moves, so they work on a :class:`Board` instead: the
same piles in lists changed in place, and tables that :meth:`Board.play` keeps
up to date so that the move generator looks at a few cards instead of every
face-up card:

* ``spot``: where each face-up tableau card lies (``column << 8 | index``;
  -1 for a card anywhere else), one entry per copy of a card in games of
  several decks (entry ``card + 52 * copy``);
* the count of empty columns and of cards home;
* per column, the lowest index from which its cards may move as a group,
  computed when first needed after the column changed (games whose groups
  must be runs; any face-up card leads a group in Klondike's).

Column moves are found from the targets: for each column's exposed card, the
few cards the building table lets go on it (two in Klondike) are looked up in
``spot``. The moves come out exactly as
:func:`~solitaire_core.rules.legal_moves` documents them, the same shared
:class:`~solitaire_core.moves.Move` objects in the same order
(:func:`~solitaire_core.rules.legal_moves` is a board's generator). Conventions
are the position's: piles bottom to top (the last card is the top), columns
0-based. :meth:`Board.undo` takes a move back exactly, tables included, so a
search plays and takes back moves on one board.

The board's state and the steps that keep its tables up to date are those of
its base class (:class:`~solitaire_core.rules.board_core.BoardCore`); this
module holds the moves: the generator that reads the tables, and play and undo
made of those steps (defined here, on the class the engine's loops use: CPython
calls a compiled method of the object's own class quicker than an inherited
one). What the board reads of its variant is made once per variant
(:func:`~solitaire_core.rules.board_rules.board_rules`). The solver's board,
with its keys and hashes, is a subclass
(:class:`~solitaire_core.solver.search_board.SearchBoard`).

>>> from solitaire_core.deal import deal_code_position
>>> from solitaire_core.variants import KLONDIKE
>>> board = Board(KLONDIKE, deal_code_position("KL1-D1N-AAAAAAG"))
>>> [str(move) for move in board.legal_moves()]
['1f', '7f', '54:1', 'd']
>>> move = board.legal_moves()[0]
>>> taken = board.play(move)          # the AD home
>>> board.foundations, board.to_position().tableau[0]
([0, 0, 1, 0], ())
>>> board.undo(move, taken)
>>> board.foundations, [str(move) for move in board.legal_moves()]
([0, 0, 0, 0], ['1f', '7f', '54:1', 'd'])
"""

from __future__ import annotations

from typing import Final

from solitaire_core.cards import RANKS, SUITS
from solitaire_core.moves import DRAW, RECYCLE, Move, MoveKind
from solitaire_core.rules.board_core import SHIFT, BoardCore
from solitaire_core.rules.foundations import empty_slot, is_complete_run, slot_giving, slot_taking
from solitaire_core.rules.move_tables import (
    COLUMN_TO_FOUNDATION,
    FOUNDATION_TO_COLUMN,
    RESERVE_TO_COLUMN,
    RESERVE_TO_FOUNDATION,
    RUN_TO_FOUNDATION,
    WASTE_TO_COLUMN,
    WASTE_TO_FOUNDATION,
    column_move,
)

_NOWHERE: Final = -1
"""``spot`` of a card that is not face up on the tableau (and no card)."""
# The move kinds as module constants: in CPython 3.11 reading a member off its enum
# class (MoveKind.DRAW) costs ten times reading a global, and the hot loops ask often
# (the solver's loops import them from here).
KIND_DRAW: Final = MoveKind.DRAW
KIND_RECYCLE: Final = MoveKind.RECYCLE
KIND_WASTE_TO_FOUNDATION: Final = MoveKind.WASTE_TO_FOUNDATION
KIND_WASTE_TO_COLUMN: Final = MoveKind.WASTE_TO_COLUMN
KIND_COLUMN_TO_FOUNDATION: Final = MoveKind.COLUMN_TO_FOUNDATION
KIND_COLUMN_TO_COLUMN: Final = MoveKind.COLUMN_TO_COLUMN
KIND_FOUNDATION_TO_COLUMN: Final = MoveKind.FOUNDATION_TO_COLUMN
KIND_RESERVE_TO_FOUNDATION: Final = MoveKind.RESERVE_TO_FOUNDATION
_FEW_STARTERS: Final = 8
"""Up to this many card copies may start an empty column, they are looked up in ``spot``;
with more (any card may), the face-up cards of the columns are read instead."""


class Board(BoardCore):
    """A position of one variant that changes in place as moves are played.

    Attributes (read them; change them only through :meth:`play` and
    :meth:`undo`):
        columns: the tableau, each column a list of cards bottom to top.
        face_down: per column, how many of its bottom cards are face down.
        talon: the waste and the stock as one list: the waste bottom to top,
            then the stock from its top card (drawn next) to its bottom. Draws
            and recycles keep this order; they only move the boundary.
        waste_size: how many cards of ``talon`` make the waste.
        reserve: the reserve, bottom to top (the last card is face up).
        foundations: cards on each foundation slot (4 slots per deck, S, H, D, C).
        recycles: times the waste has gone back to the stock.
        foundation_base: the foundations' base rank (1 = Ace; 0 while not fixed).

    :attr:`stock` and :attr:`waste` give the two piles as a position has them.

    The position must be one of ``variant`` (checked once by the caller, as
    for :func:`~solitaire_core.rules.legal_moves`); the board copies it and
    never changes it. The methods take what the board itself gives: moves of
    its :meth:`legal_moves`, and what :meth:`play` returned for :meth:`undo`.

    Raises:
        InvalidArgumentError: from the constructor, when ``variant`` is not a
            :class:`~solitaire_core.variants.Variant` or ``position`` not a
            :class:`~solitaire_core.position.Position`.
    """

    __slots__ = ()

    # --- reading ------------------------------------------------------------------

    def goes_home(self, card: int) -> bool:
        """True when ``card`` may go to a foundation slot on its own (not in spider games)."""
        if self._simple:
            return self.foundations[SUITS[card]] == RANKS[card] - 1
        if self._complete_runs:
            return False
        return slot_taking(self.foundations, self.foundation_base, card) >= 0

    def waste_card_moves(self, card: int) -> list[Move]:
        """The moves the waste's top card would have if it were ``card``, in the generator's order.

        To its foundation first, then to columns 1..n. Only the tableau and
        the foundations are read, so the solver asks this for each card a
        stock walk brings to the top without changing the board.
        """
        moves = [WASTE_TO_FOUNDATION] if self.goes_home(card) else []
        for target in self.targets_of(card):
            moves.append(WASTE_TO_COLUMN[target])
        return moves

    def lowest_movable_index(self, column: int) -> int:
        """The lowest index (0-based, from the bottom) of ``column`` whose card may lead a group.

        The card there and every card above it move together; where any
        face-up group moves (Klondike), the lowest face-up card's index.
        """
        return self._lowest_movable(column)

    def _lowest_movable(self, column: int) -> int:
        """The lowest index of ``column`` that may lead a group (cached until it changes)."""
        if self._any_face_up:
            return self.face_down[column]
        lowest = self._lowest[column]
        if lowest < 0:
            lowest = self._group.lowest_movable_index(
                self.columns[column], self.face_down[column], self._build_table
            )
            self._lowest[column] = lowest
        return lowest

    # --- the move generator -------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move, in :func:`~solitaire_core.rules.legal_moves`'s order.

        Returns:
            A new list of shared moves; empty once the game is won.
        """
        if self._home == self._total:
            return []
        columns = self.columns
        foundations = self.foundations
        talon = self.talon
        waste_size = self.waste_size
        reserve = self.reserve
        count = len(columns)
        simple = self._simple
        spot = self._spot
        source_slots = self._source_slots
        any_face_up = self._any_face_up
        home: list[Move] = []
        found: list[int] = []  # column moves as source << 16 | index << 8 | target
        is_top = self._is_top
        tracks_tops = self._tracks_tops
        taken: list[int] = []  # simple take-backs as suit << 8 | target

        # One pass over the columns: the column moves onto each (3), found
        # from the few cards that may go on its exposed card, looked up where
        # they lie; with simple foundations, its card home too (1) and the
        # foundation tops that may come back onto it (5).
        for target in range(count):
            pile = columns[target]
            if pile:
                top = pile[-1]
                if simple and foundations[SUITS[top]] == RANKS[top] - 1:
                    home.append(COLUMN_TO_FOUNDATION[target])
                for slot in source_slots[top]:
                    where = spot[slot]
                    if (
                        where >= 0
                        and where >> 8 != target
                        and (any_face_up or where & 255 >= self._lowest_movable(where >> 8))
                    ):
                        found.append(where << 8 | target)
                    if is_top[slot]:  # a foundation's top card may come back onto it
                        taken.append(SUITS[slot] << 8 | target)
            else:
                self._starts_on(target, found)
                if tracks_tops:
                    starts = self._empty_tables[1]
                    for suit in range(4):
                        height = foundations[suit]
                        if height and starts[suit * 13 + height - 1]:
                            taken.append(suit << 8 | target)

        # 1. column to foundation; 2. waste, then reserve, to foundation
        if simple:
            if waste_size:
                card = talon[waste_size - 1]
                if foundations[SUITS[card]] == RANKS[card] - 1:
                    home.append(WASTE_TO_FOUNDATION)
            if reserve:
                card = reserve[-1]
                if foundations[SUITS[card]] == RANKS[card] - 1:
                    home.append(RESERVE_TO_FOUNDATION)
            moves = home
        else:
            moves = self._home_moves()

        # 3. column to column: by source, group size largest first, target
        if found:
            if len(found) > 1:
                found.sort()
            cached = self._cached_column_moves
            if cached is not None and not self._limits:
                for key in found:
                    source = key >> 16
                    moves.append(
                        cached[source][key & 255][len(columns[source]) - (key >> 8 & 255) - 1]
                    )
            else:
                self._column_moves(found, moves)
        # 4. waste, then reserve, to column
        if waste_size:
            for target in self.targets_of(talon[waste_size - 1]):
                moves.append(WASTE_TO_COLUMN[target])
        if reserve:
            for target in self.targets_of(reserve[-1]):
                moves.append(RESERVE_TO_COLUMN[target])
        # 5. foundation to column: suits S, H, D, C, then columns in order
        if taken:
            if len(taken) > 1:
                taken.sort()
            for key in taken:
                moves.append(FOUNDATION_TO_COLUMN[key >> 8][key & 255])
        elif self._takeback and not tracks_tops:
            self._takeback_moves(moves)

        # 6. the stock move, or recycle
        if len(talon) > waste_size:
            if not (self._empty and self._deal_needs_no_empty):
                moves.append(DRAW)
        elif waste_size:
            limit = self._recycle_limit
            if limit is None or self.recycles < limit:
                moves.append(RECYCLE)
        return moves

    def _home_moves(self) -> list[Move]:
        """The moves to a foundation of a game without simple foundations (1 and 2)."""
        moves: list[Move] = []
        columns = self.columns
        if self._complete_runs:
            for column, pile in enumerate(columns):
                if len(pile) >= 13 and is_complete_run(pile, self.face_down[column]):
                    moves.append(RUN_TO_FOUNDATION[column])
            return moves
        foundations = self.foundations
        base = self.foundation_base
        for column, pile in enumerate(columns):
            if pile and slot_taking(foundations, base, pile[-1]) >= 0:
                moves.append(COLUMN_TO_FOUNDATION[column])
        if self.waste_size and slot_taking(foundations, base, self.talon[self.waste_size - 1]) >= 0:
            moves.append(WASTE_TO_FOUNDATION)
        if self.reserve and slot_taking(foundations, base, self.reserve[-1]) >= 0:
            moves.append(RESERVE_TO_FOUNDATION)
        return moves

    def _column_moves(self, found: list[int], moves: list[Move]) -> None:
        """Add the column moves of ``found`` (sorted keys) that the group policy allows."""
        columns = self.columns
        limits = self._limits
        for key in found:
            source = key >> 16
            target = key & 255
            size = len(columns[source])
            moved = size - (key >> 8 & 255)
            if limits:
                free = self._empty - (not columns[target])
                if self._group.check_count(moved, size, free) is not None:
                    continue
            moves.append(column_move(source, target, moved))

    def targets_of(self, card: int) -> list[int]:
        """The columns ``card`` may go to on its own from off the tableau, in column order.

        Those whose exposed card it may be built on, and the empty columns it
        may start (0-based).
        """
        columns = self.columns
        spot = self._spot
        targets: list[int] = []
        for slot in self._target_slots[card]:
            where = spot[slot]
            if where >= 0 and where & 255 == len(columns[where >> 8]) - 1:
                targets.append(where >> 8)
        if self._empty and self._empty_tables[self.foundation_base][card]:
            targets += [column for column, pile in enumerate(columns) if not pile]
        if len(targets) > 1:
            targets.sort()
        return targets

    def _takeback_moves(self, moves: list[Move]) -> None:
        """Add the take-backs (5) of a game without simple foundations."""
        foundations = self.foundations
        base = self.foundation_base
        for suit in range(4):
            for target, pile in enumerate(self.columns):
                exposed = pile[-1] if pile else _NOWHERE
                if slot_giving(self.variant, foundations, base, suit, exposed) >= 0:
                    moves.append(FOUNDATION_TO_COLUMN[suit][target])

    def _starts_on(self, target: int, found: list[int]) -> None:
        """Add to ``found`` the column moves onto the empty column ``target``."""
        starters = self._starter_slots[self.foundation_base]
        if len(starters) <= _FEW_STARTERS:
            spot = self._spot
            for slot in starters:
                where = spot[slot]
                if where >= 0 and where & 255 >= self._lowest_movable(where >> 8):
                    found.append(where << 8 | target)
            return
        starts = self._empty_tables[self.foundation_base]
        for source, pile in enumerate(self.columns):
            if source == target or not pile:
                continue
            for index in range(self._lowest_movable(source), len(pile)):
                if starts[pile[index]]:
                    found.append(source << 16 | index << 8 | target)

    # --- playing ------------------------------------------------------------------

    def play(self, move: Move) -> int:
        """Play a legal move in place (as :func:`~solitaire_core.rules.apply_move` would).

        The result of an illegal move is unspecified: generate moves with
        :meth:`legal_moves`, or check them first.

        Returns:
            What :meth:`undo` needs to take the move back (an int to hand it).
        """
        kind = move.kind
        if kind is KIND_COLUMN_TO_COLUMN:
            source, target, moved = move.source, move.target, move.count
            assert source is not None and target is not None and moved is not None
            pile = self.columns[source]
            split = len(pile) - moved
            if self._decks != 1:
                self._unspot(source, split)  # (with one deck, _add overwrites the entries)
            cards = pile[split:]
            del pile[split:]
            self._add(target, cards)
            return self._lifted(source, split)
        if kind is KIND_DRAW:
            if self._draw:
                size = self.waste_size
                drawn = min(self._draw, len(self.talon) - size)
                self.waste_size = size + drawn
                return drawn << SHIFT
            return self._deal() << SHIFT
        if kind is KIND_COLUMN_TO_FOUNDATION:
            source, moved = move.source, move.count
            assert source is not None and moved is not None
            pile = self.columns[source]
            split = len(pile) - moved
            if moved != 1:  # a spider run: 13 cards, King at the bottom
                slot = empty_slot(self.foundations, SUITS[pile[-1]])
                self.foundations[slot] = 13
                self._home += 13
                self._rest_cache = _NOWHERE
                self._unspot(source, split)
                del pile[split:]
                info = slot << SHIFT
            else:
                self._unspot(source, split)
                info = self._send_home(pile.pop())
            return info | self._lifted(source, split)
        if kind is KIND_WASTE_TO_FOUNDATION:
            return self._send_home(self._pop_waste())
        if kind is KIND_WASTE_TO_COLUMN:
            assert move.target is not None
            self._put(move.target, self._pop_waste())
            return 0
        if kind is KIND_RECYCLE:
            self.waste_size = 0
            self.recycles += 1
            return 0
        if kind is KIND_FOUNDATION_TO_COLUMN:
            suit, target = move.source, move.target
            assert suit is not None and target is not None
            if self._simple:
                slot = suit
            else:
                onto = self.columns[target]
                exposed = onto[-1] if onto else _NOWHERE
                slot = slot_giving(
                    self.variant, self.foundations, self.foundation_base, suit, exposed
                )
            self._put(target, self._foundation_pop(slot))
            return slot << SHIFT
        if kind is KIND_RESERVE_TO_FOUNDATION:
            return self._send_home(self.reserve.pop())
        assert move.target is not None  # RESERVE_TO_COLUMN
        self._put(move.target, self.reserve.pop())
        self._rest_cache = _NOWHERE
        return 0

    def undo(self, move: Move, info: int) -> None:
        """Take back ``move``, the last move played, with what :meth:`play` returned.

        The board is then exactly as before the move, its tables included.
        """
        kind = move.kind
        if kind is KIND_COLUMN_TO_COLUMN:
            source, target, moved = move.source, move.target, move.count
            assert source is not None and target is not None and moved is not None
            self._unlift(source, info)
            onto = self.columns[target]
            split = len(onto) - moved
            self._unspot(target, split)
            cards = onto[split:]
            del onto[split:]
            self._emptied(target)
            self._add(source, cards)
        elif kind is KIND_DRAW:
            if self._draw:
                self.waste_size -= info >> SHIFT
            else:
                self._undeal(info >> SHIFT)
        elif kind is KIND_COLUMN_TO_FOUNDATION:
            source, moved = move.source, move.count
            assert source is not None and moved is not None
            self._unlift(source, info)
            if moved != 1:
                slot = info >> SHIFT
                suit = slot % 4
                self.foundations[slot] = 0
                self._home -= 13
                self._rest_cache = _NOWHERE
                self._add(source, [suit * 13 + 12 - rank for rank in range(13)])
            else:
                self._put(source, self._unsend_home(info))
        elif kind is KIND_WASTE_TO_FOUNDATION:
            self._push_waste(self._unsend_home(info))
        elif kind is KIND_WASTE_TO_COLUMN:
            assert move.target is not None
            self._push_waste(self._take(move.target))
        elif kind is KIND_RECYCLE:
            self.waste_size = len(self.talon)
            self.recycles -= 1
        elif kind is KIND_FOUNDATION_TO_COLUMN:
            assert move.target is not None
            self._foundation_push(info >> SHIFT, self._take(move.target))
        elif kind is KIND_RESERVE_TO_FOUNDATION:
            self.reserve.append(self._unsend_home(info))
        else:  # RESERVE_TO_COLUMN
            assert move.target is not None
            self.reserve.append(self._take(move.target))
            self._rest_cache = _NOWHERE


__all__ = ["Board"]
