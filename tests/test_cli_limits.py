"""The command line against hostile input and long runs (issue 35).

Every refused case is one line on stderr, status 2, nothing on stdout and no
file written; Ctrl-C ends any command with status 130 and one line. Inputs
that once blocked or grew without bound (a pipe, ``/dev/zero``) run in child
processes with a guard (tests/guarded.py), so a regression fails instead of
hanging the suite.
"""

from __future__ import annotations

import functools
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run
from guarded import cli, run_guarded

from solitaire_core import deal_code_position, position_to_json
from solitaire_core.limits import MAX_RECYCLES
from solitaire_core.rules import perft


def one_line_refusal(status: int, out: str, err: str) -> str:
    """Assert the shape of a refusal (status 2, one line on stderr); returns the message."""
    assert (status, out) == (2, ""), err
    assert err.startswith("solitaire-core: error: ") and err.count("\n") == 1, err
    return err


def position_file(tmp_path: Path, name: str = "pos.json", **changes: Any) -> str:
    """Klondike deal 6's position as ``deal --json`` prints it, with ``changes``."""
    data = position_to_json(deal_code_position("KL1-D1N-AAAAAAG"))
    data.update(changes)
    path = tmp_path / name
    path.write_text(json.dumps({"position": data}), encoding="utf-8")
    return str(path)


# --- counts: a position the library takes, it can save and load --------------------------------


def test_a_position_beyond_the_recycle_limit_is_refused_and_nothing_is_saved(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Finding 1: it was played and saved, and `load` then refused the save.
    save = tmp_path / "s.json"
    refused = position_file(tmp_path, recycles=MAX_RECYCLES + 1)
    argv = ["play", "--game", "klondike", "--position", refused, "d", "--save", str(save)]
    err = one_line_refusal(*run(capsys, *argv))
    assert "recycles: must be 0 .. 999,999,999 (solitaire_core.limits.MAX_RECYCLES)" in err
    assert not save.exists()
    taken = position_file(tmp_path, "taken.json", recycles=MAX_RECYCLES)
    argv = ["play", "--game", "klondike", "--position", taken, "d", "--save", str(save)]
    assert run(capsys, *argv)[0] == 0
    status, out, err = run(capsys, "load", str(save))
    assert (status, err) == (0, "") and "Recycles: 999999999" in out


@pytest.mark.parametrize("command", ["play", "solve", "hint"])
@pytest.mark.parametrize("field", ["recycles", "foundations"])
def test_numbers_too_long_for_python_are_one_line_of_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, field: str
) -> None:
    # Finding 3: over 4,300 digits, json gave a ValueError traceback (exit 1).
    text = json.dumps(position_to_json(deal_code_position("KL1-D1N-AAAAAAG")))
    digits = "9" * 5000
    if field == "recycles":
        text = text.replace('"recycles": 0', f'"recycles": {digits}')
    else:
        text = text.replace('"S": 0', f'"S": {digits}')
    path = tmp_path / "long.json"
    path.write_text(text, encoding="utf-8")
    err = one_line_refusal(*run(capsys, command, "--game", "klondike", "--position", str(path)))
    assert "not a document this library reads" in err and digits[:50] not in err


# --- inputs that blocked or grew: pipes, devices, endless standard input -----------------------

pytestmark_posix = pytest.mark.skipif(
    not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(),
    reason="named pipes and /dev/zero are POSIX",
)


def refused_at_once(argv: list[str], stdin: Any = subprocess.DEVNULL) -> str:
    """Run the command in a guarded child: it must refuse with one line, status 2."""
    done = run_guarded(argv, stdin=stdin)
    return one_line_refusal(done.returncode, done.stdout, done.stderr)


@pytestmark_posix
def test_a_device_or_a_pipe_named_as_a_file_is_refused_without_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    for name, kind in (("/dev/zero", "a character device"), (str(fifo), "a pipe")):
        err = refused_at_once(cli("play", "--game", "klondike", "--position", name))
        assert err == f"solitaire-core: error: cannot read {name}: not a regular file ({kind})\n"
        err = refused_at_once(cli("load", name))
        assert f"cannot read the file: not a regular file ({kind})" in err


