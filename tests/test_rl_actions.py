"""The action encoding (solitaire_core.rl.actions): every index and every legal move round-trip."""

from __future__ import annotations

import itertools

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("numpy")

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import SHIPPED_GAMES, random_playout

from solitaire_core import KLONDIKE, InvalidArgumentError, Move, Variant, legal_moves
from solitaire_core.rl import ActionEncoding
from solitaire_core.variants import lookup_variant

ENCODINGS = {variant.name: ActionEncoding(variant) for variant in SHIPPED_GAMES}


@pytest.mark.parametrize("variant", SHIPPED_GAMES, ids=lambda variant: variant.name)
def test_every_action_round_trips(variant: Variant) -> None:
    encoding = ENCODINGS[variant.name]
    assert encoding.size == len(encoding.moves) == len(set(encoding.moves))
    for index, move in enumerate(encoding.moves):
        assert encoding.decode(index) == move
        assert encoding.encode(move) == index
    assert encoding.indices(encoding.moves) == list(range(encoding.size))
    # the blocks tile 0..n-1 in the documented order
    starts = list(encoding.blocks.values())
    assert starts[0][0] == 0 and starts[-1][1] == encoding.size
    assert all(a[1] == b[0] for a, b in itertools.pairwise(starts))


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(SHIPPED_GAMES),
    st.integers(0, 2**32),
    st.integers(0, 2**32),
)
def test_every_legal_move_has_its_action(variant: Variant, deal: int, seed: int) -> None:
    encoding = ENCODINGS[variant.name]
    for position in random_playout(variant, deal, seed, 60):
        moves = legal_moves(variant, position)
        actions = encoding.indices(moves)
        assert actions == [encoding.encode(move) for move in moves]
        assert [encoding.decode(action) for action in actions] == list(moves)
        assert len(set(actions)) == len(actions)


def test_the_klondike_numbers_are_stable() -> None:
    """The documented formula: changing these numbers needs a new environment version."""
    encoding = ActionEncoding(KLONDIKE)
    assert encoding.size == 591
    assert encoding.blocks == {
        "draw": (0, 1),
        "recycle": (1, 2),
        "waste_to_foundation": (2, 3),
        "waste_to_column": (3, 10),
        "column_to_foundation": (10, 17),
        "foundation_to_column": (17, 45),
        "column_to_column": (45, 591),
    }
    for a in range(7):
        for b in range(7):
            if a != b:
                for k in range(1, 14):
                    target = b if b < a else b - 1
                    expected = 45 + (a * 6 + target) * 13 + k - 1
                    assert encoding.encode(Move.column_to_column(a, b, count=k)) == expected
    assert encoding.encode(Move.foundation_to_column(2, 5)) == 17 + 2 * 7 + 5


def test_games_without_some_piles_have_no_actions_for_them() -> None:
    yukon = ActionEncoding(lookup_variant("yukon"))
    assert list(yukon.blocks) == ["column_to_foundation", "column_to_column"]
    canfield = ActionEncoding(lookup_variant("canfield"))
    assert "reserve_to_column" in canfield.blocks and "foundation_to_column" not in canfield.blocks
    spiderette = ActionEncoding(lookup_variant("spiderette"))
    assert spiderette.decode(spiderette.blocks["column_to_foundation"][0]) == Move.parse("1f:13")
    vegas = ActionEncoding(lookup_variant("klondike-vegas"))
    assert "recycle" not in vegas.blocks


@pytest.mark.parametrize(
    ("game", "move"),
    [
        ("klondike", "8f"),  # no column 8
        ("klondike", "18:1"),
        ("klondike", "wf:2"),  # a count the move never has
        ("klondike", "12:14"),  # a longer group than the game can move
        ("klondike", "rf"),  # no reserve
        ("klondike-vegas", "r"),  # one pass: no recycle
        ("yukon", "d"),  # no stock
        ("traditional", "fh3"),  # no take-backs
        ("spiderette", "1f"),  # spider foundations take runs of 13
    ],
)
def test_moves_without_an_action_are_refused(game: str, move: str) -> None:
    encoding = ActionEncoding(lookup_variant(game))
    with pytest.raises(InvalidArgumentError, match="no action"):
        encoding.encode(Move.parse(move))


@pytest.mark.parametrize("index", [-1, 591, True, 1.5, "3"])
def test_bad_indices_are_refused(index: object) -> None:
    with pytest.raises(InvalidArgumentError, match="action must be an int"):
        ActionEncoding(KLONDIKE).decode(index)  # type: ignore[arg-type]


def test_a_bad_variant_or_move_is_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="needs a Variant"):
        ActionEncoding("klondike")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="needs a Move"):
        ActionEncoding(KLONDIKE).encode("d")  # type: ignore[arg-type]
