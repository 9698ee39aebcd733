"""Winning lines made shorter: a move that reaches a later position of the line skips the rest.

The complete depth-first search (:mod:`solitaire_core.solver.solving`) proves a
deal winnable with the first line it finds, and in the games where cards move
freely between columns (Yukon's kin, the games of two and three decks) that line
can wander: shifting cards from column to column for thousands of moves before
it goes on. Played by a person, or by the computer move by move
(:meth:`Game.play_hints <solitaire_core.game.Game.play_hints>`), such a line
looks aimless and may run past any sensible number of moves: a Roslin position
with every card known got a line of 6,053 moves.

:func:`shorten_line` walks the line from its start and, at each position, plays
instead the legal move that lands furthest ahead on the line, when one lands
beyond the next position; then it goes on from there. Every position of the
shortened line is one of the original line's, so it wins whenever the line
does, avoids every board the line avoided, and never gets longer (a loop
back to a position already on the line goes too). It is greedy:
it does not look for the shortest line (that would be another search), only
cuts the detours a single move skips. That Roslin line became 1,049 moves (a
tenth of a second of the compiled build). A second pass never cuts more: each
position it would visit was visited by the first, with every later position of
the line as a candidate.
"""

from __future__ import annotations

from collections.abc import Iterable

from solitaire_core.moves import Move
from solitaire_core.position import Position
from solitaire_core.rules import legal_moves
from solitaire_core.rules.apply import apply_move, play_move
from solitaire_core.rules.positions import require_position
from solitaire_core.solver.result import require_rules_and_position
from solitaire_core.variants import Variant


def shorten_line(variant: Variant, position: Position, moves: Iterable[Move]) -> tuple[Move, ...]:
    """``moves`` from ``position`` with the detours one move can skip cut out.

    Args:
        variant: the rules.
        position: where the line starts (every card known, as the solver sees it).
        moves: the line, first move first; each must be legal where it is played.

    Returns:
        A line from ``position`` to the same final position, no longer than
        ``moves``, whose positions are all positions of ``moves``' line (so it
        wins when ``moves`` wins, and reaches no board ``moves`` does not).
        The same line when nothing can be cut.

    Raises:
        InvalidArgumentError: (a ``ValueError``) when ``variant`` is not a
            :class:`~solitaire_core.variants.Variant` or ``position`` not a
            :class:`~solitaire_core.position.Position`, or a move names a
            column the position does not have.
        PositionParseError: (a ``ValueError``) for a position ``variant``
            cannot hold (:func:`~solitaire_core.rules.positions.require_position`).
        IllegalMoveError: when a move of ``moves`` is not legal where it is
            played (:func:`~solitaire_core.rules.apply.play_move`), naming
            the rule it breaks.

    >>> from solitaire_core.deal import deal_code_position
    >>> from solitaire_core.moves import Move
    >>> from solitaire_core.variants import KLONDIKE
    >>> opening = deal_code_position("KL1-D1N-AAAAAAB")
    >>> detour = [Move.parse(text) for text in ("17:1", "51:1", "54:1", "4f")]
    >>> [str(move) for move in shorten_line(KLONDIKE, opening, detour)]  # straight home
    ['17:1', '51:1', '5f']
    """
    require_position(variant, require_rules_and_position(variant, position))
    moves = tuple(moves)
    line = [position]
    for move in moves:
        line.append(play_move(variant, line[-1], move))
    furthest = {board: index for index, board in enumerate(line)}
    shortened: list[Move] = []
    index = 0
    while (index := furthest[line[index]]) < len(moves):  # a loop back to a board: skipped
        reach, chosen = index + 1, moves[index]
        for move in legal_moves(variant, line[index]):
            landing = furthest.get(apply_move(variant, line[index], move), -1)
            if landing > reach:
                reach, chosen = landing, move
        shortened.append(chosen)
        index = reach
    return tuple(shortened)


__all__ = ["shorten_line"]
