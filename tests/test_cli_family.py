"""The command line for every game: games, deal, play, solve, hint, and --game --position."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_runner import run, run_json
from family_reference import FamilyGame

from solitaire_core import (
    Game,
    deal_code_position,
    format_move,
    legal_moves,
    parse_deal_code,
    position_from_json,
    position_to_json,
)
from solitaire_core.variants import FAMILY_GAMES, SHIPPED_VARIANTS, Variant, code_header


def code_of(variant: Variant, deal: int = 1) -> str:
    header = code_header(variant)
    assert header is not None
    prefix, draw, letter = header
    return f"{prefix}1-D{draw}{letter}-" + "AAAAAA" + "ABCDEFGHIJ"[deal]


def test_games_lists_every_shipped_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "games", "--json")
    assert (status, err) == (0, "")
    games = json.loads(out)
    assert [game["key"] for game in games[: len(SHIPPED_VARIANTS)]] == list(SHIPPED_VARIANTS)
    by_key = {game["key"]: game for game in games}
    yukon = by_key["yukon"]
    # FAMILY.md section 2: Yukon is 7 columns, col 1: 1 up, col c: c-1 down + 5 up, no stock.
    assert yukon["code_prefix"] == "YU1-D0N"
    assert yukon["face_down"] == [0, 1, 2, 3, 4, 5, 6]
    assert yukon["face_up"] == [1, 5, 5, 5, 5, 5, 5]
    assert (yukon["stock"], yukon["draw"], yukon["takeback"]) == ("none", 0, False)
    canfield = by_key["canfield"]
    assert (canfield["reserve"], canfield["draw"], canfield["recycle_limit"]) == (13, 3, None)
    assert by_key["gargantua"]["recycle_limit"] == 1  # FAMILY.md: two passes
    assert all(game["recycles"] == game["recycle_limit"] for game in games)  # the earlier name
    assert by_key["double-klondike"]["decks"] == 2
    assert by_key["traditional"]["code_prefix"] is None
    status, out, _ = run(capsys, "games")
    assert status == 0 and len(out.splitlines()) == len(games)


@pytest.mark.parametrize("variant", FAMILY_GAMES, ids=lambda variant: variant.name)
def test_deal_play_hint_and_solve_work_for_every_game(
    variant: Variant, capsys: pytest.CaptureFixture[str]
) -> None:
    code = code_of(variant)
    prefix = code[:2]
    reference = FamilyGame.deal(prefix, 1)
    dealt = run_json(capsys, "deal", code)
    assert dealt["code"] == code and dealt["position"] == reference.snapshot()

    moves = sorted(reference.legal_moves())
    first = moves[0]
    played = run_json(capsys, "play", code, first)
    reference.play(first)
    assert played["position"] == reference.snapshot()
    assert set(played["legal_moves"]) == reference.legal_moves()
    assert played["moves_made"] == 1

    hint = run_json(capsys, "hint", code)
    if hint["move"] is not None:
        assert hint["move"] in FamilyGame.deal(prefix, 1).legal_moves()

    solved = run_json(capsys, "solve", code, "--max-positions", "300")
    assert solved["result"] in ("solved", "unwinnable", "unknown")
    assert solved["positions"] >= 1
    replay = FamilyGame.deal(prefix, 1)
    for move in solved["moves"]:
        replay.play(move)
    assert replay.is_won() == (solved["result"] == "solved")


def _write(tmp_path: Path, name: str, data: object) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_any_position_of_any_game_from_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Canfield: a reserve and a dealt base (the deal --json document is accepted whole).
    canfield = run_json(capsys, "deal", "CF1-D3N-AAAAAAB")
    path = _write(tmp_path, "canfield.json", canfield)
    start = position_from_json(canfield["position"])
    from_code = Game.from_code("CF1-D3N-AAAAAAB")
    first = format_move(from_code.variant, legal_moves(from_code.variant, start)[0])
    played = run_json(capsys, "play", "--game", "canfield", "--position", path, first)
    from_code.play(first)
    assert played["position"] == position_to_json(from_code.position)
    assert played["code"] is None and played["variant"] == "canfield"

    # A file an editor saved with a byte-order mark reads the same.
    marked = tmp_path / "canfield-bom.json"
    marked.write_text("\ufeff" + Path(path).read_text(encoding="utf-8"), encoding="utf-8")
    assert run_json(capsys, "play", "--game", "canfield", "--position", str(marked)) == (
        run_json(capsys, "play", "--game", "canfield", "--position", path)
    )

    # Double Klondike: two decks; the position alone, by code prefix, as text.
    position = deal_code_position("DK1-D1N-AAAAAAB")
    text_path = tmp_path / "dk.txt"
    text_path.write_text(position.to_text() + "\n", encoding="utf-8")
    hint = run_json(capsys, "hint", "--game", "DK1-D1N", "--position", str(text_path))
    assert hint["move"] == format_move(
        parse_deal_code("DK1-D1N-AAAAAAB").variant,
        Game.from_code("DK1-D1N-AAAAAAB").hint().move,  # type: ignore[arg-type]
    )
    solved = run_json(capsys, "solve", "--game", "double-klondike", "--position", str(text_path))
    assert solved["result"] == "solved"


def test_bad_game_or_position_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    yukon = _write(tmp_path, "yukon.json", position_to_json(deal_code_position("YU1-D0N-AAAAAAB")))
    canfield = _write(
        tmp_path, "canfield.json", position_to_json(deal_code_position("CF1-D3N-AAAAAAB"))
    )

    def without(code: str, field: str) -> str:
        data = position_to_json(deal_code_position(code))
        del data[field]
        return _write(tmp_path, f"{code}-{field}.json", data)

    cases = [
        (["play", "--game", "no-such-game", "--position", yukon], "unknown game 'no-such-game'"),
        (["play", "--game", "yukon"], "--game and --position go together"),
        (["play", "--game", "klondike", "--position", canfield], "does not fit Klondike"),
        (["play", "--game", "yukon", "--position", canfield], "does not fit Yukon"),
        (["solve", "--game", "yukon", "--position", str(tmp_path / "none.json")], "cannot read"),
        (["hint", "--game", "yukon", "--position", _write(tmp_path, "bad.json", {"x": 1})],
         "missing"),
        (["play", "--game", "yukon", "--position", yukon, "9f"], "not a column 1..7"),
        (["play", "YU1-D0N-AAAAAAB", "--game", "yukon", "--position", yukon],
         "give a deal code or --game NAME --position FILE, not both"),
        (["play", "--game", "double-klondike", "--position",
          without("DK1-D1N-AAAAAAB", "foundation_piles")],
         'Double Klondike plays with 2 decks: the position needs "foundation_piles"'),
        (["play", "--game", "canfield", "--position", without("CF1-D3N-AAAAAAB", "base")],
         'Canfield\'s foundations start from a dealt card: the position needs "base"'),
        (["play", "--game", "yukon", "--position", _write(tmp_path, "list.json", [1, 2])],
         "a position is a JSON object"),
    ]  # fmt: skip
    for argv, message in cases:
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == "", argv
        assert message in err, (argv, err)
