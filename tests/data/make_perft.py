"""Write tests/data/perft.json from the reference model (tests/reference_model.py).

Usage, from the repository root::

    python tests/data/make_perft.py            # writes tests/data/perft.json
    python tests/data/make_perft.py --max-depth 3 --stdout   # quick look

perft(depth) counts the legal move sequences of that length from the opening
position (every leaf of the full move tree, draw ``d`` and recycle ``r``
included). The reference model is independent of the engine in src/.
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

from reference_model import ReferenceGame, perft, shuffled_deck  # noqa: E402

MAX_DEPTH = 5
# A case whose next depth is expected to take longer than this is capped.
TIME_BUDGET_SECONDS = 180.0

# variant name -> ReferenceGame keywords (traditional: see new_game)
VARIANTS: dict[str, dict[str, Any]] = {
    "klondike": {
        "all_face_up": False,
        "ordered_groups_only": False,
        "takeback": True,
        "recycle_limit": None,
    },
    "vegas": {
        "all_face_up": False,
        "ordered_groups_only": False,
        "takeback": True,
        "recycle_limit": 0,
    },
    "reflechi": {
        "all_face_up": True,
        "ordered_groups_only": True,
        "takeback": True,
        "recycle_limit": None,
    },
}

CASES: list[tuple[str, int, int]] = [
    (variant, draw, deal)
    for variant in ("klondike", "reflechi")
    for draw in (1, 3)
    for deal in (1, 6, 1000)
]
CASES += [("vegas", 3, 6), ("traditional", 3, 6)]
# Deals where Klondike and Réfléchi differ within 5 moves (RULES.md section 2:
# the face-up layout is the only difference, so the trees part once a card
# that Klondike keeps face down can move in Réfléchi).
CASES += [
    (variant, draw, deal)
    for deal in (64, 71)
    for variant in ("klondike", "reflechi")
    for draw in (1, 3)
]
# TAKEBACK_DEAL: a take-back is legal after one move (see TAKEBACK_LINE), so the
# variants with and without foundation take-back differ from depth 2 on.
TAKEBACK_DEAL = 10
TAKEBACK_LINE = ("1f", "fs7")
CASES += [
    (variant, draw, TAKEBACK_DEAL)
    for variant in ("klondike", "reflechi", "vegas", "traditional")
    for draw in (1, 3)
]


def deal_letters(deal_number: int) -> str:
    """Deal number as 7 base-26 letters, A = 0, most significant first."""
    if not 0 <= deal_number < 26**7:
        raise ValueError(f"deal number out of range: {deal_number}")
    letters = []
    for _ in range(7):
        deal_number, digit = divmod(deal_number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def game_code(variant: str, draw: int, deal_number: int) -> str:
    if variant == "traditional":
        return f"traditional-d{draw}-{deal_number}"
    prefix = "TF" if variant == "reflechi" else "KL"
    scoring = "V" if variant == "vegas" else "N"
    return f"{prefix}1-D{draw}{scoring}-{deal_letters(deal_number)}"


def new_game(variant: str, draw: int, deal_number: int) -> ReferenceGame:
    if variant == "traditional":
        return ReferenceGame(
            deal_number,
            all_face_up=False,
            draw=draw,
            recycle_limit=0 if draw == 1 else 2,
            takeback=False,
            ordered_groups_only=False,
        )
    kw = VARIANTS[variant]
    return ReferenceGame(
        deal_number,
        all_face_up=kw["all_face_up"],
        draw=draw,
        recycle_limit=kw["recycle_limit"],
        takeback=kw["takeback"],
        ordered_groups_only=kw["ordered_groups_only"],
    )


def self_check() -> None:
    """The check values of RULES.md section 8, and the deal-letter examples."""
    assert deal_letters(6) == "AAAAAAG"
    assert deal_letters(1) == "AAAAAAB"
    assert deal_letters(1000) == "AAAABMM"
    assert deal_letters(26**7 - 1) == "ZZZZZZZ"
    assert shuffled_deck(6)[0] == "AD"

    for all_face_up in (False, True):
        snap6 = _opening(6, all_face_up)
        cols6 = _tableau(snap6)
        assert cols6[0] == {"face_down": [], "face_up": ["AD"]}, cols6[0]
        assert cols6[6]["face_up"][-1] == "AH"
        assert _cards(snap6, "stock")[-1] == "QH"

        snap1 = _opening(1, all_face_up)
        cols1 = _tableau(snap1)
        assert cols1[0] == {"face_down": [], "face_up": ["7H"]}, cols1[0]
        col7 = cols1[6]["face_down"] + cols1[6]["face_up"]
        assert col7 == ["JH", "3S", "4D", "KS", "TC", "TH", "8C"], col7
        for i, column in enumerate(cols1):
            assert len(column["face_up"]) == (i + 1 if all_face_up else 1)
            assert len(column["face_down"]) + len(column["face_up"]) == i + 1
        stock1 = _cards(snap1, "stock")
        assert len(stock1) == 24
        assert stock1[-3:] == ["6S", "4C", "QS"], stock1[-3:]  # top is last: QS first

    # The take-back case: deal 10 has AS alone in column 1 and 2D on top of
    # column 7, so after "1f" the AS may come back onto the 2D ("fs7"), except
    # in traditional Klondike (no take-back).
    for variant in ("klondike", "reflechi", "vegas", "traditional"):
        game = new_game(variant, 1, TAKEBACK_DEAL)
        columns = _tableau(game.snapshot())
        assert columns[0]["face_up"] == ["AS"], columns[0]
        assert columns[6]["face_up"][-1] == "2D", columns[6]
        first, takeback = TAKEBACK_LINE
        game.play(first)
        assert (takeback in game.legal_moves()) == (variant != "traditional"), variant


def _opening(deal_number: int, all_face_up: bool) -> dict[str, object]:
    return ReferenceGame(
        deal_number,
        all_face_up=all_face_up,
        draw=1,
        recycle_limit=None,
        takeback=True,
        ordered_groups_only=all_face_up,
    ).snapshot()


def _tableau(snap: dict[str, object]) -> list[dict[str, list[str]]]:
    value = snap["tableau"]
    assert isinstance(value, list)
    return value


def _cards(snap: dict[str, object], key: str) -> list[str]:
    value = snap[key]
    assert isinstance(value, list)
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-depth", type=int, default=MAX_DEPTH)
    parser.add_argument("--stdout", action="store_true", help="print, do not write")
    args = parser.parse_args()

    self_check()
    started = time.perf_counter()
    cases: list[dict[str, object]] = []
    capped: list[str] = []
    for variant, draw, deal_number in CASES:
        game = new_game(variant, draw, deal_number)
        code = game_code(variant, draw, deal_number)
        depths: list[int] = []
        last_seconds = 0.0
        for depth in range(1, args.max_depth + 1):
            # The work grows roughly like the count: estimate the next depth.
            if len(depths) >= 2:
                growth = depths[-1] / max(1, depths[-2])
                if last_seconds * growth > TIME_BUDGET_SECONDS:
                    capped.append(f"{code} capped at depth {depth - 1}")
                    break
            t0 = time.perf_counter()
            depths.append(perft(game, depth))
            last_seconds = time.perf_counter() - t0
        print(f"{code:24s} {depths}  ({last_seconds:.1f}s)", file=sys.stderr)
        cases.append(
            {
                "variant": variant,
                "draw": draw,
                "deal_number": deal_number,
                "code": code,
                "depths": depths,
            }
        )
    # The Klondike / Réfléchi pairs of deals 64 and 71 must really differ.
    by_key = {(c["variant"], c["draw"], c["deal_number"]): c["depths"] for c in cases}
    for deal in (64, 71):
        for draw in (1, 3):
            assert by_key[("klondike", draw, deal)] != by_key[("reflechi", draw, deal)], deal
    elapsed = time.perf_counter() - started
    print(f"total {elapsed:.1f}s", file=sys.stderr)

    note = (
        "perft counts from the opening position: depths[k-1] = number of legal move "
        "sequences of length k (all leaves of the full move tree, draw 'd' and recycle "
        "'r' included; no moves after a win). Computed by tests/data/make_perft.py "
        "with the independent reference model tests/reference_model.py, written from "
        "shared/spec/RULES.md only. Moves: column moves 'ab:n' for every face-up "
        "group whose first card fits (reflechi: group must be in sequence); a King "
        "group may move to an empty column even from the bottom of its column; "
        "take-backs 'fXn' onto any column 1..7 where the card fits. Variants: "
        "klondike = recycles unlimited, take-back on; reflechi = all 28 face up, "
        "ordered groups only, recycles unlimited, take-back on; vegas = klondike with "
        "no recycle; traditional = no take-back, no recycle in draw 1, 2 recycles in "
        "draw 3."
    )
    if capped:
        note += " Capped: " + "; ".join(capped) + "."
    text = json.dumps({"note": note, "cases": cases}, indent=2) + "\n"
    if args.stdout:
        sys.stdout.write(text)
    else:
        (HERE / "perft.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
