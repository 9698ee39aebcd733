"""How fast ``pick_winnable_deal`` answers from the shipped catalogues.

Run: ``python benchmarks/bench_catalogue.py [--seeds 20000] [--rounds 3]
[--python PYTHON] [--out benchmarks/results]``

For each game with a shipped catalogue (every shipped game with a deal code)
and each grade asked for (any, easy, medium, hard; a grade the catalogue has
no deal of, numbered or constructed, is left out, since the solver would
answer it), calls :func:`~solitaire_core.pick_winnable_deal` for seeds
``0 .. N-1`` and reports the mean time per call (the best of ``--rounds``
rounds, and the first call, which reads the file), with every answer checked
to come from the catalogue. The target of the issue "catalogues" is under a
millisecond on average.

Then, as a user meets it, the whole process: ``PYTHON -m solitaire_core deal
--winnable PREFIX --seed S`` for seeds 1..3 of every game, the wall-clock
seconds from start to exit (interpreter start-up and imports included; the
target of the issue "every game ready" is under a second). ``--python`` is
the interpreter of the build to time (default this one; the compiled build's
for the published figures). Writes ``catalogue.md`` and ``catalogue.json``
(with the machine) to the output folder; progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from common import machine_info

from solitaire_core import BUILD, DealSource, pick_winnable_deal
from solitaire_core.catalogue import WINNING_GRADES, shipped_catalogue, shipped_prefixes
from solitaire_core.variants import lookup_variant

TARGET_SECONDS = 0.001
PROCESS_TARGET_SECONDS = 1.0
PROCESS_SEEDS = (1, 2, 3)


def first_call(prefix: str) -> float:
    """Seconds of the first pick of a game in this process: it reads and checks the file."""
    variant = lookup_variant(prefix)
    start = time.perf_counter()
    picked = pick_winnable_deal(variant, seed=0)
    seconds = time.perf_counter() - start
    assert picked.source is DealSource.CATALOGUE
    return seconds


def mean_call(prefix: str, grade: str | None, seeds: int, rounds: int) -> float:
    """The best over ``rounds`` of the mean seconds per call over seeds 0..seeds-1."""
    variant = lookup_variant(prefix)
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for seed in range(seeds):
            pick_winnable_deal(variant, seed=seed, grade=grade)
        best = min(best, (time.perf_counter() - start) / seeds)
    for seed in range(0, seeds, max(1, seeds // 100)):  # checked outside the timing
        picked = pick_winnable_deal(variant, seed=seed, grade=grade)
        assert picked.source is DealSource.CATALOGUE and picked.proven
        assert grade is None or picked.grade == grade
    return best


def whole_process(python: str, prefix: str) -> dict[str, Any]:
    """Wall seconds of ``deal --winnable PREFIX --seed S`` in a fresh process, for each seed."""
    seconds = []
    sources = set()
    for seed in PROCESS_SEEDS:
        argv = [python, "-m", "solitaire_core", "deal", "--winnable", prefix, "--seed", str(seed)]
        start = time.perf_counter()
        done = subprocess.run([*argv, "--json"], capture_output=True, text=True, check=True)
        seconds.append(time.perf_counter() - start)
        sources.add(json.loads(done.stdout)["winnable"]["source"])
    return {
        "prefix": prefix,
        "median_seconds": statistics.median(seconds),
        "max_seconds": max(seconds),
        "sources": sorted(sources),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--python", default=sys.executable, help="the build's interpreter")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    args = parser.parse_args()
    command = f"python benchmarks/bench_catalogue.py --seeds {args.seeds} --rounds {args.rounds}"
    rows: list[dict[str, Any]] = []
    empty = []  # games whose catalogue holds no winnable deal: their picks are solved
    for prefix in shipped_prefixes():
        catalogue = shipped_catalogue(prefix)
        assert catalogue is not None
        if not catalogue.winnable() and not catalogue.constructed:
            empty.append(prefix)
            continue
        load = first_call(prefix)
        for grade in (None, *WINNING_GRADES):
            # The pick's own order: deal numbers of the grade, else constructed deals.
            numbered = catalogue.winnable(grade)
            deals = len(numbered) or len(catalogue.constructed_winnable(grade))
            if not deals:
                continue
            name = None if grade is None else grade.value
            seconds = mean_call(prefix, name, args.seeds, args.rounds)
            rows.append(
                {
                    "prefix": prefix,
                    "grade": name or "any",
                    "deals": deals,
                    "constructed": not numbered,
                    "mean_seconds": seconds,
                    "first_call_seconds": load,
                }
            )
            print(f"{prefix} {name or 'any'}: {seconds * 1e6:.1f} us a call", file=sys.stderr)
    overall = sum(row["mean_seconds"] for row in rows) / len(rows)
    processes = []
    for prefix in shipped_prefixes():
        if prefix in empty:
            continue
        processes.append(whole_process(args.python, prefix))
        print(f"{prefix}: deal --winnable {processes[-1]['max_seconds']:.2f} s", file=sys.stderr)
    slowest = max(row["max_seconds"] for row in processes)
    document = {
        "command": command,
        "build": BUILD,
        "seeds": args.seeds,
        "rounds": args.rounds,
        "target_seconds": TARGET_SECONDS,
        "mean_seconds": overall,
        "rows": rows,
        "process_python": args.python,
        "process_target_seconds": PROCESS_TARGET_SECONDS,
        "processes": processes,
        "no_winnable_deal": empty,
        "machine": machine_info(),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "catalogue.json").write_text(json.dumps(document, indent=2) + "\n")
    lines = [
        "# pick_winnable_deal from the shipped catalogues",
        "",
        f"Command: `{command}` ({BUILD} build). Mean seconds per call over seeds "
        f"0..{args.seeds - 1}, the best of {args.rounds} rounds; the first call of a game "
        "reads and checks its file once.",
        "",
        "| game | grade | deals to pick from | mean per call | first call |",
        "|---|---|---:|---:|---:|",
        *(
            f"| {row['prefix']} | {row['grade']} | {row['deals']}"
            f"{' constructed' if row['constructed'] else ''} | "
            f"{row['mean_seconds'] * 1e6:.1f} µs | {row['first_call_seconds'] * 1e3:.2f} ms |"
            for row in rows
        ),
        "",
        f"Mean over the rows: {overall * 1e6:.1f} µs a call, "
        f"{'under' if overall < TARGET_SECONDS else 'NOT under'} the 1 ms target.",
        "",
        "## `deal --winnable` as a whole process",
        "",
        f"`{args.python} -m solitaire_core deal --winnable PREFIX --seed S --json`, seeds "
        f"{', '.join(map(str, PROCESS_SEEDS))}: wall seconds from start to exit.",
        "",
        "| game | median | slowest | answered from |",
        "|---|---:|---:|---|",
        *(
            f"| {row['prefix']} | {row['median_seconds']:.2f} s | {row['max_seconds']:.2f} s | "
            f"{', '.join(row['sources'])} |"
            for row in processes
        ),
        "",
        f"Slowest: {slowest:.2f} s, "
        f"{'under' if slowest < PROCESS_TARGET_SECONDS else 'NOT under'} the 1 s target.",
        "",
        "Catalogues with no winnable deal, left out above (their picks go to the solver): "
        + (", ".join(empty) or "none")
        + ".",
        "",
    ]
    (args.out / "catalogue.md").write_text("\n".join(lines))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
