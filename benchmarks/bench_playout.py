"""Playout benchmark: uniformly random legal moves, ours against OpenSpiel and soliterm.

Every engine plays the same number of games with the same portable generator
(SplitMix64 from ``seed``, as ``solitaire-core playout`` documents): a move is
``moves[choose(len(moves))]`` among the engine's own legal moves, at most
``cap`` actions (moves) per game. Per engine and round there are two passes
over the same games:

* a plain pass, timed as a whole: **actions/s** (game set-up and the chooser
  included, as a user's loop would have them);
* an instrumented pass, each call timed with ``perf_counter_ns``: **legal-move
  calls/s** (calls / time inside them) and **apply calls/s**.

Rounds interleave the engines (the order rotates each round), so a slower or
busier moment of the machine hits every engine alike. The comparison is per
action, because the rules differ (see :data:`RULES`).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from builds import run_worker
from common import optional_import, target_lines

from solitaire_core import BUILD, KLONDIKE, SplitMix64, deal_position
from solitaire_core.playout import playout_deals, run_playouts
from solitaire_core.rules.board import Board

OPENSPIEL_DEPTH_LIMIT = 100_000
"""OpenSpiel's own game-length limit (chance steps included), set far above the cap."""

OURS_RULES = (
    "Klondike draw 1 (KL1-D1N): unlimited recycles, take-backs from the foundations; "
    "a column move of any face-up group; a draw and a recycle are actions; a flip is part "
    "of the move that uncovers the card. Deals: `playout_deals(seed)`."
)
RULES = {
    "ours": f"pure Python (the editable install). {OURS_RULES}",
    "ours-compiled": "the compiled build (`pip install .`: mypyc), the same games and moves as "
    "ours, in a worker process that times itself.",
    "openspiel": "OpenSpiel `solitaire`: no stock action (every third waste card is playable "
    "directly: draw 3 folded into the moves, so no draws are counted), hidden cards are "
    "revealed by separate chance steps (resolved with the same generator, timed as part of "
    "the apply that uncovered them); its depth limit is set to 100,000. Deals: its chance "
    "steps drawn with the seed (random deals, not ours).",
    "soliterm": "soliterm `klondike`, draw 1, with its `redeals: unlimited` option (its default "
    "is AisleRiot's 2 redeals at draw 1); an ace may go to any empty foundation slot; "
    "`attempt_move` checks the move and records an undo step (its public apply). Deals: ours, "
    "laid into its slots card for card.",
}
BASELINE_RULES = (
    "the compiled build of an earlier commit (`run.py --baseline-commit`), the same games and "
    "moves as ours, in a worker process that times itself."
)


@dataclass
class Tally:
    """Counts (and, for the instrumented pass, nanoseconds) of one pass."""

    games: int = 0
    actions: int = 0
    wins: int = 0
    legal_calls: int = 0
    legal_ns: int = 0
    apply_calls: int = 0
    apply_ns: int = 0
    seconds: float = 0.0


Pass = Callable[[tuple[int, ...], int, int], Tally]
"""(deal numbers, seed, cap) -> tally."""


def _choices(seed: int) -> Callable[[int], int]:
    """The move chooser of ``run_playouts`` for ``seed``."""
    return SplitMix64(SplitMix64(seed).next()).bounded


# --------------------------------------------------------------------------- ours


def ours_plain(deals: tuple[int, ...], seed: int, cap: int) -> Tally:
    totals = run_playouts(KLONDIKE, games=len(deals), seed=seed, max_actions=cap)
    return Tally(games=totals.games, actions=totals.actions, wins=totals.wins)


