"""Where the registry keeps its entries, below the variant so that a variant can ask its key.

:mod:`~solitaire_core.variants.registry` writes here (it alone); a
:class:`~solitaire_core.variants.Variant` reads its key and aliases here, so
that they are always the ones it is registered under (a variant derived with
``attrs.evolve`` is not registered until it is, and has no key till then).
"""

from __future__ import annotations

from collections.abc import Hashable

KEY_OF: dict[Hashable, str] = {}
"""Each registered variant -> the first key it was registered under."""
ALIASES: dict[str, tuple[str, ...]] = {}
"""Each registered key -> its aliases, in the order given."""
NAMES: dict[str, dict[str, str]] = {}
"""Each registered key -> the game's names in languages other than English."""
PYSOLFC_IDS: dict[str, int] = {}
"""Each registered key -> the game's PySolFC id, for the games PySolFC has."""
