"""Helpers of the statistics tests: an independent reference, strategies, a writer process.

The reference computes every figure in plain Python from the list of records,
written from the definitions in solitaire_core/statistics/figures.py (and
docs/statistics.md) without looking at the store's SQL: the store's figures
must equal it.
"""

from __future__ import annotations

import multiprocessing.synchronize
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from solitaire_core.statistics import GameRecord, Outcome, StatisticsBoard, StatisticsStore

# --- the reference ------------------------------------------------------------------


def reference_ledger(records: list[GameRecord]) -> dict[str, Any]:
    """The figures of one ledger (records already of one board and one assisted flag)."""
    won = [record for record in records if record.outcome is Outcome.WON]
    streak = best = 0
    for record in records:
        streak = streak + 1 if record.outcome is Outcome.WON else 0
        best = max(best, streak)
    best_score = max((record.score for record in records), default=None)
    best_text = next((record.score_text for record in records if record.score == best_score), None)
    times = [record.seconds for record in won if record.seconds is not None]
    return {
        "played": len(records),
        "won": len(won),
        "lost": sum(record.outcome is Outcome.LOST for record in records),
        "resigned": sum(record.outcome is Outcome.RESIGNED for record in records),
        "win_percentage": 100 * len(won) / len(records) if records else None,
        "current_streak": streak,
        "best_streak": best,
        "best_score": best_score,
        "best_score_text": best_text,
        "fastest_win": min(times) if times else None,
        "fewest_moves": min((record.moves for record in won), default=None),
    }


def reference_board(records: list[GameRecord], board: StatisticsBoard) -> dict[str, Any]:
    """The ``stats --json`` object of a board, from every record (all boards mixed)."""
    mine = [record for record in records if record.board == board]
    return {
        "game": board.game,
        "draw": board.draw,
        "scoring": board.scoring,
        "unassisted": reference_ledger([record for record in mine if not record.assisted]),
        "assisted": reference_ledger([record for record in mine if record.assisted]),
    }


def reference_boards(records: list[GameRecord]) -> list[dict[str, Any]]:
    """Every board with a record, ordered by game, draw and scoring."""
    boards = sorted({record.board for record in records}, key=lambda b: (b.game, b.draw, b.scoring))
    return [reference_board(records, board) for board in boards]


# --- strategies ---------------------------------------------------------------------------

BOARDS = (
    StatisticsBoard("klondike", 1, "standard"),
    StatisticsBoard("klondike", 3, "standard"),
    StatisticsBoard("klondike-draw3", 3, "standard"),
    StatisticsBoard("klondike-vegas", 1, "vegas"),
    StatisticsBoard("Yukon with a waste", 1, "rule-card"),
)
"""A few boards, some alike but for one field, so records collide and must stay apart."""

ZONES = (None, UTC, timezone(timedelta(hours=-3, minutes=-30)))


@st.composite
def game_records(draw: st.DrawFn, boards: tuple[StatisticsBoard, ...] = BOARDS) -> GameRecord:
    """Any valid record on one of ``boards``."""
    score = draw(st.one_of(st.integers(-52, 700), st.integers(-(2**63), 2**63 - 1)))
    return GameRecord(
        board=draw(st.sampled_from(boards)),
        outcome=draw(st.sampled_from(Outcome)),
        score=score,
        score_text=draw(st.one_of(st.just(f"#{score}"), st.text(max_size=8))),
        moves=draw(st.one_of(st.integers(0, 400), st.integers(0, 2**63 - 1))),
        seconds=draw(
            st.one_of(st.none(), st.floats(0, 1e9, allow_nan=False, allow_infinity=False))
        ),
        assisted=draw(st.booleans()),
        code=draw(st.one_of(st.none(), st.text(max_size=20))),
        finished_at=draw(
            st.one_of(
                st.none(),
                st.datetimes(timezones=st.sampled_from(ZONES)).map(
                    lambda moment: moment.replace(fold=0)
                ),
            )
        ),
    )


# --- a writer in another process -------------------------------------------------------


def numbered_record(process: int, index: int) -> GameRecord:
    """The ``index``-th game of writer ``process``: its outcome, board and help follow the index."""
    outcome = (Outcome.WON, Outcome.LOST, Outcome.WON, Outcome.RESIGNED)[index % 4]
    return GameRecord(
        board=BOARDS[index % 2],
        outcome=outcome,
        score=process * 1000 + index,
        moves=index,
        seconds=float(index),
        assisted=index % 5 == 0,
        code=f"p{process}-{index}",
    )


def write_games(
    path: str, process: int, count: int, start: multiprocessing.synchronize.Barrier
) -> None:
    """Record ``count`` games one by one (each its own transaction), after a common start."""
    store = StatisticsStore(Path(path), timeout=60)
    start.wait(timeout=120)
    for index in range(count):
        store.record(numbered_record(process, index))


def moment(day: int) -> datetime:
    """A fixed, made-up date (the tests never read the wall clock)."""
    return datetime(2024, 5, day, 12, 0, tzinfo=UTC)
