"""Deal codes such as ``KL1-D1N-AAAAAAG`` (RULES.md section 8, FAMILY.md section 1.8).

A code names a game (two letters), the codec version (``1``), the draw count
(``0`` for games without a waste), the scoring system and a deal number (7
letters, base 26, ``A`` = 0, most significant first). The same deal number
gives the same cards whatever the draw or scoring, and the same card order for
every game of the same number of decks.

>>> code = DealCode.parse("  kl1-d1n-aaaaaag ")
>>> str(code), code.deal_number, code.draw, code.scoring
('KL1-D1N-AAAAAAG', 6, 1, <Scoring.STANDARD: 'standard'>)
>>> str(DealCode("TF", draw=3, scoring=Scoring.STANDARD, deal_number=1))
'TF1-D3N-AAAAAAB'
>>> DealCode.parse("YU1-D0N-AAAAAAB").variant.name
'Yukon'

A **full deal code** (:class:`FullDealCode`) has the same header but carries any
card order at all instead of a deal number: its last part is the order's rank
among all orders of the game's cards (:func:`~solitaire_core.deck_order.deck_rank`),
in 48 letters for one deck, 107 for two and 167 for three.
:func:`parse_deal_code` reads either form.

>>> full = FullDealCode.from_code(code)
>>> str(full)
'KL1-D1N-MUKXTDXKGUGEFVZGKCJKVSWJAKQBVMQIWYAKNZEPFJIINDZS'
>>> full.deck == code.deck, parse_deal_code(str(full)) == full
(True, True)
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

import attrs

from solitaire_core._deprecated import warn_moved
from solitaire_core.deck_order import (
    DECK_ORDERS,
    FULL_DEAL_LETTERS,
    Deck,
    check_deck,
    deck_from_rank,
    deck_rank,
    deck_to_letters,
    from_letters,
    full_code_letters,
    letters_to_deck,
    require_deck,
    to_letters,
)
from solitaire_core.errors import DealCodeError, not_str
from solitaire_core.shuffle import shuffled_deck
from solitaire_core.variants import Variant
from solitaire_core.variants import families as _families
from solitaire_core.variants.families import VariantFamily, family_of
from solitaire_core.variants.identity import CODE_DRAWS, CODEC_VERSION, Scoring
from solitaire_core.variants.registry import code_header, coded_variant, family_name, prefixes

DEAL_NUMBER_LETTERS: Final = 7
"""Letters of a deal number in a code: 7, base 26, ``A`` = 0."""
DEAL_NUMBER_LIMIT: Final = 26**DEAL_NUMBER_LETTERS
"""Deal numbers run from 0 to ``DEAL_NUMBER_LIMIT - 1`` = 8,031,810,175."""
_FULL_WIDTHS: Final = {full_code_letters(decks): decks for decks in (1, 2, 3)}


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
    return to_letters(deal_number, DEAL_NUMBER_LETTERS)


def letters_to_deal_number(letters: str) -> int:
    """The deal number of 7 letters A-Z (case ignored); inverse of :func:`deal_number_to_letters`.

    Raises:
        DealCodeError: if the text is not 7 letters A-Z; ``position`` is the
            0-based index of the first bad letter.
    """
    return from_letters(letters, DEAL_NUMBER_LETTERS, "deal number")


def _upper(text: str) -> str:
    return text.upper()


def _require_layout(text: str, code: str, letters: int | None) -> None:
    """Check the shape ``VVn-Ddm-X...``: three parts of 3, 3 and ``letters`` characters.

    ``letters`` None accepts any full-code width.
    """
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
    if letters is not None and len(number) != letters:
        part = "deal number" if letters == DEAL_NUMBER_LETTERS else "cards"
        hint = ""
        if letters == DEAL_NUMBER_LETTERS and len(number) in _FULL_WIDTHS:
            hint = f" ({len(number)} letters make a full deal code: read it with parse_deal_code)"
        elif letters == DEAL_NUMBER_LETTERS and len(number) > 2 * DEAL_NUMBER_LETTERS:
            hint = " (a full deal code has 48, 107 or 167)"
        raise DealCodeError(
            text, part, 8, f"expected {letters} letters A-Z, got {len(number)} characters{hint}"
        )


def _title(family: VariantFamily) -> str:
    return next(iter(family.variants.values())).name if family.variants else family.name


def _require_supported(text: str, family: VariantFamily, draw: int, scoring: Scoring) -> None:
    if (draw, scoring) in family.variants:
        return
    title = _title(family)
    scoring_name = scoring.value.capitalize()
    if not any(known_draw == draw for known_draw, _ in family.variants):
        raise DealCodeError(text, "draw", 5, f"{title} has no draw {draw}")
    if not any(known_scoring is scoring for _, known_scoring in family.variants):
        raise DealCodeError(text, "scoring", 6, f"{title} has no {scoring_name} scoring")
    raise DealCodeError(
        text, "scoring", 6, f"{title} has no {scoring_name} scoring with draw {draw}"
    )


def _header_text(prefix: object, draw: object, scoring: object, version: object) -> str:
    """The header a constructor's parts spell (``"KL1-D3N"``), for its errors' positions.

    >>> _header_text("TF", 1, Scoring.VEGAS, 1), _header_text(None, "3", "x", 1)
    ('TF1-D1V', 'None1-D3?')
    """
    letter = scoring.letter if isinstance(scoring, Scoring) else "?"
    return f"{prefix}{version}-D{draw}{letter}"


def _require_header(text: str, prefix: str, draw: int, scoring: Scoring, version: int) -> None:
    """Check a code's parts other than its deal (for the constructors)."""
    if family_name(prefix) is None:
        known = ", ".join(prefixes())
        raise DealCodeError(text, "variant", 0, f"unknown prefix {prefix!r} ({known})")
    if type(version) is not int or version != CODEC_VERSION:
        raise DealCodeError(
            text, "version", 2, f"unsupported deal-code version {version!r} (only 1)"
        )
    if type(draw) is not int or draw not in CODE_DRAWS:
        raise DealCodeError(
            text, "draw", 5, f"draw must be 1 or 3 (0 without a waste), got {draw!r}"
        )
    if not isinstance(scoring, Scoring):
        raise DealCodeError(
            text, "scoring", 6, f"scoring must be a Scoring member, got {scoring!r}"
        )
    _require_supported(text, family_of(prefix), draw, scoring)


