"""A move home is forced only when no card taken back from the foundations could need it.

Contract tested here (solver/dominance.py, :func:`nothing_comes_back_for`):

* in Nine Across (base 6, cards taken back from the foundations) the 5 of
  spades with both red 4s home is safe by the plain rule, yet a win takes the
  4 of hearts back onto it to hold the 3 of clubs: the move home is not
  forced there, and ``solve`` wins the endgame it called unwinnable (found by
  a hostile test: four endgames, each with a winning line replayed here by the
  rules alone, the independent proof that it is won);
* with two decks (Nine Across played with two, the second deck all home, so
  the same endgames) the search that proves losses asks the same of every
  copy, and wins them; the searches that only look for wins keep the plain
  rule (their lines are replayed by the rules);
* where nothing comes back from the foundations the plain rule stands.
"""

from __future__ import annotations

import attrs
import pytest

from solitaire_core import Move, Position, parse_card, play_move
from solitaire_core.rules.autoplay import is_safe_to_play_home
from solitaire_core.solver import SolveResult, SolveStatus, solve, solving
from solitaire_core.solver.dominance import (
    dominant_home_move,
    nothing_comes_back_for,
    proving_forces_fewer,
)
from solitaire_core.solver.search_board import SearchBoard
from solitaire_core.variants import Variant, WasteStock, lookup_variant, shipped

NINE_ACROSS = shipped.NINE_ACROSS
ONE_PASS = attrs.evolve(
    NINE_ACROSS, name="Nine Across, one pass", stock=WasteStock(recycle_limit=0)
)
TWO_DECKS = attrs.evolve(NINE_ACROSS, name="Nine Across, two decks", decks=2)

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
# The first two again with a second deck, all of it home (its four foundations full): the
# plain rule still sends the 5S home at once, and before the proving search asked every
# copy, solve called both unwinnable.
WON_ENDGAMES += [
    (TWO_DECKS, text.replace(" 0 - ", ",13,13,13,13 0 - "), line)
    for _, text, line in WON_ENDGAMES[:2]
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


def test_with_copies_only_the_proving_search_asks_every_copy() -> None:
    # The first two-deck endgame after "fh1 w1 d d wf d fs2": the 5S alone in column 2, both
    # red 4s of each deck home, the 3C of the first deck out (on the 4H it needs back).
    position = Position.from_text(WON_ENDGAMES[4][1])
    for move in ["fh1", "w1", "d", "d", "wf", "d", "fs2"]:
        position = play_move(TWO_DECKS, position, Move.parse(move))
    board = SearchBoard(TWO_DECKS, position)
    moves = board.legal_moves()
    home = dominant_home_move(TWO_DECKS, board, moves, klondike=False, proves=False)
    assert home is not None and str(home) == "2f"  # a search for wins: the plain rule
    assert dominant_home_move(TWO_DECKS, board, moves, klondike=False, proves=True) is None


class _Scripted:
    """A pass answering its turns from a list: (status, positions used, exhausted after)."""

    def __init__(self, answers: list[tuple[SolveStatus, int, bool]]) -> None:
        self.answers, self.calls = answers, list[int]()
        self.exhausted = False

    def advance(self, more: int, seconds: float | None) -> SolveResult:
        assert not self.exhausted and seconds is None
        self.calls.append(more)
        status, used, self.exhausted = self.answers.pop(0)
        assert used <= more
        return SolveResult(status, (), used)


def test_the_proof_runs_once_the_search_for_wins_is_exhausted() -> None:
    # With two decks the complete search is two: the plain rule's (for wins), then the
    # sound rule's (for the proof), which gets what is left of the turn that exhausted the
    # first; the positions of a turn add up over both, and only the second's exhaustion is
    # the pass's.
    first = _Scripted([(SolveStatus.UNKNOWN, 10, False), (SolveStatus.UNKNOWN, 4, True)])
    proving = _Scripted([(SolveStatus.UNKNOWN, 16, False), (SolveStatus.UNWINNABLE, 3, True)])
    complete = solving._ProvedAfter(first, proving)
    assert complete.advance(10, None) == SolveResult(SolveStatus.UNKNOWN, (), 10)
    assert complete.advance(20, None) == SolveResult(SolveStatus.UNKNOWN, (), 4 + 16)
    assert first.exhausted and not complete.exhausted
    assert complete.advance(40, None) == SolveResult(SolveStatus.UNWINNABLE, (), 3)
    assert complete.exhausted
    assert (first.calls, proving.calls) == ([10, 20], [16, 40])
    # A win of the first ends it; so does its last position used.
    won = solving._ProvedAfter(_Scripted([(SolveStatus.SOLVED, 7, False)]), _Scripted([]))
    assert won.advance(10, None).status is SolveStatus.SOLVED
    used_up = _Scripted([(SolveStatus.UNKNOWN, 10, True)])
    assert solving._ProvedAfter(used_up, _Scripted([])).advance(10, None).positions == 10


def test_only_games_of_several_decks_with_take_backs_prove_apart() -> None:
    assert proving_forces_fewer(TWO_DECKS)
    assert proving_forces_fewer(shipped.DOUBLE_KLONDIKE)
    assert not proving_forces_fewer(NINE_ACROSS)  # one deck: the sound rule forces enough
    assert not proving_forces_fewer(lookup_variant("double-yukon"))  # nothing comes back
    # solve's complete pass is then the two searches in turn
    start = Position.from_text(WON_ENDGAMES[4][1])
    assert isinstance(solving._passes(TWO_DECKS, start)[2], solving._ProvedAfter)
    one_deck = Position.from_text(WON_ENDGAMES[0][1])
    assert not isinstance(solving._passes(NINE_ACROSS, one_deck)[2], solving._ProvedAfter)
