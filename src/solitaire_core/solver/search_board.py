"""The solver's board: a rules board with the search's keys, hashes and packed form.

:class:`SearchBoard` is a :class:`~solitaire_core.rules.board.Board` (the
rules' board: move generator, play, exact undo) with what only the solver's
searches ask of a position:

* its keys: :meth:`SearchBoard.key` (compact bytes, the same for any order of
  interchangeable columns) and the 120-bit hashes the transposition table
  stores (:meth:`SearchBoard.position_hash`, :meth:`SearchBoard.search_hash`),
  kept up to date part by part, with the parts given back after an undo
  (:meth:`SearchBoard.hash_parts`);
* the suit symmetry: twin positions under one hash
  (:meth:`SearchBoard.merge_twins`), and the positions with a duty, stored
  apart (:meth:`SearchBoard.search_hash_homing`,
  :meth:`SearchBoard.search_hash_waiting`);
* the packed form a best-first queue holds (:meth:`SearchBoard.pack`,
  :meth:`SearchBoard.load`, :func:`unpack_board`);
* the stock walk's jumps (:meth:`SearchBoard.set_talon`) and the plays of the
  waste card it brings up (:meth:`SearchBoard.waste_plays`).

Compiled with mypyc in the compiled build (:data:`solitaire_core.BUILD`),
with the rules' board it extends. The rules' board forgets the cached part of
a column, the talon or the rest as it changes them; this board fills them when
a hash is asked for.

>>> from solitaire_core import KLONDIKE, deal_position
>>> board = SearchBoard(KLONDIKE, deal_position(KLONDIKE, 7))
>>> before = board.search_hash()
>>> info = board.play(board.legal_moves()[-1])  # draw one card
>>> board.search_hash() == before, board.position_hash() == before
(True, False)
>>> unpack_board(KLONDIKE, board.pack()).to_position() == board.to_position()
True
"""

from __future__ import annotations

from typing import Final

from solitaire_core.cards import DECK_SIZE, RANKS, SUITS
from solitaire_core.moves import Move
from solitaire_core.position import Position
from solitaire_core.rules.board import Board
from solitaire_core.rules.board_core import FLIPPED
from solitaire_core.rules.move_tables import WASTE_TO_COLUMN, WASTE_TO_FOUNDATION
from solitaire_core.variants import StockKind, Variant

HashParts = tuple[tuple[int, ...], int, int]
"""The parts of a board's hash it holds: per column, the talon's, the rest's (-1: not known)."""
_NOWHERE: Final = -1
"""A part not known (and ``spot`` of a card not face up on the tableau, or no card)."""


