"""The hard AI of the rule card: it searches many moves ahead, from what the player knows.

The rule card's hard AI "searches many moves ahead and avoids recycle cycles",
and like every AI of the card it uses only the player's information (RULES.md
section 9). It plays by *hindsight*: the unseen cards (face down in the
columns, in the unseen stock, under the reserve's top) could lie in many ways;
it deals samples of them, each a random order of exactly the cards the player
has not seen, drawn from ``seed`` and put in the hidden places, and asks the
full-knowledge solver about each:

1. samples are dealt and solved from the position, within ``max_positions``
   positions each, until ``won_samples`` of them are won by a line that
   starts with a move the hint may give, or ``samples`` are dealt; those are
   the samples that matter (a move cannot win a sample that is lost, and an
   undecided one tells nothing). When no line starts with a move the hint
   may give (after a take-back, the solver's lines send the card home again,
   which undoes the last move), the samples won by the other lines are used;
2. the moves the hint may give are then tried in this order: the advisory hint's move,
   the moves the solver's winning lines start with (most often first), the
   rest in the generator's order. A move scores 1 in a won sample whose line
   starts with it; otherwise the sample is solved again after the move,
   within the same budget: 1 if won, 1/2 if undecided, 0 if lost;
3. the first move that scores in every won sample is given at once (no later
   move can score more); otherwise the move with the highest score (the
   earliest of equals).

So it gives a move that keeps the game winnable in as many of the samples as
it can tell, and prefers the advisory hint's move among equals. It never
reads a hidden card: the samples depend on the player's view and the seed
alone, so two positions that look the same to the player get the same hint.

Before that, where the stock may be recycled without limit, it first looks
through the stock: while the stock holds cards the player has not seen, it
draws (``HintKind.DRAW``). That costs nothing a recycle does not give back
(the stock comes back in the same order), and afterwards the samples differ
only in the cards that are really hidden, not in the stock's order.

Like the advisory hint it never gives the move that undoes the last one, nor
one back to a board already seen (so it never cycles the stock); it gives the
advisory hint when every card is known (which then solves), when there is
one move or none, and when no sample is won. Hindsight can prefer, move
after move, a move that only shifts cards between columns (it keeps one more
sample winnable than any move that commits), so once the game has gone
:data:`WANDER_LIMIT` positions without a new best (fewer cards face down,
more cards home, or fewer in the stock, waste and reserve than ever before)
it chooses only among the moves that commit: a draw or recycle, or a move
that turns a card, sends one home or plays one from the stock, waste or
reserve (the advisory hint when there are fewer than two).

>>> from solitaire_core.deal import deal_code_position
>>> from solitaire_core.rules import legal_moves
>>> from solitaire_core.rules.apply import apply_move
>>> from solitaire_core.variants import KLONDIKE
>>> opening = deal_code_position("KL1-D1N-AAAAAAG")
>>> str(hard_hint(KLONDIKE, opening, seed=1).move)  # it looks through the stock first
'd'
>>> looked = opening
>>> while looked.stock:
...     looked = apply_move(KLONDIKE, looked, DRAW)
>>> advice = hard_hint(KLONDIKE, looked, seed=1)
>>> advice.kind.value, advice.move in legal_moves(KLONDIKE, looked)
('likely_win', True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from typing import Final, TypeVar

from solitaire_core.moves import DRAW, Move, MoveKind
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
from solitaire_core.view import PlayerView, player_view

S = TypeVar("S")
M = TypeVar("M")

DEFAULT_SAMPLES: Final = 40
"""The most ways of the unseen cards the hard AI deals and solves for one hint."""
DEFAULT_WON_SAMPLES: Final = 12
"""It stops dealing once this many of them are won."""
DEFAULT_SAMPLE_POSITIONS: Final = 2_000
"""The solver's budget for each sample, in positions (the same again for each move tried)."""
WANDER_LIMIT: Final = 20
"""How many positions the game may go without a new best (cards face down, home, and in the
stock, waste and reserve) before the hard AI chooses only among the moves that commit."""


