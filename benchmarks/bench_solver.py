"""Solver strength: how many deals of each game the solver wins, proves unwinnable or leaves open.

Run from the repository root::

    python benchmarks/bench_solver.py --games KL1-D3N,KL1-D1N --deals 0..499 \\
        --max-positions 1000000 [--workers 2] [--time-limit 60] [--out benchmarks/results] \\
        [--resume]

``--games`` takes deal-code prefixes (``KL1-D3N``, ``TF1-D1N``; any name
``lookup_variant`` knows, such as ``klondike-draw3``, is turned into its
prefix), or ``family``: every shipped game that has a deal-code prefix (the
shipped variants without one, such as Traditional Klondike, have no deal codes
and are left out); default ``KL1-D3N,KL1-D1N``; ``--variant`` is its old
name. ``--deals A..B`` is **inclusive** (``0..499`` is 500 deals); a plain
count ``N`` means ``0..N-1``; default ``0..199``. Each deal (``KL1-D3N-AAAAAAA``
is deal 0) is solved with :func:`solitaire_core.solver.solve` with a fixed
budget of ``--max-positions`` positions (default 1,000,000, solve's own
default) and, only if given, ``--time-limit`` seconds (a time limit makes the
results depend on the machine), in a pool of ``--workers`` processes (default:
every CPU).

Output, in ``--out`` (default ``benchmarks/results``), with the stem
``solver-<games>-<A>-<B>-<budget>`` (``<games>`` the prefixes joined by ``+``,
or ``family``; ``-<seconds>s`` is appended with a time limit):

* ``<stem>.jsonl``: one JSON line per finished deal (game, deal number, code,
  status, the pass that decided, positions, moves, wall seconds and the
  solve's CPU seconds), appended and
  flushed as each deal finishes. ``--resume`` keeps the deals already there
  and solves only the rest, so a killed run loses no finished deal; without
  it an existing rows file is an error (delete it to start again). A solve
  that raises is written with status ``error`` and solved again on resume.
* ``<stem>.md`` and ``<stem>.json``: the report, per game: deals, decided
  (solved or proved unwinnable), solved, unwinnable, unknown, the winnable
  fraction solved / deals with its 95% Wilson interval (a lower bound: an
  unknown deal may be winnable), the same over the decided deals only, the
  upper bound (solved + unknown) / deals, the published figure where one
  exists, how many deals each pass of ``solve`` decided, the median, p90 and
  p99 positions and seconds per deal (nearest rank; the JSON adds the CPU
  seconds when every row has them), and the unknown deal
  codes; the JSON adds the machine (Python, platform, CPUs, the build, the
  commit and any uncommitted changes under ``src/``, which the editable
  install runs too), the workers, the wall time, the date and the command
  line. They are written at the end, also when the run is interrupted
  (Ctrl-C or SIGTERM), then marked incomplete. After ``--resume`` the
  machine and wall time are this run's; the earlier runs' deals are counted
  as resumed.

Progress goes to stderr: a line at most once a second (and for the last
deal): deals done / total, deals per second, the time left at that rate, and
the unknowns so far.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import shlex
import signal
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from types import FrameType
from typing import Any

from common import machine_info, median, percentile
from common import parse_games as common_parse_games
from published import PUBLISHED

from solitaire_core import BUILD, DealCode, deal_number_to_letters, deal_position
from solitaire_core.errors import SolitaireError
from solitaire_core.solver import DEFAULT_MAX_POSITIONS, solve
from solitaire_core.solver.solving import PASS_NAMES
from solitaire_core.survey import header_text, parse_deal_range, wilson_interval
from solitaire_core.variants import SHIPPED_VARIANTS, lookup_variant

FAMILY = "family"
"""The ``--games`` word for every shipped game with a deal-code prefix."""
PROGRESS_SECONDS = 1.0
"""At most one progress line this often (the last deal always gets one)."""


def published_figures(game: str) -> list[dict[str, Any]]:
    """The published figures of ``game`` (``published.py``) as the report writes them."""
    return [
        {
            "text": f"{pub.percent:g}" + (f" ± {pub.margin:g}" if pub.margin else "") + " %",
            "fraction": pub.percent / 100,
            "source": pub.short,
        }
        for pub in PUBLISHED.get(game, ())
    ]


def family_games() -> list[str]:
    """The deal-code prefixes of every shipped game that has one, in the registry's order."""
    found = [header_text(variant) for variant in SHIPPED_VARIANTS.values()]
    return [prefix for prefix in found if prefix is not None]


