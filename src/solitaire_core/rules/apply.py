"""Applying moves to positions (RULES.md section 3).

:func:`apply_move` is the fast, unchecked transition used by the move
generator's callers and the solver; :func:`play_move` checks first and refuses
with :class:`~solitaire_core.errors.IllegalMoveError`. Both return a new
position and never change the given one.

Effects, exactly:

* draw: ``min(draw_count, len(stock))`` cards go one by one from the stock's
  top to the waste's top, so with draw 3 the third card turned is the playable
  one and the other two lie spread under it;
* recycle: the waste, turned over, becomes the stock: the card drawn first in
  the last pass is drawn first again; ``recycles`` goes up by one;
* a move that leaves a face-down card on top of a column turns it face up as
  part of the same move (the flip).
"""

from __future__ import annotations

from solitaire_core.cards import SUITS
from solitaire_core.errors import IllegalMoveError
from solitaire_core.moves import Move, MoveKind
from solitaire_core.position import Position, flipped
from solitaire_core.rules.check import check_move, resolve_move
from solitaire_core.variants import Variant


def play_move(variant: Variant, position: Position, move: Move) -> Position:
    """Check and apply a move; the given position is never changed.

    A count-less column move (``35``) is resolved to the group that fits.

    Raises:
        IllegalMoveError: carrying the first broken rule (:func:`check_move`).
    """
    refusal = check_move(variant, position, move)
    if refusal is not None:
        raise IllegalMoveError(refusal)
    return apply_move(variant, position, resolve_move(variant, position, move))


def apply_move(variant: Variant, position: Position, move: Move) -> Position:
    """Apply a legal move without checking it.

    Args:
        variant: the rules (the draw count matters here).
        position: the position before the move.
        move: a legal move; column-to-column moves must carry their count
            (as generated moves do; see :func:`resolve_move`).

    Returns:
        The new position. The result of an illegal move is unspecified.
    """
    kind = move.kind
    tableau = position.tableau
    face_down = position.face_down
    foundations = position.foundations
    if kind is MoveKind.DRAW:
        stock = position.stock
        n = min(variant.draw_count, len(stock))
        return Position(
            tableau,
            face_down,
            stock[:-n],
            position.waste + stock[: -n - 1 : -1],
            foundations,
            position.recycles,
        )
    if kind is MoveKind.RECYCLE:
        return Position(
            tableau, face_down, position.waste[::-1], (), foundations, position.recycles + 1
        )
    if kind is MoveKind.WASTE_TO_FOUNDATION:
        waste = position.waste
        return Position(
            tableau,
            face_down,
            position.stock,
            waste[:-1],
            _add_to_foundation(foundations, SUITS[waste[-1]]),
            position.recycles,
        )
    if kind is MoveKind.WASTE_TO_COLUMN:
        waste = position.waste
        target = move.target
        assert target is not None
        new_tableau = list(tableau)
        new_tableau[target] = tableau[target] + waste[-1:]
        return Position(
            tuple(new_tableau),
            face_down,
            position.stock,
            waste[:-1],
            foundations,
            position.recycles,
        )
    if kind is MoveKind.COLUMN_TO_FOUNDATION:
        source = move.source
        assert source is not None
        pile = tableau[source]
        new_tableau = list(tableau)
        new_tableau[source] = pile[:-1]
        return Position(
            tuple(new_tableau),
            _flip(face_down, source, len(pile) - 1),
            position.stock,
            position.waste,
            _add_to_foundation(foundations, SUITS[pile[-1]]),
            position.recycles,
        )
    if kind is MoveKind.COLUMN_TO_COLUMN:
        source, target, count = move.source, move.target, move.count
        assert source is not None and target is not None and count is not None
        pile = tableau[source]
        split = len(pile) - count
        new_tableau = list(tableau)
        new_tableau[source] = pile[:split]
        new_tableau[target] = tableau[target] + pile[split:]
        return Position(
            tuple(new_tableau),
            _flip(face_down, source, split),
            position.stock,
            position.waste,
            foundations,
            position.recycles,
        )
    suit, target = move.source, move.target
    assert suit is not None and target is not None
    rank = foundations[suit]
    new_tableau = list(tableau)
    new_tableau[target] = tableau[target] + (suit * 13 + rank - 1,)
    new_foundations = list(foundations)
    new_foundations[suit] = rank - 1
    return Position(
        tuple(new_tableau),
        face_down,
        position.stock,
        position.waste,
        tuple(new_foundations),
        position.recycles,
    )


def _add_to_foundation(foundations: tuple[int, ...], suit: int) -> tuple[int, ...]:
    new = list(foundations)
    new[suit] += 1
    return tuple(new)


def _flip(face_down: tuple[int, ...], column: int, remaining: int) -> tuple[int, ...]:
    """Face-down counts once ``column`` keeps ``remaining`` cards (the flip, RULES.md section 3)."""
    down = face_down[column]
    if down and down >= remaining:
        new = list(face_down)
        new[column] = remaining - 1 if remaining else 0
        return tuple(new)
    return face_down


__all__ = ["apply_move", "flipped", "play_move"]
