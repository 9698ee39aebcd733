"""Constructed deals: the walk over winnable card orders, and the command that adds them.

Every constructed deal must be a win: each is solved again here and its line
replayed on the independent reference model of the family
(tests/family_reference.py), from the card order its letters name.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from family_reference import FamilyGame

from solitaire_core import CatalogueError, InvalidArgumentError, SolveStatus, format_move, solve
from solitaire_core import catalogue as catalogue_module
from solitaire_core.cards import CARD_TEXTS
from solitaire_core.catalogue import ConstructedDeal, decode
from solitaire_core.catalogue.construct import construct_winnable_deals, main
from solitaire_core.codes import FullDealCode, parse_deal_code
from solitaire_core.deal import deal_code_position
from solitaire_core.solver.grading import grade

START = "BC1-D0N-RFFISSDLWFZHQDCREQLXHHWFPTBYEAGEXIXFBOUEILUQTUBI"  # won (test_family_solver)
BUDGET = 50_000


def won_on_the_reference_model(code: FullDealCode) -> bool:
    result = solve(code.variant, deal_code_position(code), max_positions=BUDGET)
    if result.status is not SolveStatus.SOLVED:
        return False
    reference = FamilyGame.from_deck("BC", [CARD_TEXTS[card] for card in code.deck])
    for move in result.moves:
        reference.play(format_move(code.variant, move))
    return reference.is_won()


def test_the_walk_makes_winnable_deals_away_from_the_start() -> None:
    start = parse_deal_code(START)
    reported: list[int] = []
    made = construct_winnable_deals(
        start.variant, start.deck, deals=2, steps=3, seed=5, max_positions=BUDGET,
        report=lambda index, _deal: reported.append(index),
    )  # fmt: skip
    assert reported == [0, 1] and len(made) == 2
    orders = [FullDealCode.parse(f"BC1-D0N-{deal.letters}") for deal in made]
    assert len({START, *map(str, orders)}) == 3  # each walked on: a swap kept since the last
    for deal, code in zip(made, orders, strict=True):
        assert sorted(code.deck) == list(range(52))  # the same cards, once each
        assert won_on_the_reference_model(code)
        again = solve(code.variant, deal_code_position(code), max_positions=BUDGET)
        cost = grade(SolveStatus.SOLVED, positions=again.positions, moves=len(again.moves))
        assert (deal.moves, deal.grade) == (len(again.moves), cost)


def walk(
    *, deals: int = 1, steps: int = 1, seed: int = 0, max_positions: int = BUDGET
) -> tuple[ConstructedDeal, ...]:
    start = parse_deal_code(START)
    return construct_winnable_deals(
        start.variant, start.deck, deals=deals, steps=steps, seed=seed, max_positions=max_positions
    )


def test_the_walk_is_the_same_for_the_same_seed() -> None:
    assert walk(steps=2, seed=9) == walk(steps=2, seed=9)


def test_a_start_the_solver_does_not_win_is_refused() -> None:
    lost = parse_deal_code("BC1-D0N-AAAAAAA")  # British Canister's deal 0: proven lost
    with pytest.raises(CatalogueError, match="the start is not won"):
        construct_winnable_deals(lost.variant, lost.deck, deals=1, steps=1, seed=0,
                                 max_positions=BUDGET)  # fmt: skip


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"deals": 0}, "deals"),
        ({"steps": -1}, "steps"),
        ({"seed": -1}, "seed"),
        ({"max_positions": 0}, "max_positions"),
    ],
)
def test_bad_walk_arguments_are_refused(arguments: dict[str, int], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        walk(**arguments)


def shipped_file(tmp_path: Path) -> Path:
    source = Path(catalogue_module.__file__).parent / "data" / "BC1-D0N.sccat"
    target = tmp_path / "BC1-D0N.sccat"
    shutil.copyfile(source, target)
    return target


def test_the_command_replaces_the_constructed_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = shipped_file(tmp_path)
    before = decode(target.read_bytes(), "before")
    target.chmod(0o640)
    argv = [str(target), "--start", START, "--deals", "1", "--steps", "1", "--seed", "3",
            "--max-positions", str(BUDGET), "--commit", "abc"]  # fmt: skip
    assert main(argv) == 0
    after = decode(target.read_bytes(), "after")
    assert len(after.constructed) == 1 and after.grades == before.grades
    assert (after.moves, after.commit, after.command) == (
        before.moves,
        before.commit,
        before.command,
    )
    assert after.constructed_commit == "abc"
    assert after.constructed_command == (
        "python -m solitaire_core.catalogue.construct BC1-D0N.sccat --start=" + START
        + " --deals=1 --steps=1 --seed=3 --max-positions=" + str(BUDGET)
    )  # fmt: skip
    assert target.stat().st_mode & 0o777 == 0o640  # the file keeps its permissions
    assert "1 constructed deal of BC1-D0N" in capsys.readouterr().out
    assert won_on_the_reference_model(FullDealCode.parse(f"BC1-D0N-{after.constructed[0].letters}"))


@pytest.mark.parametrize(
    ("start", "message"),
    [
        ("KL1-D1N-AAAAAAB", "not a deal of BC1-D0N"),
        ("BC1-D0N-AAAAAAA", "the start is not won"),
        ("BC1-D0N-!", "invalid deal code"),
    ],
)
def test_the_command_refuses_a_bad_start_and_keeps_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], start: str, message: str
) -> None:
    target = shipped_file(tmp_path)
    before = target.read_bytes()
    argv = [str(target), "--start", start, "--deals", "1", "--steps", "1",
            "--max-positions", str(BUDGET), "--commit", "abc"]  # fmt: skip
    assert main(argv) == 2
    assert message in capsys.readouterr().err
    assert target.read_bytes() == before


def recorded_walks(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The command's walks from now on, each recorded and not run (a refusal comes before)."""
    walked: list[object] = []
    monkeypatch.setattr(
        "solitaire_core.catalogue.construct.construct_winnable_deals",
        lambda *args, **kwargs: walked.append(args),
    )
    return walked


