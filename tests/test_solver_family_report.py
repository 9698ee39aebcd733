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
import sys
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
sys.path.insert(0, str(ROOT / "benchmarks"))
import bench_solver  # noqa: E402  (a script of benchmarks/, with its folder on the path)
import solver_family_report as gathering  # noqa: E402


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


def test_every_game_under_the_target_has_its_reason_and_no_other_game_has_one() -> None:
    notes = json.loads(gathering.NOTES.read_text("utf-8"))
    short = {game["game"] for game in GAMES if game["decided"] < 190}
    assert set(notes) == short
    for prefix in short:
        assert f"* {prefix} {REPORT['games'][prefix]['name']}: {notes[prefix]}" in PAGE


def bench_report(
    game: str, solved: int, deals: int, commit: str = "abc1234", cpu: bool = False
) -> dict[str, Any]:
    """A bench_solver.py report of ``game`` with ``deals`` of 0..199 done, ``solved`` solved.

    Each deal took 0.01 s wall time; with ``cpu``, also 0.5 s CPU time (not a real
    machine's figures: so that the page shows which clock it used).
    """
    rows = [
        {"game": game, "deal": n, "code": f"{game}-X", "status": "solved" if n < solved else
         "unknown", "decided_by": "probe" if n < solved else None, "positions": 10 + n,
         "seconds": 0.01} | ({"cpu_seconds": 0.5} if cpu else {})
        for n in range(deals)
    ]  # fmt: skip
    return {
        "settings": {"deals": [0, 199], "max_positions": 1_000_000, "time_limit": None,
                     "workers": 1},
        "run": {"date": "2026-12-07T00:00:00+00:00", "command": "bench", "deals_resumed": 5},
        "machine": {"commit": commit, "build": "compiled", "processor": "cpu",
                    "uncommitted_src": []},
        "games": [bench_solver.summarize(game, 0, 199, rows)],
    }  # fmt: skip


def test_only_a_game_with_every_deal_solved_is_gathered() -> None:
    gathered: dict[str, Any] = {"settings": None, "games": {}}
    assert gathering.gather(gathered, bench_report("KL1-D3N", 150, 120), "a") == []
    assert gathering.gather(gathered, bench_report("KL1-D1N", 185, 200), "b") == ["KL1-D1N"]
    game = gathered["games"]["KL1-D1N"]
    assert (game["decided"], game["unknown"], game["measured"]["deals_resumed"]) == (185, 15, 5)
    later = bench_report("KL1-D1N", 199, 200, commit="def5678")
    assert gathering.gather(gathered, later, "c") == ["KL1-D1N"]  # the later run replaces it
    assert gathered["games"]["KL1-D1N"]["measured"]["commit"] == "def5678"
    page = gathering.markdown(gathered)
    assert "| KL1-D1N Klondike | 199/200 (99.5%) | met |" in page
    assert "Klondike draw 3 (KL1-D3N)" in page.split("Not measured yet")[1]
    gathered["games"]["KL1-D1N"] = bench_report("KL1-D1N", 180, 200)["games"][0] | {
        "measured": game["measured"]
    }
    assert "| KL1-D1N Klondike | 180/200 (90.0%) | **missed** |" in gathering.markdown(gathered)


def test_a_report_of_other_settings_is_refused() -> None:
    gathered: dict[str, Any] = {"settings": None, "games": {}}
    gathering.gather(gathered, bench_report("KL1-D1N", 200, 200), "a")
    other = bench_report("KL1-D3N", 200, 200)
    other["settings"]["max_positions"] = 50_000
    with pytest.raises(gathering.ReportError, match="settings"):
        gathering.gather(gathered, other, "b")
    assert list(gathered["games"]) == ["KL1-D1N"]


def test_the_page_shows_cpu_seconds_where_recorded_and_marks_the_wall_clock() -> None:
    gathered: dict[str, Any] = {"settings": None, "games": {}}
    gathering.gather(gathered, bench_report("KL1-D1N", 200, 200, cpu=True), "a")
    gathering.gather(gathered, bench_report("KL1-D3N", 200, 200), "b")
    page = gathering.markdown(gathered).splitlines()
    rows = {line.split(" ")[1]: line.split("|") for line in page if line.startswith("| KL1-")}
    assert [cell.strip() for cell in rows["KL1-D1N"][6:8]] == ["0.500", "0.50"]
    assert "wall clock" not in rows["KL1-D1N"][10]
    assert [cell.strip() for cell in rows["KL1-D3N"][6:8]] == ["0.010", "0.01"]
    assert "wall clock" in rows["KL1-D3N"][10]


def test_a_game_under_the_target_shows_its_note_or_that_none_is_written() -> None:
    gathered: dict[str, Any] = {"settings": None, "games": {}}
    gathering.gather(gathered, bench_report("KL1-D1N", 180, 200), "a")
    gathering.gather(gathered, bench_report("KL1-D3N", 185, 200), "b")
    gathering.gather(gathered, bench_report("KL1-D3V", 200, 200), "c")
    page = gathering.markdown(gathered, {"KL1-D1N": "deep deals; tried X."})
    under = page.split("Under the target: why, and what was tried (2):")[1].split("Unknown")[0]
    assert under.split("\n") == [
        "",
        "",
        "* KL1-D1N Klondike: deep deals; tried X.",
        "* KL1-D3N Klondike draw 3: no reason written yet.",
        "",
        "",
    ]
