"""Player intents as the app names them: tap, double tap, drag, tap on the stock.

Each intent turns a gesture on a card into one move (RULES.md section 6):

* **tap** a card: send it to its foundation (the foundation is found by suit);
* **double tap** a card: a place on the tableau: among the columns where the
  card (with the cards on it) may go, the one with the most cards, ties to the
  leftmost **[decision]**; a King with nowhere else goes to the leftmost empty
  column. A face-up card that is not a column's top moves with its run;
* **drag** a card to a column or to the foundations;
* **tap the stock**: draw, or recycle when the stock is empty.

The functions here only choose the move: each returns the :class:`Move` to play
or the :class:`Refusal` saying why none may be played. A card the player cannot
see (face down in a column, unseen in the stock, under the reserve's top) is
refused with ``FACE_DOWN_CARD`` and the same detail wherever it lies, so a
refusal never tells where a hidden card is; :class:`Game`'s intent
methods play it. Cards are identified by value, so an app passes the card the
player touched. In games of several decks the copy acted on is the first one
the rules let move, looking at the face-up cards of columns 1..n, then the
waste's top, the reserve's top and the foundations (the first copy's refusal
when none may move). An app that knows which copy the player touched, when two
could move, plays that copy's move itself (a structured move of the view's
``legal_moves``, :meth:`Game.play <solitaire_core.game.Game.play>`).
"""

from __future__ import annotations

from solitaire_core.cards import SUITS, Card, card_text
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.moves import DRAW, RECYCLE, Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.rule_ids import RuleId
from solitaire_core.rules import check_move
from solitaire_core.rules.check import wrong_rank_refusal
from solitaire_core.rules.refusal import Refusal
from solitaire_core.variants import Variant


def stock_tap_move(variant: Variant, position: Position) -> Move | Refusal:
    """Tap on the stock: draw when the stock has cards, else recycle (if allowed).

    Returns:
        ``d`` or ``r``, or the refusal of the recycle when none is allowed.
    """
    move = DRAW if position.stock else RECYCLE
    refusal = check_move(variant, position, move)
    return move if refusal is None else refusal


def drag_move(
    variant: Variant,
    position: Position,
    card: Card,
    *,
    to_column: int | None = None,
    to_foundation: bool = False,
) -> Move | Refusal:
    """The move for dragging ``card`` (with the cards on it) to a column or the foundations.

    Args:
        variant: the rules.
        position: the current position.
        card: the card the player picked up.
        to_column: the target column, 0-based.
        to_foundation: True to drop it on the foundations (its suit's is found).

    Returns:
        The move, legal and resolved, or the refusal of the first broken rule.

    Raises:
        InvalidArgumentError: (a ``ValueError``) unless exactly one of
            ``to_column`` (0..6) and ``to_foundation`` is given.
        CardParseError: if ``card`` is not an int 0..51.
    """
    if type(to_foundation) is not bool:
        raise InvalidArgumentError(f"to_foundation must be True or False, got {to_foundation!r}")
    if (to_column is None) == (not to_foundation):
        raise InvalidArgumentError("give exactly one of to_column=... or to_foundation=True")
    moves = _moves_for(position, card, to_column)
    if isinstance(moves, Refusal):
        return moves
    first_refusal: Refusal | None = None
    for move in moves:  # with several decks, the first copy the rules let move
        refusal = check_move(variant, position, move)
        if refusal is None:
            return move
        first_refusal = first_refusal or refusal
    assert first_refusal is not None
    return first_refusal


def tap_move(variant: Variant, position: Position, card: Card) -> Move | Refusal:
    """The move for tapping ``card``: to its foundation, when legal.

    Returns:
        The move (``7f``, ``wf``), or the refusal: for example
        ``FOUNDATION_WRONG_RANK``, or ``FOUNDATION_SINGLE_CARD`` for a card
        with others lying on it.

    Raises:
        CardParseError: if ``card`` is not an int 0..51.
    """
    return drag_move(variant, position, card, to_foundation=True)


def double_tap_move(variant: Variant, position: Position, card: Card) -> Move | Refusal:
    """The move for double-tapping ``card``: the best place on the tableau (see module docs).

    Returns:
        The move, legal and resolved, or the refusal for the first column
        tried (the longest) when the card fits nowhere.

    Raises:
        CardParseError: if ``card`` is not an int 0..51.
    """
    columns = len(position.tableau)
    candidates = sorted(range(columns), key=lambda c: (-len(position.tableau[c]), c))
    first_refusal: Refusal | None = None
    tried: list[Move] = []
    for column in candidates:
        moves = _moves_for(position, card, column)
        if isinstance(moves, Refusal):
            return moves
        tried += moves
        for move in moves:
            if move.kind is MoveKind.COLUMN_TO_COLUMN:
                assert move.source is not None
                whole_column = move.count == len(position.tableau[move.source])
                if move.source == column or (whole_column and not position.tableau[column]):
                    continue  # its own column, or a whole column to an empty one: no change
            refusal = check_move(variant, position, move)
            if refusal is None:
                return move
            if first_refusal is None:
                first_refusal = refusal
    if first_refusal is None:  # only moves that change nothing
        return check_move(variant, position, tried[0]) or Refusal(
            RuleId.SAME_COLUMN, tried[0], "same_column", column=tried[0].source
        )
    return first_refusal


def _moves_for(position: Position, card: Card, to_column: int | None) -> list[Move] | Refusal:
    """The moves that take ``card`` (and what lies on it) to a column, or home if None.

    One move per copy the player can see (several with two or three decks),
    in the order of the module docs; the refusal when no copy can be seen.

    Raises:
        CardParseError: if ``card`` is not an int 0..51.
        InvalidArgumentError: if ``to_column`` is not a column of the position.
    """
    card_text(card)  # raises for anything but a card
    columns = len(position.tableau)
    if to_column is not None and (type(to_column) is not int or not 0 <= to_column < columns):
        raise InvalidArgumentError(f"to_column must be an int 0..{columns - 1}, got {to_column!r}")
    found: list[Move] = []
    for column, pile in enumerate(position.tableau):
        down = position.face_down[column]
        for index in range(len(pile) - 1, down - 1, -1):
            if pile[index] != card:
                continue
            count = len(pile) - index
            if to_column is None:
                found.append(Move.column_to_foundation(column, count=count))
            else:
                found.append(Move.column_to_column(column, to_column, count=count))
    if card in position.waste:
        count = len(position.waste) - max(i for i, c in enumerate(position.waste) if c == card)
        if to_column is None:
            found.append(Move.waste_to_foundation(count=count))
        else:
            found.append(Move.waste_to_column(to_column, count=count))
    if position.reserve[-1:] == (card,):  # the reserve's face-up top; the rest is hidden
        if to_column is None:
            found.append(Move.reserve_to_foundation())
        else:
            found.append(Move.reserve_to_column(to_column))
    suit = SUITS[card]
    for slot in range(suit, len(position.foundations), 4):
        cards = position.foundation_cards(slot)
        if card in cards:
            if to_column is not None:
                count = len(cards) - cards.index(card)
                found.append(Move.foundation_to_column(suit, to_column, count=count))
            elif not found:
                return wrong_rank_refusal(position, None, card)
            break
    if found:
        return found
    # Face down in a column, unseen in the stock or under the reserve's top: the
    # refusal never says which, so it tells the player nothing about hidden cards.
    return Refusal(RuleId.FACE_DOWN_CARD, None, "card_face_down")
