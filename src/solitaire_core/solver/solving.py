"""The solver's entry point: is a deal winnable, and how (RULES.md section 9).

:func:`solve` spends one budget, counted in positions, on three searches
that it runs in turns, and stops at the first that decides:

* the **fast** depth-first search, without the moves that only break a built
  sequence (:func:`~solitaire_core.solver.depth_first.search` with
  ``fast``): most deals are won in a few hundred positions this way;
* the **best-first** search (:mod:`solitaire_core.solver.best_first`): finds
  the long wins that take the depth-first search too long. It is four
  searches that share each turn equally, with the uncovering and the plain
  estimate each weighted 2 and 1 (:data:`BEST_FIRST_SEARCHES`; the spider games'
  own, with the runs estimate, :func:`best_first_searches`): a beam
  search is chaotic, and which estimate and weight win a deal quickly is not
  known in advance;
* the **complete** depth-first search, which alone can prove a position
  unwinnable.

Where skipping the moves that only break a built sequence is proven sound
(:func:`~solitaire_core.solver.reductions.breaking_moves_are_redundant`:
Klondike and Réfléchi deals), the fast search is the complete one, and there
are two searches. Where cards come back from the foundations of two or three
decks, the complete search is two in turn: with the plain rule for the moves
home it forces, for wins, then with the rule sound for a proof of loss
(:class:`_ProvedAfter`,
:func:`~solitaire_core.solver.dominance.proving_forces_fewer`).

The schedule. First the fast search alone, as a **probe**, with a sixteenth
of the budget and at most 20,000 positions. Then rounds: in each, the
best-first search, the fast search (where it is not the complete one) and
the complete search in that order each go on from where they stopped (each
search is paused and resumed, never restarted), by a slice of positions that
doubles from round to round: the first round's slice is the probe's
(at least 32 positions), and the complete search's is twice the others'. So
no search's share of the budget is fixed: a deal the complete search proves
in 100,000 positions costs about 150,000, whatever the budget, and a search
that runs out of positions to try (the best-first beam running dry, the fast
search exhausted) leaves every later round to the others. A search other
than the complete one never takes more than half of what is left, and is
skipped when that is below 32 positions, so with a tiny budget the complete
search gets nearly all of it.

The result names the pass that decided (``decided_by``: ``"probe"``,
``"best_first"``, ``"fast"`` or ``"complete"``; a decision by the fast
search in the probe's turn is the probe's, and in Klondike and Réfléchi,
where it is the complete search, a later one is ``"complete"``).

Every winning line is replayed through the checked rules before it is returned.

>>> from solitaire_core import REFLECHI, deal_position
>>> result = solve(REFLECHI, deal_position(REFLECHI, 3), max_positions=100_000)
>>> result.status, len(result.moves) > 52
(<SolveStatus.SOLVED: 'solved'>, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Sequence
from typing import Protocol

import attrs

from solitaire_core.errors import InvalidArgumentError, PositionParseError, SolitaireError
from solitaire_core.position import Position
from solitaire_core.rules import play_move
from solitaire_core.rules.positions import require_position
from solitaire_core.solver.best_first import DEFAULT_BREADTH, DEFAULT_WEIGHT, estimate_index
from solitaire_core.solver.blocked import locks_worth_checking
from solitaire_core.solver.depth_first import is_won
from solitaire_core.solver.dominance import proving_forces_fewer
from solitaire_core.solver.progress import Cancel, ProgressCallback, Watch, require_callbacks
from solitaire_core.solver.reductions import (
    breaking_moves_are_redundant,
    placements_wait_for_cover,
    twins_are_interchangeable,
)
from solitaire_core.solver.result import (
    DEFAULT_MAX_POSITIONS,
    SolveResult,
    SolveStatus,
    require_search_arguments,
)
from solitaire_core.solver.searching import BestFirst, DepthFirst
from solitaire_core.solver.steps import dominance_is_sound
from solitaire_core.variants import Variant

PROBE_SHARE = 16
"""The probe (the fast search's first turn) may use this fraction (1/16) of the budget,"""
PROBE_MAX_POSITIONS = 20_000
"""but never more positions than this, so a bigger budget does not slow down
the deals that the best-first search wins quickly."""
SMALLEST_PASS = 32
"""A turn of a search other than the complete one below this many positions is
skipped (the complete search, which finds what the others find, gets its
positions): with a tiny budget every position counts."""
BEST_FIRST_SEARCHES = (
    ("uncovering", DEFAULT_WEIGHT),
    ("uncovering", 1),
    ("plain", DEFAULT_WEIGHT),
    ("plain", 1),
)
"""The best-first pass's searches, in turn order: (estimate, weight) (see :class:`_SharedTurns`
and :mod:`solitaire_core.solver.estimate`); a game's own: :func:`best_first_searches`."""
COMPLETE_WEIGHT = 2
"""The complete search's slice in each round, in slices of the others."""
_LEAST_SECONDS = 1e-6
"""The time given to the probe when the time limit is already used up."""


class SolverError(SolitaireError):
    """A solution failed its replay through the checked rules (a bug; please report it)."""


def solve(
    variant: Variant,
    position: Position,
    *,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
    cancel: Cancel | None = None,
) -> SolveResult:
    """Decide whether ``position`` can be won, with full knowledge of every card.

    The searches take turns over one budget (see the module docs);
    ``positions`` counts them all.

    Args:
        variant: the rules (any variant, shipped or custom).
        position: where to start.
        max_positions: the budget, in distinct positions stored (an int >= 1).
        time_limit: optional seconds for the whole solve, for interactive
            use; results with a time limit depend on the machine, so tests
            and benchmarks use positions.
        progress: called with a :class:`~solitaire_core.solver.progress.Progress`
            every :data:`~solitaire_core.solver.progress.PROGRESS_EVERY`
            positions, and once at the end with ``done`` True
            (:mod:`~solitaire_core.solver.progress`); None for none.
        cancel: asked at the same moments; when it returns True the solve
            stops and answers ``unknown`` (``threading.Event().is_set`` is
            one). None for none.

    With neither ``progress`` nor ``cancel`` given, or a ``cancel`` that
    never stops it, the solve finds the same line with the same positions.

    Returns:
        A :class:`~solitaire_core.solver.result.SolveResult`; a solved line
        is replayed with :func:`~solitaire_core.rules.play_move` from
        ``position`` first.

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``max_positions`` is not an
            int >= 1, ``time_limit`` is neither None nor a number > 0,
            ``progress`` or ``cancel`` is neither None nor callable, or
            ``position`` is not a :class:`~solitaire_core.position.Position`.
        PositionParseError: (a ``ValueError``) for a position a game cannot
            hold (:meth:`~solitaire_core.position.Position.validate`).
        SolverError: if a found line fails its replay (a bug in the solver,
            or a custom variant whose policies break their contracts).
    """
    time_limit = require_search_arguments(variant, position, max_positions, time_limit)
    require_callbacks(progress, cancel)
    watch = None
    if progress is not None or cancel is not None:
        watch = Watch(progress, cancel, time.monotonic)
    return _run_passes(
        variant,
        position,
        _passes(variant, position, watch=watch),
        max_positions=max_positions,
        time_limit=time_limit,
        clock=time.monotonic,
        watch=watch,
    )


def solve_avoiding(
    variant: Variant,
    position: Position,
    avoid: Collection[Position],
    *,
    max_positions: int = DEFAULT_MAX_POSITIONS,
    time_limit: float | None = None,
) -> SolveResult:
    """Look for a win from ``position`` that never stops at a position of ``avoid``.

    For a player who never comes back to a board already seen (the hard AI,
    :mod:`~solitaire_core.solver.hard_ai`). It is :func:`solve` with each
    search holding the positions of ``avoid`` as if already searched, so with
    unlimited recycles a position that differs from one of them only in where
    the waste stands on its cycle of draws is avoided too. The start itself is
    always searched. A position with more cards face down in a column than
    the start can never come back (a card once face up stays so), and is
    left out; with none left, this is :func:`solve`.

    With limited recycles a position is avoided when reached with at least
    as many recycles used as it has (the searches' tables keep the fewest).
    Where a card safe home would be sent home at once and that board is
    avoided, the depth-first searches try every move instead.

    Args:
        variant: the rules.
        position: where to start.
        avoid: positions of the same game (a collection: a list, a tuple, a
            set) never to enter.
        max_positions: the budget, in positions stored. Each search holds the
            avoided positions in its table and counts them, so ``positions``
            can exceed the budget by that many for each search (three or four).
        time_limit: optional seconds for the whole search, as for
            :func:`solve` (the hard AI's hint gives each sample what is left
            of its own time limit).

    Returns:
        ``SOLVED`` with a line that avoids them (replayed through the checked
        rules). ``UNWINNABLE`` says only that the search found no such line:
        the searches keep their shortcuts, which lose nothing when nothing is
        avoided but may when something is (a card safe home goes home at once
        unless that very board is avoided, moves that only break a built
        sequence are left out, the stock is gone through in steps: the draws
        that bring a card to the top of the waste, then its play, only the
        position after the play being avoided). Use it to play, not as a proof.

    Raises:
        InvalidArgumentError: (a ``ValueError``) as :func:`solve`, or if
            ``avoid`` is not a collection of
            :class:`~solitaire_core.position.Position`.
        PositionParseError: (a ``ValueError``) for a position, or one of
            ``avoid`` (named by its index), that ``variant`` cannot hold.

    >>> from solitaire_core import TRADITIONAL, Move, play_move
    >>> start = Position.from_text("|KS/|KH/|/|/|/|/| - - 12,12,13,13 0")  # two Kings left out
    >>> spades_first = play_move(TRADITIONAL, start, Move.parse("1f"))
    >>> [str(move) for move in solve_avoiding(TRADITIONAL, start, [spades_first]).moves]
    ['2f', '1f']
    """
    time_limit = require_search_arguments(variant, position, max_positions, time_limit)
    if not isinstance(avoid, Collection) or isinstance(avoid, Position | str | bytes):
        raise InvalidArgumentError(
            f"avoid must be a collection of positions, got {type(avoid).__name__}"
        )
    for index, avoided in enumerate(avoid):
        if not isinstance(avoided, Position):
            raise InvalidArgumentError(f"avoid must hold positions, not {type(avoided).__name__}")
        try:
            require_position(variant, avoided)
        except PositionParseError as error:
            raise PositionParseError(
                error.text, error.field, f"avoid[{index}]: {error.reason}"
            ) from error
    reachable = tuple(avoided for avoided in avoid if _may_come_back(avoided, position))
    return _run_passes(
        variant,
        position,
        _passes(variant, position, reachable),
        max_positions=max_positions,
        time_limit=time_limit,
        clock=time.monotonic,
    )


PASS_NAMES = ("probe", "best_first", "fast", "complete")
"""The passes of :func:`solve` in order, as ``SolveResult.decided_by`` names them."""


class Pass(Protocol):
    """One search of :func:`solve`, paused between its turns."""

    @property
    def exhausted(self) -> bool:
        """True once the search has nothing left to try (it will not decide)."""

    def advance(self, more: int, seconds: float | None) -> SolveResult:
        """Go on from where the last turn stopped.

        Args:
            more: at most this many more positions (an int >= 1).
            seconds: at most this long (a float > 0), or None for no time limit.

        Returns:
            The search's answer, its ``positions`` counting the positions this
            turn stored.
        """


class _Resumed:
    """A :class:`Pass` over a search of :mod:`~solitaire_core.solver.searching`.

    Its turns' positions add up to the size of the search's table, the start
    included (counted in the first turn).

    With a :class:`~solitaire_core.solver.progress.Watch`, a turn runs in
    pieces that end where the watch's next progress call is due: the search
    pauses there (as between two turns), the watch counts the positions,
    calls back and asks its cancel, and the search goes on unless
    cancelled (once cancelled, no search stores another position). A paused
    search resumes exactly where it stopped, so the pieces find what the
    whole turn finds.
    """

    def __init__(self, search: DepthFirst | BestFirst, watch: Watch | None = None) -> None:
        self._search = search
        self._watch = watch
        self._counted = 0

    @property
    def exhausted(self) -> bool:
        return self._search.exhausted

    def advance(self, more: int, seconds: float | None) -> SolveResult:
        deadline = None if seconds is None else time.monotonic() + seconds
        goal = self._counted + more
        watch = self._watch
        if watch is None:
            result = self._search.run(goal, deadline)
        elif watch.stopped:  # (cancelled in an earlier search of a shared turn)
            return SolveResult(SolveStatus.UNKNOWN, (), 0)
        else:
            counted = self._counted
            while True:
                limit = min(goal, counted + watch.room())
                result = self._search.run(limit, deadline)
                stopped = watch.count(result.positions - counted)
                counted = result.positions
                if (
                    stopped
                    or result.status is not SolveStatus.UNKNOWN
                    or self._search.exhausted
                    or counted >= goal
                    or counted < limit  # paused by the deadline
                ):
                    break
        stored = result.positions - self._counted
        self._counted = result.positions
        return attrs.evolve(result, positions=stored)


class _SharedTurns:
    """Several searches as one :class:`Pass`: each turn is shared equally among them.

    The best-first pass is four beam searches with different estimates or
    weights (:data:`BEST_FIRST_SEARCHES`). A beam search is chaotic: a small
    change of its order wins a deal in a hundredth of the positions or not at
    all. On the Klondike deals 0..499 left undecided at 2,000,000 positions,
    the plain estimate weighted 1 alone won ``KL1-D1N-AAAAAFH`` in 12,503
    positions (weight 2 needs 801,143) and ``KL1-D1N-AAAAAMK`` and
    ``KL1-D3N-AAAAAMK`` in 170,744 and 146,499 (the uncovering estimate wins
    neither ``-AAAAAMK`` within its shares of 2,000,000), so two weights side
    by side win deals that neither wins in the whole budget alone; and of two
    estimates, each wins deals of some games
    within a thousand positions that the other does not win within 30,000
    (:mod:`solitaire_core.solver.estimate`). Each search keeps its own table
    and goes on from where it stopped; the first to decide ends the turn.
    """

    def __init__(self, searches: tuple[Pass, ...]) -> None:
        self._searches = searches

    @property
    def searches(self) -> tuple[Pass, ...]:
        """The searches, in the order they take their part of each turn."""
        return self._searches

    @property
    def exhausted(self) -> bool:
        return all(search.exhausted for search in self._searches)

    def advance(self, more: int, seconds: float | None) -> SolveResult:
        running = [search for search in self._searches if not search.exhausted]
        deadline = None if seconds is None else time.monotonic() + seconds
        stored = 0
        for index, search in enumerate(running):
            left = len(running) - index  # this search and the ones after it share the rest
            share = (more - stored) // left
            if share < 1:
                continue
            part = None
            if deadline is not None:
                part = max((deadline - time.monotonic()) / left, _LEAST_SECONDS)
            result = search.advance(share, part)
            stored += result.positions
            if result.status is not SolveStatus.UNKNOWN:
                return attrs.evolve(result, positions=stored)
        return SolveResult(SolveStatus.UNKNOWN, (), stored)


class _ProvedAfter:
    """The complete search where a proof of loss forces fewer moves home: two in turn.

    Where cards come back from the foundations of two or three decks
    (:func:`~solitaire_core.solver.dominance.proving_forces_fewer`), the rule
    that sends a card home by force is sound for a proof of loss only when
    every copy of the cards that could need it is home, which forces few
    moves; the plain rule forces many and finds the wins sooner (Double
    Easthaven deals 6 and 10, won by the complete search within 62,204 and
    24,479 positions with it, are undecided at 100,000 without). So the
    complete search runs first with the plain rule, as a search for wins
    (its exhaustion proves nothing), and once that one is exhausted, again
    with only the sound forced moves, to prove the loss. A win found by
    either is a win (every line is replayed by the rules).
    """

    def __init__(self, first: Pass, proving: Pass) -> None:
        self._first = first
        self._proving = proving

    @property
    def exhausted(self) -> bool:
        return self._proving.exhausted

    def advance(self, more: int, seconds: float | None) -> SolveResult:
        deadline = None if seconds is None else time.monotonic() + seconds
        stored = 0
        if not self._first.exhausted:
            result = self._first.advance(more, seconds)
            stored = result.positions
            if result.status is not SolveStatus.UNKNOWN or not self._first.exhausted:
                return result
            if stored >= more or (deadline is not None and time.monotonic() >= deadline):
                return result
        part = None if deadline is None else max(deadline - time.monotonic(), _LEAST_SECONDS)
        result = self._proving.advance(more - stored, part)
        return attrs.evolve(result, positions=stored + result.positions)


def _may_come_back(avoided: Position, start: Position) -> bool:
    """False when ``avoided`` has more cards face down in some column than ``start``."""
    return all(
        earlier <= now for earlier, now in zip(avoided.face_down, start.face_down, strict=False)
    )


def best_first_searches(variant: Variant) -> tuple[tuple[str, int], ...]:
    """The best-first pass's searches in ``variant``: (estimate, weight), in turn order.

    :data:`BEST_FIRST_SEARCHES`; where foundations take only complete suit runs, the runs
    estimate weighted 2 and 1, the uncovering one 2, the plain one 1 (estimate.py).

    >>> from solitaire_core.variants import lookup_variant
    >>> best_first_searches(lookup_variant("spiderette"))
    (('runs', 2), ('runs', 1), ('uncovering', 2), ('plain', 1))
    """
    if not variant.foundations.complete_runs:
        return BEST_FIRST_SEARCHES
    return (("runs", DEFAULT_WEIGHT), ("runs", 1), ("uncovering", DEFAULT_WEIGHT), ("plain", 1))


def _passes(
    variant: Variant,
    position: Position,
    avoid: Sequence[Position] = (),
    *,
    watch: Watch | None = None,
) -> tuple[Pass, Pass, Pass]:
    """The searches :func:`solve` runs from ``position``: fast, best-first, complete.

    Each never enters the positions of ``avoid``, and counts the positions
    it stores on ``watch`` (see :class:`_Resumed`).

    Where the fast search is the complete one (see the module docs), the first
    and the last are the same object.
    """
    dominance = dominance_is_sound(variant, position)
    redundant = dominance and breaking_moves_are_redundant(variant)
    cover = placements_wait_for_cover(variant)
    locks = locks_worth_checking(variant)

    def depth_first(*, fast: bool, proves: bool = True) -> Pass:
        search = DepthFirst(
            variant,
            position,
            is_won,
            winning=True,
            skip_breaking=fast or redundant,
            proves=(not fast or redundant) and proves,
            dominance=dominance,
            cover=cover,
            stuck=True,
            locks=locks,
            twins=redundant and twins_are_interchangeable(variant),
            avoid=avoid,
        )
        return _Resumed(search, watch)

    searches = (
        BestFirst(
            variant,
            position,
            weight,
            DEFAULT_BREADTH,
            dominance=dominance,
            locks=locks,
            avoid=avoid,
            estimate=estimate_index(estimate),
        )
        for estimate, weight in best_first_searches(variant)
    )
    best_first = _SharedTurns(tuple(_Resumed(search, watch) for search in searches))
    complete = depth_first(fast=False)
    if dominance and proving_forces_fewer(variant):
        complete = _ProvedAfter(depth_first(fast=False, proves=False), complete)
    return (complete if redundant else depth_first(fast=True)), best_first, complete


def _run_passes(
    variant: Variant,
    position: Position,
    passes: tuple[Pass, Pass, Pass],
    *,
    max_positions: int,
    time_limit: float | None,
    clock: Callable[[], float],
    watch: Watch | None = None,
) -> SolveResult:
    """Share one budget among ``passes`` as :func:`solve` does (see the module docs).

    :func:`solve` calls this with the real searches (:func:`_passes`) and
    :func:`time.monotonic`; the tests call it with scripted passes and a
    scripted clock, so the schedule is checked without real searches or time.

    Args:
        variant: the rules, for the replay of a winning line.
        position: the start, for the replay of a winning line.
        passes: the fast, best-first and complete searches (the first and the
            last the same object where the fast search is the complete one).
        max_positions: the budget, in positions (an int >= 1, already checked).
        time_limit: seconds for all passes together (a float > 0, already
            checked), or None for no time limit.
        clock: the time source, in seconds; read once for the deadline and
            once before each turn.
        watch: the progress calls and the cancel the passes count their
            positions on, or None: no turn starts once it has stopped, and
            it gets the last call.

    Returns:
        The deciding turn's result (or the last one's), with ``positions``
        summed over every turn and ``decided_by`` naming the pass that
        decided (None when none did).

    Raises:
        SolverError: if a winning line fails its replay through the checked rules.
    """
    fast, best_first, complete = passes
    deadline = None if time_limit is None else clock() + time_limit
    used = 0
    result = SolveResult(SolveStatus.UNKNOWN, (), 0)
    decided_by = None
    probe = min(max_positions // PROBE_SHARE, PROBE_MAX_POSITIONS)
    turns: list[tuple[str, Pass, int]] = []  # this round's turns: name, search, positions
    if probe >= SMALLEST_PASS:
        turns.append(("probe", fast, probe))
    rounds = [("best_first", best_first, 1)]
    if fast is not complete:
        rounds.append(("fast", fast, 1))
    rounds.append(("complete", complete, COMPLETE_WEIGHT))
    slice_ = max(probe, SMALLEST_PASS)
    first = True
    while used < max_positions and decided_by is None:
        if not turns:
            if complete.exhausted:
                break  # (it has answered: only scripted passes get here)
            turns = [(name, run, n * slice_) for name, run, n in rounds if not run.exhausted]
            slice_ *= 2
        name, run, grant = turns.pop(0)
        left = max_positions - used
        if run is not complete:
            grant = min(grant, left // 2)
            if grant < SMALLEST_PASS:
                continue  # too small a turn to find anything: leave it to the complete search
        seconds = None if deadline is None else deadline - clock()
        if seconds is not None and seconds <= 0:
            if not first:
                break
            seconds = _LEAST_SECONDS  # a won start is solved even when time is up
        first = False
        result = run.advance(min(grant, left), seconds)
        used += result.positions
        if result.status is not SolveStatus.UNKNOWN:
            decided_by = name
        elif watch is not None and watch.stopped:
            break
    result = attrs.evolve(result, positions=used, decided_by=decided_by)
    if result.is_solved:
        _require_line(variant, position, result)
    if watch is not None:
        watch.finish(used)
    return result


def _require_line(variant: Variant, position: Position, result: SolveResult) -> None:
    """Replay a winning line through the checked rules; raise SolverError if it fails."""
    replay = position
    try:
        for move in result.moves:
            replay = play_move(variant, replay, move)
    except SolitaireError as error:
        raise SolverError(f"solution failed its replay: {error}") from error
    if not replay.is_won:
        raise SolverError("solution replayed without winning")
