"""The catalogue file format and the catalogue made from a survey's rows."""

from __future__ import annotations

import hashlib
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from strategies import catalogues

from solitaire_core import CatalogueError, InvalidArgumentError, SolveStatus
from solitaire_core.catalogue import Grade, decode
from solitaire_core.catalogue.build import catalogue_from_rows, main, too_long_to_record
from solitaire_core.catalogue.format import MAX_MOVES, Catalogue, ConstructedDeal
from solitaire_core.survey import (
    DealRow,
    LocalProcesses,
    SurveySettings,
    SurveyStore,
    run_survey,
)


@settings(deadline=None)  # a quick example; the deadline measured only the machine's load
@given(catalogues())
def test_a_catalogue_round_trips_through_its_bytes(catalogue: Catalogue) -> None:
    assert decode(catalogue.encode(), "test") == catalogue


def small_catalogue() -> Catalogue:
    return Catalogue(
        prefix="KL1-D3N",
        grades=(Grade.EASY, None, Grade.HARD, Grade.MEDIUM, None),
        moves=(150, 0, 260, 170, 0),
        max_positions=1_000,
        library="0.1.0",
        commit="abc",
        command="solitaire-core survey KL1-D3N --deals 0..4",
    )


def with_body(data: bytes, body: bytes, *, fix_checksum: bool) -> bytes:
    header, _, _ = data.partition(b"\n\n")
    if fix_checksum:
        lines = [
            f"sha256: {hashlib.sha256(body).hexdigest()}".encode()
            if line.startswith(b"sha256: ") else line
            for line in header.split(b"\n")
        ]  # fmt: skip
        header = b"\n".join(lines)
    return header + b"\n\n" + body


def damaged_files() -> list[tuple[str, bytes, str]]:
    data = small_catalogue().encode()
    header, _, body = data.partition(b"\n\n")
    flipped = bytes([body[0] ^ 0xC0]) + body[1:]  # deal 0: easy (01) becomes medium (10)
    return [
        ("empty", b"", "no header"),
        ("cut in the header", data[:30], "no header"),
        ("cut in the body", data[:-1], "cut short or damaged"),
        ("a byte changed", with_body(data, flipped, fix_checksum=False), "sha256"),
        ("counts disagree", with_body(data, flipped, fix_checksum=True), "header counts"),
        ("another program's", b"PK\x03\x04\n\n", "not a catalogue"),
        ("newer", data.replace(b"catalogue 1\n", b"catalogue 3\n", 1), "newer"),
        ("a field missing", data.replace(b"commit: abc\n", b"", 1), "lacks commit"),
        ("a bad count", data.replace(b"deals: 5\n", b"deals: five\n", 1), "not a count"),
        ("not UTF-8", b"\xff" + data, "not UTF-8"),
        ("a line without a value", header + b"\nstray\n\n" + body, "not 'name: value'"),
    ]


@pytest.mark.parametrize(("data", "message"), [case[1:] for case in damaged_files()],
                         ids=[case[0] for case in damaged_files()])  # fmt: skip
def test_a_damaged_file_raises_the_library_error(data: bytes, message: str) -> None:
    with pytest.raises(CatalogueError, match=message) as raised:
        decode(data, "KL1-D3N")
    assert raised.value.name == "KL1-D3N"


def test_inconsistent_entries_are_refused() -> None:
    with pytest.raises(CatalogueError, match="do not fit"):
        Catalogue("KL1-D1N", (Grade.EASY,), (0,), 1, "", "", "")
    with pytest.raises(CatalogueError, match="do not fit"):
        Catalogue("KL1-D1N", (None,), (10,), 1, "", "", "")
    with pytest.raises(CatalogueError, match="is not a win"):
        Catalogue("KL1-D1N", (Grade.UNKNOWN,), (10,), 1, "", "", "")
    with pytest.raises(CatalogueError, match="max_positions must be"):
        Catalogue("KL1-D1N", (), (), 0, "", "", "")
    with pytest.raises(CatalogueError, match="not a deal-code prefix"):
        Catalogue("klondike", (), (), 1, "", "", "")


