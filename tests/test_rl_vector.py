"""Gymnasium's vector environments run the environment: sync and async give the same games."""

from __future__ import annotations

from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

import solitaire_core.rl  # noqa: F401  (registers the ids)


def play(mode: str) -> list[Any]:
    """Three copies of Yukon with a short cap, 60 masked random steps (episodes restart)."""
    envs = gymnasium.make_vec(
        "solitaire_core/Solitaire-v0",
        num_envs=3,
        vectorization_mode=mode,
        game="yukon",
        max_steps=15,
    )
    try:
        observations, infos = envs.reset(seed=[1, 2, 3])
        rng = np.random.default_rng(0)
        trace: list[Any] = [observations["tableau"].copy()]
        for _ in range(60):
            masks = infos["action_mask"]
            assert masks.shape == (3, envs.single_action_space.n)
            called = np.stack(envs.call("action_masks"))
            assert (called == masks).all()
            actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])
            observations, rewards, terminated, truncated, infos = envs.step(actions)
            assert envs.observation_space.contains(observations)
            trace.append((observations["tableau"].copy(), rewards, terminated, truncated))
        return trace
    finally:
        envs.close()


def same(a: Any, b: Any) -> bool:
    if isinstance(a, np.ndarray):
        return bool((a == b).all())
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def test_sync_and_async_vector_envs_play_the_same_games() -> None:
    synced = play("sync")
    assert any(step[3].any() for step in synced[1:])  # episodes were truncated and restarted
    assert same(synced, play("async"))
