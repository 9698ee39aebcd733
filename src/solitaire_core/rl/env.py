"""The Gymnasium environment: one game of any shipped variant, played by action numbers.

:class:`SolitaireEnv` follows Gymnasium's conventions: ``reset(seed=)`` deals,
``step(action)`` plays, ``terminated`` when the game is won or no move is
left, ``truncated`` at the move cap. Actions are numbered by
:mod:`solitaire_core.rl.actions`, observations by
:mod:`solitaire_core.rl.observations` (made from the player's view: no
hidden card ever appears). The legal actions come as a mask, both from
:meth:`SolitaireEnv.action_masks` (sb3-contrib's ``MaskablePPO`` convention) and
in ``info["action_mask"]`` after every reset and step.

>>> env = SolitaireEnv("klondike")
>>> observation, info = env.reset(seed=0)
>>> info["deal_code"], int(info["action_mask"].sum())
('KL1-D1N-QOPGFHX', 2)
>>> [str(env.encoding.decode(action)) for action in info["action_mask"].nonzero()[0]]
['d', '2f']
>>> action = env.encoding.encode(sc.Move.parse("2f"))
>>> observation, reward, terminated, truncated, info = env.step(action)
>>> reward, terminated, truncated, observation["foundations"].tolist()
(1.0, False, False, [0, 1, 0, 0])
"""

from __future__ import annotations

from typing import Any, Final, Literal, SupportsInt

import gymnasium
import numpy as np
from gymnasium import spaces

import solitaire_core as sc
from solitaire_core import (
    IllegalMoveError,
    InvalidArgumentError,
    Position,
    Variant,
    apply_move,
    board_svg,
    check_move,
    legal_moves,
    player_view,
    render_board,
)
from solitaire_core.rl.actions import ActionEncoding
from solitaire_core.rl.observations import ObservationEncoder
from solitaire_core.variants import lookup_variant

Reward = Literal["cards", "score", "win"]
"""The reward options (see :class:`SolitaireEnv`)."""
IllegalAction = Literal["penalty", "raise"]
"""What an illegal action does (see :class:`SolitaireEnv`)."""
ObservationKind = Literal["dict", "flat"]
"""The observation options (see :class:`SolitaireEnv`)."""

DEAL_NUMBERS: Final = 26**7
"""Deals are drawn from ``0 .. DEAL_NUMBERS - 1``: every deal a seven-letter deal code names."""
DEFAULT_MAX_STEPS: Final = 1_000
"""The default move cap (steps per episode)."""

_REWARDS: Final = ("cards", "score", "win")
_ILLEGAL: Final = ("penalty", "raise")
_OBSERVATIONS: Final = ("dict", "flat")

Array = np.ndarray[Any, np.dtype[np.int64]]
Observation = dict[str, Array] | Array
"""A ``Dict`` observation (arrays by key) or a flat one (one 1-D array)."""


