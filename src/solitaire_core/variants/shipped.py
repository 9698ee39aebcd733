"""The variants shipped by name: the app rule sets (RULES.md) and the family (FAMILY.md).

>>> KLONDIKE.draw_count, KLONDIKE.recycle_limit, KLONDIKE_VEGAS_DRAW_3.recycle_limit
(1, None, 0)
>>> REFLECHI.all_face_up, TRADITIONAL_DRAW_3.recycle_limit
(True, 2)
>>> YUKON.stock_kind.value, CANFIELD.layout.reserve, DOUBLE_KLONDIKE.decks
('none', 13, 2)
"""

from __future__ import annotations

from importlib import resources
from typing import Final

import attrs

from solitaire_core.errors import RulesFileError
from solitaire_core.scoring.policies import RULE_CARD_SCORING, STANDARD_REFLECHI, VEGAS
from solitaire_core.variants.layout import REFLECHI_LAYOUT, DealPart, Layout
from solitaire_core.variants.piles import (
    DEAL_ONTO_COLUMNS,
    DEALT_BASE_FOUNDATIONS,
    DRAW_THREE,
    FIRST_CARD_FOUNDATIONS,
    NO_STOCK,
    SPIDER_FOUNDATIONS,
    DealStock,
    WasteStock,
)
from solitaire_core.variants.policies import (
    ANY_CARD,
    ANY_FACE_UP_RUN,
    ANY_SUIT,
    ANY_SUIT_BUT_OWN,
    BELOW_BASE,
    FROM_RESERVE,
    KINGS_ONLY,
    NO_CARD,
    ORDERED_RUN,
    SAME_COLOR,
    SAME_SUIT,
    SUIT_RUN,
    TOP_CARD_OR_WHOLE_COLUMN,
    AlternateColors,
    LimitedRun,
    SameColor,
    SameSuit,
)
from solitaire_core.variants.rules_text import read_rules_text
from solitaire_core.variants.variant import Variant

_ONE_PASS: Final = WasteStock(recycle_limit=0)

# --- the app rule sets (RULES.md sections 2, 4, 10) ---------------------------

KLONDIKE: Final = Variant(name="Klondike", code_prefix="KL")
"""Klondike, Standard scoring, draw 1, unlimited recycles (the Klondike app's rules)."""
KLONDIKE_DRAW_3: Final = attrs.evolve(KLONDIKE, name="Klondike draw 3", stock=DRAW_THREE)
"""Klondike, Standard scoring, draw 3, unlimited recycles (the Klondike app's rules)."""
KLONDIKE_VEGAS: Final = attrs.evolve(
    KLONDIKE, name="Klondike Vegas", stock=_ONE_PASS, scoring=VEGAS
)
"""Klondike, Vegas scoring, draw 1, one pass through the stock (the Klondike app's rules)."""
KLONDIKE_VEGAS_DRAW_3: Final = attrs.evolve(
    KLONDIKE_VEGAS, name="Klondike Vegas draw 3", stock=WasteStock(draw_count=3, recycle_limit=0)
)
"""Klondike, Vegas scoring, draw 3, one pass through the stock (the Klondike app's rules)."""

REFLECHI: Final = Variant(
    name="Réfléchi",
    layout=REFLECHI_LAYOUT,
    group=ORDERED_RUN,
    code_prefix="TF",
    scoring=STANDARD_REFLECHI,
)
"""Réfléchi / Thoughtful: all tableau cards face up, only ordered groups move; draw 1."""
REFLECHI_DRAW_3: Final = attrs.evolve(REFLECHI, name="Réfléchi draw 3", stock=DRAW_THREE)
"""Réfléchi / Thoughtful, draw 3 (the Réfléchi app's rules)."""

TRADITIONAL: Final = Variant(
    name="Traditional Klondike", stock=_ONE_PASS, foundation_takeback=False
)
"""Traditional Klondike (the traditional rules), draw 1: one pass, no take-back."""
TRADITIONAL_DRAW_3: Final = attrs.evolve(
    TRADITIONAL,
    name="Traditional Klondike draw 3",
    stock=WasteStock(draw_count=3, recycle_limit=2),
)
"""Traditional Klondike, draw 3: three passes (two recycles), no take-back."""

RULE_CARD: Final = Variant(name="Klondike rule card", scoring=RULE_CARD_SCORING)
"""The rule card's Klondike: draw 1, unlimited recycles, take-back allowed."""
RULE_CARD_DRAW_3: Final = attrs.evolve(
    RULE_CARD, name="Klondike rule card draw 3", stock=DRAW_THREE
)
"""The rule card's draw 3 variant (its own statistics in the app)."""

