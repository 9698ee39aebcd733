"""Deal codes such as ``KL1-D1N-AAAAAAG`` (RULES.md section 8).

A code names a variant family (two letters), the codec version (``1``), the
draw count, the scoring system and a deal number (7 letters, base 26, ``A`` = 0,
most significant first). The same deal number gives the same cards whatever
the variant, draw or scoring.

>>> code = DealCode.parse("  kl1-d1n-aaaaaag ")
>>> str(code), code.deal_number, code.draw, code.scoring
('KL1-D1N-AAAAAAG', 6, 1, <Scoring.STANDARD: 'standard'>)
>>> str(DealCode("TF", draw=3, scoring=Scoring.STANDARD, deal_number=1))
'TF1-D3N-AAAAAAB'
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from enum import StrEnum
from typing import Final

import attrs

from solitaire_core.errors import DealCodeError
from solitaire_core.variants import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    KLONDIKE_VEGAS,
    KLONDIKE_VEGAS_DRAW_3,
    REFLECHI,
    REFLECHI_DRAW_3,
    Variant,
)

CODEC_VERSION: Final = 1
DEAL_NUMBER_LETTERS: Final = 7
DEAL_NUMBER_LIMIT: Final = 26**DEAL_NUMBER_LETTERS
"""Deal numbers run from 0 to ``DEAL_NUMBER_LIMIT - 1`` = 8,031,810,175."""
_CODE_LENGTH: Final = 15
_DRAWS: Final = (1, 3)


class Scoring(StrEnum):
    """The scoring system named by a code's last letter (RULES.md section 7)."""

    STANDARD = "standard"
    """Standard ("Normal") scoring, letter ``N``."""
    VEGAS = "vegas"
    """Vegas scoring, letter ``V`` (Klondike only)."""

    @property
    def letter(self) -> str:
        """The letter in a deal code: ``"N"`` or ``"V"``."""
        return "N" if self is Scoring.STANDARD else "V"


_SCORING_BY_LETTER: Final = {"N": Scoring.STANDARD, "V": Scoring.VEGAS}


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


_FAMILIES: dict[str, VariantFamily] = {}


def register_code_prefix(
    prefix: str, name: str, variants: Mapping[tuple[int, Scoring], Variant]
) -> VariantFamily:
    """Register a two-letter deal-code prefix for a custom variant family.

    Args:
        prefix: two letters A-Z (stored upper case), not already registered.
        name: the family's name in JSON output.
        variants: the variant for each supported ``(draw, scoring)``, draw 1 or 3.

    Returns:
        The registered family.

    Raises:
        DealCodeError: if the prefix is not two letters or is already taken,
            or a draw count is not 1 or 3.
    """
    upper = prefix.strip().upper()
    if len(upper) != 2 or any(ch not in string.ascii_uppercase for ch in upper):
        raise DealCodeError(prefix, "variant", 0, "a prefix is two letters A-Z")
    if upper in _FAMILIES:
        raise DealCodeError(prefix, "variant", 0, f"prefix {upper!r} is already registered")
    for (draw, scoring), variant in variants.items():
        if draw not in _DRAWS:
            raise DealCodeError(prefix, "draw", None, f"draw must be 1 or 3, got {draw!r}")
        if variant.draw_count != draw or variant.vegas != (scoring is Scoring.VEGAS):
            raise DealCodeError(
                prefix,
                "variant",
                None,
                f"variant {variant.name!r} (draw {variant.draw_count}, vegas={variant.vegas}) "
                f"does not match draw {draw} with {scoring.value} scoring",
            )
    family = VariantFamily(upper, name, dict(variants))
    _FAMILIES[upper] = family
    return family


def registered_prefixes() -> tuple[str, ...]:
    """The registered deal-code prefixes, in registration order (``KL``, ``TF`` first)."""
    return tuple(_FAMILIES)


register_code_prefix(
    "KL",
    "klondike",
    {
        (1, Scoring.STANDARD): KLONDIKE,
        (3, Scoring.STANDARD): KLONDIKE_DRAW_3,
        (1, Scoring.VEGAS): KLONDIKE_VEGAS,
        (3, Scoring.VEGAS): KLONDIKE_VEGAS_DRAW_3,
    },
)
register_code_prefix(
    "TF",
    "reflechi",
    {(1, Scoring.STANDARD): REFLECHI, (3, Scoring.STANDARD): REFLECHI_DRAW_3},
)


