"""The complete search's reductions, each compared with an exhaustive search without it.

The complete depth-first pass proves deals unwinnable, so a reduction that
drops a winning line would make false "unwinnable" verdicts. Each one is
checked here against the same search without it, on small positions reached by
random play (late enough that the search without reductions finishes within a
few thousand positions): the verdicts must agree, an exhaustive search with
the reduction must store no more positions than one without it, and on some
of the sample the reduction must change the count (so the comparison exercises it).

The reductions: skipping the moves that only break a built sequence where
that is proven sound (``sequences``,
:func:`~solitaire_core.solver.reductions.breaking_moves_are_redundant`),
forced moves home (``dominance``), one table entry for twin positions
(``twins``, :func:`~solitaire_core.solver.reductions.twins_are_interchangeable`),
skipping the take-back of a
card those would send straight home (``takebacks``), and one table entry for
every waste size on the cycle of draws and recycles (``talon_cycles``,
:meth:`~solitaire_core.solver.search_board.SearchBoard.search_hash`). The equivalence behind
the last is also checked against a walk of draws and recycles.
"""

from __future__ import annotations

import random

import pytest

from solitaire_core import deal_position
from solitaire_core.moves import MoveKind
from solitaire_core.position import Position
from solitaire_core.rules import legal_moves, play_move
from solitaire_core.solver.board_steps import Step, board_steps, play_step, undo_step
from solitaire_core.solver.reductions import (
    breaking_moves_are_redundant,
    placements_wait_for_cover,
    twins_are_interchangeable,
)
from solitaire_core.solver.result import SolveResult, SolveStatus
from solitaire_core.solver.search_board import SearchBoard
from solitaire_core.solver.searching import depth_first_loop
from solitaire_core.solver.steps import dominance_is_sound
from solitaire_core.variants import Variant, shipped

BUDGET = 2_500
"""Positions the search without reductions may store; positions it cannot finish are skipped."""

VARIANTS = (
    shipped.KLONDIKE,  # draw 1, unlimited recycles, take-backs
    shipped.KLONDIKE_DRAW_3,  # draw 3: sizes off the cycle after a waste play
    shipped.TRADITIONAL_DRAW_3,  # three passes: no cycle, the plain hash; no take-backs
    shipped.REFLECHI,  # all face up, ordered runs move
    shipped.CANFIELD,  # draw 3, unlimited, a reserve, foundations from a dealt base
)
RANDOM_MOVES = {
    shipped.CANFIELD: (0, 20),  # a hard game: random play soon loses
    shipped.TRADITIONAL_DRAW_3: (5, 40),
}
"""How many random moves lead to the sample positions (60..300 where not given)."""


def _random_late_position(variant: Variant, deal: int, rng: random.Random) -> Position:
    """A position after some random moves from ``deal`` (half of them home when one is legal).

    Take-backs are left out of the random play, so the positions drift
    towards the end of the game, where the searches are small.
    """
    position = deal_position(variant, deal)
    for _ in range(rng.randrange(*RANDOM_MOVES.get(variant, (60, 300)))):
        moves = [
            m for m in legal_moves(variant, position) if m.kind is not MoveKind.FOUNDATION_TO_COLUMN
        ]
        if not moves:
            break
        home = [m for m in moves if m.kind.name.endswith("TO_FOUNDATION")]
        position = play_move(
            variant, position, rng.choice(home if home and rng.random() < 0.5 else moves)
        )
    return position


def _complete(
    variant: Variant,
    position: Position,
    budget: int,
    *,
    sequences: bool = False,
    dominance: bool = False,
    takebacks: bool = False,
    talon_cycles: bool = False,
    cover: bool = False,
    stuck: bool = False,
    twins: bool = False,
) -> SolveResult:
    """The complete depth-first search with the reductions named (all off by default)."""
    return depth_first_loop(
        variant,
        position,
        lambda reached: reached.is_won,
        budget,
        None,
        winning=True,
        skip_breaking=sequences,  # skip the moves that only break a built sequence
        proves=True,  # running out of positions proves the loss
        dominance=dominance,
        takebacks=takebacks,
        talon_cycles=talon_cycles,
        cover=cover,
        stuck=stuck,
        twins=twins,
    )


