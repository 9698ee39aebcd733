"""Catalogues of proven-winnable deals, shipped with the library, graded by difficulty.

For every shipped game with a deal code the library ships a small file
(:mod:`~solitaire_core.catalogue.format`) saying which of its first deal
numbers (``0 .. 1999`` for the app's rule sets, Klondike and Réfléchi;
``0 .. 199`` for the rest of the family) a survey (:mod:`solitaire_core.survey`)
proved winnable, with each deal's difficulty grade, and for a game whose
deal numbers are (almost) never winnable, card orders built to be winnable
(constructed deals, named by full deal codes).
:func:`~solitaire_core.pick_winnable_deal` answers from it at once, and
solves deals only beyond it.

* :mod:`~solitaire_core.catalogue.shipped`:
  :func:`~solitaire_core.catalogue.shipped.shipped_catalogue`, a game's
  catalogue, read once on first use, and
  :func:`~solitaire_core.catalogue.shipped.shipped_prefixes`, the games that
  have one.
* :mod:`~solitaire_core.catalogue.format`: the file and the
  :class:`~solitaire_core.catalogue.format.Catalogue` it holds.
* :mod:`~solitaire_core.catalogue.build`: makes a catalogue from a survey
  file (``python -m solitaire_core.catalogue.build``); docs/catalogues.md says
  how the shipped ones were made.
* :mod:`~solitaire_core.catalogue.construct`: builds constructed deals by a
  walk over winnable card orders and sets them in a catalogue file
  (``python -m solitaire_core.catalogue.construct``).

>>> shipped_catalogue("YU1-D0N").deals     # Yukon's deals 0..199
200
>>> shipped_catalogue("XX1-D1N") is None    # no game, no catalogue
True
"""

from solitaire_core.catalogue.format import (
    FORMAT_VERSION,
    WINNING_GRADES,
    Catalogue,
    ConstructedDeal,
    decode,
)
from solitaire_core.catalogue.shipped import shipped_catalogue, shipped_prefixes
from solitaire_core.catalogue.winnable import (
    DEFAULT_PICK_DEALS,
    DEFAULT_PICK_POSITIONS,
    DEFAULT_PICK_TOTAL_POSITIONS,
    DealSource,
    PickEnd,
    WinnableDeal,
    pick_winnable_deal,
)
from solitaire_core.errors import CatalogueError
from solitaire_core.solver.grading import Grade

__all__ = [
    "DEFAULT_PICK_DEALS",
    "DEFAULT_PICK_POSITIONS",
    "DEFAULT_PICK_TOTAL_POSITIONS",
    "FORMAT_VERSION",
    "WINNING_GRADES",
    "Catalogue",
    "CatalogueError",
    "ConstructedDeal",
    "DealSource",
    "Grade",
    "PickEnd",
    "WinnableDeal",
    "decode",
    "pick_winnable_deal",
    "shipped_catalogue",
    "shipped_prefixes",
]