def test_a_catalogue_is_made_from_the_survey_rows() -> None:
    def row(deal: int, status: SolveStatus, grade: Grade, moves: int) -> DealRow:
        return DealRow("KL1-D3N", deal, f"KL1-D3N-{deal}", status, 500, moves, None, 0.1, grade)

    rows = [
        row(1, SolveStatus.UNWINNABLE, Grade.UNWINNABLE, 0),
        row(0, SolveStatus.SOLVED, Grade.EASY, 150),
        row(2, SolveStatus.UNKNOWN, Grade.UNKNOWN, 0),
        row(3, SolveStatus.SOLVED, Grade.HARD, 230),
    ]
    settings = SurveySettings(max_positions=1_000)
    made = catalogue_from_rows(rows, prefix="KL1-D3N", deals=4, settings=settings,
                               commit="abc", command="survey")  # fmt: skip
    assert made.grades == (Grade.EASY, None, None, Grade.HARD)
    assert made.moves == (150, 0, 0, 230)
    assert made.winnable() == (0, 3) and made.winnable(Grade.HARD) == (3,)
    assert made.winnable("easy") == (0,)  # a grade's text, as pick_winnable_deal takes it
    for bad in (3, Grade.UNKNOWN, "EASY", b"easy"):  # a bad argument, not a damaged file
        with pytest.raises(InvalidArgumentError, match="grade must be easy, medium, hard or"):
            made.winnable(bad)  # type: ignore[arg-type]
    # A win whose line the format cannot hold (over 16,383 moves) is left out, and counted.
    long_win = row(4, SolveStatus.SOLVED, Grade.HARD, MAX_MOVES + 1)
    made = catalogue_from_rows([*rows, long_win], prefix="KL1-D3N", deals=5, settings=settings,
                               commit="abc", command="survey")  # fmt: skip
    assert made.grades[4] is None and made.moves[4] == 0 and made.winnable() == (0, 3)
    assert too_long_to_record([*rows, long_win], prefix="KL1-D3N", deals=5) == [4]
    assert too_long_to_record(rows, prefix="KL1-D3N", deals=4) == []
    at_limit = row(4, SolveStatus.SOLVED, Grade.HARD, MAX_MOVES)
    made = catalogue_from_rows([*rows, at_limit], prefix="KL1-D3N", deals=5, settings=settings,
                               commit="abc", command="survey")  # fmt: skip
    assert made.moves[4] == MAX_MOVES and made.winnable(Grade.HARD) == (3, 4)
    with pytest.raises(CatalogueError, match=r"lacks 1 deal of 0\.\.4, the first 4"):
        catalogue_from_rows(rows, prefix="KL1-D3N", deals=5, settings=settings,
                            commit="abc", command="survey")  # fmt: skip
    with pytest.raises(CatalogueError, match="time limit"):
        catalogue_from_rows(rows, prefix="KL1-D3N", deals=4, commit="abc", command="survey",
                            settings=SurveySettings(max_positions=1_000, time_limit=5))  # fmt: skip


def test_the_build_command_writes_the_catalogue_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    survey = tmp_path / "survey.sqlite3"
    run_survey(SurveyStore(survey), "KL1-D3N", range(3), SurveySettings(max_positions=500),
               executor=LocalProcesses(1))  # fmt: skip
    out = tmp_path / "KL1-D3N.sccat"
    common = ["--prefix", "KL1-D3N", "--commit", "abc", "--command", "survey", "--out", str(out)]
    assert main([str(survey), "--deals", "4", *common]) == 2  # deal 3 was not surveyed
    assert "lacks 1 deal" in capsys.readouterr().err and sorted(tmp_path.iterdir()) == [survey]
    assert main([str(survey), "--deals", "3", *common]) == 0
    assert capsys.readouterr().out.startswith(f"{out}: KL1-D3N, deals 0..2: ")
    made = decode(out.read_bytes(), "KL1-D3N")
    assert made.deals == 3 and sorted(tmp_path.iterdir()) == [out, survey]  # no temporary left


# --- constructed deals (format 2) ----------------------------------------------------------

BC_START = "RFFISSDLWFZHQDCREQLXHHWFPTBYEAGEXIXFBOUEILUQTUBI"  # a British Canister order won
SORTED = "A" * 48  # rank 0: the cards in index order


def with_constructed() -> Catalogue:
    return attrs.evolve(
        small_catalogue(),
        constructed_commit="def",
        constructed_command="python -m solitaire_core.catalogue.construct ...",
        constructed=(
            ConstructedDeal(BC_START, Grade.MEDIUM, 118),
            ConstructedDeal(SORTED, Grade.EASY, 1),
        ),
    )


def test_constructed_deals_follow_the_numbered_ones_in_format_2() -> None:
    # The layout of the module docs, built here by hand: the numbered words, then per
    # constructed deal its word (grade 2 = medium, 118 moves) and its 48 letters.
    plain = small_catalogue().encode()
    assert plain.startswith(b"solitaire-core catalogue 1\n") and b"constructed" not in plain
    data = with_constructed().encode()
    header, _, body = data.partition(b"\n\n")
    lines = header.decode().split("\n")
    assert lines[0] == "solitaire-core catalogue 2"
    made = ["constructed: 2", "constructed_commit: def",
            "constructed_command: python -m solitaire_core.catalogue.construct ..."]  # fmt: skip
    assert lines[-4:-1] == made  # (before the checksum)
    numbered = plain.partition(b"\n\n")[2]
    expected = (
        numbered
        + (2 << 14 | 118).to_bytes(2, "big") + BC_START.encode()
        + (1 << 14 | 1).to_bytes(2, "big") + SORTED.encode()
    )  # fmt: skip
    assert body == expected
    assert f"sha256: {hashlib.sha256(expected).hexdigest()}" in lines
    assert decode(data, "KL1-D3N") == with_constructed()


