"""Winnable deals only: pick_winnable_deal and ``deal --winnable``.

The expected deals are not pasted from a run: the deal numbers come from the
documented sequence (``playout_deals``), every deal passed over is checked to
be not won within the same budget, and the winning line of the deal picked is
replayed on the independent reference model of the tests.
"""

from __future__ import annotations

import importlib.resources
from pathlib import Path

import pytest
from cli_runner import run, run_json
from family_reference import FamilyGame
from strategies import APP_VARIANTS

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    CatalogueError,
    DealSource,
    InvalidArgumentError,
    SolveStatus,
    SplitMix64,
    Variant,
    deal_position,
    format_move,
    pick_winnable_deal,
    solve,
)
from solitaire_core.catalogue import (
    DEFAULT_PICK_TOTAL_POSITIONS,
    WINNING_GRADES,
    Grade,
    shipped_catalogue,
    shipped_prefixes,
)
from solitaire_core.codes import code_for
from solitaire_core.playout import playout_deals
from solitaire_core.solver.grading import grade as grade_of
from solitaire_core.survey.deals import header_text
from solitaire_core.variants import PAS_SEUL, TRADITIONAL, YUKON

BUDGET = 5_000


# With catalogue=False (every shipped game has a catalogue: tests/test_family_catalogues.py).
@pytest.mark.parametrize("seed", [0, 1, 2, 7])
def test_the_first_deal_the_solver_wins_is_picked(seed: int) -> None:
    picked = pick_winnable_deal(YUKON, seed=seed, max_positions=BUDGET, catalogue=False)
    assert picked.proven
    numbers = playout_deals(seed=seed, games=picked.tried)
    assert picked.code.deal_number == numbers[-1]
    assert str(picked.code).startswith("YU1-D0N-")
    for number in numbers[:-1]:  # the deals passed over were not won within the budget
        result = solve(YUKON, deal_position(YUKON, number), max_positions=BUDGET)
        assert result.status is not SolveStatus.SOLVED
    result = solve(YUKON, deal_position(YUKON, numbers[-1]), max_positions=BUDGET)
    assert result.is_solved and len(result.moves) == picked.moves
    reference = FamilyGame.deal("YU", numbers[-1])
    for move in result.moves:
        reference.play(format_move(YUKON, move))
    assert reference.is_won()
    again = pick_winnable_deal(YUKON, seed=seed, max_positions=BUDGET, catalogue=False)
    assert again == picked  # reproducible


def test_deals_not_decided_within_the_budget_are_passed_over() -> None:
    # One position decides no fresh deal: every try is undecided, none proven.
    numbers = playout_deals(seed=3, games=4)
    for number in numbers:
        assert solve(YUKON, deal_position(YUKON, number), max_positions=1).status is (
            SolveStatus.UNKNOWN
        )
    picked = pick_winnable_deal(YUKON, seed=3, max_positions=1, max_deals=4, catalogue=False)
    assert not picked.proven and picked.moves == 0 and picked.tried == 4
    assert picked.code.deal_number == numbers[0]  # the first undecided deal, to play anyway


