"""The solver report per game agrees with itself and with the library (issue 36).

``benchmarks/results/solver-family-0-199-1000000.json`` is gathered game by game by
``benchmarks/solver_family_report.py`` from ``bench_solver.py`` runs (the command in each
game's ``measured``; ``benchmarks/solver_family_campaign.sh`` runs them). These tests check
the committed file: each game once, a shipped game with a deal code, every deal 0..199
counted once, the fractions and the 95% Wilson intervals (written out again here) agreeing
with the counts, the unknown deals named by their codes, and the Markdown page's table
holding one row a game with the target (95% decided) marked as the counts say.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_winnable_page import CODED, wilson

from solitaire_core import DealCode
from solitaire_core.solver import DEFAULT_MAX_POSITIONS

ROOT = Path(__file__).resolve().parents[1]
STEM = ROOT / "benchmarks" / "results" / "solver-family-0-199-1000000"
REPORT = json.loads(STEM.with_suffix(".json").read_text("utf-8"))
PAGE = STEM.with_suffix(".md").read_text("utf-8")
GAMES: list[dict[str, Any]] = list(REPORT["games"].values())


def test_the_report_is_deals_0_to_199_at_the_default_budget_in_the_registry_order() -> None:
    assert REPORT["settings"] == {
        "deals": [0, 199],
        "max_positions": DEFAULT_MAX_POSITIONS,
        "time_limit": None,
    }
    assert list(REPORT["games"]) == [prefix for prefix in CODED if prefix in REPORT["games"]]
    assert GAMES, "no game gathered"


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game["game"])
def test_each_game_agrees_with_itself(game: dict[str, Any]) -> None:
    deals, solved, lost, unknown = (game[k] for k in ("deals", "solved", "unwinnable", "unknown"))
    assert deals == game["deals_asked"] == 200 and not game["errors"]
    assert min(solved, lost, unknown) >= 0 and solved + lost + unknown == deals
    assert game["decided"] == solved + lost
    assert game["decided_fraction"] == pytest.approx(game["decided"] / deals)
    assert game["winnable_fraction"] == pytest.approx(solved / deals)
    assert game["winnable_fraction_95ci"] == pytest.approx(wilson(solved, deals))
    assert game["winnable_at_most_95ci"] == pytest.approx(wilson(solved + unknown, deals))
    assert sum(game["decided_by"].values()) == game["decided"]
    codes = [DealCode.parse(code) for code in game["unknown_codes"]]
    assert len(set(codes)) == unknown
    assert all(str(code).rsplit("-", 1)[0] == game["game"] for code in codes)
    assert all(0 <= code.deal_number < 200 for code in codes)
    assert game["measured"]["command"] and game["measured"]["commit"]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game["game"])
def test_the_page_has_a_row_for_each_game_with_its_target_marked(game: dict[str, Any]) -> None:
    rows = [line for line in PAGE.splitlines() if line.startswith(f"| {game['game']} ")]
    assert len(rows) == 1
    cells = [cell.strip() for cell in rows[0].split("|")]
    assert cells[2].startswith(f"{game['decided']}/200 ")
    assert cells[3] == ("met" if game["decided"] >= 190 else "**missed**")  # 95% of 200
