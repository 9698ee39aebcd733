"""Winnable deals only: pick a deal proven winnable, reproducibly, graded by difficulty.

The most requested mode of solitaire apps. :func:`pick_winnable_deal` answers
in two ways:

* **From the catalogue**, at once, for the games that ship one (every
  shipped game with a deal code: :mod:`solitaire_core.catalogue`): the seed
  picks one of the first deals (``0 .. 1999`` in the app's rule sets, ``0 ..
  199`` in the others) that a survey proved winnable (of the grade asked
  for, if any). Where the catalogue has no such deal number but constructed
  deals of the grade (British Canister, Chameleon: card orders built to be
  winnable), the seed picks one of those, named by a full deal code.
* **With the solver**, for a game without one (a rules file's), with ``catalogue=False`` (for
  more deals than a catalogue holds: any of the 26**7 deal numbers), or when
  the catalogue has no deal of the grade asked for: it draws deal numbers from
  the seed and solves each deal in turn with a small budget, moving on from
  deals that are proven unwinnable or not decided within it, and returns the
  first deal it wins, so an app never waits for one hard deal.

Either way the same arguments give the same deal on any machine (budgets are
counts of positions, never seconds), and a deal said to be ``proven`` has a
winning line that the solver found and the rules replayed.

The solver's deal numbers are those of :func:`~solitaire_core.playout.deal_numbers`
(the playouts' deals: SplitMix64 from the seed, bounded to the deal codes'
range): try ``i`` of a seed is always the same deal, whatever the budget. The
catalogue's pick is the second SplitMix64 output of the seed, bounded to the
number of catalogue deals of the grade asked for.

The picker lives with the catalogues, above the solver it runs when a
catalogue has no deal to give.

>>> from solitaire_core.variants import KLONDIKE, YUKON
>>> picked = pick_winnable_deal(KLONDIKE, seed=1, grade="easy")
>>> picked.proven, picked.source.value, picked.grade.value, picked.code.deal_number < 2000
(True, 'catalogue', 'easy', True)
>>> picked = pick_winnable_deal(YUKON, seed=1, max_positions=20_000, catalogue=False)
>>> picked.proven, picked.source.value, str(picked.code).startswith("YU1-D0N-")
(True, 'solver', True)
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from enum import StrEnum

import attrs

from solitaire_core.catalogue.shipped import shipped_catalogue
from solitaire_core.codes import DealCode, FullDealCode, code_for
from solitaire_core.deal import deal_position
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.limits import PICK_MAX_POSITIONS
from solitaire_core.playout import deal_numbers
from solitaire_core.shuffle import SplitMix64
from solitaire_core.solver.grading import CARDS_PER_DECK, Grade
from solitaire_core.solver.grading import grade as grade_solve
from solitaire_core.solver.progress import (
    Cancel,
    Progress,
    ProgressCallback,
    require_callbacks,
)
from solitaire_core.solver.result import (
    SolveResult,
    SolveStatus,
    require_count,
    require_time_limit,
)
from solitaire_core.solver.solving import solve
from solitaire_core.variants import Variant, code_header, require_variant

DEFAULT_PICK_POSITIONS = 50_000
"""The default budget per deal tried, in positions (a fraction of a second to a
few seconds a deal for Klondike here; most winnable deals are won well within it)."""
DEFAULT_PICK_DEALS = 100
"""The default number of deals tried before giving up on a proof."""
DEFAULT_PICK_TOTAL_POSITIONS = PICK_MAX_POSITIONS
"""The default budget of a whole pick, in positions: no new deal is tried once the deals tried
have cost this many (:data:`~solitaire_core.limits.PICK_MAX_POSITIONS`, 20 deals at the
default budget), so a game whose deals the solver rarely decides is given up in seconds."""


class PickEnd(StrEnum):
    """Why :func:`pick_winnable_deal` stopped looking."""

    WON = "won"
    """A deal of the grade asked for (any, without a grade) is proven winnable."""
    MAX_DEALS = "max_deals"
    """``max_deals`` deals were tried, none won of the grade asked for."""
    MAX_TOTAL_POSITIONS = "max_total_positions"
    """The deals tried cost ``max_total_positions`` positions in all."""
    TIME_LIMIT = "time_limit"
    """The ``time_limit`` ran out."""
    CANCELLED = "cancelled"
    """The ``cancel`` function asked to stop."""


class DealSource(StrEnum):
    """Where :func:`pick_winnable_deal` found its deal."""

    CATALOGUE = "catalogue"
    """The game's shipped catalogue of deals a survey proved winnable."""
    SOLVER = "solver"
    """The solver, run by this call."""


