"""Interoperability: deals and solutions from the engines people already use.

* **Full deal codes** (:class:`~solitaire_core.codes.FullDealCode`, in
  :mod:`solitaire_core.codes`): any card order as ``KL1-D1N-`` + 48 letters.
* **Klondike-Solver (ShootMe)** (:mod:`.shootme`): its 156-digit deal strings
  and its solution notation (``DR# NEW F# XY XY-#``) to and from our moves.
* **PySolFC** (:mod:`.pysol`): the deals of its Klondike and Klondike by Threes
  game numbers, and the layout text ``pysol-cards`` prints.
* **Card orders** (:mod:`.card_order`): 52 cards in dealing order.
* **Solvitaire** (:mod:`.solvitaire`): its rules JSON and deal JSON, read and
  written where the rules map (a clear :class:`SolvitaireFormatError` where
  they do not).
* :func:`import_deal` / :func:`export_deal` (:mod:`.formats`): what the
  ``import`` and ``export`` commands run.

Every format describes the standard Klondike layout (columns of 1..7 cards,
24 in the stock) dealt in our order (RULES.md section 2), so a deal is a deck:
``deck[0]`` goes to column 1, ``deck[28]`` is the first stock card drawn.

>>> from solitaire_core.interop import import_deal, export_deal
>>> code = import_deal("1", source="pysol")          # PySolFC Klondike #1
>>> export_deal(code, to="pysol").splitlines()[:2]
['Talon: 4H AC 4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H', 'QH']
"""

from solitaire_core.interop.card_order import format_card_order, parse_card_order
from solitaire_core.interop.errors import DealImportError, NotationError, SolvitaireFormatError
from solitaire_core.interop.formats import (
    EXPORT_TARGETS,
    IMPORT_SOURCES,
    export_deal,
    import_deal,
    read_deck,
)
from solitaire_core.interop.layout import COLUMN_INDICES, deck_columns, deck_stock, layout_deck
from solitaire_core.interop.pysol import (
    format_pysol_deck,
    format_pysol_layout,
    is_pysol_game_number,
    parse_pysol_layout,
    pysol_deck,
)
from solitaire_core.interop.pysol_random import MersenneTwister, MicrosoftRandom
from solitaire_core.interop.shootme import (
    decode_shootme_deal,
    encode_shootme_deal,
    format_shootme_solution,
    parse_shootme_solution,
)
from solitaire_core.interop.solvitaire import (
    is_solvitaire_rules,
    position_from_solvitaire,
    solvitaire_deal,
    variant_from_solvitaire,
    variant_to_solvitaire,
)

__all__ = [
    "COLUMN_INDICES",
    "EXPORT_TARGETS",
    "IMPORT_SOURCES",
    "DealImportError",
    "MersenneTwister",
    "MicrosoftRandom",
    "NotationError",
    "SolvitaireFormatError",
    "deck_columns",
    "deck_stock",
    "decode_shootme_deal",
    "encode_shootme_deal",
    "export_deal",
    "format_card_order",
    "format_pysol_deck",
    "format_pysol_layout",
    "format_shootme_solution",
    "import_deal",
    "is_pysol_game_number",
    "is_solvitaire_rules",
    "layout_deck",
    "parse_card_order",
    "parse_pysol_layout",
    "parse_shootme_solution",
    "position_from_solvitaire",
    "pysol_deck",
    "read_deck",
    "solvitaire_deal",
    "variant_from_solvitaire",
    "variant_to_solvitaire",
]
