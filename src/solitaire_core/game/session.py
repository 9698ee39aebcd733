"""The game session: what an app holds while a person plays (RULES.md sections 6, 7).

:class:`Game` is a mutable façade over immutable positions. It keeps the line
of play for undo and redo, the score (with the exact score after every move,
so undo restores it even where the floor clipped a penalty), the move counter
(which never goes down), the settings and the assisted-play flag.

>>> game = Game.from_code("KL1-D1N-AAAAAAG")
>>> [str(game.play(text)) for text in ("1f", "7f", "54")]
['1f', '7f', '54:1']
>>> game.score, game.score_text, game.moves_made  # 10 + (10 + 5 flip) + (0 + 5 flip)
(30, '30', 3)
>>> str(game.undo()), game.score, game.moves_made, game.assisted
('54:1', 25, 3, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from solitaire_core.cards import Card, parse_card
from solitaire_core.codes import DealCode, FullDealCode, parse_deal_code
from solitaire_core.deck_order import Deck
from solitaire_core.errors import (
    CardParseError,
    InvalidArgumentError,
    MoveParseError,
)
from solitaire_core.game._hinting import HintPlanner, require_hint_level
from solitaire_core.game._opening import opening
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
from solitaire_core.game.intents import double_tap_move, drag_move, stock_tap_move, tap_move
from solitaire_core.game.move_json import move_from_json, move_to_json
from solitaire_core.game.settings import DEFAULT_UNDO_LIMIT, GameSettings
from solitaire_core.game.view_document import VIEW_FORMAT, VIEW_VERSION, board_json, game_json
from solitaire_core.moves import Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.rule_ids import RuleId
from solitaire_core.rules import check_move, format_move, generate_moves, legal_moves, parse_move
from solitaire_core.rules.apply import apply_move
from solitaire_core.rules.autoplay import auto_finish_moves, safe_move
from solitaire_core.rules.refusal import IllegalMoveError, Refusal
from solitaire_core.solver.hint import Hint, HintKind
from solitaire_core.solver.result import check_count
from solitaire_core.svg import board_svg
from solitaire_core.variants import Variant, require_variant

# The settings had their home here: they stay importable from here.
__all__ = ["DEFAULT_UNDO_LIMIT", "Game", "GameSettings", "MoveLike"]


class Game:
    """One game in progress: position history, score, move counter, settings.

    Args:
        variant: the rules (and scoring policy, ``variant.scoring``).
        deal_number: the deal (0 .. 26**7 - 1 for deal codes); None when
            ``deck`` is given instead.
        code: the deal code (a :class:`DealCode` or a :class:`FullDealCode`),
            when the game was started from one. Without one, a game of a
            registered variant with a code prefix gets the deal number's code.
        settings: undo limit and other settings.
        deck: any card order to deal instead of a deal number: every card of
            the variant's decks, ``deck[0]`` dealt first (see
            :func:`~solitaire_core.deal.deal_deck`).
        start: a position to start from instead of a deal (a board from
            another program), checked against the variant
            (:func:`~solitaire_core.rules.check_position`).
        time_source: the app's clock for :attr:`clock`: a function returning
            seconds that never go back (``time.monotonic``); None keeps the
            clock at 0. The library never reads the wall clock itself.

    Exactly one of ``deal_number``, ``deck`` and ``start`` is given.
    :attr:`deck` is the card order dealt (None for a game started from a
    position); :attr:`deal_number` is None unless the game was dealt from one.

    Raises:
        InvalidArgumentError: for a deal number outside 0 .. 2**64 - 1, a deck
            that does not hold each card once per deck (naming the wrong
            ``deck[i]``), not exactly one of ``deal_number``, ``deck`` and
            ``start``, a ``variant`` that is not a Variant, ``settings`` that
            are not GameSettings, or a ``code`` that is not the code of this
            game's deal.
        PositionParseError: for a start position the variant cannot hold.

    The counter :attr:`moves_made` counts every move played (draws and
    recycles included, redo included) and never goes down on undo, as in the
    app. :attr:`assisted` becomes True at the first undo, hint or
    auto-finish. A game ends with a win or a resignation (:meth:`resign`; the
    rule card); after a resignation every move, undo and redo is refused
    with ``GAME_RESIGNED``. Every action leaves the events it caused in
    :attr:`last_events` (:mod:`solitaire_core.game.events`).

    Scoring follows RULES.md section 7 as revised: a card earns its
    foundation points only on its first arrival in a game (with several
    decks, each copy once), where the scoring policy says so.

    Attributes:
        variant: the rules and scoring of the game.
        deal_number: the deal, or None for a game dealt from a card order.
        deck: every card in dealing order, ``deck[0]`` first (52 per deck);
            None for a game started from a position.
        code: the deal code of the game: the one it was started from, else
            the deal number's code when the variant has a prefix, else None.
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
        deal_number: int | None = None,
        *,
        code: DealCode | FullDealCode | None = None,
        settings: GameSettings | None = None,
        deck: Sequence[Card] | None = None,
        start: Position | None = None,
        time_source: TimeSource | None = None,
    ) -> None:
        given = sum(item is not None for item in (deal_number, deck, start))
        if given != 1:
            raise InvalidArgumentError(
                "a game needs exactly one of a deal number, a deck and a start position"
            )
        require_variant(variant)
        if settings is not None and not isinstance(settings, GameSettings):
            raise InvalidArgumentError(f"settings must be GameSettings, got {settings!r}")
        start_at = opening(variant, deal_number, code=code, deck=deck, start=start)
        self.variant = variant
        self.deal_number = deal_number
        self.deck: Deck | None = start_at.deck
        self.code = start_at.code
        self.settings = settings if settings is not None else GameSettings()
        self._positions: list[Position] = [start_at.position]
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
        self._hints = HintPlanner()
        self.clock = GameClock(time_source)

    @classmethod
    def from_code(
        cls,
        code: DealCode | FullDealCode | str,
        *,
        settings: GameSettings | None = None,
        time_source: TimeSource | None = None,
    ) -> Game:
        """Start a game from a deal code (text or parsed; a deal number or a full code).

        ``settings`` and ``time_source`` are as for :class:`Game`.

        Raises:
            DealCodeError: if the text is not a valid code of either form, or
                ``code`` is neither a code nor a ``str``.
        """
        parsed = code if isinstance(code, DealCode | FullDealCode) else parse_deal_code(code)
        if isinstance(parsed, FullDealCode):
            return cls(
                parsed.variant,
                code=parsed,
                settings=settings,
                deck=parsed.deck,
                time_source=time_source,
            )
        return cls(
            parsed.variant,
            parsed.deal_number,
            code=parsed,
            settings=settings,
            time_source=time_source,
        )

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

    def view_json(self) -> dict[str, Any]:
        """The player's view of the game as a JSON-ready dict; hidden cards never appear.

        The board, the legal moves (structured, each accepted back by
        :meth:`play`), the score and its text, the move counter, the status
        flags (won, resigned, can undo, can redo, assisted) and the clock.
        The shape is :mod:`solitaire_core.game.view_document`'s, versioned, with
        a JSON Schema shipped in the package. After a resignation the legal
        moves are empty.
        """
        variant, position = self.variant, self.position
        return {
            "format": VIEW_FORMAT,
            "version": VIEW_VERSION,
            "game": game_json(variant),
            "board": board_json(variant, position),
            "legal_moves": [move_to_json(variant, position, move) for move in self.legal_moves],
            "score": {"value": self.score, "text": self.score_text},
            "moves_made": self.moves_made,
            "status": {
                "won": position.is_won,
                "resigned": self._resigned,
                "can_undo": bool(self._undo_available) and not self._resigned,
                "can_redo": bool(self._redo) and not self._resigned,
                "assisted": self.assisted,
            },
            "clock": {"elapsed": self.clock.elapsed, "state": self.clock.state},
        }

    def last_events_json(self) -> list[dict[str, Any]]:
        """:attr:`last_events` as JSON-ready dicts (see :mod:`solitaire_core.game.events`)."""
        return events_to_json(self._last_events)

    # --- intents (RULES.md section 6) ----------------------------------------

    def tap(self, card: Card | str) -> Move:
        """Tap ``card`` (a card or its text, ``"AH"``): send it to its foundation.

        Returns:
            The move played.

        Raises:
            IllegalMoveError: with the refusal when the card cannot go home
                now (nothing changes); :meth:`try_tap` returns it instead.
            CardParseError: if ``card`` is neither a card int 0..51 nor a card's text.
        """
        return _played(self.try_tap(card))

    def try_tap(self, card: Card | str) -> Move | Refusal:
        """As :meth:`tap`, but a refusal is returned (and nothing changes) instead of raised.

        Raises:
            CardParseError: if ``card`` is neither a card int 0..51 nor a card's text.
        """
        return self._play_intent(tap_move(self.variant, self.position, _card(card)))

    def double_tap(self, card: Card | str) -> Move:
        """Double-tap ``card``: move it (with its run) to the best tableau place.

        The longest fitting column, ties leftmost; a King with nowhere else
        goes to the leftmost empty column (see :mod:`solitaire_core.game.intents`).

        Returns:
            The move played.

        Raises:
            IllegalMoveError: with the refusal of the first column tried when
                the card fits nowhere (nothing changes); :meth:`try_double_tap`
                returns it instead.
            CardParseError: if ``card`` is neither a card int 0..51 nor a card's text.
        """
        return _played(self.try_double_tap(card))

    def try_double_tap(self, card: Card | str) -> Move | Refusal:
        """As :meth:`double_tap`, but a refusal is returned (nothing changes) instead of raised.

        Raises:
            CardParseError: if ``card`` is neither a card int 0..51 nor a card's text.
        """
        return self._play_intent(double_tap_move(self.variant, self.position, _card(card)))

    def drag(
        self, card: Card | str, *, to_column: int | None = None, to_foundation: bool = False
    ) -> Move:
        """Drag ``card`` (with the cards on it) to a column (0-based) or to the foundations.

        Returns:
            The move played.

        Raises:
            IllegalMoveError: with the first broken rule (nothing changes);
                :meth:`try_drag` returns it instead.
            InvalidArgumentError: (a ``ValueError``) unless exactly one of
                ``to_column`` (0-based) and ``to_foundation`` is given.
            CardParseError: if ``card`` is neither a card int 0..51 nor a card's text.
        """
        return _played(self.try_drag(card, to_column=to_column, to_foundation=to_foundation))

    def try_drag(
        self, card: Card | str, *, to_column: int | None = None, to_foundation: bool = False
    ) -> Move | Refusal:
        """As :meth:`drag`, but a refusal is returned (nothing changes) instead of raised.

        Raises:
            InvalidArgumentError: (a ``ValueError``) unless exactly one of
                ``to_column`` (0-based) and ``to_foundation`` is given.
            CardParseError: if ``card`` is neither a card int 0..51 nor a card's text.
        """
        return self._play_intent(
            drag_move(
                self.variant,
                self.position,
                _card(card),
                to_column=to_column,
                to_foundation=to_foundation,
            )
        )

    def tap_stock(self) -> Move:
        """Tap the stock: draw, or recycle when the stock is empty and a recycle is allowed.

        Returns:
            The move played.

        Raises:
            IllegalMoveError: when neither is allowed (``STOCK_EMPTY`` is
                never given: an empty stock means a recycle, refused with
                ``RECYCLE_NOT_ALLOWED``, ``EMPTY_SOURCE`` or
                ``RECYCLE_LIMIT_REACHED``; or ``GAME_WON``, ``GAME_RESIGNED``);
                :meth:`try_tap_stock` returns the refusal instead.
        """
        return _played(self.try_tap_stock())

    def try_tap_stock(self) -> Move | Refusal:
        """As :meth:`tap_stock`, but a refusal is returned (nothing changes) instead of raised."""
        return self._play_intent(stock_tap_move(self.variant, self.position))

    def _play_intent(self, choice: Move | Refusal) -> Move | Refusal:
        if self._resigned:
            return _resigned_refusal(choice if isinstance(choice, Move) else None)
        return self.play(choice) if isinstance(choice, Move) else choice

    # --- opt-in automation ---------------------------------------------------

    def auto_play_safe(self) -> tuple[Move, ...]:
        """Send home every card that can never be needed on the tableau; returns the moves.

        Off unless called: the app has no automation by default. Each move
        counts and scores like a move the player made; :attr:`last_events`
        holds the events of them all. Nothing is played after a resignation,
        and a card the player has just taken back from a foundation stays
        where it is (the last move was its take-back): the player wanted it there.
        """
        played: list[Move] = []
        events: list[Event] = []
        keep = self._just_taken_back()
        move = None if self._resigned else safe_move(self.variant, self.position, keep=keep)
        while move is not None:
            played.append(self.play(move))
            events.extend(self._last_events)
            move = safe_move(self.variant, self.position, keep=keep)
        self._last_events = tuple(events)  # () when nothing was safe to play
        return tuple(played)

    def _just_taken_back(self) -> Card | None:
        """The card the last move took back from a foundation, or None."""
        if not self._moves or self._moves[-1].kind is not MoveKind.FOUNDATION_TO_COLUMN:
            return None
        target = self._moves[-1].target
        assert target is not None
        return self.position.tableau[target][-1]

    def auto_finish(self) -> tuple[Move, ...]:
        """Finish the game when every card is face up and the stock is empty.

        Plays nothing and returns ``()`` unless the finishing line surely wins
        (see :func:`~solitaire_core.rules.autoplay.auto_finish_moves`). A game
        finished this way is assisted (the rule card counts it apart);
        :attr:`last_events` holds the events of every move played.
        """
        if self._resigned:
            self._last_events = ()
            return ()
        moves = auto_finish_moves(self.variant, self.position)
        events: list[Event] = []
        for move in moves:
            self.play(move)
            events.extend(self._last_events)
        if moves:
            self.assisted = True
        self._last_events = tuple(events)  # () when it would not win, so played nothing
        return tuple(moves)

    def hint(
        self, *, level: str = "advisory", seed: int = 0, max_positions: int | None = None
    ) -> Hint:
        """A hint for now, from the player's view only; marks the game assisted.

        A finished game gets no move and is not marked: ``HintKind.WON`` once
        won, ``HintKind.NONE`` after a resignation.

        Args:
            level: ``"advisory"`` (the rule card's advisory AI, instant) or
                ``"hard"`` (the rule card's hard AI, which samples the unseen
                cards and searches: :func:`solitaire_core.solver.hard_ai.hard_hint`,
                a median of 0.04 s a hint in draw 1 and 0.17 s in draw 3, several
                seconds at worst: compiled build, ``benchmarks/results/ai-players.md``).
                Its kind is ``LIKELY_WIN`` or ``DRAW``, or the advisory hint's own
                kind where it defers to that hint (every card known, its only
                choice being that hint's move, or no sample won).
            seed: the hard AI's seed (the same seed, the same hint), an int
                ``0 <= seed < 2**64``; the advisory level ignores it.
            max_positions: the advisory hint's full-knowledge budget (default
                :data:`~solitaire_core.solver.hint.DEFAULT_HINT_POSITIONS`), or
                the hard AI's budget per sample.

        Raises:
            InvalidArgumentError: for another level, a budget that is not
                an int >= 1, or (at the hard level) a seed that is not an int
                ``0 <= seed < 2**64``; a refused call changes nothing (the
                game is not marked assisted).

        See :func:`solitaire_core.solver.hint.hint`. The game gives it the move
        just played and the views of the earlier positions (so a hint never
        leads back to a board already seen), and keeps a winning line found
        when every card is known: while the player follows it, the next hints
        are its next moves, without searching again.
        """
        require_hint_level(level, seed)
        if max_positions is not None:  # checked before the game counts as assisted
            check_count("max_positions", max_positions)
        if self.is_over:  # a finished game: no hint, and no help counted after the end
            return Hint(None, HintKind.WON if self.is_won else HintKind.NONE)
        self.assisted = True
        return self._hints.hint(
            self.variant,
            self._positions,
            self._moves[-1] if self._moves else None,
            level=level,
            seed=seed,
            max_positions=max_positions,
        )

    def play_hints(
        self, *, level: str = "advisory", seed: int = 0, max_moves: int = 1_000
    ) -> Iterator[Hint]:
        """Let the computer play: play the hint's move again and again, yielding each hint.

        For "watch the computer play" and for benchmarks. Each hint is yielded
        once its move has been played (read :attr:`last_events` then to
        animate it); it stops when the game is won, when the hint has no move
        (that hint, with ``move`` None, is yielded last and says why), or after
        ``max_moves`` moves.

        Args:
            level: ``"advisory"`` or ``"hard"`` (see :meth:`hint`).
            seed: the hard AI's seed.
            max_moves: the most moves to play (an int >= 0).

        Raises:
            InvalidArgumentError: for a bad level, seed or ``max_moves``.
        """
        if type(max_moves) is not int or max_moves < 0:
            raise InvalidArgumentError(f"max_moves must be an int >= 0, got {max_moves!r}")
        require_hint_level(level, seed)  # now, not at the first hint
        return self._hints_played(level, seed, max_moves)

    def _hints_played(self, level: str, seed: int, max_moves: int) -> Iterator[Hint]:
        """The loop of :meth:`play_hints`, once its arguments are checked."""
        for _ in range(max_moves):
            if self.is_over:
                return
            advice = self.hint(level=level, seed=seed)
            if advice.move is not None:
                self.play(advice.move)
            yield advice
            if advice.move is None:
                return

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
        events: list[UndoableEvent] = list(move_events(before, move, after))
        if new_score != score:
            events.append(ScoreChanged(score, new_score, move_reason(move)))
        if after.is_won:
            events.append(GameWon())
        return tuple(events)

    def _events_of_last_move(self) -> tuple[UndoableEvent, ...]:
        return self._move_events(
            self._positions[-2],
            self._moves[-1],
            self._positions[-1],
            self._scores[-2],
            self._scores[-1],
        )

    def _state(self) -> tuple[object, ...]:
        return (
            self.variant,
            self.deal_number,
            self.code,
            self.settings,
            self._positions,
            self._scores,
            self._moves,
            self._redo,
            self._undo_available,
            self.moves_made,
            self.assisted,
            self._actions,
            self._resigned,
        )

    def __eq__(self, other: object) -> bool:
        """Games are equal when everything a save holds is equal (history included)."""
        if not isinstance(other, Game):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def _repr_svg_(self) -> str:
        """The board as an SVG picture, for Jupyter (:func:`~solitaire_core.svg.board_svg`)."""
        return board_svg(self.position, variant=self.variant)

    def __repr__(self) -> str:
        if self.code is not None:
            origin = str(self.code)
        elif self.deal_number is not None:
            origin = f"{self.variant.name} #{self.deal_number}"
        elif self.deck is not None:
            origin = f"{self.variant.name}, dealt from a card order"
        else:
            origin = f"{self.variant.name}, from a position"
        return (
            f"<Game {origin} moves_made={self.moves_made} score={self.score_text!r} "
            f"won={self.is_won}>"
        )


MoveLike = Move | str | Mapping[str, Any]
"""What :meth:`Game.play` accepts: a Move, its notation, or a structured move of the view JSON."""


def _resigned_refusal(move: Move | None) -> Refusal:
    return Refusal(RuleId.GAME_RESIGNED, move, "game_resigned")


def _played(choice: Move | Refusal) -> Move:
    """The move a gesture played, or raise its refusal (verbs raise; ``try_`` forms return)."""
    if isinstance(choice, Refusal):
        raise IllegalMoveError(choice)
    return choice


def _card(card: object) -> Card:
    """A gesture's card: a card int 0..51 or a card's text (``"AH"``, ``"10♥"``).

    Raises:
        CardParseError: for anything else (``True`` included: a bool is not a card).
    """
    if isinstance(card, str):
        return parse_card(card)
    if type(card) is not int or not 0 <= card < 52:
        raise CardParseError(repr(card), "a card is an int 0..51 or a card's text like 'AH'")
    return card
