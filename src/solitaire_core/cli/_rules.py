"""``--rules FILE``: the games of rules files, loaded before a command runs.

Every command that takes a game (``deal``, ``play``, ``load``, ``solve``,
``hint``, ``perft``, ``import``, ``export``, ``playout``, ``survey``,
``serve``) takes ``--rules FILE`` (again for more files): the file's game is
registered for the command (docs/rules-files.md), so its key, aliases and
deal codes work as a shipped game's do; with one file, the command's game
defaults to it. A file is our rules file (TOML or JSON), or Solvitaire's rules
JSON (docs/interop.md), read as the game ``solvitaire-<file name>``.
"""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path

from solitaire_core._files import InputError, parse_json, read_file_text
from solitaire_core.cli._common import BadInputError
from solitaire_core.errors import RulesFileError
from solitaire_core.interop.errors import SolvitaireFormatError
from solitaire_core.interop.solvitaire import is_solvitaire_rules, variant_from_solvitaire
from solitaire_core.variants import GameRules, Variant, load_rules_file, register_rules

LOADED = "loaded_rules"
"""The attribute of the parsed arguments that holds the games loaded from ``--rules``."""


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--rules FILE`` (repeatable) to a command that takes a game."""
    parser.add_argument(
        "--rules",
        dest="rules_files",
        metavar="FILE",
        action="append",
        help="a rules file declaring a game (TOML or JSON, docs/rules-files.md; or Solvitaire's "
        "rules JSON): its key, aliases and deal codes work here; the game by default",
    )


def load_rules_options(args: argparse.Namespace) -> list[GameRules]:
    """Load and register the games of a command's ``--rules`` files, in the order given.

    The games are also kept on ``args`` (:data:`LOADED`) for :func:`default_game`.

    Raises:
        BadInputError: for a file that cannot be read or registered, with the
            file, the field and (in TOML) the line.
    """
    loaded = [load_game_file(path) for path in getattr(args, "rules_files", None) or ()]
    setattr(args, LOADED, loaded)
    return loaded


def load_game_file(path: str) -> GameRules:
    """Load one ``--rules`` file: ours, or Solvitaire's rules JSON.

    Raises:
        BadInputError: as :func:`load_rules_options`.
    """
    try:
        if Path(path).suffix.lower() == ".json":
            solvitaire = _solvitaire_rules(path)
            if solvitaire is not None:
                return solvitaire
        return load_rules_file(path)
    except (RulesFileError, SolvitaireFormatError) as error:
        raise BadInputError(str(error)) from None


def _solvitaire_rules(path: str) -> GameRules | None:
    """The game of a Solvitaire rules file, registered; None for a file of ours."""
    try:
        data = parse_json(read_file_text(path))
    except InputError:
        return None  # our reader says what is wrong with the file
    if not is_solvitaire_rules(data):
        return None
    stem = Path(path).stem
    slug = "-".join(re.findall(r"[a-z0-9]+", stem.lower())) or "game"
    variant = variant_from_solvitaire(data, name=f"{stem} (Solvitaire rules)", file=os.fspath(path))
    rules = GameRules(key=f"solvitaire-{slug}", variant=variant)
    registered = register_rules(rules, file=os.fspath(path))
    return GameRules(key=rules.key, variant=registered)


def loaded_rules(args: argparse.Namespace) -> list[GameRules]:
    """The games loaded from the command's ``--rules`` files, in the order given."""
    loaded: list[GameRules] = getattr(args, LOADED, None) or []
    return loaded


def default_game(args: argparse.Namespace) -> Variant | None:
    """The game of the only ``--rules`` file, or None (no file, or several)."""
    loaded: list[GameRules] = getattr(args, LOADED, None) or []
    return loaded[0].variant if len(loaded) == 1 else None


def default_game_key(args: argparse.Namespace) -> str | None:
    """The key of the only ``--rules`` file's game, or None."""
    loaded: list[GameRules] = getattr(args, LOADED, None) or []
    return loaded[0].key if len(loaded) == 1 else None


__all__ = [
    "LOADED",
    "add_rules_option",
    "default_game",
    "default_game_key",
    "load_game_file",
    "load_rules_options",
    "loaded_rules",
]
