"""The solver's best-first pass and how solve() chains its passes (solver/best_first.py,
solver/solving.py; RULES.md section 9).

Contract tested here:

* ``moves_left_estimate`` counts, by hand: two per card not home, six per
  face-down card, one per reserve card, one per column card above a lower card
  of its suit (ranks from the foundations' base), nothing for the stock; the
  plain estimate two per card not home, one per face-down, stock and reserve card;
* a ``SOLVED`` line of the best-first pass replays through the checked rules to
  a won position; the pass never answers ``UNWINNABLE`` (it prunes moves);
  ``positions`` never exceeds the budget; bad arguments raise ``ValueError``;
* the deals that made the pass worth having: KL1-D1N-AAAAAAB and
  KL1-D1N-AAAAABA, which the depth-first passes did not solve within 1,000,000
  positions and Klondike-Solver solves (benchmarks/results/peers.md), are solved
  with 50,000;
* ``solve`` runs its searches in turns (a probe, then rounds of slices that
  double, the complete search's twice the others'), resumes each search where
  it stopped, drops a search that runs dry, stops at the first that decides,
  counts every turn's positions, and holds all turns to one time limit.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import reachable_positions
from test_solver import DEAD_STOCK, LOCKED_QUEENS, WON, replay

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    DealCode,
    Position,
    Variant,
    deal_code_position,
    deal_position,
)
from solitaire_core.errors import InvalidArgumentError, PositionParseError
from solitaire_core.solver import (
    SolveResult,
    SolveStatus,
    best_first_search,
    estimate,
    has_useful_moves,
    is_winnable,
    is_won,
    moves_left_estimate,
    search,
    searching,
    solve,
    solving,
)
from solitaire_core.solver.search_board import SearchBoard, unpack_board
from solitaire_core.variants import lookup_variant
from solitaire_core.variants.shipped import ALASKA, THUMB_AND_POUCH

# --- the estimate --------------------------------------------------------------


def test_estimate_of_a_fresh_deal() -> None:
    # Deal 1: 52 cards to bring home (2 each), 0+1+...+6 = 21 face down (6 each), the stock
    # nothing, and 6 cards above a lower card of their suit, bottom first per column:
    # 8D JS JD 2S (JD), 8H 5H 5D AH KD (KD), 5C KH 7D 6C TD JC (6C, TD, JC), JH 3S 4D KS TC TH 8C
    # (KS).
    assert moves_left_estimate(deal_position(KLONDIKE, 1)) == 2 * 52 + 6 * 21 + 6


def test_estimate_of_a_won_position_is_zero() -> None:
    assert moves_left_estimate(WON) == 0


def test_estimate_counts_cards_out_face_down_cards_and_cards_out_of_order() -> None:
    # LOCKED_QUEENS: foundations 9+9+9+10 = 37 home, 15 out; 7 face down; each of the 7
    # face-up cards lies on a lower card of its suit; JC in the stock counts nothing.
    assert moves_left_estimate(LOCKED_QUEENS) == 2 * 15 + 6 * 7 + 7
    # DEAD_STOCK: 36 home, 16 out; 8 face down (QD and QC share a column); out of order: KC
    # (on QC) and the four Jacks, not KH or KD (on Queens of other suits); KS in the waste.
    assert moves_left_estimate(DEAD_STOCK) == 2 * 16 + 6 * 8 + 5


def test_the_plain_estimate_counts_cards_out_face_down_stock_and_reserve_cards() -> None:
    # Two per card not home, one per face-down card and per stock card (deal 5: 21 and 24).
    assert moves_left_estimate(deal_position(KLONDIKE, 5), estimate="plain") == 2 * 52 + 21 + 24
    assert moves_left_estimate(WON, estimate="plain") == 0
    # LOCKED_QUEENS: 15 out, 7 face down, JC in the stock; DEAD_STOCK: 16 out, 8 face down,
    # an empty stock (a waste card costs only its own two moves).
    assert moves_left_estimate(LOCKED_QUEENS, estimate="plain") == 2 * 15 + 7 + 1
    assert moves_left_estimate(DEAD_STOCK, estimate="plain") == 2 * 16 + 8 + 0


def test_the_stock_and_waste_count_nothing_and_the_reserve_one_a_card() -> None:
    # The same board with its last card in the stock, in the waste or in a reserve.
    in_stock = Position.from_text("|/|/|/|/|/|/| KC - 13,13,13,12 0")
    in_waste = Position.from_text("|/|/|/|/|/|/| - KC 13,13,13,12 0")
    assert moves_left_estimate(in_stock) == moves_left_estimate(in_waste) == 2
    in_reserve = attrs.evolve(in_stock, stock=(), reserve=(51,))
    assert moves_left_estimate(in_reserve) == 2 + 1


@pytest.mark.parametrize(
    ("column", "base", "expected"),
    [
        ([6, 7], 1, 1),  # 7S 8S from the ace: the 8 lies on a lower card
        ([7, 6], 1, 0),  # 8S 7S: the 7 goes home first
        ([6, 7], 8, 0),  # from an 8 (wrapping), 8S goes home first: 7S 8S is in order
        ([7, 6], 8, 1),  # and 7S, the last card home, lies on 8S
        ([6, 7], 0, 1),  # no base yet (Nine Across): counted from the ace
        ([7, 19, 6], 1, 0),  # 8S 7H 7S: other suits do not count
        ([0, 13, 1, 5], 1, 2),  # AS AH 2S 6S: 2S and 6S both lie on AS
        ([1, 1, 0], 1, 0),  # two decks, 2S 2S AS: equal cards are not out of order
    ],
)
def test_cards_out_of_order(column: list[int], base: int, expected: int) -> None:
    assert estimate.cards_out_of_order([column, []], base) == expected


@pytest.mark.parametrize(
    ("column", "down", "expected"),
    [
        ([12, 11, 10], 0, 0),  # KS QS JS: one suit run
        ([12, 24, 10], 0, 2),  # KS QH JS: QH breaks the run, JS does not continue QH
        ([12, 11, 23], 0, 1),  # KS QS QH: a card of the same rank breaks it
        ([13, 12], 0, 1),  # AH KS: one below in the card order, but a King starts a run
        ([10, 12], 0, 1),  # JS KS: a higher card on a lower one
        ([5, 30, 12], 2, 0),  # KS face up on face-down cards: nothing under it to continue
        ([5, 30, 12, 24], 2, 1),  # and QH on it
        ([], 0, 0),  # an empty column
    ],
)
def test_run_breaks(column: list[int], down: int, expected: int) -> None:
    assert estimate.run_breaks([column, [7]], [down, 0]) == expected


def test_the_runs_estimate_counts_breaks_where_the_uncovering_one_counts_cards_out_of_order() -> (
    None
):
    # A Spiderette deal: 52 cards out (2 each), 0+1+...+6 = 21 face down (6 each), each
    # column's one face-up card on face-down cards: no break.
    start = deal_position(lookup_variant("spiderette"), 3)
    assert moves_left_estimate(start, estimate="runs") == 2 * 52 + 6 * 21
    # 30 out, 2 face down, no reserve; QH on KS (a break) and 9S on 10S (none).
    assert estimate.runs_moves_left(30, 2, 0, [[12, 24], [9, 8]], [0, 0]) == 60 + 12 + 3
    assert moves_left_estimate(WON, estimate="runs") == 0


@pytest.mark.parametrize("name", estimate.ESTIMATES)
@pytest.mark.parametrize(
    ("game", "number"), [("klondike", 1), ("spiderette", 3), ("canfield", 2), ("gargantua", 5)]
)
def test_the_searchs_estimate_of_its_board_is_the_positions(
    name: str, game: str, number: int
) -> None:
    # The best-first search counts on its own board (searching._moves_left, by index), the
    # public function on a Position: the same number for every estimate, in games with a
    # stock, a reserve and two decks.
    variant = lookup_variant(game)
    position = deal_position(variant, number)
    board = SearchBoard(variant, position)
    index = estimate.ESTIMATES.index(name)
    assert searching._moves_left(board, index) == moves_left_estimate(position, estimate=name)


def test_the_complete_run_games_search_with_the_runs_estimate() -> None:
    spiderette = lookup_variant("spiderette")
    assert solving.best_first_searches(KLONDIKE) == solving.BEST_FIRST_SEARCHES
    assert solving.best_first_searches(lookup_variant("will o' the wisp")) == (
        ("runs", 2),
        ("runs", 1),
        ("uncovering", 2),
        ("plain", 1),
    )
    _each_search_of_the_pass_is_best_first_search(spiderette, deal_position(spiderette, 4), 2_000)


def _each_search_of_the_pass_is_best_first_search(
    variant: Variant, start: Position, budget: int
) -> None:
    """The best-first pass from ``start``: one search per (estimate, weight) of the game's,
    each equal to best_first_search with them, within ``budget`` positions."""
    _, shared, _ = solving._passes(variant, start)
    assert isinstance(shared, solving._SharedTurns)
    searches = solving.best_first_searches(variant)
    assert len(shared.searches) == len(searches) == 4
    for (name, weight), one in zip(searches, shared.searches, strict=True):
        assert one.advance(budget, None) == best_first_search(
            variant, start, max_positions=budget, weight=weight, estimate=name
        )


# --- the pass --------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 26])
def test_deals_the_depth_first_passes_missed_are_solved(number: int) -> None:
    start = deal_position(KLONDIKE, number)
    result = best_first_search(KLONDIKE, start, max_positions=50_000)
    assert result.status is SolveStatus.SOLVED
    assert 0 < result.positions <= 50_000
    assert len(result.moves) >= 52
    assert replay(KLONDIKE, start, result.moves).is_won
    assert solve(KLONDIKE, start, max_positions=100_000).is_solved


def test_a_won_position_is_solved_with_no_moves() -> None:
    result = best_first_search(KLONDIKE, WON, max_positions=1)
    assert result == SolveResult(SolveStatus.SOLVED, (), 1)


@pytest.mark.parametrize("position", [LOCKED_QUEENS, DEAD_STOCK])
def test_a_lost_position_is_unknown_never_unwinnable(position: Position) -> None:
    # Both are proved lost by hand in test_solver.py; the pass can only give up.
    result = best_first_search(KLONDIKE, position, max_positions=10_000)
    assert result.status is SolveStatus.UNKNOWN
    assert result.moves == ()
    assert 1 <= result.positions < 10_000  # it ran out of positions to try


@settings(max_examples=25, deadline=None)
@given(budget=st.integers(min_value=1, max_value=3_000))
def test_positions_never_exceed_the_budget(budget: int) -> None:
    result = best_first_search(KLONDIKE, deal_position(KLONDIKE, 0), max_positions=budget)
    assert 1 <= result.positions <= budget


@settings(max_examples=20, deadline=None)
@given(reachable_positions())
def test_every_solved_line_replays_to_a_win(case: tuple[Variant, Position]) -> None:
    variant, position = case
    result = best_first_search(variant, position, max_positions=2_000)
    assert result.status is not SolveStatus.UNWINNABLE
    if result.is_solved:
        assert replay(variant, position, result.moves).is_won


@pytest.mark.parametrize("argument", ["max_positions", "weight", "breadth"])
@pytest.mark.parametrize("value", [0, -3])
def test_arguments_below_one_raise_value_error(argument: str, value: int) -> None:
    start = deal_position(KLONDIKE, 6)
    arguments: dict[str, Any] = {"max_positions": 1_000, "weight": 2, "breadth": 3, argument: value}
    with pytest.raises(ValueError, match=argument):
        best_first_search(KLONDIKE, start, **arguments)


def test_plain_a_star_with_a_wide_beam_wins_and_a_beam_of_one_runs_dry() -> None:
    start = deal_position(KLONDIKE_DRAW_3, 3)
    wide = best_first_search(KLONDIKE_DRAW_3, start, max_positions=20_000, weight=1, breadth=100)
    assert wide.is_solved
    assert replay(KLONDIKE_DRAW_3, start, wide.moves).is_won
    # One child per expansion is a single greedy line: it ends at its first dead end.
    narrow = best_first_search(KLONDIKE_DRAW_3, start, max_positions=20_000, weight=3, breadth=1)
    assert narrow.status is SolveStatus.UNKNOWN
    assert narrow.positions < 1_000


# --- how solve() chains the passes ---------------------------------------------
# solve() hands its budget to solving._run_passes together with the real searches
# (solving._passes) and time.monotonic; the schedule is tested here with scripted
# passes and a scripted clock, the real searches and clock in separate tests.


Answer = tuple[SolveStatus, int | None, bool]
"""What a scripted turn answers, after how many positions (None: all it was given),
and whether the search is exhausted after it."""

Call = tuple[str, int, float | None]
"""A turn of a scripted pass: the pass's name, its positions and its seconds."""

