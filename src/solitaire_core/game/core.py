"""A game's core: the line of play, with undo, redo and resignation (RULES.md sections 6, 7).

:class:`GameCore` is the base of :class:`~solitaire_core.game.Game`. It plays
moves on immutable positions and keeps the line of play for undo and redo: the
position after every move, the exact score after every move (so undo restores
it even where the floor clipped a penalty), the moves undone (for redo), the
move counter (which never goes down), the actions, the clock, the
assisted-play flag and the end of the game (a win or a resignation). The score
of a move, each card's foundation points earned once, is kept by
``solitaire_core.game._scorekeeping``.

>>> from solitaire_core.game import Game
>>> game = Game.from_code("KL1-D1N-AAAAAAG")
>>> [str(game.play(text)) for text in ("1f", "7f", "54")]
['1f', '7f', '54:1']
>>> str(game.undo()), game.score, game.moves_made, game.undo_depth, game.redo_depth
('54:1', 25, 3, 2, 1)
>>> str(game.redo()), game.actions
('54:1', ('1f', '7f', '54:1', 'u', 'redo'))
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from solitaire_core.errors import MoveParseError
from solitaire_core.game._scorekeeping import NO_ARRIVALS, score_move
from solitaire_core.game.clock import GameClock, TimeSource
from solitaire_core.game.events import (
    Event,
    GameResigned,
    GameWon,
    ScoreChanged,
    UndoableEvent,
    events_to_json,
    move_events,
    move_reason,
)
from solitaire_core.game.move_json import move_from_json
from solitaire_core.game.settings import GameSettings
from solitaire_core.moves import Move
from solitaire_core.position import Position
from solitaire_core.rule_ids import RuleId
from solitaire_core.rules import check_move, format_move, generate_moves, legal_moves, parse_move
from solitaire_core.rules.apply import apply_move
from solitaire_core.rules.refusal import IllegalMoveError, Refusal
from solitaire_core.variants import Variant

MoveLike = Move | str | Mapping[str, Any]
"""What :meth:`GameCore.play` takes: a Move, its notation, or a structured move of the view JSON."""


class GameCore:
    """A game in progress from its start: the line of play, undo, redo and resignation.

    The base of :class:`~solitaire_core.game.Game`, the class apps make: a game
    adds where its deal came from (deal number, card order, code), the gestures
    (:class:`~solitaire_core.game.gestures.Gestures`), opt-in automation, hints
    and the view JSON. What :class:`~solitaire_core.game.Game` says of the move
    counter, the assisted flag, the end of a game and the scoring holds here.

    Args:
        variant: the rules (and scoring policy, ``variant.scoring``).
        opening: the position the game starts from.
        settings: the undo limit and other settings.
        time_source: the app's clock for :attr:`clock` (seconds that never go
            back), or None to keep the clock at 0.

    The arguments are taken as checked: :class:`~solitaire_core.game.Game`
    checks them before it makes its core.

    Raises:
        InvalidArgumentError: for a time source that is not callable.

    Attributes:
        variant: the rules and scoring of the game.
        settings: the game's settings (the undo limit).
        moves_made: the move counter (moves, not actions: undo is not counted).
        assisted: True once the player undid a move, asked for a hint or
            used auto-finish.
        clock: the playing time (:class:`~solitaire_core.game.clock.GameClock`):
            starts at the first move, stops when the game ends.
    """

    def __init__(
        self,
        variant: Variant,
        opening: Position,
        *,
        settings: GameSettings,
        time_source: TimeSource | None,
    ) -> None:
        self.variant = variant
        self.settings = settings
        self._positions: list[Position] = [opening]
        self._scores: list[int] = [variant.scoring.initial]
        self._moves: list[Move] = []
        self._redo: list[Move] = []
        self._undo_available = 0
        self.moves_made = 0
        self.assisted = False
        self._actions: list[str] = []
        self._arrivals: list[bytes] = [NO_ARRIVALS]
        self._first_arrivals_only = True
        self._resigned = False
        self._last_events: tuple[Event, ...] = ()
        self.clock = GameClock(time_source)

    # --- state -------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The current position."""
        return self._positions[-1]

    @property
    def score(self) -> int:
        """The current score (points, or dollars in Vegas)."""
        return self._scores[-1]

    @property
    def score_text(self) -> str:
        """The score as the app shows it (``"625"``, ``"+$208"``)."""
        return self.variant.scoring.format(self._scores[-1])

    @property
    def is_won(self) -> bool:
        """True when every card is on the foundations."""
        return self.position.is_won

    @property
    def moves(self) -> tuple[Move, ...]:
        """The current line of play from the deal, as played (counts resolved)."""
        return tuple(self._moves)

    @property
    def actions(self) -> tuple[str, ...]:
        """Every action so far in order: move notation, ``"u"`` for undo, ``"redo"``."""
        return tuple(self._actions)

    @property
    def undo_depth(self) -> int:
        """How many actions can be undone now (bounded by the undo limit)."""
        return self._undo_available

    @property
    def redo_depth(self) -> int:
        """How many undone moves can be played again with :meth:`redo`."""
        return len(self._redo)

    @property
    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move now, in the generator's documented order (none once resigned)."""
        return () if self._resigned else legal_moves(self.variant, self.position)

    def generate_moves(self) -> Iterator[Move]:
        """Every legal move now, lazily (none once resigned)."""
        return iter(()) if self._resigned else generate_moves(self.variant, self.position)

    # --- moves -------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """Read a move's notation now: shorthand (``35``) resolved against the position.

        See :func:`~solitaire_core.rules.parse_move`.

        Raises:
            MoveParseError: if the text is not a move of this game.
        """
        return parse_move(self.variant, self.position, text)

    def _as_move(self, move: MoveLike) -> Move:
        """``move`` as a Move: notation read now, a structured move read from the view JSON.

        Raises:
            MoveParseError: for text or a structured move that is not a move of
                this game, or anything else.
        """
        if isinstance(move, str):
            return self.parse_move(move)
        if isinstance(move, Mapping):
            return move_from_json(self.variant, self.position, move)
        if not isinstance(move, Move):
            raise MoveParseError(
                repr(move), "a move is a Move, its notation, or a structured move (a JSON object)"
            )
        return move

    @property
    def start(self) -> Position:
        """The position the game started from (the deal, or the given start)."""
        return self._positions[0]

    def check(self, move: MoveLike) -> Refusal | None:
        """The first rule ``move`` breaks now, or None when legal.

        ``move`` is a :class:`Move`, its notation, or the structured move of the
        view JSON (:func:`~solitaire_core.game.move_json.move_from_json`).
        After a resignation every move is refused with ``GAME_RESIGNED``.

        Raises:
            MoveParseError: if a text or structured move is not a move of this game.
            InvalidArgumentError: for a Move naming a column the game does not have.
        """
        parsed = self._as_move(move)
        if self._resigned:
            return _resigned_refusal(parsed)
        return check_move(self.variant, self.position, parsed)

    def is_legal(self, move: MoveLike) -> bool:
        """True when ``move`` (as for :meth:`check`) is legal now.

        Raises:
            MoveParseError: if a text or structured move is not a move of this game.
            InvalidArgumentError: for a Move naming a column the game does not have.
        """
        return self.check(move) is None

    def play(self, move: MoveLike) -> Move:
        """Play a move (a Move, its notation or a structured move); returns the move played.

        Text is read by :meth:`parse_move`, so shorthand gets its count
        (``35`` is played as ``35:2``); a structured move (a dict of the view
        JSON's ``legal_moves``) is read by
        :func:`~solitaire_core.game.move_json.move_from_json`. Playing clears
        the redo stack and starts the clock.

        Raises:
            MoveParseError: if a text or structured move is not a move of this game.
            InvalidArgumentError: for a Move naming a column the game does not have.
            IllegalMoveError: with the first broken rule; nothing changes.
        """
        move = self._as_move(move)
        refusal = self.check(move)
        if refusal is not None:
            raise IllegalMoveError(refusal)
        self._last_events = self._push(move)
        self._redo.clear()
        self._actions.append(format_move(self.variant, move))
        return move

    def try_play(self, move: MoveLike) -> Refusal | None:
        """Play ``move`` if legal and return None; else return the refusal, changing nothing.

        Raises:
            MoveParseError: if a text or structured move is not a move of this game.
        """
        move = self._as_move(move)
        refusal = self.check(move)
        if refusal is None:
            self.play(move)
        return refusal

    def undo(self) -> Move:
        """Undo the last action; returns the move undone.

        Restores the exact previous position and score (and which cards have
        reached a foundation, for first-arrival scoring); the move counter does
        not go down; the game becomes assisted. A resignation cannot be undone.

        Raises:
            IllegalMoveError: ``NOTHING_TO_UNDO`` when no action can be undone
                (none played, or the undo limit reached), ``GAME_RESIGNED``
                after a resignation; nothing changes.
        """
        if self._resigned:
            raise IllegalMoveError(_resigned_refusal(None))
        if not self._undo_available:
            raise IllegalMoveError(
                Refusal(RuleId.NOTHING_TO_UNDO, None, "nothing_to_undo", count=0)
            )
        events = self._events_of_last_move()
        if self.clock.state == "stopped":  # the win was taken back: the clock runs again
            self.clock.start()
        self._positions.pop()
        self._scores.pop()
        self._arrivals.pop()
        move = self._moves.pop()
        self._redo.append(move)
        self._undo_available -= 1
        self.assisted = True
        self._actions.append("u")
        self._last_events = tuple(event.inverse() for event in reversed(events))
        return move

    def redo(self) -> Move:
        """Play again the last undone move; it counts as a move.

        Raises:
            IllegalMoveError: ``NOTHING_TO_REDO`` when no undone move waits,
                ``GAME_RESIGNED`` after a resignation.
        """
        if self._resigned:
            raise IllegalMoveError(_resigned_refusal(None))
        if not self._redo:
            raise IllegalMoveError(Refusal(RuleId.NOTHING_TO_REDO, None, "nothing_to_redo"))
        move = self._redo.pop()
        self._last_events = self._push(move)
        self._actions.append("redo")
        return move

    @property
    def is_resigned(self) -> bool:
        """True once the player resigned (the game then counts as lost)."""
        return self._resigned

    @property
    def is_over(self) -> bool:
        """True when the game has ended: won, or resigned."""
        return self._resigned or self.position.is_won

    def resign(self) -> None:
        """Give up: the game ends as lost (the rule card: a game ends with a win or a resignation).

        **[decision]** A resignation is final: it cannot be undone, and every
        later move, undo and redo is refused with ``GAME_RESIGNED``, so the
        result an app records in its statistics stands. The clock stops;
        :attr:`last_events` is ``(GameResigned(),)``; the action is recorded
        as ``"resign"`` in :attr:`actions` (and saves).

        Raises:
            IllegalMoveError: ``GAME_WON`` for a won game, ``GAME_RESIGNED``
                when already resigned; nothing changes.
        """
        if self._resigned:
            raise IllegalMoveError(_resigned_refusal(None))
        if self.position.is_won:
            cards = len(self.position.foundations) * 13
            raise IllegalMoveError(Refusal(RuleId.GAME_WON, None, "game_won", count=cards))
        self.clock.stop()
        self._resigned = True
        self._actions.append("resign")
        self._last_events = (GameResigned(),)

    @property
    def last_events(self) -> tuple[Event, ...]:
        """The events of the last action, in order (``()`` before any action).

        Set by every action: a move (played, redone, or chosen by a gesture),
        an undo (the inverse events of the move undone, in reverse order),
        :meth:`auto_play_safe` and :meth:`auto_finish` (the events of all their
        moves; none when they play nothing), :meth:`resign`. A refused action
        leaves them as they were.
        See :mod:`solitaire_core.game.events`.
        """
        return self._last_events

    def last_events_json(self) -> list[dict[str, Any]]:
        """:attr:`last_events` as JSON-ready dicts (see :mod:`solitaire_core.game.events`)."""
        return events_to_json(self._last_events)

    def perform(self, action: str) -> Move | None:
        """Carry out one game-record action: ``u`` undoes, ``redo`` redoes, ``resign``, else a move.

        Case and surrounding spaces are ignored, as in records (RULES.md
        section 11). Returns the move played, undone or redone (None for ``resign``).

        Raises:
            MoveParseError: if the text is none of these.
            IllegalMoveError: if the rules (or an empty undo or redo stack) refuse it.
        """
        word = action.strip().lower()
        if word == "u":
            return self.undo()
        if word == "redo":
            return self.redo()
        if word == "resign":
            self.resign()
            return None
        return self.play(word)

    def mark_assisted(self) -> None:
        """Record that the player had help (a hint); the flag never clears."""
        self.assisted = True

    # --- the line of play --------------------------------------------------

    def _push(self, move: Move) -> tuple[Event, ...]:
        """Play a legal move onto the history; returns its events."""
        variant = self.variant
        before = self._positions[-1]
        after = apply_move(variant, before, move)
        score = self._scores[-1]
        new_score, arrivals = score_move(
            variant,
            before,
            move,
            after,
            score=score,
            marks=self._arrivals[-1],
            first_arrivals_only=self._first_arrivals_only,
        )
        if after.is_won:  # the clock first: a failing time source changes nothing
            self.clock.stop()
        else:
            self.clock.start()
        self._positions.append(after)
        self._scores.append(new_score)
        self._arrivals.append(arrivals)
        self._moves.append(move)
        limit = self.settings.undo_limit
        self._undo_available += 1
        if limit is not None and self._undo_available > limit:
            self._undo_available = limit
        self.moves_made += 1
        return self._move_events(before, move, after, score, new_score)

    def _move_events(
        self, before: Position, move: Move, after: Position, score: int, new_score: int
    ) -> tuple[UndoableEvent, ...]:
        """The events of a move played: the cards' moves, the score's change, the win."""
        events: list[UndoableEvent] = list(move_events(before, move, after))
        if new_score != score:
            events.append(ScoreChanged(score, new_score, move_reason(move)))
        if after.is_won:
            events.append(GameWon())
        return tuple(events)

    def _events_of_last_move(self) -> tuple[UndoableEvent, ...]:
        """The events of the last move of the line (an undo plays their inverses)."""
        return self._move_events(
            self._positions[-2],
            self._moves[-1],
            self._positions[-1],
            self._scores[-2],
            self._scores[-1],
        )

    def _play_intent(self, choice: Move | Refusal) -> Move | Refusal:
        """Play the move a gesture chose, or return its refusal (``GAME_RESIGNED`` if resigned)."""
        if self._resigned:
            return _resigned_refusal(choice if isinstance(choice, Move) else None)
        return self.play(choice) if isinstance(choice, Move) else choice


def _resigned_refusal(move: Move | None) -> Refusal:
    """The refusal of every move, undo and redo after a resignation."""
    return Refusal(RuleId.GAME_RESIGNED, move, "game_resigned")


__all__ = ["GameCore", "MoveLike"]
