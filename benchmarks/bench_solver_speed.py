"""Solver speed by build: positions per second, pure Python, compiled, and before.

The same solves (Klondike draw 1 and draw 3 deals 0..N-1, a fixed budget in
positions each) run in three builds (``builds.py``): the baseline commit's
Python source (the solver before the fast-core work), the current pure-Python
package and the compiled install, each in a worker process that times itself,
in interleaved rounds. Reported: positions per second (all positions of all
the solves over their total time) and the ratios to the baseline. The pure and
compiled builds must find the same verdicts, lines and position counts, deal
by deal (checked: a difference stops the run). The baseline finds the same
only as long as the search explores what it did: the solver's later
reductions (the turn schedule, the cover rule, the merged waste sizes...)
change which positions it stores, so the report says whether the baseline
did the same work or only the same solves (same deals, same budget).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

from builds import baseline_source, run_worker, this_python
from common import target_lines

import solitaire_core
from solitaire_core import DealCode, deal_code_position, deal_number_to_letters
from solitaire_core.solver import solve

VARIANTS = ("KL1-D1N", "KL1-D3N")
TARGETS = (("pure", 1.4), ("compiled", 2.0))
"""(build, the least ratio of its positions/s to the baseline's): the fast-core issue's."""


def worker(argv: list[str]) -> None:
    """``--worker --deals N --positions P``: the solves, timed here, as JSON."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, required=True)
    parser.add_argument("--positions", type=int, required=True)
    args = parser.parse_args(argv)
    digest = hashlib.sha256()
    positions = 0
    seconds = 0.0
    for prefix in VARIANTS:
        for number in range(args.deals):
            code = DealCode.parse(f"{prefix}-{deal_number_to_letters(number)}")
            start = time.perf_counter()
            result = solve(code.variant, deal_code_position(code), max_positions=args.positions)
            seconds += time.perf_counter() - start
            positions += result.positions
            line = " ".join(str(move) for move in result.moves)
            digest.update(f"{code} {result.status.value} {result.positions} {line}\n".encode())
    answer = {
        "build": getattr(solitaire_core, "BUILD", "pure"),  # (the baseline has no BUILD)
        "positions": positions,
        "seconds": seconds,
        "results": digest.hexdigest(),
    }
    print(json.dumps(answer))


def run_benchmark(
    *,
    deals: int,
    positions: int,
    rounds: int,
    compiled: Path | None,
    builds_dir: Path,
    log: Any,
    compiled_baseline: tuple[str, Path] | None = None,
) -> dict[str, Any]:
    """Interleaved rounds of the builds; returns the JSON section.

    ``compiled_baseline``: an earlier commit and its compiled install's
    interpreter, measured as ``compiled-<commit>`` and compared with the
    compiled build (``run.py --baseline-commit``); its results are compared
    too, but need not be the same.
    """
    runs: dict[str, tuple[Path | str, Path | None]] = {
        "baseline": (this_python(), baseline_source(builds_dir)),
        "pure": (this_python(), None),
    }
    if compiled is not None:
        runs["compiled"] = (compiled, None)
    before = None if compiled_baseline is None else f"compiled-{compiled_baseline[0]}"
    if compiled_baseline is not None and before is not None:
        runs[before] = (compiled_baseline[1], None)
    totals = {name: {"positions": 0, "seconds": 0.0} for name in runs}
    results: dict[str, str] = {}
    names = list(runs)
    arguments = ["--deals", str(deals), "--positions", str(positions)]
    for round_index in range(rounds):
        order = names[round_index % len(names) :] + names[: round_index % len(names)]
        for name in order:
            python, source = runs[name]
            answer = run_worker(python, "bench_solver_speed.py", arguments, source=source)
            totals[name]["positions"] += answer["positions"]
            totals[name]["seconds"] += answer["seconds"]
            results.setdefault(name, answer["results"])
            log(
                f"  round {round_index + 1}/{rounds} {name} ({answer['build']}): "
                f"{answer['positions'] / answer['seconds']:,.0f} positions/s"
            )
    current = {name: digest for name, digest in results.items() if name not in ("baseline", before)}
    if len(set(current.values())) != 1:
        raise RuntimeError(f"the builds found different results: {current}")
    same_as_baseline = len({results[name] for name in results if name != before}) == 1
    rates = {name: total["positions"] / total["seconds"] for name, total in totals.items()}
    targets = {
        name: {
            "needed": needed,
            "ratio": rates[name] / rates["baseline"],
            "met": rates[name] / rates["baseline"] >= needed,
        }
        for name, needed in TARGETS
        if name in rates
    }
    compared: dict[str, Any] = {}
    if before is not None and compiled_baseline is not None and "compiled" in rates:
        compared = {
            "commit": compiled_baseline[0],
            "ratio": rates["compiled"] / rates[before],
            "same_results": results[before] == results["compiled"],
        }
    return {
        "variants": list(VARIANTS),
        "deals": deals,
        "positions_per_solve": positions,
        "rounds": rounds,
        "totals": totals,
        "positions_per_second": rates,
        "targets": targets,
        "same_results": True,
        "same_results_as_baseline": same_as_baseline,
        **({"compiled_baseline": compared} if compared else {}),
    }


def markdown(section: dict[str, Any]) -> list[str]:
    rates = section["positions_per_second"]
    lines = [
        f"## Solver speed by build ({', '.join(section['variants'])} deals 0.."
        f"{section['deals'] - 1}, {section['positions_per_solve']:,} positions a solve, "
        f"{section['rounds']} rounds)",
        "",
        "| build | positions/s | ratio to the baseline |",
        "|---|---:|---:|",
    ]
    for name, rate in rates.items():
        lines.append(f"| {name} | {rate:,.0f} | {rate / rates['baseline']:.2f}x |")
    lines += [
        "",
        "The baseline is the Python source of the commit before the fast-core work "
        "(`benchmarks/builds.py`); "
        + (
            "every build found the same verdicts, lines and position counts on every deal."
            if section.get("same_results_as_baseline", True)
            else "the pure and compiled builds found the same verdicts, lines and position "
            "counts on every deal; the baseline explores other positions (the solver's "
            "reductions since then change what it stores), so its ratio compares the speed "
            "of two searches over the same deals and budget, not the same work."
        ),
        "",
    ]
    compared = section.get("compiled_baseline")
    if compared:
        lines.append(
            f"The compiled build against the compiled build of commit {compared['commit']} "
            f"(`--baseline-commit`): {compared['ratio']:.3f}x its positions/s; "
            + (
                "the same verdicts, lines and position counts."
                if compared["same_results"]
                else "**other verdicts, lines or position counts**."
            )
        )
        lines.append("")
    return lines + target_lines(section["targets"], "the baseline's positions/s")


if __name__ == "__main__" and sys.argv[1:2] == ["--worker"]:
    worker(sys.argv[2:])
