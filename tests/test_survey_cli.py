"""``solitaire-core survey`` and ``survey-report``: bad input, kill and resume, the report."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import attrs
import pytest
from cli_runner import run

from solitaire_core import SolveStatus
from solitaire_core.cli import main
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.survey import DealRow, Grade, SurveySettings, SurveyStore
from solitaire_core.survey.report import count_fractions

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["traditional", "--deals", "0..3"], "has no deal codes"),
        (["nonsense", "--deals", "0..3"], "nonsense"),
        (["KL1-D3N", "--deals", "5..2"], "must be a non-empty range"),
        (["KL1-D3N", "--deals", "a..b"], "deals are A..B"),
        (["KL1-D3N", "--deals", "\u0660..\u0663"], "in the digits 0-9, got '\u0660..\u0663'"),
        (["KL1-D3N", "--deals", "1_000"], "in the digits 0-9, got '1_000'"),
        (["KL1-D3N", "--deals", "9" * 5000], "in the digits 0-9"),
        (["KL1-D3N", "--deals", "0..3", "--time-limit=-inf"], "--time-limit must be seconds > 0"),
        (["KL1-D3N", "--deals", "0..3", "--max-positions", "0"], "--max-positions must be"),
        (["KL1-D3N", "--deals", "0..3", "--time-limit", "nan"], "--time-limit must be"),
        (["KL1-D3N", "--deals", "0..3", "--workers", "0"], "--workers must be"),
        (
            ["KL1-D3N", "--deals", "0..3", "--workers", "2", "--scheduler", "tcp://x:1"],
            "leave it out with --scheduler",
        ),
    ],
)
def test_bad_survey_input_is_status_2(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err = run(capsys, "survey", *arguments, "--out", str(tmp_path / "s.sqlite3"))
    assert (status, out) == (2, "")
    assert err.startswith("solitaire-core: error: ") and message in err
    assert "Traceback" not in err
    assert not (tmp_path / "s.sqlite3").exists()


def test_a_foreign_file_is_status_2_and_untouched(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("hello\n", encoding="utf-8")
    for arguments in (
        ["survey", "KL1-D3N", "--deals", "0..1", "--out", str(path), "--resume"],
        ["survey-report", str(path)],
    ):
        status, out, err = run(capsys, *arguments)
        assert (status, out) == (2, "")
        assert "not a SQLite database" in err
    assert path.read_text(encoding="utf-8") == "hello\n"
    status, _, err = run(capsys, "survey-report", str(tmp_path / "missing.sqlite3"))
    assert status == 2 and "no survey file" in err


def test_a_missing_package_names_the_extra(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm now fails
    status, out, err = run(
        capsys, "survey", "KL1-D3N", "--deals", "0..1", "--max-positions", "50",
        "--out", str(tmp_path / "s.sqlite3"), "--progress",
    )  # fmt: skip
    assert (status, out) == (2, "")
    assert "the progress bar needs the 'tqdm' package: pip install 'solitaire-core[survey]'" in err


@pytest.mark.parametrize("address", ["nonsense", "foo://x:1", "tcp://host:abc", "host:0", ""])
def test_a_bad_scheduler_address_is_status_2_and_leaves_no_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, address: str
) -> None:
    pytest.importorskip("distributed")
    out = tmp_path / "s.sqlite3"
    status, stdout, err = run(
        capsys, "survey", "KL1-D3N", "--deals", "0..3", "--scheduler", address, "--out", str(out)
    )
    assert (status, stdout) == (2, "")
    assert err == (
        f"solitaire-core: error: survey: {address!r}: not a Dask scheduler address (HOST:PORT "
        "with a port 1..65535, or SCHEME://HOST:PORT): give one such as tcp://10.0.0.5:8786\n"
    )
    assert list(tmp_path.iterdir()) == []  # no survey file, no journal


def stored_rows(path: Path) -> list[tuple[object, ...]]:
    """The rows as the file holds them, without seconds, read with plain sqlite3."""
    connection = sqlite3.connect(path, timeout=10)
    try:
        return connection.execute(
            "SELECT prefix, deal, code, status, positions, moves, decided_by, grade FROM deals"
            " ORDER BY prefix, deal"
        ).fetchall()
    finally:
        connection.close()


def count_rows(path: Path) -> int:
    try:
        return len(stored_rows(path))
    except sqlite3.Error:  # not created yet
        return 0


def start_survey(out: Path, deals: str, *extra: str) -> subprocess.Popen[bytes]:
    """A survey run in a child process whose Ctrl-C is Python's, however the tests were started.

    A shell starts a background job with SIGINT ignored, a child inherits
    that, and Python then leaves it ignored: the stop test would see a run
    that never stops. A handler of ours is not inherited (the child starts
    with the default, and Python's Ctrl-C).
    """
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return subprocess.Popen(
            [sys.executable, "-m", "solitaire_core", "survey", "KL1-D3N", "--deals", deals,
             "--max-positions", "2000", "--out", str(out), "--no-progress", *extra],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        )  # fmt: skip
    finally:
        signal.signal(signal.SIGINT, previous)


def hold_a_read(path: Path) -> sqlite3.Connection:
    """Open a read transaction on the file and keep it open.

    While it is open a writer can begin its transaction and change pages, but
    not commit: SQLite's commit waits for every reader to end (the file is in
    SQLite's default rollback-journal mode).
    """
    reader = sqlite3.connect(path, timeout=10, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT COUNT(*) FROM deals").fetchone()
    return reader


def wait_until_committing(process: subprocess.Popen[bytes], path: Path) -> None:
    """Wait until the survey has inserted a deal it cannot commit yet.

    A writer that changed the file has its rollback journal beside it until
    its transaction ends; the survey's start changes nothing in a file it
    resumes.
    """
    journal = path.with_name(path.name + "-journal")
    deadline = time.monotonic() + 120
    while process.poll() is None:
        assert time.monotonic() < deadline, "the survey never came to store a deal"
        if journal.exists():
            return
        time.sleep(0.01)
    _, err = process.communicate()
    pytest.fail(f"the survey ended (status {process.returncode}) before it stored a deal: {err!r}")


def stop_while_storing(
    out: Path, deals: str, workers: str, stop: signal.Signals
) -> subprocess.Popen[bytes]:
    """Survey deals 0..2 into ``out``, then run ``deals`` with --resume and send it ``stop``.

    The signal is sent while the resumed run stores its first deal, whose
    commit a read transaction of the test holds back: the stop comes while the
    workers are solving and the parent is storing, and never after the last
    deal, however fast the build. Returns the stopped run's process.
    """
    first = start_survey(out, "0..2", "--workers", "1")
    _, err = first.communicate(timeout=120)
    assert first.returncode == 0, err
    reader = hold_a_read(out)
    try:
        process = start_survey(out, deals, "--resume", "--workers", workers)
        wait_until_committing(process, out)
        os.kill(process.pid, stop)
        if stop == signal.SIGKILL:
            process.wait(timeout=60)
    finally:
        reader.close()  # the run's commit goes on (it is stored) unless it was killed
    return process


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[object, ...]]:
    """The rows of deals 0..24 surveyed without a stop."""
    path = tmp_path_factory.mktemp("reference") / "survey.sqlite3"
    arguments = ["survey", "KL1-D3N", "--deals", "0..24", "--max-positions", "2000"]
    assert main([*arguments, "--out", str(path), "--workers", "2", "--no-progress"]) == 0
    return stored_rows(path)


@pytest.mark.parametrize(
    ("stop", "workers"), [(signal.SIGKILL, "1"), (signal.SIGTERM, "2"), (signal.SIGINT, "2")]
)
def test_a_stopped_survey_resumes_to_the_rows_of_an_uninterrupted_one(
    stop: signal.Signals,
    workers: str,
    reference: list[tuple[object, ...]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    deals = "0..24"
    out = tmp_path / "survey.sqlite3"
    process = stop_while_storing(out, deals, workers, stop)
    _, err = process.communicate(timeout=60)
    kept = count_rows(out)
    # deals 0..2 from the first run, and the deal the run was storing if its commit went
    # through (never when killed; a clean stop can come before the commit is asked for)
    assert kept == 3 if stop == signal.SIGKILL else kept in (3, 4), err
    if stop == signal.SIGKILL:
        assert process.returncode == -signal.SIGKILL
    else:  # a clean stop: the message, status 130, the workers ended
        assert process.returncode == 130
        assert f"survey interrupted: {kept} of 25 deals are in" in err.decode()
    status, out_text, _ = run(
        capsys, "survey", "KL1-D3N", "--deals", deals, "--max-positions", "2000",
        "--out", str(out), "--resume", "--workers", "2", "--json",
    )  # fmt: skip
    document = json.loads(out_text)
    assert (status, document["resumed"], document["stored"]) == (0, kept, 25 - kept)
    assert document["complete"] is True
    assert stored_rows(out) == reference  # the same rows, none twice


def made_row(deal: int, status: str, grade: str, prefix: str = "KL1-D1N") -> DealRow:
    return DealRow(
        prefix=prefix,
        deal=deal,
        code=f"{prefix}-AAAAAA{chr(65 + deal)}",
        status=SolveStatus(status),
        positions=100,
        moves=150 if status == "solved" else 0,
        decided_by=None if status == "unknown" else "probe",
        seconds=0.5,
        grade=Grade(grade),
    )


def test_the_report_counts_by_hand(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # KL1-D1N: 8 deals, 5 solved (3 easy, 1 medium, 1 hard), 1 unwinnable, 2 unknown;
    # TF1-D3N: one unknown deal.
    verdicts = [("solved", "easy")] * 3 + [("solved", "medium"), ("solved", "hard")]
    verdicts += [("unwinnable", "unwinnable")] + [("unknown", "unknown")] * 2
    rows = [made_row(deal, *verdict) for deal, verdict in enumerate(verdicts)]
    rows.append(made_row(4, "unknown", "unknown", prefix="TF1-D3N"))
    path = tmp_path / "survey.sqlite3"
    with SurveyStore(path).writing(SurveySettings(max_positions=5_000)) as writer:
        for item in rows:
            writer.add(item)
    status, out, err = run(capsys, "survey-report", str(path), "--json")
    assert (status, err) == (0, "")
    document = json.loads(out)
    assert document["file"] == str(path)
    assert document["settings"] == {"max_positions": 5000, "time_limit": None}
    klondike, reflechi = document["games"]
    z = 1.96

    def wilson(k: int, n: int) -> list[float]:  # the score interval, written out again
        p = k / n
        centre = (p + z**2 / (2 * n)) / (1 + z**2 / n)
        half = z / (1 + z**2 / n) * (p * (1 - p) / n + z**2 / (4 * n**2)) ** 0.5
        return [max(0.0, centre - half), min(1.0, centre + half)]

    assert {key: klondike[key] for key in klondike if not key.endswith("95ci")} == {
        "prefix": "KL1-D1N",
        "game": "Klondike",
        "draw": 1,
        "deals": 8,
        "first_deal": 0,
        "last_deal": 7,
        "decided": 6,
        "solved": 5,
        "unwinnable": 1,
        "unknown": 2,
        "decided_fraction": 0.75,
        "winnable_fraction": 0.625,
        "winnable_among_decided": 5 / 6,
        "winnable_at_most": 0.875,
        "grades": {"easy": 3, "medium": 1, "hard": 1, "unwinnable": 1, "unknown": 2},
        "decided_by": {"probe": 6, "best_first": 0, "fast": 0, "complete": 0},
    }
    assert klondike["winnable_95ci"] == pytest.approx(wilson(5, 8))
    assert klondike["winnable_among_decided_95ci"] == pytest.approx(wilson(5, 6))
    assert klondike["winnable_at_most_95ci"] == pytest.approx(wilson(7, 8))
    assert (reflechi["prefix"], reflechi["draw"], reflechi["deals"]) == ("TF1-D3N", 3, 1)
    assert (reflechi["decided"], reflechi["winnable_among_decided"]) == (0, None)
    # the same counts and fractions from the counts alone (a summary extended by counts)
    by_counts = count_fractions(solved=5, unwinnable=1, unknown=2)
    assert by_counts == {key: klondike[key] for key in by_counts}
    assert reflechi["winnable_among_decided_95ci"] == [0.0, 1.0]
    status, text, _ = run(capsys, "survey-report", str(path))
    assert status == 0
    assert "KL1-D1N Klondike: 8 deals (0..7), decided 6 (75.0%): 5 solved" in text
    assert "winnable 62.5% (30.6%-86.3%)" in text
    assert "grades: 3 easy, 1 medium, 1 hard, 1 unwinnable, 2 unknown" in text
    assert "TF1-D3N Réfléchi draw 3: 1 deal (4..4), decided 0 (0.0%)" in text


@pytest.mark.parametrize("bad", [-1, 1.0, True, "1", None])
def test_fractions_from_counts_refuse_a_count_that_is_not_an_int_at_least_0(bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match=r"^unknown must be an int >= 0"):
        count_fractions(1, 1, bad)  # type: ignore[arg-type]


def test_time_limit_inf_is_no_limit(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "survey.sqlite3"
    base = ["survey", "KL1-D3N", "--max-positions", "300", "--workers", "1", "--out", str(out)]
    status, _, err = run(capsys, *base, "--deals", "0..0", "--time-limit", "inf")
    assert (status, err) == (0, "")
    assert SurveyStore(out).settings() == SurveySettings(max_positions=300, time_limit=None)
    status, _, err = run(capsys, *base, "--deals", "0..1", "--resume")  # the same settings
    assert (status, err) == (0, "")
    with pytest.raises(SystemExit):
        main(["survey", "--help"])
    assert "inf: no limit" in " ".join(capsys.readouterr().out.split())


def test_an_interrupted_one_deal_survey_says_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*arguments: object, **options: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("solitaire_core.cli._survey.run_survey", interrupted)
    out = tmp_path / "survey.sqlite3"
    status, _, err = run(capsys, "survey", "KL1-D3N", "--deals", "1", "--out", str(out))
    assert status == 130
    assert err.startswith(f"solitaire-core: survey interrupted: 0 of 1 deal are in {out};")


def test_plot_and_parquet_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    parquet = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "survey.sqlite3"
    status, _, err = run(
        capsys, "survey", "KL1-D3N", "--deals", "2..4", "--max-positions", "500",
        "--out", str(out), "--workers", "1", "--parquet", str(tmp_path / "rows.parquet"),
    )  # fmt: skip
    assert (status, err) == (0, "")
    table = parquet.read_table(tmp_path / "rows.parquet").to_pylist()
    rows = SurveyStore(out).rows()
    assert table == [item.to_json() for item in rows]
    assert [attrs.asdict(item)["deal"] for item in rows] == [2, 3, 4]
    status, _, err = run(capsys, "survey-report", str(out), "--plot", str(tmp_path / "g.png"))
    assert (status, err) == (0, "")
    assert (tmp_path / "g.png").read_bytes().startswith(b"\x89PNG")


def test_extra_output_files_never_replace_the_survey_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "survey.sqlite3"
    base = ["survey", "KL1-D3N", "--deals", "0..1", "--max-positions", "300", "--workers", "1"]
    for parquet, message in [
        (out, "is the survey file itself"),
        (tmp_path, "is a folder"),
        (tmp_path / "missing" / "rows.parquet", "its folder does not exist"),
    ]:
        status, _, err = run(capsys, *base, "--out", str(out), "--parquet", str(parquet))
        assert status == 2, parquet
        assert message in err
        assert not out.exists()  # refused before anything was solved or written
    status, _, err = run(capsys, *base, "--out", str(out))
    assert (status, err) == (0, "")
    before = out.read_bytes()
    for plot, message in [
        (out, "is the survey file itself"),
        (tmp_path, "is a folder"),
        (tmp_path / "grades.txt", "must end in .png, .pdf or .svg"),
        (tmp_path / "missing" / "g.png", "its folder does not exist"),
    ]:
        status, _, err = run(capsys, "survey-report", str(out), "--plot", str(plot))
        assert status == 2, plot
        assert message in err
        assert "Traceback" not in err
    assert out.read_bytes() == before
    assert [row.deal for row in SurveyStore(out).rows()] == [0, 1]


@pytest.mark.parametrize(
    ("statement", "message"),
    [
        ("DELETE FROM settings", "the file is damaged: its settings lack max_positions and"),
        (
            "UPDATE deals SET decided_by = 'guess' WHERE deal = 1",
            "the row of deal 1 of 'KL1-D1N' is damaged: decided_by 'guess' is not a pass",
        ),
    ],
)
def test_a_damaged_survey_file_is_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, statement: str, message: str
) -> None:
    path = tmp_path / "survey.sqlite3"
    with SurveyStore(path).writing(SurveySettings(max_positions=300)) as writer:
        writer.add(made_row(0, "solved", "easy"))
        writer.add(made_row(1, "unwinnable", "unwinnable"))
    connection = sqlite3.connect(path)
    connection.execute(statement)
    connection.commit()
    connection.close()
    before = path.read_bytes()
    for arguments in (
        ["survey-report", str(path)],
        ["survey", "KL1-D1N", "--deals", "0..2", "--max-positions", "300", "--resume",
         "--workers", "1", "--out", str(path)],
    ):  # fmt: skip
        status, out, err = run(capsys, *arguments)
        assert (status, out) == (2, "")
        assert err.startswith(f"solitaire-core: error: survey: {str(path)!r}: ")
        assert message in err and err.count("\n") == 1
    assert path.read_bytes() == before
