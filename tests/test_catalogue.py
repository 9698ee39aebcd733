"""The catalogues of proven-winnable deals: the file format, the shipped files, the proofs.

The shipped catalogues are checked against themselves (the header's counts
against a body read here word by word, independently of the library's
reader) and against the rules: a sample of the deals ``pick_winnable_deal``
answers from them (seeds chosen by a fixed seed, across games and grades) is
solved again at the catalogue's budget and the winning line replayed on the
independent reference model of the tests (tests/reference_model.py).
"""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run
from reference_model import ReferenceGame
from strategies import APP_VARIANTS

from solitaire_core import (
    CatalogueError,
    DealSource,
    InvalidArgumentError,
    SolveStatus,
    Variant,
    deal_position,
    format_move,
    pick_winnable_deal,
    solve,
)
from solitaire_core import catalogue as catalogue_module
from solitaire_core.catalogue import Grade, decode, shipped_catalogue, shipped_prefixes
from solitaire_core.catalogue import shipped as shipped_module
from solitaire_core.catalogue.format import Catalogue
from solitaire_core.codes import parse_deal_code
from solitaire_core.survey.deals import header_text

_KLONDIKE: dict[str, Any] = {"all_face_up": False, "ordered_groups_only": False}
_REFLECHI: dict[str, Any] = {"all_face_up": True, "ordered_groups_only": True}
REFERENCE_RULES: dict[str, dict[str, Any]] = {  # RULES.md for the reference model
    "KL1-D1N": {**_KLONDIKE, "draw": 1, "recycle_limit": None},
    "KL1-D3N": {**_KLONDIKE, "draw": 3, "recycle_limit": None},
    "KL1-D1V": {**_KLONDIKE, "draw": 1, "recycle_limit": 0},
    "KL1-D3V": {**_KLONDIKE, "draw": 3, "recycle_limit": 0},
    "TF1-D1N": {**_REFLECHI, "draw": 1, "recycle_limit": None},
    "TF1-D3N": {**_REFLECHI, "draw": 3, "recycle_limit": None},
}
WORD_GRADES = {1: Grade.EASY, 2: Grade.MEDIUM, 3: Grade.HARD}


def prefix_of(variant: Variant) -> str:
    prefix = header_text(variant)
    assert prefix is not None
    return prefix


def shipped(prefix: str) -> Catalogue:
    found = shipped_catalogue(prefix)
    assert found is not None, prefix
    return found


# --- the shipped catalogues ----------------------------------------------------------------


def test_the_app_rule_sets_have_catalogues() -> None:
    # (every other game with a deal code has one too: tests/test_family_catalogues.py)
    assert {prefix_of(variant) for variant in APP_VARIANTS} <= set(shipped_prefixes())


