"""Resign, the clock and first-arrival scoring in a game session (issue 16)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_core import Game, IllegalMoveError, RuleId
from solitaire_core.game import GameClock, GameResigned, load_document, save_document
from solitaire_core.moves import MoveKind
from solitaire_core.variants import SHIPPED_VARIANTS, Variant


class FakeTime:
    """A time source the test moves by hand (seconds)."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


# --- resign ---------------------------------------------------------------------------


def test_resign_ends_the_game_for_good() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.play("1f")
    game.resign()
    assert game.is_resigned and game.is_over and not game.is_won
    assert game.last_events == (GameResigned(),)
    assert game.actions == ("1f", "resign")
    for action in (lambda: game.play("7f"), game.undo, game.redo, game.resign, game.tap_stock):
        with pytest.raises(IllegalMoveError) as error:
            action()
        assert error.value.refusal.rule is RuleId.GAME_RESIGNED
    assert game.check("7f") is not None
    assert game.try_tap("AH").rule is RuleId.GAME_RESIGNED  # type: ignore[union-attr]
    assert game.auto_play_safe() == () and game.auto_finish() == ()
    assert game.moves_made == 1 and game.score == 10


def test_a_won_game_cannot_be_resigned() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    from solitaire_core import solve

    for move in solve(game.variant, game.position).moves:
        game.play(move)
    with pytest.raises(IllegalMoveError) as error:
        game.resign()
    assert error.value.refusal.rule is RuleId.GAME_WON
    assert not game.is_resigned


def test_a_resigned_game_saves_and_loads() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.play("1f")
    game.resign()
    loaded = load_document(json.loads(json.dumps(save_document(game))))
    assert loaded == game and loaded.is_resigned


@pytest.mark.parametrize("locale", ["en", "hu", "el"])
def test_the_resign_refusal_speaks_every_language(locale: str) -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.resign()
    with pytest.raises(IllegalMoveError) as error:
        game.undo()
    assert error.value.refusal.message(locale) and error.value.refusal.detail(locale)


# --- the clock ------------------------------------------------------------------------


def test_the_clock_starts_at_the_first_move_and_pauses() -> None:
    time = FakeTime()
    game = Game.from_code("KL1-D1N-AAAAAAG", time_source=time)
    time.now += 30  # looking at the deal does not count
    assert (game.clock.elapsed, game.clock.state) == (0.0, "not_started")
    game.play("1f")
    time.now += 12.5
    assert game.clock.elapsed == 12.5
    game.clock.pause()
    time.now += 600
    assert (game.clock.elapsed, game.clock.state) == (12.5, "paused")
    game.clock.resume()
    time.now += 2
    assert game.clock.elapsed == 14.5
    game.clock.pause()
    game.play("7f")  # a move resumes a paused clock
    time.now += 1
    assert game.clock.elapsed == 15.5


def test_the_clock_stops_with_the_game_and_runs_again_after_undoing_the_win() -> None:
    from solitaire_core import solve

    time = FakeTime()
    game = Game.from_code("KL1-D1N-AAAAAAG", time_source=time)
    for move in solve(game.variant, game.position).moves:
        game.play(move)
        time.now += 1
    assert game.is_won and game.clock.state == "stopped"
    played = game.clock.elapsed
    time.now += 100
    assert game.clock.elapsed == played
    game.undo()
    time.now += 3
    assert game.clock.state == "running" and game.clock.elapsed == played + 3
    game.play(game.moves[-1] if False else game.legal_moves[0]) if not game.is_won else None
    resigned = Game.from_code("KL1-D1N-AAAAAAG", time_source=time)
    resigned.play("1f")
    time.now += 5
    resigned.resign()
    time.now += 50
    assert resigned.clock.elapsed == 5 and resigned.clock.state == "stopped"


