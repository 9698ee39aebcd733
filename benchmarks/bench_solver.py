"""Solver strength and speed over a fixed set of deals.

Run: ``python benchmarks/bench_solver.py [--variant TF1-D1N] [--deals 200]
[--max-positions 2000000] [--workers 2] [--out benchmarks/results]``

For deals ``AAAAAAA``, ``AAAAAAB``, ... (deal numbers 0 .. N-1) of one variant
(a code prefix such as ``TF1-D1N`` or ``KL1-D3N``), runs :func:`solve` with a
budget in positions and reports: the decided fraction (solved or proved
unwinnable), the solved fraction with its 95% Wilson interval next to the
published ~82% for Thoughtful Klondike (Bjarnason, Fern and Tadepalli, "Lower
bounding Klondike solitaire with Monte-Carlo planning", ICAPS 2009), and the
median and p90 positions and seconds per deal. Writes a Markdown table and
JSON (with machine info) to the output folder. Target (issue "Solver"): on
TF1-D1N deals 0..199 with 2,000,000 positions each, decide at least 90%.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from solitaire_core import DealCode, deal_number_to_letters, deal_position
from solitaire_core.solver import solve

PUBLISHED_THOUGHTFUL_WINNABLE = 0.82


def run_deal(job: tuple[str, int, int]) -> dict[str, Any]:
    """Solve one deal; returns its code, status, positions, seconds and line length."""
    prefix, deal_number, budget = job
    code = DealCode.parse(f"{prefix}-{deal_number_to_letters(deal_number)}")
    start = time.perf_counter()
    result = solve(code.variant, deal_position(code.variant, deal_number), max_positions=budget)
    return {
        "code": str(code),
        "status": result.status.value,
        "positions": result.positions,
        "seconds": time.perf_counter() - start,
        "moves": len(result.moves),
    }


def wilson(successes: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if not total:
        return (0.0, 1.0)
    p = successes / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return (centre - half, centre + half)


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="TF1-D1N", help="code prefix, e.g. TF1-D1N")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--max-positions", type=int, default=2_000_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    args = parser.parse_args()

    jobs = [(args.variant, n, args.max_positions) for n in range(args.deals)]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        rows = list(pool.map(run_deal, jobs))
    wall = time.perf_counter() - start

    solved = sum(row["status"] == "solved" for row in rows)
    unwinnable = sum(row["status"] == "unwinnable" for row in rows)
    decided = solved + unwinnable
    low, high = wilson(solved, len(rows))
    positions = [float(row["positions"]) for row in rows]
    seconds = [row["seconds"] for row in rows]
    summary = {
        "variant": args.variant,
        "deals": len(rows),
        "max_positions": args.max_positions,
        "solved": solved,
        "unwinnable": unwinnable,
        "unknown": len(rows) - decided,
        "decided_fraction": decided / len(rows),
        "solved_fraction": solved / len(rows),
        "solved_fraction_95ci": [low, high],
        "published_thoughtful_winnable": PUBLISHED_THOUGHTFUL_WINNABLE,
        "median_positions": statistics.median(positions),
        "p90_positions": percentile(positions, 0.9),
        "median_seconds": statistics.median(seconds),
        "p90_seconds": percentile(seconds, 0.9),
        "wall_seconds": wall,
        "workers": args.workers,
        "machine": {
            "python": platform.python_version(),
            "processor": platform.machine(),
            "system": platform.platform(),
            "cpus": os.cpu_count(),
        },
    }
    table = "\n".join(
        [
            f"# Solver benchmark: {args.variant}, deals 0..{len(rows) - 1}, "
            f"{args.max_positions:,} positions each",
            "",
            "| decided | solved | unwinnable | unknown | solved fraction (95% CI) | "
            "published (Thoughtful) | median positions | p90 positions | median s | p90 s |",
            "|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|",
            f"| {decided / len(rows):.1%} | {solved} | {unwinnable} | {len(rows) - decided} | "
            f"{solved / len(rows):.1%} ({low:.1%}-{high:.1%}) | "
            f"{PUBLISHED_THOUGHTFUL_WINNABLE:.0%} | {statistics.median(positions):,.0f} | "
            f"{percentile(positions, 0.9):,.0f} | {statistics.median(seconds):.2f} | "
            f"{percentile(seconds, 0.9):.2f} |",
            "",
            f"Machine: Python {summary['machine']['python']} on {summary['machine']['system']}, "
            f"{args.workers} worker(s), {wall:.0f} s wall time.",
        ]
    )
    print(table)
    args.out.mkdir(parents=True, exist_ok=True)
    stem = f"solver-{args.variant}-{args.deals}-{args.max_positions}"
    (args.out / f"{stem}.md").write_text(table + "\n", encoding="utf-8")
    (args.out / f"{stem}.json").write_text(
        json.dumps({"summary": summary, "deals": rows}, indent=1) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    main()
