"""Solver benchmark: our solver and Klondike-Solver (``pyksolve``) on the same deals.

For Klondike draw 1 and draw 3 with unlimited recycles (``KL1-D1N``,
``KL1-D3N``) and deal numbers ``0 .. deals - 1``, each deal is exported through
the ShootMe format (``export_deal(code, to="shootme")``, 156 digits) and given
to Klondike-Solver's ``solve_fast`` with its default state limit (5,000,000
closed states, or ``--ks-states``); our :func:`solve` gets its default budget
(``DEFAULT_MAX_POSITIONS``, or ``--our-positions``). Both run in the same worker
process one after the other, workers in parallel.

Reported per draw and engine: decided fraction (solved or proved unwinnable),
median and p90 seconds, and solution lengths in atomic moves (Klondike-Solver's
line translated into our moves with ``parse_shootme_solution``, which replays it
through our rules; its own token count, ``DR#`` merging draws, is kept too).
Every deal both decide must agree; a disagreement, or a Klondike-Solver line
that our rules refuse, is listed with the deal code.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from common import median, optional_import, percentile

from solitaire_core import DealCode, Game, deal_code_position
from solitaire_core.interop import NotationError, export_deal, parse_shootme_solution
from solitaire_core.solver import DEFAULT_MAX_POSITIONS, solve

KS_DEFAULT_STATES = 5_000_000
"""``pyksolve``'s documented default ``max_closed_count`` for ``solve_fast``."""
KS_STATUS = {
    "SolvedMinimal": "solved",
    "SolvedMayNotBeMinimal": "solved",
    "Impossible": "unwinnable",
    "CouldNotComplete": "unknown",
}
Job = tuple[int, int, int, int | None]
"""(draw, deal number, our budget in positions, Klondike-Solver's state limit or None)."""


def _klondike_solver(code: DealCode, ks_states: int | None) -> dict[str, Any] | None:
    ksolver = optional_import("pyksolve.solver")
    if ksolver is None:
        return None
    solitaire = ksolver.Solitaire()
    if solitaire.load_solitaire(export_deal(code, to="shootme")) is False:
        raise RuntimeError(f"Klondike-Solver refused the deal string of {code}")
    solitaire.reset_game(code.draw)
    start = time.perf_counter()
    if ks_states is None:
        result = solitaire.solve_fast()
    else:
        result = solitaire.solve_fast(max_closed_count=ks_states)
    row: dict[str, Any] = {
        "status": KS_STATUS[result.name],
        "result": result.name,
        "seconds": time.perf_counter() - start,
        "moves": None,
        "tokens": None,
        "replay_error": None,
    }
    if row["status"] == "solved":
        text: str = solitaire.moves_made()
        row["tokens"] = len(text.split())
        try:
            moves = parse_shootme_solution(text, code.variant, deal_code_position(code))
            game = Game.from_code(code)
            for move in moves:
                game.play(move)
            if not game.is_won:
                row["replay_error"] = "its line replays on our rules without winning"
            row["moves"] = len(moves)
        except NotationError as error:
            row["replay_error"] = str(error)
    return row


def solve_both(job: Job) -> dict[str, Any]:
    """Solve one deal with both solvers; returns its row."""
    draw, deal, budget, ks_states = job
    code = DealCode("KL", draw=draw, deal_number=deal)
    peer = _klondike_solver(code, ks_states)
    start = time.perf_counter()
    result = solve(code.variant, deal_code_position(code), max_positions=budget)
    ours = {
        "status": result.status.value,
        "seconds": time.perf_counter() - start,
        "positions": result.positions,
        "moves": len(result.moves) if result.is_solved else None,
    }
    return {"code": str(code), "draw": draw, "deal": deal, "ours": ours, "pyksolve": peer}


def _summary(rows: list[dict[str, Any]], engine: str) -> dict[str, Any]:
    entries = [row[engine] for row in rows if row[engine] is not None]
    counts = {status: sum(e["status"] == status for e in entries) for status in KS_STATUS.values()}
    seconds = [e["seconds"] for e in entries]
    lengths = [float(e["moves"]) for e in entries if e["moves"] is not None]
    decided = counts["solved"] + counts["unwinnable"]
    return {
        "deals": len(entries),
        **counts,
        "decided": decided,
        "decided_fraction": decided / len(entries) if entries else None,
        "median_seconds": median(seconds),
        "p90_seconds": percentile(seconds, 0.9),
        "total_seconds": sum(seconds),
        "median_solution_moves": median(lengths),
    }


