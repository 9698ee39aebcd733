"""Dealing (RULES.md sections 2 and 8) and the position's text and JSON forms.

Expected deals come from RULES.md's check values and from the independent
golden file ``tests/data/deal_vectors.json`` (columns bottom to top, stock with
the first card drawn first; our ``Position.stock`` is bottom to top, so the
first card drawn is its *last* element).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import deal_codes, deal_numbers, reachable_positions, variants

from solitaire_core import (
    KLONDIKE,
    REFLECHI,
    DealCode,
    DealCodeError,
    InvalidArgumentError,
    Position,
    PositionParseError,
    Scoring,
    SolitaireError,
    Variant,
    card_text,
    deal_code_position,
    deal_deck,
    deal_position,
    parse_card,
    position_from_json,
    position_to_json,
    require_position,
    shuffled_deck,
)

VECTORS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "deal_vectors.json").read_text(encoding="utf-8")
)
KL_FACE_DOWN = (0, 1, 2, 3, 4, 5, 6)
TF_FACE_DOWN = (0, 0, 0, 0, 0, 0, 0)
ALL_MODES = (
    ("KL", 1, Scoring.STANDARD),
    ("KL", 3, Scoring.STANDARD),
    ("KL", 1, Scoring.VEGAS),
    ("KL", 3, Scoring.VEGAS),
    ("TF", 1, Scoring.STANDARD),
    ("TF", 3, Scoring.STANDARD),
)


def texts(cards: tuple[int, ...]) -> list[str]:
    return [card_text(card) for card in cards]


def first_drawn_first(position: Position) -> list[str]:
    """The stock in drawing order (the vectors' order): our last element first."""
    return texts(tuple(reversed(position.stock)))


def vector_id(vector: dict[str, Any]) -> str:
    return str(vector["code"])


# ---------------------------------------------------------------- golden deals


@pytest.mark.parametrize("vector", VECTORS, ids=vector_id)
def test_deal_matches_golden_vector(vector: dict[str, Any]) -> None:
    position = deal_code_position(vector["code"])
    assert [texts(column) for column in position.tableau] == vector["columns"]
    assert first_drawn_first(position) == vector["stock"]
    expected_face_down = TF_FACE_DOWN if vector["code"].startswith("TF") else KL_FACE_DOWN
    assert position.face_down == expected_face_down
    assert position.waste == ()
    assert position.foundations == (0, 0, 0, 0)
    assert position.recycles == 0


@pytest.mark.parametrize("vector", VECTORS, ids=vector_id)
def test_golden_deck_is_dealt_row_by_row(vector: dict[str, Any]) -> None:
    # RULES.md section 2: row r gives one card to each of columns r..6, left to right.
    deck = vector["deck"]
    position = deal_position(KLONDIKE, vector["deal_number"])
    index = 0
    for row in range(7):
        for column in range(row, 7):
            assert card_text(position.tableau[column][row]) == deck[index]
            index += 1
    assert index == 28
    assert first_drawn_first(position) == deck[28:]


def test_rules_check_values_deal_6() -> None:
    position = deal_code_position("KL1-D1N-AAAAAAG")
    assert texts(position.tableau[0]) == ["AD"]
    assert card_text(position.tableau[6][-1]) == "AH"
    assert texts(position.face_up(6)) == ["AH"]
    assert card_text(position.stock[-1]) == "QH"  # the stock's first card drawn


def test_rules_check_values_deal_1() -> None:
    position = deal_code_position("KL1-D1N-AAAAAAB")
    assert texts(position.tableau[0]) == ["7H"]
    assert texts(position.tableau[6]) == ["JH", "3S", "4D", "KS", "TC", "TH", "8C"]
    assert first_drawn_first(position)[:3] == ["QS", "4C", "6S"]
    assert texts(position.stock[-3:]) == ["6S", "4C", "QS"]


def test_reflechi_deal_1_shows_the_whole_column() -> None:
    position = deal_code_position("TF1-D1N-AAAAAAB")
    assert texts(position.face_up(6)) == ["JH", "3S", "4D", "KS", "TC", "TH", "8C"]
    assert all(position.face_up(column) == position.tableau[column] for column in range(7))


def test_klondike_deal_6_shows_only_the_last_cards() -> None:
    position = deal_code_position("KL1-D1N-AAAAAAG")
    assert [len(position.face_up(column)) for column in range(7)] == [1] * 7


# ---------------------------------------------------------------- properties


@given(variant=variants, number=deal_numbers)
def test_every_deal_has_the_opening_layout(variant: Variant, number: int) -> None:
    position = deal_position(variant, number)
    assert sorted(position.cards()) == list(range(52))
    assert [len(column) for column in position.tableau] == [1, 2, 3, 4, 5, 6, 7]
    assert len(position.stock) == 24
    assert position.waste == ()
    assert position.foundations == (0, 0, 0, 0)
    assert position.recycles == 0
    assert position.face_down == (TF_FACE_DOWN if variant.all_face_up else KL_FACE_DOWN)
    assert not position.is_won
    position.validate()


@given(code=deal_codes())
def test_every_code_deals_its_layout(code: DealCode) -> None:
    position = deal_code_position(code)
    assert position.face_down == (TF_FACE_DOWN if code.prefix == "TF" else KL_FACE_DOWN)
    assert len(set(position.cards())) == 52
    assert sum(len(column) for column in position.tableau) == 28
    position.validate()


@given(number=deal_numbers)
def test_deal_follows_the_dealing_order_of_the_deck(number: int) -> None:
    deck = shuffled_deck(number)
    position = deal_position(KLONDIKE, number)
    assert position.tableau[0] == (deck[0],)
    assert position.tableau[6][-1] == deck[27]
    assert position.stock[-1] == deck[28]  # drawn first
    assert position.stock[0] == deck[51]  # drawn last
    assert tuple(reversed(position.stock)) == deck[28:]


@given(number=deal_numbers)
def test_deal_number_alone_fixes_the_cards(number: int) -> None:
    positions = [
        deal_code_position(DealCode(prefix, draw=draw, scoring=scoring, deal_number=number))
        for prefix, draw, scoring in ALL_MODES
    ]
    for position in positions:
        assert position.tableau == positions[0].tableau
        assert position.stock == positions[0].stock
    assert deal_position(KLONDIKE, number).tableau == deal_position(REFLECHI, number).tableau


@given(number=deal_numbers, flips=st.booleans())
def test_deal_code_position_takes_text_or_code(number: int, flips: bool) -> None:
    code = DealCode("KL", draw=3, deal_number=number)
    text = str(code).lower() if flips else f"  {code}\n"
    assert deal_code_position(text) == deal_code_position(code)
    assert deal_code_position(code) == deal_position(code.variant, number)


def test_deal_code_position_refuses_bad_text() -> None:
    with pytest.raises(DealCodeError) as info:
        deal_code_position("KL2-D1N-AAAAAAG")
    assert info.value.part == "version"


@pytest.mark.parametrize("rules", ["KL1-D3N", "klondike", None])
def test_dealing_needs_a_variant_not_its_name(rules: Any) -> None:
    wanted = r"variant must be a Variant.*lookup_variant"
    with pytest.raises(InvalidArgumentError, match=wanted):
        deal_position(rules, 0)
    with pytest.raises(InvalidArgumentError, match=wanted):
        deal_deck(rules, shuffled_deck(0))


def test_different_deal_numbers_give_different_deals() -> None:
    decks = {shuffled_deck(number) for number in range(200)}
    assert len(decks) == 200


# ---------------------------------------------------------------- text and JSON forms


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=reachable_positions())
def test_text_form_round_trips(pair: tuple[Variant, Position]) -> None:
    _, position = pair
    text = position.to_text()
    assert Position.from_text(text) == position
    assert Position.from_text(f"  {text.lower()}  ") == position
    assert str(position) == text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=reachable_positions())