def ours_timed(deals: tuple[int, ...], seed: int, cap: int) -> Tally:
    """The loop of ``run_playouts`` (a board per game), each call timed."""
    clock = time.perf_counter_ns
    choose = _choices(seed)
    tally = Tally(games=len(deals))
    for deal in deals:
        board = Board(KLONDIKE, deal_position(KLONDIKE, deal))
        for _ in range(cap):
            start = clock()
            moves = board.legal_moves()
            middle = clock()
            tally.legal_ns += middle - start
            tally.legal_calls += 1
            if not moves:
                break
            move = moves[choose(len(moves))]
            start = clock()
            board.play(move)
            tally.apply_ns += clock() - start
            tally.apply_calls += 1
            tally.actions += 1
        tally.wins += board.is_won
    return tally


def compiled_passes(python: Path) -> tuple[Pass, Pass]:
    """Ours in the compiled build: both passes in a worker process of that install."""

    def make(kind: str) -> Pass:
        def run(deals: tuple[int, ...], seed: int, cap: int) -> Tally:
            answer = run_worker(
                python,
                "bench_playout.py",
                [kind, "--games", str(len(deals)), "--seed", str(seed), "--cap", str(cap)],
            )
            answer.pop("build")
            return Tally(**answer)

        return run

    return make("plain"), make("timed")


def worker(argv: list[str]) -> None:
    """``--worker plain|timed --games N --seed S --cap C``: one pass, timed here, as JSON."""
    parser = argparse.ArgumentParser()
    parser.add_argument("kind", choices=("plain", "timed"))
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--cap", type=int, required=True)
    args = parser.parse_args(argv)
    deals = playout_deals(seed=args.seed, games=args.games)
    run = ours_plain if args.kind == "plain" else ours_timed
    start = time.perf_counter()
    tally = run(deals, args.seed, args.cap)
    tally.seconds = time.perf_counter() - start
    print(json.dumps({**asdict(tally), "build": BUILD}))


# --------------------------------------------------------------------- OpenSpiel


def _openspiel_game() -> Any:
    pyspiel = optional_import("pyspiel")
    if pyspiel is None:
        return None
    return pyspiel.load_game("solitaire", {"depth_limit": OPENSPIEL_DEPTH_LIMIT})


def _openspiel_won(state: Any) -> bool:
    """All four foundations up to their king (read from the state's text, once a game)."""
    for line in str(state).splitlines():
        if line.startswith("FOUNDATIONS"):
            tops = line.split(":", 1)[1].split()
            return len(tops) == 4 and all(top.startswith("K") for top in tops)
    return False


def openspiel_plain(game: Any) -> Pass:
    def run(deals: tuple[int, ...], seed: int, cap: int) -> Tally:
        choose = _choices(seed)
        tally = Tally(games=len(deals))
        for _ in deals:
            state = game.new_initial_state()
            while state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[choose(len(outcomes))][0])
            for _ in range(cap):
                if state.is_terminal():
                    break
                actions = state.legal_actions()
                if not actions:
                    break
                state.apply_action(actions[choose(len(actions))])
                while state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[choose(len(outcomes))][0])
                tally.actions += 1
            tally.wins += _openspiel_won(state)
        return tally

    return run


def openspiel_timed(game: Any) -> Pass:
    def run(deals: tuple[int, ...], seed: int, cap: int) -> Tally:
        clock = time.perf_counter_ns
        choose = _choices(seed)
        tally = Tally(games=len(deals))
        for _ in deals:
            state = game.new_initial_state()
            while state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[choose(len(outcomes))][0])
            for _ in range(cap):
                start = clock()
                actions = [] if state.is_terminal() else state.legal_actions()
                tally.legal_ns += clock() - start
                tally.legal_calls += 1
                if not actions:
                    break
                action = actions[choose(len(actions))]
                start = clock()
                state.apply_action(action)
                while state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[choose(len(outcomes))][0])
                tally.apply_ns += clock() - start
                tally.apply_calls += 1
                tally.actions += 1
            tally.wins += _openspiel_won(state)
        return tally

    return run


# ---------------------------------------------------------------------- soliterm


