"""The ``deal`` command of the command line (``solitaire_core.cli``).

The ``--json`` shape is a contract for other programs. Expected cards come from
RULES.md section 8's check values and the independent golden file
``tests/data/deal_vectors.json``.
"""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from solitaire_core.cli import main

VECTORS: dict[str, dict[str, Any]] = {
    vector["code"]: vector
    for vector in json.loads(
        (Path(__file__).parent / "data" / "deal_vectors.json").read_text(encoding="utf-8")
    )
}
DOCUMENT_KEYS = {"code", "variant", "draw", "scoring", "deal_number", "position"}
POSITION_KEYS = {"tableau", "stock", "waste", "foundations", "recycles"}


def run_deal_json(capsys: pytest.CaptureFixture[str], code: str) -> dict[str, Any]:
    status = main(["deal", code, "--json"])
    captured = capsys.readouterr()
    assert status == 0
    assert captured.err == ""
    document: dict[str, Any] = json.loads(captured.out)
    return document


def assert_opening_shape(document: dict[str, Any], *, face_down: list[int]) -> None:
    assert set(document) == DOCUMENT_KEYS
    assert isinstance(document["draw"], int)
    assert isinstance(document["deal_number"], int)
    position = document["position"]
    assert set(position) == POSITION_KEYS
    assert len(position["tableau"]) == 7
    for number, column in enumerate(position["tableau"]):
        assert set(column) == {"face_down", "face_up"}
        assert len(column["face_down"]) == face_down[number]
        assert len(column["face_down"]) + len(column["face_up"]) == number + 1
        assert column["face_up"], "the top card of a column is face up"
    assert len(position["stock"]) == 24
    assert position["waste"] == []
    assert position["foundations"] == {"S": 0, "H": 0, "D": 0, "C": 0}
    assert list(position["foundations"]) == ["S", "H", "D", "C"]
    assert position["recycles"] == 0
    cards = position["stock"] + [
        card for column in position["tableau"] for card in column["face_down"] + column["face_up"]
    ]
    assert len(set(cards)) == 52


def assert_matches_vector(document: dict[str, Any], vector: dict[str, Any]) -> None:
    position = document["position"]
    columns = [column["face_down"] + column["face_up"] for column in position["tableau"]]
    assert columns == vector["columns"]
    # The vectors list the first card drawn first; our JSON lists the stock
    # bottom to top, so the next card drawn is the last element.
    assert position["stock"][::-1] == vector["stock"]


# ---------------------------------------------------------------- --json


