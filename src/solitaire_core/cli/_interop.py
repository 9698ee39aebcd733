"""``solitaire-core import`` and ``export``: deals to and from other programs' formats."""

from __future__ import annotations

import argparse
import sys

from solitaire_core._files import InputError, read_stream_text
from solitaire_core.cli._common import BadInputError, deal_json, digits_int, parse_code, print_json
from solitaire_core.cli._rules import add_rules_option
from solitaire_core.deal import deal_code_position
from solitaire_core.errors import DealCodeError
from solitaire_core.interop import (
    EXPORT_TARGETS,
    IMPORT_SOURCES,
    DealImportError,
    export_deal,
    import_deal,
)
from solitaire_core.interop.errors import SolvitaireFormatError
from solitaire_core.render import render_board
from solitaire_core.variants import Scoring


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
        choices=(1, 3),
        default=1,
        help="draw of the code (PySolFC's Klondike by Threes is 3; default 1)",
    )
    importer.add_argument(
        "--scoring",
        choices=[scoring.value for scoring in Scoring],
        default=Scoring.STANDARD.value,
        help="scoring of the code (default standard)",
    )
    importer.add_argument(
        "--variant",
        type=str.upper,
        default="KL",
        metavar="PREFIX",
        help="variant family of the code: KL (default) or TF, or a registered prefix",
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
    try:
        code = import_deal(
            text,
            source=args.source,
            prefix=args.variant,
            draw=args.draw,
            scoring=Scoring(args.scoring),
        )
    except (DealImportError, DealCodeError) as error:
        raise BadInputError(str(error)) from None
    position = deal_code_position(code)
    if args.json:
        print_json(deal_json(code, position))
    else:
        print(code)
        print(render_board(position, variant=code.variant))
    return 0


def _command_export(args: argparse.Namespace) -> int:
    try:
        text = export_deal(parse_code(args.code), to=args.target)
    except SolvitaireFormatError as error:
        raise BadInputError(str(error)) from None
    print(text, end="" if text.endswith("\n") else "\n")
    return 0
