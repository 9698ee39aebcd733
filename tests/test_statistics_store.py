"""The statistics database under stress: two writers at once, bad files, locks, migrations.

What issue 16 asks: two processes recording 200 games each at once end with
exact counts; a damaged database file is refused clearly and never
overwritten. Every refused file is compared byte for byte (and the folder
listed, so no journal is left beside it) before and after.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from statistics_support import (
    BOARDS,
    numbered_record,
    reference_boards,
    write_games,
)

from solitaire_core.errors import InvalidArgumentError, SolitaireError
from solitaire_core.limits import MAX_SECONDS
from solitaire_core.statistics import (
    SCHEMA_VERSION,
    GameRecord,
    Outcome,
    StatisticsBoard,
    StatisticsError,
    StatisticsStore,
    default_database_path,
    schema,
)
from solitaire_core.variants import lookup_variant

GAME = GameRecord(board=BOARDS[0], outcome=Outcome.WON, score=640, moves=118, seconds=200.0)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def version_of(path: Path) -> int:
    with sqlite3.connect(path) as connection:
        version: int = connection.execute("PRAGMA user_version").fetchone()[0]
    connection.close()
    return version


def full_database(path: Path, games: int = 300) -> list[GameRecord]:
    records = [numbered_record(1, index) for index in range(games)]
    StatisticsStore(path).record_all(records)
    return records


# --- two writers at once --------------------------------------------------------------------


def test_two_processes_recording_200_games_each(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(2)
    writers = [
        context.Process(target=write_games, args=(str(path), process, 200, start))
        for process in (1, 2)
    ]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(timeout=300)
    assert [writer.exitcode for writer in writers] == [0, 0]

    store = StatisticsStore(path)
    games = store.games()
    assert len(games) == 400
    for process in (1, 2):  # every game of each writer, once, in the writer's order
        mine = [game for game in games if game.code is not None and game.code[1] == str(process)]
        assert mine == [numbered_record(process, index) for index in range(200)]
    # The counts are exact, and the figures are those of the games in the order they landed.
    assert sum(board.played for board in store.all_boards()) == 400
    klondike = store.board_statistics(BOARDS[0])
    assert klondike.unassisted.played + klondike.assisted.played == 200
    assert klondike.unassisted.won + klondike.assisted.won == 200  # even indexes: all wins
    assert [board.to_json() for board in store.all_boards()] == reference_boards(list(games))


# --- bad files ------------------------------------------------------------------------------


def random_bytes(path: Path) -> None:
    path.write_bytes(random.Random(16).randbytes(10_000))


def text_file(path: Path) -> None:
    path.write_text("played,won\n12,7\n", encoding="utf-8")


def truncated(path: Path) -> None:
    full_database(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def page_overwritten(path: Path) -> None:
    full_database(path)
    data = bytearray(path.read_bytes())
    page = 4096
    data[page : 2 * page] = random.Random(3).randbytes(page)  # page 2: the games table's root
    path.write_bytes(bytes(data))


def header_only(path: Path) -> None:
    path.write_bytes(b"SQLite format 3\x00" + random.Random(5).randbytes(3000))


def another_programs_database(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)")
        connection.execute("INSERT INTO moz_places (url) VALUES ('https://example.org')")
    connection.close()


def another_application_id(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA application_id = 1234")
        connection.execute("CREATE TABLE games (id INTEGER)")
    connection.close()


def newer_schema(path: Path) -> None:
    full_database(path, games=3)
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.close()


def games_table_missing(path: Path) -> None:
    full_database(path, games=3)
    with sqlite3.connect(path) as connection:
        connection.execute("DROP TABLE games")
    connection.close()


def one_byte(path: Path) -> None:
    """SQLite would take a file shorter than its header for an empty database."""
    path.write_bytes(b"x")


def a_newline(path: Path) -> None:
    path.write_bytes(b"\n")


BAD_FILES: dict[str, tuple[Callable[[Path], None], str]] = {
    "random bytes": (random_bytes, "not a SQLite database"),
    "one byte": (one_byte, "not a SQLite database"),
    "a newline": (a_newline, "not a SQLite database"),
    "a text file": (text_file, "not a SQLite database"),
    "truncated": (truncated, "the database is damaged"),
    "a page overwritten": (page_overwritten, "the database is damaged"),
    "a header and noise": (header_only, "the database is damaged: its header is not valid"),
    "another program's database": (another_programs_database, "not a solitaire-core"),
    "another application id": (another_application_id, "application id 0x4d2"),
    "a newer schema": (newer_schema, f"schema version {SCHEMA_VERSION + 1}, newer"),
    "no games table": (games_table_missing, "without its games table"),
}


@pytest.mark.parametrize("name", BAD_FILES)
def test_a_bad_file_is_refused_and_never_written(name: str, tmp_path: Path) -> None:
    make, reason = BAD_FILES[name]
    path = tmp_path / "statistics.sqlite3"
    make(path)
    before = snapshot(tmp_path)
    store = StatisticsStore(path)
    actions: list[Callable[[], object]] = [
        lambda: store.record(GAME),
        lambda: store.record_all([GAME, GAME]),
        store.all_boards,
        lambda: store.board_statistics(BOARDS[0]),
        store.games,
    ]
    for action in actions:
        with pytest.raises(StatisticsError) as caught:
            action()
        assert reason in caught.value.reason
        assert caught.value.path == str(path)
        assert str(caught.value).startswith(f"cannot use the statistics database {str(path)!r}: ")
        assert snapshot(tmp_path) == before


def test_statistics_error_is_a_solitaire_error() -> None:
    error = StatisticsError("stats.db", "not a SQLite database")
    assert isinstance(error, SolitaireError)
    assert str(error) == "cannot use the statistics database 'stats.db': not a SQLite database"


def test_a_folder_is_not_a_database(tmp_path: Path) -> None:
    store = StatisticsStore(tmp_path)
    for action in (lambda: store.record(GAME), store.all_boards):
        with pytest.raises(StatisticsError, match="not a regular file"):
            action()


def test_a_folder_that_cannot_be_made(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    store = StatisticsStore(tmp_path / "file" / "statistics.sqlite3")
    with pytest.raises(StatisticsError, match="cannot create the folder"):
        store.record(GAME)
    assert store.all_boards() == ()


def test_an_empty_file_is_an_empty_database(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    path.write_bytes(b"")
    store = StatisticsStore(path)
    assert store.all_boards() == ()
    assert path.read_bytes() == b""  # reading wrote nothing
    store.record(GAME)
    assert store.games() == (GAME,)
    assert version_of(path) == SCHEMA_VERSION


# --- locks ----------------------------------------------------------------------------------


def test_a_locked_database_fails_after_the_timeout_and_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    records = full_database(path, games=10)
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        store = StatisticsStore(path, timeout=0.05)
        for action in (lambda: store.record(GAME), store.all_boards, store.games):
            with pytest.raises(StatisticsError) as caught:
                action()
            assert caught.value.reason == (
                "the database is locked by another program (waited 0.05 seconds)"
            )
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    store.record(GAME)
    assert store.games() == (*records, GAME)


def test_a_writer_waits_while_another_holds_the_lock(tmp_path: Path) -> None:
    """Released within the timeout, a lock only delays the writer (no clock in the test)."""
    path = tmp_path / "statistics.sqlite3"
    store = StatisticsStore(path, timeout=60)
    store.record(GAME)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    ready = threading.Event()
    failures: list[BaseException] = []

    def write() -> None:
        ready.set()
        try:
            store.record(GAME)
        except BaseException as error:  # reported by the main thread
            failures.append(error)

    writer = threading.Thread(target=write)
    writer.start()
    ready.wait()
    holder.execute("ROLLBACK")
    holder.close()
    writer.join()
    assert failures == []
    assert store.games() == (GAME, GAME)


# --- migrations -----------------------------------------------------------------------------

VERSION_1 = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL, draw INTEGER NOT NULL CHECK (draw >= 0), scoring TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost', 'resigned')),
    score INTEGER NOT NULL, score_text TEXT NOT NULL,
    seconds REAL CHECK (seconds IS NULL OR seconds >= 0),
    moves INTEGER NOT NULL CHECK (moves >= 0),
    assisted INTEGER NOT NULL CHECK (assisted IN (0, 1)),
    code TEXT, finished_at TEXT
);
PRAGMA application_id = 1396921172;
PRAGMA user_version = 1;
INSERT INTO games (game, draw, scoring, outcome, score, score_text, seconds, moves, assisted,
                   code, finished_at)
VALUES ('klondike', 1, 'standard', 'won', 640, '640', 200.5, 118, 0, 'KL1-D1N-AAAAAAG',
        '2024-05-01T12:00:00+00:00'),
       ('klondike', 1, 'standard', 'lost', 35, '35', NULL, 40, 0, NULL, NULL),
       ('klondike', 3, 'standard', 'resigned', 10, '10', 15.0, 9, 1, NULL, NULL);
"""
"""A version-1 database as the docs describe it (schema.py), written by hand."""


