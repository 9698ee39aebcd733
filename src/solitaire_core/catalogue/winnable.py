"""Winnable deals only: pick a deal proven winnable, reproducibly, graded by difficulty.

The most requested mode of solitaire apps. :func:`pick_winnable_deal` answers
in two ways:

* **From the catalogue**, at once, for the games that ship one (Klondike draw
  1 and 3, Vegas draw 1 and 3, Réfléchi draw 1 and 3:
  :mod:`solitaire_core.catalogue`): the seed picks one of the deals ``0 ..
  1999`` that a survey proved winnable (of the grade asked for, if any).
* **With the solver**, for the other games, with ``catalogue=False`` (for
  more deals than a catalogue holds: any of the 26**7 deal numbers), or when
  the catalogue has no deal of the grade asked for: it draws deal numbers from
  the seed and solves each deal in turn with a small budget, moving on from
  deals that are proven unwinnable or not decided within it, and returns the
  first deal it wins, so an app never waits for one hard deal.

Either way the same arguments give the same deal on any machine (budgets are
counts of positions, never seconds), and a deal said to be ``proven`` has a
winning line that the solver found and the rules replayed.

The solver's deal numbers are those of :func:`~solitaire_core.playout.deal_numbers`
(the playouts' deals: SplitMix64 from the seed, bounded to the deal codes'
range): try ``i`` of a seed is always the same deal, whatever the budget. The
catalogue's pick is the second SplitMix64 output of the seed, bounded to the
number of catalogue deals of the grade asked for.

The picker lives with the catalogues, above the solver it runs when a
catalogue has no deal to give.

>>> from solitaire_core.variants import KLONDIKE, YUKON
>>> picked = pick_winnable_deal(KLONDIKE, seed=1, grade="easy")
>>> picked.proven, picked.source.value, picked.grade.value, picked.code.deal_number < 2000
(True, 'catalogue', 'easy', True)
>>> picked = pick_winnable_deal(YUKON, seed=1, max_positions=20_000)   # no catalogue: solved
>>> picked.proven, picked.source.value, str(picked.code).startswith("YU1-D0N-")
(True, 'solver', True)
"""

from __future__ import annotations

import itertools
from enum import StrEnum

import attrs

from solitaire_core.catalogue.shipped import shipped_catalogue
from solitaire_core.codes import DealCode, code_for
from solitaire_core.deal import deal_position
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.limits import PICK_MAX_POSITIONS
from solitaire_core.playout import deal_numbers
from solitaire_core.shuffle import SplitMix64
from solitaire_core.solver.grading import CARDS_PER_DECK, Grade
from solitaire_core.solver.grading import grade as grade_solve
from solitaire_core.solver.result import SolveStatus, check_count
from solitaire_core.solver.solving import solve
from solitaire_core.variants import Variant, code_header, require_variant

DEFAULT_PICK_POSITIONS = 50_000
"""The default budget per deal tried, in positions (a fraction of a second to a
few seconds a deal for Klondike here; most winnable deals are won well within it)."""
DEFAULT_PICK_DEALS = 100
"""The default number of deals tried before giving up on a proof."""
DEFAULT_PICK_TOTAL_POSITIONS = PICK_MAX_POSITIONS
"""The default budget of a whole pick, in positions: no new deal is tried once the deals tried
have cost this many (:data:`~solitaire_core.limits.PICK_MAX_POSITIONS`, 20 deals at the
default budget), so a game whose deals the solver rarely decides is given up in seconds."""


class DealSource(StrEnum):
    """Where :func:`pick_winnable_deal` found its deal."""

    CATALOGUE = "catalogue"
    """The game's shipped catalogue of deals a survey proved winnable."""
    SOLVER = "solver"
    """The solver, run by this call."""


@attrs.frozen
class WinnableDeal:
    """What :func:`pick_winnable_deal` found.

    Attributes:
        code: the deal code of the deal picked.
        proven: True when the deal is proven winnable (the catalogue's survey
            or this call's solver won it); False when no deal tried was won
            (then ``code`` is the first deal tried that was not proven
            unwinnable: playable, but maybe a loss).
        tried: how many deals were tried, this one included (1-based; 1 for
            a deal from the catalogue).
        positions: the positions the solver stored over all the deals tried
            by this call (0 for a deal from the catalogue: nothing was solved).
        moves: the length of the winning line found (atomic moves, draws and
            recycles included; the survey's line for a deal from the
            catalogue); 0 when not proven.
        source: where the deal came from, the catalogue or the solver.
        grade: the deal's difficulty grade (easy, medium or hard:
            :func:`~solitaire_core.solver.grading.grade` of the survey's solve
            for a catalogue deal, of this call's solve at ``max_positions``
            otherwise); None when not proven.
    """

    code: DealCode
    proven: bool
    tried: int
    positions: int
    moves: int
    source: DealSource = DealSource.SOLVER
    grade: Grade | None = None