def parse_games(text: str) -> tuple[str, ...]:
    """The deal-code prefixes of ``--games``: comma-separated, ``family`` for every shipped one."""
    return common_parse_games(text, {FAMILY: family_games})


def parse_deals(text: str) -> tuple[int, int]:
    """``A..B`` (inclusive) or a count ``N`` (``0..N-1``) as ``(A, B)`` (as ``survey --deals``)."""
    try:
        deals = parse_deal_range(text)
    except SolitaireError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return deals[0], deals[-1]


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected an int >= 1, got {text!r}")
    return value


def positive_float(text: str) -> float:
    value = float(text)
    if not value > 0 or math.isinf(value):
        raise argparse.ArgumentTypeError(f"expected a number of seconds > 0, got {text!r}")
    return value


def run_deal(job: tuple[str, int, int, float | None]) -> dict[str, Any]:
    """Solve one deal: its game, number, code, status, deciding pass, positions, moves, seconds."""
    game, deal_number, budget, time_limit = job
    code = DealCode.parse(f"{game}-{deal_number_to_letters(deal_number)}")
    row: dict[str, Any] = {"game": game, "deal": deal_number, "code": str(code)}
    start, cpu_start = time.perf_counter(), time.process_time()
    try:
        result = solve(
            code.variant,
            deal_position(code.variant, deal_number),
            max_positions=budget,
            time_limit=time_limit,
        )
    except Exception as error:  # a solver bug: keep the run going, report the deal
        row.update(status="error", error=f"{type(error).__name__}: {error}")
        row["seconds"] = time.perf_counter() - start
        return row
    row.update(
        status=result.status.value,
        decided_by=result.decided_by,
        positions=result.positions,
        moves=len(result.moves),
        seconds=time.perf_counter() - start,
        # the solve's own CPU time: unlike the wall time, not stretched by a pause or a load
        cpu_seconds=time.process_time() - cpu_start,
    )
    return row


def read_rows(path: Path) -> dict[tuple[str, int], dict[str, Any]]:
    """The finished deals of a rows file by (game, deal); rewrites it without torn or error lines.

    A run killed while writing leaves at most a torn last line; a deal whose
    solve raised is dropped so that it is solved again.
    """
    rows: dict[tuple[str, int], dict[str, Any]] = {}
    dropped = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
            key = (str(row["game"]), int(row["deal"]))
        except (ValueError, KeyError, TypeError):
            dropped += 1
            continue
        if row.get("status") == "error":
            dropped += 1
            continue
        rows[key] = row
    if dropped:
        print(f"{path}: {dropped} torn or error line(s) dropped", file=sys.stderr)
    temporary = path.with_suffix(".tmp")
    temporary.write_text("".join(json.dumps(row) + "\n" for row in rows.values()), "utf-8")
    temporary.replace(path)
    return rows


class Progress:
    """Prints done / total, the rate, the time left and the unknowns, at most once a second."""

    def __init__(self, total: int, done: int, unknowns: int) -> None:
        self.total = total
        self.done = done
        self.unknowns = unknowns
        self.errors = 0
        self.resumed = done
        self.start = time.perf_counter()
        self.last_line = -math.inf

    def update(self, row: dict[str, Any]) -> None:
        self.done += 1
        self.unknowns += row["status"] == "unknown"
        self.errors += row["status"] == "error"
        now = time.perf_counter()
        if now - self.last_line < PROGRESS_SECONDS and self.done < self.total:
            return
        self.last_line = now
        rate = (self.done - self.resumed) / max(now - self.start, 1e-9)
        left = (self.total - self.done) / rate
        errors = f", {self.errors} error(s)" if self.errors else ""
        what = row["status"] if row["status"] == "error" else f"{row['positions']:,} positions"
        print(
            f"{self.done}/{self.total} deals ({self.done / self.total:.1%}), "
            f"{rate:.2f} deals/s, {left / 60:.1f} min left, {self.unknowns} unknown{errors}; "
            f"last {row['code']}: {what}, {row['seconds']:.2f} s",
            file=sys.stderr,
            flush=True,
        )


def uncommitted_source() -> list[str] | None:
    """The files under ``src/`` that differ from the commit measured (None without git).

    The editable install runs the working tree, so these changes are measured too.
    """
    try:
        status = subprocess.run(
            ["git", "status", "--porcelain", "--", "src"],
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).parent.parent,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return [line[3:] for line in status.splitlines()]


