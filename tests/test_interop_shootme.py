"""Klondike-Solver (ShootMe) deal strings and solutions (interop/shootme.py).

The reference is Klondike-Solver itself, through the ``pyksolve`` package (a
test-only dependency): it loads our deal strings, prints its own layout of them
(``get_pysol``: talon, then columns with face-down cards in brackets), deals its
own games (``shuffle1``), and solves deals (``solve_fast``). Its README gives
the card digits (ace of spades ``014``, four of diamonds ``042``).

What must hold (issue 6):

* deal strings round-trip, and Klondike-Solver lays out our deal string exactly
  as our engine deals the same deck;
* its solutions for 24 deals (draw 1 and draw 3), translated into our moves,
  replay to a win on our engine, and translate back to its exact text;
* a solution our solver finds for those deals replays after export/import;
* bad input names the position.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pyksolve import solver as ksolver  # type: ignore[import-untyped]

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    Game,
    Move,
    Position,
    Variant,
    deal_code_position,
    deal_deck,
    parse_card,
    shuffled_deck,
    solve,
)
from solitaire_core.cards import CARD_TEXTS, FULL_DECK
from solitaire_core.interop import (
    DealImportError,
    NotationError,
    decode_shootme_deal,
    encode_shootme_deal,
    format_pysol_deck,
    format_shootme_solution,
    parse_pysol_layout,
    parse_shootme_solution,
)

decks = st.permutations(list(range(52))).map(tuple)

# Deals (our deal numbers) that Klondike-Solver's fast search (20,000 states) and
# our solver (3,000 positions) both win; found by scanning deals 0..79 once.
DRAW_1_DEALS = (3, 8, 9, 10, 13, 18, 20, 22, 24, 27, 30, 31)
DRAW_3_DEALS = (6, 9, 10, 11, 12, 14, 16, 22, 24, 27, 29, 30)
CASES = [(KLONDIKE, number) for number in DRAW_1_DEALS] + [
    (KLONDIKE_DRAW_3, number) for number in DRAW_3_DEALS
]


@pytest.fixture(scope="module")
def klondike_solver() -> ksolver.Solitaire:
    return ksolver.Solitaire()


def ks_solution(solitaire: ksolver.Solitaire, deck: tuple[int, ...], draw: int) -> str:
    """Klondike-Solver's solution of a deck (asserting it found one)."""
    assert solitaire.load_solitaire(encode_shootme_deal(deck)) is not False
    solitaire.reset_game(draw)
    result = solitaire.solve_fast(max_closed_count=20_000)
    assert abs(result.value) == 1, f"Klondike-Solver did not solve this deal: {result}"
    text: str = solitaire.moves_made()
    return text


# ---------------------------------------------------------------- deal strings


def test_readme_digits() -> None:
    # the README: "an Ace of spades is 014. A 4 of diamonds is represented by 042."
    deck = (parse_card("AS"), parse_card("4D"), *(c for c in FULL_DECK if c not in (0, 29)))
    text = encode_shootme_deal(deck)
    assert text[:6] == "014042"
    assert decode_shootme_deal(text) == deck


def test_index_order_deck() -> None:
    text = encode_shootme_deal(FULL_DECK)
    assert len(text) == 156
    assert text[:9] == "014024034"  # AS 2S 3S
    assert text[36:42] == "134013"  # KS AH
    assert text[-3:] == "131"  # KC
    assert decode_shootme_deal(f"  {text}\n") == FULL_DECK


@given(deck=decks)
def test_deal_strings_round_trip(deck: tuple[int, ...]) -> None:
    text = encode_shootme_deal(deck)
    assert len(text) == 156 and text.isdigit()
    assert decode_shootme_deal(text) == deck


@pytest.mark.parametrize("number", [0, 1, 6, 123456, 8031810175])
def test_klondike_solver_lays_out_our_deal_as_we_deal_it(
    klondike_solver: ksolver.Solitaire, number: int
) -> None:
    deck = shuffled_deck(number)
    assert klondike_solver.load_solitaire(encode_shootme_deal(deck)) is not False
    klondike_solver.reset_game(1)
    assert klondike_solver.get_solitaire() == encode_shootme_deal(deck)
    # its own text of the layout: talon in drawing order, columns bottom to top
    assert klondike_solver.get_pysol() == format_pysol_deck(deck).rstrip("\n")


@pytest.mark.parametrize("seed", [1, 2, 42, 1000, 2**31 - 1])
def test_klondike_solver_own_deals_read_the_same_both_ways(
    klondike_solver: ksolver.Solitaire, seed: int
) -> None:
    klondike_solver.shuffle1(seed)
    klondike_solver.reset_game(1)
    deck = decode_shootme_deal(klondike_solver.get_solitaire())
    assert parse_pysol_layout(klondike_solver.get_pysol()) == deck
    assert encode_shootme_deal(deck) == klondike_solver.get_solitaire()


