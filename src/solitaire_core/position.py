"""The immutable position: tableau, stock, waste, foundations, reserve, recycles.

Conventions used everywhere in the library:

* Every pile is a tuple of cards ordered **bottom to top**: the last element is
  the top card (a column's exposed card, the waste's playable card, the stock's
  next card to be drawn or dealt, the reserve's face-up card).
* Columns are numbered 0..n-1 in the API (column 1 of the notation is index 0).
* Face-down cards always lie at the bottom of a column, so a column's
  visibility is one count: ``face_down[i]`` cards of ``tableau[i]`` are face down.
* Foundations are a count per **slot**: 4 slots per deck, slot ``i`` holding
  cards of suit ``i % 4`` (S, H, D, C, repeated per deck; FAMILY.md section
  1.2). A slot with ``n`` cards holds its suit's ranks ``b, b+1, ...`` up to
  ``n`` cards, where ``b`` is the position's :attr:`~Position.foundation_base`
  (the Ace in most games), wrapping from King to Ace.
* A game of ``k`` decks holds each of the 52 cards exactly ``k`` times; the
  copies are interchangeable (FAMILY.md section 1.1).

A position's text form (like chess's FEN) has five fields separated by spaces::

    TABLEAU STOCK WASTE FOUNDATIONS RECYCLES

``TABLEAU`` is the columns separated by ``/``, each ``facedown|faceup`` with
the cards written bottom to top with no separators (``5D8C|QHJS``); ``STOCK``
and ``WASTE`` are cards bottom to top, or ``-`` when empty; ``FOUNDATIONS`` is
the slot counts separated by commas (``S,H,D,C`` for one deck); ``RECYCLES``
the recycles used. A position with a reserve or a foundation base other than
the Ace has two more fields, ``RESERVE BASE``: the reserve's cards bottom to top
(``-`` when empty) and the base rank's letter (``A23456789TJQK``; ``-`` while a
game whose first foundation card fixes the base has none yet).

>>> from solitaire_core.deal import deal_position
>>> from solitaire_core.variants import KLONDIKE
>>> position = deal_position(KLONDIKE, 6)
>>> Position.from_text(position.to_text()) == position
True
>>> position.to_text().split()[0].split("/")[0]
'|AD'
"""

from __future__ import annotations

from typing import Final

import attrs

from solitaire_core.cards import CARD_TEXTS, DECK_SIZE, RANK_LETTERS, Card, parse_card
from solitaire_core.errors import CardParseError, PositionParseError, not_str, shorten
from solitaire_core.limits import MAX_RECYCLES

Pile = tuple[Card, ...]
"""A pile of cards, bottom (index 0) to top (last)."""

COLUMNS: Final = 7
"""Tableau columns of the Klondike layout (other games have 4 to 13)."""
SUIT_COUNT: Final = 4
"""Foundation slots per deck, one per suit."""
NO_BASE: Final = 0
"""``foundation_base`` of a game whose first foundation card has not fixed the base yet."""


def _decks_by_slots(decks: int, slots: int) -> str:
    """How many decks a position's foundation slots make it hold, for card-count errors."""
    return f"{decks} deck{'s' if decks > 1 else ''}, by the {slots} foundation slots"


