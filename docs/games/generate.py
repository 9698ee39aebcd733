"""Write the games pages of the documentation from the shipped variants.

Run from the repository root after a change to a shipped variant (or to this
script)::

    .venv/bin/python docs/games/generate.py           # rewrite what is generated
    .venv/bin/python docs/games/generate.py --check   # only report stale pages (exit 1)

It writes, in English (``docs/games/``) and in Hungarian (``docs/games/hu/``):

* ``index.md``: the table of every game in ``SHIPPED_VARIANTS``, written whole;
* ``<key>.md`` for every game: only the part between the markers
  ``<!-- generated: begin -->`` and ``<!-- generated: end -->`` is rewritten
  (layout, rules, deal codes, command lines, the opening board of deal 1 as
  text and as a picture, which ``docs/hooks/board_pictures.py`` draws at build
  time from the ``<!-- board: CODE -->`` line written here);
  the hand-written notes below the end marker are kept as they are. A page
  that does not exist yet is created with an empty "Notes" section to fill.

Every phrase comes from the variant: the English words are those of
``solitaire_core.variants.describe`` (what ``solitaire-core games`` prints);
the Hungarian ones come from the phrase tables below, which use the terms of
the Hungarian app rule pages (oszlop, alap, húzópakli, dobópakli,
visszaforgatás, lefordított / felfordított lap). A phrase the tables do not
know stops the script with a KeyError naming it: add its translation here.
``tests/test_docs_games.py`` fails when a committed page differs from what
this script writes now.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final, NamedTuple

import solitaire_core as sc
from solitaire_core import variants as sv
from solitaire_core.cli import main as cli_main
from solitaire_core.codes import deal_number_to_letters
from solitaire_core.deck_order import full_code_letters
from solitaire_core.variants.describe import (
    build_words,
    foundation_words,
    stock_words,
    variant_facts,
)

GAMES: Final = Path(__file__).resolve().parent
"""The folder of the English pages; the Hungarian ones are in its ``hu`` folder."""
LANGUAGES: Final = ("en", "hu")
BEGIN: Final = "<!-- generated: begin -->"
END: Final = "<!-- generated: end -->"
DEAL: Final = 1
"""The deal whose opening board each page shows."""
POSITION_FILE: Final = "pos.json"

_COMMAND = "`.venv/bin/python docs/games/generate.py`"


# --- phrase tables ------------------------------------------------------------------------

SUITS: Final = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "hu": ("pikk", "kőr", "káró", "treff"),
}

BUILD: Final = {
    # build_words() without ", King on Ace": (English explanation, Hungarian rule)
    "down in alternate colours": (
        "a card goes on a face-up card one rank higher of the other colour "
        "(red on black, black on red)",
        "egy lap az eggyel magasabb rangú, ellenkező színű felfordított lapra tehető "
        "(piros a feketére, fekete a pirosra)",
    ),
    "down in suit": (
        "a card goes on a face-up card one rank higher of the same suit "
        "(hearts on hearts, spades on spades)",
        "egy lap az eggyel magasabb rangú felfordított lapra tehető, ha ugyanabból a "
        "színből való (kőr a kőrre, pikk a pikkre)",
    ),
    "down in the same colour": (
        "a card goes on a face-up card one rank higher of the same colour "
        "(red on red, black on black)",
        "egy lap az eggyel magasabb rangú, ugyanolyan színű felfordított lapra tehető "
        "(piros a pirosra, fekete a feketére)",
    ),
    "down regardless of suit": (
        "a card goes on any face-up card one rank higher, whatever its suit",
        "egy lap bármely eggyel magasabb rangú felfordított lapra tehető, a színétől függetlenül",
    ),
    "down in any suit but its own": (
        "a card goes on a face-up card one rank higher of another suit (the 7 of hearts "
        "on the 8 of spades, diamonds or clubs, not on the 8 of hearts)",
        "egy lap az eggyel magasabb rangú, más színű felfordított lapra tehető, a saját "
        "színére nem (a kőr 7 a pikk, káró vagy treff 8-asra igen, a kőr 8-asra nem)",
    ),
    "up or down in suit": (
        "a card goes on a face-up card of the same suit one rank higher or one rank lower",
        "egy lap az ugyanabból a színből való, eggyel magasabb vagy eggyel alacsonyabb "
        "rangú felfordított lapra tehető",
    ),
    "up or down in alternate colours": (
        "a card goes on a face-up card of the other colour one rank higher or one rank "
        "lower (red on black, black on red)",
        "egy lap az ellenkező színű, eggyel magasabb vagy eggyel alacsonyabb rangú "
        "felfordított lapra tehető (piros a feketére, fekete a pirosra)",
    ),
}
WRAP: Final = ", King on Ace"
WRAP_WORDS: Final = {"en": "; a King also goes on an Ace", "hu": "; a király az ászra is tehető"}
BUILD_HU_SHORT: Final = {
    "down in alternate colours": "lefelé, ellenkező színben",
    "down in suit": "lefelé, azonos színben (kőr a kőrre)",
    "down in the same colour": "lefelé, piros a pirosra, fekete a feketére",
    "down regardless of suit": "lefelé, színtől függetlenül",
    "down in any suit but its own": "lefelé, bármely más színre",
    "up or down in suit": "fel vagy le, azonos színben (kőr a kőrre)",
    "up or down in alternate colours": "fel vagy le, ellenkező színben",
}

GROUPS_HU: Final = {
    "any face-up card moves with the cards on it": (
        "bármely felfordított lap mozgatható a rajta lévő összes lappal együtt, akár "
        "rendezettek, akár nem"
    ),
    "built runs move as a group": (
        "egy lap a rajta lévő lapokkal együtt csak akkor mozgatható, ha a csoport rendezett sorozat"
    ),
    "runs of one suit move as a group": (
        "egy lap a rajta lévő lapokkal együtt csak akkor mozgatható, ha a csoport egyetlen "
        "színből álló rendezett sorozat (például kőr 9, 8, 7)"
    ),
    "built runs of up to 2^(empty columns) cards move": (
        "rendezett sorozat mozgatható egyben, legfeljebb 2^(üres oszlopok száma) lap"
    ),
    "the top card or a whole built column moves": (
        "egy oszlopról csak a legfelső lap vagy az egész oszlop mozgatható"
    ),
    "only the top card moves": (
        "oszlopról oszlopra csak a legfelső lap mozgatható, egyszerre egy lap, akkor is, ha "
        "rendezett sorozat van alatta"
    ),
}
GROUPS_SHORT: Final = {
    # the group summary: (English, Hungarian) for the index
    "any face-up card moves with the cards on it": (
        "any face-up group moves",
        "bármely felfordított csoport mozog",
    ),
    "built runs move as a group": ("built runs move", "rendezett sorozat mozog"),
    "runs of one suit move as a group": (
        "runs of one suit move",
        "egyetlen színből álló sorozat mozog",
    ),
    "built runs of up to 2^(empty columns) cards move": (
        "runs of up to 2^(empty columns) move",
        "legfeljebb 2^(üres oszlopok) lapos sorozat mozog",
    ),
    "the top card or a whole built column moves": (
        "top card or whole column moves",
        "felső lap vagy egész oszlop mozog",
    ),
    "only the top card moves": ("one card at a time", "egyszerre egy lap"),
}

EMPTY_HU: Final = {
    "only a King fills an empty column": (
        "üres oszlopba csak király kerülhet, egyedül vagy a rajta lévő lapokkal"
    ),
    "any card fills an empty column": (
        "üres oszlopba bármely lap kerülhet (a mozgatható csoportjával együtt)"
    ),
    "nothing may be moved to an empty column": "üres oszlopba semmit sem lehet tenni",
    "only a card one rank below the base fills an empty column": (
        "üres oszlopba csak az alapok kezdőrangjánál eggyel alacsonyabb rangú lap kerülhet"
    ),
    "an empty column is filled from the reserve, then by any card": (
        "az üres oszlopba azonnal a tartalék legfelső lapja kerül; ha a tartalék kiürült, "
        "bármely lap"
    ),
}
EMPTY_NOTES: Final = {
    # (English, Hungarian) added to the empty-column rule: with a stock dealt onto the
    # columns, without one
    "nothing may be moved to an empty column": (
        ("; only a deal from the stock puts a card there", "; it stays empty"),
        ("; csak a húzópakli osztása tesz oda lapot", "; üres marad"),
    ),
}
EMPTY_SHORT: Final = {
    "only a King fills an empty column": ("King only", "csak király"),
    "any card fills an empty column": ("any card", "bármely lap"),
    "nothing may be moved to an empty column": ("none", "semmi"),
    "only a card one rank below the base fills an empty column": (
        "one rank below the base",
        "a kezdőrangnál eggyel kisebb",
    ),
    "an empty column is filled from the reserve, then by any card": (
        "from the reserve, then any card",
        "a tartalékból, utána bármely lap",
    ),
}

FOUNDATIONS_HU: Final = {
    "foundations up from the Ace": "ásztól királyig épülnek, egyesével",
    "foundations up from a dealt base card, King to Ace": (
        "a leosztott kezdőlap rangjától épülnek felfelé, egyesével; a király után az ász következik"
    ),
    "foundations up from the first card played, King to Ace": (
        "az elsőként alapra tett lap rangjától épülnek felfelé, egyesével (ez a rang minden "
        "alap kezdőrangja); a király után az ász következik"
    ),
    "foundations take complete King-to-Ace runs of one suit": (
        "mindegyikre egy teljes, egyetlen színből álló, királytól ászig tartó sorozat "
        "kerül, egyetlen lépésben"
    ),
}
FOUNDATIONS_EN: Final = {
    "foundations up from the Ace": "built up from the Ace to the King, one card at a time",
    "foundations up from a dealt base card, King to Ace": (
        "built up from the rank of a dealt base card, one card at a time; the King is "
        "followed by the Ace"
    ),
    "foundations up from the first card played, King to Ace": (
        "built up from the rank of the first card played to any of them (that rank is "
        "every foundation's base), one card at a time; the King is followed by the Ace"
    ),
    "foundations take complete King-to-Ace runs of one suit": (
        "each takes one complete King-to-Ace run of one suit, 13 cards in one move"
    ),
}
FOUNDATIONS_SHORT: Final = {
    "foundations up from the Ace": ("from the Ace", "ásztól"),
    "foundations up from a dealt base card, King to Ace": (
        "from a dealt base card",
        "leosztott kezdőlaptól",
    ),
    "foundations up from the first card played, King to Ace": (
        "the first card sets the base",
        "az első alaplap dönt",
    ),
    "foundations take complete King-to-Ace runs of one suit": (
        "complete runs K to A",
        "teljes K–A sorozatok",
    ),
}

SCORING: Final = (
    (sc.STANDARD_KLONDIKE, "Standard scoring (`STANDARD_KLONDIKE`)", "normál pontozás"),
    (
        sc.STANDARD_REFLECHI,
        "Standard scoring of Réfléchi (`STANDARD_REFLECHI`)",
        "a Réfléchi normál pontozása",
    ),
    (sc.VEGAS, "Vegas scoring (`VEGAS`)", "Vegas pontozás"),
    (
        sc.RULE_CARD_SCORING,
        "the rule card's scoring (`RULE_CARD_SCORING`)",
        "a szabálykártya pontozása",
    ),
)

WORDS: Final = {
    "en": {
        "key": "key",
        "names": "`--game` takes",
        "codes": "deal codes",
        "cards": "cards",
        "columns": "columns",
        "stock": "stock",
        "scoring": "scoring",
        "layout": "Layout",
        "column": "column",
        "face down": "face down",
        "face up": "face up",
        "rules": "Rules",
        "building": "Building",
        "groups": "Groups that move",
        "empty": "Empty column",
        "foundations": "Foundations",
        "takeback": "Take-back",
        "end": "End",
        "play": "From the command line",
        "notes": "Notes",
    },
    "hu": {
        "key": "kulcs",
        "names": "A `--game` értéke lehet",
        "codes": "játszmakód",
        "cards": "lapok",
        "columns": "oszlopok",
        "stock": "húzópakli",
        "scoring": "pontozás",
        "layout": "Elrendezés",
        "column": "oszlop",
        "face down": "lefordított",
        "face up": "felfordított",
        "rules": "Szabályok",
        "building": "Építés",
        "groups": "Lapcsoportok",
        "empty": "Üres oszlop",
        "foundations": "Alapok",
        "takeback": "Lap visszavétele az alapról",
        "end": "Vége",
        "play": "Parancssorból",
        "notes": "Megjegyzések",
    },
}


# --- facts --------------------------------------------------------------------------------


def game_keys() -> list[str]:
    """The keys of the shipped games, in ``SHIPPED_VARIANTS`` order."""
    return list(sc.SHIPPED_VARIANTS)


def page_path(key: str, language: str) -> Path:
    """The file of a game's page in a language (``hu/<key>.md`` for Hungarian)."""
    return _folder(language) / f"{key}.md"


