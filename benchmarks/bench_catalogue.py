"""How fast ``pick_winnable_deal`` answers from the shipped catalogues.

Run: ``python benchmarks/bench_catalogue.py [--seeds 20000] [--rounds 3]
[--out benchmarks/results]``

For each game with a shipped catalogue (Klondike draw 1 and 3, Vegas draw 1
and 3, Réfléchi draw 1 and 3) and each grade asked for (any, easy, medium,
hard; a grade the catalogue has no deal of is left out, since the solver
would answer it), calls :func:`~solitaire_core.pick_winnable_deal` for seeds
``0 .. N-1`` and reports the mean time per call (the best of ``--rounds``
rounds, and the first call, which reads the file), with every answer checked
to come from the catalogue. The target of the issue "catalogues" is under a
millisecond on average. Writes ``catalogue.md`` and ``catalogue.json`` (with
the machine) to the output folder; progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from common import machine_info

from solitaire_core import BUILD, DealSource, pick_winnable_deal
from solitaire_core.catalogue import WINNING_GRADES, shipped_catalogue, shipped_prefixes
from solitaire_core.variants import lookup_variant

TARGET_SECONDS = 0.001


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    args = parser.parse_args()
    command = f"python benchmarks/bench_catalogue.py --seeds {args.seeds} --rounds {args.rounds}"
    rows: list[dict[str, Any]] = []
    for prefix in shipped_prefixes():
        load = first_call(prefix)
        catalogue = shipped_catalogue(prefix)
        assert catalogue is not None
        for grade in (None, *WINNING_GRADES):
            if not catalogue.winnable(grade):
                continue
            name = None if grade is None else grade.value
            seconds = mean_call(prefix, name, args.seeds, args.rounds)
            rows.append(
                {
                    "prefix": prefix,
                    "grade": name or "any",
                    "deals": len(catalogue.winnable(grade)),
                    "mean_seconds": seconds,
                    "first_call_seconds": load,
                }
            )
            print(f"{prefix} {name or 'any'}: {seconds * 1e6:.1f} us a call", file=sys.stderr)
    overall = sum(row["mean_seconds"] for row in rows) / len(rows)
    document = {
        "command": command,
        "build": BUILD,
        "seeds": args.seeds,
        "rounds": args.rounds,
        "target_seconds": TARGET_SECONDS,
        "mean_seconds": overall,
        "rows": rows,
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
            f"| {row['prefix']} | {row['grade']} | {row['deals']} | "
            f"{row['mean_seconds'] * 1e6:.1f} µs | {row['first_call_seconds'] * 1e3:.2f} ms |"
            for row in rows
        ),
        "",
        f"Mean over the rows: {overall * 1e6:.1f} µs a call, "
        f"{'under' if overall < TARGET_SECONDS else 'NOT under'} the 1 ms target.",
        "",
    ]
    (args.out / "catalogue.md").write_text("\n".join(lines))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