def _compare(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Agreement on the deals both decide, and solution lengths where both solve."""
    disagreements = []
    both_decided = 0
    ours_lengths: list[float] = []
    peer_lengths: list[float] = []
    for row in rows:
        ours, peer = row["ours"], row["pyksolve"]
        if peer is None:
            continue
        if peer["replay_error"]:
            disagreements.append(
                {"code": row["code"], "problem": f"pyksolve's line: {peer['replay_error']}"}
            )
        decided = {"solved", "unwinnable"}
        if ours["status"] in decided and peer["status"] in decided:
            both_decided += 1
            if ours["status"] != peer["status"]:
                problem = f"ours {ours['status']}, pyksolve {peer['status']}"
                if peer["moves"] is not None and not peer["replay_error"]:
                    problem += (
                        f" with a line of {peer['moves']} moves that wins when replayed "
                        "through our rules (so ours is wrong)"
                    )
                disagreements.append({"code": row["code"], "problem": problem})
        if ours["moves"] is not None and peer["moves"] is not None:
            ours_lengths.append(float(ours["moves"]))
            peer_lengths.append(float(peer["moves"]))
    return {
        "both_decided": both_decided,
        "disagreements": disagreements,
        "both_solved": len(ours_lengths),
        "median_moves_ours": median(ours_lengths),
        "median_moves_pyksolve": median(peer_lengths),
        "ours_decided_pyksolve_not": [
            row["code"]
            for row in rows
            if row["pyksolve"] is not None
            and row["ours"]["status"] != "unknown"
            and row["pyksolve"]["status"] == "unknown"
        ],
        "pyksolve_decided_ours_not": [
            row["code"]
            for row in rows
            if row["pyksolve"] is not None
            and row["ours"]["status"] == "unknown"
            and row["pyksolve"]["status"] != "unknown"
        ],
    }


def run_benchmark(
    *,
    deals: int,
    workers: int,
    our_positions: int = DEFAULT_MAX_POSITIONS,
    ks_states: int | None = None,
    log: Callable[[str], None],
) -> dict[str, Any]:
    """Both draws, deals 0 .. deals - 1; returns the JSON section."""
    jobs: list[Job] = [
        (draw, deal, our_positions, ks_states) for deal in range(deals) for draw in (1, 3)
    ]
    rows: list[dict[str, Any]] = []
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for row in pool.map(solve_both, jobs):
            rows.append(row)
            peer = row["pyksolve"]
            log(
                f"  {row['code']}: ours {row['ours']['status']} "
                f"({row['ours']['seconds']:.1f} s), pyksolve "
                + (f"{peer['status']} ({peer['seconds']:.1f} s)" if peer else "not installed")
            )
    wall = time.perf_counter() - start
    section: dict[str, Any] = {
        "deals": deals,
        "our_positions": our_positions,
        "pyksolve_states": ks_states or KS_DEFAULT_STATES,
        "workers": workers,
        "wall_seconds": wall,
        "rows": rows,
    }
    return summarize(section)


def summarize(section: dict[str, Any]) -> dict[str, Any]:
    """Add the per-draw summaries, the comparison and the targets to a section with rows.

    Also used to re-render a saved report (``run.py --render``).
    """
    rows = section["rows"]
    by_draw: dict[str, Any] = {}
    for draw in (1, 3):
        chosen = [row for row in rows if row["draw"] == draw]
        by_draw[f"KL1-D{draw}N"] = {
            "ours": _summary(chosen, "ours"),
            "pyksolve": _summary(chosen, "pyksolve") if chosen[0]["pyksolve"] else None,
            "comparison": _compare(chosen),
        }
    installed = rows[0]["pyksolve"] is not None
    return section | {
        "pyksolve_installed": installed,
        "by_draw": by_draw,
        "targets": _targets(by_draw) if installed else {},
    }


def _targets(by_draw: dict[str, Any]) -> dict[str, Any]:
    """The issue's target: decide at least as many deals as pyksolve, no disagreement."""
    return {
        variant: {
            "ours_decided": section["ours"]["decided"],
            "pyksolve_decided": section["pyksolve"]["decided"],
            "disagreements": len(section["comparison"]["disagreements"]),
            "met": section["ours"]["decided"] >= section["pyksolve"]["decided"]
            and not section["comparison"]["disagreements"],
        }
        for variant, section in by_draw.items()
    }


def markdown(section: dict[str, Any]) -> list[str]:
    lines = [
        f"## Solver: ours vs Klondike-Solver (pyksolve), deals 0..{section['deals'] - 1}",
        "",
        f"Budgets: ours {section['our_positions']:,} positions; pyksolve `solve_fast` with "
        f"{section['pyksolve_states']:,} closed states. {section['workers']} worker(s), "
        f"{section['wall_seconds']:.0f} s wall time. Solution lengths in atomic moves "
        "(draws and recycles included).",
        "",
        "| variant | engine | decided | solved | unwinnable | unknown | median s | p90 s "
        "| median moves |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for variant, part in section["by_draw"].items():
        for engine in ("ours", "pyksolve"):
            summary = part[engine]
            if summary is None:
                lines.append(f"| {variant} | {engine} | not installed | | | | | | |")
                continue
            lines.append(
                f"| {variant} | {engine} | {summary['decided']}/{summary['deals']} "
                f"({summary['decided_fraction']:.0%}) | {summary['solved']} | "
                f"{summary['unwinnable']} | {summary['unknown']} | "
                f"{summary['median_seconds']:.2f} | {summary['p90_seconds']:.2f} | "
                f"{summary['median_solution_moves']:.0f} |"
            )
    lines.append("")
    for variant, part in section["by_draw"].items():
        comparison = part["comparison"]
        if part["pyksolve"] is None:
            continue
        problems = comparison["disagreements"]
        listed = "; ".join(f"{item['code']}: {item['problem']}" for item in problems)
        lines.append(
            f"* {variant}: both decided {comparison['both_decided']} deals, "
            f"**{len(problems)} disagreement(s)**{': ' + listed if listed else ''}. "
            f"Both solved {comparison['both_solved']}: median line "
            f"{comparison['median_moves_ours']:.0f} moves (ours) vs "
            f"{comparison['median_moves_pyksolve']:.0f} (pyksolve). Decided by ours only: "
            f"{', '.join(comparison['ours_decided_pyksolve_not']) or 'none'}; by pyksolve only: "
            f"{', '.join(comparison['pyksolve_decided_ours_not']) or 'none'}."
        )
    for variant, target in section["targets"].items():
        verdict = "met" if target["met"] else "NOT met"
        lines.append(
            f"* Target {variant} (decide at least as many as pyksolve, no disagreement): "
            f"{target['ours_decided']} vs {target['pyksolve_decided']}: **{verdict}**."
        )
    if not section["pyksolve_installed"]:
        lines.append("* pyksolve: not installed, skipped (`pip install -e '.[bench]'`).")
    return lines
