"""The catalogue file: a text header, then two bytes per deal (its grade and its line's length).

A catalogue file (``KL1-D3N.sccat``) holds, for the deal numbers ``0 ..
deals - 1`` of one game, which deals a survey proved winnable, each with its
difficulty grade (:class:`~solitaire_core.solver.grading.Grade`) and the length
of the winning line the solver found. It is UTF-8 text lines up to an empty
line, then the body. A header::

    solitaire-core catalogue 1
    prefix: KL1-D3N
    deals: 2000
    max_positions: 100000
    library: 0.1.0
    commit: 2da928f...
    command: solitaire-core survey KL1-D3N --deals 0..1999 --max-positions 100000 ...
    easy: 1015
    medium: 312
    hard: 291
    not_proven: 382
    sha256: 5d41...

* ``deals``: how many deal numbers the body covers (``0 .. deals - 1``).
* ``max_positions``, ``library``, ``commit``, ``command``: the survey's
  budget per deal (no time limit), the library version and commit it ran,
  and the command that made it (its provenance).
* ``easy``, ``medium``, ``hard``, ``not_proven``: how many deals of each
  kind the body holds (they add up to ``deals``); ``not_proven`` are the
  deals proven unwinnable or left undecided within the budget.
* ``constructed`` (format 2 only): how many constructed deals follow the
  numbered ones (below); ``constructed_commit`` and ``constructed_command``:
  the commit and the command that made them
  (:mod:`~solitaire_core.catalogue.construct`, its budget and seed).
* ``sha256``: the SHA-256 of the body, in hex (the body only: a header
  line changed by hand is not caught by it, a damaged count is by the body's
  length).

A reader ignores a header line it does not know (a later library may add
one without a new format number) and refuses a field given twice.

The body is ``deals`` big-endian 16-bit words, deal 0 first: the top two
bits are the grade (0 not proven winnable, 1 easy, 2 medium, 3 hard), the
low 14 bits the winning line's length in moves (draws and recycles
included; 0 for a deal not proven winnable). 2,000 deals take 4,000 bytes.

Format 2 adds **constructed deals**, for a game whose deal numbers are
(almost) never winnable, such as British Canister: card orders that are no
deal number's, each proven winnable the same way and named by a full deal
code (:class:`~solitaire_core.codes.FullDealCode`). After the numbered
deals' words, each constructed deal is one word as above (its grade, never
0, and its line's length) and the card order's letters, as the full code
has them (ASCII, 48 letters for one deck, 107 for two, 167 for three).
A catalogue without constructed deals is written in format 1, byte for byte
as before; this library reads both.

Every entry is a proof: the survey's solver found a winning line and
replayed it through the rules. A later solver can only find more (or other)
lines, never unmake a win; the grades, which measure the solver's effort,
belong to the commit and budget of the header.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping
from typing import Final

import attrs

from solitaire_core.codes import FullDealCode
from solitaire_core.deck_order import full_code_letters
from solitaire_core.errors import CatalogueError, DealCodeError, InvalidArgumentError
from solitaire_core.solver.grading import Grade

FORMAT_VERSION: Final = 2
"""The newest catalogue format this library reads, and the one it writes for constructed deals
(a catalogue without any is written in format 1, which every version reads)."""
MAGIC: Final = "solitaire-core catalogue"
"""The first words of a catalogue file (then a space and the format version)."""
SUFFIX: Final = ".sccat"
"""The file name of a game's catalogue is its deal-code prefix and this suffix."""
WINNING_GRADES: Final = (Grade.EASY, Grade.MEDIUM, Grade.HARD)
"""The grades of a proven-winnable deal, in the order of their codes 1, 2, 3."""
MAX_MOVES: Final = (1 << 14) - 1
"""The longest line a catalogue records, in moves."""

_CODES: Final[dict[str, int]] = {grade: code for code, grade in enumerate(WINNING_GRADES, start=1)}
_PREFIX: Final = re.compile(r"[A-Z]{2}1-D[0-9][A-Z]")
_FIELDS: Final = (
    "prefix",
    "deals",
    "max_positions",
    "library",
    "commit",
    "command",
    "easy",
    "medium",
    "hard",
    "not_proven",
    "sha256",
)
_CONSTRUCTED_FIELDS: Final = ("constructed_commit", "constructed_command")
"""The header fields of format 2 that say how its constructed deals were made."""
_LETTER_WIDTHS: Final = {full_code_letters(decks): decks for decks in (1, 2, 3)}


