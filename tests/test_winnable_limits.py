"""pick_winnable_deal's time limit, cancel and progress callback.

No test depends on the real clock: the time limit is checked with the
picker's clock replaced (``winnable._pick``, as ``solve``'s schedule is tested
with ``solving._run_passes``), a clock that moves only when the test says so,
and every cancel stops after a counted number of calls.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable
from typing import Any

import pytest

from solitaire_core import (
    KLONDIKE,
    InvalidArgumentError,
    PickEnd,
    Progress,
    pick_winnable_deal,
)
from solitaire_core.catalogue import DEFAULT_PICK_DEALS, DEFAULT_PICK_TOTAL_POSITIONS, winnable
from solitaire_core.catalogue.winnable import DealSource, WinnableDeal
from solitaire_core.solver import PROGRESS_EVERY
from solitaire_core.variants import SPIDERETTE, YUKON

BUDGET = 5_000
HARD: dict[str, Any] = {
    "variant": SPIDERETTE,
    "seed": 3,
    "catalogue": False,
    "max_positions": 3 * PROGRESS_EVERY,
}
"""A pick whose deals the solver does not decide within the budget: it tries every deal."""


class Clock:
    """A clock that moves only when told (seconds)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        return self.now


def pick(clock: Callable[[], float], **arguments: Any) -> WinnableDeal:
    """pick_winnable_deal with ``clock`` as its time source."""
    defaults: dict[str, Any] = {
        "max_positions": BUDGET,
        "max_deals": DEFAULT_PICK_DEALS,
        "grade": None,
        "catalogue": True,
        "max_total_positions": DEFAULT_PICK_TOTAL_POSITIONS,
        "time_limit": None,
        "progress": None,
        "cancel": None,
    }
    return winnable._pick(clock=clock, **{**defaults, **arguments})


def test_the_hard_pick_tries_every_deal_without_a_limit() -> None:
    picked = pick_winnable_deal(**HARD, max_deals=4)
    assert (picked.proven, picked.tried, picked.ended) == (False, 4, PickEnd.MAX_DEALS)
    assert picked.positions == 4 * 3 * PROGRESS_EVERY
    total = pick_winnable_deal(**HARD, max_total_positions=7 * PROGRESS_EVERY)
    assert (total.tried, total.ended) == (3, PickEnd.MAX_TOTAL_POSITIONS)


CHECKS = [(1, 1, 1), (2, 2, 1), (3, 3, 1), (4, 3, 1), (5, 4, 2), (7, 6, 2)]
"""(the check that finds the time up or cancels, the pieces solved, the deals tried).

Each deal of the hard pick is solved in three pieces of PROGRESS_EVERY
positions, with a check after each; before each new deal but the first
there is one more check (so checks 1, 2, 3 are the first deal's, 4 is before
the second, 5, 6, 7 are the second's)."""


def past_check(checks: int) -> Clock:
    """A clock past the time limit from the picker's reading number ``checks`` after the start."""

    class Jumping(Clock):
        def __call__(self) -> float:
            if self.readings >= checks:
                self.now = 100.0
            return super().__call__()

    return Jumping()


@pytest.mark.parametrize(("checks", "pieces", "deals"), CHECKS)
def test_the_time_limit_stops_the_pick_within_a_deal(checks: int, pieces: int, deals: int) -> None:
    picked = pick(past_check(checks), **HARD, time_limit=50.0)
    assert picked.ended is PickEnd.TIME_LIMIT and not picked.proven
    assert (picked.positions, picked.tried) == (pieces * PROGRESS_EVERY, deals)
    assert pick(past_check(checks), **HARD, time_limit=50.0) == picked  # the same clock, the same


def test_the_first_deal_starts_even_when_the_time_is_up() -> None:
    clock = Clock()

    def late() -> float:
        value = clock()
        clock.now = 1_000.0  # every reading after the start is past the limit
        return value

    picked = pick(late, **HARD, time_limit=1.0)
    assert (picked.tried, picked.positions, picked.ended) == (1, PROGRESS_EVERY, PickEnd.TIME_LIMIT)


