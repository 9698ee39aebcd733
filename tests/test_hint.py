"""The advisory hint of the rule card (solver/hint.py, RULES.md section 9).

Contract tested here:

* the hint never reads hidden cards: changing only what the player cannot see
  (the face-down cards, and the stock before the first recycle) never changes
  it, and the player's view alone gives the same hint;
* the preference order: turn over a hidden card, then free a column for a King
  (only when a King is waiting), then a foundation move that blocks no
  sequence, then a waste play, then a draw; each step is shown on a hand-made
  position where every lower-ranked kind of move is also legal;
* a foundation move that a movable card wants to build on is not suggested;
* the move that only undoes the previous one is never suggested;
* a dead stock (every stock card seen, none playable) with nothing else useful
  gives "no move can change the game any more" (``NO_PROGRESS``), and a stock
  card that can be played after a recycle is reached by the shortest line
  (``PROGRESS``); tests/test_hint_follow.py follows the hint through whole games;
* reasons in English and Hungarian; LocaleError for another locale;
* :meth:`Game.hint` marks the game assisted.

Positions are written with tests/builders.py (``down|up`` per column, cards
bottom to top; ``*`` is every card not named, here face down where it cannot
matter, or the stock by default).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from builders import build
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import reachable_positions

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    KLONDIKE_VEGAS,
    TRADITIONAL,
    Game,
    InvalidArgumentError,
    LocaleError,
    Move,
    Position,
    SolitaireError,
    Variant,
    deal_code_position,
    legal_moves,
    play_move,
    player_view,
)
from solitaire_core.solver import REASONS, Hint, HintKind, hint


def moves_text(variant: Variant, position: Position) -> list[str]:
    return [str(move) for move in legal_moves(variant, position)]


def advice(variant: Variant, position: Position, last: str | None = None) -> tuple[str, HintKind]:
    found = hint(variant, position, last_move=Move.parse(last) if last else None)
    return (str(found.move) if found.move is not None else "-"), found.kind


# --- never reads hidden cards --------------------------------------------------


def shuffle_hidden(position: Position, rng: random.Random) -> Position:
    """The same position with its hidden cards permuted among their places.

    Hidden places: every face-down tableau card, and every stock card before
    the first recycle (after it the player has seen the stock's order).
    """
    places: list[tuple[str, int, int]] = []
    for column, down in enumerate(position.face_down):
        places.extend(("tableau", column, index) for index in range(down))
    if position.recycles == 0:
        places.extend(("stock", 0, index) for index in range(len(position.stock)))
    tableau = [list(pile) for pile in position.tableau]
    stock = list(position.stock)

    def cell(place: tuple[str, int, int]) -> int:
        kind, column, index = place
        return tableau[column][index] if kind == "tableau" else stock[index]

    cards = [cell(place) for place in places]
    rng.shuffle(cards)
    for (kind, column, index), card in zip(places, cards, strict=True):
        if kind == "tableau":
            tableau[column][index] = card
        else:
            stock[index] = card
    shuffled = Position(
        tuple(tuple(pile) for pile in tableau),
        position.face_down,
        tuple(stock),
        position.waste,
        position.foundations,
        position.recycles,
    )
    shuffled.validate()
    return shuffled


@settings(max_examples=80, deadline=None)
@given(reachable_positions(), st.integers(0, 2**32))
def test_hint_is_the_same_whatever_the_hidden_cards(
    case: tuple[Variant, Position], seed: int
) -> None:
    variant, position = case
    expected = hint(variant, position)
    rng = random.Random(seed)
    for _ in range(3):
        other = shuffle_hidden(position, rng)
        assert player_view(other) == player_view(position)
        assert hint(variant, other) == expected
    assert hint(variant, player_view(position)) == expected


@settings(max_examples=80, deadline=None)
@given(reachable_positions())
def test_hint_is_legal_or_none(case: tuple[Variant, Position]) -> None:
    variant, position = case
    found = hint(variant, position)
    stopped = {HintKind.NONE, HintKind.NO_PROGRESS, HintKind.LOST, HintKind.WON}
    if found.move is None:
        assert found.kind in stopped
    else:
        assert found.kind not in stopped
        assert found.move in legal_moves(variant, position)


def test_hidden_cards_that_would_change_a_full_knowledge_choice_do_not_change_the_hint() -> None:
    # Column 1's face-down card is 2D in one position and AS in the other (the
    # other card is in the unseen stock): with AS turned over next, a hint
    # that peeked could prefer another move. The player sees the same board.
    first = build("2D|5H / |6S / |8D / |9C / 3D|KS / |QD AH / 4C|JD", waste="4S")
    second = build("AS|5H / |6S / |8D / |9C / 3D|KS / |QD AH / 4C|JD", waste="4S")
    assert first != second
    assert player_view(first) == player_view(second)
    assert advice(KLONDIKE, first) == advice(KLONDIKE, second) == ("12:1", HintKind.FLIP)


# --- the preference order --------------------------------------------------------

# One family of positions, each a small change of the one before:
#   column 1: 2D face down under 5H; 5H onto 6S (column 2) turns 2D over (flip);
#   column 3: 8D alone; 8D onto 9C (column 4) empties column 3 (free a column);
#   column 5: KS lying on a face-down 3D: a King waiting for an empty column;
#   column 6: AH on QD: AH home (foundation; nothing can ever go on an Ace);
#   waste: 4S, which fits 5H (waste play); stock: the rest, unseen (draw).
FLIP = build("2D|5H / |6S / |8D / |9C / 3D|KS / |QD AH / 4C|JD", waste="4S")
FREE_COLUMN = build("|2D 5H / |6S / |8D / |9C / 3D|KS / |QD AH / 4C|JD", waste="4S")
"""As FLIP but 2D face up: moving 5H turns nothing over."""
FOUNDATION = build("|2D 5H / |6S / |8D / |9C / |KS / |QD AH / 4C3D|JD", waste="4S")
"""As FREE_COLUMN but KS at the bottom of column 5: no King is waiting."""
WASTE = build("|2D 5H / |6S / |8D / |9C / |KS / |QD / 4C3D|JD", waste="4S", foundations="0,1,0,0")
"""As FOUNDATION but AH already home."""
DRAW = build("|2D 5H / |6S / |8D / |9C / |KS / |QD / 4C3D|JD", waste="-", foundations="0,1,0,0")
"""As WASTE but the waste empty."""


def test_a_flip_beats_every_other_kind() -> None:
    assert moves_text(KLONDIKE, FLIP) == ["6f", "12:1", "34:1", "65:2", "w1", "d"]
    assert advice(KLONDIKE, FLIP) == ("12:1", HintKind.FLIP)


def test_freeing_a_column_for_a_waiting_king_beats_a_foundation_move() -> None:
    assert moves_text(KLONDIKE, FREE_COLUMN) == ["6f", "12:1", "34:1", "65:2", "w1", "d"]
    assert advice(KLONDIKE, FREE_COLUMN) == ("34:1", HintKind.FREE_COLUMN)


def test_no_column_is_freed_when_no_king_is_waiting() -> None:
    # 34:1 and 65:2 still empty a column, but KS already lies at the bottom of
    # its column and no other King is in sight.
    assert moves_text(KLONDIKE, FOUNDATION) == ["6f", "12:1", "34:1", "65:2", "w1", "d"]
    assert advice(KLONDIKE, FOUNDATION) == ("6f", HintKind.FOUNDATION)


def test_a_king_on_the_waste_is_waiting_too() -> None:
    position = build("|2D 5H / |6S / |8D / |9C / |KS / |QD AH / 4C3D|JD", waste="KH")
    assert advice(KLONDIKE, position) == ("34:1", HintKind.FREE_COLUMN)


def test_a_foundation_move_beats_a_waste_play() -> None:
    # FOUNDATION has both 6f and w1 (4S onto 5H); 6f wins.
    assert advice(KLONDIKE, FOUNDATION)[0] == "6f"


def test_a_waste_play_beats_a_draw() -> None:
    assert moves_text(KLONDIKE, WASTE) == ["12:1", "34:1", "65:1", "w1", "d"]
    assert advice(KLONDIKE, WASTE) == ("w1", HintKind.WASTE)


def test_a_draw_when_nothing_better() -> None:
    assert moves_text(KLONDIKE, DRAW) == ["12:1", "34:1", "65:1", "d"]
    assert advice(KLONDIKE, DRAW) == ("d", HintKind.DRAW)


def test_the_opening_of_deal_6() -> None:
    # Deal 6 (RULES.md section 8): AD alone in column 1, AH on top of column 7
    # over six face-down cards: 7f turns one over; 1f only empties a column
    # with no King waiting.
    position = deal_code_position("KL1-D1N-AAAAAAG")
    assert advice(KLONDIKE, position) == ("7f", HintKind.FLIP)


def test_no_column_is_freed_when_one_is_already_empty() -> None:
    position = build("| / |6S / |8D / |9C / |KS / |QD AH / 4C3D|JD", waste="KH")
    assert "w1" in moves_text(KLONDIKE, position)
    assert advice(KLONDIKE, position)[1] is not HintKind.FREE_COLUMN


# --- foundation moves that would block a sequence --------------------------------

# 5H on top of column 3 can go home (hearts are home to 4H).
BLOCKED_BY_WASTE = build(
    "|KS / |QD / |8D 5H / |9C / |KH / |KD / 4S|JD", waste="4C", foundations="0,4,0,0"
)
"""4C on the waste could go on 5H."""
BLOCKED_BY_COLUMN = build(
    "|KS / |QD / |8D 5H / |9C / |KH / |KD 4C / 4S|JD", waste="TC", foundations="0,4,0,0"
)
"""4C on top of column 6 could go on 5H."""
NOT_BLOCKED = build(
    "|KS / |QD / |8D 5H / |9C / |KH / |KD / 4S|JD", waste="TC", foundations="0,4,0,0"
)
"""No black 4 in sight: 5H home blocks nothing."""


def test_a_card_waiting_on_the_waste_keeps_its_target_out_of_the_foundation() -> None:
    assert "3f" in moves_text(KLONDIKE, BLOCKED_BY_WASTE)
    assert advice(KLONDIKE, BLOCKED_BY_WASTE) == ("w3", HintKind.WASTE)


def test_a_card_waiting_on_a_column_keeps_its_target_out_of_the_foundation() -> None:
    assert "3f" in moves_text(KLONDIKE, BLOCKED_BY_COLUMN)
    assert advice(KLONDIKE, BLOCKED_BY_COLUMN) == ("w7", HintKind.WASTE)


def test_a_foundation_move_that_blocks_nothing_is_suggested() -> None:
    assert advice(KLONDIKE, NOT_BLOCKED) == ("3f", HintKind.FOUNDATION)


# --- never undo the previous move -----------------------------------------------

BEFORE_TAKEBACK = build("|KS / |QD / |6S / |9C / |KH / |KD / 4S|JD", foundations="0,5,0,0")
AFTER_TAKEBACK = play_move(KLONDIKE, BEFORE_TAKEBACK, Move.parse("fh3"))
"""5H taken back from its foundation onto 6S (column 3)."""


def test_the_take_back_just_made_is_not_reversed() -> None:
    assert moves_text(KLONDIKE, AFTER_TAKEBACK) == ["3f", "21:1", "d"]
    # Without history, 5H home is a fine foundation move...
    assert advice(KLONDIKE, AFTER_TAKEBACK) == ("3f", HintKind.FOUNDATION)
    assert advice(KLONDIKE, AFTER_TAKEBACK, last="d") == ("3f", HintKind.FOUNDATION)
    # ...but right after taking it back, sending it home only undoes that.
    assert advice(KLONDIKE, AFTER_TAKEBACK, last="fh3") == ("d", HintKind.DRAW)


def test_game_hint_knows_the_last_move() -> None:
    # Deal 111 (KL1-D1N-AAAAAEH): 6f sends AH home and turns KS over; fh3
    # takes AH back onto 2C. Its reversal, 3f, is not suggested.
    game = Game.from_code("KL1-D1N-AAAAAEH")
    game.play(Move.parse("6f"))
    game.play(Move.parse("fh3"))
    assert [str(move) for move in game.legal_moves] == ["3f", "d"]
    assert advice(KLONDIKE, game.position) == ("3f", HintKind.FOUNDATION)
    found = game.hint()
    assert (str(found.move), found.kind) == ("d", HintKind.DRAW)


# --- a dead stock ----------------------------------------------------------------

# Every Queen face down under a King, every Ten face down under its Jack; nothing
# on the tableau can move (see tests/test_solver.py, DEAD_STOCK).
LOCKED_TABLEAU = "QS|KH/QH|KD/QDQC|KC/TH|JH/TS|JS/TD|JD/TC|JC"


def test_a_dead_stock_after_a_recycle_gives_no_useful_move() -> None:
    position = Position.from_text(f"{LOCKED_TABLEAU} - KS 9,9,9,9 1")
    assert moves_text(KLONDIKE, position) == ["r"]
    found = hint(KLONDIKE, position)
    assert found == Hint(None, HintKind.NO_PROGRESS)
    assert found.reason() == "no move can change the game any more"
    assert found.reason("hu") == "egyetlen lépés sem változtat már a játszmán"


def test_a_seen_stock_card_that_plays_is_worth_a_recycle() -> None:
    # 9S under KS in the waste: r then d puts 9S on top, and it goes home.
    position = Position.from_text(f"{LOCKED_TABLEAU} - 9SKS 8,9,9,9 1")
    assert advice(KLONDIKE, position) == ("r", HintKind.PROGRESS)
    # In draw 3 the recycle turns 9S and KS together and 9S never comes on top.
    assert advice(KLONDIKE_DRAW_3, position) == ("-", HintKind.NO_PROGRESS)


def test_a_known_dead_stock_card_is_not_drawn() -> None:
    # KS alone in the stock, seen on an earlier pass (one recycle used).
    position = Position.from_text(f"{LOCKED_TABLEAU} KS - 9,9,9,9 1")
    assert moves_text(KLONDIKE, position) == ["d"]
    assert advice(KLONDIKE, position) == ("-", HintKind.NO_PROGRESS)


def test_an_unseen_stock_is_always_worth_a_draw() -> None:
    # The same cards before any recycle: the player has not seen KS yet.
    position = Position.from_text(f"{LOCKED_TABLEAU} KS - 9,9,9,9 0")
    assert advice(KLONDIKE, position) == ("d", HintKind.DRAW)


@pytest.mark.parametrize("variant", [KLONDIKE_VEGAS, TRADITIONAL])
def test_no_recycle_left_and_nothing_else_gives_no_useful_move(variant: Variant) -> None:
    position = Position.from_text(f"{LOCKED_TABLEAU} - KS 9,9,9,9 0")
    assert moves_text(variant, position) == []
    assert advice(variant, position) == ("-", HintKind.NO_PROGRESS)


# --- reasons ----------------------------------------------------------------------

ENGLISH = {
    HintKind.FLIP: "turns over a hidden card",
    HintKind.FREE_COLUMN: "frees a column for a King",
    HintKind.FOUNDATION: "advances a foundation without blocking a sequence",
    HintKind.WASTE: "plays the waste card onto the tableau",
    HintKind.DRAW: "turns new cards from the stock",
    HintKind.PROGRESS: "leads by the shortest way to a card turned, played or sent home",
    HintKind.WINNING_LINE: "every card is known: this move is on a winning line",
    HintKind.NO_PROGRESS: "no move can change the game any more",
    HintKind.LOST: "every card is known: the game can no longer be won",
    HintKind.LIKELY_WIN: "wins in the most of the ways the unseen cards could lie",
    HintKind.NONE: "no useful move",
    HintKind.WON: "the game is won",
}
HUNGARIAN = {
    HintKind.FLIP: "felfordít egy rejtett lapot",
    HintKind.FREE_COLUMN: "oszlopot szabadít fel egy királynak",
    HintKind.FOUNDATION: "halad az alapon, és nem zár el sorozatot",
    HintKind.WASTE: "a dobópakli lapját az oszlopokra teszi",
    HintKind.DRAW: "új lapokat fordít a húzópakliból",
    HintKind.PROGRESS: (
        "a legrövidebb úton vezet egy felfordított, kijátszott vagy alapra tett laphoz"
    ),
    HintKind.WINNING_LINE: "minden lap ismert: ez a lépés egy nyerő úton van",
    HintKind.NO_PROGRESS: "egyetlen lépés sem változtat már a játszmán",
    HintKind.LOST: "minden lap ismert: a játszma már nem nyerhető meg",
    HintKind.LIKELY_WIN: "a rejtett lapok legtöbb lehetséges elrendezésében nyer",
    HintKind.NONE: "nincs hasznos lépés",
    HintKind.WON: "a játszma megnyerve",
}


@pytest.mark.parametrize("kind", list(HintKind))
def test_reasons_in_english_and_hungarian(kind: HintKind) -> None:
    found = Hint(None if kind in (HintKind.NONE, HintKind.WON) else Move.parse("d"), kind)
    assert found.reason() == found.reason("en") == ENGLISH[kind]
    assert found.reason("hu") == HUNGARIAN[kind]
    assert REASONS["en"][kind] == ENGLISH[kind]
    assert REASONS["hu"][kind] == HUNGARIAN[kind]
    assert found.reason("el")  # Greek exists too


def test_every_locale_has_every_reason() -> None:
    for locale, reasons in REASONS.items():
        assert set(reasons) == set(HintKind), locale
        assert all(text and text == text.strip() for text in reasons.values())


@pytest.mark.parametrize("locale", ["xx", "", "EN", "de"])
def test_an_unknown_locale_raises_locale_error(locale: str) -> None:
    found = Hint(Move.parse("d"), HintKind.DRAW)
    with pytest.raises(LocaleError) as raised:
        found.reason(locale)
    assert isinstance(raised.value, SolitaireError)
    assert isinstance(raised.value, ValueError)
    assert raised.value.locale == locale


# --- the game session -------------------------------------------------------------


def test_game_hint_marks_the_game_assisted_and_changes_nothing_else() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    assert not game.assisted
    before = (game.position, game.score, game.moves_made, game.moves)
    found = game.hint()
    assert (str(found.move), found.kind) == ("7f", HintKind.FLIP)
    assert game.assisted
    assert (game.position, game.score, game.moves_made, game.moves) == before


BAD_HINT_ARGUMENTS: list[tuple[str, dict[str, Any]]] = [
    ("variant", {"variant": "KL1-D1N"}),
    ("position", {"position": None}),
    ("last_move", {"last_move": "d"}),
    ("seen", {"seen": None}),
    ("seen", {"seen": [1]}),
    ("seen", {"seen": "ab"}),
]


@pytest.mark.parametrize(("name", "changed"), BAD_HINT_ARGUMENTS)
def test_hint_refuses_an_argument_of_the_wrong_type(name: str, changed: dict[str, Any]) -> None:
    arguments: dict[str, Any] = {
        "variant": KLONDIKE,
        "position": deal_code_position("KL1-D1N-AAAAAAG"),
        **changed,
    }
    with pytest.raises(InvalidArgumentError, match=f"^{name} must"):
        hint(**arguments)
