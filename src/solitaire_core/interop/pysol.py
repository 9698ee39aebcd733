"""PySolFC's Klondike deals: game numbers and the layout text format.

**Game numbers.** PySolFC's "Klondike" (draw 1) and "Klondike by Threes" (draw
3) deal the same cards for a game number, both with unlimited redeals, i.e.
our ``KL1-D1N`` and ``KL1-D3N``. :func:`pysol_deck` reproduces the deal of a
game number exactly (validated against the ``pysol-cards`` package):

1. The deck before shuffling: suits in PySolFC's order clubs, spades, hearts,
   diamonds, each ace to king. For the Microsoft generator (game numbers
   1 .. 32000, or ``"ms"`` numbers) it is first rearranged as in Microsoft
   FreeCell: by rank, clubs, diamonds, hearts, spades within a rank.
2. The shuffle: for ``n`` from 51 down to 1, swap cards ``n`` and
   ``j = below(n + 1)`` of the generator (:mod:`.pysol_random`: the
   Microsoft generator up to 32000, the Mersenne Twister above).
3. The deal takes cards from the end of the shuffled list (the top of the
   talon): six face-down cards to the first six piles, five to the first five,
   ... one to the first; then one face-up card to each of the seven piles; the
   other 24 stay in the talon, the next card drawn first. PySolFC's piles are
   then shown right to left: its first pile (7 cards) is our column 7.
4. PySolFC then turns the first talon card (three in Klondike by Threes) onto
   the waste as part of its deal (``Klondike.startGame``); on our engine that is
   the first ``d``: PySolFC's opening is our opening position after one draw.

Sources: ``pysollib/games/klondike.py`` (PySolFC: ``Klondike``,
``KlondikeByThrees``), ``pysol_cards/deal_game.py`` (``Game.deal``, ``Game.klondike``),
``pysol_cards/random.py`` (``shuffle``) and ``pysol_cards/cards.py``
(``createCards``, ``ms_rearrange``), pysol-cards 0.24.

**Layout text** is what ``pysol-cards`` prints for a Klondike deal (and
Klondike-Solver's ``GetPysol``)::

    Talon: 4H AC 4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H
    QH
    <7H> TS
    <5D> <9S> 5C
    ...

The talon (the stock) in drawing order, then columns 1..7, each bottom to top
with face-down cards in angle brackets. :func:`parse_pysol_layout` also reads
``10`` for ten, lower case, blank lines, a ``Foundations:`` line with no cards
on it, Klondike-Solver's ``Talon: ==> ... <==`` form and column lines starting
with ``:``.

>>> print(format_pysol_deck(pysol_deck(1)), end="")
Talon: 4H AC 4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H
QH
<7H> TS
<5D> <9S> 5C
<JC> <KC> <KH> 4C
<9H> <KD> <QC> <KS> 3C
<2D> <5H> <AD> <2S> <QD> AH
<JD> <7C> <5S> <3H> <9D> <JS> AS
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from solitaire_core.cards import CARD_TEXTS, Card, parse_card
from solitaire_core.codes import Deck, check_deck
from solitaire_core.deal import deal_deck
from solitaire_core.errors import CardParseError, InvalidArgumentError
from solitaire_core.interop.errors import DealImportError
from solitaire_core.interop.layout import STANDARD_SIZES, STOCK_CARDS, layout_deck
from solitaire_core.interop.pysol_random import MS_SEED_LIMIT, MersenneTwister, MicrosoftRandom
from solitaire_core.position import Position
from solitaire_core.variants import KLONDIKE, REFLECHI

SOURCE: Final = "pysol"
"""The format's name in :class:`~solitaire_core.interop.errors.DealImportError` and the CLI."""
MS_GAME_LIMIT: Final = 32000
"""Game numbers up to this one use the Microsoft generator."""
GAME_NUMBER_LIMIT: Final = 10**20
"""The largest PySolFC game number (its ``MAX_SEED``)."""
_GAME_NUMBER: Final = re.compile(r"\s*(ms)?([0-9]{1,25})\s*", re.IGNORECASE)
_PYSOL_SUITS: Final = (3, 0, 1, 2)
"""PySolFC's suit order clubs, spades, hearts, diamonds as our suits 0..3 (S, H, D, C)."""
_PYSOL_CARDS: Final = tuple(suit * 13 + rank for suit in _PYSOL_SUITS for rank in range(13))
"""PySolFC's unshuffled deck as our cards: AC..KC, AS..KS, AH..KH, AD..KD."""
_MS_CARDS: Final = tuple(
    _PYSOL_CARDS[rank + offset] for rank in range(13) for offset in (0, 39, 26, 13)
)
"""The Microsoft FreeCell order: AC AD AH AS 2C 2D 2H 2S ... KS."""


def is_pysol_game_number(text: str) -> bool:
    """True when ``text`` reads as a game number (``"1000000"``, ``"ms123"``), not a layout.

    Only the shape is checked (digits, optionally after ``ms``, surrounding
    whitespace allowed); :func:`pysol_deck` checks the range.
    """
    return _GAME_NUMBER.fullmatch(text) is not None


