"""Winnable deals only: pick a deal the solver proves winnable, reproducibly.

The most requested mode of solitaire apps. :func:`pick_winnable_deal` draws
deal numbers from a seed and solves each deal in turn with a small budget,
moving on from deals that are proven unwinnable or not decided within it, and
returns the first deal it wins (with its winning line's length), so an app never
waits for one hard deal. The same seed and budget give the same deal on any
machine: budgets are counts of positions, never seconds.

The deal numbers are those of :func:`~solitaire_core.playout.deal_numbers`
(the playouts' deals: SplitMix64 from the seed, bounded to the deal codes'
range): try ``i`` of a seed is always the same deal, whatever the budget.

>>> from solitaire_core.variants import KLONDIKE
>>> picked = pick_winnable_deal(KLONDIKE, seed=1, max_positions=20_000)
>>> picked.proven, str(picked.code).startswith("KL1-D1N-"), picked.moves > 52
(True, True, True)
"""

from __future__ import annotations

import itertools

import attrs

from solitaire_core.codes import DealCode, code_for
from solitaire_core.deal import deal_position
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.playout import deal_numbers
from solitaire_core.solver.result import SolveStatus, check_count
from solitaire_core.solver.solving import solve
from solitaire_core.variants import Variant

DEFAULT_PICK_POSITIONS = 50_000
"""The default budget per deal tried, in positions (a fraction of a second to a
few seconds a deal for Klondike here; most winnable deals are won well within it)."""
DEFAULT_PICK_DEALS = 100
"""The default number of deals tried before giving up on a proof."""


@attrs.frozen
class WinnableDeal:
    """What :func:`pick_winnable_deal` found.

    Attributes:
        code: the deal code of the deal picked.
        proven: True when the solver won the deal within its budget; False
            when no deal tried was won (then ``code`` is the first deal tried
            that was not proven unwinnable: playable, but maybe a loss).
        tried: how many deals were tried, this one included (1-based).
        positions: the positions the solver stored over all the deals tried.
        moves: the length of the winning line found (atomic moves, draws and
            recycles included); 0 when not proven.
    """

    code: DealCode
    proven: bool
    tried: int
    positions: int
    moves: int


def pick_winnable_deal(
    variant: Variant,
    *,
    seed: int,
    max_positions: int = DEFAULT_PICK_POSITIONS,
    max_deals: int = DEFAULT_PICK_DEALS,
) -> WinnableDeal:
    """The first deal drawn from ``seed`` that the solver wins within ``max_positions``.

    Args:
        variant: a game with a deal-code prefix (every shipped game of the
            family; a custom variant once registered with one).
        seed: 0 <= seed < 2**64; fixes the order in which deals are tried.
        max_positions: the solver's budget per deal, in positions (an int >= 1).
        max_deals: how many deals to try at most (an int >= 1).

    Returns:
        A :class:`WinnableDeal`, ``proven`` when a deal was won; the same for
        the same arguments on any machine.

    Raises:
        InvalidArgumentError: (a ``ValueError``) if the variant has no deal
            code, the seed is out of range, or a budget is not an int >= 1.
    """
    numbers = deal_numbers(seed)
    check_count("max_positions", max_positions)
    check_count("max_deals", max_deals)
    last = code_for(variant, 0)
    if last is None:
        raise InvalidArgumentError(
            f"{variant.name} has no deal-code prefix: register it with one to pick deals"
        )
    fallback: DealCode | None = None
    positions = 0
    for tried, number in enumerate(itertools.islice(numbers, max_deals), start=1):
        code = code_for(variant, number)
        assert code is not None
        last = code
        result = solve(variant, deal_position(variant, number), max_positions=max_positions)
        positions += result.positions
        if result.is_solved:
            return WinnableDeal(code, True, tried, positions, len(result.moves))
        if fallback is None and result.status is SolveStatus.UNKNOWN:
            fallback = code
    # No deal won: the first undecided one, or if every deal tried was proven
    # lost, the last one (a deal to play all the same).
    return WinnableDeal(fallback or last, False, max_deals, positions, 0)


__all__ = ["DEFAULT_PICK_DEALS", "DEFAULT_PICK_POSITIONS", "WinnableDeal", "pick_winnable_deal"]
