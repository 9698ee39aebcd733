"""The solver report per game, gathered game by game across runs and machines.

Run: ``python benchmarks/solver_family_report.py REPORT.json [REPORT.json ...]
[--into benchmarks/results/solver-family-0-199-1000000] [--build-commit COMMIT]``

Each ``REPORT.json`` is the report of a ``bench_solver.py`` run (one game or
several). Every game it finished in full (all its deals, no errors) is taken
into ``<into>.json``, replacing that game's earlier entry, with where and when
it was measured (date, commit, build, processor, command; ``--build-commit``
names the commit a compiled build was installed from, which ``bench_solver.py``
cannot see: it records the checkout's); a game it did not
finish is left out, so a run stopped mid-game (a session that ended) adds
nothing wrong and the same command with ``--resume`` finishes it later. The
reports must have the settings of ``<into>.json`` (deals, positions a deal, no
time limit) or, for a new file, the settings of the first report.
``<into>.md`` is rewritten from the whole file: for every shipped game with a
deal code, in the registry's order, its decided fraction against the target of
95%, its winnable fraction with the 95% Wilson interval, the published figure,
the median and p90 seconds (CPU time where recorded) and positions a deal, the
games not measured yet, and for each game under the target the reason and what
was tried, from the hand-written ``results/solver-family-notes.json``.
``benchmarks/solver_family_campaign.sh`` runs the games one at a time and calls
this script after each.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Final

from bench_solver import _number, _percent, family_games

from solitaire_core._files import write_file_atomically
from solitaire_core.variants import lookup_variant

DEFAULT_INTO: Final = Path(__file__).parent / "results" / "solver-family-0-199-1000000"
"""The gathered report's path without its suffix (``.json``, ``.md``)."""
TARGET_DECIDED: Final = 0.95
"""The issue's target: at least this fraction of each game's deals decided."""
SETTINGS_KEYS: Final = ("deals", "max_positions", "time_limit")
"""The settings every gathered game must share."""
NOTES: Final = Path(__file__).parent / "results" / "solver-family-notes.json"
"""Hand-written, for each game under the target: why, and what was tried ({prefix: text})."""


class ReportError(ValueError):
    """A report that cannot be gathered: unreadable, or measured with other settings."""


def read_json(path: Path) -> dict[str, Any]:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ReportError(f"{path}: cannot read the report: {error}") from None
    if not isinstance(document, dict) or "settings" not in document:
        raise ReportError(f"{path}: not a bench_solver.py report (no settings)")
    return document


def gather(
    gathered: dict[str, Any],
    report: dict[str, Any],
    source: str,
    build_commit: str | None = None,
) -> list[str]:
    """Take the finished games of ``report`` into ``gathered``; return their prefixes.

    ``build_commit``: the commit the measured build was installed from, when
    given. ``bench_solver.py`` records the checkout's commit and its uncommitted
    source, which an editable install runs; a compiled (non-editable) install
    runs the source it was built from, which the checkout may have left since.

    Raises:
        ReportError: when the report's settings differ from the gathered ones.
    """
    settings = {key: report["settings"].get(key) for key in SETTINGS_KEYS}
    if gathered.get("settings") is None:
        gathered["settings"] = settings
    elif gathered["settings"] != settings:
        raise ReportError(f"{source}: settings {settings} differ from {gathered['settings']}")
    machine, run = report["machine"], report["run"]
    taken = []
    for summary in report["games"]:
        if summary["deals"] != summary["deals_asked"] or summary["errors"]:
            continue
        game = dict(summary)
        game["measured"] = {
            "date": run["date"],
            "commit": build_commit or machine.get("commit"),
            "uncommitted_src": [] if build_commit else machine.get("uncommitted_src"),
            "commit_given": build_commit is not None,
            "build": machine.get("build"),
            "processor": machine.get("processor"),
            "workers": report["settings"].get("workers"),
            "command": run["command"],
            # deals of the run's rows file solved by earlier runs (maybe another commit)
            "deals_resumed": run.get("deals_resumed", 0),
        }
        gathered["games"][game["game"]] = game
        taken.append(game["game"])
    return taken


