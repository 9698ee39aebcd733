"""Locks in games where nothing enters an empty column: the static loss proof (solver/blocked.py).

Contract tested here:

* hand-worked Agnes Sorel endgames (base rank 5, so the 4 of a suit goes home
  last and goes only on a 5 of its colour): the 4 of spades above the 7 of
  spades, both black 5s home, is lost and the rule holds both cards; with the
  5 of clubs on a column instead it is won and the rule holds nothing. Two
  4s each above a card of the other's suit lock each other; with the 5 of
  diamonds in the stock (a deal puts it on top of a column) the game is won
  and the rule holds nothing. The 4 of spades on the 5 of spades, the 5 of
  clubs home, stays there until it goes home, after the 5: lost (the second
  rule), and won with the 5 of clubs on a column. An exhaustive search
  without any pruning agrees each time, and ``solve`` answers at once from
  the locked ones (each of its searches stores the start only);
* on random crowded endgames of every game the rule judges, with and without
  take-backs, and of games made to test its parts (Klondike, Yukon and
  Canfield where nothing enters an empty column, Agnes Sorel with any face-up
  group moving, with a waste instead of deals, with take-backs), the rule
  never holds a card of a position that the exhaustive search wins, and it
  does hold cards of lost ones;
* no position on a winning line found without the rule is locked;
* the complete search with every position checked for a lock and without
  agree wherever both decide, on Agnes deals and on crowded endgames, and
  the one with the rule decides more deals in the same budget; ``solve``
  agrees with the exhaustive search on crowded endgames with a stock (its
  locks, and the columns no deal reaches any more stored in any order);
* the searches check every position where no card may ever enter an empty
  column, or where the waste is never turned back, a card goes on one card
  at most and not every card starts an empty column, and only the start
  elsewhere (:func:`locks_worth_checking`);
* a waste that is never turned back is a pile of the rule: in a hand-worked
  Australian Patience endgame (one pass) the 5 of hearts above the 3 of
  hearts and the 6 of hearts under both is lost, and the rule holds them
  (with them the 4 of hearts and the run from the King down to the 7); the
  same waste with a recycle left, or in the order 3, 5, 6, is won and the
  rule holds nothing; the exhaustive search agrees each time.
"""

from __future__ import annotations

import random

import attrs
import pytest
from small_positions import crowded_position, small_position
from test_family_solver import exhaustive_win

from solitaire_core import (
    Move,
    Position,
    deal_position,
    parse_card,
    play_move,
    require_position,
)
from solitaire_core.solver import SolveStatus, solve
from solitaire_core.solver.blocked import (
    LockFinder,
    locks_worth_checking,
    proves_locks,
    stuck_cards,
)
from solitaire_core.solver.searching import best_first_loop, depth_first_loop
from solitaire_core.variants import (
    ANY_FACE_UP_RUN,
    DRAW_ONE,
    FAMILY_GAMES,
    KLONDIKE,
    NO_CARD,
    Layout,
    Variant,
    WasteStock,
    shipped,
)

AGNES = shipped.AGNES_SOREL
PATIENCE = shipped.AUSTRALIAN_PATIENCE  # builds down by suit, Kings only into empty columns


def _cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(card) for card in text.split())


def _agnes(
    columns: list[tuple[int, ...]], foundations: tuple[int, ...], stock: str = ""
) -> Position:
    """An Agnes Sorel position with base rank 5, every card face up."""
    piles = tuple(columns) + ((),) * (7 - len(columns))
    position = Position(piles, (0,) * 7, _cards(stock), (), foundations, 0, (), 5)
    require_position(AGNES, position)
    return position


# From base 5 a suit goes home 5, 6, ..., K, A, 2, 3, 4. Each run below is built (down by
# colour, the King on the Ace) and goes home from its top card.
SPADES = _cards("3S 2S AS KS QS JS TS 9S 8S")  # the 8S on top: next after the 7S
HEARTS = _cards("3H 2H AH KH QH JH TH 9H")  # the 9H on top: next after the 8H
CLUBS_LOW = _cards("4C 3C 2C AC KC")
CLUBS_HIGH = _cards("QC JC TC 9C 8C 7C 6C")
DIAMONDS = _cards("4D 3D 2D AD KD QD JD TD 9D 8D 7D 6D")
# 5S 6S home; the 4S (home last) on the 7S (home next); the 5C home: both black 5s are.
LOCKED = _agnes([_cards("7S 4S"), SPADES, CLUBS_LOW, CLUBS_HIGH], (2, 13, 13, 1))
# The 5C on a column instead: the 4S goes onto it, the spades home, then the clubs.
FREED = _agnes([_cards("7S 4S"), SPADES, CLUBS_LOW, CLUBS_HIGH, _cards("5C")], (2, 13, 13, 0))
# The 4S above the 8H (home next), the 4H above the 7S (home next); every 5 home.
CROSSED = _agnes([_cards("8H 4S"), _cards("7S 4H"), SPADES, HEARTS], (2, 3, 13, 13))
# The 5D in the stock: dealt onto column 1, it takes the 4H; the 5D and 4H then go onto the 6D.
CROSSED_WITH_A_DEAL = _agnes(
    [_cards("8H 4S"), _cards("7S 4H"), SPADES, HEARTS, DIAMONDS], (2, 3, 0, 13), stock="5D"
)


