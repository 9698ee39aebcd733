"""The solver on every game of FAMILY.md.

* It solves a deal of every game within its default budget, and each winning
  line replays to a win on the independent reference model
  (``tests/family_reference.py``), move by move in the game's notation.
* Its pruning (forced moves home, columns sorted in the transposition key
  where the columns are interchangeable, the stock walked as one step) is
  sound for every kind of game: on random small endgames it never calls a
  position unwinnable that an exhaustive search without any pruning wins, and
  every line it finds wins on the reference model.
* The deals it proves unwinnable in a few thousand positions are proved
  unwinnable by the reference model's own exhaustive search too.
"""

from __future__ import annotations

import random

import attrs
import pytest
from family_reference import FamilyGame, find_win
from small_positions import small_position

from solitaire_core import (
    Position,
    SolveStatus,
    Variant,
    apply_move,
    deal_code_position,
    deal_position,
    format_move,
    legal_moves,
    parse_deal_code,
    play_move,
    position_to_json,
    solve,
)
from solitaire_core.cards import CARD_TEXTS
from solitaire_core.variants import FAMILY_GAMES, Layout, code_header

# One deal of every game that the solver wins within its default budget
# (found by scanning deal numbers from 0 with `solve`; see the test). British
# Canister has none among the first 80,000 deal numbers (the solver proves each
# lost, and the reference model's exhaustive search agrees on every one of the
# first 150 it was given): its deal is a full deal code, a card order built for
# this test (every suit dealt in order, then mixed by random swaps kept while
# the solver still won). Rainbow and Chameleon (one pass, any-suit building on
# few columns) are full deal codes built the same way, from a card order that
# plays out rank by rank: with a budget of 50,000 positions the solver decided
# none of their first 17 and 20 deal numbers, and each undecided deal costs it
# its whole default budget.
SOLVED_DEALS: dict[str, int | str] = {
    "TP": 1,
    "WH": 1,
    "SH": 1,
    "EC": 1,
    "WC": 0,
    "PS": 104,
    "TR": 2,
    "DK": 0,
    "GA": 17,
    "TK": 3,
    "LJ": 4,
    "SA": 3,
    "NA": 3,
    "AP": 6,
    "RP": 2,
    "EH": 1,
    "AG": 87,
    "ET": 7,
    "SE": 8,
    "WW": 1,
    "YU": 2,
    "RU": 13,
    "AL": 0,
    "SO": 1,
    "CF": 2,
    # The games added by rules files (docs/FAMILY.md sections 3.17 on, 4.5 on, 5.5 on, 6.2 on).
    "OD": 13,
    "RO": 0,
    "MO": 0,
    "DY": 0,
    "TY": 0,
    "DR": 0,
    "TU": 0,
    "GE": 0,
    "QL": 1,
    "CA": 0,
    "AN": 11,
    "BC": "BC1-D0N-RFFISSDLWFZHQDCREQLXHHWFPTBYEAGEXIXFBOUEILUQTUBI",
    "MH": 29,
    "LT": 40,
    "LP": 1,
    "WV": 0,
    "DE": 7,
    "TE": 14,
    "CD": 0,
    "QU": 0,
    "RD": 2,
    "BF": 2,
    "AM": 2,
    "CN": 0,
    "CS": 0,
    "RT": 0,
    "RB": "RB1-D1N-GUTEZXQADVJFHSCCLSESHFLKXNJJIQFDQFGFOPCIDLSPVPFH",
    "CM": "CM1-D1N-NDINXATPOHKPDQZFCHSTDIEDWISBPPAIUTOEQRPWOJVPRFYZ",
}


def prefix_of(variant: Variant) -> str:
    header = code_header(variant)
    assert header is not None
    return header[0]


def replays_to_a_win(variant: Variant, reference: FamilyGame, moves: tuple[object, ...]) -> bool:
    game = reference.copy()
    for move in moves:
        game.play(format_move(variant, move))  # type: ignore[arg-type]
    return game.is_won()


def test_a_deal_to_win_is_named_for_every_game() -> None:
    assert sorted(SOLVED_DEALS) == sorted(prefix_of(variant) for variant in FAMILY_GAMES)


