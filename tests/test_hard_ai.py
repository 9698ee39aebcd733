"""The hard AI (solver/hard_ai.py; issue 15): fair, reproducible, legal, never cycling.

Budgets are small here (3 samples of 300 positions): the tests check what the
hard AI may read and how it chooses, not how well it plays
(benchmarks/bench_ai_players.py measures that).
"""

from __future__ import annotations

import json
import random

import pytest
from cli_runner import run
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import reachable_positions
from test_hint import shuffle_hidden

from solitaire_core import Game, InvalidArgumentError, Position, Variant, legal_moves, player_view
from solitaire_core.solver.hard_ai import hard_hint
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
    with pytest.raises(InvalidArgumentError):
        list(game.play_hints(max_moves=-1))


def test_the_command_line_hint_levels(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hint", "KL1-D1N-AAAAAAG", "--level", "hard", "--json")
    document = json.loads(out)
    assert status == 0 and document["kind"] == "likely_win" and document["move"]
    with pytest.raises(SystemExit) as exited:
        run(capsys, "hint", "KL1-D1N-AAAAAAG", "--level", "expert")
    assert exited.value.code == 2 and "--level" in capsys.readouterr().err
