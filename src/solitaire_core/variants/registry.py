"""The one registry of variants: by key, by deal-code header, and back.

Every variant that has a name in save files, the CLI and deal codes is
registered once, under a stable **key** (``"klondike-draw3"``, ``"yukon"``).
A variant with a ``code_prefix`` also answers for a deal-code header: its
prefix, its draw count (``0`` without a waste) and its scoring letter (``N``,
or ``V`` for Vegas). A **family** is the variants that share a prefix; its
name is the key of the first one registered (``"klondike"`` for ``KL``).

>>> lookup_variant("yukon").name, lookup_variant("KL1-D3V").name, lookup_variant("tf").name
('Yukon', 'Klondike Vegas draw 3', 'Réfléchi')
>>> variant_key(lookup_variant("KL1-D1N")), code_header(lookup_variant("yukon"))
('klondike', ('YU', 0, 'N'))
"""

from __future__ import annotations

import re
import string
from typing import Final

from solitaire_core.errors import InvalidArgumentError
from solitaire_core.variants.shipped import SHIPPED_VARIANTS
from solitaire_core.variants.variant import Variant

_KEY: Final = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
_HEADER: Final = re.compile(r"([A-Z]{2})(?:1?-D([0-9])([A-Z]))?")

_BY_KEY: dict[str, Variant] = {}
_BY_HEADER: dict[tuple[str, int, str], str] = {}
_FAMILY_NAMES: dict[str, str] = {}


def scoring_letter(variant: Variant) -> str:
    """The deal-code scoring letter of a variant: ``V`` for Vegas scoring, else ``N``."""
    return "V" if variant.vegas else "N"


def register_variant(key: str, variant: Variant, *, prefix: str | None = None) -> None:
    """Register a variant under a key (and its deal-code header, if it has a prefix).

    Args:
        key: the stable key: lower-case words of letters and digits joined by
            ``-`` (``"my-klondike"``), not already taken.
        variant: the variant.
        prefix: the deal-code prefix it answers to; default its ``code_prefix``.

    Raises:
        InvalidArgumentError: for a malformed or taken key, a prefix that is
            not two letters A-Z, a header (prefix, draw, scoring) already
            taken by another variant, or a prefixed variant whose draw count
            is not 1 or 3 (0 without a waste: FAMILY.md section 1.8).
    """
    if not isinstance(variant, Variant):
        raise InvalidArgumentError(f"register_variant needs a Variant, got {variant!r}")
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise InvalidArgumentError(
            f"a variant key is lower-case letters and digits joined by '-', got {key!r}"
        )
    if key in _BY_KEY and _BY_KEY[key] != variant:
        raise InvalidArgumentError(f"variant key {key!r} is already registered")
    prefix = variant.code_prefix if prefix is None else prefix
    header = None
    if prefix is not None:
        if len(prefix) != 2 or any(ch not in string.ascii_uppercase for ch in prefix):
            raise InvalidArgumentError(f"a code prefix is two letters A-Z, got {prefix!r}")
        if variant.draw_count not in (0, 1, 3):
            raise InvalidArgumentError(
                f"deal codes hold a draw of 1 or 3 (0 without a waste), {variant.name!r} "
                f"draws {variant.draw_count}"
            )
        header = (prefix, variant.draw_count, scoring_letter(variant))
        taken = _BY_HEADER.get(header)
        if taken is not None and taken != key:
            raise InvalidArgumentError(
                f"deal-code header {prefix}1-D{header[1]}{header[2]} is already {taken!r}'s"
            )
    _BY_KEY[key] = variant
    if header is not None:
        _BY_HEADER[header] = key
        _FAMILY_NAMES.setdefault(header[0], key)


def registered_variants() -> dict[str, Variant]:
    """Every registered variant by key, in registration order (shipped ones first)."""
    return dict(_BY_KEY)


def variant_key(variant: Variant) -> str | None:
    """The key a variant is registered under (the first, if several), or None."""
    for key, known in _BY_KEY.items():
        if known == variant:
            return key
    return None


def code_header(variant: Variant) -> tuple[str, int, str] | None:
    """The deal-code header of a registered variant: ``(prefix, draw, scoring letter)``, or None."""
    key = variant_key(variant)
    if key is None:
        return None
    for header, known in _BY_HEADER.items():
        if known == key:
            return header
    return None


def coded_variant(prefix: str, draw: int, letter: str) -> Variant | None:
    """The variant of a deal-code header, or None when none is registered."""
    key = _BY_HEADER.get((prefix, draw, letter))
    return None if key is None else _BY_KEY[key]


def family_name(prefix: str) -> str | None:
    """The name of a prefix's family (``"klondike"`` for ``KL``), or None."""
    return _FAMILY_NAMES.get(prefix)


def family_variants(prefix: str) -> dict[tuple[int, str], Variant]:
    """A prefix's variants by ``(draw, scoring letter)``, in registration order."""
    return {
        (draw, letter): _BY_KEY[key]
        for (known, draw, letter), key in _BY_HEADER.items()
        if known == prefix
    }


def prefixes() -> tuple[str, ...]:
    """The registered deal-code prefixes, in registration order (``KL``, ``TF`` first)."""
    return tuple(_FAMILY_NAMES)


def lookup_variant(name: str) -> Variant:
    """Find a variant by key, by deal-code header or prefix, or by its name.

    Accepted, case and surrounding spaces ignored: a key (``"klondike-draw3"``),
    a header (``"KL1-D3N"``, ``"KL-D3N"``), a prefix alone (``"KL"``: the
    family's first variant, draw 1 Standard for Klondike), or the variant's
    name (``"Klondike draw 3"``).

    Raises:
        InvalidArgumentError: naming the text and the known keys when nothing matches.
    """
    if not isinstance(name, str):
        raise InvalidArgumentError(f"a variant name is a string, got {name!r}")
    text = name.strip()
    found = _BY_KEY.get(text.lower())
    if found is not None:
        return found
    match = _HEADER.fullmatch(text.upper())
    if match is not None:
        prefix, draw, letter = match.groups()
        if draw is None:
            family = _FAMILY_NAMES.get(prefix)
            if family is not None:
                return _BY_KEY[family]
        else:
            coded = coded_variant(prefix, int(draw), letter)
            if coded is not None:
                return coded
    for variant in _BY_KEY.values():
        if variant.name.lower() == text.lower():
            return variant
    known = ", ".join(_BY_KEY)
    raise InvalidArgumentError(f"unknown game {name!r}: known games are {known}")


for _key, _variant in SHIPPED_VARIANTS.items():
    register_variant(_key, _variant)

__all__ = [
    "code_header",
    "coded_variant",
    "family_name",
    "family_variants",
    "lookup_variant",
    "prefixes",
    "register_variant",
    "registered_variants",
    "scoring_letter",
    "variant_key",
]
