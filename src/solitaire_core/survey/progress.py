"""The progress bar of a running survey (tqdm, from ``pip install 'solitaire-core[survey]'``)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import TextIO

from solitaire_core.solver import SolveStatus
from solitaire_core.survey._optional import require
from solitaire_core.survey.rows import DealRow


@contextlib.contextmanager
def progress_bar(
    total: int, *, done: int = 0, stream: TextIO | None = None
) -> Iterator[Callable[[DealRow], None]]:
    """A tqdm bar of deals done out of ``total``, with the rate and the time left.

    Args:
        total: the deals of the survey.
        done: those finished before (a resumed survey): the bar starts there,
            and the rate counts only this run's deals.
        stream: where the bar is drawn; default standard error.

    Yields:
        The function to call with each stored row; it moves the bar on and
        shows the unknown deals so far and the last deal.

    Raises:
        MissingExtraError: (an ``ImportError``) when tqdm is not installed.
    """
    tqdm = require("tqdm", extra="survey", feature="the progress bar")
    unknown = 0
    with tqdm.tqdm(
        total=total,
        initial=done,
        unit="deal",
        file=sys.stderr if stream is None else stream,
        dynamic_ncols=True,
    ) as bar:

        def update(row: DealRow) -> None:
            nonlocal unknown
            unknown += row.status is SolveStatus.UNKNOWN
            bar.set_postfix_str(f"{unknown} unknown, last {row.code}: {row.grade}", refresh=False)
            bar.update(1)

        yield update