def index_path(language: str) -> Path:
    """The file of the games index in a language."""
    return _folder(language) / "index.md"


def _folder(language: str) -> Path:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}")
    return GAMES if language == "en" else GAMES / language


def _variant(key: str) -> sc.Variant:
    return sc.SHIPPED_VARIANTS[key]


def _header(key: str) -> str | None:
    prefix: str | None = variant_facts(_variant(key))["code_prefix"]
    return prefix


def deal_code(key: str) -> str | None:
    """The deal code of deal 1 of a game (``"YU1-D0N-AAAAAAB"``), or None without codes."""
    header = _header(key)
    if header is None:
        return None
    return str(sc.DealCode.parse(f"{header}-{deal_number_to_letters(DEAL)}"))


def _constant(variant: sc.Variant) -> str:
    for name in sc.__all__:
        if getattr(sc, name) is variant:
            return f"sc.{name}"
    for name in sv.__all__:
        if getattr(sv, name) is variant:
            return f"sc.variants.{name}"
    raise KeyError(f"{variant.name} is not a constant of solitaire_core")


def _same_deal_code(key: str) -> str:
    """A deal code whose deal 1 has a codeless game's layout and cards."""
    variant = _variant(key)
    for other in sc.SHIPPED_VARIANTS:
        known = _variant(other)
        if (
            _header(other) is not None
            and known.layout == variant.layout
            and known.decks == variant.decks
            and known.foundations == variant.foundations
        ):
            code = deal_code(other)
            assert code is not None
            return code
    raise KeyError(f"no game with deal codes deals like {variant.name}")