def test_constructed_deals_are_picked_by_grade() -> None:
    catalogue = with_constructed()
    assert [deal.letters for deal in catalogue.constructed_winnable()] == [BC_START, SORTED]
    assert [deal.letters for deal in catalogue.constructed_winnable("easy")] == [SORTED]
    assert catalogue.constructed_winnable(Grade.HARD) == ()
    assert catalogue.counts() == small_catalogue().counts()  # the header's counts: numbered only
    with pytest.raises(InvalidArgumentError, match="grade must be easy, medium, hard or None"):
        catalogue.constructed_winnable("lost")


def damaged_constructed() -> list[tuple[str, bytes, str]]:
    data = with_constructed().encode()
    body = data.partition(b"\n\n")[2]
    numbered = 2 * small_catalogue().deals
    no_grade = body[:numbered] + (118).to_bytes(2, "big") + body[numbered + 2 :]
    lower = body[:-48] + SORTED.lower().encode()
    past = body[:-48] + b"Z" * 48  # a rank beyond the last card order
    plain = small_catalogue().encode()
    return [
        ("cut in a constructed deal", data[:-1], "do not hold 5 deals and 2 constructed"),
        ("no grade", with_body(data, no_grade, fix_checksum=True), "constructed deal 0 has no"),
        ("lower case", with_body(data, lower, fix_checksum=True), "constructed deal 1"),
        ("no card order", with_body(data, past, fix_checksum=True), "constructed deal 1"),
        ("in format 1", plain.replace(b"sha256", b"constructed: 0\nsha256", 1), "format 1 has no"),
        ("a bad count", data.replace(b"constructed: 2", b"constructed: 2x", 1), "not a count"),
        ("counted wrong", data.replace(b"constructed: 2", b"constructed: 3", 1), "do not hold"),
        ("no provenance", data.replace(b"constructed_commit: def\n", b"", 1), "lacks constr"),
        (
            "a count too long",
            data.replace(b"constructed: 2", b"constructed: " + b"9" * 5000, 1),
            "not a count",
        ),
        (
            "a format not a count",
            data.replace(b"catalogue 2\n", "catalogue \u00b2\n".encode(), 1),
            "not a catalogue",
        ),
        ("format 0", data.replace(b"catalogue 2\n", b"catalogue 0\n", 1), "not a catalogue"),
        ("format 00", data.replace(b"catalogue 2\n", b"catalogue 00\n", 1), "not a catalogue"),
    ]


@pytest.mark.parametrize(("data", "message"), [case[1:] for case in damaged_constructed()],
                         ids=[case[0] for case in damaged_constructed()])  # fmt: skip
def test_a_damaged_constructed_part_raises_the_library_error(data: bytes, message: str) -> None:
    # Named as the reader named the file, whether the header or the deals are wrong.
    with pytest.raises(CatalogueError, match=message) as info:
        decode(data, "shipped/kl.catalogue")
    assert info.value.name == "shipped/kl.catalogue"
    assert str(info.value).startswith("catalogue 'shipped/kl.catalogue': ")


@pytest.mark.parametrize(
    ("prefix", "letters", "message"),
    [
        ("KL1-D3N", "A" * 107, "expected 48 letters"),  # two decks' letters in a one-deck game
        ("DK1-D1N", SORTED, "expected 107 letters"),
        ("XX1-D1N", SORTED, "constructed deal 0"),  # no such game: no full code
    ],
)
def test_constructed_letters_must_be_the_games_full_code(
    prefix: str, letters: str, message: str
) -> None:
    with pytest.raises(CatalogueError, match=message):
        attrs.evolve(
            small_catalogue(), prefix=prefix, constructed=(ConstructedDeal(letters, Grade.EASY, 9),)
        )


@pytest.mark.parametrize(
    ("grade", "moves"), [(None, 9), (Grade.EASY, 0), (Grade.HARD, MAX_MOVES + 1)]
)
def test_a_constructed_deal_must_be_a_win(grade: Grade | None, moves: int) -> None:
    with pytest.raises(CatalogueError, match="are not a win's"):
        attrs.evolve(small_catalogue(), constructed=(ConstructedDeal(SORTED, grade, moves),))  # type: ignore[arg-type]


@pytest.mark.parametrize("data", [None, "text", 5, memoryview(b"x")])
def test_data_that_is_not_bytes_is_refused(data: object) -> None:
    with pytest.raises(InvalidArgumentError, match="data must be the file's bytes"):
        decode(data, "KL1-D3N")  # type: ignore[arg-type]