class SolitaireEnv(gymnasium.Env[Observation, np.int64]):
    """A Gymnasium environment for one game of the family.

    Args:
        game: the game: a registered key or any name
            :func:`~solitaire_core.variants.lookup_variant` knows (``"yukon"``,
            ``"KL1-D3N"``), or a :class:`~solitaire_core.Variant`.
        reward: what a move earns (a float):

            * ``"cards"`` (default): cards sent to the foundations, minus cards
              taken back (``+13`` for a spider-type run);
            * ``"score"``: the change of the game's score
              (:attr:`~solitaire_core.Game.score`: points, or dollars in Vegas),
              as the app scores it;
            * ``"win"``: ``1.0`` for the move that wins, else ``0.0``.
        illegal_action: what an action the mask forbids does; the game never
            changes. ``"penalty"`` (default): the step returns the same
            observation, the reward ``illegal_penalty``, and
            ``info["refusal"]`` (the broken rule's id, ``"WRONG_RANK"``);
            the step counts toward the cap. ``"raise"``: the step raises
            :class:`~solitaire_core.IllegalMoveError` with the refusal.
        illegal_penalty: the reward of a refused action (default ``-1.0``).
        max_steps: the move cap: the episode is truncated after this many
            steps (refused actions included), an int >= 1 (default 1000).
        observation: ``"dict"`` (default): a ``Dict`` of arrays by key;
            ``"flat"``: the same values as one 1-D array
            (:mod:`solitaire_core.rl.observations`).
        copy_observations: True (default): every observation and mask is a
            new array; False: the environment rewrites the same arrays in
            place at every step (faster; copy what you keep).
        render_mode: None, ``"ansi"`` (:meth:`render` returns the text
            board) or ``"svg"`` (it returns an SVG document), both drawn
            from the player's view.

    Attributes:
        variant: the game.
        encoding: the action encoding (``encoding.decode(action)`` is the move).
        observation_encoder: the observation encoding.
        deal_number: the current deal (None before the first reset).
        deal_code: its deal code as text (``"KL1-D1N-AAAAAAG"``); None for a
            variant without codes or a deal number past the codes' seven
            letters (``26**7`` and up).
        steps: steps taken in this episode.
        action_space: ``Discrete(n)``, ``n = encoding.size`` (fixed per game).
        observation_space: a ``Dict`` of ``MultiDiscrete`` entries (``int64``,
            the shapes of :mod:`solitaire_core.rl.observations`), or one 1-D
            ``MultiDiscrete`` for ``observation="flat"``.

    Raises:
        InvalidArgumentError: for an unknown game or an option out of its range.

    Episodes: ``reset(seed=s)`` draws the deal number from the environment's
    generator, so the same seed deals the same game and the same actions
    play the same episode; ``reset(options={"deal_number": n})`` deals
    deal ``n`` (an int ``0 <= n < 2**64``). ``info`` after a reset has
    ``action_mask`` (``bool``, shape ``(n,)``), ``deal_number`` and
    ``deal_code``; after a step, ``action_mask`` (and ``refusal`` after a
    refused action). ``terminated`` is True when the game is won or has no
    legal move left (the mask is then all False).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "svg"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str | Variant = "klondike",
        *,
        reward: Reward = "cards",
        illegal_action: IllegalAction = "penalty",
        illegal_penalty: float = -1.0,
        max_steps: int = DEFAULT_MAX_STEPS,
        observation: ObservationKind = "dict",
        copy_observations: bool = True,
        render_mode: str | None = None,
    ) -> None:
        variant = game if isinstance(game, Variant) else lookup_variant(game)
        _require_choice("reward", reward, _REWARDS)
        _require_choice("illegal_action", illegal_action, _ILLEGAL)
        _require_choice("observation", observation, _OBSERVATIONS)
        if type(max_steps) is not int or max_steps < 1:
            raise InvalidArgumentError(f"max_steps must be an int >= 1, got {max_steps!r}")
        if isinstance(illegal_penalty, bool) or not isinstance(illegal_penalty, int | float):
            raise InvalidArgumentError(f"illegal_penalty must be a number, got {illegal_penalty!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidArgumentError(
                f"render_mode must be None, 'ansi' or 'svg', got {render_mode!r}"
            )
        self.variant = variant
        self.render_mode = render_mode
        self.encoding = ActionEncoding(variant)
        self.observation_encoder = ObservationEncoder(variant)
        self.action_space: spaces.Discrete = spaces.Discrete(self.encoding.size)
        self._flat_observations = observation == "flat"
        self.observation_space: spaces.Space[Any] = (
            self.observation_encoder.flat_space()
            if self._flat_observations
            else self.observation_encoder.space()
        )
        self._reward = reward
        self._raise = illegal_action == "raise"
        self._penalty = float(illegal_penalty)
        self._max_steps = max_steps
        self._copy = copy_observations
        self._buffer = bytearray(self.observation_encoder.size)
        self._bytes = np.frombuffer(self._buffer, np.uint8)  # what the encoder writes
        self._flat: Array = np.zeros(self.observation_encoder.size, np.int64)  # in-place output
        self._arrays = self.observation_encoder.views(self._flat)
        self._mask_bytes = bytearray(self.encoding.size)
        self._mask: np.ndarray[Any, np.dtype[np.bool_]] = np.frombuffer(self._mask_bytes, np.bool_)
        self._legal: list[int] = []
        self._moves = self.encoding.moves
        self._position: Position | None = None
        self._game: sc.Game | None = None
        self._home = 0
        self._score = 0
        self.deal_number: int | None = None
        self.deal_code: str | None = None
        self.steps = 0

    # --- Gymnasium's API ----------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game: the deal drawn from the generator, or ``options["deal_number"]``.

        Returns:
            The first observation and ``info`` (``action_mask``,
            ``deal_number``, ``deal_code``).

        Raises:
            InvalidArgumentError: for an option other than ``deal_number``, or
                a deal number outside ``0 .. 2**64 - 1``.
        """
        super().reset(seed=seed)
        options = dict(options or {})
        deal_number = options.pop("deal_number", None)
        if options:
            raise InvalidArgumentError(f"unknown reset options {sorted(options)!r}")
        if deal_number is None:
            deal_number = int(self.np_random.integers(DEAL_NUMBERS))
        game = sc.Game(self.variant, deal_number)
        self._game = game if self._reward == "score" else None
        self._score = game.score
        self.deal_number = deal_number
        self.deal_code = None if game.code is None else str(game.code)
        self.steps = 0
        position = game.position
        self._position = position
        self._home = sum(position.foundations)
        self._update(position, incremental=False)
        info = {
            "action_mask": self._mask.copy() if self._copy else self._mask,
            "deal_number": deal_number,
            "deal_code": self.deal_code,
        }
        return self._observation(), info

    def step(self, action: SupportsInt) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play action ``action`` (see :class:`SolitaireEnv` for rewards and refusals).

        Args:
            action: an int ``0 <= action < n`` (a NumPy integer too):
                ``encoding.decode(action)`` is the move.

        Returns:
            ``(observation, reward, terminated, truncated, info)``: the new
            observation (the same one after a refused action), the reward
            (a float, by the ``reward`` option; ``illegal_penalty`` for a
            refused action), True when the game is won or stuck, True when
            the move cap is reached first, and ``info`` with
            ``action_mask`` (and ``refusal``, the broken rule's id, after a
            refused action).

        Raises:
            InvalidArgumentError: for an action outside ``0 .. n - 1``, or a
                step before the first reset.
            IllegalMoveError: for an illegal action with ``illegal_action="raise"``.
        """
        position = self._position
        if position is None:
            raise InvalidArgumentError("call reset() before step()")
        index = int(action)
        if not 0 <= index < len(self._mask_bytes):
            raise InvalidArgumentError(
                f"action must be 0..{len(self._mask_bytes) - 1}, got {action!r}"
            )
        self.steps += 1
        truncated = self.steps >= self._max_steps
        if not self._mask_bytes[index]:
            return self._refuse(position, index, truncated=truncated)
        move = self._moves[index]
        game = self._game
        if game is None:
            after = apply_move(self.variant, position, move)
        else:
            game.play(move)
            after = game.position
        self._position = after
        won = after.is_won
        if self._reward == "cards":
            home = sum(after.foundations)
            reward = float(home - self._home)
            self._home = home
        elif game is not None:
            reward = float(game.score - self._score)
            self._score = game.score
        else:
            reward = 1.0 if won else 0.0
        self._update(after)
        terminated = won or not self._legal
        info = {"action_mask": self._mask.copy() if self._copy else self._mask}
        return self._observation(), reward, terminated, truncated and not terminated, info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal actions now: a new ``bool`` array of shape ``(n,)`` (True: legal).

        The action ``i`` is legal exactly when ``encoding.decode(i)`` is in
        :func:`~solitaire_core.legal_moves` of the position (sb3-contrib's
        ``MaskablePPO`` calls this before every step).
        """
        return self._mask.copy()

    def render(self) -> str | None:
        """The board as the player sees it: text (``"ansi"``) or an SVG document (``"svg"``).

        None (with Gymnasium's warning) when the environment has no render mode.

        Raises:
            InvalidArgumentError: before the first reset.
        """
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render_mode ('ansi' or 'svg')")
            return None
        position = self._position
        if position is None:
            raise InvalidArgumentError("call reset() before render()")
        if self.render_mode == "svg":
            return board_svg(player_view(position), variant=self.variant)
        return render_board(position, variant=self.variant)

    # --- what an agent may ask besides ----------------------------------------

    @property
    def legal_moves(self) -> tuple[sc.Move, ...]:
        """The legal moves now, in the move generator's order (``()`` before a reset)."""
        position = self._position
        return () if position is None else legal_moves(self.variant, position)

    @property
    def view(self) -> sc.PlayerView | None:
        """The player's view of the current position (None before a reset)."""
        position = self._position
        return None if position is None else player_view(position)

    # --- inside ---------------------------------------------------------------

    def _update(self, position: Position, *, incremental: bool = True) -> None:
        """Rewrite the mask and the observation buffer for ``position``."""
        mask = self._mask_bytes
        for index in self._legal:
            mask[index] = 0
        legal = self.encoding.indices(legal_moves(self.variant, position))
        for index in legal:
            mask[index] = 1
        self._legal = legal
        self.observation_encoder.encode(
            player_view(position), self._buffer, incremental=incremental
        )

    def _observation(self) -> Observation:
        if self._copy:
            flat: Array = self._bytes.astype(np.int64)
            return flat if self._flat_observations else self.observation_encoder.views(flat)
        np.copyto(self._flat, self._bytes)
        return self._flat if self._flat_observations else self._arrays

    def _refuse(
        self, position: Position, index: int, *, truncated: bool
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        refusal = check_move(self.variant, position, self._moves[index])
        if refusal is None:  # the mask and the rules disagree: a bug of this module
            raise AssertionError(f"action {index} is masked but legal")
        if self._raise:
            self.steps -= 1
            raise IllegalMoveError(refusal)
        info = {
            "action_mask": self._mask.copy() if self._copy else self._mask,
            "refusal": refusal.rule.value,
        }
        return self._observation(), self._penalty, False, truncated, info


def _require_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    if value not in choices:
        known = ", ".join(repr(choice) for choice in choices)
        raise InvalidArgumentError(f"{name} must be one of {known}, got {value!r}")
