"""The ``import`` and ``export`` commands, and full deal codes in the other commands.

Contract (issue 6, docs/cli.md): ``import --from shootme|pysol|permutation TEXT
[--json]`` prints the deal as our full deal code and its board, or with
``--json`` the ``deal --json`` document where ``code`` is the full code (and
``deal_number`` is null); ``export CODE --to shootme|pysol`` prints the deal
string or the layout text alone. ``deal``, ``play``, ``solve``, ``hint`` and
``perft`` take full codes wherever they take codes. Bad input: status 2, the
message on stderr, nothing on stdout. Expected layouts come from pysol-cards.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_runner import run, run_json
from pysol_cards.cards import CardRenderer  # type: ignore[import-untyped]
from pysol_cards.deal_game import Game as PysolGame  # type: ignore[import-untyped]
from pysol_cards.random import RandomBase  # type: ignore[import-untyped]

from solitaire_core import DealCode, FullDealCode, parse_card, parse_deal_code
from solitaire_core.cards import CARD_TEXTS
from solitaire_core.cli import main
from solitaire_core.interop import encode_shootme_deal, format_card_order, pysol_deck

DOCUMENT_KEYS = {"code", "variant", "draw", "scoring", "deal_number", "position"}
FULL_6 = str(FullDealCode.from_code(DealCode.parse("KL1-D1N-AAAAAAG")))
"""Deal 6's cards as a full code: AD alone in column 1, AH on column 7."""


def pysol_cards_layout(game: str, number: int) -> str:
    text: str = PysolGame(game, number, RandomBase.DEALS_PYSOLFC, 13).calc_layout_string(
        CardRenderer(True)
    )
    return text


# ---------------------------------------------------------------- import


def test_import_a_pysol_game_number_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, "import", "--from", "pysol", "1000000", "--draw", "3")
    assert set(document) == DOCUMENT_KEYS
    assert document["deal_number"] is None
    assert (document["variant"], document["draw"], document["scoring"]) == (
        "klondike",
        3,
        "standard",
    )
    code = parse_deal_code(document["code"])
    assert isinstance(code, FullDealCode) and code.deck == pysol_deck(1000000)
    lines = pysol_cards_layout("klondike_by_threes", 1000000).splitlines()
    tableau = document["position"]["tableau"]
    for line, column in zip(lines[1:], tableau, strict=True):
        assert line.split()[-1] == column["face_up"][-1]
        assert [card.strip("<>") for card in line.split()] == column["face_down"] + column[
            "face_up"
        ]
    stock = document["position"]["stock"]  # bottom to top: the last one is drawn first
    assert stock[::-1] == lines[0].split()[1:]
    assert run_json(capsys, "deal", document["code"]) == document


def test_import_prints_the_code_then_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    digits = encode_shootme_deal(DealCode.parse("KL1-D1N-AAAAAAG").deck)
    status, out, err = run(capsys, "import", "--from", "shootme", digits)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == FULL_6
    assert "AD" in lines[4] and "##" in lines[4]  # the board's first row: AD, then backs
    assert out.count("\n") > 5


def test_import_a_permutation_given_as_separate_arguments(
    capsys: pytest.CaptureFixture[str],
) -> None:
    cards = format_card_order(DealCode.parse("KL1-D1N-AAAAAAG").deck).split()
    assert run_json(capsys, "import", "--from", "permutation", *cards)["code"] == FULL_6
    assert run_json(capsys, "import", "--from", "permutation", " ".join(cards))["code"] == FULL_6


def test_import_a_layout_as_one_argument_lines_or_stdin(
    capsys: pytest.CaptureFixture[str],
) -> None:
    layout = pysol_cards_layout("klondike", 2)
    expected = str(FullDealCode("KL", deck=pysol_deck(2)))
    assert run_json(capsys, "import", "--from", "pysol", layout)["code"] == expected
    lines = layout.splitlines()
    assert run_json(capsys, "import", "--from", "pysol", *lines)["code"] == expected
    assert run_json(capsys, "import", "--from", "pysol", "-", stdin=layout)["code"] == expected


