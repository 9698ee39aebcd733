"""The exceptions of the interop formats; both are ``ValueError`` subclasses.

>>> from solitaire_core.interop import decode_shootme_deal
>>> try:
...     decode_shootme_deal("014" * 52)
... except DealImportError as error:
...     print(error.position, error.reason)
3 deck[1] (characters 3-5) is AS again (already deck[0])
"""

from __future__ import annotations

from solitaire_core.errors import SolitaireError, shorten


class DealImportError(SolitaireError, ValueError):
    """A deal from another program cannot be read.

    Attributes:
        text: the text as given.
        source: the format: ``"shootme"`` (a Klondike-Solver deal string),
            ``"pysol"`` (a PySolFC game number or layout text) or
            ``"permutation"`` (52 cards in dealing order).
        position: the 0-based character index in ``text`` where the problem
            is, or None when it is not about one place (a wrong length).
        reason: what is wrong, lower case, naming the card or line.
    """

    def __init__(self, text: str, source: str, position: int | None, reason: str) -> None:
        where = f" at character {position}" if position is not None else ""
        super().__init__(f"invalid {source} deal {shorten(text)}{where}: {reason}")
        self.text = text
        self.source = source
        self.position = position
        self.reason = reason


class NotationError(SolitaireError, ValueError):
    """A line of moves cannot be translated between notations.

    Raised for a token that is not a move of the notation, and for a move the
    rules refuse at that point of the line (nothing is half-translated).

    Attributes:
        text: the whole line as given (moves joined by spaces for a list).
        notation: the notation being read: ``"shootme"`` or ``"solitaire-core"``.
        index: the 0-based index of the bad token in the line.
        token: the bad token.
        reason: what is wrong, lower case (for a refused move, the rule id,
            message and detail of :class:`~solitaire_core.rules.Refusal`).
    """

    def __init__(self, text: str, notation: str, index: int, token: str, reason: str) -> None:
        super().__init__(f"cannot translate {notation} move {index} {token!r}: {reason}")
        self.text = text
        self.notation = notation
        self.index = index
        self.token = token
        self.reason = reason