def hard_hint(
    variant: Variant,
    position: Position | PlayerView,
    *,
    seed: int = 0,
    samples: int = DEFAULT_SAMPLES,
    won_samples: int = DEFAULT_WON_SAMPLES,
    max_positions: int = DEFAULT_SAMPLE_POSITIONS,
    last_move: Move | None = None,
    seen: Collection[PlayerView] = (),
) -> Hint:
    """The hard AI's hint: the move that keeps the most samples of the unseen cards winnable.

    How it chooses: the module docs. It costs up to ``samples`` solves of
    ``max_positions`` positions, then one more per sample won and move tried
    (usually a handful).

    Args:
        variant: the rules.
        position: the position (only its player view is used) or the view itself.
        seed: the samples' seed (an int ``0 <= seed < 2**64``, as for
            playouts and winnable deals); the same seed gives the same hint.
        samples: the most ways the unseen cards could lie to deal and solve (an int >= 1).
        won_samples: stop dealing once this many are won (an int >= 1).
        max_positions: the solver's budget per sample, in positions (an int >= 1).
        last_move: the move just played, whose reversal is never given.
        seen: the player's views of the earlier positions, in the order of
            the game (see :func:`hint`).

    Returns:
        A ``LIKELY_WIN`` hint; a ``DRAW`` while it looks through the stock;
        or the advisory hint (every card known, at most one move the hint may
        give, no sample won, or wandering with fewer than two moves that commit).

    Raises:
        PositionParseError: (a ``ValueError``) for a position ``variant`` cannot hold.
        InvalidArgumentError: (a ``ValueError``) for a budget or sample count
            that is not an int >= 1, a seed that is not an int ``0 <= seed <
            2**64`` (:func:`~solitaire_core.playout.check_seed`), or another
            argument not of its type (:func:`~solitaire_core.solver.hint.check_hint_arguments`).
    """
    check_count("samples", samples)
    check_count("won_samples", won_samples)
    check_count("max_positions", max_positions)
    check_seed(seed)
    view, stand_in = check_hint_arguments(variant, position, last_move, seen)
    if stand_in.is_won or knows_every_card(view):
        return hint(
            variant, view, last_move=last_move, seen=seen, max_positions=DEFAULT_HINT_POSITIONS
        )
    moves = candidate_moves(variant, stand_in, last_move=last_move, seen=seen)
    if _looks_through_the_stock(variant, view) and DRAW in moves:
        return Hint(DRAW, HintKind.DRAW)
    advice = hint(variant, view, last_move=last_move, seen=seen)
    if _wandering(view, seen):
        moves = [move for move in moves if _commits(variant, stand_in, move)]
    if len(moves) < 2:
        return advice
    rng = random.Random(seed)
    unseen = unseen_cards(view)
    won: list[tuple[Position, Move]] = []  # each won sample and its line's first move
    elsewhere: list[tuple[Position, Move]] = []  # won, but the line starts with another move
    for _ in range(samples):
        order = list(unseen)
        rng.shuffle(order)
        sample = stand_in_position(view, hidden=order)
        result = solve(variant, sample, max_positions=max_positions)
        if result.is_solved:  # (a line from a position not won has a first move)
            (won if result.moves[0] in moves else elsewhere).append((sample, result.moves[0]))
            if len(won) >= won_samples:
                break
    won = won or elsewhere
    if not won:
        return advice
    starts = Counter(first for _, first in won if first in moves)
    tried = [advice.move] if advice.move in moves else []
    tried += [move for move, _ in starts.most_common() if move not in tried]
    tried += [move for move in moves if move not in tried]

    def outcome(sample: Position, first: Move, move: Move) -> float:
        if move == first:
            return 1.0
        after = solve(variant, apply_move(variant, sample, move), max_positions=max_positions)
        return _SCORES[after.status]

    return Hint(best_in_hindsight(tried, won, outcome), HintKind.LIKELY_WIN)


def _looks_through_the_stock(variant: Variant, view: PlayerView) -> bool:
    """True while the stock holds unseen cards and recycling it is free (no recycle limit).

    Only for a stock dealt to a waste: a stock dealt onto the columns changes the game.
    """
    return (
        variant.has_waste
        and variant.recycle_limit is None
        and any(card is None for card in view.stock)
    )


def _commits(variant: Variant, stand_in: Position, move: Move) -> bool:
    """True for a draw or recycle, and for a move that makes progress in the player's view.

    Progress: fewer cards face down, more home, or fewer in the stock, waste
    and reserve. The other moves only shift cards between columns or take one
    back from a foundation.
    """
    if move.kind in (MoveKind.DRAW, MoveKind.RECYCLE):
        return True
    down, home, talon = _progress(player_view(stand_in))
    after_down, after_home, after_talon = _progress(
        player_view(apply_move(variant, stand_in, move))
    )
    return after_down < down or after_home > home or after_talon < talon


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
    "DEFAULT_WON_SAMPLES",
    "WANDER_LIMIT",
    "best_in_hindsight",
    "hard_hint",
]
