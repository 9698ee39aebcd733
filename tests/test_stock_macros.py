"""Stock macro moves (solver/stock.py): every waste card reachable by drawing.

Contract tested here:

* :func:`stock_states` lists each stock/waste state reachable by ``d`` and
  ``r`` alone, except the starting one and the empty waste just after a
  recycle, once each, with the shortest action list, nearest first;
* recycle limits hold (Vegas: none; Traditional draw 3: two in all);
* :func:`stock_macros` is "those actions, then one waste move", for every
  waste move legal in each state, and replays through :func:`play_move`.

Expected tops are worked out by hand from RULES.md section 3: the stock is
written bottom to top, so its last card is drawn first; a draw 3 turns the top
three cards one by one and the last one turned is playable; a recycle turns the
waste over so its bottom card is drawn first.
"""

from __future__ import annotations

import attrs
import pytest
from builders import build
from hypothesis import given, settings
from strategies import reachable_positions

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    KLONDIKE_VEGAS,
    KLONDIKE_VEGAS_DRAW_3,
    RULE_CARD,
    TRADITIONAL,
    TRADITIONAL_DRAW_3,
    Move,
    MoveKind,
    Position,
    Variant,
    apply_move,
    card_text,
    legal_moves,
    play_move,
)
from solitaire_core.moves import DRAW, RECYCLE
from solitaire_core.solver import stock_macros, stock_states

DRAW_1 = build(
    "|KS / |KH / |5H / |TS / |QS / |QH / *|QD",
    stock="4C 3C 2C",
    waste="9D 8D",
    foundations="0,0,0,1",
)
"""Draw 1: stock drawn 2C, 3C, 4C; waste 9D under 8D; clubs home to AC.

By hand: ``d`` shows 2C, ``d d`` 3C, ``d d d`` 4C; then the stock is empty and
``r`` turns 9D 8D 2C 3C 4C back (9D first), so ``d d d r d`` shows 9D and one
more draw would show 8D again (the starting state). Playable: 2C home (AC is
home); 3C nowhere (2C is not home in that state; no red 4); 4C onto 5H
(column 3); 9D onto TS (column 4).
"""

DRAW_3 = build(
    "|KS / |KH / |5H / |TS / |QS / |QH / *|QD",
    stock="5C 4C 3C 2C 9H",
    waste="9D 8D",
    foundations="0,0,0,1",
)
"""Draw 3: stock drawn 9H, 2C, 3C, 4C, 5C; waste 9D under 8D.

By hand: ``d`` turns 9H 2C 3C (top 3C); ``d d`` turns 4C 5C (top 5C, stock
empty); ``r`` puts 9D 8D 9H 2C 3C 4C 5C back, 9D first; ``d d r d`` turns 9D
8D 9H (top 9H); ``d d r d d`` turns 2C 3C 4C (top 4C); the next draw shows 5C
with 7 cards on the waste, a state already listed. 2C, 8D and 9D are never on
top after a draw. Playable: 9H onto TS (column 4), 4C onto 5H (column 3).
"""


def actions_text(moves: tuple[Move, ...]) -> str:
    return " ".join(str(move) for move in moves)


def tops(variant: Variant, position: Position) -> list[tuple[str, str, int]]:
    return [
        (actions_text(actions), card_text(state.waste[-1]), state.recycles)
        for actions, state in stock_states(variant, position)
    ]


@pytest.mark.parametrize("variant", [KLONDIKE, RULE_CARD])
def test_draw_1_unlimited_reaches_every_card_once(variant: Variant) -> None:
    assert tops(variant, DRAW_1) == [
        ("d", "2C", 0),
        ("d d", "3C", 0),
        ("d d d", "4C", 0),
        ("d d d r d", "9D", 1),
    ]


@pytest.mark.parametrize("variant", [KLONDIKE_VEGAS, TRADITIONAL])
def test_draw_1_one_pass_never_recycles(variant: Variant) -> None:
    assert variant.recycle_limit == 0
    assert tops(variant, DRAW_1) == [("d", "2C", 0), ("d d", "3C", 0), ("d d d", "4C", 0)]


def test_draw_1_macros_by_hand() -> None:
    macros = {actions_text(moves) for moves, _ in stock_macros(KLONDIKE, DRAW_1)}
    assert macros == {"d wf", "d d d w3", "d d d r d w4"}
    one_pass = {actions_text(moves) for moves, _ in stock_macros(KLONDIKE_VEGAS, DRAW_1)}
    assert one_pass == {"d wf", "d d d w3"}


def test_draw_3_unlimited_reaches_the_tops_of_two_passes() -> None:
    assert tops(KLONDIKE_DRAW_3, DRAW_3) == [
        ("d", "3C", 0),
        ("d d", "5C", 0),
        ("d d r d", "9H", 1),
        ("d d r d d", "4C", 1),
    ]


