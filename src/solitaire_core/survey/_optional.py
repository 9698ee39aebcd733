"""Optional packages, imported when a feature first needs them (never at the library's import)."""

from __future__ import annotations

import importlib
from typing import Any

from solitaire_core.errors import MissingExtraError


def require(module: str, *, extra: str, feature: str) -> Any:
    """The module, imported now; typed ``Any`` (the optional packages ship partial hints).

    Raises:
        MissingExtraError: (an ``ImportError``) naming the feature and the
            ``pip install 'solitaire-core[EXTRA]'`` that brings the module.
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtraError(module, extra, feature) from None
