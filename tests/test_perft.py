"""Perft counts pin the move generator (rules/perft.py, the ``perft`` command).

The golden counts in tests/data/perft.json come from the independent reference
model (tests/reference_model.py, written from RULES.md alone) through
tests/data/make_perft.py; see tests/data/README.md. They are never produced by
the engine under test.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    KLONDIKE_VEGAS,
    KLONDIKE_VEGAS_DRAW_3,
    REFLECHI,
    REFLECHI_DRAW_3,
    TRADITIONAL,
    TRADITIONAL_DRAW_3,
    DealCode,
    Position,
    Variant,
    deal_position,
    perft,
)
from solitaire_core.cli import main
from solitaire_core.errors import BudgetExceededError, InvalidArgumentError
from solitaire_core.limits import PERFT_MAX_POSITIONS

GOLDEN_PATH = Path(__file__).parent / "data" / "perft.json"
GOLDEN: dict[str, Any] = json.loads(GOLDEN_PATH.read_text(encoding="utf-8"))
CASES: list[dict[str, Any]] = GOLDEN["cases"]

# The golden file's variant names (RULES.md sections 2, 4, 10) and draw counts.
VARIANTS: dict[tuple[str, int], Variant] = {
    ("klondike", 1): KLONDIKE,
    ("klondike", 3): KLONDIKE_DRAW_3,
    ("reflechi", 1): REFLECHI,
    ("reflechi", 3): REFLECHI_DRAW_3,
    ("vegas", 1): KLONDIKE_VEGAS,
    ("vegas", 3): KLONDIKE_VEGAS_DRAW_3,
    ("traditional", 1): TRADITIONAL,
    ("traditional", 3): TRADITIONAL_DRAW_3,
}


def _case_id(case: dict[str, Any]) -> str:
    return str(case["code"])


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_perft_matches_the_reference_model(case: dict[str, Any]) -> None:
    variant = VARIANTS[(case["variant"], case["draw"])]
    position = deal_position(variant, case["deal_number"])
    depths: list[int] = case["depths"]
    assert len(depths) == 5, "the golden file counts depths 1..5"
    assert [perft(variant, position, depth) for depth in range(1, 6)] == depths


@pytest.mark.parametrize("case", [c for c in CASES if not c["code"].startswith("traditional")])
def test_golden_codes_name_their_variant(case: dict[str, Any]) -> None:
    # The case's deal code selects the variant the case is counted for.
    code = DealCode.parse(case["code"])
    assert code.deal_number == case["deal_number"]
    assert code.draw == case["draw"]
    assert code.variant == VARIANTS[(case["variant"], case["draw"])]


def test_golden_file_separates_the_variants() -> None:
    # The file must hold cases where the variants' trees differ within 5 moves,
    # or it would not pin the differences: Klondike against Réfléchi (the face-up
    # layout) for deals 64 and 71, and with or without take-back for deal 10.
    depths = {(c["variant"], c["draw"], c["deal_number"]): c["depths"] for c in CASES}
    for deal in (64, 71):
        for draw in (1, 3):
            assert depths[("klondike", draw, deal)] != depths[("reflechi", draw, deal)]
    for draw in (1, 3):
        assert depths[("klondike", draw, 10)] != depths[("traditional", draw, 10)]
    assert {case["variant"] for case in CASES} == {"klondike", "reflechi", "vegas", "traditional"}


def test_perft_depth_0_and_1_by_hand() -> None:
    # Deal 6 opens with exactly 4 moves: 1f, 7f, 54:1, d (see
    # test_movegen.test_opening_of_deal_6_by_hand); depth 0 is the position itself.
    position = deal_position(KLONDIKE, 6)
    assert perft(KLONDIKE, position, 0) == 1
    assert perft(KLONDIKE, position, 1) == 4


def test_perft_of_a_won_position() -> None:
    # RULES.md section 5: no move after a win, so no sequence of length >= 1.
    won = Position(((),) * 7, (0,) * 7, (), (), (13, 13, 13, 13), 0)
    assert perft(KLONDIKE, won, 0) == 1
    assert perft(KLONDIKE, won, 1) == 0
    assert perft(KLONDIKE, won, 3) == 0


def test_perft_refuses_a_negative_depth() -> None:
    with pytest.raises(ValueError, match="depth"):
        perft(KLONDIKE, deal_position(KLONDIKE, 6), -1)


def _golden(code: str) -> list[int]:
    for case in CASES:
        if case["code"] == code:
            depths: list[int] = case["depths"]
            return depths
    raise KeyError(code)


def test_cli_perft_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "KL1-D1N-AAAAAAG", "5", "--json"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out) == {"depth": 5, "nodes": _golden("KL1-D1N-AAAAAAG")[4]}


@pytest.mark.parametrize("code", ["TF1-D3N-AAAAACT", "KL1-D1V-AAAAAAK"])
def test_cli_perft_json_other_variants(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", code, "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"depth": 3, "nodes": _golden(code)[2]}


def test_cli_perft_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "kl1-d1n-aaaaaag", "2"]) == 0
    out = capsys.readouterr().out
    assert str(_golden("KL1-D1N-AAAAAAG")[1]) in out
    assert "KL1-D1N-AAAAAAG" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["perft", "KL1-D1N-AAAAAAG", "-1", "--json"],  # negative depth
        ["perft", "TF1-D1V-AAAAAAG", "2", "--json"],  # Réfléchi has no Vegas scoring
        ["perft", "KL2-D1N-AAAAAAG", "2", "--json"],  # unsupported codec version
    ],
)
def test_cli_perft_bad_input(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "error" in captured.err


# --- the node budget (issue 35, finding 8) ----------------------------------------------------


def test_perft_stops_at_its_node_budget() -> None:
    # `perft YU1-D0N-AAAAAAB 12` was accepted and ran for hours: every count now stops
    # once it has expanded its budget of positions (2,000,000 by default).
    code = DealCode.parse("YU1-D0N-AAAAAAB")
    start = deal_position(code.variant, 1)
    with pytest.raises(BudgetExceededError) as caught:
        perft(code.variant, start, 12, max_positions=500)
    assert isinstance(caught.value, InvalidArgumentError)  # the command line's status 2
    assert (caught.value.budget, caught.value.what) == (500, "positions expanded")
    # A count within the budget is exact: depth 2 expands the start and its children.
    children = perft(code.variant, start, 1)
    assert perft(code.variant, start, 2, max_positions=1 + children) == perft(
        code.variant, start, 2
    )
    with pytest.raises(BudgetExceededError):
        perft(code.variant, start, 2, max_positions=children)
    assert perft(code.variant, start, 0, max_positions=1) == 1
    assert PERFT_MAX_POSITIONS == 2_000_000


@pytest.mark.parametrize("budget", [0, -1, True, 2**63, 1.5])
def test_perft_refuses_a_budget_that_is_not_a_count(budget: object) -> None:
    with pytest.raises(InvalidArgumentError, match=r"max_positions must be an int 1 \.\. 2"):
        perft(KLONDIKE, deal_position(KLONDIKE, 6), 1, max_positions=budget)  # type: ignore[arg-type]
