"""A game's identity: its registry key, its deal-code prefix and the header of its codes.

Every name a game answers to is written here once:

* its **key** (``"klondike-draw3"``): lower-case words of letters and digits
  joined by ``-`` (:func:`is_key`);
* its **deal-code prefix** (``"KL"``): two letters A-Z (:func:`is_prefix`);
* the **header** of its deal codes (:class:`CodeHeader`, ``KL1-D3N``): the
  prefix, the codec version, the draw count (``0`` for a game without a
  waste) and the scoring letter that its scoring policy declares
  (:class:`Scoring`: ``N`` or ``V``; FAMILY.md section 1.8).

>>> header = CodeHeader("KL", 3, "N")
>>> str(header), header.scoring
('KL1-D3N', <Scoring.STANDARD: 'standard'>)
>>> CodeHeader.parse("kl-d3v"), CodeHeader.parse("TF1-D1N").prefix
(CodeHeader(prefix='KL', draw=3, scoring_letter='V'), 'TF')
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Final, NamedTuple

from solitaire_core.errors import InvalidArgumentError

CODEC_VERSION: Final = 1
"""The deal-code codec version this library reads and writes (the digit after the prefix)."""
CODE_DRAWS: Final = (0, 1, 3)
"""The draw digits of deal codes: 1 or 3, 0 for a game without a waste (FAMILY.md 1.8)."""

_KEY: Final = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
_PREFIX: Final = re.compile(r"[A-Z]{2}")
_HEADER: Final = re.compile(r"([A-Z]{2})(?:1?-D([0-9])([A-Z]))")


def is_key(text: object) -> bool:
    """True for a registry key: lower-case letters and digits in words joined by ``-``.

    >>> is_key("my-klondike"), is_key("My Klondike"), is_key("a--b")
    (True, False, False)
    """
    return isinstance(text, str) and _KEY.fullmatch(text) is not None


def is_prefix(text: object) -> bool:
    """True for a deal-code prefix: two upper-case letters A-Z.

    >>> is_prefix("KL"), is_prefix("kl"), is_prefix("K1")
    (True, False, False)
    """
    return isinstance(text, str) and _PREFIX.fullmatch(text) is not None


class Scoring(StrEnum):
    """The scoring system named by a code's last letter (RULES.md section 7)."""

    STANDARD = "standard"
    """Points scoring (Standard, rule card ...), letter ``N``."""
    VEGAS = "vegas"
    """Vegas scoring, letter ``V`` (Klondike only)."""

    @property
    def letter(self) -> str:
        """The letter in a deal code: ``"N"`` or ``"V"``."""
        return "N" if self is Scoring.STANDARD else "V"

    @classmethod
    def from_letter(cls, letter: str) -> Scoring | None:
        """The scoring of a code letter (``"N"`` or ``"V"``), or None for another letter.

        >>> Scoring.from_letter("V"), Scoring.from_letter("X")
        (<Scoring.VEGAS: 'vegas'>, None)
        """
        return _BY_LETTER.get(letter)


_BY_LETTER: Final = {scoring.letter: scoring for scoring in Scoring}


class CodeHeader(NamedTuple):
    """The header of a game's deal codes: ``KL1-D3N`` (prefix, version, draw, scoring letter).

    A tuple ``(prefix, draw, scoring_letter)`` (so ``prefix, draw, letter =
    header`` works), whose ``str()`` is the header as codes and catalogues
    write it.

    Attributes:
        prefix: the game's two letters, ``"KL"``.
        draw: cards per draw, 1 or 3; 0 for a game without a waste.
        scoring_letter: ``"N"`` or ``"V"`` (:class:`Scoring`).
    """

    prefix: str
    draw: int
    scoring_letter: str

    def __str__(self) -> str:
        return f"{self.prefix}{CODEC_VERSION}-D{self.draw}{self.scoring_letter}"

    @property
    def scoring(self) -> Scoring:
        """The scoring system of the letter (``Scoring.STANDARD`` for ``N``)."""
        scoring = Scoring.from_letter(self.scoring_letter)
        if scoring is None:
            raise InvalidArgumentError(f"unknown scoring letter {self.scoring_letter!r} (N or V)")
        return scoring

    @classmethod
    def parse(cls, text: str) -> CodeHeader:
        """Read ``"KL1-D3N"`` or ``"KL-D3N"`` (case and surrounding spaces ignored).

        Raises:
            InvalidArgumentError: (a ``ValueError``) for text of another shape,
                naming it. Whether a game has that header is the registry's
                question (:func:`~solitaire_core.variants.coded_variant`).
        """
        match = _HEADER.fullmatch(text.strip().upper()) if isinstance(text, str) else None
        if match is None:
            raise InvalidArgumentError(
                f"a deal-code header is like 'KL1-D3N' (prefix, draw, N or V), got {text!r}"
            )
        prefix, draw, letter = match.groups()
        return cls(prefix, int(draw), letter)


__all__ = [
    "CODEC_VERSION",
    "CODE_DRAWS",
    "CodeHeader",
    "Scoring",
    "is_key",
    "is_prefix",
]
