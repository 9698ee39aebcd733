"""Winning lines with their detours cut (solver/lines.py), and the hint that follows them."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import deal_numbers, random_playout, variants

from solitaire_core.errors import InvalidArgumentError, PositionParseError
from solitaire_core.game import Game
from solitaire_core.moves import DRAW, Move
from solitaire_core.position import Position
from solitaire_core.rules import IllegalMoveError, legal_moves
from solitaire_core.rules.apply import apply_move
from solitaire_core.solver import HintKind, hint, solve
from solitaire_core.solver.hint import DEFAULT_HINT_POSITIONS
from solitaire_core.solver.lines import shorten_line
from solitaire_core.variants import KLONDIKE, Variant


def played(variant: Variant, position: Position, moves: tuple[Move, ...]) -> list[Position]:
    line = [position]
    for move in moves:
        line.append(apply_move(variant, line[-1], move))
    return line


def moves_of(texts: str) -> tuple[Move, ...]:
    return tuple(Move.parse(text) for text in texts.split())


OPENING_B = Game.from_code("KL1-D1N-AAAAAAB").position


@pytest.mark.parametrize(
    ("line", "shortened"),
    [
        # column 5's top card to column 4, then home: home at once (an Ace)
        ("17:1 51:1 54:1 4f", "17:1 51:1 5f"),
        # home, back to the tableau, home again: a loop back to a board, cut
        ("17:1 51:1 5f fh4 4f", "17:1 51:1 5f"),
        ("17:1 51:1 5f fh4 4f d", "17:1 51:1 5f d"),
        # nothing to cut: the same line
        ("17:1 51:1 5f d", "17:1 51:1 5f d"),
        ("", ""),
    ],
)
def test_detours_one_move_skips_are_cut(line: str, shortened: str) -> None:
    # Worked by hand on KL1-D1N-AAAAAAB's opening: after 17:1 and 51:1 column 5's top card is
    # the Ace of Hearts, so 5f lands where 54:1 and 4f do; fh4 then 4f come back to a board.
    assert shorten_line(KLONDIKE, OPENING_B, moves_of(line)) == moves_of(shortened)


def test_an_illegal_move_in_the_line_is_refused() -> None:
    with pytest.raises(IllegalMoveError, match="FOUNDATION"):
        shorten_line(KLONDIKE, OPENING_B, moves_of("17:1 4f"))


def test_rules_and_a_position_that_do_not_fit_are_refused() -> None:
    with pytest.raises(InvalidArgumentError, match=r"^variant must be a Variant"):
        shorten_line("KL1-D1N", OPENING_B, ())  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=r"^position must be a Position"):
        shorten_line(KLONDIKE, "|AD/2H|", ())  # type: ignore[arg-type]
    yukon = Game.from_code("YU1-D0N-AAAAAAB")
    with pytest.raises(PositionParseError):  # Klondike's opening has a stock Yukon lacks
        shorten_line(yukon.variant, OPENING_B, ())
    assert shorten_line(KLONDIKE, OPENING_B, iter(moves_of("17:1 51:1"))) == moves_of("17:1 51:1")


@settings(max_examples=60, deadline=None)
@given(variants, deal_numbers, st.integers(0, 2**32), st.integers(0, 120))
def test_a_shortened_line_ends_where_the_line_does_through_its_positions_only(
    variant: Variant, deal_number: int, seed: int, steps: int
) -> None:
    # A random walk wanders: the reference is the walk itself. The shortened line reaches
    # the same final position through positions of the walk only, is no longer, repeats no
    # position, and leaves no move that lands more than one step ahead on it.
    walk = random_playout(variant, deal_number, seed, steps)
    moves = tuple(_move_between(variant, before, after) for before, after in pairwise(walk))
    shortened = shorten_line(variant, walk[0], moves)
    line = played(variant, walk[0], shortened)
    assert line[-1] == walk[-1]
    assert len(shortened) <= len(moves)
    assert set(line) <= set(walk)
    assert len(set(line)) == len(line)
    index = {position: number for number, position in enumerate(line)}
    for number, position in enumerate(line[:-1]):
        for move in legal_moves(variant, position):
            assert index.get(apply_move(variant, position, move), -1) <= number + 1


def _move_between(variant: Variant, before: Position, after: Position) -> Move:
    return next(m for m in legal_moves(variant, before) if apply_move(variant, before, m) == after)


def test_the_hint_follows_the_solvers_line_with_its_detours_cut() -> None:
    # Thoughtful's deal E once the stock is seen: every card is known, the hint solves, and
    # the complete search's line of 221 moves has detours a move skips.
    game = Game.from_code("TF1-D1N-AAAAAAE")
    position = game.position
    while position.stock:
        position = apply_move(game.variant, position, DRAW)
    found = solve(game.variant, position, max_positions=DEFAULT_HINT_POSITIONS).moves
    advice = hint(game.variant, position)
    assert advice.kind is HintKind.WINNING_LINE
    assert advice.line == shorten_line(game.variant, position, found)
    assert len(advice.line) < len(found)
    assert played(game.variant, position, advice.line)[-1].is_won
