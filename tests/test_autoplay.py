"""Opt-in automation (RULES.md section 6): safe auto-play and auto-finish; none by default.

The classic safe rule, written out here independently: an Ace or a 2 may always
go home; a card of rank r when both foundations of the other colour hold at
least r - 1 cards (then no card that could be built on it is still in play).
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from strategies import reachable_positions

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_VEGAS,
    REFLECHI,
    Game,
    Move,
    MoveKind,
    Position,
    Variant,
    apply_move,
    card_text,
    parse_card,
)
from solitaire_core.game import (
    auto_finish_moves,
    can_auto_finish,
    is_safe_to_play_home,
    load_document,
    safe_move,
    save_document,
)

WINNING_GAMES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "winning_games.json").read_text(encoding="utf-8")
)


def classic_safe(foundations: tuple[int, ...], card: int) -> bool:
    """The classic rule by hand (suits S, H, D, C = 0..3; ranks 1..13)."""
    suit, rank = divmod(card, 13)
    rank += 1
    if rank <= 2:
        return True
    other_colour = (1, 2) if suit in (0, 3) else (0, 3)
    return all(foundations[other] >= rank - 1 for other in other_colour)


def with_foundations(foundations: tuple[int, int, int, int]) -> Position:
    """A valid position: these foundation counts, every other card in the stock."""
    home = {suit * 13 + rank for suit, count in enumerate(foundations) for rank in range(count)}
    position = Position(
        tableau=((),) * 7,
        face_down=(0,) * 7,
        stock=tuple(card for card in range(52) if card not in home),
        waste=(),
        foundations=foundations,
    )
    position.validate()
    return position


def layout(columns: list[str], waste: str, foundations: str) -> Position:
    """A position text from columns, waste and foundation counts; stock empty."""
    return Position.from_text(f"{'/'.join(columns)} - {waste or '-'} {foundations} 0")


def sent_home(position: Position, move: Move) -> int:
    if move.kind is MoveKind.WASTE_TO_FOUNDATION:
        return position.waste[-1]
    assert move.kind is MoveKind.COLUMN_TO_FOUNDATION and move.source is not None
    return position.tableau[move.source][-1]


# --- is_safe_to_play_home --------------------------------------------------------------


def test_is_safe_matches_the_classic_rule_around_the_threshold() -> None:
    checked = 0
    for card in range(52):
        suit, rank = divmod(card, 13)
        rank += 1
        near = sorted({max(0, min(13, rank + d)) for d in (-2, -1, 0)} | {0, 13})
        for counts in itertools.product(near, repeat=4):
            if counts[suit] >= rank:  # the card itself must still be in play
                continue
            foundations = (counts[0], counts[1], counts[2], counts[3])
            position = with_foundations(foundations)
            for variant in (KLONDIKE, REFLECHI):
                expected = classic_safe(foundations, card)
                assert is_safe_to_play_home(variant, position, card) is expected, (
                    card_text(card),
                    foundations,
                )
            checked += 1
    assert checked > 5000


def test_is_safe_examples() -> None:
    # AS, 2S always; 3S needs AH 2H and AD 2D home; 5D needs 4S and 4C home
    empty = with_foundations((0, 0, 0, 0))
    for text in ("AS", "AH", "2S", "2D"):
        assert is_safe_to_play_home(KLONDIKE, empty, parse_card(text))
    assert not is_safe_to_play_home(KLONDIKE, empty, parse_card("3S"))
    assert is_safe_to_play_home(KLONDIKE, with_foundations((2, 2, 2, 0)), parse_card("3S"))
    assert not is_safe_to_play_home(KLONDIKE, with_foundations((2, 1, 2, 0)), parse_card("3S"))
    # the same colour does not matter: 3S with only AC home is still safe if H, D hold 2
    assert is_safe_to_play_home(KLONDIKE, with_foundations((2, 2, 2, 1)), parse_card("3S"))
    assert is_safe_to_play_home(KLONDIKE, with_foundations((4, 0, 4, 4)), parse_card("5D"))
    assert not is_safe_to_play_home(KLONDIKE, with_foundations((4, 0, 4, 3)), parse_card("5D"))


@given(reachable_positions(KLONDIKE))
def test_is_safe_on_reachable_positions(drawn: tuple[Variant, Position]) -> None:
    variant, position = drawn
    for card in range(52):
        if position.foundations[card // 13] < card % 13 + 1:
            expected = classic_safe(position.foundations, card)
            assert is_safe_to_play_home(variant, position, card) is expected


# --- safe auto-play ----------------------------------------------------------------------

# Foundations S=3 H=2 D=2 C=3. Column 1: 4S (legal, not safe: needs 3H and 3D home);
# column 2: 3H (safe: 2S, 2C home); column 3: 4C (legal, not safe yet); column 4: 5H (not
# legal); waste top 3D (safe). So: 2f (3H), then wf (3D), then 4S and 4C become safe.
CHAIN = layout(
    ["|4S", "|3H", "|4C", "|5H", "|", "|", "|"],
    "5S6S7S8S9STSJSQSKS4H6H7H8H9HTHJHQHKH4D5D6D7D8D9DTDJDQDKD5C6C7C8C9CTCJCQCKC3D",
    "3,2,2,3",
)


def test_safe_move_chain_by_hand() -> None:
    position = CHAIN
    played = []
    move = safe_move(KLONDIKE, position)
    while move is not None:
        played.append(str(move))
        position = apply_move(KLONDIKE, position, move)
        move = safe_move(KLONDIKE, position)
    assert played == ["2f", "wf", "1f", "3f"]
    assert position.foundations == (4, 3, 3, 4)
    # 5H stays: it is not even legal (4H is in the waste, under KH)
    assert card_text(position.tableau[3][-1]) == "5H"


def test_safe_move_none_when_only_unsafe_cards_can_go_home() -> None:
    position = layout(
        ["|4S", "|", "|", "|", "|", "|", "|"],
        "5S6S7S8S9STSJSQSKS3H4H5H6H7H8H9HTHJHQHKH3D4D5D6D7D8D9DTDJDQDKD4C5C6C7C8C9CTCJCQCKC",
        "3,2,2,3",
    )
    assert safe_move(KLONDIKE, position) is None


def test_auto_play_safe_on_a_deal() -> None:
    # deal 6: AD alone in column 1 and AH on column 7, over 4D (not playable)
    game = Game.from_code("KL1-D1N-AAAAAAG")
    played = game.auto_play_safe()
    assert [str(m) for m in played] == ["1f", "7f"]
    assert game.position.foundations == (0, 1, 1, 0)
    assert game.score == 10 + 15  # each move scores as usual (7f flips a card)
    assert game.moves_made == 2
    assert game.auto_play_safe() == ()  # nothing more is safe
    assert game.moves_made == 2


@pytest.mark.parametrize("record", WINNING_GAMES, ids=[r["code"] for r in WINNING_GAMES])
def test_auto_play_safe_plays_only_safe_cards(record: dict[str, Any]) -> None:
    game = Game.from_code(record["code"])
    for index, text in enumerate(record["moves"]):
        if index % 15 == 0:
            trial = load_document(save_document(game))
            position = trial.position
            for move in trial.auto_play_safe():
                assert move.kind in (MoveKind.COLUMN_TO_FOUNDATION, MoveKind.WASTE_TO_FOUNDATION)
                assert classic_safe(position.foundations, sent_home(position, move))
                position = apply_move(trial.variant, position, move)
            assert position == trial.position
            # nothing safe is left behind, except a waste card with draw 3: taking it
            # off the waste would change which cards the later draws turn up
            home_kinds = [MoveKind.COLUMN_TO_FOUNDATION]
            if trial.variant.draw_count == 1:
                home_kinds.append(MoveKind.WASTE_TO_FOUNDATION)
            for move in trial.legal_moves:
                if move.kind in home_kinds:
                    assert not classic_safe(position.foundations, sent_home(position, move))
        game.play(Move.parse(text))


# --- nothing happens by itself ---------------------------------------------------------------


def test_no_automation_by_default() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.play(Move.parse("1f"))
    # AH (an Ace: always safe) is still on column 7, nothing else moved
    assert game.position.foundations == (0, 0, 1, 0)
    assert card_text(game.position.tableau[6][-1]) == "AH"
    assert game.moves == (Move.parse("1f"),)
    assert game.moves_made == 1


@pytest.mark.parametrize("record", WINNING_GAMES[:2], ids=[r["code"] for r in WINNING_GAMES[:2]])
def test_no_automation_along_a_whole_game(record: dict[str, Any]) -> None:
    game = Game.from_code(record["code"])
    for text in record["moves"]:
        before = game.position
        move = game.play(Move.parse(text))
        assert game.position == apply_move(game.variant, before, move)
        assert game.position.is_won or game.legal_moves  # the game never finishes itself
    assert game.moves_made == len(record["moves"])


# --- auto-finish ---------------------------------------------------------------------------

# 40 cards home; the 12 court cards all face up, stock empty; JD lies under QD on the
# waste, so draw 1 needs a recycle. By hand, lowest rank first, columns 1..7 then waste:
# 5f (JS), 6f (JH), wf (JC), 5f (QH), 6f (QS), 7f (QC), 1f 2f 4f (KS KH KC), then nothing
# can go home: r, d (JD), wf, d (QD), wf, 3f (KD).
FINISH = layout(["|KS", "|KH", "|KD", "|KC", "|QHJS", "|QSJH", "|QC"], "JDQDJC", "10,10,10,10")


def test_auto_finish_moves_by_hand() -> None:
    assert can_auto_finish(KLONDIKE, FINISH)
    line = auto_finish_moves(KLONDIKE, FINISH)
    expected = ["5f", "6f", "wf", "5f", "6f", "7f", "1f", "2f", "4f"]  # home, lowest first
    expected += ["r", "d", "wf", "d", "wf", "3f"]  # JD under QD: recycle and draw
    assert [str(m) for m in line] == expected
    position = FINISH
    for move in line:
        position = apply_move(KLONDIKE, position, move)
    assert position.is_won
    # Vegas cannot recycle: QD stays on JD, so auto-finish does not start
    assert auto_finish_moves(KLONDIKE_VEGAS, FINISH) == ()


def test_auto_finish_not_offered() -> None:
    opening = Game.from_code("KL1-D1N-AAAAAAG").position
    assert not can_auto_finish(KLONDIKE, opening)  # face-down cards
    assert auto_finish_moves(KLONDIKE, opening) == ()
    with_stock = Position.from_text("|KS/|KH/|KD/|KC/|QHJS/|QSJH/|QC JC JDQD 10,10,10,10 0")
    assert not can_auto_finish(KLONDIKE, with_stock)  # the stock is not empty
    assert auto_finish_moves(KLONDIKE, with_stock) == ()


def replay_until(record: dict[str, Any], *, wanted_line: bool) -> Game:
    """The record's game at the first position where auto-finish is possible (or stuck)."""
    game = Game.from_code(record["code"])
    for text in record["moves"]:
        position = game.position
        cards_out = not position.stock and not any(position.face_down)
        if cards_out and bool(auto_finish_moves(game.variant, position)) is wanted_line:
            return game
        game.play(Move.parse(text))
    raise AssertionError("no such position in the record")


