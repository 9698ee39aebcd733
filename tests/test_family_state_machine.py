"""A Hypothesis state machine for every game of FAMILY.md: play, undo, save and load.

The app rule sets have theirs in ``tests/test_state_machine.py``; the three it
does not play (Vegas draw 3, Traditional draw 1, the rule card's draw 3) are
played here too.

Each machine deals a drawn deal of its game into a :class:`Game`, plays it
forward by random legal moves, then lets Hypothesis play legal moves, undo,
round-trip the game through its save document and the position through its
text and JSON forms, and try moves the rules refuse. After every step it
checks (``tests/family_support.py``, written from FAMILY.md):

* the multiset of cards is conserved (52 per deck);
* no face-down card is moved or shown (each move's exact effect is worked out
  by hand, and the player's view hides every face-down and reserve card);
* foundations follow their base, suit and wrap rule (the card sent home is
  the next of the lowest slot that takes it);
* the generator and ``check_move`` agree over every move the notation names.

The games added by rules files after the first 25 (FAMILY_GAMES[25:]) run 30
examples each instead of the profile's count, to keep the suite's time in check
as the family grows; their rules are the 25's policies in other combinations,
which the reference model and the brute-force tests also cover.
"""

from __future__ import annotations

import json
import random
from typing import ClassVar

from family_support import (
    assert_generator_agrees,
    check_invariants,
    check_transition,
    move_universe,
)
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from strategies import deal_numbers

from solitaire_core import (
    Game,
    Move,
    Position,
    Variant,
    check_move,
    position_from_json,
    position_to_json,
)
from solitaire_core.game.save import load_document, save_document
from solitaire_core.variants import (
    FAMILY_GAMES,
    KLONDIKE_VEGAS_DRAW_3,
    RULE_CARD_DRAW_3,
    TRADITIONAL,
    YUKON,
)


class FamilyMachine(RuleBasedStateMachine):
    """Plays one game; subclasses set ``variant``."""

    variant: ClassVar[Variant] = YUKON

    def __init__(self) -> None:
        super().__init__()
        self.game = Game(self.variant, 0)

    @initialize(
        deal=deal_numbers,
        warm_up=st.integers(min_value=0, max_value=80),
        seed=st.integers(min_value=0, max_value=2**32 - 1),
    )
    def deal(self, deal: int, warm_up: int, seed: int) -> None:
        self.game = Game(self.variant, deal)
        check_invariants(self.variant, self.game.position)
        rng = random.Random(seed)
        for _ in range(warm_up):
            moves = self.game.legal_moves
            if not moves:
                break
            before = self.game.position
            move = self.game.play(rng.choice(moves))
            check_transition(self.variant, before, move, self.game.position)

    @precondition(lambda self: bool(self.game.legal_moves))
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        moves = self.game.legal_moves
        move = data.draw(st.sampled_from(moves), label="move")
        before = self.game.position
        played = self.game.play(move)
        assert played == move
        check_transition(self.variant, before, move, self.game.position)

    @precondition(lambda self: self.game.undo_depth > 0)
    @rule()
    def undo(self) -> None:
        positions = [self.game.position]
        score = self.game.score
        self.game.undo()
        redone = self.game.redo()
        assert self.game.position == positions[0] and self.game.score == score
        before = self.game.position
        assert self.game.undo() == redone
        assert self.game.position != before or redone.kind is Move.draw().kind

    @rule()
    def save_and_load(self) -> None:
        document = json.loads(json.dumps(save_document(self.game)))
        loaded = load_document(document)
        assert loaded == self.game
        position = loaded.position
        assert Position.from_text(position.to_text()) == position
        assert position_from_json(json.loads(json.dumps(position_to_json(position)))) == position
        self.game = loaded

    @rule(data=st.data())
    def try_a_refused_move(self, data: st.DataObject) -> None:
        before = self.game.position
        move = data.draw(st.sampled_from(move_universe(before)), label="any move")
        refusal = check_move(self.variant, before, move)
        if refusal is None:
            return
        assert self.game.try_play(move) == refusal
        assert self.game.position == before

    @invariant()
    def position_is_one_of_the_game(self) -> None:
        check_invariants(self.variant, self.game.position)

    @invariant()
    def generator_agrees_with_check_move(self) -> None:
        assert_generator_agrees(self.variant, self.game.position)


_STEPS = settings(stateful_step_count=8, deadline=None)
_FEWER_STEPS = settings(_STEPS, max_examples=30)
_ADDED_GAMES = frozenset(FAMILY_GAMES[25:])


def _machine(variant: Variant) -> type[FamilyMachine]:
    name = "".join(word.capitalize() for word in variant.name.replace("'", "").split())
    return type(f"Machine{name}", (FamilyMachine,), {"variant": variant})


for _variant in (*FAMILY_GAMES, KLONDIKE_VEGAS_DRAW_3, TRADITIONAL, RULE_CARD_DRAW_3):
    _case = _machine(_variant).TestCase
    _case.settings = _FEWER_STEPS if _variant in _ADDED_GAMES else _STEPS
    globals()[f"Test{_case.__qualname__.split('.')[0]}"] = _case
del _variant, _case
