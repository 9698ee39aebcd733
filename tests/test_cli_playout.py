"""The ``solitaire-core playout`` command and its loop (cli/_playout.py, playout.py).

Contract tested here (issue 7; the cli package's module docs):

* ``playout --variant KL1-D1N --games N --seed S --max-actions 500 [--json]``
  prints ``{"games": ..., "actions": ..., "wins": ...}`` and nothing else;
* the totals are the documented procedure of playout.py, replayed here step
  by step from its description, and so the same for the same seed;
* bad arguments: exit status 2, a message on stderr, nothing on stdout.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_VEGAS,
    SplitMix64,
    Variant,
    apply_move,
    deal_position,
    legal_moves,
)
from solitaire_core.cli import main
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.playout import PlayoutTotals, playout_deals, run_playouts

KEYS = {"games", "actions", "wins"}


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def totals(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    status, out, err = run(["playout", *argv, "--json"], capsys)
    assert (status, err) == (0, "")
    document: dict[str, Any] = json.loads(out)
    assert set(document) == KEYS
    return document


def documented_playouts(variant: Variant, games: int, seed: int, cap: int) -> PlayoutTotals:
    """The procedure as playout.py's docstring states it, written out independently."""
    deals = SplitMix64(seed)
    choices = SplitMix64(deals.next())
    actions = wins = 0
    for _ in range(games):
        position = deal_position(variant, deals.bounded(26**7))
        for _ in range(cap):
            moves = legal_moves(variant, position)
            if not moves:
                break
            position = apply_move(variant, position, moves[choices.bounded(len(moves))])
            actions += 1
        wins += sum(position.foundations) == 52
    return PlayoutTotals(games, actions, wins)


def test_json_totals_follow_the_documented_procedure(capsys: pytest.CaptureFixture[str]) -> None:
    # Vegas scoring: one pass through the stock, so a game can run out of moves early.
    document = totals(
        ["--variant", "KL1-D1V", "--games", "6", "--seed", "7", "--max-actions", "300"], capsys
    )
    expected = documented_playouts(KLONDIKE_VEGAS, 6, 7, 300)
    assert document == {"games": 6, "actions": expected.actions, "wins": expected.wins}
    assert 0 < expected.actions <= 6 * 300


def test_the_same_seed_gives_the_same_totals(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--variant", "KL1-D3V", "--games", "5", "--seed", "123"]
    first = totals(argv, capsys)
    assert totals(argv, capsys) == first
    assert totals(["--variant", "KL1-D3V", "--games", "5", "--seed", "124"], capsys) != first


def test_defaults_and_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["playout", "--games", "2", "--max-actions", "40"], capsys)
    assert (status, err) == (0, "")
    # Klondike draw 1 recycles without limit: no game stops before the cap
    assert out == "2 games, 80 actions, 0 wins\n"


def test_zero_games_and_a_zero_cap_are_allowed(capsys: pytest.CaptureFixture[str]) -> None:
    assert totals(["--variant", "TF1-D1N", "--games", "0"], capsys) == {
        "games": 0,
        "actions": 0,
        "wins": 0,
    }
    assert totals(["--games", "3", "--max-actions", "0"], capsys)["actions"] == 0


@settings(max_examples=10, deadline=None)  # each example plays a few short games
@given(seed=st.integers(0, 2**64 - 1), games=st.integers(0, 3), cap=st.integers(0, 60))
def test_totals_are_consistent(seed: int, games: int, cap: int) -> None:
    result = run_playouts(KLONDIKE_VEGAS, games=games, seed=seed, max_actions=cap)
    assert result == documented_playouts(KLONDIKE_VEGAS, games, seed, cap)
    assert result.games == games
    assert 0 <= result.wins <= games
    assert 0 <= result.actions <= games * cap


def test_deals_do_not_depend_on_the_number_of_games() -> None:
    assert playout_deals(seed=5, games=4) == playout_deals(seed=5, games=9)[:4]
    assert all(0 <= deal < 26**7 for deal in playout_deals(seed=5, games=9))
    assert len(set(playout_deals(seed=5, games=9))) == 9


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--variant", "KL1-D2N"], "invalid variant 'KL1-D2N': draw at character 5"),
        (["--variant", "XX1-D1N"], "invalid variant 'XX1-D1N': variant at character 0"),
        (["--variant", "KL1-D1N-AAAAAAG"], "expected a code prefix such as KL1-D1N"),
        (["--variant", ""], "expected a code prefix such as KL1-D1N"),
        (["--games", "-1"], "--games must be 0 .. 2**63 - 1, got -1"),
        (["--games", str(2**63)], f"--games must be 0 .. 2**63 - 1, got {2**63}"),
        (["--max-actions", "-5"], "--max-actions must be 0 .. 2**63 - 1, got -5"),
        (["--seed", "-1"], "--seed must be 0 <= S < 2**64, got -1"),
        (["--seed", str(2**64)], "--seed must be 0 <= S < 2**64"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["playout", *argv, "--json"], capsys)
    assert (status, out) == (2, "")
    assert err.startswith("solitaire-core: error: ")
    assert message in err


@pytest.mark.parametrize("argv", [["--games", "many"], ["--seed"], ["--draw", "3"]])
def test_malformed_options_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["playout", *argv])
    assert exited.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "error:" in captured.err


@pytest.mark.parametrize(
    "kwargs",
    [
        {"games": -1, "seed": 0},
        {"games": 1, "seed": -1},
        {"games": 1, "seed": 2**64},
        {"games": 1, "seed": 0, "max_actions": -1},
        {"games": True, "seed": 0},
    ],
)
def test_library_refuses_out_of_range_arguments(kwargs: dict[str, Any]) -> None:
    with pytest.raises(InvalidArgumentError, match="must be an int with"):
        run_playouts(KLONDIKE, **kwargs)


def test_a_seed_of_another_type_is_named_by_its_type() -> None:
    class Seed(int):
        pass

    with pytest.raises(InvalidArgumentError, match=r"got 3 of type Seed$"):
        run_playouts(KLONDIKE, games=1, seed=Seed(3))
    with pytest.raises(InvalidArgumentError, match=r"got True of type bool$"):
        run_playouts(KLONDIKE, games=1, seed=True)
    with pytest.raises(InvalidArgumentError, match=r"got -1$"):  # an int needs no type
        run_playouts(KLONDIKE, games=1, seed=-1)
