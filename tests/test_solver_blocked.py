"""Cards that can never leave their columns prove a loss (solver/blocked.py).

Contract tested here:

* a worked example: the 9 of clubs face up on the red tens and the 8 of clubs,
  all face down under it, with only Kings for empty columns: ``stuck_cards``
  holds it and the cards under it, and the search without the rule,
  exhausting every position, agrees the game is lost; moving the 8 of clubs
  out of that column makes it winnable and the rule silent;
* a worked example across two columns: the 9 of clubs lies on the 8 of
  hearts, both black tens and a red ten, the 9 of hearts on the 8 of clubs
  and the other red ten: neither can leave first; with the 8 of clubs home,
  both are free;
* a card whose only free place to go is a card of the stock that can never
  come to the tableau (the cards it builds on lie under the stuck card) is
  stuck; with one of them free it is not;
* ``solve`` answers ``UNWINNABLE`` at once (one position) from such a start;
* the rule holds no card of any position on a winning line the searches
  find without it (the line refutes it), in Klondike and in the family games
  it judges, nor of the start of any deal of the shipped catalogues of
  winnable deals, nor judges games whose foundations are not one deck by
  suit;
* with the rule on, the complete search keeps the verdict of the search
  without it on the positions of ``test_solver_reductions.py``.
"""

from __future__ import annotations

import pytest
from test_solver import replay

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    DealCode,
    Move,
    Position,
    deal_position,
    parse_card,
)
from solitaire_core.catalogue import shipped_catalogue, shipped_prefixes
from solitaire_core.rules import play_move
from solitaire_core.solver import SolveStatus, best_first_search, solve
from solitaire_core.solver.blocked import stuck_cards
from solitaire_core.solver.searching import depth_first_loop
from solitaire_core.solver.steps import dominance_is_sound
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
        KLONDIKE,
        position,
        lambda p: p.is_won,
        200_000,
        None,
        winning=True,
        skip_breaking=False,
        proves=True,
        dominance=False,
        takebacks=False,
    ).status


def test_the_worked_example_is_stuck_and_lost() -> None:
    # 9C cannot go home (8C is under it), cannot go on TH or TD (under it), and
    # only a King may fill the empty column.
    # The cards under it wait for it: all four are held.
    assert stuck_cards(KLONDIKE, STUCK) == set(_cards("8C TH TD 9C"))
    assert _exhaustive(STUCK) is SolveStatus.UNWINNABLE


def test_with_the_low_club_elsewhere_it_is_winnable_and_not_stuck() -> None:
    assert stuck_cards(KLONDIKE, FREED) == frozenset()
    assert _exhaustive(FREED) is SolveStatus.SOLVED
    result = solve(KLONDIKE, FREED, max_positions=10_000)
    assert result.is_solved
    assert replay(KLONDIKE, FREED, result.moves).is_won


def test_a_face_up_card_above_the_lowest_is_not_judged() -> None:
    # The same cards, all face up: the 8C at the bottom is the only buried card, and it
    # may go home at once; the 9C above it may leave with the cards under it.
    face_up = Position(STUCK.tableau, (0,) * 7, (), (), FOUNDATIONS)
    assert stuck_cards(KLONDIKE, face_up) == frozenset()


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
        assert parse_card("9C") in stuck_cards(variant, start)
        column = next(pile for pile in start.tableau if parse_card("9C") in pile)
        under = column[: column.index(parse_card("9C"))]
        assert {parse_card("TH"), parse_card("TD")} <= set(under)
        assert any(card in under for card in _cards("AC 2C 3C 4C 5C 6C 7C 8C"))
        assert solve(variant, start, max_positions=10).status is SolveStatus.UNWINNABLE


# Spades and diamonds to the 9, hearts and clubs to the 7; the Jacks, Queens and Kings in
# four face-up columns, one column empty.
COURT = (_cards("KS QH JC"), _cards("KH QC JD"), _cards("KD QS JH"), _cards("KC QD JS"), ())
CROSSED = Position(
    (_cards("TD TS TC 8H 9C"), _cards("TH 8C 9H"), *COURT),
    (4, 2, 0, 0, 0, 0, 0),
    (),
    (),
    (9, 7, 9, 7),
)
UNCROSSED = Position(  # the 8 of clubs home instead
    (_cards("TD TS TC 8H 9C"), _cards("TH 9H"), *COURT),
    (4, 1, 0, 0, 0, 0, 0),
    (),
    (),
    (9, 7, 9, 8),
)


