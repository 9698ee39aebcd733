"""The hard AI of the rule card: it searches many moves ahead, from what the player knows.

The rule card's hard AI "searches many moves ahead and avoids recycle cycles",
and like every AI of the card it uses only the player's information (RULES.md
section 9). It plays by *hindsight*: the unseen cards (face down in the
columns, in the unseen stock, under the reserve's top) could lie in many ways;
it deals ``samples`` of them, each a random order of exactly the cards the
player has not seen, drawn from ``seed`` and put in the hidden places, and
asks the full-knowledge solver about each:

1. each sample is solved from the position, within ``max_positions``
   positions; the samples it wins are the ones that matter (a move cannot win
   a sample that is lost, and an undecided one tells nothing);
2. the legal moves are then tried in this order: the advisory hint's move,
   the moves the solver's winning lines start with (most often first), the
   rest in the generator's order. A move scores 1 in a won sample whose line
   starts with it; otherwise the sample is solved again after the move,
   within half the budget: 1 if won, 1/2 if undecided, 0 if lost;
3. the first move that scores in every won sample is given at once (no later
   move can score more); otherwise the move with the highest score (the
   earliest of equals).

So it gives a move that keeps the game winnable in as many of the samples as
it can tell, and prefers the advisory hint's move among equals. It never
reads a hidden card: the samples depend on the player's view and the seed
alone, so two positions that look the same to the player get the same hint.
Like the advisory hint it never gives the move that undoes the last one, nor
one back to a board already seen (so it never cycles the stock); it gives the
advisory hint when every card is known (which then solves), when there is
one move or none, when no sample is won, and once the game has gone
:data:`WANDER_LIMIT` positions without a new best (fewer cards face down, more
cards home, or fewer in the stock, waste and reserve than ever before): the
samples' winning lines can disagree move after move, moving cards about for
ever, and the advisory hint makes progress or says none is possible.

>>> from solitaire_core.deal import deal_code_position
>>> from solitaire_core.rules import legal_moves
>>> from solitaire_core.variants import KLONDIKE
>>> opening = deal_code_position("KL1-D1N-AAAAAAG")
>>> advice = hard_hint(KLONDIKE, opening, seed=1)
>>> advice.kind.value, advice.move in legal_moves(KLONDIKE, opening)
('likely_win', True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from typing import Final, TypeVar

from solitaire_core.moves import Move
from solitaire_core.playout import check_seed
from solitaire_core.position import Position
from solitaire_core.rules.apply import apply_move
from solitaire_core.solver.hint import (
    DEFAULT_HINT_POSITIONS,
    Hint,
    HintKind,
    candidate_moves,
    check_hint_arguments,
    hint,
    knows_every_card,
    stand_in_position,
    unseen_cards,
)
from solitaire_core.solver.result import SolveStatus, check_count
from solitaire_core.solver.solving import solve
from solitaire_core.variants import Variant
from solitaire_core.view import PlayerView

S = TypeVar("S")
M = TypeVar("M")

DEFAULT_SAMPLES: Final = 8
"""How many ways the unseen cards could lie the hard AI solves for each hint."""
DEFAULT_SAMPLE_POSITIONS: Final = 2_000
"""The solver's budget for each sample, in positions (half of it for a sample after a move)."""
WANDER_LIMIT: Final = 20
"""How many positions the game may go without a new best (cards face down, home, and in the
stock, waste and reserve) before the hard AI leaves the choice to the advisory hint."""


