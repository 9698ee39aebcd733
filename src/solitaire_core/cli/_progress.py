"""The progress of a long solve or pick on standard error (``solve``, ``deal --winnable``).

Modelled on the survey's progress bar (:mod:`solitaire_core.survey.progress`):
a tqdm bar when tqdm is installed (``pip install 'solitaire-core[survey]'``),
else one plain line that rewrites itself (a carriage return before each new
text). It shows nothing for a run that ends within :data:`SHOW_AFTER`
seconds, never writes to standard output, and by default draws only when
standard error is a terminal (``--progress`` draws anyway, ``--no-progress``
never). The bar counts positions out of the budget, so it shows how much of
the budget is spent, not how near a win is.

At the end the line stays, with the final count; when the run is stopped
(Ctrl-C), it is cleared, so that the command's one line saying so stands alone.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from typing import Any, Final, TextIO

from solitaire_core.errors import MissingExtraError
from solitaire_core.solver.progress import Progress, ProgressCallback
from solitaire_core.survey._optional import require

SHOW_AFTER: Final = 1.0
"""Seconds a solve or pick runs before its progress is shown."""
PLAIN_EVERY: Final = 0.1
"""Seconds between two rewrites of the plain line."""


def add_progress_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--progress`` / ``--no-progress`` (default: when stderr is a terminal)."""
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=f"show the progress on stderr when the search runs over {SHOW_AFTER:g} s "
        "(default: when stderr is a terminal; a tqdm bar with the [survey] extra)",
    )


def wants_progress(args: argparse.Namespace, stream: TextIO | None = None) -> bool:
    """``--progress`` or ``--no-progress`` if given, else whether stderr is a terminal."""
    if args.progress is not None:
        return bool(args.progress)
    stream = sys.stderr if stream is None else stream
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or odd stream: no terminal
        return False


class _Display:
    """What draws the progress: a tqdm bar, or a plain line (see the module docs)."""

    def __init__(self, what: str, total: int, stream: TextIO, *, plain: bool) -> None:
        self._what = what
        self._total = total
        self._stream = stream
        self._plain = plain
        self._bar: Any = None
        self._shown = False
        self._last = -PLAIN_EVERY  # the seconds of the last plain line written
        self._width = 0  # the length of the plain line on the screen
        self._positions = 0

    def update(self, update: Progress) -> None:
        if not self._shown and update.seconds < SHOW_AFTER:
            return
        if self._plain:
            if update.done or update.seconds - self._last >= PLAIN_EVERY:
                self._last = update.seconds
                self._write(self._text(update), end="\n" if update.done else "")
        else:
            self._tqdm(update)
        self._shown = True

    def clear(self) -> None:
        """Take the progress off the screen (the run was stopped)."""
        if self._bar is not None:
            self._bar.leave = False
            self._bar.close()
            self._bar = None
        elif self._width:
            self._stream.write("\r" + " " * self._width + "\r")
            self._stream.flush()
            self._width = 0

    def _text(self, update: Progress) -> str:
        deals = f"deal {update.deals}, " if self._what == "deal --winnable" else ""
        return (
            f"{self._what}: {deals}{update.positions:,} of {self._total:,} positions, "
            f"{update.seconds:.1f} s"
        )

    def _write(self, text: str, *, end: str) -> None:
        padding = " " * max(self._width - len(text), 0)  # cover a longer earlier line
        self._stream.write("\r" + text + padding + end)
        self._stream.flush()
        self._width = 0 if end else len(text)

    def _tqdm(self, update: Progress) -> None:
        if self._bar is None:
            tqdm = require("tqdm", extra="survey", feature="the progress bar")
            self._bar = tqdm.tqdm(
                total=self._total,
                initial=update.positions,  # (the rate counts from here)
                desc=self._what,
                unit="pos",
                unit_scale=True,
                file=self._stream,
                dynamic_ncols=True,
            )
            self._positions = update.positions
        if self._what == "deal --winnable":
            self._bar.set_postfix_str(f"deal {update.deals}", refresh=False)
        self._bar.update(max(update.positions - self._positions, 0))
        self._positions = update.positions
        if update.done:
            self._bar.close()
            self._bar = None


def _has_tqdm() -> bool:
    try:
        require("tqdm", extra="survey", feature="the progress bar")
    except MissingExtraError:
        return False
    return True


@contextlib.contextmanager
def progress_display(
    what: str,
    total: int,
    *,
    show: bool,
    stream: TextIO | None = None,
    plain: bool | None = None,
) -> Iterator[ProgressCallback | None]:
    """The ``progress`` callback that draws a run's progress, or None when not shown.

    Args:
        what: the command, as the line names it (``"solve"``, ``"deal --winnable"``).
        total: the budget in positions (the bar's end).
        show: False for no progress at all (the callback is None).
        stream: where to draw; default standard error.
        plain: True for the plain line, False for tqdm; default tqdm when
            it is installed.

    Yields:
        The callback for ``progress=``, or None. If the block raises (Ctrl-C),
        the progress is cleared off the screen first.
    """
    if not show:
        yield None
        return
    display = _Display(
        what,
        total,
        sys.stderr if stream is None else stream,
        plain=not _has_tqdm() if plain is None else plain,
    )
    try:
        yield display.update
    except BaseException:
        display.clear()
        raise
