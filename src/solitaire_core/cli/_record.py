"""The game that ``play``, ``solve`` and ``hint`` start from, and a refused move's report.

A game record on the command line is a deal code and moves (``u`` undoes,
``redo`` redoes), or ``--game NAME --position FILE`` and moves. A move the
rules refuse stops the command with :class:`RefusedError`, which ``main``
turns into :func:`report_refusal` (status 1).
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any

from solitaire_core._files import InputError, parse_json, read_file_text, read_stream_text
from solitaire_core.cli._common import (
    EXIT_REFUSED,
    BadInputError,
    game_header,
    game_title,
    parse_code,
    print_json,
)
from solitaire_core.cli._rules import add_rules_option, default_game_key
from solitaire_core.codes import parse_deal_code
from solitaire_core.errors import (
    DealCodeError,
    InvalidArgumentError,
    MoveParseError,
    PositionParseError,
)
from solitaire_core.game import Game
from solitaire_core.interop.errors import SolvitaireFormatError
from solitaire_core.interop.solvitaire import position_from_solvitaire
from solitaire_core.position import Position
from solitaire_core.position_json import position_from_json
from solitaire_core.render import render_board
from solitaire_core.rules import IllegalMoveError, Refusal
from solitaire_core.variants import FoundationBase, Variant, lookup_variant


class RefusedError(Exception):
    """A move of a record was refused; carries what the report needs."""

    def __init__(self, game: Game, before: Position, token: str, index: int, refusal: Refusal):
        super().__init__(refusal.rule.value)
        self.game, self.before, self.token, self.index, self.refusal = (
            game,
            before,
            token,
            index,
            refusal,
        )


def add_position_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--game NAME --position FILE`` (a game from any position) and ``--rules FILE``."""
    parser.add_argument(
        "--game",
        metavar="NAME",
        help="with --position: the game (a key such as yukon, a code prefix such as YU1-D0N, "
        "or a name); default: the --rules file's game",
    )
    parser.add_argument(
        "--position",
        metavar="FILE",
        help="start from this position instead of a deal code: its JSON (as deal --json "
        "prints it; or a Solvitaire deal), or its text form; - reads standard input",
    )
    add_rules_option(parser)


def start_game(args: argparse.Namespace, words: list[str]) -> Game:
    """The game of ``play``, ``solve`` and ``hint``: a code and moves, or ``--game --position``.

    Args:
        args: the command's arguments (``game`` and ``position`` as
            :func:`add_position_options` adds them).
        words: the record: a deal code then moves, or only moves with ``--position``.

    Returns:
        The game after the record's moves.

    Raises:
        BadInputError: for a bad code, game, position file or move.
        RefusedError: for a move the rules refuse.
    """
    if args.position is None and args.game is None:
        if not words:
            raise BadInputError("a deal code is needed (or --game NAME --position FILE)")
        return _replay(words[0], words[1:])
    game = args.game if args.game is not None else default_game_key(args)
    if args.position is None or game is None:
        raise BadInputError("--game and --position go together")
    if words and _is_deal_code(words[0]):
        raise BadInputError(
            f"give a deal code or --game NAME --position FILE, not both (got {words[0]})"
        )
    try:
        variant = lookup_variant(game)
    except InvalidArgumentError as error:
        raise BadInputError(str(error)) from None
    position = _read_position(args.position, variant)
    try:
        game = Game(variant, start=position)
    except PositionParseError as error:
        raise BadInputError(f"the position does not fit {variant.name}: {error}") from None
    return _play_tokens(game, words)


def _replay(code_text: str, tokens: list[str]) -> Game:
    """A game from a deal code and moves (``u`` undoes, ``redo`` redoes), as in a record.

    Raises:
        BadInputError: for a bad code or a token that is not a move.
        RefusedError: for a move the rules refuse.
    """
    return _play_tokens(Game.from_code(parse_code(code_text)), tokens)


def _is_deal_code(text: str) -> bool:
    try:
        parse_deal_code(text)
    except DealCodeError:
        return False
    return True