def hard_hint(
    variant: Variant,
    position: Position | PlayerView,
    *,
    seed: int = 0,
    samples: int = DEFAULT_SAMPLES,
    max_positions: int = DEFAULT_SAMPLE_POSITIONS,
    last_move: Move | None = None,
    seen: Collection[PlayerView] = (),
) -> Hint:
    """The hard AI's hint: the move that keeps the most samples of the unseen cards winnable.

    How it chooses: the module docs. It costs up to ``samples`` solves of
    ``max_positions`` positions, then one solve of half that per sample won
    and move tried (usually a handful).

    Args:
        variant: the rules.
        position: the position (only its player view is used) or the view itself.
        seed: the samples' seed (an int ``0 <= seed < 2**64``, as for
            playouts and winnable deals); the same seed gives the same hint.
        samples: how many ways the unseen cards could lie to solve (an int >= 1).
        max_positions: the solver's budget per sample, in positions (an int >= 1).
        last_move: the move just played, whose reversal is never given.
        seen: the player's views of the earlier positions (see :func:`hint`).

    Returns:
        A ``LIKELY_WIN`` hint, or the advisory hint (every card known, at
        most one move the hint may give, no sample won, or wandering without
        progress).

    Raises:
        PositionParseError: (a ``ValueError``) for a position ``variant`` cannot hold.
        InvalidArgumentError: (a ``ValueError``) for a budget or sample count
            that is not an int >= 1, a seed that is not an int ``0 <= seed <
            2**64`` (:func:`~solitaire_core.playout.check_seed`), or another
            argument not of its type (:func:`~solitaire_core.solver.hint.check_hint_arguments`).
    """
    check_count("samples", samples)
    check_count("max_positions", max_positions)
    check_seed(seed)
    view, stand_in = check_hint_arguments(variant, position, last_move, seen)
    if stand_in.is_won or knows_every_card(view):
        return hint(
            variant, view, last_move=last_move, seen=seen, max_positions=DEFAULT_HINT_POSITIONS
        )
    moves = candidate_moves(variant, stand_in, last_move=last_move, seen=seen)
    advice = hint(variant, view, last_move=last_move, seen=seen)
    if len(moves) < 2 or _wandering(view, seen):
        return advice
    rng = random.Random(seed)
    unseen = unseen_cards(view)
    won: list[tuple[Position, Move]] = []  # each won sample and its line's first move
    for _ in range(samples):
        order = list(unseen)
        rng.shuffle(order)
        sample = stand_in_position(view, hidden=order)
        result = solve(variant, sample, max_positions=max_positions)
        if result.is_solved and result.moves and result.moves[0] in moves:
            won.append((sample, result.moves[0]))
    if not won:
        return advice
    starts = Counter(first for _, first in won)
    tried = [advice.move] if advice.move in moves else []
    tried += [move for move, _ in starts.most_common() if move not in tried]
    tried += [move for move in moves if move not in tried]
    after_budget = max(1, max_positions // 2)

    def outcome(sample: Position, first: Move, move: Move) -> float:
        if move == first:
            return 1.0
        after = solve(variant, apply_move(variant, sample, move), max_positions=after_budget)
        return _SCORES[after.status]

    return Hint(best_in_hindsight(tried, won, outcome), HintKind.LIKELY_WIN)


_SCORES: Final = {SolveStatus.SOLVED: 1.0, SolveStatus.UNKNOWN: 0.5, SolveStatus.UNWINNABLE: 0.0}


def best_in_hindsight(
    moves: Sequence[M],
    samples: Sequence[tuple[S, M]],
    outcome: Callable[[S, M, M], float],
) -> M:
    """The first of ``moves`` to score in every sample, else the best scorer (earliest of equals).

    Args:
        moves: the moves in the order to try them (at least one).
        samples: each sample with the first move of its known winning line.
        outcome: ``outcome(sample, first, move)``: what playing ``move`` is
            worth in ``sample`` (1 won, 0 lost, between for undecided).

    A move's score is the sum of its outcomes over the samples; a move that
    reaches ``len(samples)`` ends the search (none can score more).

    >>> table = {("a", "x"): 1.0, ("b", "x"): 0.0, ("a", "y"): 1.0, ("b", "y"): 1.0}
    >>> best_in_hindsight(["x", "y"], [("a", "x"), ("b", "y")], lambda s, f, m: table[s, m])
    'y'
    """
    best, best_score = moves[0], -1.0
    for move in moves:
        score = sum(outcome(sample, first, move) for sample, first in samples)
        if score > best_score:
            best, best_score = move, score
        if score >= len(samples):
            break
    return best


def _wandering(view: PlayerView, seen: Collection[PlayerView]) -> bool:
    """True when :data:`WANDER_LIMIT` or more positions have passed since the game's last new best.

    ``seen`` is in the order of the game (the views before ``view``); a new best
    is fewer cards face down, more home, or fewer in the stock, waste and
    reserve than every earlier position had.
    """
    since = 0
    best: tuple[int, int, int] | None = None
    for earlier in (*seen, view):
        down, home, talon = _progress(earlier)
        if best is None or down < best[0] or home > best[1] or talon < best[2]:
            since = 0
            best = (
                down if best is None else min(down, best[0]),
                home if best is None else max(home, best[1]),
                talon if best is None else min(talon, best[2]),
            )
        else:
            since += 1
    return since >= WANDER_LIMIT


def _progress(view: PlayerView) -> tuple[int, int, int]:
    """``(cards face down, cards home, cards in the stock, waste and reserve)`` of a view."""
    down = sum(1 for pile in view.tableau for card in pile if card is None)
    return down, sum(view.foundations), len(view.stock) + len(view.waste) + len(view.reserve)


__all__ = [
    "DEFAULT_SAMPLES",
    "DEFAULT_SAMPLE_POSITIONS",
    "WANDER_LIMIT",
    "best_in_hindsight",
    "hard_hint",
]