def _soliterm_game(engine: Any, deal: int) -> Any:
    """A soliterm Klondike game holding our deal ``deal`` (draw 1, unlimited redeals)."""
    game = engine.new_solitaire("klondike", seed=0, options={"draw": 1, "redeals": "unlimited"})
    position = deal_position(KLONDIKE, deal)

    def card(index: int, *, face_up: bool) -> Any:
        return engine.Card(index % 13 + 1, "SHDC"[index // 13], face_up)

    (stock,) = game.ids_of("stock")
    (waste,) = game.ids_of("waste")
    game.slots[stock].cards = [card(index, face_up=False) for index in position.stock]
    game.slots[waste].cards = []
    for slot, pile, down in zip(
        game.ids_of("tableau"), position.tableau, position.face_down, strict=True
    ):
        game.slots[slot].cards = [card(index, face_up=i >= down) for i, index in enumerate(pile)]
    game.update_status()
    return game


def soliterm_plain(engine: Any) -> Pass:
    def run(deals: tuple[int, ...], seed: int, cap: int) -> Tally:
        choose = _choices(seed)
        tally = Tally(games=len(deals))
        for deal in deals:
            game = _soliterm_game(engine, deal)
            for _ in range(cap):
                won = game.is_won()
                moves = [] if won else game.legal_moves()
                count = 0 if won else len(moves) + game.can_deal()
                if not count:
                    break
                index = choose(count)
                if index == len(moves):
                    game.deal()
                else:
                    game.attempt_move(*moves[index])
                tally.actions += 1
            tally.wins += game.is_won()
        return tally

    return run


def soliterm_timed(engine: Any) -> Pass:
    def run(deals: tuple[int, ...], seed: int, cap: int) -> Tally:
        clock = time.perf_counter_ns
        choose = _choices(seed)
        tally = Tally(games=len(deals))
        for deal in deals:
            game = _soliterm_game(engine, deal)
            for _ in range(cap):
                start = clock()
                won = game.is_won()
                moves = [] if won else game.legal_moves()
                count = 0 if won else len(moves) + game.can_deal()
                tally.legal_ns += clock() - start
                tally.legal_calls += 1
                if not count:
                    break
                index = choose(count)
                start = clock()
                if index == len(moves):
                    game.deal()
                else:
                    game.attempt_move(*moves[index])
                tally.apply_ns += clock() - start
                tally.apply_calls += 1
                tally.actions += 1
            tally.wins += game.is_won()
        return tally

    return run


# ------------------------------------------------------------------------ driver


def engines(
    compiled: Path | None, baseline: tuple[str, Path] | None = None
) -> dict[str, tuple[Pass, Pass]]:
    """The engines installed here: name -> (plain pass, instrumented pass).

    ``compiled``: the interpreter of a compiled install (None: not measured);
    ``baseline``: an earlier commit and the interpreter of its compiled
    install, measured as ``ours-compiled-<commit>`` (None: not measured).
    """
    found: dict[str, tuple[Pass, Pass]] = {"ours": (ours_plain, ours_timed)}
    if compiled is not None:
        found["ours-compiled"] = compiled_passes(compiled)
    if baseline is not None:
        found[baseline_name(baseline[0])] = compiled_passes(baseline[1])
    game = _openspiel_game()
    if game is not None:
        found["openspiel"] = (openspiel_plain(game), openspiel_timed(game))
    soliterm = optional_import("soliterm.engine")
    if soliterm is not None:
        found["soliterm"] = (soliterm_plain(soliterm), soliterm_timed(soliterm))
    return found


def baseline_name(commit: str) -> str:
    """The engine name of the compiled build of an earlier commit (``--baseline-commit``)."""
    return f"ours-compiled-{commit}"


def whole_process(games: int, seed: int, cap: int) -> dict[str, Any]:
    """``solitaire-core playout`` timed as a process (interpreter start-up included)."""
    command = [sys.executable, "-m", "solitaire_core", "playout", "--games", str(games)]
    command += ["--seed", str(seed), "--max-actions", str(cap), "--json"]
    start = time.perf_counter()
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    seconds = time.perf_counter() - start
    totals: dict[str, int] = json.loads(output)
    return {
        "command": " ".join(["solitaire-core", *command[3:]]),
        "totals": totals,
        "seconds": seconds,
        "actions_per_second": totals["actions"] / seconds,
    }


def run_benchmark(
    *,
    games: int,
    rounds: int,
    seed: int,
    cap: int,
    log: Callable[[str], None],
    compiled: Path | None = None,
    baseline: tuple[str, Path] | None = None,
) -> dict[str, Any]:
    """Interleaved rounds over every installed engine; returns the JSON section.

    ``compiled``: the interpreter of a compiled install, measured as
    ``ours-compiled`` (:func:`compiled_passes`); the ratios to the peers are
    given for both of our builds. ``baseline``: an earlier commit and its
    compiled install's interpreter, measured as ``ours-compiled-<commit>``
    and compared with ``ours-compiled`` (``run.py --baseline-commit``).
    """
    deals = playout_deals(seed=seed, games=games)
    installed = engines(compiled, baseline)
    totals = {name: Tally() for name in installed}
    timed = {name: Tally() for name in installed}
    per_round: dict[str, list[float]] = {name: [] for name in installed}
    names = list(installed)
    for round_index in range(rounds):
        order = names[round_index % len(names) :] + names[: round_index % len(names)]
        for name in order:
            plain_pass, timed_pass = installed[name]
            start = time.perf_counter()
            tally = plain_pass(deals, seed, cap)
            if not tally.seconds:  # (a worker process times itself)
                tally.seconds = time.perf_counter() - start
            _add(totals[name], tally)
            per_round[name].append(tally.actions / tally.seconds)
            start = time.perf_counter()
            instrumented = timed_pass(deals, seed, cap)
            if not instrumented.seconds:
                instrumented.seconds = time.perf_counter() - start
            if (instrumented.actions, instrumented.wins) != (tally.actions, tally.wins):
                raise RuntimeError(f"{name}: the instrumented pass played other games")
            _add(timed[name], instrumented)
            log(
                f"  round {round_index + 1}/{rounds} {name}: "
                f"{tally.actions / tally.seconds:,.0f} actions/s"
            )
    results: dict[str, Any] = {}
    for name in names:
        plain, instrumented = totals[name], timed[name]
        results[name] = {
            "rules": RULES.get(name, BASELINE_RULES),
            "games": plain.games,
            "actions": plain.actions,
            "wins": plain.wins,
            "seconds": plain.seconds,
            "actions_per_second": plain.actions / plain.seconds,
            "actions_per_second_by_round": per_round[name],
            "legal_calls_per_second": instrumented.legal_calls / (instrumented.legal_ns / 1e9),
            "apply_calls_per_second": instrumented.apply_calls / (instrumented.apply_ns / 1e9),
            "instrumented": asdict(instrumented),
        }
    ours_builds = [name for name in names if name.startswith("ours")]
    keys = RATIO_KEYS
    for name in names:
        if name.startswith("ours"):
            continue
        peer = results[name]
        peer["ours_over_peer"] = {key: results["ours"][key] / peer[key] for key in keys}
        for build in ours_builds[1:]:
            peer[f"{build}_over_peer"] = {key: results[build][key] / peer[key] for key in keys}
    process = whole_process(games, seed, cap)
    log(f"  whole process: {process['actions_per_second']:,.0f} actions/s")
    before: dict[str, Any] = {}
    if baseline is not None and "ours-compiled" in results:
        old, new = results[baseline_name(baseline[0])], results["ours-compiled"]
        before = {
            "commit": baseline[0],
            "same_games": (old["actions"], old["wins"]) == (new["actions"], new["wins"]),
            "compiled_over_baseline": {key: new[key] / old[key] for key in RATIO_KEYS},
        }
    return {
        "games_per_round": games,
        "rounds": rounds,
        "seed": seed,
        "max_actions": cap,
        "engines": results,
        "missing": [name for name in ("openspiel", "soliterm") if name not in results],
        "whole_process": process,
        "targets": _targets(results),
        **({"compiled_baseline": before} if before else {}),
    }


def _add(into: Tally, tally: Tally) -> None:
    for key, value in asdict(tally).items():
        setattr(into, key, getattr(into, key) + value)


RATIO_KEYS = ("actions_per_second", "legal_calls_per_second", "apply_calls_per_second")
"""The measures compared between engines."""

TARGETS = (
    ("ours", "openspiel", 0.9),
    ("ours-compiled", "openspiel", 2.0),
    ("ours", "soliterm", 10.0),
)
"""(our build, peer, the least ratio of actions/s): the fast-core issue's targets for
OpenSpiel (0.9x pure, 2x compiled) and the first issue's for soliterm (10x)."""


def _targets(results: dict[str, Any]) -> dict[str, Any]:
    """Each target of :data:`TARGETS` whose engines were measured, met or not."""
    targets: dict[str, Any] = {}
    for build, name, needed in TARGETS:
        if name in results and build in results:
            ratio = results[build]["actions_per_second"] / results[name]["actions_per_second"]
            met = ratio >= needed
            targets[f"{build} vs {name}"] = {"needed": needed, "ratio": ratio, "met": met}
    return targets


def markdown(section: dict[str, Any]) -> list[str]:
    results = section["engines"]
    lines = [
        f"## Random playouts (Klondike draw 1, {section['games_per_round']} games x "
        f"{section['rounds']} rounds, seed {section['seed']}, at most "
        f"{section['max_actions']} actions a game)",
        "",
        "| engine | actions/s | legal-move calls/s | apply calls/s | ours/peer actions/s "
        "| ours/peer legal | ours/peer apply | actions | wins |",
        # (the ours-compiled row: its ratios to OpenSpiel)
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, result in results.items():
        ratios = result.get("ours_over_peer")
        if name == "ours-compiled" and "openspiel" in results:
            ratios = {key: result[key] / results["openspiel"][key] for key in RATIO_KEYS}
        ratio_cells = (
            " | ".join(
                f"{ratios[key]:.2f}x"
                for key in (
                    "actions_per_second",
                    "legal_calls_per_second",
                    "apply_calls_per_second",
                )
            )
            if ratios
            else "- | - | -"
        )
        lines.append(
            f"| {name} | {result['actions_per_second']:,.0f} | "
            f"{result['legal_calls_per_second']:,.0f} | {result['apply_calls_per_second']:,.0f} | "
            f"{ratio_cells} | {result['actions']:,} | {result['wins']} |"
        )
    process = section["whole_process"]
    lines += [
        "",
        f"Whole process: `{process['command']}` took {process['seconds']:.2f} s for "
        f"{process['totals']['actions']:,} actions ({process['actions_per_second']:,.0f} "
        "actions/s, interpreter start-up and imports included).",
        "",
    ]
    lines += target_lines(section["targets"], "the peer's actions/s")
    before = section.get("compiled_baseline")
    if before:
        ratios = before["compiled_over_baseline"]
        lines.append(
            f"* The compiled build against the compiled build of commit {before['commit']}: "
            f"{ratios['actions_per_second']:.3f}x its actions/s, "
            f"{ratios['legal_calls_per_second']:.3f}x its legal-move calls/s, "
            f"{ratios['apply_calls_per_second']:.3f}x its apply calls/s; "
            + ("the same games." if before["same_games"] else "**other games**.")
        )
    for name in section["missing"]:
        lines.append(f"* {name}: not installed, skipped (`pip install -e '.[bench]'`).")
    lines += ["", "Rules of each engine (the comparison is per action):", ""]
    lines += [f"* **{name}**: {result['rules']}" for name, result in results.items()]
    return lines


if __name__ == "__main__" and sys.argv[1:2] == ["--worker"]:
    worker(sys.argv[2:])
