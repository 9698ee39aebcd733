"""docs/winnable.md ("How winnable is each game") against its committed summary.

* The summary (benchmarks/results/winnable.json, written by
  benchmarks/winnable_summary.py from the survey files) has one entry for every shipped
  game with a deal code, and agrees with itself: solved + lost + unknown = deals, the deals
  are 0..deals-1, and every fraction and 95% Wilson interval is what a hand-written
  Wilson formula gives for its counts.
* The page's table (written by benchmarks/winnable_page.py) has one row a game, and every
  cell is the summary's figure.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

import pytest

from solitaire_core.catalogue import shipped_catalogue
from solitaire_core.variants import SHIPPED_VARIANTS, code_header

ROOT = Path(__file__).resolve().parents[1]
SUMMARY = json.loads((ROOT / "benchmarks" / "results" / "winnable.json").read_text("utf-8"))
GAMES: list[dict[str, Any]] = SUMMARY["games"]
CODED = [str(code_header(v)) for v in SHIPPED_VARIANTS.values() if code_header(v) is not None]
"""The deal-code prefixes of the shipped games, in the registry's order."""
ROUNDING = 1e-6
"""The summary keeps fractions to 6 decimals."""


def wilson(successes: int, total: int) -> tuple[float, float]:
    """The 95% Wilson score interval, written out again (z = 1.96)."""
    if total == 0:
        return (0.0, 1.0)
    z = 1.96
    p = successes / total
    centre = p + z * z / (2 * total)
    spread = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total))
    scale = 1 + z * z / total
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def test_the_summary_has_every_game_with_a_deal_code_in_the_registry_order() -> None:
    assert [game["prefix"] for game in GAMES] == CODED


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game["prefix"])
def test_the_summary_agrees_with_itself(game: dict[str, Any]) -> None:
    keys = ("deals", "solved", "unwinnable", "unknown")
    deals, solved, lost, unknown = (game[key] for key in keys)
    assert min(deals, solved, lost, unknown) >= 0
    assert solved + lost + unknown == deals
    catalogue = shipped_catalogue(game["prefix"])
    assert catalogue is not None and game["max_positions"] == catalogue.max_positions
    if not deals:
        assert game["winnable_fraction"] is None and game["first_deal"] is None
        return
    assert (game["first_deal"], game["last_deal"]) == (0, deals - 1)
    assert deals <= SUMMARY["target_deals"]
    expected = {
        "decided_fraction": (solved + lost) / deals,
        "winnable_fraction": solved / deals,
        "winnable_at_most": (solved + unknown) / deals,
    }
    for key, value in expected.items():
        assert game[key] == pytest.approx(value, abs=ROUNDING), key
    for key, count in (("winnable_95ci", solved), ("winnable_at_most_95ci", solved + unknown)):
        low, high = wilson(count, deals)
        assert game[key] == pytest.approx([low, high], abs=ROUNDING), key
        assert low - 1e-12 <= count / deals <= high + 1e-12  # (at 0 or 1: the float's last bit)


def page_rows() -> dict[str, list[str]]:
    """The page's table rows by prefix: the cells after the prefix."""
    page = (ROOT / "docs" / "winnable.md").read_text(encoding="utf-8")
    rows = {}
    for line in page.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 11 and cells[1] in CODED:
            rows[cells[1]] = cells[2:]
    return rows


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def test_the_page_has_a_row_for_every_game() -> None:
    assert sorted(page_rows()) == sorted(CODED)  # python benchmarks/winnable_page.py


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game["prefix"])
def test_the_page_row_is_the_summary(game: dict[str, Any]) -> None:
    budget, deals, decided, solved, lost, unknown, low, high, _ = page_rows()[game["prefix"]]
    assert int(budget.replace(",", "")) == game["max_positions"]
    assert int(deals.replace(",", "")) == game["deals"]
    if not game["deals"]:
        assert (decided, solved, lost, unknown, high) == ("-", "-", "-", "-", "-")
        return
    counts = [int(cell.replace(",", "")) for cell in (solved, lost, unknown)]
    assert counts == [game["solved"], game["unwinnable"], game["unknown"]]
    assert decided == percent(game["decided_fraction"])
    for cell, value, interval in (
        (low, game["winnable_fraction"], game["winnable_95ci"]),
        (high, game["winnable_at_most"], game["winnable_at_most_95ci"]),
    ):
        assert cell == f"{percent(value)} ({100 * interval[0]:.1f}-{percent(interval[1])})"