def test_auto_finish_wins_a_real_game() -> None:
    record = next(r for r in WINNING_GAMES if r["code"] == "KL1-D1N-AAAAAAC")
    game = replay_until(record, wanted_line=True)
    assert not game.is_won and not game.position.stock and not any(game.position.face_down)
    home, score, made = sum(game.position.foundations), game.score, game.moves_made
    played = game.auto_finish()
    assert game.is_won
    assert all(move.kind is not MoveKind.FOUNDATION_TO_COLUMN for move in played)
    recycles = sum(move.kind is MoveKind.RECYCLE for move in played)
    assert recycles == 0
    # +10 per card sent home, no flips (all face up), draws 0
    assert game.score == score + 10 * (52 - home)
    assert game.moves_made == made + len(played)


def test_auto_finish_changes_nothing_when_stuck() -> None:
    # Draw 3 with JS over 9S on the waste and 2 cards only: the order never changes, so
    # sending cards home cannot finish; the record plays JS to a column first.
    record = next(r for r in WINNING_GAMES if r["code"] == "KL1-D3N-AAAAAAQ")
    game = replay_until(record, wanted_line=False)
    assert not can_auto_finish(game.variant, game.position)  # all face up, but it would not win
    before = load_document(save_document(game))
    assert game.auto_finish() == ()
    assert game == before

    opening = Game.from_code("KL1-D1N-AAAAAAG")
    before = load_document(save_document(opening))
    assert opening.auto_finish() == ()
    assert opening == before


