"""The web table's game store (issue 32): SQLite, versions, expiry, and files it refuses."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from solitaire_core import Game
from solitaire_core.errors import GameStoreError
from solitaire_core.statistics import GameRecord, Outcome, StatisticsBoard, StatisticsStore
from solitaire_core.variants import KLONDIKE
from solitaire_core.web.store import APPLICATION_ID, DealInfo, GameStore

DEAL = DealInfo(source="code", known=True)


def test_a_game_survives_reopening_with_its_deal_and_clock(tmp_path: Path) -> None:
    now = [10.0]
    store = GameStore(tmp_path / "games.sqlite3", time_source=lambda: now[0])
    stored = store.add(Game.from_code("KL1-D1N-AAAAAAG", time_source=lambda: now[0]), DEAL)
    stored.game.play("7f")
    now[0] = 40.0
    assert store.save(stored) and stored.version == 2
    store.close()
    reopened = GameStore(tmp_path / "games.sqlite3", time_source=lambda: 500.0)
    again = reopened.get(stored.id)
    assert again is not None
    assert again.game == stored.game and again.deal == DEAL and again.version == 2
    assert again.game.clock.elapsed == 30.0  # the time while the server was down does not count
    assert len(reopened) == 1


def test_a_save_from_an_older_version_is_refused(tmp_path: Path) -> None:
    first = GameStore(tmp_path / "games.sqlite3")
    second = GameStore(tmp_path / "games.sqlite3")
    stored = first.add(Game.from_code("KL1-D1N-AAAAAAG"), DEAL)
    other = second.get(stored.id)
    assert other is not None
    other.game.play("1f")
    assert second.save(other)
    stored.game.play("7f")  # the first process still holds version 1
    assert first.save(stored) is False
    fresh = first.get(stored.id)
    assert fresh is not None and [str(move) for move in fresh.game.moves] == ["1f"]


def test_old_games_expire_and_removed_ones_are_gone(tmp_path: Path) -> None:
    now = [1000.0]
    store = GameStore(tmp_path / "games.sqlite3", wall_clock=lambda: now[0], max_age=100.0)
    old = store.add(Game.from_code("KL1-D1N-AAAAAAG"), DEAL)
    now[0] += 60.0
    young = store.add(Game.from_code("KL1-D1N-AAAAAAB"), DEAL)
    now[0] += 60.0
    assert store.get(old.id) is None and store.get(young.id) is not None
    assert store.expire() == 1 and len(store) == 1
    assert store.remove(young.id) is True and store.remove(young.id) is False
    assert store.get(young.id) is None


def test_the_memory_holds_at_most_cache_size_games(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite3", cache_size=1)
    ids = [store.add(Game.from_code(f"KL1-D1N-AAAAAA{letter}"), DEAL).id for letter in "BCD"]
    games = [store.get(game_id) for game_id in ids]
    assert all(game is not None for game in games)
    assert games[0] is not None and str(games[0].game.code) == "KL1-D1N-AAAAAAB"


@pytest.mark.parametrize("kind", ["text", "statistics", "newer", "folder"])
def test_a_file_that_is_not_a_game_store_is_refused_and_left_as_it_was(
    tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "file"
    if kind == "text":
        path.write_text("these are my notes, not a database\n")
        reason = "not a SQLite database"
    elif kind == "statistics":
        StatisticsStore(path).record(
            GameRecord(board=StatisticsBoard.of(KLONDIKE), outcome=Outcome.WON, score=1, moves=1)
        )
        reason = "another program's database"
    elif kind == "newer":
        GameStore(path).close()
        with sqlite3.connect(path) as connection:
            connection.execute("PRAGMA user_version = 99")
        reason = "newer version"
    else:
        path.mkdir()
        reason = "not a regular file"
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(GameStoreError) as caught:
        GameStore(path)
    assert reason in caught.value.reason and caught.value.path == str(path)
    assert (path.read_bytes() if path.is_file() else None) == before


def test_a_damaged_game_is_named(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite3")
    stored = store.add(Game.from_code("KL1-D1N-AAAAAAG"), DEAL)
    with sqlite3.connect(tmp_path / "games.sqlite3") as connection:
        document = json.loads(connection.execute("SELECT document FROM games").fetchone()[0])
        document["score"] = 999
        connection.execute("UPDATE games SET document = ?, version = 2", (json.dumps(document),))
    with pytest.raises(GameStoreError, match=r"is damaged: .*checksum"):
        store.get(stored.id)


def test_the_file_says_what_it_is(tmp_path: Path) -> None:
    GameStore(tmp_path / "games.sqlite3").close()
    with sqlite3.connect(tmp_path / "games.sqlite3") as connection:
        assert connection.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_a_deal_info_names_its_source() -> None:
    with pytest.raises(ValueError, match="source must be one of"):
        DealInfo(source="magic", known=False)
    info = DealInfo(source="winnable", known=False, proven=True, grade="easy")
    assert DealInfo.from_json(info.to_json()) == info
