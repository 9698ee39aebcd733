"""The ``solitaire-core solve`` and ``hint`` commands (cli/_solve.py, RULES.md section 9).

Contract tested here (the cli package's module docs):

* ``solve CODE_OR_RECORD [--max-positions N] [--json]`` prints ``{"result":
  "solved"|"unwinnable"|"unknown", "moves": [...], "positions": int, "pass":
  the pass that decided or null}``; a
  record (code then moves, ``u`` undoes) is solved from the position after its
  moves, and the printed moves, played after the record by ``play``, win;
* ``hint CODE [MOVES...] [--json] [--lang en|hu|el]`` prints ``{"move": ...,
  "reason": ..., "kind": ...}`` with ``move`` null when there is no useful move;
* exit status 2 with a message on stderr (nothing on stdout) for a malformed
  code, move or option; 1 with the refusal document for a move the rules
  refuse, as ``play`` does.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from solitaire_core.cli import main

DEAL_6 = "KL1-D1N-AAAAAAG"
"""Klondike draw 1, deal 6: solved within a hundred positions (tests/test_solver.py)."""
DEAD_DRAW_3 = "KL1-D3N-AAAAAAC"
"""Draw 3, deal 2: no move but drawing, nothing drawn ever plays (tests/test_solver.py)."""
TAKEBACK_DEAL = "KL1-D1N-AAAAAEH"
"""Deal 111: 6f sends AH home (turning KS over), fh3 takes it back onto 2C."""
SOLVE_KEYS = {"result", "moves", "positions", "pass"}
HINT_KEYS = {"move", "reason", "kind"}


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    status, out, err = run(argv, capsys)
    assert (status, err) == (0, "")
    document: dict[str, Any] = json.loads(out)
    return document


def played(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """The ``play --json`` document after a code and moves."""
    return run_json(["play", *argv, "--json"], capsys)


# --- solve -------------------------------------------------------------------------


def test_solve_prints_a_line_that_play_confirms_wins(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(["solve", DEAL_6, "--json"], capsys)
    assert set(document) == SOLVE_KEYS
    assert document["result"] == "solved"
    assert document["pass"] in ("probe", "best_first", "fast", "complete")
    assert type(document["positions"]) is int and document["positions"] > 0
    moves = document["moves"]
    assert all(type(move) is str for move in moves) and len(moves) >= 52
    assert played([DEAL_6, *moves], capsys)["won"] is True
    # One move short of the end is not won: the line really is what wins.
    assert played([DEAL_6, *moves[:-1]], capsys)["won"] is False


@pytest.mark.parametrize(
    "code",
    [
        "KL1-D3N-AAAAAAD",  # draw 3, deal 3
        "KL1-D1V-AAAAAAW",  # Vegas, one pass, deal 22
        "TF1-D1N-AAAAAAD",  # Réfléchi, deal 3
        "TF1-D3N-AAAAAAF",  # Réfléchi draw 3, deal 5
    ],
)
def test_solve_uses_the_code_variant(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(["solve", code, "--max-positions", "100000", "--json"], capsys)
    assert document["result"] == "solved"
    assert played([code, *document["moves"]], capsys)["won"] is True
    if code.startswith("KL1-D1V"):
        assert "r" not in document["moves"]  # Vegas never recycles


@pytest.mark.parametrize(
    "record",
    [
        [f"{DEAL_6} 1f 7f"],
        [DEAL_6, "1f", "7f"],
        [f"{DEAL_6} 1f 7f 54 u"],
    ],
    ids=["one-word", "words", "with-undo"],
)
def test_solve_a_record_from_after_its_moves(
    record: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    document = run_json(["solve", *record, "--json"], capsys)
    assert document["result"] == "solved"
    moves = document["moves"]
    history = " ".join(record).split()
    # The line continues the record: played after it, it wins.
    assert played([*history, *moves], capsys)["won"] is True


def test_solve_with_one_position_is_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(["solve", DEAL_6, "--max-positions", "1", "--json"], capsys)
    assert document["result"] == "unknown"
    assert document["moves"] == [] and document["pass"] is None
    assert 0 < document["positions"] <= 1


def test_solve_a_dead_deal_is_unwinnable(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(["solve", DEAD_DRAW_3, "--json"], capsys)
    assert document["result"] == "unwinnable"
    assert document["moves"] == []
    # In Klondike the probe's search is complete (breaking_moves_are_redundant): it
    # runs out of positions first and proves the loss.
    assert document["pass"] == "probe"
    assert document["positions"] > 0


def test_solve_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(["solve", DEAL_6, "--json"], capsys)
    status, out, err = run(["solve", DEAL_6], capsys)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines == [
        f"solved after {document['positions']} positions",
        " ".join(document["moves"]),
    ]
    status, out, _ = run(["solve", DEAD_DRAW_3], capsys)
    assert status == 0 and out.splitlines()[0].startswith("unwinnable after ")


# --- hint ---------------------------------------------------------------------------


def test_hint_json_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    # Deal 6: 7f sends AH home and turns over a hidden card (hint preference 1).
    document = run_json(["hint", DEAL_6, "--json"], capsys)
    assert document == {"move": "7f", "reason": "turns over a hidden card", "kind": "flip"}


def test_hint_json_in_hungarian(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(["hint", DEAL_6, "--json", "--lang", "hu"], capsys)
    assert document == {"move": "7f", "reason": "felfordít egy rejtett lapot", "kind": "flip"}


def test_hint_after_moves(capsys: pytest.CaptureFixture[str]) -> None:
    # After 1f 7f 54 (see test_cli_play): KD may go to the empty column 1,
    # turning over the 3D under it.
    document = run_json(["hint", DEAL_6, "1f", "7f", "54", "--json"], capsys)
    assert set(document) == HINT_KEYS
    assert (document["move"], document["kind"]) == ("31:1", "flip")


def test_hint_never_reverses_the_last_move(capsys: pytest.CaptureFixture[str]) -> None:
    # After 6f fh3 the legal moves are 3f and d; 3f would only undo fh3.
    assert played([TAKEBACK_DEAL, "6f", "fh3"], capsys)["legal_moves"] == ["3f", "d"]
    document = run_json(["hint", TAKEBACK_DEAL, "6f", "fh3", "--json"], capsys)
    assert document == {"move": "d", "reason": "turns new cards from the stock", "kind": "draw"}


def test_hint_with_no_progress_possible_is_null(capsys: pytest.CaptureFixture[str]) -> None:
    # Draw 3, deal 2: eight draws turn the whole stock, r turns it back: every
    # card has been seen and none of them plays (tests/test_solver.py).
    moves = ["d"] * 8 + ["r"]
    assert run_json(["hint", DEAD_DRAW_3, "--json"], capsys)["move"] == "d"  # unseen yet
    document = run_json(["hint", DEAD_DRAW_3, *moves, "--json", "--lang", "hu"], capsys)
    assert document == {
        "move": None,
        "reason": "egyetlen lépés sem változtat már a játszmán",
        "kind": "no_progress",
    }
    status, out, _ = run(["hint", DEAD_DRAW_3, *moves], capsys)
    assert (status, out) == (0, "no move can change the game any more\n")


def test_hint_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["hint", DEAL_6], capsys)
    assert (status, out, err) == (0, "7f: turns over a hidden card\n", "")


# --- bad input --------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "KL9-D1N-AAAAAAG", "--json"],  # unsupported codec version
        ["solve", "XX1-D1N-AAAAAAG"],  # unknown prefix
        ["solve", "TF1-D1V-AAAAAAG"],  # Réfléchi has no Vegas
        ["solve", DEAL_6, "zz", "--json"],  # not a move
        ["solve", f"{DEAL_6} 1f 9f"],  # no column 9
        ["solve", DEAL_6, "--max-positions", "0"],
        ["solve", DEAL_6, "--max-positions", "-3", "--json"],
        ["solve", DEAL_6, "--max-positions", str(2**63)],  # beyond the largest budget
        ["solve", DEAL_6, "--time-limit", "0"],
        ["solve", DEAL_6, "--time-limit", "-2.5", "--json"],
        ["solve", DEAL_6, "--time-limit", "nan"],
        ["hint", "KL1-D1N-AAAAAA", "--json"],  # six letters
        ["hint", DEAL_6, "1f", "q", "--json"],
        ["hint", DEAL_6, "u:2"],
        # no code: the CODE argument became optional (``--game NAME --position FILE`` may
        # stand for it, cli/_record.py), so the command, not argparse, refuses it, still
        # with status 2
        ["solve"],
        ["solve", "--json"],
    ],
)
def test_bad_input_exits_2_with_a_message(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(argv, capsys)
    assert status == 2
    assert out == ""
    assert err.startswith("solitaire-core: error: ")
    for option in ("--max-positions", "--time-limit"):
        if option in argv:
            assert option in err


@pytest.mark.parametrize(
    "argv",
    [
        ["hint", DEAL_6, "--lang", "xx"],
        ["solve", DEAL_6, "--max-positions", "many"],
    ],
)
def test_bad_options_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(argv)
    assert raised.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err


@pytest.mark.parametrize("command", ["solve", "hint"])
def test_a_refused_move_in_the_record_is_reported_like_play(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Deal 6 after 7f: AD (column 1) cannot go on JC (column 2), an Ace is
    # not one rank below a Jack (colours do alternate): WRONG_RANK.
    status, out, err = run([command, DEAL_6, "7f", "12", "--json"], capsys)
    assert status == 1 and err == ""
    document = json.loads(out)
    assert document["error"]["move"] == "12"
    assert document["error"]["index"] == 1
    assert document["error"]["rule"] == "WRONG_RANK"
    play_status, play_out, _ = run(["play", DEAL_6, "7f", "12", "--json"], capsys)
    assert play_status == 1
    assert json.loads(play_out) == document


@pytest.mark.parametrize(
    ("argv", "value"),
    [
        (["solve", DEAL_6, "--max-positions", "\uff11\uff10\uff10"], "\uff11\uff10\uff10"),
        (["solve", DEAL_6, "--max-positions", "1_000"], "1_000"),
        (["hint", DEAL_6, "--level", "hard", "--seed", "\u0667"], "\u0667"),
        (["perft", DEAL_6, "\u0662"], "\u0662"),
        (["playout", "--games", "1e3"], "1e3"),
        (["deal", "KL1-D3N", "--winnable", "--seed", " 7"], " 7"),
    ],
)
def test_int_options_take_only_the_digits_0_to_9(
    argv: list[str], value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Python's int() takes other scripts' digits, underscores and spaces: the command does not
    with pytest.raises(SystemExit) as raised:
        main(argv)
    assert raised.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"{value!r} is not a whole number in the digits 0-9" in captured.err


@pytest.mark.parametrize("digits", [101, 5000])
def test_an_int_option_too_long_is_refused_by_its_length_not_echoed(
    digits: int, capsys: pytest.CaptureFixture[str]
) -> None:
    # int() itself refuses more than 4,300 digits with an error argparse would show raw
    with pytest.raises(SystemExit) as raised:
        main(["hint", DEAL_6, "--level", "hard", "--seed", "9" * digits])
    assert raised.value.code == 2
    err = capsys.readouterr().err
    assert f"({digits} characters) is too long for a whole number" in err
    assert "9" * 100 not in err and "_digits_int" not in err


def test_int_options_take_a_sign() -> None:
    assert main(["perft", DEAL_6, "+1"]) == 0
