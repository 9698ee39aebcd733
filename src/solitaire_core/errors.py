"""The library's exception types.

Every error the library raises on bad input derives from :class:`SolitaireError`;
errors about malformed text (cards, codes, moves, positions, files) also derive
from :class:`ValueError`, so ``except ValueError`` keeps working for callers who
do not know this library. A move that the rules refuse is not an error of
input: :func:`~solitaire_core.rules.check_move` returns a
:class:`~solitaire_core.rules.Refusal`, and only the acting functions
(``play_move``, ``Game.play``) raise
:class:`~solitaire_core.rules.IllegalMoveError` carrying it (it lives beside the
refusal, in :mod:`solitaire_core.rules.refusal`).
The data of every error is in its attributes; messages are lower case and
quote the bad input.

>>> from solitaire_core import DealCode
>>> try:
...     DealCode.parse("KL1-D2N-AAAAAAG")
... except ValueError as error:
...     print(type(error).__name__, error.part, error.position)
DealCodeError draw 5
"""

from __future__ import annotations

from typing import Any

from solitaire_core._deprecated import warn_moved

_SHOWN = 60


def shorten(text: str) -> str:
    """The text as quoted in error messages: ``repr``, cut to about 60 characters."""
    if len(text) <= _SHOWN:
        return repr(text)
    return repr(text[:_SHOWN]) + f"... ({len(text)} characters)"


def not_str(value: object) -> str:
    """The reason given when text was expected and ``value`` is not a ``str`` (None, bytes)."""
    return f"expected a str, got {type(value).__name__}"


class SolitaireError(Exception):
    """Base class of the exceptions ``solitaire_core`` raises for bad input.

    The public entry points also refuse an object of the wrong type with
    these errors (text that is not a ``str`` gets the parse error of that
    text, "expected a str, got NoneType"; another argument gets
    :class:`InvalidArgumentError` naming it).
    """


class InvalidArgumentError(SolitaireError, ValueError):
    """An argument is out of its range (a column 0..6, a card 0..51, a count >= 1, ...)."""


class BudgetExceededError(InvalidArgumentError):
    """A run would go past its budget (:mod:`solitaire_core.limits`); it was stopped there.

    Raised by a computation whose cost grows without bound with its arguments
    (``perft`` of a deep move tree): it stops once it has spent the budget,
    so a call never runs for hours; nothing is changed.

    Attributes:
        budget: the budget that was reached (positions, for ``perft``).
        what: what the budget counts, lower case (``"positions expanded"``).
    """

    def __init__(self, message: str, *, budget: int, what: str) -> None:
        super().__init__(message)
        self.budget = budget
        self.what = what


class CardParseError(SolitaireError, ValueError):
    """A card's text (``"TH"``, ``"10♥"``) could not be read, or a card int is out of range.

    Attributes:
        text: the text that was given (for an int, its ``repr``).
        reason: what is wrong with it, lower case.
    """

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"invalid card {shorten(text)}: {reason}")
        self.text = text
        self.reason = reason


class DealCodeError(SolitaireError, ValueError):
    """A deal code (``"KL1-D1N-AAAAAAG"``) is malformed or names something unknown.

    Attributes:
        text: the code as given.
        part: which part is wrong: ``"variant"``, ``"version"``, ``"draw"``,
            ``"scoring"``, ``"deal number"``, ``"cards"`` (the 48 letters of a
            full deal code, or a card order) or ``"format"``.
        position: 0-based character index of the wrong part in the code once
            surrounding whitespace is removed, or ``None`` when the error is not
            about one place (for example a number out of range given as an int).
        reason: what is wrong, lower case, without the text and the place.
    """

    def __init__(self, text: str, part: str, position: int | None, reason: str) -> None:
        where = f" at character {position}" if position is not None else ""
        super().__init__(f"invalid deal code {shorten(text)}: {part}{where}: {reason}")
        self.text = text
        self.part = part
        self.position = position
        self.reason = reason