def test_two_cards_each_waiting_for_the_other_are_stuck_and_lost() -> None:
    # 9C goes home after 8C (under 9H) or onto TH (under 9H) or TD (under itself); 9H goes
    # home after 8H (under 9C) or onto TS or TC (under 9C). Neither can move first, and the
    # cards under them wait for them. The one-card rule found nothing here: each nine has a
    # place to go outside its own column.
    assert stuck_cards(KLONDIKE, CROSSED) == set(_cards("TD TS TC 8H 9C TH 8C 9H"))
    assert _exhaustive(CROSSED) is SolveStatus.UNWINNABLE
    assert stuck_cards(KLONDIKE, UNCROSSED) == frozenset()
    assert _exhaustive(UNCROSSED) is SolveStatus.SOLVED


# Spades to the 10, hearts and diamonds to the 9, clubs to the 7; the 10 of hearts in the
# stock, Kings, Queens and the rest face up, two columns empty.
ON_STOCK = (10, 9, 9, 7)
STOCK_LOCKED = Position(
    (_cards("JS JC 8C TD 9C"), _cards("KD QS JH TC"), _cards("KH QC JD"), _cards("KC QH"),
     _cards("KS QD"), (), ()),
    (4, 0, 0, 0, 0, 0, 0),
    _cards("TH"),
    (),
    ON_STOCK,
)  # fmt: skip
STOCK_FREED = Position(  # the Jack of clubs on top of a column instead
    (_cards("JS 8C TD 9C"), _cards("KD QS JH TC"), _cards("KH QC JD"), _cards("KC QH"),
     _cards("KS QD JC"), (), ()),
    (3, 0, 0, 0, 0, 0, 0),
    _cards("TH"),
    (),
    ON_STOCK,
)  # fmt: skip


def test_a_target_in_the_stock_needs_a_place_on_the_tableau() -> None:
    # 9C goes home after 8C or onto TD, both under it, or onto TH, in the stock: TH can
    # come to the tableau only onto a black Jack (both under 9C), never into an empty column.
    assert stuck_cards(KLONDIKE, STOCK_LOCKED) == set(_cards("JS JC 8C TD 9C"))
    assert _exhaustive(STOCK_LOCKED) is SolveStatus.UNWINNABLE
    # With the Jack of clubs free, TH comes onto it and 9C onto TH.
    assert stuck_cards(KLONDIKE, STOCK_FREED) == frozenset()
    assert _exhaustive(STOCK_FREED) is SolveStatus.SOLVED


def _line_positions(variant: Variant, start: Position, moves: tuple[Move, ...]) -> list[Position]:
    positions = [start]
    for move in moves:
        positions.append(play_move(variant, positions[-1], move))
    return positions


@pytest.mark.parametrize(
    ("variant", "deals", "at_least"),
    [
        (KLONDIKE, 40, 20),
        (KLONDIKE_DRAW_3, 40, 20),
        # the family games where the rule holds cards of some starts (Trigon and Russian
        # Solitaire build by suit: about two starts in five are locked)
        (shipped.TRIGON, 30, 3),
        (shipped.RUSSIAN_SOLITAIRE, 30, 3),
        (shipped.YUKON, 20, 5),
        (shipped.ALASKA, 20, 3),
        (shipped.SMALL_HARP, 20, 5),
    ],
    ids=lambda value: value.name if isinstance(value, Variant) else str(value),
)
def test_no_card_on_a_winning_line_is_stuck(variant: Variant, deals: int, at_least: int) -> None:
    # The lines come from the complete search with the rule off, else the best-first search,
    # which never uses it (solve would answer UNWINNABLE at once from a start the rule
    # judged wrongly).
    won = 0
    for number in range(deals):
        start = deal_position(variant, number)
        dominance = dominance_is_sound(variant, start)
        result = depth_first_loop(
            variant,
            start,
            lambda p: p.is_won,
            3_000,
            None,
            winning=True,
            skip_breaking=False,
            proves=True,
            dominance=dominance,
        )
        if not result.is_solved:
            result = best_first_search(variant, start, max_positions=3_000)
        if result.is_solved:
            won += 1
            for position in _line_positions(variant, start, result.moves):
                assert stuck_cards(variant, position) == frozenset(), number
    assert won >= at_least


def test_games_without_suit_foundations_from_the_ace_are_not_judged() -> None:
    # Spiderette's foundations take whole runs: the rule says nothing there.
    start = deal_position(shipped.SPIDERETTE, 0)
    assert stuck_cards(shipped.SPIDERETTE, start) == frozenset()


def test_no_card_of_a_catalogued_winnable_deal_is_stuck() -> None:
    # Every deal of the shipped catalogues was won by the solver (a line replayed through
    # the rules): about 7,000 starts the rule must leave alone.
    checked = 0
    for prefix in shipped_prefixes():
        variant = DealCode.parse(f"{prefix}-AAAAAAA").variant
        catalogue = shipped_catalogue(prefix)
        assert catalogue is not None
        for number in catalogue.winnable():
            assert stuck_cards(variant, deal_position(variant, number)) == frozenset(), number
            checked += 1
    assert checked > 5_000