REDUCTIONS = {
    "sequences": {"sequences": True},
    "dominance": {"dominance": True},
    "takebacks": {"dominance": True, "takebacks": True},
    "talon_cycles": {"talon_cycles": True},
    "cover": {"cover": True},
    "stuck": {"stuck": True},  # (a start with a stuck card is rare here: no count change asked)
    # (twins need the dominance rule and the table of search hashes; compared with them alone)
    "twins": {"dominance": True, "talon_cycles": True, "twins": True},
    "all": {"takebacks": True, "talon_cycles": True, "stuck": True},  # and the others where sound
}
"""The reductions compared, each as the flags of :func:`_complete` it turns on."""


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.name)
def test_each_reduction_keeps_the_verdict_of_the_search_without_it(variant: Variant) -> None:
    rng = random.Random(f"reductions {variant.name}")
    verdicts = {SolveStatus.SOLVED: 0, SolveStatus.UNWINNABLE: 0}
    changed = dict.fromkeys(REDUCTIONS, 0)  # positions where the search stored another count
    deal = 0
    while min(verdicts.values()) < 4 and deal < 60:
        position = _random_late_position(variant, deal, rng)
        deal += 1
        plain = _complete(variant, position, BUDGET)
        if plain.status is SolveStatus.UNKNOWN:
            continue
        verdicts[plain.status] += 1
        dominance = dominance_is_sound(variant, position)
        sequences = dominance and breaking_moves_are_redundant(variant)
        twins = sequences and twins_are_interchangeable(variant)
        cover = placements_wait_for_cover(variant)
        for name, flags in REDUCTIONS.items():
            if (
                (flags.get("dominance") and not dominance)
                or (flags.get("sequences") and not sequences)
                or (flags.get("cover") and not cover)
                or (flags.get("twins") and not twins)
            ):
                continue  # not sound from this position: the searches leave it off
            sound = (
                {"sequences": sequences, "dominance": dominance, "cover": cover, "twins": twins}
                if name == "all"
                else {}
            )
            # (room enough: a reduction never needs more positions than the search without it)
            reduced = _complete(variant, position, BUDGET * 4, **flags, **sound)
            duties = any(flags.get(duty) or sound.get(duty) for duty in ("cover", "twins"))
            assert reduced.status is plain.status, (name, deal - 1)
            if plain.status is SolveStatus.UNWINNABLE and not duties:
                # an exhaustive search with fewer moves or merged positions stores no more
                # (with "cover" or "twins" a position may be stored twice: with a duty, to
                # cover a card or to send one home, and free of it, so only the verdict is
                # compared)
                assert reduced.positions <= plain.positions, (name, deal - 1)
            changed[name] += reduced.positions != plain.positions
    assert min(verdicts.values()) >= 4, verdicts  # both verdicts were compared
    assert changed["all"] > 0  # the comparison exercised the reductions
    if variant.recycle_limit is None and variant.draw_count == 1:
        # (with draw 3 a waste play mostly leaves the cycle: fewer positions join)
        assert changed["talon_cycles"] > 0
    if variant.simple_foundations and variant.foundation_takeback:
        assert changed["takebacks"] > 0
    if breaking_moves_are_redundant(variant):
        assert changed["sequences"] > 0
    if placements_wait_for_cover(variant):
        assert changed["cover"] > 0
    if twins_are_interchangeable(variant):
        assert changed["twins"] > 0


def _walk(variant: Variant, position: Position) -> list[Position]:
    """Every position reached from ``position`` by draws and recycles alone (itself first)."""
    reached = [position]
    keys = {SearchBoard(variant, position).key()}
    frontier = [position]
    while frontier:
        current = frontier.pop()
        for move in legal_moves(variant, current):
            if move.kind in (MoveKind.DRAW, MoveKind.RECYCLE):
                following = play_move(variant, current, move)
                key = SearchBoard(variant, following).key()  # (recycles left out)
                if key not in keys:
                    keys.add(key)
                    reached.append(following)
                    frontier.append(following)
    return reached


@pytest.mark.parametrize(
    "variant",
    (*VARIANTS, shipped.SARATOGA, shipped.GARGANTUA),
    ids=lambda variant: variant.name,
)
def test_search_hash_joins_exactly_the_positions_that_lead_to_each_other(
    variant: Variant,
) -> None:
    """Positions that draws and recycles connect share a search hash iff each reaches the other."""
    rng = random.Random(f"talon cycle {variant.name}")
    joined = 0
    for deal in range(6):
        start = (
            _random_late_position(variant, deal, rng) if deal % 2 else deal_position(variant, deal)
        )
        walk = _walk(variant, start)
        for position in walk[1:]:
            back = {SearchBoard(variant, q).key() for q in _walk(variant, position)}
            mutual = SearchBoard(variant, start).key() in back
            same = (
                SearchBoard(variant, position).search_hash()
                == SearchBoard(variant, start).search_hash()
            )
            if variant.recycle_limit is not None:
                assert not same  # the count of recycles matters: no joining
            else:
                assert same is mutual, (deal, position)
            joined += same
    assert (joined > 0) is (variant.recycle_limit is None)


def _reaches_itself(board: SearchBoard, step: Step) -> bool:
    """True when ``step`` leads from the board's position back to it (its search hash)."""
    here = board.search_hash()
    played = play_step(board, step)
    reached = board.search_hash()
    undo_step(board, played)
    return reached == here


@pytest.mark.parametrize(
    "variant",
    (*VARIANTS, shipped.YUKON, shipped.EASTHAVEN),
    ids=lambda variant: variant.name,
)
def test_skipped_swaps_are_exactly_the_steps_back_to_the_position(variant: Variant) -> None:
    """``board_steps(skip_swaps=True)``: the same steps in the same order, less those that
    reach the position itself (a whole column onto an empty one), which the searches' tables
    hold; none left out where the columns' order matters or a reserve refills them."""
    rng = random.Random(f"swaps {variant.name}")
    swaps_stay = variant.columns_interchangeable and not variant.empty_column.fills_from_reserve
    left_out = 0
    for deal in range(40):
        board = SearchBoard(variant, _random_late_position(variant, deal, rng))
        for fast in (False, True):
            steps = board_steps(variant, board, fast=fast, dominance=False)
            kept = board_steps(variant, board, fast=fast, dominance=False, skip_swaps=True)
            if swaps_stay:
                assert kept == [step for step in steps if not _reaches_itself(board, step)]
            else:
                assert kept == steps
            left_out += len(steps) - len(kept)
    assert (left_out > 0) is swaps_stay  # (an empty column and a whole column met on the way)