@attrs.frozen
class WinnableDeal:
    """What :func:`pick_winnable_deal` found.

    Attributes:
        code: the deal code of the deal picked: a
            :class:`~solitaire_core.codes.DealCode` (a deal number), or a
            :class:`~solitaire_core.codes.FullDealCode` for a constructed
            deal of the catalogue (its ``deal_number`` is None).
        proven: True when the deal is proven winnable (the catalogue's survey
            or this call's solver won it); False when no deal tried was won
            (then ``code`` is the first deal tried that was not proven
            unwinnable: playable, but maybe a loss).
        tried: how many deals were tried, this one included (1-based; 1 for
            a deal from the catalogue).
        positions: the positions the solver stored over all the deals tried
            by this call (0 for a deal from the catalogue: nothing was solved).
        moves: the length of the winning line found (atomic moves, draws and
            recycles included; the survey's line for a deal from the
            catalogue); 0 when not proven.
        source: where the deal came from, the catalogue or the solver.
        grade: the deal's difficulty grade (easy, medium or hard:
            :func:`~solitaire_core.solver.grading.grade` of the survey's solve
            for a catalogue deal, of this call's solve at ``max_positions``
            otherwise); None when not proven.
        ended: why the pick stopped looking: :attr:`PickEnd.WON` when it
            found what it was asked for, else the limit it reached (then a
            deal won of another grade, ``proven``, or one not proven).
    """

    code: DealCode | FullDealCode
    proven: bool
    tried: int
    positions: int
    moves: int
    source: DealSource = DealSource.SOLVER
    grade: Grade | None = None
    ended: PickEnd = PickEnd.WON


def pick_winnable_deal(
    variant: Variant,
    *,
    seed: int,
    max_positions: int = DEFAULT_PICK_POSITIONS,
    max_deals: int = DEFAULT_PICK_DEALS,
    grade: str | None = None,
    catalogue: bool = True,
    max_total_positions: int = DEFAULT_PICK_TOTAL_POSITIONS,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
    cancel: Cancel | None = None,
) -> WinnableDeal:
    """A deal drawn from ``seed`` that is proven winnable: from the catalogue, or solved.

    With a catalogue for the game (``catalogue=True``, the default) and a deal
    of the grade asked for in it, the answer is one of the catalogue's deals,
    chosen by the seed, without solving (a few microseconds;
    ``max_positions`` and ``max_deals`` are then unused). Otherwise it is the
    first deal drawn from ``seed`` that the solver wins within
    ``max_positions`` (and, with ``grade``, whose solve has that grade; if
    none of the deals tried has it, the first deal won of another grade). It
    tries at most ``max_deals`` deals, and no new one once the deals tried
    have cost ``max_total_positions`` positions in all, once ``time_limit``
    seconds have passed, or once ``cancel`` asks to stop; the last two also
    stop the deal being solved (``ended`` says which limit ended the pick).

    Args:
        variant: a game with a deal-code prefix (every shipped game of the
            family; a custom variant once registered with one).
        seed: 0 <= seed < 2**64; fixes the deal picked.
        max_positions: the solver's budget per deal, in positions (an int >= 1).
        max_deals: how many deals the solver tries at most (an int >= 1).
        grade: ``"easy"``, ``"medium"``, ``"hard"`` (or a
            :class:`~solitaire_core.solver.grading.Grade` among them) for a deal
            of that difficulty, None (the default) for any.
        catalogue: False to skip the catalogue and solve deals drawn from
            the whole range of deal numbers (the answer before catalogues).
        max_total_positions: the budget of the whole pick, in positions (an
            int >= 1; default :data:`DEFAULT_PICK_TOTAL_POSITIONS`): once the
            solves have stored this many, no new deal is tried (the last deal
            tried may take it past by up to ``max_positions``).
        time_limit: seconds for the whole pick (a number > 0), or None (the
            default) for none. It is read when a deal starts and, during a
            solve, every :data:`~solitaire_core.solver.progress.PROGRESS_EVERY`
            positions; the first deal is always started. With a time limit
            the answer depends on the machine; without one, never.
        progress: called with a :class:`~solitaire_core.solver.progress.Progress`
            (the positions of every deal tried so far, the deals tried, the
            seconds) every :data:`~solitaire_core.solver.progress.PROGRESS_EVERY`
            positions, after each deal, and once at the end with ``done``
            True; an answer from the catalogue makes that one call only.
        cancel: a function of no arguments asked at the same moments as the
            time limit; when it returns True the pick stops, with what it
            has found so far (``threading.Event().is_set`` is one).

    Returns:
        A :class:`WinnableDeal`, ``proven`` when a deal was won, with its
        ``source``, ``grade`` and why the pick ``ended``; without a time limit
        or a cancel that stops it, the same for the same arguments on any
        machine and with either build.

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``variant`` is not a
            :class:`~solitaire_core.variants.Variant` (a name or prefix is
            refused, as by :func:`~solitaire_core.solver.solve`:
            :func:`~solitaire_core.variants.lookup_variant` finds the
            variant), the variant has no deal code, the seed is out of
            range, a budget is not an int >= 1, ``grade`` is not easy,
            medium, hard or None, ``time_limit`` is not None or a number
            > 0, or ``progress`` or ``cancel`` is not None or callable.
        CatalogueError: if the game's shipped catalogue is damaged.

    >>> from solitaire_core.variants import KLONDIKE_DRAW_3
    >>> picked = pick_winnable_deal(KLONDIKE_DRAW_3, seed=7, grade="hard")
    >>> picked == pick_winnable_deal(KLONDIKE_DRAW_3, seed=7, grade="hard")   # reproducible
    True
    >>> picked.grade.value, picked.tried, picked.positions, picked.ended.value
    ('hard', 1, 0, 'won')
    """
    return _pick(
        variant,
        seed=seed,
        max_positions=max_positions,
        max_deals=max_deals,
        grade=grade,
        catalogue=catalogue,
        max_total_positions=max_total_positions,
        time_limit=time_limit,
        progress=progress,
        cancel=cancel,
        clock=time.monotonic,
    )


