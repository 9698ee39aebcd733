"""A deliberately simple reference model of the Klondike-family games, a test oracle.

Written from the family rule book (shared/spec/FAMILY.md, sections 1 and 2,
with the shuffle of RULES.md section 8; the games added later from the
product's docs/FAMILY.md, sections 3.17 on, 4.5 on, 5.5 on and 6.2 on) without
looking at the real engine in src/, so that differential tests and the golden
counts in tests/data/family_perft.json are an independent check of it.

Clarity over speed: cards are strings such as ``"TH"``, piles are plain lists
ordered bottom to top (the last element is the top card), and ``play`` checks
every move against the full set of legal moves.

Where FAMILY.md leaves a choice open, the model follows the engine's
documented choices (they were given with the brief for this file):

* Move strings (canonical, lower case; columns 1..N from the left):
  ``d`` stock move (draw onto the waste, or deal one card onto each column);
  ``r`` recycle; ``wf`` / ``w<c>`` waste top to its foundation / column c;
  ``<c>f`` column c's top card to its foundation (spider games: the complete
  K..A run on top of column c); ``<a><b>:<n>`` (at most 9 columns) or
  ``<a>-<b>:<n>`` (10 or more columns) the top n cards of column a onto
  column b, always with the count; ``f<s><c>`` take-back from the
  lowest-numbered foundation of suit s whose top card can go to column c;
  ``rf`` / ``r<c>`` Canfield's reserve top to its foundation / column c.
* Foundation slots: 4 per deck, slot i has suit ``"SHDC"[i % 4]``; a card goes
  to the lowest-numbered slot that accepts it; a spider run goes to the
  lowest-numbered empty slot of its own suit.
* Nine Across: the first foundation card (any source, any rank) fixes the base
  of all four foundations for the rest of the game; before that no card may go
  to an empty column; afterwards only a card of rank base - 1 (a King when the
  base is the Ace) may start an empty column.
* Canfield: a move that empties a column refills it from the reserve at once;
  with the reserve empty any top card or whole column may go to an empty
  column. Between columns only the top card or the whole column (when it is a
  run) may move.
* Somerset: a group is an AC run of at most 2**e cards, e = empty columns other
  than the target (before the move).
* "single" (FAMILY.md 1.4, top card only: Morehead, the Canisters' British
  form, Lucky Thirteen): only a column's top card moves to another column.
* Take-back onto an empty column only where a single card may start one.
* Once won, no move is legal. The waste starts empty.
"""

from __future__ import annotations

import json
from collections import Counter, deque
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Literal

SUITS = "SHDC"
RANKS = "A23456789TJQK"
RED_SUITS = "HD"

_MASK64 = (1 << 64) - 1
_TWO64 = 1 << 64

Snapshot = dict[str, Any]


# --- Cards (FAMILY.md 1.1, RULES.md section 1) ---------------------------------