class Command(NamedTuple):
    """One command line of a page: its arguments, a comment, a file stdout goes to."""

    arguments: tuple[str, ...]
    comment: dict[str, str]
    output: str | None = None

    def text(self, language: str) -> str:
        """The command as typed, without its comment."""
        line = " ".join(("solitaire-core", *self.arguments))
        return line + (f" > {self.output}" if self.output else "")


def commands(key: str) -> list[Command]:
    """The command lines a game's page shows (a test runs them all but ``solve``)."""
    code = deal_code(key)
    position = ("--game", key, "--position", POSITION_FILE)
    if code is None:
        same = _same_deal_code(key)
        return [
            Command(
                ("deal", same, "--json"),
                {
                    "en": "the same cards and layout as deal 1",
                    "hu": "ugyanazok a lapok, ugyanaz az elrendezés, mint az 1. leosztásban",
                },
                POSITION_FILE,
            ),
            Command(
                ("play", *position),
                {
                    "en": "the board and its legal moves; moves go after the options",
                    "hu": "a tábla és a szabályos lépések; a lépések a kapcsolók után jönnek",
                },
            ),
            Command(
                ("hint", *position), {"en": "the advisory hint", "hu": "tanács a következő lépésre"}
            ),
            Command(
                ("solve", *position, "--time-limit", "30"),
                {
                    "en": "can it be won? (at most 30 s; 'unknown' if undecided)",
                    "hu": "megnyerhető-e? (legfeljebb 30 mp; 'unknown', ha nem dől el)",
                },
            ),
        ]
    return [
        Command(
            ("deal", code),
            {"en": "the opening board of deal 1", "hu": "az 1. leosztás kezdőállása"},
        ),
        Command(
            ("play", code),
            {
                "en": "the board and its legal moves; moves go after the code",
                "hu": "a tábla és a szabályos lépések; a lépések a kód után jönnek",
            },
        ),
        Command(("hint", code), {"en": "the advisory hint", "hu": "tanács a következő lépésre"}),
        Command(
            ("solve", code, "--time-limit", "30"),
            {
                "en": "can deal 1 be won? (at most 30 s; 'unknown' if undecided)",
                "hu": "megnyerhető-e az 1. leosztás? (legfeljebb 30 mp; 'unknown', ha nem dől el)",
            },
        ),
        Command(
            ("deal", code, "--json"),
            {"en": "the position as JSON", "hu": "az állás JSON-ban"},
            POSITION_FILE,
        ),
        Command(
            ("play", *position),
            {"en": "any position of the game", "hu": "a játék bármely állása"},
        ),
    ]


