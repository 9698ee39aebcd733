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

import functools
from typing import Final

from solitaire_core.cards import DECK_SIZE, RANKS, SUITS
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.moves import DRAW, RECYCLE, Move, MoveKind
from solitaire_core.position import NO_BASE, Position
from solitaire_core.rules.foundations import (
    empty_slot,
    is_complete_run,
    slot_giving,
    slot_taking,
)
from solitaire_core.rules.move_tables import (
    CACHED_COLUMNS,
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    FOUNDATION_TO_COLUMN,
    RESERVE_TO_COLUMN,
    RESERVE_TO_FOUNDATION,
    RUN_TO_FOUNDATION,
    WASTE_TO_COLUMN,
    WASTE_TO_FOUNDATION,
    column_move,
)
from solitaire_core.variants import GroupPolicy, Variant

_NOWHERE: Final = -1
"""``spot`` of a card that is not face up on the tableau."""
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


HashParts = tuple[tuple[int, ...], int, int]
"""The parts of a board's hash it holds: per column, the talon's, the rest's (-1: not known)."""
_Slots = tuple[tuple[int, ...], ...]
_Rules = tuple[
    int, tuple[bool, ...], tuple[tuple[bool, ...], ...], bool, bool, GroupPolicy, bool, bool,
    bool, int, int | None, bool, bool, _Slots, _Slots, _Slots, bool,
]  # fmt: skip


@functools.lru_cache(maxsize=64)
def _rules_of(variant: Variant) -> _Rules:
    """What a board reads of its variant, in the order :class:`Board` unpacks it.

    The building sources, targets and empty-column starters are given as
    ``spot`` entries: each card stands for all its copies (``card + 52 * copy``).
    Cached, so a board is made in a few microseconds once its variant has been seen.
    """

    def copies(cards: _Slots) -> _Slots:
        return tuple(
            tuple(card + DECK_SIZE * copy for card in group for copy in range(variant.decks))
            for group in cards
        )

    return (
        variant.decks,
        variant.build_table,
        variant.empty_column_tables,
        variant.simple_foundations,
        variant.foundations.complete_runs,
        variant.group,
        variant.group.limits_counts,
        variant.any_face_up_groups,
        variant.foundation_takeback,
        variant.draw_count,
        variant.recycle_limit,
        variant.deal_needs_no_empty_column,
        variant.empty_column.fills_from_reserve,
        copies(variant.build_sources),
        copies(variant.build_targets),
        copies(variant.empty_column_cards),
        variant.columns_interchangeable,
    )