def _require_str(text: object) -> None:
    """Refuse a code that is not text (None, bytes, a number) with the ``format`` error."""
    if not isinstance(text, str):
        raise DealCodeError(repr(text), "format", None, not_str(text))


def _parse_parts(text: str, letters: int | None) -> tuple[str, int, Scoring, str]:
    """Read a code's header; returns prefix, draw, scoring and the last part (upper case).

    Raises:
        DealCodeError: naming the part and position, as :meth:`DealCode.parse` documents.
    """
    _require_str(text)
    stripped = text.strip()
    for index, char in enumerate(stripped):
        if not char.isascii() or char.isspace():
            raise DealCodeError(
                text, "format", index, f"{char!r} is not a plain letter, digit or '-'"
            )
    code = stripped.upper()
    _require_layout(text, code, letters)
    prefix = code[0:2]
    if family_name(prefix) is None:
        known = ", ".join(prefixes())
        raise DealCodeError(text, "variant", 0, f"unknown variant prefix {prefix!r} ({known})")
    family = family_of(prefix)
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
    if not draw_char.isdigit():
        raise DealCodeError(text, "draw", 5, f"draw must be a digit, got {draw_char!r}")
    draw = int(draw_char)
    scoring = Scoring.from_letter(code[6])
    if scoring is None:
        raise DealCodeError(text, "scoring", 6, f"unknown scoring letter {code[6]!r} (N or V)")
    _require_supported(text, family, draw, scoring)
    return prefix, draw, scoring, code[8:]


