"""Solver, hints and winnability queries (RULES.md section 9)."""

from solitaire_core.solver.best_first import best_first_search, moves_left_estimate
from solitaire_core.solver.hint import REASONS, Hint, HintKind, hint, stand_in_position
from solitaire_core.solver.queries import has_useful_moves, is_winnable
from solitaire_core.solver.search import (
    DEFAULT_MAX_POSITIONS,
    SolveResult,
    SolveStatus,
    children,
    is_won,
    position_key,
    search,
)
from solitaire_core.solver.solving import SolverError, solve
from solitaire_core.solver.stock import stock_macros, stock_states

__all__ = [
    "DEFAULT_MAX_POSITIONS",
    "REASONS",
    "Hint",
    "HintKind",
    "SolveResult",
    "SolveStatus",
    "SolverError",
    "best_first_search",
    "children",
    "has_useful_moves",
    "hint",
    "is_winnable",
    "is_won",
    "moves_left_estimate",
    "position_key",
    "search",
    "solve",
    "stand_in_position",
    "stock_macros",
    "stock_states",
]
