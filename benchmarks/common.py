"""Helpers shared by the peer benchmarks: optional imports, machine info, statistics."""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import json
import math
import os
import platform
import statistics
import subprocess
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import solitaire_core
from solitaire_core.codes import deal_number_to_letters
from solitaire_core.errors import SolitaireError
from solitaire_core.survey.deals import header_text
from solitaire_core.variants import lookup_variant

PEER_PACKAGES = {"openspiel": "open-spiel", "soliterm": "soliterm", "pyksolve": "pyksolve"}
"""Peer name in the report -> its PyPI distribution (``pip install -e '.[bench]'``)."""


def parse_games(text: str, groups: Mapping[str, Callable[[], list[str]]]) -> tuple[str, ...]:
    """The deal-code prefixes of a ``--games`` option: comma-separated, without repeats.

    Each part is a game as :func:`~solitaire_core.variants.lookup_variant`
    finds it (a prefix, a key, a name), or the name of one of ``groups``
    (lower case), which gives its prefixes.

    Raises:
        argparse.ArgumentTypeError: for a game that is not known or has no deal-code prefix.
    """
    games: list[str] = []
    for name in (part.strip() for part in text.split(",")):
        group = groups.get(name.lower())
        if group is not None:
            games += group()
            continue
        try:
            variant = lookup_variant(name)
        except SolitaireError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
        prefix = header_text(variant)
        if prefix is None:
            raise argparse.ArgumentTypeError(f"game {name!r} has no deal-code prefix")
        games.append(prefix)
    return tuple(dict.fromkeys(games))


def code_of(prefix: str, number: int) -> str:
    """The deal code of deal ``number`` under ``prefix``."""
    return f"{prefix}-{deal_number_to_letters(number)}"


def optional_import(module: str) -> Any:
    """The module, or None when it is not installed.

    Peers are imported by name at run time, so the benchmarks type-check the
    same whether or not a peer is installed (the peers ship no type hints, or
    partial ones); everything taken from them is ``Any``.
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def package_version(distribution: str) -> str | None:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def _first_line(path: str, key: str) -> str | None:
    try:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.startswith(key):
                return line.split(":", 1)[1].strip()
    except OSError:
        return None
    return None


def machine_info() -> dict[str, Any]:
    """Python, OS, CPU, memory, the peers' versions and the commit measured."""
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=False,
            cwd=Path(__file__).parent,
        ).stdout.strip()
    except OSError:
        commit = ""
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "system": platform.platform(),
        "processor": _first_line("/proc/cpuinfo", "model name") or platform.processor(),
        "cpus": os.cpu_count(),
        "memory": _first_line("/proc/meminfo", "MemTotal"),
        "solitaire_core": package_version("solitaire-core"),
        "commit": commit or None,
        # (getattr: the solver-speed baseline's workers import this module with an engine
        # from before solitaire_core.build; they never call this function, but must import)
        "build": getattr(solitaire_core, "BUILD", "pure"),
        "peers": {name: package_version(dist) for name, dist in PEER_PACKAGES.items()},
        "load_average_at_start": load_average(),
    }


def load_average() -> list[float] | None:
    """The 1, 5 and 15 minute load averages: other work on the machine shows here."""
    try:
        return [round(value, 2) for value in os.getloadavg()]
    except OSError:
        return None


def machine_line(machine: dict[str, Any]) -> str:
    peers = ", ".join(
        f"{name} {version or 'not installed'}" for name, version in machine["peers"].items()
    )
    return (
        f"Machine: {machine['processor']}, {machine['cpus']} CPUs, {machine['memory']}; "
        f"{machine['implementation']} {machine['python']} on {machine['system']}; "
        f"solitaire_core {machine['solitaire_core']} (commit {machine['commit']}); {peers}."
    )


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile (nan for no values)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]


def median(values: list[float]) -> float:
    """The median (nan for no values)."""
    return statistics.median(values) if values else math.nan


def target_lines(targets: dict[str, Any], measure: str) -> list[str]:
    """One Markdown bullet per target: ``needed`` and ``ratio`` of ``measure``, met or not."""
    lines = []
    for name, target in targets.items():
        verdict = "met" if target["met"] else "NOT met"
        lines.append(
            f"* Target {name}: at least {target['needed']}x {measure}; "
            f"measured {target['ratio']:.2f}x: **{verdict}**."
        )
    return lines


class GameJournal:
    """The finished games of a long benchmark: one JSON object a line, appended as each ends.

    A run killed at any moment keeps every finished game; running the same
    command again plays only the others. Games are keyed by their ``level`` and
    ``code`` fields; the file's name should carry any other setting (a seed).
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.games: dict[tuple[str, str], dict[str, Any]] = {}
        if path.exists():
            for line in path.read_text("utf-8").splitlines():
                if line.strip():  # a line cut by a kill is the last one: skip it
                    try:
                        game = json.loads(line)
                    except json.JSONDecodeError:
                        continue
                    self.games[(game["level"], game["code"])] = game

    def has(self, level: str, code: str) -> bool:
        return (level, code) in self.games

    def add(self, game: dict[str, Any]) -> None:
        """Keep a finished game, on disk before this returns."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as stream:
            stream.write(json.dumps(game) + "\n")
        self.games[(game["level"], game["code"])] = game
