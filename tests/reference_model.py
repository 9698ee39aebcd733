"""A deliberately simple reference model of Klondike, used only as a test oracle.

Written from the rule book (shared/spec/RULES.md, sections 1-5, 8, 11 and 12)
without looking at the real engine in src/, so that differential tests and the
perft golden counts in tests/data/perft.json are an independent check of it.

Clarity over speed: cards are strings such as ``"TH"``, piles are plain lists
ordered bottom to top (the last element is the top card), and every move is
validated by regenerating the full set of legal moves.

Variants are chosen with keywords:

* Klondike: ``all_face_up=False, ordered_groups_only=False, takeback=True,
  recycle_limit=None`` (unlimited recycles).
* Vegas Klondike: as Klondike with ``recycle_limit=0``.
* Réfléchi / Thoughtful: ``all_face_up=True, ordered_groups_only=True,
  takeback=True, recycle_limit=None``.
* Traditional Klondike (the traditional rules): ``takeback=False``, ``recycle_limit=0`` for
  draw 1 and ``2`` for draw 3.

Move strings (RULES.md section 11, canonical lower case):

* ``d`` draw, ``r`` recycle,
* ``wf`` waste top to its foundation, ``w1`` .. ``w7`` waste top to a column,
* ``1f`` .. ``7f`` a column's last card to its foundation,
* ``ab:n`` the top ``n`` cards of column ``a`` onto column ``b`` (always with
  the explicit count, also for ``n == 1``),
* ``fsN``, ``fhN``, ``fdN``, ``fcN`` (``N`` = 1 .. 7) the top card of the
  spades / hearts / diamonds / clubs foundation back onto column ``N``.
"""

from __future__ import annotations

from itertools import pairwise

SUITS = "SHDC"
RANKS = "A23456789TJQK"
RED_SUITS = "HD"
NUM_COLUMNS = 7

_MASK64 = (1 << 64) - 1
_TWO64 = 1 << 64


# --- Cards (RULES.md section 1) ----------------------------------------------


