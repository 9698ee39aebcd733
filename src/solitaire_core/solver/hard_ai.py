"""The hard AI of the rule card: it searches many moves ahead, from what the player knows.

The rule card's hard AI "searches many moves ahead and avoids recycle cycles",
and like every AI of the card it uses only the player's information (RULES.md
section 9). It works by sampling: the unseen cards (face down in the columns,
in the unseen stock, under the reserve's top) could lie in many ways; it deals
``samples`` of them, each a random order of exactly the cards the player has
not seen, drawn from ``seed`` and put in the hidden places, solves each sample
with the full-knowledge solver within ``max_positions`` positions, and gives
the legal move that starts a win in the most samples (ties: the generator's
order). It never reads a hidden card: the samples depend on the player's view
and the seed alone, so two positions that look the same to the player get
the same hint. Like the advisory hint it never gives the move that undoes the
last one, nor one back to a board already seen (so it never cycles the
stock); when every card is known it is the advisory hint (which then solves),
and when no sample is won it falls back to the advisory hint.

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
from collections.abc import Collection
from typing import Final

from solitaire_core.errors import InvalidArgumentError
from solitaire_core.moves import Move
from solitaire_core.position import Position
from solitaire_core.rules.positions import check_position
from solitaire_core.solver.hint import (
    DEFAULT_HINT_POSITIONS,
    Hint,
    HintKind,
    candidate_moves,
    hint,
    knows_every_card,
    stand_in_position,
    unseen_cards,
)
from solitaire_core.solver.result import check_count
from solitaire_core.solver.solving import solve
from solitaire_core.variants import Variant
from solitaire_core.view import PlayerView, player_view

DEFAULT_SAMPLES: Final = 8
"""How many ways the unseen cards could lie the hard AI solves for each hint."""
DEFAULT_SAMPLE_POSITIONS: Final = 2_000
"""The solver's budget for each sample, in positions."""


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
    """The hard AI's hint: the move that wins in the most samples of the unseen cards.

    Args:
        variant: the rules.
        position: the position (only its player view is used) or the view itself.
        seed: the samples' seed (an int); the same seed gives the same hint.
        samples: how many ways the unseen cards could lie to solve (an int >= 1).
        max_positions: the solver's budget per sample, in positions (an int >= 1).
        last_move: the move just played, whose reversal is never given.
        seen: the player's views of the earlier positions (see :func:`hint`).

    Returns:
        A ``LIKELY_WIN`` hint, or the advisory hint (every card known, or no
        sample won).

    Raises:
        PositionParseError: (a ``ValueError``) for a position ``variant`` cannot hold.
        InvalidArgumentError: (a ``ValueError``) for a budget or sample count
            that is not an int >= 1, or a seed that is not an int.
    """
    check_count("samples", samples)
    check_count("max_positions", max_positions)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidArgumentError(f"seed must be an int, got {seed!r}")
    view = position if isinstance(position, PlayerView) else player_view(position)
    stand_in = stand_in_position(view)
    check_position(variant, stand_in)
    if stand_in.is_won or knows_every_card(view):
        return hint(
            variant, view, last_move=last_move, seen=seen, max_positions=DEFAULT_HINT_POSITIONS
        )
    moves = candidate_moves(variant, stand_in, last_move=last_move, seen=seen)
    allowed = set(moves)
    votes: Counter[Move] = Counter()
    rng = random.Random(seed)
    unseen = unseen_cards(view)
    for _ in range(samples):
        order = list(unseen)
        rng.shuffle(order)
        result = solve(variant, stand_in_position(view, hidden=order), max_positions=max_positions)
        if result.is_solved and result.moves and result.moves[0] in allowed:
            votes[result.moves[0]] += 1
    if votes:
        best = max(moves, key=lambda move: votes[move])  # the first of the most voted
        return Hint(best, HintKind.LIKELY_WIN)
    return hint(variant, view, last_move=last_move, seen=seen)


__all__ = ["DEFAULT_SAMPLES", "DEFAULT_SAMPLE_POSITIONS", "hard_hint"]
