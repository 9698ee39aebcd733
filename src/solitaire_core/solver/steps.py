"""The steps the solver's searches try from a position, and its transposition keys.

Shared by the depth-first (:mod:`solitaire_core.solver.depth_first`) and
best-first (:mod:`solitaire_core.solver.best_first`) passes, which play and
take back steps on one :class:`~solitaire_core.solver.search_board.SearchBoard` rather than
build a position per step. What it takes from the literature (Bjarnason, Fern
and Tadepalli, "Lower bounding Klondike solitaire with Monte-Carlo planning",
ICAPS 2009; the Klondike-Solver and OpenSpiel engines):

* a key of a canonical position: columns in any order are one position (the
  rules never depend on a column's place; where the stock is dealt onto the
  columns, among the columns no deal reaches any more), and with unlimited
  recycles the recycle count is left out, and so is the waste's size wherever draws and
  recycles alone lead round to every other such size; the table stores a
  120-bit hash of it (:meth:`~solitaire_core.solver.search_board.SearchBoard.search_hash`);
* dominant foundation moves (a card whose possible users can all go home
  themselves) are played alone, without branching; they are picked from the
  one list of legal moves the step generator asks for; a take-back of a card
  they would send straight home again is skipped;
* stock macro moves: "draw until X is on top, then play X" is one step
  (:mod:`solitaire_core.solver.talon`, :mod:`solitaire_core.solver.stock`), so no
  search branches on draws;
* move ordering: cards home first, then moves that turn a card over, then
  waste plays, then the other tableau moves, take-backs last; where passes
  through the stock are limited (Gargantua, Lady Jane, Eight Times Eight), a
  stock macro that spends a recycle comes after everything else, since a
  pass spent early is lost for good;
* a fast form that skips lifting a group off a card it is built on unless
  that card can go home (the classic "don't break sequences" rule), proven
  to lose no win under Klondike building
  (:func:`~solitaire_core.solver.reductions.breaking_moves_are_redundant`),
  where the complete search uses it too;
* with draw 1 and unlimited recycles under Klondike building, a card played
  from the waste to a column must be covered by the next move (from the
  waste, a column or a foundation), else the line is cut there: any other
  line can wait to play that card until a card goes on it
  (:func:`~solitaire_core.solver.reductions.placements_wait_for_cover`). On
  ``KL1-D1N-AAAAABN``, unknown at 4,000,000 positions without it, the complete
  search proves the loss in under a million;
* a static proof of a loss (:mod:`solitaire_core.solver.blocked`): a set of
  cards of the columns none of which can be the first of the set to leave
  its column (a card buried under a card of the set waits for it; the others
  need a lower card of their suit home, a place to go that no card of the
  set covers, or an empty column), or a cycle of cards each of which must go
  home before the next (a card whose places to go are all home stays on the
  card under it until it goes home). The complete search answers at once
  from a start with such a lock (19 of the 500 starts of Klondike deals
  0..499 in each draw; 95 of Russian Solitaire's deals 0..199, 24 of
  Somerset's), and where no card may enter an empty column (Agnes Sorel)
  every search checks every position it stores and searches on from none
  with a lock (quagnes, the Agnes solver, checks a form of the second rule
  after every deal of the stock: a cycle among suits of last cards above
  cards of other suits). The tests check that it holds no
  position of the winning lines found without it.

One symmetry is used, one is not. Exchanging what lies on two twin cards
(the lemma behind
:func:`~solitaire_core.solver.reductions.breaking_moves_are_redundant`)
keeps the verdict, and the complete search stores such positions as one
(:func:`~solitaire_core.solver.reductions.twins_are_interchangeable`): the
way on from a position can pass through its exchanged twin (lift the cards
off ``u`` onto ``v``, then send ``u`` home), which the table would refuse,
so the position between the two moves is stored with the duty to send ``u``
home next, apart from its twin. In Klondike it stores a third to a half as
many positions (``KL1-D3N-AAAAAHQ`` is proved lost in 494,457 instead of
1,606,700, ``KL1-D1N-AAAAALR`` in 578,234 instead of 1,326,235). Exchanging
the two suits of a colour everywhere also maps the rules onto themselves, but
a search from one deal never met a position's image (none in the first
50,000 positions of ``KL1-D1N-AAAAABN`` and ``KL1-D3N-AAAAAAB``), so the
three extra hashes per position would buy nothing.

Everything goes through the board's move generator and what the variant's
tables and policies declare (never a policy's class), so custom variants work
too. The inner loop is in :mod:`solitaire_core.solver.board_steps` (compiled
in the compiled build); this module gives its steps on positions.
"""

from __future__ import annotations

from typing import Final

from solitaire_core.moves import Move
from solitaire_core.position import Position
from solitaire_core.rules.autoplay import face_up_runs_are_built
from solitaire_core.solver.board_steps import (
    Table,
    board_steps,
    positions_reached,
)
from solitaire_core.solver.search_board import SearchBoard
from solitaire_core.variants import Variant

Child = tuple[tuple[Move, ...], Position]
"""A step as :func:`children` gives it: its atomic moves and the position reached."""


def position_key(variant: Variant, position: Position) -> bytes:
    """The transposition key of ``position``: compact bytes, the same for any column order.

    Columns are sorted only where no rule depends on a column's place (not in
    games whose stock is dealt onto the columns in order). The recycle count
    is left out: :class:`Table` compares it where recycles are limited. See
    :meth:`~solitaire_core.solver.search_board.SearchBoard.key` for the layout.
    """
    return SearchBoard(variant, position).key()


def dominance_is_sound(variant: Variant, position: Position) -> bool:
    """True when the dominant-move rule may be used from ``position`` on.

    The rule (:func:`~solitaire_core.solver.dominance.dominant_home_move`)
    argues that every card that could need a card on the tableau can go home
    itself when it is free, which holds only if every group that can move is in
    building order. That is so when the group policy says so
    (:meth:`~solitaire_core.variants.GroupPolicy.moves_only_built_runs`:
    Réfléchi's ordered runs), or when every column's face-up cards are built on
    each other and no stock is dealt onto the columns: moves keep that true (a
    group keeps its order, and its first card fits where it lands), so it then
    holds in every reachable position. A hand-made position with face-up cards
    out of order under a policy that moves any face-up group (Klondike's,
    Yukon's) gets no forced moves:
    there a card sent home early can be the base a later group needs.
    """
    if variant.groups_are_built_runs:
        return True
    return variant.columns_interchangeable and face_up_runs_are_built(variant, position)


def children(
    variant: Variant, position: Position, *, fast: bool = False, dominance: bool = True
) -> list[Child]:
    """The steps the search tries from ``position``, best first, with the positions reached.

    The same steps as :func:`~solitaire_core.solver.board_steps.board_steps`
    (see there), each as its atomic moves and the position it reaches.
    """
    board = SearchBoard(variant, position)
    # (the flags taken for their truth, as the compiled steps need bools)
    return positions_reached(
        board, board_steps(variant, board, fast=bool(fast), dominance=bool(dominance))
    )


__all__: Final = ["Child", "Table", "children", "dominance_is_sound", "position_key"]
