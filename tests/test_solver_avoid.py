"""``solve_avoiding``: wins that never pass through given positions (solver/solving.py).

A player who never comes back to a board already seen (the hard AI, RULES.md
section 9) asks the solver for wins that avoid those boards. Checked against an
independent exhaustive search that never enters an avoided position, on small
endgames of Traditional Klondike (no recycles, so a position is avoided exactly,
up to the order of the columns: the solver's table does not tell column orders
apart). The solver's lines go through the stock in steps (the draws that bring a
card to the top of the waste, then its play), so what is avoided is a position
reached by a move other than a draw or recycle. A line found avoids them, and a
win it finds the exhaustive search finds too; the other way is not promised
(``solve_avoiding`` keeps shortcuts that are sound only when nothing is
avoided). And hand-worked cases.
"""

from __future__ import annotations

import random

import attrs
import pytest
from small_positions import small_position

from solitaire_core import (
    TRADITIONAL,
    InvalidArgumentError,
    Move,
    MoveKind,
    Position,
    PositionParseError,
    Variant,
    apply_move,
    deal_position,
    legal_moves,
    play_move,
)
from solitaire_core.solver import SolveStatus, solve
from solitaire_core.solver.solving import solve_avoiding


def board(position: Position) -> tuple[object, ...]:
    """A position up to the order of its columns (no recycles in the games used here)."""
    columns = sorted(zip(position.face_down, position.tableau, strict=True))
    return (tuple(columns), position.stock, position.waste, position.foundations)


def win_avoiding(variant: Variant, start: Position, avoid: list[Position]) -> bool:
    """Plain depth-first search over every legal move that never stops at an avoided board.

    A draw or recycle may pass one (the move after it must not stop there).
    """
    avoided = {board(position) for position in avoid}
    seen = {board(start)}
    stack = [start]
    while stack:
        position = stack.pop()
        for move in legal_moves(variant, position):
            child = apply_move(variant, position, move)
            key = board(child)
            if key in seen or (key in avoided and move.kind not in STOCK_MOVES):
                continue
            if child.is_won:
                return True
            seen.add(key)
            assert len(seen) <= 50_000, "state space larger than the test expects"
            stack.append(child)
    return False


STOCK_MOVES = (MoveKind.DRAW, MoveKind.RECYCLE)


def stops(variant: Variant, start: Position, moves: tuple[Move, ...]) -> list[Position]:
    """The positions a line reaches by moves other than draws and recycles."""
    positions = []
    position = start
    for move in moves:
        position = play_move(variant, position, move)
        if move.kind not in STOCK_MOVES:
            positions.append(position)
    return positions


@pytest.mark.parametrize("seed", range(40))
def test_wins_avoiding_positions_agree_with_an_exhaustive_search(seed: int) -> None:
    rng = random.Random(seed)
    start = small_position(TRADITIONAL, rng, left=7)
    first = solve(TRADITIONAL, start, max_positions=100_000)
    assert first.status is not SolveStatus.UNKNOWN
    if not first.is_solved or not first.moves:
        return
    # Avoid one position of the line found (the won end included), then all of them.
    line = stops(TRADITIONAL, start, first.moves)
    assert win_avoiding(TRADITIONAL, start, [])
    for avoid in ([line[rng.randrange(len(line))]], line):
        result = solve_avoiding(TRADITIONAL, start, avoid, max_positions=100_000)
        assert result.status is not SolveStatus.UNKNOWN
        if result.is_solved:
            assert win_avoiding(TRADITIONAL, start, avoid)
        avoided = {board(position) for position in avoid}
        for position in stops(TRADITIONAL, start, result.moves):
            assert board(position) not in avoided


KINGS_LEFT = Position.from_text("|KS/|KH/|/|/|/|/| - - 12,12,13,13 0")
"""Every card home but KS (column 1) and KH (column 2)."""


def test_avoiding_the_way_home_for_the_last_king() -> None:
    # Worked by hand: every card is home but KS (column 1) and KH (column 2), and
    # Traditional Klondike takes nothing back. Each line sends one King home, then the
    # other (a King moved to an empty column is the same board). Avoiding the board
    # with KS home leaves KH first; avoiding both boards with one King home, no win.
    # (KS home is the step the solver forces, a card safe home: when that board is
    # avoided it must try the other steps, not give up.)
    start = Position.from_text("|KS/|KH/|/|/|/|/| - - 12,12,13,13 0")
    ks_home = play_move(TRADITIONAL, start, Move.parse("1f"))
    kh_home = play_move(TRADITIONAL, start, Move.parse("2f"))
    only_kh = solve_avoiding(TRADITIONAL, start, [ks_home])
    assert only_kh.is_solved and [str(move) for move in only_kh.moves] == ["2f", "1f"]
    both = solve_avoiding(TRADITIONAL, start, [ks_home, kh_home])
    assert both.status is SolveStatus.UNWINNABLE
    assert solve_avoiding(TRADITIONAL, start, [start]).is_solved  # the start is always searched


def test_a_position_with_more_cards_face_down_is_never_met_again() -> None:
    # Deal 3 of Traditional Klondike and the same deal with column 2's card turned up:
    # from there the deal can never come back (a card once face up stays so), so
    # avoiding it changes nothing, to the positions counted.
    deal = deal_position(TRADITIONAL, 3)
    turned = attrs.evolve(deal, face_down=(0, 0, *deal.face_down[2:]))
    assert solve_avoiding(TRADITIONAL, turned, [deal], max_positions=5_000) == solve(
        TRADITIONAL, turned, max_positions=5_000
    )


@pytest.mark.parametrize(
    ("avoid", "message"),
    [
        (None, "avoid must be a collection of positions, got NoneType"),
        ("x", "avoid must be a collection of positions, got str"),
        (KINGS_LEFT, "avoid must be a collection of positions, got Position"),
        ((position for position in [KINGS_LEFT]), "avoid must be a collection"),  # read once
        ([KINGS_LEFT, "|KS/|KH"], "avoid must hold positions, not str"),
    ],
)
def test_avoid_must_be_a_collection_of_positions(avoid: object, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        solve_avoiding(TRADITIONAL, KINGS_LEFT, avoid)  # type: ignore[arg-type]


def test_an_avoided_position_the_game_cannot_hold_is_named() -> None:
    six_columns = attrs.evolve(
        KINGS_LEFT, tableau=KINGS_LEFT.tableau[:6], face_down=KINGS_LEFT.face_down[:6]
    )
    with pytest.raises(PositionParseError, match=r"avoid\[1\]: .*7 columns"):
        solve_avoiding(TRADITIONAL, KINGS_LEFT, [KINGS_LEFT, six_columns])
