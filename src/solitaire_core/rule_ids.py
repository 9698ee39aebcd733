"""Stable rule identifiers (RULES.md section 12).

The identifiers never change once released; messages may. Apps switch on
``RuleId`` members or on their string values (``"WRONG_COLOR"``).
"""

from __future__ import annotations

from enum import StrEnum


class RuleId(StrEnum):
    """The rule that refused a move; the value is the stable machine-readable id."""

    GAME_WON = "GAME_WON"
    """The game is won: no move is legal any more (RULES.md section 5)."""
    EMPTY_SOURCE = "EMPTY_SOURCE"
    """There is no card to move there (empty waste, column or foundation, or too few cards)."""
    SAME_COLUMN = "SAME_COLUMN"
    """A group cannot move onto its own column."""
    WASTE_TOP_ONLY = "WASTE_TOP_ONLY"
    """Only the top card of the waste can be played."""
    FOUNDATION_SINGLE_CARD = "FOUNDATION_SINGLE_CARD"
    """Only one card at a time may go to (or come from) a foundation."""
    FACE_DOWN_CARD = "FACE_DOWN_CARD"
    """A face-down card cannot be moved or played."""
    GROUP_NOT_IN_SEQUENCE = "GROUP_NOT_IN_SEQUENCE"
    """The cards on the moved card are not in descending, alternating order (TF)."""
    TAKEBACK_NOT_ALLOWED = "TAKEBACK_NOT_ALLOWED"
    """In this variant cards stay on the foundations."""
    EMPTY_COLUMN_KING_ONLY = "EMPTY_COLUMN_KING_ONLY"
    """Only a King (with what lies on it) may go to an empty column."""
    WRONG_COLOR = "WRONG_COLOR"
    """A card must go on a card of the opposite colour."""
    WRONG_SUIT = "WRONG_SUIT"
    """A card must go on a card of the suit the variant's building rule asks for."""
    WRONG_RANK = "WRONG_RANK"
    """A card must go on a card exactly one rank higher."""
    FOUNDATION_WRONG_RANK = "FOUNDATION_WRONG_RANK"
    """A foundation takes the next rank of its suit only (Ace first)."""
    STOCK_EMPTY = "STOCK_EMPTY"
    """Nothing left to draw (recycle instead, where allowed)."""
    RECYCLE_NOT_ALLOWED = "RECYCLE_NOT_ALLOWED"
    """This scoring or variant never recycles (Vegas, one-pass rules)."""
    STOCK_NOT_EMPTY = "STOCK_NOT_EMPTY"
    """The waste can only be recycled when the stock is empty."""
    RECYCLE_LIMIT_REACHED = "RECYCLE_LIMIT_REACHED"
    """No passes through the stock are left."""
    NOTHING_TO_UNDO = "NOTHING_TO_UNDO"
    """Undo with no action left to undo (or beyond the undo limit)."""
    NOTHING_TO_REDO = "NOTHING_TO_REDO"
    """Redo with no undone action to play again."""
