"""The deals the solver issue named as undecided, decided (solver/solving.py).

Five deals stayed unknown at 4,000,000 positions before the solver issue:
``KL1-D1N-AAAAAAZ``, ``-AAAAABN``, ``-AAAAABR``, ``KL1-D3N-AAAAAAB`` and
``-AAAAABN``. The three draw-1 deals are decided here within 1,000,000
positions (``KL1-D1N-AAAAAAZ``'s loss takes a few hundred thousand positions:
about a minute in pure Python). The static proof of a loss
(``solver/blocked.py``) finds ten cards of ``-AAAAABN`` that can never leave
their columns, in both draws, so both are lost at once. ``KL1-D3N-AAAAAAB``
is proved unwinnable by the complete search alone in 8,231,390 positions
since twin positions are stored as one (``benchmarks/README.md``, item 8 of
the solver issue's changes): about three minutes and under a gigabyte in the
compiled build, so that test runs in the compiled build only (CI's second
run): the pure build, about twice as slow, skips it.

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

from solitaire_core import BUILD, DealCode, deal_code_position
from solitaire_core.solver import SolveStatus, solve
from solitaire_core.solver.blocked import stuck_cards
from solitaire_core.solver.depth_first import is_won, search

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
        # in Klondike the probe is the complete search's first turn
        assert result.decided_by in ("probe", "complete")


def test_the_draw_3_lock_is_proved_at_once() -> None:
    deal = DealCode.parse("KL1-D3N-AAAAABN")
    start = deal_code_position(deal)
    assert len(stuck_cards(deal.variant, start)) == 10
    result = solve(deal.variant, start, max_positions=BUDGET)
    assert (result.status, result.positions, result.moves) == (SolveStatus.UNWINNABLE, 1, ())


PROOF_BUDGET = 9_000_000
"""Above the 8,231,390 positions of the proof of ``KL1-D3N-AAAAAAB`` (module docs)."""


@pytest.mark.skipif(BUILD != "compiled", reason="3 minutes compiled: the compiled build only")
def test_the_last_draw_3_deal_is_proved_unwinnable_by_the_complete_search() -> None:
    deal = DealCode.parse("KL1-D3N-AAAAAAB")
    start = deal_code_position(deal)
    assert stuck_cards(deal.variant, start) == frozenset()  # the search proves it, not blocked.py
    result = search(deal.variant, start, is_won, max_positions=PROOF_BUDGET)
    assert (result.status, result.moves) == (SolveStatus.UNWINNABLE, ())
    assert result.positions <= PROOF_BUDGET