def test_the_page_counts_the_games_with_every_deal() -> None:
    page = (ROOT / "docs" / "winnable.md").read_text(encoding="utf-8")
    target = SUMMARY["target_deals"]
    full = sum(game["deals"] >= target for game in GAMES)
    deals = sum(game["deals"] for game in GAMES)
    assert f"So far {deals:,} deals of {len(GAMES)} games: {full} games have all" in page


def test_the_winnable_summary_is_not_shrunk_by_a_partial_folder_of_surveys() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))  # (a script of benchmarks/)
    import winnable_summary

    old = {"games": [{"prefix": "KL1-D1N", "deals": 1000}, {"prefix": "YU1-D0N", "deals": 400}]}
    new = {"games": [{"prefix": "KL1-D1N", "deals": 100}, {"prefix": "YU1-D0N", "deals": 500}]}
    assert winnable_summary.fewer_deals(old, new) == ["KL1-D1N"]
    assert winnable_summary.fewer_deals(new, new) == []
    assert winnable_summary.fewer_deals({}, new) == []


def survey_rows(prefix: str, deals: range, seconds: float = 2.0) -> list[Any]:
    """Rows of ``deals``: every third solved, every third lost, the rest unknown."""
    from solitaire_core.solver import SolveStatus
    from solitaire_core.solver.grading import Grade
    from solitaire_core.survey import DealRow

    statuses = (SolveStatus.SOLVED, SolveStatus.UNWINNABLE, SolveStatus.UNKNOWN)
    return [
        DealRow(prefix, deal, f"{prefix}-{deal}", statuses[deal % 3], 10, 0, None, seconds,
                Grade.EASY)
        for deal in deals
    ]  # fmt: skip


def test_a_survey_going_on_after_the_committed_deals_adds_up_to_one_of_all_the_deals() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))  # (a script of benchmarks/)
    import winnable_summary as ws

    committed = ws.game_entry("YU1-D0N", 50_000, survey_rows("YU1-D0N", range(200), 1.0))
    later = survey_rows("YU1-D0N", range(150, 1000), 3.0)  # deals 150..199 counted already
    entry = ws.extended_entry(committed, later, "build B")
    whole = ws.game_entry(
        "YU1-D0N",
        50_000,
        survey_rows("YU1-D0N", range(200), 1.0) + survey_rows("YU1-D0N", range(200, 1000), 3.0),
    )
    assert entry["surveyed_in"] == [
        {"deals": [0, 199], "with": ws.FIRST_SURVEYS},
        {"deals": [200, 999], "with": "build B"},
    ]
    assert {key: value for key, value in entry.items() if key != "surveyed_in"} == whole
    assert whole["seconds_a_deal"] == (200 * 1.0 + 800 * 3.0) / 1000
    assert ws.extended_entry(entry, [], "build C") == entry


def test_pieces_of_one_solver_join_and_a_stale_entry_gets_todays_name_and_figures() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))  # (a script of benchmarks/)
    import winnable_summary as ws

    committed = ws.game_entry("KL1-D1N", 100_000, survey_rows("KL1-D1N", range(200)))
    stale = committed | {"game": "Old name", "published": []}
    first = ws.extended_entry(stale, survey_rows("KL1-D1N", range(200, 300)), "B")
    assert (first["game"], first["published"]) == (committed["game"], committed["published"])
    assert first["published"]  # Klondike has published figures
    second = ws.extended_entry(first, survey_rows("KL1-D1N", range(200, 400)), "B")
    assert second["surveyed_in"] == [
        {"deals": [0, 199], "with": ws.FIRST_SURVEYS},
        {"deals": [200, 399], "with": "B"},
    ]
    third = ws.extended_entry(second, survey_rows("KL1-D1N", range(400, 450)), "C")
    assert third["surveyed_in"][-1] == {"deals": [400, 449], "with": "C"}
    assert len(third["surveyed_in"]) == 3


