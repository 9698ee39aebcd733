"""``--rules FILE`` and ``deal GAME`` on the command line (docs/cli.md, docs/rules-files.md).

The custom game is declared only by ``docs/examples/rules/klondike-8.toml``
(Klondike with eight columns, any card to an empty column): it deals, plays, is
solved and hinted through the command line, and its codes round-trip. The
expected boards are read from our deal of the same variant built in Python
(an independent construction of the same rules).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import attrs
import pytest
from cli_runner import run, run_json

import solitaire_core as sc
from solitaire_core import variants as sv
from solitaire_core.codes import DEAL_NUMBER_LIMIT
from solitaire_core.shuffle import SplitMix64

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "rules" / "klondike-8.toml"
CODE = "KA1-D1N-AAAAAAF"
"""Deal 5 of the example game."""

EIGHT = attrs.evolve(
    sc.KLONDIKE,
    name="Klondike, eight columns, any card to an empty column",
    layout=sv.Layout.triangle(8),
    empty_column=sv.ANY_CARD,
    code_prefix="KA",
)
"""The example file's game, built in Python."""


@pytest.fixture
def rules(tmp_path: Path) -> str:
    path = tmp_path / "klondike-8.toml"
    shutil.copy(EXAMPLE, path)
    return str(path)


def test_the_example_file_is_the_game_built_in_python() -> None:
    assert sv.read_rules_file(EXAMPLE).variant == EIGHT


def test_the_file_game_deals_plays_is_solved_and_hinted(
    rules: str, capsys: pytest.CaptureFixture[str]
) -> None:
    document = run_json(capsys, "deal", "--rules", rules, "--number", "5")
    assert document["code"] == CODE
    assert document["variant"] == "klondike-8-any" and document["deal_number"] == 5
    assert document["random"] is None
    expected = sc.position_to_json(sc.deal_position(EIGHT, 5))
    assert document["position"] == expected
    assert run_json(capsys, "deal", "--rules", rules, CODE) == {
        key: value for key, value in document.items() if key != "random"
    }
    played = run_json(capsys, "play", "--rules", rules, CODE, "28", "d")
    assert played["moves_made"] == 2 and played["legal_moves"] == ["w5", "d"]
    solved = run_json(capsys, "solve", "--rules", rules, CODE)
    assert solved["result"] == "solved"
    game = sc.Game(EIGHT, 5)
    for move in solved["moves"]:
        game.play(move)
    assert game.is_won
    hint = run_json(capsys, "hint", "--rules", rules, CODE)
    assert hint == {"move": "28:1", "reason": "turns over a hidden card", "kind": "flip"}
    status, out, _ = run(capsys, "perft", "--rules", rules, CODE, "3", "--json")
    assert status == 0
    assert json.loads(out) == {"depth": 3, "nodes": sc.perft(EIGHT, sc.deal_position(EIGHT, 5), 3)}


