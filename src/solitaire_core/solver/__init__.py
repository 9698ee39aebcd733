"""Solver, hints and winnability queries (RULES.md section 9)."""

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
    "SolveResult",
    "SolveStatus",
    "SolverError",
    "children",
    "position_key",
    "search",
    "solve",
    "stock_macros",
    "stock_states",
]