@pytestmark_posix
@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--game", "klondike", "--position", "-"],
        ["hint", "--game", "klondike", "--position", "-"],
        ["import", "--from", "pysol", "-"],
    ],
    ids=["play", "hint", "import"],
)
def test_endless_standard_input_is_refused_at_the_limit(argv: list[str]) -> None:
    with open("/dev/zero", "rb") as zeros:
        err = refused_at_once(cli(*argv), stdin=zeros)
    assert err == (
        "solitaire-core: error: cannot read standard input: larger than 4,194,304 bytes, "
        "the most a reader takes (solitaire_core.limits.MAX_INPUT_BYTES)\n"
    )


def test_a_file_over_the_limit_is_refused_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "huge.txt"
    with path.open("wb") as stream:
        stream.truncate(4 * 1024 * 1024 + 1)
    err = one_line_refusal(*run(capsys, "solve", "--game", "yukon", "--position", str(path)))
    assert "larger than 4,194,304 bytes" in err and "MAX_INPUT_BYTES" in err


# --- what an error shows of a file ---------------------------------------------------------------

SECRET = "root:$6$pepper$Zm9yZ2V0IGl0:19000:0:99999:7:::"


@pytest.mark.parametrize(
    "content",
    [
        SECRET + "\n",
        f"{SECRET} {SECRET} - 0,0,0,0 0\n",  # five fields, and still no position
        json.dumps({"password": SECRET}),
        json.dumps({"position": {"password": SECRET}}),
    ],
    ids=["shadow", "five fields", "json", "json position"],
)
def test_an_error_never_quotes_a_file_that_holds_no_position(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str
) -> None:
    # Finding 9: `--position /etc/shadow` quoted the file's first 60 characters.
    path = tmp_path / "secret"
    path.write_text(content, encoding="utf-8")
    err = one_line_refusal(*run(capsys, "play", "--game", "klondike", "--position", str(path)))
    assert "pepper" not in err and "Zm9y" not in err and str(path) in err


def test_a_position_error_names_the_field_without_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "pos.txt"
    text = deal_code_position("KL1-D1N-AAAAAAG").to_text().replace(" 0,0,0,0 ", " 0,0,0,0,0 ")
    path.write_text(text, encoding="utf-8")
    err = one_line_refusal(*run(capsys, "hint", "--game", "klondike", "--position", str(path)))
    assert err.startswith(f"solitaire-core: error: {path}: invalid position: foundations: ")
    assert "|AD" not in err  # the file's text is not quoted


def test_unknown_fields_of_a_column_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Finding 9: they passed silently.
    data = position_to_json(deal_code_position("KL1-D1N-AAAAAAG"))
    data["tableau"][2]["face_dwon"] = []
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    err = one_line_refusal(*run(capsys, "play", "--game", "klondike", "--position", str(path)))
    assert "tableau: column 3 has unknown fields: 'face_dwon' (a column holds \"face_down\"" in err


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="symbolic links")
def test_a_looping_statistics_path_is_refused_not_read_as_no_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Finding 9: a --db symbolic link to itself read as "no games".
    loop = tmp_path / "stats.sqlite3"
    loop.symlink_to(loop)
    err = one_line_refusal(*run(capsys, "stats", "--db", str(loop)))
    assert "symbolic links" in err
    assert loop.is_symlink()


# --- long runs: perft's budget, Ctrl-C ------------------------------------------------------------


