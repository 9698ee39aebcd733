"""Warnings for names that moved: the old name keeps working for a while, with a warning.

A package whose public name moved to another module keeps the old name in a
module-level ``__getattr__`` that imports the new home, calls :func:`warn_moved`
and returns the object, so ``from solitaire_core.errors import IllegalMoveError``
still works and says where the name lives now.
"""

from __future__ import annotations

import warnings


def warn_moved(old: str, new: str) -> None:
    """Warn (``DeprecationWarning``) that the name ``old`` is now ``new``.

    Args:
        old: the dotted name used, e.g. ``"solitaire_core.errors.IllegalMoveError"``.
        new: the dotted name to use instead.
    """
    warnings.warn(
        f"{old} is deprecated: use {new} (the old name will be removed in a later release)",
        DeprecationWarning,
        stacklevel=3,
    )


__all__ = ["warn_moved"]
