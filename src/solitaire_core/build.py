"""Which build of the engine is running: compiled with mypyc, or pure Python.

``pip install solitaire-core`` (or ``pip install .``) compiles the engine's hot
modules (the move generator, the searches, the playouts) with mypyc where the
machine has a C compiler, and installs the same modules as Python source
otherwise; an editable install is always pure Python. Both builds give the same
answers (the test suite runs on both); the compiled one is faster.

>>> BUILD in ("compiled", "pure")
True
>>> COMPILED == (BUILD == "compiled")
True
"""

from __future__ import annotations

from typing import Final, Literal

from solitaire_core.rules import board as _board

COMPILED_MODULES: Final = (
    "solitaire_core.variants.runs",
    "solitaire_core.rules.foundations",
    "solitaire_core.rules.board_rules",
    "solitaire_core.rules.board_core",
    "solitaire_core.rules.board",
    "solitaire_core.solver.search_board",
    "solitaire_core.solver.reductions",
    "solitaire_core.solver.talon",
    "solitaire_core.solver.dominance",
    "solitaire_core.solver.blocked",
    "solitaire_core.solver.board_steps",
    "solitaire_core.solver.estimate",
    "solitaire_core.solver.searching",
)
"""The modules a compiled build compiles: where a run starts in a pile and which foundation
slot takes or gives a card (the move generator asks them for every column and card), the
board (what it reads of its variant; its state, play and undo; the move generator), the
solver's board (keys, hashes, packing) and the solver's loops (the stock walk, the dominance
rule, the per-variant reductions, the static proof of a loss, the steps, the searches). Each
is internal or checks its own arguments, and the public functions that call them (in modules
kept as Python) check theirs first, so both builds raise the library's own errors for bad
arguments. The build hook (``hatch_build.py``) reads this tuple."""

COMPILED: Final[bool] = not (_board.__file__ or "").endswith(".py")
"""True when the engine's hot modules run compiled (extension modules, not Python source)."""
BUILD: Final[Literal["compiled", "pure"]] = "compiled" if COMPILED else "pure"
"""``"compiled"`` or ``"pure"``: which build is running (see :data:`COMPILED`)."""

__all__ = ["BUILD", "COMPILED", "COMPILED_MODULES"]
