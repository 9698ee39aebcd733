"""The random number generators behind PySolFC's game numbers.

PySolFC (and the ``pysol-cards`` package that reproduces its deals) shuffles
with one of two generators, chosen by the game number:

* numbers 1 .. 32000, and ``ms`` numbers (``"ms123456"``): the Microsoft
  FreeCell linear congruential generator (:class:`MicrosoftRandom`, PySolFC's
  ``LCRandom31``);
* numbers above 32000: the Mersenne Twister MT19937 seeded as CPython's
  ``random.Random(number)`` seeds it (:class:`MersenneTwister`, PySolFC's
  ``MTRandom``).

Both are written out here (no :mod:`random`), so the deals do not depend on the
Python version and can be ported. Sources: ``pysol_cards/random.py`` and
``random_base.py`` (pysol-cards 0.24); M. Matsumoto and T. Nishimura,
"Mersenne Twister", ACM TOMACS 8(1), 1998 (``init_by_array``, ``genrand_res53``).

>>> rng = MicrosoftRandom(1)
>>> [rng.next() for _ in range(3)]
[41, 18467, 6334]
>>> MersenneTwister(0).random()  # as random.Random(0).random()
0.8444218515250481
"""

from __future__ import annotations

from typing import Final

from solitaire_core.errors import InvalidArgumentError

_MASK32: Final = 0xFFFFFFFF
_N: Final = 624
_M: Final = 397
MS_SEED_LIMIT: Final = 1 << 33
"""Microsoft-generator seeds are 1 .. 2**33 - 1 (as PySolFC's ``LCRandom31``)."""


class MicrosoftRandom:
    """The Microsoft C runtime / FreeCell generator, as PySolFC's ``LCRandom31``.

    State ``x`` (33 bits kept): ``x = (x * 214013 + 2531011) mod 2**33``. For
    seeds below 2**32 an output is bits 16..30 of ``x`` (0 .. 32767), with bit
    15 set for seeds of 2**31 and above; for seeds 2**32 and above (started at
    ``seed - 2**32``) it is bits 16..31 plus 1.

    Args:
        seed: 1 .. 2**33 - 1.

    Raises:
        InvalidArgumentError: for a seed out of range.
    """

    __slots__ = ("seed", "state")

    def __init__(self, seed: int) -> None:
        if type(seed) is not int or not 1 <= seed < MS_SEED_LIMIT:
            raise InvalidArgumentError(f"a Microsoft deal seed is 1 .. 2**33 - 1, got {seed!r}")
        self.seed = seed
        self.state = seed if seed < 1 << 32 else seed - (1 << 32)

    def next(self) -> int:
        """The next output, an int 0 .. 65536 (0 .. 32767 for seeds below 2**31)."""
        self.state = (self.state * 214013 + 2531011) & (MS_SEED_LIMIT - 1)
        if self.seed < 1 << 32:
            value = (self.state >> 16) & 0x7FFF
            return value | 0x8000 if self.seed >= 1 << 31 else value
        return ((self.state >> 16) & 0xFFFF) + 1

    def below(self, bound: int) -> int:
        """An int in [0, bound): ``next() % bound`` (PySolFC's ``randint(0, bound - 1)``)."""
        return self.next() % bound


class MersenneTwister:
    """MT19937 seeded like CPython's ``random.Random(seed)`` for an int seed.

    The seed's absolute value is cut into 32-bit words, least significant
    first (``[0]`` for 0), and fed to ``init_by_array``.

    Args:
        seed: an int (its absolute value is used).
    """

    __slots__ = ("index", "state")

    def __init__(self, seed: int) -> None:
        if type(seed) is not int:
            raise InvalidArgumentError(f"a Mersenne Twister seed is an int, got {seed!r}")
        number = abs(seed)
        key = []
        while True:
            key.append(number & _MASK32)
            number >>= 32
            if not number:
                break
        self.state = self._init_by_array(key)
        self.index = _N

    @staticmethod
    def _init_genrand(seed: int) -> list[int]:
        state = [seed & _MASK32]
        for i in range(1, _N):
            previous = state[i - 1]
            state.append((1812433253 * (previous ^ (previous >> 30)) + i) & _MASK32)
        return state

    @classmethod
    def _init_by_array(cls, key: list[int]) -> list[int]:
        state = cls._init_genrand(19650218)
        i, j = 1, 0
        for _ in range(max(_N, len(key))):
            previous = state[i - 1]
            state[i] = (
                (state[i] ^ ((previous ^ (previous >> 30)) * 1664525)) + key[j] + j
            ) & _MASK32
            i += 1
            j += 1
            if i >= _N:
                state[0] = state[_N - 1]
                i = 1
            if j >= len(key):
                j = 0
        for _ in range(_N - 1):
            previous = state[i - 1]
            state[i] = ((state[i] ^ ((previous ^ (previous >> 30)) * 1566083941)) - i) & _MASK32
            i += 1
            if i >= _N:
                state[0] = state[_N - 1]
                i = 1
        state[0] = 0x80000000
        return state

    def _twist(self) -> None:
        state = self.state
        for k in range(_N):
            y = (state[k] & 0x80000000) | (state[(k + 1) % _N] & 0x7FFFFFFF)
            state[k] = state[(k + _M) % _N] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        self.index = 0

    def next32(self) -> int:
        """The next 32-bit output, an int 0 .. 2**32 - 1 (tempered)."""
        if self.index >= _N:
            self._twist()
        y = self.state[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits (``genrand_res53``, CPython's ``random()``)."""
        high = self.next32() >> 5
        low = self.next32() >> 6
        return (high * 67108864.0 + low) * (1.0 / 9007199254740992.0)

    def below(self, bound: int) -> int:
        """An int in [0, bound): ``int(random() * bound)`` in double precision, as PySolFC."""
        return int(self.random() * bound)