def pysol_deck(game_number: int | str) -> Deck:
    """The deck (our dealing order) of PySolFC's Klondike deal for a game number.

    The same for "Klondike" and "Klondike by Threes" (only the draw differs).

    Args:
        game_number: 1 .. 10**20 as an int or digits; or ``"ms"`` and digits
            (1 .. 2**33 - 1) for a Microsoft-generator deal above 32000, as
            PySolFC's ``ms`` numbers.

    Returns:
        The deck, ``deck[0]`` first, dealt by RULES.md section 2 to PySolFC's layout.

    Raises:
        DealImportError: source ``"pysol"`` for a game number that is not
            digits or is out of range.
    """
    text = str(game_number)
    match = _GAME_NUMBER.fullmatch(text) if isinstance(game_number, str) else None
    if isinstance(game_number, str) and match is None:
        raise DealImportError(
            text, SOURCE, 0, "a game number is digits, optionally after 'ms' (ms123456)"
        )
    if type(game_number) is int:
        microsoft, number = False, game_number
    elif match is not None:
        microsoft, number = match.group(1) is not None, int(match.group(2))
    else:
        raise DealImportError(text, SOURCE, None, f"a game number is an int, got {game_number!r}")
    if microsoft and not 1 <= number < MS_SEED_LIMIT:
        raise DealImportError(
            text, SOURCE, None, f"ms game numbers are 1 .. 2**33 - 1, got {number}"
        )
    if not 1 <= number <= GAME_NUMBER_LIMIT:
        raise DealImportError(text, SOURCE, None, f"game numbers are 1 .. 10**20, got {number}")
    if microsoft or number <= MS_GAME_LIMIT:
        cards = list(_MS_CARDS)
        rng: MicrosoftRandom | MersenneTwister = MicrosoftRandom(number)
    else:
        cards = list(_PYSOL_CARDS)
        rng = MersenneTwister(number)
    for n in range(len(cards) - 1, 0, -1):
        j = rng.below(n + 1)
        cards[n], cards[j] = cards[j], cards[n]
    return _klondike_layout(cards[::-1])


def _klondike_layout(dealt: list[Card]) -> Deck:
    """Deal PySolFC's way from ``dealt`` (first card first) and return our deck."""
    piles: list[list[Card]] = [[] for _ in STANDARD_SIZES]
    cards = iter(dealt)
    for row_length in range(len(STANDARD_SIZES) - 1, 0, -1):
        for index in range(row_length):
            piles[index].append(next(cards))
    for pile in piles:
        pile.append(next(cards))
    return layout_deck(piles[::-1], list(cards))


def format_pysol_layout(position: Position) -> str:
    """The layout text of an opening position, as ``pysol-cards`` prints it for Klondike.

    Args:
        position: a position with an empty waste and empty foundations,
            usually a deal's opening position (any column sizes).

    Returns:
        ``Talon:`` and the stock in drawing order (the first card drawn
        first), then one line per column 1..7, bottom to top, face-down cards
        in angle brackets, ``T`` for ten; every line ends with a newline.
        (All-face-up variants have no brackets.)

    Raises:
        InvalidArgumentError: if the position has cards on the waste or the
            foundations (the format describes a deal).
    """
    if position.waste or any(position.foundations):
        raise InvalidArgumentError(
            "the layout text describes a deal: the waste and foundations must be empty"
        )
    lines = ["Talon: " + " ".join(CARD_TEXTS[card] for card in reversed(position.stock))]
    for pile, down in zip(position.tableau, position.face_down, strict=True):
        lines.append(
            " ".join(
                f"<{CARD_TEXTS[card]}>" if index < down else CARD_TEXTS[card]
                for index, card in enumerate(pile)
            )
        )
    return "".join(line + "\n" for line in lines)


def format_pysol_deck(deck: Sequence[Card], *, all_face_up: bool = False) -> str:
    """The layout text of a deck dealt to the standard Klondike layout.

    Args:
        deck: 52 distinct cards, ``deck[0]`` dealt first (RULES.md section 2).
        all_face_up: write every tableau card face up (Réfléchi) instead of
            Klondike's 21 face-down cards in angle brackets.

    Returns:
        The text ``pysol-cards`` prints for this deal (see :func:`format_pysol_layout`).

    Raises:
        InvalidArgumentError: if ``deck`` is not 52 distinct cards.
    """
    return format_pysol_layout(deal_deck(REFLECHI if all_face_up else KLONDIKE, deck))


_TOKEN: Final = re.compile(r"\S+")


