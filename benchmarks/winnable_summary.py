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
file already has, as it would over a partial folder (the survey files stay on the
machine that made them); ``--allow-fewer`` writes it anyway.

**Going on from the committed summary** (the survey files of its deals lost with their
machine): a game the folder has no row of keeps its committed entry (with today's name
and published figures); a game whose rows in the folder lack deal 0 extends it. The
committed entry must cover deals 0..L (as every entry does) and the rows deals L+1..M
without a gap (rows of deals 0..L are left out; they were counted): the counts are added,
the fractions and their 95% Wilson intervals computed again from them, the mean seconds
weighted by deals, and the entry's ``surveyed_in`` lists which deals came from which solver:
the committed deals as the summary's first surveys (its ``surveyed_with``), the new ones as
``--surveyed-with`` says (required when some game is extended; given, it is also recorded
for every game made from the folder's rows). ``--order`` then starts such a game at L+1.
Then ``python benchmarks/winnable_page.py`` rewrites the page's table and its chart from
that file.

``python benchmarks/winnable_summary.py SURVEYS --order`` prints the games for the campaign
instead, as ``PREFIX:BUDGET:START`` words (the budget is the game's catalogue's; START the
first deal to survey: 0, or L+1 where the folder lacks the committed entry's deals 0..L),
cheapest first by the mean seconds a deal so far (the folder's, else the committed entry's;
a game without a deal yet first).
"""

from __future__ import annotations

import argparse
import json
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from published import PUBLISHED

from solitaire_core._files import write_file_atomically
from solitaire_core.catalogue import shipped_catalogue
from solitaire_core.survey import DealRow, SurveyStore
from solitaire_core.survey.report import count_fractions, group_report
from solitaire_core.variants import SHIPPED_VARIANTS, code_header, lookup_variant

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
    keys = ("prefix", "game", "deals", "first_deal", "last_deal", *COUNT_KEYS)
    entry = {key: _rounded(report[key]) for key in keys}
    entry["max_positions"] = budget
    entry["seconds_a_deal"] = _rounded(mean_seconds(rows))
    entry["published"] = [item._asdict() for item in PUBLISHED.get(prefix, ())]
    return entry


COUNT_KEYS: Final = (
    "solved", "unwinnable", "unknown", "decided_fraction", "winnable_fraction", "winnable_95ci",
    "winnable_at_most", "winnable_at_most_95ci",
)  # fmt: skip
"""The counts and fractions of the survey report a game's entry keeps, in its order."""


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


class SummaryError(ValueError):
    """Survey rows that cannot extend the committed summary (a gap, another budget)."""


FIRST_SURVEYS: Final = "the campaign's first surveys"
"""The ``with`` of the first piece of an extended entry: the deals the summary had."""


def _refreshed(entry: dict[str, Any]) -> dict[str, Any]:
    """A copy of a committed entry with today's name and published figures of its game."""
    return entry | {
        "game": lookup_variant(entry["prefix"]).name,
        "published": [item._asdict() for item in PUBLISHED.get(entry["prefix"], ())],
    }


def _with_piece(pieces: list[dict[str, Any]], first: int, last: int, made_by: str) -> list[Any]:
    """``pieces`` with deals first..last of ``made_by`` added (joined to the last if its own)."""
    if pieces and pieces[-1]["with"] == made_by and pieces[-1]["deals"][1] == first - 1:
        return [*pieces[:-1], {"deals": [pieces[-1]["deals"][0], last], "with": made_by}]
    return [*pieces, {"deals": [first, last], "with": made_by}]


def extended_entry(
    committed: dict[str, Any], rows: Sequence[DealRow], surveyed_with: str
) -> dict[str, Any]:
    """The committed entry of deals 0..L with ``rows`` of the deals after L added.

    Rows of deals 0..L are left out (they are counted already); the others must be
    deals L+1..M, each once. ``surveyed_with`` names the solver of the new rows; the
    entry's ``surveyed_in`` lists the pieces (the committed deals, when it does not
    list them yet, as :data:`FIRST_SURVEYS`). The game's name and published figures
    are today's.

    Raises:
        SummaryError: the committed entry is not deals 0..L, or the rows after L
            are not L+1..M each once.
    """
    prefix = committed["prefix"]
    if committed["deals"] and (committed["first_deal"], committed["last_deal"]) != (
        0,
        committed["deals"] - 1,
    ):
        raise SummaryError(f"{prefix}: the summary's entry is not deals 0..deals-1")
    last = committed["deals"] - 1
    new = sorted((row for row in rows if row.deal > last), key=lambda row: row.deal)
    if not new:
        return _refreshed(committed)
    numbers = [row.deal for row in new]
    if numbers != list(range(last + 1, last + 1 + len(new))):
        raise SummaryError(
            f"{prefix}: the summary has deals 0..{last}; the survey rows after them are "
            f"not deals {last + 1}..{last + len(new)} each once (a gap or a repeat)"
        )
    added = group_report(prefix, new)
    counts = [committed[key] + added[key] for key in ("solved", "unwinnable", "unknown")]
    fractions = count_fractions(*counts)
    entry = _refreshed(committed)
    entry.update({key: _rounded(fractions[key]) for key in COUNT_KEYS})
    deals = entry["deals"] = sum(counts)
    seconds = (committed["seconds_a_deal"] or 0.0) * committed["deals"]
    entry.update(
        first_deal=0,
        last_deal=numbers[-1],
        seconds_a_deal=_rounded((seconds + sum(row.seconds for row in new)) / deals),
    )
    pieces = committed.get("surveyed_in") or (
        [{"deals": [0, last], "with": FIRST_SURVEYS}] if committed["deals"] else []
    )
    entry["surveyed_in"] = _with_piece(pieces, last + 1, numbers[-1], surveyed_with)
    return entry


def _start_after(committed: dict[str, Any] | None, rows: Sequence[DealRow]) -> int:
    """The deal a game's survey starts at: after the committed deals if the rows lack deal 0."""
    if committed is None or any(row.deal == 0 for row in rows):
        return 0
    return int(committed["deals"])


def campaign_order(surveys: Path, deals: int, old: dict[str, Any]) -> list[str]:
    """``PREFIX:BUDGET:START`` of every game, cheapest first (mean seconds a deal so far).

    ``old``: the committed summary ({} for none), whose deals the folder may lack.
    """
    found = surveyed_rows(surveys, deals)
    committed = {game["prefix"]: game for game in old.get("games", ())}

    def cost(game: tuple[str, str, int]) -> float:
        rows = found.get(game[0], (0, []))[1]
        earlier = committed.get(game[0], {}).get("seconds_a_deal")
        return mean_seconds(rows) or earlier or 0.0

    return [
        f"{prefix}:{budget}:{_start_after(committed.get(prefix), found.get(prefix, (0, []))[1])}"
        for prefix, _, budget in sorted(coded_games(), key=cost)
    ]


def summary(
    surveys: Path, deals: int, old: dict[str, Any], surveyed_with: str | None = None
) -> dict[str, Any]:
    """The summary document: the campaign's settings and one entry a game.

    ``old``: the committed summary ({} for none): a game with no rows keeps its entry
    there, and a game whose rows lack deal 0 extends it (:func:`extended_entry`).
    ``surveyed_with``: the solver of the folder's rows; required when some extend an
    entry, and recorded (``surveyed_in``) in every entry made from rows when given.

    Raises:
        SummaryError: rows that cannot extend their game's committed entry, or rows
            that would with no ``surveyed_with``.
    """
    found = surveyed_rows(surveys, deals)
    committed = {game["prefix"]: game for game in old.get("games", ())}
    entries = []
    for prefix, _, budget in coded_games():
        surveyed_budget, rows = found.get(prefix, (budget, []))
        assert surveyed_budget == budget, (prefix, surveyed_budget, budget)
        before = committed.get(prefix)
        if before is not None and not rows:
            entries.append(_refreshed(before))
        elif before is not None and _start_after(before, rows):
            if before["max_positions"] != budget:
                raise SummaryError(f"{prefix}: the summary's budget is not the catalogue's")
            if surveyed_with is None:
                raise SummaryError(
                    f"{prefix}: its survey rows extend the summary's deals: say which solver "
                    "made them (--surveyed-with)"
                )
            entries.append(extended_entry(before, rows, surveyed_with))
        else:
            entry = game_entry(prefix, budget, rows)
            if surveyed_with is not None and rows:
                entry["surveyed_in"] = [{"deals": [0, entry["last_deal"]], "with": surveyed_with}]
            entries.append(entry)
    made_by = f"python benchmarks/winnable_summary.py {surveys} --deals {deals}"
    if surveyed_with is not None:
        made_by += f" --surveyed-with {shlex.quote(surveyed_with)}"
    return {
        "made_by": made_by,
        "campaign": "benchmarks/make_winnable_surveys.sh",
        "surveyed_with": old.get("surveyed_with", SURVEYED_WITH),
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
    parser.add_argument(
        "--surveyed-with",
        help="the solver (build, commit) of the rows that extend committed entries (required then)",
    )
    args = parser.parse_args()
    old = json.loads(args.out.read_text(encoding="utf-8")) if args.out.exists() else {}
    if args.order:
        print(" ".join(campaign_order(args.surveys, args.deals, old)))
        return 0
    try:
        document = summary(args.surveys, args.deals, old, args.surveyed_with)
    except SummaryError as error:
        parser.error(str(error))
    if old and not args.allow_fewer:
        fewer = fewer_deals(old, document)
        if fewer:
            parser.error(
                f"{args.surveys} has fewer deals than {args.out} for {', '.join(fewer)} (a "
                "new or partial folder of surveys?): the summary is kept; --allow-fewer "
                "writes it anyway"
            )
    write_file_atomically(args.out, summary_text(document).encode())
    full = sum(game["deals"] >= args.deals for game in document["games"])
    print(f"{args.out}: {len(document['games'])} games, {full} with {args.deals:,} deals")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
