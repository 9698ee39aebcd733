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

A **full deal code** (:class:`FullDealCode`) has the same header but carries any
card order at all instead of a deal number: its last part is 48 letters, the
rank of the deck among the 52! orders (RULES.md section 8, extended; see
:func:`deck_rank`). :func:`parse_deal_code` reads either form.

>>> full = FullDealCode.from_code(code)
>>> str(full)
'KL1-D1N-MUKXTDXKGUGEFVZGKCJKVSWJAKQBVMQIWYAKNZEPFJIINDZS'
>>> full.deck == code.deck, parse_deal_code(str(full)) == full
(True, True)
"""

from __future__ import annotations

import math
import string
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Final, TypeAlias

import attrs

from solitaire_core.cards import CARD_TEXTS, DECK_SIZE, FULL_DECK, Card
from solitaire_core.errors import DealCodeError
from solitaire_core.shuffle import shuffled_deck
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
"""The deal-code codec version this library reads and writes (the digit after the prefix)."""
DEAL_NUMBER_LETTERS: Final = 7
"""Letters of a deal number in a code: 7, base 26, ``A`` = 0."""
DEAL_NUMBER_LIMIT: Final = 26**DEAL_NUMBER_LETTERS
"""Deal numbers run from 0 to ``DEAL_NUMBER_LIMIT - 1`` = 8,031,810,175."""
FULL_DEAL_LETTERS: Final = 48
"""Letters of a full deal code's card order: 26**48 > 52! (about 8.07e67)."""
DECK_ORDERS: Final = math.factorial(DECK_SIZE)
"""How many card orders there are: 52!. Ranks run from 0 to ``DECK_ORDERS - 1``."""
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


def _to_letters(value: int, width: int) -> str:
    """``value`` in base 26 as ``width`` letters, ``A`` = 0, most significant first."""
    letters = []
    for _ in range(width):
        value, digit = divmod(value, 26)
        letters.append(string.ascii_uppercase[digit])
    return "".join(reversed(letters))


def _from_letters(letters: str, width: int, part: str) -> int:
    """The base-26 value of ``width`` letters A-Z (case ignored).

    Raises:
        DealCodeError: naming ``part``: position 0 for a wrong length, else the
            0-based index of the first character that is not a letter A-Z.
    """
    upper = letters.upper()
    if len(upper) != width:
        raise DealCodeError(
            letters, part, 0, f"expected {width} letters A-Z, got {len(upper)} characters"
        )
    value = 0
    for index, char in enumerate(upper):
        if char not in string.ascii_uppercase:
            raise DealCodeError(letters, part, index, f"{char!r} is not a letter A-Z")
        value = value * 26 + ord(char) - 65
    return value


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
    return _to_letters(deal_number, DEAL_NUMBER_LETTERS)


def letters_to_deal_number(letters: str) -> int:
    """The deal number of 7 letters A-Z (case ignored); inverse of :func:`deal_number_to_letters`.

    Raises:
        DealCodeError: if the text is not 7 letters A-Z; ``position`` is the
            0-based index of the first bad letter.
    """
    return _from_letters(letters, DEAL_NUMBER_LETTERS, "deal number")


def _upper(text: str) -> str:
    return text.upper()