@pytest.mark.parametrize("variant", FAMILY_GAMES, ids=lambda variant: variant.name)
def test_the_solver_wins_a_deal_of_every_game(variant: Variant) -> None:
    prefix = prefix_of(variant)
    deal = SOLVED_DEALS[prefix]
    if isinstance(deal, str):  # a full deal code: its card order
        code = parse_deal_code(deal)
        assert code.variant is variant
        position = deal_code_position(code)
        reference = FamilyGame.from_deck(prefix, [CARD_TEXTS[card] for card in code.deck])
    else:
        position = deal_position(variant, deal)
        reference = FamilyGame.deal(prefix, deal)
    result = solve(variant, position)
    assert result.status is SolveStatus.SOLVED
    assert replays_to_a_win(variant, reference, result.moves)


def exhaustive_win(variant: Variant, position: Position, limit: int) -> bool | None:
    """Search every reachable position, no pruning at all: True, False, or None (too many).

    Positions are compared whole; only the recycle count is left out when
    recycles are unlimited (it then changes no rule, FAMILY.md section 1.6).
    """

    def key(p: Position) -> tuple[object, ...]:
        recycles = p.recycles if variant.recycle_limit is not None else 0
        return (p.tableau, p.face_down, p.stock, p.waste, p.foundations, p.reserve,
                p.foundation_base, recycles)  # fmt: skip

    stack = [position]
    seen = {key(position)}
    while stack:
        current = stack.pop()
        if current.is_won:
            return True
        for move in legal_moves(variant, current):
            child = apply_move(variant, current, move)
            child_key = key(child)
            if child_key not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(child_key)
                stack.append(child)
    return False


@pytest.mark.parametrize("game", FAMILY_GAMES, ids=lambda variant: variant.name)
def test_the_solver_is_sound_on_small_endgames(game: Variant) -> None:
    # With take-backs every card on a foundation can come down again, so even
    # an endgame reaches most of the game and no search without pruning ends:
    # the games are searched without them. That is where pruning could lose a
    # win (a card sent home cannot come back), and the other rules are the game's.
    variant = attrs.evolve(game, name=f"{game.name}, no take-back", foundation_takeback=False)
    if variant.foundations.complete_runs:
        # One suit's 13 cards split over seven columns that any run may fill is
        # too much for a search without pruning: the same rules on 3 columns.
        variant = attrs.evolve(variant, layout=Layout.rows(3, down=2, up=1))
    prefix = prefix_of(game)
    rng = random.Random(prefix)
    decided = 0
    for index in range(10):
        position = small_position(variant, rng, left=3 + index % 4)
        truth = exhaustive_win(variant, position, 30_000)
        result = solve(variant, position, max_positions=30_000)
        if result.status is SolveStatus.SOLVED:
            assert truth is not False, position
            if variant.columns == game.columns and not game.foundation_takeback:
                reference = FamilyGame.from_snapshot(prefix, position_to_json(position))
                assert replays_to_a_win(variant, reference, result.moves), position
            else:  # the game itself is not the reference's: replay by the rules
                end = position
                for move in result.moves:
                    end = play_move(variant, end, move)
                assert end.is_won
        if truth is None:
            continue
        decided += 1
        if truth:
            assert result.status is not SolveStatus.UNWINNABLE, f"unsound: {position}"
        else:
            assert result.status is SolveStatus.UNWINNABLE, position
    assert decided >= 3


# Deals the solver proves unwinnable quickly, each checked here by the
# reference model's exhaustive search (no pruning).
QUICK_LOSSES = [("RU", 0), ("RU", 2), ("TR", 0), ("AG", 0), ("SA", 2), ("EC", 3)]


@pytest.mark.parametrize(("prefix", "deal"), QUICK_LOSSES)
def test_deals_proved_unwinnable_are_unwinnable_for_the_reference_model(
    prefix: str, deal: int
) -> None:
    variant = next(v for v in FAMILY_GAMES if prefix_of(v) == prefix)
    assert solve(variant, deal_position(variant, deal)).status is SolveStatus.UNWINNABLE
    assert find_win(FamilyGame.deal(prefix, deal), 400_000) is False