# --- the family: waste-stock games (FAMILY.md section 3) ----------------------

THUMB_AND_POUCH: Final = Variant(
    name="Thumb and Pouch",
    stock=_ONE_PASS,
    build=ANY_SUIT_BUT_OWN,
    group=ORDERED_RUN,
    empty_column=ANY_CARD,
    code_prefix="TP",
)
"""Thumb and Pouch (FAMILY.md 3.1): build down in any suit but the card's own; one pass."""
WHITEHEAD: Final = Variant(
    name="Whitehead",
    layout=REFLECHI_LAYOUT,
    stock=_ONE_PASS,
    build=SAME_COLOR,
    group=SUIT_RUN,
    empty_column=ANY_CARD,
    code_prefix="WH",
)
"""Whitehead (FAMILY.md 3.2): all face up, build by colour, move suit runs; one pass."""
SMALL_HARP: Final = Variant(
    name="Small Harp",
    layout=Layout.triangle(7, mirrored=True),
    group=ORDERED_RUN,
    code_prefix="SH",
)
"""Small Harp (FAMILY.md 3.3): Klondike with the triangle mirrored."""
EASTCLIFF: Final = Variant(
    name="Eastcliff",
    layout=Layout.rows(7, down=2, up=1),
    stock=_ONE_PASS,
    group=ORDERED_RUN,
    empty_column=ANY_CARD,
    code_prefix="EC",
)
"""Eastcliff (FAMILY.md 3.4): 7 columns of 2 face-down + 1 face-up cards; one pass."""
WESTCLIFF: Final = attrs.evolve(
    EASTCLIFF,
    name="Westcliff",
    layout=Layout.rows(10, down=2, up=1),
    foundation_takeback=False,
    code_prefix="WC",
)
"""Westcliff (FAMILY.md 3.5): Eastcliff with 10 columns and no take-back."""
PAS_SEUL: Final = attrs.evolve(
    EASTCLIFF, name="Pas Seul", layout=Layout.rows(6, up=1), code_prefix="PS"
)
"""Pas Seul (FAMILY.md 3.6): 6 columns of one face-up card, 46 in the stock; one pass."""
TRIGON: Final = Variant(name="Trigon", build=SAME_SUIT, group=ORDERED_RUN, code_prefix="TR")
"""Trigon (FAMILY.md 3.7): Klondike built down in suit."""
DOUBLE_KLONDIKE: Final = Variant(
    name="Double Klondike",
    layout=Layout.triangle(9),
    decks=2,
    group=ORDERED_RUN,
    code_prefix="DK",
)
"""Double Klondike (FAMILY.md 3.8): two decks, 9 columns, 8 foundations."""
GARGANTUA: Final = attrs.evolve(
    DOUBLE_KLONDIKE, name="Gargantua", stock=WasteStock(recycle_limit=1), code_prefix="GA"
)
"""Gargantua (FAMILY.md 3.9): Double Klondike with two passes."""
TRIPLE_KLONDIKE: Final = attrs.evolve(
    DOUBLE_KLONDIKE,
    name="Triple Klondike",
    layout=Layout.triangle(13),
    decks=3,
    code_prefix="TK",
)
"""Triple Klondike (FAMILY.md 3.10): three decks, 13 columns, 12 foundations."""
LADY_JANE: Final = Variant(
    name="Lady Jane",
    layout=Layout.triangle(10, face_up=True),
    decks=2,
    stock=WasteStock(draw_count=3, recycle_limit=1),
    build=ANY_SUIT,
    group=SUIT_RUN,
    empty_column=ANY_CARD,
    code_prefix="LJ",
)
"""Lady Jane (FAMILY.md 3.11): two decks, build regardless of suit, move suit runs; draw 3."""
EIGHT_TIMES_EIGHT: Final = Variant(
    name="Eight Times Eight",
    layout=Layout.rows(8, up=8),
    decks=2,
    stock=WasteStock(recycle_limit=2),
    group=ORDERED_RUN,
    empty_column=ANY_CARD,
    code_prefix="ET",
)
"""Eight Times Eight (FAMILY.md 3.12): two decks, 8 columns of 8 face up; three passes."""
SARATOGA: Final = Variant(
    name="Saratoga",
    layout=REFLECHI_LAYOUT,
    stock=DRAW_THREE,
    group=ORDERED_RUN,
    code_prefix="SA",
)
"""Saratoga (FAMILY.md 3.13): Klondike all face up, draw 3."""
NINE_ACROSS: Final = Variant(
    name="Nine Across",
    layout=Layout.triangle(9),
    build=AlternateColors(wrap=True),
    group=ORDERED_RUN,
    empty_column=BELOW_BASE,
    foundations=FIRST_CARD_FOUNDATIONS,
    code_prefix="NA",
)
"""Nine Across (FAMILY.md 3.14): 9 columns; the first foundation card fixes every base."""
AUSTRALIAN_PATIENCE: Final = Variant(
    name="Australian Patience",
    layout=Layout.rows(7, up=4),
    stock=_ONE_PASS,
    build=SAME_SUIT,
    group=ANY_FACE_UP_RUN,
    code_prefix="AP",
)
"""Australian Patience (FAMILY.md 3.15): Yukon groups, built in suit, with a one-pass waste."""
RAW_PRAWN: Final = attrs.evolve(
    AUSTRALIAN_PATIENCE, name="Raw Prawn", empty_column=ANY_CARD, code_prefix="RP"
)
"""Raw Prawn (FAMILY.md 3.16): Australian Patience where any card fills an empty column."""

