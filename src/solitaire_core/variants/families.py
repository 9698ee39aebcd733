"""Deal-code families: the variants that share a prefix, and registering a program's own.

A **family** is every registered variant whose deal codes start with one
two-letter prefix (``KL``: Klondike draw 1 and 3, Standard and Vegas); the
header of a code (:class:`~solitaire_core.variants.identity.CodeHeader`)
picks one of them by its draw count and scoring letter.

>>> family = family_of("KL")
>>> family.name, sorted((draw, scoring.letter) for draw, scoring in family.variants)
('klondike', [(1, 'N'), (1, 'V'), (3, 'N'), (3, 'V')])
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from solitaire_core.errors import DealCodeError, InvalidArgumentError
from solitaire_core.variants.identity import CODE_DRAWS, CodeHeader, Scoring, is_prefix
from solitaire_core.variants.registry import (
    family_name,
    family_variants,
    prefixes,
    register_variant,
)
from solitaire_core.variants.variant import Variant


@attrs.frozen
class VariantFamily:
    """A deal-code prefix and the variant each draw count and scoring selects.

    Attributes:
        prefix: two upper-case letters, e.g. ``"KL"``.
        name: the family's stable name in JSON output, e.g. ``"klondike"``.
        variants: the variant for each ``(draw, scoring)`` the family supports.
    """

    prefix: str
    name: str
    variants: Mapping[tuple[int, Scoring], Variant]


def family_of(prefix: str) -> VariantFamily:
    """The registered family of a prefix (see :mod:`solitaire_core.variants.registry`).

    Raises:
        DealCodeError: for a prefix no variant is registered under.
    """
    name = family_name(prefix)
    if name is None:
        known = ", ".join(prefixes())
        raise DealCodeError(prefix, "variant", 0, f"unknown prefix {prefix!r} ({known})")
    variants = {
        (draw, CodeHeader(prefix, draw, letter).scoring): variant
        for (draw, letter), variant in family_variants(prefix).items()
    }
    return VariantFamily(prefix, name, variants)


def register_code_prefix(
    prefix: str, name: str, variants: Mapping[tuple[int, Scoring], Variant]
) -> VariantFamily:
    """Register a two-letter deal-code prefix for a custom variant family.

    Each variant is registered in :mod:`~solitaire_core.variants.registry`:
    the first under the key ``name``, the others under
    ``name-d<draw><scoring letter>`` (e.g. ``my-game-d3n``).

    Args:
        prefix: two letters A-Z (stored upper case), not already registered.
        name: the family's name in JSON output (a registry key).
        variants: the variant for each supported ``(draw, scoring)``; the draw
            must be the variant's draw count, 1 or 3 (0 without a waste), and
            the scoring must match its scoring policy's code letter.

    Returns:
        The registered family.

    Raises:
        DealCodeError: if the prefix is not two letters or is already taken,
            a draw is not 1 or 3 (0 without a waste), or a variant does not
            match its draw or scoring; nothing is registered then.
    """
    upper = prefix.strip().upper()
    if not is_prefix(upper):
        raise DealCodeError(prefix, "variant", 0, "a prefix is two letters A-Z")
    if family_name(upper) is not None:
        raise DealCodeError(prefix, "variant", 0, f"prefix {upper!r} is already registered")
    entries = []
    for index, ((draw, scoring), variant) in enumerate(variants.items()):
        if type(draw) is not int or draw not in CODE_DRAWS:
            raise DealCodeError(
                prefix, "draw", None, f"draw must be 1 or 3 (0 without a waste), got {draw!r}"
            )
        if variant.draw_count != draw or variant.scoring.code_letter != scoring.letter:
            raise DealCodeError(
                prefix,
                "variant",
                None,
                f"variant {variant.name!r} (draw {variant.draw_count}, scoring letter "
                f"{variant.scoring.code_letter}) does not match draw {draw} with "
                f"{scoring.value} scoring",
            )
        key = name if index == 0 else f"{name}-d{draw}{scoring.letter.lower()}"
        entries.append((key, variant))
    try:
        for key, variant in entries:
            register_variant(key, variant, prefix=upper)
    except InvalidArgumentError as error:
        raise DealCodeError(prefix, "variant", None, str(error)) from None
    return family_of(upper)


def registered_prefixes() -> tuple[str, ...]:
    """The registered deal-code prefixes, in registration order (``KL``, ``TF`` first)."""
    return prefixes()


__all__ = ["VariantFamily", "family_of", "register_code_prefix", "registered_prefixes"]