def opening_board(key: str) -> str | None:
    """What ``solitaire-core deal`` prints for deal 1 of a game, or None without codes."""
    code = deal_code(key)
    if code is None:
        return None
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = cli_main(["deal", code])
    if status != 0:
        raise RuntimeError(f"solitaire-core deal {code} failed with status {status}")
    return out.getvalue().rstrip("\n")


# --- phrases ------------------------------------------------------------------------------


def _build(variant: sc.Variant) -> tuple[str, bool]:
    words = build_words(variant)
    wrap = words.endswith(WRAP)
    return (words.removesuffix(WRAP), wrap)


def build_rule(variant: sc.Variant, language: str) -> str:
    """The building rule: its words (as ``games`` prints them) and what they mean."""
    words, wrap = _build(variant)
    english, hungarian = BUILD[words]
    meaning = english if language == "en" else hungarian
    meaning += WRAP_WORDS[language] if wrap else ""
    if language == "en":
        words = build_words(variant)
        return f"{words[0].upper()}{words[1:]}: {meaning}."
    return f"{meaning[0].upper()}{meaning[1:]}."


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _passes(variant: sc.Variant, language: str) -> str:
    limit = variant.recycle_limit
    if language == "en":
        return stock_words(variant).split(", ", 1)[1]
    if limit is None:
        return "korlátlan visszaforgatás"
    if limit == 0:
        return "egyetlen kör, nincs visszaforgatás"
    return f"{limit + 1} kör ({limit} visszaforgatás)"


def stock_rule(variant: sc.Variant, language: str) -> str:
    """The stock: its size, how it is turned or dealt, the passes."""
    stock = variant.stock
    size = variant.stock_size
    if isinstance(stock, sv.WasteStock):
        draw = stock.draw_count
        recycles = stock.recycle_limit != 0
        if language == "en":
            turned = (
                "a draw turns the top card onto the waste"
                if draw == 1
                else f"a draw turns the top {draw} cards (fewer if fewer are left) onto the "
                "waste, spread; only the last one turned is playable"
            )
            back = (
                "; a recycle turns the whole waste back into the empty stock, so the cards "
                "come again in the same order"
                if recycles
                else ""
            )
            return f"{size} cards, {stock_words(variant)}: {turned}{back}."
        turned = (
            "a húzás a legfelső lapot a dobópaklira fordítja"
            if draw == 1
            else f"a húzás a legfelső {draw} lapot (ha kevesebb maradt, annyit) szétterítve "
            "a dobópaklira fordítja; csak az utoljára felfordított játszható ki"
        )
        back = (
            "; visszaforgatáskor az egész dobópakli képpel lefelé visszakerül a kiürült "
            "húzópakliba, így a lapok ugyanabban a sorrendben jönnek újra"
            if recycles
            else ""
        )
        return f"{size} lap, {draw} lapos húzás, {_passes(variant, language)}: {turned}{back}."
    if isinstance(stock, sv.DealStock):
        blocked = stock.needs_no_empty_column
        if language == "en":
            when = (
                "only while no column is empty"
                if blocked
                else "at any time, empty columns included"
            )
            return (
                f"{size} cards, dealt onto the columns: a deal puts one card face up on "
                f"every column from the left, {when}; a short last deal reaches only the "
                f"leftmost columns. No waste, no second pass."
            )
        when = "csak akkor, ha nincs üres oszlop" if blocked else "bármikor, az üres oszlopokra is"
        return (
            f"{size} lap; nincs dobópakli: egy osztás balról kezdve minden oszlopra egy "
            f"felfordított lapot tesz, {when}; az utolsó, rövidebb osztás csak a bal "
            f"oldali oszlopokra jut. Nincs második kör."
        )
    if language == "en":
        return "None: every card is dealt to the columns."
    return "Nincs: minden lapot az oszlopokra osztunk ki."


