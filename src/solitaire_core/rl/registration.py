"""Gymnasium ids: ``solitaire_core/Solitaire-v0`` for any game, and one id per game.

``import solitaire_core.rl`` registers them (Gymnasium 1.x loads no plugins
by itself); ``gymnasium.make("solitaire_core.rl:solitaire_core/yukon-v0")``
imports the package first, so it works without that import. Each id makes a
:class:`~solitaire_core.rl.env.SolitaireEnv`; keyword arguments of
``gymnasium.make`` go to it.

>>> import gymnasium
>>> env = gymnasium.make(GENERIC_ID, game="yukon")
>>> env.unwrapped.variant.name, game_id("klondike-draw3")
('Yukon', 'solitaire_core/klondike-draw3-v0')
"""

from __future__ import annotations

from typing import Final

import gymnasium

from solitaire_core.variants import registered_variants

NAMESPACE: Final = "solitaire_core"
"""The namespace of every id."""
VERSION: Final = 0
"""The environment's version: the action and observation encodings of this release."""
GENERIC_ID: Final = f"{NAMESPACE}/Solitaire-v{VERSION}"
"""The id that takes the game as an argument (``game="yukon"``; Klondike by default)."""
ENTRY_POINT: Final = "solitaire_core.rl.env:SolitaireEnv"


def game_id(key: str) -> str:
    """The id of the game registered under ``key`` (``"solitaire_core/yukon-v0"``)."""
    return f"{NAMESPACE}/{key}-v{VERSION}"


def register_envs() -> tuple[str, ...]:
    """Register the generic id and one id per registered game; returns the ids, generic first.

    Idempotent. Games registered with
    :func:`~solitaire_core.variants.register_variant` after the import get
    their id when this is called again.
    """
    ids = [GENERIC_ID]
    _register(GENERIC_ID, {})
    for key in registered_variants():
        ids.append(game_id(key))
        _register(game_id(key), {"game": key})
    return tuple(ids)


def _register(env_id: str, kwargs: dict[str, str]) -> None:
    if env_id not in gymnasium.registry:
        gymnasium.register(id=env_id, entry_point=ENTRY_POINT, kwargs=kwargs)
