"""Reinforcement learning: a Gymnasium environment for every game of the family.

Install with ``pip install 'solitaire-core[rl]'`` (Gymnasium and NumPy).

One module per job: :mod:`~solitaire_core.rl.shapes` (the fixed sizes of a
game's arrays), :mod:`~solitaire_core.rl.actions` (moves numbered
``0 .. n - 1``), :mod:`~solitaire_core.rl.observations` (the player's view as
arrays), :mod:`~solitaire_core.rl.env` (the environment) and
:mod:`~solitaire_core.rl.registration` (Gymnasium ids). Importing this
package registers the ids; it needs ``gymnasium`` and ``numpy`` (the ``rl``
extra) and raises :class:`~solitaire_core.MissingExtraError` without them.

>>> import gymnasium
>>> import solitaire_core.rl
>>> env = gymnasium.make("solitaire_core/Solitaire-v0", game="yukon")
>>> observation, info = env.reset(seed=1)
>>> env.action_space, observation["tableau"].shape, info["action_mask"].shape
(Discrete(2191), (7, 52), (2191,))
"""

from __future__ import annotations

import importlib

from solitaire_core.errors import MissingExtraError

for _module in ("numpy", "gymnasium"):
    try:
        importlib.import_module(_module)
    except ImportError:
        raise MissingExtraError(_module, "rl", "solitaire_core.rl") from None

from solitaire_core.rl.actions import ActionEncoding  # noqa: E402
from solitaire_core.rl.env import SolitaireEnv  # noqa: E402
from solitaire_core.rl.observations import (  # noqa: E402
    CARD_CODES,
    CARD_OFFSET,
    HIDDEN,
    NO_CARD,
    ObservationEncoder,
)
from solitaire_core.rl.registration import GENERIC_ID, game_id, register_envs  # noqa: E402
from solitaire_core.rl.shapes import GameShape, game_shape  # noqa: E402

register_envs()

__all__ = [
    "CARD_CODES",
    "CARD_OFFSET",
    "GENERIC_ID",
    "HIDDEN",
    "NO_CARD",
    "ActionEncoding",
    "GameShape",
    "ObservationEncoder",
    "SolitaireEnv",
    "game_id",
    "game_shape",
    "register_envs",
]
