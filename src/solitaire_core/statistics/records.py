"""The record of one finished game, and the board it counts for (RULES.md sections 6, 10).

A **board** is what the rule card keeps statistics for: the game with its draw
count and its scoring, so that draw 3 never shares figures with draw 1 and
Vegas never with Standard. A :class:`GameRecord` is one finished game on a
board: won, lost or resigned, its final score, time and move counter, and
whether the player had help (an undo, a hint or an auto-finish).

>>> from solitaire_core import KLONDIKE_DRAW_3, KLONDIKE_VEGAS
>>> StatisticsBoard.of(KLONDIKE_DRAW_3)
StatisticsBoard(game='klondike-draw3', draw=3, scoring='standard')
>>> str(StatisticsBoard.of(KLONDIKE_VEGAS))
'klondike-vegas, draw 1, vegas scoring'
>>> record = GameRecord(board=StatisticsBoard.of(KLONDIKE_VEGAS), outcome=Outcome.WON,
...                     score=208, score_text="+$208", moves=97, seconds=184.5)
>>> record.outcome, record.assisted, record.code
(<Outcome.WON: 'won'>, False, None)
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import attrs

from solitaire_core._deprecated import warn_moved
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.limits import MAX_COUNT, MAX_SECONDS
from solitaire_core.variants import Variant, variant_key

if TYPE_CHECKING:
    from solitaire_core.game import Game


class Outcome(StrEnum):
    """How a recorded game ended."""

    WON = "won"
    """Every card reached the foundations."""
    LOST = "lost"
    """The player gave the game up without resigning: abandoned, or stuck."""
    RESIGNED = "resigned"
    """The player resigned (the rule card: the game ends with a win or a resignation)."""


_LOWEST_SCORE = -MAX_COUNT - 1
"""Scores and counts are stored as SQLite's 64-bit integers (solitaire_core.limits)."""


def scoring_name(variant: Variant) -> str:
    """The scoring part of a variant's board: ``"standard"``, ``"vegas"``, ``"rule-card"``.

    The name the scoring policy declares
    (:attr:`~solitaire_core.scoring.ScoringPolicy.name`; a program's own
    policy declares its own, ``"house"`` say). The shipped policies keep the
    names that earlier versions derived from their class names, so the boards
    of databases written before are the same.

    >>> from solitaire_core import KLONDIKE, KLONDIKE_VEGAS, RULE_CARD
    >>> scoring_name(KLONDIKE), scoring_name(KLONDIKE_VEGAS), scoring_name(RULE_CARD)
    ('standard', 'vegas', 'rule-card')
    """
    return variant.scoring.name


def _require_text(name: str, value: object) -> None:
    if not isinstance(value, str) or not value.strip():
        raise InvalidArgumentError(f"a board's {name} is a non-empty string, got {value!r}")
    _require_encodable(f"a board's {name}", value)


def _require_encodable(name: str, value: str) -> None:
    """Refuse text that UTF-8 cannot hold (a lone surrogate, such as the one of ``chr(0xD800)``).

    Raises:
        InvalidArgumentError: (a ``ValueError``) naming the field and the place.
    """
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise InvalidArgumentError(
            f"{name} is not text that can be stored: {value[error.start]!r} at index "
            f"{error.start} is a lone surrogate, not a character"
        ) from None