def stock_short(variant: sc.Variant, language: str) -> str:
    """The stock in a few words, for the index."""
    stock = variant.stock
    if language == "en":
        if isinstance(stock, sv.DealStock):
            return "dealt onto the columns" + (
                ", no column empty" if stock.needs_no_empty_column else ""
            )
        return stock_words(variant)
    if isinstance(stock, sv.WasteStock):
        return f"{stock.draw_count} lapos húzás, {_passes(variant, language)}"
    if isinstance(stock, sv.DealStock):
        return "osztás az oszlopokra" + (
            ", ha nincs üres oszlop" if stock.needs_no_empty_column else ""
        )
    return "nincs"


def _groups(variant: sc.Variant) -> str:
    groups: str = variant_facts(variant)["groups"]
    return groups


def _empty(variant: sc.Variant) -> str:
    empty: str = variant_facts(variant)["empty_column"]
    return empty


def _foundation_kind(variant: sc.Variant) -> str:
    kind, _, _ = foundation_words(variant).rpartition(", ")
    return kind if kind.startswith("foundations") else foundation_words(variant)


def group_rule(variant: sc.Variant, language: str) -> str:
    """What may leave a column in one move."""
    words = _groups(variant)
    if language == "en":
        return words[0].upper() + words[1:] + "."
    return GROUPS_HU[words][0].upper() + GROUPS_HU[words][1:] + "."


def empty_rule(variant: sc.Variant, language: str) -> str:
    """What may go to an empty column."""
    words = _empty(variant)
    note = ""
    if words in EMPTY_NOTES:
        english, hungarian = EMPTY_NOTES[words]
        dealt = isinstance(variant.stock, sv.DealStock)
        note = (english if language == "en" else hungarian)[0 if dealt else 1]
    if language == "en":
        return words[0].upper() + words[1:] + note + "."
    return EMPTY_HU[words][0].upper() + EMPTY_HU[words][1:] + note + "."


def foundation_rule(variant: sc.Variant, language: str) -> str:
    """The foundations: how many, in which slots, how they are built."""
    slots = variant.foundation_slots
    kind = _foundation_kind(variant)
    suits = ", ".join(SUITS[language])
    complete = variant.foundations.complete_runs
    if language == "en":
        if complete:
            where = f"{slots}"
        elif variant.decks == 1:
            where = f"{slots}, one per suit ({suits})"
        else:
            per = {2: "two", 3: "three"}[variant.decks]
            where = f"{slots}, {per} per suit (slots {suits}, then again)"
        return f"{where}: {FOUNDATIONS_EN[kind]}."
    if complete:
        where = f"{slots} alap"
    elif variant.decks == 1:
        where = f"{slots} alap, színenként egy ({suits})"
    else:
        per = {2: "kettő", 3: "három"}[variant.decks]
        where = f"{slots} alap, színenként {per} (sorrendben {suits}, majd újra)"
    return f"{where}: {FOUNDATIONS_HU[kind]}."


def takeback_rule(variant: sc.Variant, language: str) -> str:
    """Whether a foundation's top card may go back to the columns."""
    if variant.foundation_takeback:
        if language == "en":
            return "Allowed: the top card of a foundation may go back onto a column where it fits."
        return "Megengedett: egy alap legfelső lapja visszatehető egy oszlopra, ahol illeszkedik."
    if language == "en":
        return "No: a card on a foundation stays there."
    return "Nincs: az alapra került lap ott marad."


def end_rule(variant: sc.Variant, language: str) -> str:
    """When the game is won."""
    cards = variant.card_count
    if language == "en":
        return f"Won when all {cards} cards are on the foundations."
    article = "az" if str(cards)[0] == "5" else "a"
    return f"A játszma nyert, ha mind {article} {cards} lap az alapokon van."


def scoring_words(variant: sc.Variant, language: str) -> str:
    """The scoring policy's name."""
    for policy, english, hungarian in SCORING:
        if variant.scoring == policy:
            return english if language == "en" else hungarian
    raise KeyError(f"no words for the scoring of {variant.name}")


def cards_words(variant: sc.Variant, language: str) -> str:
    """Decks and cards: ``1 deck, 52 cards``."""
    if language == "en":
        return f"{_plural(variant.decks, 'deck')}, {variant.card_count} cards"
    return f"{variant.decks} pakli, {variant.card_count} lap"


def _deck_range(first: int, last: int) -> str:
    if first == last:
        return f"`deck[{first}]`"
    return f"`deck[{first}]` … `deck[{last}]`"


