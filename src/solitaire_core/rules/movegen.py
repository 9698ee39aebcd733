"""The legal-move generator: every legal move, no pruning, in a fixed order.

The order (documented and tested; stable across releases):

1. column to foundation, columns 1..n (in spider-type games: complete runs);
2. waste to foundation, then reserve to foundation;
3. column to column, by source column 1..n, then by group size, largest
   first, then by target column 1..n;
4. waste to column, columns 1..n, then reserve to column, columns 1..n;
5. foundation to column (take-backs), suits S, H, D, C, then columns 1..n;
6. the stock move (draw or deal), or recycle.

Every move names its count (``35:2``). The generator agrees exactly with
:func:`~solitaire_core.rules.check.check_move`: every generated move passes
it, and every move it accepts is generated. Generated moves are shared,
immutable objects.

>>> from solitaire_core.deal import deal_code_position
>>> from solitaire_core.variants import KLONDIKE
>>> [str(m) for m in legal_moves(KLONDIKE, deal_code_position("KL1-D1N-AAAAAAG"))]
['1f', '7f', '54:1', 'd']
"""

from __future__ import annotations

from collections.abc import Iterator

from solitaire_core.moves import Move
from solitaire_core.position import Position
from solitaire_core.rules.board import Board
from solitaire_core.variants import Variant


def legal_moves(variant: Variant, position: Position) -> tuple[Move, ...]:
    """Every legal move of ``position`` as a tuple, in the documented order.

    ``position`` must be a position of ``variant``: the generator is the hot
    path and does not check (a position of another game gives unspecified
    moves). Check a position from outside once with
    :func:`~solitaire_core.rules.positions.require_position`, as the solver,
    :func:`~solitaire_core.rules.perft`, the hint and ``Game(start=...)`` do.
    The moves come from a :class:`~solitaire_core.rules.board.Board` made for
    the call; loops that play many moves keep a board and call its
    :meth:`~solitaire_core.rules.board.Board.legal_moves` instead.

    Raises:
        InvalidArgumentError: when ``variant`` is not a Variant or
            ``position`` not a Position (the types only).
    """
    return tuple(Board(variant, position).legal_moves())


def generate_moves(variant: Variant, position: Position) -> Iterator[Move]:
    """Yield every legal move of ``position``, in the documented order.

    A generator: nothing is read before the first move is asked for. Nothing
    is yielded once the game is won (RULES.md section 5).
    """
    yield from Board(variant, position).legal_moves()


def waste_moves(variant: Variant, position: Position) -> tuple[Move, ...]:
    """The legal moves of the waste's top card, in the generator's order.

    Exactly the waste-to-foundation and waste-to-column moves of
    :func:`legal_moves`, in the same order (to its foundation first, then to
    columns 1..n), without generating the rest: the solver's stock macro moves
    ask this for every card the stock can bring to the top of the waste.

    >>> from solitaire_core.deal import deal_code_position
    >>> from solitaire_core.moves import DRAW
    >>> from solitaire_core.rules.apply import apply_move
    >>> from solitaire_core.variants import KLONDIKE
    >>> position = deal_code_position("KL1-D1N-AAAAAAG")
    >>> for _ in range(4):                      # QC comes to the top of the waste
    ...     position = apply_move(KLONDIKE, position, DRAW)
    >>> [str(move) for move in waste_moves(KLONDIKE, position)]   # onto the KD of column 3
    ['w3']
    """
    waste = position.waste
    if not waste or position.is_won:
        return ()
    return waste_card_moves(variant, position, waste[-1])


def waste_card_moves(variant: Variant, position: Position, card: int) -> tuple[Move, ...]:
    """The moves the waste's top card would have if it were ``card``: :func:`waste_moves`.

    Only the tableau and the foundations of ``position`` are read, so a stock
    walk asks this for each card the stock can bring to the top without
    building the position first
    (:meth:`~solitaire_core.rules.board.Board.waste_card_moves` on a board).
    """
    return tuple(Board(variant, position).waste_card_moves(card))


__all__ = ["generate_moves", "legal_moves", "waste_card_moves", "waste_moves"]