def version_1_database(path: Path) -> None:
    connection = sqlite3.connect(path)
    connection.executescript(VERSION_1)
    connection.close()


def index_names(path: Path) -> list[str]:
    connection = sqlite3.connect(path)
    names = [
        row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'index'")
    ]
    connection.close()
    return names


def test_application_id_is_the_documented_one() -> None:
    assert schema.APPLICATION_ID == int.from_bytes(b"SCST", "big") == 1396921172


def test_a_version_1_database_is_read_as_is_and_migrated_by_the_next_write(
    tmp_path: Path,
) -> None:
    path = tmp_path / "statistics.sqlite3"
    version_1_database(path)
    before = path.read_bytes()
    store = StatisticsStore(path)
    old = store.games()
    assert [game.outcome for game in old] == [Outcome.WON, Outcome.LOST, Outcome.RESIGNED]
    assert old[0].finished_at is not None and old[0].finished_at.tzinfo is not None
    figures = store.board_statistics(StatisticsBoard("klondike", 1, "standard")).unassisted
    assert (figures.played, figures.won, figures.best_score, figures.fastest_win) == (
        2,
        1,
        640,
        200.5,
    )
    assert path.read_bytes() == before  # reading never migrates
    assert version_of(path) == 1

    store.record(GAME)
    assert version_of(path) == SCHEMA_VERSION == 2
    assert "games_by_board" in index_names(path)
    assert store.games() == (*old, GAME)