def dealing(variant: sc.Variant, language: str) -> list[str]:
    """Which cards of the shuffled deck go where (FAMILY.md 1.7), one sentence per part."""
    layout = variant.layout
    en = language == "en"
    parts: list[str] = []
    index = 0
    for part in layout.deal_order:
        if part is sv.DealPart.BASE_CARD:
            card = _deck_range(index, index)
            parts.append(
                f"{card} is the base card: it goes face up to the foundation of its suit, "
                f"and its rank is the base of every foundation."
                if en
                else f"{card} a kezdőlap: felfordítva a saját színének alapjára kerül, és "
                f"a rangja minden alap kezdőrangja."
            )
            index += 1
        elif part is sv.DealPart.RESERVE:
            last = index + layout.reserve - 1
            parts.append(
                f"{_deck_range(index, last)} form the reserve, bottom to top: only its top "
                f"card, `deck[{last}]`, is face up."
                if en
                else f"{_deck_range(index, last)} a tartalék, alulról felfelé: csak a "
                f"legfelső lapja, `deck[{last}]`, felfordított."
            )
            index = last + 1
        else:
            last = index + sum(layout.column_sizes) - 1
            hidden = any(layout.face_down)
            parts.append(
                f"{_deck_range(index, last)} go to the columns row by row, as at a table: "
                f"row k (k = 0, 1, …) gives one card, left to right, to every column that "
                f"gets more than k cards"
                + ("; the lowest cards of a column are its face-down ones." if hidden else ".")
                if en
                else f"{_deck_range(index, last)} soronként kerülnek az oszlopokra, mint az "
                f"asztalon: a k. sor (k = 0, 1, …) balról jobbra egy-egy lapot tesz minden "
                f"olyan oszlopra, amely k-nál több lapot kap"
                + ("; egy oszlop legalsó lapjai a lefordítottak." if hidden else ".")
            )
            index = last + 1
    total = variant.card_count
    if index < total:
        verb = "drawn" if variant.has_waste else "dealt"
        parts.append(
            f"The stock is {_deck_range(index, total - 1)}: `deck[{index}]` is {verb} first."
            if en
            else f"A húzópakli {_deck_range(index, total - 1)}: elsőként `deck[{index}]` "
            f"kerül sorra."
        )
    return parts


def layout_table(variant: sc.Variant, language: str) -> list[str]:
    """The per-column face-down and face-up counts as a Markdown table."""
    words = WORDS[language]
    layout = variant.layout
    numbers = range(1, layout.columns + 1)
    total = sum(layout.column_sizes)
    total_word = "total" if language == "en" else "összesen"
    lines = [
        f"| {words['column']} | " + " | ".join(str(n) for n in numbers) + f" | {total_word} |",
        "|---|" + "---:|" * layout.columns + "---:|",
        f"| {words['face down']} | "
        + " | ".join(str(n) for n in layout.face_down)
        + f" | {sum(layout.face_down)} |",
        f"| {words['face up']} | "
        + " | ".join(str(n) for n in layout.face_up)
        + f" | {sum(layout.face_up)} |",
    ]
    assert total == sum(layout.face_down) + sum(layout.face_up)
    return lines


def title(key: str, language: str) -> str:
    """The page title: the game's name in the language (``sv.variant_names``).

    The app's rule sets have Hungarian titles; the family's games keep their names.
    """
    names = sv.variant_names(_variant(key))
    return names.get(language, names["en"])


def _code_cell(key: str, language: str) -> str:
    header = _header(key)
    variant = _variant(key)
    if header is None:
        if language == "en":
            return (
                f"none. Play it from a position (`--game {key} --position FILE`) or, in "
                f"Python, from a deal number: `sc.Game({_constant(variant)}, 1)`."
            )
        return (
            f"nincs. Egy állásból játszható (`--game {key} --position FÁJL`), Pythonból "
            f"pedig a leosztás sorszámával: `sc.Game({_constant(variant)}, 1)`."
        )
    code = deal_code(key)
    letters = full_code_letters(variant.decks)
    no_waste = variant.draw_count == 0
    if language == "en":
        zero = " (`D0`: the game has no waste)" if no_waste else ""
        return (
            f"`{header}-` followed by 7 letters, the deal number{zero}; deal 1 is `{code}`. "
            f"A full deal code has {letters} letters after `{header}-`."
        )
    zero = " (`D0`: a játékban nincs dobópakli)" if no_waste else ""
    return (
        f"`{header}-`, utána 7 betű, a leosztás sorszáma{zero}; az 1. leosztás `{code}`. "
        f"A teljes játszmakódban {letters} betű áll a `{header}-` után."
    )


def _names_cell(key: str) -> str:
    variant = _variant(key)
    names = [f"`{key}`"]
    header = _header(key)
    if header is not None:
        names.append(f"`{header}`")
    names.append(f"`{variant.name}`")
    return ", ".join(names)


