"""The ``play`` and ``load`` commands: scores in the JSON output, ``--save``, ``load``.

Scores are worked by hand from RULES.md section 7 on deal 6 (``AAAAAAG``): ``AD``
alone in column 1, ``AH`` on column 7 over 6 face-down cards, ``9D`` (column 5,
over face-down cards) fits ``TC`` (column 4).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run, run_json

from solitaire_core import Game, load_game

WINNING_GAMES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "winning_games.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize(
    ("code", "moves", "score", "score_text"),
    [
        ("KL1-D1N-AAAAAAG", [], 0, "0"),
        # 1f +10; 7f +10 +5 flip; 54 0 +5 flip
        ("KL1-D1N-AAAAAAG", ["1f", "7f", "54"], 30, "30"),
        # the same, then undo 54: 25
        ("KL1-D1N-AAAAAAG", ["1f", "7f", "54", "u"], 25, "25"),
        # Vegas: -52 ante, +5 per card home
        ("KL1-D1V-AAAAAAG", [], -52, "-$52"),
        ("KL1-D1V-AAAAAAG", ["1f", "7f", "54", "d"], -42, "-$42"),
        # Réfléchi: no flips
        ("TF1-D1N-AAAAAAG", ["1f", "7f", "54"], 20, "20"),
    ],
)
def test_play_json_score(
    capsys: pytest.CaptureFixture[str], code: str, moves: list[str], score: int, score_text: str
) -> None:
    document = run_json(capsys, "play", code, *moves)
    assert type(document["score"]) is int
    assert (document["score"], document["score_text"]) == (score, score_text)
    assert document["moves_made"] == len([m for m in moves if m != "u"])
    assert document["won"] is False


def test_play_json_of_a_won_vegas_game(capsys: pytest.CaptureFixture[str]) -> None:
    record = next(r for r in WINNING_GAMES if r["code"].startswith("KL1-D1V"))
    document = run_json(capsys, "play", record["code"], *record["moves"])
    assert document["won"] is True
    assert document["legal_moves"] == []
    assert (document["score"], document["score_text"]) == (208, "+$208")  # -52 + 52 x 5


def test_play_save_then_load(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    moves = ["1f", "7f", "54", "d", "d", "u", "d"]
    status, played, err = run(
        capsys, "play", "KL1-D1V-AAAAAAG", *moves, "--json", "--save", str(path)
    )
    assert (status, err) == (0, "")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    status, loaded, err = run(capsys, "load", str(path), "--json")
    assert (status, err) == (0, "")
    assert loaded == played
    assert json.loads(loaded)["score_text"] == "-$42"

    expected = Game.from_code("KL1-D1V-AAAAAAG")
    for text in moves:
        if text == "u":
            expected.undo()
        else:
            expected.play(text)  # the game resolves "54" (api-changes.md)
    assert load_game(path) == expected

    # the text forms agree as well
    _, played_text, _ = run(capsys, "play", "KL1-D1V-AAAAAAG", *moves)
    _, loaded_text, _ = run(capsys, "load", str(path))
    assert loaded_text == played_text
    assert "-$42" in loaded_text


def test_play_refused_move_saves_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    status, out, _ = run(capsys, "play", "KL1-D1N-AAAAAAG", "1f", "w3", "--save", str(path))
    assert status == 1
    assert "EMPTY_SOURCE" in out
    assert not path.exists()


def test_play_save_into_a_missing_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "missing" / "game.json"
    status, out, err = run(capsys, "play", "KL1-D1N-AAAAAAG", "1f", "--save", str(path))
    assert status == 2
    assert out == ""
    assert "cannot save" in err


def test_play_save_onto_a_folder_says_it_cannot_save(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err = run(capsys, "play", "KL1-D1N-AAAAAAG", "7f", "--save", str(tmp_path))
    assert status == 2 and out == ""
    assert f"cannot save to {tmp_path}: refusing to replace" in err
    assert "load" not in err


def damaged_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, bytes]:
    path = tmp_path / "game.json"
    assert run(capsys, "play", "KL1-D1N-AAAAAAG", "1f", "7f", "--save", str(path))[0] == 0
    return path, path.read_bytes()


@pytest.mark.parametrize("damage", ["score", "truncated", "byte", "not json", "empty"])
def test_load_damaged_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, damage: str) -> None:
    path, data = damaged_save(tmp_path, capsys)
    if damage == "score":
        path.write_bytes(data.replace(b'"score": 25', b'"score": 625'))
    elif damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "byte":
        index = data.index(b'"moves_made": 2') + len(b'"moves_made": ')
        path.write_bytes(data[:index] + b"3" + data[index + 1 :])
    elif damage == "not json":
        path.write_text("this is not a save\n", encoding="utf-8")
    else:
        path.write_bytes(b"")
    for argv in (["load", str(path), "--json"], ["load", str(path)]):
        status, out, err = run(capsys, *argv)
        assert status == 2
        assert out == ""
        assert err.startswith("solitaire-core: error: cannot load save")
        assert str(path) in err
        assert err.endswith("\n") and err.count("\n") == 1  # one clear line, no traceback


def test_load_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "nothing.json"
    status, out, err = run(capsys, "load", str(path), "--json")
    assert (status, out) == (2, "")
    assert "cannot read the file" in err and str(path) in err
