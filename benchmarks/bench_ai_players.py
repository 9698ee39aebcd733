"""The fair AI players: how often each wins the hidden-card game, and how fast it moves.

Run: ``python benchmarks/bench_ai_players.py [--deals 200] [--workers 2]
[--out benchmarks/results]``

For deals 0 .. N-1 of Klondike draw 1 and draw 3 (``KL1-D1N``, ``KL1-D3N``),
a player who only ever plays :meth:`Game.hint <solitaire_core.game.Game.hint>`
(the advisory hint: the player's view only, the solver once every card is
known) plays each game to its end: won, or the hint says no progress is
possible or the game is lost (at most 1,000 moves). Reports the win rate with
its 95% Wilson interval and the median and p90 seconds per hinted move, next
to the published figures for hidden-card Klondike draw 3 (issue "fair AI
players"): Bjarnason, Fern and Tadepalli (ICAPS 2009) 36.97 +- 1.92 %, and
lonelybot's hindsight search 47.58 +- 0.80 %. Writes
``ai-players.md`` and ``ai-players.json`` (with the machine) to the output
folder; progress goes to stderr. The hard AI of that issue is not built yet,
so only the advisory player is measured.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from bench_solver import wilson
from common import machine_info, median, percentile

from solitaire_core import DealCode, Game, deal_number_to_letters

PREFIXES = ("KL1-D1N", "KL1-D3N")
MOST_MOVES = 1_000
PUBLISHED_DRAW_3 = (
    "Bjarnason, Fern and Tadepalli (ICAPS 2009): 36.97 +- 1.92 %",
    "lonelybot (hindsight search): 47.58 +- 0.80 %",
)


def play_deal(job: tuple[str, int]) -> dict[str, Any]:
    """Follow the advisory hint through one deal; its end, moves and seconds per move."""
    prefix, deal_number = job
    code = DealCode.parse(f"{prefix}-{deal_number_to_letters(deal_number)}")
    game = Game.from_code(code)
    seconds: list[float] = []
    end = "move limit"
    for _ in range(MOST_MOVES):
        start = time.perf_counter()
        advice = game.hint()
        seconds.append(time.perf_counter() - start)
        if advice.move is None:
            end = advice.kind.value
            break
        game.play(advice.move)
        if game.is_won:
            end = "won"
            break
    return {"code": str(code), "end": end, "moves": len(game.moves), "seconds": seconds}


def summary(prefix: str, games: list[dict[str, Any]]) -> dict[str, Any]:
    won = sum(game["end"] == "won" for game in games)
    low, high = wilson(won, len(games))
    per_move = [value for game in games for value in game["seconds"]]
    ends: dict[str, int] = {}
    for game in games:
        ends[game["end"]] = ends.get(game["end"], 0) + 1
    return {
        "variant": prefix,
        "deals": len(games),
        "won": won,
        "win_rate": won / len(games),
        "wilson_95": [low, high],
        "ends": ends,
        "median_seconds_per_move": median(per_move),
        "p90_seconds_per_move": percentile(per_move, 0.9),
        "max_seconds_per_move": max(per_move),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    args = parser.parse_args()
    started = time.perf_counter()
    results: dict[str, list[dict[str, Any]]] = {prefix: [] for prefix in PREFIXES}
    jobs = [(prefix, number) for prefix in PREFIXES for number in range(args.deals)]
    with ProcessPoolExecutor(args.workers) as pool:
        for done, game in enumerate(pool.map(play_deal, jobs, chunksize=4), start=1):
            results[game["code"][:7]].append(game)
            if done % 50 == 0 or done == len(jobs):
                print(f"{done}/{len(jobs)} games", file=sys.stderr, flush=True)
    rows = [summary(prefix, games) for prefix, games in results.items()]
    wall = time.perf_counter() - started
    args.out.mkdir(parents=True, exist_ok=True)
    document = {
        "command": " ".join(["python", "benchmarks/bench_ai_players.py", *sys.argv[1:]]),
        "player": "advisory hint (Game.hint)",
        "summary": rows,
        "published_draw_3": PUBLISHED_DRAW_3,
        "machine": machine_info(),
        "wall_seconds": wall,
        "games": {  # per game: its end and moves (the seconds of each move are summarised above)
            prefix: [{key: game[key] for key in ("code", "end", "moves")} for game in games]
            for prefix, games in results.items()
        },
    }
    (args.out / "ai-players.json").write_text(json.dumps(document, indent=1) + "\n", "utf-8")
    lines = [
        f"# Fair AI players: the advisory hint, deals 0..{args.deals - 1}",
        "",
        f"Command: `{document['command']}` ({wall:.0f} s wall time, {args.workers} workers).",
        "",
        "| variant | won | win rate (95% Wilson) | ends | median s/move | p90 s/move |"
        " max s/move |",
        "|---|---:|---|---|---:|---:|---:|",
    ]
    for row in rows:
        low, high = row["wilson_95"]
        ends = ", ".join(f"{name} {count}" for name, count in sorted(row["ends"].items()))
        lines.append(
            f"| {row['variant']} | {row['won']}/{row['deals']} | {row['win_rate']:.1%}"
            f" ({low:.1%}-{high:.1%}) | {ends} | {row['median_seconds_per_move']:.4f}"
            f" | {row['p90_seconds_per_move']:.4f} | {row['max_seconds_per_move']:.2f} |"
        )
    lines += ["", "Published, hidden-card Klondike draw 3: " + "; ".join(PUBLISHED_DRAW_3) + "."]
    lines += ["", "The hard AI (sampling the unseen cards) is not built yet."]
    (args.out / "ai-players.md").write_text("\n".join(lines) + "\n", "utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
