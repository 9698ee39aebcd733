"""The difficulty grade and the Wilson interval: boundaries worked by hand, a second formula."""

from __future__ import annotations

import math

import pytest

from solitaire_core import InvalidArgumentError, SolveStatus
from solitaire_core.survey import GRADES, Grade, grade, wilson_interval

SOLVED = SolveStatus.SOLVED


@pytest.mark.parametrize(
    ("positions", "moves", "cards", "expected"),
    [
        (1_000, 182, 52, Grade.EASY),  # both easy limits are inclusive: 3.5 x 52 = 182
        (1_001, 182, 52, Grade.MEDIUM),
        (1_000, 183, 52, Grade.MEDIUM),
        (10_000, 208, 52, Grade.MEDIUM),  # both hard limits are exclusive: 4 x 52 = 208
        (10_001, 100, 52, Grade.HARD),
        (50, 209, 52, Grade.HARD),
        (83, 105, 52, Grade.EASY),
        (1_000, 364, 104, Grade.EASY),  # two decks: 3.5 x 104 = 364, 4 x 104 = 416
        (1_000, 365, 104, Grade.MEDIUM),
        (1_000, 416, 104, Grade.MEDIUM),
        (1_000, 417, 104, Grade.HARD),
        (0, 0, 52, Grade.EASY),
    ],
)
def test_solved_deals_are_graded_at_the_documented_limits(
    positions: int, moves: int, cards: int, expected: Grade
) -> None:
    assert grade(SOLVED, positions=positions, moves=moves, cards=cards) is expected


def test_undecided_and_unwinnable_deals_are_graded_by_their_verdict_alone() -> None:
    for positions in (1, 5_000, 10**9):
        assert grade(SolveStatus.UNWINNABLE, positions=positions, moves=0) is Grade.UNWINNABLE
        assert grade(SolveStatus.UNKNOWN, positions=positions, moves=0) is Grade.UNKNOWN


def test_grades_are_listed_easiest_first() -> None:
    assert [g.value for g in GRADES] == ["easy", "medium", "hard", "unwinnable", "unknown"]


@pytest.mark.parametrize(
    "arguments",
    [
        {"status": "solved", "positions": 1, "moves": 1},
        {"status": SOLVED, "positions": -1, "moves": 1},
        {"status": SOLVED, "positions": 1, "moves": -1},
        {"status": SOLVED, "positions": 1, "moves": 1, "cards": 0},
        {"status": SOLVED, "positions": True, "moves": 1},
        {"status": SOLVED, "positions": 1.0, "moves": 1},
    ],
)
def test_bad_grade_arguments_are_refused(arguments: dict[str, object]) -> None:
    status = arguments.pop("status")
    with pytest.raises(InvalidArgumentError):
        grade(status, **arguments)  # type: ignore[arg-type]


def wilson_by_roots(successes: int, total: int, z: float) -> tuple[float, float]:
    """The Wilson interval as the roots in p of (p_hat - p)^2 = z^2 p (1 - p) / n."""
    p_hat = successes / total
    k = z * z / total
    a, b, c = 1 + k, -(2 * p_hat + k), p_hat * p_hat
    root = math.sqrt(b * b - 4 * a * c)
    return ((-b - root) / (2 * a), (-b + root) / (2 * a))


@pytest.mark.parametrize(("successes", "total"), [(0, 1), (1, 1), (8, 10), (3, 7), (419, 500)])
def test_wilson_interval_matches_the_quadratic_it_solves(successes: int, total: int) -> None:
    low, high = wilson_interval(successes, total)
    expected_low, expected_high = wilson_by_roots(successes, total, 1.96)
    assert low == pytest.approx(max(expected_low, 0.0), abs=1e-12)
    assert high == pytest.approx(min(expected_high, 1.0), abs=1e-12)
    assert 0.0 <= low <= successes / total <= high <= 1.0


def test_wilson_interval_by_hand() -> None:
    # 8 of 10: centre (0.8 + 0.19208) / 1.38416, half 1.96 sqrt(0.016 + 0.0096040) / 1.38416
    low, high = wilson_interval(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    wider = wilson_interval(8, 10, z=2.576)
    assert wider[0] < low and wider[1] > high


@pytest.mark.parametrize(
    ("successes", "total", "z"), [(-1, 5, 1.96), (6, 5, 1.96), (1, 5, 0.0), (1, 5, math.nan)]
)
def test_bad_wilson_arguments_are_refused(successes: int, total: int, z: float) -> None:
    with pytest.raises(InvalidArgumentError):
        wilson_interval(successes, total, z=z)