@attrs.frozen
class StatisticsBoard:
    """What statistics are kept for: a game, its draw count and its scoring.

    Named ``Board`` before, a name the rules' board
    (:class:`solitaire_core.rules.board.Board`) has too: ``Board`` here is a
    deprecated alias that warns.

    Attributes:
        game: the game's registry key (``"klondike-draw3"``, ``"yukon"``; see
            :func:`~solitaire_core.variants.variant_key`), or the name of a
            variant that is not registered.
        draw: cards turned per draw (1 or 3; 0 for a game without a waste).
        scoring: the scoring, as :func:`scoring_name` names it
            (``"standard"``, ``"vegas"``, ``"rule-card"``).

    Raises:
        InvalidArgumentError: (a ``ValueError``) for an empty ``game`` or
            ``scoring``, text that cannot be stored (a lone surrogate), or a
            ``draw`` that is not an int 0 .. :data:`~solitaire_core.limits.MAX_COUNT`.
    """

    game: str
    draw: int
    scoring: str

    def __attrs_post_init__(self) -> None:
        _require_text("game", self.game)
        _require_text("scoring", self.scoring)
        if type(self.draw) is not int or not 0 <= self.draw <= MAX_COUNT:
            raise InvalidArgumentError(
                f"a board's draw is an int 0 .. 2**63 - 1, got {_shown(self.draw)}"
            )

    @classmethod
    def of(cls, variant: Variant) -> StatisticsBoard:
        """The board of a variant: its registry key (else its name), draw count and scoring.

        Two variants that are not registered and share a name share a board:
        register a program's own variants (or give them distinct names) to keep
        their statistics apart.
        """
        return cls(variant_key(variant) or variant.name, variant.draw_count, scoring_name(variant))

    def __str__(self) -> str:
        """``"klondike-draw3, draw 3, standard scoring"``."""
        return f"{self.game}, draw {self.draw}, {self.scoring} scoring"


def _played_seconds(game: Game) -> float | None:
    """The game's playing time, or None when the app keeps no time (no time source)."""
    clock = game.clock
    return clock.elapsed if clock.has_time_source or clock.elapsed else None


def _seconds(value: float | None) -> float | None:
    """A duration in seconds, checked: None, or 0 .. MAX_SECONDS, as a float."""
    if value is None:
        return None
    if type(value) not in (int, float) or not 0 <= value <= MAX_SECONDS:  # NaN fails too
        raise InvalidArgumentError(
            f"seconds must be None or a number 0 .. {MAX_SECONDS:,.0f} "
            f"(solitaire_core.limits.MAX_SECONDS), got {_shown(value)}"
        )
    return float(value)


def _shown(value: object) -> str:
    """A value as an error quotes it; an int too long to write is named by its size."""
    if isinstance(value, int) and value.bit_length() > 100:
        return f"an int of {value.bit_length()} bits"
    return repr(value)


def _default_score_text(record: GameRecord) -> str:
    return str(record.score)


