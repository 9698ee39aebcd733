"""``solitaire-core deal``: a deal code's opening position, a game's deal, or one proven winnable.

``deal GAME`` deals a game named by its key, alias, name or code prefix:
deal ``--number N``, or a deal number drawn at random: from ``--seed S``
(SplitMix64 seeded with S, the deal codes' own generator: the same seed gives
the same deal everywhere) or, without it, from the operating system's random
source (Python's ``secrets``). The output says which, and the deal number that
deals it again.
"""

from __future__ import annotations

import argparse
import secrets
from typing import Any

from solitaire_core.catalogue import (
    DEFAULT_PICK_DEALS,
    DEFAULT_PICK_POSITIONS,
    DEFAULT_PICK_TOTAL_POSITIONS,
    DealSource,
    PickEnd,
    pick_winnable_deal,
)
from solitaire_core.cli._common import (
    BadInputError,
    deal_json,
    digits_int,
    game_header,
    print_json,
)
from solitaire_core.cli._progress import add_progress_option, progress_display, wants_progress
from solitaire_core.cli._rules import add_rules_option, default_game
from solitaire_core.codes import DEAL_NUMBER_LIMIT, DealCode, FullDealCode, parse_deal_code
from solitaire_core.deal import deal_code_position
from solitaire_core.errors import DealCodeError, InvalidArgumentError
from solitaire_core.game import Game
from solitaire_core.render import render_board
from solitaire_core.shuffle import SplitMix64
from solitaire_core.variants import Variant, lookup_variant


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``deal`` command to the command line's subparsers."""
    deal = commands.add_parser(
        "deal", help="show the opening position of a deal code, or deal a game by name"
    )
    deal.add_argument(
        "code",
        metavar="CODE_OR_GAME",
        nargs="?",
        help="a deal code such as KL1-D1N-AAAAAAG, or a game (yukon, KL1-D3N, thoughtful) to "
        "deal at random or by --number; default: the --rules file's game",
    )
    deal.add_argument(
        "--number",
        type=digits_int,
        metavar="N",
        help="with a GAME: deal number N (0 .. 26**7 - 1), as the game's code names it",
    )
    deal.add_argument(
        "--winnable",
        action="store_true",
        help="pick a deal of the game CODE that the solver wins (reproducible from --seed)",
    )
    deal.add_argument(
        "--seed",
        type=digits_int,
        help="with a GAME: pick the deal from this seed instead of the system's random source; "
        "with --winnable: the seed (default 0)",
    )
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
    deal.add_argument(
        "--time-limit",
        type=float,
        metavar="SECONDS",
        help="with --winnable: stop solving deals after this many seconds (the answer then "
        "depends on the machine; a deal from the catalogue is at once)",
    )
    deal.add_argument("--json", action="store_true", help="print JSON")
    add_progress_option(deal)
    add_rules_option(deal)
    deal.set_defaults(handler=_command_deal)


_WINNABLE_OPTIONS = (
    ("grade", "--grade"),
    ("catalogue", "--no-catalogue"),
    ("max_positions", "--max-positions"),
    ("max_deals", "--max-deals"),
    ("max_total_positions", "--max-total-positions"),
    ("time_limit", "--time-limit"),
)
"""The ``deal`` options that only mean something with ``--winnable`` (None when not given)."""


def _command_deal(args: argparse.Namespace) -> int:
    if args.winnable:
        if args.number is not None:
            raise BadInputError("--number deals one deal: leave it out with --winnable")
        return _command_winnable_deal(args)
    given = [flag for name, flag in _WINNABLE_OPTIONS if getattr(args, name) is not None]
    if given:
        raise BadInputError(
            f"{' and '.join(given)} {'needs' if len(given) == 1 else 'need'} --winnable "
            "(without it, deal shows the deal CODE names)"
        )
    if args.code is None:
        return _command_game_deal(args, _game(args))
    try:
        code = parse_deal_code(args.code)
    except DealCodeError as error:
        try:
            variant = lookup_variant(args.code)
        except InvalidArgumentError:
            parts = args.code.strip().split("-")
            if len(parts) == 3 and len(parts[0]) == len(parts[1]) == 3:  # a code's shape
                raise BadInputError(str(error)) from None
            raise BadInputError(
                f"{error}; nor is {args.code.strip()!r} a game (solitaire-core games lists them)"
            ) from None
        return _command_game_deal(args, variant)
    if args.seed is not None:
        raise BadInputError(
            "--seed needs --winnable (without it, deal shows the deal CODE names; a GAME "
            "instead of the CODE is dealt from --seed too)"
        )
    if args.number is not None:
        raise BadInputError("--number needs a GAME instead of the CODE (the CODE names its deal)")
    position = deal_code_position(code)
    if args.json:
        print_json(deal_json(code, position))
    else:
        print(f"{code}  ({code.variant.name}, {_deal_origin(code)})")
        print(render_board(position, variant=code.variant))
    return 0