def parse_pysol_layout(text: str) -> Deck:
    """Read a Klondike layout text (see the module docs) into a deck.

    Args:
        text: a ``Talon:`` line with the 24 stock cards in drawing order, then
            7 column lines of 1..7 cards, bottom to top; face-down markers
            ``<..>`` are optional below the top card.

    Returns:
        The deck, ``deck[0]`` first, that deals these columns and this talon
        (first card drawn first) by RULES.md section 2.

    Raises:
        DealImportError: source ``"pysol"``, with the character position of
            the problem and its line (1-based) in the reason: no ``Talon:``
            line, a talon of other than 24 cards, other than 7 columns, a
            column of the wrong size, a face-down top card, a card that is not
            a card or is repeated, cards on the waste or the foundations.
    """
    talon: list[tuple[int, str]] | None = None
    columns: list[list[tuple[int, str, bool]]] = []
    column_lines: list[tuple[int, int]] = []
    offset = 0
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        start = offset
        offset += len(line)
        tokens = [(start + m.start(), m.group()) for m in _TOKEN.finditer(line)]
        if not tokens:
            continue
        tokens = _split_label(tokens)
        head = tokens[0][1]
        if head.lower() == "talon:":
            if talon is not None or columns:
                raise DealImportError(
                    text, SOURCE, tokens[0][0], f"line {number}: the Talon: line comes once, first"
                )
            talon = _talon_cards(text, number, tokens[1:])
            continue
        if head.lower() == "foundations:":
            _check_foundations(text, number, tokens[1:])
            continue
        if head == ":":
            tokens = tokens[1:]
        elif head.startswith(":"):
            tokens[0] = (tokens[0][0] + 1, head[1:])
        if talon is None:
            raise DealImportError(
                text, SOURCE, tokens[0][0] if tokens else start, f"line {number}: expected 'Talon:'"
            )
        columns.append([_column_token(text, number, at, token) for at, token in tokens])
        column_lines.append((number, start))
    if talon is None:
        raise DealImportError(text, SOURCE, None, "no 'Talon:' line")
    if len(talon) != STOCK_CARDS:
        raise DealImportError(
            text, SOURCE, None, f"the talon has {len(talon)} cards, a Klondike deal has 24"
        )
    if len(columns) != len(STANDARD_SIZES):
        raise DealImportError(
            text, SOURCE, None, f"expected 7 column lines after the talon, got {len(columns)}"
        )
    for (number, start), column, size in zip(column_lines, columns, STANDARD_SIZES, strict=True):
        if len(column) != size:
            raise DealImportError(
                text,
                SOURCE,
                start,
                f"line {number}: column {size} has {len(column)} cards, a deal gives it {size}",
            )
        at, _, face_down = column[-1]
        if face_down:
            raise DealImportError(
                text, SOURCE, at, f"line {number}: the top card of column {size} must be face up"
            )
    placed = [(at, token) for column in columns for at, token, _ in column] + talon
    seen: dict[Card, int] = {}
    parsed: dict[int, Card] = {}
    for at, token in placed:
        try:
            card = parse_card(token)
        except CardParseError as error:
            raise DealImportError(
                text, SOURCE, at, f"{token!r} is not a card: {error.reason}"
            ) from None
        if card in seen:
            raise DealImportError(
                text,
                SOURCE,
                at,
                f"{CARD_TEXTS[card]} appears twice (first at character {seen[card]})",
            )
        seen[card] = at
        parsed[at] = card
    deck = layout_deck(
        [[parsed[at] for at, _, _ in column] for column in columns],
        [parsed[at] for at, _ in talon],
    )
    assert check_deck(deck) is None
    return deck


def _split_label(tokens: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """``Talon:4H`` as ``Talon:`` and ``4H`` (a label glued to its first card)."""
    at, head = tokens[0]
    for label in ("talon:", "foundations:"):
        if head.lower().startswith(label) and len(head) > len(label):
            return [(at, head[: len(label)]), (at + len(label), head[len(label) :]), *tokens[1:]]
    return tokens


def _talon_cards(text: str, number: int, tokens: list[tuple[int, str]]) -> list[tuple[int, str]]:
    words = [token for _, token in tokens]
    if "==>" in words:
        arrow = words.index("==>")
        if arrow:
            raise DealImportError(
                text, SOURCE, tokens[0][0], f"line {number}: a deal has no cards on the waste"
            )
        tokens = tokens[arrow + 1 :]
    return [(at, token) for at, token in tokens if token != "<=="]


def _check_foundations(text: str, number: int, tokens: list[tuple[int, str]]) -> None:
    for at, token in tokens:
        if token != "-" and not token.endswith("-0"):
            raise DealImportError(
                text,
                SOURCE,
                at,
                f"line {number}: a deal has no cards on the foundations ({token!r})",
            )


def _column_token(text: str, number: int, at: int, token: str) -> tuple[int, str, bool]:
    if token.startswith("<") or token.endswith(">"):
        if not (token.startswith("<") and token.endswith(">") and len(token) > 2):
            raise DealImportError(
                text, SOURCE, at, f"line {number}: {token!r} is not a card or <card>"
            )
        return at + 1, token[1:-1], True
    return at, token, False


__all__ = [
    "GAME_NUMBER_LIMIT",
    "MS_GAME_LIMIT",
    "format_pysol_deck",
    "format_pysol_layout",
    "is_pysol_game_number",
    "parse_pysol_layout",
    "pysol_deck",
]
