"""Klondike-Solver (ShootMe) deal strings and solution notation.

Klondike-Solver (https://github.com/ShootMe/Klondike-Solver, also wrapped by
the ``pyksolve`` package) reads a deal as **156 digits**: 52 cards of three
digits each, a two-digit rank (``01`` ace .. ``13`` king) then a suit digit
(``1`` clubs, ``2`` diamonds, ``3`` hearts, ``4`` spades). The cards come in
its dealing order, which is ours (RULES.md section 2): row by row, the first
card of each row face up, so card 1 is column 1, cards 2-7 the bottom cards of
columns 2-7, card 8 the top of column 2 ...; the 29th card is the first stock
card drawn. So the string is a deck written card by card (source:
``Solitaire::LoadSolitaire``, ``GetSolitaire`` and ``ResetGame`` in
Klondike-Solver's ``Solitaire.cpp``; its README).

Its solutions (``Solitaire::MovesMade``; ``pyksolve``'s ``moves_made()``) are
tokens separated by spaces:

=========  ===========================================================  ==========
token      meaning                                                      our moves
=========  ===========================================================  ==========
``DR#``    draw # times (``DR2`` is two draws, also with draw 3)        ``d`` × #
``NEW``    turn the waste back into the stock (a new round)             ``r``
``F#``     the card on top of column # turns face up                    (none: the
                                                                        move before
                                                                        flipped it)
``XY``     one card from X to Y                                         see below
``XY-#``   # cards from column X to column Y                            ``XY:#``
=========  ===========================================================  ==========

X is ``W`` (the waste), ``1``-``7`` or a foundation letter ``C D S H``; Y is
``1``-``7`` or a foundation letter. So ``W4`` is ``w4``, ``WS`` is ``wf`` (the
waste's top card being a spade), ``5H`` is ``5f``, ``63`` is ``63:1``,
``73-2`` is ``73:2`` and ``H2`` (a take-back) is ``fh2``.

Translating needs the position: a foundation letter is checked against the
card's suit, and every move is checked by the rules as it is replayed. On
import an ``F#`` must follow a move that turned column #'s card over; a
missing ``F#`` is accepted (our moves flip by themselves). On export ``F#``
follows every move that turns a card over, and consecutive draws are merged
into one ``DR#``, as Klondike-Solver writes them.

>>> from solitaire_core import KLONDIKE, deal_code_position
>>> position = deal_code_position("KL1-D1N-AAAAAAG")
>>> moves = parse_shootme_solution("1D 7H F7 DR3 WS", KLONDIKE, position)
>>> " ".join(str(move) for move in moves)
'1f 7f d d d wf'
>>> format_shootme_solution(moves, KLONDIKE, position)
'1D 7H F7 DR3 WS'
>>> from solitaire_core.cards import FULL_DECK
>>> encode_shootme_deal(FULL_DECK)[:9], encode_shootme_deal(FULL_DECK)[-3:]
('014024034', '131')
>>> decode_shootme_deal(encode_shootme_deal(FULL_DECK)) == FULL_DECK
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Final, TypeAlias

from solitaire_core.cards import CARD_TEXTS, DECK_SIZE, RANKS, SUIT_LETTERS, SUITS, Card
from solitaire_core.codes import Deck, check_deck
from solitaire_core.errors import InvalidArgumentError, MoveParseError
from solitaire_core.interop.errors import DealImportError, NotationError
from solitaire_core.moves import Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.rules import check_move, parse_move
from solitaire_core.rules.apply import apply_move
from solitaire_core.variants import Variant

DEAL_LENGTH: Final = 3 * DECK_SIZE
"""A deal string has 156 digits."""
SOURCE: Final = "shootme"
"""The format's name in :class:`~solitaire_core.interop.errors.DealImportError` and the CLI."""
_SUIT_BY_DIGIT: Final = {"1": 3, "2": 2, "3": 1, "4": 0}
"""Klondike-Solver's suit digit (1 clubs, 2 diamonds, 3 hearts, 4 spades) to our suit 0..3."""
_DIGIT_BY_SUIT: Final = {suit: digit for digit, suit in _SUIT_BY_DIGIT.items()}
_MOVE: Final = re.compile(r"([W1-7CDSH])([1-7CDSH])(?:-([0-9]{1,2}))?")
_DRAW: Final = re.compile(r"DR([0-9]{1,2})")
_FLIP: Final = re.compile(r"F([1-7])")
_Fail: TypeAlias = Callable[[str], NotationError]
"""Called with a reason, returns the error to raise for the current token."""


