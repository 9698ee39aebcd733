"""Card orders (interop/card_order.py) and import_deal/export_deal (interop/formats.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire_core import (
    DealCode,
    DealCodeError,
    FullDealCode,
    InvalidArgumentError,
    Scoring,
    deal_code_position,
)
from solitaire_core.cards import CARD_TEXTS, FULL_DECK
from solitaire_core.interop import (
    DealImportError,
    export_deal,
    format_card_order,
    import_deal,
    parse_card_order,
    pysol_deck,
    read_deck,
)
from solitaire_core.variants import SHIPPED_VARIANTS
from solitaire_core.variants.registry import code_header

decks = st.permutations(list(range(52))).map(tuple)


@given(deck=decks)
def test_card_orders_round_trip(deck: tuple[int, ...]) -> None:
    text = format_card_order(deck)
    assert parse_card_order(text) == deck
    assert parse_card_order(text.replace(" ", "")) == deck  # 104 characters run together
    assert parse_card_order(text.replace(" ", ", ").lower()) == deck


def test_card_order_accepts_card_spellings() -> None:
    text = format_card_order(FULL_DECK).replace("TH", "10♥").replace("AS", "A♠")
    assert parse_card_order(f"\n {text}\t") == FULL_DECK


@pytest.mark.parametrize(
    ("text", "position", "words"),
    [
        (
            " ".join(CARD_TEXTS[card] for card in FULL_DECK[:51]),
            None,
            "expected 52 cards, got 51 (missing: KC)",
        ),
        (format_card_order(FULL_DECK) + " AS", 156, "deck[52] is AS again (already deck[0])"),
        ("AS ZZ", 3, "deck[1] 'ZZ' is not a card"),
        ("", None, "expected 52 cards, got 0"),
    ],
)
def test_bad_card_orders_name_the_position(text: str, position: int | None, words: str) -> None:
    with pytest.raises(DealImportError) as info:
        parse_card_order(text)
    assert (info.value.source, info.value.position) == ("permutation", position)
    assert words in str(info.value)


@pytest.mark.parametrize("source", ["shootme", "pysol", "permutation"])
@given(deck=decks)
def test_export_then_import_gives_the_same_code(source: str, deck: tuple[int, ...]) -> None:
    code = FullDealCode("TF", draw=3, deck=deck)
    text = export_deal(code, to=source)
    assert import_deal(text, source=source, prefix="TF", draw=3) == code
    assert read_deck(text, source=source) == deck


def test_a_deal_number_code_exports_its_deck() -> None:
    code = DealCode.parse("KL1-D1N-AAAAAAG")
    full = import_deal(export_deal(code, to="shootme"), source="shootme")
    assert full == FullDealCode.from_code(code)
    assert deal_code_position(full) == deal_code_position(code)
    assert export_deal("KL1-D1N-AAAAAAG", to="permutation").split()[:3] == ["AD", "2H", "7C"]


def test_import_options() -> None:
    code = import_deal("1", source="pysol", draw=3, scoring=Scoring.VEGAS)
    assert str(code).startswith("KL1-D3V-") and code.deck == pysol_deck(1)
    with pytest.raises(DealCodeError, match="no Vegas scoring"):
        import_deal("1", source="pysol", prefix="TF", scoring=Scoring.VEGAS)


def test_unknown_formats() -> None:
    with pytest.raises(InvalidArgumentError, match="unknown deal format 'xml'"):
        import_deal("1", source="xml")
    with pytest.raises(InvalidArgumentError, match="unknown deal format 'xml'"):
        export_deal("KL1-D1N-AAAAAAG", to="xml")


def test_a_layout_of_a_face_up_code_has_no_brackets() -> None:
    text = export_deal(FullDealCode("TF", deck=FULL_DECK), to="pysol")
    assert "<" not in text
    assert text.splitlines()[0] == "Talon: " + " ".join(CARD_TEXTS[c] for c in FULL_DECK[28:])


def coded_games() -> list[str]:
    """The header of every shipped game with a deal code (``KL1-D1N``, ...)."""
    headers = (code_header(variant) for variant in SHIPPED_VARIANTS.values())
    return [str(header) for header in headers if header is not None]


@pytest.mark.parametrize("header", coded_games())
@pytest.mark.parametrize("target", ["shootme", "pysol", "permutation"])
def test_an_export_reads_back_as_the_same_deal_or_is_refused(header: str, target: str) -> None:
    # What goes out must come back: a game of two or three decks does not fit a 52-card
    # format, a game not dealt in Klondike's layout (Westcliff's 10 columns of 3, Canfield's
    # reserve) not the layout text; they are refused naming the game.
    code = DealCode.parse(f"{header}-AAAAAAB")
    variant = code.variant
    # Dealt as Klondike deals (FAMILY.md: one deck, 7 columns of 1 to 7 cards, no reserve).
    klondike_layout = header[:2] in {"KL", "TF", "TP", "WH", "TR", "SA", "SE", "CN", "QU", "RD"}
    fits = variant.decks == 1 and (target != "pysol" or klondike_layout)
    try:
        text = export_deal(code, to=target)
    except InvalidArgumentError as error:
        assert variant.name in str(error)
        assert not fits
        return
    assert fits
    back = import_deal(
        text, source=target, prefix=code.prefix, draw=code.draw, scoring=code.scoring
    )
    assert back == FullDealCode.from_code(code)
    assert deal_code_position(back) == deal_code_position(code)


def test_refusals_say_what_the_format_holds() -> None:
    with pytest.raises(InvalidArgumentError, match=r"Gargantua deals 2 decks \(104 cards\)"):
        export_deal("GA1-D1N-AAAAAAB", to="permutation")
    with pytest.raises(
        InvalidArgumentError, match=r"Westcliff is dealt otherwise \(columns of 3 3"
    ):
        export_deal("WC1-D1N-AAAAAAB", to="pysol")
    with pytest.raises(InvalidArgumentError, match="1 to its foundations, 13 to its reserve"):
        export_deal("CF1-D3N-AAAAAAB", to="pysol")
    with pytest.raises(InvalidArgumentError, match=r"cards, 1 to its foundations\): export"):
        export_deal("AG1-D0N-AAAAAAB", to="pysol")  # (Agnes Sorel has no reserve)
    with pytest.raises(InvalidArgumentError, match="Solvitaire plays 1 or 2 decks"):
        export_deal("TK1-D1N-AAAAAAB", to="shootme")
    with pytest.raises(InvalidArgumentError, match="code must be a deal code"):
        export_deal(None, to="shootme")  # type: ignore[arg-type]


@pytest.mark.parametrize("code", ["CF1-D3N-AAAAAAB", "CF1-D3N-DFDHJCR", "NA1-D1N-AAAAAAB"])
def test_a_game_whose_foundations_may_start_elsewhere_than_the_ace_is_not_exported_to_solvitaire(
    code: str,
) -> None:
    # Canfield deal DFDHJCR deals an Ace as its base card: the game, not the deal, decides.
    with pytest.raises(InvalidArgumentError, match="do not always start from the Ace"):
        export_deal(code, to="solvitaire")
    assert export_deal("KL1-D1N-AAAAAAB", to="solvitaire").startswith('{"tableau piles"')


def test_an_import_takes_only_a_game_its_format_holds() -> None:
    # The reverse of export: a layout text's columns are Klondike's, so it is no Yukon
    # deal; the card order is the way in. A 52-card format holds no two-deck deal.
    layout = export_deal("KL1-D1N-AAAAAAG", to="pysol")
    with pytest.raises(InvalidArgumentError, match="Yukon is dealt otherwise"):
        import_deal(layout, source="pysol", prefix="YU", draw=0)
    with pytest.raises(InvalidArgumentError, match="Yukon is dealt otherwise"):
        import_deal("1", source="pysol", prefix="YU", draw=0)  # PySolFC's numbers too
    order = export_deal("KL1-D1N-AAAAAAG", to="permutation")
    yukon = import_deal(order, source="permutation", prefix="YU", draw=0)
    assert (
        str(yukon).startswith("YU1-D0N-") and yukon.deck == DealCode.parse("KL1-D1N-AAAAAAG").deck
    )
    with pytest.raises(InvalidArgumentError, match="Double Klondike deals 2 decks"):
        import_deal(order, source="permutation", prefix="DK")
    with pytest.raises(DealCodeError, match="'XX1-D1N'"):
        import_deal(order, source="permutation", prefix="XX")