class DeckError(SolitaireError, ValueError):
    """A card order (a deck) does not hold every card once per deck.

    :func:`~solitaire_core.deck_order.check_deck` returns one, without raising
    it, to say what is wrong with an order (``None`` when nothing is); the
    functions that take an order raise their own error with its reason
    (:class:`DealCodeError` for a full deal code, :class:`InvalidArgumentError`
    for a deck to deal), and a caller may raise it as it is.

    Attributes:
        index: the 0-based index in the order of the first card that is wrong
            (not a card 0..51, or one card too many times), or ``None`` when
            every card is right but there are too few or too many of them.
        reason: what is wrong, lower case, naming the card and its place
            (``"deck[2] is AS again (already deck[0])"``).
    """

    def __init__(self, index: int | None, reason: str) -> None:
        super().__init__(f"invalid card order: {reason}")
        self.index = index
        self.reason = reason


class MoveParseError(SolitaireError, ValueError):
    """A move's notation (RULES.md section 11) could not be read.

    Attributes:
        text: the text that was given.
        reason: what is wrong with it, lower case.
    """

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"invalid move {shorten(text)}: {reason}")
        self.text = text
        self.reason = reason


class PositionParseError(SolitaireError, ValueError):
    """A position's text form is malformed or describes an impossible position.

    Attributes:
        text: the text that was given.
        field: which field is wrong (``"tableau"``, ``"stock"``, ``"waste"``,
            ``"foundations"``, ``"recycles"``, ``"cards"`` or ``"format"``).
        reason: what is wrong, lower case (naming the column or the card).
    """

    def __init__(self, text: str, field: str, reason: str) -> None:
        super().__init__(f"invalid position {shorten(text)}: {field}: {reason}")
        self.text = text
        self.field = field
        self.reason = reason


class RulesFileError(SolitaireError, ValueError):
    """A rules file (a game declared in TOML or JSON) cannot be read, used or written.

    Raised for text that is not TOML or JSON, a field of the wrong type, an
    unknown field or policy, rules that contradict each other, and a game
    whose key, aliases or deal-code prefix cannot be registered
    (docs/rules-files.md). Nothing is registered then.

    Attributes:
        file: the file as given, or None for a document read from memory.
        field: the field's path in the document, dotted with list indexes
            (``"layout.face_down[2]"``, ``"stock.passes"``); ``""`` when the
            problem is the whole document (text that does not parse, say).
        line: the 1-based line of the field in a TOML file (or of the syntax
            error in TOML or JSON text), or None when it is not known.
        reason: what is wrong, lower case, quoting the bad value.
    """

    def __init__(
        self, reason: str, *, file: str | None = None, field: str = "", line: int | None = None
    ) -> None:
        where = f"rules file {file!r}" if file is not None else "rules"
        if line is not None:
            where += f", line {line}"
        what = f"{field}: " if field else ""
        super().__init__(f"{where}: {what}{reason}")
        self.file = file
        self.field = field
        self.line = line
        self.reason = reason


class LocaleError(SolitaireError, ValueError):
    """A message language that the library does not have was asked for.

    Attributes:
        locale: the locale that was asked for.
    """

    def __init__(self, locale: str, known: tuple[str, ...]) -> None:
        super().__init__(f"unknown locale {locale!r}: messages exist in {', '.join(known)}")
        self.locale = locale


class SaveFileError(SolitaireError, ValueError):
    """A save file cannot be loaded (unreadable, malformed, damaged or tampered with) or written.

    Nothing is half-loaded: the error is raised before any game is returned.
    Nothing is half-saved: a file that cannot be written leaves the target as
    it was ("cannot save to PATH: ...", ``saving`` True).

    Attributes:
        path: the file, when loading from one or saving to one (as given).
        reason: what is wrong and where.
        saving: True when the file could not be written, False when it could
            not be loaded.
    """

    def __init__(self, reason: str, path: str | None = None, *, saving: bool = False) -> None:
        if saving:
            message = f"cannot save to {path}: {reason}" if path else f"cannot save: {reason}"
        else:
            where = f"{path}: " if path else ""
            message = f"cannot load save {where}{reason}"
        super().__init__(message)
        self.path = path
        self.reason = reason
        self.saving = saving


