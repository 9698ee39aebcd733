"""The solver on the first 200 deals of every game: a report from the catalogues' surveys.

Run: ``python benchmarks/family_survey_report.py SURVEY.sqlite3 ... [--out benchmarks/results]``
with the survey files of ``benchmarks/make_family_catalogues.sh`` (and of
``make_catalogues.sh``, whose deals beyond 0..199 are left out, so that every
game is measured on the same deals). Per game: the budget, the deals decided
(solved or proven unwinnable), the winnable fraction (solved / deals, a lower
bound) with its 95% Wilson interval, and the median and p90 seconds a deal
(the surveys' own timings, one worker; the machine was shared, so the seconds
are upper bounds). Games under 95% decided are listed at the end. Writes
``family-surveys.md`` and ``family-surveys.json`` to the output folder.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from common import machine_info, machine_line, median, percentile

from solitaire_core.solver import SolveStatus
from solitaire_core.survey import SurveyStore, wilson_interval
from solitaire_core.variants import lookup_variant

DEALS = range(200)
DECIDED_TARGET = 0.95


def game_row(path: Path) -> dict[str, Any]:
    """The report row of one survey file (deals 0..199 of one game)."""
    store = SurveyStore(path)
    settings = store.settings()
    assert settings is not None, path
    rows = [row for row in store.rows() if row.deal in DEALS]
    prefixes = {row.prefix for row in rows}
    assert len(prefixes) == 1 and len(rows) == len(DEALS), (path, prefixes, len(rows))
    (prefix,) = prefixes
    solved = sum(row.status is SolveStatus.SOLVED for row in rows)
    unwinnable = sum(row.status is SolveStatus.UNWINNABLE for row in rows)
    seconds = [row.seconds for row in rows]
    return {
        "prefix": prefix,
        "game": lookup_variant(prefix).name,
        "max_positions": settings.max_positions,
        "deals": len(rows),
        "solved": solved,
        "unwinnable": unwinnable,
        "unknown": len(rows) - solved - unwinnable,
        "decided_fraction": (solved + unwinnable) / len(rows),
        "winnable_fraction": solved / len(rows),
        "winnable_95ci": list(wilson_interval(solved, len(rows))),
        "median_seconds": median(seconds),
        "p90_seconds": percentile(seconds, 0.9),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("surveys", type=Path, nargs="+")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    args = parser.parse_args()
    rows = sorted((game_row(path) for path in args.surveys), key=lambda row: row["prefix"])
    machine = machine_info()
    document = {"deals": [DEALS.start, DEALS.stop - 1], "rows": rows, "machine": machine}
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "family-surveys.json").write_text(json.dumps(document, indent=2) + "\n")
    low = [row for row in rows if row["decided_fraction"] < DECIDED_TARGET]
    lines = [
        "# The solver on deals 0..199 of every game (the catalogues' surveys)",
        "",
        "Command: `python benchmarks/family_survey_report.py /tmp/family-catalogue/*.sqlite3` "
        "over the surveys of `benchmarks/make_family_catalogues.sh` (compiled build, one "
        "worker, no time limit). The budget is the catalogue's, below the solver's default "
        "of 1,000,000 positions: these are not yet the issue's per-game report at the "
        "default budget. Seconds are wall time a deal on a shared 2-core machine. The "
        "surveys ran the solver of commit 83a56a2 (the games added as rules files: ba8ac76, "
        "the same solver), before the Agnes Sorel loss proof "
        "(benchmarks/results/agnes-locks.md).",
        "",
        f"{machine_line(machine)}.",
        "",
        "| game | budget | decided | solved | unwinnable | unknown | winnable (95% CI) "
        "| median s | p90 s |",
        "|---|---:|---:|---:|---:|---:|---|---:|---:|",
        *(
            f"| {row['prefix']} {row['game']} | {row['max_positions']:,} | "
            f"{row['decided_fraction']:.1%} | {row['solved']} | {row['unwinnable']} | "
            f"{row['unknown']} | {row['winnable_fraction']:.1%} "
            f"({row['winnable_95ci'][0]:.1%}-{row['winnable_95ci'][1]:.1%}) | "
            f"{row['median_seconds']:.3f} | {row['p90_seconds']:.3f} |"
            for row in rows
        ),
        "",
        f"Under {DECIDED_TARGET:.0%} decided at these budgets ({len(low)} of {len(rows)}): "
        + (", ".join(f"{row['prefix']} {row['decided_fraction']:.0%}" for row in low) or "none")
        + ".",
        "",
    ]
    (args.out / "family-surveys.md").write_text("\n".join(lines))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