def test_a_pick_gives_up_once_its_whole_budget_is_spent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # `deal --winnable pas-seul --seed 0` ran 160 s to end with proven: false: the solver
    # decides no Pas Seul deal within its budget, and the pick tried all 100 deals. Now no
    # new deal is tried once the deals tried cost max_total_positions (1,000,000 by default).
    assert DEFAULT_PICK_TOTAL_POSITIONS == 1_000_000
    picked = pick_winnable_deal(
        PAS_SEUL, seed=0, max_positions=300, max_total_positions=700, catalogue=False
    )
    assert not picked.proven and picked.tried == 3  # 300 + 300 < 700 <= 900: a third, no more
    assert 700 <= picked.positions <= 900
    assert picked.code.deal_number == playout_deals(seed=0, games=1)[0]  # the first undecided
    document = run_json(capsys, "deal", "--winnable", "pas-seul", "--max-positions", "300",
                        "--max-total-positions", "700", "--no-catalogue")  # fmt: skip
    assert document["winnable"]["tried"] == 3 and document["winnable"]["proven"] is False
    status, out, err = run(capsys, "deal", "KL1-D3N-AAAAAAA", "--max-total-positions", "9")
    assert (status, out) == (2, "") and "--max-total-positions needs --winnable" in err


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"variant": YUKON, "seed": 0, "max_total_positions": 0}, "max_total_positions"),
        ({"variant": TRADITIONAL, "seed": 0}, "has no deal-code prefix"),
        ({"variant": YUKON, "seed": -1}, "seed must be an int"),
        ({"variant": YUKON, "seed": 2**64}, "seed must be an int"),
        ({"variant": YUKON, "seed": True}, "seed must be an int"),
        ({"variant": YUKON, "seed": 0, "max_positions": 0}, "max_positions"),
        ({"variant": YUKON, "seed": 0, "max_deals": 0}, "max_deals"),
        # a prefix is not a Variant, as for solve(): lookup_variant finds one
        ({"variant": "KL1-D3N", "seed": 0}, "variant must be a Variant, got str 'KL1-D3N'"),
        ({"variant": None, "seed": 0}, "variant must be a Variant, got NoneType"),
    ],
)
def test_bad_arguments_are_refused(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        pick_winnable_deal(**arguments)  # type: ignore[arg-type]


def test_deal_winnable_command(capsys: pytest.CaptureFixture[str]) -> None:
    picked = pick_winnable_deal(YUKON, seed=5, max_positions=BUDGET, catalogue=False)
    document = run_json(capsys, "deal", "--winnable", "yukon", "--seed", "5", "--max-positions",
                        str(BUDGET), "--no-catalogue")  # fmt: skip
    assert document["code"] == str(picked.code)
    assert document["winnable"] == {
        "proven": picked.proven,
        "tried": picked.tried,
        "positions": picked.positions,
        "moves": picked.moves,
        "seed": 5,
        "source": "solver",
        "grade": None if picked.grade is None else picked.grade.value,
        "ended": "won",
    }
    status, out, _ = run(capsys, "deal", "--winnable", "YU1-D0N", "--seed", "5",
                         "--max-positions", str(BUDGET), "--no-catalogue")  # fmt: skip
    assert status == 0 and out.startswith(f"{picked.code}  (Yukon, deal ")
    assert f"{picked.grade}, won by the solver" in out.splitlines()[0]
    for argv, message in [
        (["deal", "--winnable", "traditional"], "has no deal-code prefix"),
        (["deal", "--winnable", "no-such-game"], "unknown game"),
        (["deal", "--winnable", "yukon", "--seed", "-1"], "seed must be an int"),
    ]:
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == "" and message in err, (argv, err)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (["--grade", "easy"], "--grade needs"),
        (["--no-catalogue"], "--no-catalogue needs"),
        (["--seed", "0"], "--seed needs"),  # the default value, given
        (["--max-positions", "10", "--max-deals", "3"], "--max-positions and --max-deals need"),
    ],
)
def test_winnable_options_without_winnable_are_refused(
    capsys: pytest.CaptureFixture[str], options: list[str], named: str
) -> None:
    status, out, err = run(capsys, "deal", "KL1-D3N-AAAAAAA", *options)
    assert (status, out) == (2, "")
    assert err.startswith(f"solitaire-core: error: {named} --winnable (without it, deal shows")
    assert err.count("\n") == 1


# --- from the catalogue ----------------------------------------------------------------------


