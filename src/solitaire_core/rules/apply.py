"""Applying moves to positions (RULES.md section 3, FAMILY.md section 1.6).

:func:`apply_move` is the fast, unchecked transition used by the move
generator's callers and the solver; :func:`play_move` checks first and refuses
with :class:`~solitaire_core.rules.refusal.IllegalMoveError`. Both return a new
position and never change the given one.

Effects, exactly:

* draw: ``min(draw_count, len(stock))`` cards go one by one from the stock's
  top to the waste's top, so with draw 3 the third card turned is the playable
  one and the other two lie spread under it;
* deal (a stock dealt onto the columns): one card face up onto each column
  from the left, while cards remain (a short last deal reaches only the
  leftmost columns);
* recycle: the waste, turned over, becomes the stock: the card drawn first in
  the last pass is drawn first again; ``recycles`` goes up by one;
* a card sent to a foundation goes to the lowest-numbered slot that takes it
  (:func:`~solitaire_core.rules.foundations.home_slot`); the first card played
  to a foundation fixes the base where the game says so (Nine Across); a
  spider run goes to the empty slot of its suit;
* a move that leaves a face-down card on top of a column turns it face up as
  part of the same move (the flip); a move that empties a column of a game
  whose empty columns are filled from the reserve moves the reserve's top
  card there, as part of the same move (Canfield).
"""

from __future__ import annotations

from solitaire_core.cards import RANKS, SUITS
from solitaire_core.moves import Move, MoveKind
from solitaire_core.position import NO_BASE, Position, flipped
from solitaire_core.rules.check import check_move
from solitaire_core.rules.foundations import home_slot, run_slot, takeback_slot
from solitaire_core.rules.refusal import IllegalMoveError
from solitaire_core.variants import Variant


def play_move(variant: Variant, position: Position, move: Move) -> Position:
    """Check and apply a move; the given position is never changed.

    Raises:
        IllegalMoveError: carrying the first broken rule (:func:`check_move`).
        InvalidArgumentError: for a column the position does not have.
    """
    refusal = check_move(variant, position, move)
    if refusal is not None:
        raise IllegalMoveError(refusal)
    return apply_move(variant, position, move)