def test_a_last_card_above_a_lower_card_of_its_suit_locks_the_game() -> None:
    # The 4S goes home after the 7S (under it) or onto a black 5 (both home); the 7S waits.
    assert stuck_cards(AGNES, LOCKED) == set(_cards("7S 4S"))
    assert exhaustive_win(AGNES, LOCKED, 100_000) is False
    result = solve(AGNES, LOCKED, max_positions=1_000)
    # Each search stores the start and stops there: the fast and the four best-first ones,
    # which prove nothing, and the complete one, which answers.
    assert (result.status, result.positions) == (SolveStatus.UNWINNABLE, 6)


def test_a_black_five_on_a_column_frees_it() -> None:
    assert stuck_cards(AGNES, FREED) == frozenset()
    assert exhaustive_win(AGNES, FREED, 100_000) is True
    result = solve(AGNES, FREED, max_positions=10_000)
    assert result.is_solved


def test_two_last_cards_each_above_the_others_suit_lock_each_other() -> None:
    # Neither 4 has a 5 to go on; each goes home only after the card under the other.
    assert stuck_cards(AGNES, CROSSED) == set(_cards("8H 4S 7S 4H"))
    assert exhaustive_win(AGNES, CROSSED, 100_000) is False
    assert solve(AGNES, CROSSED, max_positions=1_000).positions == 6  # the start, 6 times


def test_a_five_the_stock_deals_onto_a_column_frees_them() -> None:
    # The 5D comes on top of column 1 with a deal: a way out for the 4H that no card of
    # the lock has to leave for.
    assert stuck_cards(AGNES, CROSSED_WITH_A_DEAL) == frozenset()
    assert exhaustive_win(AGNES, CROSSED_WITH_A_DEAL, 400_000) is True
    dealt = play_move(AGNES, CROSSED_WITH_A_DEAL, Move.parse("d"))
    assert dealt.tableau[0][-1] == parse_card("5D")


# The 4S on the 5S (its suit's first card home): the 4S goes only on a black 5, and the 5C
# is home, so it stays on the 5S until it goes home, after the 5S. The pair may still move
# onto the 6S, so every card can leave its column: the first rule holds none.
RUN = _cards("3S 2S AS KS QS JS TS 9S 8S 7S 6S")
PINNED = _agnes([_cards("5S 4S"), RUN], (0, 13, 13, 13))
UNPINNED = _agnes([_cards("5S 4S"), RUN, CLUBS_LOW, CLUBS_HIGH, _cards("5C")], (0, 13, 13, 0))


def test_a_card_pinned_on_a_card_that_goes_home_first_locks_the_game() -> None:
    # 4S home before 5S (it lies on it until then); 5S, 6S, ..., 3S, 4S home in this order.
    assert stuck_cards(AGNES, PINNED) == set(_cards("5S 6S 7S 8S 9S TS JS QS KS AS 2S 3S 4S"))
    assert exhaustive_win(AGNES, PINNED, 100_000) is False
    assert solve(AGNES, PINNED, max_positions=1_000).positions == 6  # the start, 6 times
    # With the 5C on a column, the 4S goes onto it and the 5S home.
    assert stuck_cards(AGNES, UNPINNED) == frozenset()
    assert exhaustive_win(AGNES, UNPINNED, 100_000) is True


def _variants_to_test() -> list[Variant]:
    """Every game the rule judges, without and with take-backs, and games built to test it."""
    variants: list[Variant] = []
    for game in FAMILY_GAMES:
        if not proves_locks(game):
            continue
        for takeback in (False, True):
            name = f"{game.name}, take-back {takeback}"
            variants.append(attrs.evolve(game, name=name, foundation_takeback=takeback))
    variants += [
        attrs.evolve(KLONDIKE, name="Klondike, closed columns", empty_column=NO_CARD),
        attrs.evolve(shipped.YUKON, name="Yukon, closed columns", empty_column=NO_CARD),
        attrs.evolve(
            shipped.CANFIELD,
            name="Canfield, closed columns, no take-back",
            empty_column=NO_CARD,
            foundation_takeback=False,
        ),
        attrs.evolve(AGNES, name="Agnes Sorel, any face-up group", group=ANY_FACE_UP_RUN),
        attrs.evolve(AGNES, name="Agnes Sorel, a waste", stock=DRAW_ONE),
        attrs.evolve(
            AGNES, name="Agnes Sorel, a waste of one pass", stock=WasteStock(recycle_limit=0)
        ),
        attrs.evolve(
            KLONDIKE,
            name="Klondike, closed columns, one pass of 3",
            empty_column=NO_CARD,
            stock=WasteStock(draw_count=3, recycle_limit=0),
        ),
    ]
    return variants