def test_draw_3_vegas_sees_one_pass_only() -> None:
    assert tops(KLONDIKE_VEGAS_DRAW_3, DRAW_3) == [("d", "3C", 0), ("d d", "5C", 0)]
    assert stock_macros(KLONDIKE_VEGAS_DRAW_3, DRAW_3) == []


@pytest.mark.parametrize(
    ("used", "expected"),
    [
        (0, [("d", "3C", 0), ("d d", "5C", 0), ("d d r d", "9H", 1), ("d d r d d", "4C", 1)]),
        (1, [("d", "3C", 1), ("d d", "5C", 1), ("d d r d", "9H", 2), ("d d r d d", "4C", 2)]),
        (2, [("d", "3C", 2), ("d d", "5C", 2)]),
    ],
)
def test_traditional_draw_3_allows_two_recycles_in_all(
    used: int, expected: list[tuple[str, str, int]]
) -> None:
    assert TRADITIONAL_DRAW_3.recycle_limit == 2
    assert tops(TRADITIONAL_DRAW_3, attrs.evolve(DRAW_3, recycles=used)) == expected


def test_draw_3_macros_by_hand() -> None:
    macros = {actions_text(moves) for moves, _ in stock_macros(KLONDIKE_DRAW_3, DRAW_3)}
    assert macros == {"d d r d w4", "d d r d d w3"}
    exhausted = attrs.evolve(DRAW_3, recycles=2)
    assert stock_macros(TRADITIONAL_DRAW_3, exhausted) == []


def test_stock_walk_from_an_empty_stock_starts_with_a_recycle() -> None:
    # Stock empty, waste 4C 3C 2C (2C on top): r turns it back with 4C first.
    position = build("|KS / |KH / |5H / |TS / |QS / |QH / *|QD", stock="-", waste="4C 3C 2C")
    assert tops(KLONDIKE, position) == [("r d", "4C", 1), ("r d d", "3C", 1)]
    assert tops(TRADITIONAL, position) == []


def test_no_stock_and_no_waste_gives_nothing() -> None:
    position = build("|KS / |KH / |5H / |TS / |QS / |QH / *|QD", stock="-", waste="-")
    assert stock_states(KLONDIKE, position) == []
    assert stock_macros(KLONDIKE, position) == []


# --- properties on reachable positions ---------------------------------------


def reference_states(variant: Variant, start: Position) -> dict[tuple[object, ...], int]:
    """Breadth-first over d/r only: each (stock, waste) with a non-empty waste,
    other than the start's, mapped to the fewest actions that reach it."""
    origin = (start.stock, start.waste)
    limited = variant.recycle_limit is not None
    distance: dict[tuple[object, ...], int] = {}
    frontier = [start]
    depth = 0
    visited = {(start.stock, start.waste, start.recycles if limited else 0)}
    while frontier:
        depth += 1
        following = []
        for position in frontier:
            for move in legal_moves(variant, position):
                if move.kind not in (MoveKind.DRAW, MoveKind.RECYCLE):
                    continue
                child = apply_move(variant, position, move)
                seen = (child.stock, child.waste, child.recycles if limited else 0)
                if seen in visited:
                    continue
                visited.add(seen)
                following.append(child)
                place = (child.stock, child.waste)
                if child.waste and place != origin and place not in distance:
                    distance[place] = depth
        frontier = following
    return distance


@settings(max_examples=60, deadline=None)
@given(reachable_positions())
def test_states_are_every_reachable_stock_state_with_shortest_actions(
    case: tuple[Variant, Position],
) -> None:
    variant, position = case
    states = stock_states(variant, position)
    found = {(state.stock, state.waste): len(actions) for actions, state in states}
    assert len(found) == len(states), "a state is listed twice"
    assert found == reference_states(variant, position)
    lengths = [len(actions) for actions, _ in states]
    assert lengths == sorted(lengths), "nearest first"
    for actions, state in states:
        assert all(move is DRAW or move is RECYCLE for move in actions)
        replayed = position
        for move in actions:
            replayed = play_move(variant, replayed, move)
        assert replayed == state
        if variant.recycle_limit is not None:
            assert state.recycles <= variant.recycle_limit


@settings(max_examples=60, deadline=None)
@given(reachable_positions())
def test_every_macro_replays_to_its_position(case: tuple[Variant, Position]) -> None:
    variant, position = case
    states = {actions: state for actions, state in stock_states(variant, position)}
    expected = {
        (*actions, move)
        for actions, state in states.items()
        for move in legal_moves(variant, state)
        if move.kind in (MoveKind.WASTE_TO_FOUNDATION, MoveKind.WASTE_TO_COLUMN)
    }
    macros = stock_macros(variant, position)
    assert {moves for moves, _ in macros} == expected
    for moves, after in macros:
        replayed = position
        for move in moves:
            replayed = play_move(variant, replayed, move)
        assert replayed == after
        assert len(after.stock) + len(after.waste) == len(position.stock) + len(position.waste) - 1