class StatisticsError(SolitaireError):
    """A statistics database cannot be used: damaged, not one, too new, locked or unreadable.

    The file is left exactly as it was: the library never overwrites, repairs
    or recreates a database it refuses, so no recorded game is lost.

    Attributes:
        path: the database file, as given.
        reason: what is wrong, lower case (``"not a SQLite database"``,
            ``"the database is locked by another program (waited 5 seconds)"``).
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"cannot use the statistics database {path!r}: {reason}")
        self.path = path
        self.reason = reason


class SurveyError(SolitaireError):
    """A survey cannot run, or its results file cannot be used.

    Raised for a file that is not a survey file (not SQLite, damaged, another
    program's database, written by a newer version of this library), for a
    file that already holds deals when the survey was not asked to resume, for
    resuming with other settings than the file's, and for a Dask scheduler
    that cannot be reached. A file that is refused is left exactly as it was.

    Attributes:
        path: the survey file (or the scheduler's address), as given; None
            when the error is about neither.
        reason: what is wrong, lower case.
    """

    def __init__(self, path: str | None, reason: str) -> None:
        where = f"{path!r}: " if path is not None else ""
        super().__init__(f"survey: {where}{reason}")
        self.path = path
        self.reason = reason


class CatalogueError(SolitaireError):
    """A catalogue of winnable deals cannot be read or written.

    Raised for a catalogue file that is damaged (cut short, a header that
    does not parse, a body whose checksum or counts disagree with the
    header), of a newer format than this library reads, or for a survey file
    a catalogue cannot be made from (:mod:`solitaire_core.catalogue`).

    Attributes:
        name: the catalogue (its deal-code prefix, ``"KL1-D3N"``) or the
            file, as given.
        reason: what is wrong, lower case.
    """

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"catalogue {name!r}: {reason}")
        self.name = name
        self.reason = reason


class MissingExtraError(SolitaireError, ImportError):
    """An optional feature needs a package that is not installed.

    The message names the feature and the ``pip install`` command of the
    extra that brings the package (``pip install 'solitaire-core[survey]'``).

    Attributes:
        module: the module that could not be imported (``"distributed"``).
        extra: the extra of ``solitaire-core`` that installs it (``"survey"``).
        feature: what needed it, lower case (``"--scheduler"``).
    """

    def __init__(self, module: str, extra: str, feature: str) -> None:
        super().__init__(
            f"{feature} needs the {module!r} package: pip install 'solitaire-core[{extra}]'",
            name=module,
        )
        self.module = module
        self.extra = extra
        self.feature = feature


class ViewEventError(SolitaireError, ValueError):
    """An event (JSON) does not fit the view (JSON) it is applied to.

    Raised by :func:`~solitaire_core.game.view_events.apply_events` for an
    event that names a card or a place the view does not have there (the
    events of another game, of another moment of this one, or altered), or
    that is not an event at all. The view given is left as it was.

    Attributes:
        index: the 0-based index of the event in the list applied.
        reason: what does not fit, lower case.
    """

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(f"event {index} does not fit the view: {reason}")
        self.index = index
        self.reason = reason


class GameStoreError(SolitaireError):
    """The web server's game store cannot be used: damaged, not one, too new, locked, unwritable.

    Raised by :mod:`solitaire_core.web.store`. A file that is refused is left
    exactly as it was; a write that fails leaves every game as it was.

    Attributes:
        path: the database file, as given.
        reason: what is wrong, lower case (``"not a SQLite database"``).
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"cannot use the game store {path!r}: {reason}")
        self.path = path
        self.reason = reason


def __getattr__(name: str) -> Any:
    """The names that moved from this module (deprecated aliases, with a warning)."""
    if name == "IllegalMoveError":
        from solitaire_core.rules.refusal import IllegalMoveError  # noqa: PLC0415  (deprecated alias)

        warn_moved(f"{__name__}.{name}", "solitaire_core.rules.IllegalMoveError")
        return IllegalMoveError
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