UNKNOWN_ALL: Answer = (SolveStatus.UNKNOWN, None, False)
START_0 = deal_position(KLONDIKE, 0)


def _no_clock() -> float:
    raise AssertionError("solve read the clock without a time limit")


class Scripted:
    """A pass answering its turns in order from a list (UNKNOWN_ALL once it is used up)."""

    def __init__(self, name: str, answers: list[Answer], calls: list[Call]) -> None:
        self.name, self.answers, self.calls = name, answers, calls
        self.exhausted = False

    def advance(self, more: int, seconds: float | None) -> SolveResult:
        assert not self.exhausted, f"{self.name} was given a turn after it ran dry"
        self.calls.append((self.name, more, seconds))
        status, uses, self.exhausted = self.answers.pop(0) if self.answers else UNKNOWN_ALL
        return SolveResult(status, (), more if uses is None else uses)


def _run_scripted(
    answers: dict[str, list[Answer]],
    calls: list[Call],
    *,
    max_positions: int,
    time_limit: float | None = None,
    clock: Callable[[], float] = _no_clock,
    klondike: bool = False,
) -> SolveResult:
    """Run solve()'s schedule from deal 0 over scripted passes named "fast",
    "best_first" and "complete", appending every turn to ``calls`` in order;
    ``klondike``: the fast search is the complete one (one object), as in Klondike."""
    complete = Scripted("complete", answers.get("complete", []), calls)
    fast = complete if klondike else Scripted("fast", answers.get("fast", []), calls)
    best_first = Scripted("best_first", answers.get("best_first", []), calls)
    return solving._run_passes(
        KLONDIKE,
        START_0,
        (fast, best_first, complete),
        max_positions=max_positions,
        time_limit=time_limit,
        clock=clock,
    )


