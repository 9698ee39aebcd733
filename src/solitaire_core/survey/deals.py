"""Which deals a survey solves: a game's deal-code prefix and a range of deal numbers."""

from __future__ import annotations

import re

from solitaire_core.codes import DEAL_NUMBER_LIMIT, DealCode, deal_number_to_letters
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.variants import Variant, code_header, lookup_variant


def header_text(variant: Variant) -> str | None:
    """The deal-code prefix of a registered variant (``"KL1-D3N"``), or None without one.

    >>> from solitaire_core import KLONDIKE_DRAW_3, TRADITIONAL
    >>> header_text(KLONDIKE_DRAW_3), header_text(TRADITIONAL)
    ('KL1-D3N', None)
    """
    header = code_header(variant)
    return None if header is None else str(header)


def game_prefix(text: str) -> str:
    """The deal-code prefix of a game named by its prefix, key or name.

    Args:
        text: a deal-code prefix (``"KL1-D3N"``, case ignored) or anything
            :func:`~solitaire_core.variants.lookup_variant` knows
            (``"klondike-draw3"``, ``"Yukon"``).

    Returns:
        The prefix in its canonical form, ``"KL1-D3N"``: the game's deal
        codes are the prefix, a hyphen and seven letters.

    Raises:
        InvalidArgumentError: (a ``ValueError``) for a name no game has, or
            a game without deal codes (Traditional Klondike, say).

    >>> game_prefix("klondike-draw3"), game_prefix("yu1-d0n")
    ('KL1-D3N', 'YU1-D0N')
    """
    variant = lookup_variant(text)
    prefix = header_text(variant)
    if prefix is None:
        raise InvalidArgumentError(
            f"game {text.strip()!r} ({variant.name}) has no deal codes: a survey needs a "
            "game with a deal-code prefix (solitaire-core games lists them)"
        )
    return prefix


def parse_deal_range(text: str) -> range:
    """Deal numbers from ``"A..B"`` (both included) or a count ``"N"`` (``0..N-1``).

    The numbers are ASCII digits only (``int`` would also take other
    scripts' digits, signs, underscores and spaces).

    Raises:
        InvalidArgumentError: (a ``ValueError``) for other text, an empty or
            reversed range, or numbers outside the deal codes' 0..26**7 - 1.

    >>> parse_deal_range("0..499"), parse_deal_range("10")
    (range(0, 500), range(0, 10))
    """
    found = _DEAL_RANGE.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        raise InvalidArgumentError(
            f"deals are A..B (both included) or a count N, in the digits 0-9, got {text!r}"
        )
    if found["last"] is None:
        first, last = 0, int(found["first"]) - 1
    else:
        first, last = int(found["first"]), int(found["last"])
    if not 0 <= first <= last < DEAL_NUMBER_LIMIT:
        raise InvalidArgumentError(
            f"deals {text!r} must be a non-empty range within 0..{DEAL_NUMBER_LIMIT - 1}"
        )
    return range(first, last + 1)


_DEAL_RANGE = re.compile(r"(?P<first>[0-9]{1,30})(?:\.\.(?P<last>[0-9]{1,30}))?")


def deal_code(prefix: str, deal: int) -> DealCode:
    """The deal code of a game's deal number: ``deal_code("KL1-D3N", 6)`` is ``KL1-D3N-AAAAAAG``.

    Raises:
        DealCodeError: (a ``ValueError``) for an unknown prefix or a number
            outside 0..26**7 - 1.
    """
    return DealCode.parse(f"{prefix}-{deal_number_to_letters(deal)}")
