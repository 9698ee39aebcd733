"""Game statistics per board, kept in SQLite (RULES.md sections 6 and 10, the rule card).

An app records every finished game, then shows the figures of each board (a
game with its draw count and scoring, so draw 3 never mixes with draw 1);
games with help (an undo, a hint or an auto-finish) are counted apart.

* :mod:`~solitaire_core.statistics.records`: :class:`StatisticsBoard`,
  :class:`Outcome` and :class:`GameRecord` (one finished game);
* :mod:`~solitaire_core.statistics.figures`: :class:`Figures` and
  :class:`BoardStatistics`, what a player sees, and what each figure means;
* :mod:`~solitaire_core.statistics.store`: :class:`StatisticsStore`, the SQLite
  file (atomic, safe for concurrent writers, refusing damaged files);
* :mod:`~solitaire_core.statistics.schema`: the schema version and migrations.

>>> import pathlib, tempfile
>>> from solitaire_core import KLONDIKE_DRAW_3
>>> store = StatisticsStore(pathlib.Path(tempfile.mkdtemp()) / "statistics.sqlite3")
>>> board = StatisticsBoard.of(KLONDIKE_DRAW_3)
>>> for outcome in (Outcome.WON, Outcome.WON, Outcome.LOST, Outcome.WON):
...     store.record(GameRecord(board=board, outcome=outcome, score=600, moves=150))
>>> figures = store.board_statistics(board).unassisted
>>> figures.played, figures.won, figures.current_streak, figures.best_streak
(4, 3, 1, 2)
"""

from typing import Any

from solitaire_core._deprecated import warn_moved
from solitaire_core.errors import StatisticsError
from solitaire_core.statistics.figures import NO_GAMES, BoardStatistics, Figures
from solitaire_core.statistics.records import GameRecord, Outcome, StatisticsBoard, scoring_name
from solitaire_core.statistics.schema import SCHEMA_VERSION
from solitaire_core.statistics.store import (
    DEFAULT_TIMEOUT,
    StatisticsStore,
    default_database_path,
)


def __getattr__(name: str) -> Any:
    """``Board``: now :class:`StatisticsBoard` (a deprecated alias that warns)."""
    if name == "Board":
        warn_moved(f"{__name__}.Board", f"{__name__}.StatisticsBoard")
        return StatisticsBoard
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT_TIMEOUT",
    "NO_GAMES",
    "SCHEMA_VERSION",
    "BoardStatistics",
    "Figures",
    "GameRecord",
    "Outcome",
    "StatisticsBoard",
    "StatisticsError",
    "StatisticsStore",
    "default_database_path",
    "scoring_name",
]
