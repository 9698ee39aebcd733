"""Choosing in hindsight: the move that wins the most samples, each asked as little as it can be.

The hard AI (:mod:`solitaire_core.solver.hard_ai`) deals samples of the cards the
player cannot see and solves each; :func:`best_in_hindsight` then weighs its
choices over the samples won. An outcome costs a solve (up to thousands of
positions), so it asks as few as give the same answer as asking them all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeVar

S = TypeVar("S")
M = TypeVar("M")


def best_in_hindsight(
    moves: Sequence[M],
    samples: Sequence[tuple[S, M]],
    outcome: Callable[[S, M, M], float],
    *,
    stop: Callable[[], bool] | None = None,
) -> M:
    """The move with the highest score over the samples, the earliest in ``moves`` of equals.

    Args:
        moves: the moves, earliest preferred among equals (at least one).
        samples: each sample with the first move of its known winning line.
        outcome: ``outcome(sample, first, move)``: what playing ``move`` is
            worth in ``sample`` (1 won, 0 lost, between for undecided); 1
            when ``move`` is ``first``, the start of the sample's winning line.
        stop: asked before each outcome and after each move's last one; once
            it says True (the time is up), the best of the moves scored to
            the end is returned (the first move when none was): a move whose
            outcomes were cut short does not count.

    A move's score is the sum of its outcomes over the samples. The moves are
    scored most free outcomes first (the samples whose line starts with the
    move, which cost nothing), then in their order; a move is left as soon as
    it can no longer beat the best so far (a later move must score more, an
    earlier one as much; its remaining samples are not asked), so once a move
    scores in every sample only the earlier moves are asked, each until its
    first sample that it does not win. A move is asked first about the
    samples where the moves scored before it missed most (then in their
    order), its own won samples last, so that it is left sooner. The answer
    is the one that scoring every move in full would give, when an outcome
    does not depend on which were asked before it and ``stop`` never says
    True (for outcomes in halves, as the hard AI's; other fractions may sum
    to a float a hair off in another order).

    >>> table = {("a", "x"): 1.0, ("b", "x"): 0.0, ("a", "y"): 1.0, ("b", "y"): 1.0}
    >>> best_in_hindsight(["x", "y"], [("a", "x"), ("b", "y")], lambda s, f, m: table[s, m])
    'y'
    >>> best_in_hindsight(["x", "y"], [("a", "x"), ("b", "y")], lambda s, f, m: table[s, m],
    ...                   stop=lambda: True)
    'x'
    """
    free = Counter(first for _, first in samples)
    order = sorted(range(len(moves)), key=lambda index: -free[moves[index]])
    lost = [0.0] * len(samples)  # what the moves scored so far missed in each sample
    best, best_index, best_score = moves[0], len(moves), -1.0
    for index in order:
        if best_score >= len(samples) and index > best_index:
            continue  # it cannot beat a move that scores in every sample
        move = moves[index]
        score, left = 0.0, len(samples)
        # the samples where the moves before missed most first (where this one may well
        # miss too, and be left sooner); its own won samples last
        asking = sorted(range(len(samples)), key=lambda k: (samples[k][1] == move, -lost[k]))
        for k in asking:
            if stop is not None and stop():
                return best
            sample, first = samples[k]
            worth = outcome(sample, first, move)
            lost[k] += 1.0 - worth
            score += worth
            left -= 1
            reach = score + left
            if reach < best_score or (reach == best_score and index > best_index):
                break  # it cannot beat the best any more
        if stop is not None and stop():  # its last outcome may have been cut short
            return best
        if score > best_score or (score == best_score and index < best_index):
            best, best_index, best_score = move, index, score
    return best


__all__ = ["best_in_hindsight"]