def generated_section(key: str, language: str) -> str:
    """A game page's generated part, both markers included, ending with a newline."""
    variant = _variant(key)
    words = WORDS[language]
    en = language == "en"
    out: list[str] = [
        BEGIN,
        "<!-- Written by docs/games/generate.py from the variant: edit the notes below "
        "the end marker, or the script. -->",
        "",
        f"# {title(key, language)}",
        "",
        f"- **{words['key'].capitalize()}:** `{key}`",
        f"- **{words['codes'].capitalize()}:** {_code_cell(key, language)}",
        f"- **{words['names']}:** {_names_cell(key)}",
        f"- **{words['cards'].capitalize()}:** {cards_words(variant, language)}",
        f"- **{words['columns'].capitalize()}:** {variant.columns}",
        f"- **{words['stock'].capitalize()}:** {stock_short(variant, language)}",
        f"- **{words['scoring'].capitalize()}:** {scoring_words(variant, language)}",
        "",
        f"## {words['layout']}",
        "",
        *layout_table(variant, language),
        "",
    ]
    layout = variant.layout
    if layout.reserve:
        out += [
            (
                f"A reserve of {layout.reserve} cards: one pile, only its top card face up "
                f"and playable."
                if en
                else f"Tartalék: egy {layout.reserve} lapos kupac, csak a legfelső lapja "
                f"felfordított és játszható."
            ),
            "",
        ]
    out += [
        (
            "The deal, from the shuffled deck (`deck[0]` first):"
            if en
            else "Az osztás a megkevert pakliból (`deck[0]` az első):"
        ),
        "",
        *(f"- {sentence}" for sentence in dealing(variant, language)),
        "",
        f"## {words['rules']}",
        "",
        f"- **{words['stock'].capitalize()}:** {stock_rule(variant, language)}",
        f"- **{words['building']}:** {build_rule(variant, language)}",
        f"- **{words['groups']}:** {group_rule(variant, language)}",
        f"- **{words['empty']}:** {empty_rule(variant, language)}",
        f"- **{words['foundations']}:** {foundation_rule(variant, language)}",
        f"- **{words['takeback']}:** {takeback_rule(variant, language)}",
        f"- **{words['end']}:** {end_rule(variant, language)}",
        "",
        f"## {words['play']}",
        "",
        (
            "The moves are in the notation of the [command-line page](../cli.md)."
            if en
            else "A lépések jelölése a [parancssori oldalon](../../cli.md) olvasható (angolul)."
        ),
        "",
        "```sh",
    ]
    lines = commands(key)
    width = max(len(command.text(language)) for command in lines)
    for command in lines:
        out.append(f"{command.text(language):<{width}}  # {command.comment[language]}")
    out += ["```", ""]
    board = opening_board(key)
    if board is not None:
        code = deal_code(key)
        out += [
            (
                f"The opening board of deal 1 (`solitaire-core deal {code}`): face-down "
                f"cards are `##`; each column runs down the page from its bottom card to "
                f"its top card, the playable one."
                if en
                else f"Az 1. leosztás kezdőállása (`solitaire-core deal {code}`, angol "
                f"kimenet: Stock = húzópakli, Waste = dobópakli, Recycles = "
                f"visszaforgatások, Foundations = alapok, Reserve = tartalék). A "
                f"lefordított lapok jele `##`; minden oszlop a legalsó lapjától lefelé a "
                f"legfelsőig, a játszható lapig olvasható."
            ),
            "",
            "```text",
            board,
            "```",
            "",
            (
                "The same board as a picture (drawn by `solitaire_core.svg.board_svg`):"
                if en
                else "Ugyanez képen (a `solitaire_core.svg.board_svg` rajzolja):"
            ),
            "",
            f"<!-- board: {code} -->",
            "",
        ]
    out.append(END)
    return "\n".join(out) + "\n"


def new_page(key: str, language: str) -> str:
    """A page that does not exist yet: the generated part and an empty notes section."""
    return generated_section(key, language) + f"\n## {WORDS[language]['notes']}\n\n"


def split_page(text: str) -> tuple[str, str, str]:
    """A page as (text before, generated part with its markers, text after).

    Raises:
        ValueError: when the page lacks a marker or has them out of order.
    """
    start = text.find(BEGIN)
    end = text.find(END)
    if start < 0 or end < start or text.count(BEGIN) != 1 or text.count(END) != 1:
        raise ValueError("a game page needs one begin marker and then one end marker")
    stop = end + len(END)
    if text[stop : stop + 1] == "\n":
        stop += 1
    return text[:start], text[start:stop], text[stop:]


def notes(text: str) -> str:
    """The hand-written notes of a page: the text after its generated part."""
    return split_page(text)[2]


def updated_page(key: str, language: str, current: str | None) -> str:
    """A page with its generated part rewritten (a new page when ``current`` is None)."""
    if current is None:
        return new_page(key, language)
    before, _, after = split_page(current)
    return before + generated_section(key, language) + after


# --- the indexes --------------------------------------------------------------------------


def rules_summary(variant: sc.Variant, language: str) -> str:
    """A one-line summary of the play rules: building, groups, empty column, foundations."""
    words, wrap = _build(variant)
    groups, empty, kind = _groups(variant), _empty(variant), _foundation_kind(variant)
    if language == "en":
        parts = [
            f"build {build_words(variant)}",
            GROUPS_SHORT[groups][0],
            f"empty column: {EMPTY_SHORT[empty][0]}",
            f"foundations {FOUNDATIONS_SHORT[kind][0]}",
            "take-back allowed" if variant.foundation_takeback else "no take-back",
        ]
    else:
        parts = [
            f"építés {BUILD_HU_SHORT[words]}" + (", királyt ászra" if wrap else ""),
            GROUPS_SHORT[groups][1],
            f"üres oszlop: {EMPTY_SHORT[empty][1]}",
            f"alapok {FOUNDATIONS_SHORT[kind][1]}",
            "visszavétel az alapról" if variant.foundation_takeback else "nincs visszavétel",
        ]
    return "; ".join(parts)


GAME_COUNT: Final = len(sc.SHIPPED_VARIANTS)
"""How many games the engine ships (the indexes say it)."""
FAMILY_COUNT: Final = len(sv.FAMILY_GAMES)
"""How many of them are games of the family's rule book (the others are the app's)."""