def test_migrations_and_the_game_land_together_or_not_at_all(tmp_path: Path) -> None:
    # A version-1 database whose games table refuses every insert (a trigger): the
    # migration to version 2 succeeds, then the game fails, and neither lands.
    path = tmp_path / "statistics.sqlite3"
    version_1_database(path)
    with sqlite3.connect(path) as connection:
        connection.execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON games BEGIN SELECT RAISE(ABORT, 'refused'); END"
        )
    connection.close()
    before = snapshot(tmp_path)
    with pytest.raises(StatisticsError, match="refused"):
        StatisticsStore(path).record(GAME)
    assert snapshot(tmp_path) == before  # neither version 2 nor the game
    assert version_of(path) == 1
    assert "games_by_board" not in index_names(path)
    with sqlite3.connect(path) as connection:
        connection.execute("DROP TRIGGER refuse")
    connection.close()
    StatisticsStore(path).record(GAME)
    assert version_of(path) == SCHEMA_VERSION
    assert len(StatisticsStore(path).games()) == 3 + 1


def test_a_failed_migration_records_no_game(tmp_path: Path) -> None:
    # A version-1 database already holding a table named like version 2's index: the
    # migration fails, and the game is not recorded without it.
    path = tmp_path / "statistics.sqlite3"
    version_1_database(path)
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE games_by_board (x)")
    connection.close()
    before = snapshot(tmp_path)
    with pytest.raises(StatisticsError, match="games_by_board"):
        StatisticsStore(path).record(GAME)
    assert snapshot(tmp_path) == before
    with sqlite3.connect(path) as connection:
        connection.execute("DROP TABLE games_by_board")
    connection.close()
    StatisticsStore(path).record(GAME)
    assert version_of(path) == SCHEMA_VERSION
    assert len(StatisticsStore(path).games()) == 3 + 1