def _check_layout(text: str, code: str, letters: int = DEAL_NUMBER_LETTERS) -> None:
    """Check the shape ``VVn-Ddm-XXXXXXX``: three parts of 3, 3 and ``letters`` characters."""
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
    if len(number) != letters:
        part = "deal number" if letters == DEAL_NUMBER_LETTERS else "cards"
        hint = ""
        if letters == DEAL_NUMBER_LETTERS and len(number) == FULL_DEAL_LETTERS:
            hint = " (48 letters make a full deal code: read it with parse_deal_code)"
        elif letters == DEAL_NUMBER_LETTERS and len(number) > 2 * DEAL_NUMBER_LETTERS:
            hint = " (a full deal code has 48)"
        raise DealCodeError(
            text, part, 8, f"expected {letters} letters A-Z, got {len(number)} characters{hint}"
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


def _check_header(text: str, prefix: str, draw: int, scoring: Scoring, version: int) -> None:
    """Check a code's parts other than its deal (for the constructors)."""
    family = _FAMILIES.get(prefix)
    if family is None:
        known = ", ".join(_FAMILIES)
        raise DealCodeError(text, "variant", 0, f"unknown prefix {prefix!r} ({known})")
    if type(version) is not int or version != CODEC_VERSION:
        raise DealCodeError(
            text, "version", 2, f"unsupported deal-code version {version!r} (only 1)"
        )
    if type(draw) is not int or draw not in _DRAWS:
        raise DealCodeError(text, "draw", 5, f"draw must be 1 or 3, got {draw!r}")
    if not isinstance(scoring, Scoring):
        raise DealCodeError(
            text, "scoring", 6, f"scoring must be a Scoring member, got {scoring!r}"
        )
    _check_supported(text, family, draw, scoring)


def _parse_parts(text: str, letters: int) -> tuple[str, int, Scoring, str]:
    """Read a code's header; returns prefix, draw, scoring and the last part (upper case).

    Raises:
        DealCodeError: naming the part and position, as :meth:`DealCode.parse` documents.
    """
    stripped = text.strip()
    for index, char in enumerate(stripped):
        if not char.isascii() or char.isspace():
            raise DealCodeError(
                text, "format", index, f"{char!r} is not a plain letter, digit or '-'"
            )
    code = stripped.upper()
    _check_layout(text, code, letters)
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
    return prefix, draw, scoring, code[8:]


class _CodeHeader:
    """What both kinds of code share: the family and variant their header selects."""

    prefix: str
    draw: int
    scoring: Scoring

    @property
    def family(self) -> VariantFamily:
        """The registered family of this code's prefix."""
        return _FAMILIES[self.prefix]

    @property
    def variant(self) -> Variant:
        """The variant this code selects (e.g. ``KL`` + draw 3 + ``V`` = Klondike Vegas draw 3)."""
        return _FAMILIES[self.prefix].variants[(self.draw, self.scoring)]


@attrs.frozen
class DealCode(_CodeHeader):
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
        _check_header(text, self.prefix, self.draw, self.scoring, self.version)
        if type(self.deal_number) is not int:
            raise DealCodeError(
                text, "deal number", 8, f"the deal number must be an int, got {self.deal_number!r}"
            )
        deal_number_to_letters(self.deal_number)  # range check

    @classmethod
    def parse(cls, text: str) -> DealCode:
        """Read a code such as ``"KL1-D1N-AAAAAAG"``; case and surrounding whitespace ignored.

        Returns:
            The parsed code; ``str()`` of it is the canonical upper-case text.

        Raises:
            DealCodeError: naming the wrong part (``variant``, ``version``,
                ``draw``, ``scoring``, ``deal number``, ``format``) and its
                0-based character position in the stripped code.
        """
        prefix, draw, scoring, letters = _parse_parts(text, DEAL_NUMBER_LETTERS)
        try:
            deal_number = letters_to_deal_number(letters)
        except DealCodeError as error:
            raise DealCodeError(
                text, "deal number", 8 + (error.position or 0), error.reason
            ) from None
        return cls(prefix, draw=draw, scoring=scoring, deal_number=deal_number)

    @property
    def letters(self) -> str:
        """The deal number's 7 letters, e.g. ``"AAAAAAG"``."""
        return deal_number_to_letters(self.deal_number)

    @property
    def deck(self) -> Deck:
        """The 52 cards in dealing order (``deck[0]`` dealt first): the deal number's shuffle."""
        return shuffled_deck(self.deal_number)

    def __str__(self) -> str:
        return (
            f"{self.prefix}{self.version}-D{self.draw}{self.scoring.letter}-"
            f"{deal_number_to_letters(self.deal_number)}"
        )


# ---------------------------------------------------------------- full deal codes

Deck: TypeAlias = tuple[Card, ...]
"""52 distinct cards in dealing order: ``deck[0]`` is dealt first (RULES.md sections 2, 8)."""


def check_deck(deck: Sequence[object]) -> tuple[int | None, str] | None:
    """The first problem of a card order, or None when it is a deck of 52 distinct cards.

    Args:
        deck: the cards in dealing order (ints 0..51).

    Returns:
        None for a valid deck, else ``(index, reason)``: the 0-based index in
        ``deck`` of the first card that is wrong (None when the length is) and
        a lower-case reason naming the card.

    >>> check_deck(FULL_DECK) is None
    True
    >>> check_deck((0, 1, 0) + FULL_DECK[3:])
    (2, 'deck[2] is AS again (already deck[0])')
    """
    seen: dict[int, int] = {}
    for index, card in enumerate(deck):
        if type(card) is not int or not 0 <= card < DECK_SIZE:
            return index, f"deck[{index}] is {card!r}, not a card 0..51"
        if card in seen:
            return index, f"deck[{index}] is {CARD_TEXTS[card]} again (already deck[{seen[card]}])"
        seen[card] = index
    if len(deck) != DECK_SIZE:
        missing = " ".join(CARD_TEXTS[card] for card in FULL_DECK if card not in seen)
        return None, f"a deck has 52 cards, got {len(deck)} (missing: {missing})"
    return None


def deck_rank(deck: Sequence[Card]) -> int:
    """The rank of a card order among the 52! orders: its Lehmer code, 0 .. 52! - 1.

    Orders are compared card by card from ``deck[0]``, a card being its int
    0..51: rank 0 is :data:`~solitaire_core.cards.FULL_DECK` (AS first, KC last),
    52! - 1 is the reverse. Inverse of :func:`deck_from_rank`.

    >>> deck_rank(FULL_DECK), deck_rank(FULL_DECK[::-1]) == DECK_ORDERS - 1
    (0, True)

    Raises:
        DealCodeError: if ``deck`` is not 52 distinct cards (part ``"cards"``).
    """
    _require_deck(repr(deck), deck)
    remaining = list(FULL_DECK)
    rank = 0
    for card in deck:
        index = remaining.index(card)
        rank = rank * len(remaining) + index
        remaining.pop(index)
    return rank


def deck_from_rank(rank: int) -> Deck:
    """The card order of a rank 0 .. 52! - 1; inverse of :func:`deck_rank`.

    Raises:
        DealCodeError: if ``rank`` is not an int in range (part ``"cards"``).
    """
    if type(rank) is not int or not 0 <= rank < DECK_ORDERS:
        raise DealCodeError(repr(rank), "cards", None, "a card order's rank is an int 0 .. 52! - 1")
    digits = []
    for base in range(1, DECK_SIZE + 1):
        rank, digit = divmod(rank, base)
        digits.append(digit)
    remaining = list(FULL_DECK)
    return tuple(remaining.pop(digit) for digit in reversed(digits))


def deck_to_letters(deck: Sequence[Card]) -> str:
    """A card order as 48 letters: its rank in base 26, ``A`` = 0, most significant first.

    >>> deck_to_letters(FULL_DECK) == "A" * 48
    True

    Raises:
        DealCodeError: if ``deck`` is not 52 distinct cards.
    """
    return _to_letters(deck_rank(deck), FULL_DEAL_LETTERS)


def letters_to_deck(letters: str) -> Deck:
    """The card order of 48 letters A-Z (case ignored); inverse of :func:`deck_to_letters`.

    Raises:
        DealCodeError: part ``"cards"``; ``position`` is the 0-based index of
            the first letter that is not A-Z, 0 for a wrong length or for
            letters that read as 52! or more (no card order has that rank).
    """
    rank = _from_letters(letters, FULL_DEAL_LETTERS, "cards")
    if rank >= DECK_ORDERS:
        raise DealCodeError(
            letters,
            "cards",
            0,
            "the letters read as 52! or more, the rank of no card order "
            f"(the largest is {deck_to_letters(FULL_DECK[::-1])!r})",
        )
    return deck_from_rank(rank)


def _require_deck(text: str, deck: Sequence[object]) -> None:
    problem = check_deck(deck)
    if problem is not None:
        raise DealCodeError(text, "cards", None, problem[1])


def _as_deck(value: Sequence[Card]) -> Deck:
    return tuple(value)


@attrs.frozen(repr=False)
class FullDealCode(_CodeHeader):
    """A deal code that carries any card order: ``KL1-D1N-`` and 48 letters.

    The header is that of :class:`DealCode` (variant family, codec version 1,
    draw, scoring); the last part is the deck's rank among the 52! card orders
    (:func:`deck_rank`) written as 48 letters A-Z in base 26, ``A`` = 0, most
    significant first (:func:`deck_to_letters`). The deck is dealt exactly as a
    deal number's shuffled deck is (RULES.md section 2): ``deck[0]`` to column 1,
    row by row, ``deck[28]`` the first stock card drawn. So the same 48 letters
    give the same cards whatever the header, and any deal from anywhere (a
    physical deal, another program) can be shared and reproduced.

    Attributes:
        prefix: the variant family's two letters (``"KL"``, ``"TF"``, or registered).
        draw: cards per draw, 1 or 3.
        scoring: :class:`Scoring` (``TF`` has no Vegas).
        deck: the 52 cards in dealing order, ``deck[0]`` first. Default: the
            cards in index order (AS..KC), rank 0.
        version: the codec version; only 1 exists.

    Raises:
        DealCodeError: from the constructor when a part is invalid (part
            ``"cards"`` for the deck, naming the wrong ``deck[i]``).

    >>> code = FullDealCode.parse("kl1-d3n-" + "a" * 47 + "b")
    >>> [CARD_TEXTS[card] for card in code.deck[-2:]], code.draw, code.deal_number
    (['KC', 'QC'], 3, None)
    """

    prefix: str = attrs.field(converter=_upper)
    draw: int = 1
    scoring: Scoring = Scoring.STANDARD
    deck: Deck = attrs.field(default=FULL_DECK, converter=_as_deck)
    version: int = CODEC_VERSION

    def __attrs_post_init__(self) -> None:
        text = (
            f"FullDealCode(prefix={self.prefix!r}, draw={self.draw!r}, "
            f"scoring={self.scoring!r}, deck=..., version={self.version!r})"
        )
        _check_header(text, self.prefix, self.draw, self.scoring, self.version)
        _require_deck(text, self.deck)

    @classmethod
    def parse(cls, text: str) -> FullDealCode:
        """Read a full code (``"KL1-D1N-"`` and 48 letters); case and outer whitespace ignored.

        Raises:
            DealCodeError: naming the wrong part (``variant``, ``version``,
                ``draw``, ``scoring``, ``cards``, ``format``) and its 0-based
                character position in the stripped code, as for :meth:`DealCode.parse`.
        """
        prefix, draw, scoring, letters = _parse_parts(text, FULL_DEAL_LETTERS)
        try:
            deck = letters_to_deck(letters)
        except DealCodeError as error:
            raise DealCodeError(text, "cards", 8 + (error.position or 0), error.reason) from None
        return cls(prefix, draw=draw, scoring=scoring, deck=deck)

    @classmethod
    def from_code(cls, code: DealCode | FullDealCode) -> FullDealCode:
        """The full form of a code: the same header and the same cards.

        >>> str(FullDealCode.from_code(DealCode("TF", deal_number=1)))[:12]
        'TF1-D1N-JIHN'
        """
        return cls(code.prefix, draw=code.draw, scoring=code.scoring, deck=code.deck)

    @property
    def letters(self) -> str:
        """The card order's 48 letters."""
        return deck_to_letters(self.deck)

    @property
    def rank(self) -> int:
        """The card order's rank among the 52! orders (:func:`deck_rank`)."""
        return deck_rank(self.deck)

    @property
    def deal_number(self) -> None:
        """Always None: a full code has no deal number (the ``deal --json`` field is null)."""
        return None

    def __repr__(self) -> str:
        return f"FullDealCode.parse({str(self)!r})"

    def __str__(self) -> str:
        return (
            f"{self.prefix}{self.version}-D{self.draw}{self.scoring.letter}-"
            f"{deck_to_letters(self.deck)}"
        )


AnyDealCode: TypeAlias = DealCode | FullDealCode
"""Either form of deal code; both have ``prefix``, ``draw``, ``scoring``,
``version``, ``family``, ``variant``, ``deck``, ``deal_number`` and ``str()``."""


def parse_deal_code(text: str) -> DealCode | FullDealCode:
    """Read either form of code: 7 letters (a deal number) or 48 (a card order) at the end.

    >>> parse_deal_code("KL1-D1N-AAAAAAG")
    DealCode(prefix='KL', draw=1, scoring=<Scoring.STANDARD: 'standard'>, deal_number=6, version=1)
    >>> parse_deal_code("TF1-D1N-" + "A" * 48)
    FullDealCode.parse('TF1-D1N-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')

    Raises:
        DealCodeError: naming the wrong part and its character position (see
            :meth:`DealCode.parse`, :meth:`FullDealCode.parse`).
    """
    parts = text.strip().split("-")
    if len(parts) == 3 and len(parts[2]) == FULL_DEAL_LETTERS:
        return FullDealCode.parse(text)
    return DealCode.parse(text)