@pytest.mark.parametrize(
    ("text", "position", "words"),
    [
        ("014" * 51, None, "expected 156 digits"),
        ("014" * 53, None, "got 159 characters"),
        ("", None, "got 0 characters"),
        # card 3 (deck[2]) repeats the ace of spades: named at its first character
        (
            "014024014" + encode_shootme_deal(FULL_DECK)[9:],
            6,
            "deck[2] (characters 6-8) is AS again",
        ),
        # a suit digit 5 in deck[4]
        (
            encode_shootme_deal(FULL_DECK)[:14] + "5" + encode_shootme_deal(FULL_DECK)[15:],
            14,
            "unknown suit digit '5'",
        ),
        (
            encode_shootme_deal(FULL_DECK)[:14] + "0" + encode_shootme_deal(FULL_DECK)[15:],
            14,
            "deck[4] (characters 12-14): unknown suit digit '0'",
        ),
        ("144" + encode_shootme_deal(FULL_DECK)[3:], 0, "rank '14' is not 01"),
        ("004" + encode_shootme_deal(FULL_DECK)[3:], 0, "rank '00' is not 01"),
        (
            encode_shootme_deal(FULL_DECK)[:100] + "x" + encode_shootme_deal(FULL_DECK)[101:],
            100,
            "deck[33] (characters 99-101): 'x' is not a digit",
        ),
    ],
)
def test_bad_deal_strings_name_the_position(text: str, position: int | None, words: str) -> None:
    with pytest.raises(DealImportError) as info:
        decode_shootme_deal(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert (error.source, error.position) == ("shootme", position)
    assert words in str(error)


def test_encoding_refuses_a_non_deck() -> None:
    with pytest.raises(ValueError, match=re.escape("deck[1] is AS again")):
        encode_shootme_deal((0, 0, *FULL_DECK[2:]))


# ---------------------------------------------------------------- solutions


@pytest.mark.parametrize(
    ("variant", "number"), CASES, ids=[f"draw{v.draw_count}-{n}" for v, n in CASES]
)
def test_klondike_solver_solutions_win_on_our_engine(
    klondike_solver: ksolver.Solitaire, variant: Variant, number: int
) -> None:
    deck = shuffled_deck(number)
    text = ks_solution(klondike_solver, deck, variant.draw_count)
    opening = deal_deck(variant, deck)
    moves = parse_shootme_solution(text, variant, opening)
    game = Game(variant, number)
    for move in moves:
        game.play(move)
    assert game.is_won
    # and back: exactly Klondike-Solver's tokens
    assert format_shootme_solution(moves, variant, opening).split() == text.split()


@pytest.mark.parametrize(
    ("variant", "number"), CASES, ids=[f"draw{v.draw_count}-{n}" for v, n in CASES]
)
def test_our_solutions_replay_after_export_and_import(variant: Variant, number: int) -> None:
    opening = deal_deck(variant, shuffled_deck(number))
    result = solve(variant, opening, max_positions=3_000)
    assert result.is_solved
    text = format_shootme_solution(result.moves, variant, opening)
    assert re.fullmatch(r"((DR\d+|NEW|F[1-7]|[W1-7CDSH][1-7CDSH](-\d+)?) ?)+", text)
    back = parse_shootme_solution(text, variant, opening)
    assert back == result.moves
    game = Game(variant, number)
    for move in back:
        game.play(move)
    assert game.is_won


@pytest.mark.parametrize("seed", [2, 3, 4])
def test_klondike_solver_own_deals_and_solutions_win(
    klondike_solver: ksolver.Solitaire, seed: int
) -> None:
    klondike_solver.shuffle1(seed)  # its own shuffle, read back through its deal string
    klondike_solver.reset_game(1)
    deck = decode_shootme_deal(klondike_solver.get_solitaire())
    text = ks_solution(klondike_solver, deck, 1)
    game = Game(KLONDIKE, deck=deck)
    for move in parse_shootme_solution(text, KLONDIKE, game.position):
        game.play(move)
    assert game.is_won


# ---------------------------------------------------------------- notation, by hand

OPENING_6 = deal_code_position("KL1-D1N-AAAAAAG")
"""Deal 6 (docs/deal-codes.md): AD alone in column 1, AH on column 7 over 4D, QH drawn first."""


@pytest.mark.parametrize(
    ("text", "ours"),
    [
        ("1D 7H F7", "1f 7f"),
        ("1d 7h f7", "1f 7f"),  # case is ignored
        ("1D 7H", "1f 7f"),  # a missing F# is accepted: our moves flip by themselves
        ("DR3 WS", "d d d wf"),  # QH JH AS: the ace of spades goes home
        ("54 F5", "54:1"),  # 9D onto TC, turning column 5's card over
        ("1D 7H F7 DR3 WS 54 F5 DR21 NEW DR1", "1f 7f d d d wf 54:1" + " d" * 21 + " r d"),
    ],
)
def test_tokens_by_hand(text: str, ours: str) -> None:
    moves = parse_shootme_solution(text, KLONDIKE, OPENING_6)
    assert " ".join(str(move) for move in moves) == ours


def hand_position() -> Position:
    """Column 1: 4D face down under KS QH; column 2: QC; hearts home up to JH; the rest in stock."""
    used = {parse_card(text) for text in ("4D", "KS", "QH", "QC")} | {
        parse_card(f"{rank}H") for rank in "A23456789TJ"
    }
    stock = "".join(CARD_TEXTS[card] for card in FULL_DECK if card not in used)
    return Position.from_text(f"4D|KSQH/|QC/|/|/|/|/| {stock} - 0,11,0,0 0")


def test_groups_and_take_backs_both_ways() -> None:
    position = hand_position()
    moves = [Move.parse("13:2"), Move.parse("fh2")]
    assert format_shootme_solution(moves, KLONDIKE, position) == "13-2 F1 H2"
    assert parse_shootme_solution("13-2 F1 H2", KLONDIKE, position) == tuple(moves)
    assert parse_shootme_solution("13-2 H2", KLONDIKE, position) == tuple(moves)
    with pytest.raises(NotationError, match="EMPTY_COLUMN_KING_ONLY") as info:
        parse_shootme_solution("13", KLONDIKE, position)  # QH alone cannot go to an empty column
    assert info.value.index == 0


@pytest.mark.parametrize(
    ("text", "index", "words"),
    [
        ("1D 7H F7 XX", 3, "not a Klondike-Solver move"),
        ("1D 7S", 1, "column 7's top card is AH, not a card of the S foundation"),
        ("DR3 WH", 1, "the waste's top card is AS, not a card of the H foundation"),
        ("1D F1", 1, "did not turn a card over in column 1"),
        ("1D 7H F7 F7", 3, "did not turn a card over in column 7"),
        ("DR0", 0, "draws at least once"),
        ("DR", 0, "not a Klondike-Solver move"),
        ("W1-2", 0, "only the waste's top card"),
        ("1D-2", 0, "one card at a time goes to a foundation"),
        ("SH", 0, "from one foundation to another"),
        ("1D 7H F7 D2-2", 3, "one card at a time comes off a foundation"),
        ("54-0", 0, "the count after '-' must be 1 or more"),
        ("14", 0, "WRONG_RANK"),
        ("1D 7H F7 [DR1 W2]", 3, "not a Klondike-Solver move"),
        ("NEW", 0, "STOCK_NOT_EMPTY"),
        ("DR25", 0, "STOCK_EMPTY"),
        ("11", 0, "SAME_COLUMN"),
        ("1D DR1 W1", 2, "EMPTY_COLUMN_KING_ONLY"),  # QH onto the emptied column 1
        ("1D 7H F7 DR3 WS 54 F5 S1", 7, "EMPTY_COLUMN_KING_ONLY"),  # take-back of AS
    ],
)
def test_bad_solutions_name_the_token(text: str, index: int, words: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_shootme_solution(text, KLONDIKE, OPENING_6)
    error = info.value
    assert isinstance(error, ValueError)
    assert (error.notation, error.index, error.token) == ("shootme", index, text.split()[index])
    assert words in error.reason
    assert f"move {index}" in str(error)


def test_export_of_moves_by_hand() -> None:
    # a Move names its count now (api-changes.md): "54" as a Move is 54:1; as text the
    # shorthand is still resolved against the position, with the same export
    texts = ("1f", "7f", "d", "d", "d", "wf", "54", "d")
    moves = [Move.parse("54:1" if text == "54" else text) for text in texts]
    assert format_shootme_solution(moves, KLONDIKE, OPENING_6) == "1D 7H F7 DR3 WS 54 F5 DR1"
    assert format_shootme_solution(texts, KLONDIKE, OPENING_6) == "1D 7H F7 DR3 WS 54 F5 DR1"
    assert format_shootme_solution(["1f", "7f"], KLONDIKE, OPENING_6) == "1D 7H F7"
    assert format_shootme_solution([], KLONDIKE, OPENING_6) == ""


@pytest.mark.parametrize(
    ("moves", "index", "words"),
    [
        (["1f", "zz"], 1, "expected d, r"),
        (["1f", "w3"], 1, "EMPTY_SOURCE"),
    ],
)
def test_export_of_bad_moves_names_the_move(moves: list[str], index: int, words: str) -> None:
    with pytest.raises(NotationError) as info:
        format_shootme_solution(moves, KLONDIKE, OPENING_6)
    assert (info.value.notation, info.value.index) == ("solitaire-core", index)
    assert words in info.value.reason