def _read_position(path: str, variant: Variant) -> Position:
    """A position of ``variant`` from a file (or standard input for ``-``).

    JSON (the position object, or a document holding one under ``"position"``),
    or the one-line text form. The input is read by
    :func:`~solitaire_core._files.read_file_text` (a regular file, at most
    :data:`~solitaire_core.limits.MAX_INPUT_BYTES`; a pipe or a device named
    as FILE is refused without waiting for it) or, for ``-``, by
    :func:`~solitaire_core._files.read_stream_text` (at most as many bytes).
    An error names the file, the field and what is wrong, never quoting the
    file's first line: a file that is no position at all (say ``/etc/passwd``)
    is refused as such, without a word of it.

    Raises:
        BadInputError: naming the file and what is wrong.
    """
    name = "standard input" if path == "-" else path
    try:
        text = read_stream_text(sys.stdin) if path == "-" else read_file_text(path)
    except InputError as error:
        raise BadInputError(f"cannot read {name}: {error.reason}") from None
    try:
        if text.lstrip().startswith(("{", "[")):
            try:
                data = parse_json(text)
            except InputError as error:
                raise BadInputError(f"{name} is {error.reason}") from None
            if isinstance(data, dict) and "tableau piles" in data:  # a Solvitaire deal
                try:
                    return position_from_solvitaire(variant, data, file=name)
                except SolvitaireFormatError as error:
                    raise BadInputError(str(error)) from None
            if isinstance(data, dict):
                data = data.get("position", data)
            _check_game_fields(name, variant, data)
            return position_from_json(data)
        if not _looks_like_position_text(text):
            raise BadInputError(
                f"{name} holds no position: expected its JSON (as deal --json prints it) or "
                "its one-line text form (TABLEAU STOCK WASTE FOUNDATIONS RECYCLES)"
            )
        return Position.from_text(text.strip())
    except PositionParseError as error:
        raise BadInputError(f"{name}: invalid position: {error.field}: {error.reason}") from None


_TEXT_FORM = re.compile(r"[A-Za-z0-9|/,\-\s♠♥♦♣]*")
"""The characters of a position's text form: cards (suit symbols too), ``| / , -``, digits."""


def _looks_like_position_text(text: str) -> bool:
    """True when ``text`` has the characters and the 5 or 7 fields of a position's text form."""
    return _TEXT_FORM.fullmatch(text) is not None and len(text.split()) in (5, 7)


def _check_game_fields(path: str, variant: Variant, data: Any) -> None:
    """Name the JSON field a game needs that the position left out.

    Without them the position reads as one deck from the Ace, and the card
    count check would blame a card instead of the missing field.
    """
    if not isinstance(data, dict):
        return
    if variant.decks > 1 and "foundation_piles" not in data:
        raise BadInputError(
            f"{path}: {variant.name} plays with {variant.decks} decks: the position needs "
            '"foundation_piles" (the count of every foundation slot)'
        )
    if variant.foundations.base is FoundationBase.DEALT_CARD and data.get("base") is None:
        raise BadInputError(
            f"{path}: {variant.name}'s foundations start from a dealt card: "
            'the position needs "base"'
        )


def _play_tokens(game: Game, tokens: list[str]) -> Game:
    for index, token in enumerate(tokens):
        before = game.position
        try:
            game.perform(token)
        except MoveParseError as error:
            raise BadInputError(f"move {index + 1} of the moves: {error}") from None
        except IllegalMoveError as error:
            raise RefusedError(game, before, token, index, error.refusal) from None
    return game


def report_refusal(args: argparse.Namespace, refused: RefusedError) -> int:
    """Show the position before a refused move and why the rules refused it.

    Args:
        args: the command's arguments (``json`` and ``lang``).
        refused: the refusal, with the game and the position before the move.

    Returns:
        :data:`EXIT_REFUSED`. The text form prints the header line of a
        successful ``play`` (where the game comes from, the moves made and the
        score, before the refused move), the board and one line naming the
        move, the rule id, its message and detail; ``--json`` prints the game
        header with an ``"error"`` object.
    """
    game, position, token, index, refusal = (
        refused.game,
        refused.before,
        refused.token,
        refused.index,
        refused.refusal,
    )
    message = refusal.message(args.lang)
    detail = refusal.detail(args.lang)
    if args.json:
        document = game_header(game, position)
        document["error"] = {
            "rule": refusal.rule.value,
            "message": message,
            "detail": detail,
            "move": token.strip().lower(),
            "index": index,
        }
        document.update(
            resigned=game.is_resigned,
            moves_made=game.moves_made,
            score=game.score,
            score_text=game.score_text,
        )
        print_json(document)
    else:
        print(game_title(game))
        print(render_board(position, variant=game.variant))
        print(f"move {index + 1} ({token}) refused: {refusal.rule.value}: {message} ({detail})")
    return EXIT_REFUSED
