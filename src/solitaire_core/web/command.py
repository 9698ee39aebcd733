"""The ``solitaire-core serve`` command: its arguments and its runner.

``serve [--host 127.0.0.1] [--port 8000] [--data FILE] [--stats FILE | --no-stats]
[--max-age-days 30] [--rules FILE]`` serves the web table
(:func:`solitaire_core.web.app.create_app`; ``--rules`` offers a rules file's
game too, loaded by the command line first)
with uvicorn until Ctrl-C or SIGTERM. It needs the ``web`` extra (``pip install
'solitaire-core[web]'``); without it the command says so and exits with status 2,
as it does for a data file it cannot use.

This module imports neither Starlette nor uvicorn: the command line can list
``serve`` without the extra.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="solitaire-core")
>>> _ = add_serve_parser(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["serve", "--port", "8123", "--data", "/tmp/games.sqlite3"])
>>> args.host, args.port, args.data, args.handler is run_serve
('127.0.0.1', 8123, '/tmp/games.sqlite3', True)
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, Final

from solitaire_core.errors import GameStoreError, MissingExtraError, StatisticsError
from solitaire_core.statistics.store import default_database_path

DEFAULT_HOST: Final = "127.0.0.1"
"""The address served unless told: this machine only."""
DEFAULT_PORT: Final = 8000
"""The port served unless told."""
DEFAULT_MAX_AGE_DAYS: Final = 30.0
"""Days a game is kept after its last action unless told."""
EXIT_BAD_INPUT: Final = 2
"""The exit status for a missing extra, a bad argument or a file that cannot be used."""


def default_data_path(environ: dict[str, str] | None = None) -> Path:
    """Where ``serve`` keeps its games unless told: beside the statistics database.

    ``$XDG_DATA_HOME/solitaire-core/web-games.sqlite3`` (``~/.local/share`` for
    an unset ``XDG_DATA_HOME``).

    >>> str(default_data_path({"XDG_DATA_HOME": "/data"}))
    '/data/solitaire-core/web-games.sqlite3'
    """
    env = dict(os.environ) if environ is None else environ
    env.pop("SOLITAIRE_CORE_STATS", None)  # the folder of the default statistics database
    return default_database_path(env).with_name("web-games.sqlite3")


def add_serve_parser(commands: Any) -> argparse.ArgumentParser:
    """Add the ``serve`` command to the command line's subparsers; returns its parser.

    Args:
        commands: what ``ArgumentParser.add_subparsers()`` returned.
    """
    serve: argparse.ArgumentParser = commands.add_parser(
        "serve",
        help="serve the web table: play any game in a browser (pip install 'solitaire-core[web]')",
    )
    serve.add_argument(
        "--host", default=DEFAULT_HOST, help=f"the address to serve (default {DEFAULT_HOST})"
    )
    serve.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})"
    )
    serve.add_argument(
        "--data",
        metavar="FILE",
        help="the SQLite file of the games in play, kept across restarts (default: "
        "$XDG_DATA_HOME/solitaire-core/web-games.sqlite3)",
    )
    recorded = serve.add_mutually_exclusive_group()
    recorded.add_argument(
        "--stats",
        metavar="FILE",
        help="the statistics database where finished games are recorded (default: the one "
        "'solitaire-core stats' reads: $SOLITAIRE_CORE_STATS, else "
        "$XDG_DATA_HOME/solitaire-core/statistics.sqlite3)",
    )
    recorded.add_argument(
        "--no-stats", action="store_true", help="record no statistics (the page shows none)"
    )
    serve.add_argument(
        "--max-age-days",
        type=float,
        default=DEFAULT_MAX_AGE_DAYS,
        metavar="DAYS",
        help=f"forget a game after DAYS without a move (default {DEFAULT_MAX_AGE_DAYS:g})",
    )
    serve.add_argument(
        "--rules",
        dest="rules_files",
        metavar="FILE",
        action="append",
        help="also offer the game of this rules file (docs/rules-files.md); again for more",
    )
    serve.set_defaults(handler=run_serve)
    return serve


def run_serve(args: argparse.Namespace) -> int:
    """Serve the table until stopped; returns the exit status (0, or 2 when it cannot start).

    Args:
        args: the parsed arguments of :func:`add_serve_parser`.
    """
    try:
        import uvicorn  # noqa: PLC0415  (the web extra, imported only here)

        from solitaire_core.web.app import create_app  # noqa: PLC0415
    except ImportError as error:
        missing = MissingExtraError(error.name or "uvicorn", "web", "solitaire-core serve")
        print(f"solitaire-core: error: {missing}", file=sys.stderr)
        return EXIT_BAD_INPUT
    data = Path(args.data) if args.data else default_data_path()
    statistics = None if args.no_stats else (args.stats or default_database_path())
    if not 0 < args.port < 65536:
        print(f"solitaire-core: error: --port must be 1..65535, got {args.port}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        extra = [rules.variant for rules in getattr(args, "loaded_rules", None) or ()]
        app = create_app(
            data=data,
            statistics=statistics,
            max_age=args.max_age_days * 86400.0,
            extra_games=extra,
        )
    except (GameStoreError, StatisticsError, ValueError) as error:
        print(f"solitaire-core: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(
        f"solitaire-core: the table is at http://{args.host}:{args.port}/ "
        f"(games in {data}; statistics in {statistics or 'nowhere'}); Ctrl-C stops",
        file=sys.stderr,
        flush=True,
    )
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


__all__ = [
    "DEFAULT_HOST",
    "DEFAULT_MAX_AGE_DAYS",
    "DEFAULT_PORT",
    "add_serve_parser",
    "default_data_path",
    "run_serve",
]
