"""Winnable deals only: pick_winnable_deal and ``deal --winnable``.

The expected deals are not pasted from a run: the deal numbers come from the
documented sequence (``playout_deals``), every deal passed over is checked to
be not won within the same budget, and the winning line of the deal picked is
replayed on the independent reference model of the tests.
"""

from __future__ import annotations

import pytest
from cli_runner import run, run_json
from family_reference import FamilyGame

from solitaire_core import (
    InvalidArgumentError,
    SolveStatus,
    deal_position,
    format_move,
    pick_winnable_deal,
    solve,
)
from solitaire_core.playout import playout_deals
from solitaire_core.variants import TRADITIONAL, YUKON

BUDGET = 5_000


@pytest.mark.parametrize("seed", [0, 1, 2, 7])
def test_the_first_deal_the_solver_wins_is_picked(seed: int) -> None:
    picked = pick_winnable_deal(YUKON, seed=seed, max_positions=BUDGET)
    assert picked.proven
    numbers = playout_deals(seed=seed, games=picked.tried)
    assert picked.code.deal_number == numbers[-1]
    assert str(picked.code).startswith("YU1-D0N-")
    for number in numbers[:-1]:  # the deals passed over were not won within the budget
        result = solve(YUKON, deal_position(YUKON, number), max_positions=BUDGET)
        assert result.status is not SolveStatus.SOLVED
    result = solve(YUKON, deal_position(YUKON, numbers[-1]), max_positions=BUDGET)
    assert result.is_solved and len(result.moves) == picked.moves
    reference = FamilyGame.deal("YU", numbers[-1])
    for move in result.moves:
        reference.play(format_move(YUKON, move))
    assert reference.is_won()
    assert pick_winnable_deal(YUKON, seed=seed, max_positions=BUDGET) == picked  # reproducible


def test_deals_not_decided_within_the_budget_are_passed_over() -> None:
    # One position decides no fresh deal: every try is undecided, none proven.
    numbers = playout_deals(seed=3, games=4)
    for number in numbers:
        assert solve(YUKON, deal_position(YUKON, number), max_positions=1).status is (
            SolveStatus.UNKNOWN
        )
    picked = pick_winnable_deal(YUKON, seed=3, max_positions=1, max_deals=4)
    assert not picked.proven and picked.moves == 0 and picked.tried == 4
    assert picked.code.deal_number == numbers[0]  # the first undecided deal, to play anyway


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"variant": TRADITIONAL, "seed": 0}, "has no deal-code prefix"),
        ({"variant": YUKON, "seed": -1}, "seed must be an int"),
        ({"variant": YUKON, "seed": 2**64}, "seed must be an int"),
        ({"variant": YUKON, "seed": True}, "seed must be an int"),
        ({"variant": YUKON, "seed": 0, "max_positions": 0}, "max_positions"),
        ({"variant": YUKON, "seed": 0, "max_deals": 0}, "max_deals"),
    ],
)
def test_bad_arguments_are_refused(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        pick_winnable_deal(**arguments)  # type: ignore[arg-type]


def test_deal_winnable_command(capsys: pytest.CaptureFixture[str]) -> None:
    picked = pick_winnable_deal(YUKON, seed=5, max_positions=BUDGET)
    document = run_json(
        capsys, "deal", "--winnable", "yukon", "--seed", "5", "--max-positions", str(BUDGET)
    )
    assert document["code"] == str(picked.code)
    assert document["winnable"] == {
        "proven": picked.proven,
        "tried": picked.tried,
        "positions": picked.positions,
        "moves": picked.moves,
        "seed": 5,
    }
    status, out, _ = run(capsys, "deal", "--winnable", "YU1-D0N", "--seed", "5",
                         "--max-positions", str(BUDGET))  # fmt: skip
    assert status == 0 and out.startswith(f"{picked.code}  (Yukon, deal ")
    assert "won by the solver" in out.splitlines()[0]
    for argv, message in [
        (["deal", "--winnable", "traditional"], "has no deal-code prefix"),
        (["deal", "--winnable", "no-such-game"], "unknown game"),
        (["deal", "--winnable", "yukon", "--seed", "-1"], "seed must be an int"),
    ]:
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == "" and message in err, (argv, err)