@pytest.mark.parametrize("variant", APP_VARIANTS, ids=lambda variant: variant.name)
def test_the_app_rule_sets_answer_from_their_catalogue(variant: Variant) -> None:
    prefix = header_text(variant)
    assert prefix is not None
    catalogue = shipped_catalogue(prefix)
    assert catalogue is not None
    seen: dict[Grade | None, set[int]] = {}
    # The grades the catalogue has deals of (the others go to the solver, below).
    grades = [None, *(grade.value for grade in WINNING_GRADES if catalogue.winnable(grade))]
    for seed in range(60):
        for grade in grades:
            picked = pick_winnable_deal(variant, seed=seed, grade=grade)
            number = picked.code.deal_number
            assert number is not None and str(picked.code).startswith(prefix + "-")
            assert picked.source is DealSource.CATALOGUE and picked.proven
            assert (picked.tried, picked.positions) == (1, 0)
            assert picked.grade is catalogue.grades[number] is not None
            assert picked.moves == catalogue.moves[number] > 0
            if grade is not None:  # only deals of the grade asked for
                assert picked.grade is Grade(grade)
            assert number in catalogue.winnable(None if grade is None else Grade(grade))
            seen.setdefault(picked.grade if grade is not None else None, set()).add(number)
            assert pick_winnable_deal(variant, seed=seed, grade=grade) == picked  # reproducible
    for grade, numbers in seen.items():  # the seed spreads the picks over the catalogue
        assert len(numbers) > min(30, len(catalogue.winnable(grade)) // 2), grade


def test_the_catalogue_pick_is_the_documented_draw() -> None:
    # The seed's second SplitMix64 output, bounded to the count of deals of the grade.
    catalogue = shipped_catalogue("KL1-D3N")
    assert catalogue is not None
    for seed in (0, 1, 2**64 - 1):
        chooser = SplitMix64(seed)
        chooser.next()
        deals = catalogue.winnable(Grade.MEDIUM)
        expected = deals[chooser.bounded(len(deals))]
        assert pick_winnable_deal(KLONDIKE_DRAW_3, seed=seed, grade=Grade.MEDIUM).code == (
            code_for(KLONDIKE_DRAW_3, expected)
        )


def test_without_the_catalogue_the_solver_picks_as_before() -> None:
    picked = pick_winnable_deal(KLONDIKE, seed=4, max_positions=BUDGET, catalogue=False)
    assert picked.source is DealSource.SOLVER and picked.proven
    numbers = playout_deals(seed=4, games=picked.tried)
    assert picked.code.deal_number == numbers[-1]
    result = solve(KLONDIKE, deal_position(KLONDIKE, numbers[-1]), max_positions=BUDGET)
    assert result.is_solved and len(result.moves) == picked.moves
    assert picked.grade is grade_of(SolveStatus.SOLVED, positions=result.positions,
                                    moves=picked.moves)  # fmt: skip


def test_the_solver_passes_over_deals_of_another_grade() -> None:
    # Without the catalogue Yukon's deals are solved, and only one of the grade asked for is taken.
    first = pick_winnable_deal(YUKON, seed=0, max_positions=BUDGET, catalogue=False)
    assert first.source is DealSource.SOLVER and first.grade is not None
    wanted = Grade.EASY if first.grade is not Grade.EASY else Grade.MEDIUM
    picked = pick_winnable_deal(
        YUKON, seed=0, max_positions=BUDGET, grade=wanted.value, catalogue=False
    )
    assert picked.source is DealSource.SOLVER and picked.grade is wanted
    assert picked.tried > first.tried
    numbers = playout_deals(seed=0, games=picked.tried)
    assert picked.code.deal_number == numbers[-1]
    for number in numbers[:-1]:
        result = solve(YUKON, deal_position(YUKON, number), max_positions=BUDGET)
        if result.is_solved:
            assert grade_of(result.status, positions=result.positions,
                            moves=len(result.moves)) is not wanted  # fmt: skip
    # None of the deals tried of the grade asked for: the first deal won, of its own grade.
    fallback = pick_winnable_deal(YUKON, seed=0, max_positions=BUDGET, grade=wanted,
                                  max_deals=picked.tried - 1, catalogue=False)  # fmt: skip
    assert fallback.proven and fallback.code == first.code and fallback.grade is first.grade
    assert fallback.tried == picked.tried - 1 and fallback.moves == first.moves


def test_a_damaged_catalogue_raises_the_library_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "KL1-D1N.sccat").write_bytes(b"solitaire-core catalogue 1\nprefix: KL")
    monkeypatch.setattr(importlib.resources, "files", lambda package: tmp_path)
    shipped_catalogue.cache_clear()
    shipped_prefixes.cache_clear()
    try:
        with pytest.raises(CatalogueError, match=r"KL1-D1N\.sccat': no header"):
            pick_winnable_deal(KLONDIKE, seed=0)
        with pytest.raises(CatalogueError):
            shipped_catalogue("KL1-D1N")
        # A game without a file in the folder: the solver answers.
        assert pick_winnable_deal(KLONDIKE_DRAW_3, seed=0, max_positions=BUDGET).source is (
            DealSource.SOLVER
        )
    finally:
        shipped_catalogue.cache_clear()
        shipped_prefixes.cache_clear()


@pytest.mark.parametrize("grade", ["EASY", "unwinnable", "unknown", 1, ""])
def test_a_bad_grade_is_refused(grade: object) -> None:
    with pytest.raises(InvalidArgumentError, match="grade must be"):
        pick_winnable_deal(KLONDIKE, seed=0, grade=grade)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="catalogue must be"):
        pick_winnable_deal(KLONDIKE, seed=0, catalogue=1)  # type: ignore[arg-type]


def test_deal_winnable_command_with_a_grade(capsys: pytest.CaptureFixture[str]) -> None:
    picked = pick_winnable_deal(KLONDIKE_DRAW_3, seed=9, grade="hard")
    document = run_json(capsys, "deal", "--winnable", "KL1-D3N", "--seed", "9", "--grade", "hard")
    assert document["code"] == str(picked.code)
    assert document["winnable"] == {
        "proven": True, "tried": 1, "positions": 0, "moves": picked.moves, "seed": 9,
        "source": "catalogue", "grade": "hard", "ended": "won",
    }  # fmt: skip
    status, out, _ = run(capsys, "deal", "--winnable", "KL1-D3N", "--seed", "9", "--grade", "hard")
    assert status == 0
    assert out.splitlines()[0] == (
        f"{picked.code}  (Klondike draw 3, deal {picked.code.deal_number}; hard, from the "
        f"catalogue: won by the solver in {picked.moves} moves)"
    )
    solved = pick_winnable_deal(KLONDIKE_DRAW_3, seed=9, max_positions=BUDGET, catalogue=False)
    document = run_json(capsys, "deal", "--winnable", "KL1-D3N", "--seed", "9", "--no-catalogue",
                        "--max-positions", str(BUDGET))  # fmt: skip
    assert document["code"] == str(solved.code) and document["winnable"]["source"] == "solver"
    for name in ("easiest", "None", "none"):  # the library's "no grade" is the option left out
        with pytest.raises(SystemExit) as exited:  # argparse's refusal
            run(capsys, "deal", "--winnable", "KL1-D3N", "--grade", name)
        assert exited.value.code == 2
        assert f"--grade: invalid choice: {name!r}" in capsys.readouterr().err