VARIANTS = _variants_to_test()
COMMON_LOCKS = {
    "Agnes Sorel, take-back False",
    "Agnes Sorel, a waste",
    "Agnes Sorel, a waste of one pass",
    "Klondike, closed columns, one pass of 3",
    "Klondike, closed columns",
    "Yukon, closed columns",
    "Canfield, closed columns, no take-back",
    "Small Harp, take-back False",
}


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.name)
def test_the_rule_never_holds_a_card_of_a_winnable_endgame(variant: Variant) -> None:
    rng = random.Random(variant.name)
    locked = 0
    for index in range(200):
        left = 5 + index % 5
        if index % 4:
            position = crowded_position(variant, rng, left=left, columns=2 + index % 2)
        else:
            position = small_position(variant, rng, left=left)
        if not stuck_cards(variant, position):
            continue
        truth = exhaustive_win(variant, position, 20_000)
        assert truth is not True, f"unsound: {position.to_text()}"
        locked += truth is False
    if variant.name in COMMON_LOCKS:
        assert locked >= 3  # the test is not empty where locks are common


@pytest.mark.parametrize("deal", [95, 177])  # the best-first search wins them without the rule
def test_no_position_on_a_winning_line_found_without_the_rule_is_locked(deal: int) -> None:
    start = deal_position(AGNES, deal)
    result = best_first_loop(AGNES, start, 20_000, None, 2, 3, dominance=True)
    assert result.is_solved
    finder = LockFinder(AGNES)
    position = start
    for move in result.moves:
        assert not stuck_cards(AGNES, position)
        position = play_move(AGNES, position, move)
    assert position.is_won
    assert finder.proves


def _complete(variant: Variant, position: Position, budget: int, *, locks: bool) -> SolveStatus:
    return depth_first_loop(
        variant,
        position,
        lambda p: p.is_won,
        budget,
        None,
        winning=True,
        skip_breaking=False,
        proves=True,
        dominance=True,
        locks=locks,
    ).status


def test_the_search_with_the_rule_agrees_with_the_search_without_it_on_deals() -> None:
    both = decided_with = decided_without = 0
    for number in range(20):
        start = deal_position(AGNES, number)
        with_rule = _complete(AGNES, start, 10_000, locks=True)
        without = _complete(AGNES, start, 10_000, locks=False)
        decided_with += with_rule is not SolveStatus.UNKNOWN
        decided_without += without is not SolveStatus.UNKNOWN
        if SolveStatus.UNKNOWN not in (with_rule, without):
            assert with_rule is without, number
            both += 1
    assert both >= 5
    assert decided_with >= decided_without + 4  # 12 and 7 when written


def _agree_on_endgames(variant: Variant, positions: list[Position], budget: int) -> tuple[int, int]:
    """The complete search with every position checked for a lock and without, on each.

    Asserts the same answer wherever both decide. Returns how many both decided, and how
    many only the search with the rule decided.
    """
    both = only_with = 0
    for position in positions:
        with_rule = _complete(variant, position, budget, locks=True)
        without = _complete(variant, position, budget, locks=False)
        if SolveStatus.UNKNOWN not in (with_rule, without):
            assert with_rule is without, position.to_text()
            both += 1
        only_with += without is SolveStatus.UNKNOWN and with_rule is not SolveStatus.UNKNOWN
    return both, only_with


def test_the_search_with_the_rule_agrees_with_the_search_without_it_on_endgames() -> None:
    rng = random.Random("locks")
    positions = [
        crowded_position(AGNES, rng, left=8 + index % 8, columns=3 + index % 3)
        for index in range(40)
    ]
    both, _ = _agree_on_endgames(AGNES, positions, 20_000)
    assert both >= 20


