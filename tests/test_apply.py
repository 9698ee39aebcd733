"""Applying moves (RULES.md sections 3-5): flips, draws, recycles, take-backs, the end."""

from __future__ import annotations

import pytest
from builders import build
from hypothesis import given, settings
from strategies import ALL_VARIANTS, reachable_positions

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    KLONDIKE_VEGAS,
    KLONDIKE_VEGAS_DRAW_3,
    REFLECHI,
    RULE_CARD,
    TRADITIONAL,
    TRADITIONAL_DRAW_3,
    IllegalMoveError,
    InvalidArgumentError,
    Move,
    MoveParseError,
    Position,
    RuleId,
    Variant,
    apply_move,
    check_move,
    deal_code_position,
    deal_position,
    flipped,
    is_legal,
    legal_moves,
    parse_card,
    parse_cards,
    parse_move,
    play_move,
)

# --------------------------------------------------------------------------
# Building positions by hand


def cards(text: str) -> tuple[int, ...]:
    return parse_cards(text)


def play(variant: Variant, position: Position, *texts: str) -> Position:
    # parse_move, not Move.parse: count-less shorthand such as "64" needs the position.
    for text in texts:
        position = play_move(variant, position, parse_move(variant, position, text))
    return position


# --------------------------------------------------------------------------
# Flips (RULES.md section 3: a face-down card left on top turns face up as part
# of the move that uncovered it).

# Klondike:
#   column 1: empty
#   column 2: 5C 8D face down, AS face up         (AS home uncovers 8D)
#   column 3: 4D face down, KS QH face up         (the King's run uncovers 4D)
#   column 4: 6C face down, TC 9H 8S face up      (a 3-card run)
#   column 5: TS                                  (9H fits on it)
#   column 6: JC face down, 7H face up            (7H fits on 8S)
#   column 7: AH, nothing face down
#   stock: every other card
FLIPS = build("| / 5C 8D|AS / 4D|KS QH / 6C|TC 9H 8S / |TS / JC|7H / |AH")


def test_column_to_foundation_flips_the_uncovered_card() -> None:
    after = play(KLONDIKE, FLIPS, "2f")
    assert after.tableau[1] == cards("5C 8D")
    assert after.face_down[1] == 1
    assert after.face_up(1) == cards("8D")
    assert after.foundations == (1, 0, 0, 0)
    assert flipped(FLIPS, after)
    # Nothing else changed.
    for column in (0, 2, 3, 4, 5, 6):
        assert after.tableau[column] == FLIPS.tableau[column]
        assert after.face_down[column] == FLIPS.face_down[column]
    assert (after.stock, after.waste, after.recycles) == (FLIPS.stock, FLIPS.waste, 0)


def test_column_to_column_flips_the_uncovered_card() -> None:
    after = play(KLONDIKE, FLIPS, "64")
    assert after.tableau[5] == cards("JC")
    assert after.face_down[5] == 0
    assert after.tableau[3] == cards("6C TC 9H 8S 7H")
    assert after.face_down[3] == 1
    assert flipped(FLIPS, after)


def test_king_run_to_empty_column_flips() -> None:
    after = play(KLONDIKE, FLIPS, "31")
    assert after.tableau[0] == cards("KS QH")
    assert after.face_down[0] == 0
    assert after.tableau[2] == cards("4D")
    assert after.face_down[2] == 0
    assert flipped(FLIPS, after)


def test_no_flip_when_nothing_is_face_down() -> None:
    after = play(KLONDIKE, FLIPS, "7f")
    assert after.tableau[6] == ()
    assert after.face_down == FLIPS.face_down
    assert after.foundations == (0, 1, 0, 0)
    assert not flipped(FLIPS, after)


def test_no_flip_while_a_face_up_card_still_covers_the_face_down_ones() -> None:
    # 45 moves 9H 8S onto TS; TC stays face up on the face-down 6C.
    after = play(KLONDIKE, FLIPS, "45")
    assert after.tableau[3] == cards("6C TC")
    assert after.face_down == FLIPS.face_down
    assert after.tableau[4] == cards("TS 9H 8S")
    assert not flipped(FLIPS, after)