class _CodeHeader:
    """What both kinds of code share: the family and variant their header selects."""

    prefix: str
    draw: int
    scoring: Scoring

    @property
    def family(self) -> VariantFamily:
        """The registered family of this code's prefix."""
        return family_of(self.prefix)

    @property
    def variant(self) -> Variant:
        """The variant this code selects (e.g. ``KL`` + draw 3 + ``V`` = Klondike Vegas draw 3)."""
        variant = coded_variant(self.prefix, self.draw, self.scoring.letter)
        assert variant is not None  # the constructors checked the header
        return variant


@attrs.frozen
class DealCode(_CodeHeader):
    """A parsed deal code: game, codec version, draw, scoring, deal number.

    Construct from parts (checked) or with :meth:`parse`; ``str()`` gives the
    canonical upper-case text.

    Attributes:
        prefix: the game's two letters (``"KL"``, ``"TF"``, ``"YU"``, or registered).
        draw: cards per draw, 1 or 3; 0 for games without a waste.
        scoring: :class:`Scoring` (only Klondike has Vegas).
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
        text = _header_text(self.prefix, self.draw, self.scoring, self.version)
        _require_header(text, self.prefix, self.draw, self.scoring, self.version)
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
                0-based character position in the stripped code (``format``
                without a position if ``text`` is not a ``str``).
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
        """Every card in dealing order (``deck[0]`` dealt first): the deal number's shuffle.

        52 cards per deck of the code's game (FAMILY.md section 1.7).
        """
        return shuffled_deck(self.deal_number, decks=self.variant.decks)

    def __str__(self) -> str:
        return (
            f"{self.prefix}{self.version}-D{self.draw}{self.scoring.letter}-"
            f"{deal_number_to_letters(self.deal_number)}"
        )


def _as_deck(value: tuple[int, ...]) -> Deck:
    return tuple(value)


@attrs.frozen(repr=False)
class FullDealCode(_CodeHeader):
    """A deal code that carries any card order: ``KL1-D1N-`` and 48 letters.

    The header is that of :class:`DealCode`; the last part is the deck's rank
    among all card orders of the game's decks
    (:func:`~solitaire_core.deck_order.deck_rank`) written in base 26, ``A`` = 0,
    most significant first: 48 letters for one deck, 107 for two, 167 for
    three. The deck is dealt exactly as a deal number's shuffled deck is
    (RULES.md section 2, FAMILY.md section 1.7), so any deal from anywhere (a
    physical deal, another program) can be shared and reproduced.

    Attributes:
        prefix: the game's two letters (``"KL"``, ``"TF"``, or registered).
        draw: cards per draw (0 for games without a waste).
        scoring: :class:`Scoring` (only Klondike has Vegas).
        deck: every card in dealing order, ``deck[0]`` first, 52 per deck.
            Default: the cards in index order (AS..KC), rank 0 (one deck).
        version: the codec version; only 1 exists.

    Raises:
        DealCodeError: from the constructor when a part is invalid (part
            ``"cards"`` for the deck, naming the wrong ``deck[i]``).

    >>> code = FullDealCode.parse("kl1-d3n-" + "a" * 47 + "b")
    >>> from solitaire_core.cards import CARD_TEXTS
    >>> [CARD_TEXTS[card] for card in code.deck[-2:]], code.draw, code.deal_number
    (['KC', 'QC'], 3, None)
    """

    prefix: str = attrs.field(converter=_upper)
    draw: int = 1
    scoring: Scoring = Scoring.STANDARD
    deck: Deck = attrs.field(default=tuple(range(52)), converter=_as_deck)
    version: int = CODEC_VERSION

    def __attrs_post_init__(self) -> None:
        text = _header_text(self.prefix, self.draw, self.scoring, self.version)
        _require_header(text, self.prefix, self.draw, self.scoring, self.version)
        require_deck(text, self.deck, self.variant.decks)

    @classmethod
    def parse(cls, text: str) -> FullDealCode:
        """Read a full code (header and 48, 107 or 167 letters); case and outer whitespace ignored.

        Raises:
            DealCodeError: naming the wrong part (``variant``, ``version``,
                ``draw``, ``scoring``, ``cards``, ``format``) and its 0-based
                character position in the stripped code, as for :meth:`DealCode.parse`.
        """
        prefix, draw, scoring, letters = _parse_parts(text, None)
        decks = coded_variant(prefix, draw, scoring.letter)
        assert decks is not None
        width = full_code_letters(decks.decks)
        if len(letters) != width:
            raise DealCodeError(
                text,
                "cards",
                8,
                f"expected {width} letters A-Z for {decks.decks} deck(s), got {len(letters)} "
                "characters",
            )
        try:
            deck = letters_to_deck(letters, decks=decks.decks)
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
        """The card order's letters (48 per deck count's width)."""
        return deck_to_letters(self.deck, decks=self.variant.decks)

    @property
    def rank(self) -> int:
        """The card order's rank among the orders of the game's decks (:func:`deck_rank`)."""
        return deck_rank(self.deck, decks=self.variant.decks)

    @property
    def deal_number(self) -> None:
        """Always None: a full code has no deal number (the ``deal --json`` field is null)."""
        return None

    def __repr__(self) -> str:
        return f"FullDealCode.parse({str(self)!r})"

    def __str__(self) -> str:
        return f"{self.prefix}{self.version}-D{self.draw}{self.scoring.letter}-{self.letters}"


AnyDealCode: TypeAlias = DealCode | FullDealCode
"""Either form of deal code; both have ``prefix``, ``draw``, ``scoring``,
``version``, ``family``, ``variant``, ``deck``, ``deal_number`` and ``str()``."""


def parse_deal_code(text: str) -> DealCode | FullDealCode:
    """Read either form of code: 7 letters (a deal number) or a full card order at the end.

    >>> parse_deal_code("KL1-D1N-AAAAAAG")
    DealCode(prefix='KL', draw=1, scoring=<Scoring.STANDARD: 'standard'>, deal_number=6, version=1)
    >>> parse_deal_code("TF1-D1N-" + "A" * 48)
    FullDealCode.parse('TF1-D1N-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')

    Raises:
        DealCodeError: naming the wrong part and its character position (see
            :meth:`DealCode.parse`, :meth:`FullDealCode.parse`), or
            ``format`` if ``text`` is not a ``str``.
    """
    _require_str(text)
    parts = text.strip().split("-")
    if len(parts) == 3 and len(parts[2]) in _FULL_WIDTHS:
        return FullDealCode.parse(text)
    return DealCode.parse(text)


def code_for(variant: Variant, deal_number: int) -> DealCode | None:
    """The deal code of a registered variant's deal number, or None without a prefix.

    >>> from solitaire_core.variants import YUKON
    >>> str(code_for(YUKON, 1))
    'YU1-D0N-AAAAAAB'
    """
    header = code_header(variant)
    if header is None or not 0 <= deal_number < DEAL_NUMBER_LIMIT:
        return None
    return DealCode(
        header.prefix, draw=header.draw, scoring=header.scoring, deal_number=deal_number
    )


__all__ = [
    "CODEC_VERSION",
    "DEAL_NUMBER_LETTERS",
    "DEAL_NUMBER_LIMIT",
    "DECK_ORDERS",
    "FULL_DEAL_LETTERS",
    "AnyDealCode",
    "DealCode",
    "Deck",
    "FullDealCode",
    "Scoring",
    "check_deck",
    "code_for",
    "deal_number_to_letters",
    "deck_from_rank",
    "deck_rank",
    "deck_to_letters",
    "letters_to_deal_number",
    "letters_to_deck",
    "parse_deal_code",
]


_MOVED_TO_VARIANTS = frozenset({"register_code_prefix", "registered_prefixes"})


def __getattr__(name: str) -> Any:
    """Names that moved to :mod:`solitaire_core.variants` (deprecated aliases that warn)."""
    if name in _MOVED_TO_VARIANTS:
        warn_moved(f"{__name__}.{name}", f"solitaire_core.variants.{name}")
        return getattr(_families, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