# --- stock dealt onto the columns (FAMILY.md section 4) ------------------------

EASTHAVEN: Final = attrs.evolve(
    EASTCLIFF, name="Easthaven", stock=DEAL_ONTO_COLUMNS, code_prefix="EH"
)
"""Easthaven (FAMILY.md 4.1): Eastcliff with the stock dealt onto the columns."""
AGNES_SOREL: Final = Variant(
    name="Agnes Sorel",
    layout=Layout(
        face_down=(0,) * 7,
        face_up=(1, 2, 3, 4, 5, 6, 7),
        deal_order=(DealPart.TABLEAU, DealPart.BASE_CARD),
    ),
    stock=DEAL_ONTO_COLUMNS,
    build=SameColor(wrap=True),
    group=ORDERED_RUN,
    empty_column=NO_CARD,
    foundations=DEALT_BASE_FOUNDATIONS,
    foundation_takeback=False,
    code_prefix="AG",
)
"""Agnes Sorel (FAMILY.md 4.2): a dealt base card, build by colour with wrap, deals."""
SPIDERETTE: Final = Variant(
    name="Spiderette",
    stock=DealStock(needs_no_empty_column=True),
    build=ANY_SUIT,
    group=SUIT_RUN,
    empty_column=ANY_CARD,
    foundations=SPIDER_FOUNDATIONS,
    foundation_takeback=False,
    code_prefix="SE",
)
"""Spiderette (FAMILY.md 4.3): one-deck Spider on the Klondike triangle."""
WILL_O_THE_WISP: Final = attrs.evolve(
    SPIDERETTE,
    name="Will o' the Wisp",
    layout=Layout.rows(7, down=2, up=1),
    code_prefix="WW",
)
"""Will o' the Wisp (FAMILY.md 4.4): Spiderette dealt 7 columns of 3."""

# --- no stock (FAMILY.md section 5) ------------------------------------------

YUKON: Final = Variant(
    name="Yukon",
    layout=Layout(face_down=(0, 1, 2, 3, 4, 5, 6), face_up=(1, 5, 5, 5, 5, 5, 5)),
    stock=NO_STOCK,
    group=ANY_FACE_UP_RUN,
    empty_column=KINGS_ONLY,
    foundation_takeback=False,
    code_prefix="YU",
)
"""Yukon (FAMILY.md 5.1): no stock, any face-up group moves."""
RUSSIAN_SOLITAIRE: Final = attrs.evolve(
    YUKON, name="Russian Solitaire", build=SAME_SUIT, code_prefix="RU"
)
"""Russian Solitaire (FAMILY.md 5.2): Yukon built down in suit."""
ALASKA: Final = attrs.evolve(
    YUKON, name="Alaska", build=SameSuit(up_and_down=True), code_prefix="AL"
)
"""Alaska (FAMILY.md 5.3): Yukon built in suit, up or down."""
SOMERSET: Final = Variant(
    name="Somerset",
    layout=Layout(face_down=(0,) * 10, face_up=(1, 2, 3, 4, 5, 6, 7, 8, 8, 8)),
    stock=NO_STOCK,
    group=LimitedRun(),
    empty_column=ANY_CARD,
    code_prefix="SO",
)
"""Somerset (FAMILY.md 5.4): 10 columns all face up, runs limited by the empty columns."""

