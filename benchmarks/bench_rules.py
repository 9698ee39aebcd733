"""Rules-engine speed: move generation, apply, and the random-playout loop.

Run: ``python benchmarks/bench_rules.py [--games N] [--json PATH]``

Measures, on this machine, in one run:

* ``legal_moves`` and ``apply_move`` per call on mid-game positions (positions
  sampled from random playouts of Klondike draw 1, Klondike draw 3 and
  Réfléchi draw 1);
* a random-playout loop (generate, choose uniformly, apply; at most 500
  actions per game) in actions per second.

Target (issue "Rules engine"): at least 30,000 playout actions per second for
Klondike draw 1. Results are printed as a Markdown table and, with ``--json``,
written as JSON. Timings are never asserted in the test suite.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from pathlib import Path
from typing import Any

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    REFLECHI,
    Position,
    Variant,
    apply_move,
    deal_position,
    legal_moves,
)

PLAYOUT_TARGET = 30_000
MAX_ACTIONS = 500


def sample_positions(variant: Variant, games: int, seed: int) -> list[Position]:
    """Mid-game positions: one every 10 actions of random playouts."""
    rng = random.Random(seed)
    positions = []
    for deal_number in range(games):
        position = deal_position(variant, deal_number)
        for step in range(200):
            moves = legal_moves(variant, position)
            if not moves:
                break
            position = apply_move(variant, position, rng.choice(moves))
            if step % 10 == 9:
                positions.append(position)
    return positions


def time_per_call(variant: Variant, positions: list[Position]) -> dict[str, float]:
    """Microseconds per legal_moves call and per apply_move call."""
    start = time.perf_counter()
    all_moves = [legal_moves(variant, position) for position in positions]
    generate = time.perf_counter() - start
    pairs = [(p, m) for p, moves in zip(positions, all_moves, strict=True) for m in moves]
    start = time.perf_counter()
    for position, move in pairs:
        apply_move(variant, position, move)
    apply = time.perf_counter() - start
    return {
        "legal_moves_us": 1e6 * generate / len(positions),
        "apply_move_us": 1e6 * apply / max(len(pairs), 1),
        "moves_per_position": len(pairs) / len(positions),
    }


def playout_rate(variant: Variant, games: int, seed: int) -> dict[str, float]:
    """Uniformly random playouts: actions per second (deals included in the time)."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for deal_number in range(games):
        position = deal_position(variant, deal_number)
        for _ in range(MAX_ACTIONS):
            moves = legal_moves(variant, position)
            if not moves:
                break
            position = apply_move(variant, position, moves[rng.randrange(len(moves))])
            actions += 1
    elapsed = time.perf_counter() - start
    return {"actions": actions, "seconds": elapsed, "actions_per_second": actions / elapsed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="deals per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the results as JSON here")
    args = parser.parse_args()

    results: dict[str, Any] = {
        "machine": {
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "processor": platform.machine(),
            "system": platform.platform(),
        },
        "variants": {},
    }
    print(
        "| variant | legal_moves µs/call | apply_move µs/call | moves/position "
        "| playout actions/s |"
    )
    print("|---|---:|---:|---:|---:|")
    for variant in (KLONDIKE, KLONDIKE_DRAW_3, REFLECHI):
        per_call = time_per_call(variant, sample_positions(variant, args.games // 4, args.seed))
        playout = playout_rate(variant, args.games, args.seed)
        results["variants"][variant.name] = per_call | playout
        print(
            f"| {variant.name} | {per_call['legal_moves_us']:.1f} | "
            f"{per_call['apply_move_us']:.2f} | {per_call['moves_per_position']:.1f} | "
            f"{playout['actions_per_second']:,.0f} |"
        )
    rate = results["variants"][KLONDIKE.name]["actions_per_second"]
    verdict = "meets" if rate >= PLAYOUT_TARGET else "MISSES"
    print(
        f"\nKlondike draw 1 playouts: {rate:,.0f} actions/s, {verdict} the "
        f"{PLAYOUT_TARGET:,} target ({rate / PLAYOUT_TARGET:.2f}x)."
    )
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
