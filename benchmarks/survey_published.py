"""A survey's winnable fraction next to the published figures for Thoughtful Klondike draw 3.

Run: ``python benchmarks/survey_published.py SURVEY.sqlite3 --prefix KL1-D3N
--command "solitaire-core survey KL1-D3N ..." [--commit C] [--out benchmarks/results]``

Reads a survey file (``solitaire-core survey``), takes its ``survey-report
--json`` document for one game, and writes
``survey-<prefix>-<first>-<last>-<budget>.md`` and ``.json`` to the output
folder: the command that made the survey, the winnable fraction (the deals
solved) with its 95% Wilson interval, the decided fraction, the upper bound
(solved or undecided), and whether the bounds bracket the published
figures: Blake and Gent (2019) 81.945 +- 0.084 % and lonelybot 81.95 +-
0.03 % of Thoughtful (every card known) Klondike draw 3 deals winnable.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from published import PUBLISHED as ALL_PUBLISHED

from solitaire_core.survey import SurveyStore, survey_report

PUBLISHED = tuple(
    (item.source, item.percent / 100, item.margin / 100)
    for item in ALL_PUBLISHED["KL1-D3N"]
    if item.margin is not None
)
"""(source, fraction, 95% margin) of Thoughtful Klondike draw 3 (benchmarks/published.py)."""


def percent(value: float) -> str:
    return f"{100 * value:.2f}%"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("survey", type=Path)
    parser.add_argument("--prefix", default="KL1-D3N")
    parser.add_argument("--command", required=True, help="the command that made the survey")
    parser.add_argument("--commit", default="", help="the commit the survey ran")
    parser.add_argument(
        "--cpu-seconds", type=float, help="the survey's CPU time, as measured (/usr/bin/time)"
    )
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    args = parser.parse_args()
    store = SurveyStore(args.survey)
    settings = store.settings()
    assert settings is not None, "no survey in the file"
    rows = [row for row in store.rows() if row.prefix == args.prefix]
    report = survey_report(rows, settings=settings, file=args.survey.name)
    game: dict[str, Any] = report["games"][0]
    low, high = game["winnable_fraction"], game["winnable_at_most"]
    comparisons = [
        {
            "source": source,
            "fraction": value,
            "plus_minus": error,
            "bracketed": low <= value <= high,
            "in_winnable_95ci": game["winnable_95ci"][0] <= value <= game["winnable_95ci"][1],
        }
        for source, value, error in PUBLISHED
    ]
    seconds = sum(row.seconds for row in rows)
    this = f"python benchmarks/survey_published.py {args.survey.name} --prefix {args.prefix}"
    document = {
        "survey_command": args.command,
        "report_command": f"solitaire-core survey-report {args.survey.name} --json",
        "made_by": this,
        "commit": args.commit,
        "solve_seconds": seconds,
        "cpu_seconds": args.cpu_seconds,
        "survey_report": report,
        "published": comparisons,
    }
    name = f"survey-{args.prefix}-{game['first_deal']}-{game['last_deal']}-{settings.max_positions}"
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / f"{name}.json").write_text(json.dumps(document, indent=2) + "\n")
    ci_low, ci_high = game["winnable_95ci"]
    at_most_low, at_most_high = game["winnable_at_most_95ci"]
    decided_low, decided_high = game["winnable_among_decided_95ci"]
    lines = [
        f"# Survey of {game['game']} ({args.prefix}), deals {game['first_deal']}.."
        f"{game['last_deal']}, {settings.max_positions:,} positions a deal",
        "",
        f"Survey: `{args.command}`" + (f" (commit {args.commit})" if args.commit else "") + ".",
        f"Report: `solitaire-core survey-report {args.survey.name} --json` (the JSON file "
        f"beside this one, key `survey_report`); this page: `{this}`. The solves took "
        f"{seconds:,.0f} s of wall time in all (one worker, compiled build)"
        + (f", {args.cpu_seconds:,.0f} s of CPU time." if args.cpu_seconds else "."),
        "",
        "| deals | solved | unwinnable | unknown | decided |",
        "|---:|---:|---:|---:|---:|",
        f"| {game['deals']} | {game['solved']} | {game['unwinnable']} | {game['unknown']} | "
        f"{percent(game['decided_fraction'])} |",
        "",
        "| measure | value | 95% Wilson interval |",
        "|---|---:|---|",
        f"| winnable (solved / deals): a lower bound | {percent(low)} | "
        f"{percent(ci_low)}-{percent(ci_high)} |",
        f"| at most (solved + unknown) / deals: an upper bound | {percent(high)} | "
        f"{percent(at_most_low)}-{percent(at_most_high)} |",
        f"| among the decided deals | {percent(game['winnable_among_decided'])} | "
        f"{percent(decided_low)}-{percent(decided_high)} |",
        "",
        "Grades: " + ", ".join(f"{count} {grade}" for grade, count in game["grades"].items()) + ".",
        "",
        "Published, Thoughtful Klondike draw 3 (every card known, unlimited passes):",
        "",
    ]
    for item in comparisons:
        verdict = (
            "lies between this survey's lower and upper bounds"
            if item["bracketed"]
            else "is NOT between this survey's lower and upper bounds"
        )
        lines.append(
            f"* {item['source']}: {100 * item['fraction']:.3f} % +- "
            f"{100 * item['plus_minus']:.3f} %: {verdict} "
            f"({percent(low)} .. {percent(high)})."
        )
    lines += [
        "",
        f"The lower bound counts only the deals solved within the budget, the upper bound "
        f"counts every deal not proven unwinnable: the {game['unknown']} undecided deals make "
        f"the gap of {100 * (high - low):.1f} points (a larger budget narrows it). The "
        "fraction among the decided deals is no estimate of the whole: the undecided deals "
        "are not a random sample (a lost deal is harder to prove than a won one is to win).",
        "",
    ]
    (args.out / f"{name}.md").write_text("\n".join(lines))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
