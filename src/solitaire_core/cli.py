"""The ``solitaire-core`` command line.

Commands (``--json`` output shapes are a contract for other programs):

* ``deal CODE [--json]``: the opening position.
* ``play CODE [MOVES...] [--json] [--lang en|hu|el]``: replay moves (``u`` undoes
  the last one) and show the position, the legal moves and whether it is won.
* ``perft CODE DEPTH [--json]``: count the move tree (``{"depth": k, "nodes": n}``).

Exit status: 0 success, 1 a move was refused by the rules, 2 bad input (a
malformed code or move, bad arguments).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from solitaire_core.codes import DealCode
from solitaire_core.deal import deal_position
from solitaire_core.errors import DealCodeError, MoveParseError
from solitaire_core.moves import Move
from solitaire_core.position import Position
from solitaire_core.position_json import position_to_json
from solitaire_core.render import render_board
from solitaire_core.rule_ids import RuleId
from solitaire_core.rules import LOCALES, Refusal, check_move, legal_moves, perft, play_move

EXIT_REFUSED = 1
EXIT_BAD_INPUT = 2


def deal_json(code: DealCode, position: Position) -> dict[str, Any]:
    """The ``deal --json`` document of a code and a position."""
    return {
        "code": str(code),
        "variant": code.family.name,
        "draw": code.draw,
        "scoring": code.scoring.value,
        "deal_number": code.deal_number,
        "position": position_to_json(position),
    }


def _parse_code(text: str) -> DealCode:
    try:
        return DealCode.parse(text)
    except DealCodeError as error:
        raise _BadInputError(str(error)) from None


class _BadInputError(Exception):
    pass


def _command_deal(args: argparse.Namespace) -> int:
    code = _parse_code(args.code)
    position = deal_position(code.variant, code.deal_number)
    if args.json:
        _print_json(deal_json(code, position))
    else:
        print(f"{code}  ({code.variant.name}, deal {code.deal_number})")
        print(render_board(position))
    return 0


def _command_play(args: argparse.Namespace) -> int:
    code = _parse_code(args.code)
    variant = code.variant
    history = [deal_position(variant, code.deal_number)]
    moves_made = 0
    for index, token in enumerate(args.moves):
        position = history[-1]
        if token.strip().lower() == "u":
            if len(history) == 1:
                refusal = Refusal(RuleId.NOTHING_TO_UNDO, Move.draw(), "nothing_to_undo")
                return _report_refusal(args, code, position, token, index, refusal, moves_made)
            history.pop()
            continue
        try:
            move = Move.parse(token)
        except MoveParseError as error:
            raise _BadInputError(f"move {index} of MOVES: {error}") from None
        found = check_move(variant, position, move)
        if found is not None:
            return _report_refusal(args, code, position, token, index, found, moves_made)
        history.append(play_move(variant, position, move))
        moves_made += 1
    position = history[-1]
    moves = [str(move) for move in legal_moves(variant, position)]
    if args.json:
        document = deal_json(code, position)
        document.update(legal_moves=moves, won=position.is_won, moves_made=moves_made)
        _print_json(document)
    else:
        print(f"{code}  ({variant.name}), {moves_made} moves made")
        print(render_board(position))
        print("Won!" if position.is_won else "Legal moves: " + (" ".join(moves) or "(none)"))
    return 0


def _report_refusal(
    args: argparse.Namespace,
    code: DealCode,
    position: Position,
    token: str,
    index: int,
    refusal: Refusal,
    moves_made: int,
) -> int:
    message = refusal.message(args.lang)
    detail = "" if refusal.rule is RuleId.NOTHING_TO_UNDO else refusal.detail(args.lang)
    if args.json:
        document = deal_json(code, position)
        document["error"] = {
            "rule": refusal.rule.value,
            "message": message,
            "detail": detail,
            "move": token.strip().lower(),
            "index": index,
        }
        document["moves_made"] = moves_made
        _print_json(document)
    else:
        print(render_board(position))
        suffix = f" ({detail})" if detail else ""
        print(f"move {index} {token!r} refused: {refusal.rule.value}: {message}{suffix}")
    return EXIT_REFUSED


def _command_perft(args: argparse.Namespace) -> int:
    code = _parse_code(args.code)
    if args.depth < 0:
        raise _BadInputError(f"depth must be >= 0, got {args.depth}")
    nodes = perft(code.variant, deal_position(code.variant, code.deal_number), args.depth)
    if args.json:
        _print_json({"depth": args.depth, "nodes": nodes})
    else:
        print(f"perft({args.depth}) of {code} = {nodes}")
    return 0


def _print_json(document: dict[str, Any]) -> None:
    print(json.dumps(document, ensure_ascii=False))


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``solitaire-core`` command."""
    parser = argparse.ArgumentParser(
        prog="solitaire-core",
        description="Klondike-family solitaire rules engine: deal, play and count moves.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    deal = commands.add_parser("deal", help="show the opening position of a deal code")
    deal.add_argument("code", metavar="CODE", help="a deal code such as KL1-D1N-AAAAAAG")
    deal.add_argument("--json", action="store_true", help="print JSON")
    deal.set_defaults(handler=_command_deal)

    play = commands.add_parser("play", help="replay moves from a deal and show the result")
    play.add_argument("code", metavar="CODE", help="a deal code such as KL1-D1N-AAAAAAG")
    play.add_argument(
        "moves",
        metavar="MOVES",
        nargs="*",
        help="moves in notation (d r wf w3 3f 35 35:2 fh3), u = undo",
    )
    play.add_argument("--json", action="store_true", help="print JSON")
    play.add_argument("--lang", choices=LOCALES, default="en", help="language of messages")
    play.set_defaults(handler=_command_play)

    count = commands.add_parser("perft", help="count the legal move sequences of a length")
    count.add_argument("code", metavar="CODE", help="a deal code such as KL1-D1N-AAAAAAG")
    count.add_argument("depth", metavar="DEPTH", type=int, help="sequence length, >= 0")
    count.add_argument("--json", action="store_true", help="print JSON")
    count.set_defaults(handler=_command_perft)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 refused move, 2 bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.handler(args)
    except _BadInputError as error:
        print(f"solitaire-core: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return status