def apply_move(variant: Variant, position: Position, move: Move) -> Position:
    """Apply a legal move without checking it.

    Args:
        variant: the rules (the stock, the foundations and the reserve rule
            matter here).
        position: the position before the move.
        move: a legal move (as :func:`~solitaire_core.rules.generate_moves`
            gives them).

    Returns:
        The new position. The result of an illegal move is unspecified.
    """
    kind = move.kind
    tableau = position.tableau
    if kind is MoveKind.DRAW:
        stock = position.stock
        draw = variant.draw_count
        if not draw:
            return _deal(position)
        n = min(draw, len(stock))
        return Position(
            tableau,
            position.face_down,
            stock[:-n],
            position.waste + stock[: -n - 1 : -1],
            position.foundations,
            position.recycles,
            position.reserve,
            position.foundation_base,
        )
    if kind is MoveKind.COLUMN_TO_COLUMN:
        source, target, count = move.source, move.target, move.count
        assert source is not None and target is not None and count is not None
        pile = tableau[source]
        split = len(pile) - count
        new_tableau = list(tableau)
        new_tableau[source] = pile[:split]
        new_tableau[target] = tableau[target] + pile[split:]
        face_down = position.face_down
        down = face_down[source]
        if down and down >= split:  # the flip (RULES.md section 3)
            face_down = _flipped(face_down, source, split)
        after = Position(
            tuple(new_tableau),
            face_down,
            position.stock,
            position.waste,
            position.foundations,
            position.recycles,
            position.reserve,
            position.foundation_base,
        )
        return _refill(variant, after, source) if not split and position.reserve else after
    if kind is MoveKind.COLUMN_TO_FOUNDATION:
        source, count = move.source, move.count
        assert source is not None and count is not None
        pile = tableau[source]
        split = len(pile) - count
        base = position.foundation_base
        if count != 1:  # a spider run: 13 cards, King at the bottom
            foundations = list(position.foundations)
            foundations[run_slot(position, SUITS[pile[-1]])] = 13
        elif variant.simple_foundations:
            foundations = list(position.foundations)
            foundations[SUITS[pile[-1]]] += 1
        else:
            foundations, base = _send_home(position, pile[-1])
        new_tableau = list(tableau)
        new_tableau[source] = pile[:split]
        face_down = position.face_down
        down = face_down[source]
        if down and down >= split:
            face_down = _flipped(face_down, source, split)
        after = Position(
            tuple(new_tableau),
            face_down,
            position.stock,
            position.waste,
            tuple(foundations),
            position.recycles,
            position.reserve,
            base,
        )
        return _refill(variant, after, source) if not split and position.reserve else after
    if kind is MoveKind.WASTE_TO_FOUNDATION:
        waste = position.waste
        base = position.foundation_base
        if variant.simple_foundations:
            foundations = list(position.foundations)
            foundations[SUITS[waste[-1]]] += 1
        else:
            foundations, base = _send_home(position, waste[-1])
        return Position(
            tableau,
            position.face_down,
            position.stock,
            waste[:-1],
            tuple(foundations),
            position.recycles,
            position.reserve,
            base,
        )
    if kind is MoveKind.WASTE_TO_COLUMN:
        waste = position.waste
        target = move.target
        assert target is not None
        new_tableau = list(tableau)
        new_tableau[target] = tableau[target] + waste[-1:]
        return Position(
            tuple(new_tableau),
            position.face_down,
            position.stock,
            waste[:-1],
            position.foundations,
            position.recycles,
            position.reserve,
            position.foundation_base,
        )
    if kind is MoveKind.RECYCLE:
        return Position(
            tableau,
            position.face_down,
            position.waste[::-1],
            (),
            position.foundations,
            position.recycles + 1,
            position.reserve,
            position.foundation_base,
        )
    if kind is MoveKind.FOUNDATION_TO_COLUMN:
        suit, target = move.source, move.target
        assert suit is not None and target is not None
        foundations = list(position.foundations)
        if variant.simple_foundations:
            slot = suit
            top = suit * 13 + foundations[suit] - 1
        else:
            slot = takeback_slot(variant, position, suit, target)
            card = position.foundation_top(slot)
            assert card is not None
            top = card
        foundations[slot] -= 1
        new_tableau = list(tableau)
        new_tableau[target] = tableau[target] + (top,)
        return Position(
            tuple(new_tableau),
            position.face_down,
            position.stock,
            position.waste,
            tuple(foundations),
            position.recycles,
            position.reserve,
            position.foundation_base,
        )
    reserve = position.reserve
    if kind is MoveKind.RESERVE_TO_FOUNDATION:
        foundations, base = _send_home(position, reserve[-1])
        return Position(
            tableau,
            position.face_down,
            position.stock,
            position.waste,
            tuple(foundations),
            position.recycles,
            reserve[:-1],
            base,
        )
    target = move.target  # RESERVE_TO_COLUMN
    assert target is not None
    return _reserve_to_column(position, target)


def _reserve_to_column(position: Position, column: int) -> Position:
    """The reserve's top card moved onto ``column`` (a move, or a refill of an empty column)."""
    reserve = position.reserve
    tableau = list(position.tableau)
    tableau[column] = tableau[column] + reserve[-1:]
    return Position(
        tuple(tableau),
        position.face_down,
        position.stock,
        position.waste,
        position.foundations,
        position.recycles,
        reserve[:-1],
        position.foundation_base,
    )


def _send_home(position: Position, card: int) -> tuple[list[int], int]:
    """The foundation counts (and base) once ``card`` is on the lowest slot that takes it."""
    new = list(position.foundations)
    base = position.foundation_base
    new[home_slot(position, card)] += 1
    if base == NO_BASE:
        base = RANKS[card]  # the first card fixes the base (Nine Across)
    return new, base


def _deal(position: Position) -> Position:
    """One card face up onto each column from the left, while the stock lasts."""
    stock = position.stock
    tableau = list(position.tableau)
    dealt = min(len(stock), len(tableau))
    for column in range(dealt):
        tableau[column] = tableau[column] + (stock[-1 - column],)
    return Position(
        tuple(tableau),
        position.face_down,
        stock[: len(stock) - dealt],
        position.waste,
        position.foundations,
        position.recycles,
        position.reserve,
        position.foundation_base,
    )


def _refill(variant: Variant, position: Position, column: int) -> Position:
    """Fill ``column`` from the reserve if the move emptied it and the game says so."""
    if position.tableau[column] or not position.reserve:
        return position
    if not variant.empty_column.fills_from_reserve:
        return position
    return _reserve_to_column(position, column)


def _flipped(face_down: tuple[int, ...], column: int, remaining: int) -> tuple[int, ...]:
    """Face-down counts once a move leaves ``remaining`` cards on ``column`` (the flip).

    Only for a column that had a face-down card under the cards lifted: its new
    top turns face up (RULES.md section 3).
    """
    new = list(face_down)
    new[column] = remaining - 1 if remaining else 0
    return tuple(new)


__all__ = ["apply_move", "flipped", "play_move"]
