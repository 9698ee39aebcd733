"""``solitaire-core play`` and ``load``: replay a record or restore a save, and show the game."""

from __future__ import annotations

import argparse
from typing import Any

from solitaire_core.cli._common import BadInputError, game_header, game_title, print_json
from solitaire_core.cli._record import add_position_options, start_game
from solitaire_core.cli._rules import add_rules_option
from solitaire_core.errors import SaveFileError
from solitaire_core.game import Game, load_game, save_game
from solitaire_core.render import render_board
from solitaire_core.rules import LOCALES, format_move


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` and ``load`` commands to the command line's subparsers."""
    play = commands.add_parser("play", help="replay moves from a deal and show the result")
    play.add_argument(
        "record",
        metavar="CODE MOVES",
        nargs="*",
        help="a deal code such as KL1-D1N-AAAAAAG, then moves in notation "
        "(d r wf w3 3f 35 35:2 fh3 rf r3), u = undo",
    )
    add_position_options(play)
    play.add_argument("--json", action="store_true", help="print JSON")
    play.add_argument("--lang", choices=LOCALES, default="en", help="language of messages")
    play.add_argument("--save", metavar="FILE", help="write the save document after the moves")
    play.set_defaults(handler=_command_play)

    load = commands.add_parser("load", help="restore a saved game and show it like play")
    load.add_argument("file", metavar="FILE", help="a save file written by play --save")
    load.add_argument("--json", action="store_true", help="print JSON")
    load.add_argument("--lang", choices=LOCALES, default="en", help="accepted like play's")
    add_rules_option(load)
    load.set_defaults(handler=_command_load)


def game_json(game: Game) -> dict[str, Any]:
    """The ``play --json`` document: ``deal --json`` plus moves, win, counter and score."""
    document = game_header(game, game.position)
    document.update(
        legal_moves=[format_move(game.variant, move) for move in game.legal_moves],
        won=game.is_won,
        resigned=game.is_resigned,
        moves_made=game.moves_made,
        score=game.score,
        score_text=game.score_text,
    )
    return document


def _command_play(args: argparse.Namespace) -> int:
    if args.save == "":
        raise BadInputError("--save needs a file name")
    game = start_game(args, args.record)
    if args.save:
        try:
            save_game(game, args.save)
        except SaveFileError as error:
            raise BadInputError(str(error)) from None
    _print_game(args, game)
    return 0


def _command_load(args: argparse.Namespace) -> int:
    try:
        game = load_game(args.file)
    except SaveFileError as error:
        raise BadInputError(str(error)) from None
    _print_game(args, game)
    return 0


def _print_game(args: argparse.Namespace, game: Game) -> None:
    if args.json:
        print_json(game_json(game))
        return
    print(game_title(game))
    print(render_board(game.position, variant=game.variant))
    moves = " ".join(format_move(game.variant, move) for move in game.legal_moves)
    if game.is_won:
        print("Won!")
    elif game.is_resigned:
        print("Resigned.")
    else:
        print("Legal moves: " + (moves or "(none)"))