def test_the_file_games_codes_round_trip(rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    for number in (0, 5, 12345, DEAL_NUMBER_LIMIT - 1):
        document = run_json(capsys, "deal", "--rules", rules, "k8", "--number", str(number))
        code = document["code"]
        again = run_json(capsys, "deal", "--rules", rules, code)
        assert (again["code"], again["deal_number"]) == (code, number)
        assert again["position"] == document["position"]
    status, out, _ = run(capsys, "export", "--rules", rules, CODE, "--to", "permutation")
    assert status == 0
    status, imported, _ = run(
        capsys, "import", "--rules", rules, "--from", "permutation", "--variant", "KA", out.strip()
    )
    assert status == 0
    full = imported.splitlines()[0]
    assert full.startswith("KA1-D1N-") and len(full) == 8 + 48
    assert run_json(capsys, "deal", "--rules", rules, full)["position"] == document_of(5)


def document_of(number: int) -> object:
    return sc.position_to_json(sc.deal_position(EIGHT, number))


def test_save_and_load_a_file_game(
    rules: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    status, _, err = run(capsys, "play", "--rules", rules, CODE, "28", "--save", str(save))
    assert (status, err) == (0, "")
    loaded = run_json(capsys, "load", "--rules", rules, str(save))
    assert loaded["code"] == CODE and loaded["moves_made"] == 1


def test_a_position_of_the_file_game(
    rules: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    position = tmp_path / "pos.json"
    position.write_text(json.dumps(run_json(capsys, "deal", "--rules", rules, CODE)))
    played = run_json(capsys, "play", "--rules", rules, "--position", str(position), "28")
    assert played["code"] is None and played["variant"] == "klondike-8-any"
    assert played["moves_made"] == 1


def test_playout_and_survey_of_the_file_game(
    rules: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    totals = run_json(capsys, "playout", "--rules", rules, "--games", "3", "--seed", "1")
    assert totals["games"] == 3
    out = tmp_path / "survey.sqlite3"
    argv = ["survey", "--rules", rules, "--deals", "0..3", "--out", str(out)]
    survey = run_json(capsys, *argv, "--workers", "2", "--max-positions", "3000", "--no-progress")
    assert (survey["prefix"], survey["stored"], survey["complete"]) == ("KA1-D1N", 4, True)
    assert survey["failures"] == []


def test_the_web_table_offers_the_file_games() -> None:
    from solitaire_core.web.shapes import games_json

    keys = [game["key"] for game in games_json([EIGHT, sc.KLONDIKE])["games"]]
    assert keys[: len(sv.SHIPPED_VARIANTS)] == list(sv.SHIPPED_VARIANTS)
    assert keys[len(sv.SHIPPED_VARIANTS) :] == [sv.variant_key(EIGHT)]


# --- bad rules files ------------------------------------------------------------------------


def test_a_bad_rules_file_names_its_field_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(EXAMPLE.read_text(encoding="utf-8").replace("columns = 8", "columns = 0"))
    status, out, err = run(capsys, "deal", "--rules", str(bad))
    assert (status, out) == (2, "")
    line = EXAMPLE.read_text(encoding="utf-8").splitlines().index("columns = 8") + 1
    assert err == (
        f"solitaire-core: error: rules file {str(bad)!r}, line {line}: layout.columns: "
        "must be an int 1..30, got 0\n"
    )


def test_a_shipped_prefix_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clash = tmp_path / "clash.toml"
    clash.write_text(
        EXAMPLE.read_text(encoding="utf-8")
        .replace('code_prefix = "KA"', 'code_prefix = "YU"')
        .replace("klondike-8-any", "klondike-8-yu")
        .replace('["k8"]', "[]"),
        encoding="utf-8",
    )
    status, out, err = run(capsys, "play", "--rules", str(clash), "YU1-D1N-AAAAAAB")
    assert (status, out) == (2, "")
    assert "code_prefix: 'YU' is the deal-code prefix of the shipped game 'yukon'" in err


def test_a_missing_rules_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "deal", "--rules", str(tmp_path / "none.toml"))
    assert status == 2 and "no such file" in err


# --- games --rules ------------------------------------------------------------------------------


def test_games_prints_a_shipped_games_rules_file(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "games", "--rules", "thoughtful")
    assert status == 0
    assert out == sv.shipped_rules_text("reflechi")
    status, out, _ = run(capsys, "games", "--rules", "YU1-D0N", "--json")
    assert status == 0 and json.loads(out) == sv.variant_to_rules(sv.YUKON)


def test_games_rules_needs_a_known_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "games", "--rules", "no-such-game")
    assert (status, out) == (2, "") and "unknown game 'no-such-game'" in err
    status, out, err = run(capsys, "games", "--solvitaire")
    assert (status, out) == (2, "") and "--solvitaire needs --rules GAME" in err


def test_a_printed_file_is_a_starting_point(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, text, _ = run(capsys, "games", "--rules", "klondike")
    assert status == 0
    path = tmp_path / "mine.toml"
    path.write_text(
        text.replace('key = "klondike"', 'key = "my-klondike-nine"')
        .replace('aliases = ["klondike-draw1"]', "aliases = []")
        .replace('code_prefix = "KL"', 'code_prefix = "KN"')
        .replace("pysolfc_id = 2\n", "")
        .replace("columns = 7", "columns = 9"),
        encoding="utf-8",
    )
    document = run_json(capsys, "deal", "--rules", str(path), "--number", "1")
    assert document["code"] == "KN1-D1N-AAAAAAB"
    assert len(document["position"]["tableau"]) == 9


# --- deal GAME -----------------------------------------------------------------------------------


def test_deal_a_game_by_number_is_its_code(capsys: pytest.CaptureFixture[str]) -> None:
    by_code = run_json(capsys, "deal", "YU1-D0N-AAAAAAB")
    for name in ("yukon", "Yukon", "YU", "YU1-D0N"):
        by_name = run_json(capsys, "deal", name, "--number", "1")
        assert by_name.pop("random") is None
        assert by_name == by_code
    status, out, _ = run(capsys, "deal", "thoughtful", "--number", "6")
    assert status == 0 and out.startswith("TF1-D1N-AAAAAAG  (Réfléchi, deal 6)\n")


def test_deal_a_game_without_codes_by_number(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, "deal", "traditional-draw3", "--number", "3")
    assert document["code"] is None and document["deal_number"] == 3
    assert document["variant"] == "traditional-draw3"
    assert document["position"] == sc.position_to_json(sc.deal_position(sc.TRADITIONAL_DRAW_3, 3))
    status, out, _ = run(capsys, "deal", "traditional", "--number", "3")
    assert status == 0
    assert out.startswith("Traditional Klondike #3  (Traditional Klondike, deal 3, no deal code)\n")


def test_a_random_deal_from_a_seed_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    first = run_json(capsys, "deal", "klondike-draw3", "--seed", "42")
    again = run_json(capsys, "deal", "klondike-draw3", "--seed", "42")
    assert first == again
    assert first["random"] == {"source": "seed", "seed": 42}
    assert first["deal_number"] == SplitMix64(42).bounded(DEAL_NUMBER_LIMIT)
    status, out, _ = run(capsys, "deal", "klondike-draw3", "--seed", "42")
    assert status == 0
    number = first["deal_number"]
    assert out.startswith(f"{first['code']}  (Klondike draw 3, deal {number}, picked from seed 42)")


def test_a_random_deal_from_the_system(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, "deal", "canfield")
    assert document["random"] == {"source": "system", "seed": None}
    number = document["deal_number"]
    assert 0 <= number < DEAL_NUMBER_LIMIT
    assert run_json(capsys, "deal", "canfield", "--number", str(number))["code"] == document["code"]
    status, out, _ = run(capsys, "deal", "yukon")
    assert status == 0
    assert "picked at random by the system; --number " in out.splitlines()[0]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["deal", "yukon", "--number", "1", "--seed", "2"], "give --number (that deal) or --seed"),
        (["deal", "yukon", "--number", str(DEAL_NUMBER_LIMIT)], "--number must be 0 .. 26**7 - 1"),
        (["deal", "yukon", "--seed", str(2**64)], "--seed must be 0 <= S < 2**64"),
        (["deal", "KL1-D1N-AAAAAAG", "--number", "3"], "--number needs a GAME instead of the CODE"),
        (["deal", "no-such-game"], "nor is 'no-such-game' a game"),
        (["deal"], "a deal code or a game is needed"),
        (["deal", "--winnable", "yukon", "--number", "3"], "--number deals one deal"),
    ],
)
def test_deal_refuses_what_does_not_go_together(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert message in err and err.count("\n") == 1


def test_serve_offers_the_games_of_its_rules_files(
    rules: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    uvicorn = pytest.importorskip("uvicorn")
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from solitaire_core.cli import main

    served: list[object] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: served.append(app))
    data = tmp_path / "games.sqlite3"
    status = main(["serve", "--rules", rules, "--data", str(data), "--no-stats"])
    assert status == 0 and len(served) == 1
    with TestClient(served[0]) as client:  # type: ignore[arg-type]
        keys = [game["key"] for game in client.get("/api/variants").json()["games"]]
        assert keys[-1] == "klondike-8-any" and keys[:-1] == list(sv.SHIPPED_VARIANTS)
        created = client.post("/api/games", json={"game": "k8", "deal": 5})
        assert created.status_code == 201
