"""How winnable is each game: the compact summary of the surveys behind docs/winnable.md.

Run: ``python benchmarks/winnable_summary.py SURVEYS [--deals 1000] [--out FILE]`` over the
folder of survey files that ``benchmarks/make_winnable_surveys.sh`` fills (default
``/work/surveys``; the SQLite files are bulk output and stay out of git). For every shipped
game with a deal code (in the registry's order) it writes one entry to
``benchmarks/results/winnable.json``: the budget (positions a deal), the deals surveyed so
far among 0..DEALS-1, the solved, proven unwinnable and undecided deals, and the figures of
the library's own survey report (:func:`solitaire_core.survey.report.group_report`): the
winnable fraction solved / deals (a lower bound) and (solved + unknown) / deals (an upper
bound), each with its 95% Wilson interval, and the decided fraction; the mean seconds a deal
(wall time of one worker on a shared machine: an upper bound); and the published figures
of ``published.py`` for that game. A game not surveyed yet has 0 deals and null fractions.
It refuses (exit 2, the file kept) to write a summary with fewer deals of a game than the
file already has, as it would over a new or partial folder (the survey files stay on the
machine that made them); ``--allow-fewer`` writes it anyway.
Then ``python benchmarks/winnable_page.py`` rewrites the page's table and its chart from
that file.

``python benchmarks/winnable_summary.py SURVEYS --order`` prints the games for the campaign
instead, as ``PREFIX:BUDGET`` words (the budget is the game's catalogue's), cheapest first
by the mean seconds a deal its survey has taken so far (a game without a deal yet first).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from published import PUBLISHED

from solitaire_core.catalogue import shipped_catalogue
from solitaire_core.survey import DealRow, SurveyStore
from solitaire_core.survey.report import group_report
from solitaire_core.variants import SHIPPED_VARIANTS, code_header

DEFAULT_SURVEYS: Final = Path("/work/surveys")
"""The campaign's folder of survey files (outside the repository)."""
DEFAULT_DEALS: Final = 1000
"""The deals 0..DEALS-1 of each game the page reports."""
SURVEYED_WITH: Final = (
    "the compiled build of commit 1ffe4de (/tmp/s37-cv), one worker, no time limit; deals "
    "0..199 of 52 family games from the catalogues' surveys (benchmarks/make_family_"
    "catalogues.sh, the solver of commit 83a56a2, whose verdicts are today's), extended "
    "from deal 200; Agnes Sorel surveyed again from deal 0 (the loss proof came after 83a56a2)"
)
"""Which solver made the rows, recorded in the summary (the rows do not say it)."""


def coded_games() -> list[tuple[str, str, int]]:
    """``(prefix, name, budget)`` of every shipped game with a deal code, in the registry's order.

    The budget (positions a deal) is that of the game's shipped catalogue.
    """
    games = []
    for variant in SHIPPED_VARIANTS.values():
        header = code_header(variant)
        if header is None:
            continue
        catalogue = shipped_catalogue(str(header))
        assert catalogue is not None, header
        games.append((str(header), variant.name, catalogue.max_positions))
    return games


def surveyed_rows(surveys: Path, deals: int) -> dict[str, tuple[int, list[DealRow]]]:
    """Every survey file's rows of deals 0..deals-1, by prefix, with the file's budget.

    Raises:
        AssertionError: if one game's deals stand in files of different budgets.
    """
    found: dict[str, tuple[int, list[DealRow]]] = {}
    for path in sorted(surveys.glob("*.sqlite3")):
        store = SurveyStore(path)
        settings = store.settings()
        if settings is None:  # no deal yet
            continue
        for row in store.rows():
            if row.deal >= deals:
                continue
            budget, rows = found.setdefault(row.prefix, (settings.max_positions, []))
            assert budget == settings.max_positions, (path, row.prefix, budget)
            rows.append(row)
    return found


def mean_seconds(rows: Sequence[DealRow]) -> float | None:
    """The mean wall seconds a deal over the rows (None for no row)."""
    return sum(row.seconds for row in rows) / len(rows) if rows else None


