"""Cards, suits, ranks, colours and card text (RULES.md sections 1 and 8, step 1).

Expected values are written out by hand from RULES.md, never taken from the code.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire_core import (
    CardParseError,
    SolitaireError,
    Suit,
    card_symbol,
    card_text,
    is_red,
    make_card,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)

# RULES.md section 1: suits S, H, D, C in this order; ranks A 2 .. 9 T J Q K.
SUIT_LETTERS_BY_HAND = ("S", "H", "D", "C")
RANK_LETTERS_BY_HAND = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
RANK_SYMBOL_TEXTS_BY_HAND = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_SYMBOLS_BY_HAND = ("♠", "♥", "♦", "♣")
RED_SUITS_BY_HAND = {"H", "D"}

# The 52 canonical texts in index order (index = suit * 13 + rank - 1).
ALL_TEXTS_BY_HAND = tuple(r + s for s in SUIT_LETTERS_BY_HAND for r in RANK_LETTERS_BY_HAND)

cards = st.integers(min_value=0, max_value=51)
whitespace = st.text(alphabet=" \t\n", max_size=3)


# ---------------------------------------------------------------- suits, colours


def test_suits_are_numbered_in_foundation_order() -> None:
    assert [suit.name for suit in Suit] == ["SPADES", "HEARTS", "DIAMONDS", "CLUBS"]
    assert [int(suit) for suit in Suit] == [0, 1, 2, 3]
    assert tuple(suit.letter for suit in Suit) == SUIT_LETTERS_BY_HAND
    assert tuple(suit.symbol for suit in Suit) == SUIT_SYMBOLS_BY_HAND


def test_hearts_and_diamonds_are_red_spades_and_clubs_black() -> None:
    assert [suit.is_red for suit in Suit] == [False, True, True, False]
    for index, text in enumerate(ALL_TEXTS_BY_HAND):
        assert is_red(index) is (text[1] in RED_SUITS_BY_HAND), text


@pytest.mark.parametrize(
    ("text", "red"),
    [("7H", True), ("QD", True), ("8S", False), ("8C", False), ("TH", True), ("JC", False)],
)
def test_colour_of_rule_examples(text: str, red: bool) -> None:
    # RULES.md section 3: the 7 of hearts goes on the 8 of spades or clubs.
    assert is_red(parse_card(text)) is red


# ---------------------------------------------------------------- ranks, index


@pytest.mark.parametrize(("letter", "rank"), [(r, i + 1) for i, r in enumerate("A23456789TJQK")])
def test_ranks_run_from_ace_1_to_king_13(letter: str, rank: int) -> None:
    for suit_letter in SUIT_LETTERS_BY_HAND:
        assert rank_of(parse_card(letter + suit_letter)) == rank


@pytest.mark.parametrize(
    ("text", "index"),
    [
        ("AS", 0),
        ("KS", 12),
        ("AH", 13),
        ("KC", 51),
        ("2S", 1),
        ("TH", 22),  # 1 * 13 + 10 - 1
        ("QD", 37),  # 2 * 13 + 12 - 1
        ("7C", 45),  # 3 * 13 + 7 - 1
        ("AC", 39),
        ("KD", 38),
    ],
)
def test_card_index_formula_check_values(text: str, index: int) -> None:
    assert parse_card(text) == index
    assert card_text(index) == text


def test_index_formula_for_every_card() -> None:
    for suit in range(4):
        for rank in range(1, 14):
            card = make_card(rank, suit)
            assert card == suit * 13 + rank - 1
            assert rank_of(card) == rank
            assert suit_of(card) == suit
            assert isinstance(suit_of(card), Suit)
            assert make_card(rank, Suit(suit)) == card


# ---------------------------------------------------------------- text forms


def test_canonical_text_of_all_52_cards() -> None:
    assert tuple(card_text(card) for card in range(52)) == ALL_TEXTS_BY_HAND


def test_unicode_display_of_all_52_cards() -> None:
    expected = tuple(r + s for s in SUIT_SYMBOLS_BY_HAND for r in RANK_SYMBOL_TEXTS_BY_HAND)
    assert tuple(card_symbol(card) for card in range(52)) == expected


def test_text_and_symbol_round_trip_for_all_52() -> None:
    for card in range(52):
        assert parse_card(card_text(card)) == card
        assert parse_card(card_symbol(card)) == card
        assert parse_card(card_text(card).lower()) == card


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AS", "AS"),
        ("as", "AS"),
        ("aS", "AS"),
        (" As ", "AS"),
        ("\tks\n", "KS"),
        ("TH", "TH"),
        ("th", "TH"),
        ("10H", "TH"),
        ("10h", "TH"),
        (" 10H ", "TH"),
        ("10♥", "TH"),
        ("T♥", "TH"),
        ("t♥", "TH"),
        ("A♠", "AS"),
        ("Q♦", "QD"),
        ("q♦", "QD"),
        ("7♣", "7C"),
        ("10♣", "TC"),
        ("K♠", "KS"),
        ("9D", "9D"),
        ("2c", "2C"),
    ],
)
def test_parse_accepts_rule_forms_and_prints_canonical(text: str, canonical: str) -> None:
    card = parse_card(text)
    assert card_text(card) == canonical
    assert card == ALL_TEXTS_BY_HAND.index(canonical)


@pytest.mark.parametrize(
    ("text", "display"),
    [("TH", "10♥"), ("AS", "A♠"), ("QD", "Q♦"), ("7C", "7♣"), ("KS", "K♠"), ("TC", "10♣")],
)
def test_unicode_display_form(text: str, display: str) -> None:
    assert card_symbol(parse_card(text)) == display


@given(
    card=cards,
    flips=st.lists(st.booleans(), min_size=3, max_size=3),
    ten_as_digits=st.booleans(),
    use_symbol=st.booleans(),
    before=whitespace,
    after=whitespace,
)
def test_parse_ignores_case_whitespace_and_spelling(
    card: int,
    flips: list[bool],
    ten_as_digits: bool,
    use_symbol: bool,
    before: str,
    after: str,
) -> None:
    rank = (
        RANK_SYMBOL_TEXTS_BY_HAND[card % 13] if ten_as_digits else RANK_LETTERS_BY_HAND[card % 13]
    )
    suit = SUIT_SYMBOLS_BY_HAND[card // 13] if use_symbol else SUIT_LETTERS_BY_HAND[card // 13]
    text = "".join(
        ch.lower() if flip else ch for ch, flip in zip(rank + suit, [*flips, False], strict=False)
    )
    assert parse_card(before + text + after) == card


def test_parse_cards_reads_a_list() -> None:
    assert parse_cards("JH 3S, 4d  10♣") == (23, 2, 29, 48)
    assert parse_cards("") == ()


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "A",
        "T",
        "10",
        "1H",  # no rank 1
        "0S",
        "11H",
        "ZS",
        "AX",  # no suit X
        "A♤",  # white spade is not a suit symbol
        "A S",  # inner space
        "♥A",  # suit first
        "ASS",
        "KH7",
        "AS,",
    ],
)
def test_bad_card_text_raises_card_parse_error_naming_it(text: str) -> None:
    with pytest.raises(CardParseError) as info:
        parse_card(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert isinstance(error, SolitaireError)
    assert error.text == text
    assert repr(text) in str(error)


@pytest.mark.parametrize(
    ("text", "words"),
    [("ZS", "rank"), ("1H", "rank"), ("AX", "suit"), ("10Y", "suit")],
)
def test_card_error_says_which_part_is_wrong(text: str, words: str) -> None:
    with pytest.raises(CardParseError, match=words):
        parse_card(text)


@pytest.mark.parametrize(
    ("text", "char"),
    [
        # upper-cased, the long s 'ſ' is 'S': these would read as AS, TS and KS
        ("Aſ", "ſ"),
        ("10ſ", "ſ"),
        ("kſ", "ſ"),
        # full-width letters and other non-ASCII look-alikes
        ("ＡＳ", "Ａ"),
        ("Aß", "ß"),
        ("A♤", "♤"),
    ],
)
def test_non_ascii_characters_other_than_suit_symbols_are_refused(text: str, char: str) -> None:
    with pytest.raises(CardParseError) as info:
        parse_card(text)
    assert info.value.text == text
    assert repr(char) in str(info.value)


@pytest.mark.parametrize(("rank", "suit"), [(0, 0), (14, 1), (-1, 2), (1, 4), (13, -1)])
def test_make_card_refuses_out_of_range_parts(rank: int, suit: int) -> None:
    with pytest.raises(CardParseError):
        make_card(rank, suit)


@pytest.mark.parametrize("card", [-1, 52, 100])
def test_card_text_refuses_non_cards(card: int) -> None:
    with pytest.raises(CardParseError):
        card_text(card)
    with pytest.raises(CardParseError):
        card_symbol(card)


@pytest.mark.parametrize("value", [None, 7, b"AS", ["AS"]])
def test_parsing_a_card_that_is_not_a_str_is_a_card_parse_error(value: Any) -> None:
    with pytest.raises(CardParseError, match="expected a str, got " + type(value).__name__):
        parse_card(value)
    with pytest.raises(CardParseError, match="expected a str, got " + type(value).__name__):
        parse_cards(value)


@pytest.mark.parametrize("value", [1.5, None, "AS", True, False, -1, 52])
def test_card_text_and_symbol_refuse_anything_but_an_int_card(value: Any) -> None:
    for show in (card_text, card_symbol):
        with pytest.raises(CardParseError, match=r"a card is an int 0\.\.51"):
            show(value)