@pytest.mark.parametrize("prefix", shipped_prefixes())
def test_the_header_agrees_with_the_body(prefix: str) -> None:
    # Every shipped catalogue, the family's too (tests/test_family_catalogues.py checks that
    # every game with a deal code has one). Read the file here, without the library's reader.
    data = (Path(catalogue_module.__file__).parent / "data" / f"{prefix}.sccat").read_bytes()
    text, _, body = data.partition(b"\n\n")
    lines = text.decode().split("\n")
    header = dict(line.split(": ", 1) for line in lines[1:])
    # Format 2 only where there are constructed deals (British Canister, Chameleon).
    made = int(header.get("constructed", "0"))
    assert lines[0] == f"solitaire-core catalogue {2 if made else 1}"
    assert header["prefix"] == prefix
    deals = int(header["deals"])
    app = prefix in {prefix_of(variant) for variant in APP_VARIANTS}
    assert deals >= (2_000 if app else 200) and len(body) == 2 * deals + made * (2 + 48)
    assert hashlib.sha256(body).hexdigest() == header["sha256"]
    constructed = body[2 * deals :]
    body = body[: 2 * deals]
    for start in range(0, len(constructed), 50):  # a word (a win's grade, a line), 48 letters
        word = constructed[start] << 8 | constructed[start + 1]
        letters = constructed[start + 2 : start + 50].decode("ascii")
        assert word >> 14 in WORD_GRADES and word & 0x3FFF > 0 and letters.isupper()
        assert parse_deal_code(f"{prefix}-{letters}").deal_number is None
        deal = shipped(prefix).constructed[start // 50]
        assert (deal.letters, deal.grade, deal.moves) == (
            letters, WORD_GRADES[word >> 14], word & 0x3FFF
        )  # fmt: skip
    words = [body[i] << 8 | body[i + 1] for i in range(0, len(body), 2)]
    counted = {name: 0 for name in ("not_proven", "easy", "medium", "hard")}
    for word in words:
        counted[("not_proven", "easy", "medium", "hard")[word >> 14]] += 1
        assert (word >> 14 == 0) == (word & 0x3FFF == 0)  # a line for every win, only for wins
    assert {name: int(header[name]) for name in counted} == counted
    assert int(header["max_positions"]) >= 10_000
    assert len(header["commit"]) == 40 and header["command"].startswith("solitaire-core survey")
    # ... and the library reads the same.
    catalogue = shipped(prefix)
    assert catalogue.counts() == counted and catalogue.deals == deals
    assert [WORD_GRADES.get(word >> 14) for word in words] == list(catalogue.grades)
    assert shipped_catalogue(prefix) is catalogue  # read once


def resolve_sample() -> list[tuple[str, int, str]]:
    """20 picks, seeds chosen by a fixed seed: per game 2 easy and 1 medium, and 2 hard in all.

    A game without easy deals in its catalogue gives medium ones instead.
    Easy and medium deals cost the survey's solver at most 10,000 positions
    (solver/grading.py), which keeps the test quick in a pure build.
    """
    rng = random.Random(20_260_402)
    sample = []
    for variant in APP_VARIANTS:
        prefix = prefix_of(variant)
        has_easy = bool(shipped(prefix).winnable(Grade.EASY))
        for grade in ("easy", "easy", "medium"):
            sample.append((prefix, rng.randrange(2**64), grade if has_easy else "medium"))
    for prefix in rng.sample(["KL1-D1N", "KL1-D3N", "TF1-D1N", "TF1-D3N"], 2):
        sample.append((prefix, rng.randrange(2**64), "hard"))
    return sample


@pytest.mark.parametrize(("prefix", "seed", "grade"), resolve_sample())
def test_a_sample_of_picks_is_solved_again(prefix: str, seed: int, grade: str) -> None:
    catalogue = shipped(prefix)
    variant = next(variant for variant in APP_VARIANTS if prefix_of(variant) == prefix)
    picked = pick_winnable_deal(variant, seed=seed, grade=grade)
    deal = picked.code.deal_number
    assert picked.source is DealSource.CATALOGUE and picked.grade == grade and deal is not None
    result = solve(variant, deal_position(variant, deal), max_positions=catalogue.max_positions)
    if result.status is SolveStatus.UNKNOWN:
        # A later solver may need more positions for a deal than the survey's did (the
        # catalogue records a proof, not a budget): a larger one tells drift from a false entry.
        result = solve(variant, deal_position(variant, deal),
                       max_positions=10 * catalogue.max_positions)  # fmt: skip
    assert result.status is SolveStatus.SOLVED, (prefix, deal, result.positions)
    reference = ReferenceGame(deal, takeback=True, **REFERENCE_RULES[prefix])
    for move in result.moves:
        reference.play(format_move(variant, move))
    assert reference.is_won()


def test_the_wheel_ships_the_catalogues(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[1]
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         str(root), "-w", str(tmp_path)],
        env={**os.environ, "SOLITAIRE_CORE_PURE": "1"}, check=True, capture_output=True,
    )  # fmt: skip
    (wheel,) = tmp_path.glob("solitaire_core-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        for prefix in shipped_prefixes():
            data = archive.read(f"solitaire_core/catalogue/data/{prefix}.sccat")
            assert decode(data, prefix) == shipped(prefix)


@pytest.mark.parametrize("prefix", [5, None, b"KL1-D3N"])
def test_a_prefix_that_is_not_text_is_refused(prefix: object) -> None:
    with pytest.raises(InvalidArgumentError, match="prefix must be a deal-code prefix"):
        shipped_catalogue(prefix)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda data: data[:3000], "the file is cut short or damaged"),
        (lambda data: data.replace(b"prefix: KL1-D3N", b"prefix: KL1-D1N", 1), "not KL1-D3N"),
    ],
)
def test_a_damaged_shipped_catalogue_is_an_error_naming_the_file(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    damage: Any,
    message: str,
) -> None:
    # An installation whose catalogue was cut or overwritten: the command says which file
    # (to reinstall or mend) in one line, status 2, not a traceback.
    shipped_data = Path(shipped_module.__file__).parent / "data"
    (tmp_path / "data").mkdir()
    for file in shipped_data.iterdir():
        (tmp_path / "data" / file.name).write_bytes(file.read_bytes())
    damaged = tmp_path / "data" / "KL1-D3N.sccat"
    damaged.write_bytes(damage(damaged.read_bytes()))

    class Package:
        @staticmethod
        def files(package: str) -> Path:
            return tmp_path

    monkeypatch.setattr(shipped_module, "resources", Package)
    shipped_catalogue.cache_clear()
    try:
        status, out, err = run(capsys, "deal", "--winnable", "KL1-D3N", "--seed", "0")
        with pytest.raises(CatalogueError) as info:
            shipped_catalogue("KL1-D3N")
    finally:
        shipped_catalogue.cache_clear()
    assert (status, out) == (2, "")
    assert err.startswith(f"solitaire-core: error: catalogue {str(damaged)!r}: ")
    assert message in err and info.value.name == str(damaged)
