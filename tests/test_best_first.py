"""The solver's best-first pass and how solve() chains its passes (solver/best_first.py,
solver/solving.py; RULES.md section 9).

Contract tested here:

* ``moves_left_estimate`` counts, by hand: two per card not home, one per
  face-down card, one per stock card;
* a ``SOLVED`` line of the best-first pass replays through the checked rules to
  a won position; the pass never answers ``UNWINNABLE`` (it prunes moves);
  ``positions`` never exceeds the budget; bad arguments raise ``ValueError``;
* the deals that made the pass worth having: KL1-D1N-AAAAAAB and
  KL1-D1N-AAAAABA, which the depth-first passes did not solve within 1,000,000
  positions and Klondike-Solver solves (benchmarks/results/peers.md), are solved
  with 50,000;
* ``solve`` gives each pass its share of what is left (a sixteenth for the
  first depth-first probe, then halves) and the last pass the rest, stops at
  the first pass that decides, counts every pass's positions, and holds all
  passes to one time limit.
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
    TRADITIONAL,
    Position,
    Variant,
    deal_position,
)
from solitaire_core.errors import InvalidArgumentError, PositionParseError
from solitaire_core.rules.board import Board, unpack_board
from solitaire_core.solver import (
    SolveResult,
    SolveStatus,
    best_first_search,
    has_useful_moves,
    is_winnable,
    is_won,
    moves_left_estimate,
    search,
    solve,
    solving,
)
from solitaire_core.variants.shipped import THUMB_AND_POUCH

# --- the estimate --------------------------------------------------------------


def test_estimate_of_a_fresh_deal() -> None:
    # 52 cards to bring home (2 each), 0+1+...+6 = 21 face down, 52 - 28 = 24 in the stock.
    assert moves_left_estimate(deal_position(KLONDIKE, 5)) == 2 * 52 + 21 + 24


def test_estimate_of_a_won_position_is_zero() -> None:
    assert moves_left_estimate(WON) == 0


def test_estimate_counts_home_cards_face_down_cards_and_the_stock_only() -> None:
    # LOCKED_QUEENS: foundations 9+9+9+10 = 37 home, 15 out; 7 face down; JC in the stock.
    assert moves_left_estimate(LOCKED_QUEENS) == 2 * 15 + 7 + 1
    # DEAD_STOCK: 36 home, 16 out; 8 face down (QD and QC share a column); empty stock,
    # KS in the waste (a waste card costs only its own two moves).
    assert moves_left_estimate(DEAD_STOCK) == 2 * 16 + 8 + 0


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
    arguments = {"max_positions": 1_000, "weight": 2, "breadth": 3, argument: value}
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


Answer = tuple[SolveStatus, int | None]
"""What a scripted pass answers, and after how many positions (None: its whole budget)."""

Call = tuple[str, int, float | None]
"""A call of a scripted pass: its name in PASS_NAMES, its budget and its seconds."""

UNKNOWN_ALL: Answer = (SolveStatus.UNKNOWN, None)
START_0 = deal_position(KLONDIKE, 0)


def _no_clock() -> float:
    raise AssertionError("solve read the clock without a time limit")


def _run_scripted(
    answers: dict[str, list[Answer]],
    calls: list[Call],
    *,
    max_positions: int,
    time_limit: float | None = None,
    clock: Callable[[], float] = _no_clock,
    without_fast: bool = False,
) -> SolveResult:
    """Run solve()'s schedule from deal 0 over passes answering in turn from ``answers``
    (keyed by the names in PASS_NAMES), appending every call to ``calls`` in order;
    ``without_fast``: the third pass is left out (None), as for Klondike."""

    def scripted(name: str) -> Callable[[int, float | None], SolveResult]:
        def run(budget: int, seconds: float | None) -> SolveResult:
            calls.append((name, budget, seconds))
            status, uses = answers[name].pop(0)
            return SolveResult(status, (), budget if uses is None else uses)

        return run

    probe, best_first, fast, complete = map(scripted, solving.PASS_NAMES)
    return solving._run_passes(
        KLONDIKE,
        START_0,
        (probe, best_first, None if without_fast else fast, complete),
        max_positions=max_positions,
        time_limit=time_limit,
        clock=clock,
    )


def test_solve_runs_the_probe_best_first_fast_and_complete_searches() -> None:
    # The real passes solve() hands to the schedule, each equal to the search it names
    # and told apart by what they answer: on deal 1 the best-first pass wins in 2,476
    # positions where the depth-first searches do not.
    start = deal_position(KLONDIKE, 1)
    probe, best_first, fast, complete = solving._passes(KLONDIKE, start)
    beam = best_first(3_000, None)
    assert beam == best_first_search(KLONDIKE, start, max_positions=3_000)
    assert beam.is_solved
    quick = search(KLONDIKE, start, is_won, max_positions=3_000, fast=True)
    assert probe(3_000, None) == quick
    assert complete(3_000, None) == search(KLONDIKE, start, is_won, max_positions=3_000)
    assert not quick.is_solved
    # In Klondike skipping the moves that only break a sequence loses nothing
    # (breaking_moves_are_redundant): the fast search is the complete one, and proves.
    assert fast is None
    assert quick == search(KLONDIKE, start, is_won, max_positions=3_000)
    probe, _, fast, complete = solving._passes(KLONDIKE, LOCKED_QUEENS)
    assert fast is None
    assert probe(1_000, None).status is SolveStatus.UNWINNABLE
    assert complete(1_000, None).status is SolveStatus.UNWINNABLE
    # Building on any suit but its own, skipping them is a guess: only the complete
    # search proves the loss (LOCKED_QUEENS is lost there too: no Queen is ever free).
    probe, _, fast, complete = solving._passes(THUMB_AND_POUCH, LOCKED_QUEENS)
    assert fast is not None
    assert probe(1_000, None).status is SolveStatus.UNKNOWN
    assert fast(1_000, None).status is SolveStatus.UNKNOWN
    assert complete(1_000, None).status is SolveStatus.UNWINNABLE


def test_each_pass_gets_its_share_of_what_is_left_and_the_last_the_rest() -> None:
    answers: dict[str, list[Answer]] = {name: [UNKNOWN_ALL] for name in solving.PASS_NAMES}
    calls: list[Call] = []
    result = _run_scripted(answers, calls, max_positions=1_000)
    # 1000 // 16 = 62 for the probe; a quarter of the 938 left; a third of the 704
    # left; the rest.
    assert calls == [
        ("probe", 62, None),
        ("best_first", 234, None),
        ("fast", 234, None),
        ("complete", 470, None),
    ]
    assert result.status is SolveStatus.UNKNOWN
    assert result.positions == 1_000
    assert result.decided_by is None


def test_a_pass_left_out_leaves_its_share_to_the_complete_search() -> None:
    answers: dict[str, list[Answer]] = {name: [UNKNOWN_ALL] for name in solving.PASS_NAMES}
    calls: list[Call] = []
    result = _run_scripted(answers, calls, max_positions=1_000, without_fast=True)
    # 62 for the probe, a quarter of the 938 left, and the 704 left for the last.
    assert calls == [("probe", 62, None), ("best_first", 234, None), ("complete", 704, None)]
    assert result.positions == 1_000


def test_a_pass_that_runs_dry_leaves_its_positions_to_the_next() -> None:
    answers: dict[str, list[Answer]] = {
        "probe": [(SolveStatus.UNKNOWN, 10)],
        "best_first": [(SolveStatus.UNKNOWN, 100)],
        "fast": [UNKNOWN_ALL],
        "complete": [UNKNOWN_ALL],
    }
    calls: list[Call] = []
    result = _run_scripted(answers, calls, max_positions=1_000)
    # 62 for the probe, which uses 10; a quarter of 990, of which it uses 100; a
    # third of the 890 left; the rest.
    assert [(name, budget) for name, budget, _ in calls] == [
        ("probe", 62),
        ("best_first", 247),
        ("fast", 296),
        ("complete", 594),
    ]
    assert result.positions == 1_000


def test_the_first_pass_that_decides_ends_the_search() -> None:
    answers: dict[str, list[Answer]] = {
        "probe": [(SolveStatus.UNKNOWN, 10)],
        "best_first": [(SolveStatus.SOLVED, 7)],
        "fast": [],
        "complete": [],
    }
    calls: list[Call] = []
    with pytest.raises(solving.SolverError):  # the scripted empty line does not win
        _run_scripted(answers, calls, max_positions=1_000)
    assert calls == [("probe", 62, None), ("best_first", 247, None)]
    answers = {
        "probe": [(SolveStatus.UNKNOWN, 10)],
        "best_first": [(SolveStatus.UNKNOWN, 30)],
        "fast": [(SolveStatus.UNKNOWN, 20)],
        "complete": [(SolveStatus.UNWINNABLE, 5)],
    }
    calls.clear()
    result = _run_scripted(answers, calls, max_positions=1_000)
    assert [name for name, _, _ in calls] == list(solving.PASS_NAMES)
    assert result.status is SolveStatus.UNWINNABLE
    assert result.positions == 10 + 30 + 20 + 5
    assert result.decided_by == "complete"


def test_a_won_line_from_a_pass_is_returned_after_its_replay() -> None:
    # One move from a win: the probe's line is replayed and returned with its pass name.
    almost = Position(((51,), (), (), (), (), (), ()), (0,) * 7, (), (), (13, 13, 13, 12))
    line = solve(KLONDIKE, almost, max_positions=2).moves  # KC home: "1f"
    calls: list[int] = []

    def probe(budget: int, seconds: float | None) -> SolveResult:
        calls.append(budget)
        return SolveResult(SolveStatus.SOLVED, line, 2)

    def never(budget: int, seconds: float | None) -> SolveResult:
        raise AssertionError("a pass ran after the probe decided")

    result = solving._run_passes(
        KLONDIKE,
        almost,
        (probe, never, never, never),
        max_positions=1_000,
        time_limit=None,
        clock=_no_clock,
    )
    assert result == SolveResult(SolveStatus.SOLVED, line, 2, decided_by="probe")
    assert calls == [1_000 // 16]


def test_the_depth_first_pass_wins_where_the_beam_runs_dry() -> None:
    # Traditional (no recycle) deal 22: the best-first pass's beam of three children
    # runs out of positions to try long before its budget; solve() still wins it.
    start = deal_position(TRADITIONAL, 22)
    first = best_first_search(TRADITIONAL, start, max_positions=50_000)
    assert first.status is SolveStatus.UNKNOWN
    assert first.positions < 50_000
    result = solve(TRADITIONAL, start, max_positions=100_000)
    assert result.is_solved
    assert result.positions > first.positions
    assert replay(TRADITIONAL, start, result.moves).is_won


def test_the_time_limit_covers_the_whole_solve() -> None:
    # A scripted clock that moves one second per reading: no test depends on real time.
    readings = iter(range(100))
    answers: dict[str, list[Answer]] = {name: [UNKNOWN_ALL] for name in solving.PASS_NAMES}
    calls: list[Call] = []
    result = _run_scripted(
        answers, calls, max_positions=1_000, time_limit=3.0, clock=lambda: float(next(readings))
    )
    # Deadline 0 + 3; the probe starts at 1 (2 s left), the best-first pass at 2 (1 s
    # left); at 3 the time is used up and the last two passes never run.
    assert calls == [("probe", 62, 2.0), ("best_first", 234, 1.0)]
    assert result.status is SolveStatus.UNKNOWN
    assert result.positions == 62 + 234
    assert next(readings) == 4  # the deadline and one reading before each of 3 passes


def test_the_first_pass_runs_even_when_the_time_is_already_used_up() -> None:
    # A won start must still be solved: the probe gets a token microsecond, no more.
    readings = iter(range(100))
    answers: dict[str, list[Answer]] = {"probe": [(SolveStatus.UNKNOWN, 5)]}
    calls: list[Call] = []
    result = _run_scripted(
        answers, calls, max_positions=1_000, time_limit=0.5, clock=lambda: float(next(readings))
    )
    assert calls == [("probe", 62, 1e-6)]
    assert result.positions == 5


@pytest.mark.parametrize("number", range(len(solving.PASS_NAMES)), ids=solving.PASS_NAMES)
def test_every_pass_stops_at_its_time_limit(number: int) -> None:
    # Klondike deal 25 is not decided within 1,000,000 positions (nor Thumb and Pouch
    # deal 21 by the fast search within 2,000), so only the time limit can stop a pass
    # early; a nanosecond is used up by the time any pass reads the clock. (The verdict
    # needs only that the clock moves at all during a search of seconds.)
    run = solving._passes(KLONDIKE, deal_position(KLONDIKE, 25))[number]
    if run is None:  # Klondike leaves out the fast pass: Thumb and Pouch has one
        run = solving._passes(THUMB_AND_POUCH, deal_position(THUMB_AND_POUCH, 21))[number]
    assert run is not None
    result = run(100_000, 1e-9)
    assert result.positions <= 256  # the depth-first passes read the clock every 256
    assert result.status is SolveStatus.UNKNOWN
    assert result.positions < 100_000


def test_solve_stops_at_its_time_limit() -> None:
    start = deal_position(KLONDIKE, 25)  # not decided within 1,000,000 positions
    result = solve(KLONDIKE, start, max_positions=1_000_000, time_limit=1e-9)
    assert result.status is SolveStatus.UNKNOWN
    assert result.positions < 100_000


def test_the_probe_never_takes_more_than_its_cap() -> None:
    # A huge budget must not slow down the deals the best-first pass wins quickly.
    answers: dict[str, list[Answer]] = {
        "probe": [UNKNOWN_ALL],
        "best_first": [(SolveStatus.UNWINNABLE, 3)],  # scripted: ends the solve
    }
    calls: list[Call] = []
    _run_scripted(answers, calls, max_positions=2**62)
    assert solving.PROBE_MAX_POSITIONS == 20_000
    assert calls == [
        ("probe", solving.PROBE_MAX_POSITIONS, None),
        ("best_first", (2**62 - 20_000) // 4, None),
    ]


def test_a_tiny_budget_goes_to_the_complete_search() -> None:
    answers: dict[str, list[Answer]] = {"complete": [UNKNOWN_ALL]}
    calls: list[Call] = []
    _run_scripted(answers, calls, max_positions=40)
    # shares 40 // 16 = 2, 40 // 4 = 10 and 40 // 3 = 13 are all below 32 positions: skipped
    assert calls == [("complete", 40, None)]


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
        return unpack_board(variant, Board(variant, start).pack()).to_position()

    assert round_trip(position) == position
    many = attrs.evolve(position, recycles=recycles)  # unlimited recycles can pile up
    assert round_trip(many) == many


def test_packing_an_empty_board_and_a_won_one() -> None:
    # The packed format (Board.pack's docstring): the column count 7, 7 columns of
    # (length 0, face down 0), an empty talon (length 0, waste size 0), an empty
    # reserve, 4 slots holding 13 each, base 1 (Ace), recycles 0.
    packed = Board(KLONDIKE, WON).pack()
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
