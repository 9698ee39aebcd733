"""The fair AI players: how often each wins the hidden-card game, and how fast it moves.

Run: ``python benchmarks/bench_ai_players.py [--deals 200] [--hard-deals 20]
[--seed 1] [--workers 2] [--out benchmarks/results]``

For deals 0 .. N-1 of Klondike draw 1 and draw 3 (``KL1-D1N``, ``KL1-D3N``),
a player who only ever plays :meth:`Game.play_hints
<solitaire_core.game.Game.play_hints>` plays each game to its end: won, or the
hint says no progress is possible or the game is lost (at most 1,000 moves).
Two players: the advisory hint (the player's view only, the solver once every
card is known) on ``--deals`` deals, and the hard AI (samples of the unseen
cards solved, its default budget; seed ``--seed``) on ``--hard-deals`` deals.
Reports the win rate with its 95% Wilson interval and the median and p90
seconds per hinted move, next to the published figures for hidden-card
Klondike draw 3 (issue "fair AI players"): Bjarnason, Fern and Tadepalli
(ICAPS 2009) 36.97 +- 1.92 %, and lonelybot's hindsight search 47.58 +- 0.80 %.
Writes ``ai-players.md`` and ``ai-players.json`` (with the machine) to the
output folder; progress goes to stderr. Each finished game goes to a journal
(``--work``, default ``/tmp/ai-players``) as it ends: the same command run
again plays only the games not in it, so a stopped run resumes (the wall time
reported is the last run's).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from common import GameJournal, machine_info, machine_line, median, percentile

from solitaire_core import DealCode, Game, deal_number_to_letters
from solitaire_core.survey import wilson_interval

PREFIXES = ("KL1-D1N", "KL1-D3N")
MOST_MOVES = 1_000
PUBLISHED_DRAW_3 = (
    "Bjarnason, Fern and Tadepalli (ICAPS 2009): 36.97 +- 1.92 %",
    "lonelybot (hindsight search): 47.58 +- 0.80 %",
)


def code_of(prefix: str, number: int) -> str:
    """The deal code of deal ``number`` under ``prefix``."""
    return f"{prefix}-{deal_number_to_letters(number)}"


Job = tuple[str, str, int, int]
"""``(level, prefix, deal number, seed)``: one game for :func:`play_deal`."""


def play_deal(job: Job) -> dict[str, Any]:
    """Let one player play one deal to its end; its end, moves and seconds per move."""
    level, prefix, deal_number, seed = job
    code = DealCode.parse(code_of(prefix, deal_number))
    game = Game.from_code(code)
    seconds: list[float] = []
    end = "move limit"
    start = time.perf_counter()
    for advice in game.play_hints(level=level, seed=seed, max_moves=MOST_MOVES, time_limit=None):
        seconds.append(time.perf_counter() - start)
        if advice.move is None:
            end = advice.kind.value
        start = time.perf_counter()
    if game.is_won:
        end = "won"
    return {
        "level": level,
        "code": str(code),
        "end": end,
        "moves": len(game.moves),
        "seconds": seconds,
    }


def play_missing(jobs: list[Job], journal: GameJournal, workers: int) -> None:
    """Play the ``jobs`` the journal lacks, in ``workers`` processes, each kept as it ends."""
    todo = [job for job in jobs if not journal.has(job[0], code_of(job[1], job[2]))]
    print(f"{len(jobs) - len(todo)} of {len(jobs)} games in {journal.path}", file=sys.stderr)
    with ProcessPoolExecutor(workers) as pool:
        for done, game in enumerate(pool.map(play_deal, todo), start=1):
            journal.add(game)
            if done % 10 == 0 or done == len(todo):
                print(f"{done}/{len(todo)} games", file=sys.stderr, flush=True)


def summary(level: str, prefix: str, games: list[dict[str, Any]]) -> dict[str, Any]:
    """A player's results over ``games``: won, win rate and its 95% Wilson interval, ends, times."""
    won = sum(game["end"] == "won" for game in games)
    low, high = wilson_interval(won, len(games))
    per_move = [value for game in games for value in game["seconds"]]
    ends: dict[str, int] = {}
    for game in games:
        ends[game["end"]] = ends.get(game["end"], 0) + 1
    return {
        "player": level,
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
    parser.add_argument("--deals", type=int, default=200, help="deals for the advisory player")
    parser.add_argument("--hard-deals", type=int, default=20, help="deals for the hard AI")
    parser.add_argument("--seed", type=int, default=1, help="the hard AI's seed")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    parser.add_argument(
        "--work", type=Path, default=Path("/tmp/ai-players"), help="the journal's folder"
    )
    args = parser.parse_args()
    started = time.perf_counter()
    counts = {"advisory": args.deals, "hard": args.hard_deals}
    results: dict[str, list[dict[str, Any]]] = {
        f"{level} {prefix}": [] for level in counts for prefix in PREFIXES
    }
    journal = GameJournal(args.work / f"ai-players-seed{args.seed}.jsonl")
    jobs = [
        (level, prefix, number, args.seed)
        for level, deals in counts.items()
        for prefix in PREFIXES
        for number in range(deals)
    ]
    # The hard AI's draw-3 games first: the slowest, and the target's (a stopped run has them).
    first = sorted(jobs, key=lambda job: (job[0] != "hard", job[1] != "KL1-D3N"))
    play_missing(first, journal, args.workers)
    for level, prefix, number, _ in jobs:
        results[f"{level} {prefix}"].append(journal.games[(level, code_of(prefix, number))])
    rows = []
    for key, games in results.items():
        level, prefix = key.split()
        if games:
            rows.append(summary(level, prefix, games))
    wall = time.perf_counter() - started
    args.out.mkdir(parents=True, exist_ok=True)
    machine = machine_info()
    document: dict[str, Any] = {
        "command": " ".join(["python", "benchmarks/bench_ai_players.py", *sys.argv[1:]]),
        "players": "advisory hint and hard AI (Game.play_hints)",
        "summary": rows,
        "published_draw_3": PUBLISHED_DRAW_3,
        "machine": machine,
        "wall_seconds": wall,
        "games": {  # per game: its end and moves (the seconds of each move are summarised above)
            key: [{name: game[name] for name in ("code", "end", "moves")} for game in games]
            for key, games in results.items()
        },
    }
    (args.out / "ai-players.json").write_text(json.dumps(document, indent=1) + "\n", "utf-8")
    lines = [
        f"# Fair AI players: the advisory hint (deals 0..{args.deals - 1}) and the hard AI"
        f" (deals 0..{args.hard_deals - 1}, seed {args.seed})",
        "",
        f"Command: `{document['command']}` ({wall:.0f} s wall time, {args.workers} workers,"
        f" {machine['build']} build).",
        "",
        machine_line(machine),
        "",
        "| player | variant | won | win rate (95% Wilson) | ends | median s/move | p90 s/move |"
        " max s/move |",
        "|---|---|---:|---|---|---:|---:|---:|",
    ]
    for row in rows:
        low, high = row["wilson_95"]
        ends = ", ".join(f"{name} {count}" for name, count in sorted(row["ends"].items()))
        lines.append(
            f"| {row['player']} | {row['variant']} | {row['won']}/{row['deals']}"
            f" | {row['win_rate']:.1%}"
            f" ({low:.1%}-{high:.1%}) | {ends} | {row['median_seconds_per_move']:.4f}"
            f" | {row['p90_seconds_per_move']:.4f} | {row['max_seconds_per_move']:.2f} |"
        )
    lines += ["", "Published, hidden-card Klondike draw 3: " + "; ".join(PUBLISHED_DRAW_3) + "."]
    (args.out / "ai-players.md").write_text("\n".join(lines) + "\n", "utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
