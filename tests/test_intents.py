"""Player intents (RULES.md section 6): tap, double tap, drag, tap on the stock.

Hand-made positions are written with :func:`layout`: the columns (``down|up``,
bottom to top), the waste and the foundations are given; every card not placed
goes to the stock (or, with ``stock=False``, under the given waste), so the
position is a full, valid 52-card position read by ``Position.from_text``.
"""

from __future__ import annotations

import pytest

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_VEGAS,
    REFLECHI,
    CardParseError,
    Game,
    IllegalMoveError,
    InvalidArgumentError,
    Move,
    Position,
    Refusal,
    RuleId,
    Variant,
    card_text,
    parse_card,
)
from solitaire_core.game import (
    double_tap_move,
    drag_move,
    load_document,
    save_document,
    stock_tap_move,
    tap_move,
)


def cards_of(text: str) -> list[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def layout(
    columns: list[str],
    *,
    waste: str = "",
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0),
    stock: bool = True,
) -> Position:
    """A position from its columns (7 ``down|up`` texts), waste and foundation counts."""
    assert len(columns) == 7
    placed = {parse_card(card) for column in columns for card in cards_of(column.replace("|", ""))}
    placed |= {parse_card(card) for card in cards_of(waste)}
    placed |= {suit * 13 + rank for suit, count in enumerate(foundations) for rank in range(count)}
    rest = "".join(card_text(card) for card in range(52) if card not in placed)
    stock_text = rest if stock else ""
    waste_text = waste if stock else rest + waste
    return Position.from_text(
        f"{'/'.join(columns)} {stock_text or '-'} {waste_text or '-'} "
        f"{','.join(map(str, foundations))} 0"
    )


def chosen(
    variant: Variant, position: Position, card: str, *, double: bool = False
) -> Move | Refusal:
    intent = double_tap_move if double else tap_move
    return intent(variant, position, parse_card(card))


def notation(choice: Move | Refusal) -> str:
    assert isinstance(choice, Move), choice
    return str(choice)


def rule(choice: Move | Refusal) -> RuleId:
    assert isinstance(choice, Refusal), choice
    return choice.rule


# --- tap: send a top card home ----------------------------------------------------

TAP = layout(
    ["|AS", "4D|2S", "|5H", "|9H8S", "|", "|", "|"],
    waste="3CAH",
    foundations=(0, 0, 0, 2),  # AC, 2C home
)


def test_tap_sends_a_top_card_home() -> None:
    assert notation(chosen(KLONDIKE, TAP, "AS")) == "1f"  # column top
    assert notation(chosen(KLONDIKE, TAP, "AH")) == "wf"  # waste top, hearts found by suit


def test_tap_refusals() -> None:
    # 2S: the spades foundation is empty, it needs AS first
    assert rule(chosen(KLONDIKE, TAP, "2S")) is RuleId.FOUNDATION_WRONG_RANK
    assert rule(chosen(KLONDIKE, TAP, "5H")) is RuleId.FOUNDATION_WRONG_RANK
    assert rule(chosen(KLONDIKE, TAP, "4D")) is RuleId.FACE_DOWN_CARD  # under 2S
    assert rule(chosen(KLONDIKE, TAP, "9H")) is RuleId.FOUNDATION_SINGLE_CARD  # 8S lies on it
    assert rule(chosen(KLONDIKE, TAP, "3C")) is RuleId.WASTE_TOP_ONLY  # AH lies on it
    assert rule(chosen(KLONDIKE, TAP, "KD")) is RuleId.FACE_DOWN_CARD  # in the stock
    # a card already home
    assert rule(chosen(KLONDIKE, TAP, "2C")) is RuleId.FOUNDATION_WRONG_RANK


# --- double tap: a place on the tableau ------------------------------------------------

# 9H (column 4) fits TS (column 1) and TC (column 2), both 2 cards long: leftmost wins.
# Column 4 itself is the longest column and is skipped.
TIE = layout(["2D|TS", "3D|TC", "|", "4D5D|9H", "|", "|", "|"])
# TC's column (column 3) is longer than TS's (column 1): the longer one wins.
LONGER = layout(["2D|TS", "|", "3D4D6D|TC", "|9H", "|", "|", "|"])


def test_double_tap_ties_go_left() -> None:
    assert notation(chosen(KLONDIKE, TIE, "9H", double=True)) == "41:1"