# --- reserve (FAMILY.md section 6) ----------------------------------------------

CANFIELD: Final = Variant(
    name="Canfield",
    layout=Layout(
        face_down=(0, 0, 0, 0),
        face_up=(1, 1, 1, 1),
        reserve=13,
        deal_order=(DealPart.BASE_CARD, DealPart.RESERVE, DealPart.TABLEAU),
    ),
    stock=DRAW_THREE,
    build=AlternateColors(wrap=True),
    group=TOP_CARD_OR_WHOLE_COLUMN,
    empty_column=FROM_RESERVE,
    foundations=DEALT_BASE_FOUNDATIONS,
    foundation_takeback=False,
    code_prefix="CF",
)
"""Canfield (FAMILY.md 6.1): a 13-card reserve, a dealt base card, draw 3."""

SHIPPED_VARIANTS: Final[dict[str, Variant]] = {
    "klondike": KLONDIKE,
    "klondike-draw3": KLONDIKE_DRAW_3,
    "klondike-vegas": KLONDIKE_VEGAS,
    "klondike-vegas-draw3": KLONDIKE_VEGAS_DRAW_3,
    "reflechi": REFLECHI,
    "reflechi-draw3": REFLECHI_DRAW_3,
    "traditional": TRADITIONAL,
    "traditional-draw3": TRADITIONAL_DRAW_3,
    "rule-card": RULE_CARD,
    "rule-card-draw3": RULE_CARD_DRAW_3,
    "thumb-and-pouch": THUMB_AND_POUCH,
    "whitehead": WHITEHEAD,
    "small-harp": SMALL_HARP,
    "eastcliff": EASTCLIFF,
    "westcliff": WESTCLIFF,
    "pas-seul": PAS_SEUL,
    "trigon": TRIGON,
    "double-klondike": DOUBLE_KLONDIKE,
    "gargantua": GARGANTUA,
    "triple-klondike": TRIPLE_KLONDIKE,
    "lady-jane": LADY_JANE,
    "eight-times-eight": EIGHT_TIMES_EIGHT,
    "saratoga": SARATOGA,
    "nine-across": NINE_ACROSS,
    "australian-patience": AUSTRALIAN_PATIENCE,
    "raw-prawn": RAW_PRAWN,
    "easthaven": EASTHAVEN,
    "agnes-sorel": AGNES_SOREL,
    "spiderette": SPIDERETTE,
    "will-o-the-wisp": WILL_O_THE_WISP,
    "yukon": YUKON,
    "russian-solitaire": RUSSIAN_SOLITAIRE,
    "alaska": ALASKA,
    "somerset": SOMERSET,
    "canfield": CANFIELD,
}
"""Every shipped variant by its stable key (save files and the CLI use these keys)."""

SHIPPED_ALIASES: Final[dict[str, tuple[str, ...]]] = {
    "klondike": ("klondike-draw1",),
    "klondike-vegas": ("klondike-vegas-draw1",),
    "reflechi": ("reflechi-draw1", "thoughtful"),
    "reflechi-draw3": ("thoughtful-draw3",),
    "traditional": ("traditional-draw1",),
    "rule-card": ("rule-card-draw1",),
}
"""More keys the shipped variants are found by (:func:`~solitaire_core.variants.lookup_variant`)."""

_TITLES_HU: Final = {
    "klondike": "Klondike",
    "klondike-draw3": "Klondike, 3 lapos húzás",
    "klondike-vegas": "Klondike, Vegas pontozás",
    "klondike-vegas-draw3": "Klondike, Vegas pontozás, 3 lapos húzás",
    "reflechi": "Réfléchi",
    "reflechi-draw3": "Réfléchi, 3 lapos húzás",
    "traditional": "Hagyományos Klondike",
    "traditional-draw3": "Hagyományos Klondike, 3 lapos húzás",
    "rule-card": "Klondike a szabálykártya szerint",
    "rule-card-draw3": "Klondike a szabálykártya szerint, 3 lapos húzás",
}

SHIPPED_NAMES: Final[dict[str, dict[str, str]]] = {
    key: {"hu": _TITLES_HU.get(key, variant.name)} for key, variant in SHIPPED_VARIANTS.items()
}
"""The shipped games' names in languages other than English (the variant's ``name``).

Hungarian: the titles of the games pages (docs/games/hu): the app's rule sets
have Hungarian titles, the family's games keep their names."""

