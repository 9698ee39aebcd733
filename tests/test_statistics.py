"""Statistics (solitaire_core.statistics): boards, records and the figures of a store.

Expected figures come from the plain-Python reference in tests/statistics_support.py
(computed over the list of records, in recording order), or are worked out by
hand in the test. The database's robustness (damaged, locked, migrated files,
two writers at once) is tested in test_statistics_store.py.
"""

from __future__ import annotations

import json
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from statistics_support import BOARDS, game_records, moment, reference_board, reference_boards

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    KLONDIKE_VEGAS,
    RULE_CARD,
    RULE_CARD_DRAW_3,
    Game,
    InvalidArgumentError,
    Move,
)
from solitaire_core.scoring import StandardScoring
from solitaire_core.statistics import (
    NO_GAMES,
    BoardStatistics,
    Figures,
    GameRecord,
    Outcome,
    StatisticsBoard,
    StatisticsStore,
    scoring_name,
)
from solitaire_core.variants import registered_variants

DATA = Path(__file__).parent / "data"
WINNING_GAMES: list[dict[str, Any]] = json.loads(
    (DATA / "winning_games.json").read_text(encoding="utf-8")
)
KLONDIKE_BOARD = StatisticsBoard("klondike", 1, "standard")


def as_json(statistics: tuple[BoardStatistics, ...]) -> list[dict[str, Any]]:
    return [board.to_json() for board in statistics]


def record(outcome: Outcome, **fields: Any) -> GameRecord:
    """A record on Klondike's board, with plain defaults for what a test leaves out."""
    values: dict[str, Any] = {"board": KLONDIKE_BOARD, "score": 0, "moves": 100}
    values.update(fields)
    return GameRecord(outcome=outcome, **values)


W, L, R = Outcome.WON, Outcome.LOST, Outcome.RESIGNED


# --- boards -----------------------------------------------------------------------------


def test_every_registered_variant_has_its_own_board() -> None:
    boards = {key: StatisticsBoard.of(variant) for key, variant in registered_variants().items()}
    assert len(set(boards.values())) == len(boards)
    for key, board in boards.items():
        variant = registered_variants()[key]
        assert (board.game, board.draw) == (key, variant.draw_count)


def test_draw_1_and_draw_3_are_different_boards() -> None:
    assert StatisticsBoard.of(KLONDIKE) == StatisticsBoard("klondike", 1, "standard")
    assert StatisticsBoard.of(KLONDIKE_DRAW_3) == StatisticsBoard("klondike-draw3", 3, "standard")
    assert StatisticsBoard.of(RULE_CARD) == StatisticsBoard("rule-card", 1, "rule-card")
    assert StatisticsBoard.of(RULE_CARD_DRAW_3) == StatisticsBoard(
        "rule-card-draw3", 3, "rule-card"
    )
    assert StatisticsBoard.of(KLONDIKE_VEGAS).scoring == "vegas"


def test_unregistered_variant_is_known_by_its_name_and_its_scoring() -> None:
    house_rules = StandardScoring(name="house-rules")
    house = attrs.evolve(KLONDIKE_DRAW_3, name="House rules", scoring=house_rules)
    assert scoring_name(house) == "house-rules"
    assert StatisticsBoard.of(house) == StatisticsBoard("House rules", 3, "house-rules")
    assert str(StatisticsBoard.of(house)) == "House rules, draw 3, house-rules scoring"


@pytest.mark.parametrize(
    ("game", "draw", "scoring"),
    [
        ("", 1, "standard"),
        ("  ", 1, "standard"),
        ("k", -1, "standard"),
        ("k", True, "standard"),
        ("k", 1.0, "standard"),
        ("k", 1, ""),
        (None, 1, "standard"),
    ],
)
def test_board_refuses_bad_fields(game: Any, draw: Any, scoring: Any) -> None:
    with pytest.raises(InvalidArgumentError):
        StatisticsBoard(game, draw, scoring)


# --- records ----------------------------------------------------------------------------


def test_record_defaults() -> None:
    made = GameRecord(board=KLONDIKE_BOARD, outcome=W, score=640, moves=120, seconds=95)
    assert made.score_text == "640"
    assert made.seconds == 95.0 and isinstance(made.seconds, float)
    assert (made.assisted, made.code, made.finished_at) == (False, None, None)


