"""The game session: what an app holds while a person plays (RULES.md sections 6, 7).

:class:`Game` is a mutable façade over immutable positions. It keeps the line
of play for undo and redo, the score (with the exact score after every move,
so undo restores it even where the floor clipped a penalty), the move counter
(which never goes down), the settings and the assisted-play flag.

The session is built in parts, one module each: the line of play with undo,
redo and resignation (:class:`~solitaire_core.game.core.GameCore`), the
gestures (:class:`~solitaire_core.game.gestures.Gestures`), and here what a
game adds: where its deal came from (``_opening``), opt-in automation, hints
(the winning line kept while followed, ``_hinting``), the view JSON, equality
and pictures. The settings are in :mod:`solitaire_core.game.settings`.

>>> game = Game.from_code("KL1-D1N-AAAAAAG")
>>> [str(game.play(text)) for text in ("1f", "7f", "54")]
['1f', '7f', '54:1']
>>> game.score, game.score_text, game.moves_made  # 10 + (10 + 5 flip) + (0 + 5 flip)
(30, '30', 3)
>>> str(game.undo()), game.score, game.moves_made, game.assisted
('54:1', 25, 3, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from solitaire_core.cards import Card
from solitaire_core.codes import DealCode, FullDealCode, parse_deal_code
from solitaire_core.deck_order import Deck
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.game._hinting import HintPlanner, require_hint_level
from solitaire_core.game._opening import opening
from solitaire_core.game.clock import TimeSource
from solitaire_core.game.core import MoveLike
from solitaire_core.game.events import Event
from solitaire_core.game.gestures import Gestures
from solitaire_core.game.move_json import move_to_json
from solitaire_core.game.settings import DEFAULT_UNDO_LIMIT, GameSettings
from solitaire_core.game.view_document import VIEW_FORMAT, VIEW_VERSION, board_json, game_json
from solitaire_core.limits import HARD_HINT_SECONDS
from solitaire_core.moves import Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.rules.autoplay import auto_finish_moves, safe_move
from solitaire_core.solver.hint import Hint, HintKind
from solitaire_core.solver.result import require_count, require_time_limit
from solitaire_core.svg import board_svg
from solitaire_core.variants import Variant, require_variant

# The settings and MoveLike had their home here: they stay importable from here.
__all__ = ["DEFAULT_UNDO_LIMIT", "Game", "GameSettings", "MoveLike"]


class Game(Gestures):
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
            (:func:`~solitaire_core.rules.require_position`).
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

    Playing, undoing, redoing, resigning and the state they leave are
    :class:`~solitaire_core.game.core.GameCore`'s methods, the gestures
    :class:`~solitaire_core.game.gestures.Gestures`'; a game inherits both.

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
        super().__init__(
            variant,
            start_at.position,
            settings=settings if settings is not None else GameSettings(),
            time_source=time_source,
        )
        self.deal_number = deal_number
        self.deck: Deck | None = start_at.deck
        self.code = start_at.code
        self._hints = HintPlanner()

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
        self,
        *,
        level: str = "advisory",
        seed: int = 0,
        max_positions: int | None = None,
        time_limit: float | None = HARD_HINT_SECONDS,
    ) -> Hint:
        """A hint for now, from the player's view only; marks the game assisted.

        A finished game gets no move and is not marked: ``HintKind.WON`` once
        won, ``HintKind.NONE`` after a resignation.

        Args:
            level: ``"advisory"`` (the rule card's advisory AI, instant) or
                ``"hard"`` (the rule card's hard AI, which samples the unseen
                cards and searches: :func:`solitaire_core.solver.hard_ai.hard_hint`,
                a median of 0.04 s a hint in draw 1 and 0.17 s in draw 3, about
                ``time_limit`` seconds at worst: compiled build,
                ``benchmarks/results/ai-players.md``).
                Its kind is ``LIKELY_WIN`` or ``DRAW``, or the advisory hint's own
                kind where it defers to that hint (every card known, its only
                choice being that hint's move, or no sample won).
            seed: the hard AI's seed (the same seed, the same hint), an int
                ``0 <= seed < 2**64``; the advisory level ignores it.
            max_positions: the advisory hint's full-knowledge budget (default
                :data:`~solitaire_core.solver.hint.DEFAULT_HINT_POSITIONS`), or
                the hard AI's budget per sample.
            time_limit: the hard AI's seconds for its samples' solves (default
                :data:`~solitaire_core.limits.HARD_HINT_SECONDS`), or None for
                no limit (a hint then depends on the seed alone, never on the
                machine); the advisory level ignores it.

        Raises:
            InvalidArgumentError: for another level, a budget that is not
                an int >= 1, a time limit that is not None or a number >= 0,
                or (at the hard level) a seed that is not an int
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
            require_count("max_positions", max_positions)
        seconds = require_time_limit(time_limit)
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
            time_limit=seconds,
        )

    def play_hints(
        self,
        *,
        level: str = "advisory",
        seed: int = 0,
        max_moves: int = 1_000,
        time_limit: float | None = HARD_HINT_SECONDS,
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
            time_limit: the hard AI's seconds a hint (see :meth:`hint`); None
                for none, so that the game depends on the seed alone.

        Raises:
            InvalidArgumentError: for a bad level, seed, ``max_moves`` or time limit.
        """
        if type(max_moves) is not int or max_moves < 0:
            raise InvalidArgumentError(f"max_moves must be an int >= 0, got {max_moves!r}")
        require_hint_level(level, seed)  # now, not at the first hint
        return self._hints_played(level, seed, max_moves, require_time_limit(time_limit))

    def _hints_played(
        self, level: str, seed: int, max_moves: int, time_limit: float | None
    ) -> Iterator[Hint]:
        """The loop of :meth:`play_hints`, once its arguments are checked."""
        for _ in range(max_moves):
            if self.is_over:
                return
            advice = self.hint(level=level, seed=seed, time_limit=time_limit)
            if advice.move is not None:
                self.play(advice.move)
            yield advice
            if advice.move is None:
                return

    # --- the view JSON, equality and pictures -------------------------------

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

    def _state(self) -> tuple[object, ...]:
        """Everything a save holds, for equality."""
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