def test_a_new_database_gets_every_migration(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    StatisticsStore(path).record(GAME)
    assert version_of(path) == SCHEMA_VERSION
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA application_id").fetchone() == (schema.APPLICATION_ID,)
    columns = tuple(row[1] for row in connection.execute("PRAGMA table_info(games)"))
    connection.close()
    assert columns == schema.GAMES_COLUMNS
    assert "games_by_board" in index_names(path)


# --- default location -----------------------------------------------------------------------


def test_default_database_path() -> None:
    assert default_database_path({"SOLITAIRE_CORE_STATS": "/x/s.db", "XDG_DATA_HOME": "/d"}) == (
        Path("/x/s.db")
    )
    assert default_database_path({"SOLITAIRE_CORE_STATS": "", "XDG_DATA_HOME": "/d"}) == Path(
        "/d/solitaire-core/statistics.sqlite3"
    )
    assert default_database_path({"XDG_DATA_HOME": "", "HOME": "/home/ann"}) == Path(
        "/home/ann/.local/share/solitaire-core/statistics.sqlite3"
    )


def test_default_database_path_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLITAIRE_CORE_STATS", os.path.join("somewhere", "mine.sqlite3"))
    assert default_database_path() == Path("somewhere", "mine.sqlite3")


def test_an_old_sqlite_is_named(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    full_database(path, games=3)
    old = StatisticsStore(path, sqlite_version=(3, 24, 0))
    with pytest.raises(StatisticsError, match=r"SQLite 3\.24\.0 is too old"):
        old.all_boards()
    with pytest.raises(StatisticsError, match=r"SQLite 3\.24\.0 is too old"):
        old.board_statistics(BOARDS[0])
    old.record(GAME)  # records and plain reads need no window functions
    assert len(old.games()) == 4
    assert StatisticsStore(path, sqlite_version=(3, 25, 0)).all_boards()  # the first with them


# --- what a row may hold (issue 35) ----------------------------------------------------------


@pytest.mark.parametrize("field", ["game", "scoring", "score_text", "code"])
def test_text_that_cannot_be_stored_is_refused_before_the_file_is_touched(
    tmp_path: Path, field: str
) -> None:
    # Finding 6: a lone surrogate reached SQLite and raised a raw UnicodeEncodeError.
    path = tmp_path / "statistics.sqlite3"
    store = StatisticsStore(path)
    store.record(GAME)
    before = snapshot(tmp_path)
    lone = "klondike\ud800"
    with pytest.raises(InvalidArgumentError, match="lone surrogate") as caught:
        if field == "game":
            StatisticsBoard(lone, 1, "standard")
        elif field == "scoring":
            StatisticsBoard("klondike", 1, lone)
        elif field == "score_text":
            GameRecord(board=BOARDS[0], outcome=Outcome.WON, score=1, moves=1, score_text=lone)
        else:
            GameRecord(board=BOARDS[0], outcome=Outcome.WON, score=1, moves=1, code=lone)
    assert isinstance(caught.value, ValueError)
    assert snapshot(tmp_path) == before
    assert store.games() == (GAME,)


@pytest.mark.parametrize(
    ("field", "value"),
    [("seconds", 1e300), ("seconds", float("inf")), ("moves", 2**63), ("score", -(2**63) - 1)],
)
def test_counts_a_row_cannot_hold_are_refused(field: str, value: float) -> None:
    changes: dict[str, object] = {"score": 1, "moves": 1, field: value}
    with pytest.raises(InvalidArgumentError, match=field):
        GameRecord(board=BOARDS[0], outcome=Outcome.WON, **changes)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="draw"):
        StatisticsBoard("klondike", 2**63, "standard")
    assert GameRecord(board=BOARDS[0], outcome=Outcome.WON, score=-(2**63), moves=2**63 - 1,
                      seconds=MAX_SECONDS).seconds == MAX_SECONDS  # fmt: skip


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="symbolic links")
def test_a_loop_of_symbolic_links_is_refused_not_read_as_no_games(tmp_path: Path) -> None:
    # Finding 9: `stats --db LOOP` said "no games recorded".
    loop = tmp_path / "statistics.sqlite3"
    loop.symlink_to(loop)
    store = StatisticsStore(loop)
    for call in (store.all_boards, store.games, lambda: store.record(GAME)):
        with pytest.raises(StatisticsError, match="symbolic links"):
            call()
    assert loop.is_symlink() and os.readlink(loop) == str(loop)


# The boards of a database written before the scoring policies declared their names (issue 31):
# the names an earlier version derived from each policy's class ("vegas" for a Vegas variant,
# else the class name without "Scoring", in lower-case words joined by "-"), written here by hand.
EARLIER_SCORING_NAMES = {
    "klondike": "standard",
    "klondike-draw3": "standard",
    "klondike-vegas": "vegas",
    "klondike-vegas-draw3": "vegas",
    "reflechi": "standard",
    "reflechi-draw3": "standard",
    "traditional": "standard",
    "traditional-draw3": "standard",
    "rule-card": "rule-card",
    "rule-card-draw3": "rule-card",
}


@pytest.mark.parametrize(("key", "scoring"), EARLIER_SCORING_NAMES.items())
def test_games_recorded_before_the_policies_named_themselves_keep_their_board(
    key: str, scoring: str, tmp_path: Path
) -> None:
    path = tmp_path / "statistics.sqlite3"
    version_1_database(path)
    variant = lookup_variant(key)
    connection = sqlite3.connect(path)
    with connection:
        connection.execute(
            "INSERT INTO games (game, draw, scoring, outcome, score, score_text, seconds, moves,"
            " assisted, code, finished_at) VALUES (?, ?, ?, 'won', 1, '1', NULL, 100, 0, NULL,"
            " NULL)",
            (key, variant.draw_count, scoring),
        )
    connection.close()
    board = StatisticsBoard.of(variant)
    assert (board.game, board.scoring) == (key, scoring)
    figures = StatisticsStore(path).board_statistics(board).unassisted
    # klondike draw 1 also has the two games of the version-1 rows (one won)
    assert (figures.played, figures.won) == ((3, 2) if key == "klondike" else (1, 1))
