"""The portable shuffle of deal codes, codec version 1 (RULES.md section 8).

Written so that apps in any language can reproduce a deal bit for bit: a
SplitMix64 generator seeded with the deal number, unbiased bounded integers by
rejection, and a Fisher-Yates shuffle from index 51 down to 1
(:func:`fisher_yates`, which takes any source of bounded draws).

>>> from solitaire_core.cards import card_text
>>> rng = SplitMix64(0)
>>> rng.next()
16294208416658607535
>>> from solitaire_core.cards import card_text
>>> card_text(shuffled_deck(6)[0])
'AD'
"""

from __future__ import annotations

from typing import Any, Final, Protocol

from solitaire_core._deprecated import warn_moved
from solitaire_core.cards import DECK_SIZE, Card
from solitaire_core.errors import InvalidArgumentError

_MASK64: Final = (1 << 64) - 1
_GOLDEN_GAMMA: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB
_TWO64: Final = 1 << 64


class SplitMix64:
    """The SplitMix64 generator (Steele, Lea and Flood, 2014), 64-bit outputs.

    The exact arithmetic is in RULES.md section 8 (step 2); every value is an
    unsigned 64-bit integer held in a Python int.

    Args:
        seed: the initial state, an int 0 <= seed < 2**64 (the deal number);
            a larger int is reduced modulo 2**64.

    Attributes:
        state: the current state, 0 <= state < 2**64.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        """Advance the state and return the next output, an int in [0, 2**64)."""
        self.state = (self.state + _GOLDEN_GAMMA) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        return z ^ (z >> 31)

    def bounded(self, n: int) -> int:
        """Return an unbiased int in [0, n), rejecting outputs >= 2**64 - (2**64 mod n).

        RULES.md section 8, step 3: draws again while the output is at or above
        the largest multiple of ``n`` that fits in 64 bits, then takes it mod ``n``.

        Raises:
            InvalidArgumentError: (a ``ValueError``) if ``n`` is not positive.
        """
        if n <= 0:
            raise InvalidArgumentError(f"bound must be positive, got {n!r}")
        limit = _TWO64 - (_TWO64 % n)
        x = self.next()
        while x >= limit:
            x = self.next()
        return x % n


DEAL_NUMBER_BOUND: Final = 1 << 64
"""Deal numbers are ints ``0 <= n < 2**64`` (deal codes use ``n < 26**7``)."""


def require_deal_number(deal_number: int) -> int:
    """Return ``deal_number`` if it is an int ``0 <= n < 2**64``.

    Raises:
        InvalidArgumentError: otherwise (bools are refused too).
    """
    if type(deal_number) is not int or not 0 <= deal_number < DEAL_NUMBER_BOUND:
        raise InvalidArgumentError(f"a deal number is an int 0 <= n < 2**64, got {deal_number!r}")
    return deal_number


def shuffled_deck(deal_number: int, *, decks: int = 1) -> tuple[Card, ...]:
    """The deck order for a deal number: ``deck[0]`` is dealt first.

    Starts from the indexes ``0 .. 52 * decks - 1`` in order and, for ``i``
    from the last index down to 1, swaps ``deck[i]`` with
    ``deck[bounded(i + 1)]``; index ``i`` stands for the card ``i % 52``
    (AS..KS, AH.., AD.., AC..KC, deck after deck). For one deck this is RULES.md
    section 8 exactly; for more, FAMILY.md section 1.7. The shuffle itself is
    :func:`fisher_yates` with ``SplitMix64(deal_number)``.

    Args:
        deal_number: 0 <= deal_number < 2**64 (deal codes use < 26**7).
        decks: 1, 2 or 3.

    Returns:
        A tuple of ``52 * decks`` cards, ``deck[0]`` dealt first.

    Raises:
        InvalidArgumentError: if the deal number or the deck count is out of range.

    >>> from solitaire_core.cards import card_text
    >>> [card_text(card) for card in shuffled_deck(1, decks=2)[:3]]  # DK1-D1N-AAAAAAB
    ['6D', '7D', 'JS']
    """
    if type(decks) is not int or not 1 <= decks <= 3:
        raise InvalidArgumentError(f"decks must be an int 1..3, got {decks!r}")
    deck = fisher_yates(SplitMix64(require_deal_number(deal_number)), DECK_SIZE * decks)
    return tuple(card % DECK_SIZE for card in deck)


class BoundedSource(Protocol):
    """What :func:`fisher_yates` draws from, such as a :class:`SplitMix64`."""

    def bounded(self, n: int) -> int:
        """Return an int in [0, n) for a bound ``n >= 1``."""
        ...


def fisher_yates(source: BoundedSource, size: int) -> list[int]:
    """Shuffle the indexes ``0 .. size - 1`` with draws from ``source`` (RULES.md 8, step 4).

    Starts from the indexes in order and, for ``i`` from ``size - 1`` down to
    1, swaps ``deck[i]`` with ``deck[source.bounded(i + 1)]``: ``size - 1``
    draws, with the bounds ``size, size - 1, .., 2`` in that order.
    :func:`shuffled_deck` is this with ``SplitMix64(deal_number)``.

    Args:
        source: anything with ``bounded(n)`` returning an int in [0, n).
        size: how many indexes (an int >= 0; 52 per deck for a deal).

    Returns:
        A new list of the ``size`` indexes, shuffled; index 0 is dealt first.

    >>> fisher_yates(SplitMix64(6), 4)
    [1, 3, 2, 0]
    """
    deck = list(range(size))
    for i in range(size - 1, 0, -1):
        j = source.bounded(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def __getattr__(name: str) -> Any:
    """``check_deal_number``: now :func:`require_deal_number` (a deprecated alias that warns)."""
    if name == "check_deal_number":
        warn_moved(f"{__name__}.check_deal_number", f"{__name__}.require_deal_number")
        return require_deal_number
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
