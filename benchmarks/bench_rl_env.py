"""RL environment benchmark: steps/s with random masked actions, ours against OpenSpiel.

Each environment plays ``--episodes`` episodes per round, each at most
``--cap`` steps, choosing every action uniformly among the legal ones with
NumPy's generator (``default_rng(seed)``), as a user's loop would:

* **ours**: ``gymnasium.make("solitaire_core/Solitaire-v0", game="klondike",
  max_steps=cap)`` with its default options (a ``Dict`` observation of new
  arrays every step, the mask in ``info``, the ``"cards"`` reward); the action
  is ``legal[rng.integers(len(legal))]`` with ``legal =
  np.flatnonzero(info["action_mask"])``. Measured for the pure-Python build
  (the editable install, in this process) and the compiled one (a worker
  process of its own install, timing itself), and the compiled one again with
  ``copy_observations=False, observation="flat"`` (arrays rewritten in place);
* **openspiel**: ``rl_environment.Environment("solitaire")`` (its
  observation tensor, legal actions and rewards in each ``TimeStep``), the
  action ``legal[rng.integers(len(legal))]`` of
  ``time_step.observations["legal_actions"][0]``; its chance events (the
  cards turned up) are sampled by the environment, inside ``step``. Its own
  depth limit is lifted (``depth_limit`` 100,000) so both stop at the cap.

Steps/s = steps / seconds of the whole loop (resets and the choice of actions
included), by the wall clock and per second of the process's CPU time (which
other work on a shared machine disturbs less). Rounds interleave the
environments (the order rotates), so a busier moment of the machine hits each
alike; the report gives the median round, and the median of the rounds'
ratios to OpenSpiel.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from builds import DEFAULT_BUILDS_DIR, compiled_python, run_worker
from common import machine_info, machine_line, optional_import, package_version

from solitaire_core import BUILD

OPENSPIEL_DEPTH_LIMIT = 100_000
RULES = {
    "ours": "Klondike draw 1 (KL1-D1N), unlimited recycles, take-backs; a draw and a recycle "
    "are actions (591 actions); pure Python (the editable install).",
    "ours-compiled": "the same, compiled build (`pip install .`: mypyc), in a worker process.",
    "ours-compiled-in-place": "the same, compiled, with `copy_observations=False, "
    'observation="flat"` (one array rewritten in place; the mask too).',
    "openspiel": "OpenSpiel `solitaire` through `rl_environment` (205 actions): draw 3 folded "
    "into the moves (no stock action), hidden cards revealed by chance events that the "
    "environment samples inside `step`; random deals (its chance events).",
}

Run = Callable[[int, int, int], dict[str, Any]]
"""(episodes, seed, cap) -> {"steps", "seconds", "cpu_seconds"}."""


# --------------------------------------------------------------------------- ours


def ours_loop(episodes: int, seed: int, cap: int, *, in_place: bool = False) -> dict[str, Any]:
    np = optional_import("numpy")
    gymnasium = optional_import("gymnasium")
    import solitaire_core.rl  # noqa: F401, PLC0415  (registers the ids)

    options: dict[str, Any] = {"copy_observations": False, "observation": "flat"}
    env = gymnasium.make(
        "solitaire_core/Solitaire-v0",
        game="klondike",
        max_steps=cap,
        **(options if in_place else {}),
    )
    rng = np.random.default_rng(seed)
    flatnonzero, integers = np.flatnonzero, rng.integers
    steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    _, info = env.reset(seed=seed)
    for episode in range(episodes):
        if episode:
            _, info = env.reset()
        done = False
        while not done:
            legal = flatnonzero(info["action_mask"])
            _, _, terminated, truncated, info = env.step(legal[integers(len(legal))])
            steps += 1
            done = terminated or truncated
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu
    return {"steps": steps, "seconds": seconds, "cpu_seconds": cpu_seconds, "build": BUILD}


def compiled_run(python: Path, *, in_place: bool) -> Run:
    def run(episodes: int, seed: int, cap: int) -> dict[str, Any]:
        arguments = ["--episodes", str(episodes), "--seed", str(seed), "--cap", str(cap)]
        answer = run_worker(
            python, "bench_rl_env.py", [*arguments, *(["--in-place"] if in_place else [])]
        )
        if answer.pop("build") != "compiled":
            raise RuntimeError("the compiled worker ran the pure build")
        return answer

    return run


def ensure_rl_extra(python: Path, log: Callable[[str], None]) -> None:
    """Install Gymnasium and NumPy (this environment's versions) into the compiled install."""
    check = [str(python), "-c", "import gymnasium, numpy"]
    if subprocess.run(check, capture_output=True, check=False).returncode == 0:
        return
    wanted = [f"{name}=={package_version(name)}" for name in ("gymnasium", "numpy")]
    log(f"  installing {' '.join(wanted)} into the compiled install ...")
    subprocess.run([str(python), "-m", "pip", "install", "-q", *wanted], check=True)


def worker(argv: list[str]) -> None:
    """``--worker --episodes N --seed S --cap C [--in-place]``: one pass, as JSON."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--episodes", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--cap", type=int, required=True)
    parser.add_argument("--in-place", action="store_true")
    args = parser.parse_args(argv)
    print(json.dumps(ours_loop(args.episodes, args.seed, args.cap, in_place=args.in_place)))


# ---------------------------------------------------------------------- OpenSpiel


def openspiel_run() -> Run | None:
    np = optional_import("numpy")
    rl_environment = optional_import("open_spiel.python.rl_environment")
    if rl_environment is None or np is None:
        return None

    def run(episodes: int, seed: int, cap: int) -> dict[str, Any]:
        env = rl_environment.Environment("solitaire", depth_limit=OPENSPIEL_DEPTH_LIMIT)
        env.seed(seed)
        rng = np.random.default_rng(seed)
        integers = rng.integers
        steps = 0
        start, cpu = time.perf_counter(), time.process_time()
        for _ in range(episodes):
            time_step = env.reset()
            for _ in range(cap):
                if time_step.last():
                    break
                legal = time_step.observations["legal_actions"][0]
                time_step = env.step([legal[integers(len(legal))]])
                steps += 1
        seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu
        return {"steps": steps, "seconds": seconds, "cpu_seconds": cpu_seconds}

    return run


# ------------------------------------------------------------------------ driver


def environments(compiled: Path | None) -> dict[str, Run]:
    found: dict[str, Run] = {"ours": ours_loop}
    if compiled is not None:
        found["ours-compiled"] = compiled_run(compiled, in_place=False)
        found["ours-compiled-in-place"] = compiled_run(compiled, in_place=True)
    openspiel = openspiel_run()
    if openspiel is not None:
        found["openspiel"] = openspiel
    return found


def run_benchmark(
    *, episodes: int, rounds: int, seed: int, cap: int, compiled: Path | None, log: Any
) -> dict[str, Any]:
    found = environments(compiled)
    names = list(found)
    wall: dict[str, list[float]] = {name: [] for name in names}
    cpu: dict[str, list[float]] = {name: [] for name in names}
    totals: dict[str, dict[str, float]] = {
        name: {"steps": 0, "seconds": 0.0, "cpu_seconds": 0.0} for name in names
    }
    for index in range(rounds):
        order = names[index % len(names) :] + names[: index % len(names)]
        for name in order:
            answer = found[name](episodes, seed + index, cap)
            wall[name].append(answer["steps"] / answer["seconds"])
            cpu[name].append(answer["steps"] / answer["cpu_seconds"])
            for key in totals[name]:
                totals[name][key] += answer[key]
            log(
                f"  round {index + 1}/{rounds} {name}: {wall[name][-1]:,.0f} steps/s "
                f"({cpu[name][-1]:,.0f} per CPU second)"
            )
    results: dict[str, Any] = {
        name: {
            "rules": RULES[name],
            **totals[name],
            "steps_per_second_median": statistics.median(wall[name]),
            "steps_per_cpu_second_median": statistics.median(cpu[name]),
            "steps_per_second_by_round": wall[name],
            "steps_per_cpu_second_by_round": cpu[name],
        }
        for name in names
    }
    if "openspiel" in results:
        for name in names:
            if name != "openspiel":
                results[name]["over_openspiel"] = {
                    "wall": statistics.median(
                        a / b for a, b in zip(wall[name], wall["openspiel"], strict=True)
                    ),
                    "cpu": statistics.median(
                        a / b for a, b in zip(cpu[name], cpu["openspiel"], strict=True)
                    ),
                }
    return results


def report(document: dict[str, Any]) -> str:
    results = document["environments"]
    settings = document["settings"]
    lines = [
        "# RL environment: steps per second with random masked actions",
        "",
        f"Command: `{document['command']}`.",
        "",
        machine_line(document["machine"]),
        f"Gymnasium {document['machine']['gymnasium']}, NumPy {document['machine']['numpy']}; "
        f"load average at the start {document['machine']['load_average_at_start']}.",
        "",
        f"{settings['episodes']} episodes of at most {settings['cap']} steps per environment "
        f"and round, {settings['rounds']} interleaved rounds (seed {settings['seed']}). Steps/s "
        "of the whole loop (resets and choosing the action included), median round: by the "
        "wall clock, and per second of CPU time of the process (which other work on the "
        "machine disturbs less). The ratio to OpenSpiel is the median of the rounds' ratios.",
        "",
        "| environment | steps/s | steps/CPU s | ours / OpenSpiel (wall) | (CPU) | steps |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name, row in results.items():
        ratio = row.get("over_openspiel")
        wall_ratio = "" if ratio is None else f"{ratio['wall']:.2f}x"
        cpu_ratio = "" if ratio is None else f"{ratio['cpu']:.2f}x"
        lines.append(
            f"| {name} | {row['steps_per_second_median']:,.0f} | "
            f"{row['steps_per_cpu_second_median']:,.0f} | {wall_ratio} | {cpu_ratio} | "
            f"{row['steps']:,.0f} |"
        )
    lines += ["", "Steps/s by round (wall clock):", ""]
    for name, row in results.items():
        per_round = ", ".join(f"{rate:,.0f}" for rate in row["steps_per_second_by_round"])
        lines.append(f"* {name}: {per_round}")
    lines += ["", "What each row runs:", ""]
    lines += [f"* **{name}**: {row['rules']}" for name, row in results.items()]
    target = document.get("target")
    if target is not None:
        verdict = "met" if target["met"] else "NOT met"
        lines += [
            "",
            "Target (issue 34): the compiled build at least OpenSpiel's rate; measured "
            f"{target['ratio']['wall']:.2f}x by the wall clock and {target['ratio']['cpu']:.2f}x "
            f"per CPU second: **{verdict}**.",
        ]
    return "\n".join(lines) + "\n"


def main() -> None:
    if sys.argv[1:2] == ["--worker"]:
        worker(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=100, help="episodes per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cap", type=int, default=200, help="steps per episode at most")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--builds-dir", type=Path, default=DEFAULT_BUILDS_DIR)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    args = parser.parse_args()

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    machine = machine_info()
    compiled = compiled_python(args.builds_dir, log)
    if compiled is not None:
        ensure_rl_extra(compiled, log)
        machine["build"] = "pure and compiled"
    machine["peers"] = {"openspiel": package_version("open-spiel")}
    machine["gymnasium"] = package_version("gymnasium")
    machine["numpy"] = package_version("numpy")
    results = run_benchmark(
        episodes=args.episodes,
        rounds=args.rounds,
        seed=args.seed,
        cap=args.cap,
        compiled=compiled,
        log=log,
    )
    document: dict[str, Any] = {
        "command": " ".join(["python", "benchmarks/bench_rl_env.py", *sys.argv[1:]]),
        "settings": {
            "episodes": args.episodes,
            "rounds": args.rounds,
            "cap": args.cap,
            "seed": args.seed,
        },
        "machine": machine,
        "environments": results,
        "missing": [name for name in ("ours-compiled", "openspiel") if name not in results],
    }
    if "ours-compiled" in results and "over_openspiel" in results["ours-compiled"]:
        ratio = results["ours-compiled"]["over_openspiel"]
        document["target"] = {"needed": 1.0, "ratio": ratio, "met": min(ratio.values()) >= 1.0}
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "rl-env.json").write_text(json.dumps(document, indent=1) + "\n", "utf-8")
    (args.out / "rl-env.md").write_text(report(document), "utf-8")
    log(report(document))


if __name__ == "__main__":
    main()