def test_a_game_saved_mid_clock_resumes_with_the_same_elapsed_time() -> None:
    time = FakeTime()
    game = Game.from_code("KL1-D1N-AAAAAAG", time_source=time)
    game.play("1f")
    time.now += 42.25
    document = json.loads(json.dumps(save_document(game)))
    assert document["clock"] == {"elapsed": 42.25, "state": "running"}
    later = FakeTime(5_000_000.0)  # another process, another day: another time origin
    loaded = load_document(document, time_source=later)
    assert loaded.clock.elapsed == 42.25 and loaded.clock.state == "running"
    later.now += 7.75
    assert loaded.clock.elapsed == 50.0
    paused = Game.from_code("KL1-D1N-AAAAAAG", time_source=time)
    paused.play("1f")
    time.now += 8
    paused.clock.pause()
    restored = load_document(save_document(paused), time_source=later)
    later.now += 1000
    assert (restored.clock.elapsed, restored.clock.state) == (8.0, "paused")


def test_a_clock_without_a_time_source_stays_at_zero() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.play("1f")
    assert game.clock.elapsed == 0.0 and game.clock.state == "running"


@pytest.mark.parametrize(
    "clock",
    [
        {"elapsed": -1, "state": "running"},
        {"elapsed": "1", "state": "running"},
        {"elapsed": 1.0, "state": "ticking"},
        {"elapsed": 1.0},
        {"elapsed": 1.0, "state": "stopped"},  # the game is not over
        {"elapsed": 1.0, "state": "not_started"},
    ],
)
def test_a_bad_clock_in_a_save_is_refused(clock: dict[str, object]) -> None:
    from solitaire_core import SaveFileError
    from solitaire_core.game.save import _checksum

    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.play("1f")
    document = save_document(game)
    document["clock"] = clock
    document["checksum"] = _checksum(document)
    with pytest.raises(SaveFileError, match="clock"):
        load_document(document)
    unplayed = save_document(Game.from_code("KL1-D1N-AAAAAAG"))  # no move: no clock yet
    unplayed["clock"] = {"elapsed": 30.0, "state": "running"}
    document = unplayed
    document["checksum"] = _checksum(document)
    with pytest.raises(SaveFileError, match="clock"):
        load_document(document)


@pytest.mark.parametrize("bad", [float("nan"), -0.5, "soon"])
def test_bad_clock_arguments(bad: object) -> None:
    from solitaire_core import InvalidArgumentError

    with pytest.raises(InvalidArgumentError):
        GameClock(elapsed=bad)  # type: ignore[arg-type]
    clock = GameClock(lambda: bad)  # type: ignore[arg-type, return-value]
    if isinstance(bad, str):
        with pytest.raises(InvalidArgumentError):
            clock.start()


# --- first-arrival scoring ------------------------------------------------------------


SCORED_GAMES = [variant for variant in SHIPPED_VARIANTS.values() if variant.foundation_takeback]


@settings(deadline=None, max_examples=60)
@given(
    variant=st.sampled_from(SCORED_GAMES),
    deal_number=st.integers(0, 10_000),
    seed=st.integers(0, 2**32),
)
def test_a_take_back_and_return_never_gains_points(
    variant: Variant, deal_number: int, seed: int
) -> None:
    """Every shipped scoring: a take-back followed by the same card going home gains nothing."""
    rng = random.Random(seed)
    game = Game(variant, deal_number)
    round_trips = 0
    for _ in range(150):
        moves = game.legal_moves
        if not moves:
            break
        takebacks = [move for move in moves if move.kind is MoveKind.FOUNDATION_TO_COLUMN]
        if takebacks and rng.random() < 0.5:
            score = game.score
            back = game.play(rng.choice(takebacks))
            assert back.target is not None
            home = [
                move
                for move in game.legal_moves
                if move.kind is MoveKind.COLUMN_TO_FOUNDATION and move.source == back.target
            ]
            if home:
                game.play(home[0])
                round_trips += 1
                assert game.score <= score, (game.actions, score, game.score)
            continue
        game.play(rng.choice(moves))


