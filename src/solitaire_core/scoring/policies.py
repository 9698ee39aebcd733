"""Scoring policies (RULES.md section 7): points per action, the floor, the display.

A scoring policy is a frozen value with four parts:

* :meth:`~ScoringPolicy.points`: a pure rule, the points one move earns in one
  position (before any floor is applied), told how many of the cards it sends
  home already earned their foundation points earlier in the game (RULES.md
  section 7, revised: Standard and Vegas scoring pay a card's foundation
  points on its first arrival only, so taking a card back and sending it home
  again gains nothing);
* ``initial`` and ``floor``: the starting score and the lowest score allowed
  (``None`` for no floor);
* :meth:`~ScoringPolicy.format`: the score as the app shows it;
* its identity: a stable ``name`` (statistics keep a board per game, draw and
  scoring name) and the ``code_letter`` its variants' deal codes end in
  (``"N"``, or ``"V"`` for Vegas: such variants never recycle).

The score after a move is ``max(floor, score + points)`` (no ``max`` without a
floor); :func:`apply_points` does exactly that. Write your own policy by
writing a frozen class with the same attributes and methods, or choose the
parameters of :class:`StandardScoring` (the rule card's scoring is one of them).
A rules file names these classes by their ``rules_name`` (``"standard_scoring"``,
``"vegas_scoring"``) and gives their fields as parameters (docs/rules-files.md).

>>> STANDARD_KLONDIKE.format(625), VEGAS.format(208), VEGAS.format(0), VEGAS.format(-52)
('625', '+$208', '$0', '-$52')
"""

from __future__ import annotations

from typing import ClassVar, Protocol, runtime_checkable

import attrs

from solitaire_core.moves import TO_FOUNDATION_KINDS, Move, MoveKind
from solitaire_core.position import Position, flipped


@runtime_checkable
class ScoringPolicy(Protocol):
    """What a scoring policy provides (see the module docs)."""

    @property
    def initial(self) -> int:
        """The score before the first move (points, or dollars for Vegas)."""
        ...

    @property
    def floor(self) -> int | None:
        """The lowest score allowed, or None for no floor."""
        ...

    @property
    def name(self) -> str:
        """The scoring's stable name: ``"standard"``, ``"vegas"``, ``"rule-card"``, your own.

        Lower-case words joined by ``-``; the statistics keep a board per game,
        draw count and scoring name, so keep a name once games are recorded.
        """
        ...

    @property
    def code_letter(self) -> str:
        """The last letter of its variants' deal codes: ``"N"``, or ``"V"`` for Vegas scoring.

        A ``"V"`` variant never recycles its stock (RULES.md section 7).
        """
        ...

    def points(
        self,
        draw_count: int,
        before: Position,
        move: Move,
        after: Position,
        *,
        repeat_arrivals: int = 0,
    ) -> int:
        """Points earned by ``move`` from ``before`` to ``after``, before the floor.

        Args:
            draw_count: the variant's draw count (1 or 3).
            before: the position before the move.
            move: the legal move played.
            after: the position after it (a flip shows as fewer face-down cards).
            repeat_arrivals: how many of the cards ``move`` sends to a
                foundation have reached a foundation before in this game
                (0 for other moves). The game keeps that count
                (:class:`~solitaire_core.game.Game`); a policy paying
                foundation points once per card leaves these cards out.
        """
        ...

    def format(self, score: int) -> str:
        """The score as displayed, e.g. ``"625"`` or ``"+$208"``."""
        ...


def apply_points(policy: ScoringPolicy, score: int, points: int) -> int:
    """The new score: ``score + points``, clipped at the policy's floor if it has one.

    Args:
        policy: the scoring policy (its ``floor``, or None for no floor).
        score: the score before the move (points, or dollars for Vegas).
        points: what the move earned, :meth:`ScoringPolicy.points`.

    >>> apply_points(STANDARD_KLONDIKE, 15, -100), apply_points(VEGAS, -52, -100)
    (0, -152)
    """
    new = score + points
    floor = policy.floor
    return new if floor is None or new >= floor else floor


_TO_FOUNDATION = TO_FOUNDATION_KINDS
_TO_COLUMN_FROM_PILE = (MoveKind.WASTE_TO_COLUMN, MoveKind.RESERVE_TO_COLUMN)


def _cards_home(move: Move) -> int:
    """Cards a move sends to the foundations: its count (13 for a spider run), else 0."""
    return (move.count or 1) if move.kind in _TO_FOUNDATION else 0


