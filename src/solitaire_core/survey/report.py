"""The report of a survey: per game and draw, how many deals are winnable, with 95% intervals.

:func:`survey_report` summarises a file's rows by deal-code prefix (one game
with one draw count and scoring, ``KL1-D3N``); :func:`report_text` is its
table, :func:`plot_grades` draws the grade histograms (``pip install
'solitaire-core[plot]'``) and :func:`write_parquet` copies the rows to a
Parquet file (``pip install 'solitaire-core[parquet]'``).

Every fraction is over the deals of the group. An unknown deal may be
winnable or not, so the winnable fraction solved / deals is a lower bound
and (solved + unknown) / deals an upper bound; solved / decided leaves the
unknown deals out (and is biased if the unknown ones are harder than the
rest, as they usually are). The intervals are 95% Wilson score intervals
(:func:`~solitaire_core.survey.interval.wilson_interval`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from solitaire_core.errors import InvalidArgumentError
from solitaire_core.solver import SolveStatus
from solitaire_core.solver.grading import GRADES
from solitaire_core.solver.solving import PASS_NAMES
from solitaire_core.survey._optional import require
from solitaire_core.survey.interval import wilson_interval
from solitaire_core.survey.rows import DealRow, SurveySettings
from solitaire_core.variants import lookup_variant


def group_report(prefix: str, rows: Sequence[DealRow]) -> dict[str, Any]:
    """The report of one game's rows (see docs/cli.md, ``survey-report``, for every field).

    Args:
        prefix: the game's deal-code prefix.
        rows: its rows (of that prefix only; any order).

    Returns:
        A JSON-ready dict: the game, the counts, the fractions (null for no
        deal, or no decided deal) with their 95% Wilson intervals, the
        deals per grade and per deciding pass.
    """
    variant = lookup_variant(prefix)
    deals = len(rows)
    solved = sum(row.status is SolveStatus.SOLVED for row in rows)
    unwinnable = sum(row.status is SolveStatus.UNWINNABLE for row in rows)
    unknown = deals - solved - unwinnable
    passes = {name: 0 for name in PASS_NAMES}
    for row in rows:
        if row.decided_by is not None:
            passes[row.decided_by] = passes.get(row.decided_by, 0) + 1
    numbers = sorted(row.deal for row in rows)
    return {
        "prefix": prefix,
        "game": variant.name,
        "draw": variant.draw_count,
        "deals": deals,
        "first_deal": numbers[0] if numbers else None,
        "last_deal": numbers[-1] if numbers else None,
        **count_fractions(solved, unwinnable, unknown),
        "grades": {grade.value: sum(row.grade is grade for row in rows) for grade in GRADES},
        "decided_by": passes,
    }


def count_fractions(solved: int, unwinnable: int, unknown: int) -> dict[str, Any]:
    """The counts of a game's deals and the fractions of :func:`group_report` made from them.

    So a report can be extended by counts alone (the deals already summarised
    plus new ones) and give what the rows of all of them would give.

    Args:
        solved: how many deals were solved (an int >= 0).
        unwinnable: how many were proved unwinnable (an int >= 0).
        unknown: how many the solver left undecided (an int >= 0).

    Returns:
        ``decided``, ``solved``, ``unwinnable`` and ``unknown``; ``decided_fraction``,
        ``winnable_fraction``, ``winnable_among_decided`` and ``winnable_at_most``
        (floats in 0..1, None where they divide by 0), the last three each with its
        95% Wilson interval (``..._95ci``, ``[low, high]``; ``winnable_fraction``'s is
        ``winnable_95ci``).

    >>> fractions = count_fractions(solved=8, unwinnable=1, unknown=1)
    >>> fractions["decided"], fractions["winnable_fraction"], fractions["winnable_at_most"]
    (9, 0.8, 0.9)

    Raises:
        InvalidArgumentError: (a ``ValueError``) for a count that is not an int >= 0,
            naming it.
    """
    for name, count in (("solved", solved), ("unwinnable", unwinnable), ("unknown", unknown)):
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise InvalidArgumentError(f"{name} must be an int >= 0, got {count!r}")
    deals = solved + unwinnable + unknown
    decided = solved + unwinnable
    return {
        "decided": decided,
        "solved": solved,
        "unwinnable": unwinnable,
        "unknown": unknown,
        "decided_fraction": _fraction(decided, deals),
        "winnable_fraction": _fraction(solved, deals),
        "winnable_95ci": list(wilson_interval(solved, deals)),
        "winnable_among_decided": _fraction(solved, decided),
        "winnable_among_decided_95ci": list(wilson_interval(solved, decided)),
        "winnable_at_most": _fraction(solved + unknown, deals),
        "winnable_at_most_95ci": list(wilson_interval(solved + unknown, deals)),
    }


def _fraction(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def survey_report(
    rows: Iterable[DealRow], *, settings: SurveySettings | None = None, file: str | None = None
) -> dict[str, Any]:
    """The ``survey-report --json`` document of a survey's rows.

    Returns:
        ``{"file": ..., "settings": {"max_positions", "time_limit"} or null,
        "games": [...]}``, one :func:`group_report` per deal-code prefix,
        ordered by prefix.

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``rows`` is not an
            iterable of :class:`~solitaire_core.survey.rows.DealRow` (a
            survey file's rows are ``store.rows()``), or ``settings`` is
            neither :class:`~solitaire_core.survey.rows.SurveySettings` nor None.

    >>> survey_report([])
    {'file': None, 'settings': None, 'games': []}
    """
    if isinstance(rows, str | bytes) or not isinstance(rows, Iterable):
        raise InvalidArgumentError(
            f"rows must be an iterable of DealRow (a survey file's are store.rows()), got {rows!r}"
        )
    if settings is not None and not isinstance(settings, SurveySettings):
        raise InvalidArgumentError(f"settings must be SurveySettings or None, got {settings!r}")
    by_prefix: dict[str, list[DealRow]] = {}
    for row in rows:
        if not isinstance(row, DealRow):
            raise InvalidArgumentError(f"rows must be DealRow objects, got {row!r}")
        by_prefix.setdefault(row.prefix, []).append(row)
    return {
        "file": file,
        "settings": None if settings is None else settings.to_json(),
        "games": [group_report(prefix, by_prefix[prefix]) for prefix in sorted(by_prefix)],
    }


def deals_text(count: int) -> str:
    """``"1 deal"``, ``"2 deals"``: a count of deals, plural only when needed."""
    return f"{count} deal" if count == 1 else f"{count} deals"


def _percent(value: float | None, interval: Sequence[float] | None = None) -> str:
    if value is None:
        return "-"
    if interval is None:
        return f"{value:.1%}"
    return f"{value:.1%} ({interval[0]:.1%}-{interval[1]:.1%})"


def report_text(document: dict[str, Any]) -> str:
    """The report as text: one block per game (the ``survey-report`` output without ``--json``)."""
    settings = document["settings"]
    if not document["games"]:
        return f"no deals in {document['file']}"
    limit = settings["time_limit"]
    budget = f"{settings['max_positions']:,} positions a deal" + (
        f" and {limit:g} s" if limit is not None else ""
    )
    lines = [f"{document['file']}: {budget}"]
    for game in document["games"]:
        grades = ", ".join(f"{count} {name}" for name, count in game["grades"].items())
        lines += [
            "",
            f"{game['prefix']} {game['game']}: {deals_text(game['deals'])} "
            f"({game['first_deal']}..{game['last_deal']}), decided "
            f"{game['decided']} ({_percent(game['decided_fraction'])}): {game['solved']} "
            f"solved, {game['unwinnable']} unwinnable, {game['unknown']} unknown",
            f"  winnable {_percent(game['winnable_fraction'], game['winnable_95ci'])}, "
            f"at most {_percent(game['winnable_at_most'], game['winnable_at_most_95ci'])}, "
            "among decided "
            f"{_percent(game['winnable_among_decided'], game['winnable_among_decided_95ci'])}",
            f"  grades: {grades}",
        ]
    return "\n".join(lines)


def plot_grades(document: dict[str, Any], path: str | os.PathLike[str]) -> None:
    """Draw each game's grade histogram side by side into an image file (PNG by its suffix).

    Raises:
        MissingExtraError: (an ``ImportError``) when matplotlib is missing.
        OSError: if the file cannot be written.
    """
    matplotlib = require("matplotlib", extra="plot", feature="--plot")
    matplotlib.use("Agg")  # files only: no window, no display needed
    pyplot = require("matplotlib.pyplot", extra="plot", feature="--plot")
    games = document["games"]
    names = [grade.value for grade in GRADES]
    figure, axes = pyplot.subplots(figsize=(max(6.0, 1.2 * len(names) * max(len(games), 1)), 4))
    width = 0.8 / max(len(games), 1)
    for index, game in enumerate(games):
        offsets = [position + index * width for position in range(len(names))]
        counts = [game["grades"][name] for name in names]
        axes.bar(offsets, counts, width, label=f"{game['prefix']} ({deals_text(game['deals'])})")
    axes.set_xticks([position + width * (len(games) - 1) / 2 for position in range(len(names))])
    axes.set_xticklabels(names)
    axes.set_ylabel("deals")
    axes.set_title("Deals by difficulty grade")
    if games:
        axes.legend()
    figure.tight_layout()
    figure.savefig(Path(path))
    pyplot.close(figure)


def write_parquet(rows: Iterable[DealRow], path: str | os.PathLike[str]) -> None:
    """Write the rows to a Parquet file, one column per :class:`DealRow` field.

    Raises:
        MissingExtraError: (an ``ImportError``) when pyarrow is missing.
        OSError: if the file cannot be written.
    """
    pyarrow = require("pyarrow", extra="parquet", feature="--parquet")
    parquet = require("pyarrow.parquet", extra="parquet", feature="--parquet")
    records = [row.to_json() for row in rows]
    fields = [
        ("prefix", pyarrow.string()),
        ("deal", pyarrow.int64()),
        ("code", pyarrow.string()),
        ("status", pyarrow.string()),
        ("positions", pyarrow.int64()),
        ("moves", pyarrow.int64()),
        ("decided_by", pyarrow.string()),
        ("seconds", pyarrow.float64()),
        ("grade", pyarrow.string()),
    ]
    table = pyarrow.table(
        {
            name: pyarrow.array([record[name] for record in records], type=kind)
            for name, kind in fields
        }
    )
    parquet.write_table(table, os.fspath(path))
