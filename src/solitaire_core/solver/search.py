"""The full-knowledge solver: is a deal winnable, and how (RULES.md section 9).

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
* a first, fast pass that skips lifting a group off a card it is built on
  unless that card can go home (the classic "don't break sequences" rule), then
  the complete search, which alone proves a deal unwinnable.

Limits are position counts (and, for interactive use only, an optional time
limit). Every solution is replayed through the checked rules before it is
returned.

>>> from solitaire_core import REFLECHI, deal_position
>>> result = solve(REFLECHI, deal_position(REFLECHI, 3), max_positions=100_000)
>>> result.status, len(result.moves) > 52
(<SolveStatus.SOLVED: 'solved'>, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from enum import StrEnum

import attrs

from solitaire_core.cards import RANKS, RED, SUITS
from solitaire_core.errors import InvalidArgumentError, SolitaireError
from solitaire_core.game.autoplay import home_moves, safe_move
from solitaire_core.moves import Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.rules import legal_moves, play_move
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


class SolverError(SolitaireError):
    """A solution failed its replay through the checked rules (a bug; please report it)."""


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
    sometimes needed, so skipping them is a heuristic (used only in the
    solver's first, fast pass), not a proof.
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
        The line is not replayed here; :func:`solve` does that.

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


def _is_won(position: Position) -> bool:
    return position.is_won


def solve(
    variant: Variant,
    position: Position,
    *,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    time_limit: float | None = None,
) -> SolveResult:
    """Decide whether ``position`` can be won, with full knowledge of every card.

    The search runs in two passes over one budget: a fast pass with three
    quarters of it that skips moves breaking a built sequence for nothing
    (finds most wins quickly, proves nothing), then the complete search with
    the rest (more when the fast pass ends early), which alone can prove a
    position unwinnable. ``positions`` counts both.

    Args:
        variant: the rules (any variant, shipped or custom).
        position: where to start.
        max_positions: the budget, in distinct positions stored (>= 1).
        time_limit: optional seconds, for interactive use; results with a time
            limit depend on the machine, so tests and benchmarks use positions.

    Returns:
        A :class:`SolveResult`; a solved line is replayed with
        :func:`~solitaire_core.rules.play_move` from ``position`` first.

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``max_positions`` is below 1.
        SolverError: if a found line fails its replay (a bug).
    """
    if max_positions < 1:
        raise InvalidArgumentError(f"max_positions must be >= 1, got {max_positions!r}")
    first_budget = max(max_positions * 3 // 4, 1)
    result = search(
        variant, position, _is_won, max_positions=first_budget, time_limit=time_limit, fast=True
    )
    used = result.positions
    if not result.is_solved and max_positions > used:
        result = search(
            variant, position, _is_won, max_positions=max_positions - used, time_limit=time_limit
        )
        result = attrs.evolve(result, positions=result.positions + used)
    else:
        result = attrs.evolve(result, positions=used)
    if result.is_solved:
        replay = position
        try:
            for move in result.moves:
                replay = play_move(variant, replay, move)
        except SolitaireError as error:
            raise SolverError(f"solution failed its replay: {error}") from error
        if not replay.is_won:
            raise SolverError("solution replayed without winning")
    return result
