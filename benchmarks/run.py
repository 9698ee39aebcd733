"""Benchmarks side by side with the peer engines, in one run.

Run: ``python benchmarks/run.py`` (about 10-15 minutes on a 2-core machine).
Install the peers first with ``pip install -e '.[bench]'``; a peer that is
not installed is skipped and the report says so.

Sections (each documented in its module and in benchmarks/README.md):

1. random playouts, ours (pure Python and compiled) vs OpenSpiel and soliterm
   (:mod:`bench_playout`);
2. the solver, ours vs Klondike-Solver through pyksolve (:mod:`bench_peer_solver`);
3. the solver's memory (:mod:`bench_memory`);
4. the solver's positions per second by build, against the engine before the
   fast-core work (:mod:`bench_solver_speed`).

The compiled build is a ``pip install`` of the checkout's commit into a virtual
environment under ``--builds-dir`` (made once per commit: commit before
measuring); without a C compiler it is left out. With ``--baseline-commit C``
the compiled build of commit ``C`` is made the same way and measured beside
it in the playouts and the solver speed, so a change is timed against the
commit before it in one run.

Writes ``peers.md`` and ``peers.json`` (machine info included) to ``--out``
(default ``benchmarks/results/``). Options make every part bigger or smaller;
``--skip`` leaves parts out.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import bench_memory
import bench_peer_solver
import bench_playout
import bench_solver_speed
from builds import DEFAULT_BUILDS_DIR, compiled_python, short_commit
from common import load_average, machine_info, machine_line

from solitaire_core.playout import DEFAULT_MAX_ACTIONS
from solitaire_core.solver import DEFAULT_MAX_POSITIONS

PARTS = ("playout", "solver", "memory", "speed")


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _finite(value: Any) -> Any:
    """JSON without NaN: medians of nothing become null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_finite(item) for item in value]
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="playout games per round")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved playout rounds")
    parser.add_argument("--seed", type=int, default=1, help="playout seed (deals and moves)")
    parser.add_argument("--max-actions", type=int, default=DEFAULT_MAX_ACTIONS)
    parser.add_argument("--deals", type=int, default=40, help="solver deals per draw")
    parser.add_argument("--our-positions", type=int, default=DEFAULT_MAX_POSITIONS)
    parser.add_argument(
        "--ks-states", type=int, help="pyksolve's state limit (default: its own, 5,000,000)"
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--memory-positions", type=int, default=DEFAULT_MAX_POSITIONS, help="memory budget"
    )
    parser.add_argument("--speed-deals", type=int, default=8, help="speed: deals per draw")
    parser.add_argument("--speed-positions", type=int, default=100_000, help="speed: per solve")
    parser.add_argument("--speed-rounds", type=int, default=2, help="speed: interleaved rounds")
    parser.add_argument("--builds-dir", type=Path, default=DEFAULT_BUILDS_DIR)
    parser.add_argument(
        "--baseline-commit",
        metavar="COMMIT",
        help="also measure the compiled build of COMMIT beside the checkout's (playouts, speed)",
    )
    parser.add_argument("--skip", choices=PARTS, action="append", default=[])
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    parser.add_argument(
        "--render",
        type=Path,
        metavar="JSON",
        help="measure nothing: write the Markdown of a saved peers.json again",
    )
    args = parser.parse_args(argv)
    if args.render:
        report = json.loads(args.render.read_text(encoding="utf-8"))
        if "solver" in report:
            report["solver"] = bench_peer_solver.summarize(report["solver"])
        _write(report, args.out)
        return 0

    machine = machine_info()
    report = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": machine,
        "command": " ".join(["python", "benchmarks/run.py", *(argv or sys.argv[1:])]),
    }
    start = time.perf_counter()
    compiled = None
    baseline = None
    if "playout" not in args.skip or "speed" not in args.skip:
        compiled = compiled_python(args.builds_dir, log)
        if args.baseline_commit:
            python = compiled_python(args.builds_dir, log, args.baseline_commit)
            if python is not None:
                baseline = (short_commit(args.baseline_commit), python)
    if "playout" not in args.skip:
        log("playout benchmark ...")
        report["playout"] = bench_playout.run_benchmark(
            games=args.games,
            rounds=args.rounds,
            seed=args.seed,
            cap=args.max_actions,
            log=log,
            compiled=compiled,
            baseline=baseline,
        )
    if "solver" not in args.skip:
        log("solver benchmark ...")
        report["solver"] = bench_peer_solver.run_benchmark(
            deals=args.deals,
            workers=args.workers,
            our_positions=args.our_positions,
            ks_states=args.ks_states,
            log=log,
        )
    if "memory" not in args.skip:
        log("memory benchmark ...")
        report["memory"] = bench_memory.run_benchmark(budget=args.memory_positions)
    if "speed" not in args.skip:
        log("solver speed by build ...")
        report["speed"] = bench_solver_speed.run_benchmark(
            deals=args.speed_deals,
            positions=args.speed_positions,
            rounds=args.speed_rounds,
            compiled=compiled,
            builds_dir=args.builds_dir,
            log=log,
            compiled_baseline=baseline,
        )
    report["wall_seconds"] = time.perf_counter() - start
    report["load_average_at_end"] = load_average()
    _write(report, args.out)
    return 0


def markdown(report: dict[str, Any]) -> str:
    """The Markdown report of the JSON one."""
    machine = report["machine"]
    lines = [
        "# solitaire_core side by side with the peer engines",
        "",
        f"Run {report['date']} with `{report['command']}`.",
        "",
        machine_line(machine),
        "",
    ]
    if "playout" in report:
        lines += [*bench_playout.markdown(report["playout"]), ""]
    if "solver" in report:
        lines += [*bench_peer_solver.markdown(report["solver"]), ""]
    if "memory" in report:
        lines += [*bench_memory.markdown(report["memory"]), ""]
    if "speed" in report:
        lines += [*bench_solver_speed.markdown(report["speed"]), ""]
    lines.append(f"Whole run: {report['wall_seconds'] / 60:.1f} minutes.")
    if machine.get("load_average_at_start") and report.get("load_average_at_end"):
        lines[-1] += (
            f" Load average (1, 5, 15 min) at the start {machine['load_average_at_start']}, "
            f"at the end {report['load_average_at_end']} (on {machine['cpus']} CPUs; more than "
            "the run's own processes means other work shared the machine)."
        )
    return "\n".join(lines) + "\n"


def _write(report: dict[str, Any], out: Path) -> None:
    text = markdown(report)
    out.mkdir(parents=True, exist_ok=True)
    (out / "peers.md").write_text(text, encoding="utf-8")
    (out / "peers.json").write_text(
        json.dumps(_finite(report), indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(text)


if __name__ == "__main__":
    sys.exit(main())
