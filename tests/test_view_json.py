"""The player's view as JSON (issue 16): the shipped schema, no hidden card, moves sent back."""

from __future__ import annotations

import json
import random

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import random_playout

from solitaire_core import Game, IllegalMoveError, MoveParseError, Position, view_json
from solitaire_core.cards import CARD_TEXTS
from solitaire_core.deal import deal_code_position
from solitaire_core.game import move_from_json, view_schema
from solitaire_core.variants import KLONDIKE, SHIPPED_VARIANTS, Variant

GAMES = tuple(SHIPPED_VARIANTS.values())
VALIDATOR = jsonschema.Draft202012Validator(view_schema())


def test_the_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(view_schema())


def shuffle_hidden(position: Position, rng: random.Random) -> Position:
    """The same position as the player sees it, with its hidden cards dealt differently.

    Hidden: face-down column cards, the stock before the first recycle, the
    reserve under its top card.
    """
    places: list[tuple[str, int, int]] = []
    for column, down in enumerate(position.face_down):
        places += [("tableau", column, index) for index in range(down)]
    if not position.recycles:
        places += [("stock", 0, index) for index in range(len(position.stock))]
    places += [("reserve", 0, index) for index in range(len(position.reserve) - 1)]
    tableau = [list(pile) for pile in position.tableau]
    stock, reserve = list(position.stock), list(position.reserve)

    def pile(name: str, column: int) -> list[int]:
        return tableau[column] if name == "tableau" else stock if name == "stock" else reserve

    cards = [pile(name, column)[index] for name, column, index in places]
    rng.shuffle(cards)
    for (name, column, index), card in zip(places, cards, strict=True):
        pile(name, column)[index] = card
    return Position(
        tuple(tuple(p) for p in tableau),
        position.face_down,
        tuple(stock),
        position.waste,
        position.foundations,
        position.recycles,
        tuple(reserve),
        position.foundation_base,
    )


@settings(deadline=None, max_examples=60)
@given(
    variant=st.sampled_from(GAMES),
    deal_number=st.integers(0, 10_000),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 120),
)
def test_hidden_cards_never_show(variant: Variant, deal_number: int, seed: int, steps: int) -> None:
    position = random_playout(variant, deal_number, seed, steps)[-1]
    view = view_json(variant, position)
    VALIDATOR.validate(view)
    other = shuffle_hidden(position, random.Random(seed))
    assert json.dumps(view_json(variant, other)) == json.dumps(view)
    # the same through a game started from each position
    first, second = Game(variant, start=position), Game(variant, start=other)
    assert first.view_json() == second.view_json()
    VALIDATOR.validate(first.view_json())


@settings(deadline=None, max_examples=40)
@given(
    variant=st.sampled_from(GAMES),
    deal_number=st.integers(0, 10_000),
    seed=st.integers(0, 2**32),
)
def test_every_structured_move_plays_back(variant: Variant, deal_number: int, seed: int) -> None:
    rng = random.Random(seed)
    game = Game(variant, deal_number)
    for _ in range(40):
        view = game.view_json()
        VALIDATOR.validate(view)
        if not view["legal_moves"]:
            break
        data = rng.choice(view["legal_moves"])
        expected = game.parse_move(data["notation"])
        assert game.check(data) is None
        assert game.play(json.loads(json.dumps(data))) == expected
        assert game.moves[-1] == expected


def test_a_view_by_hand() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.play("d")  # QH to the waste
    game.play("7f")  # AH home, 4D turns up
    view = game.view_json()
    assert view["game"] == {
        "name": "Klondike",
        "key": "klondike",
        "columns": 7,
        "decks": 1,
        "draw_count": 1,
        "recycle_limit": None,
    }
    board = view["board"]
    assert board["tableau"][6] == {"face_down": 5, "face_up": ["4D"]}
    assert board["stock"] == {"count": 23, "cards": None}
    assert board["waste"] == ["QH"]
    assert board["reserve"] is None
    assert board["foundations"][1] == {"suit": "H", "cards": ["AH"]}
    assert board["foundation_base"] == "A"
    assert view["score"] == {"value": 15, "text": "15"}
    assert view["moves_made"] == 2
    assert view["status"] == {
        "won": False,
        "resigned": False,
        "can_undo": True,
        "can_redo": False,
        "assisted": False,
    }
    assert {
        "notation": "54:1",
        "kind": "column_to_column",
        "from": {"pile": "column", "index": 4},
        "to": {"pile": "column", "index": 3},
        "cards": ["9D"],
    } in view["legal_moves"]
    draw = next(move for move in view["legal_moves"] if move["kind"] == "draw")
    assert draw["cards"] == []  # the next stock card is unseen
    position = game.position
    hidden = list(position.stock) + [
        card
        for column, down in enumerate(position.face_down)
        for card in position.tableau[column][:down]
    ]
    assert len(hidden) == 23 + 20
    text = json.dumps(view)
    assert not [CARD_TEXTS[card] for card in hidden if CARD_TEXTS[card] in text]


def test_the_stock_is_shown_once_seen() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    for _ in range(24):
        game.play("d")
    waste = game.view_json()["board"]["waste"]
    game.play("r")
    assert game.view_json()["board"]["stock"] == {"count": 24, "cards": waste[::-1]}


def test_a_canfield_reserve_shows_its_top_only() -> None:
    position = deal_code_position("CF1-D3N-AAAAAAB")
    board = view_json(SHIPPED_VARIANTS["canfield"], position)["board"]
    assert board["reserve"] == {"count": 13, "top": "2H"}
    assert board["foundation_base"] == "7"


def test_after_resigning_no_move_is_offered() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.resign()
    view = game.view_json()
    assert view["legal_moves"] == []
    assert view["status"]["resigned"] is True
    assert view["status"]["can_undo"] is False


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"notation": "54:1", "kind": "draw"}, "kind"),
        ({"notation": "54:1", "from": {"pile": "column", "index": 3}}, "from"),
        ({"notation": "54:1", "cards": ["TC"]}, "cards"),
        ({"notation": "54:1", "colour": "red"}, "unknown"),
        ({"kind": "draw"}, "notation"),
        ({"notation": 54}, "notation"),
        (["54:1"], "JSON object"),
        ({"notation": "99"}, "99"),
    ],
)
def test_bad_structured_moves_are_refused_by_name(data: object, field: str) -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    with pytest.raises(MoveParseError, match=field):
        move_from_json(KLONDIKE, game.position, data)
    with pytest.raises(MoveParseError):
        game.play(data)  # type: ignore[arg-type]
    assert game.moves == ()


def test_an_illegal_structured_move_is_refused_by_the_rules() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    with pytest.raises(IllegalMoveError):
        game.play({"notation": "w3"})
    assert game.moves == ()