def test_import_variant_and_scoring(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, "import", "--from", "pysol", "3", "--variant", "tf", "--draw", "3")
    assert document["code"].startswith("TF1-D3N-") and document["variant"] == "reflechi"
    assert all(not column["face_down"] for column in document["position"]["tableau"])
    vegas = run_json(capsys, "import", "--from", "pysol", "3", "--scoring", "vegas")
    assert vegas["code"].startswith("KL1-D1V-")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["import", "--from", "shootme", "123"], "expected 156 digits"),
        (["import", "--from", "shootme", "014" * 52], "deck[1] (characters 3-5) is AS again"),
        (["import", "--from", "pysol", "0"], "1 .. 10**20"),
        (["import", "--from", "pysol", "Talon: AS"], "the talon has 1 cards"),
        (["import", "--from", "permutation", "AS", "2S"], "expected 52 cards, got 2"),
        (["import", "--from", "pysol", "1", "--variant", "TF", "--scoring", "vegas"], "'TF1-D1V'"),
        (["import", "--from", "pysol", "1", "--variant", "QQ"], "unknown game 'QQ'"),
        (["import", "--from", "pysol", "1", "--variant", "KL1-D1N", "--draw", "0"], "no draw 0"),
        (["import", "--from", "pysol", "1", "--variant", "DK1-D1N"], "Double Klondike deals 2"),
        # a Klondike layout's columns are not Yukon's: its card order is the way in
        (["import", "--from", "pysol", "1", "--variant", "YU1-D0N"], "Yukon is dealt otherwise"),
        (["export", "KL1-D1N-AAAAAA", "--to", "shootme"], "expected 7 letters"),
        # api-changes.md: 48 letters past the largest rank are refused with this message
        (["export", "KL1-D1N-" + "Z" * 48, "--to", "pysol"], "read as a rank no card order has"),
    ],
)
def test_bad_input_is_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert words in err and err.startswith("solitaire-core: error: ")
    assert "DealCode(" not in err  # the header as the user would write it, not a repr


def test_unknown_formats_are_refused_by_the_parser(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["import", "--from", "xml", "1"])
    assert info.value.code == 2
    with pytest.raises(SystemExit):
        main(["export", "KL1-D1N-AAAAAAG", "--to", "xml"])
    capsys.readouterr()


# ---------------------------------------------------------------- export


@pytest.mark.parametrize("number", [1, 2, 3, 1000000])
def test_export_to_pysol_prints_the_layout_alone(
    capsys: pytest.CaptureFixture[str], number: int
) -> None:
    code = str(FullDealCode("KL", draw=3, deck=pysol_deck(number)))
    status, out, err = run(capsys, "export", code, "--to", "pysol")
    assert (status, err) == (0, "")
    assert out == pysol_cards_layout("klondike_by_threes", number)


def test_export_to_shootme_prints_the_digits_alone(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "export", "kl1-d1n-aaaaaag", "--to", "shootme")
    assert (status, err) == (0, "")
    assert out.endswith("\n") and len(out) == 157 and out[:-1].isdigit()
    assert out[:3] == "012" and out[3:6] == "023"  # AD, 2H: deal 6 starts AD 2H 7C
    assert run(capsys, "export", FULL_6, "--to", "shootme")[1] == out


def test_export_then_import_round_trips(capsys: pytest.CaptureFixture[str]) -> None:
    for target in ("shootme", "pysol", "permutation"):
        out = run(capsys, "export", FULL_6, "--to", target)[1]
        assert run_json(capsys, "import", "--from", target, out)["code"] == FULL_6
    cards = run(capsys, "export", FULL_6, "--to", "permutation")[1].split()
    assert [parse_card(card) for card in cards] == list(DealCode.parse("KL1-D1N-AAAAAAG").deck)


# ---------------------------------------------------------------- full codes elsewhere


