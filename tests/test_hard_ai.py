"""The hard AI (solver/hard_ai.py; issue 15): fair, reproducible, legal, never cycling.

Budgets are small here (3 samples of 300 positions): the tests check what the
hard AI may read and how it chooses, not how well it plays
(benchmarks/bench_ai_players.py measures that).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from cli_runner import run
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import reachable_positions
from test_hint import BAD_HINT_ARGUMENTS, shuffle_hidden

from solitaire_core import (
    KLONDIKE,
    Game,
    InvalidArgumentError,
    Position,
    Variant,
    deal_code_position,
    legal_moves,
    player_view,
)
from solitaire_core.solver.hard_ai import WANDER_LIMIT, _wandering, best_in_hindsight, hard_hint
from solitaire_core.solver.hint import Hint, HintKind, hint
from solitaire_core.view import PlayerView


def fast_hint(variant: Variant, position: Position | PlayerView, seed: int = 0) -> Hint:
    return hard_hint(variant, position, seed=seed, samples=3, max_positions=300)


@settings(max_examples=25, deadline=None)
@given(reachable_positions(), st.integers(0, 2**32), st.integers(0, 5))
def test_the_hard_ai_reads_no_hidden_card(
    case: tuple[Variant, Position], shuffle: int, seed: int
) -> None:
    variant, position = case
    expected = fast_hint(variant, position, seed)
    other = shuffle_hidden(position, random.Random(shuffle))
    assert player_view(other) == player_view(position)
    assert fast_hint(variant, other, seed) == expected
    assert fast_hint(variant, player_view(position), seed) == expected
    if expected.move is not None:
        assert expected.move in legal_moves(variant, position)


def test_a_sampled_hint_names_a_move_that_wins_a_sample() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    advice = hard_hint(game.variant, game.position, seed=3, samples=4, max_positions=2_000)
    assert advice.kind is HintKind.LIKELY_WIN and advice.move in game.legal_moves


def test_with_every_card_known_it_is_the_advisory_hint() -> None:
    game = Game.from_code("TF1-D1N-AAAAAAD")
    while game.position.stock:
        game.play("d")
    game.play("r")
    assert fast_hint(game.variant, game.position) == hint(game.variant, game.position)


def test_game_levels_and_bad_arguments() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    with pytest.raises(InvalidArgumentError, match="level"):
        game.hint(level="expert")
    assert not game.assisted  # the refused call changed nothing
    first = game.hint(level="hard", seed=7, max_positions=500)
    assert game.assisted and first.move in game.legal_moves
    assert game.hint(level="hard", seed=7, max_positions=500) == first
    bad: dict[str, object]
    for bad in ({"seed": "7"}, {"seed": True}, {"samples": 0}, {"max_positions": -1}):
        with pytest.raises(InvalidArgumentError):
            hard_hint(game.variant, game.position, **bad)


def test_the_computer_plays_without_cycling() -> None:
    game = Game.from_code("KL1-D3N-AAAAAAD")
    boards = [game.position]
    for advice in game.play_hints(level="hard", seed=1, max_moves=25):
        if advice.move is not None:
            assert game.moves[-1] == advice.move and game.last_events
        boards.append(game.position)
    assert len(set(boards)) == len(boards)  # no position comes back


def test_the_computer_plays_a_whole_game_to_its_end() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    hints = list(game.play_hints())
    assert game.is_won or hints[-1].kind in (HintKind.NO_PROGRESS, HintKind.LOST)
    assert [advice.move for advice in hints if advice.move is not None] == list(game.moves)


def test_play_hints_stops_at_its_limit_and_refuses_a_bad_one() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    assert len(list(game.play_hints(max_moves=3))) == 3 and game.moves_made == 3
    bad: list[dict[str, Any]] = [
        {"max_moves": -1},
        {"level": "expert"},
        {"level": "hard", "seed": -1},
        {"level": "hard", "seed": 2**64},
    ]
    for arguments in bad:  # refused by the call, before the first hint is asked for
        with pytest.raises(InvalidArgumentError):
            game.play_hints(**arguments)
    assert game.moves_made == 3


def test_the_command_line_hint_levels(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hint", "KL1-D1N-AAAAAAG", "--level", "hard", "--json")
    document = json.loads(out)
    assert status == 0 and document["kind"] == "likely_win" and document["move"]
    with pytest.raises(SystemExit) as exited:
        run(capsys, "hint", "KL1-D1N-AAAAAAG", "--level", "expert")
    assert exited.value.code == 2 and "--level" in capsys.readouterr().err


def test_hindsight_takes_the_first_move_that_wins_every_sample() -> None:
    # Two won samples, "a" (its line starts with x) and "b" (with y); the table is what
    # each move is worth in each sample, worked out by hand.
    table = {("a", "x"): 1.0, ("b", "x"): 0.5, ("a", "y"): 1.0, ("b", "y"): 1.0}
    table |= {("a", "z"): 1.0, ("b", "z"): 1.0}
    asked: list[tuple[str, str]] = []

    def outcome(sample: str, first: str, move: str) -> float:
        asked.append((sample, move))
        return table[sample, move]

    samples = [("a", "x"), ("b", "y")]
    assert best_in_hindsight(["x", "y", "z"], samples, outcome) == "y"  # 1.5, then 2: stop
    assert ("a", "z") not in asked and ("b", "z") not in asked
    table[("b", "y")] = 0.0  # now x (1.5) beats y (1.0) and z wins both
    assert best_in_hindsight(["x", "y", "z"], samples, outcome) == "z"
    table[("b", "z")] = 0.5  # x and z tie at 1.5: the earlier one
    assert best_in_hindsight(["x", "y", "z"], samples, outcome) == "x"
    assert best_in_hindsight(["z", "y", "x"], samples, outcome) == "z"


def test_wandering_without_progress_leaves_it_to_the_advisory_hint() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    view = player_view(game.position)
    # The opening, then views with no new best (as many face down, home, in the stock).
    seen = [view] * (WANDER_LIMIT - 1)
    sampled = hard_hint(game.variant, view, seed=3, samples=4, max_positions=2_000, seen=seen)
    assert sampled.kind is HintKind.LIKELY_WIN
    seen.append(view)
    advised = hard_hint(game.variant, view, seed=3, samples=4, max_positions=2_000, seen=seen)
    assert advised == hint(game.variant, view, seen=seen)


def test_the_hard_ai_plays_a_draw_3_game_to_its_end() -> None:
    game = Game.from_code("KL1-D3N-AAAAAAD")  # moved about for 1,000 moves before the limit
    views = [player_view(game.position)]
    for _ in range(800):
        advice = hard_hint(
            game.variant, game.position, seed=1, samples=3, max_positions=300,
            last_move=game.moves[-1] if game.moves else None, seen=views[:-1],
        )  # fmt: skip
        if advice.move is None:
            break
        game.play(advice.move)
        views.append(player_view(game.position))
    assert game.is_won or advice.kind in (HintKind.NO_PROGRESS, HintKind.LOST)
    assert len(set(views)) == len(views)


def progress_view(down: int, home: int, stock: int) -> PlayerView:
    """A view with ``down`` face-down cards, ``home`` cards home, ``stock`` unseen stock cards."""
    return PlayerView(((None,) * down,), (None,) * stock, (), (home, 0, 0, 0), 0)


@pytest.mark.parametrize(
    ("records", "wandering"),
    [
        ([(5, 0, 9)] * WANDER_LIMIT, False),  # the first, then 19 without a new best
        ([(5, 0, 9)] * (WANDER_LIMIT + 1), True),
        ([(5, 0, 9)] * 30 + [(4, 0, 9)] + [(5, 0, 9)] * 5, False),  # a card turned: a best
        ([(5, 0, 9)] * 30 + [(5, 1, 9)], False),  # a card home
        ([(5, 0, 9)] * 30 + [(5, 0, 8)], False),  # a stock card played
        ([(5, 1, 9)] + [(5, 0, 9), (5, 1, 9)] * 10, True),  # a take-back and back: no best
    ],
)
def test_wandering_counts_positions_since_the_last_new_best(
    records: list[tuple[int, int, int]], wandering: bool
) -> None:
    *seen, now = [progress_view(*record) for record in records]
    assert _wandering(now, seen) is wandering


def test_with_every_card_known_the_game_follows_one_winning_line() -> None:
    # Solving afresh after each move once took a card back and sent it home for ever
    # (KL1-D3N-AAAAAAD reached the 1,000-move limit): the game keeps the line found.
    game = Game.from_code("TF1-D1N-AAAAAAD")
    while game.position.stock:
        game.play("d")
    game.play("r")  # Réfléchi: every card is face up; the stock has been seen
    first = game.hint(level="hard", seed=1)
    assert first.kind is HintKind.WINNING_LINE and first.line
    for move in first.line:
        advice = game.hint(level="hard", seed=1)
        assert advice.move == move
        game.play(move)
    assert game.is_won


@pytest.mark.parametrize(("name", "changed"), BAD_HINT_ARGUMENTS)
def test_hard_hint_refuses_an_argument_of_the_wrong_type(
    name: str, changed: dict[str, Any]
) -> None:
    arguments: dict[str, Any] = {
        "variant": KLONDIKE,
        "position": deal_code_position("KL1-D1N-AAAAAAG"),
        **changed,
    }
    with pytest.raises(InvalidArgumentError, match=f"^{name} must"):
        hard_hint(**arguments, samples=3, max_positions=300)


@pytest.mark.parametrize("seed", [-1, 2**64, 2**70])
def test_hard_hint_seeds_are_those_of_playouts_and_winnable_deals(
    seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    with pytest.raises(InvalidArgumentError, match="seed must be an int with 0 <= seed <"):
        hard_hint(game.variant, game.position, seed=seed, samples=3, max_positions=300)
    with pytest.raises(InvalidArgumentError, match="seed must be an int with 0 <= seed <"):
        game.hint(level="hard", seed=seed)
    assert not game.assisted
    known = Game.from_code("TF1-D1N-AAAAAAD")  # every card known: the seed goes unused
    with pytest.raises(InvalidArgumentError, match="seed"):
        known.hint(level="hard", seed=seed)
    assert game.hint(seed=seed).move is not None  # the advisory level has no seed to check
    status, out, err = run(
        capsys, "hint", "KL1-D1N-AAAAAAG", "--level", "hard", "--seed", str(seed)
    )
    assert status == 2 and out == ""
    assert err.startswith("solitaire-core: error: seed must be an int with 0 <= seed <")
    assert game.hint(level="hard", seed=2**64 - 1, max_positions=300).move is not None