def _ignore_interrupts() -> None:
    """Worker set-up: Ctrl-C and SIGTERM are the main process's to handle (it ends the pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the pool's workers now, mid-solve (Python 3.11 has no public way: 3.14 adds one)."""
    for process in list(pool._processes.values()):
        process.terminate()


def solve_deals(
    jobs: list[tuple[str, int, int, float | None]],
    rows: dict[tuple[str, int], dict[str, Any]],
    rows_path: Path,
    progress: Progress,
    workers: int,
) -> str | None:
    """Solve the jobs in a pool, appending each finished deal to the rows file.

    Returns None when every job finished, else why not: ``"interrupted"``
    (Ctrl-C, SIGTERM) or ``"a worker died"`` (a deal that ran out of memory,
    say). The finished deals are in the file either way.
    """
    if not jobs:
        return None
    with (
        rows_path.open("a", encoding="utf-8") as sink,
        ProcessPoolExecutor(min(workers, len(jobs)), initializer=_ignore_interrupts) as pool,
    ):
        futures = [pool.submit(run_deal, job) for job in jobs]
        try:
            for future in as_completed(futures):
                row = future.result()
                sink.write(json.dumps(row) + "\n")
                sink.flush()
                rows[row["game"], row["deal"]] = row
                progress.update(row)
        except KeyboardInterrupt:
            print("interrupted: stopping the workers", file=sys.stderr)
            _stop_workers(pool)
            pool.shutdown(cancel_futures=True)
            return "interrupted"
        except BrokenProcessPool as error:
            print(f"a worker died ({error}): stopping", file=sys.stderr)
            pool.shutdown(cancel_futures=True)
            return "a worker died"
    return None


def spread(values: list[float]) -> dict[str, float | None]:
    """Median, p90 and p99 (nearest rank) of the values; None for no values."""
    if not values:
        return {"median": None, "p90": None, "p99": None}
    return {
        "median": median(values),
        "p90": percentile(values, 0.9),
        "p99": percentile(values, 0.99),
    }