def game_entry(prefix: str, budget: int, rows: Sequence[DealRow]) -> dict[str, Any]:
    """One game's entry of the summary, from the library's survey report of its rows."""
    report = group_report(prefix, rows)
    keys = (
        "prefix", "game", "deals", "first_deal", "last_deal", "solved", "unwinnable", "unknown",
        "decided_fraction", "winnable_fraction", "winnable_95ci", "winnable_at_most",
        "winnable_at_most_95ci",
    )  # fmt: skip
    entry = {key: _rounded(report[key]) for key in keys}
    entry["max_positions"] = budget
    entry["seconds_a_deal"] = _rounded(mean_seconds(rows))
    entry["published"] = [item._asdict() for item in PUBLISHED.get(prefix, ())]
    return entry


def _rounded(value: Any) -> Any:
    """Fractions and seconds to 6 decimals (the summary stays small; the page shows 0.1%)."""
    if isinstance(value, float):
        return round(value, 6)
    if isinstance(value, list):
        return [_rounded(item) for item in value]
    return value


def summary_text(document: dict[str, Any]) -> str:
    """The summary as JSON text: one line a game, so that a new piece changes its game's line."""
    head = json.dumps({key: value for key, value in document.items() if key != "games"}, indent=1)
    games = ",\n".join("  " + json.dumps(game, ensure_ascii=False) for game in document["games"])
    return head.removesuffix("\n}") + ',\n "games": [\n' + games + "\n ]\n}\n"


def campaign_order(surveys: Path, deals: int) -> list[str]:
    """``PREFIX:BUDGET`` of every game, cheapest first (mean seconds a deal so far; none: 0)."""
    found = surveyed_rows(surveys, deals)

    def cost(game: tuple[str, str, int]) -> float:
        return mean_seconds(found.get(game[0], (0, []))[1]) or 0.0

    return [f"{prefix}:{budget}" for prefix, _, budget in sorted(coded_games(), key=cost)]


def summary(surveys: Path, deals: int) -> dict[str, Any]:
    """The summary document: the campaign's settings and one entry a game."""
    found = surveyed_rows(surveys, deals)
    entries = []
    for prefix, _, budget in coded_games():
        surveyed_budget, rows = found.get(prefix, (budget, []))
        assert surveyed_budget == budget, (prefix, surveyed_budget, budget)
        entries.append(game_entry(prefix, budget, rows))
    return {
        "made_by": f"python benchmarks/winnable_summary.py {surveys} --deals {deals}",
        "campaign": "benchmarks/make_winnable_surveys.sh",
        "surveyed_with": SURVEYED_WITH,
        "target_deals": deals,
        "games": entries,
    }


def fewer_deals(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """The prefixes of the games ``new`` has fewer deals of than ``old`` (summary documents).

    The survey files are bulk output outside git; run over a folder that lost
    some (a new machine), the summary would silently shrink.
    """
    had = {game["prefix"]: game["deals"] for game in old.get("games", ())}
    return [game["prefix"] for game in new["games"] if game["deals"] < had.get(game["prefix"], 0)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("surveys", type=Path, nargs="?", default=DEFAULT_SURVEYS)
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS, help="deals 0..DEALS-1")
    parser.add_argument("--order", action="store_true", help="print the campaign's order")
    parser.add_argument(
        "--allow-fewer",
        action="store_true",
        help="write the summary even where it has fewer deals of a game than the file had",
    )
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).parent / "results" / "winnable.json"
    )
    args = parser.parse_args()
    if args.order:
        print(" ".join(campaign_order(args.surveys, args.deals)))
        return 0
    document = summary(args.surveys, args.deals)
    if args.out.exists() and not args.allow_fewer:
        fewer = fewer_deals(json.loads(args.out.read_text(encoding="utf-8")), document)
        if fewer:
            parser.error(
                f"{args.surveys} has fewer deals than {args.out} for {', '.join(fewer)} (a "
                "new or partial folder of surveys?): the summary is kept; --allow-fewer "
                "writes it anyway"
            )
    args.out.write_text(summary_text(document), encoding="utf-8")
    full = sum(game["deals"] >= args.deals for game in document["games"])
    print(f"{args.out}: {len(document['games'])} games, {full} with {args.deals:,} deals")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