def decode_shootme_deal(text: str) -> Deck:
    """Read a Klondike-Solver deal string: 156 digits, card 1 first (surrounding spaces ignored).

    Returns:
        The deck, ``deck[0]`` first: the string's cards in order.

    Raises:
        DealImportError: source ``"shootme"``, naming the card (``deck[i]``,
            0-based) and the character position in the stripped text: a wrong
            length (position None), a character that is not a digit, a rank
            outside ``01``..``13``, a suit digit outside ``1``..``4``, a
            repeated card.
    """
    stripped = text.strip()
    if len(stripped) != DEAL_LENGTH:
        raise DealImportError(
            text,
            SOURCE,
            None,
            f"expected 156 digits (52 cards of 3: rank 01-13, suit 1-4), "
            f"got {len(stripped)} characters",
        )
    seen: dict[Card, int] = {}
    cards: list[Card] = []
    for index in range(DECK_SIZE):
        start = 3 * index
        chunk = stripped[start : start + 3]
        where = f"deck[{index}] (characters {start}-{start + 2})"
        for offset, char in enumerate(chunk):
            if char not in "0123456789":
                raise DealImportError(
                    text, SOURCE, start + offset, f"{where}: {char!r} is not a digit"
                )
        rank = int(chunk[:2])
        if not 1 <= rank <= 13:
            raise DealImportError(
                text, SOURCE, start, f"{where}: rank {chunk[:2]!r} is not 01 (ace) .. 13 (king)"
            )
        suit = _SUIT_BY_DIGIT.get(chunk[2])
        if suit is None:
            raise DealImportError(
                text,
                SOURCE,
                start + 2,
                f"{where}: unknown suit digit {chunk[2]!r} "
                "(1 clubs, 2 diamonds, 3 hearts, 4 spades)",
            )
        card = suit * 13 + rank - 1
        if card in seen:
            raise DealImportError(
                text,
                SOURCE,
                start,
                f"{where} is {CARD_TEXTS[card]} again (already deck[{seen[card]}])",
            )
        seen[card] = index
        cards.append(card)
    return tuple(cards)


def encode_shootme_deal(deck: Sequence[Card]) -> str:
    """The Klondike-Solver deal string of a deck (``deck[0]`` first): 156 digits.

    Raises:
        InvalidArgumentError: if ``deck`` is not 52 distinct cards.
    """
    problem = check_deck(deck)
    if problem is not None:
        raise InvalidArgumentError(f"not a deck: {problem.reason}")
    return "".join(f"{RANKS[card]:02d}{_DIGIT_BY_SUIT[SUITS[card]]}" for card in deck)


def parse_shootme_solution(text: str, variant: Variant, position: Position) -> tuple[Move, ...]:
    """Translate a Klondike-Solver solution into our atomic moves, replaying it from ``position``.

    Args:
        text: the tokens separated by whitespace (see the module docs); case
            is ignored.
        variant: the rules to replay under (Klondike-Solver plays
            :data:`~solitaire_core.variants.KLONDIKE` or ``KLONDIKE_DRAW_3``:
            unlimited recycles, take-backs allowed).
        position: where the solution starts, usually the deal's opening position.

    Returns:
        Our moves in order, as played (column moves carry their count), draws
        and recycles included, so that replaying them from ``position`` (with
        :class:`~solitaire_core.game.Game` or ``play_move``) reaches the same
        position as the solution.

    Raises:
        NotationError: notation ``"shootme"``, naming the 0-based token index:
            a token that is not a move, a foundation letter that is not the
            card's suit, an ``F#`` no move turned over, a move the rules refuse.
    """
    tokens = text.split()
    moves: list[Move] = []
    flipped: set[int] = set()
    for index, raw in enumerate(tokens):
        token = raw.upper()

        def fail(reason: str, index: int = index, raw: str = raw) -> NotationError:
            return NotationError(text, SOURCE, index, raw, reason)

        if token == "NEW":
            steps = [Move.recycle()]
        elif (draw := _DRAW.fullmatch(token)) is not None:
            count = int(draw.group(1))
            if count < 1:
                raise fail("DR# draws at least once")
            steps = [Move.draw()] * count
        elif (flip := _FLIP.fullmatch(token)) is not None:
            column = int(flip.group(1)) - 1
            if column not in flipped:
                raise fail(f"the move before did not turn a card over in column {column + 1}")
            flipped.discard(column)
            continue
        elif (match := _MOVE.fullmatch(token)) is not None:
            steps = [_card_move(position, match, fail)]
        else:
            raise fail("not a Klondike-Solver move (DR#, NEW, F#, XY or XY-#)")
        flipped = set()
        for move in steps:
            refusal = check_move(variant, position, move)
            if refusal is not None:
                raise fail(f"{refusal.rule.value}: {refusal.message()} ({refusal.detail()})")
            after = apply_move(variant, position, move)
            flipped |= _flipped_columns(position, after)
            moves.append(move)
            position = after
    return tuple(moves)


