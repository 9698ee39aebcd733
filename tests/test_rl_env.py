"""The Gymnasium environment (solitaire_core.rl.env): checks, masks, rewards, episodes, render.

The mask is compared with ``legal_moves`` of a position this test keeps
itself, by replaying the decoded actions from the deal with ``apply_move``;
the environment's own position is never read.
"""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import attrs
import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env
from strategies import SHIPPED_GAMES

import solitaire_core as sc
from solitaire_core import IllegalMoveError, InvalidArgumentError, Variant
from solitaire_core.rl import GENERIC_ID, SolitaireEnv, game_id
from solitaire_core.variants import variant_key


def arrays(observation: object) -> dict[str, Any]:
    """A ``Dict`` observation, typed."""
    assert isinstance(observation, dict)
    return observation


def masked_action(info: dict[str, Any], rng: random.Random) -> int:
    return int(rng.choice(np.flatnonzero(info["action_mask"])))


@pytest.mark.parametrize("variant", SHIPPED_GAMES, ids=lambda variant: variant.name)
def test_gymnasium_env_checker_passes(variant: Variant) -> None:
    for observation in ("dict", "flat"):
        env = gymnasium.make(
            GENERIC_ID, game=variant_key(variant), observation=observation, render_mode="ansi"
        )
        check_env(env.unwrapped)


@pytest.mark.parametrize("variant", SHIPPED_GAMES, ids=lambda variant: variant.name)
def test_the_mask_is_the_legal_moves(variant: Variant) -> None:
    """Random masked play of two games of every game; the mask, observation and reward checked."""
    env = SolitaireEnv(variant, max_steps=150)
    rng = random.Random(variant.name)
    for episode in range(2):
        observation, info = env.reset(seed=episode)
        position = sc.deal_position(variant, info["deal_number"])
        done = False
        while not done:
            mask = info["action_mask"]
            assert mask.dtype == np.bool_ and mask.shape == (env.action_space.n,)
            legal = sc.legal_moves(variant, position)
            assert [env.encoding.decode(i) for i in np.flatnonzero(mask)] == sorted(
                legal, key=env.encoding.encode
            )
            assert (env.action_masks() == mask).all()
            assert env.observation_space.contains(observation)
            action = masked_action(info, rng)
            before = sum(position.foundations)
            position = sc.apply_move(variant, position, env.encoding.decode(action))
            observation, reward, terminated, truncated, info = env.step(action)
            assert reward == sum(position.foundations) - before
            assert terminated == (position.is_won or not sc.legal_moves(variant, position))
            done = terminated or truncated
        assert env.steps <= 150 and (terminated or env.steps == 150)


def test_the_same_seed_plays_the_same_episode() -> None:
    def episode(seed: int) -> list[Any]:
        env = gymnasium.make("solitaire_core/klondike-draw3-v0", max_steps=80)
        observation, info = env.reset(seed=seed)
        env.action_space.seed(seed)
        trace: list[Any] = [info["deal_code"], arrays(observation)["tableau"].tolist()]
        done = False
        while not done:
            action = env.action_space.sample(mask=info["action_mask"].astype(np.int8))
            observation, reward, terminated, truncated, info = env.step(action)
            trace.append((int(action), reward, terminated, truncated))
            trace.append({key: array.tolist() for key, array in arrays(observation).items()})
            done = terminated or truncated
        return trace

    assert episode(7) == episode(7)
    assert episode(7)[0] != episode(8)[0]


def test_reset_deals_a_chosen_deal_and_names_its_code() -> None:
    env = SolitaireEnv("klondike")
    _, info = env.reset(options={"deal_number": 6})
    assert (info["deal_number"], info["deal_code"]) == (6, "KL1-D1N-AAAAAAG")
    assert env.deal_code == "KL1-D1N-AAAAAAG"
    with pytest.raises(InvalidArgumentError, match="unknown reset options"):
        env.reset(options={"deal": 6})


def test_a_variant_of_your_own_plays_without_codes() -> None:
    house = attrs.evolve(sc.KLONDIKE, name="House Klondike", code_prefix=None)
    env = SolitaireEnv(house)
    check_env(env, skip_render_check=True)
    _, info = env.reset(seed=3)
    assert info["deal_code"] is None and env.variant is house
    _, info = SolitaireEnv("klondike").reset(options={"deal_number": 26**7})
    assert info["deal_code"] is None  # past the seven letters of a deal code


def test_an_illegal_action_changes_nothing() -> None:
    env = SolitaireEnv("klondike", illegal_penalty=-2.5)
    observation, info = env.reset(options={"deal_number": 6})
    illegal = env.encoding.encode(sc.Move.parse("w3"))
    assert not info["action_mask"][illegal]
    again, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["refusal"]) == (-2.5, False, False, "EMPTY_SOURCE")
    assert all((arrays(again)[key] == array).all() for key, array in arrays(observation).items())
    assert env.steps == 1  # a refused action counts toward the cap

    strict = SolitaireEnv("klondike", illegal_action="raise")
    strict.reset(options={"deal_number": 6})
    with pytest.raises(IllegalMoveError) as error:
        strict.step(illegal)
    assert error.value.refusal.rule.value == "EMPTY_SOURCE" and strict.steps == 0
    for action in (-1, strict.action_space.n):
        with pytest.raises(InvalidArgumentError, match="action must be"):
            strict.step(action)