def test_solve_runs_the_fast_best_first_and_complete_searches() -> None:
    # The real passes solve() hands to the schedule, each equal to the search it names
    # and told apart by what they answer: on deal 26 the best-first pass wins in 314
    # positions where the depth-first searches do not.
    start = deal_position(KLONDIKE, 26)
    fast, best_first, complete = solving._passes(KLONDIKE, start)
    beam = best_first.advance(3_000, None)
    assert beam == best_first_search(KLONDIKE, start, max_positions=3_000)
    assert beam.is_solved
    # In Klondike skipping the moves that only break a sequence loses nothing
    # (breaking_moves_are_redundant): the fast search is the complete one, and proves.
    assert fast is complete
    quick = complete.advance(3_000, None)
    assert quick == search(KLONDIKE, start, is_won, max_positions=3_000, fast=True)
    assert quick == search(KLONDIKE, start, is_won, max_positions=3_000)
    assert not quick.is_solved
    fast, _, complete = solving._passes(KLONDIKE, LOCKED_QUEENS)
    assert fast is complete
    assert complete.advance(1_000, None).status is SolveStatus.UNWINNABLE
    # Building on any suit but its own, skipping them is a guess: only the complete
    # search proves the loss (LOCKED_QUEENS is lost there too: no Queen is ever free).
    fast, _, complete = solving._passes(THUMB_AND_POUCH, LOCKED_QUEENS)
    assert fast is not complete
    guess = fast.advance(1_000, None)
    assert guess.status is SolveStatus.UNKNOWN
    assert fast.exhausted  # it ran out of positions to try, within its turn
    assert guess.positions < 1_000
    assert complete.advance(1_000, None).status is SolveStatus.UNWINNABLE