def test_an_entry_that_is_not_deals_0_to_n_is_not_extended() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))  # (a script of benchmarks/)
    import winnable_summary as ws

    odd = ws.game_entry("YU1-D0N", 50_000, survey_rows("YU1-D0N", range(100, 200)))
    with pytest.raises(ws.SummaryError, match=r"not deals 0\.\.deals-1"):
        ws.extended_entry(odd, survey_rows("YU1-D0N", range(200, 300)), "B")


def test_a_survey_leaving_a_gap_after_the_committed_deals_is_refused() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))  # (a script of benchmarks/)
    import winnable_summary as ws

    committed = ws.game_entry("YU1-D0N", 50_000, survey_rows("YU1-D0N", range(200)))
    with pytest.raises(ws.SummaryError, match=r"not deals 200\.\.299"):
        ws.extended_entry(committed, survey_rows("YU1-D0N", range(201, 301)), "B")


def test_the_summary_keeps_or_extends_the_committed_entries_of_a_folder_without_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))  # (a script of benchmarks/)
    import winnable_summary as ws

    budgets = {prefix: budget for prefix, _, budget in ws.coded_games()}
    old = {"surveyed_with": "build A", "games": [
        ws.game_entry(p, budgets[p], survey_rows(p, range(200))) for p in ("YU1-D0N", "RU1-D0N")
    ]}  # fmt: skip
    found = {
        "YU1-D0N": (budgets["YU1-D0N"], survey_rows("YU1-D0N", range(200, 300))),
        "KL1-D1N": (budgets["KL1-D1N"], survey_rows("KL1-D1N", range(100))),
    }
    monkeypatch.setattr(ws, "surveyed_rows", lambda surveys, deals: {})
    kept = ws.summary(Path("empty folder"), 1000, old)  # nothing extended: no solver to name
    assert [game for game in kept["games"] if game["deals"]] == old["games"]
    monkeypatch.setattr(ws, "surveyed_rows", lambda surveys, deals: found)
    with pytest.raises(ws.SummaryError, match="--surveyed-with"):
        ws.summary(Path("folder"), 1000, old)
    games = {game["prefix"]: game for game in ws.summary(Path("f"), 1000, old, "B")["games"]}
    assert games["YU1-D0N"]["deals"] == 300  # extended
    assert games["YU1-D0N"]["surveyed_in"][1] == {"deals": [200, 299], "with": "B"}
    assert games["RU1-D0N"] == old["games"][1]  # no rows: kept
    assert games["KL1-D1N"]["deals"] == 100  # from deal 0: made from its rows, by B
    assert games["KL1-D1N"]["surveyed_in"] == [{"deals": [0, 99], "with": "B"}]
    assert games["TR1-D1N"]["deals"] == 0  # neither rows nor a committed entry
    order = {
        spec.split(":")[0]: spec.split(":")[2] for spec in ws.campaign_order(Path("f"), 1000, old)
    }
    assert (order["YU1-D0N"], order["RU1-D0N"], order["KL1-D1N"]) == ("200", "200", "0")


def test_the_page_names_the_solver_of_each_piece_of_a_game_surveyed_in_pieces() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))  # (a script of benchmarks/)
    import winnable_page
    import winnable_summary as ws

    committed = ws.game_entry("YU1-D0N", 50_000, survey_rows("YU1-D0N", range(200)))
    entry = ws.extended_entry(committed, survey_rows("YU1-D0N", range(200, 1000)), "build B")
    lines = winnable_page.table({"target_deals": 1000, "games": [entry, committed]})
    assert lines[-1] == f"* Yukon: deals 0..199: {ws.FIRST_SURVEYS}; deals 200..999: build B."
    assert sum("Yukon:" in line for line in lines) == 1  # the entry of one piece has no line
