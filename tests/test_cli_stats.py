"""The ``solitaire-core stats`` command (cli/_stats.py): the figures an app recorded, per board.

Contract tested here (the cli package's module docs, docs/cli.md):

* ``stats --json`` prints ``{"database": PATH, "boards": [...]}``, each board
  ``{"game", "draw", "scoring", "unassisted": {...}, "assisted": {...}}`` with
  the figures of tests/statistics_support.py's reference, boards ordered by
  game, draw and scoring;
* the database is ``--db``, else ``$SOLITAIRE_CORE_STATS``, else
  ``$XDG_DATA_HOME/solitaire-core/statistics.sqlite3`` (``~/.local/share``
  when unset); a missing file shows no boards and is not created;
* ``--board GAME`` shows one board (a key, a code header or a name; zero
  figures when nothing was recorded), or the recorded boards of an
  unregistered game's name;
* a damaged, foreign or locked database (waited for ``--timeout`` seconds):
  exit status 2, the error on stderr, nothing on stdout, the file unchanged;
  a ``--timeout`` that is not seconds > 0 is bad input.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run, run_json
from statistics_support import reference_board, reference_boards

from solitaire_core.statistics import GameRecord, Outcome, StatisticsBoard, StatisticsStore

KLONDIKE = StatisticsBoard("klondike", 1, "standard")
DRAW_3 = StatisticsBoard("klondike-draw3", 3, "standard")
VEGAS = StatisticsBoard("klondike-vegas", 1, "vegas")
HOUSE = StatisticsBoard("House rules", 3, "house")

RECORDS = [
    GameRecord(board=KLONDIKE, outcome=Outcome.WON, score=640, moves=118, seconds=245.4),
    GameRecord(board=KLONDIKE, outcome=Outcome.LOST, score=35, moves=40),
    GameRecord(
        board=KLONDIKE, outcome=Outcome.WON, score=655, moves=131, seconds=3725, assisted=True
    ),
    GameRecord(board=DRAW_3, outcome=Outcome.WON, score=700, moves=160, seconds=400.0),
    GameRecord(board=DRAW_3, outcome=Outcome.WON, score=690, moves=150, seconds=380.0),
    GameRecord(board=VEGAS, outcome=Outcome.RESIGNED, score=-17, score_text="-$17", moves=60),
    GameRecord(board=HOUSE, outcome=Outcome.LOST, score=5, moves=3),
]


@pytest.fixture
def database(tmp_path: Path) -> Path:
    path = tmp_path / "statistics.sqlite3"
    StatisticsStore(path).record_all(RECORDS)
    return path


@pytest.fixture(autouse=True)
def no_default_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the default location into the test's folder: never the tester's own statistics."""
    home = tmp_path / "home"
    monkeypatch.delenv("SOLITAIRE_CORE_STATS", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(home))
    return home


def test_json_of_every_board(capsys: pytest.CaptureFixture[str], database: Path) -> None:
    document = run_json(capsys, "stats", "--db", str(database))
    assert document == {"database": str(database), "boards": reference_boards(RECORDS)}
    assert [board["game"] for board in document["boards"]] == [
        "House rules",
        "klondike",
        "klondike-draw3",
        "klondike-vegas",
    ]


def test_text_of_every_board(capsys: pytest.CaptureFixture[str], database: Path) -> None:
    status, out, err = run(capsys, "stats", "--db", str(database))
    assert (status, err) == (0, "")
    # Worked out from RECORDS: 245.4 s shows as 4:05, 3725 s as 1:02:05, 380 s as 6:20.
    assert out.splitlines() == [
        "House rules, draw 3, house scoring",
        "  unassisted: 1 played, 0 won (0.0%), 1 lost, 0 resigned; streak 0, best streak 0; "
        "best score 5",
        "  assisted:   no games",
        "",
        "klondike, draw 1, standard scoring",
        "  unassisted: 2 played, 1 won (50.0%), 1 lost, 0 resigned; streak 0, best streak 1; "
        "best score 640; fastest win 4:05; fewest moves 118",
        "  assisted:   1 played, 1 won (100.0%), 0 lost, 0 resigned; streak 1, best streak 1; "
        "best score 655; fastest win 1:02:05; fewest moves 131",
        "",
        "klondike-draw3, draw 3, standard scoring",
        "  unassisted: 2 played, 2 won (100.0%), 0 lost, 0 resigned; streak 2, best streak 2; "
        "best score 700; fastest win 6:20; fewest moves 150",
        "  assisted:   no games",
        "",
        "klondike-vegas, draw 1, vegas scoring",
        "  unassisted: 1 played, 0 won (0.0%), 0 lost, 1 resigned; streak 0, best streak 0; "
        "best score -$17",
        "  assisted:   no games",
    ]


