"""Write tests/data/family_perft.json from the family model (tests/family_reference.py).

Usage, from the repository root::

    python tests/data/make_family_perft.py            # writes tests/data/family_perft.json
    python tests/data/make_family_perft.py --max-depth 3 --stdout   # quick look

For each of the 25 games of FAMILY.md section 2 and deals 1 and 6, perft(k) for
k = 1 .. 4 counts the legal move sequences of length k from the opening
position (every leaf of the full move tree, stock moves included, no move
after a win). The model is independent of the engine in src/.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from family_reference import GAMES, FamilyGame, deal_code, perft  # noqa: E402

MAX_DEPTH = 4
DEALS = (1, 6)
OUTPUT = HERE / "family_perft.json"


def check_shuffle() -> None:
    """RULES.md section 8 check values, read through Thumb and Pouch (the KL triangle)."""
    game = FamilyGame.deal("TP", 6)
    assert game.columns[0].face_up == ["AD"], game.columns[0].face_up
    assert game.columns[6].face_up == ["AH"], game.columns[6].face_up
    assert game.stock[-1] == "QH", game.stock[-1]
    game = FamilyGame.deal("TP", 1)
    assert game.columns[0].face_up == ["7H"]
    column7 = game.columns[6].face_down + game.columns[6].face_up
    assert column7 == ["JH", "3S", "4D", "KS", "TC", "TH", "8C"], column7
    assert game.stock[-3:] == ["6S", "4C", "QS"], game.stock[-3:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-depth", type=int, default=MAX_DEPTH)
    parser.add_argument("--stdout", action="store_true", help="print instead of writing")
    args = parser.parse_args()

    check_shuffle()
    started = time.perf_counter()
    cases: list[dict[str, Any]] = []
    for prefix in GAMES:
        for deal in DEALS:
            game = FamilyGame.deal(prefix, deal)
            case_started = time.perf_counter()
            depths = [perft(game, depth) for depth in range(1, args.max_depth + 1)]
            code = deal_code(prefix, deal)
            cases.append({"game": prefix, "code": code, "deal_number": deal, "depths": depths})
            elapsed = time.perf_counter() - case_started
            print(f"{code}  {depths}  ({elapsed:.2f} s)", file=sys.stderr, flush=True)
    # One case per line, so that a diff shows which game changed.
    text = "[\n" + ",\n".join(json.dumps(case) for case in cases) + "\n]\n"
    if args.stdout:
        print(text, end="")
    else:
        OUTPUT.write_text(text)
        print(f"wrote {OUTPUT}", file=sys.stderr)
    print(f"total {time.perf_counter() - started:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
