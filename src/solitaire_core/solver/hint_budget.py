"""The budget of one hard hint: seconds, and positions for all its solves together.

:func:`~solitaire_core.solver.hard_ai.hard_hint` spends at most
``time_limit`` seconds (:data:`~solitaire_core.limits.HARD_HINT_SECONDS` by
default) and at most :func:`hard_hint_positions` positions on the solves of its samples
(:data:`~solitaire_core.limits.HARD_HINT_POSITIONS`); once either is spent
it chooses from what it knows. :class:`HintBudget` keeps the account, and
:class:`SolveMemo` the solves of one hint for the next hint of the same game.
"""

from __future__ import annotations

from collections.abc import Callable

from solitaire_core.limits import HARD_HINT_POSITIONS
from solitaire_core.position import Position
from solitaire_core.solver.result import SolveResult, SolveStatus
from solitaire_core.solver.solving import solve_avoiding
from solitaire_core.variants import Variant


def hard_hint_positions(variant: Variant) -> int:
    """The most positions a hard hint's solves may store together in ``variant`` by default.

    :data:`~solitaire_core.limits.HARD_HINT_POSITIONS` for its number of
    decks: 96,000 for one deck, where a hint that weighs its choices in every
    won sample stored up to 903,696 (Nine Across); less for two and three decks,
    where a position costs the solver 3 to 7 times as much and a sample of
    the whole deal is seldom decided within its budget, so that a hint
    without one dealt and solved every sample, in vain, for 10 to 20 seconds.

    >>> from solitaire_core.variants import KLONDIKE, lookup_variant
    >>> hard_hint_positions(KLONDIKE), hard_hint_positions(lookup_variant("gargantua"))
    (96000, 12000)
    """
    return HARD_HINT_POSITIONS[variant.decks - 1]


SolveKey = tuple[Position, tuple[Position, ...], int]
"""What a sample's solve depends on: the position, the boards it avoids, its budget."""


class SolveMemo:
    """The solves of the hard AI's last two hints, for the next hint of the same game.

    A hint that shows no new card (a draw, a move between columns) is
    followed by one that deals the same samples (its seed and the player's
    view are the same) and solves many of the same positions again, avoiding
    the same boards: in Roslin's deal 0 played to its end, a tenth of all the
    positions the hints stored. The memo answers those from the last hint's
    results. A solve without a time limit depends only on the position, the
    boards avoided and the budget, so its result serves any later hint: in a
    one-deck game with no time limit the hints are the same, sooner. A solve
    with a time limit may have been cut by the clock (an undecided result), or
    steered by it (the searches of :func:`~solitaire_core.solver.solving.solve`
    take turns by time, so another one may decide first, with another line):
    its result is kept only when decided, and serves only hints with a time
    limit, which depend on the machine anyway. Only this hint's solves and
    the last hint's are kept (every repeat found there came from the hint just
    before), so it holds about two hints' worth. One memo serves one game
    (:class:`~solitaire_core.game.Game` keeps one); pass it to each
    :func:`~solitaire_core.solver.hard_ai.hard_hint` of that game.

    >>> memo = SolveMemo()
    >>> memo.kept
    0
    """

    __slots__ = ("_current", "_last", "_variant")

    def __init__(self) -> None:
        # each key's result, and whether it was solved with a time limit
        self._last: dict[SolveKey, tuple[SolveResult, bool]] = {}
        self._current: dict[SolveKey, tuple[SolveResult, bool]] = {}
        self._variant: Variant | None = None

    @property
    def kept(self) -> int:
        """How many results it holds (this hint's and the last hint's)."""
        return len(self._current.keys() | self._last.keys())

    def next_hint(self, variant: Variant) -> None:
        """Start a new hint in ``variant``: the last hint's results go, this hint's become the last.

        Everything goes when ``variant`` is not the last hint's (the same
        position may lie in two games, drawing one card or three).
        """
        if variant != self._variant:
            self._variant, self._current = variant, {}
        self._last, self._current = self._current, {}

    def get(self, key: SolveKey, *, timed: bool) -> SolveResult | None:
        """The result kept for ``key`` (kept on for the next hint too), or None.

        A result solved with a time limit is given only to a solve with one (``timed``).
        """
        kept = self._current.get(key)
        if kept is None:
            kept = self._last.get(key)
            if kept is not None:
                self._current[key] = kept
        if kept is None or (kept[1] and not timed):
            return None
        return kept[0]

    def put(self, key: SolveKey, result: SolveResult, *, timed: bool) -> None:
        """Keep ``result`` of a solve with a time limit (``timed``) or without, unless cut short.

        An undecided result of a solve with a time limit is not kept: the clock may have cut it.
        """
        if not (timed and result.status is SolveStatus.UNKNOWN):
            self._current[key] = (result, timed)


class HintBudget:
    """What a hint may still spend: the seconds ``left()`` gives, and ``positions`` in all.

    Either may be None (no limit). :meth:`solve` gives each solve what is
    left of both and counts the positions it stored; with a ``memo``, a solve
    the memo holds costs nothing (and the memo moves on to a new hint).
    """

    def __init__(
        self,
        variant: Variant,
        left: Callable[[], float | None],
        positions: int | None,
        memo: SolveMemo | None = None,
    ) -> None:
        self.variant = variant
        self.left = left
        self.positions = positions
        self.spent = 0
        self.memo = memo
        if memo is not None:
            memo.next_hint(variant)

    def is_spent(self) -> bool:
        """True once the time is up or the positions are spent."""
        if self.positions is not None and self.spent >= self.positions:
            return True
        seconds_left = self.left()
        return seconds_left is not None and seconds_left <= 0

    def solve(self, position: Position, avoid: list[Position], max_positions: int) -> SolveResult:
        """:func:`solve_avoiding` within ``max_positions`` and what is left of the budget."""
        if self.positions is not None:
            max_positions = max(1, min(max_positions, self.positions - self.spent))
        seconds = self.left()
        if seconds is not None and seconds <= 0:  # it ran out since is_spent was asked
            return SolveResult(SolveStatus.UNKNOWN, (), 0)
        key = (position, tuple(avoid), max_positions)
        timed = seconds is not None
        if self.memo is not None and (kept := self.memo.get(key, timed=timed)) is not None:
            return kept
        result = solve_avoiding(
            self.variant, position, avoid, max_positions=max_positions, time_limit=seconds
        )
        self.spent += result.positions
        if self.memo is not None:
            self.memo.put(key, result, timed=timed)
        return result


def time_left(seconds: float | None, clock: Callable[[], float]) -> Callable[[], float | None]:
    """A function giving the seconds left of ``seconds`` from now on ``clock`` (None: no limit)."""
    if seconds is None:
        return lambda: None
    deadline = clock() + seconds
    return lambda: deadline - clock()


__all__ = ["HintBudget", "SolveKey", "SolveMemo", "hard_hint_positions", "time_left"]