def _card_move(position: Position, match: re.Match[str], fail: _Fail) -> Move:
    source, target, count_text = match.group(1), match.group(2), match.group(3)
    count = int(count_text) if count_text is not None else 1
    if count < 1:
        raise fail("the count after '-' must be 1 or more")
    to_foundation = target in SUIT_LETTERS
    if source in SUIT_LETTERS:
        if to_foundation:
            raise fail("a card cannot go from one foundation to another")
        if count != 1:
            raise fail("one card at a time comes off a foundation")
        return Move.foundation_to_column(SUIT_LETTERS.index(source), int(target) - 1)
    if source == "W":
        if count != 1:
            raise fail("only the waste's top card can be played")
        if to_foundation:
            _check_suit(position.waste, target, "the waste's top card", fail)
            return Move.waste_to_foundation()
        return Move.waste_to_column(int(target) - 1)
    column = int(source) - 1
    if to_foundation:
        if count != 1:
            raise fail("one card at a time goes to a foundation")
        _check_suit(position.tableau[column], target, f"column {source}'s top card", fail)
        return Move.column_to_foundation(column)
    return Move.column_to_column(column, int(target) - 1, count=count)


def _check_suit(pile: tuple[Card, ...], letter: str, what: str, fail: _Fail) -> None:
    if pile and SUIT_LETTERS[SUITS[pile[-1]]] != letter:
        raise fail(f"{what} is {CARD_TEXTS[pile[-1]]}, not a card of the {letter} foundation")


def _flipped_columns(before: Position, after: Position) -> set[int]:
    return {
        column
        for column, (down_before, down_after) in enumerate(
            zip(before.face_down, after.face_down, strict=True)
        )
        if down_after < down_before
    }


def format_shootme_solution(
    moves: Iterable[Move | str], variant: Variant, position: Position
) -> str:
    """Write our moves in Klondike-Solver's notation, replaying them from ``position``.

    Consecutive draws become one ``DR#``; ``F#`` follows every move that turns
    column #'s card over; ``35:2`` is ``35-2``, ``35:1`` (or ``35`` when one
    card fits) is ``35``; foundation moves name the card's suit letter.

    Args:
        moves: our moves (``Move`` objects or notation such as ``"35"``).
        variant: the rules to replay under.
        position: where the moves start.

    Returns:
        The tokens separated by single spaces (empty for no moves).

    Raises:
        NotationError: notation ``"solitaire-core"``, naming the 0-based index
            of a move that is not a move or that the rules refuse.
    """
    given = list(moves)
    text = " ".join(str(move) for move in given)
    tokens: list[str] = []
    draws = 0
    for index, item in enumerate(given):
        try:
            move = parse_move(variant, position, item) if isinstance(item, str) else item
        except MoveParseError as error:
            raise NotationError(text, "solitaire-core", index, str(item), error.reason) from None
        refusal = check_move(variant, position, move)
        if refusal is not None:
            raise NotationError(
                text,
                "solitaire-core",
                index,
                str(move),
                f"{refusal.rule.value}: {refusal.message()} ({refusal.detail()})",
            )
        played = move
        after = apply_move(variant, position, played)
        if played.kind is MoveKind.DRAW:
            draws += 1
        else:
            if draws:
                tokens.append(f"DR{draws}")
                draws = 0
            tokens.append(_token(position, played))
            tokens.extend(f"F{column + 1}" for column in sorted(_flipped_columns(position, after)))
        position = after
    if draws:
        tokens.append(f"DR{draws}")
    return " ".join(tokens)


def _token(position: Position, move: Move) -> str:
    kind = move.kind
    if kind is MoveKind.RECYCLE:
        return "NEW"
    if kind is MoveKind.WASTE_TO_FOUNDATION:
        return "W" + SUIT_LETTERS[SUITS[position.waste[-1]]]
    if kind is MoveKind.WASTE_TO_COLUMN:
        assert move.target is not None
        return f"W{move.target + 1}"
    if kind is MoveKind.COLUMN_TO_FOUNDATION:
        assert move.source is not None
        return f"{move.source + 1}{SUIT_LETTERS[SUITS[position.tableau[move.source][-1]]]}"
    if kind is MoveKind.COLUMN_TO_COLUMN:
        assert move.source is not None and move.target is not None and move.count is not None
        body = f"{move.source + 1}{move.target + 1}"
        return body if move.count == 1 else f"{body}-{move.count}"
    assert move.source is not None and move.target is not None
    return f"{SUIT_LETTERS[move.source]}{move.target + 1}"