def summarize(game: str, first: int, last: int, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The report of one game: counts, fractions with 95% Wilson intervals, passes, costs."""
    errors = [row for row in rows if row["status"] == "error"]
    rows = sorted((row for row in rows if row["status"] != "error"), key=lambda row: row["deal"])
    deals = len(rows)
    solved = sum(row["status"] == "solved" for row in rows)
    unwinnable = sum(row["status"] == "unwinnable" for row in rows)
    unknown = deals - solved - unwinnable
    decided = solved + unwinnable
    passes = {name: 0 for name in PASS_NAMES}
    for row in rows:
        if row["decided_by"] is not None:
            passes[row["decided_by"]] = passes.get(row["decided_by"], 0) + 1
    lower = wilson_interval(solved, deals)
    upper = wilson_interval(solved + unknown, deals)
    published = published_figures(game)
    for pub in published:
        # Our lower bound's low end .. our upper bound's high end: where the truth may lie.
        pub["consistent"] = lower[0] <= pub["fraction"] <= upper[1] if deals else None
    return {
        "game": game,
        "name": lookup_variant(game).name,
        "deals_asked": last - first + 1,
        "deals": deals,
        "decided": decided,
        "decided_fraction": decided / deals if deals else None,
        "solved": solved,
        "unwinnable": unwinnable,
        "unknown": unknown,
        "winnable_fraction": solved / deals if deals else None,
        "winnable_fraction_95ci": list(lower),
        "winnable_among_decided": solved / decided if decided else None,
        "winnable_among_decided_95ci": list(wilson_interval(solved, decided)),
        "winnable_at_most": (solved + unknown) / deals if deals else None,
        "winnable_at_most_95ci": list(upper),
        "published": published,
        "decided_by": passes,
        "positions": spread([float(row["positions"]) for row in rows]),
        "seconds": spread([row["seconds"] for row in rows]),
        "solve_seconds": sum(row["seconds"] for row in rows),
        # None when some rows predate the CPU clock (resumed from an older run)
        "cpu_seconds": (
            spread([row["cpu_seconds"] for row in rows])
            if all("cpu_seconds" in row for row in rows)
            else None
        ),
        "unknown_codes": [row["code"] for row in rows if row["status"] == "unknown"],
        "errors": [{"code": row["code"], "error": row["error"]} for row in errors],
    }


def _percent(value: float | None, interval: list[float] | None = None) -> str:
    if value is None:
        return "-"
    if interval is None:
        return f"{value:.1%}"
    return f"{value:.1%} ({interval[0]:.1%}-{interval[1]:.1%})"


def _number(value: float | None, digits: int = 0) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def markdown(document: dict[str, Any]) -> str:
    """The report as Markdown: strength, deciding passes, cost per deal, unknown deals, machine."""
    settings, run, machine = document["settings"], document["run"], document["machine"]
    first, last = settings["deals"]
    limit = settings["time_limit"]
    budget = f"{settings['max_positions']:,} positions per deal" + (
        f" and {limit:g} s" if limit is not None else ", no time limit"
    )
    named = ", ".join(settings["games"])
    if settings["family"]:
        named = f"the {len(settings['games'])} shipped games with deal codes"
    lines = [
        f"# Solver benchmark: deals {first}..{last} (inclusive) of {named}; {budget}",
        "",
        f"Run {run['date']} with `{run['command']}`.",
    ]
    if not run["complete"]:
        lines += [
            "",
            f"**Incomplete** ({run['stopped'] or 'errors'}): {run['deals_finished']} of "
            f"{run['deals_asked']} deals finished; run the same command with `--resume` to "
            "finish.",
        ]
    lines += [
        "",
        "Winnable = solved / deals, a lower bound (an unknown deal may be winnable); "
        "at most = (solved + unknown) / deals; among decided = solved / (solved + "
        "unwinnable). Intervals are 95% Wilson.",
        "",
        "| game | deals | decided | solved | unwinnable | unknown | winnable (95% CI) "
        "| published | among decided (95% CI) | at most (95% CI) |",
        "|---|---:|---:|---:|---:|---:|---|---|---|---|",
    ]
    games = document["games"]
    for game in games:
        published = "; ".join(f"{pub['text']} ({pub['source']})" for pub in game["published"])
        lines.append(
            f"| {game['game']} {game['name']} | {game['deals']} | {game['decided']} "
            f"({_percent(game['decided_fraction'])}) | {game['solved']} | "
            f"{game['unwinnable']} | {game['unknown']} | "
            f"{_percent(game['winnable_fraction'], game['winnable_fraction_95ci'])} | "
            f"{published or '-'} | "
            f"{_percent(game['winnable_among_decided'], game['winnable_among_decided_95ci'])} | "
            f"{_percent(game['winnable_at_most'], game['winnable_at_most_95ci'])} |"
        )
    checks = [
        f"* {game['game']}: {pub['text']} ({pub['source']}) is "
        + ("inside" if pub["consistent"] else "**outside**")
        + f" {game['winnable_fraction_95ci'][0]:.1%}..{game['winnable_at_most_95ci'][1]:.1%} "
        "(the low end of winnable to the high end of at most)."
        for game in games
        for pub in game["published"]
        if pub["consistent"] is not None
    ]
    if checks:
        lines += ["", *checks]
    lines += [
        "",
        "Deals decided by each pass of `solve`:",
        "",
        "| game | " + " | ".join(PASS_NAMES) + " |",
        "|---|" + "---:|" * len(PASS_NAMES),
    ]
    for game in games:
        counts = " | ".join(str(game["decided_by"].get(name, 0)) for name in PASS_NAMES)
        lines.append(f"| {game['game']} | {counts} |")
    lines += [
        "",
        "Cost per deal (nearest-rank percentiles):",
        "",
        "| game | median positions | p90 positions | p99 positions | median s | p90 s | p99 s "
        "| solve s, all deals |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for game in games:
        positions, seconds = game["positions"], game["seconds"]
        lines.append(
            f"| {game['game']} | {_number(positions['median'])} | {_number(positions['p90'])} | "
            f"{_number(positions['p99'])} | {_number(seconds['median'], 3)} | "
            f"{_number(seconds['p90'], 2)} | {_number(seconds['p99'], 2)} | "
            f"{_number(game['solve_seconds'], 1)} |"
        )
    lines += ["", "Unknown deals:", ""]
    for game in games:
        codes = ", ".join(game["unknown_codes"]) or "none"
        lines.append(f"* {game['game']} ({game['unknown']}): {codes}")
    errors = [error for game in games for error in game["errors"]]
    if errors:
        lines += ["", "**Errors** (solved again on `--resume`):", ""]
        lines += [f"* {error['code']}: {error['error']}" for error in errors]
    changed = machine["uncommitted_src"]
    commit = f"commit {machine['commit']}" + (
        f" with uncommitted changes to {', '.join(changed)}" if changed else ""
    )
    lines += [
        "",
        f"Machine: {machine['processor']}, {machine['cpus']} CPUs; {machine['implementation']} "
        f"{machine['python']} on {machine['system']}; solitaire_core {machine['solitaire_core']} "
        f"({machine['build']} build, {commit}). {settings['workers']} "
        f"worker(s), {run['wall_seconds']:.0f} s wall time for {run['deals_this_run']} deals "
        f"({run['deals_resumed']} more from earlier runs); rows: `{run['rows_file']}`.",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--games",
        "--variant",
        type=parse_games,
        default=("KL1-D3N", "KL1-D1N"),
        help=f"comma-separated deal-code prefixes (KL1-D3N,TF1-D1N) or {FAMILY!r} for every "
        "shipped game (default KL1-D3N,KL1-D1N)",
    )
    parser.add_argument(
        "--deals",
        type=parse_deals,
        default=(0, 199),
        help="A..B, inclusive, or a count N for 0..N-1 (default 0..199)",
    )
    parser.add_argument(
        "--max-positions",
        type=positive_int,
        default=DEFAULT_MAX_POSITIONS,
        help=f"the budget of each solve, in positions (default {DEFAULT_MAX_POSITIONS:,})",
    )
    parser.add_argument(
        "--time-limit",
        type=positive_float,
        default=None,
        help="seconds for each solve as well (default none: results depend on positions only)",
    )
    parser.add_argument(
        "--workers",
        type=positive_int,
        default=os.cpu_count() or 1,
        help="worker processes (default: the CPU count)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).parent / "results",
        help="output folder (default benchmarks/results)",
    )
    parser.add_argument(
        "--resume", action="store_true", help="keep the deals of an earlier run's rows file"
    )
    args = parser.parse_args()
    games: tuple[str, ...] = args.games
    first, last = args.deals
    limit: float | None = args.time_limit

    tag = FAMILY if args.games == parse_games(FAMILY) else "+".join(games)
    stem = f"solver-{tag}-{first}-{last}-{args.max_positions}"
    if limit is not None:
        stem += f"-{limit:g}s"
    args.out.mkdir(parents=True, exist_ok=True)
    rows_path = args.out / f"{stem}.jsonl"
    rows: dict[tuple[str, int], dict[str, Any]] = {}
    if rows_path.exists():
        if not args.resume:
            parser.error(f"{rows_path} exists: add --resume to continue it, or delete it")
        rows = read_rows(rows_path)
    asked = {(game, n) for n in range(first, last + 1) for game in games}
    rows = {key: row for key, row in rows.items() if key in asked}
    # Deal by deal across the games, so that a partial run covers every game alike.
    jobs = [
        (game, n, args.max_positions, limit)
        for n in range(first, last + 1)
        for game in games
        if (game, n) not in rows
    ]
    resumed = len(rows)
    print(
        f"{rows_path}: {len(asked)} deals, {resumed} already done, {len(jobs)} to solve "
        f"with {args.workers} worker(s)",
        file=sys.stderr,
    )

    signal.signal(signal.SIGTERM, _interrupt)
    unknowns = sum(row["status"] == "unknown" for row in rows.values())
    progress = Progress(len(asked), resumed, unknowns)
    # the commit and the source as they are when the solves start (not when they end:
    # the checkout may move on during a long run)
    machine = machine_info()
    del machine["peers"]
    machine["build"] = BUILD
    machine["uncommitted_src"] = uncommitted_source()
    start = time.perf_counter()
    stopped = solve_deals(jobs, rows, rows_path, progress, args.workers)
    wall = time.perf_counter() - start

    finished = sum(row["status"] != "error" for row in rows.values())
    document = {
        "settings": {
            "games": list(games),
            "family": tag == FAMILY,
            "deals": [first, last],
            "deals_inclusive": True,
            "max_positions": args.max_positions,
            "time_limit": limit,
            "workers": args.workers,
        },
        "run": {
            "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            "command": shlex.join(sys.orig_argv),
            "wall_seconds": wall,
            "complete": finished == len(asked),
            "stopped": stopped,
            "deals_asked": len(asked),
            "deals_finished": finished,
            "deals_this_run": len(rows) - resumed,
            "deals_resumed": resumed,
            "rows_file": rows_path.name,
        },
        "machine": machine,
        "games": [
            summarize(game, first, last, [row for key, row in rows.items() if key[0] == game])
            for game in games
        ],
    }
    (args.out / f"{stem}.json").write_text(json.dumps(document, indent=1) + "\n", "utf-8")
    report = markdown(document)
    (args.out / f"{stem}.md").write_text(report + "\n", "utf-8")
    print(report)
    if stopped == "interrupted":
        sys.exit(130)
    if finished < len(asked):
        sys.exit(1)


if __name__ == "__main__":
    main()
