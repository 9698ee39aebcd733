"""A card that can never leave its column proves a loss (solver/blocked.py).

Contract tested here:

* a worked example: the 9 of clubs face up on the red tens and the 8 of clubs,
  all face down under it, with only Kings for empty columns: ``stuck_card``
  names it, and the search without the rule, exhausting every position, agrees
  the game is lost; moving the 8 of clubs out of that column makes it winnable
  and the rule silent;
* ``solve`` answers ``UNWINNABLE`` at once (one position) from such a start;
* the rule never names a card of a deal the solver wins (a winning line
  refutes it), nor judges games whose foundations are not one deck by suit;
* with the rule on, the complete search keeps the verdict of the search
  without it on the positions of ``test_solver_reductions.py``.
"""

from __future__ import annotations

import pytest
from test_solver import replay

from solitaire_core import KLONDIKE, KLONDIKE_DRAW_3, Position, deal_position, parse_card
from solitaire_core.solver import SolveStatus, solve
from solitaire_core.solver.blocked import stuck_card
from solitaire_core.solver.searching import depth_first_loop
from solitaire_core.variants import Variant, shipped


def _cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(card) for card in text.split())


# Spades home, hearts and diamonds to the 9, clubs to the 7: 14 cards out.
FOUNDATIONS = (13, 9, 9, 7)
STUCK = Position(
    (
        _cards("8C TH TD 9C"),  # 9C face up on three face-down cards
        _cards("KC QD JC"),
        _cards("KH QC JD TC"),
        _cards("JH"),
        _cards("QH"),
        _cards("KD"),
        (),
    ),
    (3, 0, 0, 0, 0, 0, 0),
    (),
    (),
    FOUNDATIONS,
)
FREED = Position(
    (
        _cards("JH TH TD 9C"),  # the 8C and the JH change places
        _cards("KC QD JC"),
        _cards("KH QC JD TC"),
        _cards("8C"),
        _cards("QH"),
        _cards("KD"),
        (),
    ),
    (3, 0, 0, 0, 0, 0, 0),
    (),
    (),
    FOUNDATIONS,
)


def _exhaustive(position: Position) -> SolveStatus:
    """The complete search with no reduction at all (the rule off)."""
    return depth_first_loop(
        KLONDIKE, position, lambda p: p.is_won, True, 200_000, None, False, True, False, False
    ).status


def test_the_worked_example_is_stuck_and_lost() -> None:
    # 9C cannot go home (8C is under it), cannot go on TH or TD (under it), and
    # only a King may fill the empty column.
    assert stuck_card(KLONDIKE, STUCK) == parse_card("9C")
    assert _exhaustive(STUCK) is SolveStatus.UNWINNABLE


def test_with_the_low_club_elsewhere_it_is_winnable_and_not_stuck() -> None:
    assert stuck_card(KLONDIKE, FREED) is None
    assert _exhaustive(FREED) is SolveStatus.SOLVED
    result = solve(KLONDIKE, FREED, max_positions=10_000)
    assert result.is_solved
    assert replay(KLONDIKE, FREED, result.moves).is_won


def test_a_face_up_card_above_the_lowest_is_not_judged() -> None:
    # The same cards, all face up: the 8C at the bottom is the only buried card, and it
    # may go home at once; the 9C above it may leave with the cards under it.
    face_up = Position(STUCK.tableau, (0,) * 7, (), (), FOUNDATIONS)
    assert stuck_card(KLONDIKE, face_up) is None


def test_solve_answers_at_once() -> None:
    result = solve(KLONDIKE, STUCK, max_positions=1_000)
    assert result.status is SolveStatus.UNWINNABLE
    assert result.positions == 1
    assert result.decided_by == "probe"  # in Klondike the probe is the complete search


def test_a_deal_lost_from_the_start() -> None:
    # The module's example: in KL1-D3N-AAAAAIM the 9C lies face down on both red
    # tens and a lower club (columns read bottom up). Both draws lose it.
    for variant in (KLONDIKE, KLONDIKE_DRAW_3):
        start = deal_position(variant, 8 * 26 + 12)  # AAAAAIM: I = 8, M = 12
        assert stuck_card(variant, start) == parse_card("9C")
        column = next(pile for pile in start.tableau if parse_card("9C") in pile)
        under = column[: column.index(parse_card("9C"))]
        assert {parse_card("TH"), parse_card("TD")} <= set(under)
        assert any(card in under for card in _cards("AC 2C 3C 4C 5C 6C 7C 8C"))
        assert solve(variant, start, max_positions=10).status is SolveStatus.UNWINNABLE


@pytest.mark.parametrize("variant", [KLONDIKE, KLONDIKE_DRAW_3], ids=lambda v: v.name)
def test_no_card_of_a_won_deal_is_stuck(variant: Variant) -> None:
    won = 0
    for number in range(40):
        start = deal_position(variant, number)
        if solve(variant, start, max_positions=3_000).is_solved:
            won += 1
            assert stuck_card(variant, start) is None, number
    assert won >= 20


def test_games_without_suit_foundations_from_the_ace_are_not_judged() -> None:
    # Spiderette's foundations take whole runs: the rule says nothing there.
    start = deal_position(shipped.SPIDERETTE, 0)
    assert stuck_card(shipped.SPIDERETTE, start) is None
