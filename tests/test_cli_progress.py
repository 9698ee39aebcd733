"""The progress of ``solve`` and ``deal --winnable`` on standard error (cli/_progress.py).

Standard error is a fake terminal (a text buffer that says it is a tty),
and the second the progress waits for is set to 0 where a real solve runs,
so no test depends on the machine's speed; the display's own timing is
checked with progress records made up here.
"""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest

from solitaire_core.cli import _progress, _solve, main
from solitaire_core.cli._progress import progress_display
from solitaire_core.solver import PROGRESS_EVERY, Progress

UNDECIDED = "KL1-D1N-AAAAAAZ"  # deal 25: not decided within 1,000,000 positions


class FakeTerminal(io.StringIO):
    """A standard error that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def screen(text: str) -> list[str]:
    """The lines a terminal shows after ``text`` (a carriage return goes back to the start)."""
    lines = [""]
    column = 0
    for char in text:
        if char == "\n":
            lines.append("")
            column = 0
        elif char == "\r":
            column = 0
        else:
            line = lines[-1]
            lines[-1] = line[:column] + char + line[column + 1 :]
            column += 1
    return [line.rstrip() for line in lines if line.strip()]


class Terminal:
    """Runs the command line with a text buffer as stdout and a fake terminal as stderr.

    The progress is shown from the start, as the plain line. (The streams are
    replaced in the test's body: pytest's own capture replaces them as the
    body starts.)
    """

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.monkeypatch = monkeypatch
        monkeypatch.setattr(_progress, "SHOW_AFTER", 0.0)
        monkeypatch.setattr(_progress, "PLAIN_EVERY", 0.0)
        monkeypatch.setattr(_progress, "_has_tqdm", lambda: False)
        self.err = FakeTerminal()

    def run(self, *argv: str) -> tuple[int, str]:
        """Run ``solitaire-core ARGV...``: the status and stdout (stderr: :meth:`getvalue`)."""
        out = io.StringIO()
        self.monkeypatch.setattr(sys, "stdout", out)
        self.monkeypatch.setattr(sys, "stderr", self.err)
        status = main(list(argv))
        return status, out.getvalue()

    def getvalue(self) -> str:
        return self.err.getvalue()


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Terminal:
    return Terminal(monkeypatch)


# --- the display -----------------------------------------------------------------------------


def test_nothing_is_shown_for_the_first_second() -> None:
    stream = io.StringIO()
    with progress_display("solve", 100_000, show=True, stream=stream, plain=True) as progress:
        assert progress is not None
        for seconds in (0.1, 0.5, 0.99):
            progress(Progress(PROGRESS_EVERY, 1, seconds))
        progress(Progress(9_000, 1, 0.999, done=True))
    assert stream.getvalue() == ""


def test_the_plain_line_rewrites_itself_and_stays_at_the_end() -> None:
    stream = io.StringIO()
    with progress_display("solve", 100_000, show=True, stream=stream, plain=True) as progress:
        assert progress is not None
        for step, seconds in enumerate((0.5, 1.0, 1.05, 1.2, 10.25), start=1):
            progress(Progress(step * PROGRESS_EVERY, 1, seconds))
        progress(Progress(123_456, 1, 11.0, done=True))
    text = stream.getvalue()
    assert "\n" not in text[:-1] and text.endswith("\n")
    assert text.split("\r")[1:] == [
        "solve: 8,192 of 100,000 positions, 1.0 s",  # (1.05 s is too soon after it)
        "solve: 16,384 of 100,000 positions, 1.2 s",
        "solve: 20,480 of 100,000 positions, 10.2 s",
        "solve: 123,456 of 100,000 positions, 11.0 s\n",
    ]
    assert screen(text) == ["solve: 123,456 of 100,000 positions, 11.0 s"]


def test_a_stopped_run_clears_its_line() -> None:
    stream = io.StringIO()
    with (
        pytest.raises(KeyboardInterrupt),
        progress_display(
            "deal --winnable", 10_000, show=True, stream=stream, plain=True
        ) as progress,
    ):
        assert progress is not None
        progress(Progress(PROGRESS_EVERY, 2, 3.0))
        raise KeyboardInterrupt
    assert stream.getvalue().startswith("\rdeal --winnable: deal 2, 4,096 of 10,000 positions")
    assert screen(stream.getvalue()) == []


def test_no_display_is_none() -> None:
    with progress_display("solve", 10, show=False) as progress:
        assert progress is None


def test_the_tqdm_bar() -> None:
    pytest.importorskip("tqdm")
    stream = io.StringIO()
    with progress_display("solve", 100_000, show=True, stream=stream, plain=False) as progress:
        assert progress is not None
        progress(Progress(PROGRESS_EVERY, 1, 0.5))
        progress(Progress(2 * PROGRESS_EVERY, 1, 1.5))
        progress(Progress(50_000, 1, 2.0, done=True))
    assert "solve:" in stream.getvalue() and "50.0k/100k" in stream.getvalue()


# --- the commands ----------------------------------------------------------------------------


def test_solve_shows_its_progress_on_a_terminal(terminal: Terminal) -> None:
    status, out = terminal.run("solve", UNDECIDED, "--max-positions", "20000")
    assert (status, out) == (0, "unknown after 20000 positions\n")
    shown = terminal.getvalue().split("\r")[1:]
    counts = [*(n * PROGRESS_EVERY for n in range(1, 5)), 20_000]
    assert len(shown) == len(counts)
    for text, count in zip(shown, counts, strict=True):
        assert text.startswith(f"solve: {count:,} of 20,000 positions, ")
    assert shown[-1].endswith(" s\n") and "\n" not in "".join(shown[:-1])


def test_the_json_output_stays_clean(terminal: Terminal) -> None:
    status, out = terminal.run("solve", UNDECIDED, "--max-positions", "10000", "--json")
    assert status == 0
    assert json.loads(out)["positions"] == 10_000  # stdout holds the JSON alone
    assert "solve: 8,192 of 10,000 positions" in terminal.getvalue()


def test_no_progress_hides_it(terminal: Terminal) -> None:
    assert terminal.run("solve", UNDECIDED, "--max-positions", "10000", "--no-progress")[0] == 0
    assert terminal.getvalue() == ""


def test_nothing_is_shown_when_stderr_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_progress, "SHOW_AFTER", 0.0)
    monkeypatch.setattr(_progress, "PLAIN_EVERY", 0.0)  # every update written, however fast
    monkeypatch.setattr(_progress, "_has_tqdm", lambda: False)
    assert main(["solve", UNDECIDED, "--max-positions", "10000"]) == 0
    assert capsys.readouterr().err == ""
    assert main(["solve", UNDECIDED, "--max-positions", "10000", "--progress"]) == 0  # asked for
    assert "solve: 8,192 of 10,000 positions" in capsys.readouterr().err


def test_a_winnable_pick_shows_its_deals(terminal: Terminal) -> None:
    status, out = terminal.run(
        "deal", "--winnable", "SE1-D0N", "--seed", "3", "--no-catalogue",
        "--max-positions", "8192", "--max-deals", "2", "--json",
    )  # fmt: skip
    assert status == 0 and json.loads(out)["winnable"]["tried"] == 2
    shown = screen(terminal.getvalue())
    assert len(shown) == 1 and shown[0].startswith("deal --winnable: deal 2, 16,384 of ")


def test_a_pick_from_the_catalogue_makes_one_call(terminal: Terminal) -> None:
    status, _ = terminal.run("deal", "--winnable", "KL1-D3N", "--seed", "3")
    # (shown after 0 s here: the one call an answer from the catalogue makes, 0 positions)
    assert status == 0
    assert screen(terminal.getvalue()) == [
        screen(terminal.getvalue())[0]
    ] and terminal.getvalue().startswith("\rdeal --winnable: deal 1, 0 of 1,000,000 positions")


def test_ctrl_c_ends_with_one_line_and_status_130(
    terminal: Terminal, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*arguments: Any, progress: Any = None, **options: Any) -> None:
        progress(Progress(PROGRESS_EVERY, 1, 2.0))
        raise KeyboardInterrupt

    monkeypatch.setattr(_solve, "solve", interrupted)
    status, out = terminal.run("solve", UNDECIDED)
    assert (status, out) == (130, "")
    assert terminal.getvalue().startswith("\rsolve: 4,096 of 1,000,000 positions, 2.0 s")
    assert screen(terminal.getvalue()) == ["solitaire-core: interrupted"]


def test_a_time_limit_for_a_winnable_pick(terminal: Terminal) -> None:
    status, out = terminal.run("deal", "--winnable", "KL1-D3N", "--seed", "3", "--time-limit", "5")
    assert status == 0 and "from the catalogue" in out  # the catalogue answers at once
    assert terminal.run("deal", "--winnable", "KL1-D3N", "--time-limit", "0")[0] == 2
    assert "--time-limit must be > 0, got 0.0" in terminal.getvalue()
    assert terminal.run("deal", "KL1-D3N", "--time-limit", "3")[0] == 2
    assert "--time-limit needs --winnable" in terminal.getvalue()
