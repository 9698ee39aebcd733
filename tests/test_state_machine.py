"""A Hypothesis state machine per shipped variant: deal, play, undo, save and restore.

Each machine starts from a drawn deal number (played forward by a few random
legal moves, so the steps also reach mid-game positions), then plays legal
moves chosen by Hypothesis, undoes, round-trips the position through its text
and JSON forms, and tries moves the rules refuse. After every step it checks
the invariants of RULES.md sections 2-5:

* the 52 cards stay whole and distinct;
* the top card of every column is face up, the face-down cards lie underneath;
* a face-down card stays face down at its place, except the one card a move
  uncovers (the new top of the source column), and is never part of a moved
  group;
* a card goes to a foundation only as the next card of its suit;
* stock + waste change only by draws and recycles (which keep their total)
  and by plays from the waste (one card less);
* the move generator agrees with check_move at the current position.
"""

from __future__ import annotations

import json
import random
from typing import ClassVar

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from strategies import deal_numbers
from test_movegen import MOVE_TEXTS, assert_generator_agrees, short_universe

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    KLONDIKE_VEGAS,
    REFLECHI,
    REFLECHI_DRAW_3,
    RULE_CARD,
    TRADITIONAL_DRAW_3,
    IllegalMoveError,
    Move,
    MoveKind,
    Position,
    Variant,
    apply_move,
    check_move,
    deal_position,
    flipped,
    legal_moves,
    parse_move,
    play_move,
    player_view,
    position_from_json,
    position_to_json,
)