def test_double_tap_prefers_the_longest_column() -> None:
    assert notation(chosen(KLONDIKE, LONGER, "9H", double=True)) == "43:1"
    # mirrored: the longer column on the left now
    mirrored = layout(["3D4D6D|TC", "|", "2D|TS", "|9H", "|", "|", "|"])
    assert notation(chosen(KLONDIKE, mirrored, "9H", double=True)) == "41:1"


def test_double_tap_waste_top() -> None:
    position = layout(["2D|TS", "3D4D|TC", "|", "|", "|", "|", "|"], waste="9H")
    assert notation(chosen(KLONDIKE, position, "9H", double=True)) == "w2"


def test_double_tap_king_goes_to_the_leftmost_empty_column() -> None:
    position = layout(["|QH", "|", "|", "6D|KS", "|", "|", "|JC"])
    assert notation(chosen(KLONDIKE, position, "KS", double=True)) == "42:1"
    with_run = layout(["|QC", "|", "|", "6D|KSQH", "|", "|", "|JC"])
    assert notation(chosen(KLONDIKE, with_run, "KS", double=True)) == "42:2"
    from_waste = layout(["|QH", "|JC", "|", "|", "|", "|", "|"], waste="KS")
    assert notation(chosen(KLONDIKE, from_waste, "KS", double=True)) == "w3"


def test_double_tap_king_with_no_empty_column_is_refused() -> None:
    position = layout(["|QH", "|2C", "|3C", "6D|KS", "|4C", "|5C", "|JC"])
    assert isinstance(chosen(KLONDIKE, position, "KS", double=True), Refusal)


def test_double_tap_a_card_under_others_moves_its_run() -> None:
    position = layout(["2D|TS", "3D|TC", "|", "|", "5D|9H8S7H", "|9D", "|"])
    # 9H with 8S 7H on it: TS and TC both 2 cards long -> column 1
    assert notation(chosen(KLONDIKE, position, "9H", double=True)) == "51:3"
    # 8S with 7H on it: only 9D (column 6) takes it
    assert notation(chosen(KLONDIKE, position, "8S", double=True)) == "56:2"
    # a face-down card cannot be double-tapped
    assert rule(chosen(KLONDIKE, position, "5D", double=True)) is RuleId.FACE_DOWN_CARD


def test_double_tap_reflechi_run_must_be_in_order() -> None:
    # Réfléchi: 9H with 5C and 4H on it is not an ordered group
    position = layout(["|TS", "|", "|", "|", "|9H5C4H", "|", "|"])
    assert rule(chosen(REFLECHI, position, "9H", double=True)) is RuleId.GROUP_NOT_IN_SEQUENCE
    # Klondike moves any face-up run
    assert notation(chosen(KLONDIKE, position, "9H", double=True)) == "51:3"


def test_double_tap_with_no_place_returns_a_refusal() -> None:
    position = layout(["2D|TS", "|", "|", "|9S", "|", "|", "|"])
    assert isinstance(chosen(KLONDIKE, position, "9S", double=True), Refusal)


# --- drag: explicit target ---------------------------------------------------------------

DRAG = layout(
    ["2D|TS", "3D|TC", "|", "|AH", "5D|9H8S7H", "|9D", "|4D"],
    waste="6CKD8C",
    foundations=(3, 0, 0, 0),  # AS 2S 3S home
)


def drag(position: Position, card: str, *, to_column: int | None = None) -> Move | Refusal:
    """Drag ``card`` to a column (0-based) or, without one, to the foundations."""
    if to_column is None:
        return drag_move(KLONDIKE, position, parse_card(card), to_foundation=True)
    return drag_move(KLONDIKE, position, parse_card(card), to_column=to_column)


def test_drag_to_a_column() -> None:
    assert notation(drag(DRAG, "9H", to_column=1)) == "52:3"  # 9H 8S 7H onto TC
    assert notation(drag(DRAG, "8S", to_column=5)) == "56:2"  # 8S 7H onto 9D
    assert notation(drag(DRAG, "8C", to_column=5)) == "w6"  # waste top onto 9D
    assert notation(drag(DRAG, "3S", to_column=6)) == "fs7"  # take-back onto 4D


