"""Move notation (RULES.md section 11): parsing, printing and round trips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire_core import Move, MoveKind, MoveParseError, SolitaireError

# Every form of RULES.md section 11, with the move it must mean. Columns are
# 1..7 in text and 0..6 in Move; suits are 0..3 = S, H, D, C.
FORMS: list[tuple[str, Move]] = [
    ("d", Move(MoveKind.DRAW)),
    ("r", Move(MoveKind.RECYCLE)),
    ("wf", Move(MoveKind.WASTE_TO_FOUNDATION)),
    *[(f"w{n}", Move(MoveKind.WASTE_TO_COLUMN, target=n - 1)) for n in range(1, 8)],
    *[(f"{n}f", Move(MoveKind.COLUMN_TO_FOUNDATION, source=n - 1)) for n in range(1, 8)],
    *[
        (f"{a}{b}", Move(MoveKind.COLUMN_TO_COLUMN, source=a - 1, target=b - 1))
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
    # A count on the other card moves: parsed, so that the rules can refuse it.
    ("wf:2", Move(MoveKind.WASTE_TO_FOUNDATION, count=2)),
    ("w3:2", Move(MoveKind.WASTE_TO_COLUMN, target=2, count=2)),
    ("3f:2", Move(MoveKind.COLUMN_TO_FOUNDATION, source=2, count=2)),
    ("fh3:2", Move(MoveKind.FOUNDATION_TO_COLUMN, source=1, target=2, count=2)),
    ("wf:1", Move(MoveKind.WASTE_TO_FOUNDATION, count=1)),
]


@pytest.mark.parametrize(("text", "move"), FORMS, ids=[text for text, _ in FORMS])
def test_parse_and_print_every_form(text: str, move: Move) -> None:
    assert Move.parse(text) == move
    assert str(move) == text
    assert Move.parse(str(move)) == move


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


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("D", "d"),
        ("R", "r"),
        (" WF ", "wf"),
        ("W3", "w3"),
        ("\tw3\n", "w3"),
        ("3F", "3f"),
        (" 35 ", "35"),
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
        "88",
        "08",
        "80",
        "w8",
        "w0",
        "0f",
        "8f",
        "fx3",
        "fs8",
        "fs0",
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
# notation table says; counts are >= 1 and only on card moves).
_columns = st.integers(min_value=0, max_value=6)
_suits = st.integers(min_value=0, max_value=3)
_counts = st.none() | st.integers(min_value=1, max_value=52)


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
        _counts,
    ),
    st.builds(
        lambda suit, target, count: Move(
            MoveKind.FOUNDATION_TO_COLUMN, source=suit, target=target, count=count
        ),
        _suits,
        _columns,
        _counts,
    ),
)


@given(notated_moves)
def test_round_trip_over_all_moves(move: Move) -> None:
    text = str(move)
    assert text == text.strip().lower()
    assert Move.parse(text) == move
    assert Move.parse(f"  {text.upper()} ") == move


@given(notated_moves)
def test_text_shape(move: Move) -> None:
    """The printed text has the shape of its kind, with 1-based columns."""
    text = str(move)
    body, _, count = text.partition(":")
    assert (count == "") == (move.count is None)
    if move.count is not None:
        assert count == str(move.count)
    if move.kind is MoveKind.COLUMN_TO_COLUMN:
        assert move.source is not None and move.target is not None
        assert body == f"{move.source + 1}{move.target + 1}"
    elif move.kind is MoveKind.FOUNDATION_TO_COLUMN:
        assert move.source is not None and move.target is not None
        assert body == f"f{'shdc'[move.source]}{move.target + 1}"
