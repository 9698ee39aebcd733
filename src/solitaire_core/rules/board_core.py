"""The board's state: a position in lists with location tables, and their upkeep.

:class:`BoardCore` holds what a :class:`~solitaire_core.rules.board.Board` is
made of (the piles in lists, the tables of where each face-up card lies, the
empty columns, the cards home, and per-part caches), reads it back as a
:class:`~solitaire_core.position.Position`, and gives the steps that change
it while keeping every table up to date (a card or a group onto a column, off
a column, home, back from home; a flip; a deal), each with its exact reverse.
The moves themselves are the :class:`~solitaire_core.rules.board.Board`'s (a
subclass): its move generator reads the tables, and its
:meth:`~solitaire_core.rules.board.Board.play` and
:meth:`~solitaire_core.rules.board.Board.undo` are made of these steps. The
solver's board adds its keys and hashes on top
(:class:`~solitaire_core.solver.search_board.SearchBoard`). Use
:class:`~solitaire_core.rules.board.Board`: this class is its lower half, cut
out to keep each module to one job.

Compiled with mypyc in the compiled build (:data:`solitaire_core.BUILD`).

A deal of Klondike draw 3: a draw turns three cards onto the waste, the undo
turns them back, and the board is the one made from the position again:

>>> from solitaire_core.deal import deal_code_position
>>> from solitaire_core.rules.board import Board
>>> from solitaire_core.variants import KLONDIKE_DRAW_3
>>> from solitaire_core.moves import DRAW
>>> position = deal_code_position("KL1-D3N-AAAAAAG")
>>> board = Board(KLONDIKE_DRAW_3, position)
>>> taken = board.play(DRAW)
>>> board.waste_size, len(board.waste), len(board.stock)
(3, 3, 21)
>>> board.undo(DRAW, taken)
>>> board.to_position() == position, board.waste_size
(True, 0)
"""

from __future__ import annotations

from typing import Final

from solitaire_core.cards import DECK_SIZE, RANKS, SUITS
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.position import NO_BASE, Position
from solitaire_core.rules.board_rules import board_rules
from solitaire_core.rules.foundations import slot_taking
from solitaire_core.rules.move_tables import CACHED_COLUMNS, COLUMN_TO_COLUMN
from solitaire_core.variants import Variant

_NOWHERE: Final = -1
"""``spot`` of a card that is not face up on the tableau."""