def test_last_face_down_card_flips_and_column_may_empty() -> None:
    # Column 2: AC face down under AS.
    position = build("| / AC|AS / *|KD / | / | / | / |", stock="-")
    after = play(KLONDIKE, position, "2f")
    assert after.tableau[1] == cards("AC")
    assert after.face_down[1] == 0
    after = play(KLONDIKE, after, "2f")
    assert after.tableau[1] == ()
    assert after.face_down[1] == 0
    assert after.foundations == (1, 0, 0, 1)


# --------------------------------------------------------------------------
# Drawing (RULES.md sections 3 and 8).


def test_draw_1_turns_the_stock_top_onto_the_waste() -> None:
    # RULES.md section 8: deal 1's stock starts QS 4C 6S.
    position = deal_code_position("KL1-D1N-AAAAAAB")
    assert len(position.stock) == 24 and position.waste == ()
    after = play(KLONDIKE, position, "d")
    assert after.waste == cards("QS")
    assert after.stock == position.stock[:-1]
    assert after.tableau == position.tableau
    after = play(KLONDIKE, after, "d", "d")
    assert after.waste == cards("QS 4C 6S")
    assert after.stock == position.stock[:-3]


def test_draw_3_spreads_three_cards_the_third_playable() -> None:
    position = deal_code_position("KL1-D3N-AAAAAAB")
    after = play(KLONDIKE_DRAW_3, position, "d")
    # QS turned first, 4C second, 6S third: 6S lies on top and is playable.
    assert after.waste == cards("QS 4C 6S")
    assert after.waste[-1] == parse_card("6S")
    assert after.stock == position.stock[:-3]
    assert len(after.stock) == 21


def test_draw_3_the_next_card_becomes_playable_when_the_top_is_played() -> None:
    # Stock bottom to top: ... AH 2H 9C: 9C is turned first, then 2H, then AH.
    position = build("|KS / |KH / |KD / |KC / *|QS / | / |", stock="AH 2H 9C")
    after = play(KLONDIKE_DRAW_3, position, "d")
    assert after.waste == cards("9C 2H AH")
    assert after.stock == ()
    refusal = check_move(KLONDIKE_DRAW_3, after, Move.parse("wf:2"))
    assert refusal is not None and refusal.rule is RuleId.WASTE_TOP_ONLY
    after = play(KLONDIKE_DRAW_3, after, "wf")  # AH
    assert after.waste == cards("9C 2H")
    assert after.foundations == (0, 1, 0, 0)
    after = play(KLONDIKE_DRAW_3, after, "wf")  # now 2H is playable
    assert after.waste == cards("9C")
    assert after.foundations == (0, 2, 0, 0)


@pytest.mark.parametrize(
    ("stock", "waste", "expected_waste"),
    [
        ("2C 7D", "9S", "9S 7D 2C"),  # two left: both turn, 2C on top
        ("2C", "9S", "9S 2C"),  # one left
        ("2C 7D 5S 3H", "-", "3H 5S 7D"),  # four: three turn, 2C stays
    ],
)
def test_draw_3_with_fewer_than_3_left(stock: str, waste: str, expected_waste: str) -> None:
    position = build("|KS / |KH / |KD / |KC / *|QS / | / |", stock=stock, waste=waste)
    after = play(KLONDIKE_DRAW_3, position, "d")
    assert after.waste == cards(expected_waste)
    turned = len(after.waste) - len(position.waste)
    assert turned == min(3, len(position.stock))
    assert after.stock == position.stock[: len(position.stock) - turned]


# --------------------------------------------------------------------------
# Recycling (RULES.md sections 3 and 4).


def _draw_all(variant: Variant, position: Position) -> tuple[Position, list[int]]:
    """Draw until the stock is empty; return the position and the waste tops seen."""
    tops = []
    while position.stock:
        position = play(variant, position, "d")
        tops.append(position.waste[-1])
    return position, tops


def test_recycle_small_stock_by_hand() -> None:
    # Stock bottom to top 2C 7D 5S: draw 1 turns 5S, 7D, 2C.
    position = build("|KS / |KH / |KD / |KC / *|QS / | / |", stock="2C 7D 5S")
    drawn, tops = _draw_all(KLONDIKE, position)
    assert tops == list(cards("5S 7D 2C"))
    assert drawn.waste == cards("5S 7D 2C")
    again = play(KLONDIKE, drawn, "r")
    assert again.stock == cards("2C 7D 5S")
    assert again.waste == ()
    assert again.recycles == 1
    assert play(KLONDIKE, again, "d").waste == cards("5S")


