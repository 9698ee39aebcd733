"""Memory of the solver: bytes per stored position, and the peak of a whole solve.

* **Bytes per stored position**: one depth-first search (the solver's fast
  depth-first pass; every pass's table has the same keys) is run with a goal
  test that also records each position's key as the search stores it, so the
  recorded set is the transposition table itself (a ``set`` of 120-bit int
  keys, :meth:`~solitaire_core.solver.search_board.SearchBoard.position_hash`). Reported:
  the mean length of the canonical key the hash stands for
  (:func:`position_key`, for comparison with the bytes keys stored before),
  the mean key object size (``sys.getsizeof``, object header included), the
  set's own slots per entry (16 bytes a slot; how many slots an entry has
  depends on where the set is in its growth cycle), and their sum.
* **Peak of a solve**: ``tracemalloc``'s peak over one :func:`solve` call of a
  deal that uses the whole budget (the table, the search path and its
  iterators, the best-first pass's queue of positions), and that peak per
  position held: the solve's searches keep separate tables, all alive until
  it returns (each is paused between its turns), so every position counted is
  held; the best-first search also holds a packed position for each entry of
  its queue.
"""

from __future__ import annotations

import statistics
import sys
import time
import tracemalloc
from typing import Any

from solitaire_core import DealCode, Position, deal_code_position
from solitaire_core.solver import position_key, search, solve
from solitaire_core.solver.search_board import SearchBoard

TARGET_BYTES = 80
"""The fast-core issue's target for the table's bytes per stored position."""
MEMORY_DEAL = "KL1-D1N-AAAAAAZ"
"""Klondike draw 1, deal 25: neither our solver (1,000,000 positions) nor Klondike-Solver
decides it, so every measurement fills its whole budget."""


def table_bytes(code: DealCode, budget: int) -> dict[str, Any]:
    variant = code.variant
    keys: set[int] = set()
    lengths: list[int] = []

    def goal(position: Position) -> bool:
        keys.add(SearchBoard(variant, position).position_hash())
        lengths.append(len(position_key(variant, position)))
        return position.is_won

    result = search(variant, deal_code_position(code), goal, max_positions=budget, fast=True)
    count = len(keys)
    key_bytes = sum(sys.getsizeof(key) for key in keys)
    slot_bytes = sys.getsizeof(keys)
    return {
        "deal": str(code),
        "budget": budget,
        "positions": count,
        "status": result.status.value,
        "mean_key_length": statistics.fmean(lengths),
        "key_bytes_per_position": key_bytes / count,
        "set_bytes_per_position": slot_bytes / count,
        "bytes_per_position": (key_bytes + slot_bytes) / count,
    }


def solve_peak(code: DealCode, budget: int) -> dict[str, Any]:
    position = deal_code_position(code)
    tracemalloc.start()
    start = time.perf_counter()
    try:
        result = solve(code.variant, position, max_positions=budget)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # The searches keep separate tables, all of them alive until the solve returns
    # (each search is paused between its turns): every position counted is held.
    held = max(result.positions, 1)
    return {
        "deal": str(code),
        "budget": budget,
        "status": result.status.value,
        "positions": result.positions,
        "peak_bytes": peak,
        "held_at_peak": held,
        "peak_bytes_per_position": peak / held,
        "seconds_under_tracemalloc": time.perf_counter() - start,
    }


def run_benchmark(*, budget: int, deal: str = MEMORY_DEAL) -> dict[str, Any]:
    code = DealCode.parse(deal)
    return {"table": table_bytes(code, budget), "solve": solve_peak(code, budget)}


def markdown(section: dict[str, Any]) -> list[str]:
    table, peak = section["table"], section["solve"]
    return [
        f"## Solver memory ({table['deal']}, {table['budget']:,} positions)",
        "",
        "| measure | value |",
        "|---|---:|",
        f"| positions stored (one search pass) | {table['positions']:,} |",
        f"| mean canonical key length (what the hash stands for) | "
        f"{table['mean_key_length']:.1f} bytes |",
        f"| key object per position (`sys.getsizeof`) | "
        f"{table['key_bytes_per_position']:.1f} bytes |",
        f"| set slots per position | {table['set_bytes_per_position']:.1f} bytes |",
        f"| **bytes per stored position in the table** | **{table['bytes_per_position']:.1f}** |",
        f"| peak memory of a solve (tracemalloc; {peak['positions']:,} positions, "
        f"{peak['status']}) | {peak['peak_bytes'] / 2**20:,.1f} MiB |",
        f"| peak per position held (all {peak['held_at_peak']:,}) | "
        f"{peak['peak_bytes_per_position']:.1f} bytes |",
        "",
        f"* Target: at most {TARGET_BYTES} bytes per stored position; measured "
        f"{table['bytes_per_position']:.1f}: "
        f"**{'met' if table['bytes_per_position'] <= TARGET_BYTES else 'NOT met'}**.",
    ]
