"""Surveys: solve a range of deals of a game in parallel, store a row per deal, report.

A survey answers "how many deals of this game can be won?" with the solver
(:func:`~solitaire_core.solver.solve`) at a fixed budget, one row per deal
(:class:`~solitaire_core.survey.rows.DealRow`: verdict, positions, line
length, deciding pass, seconds, difficulty grade), in a SQLite file that
keeps every finished deal when the run is stopped
(:mod:`solitaire_core.survey.store`).

* :func:`~solitaire_core.solver.grade`: the difficulty grade, a pure function (in the
  solver, which the catalogue's picker shares; re-exported here).
* :mod:`~solitaire_core.survey.run`: :func:`run_survey` and its executors,
  local processes or a Dask cluster.
* :mod:`~solitaire_core.survey.report`: the winnable fraction with its 95%
  Wilson interval (:mod:`~solitaire_core.survey.interval`), the grade
  histogram, the plot and the Parquet copy.
* :mod:`~solitaire_core.survey.deals`: deal ranges and game prefixes.

The command line is ``solitaire-core survey`` and ``solitaire-core
survey-report`` (docs/cli.md, docs/surveys.md). Dask, tqdm, pyarrow and
matplotlib are optional (``pip install 'solitaire-core[survey]'``, ``[parquet]``,
``[plot]``) and imported only when a feature needs them.
"""

from solitaire_core.solver.grading import GRADES, Grade, grade
from solitaire_core.survey.deals import game_prefix, header_text, parse_deal_range
from solitaire_core.survey.interval import wilson_interval
from solitaire_core.survey.report import plot_grades, report_text, survey_report, write_parquet
from solitaire_core.survey.rows import DealRow, SurveySettings
from solitaire_core.survey.run import (
    DaskScheduler,
    DealFailure,
    DealJob,
    LocalProcesses,
    SurveyOutcome,
    run_survey,
    solve_deal,
)
from solitaire_core.survey.store import SurveyStore

__all__ = [
    "GRADES",
    "DaskScheduler",
    "DealFailure",
    "DealJob",
    "DealRow",
    "Grade",
    "LocalProcesses",
    "SurveyOutcome",
    "SurveySettings",
    "SurveyStore",
    "game_prefix",
    "grade",
    "header_text",
    "parse_deal_range",
    "plot_grades",
    "report_text",
    "run_survey",
    "solve_deal",
    "survey_report",
    "wilson_interval",
    "write_parquet",
]
