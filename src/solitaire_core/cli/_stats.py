"""``solitaire-core stats``: the game statistics an app recorded, per board."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from solitaire_core.cli._common import BadInputError, print_json
from solitaire_core.errors import InvalidArgumentError, StatisticsError
from solitaire_core.statistics import (
    DEFAULT_TIMEOUT,
    BoardStatistics,
    Figures,
    StatisticsBoard,
    StatisticsStore,
    default_database_path,
)
from solitaire_core.variants import lookup_variant


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``stats`` command to the command line's subparsers."""
    stats = commands.add_parser(
        "stats", help="show the game statistics an app recorded, per game, draw and scoring"
    )
    stats.add_argument(
        "--db",
        metavar="FILE",
        help="the statistics database (default: $SOLITAIRE_CORE_STATS, else "
        "$XDG_DATA_HOME/solitaire-core/statistics.sqlite3)",
    )
    stats.add_argument(
        "--board",
        metavar="GAME",
        help="only this game: a key such as klondike-draw3, a code header such as KL1-D3N, "
        "or a name",
    )
    stats.add_argument(
        "--timeout",
        metavar="SECONDS",
        type=float,
        default=DEFAULT_TIMEOUT,
        help="how long to wait for a program writing the database "
        f"(default {DEFAULT_TIMEOUT:g} seconds)",
    )
    stats.add_argument("--json", action="store_true", help="print JSON")
    stats.set_defaults(handler=_command_stats)


def stats_json(database: Path, boards: Sequence[BoardStatistics]) -> dict[str, Any]:
    """The ``stats --json`` document: the database file and every board's figures.

    ``{"database": "<path>", "boards": [...]}``, each board as
    :meth:`~solitaire_core.statistics.BoardStatistics.to_json` (docs/cli.md).
    """
    return {"database": str(database), "boards": [board.to_json() for board in boards]}


def _command_stats(args: argparse.Namespace) -> int:
    if args.db == "":
        raise BadInputError("--db needs a file name")
    if not 0 < args.timeout < float("inf"):  # NaN is refused too
        raise BadInputError(f"--timeout must be seconds > 0, got {args.timeout}")
    database = Path(args.db) if args.db is not None else default_database_path()
    store = StatisticsStore(database, timeout=args.timeout)
    try:
        boards = store.all_boards() if args.board is None else _stats_boards(store, args.board)
    except StatisticsError as error:
        raise BadInputError(str(error)) from None
    if args.json:
        print_json(stats_json(database, boards))
        return 0
    if not boards:
        print(f"no games recorded in {database}")
        return 0
    for index, statistics in enumerate(boards):
        if index:
            print()
        print(statistics.board)
        print(f"  unassisted: {_figures_text(statistics.unassisted)}")
        print(f"  assisted:   {_figures_text(statistics.assisted)}")
    return 0


def _stats_boards(store: StatisticsStore, name: str) -> tuple[BoardStatistics, ...]:
    """The board of a game name (key, code header or name), else recorded boards of that game.

    Raises:
        BadInputError: when the name is neither a known game nor a recorded board's game.
        StatisticsError: from the store.
    """
    try:
        variant = lookup_variant(name)
    except InvalidArgumentError as error:
        recorded = tuple(board for board in store.all_boards() if board.board.game == name.strip())
        if not recorded:
            raise BadInputError(f"{error}; nor is it a game recorded in {store.path}") from None
        return recorded
    return (store.board_statistics(StatisticsBoard.of(variant)),)


def _figures_text(figures: Figures) -> str:
    """One ledger's figures in a line: counts, win rate, streaks and bests."""
    if not figures.played:
        return "no games"
    parts = [
        f"{figures.played} played, {figures.won} won ({figures.win_percentage:.1f}%), "
        f"{figures.lost} lost, {figures.resigned} resigned",
        f"streak {figures.current_streak}, best streak {figures.best_streak}",
        f"best score {figures.best_score_text}",
    ]
    if figures.fastest_win is not None:
        parts.append(f"fastest win {_duration(figures.fastest_win)}")
    if figures.fewest_moves is not None:
        parts.append(f"fewest moves {figures.fewest_moves}")
    return "; ".join(parts)


def _duration(seconds: float) -> str:
    """Seconds as a clock shows them, to the nearest second: ``"4:05"``, ``"1:02:03"``."""
    minutes, second = divmod(round(seconds), 60)
    hours, minute = divmod(minutes, 60)
    return f"{hours}:{minute:02d}:{second:02d}" if hours else f"{minute}:{second:02d}"