def deal_number_to_letters(deal_number: int) -> str:
    """The 7-letter form of a deal number: base 26, ``A`` = 0, most significant first.

    >>> deal_number_to_letters(6), deal_number_to_letters(26**7 - 1)
    ('AAAAAAG', 'ZZZZZZZ')

    Raises:
        DealCodeError: if the number is outside 0..26**7 - 1.
    """
    if not 0 <= deal_number < DEAL_NUMBER_LIMIT:
        raise DealCodeError(
            str(deal_number),
            "deal number",
            None,
            f"{deal_number!r} is outside 0..{DEAL_NUMBER_LIMIT - 1}",
        )
    letters = []
    for _ in range(DEAL_NUMBER_LETTERS):
        deal_number, digit = divmod(deal_number, 26)
        letters.append(string.ascii_uppercase[digit])
    return "".join(reversed(letters))


def letters_to_deal_number(letters: str) -> int:
    """The deal number of 7 letters A-Z (case ignored); inverse of :func:`deal_number_to_letters`.

    Raises:
        DealCodeError: if the text is not 7 letters A-Z; ``position`` is the
            0-based index of the first bad letter.
    """
    upper = letters.upper()
    if len(upper) != DEAL_NUMBER_LETTERS:
        raise DealCodeError(
            letters, "deal number", 0, f"expected 7 letters A-Z, got {len(upper)} characters"
        )
    value = 0
    for i, ch in enumerate(upper):
        if ch not in string.ascii_uppercase:
            raise DealCodeError(letters, "deal number", i, f"{ch!r} is not a letter A-Z")
        value = value * 26 + ord(ch) - 65
    return value


def _upper(text: str) -> str:
    return text.upper()


def _check_layout(text: str, code: str) -> None:
    """Check the shape ``VVn-Ddm-XXXXXXX``: three parts of 3, 3 and 7 characters."""
    parts = code.split("-")
    if len(parts) != 3:
        where = next(
            (i for i, char in enumerate(code) if (char == "-") != (i in (3, 7))), len(code)
        )
        raise DealCodeError(
            text,
            "format",
            where,
            f"expected three parts separated by '-' like 'KL1-D1N-AAAAAAG', got {len(parts)}",
        )
    head, middle, number = parts
    if len(head) != 3:
        raise DealCodeError(
            text, "variant", 0, f"expected two letters and a version digit, got {head!r}"
        )
    if len(middle) != 3:
        raise DealCodeError(
            text, "format", 4, f"expected 'D', the draw and the scoring letter, got {middle!r}"
        )
    if len(number) != DEAL_NUMBER_LETTERS:
        raise DealCodeError(
            text, "deal number", 8, f"expected 7 letters A-Z, got {len(number)} characters"
        )


def _check_supported(text: str, family: VariantFamily, draw: int, scoring: Scoring) -> None:
    if (draw, scoring) in family.variants:
        return
    title = next(iter(family.variants.values())).name if family.variants else family.name
    scoring_name = scoring.value.capitalize()
    if not any(known_draw == draw for known_draw, _ in family.variants):
        raise DealCodeError(text, "draw", 5, f"{title} has no draw {draw}")
    if not any(known_scoring is scoring for _, known_scoring in family.variants):
        raise DealCodeError(text, "scoring", 6, f"{title} has no {scoring_name} scoring")
    raise DealCodeError(
        text, "scoring", 6, f"{title} has no {scoring_name} scoring with draw {draw}"
    )


