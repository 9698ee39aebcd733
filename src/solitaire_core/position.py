"""The immutable position: tableau, stock, waste, foundations, recycles used.

Conventions used everywhere in the library:

* Every pile is a tuple of cards ordered **bottom to top**: the last element is
  the top card (a column's exposed card, the waste's playable card, the stock's
  next card to be drawn).
* Columns are numbered 0..6 in the API (column 1 of the notation is index 0).
* Face-down cards always lie at the bottom of a column, so a column's
  visibility is one count: ``face_down[i]`` cards of ``tableau[i]`` are face down.
* Foundations are a count per suit in the order S, H, D, C; foundation ``s``
  holds the cards of suit ``s`` from the ace up to rank ``foundations[s]``.

A position's text form (like chess's FEN) has five fields separated by spaces::

    TABLEAU STOCK WASTE FOUNDATIONS RECYCLES

``TABLEAU`` is the 7 columns separated by ``/``, each ``facedown|faceup`` with
the cards written bottom to top with no separators (``5D8C|QHJS``); ``STOCK``
and ``WASTE`` are cards bottom to top, or ``-`` when empty; ``FOUNDATIONS`` is
the four counts ``S,H,D,C``; ``RECYCLES`` the recycles used.

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

from solitaire_core.cards import CARD_TEXTS, DECK_SIZE, Card, parse_card
from solitaire_core.errors import CardParseError, PositionParseError

Pile = tuple[Card, ...]
"""A pile of cards, bottom (index 0) to top (last)."""

COLUMNS: Final = 7
"""Tableau columns in a position."""
SUIT_COUNT: Final = 4
"""Foundations in a position, one per suit."""


@attrs.frozen(cache_hash=True)
class Position:
    """One moment of a game; immutable and hashable.

    Attributes:
        tableau: 7 columns (index 0..6, columns 1..7 on screen), each a tuple
            of cards (ints 0..51) bottom to top: ``tableau[i][-1]`` is the
            column's exposed card.
        face_down: per column, how many of its bottom cards are face down
            (face-down cards always lie under the face-up ones).
        stock: the stock, bottom to top (the last card is drawn next).
        waste: the waste, bottom to top (the last card is the playable one).
        foundations: cards on each foundation, in suit order S, H, D, C (0..13):
            foundation ``s`` holds the cards of suit ``s`` from the Ace up to
            rank ``foundations[s]``.
        recycles: how many times the waste has gone back to the stock.

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

    @property
    def is_won(self) -> bool:
        """True when all 52 cards are on the foundations (RULES.md section 5)."""
        return sum(self.foundations) == DECK_SIZE

    def face_up(self, column: int) -> Pile:
        """The face-up cards of a column (``column`` 0..6), bottom to top; ``()`` when empty."""
        return self.tableau[column][self.face_down[column] :]

    def foundation_top(self, suit: int) -> Card | None:
        """The top card of a suit's foundation (suit 0..3 = S, H, D, C), or None if empty."""
        count = self.foundations[suit]
        return suit * 13 + count - 1 if count else None

    def cards(self) -> tuple[Card, ...]:
        """Every card of the position, 52 for a valid one.

        In this order: columns 1..7 (each bottom to top), the stock (bottom to
        top), the waste (bottom to top), then the foundations S, H, D, C (each
        from the Ace up).
        """
        cards: list[Card] = []
        for pile in self.tableau:
            cards.extend(pile)
        cards.extend(self.stock)
        cards.extend(self.waste)
        for suit, count in enumerate(self.foundations):
            cards.extend(range(suit * 13, suit * 13 + count))
        return tuple(cards)

    def validate(self) -> None:
        """Check that the position is one a game can hold.

        Checks: every field of the right type (tuples of ints; ``recycles`` an
        int), 7 columns, 52 distinct cards 0..51, foundation counts 0..13,
        face-down counts within their columns, the top card of every non-empty
        column face up, recycles not negative.

        Raises:
            PositionParseError: naming the field that is wrong.
        """
        try:
            text = self.to_text()
        except (IndexError, TypeError, ValueError):
            text = repr(self)
        self._validate(text)

    def _validate(self, text: str) -> None:
        self._validate_types(text)
        if len(self.tableau) != COLUMNS or len(self.face_down) != COLUMNS:
            raise PositionParseError(text, "tableau", "there must be 7 columns")
        if len(self.foundations) != SUIT_COUNT or any(
            not 0 <= count <= 13 for count in self.foundations
        ):
            raise PositionParseError(text, "foundations", "four counts 0..13 are needed")
        for index, (pile, down) in enumerate(zip(self.tableau, self.face_down, strict=True)):
            if not 0 <= down <= len(pile) or (pile and down == len(pile)):
                raise PositionParseError(
                    text,
                    "tableau",
                    f"column {index + 1} has {down} face-down cards of {len(pile)}; "
                    "the top card of a column is always face up",
                )
        if self.recycles < 0:
            raise PositionParseError(text, "recycles", "cannot be negative")
        cards = self.cards()
        if sorted(cards) != list(range(DECK_SIZE)):
            seen: set[Card] = set()
            for card in cards:
                if not 0 <= card < DECK_SIZE:
                    raise PositionParseError(text, "cards", f"{card!r} is not a card 0..51")
                if card in seen:
                    raise PositionParseError(
                        text, "cards", f"{CARD_TEXTS[card]} appears twice (foundations included)"
                    )
                seen.add(card)
            missing = " ".join(CARD_TEXTS[c] for c in range(DECK_SIZE) if c not in seen)
            raise PositionParseError(text, "cards", f"missing cards: {missing}")

    def _validate_types(self, text: str) -> None:
        """Every field a tuple of ints (tableau: a tuple of them), recycles an int."""

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
        )
        for name, value in fields:
            if not is_ints(value):
                raise PositionParseError(text, name, "must be a tuple of ints")
        if not is_int(self.recycles):
            raise PositionParseError(text, "recycles", "must be an int")

    def to_text(self) -> str:
        """The one-line text form (see the module docs); round-trips with :meth:`from_text`."""
        columns = "/".join(
            _pile_text(pile[:down]) + "|" + _pile_text(pile[down:])
            for pile, down in zip(self.tableau, self.face_down, strict=False)
        )
        foundations = ",".join(str(count) for count in self.foundations)
        return (
            f"{columns} {_pile_text(self.stock) or '-'} {_pile_text(self.waste) or '-'} "
            f"{foundations} {self.recycles}"
        )

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Read a position's text form and validate it.

        Raises:
            PositionParseError: naming the field that is malformed or impossible.
        """
        fields = text.split()
        if len(fields) != 5:
            raise PositionParseError(
                text,
                "format",
                f"expected 5 fields 'TABLEAU STOCK WASTE FOUNDATIONS RECYCLES', got {len(fields)}",
            )
        tableau_text, stock_text, waste_text, foundation_text, recycle_text = fields
        column_texts = tableau_text.split("/")
        if len(column_texts) != COLUMNS:
            raise PositionParseError(
                text, "tableau", f"expected 7 columns separated by '/', got {len(column_texts)}"
            )
        tableau: list[Pile] = []
        face_down: list[int] = []
        for number, column_text in enumerate(column_texts, start=1):
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
        if len(counts) != SUIT_COUNT or not all(_is_number(c) for c in counts):
            raise PositionParseError(
                text, "foundations", f"expected four counts 'S,H,D,C', got {foundation_text!r}"
            )
        if not _is_number(recycle_text):
            raise PositionParseError(text, "recycles", f"expected a count, got {recycle_text!r}")
        position = cls(
            tuple(tableau),
            tuple(face_down),
            stock,
            waste,
            tuple(int(c) for c in counts),
            int(recycle_text),
        )
        position._validate(text)
        return position

    def __str__(self) -> str:
        return self.to_text()


def _is_number(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= 9


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
