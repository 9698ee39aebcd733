"""A game's score bookkeeping: the score after each move, each card's points earned once.

RULES.md section 7, as revised: a card earns its foundation points only on its
first arrival in a game (with several decks, each copy once), where the scoring
policy says so. A game keeps, after every move, the most copies of each card
that have lain on the foundations at once so far (its marks, one byte per card
0..51); an arrival above a card's mark is a first arrival, any other a repeat.
"""

from __future__ import annotations

from typing import Final

from solitaire_core.cards import Card
from solitaire_core.moves import TO_FOUNDATION_KINDS, Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.scoring import apply_points
from solitaire_core.variants import Variant

NO_ARRIVALS: Final = bytes(52)
"""The marks of a game before its first move: no card has been on a foundation."""


def score_move(
    variant: Variant,
    before: Position,
    move: Move,
    after: Position,
    *,
    score: int,
    marks: bytes,
    first_arrivals_only: bool,
) -> tuple[int, bytes]:
    """The score after a legal move, and the first-arrival marks after it.

    Args:
        variant: the game's rules and scoring policy (``variant.scoring``).
        before: the position the move is played on.
        move: the move.
        after: the position it leaves.
        score: the score before the move (points, or dollars in Vegas).
        marks: the first-arrival marks before the move (see the module docs).
        first_arrivals_only: False to score every arrival alike, as saves made
            before the scoring revision were scored.

    Returns:
        The new score, with the policy's floor applied
        (:func:`~solitaire_core.scoring.apply_points`), and the new marks.
    """
    repeats = 0
    if move.kind in TO_FOUNDATION_KINDS:
        marks, repeats = _arrive(marks, _cards_sent_home(before, move), after)
    if not first_arrivals_only:
        repeats = 0
    points = variant.scoring.points(
        variant.draw_count, before, move, after, repeat_arrivals=repeats
    )
    return apply_points(variant.scoring, score, points), marks


def _cards_sent_home(before: Position, move: Move) -> tuple[Card, ...]:
    """The cards a move to a foundation takes there (one, or a spider's run)."""
    kind = move.kind
    if kind is MoveKind.WASTE_TO_FOUNDATION:
        return before.waste[-1:]
    if kind is MoveKind.RESERVE_TO_FOUNDATION:
        return before.reserve[-1:]
    assert move.source is not None and move.count is not None
    return before.tableau[move.source][-move.count :]


def _arrive(marks: bytes, cards: tuple[Card, ...], after: Position) -> tuple[bytes, int]:
    """Score the cards' arrival on the foundations; returns the new marks and the repeats.

    ``marks[card]`` is the most copies of ``card`` that have lain on the
    foundations at once so far in the game. An arrival that takes the copies
    of a card on the foundations above its mark is a first arrival (and raises
    the mark); any other arrival is a repeat: a card taken back and returned,
    in one deck or several (RULES.md section 7, revised: a card earns its
    foundation points once per game).
    """
    counts = bytearray(marks)
    repeats = 0
    slots = range(len(after.foundations))
    for card in set(cards):
        suit = card // 13
        home = sum(card in after.foundation_cards(slot) for slot in slots if slot % 4 == suit)
        if home > counts[card]:
            counts[card] = home
        else:
            repeats += cards.count(card)
    return bytes(counts), repeats


__all__ = ["NO_ARRIVALS", "score_move"]