@attrs.frozen
class ConstructedDeal:
    """A proven-winnable card order that is no deal number's: a full deal code's letters.

    Attributes:
        letters: the card order as a full deal code's letters
            (:attr:`~solitaire_core.codes.FullDealCode.letters`: 48 upper-case
            letters A-Z for one deck, 107 for two, 167 for three); the
            catalogue's prefix and a hyphen before them make its full code.
        grade: its difficulty grade (easy, medium or hard).
        moves: the length of the winning line found, in moves (1 ..
            :data:`MAX_MOVES`).
    """

    letters: str
    grade: Grade
    moves: int


@attrs.frozen
class Catalogue:
    """The proven-winnable deals among the first ``deals`` deal numbers of one game.

    Attributes:
        prefix: the game's deal-code prefix (``"KL1-D3N"``).
        grades: per deal number ``0 .. deals - 1``, its grade (easy, medium
            or hard) when proven winnable, else None.
        moves: per deal number, the length of the winning line the survey's
            solver found, in moves (0 for a deal not proven winnable).
        max_positions: the survey's budget per deal, in positions.
        library: the library version the survey ran.
        commit: the git commit the survey ran.
        command: the command that made the survey.
        constructed: the constructed deals (card orders that are no deal
            number's, proven winnable: the module docs), in the order a pick
            counts them; empty for most games.
        constructed_commit: the git commit that made them ("" without any).
        constructed_command: the command that made them ("" without any).

    Raises:
        CatalogueError: if ``grades`` and ``moves`` disagree (lengths, a
            line for a deal not proven winnable, or none for one proven), a
            grade is not easy, medium or hard, the prefix is not a deal-code
            prefix, the budget is not an int >= 1, or a constructed deal's
            letters do not make a full deal code of the game (a registered
            game's, of its decks) or its grade or line is not a win's.
    """

    prefix: str
    grades: tuple[Grade | None, ...]
    moves: tuple[int, ...]
    max_positions: int
    library: str
    commit: str
    command: str
    constructed: tuple[ConstructedDeal, ...] = ()
    constructed_commit: str = ""
    constructed_command: str = ""
    _by_grade: tuple[tuple[int, ...], ...] = attrs.field(init=False, repr=False, eq=False)
    _made_by_grade: tuple[tuple[ConstructedDeal, ...], ...] = attrs.field(
        init=False, repr=False, eq=False
    )

    def __attrs_post_init__(self) -> None:
        if not _PREFIX.fullmatch(self.prefix):
            raise CatalogueError(self.prefix, "the prefix is not a deal-code prefix (KL1-D3N)")
        if len(self.grades) != len(self.moves):
            raise CatalogueError(self.prefix, "grades and moves have different lengths")
        if isinstance(self.max_positions, bool) or not (
            isinstance(self.max_positions, int) and self.max_positions >= 1
        ):
            raise CatalogueError(
                self.prefix, f"max_positions must be an int >= 1, got {self.max_positions!r}"
            )
        for deal, (grade, moves) in enumerate(zip(self.grades, self.moves, strict=True)):
            if grade is not None and grade not in _CODES:
                raise CatalogueError(self.prefix, f"deal {deal}: grade {grade!r} is not a win")
            if (grade is None) != (moves == 0) or not 0 <= moves <= MAX_MOVES:
                raise CatalogueError(
                    self.prefix, f"deal {deal}: {moves} moves do not fit grade {grade}"
                )
        by_grade = tuple(
            tuple(deal for deal, known in enumerate(self.grades) if known is grade)
            for grade in WINNING_GRADES
        )
        every = tuple(deal for deal, known in enumerate(self.grades) if known is not None)
        object.__setattr__(self, "_by_grade", (every, *by_grade))
        _check_constructed(self.prefix, self.constructed)
        made = tuple(
            tuple(deal for deal in self.constructed if deal.grade == grade)
            for grade in WINNING_GRADES
        )
        object.__setattr__(self, "_made_by_grade", (self.constructed, *made))

    @property
    def deals(self) -> int:
        """How many deal numbers the catalogue covers: ``0 .. deals - 1``."""
        return len(self.grades)

    def winnable(self, grade: Grade | str | None = None) -> tuple[int, ...]:
        """The proven-winnable deal numbers (of one grade, or all), in ascending order.

        Args:
            grade: :attr:`Grade.EASY`, :attr:`Grade.MEDIUM` or
                :attr:`Grade.HARD` (or its text, ``"easy"``), or None for
                every proven-winnable deal.

        Raises:
            InvalidArgumentError: (a ``ValueError``) for a grade that is not
                easy, medium, hard or None.
        """
        return self._by_grade[_grade_code(grade)]

    def constructed_winnable(self, grade: Grade | str | None = None) -> tuple[ConstructedDeal, ...]:
        """The constructed deals (of one grade, or all), in the catalogue's order.

        Args:
            grade: as for :meth:`winnable`.

        Raises:
            InvalidArgumentError: (a ``ValueError``) as :meth:`winnable` does.
        """
        return self._made_by_grade[_grade_code(grade)]

    def counts(self) -> dict[str, int]:
        """``{"easy": n, "medium": n, "hard": n, "not_proven": n}``, as the header has them."""
        found = {grade.value: len(self.winnable(grade)) for grade in WINNING_GRADES}
        found["not_proven"] = self.deals - sum(found.values())
        return found

    def encode(self) -> bytes:
        """The catalogue file's bytes (see the module docs): format 1 without constructed deals."""
        body = b"".join(
            ((0 if grade is None else _CODES[grade]) << 14 | moves).to_bytes(2, "big")
            for grade, moves in zip(self.grades, self.moves, strict=True)
        ) + b"".join(
            (_CODES[deal.grade] << 14 | deal.moves).to_bytes(2, "big") + deal.letters.encode()
            for deal in self.constructed
        )
        header = {
            "prefix": self.prefix,
            "deals": str(self.deals),
            "max_positions": str(self.max_positions),
            "library": self.library,
            "commit": self.commit,
            "command": self.command,
            **{name: str(count) for name, count in self.counts().items()},
            "sha256": hashlib.sha256(body).hexdigest(),
        }
        made = {
            "constructed": str(len(self.constructed)),
            "constructed_commit": self.constructed_commit,
            "constructed_command": self.constructed_command,
        }
        if not self.constructed:
            made.clear()  # format 1: no constructed fields
        for name, value in {**header, **made}.items():
            if "\n" in value or "\r" in value:
                raise CatalogueError(self.prefix, f"the {name} holds a line break")
        fields = [f"{name}: {header[name]}" for name in _FIELDS]
        fields[-1:-1] = [f"{name}: {value}" for name, value in made.items()]
        version = FORMAT_VERSION if made else 1
        return ("\n".join([f"{MAGIC} {version}", *fields]) + "\n\n").encode() + body


