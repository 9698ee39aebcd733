"""The Wilson score interval of a proportion: a winnable fraction measured on a sample of deals."""

from __future__ import annotations

import math
from typing import Final

from solitaire_core.errors import InvalidArgumentError

Z_95: Final = 1.96
"""The normal quantile of a two-sided 95% interval."""


def wilson_interval(successes: int, total: int, *, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``total`` (95% by default).

    With ``p = successes / total`` and ``n = total``, the interval is
    ``(p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)``; unlike the
    normal approximation it stays inside 0..1 and is sound for p near 0 or 1
    and for small samples.

    Args:
        successes: the successes (an int, 0..total).
        total: the trials (an int >= 0).
        z: the normal quantile (1.96 for 95%; > 0).

    Returns:
        ``(low, high)``, fractions with ``0 <= low <= p <= high <= 1``;
        ``(0.0, 1.0)`` for no trials (nothing is known).

    Raises:
        InvalidArgumentError: (a ``ValueError``) for counts that are not ints
            with ``0 <= successes <= total``, or a ``z`` that is not > 0.

    >>> low, high = wilson_interval(8, 10)
    >>> round(low, 4), round(high, 4)
    (0.4902, 0.9433)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    for name, value in (("successes", successes), ("total", total)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidArgumentError(f"{name} must be an int, got {value!r}")
    if not 0 <= successes <= total:
        raise InvalidArgumentError(f"successes must be 0..total, got {successes!r} of {total!r}")
    if not (isinstance(z, int | float) and math.isfinite(z) and z > 0):
        raise InvalidArgumentError(f"z must be a number > 0, got {z!r}")
    if not total:
        return (0.0, 1.0)
    p = successes / total
    square = z * z
    denominator = 1 + square / total
    centre = (p + square / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + square / (4 * total * total)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))