@attrs.frozen(kw_only=True)
class GameRecord:
    """One finished game, as recorded in the statistics (every field by keyword).

    Attributes:
        board: the board it counts for (:meth:`StatisticsBoard.of` of the variant).
        outcome: won, lost or resigned.
        score: the final score: points, or dollars for Vegas scoring (may be
            negative).
        score_text: the score as the app shows it (``"625"``, ``"+$208"``);
            default ``str(score)``.
        moves: the move counter at the end (``Game.moves_made``), 0 ..
            :data:`~solitaire_core.limits.MAX_COUNT`.
        seconds: the playing time in seconds (the game's clock), 0 ..
            :data:`~solitaire_core.limits.MAX_SECONDS`, or None when the app
            keeps no time.
        assisted: True when the player had help (an undo, a hint or an
            auto-finish): the game is counted apart.
        code: the deal code, or None (a game without one).
        finished_at: when the game ended, as the app says (the library never
            reads the wall clock), or None. Kept with the record, not used by
            the figures.

    Raises:
        InvalidArgumentError: (a ``ValueError``) for a field of the wrong kind:
            a board or outcome that is not one, a score or move count that is
            not an int of 64 bits (moves >= 0), seconds that are negative, not
            finite or over :data:`~solitaire_core.limits.MAX_SECONDS`, or a
            text (``score_text``, ``code``) that cannot be stored (a lone
            surrogate).
    """

    board: StatisticsBoard
    outcome: Outcome
    score: int
    score_text: str = attrs.field(default=attrs.Factory(_default_score_text, takes_self=True))
    moves: int
    seconds: float | None = attrs.field(default=None, converter=_seconds)
    assisted: bool = False
    code: str | None = None
    finished_at: datetime | None = None

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.board, StatisticsBoard):
            raise InvalidArgumentError(f"board must be a StatisticsBoard, got {self.board!r}")
        if not isinstance(self.outcome, Outcome):
            raise InvalidArgumentError(f"outcome must be an Outcome, got {self.outcome!r}")
        if type(self.score) is not int or not _LOWEST_SCORE <= self.score <= MAX_COUNT:
            raise InvalidArgumentError(f"score must be an int of 64 bits, got {_shown(self.score)}")
        if not isinstance(self.score_text, str):
            raise InvalidArgumentError(f"score_text must be a string, got {self.score_text!r}")
        _require_encodable("score_text", self.score_text)
        if type(self.moves) is not int or not 0 <= self.moves <= MAX_COUNT:
            raise InvalidArgumentError(
                f"moves must be an int >= 0 of 64 bits, got {_shown(self.moves)}"
            )
        if type(self.assisted) is not bool:
            raise InvalidArgumentError(f"assisted must be True or False, got {self.assisted!r}")
        if self.code is not None and not isinstance(self.code, str):
            raise InvalidArgumentError(f"code must be a string or None, got {self.code!r}")
        if self.code is not None:
            _require_encodable("code", self.code)
        if self.finished_at is not None and not isinstance(self.finished_at, datetime):
            raise InvalidArgumentError(
                f"finished_at must be a datetime or None, got {self.finished_at!r}"
            )

    @classmethod
    def from_game(
        cls,
        game: Game,
        *,
        outcome: Outcome | None = None,
        finished_at: datetime | None = None,
    ) -> GameRecord:
        """The record of a finished game.

        A won game is recorded as won, a resigned one as resigned; a game that
        is neither (abandoned, or stuck) is recorded only when the caller says
        ``outcome=Outcome.LOST``.

        Args:
            game: the game: its variant gives the board; its score (points or
                dollars), score text, move counter, clock (seconds; None for a
                game without a time source), assisted flag and deal code fill
                the record.
            outcome: None to take the game's own end; ``Outcome.LOST`` for a
                game given up without resigning. Naming the outcome the game
                has (won, resigned) is allowed.
            finished_at: when the game ended, as the app's clock says, or None.

        Returns:
            The record, ready for :meth:`StatisticsStore.record
            <solitaire_core.statistics.StatisticsStore.record>`.

        Raises:
            InvalidArgumentError: (a ``ValueError``) for a game that is neither
                won nor resigned without ``outcome=Outcome.LOST``, or an
                ``outcome`` that contradicts the game (won or resigned
                recorded as something else, a game in play as won or
                resigned).
        """
        if game.is_won:
            actual: Outcome | None = Outcome.WON
        elif game.is_resigned:
            actual = Outcome.RESIGNED
        else:
            actual = None
        if outcome is not None and not isinstance(outcome, Outcome):
            raise InvalidArgumentError(f"outcome must be an Outcome or None, got {outcome!r}")
        if actual is None:
            if outcome is not Outcome.LOST:
                wanted = "" if outcome is None else f" (asked to record it as {outcome.value})"
                raise InvalidArgumentError(
                    "the game is not finished: it is neither won nor resigned"
                    f"{wanted}; resign it, or pass outcome=Outcome.LOST to record it as lost"
                )
            actual = Outcome.LOST
        elif outcome is not None and outcome is not actual:
            raise InvalidArgumentError(
                f"the game is {actual.value}: it cannot be recorded as {outcome.value}"
            )
        return cls(
            board=StatisticsBoard.of(game.variant),
            outcome=actual,
            score=game.score,
            score_text=game.score_text,
            moves=game.moves_made,
            seconds=_played_seconds(game),
            assisted=game.assisted,
            code=None if game.code is None else str(game.code),
            finished_at=finished_at,
        )


def __getattr__(name: str) -> Any:
    """``Board``: now :class:`StatisticsBoard` (a deprecated alias that warns)."""
    if name == "Board":
        warn_moved(f"{__name__}.Board", f"{__name__}.StatisticsBoard")
        return StatisticsBoard
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