def test_a_draw_3_waste_card_is_not_auto_played() -> None:
    # KL draw 3, deal 6: d turns QH, JH, AS; the AS on top of the waste is an Ace
    # (always safe), but with draw 3 removing it changes which cards the next
    # draws turn up, so auto-play leaves it; with draw 1 the same Ace would go.
    game = Game.from_code("KL1-D3N-AAAAAAG")
    game.play("d")
    assert card_text(game.position.waste[-1]) == "AS"
    played = game.auto_play_safe()
    assert Move.parse("wf") not in played
    assert card_text(game.position.waste[-1]) == "AS"
    # the Aces on the columns (AD in column 1, AH on column 7) do go home
    assert {str(move) for move in played} == {"1f", "7f"}


# --- can_auto_finish is exact; a card just taken back stays (issue 15) -----------------------


@given(reachable_positions())
def test_can_auto_finish_exactly_when_auto_finish_wins(case: tuple[Variant, Position]) -> None:
    variant, position = case
    line = auto_finish_moves(variant, position)
    assert can_auto_finish(variant, position) is bool(line)
    if line:
        for move in line:
            position = apply_move(variant, position, move)
        assert position.is_won


def test_a_card_just_taken_back_is_not_auto_played_home() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAJ")  # 5f 5f sends AC and AD home
    game.play("5f")
    game.play("5f")
    game.play("fd2")  # the AD back onto the 2S
    assert safe_move(game.variant, game.position) == Move.parse("2f")  # an Ace is always safe
    assert game.auto_play_safe() == ()  # but the player just put it there
    assert game.position.tableau[1][-1] == parse_card("AD")
    game.play("d")  # another move: now it may go home
    assert Move.parse("2f") in game.auto_play_safe()