@attrs.frozen(cache_hash=True)
class Position:
    """One moment of a game; immutable and hashable.

    Attributes:
        tableau: the columns (index 0 = column 1 on screen), each a tuple of
            cards (ints 0..51) bottom to top: ``tableau[i][-1]`` is the
            column's exposed card.
        face_down: per column, how many of its bottom cards are face down
            (face-down cards always lie under the face-up ones).
        stock: the stock, bottom to top (the last card is drawn or dealt next).
        waste: the waste, bottom to top (the last card is the playable one).
        foundations: cards on each foundation slot, 4 slots per deck in suit
            order S, H, D, C (0..13 each): slot ``i`` holds cards of suit
            ``i % 4`` from the base rank up.
        recycles: how many times the waste has gone back to the stock (at most
            :data:`~solitaire_core.limits.MAX_RECYCLES` in a position that
            :meth:`validate` accepts).
        reserve: the reserve (Canfield), bottom to top; only its top card is
            face up. Empty in games without a reserve.
        foundation_base: the rank every foundation starts from, 1 (Ace) ..
            13 (King); :data:`NO_BASE` (0) while the first foundation card
            has not fixed it (Nine Across).

    The constructor does not validate (it is used in hot code); use
    :meth:`validate` or :meth:`from_text` for untrusted input. ``str()`` is the
    one-line text form (see the module docs).

    >>> position = Position.from_text(
    ...     "|AD/2H|JC/7C3D|KD/7H5D8D|TC/4C6H6S7D|9D/9CKHJS5HKC|3S/9H3CQD7SQS4D|AH "
    ...     "6C9SJDTHACTD5S2D8STS8C8HKS4H5C4S6D3H2C2SQCASJHQH - 0,0,0,0 0")
    >>> exposed = [CARD_TEXTS[card] for card in position.face_up(6)]
    >>> exposed, position.face_down[6], CARD_TEXTS[position.stock[-1]]  # the QH is drawn first
    (['AH'], 6, 'QH')
    """

    tableau: tuple[Pile, ...]
    face_down: tuple[int, ...]
    stock: Pile
    waste: Pile
    foundations: tuple[int, ...]
    recycles: int = 0
    reserve: Pile = ()
    foundation_base: int = 1

    @property
    def decks(self) -> int:
        """How many decks the position holds: one per 4 foundation slots."""
        return len(self.foundations) // SUIT_COUNT

    @property
    def is_won(self) -> bool:
        """True when every card is on the foundations (RULES.md section 5)."""
        return sum(self.foundations) == 13 * len(self.foundations)

    def face_up(self, column: int) -> Pile:
        """The face-up cards of a column (0-based), bottom to top; ``()`` when empty."""
        return self.tableau[column][self.face_down[column] :]

    def foundation_top(self, slot: int) -> Card | None:
        """The top card of a foundation slot (0-based; with one deck slot = suit S, H, D, C).

        None when the slot is empty. For a spider-type game's complete run
        (13 cards) it is the run's highest card, as for any full foundation.
        """
        count = self.foundations[slot]
        if not count:
            return None
        return (slot % SUIT_COUNT) * 13 + (self.foundation_base - 1 + count - 1) % 13

    def foundation_cards(self, slot: int) -> Pile:
        """The cards of a foundation slot from its base card up (the last is the top)."""
        suit = slot % SUIT_COUNT
        base = self.foundation_base - 1
        return tuple(suit * 13 + (base + i) % 13 for i in range(self.foundations[slot]))

    def cards(self) -> tuple[Card, ...]:
        """Every card of the position: 52 per deck for a valid one.

        In this order: the columns from the left (each bottom to top), the
        stock (bottom to top), the waste (bottom to top), the foundations by
        slot (each from its base card up), then the reserve (bottom to top).
        """
        cards: list[Card] = []
        for pile in self.tableau:
            cards.extend(pile)
        cards.extend(self.stock)
        cards.extend(self.waste)
        for slot in range(len(self.foundations)):
            cards.extend(self.foundation_cards(slot))
        cards.extend(self.reserve)
        return tuple(cards)

    def validate(self) -> None:
        """Check that the position is one some game can hold.

        Checks: every field of the right type (tuples of ints; ``recycles`` and
        ``foundation_base`` ints), at least one column, 4, 8 or 12 foundation
        counts 0..13, a base 1..13 (or 0 with every foundation empty), each of
        the 52 cards exactly once per deck, face-down counts within their
        columns, the top card of every non-empty column face up, recycles
        0 .. :data:`~solitaire_core.limits.MAX_RECYCLES`. Whether the position
        fits a given game is checked by :func:`~solitaire_core.rules.require_position`.

        Raises:
            PositionParseError: naming the field that is wrong.
        """
        try:
            text = self.to_text()
        except (IndexError, TypeError, ValueError):
            try:
                text = repr(self)
            except ValueError:  # an int too long to write (over 4,300 digits)
                text = "a Position with a number too long to write"
        self._validate(text)

    def _validate(self, text: str) -> None:
        self._validate_types(text)
        if not self.tableau or len(self.face_down) != len(self.tableau):
            raise PositionParseError(
                text, "tableau", "there must be at least one column and a face-down count for each"
            )
        slots = len(self.foundations)
        if slots not in (4, 8, 12) or any(not 0 <= count <= 13 for count in self.foundations):
            raise PositionParseError(
                text, "foundations", "4 counts 0..13 per deck are needed (one to three decks)"
            )
        if not NO_BASE <= self.foundation_base <= 13 or (
            self.foundation_base == NO_BASE and any(self.foundations)
        ):
            raise PositionParseError(
                text,
                "foundation_base",
                f"must be a rank 1..13 (0 only while every foundation is empty), "
                f"got {self.foundation_base!r}",
            )
        for index, (pile, down) in enumerate(zip(self.tableau, self.face_down, strict=True)):
            if not 0 <= down <= len(pile) or (pile and down == len(pile)):
                raise PositionParseError(
                    text,
                    "tableau",
                    f"column {index + 1} has {down} face-down cards of {len(pile)}; "
                    "the top card of a column is always face up",
                )
        if not 0 <= self.recycles <= MAX_RECYCLES:
            raise PositionParseError(
                text,
                "recycles",
                f"must be 0 .. {MAX_RECYCLES:,} (solitaire_core.limits.MAX_RECYCLES), "
                f"got {_count_text(self.recycles)}",
            )
        decks = slots // SUIT_COUNT
        cards = self.cards()
        if sorted(cards) != sorted(list(range(DECK_SIZE)) * decks):
            seen: dict[Card, int] = {}
            for card in cards:
                if not 0 <= card < DECK_SIZE:
                    raise PositionParseError(text, "cards", f"{card!r} is not a card 0..51")
                seen[card] = seen.get(card, 0) + 1
                if seen[card] > decks:
                    times = "twice" if decks == 1 else f"{seen[card]} times in {decks} decks"
                    raise PositionParseError(
                        text,
                        "cards",
                        f"{CARD_TEXTS[card]} appears {times} (foundations included; "
                        f"{_decks_by_slots(decks, slots)})",
                    )
            missing = " ".join(
                CARD_TEXTS[c] for c in range(DECK_SIZE) for _ in range(decks - seen.get(c, 0))
            )
            raise PositionParseError(
                text,
                "cards",
                f"missing cards: {missing} ({len(cards)} cards, where "
                f"{_decks_by_slots(decks, slots)} hold {DECK_SIZE * decks})",
            )

    def _validate_types(self, text: str) -> None:
        """Every field a tuple of ints (tableau: a tuple of them), the counters ints."""

        def is_int(value: object) -> bool:
            return isinstance(value, int) and not isinstance(value, bool)

        def is_ints(value: object) -> bool:
            return isinstance(value, tuple) and all(is_int(item) for item in value)

        if not isinstance(self.tableau, tuple) or not all(is_ints(p) for p in self.tableau):
            raise PositionParseError(text, "tableau", "must be a tuple of tuples of card ints")
        fields = (
            ("face_down", self.face_down),
            ("stock", self.stock),
            ("waste", self.waste),
            ("foundations", self.foundations),
            ("reserve", self.reserve),
        )
        for name, value in fields:
            if not is_ints(value):
                raise PositionParseError(text, name, "must be a tuple of ints")
        counters = (("recycles", self.recycles), ("foundation_base", self.foundation_base))
        for name, number in counters:
            if not is_int(number):
                raise PositionParseError(text, name, "must be an int")

    def to_text(self) -> str:
        """The one-line text form (see the module docs); round-trips with :meth:`from_text`."""
        columns = "/".join(
            _pile_text(pile[:down]) + "|" + _pile_text(pile[down:])
            for pile, down in zip(self.tableau, self.face_down, strict=False)
        )
        foundations = ",".join(str(count) for count in self.foundations)
        text = (
            f"{columns} {_pile_text(self.stock) or '-'} {_pile_text(self.waste) or '-'} "
            f"{foundations} {self.recycles}"
        )
        if self.reserve or self.foundation_base != 1:
            base = RANK_LETTERS[self.foundation_base - 1] if self.foundation_base else "-"
            text += f" {_pile_text(self.reserve) or '-'} {base}"
        return text

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Read a position's text form and validate it.

        Raises:
            PositionParseError: naming the field that is malformed or impossible
                (``format`` if ``text`` is not a ``str``).
        """
        if not isinstance(text, str):
            raise PositionParseError(repr(text), "format", not_str(text))
        fields = text.split()
        if len(fields) not in (5, 7):
            raise PositionParseError(
                text,
                "format",
                "expected 5 fields 'TABLEAU STOCK WASTE FOUNDATIONS RECYCLES' "
                f"(7 with 'RESERVE BASE'), got {len(fields)}",
            )
        tableau_text, stock_text, waste_text, foundation_text, recycle_text = fields[:5]
        tableau: list[Pile] = []
        face_down: list[int] = []
        for number, column_text in enumerate(tableau_text.split("/"), start=1):
            if column_text.count("|") != 1:
                raise PositionParseError(
                    text, "tableau", f"column {number} needs one '|' between face-down and face-up"
                )
            down_text, up_text = column_text.split("|")
            down = _parse_pile(text, f"tableau column {number}", down_text)
            up = _parse_pile(text, f"tableau column {number}", up_text)
            tableau.append(down + up)
            face_down.append(len(down))
        stock = _parse_pile(text, "stock", "" if stock_text == "-" else stock_text)
        waste = _parse_pile(text, "waste", "" if waste_text == "-" else waste_text)
        counts = foundation_text.split(",")
        if len(counts) not in (4, 8, 12) or not all(_is_number(c) for c in counts):
            raise PositionParseError(
                text,
                "foundations",
                f"expected 4 counts per deck 'S,H,D,C', got {foundation_text!r}",
            )
        if not _is_number(recycle_text):
            raise PositionParseError(
                text,
                "recycles",
                f"expected a count 0 .. {MAX_RECYCLES:,} (solitaire_core.limits.MAX_RECYCLES),"
                f" got {shorten(recycle_text)}",
            )
        reserve: Pile = ()
        base = 1
        if len(fields) == 7:
            reserve_text, base_text = fields[5:]
            reserve = _parse_pile(text, "reserve", "" if reserve_text == "-" else reserve_text)
            letter = base_text.upper()
            if letter == "-":
                base = NO_BASE
            elif len(letter) == 1 and letter in RANK_LETTERS:
                base = RANK_LETTERS.index(letter) + 1
            else:
                raise PositionParseError(
                    text,
                    "foundation_base",
                    f"expected a rank letter (A23456789TJQK) or '-', got {base_text!r}",
                )
        position = cls(
            tuple(tableau),
            tuple(face_down),
            stock,
            waste,
            tuple(int(c) for c in counts),
            int(recycle_text),
            reserve,
            base,
        )
        position._validate(text)
        return position

    def __str__(self) -> str:
        return self.to_text()

    def _repr_svg_(self) -> str:
        """The board as an SVG picture, for Jupyter (:func:`~solitaire_core.svg.board_svg`).

        Drawn without a variant: what the position shows decides which piles
        are drawn. Hidden cards are drawn as backs.
        """
        from solitaire_core.svg import board_svg  # noqa: PLC0415  (svg imports this module)

        return board_svg(self)


_LONGEST_COUNT: Final = len(str(MAX_RECYCLES))
"""The most digits of a count in the text form (the recycles: nine)."""


def _is_number(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= _LONGEST_COUNT


def _count_text(count: int) -> str:
    """A count as an error quotes it: its digits, or its size when it is too long to show."""
    if abs(count) < 10**30:
        return f"{count:,}"
    return f"a number of {count.bit_length()} bits"


def _pile_text(pile: Pile) -> str:
    return "".join(CARD_TEXTS[card] for card in pile)


def _parse_pile(text: str, field: str, pile_text: str) -> Pile:
    if len(pile_text) % 2:
        raise PositionParseError(text, field, f"cards are two characters each, got {pile_text!r}")
    cards = []
    for i in range(0, len(pile_text), 2):
        try:
            cards.append(parse_card(pile_text[i : i + 2]))
        except CardParseError as error:
            raise PositionParseError(text, field, f"at character {i}: {error.reason}") from None
    return tuple(cards)


def flipped(before: Position, after: Position) -> bool:
    """True when the move from ``before`` to ``after`` turned a face-down card face up."""
    return sum(after.face_down) < sum(before.face_down)
