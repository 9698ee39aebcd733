"""``solitaire-core playout``: uniformly random games of a variant, counted."""

from __future__ import annotations

import argparse

from solitaire_core.cli._common import BadInputError, digits_int, print_json
from solitaire_core.cli._rules import add_rules_option, default_game
from solitaire_core.codes import DealCode
from solitaire_core.errors import DealCodeError, InvalidArgumentError
from solitaire_core.limits import MAX_COUNT
from solitaire_core.playout import DEFAULT_MAX_ACTIONS, run_playouts
from solitaire_core.variants import Variant, lookup_variant


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``playout`` command to the command line's subparsers."""
    playout = commands.add_parser("playout", help="play uniformly random games and count")
    playout.add_argument(
        "--variant",
        help="a deal-code prefix or a game's key (default: the --rules file's game, else KL1-D1N)",
    )
    playout.add_argument(
        "--games", type=digits_int, default=100, help="games to play (default 100)"
    )
    playout.add_argument(
        "--seed", type=digits_int, default=0, help="fixes deals and moves (default 0)"
    )
    playout.add_argument(
        "--max-actions",
        type=digits_int,
        default=DEFAULT_MAX_ACTIONS,
        help=f"cap on actions per game (default {DEFAULT_MAX_ACTIONS})",
    )
    playout.add_argument("--json", action="store_true", help="print JSON")
    add_rules_option(playout)
    playout.set_defaults(handler=_command_playout)


def _variant(args: argparse.Namespace) -> Variant:
    """The game of ``--variant`` (a code prefix or a key), else the ``--rules`` file's, else KL."""
    if args.variant is None:
        loaded = default_game(args)
        if loaded is not None:
            return loaded
    text = ("KL1-D1N" if args.variant is None else args.variant).strip()
    if len(text) == 7 and text[2:4] == "1-":
        try:  # a code prefix: a deal code without its deal number
            return DealCode.parse(f"{text}-AAAAAAA").variant
        except DealCodeError as error:
            where = f" at character {error.position}" if error.position is not None else ""
            raise BadInputError(
                f"invalid variant {text!r}: {error.part}{where}: {error.reason}"
            ) from None
    try:
        return lookup_variant(text)
    except InvalidArgumentError:
        raise BadInputError(
            f"invalid variant {text!r}: expected a code prefix such as KL1-D1N or a game key"
        ) from None


def _command_playout(args: argparse.Namespace) -> int:
    variant = _variant(args)
    for name, value in (("games", args.games), ("max-actions", args.max_actions)):
        if not 0 <= value <= MAX_COUNT:
            raise BadInputError(f"--{name} must be 0 .. 2**63 - 1, got {value}")
    if not 0 <= args.seed < 2**64:
        raise BadInputError(f"--seed must be 0 <= S < 2**64, got {args.seed}")
    totals = run_playouts(variant, games=args.games, seed=args.seed, max_actions=args.max_actions)
    if args.json:
        print_json({"games": totals.games, "actions": totals.actions, "wins": totals.wins})
    else:
        print(f"{totals.games} games, {totals.actions} actions, {totals.wins} wins")
    return 0
