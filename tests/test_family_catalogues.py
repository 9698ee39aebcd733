"""The catalogues of the family's games (issue 36): one for every shipped game with a deal code.

* Every shipped game with a deal code ships a catalogue (each file's header
  is checked against its body in tests/test_catalogue.py).
* Where a catalogue holds a winnable deal, ``pick_winnable_deal`` answers
  from it; the deal it names is solved again at the catalogue's budget and
  the winning line replayed on the independent reference model of the family
  (tests/family_reference.py), move by move in the game's notation.
* In a fresh process, as a user does it: ``deal --winnable`` names a deal from
  the catalogue, ``solve`` finds its line and ``play`` replays it to a win.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from family_reference import FamilyGame

from solitaire_core import (
    DealSource,
    SolveStatus,
    Variant,
    deal_code_position,
    deal_position,
    format_move,
    pick_winnable_deal,
    solve,
)
from solitaire_core.cards import CARD_TEXTS
from solitaire_core.catalogue import Grade, shipped_catalogue, shipped_prefixes
from solitaire_core.variants import FAMILY_GAMES, SHIPPED_VARIANTS, code_header

WINNING = (Grade.EASY, Grade.MEDIUM, Grade.HARD)
CODED = sorted({str(code_header(v)) for v in SHIPPED_VARIANTS.values() if code_header(v)})
"""The deal-code prefixes of the shipped games (the variants without one cannot be picked)."""


def family_prefix(variant: Variant) -> str:
    return str(code_header(variant))


def test_every_game_with_a_deal_code_ships_a_catalogue() -> None:
    assert set(shipped_prefixes()) == set(CODED)


def cheapest_grade(prefix: str) -> Grade | None:
    """The easiest grade the catalogue has deals of (None when it has no winnable deal)."""
    catalogue = shipped_catalogue(prefix)
    assert catalogue is not None
    return next((grade for grade in WINNING if catalogue.winnable(grade)), None)


PICKED = [
    variant
    for variant in FAMILY_GAMES
    if family_prefix(variant) in shipped_prefixes() and cheapest_grade(family_prefix(variant))
]


@pytest.mark.parametrize("variant", PICKED, ids=lambda variant: variant.name)
def test_a_pick_from_the_catalogue_is_won_on_the_reference_model(variant: Variant) -> None:
    prefix = family_prefix(variant)
    catalogue = shipped_catalogue(prefix)
    grade = cheapest_grade(prefix)
    assert catalogue is not None and grade is not None
    picked = pick_winnable_deal(variant, seed=36, grade=grade.value)
    deal = picked.code.deal_number
    assert picked.source is DealSource.CATALOGUE and picked.grade is grade and picked.proven
    assert deal is not None and deal in catalogue.winnable(grade)
    assert (picked.tried, picked.positions, picked.moves) == (1, 0, catalogue.moves[deal])
    result = solve(variant, deal_position(variant, deal), max_positions=catalogue.max_positions)
    if result.status is SolveStatus.UNKNOWN:  # a later solver may need more (see test_catalogue)
        result = solve(variant, deal_position(variant, deal),
                       max_positions=10 * catalogue.max_positions)  # fmt: skip
    assert result.status is SolveStatus.SOLVED, (prefix, deal, result.positions)
    reference = FamilyGame.deal(prefix.split("1-")[0], deal)
    for move in result.moves:
        reference.play(format_move(variant, move))
    assert reference.is_won()


CONSTRUCTED = [
    variant
    for variant in FAMILY_GAMES
    if (found := shipped_catalogue(family_prefix(variant))) is not None and found.constructed
]


def test_every_catalogue_offers_a_winnable_deal() -> None:
    # A deal number proven winnable, or else constructed deals (British Canister's first
    # 80,000 deal numbers are all lost; the solver decides none of Chameleon's first ones).
    for prefix in CODED:
        catalogue = shipped_catalogue(prefix)
        assert catalogue is not None
        assert catalogue.winnable() or catalogue.constructed, prefix
    assert {family_prefix(variant) for variant in CONSTRUCTED} >= {"BC1-D0N", "CM1-D1N"}


@pytest.mark.parametrize("variant", CONSTRUCTED, ids=lambda variant: variant.name)
def test_a_constructed_pick_is_won_on_the_reference_model(variant: Variant) -> None:
    prefix = family_prefix(variant)
    catalogue = shipped_catalogue(prefix)
    assert catalogue is not None
    picked = pick_winnable_deal(variant, seed=36)
    assert picked.source is DealSource.CATALOGUE and picked.proven and picked.tried == 1
    assert picked.code.deal_number is None  # a full deal code
    (deal,) = [deal for deal in catalogue.constructed if str(picked.code).endswith(deal.letters)]
    assert (picked.grade, picked.moves) == (deal.grade, deal.moves)
    assert str(picked.code) == f"{prefix}-{deal.letters}"
    result = solve(variant, deal_code_position(picked.code), max_positions=catalogue.max_positions)
    assert result.status is SolveStatus.SOLVED, (prefix, deal.letters, result.positions)
    reference = FamilyGame.from_deck(
        prefix.split("1-")[0], [CARD_TEXTS[card] for card in picked.code.deck]
    )
    for move in result.moves:
        reference.play(format_move(variant, move))
    assert reference.is_won()
    # Different seeds spread over the constructed deals.
    codes = {str(pick_winnable_deal(variant, seed=seed).code) for seed in range(40)}
    assert len(codes) >= min(10, len(catalogue.constructed))


def cli(*argv: str) -> dict[str, object]:
    """Run the command line in a fresh interpreter; its JSON output."""
    done = subprocess.run(
        [sys.executable, "-m", "solitaire_core", *argv, "--json"],
        capture_output=True, text=True, check=True, timeout=600,
    )  # fmt: skip
    document: dict[str, object] = json.loads(done.stdout)
    return document


@pytest.mark.parametrize("game", ["yukon", "canfield", "thumb-and-pouch"])
def test_a_catalogue_deal_is_won_in_fresh_processes(game: str) -> None:
    picked = cli("deal", "--winnable", game, "--seed", "7", "--grade", "easy")
    winnable = picked["winnable"]
    assert isinstance(winnable, dict)
    assert winnable["source"] == "catalogue" and winnable["grade"] == "easy"
    code = str(picked["code"])
    solved = cli("solve", code)
    assert solved["result"] == "solved"
    moves = solved["moves"]
    assert isinstance(moves, list)
    played = cli("play", code, *moves)
    assert played["won"] is True


def test_a_constructed_deal_is_won_in_fresh_processes() -> None:
    picked = cli("deal", "--winnable", "british-canister", "--seed", "7")
    winnable = picked["winnable"]
    assert isinstance(winnable, dict) and winnable["source"] == "catalogue"
    code = str(picked["code"])
    assert picked["deal_number"] is None and len(code) == len("BC1-D0N-") + 48
    solved = cli("solve", code)
    assert solved["result"] == "solved"
    moves = solved["moves"]
    assert isinstance(moves, list)
    assert cli("play", code, *moves)["won"] is True


def test_the_docs_table_agrees_with_the_shipped_catalogues() -> None:
    page = Path(__file__).resolve().parents[1] / "docs" / "catalogues.md"
    rows = {}
    for line in page.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) == 8 and cells[1] in CODED:
            rows[cells[1]] = [int(cell.replace(",", "")) for cell in cells[2:]]
    assert sorted(rows) == CODED  # a row for every game (benchmarks/catalogue_table.py)
    for prefix, (deals, easy, medium, hard, not_proven, budget) in rows.items():
        catalogue = shipped_catalogue(prefix)
        assert catalogue is not None
        counts = catalogue.counts()
        assert (deals, budget) == (catalogue.deals, catalogue.max_positions), prefix
        assert (easy, medium, hard, not_proven) == (
            counts["easy"], counts["medium"], counts["hard"], counts["not_proven"]
        ), prefix  # fmt: skip