def card_text(index: int) -> str:
    """Text of deck index ``index``: index mod 52 = suit * 13 + (rank - 1), suits S H D C."""
    index %= 52
    return RANKS[index % 13] + SUITS[index // 13]


ALL_CARDS = [card_text(index) for index in range(52)]


def rank_of(card: str) -> int:
    """Rank 1 (Ace) .. 13 (King) of a card such as ``"TH"``."""
    return RANKS.index(card[0]) + 1


def suit_of(card: str) -> str:
    """Suit letter (S, H, D or C) of a card."""
    return card[1]


def is_red(card: str) -> bool:
    """Hearts and diamonds are red; spades and clubs are black."""
    return card[1] in RED_SUITS


def make_card(rank: int, suit: str) -> str:
    """The card of rank 1..13 and suit letter ``suit``."""
    return RANKS[rank - 1] + suit


def rank_above(rank: int) -> int:
    """The next rank up with wrap K -> A (foundations of type base)."""
    return rank % 13 + 1


def rank_below(rank: int) -> int:
    """The next rank down with wrap A -> K."""
    return (rank - 2) % 13 + 1


# --- The shuffle (FAMILY.md 1.7, RULES.md section 8) ---------------------------


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
        """Unbiased integer in [0, n) by rejection (RULES.md section 8, step 3)."""
        limit = _TWO64 - (_TWO64 % n)
        x = self.next()
        while x >= limit:
            x = self.next()
        return x % n


def shuffled_deck(deal_number: int, decks: int = 1) -> list[str]:
    """``deck[0 .. 52*decks-1]`` for a deal number, ``deck[0]`` dealt first."""
    rng = SplitMix64(deal_number)
    deck = list(range(52 * decks))
    for i in range(52 * decks - 1, 0, -1):
        j = rng.bounded(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return [card_text(index) for index in deck]


def deal_letters(deal_number: int) -> str:
    """The 7 base-26 letters of a deal number (A = 0, most significant first)."""
    if not 0 <= deal_number < 26**7:
        raise ValueError(f"deal number out of range: {deal_number}")
    letters = []
    for _ in range(7):
        deal_number, digit = divmod(deal_number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def deal_code(prefix: str, deal_number: int) -> str:
    """``VV1-Ddm-XXXXXXX`` (FAMILY.md 1.8): d = draw count or 0, m = N."""
    rules = GAMES[prefix]
    draw = rules.draw if rules.stock == "waste" else 0
    return f"{prefix}1-D{draw}N-{deal_letters(deal_number)}"


# --- The rules of each game (FAMILY.md section 2) ------------------------------


@dataclass(frozen=True)
class Rules:
    """One row of FAMILY.md's summary table."""

    prefix: str
    name: str
    decks: int
    layout: tuple[tuple[int, int], ...]  # per column, left to right: (face down, face up)
    stock: Literal["waste", "deal", "none"]
    draw: int  # waste games: cards per draw; 0 otherwise
    passes: int | None  # waste games: passes through the stock, None = unlimited
    build: Literal["AC", "SS", "SC", "BO", "RK"]
    wrap: bool  # a King also fits on an Ace
    up_or_down: bool  # Alaska: also one rank higher
    group: Literal["run", "suit run", "any face-up", "limited run", "top or whole", "single"]
    empty: Literal["K", "any", "none", "base-1", "reserve"]
    foundation: Literal["A", "first card", "dealt", "spider"]
    takeback: bool
    deal_onto_empty: bool  # deal games: may the deal happen while a column is empty
    reserve: int = 0  # Canfield: 13
    # The parts of the layout in the order they take cards from the deck:
    # "base" (one card to its foundation), "reserve", "tableau" (FAMILY.md 1.7).
    deal_order: tuple[str, ...] = ("tableau",)

    @property
    def num_columns(self) -> int:
        return len(self.layout)


def _klondike(columns: int) -> tuple[tuple[int, int], ...]:
    """Column c (1-based): c-1 face down + 1 face up."""
    return tuple((c, 1) for c in range(columns))


def _all_up(columns: int) -> tuple[tuple[int, int], ...]:
    """Column c: c cards, all face up."""
    return tuple((0, c + 1) for c in range(columns))


def _fixed(columns: int, down: int, up: int) -> tuple[tuple[int, int], ...]:
    return tuple((down, up) for _ in range(columns))


_YUKON = ((0, 1), *((c - 1, 5) for c in range(2, 8)))
_SMALL_HARP = tuple((7 - c, 1) for c in range(1, 8))
_SOMERSET = tuple((0, min(c, 8)) for c in range(1, 11))
# Games added later (docs/FAMILY.md sections 3.17 on, 4.5 on, 5.5 on, 6.2 on).
_ODESSA = ((3, 3), *((3, 5) for _ in range(5)), (3, 3))
_DOUBLE_YUKON = tuple((min(c, 8), 6) for c in range(10))  # column c+1: min(c, 8) down
_TRIPLE_YUKON = tuple((c, 6) for c in range(13))
_GEOFFREY = ((0, 7),) * 4 + ((4, 2),) * 4
_QUEENSLAND = tuple((c, 5 if c < 3 else 4) for c in range(7))
_CANISTER = tuple((0, n) for n in (6, 6, 7, 7, 7, 7, 6, 6))
_CHINESE = ((0, 7), (0, 7), (0, 7), (3, 4), (4, 3), (5, 2), (6, 1))
_AUNT_MARY = tuple((c, 6 - c) for c in range(6))  # column c+1: c down, 6 cards in all
_RUSSIAN_POINT = tuple((down, 1) for down in (0, 2, 4, 6, 4, 2, 0))


def _rules(
    prefix: str,
    name: str,
    decks: int,
    layout: tuple[tuple[int, int], ...],
    stock: Literal["waste", "deal", "none"],
    draw: int,
    passes: int | None,
    build: Literal["AC", "SS", "SC", "BO", "RK"],
    group: Literal["run", "suit run", "any face-up", "limited run", "top or whole", "single"],
    empty: Literal["K", "any", "none", "base-1", "reserve"],
    foundation: Literal["A", "first card", "dealt", "spider"],
    takeback: bool,
    *,
    wrap: bool = False,
    up_or_down: bool = False,
    deal_onto_empty: bool = False,
    reserve: int = 0,
    deal_order: tuple[str, ...] = ("tableau",),
) -> Rules:
    return Rules(
        prefix=prefix,
        name=name,
        decks=decks,
        layout=layout,
        stock=stock,
        draw=draw,
        passes=passes,
        build=build,
        wrap=wrap,
        up_or_down=up_or_down,
        group=group,
        empty=empty,
        foundation=foundation,
        takeback=takeback,
        deal_onto_empty=deal_onto_empty,
        reserve=reserve,
        deal_order=deal_order,
    )


_INF = None  # unlimited passes

GAMES: dict[str, Rules] = {
    rules.prefix: rules
    for rules in [
        # Waste-stock games (FAMILY.md section 3).
        _rules("TP", "Thumb and Pouch", 1, _klondike(7), "waste", 1, 1,
               "BO", "run", "any", "A", True),
        _rules("WH", "Whitehead", 1, _all_up(7), "waste", 1, 1,
               "SC", "suit run", "any", "A", True),
        _rules("SH", "Small Harp", 1, _SMALL_HARP, "waste", 1, _INF,
               "AC", "run", "K", "A", True),
        _rules("EC", "Eastcliff", 1, _fixed(7, 2, 1), "waste", 1, 1,
               "AC", "run", "any", "A", True),
        _rules("WC", "Westcliff", 1, _fixed(10, 2, 1), "waste", 1, 1,
               "AC", "run", "any", "A", False),
        _rules("PS", "Pas Seul", 1, _fixed(6, 0, 1), "waste", 1, 1,
               "AC", "run", "any", "A", True),
        _rules("TR", "Trigon", 1, _klondike(7), "waste", 1, _INF,
               "SS", "run", "K", "A", True),
        _rules("DK", "Double Klondike", 2, _klondike(9), "waste", 1, _INF,
               "AC", "run", "K", "A", True),
        _rules("GA", "Gargantua", 2, _klondike(9), "waste", 1, 2,
               "AC", "run", "K", "A", True),
        _rules("TK", "Triple Klondike", 3, _klondike(13), "waste", 1, _INF,
               "AC", "run", "K", "A", True),
        _rules("LJ", "Lady Jane", 2, _all_up(10), "waste", 3, 2,
               "RK", "suit run", "any", "A", True),
        _rules("ET", "Eight Times Eight", 2, _fixed(8, 0, 8), "waste", 1, 3,
               "AC", "run", "any", "A", True),
        _rules("SA", "Saratoga", 1, _all_up(7), "waste", 3, _INF,
               "AC", "run", "K", "A", True),
        _rules("NA", "Nine Across", 1, _klondike(9), "waste", 1, _INF,
               "AC", "run", "base-1", "first card", True, wrap=True),
        _rules("AP", "Australian Patience", 1, _fixed(7, 0, 4), "waste", 1, 1,
               "SS", "any face-up", "K", "A", True),
        _rules("RP", "Raw Prawn", 1, _fixed(7, 0, 4), "waste", 1, 1,
               "SS", "any face-up", "any", "A", True),
        _rules("BF", "Big Forty", 1, _fixed(10, 0, 4), "waste", 1, _INF,
               "SS", "run", "any", "A", True),
        _rules("AM", "Aunt Mary", 1, _AUNT_MARY, "waste", 1, 1,
               "AC", "run", "K", "A", True),
        _rules("CN", "Chinaman", 1, _klondike(7), "waste", 3, 2,
               "BO", "run", "K", "A", True),
        # Stock dealt onto the columns (section 4).
        _rules("EH", "Easthaven", 1, _fixed(7, 2, 1), "deal", 0, None,
               "AC", "run", "any", "A", True, deal_onto_empty=True),
        _rules("AG", "Agnes Sorel", 1, _all_up(7), "deal", 0, None,
               "SC", "run", "none", "dealt", False, wrap=True, deal_onto_empty=True,
               deal_order=("tableau", "base")),
        _rules("SE", "Spiderette", 1, _klondike(7), "deal", 0, None,
               "RK", "suit run", "any", "spider", False),
        _rules("WW", "Will o' the Wisp", 1, _fixed(7, 2, 1), "deal", 0, None,
               "RK", "suit run", "any", "spider", False),
        _rules("WV", "Westhaven", 1, _fixed(10, 2, 1), "deal", 0, None,
               "AC", "run", "any", "A", False, deal_onto_empty=True),
        _rules("DE", "Double Easthaven", 2, _fixed(8, 2, 1), "deal", 0, None,
               "AC", "run", "any", "A", True, deal_onto_empty=True),
        _rules("TE", "Triple Easthaven", 3, _fixed(12, 2, 1), "deal", 0, None,
               "AC", "run", "any", "A", True, deal_onto_empty=True),
        _rules("CD", "Chinese Discipline", 1, _CHINESE, "deal", 0, None,
               "AC", "any face-up", "K", "A", False, deal_onto_empty=True),
        _rules("QU", "Queenie", 1, _all_up(7), "deal", 0, None,
               "AC", "any face-up", "K", "A", False, deal_onto_empty=True),
        _rules("RD", "Rushdike", 1, _klondike(7), "deal", 0, None,
               "SS", "any face-up", "K", "A", False, deal_onto_empty=True),
        _rules("CS", "Chinese Solitaire", 1, _CHINESE, "deal", 0, None,
               "AC", "any face-up", "any", "A", False, deal_onto_empty=True),
        _rules("RT", "Russian Point", 1, _RUSSIAN_POINT, "deal", 0, None,
               "SS", "any face-up", "K", "A", False, deal_onto_empty=True),
        # No stock (section 5).
        _rules("YU", "Yukon", 1, _YUKON, "none", 0, None,
               "AC", "any face-up", "K", "A", False),
        _rules("RU", "Russian Solitaire", 1, _YUKON, "none", 0, None,
               "SS", "any face-up", "K", "A", False),
        _rules("AL", "Alaska", 1, _YUKON, "none", 0, None,
               "SS", "any face-up", "K", "A", False, up_or_down=True),
        _rules("SO", "Somerset", 1, _SOMERSET, "none", 0, None,
               "AC", "limited run", "any", "A", True),
        _rules("OD", "Odessa", 1, _ODESSA, "none", 0, None,
               "SS", "any face-up", "K", "A", False),
        _rules("RO", "Roslin", 1, _YUKON, "none", 0, None,
               "AC", "any face-up", "K", "A", False, up_or_down=True),
        _rules("MO", "Moosehide", 1, _YUKON, "none", 0, None,
               "BO", "any face-up", "K", "A", False),
        _rules("DY", "Double Yukon", 2, _DOUBLE_YUKON, "none", 0, None,
               "AC", "any face-up", "K", "A", False),
        _rules("TY", "Triple Yukon", 3, _TRIPLE_YUKON, "none", 0, None,
               "AC", "any face-up", "K", "A", False),
        _rules("DR", "Double Russian Solitaire", 2, _DOUBLE_YUKON, "none", 0, None,
               "SS", "any face-up", "K", "A", False),
        _rules("TU", "Triple Russian Solitaire", 3, _TRIPLE_YUKON, "none", 0, None,
               "SS", "any face-up", "K", "A", False),
        _rules("GE", "Geoffrey", 1, _GEOFFREY, "none", 0, None,
               "SS", "any face-up", "K", "A", False),
        _rules("QL", "Queensland", 1, _QUEENSLAND, "none", 0, None,
               "SS", "any face-up", "any", "A", False),
        _rules("CA", "Canister", 1, _CANISTER, "none", 0, None,
               "RK", "run", "any", "A", True),
        _rules("AN", "American Canister", 1, _CANISTER, "none", 0, None,
               "AC", "run", "any", "A", True),
        _rules("BC", "British Canister", 1, _CANISTER, "none", 0, None,
               "AC", "single", "K", "A", True),
        _rules("MH", "Morehead", 1, _SOMERSET, "none", 0, None,
               "BO", "single", "any", "A", True),
        _rules("LT", "Lucky Thirteen", 1, _fixed(13, 3, 1), "none", 0, None,
               "RK", "single", "none", "A", True),
        _rules("LP", "Lucky Piles", 1, _fixed(13, 0, 4), "none", 0, None,
               "SS", "single", "K", "A", True, up_or_down=True),
        # Reserve (section 6).
        _rules("CF", "Canfield", 1, _fixed(4, 0, 1), "waste", 3, _INF,
               "AC", "top or whole", "reserve", "dealt", False, wrap=True, reserve=13,
               deal_order=("base", "reserve", "tableau")),
        _rules("RB", "Rainbow", 1, _fixed(4, 0, 1), "waste", 1, 1,
               "RK", "top or whole", "reserve", "dealt", False, wrap=True, reserve=13,
               deal_order=("base", "reserve", "tableau")),
        _rules("CM", "Chameleon", 1, _fixed(3, 0, 1), "waste", 1, 1,
               "RK", "top or whole", "reserve", "dealt", False, wrap=True, reserve=12,
               deal_order=("base", "reserve", "tableau")),
    ]
}  # fmt: skip


def fits_by(
    card: str,
    target: str,
    build: str,
    *,
    wrap: bool = False,
    up_or_down: bool = False,
) -> bool:
    """FAMILY.md 1.3: does ``card`` fit on the face-up card ``target``?"""
    if build == "AC":
        suit_ok = is_red(card) != is_red(target)
    elif build == "SS":
        suit_ok = suit_of(card) == suit_of(target)
    elif build == "SC":
        suit_ok = is_red(card) == is_red(target)
    elif build == "BO":
        suit_ok = suit_of(card) != suit_of(target)
    elif build == "RK":
        suit_ok = True
    else:
        raise ValueError(f"unknown building relation {build!r}")
    if not suit_ok:
        return False
    rank, target_rank = rank_of(card), rank_of(target)
    if rank == target_rank - 1:
        return True
    if wrap and rank == 13 and target_rank == 1:
        return True
    return up_or_down and rank == target_rank + 1


# --- The game ------------------------------------------------------------------


class Column:
    """One tableau column: face-down cards under face-up cards, bottom to top."""

    def __init__(self, face_down: list[str] | None = None, face_up: list[str] | None = None):
        self.face_down: list[str] = list(face_down or [])
        self.face_up: list[str] = list(face_up or [])

    def is_empty(self) -> bool:
        return not self.face_down and not self.face_up

    def copy(self) -> Column:
        return Column(self.face_down, self.face_up)

    def flip_if_needed(self) -> None:
        """A face-down card that becomes the top card turns face up."""
        if not self.face_up and self.face_down:
            self.face_up.append(self.face_down.pop())


class FamilyGame:
    """A position of one of the family's games plus its rules, moves as canonical strings."""

    def __init__(self, prefix: str) -> None:
        if prefix not in GAMES:
            raise ValueError(f"unknown game {prefix!r}")
        self.rules = GAMES[prefix]
        self.columns: list[Column] = [Column() for _ in self.rules.layout]
        self.stock: list[str] = []  # bottom to top: the last card is drawn / dealt next
        self.waste: list[str] = []
        self.reserve: list[str] = []  # Canfield; the last card is the face-up top
        self.slots: list[int] = [0] * (4 * self.rules.decks)  # cards per foundation slot
        # The foundations' base rank; None while Nine Across has no base yet.
        self.base: int | None = None if self.rules.foundation == "first card" else 1
        self.recycles = 0

    # --- construction ----------------------------------------------------------

    @classmethod
    def deal(cls, prefix: str, deal_number: int) -> FamilyGame:
        """The opening position of a deal number (FAMILY.md 1.7)."""
        return cls.from_deck(prefix, shuffled_deck(deal_number, GAMES[prefix].decks))

    @classmethod
    def from_deck(cls, prefix: str, deck_texts: list[str]) -> FamilyGame:
        """Deal ``deck_texts`` (``deck[0]`` first) as FAMILY.md 1.7 and the game's section say."""
        game = cls(prefix)
        rules = game.rules
        deck = [text.strip().upper() for text in deck_texts]
        if Counter(deck) != Counter({card: rules.decks for card in ALL_CARDS}):
            raise ValueError(f"{prefix} needs exactly {rules.decks} standard deck(s)")
        position = 0
        for part in rules.deal_order:
            if part == "base":
                # FAMILY.md 1.7: one card face up to its suit's first foundation; its
                # rank is the base of every foundation (Canfield: deck[0]; Agnes
                # Sorel: the card after the tableau).
                game._place_base_card(deck[position])
                position += 1
            elif part == "reserve":
                # The reserve, bottom card first: its last card is the face-up top.
                game.reserve = deck[position : position + rules.reserve]
                position += rules.reserve
            else:
                position = game._deal_tableau(deck, position)
        # The stock: the rest, the lowest index on top (drawn / dealt first).
        game.stock = list(reversed(deck[position:]))
        return game

    def _deal_tableau(self, deck: list[str], position: int) -> int:
        """The row rule (FAMILY.md 1.7) from ``deck[position]`` on; returns the next index.

        Row k gives one card to every column holding more than k cards, left to
        right; the lowest cards of a column are face down.
        """
        layout = self.rules.layout
        sizes = [down + up for down, up in layout]
        for row in range(max(sizes, default=0)):
            for index, (down, _up) in enumerate(layout):
                if sizes[index] > row:
                    column = self.columns[index]
                    (column.face_down if row < down else column.face_up).append(deck[position])
                    position += 1
        return position

    def _place_base_card(self, card: str) -> None:
        self.base = rank_of(card)
        slot = next(i for i in range(len(self.slots)) if SUITS[i % 4] == suit_of(card))
        self.slots[slot] = 1

    @classmethod
    def from_snapshot(
        cls, prefix: str, snapshot: Snapshot, *, check_cards: bool = True
    ) -> FamilyGame:
        """A position given in the JSON shape of ``snapshot()``.

        With ``check_cards`` the position must hold every card of the game's
        decks exactly once per deck (foundation cards included); without it,
        only "no card more often than there are decks" is checked, so that
        tests can build small positions.
        """
        game = cls(prefix)
        rules = game.rules
        tableau = snapshot["tableau"]
        if len(tableau) != rules.num_columns:
            raise ValueError(f"{prefix} has {rules.num_columns} columns, not {len(tableau)}")
        game.columns = [
            Column([c.upper() for c in column["face_down"]], [c.upper() for c in column["face_up"]])
            for column in tableau
        ]
        for column in game.columns:
            if column.face_down and not column.face_up:
                raise ValueError("a column with face-down cards needs a face-up top card")
        game.stock = [c.upper() for c in snapshot.get("stock", [])]
        game.waste = [c.upper() for c in snapshot.get("waste", [])]
        game.reserve = [c.upper() for c in snapshot.get("reserve", [])]
        game.recycles = int(snapshot.get("recycles", 0))
        if "base" in snapshot:
            value = snapshot["base"]
            game.base = None if value is None else RANKS.index(str(value).upper()) + 1
        else:
            game.base = 1
        if game.base is None and rules.foundation != "first card":
            raise ValueError("only Nine Across can have no base yet")
        if game.base != 1 and rules.foundation in ("A", "spider"):
            raise ValueError(f"{prefix} foundations start from the Ace")
        counts = {suit: int(n) for suit, n in snapshot.get("foundations", {}).items()}
        if "foundation_piles" in snapshot:
            game.slots = [int(n) for n in snapshot["foundation_piles"]]
            if len(game.slots) != 4 * rules.decks:
                raise ValueError("foundation_piles needs one count per slot")
            for suit in SUITS:
                total = sum(n for i, n in enumerate(game.slots) if SUITS[i % 4] == suit)
                if counts.get(suit, total) != total:
                    raise ValueError("foundations and foundation_piles disagree")
        else:
            # Fill the lowest-numbered slots of each suit first.
            for suit in SUITS:
                left = counts.get(suit, 0)
                for i in range(len(game.slots)):
                    if SUITS[i % 4] == suit:
                        game.slots[i] = min(13, left)
                        left -= game.slots[i]
                if left:
                    raise ValueError(f"too many {suit} cards on the foundations")
        if any(not 0 <= n <= 13 for n in game.slots):
            raise ValueError("a foundation holds 0 .. 13 cards")
        if rules.foundation == "spider" and any(n not in (0, 13) for n in game.slots):
            raise ValueError("spider foundations hold complete runs only")
        if game.base is None and any(game.slots):
            raise ValueError("a Nine Across foundation card fixes the base")
        have = Counter(game.all_cards())
        if check_cards:
            if have != Counter({card: rules.decks for card in ALL_CARDS}):
                raise ValueError(f"{prefix} position must hold {52 * rules.decks} cards")
        elif any(n > rules.decks or card not in ALL_CARDS for card, n in have.items()):
            raise ValueError("a card appears more often than there are decks")
        return game

    def copy(self) -> FamilyGame:
        other = FamilyGame.__new__(FamilyGame)
        other.rules = self.rules
        other.columns = [column.copy() for column in self.columns]
        other.stock = list(self.stock)
        other.waste = list(self.waste)
        other.reserve = list(self.reserve)
        other.slots = list(self.slots)
        other.base = self.base
        other.recycles = self.recycles
        return other

    # --- queries ---------------------------------------------------------------

    def slot_cards(self, slot: int) -> list[str]:
        """The cards on a foundation slot, bottom to top."""
        suit, count = SUITS[slot % 4], self.slots[slot]
        if self.rules.foundation == "spider":
            return [make_card(rank, suit) for rank in range(13, 13 - count, -1)]
        if count == 0:
            return []
        assert self.base is not None
        cards, rank = [], self.base
        for _ in range(count):
            cards.append(make_card(rank, suit))
            rank = rank_above(rank)
        return cards

    def all_cards(self) -> list[str]:
        """Every card of the position, wherever it lies (for conservation checks)."""
        cards: list[str] = []
        for column in self.columns:
            cards += column.face_down + column.face_up
        cards += self.stock + self.waste + self.reserve
        for slot in range(len(self.slots)):
            cards += self.slot_cards(slot)
        return cards

    def is_won(self) -> bool:
        return sum(self.slots) == 52 * self.rules.decks

    def fits(self, card: str, target: str) -> bool:
        """The game's building relation (FAMILY.md 1.3)."""
        rules = self.rules
        return fits_by(card, target, rules.build, wrap=rules.wrap, up_or_down=rules.up_or_down)

    def is_run(self, cards: list[str]) -> bool:
        """Every card fits on the card below it (a single card is a run)."""
        return all(self.fits(upper, lower) for lower, upper in pairwise(cards))

    def is_suit_run(self, cards: list[str]) -> bool:
        """A run under SS, down (FAMILY.md 1.4 'suit run')."""
        return all(fits_by(upper, lower, "SS") for lower, upper in pairwise(cards))

    def foundation_slot_for(self, card: str) -> int | None:
        """The lowest-numbered slot that accepts ``card`` (not for spider runs)."""
        if self.rules.foundation == "spider":
            return None
        for slot, count in enumerate(self.slots):
            if SUITS[slot % 4] != suit_of(card) or count == 13:
                continue
            if self.base is None:
                # Nine Across before its base: any rank, on an empty slot.
                if count == 0:
                    return slot
            elif rank_of(card) == (self.base - 1 + count) % 13 + 1:
                return slot
        return None

    def spider_slot_for(self, column_index: int) -> int | None:
        """Spider games: the slot for the complete K..A run on top of a column, if any."""
        face_up = self.columns[column_index].face_up
        if len(face_up) < 13:
            return None
        run = face_up[-13:]
        suit = suit_of(run[0])
        if run != [make_card(rank, suit) for rank in range(13, 0, -1)]:
            return None
        for slot, count in enumerate(self.slots):
            if SUITS[slot % 4] == suit and count == 0:
                return slot
        return None

    def may_start_empty_column(self, card: str) -> bool:
        """FAMILY.md 1.5: may ``card`` (the first card of a group) go to an empty column?"""
        empty = self.rules.empty
        if empty == "K":
            return rank_of(card) == 13
        if empty == "any":
            return True
        if empty == "none":
            return False
        if empty == "base-1":
            return self.base is not None and rank_of(card) == rank_below(self.base)
        # "reserve": an emptied column is refilled from the reserve at once, so a
        # player may fill one only once the reserve is empty.
        return not self.reserve

    def can_place(self, card: str, column_index: int) -> bool:
        """May a single card or a group's first card go onto this column?"""
        column = self.columns[column_index]
        if column.is_empty():
            return self.may_start_empty_column(card)
        if not column.face_up:
            return False
        return self.fits(card, column.face_up[-1])

    def group_may_move(self, source: int, count: int, target: int) -> bool:
        """FAMILY.md 1.4: may the top ``count`` face-up cards of ``source`` leave it?"""
        column = self.columns[source]
        if not 1 <= count <= len(column.face_up):
            return False
        group = column.face_up[-count:]
        rule = self.rules.group
        if rule == "run":
            return self.is_run(group)
        if rule == "suit run":
            return self.is_suit_run(group)
        if rule == "any face-up":
            return True
        if rule == "single":
            return count == 1
        if rule == "limited run":
            empties = sum(
                1 for i, other in enumerate(self.columns) if i != target and other.is_empty()
            )
            return self.is_run(group) and count <= 2**empties
        # "top or whole"
        if count == 1:
            return True
        return not column.face_down and count == len(column.face_up) and self.is_run(group)

    def takeback_slot(self, suit: str, column_index: int) -> int | None:
        """The lowest-numbered slot of ``suit`` whose top card can go to the column."""
        if not self.rules.takeback or self.rules.foundation == "spider":
            return None
        for slot in range(len(self.slots)):
            if SUITS[slot % 4] != suit or self.slots[slot] == 0:
                continue
            if self.can_place(self.slot_cards(slot)[-1], column_index):
                return slot
        return None

    def recycle_left(self) -> bool:
        passes = self.rules.passes
        return passes is None or self.recycles < passes - 1

    def column_move(self, source: int, target: int, count: int) -> str:
        """Canonical text of a column-to-column move (columns 0-based here)."""
        separator = "-" if self.rules.num_columns >= 10 else ""
        return f"{source + 1}{separator}{target + 1}:{count}"

    # --- moves -----------------------------------------------------------------

    def legal_moves(self) -> set[str]:
        moves: set[str] = set()
        if self.is_won():
            return moves
        rules = self.rules
        columns = range(rules.num_columns)

        # The stock move and the recycle.
        if rules.stock == "waste":
            if self.stock:
                moves.add("d")
            elif self.waste and self.recycle_left():
                moves.add("r")
        elif rules.stock == "deal" and self.stock:
            no_empty_column = not any(column.is_empty() for column in self.columns)
            if rules.deal_onto_empty or no_empty_column:
                moves.add("d")

        # The waste's and the reserve's top card.
        for pile, name in ((self.waste, "w"), (self.reserve, "r")):
            if not pile:
                continue
            if self.foundation_slot_for(pile[-1]) is not None:
                moves.add(f"{name}f")
            for b in columns:
                if self.can_place(pile[-1], b):
                    moves.add(f"{name}{b + 1}")

        for a in columns:
            face_up = self.columns[a].face_up
            if not face_up:
                continue
            # Column to foundation.
            if rules.foundation == "spider":
                if self.spider_slot_for(a) is not None:
                    moves.add(f"{a + 1}f")
            elif self.foundation_slot_for(face_up[-1]) is not None:
                moves.add(f"{a + 1}f")
            # Column to column: the top n cards.
            for n in range(1, len(face_up) + 1):
                first = face_up[-n]
                for b in columns:
                    if b != a and self.can_place(first, b) and self.group_may_move(a, n, b):
                        moves.add(self.column_move(a, b, n))

        # Take-back.
        if rules.takeback:
            for suit in SUITS:
                for b in columns:
                    if self.takeback_slot(suit, b) is not None:
                        moves.add(f"f{suit.lower()}{b + 1}")
        return moves

    def play(self, move: str) -> None:
        """Play a move given in canonical notation; ValueError if it is not legal."""
        if move not in self.legal_moves():
            raise ValueError(f"illegal move {move!r} in {self.rules.prefix}")
        self.apply_unchecked(move)

    def apply_unchecked(self, move: str) -> None:
        """Play a move known to be in ``legal_moves()`` (perft and search use this)."""
        if move == "d":
            if self.rules.stock == "waste":
                for _ in range(min(self.rules.draw, len(self.stock))):
                    self.waste.append(self.stock.pop())
            else:
                # One card to each column from the left; fewer cards: leftmost only.
                for b in range(min(self.rules.num_columns, len(self.stock))):
                    self.columns[b].face_up.append(self.stock.pop())
        elif move == "r":
            # The card drawn first (bottom of the waste) comes first again.
            self.stock = list(reversed(self.waste))
            self.waste = []
            self.recycles += 1
        elif move == "wf":
            self._to_foundation(self.waste.pop())
        elif move == "rf":
            self._to_foundation(self.reserve.pop())
        elif ":" in move:
            if "-" in move:
                a_text, rest = move.split("-")
                b_text, n_text = rest.split(":")
            else:
                pair, n_text = move.split(":")
                a_text, b_text = pair[0], pair[1]
            a, b, n = int(a_text) - 1, int(b_text) - 1, int(n_text)
            source = self.columns[a]
            group = source.face_up[-n:]
            del source.face_up[-n:]
            self.columns[b].face_up.extend(group)
            self._after_removal(a)
        elif move[0] == "w":
            self.columns[int(move[1:]) - 1].face_up.append(self.waste.pop())
        elif move[0] == "r":
            self.columns[int(move[1:]) - 1].face_up.append(self.reserve.pop())
        elif move[0] == "f":
            b = int(move[2:]) - 1
            slot = self.takeback_slot(move[1].upper(), b)
            assert slot is not None
            card = self.slot_cards(slot)[-1]
            self.slots[slot] -= 1
            self.columns[b].face_up.append(card)
        elif move.endswith("f"):
            a = int(move[:-1]) - 1
            source = self.columns[a]
            if self.rules.foundation == "spider":
                slot = self.spider_slot_for(a)
                assert slot is not None
                del source.face_up[-13:]
                self.slots[slot] = 13
            else:
                self._to_foundation(source.face_up.pop())
            self._after_removal(a)
        else:
            raise ValueError(f"cannot parse move {move!r}")

    def _to_foundation(self, card: str) -> None:
        slot = self.foundation_slot_for(card)
        assert slot is not None
        if self.base is None:
            self.base = rank_of(card)  # Nine Across: the first card fixes the base
        self.slots[slot] += 1

    def _after_removal(self, column_index: int) -> None:
        column = self.columns[column_index]
        column.flip_if_needed()
        if column.is_empty() and self.rules.empty == "reserve" and self.reserve:
            column.face_up.append(self.reserve.pop())

    # --- output ----------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        snap: Snapshot = {
            "tableau": [
                {"face_down": list(column.face_down), "face_up": list(column.face_up)}
                for column in self.columns
            ],
            "stock": list(self.stock),
            "waste": list(self.waste),
            "foundations": {
                suit: sum(n for i, n in enumerate(self.slots) if SUITS[i % 4] == suit)
                for suit in SUITS
            },
            "recycles": self.recycles,
        }
        if self.rules.decks > 1:
            snap["foundation_piles"] = list(self.slots)
        if self.reserve:
            snap["reserve"] = list(self.reserve)
        if self.base != 1:
            snap["base"] = None if self.base is None else RANKS[self.base - 1]
        return snap

    def key(self) -> str:
        """The snapshot as one canonical string (for visited sets)."""
        return json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))


