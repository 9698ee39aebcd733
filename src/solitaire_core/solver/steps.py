"""The steps the solver's searches try from a position, and its transposition key.

Shared by the depth-first (:mod:`solitaire_core.solver.depth_first`) and
best-first (:mod:`solitaire_core.solver.best_first`) passes. What it takes from
the literature (Bjarnason, Fern and Tadepalli, "Lower bounding Klondike
solitaire with Monte-Carlo planning", ICAPS 2009; the Klondike-Solver and
OpenSpiel engines):

* a key of a canonical position: columns in any order are one position (the
  rules never depend on a column's place), and with unlimited recycles the
  recycle count is left out;
* dominant foundation moves (a card whose possible users can all go home
  themselves) are played alone, without branching;
* stock macro moves: "draw until X is on top, then play X" is one step
  (:mod:`solitaire_core.solver.stock`), so no search branches on draws;
* move ordering: cards home first, then moves that turn a card over, then
  waste plays, then the other tableau moves, take-backs last; where passes
  through the stock are limited (Gargantua, Lady Jane, Eight Times Eight), a
  stock macro that spends a recycle comes after everything else, since a
  pass spent early is lost for good;
* a fast form that skips lifting a group off a card it is built on unless
  that card can go home (the classic "don't break sequences" rule).

Everything goes through the public rules API and what the variant's tables
and policies declare (never a policy's class)
(:func:`~solitaire_core.rules.legal_moves`,
:func:`~solitaire_core.rules.apply_move`), so custom variants work too.
"""

from __future__ import annotations

from typing import Final

from solitaire_core.cards import RANKS, RED, SUITS
from solitaire_core.game.autoplay import face_up_runs_are_built, home_moves, safe_move
from solitaire_core.moves import Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.rules import legal_moves
from solitaire_core.rules.apply import apply_move
from solitaire_core.rules.foundations import home_slot
from solitaire_core.solver.stock import stock_macros
from solitaire_core.variants import ALTERNATE_COLORS, Variant

ALTERNATE_COLORS_TABLE: Final = tuple(
    ALTERNATE_COLORS.check_build(card, onto) is None for onto in range(52) for card in range(52)
)
"""Klondike's building table (opposite colour, one rank lower, no wrap): the dominance rule's."""

Child = tuple[tuple[Move, ...], Position]
"""A step of the search: the atomic moves of one (macro) move and the position reached."""


def position_key(variant: Variant, position: Position) -> bytes:
    """The transposition-table key: compact bytes, the same for any column order.

    Columns are sorted only where no rule depends on a column's place (not in
    games whose stock is dealt onto the columns in order). The recycle count
    is left out: :class:`Table` compares it where recycles are limited.
    """
    columns = [
        bytes((down, *pile))
        for pile, down in zip(position.tableau, position.face_down, strict=True)
    ]
    if variant.columns_interchangeable:
        columns.sort()
    return b"\xff".join(
        (
            *columns,
            bytes(position.stock),
            bytes(position.waste),
            bytes(position.reserve),
            bytes((*position.foundations, position.foundation_base)),
        )
    )


class Table:
    """The positions a search has stored: its transposition table.

    Keyed by :func:`position_key`. Where recycles are limited, a position also
    keeps the fewest recycles it was reached with: reaching it again with as
    many or more is no better (the same moves, no more recycles left), so it
    counts as stored; with fewer it is stored again and searched again. With
    unlimited recycles the count changes nothing and is not kept.
    """

    __slots__ = ("_keys", "_limited", "_used")

    def __init__(self, variant: Variant) -> None:
        self._limited = variant.recycle_limit is not None
        self._keys: set[bytes] = set()
        self._used: dict[bytes, int] = {}

    def __len__(self) -> int:
        return len(self._used) if self._limited else len(self._keys)

    def has(self, key: bytes, recycles: int) -> bool:
        """True when the position (or one as good) is stored."""
        if self._limited:
            used = self._used.get(key)
            return used is not None and used <= recycles
        return key in self._keys

    def store(self, key: bytes, recycles: int) -> None:
        """Store a position's key with its recycle count."""
        if self._limited:
            self._used[key] = recycles
        else:
            self._keys.add(key)


_FIRST: Final = frozenset(
    (MoveKind.COLUMN_TO_FOUNDATION, MoveKind.WASTE_TO_FOUNDATION, MoveKind.RESERVE_TO_FOUNDATION)
)
_FROM_PILE: Final = frozenset((MoveKind.WASTE_TO_COLUMN, MoveKind.RESERVE_TO_COLUMN))


_LAST: Final = 6
"""The priority of a stock macro that spends one of a limited number of recycles."""


def _priority(before: Position, moves: tuple[Move, ...], after: Position) -> int:
    last = moves[-1].kind
    if last in _FIRST:
        return 0 if len(moves) == 1 else 2
    if sum(after.face_down) < sum(before.face_down):
        return 1
    if last in _FROM_PILE:
        return 3
    if last is MoveKind.COLUMN_TO_COLUMN:
        return 4
    return 5


