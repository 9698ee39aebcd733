"""The solver's entry point: is a deal winnable, and how (RULES.md section 9).

:func:`solve` spends one budget, counted in positions, on up to four passes
and stops at the first that decides:

1. a depth-first probe without the moves that only break a built sequence
   (:func:`~solitaire_core.solver.depth_first.search` with ``fast``), with a
   sixteenth of the budget and at most 20,000 positions: most deals are won in
   a few hundred positions this way, in a few milliseconds;
2. the best-first pass (:mod:`solitaire_core.solver.best_first`) with a
   quarter of what is left: finds the wins that take the depth-first search
   too long;
3. the same fast depth-first search again with a third of what is left:
   finds wins the best-first pass's narrow beam misses, typically when
   recycles are limited;
4. the complete depth-first search with the rest (nearly half of the
   budget, or 70% of it without the third pass), which alone can prove a
   position unwinnable.

Where skipping the moves that only break a built sequence is proven sound
(:func:`~solitaire_core.solver.board_steps.breaking_moves_are_redundant`:
Klondike and Réfléchi deals), the fast search is the complete one: the probe
proves too when it runs out of positions, and the third pass is left out
(the complete search gets its share).

The result names the pass that decided (``decided_by``: ``"probe"``,
``"best_first"``, ``"fast"`` or ``"complete"``).

A pass that stops before its budget leaves the rest to the next, and one whose
share is below 32 positions is skipped.

Every winning line is replayed through the checked rules before it is returned.

>>> from solitaire_core import REFLECHI, deal_position
>>> result = solve(REFLECHI, deal_position(REFLECHI, 3), max_positions=100_000)
>>> result.status, len(result.moves) > 52
(<SolveStatus.SOLVED: 'solved'>, True)
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable

import attrs

from solitaire_core.errors import SolitaireError
from solitaire_core.position import Position
from solitaire_core.rules import play_move
from solitaire_core.solver.best_first import best_first_search
from solitaire_core.solver.board_steps import breaking_moves_are_redundant
from solitaire_core.solver.depth_first import is_won, search
from solitaire_core.solver.result import (
    DEFAULT_MAX_POSITIONS,
    SolveResult,
    SolveStatus,
    check_search_arguments,
)
from solitaire_core.solver.steps import dominance_is_sound
from solitaire_core.variants import Variant

PROBE_SHARE = 16
"""The first, depth-first probe may use this fraction (1/16) of the budget,"""
PROBE_MAX_POSITIONS = 20_000
"""but never more positions than this, so a bigger budget does not slow down
the deals that the best-first pass wins quickly."""
SMALLEST_PASS = 32
"""A pass whose share is below this many positions is skipped (the complete
search, which finds what the others find, gets its positions): with a tiny
budget every position counts."""
_LEAST_SECONDS = 1e-6
"""The time given to the first pass when the time limit is already used up."""


class SolverError(SolitaireError):
    """A solution failed its replay through the checked rules (a bug; please report it)."""


def solve(
    variant: Variant,
    position: Position,
    *,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    time_limit: float | None = None,
) -> SolveResult:
    """Decide whether ``position`` can be won, with full knowledge of every card.

    The search runs in up to four passes over one budget (see the module
    docs); ``positions`` counts them all.

    Args:
        variant: the rules (any variant, shipped or custom).
        position: where to start.
        max_positions: the budget, in distinct positions stored (an int >= 1).
        time_limit: optional seconds for the whole solve, for interactive
            use; results with a time limit depend on the machine, so tests
            and benchmarks use positions.

    Returns:
        A :class:`~solitaire_core.solver.result.SolveResult`; a solved line
        is replayed with :func:`~solitaire_core.rules.play_move` from
        ``position`` first.

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``max_positions`` is not an
            int >= 1, ``time_limit`` is neither None nor a number > 0, or
            ``position`` is not a :class:`~solitaire_core.position.Position`.
        PositionParseError: (a ``ValueError``) for a position a game cannot
            hold (:meth:`~solitaire_core.position.Position.validate`).
        SolverError: if a found line fails its replay (a bug in the solver,
            or a custom variant whose policies break their contracts).
    """
    time_limit = check_search_arguments(variant, position, max_positions, time_limit)
    return _run_passes(
        variant,
        position,
        _passes(variant, position),
        max_positions=max_positions,
        time_limit=time_limit,
        clock=time.monotonic,
    )


PASS_NAMES = ("probe", "best_first", "fast", "complete")
"""The passes of :func:`solve` in order, as ``SolveResult.decided_by`` names them."""

_Pass = Callable[[int, float | None], SolveResult]
"""One pass of :func:`solve`: called with its budget (positions, an int >= 1) and
its seconds (a float > 0, or None for no time limit), it returns its result,
whose ``positions`` counts the positions it used (at most its budget)."""

_SHARES: tuple[tuple[int, int | None], ...] = (
    (PROBE_SHARE, PROBE_MAX_POSITIONS),
    (4, None),
    (3, None),
    (1, None),
)
"""For each pass in :data:`PASS_NAMES` order: the share of the positions left
that it may use (1/share of them) and a cap on its budget (None: no cap)."""


def _passes(
    variant: Variant, position: Position
) -> tuple[_Pass, _Pass, _Pass | None, _Pass]:
    """The searches :func:`solve` runs from ``position``, in :data:`PASS_NAMES` order.

    Returns:
        The fast depth-first probe, the best-first pass, the fast depth-first
        pass (None where it would be the complete search: see the module
        docs) and the complete depth-first search, each a :data:`_Pass`.
    """

    def best_first(budget: int, seconds: float | None) -> SolveResult:
        return best_first_search(variant, position, max_positions=budget, time_limit=seconds)

    def depth_first(budget: int, seconds: float | None, *, fast: bool) -> SolveResult:
        return search(
            variant, position, is_won, max_positions=budget, time_limit=seconds, fast=fast
        )

    fast = functools.partial(depth_first, fast=True)
    complete = functools.partial(depth_first, fast=False)
    if dominance_is_sound(variant, position) and breaking_moves_are_redundant(variant):
        return fast, best_first, None, complete
    return fast, best_first, fast, complete


def _run_passes(
    variant: Variant,
    position: Position,
    passes: tuple[_Pass, _Pass, _Pass | None, _Pass],
    *,
    max_positions: int,
    time_limit: float | None,
    clock: Callable[[], float],
) -> SolveResult:
    """Share one budget among ``passes`` as :func:`solve` does (see the module docs).

    :func:`solve` calls this with the real searches (:func:`_passes`) and
    :func:`time.monotonic`; the tests call it with scripted passes and a
    scripted clock, so the schedule is checked without real searches or time.

    Args:
        variant: the rules, for the replay of a winning line.
        position: the start, for the replay of a winning line.
        passes: the four passes in :data:`PASS_NAMES` order; each is called
            at most once, with the budget and seconds the schedule gives it;
            a pass given as None is left out (its share goes to the next).
        max_positions: the budget, in positions (an int >= 1, already checked).
        time_limit: seconds for all passes together (a float > 0, already
            checked), or None for no time limit.
        clock: the time source, in seconds; read once for the deadline and
            once before each pass.

    Returns:
        The deciding pass's result (or the last one run), with ``positions``
        summed over every pass run and ``decided_by`` naming the pass that
        decided (None when none did).

    Raises:
        SolverError: if a winning line fails its replay through the checked rules.
    """
    deadline = None if time_limit is None else clock() + time_limit
    used = 0
    result = SolveResult(SolveStatus.UNKNOWN, (), 0)
    decided_by = None
    for number, (run, (share, cap)) in enumerate(zip(passes, _SHARES, strict=True), start=1):
        left = max_positions - used
        seconds = None if deadline is None else deadline - clock()
        if left < 1 or (seconds is not None and seconds <= 0 and used):
            break  # the first pass always runs: a won start is solved even when time is up
        budget = max(left // share, 1) if cap is None else min(max(left // share, 1), cap)
        if run is None or (budget < SMALLEST_PASS and number < len(passes)):
            continue  # left out, or too small a share to find anything: leave it to the next
        result = run(budget, None if seconds is None else max(seconds, _LEAST_SECONDS))
        used += result.positions
        if result.status is not SolveStatus.UNKNOWN:
            decided_by = PASS_NAMES[number - 1]
            break
    result = attrs.evolve(result, positions=used, decided_by=decided_by)
    if result.is_solved:
        _check_line(variant, position, result)
    return result


def _check_line(variant: Variant, position: Position, result: SolveResult) -> None:
    """Replay a winning line through the checked rules; raise SolverError if it fails."""
    replay = position
    try:
        for move in result.moves:
            replay = play_move(variant, replay, move)
    except SolitaireError as error:
        raise SolverError(f"solution failed its replay: {error}") from error
    if not replay.is_won:
        raise SolverError("solution replayed without winning")
