"""A game's gestures as methods: tap, double tap, drag, tap the stock (RULES.md section 6).

:class:`Gestures` gives :class:`~solitaire_core.game.Game` its gesture methods.
Each gesture takes a card as the app names it (a card int 0..51 or its text,
``"AH"``, ``"10♥"``), lets :mod:`solitaire_core.game.intents` choose the move,
and plays it as :meth:`~solitaire_core.game.core.GameCore.play` does. The plain
verbs raise the refusal when none may be played; the ``try_`` forms return it.
After a resignation every gesture is refused with ``GAME_RESIGNED``.

>>> from solitaire_core.game import Game
>>> game = Game.from_code("KL1-D1N-AAAAAAG")
>>> str(game.tap("AH")), str(game.double_tap("9D"))
('7f', '54:1')
>>> game.try_drag("KD", to_foundation=True).rule.name
'FOUNDATION_WRONG_RANK'
"""

from __future__ import annotations

from solitaire_core.cards import Card, parse_card
from solitaire_core.errors import CardParseError
from solitaire_core.game.core import GameCore
from solitaire_core.game.intents import double_tap_move, drag_move, stock_tap_move, tap_move
from solitaire_core.moves import Move
from solitaire_core.rules.refusal import IllegalMoveError, Refusal


class Gestures(GameCore):
    """The gestures of a game: the base of :class:`~solitaire_core.game.Game` that adds them.

    Each gesture chooses one move for the position now (see
    :mod:`solitaire_core.game.intents`) and plays it, leaving its events in
    :attr:`~solitaire_core.game.core.GameCore.last_events`.
    """

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


__all__ = ["Gestures"]
