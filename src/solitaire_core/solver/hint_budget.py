"""The budget of one hard hint: seconds, and positions for all its solves together.

:func:`~solitaire_core.solver.hard_ai.hard_hint` spends at most
``time_limit`` seconds (:data:`~solitaire_core.limits.HARD_HINT_SECONDS` by
default) and, in a game of two or three decks, at most
:func:`hard_hint_positions` positions on the solves of its samples
(:data:`~solitaire_core.limits.HARD_HINT_POSITIONS`); once either is spent
it chooses from what it knows. :class:`HintBudget` keeps the account.
"""

from __future__ import annotations

from collections.abc import Callable

from solitaire_core.limits import HARD_HINT_POSITIONS
from solitaire_core.position import Position
from solitaire_core.solver.result import SolveResult
from solitaire_core.solver.solving import solve_avoiding
from solitaire_core.variants import Variant


def hard_hint_positions(variant: Variant) -> int | None:
    """The most positions a hard hint's solves may store together in ``variant`` by default.

    :data:`~solitaire_core.limits.HARD_HINT_POSITIONS` for its number of
    decks: None (no budget beyond each sample's) for one deck, where a
    position costs less; a budget for two
    and three decks, where a position costs the solver 3 to 7 times as much
    and a sample of the whole deal is seldom decided within its budget, so
    that a hint without one dealt and solved every sample, in vain, for
    10 to 20 seconds.

    >>> from solitaire_core.variants import KLONDIKE, lookup_variant
    >>> hard_hint_positions(KLONDIKE) is None, hard_hint_positions(lookup_variant("gargantua"))
    (True, 12000)
    """
    return HARD_HINT_POSITIONS[variant.decks - 1]


class HintBudget:
    """What a hint may still spend: the seconds ``left()`` gives, and ``positions`` in all.

    Either may be None (no limit). :meth:`solve` gives each solve what is
    left of both and counts the positions it stored.
    """

    def __init__(self, left: Callable[[], float | None], positions: int | None) -> None:
        self.left = left
        self.positions = positions
        self.spent = 0

    def is_spent(self) -> bool:
        """True once the time is up or the positions are spent."""
        if self.positions is not None and self.spent >= self.positions:
            return True
        seconds_left = self.left()
        return seconds_left is not None and seconds_left <= 0

    def solve(
        self, variant: Variant, position: Position, avoid: list[Position], max_positions: int
    ) -> SolveResult:
        """:func:`solve_avoiding` within ``max_positions`` and what is left of the budget."""
        if self.positions is not None:
            max_positions = max(1, min(max_positions, self.positions - self.spent))
        result = solve_avoiding(
            variant, position, avoid, max_positions=max_positions, time_limit=self.left()
        )
        self.spent += result.positions
        return result


def time_left(seconds: float | None, clock: Callable[[], float]) -> Callable[[], float | None]:
    """A function giving the seconds left of ``seconds`` from now on ``clock`` (None: no limit)."""
    if seconds is None:
        return lambda: None
    deadline = clock() + seconds
    return lambda: deadline - clock()


__all__ = ["HintBudget", "hard_hint_positions", "time_left"]