def test_a_time_limit_never_reached_changes_nothing() -> None:
    clock = Clock()
    picked = pick(clock, variant=YUKON, seed=2, catalogue=False, time_limit=1.0)
    assert clock.now == 0.0 and clock.readings >= 1
    assert picked == pick_winnable_deal(YUKON, seed=2, catalogue=False, max_positions=BUDGET)
    assert picked.ended is PickEnd.WON


@pytest.mark.parametrize(("calls", "pieces", "deals"), CHECKS)
def test_a_cancel_stops_the_pick(calls: int, pieces: int, deals: int) -> None:
    asked: list[int] = []

    def cancel() -> bool:
        asked.append(1)
        return len(asked) >= calls

    picked = pick_winnable_deal(**HARD, cancel=cancel)
    assert picked.ended is PickEnd.CANCELLED and not picked.proven and len(asked) == calls
    assert (picked.positions, picked.tried) == (pieces * PROGRESS_EVERY, deals)


def test_a_threading_event_cancels_a_pick_from_its_progress() -> None:
    stop = threading.Event()
    seen: list[Progress] = []

    def progress(update: Progress) -> None:
        seen.append(update)
        if update.deals == 2:
            stop.set()

    picked = pick_winnable_deal(**HARD, progress=progress, cancel=stop.is_set)
    assert picked.ended is PickEnd.CANCELLED and picked.tried == 2
    assert picked.positions == 3 * PROGRESS_EVERY + PROGRESS_EVERY


def test_a_won_deal_of_another_grade_is_kept_when_the_time_runs_out() -> None:
    # Yukon seed 0: the first deal won is not easy; the pick for an easy one goes on and
    # is stopped by the time limit before it finds one: the deal won is the answer.
    first = pick_winnable_deal(YUKON, seed=0, catalogue=False, max_positions=BUDGET)
    assert first.grade is not None and first.grade.value != "easy"
    clock = Clock()

    def progress(update: Progress) -> None:
        if update.deals > first.tried:
            clock.now = 100.0  # the time is up once the next deal has started

    picked = pick(
        clock,
        variant=YUKON,
        seed=0,
        catalogue=False,
        grade="easy",
        time_limit=10.0,
        progress=progress,
    )
    assert picked.proven and picked.code == first.code and picked.ended is PickEnd.TIME_LIMIT


@pytest.mark.parametrize(("variant", "catalogue"), [(YUKON, False), (SPIDERETTE, False)])
def test_progress_of_a_solved_pick(variant: Any, catalogue: bool) -> None:
    seen: list[Progress] = []
    picked = pick_winnable_deal(
        variant, seed=1, max_positions=BUDGET, catalogue=catalogue, max_deals=6,
        progress=seen.append,
    )  # fmt: skip
    *during, last = seen
    assert last == Progress(picked.positions, picked.tried, last.seconds, done=True)
    assert not any(update.done for update in during)
    for earlier, later in itertools.pairwise(seen):  # counts never go back
        assert earlier.positions <= later.positions and earlier.deals <= later.deals
        assert earlier.seconds <= later.seconds
    assert {update.deals for update in seen} == set(range(1, picked.tried + 1))
    # a call after each deal, with the positions of every deal tried so far
    ends = [update for update in during if update.positions % PROGRESS_EVERY]
    assert len({update.deals for update in ends}) >= picked.tried - 1


def test_progress_of_a_pick_from_the_catalogue_is_one_call() -> None:
    seen: list[Progress] = []
    picked = pick_winnable_deal(KLONDIKE, seed=3, progress=seen.append)
    assert picked.source is DealSource.CATALOGUE
    (only,) = seen
    assert (only.positions, only.deals, only.done) == (0, 1, True)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"time_limit": 0}, "time_limit must be seconds > 0"),
        ({"time_limit": -1.0}, "time_limit must be seconds > 0"),
        ({"time_limit": "1"}, "time_limit must be seconds > 0"),
        ({"progress": 5}, "progress must be a function or None"),
        ({"cancel": True}, "cancel must be a function or None"),
    ],
)
def test_bad_limits_are_refused(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        pick_winnable_deal(KLONDIKE, seed=0, **arguments)  # type: ignore[arg-type]
