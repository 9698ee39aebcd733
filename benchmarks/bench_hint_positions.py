"""What each hard hint costs: the positions its solves store, and its CPU seconds.

Run: ``python benchmarks/bench_hint_positions.py --games RO1-D0N,NA1-D1N --deals 3
[--seed 1] [--work /tmp/hint-positions] [--out benchmarks/results] [--report NAME]
[--label TEXT]``

For deals 0 .. N-1 of each game, the hard AI plays the game to its end as
:meth:`Game.play_hints <solitaire_core.game.Game.play_hints>` does (no time
limit, so each hint depends on its seed alone; at most 1,000 moves), and each
hint's cost is kept: the positions the solves of its samples stored (counted
by wrapping ``solitaire_core.solver.hint_budget.solve_avoiding``, the one
function a hard hint solves its samples with; a solve its memo answers costs
nothing, as in the hint's own account: what the hint's budget counts, so the
advisory hint's own search, which the hard AI gives once every card is known or
no sample is won, is not counted, though its seconds are) and its CPU seconds
(``time.process_time``, so other work on the machine does not stretch them).
Reports per game: hints, positions a hint (median, p90, most), how many hints
spent the game's budget (``hard_hint_positions``, where the installed library
has one), CPU seconds a hint (median, p90, most), and the deals won. It is how
the one-deck budget of :data:`~solitaire_core.limits.HARD_HINT_POSITIONS` was
chosen: run it with a build before and after (``--label`` names the build).

Each finished deal goes to a journal (``--work``, file
``hint-positions-seed<seed>.jsonl``) as it ends: the same command run again
plays only the deals not in it (delete the journal to measure another build).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any
from unittest.mock import patch

from common import GameJournal, code_of, machine_info, machine_line, median, parse_games, percentile

from solitaire_core._files import write_file_atomically
from solitaire_core.game import Game
from solitaire_core.solver import hint_budget
from solitaire_core.solver.result import SolveResult
from solitaire_core.solver.solving import solve_avoiding
from solitaire_core.variants import lookup_variant

MOST_MOVES = 1_000


def game_budget(prefix: str) -> int | None:
    """The positions a hard hint may store in the game, by the installed library's default."""
    return hint_budget.hard_hint_positions(lookup_variant(prefix))


def play_deal(code: str, seed: int) -> dict[str, Any]:
    """The hard AI plays ``code`` to its end; each hint's positions and CPU seconds."""
    stored = [0]

    def counted(*args: Any, **kwargs: Any) -> SolveResult:
        result = solve_avoiding(*args, **kwargs)
        stored[0] += result.positions
        return result

    with patch.object(hint_budget, "solve_avoiding", counted):
        game = Game.from_code(code)
        hints: list[tuple[int, float]] = []
        start = time.process_time()
        for _ in game.play_hints(level="hard", seed=seed, max_moves=MOST_MOVES, time_limit=None):
            hints.append((stored[0], time.process_time() - start))
            stored[0] = 0
            start = time.process_time()
    return {"level": "hard", "code": code, "won": game.is_won, "hints": hints}


def game_row(prefix: str, deals: list[dict[str, Any]]) -> dict[str, Any]:
    positions = [float(count) for deal in deals for count, _ in deal["hints"]]
    seconds = [spent for deal in deals for _, spent in deal["hints"]]
    budget = game_budget(prefix)
    return {
        "game": prefix,
        "deals": len(deals),
        "won": sum(deal["won"] for deal in deals),
        "hints": len(positions),
        "budget": budget,
        "hints_at_budget": None if budget is None else sum(p >= budget for p in positions),
        "positions": [median(positions), percentile(positions, 0.9), max(positions, default=0)],
        "cpu_seconds": [median(seconds), percentile(seconds, 0.9), max(seconds, default=0)],
    }


def report_lines(rows: list[dict[str, Any]], machine: dict[str, Any], args: Any) -> list[str]:
    lines = [
        f"# Hard hints' cost: positions and CPU seconds a hint ({args.label})",
        "",
        f"Command: `python benchmarks/bench_hint_positions.py --games {','.join(args.games)} "
        f"--deals {args.deals} --seed {args.seed}` (hard AI, no time limit, deals played to "
        f"their end, at most {MOST_MOVES:,} moves; {machine['build']} build).",
        "",
        machine_line(machine),
        "",
        "| game | deals won | hints | positions a hint (median / p90 / most) | budget | "
        "hints at the budget | CPU s a hint (median / p90 / most) |",
        "|---|---:|---:|---|---:|---:|---|",
    ]
    for row in rows:
        p, s = row["positions"], row["cpu_seconds"]
        budget = "none" if row["budget"] is None else f"{row['budget']:,}"
        at = "-" if row["hints_at_budget"] is None else str(row["hints_at_budget"])
        lines.append(
            f"| {row['game']} | {row['won']}/{row['deals']} | {row['hints']} | "
            f"{p[0]:,.0f} / {p[1]:,.0f} / {p[2]:,.0f} | {budget} | {at} | "
            f"{s[0]:.2f} / {s[1]:.2f} / {s[2]:.2f} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=lambda text: parse_games(text, {}), required=True)
    parser.add_argument("--deals", type=int, default=3, help="deals 0..N-1 of each game")
    parser.add_argument("--seed", type=int, default=1, help="the hard AI's seed")
    parser.add_argument("--work", type=Path, default=Path("/tmp/hint-positions"))
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    parser.add_argument("--report", default="hint-positions")
    parser.add_argument("--label", default="the installed build", help="names the build")
    args = parser.parse_args()
    machine = machine_info()
    journal = GameJournal(args.work / f"hint-positions-seed{args.seed}.jsonl")
    for prefix in args.games:
        for number in range(args.deals):
            code = code_of(prefix, number)
            if not journal.has("hard", code):
                journal.add(play_deal(code, args.seed))
                hints = journal.games[("hard", code)]["hints"]
                print(f"{code}: {len(hints)} hints", file=sys.stderr, flush=True)
    rows = [
        game_row(prefix, [journal.games[("hard", code_of(prefix, n))] for n in range(args.deals)])
        for prefix in args.games
    ]
    args.out.mkdir(parents=True, exist_ok=True)
    document = {"machine": machine, "label": args.label, "seed": args.seed, "games": rows}
    write_file_atomically(args.out / f"{args.report}.json", json.dumps(document, indent=1).encode())
    page = "\n".join(report_lines(rows, machine, args)) + "\n"
    write_file_atomically(args.out / f"{args.report}.md", page.encode())


if __name__ == "__main__":
    main()