def decode(data: bytes, name: str) -> Catalogue:
    """Read a catalogue file's bytes (see the module docs).

    Args:
        data: the file's bytes.
        name: what error messages call it (the prefix or the file).

    Raises:
        CatalogueError: for a file that is cut short, damaged (a header that
            does not parse, a checksum or a count that disagrees with the
            body), or of a newer format than :data:`FORMAT_VERSION`.
        InvalidArgumentError: (a ``ValueError``) if ``data`` is not bytes.
    """
    if not isinstance(data, bytes | bytearray):
        raise InvalidArgumentError(f"data must be the file's bytes, got {type(data).__name__}")
    end = data.find(b"\n\n")
    if end < 0:
        raise CatalogueError(name, "no header: the file is cut short or not a catalogue")
    try:
        lines = data[:end].decode().split("\n")
    except UnicodeDecodeError:
        raise CatalogueError(name, "the header is not UTF-8 text") from None
    body = data[end + 2 :]
    first = lines[0].rsplit(" ", 1)
    if len(first) != 2 or first[0] != MAGIC or not _is_count(first[1]) or int(first[1]) == 0:
        raise CatalogueError(name, f"not a catalogue: it starts {lines[0][:40]!r}")
    if int(first[1]) > FORMAT_VERSION:
        raise CatalogueError(
            name, f"format {first[1]} is newer than this library's {FORMAT_VERSION}"
        )
    header = _header(lines[1:], name)
    version = int(first[1])
    if "constructed" in header and version < 2:
        raise CatalogueError(name, f"format {version} has no constructed deals")
    numbers = {
        field: _count(header, field, name)
        for field in ("deals", "max_positions", "easy", "medium", "hard", "not_proven")
    }
    constructed = _count(header, "constructed", name) if "constructed" in header else 0
    missing = [field for field in _CONSTRUCTED_FIELDS if constructed and field not in header]
    if missing:
        raise CatalogueError(name, f"the header lacks {', '.join(missing)}")
    numbered = 2 * numbers["deals"]
    width = (len(body) - numbered) // constructed - 2 if constructed else 0
    if len(body) != numbered + constructed * (2 + width) or (
        constructed and width not in _LETTER_WIDTHS
    ):
        what = f"{numbers['deals']} deals" + (f" and {constructed} constructed" * bool(constructed))
        raise CatalogueError(
            name,
            f"the body has {len(body)} bytes, which do not hold {what}: "
            "the file is cut short or damaged",
        )
    if hashlib.sha256(body).hexdigest() != header["sha256"]:
        raise CatalogueError(name, "the body's sha256 is not the header's: the file is damaged")
    words = [int.from_bytes(body[i : i + 2], "big") for i in range(0, numbered, 2)]
    grades = tuple(None if word >> 14 == 0 else WINNING_GRADES[(word >> 14) - 1] for word in words)
    made: list[ConstructedDeal] = []
    for start in range(numbered, len(body), 2 + width):
        word = int.from_bytes(body[start : start + 2], "big")
        letters = body[start + 2 : start + 2 + width].decode("ascii", errors="replace")
        if word >> 14 == 0:
            raise CatalogueError(name, f"constructed deal {len(made)} has no grade of a win")
        made.append(ConstructedDeal(letters, WINNING_GRADES[(word >> 14) - 1], word & MAX_MOVES))
    try:
        catalogue = Catalogue(
            prefix=header["prefix"],
            grades=grades,
            moves=tuple(word & MAX_MOVES for word in words),
            max_positions=numbers["max_positions"],
            library=header["library"],
            commit=header["commit"],
            command=header["command"],
            constructed=tuple(made),
            constructed_commit=header.get("constructed_commit", "") if made else "",
            constructed_command=header.get("constructed_command", "") if made else "",
        )
    except CatalogueError as error:  # named by its prefix: name the file read
        raise CatalogueError(name, error.reason) from None
    for field, count in catalogue.counts().items():
        if numbers[field] != count:
            raise CatalogueError(
                name, f"the header counts {numbers[field]} {field} deals, the body {count}"
            )
    return catalogue


