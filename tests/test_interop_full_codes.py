"""Full deal codes (codes.FullDealCode): any card order as ``KL1-D1N-`` + 48 letters.

What is pinned here, and where the expected values come from:

* the letters are the deck's rank among the 52! orders in lexicographic order
  (Lehmer code), base 26, ``A`` = 0, most significant first: checked by
  boundary values worked out by hand (identity = rank 0, last two cards
  swapped = rank 1, first two swapped = 51!, reversed = 52! - 1) and by the
  order property (comparing decks as tuples = comparing ranks);
* a full code deals exactly what the deal number's code deals (the golden
  decks of ``tests/data/deal_vectors.json``), in every entry point that takes
  a code: ``deal_code_position``, ``Game.from_code``, save files;
* bad codes and decks raise ``DealCodeError`` naming the part and position.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    TRADITIONAL,
    DealCode,
    DealCodeError,
    DeckError,
    Game,
    InvalidArgumentError,
    Move,
    SaveFileError,
    Scoring,
    deal_code_position,
    deal_position,
    parse_card,
)
from solitaire_core.cards import CARD_TEXTS, FULL_DECK
from solitaire_core.codes import (
    DECK_ORDERS,
    FullDealCode,
    check_deck,
    deck_from_rank,
    deck_rank,
    deck_to_letters,
    letters_to_deck,
    parse_deal_code,
)
from solitaire_core.deal import deal_deck
from solitaire_core.game import load_document, load_game, save_document, save_game

VECTORS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "deal_vectors.json").read_text(encoding="utf-8")
)
decks = st.permutations(list(range(52))).map(tuple)


def to_base26(number: int) -> str:
    """48 letters A-Z, written here independently of the library."""
    letters = ""
    for _ in range(48):
        number, digit = divmod(number, 26)
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[digit] + letters
    return letters


TOO_LARGE_WORDS = (
    "the letters read as a rank no card order has "
    f"(the largest is '{to_base26(math.factorial(52) - 1)}')"
)
"""The refusal of 48 letters that read as 52! or more: the largest rank, 52! - 1, in letters."""


# ---------------------------------------------------------------- the rank


@pytest.mark.parametrize(
    ("deck", "rank"),
    [
        (FULL_DECK, 0),
        ((*FULL_DECK[:50], 51, 50), 1),
        ((1, 0, *FULL_DECK[2:]), math.factorial(51)),
        # 0 1 3 4 ... 51 2: cards 3..51 each have one smaller card (2) left after them
        ((0, 1, *FULL_DECK[3:], 2), sum(math.factorial(j) for j in range(1, 50))),
        (FULL_DECK[::-1], math.factorial(52) - 1),
    ],
)
def test_rank_by_hand(deck: tuple[int, ...], rank: int) -> None:
    assert deck_rank(deck) == rank
    assert deck_from_rank(rank) == deck
    assert deck_to_letters(deck) == to_base26(rank)


def textbook_rank(deck: tuple[int, ...]) -> int:
    """Lehmer: each card counts the later cards smaller than it, times (cards after it)!."""
    return sum(
        sum(1 for later in deck[i + 1 :] if later < card) * math.factorial(51 - i)
        for i, card in enumerate(deck)
    )


@pytest.mark.parametrize("vector", VECTORS[:8], ids=lambda vector: vector["code"])
def test_full_codes_of_the_golden_decks(vector: dict[str, Any]) -> None:
    deck = tuple(parse_card(text) for text in vector["deck"])
    letters = to_base26(textbook_rank(deck))
    assert str(FullDealCode.from_code(DealCode.parse(vector["code"]))) == (
        f"{vector['code'][:8]}{letters}"
    )


def test_boundary_letters() -> None:
    assert deck_to_letters(FULL_DECK) == "A" * 48
    assert deck_to_letters((*FULL_DECK[:50], 51, 50)) == "A" * 47 + "B"
    assert letters_to_deck("a" * 48) == FULL_DECK
    assert DECK_ORDERS == math.factorial(52) < 26**48


@given(first=decks, second=decks)
def test_rank_follows_the_order_of_decks(first: tuple[int, ...], second: tuple[int, ...]) -> None:
    assert (first < second) == (deck_rank(first) < deck_rank(second))
    assert (first == second) == (deck_rank(first) == deck_rank(second))


@given(deck=decks)
def test_letters_round_trip(deck: tuple[int, ...]) -> None:
    letters = deck_to_letters(deck)
    assert len(letters) == 48 and letters.isascii() and letters.isupper()
    assert letters_to_deck(letters) == deck
    assert letters_to_deck(letters.lower()) == deck


@given(
    deck=decks,
    header=st.sampled_from(["KL1-D1N", "KL1-D3N", "KL1-D1V", "KL1-D3V", "TF1-D1N", "TF1-D3N"]),
)
def test_full_code_round_trip(deck: tuple[int, ...], header: str) -> None:
    code = FullDealCode.parse(f"{header}-{deck_to_letters(deck)}")
    assert code.deck == deck
    assert str(code) == f"{header}-{deck_to_letters(deck)}"
    assert parse_deal_code(f"  {str(code).lower()} ") == code
    assert FullDealCode(code.prefix, draw=code.draw, scoring=code.scoring, deck=deck) == code
    assert code.deal_number is None
    assert code.rank == deck_rank(deck)
    position = deal_code_position(code)
    assert position == deal_deck(code.variant, deck)
    assert sorted(position.cards()) == list(range(52))


@pytest.mark.parametrize("vector", VECTORS[:12], ids=lambda vector: vector["code"])
def test_full_form_of_a_deal_number_deals_the_golden_deck(vector: dict[str, Any]) -> None:
    short = DealCode.parse(vector["code"])
    full = FullDealCode.from_code(short)
    golden = tuple(parse_card(text) for text in vector["deck"])
    assert short.deck == full.deck == golden
    assert str(full)[:8] == vector["code"][:8]
    assert deal_code_position(str(full)) == deal_code_position(short)
    assert full.variant is short.variant
    assert FullDealCode.from_code(full) == full


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("text", "part", "position", "words"),
    [
        # api-changes.md: full codes of two and three decks exist, and the message lists them
        ("KL1-D1N-" + "A" * 47, "deal number", 8, "(a full deal code has 48, 107 or 167)"),
        ("KL1-D1N-" + "A" * 49, "deal number", 8, "got 49 characters"),
        ("KL1-D1N-" + "A" * 20 + "0" + "A" * 27, "cards", 28, "'0' is not a letter A-Z"),
        # api-changes.md: the too-large message names the largest rank (52! - 1) in letters
        ("KL1-D1N-" + "Z" * 48, "cards", 8, TOO_LARGE_WORDS),
        ("TF1-D1V-" + "A" * 48, "scoring", 6, "no Vegas scoring"),
        ("KL2-D1N-" + "A" * 48, "version", 2, "unsupported deal-code version"),
        ("XX1-D1N-" + "A" * 48, "variant", 0, "unknown variant prefix"),
        # api-changes.md: a draw the game lacks is named with the game
        ("KL1-D2N-" + "A" * 48, "draw", 5, "Klondike has no draw 2"),
        ("KL1-D1N-" + "A" * 40 + "É" + "A" * 7, "format", 48, "not a plain letter"),
    ],
)
def test_bad_full_codes_name_part_and_position(
    text: str, part: str, position: int, words: str
) -> None:
    with pytest.raises(DealCodeError) as info:
        parse_deal_code(text)
    assert (info.value.part, info.value.position) == (part, position)
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)


def test_the_largest_rank_is_accepted_and_one_more_is_not() -> None:
    largest = deck_to_letters(FULL_DECK[::-1])
    assert FullDealCode.parse(f"KL1-D1N-{largest}").deck == FULL_DECK[::-1]
    too_big = to_base26(DECK_ORDERS)
    with pytest.raises(DealCodeError, match=re.escape(TOO_LARGE_WORDS)) as info:
        FullDealCode.parse(f"KL1-D1N-{too_big}")
    assert info.value.position == 8


def test_deal_code_parse_points_to_the_full_reader() -> None:
    with pytest.raises(DealCodeError, match="parse_deal_code") as info:
        DealCode.parse("KL1-D1N-" + "A" * 48)
    assert (info.value.part, info.value.position) == ("deal number", 8)


@pytest.mark.parametrize(
    ("deck", "index", "words"),
    [
        (FULL_DECK[:51], None, "a deck has 52 cards, got 51 (missing: KC)"),
        ((*FULL_DECK, 0), 52, "deck[52] is AS again (already deck[0])"),
        ((0, 5, 5, *FULL_DECK[3:]), 2, "deck[2] is 6S again (already deck[1])"),
        ((*FULL_DECK[:10], 52, *FULL_DECK[11:]), 10, "deck[10] is 52, not a card 0..51"),
        ((*FULL_DECK[:10], True, *FULL_DECK[11:]), 10, "deck[10] is True, not a card 0..51"),
    ],
)
def test_bad_decks_name_the_card(deck: tuple[int, ...], index: int | None, words: str) -> None:
    problem = check_deck(deck)  # explained, not raised
    assert isinstance(problem, DeckError) and isinstance(problem, ValueError)
    assert (problem.index, problem.reason) == (index, words)
    assert str(problem) == f"invalid card order: {words}"
    with pytest.raises(DealCodeError) as info:
        FullDealCode("KL", deck=deck)
    assert info.value.part == "cards" and words in str(info.value)
    with pytest.raises(DealCodeError, match="cards"):
        deck_rank(deck)
    with pytest.raises(InvalidArgumentError, match=re.escape(words)):
        deal_deck(KLONDIKE, deck)
    with pytest.raises(InvalidArgumentError, match="cannot deal"):
        Game(KLONDIKE, deck=deck)


@pytest.mark.parametrize("rank", [-1, DECK_ORDERS, 1.0])
def test_bad_ranks(rank: Any) -> None:
    with pytest.raises(DealCodeError, match=re.escape("0 .. 52! - 1")):
        deck_from_rank(rank)


# ---------------------------------------------------------------- games and saves


def test_game_from_a_full_code_plays_like_the_deal_number() -> None:
    short = Game.from_code("KL1-D3N-AAAAAAG")
    full_code = FullDealCode.from_code(DealCode.parse("KL1-D3N-AAAAAAG"))
    full = Game.from_code(str(full_code))
    assert full.code == full_code and full.deal_number is None
    assert full.deck == short.deck == full_code.deck
    for move in ("1f", "7f", "54", "d", "wf"):
        assert short.try_play(move) == full.try_play(move)
    assert full.position == short.position and full.score == short.score
    assert "KL1-D3N-" in repr(full)


def test_game_needs_exactly_one_deal() -> None:
    # Game also takes a start position now (Game(variant, start=...), see its docstring),
    # so both refusals name the three ways to start a game
    exactly_one = "exactly one of a deal number, a deck and a start position"
    with pytest.raises(InvalidArgumentError, match=exactly_one):
        Game(KLONDIKE)
    with pytest.raises(InvalidArgumentError, match=exactly_one):
        Game(KLONDIKE, 6, deck=FULL_DECK)
    game = Game(TRADITIONAL, deck=FULL_DECK[::-1])
    assert game.position == deal_deck(TRADITIONAL, FULL_DECK[::-1])
    assert game.deal_number is None and game.code is None
    assert "dealt from a card order" in repr(game)
    assert Game(KLONDIKE, 6).deck == DealCode("KL", deal_number=6).deck
    assert Game(KLONDIKE, 6).position == deal_position(KLONDIKE, 6)


def played(game: Game) -> Game:
    for text in ("d", "d", "r" if game.position.stock == () else "d"):
        game.try_play(text)
    game.undo()
    return game


def test_save_of_a_full_code_game_round_trips(tmp_path: Path) -> None:
    deck = deck_from_rank(123456789 * 10**50)
    game = played(Game.from_code(FullDealCode("KL", draw=3, deck=deck)))
    document = save_document(game)
    assert document["code"] == str(game.code)
    assert document["deal_number"] is None
    assert document["deck"] == [CARD_TEXTS[card] for card in deck]
    path = tmp_path / "full.json"
    save_game(game, path)
    loaded = load_game(path)
    assert loaded == game and loaded.code == game.code and loaded.deck == deck


def test_save_of_a_deck_game_without_code_round_trips() -> None:
    game = played(Game(TRADITIONAL, deck=FULL_DECK[::-1]))
    document = save_document(game)
    assert document["code"] is None and document["deal_number"] is None
    assert load_document(document) == game


def test_saves_of_numbered_deals_have_no_deck() -> None:
    assert "deck" not in save_document(Game.from_code("KL1-D1N-AAAAAAG"))


def reseal(document: dict[str, Any]) -> dict[str, Any]:
    game_document = {key: value for key, value in document.items() if key != "checksum"}
    canonical = json.dumps(game_document, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return {**game_document, "checksum": hashlib.sha256(canonical.encode("ascii")).hexdigest()}


@pytest.mark.parametrize(
    ("change", "match"),
    [
        ({"deck": None}, "wrong type"),
        ({"deck": "AS 2S"}, "wrong type"),
        ({"deck": [CARD_TEXTS[card] for card in FULL_DECK]}, "code and deck disagree"),
        ({"deck": ["AS"] * 52}, "deck: deck[1] is AS again"),
        ({"deck": ["ZZ", *list(CARD_TEXTS[1:])]}, "deck[0]"),
        ({"deck": [1, *list(CARD_TEXTS[1:])]}, "deck[0] is not a string"),
        ({"deal_number": 6}, "a document with a deal_number has no deck"),
        ({"code": "KL1-D1N-AAAAAAG", "deal_number": None}, "disagree"),
        ({"code": "TF1-D3N-" + "A" * 48}, "disagree"),
    ],
)
def test_tampered_full_code_saves_are_refused(change: dict[str, Any], match: str) -> None:
    game = Game.from_code(FullDealCode("KL", draw=3, deck=FULL_DECK[::-1]))
    document = {**save_document(game), **change}
    with pytest.raises(SaveFileError, match=re.escape(match)):
        load_document(reseal(document))


def test_a_numbered_save_without_deck_field_but_null_number_is_refused() -> None:
    document = {**save_document(Game.from_code("KL1-D1N-AAAAAAG")), "code": None}
    document["deal_number"] = None
    with pytest.raises(SaveFileError, match="no deck"):
        load_document(reseal(document))


def test_full_code_game_replays_a_line_to_the_same_score() -> None:
    code = FullDealCode.from_code(DealCode("KL", draw=1, scoring=Scoring.VEGAS, deal_number=6))
    game = Game.from_code(code)
    game.play(Move.parse("7f"))
    assert game.score_text == "-$47"
    assert Game.from_code(str(code)).variant == code.variant
    assert Game.from_code(FullDealCode("KL", draw=3)).variant is KLONDIKE_DRAW_3


def test_repr_rebuilds_the_code() -> None:
    code = FullDealCode("TF", draw=3, deck=FULL_DECK[::-1])
    assert repr(code) == f"FullDealCode.parse({str(code)!r})"
    assert eval(repr(code), {"FullDealCode": FullDealCode}) == code
    assert hash(code) == hash(FullDealCode.parse(str(code)))
