"""A move home is forced only when no card taken back from the foundations could need it.

Contract tested here (solver/dominance.py, :func:`nothing_comes_back_for`):

* in Nine Across (base 6, cards taken back from the foundations) the 5 of
  spades with both red 4s home is safe by the plain rule, yet a win takes the
  4 of hearts back onto it to hold the 3 of clubs: the move home is not
  forced there, and ``solve`` wins the endgame it called unwinnable (found by
  a hostile test: four endgames, each with a winning line replayed here by the
  rules alone, the independent proof that it is won);
* where nothing comes back from the foundations the plain rule stands.
"""

from __future__ import annotations

import attrs
import pytest

from solitaire_core import Move, Position, parse_card, play_move
from solitaire_core.rules.autoplay import is_safe_to_play_home
from solitaire_core.solver import SolveStatus, solve
from solitaire_core.solver.dominance import nothing_comes_back_for
from solitaire_core.variants import Variant, WasteStock, shipped

NINE_ACROSS = shipped.NINE_ACROSS
ONE_PASS = attrs.evolve(
    NINE_ACROSS, name="Nine Across, one pass", stock=WasteStock(recycle_limit=0)
)

# (variant, endgame, a winning line): each line was found by an exhaustive search written
# for the attack, outside the library, and is replayed below by the rules.
WON_ENDGAMES = [
    (
        NINE_ACROSS,
        "|/|/|/|/JC|5CQC2C/|/|/|/| 3CTCAC KC4C 13,13,13,4 0 - 6",
        "fh1 w1 d d wf d fs2 fh2 w2 fh1 fh2 w2 fh5 w5 51:3 fh2 52:1 53:1 5f 2f 1f 2f 1f 2f 1f "
        "2f 1f 2f 1f 2f 1f 2f 3f",
    ),
    (
        NINE_ACROSS,
        "|AD/|TD/|7D/|6D/|8D/|QD/|5D3D/|9D/|JD4DKD - 2D 13,13,0,13 0 - 6",
        "4f 3f 5f 8f 2f fs2 fh3 fs3 fh2 fs2 w2 fs7 fs2 92:1 29:4 2f 92:5 9f 6f 2f 1f 2f 2f 7f "
        "2f 3f 3f 7f 2f 2f 7f",
    ),
    (
        ONE_PASS,
        "|AH/|QH/|/|/|TH/|9H/|/|8H/|5H JH 7H2H6HKH 13,2,13,13 0 - 3",
        "9f fs3 fd4 fs4 w4 wf w7 wf 8f 6f 5f 47:2 4f d wf 2f 7f 1f 7f 3f 7f",
    ),
    (
        ONE_PASS,
        "|9D/|JD/|AD/|/|3D/|KD/|8D/|QD/| - 2D7DTD 13,13,3,13 0 - 4",
        "fs4 fs5 fh9 fh4 fs4 fs3 fs6 fs8 w8 wf 7f 1f 8f 2f 8f 6f 3f 4f 4f 5f 4f 8f 6f 3f wf 5f 9f",
    ),
]


@pytest.mark.parametrize(("variant", "text", "line"), WON_ENDGAMES)
def test_endgames_won_by_taking_cards_back_are_solved(
    variant: Variant, text: str, line: str
) -> None:
    start = Position.from_text(text)
    end = start
    for move in line.split():
        end = play_move(variant, end, Move.parse(move))
    assert end.is_won  # the independent proof: won by the rules
    result = solve(variant, start, max_positions=50_000)
    assert result.status is SolveStatus.SOLVED  # it answered unwinnable before


def test_a_card_safe_by_the_plain_rule_is_not_forced_home_where_cards_come_back() -> None:
    # The first endgame after "fh1 w1 d d wf d fs2": the 5H taken back into column 1 with
    # the 4C on it, the 5S taken back into column 2; the hearts' top is now the 4H.
    position = Position.from_text(WON_ENDGAMES[0][1])
    for move in ["fh1", "w1", "d", "d", "wf", "d", "fs2"]:
        position = play_move(NINE_ACROSS, position, Move.parse(move))
    five = parse_card("5S")
    assert position.tableau[1] == (five,)
    assert is_safe_to_play_home(NINE_ACROSS, position, five)  # both red 4s are home
    assert not nothing_comes_back_for(NINE_ACROSS, position, five)  # the 4H comes back
    # Where nothing comes back, the rule's question is not asked (the plain rule stands).
    assert not attrs.evolve(NINE_ACROSS, foundation_takeback=False).foundation_takeback


def test_with_every_card_below_and_built_below_home_nothing_comes_back() -> None:
    # Klondike's foundations from the Ace (only the cards that matter are placed): the 3S
    # with the Aces and 2s all home (the cards of its suit below it, and every card that
    # could be built on it or on those).
    klondike = shipped.KLONDIKE
    position = Position(((parse_card("3S"),),) + ((),) * 6, (0,) * 7, (), (), (2, 2, 2, 2), 0)
    assert nothing_comes_back_for(klondike, position, parse_card("3S"))
    lower = attrs.evolve(position, foundations=(2, 1, 2, 2))  # the 2H is out
    assert not nothing_comes_back_for(klondike, lower, parse_card("3S"))