def _pick(
    variant: Variant,
    *,
    seed: int,
    max_positions: int,
    max_deals: int,
    grade: str | None,
    catalogue: bool,
    max_total_positions: int,
    time_limit: float | None,
    progress: ProgressCallback | None,
    cancel: Cancel | None,
    clock: Callable[[], float],
) -> WinnableDeal:
    """:func:`pick_winnable_deal` with its time source, ``clock`` (seconds; the tests' own)."""
    require_variant(variant)
    numbers = deal_numbers(seed)
    require_count("max_positions", max_positions)
    require_count("max_deals", max_deals)
    require_count("max_total_positions", max_total_positions)
    seconds = require_time_limit(time_limit, zero_allowed=False)
    require_callbacks(progress, cancel)
    if not isinstance(catalogue, bool):
        raise InvalidArgumentError(f"catalogue must be True or False, got {catalogue!r}")
    wanted = _wanted_grade(grade)
    header = code_header(variant)
    if header is None:
        raise InvalidArgumentError(
            f"{variant.name} has no deal-code prefix: register it with one to pick deals"
        )
    start = clock()
    if catalogue:
        picked = _from_catalogue(variant, str(header), seed, wanted)
        if picked is not None:
            if progress is not None:
                progress(Progress(0, 1, clock() - start, done=True))
            return picked
    search = _Search(progress, cancel, clock, start, None if seconds is None else start + seconds)
    fallback: DealCode | None = None
    won: WinnableDeal | None = None
    last: DealCode | None = None
    cards = CARDS_PER_DECK * variant.decks
    ended = PickEnd.MAX_DEALS
    for number in itertools.islice(numbers, max_deals):
        if search.positions >= max_total_positions:
            ended = PickEnd.MAX_TOTAL_POSITIONS
            break  # the pick's whole budget is spent: no new deal
        if search.deals and search.should_stop():
            break  # (the first deal is always started)
        code = code_for(variant, number)
        assert code is not None
        last = code
        result = search.solve(variant, number, max_positions)
        if result.is_solved:
            found = grade_solve(
                SolveStatus.SOLVED, positions=result.positions, moves=len(result.moves), cards=cards
            )
            if wanted is None or found is wanted:
                search.finish()
                return WinnableDeal(
                    code,
                    proven=True,
                    tried=search.deals,
                    positions=search.positions,
                    moves=len(result.moves),
                    source=DealSource.SOLVER,
                    grade=found,
                )
            if won is None:
                won = WinnableDeal(
                    code,
                    proven=True,
                    tried=0,
                    positions=0,
                    moves=len(result.moves),
                    source=DealSource.SOLVER,
                    grade=found,
                )
        elif fallback is None and result.status is SolveStatus.UNKNOWN:
            fallback = code
        if search.stopped is not None:
            break
    assert last is not None
    search.finish()
    ended = search.stopped or ended
    if won is not None:  # no deal of the grade asked for: the first one won
        return attrs.evolve(won, tried=search.deals, positions=search.positions, ended=ended)
    # No deal won: the first undecided one, or if every deal tried was proven
    # lost, the last one (a deal to play all the same).
    return WinnableDeal(
        fallback or last,
        proven=False,
        tried=search.deals,
        positions=search.positions,
        moves=0,
        ended=ended,
    )


