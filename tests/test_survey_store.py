"""The survey file: settings, rows, resume rules, and the files it refuses (left untouched)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from solitaire_core import SolveStatus, SurveyError
from solitaire_core.statistics import GameRecord, Outcome, StatisticsBoard, StatisticsStore
from solitaire_core.survey import DealRow, Grade, SurveySettings, SurveyStore
from solitaire_core.survey.store import APPLICATION_ID, SCHEMA_VERSION

SETTINGS = SurveySettings(max_positions=2_000)


def row(deal: int, status: SolveStatus = SolveStatus.SOLVED) -> DealRow:
    return DealRow(
        prefix="KL1-D3N",
        deal=deal,
        code=f"KL1-D3N-AAAAAA{chr(65 + deal)}",
        status=status,
        positions=100 + deal,
        moves=150 if status is SolveStatus.SOLVED else 0,
        decided_by="probe" if status is not SolveStatus.UNKNOWN else None,
        seconds=0.25,
        grade={"solved": Grade.EASY, "unwinnable": Grade.UNWINNABLE, "unknown": Grade.UNKNOWN}[
            status.value
        ],
    )


def test_rows_and_settings_round_trip(tmp_path: Path) -> None:
    store = SurveyStore(tmp_path / "survey.sqlite3")
    assert (store.settings(), store.rows()) == (None, ())
    assert not store.path.exists()  # reading creates nothing
    rows = [row(2, SolveStatus.UNKNOWN), row(0), row(1, SolveStatus.UNWINNABLE)]
    with store.writing(SurveySettings(max_positions=2_000, time_limit=1.5)) as writer:
        for item in rows:
            writer.add(item)
    assert store.rows() == tuple(sorted(rows, key=lambda item: item.deal))
    assert store.settings() == SurveySettings(max_positions=2_000, time_limit=1.5)
    with sqlite3.connect(store.path) as connection:
        assert connection.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
        assert connection.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)


def test_a_file_with_deals_needs_resume_and_the_same_settings(tmp_path: Path) -> None:
    store = SurveyStore(tmp_path / "survey.sqlite3")
    with store.writing(SETTINGS) as writer:
        writer.add(row(0))
    with (
        pytest.raises(SurveyError, match="holds 1 deal already: add --resume"),
        store.writing(SETTINGS),
    ):
        pass
    other = SurveySettings(max_positions=3_000, time_limit=2.0)
    with pytest.raises(SurveyError) as caught, store.writing(other, resume=True):
        pass
    assert "--max-positions 2000, not 3000" in caught.value.reason
    assert "--time-limit none, not 2" in caught.value.reason
    with store.writing(SETTINGS, resume=True) as writer:
        writer.add(row(1))
        with pytest.raises(SurveyError, match="KL1-D3N-AAAAAAB is in the file already"):
            writer.add(row(1))
    assert [item.deal for item in store.rows()] == [0, 1]


def test_resuming_waits_for_readers_only_to_store_a_deal(tmp_path: Path) -> None:
    # A program reading the file (a report, say) holds a read transaction: a resumed run
    # starts beside it, since its start changes nothing, and waits to commit a deal.
    path = tmp_path / "survey.sqlite3"
    with SurveyStore(path).writing(SETTINGS) as writer:
        writer.add(row(0))
    before = path.read_bytes()
    reader = sqlite3.connect(path, isolation_level=None)
    try:
        reader.execute("BEGIN")
        reader.execute("SELECT COUNT(*) FROM deals").fetchone()
        store = SurveyStore(path, timeout=0.05)
        with store.writing(SETTINGS, resume=True) as writer:
            assert path.read_bytes() == before
            with pytest.raises(SurveyError, match="locked by another program"):
                writer.add(row(1))
    finally:
        reader.close()
    assert [item.deal for item in SurveyStore(path).rows()] == [0]


def refused(path: Path, match: str) -> None:
    before = path.read_bytes()
    store = SurveyStore(path)
    for call in (store.rows, store.settings):
        with pytest.raises(SurveyError, match=match):
            call()
    with pytest.raises(SurveyError, match=match), store.writing(SETTINGS, resume=True):
        pass
    assert path.read_bytes() == before


def test_a_text_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_text("deal,verdict\n", encoding="utf-8")
    refused(path, "not a SQLite database")


def test_a_damaged_header_is_told_from_a_foreign_file(tmp_path: Path) -> None:
    # SQLite's 16-byte header and then noise: SQLite says "not a database", but the
    # file began as one, so it is a damaged survey file (as the statistics store says).
    path = tmp_path / "survey.sqlite3"
    path.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 12)
    refused(path, "the database is damaged: its header is not valid")


def test_a_statistics_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    board = StatisticsBoard("klondike", 1, "standard")
    StatisticsStore(path).record(GameRecord(board=board, outcome=Outcome.WON, score=1, moves=1))
    refused(path, r"not a survey file: another program's database \(application id 0x53435354\)")


def test_another_programs_plain_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE deals (x)")
    connection.close()
    refused(path, "not a survey file")


def test_a_newer_schema_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "survey.sqlite3"
    with SurveyStore(path).writing(SETTINGS) as writer:
        writer.add(row(0))
    connection = sqlite3.connect(path)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.commit()
    connection.close()
    refused(path, f"newer solitaire-core \\(survey schema {SCHEMA_VERSION + 1}")


def test_a_missing_folder_is_an_error(tmp_path: Path) -> None:
    store = SurveyStore(tmp_path / "no" / "survey.sqlite3")
    with pytest.raises(SurveyError, match="does not exist"), store.writing(SETTINGS):
        pass


def test_a_file_without_deals_takes_the_settings_of_the_next_run(tmp_path: Path) -> None:
    # A survey stopped before its first deal finished holds its settings and no row:
    # another budget simply replaces them, with or without --resume.
    store = SurveyStore(tmp_path / "survey.sqlite3")
    with store.writing(SurveySettings(max_positions=1_000)):
        pass
    with store.writing(SurveySettings(max_positions=2_000), resume=True):
        pass
    assert store.settings() == SurveySettings(max_positions=2_000)
    with store.writing(SurveySettings(max_positions=3_000, time_limit=2.0)) as writer:
        writer.add(row(0))
    assert store.settings() == SurveySettings(max_positions=3_000, time_limit=2.0)
    with (
        pytest.raises(SurveyError, match="solved with --max-positions 3000, not 2000"),
        store.writing(SurveySettings(max_positions=2_000), resume=True),
    ):
        pass
    assert store.settings() == SurveySettings(max_positions=3_000, time_limit=2.0)


def damage(path: Path, *statements: str) -> bytes:
    """Run SQL on the file behind the library's back; the file's bytes after it.

    The table's CHECK constraints are off, but SQLite's quick_check finds the
    rows that break them (a status or a negative count): the file reads as
    damaged before its rows are read. The cases below pass the constraints.
    """
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA ignore_check_constraints = ON")
    for statement in statements:
        connection.execute(statement)
    connection.commit()
    connection.close()
    return path.read_bytes()


@pytest.mark.parametrize(
    ("statement", "missing"),
    [
        ("DELETE FROM settings", "max_positions and time_limit"),
        ("DELETE FROM settings WHERE name = 'time_limit'", "time_limit"),
    ],
)
def test_a_file_without_its_settings_is_damaged(
    tmp_path: Path, statement: str, missing: str
) -> None:
    path = tmp_path / "survey.sqlite3"
    with SurveyStore(path).writing(SETTINGS) as writer:
        writer.add(row(0))
    before = damage(path, statement)
    store = SurveyStore(path)
    message = f"the file is damaged: its settings lack {missing}"
    with pytest.raises(SurveyError, match=message) as caught:
        store.settings()
    assert caught.value.path == str(path)
    for resume in (True, False):  # no budget to compare with: any would be taken
        with pytest.raises(SurveyError, match=message), store.writing(SETTINGS, resume=resume):
            pass
    assert path.read_bytes() == before


def test_settings_this_library_never_writes_are_damage(tmp_path: Path) -> None:
    path = tmp_path / "survey.sqlite3"
    with SurveyStore(path).writing(SETTINGS):
        pass
    damage(path, "UPDATE settings SET value = '٣' WHERE name = 'max_positions'")
    with pytest.raises(SurveyError, match="its settings max_positions '٣' and time_limit 'none'"):
        SurveyStore(path).settings()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("decided_by = 'guess'", "decided_by 'guess' is not a pass (probe, best_first, fast,"),
        ("grade = 'legendary'", "grade 'legendary' is not a grade (easy, medium, hard,"),
        ("grade = 'unknown'", "grade 'unknown' does not go with the status 'solved'"),
        ("status = 'unknown', moves = 0", "grade 'easy' does not go with the status 'unknown'"),
        ("moves = 7, status = 'unwinnable', grade = 'unwinnable'", "moves 7 is not 0"),
        ("positions = 'many'", "positions 'many' is not a count >= 0"),
        ("seconds = 'slow'", "seconds 'slow' is not a number of seconds >= 0"),
        (
            "code = 'KL1-D3N-AAAAAAC'",
            "code 'KL1-D3N-AAAAAAC' is not the deal's code, KL1-D3N-AAAAAAB",
        ),
        ("prefix = 'kl1-d3n'", "prefix 'kl1-d3n' is not a game's deal-code prefix"),
        ("prefix = 'ZZ9-D3N'", "prefix 'ZZ9-D3N' is not a game's deal-code prefix"),
        # issue 35: rows the library never writes, accepted before
        ("moves = 0", "moves 0 is 0, but a solved deal has a winning line"),
        ("decided_by = NULL", "decided_by None is not the pass that decided (solved)"),
        (
            "status = 'unknown', moves = 0, grade = 'unknown'",
            "decided_by 'probe' is not NULL, as for every unknown deal (unknown)",
        ),
        ("positions = 0", "positions 0 is 0, but every solve stores its start"),
    ],
)
def test_a_row_the_library_never_writes_is_refused(
    tmp_path: Path, change: str, message: str
) -> None:
    path = tmp_path / "survey.sqlite3"
    with SurveyStore(path).writing(SETTINGS) as writer:
        writer.add(row(0))
        writer.add(row(1))  # solved, easy, decided by the probe, 150 moves
    before = damage(path, f"UPDATE deals SET {change} WHERE deal = 1")
    with pytest.raises(SurveyError) as caught:
        SurveyStore(path).rows()
    prefix = "kl1-d3n" if "kl1" in change else "ZZ9-D3N" if "ZZ9" in change else "KL1-D3N"
    assert caught.value.path == str(path)
    assert caught.value.reason.startswith(f"the row of deal 1 of {prefix!r} is damaged: ")
    assert message in caught.value.reason
    assert path.read_bytes() == before


@pytest.mark.parametrize("deal", [26**7, 2**63 - 1])
def test_a_deal_number_out_of_range_is_named_as_such(tmp_path: Path, deal: int) -> None:
    # Issue 35: a row of deal 2**63 - 1 was reported as a bad prefix.
    path = tmp_path / "survey.sqlite3"
    with SurveyStore(path).writing(SETTINGS) as writer:
        writer.add(row(1))
    before = damage(path, f"UPDATE deals SET deal = {deal} WHERE deal = 1")
    with pytest.raises(SurveyError) as caught:
        SurveyStore(path).rows()
    assert caught.value.reason == (
        f"the row of deal {deal} of 'KL1-D3N' is damaged: deal {deal} is not a deal number "
        "0 .. 8,031,810,175"
    )
    assert path.read_bytes() == before