def test_drag_to_the_foundation_finds_it_by_suit() -> None:
    assert notation(drag(DRAG, "AH")) == "4f"
    waste_card = layout(["|", "|", "|", "|", "|", "|", "|"], waste="4S", foundations=(3, 0, 0, 0))
    assert notation(drag(waste_card, "4S")) == "wf"


def test_drag_refusals() -> None:
    assert rule(drag(DRAG, "2D", to_column=6)) is RuleId.FACE_DOWN_CARD
    assert rule(drag(DRAG, "5D")) is RuleId.FACE_DOWN_CARD
    assert rule(drag(DRAG, "KS", to_column=2)) is RuleId.FACE_DOWN_CARD  # in the stock
    assert rule(drag(DRAG, "KD", to_column=2)) is RuleId.WASTE_TOP_ONLY  # 8C lies on it
    assert rule(drag(DRAG, "6C", to_column=5)) is RuleId.WASTE_TOP_ONLY
    assert rule(drag(DRAG, "KD")) is RuleId.WASTE_TOP_ONLY
    assert rule(drag(DRAG, "9H")) is RuleId.FOUNDATION_SINGLE_CARD  # a group to a foundation
    assert rule(drag(DRAG, "8S")) is RuleId.FOUNDATION_SINGLE_CARD
    assert rule(drag(DRAG, "2S", to_column=6)) is RuleId.FOUNDATION_SINGLE_CARD  # 3S on it
    assert rule(drag(DRAG, "8S", to_column=0)) is RuleId.WRONG_COLOR  # black 8 on black TS
    assert rule(drag(DRAG, "7H", to_column=1)) is RuleId.WRONG_RANK  # 7 on 10
    assert rule(drag(DRAG, "TS", to_column=2)) is RuleId.EMPTY_COLUMN_KING_ONLY
    assert rule(drag(DRAG, "9H", to_column=4)) is RuleId.SAME_COLUMN
    with pytest.raises(ValueError, match="exactly one"):
        drag_move(KLONDIKE, DRAG, parse_card("AH"), to_column=1, to_foundation=True)
    with pytest.raises(ValueError, match="exactly one"):
        drag_move(KLONDIKE, DRAG, parse_card("AH"))


# --- tap on the stock ----------------------------------------------------------------------


def test_tap_stock() -> None:
    full = layout(["|", "|", "|", "|", "|", "|", "|"])  # everything in the stock
    assert stock_tap_move(KLONDIKE, full) == Move.draw()
    empty = layout(["|", "|", "|", "|", "|", "|", "|"], stock=False)  # everything on the waste
    assert stock_tap_move(KLONDIKE, empty) == Move.recycle()
    assert rule(stock_tap_move(KLONDIKE_VEGAS, empty)) is RuleId.RECYCLE_NOT_ALLOWED
    assert stock_tap_move(KLONDIKE_VEGAS, full) == Move.draw()


# --- on a game: intents play, refusals change nothing ----------------------------------------


def test_game_intents_play_the_move() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")  # AD col 1, AH top of col 7, 9D (col 5) fits TC
    assert game.tap(parse_card("AD")) == Move.parse("1f")
    assert game.double_tap(parse_card("9D")) == Move.parse("54:1")
    assert game.drag(parse_card("AH"), to_foundation=True) == Move.parse("7f")
    assert game.tap_stock() == Move.draw()
    assert game.actions == ("1f", "54:1", "7f", "d")
    assert game.score == 10 + 5 + 15  # 1f; 54 with a flip; 7f with a flip


def test_gestures_take_card_text() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    assert game.tap("AD") == Move.parse("1f")
    assert game.try_double_tap(" 9d ") == Move.parse("54:1")
    assert game.drag("A♥", to_foundation=True) == Move.parse("7f")
    assert game.actions == ("1f", "54:1", "7f")


@pytest.mark.parametrize("card", [True, False, 3.0, None, b"AH", "ZZ", "", 52, -1])
def test_gestures_refuse_what_is_not_a_card(card: object) -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    before = load_document(save_document(game))
    for gesture in (game.tap, game.try_tap, game.double_tap, game.try_double_tap):
        with pytest.raises(CardParseError):
            gesture(card)  # type: ignore[arg-type]
    with pytest.raises(CardParseError):
        game.drag(card, to_column=1)  # type: ignore[arg-type]
    with pytest.raises(CardParseError):
        game.try_drag(card, to_foundation=True)  # type: ignore[arg-type]
    assert game == before


