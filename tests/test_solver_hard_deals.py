"""The deals the solver issue named as undecided, decided (solver/solving.py).

Five deals stayed unknown at 4,000,000 positions before the solver issue:
``KL1-D1N-AAAAAAZ``, ``-AAAAABN``, ``-AAAAABR``, ``KL1-D3N-AAAAAAB`` and
``-AAAAABN``. The three draw-1 deals are decided here within 1,000,000
positions (the two losses take a few hundred thousand positions: about a
minute in pure Python); the two draw-3 deals are still unknown at 4,000,000
and are not tested yet.

What backs the verdicts besides this solver: Klondike-Solver (pyksolve, the
peer of ``benchmarks/bench_peer_solver.py``) finds no win for the two losses
within 5,000,000 states ("could not complete",
``benchmarks/results/solver-vs-pyksolve-0-199.json``) and wins the third; every
reduction behind the proofs is compared with the search without it in
``test_solver_reductions.py``; the win is replayed here through the checked
rules move by move.
"""

from __future__ import annotations

import pytest
from test_solver import replay

from solitaire_core import DealCode, deal_code_position
from solitaire_core.solver import SolveStatus, solve

BUDGET = 1_000_000


@pytest.mark.parametrize(
    ("code", "verdict"),
    [
        ("KL1-D1N-AAAAAAZ", SolveStatus.UNWINNABLE),
        ("KL1-D1N-AAAAABN", SolveStatus.UNWINNABLE),
        ("KL1-D1N-AAAAABR", SolveStatus.SOLVED),
    ],
)
def test_the_draw_1_deals_of_the_issue_are_decided(code: str, verdict: SolveStatus) -> None:
    deal = DealCode.parse(code)
    start = deal_code_position(deal)
    result = solve(deal.variant, start, max_positions=BUDGET)
    assert result.status is verdict
    assert result.positions <= BUDGET
    if verdict is SolveStatus.SOLVED:
        assert replay(deal.variant, start, result.moves).is_won
    else:
        assert result.moves == ()
        assert result.decided_by == "complete"
