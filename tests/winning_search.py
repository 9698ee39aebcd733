"""A small full-knowledge search for winning lines, used to make ``data/winning_games.json``.

This is a test helper, not a solver: a depth-first search with a visited set
over positions, using only ``solitaire_core``'s public ``legal_moves`` and
``apply_move``. It sees everything (face-down cards and the stock order).

Move ordering at each node:

1. a foundation move of a card that can never be needed on the tableau (an
   Ace or a 2, or a card of rank r when both foundations of the other colour
   hold at least r - 1 cards) is forced: it is the only child tried;
2. otherwise the generator's order, foundation moves first, with two kinds
   of moves left out: foundation take-backs (so the check figures of RULES.md
   section 7 apply to the records) and moving a whole column onto an empty
   column (it only renumbers the columns).

The search stops at ``node_limit`` new positions. It runs only when the data
file is regenerated, never in the tests::

    python tests/winning_search.py > tests/data/winning_games.json
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator

from solitaire_core import (
    DealCode,
    Move,
    MoveKind,
    Position,
    Variant,
    apply_move,
    deal_position,
    legal_moves,
)

NODE_LIMIT = 300_000

# Families of RULES.md section 7 and the deal codes tried for each, in order.
FAMILIES: tuple[tuple[str, str], ...] = (
    ("KL Standard draw 1", "KL1-D1N"),
    ("KL Standard draw 3", "KL1-D3N"),
    ("KL Vegas draw 1", "KL1-D1V"),
    ("TF Standard draw 1", "TF1-D1N"),
)
WANTED_PER_FAMILY = 2
DEALS_TRIED = range(1, 60)


def _rank(card: int) -> int:
    return card % 13 + 1


def _is_red(card: int) -> bool:
    return card // 13 in (1, 2)


def _never_needed(position: Position, card: int) -> bool:
    """The classic "safe to send home" rule, written here independently."""
    rank = _rank(card)
    if rank <= 2:
        return True
    other_suits = (0, 3) if _is_red(card) else (1, 2)
    return all(position.foundations[suit] >= rank - 1 for suit in other_suits)


def _card_sent_home(position: Position, move: Move) -> int | None:
    if move.kind is MoveKind.WASTE_TO_FOUNDATION:
        return position.waste[-1]
    if move.kind is MoveKind.COLUMN_TO_FOUNDATION:
        assert move.source is not None
        return position.tableau[move.source][-1]
    return None


def ordered_moves(variant: Variant, position: Position) -> list[Move]:
    """The children tried from ``position``, in order (see the module docs)."""
    children: list[Move] = []
    for move in legal_moves(variant, position):
        card = _card_sent_home(position, move)
        if card is not None and _never_needed(position, card):
            return [move]
        if move.kind is MoveKind.FOUNDATION_TO_COLUMN:
            continue
        if move.kind is MoveKind.COLUMN_TO_COLUMN:
            assert move.source is not None and move.target is not None
            whole = move.count == len(position.tableau[move.source])
            if whole and not position.tableau[move.target]:
                continue
        children.append(move)
    return children


def find_win(
    variant: Variant, deal_number: int, *, node_limit: int = NODE_LIMIT
) -> tuple[list[Move], int] | None:
    """A winning line from the deal and the number of positions visited, or None.

    None means the search gave up (node limit) or the tree was exhausted.
    """
    start = deal_position(variant, deal_number)
    visited = {start}
    stack: list[Iterator[Move]] = [iter(ordered_moves(variant, start))]
    positions = [start]
    line: list[Move] = []
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            positions.pop()
            if line:
                line.pop()
            continue
        child = apply_move(variant, positions[-1], move)
        if child in visited:
            continue
        visited.add(child)
        if len(visited) > node_limit:
            return None
        line.append(move)
        if child.is_won:
            return line, len(visited)
        positions.append(child)
        stack.append(iter(ordered_moves(variant, child)))
    return None


def search_records() -> list[dict[str, object]]:
    """Search the families' deals in order until each has ``WANTED_PER_FAMILY`` wins."""
    records: list[dict[str, object]] = []
    for family, prefix in FAMILIES:
        found = 0
        for deal_number in DEALS_TRIED:
            template = DealCode.parse(f"{prefix}-AAAAAAA")
            code = DealCode(
                template.prefix,
                draw=template.draw,
                scoring=template.scoring,
                deal_number=deal_number,
            )
            result = find_win(code.variant, deal_number)
            print(f"{code}: {'won' if result else 'no win found'}", file=sys.stderr)
            if result is None:
                continue
            line, nodes = result
            records.append(
                {
                    "code": str(code),
                    "moves": [str(move) for move in line],
                    "how": (
                        f"{family}: found by tests/winning_search.py (depth-first search, "
                        f"full knowledge, safe foundation moves forced, no take-backs, "
                        f"node limit {NODE_LIMIT}) after {nodes} positions; deals "
                        f"{DEALS_TRIED.start}.. of {prefix} are tried in order, the unrecorded "
                        f"ones gave no win within the limit; checked by replaying through "
                        f"Game.play"
                    ),
                }
            )
            found += 1
            if found == WANTED_PER_FAMILY:
                break
    return records


if __name__ == "__main__":
    json.dump(search_records(), sys.stdout, indent=1)
    sys.stdout.write("\n")
