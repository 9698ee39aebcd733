"""The one registry of variants: by key, by deal-code header, and back.

Every variant that has a name in save files, the CLI and deal codes is
registered once, under a stable **key** (``"klondike-draw3"``, ``"yukon"``:
which the variant reports as its :attr:`~solitaire_core.variants.Variant.key`),
with its **aliases**. A variant with a ``code_prefix`` also answers for a deal-code
header (:class:`~solitaire_core.variants.identity.CodeHeader`): its prefix,
its draw count (``0`` without a waste) and its scoring letter (``N``, or
``V`` for Vegas). A **family** is the variants that share a prefix; its name
is the key of the first one registered (``"klondike"`` for ``KL``).

>>> lookup_variant("yukon").name, lookup_variant("KL1-D3V").name, lookup_variant("tf").name
('Yukon', 'Klondike Vegas draw 3', 'Réfléchi')
>>> lookup_variant("thoughtful").key, variant_key(lookup_variant("KL1-D1N"))
('reflechi', 'klondike')
>>> str(code_header(lookup_variant("yukon")))
'YU1-D0N'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from solitaire_core.errors import InvalidArgumentError
from solitaire_core.variants import _registered
from solitaire_core.variants.identity import CODE_DRAWS, CodeHeader, is_key, is_prefix
from solitaire_core.variants.shipped import (
    SHIPPED_ALIASES,
    SHIPPED_NAMES,
    SHIPPED_PYSOLFC_IDS,
    SHIPPED_VARIANTS,
)
from solitaire_core.variants.variant import Variant

_BY_KEY: dict[str, Variant] = {}
_ALIASES: dict[str, str] = {}
"""Alias -> the key it stands for."""
_BY_HEADER: dict[CodeHeader, str] = {}
_FAMILY_NAMES: dict[str, str] = {}
_LANGUAGE = re.compile(r"[a-z]{2}")


def scoring_letter(variant: Variant) -> str:
    """The deal-code scoring letter of a variant: its scoring policy's ``code_letter``."""
    return variant.scoring.code_letter


def register_variant(
    key: str,
    variant: Variant,
    *,
    prefix: str | None = None,
    aliases: Iterable[str] = (),
    names: Mapping[str, str] | None = None,
    pysolfc_id: int | None = None,
) -> None:
    """Register a variant under a key (and its deal-code header, if it has a prefix).

    Args:
        key: the stable key: lower-case words of letters and digits joined by
            ``-`` (``"my-klondike"``), not already taken; the variant's own
            its :attr:`~solitaire_core.variants.Variant.key` from now on.
        variant: the variant.
        prefix: the deal-code prefix it answers to; default its ``code_prefix``.
        aliases: more keys :func:`lookup_variant` finds it by (``"thoughtful"``).
        names: the game's name in other languages, by two-letter language
            code (``{"hu": "..."}``; English is the variant's ``name``):
            :func:`variant_names`.
        pysolfc_id: the id of the same game in PySolFC (:func:`pysolfc_id`).

    Raises:
        InvalidArgumentError: for a malformed or taken key or alias, a prefix
            that is not two letters
            A-Z, a header (prefix, draw, scoring) already taken by another
            variant, or a prefixed variant whose draw count is not 1 or 3 (0
            without a waste: FAMILY.md section 1.8), names that are not
            strings by language code, or a PySolFC id that is not an int >= 1
            or is another game's. Nothing is registered then.
    """
    if not isinstance(variant, Variant):
        raise InvalidArgumentError(f"register_variant needs a Variant, got {variant!r}")
    if not is_key(key):
        raise InvalidArgumentError(
            f"a variant key is lower-case letters and digits joined by '-', got {key!r}"
        )
    keys = (key, *aliases)
    for name in keys:
        if not is_key(name):
            raise InvalidArgumentError(
                f"a variant alias is lower-case letters and digits joined by '-', got {name!r}"
            )
        taken = _BY_KEY.get(name) or _BY_KEY.get(_ALIASES.get(name, ""))
        if taken is not None and taken != variant:
            raise InvalidArgumentError(f"variant key {name!r} is already registered")
    header = _header(key, variant, variant.code_prefix if prefix is None else prefix)
    other_names = _require_names(names)
    _require_pysolfc_id(key, pysolfc_id)
    _BY_KEY[key] = variant
    _registered.KEY_OF.setdefault(variant, key)
    for alias in keys[1:]:
        _ALIASES[alias] = key
    known = _registered.ALIASES.get(key, ())
    _registered.ALIASES[key] = (*known, *(alias for alias in keys[1:] if alias not in known))
    if header is not None:
        _BY_HEADER[header] = key
        _FAMILY_NAMES.setdefault(header.prefix, key)
    if other_names:
        _registered.NAMES[key] = {**_registered.NAMES.get(key, {}), **other_names}
    if pysolfc_id is not None:
        _registered.PYSOLFC_IDS[key] = pysolfc_id


def _require_names(names: Mapping[str, str] | None) -> dict[str, str]:
    """The names but English (the variant's own), checked: two-letter codes, non-empty text."""
    if names is None:
        return {}
    if not isinstance(names, Mapping):
        raise InvalidArgumentError(f"names must map language codes to names, got {names!r}")
    checked = {}
    for language, name in names.items():
        if not isinstance(language, str) or _LANGUAGE.fullmatch(language) is None:
            raise InvalidArgumentError(f"a language code is two letters a-z, got {language!r}")
        if not isinstance(name, str) or not name.strip():
            raise InvalidArgumentError(f"the {language} name must be a non-empty str, got {name!r}")
        if language != "en":
            checked[language] = name
    return checked


