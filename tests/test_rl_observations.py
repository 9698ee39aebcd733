"""The observation encoding (solitaire_core.rl.observations): the player's view, nothing more.

Two checks: positions that differ only in hidden cards give the same bytes
(Hypothesis, every game), and every byte equals what an independent reading of
the position says the player sees (face-down cards, the stock before its first
recycle and the reserve under its top are ``HIDDEN``; computed here from the
position's fields, not by the library's view).
"""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import SHIPPED_GAMES, hidden_card_twins, random_playout

from solitaire_core import KLONDIKE, PlayerView, Position, Variant, deal_position, player_view
from solitaire_core.rl import CARD_OFFSET, HIDDEN, NO_CARD, ObservationEncoder
from solitaire_core.variants import lookup_variant

ENCODERS = {variant.name: ObservationEncoder(variant) for variant in SHIPPED_GAMES}


def encoded(variant: Variant, position: Position) -> bytes:
    encoder = ENCODERS[variant.name]
    buffer = bytearray(encoder.size)
    encoder.encode(player_view(position), buffer)
    return bytes(buffer)


def codes(cards: tuple[int, ...], width: int, hidden: int = 0) -> list[int]:
    """Card codes of a pile, its bottom ``hidden`` cards hidden, padded to ``width``."""
    row = [HIDDEN] * hidden + [card + CARD_OFFSET for card in cards[hidden:]]
    return row + [NO_CARD] * (width - len(row))


def expected(variant: Variant, position: Position) -> dict[str, list[int]]:
    """What the player sees, read from the position's own fields."""
    shape = ENCODERS[variant.name].shape
    width = shape.max_column
    seen: dict[str, list[int]] = {
        "tableau": [
            code
            for pile, down in zip(position.tableau, position.face_down, strict=True)
            for code in codes(pile, width, down)
        ],
        "face_down": list(position.face_down),
    }
    if shape.stock_size:
        hidden = 0 if position.recycles else len(position.stock)
        seen["stock"] = codes(position.stock, shape.stock_size, hidden)
        seen["stock_count"] = [len(position.stock)]
        if shape.has_waste:
            seen["waste"] = codes(position.waste, shape.stock_size)
            limit = shape.recycle_limit
            seen["recycles_left"] = [1 if limit is None else limit - position.recycles]
    if shape.reserve_size:
        seen["reserve"] = codes(position.reserve, shape.reserve_size, len(position.reserve) - 1)
    seen["foundations"] = list(position.foundations)
    if shape.base_varies:
        seen["foundation_base"] = [position.foundation_base]
    return seen


@settings(max_examples=80, deadline=None)
@given(hidden_card_twins())
def test_hidden_cards_never_change_the_observation(
    twins: tuple[Variant, Position, Position],
) -> None:
    variant, position, twin = twins
    assert encoded(variant, position) == encoded(variant, twin)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(SHIPPED_GAMES), st.integers(0, 2**32), st.integers(0, 2**32))
def test_every_byte_is_what_the_player_sees(variant: Variant, deal: int, seed: int) -> None:
    encoder = ENCODERS[variant.name]
    buffer = bytearray(encoder.size)
    for step, position in enumerate(random_playout(variant, deal, seed, 80)):
        # the incremental path (as the environment uses it) and a full write agree
        encoder.encode(player_view(position), buffer, incremental=step > 0)
        assert bytes(buffer) == encoded(variant, position)
        arrays = encoder.views(np.frombuffer(bytes(buffer), np.uint8))
        assert list(arrays) == list(encoder.keys)
        assert {key: array.ravel().tolist() for key, array in arrays.items()} == expected(
            variant, position
        )
        assert encoder.space().contains(arrays)
        assert encoder.flat_space().contains(np.frombuffer(bytes(buffer), np.uint8))


def test_the_klondike_layout() -> None:
    encoder = ObservationEncoder(KLONDIKE)
    assert [(e.key, e.offset, e.shape, e.values) for e in encoder.layout.values()] == [
        ("tableau", 0, (7, 19), 54),
        ("face_down", 133, (7,), 7),
        ("stock", 140, (24,), 54),
        ("stock_count", 164, (1,), 25),
        ("waste", 165, (24,), 54),
        ("recycles_left", 189, (1,), 2),
        ("foundations", 190, (4,), 14),
    ]
    assert encoder.size == 194
    assert list(encoder.space().spaces) == list(encoder.keys)  # in the documented order


def test_games_have_their_own_entries() -> None:
    assert ObservationEncoder(lookup_variant("yukon")).keys == (
        "tableau",
        "face_down",
        "foundations",
    )
    canfield = ObservationEncoder(lookup_variant("canfield"))
    assert canfield.keys[-3:] == ("reserve", "foundations", "foundation_base")
    assert ObservationEncoder(lookup_variant("spiderette")).keys == (
        "tableau",
        "face_down",
        "stock",
        "stock_count",
        "foundations",
    )


def test_a_view_of_another_game_is_refused() -> None:
    small = ObservationEncoder(lookup_variant("pas-seul"))  # 6 columns of at most 13 cards
    with pytest.raises(ValueError, match="not one of this game's"):
        small.encode(player_view(deal_position(KLONDIKE, 1)), bytearray(small.size))
    klondike = ObservationEncoder(KLONDIKE)  # columns of at most 19 cards
    too_long = PlayerView(((0,) * 20,) + ((),) * 6, (), (), (0, 0, 0, 0), 0)
    with pytest.raises(ValueError, match="does not fit"):
        klondike.encode(too_long, bytearray(klondike.size))
