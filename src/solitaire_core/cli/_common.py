"""What every command of the command line shares: exit statuses, bad input, options, JSON.

The ``deal --json`` header of a code or of a game (:func:`deal_json`,
:func:`game_header`) lives here too, with the game name a code-less game is
shown under (:func:`variant_name`): ``deal``, ``import``, ``play``, ``load``
and a refused move's report all print it.
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from solitaire_core.codes import DealCode, FullDealCode, parse_deal_code
from solitaire_core.errors import DealCodeError
from solitaire_core.game import Game
from solitaire_core.position import Position
from solitaire_core.position_json import position_to_json
from solitaire_core.variants import Variant, code_header, family_name, variant_key

EXIT_REFUSED = 1
"""Exit status when a move of the record was refused by the rules."""
EXIT_BAD_INPUT = 2
"""Exit status for bad input: a malformed code, move, save file or argument."""
EXIT_INTERRUPTED = 130
"""Exit status of a command stopped by Ctrl-C (and of a survey stopped by SIGTERM):
128 + SIGINT, as shells report."""


class BadInputError(Exception):
    """Bad input on the command line: ``main`` prints the message and exits with status 2."""


def parse_code(text: str) -> DealCode | FullDealCode:
    """A deal code of either form from the command line.

    Args:
        text: a deal number code (``KL1-D1N-AAAAAAG``) or a full deal code.

    Returns:
        The parsed code.

    Raises:
        BadInputError: for a malformed code (the :class:`DealCodeError`'s message).
    """
    try:
        return parse_deal_code(text)
    except DealCodeError as error:
        raise BadInputError(str(error)) from None


_DIGITS_INT = re.compile(r"[+-]?[0-9]+")
_LONGEST_INT_OPTION = 100
"""The most characters of an int option: far beyond any count or seed (2**64 has 20 digits)."""


def digits_int(text: str) -> int:
    """An int option's value: optional sign and the digits 0-9 only, at most 100 characters.

    Python's ``int`` also takes other scripts' digits and underscores
    (``"\uff11\uff12"``, ``"1_000"``); a number typed elsewhere would then mean
    something the user did not see. A longer text is refused with its length
    rather than echoed whole (``int`` itself refuses over 4,300 digits).

    Args:
        text: the option's value as typed.

    Returns:
        The whole number.

    Raises:
        argparse.ArgumentTypeError: for any other text (argparse reports it, status 2).
    """
    if len(text) > _LONGEST_INT_OPTION:
        raise argparse.ArgumentTypeError(
            f"{text[:20]!r}... ({len(text)} characters) is too long for a whole number"
            f" (at most {_LONGEST_INT_OPTION} characters)"
        )
    if _DIGITS_INT.fullmatch(text) is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number in the digits 0-9")
    return int(text)


def print_json(document: dict[str, Any]) -> None:
    """Print a JSON document on one line of stdout (non-ASCII characters as they are)."""
    print(json.dumps(document, ensure_ascii=False))


def deal_json(code: DealCode | FullDealCode, position: Position) -> dict[str, Any]:
    """The ``deal --json`` document of a code and a position.

    For a full deal code, ``code`` is the full code and ``deal_number`` is null.
    """
    return {
        "code": str(code),
        "variant": code.family.name,
        "draw": code.draw,
        "scoring": code.scoring.value,
        "deal_number": code.deal_number,
        "position": position_to_json(position),
    }


def game_header(game: Game, position: Position) -> dict[str, Any]:
    """The ``deal --json`` fields of a game at ``position`` (its code's, when it has one).

    Args:
        game: the game; a game without a code (started from a position) is named
            by :func:`variant_name`, its ``code`` null.
        position: the position to show (the game's, or the one before a refused move).

    Returns:
        ``{"code", "variant", "draw", "scoring", "deal_number", "position"}``.
    """
    if game.code is not None:
        return deal_json(game.code, position)
    return {
        "code": None,
        "variant": variant_name(game.variant),
        "draw": game.variant.draw_count,
        "scoring": "vegas" if game.variant.vegas else "standard",
        "deal_number": game.deal_number,
        "position": position_to_json(position),
    }


def game_title(game: Game) -> str:
    """The first line ``play`` and ``load`` print: where the game comes from, moves and score.

    ``"KL1-D1N-AAAAAAG  (Klondike), moves made: 3, score: 30"``; a refused
    move's report prints it too (the game as it stood before that move).
    """
    if game.code is not None:
        origin = str(game.code)
    elif game.deal_number is not None:
        origin = f"{game.variant.name} #{game.deal_number}"
    elif game.deck is not None:
        origin = "dealt from a card order"
    else:
        origin = "from a position"
    return (
        f"{origin}  ({game.variant.name}), moves made: {game.moves_made}, score: {game.score_text}"
    )


def variant_name(variant: Variant) -> str:
    """A code-less game's variant: its family's name, else its registered key, else its name."""
    header = code_header(variant)
    if header is not None:
        name = family_name(header.prefix)
        if name is not None:
            return name
    return variant_key(variant) or variant.name
