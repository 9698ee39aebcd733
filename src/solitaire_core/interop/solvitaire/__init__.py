"""Solvitaire's rules JSON and deal JSON, read and written where the rules map.

Solvitaire (a solver for perfect-information solitaire games, github.com/
thecharlesblake/Solvitaire) describes a game by a rules document: JSON objects
``"tableau piles"``, ``"foundations"``, ``"stock"``, ``"reserve"`` and a few
more, each field with a default (its ``default`` preset: 8 piles, any-suit
building, no group moves, every card face up, no stock), and a deal by a
document of card lists: ``"tableau piles"`` (one list per pile, bottom card
first), ``"stock"`` (its last card is dealt first), ``"waste"``,
``"foundations"`` and ``"reserve"`` (last card on top). A card is its rank
(``A``, ``2`` .. ``10``, ``J``, ``Q``, ``K``, or ``1`` .. ``13``) and its
suit letter; in a game whose tableau is dealt with only the top cards face up,
a lower-case suit letter marks a face-down card (``"3d"``).

How Solvitaire's rules map to a :class:`~solitaire_core.variants.Variant`
(docs/interop.md, section 5, has the table):

* ``tableau piles``: ``count`` columns; ``build policy`` red-black, same-suit,
  any-suit: :data:`~.policies.ALTERNATE_COLORS`, :data:`~.policies.SAME_SUIT`,
  :data:`~.policies.ANY_SUIT`; ``move built group`` ``"yes"``: built runs
  (:data:`~.policies.ORDERED_RUN`, or :data:`~.policies.SUIT_RUN` when the
  group policy is same-suit and the building is not); ``spaces policy`` any,
  kings, no-build, auto-reserve-then-any: :data:`~.policies.ANY_CARD`,
  :data:`~.policies.KINGS_ONLY`, :data:`~.policies.NO_CARD`,
  :data:`~.policies.FROM_RESERVE`; the layout is Solvitaire's deal (round
  the piles; with ``diagonal deal`` a triangle, pile ``p`` taking cards in
  rows ``0 .. p`` until the cards run out) with ``face up cards`` ``"all"``
  or only ``"top"``.
* ``foundations``: from the Ace, ``removable`` is the take-back, ``only
  complete pile moves`` spider foundations.
* ``stock``: ``size`` cards, to a ``waste`` (``deal count``, ``redeal``:
  unlimited passes, else one) or onto the ``tableau piles``; ``reserve``:
  a ``stacked`` reserve; ``two decks``.

Refused, naming the field: free cells, a hole, sequences, an accordion,
short decks (``max rank``), no foundations or foundations that start filled
or from another base (Solvitaire's base also changes building: a card never
goes on the base rank), single-card moves only (``move built group: "no"``),
whole piles, maximal groups and Solvitaire's partial-run pruning
(``"partial-if-card-above-buildable"``, a search heuristic of its presets),
a reserve of separate piles, spaces filled from the waste or the stock, a
stock dealt to a hole, building by nothing.

Writing goes the other way for a variant whose rules Solvitaire can express;
Yukon-type groups are written as built groups only where the two move the same
cards (one face-up card per column at the deal and no stock dealt onto the
columns, as in Klondike: every face-up group is then a built run). Scoring is
not written (Solvitaire has none).

>>> klondike = {
...     "tableau piles": {"count": 7, "build policy": "red-black", "spaces policy": "kings",
...                       "move built group": "yes", "diagonal deal": True,
...                       "face up cards": "top"},
...     "foundations": {"removable": True},
...     "stock": {"size": 24, "deal count": 1, "redeal": True},
... }
>>> variant = variant_from_solvitaire(klondike, name="Klondike (Solvitaire)")
>>> variant.column_sizes, variant.group, variant.recycle_limit
((1, 2, 3, 4, 5, 6, 7), OrderedRun(same_suit=False), None)
>>> try:
...     variant_from_solvitaire({"cells": {"count": 4}, "tableau piles": {"count": 8}})
... except SolvitaireFormatError as error:
...     print(error.field, "|", error.reason)
cells.count | 4 free cells: the Klondike family has none (FreeCell-type games are not played here)
"""

from solitaire_core.interop.errors import SolvitaireFormatError
from solitaire_core.interop.solvitaire._deals import (
    card_text,
    position_from_solvitaire,
    solvitaire_deal,
)
from solitaire_core.interop.solvitaire._rules import (
    is_solvitaire_rules,
    solvitaire_column_sizes,
    variant_from_solvitaire,
    variant_to_solvitaire,
)

__all__ = [
    "SolvitaireFormatError",
    "card_text",
    "is_solvitaire_rules",
    "position_from_solvitaire",
    "solvitaire_column_sizes",
    "solvitaire_deal",
    "variant_from_solvitaire",
    "variant_to_solvitaire",
]
