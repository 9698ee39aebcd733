"""``solitaire-core import`` and ``export``: deals to and from other programs' formats."""

from __future__ import annotations

import argparse
import sys

from solitaire_core._files import InputError, read_stream_text
from solitaire_core.cli._common import BadInputError, deal_json, digits_int, parse_code, print_json
from solitaire_core.cli._rules import add_rules_option
from solitaire_core.deal import deal_code_position
from solitaire_core.errors import DealCodeError, InvalidArgumentError
from solitaire_core.interop import (
    EXPORT_TARGETS,
    IMPORT_SOURCES,
    DealImportError,
    export_deal,
    import_deal,
)
from solitaire_core.interop.errors import SolvitaireFormatError
from solitaire_core.render import render_board
from solitaire_core.variants import Scoring, code_header, family_name, lookup_variant
from solitaire_core.variants.registry import family_variants


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``import`` and ``export`` commands to the command line's subparsers."""
    importer = commands.add_parser(
        "import", help="read a deal from another program as a full deal code"
    )
    importer.add_argument(
        "--from",
        dest="source",
        required=True,
        choices=IMPORT_SOURCES,
        help="shootme: Klondike-Solver's 156 digits; pysol: a PySolFC game number or "
        "layout text; permutation: 52 cards in dealing order",
    )
    importer.add_argument(
        "text",
        metavar="TEXT",
        nargs="+",
        help="the deal (several arguments are joined; '-' reads standard input)",
    )
    importer.add_argument("--json", action="store_true", help="print JSON like deal --json")
    importer.add_argument(
        "--draw",
        type=digits_int,
        choices=(0, 1, 3),
        default=None,
        help="draw of the code (PySolFC's Klondike by Threes is 3; 0 for a game without a "
        "waste; default: the variant's first, 1 for Klondike)",
    )
    importer.add_argument(
        "--scoring",
        choices=[scoring.value for scoring in Scoring],
        default=None,
        help="scoring of the code (default standard)",
    )
    importer.add_argument(
        "--variant",
        type=str.upper,
        default="KL",
        metavar="PREFIX",
        help="variant family of the code: KL (default) or TF, or a registered prefix "
        "(BC), or a whole code header (BC1-D0N: its draw and scoring too), or a game "
        "(british-canister)",
    )
    add_rules_option(importer)
    importer.set_defaults(handler=_command_import)

    exporter = commands.add_parser("export", help="write a deal in another program's format")
    exporter.add_argument("code", metavar="CODE", help="a deal code (either form)")
    exporter.add_argument(
        "--to",
        dest="target",
        required=True,
        choices=EXPORT_TARGETS,
        help="shootme: 156 digits; pysol: layout text; permutation: 52 cards; solvitaire: "
        "Solvitaire's deal JSON (any game)",
    )
    add_rules_option(exporter)
    exporter.set_defaults(handler=_command_export)


def _command_import(args: argparse.Namespace) -> int:
    if args.text == ["-"]:
        try:
            text = read_stream_text(sys.stdin)
        except InputError as error:
            raise BadInputError(f"cannot read standard input: {error.reason}") from None
    else:
        text = ("\n" if args.source == "pysol" else " ").join(args.text)
    prefix, draw, scoring = _import_header(args.variant, args.draw, args.scoring)
    try:
        code = import_deal(text, source=args.source, prefix=prefix, draw=draw, scoring=scoring)
    except (DealImportError, DealCodeError) as error:
        raise BadInputError(str(error)) from None
    position = deal_code_position(code)
    if args.json:
        print_json(deal_json(code, position))
    else:
        print(code)
        print(render_board(position, variant=code.variant))
    return 0


def _import_header(variant: str, draw: int | None, scoring: str | None) -> tuple[str, int, Scoring]:
    """The prefix, draw and scoring of ``import``'s code (``--variant``, ``--draw``, ``--scoring``).

    A whole header (``BC1-D0N``) or a game (``klondike-draw3``) gives all
    three, unless given; a prefix alone its family's first draw (1 for
    Klondike, 0 for a game without a waste), and Standard scoring.

    Raises:
        BadInputError: for a header or game that names no registered game
            with a deal code.
    """
    if "-" in variant or family_name(variant) is None:  # a header, a game's key or alias
        try:
            header = code_header(lookup_variant(variant))
        except InvalidArgumentError as error:
            raise BadInputError(f"--variant {variant!r}: {error}") from None
        if header is None:
            raise BadInputError(f"--variant {variant!r} has no deal code")
        return (
            header.prefix,
            header.draw if draw is None else draw,
            header.scoring if scoring is None else Scoring(scoring),
        )
    if draw is None:
        draws = [known for known, _ in family_variants(variant)]
        draw = draws[0] if draws else 1
    return variant, draw, Scoring.STANDARD if scoring is None else Scoring(scoring)


def _command_export(args: argparse.Namespace) -> int:
    try:
        text = export_deal(parse_code(args.code), to=args.target)
    except SolvitaireFormatError as error:
        raise BadInputError(str(error)) from None
    print(text, end="" if text.endswith("\n") else "\n")
    return 0