def test_first_arrival_by_hand_and_undo_restores_it() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAJ")  # AC and AD on columns 5: 5f twice
    game.play("5f")
    game.play("5f")
    assert game.score == 30  # two cards home (+20), two flips (+10)
    for _ in range(3):
        game.play("fd2")
        game.play("2f")
        assert game.score == 30
    game.undo()  # the last return: nothing to give back
    assert game.score == 30
    game.undo()  # the last take-back
    game.undo()  # a return
    game.undo()  # a take-back
    game.undo()  # a return
    game.undo()  # a take-back
    game.undo()  # AD's first arrival
    assert game.score == 15
    game.play("5f")
    assert game.score == 30  # the first arrival again


LEGACY = json.loads(
    (Path(__file__).parent / "data" / "saves_before_first_arrival.json").read_text("utf-8")
)


@pytest.mark.parametrize(
    ("name", "revised"),
    [
        ("klondike take-back and return twice", 30),
        ("vegas take-back, return, undo, redo", -42),
        ("rule card take-back and return five times", 5),
    ],
)
def test_saves_from_before_the_revision_load_with_the_revised_score(
    name: str, revised: int
) -> None:
    document = LEGACY[name]
    game = load_document(document)
    assert game.position.to_text() == document["position"]
    assert list(game.actions) == document["actions"]
    assert game.score == revised != document["score"]
    assert load_document(save_document(game)) == game


def test_a_game_shows_its_board_in_jupyter() -> None:
    from solitaire_core import board_svg

    game = Game.from_code("CF1-D3N-AAAAAAB")
    assert game._repr_svg_() == board_svg(game.position, variant=game.variant)


# --- what a first user's attack found --------------------------------------------------------


@pytest.mark.parametrize("reading", [float("nan"), "soon", None, float("inf"), RuntimeError])
def test_a_failing_time_source_changes_nothing(reading: object) -> None:
    from solitaire_core import InvalidArgumentError

    def source() -> float:
        if reading is RuntimeError:
            raise RuntimeError("the app's clock broke")
        return reading  # type: ignore[return-value]

    game = Game.from_code("KL1-D1N-AAAAAAG", time_source=source)
    before = save_document(game)
    with pytest.raises(InvalidArgumentError):
        game.play("7f")
    assert save_document(game) == before
    assert (game.score, game.moves_made, game.actions, game.last_events) == (0, 0, (), ())


def test_bad_settings_variant_or_code_are_refused_up_front() -> None:
    from solitaire_core import KLONDIKE, DealCode, InvalidArgumentError

    with pytest.raises(InvalidArgumentError):
        Game.from_code("KL1-D1N-AAAAAAG", settings="relaxed")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        Game("klondike", 6)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="not the code of this game"):
        Game(KLONDIKE, 6, code=DealCode.parse("KL1-D1N-AAAAAAH"))
    with pytest.raises(InvalidArgumentError, match="not the code of this game"):
        Game(KLONDIKE, 6, code=DealCode.parse("YU1-D0N-AAAAAAG"))
    with pytest.raises(InvalidArgumentError, match="DealCode"):
        Game(KLONDIKE, 6, code="KL1-D1N-AAAAAAG")  # type: ignore[arg-type]


def test_a_finished_game_gets_no_hint_and_stays_unassisted() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.resign()
    advice = game.hint()
    assert advice.move is None and not game.assisted


def test_a_game_without_a_clock_records_no_time() -> None:
    from solitaire_core.statistics import GameRecord, Outcome

    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.play("1f")
    assert GameRecord.from_game(game, outcome=Outcome.LOST).seconds is None
    timed = Game.from_code("KL1-D1N-AAAAAAG", time_source=FakeTime())
    timed.play("1f")
    assert GameRecord.from_game(timed, outcome=Outcome.LOST).seconds == 0.0
