"""``solitaire-core games``: the games this library plays, and a game's rules file."""

from __future__ import annotations

import argparse
import json
from typing import Any

from solitaire_core.cli._common import BadInputError
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.interop.errors import SolvitaireFormatError
from solitaire_core.interop.solvitaire import variant_to_solvitaire
from solitaire_core.variants import game_rules_text, lookup_variant, registered_variants
from solitaire_core.variants.describe import variant_facts


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``games`` command to the command line's subparsers."""
    games = commands.add_parser(
        "games", help="list the games, with a summary of their rules; or print a game's rules file"
    )
    games.add_argument("--json", action="store_true", help="print JSON")
    games.add_argument(
        "--rules",
        dest="rules_game",
        metavar="GAME",
        help="print this game's rules file (TOML; with --json, JSON): a starting point for "
        "a game of your own (docs/rules-files.md)",
    )
    games.add_argument(
        "--solvitaire",
        action="store_true",
        help="with --rules: print the game's rules as Solvitaire's rules JSON, where they map",
    )
    games.set_defaults(handler=_command_games)


def games_json() -> list[dict[str, Any]]:
    """The ``games --json`` document: one object per registered game (see :func:`variant_facts`)."""
    return [variant_facts(variant) for variant in registered_variants().values()]


def _command_games(args: argparse.Namespace) -> int:
    if args.rules_game is not None:
        return _print_rules(args)
    if args.solvitaire:
        raise BadInputError("--solvitaire needs --rules GAME (the game whose rules to print)")
    games = games_json()
    if args.json:
        print(json.dumps(games, ensure_ascii=False))
        return 0
    width = max(len(game["key"]) for game in games)
    for game in games:
        prefix = game["code_prefix"] or "-"
        print(f"{game['key']:<{width}}  {prefix:<7}  {game['name']}: {game['summary']}")
    return 0


def _print_rules(args: argparse.Namespace) -> int:
    if args.json and args.solvitaire:
        raise BadInputError("give --json (our rules JSON) or --solvitaire, not both")
    try:
        variant = lookup_variant(args.rules_game)
        if args.solvitaire:
            print(json.dumps(variant_to_solvitaire(variant), indent=2))
            return 0
        text = game_rules_text(variant, format="json" if args.json else "toml")
    except (InvalidArgumentError, SolvitaireFormatError) as error:
        raise BadInputError(str(error)) from None
    print(text, end="")
    return 0