@pytest.mark.parametrize("variant", [KLONDIKE, KLONDIKE_DRAW_3])
def test_recycle_gives_the_cards_again_in_the_same_order(variant: Variant) -> None:
    position = deal_position(variant, 1)
    first_pass, tops = _draw_all(variant, position)
    assert tops[0] == parse_card("QS" if variant.draw_count == 1 else "6S")
    assert len(tops) == (24 if variant.draw_count == 1 else 8)
    recycled = play(variant, first_pass, "r")
    assert recycled.stock == position.stock
    assert recycled.waste == ()
    assert recycled.recycles == 1
    assert recycled.tableau == position.tableau
    second_pass, tops_again = _draw_all(variant, recycled)
    assert tops_again == tops
    assert second_pass.waste == first_pass.waste
    assert play(variant, second_pass, "r").recycles == 2


def test_draw_3_recycle_with_a_short_last_turn() -> None:
    # Four cards, draw 3: 3H 5S 7D turn, then 2C alone; recycled, the same again.
    position = build("|KS / |KH / |KD / |KC / *|QS / | / |", stock="2C 7D 5S 3H")
    drawn, tops = _draw_all(KLONDIKE_DRAW_3, position)
    assert tops == list(cards("7D 2C"))
    again = play(KLONDIKE_DRAW_3, drawn, "r")
    assert again.stock == position.stock
    assert _draw_all(KLONDIKE_DRAW_3, again)[1] == tops


# RULES.md section 4: None = unlimited.
RECYCLE_LIMITS: list[tuple[Variant, int | None]] = [
    (KLONDIKE, None),
    (KLONDIKE_DRAW_3, None),
    (KLONDIKE_VEGAS, 0),
    (KLONDIKE_VEGAS_DRAW_3, 0),
    (REFLECHI, None),
    (TRADITIONAL, 0),
    (TRADITIONAL_DRAW_3, 2),
    (RULE_CARD, None),
]


@pytest.mark.parametrize(("variant", "limit"), RECYCLE_LIMITS, ids=str)
def test_recycle_limits_by_variant(variant: Variant, limit: int | None) -> None:
    assert variant.recycle_limit == limit
    position = deal_position(variant, 1)
    recycle = Move.parse("r")
    passes = 5 if limit is None else limit
    for done in range(passes):
        position, _ = _draw_all(variant, position)
        assert recycle in legal_moves(variant, position)
        position = play_move(variant, position, recycle)
        assert position.recycles == done + 1
    if limit is None:
        return
    position, _ = _draw_all(variant, position)
    assert recycle not in legal_moves(variant, position)
    assert Move.parse("d") not in legal_moves(variant, position)
    refusal = check_move(variant, position, recycle)
    assert refusal is not None
    expected = RuleId.RECYCLE_NOT_ALLOWED if limit == 0 else RuleId.RECYCLE_LIMIT_REACHED
    assert refusal.rule is expected
    with pytest.raises(IllegalMoveError):
        play_move(variant, position, recycle)


# --------------------------------------------------------------------------
# Take-back (RULES.md section 3).


def test_takeback_puts_the_foundation_top_on_the_column() -> None:
    # Hearts holds AH..5H; column 2 shows 6S on face-down cards.
    position = build("| / *|6S / |KH / | / | / | / |", stock="-", foundations="0,5,0,0")
    assert position.foundation_top(1) == parse_card("5H")
    after = play(KLONDIKE, position, "fh2")
    assert after.tableau[1][-2:] == cards("6S 5H")
    assert after.face_down == position.face_down
    assert after.foundations == (0, 4, 0, 0)
    assert after.foundation_top(1) == parse_card("4H")
    # And it can go home again.
    assert play(KLONDIKE, after, "2f") == position


def test_takeback_of_a_king_to_an_empty_column() -> None:
    position = build("|QS / *|6S / |KH / | / | / | / |", stock="-", foundations="0,0,13,0")
    after = play(KLONDIKE, position, "fd4")
    assert after.tableau[3] == cards("KD")
    assert after.foundations == (0, 0, 12, 0)


# --------------------------------------------------------------------------
# Count-less column moves (RULES.md section 11).