class BoardCore:
    """The state of a :class:`~solitaire_core.rules.board.Board`, and the steps that change it.

    Attributes, :attr:`stock`, :attr:`waste` and the constructor's checks:
    see :class:`~solitaire_core.rules.board.Board`, the class to use.

    For the solver's board the core keeps one cache entry per part of the
    position (each column, the talon, and the rest: the foundations, their
    base and the reserve), set to -1 by every change of the part, where the
    part changes: a subclass fills them, and need not override
    :meth:`~solitaire_core.rules.board.Board.play` and
    :meth:`~solitaire_core.rules.board.Board.undo` to learn what changed. The
    move generator's cache, the lowest index of each column that may lead a
    group, is forgotten the same way.
    """

    __slots__ = (
        "_any_face_up",
        "_build_table",
        "_cached_column_moves",
        "_column_cache",
        "_complete_runs",
        "_deal_needs_no_empty",
        "_decks",
        "_draw",
        "_empty",
        "_empty_tables",
        "_fills_from_reserve",
        "_group",
        "_home",
        "_is_top",
        "_limits",
        "_lowest",
        "_recycle_limit",
        "_rest_cache",
        "_simple",
        "_slots",
        "_source_slots",
        "_spot",
        "_starter_slots",
        "_takeback",
        "_talon_cache",
        "_target_slots",
        "_total",
        "_tracks_tops",
        "columns",
        "face_down",
        "foundation_base",
        "foundations",
        "recycles",
        "reserve",
        "talon",
        "variant",
        "waste_size",
    )

    def __init__(self, variant: object, position: object) -> None:
        if not isinstance(variant, Variant) or not isinstance(position, Position):
            raise InvalidArgumentError(
                "a board is made of a Variant and a Position, got "
                f"{type(variant).__name__} and {type(position).__name__}"
            )
        self.variant = variant
        rules = board_rules(variant)
        self._decks = rules.decks
        self._build_table = rules.build_table
        self._empty_tables = rules.empty_column_tables
        self._simple = rules.simple_foundations
        self._complete_runs = rules.complete_runs
        self._group = rules.group
        self._limits = rules.limits_counts
        self._any_face_up = rules.any_face_up_groups
        self._takeback = rules.foundation_takeback
        self._draw = rules.draw_count
        self._recycle_limit = rules.recycle_limit
        self._deal_needs_no_empty = rules.deal_needs_no_empty_column
        self._fills_from_reserve = rules.fills_from_reserve
        self._source_slots = rules.source_slots
        self._target_slots = rules.target_slots
        self._starter_slots = rules.starter_slots
        self._slots = DECK_SIZE * self._decks
        self._tracks_tops = self._simple and self._takeback
        self._cached_column_moves = (
            COLUMN_TO_COLUMN if self._decks == 1 and variant.columns <= CACHED_COLUMNS else None
        )
        self._set(
            [list(pile) for pile in position.tableau],
            list(position.face_down),
            [*position.waste, *reversed(position.stock)],
            len(position.waste),
            list(position.reserve),
            list(position.foundations),
            position.recycles,
            position.foundation_base,
        )

    def _set(
        self,
        columns: list[list[int]],
        face_down: list[int],
        talon: list[int],
        waste_size: int,
        reserve: list[int],
        foundations: list[int],
        recycles: int,
        foundation_base: int,
    ) -> None:
        """Take these piles (owned by the board from now on) and build the tables."""
        self.columns = columns
        self.face_down = face_down
        self.talon = talon
        self.waste_size = waste_size
        self.reserve = reserve
        self.foundations = foundations
        self.recycles = recycles
        self.foundation_base = foundation_base
        self._total = 13 * len(foundations)
        self._home = sum(foundations)
        self._empty = columns.count([])
        # Simple foundations with take-backs: which cards are a foundation's top.
        self._is_top = [False] * self._slots
        if self._tracks_tops:
            for suit, height in enumerate(foundations):
                if height:
                    self._is_top[suit * 13 + height - 1] = True
        self._lowest = [_NOWHERE] * len(columns)
        self._column_cache = [_NOWHERE] * len(columns)
        self._talon_cache = _NOWHERE
        self._rest_cache = _NOWHERE
        spot = [_NOWHERE] * self._slots
        one_deck = self._decks == 1
        for column, pile in enumerate(columns):
            at = column << 8
            for index in range(face_down[column], len(pile)):
                copy = pile[index]
                if not one_deck:
                    while spot[copy] != _NOWHERE:  # an earlier copy of the card is face up
                        copy += DECK_SIZE
                spot[copy] = at | index
        self._spot = spot

    # --- reading ----------------------------------------------------------------

    @property
    def stock(self) -> tuple[int, ...]:
        """The stock, bottom to top (the last card is drawn or dealt next)."""
        return tuple(reversed(self.talon[self.waste_size :]))

    @property
    def waste(self) -> tuple[int, ...]:
        """The waste, bottom to top (the last card is the playable one)."""
        return tuple(self.talon[: self.waste_size])

    @property
    def is_won(self) -> bool:
        """True when every card is on the foundations (RULES.md section 5)."""
        return self._home == self._total

    @property
    def cards_home(self) -> int:
        """How many cards are on the foundations."""
        return self._home

    def to_position(self) -> Position:
        """The board as an immutable :class:`~solitaire_core.position.Position`."""
        return Position(
            tuple(tuple(pile) for pile in self.columns),
            tuple(self.face_down),
            self.stock,
            self.waste,
            tuple(self.foundations),
            self.recycles,
            tuple(self.reserve),
            self.foundation_base,
        )

    # --- the tables -----------------------------------------------------------------

    # Every helper that changes a column forgets what was cached about it (its movable
    # start, its cache entry) itself: a call less per change on the engine's hottest path.

    def _move_spot(self, card: int, old: int, new: int) -> None:
        """Record that the copy of ``card`` at ``old`` now lies at ``new``."""
        spot = self._spot
        if self._decks == 1:
            spot[card] = new
            return
        for copy in range(card, self._slots, DECK_SIZE):
            if spot[copy] == old:
                spot[copy] = new
                return

    def _unspot(self, column: int, start: int) -> None:
        """Record that the cards of ``column`` from index ``start`` up leave the tableau."""
        pile = self.columns[column]
        if self._decks == 1:
            spot = self._spot
            for index in range(start, len(pile)):
                spot[pile[index]] = _NOWHERE
        else:
            for index in range(start, len(pile)):
                self._move_spot(pile[index], column << 8 | index, _NOWHERE)

    def _add(self, column: int, cards: list[int]) -> None:
        """Face-up ``cards`` (bottom to top) onto ``column``, from another column."""
        onto = self.columns[column]
        if not onto:
            self._empty -= 1
        at = len(onto)
        onto += cards
        if self._decks == 1:
            spot = self._spot
            at |= column << 8
            for card in cards:
                spot[card] = at
                at += 1
        else:
            for card in cards:
                self._move_spot(card, _NOWHERE, column << 8 | at)
                at += 1
        self._lowest[column] = _NOWHERE
        self._column_cache[column] = _NOWHERE

    def _put(self, column: int, card: int) -> None:
        """One card face up onto ``column`` from elsewhere (waste, reserve, foundation, stock)."""
        onto = self.columns[column]
        if not onto:
            self._empty -= 1
        if self._decks == 1:
            self._spot[card] = column << 8 | len(onto)
        else:
            self._move_spot(card, _NOWHERE, column << 8 | len(onto))
        onto.append(card)
        self._lowest[column] = _NOWHERE
        self._column_cache[column] = _NOWHERE

    def _take(self, column: int) -> int:
        """The top card of ``column`` taken off the tableau (the reverse of :meth:`_put`)."""
        pile = self.columns[column]
        card = pile.pop()
        if self._decks == 1:
            self._spot[card] = _NOWHERE
        else:
            self._move_spot(card, column << 8 | len(pile), _NOWHERE)
        if not pile:
            self._empty += 1
        self._lowest[column] = _NOWHERE
        self._column_cache[column] = _NOWHERE
        return card

    def _emptied(self, column: int) -> None:
        """After cards left ``column`` in an undo: the empty count and the caches."""
        if not self.columns[column]:
            self._empty += 1
        self._lowest[column] = _NOWHERE
        self._column_cache[column] = _NOWHERE

    def _lifted(self, source: int, split: int) -> int:
        """After cards left ``source`` down to ``split`` cards: the flip, empty count, refill.

        Returns:
            :data:`FLIPPED`, :data:`_REFILLED` or 0, for
            :meth:`~solitaire_core.rules.board.Board.undo`.
        """
        self._lowest[source] = _NOWHERE
        self._column_cache[source] = _NOWHERE
        down = self.face_down[source]
        if split:
            if down and down >= split:  # the flip (RULES.md section 3)
                self.face_down[source] = split - 1
                card = self.columns[source][split - 1]
                if self._decks == 1:
                    self._spot[card] = source << 8 | split - 1
                else:
                    self._move_spot(card, _NOWHERE, source << 8 | split - 1)
                return FLIPPED
            return 0
        self.face_down[source] = 0
        self._empty += 1
        if self.reserve and self._fills_from_reserve:
            self._put(source, self.reserve.pop())
            self._rest_cache = _NOWHERE
            return _REFILLED
        return 0

    def _unlift(self, source: int, info: int) -> None:
        """Undo what :meth:`_lifted` did to ``source`` (before the cards come back)."""
        pile = self.columns[source]
        if info & _REFILLED:
            self.reserve.append(self._take(source))
            self._rest_cache = _NOWHERE
        elif info & FLIPPED:
            self._unspot(source, len(pile) - 1)
            self.face_down[source] = len(pile)
            self._lowest[source] = _NOWHERE
            self._column_cache[source] = _NOWHERE

    def _send_home(self, card: int) -> int:
        """``card`` onto the lowest foundation slot that takes it (the first fixes the base).

        Returns:
            The slot (shifted) and :data:`_BASE_FIXED` if the card fixed the base.
        """
        if self._simple:
            slot = SUITS[card]
        else:
            slot = slot_taking(self.foundations, self.foundation_base, card)
        self._foundation_push(slot, card)
        if self.foundation_base == NO_BASE:
            self.foundation_base = RANKS[card]  # Nine Across
            return slot << SHIFT | _BASE_FIXED
        return slot << SHIFT

    def _unsend_home(self, info: int) -> int:
        """Take back the card :meth:`_send_home` sent (``info`` is what it returned)."""
        card = self._foundation_pop(info >> SHIFT)
        if info & _BASE_FIXED:
            self.foundation_base = NO_BASE
        return card

    def _foundation_push(self, slot: int, card: int) -> None:
        """``card`` onto foundation ``slot`` (the card that slot takes next)."""
        foundations = self.foundations
        foundations[slot] += 1
        self._home += 1
        self._rest_cache = _NOWHERE
        if self._tracks_tops:
            self._is_top[card] = True
            if foundations[slot] > 1:
                self._is_top[card - 1] = False

    def _foundation_pop(self, slot: int) -> int:
        """The top card of a foundation slot, taken off it."""
        foundations = self.foundations
        card = slot % 4 * 13 + (self.foundation_base - 1 + foundations[slot] - 1) % 13
        foundations[slot] -= 1
        self._home -= 1
        self._rest_cache = _NOWHERE
        if self._tracks_tops:
            self._is_top[card] = False
            if foundations[slot]:
                self._is_top[card - 1] = True
        return card

    def _pop_waste(self) -> int:
        """The waste's top card, taken off the talon."""
        size = self.waste_size - 1
        self.waste_size = size
        self._talon_cache = _NOWHERE
        return self.talon.pop(size)

    def _push_waste(self, card: int) -> None:
        """``card`` back onto the waste's top."""
        self.talon.insert(self.waste_size, card)
        self.waste_size += 1
        self._talon_cache = _NOWHERE

    def _deal(self) -> int:
        """One card face up onto each column from the left, while the stock lasts; how many."""
        talon = self.talon
        size = self.waste_size
        dealt = min(len(talon) - size, len(self.columns))
        for column in range(dealt):
            self._put(column, talon[size + column])
        del talon[size : size + dealt]
        self._talon_cache = _NOWHERE
        return dealt

    def _undeal(self, dealt: int) -> None:
        """Take a deal of ``dealt`` cards back to the stock."""
        cards = [self._take(column) for column in range(dealt)]
        self.talon[self.waste_size : self.waste_size] = cards
        self._talon_cache = _NOWHERE


SHIFT: Final = 8
"""Undo information (what :meth:`~solitaire_core.rules.board.Board.play` returns): flags in
the low byte, a slot or a count above it."""
FLIPPED: Final = 1
"""Undo information (a flag of what :meth:`~solitaire_core.rules.board.Board.play`
returns): the move turned the source column's new top card face up."""
_REFILLED: Final = 2
"""Undo information: the move emptied the source column and the reserve refilled it."""
_BASE_FIXED: Final = 4
"""Undo information: the card sent home fixed the foundations' base rank."""


__all__ = ["FLIPPED", "SHIFT", "BoardCore"]
