"""A game's hints: the advisory or hard hint for now, and the winning line kept while followed.

:meth:`Game.hint <solitaire_core.game.Game.hint>` checks its arguments, answers a
finished game itself and marks the game assisted; then it asks its
:class:`HintPlanner`, which keeps what a game remembers between hints:

* the winning line found when every card is known: while the player follows it,
  the next hints are its next moves, without searching again (solving afresh
  after each move could start each time a different line: a card taken back and
  sent home again for ever);
* how many cards were on the foundations when the solver last ran out of budget
  with every card known: it tries again only :data:`RETRY_AFTER_CARDS` cards later;
* the hard AI's solves of its last hint
  (:class:`~solitaire_core.solver.hint_budget.SolveMemo`): the next hint, when
  it shows no new card, solves many of them again.

The hints themselves come from :func:`solitaire_core.solver.hint.hint` (advisory)
and :func:`solitaire_core.solver.hard_ai.hard_hint` (hard).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from solitaire_core.errors import InvalidArgumentError
from solitaire_core.moves import Move
from solitaire_core.playout import require_seed
from solitaire_core.position import Position
from solitaire_core.rules.apply import apply_move
from solitaire_core.solver.hard_ai import DEFAULT_SAMPLE_POSITIONS, hard_hint
from solitaire_core.solver.hint import (
    DEFAULT_HINT_POSITIONS,
    Hint,
    HintKind,
    hint,
    knows_every_card,
)
from solitaire_core.solver.hint_budget import SolveMemo
from solitaire_core.variants import Variant
from solitaire_core.view import player_view

RETRY_AFTER_CARDS: Final = 4
"""After the hint's solver runs out of budget with every card known, it tries again only
once this many more cards are on the foundations (fewer cards off them: an easier search)."""


def require_hint_level(level: object, seed: int) -> None:
    """Refuse a hint level other than advisory or hard, and a bad seed for the hard level.

    The seed is checked at the hard level even when every card is known and it goes unused.

    Raises:
        InvalidArgumentError: for another level, or (at the hard level) a seed
            that is not an int ``0 <= seed < 2**64``.
    """
    if level not in ("advisory", "hard"):
        raise InvalidArgumentError(f"level must be 'advisory' or 'hard', got {level!r}")
    if level == "hard":
        require_seed(seed)


class HintPlanner:
    """What a game keeps between hints: the line followed, the last failed solve, the hard solves.

    One planner belongs to one game; its arguments are the game's, already
    checked (:func:`require_hint_level`, the budget).
    """

    __slots__ = ("_memo", "_plan", "_unsolved_home")

    def __init__(self) -> None:
        # The position the player reaches by following the winning line, and the rest of it.
        self._plan: tuple[Position, tuple[Move, ...]] | None = None
        # The cards on the foundations when the solver last ran out of budget, every card known.
        self._unsolved_home: int | None = None
        # The hard AI's solves of its last hint, for the next.
        self._memo = SolveMemo()

    def hint(
        self,
        variant: Variant,
        positions: Sequence[Position],
        last_move: Move | None,
        *,
        level: str,
        seed: int,
        max_positions: int | None,
        time_limit: float | None,
    ) -> Hint:
        """The hint for ``positions[-1]``, from the player's view only.

        Args:
            variant: the game's rules.
            positions: the game's line of play, its start first and the current
                position last: the earlier ones are boards a hint never leads
                back to.
            last_move: the move just played (None at the start).
            level: ``"advisory"`` or ``"hard"``.
            seed: the hard AI's seed.
            max_positions: the search budget, None for the hint's default.
            time_limit: the hard AI's seconds (checked), None for no limit.

        Returns:
            The winning line's next move while the player follows it; else the
            hard AI's hint when a card is unknown at the hard level; else the
            advisory hint (whose winning line is then kept).
        """
        position = positions[-1]
        # With every card known the hard AI is the advisory hint, which solves: that
        # goes below, where the winning line found is kept.
        if level == "hard" and not knows_every_card(player_view(position)):
            return hard_hint(
                variant,
                position,
                seed=seed,
                max_positions=DEFAULT_SAMPLE_POSITIONS if max_positions is None else max_positions,
                last_move=last_move,
                seen=[player_view(earlier) for earlier in positions[:-1]],
                time_limit=time_limit,
                memo=self._memo,
            )
        plan = self._plan
        if plan is not None and plan[0] == position and plan[1]:
            move, rest = plan[1][0], plan[1][1:]
            self._plan = (apply_move(variant, position, move), rest)
            return Hint(move, HintKind.WINNING_LINE, plan[1])
        seen = [player_view(earlier) for earlier in positions[:-1]]
        home = sum(position.foundations)
        retry = self._unsolved_home is None or home >= self._unsolved_home + RETRY_AFTER_CARDS
        advice = hint(
            variant,
            position,
            last_move=last_move,
            seen=seen,
            search_when_known=retry,
            max_positions=DEFAULT_HINT_POSITIONS if max_positions is None else max_positions,
        )
        if advice.kind is HintKind.WINNING_LINE and advice.move is not None:
            self._plan = (apply_move(variant, position, advice.move), advice.line[1:])
        elif retry and knows_every_card(player_view(position)) and advice.kind is not HintKind.LOST:
            self._unsolved_home = home  # the solver ran out of budget: not again for a while
        return advice


__all__ = ["RETRY_AFTER_CARDS", "HintPlanner", "require_hint_level"]
