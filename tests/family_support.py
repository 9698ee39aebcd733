"""Shared checks for the family games' tests, written from FAMILY.md (not from src/).

* :func:`move_universe`: every syntactically possible move of a position, for
  the brute-force agreement of the generator with ``check_move``;
* :func:`check_transition`: the effect one legal move must have (FAMILY.md
  section 1.6), worked out here by hand, independently of ``apply_move``;
* :func:`check_invariants`: what holds in every position of a game (the cards
  whole, face-down cards under a face-up top and hidden from the player, the
  foundations built from their base).
"""

from __future__ import annotations

from collections import Counter

from solitaire_core import Move, MoveKind, Position, Variant, check_move, legal_moves, player_view
from solitaire_core.variants import DealStock, FoundationBase, WasteStock

RANK_OF = tuple(card % 13 + 1 for card in range(52))  # RULES.md section 8, step 1
SUIT_OF = tuple(card // 13 for card in range(52))


def move_universe(position: Position) -> list[Move]:
    """Every move the notation can name for this position's piles (legal or not)."""
    columns = len(position.tableau)
    moves = [Move.draw(), Move.recycle(), Move.waste_to_foundation(), Move.reserve_to_foundation()]
    moves += [Move.waste_to_foundation(count=2), Move.reserve_to_foundation(count=2)]
    for column in range(columns):
        moves.append(Move.waste_to_column(column))
        moves.append(Move.reserve_to_column(column))
        moves.append(Move.column_to_foundation(column))
        moves.append(Move.column_to_foundation(column, count=13))
        moves.append(Move.column_to_foundation(column, count=2))
        for suit in range(4):
            moves.append(Move.foundation_to_column(suit, column))
        size = len(position.tableau[column])
        for target in range(columns):
            for count in range(1, size + 2):
                moves.append(Move.column_to_column(column, target, count=count))
    return moves


def assert_generator_agrees(variant: Variant, position: Position) -> None:
    """Every generated move passes check_move, every move it accepts is generated, once."""
    generated = legal_moves(variant, position)
    assert len(set(generated)) == len(generated), "a move generated twice"
    universe = move_universe(position)
    accepted = {move for move in universe if check_move(variant, position, move) is None}
    assert set(generated) == accepted


def _slot_cards(foundations: tuple[int, ...], base: int, slot: int) -> list[int]:
    suit = slot % 4
    return [suit * 13 + (base - 1 + i) % 13 for i in range(foundations[slot])]


def check_invariants(variant: Variant, position: Position) -> None:
    """What every position of ``variant`` satisfies (FAMILY.md sections 1.1, 1.2, 1.6)."""
    decks = variant.decks
    assert len(position.tableau) == variant.columns
    assert len(position.foundations) == 4 * decks
    assert Counter(position.cards()) == Counter({card: decks for card in range(52)})
    view = player_view(position)
    for pile, down, seen in zip(position.tableau, position.face_down, view.tableau, strict=True):
        assert 0 <= down < len(pile) or down == 0 == len(pile), "the top card must be face up"
        assert seen == (None,) * down + pile[down:], "a face-down card is shown"
    assert view.reserve == (None,) * (len(position.reserve) - 1) + position.reserve[-1:]
    assert all(0 <= count <= 13 for count in position.foundations)
    if variant.foundations.complete_runs:
        assert all(count in (0, 13) for count in position.foundations)
    if variant.foundations.base is FoundationBase.ACE:
        assert position.foundation_base == 1
    elif variant.foundations.base is FoundationBase.DEALT_CARD:
        assert 1 <= position.foundation_base <= 13
    if not variant.has_waste:
        assert position.waste == () and position.recycles == 0
    limit = variant.recycle_limit
    assert limit is None or 0 <= position.recycles <= limit
    if variant.empty_column.fills_from_reserve and position.reserve:
        assert all(position.tableau), "a column is empty while the reserve could fill it"


def _next_slot(before: Position, card: int) -> int:
    """FAMILY.md 1.6: the lowest-numbered slot that accepts ``card``."""
    base = before.foundation_base
    for slot in range(SUIT_OF[card], len(before.foundations), 4):
        count = before.foundations[slot]
        if count == 13:
            continue
        if base == 0 or (base - 1 + count) % 13 + 1 == RANK_OF[card]:
            return slot
    raise AssertionError(f"no foundation takes card {card}")


def check_transition(variant: Variant, before: Position, move: Move, after: Position) -> None:
    """The exact effect of a legal move (FAMILY.md section 1.6), worked out by hand."""
    kind, source, target, count = move.kind, move.source, move.target, move.count
    tableau = [list(pile) for pile in before.tableau]
    face_down = list(before.face_down)
    stock, waste, reserve = list(before.stock), list(before.waste), list(before.reserve)
    foundations = list(before.foundations)
    base = before.foundation_base
    recycles = before.recycles
    emptied: int | None = None

    def home(card: int) -> None:
        nonlocal base
        foundations[_next_slot(before, card)] += 1
        if base == 0:
            base = RANK_OF[card]

    if kind is MoveKind.DRAW:
        if isinstance(variant.stock, WasteStock):
            for _ in range(min(variant.draw_count, len(stock))):
                waste.append(stock.pop())
        else:
            assert isinstance(variant.stock, DealStock)
            for column in range(min(len(stock), len(tableau))):
                tableau[column].append(stock.pop())
    elif kind is MoveKind.RECYCLE:
        stock, waste = list(reversed(waste)), []
        recycles += 1
    elif kind in (MoveKind.WASTE_TO_FOUNDATION, MoveKind.RESERVE_TO_FOUNDATION):
        pile = waste if kind is MoveKind.WASTE_TO_FOUNDATION else reserve
        home(pile.pop())
    elif kind in (MoveKind.WASTE_TO_COLUMN, MoveKind.RESERVE_TO_COLUMN):
        assert target is not None
        pile = waste if kind is MoveKind.WASTE_TO_COLUMN else reserve
        tableau[target].append(pile.pop())
    elif kind is MoveKind.COLUMN_TO_FOUNDATION:
        assert source is not None and count is not None
        pile_of = tableau[source]
        if count == 13:  # a spider run: K at the bottom, A on top, one suit
            run = pile_of[-13:]
            suit = SUIT_OF[run[0]]
            assert run == [suit * 13 + 12 - i for i in range(13)]
            del pile_of[-13:]
            slot = next(s for s in range(suit, len(foundations), 4) if not foundations[s])
            foundations[slot] = 13
        else:
            home(pile_of.pop())
        emptied = source
    elif kind is MoveKind.COLUMN_TO_COLUMN:
        assert source is not None and target is not None and count is not None
        group = tableau[source][-count:]
        assert len(tableau[source]) - count >= face_down[source], "a face-down card moved"
        del tableau[source][-count:]
        tableau[target].extend(group)
        emptied = source
    else:
        assert source is not None and target is not None and variant.foundation_takeback
        fitting = [
            slot
            for slot in range(source, len(foundations), 4)
            if foundations[slot] and after_has_top(before, slot, target, variant)
        ]
        slot = fitting[0]
        card = _slot_cards(before.foundations, base, slot)[-1]
        foundations[slot] -= 1
        tableau[target].append(card)
    if emptied is not None:
        left = tableau[emptied]
        if face_down[emptied] and len(left) <= face_down[emptied]:
            face_down[emptied] = len(left) - 1 if left else 0  # the flip
        if not left and reserve and variant.empty_column.fills_from_reserve:
            left.append(reserve.pop())
    expected = Position(
        tuple(tuple(pile) for pile in tableau),
        tuple(face_down),
        tuple(stock),
        tuple(waste),
        tuple(foundations),
        recycles,
        tuple(reserve),
        base,
    )
    assert after == expected, f"{move}: {after} != {expected}"


def after_has_top(position: Position, slot: int, target: int, variant: Variant) -> bool:
    """True when slot's top card may go on column ``target`` (a take-back's choice)."""
    card = _slot_cards(position.foundations, position.foundation_base, slot)[-1]
    pile = position.tableau[target]
    if pile:
        return variant.build.check_build(card, pile[-1]) is None
    return variant.empty_column.check_empty_column(card, position.foundation_base) is None
