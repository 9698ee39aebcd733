"""What the engine answers on a fixed sample, as JSON: compared between the two builds.

Run as a script (``python tests/builds_digest.py``), it prints the digest of
whichever ``solitaire_core`` it imports; ``tests/test_builds_agree.py`` runs it
under the other build and compares. The sample: random games of every game
(the legal moves at every step, the positions reached, the undo back to the
start on a board), perft counts, and the solver's verdict, line and position
count on a few deals.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

import solitaire_core as sc
from solitaire_core.solver.search_board import SearchBoard
from solitaire_core.variants import FAMILY_GAMES, SHIPPED_VARIANTS

GAMES_PER_VARIANT = 3
MOVES_PER_GAME = 120
SOLVED_DEALS = 3
SOLVE_BUDGET = 20_000


def digest() -> dict[str, Any]:
    """The build's answers on the sample (see the module docs), with the build's name."""
    variants = tuple(dict.fromkeys((*SHIPPED_VARIANTS.values(), *FAMILY_GAMES)))
    games: dict[str, str] = {}
    for variant in variants:
        rng = random.Random(variant.name)
        record = hashlib.sha256()
        for deal in range(GAMES_PER_VARIANT):
            position = sc.deal_position(variant, deal)
            board = SearchBoard(variant, position)
            taken: list[tuple[sc.Move, int]] = []
            for _ in range(MOVES_PER_GAME):
                moves = board.legal_moves()
                record.update(" ".join(str(move) for move in moves).encode())
                if not moves:
                    break
                move = rng.choice(moves)
                taken.append((move, board.play(move)))
                after = board.to_position()
                record.update(after.to_text().encode())
                # (hashes differ between processes: compared here)
                fresh = SearchBoard(variant, after)
                record.update(str(fresh.position_hash() == board.position_hash()).encode())
            while taken:
                move, info = taken.pop()
                board.undo(move, info)
            record.update(str(board.to_position() == position).encode())
        games[variant.name] = record.hexdigest()
    perft = {
        variant.name: sc.perft(variant, sc.deal_position(variant, 7), 3)
        for variant in (sc.KLONDIKE, sc.REFLECHI_DRAW_3)
    }
    solved = {}
    for variant in (sc.KLONDIKE, sc.KLONDIKE_DRAW_3, sc.REFLECHI):
        for deal in range(SOLVED_DEALS):
            result = sc.solve(variant, sc.deal_position(variant, deal), max_positions=SOLVE_BUDGET)
            solved[f"{variant.name} {deal}"] = [
                result.status.value,
                " ".join(str(move) for move in result.moves),
                result.positions,
                result.decided_by,
            ]
    return {"build": sc.BUILD, "games": games, "perft": perft, "solved": solved}


if __name__ == "__main__":
    json.dump(digest(), sys.stdout)
