r"""Make a catalogue from a survey file: ``python -m solitaire_core.catalogue.build``.

The survey (``solitaire-core survey``, :mod:`solitaire_core.survey`) must hold
every deal ``0 .. deals - 1`` of the game, solved without a time limit (so
that its verdicts depend on the budget alone). Each deal it solved becomes an
entry with the survey's grade and line length; the others (proven
unwinnable, or undecided) are "not proven winnable", and so is a deal won
only by a line longer than the format records
(:data:`~solitaire_core.catalogue.format.MAX_MOVES`, 16,383 moves: a few
deals of the games whose stock is dealt onto two or three decks' columns),
which the command counts in its output::

    python -m solitaire_core.catalogue.build SURVEY.sqlite3 --prefix KL1-D3N --deals 2000 \
        --commit "$(git rev-parse HEAD)" --command "solitaire-core survey KL1-D3N ..." \
        --out src/solitaire_core/catalogue/data/KL1-D3N.sccat

docs/catalogues.md has the commands that made the shipped catalogues.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from solitaire_core._files import write_file_atomically
from solitaire_core._version import __version__
from solitaire_core.catalogue.format import MAX_MOVES, Catalogue
from solitaire_core.errors import CatalogueError, InvalidArgumentError, SurveyError
from solitaire_core.solver import SolveStatus
from solitaire_core.survey.deals import game_prefix
from solitaire_core.survey.rows import DealRow, SurveySettings
from solitaire_core.survey.store import SurveyStore


def catalogue_from_rows(
    rows: Iterable[DealRow],
    *,
    prefix: str,
    deals: int,
    settings: SurveySettings,
    commit: str,
    command: str,
    library: str = __version__,
) -> Catalogue:
    """The catalogue of deals ``0 .. deals - 1`` of a game, from a survey's rows.

    Args:
        rows: the survey's rows (those of other games or deal numbers are
            ignored).
        prefix: the game's deal-code prefix (``"KL1-D3N"``).
        deals: how many deal numbers to cover, from 0 (an int >= 1).
        settings: the survey's settings; the budget goes into the header.
        commit: the git commit the survey ran.
        command: the command that made the survey.
        library: the library version the survey ran.

    Raises:
        CatalogueError: if the settings have a time limit, or a deal of the
            range is missing from the rows.

    A deal solved by a line of more than :data:`MAX_MOVES` moves is recorded
    as not proven winnable (:func:`too_long_to_record` counts them).
    """
    if settings.time_limit is not None:
        raise CatalogueError(
            prefix, "the survey has a time limit: its verdicts depend on the machine"
        )
    found = {row.deal: row for row in rows if row.prefix == prefix and 0 <= row.deal < deals}
    missing = [deal for deal in range(deals) if deal not in found]
    if missing:
        raise CatalogueError(
            prefix,
            f"the survey lacks {len(missing)} deal{'s' * (len(missing) != 1)} of "
            f"0..{deals - 1}, the first "
            f"{missing[0]}: run it with --resume",
        )
    ordered = [found[deal] for deal in range(deals)]
    won = [row if _recorded(row) else None for row in ordered]
    return Catalogue(
        prefix=prefix,
        grades=tuple(None if row is None else row.grade for row in won),
        moves=tuple(0 if row is None else row.moves for row in won),
        max_positions=settings.max_positions,
        library=library,
        commit=commit,
        command=command,
    )


def _recorded(row: DealRow) -> bool:
    """Whether a survey row is a win the catalogue can record (a line of at most MAX_MOVES)."""
    return row.status is SolveStatus.SOLVED and row.moves <= MAX_MOVES


def too_long_to_record(rows: Iterable[DealRow], *, prefix: str, deals: int) -> list[int]:
    """The deals of ``0 .. deals - 1`` won only by a line longer than :data:`MAX_MOVES` moves."""
    return sorted(
        row.deal
        for row in rows
        if row.prefix == prefix
        and 0 <= row.deal < deals
        and row.status is SolveStatus.SOLVED
        and not _recorded(row)
    )


def write_catalogue(catalogue: Catalogue, path: str | os.PathLike[str]) -> None:
    """Write a catalogue file atomically: whole to a temporary file beside it, then renamed.

    A link is followed (its target is written), and a file there keeps its
    permissions; a file that may not be written is refused, not replaced.

    Raises:
        OSError: if the file cannot be written (an earlier file is left as it was).
    """
    target = Path(os.path.realpath(path))
    if target.exists() and not os.access(target, os.W_OK):
        raise PermissionError(errno.EACCES, "the file may not be written", os.fspath(path))
    write_file_atomically(target, catalogue.encode())


def main(argv: Sequence[str] | None = None) -> int:
    """The command: read the survey file, write the catalogue; 0, or 2 for bad input."""
    parser = argparse.ArgumentParser(
        prog="python -m solitaire_core.catalogue.build",
        description="make a catalogue of proven-winnable deals from a survey file",
    )
    parser.add_argument("survey", help="the survey file (SQLite, from solitaire-core survey)")
    parser.add_argument("--prefix", required=True, help="the game's deal-code prefix (KL1-D3N)")
    parser.add_argument("--deals", type=int, required=True, help="cover deal numbers 0..N-1")
    parser.add_argument("--commit", required=True, help="the git commit the survey ran")
    parser.add_argument("--command", required=True, help="the command that made the survey")
    parser.add_argument("--out", required=True, help="the catalogue file to write")
    args = parser.parse_args(argv)
    try:
        prefix = game_prefix(args.prefix)
        if args.deals < 1:
            raise InvalidArgumentError(f"--deals must be >= 1, got {args.deals!r}")
        store = SurveyStore(args.survey)
        settings = store.settings()
        if settings is None:
            raise SurveyError(args.survey, "no survey in the file")
        catalogue = catalogue_from_rows(
            store.rows(),
            prefix=prefix,
            deals=args.deals,
            settings=settings,
            commit=args.commit,
            command=args.command,
        )
    except (InvalidArgumentError, SurveyError, CatalogueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    write_catalogue(catalogue, args.out)
    counts = ", ".join(f"{count} {name}" for name, count in catalogue.counts().items())
    print(f"{os.fspath(args.out)}: {prefix}, deals 0..{args.deals - 1}: {counts}")
    long_lines = too_long_to_record(store.rows(), prefix=prefix, deals=args.deals)
    if long_lines:
        print(
            f"  {len(long_lines)} deal(s) won only by lines over {MAX_MOVES:,} moves, "
            f"recorded as not proven: {', '.join(map(str, long_lines))}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
