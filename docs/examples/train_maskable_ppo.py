"""Train MaskablePPO (sb3-contrib) on a small game; plot it against random play and the hint.

The game is Eastcliff (seven columns of three cards, one pass through a
stock of 31: :doc:`games/eastcliff`), played through
``gymnasium.make("solitaire_core/eastcliff-v0")`` with the default ``Dict``
observation, one-hot encoded into one vector by Gymnasium's
``FlattenObservation`` wrapper for Stable-Baselines3's ``MlpPolicy``, the
``"cards"`` reward (cards sent home) and a cap of 200 steps. Every
``--eval-every`` training steps the policy plays ``--eval-deals`` fixed deals
(deal numbers 1,000,000 and up, which training is very unlikely to see)
twice: sampling its masked policy, as in training (the curve), and always
taking the likeliest legal action (a greedy policy like that can go round in
circles, moving a card back and forth until the cap); each curve is the mean
of cards home, next to random masked play and the advisory hint (``Game.hint()``, which
reads the same player's view) on the same deals and with the same cap.

Run it (23 minutes for 150,000 steps on a shared 2-core CPU, evaluations
included; not part of the test suite)::

    pip install 'solitaire-core[rl,plot]' sb3-contrib
    python docs/examples/train_maskable_ppo.py --steps 150000 --out rl-learning-curve.png
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

import gymnasium
import matplotlib
import numpy as np
import torch
from gymnasium.wrappers import FlattenObservation
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.env_util import make_vec_env

import solitaire_core as sc
import solitaire_core.rl  # registers the environment ids

matplotlib.use("Agg")
import matplotlib.pyplot as plt

GAME = "eastcliff"
CAP = 200
FIRST_EVAL_DEAL = 1_000_000
STARTED = time.perf_counter()


def evaluate(policy: Any, deals: range) -> dict[str, float]:
    """Mean cards home and win rate of ``policy(observation, mask) -> action`` on ``deals``."""
    env = FlattenObservation(gymnasium.make(f"solitaire_core/{GAME}-v0", max_steps=CAP))
    homes, wins = [], 0
    for deal in deals:
        observation, info = env.reset(options={"deal_number": deal})
        total, done = 0.0, False
        while not done:
            action = policy(observation, info["action_mask"])
            observation, reward, terminated, truncated, info = env.step(action)
            total += reward
            done = terminated or truncated
        homes.append(total)
        wins += terminated and total == 52
    return {"cards_home": float(np.mean(homes)), "win_rate": wins / len(deals)}


def random_policy(seed: int) -> Any:
    """Uniformly random legal actions."""
    rng = np.random.default_rng(seed)
    return lambda observation, mask: rng.choice(np.flatnonzero(mask))


def hint_baseline(deals: range) -> dict[str, float]:
    """The advisory hint's games on the same deals, at most ``CAP`` moves each."""
    variant = sc.variants.lookup_variant(GAME)
    homes, wins = [], 0
    for deal in deals:
        game = sc.Game(variant, deal)
        for _ in game.play_hints(max_moves=CAP):
            pass
        homes.append(sum(game.position.foundations))
        wins += game.is_won
    return {"cards_home": float(np.mean(homes)), "win_rate": wins / len(deals)}


class Evaluation(BaseCallback):
    """Evaluates the policy on the fixed deals every ``every`` steps."""

    def __init__(self, every: int, deals: range, saved: Any) -> None:
        super().__init__()
        self.every, self.deals, self.saved = every, deals, saved
        self.points: list[dict[str, float]] = []
        self.next = 0

    def _policy(self, *, deterministic: bool) -> Any:
        def choose(observation: Any, mask: Any) -> int:
            action, _ = self.model.predict(
                observation, action_masks=mask, deterministic=deterministic
            )
            return int(action)

        return choose

    def _evaluate(self) -> None:
        sampled = evaluate(self._policy(deterministic=False), self.deals)
        likeliest = evaluate(self._policy(deterministic=True), self.deals)
        point = {
            "steps": float(self.num_timesteps),
            **sampled,
            "likeliest_cards_home": likeliest["cards_home"],
            "likeliest_win_rate": likeliest["win_rate"],
        }
        self.points.append(point)
        self.saved(self.points)
        print(
            f"  {self.num_timesteps:>8,} steps: {point['cards_home']:.1f} cards home "
            f"({point['likeliest_cards_home']:.1f} with the likeliest actions)",
            flush=True,
        )

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next:
            self._evaluate()
            self.next += self.every
        return True

    def _on_training_end(self) -> None:
        if self.points[-1]["steps"] != self.num_timesteps:
            self._evaluate()