def test_a_hidden_card_is_refused_without_saying_where_it_lies() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")  # 2C in the stock; 7D face down in column 5
    in_stock, face_down = game.try_tap("2C"), game.try_tap("7D")
    dragged = game.try_drag("7D", to_column=0)
    assert isinstance(in_stock, Refusal) and isinstance(face_down, Refusal)
    assert in_stock == face_down == dragged
    assert in_stock.rule is RuleId.FACE_DOWN_CARD and in_stock.column is None
    canfield = Game.from_code("CF1-D3N-AAAAAAB")  # 2H tops the reserve of 13
    under_top = canfield.position.reserve[-2]
    assert canfield.try_tap(under_top) == in_stock


@pytest.mark.parametrize("flag", ["yes", 1, None])
def test_drag_to_foundation_takes_only_a_bool(flag: object) -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    with pytest.raises(InvalidArgumentError):
        game.try_drag("AD", to_foundation=flag)  # type: ignore[arg-type]
    assert game.moves == ()


def test_gesture_verbs_raise_the_refusal_and_change_nothing() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    before = load_document(save_document(game))
    with pytest.raises(IllegalMoveError) as tap_error:
        game.tap("KD")
    assert tap_error.value.refusal.rule is RuleId.FOUNDATION_WRONG_RANK
    with pytest.raises(IllegalMoveError) as drag_error:
        game.drag("9D", to_column=0)
    assert drag_error.value.refusal.rule is RuleId.WRONG_COLOR
    assert game == before


@pytest.mark.parametrize(
    ("gesture", "expected"),
    [
        ("tap 2H", RuleId.FACE_DOWN_CARD),  # face down under JC in column 2
        ("tap JH", RuleId.FACE_DOWN_CARD),  # still in the stock (QH was drawn)
        ("tap KD", RuleId.FOUNDATION_WRONG_RANK),
        ("double KD", None),  # a King, no empty column: some refusal
        ("drag 9D 0", RuleId.WRONG_COLOR),  # 9D on AD: red on red
        ("drag TC 4", RuleId.WRONG_RANK),  # TC on 9D: wrong rank (colours differ)
        ("drag 2H 4", RuleId.FACE_DOWN_CARD),
    ],
)
def test_game_refusals_change_nothing(gesture: str, expected: RuleId | None) -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.play(Move.draw())  # QH to the waste
    before = load_document(save_document(game))
    kind, card, *target = gesture.split()
    if kind == "tap":
        choice = game.try_tap(parse_card(card))
    elif kind == "double":
        choice = game.try_double_tap(parse_card(card))
    else:
        choice = game.try_drag(parse_card(card), to_column=int(target[0]))
    assert isinstance(choice, Refusal)
    if expected is not None:
        assert choice.rule is expected
    assert game == before


def test_game_tap_stock_in_vegas() -> None:
    game = Game.from_code("KL1-D1V-AAAAAAG")
    for _ in range(24):
        assert game.tap_stock() == Move.draw()
    before = load_document(save_document(game))
    choice = game.try_tap_stock()
    assert isinstance(choice, Refusal) and choice.rule is RuleId.RECYCLE_NOT_ALLOWED
    assert game == before
    with pytest.raises(IllegalMoveError):
        game.tap_stock()
    assert game == before

    standard = Game.from_code("KL1-D1N-AAAAAAG")
    for _ in range(24):
        standard.tap_stock()
    assert standard.tap_stock() == Move.recycle()
    assert standard.position.recycles == 1


# --- bad input is refused up front ------------------------------------------------------


@pytest.mark.parametrize("column", [7, -4])
def test_drag_to_a_column_outside_the_tableau(column: int) -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")  # 9D on column 5 fits TC on column 4
    before = load_document(save_document(game))
    try:
        choice: Move | Refusal | None = game.try_drag(parse_card("9D"), to_column=column)
    except ValueError:
        choice = None
    assert choice is None or isinstance(choice, Refusal)
    assert game == before


@pytest.mark.parametrize("card", [52, -1])
def test_tap_something_that_is_not_a_card(card: int) -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    with pytest.raises(ValueError, match=str(card)):
        game.tap(card)