@pytest.mark.parametrize(
    "fields",
    [
        {"board": "klondike"},
        {"outcome": "won"},
        {"score": 1.5},
        {"score": True},
        {"score": 2**63},
        {"score_text": 5},
        {"moves": -1},
        {"moves": 2**63},
        {"seconds": -0.5},
        {"seconds": float("nan")},
        {"seconds": float("inf")},
        {"seconds": "12"},
        {"assisted": 1},
        {"code": 7},
        {"finished_at": "2024-05-01"},
    ],
    ids=repr,
)
def test_record_refuses_bad_fields(fields: dict[str, Any]) -> None:
    values: dict[str, Any] = {"board": KLONDIKE_BOARD, "outcome": W, "score": 0, "moves": 0}
    values.update(fields)
    with pytest.raises(InvalidArgumentError):
        GameRecord(**values)


class FakeTime:
    """A time source the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def won_game(index: int, time: FakeTime | None = None) -> Game:
    entry = WINNING_GAMES[index]
    game = Game.from_code(entry["code"], time_source=time)
    for text in entry["moves"]:
        game.play(Move.parse(text))
        if time is not None:
            time.now += 2.5
    assert game.is_won
    return game


def test_from_game_won() -> None:
    time = FakeTime()
    game = won_game(4, time)  # a Vegas game
    made = GameRecord.from_game(game, finished_at=moment(3))
    assert made == GameRecord(
        board=StatisticsBoard("klondike-vegas", 1, "vegas"),
        outcome=W,
        score=game.score,
        score_text=game.score_text,
        moves=game.moves_made,
        seconds=2.5 * (len(WINNING_GAMES[4]["moves"]) - 1),  # the clock starts at the first move
        assisted=False,
        code=WINNING_GAMES[4]["code"],
        finished_at=moment(3),
    )
    assert made.score_text.startswith("+$")
    assert GameRecord.from_game(game, outcome=W) == attrs.evolve(made, finished_at=None)


def test_from_game_resigned_and_assisted() -> None:
    time = FakeTime()
    game = Game.from_code("KL1-D3N-AAAAAAG", time_source=time)
    game.play("1f")
    time.now += 30
    game.play("7f")
    game.undo()
    time.now += 12
    game.resign()
    time.now += 100  # the clock stopped at the resignation
    made = GameRecord.from_game(game)
    assert (made.outcome, made.assisted, made.moves, made.seconds) == (R, True, 2, 42.0)
    assert made.board == StatisticsBoard.of(KLONDIKE_DRAW_3)
    assert (made.score, made.score_text, made.code) == (10, "10", "KL1-D3N-AAAAAAG")
    assert GameRecord.from_game(game, outcome=R) == made


def test_from_game_in_play_needs_outcome_lost() -> None:
    game = Game(KLONDIKE, 6)
    game.play("d")
    with pytest.raises(InvalidArgumentError, match="not finished"):
        GameRecord.from_game(game)
    for outcome in (W, R):
        with pytest.raises(InvalidArgumentError, match="not finished"):
            GameRecord.from_game(game, outcome=outcome)
    made = GameRecord.from_game(game, outcome=L)
    # no time source: no playing time (not a 0-second game)
    assert (made.outcome, made.moves, made.seconds, made.code) == (L, 1, None, "KL1-D1N-AAAAAAG")


def test_from_game_refuses_an_outcome_that_contradicts_the_game() -> None:
    game = won_game(0)
    for outcome in (L, R):
        with pytest.raises(InvalidArgumentError, match="the game is won"):
            GameRecord.from_game(game, outcome=outcome)
    resigned = Game(KLONDIKE, 6)
    resigned.resign()
    for outcome in (W, L):
        with pytest.raises(InvalidArgumentError, match="the game is resigned"):
            GameRecord.from_game(resigned, outcome=outcome)
    with pytest.raises(InvalidArgumentError):
        GameRecord.from_game(resigned, outcome="lost")  # type: ignore[arg-type]


def test_a_game_without_a_code() -> None:
    game = Game(KLONDIKE, start=Game(KLONDIKE, 6).position)
    game.resign()
    made = GameRecord.from_game(game)
    assert (made.code, made.board) == (None, StatisticsBoard.of(KLONDIKE))


# --- figures by hand ------------------------------------------------------------------------


def store_of(records: list[GameRecord], folder: str | Path) -> StatisticsStore:
    store = StatisticsStore(Path(folder) / "statistics.sqlite3")
    store.record_all(records)
    return store


def test_streaks_by_hand(tmp_path: Path) -> None:
    outcomes = [W, W, L, W, W, W, R, W]
    store = store_of([record(outcome) for outcome in outcomes], tmp_path)
    figures = store.board_statistics(KLONDIKE_BOARD).unassisted
    assert (figures.current_streak, figures.best_streak) == (1, 3)
    assert (figures.played, figures.won, figures.lost, figures.resigned) == (8, 6, 1, 1)
    assert figures.win_percentage == 75.0
    store.record(record(L))
    assert store.board_statistics(KLONDIKE_BOARD).unassisted.current_streak == 0


def test_assisted_games_neither_extend_nor_break_the_streak(tmp_path: Path) -> None:
    games = [record(W), record(L, assisted=True), record(W), record(W, assisted=True), record(W)]
    statistics = store_of(games, tmp_path).board_statistics(KLONDIKE_BOARD)
    assert (statistics.unassisted.played, statistics.unassisted.current_streak) == (3, 3)
    assert (statistics.assisted.played, statistics.assisted.won) == (2, 1)
    assert (statistics.assisted.current_streak, statistics.assisted.best_streak) == (1, 1)
    assert statistics.played == 5


def test_bests_by_hand(tmp_path: Path) -> None:
    vegas = StatisticsBoard("klondike-vegas", 1, "vegas")
    games = [
        record(L, board=vegas, score=-37, score_text="-$37", moves=80, seconds=50.0),
        record(R, board=vegas, score=-12, score_text="-$12", moves=30, seconds=20.0),
        record(L, board=vegas, score=-52, score_text="-$52", moves=10),
    ]
    store = store_of(games, tmp_path)
    figures = store.board_statistics(vegas).unassisted
    # Never won: the best score is the loss that cost least; no fastest win, no fewest moves.
    assert (figures.best_score, figures.best_score_text) == (-12, "-$12")
    assert (figures.fastest_win, figures.fewest_moves, figures.win_percentage) == (None, None, 0.0)
    store.record_all(
        [
            record(W, board=vegas, score=208, score_text="+$208", moves=140, seconds=None),
            record(W, board=vegas, score=198, score_text="+$198", moves=120, seconds=300.0),
            record(W, board=vegas, score=208, score_text="+$208", moves=160, seconds=250.5),
            record(R, board=vegas, score=-2, score_text="-$2", moves=5, seconds=1.0),
        ]
    )
    figures = store.board_statistics(vegas).unassisted
    assert (figures.best_score, figures.best_score_text) == (208, "+$208")
    # Fastest and fewest count wins only (the quick resignation does not); a win without a time
    # has no time to count.
    assert (figures.fastest_win, figures.fewest_moves) == (250.5, 120)


def test_empty_board_and_missing_file(tmp_path: Path) -> None:
    store = StatisticsStore(tmp_path / "nothing" / "here.sqlite3")
    assert store.all_boards() == ()
    assert store.games() == ()
    assert store.board_statistics(KLONDIKE_BOARD) == BoardStatistics(board=KLONDIKE_BOARD)
    assert store.board_statistics(KLONDIKE_BOARD).unassisted == NO_GAMES == Figures()
    assert NO_GAMES.win_percentage is None and NO_GAMES.best_score is None
    store.record_all([])
    assert not (tmp_path / "nothing").exists()  # reading (or recording nothing) creates nothing


def test_record_creates_the_folder(tmp_path: Path) -> None:
    store = StatisticsStore(tmp_path / "a" / "b" / "statistics.sqlite3")
    store.record(record(W))
    assert store.path.is_file()
    assert store.games() == (record(W),)


def test_record_all_is_all_or_nothing(tmp_path: Path) -> None:
    store = store_of([record(W)], tmp_path)
    with pytest.raises(InvalidArgumentError):
        store.record_all([record(W), "a game", record(L)])  # type: ignore[list-item]
    assert store.games() == (record(W),)


def test_store_refuses_bad_arguments(tmp_path: Path) -> None:
    for timeout in (0, -1, float("nan"), "5"):
        with pytest.raises(InvalidArgumentError):
            StatisticsStore(tmp_path / "s.sqlite3", timeout=timeout)  # type: ignore[arg-type]
    store = StatisticsStore(tmp_path / "s.sqlite3")
    with pytest.raises(InvalidArgumentError):
        store.board_statistics("klondike")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        store.games("klondike")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        store.record(None)  # type: ignore[arg-type]
    assert repr(store) == f"StatisticsStore({str(tmp_path / 's.sqlite3')!r}, timeout=5.0)"
    for version in ((3, 24.0, 0), [3, 24, 0], "3.24.0", (3, True)):
        with pytest.raises(InvalidArgumentError, match="sqlite_version"):
            StatisticsStore(tmp_path / "s.sqlite3", sqlite_version=version)  # type: ignore[arg-type]
    old = StatisticsStore(tmp_path / "s.sqlite3", timeout=1, sqlite_version=(3, 24, 0))
    assert repr(old) == (
        f"StatisticsStore({str(tmp_path / 's.sqlite3')!r}, timeout=1.0, sqlite_version=(3, 24, 0))"
    )


def test_records_from_real_games(tmp_path: Path) -> None:
    records = []
    for index in range(len(WINNING_GAMES)):
        records.append(GameRecord.from_game(won_game(index), finished_at=moment(index + 1)))
        lost = Game.from_code(WINNING_GAMES[index]["code"])
        lost.play(WINNING_GAMES[index]["moves"][0])
        records.append(GameRecord.from_game(lost, outcome=L))
    store = store_of(records, tmp_path)
    assert store.games() == tuple(records)
    assert as_json(store.all_boards()) == reference_boards(records)
    draw_3 = store.board_statistics(StatisticsBoard.of(KLONDIKE_DRAW_3))
    assert draw_3.to_json() == reference_board(records, StatisticsBoard.of(KLONDIKE_DRAW_3))
    assert draw_3.unassisted.played == 4  # two deals of KL1-D3N, each won once and lost once


# --- figures against the reference, over random histories ---------------------------------

histories = st.lists(game_records(), max_size=40)


@settings(deadline=None)
@given(histories, st.integers(0, 40))
def test_figures_match_the_reference(records: list[GameRecord], split: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = StatisticsStore(Path(folder) / "statistics.sqlite3")
        store.record_all(records[:split])  # a batch, then one game at a time
        for each in records[split:]:
            store.record(each)
        assert store.games() == tuple(records)
        assert as_json(store.all_boards()) == reference_boards(records)
        for board in BOARDS:
            assert store.board_statistics(board).to_json() == reference_board(records, board)


@settings(deadline=None)
@given(histories)
def test_assisted_games_never_change_unassisted_figures(records: list[GameRecord]) -> None:
    unassisted = [each for each in records if not each.assisted]
    with tempfile.TemporaryDirectory() as folder:
        mixed = store_of(records, Path(folder) / "mixed")
        alone = store_of(unassisted, Path(folder) / "alone")
        for board in BOARDS:
            assert (
                mixed.board_statistics(board).unassisted == alone.board_statistics(board).unassisted
            )


@settings(deadline=None)
@given(histories)
def test_draw_1_and_draw_3_never_mix(records: list[GameRecord]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        mixed = store_of(records, Path(folder) / "mixed")
        for board in BOARDS:
            own = [each for each in records if each.board == board]
            alone = store_of(own, Path(folder) / f"{board.game}-{board.draw}-{board.scoring}")
            assert mixed.board_statistics(board) == alone.board_statistics(board)
            assert mixed.games(board) == tuple(own)


def test_figures_to_json_keys() -> None:
    assert list(Figures().to_json()) == [
        "played",
        "won",
        "lost",
        "resigned",
        "win_percentage",
        "current_streak",
        "best_streak",
        "best_score",
        "best_score_text",
        "fastest_win",
        "fewest_moves",
    ]
    assert list(BoardStatistics(board=KLONDIKE_BOARD).to_json()) == [
        "game",
        "draw",
        "scoring",
        "unassisted",
        "assisted",
    ]


def test_finished_at_round_trips(tmp_path: Path) -> None:
    naive = datetime(2024, 2, 29, 23, 59, 59, 999999)
    games = [record(W, finished_at=naive), record(L, finished_at=moment(9)), record(R)]
    assert store_of(games, tmp_path).games() == tuple(games)