def _require_pysolfc_id(key: str, pysolfc_id: int | None) -> None:
    if pysolfc_id is None:
        return
    if type(pysolfc_id) is not int or pysolfc_id < 1:
        raise InvalidArgumentError(f"a PySolFC id is an int >= 1, got {pysolfc_id!r}")
    for known, game_id in _registered.PYSOLFC_IDS.items():
        if game_id == pysolfc_id and known != key:
            raise InvalidArgumentError(f"PySolFC id {pysolfc_id} is already {known!r}'s")


def variant_names(variant: Variant) -> dict[str, str]:
    """A variant's name by language code: ``"en"`` (its ``name``) and those registered with it.

    >>> variant_names(lookup_variant("klondike-draw3"))
    {'en': 'Klondike draw 3', 'hu': 'Klondike, 3 lapos húzás'}
    """
    key = _registered.KEY_OF.get(variant)
    others = {} if key is None else _registered.NAMES.get(key, {})
    return {"en": variant.name, **others}


def pysolfc_id(variant: Variant) -> int | None:
    """The id of the same game in PySolFC (``2`` for Klondike), or None.

    >>> pysolfc_id(lookup_variant("yukon")), pysolfc_id(lookup_variant("traditional"))
    (19, None)
    """
    key = _registered.KEY_OF.get(variant)
    return None if key is None else _registered.PYSOLFC_IDS.get(key)


def pysolfc_variant(game_id: int) -> Variant | None:
    """The registered game with this PySolFC id, or None.

    >>> pysolfc_variant(105).name
    'Canfield'
    """
    for key, known in _registered.PYSOLFC_IDS.items():
        if known == game_id:
            return _BY_KEY[key]
    return None


def _header(key: str, variant: Variant, prefix: str | None) -> CodeHeader | None:
    """The deal-code header ``variant`` is to answer for under ``prefix`` (checked), or None."""
    if prefix is None:
        return None
    if not is_prefix(prefix):
        raise InvalidArgumentError(f"a code prefix is two letters A-Z, got {prefix!r}")
    if variant.draw_count not in CODE_DRAWS:
        raise InvalidArgumentError(
            f"deal codes hold a draw of 1 or 3 (0 without a waste), {variant.name!r} "
            f"draws {variant.draw_count}"
        )
    header = CodeHeader(prefix, variant.draw_count, variant.scoring.code_letter)
    taken = _BY_HEADER.get(header)
    if taken is not None and taken != key:
        raise InvalidArgumentError(f"deal-code header {header} is already {taken!r}'s")
    return header


def registered_variants() -> dict[str, Variant]:
    """Every registered variant by key, in registration order (shipped ones first)."""
    return dict(_BY_KEY)


def variant_key(variant: Variant) -> str | None:
    """The key a variant is registered under (the first, if several), or None."""
    return _registered.KEY_OF.get(variant)


def code_header(variant: Variant) -> CodeHeader | None:
    """The deal-code header a registered variant answers for (``KL1-D3N``), or None.

    A :class:`~solitaire_core.variants.identity.CodeHeader`: a tuple
    ``(prefix, draw, scoring letter)`` whose ``str()`` is ``"KL1-D3N"``.
    """
    key = variant_key(variant)
    if key is None:
        return None
    for header, known in _BY_HEADER.items():
        if known == key:
            return header
    return None


def coded_variant(prefix: str, draw: int, letter: str) -> Variant | None:
    """The variant of a deal-code header, or None when none is registered."""
    key = _BY_HEADER.get(CodeHeader(prefix, draw, letter))
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
    """Find a variant by key or alias, by deal-code header or prefix, or by its name.

    Accepted, case and surrounding spaces ignored: a key (``"klondike-draw3"``)
    or an alias (``"thoughtful"``), a header (``"KL1-D3N"``, ``"KL-D3N"``), a
    prefix alone (``"KL"``: the family's first variant, draw 1 Standard for
    Klondike), or the variant's name (``"Klondike draw 3"``).

    Raises:
        InvalidArgumentError: naming the text and the known keys when nothing matches.
    """
    if not isinstance(name, str):
        raise InvalidArgumentError(f"a variant name is a string, got {name!r}")
    text = name.strip()
    lower = text.lower()
    found = _BY_KEY.get(lower) or _BY_KEY.get(_ALIASES.get(lower, ""))
    if found is not None:
        return found
    family = _FAMILY_NAMES.get(text.upper())
    if family is not None:
        return _BY_KEY[family]
    try:
        header = CodeHeader.parse(text)
    except InvalidArgumentError:
        header = None
    coded = None if header is None else coded_variant(*header)
    if coded is not None:
        return coded
    for variant in _BY_KEY.values():
        if variant.name.lower() == text.lower():
            return variant
    known = ", ".join(_BY_KEY)
    raise InvalidArgumentError(f"unknown game {name!r}: known games are {known}")


for _key, _variant in SHIPPED_VARIANTS.items():
    register_variant(
        _key,
        _variant,
        aliases=SHIPPED_ALIASES.get(_key, ()),
        names=SHIPPED_NAMES.get(_key),
        pysolfc_id=SHIPPED_PYSOLFC_IDS.get(_key),
    )

__all__ = [
    "code_header",
    "coded_variant",
    "family_name",
    "family_variants",
    "lookup_variant",
    "prefixes",
    "pysolfc_id",
    "pysolfc_variant",
    "register_variant",
    "registered_variants",
    "scoring_letter",
    "variant_key",
    "variant_names",
]
