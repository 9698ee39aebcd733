"""The advisory hint of the rule card: from the player's view only (RULES.md section 9).

The hint never reads a face-down card or the unseen stock: it works on a
stand-in position built from :func:`~solitaire_core.view.player_view`, in which
every hidden card is replaced by the cards the player cannot see, in a fixed
order. Which moves are legal never depends on hidden cards, so the hint is a
function of what the player sees (the tests change only hidden cards and get
the same hint).

It prefers, in this order (the rule card):

1. turning over a hidden card (``FLIP``);
2. freeing a column for a King that is waiting, when no column is empty
   (``FREE_COLUMN``);
3. advancing a foundation without blocking a sequence: no card the player
   could move now would want to go on the card sent home (``FOUNDATION``);
4. playing the waste card onto the tableau (``WASTE``);
5. drawing, or recycling (``DRAW``), unless the stock is dead: every stock card
   has been seen (they have all passed through the waste) and none of the
   cards reachable by drawing could be played now.

It never suggests a move that only undoes the previous one. When nothing
qualifies it says there is no useful move (``NONE``).

>>> from solitaire_core.deal import deal_code_position
>>> from solitaire_core.variants import KLONDIKE
>>> advice = hint(KLONDIKE, deal_code_position("KL1-D1N-AAAAAAG"))
>>> str(advice.move), advice.kind.value, advice.reason()
('7f', 'flip', 'turns over a hidden card')
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from typing import Final

import attrs

from solitaire_core.cards import DECK_SIZE, Card
from solitaire_core.errors import LocaleError
from solitaire_core.moves import DRAW, RECYCLE, TO_FOUNDATION_KINDS, Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.rules import legal_moves
from solitaire_core.rules.messages import LOCALES
from solitaire_core.rules.positions import check_position
from solitaire_core.solver.stock import stock_states
from solitaire_core.variants import Variant
from solitaire_core.view import PlayerView, player_view


class HintKind(StrEnum):
    """Why a hint was chosen (stable values for apps)."""

    FLIP = "flip"
    """The move turns over a hidden card (the first preference)."""
    FREE_COLUMN = "free_column"
    """The move empties a column for a King that is waiting."""
    FOUNDATION = "foundation"
    """The move sends a card home without blocking a sequence."""
    WASTE = "waste"
    """The move plays the waste card onto the tableau."""
    DRAW = "draw"
    """Draw (or recycle): the stock may still bring a useful card."""
    NONE = "none"
    """No useful move (the hint's move is None)."""


REASONS: Final[dict[str, dict[HintKind, str]]] = {
    "en": {
        HintKind.FLIP: "turns over a hidden card",
        HintKind.FREE_COLUMN: "frees a column for a King",
        HintKind.FOUNDATION: "advances a foundation without blocking a sequence",
        HintKind.WASTE: "plays the waste card onto the tableau",
        HintKind.DRAW: "turns new cards from the stock",
        HintKind.NONE: "no useful move",
    },
    "hu": {
        HintKind.FLIP: "felfordít egy rejtett lapot",
        HintKind.FREE_COLUMN: "oszlopot szabadít fel egy királynak",
        HintKind.FOUNDATION: "halad az alapon, és nem zár el sorozatot",
        HintKind.WASTE: "a dobópakli lapját az oszlopokra teszi",
        HintKind.DRAW: "új lapokat fordít a húzópakliból",
        HintKind.NONE: "nincs hasznos lépés",
    },
    "el": {
        HintKind.FLIP: "γυρίζει ένα κρυφό φύλλο",
        HintKind.FREE_COLUMN: "αδειάζει μια στήλη για έναν Ρήγα",
        HintKind.FOUNDATION: "προχωρά μια βάση χωρίς να κλείνει ακολουθία",
        HintKind.WASTE: "παίζει το φύλλο της απόρριψης στο ταμπλό",
        HintKind.DRAW: "γυρίζει νέα φύλλα από το απόθεμα",
        HintKind.NONE: "καμία χρήσιμη κίνηση",
    },
}
"""The hint reasons per locale."""


@attrs.frozen
class Hint:
    """An advisory hint.

    Attributes:
        move: the suggested move, or None when there is no useful move.
        kind: why it was chosen.
    """

    move: Move | None
    kind: HintKind

    def reason(self, locale: str = "en") -> str:
        """A short reason in English (``"en"``), Hungarian (``"hu"``) or Greek (``"el"``).

        Raises:
            LocaleError: for another locale.
        """
        if locale not in REASONS:
            raise LocaleError(locale, LOCALES)
        return REASONS[locale][self.kind]


def stand_in_position(view: PlayerView) -> Position:
    """A position with the view's visible cards, hidden ones replaced in a fixed order.

    Every hidden place (a face-down card, an unseen stock card, a reserve card
    under the top) gets one of the cards the view does not show, lowest first,
    so the result depends on the view alone.
    """
    decks = len(view.foundations) // 4
    missing = Counter({card: decks for card in range(DECK_SIZE)})
    shown = [card for pile in view.tableau for card in pile if card is not None]
    shown += [card for card in view.stock if card is not None]
    shown += [card for card in view.reserve if card is not None]
    shown += view.waste
    probe = Position((), (), (), (), view.foundations, 0, (), view.foundation_base)
    for slot in range(len(view.foundations)):
        shown += probe.foundation_cards(slot)
    missing.subtract(shown)
    spare = iter(sorted(missing.elements()))
    tableau = tuple(
        tuple(card if card is not None else next(spare) for card in pile) for pile in view.tableau
    )
    face_down = tuple(sum(1 for card in pile if card is None) for pile in view.tableau)
    stock = tuple(card if card is not None else next(spare) for card in view.stock)
    reserve = tuple(card if card is not None else next(spare) for card in view.reserve)
    return Position(
        tableau,
        face_down,
        stock,
        view.waste,
        view.foundations,
        view.recycles,
        reserve,
        view.foundation_base,
    )


def _undoes(last: Move | None, move: Move) -> bool:
    if last is None:
        return False
    if last.kind is MoveKind.COLUMN_TO_COLUMN and move.kind is MoveKind.COLUMN_TO_COLUMN:
        return (move.source, move.target, move.count) == (last.target, last.source, last.count)
    if last.kind is MoveKind.COLUMN_TO_FOUNDATION:
        return move.kind is MoveKind.FOUNDATION_TO_COLUMN and move.target == last.source
    if last.kind is MoveKind.FOUNDATION_TO_COLUMN:
        return move.kind is MoveKind.COLUMN_TO_FOUNDATION and move.source == last.target
    return False


def hint(
    variant: Variant, position: Position | PlayerView, *, last_move: Move | None = None
) -> Hint:
    """The advisory hint for a position, from the player's view only.

    Args:
        variant: the rules.
        position: the position (only its player view is used) or the view itself.
        last_move: the move just played, so its reversal is never suggested.

    Returns:
        The suggested move and why (see the module docs for the order).

    Raises:
        PositionParseError: (a ``ValueError``) for a position ``variant``
            cannot hold (:func:`~solitaire_core.rules.positions.check_position`).
    """
    view = position if isinstance(position, PlayerView) else player_view(position)
    seen = stand_in_position(view)
    check_position(variant, seen)
    moves = [move for move in legal_moves(variant, seen) if not _undoes(last_move, move)]
    tableau, face_down = seen.tableau, seen.face_down
    for move in moves:
        source = move.source
        if move.kind is MoveKind.COLUMN_TO_COLUMN or move.kind is MoveKind.COLUMN_TO_FOUNDATION:
            assert source is not None
            moved = move.count or 1
            if face_down[source] and len(tableau[source]) - moved == face_down[source]:
                return Hint(move, HintKind.FLIP)
    if all(tableau) and _king_waiting(variant, seen):
        for move in moves:
            if move.kind is MoveKind.COLUMN_TO_COLUMN or move.kind is MoveKind.COLUMN_TO_FOUNDATION:
                assert move.source is not None
                pile = tableau[move.source]
                empties = (move.count or 1) == len(pile) and not face_down[move.source]
                starts = variant.empty_column_tables[seen.foundation_base]
                if empties and not starts[pile[0]]:
                    return Hint(move, HintKind.FREE_COLUMN)
    wanted = _wanted_targets(variant, seen)
    for move in moves:
        if move.kind in TO_FOUNDATION_KINDS:
            if move.kind is MoveKind.COLUMN_TO_FOUNDATION:
                assert move.source is not None
                card = tableau[move.source][-1]
            else:
                from_waste = move.kind is MoveKind.WASTE_TO_FOUNDATION
                card = (seen.waste if from_waste else seen.reserve)[-1]
            if card not in wanted:
                return Hint(move, HintKind.FOUNDATION)
    for move in moves:
        if move.kind is MoveKind.WASTE_TO_COLUMN or move.kind is MoveKind.RESERVE_TO_COLUMN:
            return Hint(move, HintKind.WASTE)
    for move in moves:
        if (move is DRAW or move is RECYCLE) and not _stock_is_dead(variant, seen, view):
            return Hint(move, HintKind.DRAW)
    return Hint(None, HintKind.NONE)


def _king_waiting(variant: Variant, position: Position) -> bool:
    """True when a card that may start an empty column waits elsewhere (Klondike: a King)."""
    starts = variant.empty_column_tables[position.foundation_base]
    for pile in (position.waste, position.reserve):
        if pile and starts[pile[-1]]:
            return True
    for pile, down in zip(position.tableau, position.face_down, strict=True):
        lowest = variant.group.lowest_movable_index(pile, down, variant.build_table)
        if any(starts[pile[i]] for i in range(max(lowest, 1), len(pile))):
            return True
    return False


def _wanted_targets(variant: Variant, position: Position) -> set[Card]:
    """Cards that some card the player could move now would go on."""
    movable: list[Card] = list(position.waste[-1:]) + list(position.reserve[-1:])
    for pile, down in zip(position.tableau, position.face_down, strict=True):
        lowest = variant.group.lowest_movable_index(pile, down, variant.build_table)
        movable.extend(pile[lowest:])
    return {onto for card in movable for onto in variant.build_targets[card]}


def _stock_is_dead(variant: Variant, position: Position, view: PlayerView) -> bool:
    """True when every stock card is known and no card reachable by drawing can be played."""
    if not (position.stock or position.waste):
        return True
    if not variant.has_waste:
        return False  # a deal onto the columns always changes them
    if any(card is None for card in view.stock):
        return False  # drawing shows cards the player has not seen
    for _actions, state in stock_states(variant, position):
        if any(
            move.kind is MoveKind.WASTE_TO_FOUNDATION or move.kind is MoveKind.WASTE_TO_COLUMN
            for move in legal_moves(variant, state)
        ):
            return False
    return True