def test_rewards_follow_the_option() -> None:
    """A won Réfléchi game (every card known: the solver finds the line) under each reward."""
    variant = sc.REFLECHI
    line = sc.solve(variant, sc.deal_position(variant, 1), max_positions=200_000).moves
    assert line
    game = sc.Game(variant, 1)
    totals = {}
    for reward in ("cards", "score", "win"):
        env = SolitaireEnv(variant, reward=reward, max_steps=len(line))
        env.reset(options={"deal_number": 1})
        rewards = []
        for move in line:
            _, value, terminated, truncated, info = env.step(env.encoding.encode(move))
            rewards.append(value)
        assert terminated and not truncated and not info["action_mask"].any()
        totals[reward] = rewards
    for move in line:
        game.play(move)
    assert sum(totals["cards"]) == 52
    assert sum(totals["score"]) == game.score - variant.scoring.initial
    assert totals["win"] == [0.0] * (len(line) - 1) + [1.0]


def test_vegas_scores_in_dollars() -> None:
    env = SolitaireEnv("klondike-vegas", reward="score")
    env.reset(options={"deal_number": 6})
    _, reward, *_ = env.step(env.encoding.encode(sc.Move.parse("7f")))
    assert reward == 5.0  # $5 a card home


def test_the_move_cap_truncates() -> None:
    env = SolitaireEnv("klondike", max_steps=3)
    _, info = env.reset(seed=0)
    rng = random.Random(0)
    flags = []
    for _ in range(3):
        _, _, terminated, truncated, info = env.step(masked_action(info, rng))
        flags.append((terminated, truncated))
    assert flags == [(False, False), (False, False), (False, True)]


def test_observations_are_new_arrays_unless_asked() -> None:
    env = SolitaireEnv("klondike")
    first, info = env.reset(seed=0)
    second, *_ = env.step(masked_action(info, random.Random(0)))
    assert not np.shares_memory(arrays(first)["tableau"], arrays(second)["tableau"])
    fast = SolitaireEnv("klondike", copy_observations=False, observation="flat")
    first, info = fast.reset(seed=0)
    second, *_, info = fast.step(masked_action(info, random.Random(0)))
    assert first is second  # rewritten in place
    observation = arrays(SolitaireEnv("klondike").reset(seed=0)[0])
    flat = np.concatenate([observation[key].ravel() for key in env.observation_encoder.keys])
    assert (flat == fast.reset(seed=0)[0]).all()  # the flat observation: the entries in order


def test_render_shows_only_the_players_view() -> None:
    env = SolitaireEnv("klondike", render_mode="ansi")
    env.reset(options={"deal_number": 6})
    text = env.render()
    assert isinstance(text, str) and "##" in text
    position = sc.deal_position(sc.KLONDIKE, 6)
    hidden = [sc.card_text(card) for card in position.stock] + [
        sc.card_text(card)
        for pile, down in zip(position.tableau, position.face_down, strict=True)
        for card in pile[:down]
    ]
    assert not any(card in text.split() for card in hidden)
    svg = SolitaireEnv("yukon", render_mode="svg")
    svg.reset(seed=0)
    picture = svg.render()
    assert isinstance(picture, str) and picture.startswith("<svg")
    with pytest.warns(UserWarning, match="render_mode"):
        assert SolitaireEnv("klondike").render() is None  # no render mode


def test_options_are_checked() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"game": "no-such-game"}, "unknown game"),
        ({"reward": "points"}, "reward must be one of"),
        ({"illegal_action": "ignore"}, "illegal_action must be one of"),
        ({"observation": "image"}, "observation must be one of"),
        ({"max_steps": 0}, "max_steps must be an int"),
        ({"illegal_penalty": "-1"}, "illegal_penalty must be a number"),
        ({"render_mode": "human"}, "render_mode must be"),
    ]
    for options, words in cases:
        with pytest.raises(InvalidArgumentError, match=words):
            SolitaireEnv(**options)
    with pytest.raises(InvalidArgumentError, match="reset"):
        SolitaireEnv().step(0)


def test_every_game_has_its_own_id() -> None:
    for key in sc.SHIPPED_VARIANTS:
        assert game_id(key) in gymnasium.registry
    env = gymnasium.make("solitaire_core/canfield-v0", reward="win")
    assert env.unwrapped.variant is sc.variants.CANFIELD
    assert gymnasium.make(GENERIC_ID).unwrapped.variant is sc.KLONDIKE


def test_make_imports_the_package_itself() -> None:
    """Gymnasium loads no plugins: the ``module:id`` form imports solitaire_core.rl first."""
    script = (
        "import gymnasium, sys\n"
        "env = gymnasium.make('solitaire_core.rl:solitaire_core/Solitaire-v0', game='yukon')\n"
        "print(env.unwrapped.variant.name, 'solitaire_core.rl' in sys.modules)\n"
    )
    output = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    assert output.split() == ["Yukon", "True"]
