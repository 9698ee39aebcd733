"""Winnability and useful-move queries (solver/queries.py, RULES.md sections 5 and 9).

Contract tested here:

* :func:`is_winnable` is True for a winnable position, False when the search
  proves it lost, None when the budget (positions) runs out first;
* :func:`has_useful_moves` is False when no line of play sends a card home,
  turns a card over or plays a waste card (recycling for ever is no progress),
  True when one does, None when the budget runs out.

The positions and why they are lost are those of tests/test_solver.py.
"""

from __future__ import annotations

import pytest

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    KLONDIKE_VEGAS,
    RULE_CARD,
    TRADITIONAL,
    TRADITIONAL_DRAW_3,
    Position,
    Variant,
    deal_position,
    legal_moves,
)
from solitaire_core.solver import has_useful_moves, is_winnable

# See tests/test_solver.py for the proofs by hand.
STUCK_FIVE_OF_HEARTS = Position.from_text(
    "|3H5H/|7H/|4H/|KCQHJCTH9C8H/|KHQCJHTC9H8C/|6H/|7C - - 13,2,13,6 0"
)
FREE_FIVE_OF_HEARTS = Position.from_text(
    "|3H5H/|7H6C/|4H/|KCQHJCTH9C8H/|KHQCJHTC9H8C/|6H/|7C - - 13,2,13,5 0"
)
LOCKED_QUEENS = Position.from_text("QS|KS/QH|KH/QD|KD/QC|KC/TH|JH/TS|JS/TD|JD JC - 9,9,9,10 0")
UNLOCKED_QUEENS = Position.from_text("QS|KS/QH|KH/QD|KD/QC|KC/TH|JH/TS|JS/JD|TD JC - 9,9,9,10 0")

LOCKED_TABLEAU = "QS|KH/QH|KD/QDQC|KC/TH|JH/TS|JS/TD|JD/TC|JC"
"""Every Queen face down under a King, every Ten face down under its own Jack:
no King can move (no empty column, its Queen hidden), no Jack can move (its Ten
under it, every Queen hidden), so no tableau card ever moves."""

ONLY_RECYCLING = Position.from_text(f"{LOCKED_TABLEAU} - KS 9,9,9,9 1")
"""KS alone in the waste (its Queen hidden): recycling and drawing KS again is
all that can ever happen."""
NINE_OF_SPADES_IN_THE_WASTE = Position.from_text(f"{LOCKED_TABLEAU} - 9SKS 8,9,9,9 1")
"""9S under KS in the waste: in draw 1, r d puts 9S on top and it goes home (and
then the position is as dead as ONLY_RECYCLING)."""
TURNABLE = Position.from_text("KH|QS/QH|KD/QDQC|KC/TH|JH/TS|JS/TD|JD/TC|JC - KS 9,9,9,9 1")
"""Column 1 the other way up: QS onto KD turns KH over."""
WON = Position.from_text("|/|/|/|/|/|/| - - 13,13,13,13 0")


@pytest.mark.parametrize(
    ("variant", "position", "expected"),
    [
        pytest.param(TRADITIONAL, STUCK_FIVE_OF_HEARTS, False, id="traditional-stuck"),
        pytest.param(TRADITIONAL_DRAW_3, STUCK_FIVE_OF_HEARTS, False, id="traditional3-stuck"),
        pytest.param(KLONDIKE, STUCK_FIVE_OF_HEARTS, True, id="klondike-takeback"),
        pytest.param(TRADITIONAL, FREE_FIVE_OF_HEARTS, True, id="traditional-free"),
        pytest.param(KLONDIKE, LOCKED_QUEENS, False, id="locked-queens"),
        pytest.param(RULE_CARD, LOCKED_QUEENS, False, id="locked-queens-rule-card"),
        pytest.param(KLONDIKE, UNLOCKED_QUEENS, True, id="unlocked-queens"),
        pytest.param(KLONDIKE, ONLY_RECYCLING, False, id="only-recycling"),
        pytest.param(KLONDIKE, NINE_OF_SPADES_IN_THE_WASTE, False, id="nine-of-spades"),
        pytest.param(KLONDIKE, TURNABLE, True, id="turnable"),
        pytest.param(KLONDIKE, WON, True, id="won"),
    ],
)
def test_is_winnable(variant: Variant, position: Position, expected: bool) -> None:
    assert is_winnable(variant, position, max_positions=100_000) is expected


def test_is_winnable_is_none_when_the_budget_runs_out() -> None:
    # Deal 6 solves within a hundred positions, deal 0 not within 20,000;
    # one position decides neither.
    for number in (0, 6):
        assert is_winnable(KLONDIKE, deal_position(KLONDIKE, number), max_positions=1) is None
    assert is_winnable(KLONDIKE, deal_position(KLONDIKE, 6), max_positions=100_000) is True


def test_is_winnable_rejects_a_budget_below_one() -> None:
    with pytest.raises(ValueError, match="max_positions"):
        is_winnable(KLONDIKE, WON, max_positions=0)


@pytest.mark.parametrize("variant", [KLONDIKE, KLONDIKE_DRAW_3, RULE_CARD])
def test_no_useful_move_when_only_recycling_is_possible(variant: Variant) -> None:
    assert [str(move) for move in legal_moves(variant, ONLY_RECYCLING)] == ["r"]
    assert has_useful_moves(variant, ONLY_RECYCLING) is False


@pytest.mark.parametrize("variant", [KLONDIKE_VEGAS, TRADITIONAL])
def test_no_useful_move_when_nothing_is_legal(variant: Variant) -> None:
    position = Position.from_text(f"{LOCKED_TABLEAU} - KS 9,9,9,9 0")
    assert legal_moves(variant, position) == ()
    assert has_useful_moves(variant, position) is False


def test_a_card_reachable_in_the_stock_that_goes_home_is_useful() -> None:
    assert [str(m) for m in legal_moves(KLONDIKE, NINE_OF_SPADES_IN_THE_WASTE)] == ["r"]
    assert has_useful_moves(KLONDIKE, NINE_OF_SPADES_IN_THE_WASTE) is True
    # Useful but still lost: the two queries answer different questions.
    assert is_winnable(KLONDIKE, NINE_OF_SPADES_IN_THE_WASTE) is False
    # In draw 3 both cards are turned together, KS on top: 9S never plays.
    assert has_useful_moves(KLONDIKE_DRAW_3, NINE_OF_SPADES_IN_THE_WASTE) is False


def test_a_card_that_can_turn_over_is_useful() -> None:
    assert has_useful_moves(KLONDIKE, TURNABLE) is True


def test_a_card_that_can_go_home_is_useful() -> None:
    # JC, the stock's only card, goes home; TD goes home in UNLOCKED_QUEENS.
    assert has_useful_moves(KLONDIKE, LOCKED_QUEENS) is True
    assert has_useful_moves(KLONDIKE, UNLOCKED_QUEENS) is True
    assert has_useful_moves(TRADITIONAL, STUCK_FIVE_OF_HEARTS) is True  # 7C home, then 8C...


def test_a_won_position_has_no_useful_move() -> None:
    assert has_useful_moves(KLONDIKE, WON) is False


def test_the_opening_of_a_deal_has_useful_moves() -> None:
    assert has_useful_moves(KLONDIKE, deal_position(KLONDIKE, 6)) is True


def test_has_useful_moves_is_none_when_the_budget_runs_out() -> None:
    # The only progress is the line r d wf (9S home): a budget of one
    # position (the start) cannot look at it.
    assert has_useful_moves(KLONDIKE, NINE_OF_SPADES_IN_THE_WASTE, max_positions=1) is None
