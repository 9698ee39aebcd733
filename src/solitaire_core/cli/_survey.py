"""``solitaire-core survey`` and ``survey-report``: many deals solved into a file, and its report.

Dask, tqdm, pyarrow and matplotlib stay optional: :mod:`solitaire_core.survey`
imports them only when a run asks for them (``--scheduler``, the progress bar,
``--parquet``, ``--plot``).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from types import FrameType
from typing import Any

from solitaire_core.cli._common import (
    EXIT_INTERRUPTED,
    EXIT_REFUSED,
    BadInputError,
    digits_int,
    print_json,
)
from solitaire_core.cli._rules import add_rules_option, default_game_key, loaded_rules
from solitaire_core.limits import MAX_COUNT
from solitaire_core.solver import DEFAULT_MAX_POSITIONS
from solitaire_core.survey import (
    DaskScheduler,
    DealRow,
    LocalProcesses,
    SurveyOutcome,
    SurveySettings,
    SurveyStore,
    game_prefix,
    parse_deal_range,
    plot_grades,
    report_text,
    run_survey,
    survey_report,
    write_parquet,
)
from solitaire_core.survey.deals import header_text
from solitaire_core.survey.progress import progress_bar
from solitaire_core.survey.report import deals_text
from solitaire_core.variants import GameRules


def prefix_of(rules: GameRules) -> str | None:
    """The deal-code header (``"KE1-D1N"``) of a rules file's game, or None."""
    return header_text(rules.variant)


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``survey`` and ``survey-report`` commands to the command line's subparsers."""
    survey = commands.add_parser(
        "survey", help="solve a range of deals of a game in parallel, a row per deal in a file"
    )
    survey.add_argument(
        "game",
        metavar="GAME",
        nargs="?",
        help="a deal-code prefix such as KL1-D3N, or a game with one (klondike-draw3, yukon); "
        "default: the --rules file's game",
    )
    survey.add_argument(
        "--deals", required=True, help="deal numbers A..B (both included), or a count N for 0..N-1"
    )
    survey.add_argument("--out", required=True, metavar="FILE", help="the survey file (SQLite)")
    survey.add_argument(
        "--max-positions",
        type=digits_int,
        default=DEFAULT_MAX_POSITIONS,
        help=f"solver budget per deal, in positions (default {DEFAULT_MAX_POSITIONS})",
    )
    survey.add_argument(
        "--time-limit",
        type=float,
        metavar="SECONDS",
        help="also stop each solve after this many seconds (results then vary by machine; "
        "inf: no limit, as without the option)",
    )
    survey.add_argument(
        "--workers", type=digits_int, help="local worker processes (default: the CPU count)"
    )
    survey.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="solve on this Dask cluster instead (pip install 'solitaire-core[survey]')",
    )
    survey.add_argument(
        "--resume", action="store_true", help="keep the deals in FILE and solve only the rest"
    )
    survey.add_argument(
        "--parquet",
        metavar="FILE",
        help="also copy every row of the survey file to this Parquet file at the end "
        "(pip install 'solitaire-core[parquet]')",
    )
    survey.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: when stderr is a terminal; needs tqdm)",
    )
    survey.add_argument("--json", action="store_true", help="print JSON")
    add_rules_option(survey)
    survey.set_defaults(handler=_command_survey)

    report = commands.add_parser(
        "survey-report", help="winnable fractions and difficulty grades of a survey file"
    )
    report.add_argument("file", metavar="FILE", help="a survey file")
    report.add_argument("--json", action="store_true", help="print JSON")
    report.add_argument(
        "--plot",
        metavar="FILE.png",
        help="draw the grade histograms (pip install 'solitaire-core[plot]')",
    )
    report.set_defaults(handler=_command_survey_report)


def survey_json(
    store: SurveyStore, prefix: str, deals: range, outcome: SurveyOutcome
) -> dict[str, Any]:
    """The ``survey --json`` document: the file, the game, the range and what the run did.

    ``{"file", "prefix", "deals": [A, B], "asked", "resumed", "stored",
    "complete", "failures": [{"code"... }]}`` (docs/cli.md).
    """
    return {
        "file": store.name,
        "prefix": prefix,
        "deals": [deals[0], deals[-1]],
        "asked": outcome.asked,
        "resumed": outcome.resumed,
        "stored": outcome.stored,
        "complete": outcome.complete,
        "failures": [
            {"prefix": failure.prefix, "deal": failure.deal, "error": failure.error}
            for failure in outcome.failures
        ],
    }


def _survey_settings(args: argparse.Namespace) -> SurveySettings:
    if not 1 <= args.max_positions <= MAX_COUNT:
        raise BadInputError(f"--max-positions must be 1 .. 2**63 - 1, got {args.max_positions}")
    limit = args.time_limit
    if limit is not None and not limit > 0:  # NaN is refused too
        raise BadInputError(f"--time-limit must be seconds > 0 (or inf: no limit), got {limit}")
    # inf is no time limit, as without the option (SurveySettings stores None)
    return SurveySettings(max_positions=args.max_positions, time_limit=limit)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


@contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    """SIGTERM stops a survey as Ctrl-C does (in the main thread; elsewhere left as it is)."""
    try:
        previous = signal.signal(signal.SIGTERM, _interrupt)
    except ValueError:  # not the main thread: signals cannot be caught here
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


_PLOT_SUFFIXES = (".png", ".pdf", ".svg")
"""The image files ``survey-report --plot`` writes, by their suffix."""


def _check_side_file(flag: str, path: str, survey: str) -> None:
    """Refuse an extra output file that would replace the survey file or cannot be written.

    Raises:
        BadInputError: if ``path`` names the survey file itself, a folder, or a
            file in a folder that does not exist.
    """
    target = Path(path)
    if target.resolve() == Path(survey).resolve():
        raise BadInputError(f"{flag} {path!r} is the survey file itself: give another name")
    if target.is_dir():
        raise BadInputError(f"{flag} {path!r} is a folder: give a file name")
    if not target.resolve().parent.is_dir():
        raise BadInputError(f"{flag} {path!r}: its folder does not exist")


def _write_side_file(flag: str, path: str, write: Callable[[Path], None]) -> None:
    """Write an extra output file atomically (a temporary file beside it, then renamed).

    Raises:
        BadInputError: if the file cannot be written (the survey file is untouched).
    """
    target = Path(path)
    temporary = target.with_name(f".{target.stem}.{os.getpid()}.tmp{target.suffix}")
    try:
        write(temporary)
        os.replace(temporary, target)
    except OSError as error:
        raise BadInputError(f"cannot write {flag} {path!r}: {error.strerror or error}") from None
    finally:
        temporary.unlink(missing_ok=True)


def _command_survey(args: argparse.Namespace) -> int:
    if not args.out:
        raise BadInputError("--out needs a file name")
    if args.parquet:
        _check_side_file("--parquet", args.parquet, args.out)
    game = args.game if args.game is not None else default_game_key(args)
    if game is None:
        raise BadInputError("a GAME is needed (or --rules FILE with one game)")
    prefix = game_prefix(game)
    rules = next((loaded for loaded in loaded_rules(args) if prefix_of(loaded) == prefix), None)
    deals = parse_deal_range(args.deals)
    settings = _survey_settings(args)
    if args.workers is not None and args.scheduler is not None:
        raise BadInputError("--workers is for local processes: leave it out with --scheduler")
    if args.workers is not None and not 1 <= args.workers <= 4096:
        raise BadInputError(f"--workers must be 1 .. 4096, got {args.workers}")
    executor: LocalProcesses | DaskScheduler = (
        DaskScheduler(args.scheduler)
        if args.scheduler is not None
        else LocalProcesses(args.workers or os.cpu_count() or 1)
    )
    store = SurveyStore(args.out)
    show = sys.stderr.isatty() if args.progress is None else args.progress
    done = 0
    if show and args.resume:
        done = sum(row.prefix == prefix and row.deal in deals for row in store.rows())
    bar: AbstractContextManager[Callable[[DealRow], None] | None] = (
        progress_bar(len(deals), done=done) if show else nullcontext(None)
    )
    try:
        with _sigterm_interrupts(), bar as on_row:
            outcome = run_survey(
                store,
                prefix,
                deals,
                settings,
                executor=executor,
                resume=args.resume,
                on_row=on_row,
                rules=rules,
            )
    except KeyboardInterrupt:
        kept = sum(row.prefix == prefix and row.deal in deals for row in store.rows())
        print(
            f"solitaire-core: survey interrupted: {kept} of {deals_text(len(deals))} "
            f"{'is' if kept == 1 else 'are'} in {store.name}; run the same command with "
            "--resume to finish",
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED
    if args.parquet:
        rows = store.rows()
        _write_side_file("--parquet", args.parquet, lambda path: write_parquet(rows, path))
    for failure in outcome.failures:
        print(
            f"solitaire-core: deal {failure.deal} of {failure.prefix} failed ({failure.error}); "
            "--resume solves it again",
            file=sys.stderr,
        )
    if args.json:
        print_json(survey_json(store, prefix, deals, outcome))
    else:
        print(
            f"{prefix} deals {deals[0]}..{deals[-1]}: {outcome.resumed + outcome.stored} of "
            f"{outcome.asked} in {store.name} ({outcome.stored} solved now, "
            f"{outcome.resumed} already there)"
        )
    return 0 if outcome.complete else EXIT_REFUSED


def _command_survey_report(args: argparse.Namespace) -> int:
    store = SurveyStore(args.file)
    if not store.path.is_file():
        raise BadInputError(f"no survey file {args.file!r}")
    if args.plot:
        _check_side_file("--plot", args.plot, args.file)
        if Path(args.plot).suffix.lower() not in _PLOT_SUFFIXES:
            raise BadInputError(
                f"--plot {args.plot!r}: the file name must end in .png, .pdf or .svg"
            )
    document = survey_report(store.rows(), settings=store.settings(), file=store.name)
    if args.plot:
        _write_side_file("--plot", args.plot, lambda path: plot_grades(document, path))
    if args.json:
        print_json(document)
    else:
        print(report_text(document))
    return 0
