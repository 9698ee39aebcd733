"""Solver, hints and winnability queries (RULES.md section 9).

* :func:`solve` decides a position with full knowledge of every card and
  returns a :class:`SolveResult` (``solved`` with a winning line,
  ``unwinnable``, or ``unknown`` when the budget ran out). It runs up to four
  passes over one budget of positions (:mod:`solitaire_core.solver.solving`):
  a depth-first probe, a weighted best-first search
  (:mod:`solitaire_core.solver.best_first`), a fast depth-first pass, and the
  complete depth-first search that alone proves a loss
  (:mod:`solitaire_core.solver.depth_first`). The steps they try and the
  transposition key are in :mod:`solitaire_core.solver.steps`, draws folded
  into macro moves in :mod:`solitaire_core.solver.stock`.
  A long solve reports its progress and can be cancelled
  (:mod:`solitaire_core.solver.progress`).
  :func:`solve_avoiding` looks for a win that never stops at given positions
  (for a player who never comes back to a board already seen).
* :func:`is_winnable` and :func:`has_useful_moves` answer an app's questions
  (:mod:`solitaire_core.solver.queries`); :func:`grade` grades a won deal
  by the solver's effort (:mod:`solitaire_core.solver.grading`). The picker of
  winnable deals, which answers from the shipped catalogues first, is
  :func:`solitaire_core.catalogue.pick_winnable_deal`.
* :func:`hint` advises from the player's view only
  (:mod:`solitaire_core.solver.hint`); the hard AI too
  (:mod:`solitaire_core.solver.hard_ai`, its budget of seconds and positions
  per hint in :mod:`solitaire_core.solver.hint_budget`).

Budgets are counts of distinct positions (ints >= 1); time limits are
optional seconds for interactive use (:mod:`solitaire_core.solver.result`).
"""

from typing import Any

from solitaire_core._deprecated import warn_moved
from solitaire_core.solver.best_first import best_first_search, moves_left_estimate
from solitaire_core.solver.depth_first import is_won, search
from solitaire_core.solver.grading import GRADES, Grade, grade
from solitaire_core.solver.hint import REASONS, Hint, HintKind, hint, stand_in_position
from solitaire_core.solver.progress import PROGRESS_EVERY, Progress
from solitaire_core.solver.queries import has_useful_moves, is_winnable
from solitaire_core.solver.result import DEFAULT_MAX_POSITIONS, SolveResult, SolveStatus
from solitaire_core.solver.solving import SolverError, solve, solve_avoiding
from solitaire_core.solver.steps import children, position_key
from solitaire_core.solver.stock import stock_macros, stock_states

__all__ = [
    "DEFAULT_MAX_POSITIONS",
    "GRADES",
    "PROGRESS_EVERY",
    "REASONS",
    "Grade",
    "Hint",
    "HintKind",
    "Progress",
    "SolveResult",
    "SolveStatus",
    "SolverError",
    "best_first_search",
    "children",
    "grade",
    "has_useful_moves",
    "hint",
    "is_winnable",
    "is_won",
    "moves_left_estimate",
    "position_key",
    "search",
    "solve",
    "solve_avoiding",
    "stand_in_position",
    "stock_macros",
    "stock_states",
]


_MOVED_TO_CATALOGUE = frozenset(
    {
        "DEFAULT_PICK_DEALS",
        "DEFAULT_PICK_POSITIONS",
        "DealSource",
        "WinnableDeal",
        "pick_winnable_deal",
    }
)


def __getattr__(name: str) -> Any:
    """Names that moved to :mod:`solitaire_core.catalogue` (deprecated aliases that warn)."""
    if name in _MOVED_TO_CATALOGUE:
        from solitaire_core.catalogue import winnable  # noqa: PLC0415  (deprecated alias)

        warn_moved(f"{__name__}.{name}", f"solitaire_core.catalogue.{name}")
        return getattr(winnable, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
