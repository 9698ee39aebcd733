"""Published winnable fractions of the shipped games, where a source's rules match ours.

One home for the figures that the survey reports set beside their own
(``winnable_summary.py`` for docs/winnable.md, ``survey_published.py`` for Klondike draw 3).
Every figure is of the game with every card known (the solver's question: is the deal
winnable at all?), so a hidden-card player's win rate is no match.
"""

from __future__ import annotations

from typing import Final, NamedTuple


class Published(NamedTuple):
    """A published winnable percentage of one game, and how its rules differ from ours."""

    short: str
    """The source in a few words, for a table cell."""
    source: str
    """The source, named by what it is."""
    percent: float
    """The winnable deals, in percent."""
    margin: float | None
    """Its 95% margin, in percentage points (None: the source gives none)."""
    rules: str
    """How the source's game differs from ours ("" where it is the same game)."""


BLAKE_GENT: Final = (
    "Blake & Gent, 'The Winnability of Klondike Solitaire and Many Other Patience Games' "
    "(Solvitaire, arXiv 1906.12314, 2019)"
)

PUBLISHED: Final[dict[str, tuple[Published, ...]]] = {
    "KL1-D3N": (
        Published("Blake & Gent 2019", BLAKE_GENT, 81.945, 0.084, ""),
        Published("lonelybot", "lonelybot (a Klondike solver), its README", 81.95, 0.03, ""),
    ),
    "KL1-D1N": (
        Published(
            "Klondike-Solver",
            "Klondike-Solver's statistics (1,000 deals, 1.9% of them undecided)",
            91.9,
            None,
            "",
        ),
    ),
}
"""Published figures by deal-code prefix. Klondike draw 3 (``KL1-D3N``): Thoughtful
Klondike, draw 3, unlimited passes, every card known: the same game as the solver's (the
sources deal their own deals). Klondike draw 1 (``KL1-D1N``): Klondike-Solver's draw 1 with
unlimited passes, the figure the solver benchmark (``bench_solver.py``) also cites."""
