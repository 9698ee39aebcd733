"""``solitaire-core solve``, ``hint`` and ``perft``: the solver's verdict, a hint, a move count."""

from __future__ import annotations

import argparse

from solitaire_core.cli._common import BadInputError, digits_int, parse_code, print_json
from solitaire_core.cli._progress import add_progress_option, progress_display, wants_progress
from solitaire_core.cli._record import add_position_options, start_game
from solitaire_core.cli._rules import add_rules_option
from solitaire_core.deal import deal_code_position
from solitaire_core.limits import MAX_COUNT, MAX_PERFT_DEPTH
from solitaire_core.rules import LOCALES, format_move, perft
from solitaire_core.solver import DEFAULT_MAX_POSITIONS, solve


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``solve``, ``hint`` and ``perft`` commands to the command line's subparsers."""
    solver = commands.add_parser(
        "solve", help="decide whether a deal (or a record: code + moves) can be won"
    )
    solver.add_argument(
        "record",
        metavar="CODE_OR_RECORD",
        nargs="*",
        help="a deal code, optionally followed by moves",
    )
    add_position_options(solver)
    solver.add_argument(
        "--max-positions",
        type=digits_int,
        default=DEFAULT_MAX_POSITIONS,
        help=f"search budget in positions (default {DEFAULT_MAX_POSITIONS})",
    )
    solver.add_argument(
        "--time-limit",
        type=float,
        metavar="SECONDS",
        help="also stop after this many seconds (interactive use; results then vary by machine)",
    )
    solver.add_argument("--json", action="store_true", help="print JSON")
    solver.add_argument("--lang", choices=LOCALES, default="en", help="language of messages")
    add_progress_option(solver)
    solver.set_defaults(handler=_command_solve)

    advice = commands.add_parser("hint", help="a hint after some moves (advisory or hard AI)")
    advice.add_argument(
        "record",
        metavar="CODE MOVES",
        nargs="*",
        help="a deal code such as KL1-D1N-AAAAAAG, then the moves played so far",
    )
    add_position_options(advice)
    advice.add_argument("--json", action="store_true", help="print JSON")
    advice.add_argument("--lang", choices=LOCALES, default="en", help="language of the reason")
    advice.add_argument(
        "--level",
        choices=("advisory", "hard"),
        default="advisory",
        help="the advisory AI (instant) or the hard AI (samples the unseen cards)",
    )
    advice.add_argument("--seed", type=digits_int, default=0, help="the hard AI's seed (default 0)")
    advice.set_defaults(handler=_command_hint)

    count = commands.add_parser("perft", help="count the legal move sequences of a length")
    count.add_argument("code", metavar="CODE", help="a deal code such as KL1-D1N-AAAAAAG")
    count.add_argument(
        "depth", metavar="DEPTH", type=digits_int, help=f"sequence length, 0..{MAX_PERFT_DEPTH}"
    )
    count.add_argument("--json", action="store_true", help="print JSON")
    add_rules_option(count)
    count.set_defaults(handler=_command_perft)


def _command_solve(args: argparse.Namespace) -> int:
    if not 1 <= args.max_positions <= MAX_COUNT:
        raise BadInputError(f"--max-positions must be 1 .. 2**63 - 1, got {args.max_positions}")
    words = " ".join(args.record).split()
    if args.time_limit is not None and not args.time_limit > 0:  # NaN is not > 0 either
        raise BadInputError(f"--time-limit must be > 0, got {args.time_limit}")
    game = start_game(args, words)
    show = wants_progress(args)
    with progress_display("solve", args.max_positions, show=show) as progress:
        result = solve(
            game.variant,
            game.position,
            max_positions=args.max_positions,
            time_limit=args.time_limit,
            progress=progress,
        )
    if args.json:
        print_json(
            {
                "result": result.status.value,
                "moves": [format_move(game.variant, move) for move in result.moves],
                "positions": result.positions,
                "pass": result.decided_by,
            }
        )
    else:
        print(f"{result.status.value} after {result.positions} positions")
        if result.moves:
            print(" ".join(format_move(game.variant, move) for move in result.moves))
    return 0


def _command_hint(args: argparse.Namespace) -> int:
    game = start_game(args, args.record)
    advice = game.hint(level=args.level, seed=args.seed)
    reason = advice.reason(args.lang)
    move = format_move(game.variant, advice.move) if advice.move is not None else None
    if args.json:
        print_json({"move": move, "reason": reason, "kind": advice.kind.value})
    else:
        print(f"{move}: {reason}" if move else reason)
    return 0


def _command_perft(args: argparse.Namespace) -> int:
    code = parse_code(args.code)
    if not 0 <= args.depth <= MAX_PERFT_DEPTH:
        raise BadInputError(f"depth must be 0..{MAX_PERFT_DEPTH}, got {args.depth}")
    nodes = perft(code.variant, deal_code_position(code), args.depth)
    if args.json:
        print_json({"depth": args.depth, "nodes": nodes})
    else:
        print(f"perft({args.depth}) of {code} = {nodes}")
    return 0