@attrs.frozen
class DealCode:
    """A parsed deal code: variant family, codec version, draw, scoring, deal number.

    Construct from parts (checked) or with :meth:`parse`; ``str()`` gives the
    canonical upper-case text.

    Attributes:
        prefix: the variant family's two letters (``"KL"``, ``"TF"``, or registered).
        draw: cards per draw, 1 or 3.
        scoring: :class:`Scoring` (``TF`` has no Vegas).
        deal_number: 0 .. 26**7 - 1; fixes the card order (RULES.md section 8).
        version: the codec version; only 1 exists.

    Raises:
        DealCodeError: from the constructor when a part is invalid.
    """

    prefix: str = attrs.field(converter=_upper)
    draw: int = 1
    scoring: Scoring = Scoring.STANDARD
    deal_number: int = 0
    version: int = CODEC_VERSION

    def __attrs_post_init__(self) -> None:
        text = (
            f"DealCode(prefix={self.prefix!r}, draw={self.draw!r}, scoring={self.scoring!r}, "
            f"deal_number={self.deal_number!r}, version={self.version!r})"
        )
        family = _FAMILIES.get(self.prefix)
        if family is None:
            known = ", ".join(_FAMILIES)
            raise DealCodeError(text, "variant", 0, f"unknown prefix {self.prefix!r} ({known})")
        if type(self.version) is not int or self.version != CODEC_VERSION:
            raise DealCodeError(
                text, "version", 2, f"unsupported deal-code version {self.version!r} (only 1)"
            )
        if type(self.draw) is not int or self.draw not in _DRAWS:
            raise DealCodeError(text, "draw", 5, f"draw must be 1 or 3, got {self.draw!r}")
        if not isinstance(self.scoring, Scoring):
            raise DealCodeError(
                text, "scoring", 6, f"scoring must be a Scoring member, got {self.scoring!r}"
            )
        _check_supported(text, family, self.draw, self.scoring)
        if type(self.deal_number) is not int:
            raise DealCodeError(
                text, "deal number", 8, f"the deal number must be an int, got {self.deal_number!r}"
            )
        deal_number_to_letters(self.deal_number)  # range check

    @classmethod
    def parse(cls, text: str) -> DealCode:
        """Read a code such as ``"KL1-D1N-AAAAAAG"``; case and surrounding whitespace ignored.

        Raises:
            DealCodeError: naming the wrong part (``variant``, ``version``,
                ``draw``, ``scoring``, ``deal number``, ``format``) and its
                0-based character position in the stripped code.
        """
        stripped = text.strip()
        for index, char in enumerate(stripped):
            if not char.isascii() or char.isspace():
                raise DealCodeError(
                    text, "format", index, f"{char!r} is not a plain letter, digit or '-'"
                )
        code = stripped.upper()
        _check_layout(text, code)
        prefix = code[0:2]
        if prefix not in _FAMILIES:
            known = ", ".join(_FAMILIES)
            raise DealCodeError(text, "variant", 0, f"unknown variant prefix {prefix!r} ({known})")
        family = _FAMILIES[prefix]
        version_char = code[2]
        if version_char != str(CODEC_VERSION):
            raise DealCodeError(
                text, "version", 2, f"unsupported deal-code version {version_char!r} (only 1)"
            )
        for index in (3, 7):
            if code[index] != "-":
                raise DealCodeError(text, "format", index, f"expected '-', got {code[index]!r}")
        if code[4] != "D":
            raise DealCodeError(text, "format", 4, f"expected 'D' before the draw, got {code[4]!r}")
        draw_char = code[5]
        if draw_char not in ("1", "3"):
            raise DealCodeError(text, "draw", 5, f"draw must be 1 or 3, got {draw_char!r}")
        draw = int(draw_char)
        scoring = _SCORING_BY_LETTER.get(code[6])
        if scoring is None:
            raise DealCodeError(text, "scoring", 6, f"unknown scoring letter {code[6]!r} (N or V)")
        _check_supported(text, family, draw, scoring)
        try:
            deal_number = letters_to_deal_number(code[8:])
        except DealCodeError as error:
            raise DealCodeError(
                text, "deal number", 8 + (error.position or 0), error.reason
            ) from None
        return cls(prefix, draw=draw, scoring=scoring, deal_number=deal_number)

    @property
    def family(self) -> VariantFamily:
        """The registered family of this code's prefix."""
        return _FAMILIES[self.prefix]

    @property
    def variant(self) -> Variant:
        """The variant this code selects (e.g. ``KL`` + draw 3 + ``V`` = Klondike Vegas draw 3)."""
        return _FAMILIES[self.prefix].variants[(self.draw, self.scoring)]

    @property
    def letters(self) -> str:
        """The deal number's 7 letters, e.g. ``"AAAAAAG"``."""
        return deal_number_to_letters(self.deal_number)

    def __str__(self) -> str:
        return (
            f"{self.prefix}{self.version}-D{self.draw}{self.scoring.letter}-"
            f"{deal_number_to_letters(self.deal_number)}"
        )