# --- Tree walks ----------------------------------------------------------------


def perft(game: FamilyGame, depth: int) -> int:
    """Number of legal move sequences of length ``depth`` (leaves of the full tree)."""
    if depth == 0:
        return 1
    moves = game.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in sorted(moves):
        child = game.copy()
        child.apply_unchecked(move)
        total += perft(child, depth - 1)
    return total


def search_key(game: FamilyGame) -> str:
    """The visited-set key of ``find_win``: the snapshot as one canonical string.

    With unlimited passes the recycle counter changes no rule, so it is left
    out; otherwise every draw-recycle loop would be a new position and the
    search could never finish. Everywhere else the whole snapshot is the key.
    """
    snap = game.snapshot()
    if game.rules.stock == "waste" and game.rules.passes is None:
        del snap["recycles"]
    return json.dumps(snap, sort_keys=True, separators=(",", ":"))


def find_win(game: FamilyGame, max_states: int) -> list[str] | Literal[False] | None:
    """Plain exhaustive breadth-first search with a visited set (``search_key``).

    Returns a shortest winning line, ``False`` when every reachable position
    was visited without a win, or ``None`` when more than ``max_states``
    positions would be needed. No pruning; moves are tried in sorted order.
    """
    if game.is_won():
        return []
    start = search_key(game)
    parent: dict[str, tuple[str, str] | None] = {start: None}
    queue: deque[tuple[FamilyGame, str]] = deque([(game.copy(), start)])
    while queue:
        position, key = queue.popleft()
        for move in sorted(position.legal_moves()):
            child = position.copy()
            child.apply_unchecked(move)
            child_key = search_key(child)
            if child_key in parent:
                continue
            if child.is_won():
                line = [move]
                link = parent[key]
                while link is not None:
                    key, earlier = link
                    line.append(earlier)
                    link = parent[key]
                return list(reversed(line))
            if len(parent) >= max_states:
                return None
            parent[child_key] = (key, move)
            queue.append((child, child_key))
    return False
