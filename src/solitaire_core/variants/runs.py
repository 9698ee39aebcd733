"""Where a run starts in a pile: the loop of the group policies, compiled in the compiled build.

A pile is a sequence of cards, bottom first (its last card is its top); a
run is a stretch of face-up cards at its top each of which continues the one
under it by a table ``fits[under * 52 + card]`` (the building table, or a
same-suit table). Compiled with mypyc in the compiled build
(:data:`solitaire_core.BUILD`), as the move generator asks it for every column.

>>> fits = [False] * 52 * 52
>>> fits[12 * 52 + 11] = fits[11 * 52 + 10] = True  # KS <- QS <- JS
>>> run_start((5, 12, 11, 10), 1, fits), run_start((5, 12, 11, 10), 3, fits)
(1, 3)
>>> run_start((5,), 1, fits)  # the top card face down: no run
1
"""

from __future__ import annotations

from collections.abc import Sequence

from solitaire_core.cards import Card


def run_start(pile: Sequence[Card], face_down: int, fits: Sequence[bool]) -> int:
    """The lowest index from which ``pile`` is a run by the table ``fits[under * 52 + card]``.

    Args:
        pile: the cards, bottom first (0-based indexes; the top is the last).
        face_down: how many cards at the bottom are face down (never in a run).
        fits: 52 * 52 booleans, ``fits[under * 52 + card]`` when ``card`` may
            lie on ``under`` in a run.

    Returns:
        The index of the run's lowest card (the top card's index for a run of
        one), or ``len(pile)`` when the top card is face down or the pile is empty.
    """
    i = len(pile) - 1
    if i < face_down:
        return len(pile)
    while i > face_down and fits[pile[i - 1] * 52 + pile[i]]:
        i -= 1
    return i


__all__ = ["run_start"]
