"""``solitaire-core deal``: a deal code's opening position, or a deal proven winnable."""

from __future__ import annotations

import argparse

from solitaire_core.catalogue import (
    DEFAULT_PICK_DEALS,
    DEFAULT_PICK_POSITIONS,
    DEFAULT_PICK_TOTAL_POSITIONS,
    DealSource,
    pick_winnable_deal,
)
from solitaire_core.cli._common import BadInputError, deal_json, digits_int, parse_code, print_json
from solitaire_core.codes import DealCode, FullDealCode
from solitaire_core.deal import deal_code_position
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.render import render_board
from solitaire_core.variants import lookup_variant


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``deal`` command to the command line's subparsers."""
    deal = commands.add_parser("deal", help="show the opening position of a deal code")
    deal.add_argument(
        "code",
        metavar="CODE",
        help="a deal code such as KL1-D1N-AAAAAAG (with --winnable: a game, e.g. KL1-D3N, yukon)",
    )
    deal.add_argument(
        "--winnable",
        action="store_true",
        help="pick a deal of the game CODE that the solver wins (reproducible from --seed)",
    )
    deal.add_argument("--seed", type=digits_int, help="with --winnable: the seed (default 0)")
    deal.add_argument(
        "--grade",
        choices=("easy", "medium", "hard"),
        metavar="easy|medium|hard",
        help="with --winnable: a deal of this difficulty (default: any)",
    )
    deal.add_argument(
        "--no-catalogue",
        dest="catalogue",
        action="store_const",
        const=False,
        help="with --winnable: solve deals even when the game has a catalogue of winnable deals",
    )
    deal.add_argument(
        "--max-positions",
        type=digits_int,
        help=f"with --winnable: solver budget per deal (default {DEFAULT_PICK_POSITIONS})",
    )
    deal.add_argument(
        "--max-deals",
        type=digits_int,
        help=f"with --winnable: deals tried at most (default {DEFAULT_PICK_DEALS})",
    )
    deal.add_argument(
        "--max-total-positions",
        type=digits_int,
        help="with --winnable: no new deal once the deals tried cost this many positions "
        f"(default {DEFAULT_PICK_TOTAL_POSITIONS})",
    )
    deal.add_argument("--json", action="store_true", help="print JSON")
    deal.set_defaults(handler=_command_deal)


_WINNABLE_OPTIONS = (
    ("seed", "--seed"),
    ("grade", "--grade"),
    ("catalogue", "--no-catalogue"),
    ("max_positions", "--max-positions"),
    ("max_deals", "--max-deals"),
    ("max_total_positions", "--max-total-positions"),
)
"""The ``deal`` options that only mean something with ``--winnable`` (None when not given)."""


def _command_deal(args: argparse.Namespace) -> int:
    if args.winnable:
        return _command_winnable_deal(args)
    given = [flag for name, flag in _WINNABLE_OPTIONS if getattr(args, name) is not None]
    if given:
        raise BadInputError(
            f"{' and '.join(given)} {'needs' if len(given) == 1 else 'need'} --winnable "
            "(without it, deal shows the deal CODE names)"
        )
    code = parse_code(args.code)
    position = deal_code_position(code)
    if args.json:
        print_json(deal_json(code, position))
    else:
        print(f"{code}  ({code.variant.name}, {_deal_origin(code)})")
        print(render_board(position, variant=code.variant))
    return 0


def _command_winnable_deal(args: argparse.Namespace) -> int:
    seed = 0 if args.seed is None else args.seed
    try:
        variant = lookup_variant(args.code)
        picked = pick_winnable_deal(
            variant,
            seed=seed,
            max_positions=(
                DEFAULT_PICK_POSITIONS if args.max_positions is None else args.max_positions
            ),
            max_deals=DEFAULT_PICK_DEALS if args.max_deals is None else args.max_deals,
            grade=args.grade,
            catalogue=args.catalogue is None,
            max_total_positions=(
                DEFAULT_PICK_TOTAL_POSITIONS
                if args.max_total_positions is None
                else args.max_total_positions
            ),
        )
    except InvalidArgumentError as error:
        raise BadInputError(str(error)) from None
    position = deal_code_position(picked.code)
    if args.json:
        document = deal_json(picked.code, position)
        document["winnable"] = {
            "proven": picked.proven,
            "tried": picked.tried,
            "positions": picked.positions,
            "moves": picked.moves,
            "seed": seed,
            "source": picked.source.value,
            "grade": None if picked.grade is None else picked.grade.value,
        }
        print_json(document)
        return 0
    if not picked.proven:
        verdict = f"not proven winnable: no deal of {picked.tried} was won within the budget"
    elif picked.source is DealSource.CATALOGUE:
        verdict = f"{picked.grade}, from the catalogue: won by the solver in {picked.moves} moves"
    else:
        verdict = f"{picked.grade}, won by the solver in {picked.moves} moves"
    print(f"{picked.code}  ({variant.name}, {_deal_origin(picked.code)}; {verdict})")
    print(render_board(position, variant=variant))
    return 0


def _deal_origin(code: DealCode | FullDealCode) -> str:
    return "full deal code" if code.deal_number is None else f"deal {code.deal_number}"
