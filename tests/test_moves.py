"""Move notation (RULES.md section 11, FAMILY.md section 1.8): parsing, printing, round trips.

A Move is canonical: it always names its count for card moves, so one move has
one value (``Move.parse(str(m)) == m``, ``m in legal_moves(...)``, equal hashes).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from builders import build
from hypothesis import given
from hypothesis import strategies as st
from strategies import random_playout

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    InvalidArgumentError,
    Move,
    MoveKind,
    MoveParseError,
    Position,
    SolitaireError,
    Variant,
    format_move,
    legal_moves,
    parse_move,
)
from solitaire_core.moves import MAX_COLUMNS
from solitaire_core.variants import (
    CANFIELD,
    SOMERSET,
    SPIDERETTE,
    TRIPLE_KLONDIKE,
    WESTCLIFF,
    YUKON,
)

# Every form of RULES.md section 11 (and FAMILY.md section 1.8), with the move
# it must mean. Columns are 1..n in text and 0..n-1 in Move; suits are 0..3 =
# S, H, D, C. Column-to-column moves always name their count now (a count-less
# "35" is shorthand that only a position resolves: see the tests below).
FORMS: list[tuple[str, Move]] = [
    ("d", Move(MoveKind.DRAW)),
    ("r", Move(MoveKind.RECYCLE)),
    ("wf", Move(MoveKind.WASTE_TO_FOUNDATION)),
    *[(f"w{n}", Move(MoveKind.WASTE_TO_COLUMN, target=n - 1)) for n in range(1, 8)],
    *[(f"{n}f", Move(MoveKind.COLUMN_TO_FOUNDATION, source=n - 1)) for n in range(1, 8)],
    *[
        (f"{a}{b}:1", Move(MoveKind.COLUMN_TO_COLUMN, source=a - 1, target=b - 1, count=1))
        for a in range(1, 8)
        for b in range(1, 8)
        if a != b
    ],
    ("35:1", Move(MoveKind.COLUMN_TO_COLUMN, source=2, target=4, count=1)),
    ("35:2", Move(MoveKind.COLUMN_TO_COLUMN, source=2, target=4, count=2)),
    ("71:13", Move(MoveKind.COLUMN_TO_COLUMN, source=6, target=0, count=13)),
    ("fs3", Move(MoveKind.FOUNDATION_TO_COLUMN, source=0, target=2)),
    ("fh3", Move(MoveKind.FOUNDATION_TO_COLUMN, source=1, target=2)),
    ("fd3", Move(MoveKind.FOUNDATION_TO_COLUMN, source=2, target=2)),
    ("fc3", Move(MoveKind.FOUNDATION_TO_COLUMN, source=3, target=2)),
    ("fs1", Move(MoveKind.FOUNDATION_TO_COLUMN, source=0, target=0)),
    ("fc7", Move(MoveKind.FOUNDATION_TO_COLUMN, source=3, target=6)),
    # The reserve (Canfield): "rf" and "r3"; a lone "r" stays the recycle.
    ("rf", Move(MoveKind.RESERVE_TO_FOUNDATION)),
    *[(f"r{n}", Move(MoveKind.RESERVE_TO_COLUMN, target=n - 1)) for n in range(1, 8)],
    # Columns beyond 7 (up to 30), and the dash form once a number has two digits.
    ("w8", Move(MoveKind.WASTE_TO_COLUMN, target=7)),
    ("w30", Move(MoveKind.WASTE_TO_COLUMN, target=29)),
    ("13f", Move(MoveKind.COLUMN_TO_FOUNDATION, source=12)),
    ("r10", Move(MoveKind.RESERVE_TO_COLUMN, target=9)),
    ("fc10", Move(MoveKind.FOUNDATION_TO_COLUMN, source=3, target=9)),
    ("89:3", Move(MoveKind.COLUMN_TO_COLUMN, source=7, target=8, count=3)),
    ("1-10:4", Move(MoveKind.COLUMN_TO_COLUMN, source=0, target=9, count=4)),
    ("10-1:1", Move(MoveKind.COLUMN_TO_COLUMN, source=9, target=0, count=1)),
    ("30-29:52", Move(MoveKind.COLUMN_TO_COLUMN, source=29, target=28, count=52)),
    # A spider run to its foundation: the column's top 13 cards.
    ("3f:13", Move(MoveKind.COLUMN_TO_FOUNDATION, source=2, count=13)),
    # A count on the other card moves: parsed, so that the rules can refuse it.
    ("wf:2", Move(MoveKind.WASTE_TO_FOUNDATION, count=2)),
    ("w3:2", Move(MoveKind.WASTE_TO_COLUMN, target=2, count=2)),
    ("3f:2", Move(MoveKind.COLUMN_TO_FOUNDATION, source=2, count=2)),
    ("fh3:2", Move(MoveKind.FOUNDATION_TO_COLUMN, source=1, target=2, count=2)),
    ("rf:2", Move(MoveKind.RESERVE_TO_FOUNDATION, count=2)),
    ("r3:2", Move(MoveKind.RESERVE_TO_COLUMN, target=2, count=2)),
]


@pytest.mark.parametrize(("text", "move"), FORMS, ids=[text for text, _ in FORMS])
def test_parse_and_print_every_form(text: str, move: Move) -> None:
    assert Move.parse(text) == move
    assert str(move) == text
    assert Move.parse(str(move)) == move
    assert hash(Move.parse(text)) == hash(move)


def test_forms_cover_every_kind() -> None:
    assert {move.kind for _, move in FORMS} == set(MoveKind)


def test_named_constructors_use_zero_based_columns() -> None:
    assert Move.parse("d") == Move.draw()
    assert Move.parse("r") == Move.recycle()
    assert Move.parse("wf") == Move.waste_to_foundation()
    assert Move.parse("w1") == Move.waste_to_column(0)
    assert Move.parse("7f") == Move.column_to_foundation(6)
    assert Move.parse("35:2") == Move.column_to_column(2, 4, count=2)
    assert Move.parse("fd7") == Move.foundation_to_column(2, 6)
    assert Move.parse("wf:2") == Move.waste_to_foundation(count=2)
    assert Move.parse("rf") == Move.reserve_to_foundation()
    assert Move.parse("r3") == Move.reserve_to_column(2)
    assert Move.parse("rf:2") == Move.reserve_to_foundation(count=2)
    assert Move.parse("1-10:4") == Move.column_to_column(0, 9, count=4)
    assert Move.parse("3f:13") == Move.column_to_foundation(2, count=13)


# --------------------------------------------------------------------------
# The canonical-Move contract.

# Klondike: column 1 empty, 2: 5C 8D down + AS, 3: 4D down + KS QH, 4: 6C down +
# TC 9H 8S, 5: TS, 6: JC down + 7H, 7: AH; every other card in the stock.
POSITION = build("| / 5C 8D|AS / 4D|KS QH / 6C|TC 9H 8S / |TS / JC|7H / |AH")


def test_card_moves_default_to_count_1_and_draw_recycle_carry_none() -> None:
    for _, move in FORMS:
        if move.kind in (MoveKind.DRAW, MoveKind.RECYCLE):
            assert move.count is None
        else:
            assert type(move.count) is int and move.count >= 1
    assert Move.parse("wf").count == 1
    assert Move(MoveKind.WASTE_TO_FOUNDATION, count=None) == Move.parse("wf")


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("wf:1", "wf"),
        ("w3:1", "w3"),
        ("7f:1", "7f"),
        ("fh3:1", "fh3"),
        ("rf:1", "rf"),
        ("r3:1", "r3"),
        ("3-5:1", "35:1"),
        ("3-5:2", "35:2"),
        ("7-1:13", "71:13"),
    ],
)
def test_non_canonical_text_names_the_same_move(text: str, canonical: str) -> None:
    # ":1" on a one-card move and the dash between one-digit columns are accepted
    # but not canonical: the move is the same value, printed the canonical way.
    move = Move.parse(text)
    assert move == Move.parse(canonical)
    assert hash(move) == hash(Move.parse(canonical))
    assert str(move) == canonical
    assert len({move, Move.parse(canonical)}) == 1


def test_count_less_column_move_needs_a_position() -> None:
    for a in range(1, 8):
        for b in range(1, 8):
            if a == b:
                continue
            with pytest.raises(MoveParseError) as info:
                Move.parse(f"{a}{b}")
            assert info.value.text == f"{a}{b}"
            with pytest.raises(MoveParseError):
                Move.parse(f"{a}-{b}")
    with pytest.raises(MoveParseError):
        Move.parse("1-10")
    with pytest.raises(InvalidArgumentError):
        Move(MoveKind.COLUMN_TO_COLUMN, source=2, target=4)
    # parse_move resolves the shorthand against a position: only 9H of column
    # 4's run TC 9H 8S fits the TS of column 5, so "45" is "45:2".
    position = POSITION
    assert parse_move(KLONDIKE, position, "45") == Move.parse("45:2")
    assert parse_move(KLONDIKE, position, "4-5") == Move.parse("45:2")


@pytest.mark.parametrize("text", ["w8", "8f", "fs8", "r8", "18:1", "81:1", "1-8:1", "w30"])
def test_parse_move_refuses_a_column_the_game_lacks(text: str) -> None:
    # Move.parse accepts columns up to 30 (some games have 10 or 13);
    # parse_move checks them against the game's columns.
    Move.parse(text)
    position = POSITION
    with pytest.raises(MoveParseError) as info:
        parse_move(KLONDIKE, position, text)
    assert info.value.text == text
    assert "is not a column 1..7" in str(info.value)


def test_dash_form_for_columns_of_two_digits() -> None:
    assert str(Move.column_to_column(0, 9, count=4)) == "1-10:4"
    assert str(Move.column_to_column(9, 0, count=1)) == "10-1:1"
    assert str(Move.column_to_column(12, 10, count=2)) == "13-11:2"
    assert str(Move.column_to_column(7, 8, count=2)) == "89:2"
    assert Move.parse("1-10:4") == Move.parse("1-10:4 ".upper())
    # In a game of 10 or more columns, format_move writes every column move with a dash.
    move = Move.column_to_column(2, 4, count=2)
    assert format_move(KLONDIKE, move) == "35:2"
    assert format_move(WESTCLIFF, move) == "3-5:2"
    assert Move.parse(format_move(WESTCLIFF, move)) == move
    assert format_move(WESTCLIFF, Move.parse("wf")) == "wf"
    assert format_move(TRIPLE_KLONDIKE, Move.parse("13-1:5")) == "13-1:5"


def test_reserve_notation() -> None:
    assert Move.parse("rf").kind is MoveKind.RESERVE_TO_FOUNDATION
    assert Move.parse("R3") == Move(MoveKind.RESERVE_TO_COLUMN, target=2)
    assert Move.parse("r") == Move.recycle()
    assert Move.parse("rf") != Move.parse("wf")
    assert Move.parse("r3") != Move.parse("w3")
    assert str(Move.reserve_to_column(9)) == "r10"
    for text in ("r0", "r31", "rx", "rff", "r:1", "rf:0", "r-3"):
        with pytest.raises(MoveParseError):
            Move.parse(text)


@pytest.mark.parametrize(
    ("kind", "source", "target"),
    [
        (MoveKind.RESERVE_TO_FOUNDATION, 0, None),
        (MoveKind.RESERVE_TO_FOUNDATION, None, 0),
        (MoveKind.RESERVE_TO_COLUMN, None, None),
        (MoveKind.RESERVE_TO_COLUMN, 0, 2),
        (MoveKind.RESERVE_TO_COLUMN, None, 30),
        (MoveKind.RESERVE_TO_COLUMN, None, -1),
        (MoveKind.WASTE_TO_COLUMN, None, 30),
        (MoveKind.COLUMN_TO_FOUNDATION, 30, None),
        (MoveKind.COLUMN_TO_COLUMN, 0, 30),
        (MoveKind.COLUMN_TO_COLUMN, 30, 0),
        (MoveKind.FOUNDATION_TO_COLUMN, 4, 0),
        (MoveKind.FOUNDATION_TO_COLUMN, 0, 30),
        (MoveKind.DRAW, 0, None),
        (MoveKind.RECYCLE, None, 0),
    ],
)
def test_constructor_refuses_bad_places(
    kind: MoveKind, source: int | None, target: int | None
) -> None:
    count = None if kind in (MoveKind.DRAW, MoveKind.RECYCLE) else 1
    with pytest.raises(InvalidArgumentError):
        Move(kind, source=source, target=target, count=count)


def test_new_constructors_refuse_bad_arguments() -> None:
    for bad in (-1, 30, 100):
        with pytest.raises(InvalidArgumentError):
            Move.reserve_to_column(bad)
        with pytest.raises(InvalidArgumentError):
            Move.column_to_column(0, bad, count=1)
    for count in (0, -1):
        with pytest.raises(InvalidArgumentError):
            Move.reserve_to_foundation(count=count)
        with pytest.raises(InvalidArgumentError):
            Move.reserve_to_column(0, count=count)
        with pytest.raises(InvalidArgumentError):
            Move.column_to_column(0, 1, count=count)
    with pytest.raises(InvalidArgumentError):
        Move(MoveKind.DRAW, count=1)
    with pytest.raises(InvalidArgumentError):
        Move(MoveKind.RECYCLE, count=1)
    assert Move.reserve_to_column(29) == Move.parse("r30")


def _positions(variant: Variant, deals: int = 3, steps: int = 120) -> list[Position]:
    return [
        position
        for deal in range(deals)
        for position in random_playout(variant, deal, deal, steps)[::10]
    ]


# A complete spider run on column 1 (Spiderette), so "1f" is a 13-card move.
SPIDER_RUN = build("|KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS / *|KH / | / | / | / | / |QD")

CONTRACT_CASES: list[tuple[Variant, list[Position]]] = [
    (KLONDIKE, _positions(KLONDIKE)),
    (KLONDIKE_DRAW_3, _positions(KLONDIKE_DRAW_3)),
    (CANFIELD, _positions(CANFIELD)),
    (WESTCLIFF, _positions(WESTCLIFF)),
    (TRIPLE_KLONDIKE, _positions(TRIPLE_KLONDIKE)),
    (SOMERSET, _positions(SOMERSET)),
    (YUKON, _positions(YUKON)),
    (SPIDERETTE, [SPIDER_RUN, *_positions(SPIDERETTE)]),
]


@pytest.mark.parametrize(("variant", "positions"), CONTRACT_CASES, ids=str)
def test_generated_moves_round_trip_through_their_text(
    variant: Variant, positions: list[Position]
) -> None:
    seen: set[MoveKind] = set()
    for position in positions:
        moves = legal_moves(variant, position)
        for move in moves:
            seen.add(move.kind)
            if move.kind not in (MoveKind.DRAW, MoveKind.RECYCLE):
                assert move.count is not None
            parsed = Move.parse(str(move))
            assert parsed == move
            assert hash(parsed) == hash(move)
            assert parsed in moves
            assert parsed in set(moves)
            # The game's canonical text reads back to the same move.
            text = format_move(variant, move)
            assert parse_move(variant, position, text) == move
            assert parse_move(variant, position, f" {text.upper()} ") == move
            if variant.columns >= 10 and move.kind is MoveKind.COLUMN_TO_COLUMN:
                assert "-" in text
        assert len(set(moves)) == len(moves)
    assert MoveKind.COLUMN_TO_COLUMN in seen
    if variant is CANFIELD:
        assert {MoveKind.RESERVE_TO_COLUMN, MoveKind.RESERVE_TO_FOUNDATION} <= seen


def test_spider_run_is_written_3f_and_read_back_as_13_cards() -> None:
    run = Move.column_to_foundation(0, count=13)
    assert run in legal_moves(SPIDERETTE, SPIDER_RUN)
    assert format_move(SPIDERETTE, run) == "1f"
    assert str(run) == "1f:13"
    assert parse_move(SPIDERETTE, SPIDER_RUN, "1f") == run
    assert parse_move(SPIDERETTE, SPIDER_RUN, "1f:13") == run
    # In a game of single-card foundations "1f" stays one card.
    assert parse_move(KLONDIKE, SPIDER_RUN, "1f") == Move.parse("1f")


def test_complete_parsed_text_is_in_legal_moves() -> None:
    moves = legal_moves(KLONDIKE, POSITION)
    for text in ("2f", "7f", "45:2", "64:1", "31:2", "d"):
        assert Move.parse(text) in moves
        assert Move.parse(text.upper()) in moves
    assert [str(move) for move in moves] == ["2f", "7f", "31:2", "45:2", "64:1", "d"]
    assert Move.parse("45:1") not in moves
    assert Move.parse("45:3") not in moves
    assert Move.parse("7f:1") in moves


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("D", "d"),
        ("R", "r"),
        (" WF ", "wf"),
        ("W3", "w3"),
        ("\tw3\n", "w3"),
        ("3F", "3f"),
        (" 35:1 ", "35:1"),
        (" 3-5:1", "35:1"),
        ("1-10:4 ", "1-10:4"),
        (" RF ", "rf"),
        ("R3", "r3"),
        ("W10", "w10"),
        ("35:2  ", "35:2"),
        ("FH3", "fh3"),
        ("Fs1", "fs1"),
        ("fD3", "fd3"),
        (" FC3:2", "fc3:2"),
        ("WF:2", "wf:2"),
    ],
)
def test_case_and_surrounding_spaces_are_ignored(text: str, canonical: str) -> None:
    move = Move.parse(text)
    assert str(move) == canonical
    assert move == Move.parse(canonical)


@pytest.mark.parametrize(
    "text",
    [
        "u",  # undo is a game-record token, not a move
        "U",
        "redo",
        "resign",
        "88",  # a count-less column move is shorthand for parse_move, not a Move
        "35",
        "3-5",
        "08",
        "80",
        "w0",
        "w31",  # columns go up to 30 (w8, 8f and fs8 are moves now)
        "w01",
        "0f",
        "31f",
        "100f",
        "fx3",
        "fs31",
        "fs0",
        "1-31:1",
        "31-1:1",
        "0-1:1",
        "1-:1",
        "-1:1",
        "1-2-3:1",
        "123:1",
        "f3",
        "fs",
        "35:0",
        "35:x",
        "35:",
        "35:-1",
        "35:1.5",
        "35:2:1",
        "",
        "   ",
        "d:2",
        "r:1",
        "3",
        "w",
        "wff",
        "357",
        "dd",
        "x",
    ],
)
def test_bad_text_raises_move_parse_error(text: str) -> None:
    with pytest.raises(MoveParseError) as info:
        Move.parse(text)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, SolitaireError)
    assert info.value.text == text
    assert repr(text) in str(info.value)


# str.isdigit() accepts '²' (which int() rejects) and '٣' (which int() reads as 3).
@pytest.mark.parametrize("text", ["35:²", "35:٣", "w4:١"])
def test_superscript_count_raises_move_parse_error(text: str) -> None:
    with pytest.raises(MoveParseError) as info:
        Move.parse(text)
    assert info.value.text == text


# Every move the notation can express (column-to-column with a != b, as the
# notation table says; counts are >= 1 and only on card moves, where None
# stands for the default count of 1 except on column-to-column moves, which
# must name theirs). Columns go up to 30 (FAMILY.md section 1.8).
_columns = st.integers(min_value=0, max_value=MAX_COLUMNS - 1)
_suits = st.integers(min_value=0, max_value=3)
_counts = st.none() | st.integers(min_value=1, max_value=52)
_group_counts = st.integers(min_value=1, max_value=52)


@st.composite
def _column_pairs(draw: st.DrawFn) -> tuple[int, int]:
    source = draw(_columns)
    target = draw(_columns.filter(lambda column: column != source))
    return source, target


notated_moves: st.SearchStrategy[Move] = st.one_of(
    st.just(Move(MoveKind.DRAW)),
    st.just(Move(MoveKind.RECYCLE)),
    st.builds(lambda count: Move(MoveKind.WASTE_TO_FOUNDATION, count=count), _counts),
    st.builds(
        lambda target, count: Move(MoveKind.WASTE_TO_COLUMN, target=target, count=count),
        _columns,
        _counts,
    ),
    st.builds(
        lambda source, count: Move(MoveKind.COLUMN_TO_FOUNDATION, source=source, count=count),
        _columns,
        _counts,
    ),
    st.builds(
        lambda pair, count: Move(
            MoveKind.COLUMN_TO_COLUMN, source=pair[0], target=pair[1], count=count
        ),
        _column_pairs(),
        _group_counts,
    ),
    st.builds(
        lambda suit, target, count: Move(
            MoveKind.FOUNDATION_TO_COLUMN, source=suit, target=target, count=count
        ),
        _suits,
        _columns,
        _counts,
    ),
    st.builds(lambda count: Move(MoveKind.RESERVE_TO_FOUNDATION, count=count), _counts),
    st.builds(
        lambda target, count: Move(MoveKind.RESERVE_TO_COLUMN, target=target, count=count),
        _columns,
        _counts,
    ),
)


@given(notated_moves)
def test_round_trip_over_all_moves(move: Move) -> None:
    text = str(move)
    assert text == text.strip().lower()
    assert Move.parse(text) == move
    assert hash(Move.parse(text)) == hash(move)
    assert Move.parse(f"  {text.upper()} ") == move


@given(notated_moves)
def test_text_shape(move: Move) -> None:
    """The printed text has the shape of its kind, with 1-based columns."""
    text = str(move)
    body, _, count = text.partition(":")
    if move.kind in (MoveKind.DRAW, MoveKind.RECYCLE):
        assert move.count is None and count == ""
    else:
        # Canonical: every card move has a count; it is written unless it is
        # the default 1 of a one-card kind (column-to-column moves always write it).
        assert move.count is not None
        if move.count == 1 and move.kind is not MoveKind.COLUMN_TO_COLUMN:
            assert count == ""
        else:
            assert count == str(move.count)
    if move.kind is MoveKind.COLUMN_TO_COLUMN:
        assert move.source is not None and move.target is not None
        a, b = move.source + 1, move.target + 1
        assert body == (f"{a}{b}" if a <= 9 and b <= 9 else f"{a}-{b}")
        # The dash form is always accepted, and the count-less body is refused.
        assert Move.parse(f"{a}-{b}:{move.count}") == move
        with pytest.raises(MoveParseError):
            Move.parse(body)
    elif move.kind is MoveKind.FOUNDATION_TO_COLUMN:
        assert move.source is not None and move.target is not None
        assert body == f"f{'shdc'[move.source]}{move.target + 1}"
    elif move.kind is MoveKind.RESERVE_TO_COLUMN:
        assert move.target is not None
        assert body == f"r{move.target + 1}"
    elif move.kind is MoveKind.RESERVE_TO_FOUNDATION:
        assert body == "rf"


@pytest.mark.parametrize("value", [None, 7, b"7f", ["7f"]])
def test_parsing_a_move_that_is_not_a_str_is_a_move_parse_error(value: Any) -> None:
    position = POSITION
    with pytest.raises(MoveParseError, match="expected a str, got " + type(value).__name__):
        Move.parse(value)
    with pytest.raises(MoveParseError, match="expected a str, got " + type(value).__name__):
        parse_move(KLONDIKE, position, value)


@pytest.mark.parametrize(
    ("text", "token"), [("u", "'u' (undo)"), ("Redo", "'redo'"), ("resign", "'resign'")]
)
def test_game_record_tokens_are_named_as_such(text: str, token: str) -> None:
    message = f"{token} is a game-record token, not a move"
    with pytest.raises(MoveParseError, match=re.escape(message)):
        Move.parse(text)
    with pytest.raises(MoveParseError, match=re.escape(message)):
        parse_move(KLONDIKE, POSITION, text)