@pytest.mark.parametrize(
    ("variant", "number", "kind"),
    [
        (KLONDIKE, 1, "best_first"),  # the weight-2 search
        (KLONDIKE, 5, "best_first"),  # won by the weight-2 search in 260 positions
        (KLONDIKE, 1, "best_first_1"),  # the weight-1 search
        (KLONDIKE, 1, "plain"),  # the plain estimate's search
        (KLONDIKE, 1, "complete"),
        (ALASKA, 21, "best_first"),  # the beam runs dry
        (THUMB_AND_POUCH, 21, "fast"),
    ],
)
def test_a_search_resumed_turn_by_turn_finds_what_it_finds_in_one_go(
    variant: Variant, number: int, kind: str
) -> None:
    # Paused and resumed, never restarted: turns of 97 positions add up to one search
    # (each search of the best-first pass on its own; the pass shares its turns).
    start = deal_position(variant, number)
    budget = 5_000

    def searches() -> tuple[solving.Pass, ...]:
        fast, shared, complete = solving._passes(variant, start)
        assert isinstance(shared, solving._SharedTurns)
        return (fast, *shared.searches, complete)

    def run(search: solving.Pass, slices: list[int]) -> tuple[SolveResult, int]:
        used = 0
        for more in slices:
            result = search.advance(more, None)
            used += result.positions
            assert result.positions <= more
            if result.status is not SolveStatus.UNKNOWN or search.exhausted:
                break
        return result, used

    pick = {"fast": 0, "best_first": 1, "best_first_1": 2, "plain": 3, "complete": -1}[kind]
    whole, whole_used = run(searches()[pick], [budget])
    turns, turns_used = run(searches()[pick], [97] * (budget // 97 + 1))
    assert turns.status is whole.status
    assert turns.moves == whole.moves
    assert turns_used == whole_used or turns.status is SolveStatus.UNKNOWN
    assert turns_used <= budget + 97


def test_a_shared_turn_is_split_equally_and_ends_with_the_first_decision() -> None:
    calls: list[Call] = []
    first = Scripted("w2", [UNKNOWN_ALL, (SolveStatus.UNKNOWN, 10, True)], calls)
    second = Scripted("w1", [UNKNOWN_ALL, UNKNOWN_ALL, (SolveStatus.SOLVED, 7, False)], calls)
    shared = solving._SharedTurns((first, second))
    # 101 positions: 50 for the first search, what is left (51) for the second
    assert shared.advance(101, None) == SolveResult(SolveStatus.UNKNOWN, (), 101)
    # the first runs dry after 10 of its 20: the second gets the other 30
    assert shared.advance(40, None) == SolveResult(SolveStatus.UNKNOWN, (), 10 + 30)
    assert not shared.exhausted
    # alone now, the second takes the whole turn and decides after 7
    assert shared.advance(64, None) == SolveResult(SolveStatus.SOLVED, (), 7)
    assert calls == [
        ("w2", 50, None), ("w1", 51, None), ("w2", 20, None), ("w1", 30, None), ("w1", 64, None),
    ]  # fmt: skip
    decided: list[Call] = []
    early = solving._SharedTurns(
        (
            Scripted("a", [(SolveStatus.SOLVED, 3, False)], decided),
            Scripted("b", [], decided),
        )
    )
    assert early.advance(100, None) == SolveResult(SolveStatus.SOLVED, (), 3)
    assert decided == [("a", 50, None)]  # the second gets no part of a decided turn
    assert not early.exhausted


def test_the_best_first_pass_is_two_estimates_each_with_two_weights() -> None:
    assert solving.BEST_FIRST_SEARCHES == (
        ("uncovering", 2),
        ("uncovering", 1),
        ("plain", 2),
        ("plain", 1),
    )
    assert solving.best_first_searches(KLONDIKE) == solving.BEST_FIRST_SEARCHES
    _each_search_of_the_pass_is_best_first_search(KLONDIKE, deal_position(KLONDIKE, 12), 3_000)


def test_an_unknown_estimate_is_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="estimate must be one of uncovering, plain"):
        best_first_search(KLONDIKE, START_0, estimate="greedy")
    with pytest.raises(InvalidArgumentError, match="not 'greedy'"):
        moves_left_estimate(START_0, estimate="greedy")


def test_the_rounds_double_and_the_complete_search_gets_twice_the_others() -> None:
    calls: list[Call] = []
    result = _run_scripted({}, calls, max_positions=1_000_000)
    # The probe: 1,000,000 // 16 = 62,500, capped at 20,000; that is the first slice.
    # Rounds of best-first, fast and complete (twice), the slice doubling:
    # 20,000 + (20k + 20k + 40k) + (40k + 40k + 80k) + (80k + 80k + 160k) = 580,000;
    # then 420,000 left: best-first at most half of it (160,000 fits), fast at most
    # half of the 260,000 left (130,000), the complete search the last 130,000.
    assert [(name, more) for name, more, _ in calls] == [
        ("fast", 20_000),
        ("best_first", 20_000),
        ("fast", 20_000),
        ("complete", 40_000),
        ("best_first", 40_000),
        ("fast", 40_000),
        ("complete", 80_000),
        ("best_first", 80_000),
        ("fast", 80_000),
        ("complete", 160_000),
        ("best_first", 160_000),
        ("fast", 130_000),
        ("complete", 130_000),
    ]
    assert result.status is SolveStatus.UNKNOWN
    assert result.positions == 1_000_000
    assert result.decided_by is None


def test_in_klondike_the_probe_is_the_complete_searchs_first_turn() -> None:
    calls: list[Call] = []
    result = _run_scripted({}, calls, max_positions=100_000, klondike=True)
    # 100,000 // 16 = 6,250; rounds of best-first and complete (twice): 6,250 + 18,750
    # + 37,500 = 62,500; 37,500 left: best-first half (18,750), the complete search the rest.
    assert [(name, more) for name, more, _ in calls] == [
        ("complete", 6_250),
        ("best_first", 6_250),
        ("complete", 12_500),
        ("best_first", 12_500),
        ("complete", 25_000),
        ("best_first", 18_750),
        ("complete", 18_750),
    ]
    assert result.positions == 100_000


def test_a_search_that_runs_dry_leaves_its_turns_to_the_others() -> None:
    answers: dict[str, list[Answer]] = {
        "best_first": [(SolveStatus.UNKNOWN, 100, True)],  # its beam runs dry at once
        "fast": [UNKNOWN_ALL, (SolveStatus.UNKNOWN, 10, True)],  # probe, then dry
    }
    calls: list[Call] = []
    result = _run_scripted(answers, calls, max_positions=10_000)
    # probe 625; then 100 + 10 + 1,250; then only the complete search: 2,500, 5,000,
    # and the 515 left.
    assert [(name, more) for name, more, _ in calls] == [
        ("fast", 625),
        ("best_first", 625),
        ("fast", 625),
        ("complete", 1_250),
        ("complete", 2_500),
        ("complete", 5_000),
        ("complete", 10_000 - 625 - 100 - 10 - 1_250 - 2_500 - 5_000),
    ]
    assert result.positions == 10_000


def test_a_complete_search_exhausted_without_an_answer_ends_the_solve() -> None:
    # (Only a scripted pass does this: the real complete search proves when exhausted.)
    answers: dict[str, list[Answer]] = {"complete": [(SolveStatus.UNKNOWN, 5, True)]}
    calls: list[Call] = []
    result = _run_scripted(answers, calls, max_positions=100)
    # first slice 32: best-first 32, fast 32 (<= 68 // 2), complete the 36 left, of which
    # it uses 5; then nothing is left to run
    assert [(name, more) for name, more, _ in calls] == [
        ("best_first", 32),
        ("fast", 32),
        ("complete", 36),
    ]
    assert result.status is SolveStatus.UNKNOWN
    assert result.positions == 32 + 32 + 5


def test_the_first_search_that_decides_ends_the_solve() -> None:
    answers: dict[str, list[Answer]] = {
        "fast": [(SolveStatus.UNKNOWN, 10, False)],
        "best_first": [(SolveStatus.SOLVED, 7, False)],
    }
    calls: list[Call] = []
    with pytest.raises(solving.SolverError):  # the scripted empty line does not win
        _run_scripted(answers, calls, max_positions=1_000)
    assert calls == [("fast", 62, None), ("best_first", 62, None)]
    answers = {
        "fast": [(SolveStatus.UNKNOWN, 10, False), (SolveStatus.UNKNOWN, 20, False)],
        "best_first": [(SolveStatus.UNKNOWN, 30, False)],
        "complete": [(SolveStatus.UNWINNABLE, 5, True)],
    }
    calls.clear()
    result = _run_scripted(answers, calls, max_positions=1_000)
    assert [name for name, _, _ in calls] == ["fast", "best_first", "fast", "complete"]
    assert result.status is SolveStatus.UNWINNABLE
    assert result.positions == 10 + 30 + 20 + 5
    assert result.decided_by == "complete"


@pytest.mark.parametrize(
    ("klondike", "turn", "decided_by"),
    [
        (False, 0, "probe"),
        (False, 2, "fast"),
        (True, 0, "probe"),
        (True, 2, "complete"),  # the fast search is the complete one
    ],
)
def test_the_decision_is_named_by_the_turn_that_made_it(
    klondike: bool, turn: int, decided_by: str
) -> None:
    # The first turns: probe, best-first, then fast (or, in Klondike, complete).
    proved: Answer = (SolveStatus.UNWINNABLE, 5, True)
    first = [proved] if turn == 0 else [UNKNOWN_ALL, proved]
    name = "complete" if klondike else "fast"
    calls: list[Call] = []
    result = _run_scripted({name: first}, calls, max_positions=1_000, klondike=klondike)
    assert len(calls) == turn + 1
    assert result.decided_by == decided_by


def test_a_won_line_from_a_pass_is_returned_after_its_replay() -> None:
    # One move from a win: the probe's line is replayed and returned with its pass name.
    almost = Position(((51,), (), (), (), (), (), ()), (0,) * 7, (), (), (13, 13, 13, 12))
    line = solve(KLONDIKE, almost, max_positions=2).moves  # KC home: "1f"
    assert [str(move) for move in line] == ["1f"]
    calls: list[Call] = []
    answers: dict[str, list[Answer]] = {"complete": [(SolveStatus.SOLVED, 2, False)]}

    def winning(more: int, seconds: float | None) -> SolveResult:
        calls.append(("complete", more, seconds))
        return SolveResult(SolveStatus.SOLVED, line, 2)

    complete = Scripted("complete", answers["complete"], calls)
    complete.advance = winning  # type: ignore[method-assign]
    never = Scripted("never", [], calls)
    never.advance = None  # type: ignore[assignment]
    result = solving._run_passes(
        KLONDIKE,
        almost,
        (complete, never, complete),
        max_positions=1_000,
        time_limit=None,
        clock=_no_clock,
    )
    assert result == SolveResult(SolveStatus.SOLVED, line, 2, decided_by="probe")
    assert calls == [("complete", 1_000 // 16, None)]


def test_the_depth_first_pass_wins_where_the_beam_runs_dry() -> None:
    # Alaska deal 21: the best-first pass's beam of three children runs out of positions
    # to try long before its budget; solve() still wins it.
    start = deal_position(ALASKA, 21)
    first = best_first_search(ALASKA, start, max_positions=50_000)
    assert first.status is SolveStatus.UNKNOWN
    assert first.positions < 50_000
    result = solve(ALASKA, start, max_positions=100_000)
    assert result.is_solved
    assert result.decided_by != "best_first"
    assert replay(ALASKA, start, result.moves).is_won


def test_the_time_limit_covers_the_whole_solve() -> None:
    # A scripted clock that moves one second per reading: no test depends on real time.
    readings = iter(range(100))
    calls: list[Call] = []
    result = _run_scripted(
        {}, calls, max_positions=1_000, time_limit=3.0, clock=lambda: float(next(readings))
    )
    # Deadline 0 + 3; the probe starts at 1 (2 s left), the best-first pass at 2 (1 s
    # left); at 3 the time is used up and no other turn runs.
    assert calls == [("fast", 62, 2.0), ("best_first", 62, 1.0)]
    assert result.status is SolveStatus.UNKNOWN
    assert result.positions == 62 + 62
    assert next(readings) == 4  # the deadline and one reading before each of 3 turns


def test_the_first_turn_runs_even_when_the_time_is_already_used_up() -> None:
    # A won start must still be solved: the probe gets a token microsecond, no more.
    readings = iter(range(100))
    answers: dict[str, list[Answer]] = {"fast": [(SolveStatus.UNKNOWN, 5, False)]}
    calls: list[Call] = []
    result = _run_scripted(
        answers, calls, max_positions=1_000, time_limit=0.5, clock=lambda: float(next(readings))
    )
    assert calls == [("fast", 62, 1e-6)]
    assert result.positions == 5


@pytest.mark.parametrize("number", range(3), ids=["fast", "best_first", "complete"])
def test_every_search_stops_at_its_time_limit(number: int) -> None:
    # Klondike deal 25 is not decided within 1,000,000 positions (nor Thumb and Pouch
    # deal 21 by the fast search within 2,000), so only the time limit can stop a pass
    # early; a nanosecond is used up by the time any pass reads the clock. (The verdict
    # needs only that the clock moves at all during a search of seconds.)
    variant = THUMB_AND_POUCH if number == 0 else KLONDIKE
    run = solving._passes(variant, deal_position(variant, 21 if number == 0 else 25))[number]
    result = run.advance(100_000, 1e-9)
    assert result.positions <= 256  # the depth-first passes read the clock every 256
    assert result.status is SolveStatus.UNKNOWN
    assert not run.exhausted
    # and a later turn goes on from there
    assert run.advance(1_000, None).positions == 1_000


def test_solve_stops_at_its_time_limit() -> None:
    start = deal_position(KLONDIKE, 25)  # not decided within 1,000,000 positions
    result = solve(KLONDIKE, start, max_positions=1_000_000, time_limit=1e-9)
    assert result.status is SolveStatus.UNKNOWN
    assert result.positions < 100_000


def test_the_probe_never_takes_more_than_its_cap() -> None:
    # A huge budget must not slow down the deals the best-first pass wins quickly.
    answers: dict[str, list[Answer]] = {"best_first": [(SolveStatus.UNWINNABLE, 3, True)]}
    calls: list[Call] = []
    _run_scripted(answers, calls, max_positions=2**62)
    assert solving.PROBE_MAX_POSITIONS == 20_000
    assert calls == [
        ("fast", solving.PROBE_MAX_POSITIONS, None),
        ("best_first", solving.PROBE_MAX_POSITIONS, None),
    ]


@pytest.mark.parametrize(
    ("budget", "expected"),
    [
        # 40 // 16 = 2: no probe; best-first at most 40 // 2 = 20 < 32: skipped.
        (40, [("complete", 40)]),
        # 100 // 16 = 6: no probe; first slice 32: best-first 32 (<= 100 // 2), fast
        # 32 (<= 68 // 2), and the complete search min(64, the 36 left).
        (100, [("best_first", 32), ("fast", 32), ("complete", 36)]),
    ],
)
def test_a_tiny_budget_goes_to_the_complete_search(
    budget: int, expected: list[tuple[str, int]]
) -> None:
    calls: list[Call] = []
    result = _run_scripted({}, calls, max_positions=budget)
    assert [(name, more) for name, more, _ in calls] == expected
    assert result.positions == budget


# --- bad arguments ----------------------------------------------------------------

START = deal_position(KLONDIKE, 1)


def _search_for_a_win(variant: Variant, position: Position, **limits: Any) -> object:
    return search(variant, position, is_won, **limits)


def _entry_points() -> list[Callable[..., object]]:
    """Every public search entry point, each taking (variant, position, **limits)."""
    return [solve, best_first_search, _search_for_a_win, is_winnable, has_useful_moves]


ENTRY_NAMES = ["solve", "best_first_search", "search", "is_winnable", "has_useful_moves"]


@pytest.mark.parametrize("entry", range(len(ENTRY_NAMES)), ids=ENTRY_NAMES)
@pytest.mark.parametrize(
    "budget", [float("nan"), float("inf"), 2.5, 1000.0, "1000", None, True, 0, -1]
)
def test_a_budget_that_is_not_an_int_of_at_least_one_is_refused(entry: int, budget: object) -> None:
    with pytest.raises(InvalidArgumentError, match="max_positions"):
        _entry_points()[entry](KLONDIKE, START, max_positions=budget)


@pytest.mark.parametrize("entry", range(len(ENTRY_NAMES)), ids=ENTRY_NAMES)
@pytest.mark.parametrize("seconds", [0, -1.5, float("nan"), float("-inf"), "2", True])
def test_a_time_limit_that_is_not_positive_seconds_is_refused(entry: int, seconds: object) -> None:
    with pytest.raises(InvalidArgumentError, match="time_limit"):
        _entry_points()[entry](KLONDIKE, START, max_positions=10, time_limit=seconds)


@pytest.mark.parametrize("seconds", [float("inf"), 10**400, Fraction(10**6, 3)])
def test_an_infinite_or_huge_time_limit_is_no_limit(seconds: object) -> None:
    result = solve(KLONDIKE, START, max_positions=50_000, time_limit=seconds)  # type: ignore[arg-type]
    assert result.is_solved


@pytest.mark.parametrize("argument", ["weight", "breadth"])
@pytest.mark.parametrize("value", [1.5, 2.0, float("nan"), float("inf"), True, "3", None])
def test_weight_and_breadth_must_be_ints(argument: str, value: object) -> None:
    with pytest.raises(InvalidArgumentError, match=argument):
        options: dict[str, Any] = {argument: value}
        best_first_search(KLONDIKE, START, max_positions=100, **options)


@pytest.mark.parametrize("entry", range(len(ENTRY_NAMES)), ids=ENTRY_NAMES)
@pytest.mark.parametrize("start", ["KL1-D1N-AAAAAAB", None, START.tableau])
def test_a_start_that_is_not_a_position_is_refused(entry: int, start: object) -> None:
    with pytest.raises(InvalidArgumentError, match="position must be a Position"):
        _entry_points()[entry](KLONDIKE, start, max_positions=10)


@pytest.mark.parametrize("entry", range(len(ENTRY_NAMES)), ids=ENTRY_NAMES)
@pytest.mark.parametrize("variant", [None, "klondike", KLONDIKE.name])
def test_a_variant_that_is_not_a_variant_is_refused(entry: int, variant: object) -> None:
    with pytest.raises(InvalidArgumentError, match="variant must be a Variant"):
        _entry_points()[entry](variant, START, max_positions=10)


def _with(**fields: Any) -> Position:
    """:data:`START` with some fields replaced, wrong types included (the constructor
    does not check; ``validate`` does)."""
    return attrs.evolve(START, **fields)


BROKEN_POSITIONS = {
    # AS both in column 1 and on the spade foundation: 53 cards
    "card twice": Position(((0,), (), (), (), (), (), ()), (0,) * 7, (), (), (13, 13, 13, 13)),
    "foundation above King": Position(((),) * 7, (0,) * 7, (), (), (14, 13, 13, 12)),
    # the top card of column 1 face down
    "face-down top": Position(
        ((12,), (), (), (), (), (), ()), (1, 0, 0, 0, 0, 0, 0), (), (), (12, 13, 13, 13)
    ),
    "six columns": Position(((),) * 6, (0,) * 6, (), (), (13, 13, 13, 13)),
    "card 52": Position(((52,), (), (), (), (), (), ()), (0,) * 7, (), (), (12, 13, 13, 13)),
    "card -1": Position(((-1,), (), (), (), (), (), ()), (0,) * 7, (), (), (12, 13, 13, 13)),
    "three foundations": Position(((),) * 7, (0,) * 7, (), (), (13, 13, 13)),
    # fields of the wrong type
    "recycles None": _with(recycles=None),
    "recycles 1.5": _with(recycles=1.5),
    "recycles True": _with(recycles=True),
    "foundations None": _with(foundations=None),
    "stock a list": _with(stock=list(START.stock)),
    "columns lists": _with(tableau=tuple(list(pile) for pile in START.tableau)),
    "face-down floats": _with(face_down=tuple(map(float, START.face_down))),
    "a card as text": _with(waste=("AS",)),
}


@pytest.mark.parametrize("entry", range(len(ENTRY_NAMES)), ids=ENTRY_NAMES)
@pytest.mark.parametrize("position", BROKEN_POSITIONS.values(), ids=BROKEN_POSITIONS.keys())
def test_a_position_no_game_can_hold_is_refused(entry: int, position: Position) -> None:
    with pytest.raises(PositionParseError):
        _entry_points()[entry](KLONDIKE, position, max_positions=10)


# --- the queue's packed positions ------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(reachable_positions(), st.integers(min_value=0, max_value=2**80))
def test_a_packed_position_unpacks_to_the_same_position(
    case: tuple[Variant, Position], recycles: int
) -> None:
    variant, position = case

    def round_trip(start: Position) -> Position:
        return unpack_board(variant, SearchBoard(variant, start).pack()).to_position()

    assert round_trip(position) == position
    many = attrs.evolve(position, recycles=recycles)  # unlimited recycles can pile up
    assert round_trip(many) == many


def test_packing_an_empty_board_and_a_won_one() -> None:
    # The packed format (SearchBoard.pack's docstring): the column count 7, 7 columns of
    # (length 0, face down 0), an empty talon (length 0, waste size 0), an empty
    # reserve, 4 slots holding 13 each, base 1 (Ace), recycles 0.
    packed = SearchBoard(KLONDIKE, WON).pack()
    assert packed == (
        bytes((7,)) + bytes(14) + bytes(3) + bytes((4, 13, 13, 13, 13)) + bytes((1,)) + bytes(1)
    )
    assert unpack_board(KLONDIKE, packed).to_position() == WON


def test_one_move_from_a_win_is_solved_with_two_positions() -> None:
    # KC is the last card out: the start and the won position are the two positions.
    almost = Position(((51,), (), (), (), (), (), ()), (0,) * 7, (), (), (13, 13, 13, 12))
    result = solve(KLONDIKE, almost, max_positions=2)
    assert result.status is SolveStatus.SOLVED
    assert [str(move) for move in result.moves] == ["1f"]
    assert result.positions == 2


@pytest.mark.parametrize(
    ("code", "weight"),
    [
        ("GA1-D1N-AAAAAAC", 1),  # Gargantua deal 2
        ("ET1-D1N-AAAAAAE", 2),  # Eight Times Eight deal 4
        ("DK1-D1N-AAAAAAC", 2),  # Double Klondike deal 2
    ],
)
def test_the_estimate_wins_two_deck_deals(code: str, weight: int) -> None:
    # The deals that made the estimate of solver/estimate.py worth having: with the
    # estimate it replaced (two per card out, one per face-down, stock and reserve card)
    # the best-first search won none of deals 0..9 of these games within 50,000
    # positions (benchmarks/results/best-first-estimate.md); now they take a few thousand.
    deal = DealCode.parse(code)
    start = deal_code_position(deal)
    result = best_first_search(deal.variant, start, max_positions=20_000, weight=weight)
    assert result.is_solved
    assert replay(deal.variant, start, result.moves).is_won