_RANK_OF = tuple(card % 13 + 1 for card in range(52))  # RULES.md section 8 step 1
_SUIT_OF = tuple(card // 13 for card in range(52))
_FROM_WASTE = (MoveKind.WASTE_TO_FOUNDATION, MoveKind.WASTE_TO_COLUMN)


def check_opening(variant: Variant, position: Position) -> None:
    """RULES.md section 2: 1..7 cards in the columns, 24 in the stock, nothing else."""
    assert [len(pile) for pile in position.tableau] == [1, 2, 3, 4, 5, 6, 7]
    expected_down = [0] * 7 if variant.all_face_up else [0, 1, 2, 3, 4, 5, 6]
    assert list(position.face_down) == expected_down
    assert len(position.stock) == 24
    assert position.waste == ()
    assert position.foundations == (0, 0, 0, 0)
    assert position.recycles == 0


def check_transition(variant: Variant, before: Position, move: Move, after: Position) -> None:
    """The effects of one legal move, from RULES.md section 3 (see the module docs)."""
    kind = move.kind
    source, target = move.source, move.target

    # Stock and waste.
    before_total = len(before.stock) + len(before.waste)
    after_total = len(after.stock) + len(after.waste)
    if kind is MoveKind.DRAW:
        turned = min(variant.draw_count, len(before.stock))
        assert turned >= 1
        assert after.stock == before.stock[:-turned]
        # the cards are turned one by one: the last one turned lies on top
        assert after.waste == before.waste + tuple(reversed(before.stock[-turned:]))
    elif kind is MoveKind.RECYCLE:
        assert before.stock == () and before.waste != ()
        # "the cards come again in the same order": the first card drawn in the
        # last pass (the waste's bottom card) is the stock's top card again
        assert after.stock == tuple(reversed(before.waste))
        assert after.waste == ()
    elif kind in _FROM_WASTE:
        assert after.stock == before.stock
        assert after.waste == before.waste[:-1]
    else:
        assert after.stock == before.stock
        assert after.waste == before.waste
    assert after_total == before_total - (1 if kind in _FROM_WASTE else 0)
    assert after.recycles == before.recycles + (1 if kind is MoveKind.RECYCLE else 0)

    # Foundations: a card goes up only as the next of its suit, and comes back
    # (take-back) only from the top.
    foundations = list(before.foundations)
    if kind in (MoveKind.WASTE_TO_FOUNDATION, MoveKind.COLUMN_TO_FOUNDATION):
        if kind is MoveKind.WASTE_TO_FOUNDATION:
            card = before.waste[-1]
        else:
            assert source is not None
            card = before.tableau[source][-1]
        suit = _SUIT_OF[card]
        assert before.foundations[suit] == _RANK_OF[card] - 1, "not the next card of its suit"
        foundations[suit] += 1
    elif kind is MoveKind.FOUNDATION_TO_COLUMN:
        assert source is not None and variant.foundation_takeback
        foundations[source] -= 1
    assert after.foundations == tuple(foundations)

    # Tableau: exactly the cards the move names move, and only whole face-up groups.
    tableau = [list(pile) for pile in before.tableau]
    if kind is MoveKind.COLUMN_TO_COLUMN:
        assert source is not None and target is not None and move.count is not None
        start = len(before.tableau[source]) - move.count
        assert start >= before.face_down[source], "a face-down card in the moved group"
        group = tableau[source][start:]
        del tableau[source][start:]
        tableau[target].extend(group)
    elif kind is MoveKind.COLUMN_TO_FOUNDATION:
        assert source is not None
        assert len(before.tableau[source]) > before.face_down[source]
        tableau[source].pop()
    elif kind is MoveKind.WASTE_TO_COLUMN:
        assert target is not None
        tableau[target].append(before.waste[-1])
    elif kind is MoveKind.FOUNDATION_TO_COLUMN:
        assert source is not None and target is not None
        tableau[target].append(source * 13 + before.foundations[source] - 1)
    assert after.tableau == tuple(tuple(pile) for pile in tableau)

    # Face-down cards stay face down at their place; the move that empties the
    # face-up part of its source column turns the new top card face up.
    flip_expected = False
    for column in range(7):
        down_before = before.tableau[column][: before.face_down[column]]
        down_after = after.tableau[column][: after.face_down[column]]
        uncovered = (
            kind in (MoveKind.COLUMN_TO_COLUMN, MoveKind.COLUMN_TO_FOUNDATION)
            and column == source
            and down_before != ()
            and len(after.tableau[column]) == len(down_before)
        )
        if uncovered:
            flip_expected = True
            assert down_after == down_before[:-1]
            assert after.tableau[column][-1] == down_before[-1]
        else:
            assert down_after == down_before, f"column {column + 1} face-down cards changed"
    assert flipped(before, after) == flip_expected


class VariantMachine(RuleBasedStateMachine):
    """Plays one variant; subclasses set ``variant``."""

    variant: ClassVar[Variant] = KLONDIKE

    def __init__(self) -> None:
        super().__init__()
        self.position = deal_position(self.variant, 0)
        self.history: list[Position] = []

    @initialize(
        deal=deal_numbers,
        warm_up=st.integers(min_value=0, max_value=150),
        seed=st.integers(min_value=0, max_value=2**32 - 1),
    )
    def deal(self, deal: int, warm_up: int, seed: int) -> None:
        position = deal_position(self.variant, deal)
        check_opening(self.variant, position)
        rng = random.Random(seed)
        for _ in range(warm_up):
            moves = legal_moves(self.variant, position)
            if not moves:
                break
            move = rng.choice(moves)
            after = apply_move(self.variant, position, move)
            check_transition(self.variant, position, move, after)
            position = after
        self.position = position
        self.history = []

    def _has_moves(self) -> bool:
        return bool(legal_moves(self.variant, self.position))

    @precondition(_has_moves)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        moves = legal_moves(self.variant, self.position)
        index = data.draw(st.integers(min_value=0, max_value=len(moves) - 1), label="move")
        move = moves[index]
        before = self.position
        after = play_move(self.variant, before, move)
        assert apply_move(self.variant, before, move) == after
        check_transition(self.variant, before, move, after)
        self.history.append(before)
        self.position = after

    @precondition(lambda self: bool(self.history))
    @rule()
    def undo(self) -> None:
        self.position = self.history.pop()

    @rule()
    def save_and_restore(self) -> None:
        position = self.position
        from_text = Position.from_text(position.to_text())
        from_json = position_from_json(json.loads(json.dumps(position_to_json(position))))
        assert from_text == position and hash(from_text) == hash(position)
        assert from_json == position
        assert legal_moves(self.variant, from_json) == legal_moves(self.variant, position)
        self.position = from_json

    @rule(text=st.sampled_from(MOVE_TEXTS))
    def try_any_move(self, text: str) -> None:
        # parse_move: MOVE_TEXTS holds count-less column moves (``35``) too,
        # which only a position completes (api-changes: moves are canonical).
        before = self.position
        move = parse_move(self.variant, before, text)
        refusal = check_move(self.variant, before, move)
        if refusal is None:
            return  # legal moves are played by `play` (and agree with the generator)
        with pytest.raises(IllegalMoveError) as raised:
            play_move(self.variant, before, move)
        assert raised.value.refusal == refusal
        assert self.position == before

    @invariant()
    def cards_are_whole(self) -> None:
        assert sorted(self.position.cards()) == list(range(52))

    @invariant()
    def face_down_cards_lie_under_a_face_up_top(self) -> None:
        position = self.position
        view = player_view(position)
        for pile, down, seen in zip(
            position.tableau, position.face_down, view.tableau, strict=True
        ):
            assert 0 <= down < len(pile) or down == 0 == len(pile)
            assert seen == (None,) * down + pile[down:], "a face-down card is shown"
        if self.variant.all_face_up:
            assert position.face_down == (0,) * 7

    @invariant()
    def foundations_and_recycles_in_range(self) -> None:
        position = self.position
        assert all(0 <= count <= 13 for count in position.foundations)
        limit = self.variant.recycle_limit
        assert limit is None or 0 <= position.recycles <= limit

    @invariant()
    def generator_agrees_with_check_move(self) -> None:
        assert_generator_agrees(self.variant, self.position, short_universe(self.position))


def machine_for(variant: Variant) -> type[VariantMachine]:
    """A state machine class playing ``variant``."""
    return type(
        f"Machine{variant.name.title().replace(' ', '')}",
        (VariantMachine,),
        {"variant": variant},
    )


# Short runs: the warm-up in `deal` already reaches mid-game positions, and the
# agreement check at every step is the costly part. No deadline: a wall-clock
# limit would only make the run flaky on a busy machine (CI's profile has none).
_STEPS = settings(stateful_step_count=12, deadline=None)

TestKlondike = machine_for(KLONDIKE).TestCase
TestKlondikeDraw3 = machine_for(KLONDIKE_DRAW_3).TestCase
TestKlondikeVegas = machine_for(KLONDIKE_VEGAS).TestCase
TestReflechi = machine_for(REFLECHI).TestCase
TestReflechiDraw3 = machine_for(REFLECHI_DRAW_3).TestCase
TestTraditionalDraw3 = machine_for(TRADITIONAL_DRAW_3).TestCase
TestRuleCard = machine_for(RULE_CARD).TestCase
for _case in (
    TestKlondike,
    TestKlondikeDraw3,
    TestKlondikeVegas,
    TestReflechi,
    TestReflechiDraw3,
    TestTraditionalDraw3,
    TestRuleCard,
):
    _case.settings = _STEPS
del _case