def pick_winnable_deal(
    variant: Variant,
    *,
    seed: int,
    max_positions: int = DEFAULT_PICK_POSITIONS,
    max_deals: int = DEFAULT_PICK_DEALS,
    grade: str | None = None,
    catalogue: bool = True,
    max_total_positions: int = DEFAULT_PICK_TOTAL_POSITIONS,
) -> WinnableDeal:
    """A deal drawn from ``seed`` that is proven winnable: from the catalogue, or solved.

    With a catalogue for the game (``catalogue=True``, the default) and a deal
    of the grade asked for in it, the answer is one of the catalogue's deals,
    chosen by the seed, without solving (a few microseconds;
    ``max_positions`` and ``max_deals`` are then unused). Otherwise it is the
    first deal drawn from ``seed`` that the solver wins within
    ``max_positions`` (and, with ``grade``, whose solve has that grade; if
    none of the deals tried has it, the first deal won of another grade). It
    tries at most ``max_deals`` deals, and no new one once the deals tried
    have cost ``max_total_positions`` positions in all.

    Args:
        variant: a game with a deal-code prefix (every shipped game of the
            family; a custom variant once registered with one).
        seed: 0 <= seed < 2**64; fixes the deal picked.
        max_positions: the solver's budget per deal, in positions (an int >= 1).
        max_deals: how many deals the solver tries at most (an int >= 1).
        grade: ``"easy"``, ``"medium"``, ``"hard"`` (or a
            :class:`~solitaire_core.solver.grading.Grade` among them) for a deal
            of that difficulty, None (the default) for any.
        catalogue: False to skip the catalogue and solve deals drawn from
            the whole range of deal numbers (the answer before catalogues).
        max_total_positions: the budget of the whole pick, in positions (an
            int >= 1; default :data:`DEFAULT_PICK_TOTAL_POSITIONS`): once the
            solves have stored this many, no new deal is tried (the last deal
            tried may take it past by up to ``max_positions``).

    Returns:
        A :class:`WinnableDeal`, ``proven`` when a deal was won, with its
        ``source`` and ``grade``; the same for the same arguments on any
        machine and with either build.

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``variant`` is not a
            :class:`~solitaire_core.variants.Variant` (a name or prefix is
            refused, as by :func:`~solitaire_core.solver.solve`:
            :func:`~solitaire_core.variants.lookup_variant` finds the
            variant), the variant has no deal code, the seed is out of
            range, a budget is not an int >= 1, or ``grade`` is not easy,
            medium, hard or None.
        CatalogueError: if the game's shipped catalogue is damaged.

    >>> from solitaire_core.variants import KLONDIKE_DRAW_3
    >>> picked = pick_winnable_deal(KLONDIKE_DRAW_3, seed=7, grade="hard")
    >>> picked == pick_winnable_deal(KLONDIKE_DRAW_3, seed=7, grade="hard")   # reproducible
    True
    >>> picked.grade.value, picked.tried, picked.positions
    ('hard', 1, 0)
    """
    require_variant(variant)
    numbers = deal_numbers(seed)
    check_count("max_positions", max_positions)
    check_count("max_deals", max_deals)
    check_count("max_total_positions", max_total_positions)
    if not isinstance(catalogue, bool):
        raise InvalidArgumentError(f"catalogue must be True or False, got {catalogue!r}")
    wanted = _wanted_grade(grade)
    header = code_header(variant)
    if header is None:
        raise InvalidArgumentError(
            f"{variant.name} has no deal-code prefix: register it with one to pick deals"
        )
    if catalogue:
        picked = _from_catalogue(variant, str(header), seed, wanted)
        if picked is not None:
            return picked
    fallback: DealCode | None = None
    won: WinnableDeal | None = None
    last: DealCode | None = None
    positions = 0
    tried = 0
    cards = CARDS_PER_DECK * variant.decks
    for number in itertools.islice(numbers, max_deals):
        if positions >= max_total_positions:
            break  # the pick's whole budget is spent: no new deal
        tried += 1
        code = code_for(variant, number)
        assert code is not None
        last = code
        result = solve(variant, deal_position(variant, number), max_positions=max_positions)
        positions += result.positions
        if result.is_solved:
            found = grade_solve(
                SolveStatus.SOLVED, positions=result.positions, moves=len(result.moves), cards=cards
            )
            if wanted is None or found is wanted:
                return WinnableDeal(
                    code, True, tried, positions, len(result.moves), DealSource.SOLVER, found
                )
            if won is None:
                won = WinnableDeal(code, True, 0, 0, len(result.moves), DealSource.SOLVER, found)
        elif fallback is None and result.status is SolveStatus.UNKNOWN:
            fallback = code
    assert last is not None
    if won is not None:  # no deal of the grade asked for: the first one won
        return attrs.evolve(won, tried=tried, positions=positions)
    # No deal won: the first undecided one, or if every deal tried was proven
    # lost, the last one (a deal to play all the same).
    return WinnableDeal(fallback or last, False, tried, positions, 0)


def _wanted_grade(grade: object) -> Grade | None:
    if grade is None:
        return None
    if isinstance(grade, str) and grade in _WINNING:
        return Grade(grade)
    raise InvalidArgumentError(f"grade must be 'easy', 'medium', 'hard' or None, got {grade!r}")


_WINNING = ("easy", "medium", "hard")


def _from_catalogue(
    variant: Variant, prefix: str, seed: int, wanted: Grade | None
) -> WinnableDeal | None:
    found = shipped_catalogue(prefix)
    if found is None:
        return None
    deals = found.winnable(wanted)
    if not deals:
        return None
    chooser = SplitMix64(seed)
    chooser.next()  # skipped, as deal_numbers skips it: the second output picks the deal
    number = deals[chooser.bounded(len(deals))]
    code = code_for(variant, number)
    assert code is not None
    return WinnableDeal(
        code, True, 1, 0, found.moves[number], DealSource.CATALOGUE, found.grades[number]
    )


__all__ = [
    "DEFAULT_PICK_DEALS",
    "DEFAULT_PICK_POSITIONS",
    "DEFAULT_PICK_TOTAL_POSITIONS",
    "DealSource",
    "WinnableDeal",
    "pick_winnable_deal",
]
