"""The game session (RULES.md sections 5-7): play, check, undo, redo, counter, settings.

Deal 6 (``AAAAAAG``) is used throughout: ``AD`` alone in column 1, ``AH`` on top
of column 7 over 6 face-down cards, ``9D`` (column 5, over 4 face-down cards)
fits ``TC`` (column 4); the opening's legal moves are ``1f 7f 54:1 d``.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import deal_numbers

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    KLONDIKE_VEGAS,
    REFLECHI,
    REFLECHI_DRAW_3,
    RULE_CARD,
    TRADITIONAL_DRAW_3,
    DealCode,
    DealCodeError,
    FullDealCode,
    Game,
    GameSettings,
    Hint,
    HintKind,
    IllegalMoveError,
    Move,
    MoveParseError,
    Position,
    RuleId,
    Variant,
    apply_move,
    card_text,
    deal_position,
    parse_card,
    shuffled_deck,
)
from solitaire_core.game import DEFAULT_UNDO_LIMIT, load_document, save_document
from solitaire_core.scoring import apply_points

DATA = Path(__file__).parent / "data"
WINNING_GAMES: list[dict[str, Any]] = json.loads(
    (DATA / "winning_games.json").read_text(encoding="utf-8")
)
VECTORS: dict[str, dict[str, Any]] = {
    entry["code"]: entry
    for entry in json.loads((DATA / "deal_vectors.json").read_text(encoding="utf-8"))
}


def moves(text: str) -> list[Move]:
    # Card moves name their count (api-changes.md: Move.parse("54") now raises).
    return [Move.parse(token) for token in text.split()]


def copy_of(game: Game) -> Game:
    """An independent copy (through the save document)."""
    return load_document(save_document(game))


def state(game: Game) -> tuple[object, ...]:
    """What a player can see of a game, compared without Game.__eq__."""
    return (
        game.position,
        game.score,
        game.score_text,
        game.moves_made,
        game.moves,
        game.actions,
        game.undo_depth,
        game.redo_depth,
        game.assisted,
    )


def replayed(variant: Variant, deal_number: int, line: list[Move]) -> Position:
    position = deal_position(variant, deal_number)
    for move in line:
        position = apply_move(variant, position, move)
    return position


def home_cards(position: Position) -> Counter[int]:
    """Every card on the foundations, counted (two decks: two copies)."""
    slots = range(len(position.foundations))
    return Counter(card for slot in slots for card in position.foundation_cards(slot))


def folded_score(variant: Variant, deal_number: int, line: list[Move]) -> int:
    """The policy applied move by move along ``line`` from the deal (floor included).

    First arrivals (RULES.md section 7, revised) are counted here independently
    of the game: an arrival is a first one when it puts more copies of the card
    on the foundations than ever before in the game (one deck: the card had
    never been home); any other arrival is a repeat.
    """
    policy = variant.scoring
    position = deal_position(variant, deal_number)
    score = policy.initial
    most: Counter[int] = Counter()
    for move in line:
        after = apply_move(variant, position, move)
        repeats = 0
        home = home_cards(after)
        for card, copies in (home - home_cards(position)).items():
            if home[card] > most[card]:
                most[card] = home[card]
            else:
                repeats += copies
        points = policy.points(variant.draw_count, position, move, after, repeat_arrivals=repeats)
        score = apply_points(policy, score, points)
        position = after
    return score


# --- starting a game -----------------------------------------------------------------


def test_from_code() -> None:
    game = Game.from_code(" kl1-d1n-aaaaaag ")
    assert game.code == DealCode.parse("KL1-D1N-AAAAAAG")
    assert game.variant == KLONDIKE
    assert game.deal_number == 6
    assert game.position == deal_position(KLONDIKE, 6)
    assert card_text(game.position.tableau[0][-1]) == "AD"  # RULES.md section 8 check value
    assert (game.score, game.moves_made, game.undo_depth, game.redo_depth) == (0, 0, 0, 0)
    assert game.moves == () and game.actions == ()
    assert not game.assisted and not game.is_won
    assert [str(m) for m in game.legal_moves] == ["1f", "7f", "54:1", "d"]
    assert list(game.generate_moves()) == list(game.legal_moves)
    assert game.settings == GameSettings() and game.settings.undo_limit == 100
    assert Game.from_code(DealCode.parse("KL1-D1V-AAAAAAG")).variant == KLONDIKE_VEGAS
    with pytest.raises(DealCodeError):
        Game.from_code("KL1-D2N-AAAAAAG")


def test_from_variant_and_deal_number() -> None:
    game = Game(KLONDIKE_DRAW_3, 6, settings=GameSettings.relaxed())
    # api-changes.md: a registered variant with a code prefix now knows its deal code
    assert game.code == DealCode.parse("KL1-D3N-AAAAAAG")
    assert game.position == Game.from_code("KL1-D3N-AAAAAAG").position
    assert game.settings.undo_limit is None
    assert "KL1-D3N-AAAAAAG" in repr(game)
    # a variant without a code prefix still has no code, and the repr names it and the deal
    traditional = Game(TRADITIONAL_DRAW_3, 6)
    assert traditional.code is None
    assert "Traditional Klondike draw 3 #6" in repr(traditional)
    assert traditional.position == game.position  # the same deal; only the rules differ
    tf = Game(REFLECHI, 6)
    assert tf.position.face_down == (0,) * 7  # Réfléchi: all face up
    assert tf.position.tableau == game.position.tableau  # same deal number, same cards


def test_settings() -> None:
    assert DEFAULT_UNDO_LIMIT == 100
    assert GameSettings().undo_limit == 100
    assert GameSettings.relaxed().undo_limit is None
    assert GameSettings(undo_limit=0).undo_limit == 0
    with pytest.raises(ValueError, match="undo_limit"):
        GameSettings(undo_limit=-1)


# --- play, check, is_legal, try_play -------------------------------------------------


def test_play_check_is_legal_try_play() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    assert game.check(Move.parse("1f")) is None and game.is_legal(Move.parse("1f"))
    refusal = game.check(Move.parse("w3"))
    assert refusal is not None and refusal.rule is RuleId.EMPTY_SOURCE
    assert not game.is_legal(Move.parse("w3"))
    # shorthand needs the position now (api-changes.md): the game resolves the text
    with pytest.raises(MoveParseError):
        Move.parse("54")
    played = game.play("54")  # resolved: the count is filled in
    assert str(played) == "54:1"
    assert game.moves == (Move.parse("54:1"),)
    assert list(game.actions) == ["54:1"]
    assert game.try_play(Move.parse("1f")) is None  # legal: played
    assert list(game.actions) == ["54:1", "1f"]
    assert game.moves_made == 2


@pytest.mark.parametrize("notation", ["w3", "12", "2f", "fs1", "r", "74", "55", "wf:2"])
def test_refused_move_changes_nothing(notation: str) -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.play(Move.parse("1f"))
    game.play(Move.draw())
    game.undo()  # an undo and a redo waiting, so every part of the state is non-trivial
    before = copy_of(game)
    seen = state(game)
    # The notation as text (shorthand like "12" is resolved by the game, api-changes.md)
    # and as the resolved Move: both are refused the same way and change nothing.
    for move in (notation, game.parse_move(notation)):
        refusal = game.check(move)
        assert refusal is not None
        with pytest.raises(IllegalMoveError) as raised:
            game.play(move)
        assert raised.value.refusal == refusal
        assert game == before
        assert state(game) == seen
        assert game.try_play(move) == refusal
        assert game == before
        assert state(game) == seen
        assert game.redo_depth == 1  # a refused play does not clear the redo stack


# --- undo ----------------------------------------------------------------------------


def test_undo_restores_position_and_score_counter_keeps_going() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    opening = game.position
    game.play(Move.parse("1f"))  # +10
    after_1f = game.position
    game.play(Move.parse("7f"))  # +10 +5 flip = 25
    assert game.position.face_down == (0, 1, 2, 3, 4, 5, 5)
    undone = game.undo()
    assert str(undone) == "7f"
    assert game.position == after_1f
    assert game.position.face_down == (0, 1, 2, 3, 4, 5, 6)  # the flipped card is face down again
    assert game.score == 10
    assert game.moves_made == 2  # the counter does not go down
    assert game.moves == (Move.parse("1f"),)
    game.undo()
    assert game.position == opening
    assert (game.score, game.moves_made, game.undo_depth) == (0, 2, 0)
    assert game.actions == ("1f", "7f", "u", "u")


def test_undo_restores_a_score_the_floor_clipped() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    for move in moves("1f 7f 54:1"):  # 10, 25, 30
        game.play(move)
    for _ in range(24):
        game.play(Move.draw())
    before = game.position
    game.play(Move.recycle())  # 30 - 100 -> 0
    assert game.score == 0
    game.undo()
    assert game.score == 30  # not 0 + 100, not 0
    assert game.position == before


def test_undo_draw_3_restores_stock_waste_and_face_down() -> None:
    game = Game.from_code("KL1-D3N-AAAAAAG")
    first_drawn = VECTORS["KL1-D3N-AAAAAAG"]["stock"]  # golden file, first card drawn first
    assert first_drawn[0] == "QH"  # RULES.md section 8 check value
    opening = game.position
    game.play(Move.draw())
    # three cards turned one by one: QH, then the 2nd, then the 3rd on top
    assert [card_text(c) for c in game.position.waste] == first_drawn[:3]
    assert len(game.position.stock) == 21
    game.undo()
    assert game.position == opening
    assert game.position.waste == ()
    assert [card_text(c) for c in reversed(game.position.stock)] == first_drawn

    history = [game.position]
    for move in [*moves("1f 7f 54:1"), *[Move.draw()] * 8, Move.recycle(), Move.draw()]:
        game.play(move)
        history.append(game.position)
    # by hand: 1f no flip, 7f flips column 7, 54 flips column 5
    assert history[1].face_down == (0, 1, 2, 3, 4, 5, 6)
    assert history[2].face_down == (0, 1, 2, 3, 4, 5, 5)
    assert history[3].face_down == (0, 1, 2, 3, 3, 5, 5)
    # after 8 draws the waste is the stock turned over; the recycle turns it back
    assert [card_text(c) for c in history[11].waste] == first_drawn
    assert history[12].stock == history[3].stock and history[12].recycles == 1
    while game.undo_depth:
        game.undo()
        history.pop()
        assert game.position == history[-1]
        assert game.position.stock == history[-1].stock
        assert game.position.waste == history[-1].waste
        assert game.position.face_down == history[-1].face_down
    assert game.position == opening


def test_undo_across_a_win() -> None:
    record = WINNING_GAMES[0]
    game = Game.from_code(record["code"])
    for text in record["moves"][:-1]:
        game.play(Move.parse(text))
    before_last = (game.position, game.score)
    last = game.play(Move.parse(record["moves"][-1]))
    assert game.is_won
    assert game.legal_moves == ()
    refusal = game.check(Move.draw())
    assert refusal is not None and refusal.rule is RuleId.GAME_WON
    won_score, made = game.score, game.moves_made
    assert game.undo() == last
    assert not game.is_won
    assert sum(game.position.foundations) == 51
    assert (game.position, game.score) == before_last
    assert game.moves_made == made
    assert game.legal_moves != ()
    game.play(last)
    assert game.is_won and game.score == won_score


def test_a_finished_game_has_no_hint_and_says_why() -> None:
    record = WINNING_GAMES[0]
    game = Game.from_code(record["code"])
    for text in record["moves"]:
        game.play(Move.parse(text))
    assert game.is_won
    for level in ("advisory", "hard"):
        assert game.hint(level=level) == Hint(None, HintKind.WON)
    assert game.hint().reason() == "the game is won"
    resigned = Game.from_code(record["code"])
    resigned.resign()
    assert resigned.hint() == Hint(None, HintKind.NONE)  # over, but not won
    assert not resigned.assisted  # no help counted after the end


def test_undo_limit_default_100() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    history = [game.position]
    for _ in range(105):  # 24 draws and a recycle, four times, then 5 draws
        game.play(Move.draw() if game.position.stock else Move.recycle())
        history.append(game.position)
    assert game.position.recycles == 4
    assert game.undo_depth == 100
    for count in range(1, 101):
        game.undo()
        assert game.position == history[105 - count]
    assert game.position == history[5]
    assert game.undo_depth == 0 and game.redo_depth == 100
    assert game.moves_made == 105
    before = copy_of(game)
    with pytest.raises(IllegalMoveError) as raised:
        game.undo()
    assert raised.value.refusal.rule is RuleId.NOTHING_TO_UNDO
    assert raised.value.refusal.move is None
    assert game == before


def test_relaxed_undo_is_unlimited() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG", settings=GameSettings.relaxed())
    opening = game.position
    for _ in range(105):
        game.play(Move.draw() if game.position.stock else Move.recycle())
    for _ in range(105):
        game.undo()
    assert game.position == opening
    with pytest.raises(IllegalMoveError) as raised:
        game.undo()
    assert raised.value.refusal.rule is RuleId.NOTHING_TO_UNDO


def test_undo_limit_zero_means_no_undo() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG", settings=GameSettings(undo_limit=0))
    game.play(Move.parse("1f"))
    assert game.undo_depth == 0
    with pytest.raises(IllegalMoveError) as raised:
        game.undo()
    assert raised.value.refusal.rule is RuleId.NOTHING_TO_UNDO
    assert game.moves == (Move.parse("1f"),) and not game.assisted


def test_small_undo_limit_counts_the_last_actions() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG", settings=GameSettings(undo_limit=2))
    for move in moves("1f 7f 54:1"):
        game.play(move)
    assert game.undo_depth == 2
    game.undo()
    game.undo()
    assert game.moves == (Move.parse("1f"),)
    with pytest.raises(IllegalMoveError):
        game.undo()
    game.redo()  # a redo is an action again: it may be undone
    assert game.undo_depth == 1


def test_nothing_to_undo_at_the_start() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    with pytest.raises(IllegalMoveError) as raised:
        game.undo()
    assert raised.value.refusal.rule is RuleId.NOTHING_TO_UNDO
    assert not game.assisted and game.actions == ()


# --- redo ----------------------------------------------------------------------------


def test_redo_replays_the_undone_move() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    for move in moves("1f 7f"):
        game.play(move)
    after = (game.position, game.score)
    game.undo()
    assert game.redo_depth == 1
    assert str(game.redo()) == "7f"
    assert (game.position, game.score) == after
    assert game.moves_made == 3  # 1f, 7f, and the redo counts as a move
    assert game.redo_depth == 0
    assert game.actions == ("1f", "7f", "u", "redo")
    with pytest.raises(IllegalMoveError) as raised:
        game.redo()
    assert raised.value.refusal.rule is RuleId.NOTHING_TO_REDO


def test_play_clears_redo() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    for move in moves("1f 7f"):
        game.play(move)
    game.undo()
    game.undo()
    assert game.redo_depth == 2
    game.play(Move.parse("54:1"))
    assert game.redo_depth == 0
    before = copy_of(game)
    with pytest.raises(IllegalMoveError) as raised:
        game.redo()
    assert raised.value.refusal.rule is RuleId.NOTHING_TO_REDO
    assert game == before


# --- assisted ------------------------------------------------------------------------


def test_assisted_flag() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.play(Move.parse("1f"))
    assert not game.assisted
    game.undo()
    assert game.assisted
    game.redo()
    assert game.assisted  # never clears

    hinted = Game.from_code("KL1-D1N-AAAAAAG")
    hinted.mark_assisted()
    assert hinted.assisted
    assert hinted.moves_made == 0 and hinted.actions == ()


def test_game_equality_and_hash() -> None:
    one = Game.from_code("KL1-D1N-AAAAAAG")
    two = Game.from_code("KL1-D1N-AAAAAAG")
    assert one == two
    one.play(Move.parse("1f"))
    assert one != two
    two.play(Move.parse("1f"))
    assert one == two
    two.mark_assisted()
    assert one != two
    # api-changes.md: Game(KLONDIKE, 6) now gets its deal code, so it equals the coded game
    assert Game(KLONDIKE, 6) == Game.from_code("KL1-D1N-AAAAAAG")
    # the same deal number, variant and history under another code still differ: the code
    # is part of a game (here deal 6's deck written as a full deal code)
    full = FullDealCode("KL", deck=shuffled_deck(6))
    assert Game(KLONDIKE, 6, code=full) != Game.from_code("KL1-D1N-AAAAAAG")  # code differs
    assert Game(KLONDIKE, 6, code=full).position == Game(KLONDIKE, 6).position
    # started from that full code, the same cards differ by code and deal number
    assert Game.from_code(full) != Game.from_code("KL1-D1N-AAAAAAG")
    assert Game.from_code(full).position == Game.from_code("KL1-D1N-AAAAAAG").position
    with pytest.raises(TypeError):
        hash(one)


def test_tap_and_double_tap_on_a_game() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    assert str(game.tap(parse_card("AH"))) == "7f"
    assert str(game.double_tap(parse_card("9D"))) == "54:1"
    assert str(game.tap_stock()) == "d"
    assert game.score == 10 + 5 + 5  # 7f with a flip, 54 with a flip
    assert game.actions == ("7f", "54:1", "d")


# --- properties ----------------------------------------------------------------------

PROPERTY_VARIANTS = st.sampled_from(
    [KLONDIKE, KLONDIKE_DRAW_3, KLONDIKE_VEGAS, REFLECHI, REFLECHI_DRAW_3, RULE_CARD]
)
UNDO_LIMITS = st.sampled_from([None, 0, 1, 3, 100])
# each step: < 70 play the (step mod n)-th legal move, 70..84 undo, 85..99 redo
STEPS = st.lists(st.integers(0, 99), min_size=10, max_size=60)


@given(variant=PROPERTY_VARIANTS, deal_number=deal_numbers, limit=UNDO_LIMITS, steps=STEPS)
def test_any_plays_undos_redos_keep_score_and_position(
    variant: Variant, deal_number: int, limit: int | None, steps: list[int]
) -> None:
    game = Game(variant, deal_number, settings=GameSettings(undo_limit=limit))
    line: list[Move] = []
    redo: list[Move] = []
    undoable = 0
    made = 0
    for step in steps:
        if step < 70:
            legal = game.legal_moves
            if not legal:
                continue
            line.append(game.play(legal[step % len(legal)]))
            redo.clear()
            undoable += 1
            made += 1
        elif step < 85:
            if undoable == 0:
                with pytest.raises(IllegalMoveError):
                    game.undo()
                continue
            undone = game.undo()
            assert undone == line.pop()
            redo.append(undone)
            undoable -= 1
        else:
            if not redo:
                with pytest.raises(IllegalMoveError):
                    game.redo()
                continue
            line.append(game.redo())
            assert line[-1] == redo.pop()
            undoable += 1
            made += 1
        if limit is not None:
            undoable = min(undoable, limit)
        assert game.moves == tuple(line)
        assert game.position == replayed(variant, deal_number, line)
        assert game.score == folded_score(variant, deal_number, line)
        assert game.moves_made == made
        assert game.undo_depth == undoable
        assert game.redo_depth == len(redo)


@given(variant=PROPERTY_VARIANTS, deal_number=deal_numbers, steps=STEPS)
def test_undo_then_replay_is_identical(
    variant: Variant, deal_number: int, steps: list[int]
) -> None:
    game = Game(variant, deal_number)
    for step in steps:
        legal = game.legal_moves
        if not legal:
            break
        before = (game.position, game.score)
        move = game.play(legal[step % len(legal)])
        after = (game.position, game.score)
        game.undo()
        assert (game.position, game.score) == before
        game.play(move)
        assert (game.position, game.score) == after


@pytest.mark.parametrize("value", [None, 7, b"KL1-D1N-AAAAAAG", ["KL1-D1N-AAAAAAG"]])
def test_from_code_of_a_non_str_is_a_deal_code_error(value: Any) -> None:
    with pytest.raises(DealCodeError, match="expected a str, got " + type(value).__name__):
        Game.from_code(value)


@pytest.mark.parametrize("token", ["redo", "resign"])
def test_play_names_redo_and_resign_as_record_tokens(token: str) -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    with pytest.raises(MoveParseError, match=f"'{token}' is a game-record token, not a move"):
        game.play(token)
    assert game.moves == ()
