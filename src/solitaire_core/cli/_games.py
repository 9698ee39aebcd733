"""``solitaire-core games``: the games this library plays, with a summary of their rules."""

from __future__ import annotations

import argparse
import json
from typing import Any

from solitaire_core.variants import registered_variants
from solitaire_core.variants.describe import variant_facts


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``games`` command to the command line's subparsers."""
    games = commands.add_parser("games", help="list the games, with a summary of their rules")
    games.add_argument("--json", action="store_true", help="print JSON")
    games.set_defaults(handler=_command_games)


def games_json() -> list[dict[str, Any]]:
    """The ``games --json`` document: one object per registered game (see :func:`variant_facts`)."""
    return [variant_facts(variant) for variant in registered_variants().values()]


def _command_games(args: argparse.Namespace) -> int:
    games = games_json()
    if args.json:
        print(json.dumps(games, ensure_ascii=False))
        return 0
    width = max(len(game["key"]) for game in games)
    for game in games:
        prefix = game["code_prefix"] or "-"
        print(f"{game['key']:<{width}}  {prefix:<7}  {game['name']}: {game['summary']}")
    return 0
