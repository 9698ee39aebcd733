"""A game's settings: how far undo may go (RULES.md section 6).

>>> GameSettings().undo_limit, GameSettings.relaxed().undo_limit
(100, None)
"""

from __future__ import annotations

import attrs

from solitaire_core.errors import InvalidArgumentError

DEFAULT_UNDO_LIMIT = 100
"""The app's undo depth: the last 100 actions (RULES.md section 6)."""


@attrs.frozen
class GameSettings:
    """A game's settings.

    Attributes:
        undo_limit: how many actions back undo may go; ``None`` is unlimited
            (the rule card's "relaxed" mode). Default 100.

    Raises:
        InvalidArgumentError: for an undo limit that is neither None nor an int >= 0.
    """

    undo_limit: int | None = DEFAULT_UNDO_LIMIT

    def __attrs_post_init__(self) -> None:
        limit = self.undo_limit
        if limit is not None and (type(limit) is not int or limit < 0):
            raise InvalidArgumentError(
                f"undo_limit must be None (unlimited) or >= 0, got {self.undo_limit!r}"
            )

    @classmethod
    def relaxed(cls) -> GameSettings:
        """Unlimited undo (the rule card's relaxed mode)."""
        return cls(undo_limit=None)


__all__ = ["DEFAULT_UNDO_LIMIT", "GameSettings"]
