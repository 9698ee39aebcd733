"""The difficulty grade of a surveyed deal: a pure function of the solver's verdict and effort.

A deal the solver won is graded by two measures of the solve:

* **effort**: the positions the solver stored before it found the winning
  line (:attr:`~solitaire_core.solver.SolveResult.positions`, over every pass
  it ran). A deal won on the first line tried costs about as many positions
  as the line has moves; every position beyond that is a dead end explored.
* **length**: the moves of the winning line (draws and recycles included),
  per card of the game (52 a deck), so that two- and three-deck games are
  graded on the same scale as one-deck ones.

The thresholds (:data:`EASY_POSITIONS`, :data:`HARD_POSITIONS`,
:data:`EASY_MOVES_PER_CARD`, :data:`HARD_MOVES_PER_CARD`) were set from the
solves of deals 0..59 of ``KL1-D3N``, ``KL1-D1N`` and ``TF1-D1N`` at 200,000
positions a deal: half of the won deals took at most about 250 positions and
nine in ten at most about 25,000; their lines were 105 to 227 moves long
(2.0 to 4.4 moves a card, the median about 3.2):

=========== ================================================================
grade       rule (a won deal, ``cards`` = 52 x decks)
=========== ================================================================
easy        positions <= 1,000 **and** moves <= 3.5 x cards (182 for 52 cards)
hard        positions > 10,000 **or** moves > 4 x cards (208 for 52 cards)
medium      every other won deal
unwinnable  the solver proved that no line wins
unknown     the budget (or the time limit) ran out first
=========== ================================================================

The grade measures this solver's effort, not a person's: a deal that a
person finds hard (long stock cycling, a hidden key card) may cost the solver
little. The effort also depends on the budget, since the solver's passes
divide it (:data:`~solitaire_core.solver.solving.PASS_NAMES`): a deal that
the first pass misses at a small budget is won by a later pass, with another
count. Compare grades only between surveys run with the same budget, and
without a time limit (with one, the verdict depends on the machine).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from solitaire_core.errors import InvalidArgumentError
from solitaire_core.solver.result import SolveStatus

EASY_POSITIONS: Final = 1_000
"""A won deal is easy only if the solver stored at most this many positions."""
HARD_POSITIONS: Final = 10_000
"""A won deal that cost the solver more positions than this is hard."""
EASY_MOVES_PER_CARD: Final = 3.5
"""A won deal is easy only if its line has at most this many moves per card."""
HARD_MOVES_PER_CARD: Final = 4.0
"""A won deal whose line has more moves per card than this is hard."""
CARDS_PER_DECK: Final = 52


class Grade(StrEnum):
    """The difficulty grade of a deal, easiest first (see the module docs for the rules)."""

    EASY = "easy"
    """Won with little search and a line of ordinary length."""
    MEDIUM = "medium"
    """Won, neither easy nor hard."""
    HARD = "hard"
    """Won after a long search, or only by a long line."""
    UNWINNABLE = "unwinnable"
    """Proved unwinnable: no line wins."""
    UNKNOWN = "unknown"
    """Not decided within the budget."""


GRADES: Final = tuple(Grade)
"""Every grade in the order reports list them: easy, medium, hard, unwinnable, unknown."""


def grade(status: SolveStatus, *, positions: int, moves: int, cards: int = CARDS_PER_DECK) -> Grade:
    """The difficulty grade of a solved, unwinnable or undecided deal.

    Args:
        status: the solver's verdict.
        positions: the positions the solve stored (an int >= 0).
        moves: the length of the winning line in moves (an int >= 0; only
            read for a solved deal).
        cards: the cards of the game (52 a deck; an int >= 1).

    Returns:
        :attr:`Grade.UNWINNABLE` or :attr:`Grade.UNKNOWN` for those verdicts;
        for a solved deal easy, medium or hard by the thresholds of the
        module docs (a limit is inclusive for easy: 1,000 positions and 182
        moves of 52 cards are still easy, 10,000 positions and 208 moves not
        yet hard).

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``status`` is not a
            :class:`~solitaire_core.solver.SolveStatus`, a count is not an
            int, ``positions`` or ``moves`` is negative or ``cards`` < 1.

    >>> grade(SolveStatus.SOLVED, positions=120, moves=150)
    <Grade.EASY: 'easy'>
    >>> grade(SolveStatus.SOLVED, positions=1_001, moves=150)
    <Grade.MEDIUM: 'medium'>
    >>> grade(SolveStatus.SOLVED, positions=120, moves=209)
    <Grade.HARD: 'hard'>
    >>> grade(SolveStatus.SOLVED, positions=120, moves=300, cards=104).value
    'easy'
    >>> grade(SolveStatus.UNKNOWN, positions=2_000, moves=0).value
    'unknown'
    """
    if not isinstance(status, SolveStatus):
        raise InvalidArgumentError(f"status must be a SolveStatus, got {status!r}")
    for name, value, least in (
        ("positions", positions, 0),
        ("moves", moves, 0),
        ("cards", cards, 1),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise InvalidArgumentError(f"{name} must be an int >= {least}, got {value!r}")
    if status is SolveStatus.UNWINNABLE:
        return Grade.UNWINNABLE
    if status is SolveStatus.UNKNOWN:
        return Grade.UNKNOWN
    if positions > HARD_POSITIONS or moves > HARD_MOVES_PER_CARD * cards:
        return Grade.HARD
    if positions <= EASY_POSITIONS and moves <= EASY_MOVES_PER_CARD * cards:
        return Grade.EASY
    return Grade.MEDIUM
