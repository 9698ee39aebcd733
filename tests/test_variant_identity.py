"""One identity per variant: its key and aliases, its code header, its scoring's name and letter."""

from __future__ import annotations

import attrs
import pytest

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_VEGAS_DRAW_3,
    REFLECHI,
    SHIPPED_VARIANTS,
    TRADITIONAL,
    InvalidArgumentError,
    Variant,
)
from solitaire_core.variants import (
    YUKON,
    CodeHeader,
    Scoring,
    WasteStock,
    code_header,
    lookup_variant,
    register_variant,
    variant_key,
)


@pytest.mark.parametrize("key", list(SHIPPED_VARIANTS))
def test_every_shipped_variant_knows_its_key(key: str) -> None:
    variant = SHIPPED_VARIANTS[key]
    assert variant.key == key == variant_key(variant)
    assert lookup_variant(key) is variant
    for alias in variant.aliases:
        assert lookup_variant(alias) is variant


@pytest.mark.parametrize("variant", list(SHIPPED_VARIANTS.values()), ids=str)
def test_the_code_header_is_the_variants_own_and_the_registrys(variant: Variant) -> None:
    header = variant.code_header
    assert header == code_header(variant)
    if header is not None:
        assert str(header) == f"{header.prefix}1-D{header.draw}{header.scoring_letter}"
        assert lookup_variant(str(header)) is variant
        assert header.scoring is (Scoring.VEGAS if variant.vegas else Scoring.STANDARD)


def test_headers_and_flags_of_known_games() -> None:
    assert KLONDIKE_VEGAS_DRAW_3.code_header == CodeHeader("KL", 3, "V")
    assert KLONDIKE_VEGAS_DRAW_3.vegas and not KLONDIKE.vegas
    assert YUKON.code_header == ("YU", 0, "N")  # a tuple still
    assert TRADITIONAL.code_header is None  # no prefix: no codes
    assert lookup_variant("thoughtful") is REFLECHI
    assert REFLECHI.aliases == ("reflechi-draw1", "thoughtful")


def test_the_stock_cycles_freely_only_with_a_waste_and_no_limit() -> None:
    assert KLONDIKE.stock_cycles_freely
    assert not KLONDIKE_VEGAS_DRAW_3.stock_cycles_freely  # one pass
    assert not TRADITIONAL.stock_cycles_freely  # one pass in draw 1
    assert not YUKON.stock_cycles_freely  # no stock
    assert not lookup_variant("spiderette").stock_cycles_freely  # dealt onto the columns


def test_a_derived_variant_has_no_key_until_registered() -> None:
    house = attrs.evolve(
        KLONDIKE, name="Identity test house", stock=WasteStock(recycle_limit=2), code_prefix=None
    )
    assert (house.key, house.aliases, variant_key(house)) == (None, (), None)
    register_variant("identity-test-house", house, aliases=("identity-test-home",))
    assert house.key == "identity-test-house"
    assert house.aliases == ("identity-test-home",)
    assert lookup_variant("Identity-Test-Home") is house
    assert KLONDIKE.key == "klondike"  # its base is untouched


@pytest.mark.parametrize("alias", ["Bad Alias", "klondike", "thoughtful"])
def test_a_bad_or_taken_alias_is_refused(alias: str) -> None:
    other = attrs.evolve(KLONDIKE, name=f"Identity alias test {alias}")
    with pytest.raises(InvalidArgumentError, match=r"alias|already registered"):
        register_variant("identity-alias-test", other, aliases=(alias,))
    assert other.key is None


@pytest.mark.parametrize("text", ["KL1-D3", "K1-D3N", "KL1-DXN", ""])
def test_a_malformed_header_is_refused(text: str) -> None:
    with pytest.raises(InvalidArgumentError, match="deal-code header"):
        CodeHeader.parse(text)