def dominance_is_sound(variant: Variant, position: Position) -> bool:
    """True when the dominant-move rule may be used from ``position`` on.

    The rule (:func:`_dominant_home_move`) argues that every card that could
    need a card on the tableau can go home itself when it is free, which holds
    only if every group that can move is in building order. That is so when
    the group policy says so (:meth:`~solitaire_core.variants.GroupPolicy.moves_only_built_runs`:
    Réfléchi's ordered runs), or when every column's face-up cards are built
    on each other and no stock is dealt onto the columns: moves keep that true
    (a group keeps its order, and its first card fits where it lands), so it
    then holds in every reachable position. A hand-made position with face-up
    cards out of order under a policy that moves any face-up group (Klondike's,
    Yukon's) gets no forced moves: there a card sent home early can be the
    base a later group needs.
    """
    if variant.groups_are_built_runs:
        return True
    return variant.columns_interchangeable and face_up_runs_are_built(variant, position)


_KLONDIKE_BUILDING: dict[Variant, bool] = {}
"""Per variant: Klondike's building table, and one deck of foundations from the Ace?"""


def _builds_like_klondike(variant: Variant) -> bool:
    known = _KLONDIKE_BUILDING.get(variant)
    if known is None:
        known = variant.simple_foundations and variant.build_table == ALTERNATE_COLORS_TABLE
        if len(_KLONDIKE_BUILDING) > 256:  # many custom variants: start afresh rather than grow
            _KLONDIKE_BUILDING.clear()
        _KLONDIKE_BUILDING[variant] = known
    return known


def _dominant_home_move(variant: Variant, position: Position) -> Move | None:
    """A move home that some winning line makes whenever any does, or None.

    For Klondike building (opposite colour, one rank lower, as the variant's
    building table says, with one deck of foundations from the Ace) a card of
    rank r may go home at once when both foundations of the other colour hold
    at least r - 2 cards and the other foundation of its colour at least
    r - 3: every card that could ever need it on the tableau (the other-colour
    r - 1 cards, and through them the same-colour r - 2 cards) can then go home
    itself whenever it is free. Other games use the plain safe rule
    (:func:`~solitaire_core.game.autoplay.safe_move`).

    A waste card is forced home only with draw 1: with draw 3, taking a card
    off the waste changes which cards the later draws turn up, so keeping it
    there can matter (a line of Klondike-Solver's on ``KL1-D3N-AAAAAAU`` needs
    exactly that).
    """
    waste_ok = variant.draw_count == 1
    if not _builds_like_klondike(variant):
        return safe_move(variant, position)  # it keeps draw 3's waste cards too
    foundations = position.foundations
    for move, card in home_moves(variant, position):
        if move.kind is MoveKind.WASTE_TO_FOUNDATION and not waste_ok:
            continue
        rank = RANKS[card]
        if rank <= 2:
            return move
        suit = SUITS[card]
        red = RED[card]
        ok = True
        for other in range(4):
            if other == suit:
                continue
            need = rank - 3 if RED[other * 13] == red else rank - 2
            if foundations[other] < need:
                ok = False
                break
        if ok:
            return move
    return None


def _breaks_a_sequence(variant: Variant, position: Position, move: Move) -> bool:
    """True for a column move that lifts a group off a card it is built on, for nothing.

    "Built on": the group policy would also let the card under the group move
    with it (for Klondike, the group's first card is built on it; for suit
    runs, it continues the run in its suit). "For nothing": the card left on
    top cannot go home at once. Such moves are sometimes needed, so skipping
    them is a heuristic (used only by the solver's best-first and fast
    depth-first passes), not a proof.
    """
    if move.kind is not MoveKind.COLUMN_TO_COLUMN:
        return False
    assert move.source is not None and move.count is not None
    pile = position.tableau[move.source]
    start = len(pile) - move.count
    down = position.face_down[move.source]
    if start <= down:
        return False
    under = pile[start - 1]
    if not variant.build_table[under * 52 + pile[start]]:
        return False
    if variant.group.lowest_movable_index(pile, down, variant.build_table) >= start:
        return False  # the card under it could not move with it: no sequence broken
    if variant.foundations.complete_runs:
        return True  # single cards never go home
    return home_slot(position, under) < 0


def children(
    variant: Variant, position: Position, *, fast: bool = False, dominance: bool = True
) -> list[Child]:
    """The steps the search tries from ``position``, best first.

    A dominant move home (:func:`_dominant_home_move`) is the only child when
    there is one and ``dominance`` is on (the searches turn it on only when
    :func:`dominance_is_sound` holds for their start). Otherwise: every
    legal move except the waste stock's draw and recycle, and every stock
    macro move (a stock dealt onto the columns is an ordinary move). With
    ``fast``, column moves that only break a built sequence are left out
    (:func:`_breaks_a_sequence`).
    """
    forced = _dominant_home_move(variant, position) if dominance else None
    if forced is not None:
        return [((forced,), apply_move(variant, position, forced))]
    waste = variant.has_waste
    found: list[tuple[int, int, Child]] = []
    for index, move in enumerate(legal_moves(variant, position)):
        if waste and (move.kind is MoveKind.DRAW or move.kind is MoveKind.RECYCLE):
            continue
        if fast and _breaks_a_sequence(variant, position, move):
            continue
        after = apply_move(variant, position, move)
        found.append((_priority(position, (move,), after), index, ((move,), after)))
    if waste:
        offset = len(found)
        limited = variant.recycle_limit is not None
        for index, (moves, after) in enumerate(stock_macros(variant, position)):
            if limited and after.recycles > position.recycles:
                priority = _LAST  # a pass of the stock spent: after everything else
            else:
                priority = _priority(position, moves, after)
            found.append((priority, offset + index, (moves, after)))
    found.sort(key=lambda item: (item[0], item[1]))
    return [child for _, _, child in found]
