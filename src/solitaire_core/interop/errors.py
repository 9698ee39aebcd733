"""The exceptions of the interop formats; all are ``ValueError`` subclasses.

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


class SolvitaireFormatError(SolitaireError, ValueError):
    """A Solvitaire rules or deal document cannot be read, or a game or position cannot be written.

    Raised for JSON that is not Solvitaire's (an unknown field, a value of
    the wrong type), for Solvitaire rules that have no counterpart in this
    library's rules (free cells, a hole, single-card moves only...), for a
    deal that does not fit its game, and for a game of ours that Solvitaire's
    rules cannot express (docs/interop.md, section 5).

    Attributes:
        document: ``"rules"`` or ``"deal"``.
        field: where the problem is: a Solvitaire field when reading
            (``"tableau piles.move built group"``), a field of our rules when
            writing (``"group"``); ``""`` for the whole document.
        reason: what is wrong or does not map, lower case.
        file: the file read, or None.
    """

    def __init__(
        self, reason: str, *, document: str, field: str = "", file: str | None = None
    ) -> None:
        where = f"Solvitaire {document}" + (f" file {file!r}" if file else "")
        what = f"{field}: " if field else ""
        super().__init__(f"{where}: {what}{reason}")
        self.document = document
        self.field = field
        self.reason = reason
        self.file = file
