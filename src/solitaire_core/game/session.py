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

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import attrs

from solitaire_core.cards import Card
from solitaire_core.codes import DealCode, FullDealCode, code_for, parse_deal_code
from solitaire_core.deal import deal_deck
from solitaire_core.deck_order import Deck, check_deck
from solitaire_core.errors import IllegalMoveError, InvalidArgumentError
from solitaire_core.game.autoplay import auto_finish_moves, safe_move
from solitaire_core.game.intents import double_tap_move, drag_move, stock_tap_move, tap_move
from solitaire_core.moves import Move
from solitaire_core.position import Position
from solitaire_core.rule_ids import RuleId
from solitaire_core.rules import (
    check_move,
    check_position,
    format_move,
    generate_moves,
    legal_moves,
    parse_move,
)
from solitaire_core.rules.apply import apply_move
from solitaire_core.rules.refusal import Refusal
from solitaire_core.scoring import apply_points
from solitaire_core.shuffle import check_deal_number, shuffled_deck
from solitaire_core.variants import Variant

if TYPE_CHECKING:
    from solitaire_core.solver.hint import Hint

DEFAULT_UNDO_LIMIT = 100
"""The app's undo depth: the last 100 actions (RULES.md section 6)."""


@attrs.frozen
class GameSettings:
    """A game's settings.

    Attributes:
        undo_limit: how many actions back undo may go; ``None`` is unlimited
            (seed 004's "relaxed" mode). Default 100.
    """

    undo_limit: int | None = DEFAULT_UNDO_LIMIT

    def __attrs_post_init__(self) -> None:
        limit = self.undo_limit
        if limit is not None and (type(limit) is not int or limit < 0):
            raise InvalidArgumentError(
                f"undo_limit must be None (unlimited) or >= 0, got {self.undo_limit!r}"
            )

    @classmethod
    def relaxed(cls) -> GameSettings:
        """Unlimited undo (seed 004's relaxed mode)."""
        return cls(undo_limit=None)


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

    Exactly one of ``deal_number``, ``deck`` and ``start`` is given.
    :attr:`deck` is the card order dealt (None for a game started from a
    position); :attr:`deal_number` is None unless the game was dealt from one.

    Raises:
        InvalidArgumentError: for a deal number outside 0 .. 2**64 - 1, a deck
            that does not hold each card once per deck (naming the wrong
            ``deck[i]``), or not exactly one of ``deal_number``, ``deck`` and
            ``start``.
        PositionParseError: for a start position the variant cannot hold.

    The counter :attr:`moves_made` counts every move played (draws and
    recycles included, redo included) and never goes down on undo, as in the
    app. :attr:`assisted` becomes True at the first undo or hint.

    Attributes:
        variant: the rules and scoring of the game.
        deal_number: the deal, or None for a game dealt from a card order.
        deck: every card in dealing order, ``deck[0]`` first (52 per deck);
            None for a game started from a position.
        code: the deal code of the game: the one it was started from, else
            the deal number's code when the variant has a prefix, else None.
        settings: the game's settings (the undo limit).
        moves_made: the move counter (moves, not actions: undo is not counted).
        assisted: True once the player undid a move or asked for a hint.
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
    ) -> None:
        given = sum(item is not None for item in (deal_number, deck, start))
        if given != 1:
            raise InvalidArgumentError(
                "a game needs exactly one of a deal number, a deck and a start position"
            )
        cards: Deck | None = None
        if start is not None:
            if not isinstance(start, Position):
                raise InvalidArgumentError(f"start must be a Position, got {start!r}")
            check_position(variant, start)
            opening = start
        elif deck is None:
            assert deal_number is not None
            cards = shuffled_deck(check_deal_number(deal_number), decks=variant.decks)
            if code is None:
                code = code_for(variant, deal_number)
            opening = deal_deck(variant, cards)
        else:
            problem = check_deck(deck, decks=variant.decks)
            if problem is not None:
                raise InvalidArgumentError(f"cannot deal this card order: {problem[1]}")
            cards = tuple(deck)
            opening = deal_deck(variant, cards)
        self.variant = variant
        self.deal_number = deal_number
        self.deck: Deck | None = cards
        self.code = code
        self.settings = settings if settings is not None else GameSettings()
        self._positions: list[Position] = [opening]
        self._scores: list[int] = [variant.scoring.initial]
        self._moves: list[Move] = []
        self._redo: list[Move] = []
        self._undo_available = 0
        self.moves_made = 0
        self.assisted = False
        self._actions: list[str] = []

    @classmethod
    def from_code(
        cls, code: DealCode | FullDealCode | str, *, settings: GameSettings | None = None
    ) -> Game:
        """Start a game from a deal code (text or parsed; a deal number or a full code).

        Raises:
            DealCodeError: if the text is not a valid code of either form.
        """
        parsed = parse_deal_code(code) if isinstance(code, str) else code
        if isinstance(parsed, FullDealCode):
            return cls(parsed.variant, code=parsed, settings=settings, deck=parsed.deck)
        return cls(parsed.variant, parsed.deal_number, code=parsed, settings=settings)

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
        """Every legal move now, in the generator's documented order."""
        return legal_moves(self.variant, self.position)

    def generate_moves(self) -> Iterator[Move]:
        """Every legal move now, lazily."""
        return generate_moves(self.variant, self.position)

    # --- moves -------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """Read a move's notation now: shorthand (``35``) resolved against the position.

        See :func:`~solitaire_core.rules.parse_move`.

        Raises:
            MoveParseError: if the text is not a move of this game.
        """
        return parse_move(self.variant, self.position, text)

    def _as_move(self, move: Move | str) -> Move:
        return self.parse_move(move) if isinstance(move, str) else move

    @property
    def start(self) -> Position:
        """The position the game started from (the deal, or the given start)."""
        return self._positions[0]

    def check(self, move: Move | str) -> Refusal | None:
        """The first rule ``move`` (a Move or its notation) breaks now, or None when legal.

        Raises:
            MoveParseError: if a text is not a move of this game.
            InvalidArgumentError: for a Move naming a column the game does not have.
        """
        return check_move(self.variant, self.position, self._as_move(move))

    def is_legal(self, move: Move | str) -> bool:
        """True when ``move`` (a Move or its notation) is legal now.

        Raises:
            MoveParseError: if a text is not a move of this game.
            InvalidArgumentError: for a Move naming a column the game does not have.
        """
        return self.check(move) is None

    def play(self, move: Move | str) -> Move:
        """Play a move (a Move or its notation); returns the move played.

        Text is read by :meth:`parse_move`, so shorthand gets its count
        (``35`` is played as ``35:2``). Playing clears the redo stack.

        Raises:
            MoveParseError: if a text is not a move of this game.
            InvalidArgumentError: for a Move naming a column the game does not have.
            IllegalMoveError: with the first broken rule; nothing changes.
        """
        move = self._as_move(move)
        refusal = self.check(move)
        if refusal is not None:
            raise IllegalMoveError(refusal)
        self._push(move)
        self._redo.clear()
        self._actions.append(format_move(self.variant, move))
        return move

    def try_play(self, move: Move | str) -> Refusal | None:
        """Play ``move`` if legal and return None; else return the refusal, changing nothing.

        Raises:
            MoveParseError: if a text is not a move of this game.
        """
        move = self._as_move(move)
        refusal = self.check(move)
        if refusal is None:
            self.play(move)
        return refusal

    def undo(self) -> Move:
        """Undo the last action; returns the move undone.

        Restores the exact previous position and score; the move counter does
        not go down; the game becomes assisted.

        Raises:
            IllegalMoveError: ``NOTHING_TO_UNDO`` when no action can be undone
                (none played, or the undo limit reached); nothing changes.
        """
        if not self._undo_available:
            raise IllegalMoveError(
                Refusal(RuleId.NOTHING_TO_UNDO, None, "nothing_to_undo", count=0)
            )
        self._positions.pop()
        self._scores.pop()
        move = self._moves.pop()
        self._redo.append(move)
        self._undo_available -= 1
        self.assisted = True
        self._actions.append("u")
        return move

    def redo(self) -> Move:
        """Play again the last undone move; it counts as a move.

        Raises:
            IllegalMoveError: ``NOTHING_TO_REDO`` when no undone move waits.
        """
        if not self._redo:
            raise IllegalMoveError(Refusal(RuleId.NOTHING_TO_REDO, None, "nothing_to_redo"))
        move = self._redo.pop()
        self._push(move)
        self._actions.append("redo")
        return move

    # --- intents (RULES.md section 6) ----------------------------------------

    def tap(self, card: Card) -> Move | Refusal:
        """Tap ``card``: send it to its foundation. Returns the move played or the refusal.

        Raises:
            CardParseError: if ``card`` is not an int 0..51.
        """
        return self._play_intent(tap_move(self.variant, self.position, card))

    def double_tap(self, card: Card) -> Move | Refusal:
        """Double-tap ``card``: move it (with its run) to the best tableau place.

        The longest fitting column, ties leftmost; a King with nowhere else
        goes to the leftmost empty column (see :mod:`solitaire_core.game.intents`).

        Returns:
            The move played, or the refusal of the first column tried when
            the card fits nowhere (nothing changes then).

        Raises:
            CardParseError: if ``card`` is not an int 0..51.
        """
        return self._play_intent(double_tap_move(self.variant, self.position, card))

    def drag(
        self, card: Card, *, to_column: int | None = None, to_foundation: bool = False
    ) -> Move | Refusal:
        """Drag ``card`` (with the cards on it) to a column (0-based) or to the foundations.

        Returns:
            The move played, or the refusal of the first broken rule (nothing changes then).

        Raises:
            InvalidArgumentError: (a ``ValueError``) unless exactly one of
                ``to_column`` (0..6) and ``to_foundation`` is given.
            CardParseError: if ``card`` is not an int 0..51.
        """
        return self._play_intent(
            drag_move(
                self.variant, self.position, card, to_column=to_column, to_foundation=to_foundation
            )
        )

    def tap_stock(self) -> Move | Refusal:
        """Tap the stock: draw, or recycle when the stock is empty and a recycle is allowed.

        Returns:
            The move played, or the refusal (``STOCK_EMPTY`` is never given:
            an empty stock means a recycle, refused with ``RECYCLE_NOT_ALLOWED``,
            ``EMPTY_SOURCE`` or ``RECYCLE_LIMIT_REACHED``; or ``GAME_WON``).
        """
        return self._play_intent(stock_tap_move(self.variant, self.position))

    def _play_intent(self, choice: Move | Refusal) -> Move | Refusal:
        return self.play(choice) if isinstance(choice, Move) else choice

    # --- opt-in automation ---------------------------------------------------

    def auto_play_safe(self) -> tuple[Move, ...]:
        """Send home every card that can never be needed on the tableau; returns the moves.

        Off unless called: the app has no automation by default. Each move
        counts and scores like a move the player made.
        """
        played = []
        move = safe_move(self.variant, self.position)
        while move is not None:
            played.append(self.play(move))
            move = safe_move(self.variant, self.position)
        return tuple(played)

    def auto_finish(self) -> tuple[Move, ...]:
        """Finish the game when every card is face up and the stock is empty.

        Plays nothing and returns ``()`` unless the finishing line surely wins
        (see :func:`~solitaire_core.game.autoplay.auto_finish_moves`).
        """
        return tuple(self.play(move) for move in auto_finish_moves(self.variant, self.position))

    def hint(self) -> Hint:
        """The advisory hint for now, from the player's view only; marks the game assisted.

        See :func:`solitaire_core.solver.hint.hint`.
        """
        from solitaire_core.solver.hint import hint  # noqa: PLC0415  (the solver builds on the game)

        self.assisted = True
        return hint(self.variant, self.position, last_move=self._moves[-1] if self._moves else None)

    def perform(self, action: str) -> Move:
        """Carry out one game-record action: ``u`` undoes, ``redo`` redoes, else a move.

        Case and surrounding spaces are ignored, as in records (RULES.md
        section 11). Returns the move played, undone or redone.

        Raises:
            MoveParseError: if the text is none of these.
            IllegalMoveError: if the rules (or an empty undo or redo stack) refuse it.
        """
        word = action.strip().lower()
        if word == "u":
            return self.undo()
        if word == "redo":
            return self.redo()
        return self.play(word)

    def mark_assisted(self) -> None:
        """Record that the player had help (a hint); the flag never clears."""
        self.assisted = True

    def _push(self, move: Move) -> None:
        variant = self.variant
        before = self._positions[-1]
        after = apply_move(variant, before, move)
        points = variant.scoring.points(variant.draw_count, before, move, after)
        self._positions.append(after)
        self._scores.append(apply_points(variant.scoring, self._scores[-1], points))
        self._moves.append(move)
        limit = self.settings.undo_limit
        self._undo_available += 1
        if limit is not None and self._undo_available > limit:
            self._undo_available = limit
        self.moves_made += 1

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
        )

    def __eq__(self, other: object) -> bool:
        """Games are equal when everything a save holds is equal (history included)."""
        if not isinstance(other, Game):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]  # mutable

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
