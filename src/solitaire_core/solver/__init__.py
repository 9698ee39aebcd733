"""Solver, hints and winnability queries (RULES.md section 9)."""

from solitaire_core.solver.hint import REASONS, Hint, HintKind, hint, stand_in_position
from solitaire_core.solver.queries import has_useful_moves, is_winnable
from solitaire_core.solver.search import (
    DEFAULT_MAX_POSITIONS,
    SolverError,
    SolveResult,
    SolveStatus,
    children,
    position_key,
    search,
    solve,
)
from solitaire_core.solver.stock import stock_macros, stock_states

__all__ = [
    "DEFAULT_MAX_POSITIONS",
    "REASONS",
    "Hint",
    "HintKind",
    "SolveResult",
    "SolveStatus",
    "SolverError",
    "children",
    "has_useful_moves",
    "hint",
    "is_winnable",
    "position_key",
    "search",
    "solve",
    "stand_in_position",
    "stock_macros",
    "stock_states",
]
