"""Move events: the ordered atomic changes an action makes, for animation.

Every action of a :class:`~solitaire_core.game.Game` (a move, an undo, a redo,
a gesture, auto-play, auto-finish, a resignation) leaves the events it caused
in :attr:`Game.last_events <solitaire_core.game.Game.last_events>`, in the
order an app animates them:

* :class:`CardsMoved`: cards went from one pile to another (a draw moves its
  cards one at a time; a card moved between the stock and the waste or a
  column turns over with the move, since the stock lies face down);
* :class:`CardTurned`: a card turned face up (the flip of a column's new top,
  the reserve's new top) or face down (the same, undone);
* :class:`WasteRecycled` and :class:`RecycleUndone`: the waste turned over into
  the stock, and back;
* :class:`FoundationBaseChanged`: the first card home fixed the foundations'
  base rank (Nine Across), or an undo released it;
* :class:`ScoreChanged`: the score before and after, and why;
* :class:`GameWon`, :class:`GameNoLongerWon` (an undo took the win back) and
  :class:`GameResigned`.

Places are :class:`PilePlace` values: the pile (``"column"``, ``"foundation"``,
``"waste"``, ``"stock"``, ``"reserve"``), its index (0-based column, or
foundation slot in slot order S, H, D, C, then again per deck; 0 for the single
piles) and the 0-based place in the pile, counted from the bottom, of the first
card concerned. Cards are listed bottom to top as they lie at the destination.
Every event has :meth:`to_json` (a dict with a ``"type"``, cards as text); an
undo gives the inverse events of the action it undoes, in reverse order.

Applying the events of an action to the player's view before it gives the
board, the score's value and the won and resigned flags of the view after it
(see :mod:`solitaire_core.game.view_document`). Three rules make that exact:
the stock's ``cards`` are known (a list, ``[]`` when empty) exactly when at
least one recycle has been used, else null; the score's text is not in the
events (take it from the next view, or the scoring's format); the move
counter, the legal moves, the undo, redo and assisted flags and the clock are
not events either: read them from the next view. No event names a card the
player has not seen.

>>> from solitaire_core.game import Game
>>> game = Game.from_code("KL1-D1N-AAAAAAG")
>>> _ = game.play("1f")
>>> [event.to_json()["type"] for event in game.last_events]
['cards_moved', 'score_changed']
>>> game.last_events[0].to_json()["to"]
{'pile': 'foundation', 'index': 2, 'place': 0}
"""

from __future__ import annotations

from typing import Any

import attrs

from solitaire_core.cards import CARD_TEXTS, RANK_LETTERS, Card
from solitaire_core.moves import Move, MoveKind
from solitaire_core.position import NO_BASE, Position

PILE_KINDS = ("column", "foundation", "waste", "stock", "reserve")
"""The pile names events and the view use."""


@attrs.frozen
class PilePlace:
    """A place on the board.

    Attributes:
        pile: one of :data:`PILE_KINDS`.
        index: the column (0-based) or foundation slot; 0 for the stock,
            waste and reserve.
        place: 0-based position in the pile counted from its bottom card.
    """

    pile: str
    index: int
    place: int

    def to_json(self) -> dict[str, Any]:
        """``{"pile": ..., "index": ..., "place": ...}``."""
        return {"pile": self.pile, "index": self.index, "place": self.place}


@attrs.frozen
class CardsMoved:
    """Cards moved from one place to another.

    Attributes:
        cards: the cards, bottom to top as they lie at the destination.
        source: where the first (bottom) card was.
        target: where the first (bottom) card lies now.
    """

    cards: tuple[Card, ...]
    source: PilePlace
    target: PilePlace

    def to_json(self) -> dict[str, Any]:
        """``{"type": "cards_moved", "cards": [...], "from": place, "to": place}``."""
        return {
            "type": "cards_moved",
            "cards": [CARD_TEXTS[card] for card in self.cards],
            "from": self.source.to_json(),
            "to": self.target.to_json(),
        }

    def inverse(self) -> CardsMoved:
        """The same cards moved back."""
        return CardsMoved(self.cards, self.target, self.source)


@attrs.frozen
class CardTurned:
    """A card turned over where it lies.

    Attributes:
        card: the card (known to the player: it is or was face up).
        place: where it lies.
        face_up: True when it turned face up, False face down.
    """

    card: Card
    place: PilePlace
    face_up: bool

    def to_json(self) -> dict[str, Any]:
        """``{"type": "card_turned", "card": ..., "at": place, "face_up": bool}``."""
        return {
            "type": "card_turned",
            "card": CARD_TEXTS[self.card],
            "at": self.place.to_json(),
            "face_up": self.face_up,
        }

    def inverse(self) -> CardTurned:
        """The card turned back."""
        return CardTurned(self.card, self.place, face_up=not self.face_up)


