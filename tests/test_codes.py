"""Deal codes ``VVn-Ddm-XXXXXXX`` (RULES.md section 8).

Expected values come from RULES.md, from hand-worked base-26 arithmetic, or from
the independent golden file ``tests/data/deal_vectors.json``.
"""

from __future__ import annotations

import json
import re
import string
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import deal_codes, deal_numbers

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    KLONDIKE_VEGAS,
    KLONDIKE_VEGAS_DRAW_3,
    REFLECHI,
    REFLECHI_DRAW_3,
    DealCode,
    DealCodeError,
    FullDealCode,
    Scoring,
    SolitaireError,
    Variant,
    deal_code_position,
    deal_number_to_letters,
    deal_position,
    letters_to_deal_number,
    parse_deal_code,
    register_code_prefix,
)
from solitaire_core.variants import registered_prefixes

VECTORS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "deal_vectors.json").read_text(encoding="utf-8")
)

CODE_PATTERN = re.compile(r"(KL|TF)1-D[13][NV]-[A-Z]{7}")

# A custom family, registered once for this module. The registry is global, so
# the prefix is one no other test is likely to use, and registration is guarded.
CUSTOM_PREFIX = "JQ"
CUSTOM_VARIANT: Variant = attrs.evolve(KLONDIKE, name="Test JQ", code_prefix=CUSTOM_PREFIX)
if CUSTOM_PREFIX not in registered_prefixes():
    register_code_prefix(CUSTOM_PREFIX.lower(), "test-jq", {(1, Scoring.STANDARD): CUSTOM_VARIANT})


def letters_by_hand(number: int) -> str:
    """Base 26, A = 0, most significant first, 7 letters (RULES.md section 8)."""
    digits = []
    for _ in range(7):
        number, digit = divmod(number, 26)
        digits.append(chr(ord("A") + digit))
    assert number == 0
    return "".join(reversed(digits))


# ---------------------------------------------------------------- parsing


@pytest.mark.parametrize(
    ("text", "prefix", "draw", "scoring", "number", "variant"),
    [
        ("KL1-D1N-AAAAAAG", "KL", 1, Scoring.STANDARD, 6, KLONDIKE),
        ("KL1-D3N-AAAAAAG", "KL", 3, Scoring.STANDARD, 6, KLONDIKE_DRAW_3),
        ("KL1-D1V-AAAAAAB", "KL", 1, Scoring.VEGAS, 1, KLONDIKE_VEGAS),
        ("KL1-D3V-ZZZZZZZ", "KL", 3, Scoring.VEGAS, 26**7 - 1, KLONDIKE_VEGAS_DRAW_3),
        ("TF1-D1N-AAAAAAB", "TF", 1, Scoring.STANDARD, 1, REFLECHI),
        ("TF1-D3N-AAAAABA", "TF", 3, Scoring.STANDARD, 26, REFLECHI_DRAW_3),
    ],
)
def test_parse_names_every_part(
    text: str, prefix: str, draw: int, scoring: Scoring, number: int, variant: Variant
) -> None:
    code = DealCode.parse(text)
    assert code.prefix == prefix
    assert code.version == 1
    assert code.draw == draw
    assert code.scoring is scoring
    assert code.deal_number == number
    assert code.variant == variant
    assert code.variant.draw_count == draw
    assert code.variant.vegas is (scoring is Scoring.VEGAS)
    assert code.letters == text[8:]
    assert str(code) == text


def test_family_names() -> None:
    assert DealCode.parse("KL1-D1N-AAAAAAA").family.name == "klondike"
    assert DealCode.parse("TF1-D1N-AAAAAAA").family.name == "reflechi"
    assert registered_prefixes()[:2] == ("KL", "TF")


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("kl1-d1n-aaaaaag", "KL1-D1N-AAAAAAG"),
        ("  KL1-D1N-AAAAAAG  ", "KL1-D1N-AAAAAAG"),
        ("\ttf1-D3n-zZzZzZz\n", "TF1-D3N-ZZZZZZZ"),
        ("Kl1-d3V-aaaaaba ", "KL1-D3V-AAAAABA"),
    ],
)
def test_parse_forgives_case_and_surrounding_whitespace(text: str, canonical: str) -> None:
    assert str(DealCode.parse(text)) == canonical