def test_a_file_that_may_not_be_written_is_refused_before_the_walk(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = shipped_file(tmp_path)
    before = target.read_bytes()
    walked = recorded_walks(monkeypatch)
    # (os.access answers as for a user who may not write: the tests may run as root)
    monkeypatch.setattr("os.access", lambda path, mode: False)
    argv = [str(target), "--start", START, "--deals", "1", "--steps", "1",
            "--max-positions", str(BUDGET), "--commit", "abc"]  # fmt: skip
    assert main(argv) == 2
    assert "may not be written" in capsys.readouterr().err
    assert target.read_bytes() == before and not walked


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"commit": "abc\ndef"}, "the constructed_commit would hold a line break"),
        ({"file": "/dev/zero"}, "not a regular file (a character device)"),
        ({"file": "missing.sccat"}, "no such file or directory"),
    ],
)
def test_bad_provenance_or_file_is_refused_before_the_walk(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    change: dict[str, str],
    message: str,
) -> None:
    # A line break in --commit was found after minutes of walking; /dev/zero was read whole.
    target = shipped_file(tmp_path)
    before = target.read_bytes()
    walked = recorded_walks(monkeypatch)
    monkeypatch.chdir(tmp_path)
    argv = [change.get("file", str(target)), "--start", START, "--deals", "1", "--steps", "1",
            "--max-positions", str(BUDGET), "--commit", change.get("commit", "abc")]  # fmt: skip
    assert main(argv) == 2
    assert message in capsys.readouterr().err
    assert target.read_bytes() == before and not walked


def test_ctrl_c_during_the_walk_keeps_the_file_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = shipped_file(tmp_path)
    before = target.read_bytes()

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("solitaire_core.catalogue.construct.construct_winnable_deals", interrupted)
    argv = [str(target), "--start", START, "--deals", "1", "--steps", "1",
            "--max-positions", str(BUDGET), "--commit", "abc"]  # fmt: skip
    assert main(argv) == 130
    assert capsys.readouterr().err == f"interrupted: {target} is unchanged\n"
    assert target.read_bytes() == before


def test_a_linked_catalogue_is_written_through_its_link(tmp_path: Path) -> None:
    target = shipped_file(tmp_path)
    link = tmp_path / "link.sccat"
    link.symlink_to(target)
    argv = [str(link), "--start", START, "--deals", "1", "--steps", "1",
            "--max-positions", str(BUDGET), "--commit", "abc"]  # fmt: skip
    assert main(argv) == 0
    assert link.is_symlink() and len(decode(target.read_bytes(), "t").constructed) == 1
