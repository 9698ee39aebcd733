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
  :func:`solve_avoiding` looks for a win that never stops at given positions
  (for a player who never comes back to a board already seen).
* :func:`is_winnable` and :func:`has_useful_moves` answer an app's questions
  (:mod:`solitaire_core.solver.queries`); :func:`pick_winnable_deal` picks a
  deal the solver wins, for "winnable deals only" modes
  (:mod:`solitaire_core.solver.winnable`).
* :func:`hint` advises from the player's view only
  (:mod:`solitaire_core.solver.hint`); the hard AI too
  (:mod:`solitaire_core.solver.hard_ai`).

Budgets are counts of distinct positions (ints >= 1); time limits are
optional seconds for interactive use (:mod:`solitaire_core.solver.result`).
"""

from solitaire_core.solver.best_first import best_first_search, moves_left_estimate
from solitaire_core.solver.depth_first import is_won, search
from solitaire_core.solver.hint import REASONS, Hint, HintKind, hint, stand_in_position
from solitaire_core.solver.queries import has_useful_moves, is_winnable
from solitaire_core.solver.result import DEFAULT_MAX_POSITIONS, SolveResult, SolveStatus
from solitaire_core.solver.solving import SolverError, solve, solve_avoiding
from solitaire_core.solver.steps import children, position_key
from solitaire_core.solver.stock import stock_macros, stock_states
from solitaire_core.solver.winnable import (
    DEFAULT_PICK_DEALS,
    DEFAULT_PICK_POSITIONS,
    DealSource,
    WinnableDeal,
    pick_winnable_deal,
)

__all__ = [
    "DEFAULT_MAX_POSITIONS",
    "DEFAULT_PICK_DEALS",
    "DEFAULT_PICK_POSITIONS",
    "REASONS",
    "DealSource",
    "Hint",
    "HintKind",
    "SolveResult",
    "SolveStatus",
    "SolverError",
    "WinnableDeal",
    "best_first_search",
    "children",
    "has_useful_moves",
    "hint",
    "is_winnable",
    "is_won",
    "moves_left_estimate",
    "pick_winnable_deal",
    "position_key",
    "search",
    "solve",
    "solve_avoiding",
    "stand_in_position",
    "stock_macros",
    "stock_states",
]
