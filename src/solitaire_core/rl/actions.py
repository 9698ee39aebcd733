"""The action encoding: every move a game can ever make, numbered ``0 .. n - 1``.

An environment's action space is ``Discrete(n)``, fixed per game. Action ``i``
is the move ``encoding.moves[i]``; :meth:`ActionEncoding.encode` gives the
index of a move and :meth:`ActionEncoding.decode` the move of an index. The
actions come in blocks, in this order; a block the game does not have is left
out (so the numbers depend on the game, and on nothing else):

| block | actions | in the game when |
|---|---|---|
| draw ``d`` | 1 | it has a stock (a waste, or dealt to the columns) |
| recycle ``r`` | 1 | it has a waste and may recycle it |
| waste to foundation ``wf`` | 1 | it has a waste |
| waste to column ``wN`` | C (by column) | it has a waste |
| reserve to foundation ``rf`` | 1 | it has a reserve |
| reserve to column ``rN`` | C (by column) | it has a reserve |
| column to foundation ``Nf`` | C (by source column) | always (``Nf:13``: spider foundations) |
| take-back ``fXN`` | 4 x C (suit, column) | a foundation card may go back |
| column to column ``ab:k`` | C x (C - 1) x K (source, target, count 1..K) | always |

``C`` is the number of columns and ``K`` the longest group that can move
(:attr:`~solitaire_core.rl.shapes.GameShape.max_group`). Within the last
block, the action of ``ab:k`` (0-based columns ``a`` and ``b``) is ``first +
(a * (C - 1) + b') * K + (k - 1)``, where ``b' = b`` if ``b < a`` else
``b - 1`` (the source is skipped among the targets). Take-backs are numbered
``first + suit * C + column``, suits S, H, D, C. The encoding is part of the
environment's version (``-v0``): it changes only with a new version.

>>> from solitaire_core import KLONDIKE, Move
>>> encoding = ActionEncoding(KLONDIKE)
>>> encoding.size, [str(move) for move in encoding.moves[:5]]
(591, ['d', 'r', 'wf', 'w1', 'w2'])
>>> encoding.blocks["column_to_column"]      # C = 7 columns, K = 13 cards
(45, 591)
>>> encoding.encode(Move.parse("45:2"))      # 45 + (3 * 6 + 3) * 13 + 1
319
>>> encoding.decode(319)
Move.parse('45:2')
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Final

from solitaire_core import InvalidArgumentError, Move, MoveKind, Variant
from solitaire_core.rl.shapes import GameShape, game_shape

_SUITS: Final = 4
_NONE: Final = -1


class ActionEncoding:
    """The numbered moves of one game (see the module docs for the order).

    Args:
        variant: the game.

    Attributes:
        variant: the game.
        shape: its array sizes (:func:`~solitaire_core.rl.shapes.game_shape`).
        moves: every action's move, by index (a tuple of ``size`` moves).
        size: the number of actions ``n``.
        blocks: each block's name (``"draw"``, ``"recycle"``, ``"waste_to_foundation"``,
            ``"waste_to_column"``, ``"reserve_to_foundation"``, ``"reserve_to_column"``,
            ``"column_to_foundation"``, ``"foundation_to_column"``, ``"column_to_column"``)
            and its ``(first, stop)`` index range, for the blocks the game has.
    """

    def __init__(self, variant: Variant) -> None:
        if not isinstance(variant, Variant):
            raise InvalidArgumentError(f"an action encoding needs a Variant, got {variant!r}")
        self.variant = variant
        self.shape: GameShape = game_shape(variant)
        shape = self.shape
        columns = range(shape.columns)
        blocks: list[tuple[str, list[Move]]] = []
        if variant.stock_size:
            blocks.append(("draw", [Move.draw()]))
        if shape.has_waste:
            if shape.recycle_limit != 0:
                blocks.append(("recycle", [Move.recycle()]))
            blocks.append(("waste_to_foundation", [Move.waste_to_foundation()]))
            blocks.append(("waste_to_column", [Move.waste_to_column(c) for c in columns]))
        if shape.reserve_size:
            blocks.append(("reserve_to_foundation", [Move.reserve_to_foundation()]))
            blocks.append(("reserve_to_column", [Move.reserve_to_column(c) for c in columns]))
        home = 13 if shape.spider_foundations else 1
        blocks.append(
            ("column_to_foundation", [Move.column_to_foundation(c, count=home) for c in columns])
        )
        if shape.takeback:
            blocks.append(
                (
                    "foundation_to_column",
                    [Move.foundation_to_column(s, c) for s in range(_SUITS) for c in columns],
                )
            )
        blocks.append(
            (
                "column_to_column",
                [
                    Move.column_to_column(a, b, count=k)
                    for a in columns
                    for b in columns
                    if b != a
                    for k in range(1, shape.max_group + 1)
                ],
            )
        )
        moves: list[Move] = []
        self.blocks: dict[str, tuple[int, int]] = {}
        for name, block in blocks:
            self.blocks[name] = (len(moves), len(moves) + len(block))
            moves.extend(block)
        self.moves: tuple[Move, ...] = tuple(moves)
        self.size: int = len(moves)
        self._home_count = home
        # Per kind, the index of the kind's first action (-1: the game has none);
        # column-to-column moves by source * C + target (-1 on the diagonal).
        first = {name: start for name, (start, _) in self.blocks.items()}
        self._first: list[int] = [
            first.get(name, _NONE)
            for name in (
                "draw",  # MoveKind.DRAW = 0, and so on in MoveKind's order
                "recycle",
                "waste_to_foundation",
                "waste_to_column",
                "column_to_foundation",
                "column_to_column",
                "foundation_to_column",
                "reserve_to_foundation",
                "reserve_to_column",
            )
        ]
        width = shape.columns
        group = shape.max_group
        start = first["column_to_column"]
        self._pairs: list[int] = [
            _NONE if b == a else start + (a * (width - 1) + (b if b < a else b - 1)) * group - 1
            for a in columns
            for b in columns
        ]

    def __repr__(self) -> str:
        return f"ActionEncoding({self.variant.name!r}: {self.size} actions)"

    def decode(self, index: int) -> Move:
        """The move of action ``index``.

        Raises:
            InvalidArgumentError: for an index that is not an int ``0 <= index < size``
                (NumPy integers are ints here; a bool is not).
        """
        try:
            number = -1 if isinstance(index, bool) else operator.index(index)
        except TypeError:
            number = -1
        if not 0 <= number < self.size:
            raise InvalidArgumentError(
                f"action must be an int 0..{self.size - 1} for {self.variant.name}, got {index!r}"
            )
        return self.moves[number]

    def encode(self, move: Move) -> int:
        """The action of ``move``.

        Raises:
            InvalidArgumentError: for a move no action of this game stands
                for: a column or suit the game does not have, a kind of move
                it never makes (a recycle in a one-pass game), a count other
                than the move's own (``wf:2``; ``Nf:13`` in spider-type games),
                or a group longer than any the game can move.
        """
        if not isinstance(move, Move):
            raise InvalidArgumentError(f"encode needs a Move, got {move!r}")
        index = self._index(move)
        if index < 0 or index >= self.size or self.moves[index] != move:
            raise InvalidArgumentError(f"no action of {self.variant.name} plays {str(move)!r}")
        return index

    def _index(self, move: Move) -> int:
        """The action's index by arithmetic, unchecked: -1 or a wrong index for a foreign move."""
        kind = move.kind
        first = self._first[kind]
        if first < 0:
            return _NONE
        columns = self.shape.columns
        if kind is MoveKind.COLUMN_TO_COLUMN:
            source, target, count = move.source, move.target, move.count
            assert source is not None and target is not None and count is not None
            if source >= columns or target >= columns or count > self.shape.max_group:
                return _NONE
            return self._pairs[source * columns + target] + count
        if kind is MoveKind.COLUMN_TO_FOUNDATION:
            source = move.source
            assert source is not None
            return first + source if source < columns else _NONE
        if kind is MoveKind.FOUNDATION_TO_COLUMN:
            suit, target = move.source, move.target
            assert suit is not None and target is not None
            return first + suit * columns + target if target < columns else _NONE
        if kind is MoveKind.WASTE_TO_COLUMN or kind is MoveKind.RESERVE_TO_COLUMN:
            target = move.target
            assert target is not None
            return first + target if target < columns else _NONE
        return first

    def indices(self, moves: Iterable[Move]) -> list[int]:
        """The actions of legal moves, in their order (the fast path of the environment).

        Every move must be one of the game's own legal moves (as
        :func:`~solitaire_core.legal_moves` gives them): their counts are
        not checked, except that a group longer than the encoding holds raises.

        Raises:
            InvalidArgumentError: for a move that has no action.
        """
        first_of = self._first
        pairs = self._pairs
        columns = self.shape.columns
        group = self.shape.max_group
        found: list[int] = []
        append = found.append
        c2c = MoveKind.COLUMN_TO_COLUMN
        for move in moves:
            kind = move.kind
            if kind is c2c:
                count = move.count
                assert count is not None and move.source is not None and move.target is not None
                if count > group:
                    self.encode(move)  # raises, naming the move
                append(pairs[move.source * columns + move.target] + count)
                continue
            first = first_of[kind]
            if first < 0:
                self.encode(move)  # raises, naming the move
            place = move.target if move.source is None else move.source
            if kind is MoveKind.FOUNDATION_TO_COLUMN:
                assert move.source is not None and move.target is not None
                append(first + move.source * columns + move.target)
            elif place is None:
                append(first)
            else:
                append(first + place)
        return found
