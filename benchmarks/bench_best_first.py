"""The best-first search alone, per estimate and weight: how many deals each wins.

For each game and each (estimate, weight), runs
:func:`solitaire_core.solver.best_first_search` on every deal with the budget
and prints a Markdown row: deals won, and per deal ``s<positions>`` (solved),
``u<positions>`` (unknown: budget spent or beam dry). Used to choose the
estimates of the solver's best-first pass (results/best-first-estimate.md).
It runs one search at a time and prints each row as it ends.

    python benchmarks/bench_best_first.py --games GA1-D1N,ET1-D1N --deals 0..9 --max-positions 50000

``--estimates`` names the estimates to run, comma-separated (default: every one of
:data:`solitaire_core.solver.estimate.ESTIMATES`), each weighted 2 and 1.
"""

from __future__ import annotations

import argparse

from solitaire_core import BUILD, DealCode, deal_code_position, deal_number_to_letters
from solitaire_core.solver import SolveStatus, best_first_search
from solitaire_core.solver.estimate import ESTIMATES

WEIGHTS = (2, 1)


def _deals(text: str) -> range:
    first, _, last = text.partition("..")
    return range(int(first), int(last) + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", required=True, help="comma-separated deal-code prefixes")
    parser.add_argument("--deals", default="0..9", help="A..B, inclusive (default 0..9)")
    parser.add_argument("--max-positions", type=int, default=50_000)
    parser.add_argument("--estimates", default=",".join(ESTIMATES), help="comma-separated")
    args = parser.parse_args()
    print(f"{BUILD} build, {args.max_positions:,} positions a search, deals {args.deals}")
    print("| game | estimate | weight | won | per deal |")
    print("|---|---|---:|---:|---|")
    for prefix in args.games.split(","):
        searches = [(name, weight) for name in args.estimates.split(",") for weight in WEIGHTS]
        for estimate, weight in searches:
            cells = []
            for number in _deals(args.deals):
                code = DealCode.parse(f"{prefix}-{deal_number_to_letters(number)}")
                result = best_first_search(
                    code.variant,
                    deal_code_position(code),
                    max_positions=args.max_positions,
                    weight=weight,
                    estimate=estimate,
                )
                won = result.status is SolveStatus.SOLVED
                cells.append(f"{'s' if won else 'u'}{result.positions}")
            won_count = sum(cell.startswith("s") for cell in cells)
            tally = f"{won_count}/{len(cells)}"
            print(f"| {prefix} | {estimate} | {weight} | {tally} | {' '.join(cells)} |", flush=True)


if __name__ == "__main__":
    main()