@given(code=deal_codes())
def test_every_code_round_trips(code: DealCode) -> None:
    text = str(code)
    assert CODE_PATTERN.fullmatch(text)
    assert DealCode.parse(text) == code


@st.composite
def noisy_code_texts(draw: st.DrawFn) -> tuple[str, str]:
    """A canonical code text and a variant with random case and outer whitespace."""
    canonical = str(draw(deal_codes()))
    flips = draw(st.lists(st.booleans(), min_size=len(canonical), max_size=len(canonical)))
    body = "".join(ch.lower() if flip else ch for ch, flip in zip(canonical, flips, strict=True))
    before = draw(st.text(alphabet=" \t\n\r", max_size=3))
    after = draw(st.text(alphabet=" \t\n\r", max_size=3))
    return canonical, before + body + after


@given(pair=noisy_code_texts())
def test_noisy_text_parses_to_canonical(pair: tuple[str, str]) -> None:
    canonical, noisy = pair
    assert str(DealCode.parse(noisy)) == canonical


@pytest.mark.parametrize("vector", VECTORS, ids=lambda vector: str(vector["code"]))
def test_golden_codes_name_their_deal_number(vector: dict[str, Any]) -> None:
    code = DealCode.parse(vector["code"])
    assert code.deal_number == vector["deal_number"]
    assert str(code) == vector["code"]


# ---------------------------------------------------------------- base 26


@pytest.mark.parametrize(
    ("letters", "number"),
    [
        ("AAAAAAA", 0),
        ("AAAAAAB", 1),
        ("AAAAAAG", 6),
        ("AAAAAAZ", 25),
        ("AAAAABA", 26),
        ("AAAAABB", 27),
        ("AAAAAZZ", 26 * 26 - 1),
        ("AAAABAA", 26 * 26),
        ("AAAABMM", 26 * 26 + 12 * 26 + 12),
        ("AAABAAA", 26**3),
        ("BAAAAAA", 26**6),
        ("ZZZZZZY", 26**7 - 2),
        ("ZZZZZZZ", 26**7 - 1),
    ],
)
def test_base26_letters(letters: str, number: int) -> None:
    assert letters_to_deal_number(letters) == number
    assert letters_to_deal_number(letters.lower()) == number
    assert deal_number_to_letters(number) == letters


def test_largest_deal_number_is_rules_figure() -> None:
    assert letters_to_deal_number("ZZZZZZZ") == 8_031_810_175


@given(number=deal_numbers)
def test_base26_matches_hand_conversion_and_round_trips(number: int) -> None:
    letters = deal_number_to_letters(number)
    assert letters == letters_by_hand(number)
    assert letters_to_deal_number(letters) == number


@pytest.mark.parametrize("number", [-1, 26**7, 26**7 + 5, 10**12])
def test_deal_number_out_of_range_has_no_letters(number: int) -> None:
    with pytest.raises(DealCodeError) as info:
        deal_number_to_letters(number)
    assert info.value.part == "deal number"


@pytest.mark.parametrize(("letters", "position"), [("AAAAAA", 0), ("AAAA1AA", 4), ("-AAAAAA", 0)])
def test_letters_must_be_seven_letters(letters: str, position: int) -> None:
    with pytest.raises(DealCodeError) as info:
        letters_to_deal_number(letters)
    assert info.value.part == "deal number"
    assert info.value.position == position


# ---------------------------------------------------------------- construction from parts


def test_construction_from_parts() -> None:
    code = DealCode("TF", draw=3, scoring=Scoring.STANDARD, deal_number=1)
    assert str(code) == "TF1-D3N-AAAAAAB"
    assert code == DealCode.parse("TF1-D3N-AAAAAAB")
    assert code.variant == REFLECHI_DRAW_3
    vegas = DealCode("KL", draw=3, scoring=Scoring.VEGAS, deal_number=26**7 - 1)
    assert str(vegas) == "KL1-D3V-ZZZZZZZ"