def test_deal_takes_a_full_code(capsys: pytest.CaptureFixture[str]) -> None:
    short = run_json(capsys, "deal", "KL1-D1N-AAAAAAG")
    full = run_json(capsys, "deal", FULL_6.lower())
    assert full["position"] == short["position"]
    assert (full["code"], full["deal_number"], short["deal_number"]) == (FULL_6, None, 6)
    status, out, _ = run(capsys, "deal", FULL_6)
    assert status == 0 and out.startswith(f"{FULL_6}  (Klondike, full deal code)")


def test_play_and_hint_take_a_full_code(capsys: pytest.CaptureFixture[str]) -> None:
    short = run_json(capsys, "play", "KL1-D1N-AAAAAAG", "1f", "7f", "54", "d", "u")
    full = run_json(capsys, "play", FULL_6, "1f", "7f", "54", "d", "u")
    assert {**full, "code": None, "deal_number": None} == {
        **short,
        "code": None,
        "deal_number": None,
    }
    assert run_json(capsys, "hint", FULL_6, "1f") == run_json(
        capsys, "hint", "KL1-D1N-AAAAAAG", "1f"
    )
    status, out, _ = run(capsys, "play", FULL_6, "1f", "w3", "--json")
    assert status == 1 and json.loads(out)["error"]["rule"] == "EMPTY_SOURCE"


def test_solve_and_perft_take_a_full_code(capsys: pytest.CaptureFixture[str]) -> None:
    full = str(FullDealCode.from_code(DealCode.parse("TF1-D1N-AAAAAAD")))
    solved = run_json(capsys, "solve", full, "--max-positions", "100000")
    assert solved["result"] == "solved"
    assert run_json(capsys, "play", full, *solved["moves"])["won"] is True
    assert run_json(capsys, "perft", FULL_6, "3") == run_json(
        capsys, "perft", "KL1-D1N-AAAAAAG", "3"
    )


def test_play_save_and_load_a_full_code_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    played = run_json(capsys, "play", FULL_6, "1f", "7f", "d", "--save", str(path))
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["code"] == FULL_6 and saved["deal_number"] is None
    assert saved["deck"][:3] == [
        CARD_TEXTS[card] for card in DealCode("KL", deal_number=6).deck[:3]
    ]
    assert run_json(capsys, "load", str(path)) == played


@pytest.mark.parametrize("variant", ["BC", "bc1-d0n"])
def test_import_a_game_without_a_waste_takes_its_draw_from_the_game(
    capsys: pytest.CaptureFixture[str], variant: str
) -> None:
    # A constructed British Canister deal (its catalogue's), out as a permutation and back.
    code = "BC1-D0N-LQCSSORVTHEHHBELRCVRPUQSLRLSDQUVTSIMSDLQODOTLHNR"
    status, out, err = run(capsys, "export", code, "--to", "permutation")
    assert (status, err) == (0, "")
    cards = out.split()
    assert (
        run_json(capsys, "import", "--from", "permutation", *cards, "--variant", variant)["code"]
        == code
    )


def test_import_takes_a_game_for_its_variant(capsys: pytest.CaptureFixture[str]) -> None:
    for game, header in [("klondike-draw3", "KL1-D3N"), ("Yukon", "YU1-D0N")]:
        code = run_json(capsys, "import", "--from", "permutation", *PERMUTATION, "--variant", game)
        assert code["code"].startswith(header + "-")


def test_import_refuses_a_header_of_no_game(capsys: pytest.CaptureFixture[str]) -> None:
    cards = format_card_order(DealCode.parse("KL1-D1N-AAAAAAG").deck).split()
    status, _, err = run(capsys, "import", "--from", "permutation", *cards, "--variant", "XX1-D1N")
    assert status == 2 and "--variant 'XX1-D1N'" in err and "unknown game" in err


PERMUTATION = format_card_order(DealCode.parse("KL1-D1N-AAAAAAG").deck).split()