INTRO: Final = {
    "en": [
        "# Games",
        "",
        f"The engine plays {GAME_COUNT} games: the ten rule sets of the app, from",
        "[the rule book](../RULES.md) (Klondike and Réfléchi with their draw and scoring",
        f"modes, the traditional rules, the rule card), and {FAMILY_COUNT} games of the",
        "Klondike family from the family's rule book (FAMILY.md), whose rules come from",
        "PySolFC, Solvitaire and the games' rule pages.",
        "Each page gives the game's layout (per column, how many cards are dealt face",
        "down and face up), its rules, how to play it from the",
        "[command line](../cli.md) and, for a game with deal codes, the opening board",
        "of deal 1; the notes at the end say where the rules come from and which",
        "choices the rule books made. [Magyarul](hu/index.md).",
        "",
        "Columns are numbered 1, 2, … from the left. Piles are read bottom to top: the",
        "top card of a column is its last card, the one that can be played.",
        "A deal-code prefix such as `YU1-D0N` is the start of every deal code of the",
        "game ([Deal codes](../deal-codes.md)); `D0` marks a game without a waste.",
        "The key is the game's name in save files, in `solitaire-core games` and for",
        "`--game`.",
        "",
        f"This page and the upper part of every game page are written by {_COMMAND}",
        "from the games' rules in the library (`--check` only lists the pages that are",
        "out of date, and the tests fail on them); the notes at the end of each game",
        "page are written by hand.",
        "",
        f"<!-- Written whole by {_COMMAND}. -->",
        "",
    ],
    "hu": [
        "# Játékok",
        "",
        f"A motor {GAME_COUNT} játékot ismer: az alkalmazás tíz szabálykészletét (a",
        "Klondike és a Réfléchi a húzási és pontozási módjaival, a hagyományos",
        "szabályok, a szabálykártya; lásd [a szabálykönyvet](../../RULES.md), angolul)",
        f"és a Klondike-család {FAMILY_COUNT} játékát a család szabálykönyvéből",
        "(FAMILY.md), amelynek szabályai a PySolFC és a Solvitaire programból és a",
        "játékok szabályleírásaiból származnak. Minden játék oldala megadja az",
        "elrendezést (oszloponként a lefordított és a felfordított lapok számát), a",
        "szabályokat, a parancssori használatot, és ha a játéknak van játszmakódja, az",
        "1. leosztás kezdőállását; a végén a megjegyzések elmondják, honnan",
        "származnak a szabályok, és mit döntöttek el a szabálykönyvek.",
        "[English](../index.md).",
        "",
        "Az oszlopok számozása balról 1, 2, …. A kupacokat alulról felfelé olvassuk:",
        "egy oszlop legfelső lapja az utolsó lapja, a játszható lap. A",
        "játszmakód eleje (például `YU1-D0N`) a játék minden kódjának kezdete",
        "([játszmakódok](../../deal-codes.md), angolul); a `D0` azt jelzi, hogy a",
        "játékban nincs dobópakli. A kulcs a játék neve a mentésekben, a",
        "`solitaire-core games` kimenetében és a `--game` kapcsolóban.",
        "",
        "Szín: pikk, kőr, káró, treff; a kőr és a káró piros, a pikk és a treff fekete.",
        "",
        f"Ezt az oldalt és minden játékoldal felső részét a {_COMMAND} parancs írja",
        "a játékok szabályaiból (`--check`: csak kilistázza az elavult oldalakat, a",
        "tesztek pedig hibát jeleznek rájuk); a játékoldalak végén álló",
        "megjegyzéseket kézzel írjuk.",
        "",
        f"<!-- Written whole by {_COMMAND}. -->",
        "",
    ],
}


def index_page(language: str) -> str:
    """The games index of a language, whole."""
    if language == "en":
        head = "| game | key | deal codes | decks | columns | stock | rules |"
    else:
        head = "| játék | kulcs | játszmakód | pakli | oszlop | húzópakli | szabályok |"
    lines = [*INTRO[language], head, "|---|---|---|---:|---:|---|---|"]
    for key in game_keys():
        variant = _variant(key)
        header = _header(key)
        none = "none" if language == "en" else "nincs"
        lines.append(
            f"| [{title(key, language)}]({key}.md) | `{key}` | "
            + (f"`{header}`" if header else none)
            + f" | {variant.decks} | {variant.columns} | {stock_short(variant, language)} | "
            + f"{rules_summary(variant, language)} |"
        )
    return "\n".join(lines) + "\n"


# --- writing ------------------------------------------------------------------------------


def expected_files() -> dict[Path, str]:
    """Every file the script writes, with the text it should have now."""
    files: dict[Path, str] = {}
    for language in LANGUAGES:
        files[index_path(language)] = index_page(language)
        for key in game_keys():
            path = page_path(key, language)
            current = path.read_text(encoding="utf-8") if path.exists() else None
            files[path] = updated_page(key, language, current)
    return files


def stale_files() -> list[Path]:
    """The files whose text differs from what the script writes now."""
    return [
        path
        for path, text in expected_files().items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """Rewrite the generated parts (or, with ``--check``, only list stale files)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only report stale files")
    args = parser.parse_args(argv)
    stale = stale_files()
    if args.check:
        for path in stale:
            print(f"stale: {path.relative_to(GAMES.parent.parent)}")
        return 1 if stale else 0
    expected = expected_files()
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(expected[path], encoding="utf-8")
        print(f"wrote {path.relative_to(GAMES.parent.parent)}")
    empty = [
        path
        for language in LANGUAGES
        for path in (page_path(key, language) for key in game_keys())
        if not re.sub(r"(?m)^#.*$", "", notes(path.read_text(encoding="utf-8"))).strip()
    ]
    for path in empty:
        print(f"notes to write: {path.relative_to(GAMES.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
