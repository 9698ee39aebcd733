"""Opt-in automation: safe auto-play and auto-finish (RULES.md section 6).

The app has no automation by default; these helpers exist for apps and modes
that want it and are never called by the library on its own.

* A card is **safe** to send home when no card still off the foundations could
  ever need it on the tableau: every card that may be built on it (by the
  variant's building rule) is already on a foundation or is an Ace (an Ace
  always goes home directly). For Klondike this is the classic rule: Aces and
  2s always; a card of rank r when both foundations of the other colour hold
  at least r - 1 cards. With draw 3 a waste card is never auto-played: taking
  it off the waste changes which cards later draws turn up, which can matter.
* **Auto-finish** plays the rest of a game whose cards are all face up and
  whose stock is empty, by sending the lowest available card home again and
  again (waste top included), drawing through the waste when nothing else can
  move; it only starts when that surely wins.
"""

from __future__ import annotations

from collections.abc import Iterator

from solitaire_core.cards import ACE, DECK_SIZE, RANKS, SUITS, Card
from solitaire_core.moves import DRAW, RECYCLE, Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.rules import generate_moves
from solitaire_core.rules.apply import apply_move
from solitaire_core.variants import Variant


def is_safe_to_play_home(variant: Variant, position: Position, card: Card) -> bool:
    """True when ``card`` can never be needed on the tableau (see the module docs)."""
    table = variant.build_table
    base = card * DECK_SIZE
    foundations = position.foundations
    for other in range(DECK_SIZE):
        needed = table[base + other] and RANKS[other] != ACE
        if needed and foundations[SUITS[other]] < RANKS[other]:
            return False
    return True


def home_moves(variant: Variant, position: Position) -> Iterator[tuple[Move, Card]]:
    """Each legal move that sends a card home, with that card: columns 1..7, then the waste."""
    for move in generate_moves(variant, position):
        if move.kind is MoveKind.COLUMN_TO_FOUNDATION:
            assert move.source is not None
            yield move, position.tableau[move.source][-1]
        elif move.kind is MoveKind.WASTE_TO_FOUNDATION:
            yield move, position.waste[-1]
        else:
            return  # the generator lists moves to the foundations first


def safe_move(variant: Variant, position: Position) -> Move | None:
    """The first legal move that sends a safe card home (columns 1..7, then waste), or None.

    The waste's card only with draw 1 (see the module docs).
    """
    for move, card in home_moves(variant, position):
        if move.kind is MoveKind.WASTE_TO_FOUNDATION and variant.draw_count != 1:
            break
        if is_safe_to_play_home(variant, position, card):
            return move
    return None


def can_auto_finish(position: Position) -> bool:
    """True when every card is face up and the stock is empty (auto-finish may be offered)."""
    return not position.stock and not any(position.face_down)


def auto_finish_moves(variant: Variant, position: Position) -> tuple[Move, ...]:
    """The moves that finish the game from ``position``, or ``()`` when they would not.

    Only for positions where :func:`can_auto_finish` holds; the line sends the
    lowest-ranked card that can go home, and when none can, draws (recycling
    when the stock runs out and a recycle is allowed). It gives up, returning
    ``()``, when a whole pass through the waste brings nothing home.
    """
    if not can_auto_finish(position) or position.is_won:
        return ()
    line: list[Move] = []
    idle = 0
    limit = len(position.waste) + 2
    while not position.is_won:
        home = _lowest_home_move(variant, position)
        if home is not None:
            move = home
            idle = 0
        else:
            legal = set(generate_moves(variant, position))
            if DRAW in legal:
                move = DRAW
            elif RECYCLE in legal:
                move = RECYCLE
            else:
                return ()
            idle += 1
            if idle > limit:
                return ()
        line.append(move)
        position = apply_move(variant, position, move)
    return tuple(line)


def _lowest_home_move(variant: Variant, position: Position) -> Move | None:
    best: Move | None = None
    best_rank = 14
    for move, card in home_moves(variant, position):
        rank = RANKS[card]
        if rank < best_rank:
            best, best_rank = move, rank
    return best