@attrs.frozen
class StandardScoring:
    """Points scoring: Standard ("Normal") of the apps, Windows Standard, the rule card's.

    ``waste_to_column`` (+5) per waste (or reserve) card to a column, +10 per
    card to a foundation, +5 per flip, ``-takeback_penalty`` per foundation
    take-back (0 in the app; 15 in Windows Standard and on the rule card),
    recycle costs: ``recycle_penalty_draw_1`` per recycle in draw 1; in draw 3
    the first ``free_recycles_draw_3`` recycles are free, then
    ``recycle_penalty_draw_3`` each. Never below ``floor`` (0; None on the rule
    card).

    The rule card's scoring (:data:`RULE_CARD_SCORING`, RULES.md section 7) is
    this one with no waste-to-column points, no recycle cost, -15 per card
    taken back, every arrival paid (a take-back and its return cost 5 in all,
    so no first-arrival rule is needed) and **[decision, revised]** no floor
    (the rule card is silent: with a floor at 0, a take-back at a score under
    15 would cost less than 15 and its return would still earn 10, so a
    player could gain points by taking a card back and returning it).

    Attributes:
        recycle_penalty_draw_1: points per recycle in draw 1 (100).
        recycle_penalty_draw_3: points per paid recycle in draw 3 (20).
        free_recycles_draw_3: free recycles in draw 3 (3 for Klondike, 0 for Réfléchi).
        takeback_penalty: points per foundation take-back (0 in the app).
        initial: the score before the first move (0).
        floor: the lowest score (0); a penalty below it is clipped.
        first_arrival_only: pay the +10 of a card only on its first arrival
            on a foundation in a game (RULES.md section 7, revised; True), so
            a take-back and a return gain nothing; False pays every arrival
            (then, with the floor, a take-back at a low score and its return
            gain points, even with a take-back penalty).
        waste_to_column: points per waste or reserve card played to a column (5).
        name: the scoring's stable name (``"standard"``; ``"rule-card"``).
        code_letter: ``"N"``: its variants' deal codes end in N.
    """

    rules_name: ClassVar[str] = "standard_scoring"
    """The policy's name in rules files (docs/rules-files.md)."""

    recycle_penalty_draw_1: int = 100
    recycle_penalty_draw_3: int = 20
    free_recycles_draw_3: int = 3
    takeback_penalty: int = 0
    initial: int = 0
    floor: int | None = 0
    first_arrival_only: bool = True
    waste_to_column: int = 5
    name: str = "standard"
    code_letter: str = attrs.field(default="N", init=False)

    def points(
        self,
        draw_count: int,
        before: Position,
        move: Move,
        after: Position,
        *,
        repeat_arrivals: int = 0,
    ) -> int:
        """See :meth:`ScoringPolicy.points`."""
        kind = move.kind
        points = 5 if flipped(before, after) else 0
        if kind in _TO_FOUNDATION:
            paid = _cards_home(move) - (repeat_arrivals if self.first_arrival_only else 0)
            points += 10 * paid
        elif kind in _TO_COLUMN_FROM_PILE:
            points += self.waste_to_column
        elif kind is MoveKind.FOUNDATION_TO_COLUMN:
            points -= self.takeback_penalty
        elif kind is MoveKind.RECYCLE:
            if draw_count == 1:
                points -= self.recycle_penalty_draw_1
            elif after.recycles > self.free_recycles_draw_3:
                points -= self.recycle_penalty_draw_3
        return points

    def format(self, score: int) -> str:
        """Plain points: ``"625"``."""
        return str(score)


@attrs.frozen
class VegasScoring:
    """Vegas scoring (the Klondike app's rules): ante -52, +5 per card to a foundation, no floor.

    A take-back scores 0 (**[decision]** of RULES.md section 7), and a card
    earns its dollars on its first arrival only (the revised rule), so taking
    a card back and returning it gains nothing. Vegas games never recycle
    (the variant's recycle limit is 0). Shown in dollars.

    Attributes:
        ante: dollars paid at the start (52); the score starts at ``-ante``.
        per_card: dollars per card put on a foundation (5).
        floor: None: a Vegas score has no floor.
        first_arrival_only: pay a card only on its first arrival (True).
        name: ``"vegas"``.
        code_letter: ``"V"``: its variants' deal codes end in V.
    """

    rules_name: ClassVar[str] = "vegas_scoring"
    """The policy's name in rules files (docs/rules-files.md)."""

    ante: int = 52
    per_card: int = 5
    floor: int | None = None
    first_arrival_only: bool = True
    name: str = attrs.field(default="vegas", init=False)
    code_letter: str = attrs.field(default="V", init=False)

    @property
    def initial(self) -> int:
        """The ante, negative: -52 dollars."""
        return -self.ante

    def points(
        self,
        draw_count: int,
        before: Position,
        move: Move,
        after: Position,
        *,
        repeat_arrivals: int = 0,
    ) -> int:
        """See :meth:`ScoringPolicy.points`."""
        repeats = repeat_arrivals if self.first_arrival_only else 0
        return self.per_card * (_cards_home(move) - repeats)

    def format(self, score: int) -> str:
        """Dollars with a sign: ``"+$208"``, ``"$0"``, ``"-$52"``."""
        if score > 0:
            return f"+${score}"
        if score < 0:
            return f"-${-score}"
        return "$0"


STANDARD_KLONDIKE = StandardScoring()
"""Klondike Standard: draw 3 recycles 1-3 free, then -20 each ([decision], Windows)."""
STANDARD_REFLECHI = StandardScoring(free_recycles_draw_3=0)
"""Réfléchi Standard: every recycle costs points (the Réfléchi app's rules)."""
WINDOWS_STANDARD = StandardScoring(takeback_penalty=15)
"""Windows Standard scoring: as Klondike Standard, with -15 per foundation take-back."""
VEGAS = VegasScoring()
"""Vegas scoring, dollars."""
RULE_CARD_SCORING = StandardScoring(
    recycle_penalty_draw_1=0,
    recycle_penalty_draw_3=0,
    free_recycles_draw_3=0,
    takeback_penalty=15,
    floor=None,
    first_arrival_only=False,
    waste_to_column=0,
    name="rule-card",
)
"""The rule card's scoring (RULES.md section 7): see :class:`StandardScoring`."""


def rule_card_scoring(*, initial: int = 0, floor: int | None = None) -> StandardScoring:
    """The rule card's scoring with another start or floor (what ``RuleCardScoring()`` gave).

    Args:
        initial: the score before the first move (0).
        floor: the lowest score, or None (the default) for none.
    """
    return attrs.evolve(RULE_CARD_SCORING, initial=initial, floor=floor)