def test_json_form_round_trips(pair: tuple[Variant, Position]) -> None:
    _, position = pair
    data = position_to_json(position)
    assert position_from_json(data) == position
    assert position_from_json(json.loads(json.dumps(data))) == position


@given(code=deal_codes())
def test_deals_round_trip_through_text_and_json(code: DealCode) -> None:
    position = deal_code_position(code)
    assert Position.from_text(position.to_text()) == position
    assert position_from_json(position_to_json(position)) == position


def test_text_form_of_deal_6_by_hand() -> None:
    # From RULES.md's check values: column 1 is AD alone, column 7 shows AH, QH drawn first.
    fields = deal_code_position("KL1-D1N-AAAAAAG").to_text().split()
    assert len(fields) == 5
    columns = fields[0].split("/")
    assert columns[0] == "|AD"
    assert columns[6].endswith("|AH")
    assert len(columns[6].split("|")[0]) == 12  # 6 face-down cards, 2 characters each
    assert fields[1].endswith("QH")
    assert fields[2:] == ["-", "0,0,0,0", "0"]


def test_json_form_of_deal_6_by_hand() -> None:
    data = position_to_json(deal_code_position("KL1-D1N-AAAAAAG"))
    assert set(data) == {"tableau", "stock", "waste", "foundations", "recycles"}
    assert data["tableau"][0] == {"face_down": [], "face_up": ["AD"]}
    assert data["tableau"][6]["face_up"] == ["AH"]
    assert [len(column["face_down"]) for column in data["tableau"]] == list(KL_FACE_DOWN)
    assert data["stock"][-1] == "QH"
    assert data["waste"] == []
    assert data["foundations"] == {"S": 0, "H": 0, "D": 0, "C": 0}
    assert data["recycles"] == 0


