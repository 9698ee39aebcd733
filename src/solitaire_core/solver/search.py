"""The solver's depth-first search: its complete pass, and the parts both passes use.

A depth-first search over positions with a transposition table, using only the
public rules API (:func:`~solitaire_core.rules.legal_moves` and
:func:`~solitaire_core.rules.apply_move`), so it works on custom variants. What
it uses from the literature (Bjarnason, Fern and Tadepalli, "Lower bounding
Klondike solitaire with Monte-Carlo planning", ICAPS 2009; the Klondike-Solver
and OpenSpiel engines):

* a transposition table keyed on a canonical position: columns in any order
  are one position (the rules never depend on a column's place), and with
  unlimited recycles the recycle count is left out; the table also avoids
  every cycle, recycles included, and so prunes a move that only undoes the
  last one (it leads back to a stored position);
* dominant foundation moves (a card whose possible users can all go home
  themselves) are played alone, without branching;
* stock macro moves: "draw until X is on top, then play X" is one step
  (:mod:`solitaire_core.solver.stock`), so the search never branches on draws;
* move ordering: cards home first, then moves that turn a card over, then
  waste plays, then the other tableau moves, take-backs last;
* a fast form of the children that skips lifting a group off a card it is
  built on unless that card can go home (the classic "don't break sequences"
  rule), used by the best-first pass
  (:mod:`solitaire_core.solver.best_first`); the complete search, which alone
  proves a deal unwinnable, keeps every move.

:func:`~solitaire_core.solver.solving.solve` runs the passes. Limits are
position counts (and, for interactive use only, an optional time limit).

>>> from solitaire_core import REFLECHI, deal_position
>>> result = search(REFLECHI, deal_position(REFLECHI, 3), is_won, max_positions=100_000)
>>> result.status, len(result.moves) > 52
(<SolveStatus.SOLVED: 'solved'>, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from enum import StrEnum

import attrs

from solitaire_core.cards import RANKS, RED, SUITS
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.game.autoplay import home_moves, safe_move
from solitaire_core.moves import Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.rules import legal_moves
from solitaire_core.rules.apply import apply_move
from solitaire_core.solver.stock import stock_macros
from solitaire_core.variants import AlternateColors, Variant

DEFAULT_MAX_POSITIONS = 1_000_000
"""The default budget: positions stored in the transposition table."""

Child = tuple[tuple[Move, ...], Position]
"""A step of the search: the atomic moves of one (macro) move and the position reached."""


class SolveStatus(StrEnum):
    """The verdict of a search."""

    SOLVED = "solved"
    """A winning line was found (and replayed through the checked rules)."""
    UNWINNABLE = "unwinnable"
    """The search exhausted every reachable position: no line wins."""
    UNKNOWN = "unknown"
    """A limit was reached first."""


@attrs.frozen
class SolveResult:
    """What the solver found.

    Attributes:
        status: solved, unwinnable or unknown.
        moves: for a solved position, the winning line as atomic moves in
            notation order (draws and recycles included), first move first;
            else empty.
        positions: how many distinct positions the search stored.
    """

    status: SolveStatus
    moves: tuple[Move, ...]
    positions: int

    @property
    def is_solved(self) -> bool:
        """True when a winning line was found."""
        return self.status is SolveStatus.SOLVED


def position_key(variant: Variant, position: Position) -> bytes:
    """The transposition-table key: compact bytes, the same for any column order.

    The recycle count is part of the key only when the variant limits recycles.
    """
    columns = sorted(
        bytes((down, *pile))
        for pile, down in zip(position.tableau, position.face_down, strict=True)
    )
    recycles = position.recycles if variant.recycle_limit is not None else 0
    return b"\xff".join(
        (
            *columns,
            bytes(position.stock),
            bytes(position.waste),
            bytes(position.foundations) + str(recycles).encode("ascii"),
        )
    )


def _priority(before: Position, moves: tuple[Move, ...], after: Position) -> int:
    last = moves[-1].kind
    if last is MoveKind.COLUMN_TO_FOUNDATION or last is MoveKind.WASTE_TO_FOUNDATION:
        return 0 if len(moves) == 1 else 2
    if sum(after.face_down) < sum(before.face_down):
        return 1
    if last is MoveKind.WASTE_TO_COLUMN:
        return 3
    if last is MoveKind.COLUMN_TO_COLUMN:
        return 4
    return 5


def _dominant_home_move(variant: Variant, position: Position) -> Move | None:
    """A move home that some winning line makes whenever any does, or None.

    For Klondike building (opposite colour, one rank lower) a card of rank r
    may go home at once when both foundations of the other colour hold at
    least r - 2 cards and the other foundation of its colour at least r - 3:
    every card that could ever need it on the tableau (the other-colour r - 1
    cards, and through them the same-colour r - 2 cards) can then go home
    itself whenever it is free. Other building rules use the plain safe rule.

    A waste card is forced home only with draw 1: with draw 3, taking a card
    off the waste changes which cards the later draws turn up, so keeping it
    there can matter (a line of Klondike-Solver's on ``KL1-D3N-AAAAAAU`` needs
    exactly that).
    """
    waste_ok = variant.draw_count == 1
    if not isinstance(variant.build, AlternateColors):
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

    "For nothing": the card left on top cannot go home at once. Such moves are
    sometimes needed, so skipping them is a heuristic (used only by the
    solver's best-first and fast depth-first passes), not a proof.
    """
    if move.kind is not MoveKind.COLUMN_TO_COLUMN:
        return False
    assert move.source is not None and move.count is not None
    pile = position.tableau[move.source]
    start = len(pile) - move.count
    if start <= position.face_down[move.source]:
        return False
    under = pile[start - 1]
    if not variant.build_table[under * 52 + pile[start]]:
        return False
    return position.foundations[SUITS[under]] != RANKS[under] - 1