def test_the_solver_agrees_with_the_exhaustive_search_on_endgames_with_a_stock() -> None:
    # Its locks and its columns no deal reaches any more (solver/search_board.py) against
    # a search of every position without any pruning.
    rng = random.Random("stock")
    decided = lost = 0
    for index in range(60):
        position = crowded_position(AGNES, rng, left=7 + index % 6, columns=3 + index % 4)
        if not position.stock:
            continue
        truth = exhaustive_win(AGNES, position, 20_000)
        if truth is None:
            continue
        result = solve(AGNES, position, max_positions=20_000)
        assert result.status is (SolveStatus.SOLVED if truth else SolveStatus.UNWINNABLE)
        decided += 1
        lost += not truth
    assert decided >= 20
    assert 0 < lost < decided


def test_every_position_is_checked_only_where_nothing_enters_an_empty_column() -> None:
    assert locks_worth_checking(AGNES)
    assert not locks_worth_checking(KLONDIKE)  # Kings fill empty columns
    assert not locks_worth_checking(shipped.EASTHAVEN)  # any card does
    assert not locks_worth_checking(shipped.CANFIELD)  # the reserve does
    assert not locks_worth_checking(shipped.SPIDERETTE)  # the rule does not judge it
    # One pass, one card to build on, Kings alone into empty columns: the waste locks often.
    assert locks_worth_checking(PATIENCE)
    assert not locks_worth_checking(shipped.RAW_PRAWN)  # any card starts an empty column
    assert not locks_worth_checking(attrs.evolve(PATIENCE, stock=DRAW_ONE))  # turned back
    assert not locks_worth_checking(attrs.evolve(KLONDIKE, stock=WasteStock(recycle_limit=0)))
    assert not proves_locks(shipped.SPIDERETTE)
    assert not proves_locks(shipped.DOUBLE_KLONDIKE)
    assert LockFinder(shipped.SPIDERETTE).find([[0]] * 7, [0] * 7, [], 0, [], [0] * 4, 1) == 0


# --- a waste never turned back (one pass, or the last) is a pile of the rule -------------------


def _patience(waste: str, *, recycle_limit: int = 0) -> tuple[Variant, Position]:
    """Two columns; every suit home but the hearts from the 3 up: the King down to the 7 built
    on column 1, the 4 on column 2, the rest in the waste (``waste``, bottom card first); no
    stock."""
    stock = WasteStock(recycle_limit=recycle_limit)
    variant = attrs.evolve(PATIENCE, layout=Layout.rows(2, up=1), stock=stock)
    piles = (_cards("KH QH JH TH 9H 8H 7H"), _cards("4H"))
    position = Position(piles, (0, 0), (), _cards(waste), (13, 2, 13, 13), 0)
    require_position(variant, position)
    return variant, position


def test_a_card_above_a_lower_card_of_its_suit_in_a_waste_never_turned_back_locks_the_game() -> (
    None
):
    # The 5H (on top) cannot go home before the 3H under it, nor onto the 6H under both, nor
    # into an empty column (Kings only): it never leaves, nor do the cards under it; the 4H
    # waits for the 3H or the 5H, the 7H for the 6H.
    variant, position = _patience("6H 3H 5H")
    assert stuck_cards(variant, position) == frozenset(_cards("3H 4H 5H 6H 7H 8H 9H TH JH QH KH"))
    assert exhaustive_win(variant, position, 100_000) is False
    result = solve(variant, position, max_positions=10_000)
    assert result.status is SolveStatus.UNWINNABLE and result.positions <= 6


def test_a_waste_that_goes_back_to_the_stock_or_in_order_holds_nothing() -> None:
    # With a recycle left the waste comes back as the stock 6H, 3H, 5H: the 6H goes on the
    # 7H, the 5H on the 6H, the 4H on the 5H, and everything home. In the order 3H 5H 6H the
    # 6H leaves first the same way.
    for variant, position in (_patience("6H 3H 5H", recycle_limit=1), _patience("3H 5H 6H")):
        assert stuck_cards(variant, position) == frozenset()
        assert exhaustive_win(variant, position, 100_000) is True
    unturned, once = _patience("6H 3H 5H", recycle_limit=1)
    assert stuck_cards(unturned, attrs.evolve(once, recycles=1))  # the recycle spent: final


def test_with_the_waste_as_a_pile_the_search_agrees_with_the_search_without_the_rule() -> None:
    # Australian Patience endgames with a waste (one pass: every waste is final), the complete
    # search with every position checked for a lock and without: the same answers where
    # both decide, and the rule decides some the search alone cannot in the budget.
    rng = random.Random("patience")
    drawn = [
        crowded_position(PATIENCE, rng, left=26 + index % 8, columns=5 + index % 3)
        for index in range(40)
    ]
    both, only_with = _agree_on_endgames(
        PATIENCE, [position for position in drawn if position.waste], 5_000
    )
    assert both >= 20
    assert only_with >= 2