def test_perft_past_its_budget_is_one_line_of_bad_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Finding 8: `perft YU1-D0N-AAAAAAB 12` ran for hours; it stops at its node budget
    # (2,000,000 positions by default: here 1,000, to be quick).
    monkeypatch.setattr(
        "solitaire_core.cli._solve.perft", functools.partial(perft, max_positions=1_000)
    )
    err = one_line_refusal(*run(capsys, "perft", "YU1-D0N-AAAAAAB", "12"))
    assert "perft to depth 12 expands more than 1,000 positions (max_positions" in err
    err = one_line_refusal(*run(capsys, "perft", "KL1-D1N-AAAAAAG", "13"))
    assert "depth must be 0..12, got 13" in err
    assert run(capsys, "perft", "KL1-D1N-AAAAAAG", "3")[:2] == (
        0,
        "perft(3) of KL1-D1N-AAAAAAG = 52\n",
    )


def interrupted(*args: Any, **kwargs: Any) -> Any:
    raise KeyboardInterrupt


@pytest.mark.parametrize(
    ("target", "argv"),
    [
        ("solitaire_core.cli._solve.perft", ["perft", "KL1-D1N-AAAAAAG", "5"]),
        ("solitaire_core.cli._solve.solve", ["solve", "KL1-D1N-AAAAAAG"]),
        ("solitaire_core.cli._playout.run_playouts", ["playout", "--games", "5"]),
        ("solitaire_core.cli._deal.pick_winnable_deal", ["deal", "--winnable", "pas-seul"]),
        ("solitaire_core.game.Game.hint", ["hint", "KL1-D1N-AAAAAAG", "--level", "hard"]),
        ("solitaire_core.cli._play.save_game", ["play", "KL1-D1N-AAAAAAG", "--save", "x.json"]),
        ("solitaire_core.cli._stats.StatisticsStore.all_boards", ["stats", "--db", "x.sqlite3"]),
    ],
    ids=["perft", "solve", "playout", "deal", "hint", "play", "stats"],
)
def test_ctrl_c_ends_any_command_with_130_and_one_line(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    target: str,
    argv: list[str],
) -> None:
    # Finding 8: Ctrl-C on perft, solve or playout printed a KeyboardInterrupt traceback.
    monkeypatch.setattr(target, interrupted)
    assert run(capsys, *argv) == (130, "", "solitaire-core: interrupted\n")


INTERRUPTED_IN_PERFT = """
import os, signal, sys
import solitaire_core.cli._solve as commands
from solitaire_core.cli import main

counting = commands.perft

def perft_then_ctrl_c(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGINT)  # a real Ctrl-C, in the middle of the command
    return counting(*args, **kwargs)

commands.perft = perft_then_ctrl_c
signal.signal(signal.SIGINT, signal.default_int_handler)  # (a runner in the background
sys.exit(main(["perft", "YU1-D0N-AAAAAAB", "12"]))        # may have started it ignored)
"""
"""Runs `perft` in a child that sends itself SIGINT once the count has begun. A shell starts a
background job with SIGINT ignored, and its children inherit that: the child restores Python's
own handler, as an interactive start has it."""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_real_ctrl_c_in_a_child_process_ends_it_with_130() -> None:
    done = run_guarded([sys.executable, "-c", INTERRUPTED_IN_PERFT])
    assert (done.returncode, done.stdout) == (130, "")
    assert done.stderr == "solitaire-core: interrupted\n"
    assert 128 + signal.SIGINT.value == 130  # as shells report it


# --- a refused move's report ----------------------------------------------------------------------


def test_a_refused_play_prints_the_header_line_a_successful_one_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A new user's report: the header line (code, moves, score) was missing.
    status, out, err = run(capsys, "play", "KL1-D1N-AAAAAAM", "13", "31")
    assert (status, err) == (1, "")
    assert out.startswith("KL1-D1N-AAAAAAM  (Klondike), moves made: 1, score: 0\nStock: ")
    status, played, err = run(capsys, "play", "KL1-D1N-AAAAAAM", "13")
    assert out.splitlines()[:9] == played.splitlines()[:9]  # the same header and board
    canfield = deal_code_position("CF1-D3N-AAAAAAB").to_text()
    status, out, err = run(
        capsys, "play", "--game", "canfield", "--position", "-", "1f", stdin=canfield
    )
    assert status == 1
    assert out.startswith("from a position  (Canfield), moves made: 0, score: 0\n")
