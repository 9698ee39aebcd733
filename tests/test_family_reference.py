"""Tests of the family reference model itself (tests/family_reference.py), not of the engine.

Hand-made positions check each rule of FAMILY.md (building relations, group
rules, empty-column rules, foundations, stock moves, take-backs), the deal
layouts are checked against the deck indexes FAMILY.md prints, random games
check that the 52k cards stay whole, and find_win is tried on tiny endgames.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from family_reference import (
    ALL_CARDS,
    GAMES,
    FamilyGame,
    card_text,
    deal_code,
    find_win,
    fits_by,
    perft,
    shuffled_deck,
)

# --- helpers -------------------------------------------------------------------


def col(up: str = "", down: str = "") -> dict[str, list[str]]:
    """A column: face-up and face-down cards as space-separated text, bottom to top."""
    return {"face_down": down.split(), "face_up": up.split()}


def position(
    prefix: str,
    columns: dict[int, dict[str, list[str]]],
    *,
    stock: str = "",
    waste: str = "",
    foundations: dict[str, int] | None = None,
    complete: bool = False,
    **extra: Any,
) -> FamilyGame:
    """A hand-made position; ``columns`` maps column numbers (1-based) to columns."""
    rules = GAMES[prefix]
    tableau = [col() for _ in range(rules.num_columns)]
    for number, column in columns.items():
        tableau[number - 1] = column
    snapshot: dict[str, Any] = {
        "tableau": tableau,
        "stock": stock.split(),
        "waste": waste.split(),
        "foundations": foundations or {},
        "recycles": 0,
        **extra,
    }
    return FamilyGame.from_snapshot(prefix, snapshot, check_cards=complete)


def cards(text: str) -> list[str]:
    return text.split()


def cm(game: FamilyGame, a: int, b: int, n: int) -> str:
    """Canonical column-to-column move text for this game (1-based columns)."""
    return game.column_move(a - 1, b - 1, n)


def identity_deal(prefix: str) -> FamilyGame:
    """The deal of the unshuffled deck: deck[i] is card_text(i)."""
    decks = GAMES[prefix].decks
    return FamilyGame.from_deck(prefix, [card_text(i) for i in range(52 * decks)])


def deck_cards(*indexes: int) -> list[str]:
    return [card_text(i) for i in indexes]


# --- shuffle, codes, table -----------------------------------------------------


def test_rules_md_check_values() -> None:
    game = FamilyGame.deal("TP", 6)
    assert game.columns[0].face_up == ["AD"]
    assert game.columns[6].face_up == ["AH"]
    assert game.stock[-1] == "QH"
    game = FamilyGame.deal("TP", 1)
    assert game.columns[0].face_up == ["7H"]
    assert game.columns[6].face_down + game.columns[6].face_up == [
        "JH", "3S", "4D", "KS", "TC", "TH", "8C",
    ]  # fmt: skip
    assert game.stock[-3:] == ["6S", "4C", "QS"]


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_shuffle_holds_every_card_once_per_deck(decks: int) -> None:
    deck = shuffled_deck(7, decks)
    assert Counter(deck) == Counter({card: decks for card in ALL_CARDS})
    assert shuffled_deck(7, decks) == deck


def test_deal_codes() -> None:
    assert deal_code("YU", 1) == "YU1-D0N-AAAAAAB"
    assert deal_code("SA", 1) == "SA1-D3N-AAAAAAB"
    assert deal_code("TP", 6) == "TP1-D1N-AAAAAAG"
    assert deal_code("CF", 26) == "CF1-D3N-AAAAABA"
    assert deal_code("LJ", 26**7 - 1) == "LJ1-D3N-ZZZZZZZ"
    assert deal_code("SE", 27) == "SE1-D0N-AAAAABB"


def test_the_games() -> None:
    prefixes = (
        "TP WH SH EC WC PS TR DK GA TK LJ ET SA NA AP RP BF AM CN"
        " EH AG SE WW WV DE TE CD QU RD CS RT"
        " YU RU AL SO OD RO MO DY TY DR TU GE QL CA AN BC MH LT LP CF RB CM"
    )
    assert list(GAMES) == prefixes.split(" ")
    tableau = {p: sum(d + u for d, u in r.layout) for p, r in GAMES.items()}
    assert tableau == {
        "TP": 28, "WH": 28, "SH": 28, "EC": 21, "WC": 30, "PS": 6, "TR": 28, "DK": 45,
        "GA": 45, "TK": 91, "LJ": 55, "ET": 64, "SA": 28, "NA": 45, "AP": 28, "RP": 28,
        "EH": 21, "AG": 28, "SE": 28, "WW": 21, "WV": 30, "DE": 24, "TE": 36, "CD": 49,
        "QU": 28, "RD": 28, "YU": 52, "RU": 52, "AL": 52, "SO": 52, "OD": 52, "RO": 52,
        "MO": 52, "DY": 104, "TY": 156, "DR": 104, "TU": 156,
        "GE": 52, "QL": 52, "CA": 52, "AN": 52, "BC": 52, "MH": 52, "LT": 52, "LP": 52,
        "CF": 4, "BF": 40, "AM": 36, "CN": 28, "CS": 49, "RT": 25,
        "RB": 4, "CM": 3,
    }  # fmt: skip
    stock = {p: len(FamilyGame.deal(p, 1).stock) for p in GAMES}
    assert stock == {
        "TP": 24, "WH": 24, "SH": 24, "EC": 31, "WC": 22, "PS": 46, "TR": 24, "DK": 59,
        "GA": 59, "TK": 65, "LJ": 49, "ET": 40, "SA": 24, "NA": 7, "AP": 24, "RP": 24,
        "EH": 31, "AG": 23, "SE": 24, "WW": 31, "WV": 22, "DE": 80, "TE": 120, "CD": 3,
        "QU": 24, "RD": 24, "YU": 0, "RU": 0, "AL": 0, "SO": 0,
        "OD": 0, "RO": 0, "MO": 0, "DY": 0, "TY": 0, "DR": 0, "TU": 0, "GE": 0, "QL": 0,
        "CA": 0, "AN": 0, "BC": 0, "MH": 0, "LT": 0, "LP": 0,
        "CF": 34, "BF": 12, "AM": 16, "CN": 24, "CS": 3, "RT": 27,
        "RB": 34, "CM": 36,
    }  # fmt: skip


@pytest.mark.parametrize("prefix", list(GAMES))
@pytest.mark.parametrize("deal", [1, 6, 1000])
def test_opening_snapshot_round_trip(prefix: str, deal: int) -> None:
    game = FamilyGame.deal(prefix, deal)
    snap = game.snapshot()
    assert json.loads(json.dumps(snap)) == snap
    again = FamilyGame.from_snapshot(prefix, snap)
    assert again.snapshot() == snap
    assert again.legal_moves() == game.legal_moves()
    assert not game.waste  # the first draw is the player's move
    assert ("foundation_piles" in snap) == (GAMES[prefix].decks > 1)
    assert ("reserve" in snap) == (GAMES[prefix].reserve > 0)


# --- deal layouts (FAMILY.md 1.7 and the game sections) ------------------------


def test_yukon_deal_indexes() -> None:
    for prefix in ("YU", "RU", "AL"):
        game = identity_deal(prefix)
        assert game.columns[0].face_down == []
        assert game.columns[0].face_up == deck_cards(0)
        assert game.columns[1].face_down == deck_cards(1)
        assert game.columns[1].face_up == deck_cards(7, 13, 19, 25, 31)
        assert game.columns[6].face_down == deck_cards(6, 12, 18, 24, 30, 36)
        assert game.columns[6].face_up == deck_cards(41, 45, 48, 50, 51)
        assert game.stock == []


def test_somerset_deal_indexes() -> None:
    game = identity_deal("SO")
    assert [len(c.face_up) for c in game.columns] == [1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    assert all(not c.face_down for c in game.columns)
    assert game.columns[0].face_up == deck_cards(0)
    assert game.columns[9].face_up == deck_cards(9, 18, 26, 33, 39, 44, 48, 51)


def test_added_yukon_layouts_deal_indexes() -> None:
    # Odessa (FAMILY.md 5.5): 3 face-down rows over all seven columns, then face-up
    # rows: rows 3-5 to every column, rows 6 and 7 to columns 2-6 only.
    game = identity_deal("OD")
    assert game.columns[0].face_down == deck_cards(0, 7, 14)
    assert game.columns[0].face_up == deck_cards(21, 28, 35)
    assert game.columns[1].face_down == deck_cards(1, 8, 15)
    assert game.columns[1].face_up == deck_cards(22, 29, 36, 42, 47)
    assert game.columns[6].face_up == deck_cards(27, 34, 41)
    # Double Yukon (5.8): rows 0-5 of ten cards, then 9, 8, ... 2 cards to the right.
    for prefix in ("DY", "DR"):
        game = identity_deal(prefix)
        assert game.columns[0].face_down == []
        assert game.columns[0].face_up == deck_cards(0, 10, 20, 30, 40, 50)
        assert game.columns[1].face_down == deck_cards(1)
        assert game.columns[1].face_up == deck_cards(11, 21, 31, 41, 51, 60)
        assert game.columns[9].face_down == deck_cards(9, 19, 29, 39, 49, 59, 68, 76)
        assert game.columns[9].face_up == deck_cards(83, 89, 94, 98, 101, 103)
    # Triple Yukon (5.9): column c has c - 1 face-down cards and 6 face-up ones.
    for prefix in ("TY", "TU"):
        game = identity_deal(prefix)
        assert [len(c.face_down) for c in game.columns] == list(range(13))
        assert all(len(c.face_up) == 6 for c in game.columns)
        assert game.columns[0].face_up == deck_cards(*(13 * k for k in range(6)))
        assert game.columns[12].face_up[-1] == card_text(155)
    # Geoffrey (5.12): rows 0-5 of eight cards, row 6 to columns 1-4.
    game = identity_deal("GE")
    assert game.columns[0].face_up == deck_cards(0, 8, 16, 24, 32, 40, 48)
    assert game.columns[4].face_down == deck_cards(4, 12, 20, 28)
    assert game.columns[4].face_up == deck_cards(36, 44)
    # Queensland (5.13): 5, 6, 7, 7, 8, 9, 10 cards, the lowest c - 1 face down.
    game = identity_deal("QL")
    assert game.columns[0].face_up == deck_cards(0, 7, 14, 21, 28)
    assert game.columns[3].face_down == deck_cards(3, 10, 17)
    assert game.columns[3].face_up == deck_cards(24, 31, 37, 42)
    assert game.columns[6].face_down == deck_cards(6, 13, 20, 27, 34, 40)
    assert game.columns[6].face_up == deck_cards(45, 48, 50, 51)


def test_added_dealt_stock_layouts() -> None:
    # Westhaven (FAMILY.md 4.5): Westcliff's columns; 22 stock cards, deck[30] first.
    game = identity_deal("WV")
    assert game.columns[9].face_down == deck_cards(9, 19)
    assert game.columns[9].face_up == deck_cards(29)
    assert game.stock[-1] == card_text(30) and len(game.stock) == 22
    game.play("d")
    assert [c.face_up[-1] for c in game.columns] == deck_cards(*range(30, 40))
    game.play("d")
    game.play("d")  # the last two cards go to columns 1 and 2
    assert game.columns[0].face_up[-1] == card_text(50)
    assert game.columns[1].face_up[-1] == card_text(51)
    assert game.columns[2].face_up[-1] == card_text(42) and not game.stock
    # Double and Triple Easthaven (4.6, 4.7): two face-down rows, one face-up row.
    for prefix, columns in (("DE", 8), ("TE", 12)):
        game = identity_deal(prefix)
        last = game.columns[columns - 1]
        assert last.face_down == deck_cards(columns - 1, 2 * columns - 1)
        assert last.face_up == deck_cards(3 * columns - 1)
        assert game.stock[-1] == card_text(3 * columns)
    # Chinese Discipline (4.8): seven rows to seven columns; deck[49 .. 51] dealt to
    # columns 1 to 3.
    game = identity_deal("CD")
    assert game.columns[0].face_up == deck_cards(*range(0, 49, 7))
    assert game.columns[3].face_down == deck_cards(3, 10, 17)
    assert game.columns[3].face_up == deck_cards(24, 31, 38, 45)
    assert game.columns[6].face_down == deck_cards(6, 13, 20, 27, 34, 41)
    assert game.columns[6].face_up == deck_cards(48)
    game.play("d")
    assert [c.face_up[-1] for c in game.columns[:4]] == deck_cards(49, 50, 51, 45)
    # Queenie and Rushdike (4.9, 4.10): the Klondike triangle, stock deck[28] first.
    game = identity_deal("QU")
    assert game.columns[6].face_up == deck_cards(6, 12, 17, 21, 24, 26, 27)
    game = identity_deal("RD")
    assert game.columns[6].face_down == deck_cards(6, 12, 17, 21, 24, 26)
    assert game.stock[-1] == card_text(28)


def test_canister_and_lucky_deal_indexes() -> None:
    # Canister (FAMILY.md 5.14): six rows of eight, a seventh row to columns 3-6.
    for prefix in ("CA", "AN", "BC"):
        game = identity_deal(prefix)
        assert [len(c.face_up) for c in game.columns] == [6, 6, 7, 7, 7, 7, 6, 6]
        assert all(not c.face_down for c in game.columns)
        assert game.columns[0].face_up == deck_cards(0, 8, 16, 24, 32, 40)
        assert game.columns[2].face_up == deck_cards(2, 10, 18, 26, 34, 42, 48)
        assert game.columns[5].face_up[-1] == card_text(51)
    # Morehead (5.17): Somerset's layout.
    game = identity_deal("MH")
    assert game.columns[9].face_up == deck_cards(9, 18, 26, 33, 39, 44, 48, 51)
    # Lucky Thirteen (5.18): four rows of thirteen, the lowest three face down.
    game = identity_deal("LT")
    assert game.columns[0].face_down == deck_cards(0, 13, 26)
    assert game.columns[0].face_up == deck_cards(39)
    assert game.columns[12].face_up == deck_cards(51)
    game = identity_deal("LP")
    assert game.columns[12].face_up == deck_cards(12, 25, 38, 51)


def test_added_waste_and_reserve_layouts() -> None:
    # Big Forty (FAMILY.md 3.17): four face-up rows of ten; 12 stock cards, deck[40] first.
    game = identity_deal("BF")
    assert game.columns[9].face_up == deck_cards(9, 19, 29, 39)
    assert game.stock[-1] == card_text(40) and len(game.stock) == 12
    # Aunt Mary (3.18): six rows of six; column c has c - 1 face-down cards.
    game = identity_deal("AM")
    assert game.columns[0].face_up == deck_cards(0, 6, 12, 18, 24, 30)
    assert game.columns[5].face_down == deck_cards(5, 11, 17, 23, 29)
    assert game.columns[5].face_up == deck_cards(35)
    assert game.columns[2].face_down == deck_cards(2, 8)
    assert game.stock[-1] == card_text(36) and len(game.stock) == 16
    # Russian Point (4.12): rows of 7, 5, 5, 3, 3, 1, 1 cards, centred.
    game = identity_deal("RT")
    assert [len(c.face_down) for c in game.columns] == [0, 2, 4, 6, 4, 2, 0]
    assert game.columns[0].face_up == deck_cards(0)
    assert game.columns[1].face_down == deck_cards(1, 7)
    assert game.columns[1].face_up == deck_cards(12)
    assert game.columns[3].face_down == deck_cards(3, 9, 14, 18, 21, 23)
    assert game.columns[3].face_up == deck_cards(24)
    assert game.stock[-1] == card_text(25) and len(game.stock) == 27
    game.play("d")
    game.play("d")
    game.play("d")
    game.play("d")  # 27 cards: three deals of 7, then 6 to columns 1-6
    assert not game.stock and game.columns[5].face_up[-1] == card_text(51)
    assert game.columns[6].face_up[-1] == card_text(45)
    # Chameleon (6.3): base deck[0], a reserve of 12 (deck[12] on top), three columns.
    game = identity_deal("CM")
    assert game.reserve == deck_cards(*range(1, 13))
    assert [c.face_up for c in game.columns] == [deck_cards(13), deck_cards(14), deck_cards(15)]
    assert game.stock[-1] == card_text(16) and len(game.stock) == 36
    # Rainbow (6.2): Canfield's deal.
    game = identity_deal("RB")
    assert len(game.reserve) == 13 and game.columns[3].face_up == deck_cards(17)


def test_canfield_deal_indexes() -> None:
    deck = ALL_CARDS[19:] + ALL_CARDS[:19]  # deck[0] = 7H
    game = FamilyGame.from_deck("CF", deck)
    assert game.base == 7
    assert game.snapshot()["foundations"] == {"S": 0, "H": 1, "D": 0, "C": 0}
    assert game.snapshot()["base"] == "7"
    assert game.reserve == deck[1:14]
    assert game.reserve[-1] == deck[13]
    assert [c.face_up for c in game.columns] == [[deck[14]], [deck[15]], [deck[16]], [deck[17]]]
    assert game.stock[-1] == deck[18]
    assert game.stock == list(reversed(deck[18:]))
    game.play("d")
    assert game.waste == deck[18:21]


def test_agnes_sorel_deal_indexes() -> None:
    deck = ALL_CARDS[10:] + ALL_CARDS[:10]  # deck[28] = card 38 = KD
    game = FamilyGame.from_deck("AG", deck)
    assert [len(c.face_up) for c in game.columns] == [1, 2, 3, 4, 5, 6, 7]
    assert all(not c.face_down for c in game.columns)
    assert game.columns[0].face_up == [deck[0]]
    assert game.columns[6].face_up == [deck[i] for i in (6, 12, 17, 21, 24, 26, 27)]
    assert deck[28] == "KD"
    assert game.base == 13
    assert game.snapshot()["foundations"] == {"S": 0, "H": 0, "D": 1, "C": 0}
    assert game.snapshot()["base"] == "K"
    assert game.stock[-1] == deck[29]
    assert len(game.stock) == 23
    # The foundations go on from the base with wrap: after KD comes AD; a
    # foundation of another suit starts with its King.
    assert game.foundation_slot_for("AD") == 2
    assert game.foundation_slot_for("KS") == 0
    assert game.foundation_slot_for("AS") is None


def test_other_layouts() -> None:
    game = identity_deal("SH")
    assert game.columns[6].face_up == deck_cards(6) and not game.columns[6].face_down
    assert game.columns[0].face_up == deck_cards(27)
    assert len(game.columns[0].face_down) == 6
    for prefix in ("EC", "EH", "WW"):
        game = identity_deal(prefix)
        for c in range(1, 8):
            assert game.columns[c - 1].face_down == deck_cards(c - 1, c + 6)
            assert game.columns[c - 1].face_up == deck_cards(c + 13)
        assert game.stock[-1] == card_text(21)
    game = identity_deal("WC")
    assert game.columns[9].face_down == deck_cards(9, 19)
    assert game.columns[9].face_up == deck_cards(29)
    assert game.stock[-1] == card_text(30)
    game = identity_deal("ET")
    assert game.columns[2].face_up == deck_cards(*(2 + 8 * k for k in range(8)))
    assert game.stock[-1] == card_text(64)
    game = identity_deal("AP")
    assert game.columns[2].face_up == deck_cards(2, 9, 16, 23)
    game = identity_deal("NA")
    assert game.columns[8].face_up == deck_cards(44)
    assert game.stock[-1] == card_text(45) and len(game.stock) == 7
    assert game.base is None and game.snapshot()["base"] is None
    game = identity_deal("TK")
    assert game.columns[12].face_up == deck_cards(90)
    assert game.columns[0].face_up == deck_cards(0)
    assert game.stock[-1] == card_text(91)
    game = identity_deal("LJ")
    assert game.columns[9].face_up[-1] == card_text(54)
    assert game.stock[-1] == card_text(55)
    game = identity_deal("PS")
    assert [c.face_up for c in game.columns] == [[card_text(i)] for i in range(6)]


# --- building relations (FAMILY.md 1.3) ----------------------------------------

FIT_CASES = [
    ("EC", "7H", "8S", True),
    ("EC", "7S", "8S", False),
    ("EC", "6H", "8S", False),
    ("EC", "KS", "AH", False),
    ("TR", "7S", "8S", True),
    ("TR", "7C", "8S", False),
    ("WH", "7C", "8S", True),
    ("WH", "7H", "8S", False),
    ("TP", "7H", "8S", True),
    ("TP", "7C", "8S", True),
    ("TP", "7S", "8S", False),
    ("SE", "7S", "8S", True),
    ("SE", "7H", "8S", True),
    ("SE", "9H", "8S", False),
    ("LJ", "7D", "8S", True),
    ("NA", "KS", "AH", True),
    ("NA", "KD", "AH", False),
    ("NA", "QS", "AH", False),
    ("AG", "KC", "AS", True),
    ("AG", "KH", "AS", False),
    ("AG", "AS", "KC", False),
    ("AG", "AS", "2C", True),
    ("CF", "KS", "AH", True),
    ("AL", "7S", "8S", True),
    ("AL", "9S", "8S", True),
    ("AL", "9H", "8S", False),
    ("AL", "KS", "AS", False),
    ("AL", "AS", "KS", False),
    ("RU", "9S", "8S", False),
    ("RU", "7S", "8S", True),
    ("YU", "7D", "8C", True),
    ("RO", "7H", "8S", True),
    ("RO", "9H", "8S", True),  # up or down
    ("RO", "9S", "8S", False),
    ("RO", "KH", "AS", False),  # no wrap
    ("MO", "7H", "8S", True),
    ("MO", "7C", "8S", True),
    ("MO", "7S", "8S", False),
    ("GE", "7S", "8S", True),
    ("GE", "7C", "8S", False),
    ("CA", "7H", "8S", True),
    ("AN", "7C", "8S", False),
    ("MH", "7C", "8S", True),
    ("MH", "7S", "8S", False),
    ("LT", "7S", "8S", True),
    ("LP", "9S", "8S", True),  # up or down in suit
    ("LP", "7S", "8S", True),
    ("LP", "9H", "8S", False),
    ("BF", "7S", "8S", True),
    ("BF", "7C", "8S", False),
    ("AM", "7D", "8C", True),
    ("CN", "7C", "8S", True),  # any suit but its own
    ("CN", "7S", "8S", False),
    ("RT", "7S", "8S", True),
    ("RB", "7S", "8S", True),  # any suit, King on Ace
    ("RB", "KS", "AS", True),
    ("CM", "KH", "AS", True),
    ("CM", "6H", "8S", False),
]


@pytest.mark.parametrize(("prefix", "card", "target", "fits"), FIT_CASES)
def test_building_relation(prefix: str, card: str, target: str, fits: bool) -> None:
    game = position(prefix, {1: col(target), 2: col(card), 3: col("5C")})
    assert (cm(game, 2, 1, 1) in game.legal_moves()) is fits
    assert game.fits(card, target) is fits


def test_fits_by_relations() -> None:
    assert fits_by("7H", "8S", "AC") and not fits_by("7D", "8H", "AC")
    assert fits_by("7D", "8H", "SC") and not fits_by("7D", "8H", "SS")
    assert fits_by("7D", "8H", "BO") and not fits_by("7H", "8H", "BO")
    assert fits_by("KH", "AS", "AC", wrap=True) and not fits_by("KH", "AS", "AC")
    assert fits_by("9S", "8S", "SS", up_or_down=True) and not fits_by("9S", "8S", "SS")


def test_waste_card_builds_by_the_relation() -> None:
    game = position("TP", {1: col("8S"), 2: col("8H")}, waste="7S")
    assert "w2" in game.legal_moves() and "w1" not in game.legal_moves()
    game.play("w2")
    assert game.columns[1].face_up == ["8H", "7S"] and game.waste == []


# --- group rules (FAMILY.md 1.4) -----------------------------------------------


def test_group_run() -> None:
    game = position(
        "EC",
        {1: col("9S 8H 7C", "2D"), 2: col("TD"), 3: col("9C"), 4: col("8D"), 5: col("4S 3C 8S")},
    )
    moves = game.legal_moves()
    assert {"12:3", "13:2", "14:1"} <= moves
    assert game.group_may_move(0, 2, 2) and game.group_may_move(0, 3, 1)
    # 3C 8S and 4S 3C 8S are not runs; the single 8S always is.
    assert not game.group_may_move(4, 2, 0)
    assert not game.group_may_move(4, 3, 0)
    assert game.group_may_move(4, 1, 0)
    game.play("12:3")
    assert game.columns[0].face_up == ["2D"] and game.columns[0].face_down == []
    assert game.columns[1].face_up == ["TD", "9S", "8H", "7C"]


def test_group_run_moves_listed() -> None:
    game = position("EC", {1: col("9S 8H 7C"), 2: col("TD"), 3: col("9C"), 4: col("8D")})
    assert game.legal_moves() >= {"12:3", "13:2", "14:1"}
    game = position("EC", {1: col("9S 3H 7C"), 2: col("TD"), 3: col("4C"), 4: col("8D")})
    moves = game.legal_moves()
    assert "14:1" in moves
    assert "12:3" not in moves and "13:2" not in moves


def test_group_suit_run_whitehead() -> None:
    # Whitehead: the group must be a suit run; its first card fits by SC.
    game = position("WH", {1: col("7D 6D"), 2: col("8H"), 3: col("7C 6S"), 4: col("8S")})
    moves = game.legal_moves()
    assert "12:2" in moves  # 7D on 8H (same colour), 7D 6D a suit run
    assert "34:2" not in moves  # 7C 6S is a same-colour run but not a suit run
    assert "34:1" not in moves  # 6S on 8S: rank
    assert game.is_run(["7C", "6S"]) and not game.is_suit_run(["7C", "6S"])


def test_group_suit_run_lady_jane_and_spiderette() -> None:
    game = position("LJ", {1: col("9H 8S 7S"), 2: col("9D"), 3: col("TC")})
    moves = game.legal_moves()
    assert "1-2:2" in moves  # 8S 7S suit run, 8S on 9D by RK
    assert "1-3:3" not in moves  # 9H 8S 7S is not a suit run
    game = position("SE", {1: col("9H 8S 7S"), 2: col("9D"), 3: col("TC")})
    moves = game.legal_moves()
    assert "12:2" in moves and "13:3" not in moves


def test_group_any_face_up() -> None:
    game = position("YU", {1: col("7H"), 2: col("6S 2D 9C", "AS")})
    moves = game.legal_moves()
    assert "21:3" in moves and "21:2" not in moves and "21:1" not in moves
    game.play("21:3")
    assert game.columns[1].face_up == ["AS"] and game.columns[1].face_down == []
    assert game.columns[0].face_up == ["7H", "6S", "2D", "9C"]
    game = position("RU", {1: col("7S"), 2: col("6S 2D 9C")})
    assert "21:3" in game.legal_moves()
    game = position("AL", {1: col("7S"), 2: col("8S 2D 9C"), 3: col("6S QH")})
    assert {"21:3", "31:2"} <= game.legal_moves()
    game = position("AP", {1: col("7S"), 2: col("6S 2D 9C")})
    assert "21:3" in game.legal_moves()


def test_group_top_card_only() -> None:
    # Morehead, British Canister, Lucky Thirteen, Lucky Piles: one card at a time, in
    # order or not, whatever the empty columns (FAMILY.md 1.4, top card only).
    game = position("MH", {1: col("9S 8H"), 2: col("9C"), 4: col("TD")})
    moves = game.legal_moves()
    assert {"1-2:1", "1-3:1", "2-4:1"} <= moves  # 8H on 9C, onto an empty column, 9C on TD
    assert "1-4:2" not in moves and "1-3:2" not in moves
    assert not game.group_may_move(0, 2, 2)
    game = position("BC", {1: col("KS QH"), 2: col("JC")})
    moves = game.legal_moves()
    assert "13:2" not in moves and "13:1" not in moves  # QH alone is no King
    assert "21:1" in moves  # JC on QH
    game = position("LT", {1: col("9S", "2C 3D 4H"), 2: col("TD")})
    moves = game.legal_moves()
    assert moves == {"1-2:1"}  # nothing to the eleven empty columns
    game.play("1-2:1")
    assert game.columns[0].face_up == ["4H"] and game.columns[0].face_down == ["2C", "3D"]
    # Lucky Piles: up or down in suit, single cards, only a King to an empty column.
    game = position("LP", {1: col("9S 5D"), 2: col("8S"), 3: col("4D"), 4: col("KH")})
    kings = {f"4-{k}:1" for k in range(5, 14)}
    assert game.legal_moves() == {"1-3:1", "3-1:1"} | kings


def _somerset(empties: int) -> FamilyGame:
    """Column 1: 9S 8H 7C; column 2: TD; then ``empties`` empty columns, the rest filled."""
    fillers = ["2C", "3D", "4C", "5D", "6C", "JH", "QS", "KH"]
    columns = {1: col("9S 8H 7C"), 2: col("TD")}
    for number in range(3 + empties, 11):
        columns[number] = col(fillers.pop())
    return position("SO", columns)


def test_group_limited_run_somerset() -> None:
    assert "1-2:3" not in _somerset(0).legal_moves()  # 2**0 = 1 card
    assert "1-2:3" not in _somerset(1).legal_moves()  # 2**1 = 2 cards
    assert "1-2:3" in _somerset(2).legal_moves()  # 2**2 = 4 cards
    # The target column does not count: with 2 empty columns, moving into one
    # of them leaves e = 1, so at most 2 cards.
    moves = _somerset(2).legal_moves()
    assert {"1-3:1", "1-3:2", "1-4:2"} <= moves
    assert "1-3:3" not in moves and "1-4:3" not in moves
    moves = _somerset(3).legal_moves()
    assert "1-3:3" in moves  # e = 2 other empty columns: 4 cards
    # Only AC runs move.
    game = position("SO", {1: col("9S 3H 7C"), 3: col("8D")})
    moves = game.legal_moves()
    assert "1-3:1" in moves and "1-2:2" not in moves and "1-2:1" in moves


def test_group_top_or_whole_canfield() -> None:
    reserve = ["2S", "3S"]
    game = position(
        "CF",
        {1: col("9S 8H 7C"), 2: col("TD"), 3: col("9C"), 4: col("8D")},
        reserve=reserve,
    )
    moves = game.legal_moves()
    assert "12:3" in moves  # the whole column
    assert "14:1" in moves  # the top card
    assert "13:2" not in moves  # a middle group
    game.play("12:3")
    # The emptied column is filled from the reserve at once.
    assert game.columns[0].face_up == ["3S"]
    assert game.reserve == ["2S"]
    # The whole column must be a run.
    game = position(
        "CF", {1: col("9S 3H 7C"), 2: col("TD"), 3: col("9C"), 4: col("8D")}, reserve=reserve
    )
    assert "12:3" not in game.legal_moves() and "14:1" in game.legal_moves()
    # Wrap inside the run: 2H AS KH is a run under AC with wrap.
    game = position("CF", {1: col("2H AS KH"), 2: col("3C"), 3: col("9C"), 4: col("8D")})
    assert "12:3" in game.legal_moves()


def test_canfield_reserve_plays_one_card() -> None:
    game = position("CF", {1: col("8S"), 2: col("TD"), 3: col("9C"), 4: col("QD")},
                    reserve=["5C", "7H"], foundations={"S": 0})  # fmt: skip
    moves = game.legal_moves()
    assert "r1" in moves and "rf" not in moves
    game.play("r1")
    assert game.reserve == ["5C"] and game.columns[0].face_up == ["8S", "7H"]
    game = position("CF", {1: col("8S"), 2: col("TD"), 3: col("9C"), 4: col("QD")},
                    reserve=["5C", "AH"])  # fmt: skip
    assert "rf" in game.legal_moves()
    game.play("rf")
    assert game.snapshot()["foundations"]["H"] == 1 and game.reserve == ["5C"]


# --- empty-column rules (FAMILY.md 1.5) ----------------------------------------


def test_empty_king_only() -> None:
    game = position("SH", {1: col("QS"), 2: col("KH QC", "5D")}, waste="KD")
    moves = game.legal_moves()
    assert "13:1" not in moves
    assert "23:2" in moves and "23:1" not in moves
    assert "w3" in moves
    game = position("SH", {1: col("QS")}, waste="JS")
    assert not any(m.startswith("w") and m != "wf" for m in game.legal_moves())
    game = position("YU", {1: col("KH 2S"), 2: col("QC")})
    moves = game.legal_moves()
    assert "13:2" in moves and "23:1" not in moves


def test_empty_any() -> None:
    game = position("EC", {1: col("QS"), 2: col("5H 4C")}, waste="5D")
    moves = game.legal_moves()
    assert {"13:1", "23:1", "23:2", "w3", "w4"} <= moves
    # Queensland: any face-up group, in order or not, to an empty column.
    game = position("QL", {1: col("QS"), 2: col("5H 9C", "KD")})
    assert {"13:1", "23:1", "23:2"} <= game.legal_moves()
    game = position("GE", {1: col("QS"), 2: col("KH 9C", "KD")})
    moves = game.legal_moves()
    assert "23:2" in moves and "13:1" not in moves and "23:1" not in moves


def test_empty_none_agnes_sorel() -> None:
    game = position("AG", {1: col("QS"), 2: col("KH")}, stock="2C 3C")
    moves = game.legal_moves()
    assert not any(":" in m for m in moves)
    assert "d" in moves
    game.play("d")  # deals still land on empty columns
    assert game.columns[0].face_up == ["QS", "3C"]
    assert game.columns[1].face_up == ["KH", "2C"]
    game = position("AG", {2: col("KH")}, stock="2C 3C")
    game.play("d")
    assert game.columns[0].face_up == ["3C"]


def test_empty_base_minus_one_nine_across() -> None:
    columns = {1: col("KS"), 2: col("6H 5S"), 3: col("4D")}
    game = position("NA", columns, base=None)
    moves = game.legal_moves()
    targets = {m[1] for m in moves if ":" in m}
    assert not targets & set("456789")  # no card to an empty column before the base
    assert {"1f", "2f", "3f"} <= moves  # any rank may start the foundations
    # Base 7: only a 6 starts an empty column (with its group).
    game = position("NA", columns, base="7")
    moves = game.legal_moves()
    assert "24:2" in moves and "24:1" not in moves and "14:1" not in moves
    # Base Ace (no "base" key): a King.
    game = position("NA", columns)
    moves = game.legal_moves()
    assert "14:1" in moves and "24:2" not in moves
    # Base 2: an Ace starts a column; wrap the other way (base Ace -> King) above.
    game = position("NA", {1: col("AS")}, base="2")
    assert "12:1" in game.legal_moves()


def test_nine_across_first_card_fixes_the_base() -> None:
    game = position("NA", {1: col("4S"), 2: col("8D"), 3: col("KC"), 5: col("3H")}, base=None)
    assert game.foundation_slot_for("8D") == 2  # any rank, to its suit's slot
    game.play("1f")
    assert game.base == 4
    assert game.snapshot()["base"] == "4"
    assert game.snapshot()["foundations"] == {"S": 1, "H": 0, "D": 0, "C": 0}
    moves = game.legal_moves()
    assert "2f" not in moves  # the diamonds must now start with 4D
    assert {"51:1", "54:1"} <= moves  # 3H (base - 1) starts an empty column
    assert "31:1" not in moves
    assert game.foundation_slot_for("4D") == 2 and game.foundation_slot_for("5S") == 0


def test_nine_across_base_from_the_waste_and_stays_after_takeback() -> None:
    game = position("NA", {1: col("6H"), 2: col("9C")}, waste="5S", base=None)
    assert "wf" in game.legal_moves()
    game.play("wf")
    assert game.base == 5
    assert "fs1" in game.legal_moves()  # 5S back onto 6H
    game.play("fs1")
    assert game.snapshot()["foundations"]["S"] == 0
    assert game.snapshot()["base"] == "5"  # the base stays fixed
    assert game.foundation_slot_for("AS") is None
    assert game.foundation_slot_for("5D") == 2
    # Take-back onto an empty column: only a card of rank base - 1.
    game = position("NA", {1: col("9C")}, foundations={"S": 2, "H": 3}, base="3")
    moves = game.legal_moves()  # spades 3S 4S (top 4S), hearts 3H 4H 5H (top 5H)
    assert "fs2" not in moves and "fh2" not in moves
    game = position("NA", {1: col("9C")}, foundations={"S": 13}, base="3")
    assert "fs2" in game.legal_moves()  # top 2S = base - 1


def test_empty_reserve_canfield() -> None:
    game = position(
        "CF",
        {1: col("5H"), 2: col("6C"), 3: col("7D"), 4: col("QS")},
        foundations={"H": 1},
        base="4",
        reserve=["9D", "JS", "TH"],
        waste="3C",
    )
    moves = game.legal_moves()
    assert "1f" in moves and "23:1" in moves
    game.play("1f")
    assert game.columns[0].face_up == ["TH"] and game.reserve == ["9D", "JS"]
    game.play("23:1")
    assert game.columns[1].face_up == ["JS"] and game.reserve == ["9D"]
    assert game.columns[2].face_up == ["7D", "6C"]
    # Reserve empty: anything may go to an empty column, nothing fills it.
    game = position(
        "CF",
        {1: col("5H"), 2: col("7C 6H"), 4: col("QS")},
        foundations={"H": 1},
        base="4",
        waste="3C",
    )
    moves = game.legal_moves()
    assert {"w3", "13:1", "23:2", "23:1", "43:1"} <= moves
    game.play("1f")
    assert game.columns[0].is_empty()


# --- foundations ---------------------------------------------------------------


def test_spider_complete_run() -> None:
    hearts = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH"
    game = position("SE", {1: col(hearts, "2C"), 2: col("2D")}, foundations={"S": 13})
    moves = game.legal_moves()
    assert "1f" in moves
    assert "2f" not in moves  # single cards never go up in spider games
    game.play("1f")
    assert game.slots == [13, 13, 0, 0]  # the hearts' own slot
    assert game.columns[0].face_up == ["2C"] and game.columns[0].face_down == []
    # A run of the diamonds goes to the diamonds' slot, even with slot 2 empty.
    diamonds = hearts.replace("H", "D")
    game = position("WW", {3: col("5S " + diamonds)})
    game.play("3f")
    assert game.slots == [0, 0, 13, 0]
    assert game.columns[2].face_up == ["5S"]
    # Not complete, or not one suit: no move.
    game = position("SE", {1: col(hearts.removeprefix("KH "))})
    assert "1f" not in game.legal_moves()
    game = position("SE", {1: col(hearts.replace("AH", "AS"))})
    assert "1f" not in game.legal_moves()
    # The suit's slot is taken (hand-made; one deck cannot do this): no move.
    game = position("SE", {1: col(hearts)}, foundations={"S": 13})
    game.slots = [13, 13, 0, 0]
    assert "1f" not in game.legal_moves()


def test_ace_foundations_and_won_position_has_no_moves() -> None:
    game = position("RP", {1: col("2H AH"), 2: col("3S")})
    moves = game.legal_moves()
    assert "1f" in moves and "2f" not in moves
    game.play("1f")
    assert game.foundation_slot_for("2H") == 1
    game = position("YU", {1: col("KS")}, foundations={"S": 12, "H": 13, "D": 13, "C": 13},
                    complete=True)  # fmt: skip
    assert "1f" in game.legal_moves() and not game.is_won()
    game.play("1f")
    assert game.is_won() and game.legal_moves() == set()
    with pytest.raises(ValueError, match="illegal"):
        game.play("fs1")


def test_multi_deck_foundation_slot_choice() -> None:
    game = position("DK", {1: col("4S"), 2: col("6H")},
                    foundation_piles=[3, 0, 0, 0, 3, 0, 0, 0], foundations={"S": 6})  # fmt: skip
    game.play("1f")
    assert game.slots[:5] == [4, 0, 0, 0, 3]
    game = position("DK", {1: col("4S"), 2: col("6H")},
                    foundation_piles=[5, 0, 0, 0, 3, 0, 0, 0])  # fmt: skip
    game.play("1f")
    assert game.slots[:5] == [5, 0, 0, 0, 4]
    snap = game.snapshot()
    assert snap["foundations"] == {"S": 9, "H": 0, "D": 0, "C": 0}
    assert snap["foundation_piles"] == [5, 0, 0, 0, 4, 0, 0, 0]
    # Aces: both slots empty, the lowest-numbered takes it.
    game = position("TK", {1: col("AC")})
    game.play("1f")
    assert game.slots == [0, 0, 0, 1] + [0] * 8
    # Take-back: the lowest-numbered slot of the suit whose top card fits.
    game = position("GA", {1: col("6H"), 2: col("5H")},
                    foundation_piles=[5, 0, 0, 0, 4, 0, 0, 0])  # fmt: skip
    moves = game.legal_moves()
    assert "fs1" in moves and "fs2" in moves
    game.play("fs2")  # slot 1's 5S does not fit 5H: slot 5's 4S comes back
    assert game.slots[0] == 5 and game.slots[4] == 3
    assert game.columns[1].face_up == ["5H", "4S"]
    game.play("fs1")  # 5S (slot 1) onto 6H
    assert game.slots[0] == 4 and game.columns[0].face_up == ["6H", "5S"]


def test_take_back_rules() -> None:
    full = {"S": 13}
    # Small Harp (K to empty): a King may come back to an empty column, a Queen not.
    game = position("SH", {1: col("5D")}, foundations=full)
    assert "fs2" in game.legal_moves()
    game = position("SH", {1: col("KH")}, foundations={"S": 12})
    moves = game.legal_moves()
    assert "fs1" in moves and "fs2" not in moves
    # Eastcliff (any): any top card may come back to an empty column.
    game = position("EC", {1: col("5D")}, foundations={"S": 3})
    assert {"fs2", "fs7"} <= game.legal_moves()
    # Games without take-back.
    for prefix in ("WC", "YU", "RU", "AL", "AG", "CF", "SE", "WW", "OD", "RO", "MO", "DY", "TY",
                   "DR", "TU", "GE", "QL", "WV", "CD", "QU", "RD", "CS", "RT", "RB",
                   "CM"):  # fmt: skip
        game = position(prefix, {1: col("5D")}, foundations=full)
        assert not any(m.startswith("f") for m in game.legal_moves()), prefix
    # Somerset has take-back (FAMILY.md 5.4).
    game = position("SO", {1: col("5D")}, foundations={"S": 4})
    assert "fs1" in game.legal_moves()


# --- the stock -----------------------------------------------------------------


def test_waste_draw_and_passes() -> None:
    # Thumb and Pouch: one pass, no recycle.
    game = position("TP", {1: col("KD")}, stock="9C 2D")
    game.play("d")
    assert game.waste == ["2D"] and game.stock == ["9C"]
    game.play("d")
    assert game.stock == [] and game.waste == ["2D", "9C"]
    assert not {"d", "r"} & game.legal_moves()
    # Gargantua: two passes, one recycle, same order again.
    game = position("GA", {1: col("KD")}, stock="9C 2D 5S",
                    foundation_piles=[0] * 8)  # fmt: skip
    for _ in range(3):
        game.play("d")
    assert game.waste == ["5S", "2D", "9C"]
    game.play("r")
    assert game.stock == ["9C", "2D", "5S"] and game.recycles == 1
    for _ in range(3):
        game.play("d")
    assert "r" not in game.legal_moves()
    # Eight Times Eight: three passes, two recycles.
    game = position("ET", {1: col("KD")}, stock="9C")
    for _ in range(2):
        game.play("d")
        game.play("r")
    game.play("d")
    assert game.recycles == 2 and "r" not in game.legal_moves()
    # Small Harp: unlimited.
    game = position("SH", {1: col("KD")}, stock="9C")
    for _ in range(5):
        game.play("d")
        game.play("r")
    assert game.recycles == 5
    assert game.snapshot()["recycles"] == 5


def test_draw_three() -> None:
    game = position("LJ", {1: col("KD")}, stock="9C 2D 5S 7H",
                    foundation_piles=[0] * 8)  # fmt: skip
    game.play("d")
    assert game.waste == ["7H", "5S", "2D"] and game.stock == ["9C"]
    game.play("d")
    assert game.waste == ["7H", "5S", "2D", "9C"] and game.stock == []
    game.play("r")
    assert game.stock == ["9C", "2D", "5S", "7H"] and game.waste == []
    game.play("d")
    game.play("d")
    assert "r" not in game.legal_moves()  # Lady Jane: two passes
    game = position("SA", {1: col("KD")}, stock="9C 2D 5S 7H")
    game.play("d")
    assert game.waste == ["7H", "5S", "2D"]


def test_deal_onto_columns() -> None:
    # Easthaven: empty columns receive cards; a short deal goes to the leftmost.
    game = position("EH", {2: col("9S"), 7: col("4D")}, stock="2C 3H KS")
    assert "d" in game.legal_moves()
    game.play("d")
    assert [c.face_up for c in game.columns] == [
        ["KS"], ["9S", "3H"], ["2C"], [], [], [], ["4D"],
    ]  # fmt: skip
    assert game.stock == [] and "d" not in game.legal_moves()
    # A full deal: one card to each column, columns 1..7 in order.
    stock = "2C 3H KS 4S 5S 6S 7S 8S"
    game = position("EH", {1: col("9D")}, stock=stock)
    game.play("d")
    assert [c.face_up[-1] for c in game.columns] == ["8S", "7S", "6S", "5S", "4S", "KS", "3H"]
    assert game.stock == ["2C"]
    # Spiderette / Will o' the Wisp: not while a column is empty.
    all_filled = {n: col(card) for n, card in enumerate(cards("9S 8S 7S 6S 5S 4S 3S"), 1)}
    for prefix in ("SE", "WW"):
        game = position(prefix, {n: c for n, c in all_filled.items() if n != 4}, stock="2C 3H")
        assert "d" not in game.legal_moves()
        game = position(prefix, all_filled, stock="2C 3H KD")
        assert "d" in game.legal_moves()
        game.play("d")
        assert [c.face_up[-1] for c in game.columns[:4]] == ["KD", "3H", "2C", "6S"]


def test_play_refuses_illegal_moves() -> None:
    game = FamilyGame.deal("YU", 1)
    with pytest.raises(ValueError, match="illegal"):
        game.play("d")
    game = FamilyGame.deal("TP", 1)
    with pytest.raises(ValueError, match="illegal"):
        game.play("r")


def test_flip_is_part_of_the_move() -> None:
    game = position("EC", {1: col("QS", "AD 7C"), 2: col("KH")})
    game.play("12:1")
    assert game.columns[0].face_down == ["AD"] and game.columns[0].face_up == ["7C"]


def test_long_column_notation() -> None:
    game = position("TK", {11: col("QS"), 12: col("KH")}, foundation_piles=[0] * 12)
    moves = game.legal_moves()
    assert "11-12:1" in moves and "12-1:1" in moves
    game = position("PS", {1: col("QS"), 2: col("KH")})
    assert "12:1" in game.legal_moves()


# --- perft and find_win ---------------------------------------------------------


def test_perft_small() -> None:
    game = position("TP", {1: col("KD")}, stock="9C 2D")
    # Depth 1: d, and KD to each of the 6 empty columns (Thumb and Pouch: any).
    assert perft(game, 0) == 1
    assert perft(game, 1) == 7
    # After d: d, 2D to the 6 empty columns, KD to the 6 empty columns = 13.
    # After KD moved: d, KD on to the 6 other empty columns = 7, six times.
    assert perft(game, 2) == 13 + 6 * 7
    assert game.snapshot() == position("TP", {1: col("KD")}, stock="9C 2D").snapshot()


def test_perft_opening_of_yukon_deal_1() -> None:
    game = FamilyGame.deal("YU", 1)
    assert perft(game, 1) == len(game.legal_moves())
    assert perft(game, 2) == sum(
        len(_played(game, move).legal_moves()) for move in game.legal_moves()
    )


def _played(game: FamilyGame, move: str) -> FamilyGame:
    child = game.copy()
    child.play(move)
    return child


def _replay_wins(game: FamilyGame, line: list[str]) -> bool:
    game = game.copy()
    for move in line:
        game.play(move)
    return game.is_won()


def test_find_win_yukon() -> None:
    rest = {"H": 13, "D": 13, "C": 13}
    game = position("YU", {1: col("QS"), 2: col("KS")}, foundations={"S": 11, **rest},
                    complete=True)  # fmt: skip
    line = find_win(game, 1000)
    assert isinstance(line, list) and _replay_wins(game, line)
    assert line[0] == "1f"
    # JS under QS, no King of the other colour: nothing can free it.
    game = position("YU", {1: col("QS", "JS"), 2: col("KS")}, foundations={"S": 10, **rest},
                    complete=True)  # fmt: skip
    assert find_win(game, 1000) is False


def test_find_win_spiderette() -> None:
    game = position(
        "SE",
        {1: col("KH QH JH TH 9H 8H 7H"), 2: col("6H 5H 4H 3H 2H AH")},
        foundations={"S": 13, "D": 13, "C": 13},
        complete=True,
    )
    line = find_win(game, 10_000)
    assert line == ["21:6", "1f"]


def test_find_win_canfield_with_empty_reserve() -> None:
    # Draw 3 turns JH, QH, KH; KH must go to an empty column first.
    game = position("CF", {}, stock="KH QH JH", foundations={"S": 13, "D": 13, "C": 13, "H": 10},
                    complete=True)  # fmt: skip
    line = find_win(game, 10_000)
    assert isinstance(line, list) and _replay_wins(game, line)
    assert "w1" in line or "w2" in line or "w3" in line or "w4" in line


def test_find_win_agnes_sorel() -> None:
    # Nothing may go to an empty column, no take-back, no stock: 4S under 5S is stuck.
    rest = {"S": 3, "H": 13, "D": 13, "C": 13}
    high = col("6S 7S 8S 9S TS JS QS KS")  # no run, KS on top
    game = position("AG", {1: col("4S 5S"), 2: high}, foundations=rest, complete=True)
    assert game.legal_moves() == set()
    assert find_win(game, 100) is False
    game = position("AG", {1: col("4S"), 2: col("KS QS JS TS 9S 8S 7S 6S"), 3: col("5S")},
                    foundations=rest, complete=True)  # fmt: skip
    assert find_win(game, 100) == ["1f", "3f", "2f", "2f", "2f", "2f", "2f", "2f", "2f", "2f"]


def test_find_win_budget() -> None:
    assert find_win(FamilyGame.deal("YU", 1), 50) is None


def test_find_win_needs_an_empty_column() -> None:
    # Russian Solitaire: KS must go aside to an empty column before JS can come up.
    game = position("RU", {1: col("QS"), 2: col("JS KS")},
                    foundations={"S": 10, "H": 13, "D": 13, "C": 13}, complete=True)  # fmt: skip
    line = find_win(game, 10_000)
    assert isinstance(line, list) and _replay_wins(game, line)
    assert len(line) == 4 and line[0].startswith("2") and line[1:3] == ["2f", "1f"]
    # Somerset, every column full, nothing fits anywhere: no move at all.
    fillers = dict(enumerate((col(c) for c in cards("9H 9D 7H 7D 5H 5D 3H 3D")), 3))
    game = position("SO", {1: col("QS"), 2: col("JS KS"), **fillers})
    assert game.legal_moves() == set()
    assert find_win(game, 10) is False


# --- conservation over random games ---------------------------------------------


@pytest.mark.parametrize("prefix", list(GAMES))
def test_random_games_keep_every_card(prefix: str) -> None:
    decks = GAMES[prefix].decks
    expected = Counter({card: decks for card in ALL_CARDS})
    rng = random.Random(prefix)
    for deal in (1, 2, 3):
        game = FamilyGame.deal(prefix, deal)
        for _ in range(60):
            moves = sorted(game.legal_moves())
            if not moves:
                break
            before = game.snapshot()
            copy = game.copy()
            game.play(rng.choice(moves))
            assert copy.snapshot() == before  # copies are independent
            assert Counter(game.all_cards()) == expected
            assert all(c.face_up or not c.face_down for c in game.columns)
            snap = game.snapshot()
            assert FamilyGame.from_snapshot(prefix, snap).snapshot() == snap


def test_family_perft_json_matches_the_model() -> None:
    path = Path(__file__).parent / "data" / "family_perft.json"
    if not path.exists():
        pytest.skip("family_perft.json not generated")
    cases = json.loads(path.read_text())
    assert {case["game"] for case in cases} == set(GAMES)
    for case in cases[::10]:  # a sample, depths 1..3 (the whole file takes seconds)
        game = FamilyGame.deal(case["game"], case["deal_number"])
        assert case["code"] == deal_code(case["game"], case["deal_number"])
        assert [perft(game, d) for d in (1, 2, 3)] == case["depths"][:3]
