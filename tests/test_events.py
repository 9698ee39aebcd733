"""Move events (issue 16): applying an action's events to the view before it gives the view after.

The client side is tests/view_model.py, written from the documented shapes.
Every kind of action is exercised on random games of every shipped game:
moves, undo, redo, the four gestures, auto-play, auto-finish and resign.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from view_model import apply_events, comparable

from solitaire_core import Game, IllegalMoveError, Move, MoveKind, parse_card, solve
from solitaire_core.cards import CARD_TEXTS
from solitaire_core.game import (
    CardsMoved,
    CardTurned,
    GameNoLongerWon,
    GameResigned,
    GameWon,
    PilePlace,
    ScoreChanged,
    view_schema,
)
from solitaire_core.variants import SHIPPED_VARIANTS, Variant

GAMES = tuple(SHIPPED_VARIANTS.values())
SCHEMA = view_schema()
EVENTS_SCHEMA = {"$schema": SCHEMA["$schema"], "$defs": SCHEMA["$defs"], "$ref": "#/$defs/events"}
EVENTS_VALIDATOR = jsonschema.Draft202012Validator(EVENTS_SCHEMA)
CARD = re.compile(r'"([A23456789TJQK][SHDC])"')


def visible_cards(view: dict[str, Any]) -> set[str]:
    """Every card text the view shows (the legal moves included)."""
    return set(CARD.findall(json.dumps(view)))


def act(game: Game, rng: random.Random) -> str:
    """One random action of any kind; returns its name (the game may refuse it)."""
    kinds = ["play", "play", "play", "undo", "redo", "tap", "double_tap", "drag", "tap_stock"]
    kinds += ["auto_play_safe", "auto_finish"]
    kind = rng.choice(kinds)
    position = game.position
    shown = [
        card
        for pile, down in zip(position.tableau, position.face_down, strict=True)
        for card in pile[down:]
    ] + list(position.waste[-1:])
    if kind == "play":
        moves = game.legal_moves
        if moves:
            game.play(rng.choice(moves))
    elif kind == "undo":
        game.undo()
    elif kind == "redo":
        game.redo()
    elif kind == "tap" and shown:
        game.tap(CARD_TEXTS[rng.choice(shown)])
    elif kind == "double_tap" and shown:
        game.double_tap(rng.choice(shown))
    elif kind == "drag" and shown:
        game.drag(rng.choice(shown), to_column=rng.randrange(len(position.tableau)))
    elif kind == "tap_stock":
        game.tap_stock()
    elif kind == "auto_play_safe":
        game.auto_play_safe()
    elif kind == "auto_finish":
        game.auto_finish()
    return kind


def check_action(game: Game, rng: random.Random) -> None:
    before = game.view_json()
    events_before = game.last_events
    try:
        act(game, rng)
    except IllegalMoveError:
        assert game.view_json() == before  # a refusal changes nothing
        assert game.last_events == events_before
        return
    after = game.view_json()
    if after == before:
        return  # nothing was done (auto-play with nothing safe, a gesture on no card)
    events = game.last_events_json()
    EVENTS_VALIDATOR.validate(events)
    assert comparable(apply_events(before, events)) == comparable(after)
    named = set(CARD.findall(str(events).replace("'", '"')))
    assert named <= visible_cards(before) | visible_cards(after)


@settings(deadline=None, max_examples=60)
@given(
    variant=st.sampled_from(GAMES),
    deal_number=st.integers(0, 10_000),
    seed=st.integers(0, 2**32),
)
def test_events_replay_the_view_for_every_action(
    variant: Variant, deal_number: int, seed: int
) -> None:
    rng = random.Random(seed)
    game = Game(variant, deal_number)
    for _ in range(50):
        check_action(game, rng)
    before = game.view_json()
    if not game.is_won:
        game.resign()
        assert game.last_events == (GameResigned(),)
        assert comparable(apply_events(before, game.last_events_json())) == comparable(
            game.view_json()
        )


WON_DEALS = {
    "klondike": 6,
    "canfield": 2,
    "will-o-the-wisp": 1,
    "nine-across": 3,
    "double-klondike": 0,
}
"""Deals the solver wins quickly (tests/test_family_solver.py): a reserve, spider runs, a base."""


@pytest.mark.parametrize(("key", "deal_number"), sorted(WON_DEALS.items()))
def test_winning_and_undoing_the_win(key: str, deal_number: int) -> None:
    variant = SHIPPED_VARIANTS[key]
    game = Game(variant, deal_number)
    line = solve(variant, game.position).moves
    for move in line[:-1]:
        check_move_events(game, move)
    before = game.view_json()
    game.play(line[-1])
    assert game.last_events[-1] == GameWon()
    assert comparable(apply_events(before, game.last_events_json())) == comparable(game.view_json())
    won = game.view_json()
    game.undo()
    assert game.last_events[0] == GameNoLongerWon()
    assert comparable(apply_events(won, game.last_events_json())) == comparable(before)


def check_move_events(game: Game, move: Move) -> None:
    before = game.view_json()
    game.play(move)
    assert comparable(apply_events(before, game.last_events_json())) == comparable(game.view_json())


def test_a_flip_by_hand() -> None:
    # deal 6: AH on top of column 7 over 6 face-down cards; 4D lies under it
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.play("7f")
    assert game.last_events == (
        CardsMoved((parse_card("AH"),), PilePlace("column", 6, 6), PilePlace("foundation", 1, 0)),
        CardTurned(parse_card("4D"), PilePlace("column", 6, 5), face_up=True),
        ScoreChanged(0, 15, "column_to_foundation"),
    )
    game.undo()
    undone: tuple[object, ...] = game.last_events
    assert undone == (
        ScoreChanged(15, 0, "undo"),
        CardTurned(parse_card("4D"), PilePlace("column", 6, 5), face_up=False),
        CardsMoved((parse_card("AH"),), PilePlace("foundation", 1, 0), PilePlace("column", 6, 6)),
    )


def test_a_draw_of_three_moves_one_card_at_a_time() -> None:
    game = Game.from_code("KL1-D3N-AAAAAAG")
    stock = game.position.stock
    game.play(Move.draw())
    assert game.last_events == tuple(
        CardsMoved((stock[-1 - i],), PilePlace("stock", 0, 23 - i), PilePlace("waste", 0, i))
        for i in range(3)
    )
    assert game.position.waste == (stock[-1], stock[-2], stock[-3])


def test_a_refused_action_keeps_the_last_events() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.play("1f")
    events = game.last_events
    with pytest.raises(IllegalMoveError):
        game.play("w3")
    with pytest.raises(IllegalMoveError):
        game.tap("KD")
    assert game.last_events == events


def test_auto_play_gives_the_events_of_all_its_moves() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    before = game.view_json()
    moves = game.auto_play_safe()
    assert [move.kind for move in moves] == [MoveKind.COLUMN_TO_FOUNDATION] * len(moves)
    assert len(moves) >= 2  # AD and AH are always safe
    moved = [event for event in game.last_events if isinstance(event, CardsMoved)]
    assert len(moved) == len(moves)
    assert comparable(apply_events(before, game.last_events_json())) == comparable(game.view_json())


def test_automation_that_plays_nothing_leaves_no_events() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAB")
    game.play("d")
    assert game.last_events
    assert game.auto_play_safe() == () and game.last_events == ()
    game.play("d")
    assert game.auto_finish() == () and game.last_events == ()