DEAL_6_TEXT = deal_code_position("KL1-D1N-AAAAAAG").to_text()
DEAL_6_FIELDS = DEAL_6_TEXT.split()
DEAL_6_COLUMNS = DEAL_6_FIELDS[0].split("/")


def with_field(index: int, value: str) -> str:
    fields = list(DEAL_6_FIELDS)
    fields[index] = value
    return " ".join(fields)


def with_columns(columns: list[str]) -> str:
    return with_field(0, "/".join(columns))


def test_position_text_edits_below_are_of_a_valid_text() -> None:
    assert Position.from_text(" ".join(DEAL_6_FIELDS)) == deal_code_position("KL1-D1N-AAAAAAG")


@pytest.mark.parametrize(
    ("text", "field"),
    [
        # wrong field count
        (" ".join(DEAL_6_FIELDS[:4]), "format"),
        (DEAL_6_TEXT + " 0", "format"),
        ("", "format"),
        # 6 columns (the seventh moved nowhere): a position may have any number of columns
        # now (api-changes.md), so what is wrong is the 7 cards of column 7 that are missing;
        # column counts are the game's business (test_a_column_count_the_game_lacks_is_refused)
        (with_columns(DEAL_6_COLUMNS[:6]), "cards"),
        # a column without its '|'
        (with_columns(["AD", *DEAL_6_COLUMNS[1:]]), "tableau"),
        # a repeated card: the stock's QH replaced by a second AD
        (with_field(1, DEAL_6_FIELDS[1][:-2] + "AD"), "cards"),
        # a missing card: QH dropped from the stock
        (with_field(1, DEAL_6_FIELDS[1][:-2]), "cards"),
        # bad card text in the stock, the waste and a column
        (with_field(1, DEAL_6_FIELDS[1][:-2] + "XH"), "stock"),
        (with_field(1, DEAL_6_FIELDS[1][:-1]), "stock"),  # odd length
        (with_field(2, "1H"), "waste"),
        (with_columns(["|AZ", *DEAL_6_COLUMNS[1:]]), "tableau column 1"),
        # the top card of a column face down
        (with_columns(["AD|", *DEAL_6_COLUMNS[1:]]), "tableau"),
        # foundation counts
        (with_field(3, "14,0,0,0"), "foundations"),
        (with_field(3, "0,0,0"), "foundations"),
        (with_field(3, "0,0,0,x"), "foundations"),
        (with_field(3, "0,-1,0,0"), "foundations"),
        # recycles
        (with_field(4, "-1"), "recycles"),
        (with_field(4, "x"), "recycles"),
    ],
)
def test_malformed_text_names_the_field(text: str, field: str) -> None:
    with pytest.raises(PositionParseError) as info:
        Position.from_text(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert isinstance(error, SolitaireError)
    assert error.field == field
    assert error.text == text


# Deal 6 on 6 columns, column 7 (``9H3CQD7SQS4D|AH``) put under the stock: every card once.
SIX_COLUMNS_TEXT = " ".join(
    [
        "/".join(DEAL_6_COLUMNS[:6]),
        DEAL_6_COLUMNS[6].replace("|", "") + DEAL_6_FIELDS[1],
        *DEAL_6_FIELDS[2:],
    ]
)
# Deal 6 with an eighth, empty column.
EIGHT_COLUMNS_TEXT = with_columns([*DEAL_6_COLUMNS, "|"])


@pytest.mark.parametrize(
    ("text", "columns"), [(SIX_COLUMNS_TEXT, 6), (EIGHT_COLUMNS_TEXT, 8)], ids=["6", "8"]
)
def test_a_column_count_the_game_lacks_is_refused(text: str, columns: int) -> None:
    # api-changes.md: Position.validate accepts any number of columns >= 1 (other games
    # have 4 to 13); require_position(variant, position) refuses a count the game lacks.
    position = Position.from_text(text)
    assert len(position.tableau) == columns
    assert position_from_json(position_to_json(position)) == position
    with pytest.raises(PositionParseError) as info:
        require_position(KLONDIKE, position)
    assert info.value.field == "tableau"
    assert "7 columns" in str(info.value)


def test_repeated_and_missing_cards_are_named() -> None:
    with pytest.raises(PositionParseError, match="AD appears twice"):
        Position.from_text(with_field(1, DEAL_6_FIELDS[1][:-2] + "AD"))
    with pytest.raises(PositionParseError, match="missing cards: QH"):
        Position.from_text(with_field(1, DEAL_6_FIELDS[1][:-2]))


def test_card_count_errors_say_how_many_decks_the_slots_make() -> None:
    # The deck count comes from the foundation slots (4 per deck): a one-deck
    # position given 8 slots misses a whole deck, and the error says why.
    one_deck = Position.from_text(" ".join(DEAL_6_FIELDS))
    with pytest.raises(PositionParseError) as info:
        attrs.evolve(one_deck, foundations=(0,) * 8).validate()
    assert "(52 cards, where 2 decks, by the 8 foundation slots hold 104)" in str(info.value)
    with pytest.raises(PositionParseError, match=r"AD appears twice .*1 deck, by the 4 foundation"):
        Position.from_text(with_field(1, DEAL_6_FIELDS[1][:-2] + "AD"))


def test_cards_on_foundations_count_as_present() -> None:
    # Put AD on its foundation instead of column 1: still 52 distinct cards.
    position = Position.from_text(with_field(3, "0,0,1,0").replace("|AD/", "|/", 1))
    assert position.foundations == (0, 0, 1, 0)
    assert position.tableau[0] == ()
    with pytest.raises(PositionParseError, match="AD appears twice"):
        Position.from_text(with_field(3, "0,0,1,0"))


# str.isdigit() accepts '²' and '٣', which int() refuses or reads: only ASCII digits count.
@pytest.mark.parametrize(
    ("index", "value", "field"),
    [
        (4, "²", "recycles"),
        (3, "0,0,0,²", "foundations"),
        (4, "٣", "recycles"),
        (3, "0,0,0,٠", "foundations"),
    ],
)
def test_unicode_digit_counts_name_the_field(index: int, value: str, field: str) -> None:
    with pytest.raises(PositionParseError) as info:
        Position.from_text(with_field(index, value))
    assert info.value.field == field


DEAL_6_JSON = position_to_json(deal_code_position("KL1-D1N-AAAAAAG"))


def json_with(path: tuple[str | int, ...], value: Any) -> Any:
    data = copy.deepcopy(DEAL_6_JSON)
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ([], "format"),
        ({k: v for k, v in DEAL_6_JSON.items() if k != "stock"}, "stock"),
        # 6 columns: column 7's cards are missing (any column count is a position now)
        (json_with(("tableau",), DEAL_6_JSON["tableau"][:6]), "cards"),
        (json_with(("tableau", 0, "face_up"), []), "cards"),
        (json_with(("tableau", 0), {"face_down": ["AD"], "face_up": []}), "tableau"),
        (json_with(("tableau", 0, "face_up"), ["ZZ"]), "tableau column 1 face_up"),
        (json_with(("stock", 0), "AD"), "cards"),
        (json_with(("foundations", "S"), 14), "foundations"),
        (json_with(("foundations", "S"), 1.0), "foundations"),
        (json_with(("foundations",), {"S": 0, "H": 0, "D": 0}), "foundations"),
        (json_with(("recycles",), -1), "recycles"),
        (json_with(("recycles",), True), "recycles"),
        (json_with(("waste",), "AD"), "waste"),
    ],
)
def test_malformed_json_names_the_field(data: Any, field: str) -> None:
    with pytest.raises(PositionParseError) as info:
        position_from_json(data)
    assert info.value.field == field


def test_json_cards_use_canonical_text() -> None:
    data = position_to_json(deal_code_position("TF1-D1N-AAAAAAB"))
    cards = [card for column in data["tableau"] for card in column["face_up"]] + data["stock"]
    assert all(card_text(parse_card(card)) == card for card in cards)
    assert "TC" in cards
    assert "TH" in cards


@pytest.mark.parametrize("value", [None, 7, b"KL1-D1N-AAAAAAG", ["KL1-D1N-AAAAAAG"]])
def test_deal_code_position_of_a_non_str_is_a_deal_code_error(value: Any) -> None:
    with pytest.raises(DealCodeError, match="expected a str, got " + type(value).__name__):
        deal_code_position(value)


@pytest.mark.parametrize("value", [None, 7, b"x", ["x"]])
def test_position_from_text_of_a_non_str_is_a_position_parse_error(value: Any) -> None:
    message = "expected a str, got " + type(value).__name__
    with pytest.raises(PositionParseError, match=message) as info:
        Position.from_text(value)
    assert info.value.field == "format"
    assert isinstance(info.value.text, str)