@attrs.frozen
class WasteRecycled:
    """The waste turned over into the (empty) stock: its bottom card is drawn first.

    Attributes:
        cards: the waste as it was, bottom to top.
    """

    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"type": "waste_recycled", "cards": [...]}``."""
        return {"type": "waste_recycled", "cards": [CARD_TEXTS[card] for card in self.cards]}

    def inverse(self) -> RecycleUndone:
        """The stock turned back into the waste."""
        return RecycleUndone(self.cards)


@attrs.frozen
class RecycleUndone:
    """A recycle undone: the stock turned back into the waste, which becomes ``cards``.

    Attributes:
        cards: the waste restored, bottom to top.
    """

    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"type": "recycle_undone", "cards": [...]}``."""
        return {"type": "recycle_undone", "cards": [CARD_TEXTS[card] for card in self.cards]}

    def inverse(self) -> WasteRecycled:
        """The recycle again."""
        return WasteRecycled(self.cards)


@attrs.frozen
class FoundationBaseChanged:
    """The foundations' base rank changed (fixed by the first card home, or released by undo).

    Attributes:
        before: the base rank before, 1 (Ace) .. 13 (King), or 0 when not fixed.
        after: the base rank after, likewise.
    """

    before: int
    after: int

    def to_json(self) -> dict[str, Any]:
        """``{"type": "foundation_base_changed", "before": "9" or null, "after": ...}``."""
        return {
            "type": "foundation_base_changed",
            "before": _rank_text(self.before),
            "after": _rank_text(self.after),
        }

    def inverse(self) -> FoundationBaseChanged:
        """The change undone."""
        return FoundationBaseChanged(self.after, self.before)


@attrs.frozen
class ScoreChanged:
    """The score changed.

    Attributes:
        before: the score before (points, or dollars in Vegas).
        after: the score after.
        reason: why: the move's kind (``"column_to_foundation"``,
            ``"recycle"``, ...) or ``"undo"``.
    """

    before: int
    after: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        """``{"type": "score_changed", "before": int, "after": int, "reason": str}``."""
        return {
            "type": "score_changed",
            "before": self.before,
            "after": self.after,
            "reason": self.reason,
        }

    def inverse(self) -> ScoreChanged:
        """The score restored by an undo."""
        return ScoreChanged(self.after, self.before, "undo")


@attrs.frozen
class GameWon:
    """Every card is on the foundations."""

    def to_json(self) -> dict[str, Any]:
        """``{"type": "game_won"}``."""
        return {"type": "game_won"}

    def inverse(self) -> GameNoLongerWon:
        """An undo took the win back."""
        return GameNoLongerWon()


@attrs.frozen
class GameNoLongerWon:
    """An undo took back the winning move."""

    def to_json(self) -> dict[str, Any]:
        """``{"type": "game_no_longer_won"}``."""
        return {"type": "game_no_longer_won"}

    def inverse(self) -> GameWon:
        """The win again (redo)."""
        return GameWon()


@attrs.frozen
class GameResigned:
    """The player resigned: the game ends as lost."""

    def to_json(self) -> dict[str, Any]:
        """``{"type": "game_resigned"}``."""
        return {"type": "game_resigned"}


Event = (
    CardsMoved
    | CardTurned
    | WasteRecycled
    | RecycleUndone
    | FoundationBaseChanged
    | ScoreChanged
    | GameWon
    | GameNoLongerWon
    | GameResigned
)
"""Any event."""

UndoableEvent = (
    CardsMoved
    | CardTurned
    | WasteRecycled
    | RecycleUndone
    | FoundationBaseChanged
    | ScoreChanged
    | GameWon
    | GameNoLongerWon
)
"""The events of a move: each has an ``inverse()``."""


def events_to_json(events: tuple[Event, ...]) -> list[dict[str, Any]]:
    """The JSON form of events, in order (each a dict with a ``"type"``)."""
    return [event.to_json() for event in events]


def _rank_text(rank: int) -> str | None:
    return None if rank == NO_BASE else RANK_LETTERS[rank - 1]


def _column(index: int, place: int) -> PilePlace:
    return PilePlace("column", index, place)


def changed_slot(before: Position, after: Position) -> int:
    """The foundation slot whose count a move changed (a move touches one)."""
    for slot, (old, new) in enumerate(zip(before.foundations, after.foundations, strict=True)):
        if old != new:
            return slot
    raise AssertionError("a foundation move changes one slot")