def test_deal_json_klondike_deal_6(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_deal_json(capsys, "KL1-D1N-AAAAAAG")
    assert_opening_shape(document, face_down=[0, 1, 2, 3, 4, 5, 6])
    assert document["code"] == "KL1-D1N-AAAAAAG"
    assert document["variant"] == "klondike"
    assert document["draw"] == 1
    assert document["scoring"] == "standard"
    assert document["deal_number"] == 6
    tableau = document["position"]["tableau"]
    assert tableau[0] == {"face_down": [], "face_up": ["AD"]}
    assert tableau[6]["face_up"] == ["AH"]
    assert document["position"]["stock"][-1] == "QH"  # the next card drawn
    assert_matches_vector(document, VECTORS["KL1-D1N-AAAAAAG"])


def test_deal_json_reflechi_deal_1(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_deal_json(capsys, "TF1-D1N-AAAAAAB")
    assert_opening_shape(document, face_down=[0] * 7)
    assert document["code"] == "TF1-D1N-AAAAAAB"
    assert document["variant"] == "reflechi"
    assert document["draw"] == 1
    assert document["scoring"] == "standard"
    assert document["deal_number"] == 1
    tableau = document["position"]["tableau"]
    assert tableau[0]["face_up"] == ["7H"]
    assert tableau[6]["face_up"] == ["JH", "3S", "4D", "KS", "TC", "TH", "8C"]
    assert all(column["face_down"] == [] for column in tableau)
    assert document["position"]["stock"][-3:] == ["6S", "4C", "QS"]  # QS drawn first
    assert_matches_vector(document, VECTORS["TF1-D1N-AAAAAAB"])


@pytest.mark.parametrize(
    ("code", "draw", "scoring", "number"),
    [
        ("KL1-D3V-AAAAAAG", 3, "vegas", 6),
        ("KL1-D1V-AAAABMM", 1, "vegas", 26 * 26 + 12 * 26 + 12),
        ("KL1-D3N-AAAAAAG", 3, "standard", 6),
        ("KL1-D3V-ZZZZZZZ", 3, "vegas", 26**7 - 1),
    ],
)
def test_deal_json_draw_and_scoring(
    capsys: pytest.CaptureFixture[str], code: str, draw: int, scoring: str, number: int
) -> None:
    document = run_deal_json(capsys, code)
    assert_opening_shape(document, face_down=[0, 1, 2, 3, 4, 5, 6])
    assert document["code"] == code
    assert document["variant"] == "klondike"
    assert document["draw"] == draw
    assert document["scoring"] == scoring
    assert document["deal_number"] == number
    assert_matches_vector(document, VECTORS[code])


def test_deal_json_reflechi_draw_3(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_deal_json(capsys, "TF1-D3N-AAAHAQI")
    assert_opening_shape(document, face_down=[0] * 7)
    assert (document["variant"], document["draw"], document["scoring"]) == (
        "reflechi",
        3,
        "standard",
    )
    assert_matches_vector(document, VECTORS["TF1-D3N-AAAHAQI"])


def test_deal_json_prints_the_canonical_code(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_deal_json(capsys, "  kl1-d1n-aaaaaag ")
    assert document["code"] == "KL1-D1N-AAAAAAG"
    assert document["deal_number"] == 6


# ---------------------------------------------------------------- text board


def test_deal_text_board_hides_face_down_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "KL1-D1N-AAAAAAG"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    out = captured.out
    assert "KL1-D1N-AAAAAAG" in out
    assert out.count("##") == 21  # 0 + 1 + ... + 6 face-down cards
    # Only the seven face-up cards of the deal are shown, never a hidden one.
    vector = VECTORS["KL1-D1N-AAAAAAG"]
    shown = {column[-1] for column in vector["columns"]}
    hidden = {card for column in vector["columns"] for card in column[:-1]}
    assert shown == {"AD", "JC", "KD", "TC", "9D", "3S", "AH"}
    assert all(card in out for card in shown)
    assert not any(card in out for card in hidden)
    assert not any(card in out for card in vector["stock"])


def test_deal_text_board_reflechi_shows_every_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "TF1-D1N-AAAAAAB"]) == 0
    out = capsys.readouterr().out
    assert "TF1-D1N-AAAAAAB" in out
    assert "##" not in out
    vector = VECTORS["TF1-D1N-AAAAAAB"]
    assert all(card in out for column in vector["columns"] for card in column)


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("KL2-D1N-AAAAAAG", "unsupported deal-code version"),
        ("XX1-D1N-AAAAAAG", "variant"),
        ("KL1-D2N-AAAAAAG", "draw"),
        ("TF1-D1V-AAAAAAG", "scoring"),
        ("KL1-D1N-AAAAAA0", "deal number"),
        ("KL1-D1N-AAAAAA", "deal number at character 8"),
        ("KL1D1N-AAAAAAG", "format at character 3"),
        ("nonsense", "format at character 3"),
    ],
)
@pytest.mark.parametrize("as_json", [False, True])
def test_bad_code_is_an_error_on_stderr_with_status_2(
    capsys: pytest.CaptureFixture[str], code: str, words: str, as_json: bool
) -> None:
    status = main(["deal", code, *(["--json"] if as_json else [])])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""
    assert words in captured.err
    assert code in captured.err


# ---------------------------------------------------------------- python -m solitaire_core


def run_module(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "solitaire_core", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )


def test_module_entry_point_deals() -> None:
    result = run_module("deal", "KL1-D1N-AAAAAAG", "--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert_opening_shape(document, face_down=[0, 1, 2, 3, 4, 5, 6])
    assert document["code"] == "KL1-D1N-AAAAAAG"
    assert document["position"]["tableau"][0]["face_up"] == ["AD"]
    assert document["position"]["stock"][-1] == "QH"


def test_module_entry_point_bad_code_exits_2() -> None:
    result = run_module("deal", "KL2-D1N-AAAAAAG")
    assert result.returncode == 2
    assert result.stdout == ""
    assert "unsupported deal-code version" in result.stderr


class FullDisk(io.StringIO):
    """An output that cannot be written, as on a full disk."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_output_that_cannot_be_written_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdout", FullDisk())
    assert main(["deal", "KL1-D1N-AAAAAAG", "--json"]) == 2
    err = capsys.readouterr().err
    assert err == f"solitaire-core: error: cannot write the output: {os.strerror(errno.ENOSPC)}\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
def test_module_entry_point_on_a_full_disk_exits_2() -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "solitaire_core", "deal", "KL1-D1N-AAAAAAG", "--json"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    assert result.returncode == 2
    assert result.stderr.startswith("solitaire-core: error: cannot write the output: ")
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