@pytest.mark.parametrize(
    ("name", "board"),
    [
        ("klondike-draw3", DRAW_3),
        ("KL1-D3N", DRAW_3),
        ("Klondike draw 3", DRAW_3),
        ("kl1-d1v", VEGAS),
        ("klondike", KLONDIKE),
    ],
)
def test_one_board(
    capsys: pytest.CaptureFixture[str], database: Path, name: str, board: StatisticsBoard
) -> None:
    document = run_json(capsys, "stats", "--db", str(database), "--board", name)
    assert document["boards"] == [reference_board(RECORDS, board)]


def test_a_board_without_games_shows_zeros(
    capsys: pytest.CaptureFixture[str], database: Path
) -> None:
    document = run_json(capsys, "stats", "--db", str(database), "--board", "yukon")
    assert document["boards"] == [reference_board([], StatisticsBoard("yukon", 0, "standard"))]
    assert document["boards"][0]["unassisted"]["played"] == 0


def test_an_unregistered_game_recorded_by_name(
    capsys: pytest.CaptureFixture[str], database: Path
) -> None:
    document = run_json(capsys, "stats", "--db", str(database), "--board", "House rules")
    assert document["boards"] == [reference_board(RECORDS, HOUSE)]


def test_an_unknown_game(capsys: pytest.CaptureFixture[str], database: Path) -> None:
    status, out, err = run(capsys, "stats", "--db", str(database), "--board", "nope")
    assert (status, out) == (2, "")
    assert err.startswith("solitaire-core: error: unknown game 'nope'")
    assert err.rstrip().endswith(f"nor is it a game recorded in {database}")


def test_a_missing_database_is_empty_and_not_created(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "nowhere" / "statistics.sqlite3"
    assert run_json(capsys, "stats", "--db", str(path)) == {"database": str(path), "boards": []}
    assert run(capsys, "stats", "--db", str(path)) == (0, f"no games recorded in {path}\n", "")
    assert not (tmp_path / "nowhere").exists()


def test_default_location_from_the_environment(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    database: Path,
    no_default_database: Path,
    tmp_path: Path,
) -> None:
    expected: dict[str, Any] = {"database": "", "boards": []}
    default = no_default_database / ".local" / "share" / "solitaire-core" / "statistics.sqlite3"
    assert run_json(capsys, "stats") == expected | {"database": str(default)}
    assert not no_default_database.exists()

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    xdg = tmp_path / "data" / "solitaire-core" / "statistics.sqlite3"
    assert run_json(capsys, "stats") == expected | {"database": str(xdg)}
    assert not (tmp_path / "data").exists()

    monkeypatch.setenv("SOLITAIRE_CORE_STATS", str(database))
    assert run_json(capsys, "stats") == {
        "database": str(database),
        "boards": reference_boards(RECORDS),
    }
    other = tmp_path / "other.sqlite3"
    assert run_json(capsys, "stats", "--db", str(other)) == expected | {"database": str(other)}


def test_db_needs_a_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "stats", "--db", "") == (
        2,
        "",
        "solitaire-core: error: --db needs a file name\n",
    )


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_a_damaged_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, json_flag: list[str]
) -> None:
    path = tmp_path / "statistics.sqlite3"
    path.write_text("not a database\n", encoding="utf-8")
    status, out, err = run(capsys, "stats", "--db", str(path), *json_flag)
    assert (status, out) == (2, "")
    assert err == (
        f"solitaire-core: error: cannot use the statistics database {str(path)!r}: "
        "not a SQLite database\n"
    )
    assert path.read_text(encoding="utf-8") == "not a database\n"


def test_a_locked_database(capsys: pytest.CaptureFixture[str], database: Path) -> None:
    holder = sqlite3.connect(database, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        status, out, err = run(
            capsys, "stats", "--db", str(database), "--timeout", "0.05", "--json"
        )
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert (status, out) == (2, "")
    assert err.rstrip().endswith("the database is locked by another program (waited 0.05 seconds)")
    assert run_json(capsys, "stats", "--db", str(database))["boards"] == reference_boards(RECORDS)


@pytest.mark.parametrize("seconds", ["0", "-1", "nan", "inf"])
def test_timeout_must_be_positive_seconds(
    capsys: pytest.CaptureFixture[str], database: Path, seconds: str
) -> None:
    assert run(capsys, "stats", "--db", str(database), "--timeout", seconds) == (
        2,
        "",
        f"solitaire-core: error: --timeout must be seconds > 0, got {float(seconds)}\n",
    )
