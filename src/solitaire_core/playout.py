"""Uniformly random playouts: statistics for users, a check and a stopwatch for engines.

What ``solitaire-core playout`` runs. Everything is fixed by one seed, and is
portable (SplitMix64, as deal codes use; no ``random`` module), so any program
can reproduce the totals exactly:

1. ``deals = SplitMix64(seed)``; its first output seeds a second generator,
   ``choices = SplitMix64(deals.next())``.
2. For each game in turn, the deal number is ``deals.bounded(26**7)`` (the deal
   numbers of deal codes; ``deals`` is used for nothing else, so game ``i``
   always has the same deal whatever the number of games or the moves), and
   the game starts from that deal's opening position under the variant.
3. Until the game is won, no move is legal, or ``max_actions`` actions have
   been played: ``moves = legal_moves(variant, position)`` (the generator's
   documented order, draws and recycles included) and the move played is
   ``moves[choices.bounded(len(moves))]``. (The games are played on a
   :class:`~solitaire_core.rules.board.Board`, which gives the same moves.)

Every move counts as one action (a draw, a recycle, a column move of any number
of cards); a game is won when all 52 cards are home.

>>> from solitaire_core.variants import KLONDIKE
>>> run_playouts(KLONDIKE, games=3, seed=1, max_actions=50)
PlayoutTotals(games=3, actions=150, wins=0)
>>> playout_deals(seed=1, games=3) == playout_deals(seed=1, games=5)[:3]
True
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator
from typing import Any

import attrs

from solitaire_core._deprecated import warn_moved
from solitaire_core.codes import DEAL_NUMBER_LIMIT
from solitaire_core.deal import deal_position
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.limits import MAX_COUNT
from solitaire_core.rules.board import Board
from solitaire_core.shuffle import DEAL_NUMBER_BOUND, SplitMix64
from solitaire_core.variants import Variant

DEFAULT_MAX_ACTIONS = 500
"""The default cap on actions per game (the benchmarks use it too)."""


@attrs.frozen
class PlayoutTotals:
    """What a batch of playouts added up to.

    Attributes:
        games: games played.
        actions: moves played in all of them (draws and recycles included).
        wins: games that ended with all 52 cards on the foundations.
    """

    games: int
    actions: int
    wins: int


def _require_int(name: str, value: int, low: int, high: int | None = None) -> None:
    if type(value) is not int or value < low or (high is not None and value >= high):
        bound = f"{low} <= {name}" + (f" < {high}" if high is not None else "")
        kind = "" if type(value) is int else f" of type {type(value).__name__}"
        raise InvalidArgumentError(f"{name} must be an int with {bound}, got {value!r}{kind}")


def require_seed(seed: int) -> int:
    """``seed`` if it is an int ``0 <= seed < 2**64``: a seed of playouts, deals or the hard AI.

    Raises:
        InvalidArgumentError: (a ``ValueError``) naming the seed otherwise (a
            ``bool`` is no seed).
    """
    _require_int("seed", seed, 0, DEAL_NUMBER_BOUND)
    return seed


def deal_numbers(seed: int) -> Iterator[int]:
    """The deal numbers drawn from ``seed`` (step 2 of the module docs), endlessly.

    The playouts of ``seed`` play them in order; so does
    :func:`~solitaire_core.catalogue.winnable.pick_winnable_deal`. Each is
    ``0 <= n < 26**7``, a deal number of the deal codes.

    Raises:
        InvalidArgumentError: if ``seed`` is not an int ``0 <= seed < 2**64``
            (at once, not when the first number is drawn).
    """
    require_seed(seed)
    deals = SplitMix64(seed)
    deals.next()  # the seed of the move choices
    return iter(functools.partial(deals.bounded, DEAL_NUMBER_LIMIT), None)


def playout_deals(*, seed: int, games: int) -> tuple[int, ...]:
    """The deal numbers of the first ``games`` playouts for ``seed``, first game first.

    Raises:
        InvalidArgumentError: if ``seed`` is not ``0 <= seed < 2**64`` or
            ``games`` is negative.
    """
    numbers = deal_numbers(seed)
    _require_int("games", games, 0, MAX_COUNT + 1)
    return tuple(itertools.islice(numbers, games))


def run_playouts(
    variant: Variant, *, games: int, seed: int, max_actions: int = DEFAULT_MAX_ACTIONS
) -> PlayoutTotals:
    """Play ``games`` uniformly random games (see the module docs for the exact procedure).

    Args:
        variant: the rules, shipped or custom.
        games: how many games, 0 .. 2**63 - 1.
        seed: 0 <= seed < 2**64; fixes the deals and every choice.
        max_actions: the cap on actions per game, >= 0.

    Returns:
        The totals; the same for the same arguments on any machine.

    Raises:
        InvalidArgumentError: for an argument out of its range.
    """
    require_seed(seed)
    _require_int("games", games, 0, MAX_COUNT + 1)
    _require_int("max_actions", max_actions, 0)
    choose = SplitMix64(SplitMix64(seed).next()).bounded
    actions = wins = 0
    for deal_number in itertools.islice(deal_numbers(seed), games):
        board = Board(variant, deal_position(variant, deal_number))
        for _ in range(max_actions):
            moves = board.legal_moves()
            if not moves:
                break
            board.play(moves[choose(len(moves))])
            actions += 1
        wins += board.is_won
    return PlayoutTotals(games, actions, wins)


def __getattr__(name: str) -> Any:
    """``check_seed``: now :func:`require_seed` (a deprecated alias that warns)."""
    if name == "check_seed":
        warn_moved(f"{__name__}.check_seed", f"{__name__}.require_seed")
        return require_seed
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