def _grade_code(grade: object) -> int:
    """0 for None (every winning grade), else the grade's code 1..3."""
    code = 0 if grade is None else _CODES.get(grade) if isinstance(grade, str) else None
    if code is None:
        raise InvalidArgumentError(
            f"grade must be easy, medium, hard or None (the grades of a win), got {grade!r}"
        )
    return code


def _check_constructed(prefix: str, deals: tuple[ConstructedDeal, ...]) -> None:
    for index, deal in enumerate(deals):
        where = f"constructed deal {index}"
        if not isinstance(deal, ConstructedDeal):
            raise CatalogueError(prefix, f"{where} is not a ConstructedDeal: {deal!r}")
        try:
            if not (deal.letters.isascii() and deal.letters.isalpha() and deal.letters.isupper()):
                raise DealCodeError(deal.letters, "cards", 0, "not upper-case letters A-Z")
            FullDealCode.parse(f"{prefix}-{deal.letters}")
        except DealCodeError as error:
            raise CatalogueError(prefix, f"{where}: {error.reason}") from None
        if deal.grade not in _CODES or not 1 <= deal.moves <= MAX_MOVES:
            raise CatalogueError(
                prefix, f"{where}: grade {deal.grade!r} and {deal.moves} moves are not a win's"
            )


def _header(lines: Iterable[str], name: str) -> Mapping[str, str]:
    header: dict[str, str] = {}
    for line in lines:
        field, colon, value = line.partition(": ")
        if not colon or field in header:
            raise CatalogueError(name, f"header line {line[:40]!r} is not 'name: value' once")
        header[field] = value
    missing = [field for field in _FIELDS if field not in header]
    if missing:
        raise CatalogueError(name, f"the header lacks {', '.join(missing)}")
    return header


def _count(header: Mapping[str, str], field: str, name: str) -> int:
    text = header[field]
    if not _is_count(text):
        raise CatalogueError(name, f"{field} {text[:40]!r} is not a count")
    return int(text)


def _is_count(text: str) -> bool:
    """True for ASCII digits, at most 20 (a count the format can hold; int() reads it)."""
    return text.isascii() and text.isdigit() and len(text) <= _MOST_DIGITS


_MOST_DIGITS: Final = 20
"""The most digits of a number in a catalogue's header."""