def children(variant: Variant, position: Position, *, fast: bool = False) -> list[Child]:
    """The steps the search tries from ``position``, best first.

    A dominant move home (:func:`_dominant_home_move`) is the only child when
    there is one. Otherwise: every legal move except draw and recycle, and
    every stock macro move. With ``fast``, column moves that only break a
    built sequence are left out (:func:`_breaks_a_sequence`).
    """
    forced = _dominant_home_move(variant, position)
    if forced is not None:
        return [((forced,), apply_move(variant, position, forced))]
    found: list[tuple[int, int, Child]] = []
    for index, move in enumerate(legal_moves(variant, position)):
        if move.kind is MoveKind.DRAW or move.kind is MoveKind.RECYCLE:
            continue
        if fast and _breaks_a_sequence(variant, position, move):
            continue
        after = apply_move(variant, position, move)
        found.append((_priority(position, (move,), after), index, ((move,), after)))
    offset = len(found)
    for index, (moves, after) in enumerate(stock_macros(variant, position)):
        found.append((_priority(position, moves, after), offset + index, (moves, after)))
    found.sort(key=lambda item: (item[0], item[1]))
    return [child for _, _, child in found]


def search(
    variant: Variant,
    position: Position,
    goal: Callable[[Position], bool],
    *,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    time_limit: float | None = None,
    fast: bool = False,
) -> SolveResult:
    """Depth-first search for a position where ``goal`` holds (see the module docs).

    Args:
        variant: the rules.
        position: the start.
        goal: the test for a position to reach.
        max_positions: the budget in distinct positions stored (>= 1).
        time_limit: optional wall-clock seconds (None: no time limit).
        fast: skip the moves of :func:`_breaks_a_sequence`; then exhausting the
            search proves nothing and is reported as ``UNKNOWN``.

    Returns:
        ``SOLVED`` with the line reaching the goal, ``UNWINNABLE`` when no
        reachable position meets it, ``UNKNOWN`` when a limit stopped the search.
        The line is not replayed here;
        :func:`~solitaire_core.solver.solving.solve` does that.

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``max_positions`` is below 1.
    """
    if max_positions < 1:
        raise InvalidArgumentError(f"max_positions must be >= 1, got {max_positions!r}")
    if goal(position):
        return SolveResult(SolveStatus.SOLVED, (), 1)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    seen = {position_key(variant, position)}
    path: list[tuple[Move, ...]] = []
    stack: list[Iterator[Child]] = [iter(children(variant, position, fast=fast))]
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            if path:
                path.pop()
            continue
        moves, child = step
        key = position_key(variant, child)
        if key in seen:
            continue
        if len(seen) >= max_positions:
            return SolveResult(SolveStatus.UNKNOWN, (), len(seen))
        seen.add(key)
        if goal(child):
            path.append(moves)
            line = tuple(move for macro in path for move in macro)
            return SolveResult(SolveStatus.SOLVED, line, len(seen))
        if deadline is not None and not len(seen) & 255 and time.monotonic() > deadline:
            return SolveResult(SolveStatus.UNKNOWN, (), len(seen))
        path.append(moves)
        stack.append(iter(children(variant, child, fast=fast)))
    return SolveResult(SolveStatus.UNKNOWN if fast else SolveStatus.UNWINNABLE, (), len(seen))


def is_won(position: Position) -> bool:
    """The goal of a solve: every card home (a ``goal`` for :func:`search`)."""
    return position.is_won