def main() -> None:
    """Baselines, then training; the plot and its numbers are saved at every evaluation."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=150_000, help="training steps")
    parser.add_argument("--eval-every", type=int, default=15_000)
    parser.add_argument("--eval-deals", type=int, default=100)
    parser.add_argument("--envs", type=int, default=4, help="environments trained in parallel")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("rl-learning-curve.png"))
    parser.add_argument("--threads", type=int, default=1, help="PyTorch's threads (small nets)")
    parser.add_argument(
        "--replot", action="store_true", help="only redraw --out from the numbers saved beside it"
    )
    args = parser.parse_args()
    if args.replot:
        saved = json.loads(args.out.with_suffix(".json").read_text("utf-8"))
        args.eval_deals = saved["eval_deals"][1] - saved["eval_deals"][0] + 1
        draw(args, saved["baselines"], saved["curve"])
        return
    torch.set_num_threads(args.threads)
    random.seed(args.seed)
    deals = range(FIRST_EVAL_DEAL, FIRST_EVAL_DEAL + args.eval_deals)
    baselines = {"random": evaluate(random_policy(args.seed), deals), "hint": hint_baseline(deals)}
    print(f"random: {baselines['random']}, advisory hint: {baselines['hint']}", flush=True)

    envs = make_vec_env(
        f"solitaire_core/{GAME}-v0",
        n_envs=args.envs,
        wrapper_class=FlattenObservation,
        seed=args.seed,
        env_kwargs={
            "max_steps": CAP,
            "render_mode": None,
        },  # (SB3 asks for rgb_array)
    )
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        n_steps=512,
        batch_size=256,
        learning_rate=3e-4,
        gamma=0.99,
        ent_coef=0.01,
        seed=args.seed,
        verbose=0,
    )
    evaluation = Evaluation(args.eval_every, deals, lambda points: save(args, baselines, points))
    model.learn(total_timesteps=args.steps, callback=evaluation)
    print(json.dumps(save(args, baselines, evaluation.points), indent=1))


def save(
    args: argparse.Namespace, baselines: dict[str, Any], points: list[dict[str, float]]
) -> Any:
    """Draw the curve so far into ``args.out``, with its numbers beside it (``.json``)."""
    draw(args, baselines, points)
    summary = {
        "game": GAME,
        "training_steps": args.steps,
        "envs": args.envs,
        "seed": args.seed,
        "eval_deals": [FIRST_EVAL_DEAL, FIRST_EVAL_DEAL + args.eval_deals - 1],
        "baselines": baselines,
        "curve": points,
        "seconds": time.perf_counter() - STARTED,
    }
    args.out.with_suffix(".json").write_text(json.dumps(summary, indent=1) + "\n", "utf-8")
    return summary


def draw(
    args: argparse.Namespace, baselines: dict[str, Any], points: list[dict[str, float]]
) -> None:
    """The learning curves and the baselines, into ``args.out`` (a PNG)."""
    figure, axes = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    steps = [point["steps"] for point in points]
    sampled = [p["cards_home"] for p in points]
    axes.plot(steps, sampled, marker="o", label="MaskablePPO, sampling its policy")
    likeliest = [p["likeliest_cards_home"] for p in points]
    axes.plot(steps, likeliest, marker=".", ls="-.", color="tab:gray", label="its likeliest action")
    axes.axhline(baselines["hint"]["cards_home"], color="tab:green", ls="--", label="advisory hint")
    random_home = baselines["random"]["cards_home"]
    axes.axhline(random_home, color="tab:red", ls=":", label="random (masked)")
    axes.set_xlabel("training steps")
    axes.set_ylabel(f"cards home (mean of {args.eval_deals} deals)")
    axes.set_title(f"Eastcliff, at most {CAP} steps a game")
    axes.set_ylim(0, 52)
    axes.legend(loc="upper left")
    figure.tight_layout()
    figure.savefig(args.out)
    plt.close(figure)


if __name__ == "__main__":
    main()