def test_countless_move_resolves_to_the_group_whose_first_card_fits() -> None:
    # Column 4 runs TC 9H 8S (on the face-down 6C); only 9H fits TS (column 5).
    # A count-less "45" is no Move by itself (api-changes: moves are canonical);
    # parse_move resolves it against the position.
    with pytest.raises(MoveParseError):
        Move.parse("45")
    assert parse_move(KLONDIKE, FLIPS, "45") == Move.parse("45:2")
    assert Move.parse("45:2") in legal_moves(KLONDIKE, FLIPS)
    assert play(KLONDIKE, FLIPS, "45") == play(KLONDIKE, FLIPS, "45:2")
    # The King's run to the empty column: both cards.
    assert parse_move(KLONDIKE, FLIPS, "31") == Move.parse("31:2")


def test_resolve_leaves_other_moves_alone() -> None:
    for text in ("d", "wf", "2f", "45:2", "fh3"):
        assert parse_move(KLONDIKE, FLIPS, text) == Move.parse(text)
    # "7f:1" and "7f" are one move (the old resolve_move dropped the ":1"; now
    # every card move carries its count, 1 by default).
    assert parse_move(KLONDIKE, FLIPS, "7f:1") == Move.parse("7f") == Move.parse("7f:1")
    # Changed on purpose (api-changes: a Move always names its count): a
    # count-less move with no group that may go used to stay count-less; it now
    # resolves to the group a refusal blames, here the top card, and the rule
    # that fails is the same as before.
    same = parse_move(KLONDIKE, FLIPS, "44")
    assert same == Move.parse("44:1")
    refusal = check_move(KLONDIKE, FLIPS, same)
    assert refusal is not None and refusal.rule is RuleId.SAME_COLUMN
    from_empty = parse_move(KLONDIKE, FLIPS, "15")
    assert from_empty == Move.parse("15:1")
    refusal = check_move(KLONDIKE, FLIPS, from_empty)
    assert refusal is not None and refusal.rule is RuleId.EMPTY_SOURCE


def test_apply_and_play_agree_and_never_change_the_position() -> None:
    before = Position.from_text(FLIPS.to_text())
    for move in legal_moves(KLONDIKE, FLIPS):
        assert apply_move(KLONDIKE, FLIPS, move) == play_move(KLONDIKE, FLIPS, move)
    assert before == FLIPS


# --------------------------------------------------------------------------
# The end (RULES.md section 5).


def test_once_won_no_move_is_legal() -> None:
    position = build("|/|/|/|/|/|/|KC", stock="-", foundations="13,13,13,12")
    assert not position.is_won
    assert is_legal(KLONDIKE, position, Move.parse("7f"))
    won = play(KLONDIKE, position, "7f")
    assert won.is_won
    assert won.tableau == ((),) * 7
    for variant in ALL_VARIANTS:
        assert legal_moves(variant, won) == ()
        for text in ("d", "r", "wf", "fc1", "fs7", "12"):
            refusal = check_move(variant, won, parse_move(variant, won, text))
            assert refusal is not None and refusal.rule is RuleId.GAME_WON


# --------------------------------------------------------------------------
# Properties over reachable positions.


@settings(deadline=None)
@given(reachable_positions())
def test_every_legal_move_gives_a_valid_position(case: tuple[Variant, Position]) -> None:
    variant, position = case
    for move in legal_moves(variant, position):
        after = apply_move(variant, position, move)
        after.validate()
        assert after != position
        assert sum(after.foundations) - sum(position.foundations) in (-1, 0, 1)
        if variant.all_face_up:
            assert after.face_down == (0,) * 7


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        ((KLONDIKE, "START", None), "NoneType"),
        ((KLONDIKE, "START", "1f"), "str"),
        ((KLONDIKE, None, "MOVE"), "NoneType"),
        (("klondike", "START", "MOVE"), "str"),
    ],
)
def test_checking_or_playing_something_that_is_not_a_move_is_refused(
    arguments: tuple[object, object, object], named: str
) -> None:
    # The library's own error naming what was given, never a bare AttributeError.
    start = deal_position(KLONDIKE, 1)
    move = parse_move(KLONDIKE, start, "d")
    variant, position, what = (
        start if item == "START" else move if item == "MOVE" else item for item in arguments
    )
    for check in (check_move, play_move, is_legal):
        with pytest.raises(InvalidArgumentError, match=f"a Position and a Move, got .*{named}"):
            check(variant, position, what)  # type: ignore[arg-type]