SHIPPED_PYSOLFC_IDS: Final[dict[str, int]] = {
    "klondike": 2,
    "klondike-draw3": 18,
    "klondike-vegas": 129,
    "thumb-and-pouch": 58,
    "whitehead": 67,
    "small-harp": 39,
    "eastcliff": 66,
    "westcliff": 33,
    "pas-seul": 107,
    "trigon": 821,
    "double-klondike": 21,
    "gargantua": 25,
    "triple-klondike": 273,
    "lady-jane": 495,
    "eight-times-eight": 127,
    "saratoga": 479,
    "nine-across": 913,
    "australian-patience": 447,
    "raw-prawn": 450,
    "easthaven": 224,
    "agnes-sorel": 229,
    "spiderette": 24,
    "will-o-the-wisp": 48,
    "yukon": 19,
    "russian-solitaire": 20,
    "alaska": 186,
    "somerset": 215,
    "canfield": 105,
}
"""PySolFC's game id of each shipped game that PySolFC plays with the same rules.

Read from the ``registerGame(GameInfo(id, ...))`` calls of PySolFC's
``pysollib/games/klondike.py``, ``harp.py``, ``yukon.py``, ``spider.py`` and
``canfield.py`` (the snapshot FAMILY.md names): "Klondike" (2, draw 1,
unlimited redeals), "Klondike (Draw 3)" (18), "Vegas Klondike" (129: draw 1,
one pass), and the family's sources in FAMILY.md. Left out: the games
PySolFC does not have with these rules (Réfléchi draw 1, Klondike Vegas draw
3, the traditional rules' games without take-back) and those whose play is
another shipped game's (the rule card's games play as Klondike's; Réfléchi
draw 3 as Saratoga, 479). Each id belongs to one game."""

_PYTHON_FAMILY: Final[tuple[Variant, ...]] = (
    THUMB_AND_POUCH,
    WHITEHEAD,
    SMALL_HARP,
    EASTCLIFF,
    WESTCLIFF,
    PAS_SEUL,
    TRIGON,
    DOUBLE_KLONDIKE,
    GARGANTUA,
    TRIPLE_KLONDIKE,
    LADY_JANE,
    EIGHT_TIMES_EIGHT,
    SARATOGA,
    NINE_ACROSS,
    AUSTRALIAN_PATIENCE,
    RAW_PRAWN,
    EASTHAVEN,
    AGNES_SOREL,
    SPIDERETTE,
    WILL_O_THE_WISP,
    YUKON,
    RUSSIAN_SOLITAIRE,
    ALASKA,
    SOMERSET,
    CANFIELD,
)
"""The 25 games of FAMILY.md defined in this module, in the book's order."""

PYTHON_GAMES: Final[tuple[str, ...]] = tuple(SHIPPED_VARIANTS)
"""The keys of the shipped games defined in this module, in their order.

Each has its rules file in the package folder ``variants/games`` too, written
from the definition here (``tools/game_files.py``; the tests check that the
file reads back as an equal variant)."""


def _add_file_games() -> None:
    """Add the games of the package's rules files that this module does not define.

    A game is then shipped by writing its file, ``variants/games/<key>.toml``
    (docs/rules-files.md): it comes after the games above, in the order of
    the files' names.
    """
    folder = resources.files(__package__) / "games"
    for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
        key = entry.name.removesuffix(".toml")
        if not entry.name.endswith(".toml") or key in SHIPPED_VARIANTS:
            continue
        file = f"solitaire_core/variants/games/{entry.name}"
        rules = read_rules_text(entry.read_text(encoding="utf-8"), file=file)
        if rules.key != key:
            raise RulesFileError(f"must be the file's name, {key!r}", file=file, field="key")
        SHIPPED_VARIANTS[key] = rules.variant
        if rules.aliases:
            SHIPPED_ALIASES[key] = rules.aliases
        SHIPPED_NAMES[key] = {lang: name for lang, name in rules.names.items() if lang != "en"}
        if rules.pysolfc_id is not None:
            SHIPPED_PYSOLFC_IDS[key] = rules.pysolfc_id


_add_file_games()

FAMILY_GAMES: Final[tuple[Variant, ...]] = (
    *_PYTHON_FAMILY,
    *(variant for key, variant in SHIPPED_VARIANTS.items() if key not in PYTHON_GAMES),
)
"""Every game of FAMILY.md: the 25 defined in this module in the book's order (its
sections 3 to 6), then the games declared only by a rules file of the package, in the
order of the files' names (the app's rule sets of RULES.md are the other shipped games)."""
