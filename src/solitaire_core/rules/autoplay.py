"""Opt-in automation: safe auto-play and auto-finish (RULES.md section 6).

The app has no automation by default; these helpers exist for apps and modes
that want it and are never called by the library on its own.

* A card is **safe** to send home when no card still off the foundations could
  ever need it on the tableau: every card that may be built on it (by the
  variant's building table) is already on the foundations, every copy of it,
  or is a card of the base rank that always goes home alone
  (:func:`base_cards_go_home_alone`: the Aces of Klondike). For Klondike this
  is the classic rule: Aces and 2s always; a card of rank r when both
  foundations of the other colour hold at least r - 1 cards. With draw 3 a
  waste card is never auto-played: taking it off the waste changes which
  cards later draws turn up, which can matter. Spider runs are never
  auto-played.
* **Auto-finish** plays the rest of a game whose cards are all face up and
  whose stock is empty, by sending the card nearest its foundation's base home
  again and again (waste and reserve tops included), drawing through the waste
  when nothing else can move; it only starts when that surely wins, and
  :func:`can_auto_finish` is true exactly then.
* A card the player has just taken back from a foundation is left alone by
  safe auto-play until another move is made (:func:`safe_move`'s ``keep``):
  the player wanted it on the tableau.
"""

from __future__ import annotations

from collections.abc import Iterator

from solitaire_core.cards import DECK_SIZE, RANKS, Card
from solitaire_core.moves import DRAW, RECYCLE, Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.rules.apply import apply_move
from solitaire_core.rules.foundations import builders_home, is_home
from solitaire_core.rules.movegen import generate_moves
from solitaire_core.variants import Variant


def is_safe_to_play_home(variant: Variant, position: Position, card: Card) -> bool:
    """True when ``card`` can never be needed on the tableau (see the module docs).

    Every card that may be built on ``card`` (by the variant's building table)
    must be home, every copy of it; a card of the base rank counts as home when
    :func:`base_cards_go_home_alone` holds.
    """
    base = position.foundation_base
    if not builders_home(variant, position.foundations, base, card):
        return False
    decks = variant.decks
    for other in variant.build_sources[card]:
        if RANKS[other] == base and not is_home(position, other, decks):
            return base_cards_go_home_alone(variant, position)  # (it costs more: asked last)
    return True


def base_cards_go_home_alone(variant: Variant, position: Position) -> bool:
    """True when a base-rank card never needs a place on the tableau.

    So when nothing may be built on a card of the base rank (it then moves
    alone, and can go home instead of onto another card) and every group that
    can move is in building order: by the group policy, or because every
    column's face-up cards are built on each other now and no stock is dealt
    onto the columns (moves keep that true). The base card then always goes
    home directly when it is free. Klondike: the Aces.
    """
    base = position.foundation_base
    sources = variant.build_sources
    if any(sources[suit * 13 + base - 1] for suit in range(4)):
        return False
    if variant.groups_are_built_runs:
        return True
    if not variant.columns_interchangeable:
        return False
    return face_up_runs_are_built(variant, position)


def face_up_runs_are_built(variant: Variant, position: Position) -> bool:
    """True when every column's face-up cards are each built on the one beneath."""
    table = variant.build_table
    for pile, down in zip(position.tableau, position.face_down, strict=True):
        for index in range(down + 1, len(pile)):
            if not table[pile[index - 1] * DECK_SIZE + pile[index]]:
                return False
    return True


def home_moves(variant: Variant, position: Position) -> Iterator[tuple[Move, Card]]:
    """Each legal move that sends one card home, with that card.

    Columns 1..n, then the waste, then the reserve (the generator's order);
    spider runs are not included.
    """
    for move in generate_moves(variant, position):
        kind = move.kind
        if kind is MoveKind.COLUMN_TO_FOUNDATION:
            assert move.source is not None
            if move.count == 1:
                yield move, position.tableau[move.source][-1]
        elif kind is MoveKind.WASTE_TO_FOUNDATION:
            yield move, position.waste[-1]
        elif kind is MoveKind.RESERVE_TO_FOUNDATION:
            yield move, position.reserve[-1]
        else:
            return  # the generator lists moves to the foundations first


def safe_move(variant: Variant, position: Position, *, keep: Card | None = None) -> Move | None:
    """The first legal move that sends a safe card home (columns, waste, reserve), or None.

    The waste's card only with draw 1 (see the module docs); never ``keep``,
    a card the player has just taken back from a foundation.
    """
    for move, card in home_moves(variant, position):
        if move.kind is MoveKind.WASTE_TO_FOUNDATION and variant.draw_count > 1:
            continue
        if card == keep:
            continue
        if is_safe_to_play_home(variant, position, card):
            return move
    return None


def can_auto_finish(variant: Variant, position: Position) -> bool:
    """True exactly when auto-finish would win the game from ``position``.

    That is, when every card is face up, the stock is empty, a reserve holds at
    most its face-up card, the game is not won yet, and the finishing line of
    :func:`auto_finish_moves` surely wins (an app may then offer the button).
    """
    return bool(auto_finish_moves(variant, position))


def _all_cards_out(position: Position) -> bool:
    """Every card face up, the stock empty, a reserve at most its face-up card."""
    return not position.stock and not any(position.face_down) and len(position.reserve) <= 1


def auto_finish_moves(variant: Variant, position: Position) -> tuple[Move, ...]:
    """The moves that finish the game from ``position``, or ``()`` when they would not.

    Only for positions whose cards are all face up with an empty stock (and a
    reserve of at most its face-up card); the line sends the lowest-ranked card
    that can go home, and when none can, draws (recycling
    when the stock runs out and a recycle is allowed). It gives up, returning
    ``()``, when a whole pass through the waste brings nothing home.
    """
    if not _all_cards_out(position) or position.is_won:
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
    base = position.foundation_base or 1
    for move, card in home_moves(variant, position):
        rank = (RANKS[card] - base) % 13
        if rank < best_rank:
            best, best_rank = move, rank
    return best