def card_text(index: int) -> str:
    """Text of the card with index ``suit * 13 + (rank - 1)``, suits S, H, D, C."""
    return RANKS[index % 13] + SUITS[index // 13]


ALL_CARDS = [card_text(index) for index in range(52)]
_RANK = {card: RANKS.index(card[0]) + 1 for card in ALL_CARDS}
_RED = {card: card[1] in RED_SUITS for card in ALL_CARDS}


def rank_of(card: str) -> int:
    """Rank 1 (Ace) .. 13 (King) of a card such as ``"TH"``."""
    return _RANK[card]


def suit_of(card: str) -> str:
    """Suit letter (S, H, D or C) of a card such as ``"TH"``."""
    return card[1]


def is_red(card: str) -> bool:
    """Hearts and diamonds are red; spades and clubs are black."""
    return _RED[card]


def is_in_sequence(cards: list[str]) -> bool:
    """True if each card (bottom to top) is one rank lower than the card under
    it and of the opposite colour."""
    for lower, upper in pairwise(cards):
        if rank_of(upper) != rank_of(lower) - 1:
            return False
        if is_red(upper) == is_red(lower):
            return False
    return True


# --- The shuffle (RULES.md section 8) ----------------------------------------


class SplitMix64:
    """SplitMix64 exactly as written in RULES.md section 8, step 2."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def bounded(self, n: int) -> int:
        """Unbiased integer in [0, n) by rejection (section 8, step 3)."""
        limit = _TWO64 - (_TWO64 % n)
        x = self.next()
        while x >= limit:
            x = self.next()
        return x % n


def shuffled_deck(deal_number: int) -> list[str]:
    """The shuffled deck ``deck[0..51]`` for a deal number, ``deck[0]`` dealt first."""
    rng = SplitMix64(deal_number)
    deck = list(range(52))
    for i in range(51, 0, -1):
        j = rng.bounded(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return [card_text(index) for index in deck]


# --- The game ----------------------------------------------------------------


class Column:
    """One tableau column: face-down cards under face-up cards, bottom to top."""

    def __init__(self) -> None:
        self.face_down: list[str] = []
        self.face_up: list[str] = []

    def is_empty(self) -> bool:
        return not self.face_down and not self.face_up

    def copy(self) -> Column:
        other = Column()
        other.face_down = list(self.face_down)
        other.face_up = list(self.face_up)
        return other

    def flip_if_needed(self) -> None:
        """When a face-down card becomes the last card it turns face up."""
        if not self.face_up and self.face_down:
            self.face_up.append(self.face_down.pop())


class ReferenceGame:
    """A Klondike position plus its rules, with moves as canonical strings."""

    def __init__(
        self,
        deal_number: int,
        *,
        all_face_up: bool,
        draw: int,
        recycle_limit: int | None,
        takeback: bool,
        ordered_groups_only: bool,
    ) -> None:
        if draw not in (1, 3):
            raise ValueError(f"draw must be 1 or 3, not {draw}")
        if recycle_limit is not None and recycle_limit < 0:
            raise ValueError("recycle_limit must be None (unlimited) or >= 0")
        self.deal_number = deal_number
        self.all_face_up = all_face_up
        self.draw = draw
        self.recycle_limit = recycle_limit
        self.takeback = takeback
        self.ordered_groups_only = ordered_groups_only

        deck = shuffled_deck(deal_number)
        self.columns: list[Column] = [Column() for _ in range(NUM_COLUMNS)]
        position = 0
        for row in range(NUM_COLUMNS):
            for column_index in range(row, NUM_COLUMNS):
                card = deck[position]
                position += 1
                column = self.columns[column_index]
                # The card dealt in the column's own row is its last card.
                if all_face_up or row == column_index:
                    column.face_up.append(card)
                else:
                    column.face_down.append(card)
        assert position == 28
        # Stock bottom to top: deck[28] must be the last element (drawn first).
        self.stock: list[str] = list(reversed(deck[28:]))
        self.waste: list[str] = []
        # Each foundation holds its cards bottom to top (Ace first).
        self.foundations: dict[str, list[str]] = {suit: [] for suit in SUITS}
        self.recycles = 0

    # --- helpers ---------------------------------------------------------

    def copy(self) -> ReferenceGame:
        other = ReferenceGame.__new__(ReferenceGame)
        other.deal_number = self.deal_number
        other.all_face_up = self.all_face_up
        other.draw = self.draw
        other.recycle_limit = self.recycle_limit
        other.takeback = self.takeback
        other.ordered_groups_only = self.ordered_groups_only
        other.columns = [column.copy() for column in self.columns]
        other.stock = list(self.stock)
        other.waste = list(self.waste)
        other.foundations = {suit: list(cards) for suit, cards in self.foundations.items()}
        other.recycles = self.recycles
        return other

    def is_won(self) -> bool:
        return sum(len(cards) for cards in self.foundations.values()) == 52

    def fits_foundation(self, card: str) -> bool:
        """The foundation of the card's suit takes the next rank only, Ace first."""
        return rank_of(card) == len(self.foundations[suit_of(card)]) + 1

    def fits_column(self, card: str, column: Column) -> bool:
        """Can ``card`` (as the lowest card of a group) go onto ``column``?"""
        if not column.face_up:
            # Empty column: Kings only. (A column whose last card is face down
            # cannot occur: that card is turned up by the move that uncovers it.)
            return not column.face_down and _RANK[card] == 13
        target = column.face_up[-1]
        return _RED[card] != _RED[target] and _RANK[card] == _RANK[target] - 1

    def recycle_allowed(self) -> bool:
        return self.recycle_limit is None or self.recycles < self.recycle_limit

    # --- moves -------------------------------------------------------------

    def legal_moves(self) -> set[str]:
        moves: set[str] = set()
        if self.is_won():
            return moves

        # Stock moves.
        if self.stock:
            moves.add("d")
        elif self.waste and self.recycle_allowed():
            moves.add("r")

        # Waste top to a foundation or a column.
        if self.waste:
            top = self.waste[-1]
            if self.fits_foundation(top):
                moves.add("wf")
            for b, target in enumerate(self.columns):
                if self.fits_column(top, target):
                    moves.add(f"w{b + 1}")

        for a, source in enumerate(self.columns):
            # Column's last card to its foundation.
            if source.face_up and self.fits_foundation(source.face_up[-1]):
                moves.add(f"{a + 1}f")
            # Top n cards of column a onto column b.
            for n in range(1, len(source.face_up) + 1):
                group = source.face_up[-n:]
                if self.ordered_groups_only and not is_in_sequence(group):
                    continue
                for b, target in enumerate(self.columns):
                    if b != a and self.fits_column(group[0], target):
                        moves.add(f"{a + 1}{b + 1}:{n}")

        # Foundation take-back onto a column.
        if self.takeback:
            for suit in SUITS:
                pile = self.foundations[suit]
                if not pile:
                    continue
                for b, target in enumerate(self.columns):
                    if self.fits_column(pile[-1], target):
                        moves.add(f"f{suit.lower()}{b + 1}")
        return moves

    def play(self, move: str) -> None:
        if move not in self.legal_moves():
            raise ValueError(f"illegal move {move!r}")
        if move == "d":
            for _ in range(min(self.draw, len(self.stock))):
                self.waste.append(self.stock.pop())
        elif move == "r":
            # The card drawn first (bottom of the waste) must be drawn first again.
            self.stock = list(reversed(self.waste))
            self.waste = []
            self.recycles += 1
        elif move == "wf":
            card = self.waste.pop()
            self.foundations[suit_of(card)].append(card)
        elif move[0] == "w":
            card = self.waste.pop()
            self.columns[int(move[1]) - 1].face_up.append(card)
        elif move[0] == "f":
            suit = move[1].upper()
            card = self.foundations[suit].pop()
            self.columns[int(move[2]) - 1].face_up.append(card)
        elif move[1] == "f":
            source = self.columns[int(move[0]) - 1]
            card = source.face_up.pop()
            self.foundations[suit_of(card)].append(card)
            source.flip_if_needed()
        else:
            source = self.columns[int(move[0]) - 1]
            target = self.columns[int(move[1]) - 1]
            n = int(move[3:])
            group = source.face_up[-n:]
            del source.face_up[-n:]
            target.face_up.extend(group)
            source.flip_if_needed()

    def snapshot(self) -> dict[str, object]:
        return {
            "tableau": [
                {"face_down": list(column.face_down), "face_up": list(column.face_up)}
                for column in self.columns
            ],
            "stock": list(self.stock),
            "waste": list(self.waste),
            "foundations": {suit: len(self.foundations[suit]) for suit in SUITS},
            "recycles": self.recycles,
        }


def perft(game: ReferenceGame, depth: int) -> int:
    """Number of legal move sequences of length ``depth`` from ``game``."""
    if depth == 0:
        return 1
    moves = game.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in sorted(moves):
        child = game.copy()
        child.play(move)
        total += perft(child, depth - 1)
    return total