def test_construction_defaults_and_prefix_case() -> None:
    code = DealCode("kl", deal_number=6)
    assert code.prefix == "KL"
    assert (code.draw, code.scoring, code.version) == (1, Scoring.STANDARD, 1)
    assert str(code) == "KL1-D1N-AAAAAAG"
    assert code == DealCode.parse("KL1-D1N-AAAAAAG")
    assert hash(code) == hash(DealCode.parse("kl1-d1n-aaaaaag"))


@pytest.mark.parametrize(
    ("kwargs", "part"),
    [
        ({"prefix": "XX"}, "variant"),
        ({"prefix": "KL", "version": 2}, "version"),
        ({"prefix": "KL", "draw": 2}, "draw"),
        ({"prefix": "KL", "draw": 0}, "draw"),
        ({"prefix": "TF", "scoring": Scoring.VEGAS}, "scoring"),
        ({"prefix": "TF", "draw": 3, "scoring": Scoring.VEGAS}, "scoring"),
        ({"prefix": "KL", "deal_number": 26**7}, "deal number"),
        ({"prefix": "KL", "deal_number": -1}, "deal number"),
        ({"prefix": "TF", "deal_number": 2**64}, "deal number"),
        # parts of the wrong type, even when they compare equal to a good value
        ({"prefix": "KL", "draw": True}, "draw"),
        ({"prefix": "KL", "draw": 1.0}, "draw"),
        ({"prefix": "KL", "draw": "1"}, "draw"),
        ({"prefix": "KL", "version": True}, "version"),
        ({"prefix": "KL", "version": 1.0}, "version"),
        ({"prefix": "KL", "deal_number": True}, "deal number"),
        ({"prefix": "KL", "deal_number": 6.0}, "deal number"),
        ({"prefix": "KL", "scoring": "standard"}, "scoring"),
        ({"prefix": "KL", "scoring": "N"}, "scoring"),
    ],
)
def test_construction_refuses_bad_parts(kwargs: dict[str, Any], part: str) -> None:
    with pytest.raises(DealCodeError) as info:
        DealCode(**kwargs)
    assert info.value.part == part
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, SolitaireError)


def test_construction_version_error_message() -> None:
    with pytest.raises(DealCodeError, match="unsupported deal-code version"):
        DealCode("KL", version=2)


def test_bool_draw_is_refused() -> None:
    # True == 1, but DealCode("KL", draw=True) would print 'KL1-DTrueN-AAAAAAA'.
    with pytest.raises(DealCodeError) as info:
        DealCode("KL", draw=True)
    assert (info.value.part, info.value.position) == ("draw", 5)


# ---------------------------------------------------------------- malformed codes