class SearchBoard(Board):
    """A :class:`~solitaire_core.rules.board.Board` with the solver's keys, hashes and packing.

    Made as a board is (the same arguments and checks), and played the same
    way; what it adds is read off the board, except :meth:`set_talon`,
    :meth:`load` and :meth:`merge_twins`, which change it.

    Attributes:
        merges_twins: False until :meth:`merge_twins`; then
            :meth:`search_hash` gives one value to the positions that differ
            only by exchanging the cards lying on two twins face up in the
            columns (the two cards of a rank and colour), the value of their
            canonical arrangement. The solver's complete search merges twins
            where such positions are won or lost together
            (:func:`~solitaire_core.solver.reductions.twins_are_interchangeable`).

    Raises:
        InvalidArgumentError: from the constructor, as for
            :class:`~solitaire_core.rules.board.Board`.
    """

    __slots__ = ("_cycles_freely", "_deals", "_interchangeable", "_part_memo", "merges_twins")

    def __init__(self, variant: object, position: object) -> None:
        # (set before the board's own: mypyc then knows they are always set, and reads them
        # without a check; a variant of the wrong type is refused by the board's)
        self._interchangeable = isinstance(variant, Variant) and variant.columns_interchangeable
        self._cycles_freely = isinstance(variant, Variant) and variant.stock_cycles_freely
        self._deals = isinstance(variant, Variant) and variant.stock_kind is StockKind.DEAL
        # The values of the columns' parts of the hash met so far, by their bytes as a tuple (kept
        # across loads: a search meets the same columns again and again).
        self._part_memo: dict[tuple[int, ...], int] = {}
        self.merges_twins = False
        super().__init__(variant, position)

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

    def set_talon(self, waste_size: int, recycles: int) -> None:
        """Put the stock and waste in another state of the same talon (draws and recycles).

        ``waste_size`` cards of :attr:`talon` make the waste; ``recycles`` is
        the new recycle count. For the solver's stock walks: a state reached by
        drawing and recycling alone is one assignment away.
        """
        self.waste_size = waste_size
        self.recycles = recycles

    def key(self) -> bytes:
        """The position as compact bytes, the same for any order of interchangeable columns.

        Per column its face-down count then its cards; the columns sorted
        where the variant's columns are interchangeable
        (:attr:`~solitaire_core.variants.Variant.columns_interchangeable`),
        and where the stock is dealt onto the columns, those that no deal
        reaches any more sorted among themselves (:meth:`is_dealt_no_more`);
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
        elif self._deals:
            left = len(self.talon) - self.waste_size
            parts[left:] = sorted(parts[left:])
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
        interchangeable, but for those :meth:`is_dealt_no_more`). The hash
        is the sum of the parts' values modulo 2**120, so the order of
        interchangeable columns does not matter, and a part's value is
        computed again only when the part changes (a column's is looked up
        among the columns met before, the size's in a table).

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
        >>> board = SearchBoard(KLONDIKE, deal_position(KLONDIKE, 7))
        >>> before = board.search_hash()
        >>> info = board.play(board.legal_moves()[-1])  # draw one card
        >>> board.waste_size, board.search_hash() == before, board.position_hash() == before
        (1, True, False)
        """
        size = self.waste_size
        draw = self._draw
        if self._cycles_freely and (size % draw == 0 or size == len(self.talon)):
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
        return tuple(self._column_cache), self._talon_cache, self._rest_cache

    def restore_hash_parts(self, parts: HashParts) -> None:
        """Take back the parts :meth:`hash_parts` gave, the board in the same position again.

        Only in the position they were taken in (not checked: in another the
        hashes would be wrong).
        """
        columns, self._talon_cache, self._rest_cache = parts
        self._column_cache[:] = columns

    def merge_twins(self) -> None:
        """From now on, give twin positions one :meth:`search_hash` (see :attr:`merges_twins`).

        Set once, before the board is hashed for a search: the columns' parts
        of the hash are made again in the form that merging needs.
        """
        self.merges_twins = True
        self._part_memo.clear()
        self._column_cache[:] = [_NOWHERE] * len(self.columns)

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
        if info & FLIPPED:
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
        hashes = self._column_cache
        if _NOWHERE in hashes:
            self._hash_columns()
        talon = self._talon_cache
        if talon < 0:
            talon = _part_value(b"\xfe" + bytes(self.talon))
            self._talon_cache = talon
        rest = self._rest_cache
        if rest < 0:
            rest = _part_value(
                bytes((_REST, self.foundation_base, *self.foundations)) + bytes(self.reserve)
            )
            self._rest_cache = rest
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
        hashes = self._column_cache
        columns = self.columns
        for column in range(hashes.index(_NOWHERE), len(hashes)):  # (from the first unknown)
            if hashes[column] < 0:
                hashes[column] = self._column_part(column, columns[column])

    def _column_part(self, column: int, pile: list[int]) -> int:
        """The value of column ``column``'s part of the hash were it to hold ``pile``.

        Looked up in the memo of parts met before (see :meth:`_hash_columns`).
        """
        tag = _ANY_PLACE if self._interchangeable or self.is_dealt_no_more(column) else column
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

    def is_dealt_no_more(self, column: int) -> bool:
        """True when the stock is dealt onto the columns and no deal reaches ``column`` any more.

        A deal puts a card on each column from the left while the stock lasts,
        so with ``k`` cards left in the stock the columns from the ``k``-th
        (0-based) on get none. No other rule depends on a column's place, so
        those columns are interchangeable: two positions that differ only by
        their order are won or lost together (a line from one, with the
        columns renamed, is a line from the other), and :meth:`key` and the
        hashes give them one value (their parts carry no place). In Agnes
        Sorel, after the third deal only columns 1 and 2 keep their place
        (quagnes sorts such columns likewise), after the last none does. The
        part of a column whose answer changes is always made again: a deal or
        its undo that changes it puts a card on the column or takes one off.
        """
        return self._deals and column >= len(self.talon) - self.waste_size

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


def unpack_board(variant: Variant, data: bytes) -> SearchBoard:
    """The board that :meth:`SearchBoard.pack` made ``data`` from, as a new board of ``variant``."""
    board = SearchBoard(variant, _EMPTY)
    board.load(data)
    return board


_EMPTY: Final = Position(((),), (0,), (), (), (0, 0, 0, 0))
"""A position to make a board from before it loads a packed one."""

_HALF: Final = (1 << 60) - 1
"""A 60-bit half of :meth:`SearchBoard.position_hash`."""


def _part_value(data: bytes) -> int:
    """The 120-bit value of one part of a position (see :meth:`SearchBoard.position_hash`)."""
    return (hash(data) & _HALF) << 60 | hash(data + b"\x00") & _HALF


_WHOLE: Final = (1 << 120) - 1
"""The position hash is a sum modulo 2**120."""
_ANY_PLACE: Final = 255
"""The tag of an interchangeable column's part (ordered columns are tagged by their place)."""
_REST: Final = 253
"""The tag of the part that is neither a column nor the talon (254 tags the talon)."""
_WAITING: Final = 252
"""The tag of the part :meth:`SearchBoard.search_hash_waiting` adds: the card waiting for
a cover."""
_SIZE: Final = 251
"""The tag of the part that holds the waste's size."""
_WAITING_PARTS: Final = tuple(_part_value(bytes((_WAITING, card))) for card in range(DECK_SIZE))
"""The part :meth:`SearchBoard.search_hash_waiting` adds, by card."""
_HOMING: Final = 250
"""The tag of the part :meth:`SearchBoard.search_hash_homing` adds: the card that must go
home next."""
_HOMING_PARTS: Final = tuple(_part_value(bytes((_HOMING, card))) for card in range(DECK_SIZE))
"""The part :meth:`SearchBoard.search_hash_homing` adds, by card."""
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
"""The most column parts a board remembers (see :meth:`SearchBoard._hash_columns`)."""
_ON_CYCLE: Final = 255
"""The waste size :meth:`SearchBoard.search_hash` gives every size on the cycle of draws and
recycles (no talon holds 255 cards)."""


__all__ = ["HashParts", "SearchBoard", "unpack_board"]