def move_events(before: Position, move: Move, after: Position) -> tuple[UndoableEvent, ...]:
    """The board events of one legal move, from the positions before and after it.

    Args:
        before: the position before the move.
        move: the move played (resolved, as :func:`~solitaire_core.rules.apply.apply_move` took it).
        after: the position after it.

    Returns:
        The events in order: the cards moving, then the flip of the source
        column, the refill of an emptied column from the reserve (Canfield),
        the reserve's new top turning face up and a change of the foundation
        base. Score and game-over events are the game's (see :class:`Game`).
    """
    kind = move.kind
    if kind is MoveKind.DRAW:
        return _draw_events(before, after)
    if kind is MoveKind.RECYCLE:
        return (WasteRecycled(before.waste),)
    events: list[UndoableEvent] = []
    source_column: int | None = None
    if kind in (MoveKind.COLUMN_TO_COLUMN, MoveKind.COLUMN_TO_FOUNDATION):
        assert move.source is not None and move.count is not None
        source_column = move.source
        pile = before.tableau[source_column]
        split = len(pile) - move.count
        cards = pile[split:]
        source = _column(source_column, split)
    elif kind in (MoveKind.WASTE_TO_COLUMN, MoveKind.WASTE_TO_FOUNDATION):
        cards = before.waste[-1:]
        source = PilePlace("waste", 0, len(before.waste) - 1)
    elif kind in (MoveKind.RESERVE_TO_COLUMN, MoveKind.RESERVE_TO_FOUNDATION):
        cards = before.reserve[-1:]
        source = PilePlace("reserve", 0, len(before.reserve) - 1)
    else:  # FOUNDATION_TO_COLUMN
        slot = changed_slot(before, after)
        top = before.foundation_top(slot)
        assert top is not None
        cards = (top,)
        source = PilePlace("foundation", slot, before.foundations[slot] - 1)
    if move.target is not None:
        target = _column(move.target, len(before.tableau[move.target]))
    else:
        slot = changed_slot(before, after)
        target = PilePlace("foundation", slot, before.foundations[slot])
    events.append(CardsMoved(cards, source, target))
    reserve = before.reserve
    if source_column is not None:
        left = len(before.tableau[source_column]) - len(cards)
        if left and before.face_down[source_column] >= left:
            below = before.tableau[source_column][left - 1]
            events.append(CardTurned(below, _column(source_column, left - 1), face_up=True))
        if not left and after.tableau[source_column]:  # refilled from the reserve
            events.append(
                CardsMoved(
                    reserve[-1:],
                    PilePlace("reserve", 0, len(reserve) - 1),
                    _column(source_column, 0),
                )
            )
    if len(after.reserve) < len(reserve) and after.reserve:
        events.append(
            CardTurned(
                after.reserve[-1], PilePlace("reserve", 0, len(after.reserve) - 1), face_up=True
            )
        )
    if before.foundation_base != after.foundation_base:
        events.append(FoundationBaseChanged(before.foundation_base, after.foundation_base))
    return tuple(events)


def _draw_events(before: Position, after: Position) -> tuple[UndoableEvent, ...]:
    """One card at a time from the stock's top: onto the waste, or onto each column."""
    stock = before.stock
    drawn = len(stock) - len(after.stock)
    events: list[UndoableEvent] = []
    if len(after.waste) > len(before.waste):
        for i in range(drawn):
            events.append(
                CardsMoved(
                    (stock[-1 - i],),
                    PilePlace("stock", 0, len(stock) - 1 - i),
                    PilePlace("waste", 0, len(before.waste) + i),
                )
            )
        return tuple(events)
    for column in range(drawn):
        events.append(
            CardsMoved(
                (stock[-1 - column],),
                PilePlace("stock", 0, len(stock) - 1 - column),
                _column(column, len(before.tableau[column])),
            )
        )
    return tuple(events)


def move_reason(move: Move) -> str:
    """The reason a move gives a score change: its kind in lower case (``"recycle"``)."""
    return move.kind.name.lower()


__all__ = [
    "PILE_KINDS",
    "CardTurned",
    "CardsMoved",
    "Event",
    "FoundationBaseChanged",
    "GameNoLongerWon",
    "GameResigned",
    "GameWon",
    "PilePlace",
    "RecycleUndone",
    "ScoreChanged",
    "UndoableEvent",
    "WasteRecycled",
    "changed_slot",
    "events_to_json",
    "move_events",
    "move_reason",
]