class Board:
    """A position of one variant that changes in place as moves are played.

    Attributes (read them; change them only through :meth:`play`,
    :meth:`undo` and :meth:`set_talon`):
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
        merges_twins: False until :meth:`merge_twins`; then
            :meth:`search_hash` gives one value to the positions that differ
            only by exchanging the cards lying on two twins face up in the
            columns (the two cards of a rank and colour), the value of their
            canonical arrangement. The solver's complete search merges twins
            where such positions are won or lost together
            (:func:`~solitaire_core.solver.board_steps.twins_are_interchangeable`).

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

    __slots__ = (
        "_any_face_up",
        "_build_table",
        "_cached_column_moves",
        "_column_hashes",
        "_complete_runs",
        "_deal_needs_no_empty",
        "_decks",
        "_draw",
        "_empty",
        "_empty_tables",
        "_fills_from_reserve",
        "_group",
        "_home",
        "_interchangeable",
        "_is_top",
        "_limits",
        "_lowest",
        "_part_memo",
        "_recycle_limit",
        "_rest_hash",
        "_simple",
        "_slots",
        "_source_slots",
        "_spot",
        "_starter_slots",
        "_takeback",
        "_talon_hash",
        "_target_slots",
        "_total",
        "_tracks_tops",
        "columns",
        "face_down",
        "foundation_base",
        "foundations",
        "merges_twins",
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
        (
            self._decks,
            self._build_table,
            self._empty_tables,
            self._simple,
            self._complete_runs,
            self._group,
            self._limits,
            self._any_face_up,
            self._takeback,
            self._draw,
            self._recycle_limit,
            self._deal_needs_no_empty,
            self._fills_from_reserve,
            self._source_slots,
            self._target_slots,
            self._starter_slots,
            self._interchangeable,
        ) = _rules_of(variant)
        self._slots = DECK_SIZE * self._decks
        self._tracks_tops = self._simple and self._takeback
        self._cached_column_moves = (
            COLUMN_TO_COLUMN if self._decks == 1 and variant.columns <= CACHED_COLUMNS else None
        )
        # The values of the columns' parts of the hash met so far, by their bytes as a tuple (kept
        # across loads: a search meets the same columns again and again).
        self._part_memo: dict[tuple[int, ...], int] = {}
        self.merges_twins = False
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
        self._column_hashes = [_NOWHERE] * len(columns)
        self._talon_hash = _NOWHERE
        self._rest_hash = _NOWHERE
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

    def load(self, data: bytes) -> None:
        """Become the board that :meth:`pack` made ``data`` from (a board of the same variant).

        Cheaper than making a new board: the searches keep one board and load
        each queued position into it.
        """
        columns = []
        face_down = []
        at = 1
        for _ in range(data[0]):
            size = data[at]
            face_down.append(data[at + 1])
            columns.append(list(data[at + 2 : at + 2 + size]))
            at += 2 + size
        size, waste_size = data[at], data[at + 1]
        talon = list(data[at + 2 : at + 2 + size])
        at += 2 + size
        size = data[at]
        reserve = list(data[at + 1 : at + 1 + size])
        at += 1 + size
        slots = data[at]
        foundations = list(data[at + 1 : at + 1 + slots])
        at += 1 + slots
        recycles = int.from_bytes(data[at + 1 :], "little")
        self._set(columns, face_down, talon, waste_size, reserve, foundations, recycles, data[at])

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

    def key(self) -> bytes:
        """The position as compact bytes, the same for any order of interchangeable columns.

        Per column its face-down count then its cards; the columns sorted
        where the variant's columns are interchangeable
        (:attr:`~solitaire_core.variants.Variant.columns_interchangeable`);
        then the talon, the reserve, and the waste size, foundation counts
        and base; fields separated by 255 (no card, count or size is 255).
        The recycle count is left out.
        """
        parts = [
            bytes((down,)) + bytes(pile)
            for pile, down in zip(self.columns, self.face_down, strict=True)
        ]
        if self._interchangeable:
            parts.sort()
        parts.append(bytes(self.talon))
        parts.append(bytes(self.reserve))
        parts.append(bytes((self.waste_size, *self.foundations, self.foundation_base)))
        return b"\xff".join(parts)

    def position_hash(self) -> int:
        """A 120-bit hash of :meth:`key` (recycles left out), kept up to date part by part.

        The solver's transposition table stores :meth:`search_hash`, this hash
        of an equivalent position. Each part of the
        position (a column, the talon, the waste's size, the rest: the
        foundations, their base and the reserve) gets a 120-bit value: two
        60-bit halves of Python's keyed SipHash of the part's bytes (and of
        them with one byte more), each part's bytes starting with a tag of its
        own (a column's place where the variant's columns are not
        interchangeable). The hash is the sum of the parts' values modulo
        2**120, so the order of interchangeable columns does not matter, and a
        part's value is computed again only when the part changes (a column's
        is looked up among the columns met before, the size's in a table).

        Why a hash is enough: two positions that differ differ in the
        multiset of their parts, so their sums differ by a sum of independent
        random values, and are equal with probability 2**-120. A search
        trusts its table only to skip a position already stored, so a
        collision could never make a false win (every winning line is
        replayed through the checked rules before it is returned), and could
        make a false "unwinnable" in the complete pass only with probability
        below ``n**2 / 2**121`` for ``n`` positions stored: under 1e-18 for a
        billion positions, far below the rate of memory errors of the
        machine running it. The int takes 40 bytes, where the key took about 100.
        """
        return self._hash(self.waste_size)

    def search_hash(self) -> int:
        """:meth:`position_hash` with the waste's size left out where draws and recycles go round.

        What the solver's transposition table stores. With unlimited recycles
        (and a stock turned onto a waste), draws and recycles alone go round a
        cycle of waste sizes: an empty waste, one draw's worth of cards, two
        draws' worth, ..., the whole talon, and back to empty. Every size on
        that cycle leads to every other by draws and recycles alone, which
        change nothing else, so positions that differ only in which size of
        the cycle the waste has are won or lost together. This hash gives
        them one value (a size off the cycle, such as 2 with draw 3 after a
        card was played from the waste, keeps its own: from there the player
        may reach cards the cycle never shows). With limited recycles, or no
        waste, it is :meth:`position_hash`.

        >>> from solitaire_core import KLONDIKE, deal_position
        >>> board = Board(KLONDIKE, deal_position(KLONDIKE, 7))
        >>> before = board.search_hash()
        >>> info = board.play(board.legal_moves()[-1])  # draw one card
        >>> board.waste_size, board.search_hash() == before, board.position_hash() == before
        (1, True, False)
        """
        size = self.waste_size
        draw = self._draw
        if self._recycle_limit is None and draw and (size % draw == 0 or size == len(self.talon)):
            size = _ON_CYCLE
        if self.merges_twins:
            return (self._hash(size) + self._twin_delta()) & _WHOLE
        return self._hash(size)

    def hash_parts(self) -> HashParts:
        """The parts of :meth:`position_hash` the board holds now, for :meth:`restore_hash_parts`.

        A search that plays a move, asks for the hash and takes the move back
        gives them back instead of having the parts of the columns the move
        changed made again (they are not known until asked for: take them
        after a hash of this position).
        """
        return tuple(self._column_hashes), self._talon_hash, self._rest_hash

    def restore_hash_parts(self, parts: HashParts) -> None:
        """Take back the parts :meth:`hash_parts` gave, the board in the same position again.

        Only in the position they were taken in (not checked: in another the
        hashes would be wrong).
        """
        columns, self._talon_hash, self._rest_hash = parts
        self._column_hashes[:] = columns

    def merge_twins(self) -> None:
        """From now on, give twin positions one :meth:`search_hash` (see :attr:`merges_twins`).

        Set once, before the board is hashed for a search: the columns' parts
        of the hash are made again in the form that merging needs.
        """
        self.merges_twins = True
        self._part_memo.clear()
        self._column_hashes[:] = [_NOWHERE] * len(self.columns)

    def search_hash_homing(self, card: int) -> int:
        """:meth:`search_hash` of the position where the next move must send ``card`` home.

        The solver's complete search uses it for the position a twin exchange
        reaches (:meth:`twin_uncovered`): ``card`` (0..51) was just uncovered
        by moving its cards onto its twin, and only its move home is tried
        from there; the position itself joins the one before the exchange
        under :attr:`merges_twins`, so the duty keeps it apart.
        """
        return (self.search_hash() + _HOMING_PARTS[card]) & _WHOLE

    def twin_uncovered(self, move: Move, info: int) -> int:
        """The card a column move just uncovered by moving its cards onto that card's twin, or -1.

        ``move`` is the column-to-column move just played and ``info`` what
        :meth:`play` returned. The twin of a card is the card of the same rank
        and colour in the other suit (suits S, H, D, C: spades and clubs,
        hearts and diamonds). A card turned face up by the move does not count.
        """
        source, target, count = move.source, move.target, move.count
        assert source is not None and target is not None and count is not None
        if info & _FLIPPED:
            return _NOWHERE
        pile, onto = self.columns[source], self.columns[target]
        if not pile or len(pile) <= self.face_down[source] or len(onto) <= count:
            return _NOWHERE
        card = pile[-1]
        return card if onto[-count - 1] == _TWINS[card] else _NOWHERE

    def search_hash_waiting(self, card: int) -> int:
        """:meth:`search_hash` of the position where the next move must put a card on ``card``.

        The solver's complete search uses it for a card just played from the
        waste to a column where such a play must be covered at once
        (:func:`~solitaire_core.solver.board_steps.placements_wait_for_cover`):
        the position with that duty is another state than the position
        without it, and is stored apart. ``card`` (0..51) names the duty, not
        its column, because interchangeable columns hash alike in any order.
        """
        return (self.search_hash() + _WAITING_PARTS[card]) & _WHOLE

    def _hash(self, waste_size: int) -> int:
        """The position's hash with the waste size given (see :meth:`position_hash`)."""
        hashes = self._column_hashes
        if _NOWHERE in hashes:
            self._hash_columns()
        talon = self._talon_hash
        if talon < 0:
            talon = _part_value(b"\xfe" + bytes(self.talon))
            self._talon_hash = talon
        rest = self._rest_hash
        if rest < 0:
            rest = _part_value(
                bytes((_REST, self.foundation_base, *self.foundations)) + bytes(self.reserve)
            )
            self._rest_hash = rest
        return (sum(hashes) + talon + rest + _SIZE_PARTS[waste_size]) & _WHOLE

    def _hash_columns(self) -> None:
        """Fill in the parts of the columns that changed since the hash was last asked for.

        Called when one is not known. A column's part is looked up by its
        bytes among those met before (a search plays and takes back the same
        moves, and meets the same columns again and again), else computed and
        remembered; the memo is emptied when it holds :data:`_MEMO_SIZE`
        parts. The memo holds the bytes as a tuple of ints: quicker to make
        and to hash than the bytes themselves.
        """
        hashes = self._column_hashes
        columns = self.columns
        for column in range(hashes.index(_NOWHERE), len(hashes)):  # (from the first unknown)
            if hashes[column] < 0:
                hashes[column] = self._column_part(column, columns[column])

    def _column_part(self, column: int, pile: list[int]) -> int:
        """The value of column ``column``'s part of the hash were it to hold ``pile``.

        Looked up in the memo of parts met before (see :meth:`_hash_columns`).
        """
        tag = _ANY_PLACE if self._interchangeable else column
        down = self.face_down[column]
        data = (tag, down, *pile)
        memo = self._part_memo
        made = memo.get(data, _NOWHERE)
        if made < 0:
            if self.merges_twins:  # (see _twin_delta)
                made = _part_value(bytes(data[: down + 3]))
                for index in range(down, len(pile) - 1):
                    made += _EDGE_PARTS[pile[index] * DECK_SIZE + pile[index + 1]]
                made &= _WHOLE
            else:
                made = _part_value(bytes(data))
            if len(memo) >= _MEMO_SIZE:
                memo.clear()
            memo[data] = made
        return made

    def _twin_delta(self) -> int:
        """What turns :meth:`_hash` into the hash of the twins' canonical arrangement.

        Twins are the two cards of a rank and colour (spades and clubs,
        hearts and diamonds). Where both lie face up in the columns, each
        with the cards on it built on it as a group that may move (always so
        in Klondike; in Réfléchi, where any card is face up, when the twin
        is within the run on top of its column), the cards on top of each may
        be exchanged (see :meth:`merge_twins`); the cards on a twin stay
        built on it through the exchanges of other pairs. Such
        exchanges change which card lies directly on the two twins exchanged,
        and on no other card; so the pair of cards lying directly on two
        twins, the card lying on every other card and each column up to its
        lowest face-up card are the same in every arrangement the exchanges
        reach. With twins merged, a column's part of the hash is the value of
        the column up to its lowest face-up card plus a value for each card
        lying directly on another (:meth:`_column_part`); the canonical
        arrangement puts on the spade or heart the lower of the two cards
        lying on the pair (no card counting lowest), so its hash differs from
        this one by the values of the pairs' cards exchanged. Returns that
        difference (0 when the arrangement is canonical).
        """
        spot = self._spot
        delta = 0
        for card in _SPADES_AND_HEARTS:
            here, there = spot[card], spot[_TWINS[card]]
            if (
                here < 0
                or there < 0
                or (here & 255) < self._lowest_movable(here >> 8)
                or (there & 255) < self._lowest_movable(there >> 8)
            ):
                continue  # (a twin not face up in a column, or with cards on it not built on it)
            on, other_on = self._on(here), self._on(there)
            if on > other_on:  # (equal only when nothing lies on either)
                twin = _TWINS[card]
                delta += _edge_part(card, other_on) + _edge_part(twin, on)
                delta -= _edge_part(card, on) + _edge_part(twin, other_on)
        return delta

    def face_up_place(self, card: int) -> int:
        """Where ``card`` (0..51, one deck) lies face up: ``column << 8 | index``, or -1.

        Column and index 0-based, the index from the column's bottom; -1 when
        the card is face down, elsewhere than in a column, or the game has
        more than one deck.
        """
        return self._spot[card] if self._decks == 1 else _NOWHERE

    def _on(self, spot: int) -> int:
        """The card lying directly on the face-up card at ``spot`` (column << 8 | index), or -1."""
        pile = self.columns[spot >> 8]
        index = (spot & 255) + 1
        return pile[index] if index < len(pile) else _NOWHERE

    def pack(self) -> bytes:
        """The board as compact bytes that :func:`unpack_board` reads back (columns in place).

        The column count; per column its size, face-down count and cards; the
        talon's size, the waste size and the talon; the reserve's size and
        cards; the foundation slot count and counts; the base; the recycles
        (little-endian, as many bytes as they need, at least one).
        """
        data = [len(self.columns)]  # (a list of ints turned into bytes once: the quickest)
        for pile, down in zip(self.columns, self.face_down, strict=True):
            data.append(len(pile))
            data.append(down)
            data += pile
        data.append(len(self.talon))
        data.append(self.waste_size)
        data += self.talon
        data.append(len(self.reserve))
        data += self.reserve
        data.append(len(self.foundations))
        data += self.foundations
        data.append(self.foundation_base)
        recycles = self.recycles
        return bytes(data) + recycles.to_bytes(max(1, (recycles.bit_length() + 7) // 8), "little")

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

    def waste_plays(self, sizes: tuple[int, ...]) -> list[tuple[int, Move]]:
        """:meth:`waste_card_moves` of the waste's top card at each of these waste sizes.

        ``sizes`` are waste sizes (each >= 1) the talon could be set to, such
        as the states of the solver's stock walk. The board is not changed.

        Returns:
            ``(i, move)`` pairs: ``i`` indexes ``sizes``, in order, and each
            size's moves come in :meth:`waste_card_moves`'s order.
        """
        plays: list[tuple[int, Move]] = []
        talon = self.talon
        columns = self.columns
        spot = self._spot
        target_slots = self._target_slots
        simple = self._simple
        foundations = self.foundations
        starts = self._empty_tables[self.foundation_base] if self._empty else None
        for index, size in enumerate(sizes):
            card = talon[size - 1]
            if foundations[SUITS[card]] == RANKS[card] - 1 if simple else self.goes_home(card):
                plays.append((index, WASTE_TO_FOUNDATION))
            targets: list[int] = []
            for slot in target_slots[card]:  # (as in targets_of)
                where = spot[slot]
                if where >= 0 and where & 255 == len(columns[where >> 8]) - 1:
                    targets.append(where >> 8)
            if starts is not None and starts[card]:
                targets += [column for column, pile in enumerate(columns) if not pile]
            if targets:
                if len(targets) > 1:
                    targets.sort()
                for target in targets:
                    plays.append((index, WASTE_TO_COLUMN[target]))
        return plays

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
                return drawn << _SHIFT
            return self._deal() << _SHIFT
        if kind is KIND_COLUMN_TO_FOUNDATION:
            source, moved = move.source, move.count
            assert source is not None and moved is not None
            pile = self.columns[source]
            split = len(pile) - moved
            if moved != 1:  # a spider run: 13 cards, King at the bottom
                slot = empty_slot(self.foundations, SUITS[pile[-1]])
                self.foundations[slot] = 13
                self._home += 13
                self._rest_hash = _NOWHERE
                self._unspot(source, split)
                del pile[split:]
                info = slot << _SHIFT
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
            return slot << _SHIFT
        if kind is KIND_RESERVE_TO_FOUNDATION:
            return self._send_home(self.reserve.pop())
        assert move.target is not None  # RESERVE_TO_COLUMN
        self._put(move.target, self.reserve.pop())
        self._rest_hash = _NOWHERE
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
                self.waste_size -= info >> _SHIFT
            else:
                self._undeal(info >> _SHIFT)
        elif kind is KIND_COLUMN_TO_FOUNDATION:
            source, moved = move.source, move.count
            assert source is not None and moved is not None
            self._unlift(source, info)
            if moved != 1:
                slot = info >> _SHIFT
                suit = slot % 4
                self.foundations[slot] = 0
                self._home -= 13
                self._rest_hash = _NOWHERE
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
            self._foundation_push(info >> _SHIFT, self._take(move.target))
        elif kind is KIND_RESERVE_TO_FOUNDATION:
            self.reserve.append(self._unsend_home(info))
        else:  # RESERVE_TO_COLUMN
            assert move.target is not None
            self.reserve.append(self._take(move.target))
            self._rest_hash = _NOWHERE

    def set_talon(self, waste_size: int, recycles: int) -> None:
        """Put the stock and waste in another state of the same talon (draws and recycles).

        ``waste_size`` cards of :attr:`talon` make the waste; ``recycles`` is
        the new recycle count. For the solver's stock walks: a state reached by
        drawing and recycling alone is one assignment away.
        """
        self.waste_size = waste_size
        self.recycles = recycles

    # --- the tables -----------------------------------------------------------------

    # Every helper that changes a column forgets what was cached about it (its movable
    # start, its hash) itself: a call less per change on the engine's hottest path.

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
        self._column_hashes[column] = _NOWHERE

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
        self._column_hashes[column] = _NOWHERE

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
        self._column_hashes[column] = _NOWHERE
        return card

    def _emptied(self, column: int) -> None:
        """After cards left ``column`` in an undo: the empty count and the caches."""
        if not self.columns[column]:
            self._empty += 1
        self._lowest[column] = _NOWHERE
        self._column_hashes[column] = _NOWHERE

    def _lifted(self, source: int, split: int) -> int:
        """After cards left ``source`` down to ``split`` cards: the flip, empty count, refill.

        Returns:
            :data:`_FLIPPED`, :data:`_REFILLED` or 0, for :meth:`undo`.
        """
        self._lowest[source] = _NOWHERE
        self._column_hashes[source] = _NOWHERE
        down = self.face_down[source]
        if split:
            if down and down >= split:  # the flip (RULES.md section 3)
                self.face_down[source] = split - 1
                card = self.columns[source][split - 1]
                if self._decks == 1:
                    self._spot[card] = source << 8 | split - 1
                else:
                    self._move_spot(card, _NOWHERE, source << 8 | split - 1)
                return _FLIPPED
            return 0
        self.face_down[source] = 0
        self._empty += 1
        if self.reserve and self._fills_from_reserve:
            self._put(source, self.reserve.pop())
            self._rest_hash = _NOWHERE
            return _REFILLED
        return 0

    def _unlift(self, source: int, info: int) -> None:
        """Undo what :meth:`_lifted` did to ``source`` (before the cards come back)."""
        pile = self.columns[source]
        if info & _REFILLED:
            self.reserve.append(self._take(source))
            self._rest_hash = _NOWHERE
        elif info & _FLIPPED:
            self._unspot(source, len(pile) - 1)
            self.face_down[source] = len(pile)
            self._lowest[source] = _NOWHERE
            self._column_hashes[source] = _NOWHERE

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
            return slot << _SHIFT | _BASE_FIXED
        return slot << _SHIFT

    def _unsend_home(self, info: int) -> int:
        """Take back the card :meth:`_send_home` sent (``info`` is what it returned)."""
        card = self._foundation_pop(info >> _SHIFT)
        if info & _BASE_FIXED:
            self.foundation_base = NO_BASE
        return card

    def _foundation_push(self, slot: int, card: int) -> None:
        """``card`` onto foundation ``slot`` (the card that slot takes next)."""
        foundations = self.foundations
        foundations[slot] += 1
        self._home += 1
        self._rest_hash = _NOWHERE
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
        self._rest_hash = _NOWHERE
        if self._tracks_tops:
            self._is_top[card] = False
            if foundations[slot]:
                self._is_top[card - 1] = True
        return card

    def _pop_waste(self) -> int:
        """The waste's top card, taken off the talon."""
        size = self.waste_size - 1
        self.waste_size = size
        self._talon_hash = _NOWHERE
        return self.talon.pop(size)

    def _push_waste(self, card: int) -> None:
        """``card`` back onto the waste's top."""
        self.talon.insert(self.waste_size, card)
        self.waste_size += 1
        self._talon_hash = _NOWHERE

    def _deal(self) -> int:
        """One card face up onto each column from the left, while the stock lasts; how many."""
        talon = self.talon
        size = self.waste_size
        dealt = min(len(talon) - size, len(self.columns))
        for column in range(dealt):
            self._put(column, talon[size + column])
        del talon[size : size + dealt]
        self._talon_hash = _NOWHERE
        return dealt

    def _undeal(self, dealt: int) -> None:
        """Take a deal of ``dealt`` cards back to the stock."""
        cards = [self._take(column) for column in range(dealt)]
        self.talon[self.waste_size : self.waste_size] = cards
        self._talon_hash = _NOWHERE


def unpack_board(variant: Variant, data: bytes) -> Board:
    """The board that :meth:`Board.pack` made ``data`` from, as a new board of ``variant``."""
    board = Board(variant, _EMPTY)
    board.load(data)
    return board


_EMPTY: Final = Position(((),), (0,), (), (), (0, 0, 0, 0))
"""A position to make a board from before it loads a packed one."""

_HALF: Final = (1 << 60) - 1
"""A 60-bit half of :meth:`Board.position_hash`."""


def _part_value(data: bytes) -> int:
    """The 120-bit value of one part of a position (see :meth:`Board.position_hash`)."""
    return (hash(data) & _HALF) << 60 | hash(data + b"\x00") & _HALF


_WHOLE: Final = (1 << 120) - 1
"""The position hash is a sum modulo 2**120."""
_ANY_PLACE: Final = 255
"""The tag of an interchangeable column's part (ordered columns are tagged by their place)."""
_REST: Final = 253
"""The tag of the part that is neither a column nor the talon (254 tags the talon)."""
_WAITING: Final = 252
"""The tag of the part :meth:`Board.search_hash_waiting` adds: the card waiting for a cover."""
_SIZE: Final = 251
"""The tag of the part that holds the waste's size."""
_WAITING_PARTS: Final = tuple(_part_value(bytes((_WAITING, card))) for card in range(DECK_SIZE))
"""The part :meth:`Board.search_hash_waiting` adds, by card."""
_HOMING: Final = 250
"""The tag of the part :meth:`Board.search_hash_homing` adds: the card that must go home next."""
_HOMING_PARTS: Final = tuple(_part_value(bytes((_HOMING, card))) for card in range(DECK_SIZE))
"""The part :meth:`Board.search_hash_homing` adds, by card."""
_TWINS: Final = tuple((3 - card // 13) * 13 + card % 13 for card in range(DECK_SIZE))
"""Each card's twin: the card of the same rank and colour in the other suit (S-C, H-D)."""
_EDGE: Final = 249
"""The tag of the value of a card lying directly on another (with twins merged)."""
_EDGE_PARTS: Final = tuple(
    _part_value(bytes((_EDGE, under, card)))
    for under in range(DECK_SIZE)
    for card in range(DECK_SIZE)
)
"""The value of ``card`` lying directly on ``under``, at ``under * 52 + card``."""


def _edge_part(under: int, card: int) -> int:
    """:data:`_EDGE_PARTS`'s value of ``card`` on ``under``; 0 when ``card`` is -1 (none)."""
    return _EDGE_PARTS[under * DECK_SIZE + card] if card >= 0 else 0


_SPADES_AND_HEARTS: Final = tuple(range(26))
"""The cards whose twins are the clubs and the diamonds."""
_SIZE_PARTS: Final = tuple(_part_value(bytes((_SIZE, size))) for size in range(256))
"""The part of the waste's size, by size (0..254, and :data:`_ON_CYCLE`)."""
_MEMO_SIZE: Final = 1 << 16
"""The most column parts a board remembers (see :meth:`Board._hash_columns`)."""
_ON_CYCLE: Final = 255
"""The waste size :meth:`Board.search_hash` gives every size on the cycle of draws and recycles
(no talon holds 255 cards)."""

_SHIFT: Final = 8
"""Undo information: flags in the low byte, a slot or a count above it."""
_FLIPPED: Final = 1
"""Undo information: the move turned the source column's new top card face up."""
_REFILLED: Final = 2
"""Undo information: the move emptied the source column and the reserve refilled it."""
_BASE_FIXED: Final = 4
"""Undo information: the card sent home fixed the foundations' base rank."""


__all__ = ["Board", "HashParts", "unpack_board"]
