"""A solve's progress callback and cancel (solver/progress.py).

No test reads the real clock's value: the progress records are checked by
their counts, and every cancel stops after a counted number of calls.
"""

from __future__ import annotations

import threading

import pytest

from solitaire_core import (
    KLONDIKE,
    InvalidArgumentError,
    Progress,
    SolveResult,
    SolveStatus,
    Variant,
    deal_position,
    solve,
)
from solitaire_core.solver import PROGRESS_EVERY
from solitaire_core.solver.progress import Watch
from solitaire_core.variants import CANFIELD, THUMB_AND_POUCH, YUKON

CASES = [
    (KLONDIKE, 2, 30_000),  # won by the probe
    (KLONDIKE, 0, 30_000),  # won by the complete search, after several turns
    (KLONDIKE, 26, 30_000),  # won by the best-first pass
    (KLONDIKE, 21, 30_000),  # proven unwinnable
    (KLONDIKE, 25, 30_000),  # not decided
    (THUMB_AND_POUCH, 21, 20_000),  # the fast pass apart from the complete one
    (YUKON, 5, 20_000),
    (CANFIELD, 1, 20_000),
]


def solved_with_progress(
    variant: Variant, number: int, budget: int
) -> tuple[SolveResult, list[Progress]]:
    seen: list[Progress] = []
    result = solve(
        variant, deal_position(variant, number), max_positions=budget, progress=seen.append
    )
    return result, seen


@pytest.mark.parametrize(("variant", "number", "budget"), CASES)
def test_a_solve_with_progress_finds_what_it_finds_without(
    variant: Variant, number: int, budget: int
) -> None:
    start = deal_position(variant, number)
    alone = solve(variant, start, max_positions=budget)
    result, _ = solved_with_progress(variant, number, budget)
    assert result == alone
    never = solve(variant, start, max_positions=budget, cancel=lambda: False)
    assert never == alone


@pytest.mark.parametrize(("variant", "number", "budget"), CASES)
def test_progress_comes_every_so_many_positions_then_once_at_the_end(
    variant: Variant, number: int, budget: int
) -> None:
    result, seen = solved_with_progress(variant, number, budget)
    *during, last = seen
    assert last.done and last.positions == result.positions and last.deals == 1
    assert not any(update.done for update in during)
    counts = [update.positions for update in seen]
    assert counts == sorted(counts)
    # one call at each multiple of PROGRESS_EVERY reached (a won search may pass it by one)
    expected = list(range(PROGRESS_EVERY, result.positions + 1, PROGRESS_EVERY))
    assert [update.positions for update in during] == expected
    seconds = [update.seconds for update in seen]
    assert seconds == sorted(seconds) and seconds[0] >= 0


@pytest.mark.parametrize("calls", [1, 3])
def test_a_cancel_stops_the_solve_at_its_next_check(calls: int) -> None:
    asked: list[int] = []

    def cancel() -> bool:
        asked.append(1)
        return len(asked) >= calls

    start = deal_position(KLONDIKE, 25)  # not decided within 1,000,000 positions
    result = solve(KLONDIKE, start, max_positions=1_000_000, cancel=cancel)
    assert result == SolveResult(SolveStatus.UNKNOWN, (), calls * PROGRESS_EVERY)
    assert len(asked) == calls


def test_a_threading_event_is_a_cancel() -> None:
    stop = threading.Event()
    seen: list[Progress] = []

    def progress(update: Progress) -> None:
        seen.append(update)
        if len(seen) == 2:
            stop.set()  # as another thread would

    result = solve(
        KLONDIKE,
        deal_position(KLONDIKE, 25),
        max_positions=1_000_000,
        progress=progress,
        cancel=stop.is_set,
    )
    assert result.status is SolveStatus.UNKNOWN and result.positions == 2 * PROGRESS_EVERY
    assert [update.positions for update in seen] == [PROGRESS_EVERY * n for n in (1, 2, 2)]
    assert [update.done for update in seen] == [False, False, True]


def test_a_solve_that_ends_before_the_first_check_is_not_cancelled() -> None:
    # Deal 2 is won by the probe in fewer positions than PROGRESS_EVERY: no cancel is asked.
    result = solve(KLONDIKE, deal_position(KLONDIKE, 2), max_positions=30_000, cancel=lambda: True)
    assert result.is_solved and result.positions < PROGRESS_EVERY


@pytest.mark.parametrize("name", ["progress", "cancel"])
@pytest.mark.parametrize("value", [True, 3, "stop"])
def test_a_callback_that_is_not_a_function_is_refused(name: str, value: object) -> None:
    with pytest.raises(InvalidArgumentError, match=f"{name} must be a function or None"):
        solve(KLONDIKE, deal_position(KLONDIKE, 0), **{name: value})  # type: ignore[arg-type]


def test_the_watch_calls_back_at_each_multiple_it_reaches() -> None:
    readings = iter([10.0, 11.0, 12.5, 13.0])
    seen: list[Progress] = []
    watch = Watch(seen.append, None, lambda: next(readings), every=100)
    assert watch.room() == 100
    assert not watch.count(60) and watch.room() == 40 and seen == []
    assert not watch.count(250)  # passes 100, 200 and 300: one call
    assert watch.room() == 90
    watch.finish(320)
    assert seen == [Progress(310, 1, 1.0), Progress(320, 1, 2.5, done=True)]
