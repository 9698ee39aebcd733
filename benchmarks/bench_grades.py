"""Do the difficulty grades mean something to a player? The fair AIs' win rate per grade.

Run: ``python benchmarks/bench_grades.py [--game KL1-D1N] [--deals 100]
[--hard-deals 30] [--seed 1] [--workers 2] [--work /tmp/grades] [--out benchmarks/results]``

A catalogue deal's grade (easy, medium, hard: :func:`solitaire_core.solver.grade`)
measures the full-knowledge solver's effort and the winning line's length.
This checks it against players who do not see the hidden cards: for the first
``--deals`` deals of each grade in the game's shipped catalogue (deal order),
the advisory hint plays each game to its end (as in ``bench_ai_players.py``),
and the hard AI (seed ``--seed``) plays the first ``--hard-deals`` of each
grade. Every deal is winnable with full knowledge, so a lost game is the
player's, not the deal's. Reports each player's win rate per grade with its 95%
Wilson interval; the grades work if easy deals are won more often than medium
ones, and medium ones more often than hard ones.

Each finished game is appended to ``<work>/grades-<game>-seed<seed>.jsonl`` as it ends;
running the same command again skips them (a stopped run resumes). Writes
``grades-<game>.md`` and ``.json`` to the output folder; progress goes to
stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from bench_ai_players import MOST_MOVES, Job, play_missing, summary
from common import GameJournal, code_of, machine_info, median

from solitaire_core.catalogue import Catalogue, Grade, shipped_catalogue

GRADES = (Grade.EASY, Grade.MEDIUM, Grade.HARD)


def catalogue_of(game: str) -> Catalogue:
    """The game's shipped catalogue; exits with a message for a game without one."""
    catalogue = shipped_catalogue(game)
    if catalogue is None:
        raise SystemExit(f"{game} has no shipped catalogue")
    return catalogue


def chosen_deals(game: str, per_grade: int) -> dict[Grade, list[int]]:
    """The first ``per_grade`` deals of each grade in the game's shipped catalogue."""
    catalogue = catalogue_of(game)
    return {grade: list(catalogue.winnable(grade)[:per_grade]) for grade in GRADES}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="KL1-D1N", help="a game with a shipped catalogue")
    parser.add_argument("--deals", type=int, default=100, help="deals a grade, advisory hint")
    parser.add_argument("--hard-deals", type=int, default=30, help="deals a grade, hard AI")
    parser.add_argument("--seed", type=int, default=1, help="the hard AI's seed")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--work", type=Path, default=Path("/tmp/grades"))
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    args = parser.parse_args()
    started = time.perf_counter()
    counts = {"advisory": args.deals, "hard": args.hard_deals}
    deals = chosen_deals(args.game, max(counts.values()))
    journal = GameJournal(args.work / f"grades-{args.game}-seed{args.seed}.jsonl")
    jobs = [
        Job(level, args.game, number, args.seed, MOST_MOVES, None, None)
        for level, count in counts.items()
        for grade in GRADES
        for number in deals[grade][:count]
    ]
    play_missing(jobs, journal, args.workers)
    finished = journal.games
    rows = []
    for level, count in counts.items():
        for grade in GRADES:
            games = [finished[(level, code_of(args.game, n))] for n in deals[grade][:count]]
            if games:
                row = summary(level, args.game, games)
                row["grade"] = grade.value
                row["median_moves"] = median([game["moves"] for game in games])
                rows.append(row)
    verdicts = {}
    for level in counts:
        rates = [row["win_rate"] for row in rows if row["player"] == level]
        verdicts[level] = len(rates) == len(GRADES) and rates[0] > rates[1] > rates[2]
    write_report(args, rows, verdicts, deals, counts, time.perf_counter() - started, finished)


def write_report(
    args: argparse.Namespace,
    rows: list[dict[str, Any]],
    verdicts: dict[str, bool],
    deals: dict[Grade, list[int]],
    counts: dict[str, int],
    wall: float,
    finished: dict[tuple[str, str], dict[str, Any]],
) -> None:
    catalogue = catalogue_of(args.game)
    command = " ".join(["python", "benchmarks/bench_grades.py", *sys.argv[1:]])
    machine = machine_info()
    document = {
        "command": command,
        "game": args.game,
        "catalogue": {"commit": catalogue.commit, "max_positions": catalogue.max_positions},
        "deals": {grade.value: numbers for grade, numbers in deals.items()},
        "summary": rows,
        "falls_with_grade": verdicts,
        "machine": machine,
        "wall_seconds": wall,
        "games": [
            {name: game[name] for name in ("level", "code", "end", "moves")}
            for game in finished.values()
        ],
    }
    args.out.mkdir(parents=True, exist_ok=True)
    stem = f"grades-{args.game}"
    (args.out / f"{stem}.json").write_text(json.dumps(document, indent=1) + "\n", "utf-8")
    lines = [
        f"# Difficulty grades against the fair AIs: {args.game}",
        "",
        f"Command: `{command}` ({wall:.0f} s wall time this run, {args.workers} workers,"
        f" {machine['build']} build of commit {machine['commit']};"
        " a resumed run counts only its own time).",
        "",
        f"Deals: the first {counts['advisory']} (advisory hint) and {counts['hard']} (hard AI,"
        f" seed {args.seed}) deals of each grade in the shipped {args.game} catalogue"
        f" (made at commit {catalogue.commit[:7]}, {catalogue.max_positions:,} positions a"
        " deal); all are winnable with full knowledge. The players see only what a player"
        " sees.",
        "",
        "| player | grade | won | win rate (95% Wilson) | median moves | median s/move |",
        "|---|---|---:|---|---:|---:|",
    ]
    for row in rows:
        low, high = row["wilson_95"]
        lines.append(
            f"| {row['player']} | {row['grade']} | {row['won']}/{row['deals']}"
            f" | {row['win_rate']:.1%} ({low:.1%}-{high:.1%}) | {row['median_moves']:.0f}"
            f" | {row['median_seconds_per_move']:.4f} |"
        )
    lines.append("")
    for level, falls in verdicts.items():
        word = "falls" if falls else "does NOT fall"
        lines.append(f"* {level}: the win rate {word} from easy to medium to hard.")
    (args.out / f"{stem}.md").write_text("\n".join(lines) + "\n", "utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