@pytest.mark.parametrize(
    ("text", "part", "position"),
    [
        # unknown variant prefix
        ("XX1-D1N-AAAAAAG", "variant", 0),
        ("KD1-D1N-AAAAAAG", "variant", 0),
        ("1L1-D1N-AAAAAAG", "variant", 0),
        # unsupported version
        ("KL2-D1N-AAAAAAG", "version", 2),
        ("KL0-D1N-AAAAAAG", "version", 2),
        ("TFX-D1N-AAAAAAG", "version", 2),
        # draw not 1 or 3
        ("KL1-D2N-AAAAAAG", "draw", 5),
        ("KL1-D0N-AAAAAAG", "draw", 5),
        ("TF1-DXN-AAAAAAG", "draw", 5),
        # unknown scoring letter
        ("KL1-D1X-AAAAAAG", "scoring", 6),
        ("KL1-D3S-AAAAAAG", "scoring", 6),
        # Réfléchi has no Vegas
        ("TF1-D1V-AAAAAAG", "scoring", 6),
        ("TF1-D3V-AAAAAAG", "scoring", 6),
        # letters outside A-Z in the deal number (position in the whole code)
        ("KL1-D1N-AAAAAA0", "deal number", 14),
        ("KL1-D1N-0AAAAAA", "deal number", 8),
        # a non-ASCII letter is a format error at its own position
        ("KL1-D1N-AAAAAÄG", "format", 13),
        # separators and the D
        ("KL1XD1N-AAAAAAG", "format", 3),
        ("KL1 D1N-AAAAAAG", "format", 3),
        ("KL1-D1NXAAAAAAG", "format", 7),
        ("KL1-D1N AAAAAAG", "format", 7),
        ("KL1-X1N-AAAAAAG", "format", 4),
        # four parts with '-' at 3 and 7: the position is the code's length
        ("KL1--1N-AAAAAAG", "format", 4),
        ("KL1-D1N-AAA-AAA", "format", 11),
    ],
)
def test_malformed_code_names_part_and_position(text: str, part: str, position: int) -> None:
    with pytest.raises(DealCodeError) as info:
        DealCode.parse(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert isinstance(error, SolitaireError)
    assert error.part == part
    assert error.position == position
    assert error.text == text
    assert repr(text) in str(error)
    assert part in str(error)
    assert f"character {position}" in str(error)


def test_position_counts_from_the_stripped_code() -> None:
    with pytest.raises(DealCodeError) as info:
        DealCode.parse("   KL1-D1N-AAAAAA0 ")
    assert (info.value.part, info.value.position) == ("deal number", 14)


def test_unsupported_version_message() -> None:
    with pytest.raises(DealCodeError, match="unsupported deal-code version"):
        DealCode.parse("KL2-D1N-AAAAAAG")


@pytest.mark.parametrize(
    ("text", "part", "position", "words"),
    [
        # not three parts: at 3 if no '-' there, else at 7, else at the end
        ("", "format", 0, "expected three parts separated by '-'"),
        ("   ", "format", 0, "expected three parts separated by '-'"),
        ("KL1D1N-AAAAAAG", "format", 3, "expected three parts separated by '-'"),  # missing hyphen
        ("KL1-D1NAAAAAAG", "format", 7, "expected three parts separated by '-'"),
        ("KL1-D1N", "format", 7, "expected three parts separated by '-'"),
        ("KL1-D1N-AAAAAAG-", "format", 15, "expected three parts separated by '-'"),
        # first part not 3 characters
        ("KLL1-D1N-AAAAAAG", "variant", 0, "expected two letters and a version digit"),
        ("K1-D1N-AAAAAAG", "variant", 0, "expected two letters and a version digit"),
        # second part not 3 characters
        ("KL1-1N-AAAAAAG", "format", 4, "expected 'D', the draw and the scoring letter"),
        ("KL1-D1NN-AAAAAAG", "format", 4, "expected 'D', the draw and the scoring letter"),
        # third part not 7 characters
        ("KL1-D1N-AAAAAA", "deal number", 8, "expected 7 letters A-Z, got 6 characters"),
        ("KL1-D1N-AAAAAAGG", "deal number", 8, "expected 7 letters A-Z, got 8 characters"),
        ("KL1-D1N-AAAA AAG", "format", 12, "is not a plain letter, digit or '-'"),
        ("KL1-D1N-", "deal number", 8, "expected 7 letters A-Z, got 0 characters"),
        # the shape is checked before the characters (bad prefix, version, draw, scoring)
        ("XX9-D2X-AAAAAA", "deal number", 8, "expected 7 letters A-Z, got 6 characters"),
    ],
)
def test_wrongly_shaped_code_names_part_and_position(
    text: str, part: str, position: int, words: str
) -> None:
    with pytest.raises(DealCodeError) as info:
        DealCode.parse(text)
    error = info.value
    assert (error.part, error.position) == (part, position)
    assert error.text == text
    assert words in str(error)
    assert f"{part} at character {position}" in str(error)


@pytest.mark.parametrize(
    ("text", "position"),
    [
        # upper-cased, these would be valid codes: 'ß' -> 'SS', 'ı' -> 'I', 'ſ' -> 'S'
        ("kl1-d1n-aaaaaß", 13),
        ("kl1-d1n-aaaaaaı", 14),
        ("kl1-d1n-aaaaaaſ", 14),
        ("Kſ1-D1N-AAAAAAG", 1),
        # the position counts from the stripped code
        ("  kl1-d1n-aaaaaaı ", 14),
        # checked before the shape: 14 characters, but the 'Ä' is named
        ("KL1-D1N-AAAAAÄ", 13),
    ],
)
def test_non_ascii_letters_are_refused(text: str, position: int) -> None:
    with pytest.raises(DealCodeError) as info:
        DealCode.parse(text)
    assert (info.value.part, info.value.position) == ("format", position)
    assert repr(text.strip()[position]) in str(info.value)


# ---------------------------------------------------------------- custom prefixes


def test_custom_prefix_is_registered_once() -> None:
    assert registered_prefixes().count(CUSTOM_PREFIX) == 1


def test_custom_prefix_parses_to_its_variant() -> None:
    code = DealCode.parse("jq1-d1n-aaaaaag")
    assert code.prefix == CUSTOM_PREFIX
    assert code.variant is CUSTOM_VARIANT
    assert code.family.name == "test-jq"
    assert code.deal_number == 6
    assert str(code) == "JQ1-D1N-AAAAAAG"
    assert DealCode(CUSTOM_PREFIX, deal_number=6) == code


def test_custom_prefix_deals_the_same_cards() -> None:
    position = deal_code_position("JQ1-D1N-AAAAAAG")
    assert position == deal_position(CUSTOM_VARIANT, 6)
    assert position.tableau == deal_code_position("KL1-D1N-AAAAAAG").tableau


@pytest.mark.parametrize(
    ("text", "part", "position"),
    [
        ("JQ1-D1V-AAAAAAG", "scoring", 6),
        # JQ has no draw 3 at all: the draw is named, whatever the scoring
        ("JQ1-D3N-AAAAAAG", "draw", 5),
        ("JQ1-D3V-AAAAAAG", "draw", 5),
    ],
)
def test_custom_prefix_refuses_unregistered_modes(text: str, part: str, position: int) -> None:
    with pytest.raises(DealCodeError) as info:
        DealCode.parse(text)
    assert (info.value.part, info.value.position) == (part, position)


@pytest.mark.parametrize("prefix", ["KL", "TF", "kl", " tf ", CUSTOM_PREFIX])
def test_register_refuses_a_taken_prefix(prefix: str) -> None:
    before = registered_prefixes()
    with pytest.raises(DealCodeError) as info:
        register_code_prefix(prefix, "again", {(1, Scoring.STANDARD): CUSTOM_VARIANT})
    assert info.value.part == "variant"
    assert "already registered" in str(info.value)
    assert registered_prefixes() == before
    assert DealCode.parse("KL1-D1N-AAAAAAA").variant == KLONDIKE


@pytest.mark.parametrize("prefix", ["", "Q", "QXY", "Q1", "1Q", "Q-", "ÄÖ"])
def test_register_refuses_a_prefix_that_is_not_two_letters(prefix: str) -> None:
    before = registered_prefixes()
    with pytest.raises(DealCodeError) as info:
        register_code_prefix(prefix, "bad", {(1, Scoring.STANDARD): CUSTOM_VARIANT})
    assert info.value.part == "variant"
    assert isinstance(info.value, ValueError)
    assert registered_prefixes() == before


def test_register_refuses_a_draw_other_than_1_or_3() -> None:
    before = registered_prefixes()
    with pytest.raises(DealCodeError) as info:
        register_code_prefix("JZ", "bad", {(2, Scoring.STANDARD): CUSTOM_VARIANT})
    assert info.value.part == "draw"
    assert registered_prefixes() == before
    assert all(ch in string.ascii_uppercase for ch in "".join(before))


@pytest.mark.parametrize("value", [None, 7, b"KL1-D1N-AAAAAAG", ["KL1-D1N-AAAAAAG"]])
def test_parsing_a_code_that_is_not_a_str_is_a_deal_code_error(value: Any) -> None:
    for parse in (parse_deal_code, DealCode.parse, FullDealCode.parse):
        with pytest.raises(DealCodeError, match="expected a str, got") as info:
            parse(value)
        assert info.value.part == "format"
        assert type(value).__name__ in str(info.value)
