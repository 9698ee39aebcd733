"""The ``solitaire-core`` command line.

Commands (``--json`` output shapes are a contract for other programs):

* ``games [--json]``: the games this library plays, with their keys, deal-code
  prefixes and a one-line summary of their rules. ``games --rules GAME [--json |
  --solvitaire]``: a game's rules file (TOML; our JSON; Solvitaire's rules JSON),
  a starting point for a game of one's own (docs/rules-files.md).
* ``deal CODE [--json]``: the opening position. ``deal GAME [--number N | --seed S]
  [--json]``: a deal of a game by its name, key, alias or code prefix, by number, or
  at random (from ``--seed S``, else from the system's random source); the
  ``deal --json`` document (``code`` null for a game without deal codes) plus
  ``"random": {"source": "seed"|"system", "seed": S|null}`` (null with ``--number``).
  ``deal --winnable GAME [--seed S]
  [--grade easy|medium|hard] [--no-catalogue] [--max-positions N] [--max-deals N]
  [--max-total-positions N] [--json]``: a deal proven winnable, from the game's catalogue or solved
  (:func:`~solitaire_core.solver.winnable.pick_winnable_deal`), its JSON the
  ``deal --json`` document plus ``"winnable": {"proven": ..., "tried": ...,
  "positions": ..., "moves": ..., "seed": ..., "source": "catalogue"|"solver",
  "grade": "easy"|"medium"|"hard"|null}``.
* ``play CODE [MOVES...] [--json] [--lang en|hu|el] [--save FILE]``: replay
  moves (``u`` undoes the last one) and show the position, the legal moves,
  whether it is won, the move counter and the score; optionally save the game.
* ``load FILE [--json]``: restore a saved game and show it as ``play`` does.
* ``solve CODE_OR_RECORD [--max-positions N] [--time-limit SECONDS] [--json]``:
  ``{"result": "solved"|"unwinnable"|"unknown", "moves": [...], "positions": int,
  "pass": "probe"|"best_first"|"fast"|"complete"|null}``: the positions of every
  pass run, and the pass that decided (the moves are a winning line, not a
  shortest one).
* ``hint CODE [MOVES...] [--json] [--lang en|hu|el]``: ``{"move": ..., "reason": ...,
  "kind": ...}`` (``move`` is null when there is no useful move).
* ``perft CODE DEPTH [--json]``: count the move tree (``{"depth": k, "nodes": n}``;
  DEPTH 0..12, and at most 2,000,000 positions expanded: :mod:`solitaire_core.limits`).
* ``import --from shootme|pysol|permutation TEXT [--json] [--draw 1|3]``: a deal
  from another program as a full deal code and its board (``--json``: the
  ``deal --json`` document, ``code`` being the full code, ``deal_number`` null).
* ``export CODE --to shootme|pysol|permutation|solvitaire``: the deal string, layout text,
  card order or Solvitaire deal JSON alone.
* ``playout [--variant KL1-D1N] [--games N] [--seed S] [--max-actions 500] [--json]``:
  uniformly random games (:mod:`solitaire_core.playout`), totals ``{"games": ...,
  "actions": ..., "wins": ...}``.
* ``survey GAME --deals A..B --out FILE [--max-positions N] [--time-limit SECONDS]
  [--workers N | --scheduler ADDRESS] [--resume] [--parquet FILE] [--no-progress]
  [--json]``: solve a range of deals in parallel, one row per deal in a SQLite
  file written as each deal finishes (:mod:`solitaire_core.survey`);
  ``--json`` prints ``{"file", "prefix", "deals": [A, B], "asked",
  "resumed", "stored", "complete", "failures": [...]}``.
* ``survey-report FILE [--json] [--plot FILE.png]``: per game, the winnable
  fraction with its 95% Wilson interval, the decided fraction and the grade
  histogram (:func:`~solitaire_core.survey.report.survey_report`).
* ``stats [--db FILE] [--board GAME] [--timeout SECONDS] [--json]``: the
  statistics recorded by an app (:mod:`solitaire_core.statistics`) per board,
  ``{"database": ..., "boards": [...]}``; the file is ``--db``, else
  ``$SOLITAIRE_CORE_STATS``, else
  ``$XDG_DATA_HOME/solitaire-core/statistics.sqlite3``, and is never created;
  ``--timeout`` is how long to wait for a program writing it (default 5 s).

Every command that takes a game takes ``--rules FILE`` (repeatable; ``_rules``):
a rules file's game (ours in TOML or JSON, or Solvitaire's rules JSON) is
registered first, so its key and deal codes work, and it is the game when the
command is given none.

Every command that takes a CODE takes a deal number code (``KL1-D1N-AAAAAAG``)
or a full deal code (``KL1-D1N-`` + 48 letters). ``play``, ``solve`` and ``hint``
also take any position instead: ``--game NAME --position FILE`` (the game's key,
code prefix or name; the position's JSON as ``deal --json`` prints it, or its
one-line text form; ``-`` reads standard input), the CODE then left out.

Exit status: 0 success, 1 a move was refused by the rules (or, for ``survey``,
a deal's solve failed: it is solved again on ``--resume``), 2 bad input (a
malformed code or move, bad arguments, a file that cannot be used, a missing
optional package, a run beyond its limit: :mod:`solitaire_core.limits`), 130 a
command interrupted by Ctrl-C, or a survey by SIGTERM (a survey's finished
deals are kept).

The package has one private module per command group, each adding its own
commands to the parser (:func:`build_parser` composes them) and running them:
``_games`` (games), ``_deal`` (deal), ``_play`` (play, load), ``_solve``
(solve, hint, perft), ``_interop`` (import, export), ``_playout`` (playout),
``_survey`` (survey, survey-report) and ``_stats`` (stats). ``_rules`` loads the
``--rules`` files. ``_record`` reads
the game that play, solve and hint start from and reports a refused move;
``_common`` holds what every command shares (exit statuses, bad input, int
options, the ``deal --json`` header). The names above are importable from
``solitaire_core.cli`` itself.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from solitaire_core.cli import _deal, _games, _interop, _play, _playout, _solve, _stats, _survey
from solitaire_core.cli._common import (
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    EXIT_REFUSED,
    BadInputError,
    deal_json,
)
from solitaire_core.cli._games import games_json
from solitaire_core.cli._play import game_json
from solitaire_core.cli._record import RefusedError, report_refusal
from solitaire_core.cli._rules import load_rules_options
from solitaire_core.cli._stats import stats_json
from solitaire_core.cli._survey import survey_json
from solitaire_core.errors import (
    CatalogueError,
    InvalidArgumentError,
    MissingExtraError,
    SurveyError,
)
from solitaire_core.limits import MAX_PERFT_DEPTH
from solitaire_core.web.command import add_serve_parser

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_INTERRUPTED",
    "EXIT_REFUSED",
    "MAX_PERFT_DEPTH",
    "build_parser",
    "deal_json",
    "game_json",
    "games_json",
    "main",
    "stats_json",
    "survey_json",
]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``solitaire-core`` command.

    Each command group's module adds its commands, in the order ``--help``
    lists them; every command's ``handler`` default is the function that runs it.
    """
    parser = argparse.ArgumentParser(
        prog="solitaire-core",
        description="Klondike-family solitaire rules engine: deal, play and count moves.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _games.add_commands(commands)  # games
    _deal.add_commands(commands)  # deal
    _play.add_commands(commands)  # play, load
    _solve.add_commands(commands)  # solve, hint, perft
    _interop.add_commands(commands)  # import, export
    _playout.add_commands(commands)  # playout
    _survey.add_commands(commands)  # survey, survey-report
    _stats.add_commands(commands)  # stats
    add_serve_parser(commands)  # serve: the web table (solitaire_core.web)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 refused move, 2 bad input, 130).

    Args:
        argv: the arguments after the program name; None reads ``sys.argv``.

    Output goes to stdout, error messages for bad input to stderr. argparse's
    own usage errors (an unknown command or option) raise ``SystemExit(2)``.
    An ``OSError`` (the output cannot be written: a full disk) is status 2 and
    one line ``solitaire-core: error: ...`` on stderr, not a traceback. Ctrl-C
    (``KeyboardInterrupt``) ends any command with status 130 and the one line
    ``solitaire-core: interrupted`` on stderr (a survey says what it kept).
    """
    try:
        return _run(build_parser(), argv)
    except KeyboardInterrupt:
        print("solitaire-core: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


def _run(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> int:
    """Parse the arguments and run the command; every error but Ctrl-C becomes a status."""
    args = parser.parse_args(argv)
    try:
        load_rules_options(args)  # --rules FILE: the files' games, registered first
        status: int = args.handler(args)
        sys.stdout.flush()
    except (
        BadInputError,
        InvalidArgumentError,
        SurveyError,
        MissingExtraError,
        CatalogueError,
    ) as error:
        # (an InvalidArgumentError that reaches here is a library function's refusal
        # of a value given on the command line, such as a budget beyond 2**63 - 1;
        # a CatalogueError, a damaged catalogue file, named by its path)
        print(f"solitaire-core: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except RefusedError as refused:
        return report_refusal(args, refused)
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        _drop_stdout()
        return EXIT_REFUSED
    except OSError as error:  # the output cannot be written (a full disk), or a file not read
        _drop_stdout()
        reason = error.strerror or str(error) or type(error).__name__
        where = "cannot write the output" if error.filename is None else str(error.filename)
        print(f"solitaire-core: error: {where}: {reason}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return status


def _drop_stdout() -> None:
    """Send what is left of the output nowhere: Python's flush at exit fails no more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real stdout (a test capture): no flush
        pass
