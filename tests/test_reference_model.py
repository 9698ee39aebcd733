"""Sanity checks of the reference model itself (tests/reference_model.py)."""

from __future__ import annotations

import random

import pytest
from reference_model import SUITS, ReferenceGame, perft, shuffled_deck

# name -> keywords of ReferenceGame, besides the deal number and draw
VARIANTS: dict[str, tuple[bool, int | None, bool, bool]] = {
    # (all_face_up, recycle_limit, takeback, ordered_groups_only)
    "klondike": (False, None, True, False),
    "vegas": (False, 0, True, False),
    "reflechi": (True, None, True, True),
    "traditional": (False, 2, False, False),
}


def make_game(variant: str, deal_number: int, draw: int) -> ReferenceGame:
    all_face_up, recycle_limit, takeback, ordered = VARIANTS[variant]
    return ReferenceGame(
        deal_number,
        all_face_up=all_face_up,
        draw=draw,
        recycle_limit=recycle_limit,
        takeback=takeback,
        ordered_groups_only=ordered,
    )


def all_cards(game: ReferenceGame) -> tuple[list[str], dict[str, int]]:
    """Every card seen in the snapshot (foundations expanded) and the counts."""
    snap = game.snapshot()
    cards: list[str] = []
    tableau = snap["tableau"]
    assert isinstance(tableau, list) and len(tableau) == 7
    for column in tableau:
        assert isinstance(column, dict)
        cards += column["face_down"] + column["face_up"]
        if column["face_down"]:
            assert column["face_up"], "a column's last card must be face up"
    for key in ("stock", "waste"):
        pile = snap[key]
        assert isinstance(pile, list)
        cards += pile
    foundations = snap["foundations"]
    assert isinstance(foundations, dict)
    assert list(foundations) == list(SUITS)
    for suit, count in foundations.items():
        assert 0 <= count <= 13
        # The model's own foundation piles: Ace up, one suit, matching the count.
        pile = game.foundations[suit]
        assert pile == [f"{'A23456789TJQK'[rank]}{suit}" for rank in range(count)]
        cards += pile
    return cards, foundations


def test_check_values_of_rules_section_8() -> None:
    deck6 = shuffled_deck(6)
    assert deck6[0] == "AD" and deck6[27] == "AH" and deck6[28] == "QH"
    deck1 = shuffled_deck(1)
    assert deck1[0] == "7H"
    column7 = [deck1[i] for i in (6, 12, 17, 21, 24, 26, 27)]
    assert column7 == ["JH", "3S", "4D", "KS", "TC", "TH", "8C"]
    assert deck1[28:31] == ["QS", "4C", "6S"]
    assert sorted(deck6) == sorted(shuffled_deck(0))


def test_play_rejects_illegal_and_copy_is_independent() -> None:
    game = make_game("klondike", 6, 1)
    assert game.legal_moves() == {"d", "1f", "7f", "54:1"}
    with pytest.raises(ValueError):
        game.play("54")  # the count form is the canonical one
    with pytest.raises(ValueError):
        game.play("r")
    before = game.snapshot()
    child = game.copy()
    child.play("54:1")
    assert game.snapshot() == before
    assert child.snapshot() != before
    # Moving 9D off column 5 turns 7D face up.
    old_tableau = before["tableau"]
    assert isinstance(old_tableau, list)
    assert child.snapshot()["tableau"] == [
        *old_tableau[:3],
        {"face_down": ["7H", "5D", "8D"], "face_up": ["TC", "9D"]},
        {"face_down": ["4C", "6H", "6S"], "face_up": ["7D"]},
        *old_tableau[5:],
    ]


def test_draw_three_and_recycle_order() -> None:
    game = make_game("traditional", 6, 3)
    stock = game.snapshot()["stock"]
    assert isinstance(stock, list)
    for _ in range(8):
        game.play("d")
    assert game.snapshot()["waste"] == list(reversed(stock))
    assert "d" not in game.legal_moves()
    for used in (1, 2):
        game.play("r")
        assert game.snapshot()["stock"] == stock
        assert game.snapshot()["recycles"] == used
        game.play("d")
        assert game.snapshot()["waste"] == [stock[-1], stock[-2], stock[-3]]
        for _ in range(7):
            game.play("d")
    assert "r" not in game.legal_moves()  # two recycles used up


def empty_table(game: ReferenceGame) -> None:
    for column in game.columns:
        column.face_down, column.face_up = [], []
    game.stock, game.waste = [], []


def test_crafted_position_groups_and_takeback() -> None:
    game = make_game("reflechi", 6, 1)
    empty_table(game)
    game.columns[0].face_up = ["9S", "8H", "7C"]  # in sequence
    game.columns[1].face_up = ["TD"]
    game.columns[2].face_up = ["8D", "6S", "5H"]  # 6S 5H in sequence, 8D not
    game.columns[3].face_up = ["7H"]
    game.columns[4].face_up = ["9C"]
    game.foundations["C"] = ["AC", "2C", "3C", "4C", "5C", "6C"]
    expected = {"1f", "12:3", "15:2", "34:2", "52:1", "fc4"}
    assert game.legal_moves() == expected
    klondike_rules = game.copy()
    klondike_rules.ordered_groups_only = False
    assert klondike_rules.legal_moves() == expected | {"35:3"}
    game.play("fc4")
    assert game.columns[3].face_up == ["7H", "6C"]
    assert game.snapshot()["foundations"] == {"S": 0, "H": 0, "D": 0, "C": 5}
    game.takeback = False
    assert not any(move.startswith("f") for move in game.legal_moves())


def test_no_move_once_won() -> None:
    game = make_game("klondike", 6, 1)
    empty_table(game)
    for suit in SUITS:
        game.foundations[suit] = [rank + suit for rank in "A23456789TJQK"]
    game.foundations["C"].pop()
    game.waste = ["KC"]
    moves = game.legal_moves()
    assert "wf" in moves and "w1" in moves and "fs7" in moves
    assert "fc1" not in moves  # QC is not a King
    game.play("wf")
    assert game.legal_moves() == set()


def test_perft_small() -> None:
    game = make_game("klondike", 6, 1)
    assert perft(game, 0) == 1
    assert perft(game, 1) == 4


def test_random_games_keep_the_deck_whole() -> None:
    rng = random.Random(20240601)
    names = sorted(VARIANTS)
    full_deck = sorted(shuffled_deck(0))
    for game_index in range(200):
        variant = names[game_index % len(names)]
        draw = (1, 3)[(game_index // len(names)) % 2]
        game = make_game(variant, rng.randrange(26**7), draw)
        for _ in range(300):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(sorted(moves)))
            cards, foundations = all_cards(game)
            assert sorted(cards) == full_deck
            if sum(foundations.values()) == 52:
                assert game.legal_moves() == set()