def markdown(gathered: dict[str, Any], notes: dict[str, str] | None = None) -> str:
    """The gathered report as Markdown, every shipped game with a deal code in registry order.

    ``notes``: for games under the target, why and what was tried, by prefix.
    """
    notes = notes or {}
    settings = gathered["settings"]
    first, last = settings["deals"]
    games = gathered["games"]
    order = family_games()
    measured = [prefix for prefix in order if prefix in games]
    short = [p for p in measured if games[p]["decided_fraction"] < TARGET_DECIDED]
    lines = [
        f"# Solver report per game: deals {first}..{last}, "
        f"{settings['max_positions']:,} positions a deal (`solve`'s default), no time limit",
        "",
        "Gathered game by game with `benchmarks/solver_family_campaign.sh` (each game one "
        "`bench_solver.py` run, taken in by `benchmarks/solver_family_report.py` once all its "
        f"deals are solved). {len(measured)} of {len(order)} games measured so far; "
        f"{len(measured) - len(short)} of them decide at least {TARGET_DECIDED:.0%} of their "
        "deals.",
        "",
        "Decided = solved or proved unwinnable. Winnable = solved / deals, a lower bound (an "
        "unknown deal may be winnable), with its 95% Wilson interval. Seconds are one solve's "
        "CPU time, or its wall time where the measured column says wall clock (runs from "
        "before the CPU time was recorded), on the machine named (compiled build unless "
        "said otherwise); measured is "
        "the run that finished the game (its date and commit, with any uncommitted source "
        "and the deals it resumed from earlier runs).",
        "",
        "| game | decided | target 95% | winnable (95% CI) | published | median s | p90 s "
        "| median positions | p90 positions | measured |",
        "|---|---:|---|---|---|---:|---:|---:|---:|---|",
    ]
    for prefix in measured:
        game = games[prefix]
        cpu = game.get("cpu_seconds")  # None: rows from before the CPU time was recorded
        seconds, positions = cpu or game["seconds"], game["positions"]
        published = "; ".join(f"{pub['text']} ({pub['source']})" for pub in game["published"])
        where = game["measured"]
        build = "" if where["build"] == "compiled" else f", {where['build']} build"
        if where.get("uncommitted_src"):
            build += f" with changes to {', '.join(where['uncommitted_src'])}"
        if not cpu:
            build += ", wall clock"
        if where.get("deals_resumed"):
            build += f", {where['deals_resumed']} deals resumed"
        lines.append(
            f"| {prefix} {game['name']} | {game['decided']}/{game['deals']} "
            f"({_percent(game['decided_fraction'])}) | "
            + ("met" if game["decided_fraction"] >= TARGET_DECIDED else "**missed**")
            + f" | {_percent(game['winnable_fraction'], game['winnable_fraction_95ci'])} | "
            f"{published or '-'} | {_number(seconds['median'], 3)} | "
            f"{_number(seconds['p90'], 2)} | {_number(positions['median'])} | "
            f"{_number(positions['p90'])} | {where['date'][:10]}, {where['commit']}{build} |"
        )
    missing = [f"{lookup_variant(p).name} ({p})" for p in order if p not in games]
    if missing:
        lines += ["", f"Not measured yet ({len(missing)}): " + ", ".join(missing) + "."]
    if short:
        lines += ["", f"Under the target: why, and what was tried ({len(short)}):", ""]
        for prefix in short:
            note = notes.get(prefix, "no reason written yet.")
            lines.append(f"* {prefix} {games[prefix]['name']}: {note}")
    lines += ["", "Unknown deals:", ""]
    for prefix in measured:
        codes = ", ".join(games[prefix]["unknown_codes"]) or "none"
        lines.append(f"* {prefix} ({games[prefix]['unknown']}): {codes}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("reports", nargs="*", type=Path, help="bench_solver.py report files")
    parser.add_argument(
        "--into", type=Path, default=DEFAULT_INTO, help="the gathered report, without suffix"
    )
    parser.add_argument(
        "--build-commit",
        help="the commit the measured (compiled, non-editable) build was installed from",
    )
    args = parser.parse_args()
    into_json = args.into.with_name(args.into.name + ".json")
    gathered: dict[str, Any] = {"settings": None, "games": {}}
    if into_json.exists():
        gathered = read_json(into_json)
    try:
        for path in args.reports:
            taken = gather(gathered, read_json(path), str(path), args.build_commit)
            print(f"{path}: {', '.join(taken) or 'no finished game'}", file=sys.stderr)
    except ReportError as error:
        parser.error(str(error))
    if gathered["settings"] is None:
        parser.error("no report given and nothing gathered yet")
    order = {prefix: index for index, prefix in enumerate(family_games())}
    gathered["games"] = dict(
        sorted(gathered["games"].items(), key=lambda item: order.get(item[0], len(order)))
    )
    write_file_atomically(into_json, (json.dumps(gathered, indent=1) + "\n").encode())
    page = args.into.with_name(args.into.name + ".md")
    notes = json.loads(NOTES.read_text(encoding="utf-8")) if NOTES.exists() else {}
    write_file_atomically(page, (markdown(gathered, notes) + "\n").encode())


if __name__ == "__main__":
    main()