class _Search:
    """The solves of one pick: their positions, progress calls, time limit and cancel."""

    def __init__(
        self,
        progress: ProgressCallback | None,
        cancel: Cancel | None,
        clock: Callable[[], float],
        start: float,
        deadline: float | None,
    ) -> None:
        self._progress = progress
        self._cancel = cancel
        self._clock = clock
        self._start = start
        self._deadline = deadline
        self.positions = 0
        self.deals = 0
        self.stopped: PickEnd | None = None

    def should_stop(self) -> bool:
        """True once the cancel asks to stop or the time is up (:attr:`stopped` says which)."""
        if self.stopped is None:
            if self._cancel is not None and self._cancel():
                self.stopped = PickEnd.CANCELLED
            elif self._deadline is not None and self._clock() >= self._deadline:
                self.stopped = PickEnd.TIME_LIMIT
        return self.stopped is not None

    def solve(self, variant: Variant, number: int, max_positions: int) -> SolveResult:
        """Solve deal ``number``: the next deal tried."""
        self.deals += 1
        limited = self._cancel is not None or self._deadline is not None
        result = solve(
            variant,
            deal_position(variant, number),
            max_positions=max_positions,
            progress=None if self._progress is None else self._solving,
            cancel=self.should_stop if limited else None,
        )
        self.positions += result.positions
        self._report(done=False)
        return result

    def finish(self) -> None:
        """The last progress call."""
        self._report(done=True)

    def _solving(self, update: Progress) -> None:
        if not update.done:  # (the deal's end is reported with the pick's positions)
            self._report(done=False, positions=self.positions + update.positions)

    def _report(self, *, done: bool, positions: int | None = None) -> None:
        if self._progress is not None:
            found = self.positions if positions is None else positions
            self._progress(Progress(found, self.deals, self._clock() - self._start, done=done))


def _wanted_grade(grade: object) -> Grade | None:
    if grade is None:
        return None
    if isinstance(grade, str) and grade in _WINNING:
        return Grade(grade)
    raise InvalidArgumentError(f"grade must be 'easy', 'medium', 'hard' or None, got {grade!r}")


_WINNING = ("easy", "medium", "hard")


def _from_catalogue(
    variant: Variant, prefix: str, seed: int, wanted: Grade | None
) -> WinnableDeal | None:
    found = shipped_catalogue(prefix)
    if found is None:
        return None
    deals = found.winnable(wanted)
    made = found.constructed_winnable(wanted)
    if not deals and not made:
        return None
    chooser = SplitMix64(seed)
    chooser.next()  # skipped, as deal_numbers skips it: the second output picks the deal
    if not deals:  # only constructed deals of this grade: a full deal code
        deal = made[chooser.bounded(len(made))]
        return WinnableDeal(
            FullDealCode.parse(f"{prefix}-{deal.letters}"),
            proven=True,
            tried=1,
            positions=0,
            moves=deal.moves,
            source=DealSource.CATALOGUE,
            grade=deal.grade,
        )
    number = deals[chooser.bounded(len(deals))]
    code = code_for(variant, number)
    assert code is not None
    return WinnableDeal(
        code,
        proven=True,
        tried=1,
        positions=0,
        moves=found.moves[number],
        source=DealSource.CATALOGUE,
        grade=found.grades[number],
    )


__all__ = [
    "DEFAULT_PICK_DEALS",
    "DEFAULT_PICK_POSITIONS",
    "DEFAULT_PICK_TOTAL_POSITIONS",
    "DealSource",
    "PickEnd",
    "WinnableDeal",
    "pick_winnable_deal",
]
