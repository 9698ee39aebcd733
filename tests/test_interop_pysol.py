"""PySolFC game numbers and layout text (interop/pysol.py, interop/pysol_random.py).

The reference is the ``pysol-cards`` package (a test-only dependency), which
reproduces PySolFC's deals: ``Game("klondike" | "klondike_by_threes", number,
DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))`` is the layout text of a
game number (``DEALS_MS`` for ``ms`` numbers). Its random generators are also
checked against CPython's ``random.Random`` (the Mersenne Twister PySolFC uses)
and the published first outputs of the Microsoft C ``rand()`` for seed 1.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pysol_cards.cards import CardRenderer  # type: ignore[import-untyped]
from pysol_cards.deal_game import Game as PysolGame  # type: ignore[import-untyped]
from pysol_cards.random import RandomBase  # type: ignore[import-untyped]

from solitaire_core import (
    KLONDIKE,
    REFLECHI,
    InvalidArgumentError,
    Move,
    deal_deck,
    play_move,
)
from solitaire_core.cards import CARD_TEXTS, FULL_DECK
from solitaire_core.interop import (
    DealImportError,
    MersenneTwister,
    MicrosoftRandom,
    format_pysol_deck,
    format_pysol_layout,
    is_pysol_game_number,
    parse_pysol_layout,
    pysol_deck,
)

decks = st.permutations(list(range(52))).map(tuple)


def pysol_cards_layout(game: str, number: int, *, ms: bool = False, tens: bool = True) -> str:
    which = RandomBase.DEALS_MS if ms else RandomBase.DEALS_PYSOLFC
    text: str = PysolGame(game, number, which, 13).calc_layout_string(CardRenderer(tens))
    return text


# ---------------------------------------------------------------- game numbers


@pytest.mark.parametrize("game", ["klondike", "klondike_by_threes"])
@pytest.mark.parametrize("number", [1, 2, 3, 1000000])
def test_game_numbers_equal_pysol_cards(game: str, number: int) -> None:
    expected = pysol_cards_layout(game, number)
    assert format_pysol_deck(pysol_deck(number)) == expected
    assert format_pysol_deck(pysol_deck(str(number))) == expected
    assert parse_pysol_layout(expected) == pysol_deck(number)


@pytest.mark.parametrize(
    "number",
    [
        31999,
        32000,  # the last Microsoft-generator number
        32001,  # the first Mersenne Twister number
        123456,
        2**31,
        2**32 + 5,  # several 32-bit words in the Twister's seed
        12345678901234567,
        10**20,  # PySolFC's largest
    ],
)
def test_generator_switch_and_big_numbers(number: int) -> None:
    assert format_pysol_deck(pysol_deck(number)) == pysol_cards_layout("klondike", number)


@pytest.mark.parametrize("number", [1, 617, 32000, 32001, 2**31 + 1, 2**32 + 7, 2**33 - 1])
def test_ms_game_numbers_equal_pysol_cards(number: int) -> None:
    expected = pysol_cards_layout("klondike", number, ms=True, tens=False)
    assert parse_pysol_layout(expected) == pysol_deck(f"ms{number}")
    assert pysol_deck(f"MS{number}") == pysol_deck(f" ms{number}\n")


def test_numbers_up_to_32000_are_microsoft_deals() -> None:
    assert pysol_deck(617) == pysol_deck("ms617")
    assert pysol_deck(32001) != pysol_deck("ms32001")


@pytest.mark.parametrize(
    ("number", "words"),
    [
        (0, "1 .. 10**20"),
        (-5, "1 .. 10**20"),
        (10**20 + 1, "1 .. 10**20"),
        ("0", "1 .. 10**20"),
        ("ms0", "ms game numbers are 1 .. 2**33 - 1"),
        (f"ms{2**33}", "ms game numbers are 1 .. 2**33 - 1"),
        ("12a", "a game number is digits"),
        ("", "a game number is digits"),
        (True, "a game number is an int"),
    ],
)
def test_bad_game_numbers(number: int | str, words: str) -> None:
    with pytest.raises(DealImportError) as info:
        pysol_deck(number)
    assert info.value.source == "pysol" and words in str(info.value)
    assert isinstance(info.value, ValueError)


def test_is_game_number() -> None:
    assert is_pysol_game_number(" 1000000 ") and is_pysol_game_number("ms12")
    assert not is_pysol_game_number("Talon: AS") and not is_pysol_game_number("1 2")


# ---------------------------------------------------------------- generators


@pytest.mark.parametrize("seed", [0, 1, 32001, 1000000, 2**32, 2**64 + 3, 10**20])
def test_mersenne_twister_is_cpythons(seed: int) -> None:
    ours, theirs = MersenneTwister(seed), random.Random(seed)
    assert [ours.random() for _ in range(1300)] == [theirs.random() for _ in range(1300)]


def test_microsoft_generator_first_outputs() -> None:
    rng = MicrosoftRandom(1)  # Microsoft C rand() after srand(1)
    assert [rng.next() for _ in range(5)] == [41, 18467, 6334, 26500, 19169]


@pytest.mark.parametrize("seed", [0, 2**33, -1])
def test_microsoft_generator_range(seed: int) -> None:
    with pytest.raises(InvalidArgumentError):
        MicrosoftRandom(seed)


# ---------------------------------------------------------------- layout text


@given(deck=decks)
def test_layout_text_round_trips(deck: tuple[int, ...]) -> None:
    text = format_pysol_deck(deck)
    assert parse_pysol_layout(text) == deck
    lines = text.splitlines()
    assert len(lines) == 8 and lines[0].startswith("Talon: ") and text.endswith("\n")
    assert [len(line.split()) for line in lines[1:]] == [1, 2, 3, 4, 5, 6, 7]
    assert parse_pysol_layout(format_pysol_deck(deck, all_face_up=True)) == deck


def test_layout_of_a_position_shows_its_face_down_cards() -> None:
    assert format_pysol_layout(deal_deck(REFLECHI, FULL_DECK)).count("<") == 0
    assert format_pysol_layout(deal_deck(KLONDIKE, FULL_DECK)).count("<") == 21
    after = play_move(KLONDIKE, deal_deck(KLONDIKE, pysol_deck(1)), Move.parse("d"))
    with pytest.raises(InvalidArgumentError, match="waste and foundations must be empty"):
        format_pysol_layout(after)


def test_forgiving_forms() -> None:
    deck = pysol_deck(1000000)
    text = pysol_cards_layout("klondike", 1000000, tens=False)  # "10" for ten
    assert "10" in text
    assert parse_pysol_layout(text) == deck
    assert parse_pysol_layout(text.lower()) == deck
    assert parse_pysol_layout("\n\n" + text.replace("\n", "\r\n\n") + "\n  \n") == deck
    # Klondike-Solver's diagram form: foundations, arrows around the stock, ':' lines
    lines = format_pysol_deck(deck).splitlines()
    diagram = "\n".join(
        [
            "Foundations: H-0 C-0 D-0 S-0",
            lines[0].replace("Talon: ", "Talon: ==> ") + " <==",
            *(": " + line for line in lines[1:]),
        ]
    )
    assert parse_pysol_layout(diagram) == deck
    assert parse_pysol_layout(diagram.replace(": ", ":")) == deck
    assert parse_pysol_layout("\n".join([lines[0], "Foundations: -", *lines[1:]])) == deck


LAYOUT_1 = format_pysol_deck(pysol_deck(1))
"""Talon: 4H AC ... 6H / QH / <7H> TS / <5D> <9S> 5C / ... / <JD> <7C> <5S> <3H> <9D> <JS> AS."""


def at(text: str, needle: str) -> int:
    return text.index(needle)


@pytest.mark.parametrize(
    ("text", "position", "words"),
    [
        ("", None, "no 'Talon:' line"),
        (LAYOUT_1.replace("Talon:", "Stock:"), 0, "line 1: expected 'Talon:'"),
        (LAYOUT_1.replace(" 6H\n", "\n"), None, "the talon has 23 cards"),
        (LAYOUT_1.replace("\nQH\n", "\n"), None, "expected 7 column lines after the talon, got 6"),
        (LAYOUT_1 + "KD\n", None, "got 8"),
        (LAYOUT_1.replace("<7H> TS", "<7H> TS QH"), at(LAYOUT_1, "<7H>"), "line 3: column 2 has 3"),
        (LAYOUT_1.replace("<7H> TS", "7H <TS>"), at(LAYOUT_1, "<7H>") + 4, "must be face up"),
        (LAYOUT_1.replace("<7H>", "<7H"), at(LAYOUT_1, "<7H>"), "'<7H' is not a card or <card>"),
        (LAYOUT_1.replace("<7H>", "<ZH>"), at(LAYOUT_1, "<7H>") + 1, "'ZH' is not a card"),
        (LAYOUT_1.replace("<7H>", "<QH>"), at(LAYOUT_1, "<7H>") + 1, "QH appears twice"),
        (LAYOUT_1.replace("4H AC", "4H 4H"), at(LAYOUT_1, "AC"), "4H appears twice"),
        (LAYOUT_1 + "Talon: AS\n", len(LAYOUT_1), "the Talon: line comes once, first"),
        (
            LAYOUT_1.replace("Talon: ", "Talon: KH ==> "),
            at(LAYOUT_1, "4H"),
            "a deal has no cards on the waste",
        ),
        ("Foundations: S-A\n" + LAYOUT_1, 13, "a deal has no cards on the foundations"),
    ],
)
def test_bad_layouts_name_the_position(text: str, position: int | None, words: str) -> None:
    with pytest.raises(DealImportError) as info:
        parse_pysol_layout(text)
    error = info.value
    assert (error.source, error.position) == ("pysol", position)
    assert words in str(error)


def test_first_duplicate_points_back_to_the_first_copy() -> None:
    text = LAYOUT_1.replace("<7H>", "<QH>")
    with pytest.raises(DealImportError, match=re.escape(f"first at character {at(text, 'QH')}")):
        parse_pysol_layout(text)


def test_every_card_of_a_layout_is_in_its_place() -> None:
    deck = pysol_deck(1)
    position = deal_deck(KLONDIKE, deck)
    assert [CARD_TEXTS[card] for card in position.tableau[6]] == [
        "JD",
        "7C",
        "5S",
        "3H",
        "9D",
        "JS",
        "AS",
    ]
    assert CARD_TEXTS[position.stock[-1]] == "4H"  # the first talon card is drawn first
    assert position.face_down == (0, 1, 2, 3, 4, 5, 6)