def _game(args: argparse.Namespace) -> Variant:
    """The game of a ``deal`` without CODE_OR_GAME: the ``--rules`` file's."""
    variant = default_game(args)
    if variant is None:
        raise BadInputError(
            "a deal code or a game is needed (or --rules FILE with one game to deal)"
        )
    return variant


def _command_game_deal(args: argparse.Namespace, variant: Variant) -> int:
    """A deal of a game: ``--number N``, else drawn from ``--seed S`` or the system."""
    if args.number is not None and args.seed is not None:
        raise BadInputError("give --number (that deal) or --seed (a deal picked from it), not both")
    random: dict[str, Any] | None
    if args.number is not None:
        number, random = args.number, None
        origin = f"deal {number}"
    elif args.seed is not None:
        if not 0 <= args.seed < 2**64:
            raise BadInputError(f"--seed must be 0 <= S < 2**64, got {args.seed}")
        number = SplitMix64(args.seed).bounded(DEAL_NUMBER_LIMIT)
        random = {"source": "seed", "seed": args.seed}
        origin = f"deal {number}, picked from seed {args.seed}"
    else:
        number = secrets.randbelow(DEAL_NUMBER_LIMIT)
        random = {"source": "system", "seed": None}
        origin = f"deal {number}, picked at random by the system; --number {number} deals it again"
    if not 0 <= number < DEAL_NUMBER_LIMIT:
        raise BadInputError(f"--number must be 0 .. 26**7 - 1, got {number}")
    game = Game(variant, number)
    if args.json:
        document = game_header(game, game.position)
        document["random"] = random
        print_json(document)
        return 0
    title = str(game.code) if game.code is not None else f"{variant.name} #{number}"
    detail = "" if game.code is not None else ", no deal code"
    print(f"{title}  ({variant.name}, {origin}{detail})")
    print(render_board(game.position, variant=variant))
    return 0


def _command_winnable_deal(args: argparse.Namespace) -> int:
    seed = 0 if args.seed is None else args.seed
    if args.time_limit is not None and not args.time_limit > 0:  # NaN is not > 0 either
        raise BadInputError(f"--time-limit must be > 0, got {args.time_limit}")
    total = (
        DEFAULT_PICK_TOTAL_POSITIONS
        if args.max_total_positions is None
        else args.max_total_positions
    )
    try:
        variant = _game(args) if args.code is None else lookup_variant(args.code)
        with progress_display("deal --winnable", total, show=wants_progress(args)) as progress:
            picked = pick_winnable_deal(
                variant,
                seed=seed,
                max_positions=(
                    DEFAULT_PICK_POSITIONS if args.max_positions is None else args.max_positions
                ),
                max_deals=DEFAULT_PICK_DEALS if args.max_deals is None else args.max_deals,
                grade=args.grade,
                catalogue=args.catalogue is None,
                max_total_positions=total,
                time_limit=args.time_limit,
                progress=progress,
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
            "ended": picked.ended.value,
        }
        print_json(document)
        return 0
    if not picked.proven:
        limit = "the time limit" if picked.ended is PickEnd.TIME_LIMIT else "the budget"
        verdict = f"not proven winnable: no deal of {picked.tried} was won within {limit}"
    elif picked.source is DealSource.CATALOGUE:
        verdict = f"{picked.grade}, from the catalogue: won by the solver in {picked.moves} moves"
    else:
        verdict = f"{picked.grade}, won by the solver in {picked.moves} moves"
    print(f"{picked.code}  ({variant.name}, {_deal_origin(picked.code)}; {verdict})")
    print(render_board(position, variant=variant))
    return 0


def _deal_origin(code: DealCode | FullDealCode) -> str:
    return "full deal code" if code.deal_number is None else f"deal {code.deal_number}"
